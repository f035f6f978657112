/* SPDX-License-Identifier: MIT */
/* test_arbiter.c - the referee: table model and card conservation,
 * scoring (L48, L49), the king windows (L22-L24, L47), and the lines of the
 * sitting it leaves to the sitting layer.  Game ends, dealing order, the
 * follow and what an event waits for are tested in test_arbiter_game.c,
 * strikes and the false king in test_arbiter_strike.c; the helpers they
 * share are in arbiter_util.h. */
#include "tests/harness.h"

#include <string.h>

#include "arbiter/arbiter.h"
#include "tablelog/tablelog.h"

#include "tests/arbiter_util.h"

/* ------------------------------------------------------------------ */
/* The table model                                                      */
/* ------------------------------------------------------------------ */

static void arbiter__deal_places_every_card(void **state)
{
    struct arbiter *a = *state;
    uint32_t known;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(arbiter_hand(a, SEAT_A, &known), 5);
    assert_int_equal(known, M("QH AH 7H KS KD"));
    assert_int_equal(arbiter_hand(a, SEAT_B, &known), 5);
    assert_int_equal(known, M("KH JH 9H 8H 9C"));
    assert_int_equal(arbiter_trump(a), SUIT_HEARTS);
    assert_int_equal(arbiter_phase(a), PH_TURNED);
    assert_int_equal(arbiter_dealer(a), SEAT_B);
    assert_true(arbiter_check_conservation(a));
}

static void arbiter__played_cards_leave_the_hand(void **state)
{
    struct arbiter *a = *state;
    uint32_t known;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed(a, "A leads KD\nB plays JH\n"), 0);
    assert_int_equal(arbiter_hand(a, SEAT_A, &known), 4);
    assert_int_equal(known, M("QH AH 7H KS"));
    assert_int_equal(arbiter_hand(a, SEAT_B, &known), 4);
    assert_int_equal(known, M("KH 9H 8H 9C"));
    assert_true(arbiter_check_conservation(a));
}

static void arbiter__card_in_two_places_is_refused(void **state)
{
    struct arbiter *a = *state;
    uint32_t known;

    assert_int_equal(feed(a, "game\ndeal B\nB gives A 3 QH AH 7H\n"), 0);
    assert_int_equal(feed(a, "B gives B 3 KH QH 9H\n"), ARB_E_IMPOSSIBLE);
    assert_non_null(strstr(arbiter_errmsg(a), "QH"));
    assert_non_null(strstr(arbiter_errmsg(a), "card conservation"));
    /* nothing of the refused action was applied */
    assert_int_equal(arbiter_hand(a, SEAT_B, &known), 0);
    assert_int_equal(arbiter_hand(a, SEAT_A, &known), 3);
    assert_true(arbiter_check_conservation(a));
}

static void arbiter__card_not_in_hand_is_refused(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed(a, "A leads 9C\n"), ARB_E_IMPOSSIBLE);
    assert_non_null(strstr(arbiter_errmsg(a), "9C"));
    assert_int_equal(arbiter_phase(a), PH_TURNED);
}

static void arbiter__card_led_from_a_known_hand_proves_one_more(
    void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    uint32_t known;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    /* A's five cards were all seen; QC is nowhere yet: A held a sixth */
    assert_int_equal(feed_all(a, "A leads QC\n", &r, NULL, NULL), 0);
    assert_int_equal(r.n_rulings, 1);
    assert_int_equal(r.rulings[0].law, LAW_15);
    assert_int_equal(r.rulings[0].elector, SEAT_A);
    assert_int_equal(arbiter_hand(a, SEAT_A, &known), 5);
    assert_int_equal(known, M("QH AH 7H KS KD"));
    assert_true(arbiter_check_conservation(a));
    /* the ruling holds the table until A chooses */
    assert_int_equal(feed(a, "B plays KH\n"), ARB_E_PENDING);
    assert_int_equal(feed(a, "A elects new-deal\n"), 0);
    assert_int_equal(arbiter_deal_number(a), 1);
    assert_false(arbiter_hand_in_progress(a));
}

static void arbiter__more_cards_than_the_pack_is_refused(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, "game\ndeal A\nA gives B 20\n"), 0);
    assert_int_equal(feed(a, "A gives A 13\n"), ARB_E_IMPOSSIBLE);
    assert_non_null(strstr(arbiter_errmsg(a), "at most 12"));
}

static void arbiter__unknown_cards_are_placed_when_seen(void **state)
{
    struct arbiter *a = *state;
    uint32_t known;

    assert_int_equal(feed(a, "game\ndeal B\nB gives A 3\nB gives B 3\n"
                             "B gives A 2\nB gives B 2\nB turns TH\n"
                             "A leads KD\nB plays JH\n"),
                     0);
    assert_int_equal(arbiter_hand(a, SEAT_A, &known), 4);
    assert_int_equal(known, 0);
    assert_true(arbiter_check_conservation(a));
    /* KD is in the tricks now: B cannot play it again */
    assert_int_equal(feed(a, "B leads KD\n"), ARB_E_IMPOSSIBLE);
}

static void arbiter__found_count_outranks_an_unseen_packet(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    uint32_t known;

    /* every packet unseen: the count recorded is a belief */
    assert_int_equal(feed(a, "game\ndeal B\nB gives A 3\nB gives B 3\n"
                             "B gives A 2\nB gives B 2\nB turns TD\n"),
                     0);
    assert_int_equal(feed_all(a, "found B holds 4\n", &r, NULL, NULL), 0);
    assert_int_equal(arbiter_hand(a, SEAT_B, &known), 4);
    assert_int_equal(r.n_rulings, 1);
    assert_int_equal(r.rulings[0].law, LAW_18);
    assert_int_equal(r.rulings[0].offender, SEAT_B);
    assert_int_equal(r.rulings[0].elector, SEAT_A);
    assert_true(arbiter_check_conservation(a));
    /* a recount while the ruling waits is not ruled again */
    assert_int_equal(feed_all(a, "found B holds 4\n", &r, NULL, NULL), 0);
    assert_int_equal(r.n_rulings, 0);
    assert_int_equal(feed(a, "A elects complete\nB gives B 1\n"), 0);
    assert_int_equal(arbiter_hand(a, SEAT_B, &known), 5);
    assert_true(arbiter_check_conservation(a));
}

static void arbiter__found_count_below_the_named_cards_is_refused(
    void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    uint32_t known;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    /* A was seen given five named cards: four cannot be true */
    assert_int_equal(feed(a, "found A holds 4\n"), ARB_E_IMPOSSIBLE);
    assert_non_null(strstr(arbiter_errmsg(a), "at least the 5 cards"));
    assert_int_equal(arbiter_hand(a, SEAT_A, &known), 5);
    /* six can: an unseen card came with a packet (L15) */
    assert_int_equal(feed_all(a, "found A holds 6\n", &r, NULL, NULL), 0);
    assert_int_equal(arbiter_hand(a, SEAT_A, &known), 6);
    assert_int_equal(known, M("QH AH 7H KS KD"));
    assert_int_equal(r.n_rulings, 1);
    assert_int_equal(r.rulings[0].law, LAW_15);
    assert_true(arbiter_check_conservation(a));
    /* the recount finds five after all: the ruling falls */
    assert_int_equal(feed_all(a, "found A holds 5\n", &r, NULL, NULL), 0);
    assert_int_equal(r.n_rulings, 0);
    assert_int_equal(arbiter_pending(a, NULL, 0), 0);
    assert_int_equal(feed(a, "A stands\n"), 0);
}

/* ------------------------------------------------------------------ */
/* Scoring (L48, L49)                                                   */
/* ------------------------------------------------------------------ */

static void arbiter__hoffmann_hand_scores_three(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed_all(a, hoffmann_play, &r, NULL, NULL), 0);
    assert_true(r.deal_over);
    assert_int_equal(r.deal.tricks[0], 2);
    assert_int_equal(r.deal.tricks[1], 3);
    /* 2 for the point against a player who stood (L49), 1 for the king */
    assert_int_equal(r.deal.points[1], 3);
    assert_score(a, 0, 3);
}

static void arbiter__vole_scores_two(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, plain_deal), 0);
    assert_int_equal(feed(a, "A proposes\nB accepts\nA discards 1 AD\n"
                             "A asks 1\nB gives A 1 KC\nB discards 1 8C\n"
                             "B gives B 1 7C\n"),
                     0);
    assert_int_equal(feed(a, "A leads AS\nB plays 7S\nA leads KD\nB plays 7D\n"
                             "A leads QD\nB plays 8H\nA leads JD\n"
                             "B plays 9H\nA leads KC\nB plays 7C\n"),
                     0);
    assert_score(a, 2, 0);
}

static void arbiter__vole_after_stand_stays_two(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, plain_deal), 0);
    assert_int_equal(feed(a, "A stands\n"), 0);
    assert_int_equal(feed(a, vole_for_a), 0);
    assert_score(a, 2, 0);          /* L49: the extra never adds to a vole */
}

static void arbiter__point_by_the_player_who_stood_scores_one(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, plain_deal), 0);
    /* A stands and takes three tricks: a plain point, no extra */
    assert_int_equal(feed(a, "A stands\nA leads KD\nB plays 7D\n"
                             "A leads QD\nB plays 7S\nB leads 8H\n"
                             "A plays AS\nA leads JD\nB plays 9H\n"
                             "A leads AD\nB plays 8C\n"),
                     0);
    assert_score(a, 1, 0);
}

/* B (dealer) wins three tricks after A stood: 2 for B (L49). */
static const char b_point[] = "B gives A 3 7H 8H 9D\n"
                              "B gives B 3 KS QS JS\n"
                              "B gives A 2 TD TC\n"
                              "B gives B 2 KH 8C\n"
                              "B turns 7S\n";

static void arbiter__point_against_a_stand_scores_two(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, "game\ndeal B\n"), 0);
    assert_int_equal(feed(a, b_point), 0);
    assert_int_equal(feed(a, "A stands\nA leads 7H\nB plays KH\n"
                             "B leads KS\nA plays 9D\nB leads QS\n"
                             "A plays TD\nB leads 8C\nA plays TC\n"
                             "A leads 8H\nB plays JS\n"),
                     0);
    /* B takes four tricks, A one (TC): the point, doubled by L49 */
    assert_score(a, 0, 2);
}

static void arbiter__point_against_refused_first_proposal_scores_two(
    void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, plain_deal), 0);
    assert_int_equal(feed(a, "A proposes\nB refuses\nA leads KD\nB plays 7D\n"
                             "A leads QD\nB plays 7S\nB leads 8H\n"
                             "A plays AS\nA leads JD\nB plays 9H\n"
                             "A leads AD\nB plays 8C\n"),
                     0);
    assert_score(a, 2, 0);
}

static void arbiter__later_refusal_carries_no_extra(void **state)
{
    struct arbiter *a = *state;

    /* T32: first proposal accepted, second refused; A makes the point */
    assert_int_equal(feed(a, plain_deal), 0);
    assert_int_equal(feed(a, "A proposes\nB accepts\nA discards 1 AD\n"
                             "A asks 1\nB gives A 1 7C\nB discards 1 8C\n"
                             "B gives B 1 KC\nA proposes\nB refuses\n"
                             "A leads KD\nB plays 7D\nA leads QD\n"
                             "B plays 7S\nB leads KC\nA plays 7C\n"
                             "B leads 8H\nA plays AS\nA leads JD\n"
                             "B plays 9H\n"),
                     0);
    assert_score(a, 1, 0);
}

/* ------------------------------------------------------------------ */
/* Kings (L22-L24, L47)                                                 */
/* ------------------------------------------------------------------ */

static const char king_turned[] = "game\n"
                                  "deal B\n"
                                  "B gives A 3 AS KD QD\n"
                                  "B gives B 3 7S 8H 9H\n"
                                  "B gives A 2 JD AD\n"
                                  "B gives B 2 7D 8C\n"
                                  "B turns KS\n";

static void arbiter__turned_king_scores_only_when_marked(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, king_turned), 0);
    assert_score(a, 0, 0);
    assert_int_equal(feed(a, "B marks king\n"), 0);
    assert_score(a, 0, 1);
}

static void arbiter__turned_king_mark_closes_at_next_turn_up(void **state)
{
    struct arbiter *a = *state;
    int laws[16];
    int n;

    assert_int_equal(feed(a, king_turned), 0);
    assert_int_equal(feed(a, "A stands\n"), 0);
    assert_int_equal(feed(a, vole_for_a), 0);
    assert_score(a, 2, 0);
    /* T12: never marked; the next turn-up closes the window (L22) */
    assert_int_equal(feed_all(a, "deal A\nA gives B 3 AS KD QD\n"
                                 "A gives A 3 7S 8H 9H\nA gives B 2 JD AD\n"
                                 "A gives A 2 7D 8C\nA turns TS\n",
                              NULL, laws, &n),
                     0);
    assert_int_equal(n, 1);
    assert_int_equal(laws[0], 22);
    assert_int_equal(feed_all(a, "B marks king\n", NULL, laws, &n), 0);
    assert_int_equal(laws[0], 22);  /* too late: the right is lost */
    assert_score(a, 2, 0);
}

static void arbiter__late_mark_before_next_turn_up_counts(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, king_turned), 0);
    assert_int_equal(feed(a, "A stands\n"), 0);
    assert_int_equal(feed(a, vole_for_a), 0);
    assert_int_equal(feed(a, "deal A\nB marks king\n"), 0);
    assert_score(a, 2, 1);
}

static void arbiter__king_announced_before_first_card_scores(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed(a, "A stands\nA leads KD\nB announces king\n"), 0);
    assert_score(a, 0, 1);
}

static void arbiter__king_announced_after_first_card_is_lost(void **state)
{
    struct arbiter *a = *state;
    int laws[16];
    int n;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed_all(a, "A stands\nA leads KD\nB plays JH\n"
                                 "B announces king\n",
                              NULL, laws, &n),
                     0);
    assert_int_equal(n, 1);
    assert_int_equal(laws[0], 23);
    assert_score(a, 0, 0);
}

/* A holds the king of trumps (hearts) and leads it. */
static const char elder_king[] = "game\n"
                                 "deal B\n"
                                 "B gives A 3 KH 7C 8C\n"
                                 "B gives B 3 QH 9H 7D\n"
                                 "B gives A 2 9C TC\n"
                                 "B gives B 2 8D 9D\n"
                                 "B turns TH\n"
                                 "A stands\n"
                                 "A leads KH\n";

static void arbiter__king_led_may_be_announced_until_played_to(void **state)
{
    struct arbiter *a = *state;
    int laws[16];
    int n;

    /* T13: L24 */
    assert_int_equal(feed(a, elder_king), 0);
    assert_int_equal(feed_all(a, "A announces king\n", NULL, laws, &n), 0);
    assert_int_equal(n, 1);
    assert_int_equal(laws[0], 24);
    assert_score(a, 1, 0);
}

static void arbiter__king_led_announced_after_reply_is_lost(void **state)
{
    struct arbiter *a = *state;
    int laws[16];
    int n;

    assert_int_equal(feed(a, elder_king), 0);
    assert_int_equal(feed_all(a, "B plays QH\nA announces king\n", NULL,
                              laws, &n),
                     0);
    assert_int_equal(laws[0], 24);
    assert_score(a, 0, 0);
}

/* B's first card is the king of trumps (hearts), winning trick 1. */
static const char dealer_king[] = "game\n"
                                  "deal B\n"
                                  "B gives A 3 QH 7C 8C\n"
                                  "B gives B 3 KH 9H 7D\n"
                                  "B gives A 2 9C TC\n"
                                  "B gives B 2 8D 9D\n"
                                  "B turns TH\n"
                                  "A stands\n"
                                  "A leads QH\n"
                                  "B plays KH\n";

static void arbiter__dealers_king_announced_before_next_card(void **state)
{
    struct arbiter *a = *state;

    /* T14 (a) */
    assert_int_equal(feed(a, dealer_king), 0);
    assert_int_equal(feed(a, "B announces king\n"), 0);
    assert_score(a, 0, 1);
}

static void arbiter__dealers_king_announced_after_next_card_is_lost(
    void **state)
{
    struct arbiter *a = *state;
    int laws[16];
    int n;

    /* T14 (b) */
    assert_int_equal(feed(a, dealer_king), 0);
    assert_int_equal(feed_all(a, "B leads 7D\nB announces king\n", NULL, laws,
                              &n),
                     0);
    assert_int_equal(laws[0], 24);
    assert_score(a, 0, 0);
}

/* ------------------------------------------------------------------ */
/* Lines of the sitting                                                 */
/* ------------------------------------------------------------------ */

/* The referee of the seats takes no line of the sitting above them and no
 * seat action by a person (the sitting layer takes those); it once read a
 * person's cut for deal as seat -1 (found by fuzz_arbiter). */
static void arbiter__persons_lines_are_not_the_seats(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, "rb cuts-for-deal AS\n"), ARB_E_ORDER);
    assert_non_null(strstr(arbiter_errmsg(a), "expected a seat (A or B)"));
    assert_int_equal(feed(a, "person ann \"Ann Ash\"\n"), ARB_E_ORDER);
    assert_non_null(strstr(arbiter_errmsg(a), "a line of the sitting"));
    /* a seat's own cut for deal is taken */
    assert_int_equal(feed(a, "A cuts-for-deal AS\n"), 0);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
        T(arbiter__deal_places_every_card),
        T(arbiter__played_cards_leave_the_hand),
        T(arbiter__card_in_two_places_is_refused),
        T(arbiter__card_not_in_hand_is_refused),
        T(arbiter__card_led_from_a_known_hand_proves_one_more),
        T(arbiter__more_cards_than_the_pack_is_refused),
        T(arbiter__unknown_cards_are_placed_when_seen),
        T(arbiter__found_count_outranks_an_unseen_packet),
        T(arbiter__found_count_below_the_named_cards_is_refused),
        T(arbiter__hoffmann_hand_scores_three),
        T(arbiter__vole_scores_two),
        T(arbiter__vole_after_stand_stays_two),
        T(arbiter__point_by_the_player_who_stood_scores_one),
        T(arbiter__point_against_a_stand_scores_two),
        T(arbiter__point_against_refused_first_proposal_scores_two),
        T(arbiter__later_refusal_carries_no_extra),
        T(arbiter__turned_king_scores_only_when_marked),
        T(arbiter__turned_king_mark_closes_at_next_turn_up),
        T(arbiter__late_mark_before_next_turn_up_counts),
        T(arbiter__king_announced_before_first_card_scores),
        T(arbiter__king_announced_after_first_card_is_lost),
        T(arbiter__king_led_may_be_announced_until_played_to),
        T(arbiter__king_led_announced_after_reply_is_lost),
        T(arbiter__dealers_king_announced_before_next_card),
        T(arbiter__dealers_king_announced_after_next_card_is_lost),
        T(arbiter__persons_lines_are_not_the_seats),
#undef T
    };

    return cmocka_run_group_tests_name("arbiter", tests, NULL, NULL);
}
