#!/usr/bin/env bash
# Instructions per call for HeroScape movement and line of sight, counted by valgrind's callgrind
# (instruction counts do not vary with the load of a shared machine, timings do).
#
# Usage: bash scripts/callgrind-heroscape.sh [K]   (K repetitions per measurement, default 200)
#        bash scripts/callgrind-heroscape.sh game [N]   (whole games, N of them, default 5)
#
# `game`: instructions per whole random-vs-random game, 300 points a side on the sample
# battlefield Riverbend Heights (crates/heroscape/benches/game/mod.rs, the benchmark
# `game_random_vs_random_300_points`): the games of seeds 1..=N, minus a run that only sets up
# the scenario, divided by N; and per action.
#
# The calls are those of crates/heroscape/benches/geometry.rs, on its 400-hex multi-level
# battlefield (crates/heroscape/benches/field/mod.rs): `reach` (a move-5 height-5 figure),
# `double` (a move-5 double-space figure) and `los` (a 10-hex 3D line of sight). Each is run
# three times under callgrind: with 0 repetitions (start-up, battlefield and grid building), with 1
# and with 1+K. Start-up is subtracted, so:
#   per call   = (Ir(1+K) - Ir(1)) / K
#   first call = Ir(1) - Ir(0)
# "per state" divides by the states the search visited (`visited`: hexes and footings for a
# one-hex figure, (lead, tail) pairs for a double-space one); "per hex" by the hexes the line
# crosses. The `real-` lines are the same calls on Table des géants (the shared data's .hsc, read
# when it is beside the workspace or under $SKIRMISH_SHARED/data), without other figures: movers on
# the free places nearest the map's middle, the line from there to a figure 10 hexes away.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }

if [[ ${1:-} == game ]]; then
    N=${2:-5}
    cargo build --release --quiet -p skirmish-heroscape --example callgrind_game
    BIN=${CARGO_TARGET_DIR:-target}/release/examples/callgrind_game
    OUT=$(mktemp -d)
    trap 'rm -rf "$OUT"' EXIT
    for n in 0 "$N"; do
        valgrind --tool=callgrind --callgrind-out-file="$OUT/$n.cg" "$BIN" "$n" >"$OUT/$n.txt" 2>/dev/null
    done
    awk -v n="$N" -v base="$(awk '/^(summary|totals):/ { print $2; exit }' "$OUT/0.cg")" \
        -v total="$(awk '/^(summary|totals):/ { print $2; exit }' "$OUT/$N.cg")" \
        -v actions="$(awk '{ print $4 }' "$OUT/$N.txt")" 'BEGIN {
        net = total - base
        printf "game: %d random-vs-random 300-point games, %d actions: %.1f M Ir per game, %.0f Ir per action\n",
            n, actions, net / n / 1e6, net / actions
    }'
    exit 0
fi

K=${1:-200}
cargo build --release --quiet -p skirmish-heroscape --example callgrind_geometry
BIN=${CARGO_TARGET_DIR:-target}/release/examples/callgrind_geometry
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

ir() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$OUT/$name.cg" "$@" >"$OUT/$name.txt" 2>/dev/null
    awk '/^(summary|totals):/ { print $2; exit }' "$OUT/$name.cg"
}

# `measure WHAT WORD`: WORD names the count printed by one call that the cost is divided by.
measure() {
    local what=$1 word=$2
    local i0 i1 ik n
    i0=$(ir "$what-0" "$BIN" "$what" 0)
    i1=$(ir "$what-1" "$BIN" "$what" 1)
    ik=$(ir "$what-k" "$BIN" "$what" $((K + 1)))
    n=$(awk -v w="$word" '{ for (i = 1; i < NF; i++) if ($i == w) print $(i + 1) }' "$OUT/$what-1.txt")
    awk -v l="$what" -v w="$word" -v i0="$i0" -v i1="$i1" -v ik="$ik" -v k="$K" -v n="$n" -v extra="$(head -1 "$OUT/$what-1.txt")" 'BEGIN {
        per = (ik - i1) / k
        printf "%-8s %8.0f Ir per call, %6.1f Ir per %s (%d); first call %.0f Ir  [%s]\n",
            l, per, per / n, w, n, i1 - i0, extra
    }'
}

measure reach visited
measure double visited
measure los crossed
if [ -f ../shared/data/heroscape/virtualscape/Table_des_geants.hsc ] ||
    [ -f "${SKIRMISH_SHARED:-/nonexistent}/data/heroscape/virtualscape/Table_des_geants.hsc" ]; then
    measure real-reach visited
    measure real-double visited
    measure real-los crossed
fi
