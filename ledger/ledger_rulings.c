/* SPDX-License-Identifier: MIT */
/*
 * ledger_rulings.c - the rulings given on events and the score marks, and the
 * rulings read back (for the audit).
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

int ledger_ruling_add(struct ledger *l, int64_t event, const char *law,
                      const char *offender, const char *elector,
                      const char *options, const char *remedy,
                      const char *text, int64_t *out)
{
    int pos = ledger__mark_pos(l, event);
    sqlite3_stmt *st = l->st[pos >= 0 ? ST_RULING_AT : ST_RULING_ADD];
    int bad = 0;
    int rc = 0;

    if (pos >= 0) {
        bad |= sqlite3_bind_int(st, 8, pos);
    }
    bad |= sqlite3_bind_int64(st, 1, event);
    bad |= ledger__bind_text(st, 2, law);
    bad |= ledger__bind_text(st, 3, offender);
    bad |= ledger__bind_text(st, 4, elector);
    bad |= ledger__bind_text(st, 5, options);
    bad |= ledger__bind_text(st, 6, remedy);
    bad |= ledger__bind_text(st, 7, text);
    rc = ledger__run(l, st, bad, "add a ruling");
    if (rc == 0) {
        ledger__mark_added(l, event);
        ledger__last_id(l, out);
    }
    return rc;
}

int ledger_score_add(struct ledger *l, int64_t event, int64_t game,
                     int points_a, int points_b, const char *reason)
{
    int pos = ledger__mark_pos(l, event);
    sqlite3_stmt *st = l->st[pos >= 0 ? ST_SCORE_AT : ST_SCORE_ADD];
    int bad = 0;
    int rc = 0;

    if (pos >= 0 && ledger__keeping(l)) {
        /* its place known: kept with the deal's rows */
        const int64_t a[5] = {event, game, pos, points_a, points_b};

        rc = ledger__keep(l, KEPT_SCORE, 0, a, 5, '\0', &reason, 1);
        if (rc == 0) {
            ledger__mark_added(l, event);
        }
        return rc;
    }
    rc = ledger__deal_now(l);   /* rows kept first: st is theirs too */
    if (rc != 0) {
        return rc;
    }
    if (pos >= 0) {
        bad |= sqlite3_bind_int(st, 6, pos);
    }
    bad |= sqlite3_bind_int64(st, 1, event);
    bad |= sqlite3_bind_int64(st, 2, game);
    bad |= sqlite3_bind_int(st, 3, points_a);
    bad |= sqlite3_bind_int(st, 4, points_b);
    bad |= ledger__bind_text(st, 5, reason);
    rc = ledger__run(l, st, bad, "add a score mark");
    if (rc == 0) {
        ledger__mark_added(l, event);
    }
    return rc;
}

int ledger__mark_pos(const struct ledger *l, int64_t event)
{
    return event != 0 && event == l->mark_event ? l->mark_n : -1;
}

void ledger__mark_added(struct ledger *l, int64_t event)
{
    if (event != 0 && event == l->mark_event) {
        l->mark_n++;
    }
}

int ledger_rulings_foreach(struct ledger *l, int64_t from_event,
                           int64_t to_event, ledger_ruling_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_RULINGS];
    int rc = 0;
    int src;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, from_event) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, to_event > 0 ? to_event : INT64_MAX) !=
            SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the rulings");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0),
                (const char *)sqlite3_column_text(st, 1));
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the rulings");
    }
    ledger__done(st);
    return rc;
}

int ledger_capped_deals_foreach(struct ledger *l, int64_t sitting,
                                bool replay_uncaps, ledger_capped_fn fn,
                                void *ctx)
{
    sqlite3_stmt *st = l->st[ST_CAPPED_DEALS];
    int last = 0;
    int rc = 0;
    int src;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the rulings");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        int deal = sqlite3_column_int(st, 0);
        const char *next = ledger__col_text(st, 1);

        if ((replay_uncaps && strstr(next, " elects replay") != NULL) ||
            deal == last) {
            continue;
        }
        last = deal;
        rc = fn(ctx, deal);
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the rulings");
    }
    ledger__done(st);
    return rc;
}

/* rulings_stream_start - ledger_rulings_next's cursor bound to the
 * events from from_event and on its first row.  Returns 0 or a negative
 * code. */
static int rulings_stream_start(struct ledger *l, int64_t from_event)
{
    sqlite3_stmt *st = l->st[ST_RULINGS_STREAM];

    ledger__done(st);
    l->rulings.open = false;
    if (sqlite3_bind_int64(st, 1, from_event) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the rulings");
    }
    l->rulings.open = true;
    l->rulings.last_to = 0;
    l->rulings.step = sqlite3_step(st);
    return 0;
}

int ledger_rulings_next(struct ledger *l, int64_t from_event,
                        int64_t to_event, ledger_ruling_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_RULINGS_STREAM];
    int rc = 0;

    assert(l != NULL && fn != NULL);
    if (to_event <= 0) {
        return 0; /* no such events: only a forged ledger has them */
    }
    if (!l->rulings.open || from_event <= l->rulings.last_to) {
        rc = rulings_stream_start(l, from_event);
        if (rc != 0) {
            return rc;
        }
    }
    l->rulings.last_to = to_event;
    while (rc == 0 && l->rulings.step == SQLITE_ROW) {
        int64_t event = sqlite3_column_int64(st, 0);

        if (event > to_event) {
            return 0;
        }
        if (event >= from_event) {
            rc = fn(ctx, event, (const char *)sqlite3_column_text(st, 1));
        }
        l->rulings.step = sqlite3_step(st);
    }
    if (rc == 0 && l->rulings.step != SQLITE_DONE) {
        rc = ledger__fail(l, l->rulings.step, "read the rulings");
        ledger_rulings_done(l);
    }
    return rc;
}

void ledger_rulings_done(struct ledger *l)
{
    if (l->rulings.open) {
        ledger__done(l->st[ST_RULINGS_STREAM]);
        l->rulings.open = false;
    }
}
