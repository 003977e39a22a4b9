//! *Blade Dance* at play with the real Elites of Ullar card: the dice a unique Ullar Kyrie
//! rolls against a figure engaged with one of its player's Elites.

use skirmish_board::hex::Hex;

use super::values::{attack_dice, AttackKind};
use crate::game::state::Stage;
use crate::game::test_support::{battle_on, h, only_at};
use crate::game::tests::strip;

const ELITES: &str = "Elites of Ullar";

/// Saylind (attack 3) on hex 2 facing Alastair MacDirk on hex 3, Elite 0 on `elite`, Elite 1
/// on hex 0: Saylind's and Elite 1's attack dice against Alastair.
fn dice(elite: Hex) -> (u16, u16) {
    let sc = battle_on(
        strip(&[1; 8]),
        &["Saylind the Kyrie Warrior", ELITES],
        &["Alastair MacDirk"],
    );
    let (state, ids) = only_at(
        &sc,
        &[
            ("Saylind the Kyrie Warrior", 0, h(2)),
            ("Alastair MacDirk", 0, h(3)),
            (ELITES, 0, elite),
            (ELITES, 1, h(0)),
        ],
        Stage::Attack,
    );
    let f = |id: u32| state.figure(id).expect("the figure").clone();
    let (saylind, alastair, elite1) = (f(ids[0]), f(ids[1]), f(ids[3]));
    (
        attack_dice(&state, &saylind, &alastair, AttackKind::Normal).value(),
        attack_dice(&state, &elite1, &alastair, AttackKind::Normal).value(),
    )
}

#[test]
fn a_unique_ullar_kyrie_rolls_a_die_more_against_a_figure_engaged_with_an_elite() {
    // Elite 0 on hex 4 is engaged with Alastair: Saylind rolls 4; an Elite, common, its 3
    assert_eq!(dice(h(4)), (4, 3));
    // Elite 0 on hex 6 is not: Saylind rolls her 3
    assert_eq!(dice(h(6)), (3, 3));
}
