#!/usr/bin/env bash
# The Python package's tests (part of scripts/test-all.sh): a virtual environment under the
# target dir with the pinned test requirements, the package built into it by maturin through
# pip, then pytest (PettingZoo's API and seed tests on every ruleset, the state API, the
# examples, a tiny sweep on a local Ray).
#
# The build uses the workspace's dev profile and target dir (`[tool.maturin] profile = "dev"`),
# so right after `cargo test --workspace --all-targets` it compiles only the extension crate.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
venv="$target/python-venv"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/pip" install -q --disable-pip-version-check -r crates/python/requirements-test.txt
# No build isolation: maturin is already in the venv, and a fresh isolated one would be
# downloaded again on every run.
CARGO_TARGET_DIR="$target" PATH="$venv/bin:$PATH" \
    "$venv/bin/pip" install -q --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps ./crates/python
# Ray's workers start from the venv's python; its dashboard and usage report stay off.
RAY_USAGE_STATS_ENABLED=0 "$venv/bin/python" -m pytest -q crates/python/python/tests "$@"
