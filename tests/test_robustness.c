/* SPDX-License-Identifier: MIT */
/* test_robustness.c - bad input a newcomer threw at the command (kept as
 * tests): directories and endless lines as logs, unknown cards played,
 * damaged and unwritable files, conflicting tags, logs that stop mid-deal,
 * edited logs on resume, exports of what does not exist, bad options. */
#include "tests/harness.h"

#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char deal_head[] = "game\ndeal B\nA shuffles\nB shuffles\n"
                                "A cuts 14\nB gives A 3 QH AH 7H\n"
                                "B gives B 3 KH JH 9H\nB gives A 2 KS KD\n"
                                "B gives B 2 8H 9C\nB turns TH\nA stands\n";

static void robust__directory_as_a_log_is_refused(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->dir),
                     2);
    assert_non_null(strstr(out, "Is a directory"));
    assert_int_equal(harness_sh("%s record --db '%s' >/dev/null 2>&1 "
                                "</dev/null",
                                harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "timeout 20 %s verify --db '%s' --log "
                                     "'%s' 2>&1",
                                     harness_ecarte(), t->db, t->dir),
                     2);
    assert_non_null(strstr(out, "Is a directory"));
}

static void robust__endless_line_ends_the_input(void **state)
{
    char out[4096];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "timeout 20 %s check /dev/zero 2>&1",
                                     harness_ecarte()),
                     2);
    assert_non_null(strstr(out, "/dev/zero:1:4097: expected a line of at "
                                "most 4096 bytes"));
}

static void robust__unknown_card_played_is_an_error(void **state)
{
    struct harness_tmp *t = *state;
    char text[1024];
    char out[4096];

    snprintf(text, sizeof(text), "%sA leads KD\nB plays ??\n", deal_head);
    harness_write(t->log, text);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    /* the column of the card it names */
    assert_non_null(strstr(out, "in.ecarte:13:9: expected the card played, "
                                "found ??"));
}

static void robust__scoresheet_shows_a_game_in_progress(void **state)
{
    struct harness_tmp *t = *state;
    char text[1024];
    char out[4096];

    /* a case study starting at A 1 B 1; the Hoffmann hand gives B 3 */
    snprintf(text, sizeof(text),
             "score A 1 B 1\n%s"
             "A leads KD\nB announces king\nB plays JH\nB leads KH\n"
             "A plays 7H\nB leads 9C\nA plays AH\nA leads KS\nB plays 9H\n"
             "B leads 8H\nA plays QH\n",
             deal_head + strlen("game\n"));
    harness_write(t->log, text);
    assert_int_equal(harness_record(t->db, t->log), 0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "game 1 not finished: A 1 B 4"));
}

static void robust__damaged_ledger_is_reported(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    FILE *fp;

    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long root = 0;

    assert_int_equal(
        harness_record(t->db, harness_example("club-evening.ecarte")), 0);
    /* the events' root page: where the schema puts it, not a fixed place
     * (a new table moves the pages after it) */
    assert_int_equal(sqlite3_open_v2(t->db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT rootpage FROM "
                                           "sqlite_schema WHERE name = "
                                           "'event'",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    root = (long)sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(h);
    assert_true(root > 1);
    fp = fopen(t->db, "r+b");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, (root - 1) * 4096, SEEK_SET), 0);
    fwrite("\xde\xad\xbe\xef\xde\xad\xbe\xef\xde\xad\xbe\xef", 1, 12, fp);
    fclose(fp);
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "DAMAGED"));
    assert_int_equal(harness_sh("%s audit --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     2);
}

static void robust__unwritable_output_is_an_error(void **state)
{
    struct harness_tmp *t = *state;

    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-refused.ecarte")), 0);
    assert_int_equal(harness_sh("%s export --db '%s' >/dev/full 2>/dev/null",
                                harness_ecarte(), t->db),
                     2);
}

static void robust__import_json_is_json_only(void **state)
{
    struct harness_tmp *t = *state;

    assert_int_equal(harness_sh("%s import --json --db '%s' '%s' '%s' | "
                                "python3 -c 'import json,sys; "
                                "[json.loads(l) for l in sys.stdin]'",
                                harness_ecarte(), t->db,
                                harness_example("hoffmann-refused.ecarte"),
                                harness_example("hoffmann-refused.ecarte")),
                     0);
}

/* import --json names each deal quarantined in a `quarantine` object
 * (line, column, why), before its file's `import` object; a file with
 * none has none (the near miss). */
static void robust__import_json_names_each_quarantined_deal(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    harness_write(t->log, "game\ndeal A\nA gives Q 3 KS\n");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --json --db '%s' '%s' "
                                     "2>/dev/null",
                                     harness_ecarte(), t->db, t->log),
                     1);
    assert_non_null(strstr(out, "{\"type\":\"quarantine\",\"source\":\""));
    assert_non_null(strstr(out, "in.ecarte\",\"line\":3,\"column\":9,"
                                "\"message\":\"expected a seat (A or B), "
                                "found \\\"Q\\\"\"}\n{\"type\":\"import\""));
    harness_sh("rm -f '%s'", t->db);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --json --db '%s' '%s' "
                                     "2>/dev/null",
                                     harness_ecarte(), t->db,
                                     harness_example("disputed-evening.ecarte")),
                     0);
    assert_null(strstr(out, "quarantine\""));
    assert_non_null(strstr(out, "\"type\":\"import\""));
}

static void robust__conflicting_or_repeated_tags_are_refused(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    harness_write(t->log, "[Laws \"london; game=7\"]\n[Target \"11\"]\ngame\n");
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_non_null(strstr(out, "in.ecarte:2:10: expected the Target tag to "
                                "agree with the Laws switch game=7"));
    harness_write(t->log, "[A \"Ann\"]\n[A \"Ada\"]\ngame\n");
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_non_null(strstr(out, "in.ecarte:2:5: expected one value for [A], "
                                "found a second, \"Ada\""));
    /* game=5 written is no default: a Target tag must agree with it, in
     * either order; the near miss agrees.  Each at its value's column. */
    const char *contrary[][2] = {
        {"[Target \"7\"]\n[Laws \"london; game=5\"]\ngame\n",
         "in.ecarte:2:8: expected the Laws switch game=5 to agree with the "
         "Target tag, found Target 7"},
        {"[Laws \"london; game=5\"]\n[Target \"7\"]\ngame\n",
         "in.ecarte:2:10: expected the Target tag to agree with the Laws "
         "switch game=5, found 7"},
        {"[Laws \"london; game=5; game=7\"]\ngame\n",
         "in.ecarte:1:8: expected one value for the Laws switch game, found "
         "a second, \"7\""},
        {"[Date \"2026.03.05\"]\n[Date \"2025.01.01\"]\ngame\n",
         "in.ecarte:2:8: expected one value for [Date], found a second, "
         "\"2025.01.01\""},
    };
    for (size_t i = 0; i < sizeof(contrary) / sizeof(contrary[0]); i++) {
        harness_write(t->log, contrary[i][0]);
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "%s check '%s' 2>&1",
                                         harness_ecarte(), t->log),
                         2);
        if (strstr(out, contrary[i][1]) == NULL) {
            fail_msg("no \"%s\" in: %s", contrary[i][1], out);
        }
    }
    /* numbers are decimal, no sign, no blank: refused at the value */
    const char *unsigned_only[][2] = {
        {"[Target \"+7\"]\ngame\n",
         "in.ecarte:1:10: expected points for game: 5, 7 or 11"},
        {"[Rubber \" 3\"]\ngame\n",
         "in.ecarte:1:10: expected an odd number of games or 0"},
        {"[Laws \"london; rubber=+3\"]\ngame\n", "in.ecarte:1:8: expected"},
    };
    for (size_t i = 0; i < sizeof(unsigned_only) / sizeof(unsigned_only[0]);
         i++) {
        harness_write(t->log, unsigned_only[i][0]);
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "%s check '%s' 2>&1",
                                         harness_ecarte(), t->log),
                         2);
        if (strstr(out, unsigned_only[i][1]) == NULL) {
            fail_msg("no \"%s\" in: %s", unsigned_only[i][1], out);
        }
    }
    const char *agreed[] = {
        "[Target \"7\"]\n[Rubber \"3\"]\n[Laws \"london; rubber=3\"]\n"
        "game\n",
        "[Target \"5\"]\n[Laws \"london; game=5\"]\ngame\n",
        "[Laws \"london; game=7; game=7\"]\n[Target \"7\"]\ngame\n",
        "[Target \"7\"]\n[Laws \"london\"]\ngame\n",
        "[Date \"2026.03.05\"]\n[Date \"2026.03.05\"]\ngame\n",
    };
    for (size_t i = 0; i < sizeof(agreed) / sizeof(agreed[0]); i++) {
        harness_write(t->log, agreed[i]);
        assert_int_equal(harness_sh("%s check '%s' >/dev/null 2>&1",
                                    harness_ecarte(), t->log),
                         0);
    }
    /* a descriptive tag given twice is kept, not an error */
    harness_write(t->log, "[Annotator \"x\"]\n[Annotator \"y\"]\ngame\n");
    assert_int_equal(
        harness_sh("%s check '%s' >/dev/null 2>&1", harness_ecarte(), t->log),
        0);
}

static void robust__import_quarantines_a_log_that_stops_mid_deal(void **state)
{
    struct harness_tmp *t = *state;
    char text[1024];
    char out[4096];

    snprintf(text, sizeof(text), "%sA leads KD\nB plays JH\n", deal_head);
    harness_write(t->log, text);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     1);
    assert_non_null(strstr(out, "0 deals imported, 1 quarantined"));
    assert_non_null(strstr(out, "found the end of the log"));
}

static void robust__resume_refuses_an_edited_log(void **state)
{
    struct harness_tmp *t = *state;
    char text[1024];
    char out[4096];

    harness_write(t->log, deal_head);
    assert_int_equal(harness_record(t->db, t->log), 0);
    snprintf(text, sizeof(text), "%sA leads KD\n", deal_head);
    text[strstr(text, "A cuts 14") - text + 8] = '9';
    harness_write(t->log, text);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     2);
    assert_non_null(strstr(out, "in.ecarte:5:1: expected the action "
                                "recorded for this line"));
}

static void robust__verify_checks_the_exported_marks_too(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    assert_int_equal(
        harness_record(t->db, harness_example("club-evening.ecarte")), 0);
    assert_int_equal(harness_sh("%s export --db '%s' | sed "
                                "'0,/= score A 1 B 1/s//= score A 3 B 3/' "
                                "> '%s'",
                                harness_ecarte(), t->db, t->out),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log '%s'",
                                     harness_ecarte(), t->db, t->out),
                     1);
    assert_non_null(strstr(out, "\"= score A 3 B 3\", the rules give "
                                "\"= score A 1 B 1\""));
}

static void robust__ledger_in_a_read_only_place_can_be_read(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-refused.ecarte")), 0);
    /* as a user who may not write the directory (root may, so skip) */
    if (harness_sh("id -u nobody >/dev/null 2>&1 && test \"$(id -u)\" = 0 "
                   "&& su nobody -s /bin/sh -c 'test -x %s' 2>/dev/null",
                   harness_ecarte()) != 0) {
        skip();
    }
    assert_int_equal(harness_sh("chmod 755 '%s' && chmod 444 '%s' && "
                                "chmod 555 '%s'",
                                t->dir, t->db, t->dir),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "su nobody -s /bin/sh -c \"%s score --db "
                                     "'%s'\" 2>&1",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "A 2 B 0"));
    assert_int_equal(harness_sh("chmod 755 '%s'", t->dir), 0);
    /* a name with '#', '?' or '%' in it: the same (it is no URI) */
    {
        static const char *const names[] = {"a#b.db", "a?b.db", "a%41.db",
                                            "a%%.db"};

        for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
            char path[600];

            snprintf(path, sizeof(path), "%s/%s", t->dir, names[i]);
            assert_int_equal(
                harness_record(path, harness_example("hoffmann-refused."
                                                     "ecarte")),
                0);
            assert_int_equal(harness_sh("chmod 444 '%s' && chmod 555 '%s'",
                                        path, t->dir),
                             0);
            assert_int_equal(harness_capture(out, sizeof(out),
                                             "su nobody -s /bin/sh -c \"%s "
                                             "score --db '%s'\" 2>&1",
                                             harness_ecarte(), path),
                             0);
            assert_non_null(strstr(out, "A 2 B 0"));
            assert_int_equal(harness_sh("chmod 755 '%s'", t->dir), 0);
        }
    }
}

static void robust__export_of_what_is_not_there_fails(void **state)
{
    struct harness_tmp *t = *state;

    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-refused.ecarte")), 0);
    assert_int_equal(harness_sh("%s export --db '%s' --sitting 9 >/dev/null "
                                "2>&1",
                                harness_ecarte(), t->db),
                     2);
    assert_int_equal(harness_sh("%s export --db '%s' --game 9 >/dev/null "
                                "2>&1",
                                harness_ecarte(), t->db),
                     2);
}

static void robust__bad_options_exit_2_and_touch_nothing(void **state)
{
    struct harness_tmp *t = *state;

    assert_int_equal(
        harness_sh("%s gen --seed -5 >/dev/null 2>&1", harness_ecarte()), 2);
    assert_int_equal(harness_sh("%s gen --irregularities nan >/dev/null 2>&1",
                                harness_ecarte()),
                     2);
    assert_int_equal(harness_sh("%s record --db '%s' /nonexistent >/dev/null "
                                "2>&1",
                                harness_ecarte(), t->db),
                     2);
    assert_int_equal(harness_sh("test -e '%s'", t->db), 1);
}

/* A tag (or any line) that is not UTF-8 stops the run where it is read,
 * so that no raw byte reaches JSON output or the ledger. */
static void robust__text_that_is_not_utf8_is_refused(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    char want[512];

    harness_write(t->log, "[Event \"Club\"]\n[A \"M. L\xe9vy\"]\ngame\n");
    snprintf(want, sizeof(want),
             "ecarte check: %s:2:9: expected UTF-8 text, found the byte "
             "0xE9\n", t->log);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_string_equal(out, want);
    snprintf(want, sizeof(want),
             "ecarte record: %s:2:9: expected UTF-8 text, found the byte "
             "0xE9\n", t->log);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --json --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     2);
    assert_string_equal(out, want);
    /* a bad byte in a comment of a deal */
    harness_write(t->log, "game\ndeal B # na\xefve\n");
    snprintf(want, sizeof(want),
             "ecarte check: %s:2:12: expected UTF-8 text, found the byte "
             "0xEF\n", t->log);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_string_equal(out, want);
}

/* `verify --log` on a log that is not an export (no [Chain] tag) is bad
 * input, not a finding about the ledger: exit 2 and a message. */
static void robust__verify_log_that_is_not_an_export_exits_2(void **state)
{
    struct harness_tmp *t = *state;
    const char *log = harness_example("hoffmann-refused.ecarte");
    char out[4096];
    char want[600];

    assert_int_equal(harness_record(t->db, log), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log '%s' "
                                     "2>&1 >/dev/null",
                                     harness_ecarte(), t->db, log),
                     2);
    snprintf(want, sizeof(want),
             "ecarte verify: %s:1:1: expected an exported log (its [Chain "
             "\"sitting=N from=ID head=HASH\"] tag, written by ecarte "
             "export), found none\n",
             log);
    assert_string_equal(out, want);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log - "
                                     "</dev/null 2>&1 >/dev/null",
                                     harness_ecarte(), t->db),
                     2);
    assert_string_equal(out, "ecarte verify: expected an exported log file "
                             "for --log (it is read twice), found standard "
                             "input\n");
    /* the export itself verifies */
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'",
                                harness_ecarte(), t->db, t->out),
                     0);
    assert_int_equal(harness_sh("%s verify --db '%s' --log '%s' >/dev/null",
                                harness_ecarte(), t->db, t->out),
                     0);
}

/* as_writer_who_may_not - the shell command cmd as a user who may not
 * write the files of the test (nobody when we are root, who may write
 * anything; ourselves otherwise).  Into buf; false if there is no such
 * user here. */
static bool as_writer_who_may_not(char *buf, size_t n, const char *cmd)
{
    if (harness_sh("test \"$(id -u)\" != 0") == 0) {
        snprintf(buf, n, "%s", cmd);
        return true;
    }
    if (harness_sh("id -u nobody >/dev/null 2>&1 && su nobody -s /bin/sh "
                   "-c 'test -x %s' 2>/dev/null",
                   harness_ecarte()) != 0) {
        return false;
    }
    snprintf(buf, n, "su nobody -s /bin/sh -c \"%s\"", cmd);
    return true;
}

/* A ledger that may not be written, for a command that writes: the
 * ledger is named and said read-only in words (exit 2), not SQLite's
 * "attempt to write a readonly database"; nothing is recorded. */
static void robust__read_only_ledger_is_said_in_words(void **state)
{
    struct harness_tmp *t = *state;
    const char *log = harness_example("hoffmann-refused.ecarte");
    char cmd[2048];
    char run[2300];
    char out[4096];
    char want[600];

    assert_int_equal(harness_record(t->db, log), 0);
    snprintf(want, sizeof(want),
             "ecarte record: %s: the ledger is read-only (its file, or the "
             "directory it is in, may not be written)\n",
             t->db);
    /* the file and its directory read-only */
    assert_int_equal(harness_sh("chmod 444 '%s' && chmod 555 '%s'", t->db,
                                t->dir),
                     0);
    snprintf(cmd, sizeof(cmd), "%s record --new --db '%s' '%s' 2>&1",
             harness_ecarte(), t->db, log);
    if (!as_writer_who_may_not(run, sizeof(run), cmd)) {
        harness_sh("chmod 755 '%s'", t->dir);
        skip();
    }
    assert_int_equal(harness_capture(out, sizeof(out), "%s", run), 2);
    assert_string_equal(out, want);
    snprintf(cmd, sizeof(cmd), "%s import --db '%s' '%s' 2>&1",
             harness_ecarte(), t->db, harness_example("club-evening.ecarte"));
    assert_true(as_writer_who_may_not(run, sizeof(run), cmd));
    assert_int_equal(harness_capture(out, sizeof(out), "%s", run), 2);
    snprintf(want, sizeof(want),
             "ecarte import: %s: the ledger is read-only (its file, or the "
             "directory it is in, may not be written)\n",
             t->db);
    assert_string_equal(out, want);
    /* only the file read-only: SQLite would open it to read and fail at
     * the first write; the open says so at once */
    assert_int_equal(harness_sh("chmod 777 '%s'", t->dir), 0);
    snprintf(cmd, sizeof(cmd), "%s record --new --db '%s' '%s' 2>&1",
             harness_ecarte(), t->db, log);
    assert_true(as_writer_who_may_not(run, sizeof(run), cmd));
    assert_int_equal(harness_capture(out, sizeof(out), "%s", run), 2);
    snprintf(want, sizeof(want),
             "ecarte record: %s: the ledger is read-only (its file, or the "
             "directory it is in, may not be written)\n",
             t->db);
    assert_string_equal(out, want);
    /* reading it is fine, and nothing was added */
    snprintf(cmd, sizeof(cmd), "%s score --db '%s' 2>&1", harness_ecarte(),
             t->db);
    assert_true(as_writer_who_may_not(run, sizeof(run), cmd));
    assert_int_equal(harness_sh("%s >/dev/null", run), 0);
    assert_int_equal(harness_sh("chmod 755 '%s' && chmod 644 '%s'", t->dir,
                                t->db),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c "
                                     "'^deal'",
                                     harness_ecarte(), t->db),
                     0);
    assert_string_equal(out, "1\n");
}

/* Every input a fuzz target once crashed or hung on (tests/fuzz/) is read
 * by check and import as a log like any other: a status of 0, 1 or 2 within
 * a minute, never a signal (under make asan, never a sanitizer's
 * report). */
static void robust__inputs_the_fuzzer_found_are_read(void **state)
{
    struct harness_tmp *t = *state;
    char dir[1024];

    harness_path("tests/fuzz", dir, sizeof(dir));
    assert_int_equal(
        harness_sh("n=0; for f in '%s'/*.ecarte; do n=$((n+1)); "
                   "timeout 60 %s check \"$f\" >/dev/null 2>'%s'; rc=$?; "
                   "[ $rc -le 2 ] || exit 10; "
                   "grep -q 'runtime error\\|Sanitizer' '%s' && exit 11; "
                   "timeout 60 %s import --db '%s' \"$f\" >/dev/null "
                   "2>'%s'; rc=$?; "
                   "[ $rc -le 2 ] || exit 12; "
                   "grep -q 'runtime error\\|Sanitizer' '%s' && exit 13; "
                   "done; [ $n -ge 2 ]",
                   dir, harness_ecarte(), t->out, t->out, harness_ecarte(),
                   t->db, t->out, t->out),
        0);
}

/* A ledger that cannot grow (the file size limit reached) stops record
 * with exit 2 and one message that names each step once. */
static void robust__a_full_ledger_is_said_once(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    assert_int_equal(harness_sh("%s gen --deals 200 --seed 3 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "(trap '' XFSZ; ulimit -f 600; %s record "
                                     "--db '%s' '%s' 2>&1 >/dev/null)",
                                     harness_ecarte(), t->db, t->log),
                     2);
    if (strstr(out, "ecarte record: ledger: commit: ") == NULL) {
        fail_msg("no commit failure said: %s", out);
    }
    assert_null(strstr(out, "commit: commit"));
}

/* Tags are bounded: 256 distinct tags read, the 257th refused at its line
 * (a log of 10^6 tags is not read in quadratic time: it stops there). */
static void robust__tags_are_bounded(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    FILE *fp = fopen(t->log, "w");

    assert_non_null(fp);
    for (int i = 0; i < 256; i++) {
        fprintf(fp, "[X%d \"v\"]\n[X%d \"v\"]\n", i, i);
    }
    fprintf(fp, "game\n");
    fclose(fp);
    assert_int_equal(harness_sh("%s check '%s' > /dev/null", harness_ecarte(),
                                t->log),
                     0);
    fp = fopen(t->log, "w");
    assert_non_null(fp);
    for (int i = 0; i < 100000; i++) {
        fprintf(fp, "[X%d \"v\"]\n", i);
    }
    fclose(fp);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_non_null(strstr(out, ":257:1: expected at most 256 tags in a "
                                "sitting, found one more, [X256]"));
}

/* no_raw - out (n bytes) holds no byte ESC and no raw U+202E. */
static void no_raw(const char *out, size_t n, const char *what)
{
    if (memchr(out, 0x1b, n) != NULL) {
        fail_msg("%s: a raw ESC reached the terminal:\n%s", what, out);
    }
    for (size_t i = 0; i + 2 < n; i++) {
        if ((unsigned char)out[i] == 0xE2 && (unsigned char)out[i + 1] ==
            0x80 && (unsigned char)out[i + 2] == 0xAE) {
            fail_msg("%s: a raw U+202E reached the terminal:\n%s", what,
                     out);
        }
    }
}

/* Control characters never reach a terminal: refused in a log (its line
 * and column named), escaped as \uXXXX wherever a text command prints
 * one that reached the ledger otherwise (an old or a forged ledger) or a
 * file name holds one. */
static void robust__control_characters_never_reach_the_terminal(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[65536];
    sqlite3 *h = NULL;

    harness_write(t->log, "[A \"Ann\033[31mRed\"]\ngame\n");
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_non_null(strstr(out, ":1:8: expected text, found the control "
                                "character U+001B"));
    no_raw(out, strlen(out), "check");
    /* C1 and DEL too */
    harness_write(t->log, "# a note \xc2\x9b" "2J\ngame\n");
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_non_null(strstr(out, ":1:10: expected text, found the control "
                                "character U+009B"));
    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-refused.ecarte")), 0);
    assert_int_equal(sqlite3_open(t->db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "UPDATE tag SET value = 'Ann' || "
                                     "char(27) || '[2J' WHERE name = 'A'",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(h);
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s' "
                                     "2>&1", harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "\\u001B[2J"));
    no_raw(out, strlen(out), "verify");
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s' "
                                     "2>&1", harness_ecarte(), t->db),
                     1);
    no_raw(out, strlen(out), "audit");
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s' "
                                     "--unverified 2>&1", harness_ecarte(),
                                     t->db),
                     0);
    no_raw(out, strlen(out), "score");
    assert_int_equal(harness_capture(out, sizeof(out), "%s check "
                                     "'%s/x\033[2Jy.ecarte' 2>&1",
                                     harness_ecarte(), t->dir),
                     2);
    assert_non_null(strstr(out, "x\\u001B[2Jy.ecarte"));
    no_raw(out, strlen(out), "a file name");
}

/* A name that holds a bidirectional override (U+202E) cannot turn the
 * text after it around: escaped in the text commands, isolated in <bdi>
 * in the report (and left out of its title). */
static void robust__bidi_controls_are_isolated(void **state)
{
    struct harness_tmp *t = *state;
    static char out[1 << 20];
    const char *p;
    int raw = 0;
    int isolated = 0;

    assert_int_equal(harness_sh("printf '[A \"Ann\342\200\256Red\"]\\n' > "
                                "'%s' && grep -v '^\\[A ' '%s' >> '%s'",
                                t->log,
                                harness_example("hoffmann-refused.ecarte"),
                                t->log),
                     0);
    assert_int_equal(harness_record(t->db, t->log), 0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s' "
                                     "2>&1", harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "Ann\\u202ERed"));
    no_raw(out, strlen(out), "audit");
    assert_int_equal(harness_capture(out, sizeof(out), "%s report --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    for (p = out; (p = strstr(p, "Ann\xe2\x80\xaeRed")) != NULL; p++) {
        raw++;
        isolated += p >= out + 5 && strncmp(p - 5, "<bdi>", 5) == 0 &&
                    strncmp(p + 9, "</bdi>", 6) == 0;
    }
    assert_true(raw > 0);
    assert_int_equal(isolated, raw);
    p = strstr(out, "<title>");
    assert_non_null(p);
    assert_null(memchr(p, 0xAE, (size_t)(strstr(p, "</title>") - p)));
}

/* A ledger on a file system mounted read-only is read (score, export,
 * verify, audit) as one in a directory that may not be written, and a
 * writer stops with "the ledger is read-only".  Near miss: the same file
 * system mounted for writing records.  Needs a tmpfs mounted (root):
 * SKIPPED otherwise. */
static void robust__a_ledger_on_a_read_only_file_system_is_read(void **state)
{
    struct harness_tmp *t = *state;
    char mnt[400];
    char db[450];
    char out[4096];

    snprintf(mnt, sizeof(mnt), "%s/ro", t->dir);
    snprintf(db, sizeof(db), "%s/l.db", mnt);
    if (harness_sh("mkdir -p '%s' && mount -t tmpfs -o size=4m tmpfs '%s' "
                   "2>/dev/null",
                   mnt, mnt) != 0) {
        printf("  SKIPPED: no tmpfs could be mounted (not root): a ledger "
               "on a read-only file system was not tried\n");
        return;
    }
    assert_int_equal(harness_sh("%s gen --deals 3 --seed 5 > '%s' && %s "
                                "record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->log, harness_ecarte(), db,
                                t->log),
                     0);
    assert_int_equal(harness_sh("mount -o remount,ro '%s'", mnt), 0);
    for (int i = 0; i < 4; i++) {
        static const char *const cmds[] = {"score", "export", "verify",
                                           "audit"};

        if (harness_sh("%s %s --db '%s' >/dev/null 2>&1", harness_ecarte(),
                       cmds[i], db) != 0) {
            harness_sh("umount '%s'", mnt);
            fail_msg("%s of a ledger on a read-only file system failed",
                     cmds[i]);
        }
    }
    (void)harness_capture(out, sizeof(out), "%s record --db '%s' '%s' 2>&1",
                          harness_ecarte(), db, t->log);
    harness_sh("mount -o remount,rw '%s'", mnt);
    assert_non_null(strstr(out, "the ledger is read-only"));
    /* near miss: writable again, the log is already recorded */
    assert_int_equal(harness_capture(out, sizeof(out), "%s record --db '%s' "
                                     "'%s' 2>&1",
                                     harness_ecarte(), db, t->log),
                     0);
    assert_int_equal(harness_sh("umount '%s'", mnt), 0);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(robust__directory_as_a_log_is_refused),
        T(robust__a_ledger_on_a_read_only_file_system_is_read),
        T(robust__endless_line_ends_the_input),
        T(robust__unknown_card_played_is_an_error),
        T(robust__scoresheet_shows_a_game_in_progress),
        T(robust__damaged_ledger_is_reported),
        T(robust__unwritable_output_is_an_error),
        T(robust__import_json_is_json_only),
        T(robust__conflicting_or_repeated_tags_are_refused),
        T(robust__import_json_names_each_quarantined_deal),
        T(robust__import_quarantines_a_log_that_stops_mid_deal),
        T(robust__resume_refuses_an_edited_log),
        T(robust__verify_checks_the_exported_marks_too),
        T(robust__ledger_in_a_read_only_place_can_be_read),
        T(robust__export_of_what_is_not_there_fails),
        T(robust__bad_options_exit_2_and_touch_nothing),
        T(robust__text_that_is_not_utf8_is_refused),
        T(robust__verify_log_that_is_not_an_export_exits_2),
        T(robust__read_only_ledger_is_said_in_words),
        T(robust__a_full_ledger_is_said_once),
        T(robust__tags_are_bounded),
        T(robust__control_characters_never_reach_the_terminal),
        T(robust__bidi_controls_are_isolated),
        T(robust__inputs_the_fuzzer_found_are_read),
#undef T
    };

    return cmocka_run_group_tests_name("robustness", tests, NULL, NULL);
}
