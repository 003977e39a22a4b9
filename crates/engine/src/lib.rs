//! The Skirmish engine: one game model shared by every ruleset (HeroClix,
//! HorrorClix, HeroScape, Masters of the Universe: Battleground, ...).
//!
//! A ruleset is a set of pure functions over a serializable state (the
//! [`Ruleset`] trait). The engine wraps it in a [`Game`], which
//!
//! - treats the ruleset's list of legal actions as the single source of truth
//!   and refuses anything else with a human-readable [`Rejection`];
//! - applies actions transactionally, so a refused action changes neither the
//!   state nor the dice stream;
//! - logs actions, events and dice rolls, and writes [`Replay`]s that can be
//!   verified later by state hashes (taken only when a replay is written or
//!   checked, since hashing a whole state costs more than playing an action);
//! - keeps the states before its last deterministic actions, so they can be
//!   undone ([`Game::undo`]);
//! - can be driven through JSON and dynamic dispatch ([`AnyGame`],
//!   [`Registry`]) by the command line and servers.
//!
//! Questions asked in the middle of an action (a knockback direction, a
//! damage split, a reaction card, an interrupt of that reaction) are frames on
//! one explicit stack kept in the state: see [`frames`].
//!
//! [`search`] is what bots build on: chance outcomes of an action, samples,
//! information sets and their determinizations, for any ruleset.
//! [`conformance`] holds the random-playout harness every ruleset should pass,
//! and [`fixtures`] a tiny dice game that exercises the whole model.
//!
//! # Seats
//! Seats are numbered from 0 in data ([`Seat`] serializes as its index) and
//! from 1 when shown to people ("seat 1" is `Seat(0)`).
//!
//! # Hidden information
//! What a seat may see is decided by [`Ruleset::view`] (states),
//! [`Ruleset::event_view`] (events), [`Ruleset::decision_view`] (the pending
//! decision) and [`Ruleset::action_view`] (the actions played). The raw
//! state, events and actions are omniscient; only views are meant to reach
//! players. The dice stream is never part of a state or a view: its seed is
//! kept by whoever runs the game and published, as a [`SeedCommitment`],
//! only as a hash until the game ends.

use std::fmt::{self, Debug};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use skirmish_dice::{Dice, DiceSource, Die, Picker, Roll};

mod commitment;
pub mod conformance;
mod dynamic;
pub mod fixtures;
pub mod frames;
mod game;
mod hash;
mod replay;
pub mod search;

pub use commitment::{commit_seed, verify_seed, SeedCommitment, SeedReveal};
pub use dynamic::{AnyChanceOutcome, AnyGame, Registry};
pub use game::{Game, Step, DEFAULT_UNDO_LIMIT};
pub use hash::{canonical_json, hash_json, hash_state};
pub use replay::{Replay, ReplayAction, ViewedReplay, ViewedStep, REPLAY_FORMAT};

/// A player's place at the table.
///
/// The number inside is a 0-based index (it indexes per-seat vectors directly
/// and is what JSON carries); [`Display`](fmt::Display) shows it 1-based, as
/// players count: `Seat(0)` prints as "seat 1".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The 0-based index, for indexing per-seat vectors.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The 1-based number players use.
    pub fn number(self) -> u16 {
        u16::from(self.0) + 1
    }

    /// The first `count` seats, in order.
    pub fn all(count: u8) -> impl Iterator<Item = Seat> {
        (0..count).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

/// Who is looking at a game, which decides what a view may reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player, who sees public information and their own secrets.
    Seat(Seat),
    /// Someone watching, who sees only public information.
    Spectator,
    /// A referee, debugger or replay auditor, who sees everything.
    Omniscient,
}

impl Viewer {
    /// Whether this viewer may see the secrets of `seat`.
    pub fn sees_secrets_of(self, seat: Seat) -> bool {
        match self {
            Viewer::Seat(me) => me == seat,
            Viewer::Spectator => false,
            Viewer::Omniscient => true,
        }
    }
}

impl fmt::Display for Viewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewer::Seat(seat) => fmt::Display::fmt(seat, f),
            Viewer::Spectator => f.write_str("spectator"),
            Viewer::Omniscient => f.write_str("omniscient"),
        }
    }
}

/// What a game is waiting for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending<D> {
    /// Each listed seat must answer `decision`.
    ///
    /// Several seats mean a simultaneous choice (secret order markers, picks
    /// made at the same time): any of them may answer first, and the ruleset
    /// keeps answers hidden in views until all are in. A seat that has
    /// answered drops out of the list.
    Decide {
        /// The seats whose answer is still awaited; never empty.
        seats: Vec<Seat>,
        /// What is being asked.
        decision: D,
    },
    /// The game has ended.
    Over(Outcome),
}

impl<D> Pending<D> {
    /// The seats that may act now (none once the game is over).
    pub fn seats(&self) -> &[Seat] {
        match self {
            Pending::Decide { seats, .. } => seats,
            Pending::Over(_) => &[],
        }
    }

    /// The same question with its decision changed by `f` (who is asked stays the same): how a
    /// decision is shown to a viewer.
    pub fn map_decision<E>(self, f: impl FnOnce(D) -> E) -> Pending<E> {
        match self {
            Pending::Decide { seats, decision } => Pending::Decide {
                seats,
                decision: f(decision),
            },
            Pending::Over(outcome) => Pending::Over(outcome),
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Pending::Over(outcome) => Some(outcome),
            Pending::Decide { .. } => None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seats: one for a win, several for a shared win, none for a
    /// game that everybody lost.
    pub winners: Vec<Seat>,
    /// Final scores, where the ruleset keeps any (victory points, ...).
    pub scores: Vec<(Seat, i64)>,
    /// Why the game ended, for people.
    pub reason: String,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winners.as_slice() {
            [] => f.write_str("no winner")?,
            [one] => write!(f, "{one} wins")?,
            many => {
                let names: Vec<String> = many.iter().map(ToString::to_string).collect();
                write!(f, "shared win for {}", names.join(", "))?;
            }
        }
        write!(f, ": {}", self.reason)
    }
}

/// Why an action was refused. The `reason` is meant for players; the `code`
/// is a short stable tag for programs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{reason}")]
pub struct Rejection {
    /// A short kebab-case tag, one of the `Rejection::*` constants or a
    /// ruleset's own.
    pub code: String,
    /// A sentence saying what was wrong, for people.
    pub reason: String,
}

impl Rejection {
    /// The seat is not among those the game is waiting for.
    pub const NOT_YOUR_TURN: &'static str = "not-your-turn";
    /// The game is over; nothing more can be done.
    pub const GAME_OVER: &'static str = "game-over";
    /// The action is not among the seat's legal actions.
    pub const ILLEGAL: &'static str = "illegal";
    /// The action could not be read (bad JSON for this ruleset).
    pub const MALFORMED: &'static str = "malformed-action";
    /// The last action cannot be taken back (it rolled dice or revealed a
    /// secret, or there is none).
    pub const CANNOT_UNDO: &'static str = "cannot-undo";

    /// A rejection with a given code.
    pub fn new(code: impl Into<String>, reason: impl Into<String>) -> Rejection {
        Rejection {
            code: code.into(),
            reason: reason.into(),
        }
    }

    /// A rejection with the generic [`Rejection::ILLEGAL`] code.
    pub fn illegal(reason: impl Into<String>) -> Rejection {
        Rejection::new(Rejection::ILLEGAL, reason)
    }
}

/// Why a scenario could not be set up (too many seats, unknown figure, ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{message}")]
pub struct SetupError {
    /// What was wrong, for people.
    pub message: String,
}

impl SetupError {
    /// A setup error with a message.
    pub fn new(message: impl Into<String>) -> SetupError {
        SetupError {
            message: message.into(),
        }
    }
}

/// Errors from the engine's game, replay and registry plumbing.
///
/// Refused actions are not errors of this kind but [`Rejection`]s, since they
/// are part of normal play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No ruleset with this id is registered.
    #[error("unknown ruleset '{id}'; known rulesets: {}", if known.is_empty() { "none".to_string() } else { known.join(", ") })]
    UnknownRuleset {
        /// The id asked for.
        id: String,
        /// The registered ids.
        known: Vec<String>,
    },
    /// The scenario JSON does not fit the ruleset's scenario type.
    #[error("invalid scenario for {ruleset}: {message}")]
    Scenario {
        /// The ruleset id.
        ruleset: String,
        /// serde's description of the problem.
        message: String,
    },
    /// The ruleset refused the scenario.
    #[error("setup failed: {0}")]
    Setup(#[from] SetupError),
    /// Something could not be turned into JSON (a ruleset bug, such as a map
    /// with non-string keys).
    #[error("cannot serialize {what}: {message}")]
    Serialize {
        /// What was being serialized.
        what: String,
        /// serde's message.
        message: String,
    },
    /// A replay file is not valid replay JSON.
    #[error("cannot read replay: {0}")]
    ReplayParse(String),
    /// A replay was written in a format this build does not read.
    #[error("unsupported replay format {found}; this build reads format {supported}")]
    ReplayFormat {
        /// The replay's format number.
        found: u32,
        /// The format this build writes and reads.
        supported: u32,
    },
    /// A replay was run with the wrong ruleset.
    #[error("replay is for ruleset '{found}', not '{expected}'")]
    ReplayRuleset {
        /// The ruleset it was run with.
        expected: String,
        /// The ruleset it names.
        found: String,
    },
    /// A replay action is not valid JSON for the ruleset's action type.
    #[error("replay action {} ({seat}) is malformed: {message}", index + 1)]
    ReplayAction {
        /// 0-based position of the action in the replay.
        index: usize,
        /// The seat that played it.
        seat: Seat,
        /// serde's message.
        message: String,
    },
    /// Replaying an action was refused: the replay diverged from the game.
    #[error("replay diverged at action {} ({seat}): the action was refused: {reason}", index + 1)]
    ReplayRejected {
        /// 0-based position of the action in the replay.
        index: usize,
        /// The seat that played it.
        seat: Seat,
        /// Why it was refused.
        reason: String,
    },
    /// The state after an action differs from the hash the replay recorded.
    #[error("replay diverged at action {} ({seat}): state hash is {got}, the replay recorded {expected}", index + 1)]
    ReplayDiverged {
        /// 0-based position of the action in the replay.
        index: usize,
        /// The seat that played it.
        seat: Seat,
        /// The recorded hash.
        expected: String,
        /// The hash found on replaying.
        got: String,
    },
    /// Every action replayed, but the final state differs.
    #[error("replay final state hash differs: expected {expected}, got {got}")]
    ReplayHash {
        /// The recorded final hash.
        expected: String,
        /// The hash found on replaying.
        got: String,
    },
}

/// A game's rules, as pure functions over a serializable state.
///
/// All randomness comes from the [`Dice`] passed in, and everything else a
/// game depends on must live in `State`, so that a scenario, a seed and a list
/// of actions determine a game exactly. `State` must serialize
/// deterministically for hashing: use `Vec` or `BTreeMap` (any map with string
/// keys is sorted before hashing, but maps with non-string keys cannot be
/// serialized to JSON at all).
///
/// Rulesets are driven through [`Game`], which checks every action against
/// [`Ruleset::legal_actions`] before calling [`Ruleset::apply`].
pub trait Ruleset: 'static {
    /// A stable id, used in replays and by the [`Registry`] (`"heroclix"`).
    const ID: &'static str;
    /// Setup input: teams, map, options.
    type Scenario: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// Everything the rules need to continue the game.
    type State: Clone + Debug + Serialize + DeserializeOwned + Send;
    /// One answer to a decision.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send;
    /// What is being asked, e.g. "choose a knockback line".
    type Decision: Clone + Debug + Serialize;
    /// What happened, for logs and animations. May hold secrets: filter with
    /// [`Ruleset::event_view`] before showing it to a viewer.
    type Event: Clone + Debug + Serialize + Send;
    /// What a viewer is shown.
    type View: Serialize;

    /// Builds the starting state; may roll dice (initiative, ...).
    fn setup(scenario: &Self::Scenario, dice: &mut Dice) -> Result<Self::State, SetupError>;

    /// Every seat in the game, in order.
    fn seats(state: &Self::State) -> Vec<Seat>;

    /// What the game is waiting for.
    fn pending(state: &Self::State) -> Pending<Self::Decision>;

    /// Every action `seat` may take now, without duplicates; empty for a
    /// seat the game is not waiting for (and for seats that do not exist).
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;

    /// Why `action` is not legal for `seat` now. Only called for actions that
    /// are not in [`Ruleset::legal_actions`].
    fn explain_illegal(state: &Self::State, seat: Seat, action: &Self::Action) -> Rejection;

    /// Plays a legal action, rolling dice and reporting events.
    ///
    /// The engine calls it only with legal actions and on a copy of the state
    /// and dice, so it may leave them half-changed when it returns an error.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        dice: &mut Dice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Rejection>;

    /// The game as `viewer` may see it, hiding what they may not.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// An event as `viewer` may see it: `None` hides it, and a changed copy
    /// can blank out secrets. By default every event is public.
    fn event_view(event: &Self::Event, viewer: Viewer) -> Option<Self::Event> {
        let _ = viewer;
        Some(event.clone())
    }

    /// The pending decision as `viewer` may see it: a decision that lists
    /// what only its seat may know (the cards in a hand, say) is blanked out
    /// for the others. Who is being asked is always public. By default the
    /// decision is shown as it is.
    fn decision_view(
        state: &Self::State,
        decision: &Self::Decision,
        viewer: Viewer,
    ) -> Self::Decision {
        let _ = (state, viewer);
        decision.clone()
    }

    /// An accepted action as `viewer` may see it, or `None` for a secret
    /// choice, which people see only as "seat 2 has chosen" (a secret order
    /// marker, a lucky number picked at the same time as the others). By
    /// default every action is public.
    fn action_view(seat: Seat, action: &Self::Action, viewer: Viewer) -> Option<Self::Action> {
        let _ = (seat, viewer);
        Some(action.clone())
    }

    /// A copy of `state` in which everything hidden from `seat` (other
    /// seats' hands and secret choices, face-down tokens, undrawn cards) is
    /// replaced by a random guess consistent with what `seat` sees: the
    /// determinization behind information-set search. The seat's own view,
    /// its legal actions and the decision it sees must not change; the
    /// [`conformance`] harness checks that. By default nothing is hidden and
    /// the state is returned unchanged.
    fn determinize(state: &Self::State, seat: Seat, rng: &mut Picker) -> Self::State {
        let _ = (seat, rng);
        state.clone()
    }

    /// Whether nothing is ever hidden from any seat, so that [`Ruleset::determinize`] always
    /// returns the state unchanged (HeroClix): search may then take two positions reached by the
    /// same actions and the same dice for the same state, and keep what it listed there. False by
    /// default, which is always safe.
    const PERFECT_INFORMATION: bool = false;

    /// Whether `action`, which rolled no dice, may be taken back by its seat
    /// once played: false when it revealed something hidden (the last secret
    /// pick that uncovers everyone's), since taking it back would let its
    /// seat choose again knowing more. The engine never undoes an action that
    /// rolled dice. By default every action without dice may be undone.
    fn undoable(seat: Seat, action: &Self::Action, events: &[Self::Event]) -> bool {
        let _ = (seat, action, events);
        true
    }

    /// Whether `seat` may play `action` now. The default looks it up in
    /// [`Ruleset::legal_actions`]; a ruleset may answer faster, but must
    /// answer the same.
    fn is_legal(state: &Self::State, seat: Seat, action: &Self::Action) -> bool {
        Self::legal_actions(state, seat).contains(action)
    }

    /// One legal action for `seat` chosen at random, for playouts; `None` when
    /// the seat has none. The default picks uniformly from
    /// [`Ruleset::legal_actions`]; a ruleset may sample without listing every
    /// action (a figure, then what it does, then where), at the price of
    /// another distribution.
    fn random_action(state: &Self::State, seat: Seat, rng: &mut Picker) -> Option<Self::Action> {
        let legal = Self::legal_actions(state, seat);
        rng.choose(&legal).cloned()
    }
}
