#!/usr/bin/env bash
# Human pace, open loop (docs/benchmarks.md, "Human pace"; issue #17):
# TABLES concurrent two-seat tables of Six on a server with its games in
# SQLite, each person thinking THINK on average (exponentially distributed)
# after the turn comes to them. The load is spread over PROCESSES generator
# processes, each connecting from its own 127.0.0.x address; the tool reads
# the server's CPU time and resident memory from /proc.
#
#   bench/human-pace.sh              # about 2 minutes after the build
#
# Environment: TABLES (10000), THINK (4s), SECONDS_PER_RUN (60), WARMUP (40;
# tables are opened over its first half), PROCESSES (4), PORT (18500),
# DB (a fresh SQLite file in a temporary directory; "memory" keeps the
# games in memory, to tell the database's part from the rest; "postgres"
# a fresh database at POSTGRES), NODES (1; 2 with DB=postgres: a cluster on
# NATS at NATS), SERVE_ARGS (more `spieltisch serve` flags, split at spaces).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tables=${TABLES:-10000}
think=${THINK:-4s}
seconds=${SECONDS_PER_RUN:-60}
warmup=${WARMUP:-40}
processes=${PROCESSES:-4}
port=${PORT:-18500}
work=$(mktemp -d -t spieltisch-human-pace.XXXXXX)
db=${DB:-$work/games.db}

nodes=${NODES:-1}

# Every connection is a descriptor of a server process: two per table, over
# the nodes, and some for the listener, the database and HTTP requests in
# passing.
ulimit -n "$(ulimit -Hn)"
limit=$(ulimit -n)
if [ "$limit" != unlimited ] && [ $((2 * tables / nodes + 100)) -gt "$limit" ]; then
    fitting=$(((limit - 100) * nodes / 2))
    echo "human-pace.sh: one process may open $limit files here, too few for $tables tables" \
        "($((2 * tables / nodes)) WebSockets a node) in the server: running $fitting tables" >&2
    tables=$fitting
fi

script=human-pace.sh
# shellcheck source=bench/common.sh
source "$root/bench/common.sh"
build_spieltisch

# DB=postgres: the games in a fresh PostgreSQL database; NODES=2 (with
# DB=postgres) makes that a cluster of two nodes on NATS, each table with
# one seat on each node.
postgres=${POSTGRES:-postgres://postgres@127.0.0.1:5432}
nats=${NATS:-nats://127.0.0.1:4222}
database=spieltisch_pace_$$
if [ "$nodes" -gt 1 ] && [ "$db" != postgres ]; then
    echo "human-pace.sh: NODES=$nodes needs DB=postgres (the nodes share a PostgreSQL database)" >&2
    exit 1
fi
server_pids=()
stop_server() {
    for pid in "${server_pids[@]}"; do
        kill "$pid" 2> /dev/null || true
        wait "$pid" 2> /dev/null || true
    done
    if [ "$db" = postgres ]; then
        psql_admin "DROP DATABASE IF EXISTS $database WITH (FORCE)" 2> /dev/null || true
        pin_services "$(all_cores)"
    fi
}
trap stop_server EXIT INT TERM

connections=$((2 * tables + 1000))
case "$db" in
    memory) storage=(--memory) ;;
    postgres)
        psql_admin "CREATE DATABASE $database"
        storage=(--db "$postgres/$database")
        if [ "$nodes" -gt 1 ]; then storage+=(--bus "$nats" --bus-prefix "pace$$"); fi
        # The services share the server side's core.
        pin_services 0
        ;;
    *) storage=(--db "sqlite:$db") ;;
esac
targets=()
pids=()
for ((i = 0; i < nodes; i++)); do
    taskset -c 0 "$spieltisch" serve "${storage[@]}" --no-client-limits --allow-client-seeds --addr "127.0.0.1:$((port + i))" \
        --max-websockets "$connections" --max-connections "$connections" --max-tables $((2 * tables)) \
        ${SERVE_ARGS:-} > "$work/server$i.log" 2>&1 &
    server_pids+=($!)
    wait_for_port $((port + i)) || { echo "human-pace.sh: nothing listens on port $((port + i)); logs in $work" >&2; exit 1; }
    targets+=(--target "127.0.0.1:$((port + i))")
    pids+=(--server-pid "${server_pids[$i]}")
done

echo "machine: $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
    "$nodes server node(s) on core 0 ($db), $processes load generator processes on core 1; spieltisch $(git rev-parse --short HEAD)"
taskset -c 1 "$spieltisch" loadtest "${targets[@]}" "${pids[@]}" \
    --games "$tables" --think "$think" --seconds "$seconds" --warmup "$warmup" --processes "$processes"
echo "server logs and database in $work"
