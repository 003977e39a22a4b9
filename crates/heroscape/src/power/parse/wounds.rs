//! Powers acting when a figure would receive wounds, read for the defender's side
//! (`game/powers/wounds.rs`): *Exoskeleton*, markers the card starts the game with, one spent
//! to ignore all the wounds of a normal attack once its defence dice are rolled; *Dying
//! Swipe*, attack dice rolled by a figure a normal attack destroys.

use std::sync::OnceLock;

use regex::Regex;

use super::Ctx;
use crate::card::Kind;
use crate::power::wounds::WoundPower;
use crate::power::{Effect, Supply};

/// *Exoskeleton*: "at the start of the game, place 1 copper exoskeleton marker on a mezzodemon
/// warmongers army card for each mezzodemon warmonger figure in your army. after a mezzodemon
/// warmonger rolls defense dice against a normal attack, you may remove 1 exoskeleton marker
/// from its army card to ignore all wounds inflicted by that attack". The card starts with
/// one marker per figure of the card (the game multiplies them by the copies of a common
/// card, whose figures are all in the army). The markers removed must be the card's own, and
/// every figure named must be the card's.
pub(super) fn exoskeleton(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = RE
        .get_or_init(|| {
            Regex::new(r"^at the start of the game, place (?:1|one) ([a-z ]+?) marker on an? ([a-z ]+?) army card for each ([a-z ]+?) figure in your army\. after an? ([a-z ]+?) rolls defense dice against a normal attack, you may remove (?:1|one) ([a-z ]+?) marker from its army card to ignore all wounds inflicted by that attack$")
                .expect("the exoskeleton pattern compiles")
        })
        .captures(text)?;
    let marker = m[1].to_string();
    let named = marker == m[5] || marker.ends_with(&format!(" {}", &m[5]));
    let own = [2, 3, 4].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !named || !own || ctx.card.kind != Kind::Squad {
        return None;
    }
    Some(vec![Effect::Supply(Supply::IgnoreWounds {
        marker,
        markers: u16::from(ctx.card.figures),
    })])
}

/// *Dying Swipe*: "if this frost giant of morh is attacked with a normal attack by an
/// opponent's figure and receives enough wounds to be destroyed, roll 3 attack dice. one at a
/// time for each skull rolled, you may inflict 1 wound on any figure that is adjacent to this
/// frost giant of morh. figures affected by dying swipe cannot roll any defense dice and can
/// receive more than 1 wound each. after using dying swipe, remove this frost giant of morh
/// from the battlefield". Every figure named must be the card's, and the power named its own.
pub(super) fn dying_swipe(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = RE
        .get_or_init(|| {
            Regex::new(r"^if ([a-z ]+?) is attacked with a normal attack by an opponent's figure and receives enough wounds to be destroyed, roll (\d+) attack dice\. one at a time for each skull rolled, you may inflict (?:1|one) wound on any figure that is adjacent to ([a-z ]+?)\. figures affected by ([a-z' ]+?) cannot roll any defense dice and can receive more than (?:1|one) wound each\. after using ([a-z' ]+?), remove ([a-z ]+?) from the battlefield$")
                .expect("the dying swipe pattern compiles")
        })
        .captures(text)?;
    let own = [1, 3, 6].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own || m[4] != *ctx.name || m[5] != *ctx.name {
        return None;
    }
    Some(vec![Effect::Wounds(WoundPower::DyingSwipe {
        dice: m[2].parse().ok()?,
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use crate::game::test_support::printed;
    use crate::power::wounds::WoundPower;
    use crate::power::{Effect, Supply};

    #[test]
    fn dying_swipe_rolls_as_the_giant_falls() {
        let card = "Frost Giant of Morh";
        let text = printed(card, "Dying Swipe");
        assert_eq!(
            super::super::read_shared_as(card, "Dying Swipe", &text),
            Ok(vec![Effect::Wounds(WoundPower::DyingSwipe { dice: 3 })])
        );
        // against any attack, or with defence dice, it is another power
        assert!(super::super::read_shared_as(
            card,
            "Dying Swipe",
            &text.replace("with a normal attack ", "")
        )
        .is_err());
        assert!(super::super::read_shared_as(
            card,
            "Dying Swipe",
            &text.replace("cannot roll any defense dice and ", "")
        )
        .is_err());
    }

    #[test]
    fn exoskeleton_markers_ignore_a_normal_attacks_wounds() {
        let card = "Mezzodemon Warmongers";
        let text = printed(card, "Exoskeleton");
        let figures = crate::game::test_support::real(card).figures;
        assert_eq!(
            read_shared(card, &text),
            Ok(vec![Effect::Supply(Supply::IgnoreWounds {
                marker: "copper exoskeleton".into(),
                markers: u16::from(figures),
            })])
        );
        // against any attack, or with another card's markers, it is another power
        assert!(read_shared(card, &text.replace("against a normal attack", "")).is_err());
        assert!(read_shared(
            card,
            &text.replace("remove 1 Exoskeleton", "remove 1 Venom")
        )
        .is_err());
        assert!(read_shared(
            card,
            &text.replace("After a Mezzodemon Warmonger", "After a Marro Warrior")
        )
        .is_err());
    }
}
