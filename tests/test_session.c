/* SPDX-License-Identifier: MIT */
/* test_session.c - the session through the library (session/session.h),
 * with a sink that collects what it reports: the rulings, notes, deals,
 * games, findings and messages of a log, the rows it writes into a
 * ledger in memory, a line refused with nothing recorded, a sitting
 * recorded again into a scratch ledger; and that it prints nothing. */
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"
#include "session/session.h"

/* What the sink collected. */
struct seen {
    char rulings[8][APPLY_WORDS_MAX];
    int ruling_deal[8];
    int n_rulings;
    int n_notes;
    char last_note[400];
    int n_deals;
    int deal_points[8][2];
    int n_games;
    int game_winner;
    int n_findings;
    char finding[600];
    int n_errors;
    char error[1300];
    int n_notices;
};

static void on_note(void *ctx, const char *source, int line, const char *text)
{
    struct seen *s = ctx;

    (void)source;
    (void)line;
    s->n_notes++;
    snprintf(s->last_note, sizeof(s->last_note), "%s", text);
}

static void on_ruling(void *ctx, const char *source, int line, int deal,
                      const struct ruling *r, const char *words,
                      const char *previews)
{
    struct seen *s = ctx;

    (void)source;
    (void)line;
    (void)r;
    (void)previews;
    if (s->n_rulings < 8) {
        snprintf(s->rulings[s->n_rulings], sizeof(s->rulings[0]), "%s",
                 words);
        s->ruling_deal[s->n_rulings] = deal;
    }
    s->n_rulings++;
}

static void on_deal(void *ctx, const char *source, int line,
                    const struct arb_deal_result *d, const int score[2])
{
    struct seen *s = ctx;

    (void)source;
    (void)line;
    (void)score;
    if (s->n_deals < 8) {
        s->deal_points[s->n_deals][0] = d->points[0];
        s->deal_points[s->n_deals][1] = d->points[1];
    }
    s->n_deals++;
}

static void on_game(void *ctx, const char *source, int line,
                    const struct arb_game_result *g)
{
    struct seen *s = ctx;

    (void)source;
    (void)line;
    s->n_games++;
    s->game_winner = g->winner;
}

static void on_finding(void *ctx, const char *source, int line,
                       const char *kind, const char *expected,
                       const char *found, const char *message)
{
    struct seen *s = ctx;

    (void)source;
    (void)kind;
    (void)message;
    s->n_findings++;
    snprintf(s->finding, sizeof(s->finding), "%d: expected %s, found %s",
             line, expected, found);
}

static void on_message(void *ctx, enum session_msg kind, const char *text)
{
    struct seen *s = ctx;

    if (kind == SESSION_MSG_ERROR) {
        s->n_errors++;
        snprintf(s->error, sizeof(s->error), "%s", text);
    } else {
        s->n_notices++;
    }
}

/* sink_for - a sink collecting into seen. */
static struct session_sink sink_for(struct seen *seen)
{
    struct session_sink k = {
        .ctx = seen,
        .note = on_note,
        .ruling = on_ruling,
        .deal = on_deal,
        .game = on_game,
        .finding = on_finding,
        .message = on_message,
    };

    memset(seen, 0, sizeof(*seen));
    return k;
}

/* run_text - session_run on text (a whole log, named name); its exit
 * status into *exit_out; the run's status returned. */
static int run_text(struct session *s, const char *text, const char *name,
                    int *exit_out)
{
    FILE *fp = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
    int rc;

    assert_non_null(fp);
    rc = session_run(s, fp, name, exit_out);
    fclose(fp);
    return rc;
}

/* A deal with a revoke (B's 9C on A's TC holding the AC) let stand, and a
 * `= score` line that is wrong. */
static const char revoke_log[] =
    "[Laws \"london\"]\n"
    "game\n"
    "deal B\n"
    "A shuffles\n"
    "B shuffles\n"
    "A cuts 9\n"
    "B gives A 3 QS JS AH\n"
    "B gives B 3 KH QH AC\n"
    "B gives A 2 TC JD\n"
    "B gives B 2 9C 8H\n"
    "B turns 8D\n"
    "A stands\n"
    "A leads TC\n"
    "B plays 9C\n"
    "A leads QS\n"
    "B plays 8H\n"
    "A leads JS\n"
    "B plays AC\n"
    "A leads JD\n"
    "B plays QH\n"
    "A leads AH\n"
    "B plays KH\n"
    "A elects stand\n"
    "= score A 2 B 0\n";

/* A revoke, through the library: the sink gets its one ruling (L43, B
 * the offender, A to choose, on deal 1), the deal's points once elected,
 * and the wrong `= score` line as a finding with both values. */
static void session__a_revoke_reaches_the_sink(void **state)
{
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    int exit_code = -1;

    (void)state;
    assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
    assert_int_equal(run_text(s, revoke_log, "revoke.ecarte", &exit_code), 0);
    assert_int_equal(exit_code, EXIT_FINDINGS);
    assert_int_equal(seen.n_rulings, 1);
    assert_string_equal(seen.rulings[0], "ruling L43 offender B elector A "
                                         "options replay,stand remedy "
                                         "score-cap");
    assert_int_equal(seen.ruling_deal[0], 1);
    assert_int_equal(seen.n_deals, 1);
    assert_int_equal(seen.deal_points[0][0], 1); /* A's point, four tricks */
    assert_int_equal(seen.deal_points[0][1], 0);
    assert_int_equal(seen.n_findings, 1);
    assert_string_equal(seen.finding, "24: expected score A 1 B 0, found "
                                      "score A 2 B 0");
    assert_int_equal(session_findings(s), 1);
    assert_int_equal(seen.n_errors, 0);
    session_close(s);
}

/* Recorded into a ledger in memory: the sitting, its game, its deal and
 * its ruling are rows; the same log checked with no ledger writes none. */
static void session__rows_in_a_ledger_in_memory(void **state)
{
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    struct ledger *l = NULL;
    int exit_code = -1;
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t sitting = 0;

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(session_open(&s, l, &k, COMMIT_PER_ACTION), 0);
    assert_int_equal(run_text(s, revoke_log, "revoke.ecarte", &exit_code), 0);
    sitting = session_sitting(s);
    assert_int_equal(sitting, 1);
    assert_int_equal(session_events(s), 22);
    session_close(s);
    assert_int_equal(ledger_chain_head(l, head, &n), 0);
    assert_int_equal(n, 22);
    assert_int_equal(ledger_sitting_exists(l, 1), 1);
    assert_int_equal(ledger_sitting_exists(l, 2), 0);
    /* the rows prove themselves: the events give them again */
    assert_int_equal(ledger_seals_check(l, NULL, NULL), 0);
    assert_int_equal(ledger_structure_check(l, NULL, NULL), 0);
    ledger_close(l);
}

/* A line that cannot be read, fed a line at a time as the table does:
 * refused with its line and column in the sink's error, nothing of it
 * recorded; the next line is taken. */
static void session__a_refused_line_records_nothing(void **state)
{
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    struct ledger *l = NULL;
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(session_open(&s, l, &k, COMMIT_PER_ACTION), 0);
    session_set_source(s, "table");
    assert_int_equal(session_take_text(s, "game", 4, NULL, 1), TAKE_DONE);
    assert_int_equal(session_take_text(s, "deal Q", 6, NULL, 2),
                     TAKE_REFUSED);
    assert_int_equal(seen.n_errors, 1);
    assert_non_null(strstr(seen.error, "table:2:6: expected"));
    assert_int_equal(session_take_text(s, "deal B", 6, NULL, 2), TAKE_DONE);
    assert_int_equal(ledger_chain_head(l, head, &n), 0);
    assert_int_equal(n, 2); /* game, deal B: the refused line is not there */
    session_close(s);
    ledger_close(l);
}

/* A line the ledger refuses before the sitting has its row (the table's
 * first action; a trigger stands for a full disk): TAKE_FAILED, and the
 * session stands as before it - no sitting, no event, no game, its tags
 * kept - so that the same line taken again writes a sitting that
 * verifies. */
static void session__a_first_action_the_ledger_refuses_is_undone(void **state)
{
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    struct ledger *l = NULL;
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t bad = -1;

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(session_open(&s, l, &k, COMMIT_PER_ACTION), 0);
    session_set_source(s, "table");
    assert_int_equal(session_take_text(s, "[A \"Ann\"]", 9, NULL, 1),
                     TAKE_DONE);
    assert_int_equal(sqlite3_exec(ledger__db(l), "CREATE TEMP TRIGGER full "
                                  "BEFORE INSERT ON event BEGIN SELECT "
                                  "RAISE(ABORT, 'database or disk is "
                                  "full'); END",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(session_take_text(s, "game", 4, NULL, 2), TAKE_FAILED);
    assert_non_null(strstr(seen.error, "disk is full"));
    assert_int_equal(session_sitting(s), 0);
    assert_int_equal(session_seq(s), 0);
    assert_int_equal(arbiter_game_number(session_arbiter(s)), 0);
    assert_string_equal(session_tag(s, "A"), "Ann");
    assert_int_equal(sqlite3_exec(ledger__db(l), "DROP TRIGGER full", NULL,
                                  NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(session_take_text(s, "game", 4, NULL, 2), TAKE_DONE);
    assert_int_equal(session_take_text(s, "deal B", 6, NULL, 3), TAKE_DONE);
    assert_int_equal(session_seq(s), 2);
    assert_int_equal(ledger_chain_head(l, head, &n), 0);
    assert_int_equal(n, 2);
    assert_int_equal(ledger_verify(l, &bad), 0);
    session_close(s);
    ledger_close(l);
}

/* The session prints nothing: a whole log run with a sink, and again
 * with none, leaves standard output and standard error empty. */
static void session__prints_nothing(void **state)
{
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    char path[] = "/tmp/ecarte-session-out-XXXXXX";
    int fd = mkstemp(path);
    int saved_out = dup(1);
    int saved_err = dup(2);
    int exit_code = 0;
    off_t size;

    (void)state;
    assert_true(fd >= 0 && saved_out >= 0 && saved_err >= 0);
    fflush(stdout);
    fflush(stderr);
    dup2(fd, 1);
    dup2(fd, 2);
    assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
    (void)run_text(s, revoke_log, "revoke.ecarte", &exit_code);
    (void)run_text(s, "game\ndeal Q\n", "bad.ecarte", &exit_code);
    session_close(s);
    assert_int_equal(session_open(&s, NULL, NULL, COMMIT_PER_DEAL), 0);
    (void)run_text(s, "game\ndeal Q\n", "bad.ecarte", &exit_code);
    session_close(s);
    fflush(stdout);
    fflush(stderr);
    size = lseek(fd, 0, SEEK_END);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    close(fd);
    unlink(path);
    assert_int_equal(size, 0);
    assert_true(seen.n_errors >= 1); /* the bad line reached the sink */
}

/* session_derive: a sitting recorded again into a scratch ledger gives
 * the same rows (ledger_derived_compare finds nothing); a sitting whose
 * events were given another tag's rules would not. */
static void session__a_sitting_derived_again_is_the_same(void **state)
{
    struct session *s = NULL;
    struct ledger *l = NULL;
    struct ledger *scratch = NULL;
    int exit_code = 0;
    int64_t bad = 0;
    char why[700];

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(session_open(&s, l, NULL, COMMIT_PER_ACTION), 0);
    assert_int_equal(run_text(s, revoke_log, "revoke.ecarte", &exit_code), 0);
    session_close(s);
    assert_int_equal(ledger_open(&scratch, ":memory:", LEDGER_SCRATCH), 0);
    assert_int_equal(session_open(&s, scratch, NULL, COMMIT_PER_DEAL), 0);
    assert_int_equal(session_derive(s, l, 1, &bad, why, sizeof(why)), 0);
    session_close(s);
    assert_int_equal(ledger_derived_compare(l, 1, scratch, 1, NULL, NULL), 0);
    ledger_close(scratch);
    ledger_close(l);
}

/* has_word - is word one of the candidates? */
static bool has_word(const struct table_candidates *c, const char *word)
{
    for (int i = 0; i < c->n; i++) {
        if (strcmp(c->word[i], word) == 0) {
            return true;
        }
    }
    return false;
}

/* The verbs the table offers (the terminal's completion, the scorer's
 * buttons) are those of the rules in force: no double under london, a
 * double once doubling=yes; no veto but under jack-veto=yes. */
static void session__the_verbs_offered_are_the_profiles(void **state)
{
    static const char deal[] =
        "game\ndeal B\nA shuffles\nB shuffles\nA cuts 9\n"
        "B gives A 3 QS JS AH\nB gives B 3 KH QH AC\nB gives A 2 TC JD\n"
        "B gives B 2 9C 8H\nB turns 8D\n";
    static const struct {
        const char *laws;
        bool doubles;
        bool vetoes;
    } cases[] = {
        {"london", false, false},
        {"london; doubling=yes", true, false},
        {"polish; jack-veto=yes", false, true},
    };

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct seen seen;
        struct session_sink k = sink_for(&seen);
        struct session *s = NULL;
        struct table_candidates c;
        char log[600];
        int exit_code = 0;

        snprintf(log, sizeof(log), "[Laws \"%s\"]\n%s", cases[i].laws, deal);
        assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
        assert_int_equal(run_text(s, log, "verbs.ecarte", &exit_code), 0);
        table_verbs(session_arbiter(s), SEAT_A, &c);
        assert_true(has_word(&c, "proposes"));
        assert_int_equal(has_word(&c, "offers-double"), cases[i].doubles);
        table_complete(session_arbiter(s), "A ", 2, &c);
        assert_int_equal(has_word(&c, "vetoes"), cases[i].vetoes);
        assert_int_equal(has_word(&c, "offers-point"), false);
        session_close(s);
    }
}

/* An offer waiting takes only its own answers (offer_gate): after a
 * double the completion offers accepts-double and declines-double, not
 * the point's answers; after the point offered, the point's only. */
static void session__an_offer_completes_only_its_own_answers(void **state)
{
    static const char *const offers[] = {"offers-double", "offers-point"};

    (void)state;
    for (int i = 0; i < 2; i++) {
        struct seen seen;
        struct session_sink k = sink_for(&seen);
        struct session *s = NULL;
        struct table_candidates c;
        bool point = i == 1;
        char log[600];
        int exit_code = 0;

        snprintf(log, sizeof(log),
                 "[Laws \"london; doubling=yes; offer-point=before-play\"]\n"
                 "game\ndeal B\nA shuffles\nB shuffles\nA cuts 25\n"
                 "B gives A 3 KD 7H AS\nB gives B 3 JS 7D 7S\n"
                 "B gives A 2 9S TH\nB gives B 2 9C JH\nB turns QD\n"
                 "B %s\n", offers[i]);
        assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
        assert_int_equal(run_text(s, log, "offer.ecarte", &exit_code), 0);
        assert_int_equal(exit_code, 0);
        table_complete(session_arbiter(s), "A ", 2, &c);
        assert_int_equal(has_word(&c, "accepts-double"), !point);
        assert_int_equal(has_word(&c, "declines-double"), !point);
        assert_int_equal(has_word(&c, "accepts-point"), point);
        assert_int_equal(has_word(&c, "declines-point"), point);
        table_verbs(session_arbiter(s), SEAT_A, &c);
        assert_int_equal(has_word(&c, "accepts-point"), point);
        assert_int_equal(has_word(&c, "accepts-double"), !point);
        session_close(s);
    }
}

/* A ruling waiting while play goes on (L43: B chooses replay or stand
 * until the next deal's turn-up) offers `elects` to its elector alone:
 * B, not A who is to play; and none once it is chosen. */
static void session__elects_is_offered_to_the_elector_alone(void **state)
{
    static const char log[] =
        "game\ndeal A\nB shuffles\nA shuffles\nB cuts 14\n"
        "A gives B 2 7D JH\nA gives A 2 9H 8C\nA gives B 3 7S 9C KH\n"
        "A gives A 3 AS 9D 8S\nA turns TS\nB proposes\nA accepts\n"
        "B discards 4 KH JH 7D 9C\nB asks 4\nA gives B 4 KD QS AD JC\n"
        "A discards 3 9H 9D 8C\nA gives A 3 AC KC KS\nB stands\n"
        "B leads AD\nA plays KC\nB leads KD\n";
    char more[sizeof(log) + 40];
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    struct table_candidates c;
    int exit_code = 0;

    (void)state;
    assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
    assert_int_equal(run_text(s, log, "elect.ecarte", &exit_code), 0);
    table_verbs(session_arbiter(s), SEAT_A, &c);
    assert_false(has_word(&c, "elects"));
    assert_true(has_word(&c, "plays"));
    table_verbs(session_arbiter(s), SEAT_B, &c);
    assert_true(has_word(&c, "elects"));
    session_close(s);
    /* the near miss: chosen, no longer offered */
    snprintf(more, sizeof(more), "%sB elects stand\n", log);
    assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
    assert_int_equal(run_text(s, more, "elect.ecarte", &exit_code), 0);
    table_verbs(session_arbiter(s), SEAT_B, &c);
    assert_false(has_word(&c, "elects"));
    session_close(s);
}

/* The point offered and answered before the exchange closes it: elder
 * hand is offered the lead, not a proposal (refused: docs/variants.md). */
static void session__a_point_answered_completes_no_proposal(void **state)
{
    static const char log[] =
        "[Laws \"london; offer-point=before-play\"]\n"
        "game\ndeal B\nA shuffles\nB shuffles\nA cuts 25\n"
        "B gives A 3 KD 7H AS\nB gives B 3 JS 7D 7S\n"
        "B gives A 2 9S TH\nB gives B 2 9C JH\nB turns QD\n"
        "B offers-point\nA declines-point\n";
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    struct table_candidates c;
    int exit_code = 0;

    (void)state;
    assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
    assert_int_equal(run_text(s, log, "point.ecarte", &exit_code), 0);
    assert_int_equal(exit_code, 0);
    table_complete(session_arbiter(s), "A ", 2, &c);
    assert_false(has_word(&c, "proposes"));
    assert_true(has_word(&c, "leads"));
    table_complete(session_arbiter(s), "A leads ", 8, &c);
    assert_true(has_word(&c, "KD"));
    session_close(s);
}

/* Before the deal the dealer is offered `shuffles` (he shuffles last,
 * L1) and `packets` (his notice, L8), not `cuts`; the other player
 * `shuffles` and `cuts` (L3), not `packets`. */
static void session__before_the_deal_each_seat_is_offered_its_verbs(
    void **state)
{
    static const char log[] = "A cuts-for-deal KH\nB cuts-for-deal 7S\n"
                              "game\ndeal A\n";
    struct seen seen;
    struct session_sink k = sink_for(&seen);
    struct session *s = NULL;
    struct table_candidates c;
    int exit_code = 0;

    (void)state;
    assert_int_equal(session_open(&s, NULL, &k, COMMIT_PER_DEAL), 0);
    assert_int_equal(run_text(s, log, "deal.ecarte", &exit_code), 0);
    table_complete(session_arbiter(s), "A ", 2, &c);
    assert_true(has_word(&c, "shuffles"));
    assert_true(has_word(&c, "packets"));
    assert_false(has_word(&c, "cuts"));
    table_complete(session_arbiter(s), "B ", 2, &c);
    assert_true(has_word(&c, "shuffles"));
    assert_true(has_word(&c, "cuts"));
    assert_false(has_word(&c, "packets"));
    table_complete(session_arbiter(s), "A sh", 4, &c);
    assert_true(has_word(&c, "shuffles"));
    session_close(s);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(session__a_revoke_reaches_the_sink),
        cmocka_unit_test(session__rows_in_a_ledger_in_memory),
        cmocka_unit_test(session__a_refused_line_records_nothing),
        cmocka_unit_test(session__a_first_action_the_ledger_refuses_is_undone),
        cmocka_unit_test(session__prints_nothing),
        cmocka_unit_test(session__a_sitting_derived_again_is_the_same),
        cmocka_unit_test(session__the_verbs_offered_are_the_profiles),
        cmocka_unit_test(
            session__before_the_deal_each_seat_is_offered_its_verbs),
        cmocka_unit_test(session__an_offer_completes_only_its_own_answers),
        cmocka_unit_test(session__a_point_answered_completes_no_proposal),
        cmocka_unit_test(session__elects_is_offered_to_the_elector_alone),
    };

    return cmocka_run_group_tests_name("session", tests, NULL, NULL);
}
