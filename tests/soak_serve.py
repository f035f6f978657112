#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""soak_serve.py - `make soak`'s serve part: a load run of `ecarte serve`.

One server on a fresh ledger on 127.0.0.1 (a free port, its URL and
token read from what it prints).  TABLES tables are made (POST
/api/tables with a generated evening's tag lines: duel, chouette, pool
and gallery in turn, every other one with irregularities), BOARDS board
connections (GET /api/tables/ID/events, Server-Sent Events) are spread
over them, and then every table posts its evening at once, one POST a
line (or BATCH lines), spread over SECONDS (as fast as the server
answers when it falls behind).  Afterwards:

  - every POST was answered 200, every line of it accepted:true;
  - every board received, for its table, one `lines` event per POST
    (their line numbers strictly increasing, the last the table's last
    line) and a `state` event after each, their `seq` never going
    back and the last equal to the table's final seq: nothing lost;
  - the server stops on SIGTERM (sent to its PID; SIGKILL after 20 s,
    a failure) with exit 0 and nothing unexpected on its stderr;
  - every table's sitting, `ecarte export --db FILE --sitting ID`, is
    the export of `ecarte record` run on the same lines into another
    ledger, the stamps and the [Chain] tag aside; `ecarte check` of
    each export exits 0, and `ecarte verify --db FILE --log EXPORT`;
  - `ecarte verify --db FILE` exits 0.

Prints "soak: serve: T tables, N lines, B boards for S s: all equal" and
exits 0, or prints what failed and exits 1 (2 if it could not start).
Python 3 standard library only.

  ECARTE=build/ecarte python3 tests/soak_serve.py --tables 20 --boards 200 \
      --seconds 60
  python3 tests/soak_serve.py --quick      # 4 tables, 20 boards, 15 s
"""

import argparse
import concurrent.futures
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

FORMATS = ["duel", "chouette", "pool", "gallery"]

STATE_RE = re.compile(rb'event: state\ndata: \{"table":(\d+),"seq":(\d+)')
LINES_RE = re.compile(rb'event: lines\ndata: \[\{"line":(\d+)')
LAST_LINE_RE = re.compile(rb'\{"line":(\d+),"text":')
LISTEN_RE = re.compile(r"ecarte serve: http://([0-9.]+):(\d+)/ "
                       r"\(scorer's token: ([0-9a-f]+)\)")

failures = []
failures_mu = threading.Lock()


def fail(msg):
    """A failure, kept (the first 40 printed at the end)."""
    with failures_mu:
        failures.append(msg)


def percentile(xs, p):
    """The p-th percentile (nearest rank) of xs, 0 if empty."""
    if not xs:
        return 0.0
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[k]


def run(cmd, **kw):
    """cmd run to its end: (exit status, stdout, stderr) as text."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, **kw)
    return p.returncode, p.stdout, p.stderr


def normalized(export):
    """An export without its stamps (a leading "@STAMP ") and [Chain] tag,
    as tests/test_serve.c compares them."""
    out = []
    for line in export.splitlines():
        if line.startswith("[Chain"):
            continue
        if line.startswith("@"):
            sp = line.find(" ")
            line = line[sp + 1:] if sp >= 0 else ""
        out.append(line)
    return out


class Table:
    """One table: its evening (tags and lines) and what was posted."""

    def __init__(self, i, tags, lines, fmt, irr):
        self.i = i
        self.tags = tags
        self.lines = lines
        self.fmt = fmt
        self.irr = irr
        self.id = 0
        self.posts = 0          # POSTs answered 200, every line accepted
        self.last_line = 0      # the last line number the server gave
        self.latency = []       # seconds, POST to answer
        self.final_seq = -1
        self.done = False


def evening(ecarte, i, deals, seed, workdir):
    """Table i's evening, generated: a Table, its log written for
    `record` (the tags and the lines posted, nothing else)."""
    fmt = FORMATS[i % len(FORMATS)]
    irr = "0.05" if i % 2 == 1 else "0"
    rc, out, err = run([ecarte, "gen", "--deals", str(deals), "--seed",
                        str(seed + i), "--format", fmt,
                        "--irregularities", irr])
    if rc != 0:
        print(f"soak: serve: gen failed (exit {rc}): {err.strip()}")
        sys.exit(2)
    tags, lines = [], []
    for line in out.splitlines():
        if line.strip() == "" or line.startswith("#"):
            continue
        (tags if line.startswith("[") else lines).append(line)
    t = Table(i, tags, lines, fmt, irr)
    with open(os.path.join(workdir, f"table-{i}.ecarte"), "w") as fp:
        fp.write("\n".join(tags + lines) + "\n")
    return t


class Server:
    """`ecarte serve` on a fresh ledger, on 127.0.0.1 and a free port."""

    def __init__(self, ecarte, db, workdir):
        self.err_path = os.path.join(workdir, "serve.err")
        self.err = open(self.err_path, "w")
        self.proc = subprocess.Popen(
            [ecarte, "serve", "--db", db, "--listen", "127.0.0.1:0"],
            stdout=subprocess.PIPE, stderr=self.err, text=True)
        self.pid = self.proc.pid
        line = self.proc.stdout.readline()
        m = LISTEN_RE.match(line)
        if m is None:
            self.kill()
            print(f"soak: serve: the server did not start: {line!r}; "
                  f"{open(self.err_path).read().strip()}")
            sys.exit(2)
        self.host, self.port, self.token = m.group(1), int(m.group(2)), \
            m.group(3)
        self.peak_rss_kib = 0
        self.peak_threads = 0

    def sample(self):
        """Its RSS and threads, the peaks kept."""
        try:
            with open(f"/proc/{self.pid}/status") as fp:
                for line in fp:
                    if line.startswith("VmRSS:"):
                        self.peak_rss_kib = max(self.peak_rss_kib,
                                                int(line.split()[1]))
                    elif line.startswith("Threads:"):
                        self.peak_threads = max(self.peak_threads,
                                                int(line.split()[1]))
        except OSError:
            pass

    def cpu_seconds(self):
        """Its user and system time so far."""
        try:
            with open(f"/proc/{self.pid}/stat") as fp:
                f = fp.read().rsplit(")", 1)[1].split()
            return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    def stop(self):
        """SIGTERM to its PID, waited for 20 s, then SIGKILL: its exit
        status (None if it had to be killed)."""
        if self.proc.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()
            rc = None
        self.err.close()
        return rc

    def kill(self):
        if self.proc.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            self.proc.wait()


def request(conn, method, path, body=None, token=None):
    """One request on conn: (status, body bytes)."""
    headers = {}
    if token is not None:
        headers["Authorization"] = "Bearer " + token
    if body is not None:
        headers["Content-Type"] = "text/plain"
        body = body.encode()
    conn.request(method, path, body=body, headers=headers)
    resp = conn.getresponse()
    return resp.status, resp.read()


class Board(threading.Thread):
    """A board: GET /api/tables/ID/events, every event counted."""

    def __init__(self, sv, table, n):
        super().__init__(daemon=True)
        self.sv = sv
        self.t = table
        self.n = n
        self.ready = threading.Event()
        self.stopping = False
        self.states = 0
        self.lines = 0
        self.last_seq = -1
        self.last_line = 0
        self.bytes = 0
        self.bad = None         # the first thing wrong
        self.end = None         # how the stream ended

    def wrong(self, msg):
        if self.bad is None:
            self.bad = f"board {self.n} (table {self.t.id}): {msg}"

    def message(self, msg):
        if msg.startswith(b"event: state\n"):
            m = STATE_RE.match(msg)
            if m is None:
                self.wrong(f"a state event without table and seq: "
                           f"{msg[:80]!r}")
                return
            tid, seq = int(m.group(1)), int(m.group(2))
            if tid != self.t.id:
                self.wrong(f"a state of table {tid}")
            if seq < self.last_seq:
                self.wrong(f"seq went back from {self.last_seq} to {seq}")
            self.last_seq = seq
            self.states += 1
            self.ready.set()
        elif msg.startswith(b"event: lines\n"):
            m = LINES_RE.match(msg)
            if m is None:
                self.wrong(f"a lines event without a line: {msg[:80]!r}")
                return
            first = int(m.group(1))
            if first <= self.last_line:
                self.wrong(f"lines went back from {self.last_line} to "
                           f"{first}")
            last = first
            for lm in LAST_LINE_RE.finditer(msg):
                last = max(last, int(lm.group(1)))
            self.last_line = last
            self.lines += 1
        elif msg.startswith(b":"):
            pass                # a keepalive
        else:
            self.wrong(f"an unknown message {msg[:80]!r}")

    def run(self):
        try:
            conn = http.client.HTTPConnection(self.sv.host, self.sv.port,
                                              timeout=None)
            conn.request("GET", f"/api/tables/{self.t.id}/events",
                         headers={"Accept": "text/event-stream"})
            resp = conn.getresponse()
            if resp.status != 200 or not resp.getheader(
                    "Content-Type", "").startswith("text/event-stream"):
                self.wrong(f"answered {resp.status} "
                           f"{resp.getheader('Content-Type')}")
                self.ready.set()
                return
            buf = b""
            while True:
                chunk = resp.read1(65536)
                if not chunk:
                    break
                self.bytes += len(chunk)
                buf += chunk
                end = buf.rfind(b"\n\n")
                if end < 0:
                    continue
                whole, buf = buf[:end], buf[end + 2:]
                for msg in whole.split(b"\n\n"):
                    self.message(msg)
            if not self.stopping:
                self.wrong("the stream ended before the server stopped")
            self.end = "ended"
        except Exception as e:       # noqa: BLE001 - any error is a finding
            if not self.stopping:
                self.wrong(f"{type(e).__name__}: {e}")
            self.end = type(e).__name__
        finally:
            self.ready.set()


class Poster(threading.Thread):
    """A table's scorer: its lines posted, BATCH a POST, spread over
    seconds from t0."""

    def __init__(self, sv, table, batch, seconds, go):
        super().__init__(daemon=True)
        self.sv = sv
        self.t = table
        self.batch = batch
        self.seconds = seconds
        self.go = go

    def run(self):
        t = self.t
        path = f"/api/tables/{t.id}/lines"
        posts = [t.lines[k:k + self.batch]
                 for k in range(0, len(t.lines), self.batch)]
        conn = http.client.HTTPConnection(self.sv.host, self.sv.port,
                                          timeout=120)
        self.go.wait()
        t0 = time.monotonic()
        try:
            for k, group in enumerate(posts):
                due = t0 + self.seconds * k / len(posts)
                now = time.monotonic()
                if due > now:
                    time.sleep(due - now)
                a = time.perf_counter()
                status, body = request(conn, "POST", path,
                                       "\n".join(group) + "\n",
                                       self.sv.token)
                t.latency.append(time.perf_counter() - a)
                if status != 200:
                    fail(f"table {t.id}: POST {k + 1} answered {status}: "
                         f"{body[:200]!r}")
                    return
                arr = json.loads(body)
                if len(arr) != len(group) or not all(
                        o.get("accepted") is True for o in arr):
                    bad = next((o for o in arr if o.get("accepted") is not
                                True), arr[-1] if arr else None)
                    fail(f"table {t.id} ({t.fmt}): POST {k + 1} of "
                         f"{len(posts)} not accepted: {json.dumps(bad)[:300]}")
                    return
                t.posts += 1
                t.last_line = arr[-1]["line"]
            t.done = True
        except Exception as e:       # noqa: BLE001
            fail(f"table {t.id}: POST failed: {type(e).__name__}: {e}")
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ecarte", default=os.environ.get("ECARTE",
                                                       "build/ecarte"))
    ap.add_argument("--tables", type=int,
                    default=int(os.environ.get("SERVE_TABLES", "20")))
    ap.add_argument("--boards", type=int,
                    default=int(os.environ.get("SERVE_BOARDS", "200")))
    ap.add_argument("--seconds", type=float,
                    default=float(os.environ.get("SERVE_SECONDS", "60")))
    ap.add_argument("--deals", type=int,
                    default=int(os.environ.get("SERVE_DEALS", "0")),
                    help="deals an evening (default: 6 a second spread "
                         "over the tables, at least 5)")
    ap.add_argument("--batch", type=int,
                    default=int(os.environ.get("SERVE_BATCH", "1")),
                    help="lines a POST (default 1)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--quick", action="store_true",
                    default=os.environ.get("SERVE_QUICK", "0") not in
                    ("", "0"),
                    help="4 tables, 20 boards, 15 s")
    ap.add_argument("--keep", action="store_true",
                    help="keep the temp directory")
    o = ap.parse_args()
    if o.quick:
        o.tables, o.boards, o.seconds = 4, 20, 15.0
    if o.tables < 1 or o.boards < 0 or o.batch < 1 or o.seconds < 0:
        print("soak: serve: expected --tables >= 1, --boards >= 0, "
              "--batch >= 1, --seconds >= 0")
        return 2
    if o.deals <= 0:
        # about 32 lines a deal: some 190 POSTs a second in all, about
        # two thirds of what the development machine (2 shared cores)
        # answers with 200 boards watching
        o.deals = max(5, int(o.seconds * 6 / o.tables))
    ecarte = os.path.abspath(o.ecarte)
    os.environ["ECARTE_FIXED_TIME"] = "2024-03-01T20:15:00Z"
    workdir = tempfile.mkdtemp(prefix="ecarte-soak-serve-")
    threading.stack_size(512 * 1024)
    db = os.path.join(workdir, "serve.db")
    sv = None
    try:
        tables = [evening(ecarte, i, o.deals, o.seed, workdir)
                  for i in range(o.tables)]
        nlines = sum(len(t.lines) for t in tables)
        sv = Server(ecarte, db, workdir)
        print(f"soak: serve: {o.tables} tables ({o.deals} deals each, "
              f"{nlines} lines), {o.boards} boards, {o.seconds:g} s, "
              f"{o.batch} line(s) a POST; server pid {sv.pid} on port "
              f"{sv.port}; {workdir}", flush=True)
        conn = http.client.HTTPConnection(sv.host, sv.port, timeout=60)
        for t in tables:
            status, body = request(conn, "POST", "/api/tables",
                                   "\n".join(t.tags) + "\n", sv.token)
            if status != 201:
                print(f"soak: serve: POST /api/tables answered {status}: "
                      f"{body[:200]!r}")
                return 1
            t.id = json.loads(body)["table"]
        boards = [Board(sv, tables[n % len(tables)], n)
                  for n in range(o.boards)]
        for b in boards:
            b.start()
        for b in boards:
            if not b.ready.wait(60):
                fail(f"board {b.n}: no first state in 60 s")
        sv.sample()
        go = threading.Event()
        posters = [Poster(sv, t, o.batch, o.seconds, go) for t in tables]
        for p in posters:
            p.start()
        cpu0 = sv.cpu_seconds()
        t0 = time.monotonic()
        go.set()
        while any(p.is_alive() for p in posters):
            sv.sample()
            time.sleep(0.5)
            if sv.proc.poll() is not None:
                fail(f"the server exited with {sv.proc.returncode} "
                     f"during the run")
                break
        span = time.monotonic() - t0
        cpu = sv.cpu_seconds() - cpu0
        # the final state of every table (on a new connection: the
        # first one was idle past the server's 60 s), then every board
        # caught up
        conn.close()
        conn = http.client.HTTPConnection(sv.host, sv.port, timeout=60)
        for t in tables:
            try:
                status, body = request(conn, "GET", f"/api/tables/{t.id}")
                if status == 200:
                    t.final_seq = json.loads(body)["seq"]
                else:
                    fail(f"table {t.id}: GET answered {status}")
            except Exception as e:    # noqa: BLE001
                fail(f"table {t.id}: GET failed: {e}")
        conn.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(
                b.bad is None and b.is_alive() and
                (b.last_seq < b.t.final_seq or b.lines < b.t.posts)
                for b in boards):
            time.sleep(0.2)
        sv.sample()
        for b in boards:
            b.stopping = True
        rc = sv.stop()
        sv_err = open(sv.err_path).read().splitlines()
        for b in boards:
            b.join(5)
        if rc is None:
            fail("the server did not stop in 20 s after SIGTERM (killed)")
        elif rc != 0:
            fail(f"the server exited with {rc} after SIGTERM")
        # a table that waited over a second for another's commit says so
        # (the ledger's lock wait, as every writer says it): counted
        waits = [ln for ln in sv_err if "is writing to the ledger; waiting"
                 in ln]
        unexpected = [ln for ln in sv_err
                      if not ln.startswith("ecarte serve: stopping") and
                      ln not in waits]
        if unexpected:
            fail(f"the server said on stderr ({len(unexpected)} lines): "
                 + " | ".join(unexpected[:5]))
        # the boards: nothing lost
        lost = 0
        for b in boards:
            t = b.t
            if b.bad is not None:
                fail(b.bad)
                lost += 1
            elif (b.lines != t.posts or b.states != t.posts + 1 or
                  b.last_seq != t.final_seq or b.last_line != t.last_line):
                fail(f"board {b.n} (table {t.id}): {b.lines} lines events "
                     f"and {b.states} states for {t.posts} POSTs, last seq "
                     f"{b.last_seq} of {t.final_seq}, last line "
                     f"{b.last_line} of {t.last_line}")
                lost += 1
        ends = {}
        for b in boards:
            ends[b.end or "still open"] = ends.get(b.end or "still open",
                                                   0) + 1
        print("soak: serve: the boards' streams at the server's stop: " +
              ", ".join(f"{n} {k}" for k, n in sorted(ends.items())))
        posted = sum(t.posts for t in tables)
        lines_posted = sum(len(t.lines) for t in tables if t.done)
        lat = [x for t in tables for x in t.latency]
        print(f"soak: serve: {posted} POSTs in {span:.1f} s "
              f"({posted / span if span > 0 else 0:.0f}/s), answered in "
              f"median {percentile(lat, 50) * 1e3:.1f} ms, 99th "
              f"{percentile(lat, 99) * 1e3:.1f} ms, max "
              f"{max(lat, default=0) * 1e3:.1f} ms; server {cpu:.1f} cpu s, "
              f"peak {sv.peak_rss_kib / 1024:.1f} MiB RSS, "
              f"{sv.peak_threads} threads, {len(waits)} lock waits over "
              f"1 s; boards "
              f"{sum(b.bytes for b in boards) / 1e6:.1f} MB received, "
              f"{o.boards - lost} of {o.boards} complete", flush=True)
        # every sitting as record's, checked and verified
        if not all(t.done for t in tables):
            fail(f"{sum(1 for t in tables if not t.done)} tables did not "
                 f"post their whole evening")

        def compare(t):
            rec_db = os.path.join(workdir, f"rec-{t.i}.db")
            log = os.path.join(workdir, f"table-{t.i}.ecarte")
            rc1, _, err1 = run([ecarte, "record", "--db", rec_db, log])
            if rc1 != 0:
                return f"table {t.id}: record exited {rc1}: {err1[-300:]}"
            rc1, rec_export, err1 = run([ecarte, "export", "--db", rec_db,
                                         "--sitting", "1"])
            rc2, served, err2 = run([ecarte, "export", "--db", db,
                                     "--sitting", str(t.id)])
            if rc1 != 0 or rc2 != 0:
                return (f"table {t.id}: export exited {rc1} (record's), "
                        f"{rc2} (served): {err1[-200:]} {err2[-200:]}")
            exp = os.path.join(workdir, f"served-{t.i}.export")
            with open(exp, "w") as fp:
                fp.write(served)
            a, b = normalized(served), normalized(rec_export)
            if not a or a != b:
                k = next((k for k in range(min(len(a), len(b)))
                          if a[k] != b[k]), min(len(a), len(b)))
                return (f"table {t.id} ({t.fmt}): the served export differs "
                        f"from record's at line {k + 1}: "
                        f"{a[k] if k < len(a) else '(end)'!r} vs "
                        f"{b[k] if k < len(b) else '(end)'!r}")
            rc1, out1, _ = run([ecarte, "check", exp])
            if rc1 != 0:
                return (f"table {t.id}: ecarte check of its export exited "
                        f"{rc1}: {out1[-300:]}")
            rc1, out1, err1 = run([ecarte, "verify", "--db", db, "--log",
                                   exp])
            if rc1 != 0:
                return (f"table {t.id}: ecarte verify --log of its export "
                        f"exited {rc1}: {(out1 + err1)[-300:]}")
            return None

        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            for msg in ex.map(compare, [t for t in tables if t.id > 0]):
                if msg is not None:
                    fail(msg)
        rc1, out1, err1 = run([ecarte, "verify", "--db", db])
        if rc1 != 0:
            fail(f"ecarte verify --db exited {rc1}: {(out1 + err1)[-300:]}")
        if failures:
            for msg in failures[:40]:
                print("soak: serve: " + msg)
            if len(failures) > 40:
                print(f"soak: serve: ... and {len(failures) - 40} more")
            print(f"soak: serve: FAILED (files kept in {workdir})")
            o.keep = True
            return 1
        print(f"soak: serve: {o.tables} tables, {lines_posted} lines, "
              f"{o.boards} boards for {span:.0f} s: all equal")
        return 0
    finally:
        if sv is not None:
            sv.kill()
        if not o.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
