"""Shared fixtures: the platform with the sample content built into each ruleset."""

import pathlib

import pytest

import skirmish

ROOT = pathlib.Path(__file__).resolve().parents[4]
EXAMPLES = ROOT / "crates" / "python" / "examples"


@pytest.fixture(scope="session")
def platform():
    return skirmish.platform()


@pytest.fixture(scope="session", params=["heroclix", "heroscape"])
def ruleset(request):
    return request.param
