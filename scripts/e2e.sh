#!/usr/bin/env bash
# End-to-end tests of the web player: builds `skirmish`, serves it on a free loopback port with
# a throw-away database, and drives the page in Debian's Chromium (playwright-core, no browser
# download) with `node --test tests/e2e/`. Screenshots land in artifacts/e2e/.
#
# Installs what is missing (as root, non-interactively): chromium, node/npm, the npm packages.
# Exits non-zero when anything fails. Time limits: E2E_BUILD_TIMEOUT (default 3600 s) for the
# build, E2E_TEST_TIMEOUT (default 1200 s) for the tests.
#
# Environment: SKIRMISH_BIN to test an already built binary instead of building one (else the
# one cargo builds, in CARGO_TARGET_DIR when set);
# E2E_KEEP=1 to keep the server's temporary folder (database and log) for a look afterwards;
# E2E_WEB=DIR to serve the page from DIR (`skirmish serve --web DIR`) instead of the copy built
# into the binary (for testing a page against an already built binary); E2E_TOY=1 to run the
# server example with the platform's toy ruleset (`cargo build --workspace --example serve`,
# then `serve --toy`) instead of `skirmish serve`, so that the page's generic module plays it
# (tests/e2e/generic.test.mjs); E2E_TESTS to run only some test files.

set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
export DEBIAN_FRONTEND=noninteractive

say() { printf '\n== %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else
    echo "need root to run: $*" >&2
    return 1
  fi
}

APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" -eq 0 ]; then
    as_root apt-get update -q
    APT_UPDATED=1
  fi
  as_root apt-get install -y -q --no-install-recommends "$@"
}

# --- Tools -------------------------------------------------------------------------------------
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM:-}" ]; then
  say "installing chromium"
  apt_install chromium
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  say "installing node and npm"
  apt_install nodejs npm
fi
if ! command -v cargo >/dev/null && [ -z "${SKIRMISH_BIN:-}" ]; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    say "installing rust (rustup, minimal profile)"
    command -v curl >/dev/null || apt_install curl ca-certificates
    command -v cc >/dev/null || apt_install build-essential
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
fi
if ! command -v cc >/dev/null && [ -z "${SKIRMISH_BIN:-}" ]; then
  apt_install build-essential
fi

# --- npm packages (playwright-core only; never a browser download) ------------------------------
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
want=$(node -e "const l=require('./package-lock.json');const p=l.packages&&l.packages['node_modules/playwright-core'];console.log(p?p.version:'')" 2>/dev/null || true)
have=$(node -e "console.log(require('./node_modules/playwright-core/package.json').version)" 2>/dev/null || true)
if [ -z "$have" ] || { [ -n "$want" ] && [ "$want" != "$have" ]; }; then
  say "installing npm packages"
  if [ -f package-lock.json ]; then
    timeout 600 npm ci --no-audit --no-fund
  else
    timeout 600 npm install --no-audit --no-fund
  fi
fi

# --- The server ------------------------------------------------------------------------------
# Cargo builds into CARGO_TARGET_DIR when it is set (a relative one is relative to the root).
TARGET=${CARGO_TARGET_DIR:-target}
case "$TARGET" in /*) ;; *) TARGET="$ROOT/$TARGET" ;; esac
SERVE=(serve)
if [ "${E2E_TOY:-0}" = 1 ]; then
  if [ -n "${SKIRMISH_BIN:-}" ]; then
    BIN=$SKIRMISH_BIN
  else
    say "building the server example (with the toy ruleset)"
    timeout "${E2E_BUILD_TIMEOUT:-3600}" cargo build --workspace --example serve
    BIN="$TARGET/debug/examples/serve"
  fi
  SERVE=(--toy)
elif [ -n "${SKIRMISH_BIN:-}" ]; then
  BIN=$SKIRMISH_BIN
else
  say "building skirmish"
  timeout "${E2E_BUILD_TIMEOUT:-3600}" cargo build -p skirmish-cli
  BIN="$TARGET/debug/skirmish"
fi
[ -x "$BIN" ] || { echo "no binary at $BIN" >&2; exit 1; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/skirmish-e2e.XXXXXX")
SERVER_PID=""
cleanup() {
  status=$?
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -INT "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -f "$TMP/server.log" ]; then
    echo "--- server log (last 40 lines) ---" >&2
    tail -n 40 "$TMP/server.log" >&2 || true
  fi
  if [ "${E2E_KEEP:-0}" = 1 ]; then echo "kept $TMP" >&2; else rm -rf "$TMP"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
say "starting $(basename "$BIN") ${SERVE[*]} on port $PORT"
WEB_ARGS=()
if [ -n "${E2E_WEB:-}" ]; then WEB_ARGS=(--web "$E2E_WEB"); fi
"$BIN" "${SERVE[@]}" --port "$PORT" --db "$TMP/games.sqlite3" "${WEB_ARGS[@]}" >"$TMP/server.log" 2>&1 &
SERVER_PID=$!

URL="http://127.0.0.1:$PORT/"
ready=0
for _ in $(seq 1 300); do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "the server stopped while starting:" >&2
    cat "$TMP/server.log" >&2
    exit 1
  fi
  if node -e "fetch('${URL}api/content').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2>/dev/null; then
    ready=1
    break
  fi
  sleep 0.2
done
[ "$ready" = 1 ] || { echo "the server did not answer on $URL within 60 s" >&2; exit 1; }

# --- The tests ---------------------------------------------------------------------------------
mkdir -p artifacts/e2e
say "running the end-to-end tests against $URL"
# One test file at a time: the machine may have two cores and each test runs a browser.
NODE_FLAGS=(--test)
if node -e "const [a,b]=process.versions.node.split('.').map(Number);process.exit(a>20||(a===20&&b>=10)?0:1)"; then
  NODE_FLAGS+=(--test-concurrency=1)
fi
# E2E_TESTS: a subset of the test files (default: all of tests/e2e/).
SKIRMISH_URL=$URL timeout "${E2E_TEST_TIMEOUT:-1200}" node "${NODE_FLAGS[@]}" ${E2E_TESTS:-tests/e2e/}
say "end-to-end tests passed; screenshots in artifacts/e2e/"
