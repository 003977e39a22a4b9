//! Rulebook examples 4-13 and 15 as movement scenarios, then properties of every search.

use super::*;
use crate::battlefield::Obstacle;
use crate::body::Flight;
use crate::testing::{at, fig, fig2, Field};
use proptest::prelude::*;

const FINN: Body = Body {
    height: 5,
    base: Base::Single,
    flight: Flight::Walks,
    target_point: 45,
    hit_zone: [10, 40],
};

fn finn(q: i32, r: i32, level: Level) -> Standing {
    fig(1, 1, FINN, q, r, level)
}

fn ends(reach: &Reach<'_>) -> Vec<(Placement, u16)> {
    reach
        .destinations()
        .iter()
        .map(|d| (d.at, d.cost))
        .collect()
}

fn cost_to(reach: &Reach<'_>, to: Placement) -> Option<u16> {
    reach.path_to(&to).map(|p| p.cost())
}

/// A flat 7×7 parallelogram of land at level 1.
fn plain() -> Field {
    let mut f = Field::new();
    for r in 0..7 {
        f.row(r, 0, 6, 1);
    }
    f
}

/// Example 4: Finn moves 5 and passes over the hex of a friendly Marro warrior, but may not stop
/// on it; an enemy in a corridor stops him.
#[test]
fn example_4_basic_move_through_a_friend() {
    let grid = Field::new().row(0, 0, 7, 1).grid();
    let marro = fig(2, 1, Body::single(4), 2, 0, 1);
    let others = [marro];
    let q = MoveQuery::new(finn(0, 0, 1), 5, &others);
    let r = reach(&grid, &q);
    let path = r.path_to(&at(5, 0, 1)).expect("five hexes away");
    assert_eq!(path.cost(), 5);
    assert!(path.steps.iter().any(|p| p.head.hex == Hex::new(2, 0)));
    assert_eq!(
        r.explain(&at(2, 0, 1)),
        Err(Refusal::Occupied {
            hex: Hex::new(2, 0),
            figure: FigureId(2)
        })
    );
    assert_eq!(
        r.explain(&at(6, 0, 1)),
        Err(Refusal::TooFar {
            needed: 6,
            allowance: 5
        })
    );
    // The same warrior as an enemy closes the corridor.
    let enemy = [fig(2, 2, Body::single(4), 2, 0, 1)];
    let q = MoveQuery::new(finn(0, 0, 1), 5, &enemy);
    let r = reach(&grid, &q);
    assert_eq!(
        r.explain(&at(4, 0, 1)),
        Err(Refusal::BlockedBy {
            hex: Hex::new(2, 0),
            figure: FigureId(2)
        })
    );
}

/// A friend engaged with an enemy cannot be passed through; one that is not engaged can.
#[test]
fn an_engaged_friend_cannot_be_passed() {
    // A corridor on row 1 between walls 20 levels high, with a low stretch of wall at (3, 0).
    let corridor = |low: Level| {
        let mut f = Field::new();
        f.row(0, 0, 2, 20)
            .land(3, 0, low)
            .row(0, 4, 6, 20)
            .row(1, 0, 6, 1)
            .row(2, 0, 6, 20);
        f.grid()
    };
    let friend = fig(2, 1, Body::single(4), 2, 1, 1);
    // On the high wall the enemy is 19 levels up: the height exception, not engaged.
    let grid = corridor(20);
    let others = [friend, fig(3, 2, Body::single(4), 3, 0, 20)];
    let r = reach(&grid, &MoveQuery::new(finn(0, 1, 1), 5, &others));
    assert!(r.can_end(&at(4, 1, 1)));
    // Two levels up it is engaged with the friend, who then closes the corridor.
    let grid = corridor(3);
    let others = [friend, fig(3, 2, Body::single(4), 3, 0, 3)];
    let r = reach(&grid, &MoveQuery::new(finn(0, 1, 1), 5, &others));
    assert_eq!(
        r.explain(&at(4, 1, 1)),
        Err(Refusal::BlockedBy {
            hex: Hex::new(2, 1),
            figure: FigureId(2)
        })
    );
}

/// Example 5: Finn (move 5) climbs onto the first ledge counting its level edges, but the second
/// would need a move of 7.
#[test]
fn example_5_climbing_counts_level_edges() {
    let grid = Field::new()
        .land(0, 0, 1)
        .land(1, 0, 1)
        .land(2, 0, 4)
        .land(3, 0, 5)
        .grid();
    let r = reach(&grid, &MoveQuery::new(finn(0, 0, 1), 5, &[]));
    assert_eq!(cost_to(&r, at(1, 0, 1)), Some(1));
    assert_eq!(cost_to(&r, at(2, 0, 4)), Some(5), "1 + (1 + 3 edges)");
    assert_eq!(
        r.explain(&at(3, 0, 5)),
        Err(Refusal::TooFar {
            needed: 7,
            allowance: 5
        })
    );
}

/// Example 6: the Marro warrior (height 4) cannot climb 5 levels in one step, whatever its move.
#[test]
fn example_6_climb_limited_by_height() {
    let grid = Field::new().land(0, 0, 1).land(1, 0, 6).grid();
    let marro = fig(1, 1, Body::single(4), 0, 0, 1);
    let r = reach(&grid, &MoveQuery::new(marro, 6, &[]));
    assert_eq!(
        r.explain(&at(1, 0, 6)),
        Err(Refusal::ClimbTooHigh {
            from: Spot::new(Hex::new(0, 0), 1),
            to: Spot::new(Hex::new(1, 0), 6),
            levels: 5,
            height: 4,
            limit: 4
        })
    );
    // Finn, 5 tall, makes it with a move of 6.
    let r = reach(&grid, &MoveQuery::new(finn(0, 0, 1), 6, &[]));
    assert_eq!(cost_to(&r, at(1, 0, 6)), Some(6));
}

/// Examples 7 and 8: going down is free; a drop of at least the figure's height is a fall (one
/// die), of its height plus 10 two dice.
#[test]
fn examples_7_and_8_going_down_and_falling() {
    let grid = Field::new()
        .land(0, 0, 6)
        .land(1, 0, 1)
        .land(2, 0, 4)
        .land(3, 0, 19)
        .land(4, 0, 5)
        .grid();
    let marro = fig(1, 1, Body::single(4), 0, 0, 6);
    let r = reach(&grid, &MoveQuery::new(marro, 5, &[]));
    let down = r.path_to(&at(1, 0, 1)).unwrap();
    assert_eq!(down.cost(), 1, "going down costs no levels");
    assert_eq!(
        down.falls,
        vec![Fall {
            step: 1,
            drop: 5,
            dice: 1
        }]
    );
    // From 6 to 4: two levels, no fall.
    let small = reach(
        &grid,
        &MoveQuery::new(fig(1, 1, Body::single(4), 1, 0, 1), 9, &[]),
    );
    let p = small.path_to(&at(2, 0, 4)).unwrap();
    assert!(p.falls.is_empty());
    assert_eq!(p.cost(), 4);
    // From 19 down to 5: 14 levels, at least 4 + 10: two dice.
    let high = fig(1, 1, Body::single(4), 3, 0, 19);
    let r = reach(&grid, &MoveQuery::new(high, 1, &[]));
    let p = r.path_to(&at(4, 0, 5)).unwrap();
    assert_eq!(p.falls[0].dice, 2);
    assert_eq!(fall_dice(5, 15), 2);
    assert_eq!(fall_dice(5, 14), 1);
    assert_eq!(fall_dice(5, 4), 0);
}

/// Examples 9A and 9B: entering water ends the move, even from water; leaving water climbs.
#[test]
fn example_9_water_stops_and_leaving_it_climbs() {
    let grid = Field::new()
        .land(0, 0, 1)
        .water(1, 0, 0)
        .water(2, 0, 0)
        .land(3, 0, 1)
        .grid();
    let deathwalker = fig(1, 1, Body::single(7), 0, 0, 1);
    let r = reach(&grid, &MoveQuery::new(deathwalker, 6, &[]));
    let p = r.path_to(&at(1, 0, 0)).unwrap();
    assert_eq!(p.stop, Some(StopCause::Water));
    assert_eq!(
        r.explain(&at(2, 0, 0)),
        Err(Refusal::StopsOnTheWay {
            at: Spot::new(Hex::new(1, 0), 0),
            cause: StopCause::Water
        })
    );
    // From water to water: stops again after one hex.
    let wet = fig(1, 1, Body::single(7), 1, 0, 0);
    let r = reach(&grid, &MoveQuery::new(wet, 6, &[]));
    assert!(r.can_end(&at(2, 0, 0)));
    assert!(!r.can_end(&at(3, 0, 1)));
    // 9B: out of the water onto the bank, one level up: two hexes of movement.
    assert_eq!(cost_to(&r, at(0, 0, 1)), Some(2));
}

/// Example 10: Grimnak, two hexes, moves 5 head first; the tail follows the same hexes, the
/// climb counts once for the lead, and the move ends with both hexes at one level.
#[test]
fn example_10_double_space_follows_the_lead() {
    let grid = Field::new().row(0, 0, 1, 1).row(0, 2, 7, 2).grid();
    let grimnak = fig2(1, 1, Body::double(7), Hex::new(1, 0), Hex::new(0, 0), 1);
    let r = reach(&grid, &MoveQuery::new(grimnak, 5, &[]));
    let to = Placement::double(Hex::new(5, 0), Hex::new(4, 0), 2);
    let p = r.path_to(&to).expect("five hexes, one level");
    assert_eq!(p.cost(), 5);
    for w in p.steps.windows(2) {
        // The tail steps onto the hex the head left.
        assert_eq!(w[1].tail.unwrap().hex, w[0].head.hex);
    }
    // Ending astride the step is refused.
    let astride = Placement::double(Hex::new(2, 0), Hex::new(1, 0), 2);
    assert!(!r.can_end(&astride));
    let astride_levels = Placement {
        head: Spot::new(Hex::new(2, 0), 2),
        tail: Some(Spot::new(Hex::new(1, 0), 1)),
    };
    assert_eq!(
        r.explain(&astride_levels),
        Err(Refusal::Unlevel { head: 2, tail: 1 })
    );
    // One hex is not a place for a double-space figure.
    assert_eq!(
        r.explain(&at(3, 0, 2)),
        Err(Refusal::WrongBase { base: Base::Double })
    );
    // The tail may lead too: backing up onto the low ground is a destination.
    let back = Placement::double(Hex::new(0, 0), Hex::new(1, 0), 1);
    assert!(r.can_end(&back));
    // Grimnak backs up by one hex: a player traces it from his placement as it stands.
    let grid = Field::new().row(0, -1, 3, 1).grid();
    let r = reach(&grid, &MoveQuery::new(grimnak, 5, &[]));
    let back = Placement::double(Hex::new(-1, 0), Hex::new(0, 0), 1);
    let p = r.path_to(&back).unwrap();
    assert_eq!(p.cost(), 1);
    assert_eq!(
        p.steps[0],
        Placement::double(Hex::new(0, 0), Hex::new(1, 0), 1)
    );
    let traced = [grimnak.at, back];
    let q = MoveQuery::new(grimnak, 5, &[]);
    assert_eq!(check_path(&grid, &q, &traced).map(|p| p.cost()), Ok(1));
}

/// Double-space figures stop in water only when both hexes are in it.
#[test]
fn double_space_figures_stride_over_one_water_hex() {
    let grid = Field::new()
        .row(0, 0, 1, 1)
        .water(2, 0, 1)
        .row(0, 3, 5, 1)
        .water(6, 0, 1)
        .water(7, 0, 1)
        .land(8, 0, 1)
        .grid();
    let dragon = fig2(1, 1, Body::double(9), Hex::new(1, 0), Hex::new(0, 0), 1);
    let r = reach(&grid, &MoveQuery::new(dragon, 8, &[]));
    let p = r
        .path_to(&Placement::double(Hex::new(5, 0), Hex::new(4, 0), 1))
        .expect("one water hex does not stop a double-space figure");
    assert_eq!(p.cost(), 4);
    let wet = Placement::double(Hex::new(7, 0), Hex::new(6, 0), 1);
    assert_eq!(r.path_to(&wet).unwrap().stop, Some(StopCause::Water));
    assert!(!r.can_end(&Placement::double(Hex::new(8, 0), Hex::new(7, 0), 1)));
    // A one-hex figure stops in the first water hex.
    let r = reach(&grid, &MoveQuery::new(finn(1, 0, 1), 8, &[]));
    assert!(!r.can_end(&at(3, 0, 1)));
}

/// Example 11: Finn passes under an overhang that Grimnak is too tall for.
#[test]
fn example_11_under_an_overhang() {
    let mut f = Field::new();
    // A corridor on row 1 between walls, with an arch over hex (2, 1): 5 levels of room.
    f.row(0, 0, 4, 20).row(1, 0, 4, 1).row(2, 0, 4, 20);
    f.over(2, 1, 6, 9);
    let grid = f.grid();
    let r = reach(&grid, &MoveQuery::new(finn(0, 1, 1), 5, &[]));
    assert_eq!(cost_to(&r, at(4, 1, 1)), Some(4));
    let grimnak = fig(2, 1, Body::single(7), 0, 1, 1);
    let r = reach(&grid, &MoveQuery::new(grimnak, 5, &[]));
    assert_eq!(
        r.explain(&at(2, 1, 1)),
        Err(Refusal::NoRoom {
            hex: Hex::new(2, 1),
            level: 1,
            headroom: 5,
            height: 7
        })
    );
    // Over the arch: 8 levels up from the corridor, too high a climb for him.
    assert_eq!(
        r.explain(&at(4, 1, 1)),
        Err(Refusal::ClimbTooHigh {
            from: Spot::new(Hex::new(1, 1), 1),
            to: Spot::new(Hex::new(2, 1), 9),
            levels: 8,
            height: 7,
            limit: 7
        })
    );
}

/// Example 12: Finn climbs onto a small overhang, counting the levels up to its top as if from
/// its nearest support.
#[test]
fn example_12_small_overhang() {
    let grid = Field::new()
        .land(0, 0, 1)
        .land(1, 0, 1)
        .over(1, 0, 3, 5)
        .land(2, 0, 5)
        .grid();
    let r = reach(&grid, &MoveQuery::new(finn(0, 0, 1), 5, &[]));
    assert_eq!(cost_to(&r, at(1, 0, 5)), Some(5), "1 + 4 level edges");
    // There is no room for Finn under it (2 levels).
    assert!(matches!(
        r.explain(&at(1, 0, 1)),
        Err(Refusal::NoRoom { headroom: 2, .. })
    ));
    // Coming down off the overhang's top into the gap beneath it is impossible, even for a
    // figure that fits there: it would go through the overhang.
    let small = fig(2, 1, Body::single(2), 2, 0, 5);
    let r = reach(&grid, &MoveQuery::new(small, 1, &[]));
    assert!(r.can_end(&at(1, 0, 5)));
    assert!(!r.can_end(&at(1, 0, 1)));
}

/// Example 13: a narrow passage. Grimnak's two hexes must both fit: he can end in the recess
/// with both hexes inside, not with one hex under the low rock.
#[test]
fn example_13_narrow_passage() {
    let mut f = Field::new();
    f.row(0, 0, 5, 20).row(1, 0, 3, 1).row(2, 0, 5, 20);
    f.land(4, 1, 20).land(5, 1, 20);
    // Low rock over the recess' far end: 4 levels of room.
    f.over(3, 1, 5, 6);
    let grid = f.grid();
    let grimnak = fig2(1, 1, Body::double(7), Hex::new(0, 1), Hex::new(1, 1), 1);
    let r = reach(&grid, &MoveQuery::new(grimnak, 5, &[]));
    // The tail leads (he backs into the recess) or he turns: both hexes inside.
    assert!(r.can_end(&Placement::double(Hex::new(2, 1), Hex::new(1, 1), 1)));
    assert!(matches!(
        r.explain(&Placement::double(Hex::new(3, 1), Hex::new(2, 1), 1)),
        Err(Refusal::NoRoom {
            headroom: 4,
            height: 7,
            ..
        })
    ));
    // A small figure fits in the far end.
    let small = fig(2, 1, Body::single(3), 0, 1, 1);
    let r = reach(&grid, &MoveQuery::new(small, 5, &[]));
    assert_eq!(cost_to(&r, at(3, 1, 1)), Some(3));
}

/// Glyphs end the move of the figure entering them (the lead hex of a double-space figure).
#[test]
fn glyphs_stop_movement() {
    let grid = Field::new().row(0, 0, 6, 1).glyph(2, 0, 1).grid();
    let r = reach(&grid, &MoveQuery::new(finn(0, 0, 1), 5, &[]));
    assert_eq!(
        r.path_to(&at(2, 0, 1)).unwrap().stop,
        Some(StopCause::Glyph)
    );
    assert_eq!(
        r.explain(&at(4, 0, 1)),
        Err(Refusal::StopsOnTheWay {
            at: Spot::new(Hex::new(2, 0), 1),
            cause: StopCause::Glyph
        })
    );
    let dragon = fig2(2, 1, Body::double(9), Hex::new(1, 0), Hex::new(0, 0), 1);
    let r = reach(&grid, &MoveQuery::new(dragon, 5, &[]));
    assert!(r.can_end(&Placement::double(Hex::new(2, 0), Hex::new(1, 0), 1)));
    assert!(!r.can_end(&Placement::double(Hex::new(3, 0), Hex::new(2, 0), 1)));
    // A flyer passes over it, unless the scenario says flyers stop too.
    let raelin = fig(3, 1, Body::single(5).with_flight(Flight::Flies), 0, 0, 1);
    let r = reach(&grid, &MoveQuery::new(raelin, 5, &[]));
    assert!(r.can_end(&at(4, 0, 1)));
    let mut q = MoveQuery::new(raelin, 5, &[]);
    q.glyphs_stop_flight = true;
    assert!(!reach(&grid, &q).can_end(&at(4, 0, 1)));
}

/// *Vol et surplomb*: Raelin flies over the overhang to the top, over an enemy; M1, which she
/// was engaged with, gets its leaving-engagement die, M3 (passed over) does not.
#[test]
fn flying_over_the_overhang_and_leaving_engagement() {
    let mut f = plain();
    f.over(3, 2, 3, 4).over(4, 2, 1, 16);
    let grid = f.grid();
    let raelin = fig(1, 1, Body::single(5).with_flight(Flight::Flies), 1, 2, 1);
    let m1 = fig(11, 2, Body::single(4), 1, 1, 1);
    let m3 = fig(13, 2, Body::single(4), 3, 2, 1);
    let others = [m1, m3];
    let r = reach(&grid, &MoveQuery::new(raelin, 6, &others));
    let p = r.path_to(&at(4, 2, 16)).expect("flies to the top");
    assert_eq!(p.cost(), 3, "hexes only, no levels");
    assert!(p.falls.is_empty());
    assert_eq!(
        p.leaves,
        vec![Leave {
            step: 1,
            enemy: FigureId(11)
        }]
    );
    // A walker could not climb 15 levels, nor pass M3.
    let walker = fig(1, 1, FINN, 1, 2, 1);
    let r = reach(&grid, &MoveQuery::new(walker, 6, &others));
    assert!(!r.can_end(&at(4, 2, 16)));
    // Stealth flying: no leaving-engagement attack at all.
    let stealth = fig(
        1,
        1,
        Body::single(5).with_flight(Flight::StealthFlies),
        1,
        2,
        1,
    );
    let r = reach(&grid, &MoveQuery::new(stealth, 6, &others));
    assert!(r.path_to(&at(4, 2, 16)).unwrap().leaves.is_empty());
    // A flyer never lands on a figure.
    assert!(!r.can_end(&at(3, 2, 1)));
}

/// Example 15: Finn leaves two Viking warriors he is engaged with: two attack dice.
#[test]
fn example_15_leaving_two_engagements() {
    let grid = plain().grid();
    let v1 = fig(21, 2, Body::single(5), 2, 1, 1);
    let v2 = fig(22, 2, Body::single(5), 3, 1, 1);
    let others = [v1, v2];
    let r = reach(&grid, &MoveQuery::new(finn(2, 2, 1), 5, &others));
    let p = r.path_to(&at(1, 4, 1)).unwrap();
    let mut left: Vec<FigureId> = p.leaves.iter().map(|l| l.enemy).collect();
    left.sort();
    assert_eq!(left, vec![FigureId(21), FigureId(22)]);
    assert!(p.leaves.iter().all(|l| l.step == 1));
    // Moving along while staying next to V1 leaves only V2.
    let p = r.path_to(&at(1, 2, 1)).unwrap();
    assert_eq!(
        p.leaves,
        vec![Leave {
            step: 1,
            enemy: FigureId(22)
        }]
    );
}

/// A double-space flyer lands on two free hexes at one level.
#[test]
fn double_space_flyer_lands_level() {
    let mut f = plain();
    f.over(4, 4, 1, 3);
    let grid = f.grid();
    let mimring = fig2(
        1,
        1,
        Body::double(9).with_flight(Flight::Flies),
        Hex::new(1, 1),
        Hex::new(0, 1),
        1,
    );
    let r = reach(&grid, &MoveQuery::new(mimring, 4, &[]));
    assert!(r.can_end(&Placement::double(Hex::new(4, 1), Hex::new(3, 1), 1)));
    assert!(r.can_end(&Placement::double(Hex::new(5, 1), Hex::new(4, 1), 1)));
    assert!(!r.can_end(&Placement::double(Hex::new(6, 1), Hex::new(5, 1), 1)));
    assert!(!r.can_end(&Placement {
        head: Spot::new(Hex::new(4, 4), 3),
        tail: Some(Spot::new(Hex::new(3, 4), 1))
    }));
}

/// A traced path is checked step by step.
#[test]
fn traced_paths_are_checked() {
    let grid = plain().grid();
    let enemy = [fig(9, 2, Body::single(4), 3, 0, 1)];
    let q = MoveQuery::new(finn(0, 0, 1), 5, &enemy);
    let around = [
        at(0, 0, 1),
        at(0, 1, 1),
        at(1, 1, 1),
        at(2, 1, 1),
        at(3, 1, 1),
    ];
    let p = check_path(&grid, &q, &around).unwrap();
    assert_eq!(p.cost(), 4);
    assert_eq!(p.spent, vec![0, 1, 2, 3, 4]);
    // Ending next to the enemy engages it; nothing is left.
    assert!(p.leaves.is_empty());
    let through = [
        at(0, 0, 1),
        at(1, 0, 1),
        at(2, 0, 1),
        at(3, 0, 1),
        at(4, 0, 1),
    ];
    assert_eq!(
        check_path(&grid, &q, &through),
        Err(Refusal::BlockedBy {
            hex: Hex::new(3, 0),
            figure: FigureId(9)
        })
    );
    let jump = [at(0, 0, 1), at(2, 0, 1)];
    assert_eq!(check_path(&grid, &q, &jump), Err(Refusal::NoWay));
    let long = [
        at(0, 0, 1),
        at(0, 1, 1),
        at(0, 2, 1),
        at(0, 3, 1),
        at(0, 4, 1),
        at(0, 5, 1),
        at(0, 6, 1),
    ];
    assert_eq!(
        check_path(&grid, &q, &long),
        Err(Refusal::TooFar {
            needed: 6,
            allowance: 5
        })
    );
}

/// A figure starting off the battlefield is refused, not a panic.
#[test]
fn a_figure_off_the_battlefield_reaches_nothing() {
    let grid = plain().grid();
    let r = reach(&grid, &MoveQuery::new(finn(40, 40, 1), 5, &[]));
    assert!(r.destinations().is_empty());
    assert_eq!(r.explain(&at(0, 0, 1)), Err(Refusal::NotOnBattlefield));
}

// --- properties ---

/// Cells (top, kind, overhang gap), height, allowance, base (0: double) and flying.
type Case = (Vec<(u8, u8, u8)>, u8, u8, u8, bool);

fn arb_field() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec((1u8..7, 0u8..10, 0u8..10), 36),
        2u8..7,
        0u8..9,
        0u8..4,
        any::<bool>(),
    )
}

/// A 6×6 field from random bytes: land tops 1-6, some water, some overhangs.
fn build(cells: &[(u8, u8, u8)]) -> Grid {
    let mut f = Field::new();
    for (i, &(top, kind, extra)) in cells.iter().enumerate() {
        let (q, r) = ((i % 6) as i32, (i / 6) as i32);
        let top = Level::from(top);
        match kind {
            0 => {
                f.water(q, r, top);
            }
            1 => {
                f.land(q, r, top)
                    .over(q, r, top + 3 + Level::from(extra % 4), top + 8);
            }
            _ => {
                f.land(q, r, top);
            }
        }
    }
    f.grid()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every path is contiguous, its costs add up step by step (1 plus the levels climbed), it
    /// ends where it says within the allowance, and each step climbs at most the height.
    #[test]
    fn paths_are_contiguous_and_costs_add_up((cells, height, allowance, base, flies) in arb_field()) {
        let grid = build(&cells);
        let body = Body::new(
            Level::from(height),
            if base == 0 { Base::Double } else { Base::Single },
            if flies { Flight::Flies } else { Flight::Walks },
        );
        let start_hex = Hex::new(2, 2);
        let level = grid.footings(start_hex).last().unwrap().0;
        let mover = if body.base == Base::Double {
            let tail = Hex::new(3, 2);
            // The tail must stand on the head's level with room for the figure's height: a
            // figure never stands where it does not fit (placement and every move refuse it).
            let Some(tl) = grid
                .footings(tail)
                .filter(|f| f.1.is_none_or(|room| room >= body.height))
                .map(|f| f.0)
                .find(|&l| l == level)
            else {
                return Ok(());
            };
            fig2(1, 1, body, start_hex, tail, tl)
        } else {
            fig(1, 1, body, 2, 2, level)
        };
        let enemies: Vec<Standing> = [(1, 1), (4, 3)]
            .iter()
            .enumerate()
            .filter_map(|(k, &(q, r))| {
                let level = grid.footings(Hex::new(q, r)).last()?.0;
                Some(fig(10 + k as u32, 2, Body::single(4), q, r, level))
            })
            .collect();
        let q = MoveQuery::new(mover, u16::from(allowance), &enemies);
        let r = reach(&grid, &q);
        for d in r.destinations() {
            let p = r.path_to(&d.at).expect("a destination has a path");
            prop_assert_eq!(p.cost(), d.cost);
            prop_assert!(d.cost <= u16::from(allowance));
            prop_assert_eq!(unordered(&p.steps[0]), unordered(&mover.at));
            prop_assert_eq!(p.steps.len(), p.spent.len());
            for i in 1..p.steps.len() {
                let (a, b) = (p.steps[i - 1], p.steps[i]);
                prop_assert_eq!(a.head.hex.distance(b.head.hex), 1);
                let step = p.spent[i] - p.spent[i - 1];
                if flies {
                    prop_assert_eq!(step, 1);
                } else {
                    prop_assert_eq!(step, 1 + b.head.level.saturating_sub(a.head.level));
                    prop_assert!(b.head.level.saturating_sub(a.head.level) <= body.height);
                }
                if let (Some(t), Some(_)) = (b.tail, a.tail) {
                    prop_assert_eq!(t.hex, a.head.hex);
                }
            }
            if let Some(t) = d.at.tail {
                prop_assert_eq!(t.level, d.at.head.level);
            }
            // The safest path rolls no more dice than the cheapest, within the allowance.
            let safe = r.safest_path_to(&d.at).expect("a destination has a safest path");
            let dice = |p: &MovePath| {
                p.falls.iter().map(|f| u32::from(f.dice)).sum::<u32>() + p.leaves.len() as u32
            };
            prop_assert!(dice(&safe) <= dice(&p));
            prop_assert!(safe.cost() <= u16::from(allowance) && safe.cost() >= d.cost);
            // Either end first: a double-space figure has no front (the search compares them so).
            prop_assert_eq!(unordered(&safe.end()), unordered(&p.end()));
            // The traced-path check agrees with the search.
            if !flies {
                let checked = check_path(&grid, &q, &p.steps);
                prop_assert_eq!(checked.map(|c| c.cost()), Ok(d.cost));
            }
        }
    }

    /// More movement never reaches less, nor costs more.
    #[test]
    fn reach_grows_with_the_allowance((cells, height, allowance, _base, flies) in arb_field()) {
        let grid = build(&cells);
        let body = Body::single(Level::from(height))
            .with_flight(if flies { Flight::Flies } else { Flight::Walks });
        let level = grid.footings(Hex::new(2, 2)).last().unwrap().0;
        let mover = fig(1, 1, body, 2, 2, level);
        let small = reach(&grid, &MoveQuery::new(mover, u16::from(allowance), &[]));
        let big = reach(&grid, &MoveQuery::new(mover, u16::from(allowance) + 1, &[]));
        let big_ends = ends(&big);
        for (p, c) in ends(&small) {
            let bigger = big_ends.iter().find(|(q, _)| *q == p);
            prop_assert!(bigger.is_some_and(|(_, c2)| *c2 <= c), "{:?} lost", p);
        }
    }
}

/// The cheapest way passes next to an enemy and leaves it; one more hex of movement avoids it.
#[test]
fn the_safest_path_avoids_leaving_engagement() {
    let grid = plain().grid();
    let enemy = [fig(9, 2, Body::single(5), 2, 0, 1)];
    let r = reach(&grid, &MoveQuery::new(finn(0, 1, 1), 5, &enemy));
    let cheap = r.path_to(&at(4, 1, 1)).unwrap();
    assert_eq!(cheap.cost(), 4);
    assert_eq!(
        cheap.leaves,
        vec![Leave {
            step: 3,
            enemy: FigureId(9)
        }]
    );
    let safe = r.safest_path_to(&at(4, 1, 1)).unwrap();
    assert_eq!(safe.cost(), 5);
    assert!(safe.leaves.is_empty());
    // With a move of 4 there is no choice.
    let r = reach(&grid, &MoveQuery::new(finn(0, 1, 1), 4, &enemy));
    assert_eq!(r.safest_path_to(&at(4, 1, 1)).unwrap().leaves.len(), 1);
}

/// The safest path also avoids a fall when a way down exists.
#[test]
fn the_safest_path_climbs_down_rather_than_falls() {
    // From a ledge at 6, straight down to 1 is a fall for a 4-tall figure; by the step at 4
    // beside both it is not.
    let grid = Field::new()
        .land(0, 0, 6)
        .land(1, 0, 1)
        .land(0, 1, 4)
        .grid();
    let marro = fig(1, 1, Body::single(4), 0, 0, 6);
    let r = reach(&grid, &MoveQuery::new(marro, 4, &[]));
    assert_eq!(r.path_to(&at(1, 0, 1)).unwrap().falls.len(), 1);
    let safe = r.safest_path_to(&at(1, 0, 1)).unwrap();
    assert!(safe.falls.is_empty(), "{safe:?}");
    assert_eq!(safe.cost(), 2);
    assert_eq!(safe.steps[1], at(0, 1, 4));
}

/// A road wall or a battlement on the edge between two hexes stops walkers, not flyers; a ladder
/// stops nobody.
#[test]
fn walls_on_edges_stop_walkers() {
    let corridor = |kind: Obstacle| {
        let mut f = Field::new();
        f.row(1, 0, 5, 1).east_wall(1, 1, 1, 4, kind);
        f.grid()
    };
    let grid = corridor(Obstacle::RoadWall);
    let r = reach(&grid, &MoveQuery::new(finn(0, 1, 1), 5, &[]));
    assert!(r.can_end(&at(1, 1, 1)));
    assert_eq!(r.explain(&at(3, 1, 1)), Err(Refusal::NoWay));
    let raelin = fig(2, 1, Body::single(5).with_flight(Flight::Flies), 0, 1, 1);
    assert!(reach(&grid, &MoveQuery::new(raelin, 5, &[])).can_end(&at(3, 1, 1)));
    let grid = corridor(Obstacle::Ladder);
    let r = reach(&grid, &MoveQuery::new(finn(0, 1, 1), 5, &[]));
    assert_eq!(cost_to(&r, at(3, 1, 1)), Some(3));
}

// --- special powers (`Powers`, `Way`) and the glyphs that are gone ---

fn powered(q: MoveQuery<'_>, p: Powers) -> MoveQuery<'_> {
    q.with_powers(p)
}

/// Ghost walk passes through enemies and engaged friends, never ends on them, and leaving the
/// enemy it passed through is one engagement left, not two.
#[test]
fn ghost_walk_passes_through_every_figure() {
    let grid = Field::new().row(0, 0, 7, 1).grid();
    let enemy = [fig(2, 2, Body::single(4), 3, 0, 1)];
    let ghost = Powers {
        ghost_walk: true,
        ..Powers::default()
    };
    let plain_q = MoveQuery::new(finn(0, 0, 1), 6, &enemy);
    assert!(!reach(&grid, &plain_q).can_end(&at(5, 0, 1)));
    let r = reach(&grid, &powered(plain_q, ghost));
    let p = r.path_to(&at(5, 0, 1)).expect("through the enemy");
    assert_eq!(p.cost(), 5);
    assert_eq!(
        p.leaves,
        vec![Leave {
            step: 5,
            enemy: FigureId(2)
        }],
        "one engagement left, once past it"
    );
    assert_eq!(
        r.explain(&at(3, 0, 1)),
        Err(Refusal::Occupied {
            hex: Hex::new(3, 0),
            figure: FigureId(2)
        })
    );
}

/// Water walk: entering water does not end the move; without it the first water hex does.
#[test]
fn water_walk_crosses_water() {
    let mut f = Field::new();
    f.row(0, 0, 1, 1)
        .water(2, 0, 0)
        .water(3, 0, 0)
        .water(4, 0, 0)
        .row(0, 5, 7, 1);
    let grid = f.grid();
    let q = MoveQuery::new(finn(0, 0, 1), 8, &[]);
    let r = reach(&grid, &q);
    assert_eq!(
        r.explain(&at(6, 0, 1)),
        Err(Refusal::StopsOnTheWay {
            at: Spot::new(Hex::new(2, 0), 0),
            cause: StopCause::Water
        })
    );
    let swim = Powers {
        water_walk: true,
        ..Powers::default()
    };
    let r = reach(&grid, &powered(q, swim));
    let p = r.path_to(&at(6, 0, 1)).expect("swims across");
    assert_eq!(p.cost(), 7, "six steps, one level out of the water");
    assert_eq!(p.stop, None);
    assert!(r.path_to(&at(3, 0, 0)).unwrap().stop.is_none());
}

/// Climb X2 and X3: the height counts twice or three times going up, and for falls going down.
#[test]
fn climb_factor_scales_climbs_and_falls() {
    // A ledge 5 levels above the ground, then 12 levels above it; a row of plain beside them
    // (the search sizes its cost buckets by the battlefield, which must not be tiny).
    let grid = Field::new()
        .land(0, 0, 1)
        .land(1, 0, 6)
        .land(2, 0, 13)
        .row(1, -1, 5, 1)
        .grid();
    let spider = fig(1, 1, Body::single(3), 0, 0, 1);
    let q = MoveQuery::new(spider, 20, &[]);
    assert_eq!(
        reach(&grid, &q).explain(&at(1, 0, 6)),
        Err(Refusal::ClimbTooHigh {
            from: Spot::new(Hex::new(0, 0), 1),
            to: Spot::new(Hex::new(1, 0), 6),
            levels: 5,
            height: 3,
            limit: 3,
        })
    );
    let x2 = powered(
        q,
        Powers {
            climb_factor: 2,
            ..Powers::default()
        },
    );
    let r = reach(&grid, &x2);
    assert_eq!(cost_to(&r, at(1, 0, 6)), Some(6));
    assert_eq!(
        r.explain(&at(2, 0, 13)),
        Err(Refusal::ClimbTooHigh {
            from: Spot::new(Hex::new(1, 0), 6),
            to: Spot::new(Hex::new(2, 0), 13),
            levels: 7,
            height: 3,
            limit: 6,
        })
    );
    let x3 = powered(
        q,
        Powers {
            climb_factor: 3,
            ..Powers::default()
        },
    );
    assert_eq!(cost_to(&reach(&grid, &x3), at(2, 0, 13)), Some(14));
    // Going down 5 levels is a fall for a figure 3 tall, not with its height doubled.
    let top = fig(1, 1, Body::single(3), 1, 0, 6);
    let down = MoveQuery::new(top, 3, &[]);
    assert_eq!(
        reach(&grid, &down)
            .path_to(&at(0, 0, 1))
            .unwrap()
            .falls
            .len(),
        1
    );
    let down = powered(
        down,
        Powers {
            climb_factor: 2,
            ..Powers::default()
        },
    );
    assert!(reach(&grid, &down)
        .path_to(&at(0, 0, 1))
        .unwrap()
        .falls
        .is_empty());
}

/// Warp Space: placed within N spaces counted as a flyer counts, over water and figures; the
/// path is the start and the end, and an engaged figure takes its leaving-engagement attacks.
#[test]
fn teleport_places_within_n_spaces() {
    let mut f = plain();
    f.over(3, 3, 1, 20);
    let grid = f.grid();
    let enemy = [fig(9, 2, Body::single(4), 2, 2, 1)];
    let q = MoveQuery::new(finn(1, 3, 1), 4, &enemy).with_way(Way::Teleport);
    let r = reach(&grid, &q);
    let p = r
        .path_to(&at(5, 3, 1))
        .expect("four spaces, past the pillar");
    assert_eq!(p.steps, vec![at(1, 3, 1), at(5, 3, 1)]);
    assert_eq!(p.cost(), 4);
    assert_eq!(
        p.leaves,
        vec![Leave {
            step: 1,
            enemy: FigureId(9)
        }]
    );
    assert!(
        r.can_end(&at(3, 3, 20)),
        "on top of the pillar: levels do not count"
    );
    assert_eq!(
        r.explain(&at(6, 3, 1)),
        Err(Refusal::TooFar {
            needed: 5,
            allowance: 4
        })
    );
    let words = r
        .explain(&at(6, 3, 1))
        .unwrap_err()
        .text(&q, skirmish_lang::Lang::En, &|id| format!("#{}", id.0));
    assert!(words.contains("Warp Space"), "{words}");
}

/// Grapple gun: one space, up to its levels higher, costing one space.
#[test]
fn grapple_gun_climbs_one_space() {
    let grid = Field::new()
        .land(0, 0, 1)
        .land(1, 0, 21)
        .land(2, 0, 1)
        .grid();
    let q = MoveQuery::new(finn(0, 0, 1), 5, &[]);
    assert!(!reach(&grid, &q).can_end(&at(1, 0, 21)));
    let g = q.with_way(Way::Grapple { up: 25 });
    let g = MoveQuery { allowance: 1, ..g };
    let r = reach(&grid, &g);
    let p = r.path_to(&at(1, 0, 21)).expect("grapples up");
    assert_eq!(p.cost(), 1);
    assert_eq!(
        r.explain(&at(2, 0, 1)),
        Err(Refusal::TooFar {
            needed: 2,
            allowance: 1
        })
    );
    let low = MoveQuery {
        allowance: 1,
        ..q.with_way(Way::Grapple { up: 10 })
    };
    assert!(matches!(
        reach(&grid, &low).explain(&at(1, 0, 21)),
        Err(Refusal::ClimbTooHigh { limit: 10, .. })
    ));
}

/// A glyph that is gone (used and discarded) stops nobody, on the same grid.
#[test]
fn gone_glyphs_no_longer_stop() {
    let grid = Field::new().row(0, 0, 6, 1).glyph(2, 0, 1).grid();
    let q = MoveQuery::new(finn(0, 0, 1), 5, &[]);
    assert!(!reach(&grid, &q).can_end(&at(4, 0, 1)));
    let gone = [Spot::new(Hex::new(2, 0), 1)];
    let r = reach(&grid, &q.with_gone_glyphs(&gone));
    let p = r.path_to(&at(4, 0, 1)).expect("the glyph is gone");
    assert_eq!(p.cost(), 4);
    assert_eq!(r.path_to(&at(2, 0, 1)).unwrap().stop, None);
}

/// Molten lava ends a walking move and marks the step that rolls for it; a lava-resistant
/// figure walks on; a flyer rolls only where it lands.
#[test]
fn molten_lava_stops_and_burns() {
    use crate::battlefield::{Ground, Material};
    let mut b = crate::battlefield::Builder::new("lava");
    for q in 0..7 {
        let hex = Hex::new(q, 0);
        b.span(
            hex,
            crate::battlefield::Span {
                bottom: 0,
                top: 1,
                material: Material::Solid(Ground::Rock),
            },
            format!("hex {q}"),
        );
        if q == 2 || q == 3 {
            b.span(
                hex,
                crate::battlefield::Span {
                    bottom: 1,
                    top: 2,
                    material: Material::Liquid(Ground::Lava),
                },
                format!("lava {q}"),
            );
        }
    }
    let grid = Grid::new(&b.build().unwrap());
    let q = MoveQuery::new(finn(0, 0, 1), 6, &[]);
    let r = reach(&grid, &q);
    let p = r.path_to(&at(2, 0, 1)).expect("into the lava");
    assert_eq!((p.stop, p.molten), (Some(StopCause::Lava), Some(2)));
    assert_eq!(
        r.explain(&at(5, 0, 1)),
        Err(Refusal::StopsOnTheWay {
            at: Spot::new(Hex::new(2, 0), 1),
            cause: StopCause::Lava
        })
    );
    let resistant = powered(
        q,
        Powers {
            lava_resistant: true,
            ..Powers::default()
        },
    );
    let p = reach(&grid, &resistant)
        .path_to(&at(5, 0, 1))
        .expect("walks on");
    assert_eq!((p.stop, p.molten), (None, None));
    let raelin = fig(1, 1, Body::single(5).with_flight(Flight::Flies), 0, 0, 1);
    let r = reach(&grid, &MoveQuery::new(raelin, 6, &[]));
    assert_eq!(r.path_to(&at(5, 0, 1)).unwrap().molten, None, "flies over");
    assert_eq!(
        r.path_to(&at(3, 0, 1)).unwrap().molten,
        Some(3),
        "lands in it"
    );
}
