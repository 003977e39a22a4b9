#!/usr/bin/env bash
# Instructions per square for movement search and line of fire, counted by valgrind's callgrind
# (instruction counts do not vary with the load of a shared machine, timings do).
#
# Usage: bash scripts/callgrind-movement.sh [K]   (K repetitions per measurement, default 200;
# ONLY=move or ONLY=los measures one of the two)
#
# Each example program is run three times under callgrind: with 0 repetitions (start-up, map
# loading), with 1 and with 1+K. Start-up is subtracted, so:
#   per call   = (Ir(1+K) - Ir(1)) / K        a search or verdict on warm per-map tables
#   first call = Ir(1) - Ir(0)                 the first one, building the per-map tables
#
# Definitions of "per square":
# - Movement (`reach_speed_10`, crates/heroclix/benches/movement.rs: a speed-10 figure on
#   maps/harbour-district.toml, one enemy and one friend on the board): instructions of one
#   `movement::reach` call divided by the squares it reached, that is `visited()`: every square
#   the search got to within the figure's allowance, the start and squares it may only pass
#   through included.
# - Line of fire (`los_verdict_*`, crates/los/benches/los.rs): instructions of one
#   `ClixLos::verdict` call divided by the squares the verdict crosses, that is every square
#   the line enters (the target's included, the attacker's not) up to the first one that blocks
#   it, where the verdict stops: the `examined` count the example reads from `explain()`. The
#   whole line's count (`crossed`) is printed beside it. For `one_to_all` (the verdicts from one
#   square to all 576) the counts are summed over the lines.
set -euo pipefail
cd "$(dirname "$0")/.."
K=${1:-200}
cargo build --release --quiet -p skirmish-heroclix --example callgrind_movement
cargo build --release --quiet -p skirmish-los --example callgrind_los
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# Total instructions of one run: `ir NAME ARGS...`.
ir() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$OUT/$name.cg" "$@" >"$OUT/$name.txt" 2>/dev/null
    awk '/^(summary|totals):/ { print $2; exit }' "$OUT/$name.cg"
}

# `measure LABEL WHAT_WORD BIN ARGS...`: BIN takes the repetition count as its last argument and
# prints "<word> <squares> ..." on its first line.
measure() {
    local label=$1 word=$2
    shift 2
    local i0 i1 ik squares
    i0=$(ir "$label-0" "$@" 0)
    i1=$(ir "$label-1" "$@" 1)
    ik=$(ir "$label-k" "$@" $((K + 1)))
    squares=$(awk -v w="$word" '{ for (i = 1; i < NF; i++) if ($i == w) print $(i + 1) }' "$OUT/$label-1.txt")
    awk -v l="$label" -v w="$word" -v i0="$i0" -v i1="$i1" -v ik="$ik" -v k="$K" -v s="$squares" -v extra="$(head -1 "$OUT/$label-1.txt")" 'BEGIN {
        per = (ik - i1) / k
        printf "%-28s %8.0f Ir per call, %6.1f Ir per square %s (%d); first call %.0f Ir  [%s]\n",
            l, per, per / s, w, s, i1 - i0, extra
    }'
}

[ "${ONLY:-}" = los ] || measure reach_speed_10 reached target/release/examples/callgrind_movement
[ "${ONLY:-}" = move ] || measure los_verdict_long_diagonal examined target/release/examples/callgrind_los long_diagonal
[ "${ONLY:-}" = move ] || measure los_verdict_range_6 examined target/release/examples/callgrind_los range_6
[ "${ONLY:-}" = move ] || measure los_verdict_one_to_all examined target/release/examples/callgrind_los one_to_all
