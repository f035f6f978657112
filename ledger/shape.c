/* SPDX-License-Identifier: MIT */
/*
 * shape.c - what the rows stand in, proven: the schema of the file (every
 * table, column, type, constraint, index, view and its query, and no
 * object ecarte does not make: no trigger, no view, no table of its own), held against the
 * schema this version of ecarte makes, built afresh in memory; and the
 * cells no comparison of values sees: a text holding a NUL byte (SQL
 * reads past it, C stops at it), an event's game or deal in another
 * sitting than the event, a row whose id is out of the order ecarte
 * wrote in across sittings, an event's line beyond what a line number
 * can be.  Part of ledger_structure_check (proof.c).
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

#define SHAPE_LINE_MAX 600      /* one line of a schema's description */
#define SHAPE_VIEW_MAX 8192     /* a view's statement, its words */

/*
 * The schema of a file described as lines, one per fact, sorted: each
 * object (type, name, table), each table's STRICT flag and columns (name,
 * type, NOT NULL, default, key), each index's columns and uniqueness, each
 * foreign key.  Two files with the same lines have the same schema
 * whatever order or text their statements had (a migrated ledger's table
 * text differs from a new one's; its shape does not).
 */
static const char shape_sql[] =
    "SELECT 'object ' || type || ' ' || name || ' on ' || tbl_name "
    "FROM sqlite_schema WHERE name NOT LIKE 'sqlite_stat%' "
    "UNION ALL "
    "SELECT 'table ' || name || ' strict ' || strict || ' columns ' || ncol "
    "FROM pragma_table_list WHERE schema = 'main' "
    "AND name NOT LIKE 'sqlite_%' "
    "UNION ALL "
    "SELECT 'column ' || m.name || '.' || c.name || ' ' || c.type || "
    "' not-null ' || c.\"notnull\" || ' default ' || "
    "coalesce(c.dflt_value, '-') || ' key ' || c.pk || ' hidden ' || "
    "c.hidden FROM sqlite_schema m, pragma_table_xinfo(m.name) c "
    "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' "
    "UNION ALL "
    "SELECT 'index ' || l.name || ' on ' || m.name || ' unique ' || "
    "l.\"unique\" || ' origin ' || l.origin || ' partial ' || l.partial "
    "FROM sqlite_schema m, pragma_index_list(m.name) l "
    "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' "
    "UNION ALL "
    "SELECT 'index-column ' || m.name || ' ' || x.seqno || ' ' || "
    "coalesce(x.name, '?') || ' desc ' || x.desc || ' ' || "
    "coalesce(x.coll, '-') || ' key ' || x.key "
    "FROM sqlite_schema m, pragma_index_xinfo(m.name) x "
    "WHERE m.type = 'index' "
    "UNION ALL "
    "SELECT 'foreign-key ' || m.name || ' ' || f.id || '.' || f.seq || ' ' || "
    "f.\"from\" || ' -> ' || f.\"table\" || ' ' || coalesce(f.\"to\", '-') || "
    "' ' || f.on_update || ' ' || f.on_delete "
    "FROM sqlite_schema m, pragma_foreign_key_list(m.name) f "
    "WHERE m.type = 'table' "
    "ORDER BY 1";

/* A schema's description (lines owned, sorted as shape_sql gives them). */
struct shape {
    char **line;
    int n;
    int cap;
};

static void shape_free(struct shape *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->line[i]);
    }
    free(s->line);
    memset(s, 0, sizeof(*s));
}

/* shape_add - a copy of text as the next line.  Returns 0, -1 out of
 * memory. */
static int shape_add(struct shape *s, const char *text)
{
    if (s->n == s->cap) {
        int cap = s->cap > 0 ? s->cap * 2 : 128;
        char **nl = realloc(s->line, (size_t)cap * sizeof(*nl));

        if (nl == NULL) {
            return -1;
        }
        s->line = nl;
        s->cap = cap;
    }
    s->line[s->n] = strdup(text);
    if (s->line[s->n] == NULL) {
        return -1;
    }
    s->n++;
    return 0;
}

/*
 * check_words - the CHECK constraints of a table's statement, its
 * comments left out and its spaces taken away ("check(id=1)"): what the
 * pragmas do not show.  Into buf of size n.
 */
static void check_words(const char *sql, char *buf, size_t n)
{
    size_t used = 0;
    int depth = -1;             /* inside a CHECK's parentheses: >= 0 */

    buf[0] = '\0';
    for (const char *p = sql; *p != '\0' && used + 2 < n; p++) {
        if (p[0] == '-' && p[1] == '-') {
            while (*p != '\0' && *p != '\n') {
                p++;
            }
            if (*p == '\0') {
                break;
            }
            continue;
        }
        if (depth < 0) {
            if (strncasecmp(p, "check", 5) == 0 &&
                (p == sql || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
                               (p[-1] >= 'A' && p[-1] <= 'Z')))) {
                used += (size_t)snprintf(buf + used, n - used, " check");
                p += 4;
                depth = 0;
            }
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            continue;
        }
        buf[used++] = *p;
        buf[used] = '\0';
        if (*p == '(') {
            depth++;
        } else if (*p == ')' && --depth == 0) {
            depth = -1;
        }
    }
}

/* is_word - may c be part of a word of SQL (a name, a keyword, a
 * number, a quoted name or text)? */
static bool is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '\'' || c == '"' ||
           (unsigned char)c >= 0x80;
}

/*
 * view_words - a view's statement as its words: its comments left out,
 * a run of white space kept as one space between two words and dropped
 * elsewhere, quoted text as it is.  The view a migration makes and the
 * one a new ledger makes are the same words in other lines (migrate.c).
 * Into buf of size n (cut short if longer).
 */
static void view_words(const char *sql, char *buf, size_t n)
{
    size_t used = 0;
    bool space = false;
    char quote = 0;

    for (const char *p = sql; *p != '\0' && used + 2 < n; p++) {
        if (quote == 0 && p[0] == '-' && p[1] == '-') {
            while (p[1] != '\0' && p[1] != '\n') {
                p++;
            }
            space = true;
            continue;
        }
        if (quote == 0 && (*p == ' ' || *p == '\t' || *p == '\n' ||
                           *p == '\r')) {
            space = true;
            continue;
        }
        if (quote == 0 && space && used > 0 && is_word(buf[used - 1]) &&
            is_word(*p)) {
            buf[used++] = ' ';
        }
        space = false;
        if (*p == '\'' || *p == '"') {
            quote = quote == 0 ? *p : quote == *p ? 0 : quote;
        }
        buf[used++] = *p;
    }
    buf[used] = '\0';
}

/* shape_read - the description of db's schema into *out.  Returns 0, or
 * an SQLite code (out emptied). */
static int shape_read(sqlite3 *db, struct shape *out)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(db, shape_sql, -1, &st, NULL);

    memset(out, 0, sizeof(*out));
    if (src == SQLITE_OK) {
        while ((src = sqlite3_step(st)) == SQLITE_ROW) {
            const unsigned char *t = sqlite3_column_text(st, 0);

            if (shape_add(out, t != NULL ? (const char *)t : "?") != 0) {
                src = SQLITE_NOMEM;
                break;
            }
        }
    }
    sqlite3_finalize(st);
    st = NULL;
    if (src == SQLITE_DONE) {
        src = sqlite3_prepare_v2(db,
                                 "SELECT name, sql FROM sqlite_schema WHERE "
                                 "type = 'table' AND sql IS NOT NULL "
                                 "ORDER BY name", -1, &st, NULL);
    }
    if (src == SQLITE_OK) {
        while ((src = sqlite3_step(st)) == SQLITE_ROW) {
            char checks[SHAPE_LINE_MAX];
            char line[SHAPE_LINE_MAX + 100];

            check_words((const char *)sqlite3_column_text(st, 1), checks,
                        sizeof(checks));
            snprintf(line, sizeof(line), "table %s checks%s",
                     (const char *)sqlite3_column_text(st, 0), checks);
            if (shape_add(out, line) != 0) {
                src = SQLITE_NOMEM;
                break;
            }
        }
    }
    sqlite3_finalize(st);
    st = NULL;
    if (src == SQLITE_DONE) {
        src = sqlite3_prepare_v2(db,
                                 "SELECT name, sql FROM sqlite_schema WHERE "
                                 "type = 'view' ORDER BY name", -1, &st,
                                 NULL);
    }
    if (src == SQLITE_OK) {
        /* a view's statement: what the pragmas say of a table's columns
         * they do not say of a view's query */
        while ((src = sqlite3_step(st)) == SQLITE_ROW) {
            char words[SHAPE_VIEW_MAX];
            char line[SHAPE_VIEW_MAX + 100];
            const unsigned char *sql = sqlite3_column_text(st, 1);

            view_words(sql != NULL ? (const char *)sql : "", words,
                       sizeof(words));
            snprintf(line, sizeof(line), "view %s %s",
                     (const char *)sqlite3_column_text(st, 0), words);
            if (shape_add(out, line) != 0) {
                src = SQLITE_NOMEM;
                break;
            }
        }
    }
    sqlite3_finalize(st);
    if (src != SQLITE_DONE) {
        shape_free(out);
        return src == SQLITE_OK ? SQLITE_ERROR : src;
    }
    return 0;
}

/* shape_expected - the description of the schema this ecarte makes (a
 * new ledger in memory).  Returns 0, or an SQLite code. */
static int shape_expected(struct shape *out)
{
    sqlite3 *db = NULL;
    int src = sqlite3_open_v2(":memory:", &db,
                              SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                              NULL);

    for (int i = 0; src == SQLITE_OK && ledger__schema_sql[i] != NULL; i++) {
        src = sqlite3_exec(db, ledger__schema_sql[i], NULL, NULL, NULL);
    }
    if (src == SQLITE_OK) {
        src = shape_read(db, out);
    }
    sqlite3_close(db);
    return src;
}

/* One proof's findings: where they go and how many. */
struct shape_say {
    ledger_finding_fn fn;
    void *ctx;
    int64_t n;
    int stop;
};

/* found - one "structure" finding on table's row. */
static void found(struct shape_say *w, const char *table, int64_t row,
                  int64_t sitting, const char *column, const char *stored,
                  const char *expected, const char *message)
{
    struct ledger_finding f;

    memset(&f, 0, sizeof(f));
    f.kind = "structure";
    f.table = table;
    f.row = row;
    f.sitting = sitting;
    f.column = column;
    f.stored = stored;
    f.derived = expected;
    f.message = message;
    w->n++;
    if (w->fn != NULL && !w->stop) {
        w->stop = w->fn(w->ctx, &f);
    }
}

/* in_shape - is line one of s's (sorted as SQLite's ORDER BY, bytes)? */
static bool in_shape(const struct shape *s, const char *line)
{
    for (int i = 0; i < s->n; i++) {
        if (strcmp(s->line[i], line) == 0) {
            return true;
        }
    }
    return false;
}

/*
 * schema_check - the file's schema against the one this ecarte makes: a
 * fact of the file not in the expected schema (a trigger, a view, a
 * column or a table added, STRICT or a CHECK taken away, an index
 * changed) and a fact of the expected schema not in the file (an index
 * dropped), each one finding.  Only for the current schema version: an
 * older file is read as it is, and a writer brings it up to date.
 */
static int schema_check(struct ledger *l, struct shape_say *w)
{
    struct shape have;
    struct shape want;
    int src = shape_expected(&want);

    if (src != 0) {
        return ledger__fail(l, src, "build the expected schema");
    }
    src = shape_read(l->db, &have);
    if (src != 0) {
        shape_free(&want);
        return ledger__fail(l, src, "read the schema");
    }
    for (int i = 0; i < have.n && !w->stop; i++) {
        if (!in_shape(&want, have.line[i])) {
            char msg[SHAPE_LINE_MAX + 200];

            snprintf(msg, sizeof(msg),
                     "the schema holds what ecarte never makes: %s (a "
                     "trigger, a view, a column or a constraint changed "
                     "with SQL)", have.line[i]);
            found(w, "sqlite_schema", 0, 0, NULL, have.line[i], NULL, msg);
        }
    }
    for (int i = 0; i < want.n && !w->stop; i++) {
        if (!in_shape(&have, want.line[i])) {
            char msg[SHAPE_LINE_MAX + 200];

            snprintf(msg, sizeof(msg),
                     "the schema lacks what ecarte makes: %s (dropped or "
                     "changed with SQL)", want.line[i]);
            found(w, "sqlite_schema", 0, 0, NULL, NULL, want.line[i], msg);
        }
    }
    shape_free(&have);
    shape_free(&want);
    return 0;
}

/* each_row - run sql (one row per finding: table, id, sitting, column,
 * stored value, message) and say each.  Returns 0 or a negative code. */
static int each_row(struct ledger *l, struct shape_say *w, const char *sql,
                    const char *what)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(l->db, sql, -1, &st, NULL);

    if (src != SQLITE_OK) {
        return ledger__fail(l, src, what);
    }
    while (!w->stop && (src = sqlite3_step(st)) == SQLITE_ROW) {
        found(w, ledger__col_text(st, 0), sqlite3_column_int64(st, 1),
              sqlite3_column_int64(st, 2),
              sqlite3_column_type(st, 3) == SQLITE_NULL
                  ? NULL : ledger__col_text(st, 3),
              sqlite3_column_type(st, 4) == SQLITE_NULL
                  ? NULL : ledger__col_text(st, 4),
              NULL, ledger__col_text(st, 5));
    }
    sqlite3_finalize(st);
    if (src != SQLITE_ROW && src != SQLITE_DONE) {
        return ledger__fail(l, src, what);
    }
    return 0;
}

/* nul_table - the text columns (names, ", "-joined) of one table, and
 * how many. */
struct nul_table {
    char name[64];
    char cols[16][64];
    int n;
};

/* nul_scan - one query over table t: each row with a NUL byte in any of
 * its text columns, the first such column named. */
static int nul_scan(struct ledger *l, struct shape_say *w,
                    const struct nul_table *t)
{
    char sql[4096];
    size_t used = 0;

    used += (size_t)snprintf(sql + used, sizeof(sql) - used,
                             "SELECT '%s', r, 0, c, NULL, '%s ' || r || "
                             "': its ' || c || ' holds a NUL byte, which "
                             "ecarte never writes: what follows it is "
                             "hidden from the proof' FROM (SELECT rowid AS "
                             "r, CASE", t->name, t->name);
    for (int i = 0; i < t->n; i++) {
        used += (size_t)snprintf(sql + used, sizeof(sql) - used,
                                 " WHEN instr(CAST(\"%s\" AS BLOB), x'00') "
                                 "> 0 THEN '%s'", t->cols[i], t->cols[i]);
    }
    used += (size_t)snprintf(sql + used, sizeof(sql) - used,
                             " END AS c FROM \"%s\") WHERE c IS NOT NULL",
                             t->name);
    if (used >= sizeof(sql) - 1) {
        return ledger__failf(l, LEDGER_E_ERROR, "look for NUL bytes: the "
                             "table %s has too many columns", t->name);
    }
    return each_row(l, w, sql, "look for NUL bytes");
}

/*
 * nul_check - every text cell of every table holds no NUL byte: ecarte
 * never writes one, and one hides what follows it from every C reader
 * (the hash, the comparison) while SQL still sees it.  One query per
 * table, its text columns named from the schema.
 */
static int nul_check(struct ledger *l, struct shape_say *w)
{
    sqlite3_stmt *cols = NULL;
    struct nul_table t;
    int src = sqlite3_prepare_v2(
        l->db,
        "SELECT m.name, c.name FROM sqlite_schema m, "
        "pragma_table_info(m.name) c WHERE m.type = 'table' AND "
        "m.name NOT LIKE 'sqlite_%' AND upper(c.type) = 'TEXT' "
        "ORDER BY m.name, c.cid", -1, &cols, NULL);
    int rc = 0;

    if (src != SQLITE_OK) {
        return ledger__fail(l, src, "read the text columns");
    }
    memset(&t, 0, sizeof(t));
    while (rc == 0 && !w->stop && (src = sqlite3_step(cols)) == SQLITE_ROW) {
        const char *table = ledger__col_text(cols, 0);

        if (t.n > 0 && strcmp(t.name, table) != 0) {
            rc = nul_scan(l, w, &t);
            t.n = 0;
        }
        snprintf(t.name, sizeof(t.name), "%s", table);
        if (t.n < 16) {
            snprintf(t.cols[t.n++], sizeof(t.cols[0]), "%s",
                     ledger__col_text(cols, 1));
        }
    }
    if (rc == 0 && src != SQLITE_ROW && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the text columns");
    }
    sqlite3_finalize(cols);
    if (rc == 0 && !w->stop && t.n > 0) {
        rc = nul_scan(l, w, &t);
    }
    return rc;
}

/* The checks of references and order no comparison of one sitting makes:
 * one query each, one row per finding (table, id, sitting, column,
 * stored value, message). */
static const char *const cell_checks[] = {
    /* an event's game and deal belong to its sitting */
    "SELECT 'event', e.id, e.sitting_id, 'deal_id', e.deal_id, "
    "'event ' || e.id || ' of sitting ' || e.sitting_id || ' belongs to "
    "deal ' || e.deal_id || ', a deal of sitting ' || d.sitting_id || "
    "' (a deal renumbered or moved)' FROM event e JOIN deal d "
    "ON d.id = e.deal_id WHERE d.sitting_id != e.sitting_id",
    "SELECT 'event', e.id, e.sitting_id, 'game_id', e.game_id, "
    "'event ' || e.id || ' of sitting ' || e.sitting_id || ' belongs to "
    "game ' || e.game_id || ', a game of sitting ' || g.sitting_id || "
    "' (a game renumbered or moved)' FROM event e JOIN game g "
    "ON g.id = e.game_id WHERE g.sitting_id != e.sitting_id",
    /* a line number is what a log's line can be */
    "SELECT 'event', id, sitting_id, 'line', line, 'event ' || id || "
    "': line ' || line || ' is no line a log has' FROM event "
    "WHERE line < 0 OR line > 2147483647",
    /* rows written at an event: their ids run in the order of the
     * events (the chain proves those), across every sitting */
    "SELECT 'ruling', id, 0, 'id', id, 'ruling ' || id || ' is out of the "
    "order ecarte wrote in (its event ' || event_id || ' comes before the "
    "event ' || prev || ' of the ruling before it): ids renumbered' "
    "FROM (SELECT id, event_id, lag(event_id) OVER (ORDER BY id) AS prev "
    "FROM ruling) WHERE event_id < prev",
    "SELECT 'score_mark', id, 0, 'id', id, 'score_mark ' || id || ' is out "
    "of the order ecarte wrote in: ids renumbered' FROM (SELECT id, "
    "event_id, lag(event_id) OVER (ORDER BY id) AS prev FROM score_mark) "
    "WHERE event_id < prev",
    "SELECT 'sitting_mark', id, 0, 'id', id, 'sitting_mark ' || id || ' is "
    "out of the order ecarte wrote in: ids renumbered' FROM (SELECT id, "
    "event_id, lag(event_id) OVER (ORDER BY id) AS prev FROM sitting_mark) "
    "WHERE event_id < prev",
    "SELECT 'settlement', id, sitting_id, 'id', id, 'settlement ' || id || "
    "' is out of the order ecarte wrote in: ids renumbered' FROM (SELECT "
    "id, sitting_id, event_id, lag(event_id) OVER (ORDER BY id) AS prev "
    "FROM settlement) WHERE event_id < prev",
    "SELECT 'transfer', id, 0, 'id', id, 'transfer ' || id || ' is out of "
    "the order ecarte wrote in: ids renumbered' FROM (SELECT id, "
    "settlement_id, lag(settlement_id) OVER (ORDER BY id) AS prev FROM "
    "transfer) WHERE settlement_id < prev",
    "SELECT t, id, sitting_id, 'id', id, t || ' ' || id || ' is out of the "
    "order ecarte wrote in: ids renumbered' FROM (SELECT 'person' AS t, id, "
    "sitting_id, event_id, lag(event_id) OVER (ORDER BY id) AS prev FROM "
    "person WHERE event_id IS NOT NULL) WHERE event_id < prev",
    "SELECT t, id, sitting_id, 'id', id, t || ' ' || id || ' is out of the "
    "order ecarte wrote in: ids renumbered' FROM (SELECT 'seating' AS t, "
    "id, sitting_id, event_id, lag(event_id) OVER (ORDER BY id) AS prev "
    "FROM seating WHERE event_id IS NOT NULL) WHERE event_id < prev",
    "SELECT t, id, sitting_id, 'id', id, t || ' ' || id || ' is out of the "
    "order ecarte wrote in: ids renumbered' FROM (SELECT 'stake' AS t, id, "
    "sitting_id, event_id, lag(event_id) OVER (ORDER BY id) AS prev FROM "
    "stake WHERE event_id IS NOT NULL) WHERE event_id < prev",
    "SELECT t, id, sitting_id, 'id', id, t || ' ' || id || ' is out of the "
    "order ecarte wrote in: ids renumbered' FROM (SELECT 'bet' AS t, id, "
    "sitting_id, event_id, lag(event_id) OVER (ORDER BY id) AS prev FROM "
    "bet WHERE event_id IS NOT NULL) WHERE event_id < prev",
    /* games and deals: in the order of the first event that names them */
    "SELECT 'game', game_id, 0, 'id', game_id, 'game ' || game_id || ' is "
    "out of the order ecarte wrote in: ids renumbered' FROM (SELECT "
    "game_id, first, lag(first) OVER (ORDER BY game_id) AS prev FROM "
    "(SELECT game_id, min(id) AS first FROM event WHERE game_id IS NOT "
    "NULL GROUP BY game_id)) WHERE first < prev",
    "SELECT 'deal', deal_id, 0, 'id', deal_id, 'deal ' || deal_id || ' is "
    "out of the order ecarte wrote in: ids renumbered' FROM (SELECT "
    "deal_id, first, lag(first) OVER (ORDER BY deal_id) AS prev FROM "
    "(SELECT deal_id, min(id) AS first FROM event WHERE deal_id IS NOT "
    "NULL GROUP BY deal_id)) WHERE first < prev",
};

int ledger__later_schema(struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(
        l->db,
        "SELECT CASE WHEN (SELECT id % 64 != 0 AND typeof(hash) = 'blob' "
        "AND length(hash) = 32 FROM event ORDER BY id DESC LIMIT 1) "
        "AND EXISTS (SELECT 1 FROM event WHERE typeof(hash) = 'blob' AND "
        "length(hash) = 8) "
        "THEN 9 WHEN EXISTS (SELECT 1 FROM event WHERE "
        "typeof(hash) = 'blob' AND length(hash) = 8) THEN 8 "
        "WHEN EXISTS (SELECT 1 FROM sqlite_schema WHERE name "
        "IN ('comment', 'law', 'deals', 'games', 'rulings', "
        "'irregularities', 'balances')) THEN 7 "
        "WHEN EXISTS (SELECT 1 FROM sqlite_schema WHERE name "
        "IN ('ledger_info', 'member_join', 'member_apart', 'provenance')) "
        "THEN 5 WHEN EXISTS (SELECT 1 FROM sqlite_schema WHERE name = "
        "'seal' OR (name = 'chain' AND sql LIKE '%seal_head%')) THEN 4 "
        "ELSE 0 END", -1, &st, NULL);
    int n = 0;

    if (src == SQLITE_OK && (src = sqlite3_step(st)) == SQLITE_ROW) {
        n = sqlite3_column_int(st, 0);
        src = SQLITE_OK;
    }
    sqlite3_finalize(st);
    return src == SQLITE_OK ? n : ledger__fail(l, src, "read the schema");
}

int64_t ledger__shape_check(struct ledger *l, ledger_finding_fn fn,
                            void *ctx, int *stop)
{
    struct shape_say w = { .fn = fn, .ctx = ctx };
    size_t n = sizeof(cell_checks) / sizeof(cell_checks[0]);
    int rc = 0;

    if (l->version == LEDGER_SCHEMA_VERSION) {
        rc = schema_check(l, &w);
    }
    if (rc == 0 && !w.stop) {
        rc = nul_check(l, &w);
    }
    /* the order checks name tables of version 3 and later */
    if (l->version < 3) {
        n = 3;
    }
    for (size_t i = 0; i < n && rc == 0 && !w.stop; i++) {
        rc = each_row(l, &w, cell_checks[i], "check the references");
    }
    *stop = w.stop;
    return rc != 0 ? rc : w.n;
}
