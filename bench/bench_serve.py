#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench_serve.py - `make bench`'s serve part: how long a served table
takes to answer a POST and to tell its board, against record's durable
commit measured in the same run (bench/README.md).

Each round: `ecarte serve` on a fresh ledger on 127.0.0.1 (a free port,
its URL and token read from what it prints, stopped by its PID), one
table made with a generated duel's tags, one board watching it (GET
/api/tables/ID/events), and the duel's first ACTIONS actions posted one
a POST on one kept-alive connection, each after the last was answered:
the time from sending a POST to its answer, and to the board's `lines`
event for that line.  Then the limit: `ecarte record` of the same tags
and actions into a fresh ledger (one transaction an action,
synchronous=FULL, as the server commits), its time less that of
`record` of the tags alone (the process, the new ledger and its proof),
over ACTIONS: an action's durable commit with the referee's work.

Prints the median, 99th percentile and maximum of every round's samples
together, and the ratio answer / commit (actions per second served over
actions per second recorded), the median of the rounds' ratios.
Python 3 standard library only.  Exits 2 if it could not run.

  python3 bench/bench_serve.py --ecarte build/ecarte --actions 2000
"""

import argparse
import http.client
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

LISTEN_RE = re.compile(r"ecarte serve: http://([0-9.]+):(\d+)/ "
                       r"\(scorer's token: ([0-9a-f]+)\)")
LINE_RE = re.compile(rb'event: lines\ndata: \[\{"line":(\d+)')
ANSWER_RE = re.compile(rb'^\[\{"line":(\d+),"text":"(?:[^"\\]|\\.)*",'
                       rb'"accepted":true')


def percentile(xs, p):
    """The p-th percentile (nearest rank) of xs."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[k]


def die(msg):
    print(f"bench: serve: {msg}")
    sys.exit(2)


class Board(threading.Thread):
    """One board: the arrival time of every `lines` event, by line."""

    def __init__(self, host, port, table):
        super().__init__(daemon=True)
        self.host, self.port, self.table = host, port, table
        self.ready = threading.Event()
        self.at = {}
        self.error = None

    def run(self):
        try:
            conn = http.client.HTTPConnection(self.host, self.port)
            conn.request("GET", f"/api/tables/{self.table}/events")
            resp = conn.getresponse()
            if resp.status != 200:
                self.error = f"events answered {resp.status}"
                return
            buf = b""
            while True:
                chunk = resp.read1(65536)
                now = time.perf_counter()
                if not chunk:
                    return
                buf += chunk
                end = buf.rfind(b"\n\n")
                if end < 0:
                    continue
                whole, buf = buf[:end], buf[end + 2:]
                for msg in whole.split(b"\n\n"):
                    if msg.startswith(b"event: state\n"):
                        self.ready.set()
                    m = LINE_RE.match(msg)
                    if m is not None:
                        self.at[int(m.group(1))] = now
        except (OSError, http.client.HTTPException) as e:
            # the server's stop may cut the stream short of its last chunk
            if self.error is None and not self.at:
                self.error = f"{type(e).__name__}: {e}"
        finally:
            self.ready.set()


def serve_round(ecarte, work, r, tags, actions):
    """One round served: (answer latencies, event latencies) in s."""
    db = os.path.join(work, f"serve-{r}.db")
    err = open(os.path.join(work, f"serve-{r}.err"), "w")
    proc = subprocess.Popen([ecarte, "serve", "--db", db, "--listen",
                             "127.0.0.1:0"], stdout=subprocess.PIPE,
                            stderr=err, text=True)
    try:
        m = LISTEN_RE.match(proc.stdout.readline())
        if m is None:
            die("the server did not start")
        host, port, token = m.group(1), int(m.group(2)), m.group(3)
        auth = {"Authorization": "Bearer " + token,
                "Content-Type": "text/plain"}
        conn = http.client.HTTPConnection(host, port)
        conn.request("POST", "/api/tables", body=("\n".join(tags) +
                                                  "\n").encode(),
                     headers=auth)
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 201:
            die(f"POST /api/tables answered {resp.status}: {body[:200]!r}")
        table = int(re.search(rb'"table":(\d+)', body).group(1))
        board = Board(host, port, table)
        board.start()
        board.ready.wait(10)
        if board.error is not None:
            die(board.error)
        sent, answered, lines = [], [], []
        path = f"/api/tables/{table}/lines"
        for a in actions:
            payload = (a + "\n").encode()
            t0 = time.perf_counter()
            conn.request("POST", path, body=payload, headers=auth)
            resp = conn.getresponse()
            body = resp.read()
            t1 = time.perf_counter()
            m = ANSWER_RE.match(body) if resp.status == 200 else None
            if m is None:
                die(f"{a!r} not accepted: {resp.status} {body[:300]!r}")
            sent.append(t0)
            answered.append(t1)
            lines.append(int(m.group(1)))
        deadline = time.monotonic() + 10
        while len(board.at) < len(lines) and time.monotonic() < deadline:
            time.sleep(0.01)
        missing = [n for n in lines if n not in board.at]
        if missing:
            die(f"the board missed {len(missing)} events (line "
                f"{missing[0]} first)")
        conn.close()
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        err.close()
    return ([b - a for a, b in zip(sent, answered)],
            [board.at[n] - a for a, n in zip(sent, lines)])


def duel_actions(ecarte, work, seed, n):
    """A generated duel's tags and its first n actions (no `=` lines),
    and two logs written in work: the tags and actions, the tags alone.
    Returns (tags, actions, log path, tags-only path)."""
    deals = n // 25 + 2
    p = subprocess.run([ecarte, "gen", "--deals", str(deals), "--seed",
                        str(seed)], stdout=subprocess.PIPE, text=True)
    if p.returncode != 0:
        die("gen failed")
    tags = [ln for ln in p.stdout.splitlines() if ln.startswith("[")]
    actions = [ln for ln in p.stdout.splitlines()
               if ln.strip() and ln[0] not in "[#="][:n]
    if len(actions) < n:
        die(f"only {len(actions)} actions generated")
    log = os.path.join(work, "actions.ecarte")
    bare = os.path.join(work, "tags.ecarte")
    with open(log, "w") as fp:
        fp.write("\n".join(tags + actions) + "\n")
    with open(bare, "w") as fp:
        fp.write("\n".join(tags) + "\n")
    return tags, actions, log, bare


def record_seconds(ecarte, work, name, log):
    """`ecarte record` of log into a fresh ledger: its wall time."""
    db = os.path.join(work, name)
    t0 = time.perf_counter()
    p = subprocess.run([ecarte, "record", "--db", db, log],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    t1 = time.perf_counter()
    if p.returncode != 0:
        die(f"record {log} exited {p.returncode}: {p.stderr[-300:]}")
    for f in (db, db + "-wal", db + "-shm"):
        if os.path.exists(f):
            os.remove(f)
    return t1 - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ecarte", default=os.environ.get("ECARTE",
                                                       "build/ecarte"))
    ap.add_argument("--actions", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--dir", default=os.environ.get("TMPDIR", "/tmp"))
    o = ap.parse_args()
    if o.actions < 1 or o.rounds < 1:
        die("expected --actions >= 1 and --rounds >= 1")
    ecarte = os.path.abspath(o.ecarte)
    work = tempfile.mkdtemp(prefix="ecarte-bench-serve.", dir=o.dir)
    try:
        tags, actions, log, bare = duel_actions(ecarte, work, o.seed,
                                                o.actions)
        print(f"\nserve: one table on 127.0.0.1, {o.actions} actions "
              f"(a duel, seed {o.seed}) posted one a POST, one board "
              f"watching; {o.rounds} rounds; temp files in {work}",
              flush=True)
        answers, events, commits, ratios, ev_ratios = [], [], [], [], []
        for r in range(o.rounds):
            print(f"bench: serve, round {r + 1} ...", file=sys.stderr,
                  flush=True)
            a, e = serve_round(ecarte, work, r, tags, actions)
            whole = record_seconds(ecarte, work, f"rec-{r}.db", log)
            start = record_seconds(ecarte, work, f"tags-{r}.db", bare)
            commit = max(whole - start, 1e-9) / o.actions
            answers += a
            events += e
            commits.append(commit)
            # actions a second served over recorded: commit / latency
            ratios.append(commit / statistics.median(a))
            ev_ratios.append(commit / statistics.median(e))
        print(f"  {'what':<44} {'median ms':>9} {'p99 ms':>8} "
              f"{'max ms':>8} {'actions/s':>10}")
        for what, xs in (("POST -> its answer (200, accepted)", answers),
                         ("POST -> the board's lines event", events)):
            med = statistics.median(xs)
            print(f"  {what:<44} {med * 1e3:9.2f} "
                  f"{percentile(xs, 99) * 1e3:8.2f} {max(xs) * 1e3:8.2f} "
                  f"{1 / med:10.0f}")
        # does an answer cost more as the sitting grows?  The first and
        # the last tenth of each round's POSTs
        tenth = max(1, o.actions // 10)
        first = [x for r in range(o.rounds)
                 for x in answers[r * o.actions:r * o.actions + tenth]]
        last = [x for r in range(o.rounds)
                for x in answers[(r + 1) * o.actions - tenth:
                                 (r + 1) * o.actions]]
        print(f"  {'  the first tenth of the POSTs (answer)':<44} "
              f"{statistics.median(first) * 1e3:9.2f} "
              f"{percentile(first, 99) * 1e3:8.2f} {max(first) * 1e3:8.2f}")
        print(f"  {'  the last tenth of the POSTs (answer)':<44} "
              f"{statistics.median(last) * 1e3:9.2f} "
              f"{percentile(last, 99) * 1e3:8.2f} {max(last) * 1e3:8.2f}")
        med = statistics.median(commits)
        print(f"  {'limit: record, an action durably committed':<44} "
              f"{med * 1e3:9.2f} {'-':>8} {'-':>8} {1 / med:10.0f}"
              f"  (the rounds: "
              f"{', '.join(f'{c * 1e3:.2f}' for c in commits)} ms)")
        print(f"\nratios to the limit measured in the same run (the median "
              f"of the {o.rounds} rounds' ratios):")
        print(f"  {'served answer / record commit (median)':<40} "
              f"{statistics.median(ratios):5.2f}  (for information)")
        print(f"  {'board event / record commit (median)':<40} "
              f"{statistics.median(ev_ratios):5.2f}  (for information)")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
