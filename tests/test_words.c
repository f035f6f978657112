/* SPDX-License-Identifier: MIT */
/* test_words.c - the words at the table: every ruling printed by `check`
 * says what happens next (its options' previews, or "now: ..."), a few
 * exact sentences, the laws' own option words, and the remedies' words. */
#include "tests/harness.h"

#include "laws/laws.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* unexplained - the number of `= ruling` blocks of check's text output in
 * out with neither an option line ("      option: ...") nor a "now:" line;
 * the rulings seen counted into *seen.  The first one is copied to first. */
static int unexplained(const char *out, int *seen, char *first, size_t n)
{
    int bad = 0;
    const char *p = out;
    bool open = false;
    const char *open_at = NULL;

    while (*p != '\0') {
        const char *eol = strchr(p, '\n');
        size_t len = eol != NULL ? (size_t)(eol - p) : strlen(p);

        if (strncmp(p, "      ", 6) == 0) {
            open = false;
        } else if (p[0] != ' ') {
            if (open) {
                if (bad++ == 0) {
                    snprintf(first, n, "%.*s", (int)strcspn(open_at, "\n"),
                             open_at);
                }
            }
            open = false;
            const char *hit = strstr(p, ": = ruling ");

            if (hit != NULL && hit < p + len) {
                open = true;
                open_at = p;
                (*seen)++;
            }
        }
        p += len + (eol != NULL ? 1 : 0);
    }
    if (open && bad++ == 0) {
        snprintf(first, n, "%.*s", (int)strcspn(open_at, "\n"), open_at);
    }
    return bad;
}

/* every *_fires.ecarte of tests/cases (and tests/cases/systems) through
 * `check`: each ruling says what happens next. */
static void words__every_ruling_says_what_happens_next(void **state)
{
    static const char *const dirs[] = {"tests/cases", "tests/cases/systems"};
    static char out[1 << 20];
    int rulings = 0;
    int files = 0;

    (void)state;
    for (size_t k = 0; k < sizeof(dirs) / sizeof(dirs[0]); k++) {
        char dir[512];
        DIR *dp = opendir(harness_path(dirs[k], dir, sizeof(dir)));
        struct dirent *e;

        assert_non_null(dp);
        while ((e = readdir(dp)) != NULL) {
            size_t l = strlen(e->d_name);
            char first[400] = "";

            if (l < 7 || strcmp(e->d_name + l - 7, ".ecarte") != 0 ||
                (k == 0 && (l < 13 || strcmp(e->d_name + l - 13,
                                             "_fires.ecarte") != 0))) {
                continue;
            }
            harness_capture(out, sizeof(out), "%s check '%s/%s' 2>/dev/null",
                            harness_ecarte(), dir, e->d_name);
            files++;
            if (unexplained(out, &rulings, first, sizeof(first)) != 0) {
                fail_msg("%s: a ruling says nothing of what happens next: "
                         "%s",
                         e->d_name, first);
            }
        }
        closedir(dp);
    }
    assert_true(files >= 100);
    assert_true(rulings >= 150);
}

/* the sentence after "now: " of the first ruling of case name. */
static void now_of(const char *name, char *buf, size_t n)
{
    char path[512];
    char rel[300];
    static char out[1 << 16];
    const char *p;

    snprintf(rel, sizeof(rel), "tests/cases/%s", name);
    harness_capture(out, sizeof(out), "%s check '%s' 2>/dev/null",
                    harness_ecarte(), harness_path(rel, path, sizeof(path)));
    p = strstr(out, "      now: ");
    assert_non_null(p);
    p += strlen("      now: ");
    snprintf(buf, n, "%.*s", (int)strcspn(p, "\n"), p);
}

static void words__exact_sentences(void **state)
{
    char s[600];

    (void)state;
    now_of("l40_lead_out_of_turn_taken_back_fires.ecarte", s, sizeof(s));
    assert_string_equal(s, "A's 8H goes back to his hand unless B has played "
                           "to it; B leads; no penalty (once B has played to "
                           "it, the trick stands and its winner leads)");
    now_of("l14_deal_out_of_turn_fires.ecarte", s, sizeof(s));
    assert_string_equal(s, "B's deal is void if the right deal (the right "
                           "player, the right pack) is made before the trump "
                           "is turned up; at the turn-up it stands, and A "
                           "deals next");
    now_of("l42_t30_abandon_without_trick_gives_vole_fires.ecarte", s,
           sizeof(s));
    assert_string_equal(s, "B abandoned his hand with no trick: A scores the "
                           "vole; the hand ends");
    now_of("l24_t13_elder_leads_king_then_announces_fires.ecarte", s,
           sizeof(s));
    assert_string_equal(s, "A announced the king in time: he scores the king "
                           "point");
    now_of("l25_false_king_after_adversary_announced_fires.ecarte", s,
           sizeof(s));
    assert_string_equal(s, "B's announced king scores no point and wins no "
                        "game: a point scored on it is taken off");
}

/* the option lines of L43 and L25 (with an elector) and L13's play-on */
static void words__option_previews_fit_the_law(void **state)
{
    char path[512];
    static char out[1 << 16];

    (void)state;
    harness_capture(out, sizeof(out), "%s check '%s' 2>/dev/null",
                    harness_ecarte(),
                    harness_path("tests/cases/l43_must_win_fires.ecarte", path,
                                 sizeof(path)));
    assert_non_null(strstr(out, "    A chooses, until the next deal's trump "
                                "is turned up:\n      replay: the hand is "
                                "replayed from the first trick: at best A "
                                "can make 3 trick(s), B 2"));
    assert_non_null(strstr(out, "      stand: the hand is played out; the "
                                "offender's score is capped"));
    harness_capture(out, sizeof(out), "%s check '%s' 2>/dev/null",
                    harness_ecarte(),
                    harness_path("tests/cases/l25_false_king_at_four_in_"
                                 "stock_fires.ecarte",
                                 path, sizeof(path)));
    assert_non_null(strstr(out, "    B chooses, until the next deal's trump "
                                "is turned up:\n      replay: "));
    harness_capture(out, sizeof(out), "%s check '%s' 2>/dev/null",
                    harness_ecarte(),
                    harness_path("tests/cases/l13_elder_plays_on_fires.ecarte",
                                 path, sizeof(path)));
    assert_non_null(strstr(out, "      play-on: the deal stands: the exposed "
                                "card stays in the hand it was dealt to\n"));
    assert_null(strstr(out, "surplus"));
    assert_null(strstr(out, "short hand"));
}

/* the JSON record carries the sentence as the previews' "now" key */
static void words__json_previews_carry_now(void **state)
{
    char path[512];
    static char out[1 << 16];

    (void)state;
    harness_capture(out, sizeof(out), "%s check --json '%s' 2>/dev/null",
                    harness_ecarte(),
                    harness_path("tests/cases/l42_t30_abandon_without_trick_"
                                 "gives_vole_fires.ecarte",
                                 path, sizeof(path)));
    assert_non_null(strstr(out, "\"previews\":{\"now\":\"B abandoned his "
                                "hand with no trick: A scores the vole; the "
                                "hand ends\"}"));
}

/* every remedy has its words; every option of every law its words */
static void words__every_remedy_and_option_is_worded(void **state)
{
    char buf[400];

    (void)state;
    for (int r = 0; r < REM_COUNT; r++) {
        law_remedy_now((enum remedy)r, "A", "B", buf, sizeof(buf));
        assert_true(strlen(buf) > 10);
        assert_null(strchr(buf, '%'));
        assert_null(strchr(buf, '|'));
    }
    law_remedy_now(REM_RETRACT_CARD, "A", "B", buf, sizeof(buf));
    assert_string_equal(buf, "A's card goes back to his hand, without penalty");
    law_remedy_now(REM_SHORT_HAND_TRICKS, "", "", buf, sizeof(buf));
    assert_string_equal(buf, "the offender plays short: his adversary takes "
                             "every trick he cannot play to");
    law_remedy_now(REM_RETRACT_CARD, "A", "B", buf, 6);
    assert_string_equal(buf, "A's c");
    for (int l = 0; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);

        for (int o = 0; o < OPT_COUNT; o++) {
            if (row->options & OPT_BIT(o)) {
                assert_true(strlen(law_option_words_for(
                                (enum law_id)l, (enum law_option)o)) > 10);
            }
        }
    }
    assert_string_equal(law_option_words_for(LAW_13, OPT_PLAY_ON),
                        "the deal stands: the exposed card stays in the hand "
                        "it was dealt to");
    assert_string_equal(law_option_words_for(LAW_16, OPT_COMPLETE),
                        law_option_words(OPT_COMPLETE));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(words__every_ruling_says_what_happens_next),
        cmocka_unit_test(words__exact_sentences),
        cmocka_unit_test(words__option_previews_fit_the_law),
        cmocka_unit_test(words__json_previews_carry_now),
        cmocka_unit_test(words__every_remedy_and_option_is_worded),
    };

    return cmocka_run_group_tests_name("words", tests, NULL, NULL);
}
