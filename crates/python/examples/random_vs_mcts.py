"""A random agent against the ruleset's tree search (MCTS), through the PettingZoo AEC API.

    python examples/random_vs_mcts.py --ruleset heroscape --games 2 --mcts mcts:100i

Nothing is trained: the random agent samples among the legal actions (the observation's
action mask), the MCTS agent asks the engine's bot (`State.bot_action`), which searches on a
copy holding only what its seat knows.
"""

from __future__ import annotations

import argparse

import numpy as np

import skirmish


def play(ruleset: str, seed: int, mcts: str, max_steps: int, content=()) -> dict:
    env = skirmish.env(ruleset=ruleset, max_steps=max_steps, content=content)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    # seat_0 plays at random, seat_1 searches.
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        elif agent == "seat_0":
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        else:
            action = env.state.bot_action(mcts, 1, seed + env.state.step_count())
        env.step(action)
    returns = env.state.returns()
    return {"random": returns[0], mcts: returns[1], "actions": env.state.step_count()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="heroclix")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--mcts", default="mcts:100i", help="the search bot's spec")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=3000)
    parser.add_argument("--content", action="append", default=[], help="content path (repeatable)")
    args = parser.parse_args(argv)
    totals = {"random": 0.0, args.mcts: 0.0}
    for game in range(args.games):
        result = play(args.ruleset, args.seed + game, args.mcts, args.max_steps, args.content)
        print(
            f"game {game + 1}: random {result['random']:+.0f}, {args.mcts} "
            f"{result[args.mcts]:+.0f} after {result['actions']} actions"
        )
        for who in totals:
            totals[who] += result[who]
    print(f"total ({args.games} games): random {totals['random']:+.0f}, {args.mcts} {totals[args.mcts]:+.0f}")


if __name__ == "__main__":
    main()
