//! 20-sided die powers that wound, heal, destroy or hinder, read into a triggered power and
//! the riders that narrow it ([`crate::power::d20c::D20c`]): *Sharpshooter*; rolls around
//! the card's figures (*Searing Intensity*, *Helm of Mitonsoul Aura*); a wound removed after
//! destroying a figure (*Utgar's Cutlass*, *Subsume Soul*); a wound off a friend near a
//! Wizard (*Renew*); a poison wound more (*Poison Weapons*); order markers removed
//! (*Crippling Gaze*, *Crippling Glance*); no visible hit zone (*Cloud of Darkness*);
//! opponents' rolls lowered (*Harrowing Presence*); a charge and a regeneration stronger on snow
//! or ice (*Ice Troll Charge*, *Cold Regenerate*); a wound off a figure flown over (*Healing
//! Wing*).

use std::sync::OnceLock;

use super::{d20, rule, Caps, Lexicon, Rule, D20};
use crate::card::{Kind, Size};
use crate::power::d20c::D20c;
use crate::power::{Ability, Effect, Filter, Outcome, Roll, Target, Trigger, Triggered};

/// A template with `<D20>` for the die's name.
fn d20_rule(template: &str, build: fn(&Caps, &Lexicon) -> Option<Vec<Effect>>) -> Rule {
    rule(&template.replace("<D20>", D20), build)
}

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // Sharpshooter: a figure out of reach destroyed on a high roll, never after moving.
            d20_rule(
                r"instead of attacking, you may choose any non-adjacent figure within {N} clear sight spaces of {S}\. roll <D20>\. if you roll (?:an? )?{N} or 20, the chosen figure is destroyed\. if you roll (?:an? )?1 ?- ?{N}, you missed\. {S} may not use this special power if (?:he|she|it) moved this turn",
                |c, _| {
                    let (hit, missed) = (c.n(1), c.n(2));
                    // "a 19 or 20" and "a 1-18": every result read, once
                    if !(2..20).contains(&hit) || missed + 1 != hit {
                        return None;
                    }
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::InsteadOfAttacking,
                            target: Some(Target {
                                within: Some(c.n(0)),
                                ..Target::default()
                            }),
                            roll: Some(d20(c.u8(1))),
                            outcomes: vec![Outcome::DestroyTarget],
                        }),
                        Effect::D20c(D20c::ChosenNotAdjacent),
                        Effect::D20c(D20c::NotAfterMoving),
                    ])
                },
            ),
            // Searing Intensity: a roll for each figure next to a Fire Elemental, lava-proof
            // figures left out.
            d20_rule(
                r"after moving and before attacking, you must roll <D20> once for each figure adjacent to at least one {S} you control\. if you roll (?:an? )?{N} or higher, that figure receives {N} wounds?\. figures with the lava resistant special power are not affected by searing intensity",
                |c, _| {
                    Some(vec![Effect::D20c(D20c::AroundKinRolls {
                        at_least: c.u8(0),
                        wounds: c.n(1),
                        spared: Some(Ability::LavaResistant),
                    })])
                },
            ),
            // Helm of Mitonsoul Aura: when used, a roll for every figure in sight nearby.
            d20_rule(
                r"after moving and before attacking, {S} may use (?:his|her|its) helm of mitonsoul aura\. when using the helm of mitonsoul aura, you must roll <D20> for all figures within {N} clear sight spaces of {S}, one at a time\. if you roll a 20, destroy the figure\. {S}'s helm of mitonsoul aura does not affect {S}",
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        // the user is never among the figures a target chooses
                        target: Some(Target {
                            within: Some(c.n(0)),
                            ..Target::default()
                        }),
                        roll: Some(Roll {
                            each_target: true,
                            ..d20(20)
                        }),
                        outcomes: vec![Outcome::DestroyTarget],
                    })])
                },
            ),
            // Utgar's Cutlass: a wound off Bok-Bur-Na for an adjacent figure destroyed.
            d20_rule(
                r"when {S} destroys an adjacent figure with a normal attack, you may roll <D20>\. if you roll (?:an? )?{N} or higher, remove (?:one|1|a) wound marker from {S}\. {S} cannot use utgar's cutlass on destructible objects",
                |c, _| {
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::DestroysWithNormalAttack,
                            target: None,
                            roll: Some(d20(c.u8(0))),
                            outcomes: vec![Outcome::Heal(1)],
                        }),
                        Effect::D20c(D20c::DestroyedAdjacent),
                    ])
                },
            ),
            // Subsume Soul: a wound off the Nuckelavee for its first figure destroyed in a turn.
            d20_rule(
                r"the first time (?:an? )?{S} destroys a figure each turn, you may remove (?:a|one|1) wound marker from that {S}\. subsume soul cannot be used on destructible objects",
                |_, _| {
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::DestroysFigure,
                            target: None,
                            roll: None,
                            outcomes: vec![Outcome::Heal(1)],
                        }),
                        Effect::D20c(D20c::FirstEachTurn),
                    ])
                },
            ),
            // Renew: a wound off a friendly Wizard or Beast, near a Wizard of yours.
            d20_rule(
                r"if {S} is within {N} clear sight spaces of an? {W} that you control, instead of attacking, you may roll <D20>\. if you roll (?:an? )?{N} or higher, you may remove (?:one|1|a) wound marker from a friendly {W} adjacent to {S}",
                |c, lex| {
                    let near = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    let filters = lex.filters(c.w(1))?;
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::InsteadOfAttacking,
                            target: Some(Target {
                                adjacent: true,
                                friendly_only: true,
                                wounded: true,
                                ..Target::default()
                            }),
                            roll: Some(d20(c.u8(1))),
                            outcomes: vec![Outcome::HealTarget(1)],
                        }),
                        Effect::D20c(D20c::ChosenAnyOf { filters }),
                        Effect::D20c(D20c::NearControlled {
                            filter: near,
                            within: c.n(0),
                        }),
                    ])
                },
            ),
            // Poison Weapons: a d20 for a wound more on a hero the drow wounded.
            d20_rule(
                r"each time an? {S} attacks a small, medium,? or large hero with a normal attack or a leaving engagement attack and inflicts at least (?:1|one) wound, roll <D20>\. if you roll (?:an? )?1 ?- ?{N}, nothing happens\. if you roll (?:an? )?{N} or higher, add (?:1|one) additional wound to the defending figure",
                |c, _| {
                    if c.n(0) + 1 != c.n(1) {
                        return None;
                    }
                    Some(vec![Effect::D20c(D20c::PoisonWounds {
                        targets: Filter {
                            sizes: vec![Size::Small, Size::Medium, Size::Large],
                            kind: Some(Kind::Hero),
                            ..Filter::default()
                        },
                        at_least: c.u8(1),
                        wounds: 1,
                        leaving_engagement: true,
                    })])
                },
            ),
            // Crippling Gaze: every order marker off the chosen figure's card.
            d20_rule(
                r"before moving, you may choose a figure within {N} clear sight spaces of {S}\. roll <D20>\. if you roll (?:an? )?{N} or higher,? remove all order markers on the chosen figure's army card \(or cards if your opponent has more than one common card for that figure\)",
                |c, _| markers(Trigger::StartOfTurn, c.n(0), c.u8(1), false),
            ),
            // Crippling Glance: one unrevealed order marker off it, at random.
            d20_rule(
                r"before moving normally, you may choose a figure within {N} clear sight spaces of {S}\. roll <D20>\. if you roll (?:an? )?{N} or higher,? remove (?:1|one) unrevealed order marker at random from the chosen figure's army card",
                |c, _| markers(Trigger::StartOfTurn, c.n(0), c.u8(1), true),
            ),
            // Maddening Chitter: an enemy card's face-down marker looked at, then maybe moved
            // to another card of the same player; once per round. "Before taking a turn" is
            // the start of the turn, before moving (the card's marker is revealed by then, as
            // for Crippling Gaze's "before moving").
            d20_rule(
                r"once per round, before taking a turn with {S}, you may choose an enemy figure within {N} clear sight spaces of {S} and roll <D20>\. if you roll (?:an? )?{N} or higher, you may look at (?:on|one|1|an) unrevealed order marker on that figure's army card\. you may then (?:choose|chooe) any other figure controlled by the same player and move the order marker to that figure's army card",
                |c, _| {
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::StartOfTurn,
                            target: Some(Target {
                                within: Some(c.n(0)),
                                opponents_only: true,
                                ..Target::default()
                            }),
                            roll: Some(d20(c.u8(1))),
                            outcomes: Vec::new(),
                        }),
                        Effect::D20c(D20c::PeekMoveMarker),
                        Effect::D20c(D20c::OncePerRound),
                    ])
                },
            ),
            // Cloud of Darkness: no visible hit zone until the next reveal, after a turn.
            d20_rule(
                r"after taking a turn with {S}, you may roll <D20>\. if you roll (?:an? )?{N} or higher, while (?:he|she|it) remains on that space, {S} has no visible hit zone until the next time you reveal an order marker",
                |c, _| {
                    Some(vec![
                        Effect::Triggered(Triggered {
                            trigger: Trigger::AfterTurn,
                            target: None,
                            roll: Some(d20(c.u8(0))),
                            outcomes: Vec::new(),
                        }),
                        Effect::D20c(D20c::HiddenUntilReveal),
                    ])
                },
            ),
            // Ice Troll Charge: Berserker Charge for one figure, easier on snow or ice.
            d20_rule(
                r"after moving and before attacking with {S}, roll <D20>\. if {S} is on a snow or ice space, add {N} to your die roll\. if you roll (?:an? )?{N} or higher, you may move {S} again",
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        target: None,
                        roll: Some(Roll {
                            ground_bonus: snow_or_ice(c.u8(0)),
                            ..d20(c.u8(1))
                        }),
                        outcomes: vec![Outcome::MoveAgain],
                    })])
                },
            ),
            // Healing Wing: a wound off a figure next to Sonlen or flown over.
            d20_rule(
                r"after moving (?:normally|nromally) with {S}, you may choose a figure with (?:one|1) or more wounds that is adjacent to {S} or that {P} passed over during {P} movement this turn and roll (?:a )?<D20>\. if you roll (?:an? )?{N} or higher, remove (?:one|1) wound marker from that figure",
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterMoveBeforeAttack,
                        target: Some(Target {
                            adjacent: true,
                            passed_over: true,
                            wounded: true,
                            ..Target::default()
                        }),
                        roll: Some(d20(c.u8(0))),
                        outcomes: vec![Outcome::HealTarget(1)],
                    })])
                },
            ),
            // Cold Regenerate: a wound off after the turn, one more on snow or ice.
            rule(
                r"after taking a turn with {S}, remove {N} wound markers? from {S} army card\. if (?:it|he|she) is on a snow or ice space, remove {N} additional wound markers?",
                |c, _| {
                    Some(vec![Effect::Triggered(Triggered {
                        trigger: Trigger::AfterTurn,
                        target: None,
                        roll: None,
                        outcomes: vec![
                            Outcome::Heal(c.n(0)),
                            Outcome::HealOnGround {
                                grounds: vec!["snow".into(), "ice".into()],
                                by: c.n(1),
                            },
                        ],
                    })])
                },
            ),
            // Harrowing Presence: opponents' rolls near it lowered.
            d20_rule(
                r"when an opponent rolls <D20> for a special power on one of their army cards, if one or more of that army card's figures are within {N} spaces of a figure you control with the harrowing presence special power, they must subtract {N} from their roll",
                |c, _| {
                    Some(vec![Effect::D20c(D20c::SubtractFromOpponents {
                        by: c.n(1),
                        within: c.n(0),
                    })])
                },
            ),
        ]
    })
}

/// A figure chosen before moving, order markers removed from its card on a success: the
/// outcomes are the rider's ([`D20c::RemoveMarkers`]).
fn markers(
    trigger: Trigger,
    within: u16,
    at_least: u8,
    one_at_random: bool,
) -> Option<Vec<Effect>> {
    Some(vec![
        Effect::Triggered(Triggered {
            trigger,
            target: Some(Target {
                within: Some(within),
                ..Target::default()
            }),
            roll: Some(d20(at_least)),
            outcomes: Vec::new(),
        }),
        Effect::D20c(D20c::RemoveMarkers { one_at_random }),
    ])
}

/// What a roll gains on snow and on ice.
fn snow_or_ice(by: u8) -> Vec<(String, u8)> {
    vec![("snow".into(), by), ("ice".into(), by)]
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;

    /// What the card's printed power reads into.
    fn printed(card: &str, power: &str) -> Vec<Effect> {
        let c = crate::game::test_support::real(card);
        let text = &c
            .powers
            .iter()
            .find(|p| p.name == power)
            .unwrap_or_else(|| panic!("{card} has no power {power}"))
            .text;
        read_shared(card, text).unwrap_or_else(|e| panic!("{card}: {e}"))
    }

    #[test]
    fn sharpshooter_destroys_a_non_adjacent_figure_on_19_never_after_moving() {
        let read = printed("Deadeye Dan", "Sharpshooter");
        let [Effect::Triggered(t), Effect::D20c(D20c::ChosenNotAdjacent), Effect::D20c(D20c::NotAfterMoving)] =
            read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::InsteadOfAttacking);
        let target = t.target.clone().expect("a chosen figure");
        assert_eq!(target.within, Some(10));
        assert!(!target.adjacent && !target.opponents_only && target.filter.is_any());
        assert_eq!(
            t.roll.as_ref().map(|r| (r.at_least, r.forced)),
            Some((19, false))
        );
        assert_eq!(t.outcomes, vec![Outcome::DestroyTarget]);
        // a miss line leaving a result unread fails the power
        assert!(read_shared("Deadeye Dan", "Instead of attacking, you may choose any non-adjacent figure within 10 clear sight spaces of Deadeye Dan. Roll the 20-sided die. If you roll a 19 or 20, the chosen figure is destroyed. If you roll a 1-17, you missed. Deadeye Dan may not use this special power if he moved this turn.").is_err());
        // nor may the moving clause be left out
        assert!(read_shared("Deadeye Dan", "Instead of attacking, you may choose any non-adjacent figure within 10 clear sight spaces of Deadeye Dan. Roll the 20-sided die. If you roll a 19 or 20, the chosen figure is destroyed. If you roll a 1-18, you missed.").is_err());
    }

    #[test]
    fn searing_intensity_rolls_around_every_fire_elemental_sparing_lava_resistant_figures() {
        let read = printed("Fire Elemental", "Searing Intensity");
        assert_eq!(
            read,
            vec![Effect::D20c(D20c::AroundKinRolls {
                at_least: 14,
                wounds: 1,
                spared: Some(Ability::LavaResistant),
            })]
        );
        // the sparing sentence may not be left out
        assert!(read_shared("Fire Elemental", "After moving and before attacking, you must roll the 20-sided die once for each figure adjacent to at least one Fire Elemental you control. If you roll a 14 or higher, that figure receives 1 wound.").is_err());
    }

    #[test]
    fn utgars_cutlass_and_subsume_soul_heal_the_figure_that_destroyed() {
        let read = printed("Bok-Bur-Na", "Utgar's Cutlass 14");
        assert_eq!(
            read,
            vec![
                Effect::Triggered(Triggered {
                    trigger: Trigger::DestroysWithNormalAttack,
                    target: None,
                    roll: Some(d20(14)),
                    outcomes: vec![Outcome::Heal(1)],
                }),
                Effect::D20c(D20c::DestroyedAdjacent),
            ]
        );
        let read = printed("Nuckelavee", "SUBSUME SOUL");
        assert_eq!(
            read,
            vec![
                Effect::Triggered(Triggered {
                    trigger: Trigger::DestroysFigure,
                    target: None,
                    roll: None,
                    outcomes: vec![Outcome::Heal(1)],
                }),
                Effect::D20c(D20c::FirstEachTurn),
            ]
        );
        // "the first time ... each turn" may not be left out
        assert!(read_shared("Nuckelavee", "When a Nuckelavee destroys a figure, you may remove a Wound Marker from that Nuckelavee. Subsume Soul cannot be used on destructible objects.").is_err());
    }

    #[test]
    fn renew_heals_a_friendly_wizard_or_beast_near_a_wizard_of_yours() {
        let read = printed("Chana the Zenithwing", "RENEW 12");
        let [Effect::Triggered(t), Effect::D20c(D20c::ChosenAnyOf { filters }), Effect::D20c(D20c::NearControlled { filter, within })] =
            read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::InsteadOfAttacking);
        let target = t.target.clone().expect("a chosen figure");
        assert!(target.adjacent && target.friendly_only && target.wounded);
        assert_eq!(
            t.roll.as_ref().map(|r| (r.at_least, r.forced)),
            Some((12, false))
        );
        assert_eq!(t.outcomes, vec![Outcome::HealTarget(1)]);
        let classes: Vec<_> = filters.iter().map(|f| f.class.clone()).collect();
        assert_eq!(
            classes,
            vec![Some("Wizard".to_string()), Some("Beast".to_string())]
        );
        assert_eq!((filter.class.as_deref(), *within), (Some("Wizard"), 5));
    }

    #[test]
    fn poison_weapons_adds_a_wound_to_a_wounded_hero_on_12() {
        let read = printed("Deepwyrm Drow", "Poison Weapons");
        let [Effect::D20c(D20c::PoisonWounds {
            targets,
            at_least,
            wounds,
            leaving_engagement,
        })] = read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!((*at_least, *wounds, *leaving_engagement), (12, 1, true));
        assert_eq!(targets.kind, Some(crate::card::Kind::Hero));
        assert_eq!(
            targets.sizes,
            vec![
                crate::card::Size::Small,
                crate::card::Size::Medium,
                crate::card::Size::Large
            ]
        );
        // a "nothing happens" line leaving a result unread fails the power
        assert!(read_shared("Deepwyrm Drow", "Each time a Deepwyrm Drow attacks a small, medium, or large Hero with a normal attack or a leaving engagement attack and inflicts at least 1 wound, roll the 20-sided die. If you roll a 1-10, nothing happens. If you roll a 12 or higher, add 1 additional wound to the defending figure.").is_err());
    }

    #[test]
    fn crippling_gaze_and_glance_remove_order_markers_from_the_chosen_figures_card() {
        for (card, power, within, one_at_random) in [
            ("D\u{fc}nd", "Crippling Gaze 15", 5, false),
            ("Agent Carr (TT)", "CRIPPLING GLANCE 15", 3, true),
        ] {
            let read = printed(card, power);
            let [Effect::Triggered(t), Effect::D20c(D20c::RemoveMarkers { one_at_random: one })] =
                read.as_slice()
            else {
                panic!("{card}: {read:?}")
            };
            assert_eq!(t.trigger, Trigger::StartOfTurn, "{card}");
            assert_eq!(
                t.target.as_ref().and_then(|x| x.within),
                Some(within),
                "{card}"
            );
            assert_eq!(
                t.roll.as_ref().map(|r| (r.at_least, r.forced)),
                Some((15, false))
            );
            assert!(t.outcomes.is_empty());
            assert_eq!(*one, one_at_random, "{card}");
        }
    }

    #[test]
    fn cloud_of_darkness_hides_estivara_after_her_turn_on_16() {
        let read = printed("Estivara", "Cloud of Darkness");
        assert_eq!(
            read,
            vec![
                Effect::Triggered(Triggered {
                    trigger: Trigger::AfterTurn,
                    target: None,
                    roll: Some(d20(16)),
                    outcomes: Vec::new(),
                }),
                Effect::D20c(D20c::HiddenUntilReveal),
            ]
        );
        // "while she remains on that space" may not be left out
        assert!(read_shared("Estivara", "After taking a turn with Estivara, you may roll the 20-sided die. If you roll a 16 or higher, Estivara has no visible Hit Zone until the next time you reveal an order marker.").is_err());
    }

    #[test]
    fn harrowing_presence_subtracts_3_from_opponents_rolls_near_grave_grim() {
        assert_eq!(
            printed("Grave Grim", "Harrowing Presence"),
            vec![Effect::D20c(D20c::SubtractFromOpponents {
                by: 3,
                within: 3
            })]
        );
    }

    #[test]
    fn the_family_s_words_survive_a_card_file() {
        let mut all = Vec::new();
        for (card, power) in [
            ("Deadeye Dan", "Sharpshooter"),
            ("Fire Elemental", "Searing Intensity"),
            ("Chana the Zenithwing", "RENEW 12"),
            ("Deepwyrm Drow", "Poison Weapons"),
            ("Nuckelavee", "SUBSUME SOUL"),
            ("Agent Carr (TT)", "CRIPPLING GLANCE 15"),
            ("Estivara", "Cloud of Darkness"),
            ("Grave Grim", "Harrowing Presence"),
        ] {
            all.extend(printed(card, power));
        }
        #[derive(serde::Serialize, serde::Deserialize)]
        struct File {
            effects: Vec<Effect>,
        }
        let text = toml::to_string(&File {
            effects: all.clone(),
        })
        .expect("the effects write as TOML");
        assert!(text.contains("effect = \"d20c\""), "{text}");
        let back: File = toml::from_str(&text).expect("and read back");
        assert_eq!(back.effects, all);
    }

    #[test]
    fn helm_of_mitonsoul_rolls_for_every_figure_within_3_spaces_of_runa() {
        let read = printed("Runa", "Helm of Mitonsoul Aura");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        let target = t.target.clone().expect("the figures around");
        assert_eq!(target.within, Some(3));
        assert!(!target.with_user && !target.opponents_only && target.filter.is_any());
        let roll = t.roll.clone().expect("a roll");
        assert_eq!(
            (roll.at_least, roll.each_target, roll.forced),
            (20, true, false)
        );
        assert_eq!(t.outcomes, vec![Outcome::DestroyTarget]);
    }

    #[test]
    fn maddening_chitter_looks_at_an_enemy_marker_and_may_move_it_once_per_round() {
        let read = printed("Thyraxis Dragoon", "Maddening Chitter 14");
        let [Effect::Triggered(t), Effect::D20c(D20c::PeekMoveMarker), Effect::D20c(D20c::OncePerRound)] =
            read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::StartOfTurn);
        let target = t.target.clone().expect("a chosen figure");
        assert_eq!(target.within, Some(6));
        assert!(target.opponents_only && !target.adjacent);
        assert_eq!(
            t.roll.as_ref().map(|r| (r.at_least, r.forced)),
            Some((14, false))
        );
        assert!(t.outcomes.is_empty());
        // the marker put on a figure of another player's card is another power
        let text = crate::game::test_support::printed("Thyraxis Dragoon", "Maddening Chitter 14");
        let wrong = text.replace("controlled by the same player", "you control");
        assert!(read_shared("Thyraxis Dragoon", &wrong).is_err());
    }

    #[test]
    fn ice_troll_charge_adds_three_on_snow_or_ice_and_moves_again_on_13() {
        let read = printed("Ice Troll Berserker", "Ice Troll Charge");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        assert_eq!(t.outcomes, vec![Outcome::MoveAgain]);
        let roll = t.roll.clone().expect("a roll");
        assert_eq!(roll.at_least, 13);
        assert_eq!(roll.ground_bonus, snow_or_ice(3));
        // another land type is not read as snow or ice
        let text = crate::game::test_support::printed("Ice Troll Berserker", "Ice Troll Charge")
            .replace("snow or ice", "sand or rock");
        assert!(read_shared("Ice Troll Berserker", &text).is_err());
    }

    #[test]
    fn cold_regenerate_removes_one_wound_and_one_more_on_snow_or_ice() {
        let read = printed("Ice Troll Berserker", "Cold Regenerate");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!((&t.trigger, t.roll.is_none()), (&Trigger::AfterTurn, true));
        assert_eq!(
            t.outcomes,
            vec![
                Outcome::Heal(1),
                Outcome::HealOnGround {
                    grounds: vec!["snow".into(), "ice".into()],
                    by: 1
                }
            ]
        );
        assert!(t.outcomes.iter().all(Outcome::heals_own_card));
    }

    #[test]
    fn healing_wing_heals_a_wounded_figure_adjacent_or_flown_over() {
        let read = printed("Sonlen (AoA)", "Healing Wing 13");
        let [Effect::Triggered(t)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!(t.trigger, Trigger::AfterMoveBeforeAttack);
        assert_eq!(t.outcomes, vec![Outcome::HealTarget(1)]);
        assert_eq!(t.roll.as_ref().map(|r| r.at_least), Some(13));
        let target = t.target.clone().expect("a chosen figure");
        assert!(target.adjacent && target.passed_over && target.wounded);
        assert!(!target.opponents_only && !target.controlled_only && !target.with_user);
        // "walked past" is no flight over
        let text = crate::game::test_support::printed("Sonlen (AoA)", "Healing Wing 13")
            .replace("passed over", "walked past");
        assert!(read_shared("Sonlen (AoA)", &text).is_err());
    }
}
