//! Special attacks with riders the attack templates (`attacks.rs`, `special.rs`) do not read,
//! each read whole by code: *Psionic Blast* (no clear line of sight, an order marker off the
//! card of each figure it wounds), *Full Barrage* (range and attack pairs, one per attack),
//! *Drill-Drive* (a move in a straight line through figures, then one roll at them all),
//! *Ninjutsu Barrage* (attacks before, during or after a move), *Ninjutsu Mastery* (placed beside
//! a figure before each attack).
//! The riders are [`crate::power::specials::Specials`].

use std::sync::OnceLock;

use regex::Regex;

use super::{pattern, special, Ctx};
use crate::power::specials::{Pair, Specials};
use crate::power::{Area, Effect};

/// *Psionic Blast*: "range 3 attack 3 this mind flayer mastermind does not need clear line of
/// sight to attack with psionic blast special attack. if a figure recieves 1 or more wounds
/// from psionic blast special attack, remove one unrevealed order marker at random from that
/// figure's army card (or cards if your opponent has more than one common card for that
/// figure)". The figure named must be the card's and the power named its own.
pub(super) fn psionic_blast(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^range (\d+)[.,]? attack (\d+)[.,]? ([a-z ]+?) does not need (?:a )?clear line of sight to attack with ([a-z' -]+?)\. if a figure (?:receives|recieves) (?:1|one) or more wounds from ([a-z' -]+?), remove (?:1|one) unrevealed order marker at random from that figure's army card \(or cards if your opponent has more than one common card for that figure\)$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[3]) || m[4] != *ctx.name || m[5] != *ctx.name {
        return None;
    }
    let mut a = special(Some(m[1].parse().ok()?), m[2].parse().ok()?, Area::Single);
    a.no_sight = true;
    Some(vec![
        Effect::SpecialAttack(a),
        Effect::Specials(Specials::MarkerOffOnWound),
    ])
}

/// *Full Barrage*: "range special. attack special. when using full barrage special attack,
/// major q11 may attack up to 3 times. each attack must target a different figure and must use
/// a different range and attack value pair from the list below (in any order). range 7, attack
/// 2. - range 5, attack 3. - range 3, attack 4. major q11 cannot target the same figure more
/// than once per turn with full barrage special attack". The attacks may not outnumber the
/// pairs (each uses a different one), and no two pairs share their dice (the action names a
/// pair by its dice). The figures named must be the card's and the power named its own.
pub(super) fn full_barrage(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    static PAIR: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^range special\. attack special\. when using ([a-z' -]+?), ([a-z0-9 ]+?) may attack up to (\d+) times\. each attack must target a different figure and must use a different range and attack value pair from the list below \(in any order\)((?:\. (?:- )?range \d+, attack \d+)+)\. ([a-z0-9 ]+?) cannot target the same figure more than once per turn with ([a-z' -]+)$",
    )
    .captures(text)?;
    if m[1] != *ctx.name || m[6] != *ctx.name || !ctx.me.is_self(&m[2]) || !ctx.me.is_self(&m[5]) {
        return None;
    }
    let pairs: Vec<Pair> = pattern(&PAIR, r"range (\d+), attack (\d+)")
        .captures_iter(&m[4])
        .map(|p| {
            Some(Pair {
                range: p[1].parse().ok()?,
                attack: p[2].parse().ok()?,
            })
        })
        .collect::<Option<_>>()?;
    let attacks: u8 = m[3].parse().ok()?;
    let mut dice: Vec<u16> = pairs.iter().map(|p| p.attack).collect();
    dice.sort_unstable();
    dice.dedup();
    if usize::from(attacks) > pairs.len() || dice.len() != pairs.len() {
        return None;
    }
    let mut a = special(None, *dice.iter().max()?, Area::Single);
    a.dice_choice = pairs.iter().map(|p| p.attack).collect();
    a.attacks = attacks;
    a.distinct_targets = true;
    Some(vec![
        Effect::SpecialAttack(a),
        Effect::Specials(Specials::Pairs { pairs }),
    ])
}

/// *Drill-Drive*: "range special. attack 4. instead of moving and attacking normally with
/// decker, you may move him up to 5 spaces in a straight line. when moving with drill-drive
/// special attack, decker may pass through figures and does not take leaving engagement
/// attacks from figures he passed through. after moving, roll attack dice once for all figures
/// passed through that turn. each figure rolls defense dice separately. defending figures
/// never have height advantage against drill-drive special attack". Only for a card of one
/// single-space figure: the straight line is the path of one hex. The figures named must be
/// the card's and the power named its own.
pub(super) fn drill_drive(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^range special\. attack (\d+)\. instead of moving and attacking normally with ([a-z ]+?), you may move ([a-z ]+?) up to (\d+) spaces in a straight line\. when moving with ([a-z' -]+?), ([a-z ]+?) may pass through figures and does not take leaving engagement attacks from figures ([a-z ]+?) passed through\. after moving, roll attack dice once for all figures passed through that turn\. each figure rolls defense dice separately\. defending figures never have height advantage against ([a-z' -]+)$",
    )
    .captures(text)?;
    let own = [2, 3, 6, 7].iter().all(|&i| ctx.me.is_self(&m[i]));
    let card = ctx.card;
    if !own || m[5] != *ctx.name || m[8] != *ctx.name || card.figures != 1 || card.base != 1 {
        return None;
    }
    Some(vec![Effect::Specials(Specials::DrillDrive {
        spaces: m[4].parse().ok()?,
        attack: m[1].parse().ok()?,
    })])
}

/// *Ninjutsu Barrage*: "range 1 attack 3 instead of moving and attacking normally with kumiko,
/// you may move kumiko up to 3 spaces. kumiko can attack up to 3 times with ninjutsu barrage
/// special attack at any point before, during, or after this move as long as kumiko is on a
/// space where she could end her movement. kumiko cannot attack the same figure more than once
/// on a single turn". The figures named must be the card's and the power named its own.
pub(super) fn barrage(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^range (\d+)[.,]? attack (\d+)[.,]? instead of moving and attacking normally with ([a-z ]+?), you may move ([a-z ]+?) up to (\d+) spaces\. ([a-z ]+?) can attack up to (\d+) times with ([a-z' -]+?) at any point before, during,? or after this move as long as ([a-z ]+?) is on a space where (?:he|she|it) could end (?:his|her|its) movement\. ([a-z ]+?) cannot attack the same figure more than once on a single turn$",
    )
    .captures(text)?;
    let own = [3, 4, 6, 9, 10].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own || m[8] != *ctx.name {
        return None;
    }
    let mut a = special(Some(m[1].parse().ok()?), m[2].parse().ok()?, Area::Single);
    a.attacks = m[7].parse().ok()?;
    a.distinct_targets = true;
    Some(vec![
        Effect::SpecialAttack(a),
        Effect::Specials(Specials::Barrage {
            spaces: m[5].parse().ok()?,
        }),
    ])
}

/// *Ninjutsu Mastery*: "range 1. attack 2+ special. if shiori did not move normally, she
/// mayattack with ninjutsu mastery special attack up to three times. before each attack, you
/// must choose an opponent's figure within 2 clear sight paces of shiori and place shiori on an
/// empty space adjacent to that figure that is not more than 6 spaces higher or lower than
/// shiori's base. when attacking with ninjutsu mastery special attack, shiori rolls 2 attack
/// dice, or 3 attack dice if shiori has exactly one unrevealed order marker on her army card"
/// (the card's typos read as printed). The printed "2+" is the dice the last sentence gives,
/// and must be its smaller number. The figures named must be the card's and the power named
/// its own.
pub(super) fn mastery(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^range (\d+)[.,]? attack (\d+)\+ special[.,]? if ([a-z ]+?) did not move normally, (?:he|she|it) may ?attack with ([a-z' -]+?) up to (two|three|four|\d+) times\. before each attack, you must choose an opponent's figure within (\d+) clear sight s?paces of ([a-z ]+?) and place ([a-z ]+?) on an empty space adjacent to that figure that is not more than (\d+) (?:spaces|levels) higher or lower than ([a-z ]+?)'s? base\. when attacking with ([a-z' -]+?), ([a-z ]+?) rolls (\d+) attack dice, or (\d+) attack dice if ([a-z ]+?) has exactly one unrevealed order marker on (?:his|her|its) army card$",
    )
    .captures(text)?;
    let own = [3, 7, 8, 10, 12, 15].iter().all(|&i| ctx.me.is_self(&m[i]));
    if !own || m[4] != *ctx.name || m[11] != *ctx.name {
        return None;
    }
    let attacks: u8 = match &m[5] {
        "two" => 2,
        "three" => 3,
        "four" => 4,
        n => n.parse().ok()?,
    };
    let (printed, dice, more): (u16, u16, u16) =
        (m[2].parse().ok()?, m[13].parse().ok()?, m[14].parse().ok()?);
    if printed != dice || more <= dice {
        return None;
    }
    let mut a = special(Some(m[1].parse().ok()?), dice, Area::Single);
    a.attacks = attacks;
    Some(vec![
        Effect::SpecialAttack(a),
        Effect::Specials(Specials::Mastery {
            within: m[6].parse().ok()?,
            levels: m[9].parse().ok()?,
            last_marker_dice: more,
        }),
    ])
}

/// The riders of *Thunder Ram Assault Special Attack* after its attack: "you can only use
/// thunder ram assault special attack if eltahale was not adjacent to the targeted figure at
/// the start of this turn. you cannot use thunder ram assault special attack if you used
/// thunder step this turn". The power must be a special attack naming itself, the figure the
/// card's own, the barring power another power of the same card (its printed name kept, as
/// the game finds it).
pub(super) fn not_adjacent_at_start(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^you can only use (?P<n1>[a-z' -]+?) if (?P<a>[^.,]+?) was not adjacent to the targeted figure at the start of this turn(?:\. you cannot use (?P<n2>[a-z' -]+?) if you used (?P<other>[a-z' -]+?) this turn)?$",
    )
    .captures(text)?;
    if m["n1"] != *ctx.name
        || !ctx.name.ends_with("special attack")
        || !ctx.me.is_self(&m["a"])
        || m.name("n2").is_some_and(|n| n.as_str() != ctx.name)
    {
        return None;
    }
    let not_after = match m.name("other") {
        Some(other) => Some(
            ctx.card
                .powers
                .iter()
                .find(|p| {
                    super::normalize(&p.name) == other.as_str()
                        && super::normalize(&p.name) != ctx.name
                })?
                .name
                .clone(),
        ),
        None => None,
    };
    Some(vec![Effect::Specials(Specials::NotAdjacentAtStart {
        not_after,
    })])
}

#[cfg(test)]
mod tests {
    use super::super::{read_shared, read_shared_as, special};
    use crate::game::test_support::printed;
    use crate::power::specials::{Pair, Specials};
    use crate::power::{Area, Effect};

    #[test]
    fn thunder_ram_is_an_attack_at_three_figures_never_at_one_eltahale_began_beside() {
        let card = "Eltahale";
        let name = "Thunder Ram Assault Special Attack";
        let read = read_shared_as(card, name, &printed(card, name)).expect("Thunder Ram reads");
        let [Effect::SpecialAttack(a), Effect::Specials(rider)] = read.as_slice() else {
            panic!("{read:?}")
        };
        assert_eq!((a.range, a.attack), (Some(1), 4));
        let also = a.also.expect("two other figures");
        assert_eq!((also.most, also.within, also.clear_sight), (2, 2, true));
        assert_eq!(
            rider,
            &Specials::NotAdjacentAtStart {
                not_after: Some("Thunder Step".into())
            }
        );
        // the power barring it must be one of the card's own
        let other = "You can only use Thunder Ram Assault Special Attack if Eltahale was not adjacent to the targeted figure at the start of this turn. You cannot use Thunder Ram Assault Special Attack if you used Fey Step this turn.";
        assert!(read_shared_as(card, name, other).is_err());
        // and the rider names its own attack
        assert!(
            read_shared_as(card, "Thunder Sweep Special Attack", &printed(card, name)).is_err()
        );
    }

    #[test]
    fn drill_drive_moves_in_a_straight_line_then_rolls_once_at_every_figure_passed_through() {
        let card = "Decker The Burrowbreaker";
        let name = "Drill-Drive Special Attack";
        let text = printed(card, name);
        assert_eq!(
            read_shared_as(card, name, &text),
            Ok(vec![Effect::Specials(Specials::DrillDrive {
                spaces: 5,
                attack: 4
            })])
        );
        // leaving-engagement attacks taken, or defenders keeping their height: another power
        let taken = text.replace("does not take", "takes");
        assert!(read_shared_as(card, name, &taken).is_err());
        let height = text.replace("never have", "have");
        assert!(read_shared_as(card, name, &height).is_err());
        assert!(read_shared_as(card, "Drill Special Attack", &text).is_err());
    }

    #[test]
    fn ninjutsu_barrage_attacks_before_during_or_after_a_move_of_three() {
        let card = "Kumiko";
        let name = "Ninjutsu Barrage Special Attack";
        let text = printed(card, name);
        let mut barrage = special(Some(1), 3, Area::Single);
        barrage.attacks = 3;
        barrage.distinct_targets = true;
        assert_eq!(
            read_shared_as(card, name, &text),
            Ok(vec![
                Effect::SpecialAttack(barrage),
                Effect::Specials(Specials::Barrage { spaces: 3 }),
            ])
        );
        // only after the move is another power
        let after = text.replace("before, during, or after", "after");
        assert!(read_shared_as(card, name, &after).is_err());
        assert!(read_shared_as(card, "Ninjutsu Mastery Special Attack", &text).is_err());
    }

    #[test]
    fn ninjutsu_mastery_places_shiori_beside_a_figure_before_each_of_three_attacks() {
        let card = "Shiori (AOA)";
        let name = "Ninjutsu Mastery Special Attack";
        let text = printed(card, name);
        let mut mastery = special(Some(1), 2, Area::Single);
        mastery.attacks = 3;
        assert_eq!(
            read_shared_as(card, name, &text),
            Ok(vec![
                Effect::SpecialAttack(mastery),
                Effect::Specials(Specials::Mastery {
                    within: 2,
                    levels: 6,
                    last_marker_dice: 3
                }),
            ])
        );
        // another figure named, another power named, or fewer dice with the last marker
        let other = text.replace("place Shiori", "place Kumiko");
        assert!(read_shared_as(card, name, &other).is_err());
        assert!(read_shared_as(card, "Ninjutsu Barrage Special Attack", &text).is_err());
        let fewer = text.replace("or 3 attack dice", "or 1 attack dice");
        assert!(read_shared_as(card, name, &fewer).is_err());
    }

    #[test]
    fn full_barrage_attacks_three_times_each_with_another_range_and_attack_pair() {
        let card = "Major Q11";
        let name = "Full Barrage Special Attack";
        let text = printed(card, name);
        let mut barrage = special(None, 4, Area::Single);
        barrage.dice_choice = vec![2, 3, 4];
        barrage.attacks = 3;
        barrage.distinct_targets = true;
        let pair = |range, attack| Pair { range, attack };
        assert_eq!(
            read_shared_as(card, name, &text),
            Ok(vec![
                Effect::SpecialAttack(barrage),
                Effect::Specials(Specials::Pairs {
                    pairs: vec![pair(7, 2), pair(5, 3), pair(3, 4)],
                }),
            ])
        );
        // more attacks than pairs, or two pairs with the same dice, cannot each take another
        let more = text.replace("up to 3 times", "up to 4 times");
        assert!(read_shared_as(card, name, &more).is_err());
        let same = text.replace("Range 5, Attack 3", "Range 5, Attack 2");
        assert!(read_shared_as(card, name, &same).is_err());
        assert!(read_shared_as(card, "Half Barrage Special Attack", &text).is_err());
    }

    #[test]
    fn psionic_blast_needs_no_sight_and_takes_a_marker_off_each_card_it_wounds() {
        let card = "Mind Flayer Mastermind";
        let name = "Psionic Blast Special Attack";
        let text = printed(card, name);
        let mut blast = special(Some(3), 3, Area::Single);
        blast.no_sight = true;
        assert_eq!(
            read_shared_as(card, name, &text),
            Ok(vec![
                Effect::SpecialAttack(blast),
                Effect::Specials(Specials::MarkerOffOnWound),
            ])
        );
        // another power's name, or every marker instead of one, is not this rider
        assert!(read_shared_as(card, "Mind Blast Special Attack", &text).is_err());
        let all = text.replace(
            "remove one unrevealed order marker at random",
            "remove all order markers",
        );
        assert!(read_shared_as(card, name, &all).is_err());
        // the figure that needs no sight must be the card's own, and the power named its own
        let other = text.replace("This Mind Flayer Mastermind", "Any Wizard");
        assert!(read_shared_as(card, name, &other).is_err());
        assert!(read_shared(card, &text).is_err());
    }
}
