//! The scenario a game starts from and the state the rules keep: armies as units of cards,
//! figures on the battlefield, order markers, glyphs, the round and the phase.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_engine::frames::Frames;
use skirmish_engine::{Outcome, Seat};

use crate::battlefield::{Battlefield, Glyph, GlyphSpot, Level};
use crate::card::Card;

use super::frames::HsFrame;

/// One player of a scenario: a name, a team and an army.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The player's or army's name.
    pub name: String,
    /// Players with the same team number play together (share a start zone, see each other's
    /// order markers, win together). Without teams, give every player its own number.
    pub team: u8,
    /// The army cards, a common card once per copy.
    pub army: Vec<Card>,
}

/// Rules options of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The advanced variant (*Note : Les joueurs confirmés...*): players place their order
    /// markers one after the other in d20 order instead of all at once.
    #[serde(default)]
    pub markers_in_d20_order: bool,
    /// The rule of each glyph whose power the scenario gives (Brandar's artefact, and the
    /// glyphs this game does not know): shown to the players when it is turned up.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub glyph_rules: std::collections::BTreeMap<Glyph, String>,
}

/// How a HeroScape Expert game starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The battlefield, with its glyphs and start zones.
    pub battlefield: Arc<Battlefield>,
    /// Two to four players, in seat order (seat 1 sits at seat 2's right).
    pub players: Vec<PlayerSetup>,
    /// The round limit (*ligne des temps de jeu*): at its end the points still on the
    /// battlefield decide.
    pub rounds: u32,
    /// Rules options.
    #[serde(default)]
    pub options: Options,
    /// Armies drafted at the table (*Constituer son armée en « Draft »*) instead of given:
    /// every player's `army` is then empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<super::drafting::DraftSetup>,
}

/// An order marker (*marqueur d'ordre*): 1, 2, 3, or the decoy X.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Marker {
    /// The first turn of the round.
    #[serde(rename = "1")]
    One,
    /// The second turn.
    #[serde(rename = "2")]
    Two,
    /// The third turn.
    #[serde(rename = "3")]
    Three,
    /// The decoy (*leurre*): never played.
    #[serde(rename = "X")]
    X,
}

impl Marker {
    /// The four markers in the order they are placed.
    pub const ALL: [Marker; 4] = [Marker::One, Marker::Two, Marker::Three, Marker::X];

    /// Its index in [`Marker::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Marker::One => 0,
            Marker::Two => 1,
            Marker::Three => 2,
            Marker::X => 3,
        }
    }

    /// The marker of turn `turn` (0, 1, 2).
    pub const fn of_turn(turn: usize) -> Marker {
        match turn {
            0 => Marker::One,
            1 => Marker::Two,
            _ => Marker::Three,
        }
    }

    /// As printed: `1`, `2`, `3`, `X`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Marker::One => "1",
            Marker::Two => "2",
            Marker::Three => "3",
            Marker::X => "X",
        }
    }
}

/// The order markers of one player for the round: where each lies, and which are face up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Markers {
    /// The unit each marker (1, 2, 3, X) lies on, once placed.
    pub on: [Option<u16>; 4],
    /// Markers turned face up (their turn came and the unit acted).
    pub revealed: [bool; 4],
    /// Markers whose turn came while their unit was destroyed: the turn was lost (the marker
    /// stays face down).
    pub lost: [bool; 4],
}

impl Markers {
    /// How many are placed.
    pub fn placed(&self) -> usize {
        self.on.iter().filter(|m| m.is_some()).count()
    }

    /// The next marker to place, in the order 1, 2, 3, X.
    pub fn next(&self) -> Option<Marker> {
        Marker::ALL
            .into_iter()
            .find(|m| self.on[m.index()].is_none())
    }
}

/// A player in the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Its name.
    pub name: String,
    /// Its team.
    pub team: u8,
    /// Its start zone on the battlefield (1-based, shared by teammates).
    pub zone: u8,
    /// Its order markers this round.
    pub markers: Markers,
    /// Its last initiative total, for the view.
    #[serde(default)]
    pub initiative: Option<u16>,
}

/// The figures of one army card, or of every copy of a common card (one order marker draws on
/// them all, one card's worth acting in a turn).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its index in [`State::units`].
    pub id: u16,
    /// Its owner.
    pub owner: Seat,
    /// The card.
    pub card: Arc<Card>,
    /// Copies of the card in the army (1 for a unique card).
    pub copies: u8,
}

impl Unit {
    /// Points of the unit's cards that still have a figure on the battlefield, counting, for
    /// several copies of a common card, destroyed figures laid on one card until it is full
    /// (*COMPTEZ LES POINTS*).
    pub fn points_alive(&self, alive: usize) -> u32 {
        let per_card = usize::from(self.card.figures.max(1));
        let cards = alive.div_ceil(per_card).min(usize::from(self.copies));
        self.card.points * u32::try_from(cards).unwrap_or(0)
    }
}

/// One figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// Its id, as actions name it (from 1).
    pub id: u32,
    /// Its unit.
    pub unit: u16,
    /// Its owner.
    pub owner: Seat,
    /// The hex of its base (the lead hex of a double-space figure); `None` before placement.
    pub hex: Option<Hex>,
    /// The second hex of a double-space figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tail: Option<Hex>,
    /// The level its base stands at.
    pub level: Level,
    /// Wounds taken (*marqueurs de blessure*).
    pub wounds: u16,
    /// Destroyed (removed from the battlefield), or never placed for want of room.
    pub destroyed: bool,
}

impl Figure {
    /// Whether it stands on the battlefield.
    pub fn on_field(&self) -> bool {
        !self.destroyed && self.hex.is_some()
    }

    /// The hexes its base covers.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.hex.into_iter().chain(self.tail)
    }
}

/// A glyph during the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlyphState {
    /// Where it lies and which glyph it is.
    pub spot: GlyphSpot,
    /// Face up (known to all).
    pub face_up: bool,
    /// Used up (a temporary glyph is discarded once its power is used).
    pub gone: bool,
}

impl GlyphState {
    /// The glyph, when people may know it.
    pub fn known(&self) -> Option<Glyph> {
        self.face_up.then_some(self.spot.glyph)
    }
}

/// One roll in a d20 roll-off, with what modifies it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct D20Roll {
    /// Who rolled.
    pub seat: Seat,
    /// The die.
    pub die: u8,
    /// Added by glyphs (Dagmar +8 for initiative, Lodin +1 for any d20).
    pub bonus: u16,
    /// Die plus bonus.
    pub total: u16,
}

/// A turn under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose turn.
    pub seat: Seat,
    /// The marker revealed.
    pub marker: Marker,
    /// The unit it activates.
    pub unit: u16,
    /// Moving or attacking.
    pub stage: Stage,
    /// Figures that have moved (each moves once).
    pub moved: Vec<u32>,
    /// Figures that have attacked (each attacks once).
    pub attacked: Vec<u32>,
    /// What powers remember of the turn (positions at its start, attacks made, *Run*).
    #[serde(default)]
    pub record: super::powers::attacks::TurnRecord,
    /// A friend a figure with *Carry* carries on this move, once chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carry: Option<super::powers::moves::Carry>,
}

/// The two steps of a turn after the marker is revealed (*Action 2*, *Action 3*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Moving the unit's figures one after the other.
    Move,
    /// Attacking with each.
    Attack,
}

/// Where the game is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Players place their armies in their start zones, one after the other.
    Placement {
        /// The placing order (the roll-off's winner first, then to their left).
        order: Vec<Seat>,
        /// Whose army is being placed.
        index: usize,
    },
    /// Order markers are being placed (asked by the markers frame).
    Markers,
    /// Turns of the round, in initiative order.
    Turns {
        /// Seats in turn order (the first player, then to their left).
        order: Vec<Seat>,
        /// Turns started this round (0 to 3 × players).
        next: usize,
        /// The turn under way.
        turn: Option<Turn>,
    },
    /// The game is over.
    Over {
        /// How it ended.
        outcome: Outcome,
    },
    /// Armies are drafted card by card, each card's figures placed as soon as it is picked.
    Draft,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The battlefield.
    pub field: Arc<Battlefield>,
    /// The players, by seat.
    pub players: Vec<Player>,
    /// Every army's units.
    pub units: Vec<Unit>,
    /// Every figure, by id order.
    pub figures: Vec<Figure>,
    /// The glyphs.
    pub glyphs: Vec<GlyphState>,
    /// The round (*temps de jeu*), from 1.
    pub round: u32,
    /// The round limit.
    pub rounds: u32,
    /// Rules options.
    pub options: Options,
    /// The placement roll-off, kept for people (set-up has no log).
    pub placement_rolls: Vec<Vec<D20Roll>>,
    /// Where the game is.
    pub phase: Phase,
    /// Questions pending (the order markers, special powers).
    #[serde(default)]
    pub frames: Frames<HsFrame>,
    /// Special attacks used: once-per-game ones spent, this turn's counts.
    #[serde(default)]
    pub specials: super::powers::special::Uses,
    /// The draft, when the armies are drafted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<super::drafting::DraftState>,
    /// A choice a glyph asks of a player (Erland's summoning, Sturla's risen figures).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph_choice: Option<super::glyphs::GlyphChoice>,
    /// What special powers remember between actions.
    #[serde(default)]
    pub powers: super::powers::Memory,
    /// What powers keep for the whole game (spirits laid, *Overextend Attack* used).
    #[serde(default)]
    pub lasting: super::powers::choices::PowerState,
}

impl State {
    /// The number of seats.
    pub fn seat_count(&self) -> u8 {
        u8::try_from(self.players.len()).unwrap_or(u8::MAX)
    }

    /// A figure by id.
    pub fn figure(&self, id: u32) -> Option<&Figure> {
        let i = usize::try_from(id).ok()?.checked_sub(1)?;
        self.figures.get(i).filter(|f| f.id == id)
    }

    /// A figure by id, to change it.
    pub fn figure_mut(&mut self, id: u32) -> Option<&mut Figure> {
        let i = usize::try_from(id).ok()?.checked_sub(1)?;
        self.figures.get_mut(i).filter(|f| f.id == id)
    }

    /// A figure's card.
    pub fn card_of(&self, figure: &Figure) -> &Card {
        &self.units[usize::from(figure.unit)].card
    }

    /// A unit by id.
    pub fn unit(&self, id: u16) -> Option<&Unit> {
        self.units.get(usize::from(id))
    }

    /// The figure standing on `hex` (either hex of a double-space figure).
    pub fn figure_at(&self, hex: Hex) -> Option<&Figure> {
        self.figures
            .iter()
            .find(|f| f.on_field() && f.hexes().any(|h| h == hex))
    }

    /// Figures of a unit still in the game (placed or not).
    pub fn unit_alive(&self, unit: u16) -> impl Iterator<Item = &Figure> {
        self.figures
            .iter()
            .filter(move |f| f.unit == unit && !f.destroyed)
    }

    /// Whether a unit has a figure left.
    pub fn unit_standing(&self, unit: u16) -> bool {
        self.unit_alive(unit).next().is_some()
    }

    /// The units of a seat that still have figures.
    pub fn living_units(&self, seat: Seat) -> Vec<u16> {
        self.units
            .iter()
            .filter(|u| u.owner == seat && self.unit_standing(u.id))
            .map(|u| u.id)
            .collect()
    }

    /// A seat's team.
    pub fn team(&self, seat: Seat) -> u8 {
        self.players.get(seat.index()).map_or(u8::MAX, |p| p.team)
    }

    /// Whether two seats play on the same side.
    pub fn allies(&self, a: Seat, b: Seat) -> bool {
        a == b || self.team(a) == self.team(b)
    }

    /// Whether a seat still has a figure in the game.
    pub fn in_game(&self, seat: Seat) -> bool {
        self.figures.iter().any(|f| f.owner == seat && !f.destroyed)
    }

    /// Points of a seat's cards with a figure on the battlefield (*COMPTEZ LES POINTS*: *des
    /// figurines encore sur le champ de bataille*). Once the game is under way a figure waiting
    /// off the battlefield (The Drop before it lands) does not count; during the draft and the
    /// placement the army's figures count whole, none being placed yet.
    pub fn points(&self, seat: Seat) -> u32 {
        let placing = matches!(self.phase, Phase::Draft | Phase::Placement { .. });
        self.units
            .iter()
            .filter(|u| u.owner == seat)
            .map(|u| {
                let standing = self
                    .unit_alive(u.id)
                    .filter(|f| placing || f.hex.is_some())
                    .count();
                u.points_alive(standing)
            })
            .sum()
    }

    /// The turn under way, if any.
    pub fn turn(&self) -> Option<&Turn> {
        match &self.phase {
            Phase::Turns { turn, .. } => turn.as_ref(),
            _ => None,
        }
    }

    /// The seats of the game.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        Seat::all(self.seat_count())
    }
}
