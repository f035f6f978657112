/* SPDX-License-Identifier: MIT */
/* test_table_ledger.c - `ecarte table` on a real pseudo-terminal and what
 * it leaves in the ledger: comments kept in their place, tags typed
 * before any action kept and exported with a [Chain] tag of none, an
 * empty file that is no ledger unless --new, and a bad --laws that opens
 * nothing. */
#include "tests/term_util.h"

/* A comment typed at the table (a line of its own, and one after an
 * action) is kept in the ledger and comes back in its place in the
 * export, which checks clean; the comment is no action (undo strikes the
 * card before it). */
static void table__a_comment_typed_is_kept_in_its_place(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[8192];

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type_lines(&t, deal_lines);
    type(&t, "# Mr. B disputes the count");
    expect(&t, "play: B plays > ");
    type(&t, "B plays JH   # he had no choice");
    expect(&t, "play: B leads > ");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | sed "
                                     "'s/^@[^ ]* //' | grep -B2 -A1 '^# Mr. B'",
                                     harness_ecarte(), tmp->db),
                     0);
    /* after the referee's line for the action it follows */
    assert_string_equal(out, "B announces king\n"
                             "= score A 0 B 1\n"
                             "# Mr. B disputes the count\n"
                             "B plays JH   # he had no choice\n");
    export_checks_clean(tmp);
    /* near miss: nothing else is a comment, and no comment an event */
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s' "
                                     "| grep -c '#'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 2);
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s' "
                                     "| grep -v '^#' | grep -c '^@'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 14); /* deal_lines' 13 and B plays JH */
}

/* Tags and a comment typed before any action, then quit: the sitting is
 * written with them (nothing typed is lost), and its export gives them
 * back with a [Chain] tag of no action, which `verify --log` holds against
 * the ledger.  Near miss: a table left with nothing typed writes no
 * sitting. */
static void table__tags_typed_before_any_action_are_kept(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[8192];

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out), "sqlite3 '%s' "
                                     "'SELECT count(*) FROM sitting'",
                                     tmp->db),
                     0);
    assert_string_equal(out, "0\n");
    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type(&t, "[Event \"Club night\"]");
    expect(&t, "> ");
    type(&t, "# Mr. B is late");
    expect(&t, "> ");
    type(&t, "quit");
    expect(&t, "everything is recorded in ");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s'",
                                     harness_ecarte(), tmp->db),
                     0);
    /* no action to chain: a [Chain] tag of none, from=0 at the genesis */
    assert_string_equal(out, "[Event \"Club night\"]\n[Chain \"sitting=1 "
                        "from=0 head=0000000000000000000000000000000000000000"
                        "000000000000000000000000\"]\n# Mr. B is late\n");
    export_checks_clean(tmp);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log '%s'",
                                     harness_ecarte(), tmp->db, tmp->out),
                     0);
    assert_non_null(strstr(out, "matches the ledger: 0 events"));
    /* near misses: a tag changed, an action added after the tag */
    assert_int_equal(harness_sh("sed 's/Club/Chess/' '%s' > '%s'", tmp->out,
                                tmp->log2),
                     0);
    assert_int_equal(harness_sh("%s verify --db '%s' --log '%s' >/dev/null",
                                harness_ecarte(), tmp->db, tmp->log2),
                     1);
    assert_int_equal(harness_sh("(cat '%s'; echo game) > '%s'", tmp->out,
                                tmp->log2),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log '%s'",
                                     harness_ecarte(), tmp->db, tmp->log2),
                     1);
    assert_non_null(strstr(out, "differs from the ledger"));
}

/* An existing empty file is not a ledger: the table refuses it (exit 2,
 * as record does) and leaves it empty; --new makes it one. */
static void table__an_empty_file_is_not_a_ledger_unless_new(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;

    harness_write(tmp->db, "");
    term_start(&t, tmp->db, NULL);
    pump(&t, 500);
    {
        /* a table that took the file would wait at its prompt: leave it
         * (refused, the table is gone and nothing reads this) */
        ssize_t n = write(t.fd, "quit\r", 5);

        (void)n;
    }
    assert_int_equal(term_end(&t), 2);
    assert_non_null(strstr(t.out, "an empty file, not a ledger (--new makes "
                                  "it a new ledger)"));
    assert_int_equal(harness_sh("test -s '%s'", tmp->db), 1);
    term_start(&t, tmp->db, "--new");
    expect(&t, "> ");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_sh("test -s '%s'", tmp->db), 0);
}

/* A bad --laws opens nothing: a usage error (exit 2, as gen --laws says
 * it), no ledger made, no sitting under other laws. */
static void table__a_bad_laws_opens_nothing(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;

    term_start(&t, tmp->db, "--laws=polish; bogus=1");
    pump(&t, 500);
    if (write(t.fd, "quit\r", 5) < 0) { /* a table opened would wait */
        t.mark = 0;
    }
    assert_int_equal(term_end(&t), 2);
    assert_non_null(strstr(t.out, "--laws: expected a Laws switch"));
    assert_int_equal(harness_sh("test -e '%s'", tmp->db), 1);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, harness_tmp_setup, \
                                                harness_tmp_teardown)
        T(table__a_comment_typed_is_kept_in_its_place),
        T(table__tags_typed_before_any_action_are_kept),
        T(table__an_empty_file_is_not_a_ledger_unless_new),
        T(table__a_bad_laws_opens_nothing),
#undef T
    };

    signal(SIGPIPE, SIG_IGN);
    return cmocka_run_group_tests_name("table_ledger", tests, NULL, NULL);
}
