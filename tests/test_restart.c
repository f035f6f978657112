/* SPDX-License-Identifier: MIT */
/*
 * test_restart.c - sittings that survive restarts, end to end: which
 * sitting `record` resumes (its source, its recorded lines; --sitting),
 * nothing doubled or merged; interrupted imports that go on to equal a
 * clean one; standard input imported whole; quarantined deals that leave
 * the games as the log states them; a crash between an action and its
 * `=` line; lines cut short on a pipe.  Each test is one numbered part of
 * issue 8; parts 7 to 9 (two processes on one ledger, reading and
 * refusing) are tested in test_restart_ledger.c, and the helpers both use
 * are in restart_util.h.
 */
#include "tests/harness.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/restart_util.h"

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

/* --sitting ID with a log refused (exit 2) at its first action: the new
 * tag it read before is not added to the sitting.  The near miss: the
 * same tag before the actions that go on with the sitting is added with
 * them. */
static void restart__a_refused_log_adds_no_tag_to_the_sitting(void **state)
{
    struct harness_tmp *t = *state;
    char full[300];
    char out[4096];

    path_in(t, "full.ecarte", full, sizeof(full));
    gen(full, 4, 5, "0");
    assert_int_equal(harness_sh("head -70 '%s' > '%s'; { printf '[Venue "
                                "\"Club\"]\n'; tail -n +71 '%s'; } > '%s'",
                                full, t->log, full, t->log2),
                     0);
    assert_int_equal(harness_record(t->db, t->log), 0);
    /* a first deal's cut after the sitting's first deals: refused */
    assert_int_equal(harness_sh("printf '[Venue \"Club\"]\nA cuts-for-deal "
                                "JC\n' > '%s'", full), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' --sitting 1 '%s' "
                                     "2>&1 >/dev/null",
                                     harness_ecarte(), t->db, full),
                     2);
    assert_non_null(strstr(out, ":2:1: expected"));
    assert_int_equal(q(t->db, "SELECT count(*) FROM tag WHERE name = "
                       "'Venue'"), 0);
    /* near miss: the tag before the actions that go on: added */
    assert_int_equal(harness_sh("%s record --db '%s' --sitting 1 '%s' "
                                ">/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log2),
                     0);
    assert_int_equal(q(t->db, "SELECT count(*) FROM tag WHERE name = "
                       "'Venue' AND value = 'Club' AND sitting_id = 1"), 1);
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db), 0);
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

/* 3: an import into an existing ledger killed after 300 deals goes on
 * where it stopped and ends equal to a clean import; meanwhile its
 * sitting counts as imported. */
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
    /* into existing ledgers: an import into a new one is all or nothing
     * (test_import_build.c) */
    harness_write(t->log2, "");
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null && "
                                "%s record --db '%s' '%s' >/dev/null",
                                harness_ecarte(), clean_db, t->log2,
                                harness_ecarte(), t->db, t->log2),
                     0);
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

/* A log of tags and comments with no action, imported, makes its sitting
 * with them (as a table left before any action does): its export gives
 * them back with a [Chain] tag of none, which verifies; imported again it
 * adds nothing.  Recorded, it records nothing and says so (the sitting is
 * made at its first action, a log cut short after its tags going on in
 * the sitting its whole log makes). */
static void restart__a_log_of_tags_alone_is_kept_or_said(void **state)
{
    struct harness_tmp *t = *state;
    char out[1024];

    harness_write(t->log, "[Event \"Club\"]\n# before the cut\n"
                          "[A \"Ann\"]\n");
    for (int i = 0; i < 2; i++) {
        assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null "
                                    "2>&1",
                                    harness_ecarte(), t->db, t->log),
                         0);
        assert_int_equal(harness_capture(out, sizeof(out), "sqlite3 '%s' "
                                         "'SELECT count(*) FROM sitting; "
                                         "SELECT count(*) FROM tag'",
                                         t->db),
                         0);
        assert_string_equal(out, "1\n2\n");
    }
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s' "
                                     "| tee '%s'",
                                     harness_ecarte(), t->db, t->out),
                     0);
    assert_string_equal(out, "[Event \"Club\"]\n# before the cut\n"
                             "[A \"Ann\"]\n[Chain \"sitting=1 from=0 "
                             "head=000000000000000000000000000000000000000"
                             "0000000000000000000000000\"]\n");
    assert_int_equal(harness_sh("%s verify --db '%s' --log '%s' >/dev/null",
                                harness_ecarte(), t->db, t->out),
                     0);
    /* recorded: nothing, said */
    assert_int_equal(harness_capture(out, sizeof(out), "rm -f '%s'* && %s "
                                     "record --db '%s' '%s' 2>&1",
                                     t->db, harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, "no action read: nothing recorded"));
    assert_int_equal(harness_capture(out, sizeof(out), "sqlite3 '%s' "
                                     "'SELECT count(*) FROM sitting'",
                                     t->db),
                     0);
    assert_string_equal(out, "0\n");
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(restart__the_same_log_piped_twice_is_recorded_once),
        T(restart__the_whole_log_piped_after_a_crash_goes_on),
        T(restart__a_second_table_on_standard_input_is_its_own_sitting),
        T(restart__record_resumes_the_sitting_of_its_own_source),
        T(restart__sitting_option_names_the_sitting),
        T(restart__a_refused_log_adds_no_tag_to_the_sitting),
        T(restart__a_log_of_tags_alone_is_kept_or_said),
        T(restart__an_interrupted_import_goes_on_to_equal_a_clean_one),
        T(restart__a_log_from_a_pipe_is_imported_whole),
        T(restart__a_quarantined_deal_leaves_the_games_as_the_log_says),
        T(restart__a_quarantined_first_deal_does_not_break_the_import),
        T(restart__a_ruling_line_after_a_crash_is_no_finding),
        T(restart__a_line_cut_short_on_a_pipe_is_not_taken),
#undef T
    };

    return cmocka_run_group_tests_name("restart", tests, group_setup, NULL);
}
