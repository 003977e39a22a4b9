#!/usr/bin/env bash
# Every test of the project: the README's "run every test" command, and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --all-targets
# Doc examples are tests too (--all-targets leaves them out).
cargo test --workspace --doc
# The Python package (PettingZoo environments, state API, a tiny sweep on a local Ray): a venv
# under the target dir, the extension built by maturin on the dev artefacts just compiled.
bash scripts/test-python.sh
# The web player in a real headless Chromium (installs chromium and playwright-core if missing),
# on the `skirmish` the tests above built: a plain `cargo build` resolves the dependencies'
# features without the test-only ones and so compiled every crate a second time.
SKIRMISH_BIN="${CARGO_TARGET_DIR:-target}/debug/skirmish" bash scripts/e2e.sh
# A second ruleset with no page module of its own (the platform's toy game, registered only by
# the server's example) played in the browser through the page's generic module.
# `--all-targets` above built that example with the tests' features: reusing it spares CI a
# second build of the server and its dependencies.
E2E_TOY=1 SKIRMISH_BIN="${CARGO_TARGET_DIR:-target}/debug/examples/serve" \
    E2E_TESTS=tests/e2e/generic.test.mjs bash scripts/e2e.sh
