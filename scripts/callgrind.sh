#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind) for the figures in the README's performance section.
# Instructions, unlike wall time, repeat exactly on a shared machine.
#
#   bash scripts/callgrind.sh            # every figure
#   bash scripts/callgrind.sh games 5    # one workload, N repetitions
#   bash scripts/callgrind.sh mcts 200   # one search of N iterations (instructions per iteration)
#
# Figures:
# - instructions per applied action in random-vs-random HeroClix games (starter teams, sample
#   outdoor map, 10 rounds): everything the engine and the bots do per action, legal-action
#   generation included, the loading of the scenario subtracted;
# - random playouts to the end from the benchmark's mid-game position: instructions per playout
#   (their rate per second is criterion's `random_playout_from_mid_game` in crates/heroclix).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
cargo build --release -q -p skirmish-heroclix --example instructions
bin=target/release/examples/instructions
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Total instructions of one run of the workload (with CG_ONLY=PATTERN, only inside the
# functions matching it).
count() {
    local only=()
    [[ -n ${CG_ONLY:-} ]] && only=(--toggle-collect="$CG_ONLY")
    valgrind --tool=callgrind "${only[@]}" --callgrind-out-file="$out/cg" "$bin" "$@" >"$out/stdout" 2>/dev/null
    grep -E '^(summary|totals):' "$out/cg" | head -1 | awk '{print $2}'
}

run() {
    local mode=$1 n=$2
    local total actions base
    case $mode in
    playouts) base=$(count playout-setup 0) ;;
    legal) base=$(count legal-setup 0) ;;
    mcts) base=$(count mcts-setup 0) ;;
    greedy) base=0 ;;
    *) base=$(count setup 0) ;;
    esac
    if [[ $mode == greedy ]]; then
        total=$(CG_ONLY='*GreedyBot*as*Bot*choose*' count "$mode" "$n")
    else
        total=$(count "$mode" "$n")
    fi
    actions=$(awk '{print $4}' "$out/stdout")
    local net=$((total - base))
    case $mode in
    games)
        echo "games: $n random-vs-random games, $actions actions, $((net / actions)) instructions per applied action"
        ;;
    greedy)
        echo "greedy: $n greedy-vs-greedy games, $actions actions, $((net / actions)) instructions per choice (inside the bot; listing the legal actions not counted)"
        ;;
    legal)
        echo "legal: the mid-game position's legal actions listed $n times, $((net / n)) instructions per listing"
        ;;
    mcts)
        echo "mcts: one search of $actions iterations from the mid-game position (the bot as shipped, one thread), $((net / actions)) instructions per iteration"
        ;;
    playouts)
        local per=$((net / n))
        echo "playouts: $n random playouts from mid-game ($actions actions), $per instructions per playout"
        ;;
    esac
}

if [[ $# -ge 1 ]]; then
    run "$1" "${2:-5}"
else
    run games 5
    run playouts 20
fi
