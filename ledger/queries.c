/* SPDX-License-Identifier: MIT */
/*
 * queries.c - a sitting read back for export and the scoresheet: its
 * lines in log order (tags, events, rulings, score marks), an event's
 * text, and every deal with its game.
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* tag_line - "[name "value"]" with \ and " escaped in value, into l's
 * buffer (borrowed), or NULL when out of memory. */
static const char *tag_line(struct ledger *l, const char *name,
                            const char *value)
{
    size_t need = strlen(name) + 2 * strlen(value) + 6;
    char *p = NULL;

    if (need > l->tbuf_cap) {
        char *nb = realloc(l->tbuf, need);

        if (nb == NULL) {
            return NULL;
        }
        l->tbuf = nb;
        l->tbuf_cap = need;
    }
    p = l->tbuf;
    *p++ = '[';
    p = stpcpy(p, name);
    *p++ = ' ';
    *p++ = '"';
    for (; *value != '\0'; value++) {
        if (*value == '"' || *value == '\\') {
            *p++ = '\\';
        }
        *p++ = *value;
    }
    *p++ = '"';
    *p++ = ']';
    *p = '\0';
    return l->tbuf;
}

/* lines_tags - the tag lines of ledger_lines_foreach. */
static int lines_tags(struct ledger *l, int64_t sitting, ledger_line_fn fn,
                      void *ctx)
{
    sqlite3_stmt *st = l->st[ST_TAGS];
    const char *text = NULL;
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read tags");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        text = tag_line(l, ledger__col_text(st, 0), ledger__col_text(st, 1));
        if (text == NULL) {
            rc = ledger__failf(l, LEDGER_E_ERROR, "read tags: out of memory");
            goto out_reset;
        }
        rc = fn(ctx, LEDGER_LINE_TAG, 0, text);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read tags");
    }
out_reset:
    ledger__done(st);
    return rc;
}

/* The cursors merged with the events in ledger_lines_foreach, each on
 * its current row (event_id, pos, text, points_a, points_b). */
#define LINE_CURSORS 4

struct line_cursor {
    sqlite3_stmt *st;
    enum ledger_line_kind kind;
    int step;                   /* the last sqlite3_step's code */
};

/* cursors_start - every cursor bound to the events from id from and on
 * its first row.  Returns 0 or a negative code. */
static int cursors_start(struct ledger *l, struct line_cursor *c,
                         int64_t from)
{
    for (int i = 0; i < LINE_CURSORS; i++) {
        ledger__done(c[i].st);
        if (sqlite3_bind_int64(c[i].st, 1, from) != SQLITE_OK) {
            return ledger__fail(l, sqlite3_errcode(l->db), "read lines");
        }
        c[i].step = sqlite3_step(c[i].st);
    }
    return 0;
}

/* cursor_at - whether cursor c is on a row of event id, after skipping
 * the rows of the events before it (other sittings', other games').
 * A failed step is left in c->step for the caller. */
static bool cursor_at(struct line_cursor *c, int64_t id)
{
    while (c->step == SQLITE_ROW && sqlite3_column_int64(c->st, 0) < id) {
        c->step = sqlite3_step(c->st);
    }
    return c->step == SQLITE_ROW && sqlite3_column_int64(c->st, 0) == id;
}

/* event_marks - the lines given on event id (game number game), merged
 * from the cursors in the order of their pos.  Returns 0, fn's non-zero
 * value, or a negative code. */
static int event_marks(struct ledger *l, struct line_cursor *c, int64_t id,
                       int64_t game, ledger_line_fn fn, void *ctx)
{
    char score[64];

    for (;;) {
        struct line_cursor *next = NULL;
        const char *text = NULL;
        int rc = 0;

        for (int i = 0; i < LINE_CURSORS; i++) {
            if (cursor_at(&c[i], id) &&
                (next == NULL || sqlite3_column_int64(c[i].st, 1) <
                                     sqlite3_column_int64(next->st, 1))) {
                next = &c[i];
            } else if (c[i].step != SQLITE_ROW && c[i].step != SQLITE_DONE) {
                return ledger__fail(l, c[i].step, "read lines");
            }
        }
        if (next == NULL) {
            return 0;
        }
        if (next->kind == LEDGER_LINE_SCORE) {
            snprintf(score, sizeof(score), "score A %d B %d",
                     sqlite3_column_int(next->st, 3),
                     sqlite3_column_int(next->st, 4));
            text = score;
        } else {
            text = ledger__col_text(next->st, 2);
        }
        rc = fn(ctx, next->kind, game, text);
        if (rc != 0) {
            return rc;
        }
        next->step = sqlite3_step(next->st);
    }
}

/* lines_walk - the events of the sitting (ST_LINES, bound) with the
 * lines given on each.  The cursors follow the events' ids; should an
 * id not rise (only a forged ledger has it), they start again there. */
static int lines_walk(struct ledger *l, struct line_cursor *c,
                      ledger_line_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_LINES];
    int64_t last = 0;           /* ids are 1, 2, ...: 0 is none yet */
    int src = 0;
    int rc = 0;

    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        int64_t game = sqlite3_column_int64(st, 1);

        if (id <= last || last == 0) {
            rc = cursors_start(l, c, id);
        }
        last = id;
        if (rc == 0) {
            rc = fn(ctx, LEDGER_LINE_EVENT, game, ledger__col_text(st, 2));
        }
        if (rc == 0) {
            rc = event_marks(l, c, id, game, fn, ctx);
        }
        if (rc != 0) {
            return rc;
        }
    }
    if (src != SQLITE_DONE) {
        return ledger__fail(l, src, "read lines");
    }
    return 0;
}

int ledger_lines_foreach(struct ledger *l, int64_t sitting, int game,
                         ledger_line_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_LINES];
    struct line_cursor c[LINE_CURSORS] = {
        {l->st[ST_LINES_RULINGS], LEDGER_LINE_RULING, SQLITE_DONE},
        {l->st[ST_LINES_SCORES], LEDGER_LINE_SCORE, SQLITE_DONE},
        {l->st[ST_LINES_SETTLEMENTS], LEDGER_LINE_MARK, SQLITE_DONE},
        {l->st[ST_LINES_MARKS], LEDGER_LINE_MARK, SQLITE_DONE},
    };
    int rc = lines_tags(l, sitting, fn, ctx);

    if (rc != 0) {
        return rc;
    }
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int(st, 2, game) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read lines");
    } else {
        rc = lines_walk(l, c, fn, ctx);
    }
    ledger__done(st);
    for (int i = 0; i < LINE_CURSORS; i++) {
        ledger__done(c[i].st);
    }
    return rc;
}

int ledger_sitting_last_line(struct ledger *l, int64_t sitting, int *out)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(
        l->db,
        "SELECT max(coalesce((SELECT max(line) FROM event WHERE "
        "sitting_id = ?1), 0), coalesce((SELECT max(line) FROM comment "
        "WHERE sitting_id = ?1), 0), (SELECT count(*) FROM tag WHERE "
        "sitting_id = ?1))",
        -1, &st, NULL);
    int rc = 0;

    assert(l != NULL && out != NULL);
    *out = 0;
    if (src != SQLITE_OK) {
        return ledger__fail(l, src, "read a sitting's last line");
    }
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read a sitting's last "
                          "line");
    } else if ((src = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t v = sqlite3_column_int64(st, 0);

        *out = v > 0 && v < INT32_MAX ? (int)v : 0;
    } else {
        rc = ledger__fail(l, src, "read a sitting's last line");
    }
    sqlite3_finalize(st);
    return rc;
}

int ledger_event_text(struct ledger *l, int64_t sitting, int64_t seq,
                      char *buf, size_t n)
{
    sqlite3_stmt *st = l->st[ST_EVENT_TEXT];
    int src = 0;
    int rc = 0;

    assert(l != NULL && buf != NULL && n > 0);
    buf[0] = '\0';
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, seq) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read an event");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        snprintf(buf, n, "%s", ledger__col_text(st, 0));
    } else if (src == SQLITE_DONE) {
        rc = ledger__failf(l, LEDGER_E_NOTFOUND, "sitting %" PRId64 " has "
                           "no event %" PRId64, sitting, seq);
    } else {
        rc = ledger__fail(l, src, "read an event");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_scoresheet_foreach(struct ledger *l, int64_t sitting,
                              ledger_deal_fn fn, void *ctx)
{
    sqlite3_stmt *st = NULL;
    struct ledger_deal_row row;
    int src = 0;
    int rc = 0;

    if (sitting == 0) {
        st = l->st[ST_SCORESHEET_ALL];
    } else {
        st = l->st[ST_SCORESHEET_SITTING];
        if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
            rc = ledger__fail(l, sqlite3_errcode(l->db), "read the scoresheet");
            goto out_reset;
        }
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        memset(&row, 0, sizeof(row));
        row.sitting = sqlite3_column_int64(st, 0);
        row.game = sqlite3_column_int(st, 1);
        row.deal = sqlite3_column_int(st, 2);
        row.dealer = ledger__col_text(st, 3)[0];
        row.tricks_a = sqlite3_column_int(st, 4);
        row.tricks_b = sqlite3_column_int(st, 5);
        row.points_a = sqlite3_column_int(st, 6);
        row.points_b = sqlite3_column_int(st, 7);
        row.is_void = sqlite3_column_int(st, 8) != 0;
        row.finished = sqlite3_column_int(st, 9) != 0;
        row.game_winner = ledger__col_text(st, 10)[0];
        row.game_value = sqlite3_column_int(st, 11);
        row.game_points_a = sqlite3_column_int(st, 12);
        row.game_points_b = sqlite3_column_int(st, 13);
        row.game_lost = sqlite3_column_int(st, 14);
        rc = fn(ctx, &row);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the scoresheet");
    }
out_reset:
    ledger__done(st);
    return rc;
}
