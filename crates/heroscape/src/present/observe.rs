//! HeroScape's observation tensor for learning agents: the platform's board planes, then each
//! figure's card values and the order markers on its card, all read from the engine's view for
//! the seat, so that another side's face-down markers cannot leak into it.

use skirmish_engine::{Game, Ruleset, Seat, Viewer};
use skirmish_lang::Lang;
use skirmish_platform::Observation;

use super::text::Grid;
use crate::game::{HeroScape, Marker};

/// The planes HeroScape adds after the platform's board planes, in order.
pub const PLANES: [&str; 10] = [
    "life_left",
    "attack",
    "defense",
    "move",
    "range",
    "marker_1",
    "marker_2",
    "marker_3",
    "marker_x",
    "markers_face_down",
];

/// The observation of `game` for `seat`: generic planes of the board as the seat sees it, and
/// on each figure's hexes its life left, card values, which known markers lie on its card and
/// how many face-down markers whose number the seat may not see lie there.
pub fn observation(game: &Game<HeroScape>, seat: Seat) -> Observation {
    let state = game.state();
    let viewer = Viewer::Seat(seat);
    let board = super::board_of(state, viewer, Lang::En);
    let mut o = Observation::from_board(&board, seat, game.pending_seats().contains(&seat));
    let [life, attack, defense, move_, range, m1, m2, m3, mx, down] =
        PLANES.map(|p| o.add_plane(p));
    let view = HeroScape::view(state, viewer);
    let grid = Grid::of(&state.field);
    for figure in view.figures.iter().filter(|f| !f.destroyed) {
        let Some(unit) = view.units.get(usize::from(figure.unit)) else {
            continue;
        };
        let markers = view.players.get(figure.owner.index()).map(|p| &p.markers);
        let mut values = vec![
            (life, f32::from(unit.life.saturating_sub(figure.wounds))),
            (attack, f32::from(unit.attack)),
            (defense, f32::from(unit.defense)),
            (move_, f32::from(unit.move_)),
            (range, f32::from(unit.range)),
        ];
        if let Some(m) = markers {
            for &(marker, on) in &m.known {
                if on == figure.unit {
                    let plane = match marker {
                        Marker::One => m1,
                        Marker::Two => m2,
                        Marker::Three => m3,
                        Marker::X => mx,
                    };
                    values.push((plane, 1.0));
                }
            }
            for &(on, count) in &m.hidden {
                if on == figure.unit {
                    values.push((down, f32::from(count)));
                }
            }
        }
        let hexes = figure.hex.into_iter().chain(figure.tail);
        for hex in hexes {
            let at = grid.cell(hex);
            for &(plane, value) in &values {
                if let Some(v) = o.at_mut(plane, at) {
                    *v = value;
                }
            }
        }
    }
    o
}
