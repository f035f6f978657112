/* SPDX-License-Identifier: MIT */
/*
 * test_postgres.c - `ecarte export --sql postgres` against a real
 * PostgreSQL server: a cluster made with initdb in a scratch directory
 * (as the user postgres, or nobody, when the test runs as root), started
 * on a Unix socket of its own (no TCP: listen_addresses=''), a database
 * made, the export of a ledger of every format (a duel with
 * irregularities, a chouette, a pool, a gallery, a sitting whose file
 * name and tags hold a quote, a backslash, a tab, a newline and UTF-8)
 * loaded with psql -v ON_ERROR_STOP=1; then the same tables on both
 * sides, every table's rows equal value for value, row counts and sums
 * (deal points, transfers, stakes, bets) equal, and the standings
 * (season_standings_sql, the same text on both engines) and a GROUP BY
 * of our own giving the same rows.  A ledger that does not verify is
 * refused (exit 1, nothing written) and exported with --unverified; a
 * table the ledger did not have (composite key, UNIQUE, CHECK with ==,
 * DESC and partial indexes, a key to itself, REAL and BLOB columns)
 * comes along through ledger_export_postgres without a change.  The
 * server is stopped at the end, also when a test fails.  Skipped, saying
 * why, without initdb, pg_ctl or psql, or when the server cannot start.
 */
#include "tests/harness.h"

#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"
#include "season/season.h"
#include "season/season_int.h"

/* The server of this run. */
struct pg {
    struct harness_tmp *t;
    char bin[256];              /* the directory of initdb, pg_ctl, psql */
    char user[32];              /* whom the server runs as ("": us) */
    char dir[300];              /* DIR/pg: data, socket, logs */
    int port;
    bool up;                    /* started (stop it) */
    bool loaded;                /* the export loaded into "club" */
    char why[1000];             /* why skipped, "" if not */
};

static struct pg pg;

static char sq_buf[1 << 22];    /* a query's rows, SQLite's */
static char pq_buf[1 << 22];    /* the same, PostgreSQL's */

/* as_user - the shell script text run as pg.user (or as we are); its
 * exit status. */
static int as_user(const char *script)
{
    char path[400];
    FILE *fp;

    snprintf(path, sizeof(path), "%s/run.sh", pg.dir);
    fp = fopen(path, "w");
    if (fp == NULL) {
        return -1;
    }
    fprintf(fp, "cd '%s' || exit 1\n%s", pg.dir, script);
    fclose(fp);
    chmod(path, 0755);
    if (pg.user[0] == '\0') {
        return harness_sh("sh '%s'", path);
    }
    return harness_sh("if command -v runuser >/dev/null 2>&1; then "
                      "runuser -u %s -- sh '%s'; "
                      "else su -s /bin/sh %s -c \"sh '%s'\"; fi",
                      pg.user, path, pg.user, path);
}

/* pg_stop - stop the server if it was started (pg_ctl stop, fast). */
static void pg_stop(void)
{
    char script[1200];

    if (!pg.up) {
        return;
    }
    snprintf(script, sizeof(script),
             "'%s/pg_ctl' -D '%s/data' -m fast -w -t 60 stop "
             ">>'%s/pg_ctl.log' 2>&1\n", pg.bin, pg.dir, pg.dir);
    if (as_user(script) != 0) {
        printf("test_postgres: pg_ctl stop failed (see %s/pg_ctl.log)\n",
               pg.dir);
    }
    pg.up = false;
}

/* psql_cmd - the start of a psql command line on database db. */
static void psql_cmd(char *buf, size_t n, const char *db)
{
    snprintf(buf, n,
             "'%s/psql' -X -q -v ON_ERROR_STOP=1 -h '%s' -p %d -U postgres "
             "-d '%s'", pg.bin, pg.dir, pg.port, db);
}

/* pg_query - sql's rows on database db of the server into out (n
 * bytes): psql's unaligned rows, columns separated by 0x1f, NULL as
 * <NULL>, each row ending with a newline.  Returns psql's exit status. */
static int pg_query(const char *db, const char *sql, char *out, size_t n)
{
    char path[400];
    char cmd[1200];

    snprintf(path, sizeof(path), "%s/q.sql", pg.t->dir);
    harness_write(path, sql);
    psql_cmd(cmd, sizeof(cmd), db);
    return harness_capture(out, n, "%s -At -F \"$(printf '\\037')\" "
                           "-P 'null=<NULL>' -f '%s' 2>'%s/q.err'",
                           cmd, path, pg.t->dir);
}

/* sq_query - the same rows from the SQLite file path, formatted as
 * psql does (integers in decimal, text as it is, a blob as \x and hex).
 * Returns 0, or -1 with SQLite's message in out. */
static int sq_query(const char *path, const char *sql, char *out, size_t n)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    size_t len = 0;
    int rc;

    out[0] = '\0';
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        snprintf(out, n, "%s", sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int k = 0; k < sqlite3_column_count(st); k++) {
            char cell[64];
            const char *s = cell;
            size_t m;

            switch (sqlite3_column_type(st, k)) {
            case SQLITE_NULL: s = "<NULL>"; break;
            case SQLITE_INTEGER:
                snprintf(cell, sizeof(cell), "%lld",
                         (long long)sqlite3_column_int64(st, k));
                break;
            case SQLITE_FLOAT:
                snprintf(cell, sizeof(cell), "%.17g",
                         sqlite3_column_double(st, k));
                break;
            case SQLITE_BLOB: {
                const unsigned char *b = sqlite3_column_blob(st, k);
                int nb = sqlite3_column_bytes(st, k);

                if (len + 4 + 2 * (size_t)nb >= n) {
                    continue;
                }
                len += (size_t)snprintf(out + len, n - len, "%s\\x",
                                        k > 0 ? "\037" : "");
                for (int i = 0; i < nb; i++) {
                    len += (size_t)snprintf(out + len, n - len, "%02x", b[i]);
                }
                continue;
            }
            default: s = (const char *)sqlite3_column_text(st, k); break;
            }
            m = strlen(s);
            if (len + m + 3 >= n) {
                break;
            }
            if (k > 0) {
                out[len++] = '\037';
            }
            memcpy(out + len, s, m);
            len += m;
        }
        if (len + 2 < n) {
            out[len++] = '\n';
        }
        out[len] = '\0';
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        snprintf(out, n, "%s", sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    sqlite3_close(db);
    return 0;
}

static int cmp_line(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* sort_lines - the lines of buf sorted in place (bytewise). */
static void sort_lines(char *buf)
{
    size_t n = 0;
    size_t len = strlen(buf);
    char **line;
    char *copy = malloc(len + 1);
    char *s;
    size_t at = 0;

    assert_non_null(copy);
    memcpy(copy, buf, len + 1);
    for (s = copy; *s != '\0'; s++) {
        n += *s == '\n';
    }
    line = calloc(n + 1, sizeof(*line));
    assert_non_null(line);
    n = 0;
    char *save = NULL;

    for (s = strtok_r(copy, "\n", &save); s != NULL;
         s = strtok_r(NULL, "\n", &save)) {
        line[n++] = s;
    }
    qsort(line, n, sizeof(*line), cmp_line);
    for (size_t i = 0; i < n; i++) {
        size_t m = strlen(line[i]);

        memcpy(buf + at, line[i], m);
        at += m;
        buf[at++] = '\n';
    }
    buf[at] = '\0';
    free(line);
    free(copy);
}

/* same_rows - sql gives the same rows on the ledger and on database db
 * (sorted first if sorted); the test fails saying which query if not. */
static void same_rows(const char *db, const char *sql, bool sorted)
{
    int rc = sq_query(pg.t->db, sql, sq_buf, sizeof(sq_buf));

    if (rc != 0) {
        fail_msg("SQLite: %s: %s", sql, sq_buf);
    }
    rc = pg_query(db, sql, pq_buf, sizeof(pq_buf));
    if (rc != 0) {
        char err[600];

        harness_capture(err, sizeof(err), "cat '%s/q.err'", pg.t->dir);
        fail_msg("psql (exit %d): %s: %s", rc, sql, err);
    }
    if (sorted) {
        sort_lines(sq_buf);
        sort_lines(pq_buf);
    }
    if (strcmp(sq_buf, pq_buf) != 0) {
        size_t i = 0;

        while (sq_buf[i] != '\0' && sq_buf[i] == pq_buf[i]) {
            i++;
        }
        fail_msg("%s: SQLite and PostgreSQL differ at byte %zu:\n"
                 "SQLite: %.200s\nPostgreSQL: %.200s", sql, i, sq_buf + i,
                 pq_buf + i);
    }
}

/* pg_bindir - the directory of initdb and pg_ctl: $ECARTE_PG_BINDIR,
 * the newest /usr/lib/postgresql/N/bin, or initdb's on PATH. */
static bool pg_bindir(char *out, size_t n)
{
    int rc = harness_capture(
        out, n,
        "for d in \"${ECARTE_PG_BINDIR:-}\" "
        "$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -nr) "
        "\"$(dirname \"$(command -v initdb 2>/dev/null || echo /none/x)\")\"; "
        "do if [ -n \"$d\" ] && [ -x \"$d/initdb\" ] && [ -x \"$d/pg_ctl\" ] "
        "&& [ -x \"$d/psql\" ]; then printf %%s \"$d\"; exit 0; fi; done; "
        "exit 1");

    return rc == 0 && out[0] != '\0';
}

/* make_ledger - the test's ledger (t->db): sittings of every format,
 * and one whose file name and tags hold what must be escaped. */
static int make_ledger(struct harness_tmp *t)
{
    const char *e = harness_ecarte();
    char odd[400];
    int rc;

    rc = harness_sh(
        "cd '%s' && "
        "%s gen --deals 40 --seed 11 --irregularities 0.3 > duel.ecarte && "
        "%s gen --deals 24 --seed 12 --format chouette > chouette.ecarte && "
        "%s gen --deals 24 --seed 13 --format 'pool; pool-run=3' "
        "> pool.ecarte && "
        "%s gen --deals 16 --seed 14 --format 'gallery; style=english' "
        "> gallery.ecarte && "
        "%s gen --deals 24 --seed 15 --format chouette --irregularities 0.3 "
        "> chouette2.ecarte && "
        "%s import --db l.db duel.ecarte chouette.ecarte pool.ecarte "
        "gallery.ecarte chouette2.ecarte >import.out 2>&1",
        t->dir, e, e, e, e, e, e);
    if (rc != 0) {
        return rc;
    }
    /* a quote, a backslash, a tab and UTF-8 in tags; a backslash, a
     * tab and a newline in the file's name */
    snprintf(odd, sizeof(odd), "%s/odd \\ name\tand\nline.ecarte", t->dir);
    rc = harness_sh(
        "cd '%s' && %s gen --deals 6 --seed 16 | sed "
        "'s/^\\[A \"Player A\"\\]/[A \"Miss O'\"'\"'Hara \\\\\\\\ "
        "\\\\\"the\\\\\" \xc3\x89" "cart\xc3\xa9\"]/; "
        "s/^\\[Event \"Generated sitting\"\\]/[Event \"tab\there\"]/' "
        "> '%s' && %s import --db l.db '%s' >>import.out 2>&1",
        t->dir, e, odd, e, odd);
    return rc;
}

/* pg_start - initdb and start a server in t->dir/pg; false with the
 * reason in pg.why when it cannot be done here. */
static bool pg_start(struct harness_tmp *t)
{
    char script[2000];
    char out[320];

    if (!pg_bindir(pg.bin, sizeof(pg.bin))) {
        snprintf(pg.why, sizeof(pg.why),
                 "no PostgreSQL server programs (initdb, pg_ctl, psql) in "
                 "/usr/lib/postgresql/*/bin, on PATH or in "
                 "$ECARTE_PG_BINDIR (apt-get install postgresql)");
        return false;
    }
    snprintf(pg.dir, sizeof(pg.dir), "%s/pg", t->dir);
    if (mkdir(pg.dir, 0755) != 0) {
        snprintf(pg.why, sizeof(pg.why), "cannot make %s", pg.dir);
        return false;
    }
    pg.user[0] = '\0';
    if (geteuid() == 0) {
        /* the server refuses to run as root */
        const char *u = harness_sh("id -u postgres >/dev/null 2>&1") == 0
                        ? "postgres" : "nobody";

        snprintf(pg.user, sizeof(pg.user), "%s", u);
        chmod(t->dir, 0755);
        if (harness_sh("chown %s '%s'", pg.user, pg.dir) != 0) {
            snprintf(pg.why, sizeof(pg.why), "cannot give %s to user %s",
                     pg.dir, pg.user);
            return false;
        }
    }
    snprintf(script, sizeof(script),
             "'%s/initdb' -D '%s/data' -A trust -U postgres -E UTF8 "
             "--no-locale --no-sync >'%s/initdb.log' 2>&1\n",
             pg.bin, pg.dir, pg.dir);
    if (as_user(script) != 0) {
        harness_capture(out, sizeof(out), "tail -c 300 '%s/initdb.log'",
                        pg.dir);
        snprintf(pg.why, sizeof(pg.why), "initdb failed%s%s: %s",
                 pg.user[0] != '\0' ? " as user " : "", pg.user, out);
        return false;
    }
    /* a port of our own; the socket is in our directory anyway */
    for (int attempt = 0; attempt < 5; attempt++) {
        pg.port = 20000 + (int)((getpid() * 7 + attempt * 131) % 30000);
        snprintf(script, sizeof(script),
                 "'%s/pg_ctl' -D '%s/data' -l '%s/server.log' -w -t 60 "
                 "-o \"-c listen_addresses='' "
                 "-c unix_socket_directories='%s' -p %d -c fsync=off "
                 "-c synchronous_commit=off -c full_page_writes=off\" "
                 "start >>'%s/pg_ctl.log' 2>&1\n",
                 pg.bin, pg.dir, pg.dir, pg.dir, pg.port, pg.dir);
        if (as_user(script) == 0) {
            pg.up = true;
            return true;
        }
        /* pg_ctl may give up while the server still comes up */
        snprintf(script, sizeof(script),
                 "'%s/pg_ctl' -D '%s/data' -m immediate -w stop "
                 ">/dev/null 2>&1\n", pg.bin, pg.dir);
        as_user(script);
    }
    harness_capture(out, sizeof(out), "tail -c 300 '%s/server.log'", pg.dir);
    snprintf(pg.why, sizeof(pg.why), "the server did not start: %s", out);
    return false;
}

static void at_exit_stop(void)
{
    pg_stop();
}

static int group_setup(void **state)
{
    struct harness_tmp *t;

    if (harness_tmp_setup(state) != 0) {
        return -1;
    }
    t = *state;
    pg.t = t;
    if (make_ledger(t) != 0) {
        printf("test_postgres: the test ledger could not be made (see "
               "%s/import.out)\n", t->dir);
        return -1;
    }
    atexit(at_exit_stop);
    if (!pg_start(t)) {
        printf("SKIPPED: test_postgres: %s\n", pg.why);
    }
    return 0;
}

static int group_teardown(void **state)
{
    pg_stop();
    return harness_tmp_teardown(state);
}

/* need_server - skip the test (saying so) without a server. */
static void need_server(void)
{
    if (!pg.up) {
        printf("SKIPPED: %s\n", pg.why);
        skip();
    }
}

/* need_loaded - as need_server, and the export must have loaded. */
static void need_loaded(void)
{
    need_server();
    if (!pg.loaded) {
        fail_msg("the export did not load (test_loads)");
    }
}

/* load - createdb db and psql -f file into it; psql's exit status (its
 * errors in DIR/load.err). */
static int load(const char *db, const char *file)
{
    char cmd[1200];

    if (harness_sh("'%s/createdb' -h '%s' -p %d -U postgres '%s'", pg.bin,
                   pg.dir, pg.port, db) != 0) {
        return -1;
    }
    psql_cmd(cmd, sizeof(cmd), db);
    return harness_sh("%s -f '%s' >'%s/load.out' 2>'%s/load.err'", cmd, file,
                      pg.t->dir, pg.t->dir);
}

/* The export loads into a new database without an error or a warning. */
static void test_loads(void **state)
{
    struct harness_tmp *t = *state;
    char path[400];
    char err[2000];
    int rc;

    need_server();
    snprintf(path, sizeof(path), "%s/club.sql", t->dir);
    assert_int_equal(harness_sh("%s export --db '%s' --sql postgres >'%s' "
                                "2>'%s/export.err'", harness_ecarte(),
                                t->db, path, t->dir), 0);
    rc = load("club", path);
    harness_capture(err, sizeof(err), "cat '%s/load.err'", t->dir);
    if (rc != 0) {
        fail_msg("psql -f club.sql: exit %d: %s", rc, err);
    }
    assert_string_equal(err, "");
    pg.loaded = true;
}

/* The same tables, and in each the same rows, value for value. */
static void test_rows_equal(void **state)
{
    static char names[1 << 14];
    char sql[600];
    char *name;
    int ntables = 0;

    (void)state;
    need_loaded();
    assert_int_equal(sq_query(pg.t->db, "SELECT name FROM sqlite_schema "
                              "WHERE type = 'table' AND name NOT LIKE "
                              "'sqlite%' ORDER BY 1", names, sizeof(names)),
                     0);
    assert_int_equal(pg_query("club", "SELECT table_name FROM "
                              "information_schema.tables WHERE table_schema "
                              "= 'public' ORDER BY 1", pq_buf,
                              sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, names);
    for (name = strtok(names, "\n"); name != NULL;
         name = strtok(NULL, "\n")) {
        char cols[40];
        int ncol;

        snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM pragma_table_info"
                                   "('%s')", name);
        assert_int_equal(sq_query(pg.t->db, sql, cols, sizeof(cols)), 0);
        ncol = atoi(cols);
        assert_true(ncol > 0);
        /* the count first (a clearer failure), then every row */
        snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM \"%s\"", name);
        same_rows("club", sql, false);
        snprintf(sql, sizeof(sql), "SELECT * FROM \"%s\" ORDER BY 1", name);
        for (int k = 2; k <= ncol; k++) {
            snprintf(sql + strlen(sql), sizeof(sql) - strlen(sql), ", %d", k);
        }
        same_rows("club", sql, false);
        ntables++;
    }
    assert_true(ntables >= 19);
    /* what had to be escaped came through */
    assert_int_equal(pg_query("club", "SELECT COUNT(*) FROM sitting WHERE "
                              "source LIKE E'%odd \\\\\\\\ name\\tand\\nline%'",
                              pq_buf, sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, "1\n");
    assert_int_equal(pg_query("club", "SELECT COUNT(*) FROM tag WHERE value = "
                              "'Miss O''Hara \\ \"the\" \xc3\x89" "cart\xc3\xa9'"
                              " OR value = E'tab\\there'",
                              pq_buf, sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, "2\n");
}

/* Row counts of the tables that hold the play and the money, and their
 * sums, equal; and there is money to sum. */
static void test_counts_and_sums(void **state)
{
    (void)state;
    need_loaded();
    same_rows("club",
              "SELECT (SELECT COUNT(*) FROM sitting), "
              "(SELECT COUNT(*) FROM game), (SELECT COUNT(*) FROM deal), "
              "(SELECT COUNT(*) FROM event), (SELECT COUNT(*) FROM ruling), "
              "(SELECT COUNT(*) FROM settlement), "
              "(SELECT COUNT(*) FROM transfer), (SELECT COUNT(*) FROM seal)",
              false);
    same_rows("club",
              "SELECT SUM(points_a), SUM(points_b), SUM(tricks_a), "
              "SUM(tricks_b), SUM(is_void) FROM deal", false);
    same_rows("club",
              "SELECT COUNT(*), SUM(amount), SUM(ABS(amount)), "
              "SUM(CASE WHEN person = 'house' THEN amount ELSE 0 END) "
              "FROM transfer", false);
    same_rows("club", "SELECT SUM(amount) FROM stake", false);
    same_rows("club", "SELECT SUM(amount * odds_p), SUM(odds_q) FROM bet",
              false);
    assert_int_equal(pg_query("club", "SELECT COUNT(*) > 0 AND "
                              "SUM(ABS(amount)) > 0 FROM transfer",
                              pq_buf, sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, "t\n");
}

/* The standings' query, the same text on both engines, gives the same
 * rows (and some); so does a GROUP BY of our own. */
static void test_standings(void **state)
{
    char has[40];
    const char *sql;

    (void)state;
    need_loaded();
    /* a ledger before schema version 5 has no member tables */
    assert_int_equal(sq_query(pg.t->db, "SELECT COUNT(*) FROM sqlite_schema "
                              "WHERE name = 'member_join'", has, sizeof(has)),
                     0);
    sql = strcmp(has, "1\n") == 0 ? season_standings_sql
                                  : season__standings_v4_sql;
    same_rows("club", sql, true);
    assert_int_equal(sq_query(pg.t->db, sql, sq_buf, sizeof(sq_buf)), 0);
    assert_true(strlen(sq_buf) > 100);
    /* games and points per seat's name, per sitting */
    same_rows("club",
              "SELECT g.sitting_id, t.value, COUNT(*) AS games, "
              "SUM(CASE WHEN g.winner = t.name THEN 1 ELSE 0 END) AS won, "
              "SUM(CASE WHEN g.winner = t.name THEN g.value ELSE 0 END), "
              "SUM(CASE WHEN t.name = 'A' THEN g.points_a ELSE g.points_b "
              "END) AS points "
              "FROM game g JOIN tag t ON t.sitting_id = g.sitting_id "
              "AND t.name IN ('A', 'B') WHERE g.winner IS NOT NULL "
              "GROUP BY g.sitting_id, t.name, t.value", true);
}

/* A ledger that does not verify is refused (exit 1, nothing on standard
 * output); with --unverified it is written as it stores it, and loads. */
static void test_unverified(void **state)
{
    struct harness_tmp *t = *state;
    char bad[400];
    char path[400];
    char out[200];
    sqlite3 *db = NULL;

    snprintf(bad, sizeof(bad), "%s/bad.db", t->dir);
    assert_int_equal(harness_sh("sqlite3 '%s' \".backup '%s'\" 2>/dev/null || "
                                "cp '%s' '%s'", t->db, bad, t->db, bad), 0);
    assert_int_equal(sqlite3_open(bad, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "UPDATE deal SET points_a = points_a "
                                      "+ 5 WHERE id = 1", NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    snprintf(path, sizeof(path), "%s/bad.sql", t->dir);
    assert_int_equal(harness_sh("%s export --db '%s' --sql postgres >'%s' "
                                "2>'%s/bad.err'", harness_ecarte(), bad,
                                path, t->dir), 1);
    harness_capture(out, sizeof(out), "wc -c <'%s'", path);
    assert_int_equal(atoi(out), 0);
    harness_capture(out, sizeof(out), "cat '%s/bad.err'", t->dir);
    assert_non_null(strstr(out, "does not verify"));
    assert_int_equal(harness_sh("%s export --db '%s' --sql postgres "
                                "--unverified >'%s' 2>/dev/null",
                                harness_ecarte(), bad, path), 0);
    need_server();
    assert_int_equal(load("bad", path), 0);
    assert_int_equal(sq_query(bad, "SELECT points_a FROM deal WHERE id = 1",
                              sq_buf, sizeof(sq_buf)), 0);
    assert_int_equal(pg_query("bad", "SELECT points_a FROM deal WHERE id = 1",
                              pq_buf, sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, sq_buf);
    /* as stored: 5 more than the sound ledger says */
    assert_int_equal(pg_query("club", "SELECT points_a + 5 FROM deal WHERE "
                              "id = 1", pq_buf, sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, sq_buf);
}

/* Usage: --sql takes postgres only, and no --sitting or --game. */
static void test_usage(void **state)
{
    struct harness_tmp *t = *state;

    assert_int_equal(harness_sh("%s export --db '%s' --sql mysql "
                                ">/dev/null 2>&1", harness_ecarte(), t->db),
                     2);
    assert_int_equal(harness_sh("%s export --db '%s' --sql postgres "
                                "--sitting 1 >/dev/null 2>&1",
                                harness_ecarte(), t->db), 2);
}

/* A table the ledger's schema did not have comes along as it is
 * declared: a composite primary key, UNIQUE, CHECK (== too), DEFAULT, a
 * key to itself and one to another table with ON DELETE CASCADE, DESC
 * and partial indexes, REAL and BLOB columns; its constraints hold in
 * PostgreSQL. */
static void test_new_table(void **state)
{
    struct harness_tmp *t = *state;
    struct ledger *l = NULL;
    char path[400];
    char dbp[400];
    char cmd[1200];
    FILE *fp;

    need_server();
    snprintf(dbp, sizeof(dbp), "%s/new.db", t->dir);
    assert_int_equal(ledger_open(&l, dbp, 0), 0);
    assert_int_equal(
        sqlite3_exec(ledger__db(l),
                     "CREATE TABLE x_node (\n"
                     "  -- a tree: a node under its parent\n"
                     "  id INTEGER PRIMARY KEY,\n"
                     "  parent INTEGER REFERENCES x_node (id),\n"
                     "  label TEXT NOT NULL DEFAULT 'it''s' CHECK "
                     "(length(label) < 40),\n"
                     "  weight REAL, data BLOB,\n"
                     "  kind TEXT CHECK (kind IN ('a', 'b') OR kind == 'c')\n"
                     ") STRICT;\n"
                     "CREATE TABLE x_pair (\n"
                     "  a INTEGER NOT NULL, b TEXT NOT NULL,\n"
                     "  node INTEGER REFERENCES x_node ON DELETE CASCADE,\n"
                     "  note TEXT, /* a comment ( with a paren */\n"
                     "  PRIMARY KEY (a, b), UNIQUE (node, note),\n"
                     "  CONSTRAINT small CHECK (a BETWEEN 0 AND 9)\n"
                     ");\n"
                     "CREATE INDEX x_pair_desc ON x_pair (b DESC, a);\n"
                     "CREATE UNIQUE INDEX x_node_kind ON x_node (kind) "
                     "WHERE kind IS NOT NULL AND (weight > 0.5);\n"
                     "INSERT INTO x_node VALUES (2, NULL, 'root\\\t', 1.25, "
                     "x'00ff10', 'a');\n"
                     "INSERT INTO x_node VALUES (1, 2, 'leaf', 0.1, NULL, "
                     "'c');\n"
                     "INSERT INTO x_node (id, parent) VALUES (3, 1);\n"
                     "INSERT INTO x_pair VALUES (1, 'x', 1, NULL), "
                     "(1, 'y', 3, 'n');\n",
                     NULL, NULL, NULL),
        SQLITE_OK);
    snprintf(path, sizeof(path), "%s/new.sql", t->dir);
    fp = fopen(path, "w");
    assert_non_null(fp);
    assert_int_equal(ledger_export_postgres(l, fp), 0);
    fclose(fp);
    ledger_close(l);
    assert_int_equal(load("new", path), 0);
    harness_capture(cmd, sizeof(cmd), "cat '%s/load.err'", t->dir);
    assert_string_equal(cmd, "");
    assert_int_equal(pg_query("new", "SELECT id, parent, label, weight, data, "
                              "kind FROM x_node ORDER BY id", pq_buf,
                              sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, "1\0372\037leaf\0370.1\037<NULL>\037c\n"
                                "2\037<NULL>\037root\\\t\0371.25\037\\x00ff10"
                                "\037a\n"
                                "3\0371\037it's\037<NULL>\037<NULL>\037<NULL>"
                                "\n");
    /* the constraints came along: each of these is refused */
    static const char *const refused[] = {
        "INSERT INTO x_node (id, parent) VALUES (9, 99)",
        "INSERT INTO x_node (id, kind) VALUES (9, 'z')",
        "INSERT INTO x_node (id, label) VALUES (9, "
        "'0123456789012345678901234567890123456789')",
        "INSERT INTO x_node (id, kind, weight) VALUES (9, 'a', 0.9)",
        "INSERT INTO x_pair VALUES (1, 'x', NULL, NULL)",
        "INSERT INTO x_pair VALUES (10, 'z', NULL, NULL)",
        "INSERT INTO x_pair VALUES (2, 'z', 3, 'n')",
        "INSERT INTO x_pair VALUES (2, 'z', 77, NULL)",
    };
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        if (pg_query("new", refused[i], pq_buf, sizeof(pq_buf)) == 0) {
            fail_msg("PostgreSQL took what the ledger refuses: %s",
                     refused[i]);
        }
    }
    /* ON DELETE CASCADE and the partial index's WHERE */
    assert_int_equal(pg_query("new", "INSERT INTO x_node (id, kind, weight) "
                              "VALUES (9, 'a', 0.1); DELETE FROM x_node "
                              "WHERE id = 3; SELECT COUNT(*) FROM x_pair",
                              pq_buf, sizeof(pq_buf)), 0);
    assert_string_equal(pq_buf, "1\n");
    assert_int_equal(pg_query("new", "SELECT indexdef FROM pg_indexes WHERE "
                              "indexname IN ('x_pair_desc', 'x_node_kind') "
                              "ORDER BY 1", pq_buf, sizeof(pq_buf)), 0);
    assert_non_null(strstr(pq_buf, "(b DESC, a)"));
    assert_non_null(strstr(pq_buf, "WHERE ((kind IS NOT NULL) AND "
                                   "(weight > (0.5)::double precision))"));
}

/* What PostgreSQL could not hold is refused by name before the load: a
 * virtual table, a generated column, a text with a NUL byte. */
static void test_refused_schema(void **state)
{
    struct harness_tmp *t = *state;
    static const char *const sql[] = {
        "CREATE TABLE x_gen (a INTEGER, b INTEGER AS (a + 1))",
        "CREATE TABLE x_nul (a TEXT); "
        "INSERT INTO x_nul VALUES (CAST(x'610062' AS TEXT))",
        "CREATE TABLE x_any (a ANY) STRICT",
        "CREATE TABLE x_expr (a TEXT); CREATE INDEX x_e ON x_expr (lower(a))",
    };
    static const char *const said[] = {
        "generated", "NUL byte", "of type \"ANY\"", "on an expression",
    };

    for (size_t i = 0; i < sizeof(sql) / sizeof(sql[0]); i++) {
        struct ledger *l = NULL;
        char dbp[400];
        FILE *fp = tmpfile();

        assert_non_null(fp);
        snprintf(dbp, sizeof(dbp), "%s/refused%zu.db", t->dir, i);
        assert_int_equal(ledger_open(&l, dbp, 0), 0);
        assert_int_equal(sqlite3_exec(ledger__db(l), sql[i], NULL, NULL,
                                      NULL), SQLITE_OK);
        assert_int_equal(ledger_export_postgres(l, fp), LEDGER_E_FORMAT);
        if (strstr(ledger_errmsg(l), said[i]) == NULL) {
            fail_msg("%s: said \"%s\"", sql[i], ledger_errmsg(l));
        }
        ledger_close(l);
        fclose(fp);
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_usage),
        cmocka_unit_test(test_loads),
        cmocka_unit_test(test_rows_equal),
        cmocka_unit_test(test_counts_and_sums),
        cmocka_unit_test(test_standings),
        cmocka_unit_test(test_unverified),
        cmocka_unit_test(test_new_table),
        cmocka_unit_test(test_refused_schema),
    };

    return cmocka_run_group_tests_name("postgres", tests, group_setup,
                                       group_teardown);
}
