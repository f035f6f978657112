/* SPDX-License-Identifier: MIT */
/*
 * sql_schema.c - the ledger's schema read for the PostgreSQL export
 * (sql_export.c): from the file itself (sqlite_schema and the pragmas
 * table_xinfo, foreign_key_list, index_list, index_xinfo), so that a
 * table added to the ledger comes along without a change here; the
 * declared types mapped, every CHECK copied, and the tables put in a
 * topological order of their foreign keys.
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
 * Order: a table after those it references; ties, and the tables of a
 * cycle, in the order of the schema.  A key to its own table, or a
 * cycle, needs nothing more (sql_export.c writes the foreign keys after
 * the rows).
 */
#include "ledger/ledger.h"

#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"
#include "ledger/sql_int.h"

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

void ledger__pg_free_schema(struct schema *sc)
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
            /* said before the statement is finalized: name is its text */
            rc = ledger__failf(l, LEDGER_E_FORMAT,
                               "table %s: column %s is generated (not "
                               "translated)", t->name, name);
            sqlite3_finalize(st);
            return rc;
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

/* ledger__pg_read_schema - every table of the ledger but SQLite's
 * own. */
int ledger__pg_read_schema(struct ledger *l, struct schema *sc)
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
