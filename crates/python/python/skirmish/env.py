"""Every Skirmish ruleset as a PettingZoo AEC environment.

Agents are the seats, ``"seat_0"``, ``"seat_1"``...; the agent to act is the first seat the
game asks (in simultaneous phases, such as HeroScape's order markers, the seats answer one
after the other, and each sees only what it may know).

Observations are dicts: ``"observation"``, the seat's float32 planes over the board (shape
``(planes, rows, columns)``, names in ``env.plane_names``, fixed for the environment's set-up),
and ``"action_mask"``, an int8 vector of ``max_actions`` entries.

Actions are a ``Discrete(max_actions)`` space: an action is an index into the seat's current
legal list, which has no stable ids from one state to the next. ``env.action_json(i)`` and
``env.action_text(i)`` tell what index ``i`` does now. Legal actions past ``max_actions`` (never
seen with the default) cannot be chosen through the space; the state API can play them.

Rewards come at the end: 1 to each winner, -1 to each loser, 0 to all when nobody won. A game
longer than ``max_steps`` actions is truncated. ``reset(seed=s)`` makes the game bit for bit
reproducible: the same set-up, seed and actions give the same states.
"""

from __future__ import annotations

import json

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _skirmish

DEFAULT_MAX_ACTIONS = 4096
DEFAULT_MAX_STEPS = 2000

_PLATFORMS: dict[tuple[str, ...], _skirmish.Platform] = {}


def platform(content=()) -> _skirmish.Platform:
    """The rulesets with content from ``content`` (paths), loaded once per list of paths."""
    key = tuple(str(c) for c in content)
    if key not in _PLATFORMS:
        _PLATFORMS[key] = _skirmish.Platform(list(key))
    return _PLATFORMS[key]


def observation_array(state: _skirmish.State, seat: int) -> np.ndarray:
    """The seat's observation tensor as a float32 numpy array ``(planes, rows, columns)``."""
    data, shape, _names = state.observation_tensor(seat)
    return np.frombuffer(data, dtype="<f4").reshape(shape).astype(np.float32)


def env(**kwargs) -> "SkirmishEnv":
    """A new environment (PettingZoo's usual constructor name)."""
    return SkirmishEnv(**kwargs)


class SkirmishEnv(AECEnv):
    """One ruleset's game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "skirmish_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str = "heroclix",
        setup: dict | None = None,
        content=(),
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        lang: str = "en",
    ):
        super().__init__()
        self.ruleset = ruleset
        self.setup = dict(setup or {})
        self.platform = platform(content)
        self.max_actions = int(max_actions)
        self.max_steps = int(max_steps)
        self.render_mode = render_mode
        self.lang = lang
        self._setup_json = json.dumps(self.setup)
        # A first game tells the seats and the board's shape, which the set-up fixes.
        self.state = self.platform.new_game(ruleset, 0, self._setup_json)
        _data, shape, names = self.state.observation_tensor(0)
        self.plane_names = list(names)
        self.possible_agents = [f"seat_{i}" for i in range(self.state.num_players())]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-np.inf, high=np.inf, shape=tuple(shape), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self.max_actions,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.max_actions) for agent in self.possible_agents
        }
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = int(seed) % 2**64
        else:
            game_seed = int(self._seed_rng.integers(0, 2**63))
        self.state = self.platform.new_game(self.ruleset, game_seed, self._setup_json)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def _select(self):
        seat = self.state.current_player()
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            # Over: every agent is done, the first still listed steps out first.
            self.agent_selection = self.agents[0]

    def observe(self, agent):
        seat = self._seat[agent]
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if seat in self.state.pending_seats():
            count = min(len(self.state.legal_actions(seat)), self.max_actions)
            mask[:count] = 1
        return {"observation": observation_array(self.state, seat), "action_mask": mask}

    def action_json(self, action: int, agent: str | None = None) -> dict:
        """What legal action number ``action`` of ``agent`` (the agent to act) is now, as JSON."""
        seat = self._seat[agent or self.agent_selection]
        return json.loads(self.state.legal_actions_json(seat)[action])

    def action_text(self, action: int, agent: str | None = None) -> str:
        """What legal action number ``action`` of ``agent`` (the agent to act) does, for people."""
        seat = self._seat[agent or self.agent_selection]
        return self.state.action_texts(seat, self.lang)[action]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(self._seat[agent], int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
        elif self.state.step_count() >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        seat = max(self.state.current_player(), 0)
        text = self.state.observation_string(seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
