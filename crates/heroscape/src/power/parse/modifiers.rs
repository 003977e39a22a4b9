//! Dice modifiers read by code rather than one template: automatic skulls and shields and
//! one-shield defences under the modifier grammar's conditions, counts of this card's own
//! figures, bonuses for not moving.

use std::sync::OnceLock;

use regex::Regex;

use super::{modify, number, rule, stat_word, Ctx, Tpl};
use crate::power::{Condition, Count, Effect, Filter, Stat, Who};

/// "COBRA Commander adds 1 automatic skull when attacking adjacent figures": automatic skulls
/// or shields with the conditions of the modifier grammar.
pub(super) fn automatic(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^(.+?) (?:always )?adds? (\d+|one|two|an|a) automatic (skull|shield)s?(?: to (?:whatever is rolled|(?:his|her|its|their) (?:attack|defense) rolls?))? ((?:when|while|if|against) .+)$")
            .expect("compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m[1]) {
        return None;
    }
    let count = u8::try_from(number(&m[2])?).ok()?;
    let (stat, role) = match &m[3] {
        "skull" => (Stat::Attack, Condition::Attacking),
        _ => (Stat::Defense, Condition::Defending),
    };
    let mut when = crate::power::grammar::condition(&m[4], ctx.me, ctx.lex)?;
    let other = match role {
        Condition::Attacking => Condition::Defending,
        _ => Condition::Attacking,
    };
    if when.contains(&other) {
        return None;
    }
    if !when.contains(&role) {
        when.insert(0, role);
    }
    Some(vec![Effect::Automatic { stat, count, when }])
}

/// "When a Warrior of Ashra rolls defense dice against a normal attack from an adjacent figure,
/// one shield will block all damage": the condition read by the modifier grammar.
pub(super) fn one_shield(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    let cond = text.strip_suffix(", one shield will block all damage")?;
    let mut when = crate::power::grammar::condition(cond, ctx.me, ctx.lex)?;
    if when.contains(&Condition::Attacking) {
        return None;
    }
    if !when.contains(&Condition::Defending) {
        when.insert(0, Condition::Defending);
    }
    Some(vec![Effect::OneShieldBlocksAll { when }])
}

/// "When defending with a Roman Legionnaire, increase that Roman Legionnaire's defense value by 1
/// for each adjacent Roman Legionnaire you control, to a maximum of +2": the count names this
/// card's figures, so its filter is the card's name.
pub(super) fn per_adjacent_self(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<u16>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"when defending with {S}, increase (?:that )?{S} defense value by (?:1|one) for each adjacent {S} you control, to a maximum of \+{N}",
            |c, _| Some(c.n(0)),
        )
    });
    let max = t.apply(text, ctx.me, ctx.lex)?;
    Some(vec![Effect::PerCount {
        stat: Stat::Defense,
        count: Count::AdjacentControlled(Filter {
            name: Some(ctx.card.name.clone()),
            ..Filter::default()
        }),
        max: Some(max),
        when: vec![Condition::Defending],
    }])
}

/// "If an Ordo Borealis does not move on its turn, it may add 6 to its range value for the rest
/// of that turn".
pub(super) fn reload(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static T: OnceLock<Tpl<(Stat, i8)>> = OnceLock::new();
    let t = T.get_or_init(|| {
        rule(
            r"if {S} does not move (?:on|during) (?:its|his|her|their) turn, {P} may add {N} to {P} {T} for the rest of (?:that|the|this) turn",
            |c, _| Some((stat_word(c.w(0))?, c.i8(0))),
        )
    });
    let (stat, by) = t.apply(text, ctx.me, ctx.lex)?;
    Some(vec![modify(
        stat,
        by,
        Who::Bearer,
        Filter::default(),
        vec![Condition::NotMovedThisTurn],
    )])
}
