/* SPDX-License-Identifier: MIT */
/* test_table.c - `ecarte table` driven through a real pseudo-terminal, as a
 * club referee would use it: a whole deal typed with a typo in it, tab
 * completion of the cards that may be played, an L43 ruling answered with
 * the option's word, `undo` of a mistyped card and the export checking
 * clean, SIGKILL mid-deal and the restart at the same prompt, two tables
 * writing one ledger at once. */
#include "tests/harness.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* A referee running on a pseudo-terminal, and what it has written. */
struct term {
    pid_t pid;
    int fd;
    char out[1 << 17];
    size_t len;
    size_t mark;                /* expect() looks from here on */
};

/* term_start - `ecarte table --db DB [extra]` on a new pseudo-terminal. */
static void term_start(struct term *t, const char *db, const char *extra)
{
    struct winsize ws = {.ws_row = 50, .ws_col = 200};
    pid_t pid;

    memset(t, 0, sizeof(*t));
    pid = forkpty(&t->fd, NULL, NULL, &ws);
    if (pid < 0) {
        printf("  SKIPPED: no pseudo-terminal here (forkpty: %s)\n",
               strerror(errno));
        skip();
    }
    if (pid == 0) {
        setenv("TERM", "vt100", 1);
        if (extra != NULL) {
            execl(harness_ecarte(), "ecarte", "table", "--db", db, extra,
                  (char *)NULL);
        } else {
            execl(harness_ecarte(), "ecarte", "table", "--db", db,
                  (char *)NULL);
        }
        _exit(127);
    }
    t->pid = pid;
}

/* pump - read what the referee wrote for up to ms milliseconds (returns
 * early when it pauses after writing).  false at end of output. */
static bool pump(struct term *t, int ms)
{
    struct pollfd p = {.fd = t->fd, .events = POLLIN};

    while (poll(&p, 1, ms) > 0) {
        ssize_t n;

        if (t->len + 1 >= sizeof(t->out)) {
            memmove(t->out, t->out + sizeof(t->out) / 2, sizeof(t->out) / 2);
            t->len -= sizeof(t->out) / 2;
            t->mark = t->mark > sizeof(t->out) / 2
                          ? t->mark - sizeof(t->out) / 2
                          : 0;
        }
        n = read(t->fd, t->out + t->len, sizeof(t->out) - 1 - t->len);
        if (n <= 0) {
            return false;
        }
        t->len += (size_t)n;
        t->out[t->len] = '\0';
        ms = 50;
    }
    return true;
}

/* expect - wait (up to 10 s) until text appears after the mark; the mark
 * moves past it.  Fails the test with what was seen if it never does. */
static void expect(struct term *t, const char *text)
{
    time_t until = time(NULL) + 10;

    for (;;) {
        char *at = strstr(t->out + t->mark, text);

        if (at != NULL) {
            t->mark = (size_t)(at - t->out) + strlen(text);
            return;
        }
        if (time(NULL) > until || !pump(t, 200)) {
            fail_msg("expected \"%s\" on the terminal, saw:\n%s\n(before "
                     "the mark: %.600s)", text, t->out + t->mark,
                     t->mark > 600 ? t->out + t->mark - 600 : t->out);
        }
    }
}

/* type - the keys of text, then Enter. */
static void type(struct term *t, const char *text)
{
    size_t n = strlen(text);

    assert_int_equal(write(t->fd, text, n), (ssize_t)n);
    assert_int_equal(write(t->fd, "\r", 1), 1);
    pump(t, 100);
}

/* type_lines - each line of text typed, waiting for the prompt between. */
static void type_lines(struct term *t, const char *text)
{
    char line[200];
    const char *p = text;

    while (*p != '\0') {
        size_t len = strcspn(p, "\n");

        snprintf(line, sizeof(line), "%.*s", (int)len, p);
        type(t, line);
        expect(t, "> ");
        p += len + (p[len] == '\n');
    }
}

/* term_end - wait for the referee to exit; its exit status. */
static int term_end(struct term *t)
{
    int st = 0;

    while (pump(t, 200)) {
    }
    assert_int_equal(waitpid(t->pid, &st, 0), t->pid);
    close(t->fd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static const char deal_lines[] = "game\n"
                                 "deal B\n"
                                 "A shuffles\n"
                                 "B shuffles\n"
                                 "A cuts 17\n"
                                 "B gives A 3 QH AH 7H\n"
                                 "B gives B 3 KH JH 9H\n"
                                 "B gives A 2 KS KD\n"
                                 "B gives B 2 8H 9C\n"
                                 "B turns TH\n"
                                 "A stands\n"
                                 "A leads KD\n"
                                 "B announces king\n";

static const char play_lines[] = "B plays JH\n"
                                 "B leads KH\n"
                                 "A plays 7H\n"
                                 "B leads 9C\n"
                                 "A plays AH\n"
                                 "A leads KS\n"
                                 "B plays 9H\n"
                                 "B leads 8H\n";

/* checks_clean - the ledger exported, and the export checked --strict. */
static void export_checks_clean(const struct harness_tmp *tmp)
{
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'", harness_ecarte(),
                                tmp->db, tmp->out),
                     0);
    assert_int_equal(harness_sh("%s check --strict '%s' >/dev/null",
                                harness_ecarte(), tmp->out),
                     0);
}

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
        T(table__a_comment_typed_is_kept_in_its_place),
        T(table__tags_typed_before_any_action_are_kept),
        T(table__an_empty_file_is_not_a_ledger_unless_new),
        T(table__a_bad_laws_opens_nothing),
#undef T
    };

    signal(SIGPIPE, SIG_IGN);
    return cmocka_run_group_tests_name("table", tests, NULL, NULL);
}
