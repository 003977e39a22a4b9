//! Tiles laid on the battlefield during a game by a card's power (*Nanite Smoke Grenade*,
//! *Blend Into Shadow*): the one change a battlefield takes once a game is under way.
//!
//! **Where a tile fits normally.** A one-hex tile fits on a space whose top piece is a land tile
//! (grass, rock, sand, lava field, swamp, road, concrete, asphalt, dungeon, snow) with nothing
//! above it: not on water or on another thin tile (shadow, molten lava, ice), not on a
//! glacier, outcrop, hive or castle piece, not under an overhang, not where an obstacle stands.
//! The game adds what figures and glyphs ask (an empty space, no glyph): see
//! `game/powers/tiles.rs`.
//!
//! A thin tile (shadow, molten lava, water) lies on the land and adds no height: a figure on it
//! stands where it stood (*Se déplacer dans l'eau*: the tiles that add no height). A land tile
//! (lava field) is one level thick and raises the space by one level.

use skirmish_board::hex::Hex;

use super::{Battlefield, Ground, Level, Material, Span};

/// Ground of the land tiles a laid tile may lie on.
const fn is_land_tile(g: Ground) -> bool {
    matches!(
        g,
        Ground::Grass
            | Ground::Rock
            | Ground::Sand
            | Ground::LavaField
            | Ground::Swamp
            | Ground::Road
            | Ground::Concrete
            | Ground::Asphalt
            | Ground::Dungeon
            | Ground::Snow
    )
}

/// Whether a tile of this ground adds no height (it lies on the land, figures stand in it).
const fn is_thin(g: Ground) -> bool {
    matches!(
        g,
        Ground::Shadow | Ground::Lava | Ground::Water | Ground::SwampWater | Ground::Ice
    )
}

impl Battlefield {
    /// The level of the land a one-hex tile would lie on at `hex`, when it fits normally there
    /// (the top piece of the column is a land tile, open to the sky).
    pub fn tile_fits(&self, hex: Hex) -> Option<Level> {
        let top = self.columns.get(&hex)?.spans().last()?;
        match top.material {
            Material::Solid(g) if is_land_tile(g) => Some(top.top),
            _ => None,
        }
    }

    /// Lays a one-hex tile of `ground` at `hex` where it fits normally; the level a figure
    /// standing there then stands at, or `None` (nothing laid) where it does not fit.
    pub fn lay_tile(&mut self, hex: Hex, ground: Ground) -> Option<Level> {
        let level = self.tile_fits(hex)?;
        let (material, stand) = if is_thin(ground) {
            (Material::Liquid(ground), level)
        } else {
            (Material::Solid(ground), level + 1)
        };
        self.columns.get_mut(&hex)?.spans.push(Span {
            bottom: level,
            top: level + 1,
            material,
        });
        Some(stand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::Builder;

    fn field() -> Battlefield {
        let mut b = Builder::new("t");
        let span = |bottom, top, material| Span {
            bottom,
            top,
            material,
        };
        b.span(
            Hex::new(0, 0),
            span(0, 1, Material::Solid(Ground::Grass)),
            "grass",
        );
        b.span(
            Hex::new(1, 0),
            span(0, 1, Material::Solid(Ground::Grass)),
            "grass",
        );
        b.span(
            Hex::new(1, 0),
            span(1, 2, Material::Liquid(Ground::Water)),
            "water",
        );
        b.span(
            Hex::new(2, 0),
            span(0, 1, Material::Solid(Ground::Rock)),
            "rock",
        );
        b.span(
            Hex::new(2, 0),
            span(
                1,
                11,
                Material::Obstacle(crate::battlefield::Obstacle::Tree),
            ),
            "tree",
        );
        b.build().expect("builds")
    }

    #[test]
    fn a_shadow_tile_lies_on_open_land_only_and_adds_no_height() {
        let mut f = field();
        // water and a tree's space take no tile
        assert_eq!(f.tile_fits(Hex::new(1, 0)), None);
        assert_eq!(f.tile_fits(Hex::new(2, 0)), None);
        assert_eq!(f.lay_tile(Hex::new(0, 0), Ground::Shadow), Some(1));
        let top = f.column(Hex::new(0, 0)).and_then(|c| c.top_footing());
        assert_eq!(top.map(|t| (t.level, t.ground)), Some((1, Ground::Shadow)));
        // a second tile does not fit on the first
        assert_eq!(f.lay_tile(Hex::new(0, 0), Ground::Shadow), None);
    }

    #[test]
    fn a_lava_field_tile_raises_the_space() {
        let mut f = field();
        assert_eq!(f.lay_tile(Hex::new(0, 0), Ground::LavaField), Some(2));
        let top = f.column(Hex::new(0, 0)).and_then(|c| c.top_footing());
        assert_eq!(
            top.map(|t| (t.level, t.ground)),
            Some((2, Ground::LavaField))
        );
    }
}
