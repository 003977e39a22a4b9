//! Turning catalogue pieces placed at a level into spans, edge pieces, glyphs and start hexes:
//! the part every reader shares, so that an `.hsc` tile, an editor piece and a TOML piece of the
//! same kind fill the battlefield alike.

use skirmish_board::hex::{Hex, HexDir};

use super::tiles::{Piece, Role};
use super::{Battlefield, Builder, EdgePiece, Glyph, GlyphSpot, Level, Material, Problem, Span};

/// One piece as a file places it.
#[derive(Clone, Debug)]
pub(super) struct Placement {
    /// The catalogue piece.
    pub piece: Piece,
    /// The hexes it covers (for an arch: end, middle, end).
    pub hexes: Vec<Hex>,
    /// The level its underside rests on.
    pub level: Level,
    /// For edge pieces, the edge they stand on (rotation number, 0 east, clockwise).
    pub side: u8,
    /// For glyphs: which one, face up or down.
    pub glyph: Option<(Glyph, bool)>,
    /// For start areas: the player.
    pub player: Option<u8>,
    /// How the file names it, for messages.
    pub place: String,
}

/// Fills `builder` with `placements`, checks that every raised piece, glyph and start area rests
/// on something, and builds.
pub(super) fn assemble(
    mut builder: Builder,
    placements: &[Placement],
) -> Result<Battlefield, Vec<Problem>> {
    for p in placements {
        let (bottom, height) = (p.level, p.piece.height);
        let top = bottom.saturating_add(height);
        let mut fill = |hex: Hex, from: Level, material: Material| {
            builder.span(
                hex,
                Span {
                    bottom: from,
                    top,
                    material,
                },
                p.place.clone(),
            );
        };
        match p.piece.role {
            Role::Land(g) | Role::Raised(g) => {
                p.hexes
                    .iter()
                    .for_each(|&h| fill(h, bottom, Material::Solid(g)));
            }
            Role::Thin(g) => {
                p.hexes
                    .iter()
                    .for_each(|&h| fill(h, bottom, Material::Liquid(g)));
            }
            Role::Obstacle(o) => {
                p.hexes
                    .iter()
                    .for_each(|&h| fill(h, bottom, Material::Obstacle(o)));
            }
            Role::Arch { gap } => {
                for (i, &h) in p.hexes.iter().enumerate() {
                    let from = if i == 1 {
                        bottom.saturating_add(gap)
                    } else {
                        bottom
                    };
                    fill(h, from, Material::Solid(super::Ground::Castle));
                }
            }
            Role::Edge(kind) => {
                for &hex in &p.hexes {
                    builder.edge(EdgePiece {
                        hex,
                        side: HexDir::from_index(p.side % 6),
                        bottom,
                        top,
                        kind,
                    });
                }
            }
            Role::Glyph | Role::StartArea | Role::Figure => {}
        }
    }
    // What each hex offers at a level: the surface of a span whose top is that level.
    let surface_at = |builder: &Builder, hex: Hex, level: Level| -> Option<Level> {
        builder
            .columns
            .get(&hex)?
            .iter()
            .filter(|(s, _)| s.top == level)
            .find_map(|(s, _)| s.surface())
    };
    // Tiles lock together with pegs, so a piece may rest on something or hang from a piece
    // above it (an overhang built from the top, as in *A la vie, a la mort*).
    let attached = |builder: &Builder, hex: Hex, bottom: Level, top: Level| {
        builder
            .columns
            .get(&hex)
            .is_some_and(|c| c.iter().any(|(s, _)| s.top == bottom || s.bottom == top))
    };
    for p in placements {
        match p.piece.role {
            Role::Glyph => {
                let hex = p.hexes[0];
                let (glyph, face_up) = p.glyph.unwrap_or((Glyph::Unknown, false));
                match surface_at(&builder, hex, p.level) {
                    Some(level) => {
                        builder.glyph(GlyphSpot {
                            hex,
                            level,
                            glyph,
                            face_up,
                        });
                    }
                    None => {
                        builder.problem(&p.place, format!("nothing under it at level {}", p.level));
                    }
                }
            }
            Role::StartArea => {
                let hex = p.hexes[0];
                if surface_at(&builder, hex, p.level).is_none() {
                    builder.problem(&p.place, format!("nothing under it at level {}", p.level));
                } else if let Some(player) = p.player {
                    builder.start(hex, player, &p.place);
                }
            }
            Role::Edge(_) | Role::Figure => {}
            _ if p.level > 0 => {
                let top = p.level.saturating_add(p.piece.height);
                if !p.hexes.iter().any(|&h| attached(&builder, h, p.level, top)) {
                    builder.problem(
                        &p.place,
                        format!(
                            "nothing under any of its hexes at level {} (nor over them at {top})",
                            p.level
                        ),
                    );
                }
            }
            _ => {}
        }
    }
    builder.build()
}
