/* SPDX-License-Identifier: MIT */
/*
 * test_restart_ledger.c - one ledger under several processes and in bad
 * repair, end to end: two tables on one new ledger at once; a writer that
 * waits for the lock and says so; verify --log past the chain head;
 * exports made while recording; readers taking the newest sitting with an
 * action; damaged, unreadable, empty and pulled-away ledgers refused.
 * Each test is one numbered part (7 to 9) of issue 8.
 */
#include "tests/harness.h"

#include "ledger/ledger.h"

#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/restart_util.h"

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
            /* the event whose hash (whole, or cut short) begins it */
            snprintf(sql, sizeof(sql), "SELECT seq FROM event WHERE "
                     "hex(hash) = upper(substr('%s', 1, 2 * length(hash)))",
                     head);
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
        "the ledger l.db was deleted or renamed while ecarte wrote to it",
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
        T(restart__readers_take_the_newest_sitting_with_an_action),
        T(restart__a_ledger_pulled_away_stops_the_writer),
        T(restart__two_tables_at_once_on_a_new_ledger),
        T(restart__a_writer_waits_for_the_lock_and_says_so),
        T(restart__verify_log_finds_an_action_past_the_head),
        T(restart__exports_made_while_recording_end_at_their_head),
        T(restart__a_damaged_ledger_is_not_written_to),
        T(restart__score_exits_2_when_the_ledger_cannot_be_read),
        T(restart__an_empty_file_is_not_a_ledger_unless_new),
#undef T
    };

    return cmocka_run_group_tests_name("restart_ledger", tests, group_setup,
                                       NULL);
}
