/* SPDX-License-Identifier: MIT */
/* test_cli_output.c - what the ecarte command prints for a script and for
 * a person: JSON Lines valid and well-formed UTF-8 whatever bytes a name
 * holds, names that are not UTF-8 refused by `members`, and `score`'s
 * scoresheet (its capped hands, a sitting whose only deal was
 * quarantined). */
#include "tests/harness.h"

#include "tablelog/tablelog.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void cli__json_lines_are_valid_json(void **state)
{
    struct harness_tmp *t = *state;
    char out[65536];
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char *line;
    char *save = NULL;
    int deals = 0;

    (void)t;
    assert_int_equal(harness_capture(out, sizeof(out), "%s check --json '%s'",
                                     harness_ecarte(),
                                     harness_example("club-evening.ecarte")),
                     0);
    assert_int_equal(sqlite3_open(":memory:", &h), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h,
                                        "SELECT json_valid(?1), "
                                        "json_extract(?1, '$.type')",
                                        -1, &st, NULL),
                     SQLITE_OK);
    for (line = strtok_r(out, "\n", &save); line != NULL;
         line = strtok_r(NULL, "\n", &save)) {
        sqlite3_bind_text(st, 1, line, -1, SQLITE_TRANSIENT);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        assert_int_equal(sqlite3_column_int(st, 0), 1);
        if (strcmp((const char *)sqlite3_column_text(st, 1), "deal") == 0) {
            deals++;
        }
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    assert_int_equal(deals, 24);
}

/* utf8_json_lines - every line of out (cut in place) is well-formed UTF-8
 * and valid JSON; each "source" is source (NULL: not looked at).  The
 * lines counted. */
static int utf8_json_lines(char *out, const char *source)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char *line;
    char *save = NULL;
    int n = 0;

    assert_int_equal(sqlite3_open(":memory:", &h), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h,
                                        "SELECT json_valid(?1), "
                                        "json_extract(?1, '$.source')",
                                        -1, &st, NULL),
                     SQLITE_OK);
    for (line = strtok_r(out, "\n", &save); line != NULL;
         line = strtok_r(NULL, "\n", &save)) {
        const char *src;

        if (tl_utf8_bad(line, strlen(line)) != strlen(line)) {
            fail_msg("not UTF-8: %s", line);
        }
        sqlite3_bind_text(st, 1, line, -1, SQLITE_TRANSIENT);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        assert_int_equal(sqlite3_column_int(st, 0), 1);
        src = (const char *)sqlite3_column_text(st, 1);
        if (source != NULL && src != NULL && strcmp(src, source) != 0) {
            fail_msg("source \"%s\", expected \"%s\"", src, source);
        }
        sqlite3_reset(st);
        n++;
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* A log's name that is not UTF-8 (a byte 0xFF, a sequence cut short, an
 * overlong form, a surrogate) is echoed by `check`, `record` and
 * `import --json` with each bad byte as U+FFFD: every line is UTF-8 and
 * JSON.  A name in well-formed UTF-8 (café) is echoed as it is. */
static void cli__json_lines_mend_a_name_that_is_not_utf8(void **state)
{
    static const struct {
        const char *bad;
        const char *shown;
    } names[] = {
        {"\xff", "\xef\xbf\xbd"},
        {"\xc3", "\xef\xbf\xbd"},
        {"\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd"},
        {"\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"},
        {"\xc3\xa9", "\xc3\xa9"},
    };
    struct harness_tmp *t = *state;
    char out[65536];

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        char log[400], db[400], want[400];

        snprintf(log, sizeof(log), "%s/caf%s.ecarte", t->dir, names[i].bad);
        snprintf(want, sizeof(want), "%s/caf%s.ecarte", t->dir,
                 names[i].shown);
        snprintf(db, sizeof(db), "%s/l%zu.db", t->dir, i);
        assert_int_equal(harness_sh("cp '%s' '%s'",
                                    harness_example("disputed-evening.ecarte"),
                                    log),
                         0);
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "%s check --json '%s'",
                                         harness_ecarte(), log),
                         0);
        assert_true(utf8_json_lines(out, want) > 12);
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "%s record --json --db '%s' --new "
                                         "'%s' 2>/dev/null",
                                         harness_ecarte(), db, log),
                         0);
        assert_true(utf8_json_lines(out, want) > 12);
        snprintf(db, sizeof(db), "%s/i%zu.db", t->dir, i);
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "%s import --json --db '%s' --new "
                                         "'%s'",
                                         harness_ecarte(), db, log),
                         0);
        assert_non_null(strstr(out, "\"type\":\"import\""));
        assert_int_equal(utf8_json_lines(out, want), 1);
    }
}

/* `members --join S --as M` with a name that is not UTF-8: refused
 * (exit 2, the option and the byte named), nothing recorded; a name in
 * well-formed UTF-8 is taken and answered as it is, and the listing is
 * UTF-8 JSON. */
static void cli__members_refuses_a_name_that_is_not_utf8(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    assert_int_equal(harness_sh("%s import --db '%s' --new '%s' >/dev/null",
                                harness_ecarte(), t->db,
                                harness_example("disputed-evening.ecarte")),
                     0);
    /* a name that is not UTF-8 is refused, as a log's would be, and
     * nothing is recorded */
    assert_int_equal(harness_sh("%s members --db '%s' --json --join "
                                "'A \xff\xc3' --as 'Zed' 2>/dev/null",
                                harness_ecarte(), t->db),
                     2);
    harness_capture(out, sizeof(out),
                    "%s members --db '%s' --join 'A' --as "
                    "'Zed \xc0\xaf\xed\xa0\x80' 2>&1",
                    harness_ecarte(), t->db);
    assert_non_null(strstr(out, "--as: expected UTF-8 text, found the byte "
                                "0xC0 at byte 5"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s members --db '%s' --json",
                                     harness_ecarte(), t->db),
                     0);
    assert_null(strstr(out, "Zed"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s members --db '%s' --json --join "
                                     "'Mr. Caf\xc3\xa9' --as 'Caf\xc3\xa9'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "\"spelling\":\"Mr. Caf\xc3\xa9\","
                                "\"member\":\"Caf\xc3\xa9\""));
    assert_int_equal(utf8_json_lines(out, NULL), 1);
    /* the listing, the decisions' names among it, is UTF-8 JSON too */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s members --db '%s' --json",
                                     harness_ecarte(), t->db),
                     0);
    assert_true(utf8_json_lines(out, NULL) >= 2);
}

static void cli__score_prints_the_scoresheet(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];

    assert_int_equal(
        harness_record(t->db, harness_example("club-evening.ecarte")), 0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "game 1"));
    assert_non_null(strstr(out, "rubber to"));
    /* the players named in each game's header and by the game's result */
    assert_non_null(strstr(out, "game 1 (sitting 1): A Mr. Ashby, B Mr. "
                                "Blount\n"));
    assert_non_null(strstr(out, "  game 1 to A, A 5 B 2 (single): Mr. "
                                "Ashby beat Mr. Blount; games A 1 B 0\n"));
    assert_null(strstr(out, " *\n")); /* no hand capped that evening */
    assert_null(strstr(out, "capped by a penalty"));
}

/* A hand whose score a penalty capped (L43, the result let stand) is
 * marked on the scoresheet, with the legend; the JSON rows say so and
 * name the players (null when the log names none). */
static void cli__score_marks_a_capped_hand(void **state)
{
    struct harness_tmp *t = *state;
    char path[512];
    char out[16384];

    assert_int_equal(
        harness_record(t->db, harness_path("tests/cases/l43_must_win_fires."
                                           "ecarte",
                                           path, sizeof(path))),
        0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "     1   B      4-1         1-0 *\n"));
    assert_non_null(strstr(out, "  * the hand's score capped by a penalty "
                                "(L43, L25: point 0, vole 1, point against "
                                "a stand or refusal 1)\n"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --json --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "\"finished\":true,\"capped\":true,"
                                "\"players\":{\"A\":null,\"B\":null}}"));
}

/* A sitting whose only deal was quarantined (a byte not UTF-8 in deal 1)
 * is listed by score with its quarantine mark, text and JSON, as audit
 * lists it; near miss: a clean sitting of the same ledger prints as it
 * always did, and a sitting of tags only is named. */
static void cli__score_lists_a_sitting_whose_only_deal_was_quarantined(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];

    assert_int_equal(harness_sh("{ printf '[A \"a\"]\\n[B \"b\"]\\ngame\\n"
                                "deal B\\nA shuffles\\nB shuffles\\nA cuts "
                                "17\\n'; printf 'B gives A 3 QH AH "
                                "7\\351\\n'; } > '%s' && printf '[A \"x\"]\\n"
                                "[B \"y\"]\\n' > '%s'",
                                t->log, t->log2),
                     0);
    assert_int_equal(harness_sh("cp '%s' '%s/club.ecarte' && cd '%s' && "
                                "{ %s import --db '%s' in.ecarte >/dev/null "
                                "2>&1; %s record --db '%s' club.ecarte "
                                ">/dev/null 2>&1; } && %s import --db '%s' "
                                "in2.ecarte >/dev/null 2>&1",
                                harness_example("club-evening.ecarte"),
                                t->dir, t->dir, harness_ecarte(), t->db,
                                harness_ecarte(), t->db, harness_ecarte(),
                                t->db),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "sitting 1 (in.ecarte): no deal landed; 1 "
                                "deal(s) quarantined (could not be read), "
                                "left out\n"
                                "game 1 (sitting 1): A a, B b\n"
                                "  no deal landed\n"
                                "  game 1: 1 deal(s) quarantined (could not "
                                "be read), left out; the score as the log "
                                "states it\n"));
    /* the clean sitting as before: its header, its games, no mark */
    assert_non_null(strstr(out, "\ngame 1 (sitting 2): A Mr. Ashby, B Mr. "
                                "Blount\n  deal dealer  tricks A-B  points "
                                "A-B\n"));
    assert_non_null(strstr(out, "  game 1 to A, A 5 B 2 (single): Mr. "
                                "Ashby beat Mr. Blount; games A 1 B 0\n"));
    assert_null(strstr(out, "(sitting 2)\n  no deal landed"));
    assert_non_null(strstr(out, "sitting 3 (in2.ecarte): no deal landed\n"));
    assert_null(strstr(out, "no deal recorded in"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --json --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "{\"type\":\"sitting\",\"sitting\":1,"
                                "\"source\":\"in.ecarte\",\"deals\":0,"
                                "\"quarantined\":1}\n"
                                "{\"type\":\"lost_game\",\"sitting\":1,"
                                "\"game\":1,\"deals\":0,"
                                "\"game_quarantined\":1,\"players\":{\"A\":"
                                "\"a\",\"B\":\"b\"}}\n"));
    assert_non_null(strstr(out, "{\"type\":\"deal\",\"sitting\":2,\"game\":1,"
                                "\"deal\":1,"));
    assert_null(strstr(out, "\"sitting\":2,\"game\":1,\"deals\":0"));
    assert_null(strstr(out, "\"sitting\":2,\"source\""));
    assert_non_null(strstr(out, "{\"type\":\"sitting\",\"sitting\":3,"
                                "\"source\":\"in2.ecarte\",\"deals\":0,"
                                "\"quarantined\":0}\n"));
    /* the audit marks the same game */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' 2>&1",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "quarantined: game 1: a deal that could not "
                                "be read"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(cli__json_lines_are_valid_json),
        T(cli__json_lines_mend_a_name_that_is_not_utf8),
        T(cli__members_refuses_a_name_that_is_not_utf8),
        T(cli__score_prints_the_scoresheet),
        T(cli__score_marks_a_capped_hand),
        T(cli__score_lists_a_sitting_whose_only_deal_was_quarantined),
#undef T
    };

    return cmocka_run_group_tests_name("cli output", tests, NULL, NULL);
}
