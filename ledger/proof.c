/* SPDX-License-Identifier: MIT */
/*
 * proof.c - the rows the events give, proven: a sitting's games, deals,
 * rulings, score marks, persons, seatings, stakes, bets, settlements,
 * transfers and sitting marks as the ledger holds them, held against
 * those a scratch ledger holds after its events were adjudicated again
 * (the command line's verify does that), every column; and the checks no
 * single sitting can make: every derived table's ids run 1, 2, 3, ...
 * (ecarte never deletes a row) and every reference points to a row.
 *
 * Rows are compared by what they are, not by their ids, which differ
 * between the two ledgers: an event by its seq in the sitting, a game or
 * a deal by its number.  A row's id is proven by the order of the ids in
 * that comparison and by their density.
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* The game number of a reference, within the sitting of the row (NULL
 * if it is NULL, -1 if it points to no game of it: a game of another
 * sitting, or none, is no game the events give). */
#define GAME_NO(col, sit) \
    "(CASE WHEN " col " IS NULL THEN NULL ELSE coalesce((SELECT g.number " \
    "FROM game g WHERE g.id = " col " AND g.sitting_id = " sit "), -1) END)"
/* The seq of a referenced event within the sitting (0 if none, -1 if it
 * points to no event of it). */
#define EVENT_SEQ(col, sit) \
    "(CASE WHEN " col " IS NULL THEN 0 ELSE coalesce((SELECT e.seq FROM " \
    "event e WHERE e.id = " col " AND e.sitting_id = " sit "), -1) END)"

/*
 * A derived table, as two queries of one shape: the row's id, n_key key
 * columns (integers: what the row is), then the values.  ?1 is the
 * sitting in that ledger, ?2 the stored ledger's id of it.  On the
 * scratch side an event's id is its seq (one sitting, from event 1).
 */
struct derived_table {
    const char *name;
    int n_key;
    const char *columns;        /* the names of keys and values, ", " */
    const char *stored;
    const char *scratch;
};

static const struct derived_table derived[] = {
    {"game", 1, "number, winner, points_a, points_b, value",
     "SELECT id, number, winner, points_a, points_b, value FROM game "
     "WHERE sitting_id = ?1 ORDER BY number, id",
     "SELECT id, number, winner, points_a, points_b, value FROM game "
     "WHERE sitting_id = ?1 ORDER BY number, id"},
    {"deal", 1,
     "number, game_id, dealer, tricks_a, tricks_b, points_a, points_b, "
     "is_void, finished",
     "SELECT d.id, d.number, " GAME_NO("d.game_id", "d.sitting_id") ", "
     "d.dealer, d.tricks_a, d.tricks_b, d.points_a, d.points_b, d.is_void, "
     "d.finished FROM deal d WHERE d.sitting_id = ?1 ORDER BY d.number, d.id",
     "SELECT d.id, d.number, " GAME_NO("d.game_id", "d.sitting_id") ", "
     "d.dealer, d.tricks_a, d.tricks_b, d.points_a, d.points_b, d.is_void, "
     "d.finished FROM deal d WHERE d.sitting_id = ?1 ORDER BY d.number, d.id"},
    {"ruling", 2, "event_id, pos, law, offender, elector, options, remedy, "
                  "text",
     "SELECT r.id, e.seq, r.pos, r.law, r.offender, r.elector, r.options, "
     "r.remedy, r.text FROM event e JOIN ruling r ON r.event_id = e.id "
     "WHERE e.sitting_id = ?1 ORDER BY e.seq, r.pos, r.id",
     "SELECT r.id, r.event_id, r.pos, r.law, r.offender, r.elector, "
     "r.options, r.remedy, r.text FROM ruling r "
     "ORDER BY r.event_id, r.pos, r.id"},
    {"score_mark", 2, "event_id, pos, game_id, points_a, points_b, reason",
     "SELECT m.id, e.seq, m.pos, " GAME_NO("m.game_id", "e.sitting_id") ", "
     "m.points_a, m.points_b, m.reason FROM event e JOIN score_mark m "
     "ON m.event_id = e.id WHERE e.sitting_id = ?1 "
     "ORDER BY e.seq, m.pos, m.id",
     "SELECT m.id, m.event_id, m.pos, " GAME_NO("m.game_id", "?1") ", "
     "m.points_a, m.points_b, m.reason FROM score_mark m "
     "ORDER BY m.event_id, m.pos, m.id"},
    {"sitting_mark", 2, "event_id, pos, kind, text",
     "SELECT m.id, e.seq, m.pos, m.kind, m.text FROM event e "
     "JOIN sitting_mark m ON m.event_id = e.id WHERE e.sitting_id = ?1 "
     "ORDER BY e.seq, m.pos, m.id",
     "SELECT m.id, m.event_id, m.pos, m.kind, m.text FROM sitting_mark m "
     "ORDER BY m.event_id, m.pos, m.id"},
    {"settlement", 2, "event_id, pos, sitting_id, game_id, reason, text",
     "SELECT s.id, e.seq, s.pos, s.sitting_id, "
     GAME_NO("s.game_id", "e.sitting_id") ", s.reason, s.text "
     "FROM event e JOIN settlement s ON s.event_id = e.id "
     "WHERE e.sitting_id = ?1 ORDER BY e.seq, s.pos, s.id",
     "SELECT s.id, s.event_id, s.pos, ?2, " GAME_NO("s.game_id", "?1") ", "
     "s.reason, s.text FROM settlement s ORDER BY s.event_id, s.pos, s.id"},
    {"transfer", 2, "settlement_id (event), settlement_id (pos), person, "
                    "amount",
     "SELECT t.id, e.seq, s.pos, t.person, t.amount FROM event e "
     "JOIN settlement s ON s.event_id = e.id JOIN transfer t "
     "ON t.settlement_id = s.id WHERE e.sitting_id = ?1 "
     "ORDER BY e.seq, s.pos, t.id",
     "SELECT t.id, s.event_id, s.pos, t.person, t.amount FROM settlement s "
     "JOIN transfer t ON t.settlement_id = s.id "
     "ORDER BY s.event_id, s.pos, t.id"},
    {"person", 1, "event_id, code, name",
     "SELECT p.id, " EVENT_SEQ("p.event_id", "p.sitting_id") ", p.code, "
     "p.name FROM person p WHERE p.sitting_id = ?1 ORDER BY 2, p.id",
     "SELECT p.id, coalesce(p.event_id, 0), p.code, p.name FROM person p "
     "WHERE p.sitting_id = ?1 ORDER BY 2, p.id"},
    {"seating", 1, "event_id, game_id, seat, person, role",
     "SELECT s.id, " EVENT_SEQ("s.event_id", "s.sitting_id") ", "
     GAME_NO("s.game_id", "s.sitting_id") ", s.seat, s.person, s.role "
     "FROM seating s WHERE s.sitting_id = ?1 ORDER BY 2, s.id",
     "SELECT s.id, coalesce(s.event_id, 0), "
     GAME_NO("s.game_id", "s.sitting_id") ", s.seat, s.person, s.role "
     "FROM seating s WHERE s.sitting_id = ?1 ORDER BY 2, s.id"},
    {"stake", 1, "event_id, game_id, person, kind, amount",
     "SELECT s.id, " EVENT_SEQ("s.event_id", "s.sitting_id") ", "
     GAME_NO("s.game_id", "s.sitting_id") ", s.person, s.kind, s.amount "
     "FROM stake s WHERE s.sitting_id = ?1 ORDER BY 2, s.id",
     "SELECT s.id, coalesce(s.event_id, 0), "
     GAME_NO("s.game_id", "s.sitting_id") ", s.person, s.kind, s.amount "
     "FROM stake s WHERE s.sitting_id = ?1 ORDER BY 2, s.id"},
    {"bet", 1, "event_id, game_id, bettor, seat, amount, odds_p, odds_q, "
               "coverer",
     "SELECT b.id, " EVENT_SEQ("b.event_id", "b.sitting_id") ", "
     GAME_NO("b.game_id", "b.sitting_id") ", b.bettor, b.seat, b.amount, "
     "b.odds_p, b.odds_q, b.coverer FROM bet b WHERE b.sitting_id = ?1 "
     "ORDER BY 2, b.id",
     "SELECT b.id, coalesce(b.event_id, 0), "
     GAME_NO("b.game_id", "b.sitting_id") ", b.bettor, b.seat, b.amount, "
     "b.odds_p, b.odds_q, b.coverer FROM bet b WHERE b.sitting_id = ?1 "
     "ORDER BY 2, b.id"},
};

#define N_DERIVED (sizeof(derived) / sizeof(derived[0]))
#define KEYS_MAX 3              /* key columns and the ordinal */
#define SUMMARY_MAX 900

/* ------------------------------------------------------------------ */
/* Saying what was found                                                */
/* ------------------------------------------------------------------ */

struct proof {
    ledger_finding_fn fn;
    void *ctx;
    int64_t findings;
    int stop;                   /* fn asked to stop */
};

/* say - one finding of kind on table's row (0: none), column (NULL: the
 * whole row), with the stored and the derived value (NULL: none). */
static void say(struct proof *p, const char *kind, const char *table,
                int64_t row, int64_t sitting, const char *column,
                const char *stored, const char *derived_as, const char *fmt,
                ...) __attribute__((format(printf, 9, 10)));

static void say(struct proof *p, const char *kind, const char *table,
                int64_t row, int64_t sitting, const char *column,
                const char *stored, const char *derived_as, const char *fmt,
                ...)
{
    struct ledger_finding f;
    char msg[1400];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    memset(&f, 0, sizeof(f));
    f.kind = kind;
    f.table = table;
    f.row = row;
    f.sitting = sitting;
    f.column = column;
    f.stored = stored;
    f.derived = derived_as;
    f.message = msg;
    p->findings++;
    if (p->fn != NULL && !p->stop) {
        p->stop = p->fn(p->ctx, &f);
    }
}

/* ------------------------------------------------------------------ */
/* Comparing a sitting's derived rows                                   */
/* ------------------------------------------------------------------ */

/* One side of a comparison: a stepping query and the key of its row. */
struct side {
    sqlite3_stmt *st;
    int step;                   /* SQLITE_ROW while it has a row */
    int64_t key[KEYS_MAX];      /* the key columns, then the ordinal */
    int64_t last_id;            /* stored side: the id before */
};

/* side_step - the next row of s, its key and the ordinal among rows of
 * the same key columns. */
static void side_step(struct side *s, int n_key)
{
    int64_t before[KEYS_MAX];

    memcpy(before, s->key, sizeof(before));
    s->step = sqlite3_step(s->st);
    if (s->step != SQLITE_ROW) {
        return;
    }
    for (int k = 0; k < n_key; k++) {
        s->key[k] = sqlite3_column_int64(s->st, 1 + k);
    }
    s->key[n_key] = memcmp(before, s->key, sizeof(int64_t) * (size_t)n_key)
                            == 0
                        ? before[n_key] + 1
                        : 0;
}

/* key_cmp - the order of the two sides' rows (a side without a row comes
 * last). */
static int key_cmp(const struct side *a, const struct side *b, int n_key)
{
    if (a->step != SQLITE_ROW || b->step != SQLITE_ROW) {
        return (a->step != SQLITE_ROW) - (b->step != SQLITE_ROW);
    }
    for (int k = 0; k <= n_key; k++) {
        if (a->key[k] != b->key[k]) {
            return a->key[k] < b->key[k] ? -1 : 1;
        }
    }
    return 0;
}

/* column_name - the name of key or value column k (0-based after the id)
 * of table t, into buf. */
static const char *column_name(const struct derived_table *t, int k,
                               char *buf, size_t n)
{
    const char *p = t->columns;

    for (int i = 0; i < k && p != NULL; i++) {
        p = strchr(p, ',');
        if (p != NULL) {
            p += 2;
        }
    }
    if (p == NULL) {
        snprintf(buf, n, "column %d", k + 2);
    } else {
        snprintf(buf, n, "%.*s", (int)strcspn(p, ","), p);
    }
    return buf;
}

/* value_text - column i of st as text ("NULL" for NULL, quoted text),
 * into buf. */
static const char *value_text(sqlite3_stmt *st, int i, char *buf, size_t n)
{
    switch (sqlite3_column_type(st, i)) {
    case SQLITE_NULL:
        snprintf(buf, n, "NULL");
        break;
    case SQLITE_INTEGER:
        snprintf(buf, n, "%lld", (long long)sqlite3_column_int64(st, i));
        break;
    default:
        snprintf(buf, n, "\"%s\"", ledger__col_text(st, i));
        break;
    }
    return buf;
}

/* summary - the row of st (its keys and values, named) in words. */
static const char *summary(const struct derived_table *t, sqlite3_stmt *st,
                           char *buf, size_t n)
{
    int cols = sqlite3_column_count(st);
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 1; i < cols && used + 1 < n; i++) {
        char name[48];
        char v[400];

        used += (size_t)snprintf(buf + used, n - used, "%s%s %s",
                                 i > 1 ? ", " : "",
                                 column_name(t, i - 1, name, sizeof(name)),
                                 value_text(st, i, v, sizeof(v)));
    }
    return buf;
}

/* same_value - do the two columns hold the same value (type and text)? */
static bool same_value(sqlite3_stmt *a, int i, sqlite3_stmt *b)
{
    int ta = sqlite3_column_type(a, i);
    int tb = sqlite3_column_type(b, i);

    if (ta != tb) {
        return false;
    }
    if (ta == SQLITE_NULL) {
        return true;
    }
    if (ta == SQLITE_INTEGER) {
        return sqlite3_column_int64(a, i) == sqlite3_column_int64(b, i);
    }
    return strcmp(ledger__col_text(a, i), ledger__col_text(b, i)) == 0;
}

/* where_words - "sitting S, event seq N, pos P" for the key of a row. */
static const char *where_words(const struct derived_table *t,
                               const struct side *s, int64_t sitting,
                               char *buf, size_t n)
{
    char name[48];
    size_t used = (size_t)snprintf(buf, n, "sitting %" PRId64, sitting);

    for (int k = 0; k < t->n_key && used < n; k++) {
        column_name(t, k, name, sizeof(name));
        used += (size_t)snprintf(buf + used, n - used, ", %s %" PRId64,
                                 strcmp(name, "event_id") == 0 ? "event seq"
                                                               : name,
                                 s->key[k]);
    }
    if (s->key[t->n_key] > 0 && used < n) {
        snprintf(buf + used, n - used, ", row %" PRId64 " of that key",
                 s->key[t->n_key] + 1);
    }
    return buf;
}

/* compare_rows - the stored row and the derived row of one key: each
 * value column, and the stored id after the one before. */
static void compare_rows(struct proof *p, const struct derived_table *t,
                         struct side *st, struct side *dr, int64_t sitting)
{
    int cols = sqlite3_column_count(st->st);
    int64_t id = sqlite3_column_int64(st->st, 0);
    char where[200];

    where_words(t, st, sitting, where, sizeof(where));
    if (id <= st->last_id) {
        say(p, "derived", t->name, id, sitting, "id", NULL, NULL,
            "%s %" PRId64 " (%s): out of the order in which ecarte wrote the "
            "rows (after %s %" PRId64 "): renumbered",
            t->name, id, where, t->name, st->last_id);
    }
    st->last_id = id;
    for (int i = 1 + t->n_key; i < cols && !p->stop; i++) {
        char name[48];
        char a[400];
        char b[400];

        if (same_value(st->st, i, dr->st)) {
            continue;
        }
        column_name(t, i - 1, name, sizeof(name));
        value_text(st->st, i, a, sizeof(a));
        value_text(dr->st, i, b, sizeof(b));
        say(p, "derived", t->name, id, sitting, name,
            sqlite3_column_type(st->st, i) == SQLITE_NULL
                ? NULL
                : ledger__col_text(st->st, i),
            sqlite3_column_type(dr->st, i) == SQLITE_NULL
                ? NULL
                : ledger__col_text(dr->st, i),
            "%s %" PRId64 " (%s): column %s is %s, the recorded actions "
            "give %s",
            t->name, id, where, name, a, b);
    }
}

/* compare_table - table t of sitting in stored against dsitting in the
 * scratch ledger.  Returns 0 or a negative code (on stored). */
static int compare_table(struct proof *p, const struct derived_table *t,
                         struct ledger *stored, int64_t sitting,
                         struct ledger *scratch, int64_t dsitting)
{
    struct side st = {0};
    struct side dr = {0};
    char where[200];
    char *sum = malloc(SUMMARY_MAX);
    int rc = 0;

    if (sum == NULL) {
        return ledger__failf(stored, LEDGER_E_ERROR, "out of memory");
    }
    if (sqlite3_prepare_v2(stored->db, t->stored, -1, &st.st, NULL) !=
        SQLITE_OK) {
        rc = ledger__fail(stored, sqlite3_errcode(stored->db),
                          "read the rows to prove");
        goto out;
    }
    if (sqlite3_prepare_v2(scratch->db, t->scratch, -1, &dr.st, NULL) !=
        SQLITE_OK) {
        rc = ledger__failf(stored, LEDGER_E_ERROR, "read the rows derived: %s",
                           sqlite3_errmsg(scratch->db));
        goto out;
    }
    sqlite3_bind_int64(st.st, 1, sitting);
    sqlite3_bind_int64(st.st, 2, sitting);
    sqlite3_bind_int64(dr.st, 1, dsitting);
    sqlite3_bind_int64(dr.st, 2, sitting);
    side_step(&st, t->n_key);
    side_step(&dr, t->n_key);
    while ((st.step == SQLITE_ROW || dr.step == SQLITE_ROW) && !p->stop) {
        int c = key_cmp(&st, &dr, t->n_key);

        if (c < 0) {
            int64_t id = sqlite3_column_int64(st.st, 0);

            say(p, "derived", t->name, id, sitting, NULL,
                summary(t, st.st, sum, SUMMARY_MAX), NULL,
                "%s %" PRId64 " (%s): not given by the recorded actions "
                "(inserted, or its key changed): %s",
                t->name, id, where_words(t, &st, sitting, where,
                                         sizeof(where)),
                sum);
            side_step(&st, t->n_key);
        } else if (c > 0) {
            say(p, "derived", t->name, 0, sitting, NULL, NULL,
                summary(t, dr.st, sum, SUMMARY_MAX),
                "%s (%s): the recorded actions give a row the ledger does "
                "not hold (deleted, or its key changed): %s",
                t->name, where_words(t, &dr, sitting, where, sizeof(where)),
                sum);
            side_step(&dr, t->n_key);
        } else {
            compare_rows(p, t, &st, &dr, sitting);
            side_step(&st, t->n_key);
            side_step(&dr, t->n_key);
        }
    }
    if (!p->stop && st.step != SQLITE_DONE) {
        rc = ledger__fail(stored, st.step, "read the rows to prove");
    } else if (!p->stop && dr.step != SQLITE_DONE) {
        rc = ledger__failf(stored, LEDGER_E_ERROR, "read the rows derived: %s",
                           sqlite3_errmsg(scratch->db));
    }
out:
    sqlite3_finalize(st.st);
    sqlite3_finalize(dr.st);
    free(sum);
    return rc;
}

int64_t ledger_derived_compare(struct ledger *stored, int64_t sitting,
                               struct ledger *scratch, int64_t dsitting,
                               ledger_finding_fn fn, void *ctx)
{
    struct proof p = { .fn = fn, .ctx = ctx };
    /* before version 3, no table of the sitting above the seats */
    size_t n = stored->version >= 3 ? N_DERIVED : 4;

    for (size_t i = 0; i < n && !p.stop; i++) {
        int rc = compare_table(&p, &derived[i], stored, sitting, scratch,
                               dsitting);

        if (rc != 0) {
            return rc;
        }
    }
    return p.findings;
}

/* ------------------------------------------------------------------ */
/* The whole ledger: ids and references                                 */
/* ------------------------------------------------------------------ */

/* int_query - the integers of the one row sql gives, into out[0..n-1].
 * Returns 0 or a negative code. */
static int int_query(struct ledger *l, const char *sql, int64_t *out, int n)
{
    sqlite3_stmt *st = NULL;
    int rc = 0;

    if (sqlite3_prepare_v2(l->db, sql, -1, &st, NULL) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "check the rows");
    }
    if (sqlite3_step(st) == SQLITE_ROW) {
        for (int i = 0; i < n; i++) {
            out[i] = sqlite3_column_int64(st, i);
        }
    } else {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "check the rows");
    }
    sqlite3_finalize(st);
    return rc;
}

/* dense - the ids of table run 1, 2, 3, ... with no gap; the first id
 * missing (or out of place) said.  Returns 0 or a negative code. */
static int dense(struct proof *p, struct ledger *l, const char *table)
{
    char sql[400];
    int64_t v[3] = {0, 0, 0};
    int64_t gap[1] = {0};
    int rc;

    snprintf(sql, sizeof(sql), "SELECT count(*), coalesce(max(id), 0), "
             "coalesce(min(id), 1) FROM %s", table);
    rc = int_query(l, sql, v, 3);
    if (rc != 0 || (v[0] == v[1] && v[2] == 1)) {
        return rc;
    }
    snprintf(sql, sizeof(sql),
             "SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM %s WHERE id = 1) "
             "THEN 1 ELSE (SELECT min(a.id) + 1 FROM %s a WHERE a.id > 0 "
             "AND NOT EXISTS (SELECT 1 FROM %s b WHERE b.id = a.id + 1)) END",
             table, table, table);
    rc = int_query(l, sql, gap, 1);
    if (rc != 0) {
        return rc;
    }
    if (v[2] < 1) {
        say(p, "structure", table, v[2], 0, "id", NULL, NULL,
            "%s %" PRId64 ": an id ecarte never gives (renumbered)", table,
            v[2]);
    } else {
        say(p, "structure", table, gap[0], 0, "id", NULL, NULL,
            "%s: %" PRId64 " rows but ids up to %" PRId64 ": no %s %" PRId64
            " (ecarte never deletes a row: a row was deleted or renumbered)",
            table, v[0], v[1], table, gap[0]);
    }
    return 0;
}

/* references - every reference of every table points to a row (SQLite's
 * foreign key check, whatever the connection's setting).  Returns 0 or a
 * negative code. */
static int references(struct proof *p, struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    int src = 0;

    if (sqlite3_prepare_v2(l->db, "PRAGMA foreign_key_check", -1, &st, NULL) !=
        SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "check the references");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW && !p->stop) {
        const char *table = ledger__col_text(st, 0);
        int64_t row = sqlite3_column_int64(st, 1);
        const char *parent = ledger__col_text(st, 2);

        say(p, "structure", table, row, 0, NULL, NULL, NULL,
            "%s %" PRId64 ": refers to a %s that does not exist (deleted, or "
            "the reference changed)", table, row, parent);
    }
    sqlite3_finalize(st);
    return 0;
}

int64_t ledger_structure_check(struct ledger *l, ledger_finding_fn fn,
                               void *ctx)
{
    static const char *const tables[] = {
        "game", "deal", "ruling", "score_mark", "person", "seating", "stake",
        "bet", "settlement", "transfer", "sitting_mark",
    };
    struct proof p = { .fn = fn, .ctx = ctx };
    size_t n = l->version >= 3 ? sizeof(tables) / sizeof(tables[0]) : 4;
    int rc = 0;

    for (size_t i = 0; i < n && rc == 0 && !p.stop; i++) {
        rc = dense(&p, l, tables[i]);
    }
    if (rc == 0 && !p.stop) {
        rc = references(&p, l);
    }
    if (rc == 0 && !p.stop) {
        int64_t n_shape = ledger__shape_check(l, fn, ctx, &p.stop);

        if (n_shape < 0) {
            rc = (int)n_shape;
        } else {
            p.findings += n_shape;
        }
    }
    return rc != 0 ? rc : p.findings;
}
