//! *Swirling Vortex* at play with the Air Elemental of the shared data: walkers caught within 2
//! clear sight spaces, the sizes and the sight it needs, and the figures nobody walks through.

use skirmish_board::hex::Hex;
use skirmish_board::FigureId;

use crate::battlefield::Level;
use crate::body::Placement;
use crate::game::geometry;
use crate::game::state::{Stage, State};
use crate::game::test_support::{battle, battle_on, h, only_at, plain, plain_raised};
use crate::movement::{Refusal, StopCause, Way};

const AIR: &str = "Air Elemental";
const VIKINGS: &str = "Tarn Viking Warriors";
const TROLL: &str = "Ice Troll Berserker";

/// The hexes a figure may end its move on.
fn ends(state: &State, id: u32) -> Vec<Hex> {
    let f = state.figure(id).expect("the figure");
    geometry::destinations(state, f)
        .into_iter()
        .map(|d| d.hex)
        .collect()
}

/// A walker of West at (0, 1) on a plain, the Air Elemental of East at (4, 1).
fn walker(card: &str, with_vortex: bool) -> (State, u32) {
    let east = if with_vortex { AIR } else { "Syvarris (RotV)" };
    let sc = battle_on(plain(0, 9, 0, 2), &[card], &[east]);
    let (state, ids) = only_at(
        &sc,
        &[(card, 0, Hex::new(0, 1)), (east, 0, Hex::new(4, 1))],
        Stage::Move,
    );
    (state, ids[0])
}

#[test]
fn a_medium_walker_stops_on_the_first_space_within_two_of_the_elemental() {
    let elemental = Hex::new(4, 1);
    let (state, viking) = walker(VIKINGS, true);
    let reached = ends(&state, viking);
    assert!(
        reached.iter().any(|h| h.distance(elemental) == 2),
        "it may end its move in the vortex: {reached:?}"
    );
    assert!(
        !reached.iter().any(|h| h.distance(elemental) == 1),
        "every way nearer crosses a space two away first: {reached:?}"
    );
    // why (3, 1) is refused: the vortex, named
    let f = state.figure(viking).expect("the viking");
    let to = Placement::single(Hex::new(3, 1), 1);
    let why = geometry::explain_move(&state, f, Way::Normal, 4, &to);
    assert!(
        matches!(
            why,
            Some(Err(Refusal::StopsOnTheWay {
                cause: StopCause::Caught,
                ..
            }))
        ),
        "{why:?}"
    );
    // with another figure there instead, the vikings walk right up to it
    let (state, viking) = walker(VIKINGS, false);
    assert!(ends(&state, viking)
        .iter()
        .any(|h| h.distance(elemental) == 1));
}

#[test]
fn a_large_walker_is_not_caught() {
    let elemental = Hex::new(4, 1);
    let (state, troll) = walker(TROLL, true);
    assert!(ends(&state, troll)
        .iter()
        .any(|h| h.distance(elemental) == 1));
}

#[test]
fn a_space_out_of_the_elementals_sight_catches_nobody() {
    // a pillar 30 levels high between the elemental and (2, 1)
    let field = plain_raised(9, 3, &[(Hex::new(3, 1), 30 as Level)]);
    let sc = battle_on(field, &[VIKINGS], &[AIR]);
    let (state, ids) = only_at(
        &sc,
        &[(VIKINGS, 0, Hex::new(0, 1)), (AIR, 0, Hex::new(4, 1))],
        Stage::Move,
    );
    let f = state.figure(ids[0]).expect("the viking");
    let caught = crate::game::powers::vortex::caught_spots(&state, f);
    let elemental = Hex::new(4, 1);
    let hidden = Hex::new(2, 1);
    assert_eq!(hidden.distance(elemental), 2);
    assert!(!caught.iter().any(|s| s.hex == hidden), "{caught:?}");
    assert!(
        caught
            .iter()
            .any(|s| s.hex.distance(elemental) == 2 && s.hex.q < 4),
        "the spaces two away in sight still catch: {caught:?}"
    );
}

#[test]
fn nobody_walks_through_a_figure_the_vortex_affects() {
    // a strip: the second viking, two spaces from the elemental, is caught where it stands
    let sc = battle(&[1; 8], &[VIKINGS], &[AIR]);
    let (state, ids) = only_at(
        &sc,
        &[(VIKINGS, 0, h(3)), (VIKINGS, 1, h(4)), (AIR, 0, h(6))],
        Stage::Move,
    );
    assert_eq!(
        crate::game::powers::vortex::affected(&state),
        vec![FigureId(ids[1])]
    );
    // the first viking cannot pass its friend to stand on hex 5
    assert!(!ends(&state, ids[0]).contains(&h(5)));
    // without the elemental, it walks through its friend
    let sc = battle(&[1; 8], &[VIKINGS], &["Syvarris (RotV)"]);
    let (state, ids) = only_at(
        &sc,
        &[
            (VIKINGS, 0, h(3)),
            (VIKINGS, 1, h(4)),
            ("Syvarris (RotV)", 0, h(7)),
        ],
        Stage::Move,
    );
    assert!(ends(&state, ids[0]).contains(&h(5)));
}
