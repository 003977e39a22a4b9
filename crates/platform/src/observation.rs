//! A seat's view of the game as numbers of a fixed shape, for learning agents: planes over the
//! board's cells (`[plane][row][column]`), built only from what the seat may see.

use serde::Serialize;
use skirmish_engine::{AnyGame, Seat};

use crate::Board;

/// Planes of numbers over the board, one value per cell: `data[(p * height + y) * width + x]`.
/// Its shape stays the same for a whole game (the board does not change size).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Observation {
    /// What each plane holds (`"own"`, `"enemy"`, `"height"`…), in order.
    pub planes: Vec<String>,
    /// Rows.
    pub height: usize,
    /// Columns.
    pub width: usize,
    /// The values, plane by plane, row by row.
    pub data: Vec<f32>,
}

/// The planes [`Observation::from_board`] fills, in order.
pub const BOARD_PLANES: [&str; 6] = ["cell", "height", "terrain", "own", "enemy", "to_move"];

impl Observation {
    /// No planes yet over a `width` × `height` board (sizes out of range count as 0).
    pub fn empty(width: i32, height: i32) -> Observation {
        Observation {
            planes: Vec::new(),
            height: usize::try_from(height.clamp(0, 1_000)).unwrap_or(0),
            width: usize::try_from(width.clamp(0, 1_000)).unwrap_or(0),
            data: Vec::new(),
        }
    }

    /// Adds a plane of zeros named `name` and returns its index.
    pub fn add_plane(&mut self, name: impl Into<String>) -> usize {
        self.planes.push(name.into());
        self.data
            .resize(self.planes.len() * self.height * self.width, 0.0);
        self.planes.len() - 1
    }

    /// The value of `plane` at `at` (`[x, y]`) for writing; `None` off the board.
    pub fn at_mut(&mut self, plane: usize, at: [i32; 2]) -> Option<&mut f32> {
        let x = usize::try_from(at[0]).ok().filter(|&x| x < self.width)?;
        let y = usize::try_from(at[1]).ok().filter(|&y| y < self.height)?;
        self.data
            .get_mut((plane * self.height + y) * self.width + x)
    }

    /// Sets a whole plane to `value`.
    pub fn fill(&mut self, plane: usize, value: f32) {
        let n = self.height * self.width;
        if let Some(chunk) = self.data.get_mut(plane * n..(plane + 1) * n) {
            chunk.fill(value);
        }
    }

    /// The generic planes of a board as `seat` sees it ([`BOARD_PLANES`]): `cell` 1 where
    /// there is ground (0 for `void`), `height` the cell's level, `terrain` 1 where the
    /// ground is not plain open ground, `own` and `enemy` how many of the seat's and other
    /// seats' pieces cover the cell, and `to_move` 1 everywhere when the seat is asked to act.
    pub fn from_board(board: &Board, seat: Seat, to_move: bool) -> Observation {
        let mut o = Observation::empty(board.width, board.height);
        let [cell, height, terrain, own, enemy, turn] = BOARD_PLANES.map(|p| o.add_plane(p));
        o.fill(cell, 1.0);
        for c in &board.cells {
            let void = c.terrain == "void";
            if let Some(v) = o.at_mut(cell, c.at) {
                *v = if void { 0.0 } else { 1.0 };
            }
            if let Some(v) = o.at_mut(height, c.at) {
                *v = c.height as f32;
            }
            if let Some(v) = o.at_mut(terrain, c.at) {
                *v = if void || is_open(&c.terrain) {
                    0.0
                } else {
                    1.0
                };
            }
        }
        for p in &board.pieces {
            let plane = if p.seat == seat.0 { own } else { enemy };
            for &at in std::iter::once(&p.at).chain(p.cells.iter().filter(|&&c| c != p.at)) {
                if let Some(v) = o.at_mut(plane, at) {
                    *v += 1.0;
                }
            }
        }
        if to_move {
            o.fill(turn, 1.0);
        }
        o
    }
}

/// Ground words that mean plain going on any board.
fn is_open(terrain: &str) -> bool {
    matches!(terrain, "" | "clear" | "open" | "grass" | "land")
}

/// The generic observation of `game` for `seat` from the board a presentation draws for it
/// ([`crate::Presentation::board`]); `None` without a board.
pub fn board_observation(
    board: Option<Board>,
    game: &dyn AnyGame,
    seat: Seat,
) -> Option<Observation> {
    let board = board?;
    Some(Observation::from_board(
        &board,
        seat,
        game.pending_seats().contains(&seat),
    ))
}
