/* SPDX-License-Identifier: MIT */
/*
 * test_tag_date.c - the Date tag (tablelog/parse.c, tl_tag_date_ok): a
 * real day as YYYY.MM.DD, or with the parts not known as '?'s, or the
 * format's "?"; anything else refused at the value's column, whichever
 * way the log is read (check, record, import, the table); and the
 * standings, which place a sitting by its Date, placing one whose Date
 * has a part not known on the day it was opened.
 */
#include "tests/harness.h"

#include <stdio.h>
#include <string.h>

#include "tablelog/tablelog.h"

/* tag_reads - the tag line [Date "value"] reads, and keeps the value. */
static void tag_reads(const char *value)
{
    char text[80];
    struct tl_line l;
    struct tl_error err;

    snprintf(text, sizeof(text), "[Date \"%s\"]", value);
    if (tl_parse_line(text, strlen(text), 1, &l, &err) != 0) {
        fail_msg("%s refused: %d %s", text, err.col, err.msg);
    }
    assert_int_equal(l.kind, TL_TAG);
    assert_string_equal(l.tag_value, value);
    assert_true(tl_tag_date_ok(value));
}

/* tag_refused - [Date "value"] is refused at column 8 (the value's
 * first character), the value quoted in the message. */
static void tag_refused(const char *value)
{
    char text[80];
    char want[200];
    struct tl_line l;
    struct tl_error err;

    snprintf(text, sizeof(text), "[Date \"%s\"]", value);
    snprintf(want, sizeof(want),
             "expected a Date of a real day, YYYY.MM.DD ('?' for a part "
             "not known), found \"%s\"",
             value);
    if (tl_parse_line(text, strlen(text), 1, &l, &err) != -1) {
        fail_msg("%s read, but should not", text);
    }
    assert_int_equal(err.col, 8);
    assert_string_equal(err.msg, want);
    assert_false(tl_tag_date_ok(value));
}

static void date__real_days_and_unknown_parts_read(void **state)
{
    (void)state;
    tag_reads("1909.11.24");
    tag_reads("2024.02.29");            /* a leap year */
    tag_reads("2000.02.29");            /* divisible by 400 */
    tag_reads("2026.12.31");
    tag_reads("2026-03-01");            /* a time stamp's day, dashes */
    tag_reads("2026.03.??");            /* the day not known */
    tag_reads("2026.??.??");
    tag_reads("????.??.??");
    tag_reads("????.02.29");            /* in some leap year */
    tag_reads("????.03.01");            /* each part on its own */
    tag_reads("2026.??.31");            /* in some month of 31 days */
    tag_reads("2026.??.05");
    tag_reads("?");                     /* the format's default */
    tag_reads("");
}

static void date__what_is_no_day_is_refused(void **state)
{
    (void)state;
    tag_refused("2026.02.30");
    tag_refused("2023.02.29");          /* not a leap year */
    tag_refused("1900.02.29");          /* divisible by 100, not 400 */
    tag_refused("2026.13.01");
    tag_refused("2026.00.10");
    tag_refused("2026.04.31");
    tag_refused("2026.01.00");
    tag_refused("2026.1.5");
    tag_refused("2026-03.01");          /* dashes and dots mixed */
    tag_refused("2026-02-30");
    tag_refused("yesterday");
    tag_refused("????.02.30");          /* in no year */
    tag_refused("2026.??.32");          /* in no month */
    tag_refused("2026.?1.01");          /* a part half known */
    tag_refused("2026.02.3?");
    tag_refused("??");
}

/* Another tag keeps any value: only Date is a day. */
static void date__other_tags_are_not_days(void **state)
{
    struct tl_line l;
    struct tl_error err;
    const char *text = "[Event \"2026.02.30\"]";

    (void)state;
    assert_int_equal(tl_parse_line(text, strlen(text), 1, &l, &err), 0);
    assert_string_equal(l.tag_value, "2026.02.30");
}

/* check and record refuse the log at the tag (exit 2), import
 * quarantines what it stands in (exit 1), each with the file, line and
 * column. */
static void date__every_reader_names_the_line(void **state)
{
    const struct harness_tmp *t = *state;
    const char *e = harness_ecarte();
    const char *cmds[] = {"check", "record --db", "import --db"};
    const int want_rc[] = {2, 2, 1};
    char out[2000];
    char want[400];

    harness_write(t->log, "[Event \"x\"]\n[Date \"2026.02.30\"]\ngame\n");
    snprintf(want, sizeof(want), "%s:2:8: expected a Date of a real day",
             t->log);
    for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
        int rc = strcmp(cmds[i], "check") == 0
                     ? harness_capture(out, sizeof(out), "'%s' check %s 2>&1",
                                       e, t->log)
                     : harness_capture(out, sizeof(out),
                                       "'%s' %s %s %s 2>&1", e, cmds[i],
                                       t->db, t->log);

        assert_int_equal(rc, want_rc[i]);
        if (strstr(out, want) == NULL) {
            fail_msg("%s: no \"%s\" in: %s", cmds[i], want, out);
        }
    }
    /* the near miss: a real day reads */
    harness_write(t->log, "[Event \"x\"]\n[Date \"2024.02.29\"]\ngame\n");
    assert_int_equal(harness_sh("'%s' check %s >/dev/null 2>&1", e, t->log),
                     0);
}

/* A sitting whose Date has a part not known stands on the day it was
 * opened in the standings (today), not in the year it names. */
static void date__standings_place_an_unknown_day_on_the_opening(void **state)
{
    const struct harness_tmp *t = *state;
    const char *e = harness_ecarte();
    char out[4000];

    assert_int_equal(harness_sh("'%s' gen --deals 3 --seed 4 | sed "
                                "'s/\\[A \"Player A\"\\]/[A \"Ann Ash\"]/; "
                                "s/\\[B \"Player B\"\\]/[B \"Bob Blount\"]/; "
                                "s/^\\[Seed .*/&\\n[Date \"2024.??.??\"]/' "
                                "> %s",
                                e, t->log),
                     0);
    assert_int_equal(harness_record(t->db, t->log), 0);
    harness_capture(out, sizeof(out),
                    "'%s' standings --db %s --json --until 2024-12-31", e,
                    t->db);
    assert_non_null(strstr(out, "\"sittings\":0"));
    /* the near miss: the same sitting with its whole day in 2024 (its
     * dashes as a time stamp's) */
    harness_sh("rm -f %s", t->db);
    assert_int_equal(
        harness_sh("sed -i 's/2024[.][?][?][.][?][?]/2024-05-06/' %s",
                   t->log),
        0);
    assert_int_equal(harness_record(t->db, t->log), 0);
    harness_capture(out, sizeof(out),
                    "'%s' standings --db %s --json --until 2024-12-31", e,
                    t->db);
    assert_non_null(strstr(out, "\"sittings\":1"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(date__real_days_and_unknown_parts_read),
        cmocka_unit_test(date__what_is_no_day_is_refused),
        cmocka_unit_test(date__other_tags_are_not_days),
        cmocka_unit_test_setup_teardown(date__every_reader_names_the_line,
                                        harness_tmp_setup,
                                        harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            date__standings_place_an_unknown_day_on_the_opening,
            harness_tmp_setup, harness_tmp_teardown),
    };

    return cmocka_run_group_tests_name("tag_date", tests, NULL, NULL);
}
