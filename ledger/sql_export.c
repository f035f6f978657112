/* SPDX-License-Identifier: MIT */
/*
 * sql_export.c - the whole ledger as SQL for PostgreSQL
 * (ledger_export_postgres): its schema as sql_schema.c reads it from the
 * file itself, translated, and its rows as COPY blocks, parents before
 * children, in one transaction; the script's frame around them.
 *
 * Order: the tables are created and filled in a topological order of
 * their foreign keys (a table after those it references; ties, and the
 * tables of a cycle, in the order of the schema), so that every row comes
 * after the rows it references.  The indexes, then the foreign keys
 * (ALTER TABLE ... ADD FOREIGN KEY, each checking every row at once, as
 * pg_dump does), come after the rows: the same rows are refused, and the
 * load takes less than half the time it takes with the keys checked row
 * by row (measured: README, "Beyond one machine: PostgreSQL").  A key to
 * its own table, or a cycle, needs nothing more.
 *
 * Values: in COPY's text format, integers in decimal, text with
 * backslash, tab, newline and carriage return escaped, NULL as \N, reals
 * with 17 digits, blobs as bytea hex.  A text that PostgreSQL cannot hold
 * (a NUL byte, bytes that are not UTF-8) is refused before it is written.
 */
#include "ledger/ledger.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"
#include "ledger/sql_int.h"

static const char *const pg_type_name[] = {
    "BIGINT", "TEXT", "DOUBLE PRECISION", "BYTEA",
};

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

static void sb_cols(struct sbuf *b, char **cols, const bool *desc, int n)
{
    sb_puts(b, "(");
    for (int j = 0; j < n; j++) {
        if (j > 0) {
            sb_puts(b, ", ");
        }
        sb_ident(b, cols[j]);
        if (desc != NULL && desc[j]) {
            sb_puts(b, " DESC");
        }
    }
    sb_puts(b, ")");
}

/* sb_fkey - FOREIGN KEY (...) REFERENCES parent (...) [ON ...]. */
static void sb_fkey(struct sbuf *b, const struct fkey *f)
{
    sb_puts(b, "FOREIGN KEY ");
    sb_cols(b, f->from, NULL, f->n);
    sb_puts(b, " REFERENCES ");
    sb_ident(b, f->parent);
    sb_puts(b, " ");
    sb_cols(b, f->to, NULL, f->n);
    if (strcmp(f->on_delete, "NO ACTION") != 0) {
        sb_puts(b, " ON DELETE ");
        sb_puts(b, f->on_delete);
    }
    if (strcmp(f->on_update, "NO ACTION") != 0) {
        sb_puts(b, " ON UPDATE ");
        sb_puts(b, f->on_update);
    }
}

/* sb_create - CREATE TABLE for t (its foreign keys come later). */
static void sb_create(struct sbuf *b, const struct table *t)
{
    int npk = 0;
    char **pk = calloc((size_t)t->ncol, sizeof(*pk));

    if (pk == NULL) {
        b->oom = true;
        return;
    }
    for (int k = 0; k < t->ncol; k++) {
        if (t->col[k].pk > 0 && t->col[k].pk <= t->ncol) {
            pk[t->col[k].pk - 1] = t->col[k].name;
            npk++;
        }
    }
    sb_puts(b, "CREATE TABLE ");
    sb_ident(b, t->name);
    sb_puts(b, " (");
    for (int k = 0; k < t->ncol; k++) {
        const struct column *c = &t->col[k];

        sb_puts(b, k > 0 ? ",\n    " : "\n    ");
        sb_ident(b, c->name);
        sb_puts(b, " ");
        sb_puts(b, pg_type_name[c->type]);
        if (npk == 1 && c->pk == 1) {
            sb_puts(b, " PRIMARY KEY");
        }
        if (c->notnull) {
            sb_puts(b, " NOT NULL");
        }
        if (c->dflt != NULL) {
            sb_puts(b, " DEFAULT ");
            sb_puts(b, c->dflt);
        }
    }
    if (npk > 1) {
        sb_puts(b, ",\n    PRIMARY KEY ");
        sb_cols(b, pk, NULL, npk);
    }
    free(pk);
    for (int k = 0; k < t->nuq; k++) {
        sb_puts(b, ",\n    UNIQUE ");
        sb_cols(b, t->uq[k].cols, NULL, t->uq[k].n);
    }
    for (int k = 0; k < t->ncheck; k++) {
        sb_puts(b, ",\n    ");
        sb_puts(b, t->check[k]);
    }
    sb_puts(b, "\n);\n");
}

/* valid_utf8 - are the n bytes at s UTF-8 as PostgreSQL takes it (no
 * overlong form, no surrogate, nothing past U+10FFFF)? */
static bool valid_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0;

    while (i < n) {
        unsigned c = s[i];
        size_t len;
        unsigned cp;

        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf) {
            len = 2;
            cp = c & 0x1f;
        } else if (c >= 0xe0 && c <= 0xef) {
            len = 3;
            cp = c & 0x0f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            len = 4;
            cp = c & 0x07;
        } else {
            return false;
        }
        if (i + len > n) {
            return false;
        }
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xc0) != 0x80) {
                return false;
            }
            cp = (cp << 6) | (s[i + k] & 0x3f);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            return false;
        }
        i += len;
    }
    return true;
}

/* put_copy_text - the n bytes at s in COPY's text format. */
static void put_copy_text(FILE *out, const char *s, size_t n)
{
    size_t from = 0;

    for (size_t i = 0; i < n; i++) {
        const char *esc;

        switch (s[i]) {
        case '\\': esc = "\\\\"; break;
        case '\t': esc = "\\t"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        default: continue;
        }
        fwrite(s + from, 1, i - from, out);
        fputs(esc, out);
        from = i + 1;
    }
    fwrite(s + from, 1, n - from, out);
}

/* put_value - column k of the row st stands on, for column c of table t
 * in COPY's text format.  Returns 0, or LEDGER_E_FORMAT for a value
 * PostgreSQL could not take as it stands. */
static int put_value(struct ledger *l, FILE *out, sqlite3_stmt *st, int k,
                     const struct table *t, const struct column *c)
{
    int ty = sqlite3_column_type(st, k);
    static const char hex[] = "0123456789abcdef";

    switch (ty) {
    case SQLITE_NULL:
        fputs("\\N", out);
        return 0;
    case SQLITE_INTEGER:
        if (c->type == PG_BYTEA) {
            break;
        }
        fprintf(out, "%" PRId64, (int64_t)sqlite3_column_int64(st, k));
        return 0;
    case SQLITE_FLOAT: {
        double v = sqlite3_column_double(st, k);

        if (c->type != PG_DOUBLE && c->type != PG_TEXT) {
            break;
        }
        if (isnan(v)) {
            fputs("NaN", out);
        } else if (isinf(v)) {
            fputs(v > 0 ? "Infinity" : "-Infinity", out);
        } else {
            fprintf(out, "%.17g", v);
        }
        return 0;
    }
    case SQLITE_TEXT: {
        const unsigned char *s = sqlite3_column_text(st, k);
        size_t n = (size_t)sqlite3_column_bytes(st, k);

        if (c->type != PG_TEXT) {
            break;
        }
        if (s == NULL && n > 0) {
            return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
        }
        if (n > 0 && memchr(s, '\0', n) != NULL) {
            return ledger__failf(l, LEDGER_E_FORMAT,
                                 "table %s, column %s: a text holding a NUL "
                                 "byte (PostgreSQL's text cannot)",
                                 t->name, c->name);
        }
        if (!valid_utf8(s, n)) {
            return ledger__failf(l, LEDGER_E_FORMAT,
                                 "table %s, column %s: a text that is not "
                                 "UTF-8", t->name, c->name);
        }
        put_copy_text(out, (const char *)s, n);
        return 0;
    }
    case SQLITE_BLOB: {
        const unsigned char *s = sqlite3_column_blob(st, k);
        int n = sqlite3_column_bytes(st, k);

        if (c->type != PG_BYTEA) {
            break;
        }
        fputs("\\\\x", out);
        for (int i = 0; i < n; i++) {
            fputc(hex[s[i] >> 4], out);
            fputc(hex[s[i] & 15], out);
        }
        return 0;
    }
    default:
        break;
    }
    return ledger__failf(l, LEDGER_E_FORMAT,
                         "table %s, column %s: a value of SQLite type %s in "
                         "a %s column", t->name, c->name,
                         ty == SQLITE_INTEGER ? "INTEGER"
                         : ty == SQLITE_FLOAT ? "REAL"
                         : ty == SQLITE_TEXT ? "TEXT" : "BLOB",
                         pg_type_name[c->type]);
}

/* put_rows - t's rows as a COPY block, in the order of its primary key
 * (or of rowid); *n the number of rows.  Returns 0 or a negative code. */
static int put_rows(struct ledger *l, FILE *out, const struct table *t,
                    int64_t *nrows)
{
    struct sbuf q = {0};
    struct sbuf head = {0};
    sqlite3_stmt *st = NULL;
    int npk = 0;
    int rc;

    sb_puts(&head, "COPY ");
    sb_ident(&head, t->name);
    sb_puts(&head, " (");
    sb_puts(&q, "SELECT ");
    for (int k = 0; k < t->ncol; k++) {
        if (k > 0) {
            sb_puts(&q, ", ");
            sb_puts(&head, ", ");
        }
        sb_ident(&q, t->col[k].name);
        sb_ident(&head, t->col[k].name);
        npk += t->col[k].pk != 0;
    }
    sb_puts(&head, ") FROM stdin;\n");
    sb_puts(&q, " FROM ");
    sb_ident(&q, t->name);
    for (int j = 1; j <= npk; j++) {
        for (int k = 0; k < t->ncol; k++) {
            if (t->col[k].pk == j) {
                sb_puts(&q, j == 1 ? " ORDER BY " : ", ");
                sb_ident(&q, t->col[k].name);
            }
        }
    }
    if (q.oom || head.oom) {
        free(q.p);
        free(head.p);
        return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
    }
    rc = sqlite3_prepare_v2(l->db, q.p, -1, &st, NULL);
    free(q.p);
    if (rc != SQLITE_OK) {
        free(head.p);
        return ledger__fail(l, rc, "reading a table");
    }
    fputs(head.p, out);
    free(head.p);
    *nrows = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int k = 0; k < t->ncol; k++) {
            int e;

            if (k > 0) {
                fputc('\t', out);
            }
            e = put_value(l, out, st, k, t, &t->col[k]);
            if (e != 0) {
                sqlite3_finalize(st);
                return e;
            }
        }
        fputc('\n', out);
        (*nrows)++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        return ledger__fail(l, rc, "reading a table");
    }
    fputs("\\.\n\n", out);
    return 0;
}

/* put_text - b's text on out, then emptied; out of memory an error. */
static int put_text(struct ledger *l, FILE *out, struct sbuf *b)
{
    if (b->oom) {
        free(b->p);
        *b = (struct sbuf){0};
        return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
    }
    if (b->p != NULL) {
        fputs(b->p, out);
    }
    free(b->p);
    *b = (struct sbuf){0};
    return 0;
}

/* write_all - the script for sc on out. */
static int write_all(struct ledger *l, FILE *out, const struct schema *sc)
{
    struct sbuf b = {0};
    char head[LEDGER_HASH_HEX];
    int64_t nev = 0;
    int rc = ledger_chain_head(l, head, &nev);

    if (rc != 0) {
        return rc;
    }
    fprintf(out,
            "-- An ecarte ledger (schema version %d, %d tables), written by\n"
            "-- `ecarte export --sql postgres` for PostgreSQL 15 or later.\n"
            "-- Its event chain: %" PRId64 " events, head %s.\n"
            "-- Load it into a new database, whole or not at all:\n"
            "--     psql -v ON_ERROR_STOP=1 -f FILE\n"
            "\\set ON_ERROR_STOP on\n"
            "SET client_encoding = 'UTF8';\n"
            "SET standard_conforming_strings = on;\n"
            "BEGIN;\n\n",
            ledger_version(l), sc->n, nev, head);
    for (int i = 0; i < sc->n; i++) {
        sb_create(&b, &sc->t[sc->order[i]]);
        sb_puts(&b, "\n");
        if ((rc = put_text(l, out, &b)) != 0) {
            return rc;
        }
    }
    for (int i = 0; i < sc->n; i++) {
        const struct table *t = &sc->t[sc->order[i]];
        int64_t nrows = 0;

        fprintf(out, "-- %s\n", t->name);
        if ((rc = put_rows(l, out, t, &nrows)) != 0) {
            return rc;
        }
    }
    for (int i = 0; i < sc->n; i++) {
        const struct table *t = &sc->t[sc->order[i]];

        for (int k = 0; k < t->nix; k++) {
            const struct index *x = &t->ix[k];

            sb_puts(&b, x->unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX ");
            sb_ident(&b, x->name);
            sb_puts(&b, " ON ");
            sb_ident(&b, t->name);
            sb_puts(&b, " ");
            sb_cols(&b, x->cols, x->desc, x->n);
            if (x->where != NULL) {
                sb_puts(&b, " WHERE ");
                sb_puts(&b, x->where);
            }
            sb_puts(&b, ";\n");
        }
    }
    for (int i = 0; i < sc->n; i++) {
        const struct table *t = &sc->t[sc->order[i]];

        for (int k = 0; k < t->nfk; k++) {
            sb_puts(&b, "ALTER TABLE ");
            sb_ident(&b, t->name);
            sb_puts(&b, " ADD ");
            sb_fkey(&b, &t->fk[k]);
            sb_puts(&b, ";\n");
        }
    }
    /* the planner's statistics at once, not when autovacuum comes */
    sb_puts(&b, "COMMIT;\nANALYZE");
    for (int i = 0; i < sc->n; i++) {
        sb_puts(&b, i > 0 ? ", " : " ");
        sb_ident(&b, sc->t[sc->order[i]].name);
    }
    sb_puts(&b, ";\n");
    return put_text(l, out, &b);
}

int ledger_export_postgres(struct ledger *l, FILE *out)
{
    struct schema sc = {0};
    bool own = false;
    int rc;

    if (!ledger_in_transaction(l)) {
        rc = ledger_read_begin(l);
        if (rc != 0) {
            return rc;
        }
        own = true;
    }
    rc = ledger__pg_read_schema(l, &sc);
    if (rc == 0) {
        errno = 0;
        rc = write_all(l, out, &sc);
        if (rc == 0 && (fflush(out) != 0 || ferror(out))) {
            rc = ledger__failf(l, LEDGER_E_ERROR,
                               "the SQL could not be written: %s",
                               errno != 0 ? strerror(errno) : "write error");
        }
    }
    ledger__pg_free_schema(&sc);
    if (own) {
        ledger_read_end(l);
    }
    return rc;
}
