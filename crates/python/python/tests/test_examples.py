"""The example scripts run: a random against an MCTS agent, and a tiny sweep on a local Ray."""

import importlib.util
import sys

import pytest

from conftest import EXAMPLES


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_random_against_mcts(capsys):
    example = load("random_vs_mcts")
    example.main(["--ruleset", "heroclix", "--games", "1", "--mcts", "mcts:10i", "--max-steps", "300"])
    out = capsys.readouterr().out
    assert "game 1: random" in out and "total (1 games)" in out


def test_the_sweep_report_counts_every_game():
    from skirmish import sweep

    results = {
        ("a", "b"): [
            {"winners": [0], "scores": [3, 1], "steps": 10, "truncated": False},
            {"winners": [], "scores": [2, 2], "steps": 20, "truncated": True},
        ],
        ("b", "a"): [{"winners": [1], "scores": [0, 5], "steps": 30, "truncated": False}],
    }
    text = sweep.report(results, ("greedy", "random"))
    assert "a vs b" in text and "b vs a" in text
    summary = sweep.summarize(results[("a", "b")])
    assert (summary["wins"], summary["draws"], summary["losses"]) == (1, 1, 0)
    assert summary["win_rate"] == 0.75
    low, high = summary["interval"]
    assert 0 < low < 0.75 < high < 1
    assert "(1 cut short)" in text


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_a_tiny_sweep_on_ray(local_ray, capsys):
    example = load("ray_sweep")
    text = example.main(
        ["--ruleset", "heroscape", "--teams", "wardens,raiders", "--games", "2",
         "--bots", "greedy,random", "--seed", "1", "--max-steps", "1500"]
    )
    assert "wardens vs raiders" in text and "raiders vs wardens" in text
    # The same sweep played in this process gives the same results: Ray changes nothing.
    from skirmish import sweep

    setup = sweep.team_setup("heroscape", "wardens", "raiders")
    local = [sweep.play_game("heroscape", setup, 1 + i, ("greedy", "random"), (), 1500) for i in range(2)]
    remote = example.run("heroscape", ["wardens", "raiders"], 2, ("greedy", "random"), 1, (), 1500)
    assert remote[("wardens", "raiders")] == local
