/* SPDX-License-Identifier: MIT */
/*
 * test_examples.c - the newcomer's first run: README's first command
 * referees examples/disputed-evening.ecarte, and what it prints is pinned
 * here.  `check --strict` finds every `=` line of the evening right (no
 * ruling the log leaves out); `record` prints each ruling at the line of
 * the action that gives it (L13, L40, L43, L21, L25, L14), with the
 * options and what each does, the replay, the void deals and the score
 * after each deal and game.  A change to the referee that changes the
 * evening fails here.
 */
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVENING "disputed-evening.ecarte"

/* what `record` printed of the evening (one run for the group) */
static char printed[65536];

/*
 * line_of - the number (from 1) of the nth line of the file at path whose
 * action, the text before any `#` with trailing blanks cut, is text.  The
 * test fails if there is none.
 */
static int line_of(const char *path, const char *text, int nth)
{
    char line[4096];
    FILE *fp = fopen(path, "r");
    int no = 0;

    assert_non_null(fp);
    while (fgets(line, sizeof(line), fp) != NULL) {
        char *hash = strchr(line, '#');
        size_t len;

        no++;
        if (hash != NULL) {
            *hash = '\0';
        }
        len = strlen(line);
        while (len > 0 && strchr(" \t\r\n", line[len - 1]) != NULL) {
            line[--len] = '\0';
        }
        if (strcmp(line, text) == 0 && --nth == 0) {
            fclose(fp);
            return no;
        }
    }
    fclose(fp);
    fail_msg("no line \"%s\" in %s", text, path);
    return -1;
}

/*
 * ruled_at - assert that `record` printed the ruling given ("= ruling
 * ..."), at the nth line of the evening whose action is action; returns
 * where in printed it is, so that the order can be checked too.
 */
static const char *ruled_at(const char *action, int nth, const char *ruling)
{
    const char *path = harness_example(EVENING);
    char want[8192];
    const char *at;

    snprintf(want, sizeof(want), "%s:%d: %s\n", path,
             line_of(path, action, nth), ruling);
    at = strstr(printed, want);
    if (at == NULL) {
        fail_msg("record did not print \"%s\"", want);
    }
    return at;
}

/* record_evening - a group setup: `record` of the evening into a fresh
 * ledger, its standard output into printed; the run must exit 0. */
static int record_evening(void **state)
{
    char db[] = "/tmp/ecarte-examples-XXXXXX";
    int rc;

    (void)state;
    if (mkdtemp(db) == NULL) {
        return -1;
    }
    rc = harness_capture(printed, sizeof(printed), "%s record --db %s/l.db "
                         "'%s' 2>/dev/null", harness_ecarte(), db,
                         harness_example(EVENING));
    harness_sh("rm -rf '%s'", db);
    if (rc != 0 || printed[0] == '\0') {
        printf("  record of examples/%s exited %d:\n%s", EVENING, rc,
               printed);
        return -1;
    }
    return 0;
}

static void examples__disputed_evening_checks_clean_strict(void **state)
{
    char out[65536];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out), "%s check --strict "
                                     "'%s' 2>&1", harness_ecarte(),
                                     harness_example(EVENING)), 0);
    assert_null(strstr(out, "the log records"));
    assert_null(strstr(out, "differs"));
    assert_null(strstr(out, ": expected"));
    /* what check prints is what record prints (the ledger aside) */
    assert_string_equal(out, printed);
}

static void examples__disputed_evening_rulings_at_their_lines(void **state)
{
    const char *at[6];
    int i;

    (void)state;
    at[0] = ruled_at("A exposes 8D to B", 1, "= ruling L13 offender A "
                     "elector B options new-deal,play-on remedy deal-stands");
    at[1] = ruled_at("A leads TD", 1,
                     "= ruling L40 offender A remedy retract-card");
    /* the revoke (A plays 9C) is ruled at the next lead */
    at[2] = ruled_at("B leads 8H", 1, "= ruling L43 offender A elector B "
                     "options replay,stand remedy score-cap");
    at[3] = ruled_at("found B holds 5", 1, "= ruling L21 offender B "
                     "elector A options new-deal,play-on "
                     "remedy opponent-draws-surplus");
    at[4] = ruled_at("B leads QC", 1, "= ruling L25 offender B elector A "
                     "options replay,stand remedy score-correct");
    /* the fourth `deal B`: the first deal of the second game */
    at[5] = ruled_at("deal B", 4, "= ruling L14 offender B remedy new-deal");
    for (i = 1; i < 6; i++) {
        assert_true(at[i - 1] < at[i]);
    }
    assert_null(strstr(printed, "= ruling L9 "));
    assert_null(strstr(printed, "= ruling L39 "));
}

static void examples__disputed_evening_options_say_what_they_do(void **state)
{
    static const char *const said[] = {
        "    L13: Card exposed by the dealer in dealing\n"
        "    B chooses, until elder hand looks at his cards:\n"
        "      new-deal: the deal is void; points marked in it are "
        "cancelled; the same dealer deals again\n"
        "      play-on: the deal stands: the exposed card stays in the hand it "
        "was dealt to\n",
        "    L40: Lead out of turn\n",
        "    L43: Revoke, or not winning the trick - A played 9C to JD when "
        "bound to play one of QD\n"
        "    B chooses, until the next deal's trump is turned up:\n"
        "      replay: the hand is replayed from the first trick: at best A "
        "can make 2 trick(s), B 3 (exhaustive search); the offender stays "
        "capped\n"
        "      stand: the hand is played out; the offender's score is "
        "capped (point 0, vole 1, point against a stand or refusal 1)\n",
        "note: the hand is replayed: both hands as they stood at the first "
        "trick, B to lead\n",
        "note: B holds 5 cards, not 4 as recorded: 1 unseen card(s) came "
        "from the stock\n",
        "    L21: Dealer plays with the wrong number\n"
        "    A chooses, settled at once:\n",
        "note: B announces the king of trumps, which the table shows is not "
        "his: no point",
        "    L25: False announcement of the king\n"
        "    A chooses, until the next deal's trump is turned up:\n"
        "      replay: the hand is replayed from the first trick: at best A "
        "can make 2 trick(s), B 3 (exhaustive search)",
        "    L14: Deal out of turn or with the wrong pack\n",
        "note: B's deal out of turn is void before the turn-up",
        "note: B reaches 5: the game ends at once, the hand is not played "
        "out (L46)\n",
        /* each election said with what it does */
        "note: B elects new-deal (L13): the deal is void; the same dealer "
        "deals again\n",
        "note: B elects replay (L43): ",
        "note: A elects play-on (L21): play goes on",
        "note: A elects stand (L25): the result as played stands\n",
    };
    size_t i;

    (void)state;
    for (i = 0; i < sizeof(said) / sizeof(said[0]); i++) {
        if (strstr(printed, said[i]) == NULL) {
            fail_msg("record did not print \"%s\"", said[i]);
        }
    }
}

static void examples__disputed_evening_scores_each_deal(void **state)
{
    static const char *const said[] = {
        ": deal 1 (A deals) is void; score A 0 B 0\n",
        ": deal 2 (A deals): tricks A 4 B 1, points A 1 B 0; score A 1 B 0\n",
        ": deal 3 (B deals): tricks A 2 B 3, points A 0 B 2; score A 1 B 2\n",
        /* the replay: B's three tricks against the refusal */
        ": deal 4 (A deals): tricks A 2 B 3, points A 0 B 2; score A 1 B 4\n",
        ": deal 5 (B deals): tricks A 3 B 2, points A 2 B 0; score A 3 B 4\n",
        /* the false king's point capped to nothing */
        ": deal 6 (A deals): tricks A 2 B 3, points A 0 B 0; score A 3 B 4\n",
        ": deal 7 (B deals): tricks A 4 B 1, points A 2 B 0; score A 5 B 4\n",
        ": game 1 won by A, A 5 B 4 (single)\n",
        ": deal 8 (B deals) is void; score A 0 B 0\n",
        ": deal 9 (A deals): tricks A 3 B 2, points A 2 B 0; score A 2 B 0\n",
        ": deal 10 (B deals): tricks A 0 B 5, points A 0 B 3; score A 2 B 3\n",
        ": deal 11 (A deals): tricks A 1 B 4, points A 0 B 1; score A 2 B 4\n",
        ": deal 12 (B deals): tricks A 0 B 0, points A 0 B 1; score A 2 B 5\n",
        ": game 2 won by B, A 2 B 5 (single)\n",
    };
    const char *from = printed;
    size_t i;

    (void)state;
    for (i = 0; i < sizeof(said) / sizeof(said[0]); i++) {
        const char *at = strstr(from, said[i]);

        if (at == NULL) {
            fail_msg("record did not print \"%s\" (in order)", said[i]);
        }
        from = at + 1;
    }
    assert_null(strstr(printed, "deal 13 "));
}

/* The evening's ledger read back: `score` marks as capped the deals of
 * the stands offered (L43 in deal 4, L25 in deal 6), though deal 1 was
 * made void and dealt again with no `deal` line; `audit` says each ruling
 * in the deal it was given in (L13 in deal 1, not in the deal dealt
 * again after the election).  Near miss: deals 3 and 5 are not marked. */
static void examples__disputed_evening_ledger_names_each_deal(void **state)
{
    static const char *const in_deal[] = {
        ": deal 1, event 9: irregularity \"= ruling L13 ",
        ": deal 3, event 52: irregularity \"= ruling L40 ",
        ": deal 4, event 71: irregularity \"= ruling L43 ",
        ": deal 5, event 103: irregularity \"= ruling L21 ",
        ": deal 6, event 125: irregularity \"= ruling L25 ",
        ": deal 8, event 158: irregularity \"= ruling L14 ",
    };
    char db[] = "/tmp/ecarte-examples-XXXXXX";
    char out[16384];
    char capped[64];

    (void)state;
    assert_non_null(mkdtemp(db));
    assert_int_equal(harness_sh("%s record --db %s/l.db '%s' >/dev/null "
                                "2>&1", harness_ecarte(), db,
                                harness_example(EVENING)), 0);
    assert_int_equal(harness_capture(capped, sizeof(capped), "%s score --db "
                                     "%s/l.db | grep '[0-9] \\*$' | awk "
                                     "'{printf \"%%s \", $1}'",
                                     harness_ecarte(), db), 0);
    assert_string_equal(capped, "4 6 ");
    harness_capture(out, sizeof(out), "%s audit --db %s/l.db",
                    harness_ecarte(), db);
    harness_sh("rm -rf '%s'", db);
    for (size_t i = 0; i < sizeof(in_deal) / sizeof(in_deal[0]); i++) {
        if (strstr(out, in_deal[i]) == NULL) {
            fail_msg("audit did not say \"%s\":\n%s", in_deal[i], out);
        }
    }
}

static void examples__readme_first_command_is_the_evening(void **state)
{
    char readme[4096];
    char cmd[8192];

    (void)state;
    snprintf(cmd, sizeof(cmd), "grep -m1 'build/ecarte record' '%s'",
             harness_path("README.md", readme, sizeof(readme)));
    assert_int_equal(harness_capture(readme, sizeof(readme), "%s", cmd), 0);
    assert_string_equal(readme, "scripts/install-deps && make && "
                        "./build/ecarte record examples/" EVENING "\n");
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(examples__disputed_evening_checks_clean_strict),
        cmocka_unit_test(examples__disputed_evening_rulings_at_their_lines),
        cmocka_unit_test(examples__disputed_evening_options_say_what_they_do),
        cmocka_unit_test(examples__disputed_evening_scores_each_deal),
        cmocka_unit_test(examples__disputed_evening_ledger_names_each_deal),
        cmocka_unit_test(examples__readme_first_command_is_the_evening),
    };

    return cmocka_run_group_tests(tests, record_evening, NULL);
}
