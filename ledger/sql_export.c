/*
 * sql_export.c - the whole ledger as SQL for PostgreSQL
 * (ledger_export_postgres): its schema read from the file itself
 * (sqlite_schema and the pragmas table_xinfo, foreign_key_list,
 * index_list, index_xinfo), so that a table added to the ledger comes
 * along without a change here, translated, and its rows as COPY blocks,
 * parents before children, in one transaction.
 *
 * What is translated: a column's declared type by SQLite's affinity
 * (INTEGER: BIGINT, TEXT: TEXT, REAL: DOUBLE PRECISION, BLOB: BYTEA;
 * anything else is refused), NOT NULL, DEFAULT (as written), the
 * primary key, UNIQUE constraints, every CHECK expression (taken from
 * the CREATE TABLE text by a small tokenizer; `==` written `=`), the
 * foreign keys with their ON DELETE / ON UPDATE actions, and the indexes
 * (UNIQUE, DESC, partial: their WHERE copied).  STRICT has no
 * counterpart and goes.  Refused, by name: virtual tables, generated
 * columns, expression indexes, collations other than BINARY.
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

/* ------------------------------------------------------------------ */
/* A growing string                                                    */
/* ------------------------------------------------------------------ */

struct sbuf {
    char *p;                    /* NUL-terminated when not oom */
    size_t n;
    size_t cap;
    bool oom;
};

static void sb_putn(struct sbuf *b, const char *s, size_t n)
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

static void sb_puts(struct sbuf *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

/* sb_ident - name as a quoted identifier: "name", a " doubled. */
static void sb_ident(struct sbuf *b, const char *name)
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
static char *sb_take(struct sbuf *b)
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
/* SQL text: tokens                                                     */
/* ------------------------------------------------------------------ */

struct tok {
    const char *s;
    size_t n;
    bool space;                 /* whitespace or a comment before it */
};

static bool is_word_char(char c)
{
    unsigned char u = (unsigned char)c;

    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') ||
           (u >= '0' && u <= '9') || u == '_' || u == '$' || u >= 0x80;
}

/* next_tok - the token at *p (after whitespace and comments) into tk,
 * *p moved past it; false at the end of the text. */
static bool next_tok(const char **p, struct tok *tk)
{
    const char *s = *p;
    const char *t;
    bool space = false;

    for (;;) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' ||
            *s == '\f' || *s == '\v') {
            s++;
            space = true;
        } else if (s[0] == '-' && s[1] == '-') {
            while (*s != '\0' && *s != '\n') {
                s++;
            }
            space = true;
        } else if (s[0] == '/' && s[1] == '*') {
            s += 2;
            while (*s != '\0' && !(s[0] == '*' && s[1] == '/')) {
                s++;
            }
            s += *s != '\0' ? 2 : 0;
            space = true;
        } else {
            break;
        }
    }
    if (*s == '\0') {
        *p = s;
        return false;
    }
    t = s;
    if (*s == '\'' || *s == '"' || *s == '`') {
        char q = *s++;

        while (*s != '\0') {
            if (*s == q && s[1] == q) {
                s += 2;
            } else if (*s++ == q) {
                break;
            }
        }
    } else if (*s == '[') {
        while (*s != '\0' && *s != ']') {
            s++;
        }
        s += *s != '\0' ? 1 : 0;
    } else if (is_word_char(*s)) {
        while (is_word_char(*s)) {
            s++;
        }
    } else if ((s[0] == '=' && s[1] == '=') || (s[0] == '!' && s[1] == '=') ||
               (s[0] == '<' && (s[1] == '>' || s[1] == '=' || s[1] == '<')) ||
               (s[0] == '>' && (s[1] == '=' || s[1] == '>')) ||
               (s[0] == '|' && s[1] == '|')) {
        s += 2;
    } else {
        s++;
    }
    tk->s = t;
    tk->n = (size_t)(s - t);
    tk->space = space;
    *p = s;
    return true;
}

/* tok_is - is tk the word (ASCII, any case) or punctuation w? */
static bool tok_is(const struct tok *tk, const char *w)
{
    size_t n = strlen(w);

    if (tk->n != n) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char a = tk->s[i];
        char b = w[i];

        if (a >= 'a' && a <= 'z') {
            a = (char)(a - 'a' + 'A');
        }
        if (b >= 'a' && b <= 'z') {
            b = (char)(b - 'a' + 'A');
        }
        if (a != b) {
            return false;
        }
    }
    return true;
}

/* sb_tok - tk written for PostgreSQL after the tokens before it (a space
 * where the source had one): `==` as `=`, a `name` or [name] identifier
 * as "name". */
static void sb_tok(struct sbuf *b, const struct tok *tk, bool first)
{
    if (tk->space && !first) {
        sb_putn(b, " ", 1);
    }
    if (tok_is(tk, "==")) {
        sb_putn(b, "=", 1);
    } else if (tk->n >= 2 && (tk->s[0] == '`' || tk->s[0] == '[')) {
        char *name = malloc(tk->n);
        size_t k = 0;

        if (name == NULL) {
            b->oom = true;
            return;
        }
        for (size_t i = 1; i + 1 < tk->n; i++) {
            name[k++] = tk->s[i];
            if (tk->s[0] == '`' && tk->s[i] == '`') {
                i++;            /* `` inside `...` is one ` */
            }
        }
        name[k] = '\0';
        sb_ident(b, name);
        free(name);
    } else {
        sb_putn(b, tk->s, tk->n);
    }
}

/* sb_expr - the text s (an expression) token by token (comments gone). */
static void sb_expr(struct sbuf *b, const char *s)
{
    struct tok tk;
    bool first = true;

    while (next_tok(&s, &tk)) {
        sb_tok(b, &tk, first);
        first = false;
    }
}

/* ------------------------------------------------------------------ */
/* The schema read                                                      */
/* ------------------------------------------------------------------ */

enum pg_type { PG_BIGINT, PG_TEXT, PG_DOUBLE, PG_BYTEA };

static const char *const pg_type_name[] = {
    "BIGINT", "TEXT", "DOUBLE PRECISION", "BYTEA",
};

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

/* grow - room in *arr (of *n items of size) for one more; false out of
 * memory.  The new item is zeroed. */
static bool grow(void *arr, int *n, size_t size)
{
    void **p = arr;
    char *q = realloc(*p, (size_t)(*n + 1) * size);

    if (q == NULL) {
        return false;
    }
    memset(q + (size_t)*n * size, 0, size);
    *p = q;
    (*n)++;
    return true;
}

static char *dup_text(const unsigned char *s)
{
    return s != NULL ? strdup((const char *)s) : NULL;
}

static void free_index(struct index *x)
{
    for (int i = 0; i < x->n; i++) {
        free(x->cols[i]);
    }
    free(x->cols);
    free(x->desc);
    free(x->name);
    free(x->where);
}

static void free_schema(struct schema *sc)
{
    for (int i = 0; i < sc->n; i++) {
        struct table *t = &sc->t[i];

        for (int k = 0; k < t->ncol; k++) {
            free(t->col[k].name);
            free(t->col[k].dflt);
        }
        free(t->col);
        for (int k = 0; k < t->nfk; k++) {
            for (int j = 0; j < t->fk[k].n; j++) {
                free(t->fk[k].from[j]);
                free(t->fk[k].to[j]);
            }
            free(t->fk[k].from);
            free(t->fk[k].to);
            free(t->fk[k].parent);
            free(t->fk[k].on_update);
            free(t->fk[k].on_delete);
        }
        free(t->fk);
        for (int k = 0; k < t->nuq; k++) {
            free_index(&t->uq[k]);
        }
        free(t->uq);
        for (int k = 0; k < t->nix; k++) {
            free_index(&t->ix[k]);
        }
        free(t->ix);
        for (int k = 0; k < t->ncheck; k++) {
            free(t->check[k]);
        }
        free(t->check);
        free(t->name);
    }
    free(sc->t);
    free(sc->order);
    *sc = (struct schema){0};
}

/* contains_ci - does s hold w (upper case ASCII), in any case? */
static bool contains_ci(const char *s, const char *w)
{
    size_t n = strlen(w);

    for (; *s != '\0'; s++) {
        size_t i = 0;

        while (i < n && s[i] != '\0' &&
               (s[i] == w[i] || s[i] == w[i] - 'A' + 'a')) {
            i++;
        }
        if (i == n) {
            return true;
        }
    }
    return false;
}

/* map_type - the PostgreSQL type of a declared SQLite type, by SQLite's
 * rules of affinity; false for none that fits (NUMERIC, ANY, none). */
static bool map_type(const char *decl, enum pg_type *out)
{
    if (contains_ci(decl, "INT")) {
        *out = PG_BIGINT;
    } else if (contains_ci(decl, "CHAR") || contains_ci(decl, "CLOB") ||
               contains_ci(decl, "TEXT")) {
        *out = PG_TEXT;
    } else if (contains_ci(decl, "BLOB") && decl[0] != '\0') {
        *out = PG_BYTEA;
    } else if (contains_ci(decl, "REAL") || contains_ci(decl, "FLOA") ||
               contains_ci(decl, "DOUB")) {
        *out = PG_DOUBLE;
    } else {
        return false;
    }
    return true;
}

/* checks_of - every CHECK (...) of the CREATE TABLE text sql, column or
 * table constraint alike, onto t->check.  Returns 0 or a negative code. */
static int checks_of(struct ledger *l, struct table *t, const char *sql)
{
    struct tok tk;
    const char *s = sql;

    while (next_tok(&s, &tk)) {
        struct sbuf b = {0};
        int depth = 1;
        bool first = true;

        if (!tok_is(&tk, "CHECK")) {
            continue;
        }
        if (!next_tok(&s, &tk) || !tok_is(&tk, "(")) {
            return ledger__failf(l, LEDGER_E_FORMAT,
                                 "table %s: a CHECK without its "
                                 "expression", t->name);
        }
        sb_puts(&b, "CHECK (");
        while (next_tok(&s, &tk)) {
            if (tok_is(&tk, "(")) {
                depth++;
            } else if (tok_is(&tk, ")") && --depth == 0) {
                break;
            }
            sb_tok(&b, &tk, first);
            first = false;
        }
        if (depth != 0) {
            free(b.p);
            return ledger__failf(l, LEDGER_E_FORMAT,
                                 "table %s: a CHECK not closed", t->name);
        }
        sb_puts(&b, ")");
        if (!grow(&t->check, &t->ncheck, sizeof(*t->check)) ||
            (t->check[t->ncheck - 1] = sb_take(&b)) == NULL) {
            free(b.p);
            return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
        }
    }
    return 0;
}

/* where_of - the condition of a partial index, from its CREATE INDEX
 * text: what follows WHERE outside parentheses (NULL out of memory or
 * without one). */
static char *where_of(const char *sql)
{
    struct tok tk;
    const char *s = sql;
    int depth = 0;

    while (next_tok(&s, &tk)) {
        if (tok_is(&tk, "(")) {
            depth++;
        } else if (tok_is(&tk, ")")) {
            depth--;
        } else if (depth == 0 && tok_is(&tk, "WHERE")) {
            struct sbuf b = {0};
            bool first = true;

            while (next_tok(&s, &tk) && !tok_is(&tk, ";")) {
                sb_tok(&b, &tk, first);
                first = false;
            }
            return first ? NULL : sb_take(&b);
        }
    }
    return NULL;
}

/* prep - st prepared for sql on l's handle; 0 or a negative code. */
static int prep(struct ledger *l, const char *sql, sqlite3_stmt **st)
{
    int rc = sqlite3_prepare_v2(l->db, sql, -1, st, NULL);

    return rc == SQLITE_OK ? 0 : ledger__fail(l, rc, "reading the schema");
}

/* read_columns - t's columns (pragma_table_xinfo). */
static int read_columns(struct ledger *l, struct table *t)
{
    sqlite3_stmt *st = NULL;
    int rc = prep(l, "SELECT name, type, \"notnull\", dflt_value, pk, hidden "
                     "FROM pragma_table_xinfo(?1) ORDER BY cid", &st);

    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        const char *decl = (const char *)sqlite3_column_text(st, 1);
        int hidden = sqlite3_column_int(st, 5);
        struct column *c;
        enum pg_type ty;

        if (hidden == 1) {
            continue;           /* a virtual table's hidden column */
        }
        if (hidden != 0) {
            sqlite3_finalize(st);
            return ledger__failf(l, LEDGER_E_FORMAT,
                                 "table %s: column %s is generated (not "
                                 "translated)", t->name, name);
        }
        if (!map_type(decl != NULL ? decl : "", &ty)) {
            rc = ledger__failf(l, LEDGER_E_FORMAT,
                               "table %s: column %s of type \"%s\" (not "
                               "translated: INTEGER, TEXT, REAL or BLOB)",
                               t->name, name, decl != NULL ? decl : "");
            sqlite3_finalize(st);
            return rc;
        }
        if (!grow(&t->col, &t->ncol, sizeof(*t->col))) {
            sqlite3_finalize(st);
            return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
        }
        c = &t->col[t->ncol - 1];
        c->name = dup_text(sqlite3_column_text(st, 0));
        c->type = ty;
        c->notnull = sqlite3_column_int(st, 2) != 0;
        if (sqlite3_column_type(st, 3) != SQLITE_NULL) {
            struct sbuf b = {0};

            sb_expr(&b, (const char *)sqlite3_column_text(st, 3));
            c->dflt = sb_take(&b);
            if (c->dflt == NULL) {
                sqlite3_finalize(st);
                return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
            }
        }
        c->pk = sqlite3_column_int(st, 4);
        if (c->name == NULL) {
            sqlite3_finalize(st);
            return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        return ledger__fail(l, rc, "reading the schema");
    }
    if (t->ncol == 0) {
        return ledger__failf(l, LEDGER_E_FORMAT, "table %s has no column",
                             t->name);
    }
    return 0;
}

/* read_fkeys - t's foreign keys (pragma_foreign_key_list), each one's
 * columns in order. */
static int read_fkeys(struct ledger *l, struct table *t)
{
    sqlite3_stmt *st = NULL;
    int rc = prep(l, "SELECT id, \"table\", \"from\", \"to\", on_update, "
                     "on_delete FROM pragma_foreign_key_list(?1) "
                     "ORDER BY id DESC, seq", &st);
    int last = -1;

    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int id = sqlite3_column_int(st, 0);
        struct fkey *f;
        char **from;
        char **to;

        if (id != last || t->nfk == 0) {
            if (!grow(&t->fk, &t->nfk, sizeof(*t->fk))) {
                break;
            }
            f = &t->fk[t->nfk - 1];
            f->parent = dup_text(sqlite3_column_text(st, 1));
            f->on_update = dup_text(sqlite3_column_text(st, 4));
            f->on_delete = dup_text(sqlite3_column_text(st, 5));
            last = id;
            if (f->parent == NULL || f->on_update == NULL ||
                f->on_delete == NULL) {
                break;
            }
        }
        f = &t->fk[t->nfk - 1];
        from = realloc(f->from, (size_t)(f->n + 1) * sizeof(*from));
        if (from == NULL) {
            break;
        }
        f->from = from;
        to = realloc(f->to, (size_t)(f->n + 1) * sizeof(*to));
        if (to == NULL) {
            break;
        }
        f->to = to;
        f->from[f->n] = dup_text(sqlite3_column_text(st, 2));
        f->to[f->n] = dup_text(sqlite3_column_text(st, 3));
        f->n++;
        if (f->from[f->n - 1] == NULL) {
            break;
        }
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW) {
        return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
    }
    return rc == SQLITE_DONE ? 0 : ledger__fail(l, rc, "reading the schema");
}

/* read_index - the key columns of index x->name or, for a UNIQUE
 * constraint, of the automatic index iname (pragma_index_xinfo). */
static int read_index_cols(struct ledger *l, const struct table *t,
                           const char *iname, struct index *x)
{
    sqlite3_stmt *st = NULL;
    int rc = prep(l, "SELECT cid, name, \"desc\", coll "
                     "FROM pragma_index_xinfo(?1) WHERE key ORDER BY seqno",
                  &st);

    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_text(st, 1, iname, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *coll = (const char *)sqlite3_column_text(st, 3);
        char **cols;
        bool *desc;

        if (sqlite3_column_int(st, 0) < 0) {
            sqlite3_finalize(st);
            return ledger__failf(l, LEDGER_E_FORMAT,
                                 "table %s: index %s is on an expression "
                                 "(not translated)", t->name, iname);
        }
        if (coll != NULL && !contains_ci(coll, "BINARY")) {
            rc = ledger__failf(l, LEDGER_E_FORMAT,
                               "table %s: index %s has collation %s (not "
                               "translated)", t->name, iname, coll);
            sqlite3_finalize(st);
            return rc;
        }
        cols = realloc(x->cols, (size_t)(x->n + 1) * sizeof(*cols));
        if (cols == NULL) {
            break;
        }
        x->cols = cols;
        desc = realloc(x->desc, (size_t)(x->n + 1) * sizeof(*desc));
        if (desc == NULL) {
            break;
        }
        x->desc = desc;
        x->cols[x->n] = dup_text(sqlite3_column_text(st, 1));
        x->desc[x->n] = sqlite3_column_int(st, 2) != 0;
        x->n++;
        if (x->cols[x->n - 1] == NULL) {
            break;
        }
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW) {
        return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
    }
    return rc == SQLITE_DONE ? 0 : ledger__fail(l, rc, "reading the schema");
}

/* read_indexes - t's UNIQUE constraints and CREATE INDEX indexes
 * (pragma_index_list; the latter in the order of the schema). */
static int read_indexes(struct ledger *l, struct table *t)
{
    sqlite3_stmt *st = NULL;
    int rc = prep(l, "SELECT il.name, il.\"unique\", il.origin, il.partial, "
                     "s.sql FROM pragma_index_list(?1) AS il "
                     "LEFT JOIN sqlite_schema AS s "
                     "ON s.type = 'index' AND s.name = il.name "
                     "ORDER BY s.rowid, il.name", &st);

    if (rc != 0) {
        return rc;
    }
    sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        const char *origin = (const char *)sqlite3_column_text(st, 2);
        struct index *x;
        int e;

        if (origin == NULL || strcmp(origin, "pk") == 0) {
            continue;           /* the primary key: declared as such */
        }
        if (strcmp(origin, "u") == 0) {
            if (!grow(&t->uq, &t->nuq, sizeof(*t->uq))) {
                break;
            }
            x = &t->uq[t->nuq - 1];
        } else {
            if (!grow(&t->ix, &t->nix, sizeof(*t->ix))) {
                break;
            }
            x = &t->ix[t->nix - 1];
            x->name = strdup(name);
            if (x->name == NULL) {
                break;
            }
            if (sqlite3_column_int(st, 3) != 0) {
                const char *sql = (const char *)sqlite3_column_text(st, 4);

                x->where = sql != NULL ? where_of(sql) : NULL;
                if (x->where == NULL) {
                    sqlite3_finalize(st);
                    return ledger__failf(l, LEDGER_E_FORMAT,
                                         "table %s: partial index %s "
                                         "without its WHERE", t->name, name);
                }
            }
        }
        x->unique = sqlite3_column_int(st, 1) != 0;
        e = read_index_cols(l, t, name, x);
        if (e != 0) {
            sqlite3_finalize(st);
            return e;
        }
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW) {
        return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
    }
    return rc == SQLITE_DONE ? 0 : ledger__fail(l, rc, "reading the schema");
}

static int find_table(const struct schema *sc, const char *name)
{
    for (int i = 0; i < sc->n; i++) {
        if (sqlite3_stricmp(sc->t[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

/* resolve - every foreign key's parent found, its columns named (the
 * parent's primary key where the declaration names none); then the
 * order of creation (topological, ties in schema order). */
static int resolve(struct ledger *l, struct schema *sc)
{
    int placed = 0;

    sc->order = malloc((size_t)(sc->n > 0 ? sc->n : 1) * sizeof(int));
    if (sc->order == NULL) {
        return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
    }
    for (int i = 0; i < sc->n; i++) {
        struct table *t = &sc->t[i];

        t->pos = -1;
        for (int k = 0; k < t->nfk; k++) {
            struct fkey *f = &t->fk[k];
            int p = find_table(sc, f->parent);

            if (p < 0) {
                return ledger__failf(l, LEDGER_E_FORMAT,
                                     "table %s: a foreign key to table %s, "
                                     "which the ledger does not hold",
                                     t->name, f->parent);
            }
            for (int j = 0; j < f->n; j++) {
                if (f->to[j] != NULL) {
                    continue;
                }
                for (int c = 0; c < sc->t[p].ncol; c++) {
                    if (sc->t[p].col[c].pk == j + 1) {
                        f->to[j] = strdup(sc->t[p].col[c].name);
                        if (f->to[j] == NULL) {
                            return ledger__failf(l, LEDGER_E_ERROR,
                                                 "out of memory");
                        }
                    }
                }
                if (f->to[j] == NULL) {
                    return ledger__failf(l, LEDGER_E_FORMAT,
                                         "table %s: a foreign key to table "
                                         "%s, which has no primary key to "
                                         "stand for it", t->name, f->parent);
                }
            }
        }
    }
    /* Kahn's order: the first table in schema order whose parents are
     * all placed (itself aside); a cycle's tables then in schema order */
    while (placed < sc->n) {
        int pick = -1;

        for (int i = 0; i < sc->n && pick < 0; i++) {
            struct table *t = &sc->t[i];
            bool ready = t->pos < 0;

            for (int k = 0; k < t->nfk && ready; k++) {
                int p = find_table(sc, t->fk[k].parent);

                ready = p == i || sc->t[p].pos >= 0;
            }
            if (ready) {
                pick = i;
            }
        }
        for (int i = 0; i < sc->n && pick < 0; i++) {
            if (sc->t[i].pos < 0) {
                pick = i;       /* a cycle */
            }
        }
        sc->t[pick].pos = placed;
        sc->order[placed++] = pick;
    }
    return 0;
}

/* read_schema - every table of the ledger but SQLite's own. */
static int read_schema(struct ledger *l, struct schema *sc)
{
    sqlite3_stmt *st = NULL;
    int rc = prep(l, "SELECT name, sql FROM sqlite_schema WHERE type = "
                     "'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                     "ORDER BY rowid", &st);

    if (rc != 0) {
        return rc;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        const char *sql = (const char *)sqlite3_column_text(st, 1);
        struct table *t;
        int e;

        if (sql != NULL && contains_ci(sql, "VIRTUAL")) {
            struct tok a, b;
            const char *s = sql;

            if (next_tok(&s, &a) && next_tok(&s, &b) &&
                tok_is(&b, "VIRTUAL")) {
                e = ledger__failf(l, LEDGER_E_FORMAT,
                                  "table %s is a virtual table (not "
                                  "translated)", name);
                sqlite3_finalize(st);
                return e;
            }
        }
        if (!grow(&sc->t, &sc->n, sizeof(*sc->t))) {
            sqlite3_finalize(st);
            return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
        }
        t = &sc->t[sc->n - 1];
        t->name = strdup(name);
        if (t->name == NULL) {
            sqlite3_finalize(st);
            return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
        }
        e = read_columns(l, t);
        if (e == 0) {
            e = read_fkeys(l, t);
        }
        if (e == 0) {
            e = read_indexes(l, t);
        }
        if (e == 0 && sql != NULL) {
            e = checks_of(l, t, sql);
        }
        if (e != 0) {
            sqlite3_finalize(st);
            return e;
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        return ledger__fail(l, rc, "reading the schema");
    }
    return resolve(l, sc);
}

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
    rc = read_schema(l, &sc);
    if (rc == 0) {
        errno = 0;
        rc = write_all(l, out, &sc);
        if (rc == 0 && (fflush(out) != 0 || ferror(out))) {
            rc = ledger__failf(l, LEDGER_E_ERROR,
                               "the SQL could not be written: %s",
                               errno != 0 ? strerror(errno) : "write error");
        }
    }
    free_schema(&sc);
    if (own) {
        ledger_read_end(l);
    }
    return rc;
}
