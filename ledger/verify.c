/* SPDX-License-Identifier: MIT */
/*
 * verify.c - tamper evidence: SQLite's check of the file's pages, and the
 * walk of the hash chain over every event, which names the first bad row
 * and tells an edit from a deletion, an insertion or a reordering.
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"


int ledger_integrity(struct ledger *l)
{
    sqlite3_stmt *st = l->st[ST_INTEGRITY_CHECK];
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_ROW) {
        const char *what = ledger__col_text(st, 0);

        if (strcmp(what, "ok") != 0) {
            char one[400];

            /* one line: SQLite's report may span several */
            snprintf(one, sizeof(one), "%s", what);
            for (char *p = one; *p != '\0'; p++) {
                if (*p == '\n') {
                    *p = ' ';
                }
            }
            rc = 1;
            ledger__failf(l, LEDGER_E_ERROR,
                          "the database file is damaged: %s", one);
        }
    } else if (src == SQLITE_CORRUPT || src == SQLITE_NOTADB) {
        rc = 1;
        ledger__failf(l, LEDGER_E_ERROR, "the database file is damaged: %s",
                      sqlite3_errmsg(l->db));
    } else {
        rc = ledger__fail(l, src, "check the database file");
    }
    ledger__done(st);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The hash chain                                                       */
/* ------------------------------------------------------------------ */

/* query_int - the first column of the first row of st bound with a, b,
 * in *out; 1 if there was a row, 0 if none, negative on error. */
static int query_int(struct ledger *l, sqlite3_stmt *st, int64_t a,
                     int64_t b, int64_t *out)
{
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, a) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, b) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "verify");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
        rc = 1;
    } else if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "verify");
    }
out_reset:
    ledger__done(st);
    return rc;
}

/* hash_is - does ev, chained after prev, hash to want? */
static int hash_is(struct ledger *l, const char *prev,
                   const struct ledger_event *ev, const char *want)
{
    char h[LEDGER_HASH_HEX];
    int rc = ledger__event_hash(l, prev, ev, h);

    if (rc != 0) {
        return rc;
    }
    return ledger_hash_stored_is(want, h);
}

/* stored_length_is - does the stored hash of event id (hex) have the
 * length its id gives: whole at a multiple of LEDGER_HASH_EVERY, at the
 * last event (last; version 9) or in a ledger older than version 8, cut
 * short elsewhere? */
static bool stored_length_is(const struct ledger *l, int64_t id,
                             int64_t last, const char *stored)
{
    size_t want = l->version < 8 || id % LEDGER_HASH_EVERY == 0 ||
                          (l->version >= 9 && id == last)
                      ? 64 : 2 * LEDGER_HASH_TAG;

    return strlen(stored) == want;
}

/*
 * next_chains - does the row after the current one of the walk st chain
 * after prev when given the id (and maybe the seq) one lower?  Then the
 * current row was inserted and the rest renumbered.  1 yes, 0 no, or a
 * negative code.  Steps st.
 */
static int next_chains(struct ledger *l, sqlite3_stmt *st, const char *prev,
                       int64_t id)
{
    struct ledger_event next;
    struct event_buf buf = { .recorded_ready = false };
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_DONE) {
        return 0;
    }
    if (src != SQLITE_ROW) {
        return ledger__fail(l, src, "verify");
    }
    ledger__event_from_row(st, &next, &buf);
    next.id = id;
    rc = hash_is(l, prev, &next, next.hash);
    if (rc == 0) {
        next.seq--;
        rc = hash_is(l, prev, &next, next.hash);
    }
    return rc;
}

/*
 * diagnose - the row ev of the walk (st) does not chain after prev (the
 * hash of the verified row before: its id, sitting and seq; id 0 if
 * none): say why, on l, and return 1 with
 * *bad_id = ev's id, or a negative code.  Ids are dense (1, 2, 3, ...)
 * and seq runs 1, 2, 3, ... within a sitting in an intact ledger, which
 * tells a deletion and a reordering from an edit.  May step st.
 */
static int diagnose(struct ledger *l, sqlite3_stmt *st, const char *prev,
                    const struct ledger_event *before,
                    struct ledger_event *ev, int64_t *bad_id)
{
    int64_t prev_id = before->id;
    int64_t id = ev->id;
    int64_t expected = 0;
    int64_t where = 0;
    int64_t seq = ev->seq;
    int seq_edited = 0;
    int found = 0;
    int rc = 0;

    *bad_id = id;
    if (id != prev_id + 1) {
        return ledger__failf(l, 1, "event %" PRId64 ": a row before it was "
                             "deleted (no event %" PRId64 ")", id,
                             prev_id + 1);
    }
    if (before->id != 0 && before->sitting == ev->sitting) {
        expected = before->seq + 1;
    } else {
        rc = query_int(l, l->st[ST_PREV_SEQ], ev->sitting, id, &expected);
        if (rc < 0) {
            return rc;
        }
        expected = rc == 1 ? expected + 1 : 1;
    }
    if (seq != expected) {
        ev->seq = expected;
        seq_edited = hash_is(l, prev, ev, ev->hash);
        ev->seq = seq;
        if (seq_edited < 0) {
            return seq_edited;
        }
    }
    rc = next_chains(l, st, prev, id);
    if (rc < 0) {
        return rc;
    }
    if (rc == 1) {
        return ledger__failf(l, 1, "event %" PRId64 ": inserted (the rows "
                             "after it were renumbered)", id);
    }
    if (seq == expected) {
        return ledger__failf(l, 1, "event %" PRId64 ": edited (its fields do "
                             "not match its hash)", id);
    }
    found = query_int(l, l->st[ST_FIND_SEQ], ev->sitting, expected, &where);
    if (found < 0) {
        return found;
    }
    if (found == 1 && where > id) {
        return ledger__failf(l, 1, "event %" PRId64 ": rows reordered (seq "
                             "%" PRId64 " here, seq %" PRId64 " is at event "
                             "%" PRId64 ")", id, seq, expected, where);
    }
    if (seq_edited == 1) {
        return ledger__failf(l, 1, "event %" PRId64 ": edited (seq %" PRId64
                             " was %" PRId64 ")", id, seq, expected);
    }
    if (seq > expected) {
        return ledger__failf(l, 1, "event %" PRId64 ": a row before it was "
                             "deleted (seq %" PRId64 " of sitting %" PRId64
                             " is missing)", id, expected, ev->sitting);
    }
    return ledger__failf(l, 1, "event %" PRId64 ": rows reordered (seq %" PRId64
                         " after seq %" PRId64 ")", id, seq, expected - 1);
}

/*
 * check_end - version 9, after a walk that found every row chained: the
 * last event (prev_id, stored as stored) must store its hash whole, and
 * the chain row's mark (head) stand on an event walked (n_mark rows up
 * to it, its hash mark_hash; "" if the walk did not reach it).  Returns
 * 0, or 1 with *bad_id and the account on l.
 */
static int check_end(struct ledger *l, const struct chain_head *head,
                     int64_t prev_id, const char *stored, int64_t n_mark,
                     const char *mark_hash, int64_t *bad_id)
{
    if (head->last_id > prev_id) {
        *bad_id = prev_id + 1;
        return ledger__failf(l, 1, "event %" PRId64 ": events deleted at the "
                             "end (the chain row stands on event %" PRId64
                             ", %" PRId64 " found)", prev_id + 1,
                             head->last_id, prev_id);
    }
    if (prev_id != 0 && strlen(stored) != 64) {
        *bad_id = prev_id + 1;
        return ledger__failf(l, 1, "event %" PRId64 ": events deleted at the "
                             "end (event %" PRId64 ", the last, stores its "
                             "hash cut short; the last event stores it "
                             "whole)", prev_id + 1, prev_id);
    }
    if (n_mark != head->n_events || strcmp(mark_hash, head->head) != 0) {
        *bad_id = head->last_id > 0 ? head->last_id : 1;
        return ledger__failf(l, 1, "event %" PRId64 ": the chain row's "
                             "mark (%" PRId64 " events, last %" PRId64 ") "
                             "was changed", head->last_id, head->n_events,
                             head->last_id);
    }
    return 0;
}

/*
 * check_head - after a walk that found every row chained: compare what
 * was found (n rows, the last prev_id with hash prev) with the recorded
 * head.  Returns 0, or 1 with *bad_id and the account on l.
 */
static int check_head(struct ledger *l, const struct chain_head *head,
                      int64_t n, int64_t prev_id, const char *prev,
                      int64_t *bad_id)
{
    if (n < head->n_events) {
        *bad_id = prev_id + 1;
        return ledger__failf(l, 1, "event %" PRId64 ": events deleted at the "
                             "end (%" PRId64 " recorded in the chain row, %"
                             PRId64 " found)",
                             prev_id + 1, head->n_events, n);
    }
    if (n != head->n_events || prev_id != head->last_id ||
        strcmp(prev, head->head) != 0) {
        *bad_id = prev_id;
        return ledger__failf(l, 1, "event %" PRId64 ": the chain row's "
                             "head (%" PRId64 " events, last %" PRId64 ") "
                             "was changed", prev_id, head->n_events,
                             head->last_id);
    }
    return 0;
}

/* last_event_id - the greatest id of event (0 if none) into *out. */
static int last_event_id(struct ledger *l, int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_EVENT_TAIL];
    int src = sqlite3_step(st);
    int rc = 0;

    *out = 0;
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
    } else if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "verify");
    }
    ledger__done(st);
    return rc;
}

int ledger_verify(struct ledger *l, int64_t *bad_id)
{
    sqlite3_stmt *st = l->st[ST_EVENTS_ALL];
    struct chain_head head;
    struct ledger_event ev;
    struct event_buf buf = { .recorded_ready = false };
    char prev[LEDGER_HASH_HEX];
    char h[LEDGER_HASH_HEX];
    struct ledger_event before = { .id = 0 };
    char stored[LEDGER_HASH_HEX] = "";
    char mark_hash[LEDGER_HASH_HEX];
    int64_t n_mark = 0;
    int64_t last = 0;
    int64_t n = 0;
    bool own = sqlite3_get_autocommit(l->db) != 0;
    int src = 0;
    int rc = 0;

    *bad_id = 0;
    l->errmsg[0] = '\0';
    rc = ledger_integrity(l);
    if (rc != 0) {
        return rc < 0 ? rc : 1;
    }
    memcpy(prev, ledger__genesis, sizeof(prev));
    if (own) {
        rc = ledger__run(l, l->st[ST_BEGIN_READ], 0, "verify");
        if (rc != 0) {
            return rc;
        }
    }
    rc = ledger__chain_read(l, &head);
    if (rc == LEDGER_E_FORMAT) {
        /* the chain row deleted: nothing says where the chain ends */
        *bad_id = 1;
        rc = ledger__failf(l, 1, "the chain row is missing (deleted): the "
                           "head of the events' chain is not recorded");
        goto out_end;
    }
    if (rc == 0) {
        rc = last_event_id(l, &last);
    }
    if (rc == 0 && l->version == 8 && ledger__later_schema(l) == 9) {
        /* version 9's head in its last event: the number taken back */
        *bad_id = last;
        rc = ledger__failf(l, 1, "event %" PRId64 ": it stores its hash "
                           "whole, as the last event of schema version 9 "
                           "does, but the file says version 8: its version "
                           "number was changed", last);
    }
    if (rc != 0) {
        goto out_end;
    }
    memcpy(mark_hash, ledger__genesis, sizeof(mark_hash));
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        ledger__event_from_row(st, &ev, &buf);
        n++;
        if (l->version < 9 && ev.id > head.last_id) {
            *bad_id = ev.id;
            rc = ledger__failf(l, 1, "event %" PRId64 ": inserted after the "
                               "recorded head (event %" PRId64 ")", ev.id,
                               head.last_id);
            goto out_reset;
        }
        rc = ledger__event_hash(l, prev, &ev, h);
        if (rc != 0) {
            goto out_reset;
        }
        if (!ledger_hash_stored_is(ev.hash, h)) {
            rc = diagnose(l, st, prev, &before, &ev, bad_id);
            goto out_reset;
        }
        if (!stored_length_is(l, ev.id, last, ev.hash) &&
            !(l->version >= 9 && ev.id == last)) {
            *bad_id = ev.id;
            if (l->version < 8) {
                rc = ledger__failf(l, 1, "event %" PRId64 ": its hash is "
                                   "stored cut short, as schema version 8 "
                                   "stores it, but the file says version "
                                   "%d: its version number was changed",
                                   ev.id, l->version);
            } else if (l->version >= 9 && strlen(ev.hash) == 64) {
                /* whole and right: it was the last event and the ledger
                 * did not add the rows after it, or it was reshaped */
                rc = ledger__failf(l, 1, "event %" PRId64 ": its hash is "
                                   "stored whole, as only the last event's "
                                   "is: the rows after it were not added by "
                                   "the ledger, or it was edited", ev.id);
            } else {
                rc = ledger__failf(l, 1, "event %" PRId64 ": edited (its "
                                   "hash is stored %s)", ev.id,
                                   strlen(ev.hash) == 64
                                       ? "whole where the ledger keeps it "
                                         "cut short"
                                       : "cut short where the ledger keeps "
                                         "it whole");
            }
            goto out_reset;
        }
        memcpy(prev, h, sizeof(prev));
        if (ev.id == head.last_id) {
            memcpy(mark_hash, h, sizeof(mark_hash));
            n_mark = n;
        }
        snprintf(stored, sizeof(stored), "%s", ev.hash);
        before.id = ev.id;
        before.sitting = ev.sitting;
        before.seq = ev.seq;
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "verify");
        goto out_reset;
    }
    rc = l->version >= 9
             ? check_end(l, &head, before.id, stored, n_mark, mark_hash,
                         bad_id)
             : check_head(l, &head, n, before.id, prev, bad_id);
out_reset:
    ledger__done(st);
out_end:
    if (own) {
        sqlite3_step(l->st[ST_COMMIT]);
        ledger__done(l->st[ST_COMMIT]);
    }
    return rc;
}

int ledger_foreign_key_check(struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(l->db, "PRAGMA foreign_key_check", -1, &st,
                                 NULL);
    int rc = 0;

    if (src != SQLITE_OK) {
        return ledger__fail(l, src, "check the references");
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        rc = ledger__failf(l, LEDGER_E_DAMAGED,
                           "a row of %s refers to a missing row of %s",
                           ledger__col_text(st, 0), ledger__col_text(st, 2));
    } else if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "check the references");
    }
    sqlite3_finalize(st);
    return rc;
}
