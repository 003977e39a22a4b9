"""Matchup sweeps: every pairing of a list of teams, played by bots, with the report of
``skirmish simulate`` (win, draw and loss counts, the first team's win rate with its 95 % Wilson
interval, victory points, game length) and a heat map of win rates.

:func:`play_game` plays one game and is what a sweep distributes (``examples/ray_sweep.py``
runs it as Ray tasks); :func:`report` reads the results, whatever ran them.
"""

from __future__ import annotations

import itertools
import json
import math
import statistics

from .env import platform

Z95 = 1.959963984540054


def team_setup(ruleset: str, team_a: str, team_b: str, extra: dict | None = None) -> dict:
    """The set-up fields that put ``team_a`` in seat 0 and ``team_b`` in seat 1."""
    if ruleset == "heroscape":
        fields = {"army_1": team_a, "army_2": team_b}
    else:
        fields = {"teams": [team_a, team_b]}
    fields.update(extra or {})
    return fields


def pairings(teams: list[str]) -> list[tuple[str, str]]:
    """Every ordered pair of two different teams (each side of the board for each team)."""
    return [(a, b) for a, b in itertools.permutations(teams, 2)]


def play_game(
    ruleset: str,
    setup: dict,
    seed: int,
    bots: tuple[str, str],
    content=(),
    max_steps: int = 3000,
) -> dict:
    """Plays one game, seat 0 by ``bots[0]`` and seat 1 by ``bots[1]``; returns its result:
    the winners' seats, each seat's score and the number of actions (``truncated`` when it
    reached ``max_steps`` first). The same arguments give the same result."""
    state = platform(content).new_game(ruleset, seed, json.dumps(setup))
    step = 0
    while not state.is_terminal() and state.step_count() < max_steps:
        seat = state.current_player()
        choice = state.bot_action(bots[seat], seat, seed * 1_000_003 + step)
        if choice is None:
            raise RuntimeError(f"{bots[seat]} found no action for seat {seat}")
        state.apply_action(seat, choice)
        step += 1
    outcome = json.loads(state.outcome_json()) if state.is_terminal() else None
    scores = dict(state.scores())
    return {
        "seed": seed,
        "winners": list(outcome["winners"]) if outcome else [],
        "scores": [scores.get(0, 0), scores.get(1, 0)],
        "steps": state.step_count(),
        "truncated": outcome is None,
    }


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (draws count as half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: list[dict]) -> dict:
    """The tally of one pairing's games, from seat 0's side."""
    wins = sum(1 for r in results if r["winners"] == [0])
    losses = sum(1 for r in results if r["winners"] == [1])
    draws = len(results) - wins - losses
    score = wins + draws / 2
    low, high = wilson(score, len(results))
    return {
        "games": len(results),
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": score / len(results) if results else 0.0,
        "interval": (low, high),
        "vp": [statistics.fmean(r["scores"][i] for r in results) if results else 0.0 for i in (0, 1)],
        "length": statistics.fmean(r["steps"] for r in results) if results else 0.0,
        "truncated": sum(1 for r in results if r["truncated"]),
    }


def report(results: dict[tuple[str, str], list[dict]], bots: tuple[str, str]) -> str:
    """The sweep's report: one line per pairing, then the heat map of the first team's win
    rate (rows: seat 0's team, columns: seat 1's team)."""
    lines = [
        f"bots: {bots[0]} (first team) vs {bots[1]} (second team)",
        f"{'pairing':<40} {'W':>4} {'D':>4} {'L':>4}  {'win rate':>8}  95 % interval"
        f"      VP (mean)   length",
    ]
    tallies = {}
    for (a, b), games in results.items():
        t = summarize(games)
        tallies[(a, b)] = t
        low, high = t["interval"]
        lines.append(
            f"{a + ' vs ' + b:<40} {t['wins']:>4} {t['draws']:>4} {t['losses']:>4}  "
            f"{100 * t['win_rate']:>6.1f} %  [{100 * low:.1f} %, {100 * high:.1f} %]"
            f"  {t['vp'][0]:>5.1f}–{t['vp'][1]:<5.1f}  {t['length']:>6.1f}"
            + (f"  ({t['truncated']} cut short)" if t["truncated"] else "")
        )
    teams = sorted({a for a, _ in results} | {b for _, b in results})
    width = max(8, *(len(t) for t in teams)) if teams else 8
    lines.append("")
    lines.append("win rate of the row's team (seat 0) against the column's team (seat 1)")
    lines.append(" " * width + " " + " ".join(f"{t[:width]:>{width}}" for t in teams))
    for a in teams:
        cells = []
        for b in teams:
            t = tallies.get((a, b))
            cell = "—" if t is None else f"{100 * t['win_rate']:.0f} %"
            cells.append(f"{cell:>{width}}")
        lines.append(f"{a[:width]:<{width}} " + " ".join(cells))
    return "\n".join(lines)
