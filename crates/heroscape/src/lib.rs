//! HeroScape Expert (*Guide de jeu en mode expert*, `../shared/rules/heroscape-expert-rules.fr.txt`).
//!
//! Where each part of the rulebook lives:
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Construction du champ de bataille*: tiles, levels, overhangs, obstacles, glyph places, start zones | [`battlefield`] (model), its readers `battlefield::hsc` (Virtualscape `.hsc`), `battlefield::editor` (map-editor JSON) and `battlefield::file` (our TOML) |
//! | *Exemple 1: Information contenue sur une carte Armée* | [`card`] |
//! | *La bataille commence*, order markers, initiative, turns, attacks, glyphs, scoring | [`game`] (the engine ruleset, `heroscape`) |
//! | what people see: texts in English and French, the board, content, bots | [`present`] |
//!
//! The battlefield is a set of **columns**, one per hex: each column is a stack of [`battlefield::Span`]s
//! (solid land, water, obstacles) with gaps between them where an overhang leaves room. Movement,
//! engagement and line of sight read only that model, whatever file it came from.

pub mod battlefield;
pub mod card;
pub mod game;
pub mod present;
