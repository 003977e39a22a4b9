//! HeroScape Expert (*Guide de jeu en mode expert*, `../shared/rules/heroscape-expert-rules.fr.txt`).
//!
//! Where each part of the rulebook lives:
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Construction du champ de bataille*: tiles, levels, overhangs, obstacles, glyph places, start zones | [`battlefield`] (model), its readers `battlefield::hsc` (Virtualscape `.hsc`), `battlefield::editor` (map-editor JSON) and `battlefield::file` (our TOML) |
//! | *Exemple 1: Information contenue sur une carte Armée* | [`card`] (the card file format), [`import`] (the army builder's JSON) |
//! | *Rassemblez et placez votre armée*, *Utiliser une armée pré-constituée*, *Cartes Armée uniques/communes* | [`army`] |
//! | *Constituer son armée en « Draft »* | [`draft`] |
//! | *Pouvoirs spéciaux* | [`power`] (the card language), [`power::parse`] (printed powers read into it), [`power::coverage`] |
//!
//! The battlefield is a set of **columns**, one per hex: each column is a stack of [`battlefield::Span`]s
//! (solid land, water, obstacles) with gaps between them where an overhang leaves room. Movement,
//! engagement and line of sight read only that model, whatever file it came from.

pub mod army;
pub mod battlefield;
pub mod card;
pub mod draft;
pub mod import;
pub mod power;
