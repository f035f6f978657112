/* SPDX-License-Identifier: MIT */
/*
 * test_serve_refused.c - `ecarte serve` where a line is refused, end to
 * end: a line the ledger refuses (another writer recorded into the
 * sitting; a write that fails) leaves the table as the ledger holds it,
 * and what is taken after it verifies; a line that finds the ledger
 * moved is not written into it; the lines the state suggests are taken
 * as they are, never a card nobody saw; a refusal's column is the same
 * however the line ends.
 */
#include "tests/harness.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablelog/tablelog.h"
#include "tests/serve_util.h"

/* The lines of one deal up to its first lead, every card seen: A deals,
 * B leads AS. */
#define DEAL_TO_LEAD                                                         \
    "game\ndeal A\nB shuffles\nA shuffles\nB cuts 10\n"                      \
    "A gives B 3 KS QS JS\nA gives A 3 KH QH JH\nA gives B 2 AS 7C\n"        \
    "A gives A 2 AH 9S\nA turns 7D\nB stands\nB leads AS\n"

/* state_seq - the state's "seq" of table 1. */
static long state_seq(const struct server *sv)
{
    const char *at;

    assert_int_equal(http(sv, "GET", "/api/tables/1", NULL, NULL), 200);
    at = strstr(big, "\"seq\":");
    assert_non_null(at);
    return strtol(at + 6, NULL, 10);
}

/* verifies - does `ecarte verify` prove the ledger at db? */
static bool verifies(const char *db)
{
    return harness_sh("%s verify --db '%s' >/dev/null 2>&1", harness_ecarte(),
                      db) == 0;
}

/* verifies_in - verifies, for the ledger called name in t's directory. */
static bool verifies_in(const struct harness_tmp *t, const char *name)
{
    char db[400];

    snprintf(db, sizeof(db), "%s/%s", t->dir, name);
    return verifies(db);
}

/* Another writer records into the served sitting: the scorer's line is
 * refused, the table then stands after what the other writer recorded
 * (not after the refused card), and the next line builds on that: the
 * ledger verifies. */
static void serve__a_line_lost_to_another_writer_leaves_no_trace(void **state)
{
    struct harness_tmp *t = *state;
    struct server sv;

    served_table(t, &sv, "[A \"Ann\"]\n[B \"Bob\"]\n");
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", DEAL_TO_LEAD,
                               sv.token),
                     200);
    assert_null(strstr(big, "\"accepted\":false"));
    harness_write(t->log, "A plays 9S\n");
    assert_int_equal(harness_sh("%s record --db '%s' --sitting 1 '%s' "
                                ">/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", "A plays AH\n",
                               sv.token),
                     200);
    assert_non_null(strstr(big, "\"accepted\":false"));
    assert_non_null(strstr(big, "recorded into this sitting at the same "
                                "time"));
    /* the state is the ledger's: 9S played, not the refused AH */
    assert_int_equal(state_seq(&sv), events(t->db));
    assert_non_null(strstr(big, "\"last_trick\":[{\"seat\":\"B\",\"card\":"
                                "\"AS\"},{\"seat\":\"A\",\"card\":\"9S\"}]"));
    assert_null(strstr(big, "\"AH\"}]"));
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", "B leads KS\n",
                               sv.token),
                     200);
    assert_non_null(strstr(big, "\"accepted\":true"));
    assert_null(strstr(big, "L43"));
    stop(&sv, SIGTERM);
    assert_true(verifies(t->db));
}

/* A write the ledger refuses (here a trigger stands for a full disk,
 * first at an event's row, then at a score's row after its event): the
 * line is refused, the table's state and seq are the ledger's, and the
 * lines taken once the ledger writes again verify. */
static void serve__a_failed_write_leaves_the_state_as_the_ledger(void **state)
{
    static const char *const tables[] = {"event", "score_mark"};
    struct harness_tmp *t = *state;
    struct server sv;

    served_table(t, &sv, "[A \"Ann\"]\n[B \"Bob\"]\n");
    for (int i = 0; i < 2; i++) {
        long before = events(t->db);

        assert_int_equal(harness_sh("sqlite3 '%s' \"CREATE TRIGGER full "
                                    "BEFORE INSERT ON %s BEGIN SELECT "
                                    "RAISE(ABORT, 'database or disk is "
                                    "full'); END;\"",
                                    t->db, tables[i]),
                         0);
        /* a game line writes its event, then (its score) a mark */
        assert_int_equal(post_text(t, &sv, "/api/tables/1/lines",
                                   i == 0 ? "game\n" : "A marks king\n",
                                   sv.token),
                         200);
        if (strstr(big, "\"accepted\":false") == NULL ||
            strstr(big, "disk is full") == NULL) {
            fail_msg("answer: %.600s", big);
        }
        assert_int_equal(events(t->db), before);
        assert_int_equal(state_seq(&sv), before);
        assert_int_equal(harness_sh("sqlite3 '%s' 'DROP TRIGGER full'",
                                    t->db),
                         0);
        assert_int_equal(post_text(t, &sv, "/api/tables/1/lines",
                                   i == 0 ? "game\ndeal A\nB shuffles\n"
                                            "A shuffles\nB cuts 10\n"
                                            "A gives B 3 KS QS JS\n"
                                            "A gives A 3 KH QH JH\n"
                                            "A gives B 2 AS 7C\n"
                                            "A gives A 2 AH 9S\n"
                                            "A turns KD\n"
                                          : "A marks king\nB stands\n",
                                   sv.token),
                         200);
        if (strstr(big, "\"accepted\":false") != NULL) {
            fail_msg("answer: %.600s", big);
        }
        assert_int_equal(state_seq(&sv), events(t->db));
    }
    stop(&sv, SIGTERM);
    assert_true(verifies(t->db));
}

/* The ledger renamed (with its WAL) while the server runs: the line that
 * finds it is refused and is in neither file; the server stops, and the
 * renamed ledger holds what was taken before and verifies. */
static void serve__a_line_that_finds_the_ledger_moved_is_not_written(
    void **state)
{
    struct harness_tmp *t = *state;
    struct server sv;
    bool gone = false;
    int before;

    served_table(t, &sv, "[A \"Ann\"]\n[B \"Bob\"]\n");
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines",
                               "game\ndeal A\n", sv.token),
                     200);
    before = events(t->db);
    assert_int_equal(before, 2);
    assert_int_equal(harness_sh("cd '%s' && mv l.db y.db && mv l.db-wal "
                                "y.db-wal && mv l.db-shm y.db-shm",
                                t->dir),
                     0);
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", "B shuffles\n",
                               sv.token),
                     200);
    if (strstr(big, "\"accepted\":false") == NULL ||
        strstr(big, "renamed while ecarte wrote to it") == NULL) {
        fail_msg("answer: %.600s", big);
    }
    for (int i = 0; i < 100 && !gone; i++) {
        gone = harness_sh("kill -0 %ld 2>/dev/null", sv.pid) != 0;
        nap(50);
    }
    if (!gone) {
        stop(&sv, SIGKILL);
        fail_msg("the server kept running after its ledger was moved");
    }
    assert_int_equal(harness_sh("%s export --db '%s/y.db' | grep -q "
                                "'B shuffles'",
                                harness_ecarte(), t->dir) != 0,
                     1);
    assert_true(verifies_in(t, "y.db"));
}

/* An existing empty file is not a ledger: serve refuses it (exit 2, the
 * words record says) and leaves it empty; with --new it becomes one. */
static void serve__an_empty_file_is_not_a_ledger_unless_new(void **state)
{
    struct harness_tmp *t = *state;
    struct server sv;
    char out[2048];

    if (!have_curl()) {
        skip();
    }
    harness_write(t->db, "");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "timeout 10 %s serve --db '%s' --listen "
                                     "127.0.0.1:0 2>&1",
                                     harness_ecarte(), t->db),
                     2);
    if (strstr(out, "an empty file, not a ledger (--new makes it a new "
                    "ledger)") == NULL) {
        fail_msg("serve said: %s", out);
    }
    assert_int_equal(harness_sh("test -s '%s'", t->db), 1);
    start_with(t, &sv, "--new");
    new_table(t, &sv, "[A \"Ann\"]\n");
    stop(&sv, SIGTERM);
    assert_true(verifies(t->db));
}

/* lines_of - the state's next.lines of table id, as its JSON text
 * (static). */
static const char *lines_of(const struct server *sv, int id)
{
    static char lines[4096];
    char path[40];
    const char *at;
    const char *end;

    snprintf(path, sizeof(path), "/api/tables/%d", id);
    assert_int_equal(http(sv, "GET", path, NULL, NULL), 200);
    at = strstr(big, "\"lines\":[");
    assert_non_null(at);
    end = strchr(at, ']');
    assert_non_null(end);
    snprintf(lines, sizeof(lines), "%.*s", (int)(end + 1 - at), at);
    return lines;
}

/* Hands dealt unseen: the lines the state suggests name only the cards
 * known (a card nobody has seen is named as it is played: `B leads ??`
 * is refused), and each is taken as it is. */
static void serve__suggested_lines_are_taken_as_they_are(void **state)
{
    struct harness_tmp *t = *state;
    struct server sv;

    served_table(t, &sv, "[A \"Ann\"]\n[B \"Bob\"]\n");
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines",
                               "game\ndeal A\nB shuffles\nA shuffles\n"
                               "B cuts 10\nA gives B 3 KS ?? ??\n"
                               "A gives A 3\nA gives B 2\nA gives A 2\n"
                               "A turns 7D\nB stands\n",
                               sv.token),
                     200);
    assert_null(strstr(big, "\"accepted\":false"));
    if (strstr(lines_of(&sv, 1), "??") != NULL ||
        strstr(lines_of(&sv, 1), "\"B leads KS\"") == NULL) {
        fail_msg("next.lines: %s", lines_of(&sv, 1));
    }
    /* the hint names no ?? either */
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", "B leads ??\n",
                               sv.token),
                     200);
    assert_non_null(strstr(big, "\"accepted\":false"));
    assert_non_null(strstr(big, "\"hint\":\"expected B to lead: one of KS, "
                                "or a card not seen yet, named\""));
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", "B leads KS\n",
                               sv.token),
                     200);
    assert_non_null(strstr(big, "\"accepted\":true"));
    /* A's hand is not known at all: no line for its card, the hint says
     * to name it */
    if (strstr(lines_of(&sv, 1), "A plays") != NULL) {
        fail_msg("next.lines: %s", lines_of(&sv, 1));
    }
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", "A plays ??\n",
                               sv.token),
                     200);
    assert_non_null(strstr(big, "\"hint\":\"expected A to play: the card, "
                                "named (the hand is not known)\""));
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", "A plays 7C\n",
                               sv.token),
                     200);
    assert_non_null(strstr(big, "\"accepted\":true"));
    stop(&sv, SIGTERM);
}

/* An offer waiting takes only its own answers: after a double the
 * state's next.lines are the double's answers (not the point's), after
 * the point offered the point's; each line suggested is taken. */
static void serve__an_offer_suggests_only_its_own_answers(void **state)
{
    static const char *const offers[] = {"offers-double", "offers-point"};
    struct harness_tmp *t = *state;
    struct server sv;

    if (!have_curl()) {
        skip();
    }
    start(t, &sv);
    for (int i = 0; i < 2; i++) {
        static const char *const answers[] = {"accepts", "declines"};
        const char *what = i == 0 ? "double" : "point";
        const char *other = i == 0 ? "point" : "double";

        for (int k = 0; k < 2; k++) {
            int id = 1 + 2 * i + k;
            char path[64], text[600], want[64];
            const char *lines;

            new_table(t, &sv, "[Laws \"london; doubling=yes; "
                              "offer-point=before-play\"]\n");
            snprintf(path, sizeof(path), "/api/tables/%d/lines", id);
            snprintf(text, sizeof(text),
                     "A cuts-for-deal 7D\nB cuts-for-deal KC\ngame\n"
                     "deal B\nA shuffles\nB shuffles\nA cuts 25\n"
                     "B gives A 3 KD 7H AS\nB gives B 3 JS 7D 7S\n"
                     "B gives A 2 9S TH\nB gives B 2 9C JH\nB turns QD\n"
                     "B %s\n", offers[i]);
            assert_int_equal(post_text(t, &sv, path, text, sv.token), 200);
            assert_null(strstr(big, "\"accepted\":false"));
            lines = lines_of(&sv, id);
            for (int a = 0; a < 2; a++) {
                snprintf(want, sizeof(want), "\"A %s-%s\"", answers[a],
                         what);
                if (strstr(lines, want) == NULL) {
                    fail_msg("after %s next.lines: %s", offers[i], lines);
                }
            }
            snprintf(want, sizeof(want), "-%s\"", other);
            if (strstr(lines, want) != NULL) {
                fail_msg("after %s next.lines: %s", offers[i], lines);
            }
            snprintf(text, sizeof(text), "A %s-%s\n", answers[k], what);
            assert_int_equal(post_text(t, &sv, path, text, sv.token), 200);
            if (strstr(big, "\"accepted\":true") == NULL) {
                fail_msg("%s refused: %.600s", text, big);
            }
        }
    }
    stop(&sv, SIGTERM);
}

/* A refusal found after the line is read (card conservation) names the
 * same column however the posted line ends: no line end, LF, CRLF, as
 * `check` names it. */
static void serve__a_refusal_names_its_column_whatever_the_line_end(
    void **state)
{
    static const char *const ends[] = {"", "\n", "\r\n"};
    struct harness_tmp *t = *state;
    struct server sv;
    char line[64];

    served_table(t, &sv, "[A \"Ann\"]\n[B \"Bob\"]\n");
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines",
                               "game\ndeal A\nB shuffles\nA shuffles\n"
                               "B cuts 10\nA gives B 3\n"
                               "A gives A 3 7D ?? ??\nA gives B 2\n"
                               "A gives A 2\nA turns 8D\nB stands\n",
                               sv.token),
                     200);
    assert_null(strstr(big, "\"accepted\":false"));
    for (int i = 0; i < 3; i++) {
        snprintf(line, sizeof(line), "B leads 7D%s", ends[i]);
        assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", line,
                                   sv.token),
                         200);
        if (strstr(big, "\"error\":\"serve:14:9: expected a card in B's "
                        "hand, found 7D") == NULL) {
            fail_msg("line end %d: %.600s", i, big);
        }
    }
    stop(&sv, SIGTERM);
}

/* utf8_json - is text well-formed UTF-8, and JSON that SQLite's
 * json_valid() takes? */
static bool utf8_json(const char *text)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    bool valid = false;

    if (tl_utf8_bad(text, strlen(text)) != strlen(text)) {
        return false;
    }
    if (sqlite3_open(":memory:", &h) == SQLITE_OK &&
        sqlite3_prepare_v2(h, "SELECT json_valid(?1)", -1, &st, NULL) ==
            SQLITE_OK) {
        sqlite3_bind_text(st, 1, text, -1, SQLITE_TRANSIENT);
        valid = sqlite3_step(st) == SQLITE_ROW &&
                sqlite3_column_int(st, 0) == 1;
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return valid;
}

/* A line refused for a byte that is not UTF-8 (0xFF, a sequence cut
 * short at the line's end, an overlong form, a surrogate), and the line
 * after it, not taken, are answered in UTF-8 JSON: each bad byte is
 * U+FFFD in "text", never itself.  A line in well-formed UTF-8 (# café)
 * is answered as it was posted; so are the table's state and a new
 * table's refused tags. */
static void serve__a_line_that_is_not_utf8_is_answered_in_utf8(void **state)
{
    static const struct {
        const char *bad;
        const char *shown;
    } bytes[] = {
        {"\xff", "\xef\xbf\xbd"},
        {"\xc3", "\xef\xbf\xbd"},
        {"\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd"},
        {"\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"},
    };
    struct harness_tmp *t = *state;
    struct server sv;
    char text[128], want[160];

    served_table(t, &sv, "[A \"Ann\"]\n[B \"Bob\"]\n");
    for (size_t i = 0; i < sizeof(bytes) / sizeof(bytes[0]); i++) {
        snprintf(text, sizeof(text), "game\nA cuts %s\nB de%sals\n",
                 bytes[i].bad, bytes[i].bad);
        assert_int_equal(post_text(t, &sv, "/api/tables/1/lines", text,
                                   sv.token),
                         200);
        if (!utf8_json(big)) {
            fail_msg("%zu: not UTF-8 JSON: %.600s", i, big);
        }
        assert_non_null(strstr(big, "expected UTF-8 text, found the byte"));
        snprintf(want, sizeof(want), "\"text\":\"A cuts %s\"",
                 bytes[i].shown);
        if (strstr(big, want) == NULL) {
            fail_msg("%zu: no %s in %.600s", i, want, big);
        }
        snprintf(want, sizeof(want), "\"text\":\"B de%sals\"",
                 bytes[i].shown);
        if (strstr(big, want) == NULL ||
            strstr(big, "not taken: an earlier line was refused") == NULL) {
            fail_msg("%zu: no %s in %.600s", i, want, big);
        }
    }
    /* the near miss: well-formed UTF-8 passes as it is */
    assert_int_equal(post_text(t, &sv, "/api/tables/1/lines",
                               "# caf\xc3\xa9\n", sv.token),
                     200);
    assert_true(utf8_json(big));
    if (strstr(big, "\"text\":\"# caf\xc3\xa9\",\"accepted\":true") ==
        NULL) {
        fail_msg("answer: %.600s", big);
    }
    assert_int_equal(http(&sv, "GET", "/api/tables/1", NULL, NULL), 200);
    assert_true(utf8_json(big));
    /* tags refused for a byte that is not UTF-8 */
    post_text(t, &sv, "/api/tables", "[A \"Ann\xff\"]\n[B \"B\xc3\"]\n",
              sv.token);
    if (!utf8_json(big) || strstr(big, "\"error\"") == NULL) {
        fail_msg("answer: %.600s", big);
    }
    stop(&sv, SIGTERM);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, harness_tmp_setup, \
                                                harness_tmp_teardown)
        T(serve__a_line_lost_to_another_writer_leaves_no_trace),
        T(serve__a_failed_write_leaves_the_state_as_the_ledger),
        T(serve__a_line_that_finds_the_ledger_moved_is_not_written),
        T(serve__an_empty_file_is_not_a_ledger_unless_new),
        T(serve__suggested_lines_are_taken_as_they_are),
        T(serve__a_refusal_names_its_column_whatever_the_line_end),
        T(serve__an_offer_suggests_only_its_own_answers),
        T(serve__a_line_that_is_not_utf8_is_answered_in_utf8),
#undef T
    };

    return cmocka_run_group_tests_name("serve_refused", tests, NULL, NULL);
}
