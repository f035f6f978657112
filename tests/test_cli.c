/* SPDX-License-Identifier: MIT */
/* test_cli.c - the ecarte command end to end: record into a ledger, export
 * and check the export, resume after a restart, SIGKILL mid-file, exit
 * statuses and error positions (JSON Lines and `score`: test_cli_output.c).
 */
#include "tests/harness.h"

#include "laws/laws.h"
#include "tablelog/tablelog.h"

#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* count_rows - SELECT count(*) FROM table in the ledger at db. */
static long count_rows(const char *db, const char *table)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char sql[200];
    long n = -1;

    snprintf(sql, sizeof(sql), "SELECT count(*) FROM %s", table);
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

static void cli__record_then_export_checks_clean(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    assert_int_equal(
        harness_record(t->db, harness_example("club-evening.ecarte")), 0);
    assert_int_equal(count_rows(t->db, "deal"), 24);
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'", harness_ecarte(),
                                t->db, t->out),
                     0);
    /* the export reads back with no finding, and says the same actions */
    assert_int_equal(harness_sh("%s check --strict '%s' >/dev/null",
                                harness_ecarte(), t->out),
                     0);
    assert_int_equal(harness_sh("grep -v '^[#=]' '%s' | grep -v '^$' > '%s.a'; "
                                "grep -v '^[#=]' '%s' | grep -v '^$' | "
                                "grep -v '^\\[Chain ' > '%s.b'; "
                                "cmp -s '%s.a' '%s.b'",
                                harness_example("club-evening.ecarte"), t->out,
                                t->out, t->out, t->out, t->out),
                     0);
    /* one game's export */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s export --db '%s' --game 2",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "[Event \"Club evening\"]"));
}

static void cli__record_resumes_without_duplicating(void **state)
{
    struct harness_tmp *t = *state;
    long events;

    assert_int_equal(
        harness_record(t->db, harness_example("hoffmann-rule-hand.ecarte")), 0);
    events = count_rows(t->db, "event");
    assert_true(events > 20);
    /* the same log again: every line is already recorded */
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db,
                                harness_example("hoffmann-rule-hand.ecarte")),
                     0);
    assert_int_equal(count_rows(t->db, "event"), events);
    assert_int_equal(count_rows(t->db, "sitting"), 1);
}

static void cli__record_resumes_mid_hand_from_standard_input(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    harness_write(t->log, "game\ndeal B\nB gives A 3 QH AH 7H\n"
                          "B gives B 3 KH JH 9H\nB gives A 2 KS KD\n"
                          "B gives B 2 8H 9C\nB turns TH\nA stands\n"
                          "A leads KD\n");
    assert_int_equal(harness_sh("%s record --db '%s' - < '%s' >/dev/null",
                                harness_ecarte(), t->db, t->log),
                     0);
    /* a restart: the rest of the hand on standard input */
    harness_write(t->log, "B announces king\nB plays JH\nB leads KH\n"
                          "A plays 7H\nB leads 9C\nA plays AH\nA leads KS\n"
                          "B plays 9H\nB leads 8H\nA plays QH\n");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' - < '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, "resuming"));
    assert_non_null(strstr(out, "score A 0 B 3"));
    assert_int_equal(count_rows(t->db, "sitting"), 1);
}

static void cli__sigkill_mid_file_keeps_every_committed_action(void **state)
{
    struct harness_tmp *t = *state;
    int to_child[2];
    pid_t pid;
    FILE *w;
    long events = 0;

    assert_int_equal(pipe(to_child), 0);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(to_child[0], 0);
        close(to_child[1]);
        if (freopen("/dev/null", "w", stdout) == NULL) {
            _exit(3);
        }
        execl(harness_ecarte(), "ecarte", "record", "--db", t->db, "-",
              (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    w = fdopen(to_child[1], "w");
    assert_non_null(w);
    fputs("game\ndeal B\nB gives A 3 QH AH 7H\nB gives B 3 KH JH 9H\n"
          "B gives A 2 KS KD\nB gives B 2 8H 9C\nB turns TH\nA stands\n"
          "A leads KD\n",
          w);
    fflush(w);
    /* wait until the nine actions are committed, then kill mid-hand */
    for (int i = 0; i < 200 && events < 9; i++) {
        struct timespec ts = {0, 20000000};

        nanosleep(&ts, NULL);
        if (access(t->db, R_OK) == 0) {
            events = count_rows(t->db, "event");
        }
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    fclose(w);
    assert_int_equal(count_rows(t->db, "event"), 9);
    assert_int_equal(count_rows(t->db, "deal"), 1);
    /* the ledger is whole: verify later actions resume on it */
    harness_write(t->log, "B announces king\nB plays JH\n");
    assert_int_equal(harness_sh("%s record --db '%s' - < '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(count_rows(t->db, "event"), 11);
}

static void cli__bad_line_gives_file_line_column_and_status_2(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    harness_write(t->log, "game\ndeal B\nB gives A 3 QH AH QX\n");
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_non_null(strstr(out, "in.ecarte:3:"));
    assert_non_null(strstr(out, "expected"));
    /* a card given twice: the column of that card as written (K\u2665
     * is 4 bytes, one character: Q\u2665 is the 16th character) */
    harness_write(t->log, "game\ndeal B\nB gives A 3 QH AH 7H\n"
                          "B gives B 3 K\xe2\x99\xa5 Q\xe2\x99\xa5 9H\n");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     2);
    assert_non_null(strstr(out, "in.ecarte:4:16: expected a card in the "
                                "stock, found QH"));
    assert_non_null(strstr(out, "card conservation"));
    /* what came before the bad line is recorded, nothing after */
    assert_int_equal(count_rows(t->db, "event"), 3);
}

static void cli__wrong_score_line_is_a_finding(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    assert_int_equal(
        harness_sh("sed 's/= score A 0 B 3/= score A 0 B 2/' '%s' > '%s'",
                   harness_example("hoffmann-rule-hand.ecarte"), t->log),
        0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), t->log),
                     1);
    assert_non_null(strstr(out, "in.ecarte:"));
    assert_non_null(strstr(out, "\"= score A 0 B 2\", the rules give "
                                "\"= score A 0 B 3\""));
}

/* A score written before the elector of a revoke has elected: the finding
 * says the points wait for him (not a mark of points not due). */
static void cli__score_before_the_election_says_why(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    char path[1024];

    assert_int_equal(
        harness_sh("head -n -2 '%s' > '%s' && echo '= score A 1 B 0' >> '%s'",
                   harness_path("tests/cases/l43_must_win_fires.ecarte",
                                path, sizeof(path)),
                   t->log, t->log),
        0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), t->log),
                     1);
    assert_non_null(strstr(out, "the rules give \"= score A 0 B 0\": the "
                                "hand's points wait for A's election on "
                                "L43"));
}

/* A deal of the london rules, where every hand is worth 1, with `= value
 * V` on line 13 (after "A stands"). */
static void value_log(const char *path, int value)
{
    char text[1024];

    snprintf(text, sizeof(text),
             "[Laws \"london\"]\ngame\ndeal B\nA shuffles\nB shuffles\n"
             "A cuts 9\nB gives A 3 KH QH AC\nB gives B 3 QS JS AH\n"
             "B gives A 2 9C 8H\nB gives B 2 7C JD\nB turns 8D\nA stands\n"
             "= value %d\nA leads KH\nB plays AH\nA leads QH\nB plays JD\n"
             "B leads QS\nA plays 8H\nB leads JS\nA plays 9C\nB leads 7C\n"
             "A plays AC\n= score A 0 B 2\n",
             value);
    harness_write(path, text);
}

/* `= value N` is compared with the hand's value (arbiter_value) where it
 * stands, like `= score`: by check, record and import. */
static void cli__value_line_is_compared_with_the_hands_value(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];
    char want[512];

    value_log(t->log, 1);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s check --strict '%s'",
                                     harness_ecarte(), t->log),
                     0);
    assert_null(strstr(out, "value"));
    value_log(t->log, 2);
    snprintf(want, sizeof(want),
             "%s:13: the log records \"= value 2\", the rules give "
             "\"= value 1\"\n",
             t->log);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), t->log),
                     1);
    assert_non_null(strstr(out, want));
    assert_int_equal(harness_capture(out, sizeof(out), "%s check --json '%s'",
                                     harness_ecarte(), t->log),
                     1);
    assert_non_null(strstr(out, "\"line\":13,\"kind\":\"value\","
                                "\"expected\":\"value 1\",\"found\":\"value 2\""));
    /* --quiet: the finding and nothing else */
    assert_int_equal(harness_capture(out, sizeof(out), "%s check --quiet '%s'",
                                     harness_ecarte(), t->log),
                     1);
    assert_non_null(strstr(out, "the log records \"= value 2\""));
    assert_null(strstr(out, "deal 1"));
    assert_null(strstr(out, "= ruling"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --db '%s' '%s' 2>/dev/null",
                                     harness_ecarte(), t->db, t->log),
                     1);
    assert_non_null(strstr(out, want));
}

static void cli__usage_errors_exit_2(void **state)
{
    (void)state;
    assert_int_equal(harness_sh("%s >/dev/null 2>&1", harness_ecarte()), 2);
    assert_int_equal(
        harness_sh("%s frobnicate >/dev/null 2>&1", harness_ecarte()), 2);
    assert_int_equal(harness_sh("%s check >/dev/null 2>&1", harness_ecarte()),
                     2);
    assert_int_equal(harness_sh("%s law 52 >/dev/null 2>&1", harness_ecarte()),
                     2);
    assert_int_equal(harness_sh("%s --version >/dev/null", harness_ecarte()),
                     0);
    assert_int_equal(harness_sh("%s --help >/dev/null", harness_ecarte()), 0);
    assert_int_equal(harness_sh("%s check /nonexistent.ecarte >/dev/null 2>&1",
                                harness_ecarte()),
                     2);
}

static void cli__law_43_is_explained(void **state)
{
    char out[8192];

    (void)state;
    assert_int_equal(
        harness_capture(out, sizeof(out), "%s law 43", harness_ecarte()), 0);
    assert_non_null(strstr(out, "L43"));
    assert_non_null(strstr(out, "replay"));
    assert_non_null(strstr(out, "adversary"));
    assert_int_equal(
        harness_capture(out, sizeof(out), "%s laws | wc -l", harness_ecarte()),
        0);
    assert_int_equal(atoi(out), 80);   /* L1-L51, PL1-PL5, MD1-MD5, CH1-CH5,
                                          PO1-PO4, BY1-BY10 */
}

/* Every law and rule explains itself whole: no option without words, no
 * NULL printed, and rule ids (PL5, MD1) are accepted. */
static void cli__every_law_and_rule_is_explained_whole(void **state)
{
    char out[8192];

    (void)state;
    for (int l = 0; l < LAW_COUNT; l++) {
        const char *id = laws_get((enum law_id)l)->id;

        assert_int_equal(harness_capture(out, sizeof(out), "%s law %s",
                                         harness_ecarte(), id),
                         0);
        assert_int_equal(strncmp(out, id, strlen(id)), 0);
        assert_null(strstr(out, "(null)"));
        assert_null(strstr(out, "\": \n"));
    }
    assert_int_equal(harness_capture(out, sizeof(out), "%s law PL5",
                                     harness_ecarte()),
                     0);
    assert_non_null(strstr(out, "\"vetoes C\": the jack shown"));
    assert_non_null(strstr(out, "\"elects pass\": no veto"));
}

/* A strike with no line in reach cannot be true: exit 2, and the line is
 * named. */
static void cli__strike_with_nothing_to_strike_exits_2(void **state)
{
    struct harness_tmp *t = *state;
    char out[2048];

    harness_write(t->log, "game\nstrike\nstrike\n");
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s' 2>&1",
                                     harness_ecarte(), t->log),
                     2);
    assert_non_null(strstr(out, ":3:1: expected a line to strike"));
}

/* slurp - the whole file at repo-relative path rel (malloc'd). */
static char *slurp(const char *rel)
{
    char path[1024];

    return harness_read(harness_path(rel, path, sizeof(path)), NULL);
}

/* docs/laws.md is what `ecarte laws --markdown` prints: it cannot drift
 * from the registry. */
static void cli__laws_reference_is_generated(void **state)
{
    char path[1024];

    (void)state;
    assert_int_equal(harness_sh("%s laws --markdown | cmp -s - '%s'",
                                harness_ecarte(),
                                harness_path("docs/laws.md", path,
                                             sizeof(path))),
                     0);
}

/* names_word - does doc hold w as a word of a line's grammar (after a
 * space or a backquote, before a space, a backquote or a line end)? */
static bool names_word(const char *doc, const char *w)
{
    size_t n = strlen(w);

    for (const char *p = strstr(doc, w); p != NULL; p = strstr(p + 1, w)) {
        if (p > doc && (p[-1] == ' ' || p[-1] == '`') &&
            (p[n] == ' ' || p[n] == '`' || p[n] == '\n')) {
            return true;
        }
    }
    return false;
}

/* docs/format.md names every verb, option and remedy the reader knows,
 * and its whole deal checks clean with its `=` lines. */
static void cli__format_reference_covers_every_line(void **state)
{
    struct harness_tmp *t = *state;
    char *doc = slurp("docs/format.md");
    char word[64];
    const char *deal;
    const char *end;
    FILE *fp;

    for (int k = 1; k < EV_KIND_COUNT; k++) {
        if (!names_word(doc, event_verb((enum event_kind)k))) {
            fail_msg("docs/format.md does not name \"%s\"",
                     event_verb((enum event_kind)k));
        }
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        if (o != OPT_VETO && strstr(doc, option_name((enum law_option)o)) ==
                                 NULL) {
            fail_msg("docs/format.md does not name the option %s",
                     option_name((enum law_option)o));
        }
    }
    for (int r = 1; r < REM_COUNT; r++) {
        snprintf(word, sizeof(word), "`%s`", remedy_name((enum remedy)r));
        if (strstr(doc, word) == NULL) {
            fail_msg("docs/format.md does not name the remedy %s", word);
        }
    }
    deal = strstr(doc, "## A whole deal");
    assert_non_null(deal);
    deal = strstr(deal, "```\n");
    assert_non_null(deal);
    deal += 4;
    end = strstr(deal, "```");
    assert_non_null(end);
    fp = fopen(t->log, "w");
    assert_non_null(fp);
    fwrite(deal, 1, (size_t)(end - deal), fp);
    fclose(fp);
    assert_int_equal(harness_sh("%s check --strict '%s' >/dev/null",
                                harness_ecarte(), t->log),
                     0);
    free(doc);
}

/* The manual page: every subcommand in it, groff reads it without a
 * warning, and make install puts it in share/man/man1. */
static void cli__manual_page_names_every_command(void **state)
{
    struct harness_tmp *t = *state;
    char *man = slurp("man/ecarte.1");
    static const char *const cmds[] = {"table", "record", "check", "import",
                                       "export", "score", "verify", "audit",
                                       "law", "laws", "gen", "report"};
    char path[1024];
    char out[4096];

    for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
        char want[64];

        snprintf(want, sizeof(want), ".Cm %s\n", cmds[i]);
        if (strstr(man, want) == NULL) {
            fail_msg("man/ecarte.1 has no .Cm %s", cmds[i]);
        }
    }
    free(man);
    harness_path("man/ecarte.1", path, sizeof(path));
    if (harness_sh("command -v groff >/dev/null") == 0) {
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "groff -ww -z -mandoc '%s' 2>&1",
                                         path),
                         0);
        assert_string_equal(out, "");
    } else {
        printf("  (groff not installed: the page's markup is not linted)\n");
    }
    assert_int_equal(
        harness_sh("make -s -C '%s' install DESTDIR='%s/inst' PREFIX=/usr "
                   ">/dev/null 2>&1 && test -x '%s/inst/usr/bin/ecarte' && "
                   "test -f '%s/inst/usr/share/man/man1/ecarte.1'",
                   harness_path(".", out, sizeof(out)), t->dir, t->dir,
                   t->dir),
        0);
}

/* one_int - the integer a query gives on the ledger at db (-1: none or
 * NULL). */
static long one_int(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long n = -1;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW &&
        sqlite3_column_type(st, 0) != SQLITE_NULL) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* A game won on a false king from a hand nobody saw, reopened when the
 * hand is shown (L25), recorded: the game row is open again (no winner),
 * the deal row holds the hand as finally scored, the one ruling is kept,
 * JSON Lines say the game was reopened and why, and `verify` proves every
 * row re-derived from the events. */
static void cli__false_king_reopening_is_recorded_and_verifies(void **state)
{
    struct harness_tmp *t = *state;
    const char *log = harness_example(
        "../tests/cases/l25_unseen_hand_shown_reopens_game_fires.ecarte");
    char out[16384];

    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s record --json --db '%s' '%s'",
                                     harness_ecarte(), t->db, log),
                     0);
    assert_non_null(strstr(out, "{\"type\":\"game\","));
    assert_non_null(strstr(out, "{\"type\":\"game_reopened\","));
    assert_non_null(strstr(out, "\"reason\":\"false-king\",\"law\":"
                                "\"L25\"}"));
    assert_int_equal(count_rows(t->db, "game"), 1);
    assert_int_equal(one_int(t->db, "SELECT count(*) FROM game WHERE number "
                                    "= 1 AND winner IS NULL AND points_a IS "
                                    "NULL"),
                     1);
    assert_int_equal(one_int(t->db, "SELECT count(*) FROM ruling WHERE law "
                                    "= 'L25'"),
                     1);
    assert_int_equal(one_int(t->db, "SELECT points_a FROM deal WHERE number "
                                    "= 1"),
                     0);
    assert_int_equal(one_int(t->db, "SELECT tricks_a FROM deal WHERE number "
                                    "= 1"),
                     3);
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "every row proven"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "game 1 not finished: A 4 B 2"));
    /* the text says it too */
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), log),
                     0);
    assert_non_null(strstr(out, "game 1 is not won after all: the king "
                                "announced that won it was not the "
                                "announcer's (L25); it goes on"));
}

/* `ecarte CMD --help` prints that command's usage and options on standard
 * output and exits 0, for every command (law took --help for a law number
 * and exited 2). */
static void cli__every_command_has_its_help(void **state)
{
    static const struct {
        const char *cmd;
        const char *usage;      /* the first line */
        const char *option;     /* an option the text explains */
    } cmds[] = {
        {"record", "usage: ecarte record [--db FILE] [--json] [--new | "
                   "--sitting ID] [LOG... | -]\n",
         "  --new        start a new sitting"},
        {"check", "usage: ecarte check [--json] [--strict] LOG...\n",
         "  --strict     a ruling the log does not record is a finding"},
        {"export", "usage: ecarte export [--db FILE] [--game N] "
                   "[--sitting ID]\n                     [--unverified]\n",
         "  --game N     only game N"},
        {"score", "usage: ecarte score [--db FILE] [--json] [--rubber N] "
                  "[--unverified]\n",
         "  --unverified show the figures of a ledger that does not"},
        {"law", "usage: ecarte law ID\n", "  --help       this text\n"},
        {"laws", "usage: ecarte laws [--markdown | --profile [--laws SPEC | "
                 "--db FILE]]\n", "  --markdown   every law and rule"},
        {"table", "usage: ecarte table [--db FILE] [--laws SPEC] [--new]\n",
         "  --laws SPEC  the rule profile of a new sitting"},
        {"gen", "usage: ecarte gen [--deals N] [--seed S] "
                "[--irregularities RATE]\n                  [--laws SPEC] "
                "[--format F]\n",
         "  --format F   the format, a Format tag value"},
        {"import", "usage: ecarte import --db FILE [--new] [--json] "
                   "[--verbose] LOG... | -\n", "  --verbose    print the "
                                               "rulings"},
        {"verify", "usage: ecarte verify [--db FILE] [--json] [--log "
                   "EXPORTED-LOG]\n", "  --json       one JSON object per "
                                      "finding"},
        {"audit", "usage: ecarte audit [--db FILE] [--json]\n",
         "  --json       findings, irregularities"},
    };
    struct harness_tmp *t = *state;
    char out[4096];
    char err[4096];

    for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
        for (int form = 0; form < 2; form++) {
            const char *flag = form == 0 ? "--help" : "-h";

            assert_int_equal(harness_capture(out, sizeof(out),
                                             "%s %s %s 2>/dev/null",
                                             harness_ecarte(), cmds[i].cmd,
                                             flag),
                             0);
            if (strncmp(out, cmds[i].usage, strlen(cmds[i].usage)) != 0 ||
                strstr(out, cmds[i].option) == NULL ||
                strstr(out, "\nexit status: 0 fine, 1 findings, 2 bad input "
                            "or usage\n") == NULL) {
                fail_msg("ecarte %s %s printed:\n%s", cmds[i].cmd, flag, out);
            }
            /* nothing on standard error */
            assert_int_equal(harness_capture(err, sizeof(err),
                                             "%s %s %s 2>&1 >/dev/null",
                                             harness_ecarte(), cmds[i].cmd,
                                             flag),
                             0);
            assert_string_equal(err, "");
        }
    }
    /* after other arguments too, and through `ecarte help CMD` */
    assert_int_equal(harness_capture(out, sizeof(out), "%s law 43 --help",
                                     harness_ecarte()),
                     0);
    assert_true(strncmp(out, "usage: ecarte law ID\n", 21) == 0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s help law",
                                     harness_ecarte()),
                     0);
    assert_true(strncmp(out, "usage: ecarte law ID\n", 21) == 0);
    /* a usage error points at the command's help */
    assert_int_equal(harness_capture(err, sizeof(err),
                                     "%s law 52 2>&1 >/dev/null",
                                     harness_ecarte()),
                     2);
    assert_string_equal(err, "ecarte law: expected a law or rule (1-51, "
                             "L1-L51, PL1-PL5, MD1-MD5, CH1-CH5, PO1-PO4, "
                             "BY1-BY10), found \"52\"\n"
                             "Try 'ecarte law --help'.\n");
    /* help for a subcommand there is not is a usage error */
    assert_int_equal(harness_capture(err, sizeof(err),
                                     "%s help nothing 2>&1 >/dev/null",
                                     harness_ecarte()),
                     2);
    assert_non_null(strstr(err, "expected a subcommand (table, record"));
    assert_non_null(strstr(err, "found \"nothing\""));
    /* a reader given a ledger that is not there says so */
    assert_int_equal(harness_capture(err, sizeof(err),
                                     "%s score --db /nonexistent/x.db 2>&1",
                                     harness_ecarte()),
                     2);
    assert_non_null(strstr(err, "/nonexistent/x.db: no such ledger"));
    /* the scoresheet of a ledger with no deal says so */
    assert_int_equal(harness_sh("%s import --db '%s' --new /dev/null "
                                ">/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "no deal recorded in"));
    /* the rubber of a sitting is its own (a Rubber tag of 5: best of 5) */
    assert_int_equal(harness_sh("(echo '[Rubber \"5\"]'; cat '%s') > '%s' && "
                                "%s record --db '%s' --new '%s' >/dev/null "
                                "2>&1",
                                harness_example("club-evening.ecarte"),
                                t->log, harness_ecarte(), t->out, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --db '%s' | grep -B1 -m1 "
                                     "'rubber to'",
                                     harness_ecarte(), t->out),
                     0);
    assert_non_null(strstr(out, "games A 3 B 1\n  rubber to A"));
    /* score --rubber: an odd number of games or 0 */
    assert_int_equal(harness_sh("%s score --rubber 2 --db /nonexistent "
                                ">/dev/null 2>&1",
                                harness_ecarte()),
                     2);
}

/* A number past what an option holds is refused (exit 2), never cut or
 * wrapped: a seed past 2^64 - 1, a game past INT_MAX, a sitting past
 * INT64_MAX.  Near misses: the largest of each is taken. */
static void cli__numbers_past_their_range_are_refused(void **state)
{
    struct harness_tmp *t = *state;
    char out[512];

    assert_int_equal(harness_sh("%s gen --deals 2 --seed 5 > '%s' && %s "
                                "record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->log, harness_ecarte(),
                                t->db, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s gen --deals 1 "
                                     "--seed 18446744073709551616 2>&1",
                                     harness_ecarte()),
                     2);
    assert_non_null(strstr(out, "expected --seed 0..18446744073709551615"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s gen --deals 1 "
                                     "--seed 18446744073709551615 | grep "
                                     "'^\\[Seed'",
                                     harness_ecarte()),
                     0);
    assert_string_equal(out, "[Seed \"18446744073709551615\"]\n");
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s' "
                                     "--game 4294967297 2>&1",
                                     harness_ecarte(), t->db),
                     2);
    assert_non_null(strstr(out, "expected a game number, found "
                                "\"4294967297\""));
    assert_int_equal(harness_capture(out, sizeof(out), "%s export --db '%s' "
                                     "--game 2147483647 2>&1",
                                     harness_ecarte(), t->db),
                     2);
    assert_non_null(strstr(out, "has no game 2147483647"));
    for (int i = 0; i < 3; i++) {
        static const char *const cmds[] = {"export", "record", "report"};

        assert_int_equal(harness_capture(out, sizeof(out), "%s %s --db '%s' "
                                         "--sitting 9223372036854775808 "
                                         "</dev/null 2>&1",
                                         harness_ecarte(), cmds[i], t->db),
                         2);
        assert_non_null(strstr(out, "expected a sitting id, found "
                                    "\"9223372036854775808\""));
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(cli__record_then_export_checks_clean),
        T(cli__numbers_past_their_range_are_refused),
        T(cli__record_resumes_without_duplicating),
        T(cli__record_resumes_mid_hand_from_standard_input),
        T(cli__sigkill_mid_file_keeps_every_committed_action),
        T(cli__bad_line_gives_file_line_column_and_status_2),
        T(cli__wrong_score_line_is_a_finding),
        T(cli__score_before_the_election_says_why),
        T(cli__value_line_is_compared_with_the_hands_value),
        T(cli__usage_errors_exit_2),
        T(cli__law_43_is_explained),
        T(cli__strike_with_nothing_to_strike_exits_2),
        T(cli__laws_reference_is_generated),
        T(cli__format_reference_covers_every_line),
        T(cli__manual_page_names_every_command),
        T(cli__every_law_and_rule_is_explained_whole),
        T(cli__false_king_reopening_is_recorded_and_verifies),
        T(cli__every_command_has_its_help),
#undef T
    };

    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
