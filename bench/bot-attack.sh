#!/usr/bin/env bash
# The bot-budget attack of issue 23 (docs/security.md, "Bots"): a victim's
# `random` and `hard` bots while one address, then three, keep 30 tables
# each of the most expensive accepted bots. Three runs, each on a fresh
# release server on loopback with its default limits: the victim's tables
# alone, then under each attack (the clients: crates/loadtest/examples/bot_attack.rs).
#
#   bench/bot-attack.sh              # about 7 minutes after the build
#
# Environment: SECONDS_PER_RUN (120), TABLES (30 per attacking address),
# PORT (18600).
set -euo pipefail

script=bench/bot-attack.sh
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
needs cargo
build_spieltisch
cargo build --release -p spieltisch-loadtest --example bot_attack --quiet
attack=$root/target/release/examples/bot_attack
seconds=${SECONDS_PER_RUN:-120}
tables=${TABLES:-30}
port=${PORT:-18600}
work=$(mktemp -d -t spieltisch-bot-attack.XXXXXX)

# run NAME ARGS...: a fresh server, the clients, its log kept.
run() {
    local name=$1
    shift
    "$spieltisch" serve --memory --addr "127.0.0.1:$port" > "$work/$name.log" 2>&1 &
    local pid=$!
    wait_for_port "$port" || { echo "$script: the server did not start" >&2; exit 1; }
    # The figures as JSON in the file, a summary line on the terminal.
    "$attack" --port "$port" --pid "$pid" --seconds "$seconds" --tables "$tables" "$@" > "$work/$name.json"
    kill "$pid"
    wait "$pid" 2> /dev/null || true
    echo "  searches stopped at their deadline: $(grep -c 'stopped at its deadline' "$work/$name.log" || true)"
}

run alone --phase alone
run one --phase attack --addresses 1 --alone "$work/alone.json"
run three --phase attack --addresses 3 --alone "$work/alone.json"
echo "(figures and server logs in $work)"
