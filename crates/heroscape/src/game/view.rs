//! What a viewer may see of a game: everything on the battlefield, the cards, wounds and
//! glyphs face up; of the order markers, only what the table shows (see [`super::frames`]); of
//! face-down glyphs, only where they lie.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Picker;
use skirmish_engine::{Outcome, Seat, Viewer};

use crate::battlefield::{Glyph, Level};

use super::frames::{markers_view, MarkersView};
use super::state::{D20Roll, Figure, Phase, State, Turn};

/// A player as anyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Its seat.
    pub seat: Seat,
    /// Its name.
    pub name: String,
    /// Its team.
    pub team: u8,
    /// Its start zone.
    pub zone: u8,
    /// Its order markers as the viewer sees them.
    pub markers: MarkersView,
    /// Points of its cards with a figure on the battlefield.
    pub points: u32,
    /// This round's initiative total.
    pub initiative: Option<u16>,
}

/// A unit (card) as anyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitView {
    /// Its id.
    pub id: u16,
    /// Its owner.
    pub owner: Seat,
    /// The card's id.
    pub card: String,
    /// The card's name.
    pub name: String,
    /// Copies in the army.
    pub copies: u8,
    /// Figures left.
    pub alive: u16,
    /// Life, move, range, attack, defence, height, points as printed.
    pub life: u16,
    /// Move.
    pub move_: u16,
    /// Range.
    pub range: u16,
    /// Attack dice.
    pub attack: u16,
    /// Defence dice.
    pub defense: u16,
    /// Height.
    pub height: u16,
    /// Points.
    pub points: u32,
    /// Its once-per-game special attacks already used (their printed names): the grenade
    /// marker taken off the card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<String>,
    /// The figures it chose at the start of the game (*Cleave to the Mighty*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<super::powers::start_choices::ChosenView>,
    /// The markers, tiles and glyphs its card started with, as many as are left on it
    /// (*Black Powder Pistols*).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supplies: Vec<super::powers::supplies::SupplyView>,
    /// Its special powers are negated for the game (*Rod of Negation*).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub negated: bool,
}

/// A glyph as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GlyphView {
    /// Where.
    pub hex: Hex,
    /// At which level.
    pub level: Level,
    /// Which, when face up (or for the omniscient viewer).
    pub glyph: Option<Glyph>,
    /// Face up.
    pub face_up: bool,
}

/// A game as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// The battlefield's name.
    pub battlefield: String,
    /// The round.
    pub round: u32,
    /// The round limit.
    pub rounds: u32,
    /// The phase: `placement`, `markers`, `turns` or `over`.
    pub phase: String,
    /// The players.
    pub players: Vec<PlayerView>,
    /// The units.
    pub units: Vec<UnitView>,
    /// The figures.
    pub figures: Vec<Figure>,
    /// Glyphs still on the battlefield.
    pub glyphs: Vec<GlyphView>,
    /// The round's turn order.
    pub order: Vec<Seat>,
    /// The turn under way.
    pub turn: Option<Turn>,
    /// The placement roll-off.
    pub placement_rolls: Vec<Vec<D20Roll>>,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// The draft, when the armies are drafted (public: the cards are picked face up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<super::drafting::DraftView>,
    /// The glyph question pending, if any (public: it is asked at the table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph_choice: Option<super::glyphs::GlyphChoice>,
    /// Tiles powers laid on the battlefield during the game (public; the battlefield the page
    /// draws holds them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<super::powers::tiles::LaidTile>,
}

/// The view of `state` for `viewer`.
pub fn view(state: &State, viewer: Viewer) -> View {
    let (phase, order, outcome) = match &state.phase {
        Phase::Placement { .. } => ("placement", Vec::new(), None),
        Phase::Markers => ("markers", Vec::new(), None),
        Phase::Turns { order, .. } => ("turns", order.clone(), None),
        Phase::Over { outcome } => ("over", Vec::new(), Some(outcome.clone())),
        Phase::Draft => ("draft", Vec::new(), None),
    };
    View {
        viewer,
        battlefield: state.field.name.clone(),
        round: state.round,
        rounds: state.rounds,
        phase: phase.into(),
        players: state
            .seats()
            .map(|seat| {
                let p = &state.players[seat.index()];
                PlayerView {
                    seat,
                    name: p.name.clone(),
                    team: p.team,
                    zone: p.zone,
                    markers: markers_view(state, seat, viewer),
                    points: state.points(seat),
                    initiative: p.initiative,
                }
            })
            .collect(),
        units: state
            .units
            .iter()
            .map(|u| UnitView {
                id: u.id,
                owner: u.owner,
                card: u.card.id.clone(),
                name: u.card.name.clone(),
                copies: u.copies,
                alive: state.unit_alive(u.id).count() as u16,
                life: u.card.life,
                move_: u.card.move_,
                range: u.card.range,
                attack: u.card.attack,
                defense: u.card.defense,
                height: u.card.height,
                points: u.card.points,
                spent: super::powers::special::spent(state, u.id),
                chosen: super::powers::start_choices::views(state, u.id),
                supplies: {
                    let mut v = super::powers::supplies::views(state, u.id);
                    v.extend(super::powers::tiles::views(state, u.id));
                    v
                },
                negated: super::powers::supplies::negated(state, u.id),
            })
            .collect(),
        figures: state.figures.clone(),
        glyphs: state
            .glyphs
            .iter()
            .filter(|g| !g.gone)
            .map(|g| GlyphView {
                hex: g.spot.hex,
                level: g.spot.level,
                glyph: if viewer == Viewer::Omniscient {
                    Some(g.spot.glyph)
                } else {
                    g.known()
                },
                face_up: g.face_up,
            })
            .collect(),
        order,
        turn: state.turn().cloned(),
        placement_rolls: state.placement_rolls.clone(),
        outcome,
        draft: super::drafting::view(state),
        glyph_choice: state.glyph_choice.clone(),
        tiles: state.lasting.tiles.laid.clone(),
    }
}

/// Re-deals the face-down glyphs among their places: nobody knows which is which.
pub(crate) fn determinize_glyphs(state: &mut State, rng: &mut Picker) {
    let hidden: Vec<usize> = (0..state.glyphs.len())
        .filter(|&i| !state.glyphs[i].face_up && !state.glyphs[i].gone)
        .collect();
    let mut kinds: Vec<Glyph> = hidden.iter().map(|&i| state.glyphs[i].spot.glyph).collect();
    for i in (1..kinds.len()).rev() {
        if let Some(j) = rng.below(i + 1) {
            kinds.swap(i, j);
        }
    }
    for (&i, g) in hidden.iter().zip(kinds) {
        state.glyphs[i].spot.glyph = g;
    }
}
