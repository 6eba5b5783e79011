#!/usr/bin/env bash
# The load generator's own CPU per move, of two builds side by side
# (docs/benchmarks.md, "The load generator"): the figures of every other
# benchmark include what the generator costs on its core, so a generator
# that grows dearer would move them all.
#
#   bench/generator.sh BEFORE AFTER [ROUNDS]
#
# BEFORE and AFTER are `spieltisch` binaries (release builds). One server,
# this checkout's release build, runs alone pinned to core 0, fresh for
# every run; each generator is pinned to core 1 and plays Six over the
# WebSocket (an open loop of RATE moves/s over 100 games, or with RATE=0 a
# closed loop of 100 games in flight), BEFORE and AFTER
# taking turns for ROUNDS (5) rounds. Prints each run's generator CPU per
# move, then the median of each.
#
# Environment: RATE (1000), SECONDS_PER_RUN (10), WARMUP (3), PORT (18700),
# OUT (a fresh temporary directory for the JSON reports).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
before=${1:?usage: bench/generator.sh BEFORE AFTER [ROUNDS]}
after=${2:?usage: bench/generator.sh BEFORE AFTER [ROUNDS]}
rounds=${3:-5}
rate=${RATE:-1000}
seconds=${SECONDS_PER_RUN:-10}
warmup=${WARMUP:-3}
port=${PORT:-18700}
out=${OUT:-$(mktemp -d -t spieltisch-generator.XXXXXX)}
mkdir -p "$out"

script=generator.sh
# shellcheck source=bench/common.sh
source "$root/bench/common.sh"
needs taskset jq cargo

echo "building spieltisch (release) for the server ..." >&2
build_spieltisch

server_pid=""
trap stop_server EXIT INT TERM

run() { # label generator round
    taskset -c 0 "$spieltisch" serve --memory --no-client-limits --allow-client-seeds \
        --addr "127.0.0.1:$port" > "$out/server-$1-$3.log" 2>&1 &
    server_pid=$!
    wait_for_port "$port" || { echo "$script: the server did not start" >&2; exit 1; }
    local pace=()
    [ "$rate" = 0 ] || pace=(--rate "$rate")
    taskset -c 1 "$2" loadtest --target "127.0.0.1:$port" --server-pid "$server_pid" \
        --seconds "$seconds" --warmup "$warmup" --games 100 "${pace[@]}" --json > "$out/$1-$3.json"
    stop_server
    printf "%-6s round %d: %6.1f µs/move (%5.0f moves/s)\n" "$1" "$3" \
        "$(jq .cpu_us_per_action "$out/$1-$3.json")" "$(jq .actions_per_sec "$out/$1-$3.json")"
}

for round in $(seq "$rounds"); do
    run before "$before" "$round"
    run after "$after" "$round"
done

median() { jq -s 'map(.cpu_us_per_action) | sort | .[(length - 1) / 2 | floor] * 10 | round / 10' "$out"/"$1"-*.json; }
echo
echo "Machine: $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
    "server on core 0, generator on core 1; Six, 100 games, $rate moves/s (0: as fast as the server goes), ${seconds} s after ${warmup} s."
echo "generator CPU per move, median of $rounds: before $(median before) µs, after $(median after) µs; reports in $out"
