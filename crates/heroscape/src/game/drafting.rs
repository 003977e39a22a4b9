//! The draft in the game's set-up (*Constituer son armée en « Draft »*): the players roll the
//! d20, then pick army cards from a common pool in the order of [`crate::draft`] (2 players:
//! 1, 2, then 1 each; 3 or more: *en essuie-glace*), within the scenario's points.
//!
//! *Lorsque vous sélectionnez une carte Armée, prenez la figurine ou les figurines représentées
//! sur la carte et placez-les immédiatement sur le champ de bataille dans votre zone de départ
//! avant que le prochain joueur sélectionne une carte Armée*: each pick is followed by the
//! placement of that card's figures by the player who picked it, so there is no separate
//! placement roll-off. A player who can afford no card left passes and is done; a player may
//! also stop once it holds a card. When everyone is done, the first round starts.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;
use skirmish_engine::{Pending, Rejection, Seat, SetupError};

use crate::card::Card;
use crate::draft::{Draft, DraftEvent};

use super::state::{D20Roll, Figure, Phase, Scenario, State, Unit};
use super::{Action, Decision, Event, RollFor};

/// A scenario's draft: the points each player may spend and the cards on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DraftSetup {
    /// Points each player may spend (*le nombre de points alloué à chaque joueur*).
    pub points: u32,
    /// The cards on the table, one entry per physical card (a common card once per copy).
    pub pool: Vec<Card>,
}

/// A draft under way in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftState {
    /// The picks and passes so far ([`crate::draft`]).
    pub draft: Draft,
    /// The d20 roll-off that chose the first player (each throw; ties throw again).
    pub rolls: Vec<Vec<D20Roll>>,
    /// Events of the pure draft already told (forced passes become game events).
    #[serde(default)]
    pub told: usize,
    /// The end of the draft has been told.
    #[serde(default)]
    pub over: bool,
}

/// Checks a drafting scenario: armies are empty (they are drafted), the pool holds cards.
pub(crate) fn check(scenario: &Scenario) -> Result<(), SetupError> {
    let Some(d) = &scenario.draft else {
        return Ok(());
    };
    if d.pool.is_empty() {
        return Err(SetupError::new("draft.pool: the draft needs cards to pick"));
    }
    if d.points == 0 {
        return Err(SetupError::new(
            "draft.points: each player needs points to spend",
        ));
    }
    for (i, c) in d.pool.iter().enumerate() {
        if c.figures == 0 || c.life == 0 {
            return Err(SetupError::new(format!(
                "draft.pool[{i}] card '{}': a card needs at least one figure and one life",
                c.id
            )));
        }
    }
    for (i, p) in scenario.players.iter().enumerate() {
        if !p.army.is_empty() {
            return Err(SetupError::new(format!(
                "players[{i}] ({}): with a draft the armies are drafted; leave `army` empty",
                p.name
            )));
        }
    }
    Ok(())
}

/// Starts the draft: the d20 roll-off, then the first pick is asked.
pub(crate) fn start(state: &mut State, setup: &DraftSetup, dice: &mut Dice) {
    let seats: Vec<Seat> = state.seats().collect();
    let mut events = Vec::new();
    let first = super::play::roll_off(state, dice, &seats, RollFor::Draft, &mut events);
    let rolls = events
        .iter()
        .filter_map(|e| match e {
            Event::RollOff { rolls, .. } => Some(rolls.clone()),
            _ => None,
        })
        .collect();
    let draft = Draft::new(seats.len(), setup.points, first.index(), setup.pool.clone());
    state.draft = Some(DraftState {
        draft,
        rolls,
        told: 0,
        over: false,
    });
    state.phase = Phase::Draft;
    // Forced passes at the very start are told with the first action's events; the draft may
    // also be over at once (nobody can afford a card), which the first check settles.
    let mut ignored = Vec::new();
    tell(state, &mut ignored);
    if state.draft.as_ref().is_some_and(|d| d.draft.is_over()) {
        state.phase = Phase::Placement {
            order: Vec::new(),
            index: 0,
        };
        super::play::advance_placement(state, dice, &mut ignored);
    }
}

/// Turns the pure draft's new passes into game events.
fn tell(state: &mut State, events: &mut Vec<Event>) {
    let Some(d) = state.draft.as_mut() else {
        return;
    };
    for e in &d.draft.events()[d.told..] {
        if let DraftEvent::Pass { player, forced } = e {
            events.push(Event::DraftPassed {
                seat: Seat(*player as u8),
                forced: *forced,
            });
        }
    }
    d.told = d.draft.events().len();
}

/// After a pick's figures are placed: back to the draft while it goes on (`true`); once it is
/// over, its end is told and the caller starts the first round (`false`).
pub(crate) fn resume(state: &mut State, events: &mut Vec<Event>) -> bool {
    let Some(d) = state.draft.as_mut() else {
        return false;
    };
    if !d.draft.is_over() {
        state.phase = Phase::Draft;
        return true;
    }
    if !d.over {
        d.over = true;
        events.push(Event::DraftOver {
            points: state
                .seats()
                .map(|s| {
                    (
                        s,
                        state
                            .units
                            .iter()
                            .filter(|u| u.owner == s)
                            .map(|u| u.card.points * u32::from(u.copies))
                            .sum(),
                    )
                })
                .collect(),
        });
    }
    false
}

/// Who picks now and what.
pub(crate) fn pending(state: &State) -> Option<Pending<Decision>> {
    if !matches!(state.phase, Phase::Draft) {
        return None;
    }
    let d = state.draft.as_ref()?;
    let p = d.draft.to_pick()?;
    Some(Pending::Decide {
        seats: vec![Seat(p as u8)],
        decision: Decision::Draft {
            points_left: d.draft.points_left(p),
        },
    })
}

/// Whether `seat` holds a drafted card (it may then stop picking).
fn holds_a_card(d: &DraftState, seat: Seat) -> bool {
    !d.draft.picks(seat.index()).is_empty()
}

/// The picks `seat` may make: each card left it can afford (once per card id), and stopping
/// once it holds a card.
pub(crate) fn legal(state: &State, seat: Seat) -> Option<Vec<Action>> {
    if !matches!(state.phase, Phase::Draft) {
        return None;
    }
    let Some(d) = state.draft.as_ref() else {
        return Some(Vec::new());
    };
    if d.draft.to_pick() != Some(seat.index()) {
        return Some(Vec::new());
    }
    let mut out: Vec<Action> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let room = zone_room(state, seat);
    for c in d.draft.pool() {
        if seen.contains(&c.id.as_str())
            || d.draft.refusal(seat.index(), c).is_some()
            || (holds_a_card(d, seat) && room_needed(c) > room)
        {
            continue;
        }
        seen.push(&c.id);
        out.push(Action::DraftPick { card: c.id.clone() });
    }
    if holds_a_card(d, seat) {
        out.push(Action::DraftPass);
    }
    Some(out)
}

/// Free hexes left in `seat`'s start zone: the figures of each card are placed as it is picked,
/// so a card whose figures would not fit any more is refused rather than drafted to stay out
/// (*vous ne pouvez pas utiliser toutes les figurines*).
fn zone_room(state: &State, seat: Seat) -> usize {
    let zone = state.players[seat.index()].zone;
    state
        .field
        .start_zone(zone)
        .filter(|&h| {
            state.figure_at(h).is_none()
                && super::glyphs::glyph_at(state, h).is_none()
                && state
                    .field
                    .column(h)
                    .and_then(|c| c.top_footing())
                    .is_some()
        })
        .count()
}

/// Hexes a card's figures take: one each, two for a double-space figure.
fn room_needed(card: &Card) -> usize {
    usize::from(card.figures.max(1)) * usize::from(card.base.max(1))
}

/// Why a pick does not fit the start zone any more, if it does not.
fn no_room(state: &State, seat: Seat, card: &Card) -> Option<String> {
    let d = state.draft.as_ref()?;
    let (room, need) = (zone_room(state, seat), room_needed(card));
    (holds_a_card(d, seat) && need > room).then(|| {
        format!(
            "{} needs {need} hex(es) and the start zone has {room} free: its figures could not be placed",
            card.name
        )
    })
}

/// Why a pick or a pass is refused now, in the draft's words; `None` outside the draft.
pub(crate) fn explain(state: &State, seat: Seat, action: &Action) -> Option<Rejection> {
    if !matches!(state.phase, Phase::Draft) {
        return None;
    }
    let d = state.draft.as_ref()?;
    let why = match (d.draft.to_pick(), action) {
        (Some(p), Action::DraftPick { .. } | Action::DraftPass) if p != seat.index() => {
            crate::draft::DraftError::NotYourTurn { expected: p }.to_string()
        }
        (_, Action::DraftPick { card }) => match d.draft.pool().iter().find(|c| &c.id == card) {
            Some(c) => d.draft.refusal(seat.index(), c).map_or_else(
                || no_room(state, seat, c).unwrap_or_else(|| "that card may be picked".into()),
                |e| e.to_string(),
            ),
            None => crate::draft::DraftError::NotInPool { id: card.clone() }.to_string(),
        },
        (_, Action::DraftPass) => "pick a card first: an army needs at least one".into(),
        _ => "the armies are being drafted: pick an army card or stop".into(),
    };
    Some(Rejection::illegal(why))
}

/// Plays a pick or a pass; `None` when the game is not drafting.
pub(crate) fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<Result<(), Rejection>> {
    if !matches!(state.phase, Phase::Draft) {
        return match action {
            Action::DraftPick { .. } | Action::DraftPass => {
                Some(Err(Rejection::illegal("the draft is over")))
            }
            _ => None,
        };
    }
    let refuse = |why: String| Some(Err(Rejection::illegal(why)));
    if let (Action::DraftPick { card }, Some(d)) = (action, state.draft.as_ref()) {
        let fits = d
            .draft
            .pool()
            .iter()
            .find(|c| &c.id == card)
            .cloned()
            .and_then(|c| no_room(state, seat, &c));
        if let Some(why) = fits {
            return refuse(why);
        }
    }
    let Some(d) = state.draft.as_mut() else {
        return refuse("there is no draft in this game".into());
    };
    match action {
        Action::DraftPick { card } => {
            if let Err(e) = d.draft.pick(seat.index(), card) {
                return refuse(e.to_string());
            }
            let Some(picked) = d.draft.picks(seat.index()).last().cloned() else {
                return refuse("the pick was lost".into());
            };
            let points_left = d.draft.points_left(seat.index());
            events.push(Event::DraftPicked {
                seat,
                card: picked.id.clone(),
                name: picked.name.clone(),
                points: picked.points,
                points_left,
            });
            tell(state, events);
            enlist(state, seat, picked);
            // The picked card's figures are placed at once, by their player.
            state.phase = Phase::Placement {
                order: vec![seat],
                index: 0,
            };
            super::play::advance_placement(state, dice, events);
            Some(Ok(()))
        }
        Action::DraftPass => {
            if !holds_a_card(d, seat) {
                return refuse("pick a card first: an army needs at least one".into());
            }
            if let Err(e) = d.draft.pass(seat.index()) {
                return refuse(e.to_string());
            }
            tell(state, events);
            state.phase = Phase::Placement {
                order: Vec::new(),
                index: 0,
            };
            super::play::advance_placement(state, dice, events);
            Some(Ok(()))
        }
        _ => refuse("pick an army card or stop drafting first".into()),
    }
}

/// Adds a drafted card to `seat`'s army: a new unit, or one more copy of a common card already
/// drafted (the copies share their figures under one order marker), with its figures waiting to be placed.
fn enlist(state: &mut State, seat: Seat, card: Card) {
    let unit = match state
        .units
        .iter_mut()
        .find(|u| u.owner == seat && u.card.id == card.id)
    {
        Some(u) => {
            u.copies += 1;
            u.id
        }
        None => {
            let id = state.units.len() as u16;
            state.units.push(Unit {
                id,
                owner: seat,
                card: Arc::new(card.clone()),
                copies: 1,
            });
            id
        }
    };
    for _ in 0..card.figures {
        let id = state.figures.len() as u32 + 1;
        state.figures.push(Figure {
            id,
            unit,
            owner: seat,
            hex: None,
            tail: None,
            level: 0,
            wounds: 0,
            destroyed: false,
        });
    }
}

/// Value per point, for the greedy bot's picks: dice, life, move and range of every figure of
/// the card, over its points.
pub fn value_per_point(card: &Card) -> f64 {
    let one = f64::from(card.attack) * 2.0
        + f64::from(card.defense) * 1.5
        + f64::from(card.life) * 1.5
        + f64::from(card.move_) * 0.4
        + f64::from(card.range.min(8)) * 0.4;
    one * f64::from(card.figures) / f64::from(card.points.max(1))
}

/// A card of the draft as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoolCard {
    /// The card.
    pub card: Card,
    /// Copies of it left on the table.
    pub left: u16,
}

/// The draft as everyone sees it: nothing in it is secret.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraftView {
    /// Points each player may spend.
    pub limit: u32,
    /// The cards left, once per card id with the copies left.
    pub pool: Vec<PoolCard>,
    /// Who picks now (`None` once the draft is over).
    pub to_pick: Option<Seat>,
    /// Each seat's picks in order (card ids) and points left.
    pub armies: Vec<DraftArmy>,
    /// The d20 roll-off that chose the first player.
    pub rolls: Vec<Vec<D20Roll>>,
    /// Every player is done.
    pub over: bool,
}

/// One player's drafted army.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraftArmy {
    /// The seat.
    pub seat: Seat,
    /// Card ids in pick order.
    pub picks: Vec<String>,
    /// Points spent.
    pub spent: u32,
    /// Points left.
    pub left: u32,
    /// It has passed (or could afford nothing more).
    pub done: bool,
}

/// The draft of a game as the view shows it.
pub(crate) fn view(state: &State) -> Option<DraftView> {
    let d = state.draft.as_ref()?;
    let mut pool: Vec<PoolCard> = Vec::new();
    for c in d.draft.pool() {
        match pool.iter_mut().find(|p| p.card.id == c.id) {
            Some(p) => p.left += 1,
            None => pool.push(PoolCard {
                card: c.clone(),
                left: 1,
            }),
        }
    }
    let done: Vec<usize> = d
        .draft
        .events()
        .iter()
        .filter_map(|e| match e {
            DraftEvent::Pass { player, .. } => Some(*player),
            DraftEvent::Pick { .. } => None,
        })
        .collect();
    Some(DraftView {
        limit: d.draft.limit(),
        pool,
        to_pick: d.draft.to_pick().map(|p| Seat(p as u8)),
        armies: state
            .seats()
            .map(|s| {
                let picks = d.draft.picks(s.index());
                let spent = picks.iter().map(|c| c.points).sum();
                DraftArmy {
                    seat: s,
                    picks: picks.iter().map(|c| c.id.clone()).collect(),
                    spent,
                    left: d.draft.points_left(s.index()),
                    done: done.contains(&s.index()),
                }
            })
            .collect(),
        rolls: d.rolls.clone(),
        over: d.draft.is_over(),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use skirmish_dice::Dice;
    use skirmish_engine::{conformance, Pending, Ruleset, Seat};

    use super::*;
    use crate::game::{HeroScape, Options, PlayerSetup};
    use crate::present::samples;

    fn scenario(points: u32, pool: &[&str]) -> Scenario {
        let cards = samples::cards();
        Scenario {
            battlefield: Arc::new(samples::tor()),
            players: ["West", "East"]
                .iter()
                .enumerate()
                .map(|(i, n)| PlayerSetup {
                    name: (*n).into(),
                    team: i as u8 + 1,
                    army: Vec::new(),
                })
                .collect(),
            rounds: 3,
            options: Options::default(),
            draft: Some(DraftSetup {
                points,
                pool: pool
                    .iter()
                    .map(|id| cards.iter().find(|c| c.id == *id).unwrap().clone())
                    .collect(),
            }),
        }
    }

    fn act(state: &mut State, seat: Seat, action: Action) -> Vec<Event> {
        assert!(
            HeroScape::legal_actions(state, seat).contains(&action),
            "{action:?} is not legal for {seat}: {:?}",
            HeroScape::legal_actions(state, seat)
        );
        let mut events = Vec::new();
        HeroScape::apply(state, seat, &action, &mut Dice::seeded(3), &mut events).unwrap();
        events
    }

    /// Places every figure `seat` is asked to place, on the first hex offered.
    fn place_all(state: &mut State, seat: Seat) -> usize {
        let mut n = 0;
        while let Pending::Decide {
            seats,
            decision: Decision::Place { .. },
        } = HeroScape::pending(state)
        {
            assert_eq!(seats, vec![seat], "the player who picked places");
            let first = HeroScape::legal_actions(state, seat)[0].clone();
            act(state, seat, first);
            n += 1;
        }
        n
    }

    fn picker(state: &State) -> Option<Seat> {
        match HeroScape::pending(state) {
            Pending::Decide {
                seats,
                decision: Decision::Draft { .. },
            } => Some(seats[0]),
            _ => None,
        }
    }

    fn pick(state: &mut State, seat: Seat, card: &str) -> Vec<Event> {
        act(state, seat, Action::DraftPick { card: card.into() })
    }

    #[test]
    fn a_card_whose_figures_would_not_fit_the_start_zone_is_not_offered() {
        // A strip with three start hexes a side: after a card of two figures, one hex is left,
        // and a second two-figure card may not be drafted to stay out of the game.
        let mut b = crate::battlefield::Builder::new("strip");
        for q in 0..10 {
            let hex = skirmish_board::hex::Hex::new(q, 0);
            b.span(hex, crate::game::tests::land(1), format!("hex {q}"));
            if q < 3 {
                b.start(hex, 1, "west");
            }
            if q > 6 {
                b.start(hex, 2, "east");
            }
        }
        let mut s = scenario(
            300,
            &[
                "dune-runners",
                "dune-runners",
                "dune-runners",
                "skyreach-archer",
                "emberclaw-brute",
            ],
        );
        s.battlefield = Arc::new(b.build().unwrap());
        let mut state = HeroScape::setup(&s, &mut Dice::scripted([17, 5])).unwrap();
        assert_eq!(picker(&state), Some(Seat(0)));
        pick(&mut state, Seat(0), "dune-runners");
        assert_eq!(place_all(&mut state, Seat(0)), 2);
        // East: one card then its second pick.
        pick(&mut state, Seat(1), "emberclaw-brute");
        place_all(&mut state, Seat(1));
        pick(&mut state, Seat(1), "dune-runners");
        place_all(&mut state, Seat(1));
        assert_eq!(picker(&state), Some(Seat(0)));
        let legal = HeroScape::legal_actions(&state, Seat(0));
        assert!(
            legal.contains(&Action::DraftPick {
                card: "skyreach-archer".into()
            }),
            "one figure fits the last hex: {legal:?}"
        );
        let why = explain(
            &state,
            Seat(0),
            &Action::DraftPick {
                card: "dune-runners".into(),
            },
        );
        let why = format!("{why:?}");
        assert!(
            why.contains("needs 2 hex(es)") && why.contains("1 free"),
            "{why}"
        );
        let mut events = Vec::new();
        let refused = HeroScape::apply(
            &mut state,
            Seat(0),
            &Action::DraftPick {
                card: "dune-runners".into(),
            },
            &mut Dice::seeded(1),
            &mut events,
        );
        assert!(refused.is_err() && events.is_empty());
    }

    #[test]
    fn two_players_pick_one_then_two_then_one_each_placing_each_card_at_once() {
        let s = scenario(
            200,
            &[
                "emberclaw-brute",
                "skyreach-archer",
                "granite-warden",
                "dune-runners",
                "marsh-stalkers",
                "ironback-sentinels",
            ],
        );
        // d20: West 5, East 17: East picks first (*Le joueur dont le chiffre est le plus élevé
        // joue en premier et choisit 1 carte Armée*).
        let mut state = HeroScape::setup(&s, &mut Dice::scripted([5, 17])).unwrap();
        let d = state.draft.as_ref().unwrap();
        assert_eq!(
            d.rolls[0].iter().map(|r| r.die).collect::<Vec<_>>(),
            [5, 17]
        );
        assert!(
            state.placement_rolls.is_empty(),
            "no separate placement roll"
        );
        assert_eq!(picker(&state), Some(Seat(1)));
        let events = pick(&mut state, Seat(1), "emberclaw-brute");
        assert!(events.contains(&Event::DraftPicked {
            seat: Seat(1),
            card: "emberclaw-brute".into(),
            name: "Emberclaw Brute".into(),
            points: 100,
            points_left: 100,
        }));
        // Its figure goes down before anyone picks again.
        assert_eq!(place_all(&mut state, Seat(1)), 1);
        // The other player picks 2 cards.
        assert_eq!(picker(&state), Some(Seat(0)));
        pick(&mut state, Seat(0), "skyreach-archer");
        place_all(&mut state, Seat(0));
        assert_eq!(picker(&state), Some(Seat(0)));
        pick(&mut state, Seat(0), "granite-warden");
        place_all(&mut state, Seat(0));
        // Then 1 each: East, 2 figures of Dune Runners.
        assert_eq!(picker(&state), Some(Seat(1)));
        pick(&mut state, Seat(1), "dune-runners");
        assert_eq!(place_all(&mut state, Seat(1)), 2);
        // West has 15 points left and the cheapest card costs 50: it passes, and is done.
        assert_eq!(picker(&state), Some(Seat(1)), "West could afford nothing");
        let view = super::view(&state).unwrap();
        assert!(view.armies[0].done && !view.armies[1].done);
        assert_eq!(view.armies[0].spent, 185);
        // East has 60 points left: only the cards it can afford are offered.
        let offered = HeroScape::legal_actions(&state, Seat(1));
        assert!(!offered.contains(&Action::DraftPick {
            card: "granite-warden".into()
        }));
        pick(&mut state, Seat(1), "ironback-sentinels");
        assert_eq!(place_all(&mut state, Seat(1)), 3);
        // East has 5 points left: forced to pass; the draft is over and the first round starts.
        assert_eq!(picker(&state), None);
        assert!(super::view(&state).unwrap().over);
        assert!(matches!(state.phase, Phase::Markers));
        assert_eq!(state.units.len(), 5);
        assert_eq!(state.figures.len(), 1 + 1 + 1 + 2 + 3);
        assert!(state.figures.iter().all(|f| f.on_field()));
        assert_eq!(state.points(Seat(0)), 185);
        assert_eq!(state.points(Seat(1)), 195);
    }

    #[test]
    fn refusals_name_the_rule_and_a_common_card_twice_is_one_unit() {
        let s = scenario(
            300,
            &[
                "dune-runners",
                "dune-runners",
                "emberclaw-brute",
                "marsh-stalkers",
            ],
        );
        let mut state = HeroScape::setup(&s, &mut Dice::scripted([20, 3])).unwrap();
        assert_eq!(picker(&state), Some(Seat(0)));
        // Stopping before holding a card is not offered.
        assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&Action::DraftPass));
        let mut events = Vec::new();
        let e = HeroScape::apply(
            &mut state,
            Seat(0),
            &Action::DraftPass,
            &mut Dice::seeded(1),
            &mut events,
        )
        .unwrap_err();
        assert!(e.reason.contains("pick a card first"), "{}", e.reason);
        let e = HeroScape::apply(
            &mut state,
            Seat(1),
            &Action::DraftPick {
                card: "emberclaw-brute".into(),
            },
            &mut Dice::seeded(1),
            &mut events,
        )
        .unwrap_err();
        assert!(e.reason.contains("player 1 picks now"), "{}", e.reason);
        pick(&mut state, Seat(0), "dune-runners");
        place_all(&mut state, Seat(0));
        pick(&mut state, Seat(1), "emberclaw-brute");
        place_all(&mut state, Seat(1));
        pick(&mut state, Seat(1), "dune-runners");
        place_all(&mut state, Seat(1));
        // Each army holds one copy of Dune Runners: one unit in each.
        assert_eq!(
            state
                .units
                .iter()
                .filter(|u| u.card.id == "dune-runners")
                .count(),
            2
        );
        // West stops and is skipped from then on; East stops too: the draft ends.
        let events = act(&mut state, Seat(0), Action::DraftPass);
        assert!(events.contains(&Event::DraftPassed {
            seat: Seat(0),
            forced: false
        }));
        assert_eq!(picker(&state), Some(Seat(1)));
        let events = act(&mut state, Seat(1), Action::DraftPass);
        assert!(
            events.iter().any(|e| matches!(e, Event::DraftOver { .. })),
            "{events:?}"
        );
        assert!(matches!(state.phase, Phase::Markers), "{:?}", state.phase);
    }

    #[test]
    fn two_copies_of_a_common_card_in_one_army_are_one_unit() {
        let s = scenario(300, &["dune-runners", "dune-runners", "emberclaw-brute"]);
        let mut state = HeroScape::setup(&s, &mut Dice::scripted([3, 20])).unwrap();
        pick(&mut state, Seat(1), "dune-runners");
        place_all(&mut state, Seat(1));
        pick(&mut state, Seat(0), "emberclaw-brute");
        place_all(&mut state, Seat(0));
        act(&mut state, Seat(0), Action::DraftPass);
        pick(&mut state, Seat(1), "dune-runners");
        place_all(&mut state, Seat(1));
        let runners: Vec<&Unit> = state.units.iter().filter(|u| u.owner == Seat(1)).collect();
        assert_eq!(runners.len(), 1, "one order marker moves both copies");
        assert_eq!(runners[0].copies, 2);
        assert_eq!(state.unit_alive(runners[0].id).count(), 4);
        assert!(matches!(state.phase, Phase::Markers));
    }

    #[test]
    fn a_drafting_scenario_needs_empty_armies_and_cards() {
        let mut s = scenario(300, &["dune-runners"]);
        s.players[0].army = samples::cards()[..1].to_vec();
        let e = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap_err();
        assert!(e.to_string().contains("players[0]"), "{e}");
        let s = scenario(300, &[]);
        let e = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap_err();
        assert!(e.to_string().contains("draft.pool"), "{e}");
    }

    #[test]
    fn random_games_with_a_draft_conform() {
        let mut s = scenario(250, &[]);
        s.draft.as_mut().unwrap().pool = crate::present::content::Content::pool(&samples::cards());
        conformance::random_playouts::<HeroScape>(&s, 0..80, 3000, |_| Ok(())).unwrap();
        let mut three = s.clone();
        three.players.push(PlayerSetup {
            name: "North".into(),
            team: 3,
            army: Vec::new(),
        });
        conformance::random_playouts::<HeroScape>(&three, 0..40, 4000, |_| Ok(())).unwrap();
    }
}
