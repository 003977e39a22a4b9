//! Movement powers at play: what a card's abilities change in its figures' moves, the powers
//! that replace the normal move, *Carry*, and the lava the battlefield may hold.
//!
//! * *Flying*, *Stealth Flying* make the figure's body fly ([`super::flight`]); the movement
//!   search counts hexes only, over water, figures and obstacles, and lands where the figure
//!   fits. Taking off engaged, a flyer takes the leaving-engagement attacks of every enemy it
//!   was engaged with; a stealth flyer takes none. It lands engaged with whoever is adjacent
//!   there. It flies over glyphs and stops on the one it lands on; a double-space flyer lands on
//!   two hexes at one level. The Rannveig glyph grounds every flyer while a figure stands on it
//!   ([`geometry::grounded`]).
//! * *Ghost Walk*, *Water Walk*, *Lava Resistant*, *Climb X2*: [`powers`], read by every move
//!   query ([`crate::movement::Powers`]).
//! * *Warp Space* ([`Effect::Teleport`]) and *Grapple Gun* ([`Effect::AlternateMove`]) are
//!   moves of their own: [`Action::PowerMove`] with a [`MoveWay`].
//! * *Carry* ([`Effect::Carry`]): before moving the carrier, [`Action::Carry`] chooses an
//!   unengaged friend adjacent to it that matches the card's filter; after the carrier's move,
//!   [`Decision::PlaceCarried`] asks where to place that friend, on an empty space adjacent to
//!   the carrier. The friend takes no leaving-engagement attack (it was not engaged).
//! * Molten lava (the Volcarren terrain's master rules): treated as water for movement, and a
//!   figure that moves onto it rolls the d20 (Lodin's +1 counted): 20 it survives, else it is
//!   destroyed (a double-space figure rolls once; a flyer passing over it does not roll).
//!   Lava field: at the end of each round every figure on it rolls one attack die, a wound per
//!   skull. *Lava Resistant* figures never roll for either.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;

use crate::battlefield::{Ground, Level};
use crate::body::Placement;
use crate::card::Card;
use crate::engagement::contact;
use crate::movement::{Powers, Way};
use crate::power::{Ability, Effect, Filter, ThrowPower};

use super::super::geometry::{self, Destination};
use super::super::state::{Figure, State, Turn};
use super::super::{combat, glyphs, Action, Decision, Event};
use super::{effects, has_ability, matches};

/// A power a figure may move by instead of its normal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveWay {
    /// *Warp Space*: placed on an empty space within the card's number of spaces
    /// ([`Effect::Teleport`]).
    Teleport,
    /// *Grapple Gun*: one space (the card's), up to the card's levels higher
    /// ([`Effect::AlternateMove`]).
    AlternateMove,
    /// Placed on an empty space within the card's number of spaces that its conditions allow
    /// (*Underground Movement*, *Teleportation*, *Shadow Dance*: [`Effect::Place`]).
    Place,
    /// *Stealth Leap*: the card's spaces counted as a flyer counts, at most its levels up or
    /// down, no leaving-engagement attacks ([`Effect::Leap`]).
    Leap,
    /// *Water Tunnel*: right after its normal move ends on the card's land type, placed on an
    /// empty space of that type on its level ([`Effect::Tunnel`]).
    Tunnel,
    /// *Fey Step*: before its normal move, placed on an empty space within the card's number
    /// of spaces; it may still move normally after (`game/powers/throw.rs`).
    Step,
    /// *Drill-Drive*: a straight line of the card's spaces through figures, then an attack at
    /// the figures passed through ([`crate::power::specials::Specials::DrillDrive`]:
    /// `special::drill`).
    DrillDrive,
    /// *Ninjutsu Barrage*: a piece of a move of the card's spaces in the attack step, between
    /// the attacks of its special attack ([`crate::power::specials::Specials::Barrage`]:
    /// `special::barrage`).
    Barrage,
    /// *Ninjutsu Mastery*: before each attack of its special attack, placed beside an
    /// opponent's figure near it ([`crate::power::specials::Specials::Mastery`]:
    /// `special::mastery`).
    Mastery,
    /// *Thunder Step*: placed on an empty space adjacent to an opponent's figure within the
    /// card's number of clear-sight spaces (`game/powers/throw.rs`).
    Beside,
}

/// A figure chosen to be carried, and whether its carrier has moved yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carry {
    /// The figure with *Carry*.
    pub carrier: u32,
    /// The friend it carries.
    pub figure: u32,
    /// The carrier has moved: the friend is to be placed next to it.
    pub moved: bool,
}

/// What a card's abilities change in its figures' moves.
pub fn powers(card: &Card) -> Powers {
    Powers {
        ghost_walk: has_ability(card, Ability::GhostWalk),
        water_walk: has_ability(card, Ability::WaterWalk),
        lava_resistant: has_ability(card, Ability::LavaResistant),
        climb_factor: effects(card)
            .filter_map(|e| match e {
                Effect::Climb { factor } => Some(*factor),
                _ => None,
            })
            .max()
            .unwrap_or(1),
    }
}

/// The powers a card's figures may move by instead of their normal move, each with the move
/// search it is and its allowance.
pub fn ways(card: &Card) -> Vec<(MoveWay, Way, u16)> {
    effects(card)
        .filter_map(|e| match *e {
            Effect::Teleport { within } => Some((MoveWay::Teleport, Way::Teleport, within)),
            Effect::AlternateMove { spaces, up_levels } => Some((
                MoveWay::AlternateMove,
                Way::Grapple { up: up_levels },
                spaces,
            )),
            Effect::Place { within, .. } => Some((MoveWay::Place, Way::Teleport, within)),
            Effect::Leap { spaces, .. } => Some((MoveWay::Leap, Way::Teleport, spaces)),
            Effect::Tunnel { within, .. } => Some((MoveWay::Tunnel, Way::Teleport, within)),
            Effect::Throw(ThrowPower::StepBeforeMove { within, .. }) => {
                Some((MoveWay::Step, Way::Teleport, within))
            }
            Effect::Throw(ThrowPower::StepBesideOpponent { within, .. }) => {
                Some((MoveWay::Beside, Way::Teleport, within))
            }
            // one search per direction: `power_destinations` asks `special::drill`
            Effect::Specials(crate::power::specials::Specials::DrillDrive { spaces, .. }) => {
                Some((
                    MoveWay::DrillDrive,
                    Way::Drill {
                        dir: skirmish_board::hex::HexDir::E,
                    },
                    spaces,
                ))
            }
            _ => None,
        })
        .collect()
}

/// The search and allowance of `way` for a figure's card, if the card has that power.
pub fn way_of(card: &Card, way: MoveWay) -> Option<(Way, u16)> {
    ways(card)
        .into_iter()
        .find(|w| w.0 == way)
        .map(|(_, search, n)| (search, n))
}

/// Every place `f` may end a move by `way`, its start excepted.
pub fn power_destinations(state: &State, f: &Figure, way: MoveWay) -> Vec<Destination> {
    if way == MoveWay::DrillDrive {
        return super::special::drill::destinations(state, f);
    }
    if way == MoveWay::Barrage {
        return super::special::barrage::destinations(state, f);
    }
    if way == MoveWay::Mastery {
        return super::special::mastery::destinations(state, f);
    }
    if way == MoveWay::Beside {
        return super::thunder::beside_destinations(state, f);
    }
    let Some((search, n)) = way_of(state.card_of(f), way) else {
        return Vec::new();
    };
    if way == MoveWay::Step && !super::throw::may_step(state, f) {
        return Vec::new();
    }
    let Some(rule) = Placing::of(state.card_of(f), way).map(|p| p.raised(state, f, way)) else {
        return geometry::destinations_by(state, f, search, n);
    };
    if !rule.may_start(state, f) || (way == MoveWay::Tunnel && tunnel(state) != Some(f.id)) {
        return Vec::new();
    }
    let mut out = geometry::destinations_by(state, f, search, n);
    out.retain(|d| rule.refusal(state, f, d.hex, d.tail, d.level).is_none());
    if rule.disengage {
        for d in &mut out {
            d.path.leaves.clear();
        }
    }
    out
}

/// What a placement or a leap asks of where the figure starts and lands ([`Effect::Place`],
/// [`Effect::Leap`]).
#[derive(Clone, Debug, Default)]
struct Placing {
    up: Option<u16>,
    down: Option<u16>,
    same_level: bool,
    dry: bool,
    onto: Option<String>,
    started_on: Option<String>,
    disengage: bool,
}

impl Placing {
    fn of(card: &Card, way: MoveWay) -> Option<Placing> {
        effects(card).find_map(|e| match (e, way) {
            (
                Effect::Place {
                    up,
                    down,
                    same_level,
                    dry,
                    onto,
                    started_on,
                    disengage,
                    ..
                },
                MoveWay::Place,
            ) => Some(Placing {
                up: *up,
                down: *down,
                same_level: *same_level,
                dry: *dry,
                onto: onto.clone(),
                started_on: started_on.clone(),
                disengage: *disengage,
            }),
            (
                Effect::Tunnel {
                    ground, disengage, ..
                },
                MoveWay::Tunnel,
            ) => Some(Placing {
                same_level: true,
                onto: Some(ground.clone()),
                disengage: *disengage,
                ..Placing::default()
            }),
            (Effect::Throw(ThrowPower::StepBeforeMove { disengage, .. }), MoveWay::Step) => {
                Some(Placing {
                    disengage: *disengage,
                    ..Placing::default()
                })
            }
            (Effect::Leap { levels, .. }, MoveWay::Leap) => Some(Placing {
                up: Some(*levels),
                down: Some(*levels),
                disengage: true,
                ..Placing::default()
            }),
            _ => None,
        })
    }

    /// The levels other cards add to `f`'s leap (*Master's Influence*).
    fn raised(mut self, state: &State, f: &Figure, way: MoveWay) -> Placing {
        let more = super::leaps::extra_levels(state, f, way);
        self.up = self.up.map(|n| n.saturating_add(more));
        self.down = self.down.map(|n| n.saturating_add(more));
        self
    }

    /// Whether `f` may use the power this turn (*Shadow Dance*: it started its turn on a
    /// shadow space).
    fn may_start(&self, state: &State, f: &Figure) -> bool {
        self.started_on
            .as_ref()
            .is_none_or(|g| started_on(state, f, g))
    }

    /// Why `f` may not land at `hex` (`tail`), `level` by this power, in English; `None` when
    /// it may.
    fn refusal(
        &self,
        state: &State,
        f: &Figure,
        hex: Hex,
        tail: Option<Hex>,
        level: Level,
    ) -> Option<String> {
        if let Some(g) = &self.started_on {
            if !started_on(state, f, g) {
                return Some(format!("it did not start its turn on a {} space", words(g)));
            }
        }
        if self.same_level && level != f.level {
            return Some(format!(
                "the space must be on its own level ({}), not level {level}",
                f.level
            ));
        }
        if let Some(up) = self.up {
            if level > f.level.saturating_add(up) {
                return Some(format!(
                    "level {level} is more than {up} levels above its level ({})",
                    f.level
                ));
            }
        }
        if let Some(down) = self.down {
            if level.saturating_add(down) < f.level {
                return Some(format!(
                    "level {level} is more than {down} levels below its level ({})",
                    f.level
                ));
            }
        }
        let grid = geometry::grid(state);
        for h in std::iter::once(hex).chain(tail) {
            let g = grid.ground(h, level);
            if self.dry && g.is_some_and(Ground::is_water) {
                return Some(format!("{h} is a water space"));
            }
            if let Some(onto) = &self.onto {
                if !g.is_some_and(|g| ground_is(g, onto)) {
                    return Some(format!("{h} is not a {} space", words(onto)));
                }
            }
        }
        None
    }
}

/// "swamp water" from "swamp_water".
fn words(ground: &str) -> String {
    ground.replace('_', " ")
}

/// Whether a land type is the one named as the card language names them (`swamp_water`).
fn ground_is(g: Ground, name: &str) -> bool {
    serde_json::to_value(g)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.eq_ignore_ascii_case(name)))
        .unwrap_or(false)
}

/// Whether `f` started the turn on the land type `ground` ([`Condition::StartedTurnOn`]);
/// outside a turn, where it stands.
///
/// [`Condition::StartedTurnOn`]: crate::power::Condition::StartedTurnOn
pub fn started_on(state: &State, f: &Figure, ground: &str) -> bool {
    let start = super::values::at_turn_start(state, f);
    start.on_field()
        && super::values::ground_of(state, &start).is_some_and(|g| ground_is(g, ground))
}

/// Whether `f` started the turn adjacent to another figure its owner controls that matches
/// `filter` ([`Condition::StartedTurnNextTo`]); outside a turn, where they stand.
///
/// [`Condition::StartedTurnNextTo`]: crate::power::Condition::StartedTurnNextTo
pub fn started_next_to(state: &State, f: &Figure, filter: &Filter) -> bool {
    let me = super::values::at_turn_start(state, f);
    me.on_field()
        && state
            .figures
            .iter()
            .filter(|g| g.id != f.id && g.owner == f.owner && !g.destroyed)
            .filter(|g| matches(state.card_of(g), filter))
            .map(|g| super::values::at_turn_start(state, g))
            .any(|g| g.on_field() && super::values::adjacent(state, &me, &g))
}

/// The printed name of the power of `card` that gives `way` (*Underground Movement*).
pub fn power_name(card: &Card, way: MoveWay) -> Option<&str> {
    card.powers.iter().find_map(|p| {
        let gives = p.effects.as_deref()?.iter().any(|e| {
            matches!(
                (e, way),
                (Effect::Teleport { .. }, MoveWay::Teleport)
                    | (Effect::AlternateMove { .. }, MoveWay::AlternateMove)
                    | (Effect::Place { .. }, MoveWay::Place)
                    | (Effect::Leap { .. }, MoveWay::Leap)
                    | (Effect::Tunnel { .. }, MoveWay::Tunnel)
                    | (
                        Effect::Throw(ThrowPower::StepBeforeMove { .. }),
                        MoveWay::Step
                    )
                    | (
                        Effect::Throw(ThrowPower::StepBesideOpponent { .. }),
                        MoveWay::Beside
                    )
                    | (
                        Effect::Specials(crate::power::specials::Specials::DrillDrive { .. }),
                        MoveWay::DrillDrive
                    )
                    | (
                        Effect::Specials(crate::power::specials::Specials::Barrage { .. }),
                        MoveWay::Barrage
                    )
                    | (
                        Effect::Specials(crate::power::specials::Specials::Mastery { .. }),
                        MoveWay::Mastery
                    )
            )
        });
        gives.then_some(p.name.as_str())
    })
}

/// The figures *Carry* lets `f` carry: unengaged friends adjacent to it matching the card's
/// filter (one-hex figures: a carried figure is placed on one space).
pub fn carriable(state: &State, f: &Figure) -> Vec<u32> {
    let Some(filter) = carry_filter(state.card_of(f)) else {
        return Vec::new();
    };
    let Some(me) = geometry::standing(state, f) else {
        return Vec::new();
    };
    let grid = geometry::grid(state);
    state
        .figures
        .iter()
        .filter(|g| g.on_field() && g.id != f.id && g.tail.is_none())
        .filter(|g| state.allies(g.owner, f.owner))
        .filter(|g| matches(state.card_of(g), filter))
        .filter(|g| {
            geometry::standing(state, g)
                .is_some_and(|s| contact(&grid, &me.body, &me.at, &s.body, &s.at).adjacent())
        })
        .filter(|g| geometry::engaged_with(state, g).is_empty())
        .filter(|g| !super::holds::held(state, g))
        .map(|g| g.id)
        .collect()
}

fn carry_filter(card: &Card) -> Option<&Filter> {
    effects(card).find_map(|e| match e {
        Effect::Carry { filter } => Some(filter),
        _ => None,
    })
}

/// Where the carried `figure` may be placed next to `carrier`: empty spaces adjacent to it
/// (engagement's adjacency: the height and ruin exceptions count) where it fits; its own
/// space counts when it is adjacent.
pub fn carry_places(state: &State, carrier: &Figure, figure: &Figure) -> Vec<(Hex, Level)> {
    let (Some(me), Some(it)) = (
        geometry::standing(state, carrier),
        geometry::standing(state, figure),
    ) else {
        return Vec::new();
    };
    let grid = geometry::grid(state);
    let taken = |hex: Hex, level: Level| {
        state.figures.iter().any(|g| {
            g.on_field() && g.id != figure.id && g.level == level && g.hexes().any(|h| h == hex)
        })
    };
    let mut out: Vec<(Hex, Level)> = Vec::new();
    for spot in me.at.spots() {
        for n in spot.hex.neighbours() {
            if me.at.covers(n) {
                continue;
            }
            for (level, headroom, _) in grid.footings(n) {
                let at = Placement::single(n, level);
                if !it.body.fits(headroom) || taken(n, level) || out.contains(&(n, level)) {
                    continue;
                }
                if contact(&grid, &me.body, &me.at, &it.body, &at).adjacent() {
                    out.push((n, level));
                }
            }
        }
    }
    out
}

/// The figures of the turn's card that have not moved.
fn unmoved<'a>(state: &'a State, turn: &'a Turn) -> impl Iterator<Item = &'a Figure> {
    state
        .figures
        .iter()
        .filter(move |f| f.unit == turn.unit && f.on_field() && !turn.moved.contains(&f.id))
}

/// Adds the moves by power and the carries to the moves of a turn (`out` holds the normal
/// moves); while a carry is chosen, only the carrier's moves stay. Whether the player may end
/// the moves now.
pub fn move_actions(state: &State, turn: &Turn, out: &mut Vec<Action>) -> bool {
    for f in unmoved(state, turn) {
        if turn.carry.is_some_and(|c| c.carrier != f.id) {
            continue;
        }
        let card = state.card_of(f);
        for (way, _, _) in ways(card) {
            if way == MoveWay::Tunnel {
                continue;
            }
            for d in power_destinations(state, f, way) {
                out.push(Action::PowerMove {
                    figure: f.id,
                    way,
                    to: d.hex,
                    level: d.level,
                    tail: d.tail,
                });
            }
        }
        if turn.carry.is_none() && carry_filter(card).is_some() {
            let can_move = out.iter().any(|a| moves_figure(a) == Some(f.id));
            if can_move {
                for friend in carriable(state, f) {
                    out.push(Action::Carry {
                        figure: f.id,
                        friend,
                    });
                }
            }
        }
    }
    // Water Tunnel: the figure whose normal move just ended may be placed at once; any other
    // move or the end of the moves lets the chance go.
    if let Some(f) = tunnel(state).and_then(|id| state.figure(id)) {
        for d in power_destinations(state, f, MoveWay::Tunnel) {
            out.push(Action::PowerMove {
                figure: f.id,
                way: MoveWay::Tunnel,
                to: d.hex,
                level: d.level,
                tail: d.tail,
            });
        }
    }
    match turn.carry {
        Some(c) => {
            out.retain(|a| moves_figure(a) == Some(c.carrier));
            false
        }
        None => true,
    }
}

/// The figure a move action moves.
fn moves_figure(a: &Action) -> Option<u32> {
    match a {
        Action::Move { figure, .. } | Action::PowerMove { figure, .. } => Some(*figure),
        _ => None,
    }
}

/// The decision a turn's carry asks, once its carrier has moved.
pub fn pending(turn: &Turn) -> Option<Decision> {
    turn.carry
        .filter(|c| c.moved)
        .map(|c| Decision::PlaceCarried {
            carrier: c.carrier,
            figure: c.figure,
        })
}

/// Whether a carried figure waits to be placed, or a figure may still use its *Water Tunnel*
/// (the moves do not end by themselves then).
pub fn placing(turn: &Turn) -> bool {
    pending(turn).is_some() || tunnel_of(turn).is_some()
}

/// The places of the carried figure, as actions.
pub fn place_actions(state: &State) -> Vec<Action> {
    let Some(c) = state.turn().and_then(|t| t.carry) else {
        return Vec::new();
    };
    let (Some(carrier), Some(figure)) = (state.figure(c.carrier), state.figure(c.figure)) else {
        return Vec::new();
    };
    carry_places(state, carrier, figure)
        .into_iter()
        .map(|(to, level)| Action::PlaceCarried {
            figure: c.figure,
            to,
            level,
        })
        .collect()
}

/// `figure` will carry `friend` (*Carry*: chosen before the carrier moves).
pub fn choose_carry(state: &mut State, figure: u32, friend: u32, events: &mut Vec<Event>) {
    if let Some(turn) = turn_mut(state) {
        turn.carry = Some(Carry {
            carrier: figure,
            figure: friend,
            moved: false,
        });
    }
    events.push(Event::CarryChosen {
        carrier: figure,
        figure: friend,
    });
}

fn turn_mut(state: &mut State) -> Option<&mut Turn> {
    match &mut state.phase {
        super::super::state::Phase::Turns { turn, .. } => turn.as_mut(),
        _ => None,
    }
}

/// The figure that may use its *Water Tunnel* now: the last to move, whose normal move ended on
/// its card's land type.
fn tunnel(state: &State) -> Option<u32> {
    tunnel_of(state.turn()?)
}

fn tunnel_of(turn: &Turn) -> Option<u32> {
    let id = turn.record.tunnel?;
    (turn.stage == super::super::state::Stage::Move && turn.moved.last() == Some(&id)).then_some(id)
}

/// Whether a *Water Tunnel* may follow `figure`'s normal move that ends where it stands.
fn may_tunnel(state: &State, figure: u32) -> bool {
    let Some(f) = state.figure(figure).filter(|f| f.on_field()) else {
        return false;
    };
    effects(state.card_of(f)).any(|e| match e {
        Effect::Tunnel { ground, .. } => {
            super::values::ground_of(state, f).is_some_and(|g| ground_is(g, ground))
        }
        _ => false,
    })
}

/// After `figure`'s move: a carrier's friend now waits to be placed, unless the carrier or the
/// friend is gone or no space next to the carrier is free (the friend then stays); a figure
/// with *Water Tunnel* whose normal move (`events` hold no move by power of it) ended on its
/// land type may be placed next, when a space is free for it.
pub fn after_move(state: &mut State, figure: u32, events: &[Event]) {
    let by_power = events
        .iter()
        .any(|e| matches!(e, Event::MovedBy { figure: f, .. } if *f == figure));
    if let Some(turn) = turn_mut(state) {
        turn.record.tunnel = (!by_power).then_some(figure);
        if !by_power {
            turn.record.moved_normally.push(figure);
        }
        // a figure placed by its Water Tunnel was already counted as moved
        turn.moved.dedup();
    }
    let placeable = !by_power
        && may_tunnel(state, figure)
        && state
            .figure(figure)
            .is_some_and(|f| !power_destinations(state, f, MoveWay::Tunnel).is_empty());
    if !placeable {
        if let Some(turn) = turn_mut(state) {
            turn.record.tunnel = None;
        }
    }
    let Some(c) = state.turn().and_then(|t| t.carry) else {
        return;
    };
    if c.carrier != figure {
        return;
    }
    let placeable = match (state.figure(c.carrier), state.figure(c.figure)) {
        (Some(a), Some(b)) if a.on_field() && b.on_field() => !carry_places(state, a, b).is_empty(),
        _ => false,
    };
    if let Some(turn) = turn_mut(state) {
        turn.carry = placeable.then_some(Carry { moved: true, ..c });
    }
}

/// Places the carried figure next to its carrier; molten lava and glyphs act on it as on a
/// figure that stops there.
pub fn place_carried(
    state: &mut State,
    figure: u32,
    to: Hex,
    level: Level,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(c) = state.turn().and_then(|t| t.carry) else {
        return;
    };
    if let Some(turn) = turn_mut(state) {
        turn.carry = None;
    }
    super::setup::stand(state, figure, to, None, level);
    events.push(Event::Carried {
        carrier: c.carrier,
        figure,
        hex: to,
        level,
    });
    let resistant = state
        .figure(figure)
        .is_some_and(|f| powers(state.card_of(f)).lava_resistant);
    if !resistant && geometry::grid(state).ground(to, level) == Some(Ground::Lava) {
        molten_lava(state, figure, dice, events);
    }
    if state.figure(figure).is_some_and(|f| !f.destroyed) {
        glyphs::stopped_on(state, figure, dice, events);
    }
}

/// Molten lava damage: the d20 with Lodin's bonus, 20 survives, anything else destroys.
pub fn molten_lava(state: &mut State, figure: u32, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(owner) = state.figure(figure).map(|f| f.owner) else {
        return;
    };
    let die = dice.d20();
    let bonus = glyphs::d20_bonus(state, owner);
    let survived = u16::from(die) + bonus >= 20;
    events.push(Event::MoltenLava {
        figure,
        die,
        bonus,
        survived,
    });
    if !survived {
        combat::destroy(state, figure, events);
    }
}

/// The end of a round: every figure on a lava field rolls one attack die, a wound per skull
/// (lava-resistant figures excepted).
pub fn lava_fields(state: &mut State, dice: &mut Dice, events: &mut Vec<Event>) {
    let grid = geometry::grid(state);
    let burning: Vec<u32> = state
        .figures
        .iter()
        .filter(|f| f.on_field() && !powers(state.card_of(f)).lava_resistant)
        .filter(|f| {
            f.hexes()
                .any(|h| grid.ground(h, f.level) == Some(Ground::LavaField))
        })
        .map(|f| f.id)
        .collect();
    for id in burning {
        let die = combat::roll(dice, 1)
            .first()
            .copied()
            .unwrap_or(combat::Face::Blank);
        events.push(Event::LavaField { figure: id, die });
        if die == combat::Face::Skull {
            combat::wound_by(state, id, 1, dice, events);
        }
    }
}

/// Why a move by power, a carry or a placement is refused, for people (English, as the
/// game's rejections are); `None` for other actions.
pub fn explain(state: &State, action: &Action) -> Option<String> {
    let turn = state.turn();
    let fig = |id: u32| format!("figure {id}");
    Some(match *action {
        Action::PowerMove {
            figure,
            way,
            to,
            level,
            tail,
        } => {
            let Some(f) = state.figure(figure) else {
                return Some(format!("there is no figure {figure}"));
            };
            if way == MoveWay::Barrage {
                return Some(super::special::barrage::explain(state, f));
            }
            if way == MoveWay::Mastery {
                return Some(super::special::mastery::explain(state, f));
            }
            if way == MoveWay::Beside {
                return Some(super::thunder::explain(state, f, to, level));
            }
            let Some(search) = way_of(state.card_of(f), way) else {
                return Some(format!("{} has no such power", fig(figure)));
            };
            if way == MoveWay::DrillDrive && tail.is_none() {
                return Some(super::special::drill::explain(state, f, to, level));
            }
            let to = match tail {
                Some(t) => Placement::double(to, t, level),
                None => Placement::single(to, level),
            };
            let name = |id: skirmish_board::FigureId| fig(id.0);
            let placing = Placing::of(state.card_of(f), way)
                .map(|p| p.raised(state, f, way))
                .and_then(|p| p.refusal(state, f, to.head.hex, tail, level));
            geometry::refusal_text(state, f, search, &to, skirmish_lang::Lang::En, &name)
                .or(placing)
                .unwrap_or_else(|| {
                    "only a figure of the active card that has not moved may move, before the \
                     attacks (and the carrier first once a carry is chosen)"
                        .into()
                })
        }
        Action::Carry { figure, friend } => format!(
            "{} cannot carry {}: before it moves, a figure with Carry picks an unengaged \
             friendly figure adjacent to it that its card allows{}",
            fig(figure),
            fig(friend),
            if turn.is_some_and(|t| t.carry.is_some()) {
                " (one carry at a time)"
            } else {
                ""
            }
        ),
        Action::PlaceCarried { figure, to, level } => format!(
            "{} cannot be placed on {to} at level {level}: the carried figure goes on an empty \
             space adjacent to its carrier, after the carrier's move",
            fig(figure)
        ),
        _ => return None,
    })
}

/// Why a normal move is refused, in English, when the figure may move now.
pub fn explain_move(
    state: &State,
    figure: u32,
    to: Hex,
    level: Level,
    tail: Option<Hex>,
) -> Option<String> {
    let turn = state.turn()?;
    let f = state.figure(figure)?;
    if f.unit != turn.unit || turn.moved.contains(&figure) || !f.on_field() {
        return None;
    }
    let to = match tail {
        Some(t) => Placement::double(to, t, level),
        None => Placement::single(to, level),
    };
    let name = |id: skirmish_board::FigureId| format!("figure {}", id.0);
    geometry::refusal_text(
        state,
        f,
        (Way::Normal, glyphs::move_of(state, f)),
        &to,
        skirmish_lang::Lang::En,
        &name,
    )
}

#[cfg(test)]
#[path = "moves_tests.rs"]
mod tests;
