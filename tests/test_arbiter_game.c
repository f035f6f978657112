/* SPDX-License-Identifier: MIT */
/* test_arbiter_game.c - the referee from deal to deal: game ends (L46) and
 * their value, dealing order and packets across a game (L9, L14), a void
 * deal dealt again, the follow (L43), the best replay, the polish stock
 * (PL1), and what an event waits for (gate.c): an election, the answer to a
 * double or to the point, the reshuffle, a window the event closes. */
#include "tests/harness.h"

#include <string.h>

#include "arbiter/arbiter.h"
#include "tablelog/tablelog.h"

#include "tests/arbiter_util.h"

/* ------------------------------------------------------------------ */
/* Game ends (L46), dealing order                                       */
/* ------------------------------------------------------------------ */

static void arbiter__game_ends_at_a_turned_king(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, "score A 1 B 4\ndeal B\n"
                             "B gives A 3 AS KD QD\nB gives B 3 7S 8H 9H\n"
                             "B gives A 2 JD AD\nB gives B 2 7D 8C\n"
                             "B turns KS\n"),
                     0);
    assert_int_equal(feed_all(a, "B marks king\n", &r, NULL, NULL), 0);
    assert_true(r.game_over);
    assert_int_equal(r.game.winner, SEAT_B);
    assert_int_equal(r.game.points[1], 5);
    assert_true(r.deal_over);
    /* the hand is not played out: played on, it counts for nothing */
    assert_int_equal(feed_all(a, "A stands\n", &r, NULL, NULL), 0);
    assert_int_equal(r.n_rulings, 0);
    assert_int_equal(r.n_notes, 1);
    assert_non_null(strstr(r.notes[0], "counts for nothing"));
    assert_score(a, 1, 5);
    /* a new game may begin, dealt by A */
    assert_int_equal(feed(a, "game\n"), 0);
    assert_int_equal(arbiter_next_dealer(a), SEAT_A);
    assert_score(a, 0, 0);
}

static void arbiter__game_values_under_treble_stakes(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, "[Stakes \"treble\"]\nscore A 0 B 4\ndeal B\n"
                             "B gives A 3 AS KD QD\nB gives B 3 7S 8H 9H\n"
                             "B gives A 2 JD AD\nB gives B 2 7D 8C\n"
                             "B turns KS\n"),
                     0);
    assert_int_equal(feed_all(a, "B marks king\n", &r, NULL, NULL), 0);
    assert_int_equal(r.game.value, 3);      /* loser has 0: treble */
}

static void arbiter__deals_alternate_across_games(void **state)
{
    struct arbiter *a = *state;
    int laws[16];
    int n;

    assert_int_equal(feed(a, "A cuts-for-deal KS\nB cuts-for-deal 9D\n"), 0);
    assert_int_equal(arbiter_next_dealer(a), SEAT_A);
    /* B dealing first is out of turn (L14) */
    assert_int_equal(feed_all(a, "game\ndeal B\n", NULL, laws, &n), 0);
    assert_int_equal(n, 1);
    assert_int_equal(laws[0], 14);
}

static void arbiter__packet_order_is_kept_for_the_game(void **state)
{
    struct arbiter *a = *state;
    int laws[16];
    int n;

    assert_int_equal(feed(a, plain_deal), 0);
    assert_int_equal(feed(a, "A stands\n"), 0);
    assert_int_equal(feed(a, vole_for_a), 0);
    assert_int_equal(feed(a, "deal A\nA gives B 3 AS KD QD\n"
                             "A gives A 3 7S 8H 9H\nA gives B 2 JD AD\n"
                             "A gives A 2 7D 8C\nA turns TS\nB stands\n"
                             "B leads AS\nA plays 7S\nB leads KD\n"
                             "A plays 7D\nB leads QD\nA plays 8H\n"
                             "B leads JD\nA plays 9H\nB leads AD\n"
                             "A plays 8C\n"),
                     0);
    /* B adopted 3-2; 2-3 in the same game departs from it (L9) */
    assert_int_equal(feed_all(a, "deal B\nB gives A 2 AS KD\n", NULL, laws,
                              &n),
                     0);
    assert_int_equal(n, 1);
    assert_int_equal(laws[0], 9);
}

static void arbiter__void_deal_is_dealt_again_by_the_same_dealer(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, "game\ndeal B\nB gives A 3 AS KD QD\n"), 0);
    assert_int_equal(feed_all(a, "found faced 9C\n", &r, NULL, NULL), 0);
    assert_int_equal(r.n_rulings, 1);
    assert_int_equal(r.rulings[0].law, LAW_12);
    assert_true(r.deal.is_void);
    assert_int_equal(arbiter_next_dealer(a), SEAT_B);
}

/* ------------------------------------------------------------------ */
/* The follow (L43), the best replay, the polish stock (PL1)            */
/* ------------------------------------------------------------------ */

static void arbiter__illegal_follow_is_ruled_under_l43(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    /* B is void in diamonds and holds trumps: 9C does not trump.  B may
     * still take it back (L39): the L43 ruling waits for the next lead */
    assert_int_equal(feed_all(a, "A stands\nA leads KD\nB plays 9C\n", &r,
                              NULL, NULL),
                     0);
    assert_int_equal(r.n_rulings, 0);
    assert_int_equal(feed_all(a, "A leads KS\n", &r, NULL, NULL), 0);
    assert_int_equal(r.n_rulings, 1);
    assert_int_equal(r.rulings[0].law, LAW_43);
    assert_int_equal(r.rulings[0].offender, SEAT_B);
    assert_int_equal(r.rulings[0].elector, SEAT_A);
    assert_int_equal(r.rulings[0].options,
                     OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND));
}

static void arbiter__legal_follow_gives_no_ruling(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed_all(a, "A stands\nA leads KD\nB plays 8H\n", &r,
                              NULL, NULL),
                     0);
    assert_int_equal(r.n_rulings, 0);
}

static void arbiter__replay_search_finds_the_best_tricks(void **state)
{
    struct arbiter *a = *state;
    int best[2];

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(arbiter_replay_best(a, best), -1); /* no play yet */
    assert_int_equal(feed(a, hoffmann_play), 0);
    assert_int_equal(arbiter_replay_best(a, best), 0);
    /* B's five hearts-and-club hand against A's: B can force 3 */
    assert_int_equal(best[0] + best[1] <= 5, 1);
    assert_int_equal(best[1], 3);
}

/* A polish deal whose three exchanges leave two cards (7H, the turn-up,
 * last) in the stock: the stock serves 22 cards (PL1). */
static const char polish_two_left[] =
    "[Laws \"polish\"]\n"
    "game\ndeal B\nA shuffles\nB shuffles\nA cuts 12\n"
    "B gives A 3 7S 8S 9S\nB gives B 3 7D 8D 9D\n"
    "B gives A 2 7C 8C\nB gives B 2 TD AD\nB turns 7H\n"
    "A proposes\nB accepts\nA discards 5 7S 8S 9S 7C 8C\nA asks 5\n"
    "B gives A 5 TS AS JS QS KS\nB discards 5 7D 8D 9D TD AD\n"
    "B gives B 5 9C TC AC JC QC\n"
    "A proposes\nB accepts\nA discards 5 TS AS JS QS KS\nA asks 5\n"
    "B gives A 5 JD QD KD KC 8H\nB discards 5 9C TC AC JC QC\n"
    "B gives B 5 9H TH AH JH QH\n"
    "A proposes\nB accepts\nA discards 3 JD QD KD\n";

/* PL1: a request beyond the stock; what is left is served, then nothing
 * but the reshuffle goes on: a lead is held. */
static void arbiter__pl1_holds_the_table_until_the_reshuffle(void **state)
{
    struct arbiter *a = *state;
    int laws[16], n = 0;

    assert_int_equal(feed(a, polish_two_left), 0);
    assert_int_equal(feed_all(a, "A asks 3\n", NULL, laws, &n), 0);
    assert_int_equal(n, 1);
    assert_int_equal(laws[0] - 1, LAW_PL1);
    assert_int_equal(feed(a, "B gives A 2 KH 7H\n"), 0);
    assert_int_equal(feed(a, "A leads KC\n"), ARB_E_PENDING);
    assert_int_equal(feed(a, "B gives A 1\n"), ARB_E_PENDING);
    assert_int_equal(feed(a, "B reshuffles 22\n"), ARB_E_IMPOSSIBLE);
    assert_int_equal(feed(a, "B reshuffles 23\nB gives A 1 JD\n"), 0);
}

/* Near miss: a reshuffle while the stock can still serve is out of order
 * (no PL1 ruling waits). */
static void arbiter__reshuffle_without_pl1_is_refused(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, polish_two_left), 0);
    assert_int_equal(feed(a, "B reshuffles 23\n"), ARB_E_ORDER);
    assert_int_equal(feed(a, "A asks 2\nB gives A 2 KH 7H\n"), 0);
}

/* ------------------------------------------------------------------ */
/* What an event waits for (gate.c)                                     */
/* ------------------------------------------------------------------ */

/* A deal to the turn-up, B dealing (tests/cases/l29_elder_takes_extra). */
static const char b_deals[] = "game\ndeal B\nA shuffles\nB shuffles\n"
                              "A cuts 9\nB gives A 3 QS JS AH\n"
                              "B gives B 3 KH QH AC\nB gives A 2 7C JD\n"
                              "B gives B 2 9C 8H\nB turns 8D\n";

/* has_note - did result r say a note starting with text? */
static bool has_note(const struct arb_result *r, const char *text)
{
    for (int i = 0; i < r->n_notes; i++) {
        if (strncmp(r->notes[i], text, strlen(text)) == 0) {
            return true;
        }
    }
    return false;
}

/* A pending election holds every event it does not allow; once elected,
 * the action the remedy owes holds every other (L29). */
static void arbiter__gate_holds_for_the_election_then_the_owed_draw(
    void **state)
{
    struct arbiter *a = *state;
    assert_int_equal(feed(a, b_deals), 0);
    assert_int_equal(feed(a, "A proposes\nB accepts\nA discards 2 7C AH\n"
                             "A asks 2\nB gives A 2 KS 7S\nA draws 1 TS\n"),
                     0);
    assert_int_equal(feed(a, "B discards 1 9C\n"), ARB_E_PENDING);
    assert_string_equal(arbiter_errmsg(a),
                        "expected B elects one of its options on the pending "
                        "ruling (ruling L29 offender A elector B options "
                        "new-deal,play-on remedy opponent-draws-surplus), "
                        "found discards");
    assert_int_equal(feed(a, "B elects play-on\n"), 0);
    assert_int_equal(feed(a, "B discards 1 9C\n"), ARB_E_PENDING);
    assert_string_equal(arbiter_errmsg(a),
                        "expected B draws 1 (remedy of L29), found discards");
    assert_int_equal(feed(a, "B draws 1 TS\nB discards 1 9C\n"), 0);
}

/* An offer of a double holds the table for the other seat's answer
 * (MD1); the answer lets it go on. */
static void arbiter__gate_holds_for_the_answer_to_a_double(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, "[Laws \"london; doubling=yes\"]\n"), 0);
    assert_int_equal(feed(a, b_deals), 0);
    assert_int_equal(feed(a, "B offers-double\n"), 0);
    assert_int_equal(feed(a, "A proposes\n"), ARB_E_PENDING);
    assert_string_equal(arbiter_errmsg(a),
                        "expected A accepts-double or declines-double "
                        "(MD1), found proposes");
    assert_int_equal(feed(a, "B accepts-double\n"), ARB_E_PENDING);
    assert_int_equal(feed(a, "A accepts-double\nA proposes\n"), 0);
}

/* An offer of the point holds the table for its answer (MD4). */
static void arbiter__gate_holds_for_the_answer_to_the_point(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, "[Laws \"london; offer-point=before-play\"]\n"),
                     0);
    assert_int_equal(feed(a, b_deals), 0);
    assert_int_equal(feed(a, "A proposes\nB refuses\nB offers-point\n"), 0);
    assert_int_equal(feed(a, "A leads QS\n"), ARB_E_PENDING);
    assert_string_equal(arbiter_errmsg(a),
                        "expected A accepts-point or declines-point (MD4), "
                        "found leads");
    assert_int_equal(feed(a, "A declines-point\nA leads QS\n"), 0);
}

/* PL1: with the stock out, the lead waits for the reshuffle, and says
 * how many cards it takes. */
static void arbiter__gate_names_the_reshuffle_it_waits_for(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, polish_two_left), 0);
    assert_int_equal(feed(a, "A asks 3\nB gives A 2 KH 7H\n"), 0);
    assert_int_equal(feed(a, "A leads KC\n"), ARB_E_PENDING);
    assert_string_equal(arbiter_errmsg(a),
                        "expected B reshuffles 23 (the stock is out, PL1), "
                        "found leads");
}

/* A window the event closes lapses with its default, said in a note: a
 * deal out of turn stands at the turn-up (L14); a short dealer who did
 * not choose before the lead plays short (L34). */
static void arbiter__gate_lapses_a_window_the_event_closes(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, "A cuts-for-deal 8S\nB cuts-for-deal 9D\n"
                             "game\ndeal A\nB shuffles\nA shuffles\n"
                             "B cuts 9\nA gives B 3 QS JS AH\n"
                             "A gives A 3 KH QH AC\nA gives B 2 7C JD\n"
                             "A gives A 2 9C 8H\n"),
                     0);
    assert_int_equal(feed_all(a, "A turns 8D\n", &r, NULL, NULL), 0);
    assert_true(has_note(&r, "A's deal out of turn was not put right before "
                             "the turn-up: the deal stands (L14"));
    arbiter_close(a);
    assert_int_equal(arbiter_open(&a), 0);
    *state = a;
    assert_int_equal(feed(a, b_deals), 0);
    assert_int_equal(feed(a, "A proposes\nB accepts\nA discards 2 7C AH\n"
                             "A asks 2\nB gives A 2 KS 7S\n"
                             "B discards 2 9C 8H\nB gives B 1 7H\n"
                             "A stands\n"),
                     0);
    assert_int_equal(feed_all(a, "A leads KS\n", &r, NULL, NULL), 0);
    assert_true(has_note(&r, "the dealer plays short: the tricks he cannot "
                             "play to go to elder hand (L34)"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
        T(arbiter__game_ends_at_a_turned_king),
        T(arbiter__gate_holds_for_the_election_then_the_owed_draw),
        T(arbiter__gate_holds_for_the_answer_to_a_double),
        T(arbiter__gate_holds_for_the_answer_to_the_point),
        T(arbiter__gate_names_the_reshuffle_it_waits_for),
        T(arbiter__gate_lapses_a_window_the_event_closes),
        T(arbiter__game_values_under_treble_stakes),
        T(arbiter__deals_alternate_across_games),
        T(arbiter__packet_order_is_kept_for_the_game),
        T(arbiter__void_deal_is_dealt_again_by_the_same_dealer),
        T(arbiter__illegal_follow_is_ruled_under_l43),
        T(arbiter__legal_follow_gives_no_ruling),
        T(arbiter__replay_search_finds_the_best_tricks),
        T(arbiter__pl1_holds_the_table_until_the_reshuffle),
        T(arbiter__reshuffle_without_pl1_is_refused),
#undef T
    };

    return cmocka_run_group_tests_name("arbiter_game", tests, NULL, NULL);
}
