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
# games in memory, to tell the database's part from the rest), SERVE_ARGS
# (more `spieltisch serve` flags, split at spaces).
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

# Every connection is a descriptor of the server: two per table, and some
# for the listener, the database and HTTP requests in passing.
ulimit -n "$(ulimit -Hn)"
limit=$(ulimit -n)
if [ "$limit" != unlimited ] && [ $((2 * tables + 100)) -gt "$limit" ]; then
    fitting=$(((limit - 100) / 2))
    echo "human-pace.sh: one process may open $limit files here, too few for $tables tables" \
        "($((2 * tables)) WebSockets) in the server: running $fitting tables" >&2
    tables=$fitting
fi

cargo build --release -p spieltisch --quiet
spieltisch=$root/target/release/spieltisch

server_pid=""
stop_server() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2> /dev/null || true
        wait "$server_pid" 2> /dev/null || true
    fi
}
trap stop_server EXIT INT TERM

connections=$((2 * tables + 1000))
if [ "$db" = memory ]; then storage=(--memory); else storage=(--db "sqlite:$db"); fi
taskset -c 0 "$spieltisch" serve "${storage[@]}" --no-client-limits --addr "127.0.0.1:$port" \
    --max-websockets "$connections" --max-connections "$connections" --max-tables $((2 * tables)) \
    ${SERVE_ARGS:-} > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
    if (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then break; fi
    sleep 0.1
done

echo "machine: $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
    "server on core 0, $processes load generator processes on core 1; spieltisch $(git rev-parse --short HEAD)"
taskset -c 1 "$spieltisch" loadtest --target "127.0.0.1:$port" --server-pid "$server_pid" \
    --games "$tables" --think "$think" --seconds "$seconds" --warmup "$warmup" --processes "$processes"
echo "server log and database in $work"
