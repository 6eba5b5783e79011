#!/usr/bin/env bash
# spieltisch against boardgame.io, side by side (docs/benchmarks.md,
# "Against boardgame.io"; issue #17).
#
# Each server runs alone, pinned to core 0, fresh for every run; the load
# generator (`spieltisch loadtest`, which speaks both protocols) is pinned
# to core 1 and reads the server's CPU time from /proc. Per server: open
# loops of 1,000 and 3,000 moves/s over 100 games, then closed loops
# (saturated) with 100 and 500 games in flight. boardgame.io plays its
# do-nothing 40-move game (bench/anchors/bgio/server.js), spieltisch real
# Six, which only favours boardgame.io.
#
#   bench/anchors/run.sh            # about 3 minutes after the builds
#
# Environment: SECONDS_PER_RUN (10), WARMUP (3), PORT (18400),
# OUT (a fresh temporary directory for the JSON reports).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
seconds=${SECONDS_PER_RUN:-10}
warmup=${WARMUP:-3}
port=${PORT:-18400}
out=${OUT:-$(mktemp -d -t spieltisch-anchors.XXXXXX)}
mkdir -p "$out"

script=run.sh
# shellcheck source=bench/common.sh
source "$root/bench/common.sh"
needs taskset node npm jq cargo

echo "building spieltisch (release) and installing boardgame.io 0.50.2 ..." >&2
build_spieltisch
(cd bench/anchors/bgio && npm ci --no-audit --no-fund --loglevel=error > /dev/null)

server_pid=""
trap stop_server EXIT INT TERM

start_server() { # server name
    case "$1" in
        bgio) taskset -c 0 node bench/anchors/bgio/server.js "$port" > "$out/$1.log" 2>&1 & ;;
        spieltisch)
            taskset -c 0 "$spieltisch" serve --memory --no-client-limits --allow-client-seeds \
                --addr "127.0.0.1:$port" > "$out/$1.log" 2>&1 &
            ;;
    esac
    server_pid=$!
    wait_for_port "$port" && return 0
    echo "run.sh: $1 did not start listening on port $port; its log:" >&2
    cat "$out/$1.log" >&2
    exit 1
}

# name: loadtest arguments
loads=(
    "rate1000:--games 100 --rate 1000"
    "rate3000:--games 100 --rate 3000"
    "sat100:--games 100"
    "sat500:--games 500"
)

for server in bgio spieltisch; do
    for load in "${loads[@]}"; do
        name=${load%%:*}
        read -r -a load_args <<< "${load#*:}"
        start_server "$server"
        echo "$server, $name ..." >&2
        # One core for the generator: its runtime then has one worker thread.
        taskset -c 1 "$spieltisch" loadtest --protocol "$server" --target "127.0.0.1:$port" \
            --server-pid "$server_pid" --seconds "$seconds" --warmup "$warmup" --json \
            "${load_args[@]}" > "$out/$server-$name.json"
        stop_server
    done
done

# One line per figure: boardgame.io, spieltisch, and spieltisch / boardgame.io.
field() { jq -r "$2" "$out/$1.json"; }
row() { # label jq-expression load decimals
    local b s
    b=$(field "bgio-$3" "$2")
    s=$(field "spieltisch-$3" "$2")
    awk -v l="$1" -v b="$b" -v s="$s" -v d="$4" 'BEGIN {
        r = (b > 0) ? sprintf("%.2f", s / b) : "-";
        printf "| %-44s | %12.*f | %12.*f | %8s |\n", l, d, b, d, s, r }'
}

echo
echo "Machine: $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
    "servers pinned to core 0, load generator to core 1; ${seconds} s measured after ${warmup} s of warm-up."
echo "boardgame.io 0.50.2 (node $(node --version)), do-nothing game of 40 moves; spieltisch $(git rev-parse --short HEAD), Six."
echo
printf "| %-44s | %12s | %12s | %8s |\n" "figure" "boardgame.io" "spieltisch" "st / bgio"
echo "| --- | ---: | ---: | ---: |"
for load in rate1000 rate3000; do
    rate=${load#rate}
    row "server CPU µs/move at $rate moves/s" '.server.cpu_us_per_action' "$load" 1
    row "  moves/s achieved" '.actions_per_sec' "$load" 0
    row "  p50 latency, ms" '.latency_ms.p50' "$load" 2
    row "  p99 latency, ms" '.latency_ms.p99' "$load" 2
    row "  server CPU, % of its core" '.server.cpu_percent' "$load" 0
    row "  load generator CPU, % of its core" '.cpu_percent' "$load" 0
done
for load in sat100 sat500; do
    games=${load#sat}
    row "saturated moves/s, $games games" '.actions_per_sec' "$load" 0
    row "  server CPU µs/move" '.server.cpu_us_per_action' "$load" 1
    row "  p50 latency, ms" '.latency_ms.p50' "$load" 2
    row "  p99 latency, ms" '.latency_ms.p99' "$load" 2
    row "  server CPU, % of its core" '.server.cpu_percent' "$load" 0
    row "  load generator CPU, % of its core" '.cpu_percent' "$load" 0
done
errors=$(jq -s 'map(.errors) | add' "$out"/*.json)
echo
echo "refused or failed games over all runs: $errors; reports in $out"
