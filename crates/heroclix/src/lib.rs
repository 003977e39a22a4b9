//! HeroClix rules for Skirmish.
//!
//! Where each rule of the rulebook (`heroclix-rules.fr.txt`) lives. What HorrorClix shares —
//! the combat dial, the values pipeline, action tokens, movement and line of fire — lives in
//! the Clix core `skirmish-clix` and is re-exported here under its old paths ([`movement`],
//! [`game::values`], [`figure::Stat`]...); HeroClix's own rules (knockback, pushing damage,
//! team abilities, the Powers and Abilities Card) stay in this crate.
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Actions de déplacement*, *Évasion* (what a move may do), *Terrain gênant*, *Eau*, *Terrain bloquant*, *Murs*, *Déplacement : échelles et escaliers*, *Déplacement à travers un point d'intersection* | [`movement`] (Clix core) |
//! | Parts 1 and 2: set-up, turns, actions, combat, knockback, victory (see the table in [`game`]) | [`game`] |
//! | *Personnages*, *Le socle*, *Le disque de combat*, *La carte de personnage* | [`figure`] (the dial itself: Clix core) |
//! | *Construisez votre équipe*, *Total de points de construction*, *Personnages uniques*, *Total d'action* | [`team`] (team files and their check) |
//! | Figures written by hand (TOML), the figure catalogue | [`content`] |
//! | Card text as data: special powers, traits, feats, battlefield conditions and special objects as compositions of standard effects | [`card_effect`] |
//! | Partie 4 *Tactiques*: feats (*Exploits*), battlefield conditions, special objects, theme teams and generic keywords — the cards | [`tactics`]; in play: [`game::tactics`] |
//! | Figures from the hcunits data set (JSON) | [`import`] |
//! | Rules scenarios: worked examples of the rulebook and FAQ rulings as TOML files, played through the game and checked | [`scenario_file`] |
//! | *Ligne de vue*, *Terrain élevé*, *Ligne de vue : le bord*, *Lignes de vue à travers un point d'intersection* | [`line_of_fire`] (HeroClix's corner rule on the Clix core) |

pub mod bots;
pub mod builtin;
pub mod card_effect;
pub mod content;
pub mod figure;
pub mod game;
pub mod import;
pub mod line_of_fire;
pub mod present;
pub mod scenario_file;
pub mod tactics;
pub mod team;

pub use game::HeroClix;

/// Clix movement moved to the shared Clix core; kept here under its old path.
pub use skirmish_clix::movement;
