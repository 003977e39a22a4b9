#!/usr/bin/env bash
# Every test of the project: the README's "run every test" command, and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's wall time, printed at the end even when a step fails: CI shows only the tail of
# its log, and its 40-minute limit needs to know where the time goes.
times=()
step() {
    local name=$1 start=$SECONDS
    shift
    "$@"
    times+=("$(printf '%6d s  %s' $((SECONDS - start)) "$name")")
}
trap 'printf "\n== time per step (seconds since the start: %d)\n" "$SECONDS"; printf "%s\n" "${times[@]}"' EXIT
step "cargo test (build and run)" cargo test --workspace --all-targets
# Doc examples are tests too (--all-targets leaves them out).
step "doc tests" cargo test --workspace --doc
# The Python package (PettingZoo environments, state API, a tiny sweep on a local Ray): a venv
# under the target dir, the extension built by maturin on the dev artefacts just compiled.
step "python" bash scripts/test-python.sh
# The web player in a real headless Chromium (installs chromium and playwright-core if missing),
# on the `skirmish` the tests above built: a plain `cargo build` resolves the dependencies'
# features without the test-only ones and so compiled every crate a second time.
step "browser" env SKIRMISH_BIN="${CARGO_TARGET_DIR:-target}/debug/skirmish" bash scripts/e2e.sh
# A second ruleset with no page module of its own (the platform's toy game, registered only by
# the server's example) played in the browser through the page's generic module.
# `cargo test --all-targets` builds examples as test harnesses (`serve --toy` there is refused as
# a test-runner option), so the server example is built as a program here, for the whole
# workspace: with the same features as the tests' build, it reuses every crate that build made
# (a `-p skirmish-server` build resolved other features and compiled the server again).
step "server example" cargo build --workspace --example serve
toy_server="${CARGO_TARGET_DIR:-target}/debug/examples/serve"
step "browser, toy ruleset" env E2E_TOY=1 SKIRMISH_BIN="$toy_server" \
    E2E_TESTS=tests/e2e/generic.test.mjs bash scripts/e2e.sh
