//! Powers spending markers the card starts the game with ([`Effect::Supply`]): "start the game
//! with 3 black powder markers on this card. after moving and before attacking, you may remove
//! a powder marker from this card to add 4 to X's range value for the rest of the turn. you
//! may only use this (special) power once during a round" (*Black Powder Pistols*); a marker
//! placed on an opponent's card to negate its powers (*Rod of Negation*).

use std::sync::OnceLock;

use regex::Regex;

use super::pattern;
use super::Ctx;
use crate::power::{Effect, Stat, Supply};

fn stat(word: &str) -> Option<Stat> {
    Some(match word {
        "move" => Stat::Move,
        "range" => Stat::Range,
        "attack" => Stat::Attack,
        "defense" => Stat::Defense,
        _ => return None,
    })
}

/// *Black Powder Pistols*: markers spent after moving and before attacking to raise a value of
/// the card's figures for the rest of the turn, once a round. The marker removed must be one
/// of those the card starts with ("a powder marker" of the "black powder markers").
pub(super) fn boost(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^start the game with (\d+) ([a-z ]+?) markers on this card\. after moving and before attacking, you may remove an? ([a-z ]+?) marker from this card to add (\d+) to (.+?)(?:'s|') (move|range|attack|defense) (?:value|number) for the rest of (?:this|the) turn(\. you may only use this (?:special )?power once during a round)?$",
    )
    .captures(text)?;
    let marker = m[2].to_string();
    if !(marker == m[3] || marker.ends_with(&format!(" {}", &m[3]))) || !ctx.me.is_self(&m[5]) {
        return None;
    }
    Some(vec![Effect::Supply(Supply::Boost {
        marker,
        markers: m[1].parse().ok()?,
        stat: stat(&m[6])?,
        by: m[4].parse().ok()?,
        once_per_round: m.get(7).is_some(),
    })])
}

/// *Rod of Negation*: a marker spent on an opponent's unique figure after a roll, its card's
/// powers negated for the game, the figure destroyed on the table's top line. The markers
/// named throughout must be the card's own, and the table's lines must follow each other.
pub(super) fn negation(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^start the game with (\d+) ([a-z ]+?) markers on this card\. at the end of the turn, if you have at least 1 ([a-z ]+?) marker on this card, you may choose any opponent's unique figure within (\d+) clear sight spaces of (.+?)\. roll the 20-sided die\. if you roll a 1-(\d+), nothing happens\. if you roll a (\d+)-(\d+), place a ([a-z ]+?) marker on the chosen figure's army card\. all of that figure's special powers are negated for the entire game\. if you roll a (\d+), destroy the chosen figure$",
    )
    .captures(text)?;
    let marker = m[2].to_string();
    let named = |w: &str| marker == w || marker.ends_with(&format!(" {w}"));
    let n = |i: usize| m[i].parse::<u8>().ok();
    let (nothing, negate_from, negate_to, destroy_from) = (n(6)?, n(7)?, n(8)?, n(10)?);
    if !(named(&m[3]) && named(&m[9]) && ctx.me.is_self(&m[5]))
        || negate_from != nothing + 1
        || destroy_from != negate_to + 1
        || destroy_from != 20
    {
        return None;
    }
    Some(vec![Effect::Supply(Supply::Negation {
        marker,
        markers: m[1].parse().ok()?,
        within: m[4].parse().ok()?,
        negate_from,
        destroy_from,
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared_as;
    use crate::game::test_support::printed;
    use crate::power::{Effect, Stat, Supply};

    #[test]
    fn black_powder_pistols_read_as_markers_spent_on_range() {
        let want = Ok(vec![Effect::Supply(Supply::Boost {
            marker: "black powder".into(),
            markers: 3,
            stat: Stat::Range,
            by: 4,
            once_per_round: true,
        })]);
        for (card, power) in [
            ("Exiles of the Sundered Sea", "Black Powder Pistols"),
            ("Fia Bonny the Void Siren", "Black Powder Pistol"),
        ] {
            let text = printed(card, power);
            assert_eq!(read_shared_as(card, power, &text), want, "{card}");
        }
        // the marker removed must be one the card holds, and the value the card's own
        let text = printed("Exiles of the Sundered Sea", "Black Powder Pistols");
        let other = text.replace("remove a Powder", "remove a Negation");
        assert!(read_shared_as("Exiles of the Sundered Sea", "", &other).is_err());
        let other = text.replace("Exiles of the Sundered Sea's", "Morsbane's");
        assert!(read_shared_as("Exiles of the Sundered Sea", "", &other).is_err());
    }

    #[test]
    fn rod_of_negation_reads_as_markers_spent_on_a_roll() {
        let text = printed("Morsbane", "Rod of Negation");
        assert_eq!(
            read_shared_as("Morsbane", "Rod of Negation", &text),
            Ok(vec![Effect::Supply(Supply::Negation {
                marker: "brown negation".into(),
                markers: 3,
                within: 6,
                negate_from: 16,
                destroy_from: 20,
            })])
        );
        // a table with a gap does not read
        let gap = text.replace("16-19", "17-19");
        assert!(read_shared_as("Morsbane", "", &gap).is_err());
    }
}
