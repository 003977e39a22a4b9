//! Small battlefields for the geometry tests, built piece by piece.

use skirmish_board::hex::Hex;
use skirmish_board::FigureId;

use crate::battlefield::{Builder, Ground, Level, Material, Obstacle, Span};
use crate::body::{Body, Placement, Standing};
use crate::grid::Grid;

/// A battlefield under construction.
pub(crate) struct Field(Builder);

impl Field {
    pub fn new() -> Field {
        Field(Builder::new("test"))
    }

    fn span(&mut self, hex: Hex, bottom: Level, top: Level, material: Material) -> &mut Field {
        self.0.span(
            hex,
            Span {
                bottom,
                top,
                material,
            },
            format!("{material:?} at {hex} {bottom}..{top}"),
        );
        self
    }

    /// Grass from the table up to `top`: a figure on it stands at `top`.
    pub fn land(&mut self, q: i32, r: i32, top: Level) -> &mut Field {
        self.span(Hex::new(q, r), 0, top, Material::Solid(Ground::Grass))
    }

    /// A row of land hexes `q0..=q1` on row `r`.
    pub fn row(&mut self, r: i32, q0: i32, q1: i32, top: Level) -> &mut Field {
        for q in q0..=q1 {
            self.land(q, r, top);
        }
        self
    }

    /// Land up to `bed`, and a water tile on it: a figure in it stands at `bed`.
    pub fn water(&mut self, q: i32, r: i32, bed: Level) -> &mut Field {
        if bed > 0 {
            self.span(Hex::new(q, r), 0, bed, Material::Solid(Ground::Rock));
        }
        self.span(
            Hex::new(q, r),
            bed,
            bed + 1,
            Material::Liquid(Ground::Water),
        )
    }

    /// Another solid piece over a hex (an overhang or a bridge).
    pub fn over(&mut self, q: i32, r: i32, bottom: Level, top: Level) -> &mut Field {
        self.span(Hex::new(q, r), bottom, top, Material::Solid(Ground::Rock))
    }

    /// An obstacle piece.
    pub fn obstacle(
        &mut self,
        q: i32,
        r: i32,
        bottom: Level,
        top: Level,
        what: Obstacle,
    ) -> &mut Field {
        self.span(Hex::new(q, r), bottom, top, Material::Obstacle(what))
    }

    /// A glyph on the ground at `level`.
    pub fn glyph(&mut self, q: i32, r: i32, level: Level) -> &mut Field {
        self.0.glyph(crate::battlefield::GlyphSpot {
            hex: Hex::new(q, r),
            level,
            glyph: crate::battlefield::Glyph::Astrid,
            face_up: true,
        });
        self
    }

    pub fn grid(&mut self) -> Grid {
        let b = std::mem::take(&mut self.0);
        Grid::new(&b.build().expect("test battlefield is consistent"))
    }
}

/// A one-hex figure.
pub(crate) fn fig(id: u32, team: u8, body: Body, q: i32, r: i32, level: Level) -> Standing {
    Standing {
        id: FigureId(id),
        team,
        body,
        at: Placement::single(Hex::new(q, r), level),
    }
}

/// A double-space figure.
pub(crate) fn fig2(id: u32, team: u8, body: Body, head: Hex, tail: Hex, level: Level) -> Standing {
    Standing {
        id: FigureId(id),
        team,
        body,
        at: Placement::double(head, tail, level),
    }
}

pub(crate) fn at(q: i32, r: i32, level: Level) -> Placement {
    Placement::single(Hex::new(q, r), level)
}
