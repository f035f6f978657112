/* SPDX-License-Identifier: MIT */
/*
 * comments.c - the log's `#` comments kept where they stood (schema
 * version 7, table comment), sealed as they are written; and the laws'
 * rows (table law) read back for the proof that holds them against the
 * laws ecarte is built with.  Neither is an event: the hash chain and
 * the referee never see them.
 */
#include "ledger/ledger.h"

#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

int ledger_comment_add(struct ledger *l, const struct ledger_comment *c,
                       int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int bad = 0;

    if (l->version < 7) {
        return ledger__failf(l, LEDGER_E_FORMAT, "a comment: the ledger's "
                             "schema version %d keeps none", l->version);
    }
    if (c->after_lines < 0 || c->text == NULL || strchr(c->text, '#') == NULL) {
        return ledger__failf(l, LEDGER_E_INVALID, "a comment: expected a "
                             "text with its '#' after 0 or more lines");
    }
    st = ledger__cached(l, CS_COMMENT_ADD,
                        "INSERT INTO comment (sitting_id, event_id, "
                        "after_lines, ends_line, line, text) VALUES (?1, "
                        "nullif(?2, 0), ?3, ?4, ?5, ?6)");
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    bad |= sqlite3_bind_int64(st, 1, c->sitting);
    bad |= sqlite3_bind_int64(st, 2, c->event);
    bad |= sqlite3_bind_int(st, 3, c->after_lines);
    bad |= sqlite3_bind_int(st, 4, c->ends_line ? 1 : 0);
    bad |= sqlite3_bind_int(st, 5, c->line);
    bad |= ledger__bind_text(st, 6, c->text);
    return ledger__run_sealed(l, st, bad, "a comment", SEAL_COMMENT, 0, out);
}

int ledger_marks_count(struct ledger *l, int64_t event, int *out)
{
    sqlite3_stmt *st = ledger__cached(
        l, CS_MARKS_COUNT,
        "SELECT (SELECT count(*) FROM ruling WHERE event_id = ?1) + "
        "(SELECT count(*) FROM score_mark WHERE event_id = ?1) + "
        "(SELECT count(*) FROM settlement WHERE event_id = ?1) + "
        "(SELECT count(*) FROM sitting_mark WHERE event_id = ?1)");
    int src = 0;
    int rc = 0;

    *out = 0;
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    rc = ledger__deal_now(l);   /* the deal's score marks, if kept */
    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_int64(st, 1, event);
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int(st, 0);
    } else {
        rc = ledger__fail(l, src, "count the lines of an event");
    }
    ledger__done(st);
    return rc;
}

int ledger_comments_foreach(struct ledger *l, int64_t sitting,
                            ledger_comment_fn fn, void *ctx)
{
    struct ledger_comment c;
    sqlite3_stmt *st = NULL;
    int src = 0;
    int rc = 0;

    if (l->version < 7) {
        return 0;               /* an older file read as it is: none */
    }
    /* comment_by_sitting gives the order (NULL events first) */
    st = ledger__cached(l, CS_COMMENTS,
                        "SELECT id, coalesce(event_id, 0), after_lines, "
                        "ends_line, line, text FROM comment "
                        "WHERE sitting_id = ?1 ORDER BY event_id, id");
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read the comments");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        memset(&c, 0, sizeof(c));
        c.id = sqlite3_column_int64(st, 0);
        c.sitting = sitting;
        c.event = sqlite3_column_int64(st, 1);
        c.after_lines = sqlite3_column_int(st, 2);
        c.ends_line = sqlite3_column_int(st, 3) != 0;
        c.line = sqlite3_column_int(st, 4);
        c.text = ledger__col_text(st, 5);
        rc = fn(ctx, &c);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the comments");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_laws_foreach(struct ledger *l, ledger_law_fn fn, void *ctx)
{
    struct ledger_law_row row;
    sqlite3_stmt *st = NULL;
    int src = 0;
    int rc = 0;

    if (l->version < 7) {
        return 0;
    }
    st = ledger__cached(l, CS_LAWS, "SELECT id, code, title, kind, lawful "
                                    "FROM law ORDER BY id");
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        memset(&row, 0, sizeof(row));
        row.id = sqlite3_column_int64(st, 0);
        row.code = ledger__col_text(st, 1);
        row.title = ledger__col_text(st, 2);
        row.kind = ledger__col_text(st, 3);
        row.lawful = sqlite3_column_type(st, 4) == SQLITE_NULL
                         ? NULL
                         : ledger__col_text(st, 4);
        rc = fn(ctx, &row);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the laws");
    }
out_reset:
    ledger__done(st);
    return rc;
}
