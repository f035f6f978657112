/* SPDX-License-Identifier: MIT */
/*
 * event_read.c - reading events back: every event of a sitting (or of
 * the ledger) in order, the narrow walks of a few columns, and where a
 * sitting's events begin and end.
 */
#include "ledger/ledger.h"

#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

int ledger_events_foreach(struct ledger *l, int64_t sitting,
                          ledger_event_fn fn, void *ctx)
{
    sqlite3_stmt *st = NULL;
    struct ledger_event ev;
    struct event_buf *buf = malloc(sizeof(*buf));
    int src = 0;
    int rc = 0;

    if (buf == NULL) {
        return ledger__failf(l, LEDGER_E_ERROR, "read events: out of memory");
    }
    rc = ledger__deal_now(l);   /* events kept while loading: written */
    if (rc != 0) {
        free(buf);
        return rc;
    }
    buf->recorded_ready = false;
    if (sitting == 0) {
        st = l->st[ST_EVENTS_ALL];
    } else {
        st = l->st[ST_EVENTS_SITTING];
        if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
            rc = ledger__fail(l, sqlite3_errcode(l->db), "read events");
            goto out_reset;
        }
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        ledger__event_from_row(st, &ev, buf);
        rc = fn(ctx, &ev);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read events");
    }
out_reset:
    ledger__done(st);
    free(buf);
    return rc;
}

/* A row of a narrow event query into ev (hash: room for its hex). */
typedef void (*event_cols_fn)(sqlite3_stmt *st, struct ledger_event *ev,
                              char *hash);

/* brief_cols - id, line, text (ST_EVENTS_BRIEF). */
static void brief_cols(sqlite3_stmt *st, struct ledger_event *ev, char *hash)
{
    (void)hash;
    ev->id = sqlite3_column_int64(st, 0);
    ev->line = sqlite3_column_int(st, 1);
    ev->text = (const char *)sqlite3_column_text(st, 2);
}

/* chain_cols - id, game, hash (ST_EVENTS_CHAIN). */
static void chain_cols(sqlite3_stmt *st, struct ledger_event *ev, char *hash)
{
    ev->id = sqlite3_column_int64(st, 0);
    ev->game = sqlite3_column_int64(st, 1);
    ev->hash = ledger__hash_col(st, 2, hash);
}

/* narrow_foreach - fn(ctx, ev) for every event of sitting read by the
 * statement which (bound to the sitting), cols filling the fields it
 * reads (the rest zero).  Returns 0, fn's non-zero, or a negative code. */
static int narrow_foreach(struct ledger *l, enum stmt which,
                          int64_t sitting, event_cols_fn cols,
                          ledger_event_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[which];
    struct ledger_event ev;
    char hash[LEDGER_HASH_HEX];
    int src = 0;
    int rc = 0;

    memset(&ev, 0, sizeof(ev));
    ev.sitting = sitting;
    rc = ledger__deal_now(l);   /* events kept while loading: written */
    if (rc != 0) {
        return rc;
    }
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read events");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        cols(st, &ev, hash);
        rc = fn(ctx, &ev);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read events");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_events_brief_foreach(struct ledger *l, int64_t sitting,
                                ledger_event_fn fn, void *ctx)
{
    return narrow_foreach(l, ST_EVENTS_BRIEF, sitting, brief_cols, fn, ctx);
}

int ledger_events_chain_foreach(struct ledger *l, int64_t sitting,
                                ledger_event_fn fn, void *ctx)
{
    return narrow_foreach(l, ST_EVENTS_CHAIN, sitting, chain_cols, fn, ctx);
}

/* sitting_row - step st bound to sitting: 1 on a row (st stands on it;
 * the caller resets it), 0 on none (reset), or a negative code (reset). */
static int sitting_row(struct ledger *l, sqlite3_stmt *st, int64_t sitting)
{
    int src = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        src = sqlite3_errcode(l->db);
        ledger__done(st);
        return ledger__fail(l, src, "read events");
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        return 1;
    }
    ledger__done(st);
    return src == SQLITE_DONE ? 0 : ledger__fail(l, src, "read events");
}

int ledger_sitting_ends(struct ledger *l, int64_t sitting, int64_t *first,
                        int64_t *last, char *hash)
{
    sqlite3_stmt *st = l->st[ST_SITTING_FIRST_EVENT];
    int rc = sitting_row(l, st, sitting);

    *first = *last = 0;
    hash[0] = '\0';
    if (rc <= 0) {
        return rc;
    }
    *first = sqlite3_column_int64(st, 0);
    ledger__done(st);
    st = l->st[ST_SITTING_LAST_EVENT];
    rc = sitting_row(l, st, sitting);
    if (rc <= 0) {
        return rc;
    }
    *last = sqlite3_column_int64(st, 0);
    {
        char buf[LEDGER_HASH_HEX];

        snprintf(hash, LEDGER_HASH_HEX, "%s", ledger__hash_col(st, 1, buf));
    }
    ledger__done(st);
    return 0;
}
