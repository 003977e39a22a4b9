//! Replays: a game written down as scenario, dice source and actions, checked
//! by state hashes.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use skirmish_dice::{DiceSource, Roll};

use crate::{Error, Game, Outcome, Ruleset, Seat, Viewer};

/// The replay format this build writes and reads.
pub const REPLAY_FORMAT: u32 = 1;

/// A recorded game that can be played again and checked.
///
/// Everything ruleset-specific is kept as JSON so that a replay can be read
/// (and routed to its ruleset by the [`Registry`](crate::Registry)) without
/// knowing the ruleset's types.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The file format version, [`REPLAY_FORMAT`].
    pub format: u32,
    /// The ruleset's [`Ruleset::ID`].
    pub ruleset: String,
    /// The ruleset's scenario, as JSON.
    pub scenario: Value,
    /// Where the dice came from: `{"seed": 42}` or `{"script": [..]}`.
    pub dice: DiceSource,
    /// The accepted actions, in order.
    pub actions: Vec<ReplayAction>,
    /// The state hash at the end.
    pub final_hash: String,
    /// How the game ended, if it did; for people reading the file (the final
    /// hash is what verification checks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// One action in a [`Replay`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayAction {
    /// Who acted.
    pub seat: Seat,
    /// The ruleset's action, as JSON.
    pub action: Value,
    /// The state hash after the action; optional so that hand-written
    /// replays may leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

/// A game as one viewer may see it during play: no seed, no dice source, no
/// state hash, and other seats' secrets hidden (see [`Game::viewed_replay`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewedReplay {
    /// The file format version, [`REPLAY_FORMAT`].
    pub format: u32,
    /// The ruleset's [`Ruleset::ID`].
    pub ruleset: String,
    /// Who it was made for.
    pub viewer: Viewer,
    /// The ruleset's scenario, as JSON (teams and maps are public).
    pub scenario: Value,
    /// The dice rolled while setting up.
    pub setup_rolls: Vec<Roll>,
    /// The actions played, oldest first.
    pub steps: Vec<ViewedStep>,
    /// How the game ended, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// One action of a [`ViewedReplay`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewedStep {
    /// Who acted.
    pub seat: Seat,
    /// What they did, or `None` for a choice secret from the viewer.
    pub action: Option<Value>,
    /// What happened, as the viewer may see it.
    pub events: Vec<Value>,
    /// The dice rolled (dice already rolled are on the table for all to see).
    pub rolls: Vec<Roll>,
}

impl Replay {
    /// Reads a replay from JSON text.
    pub fn from_json(text: &str) -> Result<Replay, Error> {
        serde_json::from_str(text).map_err(|e| Error::ReplayParse(e.to_string()))
    }

    /// Writes the replay as pretty JSON.
    pub fn to_json(&self) -> Result<String, Error> {
        serde_json::to_string_pretty(self).map_err(|e| Error::Serialize {
            what: "replay".into(),
            message: e.to_string(),
        })
    }

    /// The seed, for seeded replays.
    pub fn seed(&self) -> Option<u64> {
        match self.dice {
            DiceSource::Seed(seed) => Some(seed),
            DiceSource::Script(_) => None,
        }
    }

    /// Plays the replay again under ruleset `R`, checking every per-action
    /// hash it carries, and returns the resulting game. Does not check the
    /// final hash; [`Replay::verify`] does.
    pub fn run<R: Ruleset>(&self) -> Result<Game<R>, Error> {
        if self.format != REPLAY_FORMAT {
            return Err(Error::ReplayFormat {
                found: self.format,
                supported: REPLAY_FORMAT,
            });
        }
        if self.ruleset != R::ID {
            return Err(Error::ReplayRuleset {
                expected: R::ID.to_string(),
                found: self.ruleset.clone(),
            });
        }
        let scenario: R::Scenario =
            serde_json::from_value(self.scenario.clone()).map_err(|e| Error::Scenario {
                ruleset: R::ID.to_string(),
                message: e.to_string(),
            })?;
        let mut game = Game::<R>::with_dice(scenario, self.dice.clone())?;
        for (index, recorded) in self.actions.iter().enumerate() {
            let seat = recorded.seat;
            let action: R::Action =
                serde_json::from_value(recorded.action.clone()).map_err(|e| {
                    Error::ReplayAction {
                        index,
                        seat,
                        message: e.to_string(),
                    }
                })?;
            game.act(seat, action)
                .map_err(|rejection| Error::ReplayRejected {
                    index,
                    seat,
                    reason: rejection.reason,
                })?;
            if let Some(expected) = &recorded.hash {
                let got = game.state_hash();
                if &got != expected {
                    return Err(Error::ReplayDiverged {
                        index,
                        seat,
                        expected: expected.clone(),
                        got,
                    });
                }
            }
        }
        Ok(game)
    }

    /// Plays the replay again under ruleset `R` and checks that it ends in
    /// the recorded state; returns the replayed game.
    pub fn verify<R: Ruleset>(&self) -> Result<Game<R>, Error> {
        let game = self.run::<R>()?;
        let got = game.state_hash();
        if got != self.final_hash {
            return Err(Error::ReplayHash {
                expected: self.final_hash.clone(),
                got,
            });
        }
        Ok(game)
    }
}
