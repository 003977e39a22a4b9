"""The OpenSpiel-style state API: clones, chance outcomes, observations, saves, resampling."""

import json

import numpy as np
import pytest

import skirmish


def advance(state, steps, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply_action(seat, int(rng.integers(len(state.legal_actions(seat)))))
    return state


def test_a_clone_is_independent(platform, ruleset):
    state = advance(platform.new_game(ruleset, seed=4), 5)
    copy = state.clone()
    before = state.state_hash()
    advance(copy, 3, seed=1)
    assert state.state_hash() == before
    assert copy.state_hash() != before
    assert copy.step_count() == state.step_count() + 3


def test_serialize_round_trip(platform, ruleset):
    state = advance(platform.new_game(ruleset, seed=5), 25)
    text = state.serialize()
    back = platform.deserialize(text)
    assert back.state_hash() == state.state_hash()
    # Both go on the same way, dice included.
    advance(state, 20, seed=2)
    advance(back, 20, seed=2)
    assert back.state_hash() == state.state_hash()
    saved = json.loads(text)
    saved["replay"]["final_hash"] = "0" * 64
    with pytest.raises(ValueError):
        platform.deserialize(json.dumps(saved))


def first_roll(platform, ruleset):
    """A state and an action of it that rolls dice: the first with more than one outcome."""
    state = platform.new_game(ruleset, seed=6)
    rng = np.random.default_rng(6)
    for _ in range(400):
        seat = state.current_player()
        legal = state.legal_actions(seat)
        texts = state.legal_actions_json(seat)
        # The first few actions and any attack: enough to meet dice early, cheap to list.
        attacks = [i for i, a in enumerate(texts) if "attack" in a][:3]
        for action in list(legal[:3]) + attacks:
            try:
                outcomes = state.chance_outcomes(seat, action, budget=2000)
            except ValueError as e:
                # Big pools of dice are too many sequences to list: look further.
                assert "too-many-outcomes" in str(e) or "sample" in str(e), e
                continue
            if len(outcomes) > 1:
                return state, seat, action, outcomes
        state.apply_action(seat, int(rng.choice(legal)))
    raise AssertionError("no action with dice found")


def test_chance_outcomes_add_up_to_one(platform, ruleset):
    state, seat, action, outcomes = first_roll(platform, ruleset)
    assert sum(p for p, _, _ in outcomes) == pytest.approx(1.0)
    assert all(p > 0 for p, _, _ in outcomes)
    hashes = {o.state_hash() for _, _, o in outcomes}
    assert len(hashes) == len(outcomes)
    # The real action lands on one of the listed outcomes.
    played = state.clone()
    played.apply_action(seat, action)
    assert played.state_hash() in hashes
    # An outcome is a state like any other: it plays on and saves.
    _, _, outcome = outcomes[0]
    advance(outcome, 3)
    assert platform.deserialize(outcome.serialize()).state_hash() == outcome.state_hash()


def test_observation_tensor_and_string(platform, ruleset):
    state = advance(platform.new_game(ruleset, seed=8), 10)
    for seat in range(state.num_players()):
        tensor = skirmish.observation_array(state, seat)
        _, shape, names = state.observation_tensor(seat)
        assert tensor.shape == tuple(shape) and tensor.dtype == np.float32
        assert len(names) == shape[0]
        assert state.observation_string(seat)
        assert state.observation_string(seat, "fr")
    own = skirmish.observation_array(state, 0)[names.index("own")]
    enemy = skirmish.observation_array(state, 1)[names.index("enemy")]
    assert np.array_equal(own, enemy)


def test_resample_keeps_what_the_seat_knows(platform):
    # HeroScape hides order markers: once seat 0 has laid its markers, seat 1's resamples deal
    # them anew, and seat 0's view never changes.
    state = platform.new_game("heroscape", seed=3)
    while '"place_marker"' not in state.legal_actions_json(state.current_player())[0]:
        state.apply_action(state.current_player(), 0)
    # Two markers on each of two cards: which cards is public, which numbers is not.
    for marker, unit in (("1", 0), ("2", 1), ("3", 0), ("X", 1)):
        state.apply_action_json(0, json.dumps({"type": "place_marker", "marker": marker, "unit": unit}))
    for seat in (0, 1):
        mine = state.observation_string(seat), skirmish.observation_array(state, seat)
        for seed in range(6):
            guess = state.resample_from_infostate(seat, seed)
            assert guess.observation_string(seat) == mine[0]
            assert np.array_equal(skirmish.observation_array(guess, seat), mine[1])
            assert guess.legal_actions_json(seat) == state.legal_actions_json(seat)
    # Seat 1 does not know seat 0's markers: some resample deals them elsewhere.
    deals = {state.resample_from_infostate(1, seed).state_hash() for seed in range(12)}
    assert len(deals) > 1
    # A resample saves and restores like any state.
    guess = state.resample_from_infostate(1, 0)
    assert platform.deserialize(guess.serialize()).state_hash() == guess.state_hash()


def test_bots_choose_legal_actions(platform, ruleset):
    state = platform.new_game(ruleset, seed=2)
    seat = state.current_player()
    count = len(state.legal_actions(seat))
    for bot in ("random", "greedy", "mcts:20i"):
        choice = state.bot_action(bot, seat, 1)
        assert choice is not None and 0 <= choice < count
    assert state.bot_action("mcts:20i", seat, 1) == state.bot_action("mcts:20i", seat, 1)
    with pytest.raises(ValueError):
        state.bot_action("nobody", seat, 1)


def test_returns_at_the_end(platform):
    state = platform.new_game("heroclix", seed=3)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(seat, state.bot_action("greedy", seat, state.step_count()))
    returns = state.returns()
    outcome = json.loads(state.outcome_json())
    assert state.current_player() == -4
    for seat, value in enumerate(returns):
        assert value == (1.0 if seat in outcome["winners"] else -1.0 if outcome["winners"] else 0.0)
