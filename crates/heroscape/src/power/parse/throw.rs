//! Powers that throw a chosen figure away from the figure using them (*Throw 14*): read into a
//! [`Triggered`] power whose outcome is an [`Outcome::Place`] with a [`Throw`].

use std::sync::OnceLock;

use regex::Regex;

use super::{d20, pattern, Ctx};
use crate::power::{
    Effect, Filter, Outcome, Placing, Target, Throw, ThrowDamage, ThrowPower, Trigger, Triggered,
};

/// *Throw 14*: after moving and before attacking, an adjacent small or medium non-flying figure
/// chosen (friend or foe: the card says "figure"), a d20 rolled (no *you may*: the figure must
/// be chosen while one can be), and on a success its player may throw it onto an empty space
/// within so many spaces, in clear sight of the thrower; a second d20 then wounds it, unless it
/// landed above the thrower's height or on water. Placing is not moving: the game rolls no
/// leaving-engagement attack for it, as the card's last sentence says. Every figure named must
/// be the card's own.
pub(super) fn throw(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after moving and before attacking, choose one (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) non-flying figure adjacent to (?P<a>[^.]+?)\. roll the 20-sided die\. if you roll an? (?P<at>\d+) or higher, you may throw the figure by placing it on any empty space within (?P<within>\d+) spaces of (?P<b>[^.]+?)\. the figure must land within clear sight of (?P<c>[^.]+?)\. after the figure is placed, roll the 20-sided die for throwing damage\. if you roll an? (?P<hurt>\d+) or higher, the thrown figure receives (?P<w>\d+) wounds?\. if the figure is thrown onto a level higher than the height of (?P<d>[^.]+?) or onto water, do not roll for throwing damage\. the thrown figure does not take any leaving engagement attacks$",
    )
    .captures(text)?;
    if !["a", "b", "c", "d"].iter().all(|k| ctx.me.is_self(&m[*k])) {
        return None;
    }
    let at: u8 = m["at"].parse().ok().filter(|n| (1..=20).contains(n))?;
    let hurt: u8 = m["hurt"].parse().ok().filter(|n| (1..=20).contains(n))?;
    let effect = Effect::Triggered(Triggered {
        trigger: Trigger::AfterMoveBeforeAttack,
        target: Some(Target {
            adjacent: true,
            filter: Filter {
                sizes: super::midmove::sizes(&m["sizes"])?,
                flying: Some(false),
                ..Filter::default()
            },
            ..Target::default()
        }),
        roll: Some(crate::power::Roll {
            forced: true,
            ..d20(at)
        }),
        outcomes: vec![Outcome::Place(Placing {
            optional: true,
            throw: Some(Throw {
                within: m["within"].parse().ok().filter(|&n| n >= 1)?,
                clear_sight: true,
                damage: Some(ThrowDamage {
                    at_least: hurt,
                    wounds: m["w"].parse().ok()?,
                    spared_above_top: true,
                    spared_on_water: true,
                }),
            }),
            ..Placing::default()
        })],
    });
    Some(vec![effect])
}

/// *Hive Tunnel*: instead of moving normally, the figure is placed on an empty space within so
/// many spaces and levels (the [`Effect::Place`] move, leaving-engagement attacks taken as the
/// card's last sentence says), then its player rolls the d20 for each figure adjacent to it,
/// adding 1 per wound marker on the card: a table of wounds. Every figure named must be the
/// card's own, the power named its own, the table whole from 1 to 20.
pub(super) fn hive_tunnel(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^instead of moving normally with (?P<a>[^.,]+?), you may (?P<p>[a-z -]+?)\. choose an empty space within (?P<within>\d+) spaces that is no higher than (?P<lv>\d+) levels above or below (?:his|her|its) level, and place (?P<b>[^.,]+?) on that space\. then, roll the 20-sided die for each figure adjacent to (?P<c>[^.,]+?)\. add 1 for each wound marker on this army card\. if you roll a 1-(?P<n0>\d+), nothing happens\. if you roll a (?P<f1>\d+)-(?P<t1>\d+), that figure receives (?P<w1>\d+) wounds?\. if you roll a (?P<f2>\d+), that figure receives (?P<w2>\d+) wounds?\. ?if (?P<d>[^.,]+?) is engaged when (?:he|she|it) starts to (?P<q>[a-z -]+?), (?:he|she|it) will take any leaving engagement attacks$",
    )
    .captures(text)?;
    if !["a", "b", "c", "d"].iter().all(|k| ctx.me.is_self(&m[*k]))
        || m["p"] != *ctx.name
        || m["q"] != *ctx.name
    {
        return None;
    }
    let num = |k: &str| m[k].parse::<u16>().ok();
    let (n0, f1, t1, f2) = (num("n0")?, num("f1")?, num("t1")?, num("f2")?);
    // the table covers 1 to 20 without a gap
    if f1 != n0 + 1 || f2 != t1 + 1 || f2 != 20 {
        return None;
    }
    let levels = num("lv")?;
    Some(vec![
        Effect::Place {
            within: num("within")?,
            up: Some(levels),
            down: Some(levels),
            same_level: false,
            dry: false,
            onto: None,
            started_on: None,
            disengage: false,
        },
        Effect::Throw(ThrowPower::RollsAround {
            bands: vec![
                (u8::try_from(f1).ok()?, num("w1")?),
                (u8::try_from(f2).ok()?, num("w2")?),
            ],
            per_own_wound: true,
        }),
    ])
}

/// *Fey Step*: once per game, before moving normally, the figure may be placed on an empty
/// space within so many spaces of where it stands, then move normally; engaged, it takes no
/// leaving-engagement attack. Every figure named must be the card's own, the power its own.
pub(super) fn fey_step(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^once per game (?P<a>[^.,]+?) may use (?P<p>[a-z -]+?)\. before moving normally with (?P<b>[^.,]+?), you may place (?:him|her|it) on any empty space within (?P<within>\d+) spaces of (?:his|her|its) current location\. if (?P<c>[^.,]+?) is engaged when (?:he|she|it) uses (?P<q>[a-z -]+?), (?:he|she|it) will not take any (?:leaving )?engagement attacks$",
    )
    .captures(text)?;
    if !["a", "b", "c"].iter().all(|k| ctx.me.is_self(&m[*k]))
        || m["p"] != *ctx.name
        || m["q"] != *ctx.name
    {
        return None;
    }
    Some(vec![Effect::Throw(ThrowPower::StepBeforeMove {
        within: m["within"].parse().ok().filter(|&n: &u16| n >= 1)?,
        once_per_game: true,
        disengage: true,
    })])
}

/// *Thunder Step*: instead of moving normally, an opponent's figure within so many clear-sight
/// spaces chosen and the figure placed on any empty space adjacent to it; its attack value
/// raised for the rest of its turn; at the end of that turn one attack die, a skull a wound
/// marker on its card; engaged, no leaving-engagement attack. Every figure named must be the
/// card's own, the power its own.
pub(super) fn thunder_step(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^instead of moving (?P<a>[^.,]+?) normally, you may choose an opponent's figure within (?P<within>\d+) clear sight spaces of (?P<b>[^.,]+?)\. place (?P<c>[^.,]+?) on any empty space adjacent to the chosen figure\. for the duration of (?P<d>[^.,]+?)'s? turn, add (?P<atk>\d+) to (?:his|her|its) attack value\. at the end of (?:his|her|its) turn, roll (?:1|one) attack die\. if a skull is rolled, place (?P<w>\d+) wound markers? on (?P<e>[^.,]+?)'s? army card\. if (?P<f>[^.,]+?) is engaged when (?:he|she|it) starts (?P<p>[a-z -]+?), (?:he|she|it) will not take any leaving engagement attacks$",
    )
    .captures(text)?;
    if !["a", "b", "c", "d", "e", "f"]
        .iter()
        .all(|k| ctx.me.is_self(&m[*k]))
        || m["p"] != *ctx.name
    {
        return None;
    }
    Some(vec![Effect::Throw(ThrowPower::StepBesideOpponent {
        within: m["within"].parse().ok().filter(|&n: &u16| n >= 1)?,
        attack: m["atk"].parse().ok()?,
        skull_wounds: m["w"].parse().ok().filter(|&n: &u16| n >= 1)?,
        disengage: true,
    })])
}

/// *Spear of Summoning*: after moving and before attacking, any other figure its player
/// controls on the battlefield chosen (no *you may*: chosen while one can be), a d20 rolled,
/// and on the second band the chosen figure is put on a space next to the user, its player
/// choosing which; the figure takes no leaving-engagement attack (placing is not moving). The
/// table must run from 1 to 20 without a gap, the figure named the card's own.
pub(super) fn spear_of_summoning(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after moving and before attacking, choose any figure you control on the battlefield, then roll the 20-sided die\. if you roll a 1-(?P<n0>\d+), nothing happens\. if you roll a (?P<f1>\d+)-20, move the chosen figure to any space adjacent to (?P<a>[^.,]+?)\. if the summoned figure is engaged, the figure does not receive any leaving engagement attacks$",
    )
    .captures(text)?;
    let (n0, f1): (u8, u8) = (m["n0"].parse().ok()?, m["f1"].parse().ok()?);
    if !ctx.me.is_self(&m["a"]) || f1 != n0.checked_add(1)? || f1 > 20 {
        return None;
    }
    Some(vec![Effect::Triggered(Triggered {
        trigger: Trigger::AfterMoveBeforeAttack,
        target: Some(Target {
            controlled_only: true,
            ..Target::default()
        }),
        roll: Some(crate::power::Roll {
            forced: true,
            ..d20(f1)
        }),
        outcomes: vec![Outcome::Place(Placing {
            adjacent: true,
            ..Placing::default()
        })],
    })])
}

/// *Tactical Switch*: when a figure of the card attacks an opponent's small or medium figure,
/// its player may switch the two; the attack goes on if it still may ("if possible"), and the
/// figure attacks no other figure that turn (a figure attacks once a turn, and nothing on the
/// card gives it more); an opponent's figure is switched once per turn at most. Every figure
/// named must be the card's own, the power named its own.
pub(super) fn tactical_switch(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^when an? (?P<a>[^.,]+?) you control attacks an opponent's (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) figure, you may switch that (?P<b>[^.,]+?) with the defending figure\. after switching spaces, the (?P<c>[^.,]+?) must continue that attack, if possible, and cannot attack any other figure this turn\. figures moved by (?P<p>[a-z -]+?) never take any leaving engagement attacks\. an opponent's figure may be moved by (?P<q>[a-z -]+?) only once per turn$",
    )
    .captures(text)?;
    if !["a", "b", "c"].iter().all(|k| ctx.me.is_self(&m[*k]))
        || m["p"] != *ctx.name
        || m["q"] != *ctx.name
    {
        return None;
    }
    Some(vec![Effect::Throw(ThrowPower::SwitchWhenAttacking {
        filter: Filter {
            sizes: super::midmove::sizes(&m["sizes"])?,
            ..Filter::default()
        },
    })])
}

/// *Knockback*: after the figure attacks, its player may roll the d20 for each small or
/// medium figure it attacked this turn that still stands, one at a time; on a success that
/// figure is placed on an empty space within so many clear-sight spaces of the user, no higher
/// than where it stood (placing is not moving: no leaving-engagement attack), a non-flyer
/// placed lower taking its fall. Every figure named must be the card's own, the power its own.
pub(super) fn knockback(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after (?P<a>[^.,]+?) attacks, you may roll the 20-sided die for each (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) figure (?P<b>[^.,]+?) attacked this turn that was not destroyed by that attack, one at a time\. if you roll an? (?P<at>\d+) or higher, place that figure on any empty space within (?P<within>\d+) clear sight spaces of (?P<c>[^.,]+?)\. the space must be on the same level as or lower than its current location\. a figure moved by (?P<p>[a-z -]+?) never takes any leaving engagement attacks\. a non-flying figure moved lower by (?P<q>[a-z -]+?) can take any falling damage that may apply$",
    )
    .captures(text)?;
    if !["a", "b", "c"].iter().all(|k| ctx.me.is_self(&m[*k]))
        || m["p"] != *ctx.name
        || m["q"] != *ctx.name
    {
        return None;
    }
    Some(vec![Effect::Throw(ThrowPower::Knockback {
        filter: Filter {
            sizes: super::midmove::sizes(&m["sizes"])?,
            ..Filter::default()
        },
        at_least: m["at"].parse().ok().filter(|n| (1..=20).contains(n))?,
        within: m["within"].parse().ok().filter(|&n: &u16| n >= 1)?,
    })])
}

/// *Risen By Revna*: at the start of each round, before the order markers, its player may
/// place one destroyed figure of the card on an empty space adjacent to a hero they control
/// who follows the general named. The figures named must be the card's own, the hero's words
/// a filter naming a kind and a general.
pub(super) fn rise_beside(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^at the start of each round, before placing order markers, you may place one of your destroyed (?P<a>[^.,]+?) onto an empty space adjacent to an? (?P<kind>[a-z]+) you control who follows (?P<general>[a-z]+)$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m["a"]) {
        return None;
    }
    let beside = ctx
        .lex
        .filter(&format!("{} who follows {}", &m["kind"], &m["general"]))
        .filter(|f| f.general.is_some() && f.kind.is_some())?;
    Some(vec![Effect::Throw(ThrowPower::RiseBeside { beside })])
}

/// *Elven Summoning Spell*: after moving and before attacking, its player may roll the d20,
/// adding the number of the figures named they control adjacent to the user; a table from 1
/// to 20 (nothing, then one, up to two, up to three figures) says how many such figures not
/// adjacent to the user they may place adjacent to it, with no leaving-engagement attack. The
/// figures named must be one kind throughout, the user the card's own, the table whole.
pub(super) fn summon_adjacent(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after moving and before attacking, you may roll the 20-sided die\. add the number of (?P<w0>[a-z]+) you control adjacent to (?P<a>[^.,]+?) to your die roll\. if you roll 1-(?P<n0>\d+), nothing happens\. if you roll (?P<f1>\d+)-(?P<t1>\d+), you may place 1 (?P<w1>[a-z]+) you control adjacent to (?P<b>[^.,]+?)\. if you roll (?P<f2>\d+)-(?P<t2>\d+), you may place up to 2 (?P<w2>[a-z]+) you control adjacent to (?P<c>[^.,]+?)\. if you roll (?P<f3>\d+)-20, you may place up to 3 (?P<w3>[a-z]+) you control adjacent to (?P<d>[^.,]+?)\. if the summoned (?P<w4>[a-z]+) are engaged, they will not take any leaving engagement attacks\. (?P<e>[^.,]+?) cannot summon an? (?P<w5>[a-z]+) that (?:he|she|it) is already adjacent to$",
    )
    .captures(text)?;
    if !["a", "b", "c", "d", "e"]
        .iter()
        .all(|k| ctx.me.is_self(&m[*k]))
    {
        return None;
    }
    // one kind of figure throughout, singular or plural
    let filter = ctx.lex.filter(&m["w1"])?;
    if filter.is_any()
        || ["w0", "w2", "w3", "w4", "w5"]
            .iter()
            .any(|k| ctx.lex.filter(&m[*k]).as_ref() != Some(&filter))
    {
        return None;
    }
    let num = |k: &str| m[k].parse::<u8>().ok();
    let (n0, f1, t1, f2, t2, f3) = (
        num("n0")?,
        num("f1")?,
        num("t1")?,
        num("f2")?,
        num("t2")?,
        num("f3")?,
    );
    // the table covers 1 to 20 without a gap
    if f1 != n0.checked_add(1)? || f2 != t1.checked_add(1)? || f3 != t2.checked_add(1)? {
        return None;
    }
    Some(vec![Effect::Throw(ThrowPower::SummonAdjacent {
        filter,
        bands: vec![(f1, 1), (f2, 2), (f3, 3)],
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared_as;
    use super::*;
    use crate::card::Size;
    use crate::game::test_support::printed;

    #[test]
    fn jotuns_throw_chooses_an_adjacent_small_or_medium_walker_and_throws_it_4_spaces_on_a_14() {
        let read = read_shared_as("Jotun", "Throw 14", &printed("Jotun", "Throw 14"))
            .expect("Throw 14 reads");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.as_ref().expect("a chosen figure");
        assert!(target.adjacent && !target.opponents_only && !target.controlled_only);
        assert_eq!(target.filter.sizes, vec![Size::Small, Size::Medium]);
        assert_eq!(target.filter.flying, Some(false));
        let roll = t.roll.as_ref().expect("a roll");
        assert_eq!((roll.at_least, roll.forced), (14, true));
        assert_eq!(
            t.outcomes,
            vec![Outcome::Place(Placing {
                optional: true,
                throw: Some(Throw {
                    within: 4,
                    clear_sight: true,
                    damage: Some(ThrowDamage {
                        at_least: 11,
                        wounds: 2,
                        spared_above_top: true,
                        spared_on_water: true,
                    }),
                }),
                ..Placing::default()
            })]
        );
    }

    #[test]
    fn hive_tunnel_places_kha_re_ga_4_spaces_6_levels_then_rolls_for_each_adjacent_figure() {
        let read = read_shared_as(
            "Kha-Re-Ga",
            "HIVE TUNNEL",
            &printed("Kha-Re-Ga", "HIVE TUNNEL"),
        )
        .expect("Hive Tunnel reads");
        assert_eq!(
            read,
            vec![
                Effect::Place {
                    within: 4,
                    up: Some(6),
                    down: Some(6),
                    same_level: false,
                    dry: false,
                    onto: None,
                    started_on: None,
                    disengage: false,
                },
                Effect::Throw(ThrowPower::RollsAround {
                    bands: vec![(14, 1), (20, 3)],
                    per_own_wound: true,
                }),
            ]
        );
        let gap = printed("Kha-Re-Ga", "HIVE TUNNEL").replace("14\u{2013}19", "15\u{2013}19");
        assert!(read_shared_as("Kha-Re-Ga", "HIVE TUNNEL", &gap).is_err());
    }

    #[test]
    fn fey_step_places_erevan_5_spaces_away_once_per_game_before_his_normal_move() {
        let text = printed("Erevan Sunshadow", "Fey Step");
        assert_eq!(
            read_shared_as("Erevan Sunshadow", "Fey Step", &text).expect("Fey Step reads"),
            vec![Effect::Throw(ThrowPower::StepBeforeMove {
                within: 5,
                once_per_game: true,
                disengage: true,
            })]
        );
        assert!(read_shared_as("Erevan Sunshadow", "Fey Dance", &text).is_err());
    }

    #[test]
    fn thunder_step_places_eltahale_beside_an_opponent_5_clear_sight_spaces_away() {
        let text = printed("Eltahale", "Thunder Step");
        assert_eq!(
            read_shared_as("Eltahale", "Thunder Step", &text).expect("Thunder Step reads"),
            vec![Effect::Throw(ThrowPower::StepBesideOpponent {
                within: 5,
                attack: 1,
                skull_wounds: 1,
                disengage: true,
            })]
        );
        // the power must name itself, the figure must be the card's
        assert!(read_shared_as("Eltahale", "Thunder Leap", &text).is_err());
        assert!(read_shared_as("Erevan Sunshadow", "Thunder Step", &text).is_err());
    }

    #[test]
    fn spear_of_summoning_chooses_any_figure_saylind_controls_and_puts_it_beside_her_on_a_9() {
        let text = printed("Saylind the Kyrie Warrior", "Spear of Summoning");
        let read = read_shared_as("Saylind the Kyrie Warrior", "Spear of Summoning", &text)
            .expect("Spear of Summoning reads");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.as_ref().expect("a chosen figure");
        assert!(target.controlled_only && !target.adjacent && target.within.is_none());
        assert!(target.filter.is_any() && !target.with_user);
        let roll = t.roll.as_ref().expect("a roll");
        assert_eq!((roll.at_least, roll.forced), (9, true));
        assert_eq!(
            t.outcomes,
            vec![Outcome::Place(Placing {
                adjacent: true,
                ..Placing::default()
            })]
        );
        let gap = text.replace("9-20", "10-20");
        assert!(read_shared_as("Saylind the Kyrie Warrior", "Spear of Summoning", &gap).is_err());
    }

    #[test]
    fn tactical_switch_switches_a_warforged_soldier_with_the_small_or_medium_figure_it_attacks() {
        let text = printed("Warforged Soldiers", "Tactical Switch");
        assert_eq!(
            read_shared_as("Warforged Soldiers", "Tactical Switch", &text)
                .expect("Tactical Switch reads"),
            vec![Effect::Throw(ThrowPower::SwitchWhenAttacking {
                filter: Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                },
            })]
        );
        assert!(read_shared_as("Warforged Soldiers", "Eldritch Switch", &text).is_err());
    }

    #[test]
    fn a_throw_that_names_another_figure_stays_text() {
        let text = printed("Jotun", "Throw 14").replace("Jotun.", "Shurrak.");
        assert!(read_shared_as("Jotun", "Throw 14", &text).is_err());
    }

    #[test]
    fn knockback_rolls_for_each_small_or_medium_figure_shurrak_attacked_and_places_it_3_away() {
        let text = printed("Shurrak", "KNOCKBACK");
        assert_eq!(
            read_shared_as("Shurrak", "KNOCKBACK", &text).expect("Knockback reads"),
            vec![Effect::Throw(ThrowPower::Knockback {
                filter: Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                },
                at_least: 14,
                within: 3,
            })]
        );
        assert!(read_shared_as("Shurrak", "Pushback", &text).is_err());
        let other = text.replace("spaces of Shurrak", "spaces of Jotun");
        assert!(read_shared_as("Shurrak", "KNOCKBACK", &other).is_err());
    }

    #[test]
    fn risen_by_revna_places_a_destroyed_acolyte_beside_a_hero_who_follows_revna() {
        let text = printed("Revnan Acolytes", "Risen By Revna");
        let read = read_shared_as("Revnan Acolytes", "Risen By Revna", &text)
            .expect("Risen By Revna reads");
        let [Effect::Throw(ThrowPower::RiseBeside { beside })] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(beside.general.as_deref(), Some("Revna"));
        assert_eq!(beside.kind, Some(crate::card::Kind::Hero));
        let other = text.replace("destroyed Revnan Acolytes", "destroyed Deathwalkers");
        assert!(read_shared_as("Revnan Acolytes", "Risen By Revna", &other).is_err());
    }

    #[test]
    fn elven_summoning_spell_rolls_plus_adjacent_elves_and_places_up_to_3_elves_beside_emirroon() {
        let text = printed("Emirroon", "Elven Summoning Spell");
        let read = read_shared_as("Emirroon", "Elven Summoning Spell", &text)
            .expect("Elven Summoning Spell reads");
        let [Effect::Throw(ThrowPower::SummonAdjacent { filter, bands })] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(filter.species.as_deref(), Some("Elf"));
        assert_eq!(bands, &vec![(5, 1), (12, 2), (18, 3)]);
        let gap = text.replace("12-17", "13-17");
        assert!(read_shared_as("Emirroon", "Elven Summoning Spell", &gap).is_err());
        let other = text.replace("adjacent to Emirroon to", "adjacent to Ulginesh to");
        assert!(read_shared_as("Emirroon", "Elven Summoning Spell", &other).is_err());
    }
}
