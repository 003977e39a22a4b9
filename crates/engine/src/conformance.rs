//! A conformance harness that every ruleset should pass: random playouts that
//! check the engine's contract after every step.
//!
//! ```
//! use skirmish_engine::conformance::random_playouts;
//! use skirmish_engine::fixtures::{LuckyPig, PigScenario};
//!
//! let stats = random_playouts::<LuckyPig>(&PigScenario::default(), 0..20, 500, |_| Ok(()))
//!     .unwrap();
//! assert_eq!(stats.games, 20);
//! ```
//!
//! Checked at every position (see [`check_position`]):
//! - the ruleset lists at least one seat, without duplicates;
//! - only pending seats have legal actions, and every pending seat has one;
//!   a seat that does not exist has none;
//! - legal actions have no duplicates and survive a JSON round trip (replays
//!   depend on it);
//! - actions that are not legal for a seat (another seat's legal action, the
//!   previous action) are refused with a reason and change neither the state
//!   hash nor the dice stream;
//! - the pending decision and every viewer's view serialize, and the state
//!   survives a JSON round trip with the same hash;
//! - the ruleset's own invariant holds;
//! - secrecy: for every seat, states dealt by [`Ruleset::determinize`] (other
//!   seats' secrets re-sampled) give that seat the same view, the same
//!   decision and the same legal actions as the real state. (Views are
//!   functions of the state, and no state holds the dice stream, so future
//!   dice cannot show in a view either.)
//!
//! Per game: legal actions chosen at random are accepted, the game ends
//! within the step limit, events serialize for every viewer, an action that
//! can be undone goes back to the state before it and plays again the same,
//! and the game's replay, written to JSON and read back, verifies.

use std::collections::BTreeMap;
use std::ops::Range;

use skirmish_dice::Picker;

use crate::{canonical_json, hash_state, Game, Pending, Replay, Ruleset, Seat, Viewer};

/// Mixed into the playout seed so the action chooser and the game's dice draw
/// from unrelated streams.
const PICKER_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// A seat number no ruleset is expected to use, to probe robustness.
const GHOST_SEAT: Seat = Seat(u8::MAX);

/// What [`random_playouts`] saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Actions played, over all games.
    pub steps: u64,
    /// Actions in the shortest game.
    pub shortest: usize,
    /// Actions in the longest game.
    pub longest: usize,
    /// Mean actions per game.
    pub average_length: f64,
    /// Wins by seat (a shared win counts for each winner), to spot a ruleset
    /// that favours a seat.
    pub wins: BTreeMap<Seat, u64>,
    /// Illegal actions tried and correctly refused.
    pub refusals_checked: u64,
}

/// Plays one random game per seed, checking the engine contract after every
/// step. The error names the ruleset, seed and step, so a failure can be
/// reproduced with [`playout`].
pub fn random_playouts<R: Ruleset>(
    scenario: &R::Scenario,
    seeds: Range<u64>,
    max_steps: usize,
    invariant: impl Fn(&R::State) -> Result<(), String>,
) -> Result<Stats, String> {
    let mut stats = Stats {
        shortest: usize::MAX,
        ..Stats::default()
    };
    for seed in seeds {
        let (game, refusals) = playout_counting::<R>(scenario, seed, max_steps, &invariant)
            .map_err(|e| format!("{} seed {seed}: {e}", R::ID))?;
        let length = game.steps().len();
        stats.games += 1;
        stats.steps += length as u64;
        stats.shortest = stats.shortest.min(length);
        stats.longest = stats.longest.max(length);
        stats.refusals_checked += refusals;
        for winner in game.outcome().map(|o| o.winners).unwrap_or_default() {
            *stats.wins.entry(winner).or_default() += 1;
        }
    }
    if stats.games == 0 {
        stats.shortest = 0;
    } else {
        stats.average_length = stats.steps as f64 / stats.games as f64;
    }
    Ok(stats)
}

/// Plays one random game with dice seeded by `seed`, checking every
/// position, and returns the finished game.
pub fn playout<R: Ruleset>(
    scenario: &R::Scenario,
    seed: u64,
    max_steps: usize,
    invariant: impl Fn(&R::State) -> Result<(), String>,
) -> Result<Game<R>, String> {
    playout_counting::<R>(scenario, seed, max_steps, &invariant).map(|(game, _)| game)
}

fn playout_counting<R: Ruleset>(
    scenario: &R::Scenario,
    seed: u64,
    max_steps: usize,
    invariant: &dyn Fn(&R::State) -> Result<(), String>,
) -> Result<(Game<R>, u64), String> {
    let mut game =
        Game::<R>::new(scenario.clone(), seed).map_err(|e| format!("setup failed: {e}"))?;
    let mut picker = Picker::new(seed ^ PICKER_SALT);
    let mut refusals = 0;
    let mut step = 0;
    // The hash of the position reached, when the undo check already worked it out.
    let mut known = None;
    loop {
        let (refused, hash) = check_position_hashed(&mut game, invariant, known.take(), false)
            .map_err(|e| format!("after {step} actions: {e}"))?;
        refusals += refused;
        let pending = game.pending_seats();
        if pending.is_empty() {
            break;
        }
        if step >= max_steps {
            return Err(format!("the game did not end within {max_steps} actions"));
        }
        let seat = picker
            .choose(&pending)
            .copied()
            .ok_or("no pending seat to choose from")?;
        let legal = game.legal_actions(seat);
        let action = picker
            .choose(&legal)
            .cloned()
            .ok_or_else(|| format!("{seat} is pending but has no legal action"))?;
        game.act(seat, action.clone()).map_err(|rejection| {
            format!(
                "action {}: legal action {action:?} by {seat} was refused: {rejection}",
                step + 1
            )
        })?;
        if game.can_undo() {
            known = Some(
                check_undo(&mut game, seat, &action, &hash)
                    .map_err(|e| format!("action {}: {e}", step + 1))?,
            );
        }
        check_events(&game, step).map_err(|e| format!("action {}: {e}", step + 1))?;
        step += 1;
    }
    let replay = game
        .replay()
        .map_err(|e| format!("cannot write replay: {e}"))?;
    let text = replay.to_json().map_err(|e| e.to_string())?;
    let reread = Replay::from_json(&text).map_err(|e| e.to_string())?;
    reread
        .verify::<R>()
        .map_err(|e| format!("replay does not verify: {e}"))?;
    Ok((game, refusals))
}

/// Undoes the action just played, checks that the game is back where it was (`before` is the
/// state hash before the action), and plays the action again; returns the hash of the state
/// reached.
fn check_undo<R: Ruleset>(
    game: &mut Game<R>,
    seat: Seat,
    action: &R::Action,
    before: &str,
) -> Result<String, String> {
    let after = game.state_hash();
    let steps = game.steps().len();
    let rolls = game.dice().roll_count();
    game.undo()
        .map_err(|r| format!("can_undo said yes but undo refused: {r}"))?;
    let back = game.state_hash();
    if back != before || game.steps().len() + 1 != steps {
        return Err(format!(
            "undoing {action:?} did not go back to the state before it"
        ));
    }
    game.act(seat, action.clone())
        .map_err(|r| format!("{action:?}, undone, was refused when played again: {r}"))?;
    if game.state_hash() != after || game.dice().roll_count() != rolls {
        return Err(format!(
            "{action:?}, undone and played again, ended elsewhere"
        ));
    }
    Ok(after)
}

/// Deals every seat a few states with the others' secrets re-sampled and checks that the seat
/// sees the same in each.
fn check_secrecy<R: Ruleset>(
    game: &Game<R>,
    seats: &[Seat],
    legal_by_seat: &[(Seat, Vec<R::Action>)],
) -> Result<(), String> {
    let mut picker = Picker::new(game.steps().len() as u64 ^ PICKER_SALT);
    for &seat in seats {
        let viewer = Viewer::Seat(seat);
        let view = serde_json::to_value(game.view(viewer)).map_err(|e| e.to_string())?;
        let pending = serde_json::to_value(game.pending_for(viewer)).map_err(|e| e.to_string())?;
        let legal = legal_by_seat
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, l)| l.clone())
            .unwrap_or_default();
        for _ in 0..DETERMINIZATIONS {
            let guess = R::determinize(game.state(), seat, &mut picker);
            // Search trusts the declaration to keep what it listed at a node: checked at one
            // position in so many, since hashing is the slow part of the harness.
            if R::PERFECT_INFORMATION && game.steps().len().is_multiple_of(PROBE_HASH_EVERY) {
                let (guess_hash, hash) = (hash_state(&guess), game.try_state_hash());
                if guess_hash.map_err(|e| e.to_string())? != hash.map_err(|e| e.to_string())? {
                    return Err(format!(
                        "{} declares perfect information, but dealing {seat} a state changed it",
                        R::ID
                    ));
                }
            }
            let guess_view =
                serde_json::to_value(R::view(&guess, viewer)).map_err(|e| e.to_string())?;
            if guess_view != view {
                return Err(format!(
                    "{seat}'s view changes when what is hidden from it is re-sampled: \
                     it depends on another seat's secrets"
                ));
            }
            let guess_pending =
                R::pending(&guess).map_decision(|d| R::decision_view(&guess, &d, viewer));
            if serde_json::to_value(&guess_pending).map_err(|e| e.to_string())? != pending {
                return Err(format!(
                    "the decision {seat} sees changes when what is hidden from it is re-sampled"
                ));
            }
            if R::legal_actions(&guess, seat) != legal {
                return Err(format!(
                    "{seat}'s legal actions change when what is hidden from it is re-sampled"
                ));
            }
        }
    }
    Ok(())
}

/// At which positions (one in so many steps) the state is hashed again after the refused
/// probes.
const PROBE_HASH_EVERY: usize = 4;

/// How many determinizations per seat and position the secrecy check deals: one, since a
/// playout checks hundreds of positions and each deals afresh (the check is a fifth of the
/// harness's time, which the random playouts of every ruleset spend in CI).
const DETERMINIZATIONS: usize = 1;

fn viewers(seats: &[Seat]) -> Vec<Viewer> {
    seats
        .iter()
        .map(|&seat| Viewer::Seat(seat))
        .chain([Viewer::Spectator, Viewer::Omniscient])
        .collect()
}

fn check_events<R: Ruleset>(game: &Game<R>, step: usize) -> Result<(), String> {
    for viewer in viewers(&game.seats()) {
        for event in game.events_for(viewer, step) {
            serde_json::to_value(&event)
                .map_err(|e| format!("event {event:?} for {viewer} does not serialize: {e}"))?;
        }
    }
    Ok(())
}

fn no_duplicates<T: Ord + Clone>(items: &[T]) -> bool {
    let mut sorted = items.to_vec();
    sorted.sort();
    sorted.windows(2).all(|pair| pair[0] != pair[1])
}

/// Checks the engine contract at the game's current position (see the module
/// docs) and returns how many illegal actions it tried. Refused probes leave
/// the game unchanged, which is itself one of the checks.
pub fn check_position<R: Ruleset>(
    game: &mut Game<R>,
    invariant: &dyn Fn(&R::State) -> Result<(), String>,
) -> Result<u64, String> {
    check_position_hashed(game, invariant, None, true).map(|(refused, _)| refused)
}

/// [`check_position`], also returning the position's state hash (the playout compares it with
/// the state an undo goes back to). `known` is that hash when the caller has just worked it
/// out: hashing is the slow part of the harness. `every_probe_hashed`: whether the state is
/// hashed again after the refused probes here, else only at one position in
/// [`PROBE_HASH_EVERY`].
fn check_position_hashed<R: Ruleset>(
    game: &mut Game<R>,
    invariant: &dyn Fn(&R::State) -> Result<(), String>,
    known: Option<String>,
    every_probe_hashed: bool,
) -> Result<(u64, String), String> {
    let hash = match known {
        Some(hash) => hash,
        None => game
            .try_state_hash()
            .map_err(|e| format!("state cannot be hashed: {e}"))?,
    };
    let seats = game.seats();
    if seats.is_empty() {
        return Err("the ruleset lists no seats".into());
    }
    if !no_duplicates(&seats) {
        return Err(format!("the ruleset lists a seat twice: {seats:?}"));
    }

    let pending = game.pending();
    serde_json::to_value(&pending)
        .map_err(|e| format!("pending decision does not serialize: {e}"))?;
    let pending_seats = pending.seats().to_vec();
    match &pending {
        Pending::Decide { seats: waiting, .. } => {
            if waiting.is_empty() {
                return Err("the game waits for a decision from no seat".into());
            }
            if !no_duplicates(waiting) {
                return Err(format!("a seat is listed twice as pending: {waiting:?}"));
            }
            if let Some(stranger) = waiting.iter().find(|s| !seats.contains(s)) {
                return Err(format!("pending {stranger} is not in the game"));
            }
        }
        Pending::Over(outcome) => {
            if let Some(stranger) = outcome.winners.iter().find(|s| !seats.contains(s)) {
                return Err(format!("winner {stranger} is not in the game"));
            }
        }
    }

    let mut legal_by_seat = Vec::with_capacity(seats.len());
    for &seat in &seats {
        let legal = game.legal_actions(seat);
        let is_pending = pending_seats.contains(&seat);
        if is_pending && legal.is_empty() {
            return Err(format!("{seat} is pending but has no legal action"));
        }
        if !is_pending && !legal.is_empty() {
            return Err(format!(
                "{seat} is not pending but has legal actions: {legal:?}"
            ));
        }
        let mut texts = Vec::with_capacity(legal.len());
        for action in &legal {
            let json = serde_json::to_value(action)
                .map_err(|e| format!("legal action {action:?} does not serialize: {e}"))?;
            let back: R::Action = serde_json::from_value(json.clone())
                .map_err(|e| format!("legal action {action:?} does not deserialize: {e}"))?;
            if &back != action {
                return Err(format!(
                    "legal action {action:?} comes back from JSON as {back:?}"
                ));
            }
            texts.push(canonical_json(&json));
        }
        if !no_duplicates(&texts) {
            return Err(format!("{seat} has duplicate legal actions: {legal:?}"));
        }
        legal_by_seat.push((seat, legal));
    }
    if !seats.contains(&GHOST_SEAT) && !game.legal_actions(GHOST_SEAT).is_empty() {
        return Err(format!("{GHOST_SEAT}, not in the game, has legal actions"));
    }

    for viewer in viewers(&seats) {
        serde_json::to_value(game.view(viewer))
            .map_err(|e| format!("view for {viewer} does not serialize: {e}"))?;
    }
    let json =
        serde_json::to_value(game.state()).map_err(|e| format!("state does not serialize: {e}"))?;
    let back: R::State =
        serde_json::from_value(json).map_err(|e| format!("state does not deserialize: {e}"))?;
    let back_hash = hash_state(&back).map_err(|e| e.to_string())?;
    if back_hash != hash {
        return Err(format!(
            "state changes in a JSON round trip: hash {hash} becomes {back_hash}"
        ));
    }
    invariant(game.state()).map_err(|e| format!("invariant broken: {e}"))?;
    check_secrecy(game, &seats, &legal_by_seat)?;

    // Illegal probes: another seat's legal action, and the previous action,
    // offered by seats for which they are not legal.
    let mut probes: Vec<(Seat, R::Action)> = Vec::new();
    for (seat, legal) in &legal_by_seat {
        let borrowed = legal_by_seat
            .iter()
            .filter(|(other, _)| other != seat)
            .find_map(|(_, other_legal)| other_legal.iter().find(|a| !legal.contains(a)));
        if let Some(action) = borrowed {
            probes.push((*seat, action.clone()));
        }
    }
    if let Some(last) = game.steps().last().map(|step| step.action.clone()) {
        for (seat, legal) in &legal_by_seat {
            if !legal.contains(&last) {
                probes.push((*seat, last.clone()));
            }
        }
    }
    if !seats.contains(&GHOST_SEAT) {
        if let Some(action) = legal_by_seat.iter().find_map(|(_, legal)| legal.first()) {
            probes.push((GHOST_SEAT, action.clone()));
        }
    }

    let rolls = game.dice().roll_count();
    let steps = game.steps().len();
    let mut refused = 0;
    for (seat, action) in probes {
        match game.act(seat, action.clone()) {
            Ok(_) => {
                return Err(format!(
                    "{seat} played {action:?}, which is not in its legal actions"
                ))
            }
            Err(rejection) if rejection.reason.trim().is_empty() => {
                return Err(format!(
                    "refusing {action:?} from {seat} gave no reason (code {})",
                    rejection.code
                ))
            }
            Err(_) => refused += 1,
        }
        if game.dice().roll_count() != rolls || game.steps().len() != steps {
            return Err(format!(
                "refusing {action:?} from {seat} changed the dice or the log"
            ));
        }
    }
    // One hash after all probes (in a playout at one position in four): hashing is the slow
    // part of the harness, `Game::act` tries every action on a copy, and a refusal that changed
    // the state would change it at most positions of the thousands a playout test checks.
    if refused > 0 && (every_probe_hashed || steps.is_multiple_of(PROBE_HASH_EVERY)) {
        let after = game.state_hash();
        if after != hash {
            return Err(format!(
                "refusing illegal actions changed the state (hash {hash} -> {after})"
            ));
        }
    }
    Ok((refused, hash))
}
