/* SPDX-License-Identifier: MIT */
/*
 * imports.c - import bookkeeping: files known by their content and the
 * progress of their import, the deals quarantined and where they stood,
 * and the claims (`=` lines) of imported logs.
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* ------------------------------------------------------------------ */
/* Imported files                                                       */
/* ------------------------------------------------------------------ */

int ledger_file_seen(struct ledger *l, const char *sha256_hex)
{
    sqlite3_stmt *st = l->st[ST_FILE_SEEN];
    int src = 0;
    int rc = 0;

    if (ledger__bind_text(st, 1, sha256_hex) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "look up a file");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        rc = 1;
    } else if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "look up a file");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_file_add(struct ledger *l, const char *sha256_hex,
                    const char *path, int64_t sitting, int deals,
                    int quarantined)
{
    sqlite3_stmt *st = l->st[ST_FILE_ADD];
    int bad = 0;
    int rc = 0;

    bad |= ledger__bind_text(st, 1, sha256_hex);
    bad |= ledger__bind_text(st, 2, path);
    bad |= sqlite3_bind_int64(st, 3, sitting);
    bad |= sqlite3_bind_int(st, 4, deals);
    bad |= sqlite3_bind_int(st, 5, quarantined);
    bad |= ledger__bind_text(st, 6, ledger__now_utc(l));
    rc = ledger__run_sealed(l, st, bad, "record an imported file",
                            SEAL_IMPORT, 0, NULL);
    if (rc != 0 && l->sqlite_rc == SQLITE_CONSTRAINT_UNIQUE) {
        rc = LEDGER_E_DUPLICATE;
    }
    return rc;
}

int ledger_import_get(struct ledger *l, const char *sha256_hex,
                      struct ledger_import *out)
{
    sqlite3_stmt *st = l->st[ST_IMPORT_GET];
    int src = 0;
    int rc = 0;

    assert(l != NULL && out != NULL);
    memset(out, 0, sizeof(*out));
    if (ledger__bind_text(st, 1, sha256_hex) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "look up an import");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        out->id = sqlite3_column_int64(st, 0);
        out->sitting = sqlite3_column_int64(st, 1);
        out->line = sqlite3_column_int(st, 2);
        out->deals = sqlite3_column_int(st, 3);
        out->quarantined = sqlite3_column_int(st, 4);
        out->findings = sqlite3_column_int(st, 5);
        out->events = sqlite3_column_int64(st, 6);
        out->complete = sqlite3_column_int(st, 7) != 0;
    } else if (src == SQLITE_DONE) {
        rc = ledger__failf(l, LEDGER_E_NOTFOUND, "no import of that content");
    } else {
        rc = ledger__fail(l, src, "look up an import");
    }
out_reset:
    ledger__done(st);
    return rc;
}

/* writable_v2 - the statements that write version 2 columns need a
 * version 2 file (a version 1 file is only read, never written). */
static int writable_v2(struct ledger *l, const char *what)
{
    if (l->version < 2) {
        return ledger__failf(l, LEDGER_E_FORMAT, "%s: ledger schema version "
                             "%d is read only here", what, l->version);
    }
    return 0;
}

int ledger_import_begin(struct ledger *l, const char *sha256_hex,
                        const char *path, struct ledger_import *imp)
{
    sqlite3_stmt *st = l->st[ST_IMPORT_BEGIN];
    int bad = 0;
    int rc = writable_v2(l, "begin an import");

    if (rc != 0) {
        return rc;
    }
    bad |= ledger__bind_text(st, 1, sha256_hex);
    bad |= ledger__bind_text(st, 2, path);
    bad |= sqlite3_bind_int64(st, 3, imp->sitting);
    bad |= sqlite3_bind_int(st, 4, imp->deals);
    bad |= sqlite3_bind_int(st, 5, imp->quarantined);
    bad |= ledger__bind_text(st, 6, ledger__now_utc(l));
    bad |= sqlite3_bind_int(st, 7, imp->line);
    bad |= sqlite3_bind_int(st, 8, imp->findings);
    bad |= sqlite3_bind_int64(st, 9, imp->events);
    rc = ledger__run_sealed(l, st, bad, "begin an import", SEAL_IMPORT, 0,
                            &imp->id);
    if (rc != 0 && l->sqlite_rc == SQLITE_CONSTRAINT_UNIQUE) {
        return LEDGER_E_DUPLICATE;
    }
    if (rc == 0) {
        imp->complete = false;
    }
    return rc;
}

int ledger_import_update(struct ledger *l, const struct ledger_import *imp)
{
    sqlite3_stmt *st = l->st[ST_IMPORT_UPDATE];
    int bad = 0;
    int rc = writable_v2(l, "record an import's progress");

    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, imp->id);
    bad |= sqlite3_bind_int64(st, 2, imp->sitting);
    bad |= sqlite3_bind_int(st, 3, imp->line);
    bad |= sqlite3_bind_int(st, 4, imp->deals);
    bad |= sqlite3_bind_int(st, 5, imp->quarantined);
    bad |= sqlite3_bind_int(st, 6, imp->findings);
    bad |= sqlite3_bind_int64(st, 7, imp->events);
    bad |= sqlite3_bind_int(st, 8, imp->complete ? 1 : 0);
    rc = ledger__run_sealed(l, st, bad, "record an import's progress",
                            SEAL_IMPORT, imp->id, NULL);
    if (rc == LEDGER_E_NOTFOUND) {
        rc = ledger__failf(l, LEDGER_E_NOTFOUND, "record an import's "
                           "progress: no such row");
    }
    return rc;
}

int ledger_sitting_imported(struct ledger *l, int64_t sitting)
{
    sqlite3_stmt *st = l->st[ST_SITTING_IMPORTED];
    int rc;
    int src;

    assert(l != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the imports");
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        rc = sqlite3_column_int64(st, 0) > 0 ? 1 : 0;
    } else {
        rc = ledger__fail(l, src, "read the imports");
    }
    ledger__done(st);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Quarantine                                                           */
/* ------------------------------------------------------------------ */

int ledger_quarantine_add(struct ledger *l, const char *source, int line,
                          const char *error, const char *raw)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_ADD];
    int bad = 0;

    bad |= ledger__bind_text(st, 1, source);
    bad |= sqlite3_bind_int(st, 2, line);
    bad |= ledger__bind_text(st, 3, error);
    bad |= ledger__bind_text(st, 4, raw);
    bad |= ledger__bind_text(st, 5, ledger__now_utc(l));
    return ledger__run_sealed(l, st, bad, "quarantine a deal",
                              SEAL_QUARANTINE, 0, NULL);
}

int ledger_quarantine_gap(struct ledger *l, const char *source, int line,
                          const char *error, const char *raw,
                          int64_t sitting, int64_t after_event, int game)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_GAP];
    int bad = 0;
    int rc = writable_v2(l, "quarantine a deal");

    if (rc != 0) {
        return rc;
    }
    bad |= ledger__bind_text(st, 1, source);
    bad |= sqlite3_bind_int(st, 2, line);
    bad |= ledger__bind_text(st, 3, error);
    bad |= ledger__bind_text(st, 4, raw);
    bad |= ledger__bind_text(st, 5, ledger__now_utc(l));
    bad |= sqlite3_bind_int64(st, 6, sitting);
    bad |= sqlite3_bind_int64(st, 7, after_event);
    bad |= sqlite3_bind_int(st, 8, game);
    return ledger__run_sealed(l, st, bad, "quarantine a deal",
                              SEAL_QUARANTINE, 0, NULL);
}

int ledger_gaps_foreach(struct ledger *l, int64_t sitting, ledger_gap_fn fn,
                        void *ctx)
{
    sqlite3_stmt *st = l->st[ST_GAPS];
    int src = 0;
    int rc = 0;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read the quarantine");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
                sqlite3_column_int(st, 2), ledger__col_text(st, 3));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the quarantine");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_quarantine_of(struct ledger *l, const char *source, int *count,
                         int *first_line)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_OF];
    int rc = 0;
    int src;

    assert(l != NULL);
    *count = 0;
    *first_line = 0;
    if (ledger__bind_text(st, 1, source) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the quarantine");
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *count = sqlite3_column_int(st, 0);
        *first_line = sqlite3_column_int(st, 1);
    } else {
        rc = ledger__fail(l, src, "read the quarantine");
    }
    ledger__done(st);
    return rc;
}

int64_t ledger_quarantine_count(struct ledger *l)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_COUNT];
    int src = sqlite3_step(st);
    int64_t n = 0;

    if (src == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    } else {
        n = ledger__fail(l, src, "count quarantined deals");
    }
    ledger__done(st);
    return n;
}

/* ------------------------------------------------------------------ */
/* Claims of imported logs                                              */
/* ------------------------------------------------------------------ */

int ledger_claim_add(struct ledger *l, int64_t sitting, int64_t event,
                     int line, const char *text)
{
    sqlite3_stmt *st = l->st[ST_CLAIM_ADD];
    /* the row as written: sitting_id, event_id (nullif 0), line, text */
    const struct seal_value v[4] = {
        {SEAL_INT, sitting, NULL},
        {event != 0 ? SEAL_INT : SEAL_NULL, event, NULL},
        {SEAL_INT, line, NULL},
        {SEAL_TEXT, 0, text},
    };
    int bad = 0;
    int rc = 0;

    assert(l != NULL);
    if (ledger__keeping(l)) {
        /* kept with the deal's rows, sealed (the seal kept too) */
        const int64_t a[3] = {sitting, event, line};
        int64_t id = 0;

        rc = ledger__kept_next_id(l, KEPT_T_CLAIM, &id);
        if (rc == 0) {
            rc = ledger__keep(l, KEPT_CLAIM, id, a, 3, '\0', &text, 1);
        }
        return rc == 0 ? ledger__seal_values(l, SEAL_CLAIM, id, v, 4) : rc;
    }
    rc = ledger__deal_now(l);   /* rows kept first: st is theirs too */
    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int64(st, 2, event);
    bad |= sqlite3_bind_int(st, 3, line);
    bad |= ledger__bind_text(st, 4, text);
    rc = ledger__run_sealed_values(l, st, bad, "add a claim", SEAL_CLAIM,
                                   v, 4, NULL);
    ledger__kept_forget_ids(l);
    return rc;
}

int ledger_claims_foreach(struct ledger *l, int64_t sitting,
                          int64_t from_event, int64_t to_event,
                          ledger_claim_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_CLAIMS];
    int rc = 0;
    int src;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, from_event) != SQLITE_OK ||
        sqlite3_bind_int64(st, 3, to_event > 0 ? to_event : INT64_MAX) !=
            SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the claims");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
                (const char *)sqlite3_column_text(st, 2));
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the claims");
    }
    ledger__done(st);
    return rc;
}

/* claims_stream_start - ledger_claims_next's cursor bound to sitting and
 * on its first row.  Returns 0 or a negative code. */
static int claims_stream_start(struct ledger *l, int64_t sitting)
{
    sqlite3_stmt *st = l->st[ST_CLAIMS_STREAM];

    ledger__done(st);
    l->claims.open = false;
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the claims");
    }
    l->claims.open = true;
    l->claims.sitting = sitting;
    l->claims.last_to = 0;
    l->claims.step = sqlite3_step(st);
    return 0;
}

int ledger_claims_next(struct ledger *l, int64_t sitting, int64_t from_event,
                       int64_t to_event, ledger_claim_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_CLAIMS_STREAM];
    int rc = 0;

    assert(l != NULL && fn != NULL);
    if (to_event < 0 || (to_event == 0 && from_event != 0)) {
        return 0; /* no such events: only a forged ledger has them */
    }
    if (!l->claims.open || l->claims.sitting != sitting ||
        from_event <= l->claims.last_to) {
        rc = claims_stream_start(l, sitting);
        if (rc != 0) {
            return rc;
        }
    }
    l->claims.last_to = to_event;
    while (rc == 0 && l->claims.step == SQLITE_ROW) {
        int64_t event = sqlite3_column_int64(st, 0);

        if (event > to_event) {
            return 0;
        }
        if (event >= from_event) {
            rc = fn(ctx, event, sqlite3_column_int(st, 1),
                    (const char *)sqlite3_column_text(st, 2));
        }
        l->claims.step = sqlite3_step(st);
    }
    if (rc == 0 && l->claims.step != SQLITE_DONE) {
        rc = ledger__fail(l, l->claims.step, "read the claims");
        ledger_claims_done(l);
    }
    return rc;
}

void ledger_claims_done(struct ledger *l)
{
    if (l->claims.open) {
        ledger__done(l->st[ST_CLAIMS_STREAM]);
        l->claims.open = false;
    }
}
