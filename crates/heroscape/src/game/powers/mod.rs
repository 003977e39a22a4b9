//! Special powers at play (*Pouvoirs spéciaux*): the card language of [`crate::power`] read
//! by the game.
//!
//! Only powers whose whole printed effect is expressed ([`crate::card::PowerText::effects`])
//! act; the others stay text, shown on the card and never run. Each rule family of the
//! language lives in its own module below; this one holds what they all read: a card's
//! effects, its abilities and filters.

pub mod arrive;
#[cfg(test)]
mod arrive_tests;
pub mod attacks;
#[cfg(test)]
mod barge_tests;
#[cfg(test)]
mod blade_tests;
pub mod choices;
pub mod choose;
#[cfg(test)]
mod choose_tests;
#[cfg(test)]
mod cold_tests;
pub mod command;
#[cfg(test)]
mod command_tests;
pub mod control;
pub mod d20;
#[cfg(test)]
mod d20_tests;
#[cfg(test)]
mod d20b_tests;
pub mod d20c;
#[cfg(test)]
mod d20c_tests;
pub mod destroyed;
pub mod extra_moves;
#[cfg(test)]
mod extra_moves_tests;
pub mod glide;
pub mod guard;
#[cfg(test)]
mod guard_tests;
pub mod holds;
pub mod knock;
#[cfg(test)]
mod knock_tests;
pub mod leaps;
pub mod markers;
pub mod midmove;
#[cfg(test)]
mod midmove_tests;
pub mod misc;
#[cfg(test)]
mod misc_tests;
pub mod moves;
#[cfg(test)]
mod moves2_tests;
pub mod orders;
#[cfg(test)]
mod pact_tests;
pub mod peek;
#[cfg(test)]
mod peek_tests;
pub mod place;
#[cfg(test)]
mod place_tests;
pub mod react;
#[cfg(test)]
mod react_tests;
pub mod rise;
#[cfg(test)]
mod rise_tests;
pub mod rolls;
pub mod rolls2;
#[cfg(test)]
mod rolls2_tests;
#[cfg(test)]
mod scenarios;
pub mod setup;
pub mod special;
pub mod start_choices;
pub mod summon;
#[cfg(test)]
mod summon_tests;
pub mod supplies;
#[cfg(test)]
mod supplies_tests;
pub mod throw;
#[cfg(test)]
mod throw_tests;
pub mod thunder;
#[cfg(test)]
mod thunder_tests;
pub mod tiles;
#[cfg(test)]
mod tiles_tests;
pub mod turns;
#[cfg(test)]
mod turns2_tests;
pub mod values;
#[cfg(test)]
mod values2_tests;
pub mod values3;
#[cfg(test)]
mod values3_tests;
#[cfg(test)]
mod values_tests;
pub mod vanish;
pub mod vortex;
#[cfg(test)]
mod vortex_tests;
#[cfg(test)]
mod wing_tests;
pub mod wounds;
#[cfg(test)]
mod wounds_tests;
pub mod wrath;
#[cfg(test)]
mod wrath_tests;

use crate::card::Card;
use crate::power::{Ability, Effect, Filter};

pub mod bonding;
pub mod triggered;

pub use triggered::Memory;

use super::state::{Figure, State};
use crate::body::Flight;

/// The expressed effects of a card, in print order.
pub fn effects(card: &Card) -> impl Iterator<Item = &Effect> {
    card.powers
        .iter()
        .filter_map(|p| p.effects.as_deref())
        .flatten()
}

/// The effects of a figure's card.
pub fn effects_of<'a>(state: &'a State, f: &Figure) -> impl Iterator<Item = &'a Effect> {
    effects(state.card_of(f))
}

/// The words of one family on `unit`'s card (`pick` keeps them), each with its power's place
/// among the card's powers: what every family looks up before it acts.
pub(crate) fn words_of<T>(
    state: &State,
    unit: u16,
    pick: impl Fn(&Effect) -> Option<T>,
) -> Vec<(u8, T)> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, p) in u.card.powers.iter().enumerate() {
        let Ok(i) = u8::try_from(i) else { break };
        out.extend(p.effects.iter().flatten().filter_map(&pick).map(|w| (i, w)));
    }
    out
}

/// The question of a power that places figures one at a time (*Knockback*, *Elven Summoning
/// Spell*): the space of the figure `placing`, else the power's next use by `user`.
pub(crate) fn place_or_use(
    seat: skirmish_engine::Seat,
    (user, unit, power): (u32, u16, u8),
    placing: Option<u32>,
) -> skirmish_engine::frames::Ask<super::Decision> {
    skirmish_engine::frames::Ask {
        seats: vec![seat],
        decision: match placing {
            Some(figure) => super::Decision::Deploy {
                figure,
                unit,
                power,
            },
            None => super::Decision::UsePower {
                figure: user,
                unit,
                power,
            },
        },
    }
}

/// Whether a card grants an ability.
pub fn has_ability(card: &Card, ability: Ability) -> bool {
    effects(card).any(|e| e.ability() == Some(ability))
}

/// How a card's figures move: stealth flying, flying or walking.
pub fn flight(card: &Card) -> Flight {
    if has_ability(card, Ability::StealthFlying) {
        Flight::StealthFlies
    } else if has_ability(card, Ability::Flying) {
        Flight::Flies
    } else {
        Flight::Walks
    }
}

/// Whether two words name the same thing on cards: without case, and for species and classes
/// also without a plural `s` ("Orcs" is "Orc").
fn same_word(a: &str, b: &str, plural: bool) -> bool {
    let (a, b) = (a.trim(), b.trim());
    if a.eq_ignore_ascii_case(b) {
        return true;
    }
    if !plural {
        return false;
    }
    let strip = |s: &str| -> String {
        let l = s.to_ascii_lowercase();
        l.strip_suffix('s').map(str::to_owned).unwrap_or(l)
    };
    strip(a) == strip(b)
}

/// Whether a card's figures match a filter (every field given must hold).
pub fn matches(card: &Card, filter: &Filter) -> bool {
    let word = |want: &Option<String>, have: &str, plural: bool| {
        want.as_ref()
            .is_none_or(|w| have.split('/').any(|h| same_word(w, h, plural)))
    };
    word(&filter.species, &card.species, true)
        && (word(&filter.class, &card.class, true)
            || filter
                .class
                .as_ref()
                .is_some_and(|c| misc::also_class(card, c)))
        && word(&filter.personality, &card.personality, false)
        && word(&filter.general, &card.general, false)
        && word(&filter.name, &card.name, false)
        && (filter.sizes.is_empty() || filter.sizes.contains(&card.size))
        && filter.kind.is_none_or(|k| k == card.kind)
        && filter.rarity.is_none_or(|r| r == card.rarity)
        && filter.min_range.is_none_or(|r| card.range >= r)
        && filter.max_range.is_none_or(|r| card.range <= r)
        && filter.flying.is_none_or(|f| flight(card).flies() == f)
        && filter.except.as_ref().is_none_or(|e| !matches(card, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::sample_cards;

    #[test]
    fn filters_compare_words_without_case_or_plural() {
        let cards = sample_cards();
        let card = cards.first().expect("a sample card").clone();
        let species = Filter {
            species: Some(format!("{}S", card.species.to_uppercase())),
            ..Filter::default()
        };
        assert!(matches(&card, &species));
        let named = Filter {
            name: Some(format!("{}s", card.name)),
            ..Filter::default()
        };
        assert!(!matches(&card, &named), "names take no plural");
        let except = Filter {
            except: Some(Box::new(Filter {
                name: Some(card.name.clone()),
                ..Filter::default()
            })),
            ..Filter::default()
        };
        assert!(!matches(&card, &except));
        assert!(matches(&card, &Filter::default()));
    }
}
