//! Powers that place a chosen figure next to the figure using them (*Chain Grab*, *Grapple
//! Grab*): read into a [`Triggered`] power whose outcome is [`Outcome::Place`].

use std::sync::OnceLock;

use super::{d20, rule, Ctx, Tpl, D20};
use crate::power::{Effect, LevelWindow, Outcome, Placing, Target, Trigger, Triggered};

/// What a grab template reads: the power, and the power's name as its last sentence prints it.
type Grab = (Vec<Effect>, String);

/// The sentences every grab ends with: the roll, the space, and no leaving-engagement attack
/// for the figure moved (placing is not moving: the game never rolls them for it).
const PLACE_NEXT: &str = r"roll <D20>\. if you roll (?:an? )?{N} or higher, place the chosen (?:figure|figrue) on any empty same-level space adjacent to {S}\. if the chosen figure is engaged when it is moved by {W}, it will not take any leaving engagement attacks";

fn grab_rules() -> &'static [Tpl<Grab>] {
    static RULES: OnceLock<Vec<Tpl<Grab>>> = OnceLock::new();
    RULES.get_or_init(|| {
        let t = |head: &str| format!("{head}\\. {PLACE_NEXT}").replace("<D20>", D20);
        vec![
            // Chain Grab: from 6 levels below the chainfighter's base to 6 above its top.
            rule(
                &t(r"after moving and before attacking with {S}, you may choose one (?:opponent's|enemy) {W} within {N} clear sight spaces whose base is no more than {N} levels above {S}'s height or {N} levels below {S}'s base"),
                |c, lex| {
                    let levels = LevelWindow {
                        above: c.n(1),
                        below: c.n(2),
                        above_top: true,
                    };
                    grab(lex.filter(c.w(0))?, c.n(0), levels, c.u8(3), c.w(1))
                },
            ),
            // Grapple Grab: as many levels above as below Drake's base.
            rule(
                &t(r"after moving and before attacking with {S}, you may choose one (?:opponent's|enemy) {W} within {N} clear sight spaces whose level is no more than {N} levels above or below {S}'s level"),
                |c, lex| {
                    let levels = LevelWindow {
                        above: c.n(1),
                        below: c.n(1),
                        above_top: false,
                    };
                    grab(lex.filter(c.w(0))?, c.n(0), levels, c.u8(2), c.w(1))
                },
            ),
        ]
    })
}

/// *Witchcraft Telekinesis*: up to N different enemy figures chosen, each rolled for in turn
/// (a squad figure's threshold, a hero's), each success letting the player place that figure
/// on a space of the user's level next to it.
pub(super) fn telekinesis(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static TPL: OnceLock<Tpl<Grab>> = OnceLock::new();
    let tpl = TPL.get_or_init(|| {
        let place = r"you may place the chosen figure onto a same-level space adjacent to {S}";
        rule(
            &format!(
                r"after moving and before attacking, you may choose up to {{N}} different {{W}} enemy figures within {{N}} clear sight spaces of {{S}}\. one at a time, roll <D20> for each chosen figure\. if the chosen figure is a squad figure and you roll (?:an? )?{{N}} or higher, {place}\. if the chosen figure is a hero figure and you roll (?:an? )?{{N}} or higher, {place}\. figures moved by {{W}} never take leaving engagement attacks"
            )
            .replace("<D20>", D20),
            |c, lex| {
                let most = u8::try_from(c.n(0)).ok().filter(|&n| n >= 1)?;
                let effect = Effect::Triggered(Triggered {
                    trigger: Trigger::AfterMoveBeforeAttack,
                    target: Some(Target {
                        within: Some(c.n(1)),
                        opponents_only: true,
                        filter: lex.filter(c.w(0))?,
                        ..Target::default()
                    }),
                    roll: Some(crate::power::Roll {
                        hero_at_least: Some(c.u8(3)),
                        ..d20(c.u8(2))
                    }),
                    outcomes: vec![Outcome::Place(Placing {
                        adjacent: true,
                        same_level: true,
                        optional: true,
                        levels: None,
                        more: most - 1,
                        switch: false,
                        single_space: false,
                        after_normal_move: false,
                        into_battle: false,
                        throw: None,
                    })],
                });
                Some((vec![effect], c.w(1).to_string()))
            },
        )
    });
    let (effects, named) = tpl.apply(text, ctx.me, ctx.lex)?;
    (named == bare_name(ctx.name)).then_some(effects)
}

/// *Eldritch Switch*: after its normal move, the figure may switch spaces with an adjacent
/// single-space figure, friend or foe, neither taking leaving-engagement attacks.
pub(super) fn switch(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static TPL: OnceLock<Tpl<Grab>> = OnceLock::new();
    let tpl = TPL.get_or_init(|| {
        rule(
            r"after moving normally with {S}, that {S} may switch spaces with an adjacent single-space figure\. figures moved by {W} never take any leaving engagement attacks",
            |c, _| {
                let effect = Effect::Triggered(Triggered {
                    trigger: Trigger::AfterMoveBeforeAttack,
                    target: Some(Target {
                        adjacent: true,
                        ..Target::default()
                    }),
                    roll: None,
                    outcomes: vec![Outcome::Place(Placing {
                        adjacent: false,
                        same_level: false,
                        optional: false,
                        levels: None,
                        more: 0,
                        switch: true,
                        single_space: true,
                        after_normal_move: true,
                        into_battle: false,
                        throw: None,
                    })],
                });
                Some((vec![effect], c.w(0).to_string()))
            },
        )
    });
    let (effects, named) = tpl.apply(text, ctx.me, ctx.lex)?;
    (named == bare_name(ctx.name)).then_some(effects)
}

/// *Barge Into Battle*: after moving and before attacking, a figure of the card engaged with
/// no enemy may switch spaces with an engaged small or medium friendly squad figure within so
/// many clear-sight spaces whose base is within so many levels of its own; neither takes a
/// leaving-engagement attack (switching is placing, not moving). Every figure named must be
/// the card's own, the power its own.
pub(super) fn barge(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    let m = super::pattern(
        &RE,
        r"^after moving and before attacking, if an? (?P<a>[^.,]+?) you control ends its movement unengaged, you may choose an engaged (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) friendly squad figure within (?P<within>\d+) clear sight spaces of that (?P<b>[^.,]+?) whose base is no more than (?P<lv>\d+) levels higher or lower than the base of the (?P<c>[^.,]+?)\. you may switch that (?P<d>[^.,]+?) with the chosen squad figure\. figures moved by (?P<p>[a-z -]+?) never take any leaving engagement attacks$",
    )
    .captures(text)?;
    if !["a", "b", "c", "d"].iter().all(|k| ctx.me.is_self(&m[*k])) || m["p"] != *ctx.name {
        return None;
    }
    let levels: u16 = m["lv"].parse().ok()?;
    Some(vec![Effect::Triggered(Triggered {
        trigger: Trigger::AfterMoveBeforeAttack,
        target: Some(Target {
            within: Some(m["within"].parse().ok().filter(|&n: &u16| n >= 1)?),
            friendly_only: true,
            filter: crate::power::Filter {
                sizes: super::midmove::sizes(&m["sizes"])?,
                kind: Some(crate::card::Kind::Squad),
                ..crate::power::Filter::default()
            },
            ..Target::default()
        }),
        roll: None,
        outcomes: vec![Outcome::Place(Placing {
            levels: Some(LevelWindow {
                above: levels,
                below: levels,
                above_top: false,
            }),
            switch: true,
            into_battle: true,
            ..Placing::default()
        })],
    })])
}

/// An opponent's figure within `within` clear-sight spaces and `levels`, chosen after moving;
/// on `at_least` it is placed on an empty space of the user's level next to it.
fn grab(
    filter: crate::power::Filter,
    within: u16,
    levels: LevelWindow,
    at_least: u8,
    name: &str,
) -> Option<Grab> {
    let effect = Effect::Triggered(Triggered {
        trigger: Trigger::AfterMoveBeforeAttack,
        target: Some(Target {
            within: Some(within),
            opponents_only: true,
            filter,
            ..Target::default()
        }),
        roll: Some(d20(at_least)),
        outcomes: vec![Outcome::Place(Placing {
            adjacent: true,
            same_level: true,
            optional: false,
            levels: Some(levels),
            more: 0,
            switch: false,
            single_space: false,
            after_normal_move: false,
            into_battle: false,
            throw: None,
        })],
    });
    Some((vec![effect], name.to_string()))
}

/// The power's printed name without the number some print after it ("grapple grab 8").
fn bare_name(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ')
}

/// *Chain Grab*, *Grapple Grab*: the whole text, its last sentence naming this very power.
pub(super) fn grab_next(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    grab_rules().iter().find_map(|r| {
        let (effects, named) = r.apply(text, ctx.me, ctx.lex)?;
        (named == bare_name(ctx.name)).then_some(effects)
    })
}

/// *Grapple Arm*: instead of the normal move, a move of its own counted as a flyer counts (over
/// water, figures and obstacles, elevations ignored), ending at most so many levels up or down,
/// the leaving-engagement attacks taken. The game's [`Effect::Place`] is that move: the same
/// search as a flyer's, the same landing (glyph, lava) and the same attacks on taking off.
pub(super) fn grapple_arm(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static TPL: OnceLock<Tpl<(Vec<Effect>, [String; 4])>> = OnceLock::new();
    let tpl = TPL.get_or_init(|| {
        rule(
            r"instead of {P} normal move, {S} may use {P} {W}\. {W} has a move of {N}\. when counting spaces for {W}, ignore elevations\. {S} may grapple over water without stopping, over figures (?:without|wtihout) becoming engaged, and over obstacles such as ruins\. {S} may not grapple more than {N} levels up or down in a single {W} move\. if {S} is engaged when {P} starts {P} {W} move, {P} will take any leaving engagement attacks",
            |c, _| {
                let effect = Effect::Place {
                    within: c.n(0),
                    up: Some(c.n(1)),
                    down: Some(c.n(1)),
                    same_level: false,
                    dry: false,
                    onto: None,
                    started_on: None,
                    disengage: false,
                };
                let names = [0, 1, 2, 3].map(|i| c.w(i).to_string());
                Some((vec![effect], names))
            },
        )
    });
    let (effects, names) = tpl.apply(text, ctx.me, ctx.lex)?;
    names
        .iter()
        .all(|n| n == bare_name(ctx.name))
        .then_some(effects)
}

#[cfg(test)]
mod tests {
    use super::super::read_shared_as;
    use super::*;
    use crate::card::Size;

    /// The one triggered power the card's printed power reads into.
    fn printed(card: &str, power: &str) -> Triggered {
        let c = crate::game::test_support::real(card);
        let text = &c
            .powers
            .iter()
            .find(|p| p.name == power)
            .unwrap_or_else(|| panic!("{card} has no power {power}"))
            .text;
        let read = read_shared_as(card, power, text).unwrap_or_else(|e| panic!("{card}: {e}"));
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{card}: {read:?}")
        };
        t.clone()
    }

    #[test]
    fn chain_grab_reads_its_levels_from_the_chainfighters_top_and_base() {
        let t = printed("Drow Chainfighter", "Chain Grab");
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.expect("a chosen figure");
        assert!(target.opponents_only && !target.adjacent);
        assert_eq!(target.within, Some(3));
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        assert_eq!(t.roll.map(|r| (r.at_least, r.forced)), Some((9, false)));
        assert_eq!(
            t.outcomes,
            vec![Outcome::Place(Placing {
                adjacent: true,
                same_level: true,
                optional: false,
                levels: Some(LevelWindow {
                    above: 6,
                    below: 6,
                    above_top: true
                }),
                more: 0,
                switch: false,
                single_space: false,
                after_normal_move: false,
                into_battle: false,
                throw: None,
            })]
        );
    }

    #[test]
    fn grapple_grab_reads_as_many_levels_above_as_below_drakes_base() {
        let t = printed("Sgt. Drake Alexander (AOA)", "Grapple Grab 8");
        let target = t.target.expect("a chosen figure");
        assert!(target.opponents_only);
        assert_eq!(target.within, Some(4));
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        assert_eq!(t.roll.map(|r| r.at_least), Some(8));
        assert_eq!(
            t.outcomes,
            vec![Outcome::Place(Placing {
                adjacent: true,
                same_level: true,
                optional: false,
                levels: Some(LevelWindow {
                    above: 6,
                    below: 6,
                    above_top: false
                }),
                more: 0,
                switch: false,
                single_space: false,
                after_normal_move: false,
                into_battle: false,
                throw: None,
            })]
        );
    }

    #[test]
    fn a_grab_naming_another_power_in_its_last_sentence_stays_text() {
        let c = crate::game::test_support::real("Drow Chainfighter");
        let text = &c
            .powers
            .iter()
            .find(|p| p.name == "Chain Grab")
            .unwrap()
            .text;
        assert!(read_shared_as("Drow Chainfighter", "Net Trip", text).is_err());
    }

    #[test]
    fn grapple_arm_is_a_move_of_4_counted_as_a_flyer_counts_45_levels_up_or_down() {
        let c = crate::game::test_support::real("Sgt. Drake Alexander (SOTM)");
        let text = &c
            .powers
            .iter()
            .find(|p| p.name == "Grapple Arm")
            .unwrap()
            .text;
        let read =
            read_shared_as("Sgt. Drake Alexander (SOTM)", "Grapple Arm", text).expect("reads");
        assert_eq!(
            read,
            vec![Effect::Place {
                within: 4,
                up: Some(45),
                down: Some(45),
                same_level: false,
                dry: false,
                onto: None,
                started_on: None,
                disengage: false,
            }]
        );
        assert!(read_shared_as("Sgt. Drake Alexander (SOTM)", "Grapple Gun", text).is_err());
    }

    #[test]
    fn witchcraft_telekinesis_chooses_up_to_two_and_rolls_8_for_a_squad_figure_17_for_a_hero() {
        let t = printed("Kilkorax the Kyrie Warrior", "Witchcraft Telekinesis");
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.expect("a chosen figure");
        assert!(target.opponents_only);
        assert_eq!(target.within, Some(5));
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        let roll = t.roll.expect("a roll");
        assert_eq!((roll.at_least, roll.hero_at_least), (8, Some(17)));
        assert_eq!(
            t.outcomes,
            vec![Outcome::Place(Placing {
                adjacent: true,
                same_level: true,
                optional: true,
                levels: None,
                more: 1,
                switch: false,
                single_space: false,
                after_normal_move: false,
                into_battle: false,
                throw: None,
            })]
        );
    }

    #[test]
    fn eldritch_switch_switches_with_an_adjacent_single_space_figure_after_a_normal_move() {
        let t = printed("Krakenling", "ELDRITCH SWITCH");
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.expect("a chosen figure");
        assert!(target.adjacent && !target.opponents_only && target.filter.is_any());
        assert!(t.roll.is_none());
        assert_eq!(
            t.outcomes,
            vec![Outcome::Place(Placing {
                adjacent: false,
                same_level: false,
                optional: false,
                levels: None,
                more: 0,
                switch: true,
                single_space: true,
                after_normal_move: true,
                into_battle: false,
                throw: None,
            })]
        );
    }

    #[test]
    fn barge_into_battle_switches_an_unengaged_brute_with_an_engaged_small_or_medium_squad_friend()
    {
        let t = printed("Horned Skull Brutes", "Barge Into Battle");
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        assert_eq!(t.roll, None);
        let target = t.target.as_ref().expect("a chosen figure");
        assert_eq!(target.within, Some(3));
        assert!(target.friendly_only && !target.adjacent && !target.opponents_only);
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        assert_eq!(target.filter.kind, Some(crate::card::Kind::Squad));
        assert_eq!(
            t.outcomes,
            vec![Outcome::Place(Placing {
                levels: Some(LevelWindow {
                    above: 2,
                    below: 2,
                    above_top: false,
                }),
                switch: true,
                into_battle: true,
                ..Placing::default()
            })]
        );
        let text = crate::game::test_support::printed("Horned Skull Brutes", "Barge Into Battle");
        assert!(read_shared_as("Horned Skull Brutes", "Bulldoze", &text).is_err());
        let other = text.replace("that Horned Skull Brute whose", "Grimnak whose");
        assert!(read_shared_as("Horned Skull Brutes", "Barge Into Battle", &other).is_err());
    }
}
