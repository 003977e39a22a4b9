//! The odds of an attack roll (rulebook *Le jet d'attaque*, *Obtenir 2 ou 12*): 2d6 plus the
//! attack value must reach the target's defence value, a ranged attack along a hindered line
//! of fire adds 1 to that defence, a 2 always misses and a 12 always hits.

use crate::figure::Stat;
use crate::game::combat;
use crate::game::{Fig, State};
use skirmish_board::FigureId;

/// The 2d6 total an attack with value `attack` needs against `defence`: never below 3 (a 2
/// always misses) nor above 12 (a 12 always hits).
pub fn needed_roll(attack: i32, defence: i32) -> u8 {
    (defence - attack).clamp(3, 12) as u8
}

/// Ways out of 36 that two dice total at least `n`, for `n` up to 12: the bots ask this for
/// every square and opposing figure, so it is counted once, at compile time.
const WAYS_AT_LEAST: [u8; 13] = {
    let mut ways = [0u8; 13];
    let mut n = 0;
    while n <= 12 {
        let mut a = 1;
        while a <= 6 {
            let mut b = 1;
            while b <= 6 {
                if a + b >= n {
                    ways[n] += 1;
                }
                b += 1;
            }
            a += 1;
        }
        n += 1;
    }
    ways
};

/// The chance that an attack with value `attack` hits defence `defence`.
pub fn hit_chance(attack: i32, defence: i32) -> f64 {
    f64::from(WAYS_AT_LEAST[usize::from(needed_roll(attack, defence))]) / 36.0
}

/// One target of an attack, as the attacker sees it before rolling.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetOdds {
    /// The target.
    pub target: FigureId,
    /// Its defence value against this attack, the hindered line included.
    pub defence: i32,
    /// A ranged attack whose line of fire to it is hindered (+1 defence).
    pub hindered: bool,
    /// The 2d6 total needed to hit it (3 to 12).
    pub needs: u8,
    /// The chance to hit it.
    pub chance: f64,
}

/// An attack as the attacker sees it before rolling.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOdds {
    /// The attack value.
    pub attack: i32,
    /// The damage value.
    pub damage: i32,
    /// Each target, in the order given.
    pub targets: Vec<TargetOdds>,
}

/// The odds of `attacker` attacking `targets` (close or ranged) in `state`; targets that are
/// not in the game are left out.
pub fn expected_attack(
    state: &State,
    attacker: &Fig,
    targets: &[FigureId],
    ranged: bool,
) -> AttackOdds {
    let attack = combat::stat(state, attacker, Stat::Attack).value;
    let damage = combat::stat(state, attacker, Stat::Damage).value;
    let targets = targets
        .iter()
        .filter_map(|id| state.fig(*id))
        .map(|t| {
            // The defence the attack itself would meet: its context (close or ranged, Defend,
            // card modifiers) and the line it would draw.
            let (defence, hindered) =
                crate::game::text::defence_against(state, attacker, t, ranged);
            TargetOdds {
                target: t.id,
                defence,
                hindered,
                needs: needed_roll(attack, defence),
                chance: hit_chance(attack, defence),
            }
        })
        .collect();
    AttackOdds {
        attack,
        damage,
        targets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_always_misses_and_twelve_always_hits() {
        assert_eq!(needed_roll(20, 10), 3);
        assert!((hit_chance(20, 10) - 35.0 / 36.0).abs() < 1e-12);
        assert_eq!(needed_roll(5, 25), 12);
        assert!((hit_chance(5, 25) - 1.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn a_seven_is_the_median_roll() {
        // 9 attack against 16 defence needs a 7: 21 of 36 rolls.
        assert_eq!(needed_roll(9, 16), 7);
        assert!((hit_chance(9, 16) - 21.0 / 36.0).abs() < 1e-12);
    }
}
