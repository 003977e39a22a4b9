//! Behaviour of `Game`, replays and the registry, driven with the fixture game.

use serde::{Deserialize, Serialize};
use serde_json::json;
use skirmish_dice::{Dice, DiceSource, Picker};
use skirmish_engine::fixtures::{LuckyPig, LuckyView, PigAction, PigEvent, PigScenario};
use skirmish_engine::{
    AnyGame, Error, Game, Pending, Registry, Rejection, Replay, Ruleset, Seat, SetupError, Viewer,
};

fn scenario(seats: u8) -> PigScenario {
    PigScenario {
        seats,
        target: 30,
        rounds: 3,
        jinxes: false,
    }
}

/// Plays random legal actions until the game ends or `limit` actions.
fn play_randomly(game: &mut Game<LuckyPig>, picker_seed: u64, limit: usize) {
    let mut picker = Picker::new(picker_seed);
    for _ in 0..limit {
        let pending = game.pending_seats();
        let Some(&seat) = picker.choose(&pending) else {
            return;
        };
        let legal = game.legal_actions(seat);
        let action = picker.choose(&legal).cloned().unwrap();
        game.act(seat, action).unwrap();
    }
}

/// A 2-seat game past the picking phase: setup rolls 6 then 2 so seat 1
/// opens; both pick 5.
fn game_in_turn_phase(script: &[u8]) -> Game<LuckyPig> {
    let mut dice = vec![6, 2];
    dice.extend_from_slice(script);
    let mut game = Game::<LuckyPig>::with_dice(scenario(2), DiceSource::Script(dice)).unwrap();
    game.act(Seat(1), PigAction::Pick(5)).unwrap();
    game.act(Seat(0), PigAction::Pick(5)).unwrap();
    game
}

#[test]
fn out_of_turn_and_illegal_actions_are_refused_with_reasons() {
    let mut game = game_in_turn_phase(&[4, 3]);
    let hash = game.state_hash();
    let rolls = game.dice().roll_count();

    let out_of_turn = game.act(Seat(1), PigAction::Roll).unwrap_err();
    assert_eq!(out_of_turn.code, Rejection::NOT_YOUR_TURN);
    assert!(
        out_of_turn.reason.contains("seat 2 cannot act now"),
        "{out_of_turn}"
    );
    assert!(out_of_turn.reason.contains("seat 1"), "{out_of_turn}");

    let hold = game.act(Seat(0), PigAction::Hold).unwrap_err();
    assert_eq!(hold.code, Rejection::ILLEGAL);
    assert_eq!(hold.reason, "nothing to bank yet: roll first");

    let keep = game.act(Seat(0), PigAction::Keep).unwrap_err();
    assert!(keep.reason.contains("no die waiting"), "{keep}");

    let ghost = game.act(Seat(9), PigAction::Roll).unwrap_err();
    assert_eq!(ghost.code, Rejection::NOT_YOUR_TURN);

    assert_eq!(game.state_hash(), hash);
    assert_eq!(game.dice().roll_count(), rolls);
    assert_eq!(game.steps().len(), 2);

    game.act(Seat(0), PigAction::Roll).unwrap();
    let roll_again = game.act(Seat(0), PigAction::Roll).unwrap_err();
    assert_eq!(
        roll_again.reason,
        "you rolled a 4: keep it or reroll it first"
    );
}

#[test]
fn picks_are_checked_and_secret_until_all_are_in() {
    let mut game =
        Game::<LuckyPig>::with_dice(scenario(3), DiceSource::Script(vec![1, 2, 3])).unwrap();
    let Pending::Decide { seats, .. } = game.pending() else {
        panic!("game over at start");
    };
    assert_eq!(seats, [Seat(0), Seat(1), Seat(2)]);

    let bad = game.act(Seat(0), PigAction::Pick(7)).unwrap_err();
    assert_eq!(bad.reason, "a lucky number is 1 to 6, not 7");
    game.act(Seat(0), PigAction::Pick(4)).unwrap();
    let twice = game.act(Seat(0), PigAction::Pick(2)).unwrap_err();
    assert_eq!(twice.code, Rejection::NOT_YOUR_TURN);
    assert_eq!(game.pending_seats(), [Seat(1), Seat(2)]);

    let lucky_of_seat_1 = |viewer| game.view(viewer).lucky[0];
    assert_eq!(lucky_of_seat_1(Viewer::Seat(Seat(0))), LuckyView::Known(4));
    assert_eq!(lucky_of_seat_1(Viewer::Seat(Seat(1))), LuckyView::Hidden);
    assert_eq!(lucky_of_seat_1(Viewer::Spectator), LuckyView::Hidden);
    assert_eq!(lucky_of_seat_1(Viewer::Omniscient), LuckyView::Known(4));
    assert_eq!(
        game.view(Viewer::Seat(Seat(0))).lucky[1],
        LuckyView::NotPicked
    );

    // The same secret is blanked out of events.
    let hidden = game.events_for(Viewer::Seat(Seat(2)), 0);
    assert_eq!(
        hidden,
        [PigEvent::Picked {
            seat: Seat(0),
            lucky: None
        }]
    );
    let own = game.events_for(Viewer::Seat(Seat(0)), 0);
    assert_eq!(
        own,
        [PigEvent::Picked {
            seat: Seat(0),
            lucky: Some(4)
        }]
    );
    let json = (&game as &dyn AnyGame)
        .view_json(Viewer::Spectator)
        .unwrap();
    assert_eq!(json["lucky"][0], json!("hidden"));

    game.act(Seat(2), PigAction::Pick(6)).unwrap();
    game.act(Seat(1), PigAction::Pick(1)).unwrap();
    let view = game.view(Viewer::Spectator);
    assert_eq!(
        view.lucky,
        [
            LuckyView::Known(4),
            LuckyView::Known(1),
            LuckyView::Known(6)
        ]
    );
    // Setup rolled 1, 2, 3: seat 3 opens.
    assert_eq!(view.turn, Some(Seat(2)));
}

#[test]
fn keep_reroll_lucky_bust_and_hold() {
    // Seat 1 rolls 5 (lucky: 10), rerolls a 1 into a 3, rolls 1 (reroll spent:
    // bust at once). Seat 2 rolls 6, keeps, holds.
    let mut game = game_in_turn_phase(&[5, 1, 3, 1, 6]);
    game.act(Seat(0), PigAction::Roll).unwrap();
    game.act(Seat(0), PigAction::Keep).unwrap();
    assert_eq!(game.view(Viewer::Spectator).turn_total, 10);
    game.act(Seat(0), PigAction::Roll).unwrap();
    let events = game.act(Seat(0), PigAction::Reroll).unwrap();
    assert!(events.contains(&PigEvent::Rolled {
        seat: Seat(0),
        value: 3,
        reroll: true
    }));
    assert_eq!(game.view(Viewer::Spectator).turn_total, 13);
    assert_eq!(
        game.legal_actions(Seat(0)),
        [PigAction::Roll, PigAction::Hold]
    );
    let events = game.act(Seat(0), PigAction::Roll).unwrap();
    assert!(events.contains(&PigEvent::Bust {
        seat: Seat(0),
        lost: 13
    }));
    assert_eq!(game.view(Viewer::Spectator).turn, Some(Seat(1)));
    game.act(Seat(1), PigAction::Roll).unwrap();
    game.act(Seat(1), PigAction::Keep).unwrap();
    let events = game.act(Seat(1), PigAction::Hold).unwrap();
    assert_eq!(
        events,
        [PigEvent::Held {
            seat: Seat(1),
            banked: 6,
            score: 6
        }]
    );
    assert_eq!(game.dice().exhausted(), None);
    let rolled: Vec<u8> = game.rolls().map(|r| r.value).collect();
    assert_eq!(rolled, [6, 2, 5, 1, 3, 1, 6]);
    assert_eq!(game.setup_rolls().len(), 2);
}

#[test]
fn running_out_of_scripted_dice_is_reported_not_a_panic() {
    let mut game = game_in_turn_phase(&[]);
    game.act(Seat(0), PigAction::Roll).unwrap();
    assert_eq!(game.dice().exhausted(), Some(2));
    let message = game.dice().script_error().unwrap().to_string();
    assert!(
        message.contains("ran out of scripted dice at roll 3"),
        "{message}"
    );
}

#[test]
fn game_ends_with_outcome_and_refuses_further_actions() {
    let short = PigScenario {
        seats: 2,
        target: 10,
        rounds: 1,
        jinxes: false,
    };
    let mut game = Game::<LuckyPig>::with_dice(short, DiceSource::Script(vec![6, 2, 6])).unwrap();
    game.act(Seat(0), PigAction::Pick(6)).unwrap();
    game.act(Seat(1), PigAction::Pick(1)).unwrap();
    game.act(Seat(0), PigAction::Roll).unwrap();
    game.act(Seat(0), PigAction::Keep).unwrap();
    let events = game.act(Seat(0), PigAction::Hold).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(events.last(), Some(&PigEvent::GameOver(outcome.clone())));
    assert_eq!(outcome.winners, [Seat(0)]);
    assert_eq!(outcome.scores, [(Seat(0), 12), (Seat(1), 0)]);
    assert_eq!(outcome.to_string(), "seat 1 wins: seat 1 reached 10 points");
    assert!(matches!(game.pending(), Pending::Over(_)));
    let after = game.act(Seat(1), PigAction::Roll).unwrap_err();
    assert_eq!(after.code, Rejection::GAME_OVER);
    assert!(game.legal_actions(Seat(0)).is_empty());
    assert!(game.legal_actions(Seat(1)).is_empty());
}

#[test]
fn shared_win_after_the_last_round() {
    let short = PigScenario {
        seats: 2,
        target: 100,
        rounds: 1,
        jinxes: false,
    };
    // Setup 3, 3: the tie goes to seat 1. Both bank a 4.
    let mut game =
        Game::<LuckyPig>::with_dice(short, DiceSource::Script(vec![3, 3, 4, 4])).unwrap();
    game.act(Seat(0), PigAction::Pick(1)).unwrap();
    game.act(Seat(1), PigAction::Pick(1)).unwrap();
    for seat in [Seat(0), Seat(1)] {
        game.act(seat, PigAction::Roll).unwrap();
        game.act(seat, PigAction::Keep).unwrap();
        game.act(seat, PigAction::Hold).unwrap();
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, [Seat(0), Seat(1)]);
    assert_eq!(
        outcome.to_string(),
        "shared win for seat 1, seat 2: most points after 1 rounds"
    );
}

#[test]
fn same_seed_and_actions_give_same_hash() {
    let mut first = Game::<LuckyPig>::new(scenario(4), 99).unwrap();
    play_randomly(&mut first, 5, 1_000);
    assert!(first.is_over());
    let mut second = Game::<LuckyPig>::new(scenario(4), 99).unwrap();
    for step in first.steps() {
        second.act(step.seat, step.action.clone()).unwrap();
    }
    assert_eq!(first.state_hash(), second.state_hash());
    assert_eq!(first.state_hash().len(), 64);
    let first_rolls: Vec<_> = first.rolls().collect();
    let second_rolls: Vec<_> = second.rolls().collect();
    assert_eq!(first_rolls, second_rolls);

    // A different seed changes the game (the setup rolls at least).
    let other = Game::<LuckyPig>::new(scenario(4), 100).unwrap();
    let fresh = Game::<LuckyPig>::new(scenario(4), 99).unwrap();
    assert_ne!(other.setup_rolls(), fresh.setup_rolls());
}

fn finished_replay() -> Replay {
    let mut game = Game::<LuckyPig>::new(scenario(3), 2024).unwrap();
    game.hash_steps(true);
    play_randomly(&mut game, 11, 1_000);
    assert!(game.is_over());
    game.replay().unwrap()
}

#[test]
fn replay_round_trips_through_json_and_verifies() {
    let replay = finished_replay();
    let text = replay.to_json().unwrap();
    let back = Replay::from_json(&text).unwrap();
    assert_eq!(back, replay);
    assert_eq!(back.seed(), Some(2024));
    let game = back.verify::<LuckyPig>().unwrap();
    assert_eq!(game.state_hash(), replay.final_hash);
    assert_eq!(game.outcome(), replay.outcome);

    let registry = Registry::new().with::<LuckyPig>();
    let any = registry.verify_replay(&back).unwrap();
    assert_eq!(any.ruleset_id(), LuckyPig::ID);
    assert_eq!(any.state_hash(), replay.final_hash);
    assert!(any.outcome().is_some());
}

#[test]
fn scripted_replays_verify_too() {
    let game = game_in_turn_phase(&[4]);
    let replay = game.replay().unwrap();
    assert_eq!(replay.dice, DiceSource::Script(vec![6, 2, 4]));
    assert_eq!(replay.seed(), None);
    replay.verify::<LuckyPig>().unwrap();
}

#[test]
fn tampered_final_hash_is_reported_with_both_hashes() {
    let mut replay = finished_replay();
    let real = replay.final_hash.clone();
    replay.final_hash = "0".repeat(64);
    let error = replay.verify::<LuckyPig>().unwrap_err();
    assert_eq!(
        error,
        Error::ReplayHash {
            expected: "0".repeat(64),
            got: real.clone()
        }
    );
    let message = error.to_string();
    assert!(
        message.contains(&real) && message.contains("expected"),
        "{message}"
    );
    // `run` does not check the final hash.
    assert!(replay.run::<LuckyPig>().is_ok());
}

#[test]
fn tampered_action_is_reported_at_its_index() {
    let original = finished_replay();
    // Change the last pick: still legal, but the state differs afterwards
    // (and at the end, since the last round's picks stay in the state).
    let mut replay = original.clone();
    let last_pick = replay
        .actions
        .iter()
        .rposition(|a| a.action.get("pick").is_some())
        .unwrap();
    let pick = replay.actions[last_pick].action.clone();
    let other = if pick == json!({"pick": 1}) {
        json!({"pick": 2})
    } else {
        json!({"pick": 1})
    };
    replay.actions[last_pick].action = other;
    let error = replay.verify::<LuckyPig>().unwrap_err();
    assert!(
        matches!(&error, Error::ReplayDiverged { index, .. } if *index == last_pick),
        "{error}"
    );
    let prefix = format!("replay diverged at action {} (seat ", last_pick + 1);
    assert!(error.to_string().starts_with(&prefix), "{error}");

    // Without per-action hashes, only the final hash catches it.
    for action in &mut replay.actions {
        action.hash = None;
    }
    let error = replay.verify::<LuckyPig>().unwrap_err();
    assert!(matches!(error, Error::ReplayHash { .. }), "{error}");

    // An action that is no longer legal is refused where it happens.
    let mut replay = original.clone();
    let index = replay
        .actions
        .iter()
        .position(|a| a.action == json!("roll"))
        .unwrap();
    replay.actions[index].action = json!("hold");
    let error = replay.verify::<LuckyPig>().unwrap_err();
    assert!(
        matches!(&error, Error::ReplayRejected { index: i, .. } if *i == index),
        "{error}"
    );
    assert!(error.to_string().contains("nothing to bank yet"), "{error}");

    // A malformed action names serde's complaint.
    let mut replay = original.clone();
    replay.actions[3].action = json!({"dance": true});
    let error = replay.verify::<LuckyPig>().unwrap_err();
    assert!(
        matches!(error, Error::ReplayAction { index: 3, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("dance"), "{error}");

    // A changed seed diverges somewhere.
    let mut replay = original;
    replay.dice = DiceSource::Seed(1);
    assert!(replay.verify::<LuckyPig>().is_err());
}

#[test]
fn replay_for_wrong_ruleset_or_format_is_refused() {
    let mut replay = finished_replay();
    replay.format = 2;
    assert_eq!(
        replay.verify::<LuckyPig>().unwrap_err().to_string(),
        "unsupported replay format 2; this build reads format 1"
    );
    replay.format = 1;
    replay.ruleset = "heroclix".into();
    assert!(matches!(
        replay.verify::<LuckyPig>().unwrap_err(),
        Error::ReplayRuleset { .. }
    ));
    let registry = Registry::new().with::<LuckyPig>();
    let error = registry.verify_replay(&replay).unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown ruleset 'heroclix'; known rulesets: fixture-lucky-pig"
    );
    let error = Replay::from_json("{\"format\": 1}").unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("cannot read replay: missing field"),
        "{error}"
    );
}

#[test]
fn registry_builds_games_and_explains_bad_input() {
    let registry = Registry::new().with::<LuckyPig>();
    assert_eq!(registry.ids(), ["fixture-lucky-pig"]);
    assert!(registry.contains("fixture-lucky-pig"));

    let empty = Registry::new();
    let error = empty.new_game("nope", &json!({}), 1).err().unwrap();
    assert_eq!(
        error.to_string(),
        "unknown ruleset 'nope'; known rulesets: none"
    );

    let error = registry
        .new_game("fixture-lucky-pig", &json!({"seats": 2}), 1)
        .err()
        .unwrap();
    assert!(
        error.to_string().contains("missing field `target`"),
        "{error}"
    );
    let error = registry
        .new_game(
            "fixture-lucky-pig",
            &json!({"seats": 9, "target": 5, "rounds": 1}),
            1,
        )
        .err()
        .unwrap();
    assert_eq!(
        error,
        Error::Setup(SetupError::new("lucky pig needs 2 to 4 seats, not 9"))
    );

    let mut game = registry
        .new_game(
            "fixture-lucky-pig",
            &json!({"seats": 2, "target": 20, "rounds": 2}),
            7,
        )
        .unwrap();
    assert_eq!(game.seats(), [Seat(0), Seat(1)]);
    assert_eq!(
        game.pending_json().unwrap(),
        json!({"decide": {"seats": [0, 1], "decision": {"pick_lucky": {"round": 1}}}})
    );
    let legal = game.legal_actions_json(Seat(1)).unwrap();
    assert_eq!(legal.len(), 6);
    assert_eq!(legal[2], json!({"pick": 3}));

    let hash = game.state_hash();
    let wrong_type = game
        .act_json(Seat(0), &json!({"pick": "three"}))
        .unwrap_err();
    assert_eq!(wrong_type.code, Rejection::MALFORMED);
    assert!(wrong_type.reason.contains("invalid type"), "{wrong_type}");
    let unknown = game.act_json(Seat(0), &json!("dance")).unwrap_err();
    assert!(
        unknown.reason.contains("unknown variant `dance`"),
        "{unknown}"
    );
    assert_eq!(game.state_hash(), hash);

    let events = game.act_json(Seat(1), &json!({"pick": 3})).unwrap();
    assert_eq!(events, [json!({"picked": {"seat": 1, "lucky": 3}})]);
    assert_eq!(
        game.events_json(Viewer::Seat(Seat(0)), 0).unwrap(),
        [json!({"picked": {"seat": 1, "lucky": null}})]
    );
    assert_eq!(game.step_count(), 1);
    assert_eq!(game.pending_seats(), [Seat(0)]);
    assert_eq!(game.rolls().len(), 2);
    let replay = game.replay().unwrap();
    assert_eq!(replay.actions.len(), 1);
    registry.verify_replay(&replay).unwrap();
}

/// A ruleset whose only action rolls a die and then refuses, to show that a
/// refusal from `apply` rolls back the dice stream too.
struct Grumpy;

#[derive(Clone, Debug, Serialize, Deserialize)]
struct GrumpyState {
    tries: u32,
}

impl Ruleset for Grumpy {
    const ID: &'static str = "grumpy";
    type Scenario = ();
    type State = GrumpyState;
    type Action = u8;
    type Decision = ();
    type Event = u8;
    type View = u32;

    fn setup(_: &(), _: &mut Dice) -> Result<GrumpyState, SetupError> {
        Ok(GrumpyState { tries: 0 })
    }
    fn seats(_: &GrumpyState) -> Vec<Seat> {
        vec![Seat(0)]
    }
    fn pending(_: &GrumpyState) -> Pending<()> {
        Pending::Decide {
            seats: vec![Seat(0)],
            decision: (),
        }
    }
    fn legal_actions(_: &GrumpyState, seat: Seat) -> Vec<u8> {
        if seat == Seat(0) {
            vec![0, 1]
        } else {
            vec![]
        }
    }
    fn explain_illegal(_: &GrumpyState, _: Seat, action: &u8) -> Rejection {
        Rejection::new("grumpy", format!("{action} is not 0 or 1"))
    }
    fn apply(
        state: &mut GrumpyState,
        _: Seat,
        action: &u8,
        dice: &mut Dice,
        events: &mut Vec<u8>,
    ) -> Result<(), Rejection> {
        state.tries += 1;
        let value = dice.d6();
        events.push(value);
        if *action == 0 {
            Err(Rejection::new("grumpy", "no"))
        } else {
            Ok(())
        }
    }
    fn view(state: &GrumpyState, _: Viewer) -> u32 {
        state.tries
    }
}

#[test]
fn refusal_from_apply_leaves_state_and_dice_untouched() {
    let mut game = Game::<Grumpy>::new((), 3).unwrap();
    let hash = game.state_hash();
    assert_eq!(game.act(Seat(0), 0).unwrap_err().reason, "no");
    assert_eq!(game.act(Seat(0), 5).unwrap_err().reason, "5 is not 0 or 1");
    assert_eq!(game.state_hash(), hash);
    assert_eq!(game.dice().roll_count(), 0);
    assert!(game.steps().is_empty());
    let events = game.act(Seat(0), 1).unwrap();
    // The accepted action gets the stream's first value, as if nothing had
    // been tried before.
    assert_eq!(events, [Dice::seeded(3).d6()]);
    assert_eq!(game.view(Viewer::Omniscient), 1);
    assert_eq!(game.steps()[0].rolls.len(), 1);
}

#[test]
fn secret_picks_are_hidden_in_actions_decisions_and_viewed_replays() {
    let mut game = Game::<LuckyPig>::new(scenario(2), 77).unwrap();
    game.act(Seat(0), PigAction::Pick(4)).unwrap();
    // Seat 2 sees that seat 1 has chosen, not what.
    assert_eq!(
        game.actions_for(Viewer::Seat(Seat(1)), 0),
        vec![(Seat(0), None)]
    );
    assert_eq!(
        game.actions_for(Viewer::Seat(Seat(0)), 0),
        vec![(Seat(0), Some(PigAction::Pick(4)))]
    );
    assert_eq!(
        game.actions_for(Viewer::Omniscient, 0),
        vec![(Seat(0), Some(PigAction::Pick(4)))]
    );
    let replay = game.viewed_replay(Viewer::Seat(Seat(1))).unwrap();
    let text = serde_json::to_string(&replay).unwrap();
    assert!(!text.contains("seed") && !text.contains("hash"), "{text}");
    assert_eq!(replay.steps[0].action, None);
    assert_eq!(
        replay.steps[0].events,
        vec![json!({"picked": {"seat": 0, "lucky": null}})]
    );
    let own = game.viewed_replay(Viewer::Seat(Seat(0))).unwrap();
    assert_eq!(own.steps[0].action, Some(json!({"pick": 4})));
    // The decision is the same for everyone in this game.
    assert_eq!(game.pending_for(Viewer::Seat(Seat(1))), game.pending());
}

#[test]
fn undo_takes_back_actions_without_dice_or_reveals() {
    let mut game = Game::<LuckyPig>::new(scenario(2), 77).unwrap();
    assert!(!game.can_undo());
    assert_eq!(game.undo().unwrap_err().code, Rejection::CANNOT_UNDO);
    let start = game.state_hash();
    game.act(Seat(0), PigAction::Pick(4)).unwrap();
    assert!(game.can_undo());
    let undone = game.undo().unwrap();
    assert_eq!(undone.action, PigAction::Pick(4));
    assert_eq!(game.state_hash(), start);
    assert!(game.steps().is_empty());
    // Pick again; the second pick reveals both, so it cannot be taken back, nor can the first.
    game.act(Seat(0), PigAction::Pick(4)).unwrap();
    game.act(Seat(1), PigAction::Pick(2)).unwrap();
    assert!(!game.can_undo());
    let why = game.undo().unwrap_err();
    assert!(why.reason.contains("revealed"), "{why}");
    // A roll cannot be taken back.
    let seat = game.pending_seats()[0];
    game.act(seat, PigAction::Roll).unwrap();
    let why = game.undo().unwrap_err();
    assert!(why.reason.contains("dice"), "{why}");
    // Keeping the die rolls nothing: it can be undone, and played again the same.
    let before = game.state_hash();
    game.act(seat, PigAction::Keep).unwrap();
    let after = game.state_hash();
    game.undo().unwrap();
    assert_eq!(game.state_hash(), before);
    game.act(seat, PigAction::Keep).unwrap();
    assert_eq!(game.state_hash(), after);
    // Undo can be turned off.
    game.set_undo_limit(0);
    assert!(!game.can_undo());
}

#[test]
fn act_legal_plays_like_act_and_still_refuses_out_of_turn() {
    let mut a = Game::<LuckyPig>::new(scenario(3), 9).unwrap();
    let mut b = a.clone();
    let mut picker = Picker::new(4);
    while !a.is_over() {
        let seat = a.pending_seats()[0];
        let legal = a.legal_actions(seat);
        let action = picker.choose(&legal).unwrap().clone();
        let other = Seat((seat.0 + 1) % 3);
        if !a.pending_seats().contains(&other) {
            assert_eq!(
                b.act_legal(other, action.clone()).unwrap_err().code,
                Rejection::NOT_YOUR_TURN
            );
        }
        a.act(seat, action.clone()).unwrap();
        b.act_legal(seat, action).unwrap();
    }
    assert_eq!(a.state_hash(), b.state_hash());
}

#[test]
fn replays_carry_step_hashes_only_when_asked() {
    let mut game = Game::<LuckyPig>::new(scenario(2), 3).unwrap();
    play_randomly(&mut game, 1, 1_000);
    assert!(game
        .replay()
        .unwrap()
        .actions
        .iter()
        .all(|a| a.hash.is_none()));
    game.replay().unwrap().verify::<LuckyPig>().unwrap();
    let mut hashed = Game::<LuckyPig>::new(scenario(2), 3).unwrap();
    hashed.hash_steps(true);
    play_randomly(&mut hashed, 1, 1_000);
    let replay = hashed.replay().unwrap();
    assert!(replay.actions.iter().all(|a| a.hash.is_some()));
    assert_eq!(replay.final_hash, game.state_hash());
    replay.verify::<LuckyPig>().unwrap();
}

#[test]
fn determinization_keeps_own_pick_and_resamples_the_others() {
    let mut game = Game::<LuckyPig>::new(scenario(3), 5).unwrap();
    game.act(Seat(0), PigAction::Pick(3)).unwrap();
    game.act(Seat(1), PigAction::Pick(5)).unwrap();
    let info = game.info_set(Seat(0));
    let mut picker = Picker::new(8);
    let mut seat2_picks = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let guess = info.determinize(&mut picker);
        let view = LuckyPig::view(&guess, Viewer::Seat(Seat(0)));
        assert_eq!(view.lucky[0], LuckyView::Known(3));
        let omniscient = LuckyPig::view(&guess, Viewer::Omniscient);
        match omniscient.lucky[1] {
            LuckyView::Known(n) => seat2_picks.insert(n),
            other => panic!("seat 2 has picked: {other:?}"),
        };
        // Seat 3 has not picked, and still has not in any guess.
        assert_eq!(omniscient.lucky[2], LuckyView::NotPicked);
    }
    // Every value was dealt: the guess does not leak the real pick (5).
    assert_eq!(seat2_picks.len(), 6);
    assert_eq!(info.legal_actions(), Vec::<PigAction>::new());
    assert_eq!(game.info_set(Seat(2)).legal_actions().len(), 6);
}

/// A 2-seat game with jinxes past the picking phase (seat 1 opens, both pick 5).
fn jinx_game(script: &[u8]) -> Game<LuckyPig> {
    let mut dice = vec![6, 2];
    dice.extend_from_slice(script);
    let scenario = PigScenario {
        jinxes: true,
        ..scenario(2)
    };
    let mut game = Game::<LuckyPig>::with_dice(scenario, DiceSource::Script(dice)).unwrap();
    game.act(Seat(1), PigAction::Pick(5)).unwrap();
    game.act(Seat(0), PigAction::Pick(5)).unwrap();
    game
}

#[test]
fn a_jinx_interrupts_the_roller_and_a_counter_interrupts_the_jinx() {
    use skirmish_engine::fixtures::PigDecision;
    let mut game = jinx_game(&[4]);
    game.act(Seat(0), PigAction::Roll).unwrap();
    // The jinx is asked above keep-or-reroll, of the other seat.
    assert_eq!(game.pending_seats(), vec![Seat(1)]);
    assert!(matches!(
        game.pending(),
        Pending::Decide {
            decision: PigDecision::Jinx { value: 4, .. },
            ..
        }
    ));
    let refused = game.act(Seat(0), PigAction::Keep).unwrap_err();
    assert_eq!(refused.code, Rejection::NOT_YOUR_TURN, "{refused}");
    game.act(Seat(1), PigAction::Jinx).unwrap();
    // The roller may answer the jinx: a third frame.
    assert!(matches!(
        game.pending(),
        Pending::Decide {
            decision: PigDecision::Counter { jinxer: Seat(1) },
            ..
        }
    ));
    game.act(Seat(0), PigAction::Jinx).unwrap();
    // Cancelled: keep-or-reroll comes back with the die as it fell.
    assert!(matches!(
        game.pending(),
        Pending::Decide {
            decision: PigDecision::KeepOrReroll { value: 4 },
            ..
        }
    ));
    game.act(Seat(0), PigAction::Keep).unwrap();
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.turn_total, 4);
    assert_eq!(view.jinxes, vec![false, false]);
}

#[test]
fn a_jinx_that_stands_turns_the_die_to_a_one() {
    use skirmish_engine::fixtures::PigDecision;
    let mut game = jinx_game(&[4, 3]);
    game.act(Seat(0), PigAction::Roll).unwrap();
    game.act(Seat(1), PigAction::Jinx).unwrap();
    game.act(Seat(0), PigAction::Pass).unwrap();
    assert!(matches!(
        game.pending(),
        Pending::Decide {
            decision: PigDecision::KeepOrReroll { value: 1 },
            ..
        }
    ));
    assert!(game
        .events()
        .any(|e| matches!(e, PigEvent::Turned { seat: Seat(0) })));
    // The reroll saves the turn; the next roll asks no jinx (seat 2 has spent its own).
    game.act(Seat(0), PigAction::Reroll).unwrap();
    assert_eq!(game.view(Viewer::Spectator).turn_total, 3);
    game.act(Seat(0), PigAction::Hold).unwrap();
    assert_eq!(game.pending_seats(), vec![Seat(1)]);
}

#[test]
fn undo_by_replay_goes_back_exactly_where_kept_states_do() {
    let mut undos = 0;
    for seed in 0..40u64 {
        let mut kept = Game::<LuckyPig>::new(scenario(3), seed).unwrap();
        kept.set_undo_limit(3);
        let mut replayed = kept.clone();
        replayed.set_undo_by_replay(true);
        let mut picker = Picker::new(seed ^ 0x5eed);
        while !kept.is_over() {
            assert_eq!(kept.can_undo(), replayed.can_undo(), "seed {seed}");
            // Take one or two actions back now and then, as a player who misclicked.
            if kept.can_undo() && picker.below(3) == Some(0) {
                for _ in 0..=picker.below(2).unwrap() {
                    if !kept.can_undo() {
                        break;
                    }
                    let a = kept.undo().unwrap();
                    let b = replayed.undo().unwrap();
                    assert_eq!(a.action, b.action, "seed {seed}");
                    assert_eq!(kept.state_hash(), replayed.state_hash(), "seed {seed}");
                    assert_eq!(kept.dice().roll_count(), replayed.dice().roll_count());
                    assert_eq!(kept.steps().len(), replayed.steps().len());
                    undos += 1;
                }
                continue;
            }
            let seat = kept.pending_seats()[0];
            let legal = kept.legal_actions(seat);
            let action = picker.choose(&legal).unwrap().clone();
            kept.act(seat, action.clone()).unwrap();
            replayed.act(seat, action).unwrap();
            assert_eq!(kept.state_hash(), replayed.state_hash(), "seed {seed}");
        }
        assert_eq!(
            kept.replay().unwrap().to_json().unwrap(),
            replayed.replay().unwrap().to_json().unwrap()
        );
    }
    assert!(undos > 20, "only {undos} actions were taken back");
}
