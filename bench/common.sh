# What the benchmark scripts share (sourced, never run): the tools they
# need, two cores, the release build, waiting for a port, PostgreSQL's
# admin commands and pinning PostgreSQL's and NATS's processes to cores.
# The sourcing script sets `script` (its name, for messages) first.

# needs TOOL...: every tool is on the PATH, and the machine has two cores
# (the server side on core 0, the load generator on core 1).
needs() {
    local tool
    for tool in "$@"; do
        command -v "$tool" > /dev/null || { echo "$script: needs $tool" >&2; exit 1; }
    done
    if [ "$(nproc --all)" -lt 2 ]; then
        echo "$script: needs two cores (server side on 0, load generator on 1)" >&2
        exit 1
    fi
}

# Builds spieltisch for release; sets `spieltisch` to the binary.
build_spieltisch() {
    cargo build --release -p spieltisch --quiet
    spieltisch=$root/target/release/spieltisch
}

# wait_for_port PORT: true once something listens on 127.0.0.1:PORT (at most 10 s).
wait_for_port() {
    for _ in $(seq 100); do
        if (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null; then return 0; fi
        sleep 0.1
    done
    return 1
}

# psql_admin SQL: one command on the server at `postgres`, in its `postgres` database.
psql_admin() { psql "$postgres/postgres" -v ON_ERROR_STOP=1 -q -c "$1" > /dev/null; }

# pin_services CORES: PostgreSQL's and NATS's processes to CORES (new
# backends inherit the postmaster's).
pin_services() {
    local pid
    for pid in $(pgrep -x postgres; pgrep -x nats-server); do taskset -p -c "$1" "$pid" > /dev/null || true; done
}

# The machine's cores, as taskset writes them all.
all_cores() { echo "0-$(($(nproc --all) - 1))"; }

# stop_server: stops the one server a script started (its pid in
# `server_pid`) and waits for it; nothing when none runs.
stop_server() {
    if [ -n "${server_pid:-}" ]; then
        kill "$server_pid" 2> /dev/null || true
        wait "$server_pid" 2> /dev/null || true
        server_pid=""
    fi
}
