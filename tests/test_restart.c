/*
 * test_restart.c - sittings that survive restarts, end to end: which
 * sitting `record` resumes (its source, its recorded lines; --sitting),
 * nothing doubled or merged; interrupted imports that go on to equal a
 * clean one; standard input imported whole; quarantined deals that leave
 * the games as the log states them; a crash between an action and its
 * `=` line; lines cut short on a pipe; two tables on one new ledger at
 * once; waiting for a lock; damaged and empty ledgers refused.  Each
 * test is one numbered part of issue 8.
 */
#include "tests/harness.h"

#include "ledger/ledger.h"

#include <signal.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FIXED_TIME "2024-03-01T20:15:00Z"

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

/* path_in - DIR/name into buf. */
static char *path_in(const struct harness_tmp *t, const char *name, char *buf,
                     size_t n)
{
    snprintf(buf, n, "%s/%s", t->dir, name);
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

/* same_files - are the two files equal, byte for byte? */
static bool same_files(const char *a, const char *b)
{
    return harness_sh("cmp -s '%s' '%s'", a, b) == 0;
}

/* export_to - `ecarte export` of sitting (0: the newest) of db into out,
 * with the [Chain] tag kept or dropped. */
static void export_to(const char *db, int sitting, bool chain,
                      const char *out)
{
    char opt[40] = "";

    if (sitting > 0) {
        snprintf(opt, sizeof(opt), "--sitting %d", sitting);
    }
    assert_int_equal(harness_sh("%s export --db '%s' %s > '%s'",
                                harness_ecarte(), db, opt, out),
                     0);
    if (!chain) {
        assert_int_equal(harness_sh("sed -i '/^\\[Chain /d' '%s'", out), 0);
    }
}

static int group_setup(void **state)
{
    (void)state;
    /* the same time on every row: two runs have the same chain */
    return setenv("ECARTE_FIXED_TIME", FIXED_TIME, 1);
}

/* ------------------------------------------------------------------ */
/* 1, 2: which sitting record resumes                                   */
/* ------------------------------------------------------------------ */

/* 1: the same log piped twice is one sitting of 23 events. */
static void restart__the_same_log_piped_twice_is_recorded_once(void **state)
{
    struct harness_tmp *t = *state;
    const char *log = harness_example("hoffmann-rule-hand.ecarte");
    char out[4096];

    assert_int_equal(harness_sh("cat '%s' | %s record --db '%s' - "
                                ">/dev/null 2>&1",
                                log, harness_ecarte(), t->db),
                     0);
    assert_int_equal(q(t->db, "SELECT count(*) FROM event"), 23);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "cat '%s' | %s record --db '%s' - "
                                     "2>&1 >/dev/null",
                                     log, harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "resuming sitting 1: 23 action(s) "
                                "recorded, 23 of them read again"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM event"), 23);
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM game"), 1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 1);
}

/* 1: after a crash at any line, the whole log piped again ends equal to a
 * clean run (the export, chain head included, byte for byte). */
static void restart__the_whole_log_piped_after_a_crash_goes_on(void **state)
{
    struct harness_tmp *t = *state;
    static const int cuts[] = {4, 9, 20, 57, 133, 200};
    char clean_db[300];
    char clean[300];
    char got[300];

    gen(t->log, 6, 1, "0.1");
    path_in(t, "clean.db", clean_db, sizeof(clean_db));
    path_in(t, "clean.export", clean, sizeof(clean));
    path_in(t, "got.export", got, sizeof(got));
    assert_int_equal(harness_sh("cat '%s' | %s record --db '%s' - "
                                ">/dev/null 2>&1",
                                t->log, harness_ecarte(), clean_db),
                     0);
    export_to(clean_db, 0, true, clean);
    for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
        char out[4096];

        assert_int_equal(harness_sh("rm -f '%s'*", t->db), 0);
        /* what a run killed after line cuts[i] left committed */
        assert_int_equal(harness_sh("head -%d '%s' | %s record --db '%s' - "
                                    ">/dev/null 2>&1",
                                    cuts[i], t->log, harness_ecarte(), t->db),
                         0);
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "cat '%s' | %s record --db '%s' - "
                                         "2>&1 >/dev/null",
                                         t->log, harness_ecarte(), t->db),
                         0);
        if (cuts[i] > 9) {
            assert_non_null(strstr(out, "resuming sitting 1"));
        }
        assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
        export_to(t->db, 0, true, got);
        if (!same_files(clean, got)) {
            fail_msg("cut after line %d: the export differs from a clean "
                     "run", cuts[i]);
        }
    }
}

/* 1: a second table on standard input, with the same tags and the same
 * first lines, gets a sitting of its own and says so. */
static void restart__a_second_table_on_standard_input_is_its_own_sitting(
    void **state)
{
    struct harness_tmp *t = *state;
    char t2_db[300];
    char want[300];
    char got[300];
    char out[4096];

    /* two generated sittings without the Seed tag (the same tags) nor the
     * cut for deal: the same first lines, up to the first cut */
    gen(t->log, 5, 1, "0");
    gen(t->log2, 5, 2, "0");
    assert_int_equal(harness_sh("sed -i '/^\\[Seed /d; /cuts-for-deal/d' "
                                "'%s' '%s'",
                                t->log, t->log2),
                     0);
    path_in(t, "t2.db", t2_db, sizeof(t2_db));
    path_in(t, "want.export", want, sizeof(want));
    path_in(t, "got.export", got, sizeof(got));
    assert_int_equal(harness_sh("cat '%s' | %s record --db '%s' - "
                                ">/dev/null 2>&1",
                                t->log2, harness_ecarte(), t2_db),
                     0);
    export_to(t2_db, 0, false, want);
    assert_int_equal(harness_sh("cat '%s' | %s record --db '%s' - "
                                ">/dev/null 2>&1",
                                t->log, harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "cat '%s' | %s record --db '%s' - "
                                     "2>&1 >/dev/null",
                                     t->log2, harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "line 11 differs from sitting 1: its lines "
                                "go into a new sitting"));
    assert_non_null(strstr(out, "new sitting 2"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 2);
    export_to(t->db, 2, false, got);
    assert_true(same_files(want, got));
    /* and a table with other tags is told apart by them */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "(echo '[Event \"Table 3\"]'; cat '%s') "
                                     "| %s record --db '%s' - 2>&1 >/dev/null",
                                     t->log2, harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "new sitting 3"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 3);
}

/* 2: table 1 records part of its log, table 2 its own, table 1 its whole
 * log: table 1's sitting is resumed, no third sitting. */
static void restart__record_resumes_the_sitting_of_its_own_source(
    void **state)
{
    struct harness_tmp *t = *state;
    char full[300];
    char clean_db[300];
    char want[300];
    char got[300];
    char out[4096];

    path_in(t, "t1-full.ecarte", full, sizeof(full));
    path_in(t, "clean.db", clean_db, sizeof(clean_db));
    path_in(t, "want.export", want, sizeof(want));
    path_in(t, "got.export", got, sizeof(got));
    gen(full, 6, 3, "0.05");
    gen(t->log2, 6, 4, "0.05");
    assert_int_equal(harness_sh("cp '%s' '%s' && %s record --db '%s' '%s' "
                                ">/dev/null 2>&1",
                                full, t->log, harness_ecarte(), clean_db,
                                t->log),
                     0);
    export_to(clean_db, 0, false, want);
    assert_int_equal(harness_sh("head -90 '%s' > '%s'", full, t->log), 0);
    assert_int_equal(harness_record(t->db, t->log), 0);
    assert_int_equal(harness_record(t->db, t->log2), 0);
    assert_int_equal(harness_sh("cp '%s' '%s'", full, t->log), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' '%s' 2>&1 "
                                     ">/dev/null",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, "resuming sitting 1"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 2);
    assert_int_equal(q(t->db, "SELECT count(*) FROM event WHERE "
                              "sitting_id = 1"),
                     q(clean_db, "SELECT count(*) FROM event"));
    export_to(t->db, 1, false, got);
    assert_true(same_files(want, got));
}

/* --sitting ID: the rest of a log goes on with the sitting named. */
static void restart__sitting_option_names_the_sitting(void **state)
{
    struct harness_tmp *t = *state;
    char full[300];
    char clean_db[300];
    char want[300];
    char got[300];
    char out[4096];

    path_in(t, "full.ecarte", full, sizeof(full));
    path_in(t, "clean.db", clean_db, sizeof(clean_db));
    path_in(t, "want.export", want, sizeof(want));
    path_in(t, "got.export", got, sizeof(got));
    gen(full, 4, 5, "0");
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), clean_db, full),
                     0);
    export_to(clean_db, 0, false, want);
    assert_int_equal(harness_sh("head -70 '%s' > '%s'; tail -n +71 '%s' > "
                                "'%s'",
                                full, t->log, full, t->log2),
                     0);
    assert_int_equal(harness_record(t->db, t->log), 0);
    /* another file goes on with sitting 1 */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' --sitting 1 '%s' "
                                     "2>&1 >/dev/null",
                                     harness_ecarte(), t->db, t->log2),
                     0);
    assert_non_null(strstr(out, "resuming sitting 1"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
    export_to(t->db, 1, false, got);
    assert_true(same_files(want, got));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' --sitting 7 '%s' "
                                     "2>&1",
                                     harness_ecarte(), t->db, t->log2),
                     2);
    assert_non_null(strstr(out, "no sitting 7"));
    assert_int_equal(harness_sh("%s record --db '%s' --sitting 1 --new '%s' "
                                ">/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log2),
                     2);
}

/* ------------------------------------------------------------------ */
/* 3, 5: imports                                                        */
/* ------------------------------------------------------------------ */

/* snapshot - the export, score and audit of db into DIR/PREFIX.*. */
static void snapshot(const struct harness_tmp *t, const char *db,
                     const char *prefix)
{
    const char *e = harness_ecarte();
    const char *d = t->dir;

    assert_int_equal(harness_sh("%s export --db '%s' > '%s/%s.export'", e, db,
                                d, prefix),
                     0);
    assert_int_equal(harness_sh("%s score --db '%s' > '%s/%s.score'", e, db,
                                d, prefix),
                     0);
    assert_int_equal(harness_sh("%s verify --db '%s' | sed 's|^[^:]*: ||' > "
                                "'%s/%s.chain'",
                                e, db, d, prefix),
                     0);
    harness_sh("%s audit --db '%s' | sed 's|of [^:]*:|of:|' > '%s/%s.audit'",
               e, db, d, prefix);
}

/* same_snapshots - are DIR/a.* and DIR/b.* the same? */
static void same_snapshots(const struct harness_tmp *t, const char *a,
                           const char *b)
{
    static const char *const kinds[] = {"export", "score", "chain", "audit"};

    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        if (harness_sh("cd '%s' && cmp -s %s.%s %s.%s", t->dir, a, kinds[i],
                       b, kinds[i]) != 0) {
            harness_sh("cd '%s' && diff %s.%s %s.%s | head -5", t->dir, a,
                       kinds[i], b, kinds[i]);
            fail_msg("the %s differs from a clean import", kinds[i]);
        }
    }
}

/* 3: an import killed after 300 deals goes on where it stopped and ends
 * equal to a clean import; meanwhile its sitting counts as imported. */
static void restart__an_interrupted_import_goes_on_to_equal_a_clean_one(
    void **state)
{
    struct harness_tmp *t = *state;
    char clean_db[300];
    char out[4096];
    long deals = 0;
    pid_t pid;
    int status = 0;

    path_in(t, "clean.db", clean_db, sizeof(clean_db));
    gen(t->log, 2000, 8, "0.05");
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), clean_db, t->log),
                     0);
    snapshot(t, clean_db, "clean");
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (freopen("/dev/null", "w", stdout) == NULL ||
            freopen("/dev/null", "w", stderr) == NULL) {
            _exit(3);
        }
        execl(harness_ecarte(), "ecarte", "import", "--db", t->db, t->log,
              (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 4000 && deals < 300; i++) {
        struct timespec ts = {0, 1000000};

        nanosleep(&ts, NULL);
        if (access(t->db, R_OK) == 0) {
            deals = q(t->db, "SELECT count(*) FROM deal");
        }
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    assert_true(WIFSIGNALED(status));
    deals = q(t->db, "SELECT count(*) FROM deal");
    assert_true(deals >= 300 && deals < 2000);
    assert_int_equal(q(t->db, "SELECT complete FROM import_file"), 0);
    /* the part in counts as imported: the audit says "claimed", not
     * "ruled" */
    assert_int_equal(q(t->db, "SELECT count(*) FROM import_file WHERE "
                              "sitting_id = 1"),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, "resuming an interrupted import"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
    assert_int_equal(q(t->db, "SELECT complete FROM import_file"), 1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM event"),
                     q(clean_db, "SELECT count(*) FROM event"));
    snapshot(t, t->db, "resumed");
    same_snapshots(t, "clean", "resumed");
    /* complete: skipped as before */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s'",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, "already imported"));
}

/* 5: a log on standard input from a pipe is read once, hashed and
 * imported whole; the same file is then already imported. */
static void restart__a_log_from_a_pipe_is_imported_whole(void **state)
{
    struct harness_tmp *t = *state;
    const char *log = harness_example("club-evening.ecarte");
    char out[4096];

    assert_int_equal(harness_capture(out, sizeof(out),
                                     "cat '%s' | %s import --db '%s' -",
                                     log, harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "24 deals imported, 0 quarantined"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 24);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s'",
                                     harness_ecarte(), t->db, log),
                     0);
    assert_non_null(strstr(out, "already imported"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 24);
}

/* ------------------------------------------------------------------ */
/* 4: quarantine keeps context                                          */
/* ------------------------------------------------------------------ */

/* 4: one unreadable line in deal 1: the deal is quarantined, every game
 * ends as in a clean import (game 1 marked), the audit accuses nobody. */
static void restart__a_quarantined_deal_leaves_the_games_as_the_log_says(
    void **state)
{
    struct harness_tmp *t = *state;
    char clean_db[300];
    char out[16384];

    path_in(t, "clean.db", clean_db, sizeof(clean_db));
    gen(t->log2, 24, 11, "0");
    /* the first "asks N" (deal 1) becomes "asks two" */
    assert_int_equal(harness_sh("awk '!done && / asks [0-9]/ "
                                "{sub(/asks [0-9]/, \"asks two\"); done=1} "
                                "{print}' '%s' > '%s'",
                                t->log2, t->log),
                     0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), clean_db, t->log2),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     1);
    assert_non_null(strstr(out, "found \"two\" (deal quarantined)"));
    assert_non_null(strstr(out, "23 deals imported, 1 quarantined"));
    assert_null(strstr(out, "the log records"));
    /* every game's result as in the clean import */
    assert_int_equal(harness_sh("%s score --db '%s' | grep ' to [AB], ' > "
                                "'%s/a.games' && %s score --db '%s' | grep "
                                "' to [AB], ' > '%s/b.games' && cmp -s "
                                "'%s/a.games' '%s/b.games'",
                                harness_ecarte(), clean_db, t->dir,
                                harness_ecarte(), t->db, t->dir, t->dir,
                                t->dir),
                     0);
    assert_int_equal(q(t->db, "SELECT count(*) FROM game WHERE winner IS "
                              "NOT NULL"),
                     q(clean_db, "SELECT count(*) FROM game WHERE winner IS "
                                 "NOT NULL"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 23);
    /* deal 1 is missing; every other keeps its number, dealer, tricks
     * and points */
    assert_int_equal(q(t->db, "SELECT min(number) FROM deal"), 2);
    assert_int_equal(harness_sh("%s score --db '%s' | grep -E '^ +[0-9]+ ' | "
                                "grep -v -E '^ +1 ' > '%s/a.deals' && %s "
                                "score --db '%s' | grep -E '^ +[0-9]+ ' > "
                                "'%s/b.deals' && cmp -s '%s/a.deals' "
                                "'%s/b.deals'",
                                harness_ecarte(), clean_db, t->dir,
                                harness_ecarte(), t->db, t->dir, t->dir,
                                t->dir),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "game 1: 1 deal(s) quarantined"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --json --db '%s' | grep -c "
                                     "'\"game\":1,.*\"game_quarantined\":1'",
                                     harness_ecarte(), t->db),
                     0);
    /* the export says where the deal stood */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c "
                                     "'^# quarantined: a deal that could not "
                                     "be read stood here'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(atoi(out), 1);
    /* the audit: the quarantined deal, and nothing that follows from it */
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "game 1: a deal that could not be read"));
    assert_non_null(strstr(out, "irregularities none; 1 finding(s)"));
    assert_null(strstr(out, "L14"));
    assert_null(strstr(out, "L51"));
}

/* 4: the deal whose chunk made the sitting is quarantined: the import
 * goes on (no foreign key failure), 23 deals land. */
static void restart__a_quarantined_first_deal_does_not_break_the_import(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    /* no game line, no cut for deal: the first deal makes the sitting */
    assert_int_equal(harness_sh("grep -v '^game$\\|cuts-for-deal' '%s' | "
                                "sed 's/^A gives B 2 QH QC$/A gives B 2 QH "
                                "9X/' > '%s'",
                                harness_example("club-evening.ecarte"),
                                t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     1);
    assert_null(strstr(out, "FOREIGN KEY"));
    assert_non_null(strstr(out, "23 deals imported, 1 quarantined"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 23);
    assert_int_equal(q(t->db, "SELECT after_event FROM quarantine"), 0);
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null",
                                harness_ecarte(), t->db),
                     0);
}

/* ------------------------------------------------------------------ */
/* 6, 11: what a crash or a pipe leaves                                 */
/* ------------------------------------------------------------------ */

/* 6: killed between an action and its `= ruling` line, the resumed run
 * matches the line with the ruling: no finding, exit 0. */
static void restart__a_ruling_line_after_a_crash_is_no_finding(void **state)
{
    struct harness_tmp *t = *state;
    char case_path[300];
    char out[8192];

    harness_path("tests/cases/l40_lead_out_of_turn_taken_back_fires.ecarte",
                 case_path, sizeof(case_path));
    /* the run got as far as "A leads 8H", not its "= ruling L40" line */
    assert_int_equal(harness_sh("awk '/^= ruling L40/ {exit} {print}' '%s' "
                                "> '%s'",
                                case_path, t->log),
                     0);
    assert_int_equal(harness_sh("tail -1 '%s' | grep -q '^A leads 8H$'",
                                t->log),
                     0);
    assert_int_equal(harness_record(t->db, t->log), 0);
    assert_int_equal(harness_sh("cp '%s' '%s'", case_path, t->log), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_null(strstr(out, "the log records"));
    assert_non_null(strstr(out, "resuming sitting 1"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
}

/* 11: a last line without its newline on a pipe is not taken ("A cuts 20"
 * cut to "A cuts 2"); from a file it is whole. */
static void restart__a_line_cut_short_on_a_pipe_is_not_taken(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    harness_write(t->log, "game\ndeal B\nA shuffles\nB shuffles\nA cuts 20");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "cat '%s' | %s record --db '%s' - 2>&1",
                                     t->log, harness_ecarte(), t->db),
                     2);
    assert_non_null(strstr(out, "-:5:10: expected the end of the line"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM event"), 4);
    assert_int_equal(q(t->db, "SELECT count(*) FROM event WHERE text LIKE "
                              "'A cuts%'"),
                     0);
    /* the same bytes from a file: its end ends the line */
    assert_int_equal(harness_sh("%s record --db '%s' - < '%s' >/dev/null "
                                "2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(q(t->db, "SELECT count(*) FROM event WHERE text = "
                              "'A cuts 20'"),
                     1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
}

/* ------------------------------------------------------------------ */
/* 7: two processes, one ledger                                         */
/* ------------------------------------------------------------------ */

/* 7: two tables (record FILE, record -) on one new ledger at once, ten
 * times: both exit 0, each sitting equal to its table's clean run. */
static void restart__two_tables_at_once_on_a_new_ledger(void **state)
{
    struct harness_tmp *t = *state;
    char c1[300];
    char c2[300];
    char w1[300];
    char w2[300];
    char s1[300];
    char s2[300];

    path_in(t, "c1.db", c1, sizeof(c1));
    path_in(t, "c2.db", c2, sizeof(c2));
    path_in(t, "w1.export", w1, sizeof(w1));
    path_in(t, "w2.export", w2, sizeof(w2));
    path_in(t, "s1.export", s1, sizeof(s1));
    path_in(t, "s2.export", s2, sizeof(s2));
    gen(t->log, 6, 21, "0");
    gen(t->log2, 6, 22, "0");
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), c1, t->log),
                     0);
    assert_int_equal(harness_sh("cat '%s' | %s record --db '%s' - >/dev/null "
                                "2>&1",
                                t->log2, harness_ecarte(), c2),
                     0);
    export_to(c1, 0, false, w1);
    export_to(c2, 0, false, w2);
    for (int i = 0; i < 10; i++) {
        int rc;

        assert_int_equal(harness_sh("rm -f '%s'*", t->db), 0);
        rc = harness_sh("E=%s; $E record --db '%s' '%s' >/dev/null 2>&1 & "
                        "a=$!; cat '%s' | $E record --db '%s' - >/dev/null "
                        "2>&1 & b=$!; wait $a; ra=$?; wait $b; rb=$?; "
                        "exit $((ra * 16 + rb))",
                        harness_ecarte(), t->db, t->log, t->log2, t->db);
        if (rc != 0) {
            fail_msg("run %d: exit %d and %d", i, rc / 16, rc % 16);
        }
        assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 2);
        export_to(t->db, 1, false, s1);
        export_to(t->db, 2, false, s2);
        assert_true((same_files(s1, w1) && same_files(s2, w2)) ||
                    (same_files(s1, w2) && same_files(s2, w1)));
    }
}

/* 7: record waits for a lock held longer than the old 5 s, and says so
 * after a second. */
static void restart__a_writer_waits_for_the_lock_and_says_so(void **state)
{
    struct harness_tmp *t = *state;
    char err[300];
    char out[4096];
    sqlite3 *h = NULL;
    pid_t pid;
    int status = 0;
    struct timespec ts = {5, 500000000};
    FILE *fp;
    size_t n;

    path_in(t, "err.txt", err, sizeof(err));
    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-refused.ecarte")), 0);
    assert_int_equal(sqlite3_open(t->db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL),
                     SQLITE_OK);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (freopen("/dev/null", "w", stdout) == NULL ||
            freopen(err, "w", stderr) == NULL) {
            _exit(3);
        }
        execl(harness_ecarte(), "ecarte", "record", "--db", t->db,
              harness_example("hoffmann-rule-hand.ecarte"), (char *)NULL);
        _exit(127);
    }
    nanosleep(&ts, NULL);
    assert_int_equal(waitpid(pid, &status, WNOHANG), 0);   /* still waits */
    sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(h);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    fp = fopen(err, "r");
    assert_non_null(fp);
    n = fread(out, 1, sizeof(out) - 1, fp);
    out[n] = '\0';
    fclose(fp);
    assert_non_null(strstr(out, "another ecarte is writing to the ledger; "
                                "waiting for it"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 2);
}

/* ------------------------------------------------------------------ */
/* 8, 9: reading and refusing                                           */
/* ------------------------------------------------------------------ */

/* 8: an action added after the chain head of an export is not in the
 * chain: verify --log finds it. */
static void restart__verify_log_finds_an_action_past_the_head(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-rule-hand.ecarte")), 0);
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'",
                                harness_ecarte(), t->db, t->out),
                     0);
    assert_int_equal(harness_sh("%s verify --db '%s' --log '%s' >/dev/null",
                                harness_ecarte(), t->db, t->out),
                     0);
    assert_int_equal(harness_sh("echo 'B marks 1' >> '%s'", t->out), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log '%s'",
                                     harness_ecarte(), t->db, t->out),
                     1);
    assert_non_null(strstr(out, "differs from the ledger"));
    assert_non_null(strstr(out, "ends before it"));
}

/* 8: exports made while a table records: each one's [Chain] head is its
 * last action (one snapshot), so each verifies against the ledger. */
static void restart__exports_made_while_recording_end_at_their_head(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[300];
    int verified = 0;
    int rc;

    gen(t->log, 150, 5, "0");
    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-refused.ecarte")), 0);
    rc = harness_sh("E=%s; $E record --db '%s' '%s' >/dev/null 2>&1 & p=$!; "
                    "i=0; while [ $i -lt 10 ]; do $E export --db '%s' "
                    "--sitting 2 > \"%s/x$i.export\" 2>/dev/null; i=$((i+1)); "
                    "done; wait $p",
                    harness_ecarte(), t->db, t->log, t->db, t->dir);
    assert_int_equal(rc, 0);
    for (int i = 0; i < 10; i++) {
        path_in(t, "x", out, sizeof(out));
        snprintf(out + strlen(out), sizeof(out) - strlen(out), "%d.export",
                 i);
        if (harness_sh("grep -q '^\\[Chain ' '%s'", out) != 0) {
            continue;           /* before the sitting's first action */
        }
        {
            char head[128];
            char count[32];
            char sql[256];

            harness_capture(head, sizeof(head), "sed -n 's/.*head=\\([0-9a-f]*"
                            "\\).*/\\1/p' '%s'", out);
            head[strcspn(head, "\n")] = '\0';
            harness_capture(count, sizeof(count), "grep -v -e '^\\[' -e "
                            "'^=' -e '^#' '%s' | grep -c .", out);
            snprintf(sql, sizeof(sql), "SELECT seq FROM event WHERE hash = "
                     "'%s'", head);
            if (q(t->db, sql) != atol(count)) {
                fail_msg("export %d: its chain head is event %ld of the "
                         "sitting, it holds %ld", i, q(t->db, sql),
                         atol(count));
            }
        }
        if (harness_sh("%s verify --db '%s' --log '%s' >/dev/null",
                       harness_ecarte(), t->db, out) != 0) {
            fail_msg("export %d does not verify", i);
        }
        verified++;
    }
    assert_true(verified > 0);
}

/* 9: a ledger with an overwritten page, or truncated: record and import
 * refuse it (exit 2) and leave it as it was; readers exit 2 on errors. */
static void restart__a_damaged_ledger_is_not_written_to(void **state)
{
    struct harness_tmp *t = *state;
    char copy[300];
    char out[4096];
    FILE *fp;

    path_in(t, "copy.db", copy, sizeof(copy));
    assert_int_equal(
        harness_record(t->db, harness_example("club-evening.ecarte")), 0);
    fp = fopen(t->db, "r+b");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, 55L * 4096, SEEK_SET), 0);
    fwrite("\xde\xad\xbe\xef\xde\xad\xbe\xef\xde\xad\xbe\xef", 1, 12, fp);
    fclose(fp);
    assert_int_equal(harness_sh("cp '%s' '%s'", t->db, copy), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db,
                                     harness_example("hoffmann-refused."
                                                     "ecarte")),
                     2);
    assert_non_null(strstr(out, "damaged"));
    assert_non_null(strstr(out, "nothing was written"));
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db,
                                harness_example("hoffmann-refused.ecarte")),
                     2);
    assert_true(same_files(t->db, copy));
    assert_int_equal(harness_sh("%s export --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     2);
    /* truncated to half */
    assert_int_equal(
        harness_sh("rm -f '%s'*; %s record --db '%s' '%s' >/dev/null 2>&1; "
                   "truncate -s 122880 '%s'",
                   t->db, harness_ecarte(), t->db,
                   harness_example("club-evening.ecarte"), t->db),
        0);
    assert_int_equal(harness_sh("cp '%s' '%s'", t->db, copy), 0);
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db,
                                harness_example("hoffmann-refused.ecarte")),
                     2);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db,
                                harness_example("hoffmann-refused.ecarte")),
                     2);
    assert_true(same_files(t->db, copy));
    assert_int_equal(harness_sh("%s score --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     2);
    assert_int_equal(harness_sh("%s export --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     2);
    assert_int_equal(harness_sh("%s audit --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     2);
}

/* 9: score on a ledger whose scoresheet cannot be read exits 2 (it printed
 * nothing and exited 0). */
static void restart__score_exits_2_when_the_ledger_cannot_be_read(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    sqlite3 *h = NULL;

    assert_int_equal(
        harness_record(t->db, harness_example("club-evening.ecarte")), 0);
    /* the scoresheet's table damaged where only it is read */
    assert_int_equal(sqlite3_open(t->db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "PRAGMA writable_schema = ON; "
                                     "UPDATE sqlite_schema SET rootpage = "
                                     "(SELECT rootpage FROM sqlite_schema "
                                     "WHERE name = 'tag') WHERE name = "
                                     "'deal'",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(h);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --db '%s' 2>&1",
                                     harness_ecarte(), t->db),
                     2);
    assert_non_null(strstr(out, "ecarte score:"));
}

/* 9: an empty file is not a ledger unless --new. */
static void restart__an_empty_file_is_not_a_ledger_unless_new(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    harness_write(t->db, "");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db,
                                     harness_example("hoffmann-refused."
                                                     "ecarte")),
                     2);
    assert_non_null(strstr(out, "an empty file, not a ledger (--new makes "
                                "it a new ledger)"));
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db,
                                harness_example("hoffmann-refused.ecarte")),
                     2);
    assert_int_equal(harness_sh("test -s '%s'", t->db), 1);
    assert_int_equal(harness_sh("%s record --new --db '%s' '%s' >/dev/null "
                                "2>&1",
                                harness_ecarte(), t->db,
                                harness_example("hoffmann-refused.ecarte")),
                     0);
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
}

/* 10: a reader without --sitting, while another writer has opened a
 * sitting that has no action yet: export and report take the newest
 * sitting with an action and say which, exit 0. */
static void restart__readers_take_the_newest_sitting_with_an_action(
    void **state)
{
    struct harness_tmp *t = *state;
    struct ledger *l = NULL;
    char out[8192];
    int64_t id = 0;

    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-refused.ecarte")), 0);
    /* as import begins a sitting: the row and its tags, no action yet */
    assert_int_equal(ledger_open(&l, t->db, 0), 0);
    assert_int_equal(ledger_sitting_add(l, "incoming.ecarte", &id), 0);
    assert_int_equal(id, 2);
    assert_int_equal(ledger_tag_add(l, id, "Event", "incoming"), 0);
    ledger_close(l);
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s' "
                                     "2>&1 >/dev/null", harness_ecarte(),
                                     t->db),
                     0);
    assert_non_null(strstr(out, "sitting 1, the newest with an action "
                                "(sitting 2 has none yet)"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s' "
                                     "2>/dev/null | grep -c 'Site \"Hoffmann'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(atoi(out), 1);
    assert_int_equal(harness_sh("%s report --db '%s' -o '%s/r.html' "
                                ">/dev/null 2>&1",
                                harness_ecarte(), t->db, t->dir),
                     0);
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null",
                                harness_ecarte(), t->db),
                     0);
}

/* 11: the ledger pulled away under a running `record -` (deleted,
 * replaced, its WAL removed): record notices at the next commit and stops
 * with exit 2, saying what happened, instead of taking the rest. */
static void restart__a_ledger_pulled_away_stops_the_writer(void **state)
{
    static const char *const how[] = {
        "rm -f l.db", "cp l.db o.db && mv o.db l.db", "rm -f l.db-wal",
    };
    static const char *const said[] = {
        "the ledger l.db was deleted while ecarte wrote to it",
        "the ledger l.db was replaced by another file",
        "the ledger's WAL file l.db-wal was removed",
    };
    struct harness_tmp *t = *state;
    char out[8192];

    assert_int_equal(harness_sh("%s gen --deals 40 --seed 4 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    for (size_t i = 0; i < sizeof(how) / sizeof(how[0]); i++) {
        assert_int_equal(
            harness_capture(out, sizeof(out),
                            "e=$(realpath '%s'); cd '%s' || exit 1; "
                            "rm -f l.db* f; mkfifo f || exit 1; "
                            "{ \"$e\" record --db l.db - < f > /dev/null "
                            "2> err; echo \"exit=$?\" >> err; } & "
                            "exec 3> f; head -300 '%s' >&3; sleep 1; %s; "
                            "sed -n '301,700p' '%s' >&3; exec 3>&-; wait; "
                            "cat err",
                            harness_ecarte(), t->dir, t->log, how[i],
                            t->log),
            0);
        if (strstr(out, said[i]) == NULL || strstr(out, "exit=2") == NULL) {
            fail_msg("after `%s` record said:\n%s", how[i], out);
        }
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(restart__the_same_log_piped_twice_is_recorded_once),
        T(restart__readers_take_the_newest_sitting_with_an_action),
        T(restart__a_ledger_pulled_away_stops_the_writer),
        T(restart__the_whole_log_piped_after_a_crash_goes_on),
        T(restart__a_second_table_on_standard_input_is_its_own_sitting),
        T(restart__record_resumes_the_sitting_of_its_own_source),
        T(restart__sitting_option_names_the_sitting),
        T(restart__an_interrupted_import_goes_on_to_equal_a_clean_one),
        T(restart__a_log_from_a_pipe_is_imported_whole),
        T(restart__a_quarantined_deal_leaves_the_games_as_the_log_says),
        T(restart__a_quarantined_first_deal_does_not_break_the_import),
        T(restart__a_ruling_line_after_a_crash_is_no_finding),
        T(restart__a_line_cut_short_on_a_pipe_is_not_taken),
        T(restart__two_tables_at_once_on_a_new_ledger),
        T(restart__a_writer_waits_for_the_lock_and_says_so),
        T(restart__verify_log_finds_an_action_past_the_head),
        T(restart__exports_made_while_recording_end_at_their_head),
        T(restart__a_damaged_ledger_is_not_written_to),
        T(restart__score_exits_2_when_the_ledger_cannot_be_read),
        T(restart__an_empty_file_is_not_a_ledger_unless_new),
#undef T
    };

    return cmocka_run_group_tests_name("restart", tests, group_setup, NULL);
}
