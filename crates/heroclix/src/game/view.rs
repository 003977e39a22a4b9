//! What a seat or a spectator sees. HeroClix hides little: teams are revealed, and each figure's
//! dial is printed content anyone may read in the catalogue (`GET /api/content`), so a view names
//! the figure's content id and the click showing, and repeats the values and powers of that click.
//! Players still never turn a dial to look (rulebook *Étape 1*): the page reads the printed dial
//! the way players read a figure's card, the game never moves a dial but by damage and healing.

use serde::Serialize;
use skirmish_board::square::{Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_engine::{Outcome, Seat, Viewer};

use super::state::{Phase, State};
use crate::figure::Stat;

/// One figure as players see it.
#[derive(Clone, Debug, Serialize)]
pub struct FigureView {
    /// Id.
    pub id: FigureId,
    /// Name shown.
    pub label: String,
    /// Its id in the content catalogue (`figures[].id` of `GET /api/content`): where the page
    /// finds the printed dial, symbols and card.
    pub def: String,
    /// The click showing, from 0 (an index into the printed dial; the dial's length is KO).
    pub click: usize,
    /// The click of its starting line, from 0: the clicks between it and `click` are the damage
    /// taken, and healing never goes above it.
    pub start_click: usize,
    /// Owner.
    pub owner: Seat,
    /// Square, while on the map.
    pub square: Option<Square>,
    /// Knocked out.
    pub ko: bool,
    /// Action tokens.
    pub tokens: u8,
    /// Speed, attack, defence and damage values in play: the current click's numbers through
    /// every effect on them (powers, feats, Perplex...), as the rules use them outside an
    /// attack. What a page shows must be these, never numbers it works out itself.
    pub values: [u8; 4],
    /// The current click's printed speed, attack, defence and damage.
    pub printed: [u8; 4],
    /// Powers showing on the current click, by column (identifiers).
    pub powers: [Option<String>; 4],
    /// Base size in squares, width then depth (its square is the top-left one).
    pub base: (u8, u8),
    /// Range value in play (feats, team abilities...): the one lines of fire are drawn with.
    pub range: u8,
    /// Range printed on the base.
    pub printed_range: u8,
    /// Bolts.
    pub targets: u8,
    /// Point value.
    pub points: u32,
    /// Given an action this turn.
    pub acted: bool,
    /// The figures it holds captive (Capture).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub captives: Vec<FigureId>,
    /// The figure holding it captive.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured_by: Option<FigureId>,
}

/// The game as a viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// Phase.
    pub phase: Phase,
    /// Round.
    pub round: u32,
    /// Whose turn.
    pub active: Seat,
    /// Actions given / action total.
    pub actions: (u8, u8),
    /// Team names and victory points, by seat.
    pub seats: Vec<(String, u32)>,
    /// Figures.
    pub figures: Vec<FigureView>,
    /// The battlefield.
    pub map: std::sync::Arc<SquareMap>,
    /// The first player roll.
    pub first_player_rolls: Vec<(Seat, Vec<u8>)>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Who is looking.
    pub viewer: Viewer,
    /// Objects on the map or held (rulebook *Objets*).
    pub objects: Vec<ObjectView>,
    /// Battlefield conditions, once revealed.
    pub conditions: Vec<CardView>,
    /// Feats and the figures they are assigned to.
    pub feats: Vec<CardView>,
    /// Alternate team ability cards (Partie 3) and the figures possessing their team ability.
    pub atas: Vec<CardView>,
    /// Each seat's theme keyword and theme Probability Control uses left, when it plays as a
    /// theme team.
    pub themes: Vec<Option<(String, u8)>>,
    /// The event dial: its card and the click showing (from 1).
    pub event: Option<(CardView, usize)>,
    /// The rules options that differ from the defaults, as `name = value`
    /// (`docs/rules/heroclix-powers.md`).
    pub options: Vec<String>,
    /// How much of a dial in play the page shows (rules option `dial_view`).
    pub dial_view: super::powers::DialView,
}

/// An object as players see it.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectView {
    /// Its name.
    pub name: String,
    /// `light`, `heavy` or `immobile`.
    pub kind: super::state::ObjectKind,
    /// Where it lies.
    pub square: Option<Square>,
    /// Who holds it.
    pub held_by: Option<FigureId>,
    /// A special object's card text.
    pub special: Option<String>,
    /// A special object's card text in French.
    pub special_fr: Option<String>,
    /// The seat that still has to place it during set-up.
    pub to_place: Option<Seat>,
}

/// A tactics card in play.
#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    /// Its index in the game's list (the index `cancel_condition` takes for conditions).
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Its name in French.
    pub name_fr: String,
    /// Its text.
    pub text: String,
    /// Its text in French.
    pub text_fr: String,
    /// The seat that brought it.
    pub seat: Seat,
    /// Figures it is assigned to (feats), or possessing its team ability (ATA cards).
    pub figures: Vec<FigureId>,
    /// Out of play: a cancelled condition, a feat whose points were scored.
    pub off: bool,
}

/// Builds a view.
pub fn view(state: &State, viewer: Viewer) -> View {
    View {
        phase: state.phase.clone(),
        round: state.round,
        active: state.active_seat(),
        actions: (state.actions_used, super::play::action_total(state)),
        seats: state
            .seats
            .iter()
            .map(|s| (s.name.clone(), s.victory_points))
            .collect(),
        figures: state
            .figures
            .iter()
            .map(|f| {
                let click = f.def.dial.get(f.click);
                FigureView {
                    id: f.id,
                    label: f.label.clone(),
                    def: f.def.id.clone(),
                    click: f.click,
                    start_click: f.start_click,
                    owner: f.owner,
                    square: f.square,
                    ko: f.ko,
                    tokens: f.tokens,
                    values: Stat::ALL.map(|s| {
                        if f.in_play() {
                            super::combat::stat(state, f, s).value.clamp(0, 255) as u8
                        } else {
                            f.printed(s)
                        }
                    }),
                    printed: Stat::ALL.map(|s| f.printed(s)),
                    powers: Stat::ALL
                        .map(|s| click.and_then(|c| c.power(s)).map(|p| p.id().to_string())),
                    base: (f.def.base.width.max(1), f.def.base.depth.max(1)),
                    range: if f.in_play() {
                        super::combat::range(state, f).min(255) as u8
                    } else {
                        f.def.range
                    },
                    printed_range: f.def.range,
                    targets: f.def.targets,
                    points: f.points,
                    acted: f.acted_this_turn,
                    captives: f.captives.clone(),
                    captured_by: f.captured_by,
                }
            })
            .collect(),
        map: state.map.clone(),
        first_player_rolls: state.first_player_rolls.clone(),
        outcome: state.outcome.as_ref().map(super::score::End::outcome),
        viewer,
        objects: state
            .objects
            .iter()
            .map(|o| ObjectView {
                name: o.name.clone(),
                kind: o.kind,
                square: o.square,
                held_by: o.held_by,
                special: o.special.as_ref().map(|s| s.text.clone()),
                special_fr: o
                    .special
                    .as_ref()
                    .map(|s| s.text_in(skirmish_lang::Lang::Fr).to_string()),
                to_place: o.to_place,
            })
            .collect(),
        conditions: state
            .conditions
            .iter()
            .enumerate()
            .filter(|(_, c)| c.revealed)
            .map(|(index, c)| CardView {
                index,
                name: c.def.name.clone(),
                name_fr: c.def.name_in(skirmish_lang::Lang::Fr).to_string(),
                text: c.def.text.clone(),
                text_fr: c.def.text_in(skirmish_lang::Lang::Fr).to_string(),
                seat: c.seat,
                figures: Vec::new(),
                off: c.cancelled,
            })
            .collect(),
        feats: state
            .feats
            .iter()
            .enumerate()
            .map(|(index, f)| CardView {
                index,
                name: f.def.name.clone(),
                name_fr: f.def.name_in(skirmish_lang::Lang::Fr).to_string(),
                text: f.def.text.clone(),
                text_fr: f.def.text_in(skirmish_lang::Lang::Fr).to_string(),
                seat: f.seat,
                figures: f.figures.clone(),
                off: f.removed,
            })
            .collect(),
        atas: state
            .atas
            .iter()
            .enumerate()
            .map(|(index, a)| CardView {
                index,
                name: a.def.name.clone(),
                name_fr: a.def.name_in(skirmish_lang::Lang::Fr).to_string(),
                text: a.def.text.clone(),
                text_fr: a.def.text_in(skirmish_lang::Lang::Fr).to_string(),
                seat: a.seat,
                figures: a.figures.clone(),
                off: false,
            })
            .collect(),
        themes: state
            .seats
            .iter()
            .map(|s| s.theme.clone().map(|t| (t, s.theme_rerolls)))
            .collect(),
        event: state.event.as_ref().map(|e| {
            (
                CardView {
                    index: 0,
                    name: e.def.name.clone(),
                    name_fr: e.def.name_in(skirmish_lang::Lang::Fr).to_string(),
                    text: e.def.text.clone(),
                    text_fr: e.def.text_in(skirmish_lang::Lang::Fr).to_string(),
                    seat: Seat(0),
                    figures: Vec::new(),
                    off: false,
                },
                e.click + 1,
            )
        }),
        options: state.options.powers.changed(),
        dial_view: state.options.powers.dial_view,
    }
}
