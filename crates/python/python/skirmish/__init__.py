"""Skirmish for Python: every ruleset (HeroClix, HeroScape) as a PettingZoo AEC environment
(:mod:`skirmish.env`) and a lower-level state API in OpenSpiel's spirit (:class:`State`).

>>> import skirmish
>>> state = skirmish.Platform().new_game("heroclix", seed=7)
>>> seat = state.current_player()
>>> len(state.legal_actions(seat)) > 0
True

State API: ``legal_actions(seat)`` (indices into the seat's current legal list),
``legal_actions_json``, ``action_texts``, ``apply_action(seat, i)``, ``clone()``,
``chance_outcomes(seat, i)`` (``(probability, dice, state)``), ``observation_tensor(seat)``
(see :func:`observation_array`), ``observation_string(seat)``, ``serialize()`` and
``Platform.deserialize(text)``, ``resample_from_infostate(seat, seed)``, ``returns()``,
``bot_action(spec, seat, seed)`` for the ruleset's bots (``random``, ``greedy``, ``mcts:200i``).
"""

from ._skirmish import SAVE_FORMAT, Platform, State
from .env import SkirmishEnv, env, observation_array, platform

__all__ = [
    "SAVE_FORMAT",
    "Platform",
    "SkirmishEnv",
    "State",
    "env",
    "observation_array",
    "platform",
]
