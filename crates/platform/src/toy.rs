//! A tiny ruleset with a board, for testing the edges with a second ruleset that has no page
//! module of its own: two seats, two pawns each on a 5×5 board with a rock in the middle.
//!
//! On its turn a seat moves a pawn one square orthogonally, attacks an orthogonally adjacent
//! enemy pawn (a d6: 4 or more removes it, and the attacker then decides whether to advance into
//! the freed square, a decision inside the action) or passes. A seat with no pawn left loses;
//! after the turn limit the seat with more pawns wins (both on a tie).

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use skirmish_engine::{
    AnyGame, Dice, Game, Outcome, Pending, Registry, Rejection, Ruleset, Seat, SetupError, Viewer,
};
use skirmish_lang::Lang;

use crate::{Board, BoardKind, Cell, GameSetup, Legal, LogLine, Piece, Presentation, Problem};

const SIZE: i32 = 5;
const ROCK: [i32; 2] = [2, 2];
const STEPS: [[i32; 2]; 4] = [[0, -1], [1, 0], [0, 1], [-1, 0]];

/// The toy ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Toy;

/// How a toy game starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyScenario {
    /// Turns before the game ends on pawn count.
    pub turns: u32,
}

/// A pawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pawn {
    /// Its id.
    pub id: u32,
    /// Its owner.
    pub seat: Seat,
    /// Its square.
    pub at: [i32; 2],
}

/// A toy game's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToyState {
    /// The pawns still on the board.
    pub pawns: Vec<Pawn>,
    /// Whose turn it is.
    pub active: Seat,
    /// Turns played.
    pub turn: u32,
    /// The turn limit.
    pub turns: u32,
    /// A pawn that removed an enemy and may advance into its square.
    pub advance: Option<(u32, [i32; 2])>,
}

/// What a toy game asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToyDecision {
    /// Move, attack or pass.
    Turn,
    /// Whether the pawn advances into the square it freed.
    Advance {
        /// The pawn.
        pawn: u32,
        /// The freed square.
        to: [i32; 2],
    },
}

/// A toy action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum ToyAction {
    /// Moves a pawn one square.
    Move {
        /// The pawn.
        pawn: u32,
        /// Where to.
        to: [i32; 2],
    },
    /// Attacks an adjacent enemy pawn.
    Attack {
        /// The attacker.
        pawn: u32,
        /// The target.
        target: u32,
    },
    /// Ends the turn.
    Pass,
    /// Answers the advance decision.
    Advance {
        /// Whether the pawn advances.
        advance: bool,
    },
}

/// What happened in a toy game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum ToyEvent {
    /// A pawn moved.
    Moved {
        /// The pawn.
        pawn: u32,
        /// Where to.
        to: [i32; 2],
    },
    /// An attack was rolled.
    Attacked {
        /// The attacker.
        pawn: u32,
        /// The target.
        target: u32,
        /// The die.
        die: u8,
        /// Whether it removed the target.
        hit: bool,
    },
    /// A seat passed.
    Passed,
}

fn on_board(at: [i32; 2]) -> bool {
    (0..SIZE).contains(&at[0]) && (0..SIZE).contains(&at[1]) && at != ROCK
}

fn pawn_at(state: &ToyState, at: [i32; 2]) -> Option<&Pawn> {
    state.pawns.iter().find(|p| p.at == at)
}

fn pawn(state: &ToyState, id: u32) -> Option<&Pawn> {
    state.pawns.iter().find(|p| p.id == id)
}

fn step(at: [i32; 2], d: [i32; 2]) -> [i32; 2] {
    [at[0] + d[0], at[1] + d[1]]
}

fn over(state: &ToyState) -> Option<Outcome> {
    let count = |s: u8| state.pawns.iter().filter(|p| p.seat == Seat(s)).count();
    let (a, b) = (count(0), count(1));
    let scores = vec![(Seat(0), a as i64), (Seat(1), b as i64)];
    if a == 0 || b == 0 {
        let winners = if a == 0 { vec![Seat(1)] } else { vec![Seat(0)] };
        return Some(Outcome {
            winners,
            scores,
            reason: "no pawn left".into(),
        });
    }
    if state.turn >= state.turns && state.advance.is_none() {
        let winners = match a.cmp(&b) {
            std::cmp::Ordering::Greater => vec![Seat(0)],
            std::cmp::Ordering::Less => vec![Seat(1)],
            std::cmp::Ordering::Equal => vec![Seat(0), Seat(1)],
        };
        return Some(Outcome {
            winners,
            scores,
            reason: "turn limit".into(),
        });
    }
    None
}

impl Ruleset for Toy {
    const ID: &'static str = "toy";
    type Scenario = ToyScenario;
    type State = ToyState;
    type Action = ToyAction;
    type Decision = ToyDecision;
    type Event = ToyEvent;
    type View = ToyState;

    fn setup(scenario: &ToyScenario, _dice: &mut Dice) -> Result<ToyState, SetupError> {
        if !(1..=100).contains(&scenario.turns) {
            return Err(SetupError::new("turns must be between 1 and 100"));
        }
        let pawns = [(0, [1, 0]), (0, [3, 0]), (1, [1, 4]), (1, [3, 4])]
            .into_iter()
            .enumerate()
            .map(|(i, (s, at))| Pawn {
                id: i as u32 + 1,
                seat: Seat(s),
                at,
            })
            .collect();
        Ok(ToyState {
            pawns,
            active: Seat(0),
            turn: 0,
            turns: scenario.turns,
            advance: None,
        })
    }

    fn seats(_state: &ToyState) -> Vec<Seat> {
        vec![Seat(0), Seat(1)]
    }

    fn pending(state: &ToyState) -> Pending<ToyDecision> {
        if let Some(outcome) = over(state) {
            return Pending::Over(outcome);
        }
        let decision = match state.advance {
            Some((pawn, to)) => ToyDecision::Advance { pawn, to },
            None => ToyDecision::Turn,
        };
        Pending::Decide {
            seats: vec![state.active],
            decision,
        }
    }

    fn legal_actions(state: &ToyState, seat: Seat) -> Vec<ToyAction> {
        if seat != state.active || over(state).is_some() {
            return Vec::new();
        }
        if state.advance.is_some() {
            return vec![
                ToyAction::Advance { advance: true },
                ToyAction::Advance { advance: false },
            ];
        }
        let mut out = Vec::new();
        for p in state.pawns.iter().filter(|p| p.seat == seat) {
            for d in STEPS {
                let to = step(p.at, d);
                if !on_board(to) {
                    continue;
                }
                match pawn_at(state, to) {
                    None => out.push(ToyAction::Move { pawn: p.id, to }),
                    Some(t) if t.seat != seat => out.push(ToyAction::Attack {
                        pawn: p.id,
                        target: t.id,
                    }),
                    Some(_) => {}
                }
            }
        }
        out.push(ToyAction::Pass);
        out
    }

    fn explain_illegal(state: &ToyState, seat: Seat, action: &ToyAction) -> Rejection {
        if seat != state.active {
            return Rejection::new("not-your-turn", format!("it is {}'s turn", state.active));
        }
        match action {
            ToyAction::Advance { .. } => Rejection::illegal("there is nothing to advance into"),
            _ if state.advance.is_some() => {
                Rejection::illegal("first decide whether the pawn advances")
            }
            ToyAction::Move { pawn, to } => Rejection::illegal(format!(
                "pawn {pawn} cannot move to {to:?}: one square orthogonally, onto an empty square \
                 of the board that is not the rock"
            )),
            ToyAction::Attack { pawn, target } => Rejection::illegal(format!(
                "pawn {pawn} cannot attack pawn {target}: it must be your pawn, and the target an \
                 orthogonally adjacent enemy"
            )),
            ToyAction::Pass => Rejection::illegal("you cannot pass now"),
        }
    }

    fn apply(
        state: &mut ToyState,
        seat: Seat,
        action: &ToyAction,
        dice: &mut Dice,
        events: &mut Vec<ToyEvent>,
    ) -> Result<(), Rejection> {
        let end_turn = |state: &mut ToyState| {
            state.turn += 1;
            state.active = Seat(1 - seat.0);
        };
        match *action {
            ToyAction::Move { pawn, to } => {
                if let Some(p) = state.pawns.iter_mut().find(|p| p.id == pawn) {
                    p.at = to;
                }
                events.push(ToyEvent::Moved { pawn, to });
                end_turn(state);
            }
            ToyAction::Attack { pawn, target } => {
                let die = dice.d6();
                let hit = die >= 4;
                events.push(ToyEvent::Attacked {
                    pawn,
                    target,
                    die,
                    hit,
                });
                let freed = self::pawn(state, target).map(|t| t.at);
                if hit {
                    state.pawns.retain(|p| p.id != target);
                }
                match freed {
                    Some(at) if hit && over(state).is_none() => state.advance = Some((pawn, at)),
                    _ => end_turn(state),
                }
            }
            ToyAction::Pass => {
                events.push(ToyEvent::Passed);
                end_turn(state);
            }
            ToyAction::Advance { advance } => {
                let (pawn, to) = state
                    .advance
                    .take()
                    .ok_or_else(|| Rejection::illegal("nothing to advance into"))?;
                if advance {
                    if let Some(p) = state.pawns.iter_mut().find(|p| p.id == pawn) {
                        p.at = to;
                    }
                    events.push(ToyEvent::Moved { pawn, to });
                }
                end_turn(state);
            }
        }
        Ok(())
    }

    fn view(state: &ToyState, _viewer: Viewer) -> ToyState {
        state.clone()
    }
}

/// The toy ruleset's presentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToyPresentation;

fn game(game: &dyn AnyGame) -> Option<&Game<Toy>> {
    game.as_any().downcast_ref::<Game<Toy>>()
}

fn seat_word(seat: Seat, lang: Lang) -> String {
    crate::default_seat_name(seat, lang)
}

fn action_text(state: &ToyState, action: &ToyAction, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    match action {
        ToyAction::Move { pawn, to } if fr => format!("Pion {pawn} : aller en {},{}", to[0], to[1]),
        ToyAction::Move { pawn, to } => format!("Pawn {pawn}: move to {},{}", to[0], to[1]),
        ToyAction::Attack { pawn, target } if fr => {
            format!("Pion {pawn} : attaquer le pion {target} (4+ sur 1d6)")
        }
        ToyAction::Attack { pawn, target } => {
            format!("Pawn {pawn}: attack pawn {target} (4+ on a d6)")
        }
        ToyAction::Pass => lang.pick("Pass", "Passer").into(),
        ToyAction::Advance { advance } => match (state.advance, advance, fr) {
            (Some((p, _)), true, false) => format!("Pawn {p} advances"),
            (Some((p, _)), true, true) => format!("Le pion {p} avance"),
            (_, false, false) => "Stay".into(),
            (_, false, true) => "Rester".into(),
            (None, true, _) => lang.pick("Advance", "Avancer").into(),
        },
    }
}

impl Presentation for ToyPresentation {
    fn id(&self) -> &'static str {
        Toy::ID
    }

    fn name(&self, lang: Lang) -> String {
        lang.pick("Toy skirmish", "Escarmouche jouet").into()
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Square
    }

    fn register(&self, registry: &mut Registry) {
        registry.register::<Toy>();
    }

    fn content(&self, lang: Lang) -> Value {
        json!({
            "ruleset": Toy::ID,
            "setup": [{
                "field": "turns",
                "kind": "number",
                "name": lang.pick("Turns", "Tours"),
                "default": 12, "min": 1, "max": 100,
            }],
        })
    }

    fn setup(&self, fields: &Map<String, Value>, _lang: Lang) -> Result<GameSetup, Problem> {
        let scenario: ToyScenario = serde_json::from_value(json!({
            "turns": fields.get("turns").cloned().unwrap_or(json!(12)),
        }))
        .map_err(|e| Problem::new("bad-setup", format!("turns: {e}")))?;
        if let Some(extra) = fields.keys().find(|k| k.as_str() != "turns") {
            return Err(Problem::new(
                "bad-setup",
                format!(
                    "unknown field '{}': the toy game takes only `turns`",
                    crate::clip(extra, 40)
                ),
            ));
        }
        if !(1..=100).contains(&scenario.turns) {
            return Err(Problem::new("bad-setup", "turns must be between 1 and 100"));
        }
        Ok(GameSetup {
            scenario: serde_json::to_value(&scenario)
                .map_err(|e| Problem::bad_request(e.to_string()))?,
            seat_names: vec!["Blue".into(), "Red".into()],
        })
    }

    fn board(&self, any: &dyn AnyGame, _viewer: Viewer) -> Option<Board> {
        let state = game(any)?.state();
        Some(Board {
            kind: BoardKind::Square,
            width: SIZE,
            height: SIZE,
            cells: vec![Cell {
                at: ROCK,
                terrain: "blocking".into(),
                height: 0,
                label: "rock".into(),
            }],
            walls: Vec::new(),
            pieces: state
                .pawns
                .iter()
                .map(|p| Piece {
                    id: p.id,
                    at: p.at,
                    cells: Vec::new(),
                    seat: p.seat.0,
                    label: format!("P{}", p.id),
                    name: format!("Pawn {}", p.id),
                    status: String::new(),
                })
                .collect(),
        })
    }

    fn legal(&self, any: &dyn AnyGame, seat: Seat, lang: Lang) -> Vec<Legal> {
        let Some(g) = game(any) else {
            return Vec::new();
        };
        let state = g.state();
        g.legal_actions(seat)
            .iter()
            .filter_map(|a| {
                let mut l = Legal::new(
                    seat,
                    serde_json::to_value(a).ok()?,
                    action_text(state, a, lang),
                );
                match a {
                    ToyAction::Move { pawn, to } => {
                        l.figure = Some(*pawn);
                        l.cells = vec![*to];
                        l.group = Some(lang.pick("Move", "Déplacement").into());
                    }
                    ToyAction::Attack { pawn, target } => {
                        l.figure = Some(*pawn);
                        l.targets = vec![*target];
                        l.group = Some(lang.pick("Attack", "Attaque").into());
                    }
                    ToyAction::Pass => l.group = Some(lang.pick("Turn", "Tour").into()),
                    ToyAction::Advance { .. } => {
                        if let Some((p, to)) = state.advance {
                            l.figure = Some(p);
                            l.cells = vec![to];
                        }
                        l.group = Some(lang.pick("Answer", "Réponse").into());
                    }
                }
                Some(l)
            })
            .collect()
    }

    fn prompt(&self, any: &dyn AnyGame, _viewer: Viewer, lang: Lang) -> String {
        let Some(g) = game(any) else {
            return String::new();
        };
        let fr = lang == Lang::Fr;
        match g.pending() {
            Pending::Over(o) => {
                let w: Vec<String> = o.winners.iter().map(|s| seat_word(*s, lang)).collect();
                match (fr, o.reason.as_str()) {
                    (false, r) => format!("Game over: {} ({r})", w.join(", ")),
                    (true, "no pawn left") => {
                        format!("Partie terminée : {} (plus aucun pion)", w.join(", "))
                    }
                    (true, _) => format!("Partie terminée : {} (limite de tours)", w.join(", ")),
                }
            }
            Pending::Decide { seats, decision } => {
                let who = seats
                    .first()
                    .map(|s| seat_word(*s, lang))
                    .unwrap_or_default();
                match (decision, fr) {
                    (ToyDecision::Turn, false) => format!("{who}: move, attack or pass"),
                    (ToyDecision::Turn, true) => format!("{who} : déplacer, attaquer ou passer"),
                    (ToyDecision::Advance { pawn, .. }, false) => {
                        format!("{who}: does pawn {pawn} advance into the freed square?")
                    }
                    (ToyDecision::Advance { pawn, .. }, true) => {
                        format!("{who} : le pion {pawn} avance-t-il dans la case libérée ?")
                    }
                }
            }
        }
    }

    fn log(&self, any: &dyn AnyGame, _viewer: Viewer, from: usize, lang: Lang) -> Vec<LogLine> {
        let Some(g) = game(any) else {
            return Vec::new();
        };
        let fr = lang == Lang::Fr;
        let mut out = Vec::new();
        for (i, step) in g.steps().iter().enumerate().skip(from) {
            for e in &step.events {
                let (text, dice) = match e {
                    ToyEvent::Moved { pawn, to } if fr => {
                        (format!("Le pion {pawn} va en {},{}", to[0], to[1]), vec![])
                    }
                    ToyEvent::Moved { pawn, to } => {
                        (format!("Pawn {pawn} moves to {},{}", to[0], to[1]), vec![])
                    }
                    ToyEvent::Attacked {
                        pawn,
                        target,
                        die,
                        hit,
                    } => {
                        let t = match (fr, hit) {
                            (false, true) => {
                                format!("Pawn {pawn} rolls {die}: pawn {target} is removed")
                            }
                            (false, false) => {
                                format!("Pawn {pawn} rolls {die}: pawn {target} holds")
                            }
                            (true, true) => {
                                format!("Le pion {pawn} fait {die} : le pion {target} est retiré")
                            }
                            (true, false) => {
                                format!("Le pion {pawn} fait {die} : le pion {target} tient bon")
                            }
                        };
                        (t, vec![*die])
                    }
                    ToyEvent::Passed => (
                        format!(
                            "{} {}",
                            seat_word(step.seat, lang),
                            lang.pick("passes", "passe")
                        ),
                        vec![],
                    ),
                };
                out.push(LogLine {
                    step: i + 1,
                    seat: step.seat,
                    text,
                    event: serde_json::to_value(e).unwrap_or(Value::Null),
                    dice,
                    detail: String::new(),
                });
            }
        }
        out
    }

    fn scores(&self, any: &dyn AnyGame) -> Vec<(Seat, i64)> {
        game(any).map_or_else(Vec::new, |g| {
            [Seat(0), Seat(1)]
                .into_iter()
                .map(|s| {
                    (
                        s,
                        g.state().pawns.iter().filter(|p| p.seat == s).count() as i64,
                    )
                })
                .collect()
        })
    }

    fn seat_name(&self, _game: &dyn AnyGame, seat: Seat, lang: Lang) -> String {
        match (seat.0, lang) {
            (0, Lang::En) => "Blue".into(),
            (0, Lang::Fr) => "Bleu".into(),
            (_, Lang::En) => "Red".into(),
            (_, Lang::Fr) => "Rouge".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BotPlayer, Platform, RandomPlayer};
    use skirmish_engine::conformance;

    fn platform() -> Platform {
        Platform::new().with(ToyPresentation)
    }

    #[test]
    fn plays_to_the_end_through_the_platform() {
        let p = platform();
        let toy = p.find("toy").unwrap();
        let setup = toy.setup(&Map::new(), Lang::En).unwrap();
        for seed in 0..50 {
            let mut g = p.registry().new_game("toy", &setup.scenario, seed).unwrap();
            let mut n = 0;
            while let Some(&seat) = g.pending_seats().first() {
                let legal = toy.legal(g.as_ref(), seat, Lang::Fr);
                assert!(!legal.is_empty());
                assert!(legal
                    .iter()
                    .all(|l| l.group.is_some() && !l.text.is_empty()));
                let a = RandomPlayer.choose(g.as_ref(), seat, seed + n).unwrap();
                g.act_json(seat, &a).unwrap();
                n += 1;
                assert!(n < 500);
            }
            assert!(toy
                .prompt(g.as_ref(), Viewer::Spectator, Lang::En)
                .starts_with("Game over"));
            assert!(!toy
                .log(g.as_ref(), Viewer::Spectator, 0, Lang::En)
                .is_empty());
        }
    }

    #[test]
    fn setup_names_unknown_fields_and_bad_values() {
        let toy = ToyPresentation;
        let mut f = Map::new();
        f.insert("turns".into(), json!("many"));
        assert_eq!(toy.setup(&f, Lang::En).unwrap_err().code, "bad-setup");
        f.insert("turns".into(), json!(3));
        f.insert("colour".into(), json!("red"));
        let e = toy.setup(&f, Lang::En).unwrap_err();
        assert!(e.message.contains("colour"), "{e}");
    }

    #[test]
    fn conforms() {
        let stats = conformance::random_playouts::<Toy>(
            &ToyScenario { turns: 12 },
            0..300,
            200,
            |_| Ok(()),
        )
        .unwrap();
        assert_eq!(stats.games, 300);
        assert!(
            stats.wins.len() == 2,
            "both seats win some games: {:?}",
            stats.wins
        );
    }
}
