/* SPDX-License-Identifier: MIT */
/* test_table.c - `ecarte table` driven through a real pseudo-terminal, as a
 * club referee would use it: a whole deal typed with a typo in it, tab
 * completion of the cards that may be played, an L43 ruling answered with
 * the option's word, `undo` of a mistyped card and the export checking
 * clean, SIGKILL mid-deal and the restart at the same prompt, two tables
 * writing one ledger at once. */
#include "tests/term_util.h"

/* A whole deal typed, with a typo in the middle: the typo (B plays QH, a
 * card in A's hand) is refused with what is expected, nothing is recorded,
 * the line is retyped and the deal scores as played. */
static void table__typo_is_refused_and_the_deal_scores(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[4096];

    term_start(&t, tmp->db, NULL);
    expect(&t, "a new sitting");
    expect(&t, "> ");
    type_lines(&t, deal_lines);
    expect(&t, ""); /* settle */
    type(&t, "B plays QH");
    expect(&t, "expected B to play: one of KH JH 9H 8H");
    expect(&t, "nothing recorded");
    expect(&t, "play: B plays > ");
    type_lines(&t, play_lines);
    type(&t, "A plays QH");
    expect(&t, "points A 0 B 3");
    expect(&t, "A 0 - B 3");
    type(&t, "quit");
    expect(&t, "everything is recorded");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c QH",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 2); /* dealt, played: the typo is not there */
    export_checks_clean(tmp);
}

/* Tab on "A plays " lists exactly the cards A may play: B led the king of
 * trumps, A holds QH AH 7H KS and must follow. */
static void table__tab_lists_the_legal_cards(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char *seen;

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type_lines(&t, deal_lines);
    type_lines(&t, "B plays JH\nB leads KH\n");
    t.mark = t.len;
    assert_int_equal(write(t.fd, "A plays \t\t", 10), 10);
    pump(&t, 500);
    seen = t.out + t.mark;
    assert_non_null(strstr(seen, "QH"));
    assert_non_null(strstr(seen, "AH"));
    assert_non_null(strstr(seen, "7H"));
    assert_null(strstr(seen, "KS"));
    assert_null(strstr(seen, "??"));
    /* and a unique prefix completes: 7 -> 7H */
    assert_int_equal(write(t.fd, "\x15", 1), 1); /* kill the line */
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
}

/* verbs_listed - Tab Tab after "A " at elder hand's proposal, under the
 * profile laws (NULL: london): what the terminal listed, into buf. */
static void verbs_listed(const struct harness_tmp *tmp, const char *laws,
                         char *buf, size_t n)
{
    struct term t;
    char arg[100];

    snprintf(arg, sizeof(arg), "--laws=%s", laws);
    term_start(&t, tmp->db, laws != NULL ? arg : NULL);
    expect(&t, "> ");
    type_lines(&t, "game\ndeal B\nA shuffles\nB shuffles\nA cuts 17\n"
                   "B gives A 3 QH AH 7H\nB gives B 3 KH JH 9H\n"
                   "B gives A 2 KS KD\nB gives B 2 8H 9C\nB turns TH\n");
    t.mark = t.len;
    assert_int_equal(write(t.fd, "A \t\t", 4), 4);
    pump(&t, 500);
    snprintf(buf, n, "%s", t.out + t.mark);
    assert_int_equal(write(t.fd, "\x15", 1), 1); /* kill the line */
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
}

/* Tab offers only the verbs the profile allows: under London no doubling,
 * no veto, no reshuffle; with doubling=yes the double is offered (and
 * still no veto or reshuffle). */
static void table__tab_offers_the_profiles_verbs(void **state)
{
    struct harness_tmp *tmp = *state;
    char seen[1 << 14];

    verbs_listed(tmp, NULL, seen, sizeof(seen));
    assert_non_null(strstr(seen, "proposes"));
    assert_non_null(strstr(seen, "stands"));
    assert_null(strstr(seen, "offers-double"));
    assert_null(strstr(seen, "offers-point"));
    assert_null(strstr(seen, "vetoes"));
    assert_null(strstr(seen, "reshuffles"));
    harness_sh("rm -f '%s' '%s-wal' '%s-shm'", tmp->db, tmp->db, tmp->db);
    verbs_listed(tmp, "london; doubling=yes", seen, sizeof(seen));
    assert_non_null(strstr(seen, "proposes"));
    assert_non_null(strstr(seen, "offers-double"));
    assert_null(strstr(seen, "vetoes"));
    assert_null(strstr(seen, "reshuffles"));
}

/* At a chouette Tab offers the persons' IDs as first words, and after
 * one the verbs of the chouette (stakes, sees, advises ...), not the
 * gallery's (bets, covers, calls). */
static void table__tab_offers_a_chouettes_verbs(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char *seen;

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type_lines(&t, "[Format \"chouette\"]\nperson vic \"Vic\"\n"
                   "person wes \"Wes\"\nperson xan \"Xan\"\n"
                   "vic cuts-for-deal KD\n");
    t.mark = t.len;
    assert_int_equal(write(t.fd, "we\t", 3), 3);
    expect(&t, "s "); /* "we" completed to "wes " (the terminal redraws) */
    t.mark = t.len;
    assert_int_equal(write(t.fd, "\t\t", 2), 2);
    pump(&t, 500);
    seen = t.out + t.mark;
    assert_non_null(strstr(seen, "stakes"));
    assert_non_null(strstr(seen, "advises"));
    assert_non_null(strstr(seen, "takes-seat"));
    assert_null(strstr(seen, "bets"));
    assert_null(strstr(seen, "covers"));
    assert_null(strstr(seen, "calls"));
    assert_int_equal(write(t.fd, "\x15", 1), 1); /* kill the line */
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
}

/* L43: the revoke is ruled at the end of the hand and the prompt becomes
 * the question; the option's word alone answers it. */
static void table__l43_answered_with_its_word(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[4096];

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type_lines(&t, "game\ndeal B\nA shuffles\nB shuffles\nA cuts 9\n"
                   "B gives A 3 QS JS AH\nB gives B 3 KD QH AC\n"
                   "B gives A 2 7C 9D\nB gives B 2 9C 8H\nB turns 8D\n"
                   "A proposes\nB accepts\nA discards 1 7C\nA asks 1\n"
                   "B gives A 1 7S\nB discards 1 8H\nB gives B 1 TC\n"
                   "A leads QS\n");
    type(&t, "B plays 9C");
    /* B may still take it back (L39): the L43 ruling comes with the next
     * lead; it does not hold the play: the hand goes on, the question
     * waits in the prompt */
    expect(&t, "take it back without penalty until the next lead");
    expect(&t, "play: A leads > ");
    type(&t, "A leads AH");
    expect(&t, "play: B plays | L43 waits: A chooses replay | stand > ");
    type_lines(&t, "B plays QH\n"
                   "B leads KD\nA plays 9D\nB leads AC\nA plays 7S\n"
                   "B leads TC\n");
    type(&t, "A plays JS");
    expect(&t, "L43");
    expect(&t, "A chooses: replay | stand > ");
    type(&t, "replay");
    expect(&t, "play: A leads > ");
    type_lines(&t, "A leads AH\nB plays QH\nB leads KD\nA plays 9D\n"
                   "B leads AC\nA plays 7S\nB leads TC\nA plays JS\n"
                   "B leads 9C\n");
    type(&t, "A plays QS");
    expect(&t, "A 0 - B 1");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c 'A elects "
                                     "replay'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1);
    export_checks_clean(tmp);
}

/* `rulings` at the table: each ruling of the deal with its law, who
 * offended, and the election: waiting while pending, then who chose what
 * and what it gave. */
static void table__rulings_say_who_chose_what(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type(&t, "rulings");
    expect(&t, "no ruling in this deal");
    type_lines(&t, "game\ndeal B\nA shuffles\nB shuffles\nA cuts 9\n"
                   "B gives A 3 QS JS AH\nB gives B 3 KD QH AC\n"
                   "B gives A 2 7C 9D\nB gives B 2 9C 8H\nB turns 8D\n"
                   "A proposes\nB accepts\nA discards 1 7C\nA asks 1\n"
                   "B gives A 1 7S\nB discards 1 8H\nB gives B 1 TC\n"
                   "A leads QS\nB plays 9C\nA leads AH\nB plays QH\n"
                   "B leads KD\nA plays 9D\nB leads AC\nA plays 7S\n"
                   "B leads TC\n");
    type(&t, "A plays JS");
    expect(&t, "A chooses: replay | stand > ");
    t.mark = t.len;
    type(&t, "rulings");
    expect(&t, "  L43 Revoke, or not winning the trick: B offended; A "
               "chooses\r\n      waiting for A to choose (options replay, "
               "stand)");
    type(&t, "replay");
    expect(&t, "play: A leads > ");
    t.mark = t.len;
    type(&t, "rulings");
    expect(&t, "  L43 Revoke, or not winning the trick: B offended; A "
               "chooses\r\n      A chose replay: the hand is played again "
               "from the first trick; B capped");
    /* the hand replayed to its end, the next deal begun, then undone
     * back into this one: its ruling is listed again */
    type_lines(&t, "A leads QS\nB plays KD\nB leads AC\nA plays 9D\n"
                   "A leads AH\nB plays QH\nB leads 9C\nA plays JS\n"
                   "B leads TC\n");
    type(&t, "A plays 7S");
    expect(&t, "tricks A 1 B 4");
    type_lines(&t, "deal A\nB shuffles\n");
    t.mark = t.len;
    type(&t, "rulings");
    expect(&t, "no ruling in this deal");
    type_lines(&t, "undo\nundo\n");
    t.mark = t.len;
    type(&t, "rulings");
    expect(&t, "  L43 Revoke, or not winning the trick: B offended; A "
               "chooses\r\n      A chose replay");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
}

/* undo: a mistyped but legal card is struck; the ledger keeps both lines
 * and the strike, the table goes on without it, the export checks clean. */
static void table__undo_strikes_a_mistyped_card(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[8192];

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type_lines(&t, deal_lines);
    type(&t, "B plays 9H");
    expect(&t, "play: B leads > "); /* B won the trick with the 9 */
    type(&t, "undo");
    expect(&t, "play: B plays > ");
    type_lines(&t, play_lines);
    type(&t, "A plays QH");
    expect(&t, "A 0 - B 3");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -A1 'B plays "
                                     "9H' | head -2",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_non_null(strstr(out, "strike"));
    export_checks_clean(tmp);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_non_null(strstr(out, "1 strike"));
}

/* SIGKILL mid-deal: nothing typed and acknowledged is lost; run again, the
 * referee derives the sitting from the ledger and opens at the same
 * prompt. */
static void table__sigkill_and_restart_at_the_same_prompt(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type_lines(&t, deal_lines);
    type(&t, "B plays JH");
    expect(&t, "deal 1, B deals | play: B leads > ");
    kill(t.pid, SIGKILL);
    assert_int_equal(term_end(&t), 128 + SIGKILL);

    term_start(&t, tmp->db, NULL);
    expect(&t, "goes on");
    expect(&t, "B plays JH"); /* the last lines shown */
    expect(&t, "A 0 - B 1 | deal 1, B deals | play: B leads > ");
    type_lines(&t, play_lines + strlen("B plays JH\n"));
    type(&t, "A plays QH");
    expect(&t, "A 0 - B 3");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    export_checks_clean(tmp);
}

/* Two tables at once on one club ledger: both complete, the chain
 * verifies, each sitting has its whole deal. */
static void table__two_tables_share_one_ledger(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t1, t2;
    char all[sizeof(deal_lines) + sizeof(play_lines) + 16];
    const char *p = all;
    char out[4096];

    snprintf(all, sizeof(all), "%s%sA plays QH\n", deal_lines, play_lines);
    term_start(&t1, tmp->db, NULL);
    expect(&t1, "> ");
    type(&t1, "game");
    expect(&t1, "> ");
    term_start(&t2, tmp->db, "--new");
    expect(&t2, "a new sitting");
    expect(&t2, "> ");
    p += strlen("game\n");
    type(&t2, "game");
    expect(&t2, "> ");
    while (*p != '\0') {
        char line[100];
        size_t len = strcspn(p, "\n");

        snprintf(line, sizeof(line), "%.*s", (int)len, p);
        type(&t1, line);
        type(&t2, line);
        expect(&t1, "> ");
        expect(&t2, "> ");
        p += len + 1;
    }
    type(&t1, "score");
    expect(&t1, "A 0 - B 3 (game is 5)");
    type(&t2, "score");
    expect(&t2, "A 0 - B 3 (game is 5)");
    type(&t1, "quit");
    type(&t2, "quit");
    assert_int_equal(term_end(&t1), 0);
    assert_int_equal(term_end(&t2), 0);
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null",
                                harness_ecarte(), tmp->db),
                     0);
    for (int sitting = 1; sitting <= 2; sitting++) {
        assert_int_equal(
            harness_capture(out, sizeof(out),
                            "%s export --db '%s' --sitting %d | grep -c "
                            "'^@.* plays\\|^@.* leads'",
                            harness_ecarte(), tmp->db, sitting),
            0);
        assert_int_equal(atoi(out), 10);
    }
}

/* Not a terminal: table is record - (the lines taken, a wrong one exit 2). */
static void table__without_a_terminal_is_record(void **state)
{
    struct harness_tmp *tmp = *state;

    harness_write(tmp->log, "game\ndeal B\nA shuffles\n");
    assert_int_equal(harness_sh("%s table --db '%s' < '%s' >/dev/null",
                                harness_ecarte(), tmp->db, tmp->log),
                     0);
    harness_write(tmp->log2, "game\ndeal B\nA shuffles\nB leads KH\n");
    assert_int_equal(harness_sh("%s table --db '%s' --new < '%s' >/dev/null "
                                "2>&1",
                                harness_ecarte(), tmp->db, tmp->log2),
                     2);
}

/* Ctrl-C at the prompt drops the line being typed, twice over, and the
 * table goes on; a comment, a line with its own time stamp and a tag typed
 * after the first action are taken; `state` between deals says no deal is
 * in hand. */
static void table__ctrl_c_drops_the_line_and_goes_on(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[4096];

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type(&t, "game");
    expect(&t, "> ");
    assert_int_equal(write(t.fd, "deal A\003", 7), 7);
    expect(&t, "the line is dropped");
    assert_int_equal(write(t.fd, "\003", 1), 1);
    expect(&t, "the line is dropped");
    type(&t, "# B is late; A deals");
    expect(&t, "> ");
    type(&t, "state");
    expect(&t, "no deal in hand");
    type(&t, "@21:14:05 deal B");
    expect(&t, "B deals");
    type(&t, "[Event \"named late\"]");
    expect(&t, "> ");
    type(&t, "quit");
    expect(&t, "everything is recorded");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -v '^#' | "
                                     "grep -c deal",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1); /* deal B only: deal A was dropped */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c "
                                     "'^# B is late; A deals$'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1); /* the comment is kept */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c "
                                     "'^@21:14:05 deal B'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1); /* the typed stamp is kept */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c "
                                     "'^\\[Event \"named late\"\\]'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1); /* a tag typed late is kept */
}

/* Lines longer than a log's line may be, refused, then Tab at many places
 * of a line of 5,000 characters still being typed (the cursor moved to
 * each with Ctrl-A and Ctrl-F): the table lists or completes from the
 * referee, never reads past what it was given, and goes on (under the
 * ASan build, any read of freed memory ends the process). */
static void table__tab_anywhere_in_a_long_line(void **state)
{
    static const int at[] = {0, 1, 2, 3, 8, 100, 4094, 4095, 4096, 4097,
                             4999, 5000};
    struct harness_tmp *tmp = *state;
    struct term t;
    char *big = malloc(10001);

    assert_non_null(big);
    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    for (int n = 4000; n <= 10000; n += 3000) {
        memset(big, 'x', (size_t)n);
        memcpy(big, "# ", 2);
        big[n] = '\0';
        type(&t, big);
        if (n > 4096) {
            expect(&t, "expected a line of at most 4096 bytes, found a "
                       "longer line");
        }
        expect(&t, "> ");
    }
    t.mark = t.len;
    assert_int_equal(write(t.fd, "A \t\t", 4), 4);
    expect(&t, "cuts-for-deal  exposes");
    assert_int_equal(write(t.fd, "\x15", 1), 1);
    memset(big, 'y', 5000);
    memcpy(big, "A ", 2);
    assert_int_equal(write(t.fd, big, 5000), 5000);
    for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
        assert_int_equal(write(t.fd, "\x01", 1), 1); /* to the start */
        for (int k = 0; k < at[i]; k += 500) {
            int step = at[i] - k < 500 ? at[i] - k : 500;
            char fwd[500];

            memset(fwd, '\x06', (size_t)step); /* Ctrl-F: one forward */
            assert_int_equal(write(t.fd, fwd, (size_t)step), step);
            pump(&t, 20);
        }
        assert_int_equal(write(t.fd, "\t\t", 2), 2);
        pump(&t, 50);
    }
    assert_int_equal(write(t.fd, "\x05\x15", 2), 2); /* end, kill */
    pump(&t, 100);
    t.mark = t.len;
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    free(big);
}

/* A NUL or a byte that is not UTF-8 typed at the table is refused with the
 * words `record` gives (the column named), not dropped; nothing of the
 * line is recorded. */
static void table__nul_and_bad_bytes_are_refused(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[4096];

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    assert_int_equal(write(t.fd, "[Event \"Zo\xff\"]\r", 14), 14);
    expect(&t, "table:1:11: expected UTF-8 text, found the byte 0xFF");
    expect(&t, "nothing recorded");
    expect(&t, "> ");
    assert_int_equal(write(t.fd, "\0\r", 2), 2); /* a NUL alone */
    expect(&t, "table:1:1: expected UTF-8 text, found the byte 0x00");
    expect(&t, "> ");
    assert_int_equal(write(t.fd, "[Event \"Z\0o\"]\r", 14), 14);
    expect(&t, "table:1:10: expected UTF-8 text, found the byte 0x00");
    expect(&t, "> ");
    assert_int_equal(write(t.fd, "quit\0xyz\r", 9), 9);
    expect(&t, "expected UTF-8 text, found the byte 0x00");
    expect(&t, "> ");
    type(&t, "[Event \"Zo\xc3\xab\"]");
    expect(&t, "> ");
    type(&t, "game");
    expect(&t, "> ");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c Event",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1); /* only the well-formed one */
}

/* Under LC_ALL=C the table still reads and keeps UTF-8: a name typed as
 * Zoë is stored as Zoë. */
static void table__utf8_whatever_the_locale(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[4096];

    setenv("LC_ALL", "C", 1);
    term_start(&t, tmp->db, NULL);
    unsetenv("LC_ALL");
    expect(&t, "> ");
    type(&t, "[A \"Zo\xc3\xab\"]");
    expect(&t, "> ");
    type(&t, "game");
    expect(&t, "> ");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c "
                                     "'^\\[A \"Zo\xc3\xab\"\\]$'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1);
}

/* A private-use character typed in the range that stands for raw bytes
 * at the table (U+F71C, U+F7FF) is kept as typed, not read as the byte
 * 0x1C or 0xFF it would stand for (a fuzzed line found it). */
static void table__private_use_characters_come_back_as_typed(void **state)
{
    struct harness_tmp *tmp = *state;
    struct term t;
    char out[4096];

    term_start(&t, tmp->db, NULL);
    expect(&t, "> ");
    type(&t, "[Event \"Zo\xef\x9c\x9c\xef\x9f\xbf\"]");
    expect(&t, "> ");
    type(&t, "game");
    expect(&t, "> ");
    type(&t, "quit");
    assert_int_equal(term_end(&t), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' | grep -c "
                                     "'^\\[Event \"Zo\xef\x9c\x9c\xef\x9f\xbf"
                                     "\"\\]$'",
                                     harness_ecarte(), tmp->db),
                     0);
    assert_int_equal(atoi(out), 1);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, harness_tmp_setup, \
                                                harness_tmp_teardown)
        T(table__typo_is_refused_and_the_deal_scores),
        T(table__tab_lists_the_legal_cards),
        T(table__l43_answered_with_its_word),
        T(table__rulings_say_who_chose_what),
        T(table__tab_offers_the_profiles_verbs),
        T(table__tab_offers_a_chouettes_verbs),
        T(table__undo_strikes_a_mistyped_card),
        T(table__sigkill_and_restart_at_the_same_prompt),
        T(table__two_tables_share_one_ledger),
        T(table__without_a_terminal_is_record),
        T(table__ctrl_c_drops_the_line_and_goes_on),
        T(table__tab_anywhere_in_a_long_line),
        T(table__nul_and_bad_bytes_are_refused),
        T(table__utf8_whatever_the_locale),
        T(table__private_use_characters_come_back_as_typed),
#undef T
    };

    signal(SIGPIPE, SIG_IGN);
    return cmocka_run_group_tests_name("table", tests, NULL, NULL);
}
