#!/usr/bin/env bash
# What the cluster costs (docs/benchmarks.md, "Cluster cost"; issue #17):
# actions per second and CPU per action of Six played over WebSocket on
#
#   sqlite    one node, its games in an SQLite file (the embedded default);
#   postgres  one node, its games in PostgreSQL;
#   cluster   two nodes on PostgreSQL and NATS, every table with one seat on
#             each node, so that every move crosses the bus.
#
# The server side (the nodes, PostgreSQL and NATS) is pinned to core 0 and
# the load generator to core 1, so each setup does its work on one core;
# the CPU of the nodes, of PostgreSQL's processes and of NATS is read from
# /proc apart. Per setup: an open loop of 1,000 moves/s over 100 games, then
# a closed loop (saturated) with 100 games in flight.
#
#   bench/cluster.sh          # about 2 minutes after the build
#
# Needs PostgreSQL on 127.0.0.1:5432 (trust authentication, user postgres)
# and NATS on 127.0.0.1:4222 (what .ci/run starts). Environment:
# SECONDS_PER_RUN (10), WARMUP (3), PORT (18600; the second node PORT+1),
# POSTGRES (postgres://postgres@127.0.0.1:5432), NATS (nats://127.0.0.1:4222),
# OUT (a fresh temporary directory for the JSON reports and logs).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${SECONDS_PER_RUN:-10}
warmup=${WARMUP:-3}
port=${PORT:-18600}
postgres=${POSTGRES:-postgres://postgres@127.0.0.1:5432}
nats=${NATS:-nats://127.0.0.1:4222}
out=${OUT:-$(mktemp -d -t spieltisch-cluster.XXXXXX)}
mkdir -p "$out"
database=spieltisch_bench_$$
script=cluster.sh
# shellcheck source=bench/common.sh
source "$root/bench/common.sh"

needs taskset jq psql cargo pgrep
echo "building spieltisch (release) ..." >&2
build_spieltisch

# CPU seconds (user + system) of every process named $1, now.
cpu_of() {
    local total=0 pid ticks
    for pid in $(pgrep -x "$1" || true); do
        ticks=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat" 2> /dev/null || echo 0)
        total=$((total + ticks))
    done
    awk -v t="$total" 'BEGIN { printf "%.2f", t / 100 }'
}

node_pids=()
stop_nodes() {
    for pid in "${node_pids[@]}"; do
        kill "$pid" 2> /dev/null || true
        wait "$pid" 2> /dev/null || true
    done
    node_pids=()
}
cleanup() {
    stop_nodes
    psql_admin "DROP DATABASE IF EXISTS $database WITH (FORCE)" 2> /dev/null || true
    pin_services "$(all_cores)"
}
trap cleanup EXIT INT TERM

start_nodes() { # setup
    local flags=() count=1 i
    case "$1" in
        sqlite) flags=(--db "sqlite:$out/games-$$.db") ;;
        postgres) flags=(--db "$postgres/$database") ;;
        cluster) flags=(--db "$postgres/$database" --bus "$nats" --bus-prefix "bench$$"); count=2 ;;
    esac
    if [ "$1" != sqlite ]; then
        psql_admin "DROP DATABASE IF EXISTS $database WITH (FORCE)"
        psql_admin "CREATE DATABASE $database"
    fi
    targets=()
    pids=()
    for ((i = 0; i < count; i++)); do
        taskset -c 0 "$spieltisch" serve "${flags[@]}" --no-client-limits --allow-client-seeds \
            --addr "127.0.0.1:$((port + i))" > "$out/$1-node$i.log" 2>&1 &
        node_pids+=($!)
        wait_for_port $((port + i)) || { echo "cluster.sh: nothing listens on port $((port + i)); logs in $out" >&2; exit 1; }
        targets+=(--target "127.0.0.1:$((port + i))")
        pids+=(--server-pid "${node_pids[$i]}")
    done
}

loads=(
    "rate1000:--games 100 --rate 1000"
    "sat100:--games 100"
)

pin_services 0
for setup in sqlite postgres cluster; do
    for load in "${loads[@]}"; do
        name=${load%%:*}
        read -r -a load_args <<< "${load#*:}"
        start_nodes "$setup"
        echo "$setup, $name ..." >&2
        # The services' CPU over the measured seconds: sampled when the
        # generator's warm-up ends and when its measured time ends.
        (
            sleep "$warmup"
            echo "$(cpu_of postgres) $(cpu_of nats-server)" > "$out/services-start"
            sleep "$seconds"
            echo "$(cpu_of postgres) $(cpu_of nats-server)" > "$out/services-end"
        ) &
        sampler=$!
        taskset -c 1 "$spieltisch" loadtest "${targets[@]}" "${pids[@]}" \
            --seconds "$seconds" --warmup "$warmup" --json "${load_args[@]}" > "$out/$setup-$name.json"
        wait "$sampler"
        read -r pg_start nats_start < "$out/services-start"
        read -r pg_end nats_end < "$out/services-end"
        jq --argjson pg "$(awk -v a="$pg_start" -v b="$pg_end" 'BEGIN { print b - a }')" \
            --argjson nats "$(awk -v a="$nats_start" -v b="$nats_end" 'BEGIN { print b - a }')" \
            '. + {services: {postgres_cpu_seconds: $pg, nats_cpu_seconds: $nats}}' \
            "$out/$setup-$name.json" > "$out/$setup-$name.full.json"
        stop_nodes
    done
done

# The services' CPU per action over the measured seconds.
field() { jq -r "$2" "$out/$1.full.json"; }
services_us() { # report service
    jq -r --arg s "$2" '(.services[$s + "_cpu_seconds"]) * 1e6 / ([.actions, 1] | max)' "$out/$1.full.json"
}
row() { # label load kind(node|postgres|nats|total|rate|p50|p99) decimals
    local values=() setup v n p s
    for setup in sqlite postgres cluster; do
        case "$3" in
            rate) v=$(field "$setup-$2" '.actions_per_sec') ;;
            p50) v=$(field "$setup-$2" '.latency_ms.p50') ;;
            p99) v=$(field "$setup-$2" '.latency_ms.p99') ;;
            node) v=$(field "$setup-$2" '.server.cpu_us_per_action') ;;
            postgres) v=$(services_us "$setup-$2" postgres) ;;
            nats) v=$(services_us "$setup-$2" nats) ;;
            total)
                n=$(field "$setup-$2" '.server.cpu_us_per_action')
                p=$(services_us "$setup-$2" postgres)
                s=$(services_us "$setup-$2" nats)
                v=$(awk -v n="$n" -v p="$p" -v s="$s" 'BEGIN { print n + p + s }')
                ;;
        esac
        values+=("$v")
    done
    awk -v l="$1" -v a="${values[0]}" -v b="${values[1]}" -v c="${values[2]}" -v d="$4" 'BEGIN {
        printf "| %-40s | %10.*f | %10.*f | %10.*f |\n", l, d, a, d, b, d, c }'
}

echo
echo "Machine: $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
    "nodes, PostgreSQL and NATS pinned to core 0, load generator to core 1; ${seconds} s measured after ${warmup} s of warm-up;" \
    "spieltisch $(git rev-parse --short HEAD), Six; $(psql "$postgres/postgres" -At -c 'SHOW server_version'), $(nats-server --version 2> /dev/null || echo nats-server)."
echo
printf "| %-40s | %10s | %10s | %10s |\n" "figure" "SQLite" "PostgreSQL" "2 nodes"
echo "| --- | ---: | ---: | ---: |"
row "moves/s at 1,000 moves/s asked" rate1000 rate 0
row "  p50 latency, ms" rate1000 p50 2
row "  p99" rate1000 p99 2
row "  CPU µs/move: the nodes" rate1000 node 1
row "  PostgreSQL" rate1000 postgres 1
row "  NATS" rate1000 nats 1
row "  in all" rate1000 total 1
row "saturated moves/s, 100 games" sat100 rate 0
row "  p50 latency, ms" sat100 p50 2
row "  p99" sat100 p99 2
row "  CPU µs/move: the nodes" sat100 node 1
row "  PostgreSQL" sat100 postgres 1
row "  NATS" sat100 nats 1
row "  in all" sat100 total 1
errors=$(jq -s 'map(.errors) | add' "$out"/*.full.json)
echo
echo "refused or failed games over all runs: $errors; reports and logs in $out"
