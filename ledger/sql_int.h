/* SPDX-License-Identifier: MIT */
/*
 * sql_int.h - declarations shared by the two files of the PostgreSQL
 * export (ledger_export_postgres) only: the growing string both build
 * text in, and the schema as sql_schema.c reads it from the ledger and
 * sql_export.c writes it for PostgreSQL.
 */
#ifndef ECARTE_LEDGER_SQL_INT_H
#define ECARTE_LEDGER_SQL_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/ledger_int.h"

/* ------------------------------------------------------------------ */
/* A growing string                                                    */
/* ------------------------------------------------------------------ */

struct sbuf {
    char *p;                    /* NUL-terminated when not oom */
    size_t n;
    size_t cap;
    bool oom;
};

static inline void sb_putn(struct sbuf *b, const char *s, size_t n)
{
    if (b->oom) {
        return;
    }
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap != 0 ? b->cap : 64;
        char *p;

        while (b->n + n + 1 > cap) {
            cap *= 2;
        }
        p = realloc(b->p, cap);
        if (p == NULL) {
            b->oom = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static inline void sb_puts(struct sbuf *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

/* sb_ident - name as a quoted identifier: "name", a " doubled. */
static inline void sb_ident(struct sbuf *b, const char *name)
{
    sb_putn(b, "\"", 1);
    for (const char *s = name; *s != '\0'; s++) {
        sb_putn(b, s, 1);
        if (*s == '"') {
            sb_putn(b, "\"", 1);
        }
    }
    sb_putn(b, "\"", 1);
}

/* sb_take - the text built (owned by the caller; "" if empty), or NULL
 * out of memory; b is left empty. */
static inline char *sb_take(struct sbuf *b)
{
    char *p;

    if (b->oom) {
        free(b->p);
        *b = (struct sbuf){0};
        return NULL;
    }
    p = b->p != NULL ? b->p : calloc(1, 1);
    *b = (struct sbuf){0};
    return p;
}

/* ------------------------------------------------------------------ */
/* The schema read (sql_schema.c)                                       */
/* ------------------------------------------------------------------ */

enum pg_type { PG_BIGINT, PG_TEXT, PG_DOUBLE, PG_BYTEA };

struct column {
    char *name;
    enum pg_type type;
    bool notnull;
    char *dflt;                 /* NULL: none; as written */
    int pk;                     /* position in the primary key, 0: none */
};

struct fkey {
    char *parent;
    int n;
    char **from;
    char **to;                  /* NULL entries until resolved */
    char *on_update;
    char *on_delete;
};

struct index {
    char *name;                 /* NULL for a UNIQUE constraint */
    bool unique;
    int n;
    char **cols;
    bool *desc;
    char *where;                /* a partial index's condition, or NULL */
};

struct table {
    char *name;
    struct column *col;
    int ncol;
    struct fkey *fk;
    int nfk;
    struct index *uq;           /* UNIQUE constraints */
    int nuq;
    struct index *ix;           /* CREATE INDEX */
    int nix;
    char **check;               /* "CHECK (...)" */
    int ncheck;
    int pos;                    /* in the order of creation, -1: not yet */
};

struct schema {
    struct table *t;
    int n;
    int *order;                 /* indexes into t, in creation order */
};

/*
 * ledger__pg_read_schema - every table of the ledger but SQLite's own
 * into sc (zeroed before), each with its columns, foreign keys, UNIQUE
 * constraints, indexes and CHECK expressions, and sc->order the order of
 * creation (topological, ties in schema order).  Returns 0 or a negative
 * code (ledger_errmsg); sc is freed by ledger__pg_free_schema either way.
 */
int ledger__pg_read_schema(struct ledger *l, struct schema *sc);

/* ledger__pg_free_schema - everything sc holds freed, sc zeroed. */
void ledger__pg_free_schema(struct schema *sc);

#endif /* ECARTE_LEDGER_SQL_INT_H */
