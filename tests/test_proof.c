/* SPDX-License-Identifier: MIT */
/* test_proof.c - every stored row proven, tried as an attacker would: a
 * ledger holding duels with irregularities, a Polish sitting, a chouette,
 * a pool and a gallery imported (one deal quarantined, claims kept), and
 * a sitting recorded with a strike; then, one at a time on a copy, one
 * value changed in each column of each table, one row of each table
 * deleted and one duplicated.  `ecarte verify` must find every change
 * (exit 1) and name the table and the row; `ecarte audit` too; readers
 * refuse the figures and writers refuse to build on it. */
#include "ledger/ledger.h"
#include "tests/harness.h"

#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The ledger made once for the group, and a copy per change. */
static char dir[256];
static char base[300];
static char copy[300];

/* sh_ok - a shell command that must succeed. */
#define SH_OK(...) assert_int_equal(harness_sh(__VA_ARGS__), 0)

/* exec_sql - statements on the file at path; returns SQLite's code (the
 * message into err, n bytes). */
static int exec_sql(const char *path, const char *text, char *err, size_t n)
{
    sqlite3 *h = NULL;
    char *msg = NULL;
    int rc;

    if (sqlite3_open(path, &h) != SQLITE_OK) {
        snprintf(err, n, "cannot open %s", path);
        sqlite3_close(h);
        return SQLITE_ERROR;
    }
    rc = sqlite3_exec(h, text, NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        snprintf(err, n, "%s", msg != NULL ? msg : "?");
    } else if (sqlite3_total_changes(h) == 0 &&
               strstr(text, "PRAGMA wal_checkpoint") == NULL) {
        snprintf(err, n, "no row changed");
        rc = SQLITE_NOTFOUND;
    }
    sqlite3_free(msg);
    sqlite3_close(h);
    return rc;
}

/* one_int - the integer the query gives on the file at path (-1: none). */
static long long one_int(const char *path, const char *text)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long long n = -1;

    if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(h, text, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW &&
        sqlite3_column_type(st, 0) != SQLITE_NULL) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* make_ledger - the group's ledger: every format, irregularities, a
 * quarantined deal, a strike. */
static int make_ledger(void **state)
{
    static char e[4096];
    char err[200];

    (void)state;
    if (harness_ecarte()[0] == '/') {
        snprintf(e, sizeof(e), "%s", harness_ecarte());
    } else {
        char cwd[2048];

        if (getcwd(cwd, sizeof(cwd)) == NULL) {
            return -1;
        }
        snprintf(e, sizeof(e), "%s/%s", cwd, harness_ecarte());
    }
    snprintf(dir, sizeof(dir), "/tmp/ecarte-proof-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        return -1;
    }
    snprintf(base, sizeof(base), "%s/base.db", dir);
    snprintf(copy, sizeof(copy), "%s/copy.db", dir);
    if (harness_sh("cd '%s' && %s gen --deals 14 --seed 5 --irregularities "
                   "0.5 > duel.ecarte && %s gen --deals 8 --seed 2 "
                   "--irregularities 0.4 --laws polish > polish.ecarte && "
                   "%s gen --deals 8 --seed 3 --irregularities 0.4 --format "
                   "chouette > chouette.ecarte && %s gen --deals 8 --seed 4 "
                   "--irregularities 0.4 --format pool > pool.ecarte && %s "
                   "gen --deals 8 --seed 6 --irregularities 0.4 --format "
                   "gallery > gallery.ecarte && %s gen --deals 6 --seed 8 > "
                   "clean.ecarte",
                   dir, e, e, e, e, e, e) != 0) {
        return -1;
    }
    /* a line that does not read in deals 2 and 4: both quarantined */
    if (harness_sh("cd '%s' && awk '/^deal /{d++; x=0} (d==2 || d==4) && /plays/ "
                   "&& !x {print \"A plays ZZ\"; x=1; next} {print}' "
                   "clean.ecarte "
                   "> broken.ecarte",
                   dir) != 0) {
        return -1;
    }
    if (harness_sh("cd '%s' && %s import --db base.db duel.ecarte "
                   "polish.ecarte chouette.ecarte pool.ecarte gallery.ecarte "
                   "broken.ecarte > /dev/null 2>&1; test $? -le 1",
                   dir, e) != 0 ||
        harness_sh("%s record --db '%s' '%s' > /dev/null 2>&1", e, base,
                   harness_example("../tests/cases/"
                                   "strike_deal_line_and_ruling.ecarte")) !=
            0 ||
        /* two sittings merged from another ledger (one with a deal
         * quarantined): provenance; the club's member decisions */
        harness_sh("cd '%s' && %s gen --deals 5 --seed 21 --format chouette "
                   "> c21.ecarte && awk '/^deal /{d++; x=0} d==2 && /plays/ "
                   "&& !x {print \"A plays ZZ\"; x=1; next} {print}' "
                   "c21.ecarte > c21b.ecarte && %s gen --deals 4 --seed 22 "
                   "> d22.ecarte && (%s import --db src.db c21b.ecarte "
                   "d22.ecarte > /dev/null 2>&1; test $? -le 1) && "
                   "%s merge --db base.db src.db > /dev/null && "
                   "%s members --db base.db --join 'Ann Ash' --as "
                   "'Ann Ashworth' > /dev/null && %s members --db base.db "
                   "--join 'Bob Blount' --as 'Robert Blount' > /dev/null && "
                   "%s members --db base.db --apart 1:A --as 'Arthur Ames' "
                   "> /dev/null && %s members --db base.db --apart 8:cy --as "
                   "'Cy Cray (Bath)' > /dev/null",
                   dir, e, e, e, e, e, e, e, e) != 0 ||
        exec_sql(base, "PRAGMA wal_checkpoint(TRUNCATE)", err, sizeof(err)) !=
            SQLITE_OK) {
        return -1;
    }
    return 0;
}

static int remove_ledger(void **state)
{
    (void)state;
    return harness_sh("rm -rf '%s'", dir);
}

/* ------------------------------------------------------------------ */
/* The ledger as made                                                   */
/* ------------------------------------------------------------------ */

/* The ledger made holds what the matrix needs, and it verifies. */
static void proof__the_ledger_holds_every_kind_of_row(void **state)
{
    static const char *const tables[] = {
        "sitting", "tag", "game", "deal", "event", "ruling", "score_mark",
        "import_file", "quarantine", "claim", "person", "seating", "stake",
        "bet", "settlement", "transfer", "sitting_mark", "seal",
        "member_join", "member_apart", "provenance",
    };
    char out[8192];

    (void)state;
    for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
        char q[100];

        snprintf(q, sizeof(q), "SELECT count(*) FROM %s", tables[i]);
        if (one_int(base, q) < 2) {
            fail_msg("the ledger has fewer than 2 rows of %s", tables[i]);
        }
    }
    assert_true(one_int(base, "SELECT count(*) FROM event WHERE text LIKE "
                              "'%strike%'") >= 1);
    assert_int_equal(one_int(base, "SELECT count(*) FROM ledger_info"), 1);
    assert_int_equal(one_int(base, "SELECT count(*) FROM quarantine WHERE "
                                   "sitting_id = 8"), 1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), base),
                     0);
    assert_non_null(strstr(out, "every row proven"));
    assert_non_null(strstr(out, "9 sittings re-derived"));
    /* the audit finds the deals quarantined, and nothing tampered */
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s' "
                                     "| grep -c TAMPERED",
                                     harness_ecarte(), base),
                     1);
    assert_string_equal(out, "0\n");
}

/* ------------------------------------------------------------------ */
/* The matrix                                                           */
/* ------------------------------------------------------------------ */

/* A change tried: what it was and how it went. */
struct change {
    char what[1700];
    long long row;
};

/* fresh_copy - the ledger copied for one change. */
static void fresh_copy(void)
{
    SH_OK("cp '%s' '%s' && rm -f '%s-wal' '%s-shm'", base, copy, copy, copy);
}

/* old_copy - in place of the copy, a ledger 1.1.0 made (tests/v6/club.db:
 * schema version 6, every event's hash whole), to be made older still:
 * the events of a file older than version 8 keep their hashes whole. */
static void old_copy(void)
{
    char src[1024];

    harness_path("tests/v6/club.db.gz", src, sizeof(src));
    SH_OK("rm -f '%s-wal' '%s-shm' && gzip -dc '%s' > '%s'", copy, copy, src,
          copy);
}

/*
 * change_value - change column col of row id of table in the copy to a
 * value it does not hold, as an attacker would: another value the
 * column holds elsewhere, else one more or one less (or a hundred more:
 * a game's number taken in its sitting), else the other
 * seat, else a letter added.  Returns 0 if a change was made (described
 * in c), -1 if no value the table's constraints allow would do.
 */
static int change_value(const char *table, const char *col, long long id,
                        struct change *c)
{
    char sql[1200];
    char err[300];
    const char *forms[] = {
        "(SELECT %s FROM %s WHERE %s IS NOT (SELECT %s FROM %s WHERE id = "
        "%lld) AND %s IS NOT NULL LIMIT 1)",
        "%s + 1", "%s - 1", "%s + 100", "1 - %s",
        "CASE %s WHEN 'A' THEN 'B' ELSE 'A' END", "%s || 'x'", "1", "'A'",
    };

    for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
        char value[300];

        if (i == 0) {
            snprintf(value, sizeof(value), forms[0], col, table, col, col,
                     table, id, col);
        } else {
            snprintf(value, sizeof(value), forms[i], col);
        }
        snprintf(sql, sizeof(sql),
                 "PRAGMA foreign_keys = OFF; UPDATE %s SET %s = %s WHERE id "
                 "= %lld AND %s IS NOT %s",
                 table, col, value, id, col, value);
        fresh_copy();
        if (exec_sql(copy, sql, err, sizeof(err)) == SQLITE_OK) {
            snprintf(c->what, sizeof(c->what), "%s", sql);
            c->row = id;
            return 0;
        }
    }
    return -1;
}

/* caught - `ecarte verify` on the copy exits 1 and names table (and for
 * an edited value the row); `ecarte audit` finds it too. */
static void caught(const char *table, const struct change *c, bool row_named)
{
    char *out = malloc(200000);
    char want[120];

    assert_non_null(out);
    if (harness_capture(out, 200000, "%s verify --db '%s' 2>&1",
                        harness_ecarte(), copy) != 1) {
        fail_msg("not caught by verify: %s\n%s", c->what, out);
    }
    if (strstr(out, "DOES NOT VERIFY") == NULL) {
        fail_msg("no verdict after: %s\n%s", c->what, out);
    }
    if (strcmp(table, "event") == 0) {
        snprintf(want, sizeof(want), "TAMPERED: first bad event");
    } else if (strcmp(table, "chain") == 0) {
        snprintf(want, sizeof(want), "the chain row");
    } else if (row_named) {
        snprintf(want, sizeof(want), "%s %lld", table, c->row);
    } else {
        snprintf(want, sizeof(want), "%s", table);
    }
    if (strstr(out, want) == NULL) {
        fail_msg("verify did not name \"%s\" after: %s\n%s", want, c->what,
                 out);
    }
    if (harness_capture(out, 200000, "%s audit --db '%s' 2>&1",
                        harness_ecarte(), copy) != 1 ||
        strstr(out, "TAMPERED") == NULL) {
        fail_msg("not caught by audit: %s\n%.2000s", c->what, out);
    }
    free(out);
}

/* columns_of - the columns of table in the base ledger, comma-separated
 * into buf. */
static void columns_of(const char *table, char *buf, size_t n)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char q[200];
    size_t used = 0;

    buf[0] = '\0';
    snprintf(q, sizeof(q), "SELECT name FROM pragma_table_info('%s')", table);
    assert_int_equal(sqlite3_open_v2(base, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, q, -1, &st, NULL), SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW && used + 40 < n) {
        used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                 used > 0 ? "," : "",
                                 (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
}

/* every_table - call fn for every table of the ledger. */
static void every_table(void (*fn)(const char *table, int *tried),
                        int *tried)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char names[40][40];
    int n = 0;

    assert_int_equal(sqlite3_open_v2(base, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT name FROM sqlite_schema "
                                           "WHERE type = 'table' AND name "
                                           "NOT LIKE 'sqlite_%' ORDER BY "
                                           "name",
                                        -1, &st, NULL),
                     SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW && n < 40) {
        snprintf(names[n++], sizeof(names[0]), "%s",
                 (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    assert_int_equal(n, 25);
    for (int i = 0; i < n; i++) {
        fn(names[i], tried);
    }
}

/* a_row - the id of a row in the middle of table. */
static long long a_row(const char *table)
{
    char q[200];

    snprintf(q, sizeof(q), "SELECT id FROM %s ORDER BY id LIMIT 1 OFFSET "
             "(SELECT count(*) / 2 FROM %s)", table, table);
    return one_int(base, q);
}

/* each_column - one value changed in each column of table. */
static void each_column(const char *table, int *tried)
{
    char cols[600];
    char *save = NULL;
    long long id = a_row(table);

    columns_of(table, cols, sizeof(cols));
    for (char *col = strtok_r(cols, ",", &save); col != NULL;
         col = strtok_r(NULL, ",", &save)) {
        struct change c;
        bool is_id = strcmp(col, "id") == 0;

        if (change_value(table, col, id, &c) != 0) {
            if ((strcmp(table, "chain") == 0 ||
                 strcmp(table, "ledger_info") == 0) && is_id) {
                continue;       /* CHECK (id = 1): no other value stands */
            }
            fail_msg("no change of %s.%s was possible", table, col);
        }
        /* the row is named unless its id itself moved (the table then) */
        caught(table, &c, !is_id);
        (*tried)++;
    }
}

/* Each column of each table changed, one at a time: every change caught
 * by verify and audit, the row named. */
static void proof__every_column_of_every_table_changed_is_caught(
    void **state)
{
    int tried = 0;

    (void)state;
    every_table(each_column, &tried);
    assert_true(tried >= 120);
}

/* delete_one - one row of table deleted. */
static void delete_one(const char *table, int *tried)
{
    struct change c;
    char sql[300];
    char err[300];

    c.row = a_row(table);
    snprintf(sql, sizeof(sql), "PRAGMA foreign_keys = OFF; DELETE FROM %s "
             "WHERE id = %lld", table, c.row);
    snprintf(c.what, sizeof(c.what), "%s", sql);
    fresh_copy();
    if (exec_sql(copy, sql, err, sizeof(err)) != SQLITE_OK) {
        fail_msg("%s: %s", sql, err);
    }
    caught(table, &c, false);
    (*tried)++;
}

/* duplicate_one - one row of table inserted again under a new id (where
 * the table's UNIQUE constraints allow a copy: else with the unique
 * value changed as little as will do). */
static void duplicate_one(const char *table, int *tried)
{
    char cols[600];
    char rest[600];
    char sql[1600];
    char err[300];
    struct change c;
    const char *comma;

    if (strcmp(table, "chain") == 0 || strcmp(table, "ledger_info") == 0) {
        return;                 /* one row by its CHECK: nothing to copy */
    }
    columns_of(table, cols, sizeof(cols));
    comma = strchr(cols, ',');
    assert_non_null(comma);
    snprintf(rest, sizeof(rest), "%s", comma + 1);
    c.row = a_row(table);
    /* the copy takes the next id; a unique value taken is moved on */
    snprintf(sql, sizeof(sql),
             "PRAGMA foreign_keys = OFF; INSERT INTO %s (id, %s) SELECT "
             "(SELECT max(id) + 1 FROM %s), %s FROM %s WHERE id = %lld",
             table, rest, table, rest, table, c.row);
    fresh_copy();
    if (exec_sql(copy, sql, err, sizeof(err)) != SQLITE_OK) {
        const char *alter = strcmp(table, "game") == 0 ? "number"
                            : strcmp(table, "event") == 0 ? "seq"
                            : strcmp(table, "person") == 0 ? "code"
                            : strcmp(table, "import_file") == 0 ? "sha256"
                            : strcmp(table, "member_join") == 0 ? "spelling"
                            : strcmp(table, "member_apart") == 0 ? "who"
                            : strcmp(table, "provenance") == 0 ? "sitting_id"
                            : strcmp(table, "law") == 0 ? "code"
                                                                : NULL;
        char *p;

        if (alter == NULL) {
            fail_msg("%s: %s", sql, err);
        }
        /* SELECT ..., <alter> || ... : the unique column made new */
        snprintf(sql, sizeof(sql),
                 "PRAGMA foreign_keys = OFF; INSERT INTO %s (id, %s) SELECT "
                 "(SELECT max(id) + 1 FROM %s), ",
                 table, rest, table);
        p = sql + strlen(sql);
        for (char *save = NULL, *col = strtok_r(rest, ",", &save);
             col != NULL; col = strtok_r(NULL, ",", &save)) {
            p += snprintf(p, sizeof(sql) - (size_t)(p - sql), "%s%s",
                          strcmp(col, alter) == 0
                              ? (strcmp(col, "code") == 0 ||
                                 strcmp(col, "sha256") == 0 ||
                                 strcmp(col, "spelling") == 0 ||
                                 strcmp(col, "who") == 0
                                     ? "'x' || "
                                     : "1000 + ")
                              : "",
                          col);
            *p++ = ',';
        }
        p[-1] = ' ';
        snprintf(p, sizeof(sql) - (size_t)(p - sql), "FROM %s WHERE id = "
                 "%lld", table, c.row);
        fresh_copy();
        if (exec_sql(copy, sql, err, sizeof(err)) != SQLITE_OK) {
            fail_msg("%s: %s", sql, err);
        }
    }
    snprintf(c.what, sizeof(c.what), "%s", sql);
    c.row = 0;
    caught(table, &c, false);
    (*tried)++;
}

/* One row of each table deleted, one duplicated: every change caught. */
static void proof__a_row_deleted_or_duplicated_is_caught(void **state)
{
    int tried = 0;

    (void)state;
    every_table(delete_one, &tried);
    every_table(duplicate_one, &tried);
    assert_int_equal(tried, 25 + 23);
}

/* ------------------------------------------------------------------ */
/* What a finding says, and who refuses a forged ledger                 */
/* ------------------------------------------------------------------ */

/* A changed game winner: named with table, row, column, the stored and
 * the derived value, in text and in JSON. */
static void proof__a_finding_names_row_column_and_both_values(void **state)
{
    char out[8192];
    char err[300];
    long long id = one_int(base, "SELECT min(id) FROM game WHERE winner = "
                                 "'A'");

    (void)state;
    assert_true(id > 0);
    fresh_copy();
    {
        char sql[200];

        snprintf(sql, sizeof(sql), "UPDATE game SET winner = 'B' WHERE id = "
                 "%lld", id);
        assert_int_equal(exec_sql(copy, sql, err, sizeof(err)), SQLITE_OK);
    }
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), copy),
                     1);
    {
        char want[200];

        snprintf(want, sizeof(want), "TAMPERED: game %lld (sitting ", id);
        assert_non_null(strstr(out, want));
    }
    assert_non_null(strstr(out, "column winner is \"B\", the recorded "
                                "actions give \"A\""));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --json --db '%s'",
                                     harness_ecarte(), copy),
                     1);
    assert_non_null(strstr(out, "\"type\":\"proof_finding\""));
    assert_non_null(strstr(out, "\"table\":\"game\""));
    assert_non_null(strstr(out, "\"column\":\"winner\""));
    assert_non_null(strstr(out, "\"stored\":\"B\""));
    assert_non_null(strstr(out, "\"derived\":\"A\""));
    assert_non_null(strstr(out, "\"verified\":false"));
}

/* A forged ledger: score, export and report refuse its figures (exit 1),
 * record, import and table refuse to extend it (exit 2), the ledger left
 * as it was. */
static void proof__readers_and_writers_refuse_a_forged_ledger(void **state)
{
    const char *e = harness_ecarte();
    char out[8192];
    char err[300];
    long long before;

    (void)state;
    fresh_copy();
    assert_int_equal(exec_sql(copy, "UPDATE deal SET points_a = points_a + 1 "
                                    "WHERE id = 3",
                              err, sizeof(err)),
                     SQLITE_OK);
    before = one_int(copy, "SELECT count(*) FROM event");
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s' "
                                     "2>&1", e, copy),
                     1);
    assert_non_null(strstr(out, "does not verify: deal 3 "));
    assert_null(strstr(out, "game 1 to"));
    assert_int_equal(harness_sh("%s export --db '%s' --sitting 1 > /dev/null "
                                "2>&1", e, copy),
                     1);
    assert_int_equal(harness_sh("%s report --db '%s' --sitting 1 -o '%s/r."
                                "html' > /dev/null 2>&1", e, copy, dir),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s record --db '%s' "
                                     "'%s' 2>&1", e, copy,
                                     harness_example("hoffmann-refused."
                                                     "ecarte")),
                     2);
    assert_non_null(strstr(out, "nothing recorded"));
    assert_int_equal(harness_sh("%s import --db '%s' '%s' > /dev/null 2>&1",
                                e, copy,
                                harness_example("hoffmann-rule-hand.ecarte")),
                     2);
    assert_int_equal(harness_sh("%s table --db '%s' < /dev/null > /dev/null "
                                "2>&1", e, copy),
                     2);
    assert_int_equal(one_int(copy, "SELECT count(*) FROM event"), before);
    /* --unverified: the figures as stored, said to be unverified */
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s' "
                                     "--unverified 2>&1", e, copy),
                     0);
    assert_non_null(strstr(out, "NOT VERIFIED"));
    assert_non_null(strstr(out, "game 1 to"));
    assert_int_equal(harness_sh("%s report --db '%s' --sitting 1 --unverified "
                                "-o '%s/r.html' > /dev/null 2>&1 && grep -q "
                                "'<strong>NOT VERIFIED</strong>' '%s/r.html'",
                                e, copy, dir, dir),
                     0);
}

/* A sitting resumed by record after its ledger was proven extends it,
 * and the ledger still verifies (the proof is no obstacle to honest
 * writing); a ledger of schema version 3 is sealed when a writer opens
 * it, then proven. */
static void proof__honest_writing_goes_on_and_old_ledgers_are_sealed(
    void **state)
{
    const char *e = harness_ecarte();
    char err[300];

    (void)state;
    fresh_copy();
    SH_OK("%s record --db '%s' '%s' > /dev/null 2>&1", e, copy,
          harness_example("hoffmann-refused.ecarte"));
    SH_OK("%s verify --db '%s' > /dev/null", e, copy);
    /* a ledger of 1.1.0 made as version 3 had it: no seal */
    old_copy();
    assert_int_equal(
        exec_sql(copy,
                 "DROP TABLE provenance; DROP TABLE member_apart; DROP "
                 "TABLE member_join; DROP TABLE ledger_info; "
                 "DROP TABLE seal; CREATE TABLE chain_3 (id INTEGER PRIMARY "
                 "KEY CHECK (id = 1), head TEXT NOT NULL, n_events INTEGER "
                 "NOT NULL, last_id INTEGER NOT NULL) STRICT; INSERT INTO "
                 "chain_3 SELECT id, head, n_events, last_id FROM chain; "
                 "DROP TABLE chain; ALTER TABLE chain_3 RENAME TO chain; "
                 "PRAGMA user_version = 3",
                 err, sizeof(err)),
        SQLITE_OK);
    /* read only, it is not sealed: verify says so */
    assert_int_equal(harness_sh("%s verify --db '%s' | grep -q 'has no seal'",
                                e, copy),
                     0);
    SH_OK("%s record --db '%s' '%s' > /dev/null 2>&1", e, copy,
          harness_example("hoffmann-refused.ecarte"));
    assert_int_equal(one_int(copy, "PRAGMA user_version"),
                     LEDGER_SCHEMA_VERSION);
    SH_OK("%s verify --db '%s' > /dev/null", e, copy);
}

/* One byte changed at 24 offsets of the file (a fixed sequence): where
 * `verify` says the ledger is tampered with or damaged, `record` and
 * `import` refuse to append to it (exit 2) and `score` and `export` show
 * nothing as fact (exit 1 or 2); where it verifies, they go on. */
static void proof__a_byte_changed_anywhere_stops_writers_and_readers(
    void **state)
{
    const char *e = harness_ecarte();
    long long size = 0;
    unsigned long x = 12345;
    int caught_n = 0;

    (void)state;
    {
        FILE *fp = fopen(base, "rb");

        assert_non_null(fp);
        fseek(fp, 0, SEEK_END);
        size = ftell(fp);
        fclose(fp);
    }
    for (int i = 0; i < 24; i++) {
        long long off;
        int v;
        FILE *fp;

        x = x * 1103515245UL + 12345UL;
        off = (long long)((x >> 8) % (unsigned long)size);
        fresh_copy();
        fp = fopen(copy, "r+b");
        assert_non_null(fp);
        fseek(fp, (long)off, SEEK_SET);
        {
            int ch = fgetc(fp);

            fseek(fp, (long)off, SEEK_SET);
            fputc(ch == 0x5a ? 0x5b : 0x5a, fp);
        }
        fclose(fp);
        v = harness_sh("%s verify --db '%s' > /dev/null 2>&1", e, copy);
        if (v == 0) {
            continue;           /* a byte no row holds */
        }
        caught_n++;
        if (harness_sh("%s record --db '%s' '%s' > /dev/null 2>&1", e, copy,
                       harness_example("hoffmann-refused.ecarte")) != 2 ||
            harness_sh("%s import --db '%s' '%s' > /dev/null 2>&1", e, copy,
                       harness_example("hoffmann-rule-hand.ecarte")) != 2) {
            fail_msg("a writer built on a ledger that does not verify "
                     "(byte %lld changed)", off);
        }
        if (harness_sh("%s score --db '%s' > /dev/null 2>&1", e, copy) == 0 ||
            harness_sh("%s export --db '%s' --sitting 1 > /dev/null 2>&1", e,
                       copy) == 0) {
            fail_msg("a reader showed a ledger that does not verify (byte "
                     "%lld changed)", off);
        }
    }
    assert_true(caught_n >= 6);
}

/* verdict - `ecarte verify` on the copy exits 1 with a finding holding
 * needle (what was done, for the message). */
static void verdict(const char *what, const char *needle)
{
    char *out = malloc(200000);
    int rc;

    assert_non_null(out);
    rc = harness_capture(out, 200000, "%s verify --db '%s' 2>&1",
                         harness_ecarte(), copy);
    if (rc != 1 || strstr(out, "TAMPERED") == NULL ||
        strstr(out, needle) == NULL) {
        fail_msg("verify (exit %d) did not say \"%s\" after: %s\n%.3000s", rc,
                 needle, what, out);
    }
    free(out);
}

/* forge_try - the statements on a fresh copy, whatever they change;
 * SQLite's code (a constraint may refuse them). */
static int forge_try(const char *sql)
{
    sqlite3 *h = NULL;
    int rc;

    fresh_copy();
    assert_int_equal(sqlite3_open(copy, &h), SQLITE_OK);
    rc = sqlite3_exec(h, sql, NULL, NULL, NULL);
    if (rc == SQLITE_OK && sqlite3_total_changes(h) == 0 &&
        strncmp(sql, "UPDATE", 6) == 0) {
        rc = SQLITE_NOTFOUND;   /* no row held a value to forge */
    }
    sqlite3_close(h);
    return rc;
}

/* forge - the statements on a fresh copy (they must run). */
static void forge(const char *sql)
{
    if (forge_try(sql) != SQLITE_OK) {
        fail_msg("the forgery did not run: %s", sql);
    }
}

/* nul_in_each_text - a NUL byte appended to each text column of a row
 * of table: what follows a NUL is hidden from C, not from SQL. */
static void nul_in_each_text(const char *table, int *tried)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char cols[20][64];
    int n = 0;
    char q[300];
    long long id = a_row(table);

    snprintf(q, sizeof(q), "SELECT name FROM pragma_table_info('%s') WHERE "
             "upper(type) = 'TEXT'", table);
    assert_int_equal(sqlite3_open_v2(base, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, q, -1, &st, NULL), SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW && n < 20) {
        snprintf(cols[n++], sizeof(cols[0]), "%s",
                 (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    for (int i = 0; i < n; i++) {
        char sql[4096];
        char needle[200];

        snprintf(sql, sizeof(sql),
                 "UPDATE \"%s\" SET \"%s\" = \"%s\" || CAST(x'00' AS TEXT) || "
                 "'x' WHERE rowid = %lld AND \"%s\" IS NOT NULL", table,
                 cols[i], cols[i], id, cols[i]);
        if (forge_try(sql) != SQLITE_OK) {
            continue;           /* a CHECK keeps the value to its words */
        }
        if (strcmp(table, "chain") == 0) {
            snprintf(needle, sizeof(needle), "the chain row");
        } else {
            snprintf(needle, sizeof(needle), "NUL byte");
        }
        verdict(sql, needle);
        (*tried)++;
    }
}

/* A NUL byte put into any text of any table is caught: ecarte writes
 * none, and one would hide what follows it from the hash and from the
 * comparison while SQL still reads it (money moved in `score`). */
static void proof__a_nul_byte_in_any_text_is_caught(void **state)
{
    int tried = 0;

    (void)state;
    every_table(nul_in_each_text, &tried);
    assert_true(tried >= 40);
}

/* The schema is proven: a column, a table, a view or a trigger added, an
 * index dropped, STRICT or a CHECK taken away - each caught; the
 * trigger's next firing never happens, as writers refuse. */
static void proof__the_schema_is_proven(void **state)
{
    static const struct {
        const char *sql;
        const char *needle;
    } changes[] = {
        {"ALTER TABLE deal ADD COLUMN bonus INTEGER DEFAULT 7", "deal.bonus"},
        {"CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('f')",
         "notes"},
        {"CREATE VIEW v AS SELECT * FROM deal", "view v"},
        {"CREATE TRIGGER tr AFTER INSERT ON event BEGIN UPDATE transfer SET "
         "amount = amount + 1 WHERE id = 1; END", "trigger tr"},
        {"DROP INDEX transfer_by_settlement", "transfer_by_settlement"},
        {"PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = "
         "replace(sql, ') STRICT', ')') WHERE name = 'transfer'",
         "table transfer strict 0"},
        {"PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = "
         "replace(sql, 'CHECK (id = 1)', '') WHERE name = 'chain'",
         "checks"},
    };
    const char *e = harness_ecarte();

    (void)state;
    for (size_t i = 0; i < sizeof(changes) / sizeof(changes[0]); i++) {
        forge(changes[i].sql);
        verdict(changes[i].sql, changes[i].needle);
    }
    /* the trigger's ledger: no writer fires it */
    forge(changes[3].sql);
    assert_int_equal(harness_sh("%s record --db '%s' '%s' > /dev/null 2>&1", e,
                                copy, harness_example("hoffmann-refused."
                                                      "ecarte")),
                     2);
}

/* swap_across - the ids of the first two neighbouring rows of table that
 * belong to different sittings swapped (sitting_of: the SQL of a row's
 * sitting); the ledger no longer verifies. */
static bool swap_across(const char *table, const char *sitting_of)
{
    char q[600];
    char sql[600];
    long long a;

    snprintf(q, sizeof(q), "SELECT x.id FROM %s x JOIN %s y ON y.id = x.id + "
             "1 WHERE (SELECT %s FROM %s z WHERE z.id = x.id) != (SELECT %s "
             "FROM %s z WHERE z.id = y.id) ORDER BY x.id LIMIT 1", table,
             table, sitting_of, table, sitting_of, table);
    a = one_int(base, q);
    if (a <= 0) {
        return false;           /* one sitting only holds such rows */
    }
    snprintf(sql, sizeof(sql), "PRAGMA foreign_keys = OFF; UPDATE %s SET id "
             "= 999999 WHERE id = %lld; UPDATE %s SET id = %lld WHERE id = "
             "%lld; UPDATE %s SET id = %lld WHERE id = 999999", table, a,
             table, a, a + 1, table, a + 1);
    forge(sql);
    verdict(sql, table);
    return true;
}

/* Two rows of different sittings that trade their ids: each sitting's
 * rows still run in order, but the events and the order ecarte wrote in
 * do not agree any more: caught for every table written at an event. */
static void proof__ids_swapped_between_sittings_are_caught(void **state)
{
    static const char *const by_sitting[] = {
        "deal", "game", "person", "seating", "stake", "bet",
    };
    static const char *const by_event[] = {
        "ruling", "score_mark", "sitting_mark",
    };

    int swapped = 0;

    (void)state;
    for (size_t i = 0; i < sizeof(by_sitting) / sizeof(by_sitting[0]); i++) {
        swapped += swap_across(by_sitting[i], "z.sitting_id");
    }
    for (size_t i = 0; i < sizeof(by_event) / sizeof(by_event[0]); i++) {
        swapped += swap_across(by_event[i], "(SELECT e.sitting_id FROM event "
                                            "e WHERE e.id = z.event_id)");
    }
    swapped += swap_across("transfer", "(SELECT s.sitting_id FROM settlement "
                                       "s WHERE s.id = z.settlement_id)");
    assert_true(swapped >= 8);
}

/* What a value's form hides: a head with text after its 64 digits, a
 * line number beyond 32 bits, an index b-tree that disagrees with its
 * table (SQLite's integrity check): each caught. */
static void proof__forms_and_indexes_are_proven(void **state)
{
    const char *e = harness_ecarte();

    (void)state;
    forge("UPDATE chain SET head = head || ' and more'");
    verdict("head with a suffix", "the chain row");
    forge("UPDATE chain SET seal_head = seal_head || ' forged'");
    verdict("seal head with a suffix", "seal");
    forge("UPDATE event SET line = line + 4294967296 WHERE id = 1");
    verdict("line + 2^32", "is no line a log has");
    /* the tag index replaced by one in which a tag moved sitting */
    forge("PRAGMA wal_checkpoint(TRUNCATE); CREATE TABLE tx (id INTEGER "
          "PRIMARY KEY, sitting_id INTEGER NOT NULL, name TEXT NOT NULL, "
          "value TEXT NOT NULL) STRICT; INSERT INTO tx SELECT * FROM tag; "
          "UPDATE tx SET sitting_id = 2 WHERE id = 1; CREATE INDEX tx_i ON "
          "tx (sitting_id, id)");
    SH_OK("R1=$(sqlite3 '%s' \"SELECT rootpage FROM sqlite_schema WHERE "
          "name = 'tag_by_sitting'\") && R2=$(sqlite3 '%s' \"SELECT rootpage "
          "FROM sqlite_schema WHERE name = 'tx_i'\") && sqlite3 '%s' \"PRAGMA "
          "writable_schema = ON; UPDATE sqlite_schema SET rootpage = $R2 "
          "WHERE name = 'tag_by_sitting'; UPDATE sqlite_schema SET rootpage "
          "= $R1 WHERE name = 'tx_i';\" && sqlite3 '%s' 'DROP TABLE tx'",
          copy, copy, copy, copy);
    assert_int_equal(harness_sh("%s verify --db '%s' > /dev/null 2>&1", e,
                                copy),
                     1);
    assert_int_equal(harness_sh("%s record --db '%s' '%s' > /dev/null 2>&1", e,
                                copy, harness_example("hoffmann-refused."
                                                      "ecarte")),
                     2);
}

/* A version number taken back (4 to 3, the seal kept; 9 to 7, the
 * events' hashes cut short and the last one's whole kept) is named, and
 * no writer migrates it; taken back whole (the seal and the later tables
 * dropped too), the hashes still give it away to a writer, and a tag
 * then changed is caught by an export kept elsewhere (verify --log). */
static void proof__a_version_taken_back_is_caught(void **state)
{
    const char *e = harness_ecarte();
    char out[8192];
    char kept[400];

    (void)state;
    forge("PRAGMA user_version = 3");
    verdict("user_version 3", "version number was changed");
    forge("PRAGMA user_version = 4");
    verdict("user_version 4", "version number was changed");
    forge("PRAGMA user_version = 6");
    verdict("user_version 6", "version number was changed");
    forge("PRAGMA user_version = 7");
    verdict("user_version 7", "hash stored whole of version 9");
    forge("DROP VIEW balances; DROP VIEW irregularities; DROP VIEW "
          "rulings; DROP VIEW games; DROP VIEW deals; DROP TABLE law; "
          "DROP TABLE comment; PRAGMA user_version = 6");
    verdict("user_version 6, no table of version 7",
            "hash stored whole of version 9");
    assert_int_equal(harness_capture(out, sizeof(out), "%s record --db '%s' "
                                     "'%s' 2>&1", e, copy,
                                     harness_example("hoffmann-refused."
                                                     "ecarte")),
                     2);
    assert_non_null(strstr(out, "not migrated"));

    /* taken back whole (every table of versions 4 to 8 dropped, a tag
     * changed): the hashes cut short still give it away */
    forge("UPDATE tag SET value = 'Mr. Forger' WHERE id = (SELECT min(id) "
          "FROM tag WHERE sitting_id = 1); DROP VIEW balances; DROP VIEW "
          "irregularities; DROP VIEW rulings; DROP VIEW games; DROP VIEW "
          "deals; DROP TABLE law; DROP TABLE comment; DROP TABLE provenance; "
          "DROP TABLE member_apart; DROP TABLE member_join; DROP TABLE "
          "ledger_info; " CHAIN_EXACT " DROP TABLE seal; CREATE TABLE chain_3 (id INTEGER "
          "PRIMARY KEY CHECK (id = 1), head TEXT NOT NULL, n_events INTEGER "
          "NOT NULL, last_id INTEGER NOT NULL) STRICT; INSERT INTO chain_3 "
          "SELECT id, head, n_events, last_id FROM chain; DROP TABLE chain; "
          "ALTER TABLE chain_3 RENAME TO chain; PRAGMA user_version = 3");
    verdict("taken back whole to 3", "hash stored whole of version 9");
    assert_int_equal(harness_capture(out, sizeof(out), "%s record --db '%s' "
                                     "'%s' 2>&1", e, copy,
                                     harness_example("hoffmann-refused."
                                                     "ecarte")),
                     2);
    assert_non_null(strstr(out, "version number was changed"));

    /* a ledger of 1.1.0 (its hashes whole) taken back whole: a writer
     * migrates it and seals the changed tag as it stands; an export kept
     * elsewhere catches it (verify --log) */
    old_copy();
    snprintf(kept, sizeof(kept), "%s/kept.ecarte", dir);
    SH_OK("%s export --db '%s' --sitting 1 > '%s'", e, copy, kept);
    assert_int_equal(
        exec_sql(copy,
                 "UPDATE tag SET value = 'Mr. Forger' WHERE id = (SELECT "
                 "min(id) FROM tag WHERE sitting_id = 1); DROP TABLE "
                 "provenance; DROP TABLE member_apart; DROP TABLE "
                 "member_join; DROP TABLE ledger_info; DROP TABLE seal; "
                 "CREATE TABLE chain_3 (id INTEGER PRIMARY KEY CHECK (id = "
                 "1), head TEXT NOT NULL, n_events INTEGER NOT NULL, last_id "
                 "INTEGER NOT NULL) STRICT; INSERT INTO chain_3 SELECT id, "
                 "head, n_events, last_id FROM chain; DROP TABLE chain; "
                 "ALTER TABLE chain_3 RENAME TO chain; PRAGMA user_version = "
                 "3", out, sizeof(out)),
        SQLITE_OK);
    SH_OK("%s record --db '%s' '%s' > /dev/null 2>&1", e, copy,
          harness_example("hoffmann-refused.ecarte"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s' "
                                     "--log '%s' 2>&1", e, copy, kept),
                     1);
    {
        char first[32];
        char want[64];

        /* the export's first tag: the line that differs */
        assert_int_equal(harness_capture(first, sizeof(first), "grep -n -m1 "
                                         "'^\\[' '%s' | cut -d: -f1",
                                         kept),
                         0);
        snprintf(want, sizeof(want), "kept.ecarte:%d: differs from the "
                 "ledger", atoi(first));
        assert_non_null(strstr(out, want));
    }
    assert_non_null(strstr(out, "tags were changed"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(proof__the_ledger_holds_every_kind_of_row),
        cmocka_unit_test(proof__a_finding_names_row_column_and_both_values),
        cmocka_unit_test(proof__readers_and_writers_refuse_a_forged_ledger),
        cmocka_unit_test(
            proof__honest_writing_goes_on_and_old_ledgers_are_sealed),
        cmocka_unit_test(proof__every_column_of_every_table_changed_is_caught),
        cmocka_unit_test(proof__a_row_deleted_or_duplicated_is_caught),
        cmocka_unit_test(proof__a_nul_byte_in_any_text_is_caught),
        cmocka_unit_test(proof__the_schema_is_proven),
        cmocka_unit_test(proof__ids_swapped_between_sittings_are_caught),
        cmocka_unit_test(proof__forms_and_indexes_are_proven),
        cmocka_unit_test(proof__a_version_taken_back_is_caught),
        cmocka_unit_test(
            proof__a_byte_changed_anywhere_stops_writers_and_readers),
    };

    return cmocka_run_group_tests_name("proof", tests, make_ledger,
                                       remove_ledger);
}
