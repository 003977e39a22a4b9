//! HeroScape Expert (*Guide de jeu en mode expert*, `../shared/rules/heroscape-expert-rules.fr.txt`).
//!
//! Where each part of the rulebook lives:
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Construction du champ de bataille*: tiles, levels, overhangs, obstacles, glyph places, start zones | [`battlefield`] (model, `docs/heroscape-maps.md`), its tile catalogue `battlefield::tiles`, its readers `battlefield::hsc` (Virtualscape `.hsc`), `battlefield::editor` (map-editor JSON) and `battlefield::file` (our TOML, the sample battlefields), `battlefield::load` (by extension) and `battlefield::render_svg` |
//! | *Exemple 1: Information contenue sur une carte Armée* | [`card`] (the card file format), [`import`] (the army builder's JSON) |
//! | *Rassemblez et placez votre armée*, *Utiliser une armée pré-constituée*, *Cartes Armée uniques/communes* | [`army`] |
//! | *Constituer son armée en « Draft »* | [`draft`] (who picks, what may be picked), `game::drafting` (the draft in a game's set-up) |
//! | *Pouvoirs spéciaux* | [`power`] (the card language), [`power::parse`] (printed powers read into it), [`power::coverage`]; at play [`game::powers`]: values and auras (`values`), dice rules and attack counts (`attacks`), choices (`choices`), special attacks (`special`), triggered powers (`triggered`, `bonding`), movement powers (`moves`) |
//! | *La bataille commence*, order markers, initiative, turns, attacks, glyphs, scoring | [`game`] (the engine ruleset, `heroscape`) |
//! | what people see: texts in English and French, the board, content read from the user's files and the new-game set-up, bots | [`present`] |
//! | Figures' height, base, flight, target point and hit zone | [`body`] |
//! | *Action 2. Déplacer*: moving, climbing, falling, water, double-space figures, overhangs, narrow passages, flying, leaving engagement (examples 4-13), the powers that change a move (ghost walk, water walk, lava, Climb X2, Warp Space, Grapple Gun) | [`movement`] |
//! | *Les règles d'engagements*: adjacency, height and ruin exceptions (examples 14-15) | [`engagement`] |
//! | *Portée d'attaque*, *Ligne de visée* (example 16), *L'avantage de la hauteur* (example 17) | [`sight`] |
//! | The battlefield indexed for those queries | [`grid`] |
//!
//! The battlefield is a set of **columns**, one per hex: each column is a stack of [`battlefield::Span`]s
//! (solid land, water, obstacles) with gaps between them where an overhang leaves room. Movement,
//! engagement and line of sight read only that model, whatever file it came from.

pub mod army;
pub mod battlefield;
pub mod body;
pub mod card;
pub mod draft;
pub mod engagement;
pub mod game;
pub mod grid;
pub mod import;
pub mod movement;
pub mod power;
pub mod present;
pub mod sight;
#[cfg(test)]
mod testing;
