//! The Clix core: what the Clix games (HeroClix, HorrorClix) share, on the ruleset-independent
//! crates `skirmish-board`, `skirmish-path` and `skirmish-los`.
//!
//! The rulebooks are `heroclix-rules.fr.txt` (HeroClix) and `horrorclix-rules.fr.txt`
//! (HorrorClix); where both say the same thing it lives here, where they differ this crate
//! gives the knob and each game's crate sets it.
//!
//! | Rulebook section (HeroClix / HorrorClix) | Module |
//! |---|---|
//! | *Le disque de combat*, *Lignes de départ*, *Infliger des dégâts*, *Soin*, *Vaincre les personnages* / *Disque de combat*, *Valeurs de combat*, *Sabliers* (a symbol in place of a number), *Dégâts*, *Soin*, *Tuer des monstres* | [`dial`] |
//! | *Règles d'or* (*Remplacer puis modifier*, *Règle de trois*, *Règle des minima*), *Valeur bloquée*, *Arrondis* / *Valeurs de remplacement et modificateurs*, *Règle de 3*, *Arrondi* | [`values`] |
//! | *Total d'action*, *Marqueur action*, *Actions libres* / *Actions*, *Marqueurs action*, *Vulnérabilité*, *Actions libres*, *La phase de sablier* (tokens cleared) | [`tokens`] |
//! | *Actions de déplacement*, *Évasion*, *Terrain gênant*, *Eau*, *Terrain bloquant*, *Murs*, *Terrain élevé* / *Déplacer les monstres*, *Évasion*, *Section 8 : terrains* | [`movement`] |
//! | *Ligne de vue*, *Terrain élevé*, *Lignes de vue à travers un point d'intersection* / *Ligne de vue*, *Terrain gênant et combat à distance*, *Terrain bloquant* (the corner rule differs) | [`line_of_fire`] |
//!
//! What stays in each game's crate: HeroClix's knockback, pushing damage, team abilities, the
//! Powers and Abilities Card and its game state; HorrorClix's victims, plot twists, frenzy,
//! cabals and hourglass phase.
//!
//! Shared by the rulebooks but not moved yet, because in `skirmish-heroclix` they are woven
//! into HeroClix's state and events (`game::combat`, `game::play`, `game::state`): the attack
//! roll with its critical hits and misses, the split of a multi-target attack's damage, the
//! figure in play (`Fig`: click, tokens, square) and the turn sequence. They should come here
//! when HorrorClix needs them, with the game state made generic over what each game adds.

pub mod dial;
pub mod line_of_fire;
pub mod movement;
pub mod tokens;
pub mod values;
