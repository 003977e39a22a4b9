//! Order markers (*Placez vos marqueurs précisant l'ordre des figurines*): one simultaneous,
//! secret decision asked through the engine's frame stack, and what each viewer may know of it.
//!
//! Every player places 1, 2, 3 and the decoy X on its army cards at the same time; nobody
//! outside the player's team sees which card holds which number. While a player places them,
//! the others only see how many are down (markers go down in the order 1, 2, 3, X, so the count
//! says nothing of the numbers); once all four are down, everyone sees how many lie on each
//! card, face down, as at the table. A marker is turned face up when its turn comes.

use serde::{Deserialize, Serialize};
use skirmish_dice::{Dice, Picker};
use skirmish_engine::frames::{Ask, Frame, FramesMut};
use skirmish_engine::{Rejection, Seat, Viewer};

use super::state::{Marker, Markers, Phase, State};
use super::{Action, Decision, Event};

/// A question asked in the middle of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "frame")]
pub enum HsFrame {
    /// Order markers: every player at once, or one after the other in `order` (the advanced
    /// variant).
    Markers {
        /// The d20 order of the advanced variant; empty when everyone places at once.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        order: Vec<Seat>,
    },
    /// A special power its player may use now (`game::powers::triggered`).
    Power(super::powers::triggered::Offer),
    /// Figures that start off the battlefield being placed (`game::powers::triggered`).
    Deploy(super::powers::triggered::Deploy),
    /// A hero with *Spirit* was destroyed: its owner lays the spirit on a unique card.
    Spirit {
        /// The owner.
        seat: Seat,
        /// The destroyed hero's unit.
        unit: u16,
    },
    /// Figures moved by a power that moves other figures (`game::powers::extra_moves`).
    PowerMoves(super::powers::extra_moves::PowerMoves),
    /// A figure off the battlefield may land before its card's marker is revealed
    /// (`game::powers::setup`).
    Landing(super::powers::setup::Landing),
    /// A card's start-of-game choice (`game::powers::start_choices`).
    StartChoice(super::powers::start_choices::StartChoice),
    /// A figure a power chose, placed where the power says (`game::powers::place`).
    Place(super::powers::place::Placement),
    /// A power its owner may use between an attack's rolls (`game::powers::rolls2`).
    MidAttack(super::powers::rolls2::MidAttack),
    /// A power's player chooses one of several opponents (`game::powers::command`).
    Opponent(super::powers::command::OpponentChoice),
    /// A power of a card whose figure receives wounds, its owner asked before they land or
    /// as the figure falls (`game::powers::wounds`).
    Wounds(super::powers::wounds::WoundAsk),
    /// A move stopped on a space where powers fire (`game::powers::midmove`).
    MidMove(super::powers::midmove::MidMoveFrame),
    /// A summoning after a turn: tried, its figures placed, a turn with them
    /// (`game::powers::arrive`).
    Arrive(super::powers::arrive::Arrival),
    /// A figure off the battlefield may glide in before a numbered marker is revealed
    /// (`game::powers::glide`).
    Glide(super::powers::glide::Glide),
    /// A power's player chooses how many, several figures, or one of its options
    /// (`game::powers::choose`).
    Choose(super::powers::choose::Choosing),
    /// A tile its player may lay from a card (`game::powers::tiles`).
    Tile(super::powers::tiles::TileOffer),
    /// Figures a *Knockback* may place, one at a time (`game::powers::knock`).
    Knock(super::powers::knock::Knock),
    /// A destroyed figure may rise at the round's start (`game::powers::rise`).
    Rise(super::powers::rise::Rise),
    /// Figures a power summons next to its user after the moves (`game::powers::summon`).
    Summon(super::powers::summon::Summon),
}

/// Seats that still have markers to place: every player with a unit standing.
pub(crate) fn placing(state: &State) -> Vec<Seat> {
    state
        .seats()
        .filter(|&s| {
            !state.living_units(s).is_empty() && state.players[s.index()].markers.next().is_some()
        })
        .collect()
}

impl Frame for HsFrame {
    type State = State;
    type Action = Action;
    type Decision = Decision;
    type Event = Event;

    fn asked(state: &State) -> Option<&HsFrame> {
        state.frames.top()
    }

    fn stack_mut(state: &mut State) -> FramesMut<'_, HsFrame> {
        state.frames.as_mut()
    }

    fn asks(&self, state: &State) -> Ask<Decision> {
        let order = match self {
            HsFrame::Markers { order } => order,
            HsFrame::Spirit { seat, unit } => {
                return Ask {
                    seats: vec![*seat],
                    decision: Decision::Spirit { unit: *unit },
                }
            }
            HsFrame::PowerMoves(m) => return super::powers::extra_moves::asks(m),
            HsFrame::Landing(l) => return super::powers::setup::asks(l),
            HsFrame::StartChoice(c) => return super::powers::start_choices::asks(state, c),
            HsFrame::Place(p) => return super::powers::place::asks(p),
            HsFrame::MidAttack(m) => return super::powers::rolls2::asks(m),
            HsFrame::Opponent(c) => return super::powers::command::asks(c),
            HsFrame::Wounds(w) => return super::powers::wounds::asks(w),
            HsFrame::MidMove(p) => return super::powers::midmove::asks(p),
            HsFrame::Arrive(a) => return super::powers::arrive::asks(state, a),
            HsFrame::Glide(g) => return super::powers::glide::asks(g),
            HsFrame::Choose(c) => return super::powers::choose::asks(c),
            HsFrame::Tile(o) => return super::powers::tiles::asks(o),
            HsFrame::Knock(k) => return super::powers::knock::asks(k),
            HsFrame::Rise(r) => return super::powers::rise::asks(state, r),
            HsFrame::Summon(s) => return super::powers::summon::asks(s),
            _ => return super::powers::triggered::asks(self, state),
        };
        let mut seats = placing(state);
        if !order.is_empty() {
            seats = order
                .iter()
                .copied()
                .find(|s| seats.contains(s))
                .into_iter()
                .collect();
        }
        Ask {
            seats,
            decision: Decision::PlaceMarkers { round: state.round },
        }
    }

    fn answers(&self, state: &State, seat: Seat) -> Vec<Action> {
        if let HsFrame::Spirit { seat: owner, unit } = self {
            if *owner != seat {
                return Vec::new();
            }
            return super::powers::choices::spirit_answers(state, seat, *unit);
        }
        if let HsFrame::PowerMoves(m) = self {
            return super::powers::extra_moves::answers(state, m, seat);
        }
        if let HsFrame::Landing(l) = self {
            return super::powers::setup::answers(state, l, seat);
        }
        if let HsFrame::StartChoice(c) = self {
            return super::powers::start_choices::answers(state, c, seat);
        }
        if let HsFrame::Place(p) = self {
            return super::powers::place::answers(state, p, seat);
        }
        if let HsFrame::MidAttack(m) = self {
            return super::powers::rolls2::answers(state, m, seat);
        }
        if let HsFrame::Opponent(c) = self {
            return super::powers::command::answers(state, c, seat);
        }
        if let HsFrame::Wounds(w) = self {
            return super::powers::wounds::answers(state, w, seat);
        }
        if let HsFrame::MidMove(p) = self {
            return super::powers::midmove::answers(state, p, seat);
        }
        if let HsFrame::Arrive(a) = self {
            return super::powers::arrive::answers(state, a, seat);
        }
        if let HsFrame::Glide(g) = self {
            return super::powers::glide::answers(state, g, seat);
        }
        if let HsFrame::Choose(c) = self {
            return super::powers::choose::answers(state, c, seat);
        }
        if let HsFrame::Tile(o) = self {
            return super::powers::tiles::answers(state, o, seat);
        }
        if let HsFrame::Knock(k) = self {
            return super::powers::knock::answers(state, k, seat);
        }
        if let HsFrame::Rise(r) = self {
            return super::powers::rise::answers(state, r, seat);
        }
        if let HsFrame::Summon(s) = self {
            return super::powers::summon::answers(state, s, seat);
        }
        if !matches!(self, HsFrame::Markers { .. }) {
            return super::powers::triggered::answers(self, state, seat);
        }
        let Some(marker) = state
            .players
            .get(seat.index())
            .and_then(|p| p.markers.next())
        else {
            return Vec::new();
        };
        state
            .living_units(seat)
            .into_iter()
            .map(|unit| Action::PlaceMarker { marker, unit })
            .collect()
    }

    fn resolve(
        state: &mut State,
        seat: Seat,
        answer: &Action,
        dice: &mut Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if let Some(&HsFrame::Spirit { unit, .. }) = state.frames.top() {
            return super::powers::choices::place_spirit(state, seat, unit, answer, events);
        }
        if let Some(HsFrame::PowerMoves(m)) = state.frames.top() {
            let m = m.clone();
            return super::powers::extra_moves::resolve(state, m, seat, answer, dice, events);
        }
        if let Some(HsFrame::Landing(l)) = state.frames.top() {
            let l = l.clone();
            return super::powers::setup::resolve(state, &l, seat, answer, dice, events);
        }
        if let Some(HsFrame::StartChoice(c)) = state.frames.top() {
            let c = c.clone();
            return super::powers::start_choices::resolve(state, &c, seat, answer, dice, events);
        }
        if let Some(HsFrame::Place(p)) = state.frames.top() {
            let p = p.clone();
            return super::powers::place::resolve(state, &p, seat, answer, dice, events);
        }
        if let Some(HsFrame::MidAttack(m)) = state.frames.top() {
            let m = m.clone();
            return super::powers::rolls2::resolve(state, m, seat, answer, dice, events);
        }
        if let Some(HsFrame::Opponent(c)) = state.frames.top() {
            let c = c.clone();
            return super::powers::command::resolve(state, &c, seat, answer, dice, events);
        }
        if let Some(HsFrame::Wounds(w)) = state.frames.top() {
            let w = w.clone();
            return super::powers::wounds::resolve(state, w, seat, answer, dice, events);
        }
        if let Some(HsFrame::MidMove(p)) = state.frames.top() {
            let p = p.clone();
            return super::powers::midmove::resolve(state, p, seat, answer, dice, events);
        }
        if let Some(HsFrame::Arrive(a)) = state.frames.top() {
            let a = a.clone();
            return super::powers::arrive::resolve(state, &a, seat, answer, dice, events);
        }
        if let Some(HsFrame::Glide(g)) = state.frames.top() {
            let g = g.clone();
            return super::powers::glide::resolve(state, &g, seat, answer, dice, events);
        }
        if let Some(HsFrame::Choose(c)) = state.frames.top() {
            let c = c.clone();
            return super::powers::choose::resolve(state, &c, seat, answer, dice, events);
        }
        if let Some(HsFrame::Tile(o)) = state.frames.top() {
            let o = o.clone();
            return super::powers::tiles::resolve(state, &o, seat, answer, dice, events);
        }
        if let Some(HsFrame::Knock(k)) = state.frames.top() {
            let k = k.clone();
            return super::powers::knock::resolve(state, &k, seat, answer, dice, events);
        }
        if let Some(HsFrame::Rise(r)) = state.frames.top() {
            let r = r.clone();
            return super::powers::rise::resolve(state, &r, seat, answer, events);
        }
        if let Some(HsFrame::Summon(s)) = state.frames.top() {
            let s = s.clone();
            return super::powers::summon::resolve(state, &s, seat, answer, dice, events);
        }
        if let Some(asked) = state
            .frames
            .top()
            .filter(|f| !matches!(f, HsFrame::Markers { .. }))
            .cloned()
        {
            return super::powers::triggered::resolve(state, asked, seat, answer, dice, events);
        }
        let &Action::PlaceMarker { marker, unit } = answer else {
            return Err(Rejection::illegal("place your order markers first"));
        };
        let markers = &mut state.players[seat.index()].markers;
        if markers.next() != Some(marker) {
            return Err(Rejection::illegal(format!(
                "marker {} is not the next to place",
                marker.symbol()
            )));
        }
        markers.on[marker.index()] = Some(unit);
        let done = markers.next().is_none();
        events.push(Event::MarkerPlaced {
            seat,
            marker: Some(marker),
            unit: Some(unit),
        });
        if done {
            events.push(Event::MarkersDown {
                seat,
                counts: counts(&state.players[seat.index()].markers),
            });
        }
        if placing(state).is_empty() {
            state.frames.as_mut().pop();
            super::play::start_turns(state, dice, events);
        }
        Ok(())
    }
}

/// How many markers lie on each unit, face down or up: what everyone sees once all four of a
/// player's markers are down.
pub(crate) fn counts(markers: &Markers) -> Vec<(u16, u8)> {
    let mut out: Vec<(u16, u8)> = Vec::new();
    for unit in markers.on.iter().flatten() {
        match out.iter_mut().find(|(u, _)| u == unit) {
            Some((_, n)) => *n += 1,
            None => out.push((*unit, 1)),
        }
    }
    out.sort_unstable();
    out
}

/// Whether `viewer` may see the numbers of `seat`'s markers: the seat itself, its teammates,
/// and the omniscient viewer.
pub(crate) fn sees_markers(state: &State, viewer: Viewer, seat: Seat) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Spectator => false,
        Viewer::Seat(me) => state.allies(me, seat),
    }
}

/// Re-deals what `seat` cannot see of the others' markers: the units of markers placed by a
/// player still placing, and the numbers of face-down markers among the cards that hold them
/// (a number whose turn was lost stays on a destroyed unit's card, as the loss showed).
pub(crate) fn determinize_markers(state: &mut State, seat: Seat, rng: &mut Picker) {
    let placing_now = matches!(state.phase, Phase::Markers);
    for other in state.seats().collect::<Vec<_>>() {
        if state.allies(seat, other) {
            continue;
        }
        let living = state.living_units(other);
        // markers `seat`'s side looked at stay where they are known to lie
        let peeked = super::powers::peek::known_to(state, Viewer::Seat(seat), other);
        let standing: Vec<bool> = (0..state.units.len())
            .map(|u| state.unit_standing(u as u16))
            .collect();
        let markers = &mut state.players[other.index()].markers;
        if placing_now && markers.next().is_some() {
            for slot in markers.on.iter_mut().flatten() {
                if let Some(&u) = rng.choose(&living) {
                    *slot = u;
                }
            }
            continue;
        }
        // Face-down markers: their cards are public, their numbers are not.
        let hidden: Vec<usize> = (0..4)
            .filter(|&i| markers.on[i].is_some() && !markers.revealed[i])
            .filter(|&i| !peeked.contains(&Marker::ALL[i]))
            .collect();
        let cards: Vec<u16> = hidden.iter().filter_map(|&i| markers.on[i]).collect();
        let (mut dead, mut alive): (Vec<u16>, Vec<u16>) = cards
            .iter()
            .partition(|&&u| !standing.get(usize::from(u)).copied().unwrap_or(false));
        shuffle(&mut dead, rng);
        let (lost, free): (Vec<usize>, Vec<usize>) = hidden.iter().partition(|&&i| markers.lost[i]);
        let mut rest: Vec<u16> = dead.split_off(lost.len().min(dead.len()));
        for (&i, u) in lost.iter().zip(dead) {
            markers.on[i] = Some(u);
        }
        rest.append(&mut alive);
        shuffle(&mut rest, rng);
        for (&i, u) in free.iter().zip(rest) {
            markers.on[i] = Some(u);
        }
    }
}

fn shuffle<T>(items: &mut [T], rng: &mut Picker) {
    for i in (1..items.len()).rev() {
        if let Some(j) = rng.below(i + 1) {
            items.swap(i, j);
        }
    }
}

/// What a viewer sees of one player's markers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkersView {
    /// How many are down this round.
    pub placed: u8,
    /// Markers whose number the viewer may see, with their unit.
    pub known: Vec<(Marker, u16)>,
    /// Face-down markers whose number the viewer may not see, by unit (shown once all four are
    /// down).
    pub hidden: Vec<(u16, u8)>,
}

/// The markers of `seat` as `viewer` sees them.
pub(crate) fn markers_view(state: &State, seat: Seat, viewer: Viewer) -> MarkersView {
    let m = &state.players[seat.index()].markers;
    let all = sees_markers(state, viewer, seat);
    // a marker looked at by the viewer's side (*Maddening Chitter*) is known where it lies
    let peeked = super::powers::peek::known_to(state, viewer, seat);
    let known: Vec<(Marker, u16)> = Marker::ALL
        .into_iter()
        .filter(|mk| all || m.revealed[mk.index()] || peeked.contains(mk))
        .filter_map(|mk| m.on[mk.index()].map(|u| (mk, u)))
        .collect();
    // Markers taken off a card (*Mind Shackle*) leave gaps that are no placing under way.
    let placing_now = matches!(state.phase, Phase::Markers) && m.next().is_some();
    let hidden = if all || placing_now {
        Vec::new()
    } else {
        let mut face_down = m.clone();
        for i in 0..4 {
            if m.revealed[i] || peeked.contains(&Marker::ALL[i]) {
                face_down.on[i] = None;
            }
        }
        counts(&face_down)
    };
    MarkersView {
        placed: u8::try_from(m.placed()).unwrap_or(4),
        known,
        hidden,
    }
}
