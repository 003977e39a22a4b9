//! Random games on the real battlefields of the shared data with armies of real cards
//! (`../shared/data/heroscape/`, never copied into the repository): every shared map with start
//! zones for two players, armies drawn at random (seeded) from the 322 cards of
//! `heroscape-cards.json` read by the importer, 300 to 500 points a side.
//!
//! An eighth of the games go through the engine's conformance harness
//! (`skirmish_engine::conformance::playout`): at every position the legal actions, refusals,
//! views, the secrecy of what a seat may not see (re-dealt hidden markers and glyphs change
//! nothing it sees or may do), state round trips and undo are checked. Every game is checked
//! after every action by the game's own invariants below, its replay is written, read back and
//! verified, and once it is over no seat's log or replay may name another side's order markers.

use std::sync::Arc;

use skirmish_bots::{bot_seed, play_game, RandomBot};
use skirmish_dice::Picker;
use skirmish_engine::conformance;
use skirmish_engine::{Game, Replay, Seat, Viewer};
use skirmish_heroscape::army::Army;
use skirmish_heroscape::battlefield::{self, Battlefield};
use skirmish_heroscape::card::{Card, Rarity};
use skirmish_heroscape::game::{
    geometry, Action, Event, HeroScape, Phase, PlayerSetup, Scenario, Stage, State,
};
use skirmish_heroscape::import;

mod common;
use common::data;

/// Games per battlefield: 200 in all on the five shared maps with two start zones, the first
/// eighth of them through the engine's whole conformance harness (it checks secrecy and undo at
/// every position, at many times the cost of a game), the others checked by [`invariant`]
/// after every action, their replays verified.
const GAMES_PER_MAP: u64 = 40;
/// The round limit: long enough for armies that start apart to meet and fight.
const ROUNDS: u32 = 8;
/// Actions after which a game counts as stuck.
const MAX_STEPS: usize = 20_000;

/// Every shared battlefield (Virtualscape files and map-editor files) with start zones for two
/// players, by file name.
fn two_player_maps() -> Vec<(String, Arc<Battlefield>)> {
    let dir = data();
    let mut files = Vec::new();
    for sub in ["virtualscape", "maps"] {
        let mut names: Vec<_> = std::fs::read_dir(dir.join(sub))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join(sub).display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "hsc" || x == "json"))
            .collect();
        names.sort();
        files.extend(names);
    }
    assert!(files.len() >= 29, "the 29 shared maps: {files:?}");
    files
        .iter()
        .filter_map(|path| {
            let field = battlefield::load(path).unwrap_or_else(|e| panic!("{e}"));
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (field.start_zone_count() >= 2).then(|| (name, Arc::new(field)))
        })
        .collect()
}

/// The real cards, read by the importer.
fn real_cards() -> Vec<Card> {
    let path = data().join("heroscape-cards.json");
    let cards: Vec<Card> = import::read_file(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|i| i.card)
        .collect();
    assert_eq!(cards.len(), 322, "{}", path.display());
    cards
}

/// An army drawn at random: cards drawn one after the other, kept while they fit under the
/// limit (a unique card once, a common card as often as it is drawn), until 40 draws or the
/// limit is reached; checked by the army rules.
fn random_army(cards: &[Card], limit: u32, picker: &mut Picker) -> Vec<Card> {
    let mut ids: Vec<String> = Vec::new();
    let mut points = 0;
    for _ in 0..40 {
        let card = picker.choose(cards).expect("cards");
        let again = ids.contains(&card.id);
        if (again && card.rarity == Rarity::Unique) || points + card.points > limit {
            continue;
        }
        points += card.points;
        ids.push(card.id.clone());
        if points == limit {
            break;
        }
    }
    let army = Army::build("random", limit, &ids, cards)
        .unwrap_or_else(|p| panic!("a drawn army breaks the rules: {p:?}"));
    army.cards.into_iter().map(|c| c.card).collect()
}

fn scenario(field: &Arc<Battlefield>, cards: &[Card], seed: u64) -> Scenario {
    let mut picker = Picker::new(seed);
    let players = (0..2)
        .map(|i| {
            let limit = 300 + 50 * picker.below(5).unwrap() as u32;
            PlayerSetup {
                name: format!("Army {}", i + 1),
                team: i + 1,
                army: random_army(cards, limit, &mut picker),
            }
        })
        .collect();
    Scenario {
        battlefield: field.clone(),
        players,
        rounds: ROUNDS,
        options: Default::default(),
        draft: None,
    }
}

/// What must hold in every position: figures on the battlefield stand on ground of their hexes
/// at their level, two figures never on one place, wounds below life, a double-space figure on
/// two neighbouring hexes, markers only on the owner's cards; and the legal moves, listed
/// without their paths, are the places the moves with paths reach.
fn invariant(state: &State) -> Result<(), String> {
    let mut taken = std::collections::BTreeSet::new();
    for f in state.figures.iter().filter(|f| f.on_field()) {
        let card = state.card_of(f);
        for h in f.hexes() {
            let column = state
                .field
                .column(h)
                .ok_or_else(|| format!("figure {} is off the battlefield at {h}", f.id))?;
            if !column.footings().any(|g| g.level == f.level) {
                return Err(format!(
                    "figure {} stands on nothing at {h} level {}",
                    f.id, f.level
                ));
            }
            if !taken.insert((h, f.level)) {
                return Err(format!("two figures at {h} level {}", f.level));
            }
        }
        if let Some(tail) = f.tail {
            if f.hex.is_some_and(|h| h.distance(tail) != 1) {
                return Err(format!("figure {}'s two hexes are apart", f.id));
            }
        }
        // Eternal Servitude keeps a figure standing at its life until the end of the round.
        if f.wounds >= card.life
            && !skirmish_heroscape::game::powers::destroyed::spared_until_round_end(state, f.id)
        {
            return Err(format!(
                "figure {} has {} wounds of {} and stands",
                f.id, f.wounds, card.life
            ));
        }
    }
    for (i, p) in state.players.iter().enumerate() {
        for u in p.markers.on.iter().flatten() {
            if skirmish_heroscape::game::powers::control::card_owner(state, *u) != Seat(i as u8) {
                return Err(format!("seat {} has a marker on another's card", i + 1));
            }
        }
    }
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &state.phase
    {
        if turn.stage == Stage::Move {
            for f in state
                .figures
                .iter()
                .filter(|f| f.unit == turn.unit && f.on_field() && !turn.moved.contains(&f.id))
            {
                let listed: Vec<_> = geometry::move_ends(state, f)
                    .iter()
                    .map(|d| (d.at.head.hex, d.at.tail.map(|t| t.hex), d.at.level()))
                    .collect();
                let walked: Vec<_> = geometry::destinations(state, f)
                    .iter()
                    .map(|d| (d.hex, d.tail, d.level))
                    .collect();
                if listed != walked {
                    return Err(format!(
                        "figure {}: {} moves listed, {} with a path",
                        f.id,
                        listed.len(),
                        walked.len()
                    ));
                }
            }
        }
    }
    Ok(())
}

/// No seat's log or replay tells it which card holds another side's marker.
fn markers_stay_secret(game: &Game<HeroScape>) -> Result<(), String> {
    for seat in game.seats() {
        let viewer = Viewer::Seat(seat);
        for e in game.events_for(viewer, 0) {
            if let Event::MarkerPlaced {
                seat: owner,
                marker,
                unit,
            } = e
            {
                if owner != seat && (marker.is_some() || unit.is_some()) {
                    return Err(format!("{seat} sees where {owner} put a marker"));
                }
            }
        }
        let replay = game.viewed_replay(viewer).map_err(|e| e.to_string())?;
        for step in replay.steps.iter().filter(|s| s.seat != seat) {
            if let Some(action) = &step.action {
                let action: Action = serde_json::from_value(action.clone())
                    .map_err(|e| format!("replay for {seat}: {e}"))?;
                if matches!(action, Action::PlaceMarker { .. }) {
                    return Err(format!("{seat}'s replay holds {}'s marker", step.seat));
                }
            }
            for e in &step.events {
                let e: Event = serde_json::from_value(e.clone())
                    .map_err(|e| format!("replay for {seat}: {e}"))?;
                if let Event::MarkerPlaced { marker, unit, .. } = e {
                    if marker.is_some() || unit.is_some() {
                        return Err(format!("{seat}'s replay names {}'s marker", step.seat));
                    }
                }
            }
        }
    }
    Ok(())
}

/// What the games did, to show they reached the fighting.
#[derive(Debug, Default)]
struct Tally {
    games: u64,
    actions: usize,
    attacks: usize,
    destroyed: usize,
    decided: u64,
}

impl Tally {
    fn add(&mut self, game: &Game<HeroScape>) {
        self.games += 1;
        self.actions += game.steps().len();
        for step in game.steps() {
            for e in &step.events {
                match e {
                    Event::Attacked { .. } => self.attacks += 1,
                    Event::Destroyed { .. } => self.destroyed += 1,
                    _ => {}
                }
            }
        }
        if game.outcome().is_some_and(|o| {
            o.reason != "round limit: most points of cards still on the battlefield"
        }) {
            self.decided += 1;
        }
    }
}

/// A game between random bots checked after every action by [`invariant`] (and, in debug
/// builds, every action played checked legal again by the engine), its replay written, read
/// back and verified.
fn checked_playout(scenario: &Scenario, seed: u64) -> Result<Game<HeroScape>, String> {
    let mut game = Game::<HeroScape>::new(scenario.clone(), seed).map_err(|e| e.to_string())?;
    let mut bots: Vec<RandomBot> = (0..2)
        .map(|i| RandomBot::new(bot_seed(seed, Seat(i))))
        .collect();
    invariant(game.state())?;
    play_game(&mut game, &mut bots, MAX_STEPS, |g, _| invariant(g.state()))
        .map_err(|e| e.to_string())?;
    let text = game
        .replay()
        .and_then(|r| r.to_json())
        .map_err(|e| e.to_string())?;
    Replay::from_json(&text)
        .and_then(|r| r.verify::<HeroScape>())
        .map_err(|e| format!("the replay does not verify: {e}"))?;
    Ok(game)
}

fn armies(scenario: &Scenario) -> Vec<Vec<&str>> {
    scenario
        .players
        .iter()
        .map(|p| p.army.iter().map(|c| c.id.as_str()).collect())
        .collect()
}

#[test]
fn random_games_on_the_shared_maps_with_real_armies_conform() {
    let cards = real_cards();
    let maps = two_player_maps();
    let names: Vec<&str> = maps.iter().map(|(n, _)| n.as_str()).collect();
    assert!(maps.len() >= 5, "maps with two start zones: {names:?}");
    // `SKIRMISH_REAL_GAMES=N`: N games per battlefield instead (more for a long hunt), the first
    // eighth through the whole harness.
    let per_map = std::env::var("SKIRMISH_REAL_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(GAMES_PER_MAP);
    let harnessed = per_map.div_ceil(8);
    let mut tally = Tally::default();
    for (m, (name, field)) in maps.iter().enumerate() {
        for g in 0..per_map {
            let seed = 1000 * m as u64 + g;
            let scenario = scenario(field, &cards, seed);
            let played = if g < harnessed {
                conformance::playout::<HeroScape>(&scenario, seed, MAX_STEPS, invariant)
            } else {
                checked_playout(&scenario, seed)
            };
            let game = played.unwrap_or_else(|e| {
                panic!("{name}, seed {seed}, armies {:?}: {e}", armies(&scenario))
            });
            markers_stay_secret(&game).unwrap_or_else(|e| panic!("{name}, seed {seed}: {e}"));
            tally.add(&game);
        }
    }
    eprintln!("{names:?}: {tally:?}");
    assert!(
        tally.attacks > 0 && tally.destroyed > 0,
        "the games never came to blows: {tally:?}"
    );
}

#[test]
fn the_shared_maps_with_two_start_zones_are_the_expected_ones() {
    // A reader that lost start zones would quietly shrink the test above.
    let maps = two_player_maps();
    let names: Vec<&str> = maps.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "A_la_vie__A_la_mort.hsc",
            "Chat_perche.hsc",
            "Rotten_Ice.hsc",
            "Tombe_de_Migol.hsc",
            "Volcan_de_la_mort.hsc",
        ]
    );
}
