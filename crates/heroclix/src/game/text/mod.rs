//! HeroClix for people: legal actions and pending decisions as sentences ("Move Kestrel Vane to
//! 12,7 (5 squares)", "Ranged attack: Quillon Marsh → Grumblestone (hindered, needs 9)"), in
//! English or in French with the rulebook's terms (*ligne de vue gênée*, *évasion*,
//! *dépassement*, *recul*...).
//!
//! Every front end (the terminal player, the web server) shows these same texts. They are
//! computed with the rules' own functions (move searches, lines of fire, combat values), so
//! what a player reads is what the engine will do. Menus, board symbols and JSON stay with
//! the front ends. The words are the catalogue's ([`crate::present::catalogue`]): `text.*`
//! here, `action.*` in [`action`], `decision.*` in [`decision`].

use skirmish_board::square::{Dir, Square};
use skirmish_board::FigureId;
use skirmish_engine::Seat;
use skirmish_lang::Lang;
use skirmish_los::Verdict;

use super::combat;
use super::state::{Fig, ObjectKind, State};
use super::values::{compute, Change, Effect};
use crate::figure::{Power, Stat};
use crate::present::catalogue::msg;

mod action;
mod decision;

pub use action::{describe_action, ActionTexts};
pub use decision::{decision_prompt, describe_decision};

/// A seat as players read it: "player 1", "joueur 1".
pub fn seat_name(seat: Seat, lang: Lang) -> String {
    crate::present::catalogue::msg!(lang, "seat", number = seat.number())
}

/// A seat's team with its seat: "Wardens (player 1)"; the seat alone when it has no team.
pub fn team_name(state: &State, seat: Seat, lang: Lang) -> String {
    state.seats.get(seat.index()).map_or_else(
        || seat_name(seat, lang),
        |i| {
            msg!(
                lang,
                "text.team",
                team = i.name,
                seat = seat_name(seat, lang)
            )
        },
    )
}

/// A figure's name in this game (its label), or `#id` for a figure not in the game.
pub fn figure_name(state: &State, id: FigureId) -> String {
    state
        .fig(id)
        .map_or_else(|| format!("#{}", id.0), |f| f.label.clone())
}

/// "Close attack" or "Ranged attack" (*Attaque au corps à corps*, *Attaque à distance*).
pub fn attack_kind(ranged: bool, lang: Lang) -> String {
    if ranged {
        msg!(lang, "text.ranged_attack")
    } else {
        msg!(lang, "text.close_attack")
    }
}

/// A direction in words: "north-east", "nord-est".
pub fn dir_name(dir: Dir, lang: Lang) -> String {
    match dir {
        Dir::N => msg!(lang, "text.dir.n"),
        Dir::NE => msg!(lang, "text.dir.ne"),
        Dir::E => msg!(lang, "text.dir.e"),
        Dir::SE => msg!(lang, "text.dir.se"),
        Dir::S => msg!(lang, "text.dir.s"),
        Dir::SW => msg!(lang, "text.dir.sw"),
        Dir::W => msg!(lang, "text.dir.w"),
        Dir::NW => msg!(lang, "text.dir.nw"),
    }
}

/// The chance, in whole percent, that an attack roll needing `n` on 2d6 hits: a 2 always
/// misses and a 12 always hits (rulebook *Obtenir 2 ou 12*).
pub fn hit_percent(n: i32) -> u32 {
    let ways = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|&sum| sum == 12 || (sum != 2 && sum >= n))
        .count() as u32;
    (ways * 100 + 18) / 36
}

/// What the 2d6 of an attack roll with value `attack` must reach against `defence`, in words,
/// with the chance to hit (rulebook *Le jet d'attaque*, *Obtenir 2 ou 12*: a 2 always misses, a
/// 12 always hits): "needs 8, 42%", "hits unless a 2 is rolled, 97%", "hits only on a 12, 3%".
pub fn needs_text(attack: i32, defence: i32, lang: Lang) -> String {
    let n = defence - attack;
    let p = hit_percent(n);
    if n <= 2 {
        msg!(lang, "text.needs_any", percent = p)
    } else if n >= 12 {
        msg!(lang, "text.needs_twelve", percent = p)
    } else {
        msg!(lang, "text.needs", n = n, percent = p)
    }
}

/// The defence value of `target` against an attack of `attacker`, as the attack roll computes
/// it, and whether a ranged attack's line of fire to it is hindered (+1 defence, rulebook
/// *Ligne de vue gênée*). The line is the attack's own: the best one within range, or the best
/// one at all for a target out of range.
pub fn defence_against(state: &State, attacker: &Fig, target: &Fig, ranged: bool) -> (i32, bool) {
    // The defence the roll will meet: Energy Shield/Deflection, Combat Reflexes, Defend,
    // Hydra... all depend on the attack.
    let ctx = super::powers::AttackCtx {
        attacker: Some(attacker.id),
        target: Some(target.id),
        ranged,
        ..Default::default()
    };
    let base = combat::stat_in(state, target, Stat::Defense, Some(&ctx));
    let hindered = ranged
        && combat::best_line(
            state,
            attacker,
            target,
            combat::range(state, attacker),
            &combat::occupancy(state),
        )
        .map_or_else(|| combat::line_of_fire(state, attacker, target), |(v, _)| v)
            == Verdict::Hindered;
    let mut effects = base.effects.clone();
    if hindered {
        effects.push(Effect::new(
            Change::Modify(1),
            "hindered line of fire",
            "ligne de vue gênée",
        ));
    }
    (compute(base.printed, effects).value, hindered)
}

/// One target of an attack with what the roll needs: "Grumblestone (hindered, needs 9)".
pub fn target_note(
    state: &State,
    attacker: &Fig,
    target: FigureId,
    ranged: bool,
    lang: Lang,
) -> String {
    let Some(t) = state.fig(target) else {
        return msg!(lang, "text.unknown_figure", id = target.0);
    };
    let attack = combat::stat(state, attacker, Stat::Attack).value;
    let (defence, hindered) = defence_against(state, attacker, t, ranged);
    let mut parts = Vec::new();
    if hindered {
        parts.push(msg!(lang, "text.hindered"));
    }
    parts.push(needs_text(attack, defence, lang));
    msg!(
        lang,
        "text.target_note",
        target = t.label,
        notes = parts.join(", ")
    )
}

/// A note for an action that would give `figure` its second action token, which costs it 1
/// damage (rulebook *Dépassement*): " [pushing: 1 damage]", or nothing, also for a figure that
/// takes no pushing damage (Indomitable, Willpower).
pub fn pushing_note(state: &State, figure: FigureId, lang: Lang) -> String {
    if state
        .fig(figure)
        .is_some_and(|f| f.tokens >= 1 && !super::powers::ignores_pushing(state, f))
    {
        msg!(lang, "text.pushing")
    } else {
        String::new()
    }
}

/// A close or ranged attack in words, with each target's odds and the pushing note:
/// "Ranged attack: Quillon Marsh → Grumblestone (hindered, needs 9), Vex (needs 7)".
pub fn attack_text(
    state: &State,
    attacker: FigureId,
    targets: &[FigureId],
    ranged: bool,
    lang: Lang,
) -> String {
    let Some(a) = state.fig(attacker) else {
        return attack_kind(ranged, lang);
    };
    let notes: Vec<String> = targets
        .iter()
        .map(|t| target_note(state, a, *t, ranged, lang))
        .collect();
    msg!(
        lang,
        "text.attack",
        kind = attack_kind(ranged, lang),
        attacker = a.label,
        targets = notes.join(", "),
        pushing = pushing_note(state, attacker, lang)
    )
}

pub(super) fn object_kind(state: &State, square: Square) -> Option<ObjectKind> {
    super::objects::lying_at(state, square).map(|i| state.objects[i].kind)
}

/// A lying object as players read it, with its kind: "the light object Crate" / "l'objet léger
/// Crate".
pub(super) fn object_words(state: &State, square: Square, lang: Lang) -> String {
    let Some(i) = super::objects::lying_at(state, square) else {
        return msg!(lang, "text.the_object");
    };
    let o = &state.objects[i];
    match o.kind {
        ObjectKind::Light => msg!(lang, "text.the_light_object", name = o.name),
        ObjectKind::Heavy => msg!(lang, "text.the_heavy_object", name = o.name),
        ObjectKind::Immobile => msg!(lang, "text.the_immobile_object", name = o.name),
    }
}

/// ", carrying Vex" when a move carries a friend.
pub(super) fn carry_text(state: &State, carry: Option<FigureId>, lang: Lang) -> String {
    carry.map_or_else(String::new, |p| {
        msg!(lang, "text.carrying", friend = figure_name(state, p))
    })
}

/// An attack's text with the power it is made with: "Energy Explosion — Ranged attack: ...".
pub(super) fn with_power(text: String, power: Option<Power>, lang: Lang) -> String {
    match power {
        Some(p) => msg!(lang, "text.with_power", power = p.name(lang), text = text),
        None => text,
    }
}

#[cfg(test)]
mod tests;
