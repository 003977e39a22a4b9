//! The combat die's odds (*ATTAQUER*: attack dice count skulls, defence dice count shields, each
//! skull not blocked is a wound). Exact probabilities are counted two ways — the binomial law
//! from the die's faces, and every sequence of faces enumerated — and large seeded samples of
//! the game's own rolls (`combat::roll`, then whole attacks through `combat::attack`) are held
//! to them by a chi-square bound. The seeds are fixed, so the samples never change; the bound
//! is the 0.1 % critical value, which a fair sample of this size passes for nearly every seed
//! and which the same samples fail against a die with one face changed.

use skirmish_dice::{Dice, Die};
use skirmish_heroscape::game::combat::{self, Face};
use skirmish_heroscape::game::Event;
use skirmish_heroscape::present::samples;

/// Faces of the combat die.
const SIDES: u64 = 6;

/// The faces of the combat die that show `face`, counted from the die itself: the name the dice
/// crate gives each value, which must be the face the game reads it as.
fn faces_showing(face: Face) -> u64 {
    let die = Die::heroscape_combat();
    assert_eq!(
        u64::from(die.faces()),
        SIDES,
        "the combat die has six faces"
    );
    let mut n = 0;
    for v in 1..=die.faces() {
        let named = match die.face_name(v) {
            Some("skull") => Face::Skull,
            Some("shield") => Face::Shield,
            Some("blank") => Face::Blank,
            other => panic!("combat die face {v} is named {other:?}"),
        };
        assert_eq!(
            Face::of(v),
            named,
            "value {v}: the game and the die disagree"
        );
        if named == face {
            n += 1;
        }
    }
    n
}

fn binomial(n: u64, k: u64) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

/// How many of the 6ⁿ sequences of `n` dice show `k` faces of a kind that `hits` faces of the
/// six show: C(n, k) · hitsᵏ · (6 − hits)ⁿ⁻ᵏ. The probability is this over 6ⁿ.
fn ways(n: u64, k: u64, hits: u64) -> u128 {
    binomial(n, k) * u128::from(hits).pow(k as u32) * u128::from(SIDES - hits).pow((n - k) as u32)
}

/// The exact law of the count of `face` in `n` dice: numerators over 6ⁿ, for 0..=n.
fn law(n: u64, face: Face) -> Vec<u128> {
    let hits = faces_showing(face);
    (0..=n).map(|k| ways(n, k, hits)).collect()
}

/// The same law by enumerating every sequence of `n` die values.
fn enumerated(n: u32, face: Face) -> Vec<u128> {
    let mut counts = vec![0u128; n as usize + 1];
    for code in 0..SIDES.pow(n) {
        let mut rest = code;
        let mut k = 0;
        for _ in 0..n {
            if Face::of((rest % SIDES) as u8 + 1) == face {
                k += 1;
            }
            rest /= SIDES;
        }
        counts[k] += 1;
    }
    counts
}

/// The law of the wounds of `a` attack dice against `d` defence dice: numerators over 6^(a+d),
/// for 0..=a wounds.
fn wound_law(a: u64, d: u64) -> Vec<u128> {
    let (skulls, shields) = (law(a, Face::Skull), law(d, Face::Shield));
    let mut out = vec![0u128; a as usize + 1];
    for (s, ps) in skulls.iter().enumerate() {
        for (b, pb) in shields.iter().enumerate() {
            out[s.saturating_sub(b)] += ps * pb;
        }
    }
    out
}

/// The wound law by enumerating every sequence of `a` attack and `d` defence die values.
fn wounds_enumerated(a: u32, d: u32) -> Vec<u128> {
    let mut counts = vec![0u128; a as usize + 1];
    for code in 0..SIDES.pow(a + d) {
        let mut rest = code;
        let (mut s, mut b) = (0usize, 0usize);
        for i in 0..a + d {
            let face = Face::of((rest % SIDES) as u8 + 1);
            rest /= SIDES;
            if i < a && face == Face::Skull {
                s += 1;
            }
            if i >= a && face == Face::Shield {
                b += 1;
            }
        }
        counts[s.saturating_sub(b)] += 1;
    }
    counts
}

/// Critical values of the chi-square law at 0.1 %, by degrees of freedom (1 to 12).
const CHI2_999: [f64; 12] = [
    10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588, 31.264, 32.909,
];

/// Pearson's chi-square of `observed` counts against the probabilities `numerators / total`,
/// outcomes expected fewer than 5 times pooled with their neighbour; with its degrees of
/// freedom.
fn chi_square(observed: &[u64], numerators: &[u128], total: u128) -> (f64, usize) {
    let samples: u64 = observed.iter().sum();
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let mut pending = (0.0, 0.0);
    for (o, p) in observed.iter().zip(numerators) {
        pending.0 += *o as f64;
        pending.1 += samples as f64 * (*p as f64) / (total as f64);
        if pending.1 >= 5.0 {
            bins.push(pending);
            pending = (0.0, 0.0);
        }
    }
    match bins.last_mut() {
        Some(last) => {
            last.0 += pending.0;
            last.1 += pending.1;
        }
        None => bins.push(pending),
    }
    let chi = bins.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    (chi, bins.len().saturating_sub(1))
}

/// Whether a sample fits a law at the 0.1 % level.
fn fits(observed: &[u64], numerators: &[u128], total: u128) -> Result<(), String> {
    let (chi, df) = chi_square(observed, numerators, total);
    assert!(
        (1..=CHI2_999.len()).contains(&df),
        "{df} degrees of freedom"
    );
    let bound = CHI2_999[df - 1];
    if chi <= bound {
        Ok(())
    } else {
        Err(format!(
            "chi-square {chi:.2} over {bound} ({df} degrees of freedom): observed {observed:?}"
        ))
    }
}

/// The law of a die that shows `face` on `hits` of its six faces (a die with a face changed).
fn law_with(n: u64, hits: u64) -> Vec<u128> {
    (0..=n).map(|k| ways(n, k, hits)).collect()
}

#[test]
fn the_die_has_three_skulls_two_shields_and_a_blank() {
    // *Dés de combat*: three skull faces, two shield faces, one blank.
    assert_eq!(faces_showing(Face::Skull), 3);
    assert_eq!(faces_showing(Face::Shield), 2);
    assert_eq!(faces_showing(Face::Blank), 1);
    // One die: a skull half the time, a shield a third of it.
    assert_eq!(law(1, Face::Skull), vec![3, 3]);
    assert_eq!(law(1, Face::Shield), vec![4, 2]);
}

#[test]
fn skulls_and_shields_follow_the_binomial_law_counted_every_way() {
    for n in 0..=6u32 {
        for face in [Face::Skull, Face::Shield] {
            let exact = law(u64::from(n), face);
            assert_eq!(
                exact.iter().sum::<u128>(),
                u128::from(SIDES.pow(n)),
                "{n} dice: the law sums to one"
            );
            assert_eq!(exact, enumerated(n, face), "{n} dice, {face:?}");
        }
    }
    // Worked by hand: two attack dice show no skull 9 times in 36, one 18, two 9; three
    // defence dice show two shields 3·2·2·4 = 48 times in 216.
    assert_eq!(law(2, Face::Skull), vec![9, 18, 9]);
    assert_eq!(law(3, Face::Shield)[2], 48);
}

#[test]
fn rolled_skulls_and_shields_match_the_law() {
    const ROLLS: u64 = 20_000;
    let mut dice = Dice::seeded(20_261_128);
    for n in 1..=8u16 {
        let mut skulls = vec![0u64; usize::from(n) + 1];
        let mut shields = vec![0u64; usize::from(n) + 1];
        for _ in 0..ROLLS {
            let faces = combat::roll(&mut dice, n);
            assert_eq!(faces.len(), usize::from(n));
            skulls[usize::from(combat::skulls(&faces))] += 1;
            shields[usize::from(combat::shields(&faces))] += 1;
        }
        let total = u128::from(SIDES.pow(u32::from(n)));
        let n64 = u64::from(n);
        fits(&skulls, &law(n64, Face::Skull), total)
            .unwrap_or_else(|e| panic!("skulls in {n} attack dice: {e}"));
        fits(&shields, &law(n64, Face::Shield), total)
            .unwrap_or_else(|e| panic!("shields in {n} defence dice: {e}"));
        // The bound has teeth: the same rolls are refused as a die with a fourth skull or a
        // third shield (from three dice on, where 20,000 rolls tell them apart).
        if n >= 3 {
            assert!(fits(&skulls, &law_with(n64, 4), total).is_err(), "{n} dice");
            assert!(
                fits(&shields, &law_with(n64, 3), total).is_err(),
                "{n} dice"
            );
        }
    }
}

#[test]
fn the_wounds_of_an_attack_are_counted_exactly() {
    for a in 1..=5u32 {
        for d in 0..=7 - a {
            let exact = wound_law(u64::from(a), u64::from(d));
            assert_eq!(exact, wounds_enumerated(a, d), "{a} against {d}");
            assert_eq!(exact.iter().sum::<u128>(), u128::from(SIDES.pow(a + d)));
        }
    }
    // One attack die against one defence die: a wound when the skull (1/2) meets no shield
    // (2/3), 1/3 = 12/36.
    assert_eq!(wound_law(1, 1), vec![24, 12]);
}

#[test]
fn rolled_wounds_match_the_law() {
    const ATTACKS: u64 = 20_000;
    let mut dice = Dice::seeded(7_041_975);
    for a in 1..=6u16 {
        for d in 1..=6u16 {
            let mut wounds = vec![0u64; usize::from(a) + 1];
            for _ in 0..ATTACKS {
                let s = combat::skulls(&combat::roll(&mut dice, a));
                let b = combat::shields(&combat::roll(&mut dice, d));
                wounds[usize::from(s.saturating_sub(b))] += 1;
            }
            let total = u128::from(SIDES.pow(u32::from(a + d)));
            fits(&wounds, &wound_law(u64::from(a), u64::from(d)), total)
                .unwrap_or_else(|e| panic!("{a} attack dice against {d}: {e}"));
        }
    }
}

#[test]
fn whole_attacks_wound_as_the_law_says() {
    // Through the game's attack itself: the Emberclaw Brute (attack 4) on the Skyreach Archer
    // (defence 2), and the archer (attack 3) on the brute (defence 3), side by side on the same
    // level of the sample battlefield, off its glyphs.
    const ATTACKS: u64 = 20_000;
    let scenario = samples::scenario(&["wardens", "raiders"], 3);
    let mut state = <skirmish_heroscape::game::HeroScape as skirmish_engine::Ruleset>::setup(
        &scenario,
        &mut Dice::seeded(1),
    )
    .unwrap();
    let id = |card: &str| {
        state
            .figures
            .iter()
            .find(|f| state.card_of(f).id == card)
            .map(|f| f.id)
            .unwrap()
    };
    let (archer, brute) = (id("skyreach-archer"), id("emberclaw-brute"));
    let (here, there) = (
        skirmish_board::hex::Hex::new(0, 0),
        skirmish_board::hex::Hex::new(1, 0),
    );
    for (hex, figure) in [(here, archer), (there, brute)] {
        let level = state
            .field
            .column(hex)
            .unwrap()
            .top_footing()
            .unwrap()
            .level;
        assert_eq!(level, 1, "level ground");
        let f = state.figure_mut(figure).unwrap();
        f.hex = Some(hex);
        f.level = level;
    }
    let mut dice = Dice::seeded(1_002_004);
    for (attacker, target, a, d) in [(brute, archer, 4u16, 2u16), (archer, brute, 3, 3)] {
        let mut wounds = vec![0u64; usize::from(a) + 1];
        for _ in 0..ATTACKS {
            let mut s = state.clone();
            let mut events = Vec::new();
            combat::attack(&mut s, attacker, target, &mut dice, &mut events);
            let Some(Event::Attacked {
                attack,
                defence,
                wounds: w,
                ..
            }) = events.first()
            else {
                panic!("no attack: {events:?}")
            };
            assert_eq!(
                (attack.len(), defence.len()),
                (usize::from(a), usize::from(d))
            );
            wounds[usize::from(*w)] += 1;
        }
        let total = u128::from(SIDES.pow(u32::from(a + d)));
        fits(&wounds, &wound_law(u64::from(a), u64::from(d)), total)
            .unwrap_or_else(|e| panic!("{a} attack dice against {d}: {e}"));
    }
}
