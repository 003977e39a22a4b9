"""Every ruleset passes PettingZoo's API and seed tests, and reset(seed) replays bit for bit."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import skirmish


def test_every_ruleset_is_offered(platform):
    assert set(platform.rulesets()) == {"heroclix", "heroscape"}


def test_api(ruleset):
    api_test(skirmish.env(ruleset=ruleset), num_cycles=200)


def test_seed(ruleset):
    seed_test(lambda: skirmish.env(ruleset=ruleset), num_cycles=100)


def play_random(env, seed, steps):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    hashes = []
    for agent in env.agent_iter(max_iter=steps):
        obs, _, term, trunc, _ = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        hashes.append(env.state.state_hash())
    return hashes


def test_reset_seed_replays_the_game_bit_for_bit(ruleset):
    env = skirmish.env(ruleset=ruleset)
    first = play_random(env, 11, 60)
    assert play_random(env, 11, 60) == first
    assert play_random(skirmish.env(ruleset=ruleset), 11, 60) == first
    assert play_random(env, 12, 60) != first


def test_observations_and_masks_fit_the_spaces(ruleset):
    env = skirmish.env(ruleset=ruleset)
    env.reset(seed=3)
    agent = env.agent_selection
    obs = env.observe(agent)
    assert env.observation_space(agent).contains(obs)
    assert obs["observation"].shape[0] == len(env.plane_names)
    assert {"own", "enemy", "height"} <= set(env.plane_names)
    legal = np.flatnonzero(obs["action_mask"])
    assert len(legal) == len(env.state.legal_actions(env.state.current_player()))
    # Each index names an action in JSON and in words.
    assert isinstance(env.action_json(int(legal[0])), (dict, str))
    assert env.action_text(int(legal[-1]))
    # A seat the game does not ask may do nothing.
    for other in env.agents:
        if int(other.split("_")[1]) not in env.state.pending_seats():
            assert not env.observe(other)["action_mask"].any()


def test_an_illegal_index_is_refused(ruleset):
    env = skirmish.env(ruleset=ruleset)
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step(env.max_actions - 1)
