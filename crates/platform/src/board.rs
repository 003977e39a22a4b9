//! The board as any page or terminal can draw it, whatever the game: cells that are not plain
//! open ground, and the pieces on them.

use serde::Serialize;

/// The shape of a board's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardKind {
    /// Squares, `[x, y]` from the top left.
    Square,
    /// Pointy-top hexes in offset coordinates `[col, row]`, odd rows shifted right by half a
    /// hex.
    Hex,
}

/// A cell that is not plain open ground.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// Where it is.
    pub at: [i32; 2],
    /// Its terrain, a lower-case word the page colours (`hindering`, `blocking`, `water`,
    /// `elevated`, `wall`, `void`, …; unknown words get a neutral colour).
    pub terrain: String,
    /// Its height in levels (0: ground).
    #[serde(skip_serializing_if = "is_zero")]
    pub height: i32,
    /// A short note for the pointer (a starting area's owner, an object).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub label: String,
}

/// A piece on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Piece {
    /// Its id, as actions name it.
    pub id: u32,
    /// Its main cell.
    pub at: [i32; 2],
    /// Every cell it covers, when more than one (big bases).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<[i32; 2]>,
    /// Its owner's seat number (0-based).
    pub seat: u8,
    /// Two or three letters drawn on it.
    pub label: String,
    /// Its full name.
    pub name: String,
    /// Its state in a few words (wounds, tokens), for the pointer.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub status: String,
}

/// A wall along one side of a cell: walls stand on the edges between cells, not in them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edge {
    /// The cell.
    pub at: [i32; 2],
    /// Its side: `n`, `e`, `s`, `w` for a square; `ne`, `e`, `se`, `sw`, `w`, `nw` for a hex.
    pub side: &'static str,
}

/// A board: its size, its cells that are not open ground, its walls, and its pieces.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    /// Squares or hexes.
    pub kind: BoardKind,
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// Cells that are not plain open ground.
    pub cells: Vec<Cell>,
    /// Walls on cell edges, each once.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<Edge>,
    /// The pieces on the board.
    pub pieces: Vec<Piece>,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

impl Board {
    /// The board as text: one line per row, `.` for open ground, the terrain's first letter for
    /// other cells, a piece's label's first letter (upper case for seat 0, lower case for the
    /// others) where a piece stands. Hex rows are indented by their offset.
    pub fn to_text(&self) -> String {
        let w = usize::try_from(self.width.clamp(0, 200)).unwrap_or(0);
        let h = usize::try_from(self.height.clamp(0, 200)).unwrap_or(0);
        let mut grid = vec![vec!['.'; w]; h];
        let mut put = |at: [i32; 2], c: char| {
            if let (Ok(x), Ok(y)) = (usize::try_from(at[0]), usize::try_from(at[1])) {
                if let Some(cell) = grid.get_mut(y).and_then(|row| row.get_mut(x)) {
                    *cell = c;
                }
            }
        };
        for c in &self.cells {
            put(c.at, c.terrain.chars().next().unwrap_or('?'));
        }
        for p in &self.pieces {
            let first = p.label.chars().next().unwrap_or('?');
            let c = if p.seat == 0 {
                first.to_ascii_uppercase()
            } else {
                first.to_ascii_lowercase()
            };
            put(p.at, c);
            for &at in &p.cells {
                put(at, c);
            }
        }
        let mut out = String::new();
        for (y, row) in grid.iter().enumerate() {
            if self.kind == BoardKind::Hex && y % 2 == 1 {
                out.push(' ');
            }
            let sep = if self.kind == BoardKind::Hex { " " } else { "" };
            let line: Vec<String> = row.iter().map(char::to_string).collect();
            out.push_str(&line.join(sep));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_shows_terrain_and_pieces_by_seat() {
        let b = Board {
            kind: BoardKind::Square,
            width: 3,
            height: 2,
            cells: vec![Cell {
                at: [1, 0],
                terrain: "water".into(),
                height: 0,
                label: String::new(),
            }],
            walls: Vec::new(),
            pieces: vec![
                Piece {
                    id: 1,
                    at: [0, 1],
                    cells: Vec::new(),
                    seat: 0,
                    label: "ab".into(),
                    name: "A".into(),
                    status: String::new(),
                },
                Piece {
                    id: 2,
                    at: [2, 1],
                    cells: Vec::new(),
                    seat: 1,
                    label: "Cd".into(),
                    name: "C".into(),
                    status: String::new(),
                },
            ],
        };
        assert_eq!(b.to_text(), ".w.\nA.c\n");
        // Out-of-board pieces are left out rather than panicking.
        let mut odd = b.clone();
        odd.pieces[0].at = [-4, 99];
        assert_eq!(odd.to_text(), ".w.\n..c\n");
    }
}
