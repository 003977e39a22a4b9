//! Bots for Skirmish: programs that take a seat at the table.
//!
//! The plumbing is ruleset-independent: a [`Bot`] is asked to choose one of the legal actions
//! the engine lists for its seat (the legal actions are the only source of truth, so a bot can
//! never make an illegal move), and [`play_game`] drives a [`Game`] with one bot per seat.
//! [`RandomBot`] plays any ruleset, and [`Mcts`] searches any ruleset with the ruleset's own
//! [`Evaluator`] (or [`OutcomeOnly`], which needs none); each ruleset crate holds its own bots
//! (HeroClix: `skirmish_heroclix::bots`) and builds bots from a [`BotSpec`] ([`build_generic`]
//! does the ruleset-independent ones).
//!
//! Bots draw their own randomness from a [`Picker`] and never from the game's dice, so which
//! bots sit at a table never changes the dice a seed rolls.
//!
//! ```
//! use skirmish_bots::{play_game, RandomBot};
//! use skirmish_engine::fixtures::{LuckyPig, PigScenario};
//! use skirmish_engine::Game;
//!
//! let mut game = Game::<LuckyPig>::new(PigScenario::default(), 7).unwrap();
//! let mut bots = vec![RandomBot::new(1), RandomBot::new(2), RandomBot::new(3)];
//! play_game(&mut game, &mut bots, 10_000, |_, _| Ok(())).unwrap();
//! assert!(game.is_over());
//! ```

use skirmish_engine::search::InfoSet;
use skirmish_engine::{Game, Picker, Rejection, Ruleset, Seat};

pub mod duel;
mod eval;
pub mod mcts;
mod spec;
pub mod stats;
pub mod watchdog;

pub use eval::{outcome_rewards, share_chance, Evaluator, LeafJudgement, OutcomeOnly};
pub use mcts::{ActionStat, Budget, Mcts, MctsConfig, SearchStats, StopReason};
pub use spec::{build_generic, BotSpec, SpecError};

/// Mixed into a game seed to seed a seat's bot, so that bots and dice (and bots of different
/// seats) draw from unrelated streams.
const BOT_SALT: u64 = 0xB07_5EED_D1CE_F00D;

/// The seed for the bot at `seat` in a game seeded with `game_seed`.
pub fn bot_seed(game_seed: u64, seat: Seat) -> u64 {
    game_seed ^ BOT_SALT ^ (u64::from(seat.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A player that is not a person.
pub trait Bot<R: Ruleset> {
    /// A short name for logs ("random", "greedy").
    fn name(&self) -> &str;

    /// Chooses one of `legal` (never empty: the engine's legal actions for the seat of `info`)
    /// and returns its index.
    ///
    /// A bot sees what its seat knows ([`InfoSet`]: the seat's view, its legal actions, states
    /// dealt consistent with them), never the game's dice or anything hidden from its seat.
    /// Taking the list rather than computing it lets the driver compute legal actions once per
    /// decision, which is the expensive part of a move for most rulesets.
    fn choose(&mut self, info: &InfoSet<'_, R>, legal: &[R::Action]) -> usize;

    /// Chooses an action for `seat` in `game`, or `None` when the seat has nothing to decide.
    fn pick(&mut self, game: &Game<R>, seat: Seat) -> Option<R::Action> {
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = self.choose(&game.info_set(seat), &legal);
        legal.get(i).or(legal.first()).cloned()
    }
}

impl<R: Ruleset> Bot<R> for Box<dyn Bot<R>> {
    fn name(&self) -> &str {
        self.as_ref().name()
    }

    fn choose(&mut self, info: &InfoSet<'_, R>, legal: &[R::Action]) -> usize {
        self.as_mut().choose(info, legal)
    }
}

/// Plays uniformly at random among the legal actions: the baseline every other bot must beat,
/// and the driver of random playouts.
#[derive(Clone, Debug)]
pub struct RandomBot {
    picker: Picker,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            picker: Picker::new(seed),
        }
    }
}

impl<R: Ruleset> Bot<R> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _info: &InfoSet<'_, R>, legal: &[R::Action]) -> usize {
        self.picker.below(legal.len()).unwrap_or(0)
    }
}

/// Why [`play_game`] stopped before the game ended.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayError {
    /// The game did not end within the step limit.
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
    /// A seat is pending but has no bot.
    #[error("{0} must act but has no bot")]
    NoBot(Seat),
    /// A seat is pending but the ruleset lists no legal action for it (a ruleset bug).
    #[error("{0} is pending but has no legal action")]
    NoLegalAction(Seat),
    /// A bot chose an index outside the legal actions (a bot bug).
    #[error("the {bot} bot of {seat} chose action {index} of {count}")]
    BadChoice {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The index it returned.
        index: usize,
        /// How many legal actions there were.
        count: usize,
    },
    /// The engine refused a legal action (a ruleset bug).
    #[error("action {step} by {seat} was refused: {rejection}")]
    Refused {
        /// 1-based number of the action in the game.
        step: usize,
        /// Who played it.
        seat: Seat,
        /// Why.
        rejection: Rejection,
    },
    /// The observer passed to [`play_game`] reported a problem.
    #[error("after action {step}: {message}")]
    Observer {
        /// 1-based number of the action just played.
        step: usize,
        /// What the observer said.
        message: String,
    },
}

/// Plays `game` to its end (or `max_steps` more actions), asking `bots[seat index]` for each
/// decision. Simultaneous decisions are answered seat by seat in seat order.
///
/// `observe` is called after every accepted action with the game and the seat that acted; an
/// `Err` stops the game (invariant checks, logs, time limits).
pub fn play_game<R: Ruleset, B: Bot<R>>(
    game: &mut Game<R>,
    bots: &mut [B],
    max_steps: usize,
    mut observe: impl FnMut(&Game<R>, Seat) -> Result<(), String>,
) -> Result<(), PlayError> {
    let mut played = 0;
    loop {
        let Some(&seat) = game.pending_seats().first() else {
            return Ok(());
        };
        if played >= max_steps {
            return Err(PlayError::TooLong(max_steps));
        }
        let bot = bots.get_mut(seat.index()).ok_or(PlayError::NoBot(seat))?;
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return Err(PlayError::NoLegalAction(seat));
        }
        let index = bot.choose(&game.info_set(seat), &legal);
        let Some(action) = legal.get(index).cloned() else {
            return Err(PlayError::BadChoice {
                bot: bot.name().to_string(),
                seat,
                index,
                count: legal.len(),
            });
        };
        let step = game.steps().len() + 1;
        game.act_legal(seat, action)
            .map_err(|rejection| PlayError::Refused {
                step,
                seat,
                rejection,
            })?;
        played += 1;
        observe(game, seat).map_err(|message| PlayError::Observer { step, message })?;
    }
}

impl<R: Ruleset> Bot<R> for Box<dyn Bot<R> + Send> {
    fn name(&self) -> &str {
        self.as_ref().name()
    }

    fn choose(&mut self, info: &InfoSet<'_, R>, legal: &[R::Action]) -> usize {
        self.as_mut().choose(info, legal)
    }
}
