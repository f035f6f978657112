#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench_table.py - `make bench`'s table part: how long `ecarte table`
takes, at a terminal, from an action typed to the next prompt, against
record's durable commit measured in the same run (bench/README.md).

Each round: `ecarte table --db FRESH` on a pseudo-terminal, a generated
duel's tags and its first ACTIONS actions typed one a line (each line and
its Return written at once, the next when the prompt came back: "> " at
the end of the output after the echo of the line).  Per action: the
time from writing the line to the prompt's return, which holds the
adjudication, the commit (one transaction an action, synchronous=FULL)
and the prompt's redraw.  Then the limit, as bench_serve.py takes it:
`ecarte record` of the same tags and actions into a fresh ledger, less
`record` of the tags alone, over ACTIONS.

Prints the median, 99th percentile and maximum of every round's samples
together, the first and the last tenth, and the ratio commit / median
(actions a second at the table over actions a second recorded), the
median of the rounds' ratios, for information.  Python 3 standard
library only.  Exits 2 if it could not run.

  python3 bench/bench_table.py --ecarte build/ecarte --actions 1000
"""

import argparse
import os
import pty
import select
import shutil
import signal
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_serve import (die, duel_actions, percentile,  # noqa: E402
                         record_seconds)

PROMPT = b"> "


class Terminal:
    """`ecarte table` on a pseudo-terminal of its own."""

    def __init__(self, ecarte, db):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execv(ecarte, [ecarte, "table", "--db", db, "--new"])
        self.buf = b""

    def until_prompt(self, timeout=20.0):
        """Read until the output ends in the prompt; the time it did."""
        end = time.monotonic() + timeout
        while not self.buf.endswith(PROMPT):
            left = end - time.monotonic()
            if left <= 0:
                die(f"table: no prompt after {timeout} s: "
                    f"{self.buf[-300:]!r}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    die(f"table: it ended: {self.buf[-300:]!r}")
                self.buf += chunk
        now = time.perf_counter()
        return now

    def type_line(self, line):
        """line and its Return typed; the seconds to the next prompt."""
        self.buf = b""
        t0 = time.perf_counter()
        os.write(self.fd, line.encode() + b"\r")
        # the echo of the line comes first; the prompt after it
        t1 = self.until_prompt()
        if b"nothing recorded" in self.buf:
            die(f"table: {line!r} refused: {self.buf[-300:]!r}")
        return t1 - t0

    def close(self):
        try:
            os.write(self.fd, b"quit\r")
            end = time.monotonic() + 10
            while time.monotonic() < end:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
                if pid != 0:
                    break
                time.sleep(0.02)
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        finally:
            os.close(self.fd)


def table_round(ecarte, work, r, tags, actions):
    """One round at the table: every action's latency, in s."""
    db = os.path.join(work, f"table-{r}.db")
    term = Terminal(ecarte, db)
    try:
        term.until_prompt()
        for t in tags:
            term.type_line(t)
        return [term.type_line(a) for a in actions]
    finally:
        term.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ecarte", default=os.environ.get("ECARTE",
                                                       "build/ecarte"))
    ap.add_argument("--actions", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--dir", default=os.environ.get("TMPDIR", "/tmp"))
    o = ap.parse_args()
    if o.actions < 1 or o.rounds < 1:
        die("expected --actions >= 1 and --rounds >= 1")
    ecarte = os.path.abspath(o.ecarte)
    work = tempfile.mkdtemp(prefix="ecarte-bench-table.", dir=o.dir)
    try:
        tags, actions, log, bare = duel_actions(ecarte, work, o.seed,
                                                o.actions)
        print(f"\ntable: `ecarte table` on a pseudo-terminal, {o.actions} "
              f"actions (a duel, seed {o.seed}) typed one a line, each "
              f"when the prompt came back; {o.rounds} rounds; temp files "
              f"in {work}", flush=True)
        lat, commits, ratios = [], [], []
        for r in range(o.rounds):
            print(f"bench: table, round {r + 1} ...", file=sys.stderr,
                  flush=True)
            a = table_round(ecarte, work, r, tags, actions)
            whole = record_seconds(ecarte, work, f"rec-{r}.db", log)
            start = record_seconds(ecarte, work, f"tags-{r}.db", bare)
            commit = max(whole - start, 1e-9) / o.actions
            lat += a
            commits.append(commit)
            ratios.append(commit / statistics.median(a))
        print(f"  {'what':<44} {'median ms':>9} {'p99 ms':>8} "
              f"{'max ms':>8} {'actions/s':>10}")
        med = statistics.median(lat)
        print(f"  {'an action typed -> the next prompt':<44} "
              f"{med * 1e3:9.2f} {percentile(lat, 99) * 1e3:8.2f} "
              f"{max(lat) * 1e3:8.2f} {1 / med:10.0f}")
        tenth = max(1, o.actions // 10)
        for what, part in (("first", slice(0, tenth)),
                           ("last", slice(o.actions - tenth, o.actions))):
            xs = [x for r in range(o.rounds)
                  for x in lat[r * o.actions:(r + 1) * o.actions][part]]
            print(f"  {'  the ' + what + ' tenth of the actions':<44} "
                  f"{statistics.median(xs) * 1e3:9.2f} "
                  f"{percentile(xs, 99) * 1e3:8.2f} {max(xs) * 1e3:8.2f}")
        cmed = statistics.median(commits)
        print(f"  {'limit: record, an action durably committed':<44} "
              f"{cmed * 1e3:9.2f} {'-':>8} {'-':>8} {1 / cmed:10.0f}")
        print(f"\nratio to the limit measured in the same run (the median "
              f"of the {o.rounds} rounds' ratios):")
        print(f"  {'table action / record commit (median)':<40} "
              f"{statistics.median(ratios):5.2f}  (for information)")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
