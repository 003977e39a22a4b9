"""A sweep of every pairing of a list of teams, played by bots, on Ray: one Ray task per game,
on a local Ray or a cluster (`--address`). Prints the report of `skirmish simulate` for each
pairing and a heat map of win rates (`skirmish.sweep.report`).

    python examples/ray_sweep.py --ruleset heroscape --teams wardens,raiders,emberfall-host \
        --games 20 --bots mcts:100ms,greedy --seed 1

Results are reproducible: game `i` of a pairing is seeded with `seed + i`, whichever machine
plays it (time budgets such as `mcts:100ms` search as far as the machine gets in that time;
iteration budgets, `mcts:200i`, replay bit for bit).
"""

from __future__ import annotations

import argparse
import json

import ray

from skirmish import sweep


@ray.remote
def play_game(ruleset, setup, seed, bots, content, max_steps):
    return sweep.play_game(ruleset, setup, seed, tuple(bots), content, max_steps)


def run(
    ruleset: str,
    teams: list[str],
    games: int,
    bots: tuple[str, str],
    seed: int = 1,
    content=(),
    max_steps: int = 3000,
    extra: dict | None = None,
) -> dict:
    """Plays the sweep on the running Ray; returns each pairing's game results."""
    pending = {}
    for a, b in sweep.pairings(teams):
        setup = sweep.team_setup(ruleset, a, b, extra)
        pending[(a, b)] = [
            play_game.remote(ruleset, setup, seed + i, list(bots), list(content), max_steps)
            for i in range(games)
        ]
    return {pair: ray.get(refs) for pair, refs in pending.items()}


def main(argv=None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="heroscape")
    parser.add_argument("--teams", required=True, help="comma-separated team (army) names")
    parser.add_argument("--games", type=int, default=10, help="games per pairing")
    parser.add_argument("--bots", default="greedy,greedy", help="seat 0's bot,seat 1's bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=3000)
    parser.add_argument("--setup", default="{}", help="more set-up fields, as a JSON object")
    parser.add_argument("--content", action="append", default=[], help="content path (repeatable)")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: local)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of a local Ray")
    parser.add_argument("--json", default=None, help="also write the results to this file")
    args = parser.parse_args(argv)
    bots = tuple(args.bots.split(","))
    if len(bots) != 2:
        parser.error("--bots takes two bots: seat 0's,seat 1's")
    teams = [t for t in args.teams.split(",") if t]
    if not ray.is_initialized():
        ray.init(address=args.address, num_cpus=args.num_cpus, include_dashboard=False)
    results = run(
        args.ruleset,
        teams,
        args.games,
        bots,
        args.seed,
        args.content,
        args.max_steps,
        json.loads(args.setup),
    )
    text = sweep.report(results, bots)
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"pairing": list(k), "games": v} for k, v in results.items()], f, indent=1)
    return text


if __name__ == "__main__":
    main()
