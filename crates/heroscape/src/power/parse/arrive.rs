//! Figures entering the battlefield during the game ([`Effect::Arrive`]): a card whose figures
//! only another card summons (*Iskra's Summoning*), the summoning power (*Summon the Rechets of
//! Bogdan*). Readers, not templates: the card summoned is named by its printed name, which the
//! lexicon knows, and every mention of it must name the same card.

use std::sync::OnceLock;

use regex::Regex;

use super::pattern;
use super::Ctx;
use crate::power::{Arrive, Effect, Moment};

/// The card a phrase names by its printed name, an article before it or not ("the rechets of
/// bogdan").
fn card<'a>(ctx: &'a Ctx, phrase: &str) -> Option<&'a str> {
    let p = phrase.trim();
    ctx.lex
        .card_name(p)
        .or_else(|| ctx.lex.card_name(p.strip_prefix("the ")?))
}

/// *Iskra's Summoning*: "rechets of bogdan do not start the game on the battlefield. they must
/// be summoned onto the battlefield by iskra esenwein".
pub(super) fn only_summoned_by(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(.+?) (?:do|does) not start the game on the battlefield\. (?:they|it|he|she) must be summoned onto the battlefield by (.+)$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) || ctx.me.is_self(&m[2]) {
        return None;
    }
    let by = card(ctx, &m[2])?.to_string();
    Some(vec![
        Effect::StartsOffBattlefield,
        Effect::Arrive {
            arrive: Arrive::OnlySummonedBy { by },
        },
    ])
}

/// *Summon the Rechets of Bogdan*: "after taking a turn with iskra esenwein, you may attempt to
/// summon the rechets of bogdan if they are in your army and they have not yet been
/// successfully summoned. roll the 20-sided die. if you roll a 14 or higher, you must place all
/// 3 rechets of bogdan on empty spaces within 6 clear sight spaces of iskra esenwein. any
/// rechets of bogdan that you cannot place on the battlefield are immediately destroyed and
/// cannot be summoned again. when the rechets of bogdan are summoned, you may immediately take
/// a turn with them".
pub(super) fn summon_card(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after taking a turn with (.+?), you may attempt to summon (.+?) if they are in your army and they have not yet been successfully summoned\. roll the 20-sided die\. if you roll an? (\d+) or higher, you must place all (\d+) (.+?) on empty spaces within (\d+) clear sight spaces of (.+?)\. any (.+?) that you cannot place on the battlefield are immediately destroyed and cannot be summoned again(\. when (.+?) are summoned, you may immediately take a turn with them)?$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m[1]) && ctx.me.is_self(&m[7])) {
        return None;
    }
    let summoned = card(ctx, &m[2])?;
    // every mention names the same card, never this one
    let same = |i: usize| card(ctx, &m[i]) == Some(summoned);
    if ctx.me.is_self(&m[2]) || !same(5) || !same(8) || (m.get(9).is_some() && !same(10)) {
        return None;
    }
    Some(vec![Effect::Arrive {
        arrive: Arrive::SummonCard {
            card: summoned.to_string(),
            figures: m[4].parse().ok()?,
            at_least: m[3].parse().ok()?,
            within: m[6].parse().ok()?,
            turn_after: m.get(9).is_some(),
        },
    }])
}

/// The data's "tuck harrington" on Wing Commander Tuck Harrigan's card: his first name, and his
/// surname with two letters more and one changed (three off, where a misspelling of an
/// eight-letter word may be two off).
fn misspelt_self(ctx: &Ctx, phrase: &str) -> bool {
    phrase == "tuck harrington" && ctx.me.is_self("tuck") && ctx.me.is_self("harrigan")
}

/// *Glide In 13*: "tuck harrington does not start the game on the battlefield. if harrigan has
/// not been placed on the battlefield, before revealing a numbered order marker, you may roll
/// the 20-sided die. if you roll 13 or higher, place harrigan on an empty space. you cannon
/// place harrigan adjacent to other figures. then you may move any or all of your unrevealed
/// order markers to this army card" (the data's "cannon" for "cannot" read as printed).
pub(super) fn glide_in(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(.+?) (?:do|does) not start the game on the battlefield\. if (.+?) has not been placed on the battlefield, before revealing a numbered order marker, you may roll the 20-sided die\. if you roll (?:an? )?(\d+) or higher, place (.+?) on an empty space\. you (?:cannot|cannon|cannont) place (.+?) adjacent to other figures\. then you may move any or all of your unrevealed order markers to this army card$",
    )
    .captures(text)?;
    let me = |i: usize| ctx.me.is_self(&m[i]) || misspelt_self(ctx, &m[i]);
    if !(me(1) && me(2) && me(4) && me(5)) {
        return None;
    }
    Some(vec![
        Effect::StartsOffBattlefield,
        Effect::Arrive {
            arrive: Arrive::GlideIn {
                at_least: m[3].parse().ok()?,
            },
        },
    ])
}

/// *Summon Elemental*: "after moving and before attacking with kurrok the elementalist, you
/// may roll the 20-sided die. if you roll an 11 or higher, you may, if possible, place one of
/// your previously destroyed small or medium elementals on an empty space within 3 clear sight
/// spaces of kurrok the elementalist".
pub(super) fn summon_destroyed(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after moving and before attacking with (.+?), you may roll the 20-sided die\. if you roll an? (\d+) or higher, you may, if possible, place one of your previously destroyed (.+?) on an empty space within (\d+) clear sight spaces of (.+)$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m[1]) && ctx.me.is_self(&m[5])) {
        return None;
    }
    let filter = ctx.lex.filter(&m[3]).filter(|f| !f.is_any())?;
    Some(vec![Effect::Arrive {
        arrive: Arrive::Rebirth {
            moment: Moment::AfterMoveBeforeAttack,
            at_least: m[2].parse().ok()?,
            filter,
            within: Some(m[4].parse().ok()?),
        },
    }])
}

/// *Marro Rebirth*: "after taking a turn with marro hive, you may roll the 20-sided die. if
/// you roll a 13 or higher, you may place any previously destroyed common marro squad figure
/// from your army on an empty space adjacent to marro hive".
pub(super) fn rebirth_adjacent(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after taking a turn with (.+?), you may roll the 20-sided die\. if you roll an? (\d+) or higher, you may place any previously destroyed (.+?) from your army on an empty space adjacent to (.+)$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m[1]) && ctx.me.is_self(&m[4])) {
        return None;
    }
    let filter = ctx.lex.filter(&m[3]).filter(|f| !f.is_any())?;
    Some(vec![Effect::Arrive {
        arrive: Arrive::Rebirth {
            moment: Moment::AfterTurn,
            at_least: m[2].parse().ok()?,
            filter,
            within: None,
        },
    }])
}

/// *Grok Training*, *Self Replicating*: "marro hive cannot rebirth grok riders with its
/// (marro) rebirth special power".
pub(super) fn not_reborn(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(.+?) cannot rebirth (.+?) with its (?:marro )?rebirth special power$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[2]) || ctx.me.is_self(&m[1]) {
        return None;
    }
    Some(vec![Effect::Arrive {
        arrive: Arrive::NotRebornBy {
            by: card(ctx, &m[1])?.to_string(),
        },
    }])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use crate::game::test_support::{printed, real};
    use crate::power::{Arrive, Effect};

    #[test]
    fn iskras_summoning_keeps_the_rechets_off_the_battlefield_for_iskra() {
        let text = printed("Rechets of Bogdan", "Iskra's Summoning");
        let read = read_shared("Rechets of Bogdan", &text).expect("Iskra's Summoning reads");
        assert_eq!(
            read,
            vec![
                Effect::StartsOffBattlefield,
                Effect::Arrive {
                    arrive: Arrive::OnlySummonedBy {
                        by: "Iskra Esenwein".into()
                    }
                }
            ]
        );
        // another card named as the summoner is not read as Iskra
        assert!(read_shared(
            "Rechets of Bogdan",
            "Rechets of Bogdan do not start the game on the battlefield. They must be summoned onto the battlefield by a wizard.",
        )
        .is_err());
    }

    #[test]
    fn summon_the_rechets_reads_the_card_the_roll_the_reach_and_the_turn() {
        let text = printed("Iskra Esenwein", "Summon the Rechets of Bogdan");
        let read = read_shared("Iskra Esenwein", &text).expect("the summoning reads");
        assert_eq!(
            read,
            vec![Effect::Arrive {
                arrive: Arrive::SummonCard {
                    card: "Rechets of Bogdan".into(),
                    figures: 3,
                    at_least: 14,
                    within: 6,
                    turn_after: true,
                }
            }]
        );
        // "all 3": the summoned card has 3 figures
        assert_eq!(real("Rechets of Bogdan").figures, 3);
        // a mention of another card in the middle is not the same summoning
        let other = text.replace("Any Rechets of Bogdan", "Any Marro Warriors");
        assert_ne!(other, text);
        assert!(read_shared("Iskra Esenwein", &other).is_err());
    }

    #[test]
    fn glide_in_keeps_harrigan_off_and_reads_the_roll() {
        let text = printed("Wing Commander Tuck Harrigan", "Glide In 13");
        let read = read_shared("Wing Commander Tuck Harrigan", &text).expect("Glide In reads");
        assert_eq!(
            read,
            vec![
                Effect::StartsOffBattlefield,
                Effect::Arrive {
                    arrive: Arrive::GlideIn { at_least: 13 }
                }
            ]
        );
        // another figure's name is not Harrigan's
        let other = text.replace("place Harrigan on", "place Raelin on");
        assert_ne!(other, text);
        assert!(read_shared("Wing Commander Tuck Harrigan", &other).is_err());
        // the misspelt name is his only on his card
        assert!(read_shared("Raelin", &text).is_err());
    }

    #[test]
    fn summon_elemental_and_marro_rebirth_read_whom_they_bring_back_and_where() {
        use crate::card::{Kind, Rarity, Size};
        use crate::power::{Filter, Moment};
        let text = printed("Kurrok the Elementalist", "Summon Elemental");
        let read = read_shared("Kurrok the Elementalist", &text).expect("Summon Elemental reads");
        assert_eq!(
            read,
            vec![Effect::Arrive {
                arrive: Arrive::Rebirth {
                    moment: Moment::AfterMoveBeforeAttack,
                    at_least: 11,
                    filter: Filter {
                        species: Some("Elemental".into()),
                        sizes: vec![Size::Small, Size::Medium],
                        ..Filter::default()
                    },
                    within: Some(3),
                }
            }]
        );
        let text = printed("Marro Hive", "Marro Rebirth");
        let read = read_shared("Marro Hive", &text).expect("Marro Rebirth reads");
        assert_eq!(
            read,
            vec![Effect::Arrive {
                arrive: Arrive::Rebirth {
                    moment: Moment::AfterTurn,
                    at_least: 13,
                    filter: Filter {
                        species: Some("Marro".into()),
                        kind: Some(Kind::Squad),
                        rarity: Some(Rarity::Common),
                        ..Filter::default()
                    },
                    within: None,
                }
            }]
        );
        for (card, power) in [
            ("Grok Riders", "Grok Training"),
            ("Marro Dividers", "Self Replicating"),
        ] {
            let read = read_shared(card, &printed(card, power)).expect("the exclusion reads");
            assert_eq!(
                read,
                vec![Effect::Arrive {
                    arrive: Arrive::NotRebornBy {
                        by: "Marro Hive".into()
                    }
                }]
            );
        }
        // another card's figures are not the bearer's
        assert!(read_shared(
            "Grok Riders",
            &printed("Marro Dividers", "Self Replicating")
        )
        .is_err());
    }
}
