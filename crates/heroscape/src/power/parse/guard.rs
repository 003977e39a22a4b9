//! Powers answering an attack as a figure is targeted, or wounds about to land
//! ([`Effect::Guard`]), read for `game/powers/guard.rs`: *Master of Disguise* (a figure no
//! attack may target for the rest of the turn), *Smoke Powder* (no visible hit zone for the
//! rest of the attacker's turn), *Amulet of Paivatar* (wounds ignored, from any source).

use std::sync::OnceLock;

use regex::Regex;

use super::{pattern, Ctx};
use crate::power::guard::Guard;
use crate::power::rolls2::Reach;
use crate::power::{Effect, Who};

/// *Master of Disguise*: "the first time each turn that fia bonny is targeted by a squad
/// figure with a normal or special attack, you may roll the 20-sided die. if you roll a 13 or
/// higher, bonny cannot be targeted by that attack or any other attack this turn". Every
/// figure named must be the card's; the attackers are described by their card's kind.
pub(super) fn master_of_disguise(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^the first time each turn that ([a-z ]+?) is targeted by an? ([a-z ]+?) figure with a normal or special attack, you may roll the 20-sided die\. if you roll an? (\d+) or higher, ([a-z ]+?) cannot be targeted by that attack or any other attack this turn$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) || !ctx.me.is_self(&m[4]) {
        return None;
    }
    let by = ctx.lex.filter(&m[2]).filter(|f| f.kind.is_some())?;
    Some(vec![Effect::Guard(Guard::Disguise {
        at_least: m[3].parse().ok()?,
        by,
    })])
}

/// *Smoke Powder*: "when any nakita agent you control, or any figure you control that is
/// adjacent to any nakita agent you control, is targeted for a normal attack from a
/// non-adjacent opponent, you may roll the 20-sided die. if you roll a 13 or higher, all
/// nakita agents you control, and all figures you control that are adjacent to those nakita
/// agents, no longer have any visible hit zones for the duration of the targeting figure's
/// turn". Every figure named must be the card's.
pub(super) fn smoke_powder(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^when any ([a-z ]+?) you control, or any figure you control that is adjacent to any ([a-z ]+?) you control, is targeted for a normal attack from a non-adjacent opponent, you may roll the 20-sided die\. if you roll an? (\d+) or higher, all ([a-z ]+?) you control, and all figures you control that are adjacent to those ([a-z ]+?), no longer have any visible hit zones for the duration of the targeting figure'?s turn$",
    )
    .captures(text)?;
    let own = [1, 2, 4, 5].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own {
        return None;
    }
    Some(vec![Effect::Guard(Guard::Smoke {
        at_least: m[3].parse().ok()?,
    })])
}

/// *Amulet of Paivatar*: "when a kyrie you control who follows ullar within 6 clear sight
/// spaces of xiamara the kyrie warrior would receive 1 or more wounds, you may roll the
/// 20-sided die. if you roll an 8-16, ignore all but 1 wound. if you roll a 17 or higher,
/// ignore all wounds. amulet of paivatar does not affect xiamara". The two ranges must meet
/// (the first ends just below the second), the card's own figure is left out, and the power
/// named must be this one.
pub(super) fn amulet(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^when an? ([a-z ]+?) you control who follows ([a-z]+) within (\d+) clear sight spaces of ([a-z' ]+?) would receive (?:1|one) or more wounds, you may roll the 20-sided die\. if you roll an? (\d+)\s*[-–]\s*(\d+), ignore all but (?:1|one) wound\. if you roll an? (\d+) or higher, ignore all wounds\. ([a-z' ]+?) does not affect ([a-z' ]+?)$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[4]) || !ctx.me.is_self(&m[9]) || m[8] != *ctx.name {
        return None;
    }
    let (some, top, all): (u8, u8, u8) =
        (m[5].parse().ok()?, m[6].parse().ok()?, m[7].parse().ok()?);
    if some > top || top.checked_add(1) != Some(all) {
        return None;
    }
    let filter = ctx
        .lex
        .filter(&format!("{} who follows {}", &m[1], &m[2]))
        .filter(|f| f.general.is_some() && f.species.is_some())?;
    Some(vec![Effect::Guard(Guard::Amulet {
        wearers: Reach {
            who: Who::OtherControlledWithin(m[3].parse().ok()?),
            filter,
        },
        some,
        all,
    })])
}

#[cfg(test)]
mod tests {
    use super::super::{read_shared, read_shared_as};
    use crate::card::Kind;
    use crate::game::test_support::printed;
    use crate::power::guard::Guard;
    use crate::power::{Effect, Who};

    #[test]
    fn master_of_disguise_answers_a_squad_figure_targeting_bonny() {
        let card = "Fia Bonny the Void Siren";
        let text = printed(card, "Master of Disguise 13");
        let read = read_shared(card, &text).expect("it reads");
        let [Effect::Guard(Guard::Disguise { at_least, by })] = read.as_slice() else {
            panic!("one disguise effect, not {read:?}");
        };
        assert_eq!(*at_least, 13);
        assert_eq!(by.kind, Some(Kind::Squad));
        // against normal attacks only, or only for that attack, it is another power
        assert!(read_shared(
            card,
            &text.replace("normal or special attack", "normal attack")
        )
        .is_err());
        assert!(read_shared(card, &text.replace(" or any other attack this turn", "")).is_err());
    }

    #[test]
    fn smoke_powder_hides_the_agents_and_their_neighbours() {
        let card = "Nakita Agents";
        let text = printed(card, "Smoke Powder 13");
        assert_eq!(
            read_shared(card, &text),
            Ok(vec![Effect::Guard(Guard::Smoke { at_least: 13 })])
        );
        // from any opponent, or for a whole round, it is another power
        assert!(read_shared(card, &text.replace("non-adjacent opponent", "opponent")).is_err());
        assert!(read_shared(
            card,
            &text.replace("the duration of the targeting figure’s turn", "the round")
        )
        .is_err());
    }

    #[test]
    fn amulet_of_paivatar_reaches_other_kyrie_following_ullar() {
        let card = "Xiamara the Kyrie Warrior";
        let text = printed(card, "AMULET OF PAIVATAR");
        let read = read_shared_as(card, "AMULET OF PAIVATAR", &text).expect("it reads");
        let [Effect::Guard(Guard::Amulet { wearers, some, all })] = read.as_slice() else {
            panic!("one amulet effect, not {read:?}");
        };
        assert_eq!((*some, *all), (8, 17));
        assert_eq!(wearers.who, Who::OtherControlledWithin(6));
        assert_eq!(wearers.filter.species.as_deref(), Some("Kyrie"));
        assert_eq!(wearers.filter.general.as_deref(), Some("Ullar"));
        // ranges that do not meet, or the power naming another, are another power
        assert!(
            read_shared_as(card, "AMULET OF PAIVATAR", &text.replace("17 or", "18 or")).is_err()
        );
        assert!(read_shared_as(
            card,
            "AMULET OF PAIVATAR",
            &text.replace("Amulet of Paivatar does", "Rune of Ullar does")
        )
        .is_err());
    }
}
