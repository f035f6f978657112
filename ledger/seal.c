/* SPDX-License-Identifier: MIT */
/*
 * seal.c - the seal: the rows that no recorded action gives again (the
 * sittings, their tags, the files imported, the deals quarantined, the
 * claims of imported logs, the identity, the members, the provenance of
 * merged sittings and the logs' comments) are sealed when they are written and
 * again when they change.  A seal holds the row's columns as a JSON array
 * (SQLite's json_array, in the table's column order) and a SHA-256 hash
 * chained to the seal before, its head kept in the chain row beside the
 * events' head.  ledger_seals_check walks the chain and holds every such
 * row against its newest seal; the other rows are re-derived from the
 * events (proof.c and the command line's verify).
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* The tables sealed, with their columns in the order of the schema. */
static const struct sealed_table {
    const char *name;
    const char *columns;
} sealed[SEAL_TABLES] = {
    [SEAL_SITTING] = {"sitting", "id, source, opened"},
    [SEAL_TAG] = {"tag", "id, sitting_id, name, value"},
    [SEAL_IMPORT] = {"import_file",
                     "id, sha256, path, sitting_id, deals, quarantined, "
                     "imported, line, findings, events, complete"},
    [SEAL_QUARANTINE] = {"quarantine",
                         "id, source, line, error, raw, recorded, "
                         "sitting_id, after_event, game"},
    [SEAL_CLAIM] = {"claim", "id, sitting_id, event_id, line, text"},
    [SEAL_INFO] = {"ledger_info", "id, uuid, created"},
    [SEAL_MEMBER_JOIN] = {"member_join", "id, spelling, member, recorded"},
    [SEAL_MEMBER_APART] = {"member_apart",
                           "id, sitting_id, who, member, recorded"},
    [SEAL_PROVENANCE] = {"provenance",
                         "id, sitting_id, source_uuid, source_sitting, "
                         "source_head, n_events, origin_uuid, "
                         "origin_sitting, source_path, merged"},
    [SEAL_COMMENT] = {"comment",
                      "id, sitting_id, event_id, after_lines, ends_line, "
                      "line, text"},
};


/* ------------------------------------------------------------------ */
/* Hashing a seal                                                       */
/* ------------------------------------------------------------------ */

/* put_field - append the netstring "<length>:<bytes>," of s (n bytes)
 * at p, which has room for n + 24 bytes; returns the end. */
static char *put_field(char *p, const char *s, size_t n)
{
    p += snprintf(p, 24, "%zu:", n);
    memcpy(p, s, n);
    p += n;
    *p++ = ',';
    return p;
}

/*
 * seal_hash - the hash of a seal: SHA-256 over the hash of the seal before
 * (64 hex digits), then the netstrings of the seal's id, the table's
 * name, the row's id and its JSON array, as 64 hex digits into out.  The
 * bytes are laid out in l's hash buffer and digested at once.
 * Returns 0 or LEDGER_E_ERROR (libcrypto failed, out of memory).
 */
static int seal_hash(struct ledger *l, const char *prev, int64_t id,
                     const char *tbl, int64_t row_id, const char *row,
                     char *out)
{
    static const char digits[] = "0123456789abcdef";
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    char num[2][24];
    int n0 = snprintf(num[0], sizeof(num[0]), "%" PRId64, id);
    int n1 = snprintf(num[1], sizeof(num[1]), "%" PRId64, row_id);
    size_t tn = strlen(tbl);
    size_t rn = strlen(row);
    size_t need = 64 + (size_t)n0 + (size_t)n1 + tn + rn + 4 * 24;
    char *p = NULL;

    if (need > l->hbuf_cap) {
        char *nb = realloc(l->hbuf, need * 2);

        if (nb == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR, "seal: out of memory");
        }
        l->hbuf = nb;
        l->hbuf_cap = need * 2;
    }
    p = l->hbuf;
    memcpy(p, prev, 64);
    p += 64;
    p = put_field(p, num[0], (size_t)n0);
    p = put_field(p, tbl, tn);
    p = put_field(p, num[1], (size_t)n1);
    p = put_field(p, row, rn);
    if (EVP_DigestInit_ex(l->mdctx, l->md, NULL) != 1 ||
        EVP_DigestUpdate(l->mdctx, l->hbuf, (size_t)(p - l->hbuf)) != 1 ||
        EVP_DigestFinal_ex(l->mdctx, md, &mdlen) != 1 || mdlen != 32) {
        return ledger__failf(l, LEDGER_E_ERROR, "seal: libcrypto failed");
    }
    for (unsigned i = 0; i < mdlen; i++) {
        out[2 * i] = digits[md[i] >> 4];
        out[2 * i + 1] = digits[md[i] & 0x0f];
    }
    out[64] = '\0';
    return 0;
}

/* ------------------------------------------------------------------ */
/* Sealing a row                                                        */
/* ------------------------------------------------------------------ */

/* row_statement - the prepared "json_array of the row" of table t
 * (prepared on first use, kept on l).  NULL on failure (said on l). */
static sqlite3_stmt *row_statement(struct ledger *l, enum seal_table t)
{
    char sql[400];

    if (l->seal_st[t] != NULL) {
        return l->seal_st[t];
    }
    snprintf(sql, sizeof(sql), "SELECT json_array(%s) FROM %s WHERE id = ?1",
             sealed[t].columns, sealed[t].name);
    if (sqlite3_prepare_v3(l->db, sql, -1, SQLITE_PREPARE_PERSISTENT,
                           &l->seal_st[t], NULL) != SQLITE_OK) {
        ledger__fail(l, sqlite3_errcode(l->db), "prepare a seal");
        return NULL;
    }
    return l->seal_st[t];
}

/* seal_add - append the seal of row row_id of table t, whose JSON array
 * is row, to the cached chain (read once per transaction).  Returns 0 or
 * a negative code. */
static int seal_add(struct ledger *l, enum seal_table t, int64_t row_id,
                    const char *row)
{
    sqlite3_stmt *st = l->st[ST_SEAL_ADD];
    char hash[LEDGER_HASH_HEX];
    int64_t id = 0;
    int bad = 0;
    int rc = 0;

    if (!l->chain_fresh) {
        rc = ledger__chain_refresh(l);
        if (rc != 0) {
            return rc;
        }
    }
    id = l->chain.seal_last + 1;
    rc = seal_hash(l, l->chain.seal_head, id, sealed[t].name, row_id, row,
                   hash);
    if (rc != 0) {
        return rc;
    }
    if (ledger__keeping(l)) {
        /* the sealed row kept with a deal's rows: its seal too */
        const char *const texts[3] = {sealed[t].name, row, hash};

        rc = ledger__keep(l, KEPT_SEAL, id, &row_id, 1, '\0', texts, 3);
    } else if ((rc = ledger__deal_now(l)) == 0) {
        /* (rows kept first: st is theirs too) */
        bad |= sqlite3_bind_int64(st, 1, id);
        bad |= ledger__bind_text(st, 2, sealed[t].name);
        bad |= sqlite3_bind_int64(st, 3, row_id);
        bad |= ledger__bind_text(st, 4, row);
        bad |= ledger__bind_text(st, 5, hash);
        rc = ledger__run(l, st, bad, "seal a row");
    }
    if (rc != 0) {
        l->chain_fresh = false;
        l->chain_known = false;
        return rc;
    }
    memcpy(l->chain.seal_head, hash, sizeof(hash));
    l->chain.n_seals++;
    l->chain.seal_last = id;
    l->chain_dirty = true;
    return 0;
}

int ledger__seal(struct ledger *l, enum seal_table t, int64_t row_id)
{
    sqlite3_stmt *st = NULL;
    char *row = NULL;
    int src = 0;
    int rc = 0;

    if (l->scratch) {
        return 0;               /* a scratch ledger proves nothing */
    }
    st = row_statement(l, t);
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    if (sqlite3_bind_int64(st, 1, row_id) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "seal a row");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src != SQLITE_ROW) {
        rc = src == SQLITE_DONE
                 ? ledger__failf(l, LEDGER_E_NOTFOUND, "seal: no %s %" PRId64,
                                 sealed[t].name, row_id)
                 : ledger__fail(l, src, "seal a row");
        goto out_reset;
    }
    row = strdup(ledger__col_text(st, 0));
    if (row == NULL) {
        rc = ledger__failf(l, LEDGER_E_ERROR, "seal: out of memory");
        goto out_reset;
    }
    ledger__done(st);
    rc = seal_add(l, t, row_id, row);
    free(row);
    return rc;
out_reset:
    ledger__done(st);
    return rc;
}

int ledger__seal_last(struct ledger *l, enum seal_table t)
{
    return ledger__seal(l, t, sqlite3_last_insert_rowid(l->db));
}

int ledger__seal_all(struct ledger *l)
{
    for (int t = 0; t < SEAL_TABLES; t++) {
        char sql[200];
        sqlite3_stmt *st = NULL;
        int src = 0;
        int rc = 0;

        snprintf(sql, sizeof(sql), "SELECT id, json_array(%s) FROM %s "
                 "ORDER BY id", sealed[t].columns, sealed[t].name);
        if (sqlite3_prepare_v2(l->db, sql, -1, &st, NULL) != SQLITE_OK) {
            return ledger__fail(l, sqlite3_errcode(l->db), "seal the rows");
        }
        while (rc == 0 && (src = sqlite3_step(st)) == SQLITE_ROW) {
            rc = seal_add(l, (enum seal_table)t, sqlite3_column_int64(st, 0),
                          ledger__col_text(st, 1));
        }
        if (rc == 0 && src != SQLITE_DONE) {
            rc = ledger__fail(l, src, "seal the rows");
        }
        sqlite3_finalize(st);
        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Checking the seals                                                   */
/* ------------------------------------------------------------------ */

/* The walk of a check: findings go to fn, counted. */
struct seal_check {
    struct ledger *l;
    ledger_finding_fn fn;
    void *ctx;
    int64_t findings;
    int stop;                   /* fn asked to stop */
};

/* say - one finding: table, row id, column (NULL: the row), what the
 * ledger holds and what its seal holds (NULL: nothing), and the message
 * (printf-style). */
static void say(struct seal_check *c, const char *table, int64_t row,
                const char *column, const char *stored, const char *sealed_as,
                const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static void say(struct seal_check *c, const char *table, int64_t row,
                const char *column, const char *stored, const char *sealed_as,
                const char *fmt, ...)
{
    struct ledger_finding f;
    char msg[600];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    memset(&f, 0, sizeof(f));
    f.kind = "sealed";
    f.table = table;
    f.row = row;
    f.column = column;
    f.stored = stored;
    f.derived = sealed_as;
    f.message = msg;
    c->findings++;
    if (c->fn != NULL && !c->stop) {
        c->stop = c->fn(c->ctx, &f);
    }
}

/* walk_chain - the seals in order: each must hash to its place in the
 * chain, the ids run 1, 2, 3, ... and the last is the recorded head.
 * Returns 0 (findings counted on c) or a negative code. */
static int walk_chain(struct seal_check *c)
{
    struct ledger *l = c->l;
    struct chain_head head;
    sqlite3_stmt *st = NULL;
    char prev[LEDGER_HASH_HEX];
    char h[LEDGER_HASH_HEX];
    int64_t last = 0;
    int64_t n = 0;
    int src = 0;
    int rc = ledger__chain_read(l, &head);

    if (rc == LEDGER_E_FORMAT) {
        say(c, "chain", 1, NULL, NULL, NULL, "the chain row is missing "
            "(deleted): the head of the seals' chain is not recorded");
        return 0;
    }
    if (rc != 0) {
        return rc;
    }
    if (sqlite3_prepare_v2(l->db, "SELECT id, tbl, row_id, row, hash FROM "
                           "seal ORDER BY id", -1, &st, NULL) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the seals");
    }
    memcpy(prev, ledger__genesis, sizeof(prev));
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        const char *hash = ledger__col_text(st, 4);

        n++;
        rc = seal_hash(l, prev, id, ledger__col_text(st, 1),
                       sqlite3_column_int64(st, 2), ledger__col_text(st, 3), h);
        if (rc != 0) {
            break;
        }
        if (id != last + 1) {
            say(c, "seal", last + 1, NULL, NULL, NULL,
                "seal %" PRId64 ": deleted (the seals run on at %" PRId64 ")",
                last + 1, id);
            break;
        }
        if (strcmp(h, hash) != 0) {
            say(c, "seal", id, NULL, NULL, NULL,
                "seal %" PRId64 ": edited (its columns do not match its "
                "hash in the chain)", id);
            break;
        }
        memcpy(prev, h, sizeof(prev));
        last = id;
    }
    if (rc == 0 && src != SQLITE_ROW && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the seals");
    }
    sqlite3_finalize(st);
    if (rc != 0 || c->findings > 0) {
        return rc;
    }
    if (n != head.n_seals || last != head.seal_last ||
        strcmp(prev, head.seal_head) != 0) {
        say(c, "chain", 1, n < head.n_seals ? "n_seals" : "seal_head", NULL,
            NULL,
            n < head.n_seals
                ? "seals deleted at the end (%" PRId64 " recorded in the "
                  "chain row, %" PRId64 " found)"
                : "the chain row's seal head (%" PRId64 " seals, last %"
                  PRId64 ") is not the seals' (%" PRId64 ")",
            head.n_seals, n < head.n_seals ? n : head.seal_last, last);
    }
    return 0;
}

/* column_name - the name of column k (0-based) of table t, in buf. */
static const char *column_name(enum seal_table t, int k, char *buf, size_t n)
{
    const char *p = sealed[t].columns;

    for (int i = 0; i < k && p != NULL; i++) {
        p = strchr(p, ',');
        if (p != NULL) {
            p += 2;
        }
    }
    if (p == NULL) {
        snprintf(buf, n, "column %d", k + 1);
        return buf;
    }
    snprintf(buf, n, "%.*s", (int)strcspn(p, ","), p);
    return buf;
}

/* edited - row id of table t holds the JSON array now where its seal
 * holds was: name each column that differs.  Returns 0 or a negative
 * code. */
static int edited(struct seal_check *c, enum seal_table t, int64_t id,
                  const char *now, const char *was)
{
    sqlite3_stmt *st = NULL;
    int src = 0;
    int any = 0;

    if (sqlite3_prepare_v2(c->l->db,
                           "SELECT a.key, a.value, b.value FROM json_each(?1) a "
                           "LEFT JOIN json_each(?2) b ON b.key = a.key "
                           "WHERE a.value IS NOT b.value OR a.type IS NOT "
                           "b.type ORDER BY a.key",
                           -1, &st, NULL) != SQLITE_OK) {
        return ledger__fail(c->l, sqlite3_errcode(c->l->db), "read a seal");
    }
    sqlite3_bind_text(st, 1, now, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, was, -1, SQLITE_STATIC);
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        char col[40];
        const char *a = (const char *)sqlite3_column_text(st, 1);
        const char *b = (const char *)sqlite3_column_text(st, 2);

        column_name(t, sqlite3_column_int(st, 0), col, sizeof(col));
        say(c, sealed[t].name, id, col, a, b,
            "%s %" PRId64 ": column %s is %s%s%s, sealed as %s%s%s",
            sealed[t].name, id, col, a != NULL ? "\"" : "",
            a != NULL ? a : "NULL", a != NULL ? "\"" : "",
            b != NULL ? "\"" : "", b != NULL ? b : "NULL",
            b != NULL ? "\"" : "");
        any = 1;
    }
    sqlite3_finalize(st);
    if (!any) {
        say(c, sealed[t].name, id, NULL, now, was,
            "%s %" PRId64 ": edited (%s, sealed as %s)", sealed[t].name, id,
            now, was);
    }
    return 0;
}

/* check_table - every row of table t against the newest seal of its id,
 * both in the order of id.  Returns 0 or a negative code. */
static int check_table(struct seal_check *c, enum seal_table t)
{
    struct ledger *l = c->l;
    sqlite3_stmt *rows = NULL;
    sqlite3_stmt *seals = NULL;
    char sql[400];
    int rs = 0;
    int ss = 0;
    int rc = 0;

    snprintf(sql, sizeof(sql), "SELECT id, json_array(%s) FROM %s ORDER BY id",
             sealed[t].columns, sealed[t].name);
    if (sqlite3_prepare_v2(l->db, sql, -1, &rows, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(l->db,
                           "SELECT s.row_id, s.row, s.id FROM seal s "
                           "WHERE s.tbl = ?1 AND s.id = (SELECT max(id) "
                           "FROM seal WHERE tbl = ?1 AND row_id = s.row_id) "
                           "ORDER BY s.row_id",
                           -1, &seals, NULL) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read the seals");
        goto out;
    }
    sqlite3_bind_text(seals, 1, sealed[t].name, -1, SQLITE_STATIC);
    rs = sqlite3_step(rows);
    ss = sqlite3_step(seals);
    while (rs == SQLITE_ROW || ss == SQLITE_ROW) {
        int64_t rid = rs == SQLITE_ROW ? sqlite3_column_int64(rows, 0)
                                       : INT64_MAX;
        int64_t sid = ss == SQLITE_ROW ? sqlite3_column_int64(seals, 0)
                                       : INT64_MAX;

        if (c->stop) {
            break;
        }
        if (rid < sid) {
            say(c, sealed[t].name, rid, NULL, ledger__col_text(rows, 1), NULL,
                "%s %" PRId64 ": not sealed (a row ecarte did not write: "
                "inserted or renumbered) %s",
                sealed[t].name, rid, ledger__col_text(rows, 1));
            rs = sqlite3_step(rows);
        } else if (sid < rid) {
            say(c, sealed[t].name, sid, NULL, NULL, ledger__col_text(seals, 1),
                "%s %" PRId64 ": deleted (seal %" PRId64 " holds %s)",
                sealed[t].name, sid, (int64_t)sqlite3_column_int64(seals, 2),
                ledger__col_text(seals, 1));
            ss = sqlite3_step(seals);
        } else {
            const char *now = ledger__col_text(rows, 1);
            const char *was = ledger__col_text(seals, 1);

            if (strcmp(now, was) != 0) {
                rc = edited(c, t, rid, now, was);
                if (rc != 0) {
                    goto out;
                }
            }
            rs = sqlite3_step(rows);
            ss = sqlite3_step(seals);
        }
    }
    if ((rs != SQLITE_DONE && rs != SQLITE_ROW) ||
        (ss != SQLITE_DONE && ss != SQLITE_ROW)) {
        rc = ledger__fail(l, rs != SQLITE_DONE && rs != SQLITE_ROW ? rs : ss,
                          "read the seals");
    }
out:
    sqlite3_finalize(rows);
    sqlite3_finalize(seals);
    return rc;
}

int64_t ledger_seals_check(struct ledger *l, ledger_finding_fn fn, void *ctx)
{
    struct seal_check c = { .l = l, .fn = fn, .ctx = ctx };
    int later = ledger__later_schema(l);
    int n_tables = l->version >= 7   ? SEAL_TABLES
                   : l->version >= 5 ? SEAL_TABLES_5
                                     : SEAL_TABLES_4;
    int rc = 0;

    if (later < 0) {
        return later;
    }
    if (later > l->version) {
        say(&c, "seal", 0, NULL, NULL, NULL,
            "the file says schema version %d but holds the %s of version "
            "%d: its version number was changed, so that sealed rows could "
            "be edited and sealed again by the next writer", l->version,
            later >= 9 ? "last event's hash stored whole"
            : later >= 8 ? "events' hashes cut short"
            : later >= 7 ? "comment and law tables"
                                          : later >= 5 ? "identity and member tables" : "seal", later);
        return c.findings;
    }
    if (l->version < 4) {
        say(&c, "seal", 0, NULL, NULL, NULL,
            "the ledger's schema version %d has no seal: its sittings, tags, "
            "imports, quarantined deals and claims are not proven (a writer "
            "- record, import, table - brings it to version %d and seals "
            "them)", l->version, LEDGER_SCHEMA_VERSION);
        return c.findings;
    }
    rc = walk_chain(&c);
    for (int t = 0; rc == 0 && t < n_tables && !c.stop; t++) {
        rc = check_table(&c, (enum seal_table)t);
    }
    return rc != 0 ? rc : c.findings;
}

/* json_statement - SELECT json_array(?1, ..., ?n+1): the JSON array of a
 * row of table t (its id, then its n other columns) made by SQLite from
 * bound values, as json_array makes it of the row read back; prepared on
 * first use and kept on l.  NULL on failure (said on l). */
static sqlite3_stmt *json_statement(struct ledger *l, enum seal_table t,
                                    int n)
{
    char sql[256];
    size_t used = 0;

    if (l->seal_json_st[t] != NULL) {
        return l->seal_json_st[t];
    }
    used = (size_t)snprintf(sql, sizeof(sql), "SELECT json_array(?1");
    for (int k = 0; k < n && used < sizeof(sql); k++) {
        used += (size_t)snprintf(sql + used, sizeof(sql) - used, ", ?%d",
                                 k + 2);
    }
    if (used + 2 > sizeof(sql)) {
        ledger__failf(l, LEDGER_E_ERROR, "seal: a row of %d columns", n);
        return NULL;
    }
    snprintf(sql + used, sizeof(sql) - used, ")");
    if (sqlite3_prepare_v3(l->db, sql, -1, SQLITE_PREPARE_PERSISTENT,
                           &l->seal_json_st[t], NULL) != SQLITE_OK) {
        ledger__fail(l, sqlite3_errcode(l->db), "prepare a seal");
        return NULL;
    }
    return l->seal_json_st[t];
}

const char *ledger__seal_json(struct ledger *l, enum seal_table t,
                              int64_t row_id, const struct seal_value *v,
                              int n)
{
    sqlite3_stmt *st = json_statement(l, t, n);
    const char *json = NULL;
    int bad = 0;
    int src = 0;
    size_t len = 0;

    if (st == NULL) {
        return NULL;
    }
    bad |= sqlite3_bind_int64(st, 1, row_id);
    for (int k = 0; k < n; k++) {
        bad |= v[k].kind == SEAL_INT ? sqlite3_bind_int64(st, k + 2, v[k].i)
               : v[k].kind == SEAL_NULL
                   ? sqlite3_bind_null(st, k + 2)
                   : sqlite3_bind_text(st, k + 2,
                                       v[k].s != NULL ? v[k].s : "", -1,
                                       SQLITE_STATIC);
    }
    src = bad ? SQLITE_ERROR : sqlite3_step(st);
    if (src == SQLITE_ROW) {
        len = (size_t)sqlite3_column_bytes(st, 0);
        if (len + 1 > l->jbuf_cap) {
            char *nb = realloc(l->jbuf, (len + 1) * 2);

            if (nb == NULL) {
                ledger__failf(l, LEDGER_E_ERROR, "seal: out of memory");
                ledger__done(st);
                return NULL;
            }
            l->jbuf = nb;
            l->jbuf_cap = (len + 1) * 2;
        }
        memcpy(l->jbuf, sqlite3_column_text(st, 0), len);
        l->jbuf[len] = '\0';
        json = l->jbuf;
    } else {
        ledger__fail(l, src == SQLITE_ERROR && bad ? sqlite3_errcode(l->db)
                                                   : src, "seal a row");
    }
    ledger__done(st);
    return json;
}

/* run_sealed - ledger__run_sealed, the row sealed as it reads back (v
 * NULL) or from the n values v (ledger__run_sealed_values). */
static int run_sealed(struct ledger *l, sqlite3_stmt *st, int bind_bad,
                      const char *what, enum seal_table t, int64_t row_id,
                      const struct seal_value *v, int n, int64_t *out)
{
    bool own = sqlite3_get_autocommit(l->db) != 0 && !l->scratch;
    int rc = 0;

    if (own) {
        rc = ledger_begin(l);
        if (rc != 0) {
            ledger__done(st);
            return rc;
        }
    }
    rc = ledger__run(l, st, bind_bad, what);
    if (rc == 0) {
        if (row_id <= 0) {
            row_id = sqlite3_last_insert_rowid(l->db);
        }
        if (out != NULL) {
            *out = row_id;
        }
        if (v == NULL) {
            rc = ledger__seal(l, t, row_id);
        } else if (!l->scratch) {
            const char *json = ledger__seal_json(l, t, row_id, v, n);

            rc = json != NULL ? seal_add(l, t, row_id, json)
                              : LEDGER_E_ERROR;
        }
    }
    if (own) {
        if (rc == 0) {
            rc = ledger_commit(l);
        } else {
            int keep = l->sqlite_rc;

            ledger_rollback(l);
            l->sqlite_rc = keep;
        }
    }
    return rc;
}

int ledger__seal_values(struct ledger *l, enum seal_table t, int64_t row_id,
                        const struct seal_value *v, int n)
{
    const char *json = NULL;

    if (l->scratch) {
        return 0;               /* a scratch ledger proves nothing */
    }
    json = ledger__seal_json(l, t, row_id, v, n);
    return json != NULL ? seal_add(l, t, row_id, json) : LEDGER_E_ERROR;
}

int ledger__run_sealed(struct ledger *l, sqlite3_stmt *st, int bind_bad,
                       const char *what, enum seal_table t, int64_t row_id,
                       int64_t *out)
{
    return run_sealed(l, st, bind_bad, what, t, row_id, NULL, 0, out);
}

int ledger__run_sealed_values(struct ledger *l, sqlite3_stmt *st,
                              int bind_bad, const char *what,
                              enum seal_table t, const struct seal_value *v,
                              int n, int64_t *out)
{
    return run_sealed(l, st, bind_bad, what, t, 0, v, n, out);
}
