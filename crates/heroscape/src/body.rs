//! Figures as movement, engagement and line of sight see them: a body (height, base, flight,
//! target point and hit zone) standing somewhere on the battlefield.
//!
//! *Taille* (rulebook example 1) gives a figure's height in levels; double-space figures (*figurines
//! à double base*, Mimring, Grimnak) cover two adjacent hexes at one level. Nothing here knows a
//! card: the game builds a [`Body`] from the card and its powers (flying, stealth flying).

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_board::FigureId;

use crate::battlefield::Level;

/// How many hexes a figure's base covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Base {
    /// One hex.
    Single,
    /// Two adjacent hexes (*double base*): the lead hex chooses the path, the other follows.
    Double,
}

/// Whether a figure flies when it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flight {
    /// It walks: climbing, falling, water and figures in the way all count.
    Walks,
    /// *Vol*: it counts hexes only, ignoring height, water, figures and obstacles in between; it
    /// still takes the leaving-engagement attacks of the enemies it was engaged with when it
    /// took off.
    Flies,
    /// Stealth flying: flying, and no leaving-engagement attacks at all.
    StealthFlies,
}

impl Flight {
    /// Whether the figure flies (stealthily or not).
    pub const fn flies(self) -> bool {
        !matches!(self, Flight::Walks)
    }
}

/// A figure's shape, in levels.
///
/// The target point (*point de visée*, the green dot on the card) and the hit zone (*zone de
/// frappe*, the red area) are heights above the figure's base in **tenths of a level**, so that
/// bodies stay exact, hashable values. [`Body::new`] puts them where they are on most cards: see
/// `docs/heroscape-line-of-sight.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Body {
    /// Height in levels (*Hauteur*): at most this many levels climbed in one step, falls from a
    /// drop of this many levels, the height exception to engagement, the room it needs under an
    /// overhang, the column it fills for lines of sight.
    pub height: Level,
    /// One hex or two.
    pub base: Base,
    /// Walking or flying.
    pub flight: Flight,
    /// The target point, in tenths of a level above the base.
    pub target_point: u16,
    /// The hit zone, lowest and highest point, in tenths of a level above the base.
    pub hit_zone: [u16; 2],
}

impl Body {
    /// A body of `height` levels with the usual target point and hit zone: the target point half a
    /// level below the top of the figure (its eyes), the hit zone the middle three fifths of its
    /// height (the torso the cards paint red), at least one tenth of a level thick.
    pub fn new(height: Level, base: Base, flight: Flight) -> Body {
        let h = u32::from(height.max(1)) * 10;
        let target = h.saturating_sub(5).max(1);
        let low = h / 5;
        let high = (h * 4 / 5).max(low + 1);
        let tenth = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
        Body {
            height,
            base,
            flight,
            target_point: tenth(target),
            hit_zone: [tenth(low), tenth(high)],
        }
    }

    /// A walking one-hex figure of `height` levels.
    pub fn single(height: Level) -> Body {
        Body::new(height, Base::Single, Flight::Walks)
    }

    /// A walking double-space figure of `height` levels.
    pub fn double(height: Level) -> Body {
        Body::new(height, Base::Double, Flight::Walks)
    }

    /// The same body with another flight.
    pub fn with_flight(self, flight: Flight) -> Body {
        Body { flight, ..self }
    }

    /// Whether the figure fits under `headroom` levels of free space (`None`: open sky).
    pub fn fits(&self, headroom: Option<Level>) -> bool {
        headroom.is_none_or(|room| room >= self.height)
    }
}

/// A hex and the level a figure's base rests at there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Spot {
    /// The hex.
    pub hex: Hex,
    /// The level of the base (the top of solid land, the bottom of water).
    pub level: Level,
}

impl Spot {
    /// The spot at `hex`, `level`.
    pub const fn new(hex: Hex, level: Level) -> Spot {
        Spot { hex, level }
    }
}

/// Where a figure stands: its (lead) hex and, for a double-space figure, the other hex.
///
/// After a move the `head` is the hex that led when the figure went forwards; a figure that backed
/// up (its tail leading) keeps its head on the hex that followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The hex of a one-hex figure, the head of a double-space one.
    pub head: Spot,
    /// The other hex of a double-space figure.
    pub tail: Option<Spot>,
}

impl Placement {
    /// A one-hex figure at `hex`, `level`.
    pub const fn single(hex: Hex, level: Level) -> Placement {
        Placement {
            head: Spot { hex, level },
            tail: None,
        }
    }

    /// A double-space figure with its head on `head` and its tail on `tail`, both at `level`.
    pub const fn double(head: Hex, tail: Hex, level: Level) -> Placement {
        Placement {
            head: Spot { hex: head, level },
            tail: Some(Spot { hex: tail, level }),
        }
    }

    /// The spots it covers, head first.
    pub fn spots(&self) -> impl Iterator<Item = Spot> + '_ {
        std::iter::once(self.head).chain(self.tail)
    }

    /// Whether it covers `hex`.
    pub fn covers(&self, hex: Hex) -> bool {
        self.head.hex == hex || self.tail.is_some_and(|t| t.hex == hex)
    }

    /// The level of its base (the lower of its two spots while a double-space figure straddles
    /// two levels during a move).
    pub fn level(&self) -> Level {
        self.tail
            .map_or(self.head.level, |t| t.level.min(self.head.level))
    }
}

/// A figure on the battlefield: who, on which side, its body and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Standing {
    /// Which figure.
    pub id: FigureId,
    /// Its side: figures of the same team are friends (a player's own figures and their
    /// teammates'), all others enemies.
    pub team: u8,
    /// Its shape.
    pub body: Body,
    /// Where it stands.
    pub at: Placement,
}

impl Standing {
    /// Whether `other` is an enemy of this figure.
    pub fn is_enemy(&self, other: &Standing) -> bool {
        self.team != other.team
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_sights_sit_on_the_figure() {
        let b = Body::single(5);
        assert_eq!(b.target_point, 45);
        assert_eq!(b.hit_zone, [10, 40]);
        let tiny = Body::single(1);
        assert!(tiny.hit_zone[0] < tiny.hit_zone[1]);
        assert!(tiny.target_point <= 10);
    }

    #[test]
    fn a_body_fits_exactly_its_height() {
        let b = Body::single(5);
        assert!(b.fits(Some(5)));
        assert!(!b.fits(Some(4)));
        assert!(b.fits(None));
    }
}
