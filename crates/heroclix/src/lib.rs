//! HeroClix rules for Skirmish.
//!
//! Where each rule of the rulebook (`heroclix-rules.fr.txt`) lives:
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Actions de déplacement*, *Évasion* (what a move may do), *Terrain gênant*, *Eau*, *Terrain bloquant*, *Murs*, *Déplacement : échelles et escaliers*, *Déplacement à travers un point d'intersection* | [`movement`] |
//! | *Personnages*, *Le socle*, *Le disque de combat*, *La carte de personnage* | [`figure`] |
//! | *Ligne de vue*, *Terrain élevé*, *Ligne de vue : le bord*, *Lignes de vue à travers un point d'intersection* | [`line_of_fire`] (on the shared Clix core of `skirmish-los`) |

pub mod figure;
pub mod line_of_fire;
pub mod movement;
