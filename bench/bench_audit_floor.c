/* SPDX-License-Identifier: MIT */
/*
 * bench_audit_floor.c - (e), the limit the audit is held against: what
 * an audit of a proven ledger must do at the least, in one read
 * transaction on the import's file: SQLite's integrity check, every row
 * of every table read once, the seal's and the events' chains hashed
 * again, and the audit's own walk of the events (the tags, the claims and
 * the stored rulings merged with them), each event adjudicated once.
 */
#include "bench/bench_int.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/session.h"

/* The state of the audit's floor. */
struct afloor {
    sqlite3 *db;
    sqlite3_stmt *tags;
    sqlite3_stmt *ev;
    sqlite3_stmt *claims;
    sqlite3_stmt *rulings;
    struct arbiter *arb;
    struct applied *res;
};

/* afloor_free - everything f holds. */
static void afloor_free(struct afloor *f)
{
    sqlite3_finalize(f->tags);
    sqlite3_finalize(f->ev);
    sqlite3_finalize(f->claims);
    sqlite3_finalize(f->rulings);
    sqlite3_close(f->db);
    arbiter_close(f->arb);
    free(f->res);
}

/* take_upto - the rows of st (stepped, standing at *step) whose first
 * column is at most id, their text (column col) read into *sum.  Returns
 * the last step code. */
static int take_upto(sqlite3_stmt *st, int step, int64_t id, int col,
                     uint64_t *sum)
{
    while (step == SQLITE_ROW && sqlite3_column_int64(st, 0) <= id) {
        const unsigned char *p = sqlite3_column_text(st, col);

        *sum += (uint64_t)sqlite3_column_bytes(st, col) +
                (p != NULL ? p[0] : 0);
        step = sqlite3_step(st);
    }
    return step;
}

/* scan_table - every row of table name read (each column's bytes added
 * into *sum); the seal's rows hashed into its chain as they come.
 * Returns 0, or -1 with why in r->note. */
static int scan_table(sqlite3 *db, const char *name, struct chain *seal,
                      uint64_t *sum, struct phase_result *r)
{
    sqlite3_stmt *st = NULL;
    char *sql = sqlite3_mprintf("SELECT * FROM \"%w\" ORDER BY rowid", name);
    bool is_seal = strcmp(name, "seal") == 0;
    char head[HASH_HEX];
    int step = 0;
    int rc = sql != NULL ? bench__prepare(db, sql, &st, r) : -1;

    sqlite3_free(sql);
    if (rc != 0) {
        return -1;
    }
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        int n = sqlite3_column_count(st);

        for (int j = 0; j < n; j++) {
            *sum += (uint64_t)sqlite3_column_bytes(st, j);
        }
        if (is_seal &&
            bench__seal_next(seal, sqlite3_column_int64(st, 0),
                             (const char *)sqlite3_column_text(st, 1),
                             (size_t)sqlite3_column_bytes(st, 1),
                             sqlite3_column_int64(st, 2),
                             (const char *)sqlite3_column_text(st, 3),
                             (size_t)sqlite3_column_bytes(st, 3),
                             head) != 0) {
            step = SQLITE_ERROR;
            break;
        }
    }
    sqlite3_finalize(st);
    if (step != SQLITE_DONE) {
        bench__note(r, "scan %s: %s", name, sqlite3_errmsg(db));
        return -1;
    }
    return 0;
}

/* prove_rows - what proving a ledger must do at the least, beside the
 * events: SQLite's integrity check of the file (every page, every index
 * against its table), and every row of every other table read once, the
 * seal's chain computed again.  Returns 0, or -1 with why in r->note. */
static int prove_rows(sqlite3 *db, uint64_t *sum, struct phase_result *r)
{
    sqlite3_stmt *st = NULL;
    struct chain seal;
    int step = 0;
    int rc = -1;

    if (bench__chain_open(&seal) != 0) {
        bench__note(r, "libcrypto failed");
        goto out;
    }
    if (bench__prepare(db, "PRAGMA integrity_check(1)", &st, r) != 0) {
        goto out;
    }
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        *sum += (uint64_t)sqlite3_column_bytes(st, 0);
    }
    sqlite3_finalize(st);
    st = NULL;
    if (step != SQLITE_DONE ||
        bench__prepare(db, "SELECT name FROM sqlite_schema WHERE type = "
                       "'table' AND name != 'event' ORDER BY name", &st,
                       r) != 0) {
        goto out;
    }
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        char name[64];

        snprintf(name, sizeof(name), "%s",
                 (const char *)sqlite3_column_text(st, 0));
        if (scan_table(db, name, &seal, sum, r) != 0) {
            goto out;
        }
    }
    rc = step == SQLITE_DONE ? 0 : -1;
out:
    sqlite3_finalize(st);
    bench__chain_close(&seal);
    return rc;
}

/* event_chain - the chain hash of the event row st stands on (its stored
 * columns but the hash, as netstrings: the bytes a prover builds to hash
 * again) after the head of c.  0, or -1. */
static int event_chain(struct chain *c, sqlite3_stmt *st, char *buf,
                       size_t cap, struct hashed *one)
{
    char out[HASH_HEX];
    size_t len = 0;
    int n = sqlite3_column_count(st);

    for (int j = 0; j < n; j++) {
        char num[24];
        const char *v = num;
        int vn = 0;

        if (sqlite3_column_type(st, j) == SQLITE_INTEGER) {
            vn = snprintf(num, sizeof(num), "%lld",
                          (long long)sqlite3_column_int64(st, j));
        } else {
            v = (const char *)sqlite3_column_blob(st, j);
            vn = sqlite3_column_bytes(st, j);
        }
        if (len + (size_t)vn + 24 > cap) {
            return -1;
        }
        len += (size_t)snprintf(buf + len, 24, "%d:", vn);
        if (vn > 0) {
            memcpy(buf + len, v, (size_t)vn);
        }
        len += (size_t)vn;
        buf[len++] = ',';
    }
    one->buf = buf;
    one->off[0] = 0;
    one->off[1] = len;
    return bench__chain_next(c, one, 0, out);
}

/*
 * (e) - the floor of (d): what an audit of a proven ledger must do at the
 * least, in one read transaction on (b)'s file: the proof's part (SQLite's
 * integrity check, every row of every table read once, the seal's chain
 * and the events' chain computed again, prove_rows and event_chain) and
 * the audit's: the tags, the events (every column) in the order of the
 * sitting, the claims (event, line, text) and the stored rulings (event,
 * text) merged with them; every event read again (tl_parse_line) and
 * adjudicated once by a referee set up with the tags (apply_event, the
 * audit's own call), which is (a)'s work.  Timed: from the open to the
 * close.
 */
void bench__phase_audit_floor(const struct run *run, struct phase_result *r)
{
    struct afloor f;
    struct chain chain;
    struct hashed one;
    size_t off[2];
    char payload[TL_LINE_MAX * 4];
    uint64_t sum = 0;
    int64_t refused = 0;
    int ev_step = 0;
    int c_step = 0;
    int r_step = 0;
    double t0 = bench__now();

    memset(&f, 0, sizeof(f));
    memset(&one, 0, sizeof(one));
    one.off = off;
    r->rc = -1;
    f.res = malloc(sizeof(*f.res));
    if (bench__chain_open(&chain) != 0 || f.res == NULL ||
        arbiter_open(&f.arb) != 0) {
        bench__note(r, "out of memory");
        goto out;
    }
    if (bench__open_db(&f.db, run->db, true, r) != 0 ||
        bench__exec(f.db, "BEGIN", r) != 0 ||
        prove_rows(f.db, &sum, r) != 0 ||
        bench__prepare(f.db,
                       "SELECT name, value FROM tag ORDER BY sitting_id, id",
                       &f.tags, r) != 0 ||
        bench__prepare(f.db,
                       "SELECT * FROM event ORDER BY sitting_id, seq",
                       &f.ev, r) != 0 ||
        bench__prepare(f.db,
                       "SELECT coalesce(event_id, 0), line, text FROM claim "
                       "ORDER BY sitting_id, event_id",
                       &f.claims, r) != 0 ||
        bench__prepare(f.db,
                       "SELECT event_id, text FROM ruling ORDER BY event_id",
                       &f.rulings, r) != 0) {
        goto out;
    }
    while (sqlite3_step(f.tags) == SQLITE_ROW) {
        arbiter_set_tag(f.arb, (const char *)sqlite3_column_text(f.tags, 0),
                        (const char *)sqlite3_column_text(f.tags, 1));
    }
    c_step = sqlite3_step(f.claims);
    r_step = sqlite3_step(f.rulings);
    while ((ev_step = sqlite3_step(f.ev)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(f.ev, 0);
        int line_no = sqlite3_column_int(f.ev, 6);
        const char *text = (const char *)sqlite3_column_text(f.ev, 13);
        struct tl_line line;
        struct tl_error err;

        if (event_chain(&chain, f.ev, payload, sizeof(payload), &one) != 0) {
            bench__note(r, "event %lld: its chain hash", (long long)id);
            goto out;
        }
        if (tl_parse_line(text, (size_t)sqlite3_column_bytes(f.ev, 13),
                          line_no, &line, &err) != 0 ||
            line.kind != TL_EVENT ||
            apply_event(f.arb, &line.ev, line_no, f.res) != 0) {
            refused++;
        }
        c_step = take_upto(f.claims, c_step, id, 2, &sum);
        r_step = take_upto(f.rulings, r_step, id, 1, &sum);
        r->events++;
    }
    if (ev_step != SQLITE_DONE || bench__exec(f.db, "COMMIT", r) != 0) {
        bench__note(r, "scan: %s", sqlite3_errmsg(f.db));
        goto out;
    }
    afloor_free(&f);
    memset(&f, 0, sizeof(f));
    r->seconds = bench__now() - t0;
    r->rc = 0;
    if (refused > 0) {
        bench__note(r, "%lld events refused by the referee",
                    (long long)refused);
    }
    (void)sum;
out:
    afloor_free(&f);
    bench__chain_close(&chain);
}
