/* SPDX-License-Identifier: MIT */
/*
 * test_import_build.c - `ecarte import` into a new ledger (LEDGER_BUILD):
 * built alone beside its path, whole and in WAL mode when linked into
 * place, verified; a file that appears at the path meanwhile never
 * overwritten; a failed or interrupted import (a log that cannot be
 * read, SIGTERM, SIGINT) leaving no ledger and no build file; a build
 * file of a dead process removed; an existing ledger written in place;
 * a new ledger not kept said not kept on standard output (text and
 * JSON), no line saying a deal was imported.
 */
#include "tests/harness.h"

#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"

/* q - the integer a query gives on the ledger at db (-1 if none). */
static long q(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long n = -1;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_busy_timeout(h, 2000);
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* path_in - DIR/name into buf (n bytes). */
static char *path_in(const struct harness_tmp *t, const char *name, char *buf,
                     size_t n)
{
    int w = snprintf(buf, n, "%s/%s", t->dir, name);

    assert_true(w > 0 && (size_t)w < n);
    return buf;
}

/* gen - `ecarte gen` of deals with seed (and rate of irregularities)
 * into path. */
static void gen(const char *path, int deals, int seed, const char *rate)
{
    assert_int_equal(harness_sh("%s gen --deals %d --seed %d "
                                "--irregularities %s > '%s'",
                                harness_ecarte(), deals, seed, rate, path),
                     0);
}

/* group_setup - the same time on every row: two imports have the same
 * chain. */
static int group_setup(void **state)
{
    (void)state;
    return setenv("ECARTE_FIXED_TIME", "2024-03-01T20:15:00Z", 1);
}

/* build_files - how many ".NAME.importing-" files are in t->dir for the
 * ledger named name. */
static int build_files(const struct harness_tmp *t, const char *name)
{
    char prefix[300];
    DIR *d = opendir(t->dir);
    struct dirent *e = NULL;
    int n = 0;

    assert_non_null(d);
    snprintf(prefix, sizeof(prefix), ".%s.importing-", name);
    while ((e = readdir(d)) != NULL) {
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    }
    closedir(d);
    return n;
}

/* journal_mode - what PRAGMA journal_mode says of the file at db. */
static void journal_mode(const char *db, char *buf, size_t n)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;

    buf[0] = '\0';
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &st,
                                        NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    snprintf(buf, n, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(h);
}

/* start_import - `ecarte import --db db log` in a child, its standard
 * output into the file out (NULL: thrown away), its errors thrown away;
 * its pid. */
static pid_t start_import(const char *db, const char *log, const char *out)
{
    pid_t pid = fork();

    assert_true(pid >= 0);
    if (pid == 0) {
        if (freopen(out != NULL ? out : "/dev/null", "w", stdout) == NULL ||
            freopen("/dev/null", "w", stderr) == NULL) {
            _exit(3);
        }
        execl(harness_ecarte(), "ecarte", "import", "--db", db, log,
              (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* wait_for_build - wait (up to 20 s) until the build file of name is in
 * t->dir; is it? */
static bool wait_for_build(const struct harness_tmp *t, const char *name)
{
    for (int i = 0; i < 20000; i++) {
        struct timespec ts = {0, 1000000};

        if (build_files(t, name) > 0) {
            return true;
        }
        nanosleep(&ts, NULL);
    }
    return false;
}

/* A new ledger: whole, in WAL mode, verified, every deal of the log in
 * it, and no build file left. */
static void import_build__a_new_ledger_is_whole_in_wal_and_verified(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    char mode[16];

    gen(t->log, 300, 4, "0.05");
    assert_int_equal(access(t->db, F_OK), -1);
    assert_true(harness_capture(out, sizeof(out), "%s import --db '%s' '%s'",
                                harness_ecarte(), t->db, t->log) <= 1);
    assert_int_equal(build_files(t, "l.db"), 0);
    journal_mode(t->db, mode, sizeof(mode));
    assert_string_equal(mode, "wal");
    assert_int_equal(q(t->db, "SELECT count(*) FROM import_file WHERE "
                              "complete = 1"),
                     1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal") +
                         q(t->db, "SELECT count(*) FROM quarantine"),
                     300);
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "chain intact"));
    assert_non_null(strstr(out, "every row proven"));
}

/* The same log into an existing (empty) ledger: the same rows as into a
 * new one, the export and the chain equal. */
static void import_build__a_new_ledger_equals_one_written_in_place(
    void **state)
{
    struct harness_tmp *t = *state;
    char empty[400];
    char old_db[400];

    gen(t->log, 200, 6, "0.1");
    path_in(t, "empty.ecarte", empty, sizeof(empty));
    path_in(t, "old.db", old_db, sizeof(old_db));
    harness_write(empty, "");
    /* an existing ledger: written in place, WAL and savepoints */
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null",
                                harness_ecarte(), old_db, empty),
                     0);
    assert_true(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                           harness_ecarte(), old_db, t->log) <= 1);
    assert_true(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                           harness_ecarte(), t->db, t->log) <= 1);
    assert_int_equal(harness_sh("cd '%s' && for d in old l; do "
                                "%s export --db $d.db > $d.export && "
                                "%s verify --db $d.db | sed -n 1p | "
                                "sed 's|^[^:]*: ||' > $d.chain; done && "
                                "cmp -s old.export l.export && "
                                "cmp -s old.chain l.chain",
                                t->dir, harness_ecarte(), harness_ecarte()),
                     0);
    assert_int_equal(q(t->db, "SELECT count(*) FROM event"),
                     q(old_db, "SELECT count(*) FROM event"));
}

/* A file put at the path while the new ledger is built stays as it
 * is; the build is dropped, its file removed. */
static void import_build__a_file_that_appears_meanwhile_is_kept(
    void **state)
{
    struct harness_tmp *t = *state;
    struct ledger *l = NULL;
    char buf[64] = "";
    FILE *f = NULL;

    assert_int_equal(ledger_open(&l, t->db, LEDGER_FAST | LEDGER_BUILD), 0);
    assert_true(ledger_building(l));
    assert_non_null(strstr(ledger_build_temp(l), "/.l.db.importing-"));
    assert_int_equal(access(t->db, F_OK), -1);
    assert_int_equal(build_files(t, "l.db"), 1);
    harness_write(t->db, "someone else's\n");
    assert_int_equal(ledger_build_finish(l), LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(l), "appeared while the new "
                                             "ledger was built"));
    assert_false(ledger_building(l));
    ledger_close(l);
    assert_int_equal(build_files(t, "l.db"), 0);
    f = fopen(t->db, "r");
    assert_non_null(f);
    assert_non_null(fgets(buf, sizeof(buf), f));
    fclose(f);
    assert_string_equal(buf, "someone else's\n");
}

/* The same through the command: exit 2, said, the file kept. */
static void import_build__import_does_not_overwrite_a_file_come_meanwhile(
    void **state)
{
    struct harness_tmp *t = *state;
    char said[400];
    int status = 0;
    pid_t pid;

    gen(t->log, 20000, 3, "0");
    path_in(t, "said.txt", said, sizeof(said));
    pid = start_import(t->db, t->log, said);
    assert_true(wait_for_build(t, "l.db"));
    harness_write(t->db, "mine\n");
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 2);
    assert_int_equal(build_files(t, "l.db"), 0);
    assert_int_equal(harness_sh("printf 'mine\\n' | cmp -s - '%s'", t->db),
                     0);
    /* what it says matches what was kept: nothing */
    assert_int_equal(harness_sh("grep -qx '%s: 20000 deals read, 0 "
                                "quarantined, [0-9]* events: not kept (no "
                                "ledger made)' '%s'", t->log, said),
                     0);
    assert_int_equal(harness_sh("grep -q 'imported' '%s'", said), 1);
}

/* A build closed without finishing leaves nothing anywhere. */
static void import_build__a_build_not_finished_leaves_nothing(void **state)
{
    struct harness_tmp *t = *state;
    struct ledger *l = NULL;

    assert_int_equal(ledger_open(&l, t->db, LEDGER_FAST | LEDGER_BUILD), 0);
    assert_int_equal(build_files(t, "l.db"), 1);
    ledger_close(l);
    assert_int_equal(build_files(t, "l.db"), 0);
    assert_int_equal(access(t->db, F_OK), -1);
}

/* Logs that cannot be read: exit 2, no ledger, no build file. */
static void import_build__a_log_that_cannot_be_read_leaves_nothing(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    char nosuch[400];

    path_in(t, "nosuch.ecarte", nosuch, sizeof(nosuch));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, nosuch),
                     2);
    assert_non_null(strstr(out, "not made"));
    assert_int_equal(access(t->db, F_OK), -1);
    assert_int_equal(build_files(t, "l.db"), 0);
    /* one good log and a directory: all or nothing */
    gen(t->log, 20, 2, "0");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log,
                                     t->dir),
                     2);
    assert_non_null(strstr(out, "cannot read"));
    assert_int_equal(access(t->db, F_OK), -1);
    assert_int_equal(build_files(t, "l.db"), 0);
}

/* A new ledger not kept (a later log cannot be read): each file's line
 * says it was read and not kept, the total that nothing was, in text
 * and JSON, exit 2.  The near misses: the same logs all readable, and a
 * log that cannot be read after one that can into an existing ledger
 * (kept as it commits), say what the ledger holds. */
static void import_build__a_new_ledger_not_kept_says_nothing_was_kept(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    char want[4096];
    char nosuch[400];
    char clean[400];
    char log3[400];
    long ev1;
    long ev2;
    long ev3;

    path_in(t, "nosuch.ecarte", nosuch, sizeof(nosuch));
    path_in(t, "clean.db", clean, sizeof(clean));
    path_in(t, "in3.ecarte", log3, sizeof(log3));
    gen(t->log, 30, 7, "0");
    gen(t->log2, 20, 8, "0");
    gen(log3, 10, 9, "0");
    /* the events of each log, as a ledger keeps them */
    assert_int_equal(harness_sh("%s import --db '%s' '%s' '%s' '%s' "
                                ">/dev/null 2>&1", harness_ecarte(), clean,
                                t->log, t->log2, log3),
                     0);
    ev1 = q(clean, "SELECT events FROM import_file WHERE deals = 30");
    ev2 = q(clean, "SELECT events FROM import_file WHERE deals = 20");
    ev3 = q(clean, "SELECT events FROM import_file WHERE deals = 10");
    assert_true(ev1 > 30 && ev2 > 20 && ev3 > 10);

    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' '%s' "
                                     "2>/dev/null", harness_ecarte(), t->db,
                                     t->log, nosuch),
                     2);
    snprintf(want, sizeof(want),
             "%s: 30 deals read, 0 quarantined, %ld events: not kept (no "
             "ledger made)\n"
             "total: 0 deals imported, 0 quarantined (not kept: 30 deals "
             "read, %s not made)\n", t->log, ev1, t->db);
    assert_string_equal(out, want);
    assert_int_equal(access(t->db, F_OK), -1);
    assert_int_equal(build_files(t, "l.db"), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' --json '%s' '%s' "
                                     "2>/dev/null", harness_ecarte(), t->db,
                                     t->log, nosuch),
                     2);
    snprintf(want, sizeof(want),
             "{\"type\":\"import\",\"source\":\"%s\",\"status\":"
             "\"not-kept\",\"deals\":0,\"quarantined\":0,\"events\":0,"
             "\"read\":{\"deals\":30,\"quarantined\":0,\"events\":%ld}}\n",
             t->log, ev1);
    assert_string_equal(out, want);
    assert_int_equal(access(t->db, F_OK), -1);

    /* near miss: every log readable, the new ledger kept */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' '%s' "
                                     "2>/dev/null", harness_ecarte(), t->db,
                                     t->log, t->log2),
                     0);
    snprintf(want, sizeof(want),
             "%s: 30 deals imported, 0 quarantined, %ld events\n"
             "%s: 20 deals imported, 0 quarantined, %ld events\n"
             "total: 50 deals imported, 0 quarantined\n",
             t->log, ev1, t->log2, ev2);
    assert_string_equal(out, want);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 50);

    /* near miss: an existing ledger keeps each file as it commits */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' '%s' "
                                     "2>/dev/null", harness_ecarte(), t->db,
                                     log3, nosuch),
                     2);
    snprintf(want, sizeof(want),
             "%s: 10 deals imported, 0 quarantined, %ld events\n"
             "total: 10 deals imported, 0 quarantined\n", log3, ev3);
    assert_string_equal(out, want);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 60);
    assert_int_equal(q(t->db, "SELECT count(*) FROM import_file WHERE "
                              "complete = 1"),
                     3);
}

/* kill_mid_import - an import of a large log stopped by sig while the
 * new ledger is built: it ends by that signal, nothing left. */
static void kill_mid_import(const struct harness_tmp *t, int sig)
{
    struct timespec ts = {0, 200000000};
    int status = 0;
    pid_t pid;

    pid = start_import(t->db, t->log, NULL);
    assert_true(wait_for_build(t, "l.db"));
    nanosleep(&ts, NULL);
    kill(pid, sig);
    waitpid(pid, &status, 0);
    if (!WIFSIGNALED(status)) {
        fail_msg("the import ended before the signal (status %d): the log "
                 "is too small for this machine", status);
    }
    assert_int_equal(WTERMSIG(status), sig);
    assert_int_equal(access(t->db, F_OK), -1);
    assert_int_equal(build_files(t, "l.db"), 0);
}

/* SIGTERM, then SIGINT, mid-import: no ledger, no build file; run
 * again, the import starts afresh and makes the ledger. */
static void import_build__a_signal_mid_import_leaves_nothing(void **state)
{
    struct harness_tmp *t = *state;

    gen(t->log, 20000, 5, "0");
    kill_mid_import(t, SIGTERM);
    kill_mid_import(t, SIGINT);
    assert_true(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                           harness_ecarte(), t->db, t->log) <= 1);
    assert_int_equal(q(t->db, "SELECT deals FROM import_file"), 20000);
    assert_int_equal(q(t->db, "SELECT complete FROM import_file"), 1);
}

/* A build file left by a process killed outright (SIGKILL) is removed
 * by the next build beside it; one of a live process is not. */
static void import_build__a_dead_processes_build_file_is_removed(
    void **state)
{
    struct harness_tmp *t = *state;
    char dead[400];
    char live[400];
    char name[64];
    int status = 0;
    pid_t pid = fork();

    assert_true(pid >= 0);
    if (pid == 0) {
        _exit(0);
    }
    waitpid(pid, &status, 0);
    snprintf(name, sizeof(name), ".l.db.importing-%ld-0", (long)pid);
    path_in(t, name, dead, sizeof(dead));
    harness_write(dead, "stale\n");
    snprintf(name, sizeof(name), ".l.db.importing-%ld-0",
             (long)getppid());
    path_in(t, name, live, sizeof(live));
    harness_write(live, "live\n");
    gen(t->log, 10, 2, "0");
    assert_true(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                           harness_ecarte(), t->db, t->log) <= 1);
    assert_int_equal(access(dead, F_OK), -1);
    assert_int_equal(access(live, F_OK), 0);
    assert_int_equal(build_files(t, "l.db"), 1);
    assert_int_equal(q(t->db, "SELECT complete FROM import_file"), 1);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(import_build__a_new_ledger_is_whole_in_wal_and_verified),
        T(import_build__a_new_ledger_equals_one_written_in_place),
        T(import_build__a_file_that_appears_meanwhile_is_kept),
        T(import_build__import_does_not_overwrite_a_file_come_meanwhile),
        T(import_build__a_build_not_finished_leaves_nothing),
        T(import_build__a_log_that_cannot_be_read_leaves_nothing),
        T(import_build__a_new_ledger_not_kept_says_nothing_was_kept),
        T(import_build__a_signal_mid_import_leaves_nothing),
        T(import_build__a_dead_processes_build_file_is_removed),
#undef T
    };

    return cmocka_run_group_tests_name("import_build", tests, group_setup,
                                       NULL);
}
