#!/usr/bin/env python3
"""The bot-budget attack of issue 23, against a running `spieltisch serve`
on loopback: victims' bots answer while attackers keep the search pool full.

Each attacking address (127.0.0.10, .11, ...) opens `--tables` tables of the
most expensive accepted bots (Der Ausreisser, 6 riders, 10 stages, every
seat `ismcts:ms=<--bot-max-ms>`, the cap). Meanwhile a victim at 127.0.0.3
watches two tables of its own over the WebSocket: Six between two `random`
bots, and Six between two `hard` bots, both with a fixed seed (a table with
no person's seat may choose its seed). For every bot move it records the
time since the move before it (the bot's delay, its wait in the pool and its
own decision), and the CPU time the server's search threads used meanwhile
(/proc, so the same machine). The `hard` table is first played alone (`--phase alone`), so
that each move's own decision is known, and then under attack (`--phase
attack`): the same seed gives the same moves, so the excess of each move
over the same move alone is what the attack cost it: in wall time, which
the machine's other load stretches (the search threads run at a nice value
10 higher), and in the search threads' CPU time, the unit of the budget.

Only the standard library; bounded in tables and time (`--seconds`).

    bench/bot-attack.py --port P --pid PID --phase alone --seconds 120 > alone.json
    bench/bot-attack.py --port P --pid PID --phase attack --addresses 1 --seconds 120 --alone alone.json
"""

import argparse
import base64
import http.client
import json
import os
import socket
import statistics
import struct
import threading
import time

VICTIM = "127.0.0.3"


def request(source, port, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    reply = conn.getresponse()
    data = json.loads(reply.read() or b"null")
    conn.close()
    return reply.status, data


class Ws:
    """A minimal WebSocket client: text frames in, masked text frames out."""

    def __init__(self, source, port, path):
        self.sock = socket.create_connection(("127.0.0.1", port), source_address=(source, 0))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"no WebSocket: {head!r}")

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def send(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def message(self):
        """The next text message, answering pings on the way."""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 0x9:
                self.send(0xA, payload)
            elif opcode == 0x8:
                raise EOFError
            elif opcode == 0x1:
                return json.loads(payload)


def search_cpu(pid):
    """The CPU seconds the server's search threads (`spieltisch-bot-N`) have
    used, or 0 where /proc cannot tell."""
    total = 0
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                name = f.read().strip()
            if name.startswith("spieltisch-bot-") and not name.startswith("spieltisch-bot-q"):
                with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                    total += int(f.read().split()[0])
    except OSError:
        return 0
    return total / 1e9


def watch(port, table, token, until, moves, pid):
    """Appends (version, seconds since the previous version, CPU seconds the
    search threads used meanwhile) for each version the table reaches, until
    the game ends or `until`."""
    ws = Ws(VICTIM, port, f"/ws/{table}?token={token}")
    ws.sock.settimeout(5)
    last = None
    while time.monotonic() < until:
        try:
            msg = ws.message()
        except (socket.timeout, EOFError):
            if time.monotonic() >= until:
                break
            continue
        version = msg.get("version")
        if version is None:
            continue
        now, cpu = time.monotonic(), search_cpu(pid)
        if last is not None and version > last[0]:
            moves.append((version, now - last[1], cpu - last[2]))
        if last is None or version > last[0]:
            last = (version, now, cpu)
        if msg.get("turn") in ("over", {"over": True}) or msg.get("over") is True:
            break


def victim_table(port, seats, seed):
    status, reply = request(VICTIM, port, "POST", "/api/tables",
                            {"game": "six", "seats": seats, "seed": seed})
    assert status == 200, reply
    return reply["table"], reply["spectator"]["token"]


def attack(port, address, tables, max_ms, stop, made):
    spec = f"ismcts:ms={max_ms}"
    for _ in range(tables):
        if stop.is_set():
            return
        status, reply = request(address, port, "POST", "/api/tables",
                                {"game": "ausreisser", "options": {"players": 6, "stages": 10},
                                 "seats": [spec] * 6})
        if status == 200:
            made.append(reply["table"])
        else:
            print(f"# {address}: {status} {reply}", flush=True)


def spread(xs):
    xs = sorted(xs)
    if not xs:
        return {}
    pick = lambda p: xs[min(len(xs) - 1, max(0, round(p * len(xs) + 0.5) - 1))]
    return {"n": len(xs), "median": round(statistics.median(xs), 3), "p90": round(pick(0.9), 3),
            "max": round(xs[-1], 3)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--phase", choices=["alone", "attack"], required=True)
    ap.add_argument("--addresses", type=int, default=1)
    ap.add_argument("--tables", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--max-ms", type=int, default=2000)
    ap.add_argument("--alone", help="the alone phase's output, to compare the hard bots' moves")
    ap.add_argument("--pid", type=int, required=True, help="the server's process, for its search threads' CPU time")
    args = ap.parse_args()

    stop = threading.Event()
    made = []
    attackers = []
    if args.phase == "attack":
        for a in range(args.addresses):
            t = threading.Thread(target=attack, args=(args.port, f"127.0.0.{10 + a}", args.tables,
                                                      args.max_ms, stop, made))
            t.start()
            attackers.append(t)
        for t in attackers:
            t.join()
        # The pool is full before the victims begin.
        time.sleep(3)
    until = time.monotonic() + args.seconds
    results = {}
    threads = []
    for name, seats in [("random", ["random", "random"]), ("hard", ["hard", "hard"])]:
        table, token = victim_table(args.port, seats, 2323)
        results[name] = []
        t = threading.Thread(target=watch, args=(args.port, table, token, until, results[name], args.pid))
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    stop.set()
    _, health = request("127.0.0.1", args.port, "GET", "/api/health")
    out = {"phase": args.phase, "addresses": args.addresses, "attack_tables": len(made),
           "random": spread([s for _, s, _ in results["random"]]),
           "hard": spread([s for _, s, _ in results["hard"]]),
           "hard_search_cpu": spread([c for _, _, c in results["hard"]]),
           "hard_moves": results["hard"], "bots": health.get("bots")}
    if args.alone:
        alone = {v: (s, c) for v, s, c in json.load(open(args.alone))["hard_moves"]}
        out["hard_excess_over_alone"] = spread([s - alone[v][0] for v, s, _ in results["hard"] if v in alone])
        out["hard_excess_search_cpu"] = spread([c - alone[v][1] for v, _, c in results["hard"] if v in alone])
    print(json.dumps(out))


if __name__ == "__main__":
    main()
