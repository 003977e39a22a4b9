//! Powers acting in the middle of a move, read into [`crate::power::midmove::MidMove`]:
//! *Sharp Thorns* and *Wicked Thorns* (an enemy stepping next to the card's figure may be
//! stopped, weakened and wounded).

use std::sync::OnceLock;

use regex::Regex;

use super::pattern;
use super::Ctx;
use crate::card::Size;
use crate::power::midmove::MidMove;
use crate::power::{Effect, Filter};

/// "small or medium": the sizes named, each once.
pub(super) fn sizes(phrase: &str) -> Option<Vec<Size>> {
    let mut out = Vec::new();
    for w in phrase.split(' ').filter(|w| !w.is_empty() && *w != "or") {
        let size = match w {
            "small" => Size::Small,
            "medium" => Size::Medium,
            "large" => Size::Large,
            "huge" => Size::Huge,
            _ => return None,
        };
        if out.contains(&size) {
            return None;
        }
        out.push(size);
    }
    (!out.is_empty()).then_some(out)
}

/// *Sharp Thorns* ("if an enemy small or medium figure moves onto a space adjacent to vrono
/// the brambletooth where that figure could end its movement, ...") and *Wicked Thorns* ("...
/// moves adjacent to girushia on a space where that figure could end its movement, ..."): the
/// roll that stops the enemy and lowers its attack value until the end of the current turn,
/// and the higher roll that also wounds it. The figure named must be the card's own, the
/// wound threshold above the stopping one.
pub(super) fn thorns(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^if an enemy (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) figure moves (?:onto a space adjacent to (?P<a>.+?) where|adjacent to (?P<b>.+?) on a space where) that figure could end its movement, you may roll the 20-sided die\. if you roll an? (?P<stop>\d+) or higher, the figure ends its movement and lowers its attack value by (?P<lower>\d+) until the end of the current turn\. if you roll an? (?P<wound>\d+) or higher, the figure also (?:receives|suffers) one wound$",
    )
    .captures(text)?;
    let named = m.name("a").or(m.name("b"))?.as_str();
    if !ctx.me.is_self(named) {
        return None;
    }
    let (stop, wound): (u8, u8) = (m["stop"].parse().ok()?, m["wound"].parse().ok()?);
    if !(1..=20).contains(&stop) || wound <= stop || wound > 20 {
        return None;
    }
    Some(vec![Effect::MidMove(MidMove::Thorns {
        filter: Filter {
            sizes: sizes(&m["sizes"])?,
            ..Filter::default()
        },
        stop,
        lower: m["lower"].parse().ok()?,
        wound,
    })])
}

/// *Stomp 8*: "once during imperator kayne's turn, at any point during his normal movement
/// that he is on a space where he could end his movement, you may choose an adjacent small or
/// medium figure whose level is no more than 5 levels above kayne's level and roll the
/// 20-sided die: if you roll 8 or higher, that figure receives 1 wound". Every figure named
/// must be the card's own.
pub(super) fn stomp(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^once during (?P<a>.+?) turn, at any point during (?:his|her|its) normal movement that (?:he|she|it) is on a space where (?:he|she|it) could end (?:his|her|its) movement, you may choose an adjacent (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) figure whose level is no more than (?P<above>\d+) levels? above (?P<b>.+?) level and roll the 20-sided die: if you roll (?P<at>\d+) or higher, that figure receives (?P<w>\d+) wounds?$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m["a"]) && ctx.me.is_self(&m["b"])) {
        return None;
    }
    let at_least: u8 = m["at"].parse().ok()?;
    if !(1..=20).contains(&at_least) {
        return None;
    }
    Some(vec![Effect::MidMove(MidMove::Stomp {
        filter: Filter {
            sizes: sizes(&m["sizes"])?,
            ..Filter::default()
        },
        above: m["above"].parse().ok()?,
        at_least,
        wounds: m["w"].parse().ok()?,
    })])
}

/// *Talon Grab*: "while this wyvern is flying, you may choose one opponent's small or medium
/// figure that it passed over this turn. place the chosen figure on an empty same-level space
/// adjacent to this wyvern at the end of its move. if the chosen figure is engaged when it is
/// moved by talon grab, it will not take any leaving engagement attacks. figures under
/// overhangs can never be moved by talon grab". The figures named must be the card's own, the
/// power named its own.
pub(super) fn talon_grab(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^while (?P<a>.+?) is flying, you may choose one opponent's (?P<sizes>(?:small|medium|large|huge)(?: or (?:small|medium|large|huge))*) figure that it passed over this turn\. place the chosen figure on an empty same-level space adjacent to (?P<b>.+?) at the end of its move\. if the chosen figure is engaged when it is moved by (?P<n1>.+?), it will not take any leaving engagement attacks\. figures under overhangs can never be moved by (?P<n2>.+?)$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m["a"])
        && ctx.me.is_self(&m["b"])
        && &m["n1"] == ctx.name
        && &m["n2"] == ctx.name)
    {
        return None;
    }
    Some(vec![Effect::MidMove(MidMove::GrabPassedOver {
        filter: Filter {
            sizes: sizes(&m["sizes"])?,
            ..Filter::default()
        },
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared_as;
    use crate::card::Size;
    use crate::game::test_support::printed;
    use crate::power::midmove::MidMove;
    use crate::power::{Effect, Filter};

    fn thorns(stop: u8, wound: u8) -> Result<Vec<Effect>, String> {
        Ok(vec![Effect::MidMove(MidMove::Thorns {
            filter: Filter {
                sizes: vec![Size::Small, Size::Medium],
                ..Filter::default()
            },
            stop,
            lower: 1,
            wound,
        })])
    }

    #[test]
    fn sharp_and_wicked_thorns_read_as_a_stop_on_the_way() {
        for (card, power, stop) in [
            ("Vrono the Brambletooth", "SHARP THORNS", 12),
            ("Girushia, Grove Keeper", "WICKED THORNS", 10),
        ] {
            let text = printed(card, power);
            assert_eq!(
                read_shared_as(card, power, &text),
                thorns(stop, 18),
                "{card}"
            );
        }
        // the figure named must be the card's own, and the wound roll above the stopping one
        let text = printed("Vrono the Brambletooth", "SHARP THORNS");
        let other = text.replace("adjacent to Vrono the Brambletooth", "adjacent to Girushia");
        assert!(read_shared_as("Vrono the Brambletooth", "", &other).is_err());
        let other = text.replace("18 or higher", "11 or higher");
        assert!(read_shared_as("Vrono the Brambletooth", "", &other).is_err());
        // a clause left out is no longer the power
        let other = text.replace(
            " and lowers its Attack Value by 1 until the end of the current turn",
            "",
        );
        assert!(read_shared_as("Vrono the Brambletooth", "", &other).is_err());
    }

    #[test]
    fn stomp_reads_as_a_chosen_wound_on_the_way() {
        let text = printed("Imperator Kayne", "Stomp 8");
        assert_eq!(
            read_shared_as("Imperator Kayne", "Stomp 8", &text),
            Ok(vec![Effect::MidMove(MidMove::Stomp {
                filter: Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                },
                above: 5,
                at_least: 8,
                wounds: 1,
            })])
        );
        // not once a turn, or not on a space where he could end his movement: another power
        let other = text.replace("Once during Imperator Kayne's turn, at", "At");
        assert!(read_shared_as("Imperator Kayne", "", &other).is_err());
        let other = text.replace(" that he is on a space where he could end his movement", "");
        assert!(read_shared_as("Imperator Kayne", "", &other).is_err());
    }

    #[test]
    fn talon_grab_reads_as_a_figure_passed_over_placed_next() {
        let text = printed("Wyvern", "Talon Grab");
        assert_eq!(
            read_shared_as("Wyvern", "Talon Grab", &text),
            Ok(vec![Effect::MidMove(MidMove::GrabPassedOver {
                filter: Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..Filter::default()
                },
            })])
        );
        // the overhang clause is part of it
        let other = text.replace(
            " Figures under overhangs can never be moved by Talon Grab.",
            "",
        );
        assert!(read_shared_as("Wyvern", "Talon Grab", &other).is_err());
    }
}
