//! Powers about who takes a turn, who controls a card and figures entering the battlefield,
//! read as code: a value while one marker is left face down (*Concentrated Will*), a turn
//! taken by revealing the X at the end of a turn (*Fire When Ready*). Played by
//! `game/powers/command.rs`.

use std::sync::OnceLock;

use regex::Regex;

use super::Ctx;
use crate::power::{Command, Condition, Effect, Filter, Stat, Who};

/// *Concentrated Will*: "if Shiori has only one unrevealed order marker on her Army Card, add 1
/// to her attack and defense".
pub(super) fn concentrated_will(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^if (?P<me>.+?) has only one unrevealed order marker on (?:his|her|its) army card, add (?P<by>\d) to (?:his|her|its) attack and defense$",
        )
        .expect("the concentrated-will pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) {
        return None;
    }
    let by: i8 = m["by"].parse().ok()?;
    let one = Condition::UnrevealedMarkersHere(1);
    Some(
        [
            (Stat::Attack, Condition::Attacking),
            (Stat::Defense, Condition::Defending),
        ]
        .into_iter()
        .map(|(stat, role)| Effect::Modify {
            stat,
            by,
            who: Who::Bearer,
            filter: Filter::default(),
            when: vec![role, one.clone()],
        })
        .collect(),
    )
}

/// *Fire When Ready*: "at the end of your player turn, you may reveal the "?x"? order marker on
/// this army card to take a turn with frizzt galagan. no other army card may take this turn
/// instead of frizzt. if frizzt moves during this turn, he cannot attack".
pub(super) fn fire_when_ready(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r#"^at the end of your player turn, you may reveal the "?x"? order marker on this army card to take a turn with (?P<a>.+?)\. no other army card may take this turn instead of (?P<b>.+?)\. if (?P<c>.+?) moves during this turn, (?:he|she|it) cannot attack$"#,
        )
        .expect("the fire-when-ready pattern compiles")
    });
    let m = re.captures(text)?;
    ["a", "b", "c"]
        .iter()
        .all(|k| ctx.me.is_self(&m[*k]))
        .then(|| {
            vec![Effect::Command {
                command: Command::XTurnAfterYourTurn,
            }]
        })
}

/// *Stab in the Back*: "after you take a turn with sir hawthorne, you must roll the 20-sided
/// die. if you roll a 1, choose an opponent. that opponent now controls sir hawthorne. remove
/// any order markers on this army card, then give the card to that opponent".
pub(super) fn stab_in_the_back(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after you take a turn with (?P<a>.+?), you must roll the 20-sided die\. if you roll a (?P<n>\d+), choose an opponent\. that opponent now controls (?P<b>.+?)\. remove any order markers on this army card, then give the card to that opponent$",
        )
        .expect("the stab-in-the-back pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["a"]) || !ctx.me.is_self(&m["b"]) {
        return None;
    }
    // "a 1" is the lowest roll: exactly it is it or less; another number would not be
    let at_most: u8 = m["n"].parse().ok().filter(|n| *n == 1)?;
    Some(vec![Effect::Command {
        command: Command::GivenAwayAfterTurn { at_most },
    }])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::game::test_support::printed;

    #[test]
    fn concentrated_will_adds_to_attack_and_defence_with_one_marker_face_down() {
        let text = printed("Shiori (SOTM)", "Concentrated Will");
        let read = read_shared("Shiori (SOTM)", &text).expect("Concentrated Will reads");
        let m = |stat, role| Effect::Modify {
            stat,
            by: 1,
            who: Who::Bearer,
            filter: Filter::default(),
            when: vec![role, Condition::UnrevealedMarkersHere(1)],
        };
        assert_eq!(
            read,
            vec![
                m(Stat::Attack, Condition::Attacking),
                m(Stat::Defense, Condition::Defending)
            ]
        );
        // another card's name is not Shiori
        assert!(read_shared("Kato Katsuro", &text).is_err());
    }

    #[test]
    fn fire_when_ready_reads_as_a_turn_for_the_x_at_the_end_of_a_turn() {
        let text = printed("Frizzt Galagan", "FIRE WHEN READY");
        let read = read_shared("Frizzt Galagan", &text).expect("Fire When Ready reads");
        assert_eq!(
            read,
            vec![Effect::Command {
                command: Command::XTurnAfterYourTurn
            }]
        );
        // every sentence is needed: without the last, the turn would allow attacks after moving
        let cut = text.rsplit_once(" If Frizzt").map(|(a, _)| a).unwrap();
        assert!(read_shared("Frizzt Galagan", cut).is_err());
    }

    #[test]
    fn stab_in_the_back_reads_as_the_card_given_away_on_a_one() {
        let text = printed("Sir Hawthorne", "Stab in the Back");
        let read = read_shared("Sir Hawthorne", &text).expect("Stab in the Back reads");
        assert_eq!(
            read,
            vec![Effect::Command {
                command: Command::GivenAwayAfterTurn { at_most: 1 }
            }]
        );
        // the markers' removal is part of it
        let cut = text.replace(" Remove any order markers on this Army Card, then", "");
        assert!(read_shared("Sir Hawthorne", &cut).is_err());
    }
}
