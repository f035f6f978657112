/* SPDX-License-Identifier: MIT */
/*
 * provenance.c - the ledger's identity (one sealed row, 32 hex digits
 * from RAND_bytes, drawn when the ledger is made or migrated to version
 * 5), where each merged sitting came from (the provenance table, sealed),
 * and what `ecarte merge` reads of a source beside its events: the rows
 * of its quarantined deals, the import that made a sitting, a sitting's
 * evening.
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <openssl/rand.h>
#include <sqlite3.h>

#include "ledger/ledger_int.h"

sqlite3_stmt *ledger__cached(struct ledger *l, enum cached_stmt slot,
                             const char *sql)
{
    if (l->cached[slot] == NULL &&
        sqlite3_prepare_v3(l->db, sql, -1, SQLITE_PREPARE_PERSISTENT,
                           &l->cached[slot], NULL) != SQLITE_OK) {
        ledger__fail(l, sqlite3_errcode(l->db), "prepare");
        l->cached[slot] = NULL;
        return NULL;
    }
    ledger__done(l->cached[slot]);
    return l->cached[slot];
}

/* prepare - a statement used once (a rare command's), into *st.  Returns
 * 0 or a negative code (said on l). */
static int prepare(struct ledger *l, const char *sql, sqlite3_stmt **st)
{
    if (sqlite3_prepare_v2(l->db, sql, -1, st, NULL) != SQLITE_OK) {
        int rc = ledger__fail(l, sqlite3_errcode(l->db), "prepare");

        sqlite3_finalize(*st);
        *st = NULL;
        return rc;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Identity                                                             */
/* ------------------------------------------------------------------ */

int ledger__identity_new(struct ledger *l)
{
    static const char digits[] = "0123456789abcdef";
    unsigned char b[16];
    char uuid[LEDGER_UUID_HEX];
    sqlite3_stmt *st = NULL;
    int bad = 0;
    int rc;

    if (RAND_bytes(b, (int)sizeof(b)) != 1) {
        return ledger__failf(l, LEDGER_E_ERROR, "identity: RAND_bytes "
                             "failed");
    }
    for (size_t i = 0; i < sizeof(b); i++) {
        uuid[2 * i] = digits[b[i] >> 4];
        uuid[2 * i + 1] = digits[b[i] & 0x0f];
    }
    uuid[32] = '\0';
    rc = prepare(l, "INSERT INTO ledger_info (id, uuid, created) VALUES "
                    "(1, ?1, ?2)", &st);
    if (rc != 0) {
        return rc;
    }
    bad |= ledger__bind_text(st, 1, uuid);
    bad |= ledger__bind_text(st, 2, ledger__now_utc(l));
    rc = ledger__run(l, st, bad, "write the identity");
    sqlite3_finalize(st);
    if (rc == 0) {
        rc = ledger__seal(l, SEAL_INFO, 1);
    }
    return rc;
}

int ledger_identity(struct ledger *l, char *buf)
{
    sqlite3_stmt *st = NULL;
    int src;

    buf[0] = '\0';
    if (l->version < 5) {
        return ledger__failf(l, LEDGER_E_NOTFOUND, "schema version %d has "
                             "no identity", l->version);
    }
    st = ledger__cached(l, CS_IDENTITY, "SELECT uuid FROM ledger_info "
                                        "WHERE id = 1");
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        snprintf(buf, LEDGER_UUID_HEX, "%s", ledger__col_text(st, 0));
        ledger__done(st);
        return 0;
    }
    ledger__done(st);
    if (src == SQLITE_DONE) {
        return ledger__failf(l, LEDGER_E_NOTFOUND, "the ledger's identity "
                             "row is missing");
    }
    return ledger__fail(l, src, "read the identity");
}

/* ------------------------------------------------------------------ */
/* Provenance                                                           */
/* ------------------------------------------------------------------ */

int ledger_provenance_add(struct ledger *l, const struct ledger_provenance *p)
{
    sqlite3_stmt *st = NULL;
    int bad = 0;
    int rc;

    if (l->version < 5) {
        return ledger__failf(l, LEDGER_E_FORMAT, "schema version %d has no "
                             "provenance", l->version);
    }
    rc = prepare(l, "INSERT INTO provenance (sitting_id, source_uuid, "
                    "source_sitting, source_head, n_events, origin_uuid, "
                    "origin_sitting, source_path, merged) VALUES (?1, ?2, "
                    "?3, ?4, ?5, ?6, ?7, ?8, ?9)", &st);
    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, p->sitting);
    bad |= ledger__bind_text(st, 2, p->source_uuid);
    bad |= sqlite3_bind_int64(st, 3, p->source_sitting);
    bad |= ledger__bind_text(st, 4, p->source_head);
    bad |= sqlite3_bind_int64(st, 5, p->n_events);
    bad |= ledger__bind_text(st, 6, p->origin_uuid);
    bad |= sqlite3_bind_int64(st, 7, p->origin_sitting);
    bad |= ledger__bind_text(st, 8, p->source_path);
    bad |= ledger__bind_text(st, 9, ledger__now_utc(l));
    rc = ledger__run_sealed(l, st, bad, "add a provenance", SEAL_PROVENANCE,
                            0, NULL);
    sqlite3_finalize(st);
    if (rc != 0 && (l->sqlite_rc & 0xff) == SQLITE_CONSTRAINT) {
        return ledger__failf(l, LEDGER_E_DUPLICATE, "sitting %" PRId64
                             " has a provenance already", p->sitting);
    }
    return rc;
}

int ledger_provenance_foreach(struct ledger *l, int64_t sitting,
                              ledger_provenance_fn fn, void *ctx)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc;

    if (l->version < 5) {
        return 0;
    }
    rc = prepare(l, "SELECT sitting_id, source_uuid, source_sitting, "
                    "source_head, n_events, origin_uuid, origin_sitting, "
                    "source_path, merged FROM provenance WHERE ?1 <= 0 OR "
                    "sitting_id = ?1 ORDER BY sitting_id", &st);
    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_int64(st, 1, sitting);
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        struct ledger_provenance p;

        p.sitting = sqlite3_column_int64(st, 0);
        p.source_uuid = ledger__col_text(st, 1);
        p.source_sitting = sqlite3_column_int64(st, 2);
        p.source_head = ledger__col_text(st, 3);
        p.n_events = sqlite3_column_int64(st, 4);
        p.origin_uuid = ledger__col_text(st, 5);
        p.origin_sitting = sqlite3_column_int64(st, 6);
        p.source_path = ledger__col_text(st, 7);
        p.merged = ledger__col_text(st, 8);
        rc = fn(ctx, &p);
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the provenance");
    }
    sqlite3_finalize(st);
    return rc;
}

int ledger_origin_find(struct ledger *l, const char *origin_uuid,
                       int64_t origin_sitting, int64_t *out)
{
    char me[LEDGER_UUID_HEX];
    sqlite3_stmt *st = NULL;
    int src;
    int rc;

    *out = 0;
    if (l->version < 5) {
        return 0;
    }
    rc = ledger_identity(l, me);
    if (rc != 0 && rc != LEDGER_E_NOTFOUND) {
        return rc;
    }
    if (rc == 0 && strcmp(me, origin_uuid) == 0) {
        rc = ledger_sitting_exists(l, origin_sitting);
        if (rc < 0) {
            return rc;
        }
        if (rc == 1) {
            *out = origin_sitting;
        }
        return rc;
    }
    rc = prepare(l, "SELECT sitting_id FROM provenance WHERE (origin_uuid "
                    "= ?1 AND origin_sitting = ?2) OR (source_uuid = ?1 AND "
                    "source_sitting = ?2) ORDER BY sitting_id LIMIT 1", &st);
    if (rc != 0) {
        return rc;
    }
    ledger__bind_text(st, 1, origin_uuid);
    sqlite3_bind_int64(st, 2, origin_sitting);
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
        rc = 1;
    } else if (src == SQLITE_DONE) {
        rc = 0;
    } else {
        rc = ledger__fail(l, src, "read the provenance");
    }
    sqlite3_finalize(st);
    return rc;
}

/* ------------------------------------------------------------------ */
/* What merge reads of a source                                         */
/* ------------------------------------------------------------------ */

int ledger_quarantine_foreach(struct ledger *l, int64_t sitting,
                              ledger_quarantine_fn fn, void *ctx)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc;

    if (l->version < 2) {
        return 0;
    }
    rc = prepare(l, "SELECT id, source, line, error, raw, recorded, "
                    "coalesce(sitting_id, 0), after_event, game FROM "
                    "quarantine WHERE sitting_id = ?1 ORDER BY id", &st);
    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_int64(st, 1, sitting);
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        struct ledger_quarantine_row q;

        q.id = sqlite3_column_int64(st, 0);
        q.source = ledger__col_text(st, 1);
        q.line = sqlite3_column_int(st, 2);
        q.error = ledger__col_text(st, 3);
        q.raw = ledger__col_text(st, 4);
        q.recorded = ledger__col_text(st, 5);
        q.sitting = sqlite3_column_int64(st, 6);
        q.after_event = sqlite3_column_int64(st, 7);
        q.game = sqlite3_column_int(st, 8);
        rc = fn(ctx, &q);
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the quarantine");
    }
    sqlite3_finalize(st);
    return rc;
}

int ledger_import_of(struct ledger *l, int64_t sitting, char *sha,
                     char *path, size_t n, struct ledger_import *imp)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc;

    sha[0] = '\0';
    if (n > 0) {
        path[0] = '\0';
    }
    memset(imp, 0, sizeof(*imp));
    rc = prepare(l, l->version >= 2
                        ? "SELECT id, sha256, path, deals, quarantined, "
                          "line, findings, events, complete FROM "
                          "import_file WHERE sitting_id = ?1 ORDER BY id "
                          "LIMIT 1"
                        : "SELECT id, sha256, path, deals, quarantined, 0, "
                          "0, 0, 1 FROM import_file WHERE sitting_id = ?1 "
                          "ORDER BY id LIMIT 1", &st);
    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_int64(st, 1, sitting);
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        imp->id = sqlite3_column_int64(st, 0);
        snprintf(sha, LEDGER_HASH_HEX, "%s", ledger__col_text(st, 1));
        if (n > 0) {
            snprintf(path, n, "%s", ledger__col_text(st, 2));
        }
        imp->sitting = sitting;
        imp->deals = sqlite3_column_int(st, 3);
        imp->quarantined = sqlite3_column_int(st, 4);
        imp->line = sqlite3_column_int(st, 5);
        imp->findings = sqlite3_column_int(st, 6);
        imp->events = sqlite3_column_int64(st, 7);
        imp->complete = sqlite3_column_int(st, 8) != 0;
        rc = 1;
    } else if (src == SQLITE_DONE) {
        rc = 0;
    } else {
        rc = ledger__fail(l, src, "read the imports");
    }
    sqlite3_finalize(st);
    return rc;
}

int ledger_sitting_evening(struct ledger *l, int64_t sitting, char *out,
                           size_t n)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc;

    if (n > 0) {
        out[0] = '\0';
    }
    /* a Date tag YYYY.MM.DD (the format's; or with dashes), else the day
     * opened */
    rc = prepare(l, "SELECT coalesce((SELECT replace(value, '.', '-') FROM "
                    "tag WHERE sitting_id = s.id AND name = 'Date' AND "
                    "value GLOB "
                    "'[0-9][0-9][0-9][0-9][-.][0-9][0-9][-.][0-9][0-9]' "
                    "ORDER BY id LIMIT 1), substr(s.opened, 1, 10)) FROM "
                    "sitting s WHERE s.id = ?1", &st);
    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_int64(st, 1, sitting);
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        snprintf(out, n, "%s", ledger__col_text(st, 0));
        rc = 0;
    } else if (src == SQLITE_DONE) {
        rc = ledger__failf(l, LEDGER_E_NOTFOUND, "no sitting %" PRId64,
                           sitting);
    } else {
        rc = ledger__fail(l, src, "read a sitting");
    }
    sqlite3_finalize(st);
    return rc;
}
