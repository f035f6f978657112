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

/* A row of an event query into ev, with scratch room for what it makes
 * (a hash's hex, or the whole row's struct event_buf). */
typedef void (*event_cols_fn)(sqlite3_stmt *st, struct ledger_event *ev,
                              void *scratch);

/* full_cols - every field (ST_EVENTS_ALL, ST_EVENTS_SITTING); scratch is
 * a struct event_buf. */
static void full_cols(sqlite3_stmt *st, struct ledger_event *ev,
                      void *scratch)
{
    ledger__event_from_row(st, ev, scratch);
}

/* brief_cols - id, line, text (ST_EVENTS_BRIEF). */
static void brief_cols(sqlite3_stmt *st, struct ledger_event *ev,
                       void *scratch)
{
    (void)scratch;
    ev->id = sqlite3_column_int64(st, 0);
    ev->line = sqlite3_column_int(st, 1);
    ev->text = (const char *)sqlite3_column_text(st, 2);
}

/* chain_cols - id, game, hash (ST_EVENTS_CHAIN); scratch holds the hash's
 * hex (LEDGER_HASH_HEX bytes). */
static void chain_cols(sqlite3_stmt *st, struct ledger_event *ev,
                       void *scratch)
{
    ev->id = sqlite3_column_int64(st, 0);
    ev->game = sqlite3_column_int64(st, 1);
    ev->hash = ledger__hash_col(st, 2, scratch);
}

/* events_walk - fn(ctx, ev) for every event read by the statement which
 * (bound to sitting, unless it is ST_EVENTS_ALL), cols filling the fields
 * it reads (the rest zero) with scratch.  The events kept while loading
 * are written first.  Returns 0, fn's non-zero, or a negative code. */
static int events_walk(struct ledger *l, enum stmt which, int64_t sitting,
                       event_cols_fn cols, void *scratch, ledger_event_fn fn,
                       void *ctx)
{
    sqlite3_stmt *st = l->st[which];
    struct ledger_event ev;
    int src = 0;
    int rc = 0;

    memset(&ev, 0, sizeof(ev));
    ev.sitting = sitting;
    rc = ledger__deal_now(l);   /* events kept while loading: written */
    if (rc != 0) {
        return rc;
    }
    if (which != ST_EVENTS_ALL &&
        sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read events");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        cols(st, &ev, scratch);
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

int ledger_events_foreach(struct ledger *l, int64_t sitting,
                          ledger_event_fn fn, void *ctx)
{
    struct event_buf *buf = malloc(sizeof(*buf));
    int rc = 0;

    if (buf == NULL) {
        return ledger__failf(l, LEDGER_E_ERROR, "read events: out of memory");
    }
    buf->recorded_ready = false;
    rc = events_walk(l, sitting == 0 ? ST_EVENTS_ALL : ST_EVENTS_SITTING,
                     sitting, full_cols, buf, fn, ctx);
    free(buf);
    return rc;
}

int ledger_events_brief_foreach(struct ledger *l, int64_t sitting,
                                ledger_event_fn fn, void *ctx)
{
    return events_walk(l, ST_EVENTS_BRIEF, sitting, brief_cols, NULL, fn,
                       ctx);
}

int ledger_events_chain_foreach(struct ledger *l, int64_t sitting,
                                ledger_event_fn fn, void *ctx)
{
    char hash[LEDGER_HASH_HEX];

    return events_walk(l, ST_EVENTS_CHAIN, sitting, chain_cols, hash, fn,
                       ctx);
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
