/* test_arbiter.c - the referee: table model and card conservation, the
 * rules of play, scoring (L46-L49), the king windows (L22-L24), game ends,
 * dealing order, and state left unchanged by a refused action. */
#include "tests/harness.h"

#include <stdlib.h>
#include <string.h>

#include "arbiter/arbiter.h"
#include "tablelog/tablelog.h"

/* The Hoffmann hand: B deals, A stands on a jeu de règle, B holds the king
 * of trumps (hearts) and takes three tricks. */
static const char hoffmann_deal[] = "game\n"
                                    "deal B\n"
                                    "A shuffles\n"
                                    "B shuffles\n"
                                    "A cuts 17\n"
                                    "B gives A 3 QH AH 7H\n"
                                    "B gives B 3 KH JH 9H\n"
                                    "B gives A 2 KS KD\n"
                                    "B gives B 2 8H 9C\n"
                                    "B turns TH\n";

static const char hoffmann_play[] = "A stands\n"
                                    "A leads KD\n"
                                    "B announces king\n"
                                    "B plays JH\n"
                                    "B leads KH\n"
                                    "A plays 7H\n"
                                    "B leads 9C\n"
                                    "A plays AH\n"
                                    "A leads KS\n"
                                    "B plays 9H\n"
                                    "B leads 8H\n"
                                    "A plays QH\n";

static int setup(void **state)
{
    struct arbiter *a = NULL;

    if (arbiter_open(&a) != 0) {
        return -1;
    }
    *state = a;
    return 0;
}

static int teardown(void **state)
{
    arbiter_close(*state);
    return 0;
}

/*
 * feed - apply every action line of text; `=` lines and tags are skipped.
 * Returns 0, or the status of the first refused line (the rest is not
 * applied).  *last gets the result of the last action; *rulings collects
 * the laws of every ruling given (up to 16), *n_rulings how many.
 */
static int feed_all(struct arbiter *a, const char *text,
                    struct arb_result *last, int *laws, int *n_laws)
{
    const char *p = text;
    int line_no = 0;

    if (n_laws != NULL) {
        *n_laws = 0;
    }
    while (*p != '\0') {
        const char *nl = strchr(p, '\n');
        size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
        struct tl_line line;
        struct tl_error err;
        struct arb_result r;
        int rc;

        line_no++;
        if (tl_parse_line(p, len, line_no, &line, &err) != 0) {
            fail_msg("line %d does not parse: %s", line_no, err.msg);
        }
        if (line.kind == TL_TAG) {
            assert_int_equal(arbiter_set_tag(a, line.tag_name,
                                             line.tag_value),
                             0);
        } else if (line.kind == TL_EVENT) {
            rc = arbiter_apply(a, &line.ev, &r);
            if (rc != 0) {
                return rc;
            }
            if (last != NULL) {
                *last = r;
            }
            for (int i = 0; i < r.n_rulings && laws != NULL; i++) {
                if (*n_laws < 16) {
                    laws[(*n_laws)++] = (int)r.rulings[i].law + 1;
                }
            }
        }
        p += len;
        if (*p == '\n') {
            p++;
        }
    }
    return 0;
}

static int feed(struct arbiter *a, const char *text)
{
    return feed_all(a, text, NULL, NULL, NULL);
}

static uint32_t M(const char *t)
{
    uint32_t m = 0;

    while (*t != '\0') {
        uint8_t c;
        size_t n = card_parse(t, &c);

        assert_true(n > 0);
        m |= CARD_BIT(c);
        t += n;
        while (*t == ' ') {
            t++;
        }
    }
    return m;
}

static void assert_score(struct arbiter *a, int sa, int sb)
{
    int s[2];

    arbiter_score(a, s);
    assert_int_equal(s[0], sa);
    assert_int_equal(s[1], sb);
}

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

/* A deal where A (elder) and B play out with known hands: trumps spades. */
static const char plain_deal[] = "game\n"
                                 "deal B\n"
                                 "B gives A 3 AS KD QD\n"
                                 "B gives B 3 7S 8H 9H\n"
                                 "B gives A 2 JD AD\n"
                                 "B gives B 2 7D 8C\n"
                                 "B turns TS\n";

/* A wins every trick: leads AS (trump), then diamonds. */
static const char vole_for_a[] = "A leads AS\nB plays 7S\n"
                                 "A leads KD\nB plays 7D\n"
                                 "A leads QD\nB plays 8H\n"
                                 "A leads JD\nB plays 9H\n"
                                 "A leads AD\nB plays 8C\n";

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

/* same_table - a and b show the same table: score, deal, phase, hands. */
static void assert_same_table(const struct arbiter *a, const struct arbiter *b)
{
    int sa[2], sb[2];
    uint32_t ka, kb;

    arbiter_score(a, sa);
    arbiter_score(b, sb);
    assert_int_equal(sa[0], sb[0]);
    assert_int_equal(sa[1], sb[1]);
    assert_int_equal(arbiter_game_number(a), arbiter_game_number(b));
    assert_int_equal(arbiter_deal_number(a), arbiter_deal_number(b));
    assert_int_equal(arbiter_phase(a), arbiter_phase(b));
    for (int seat = 0; seat < 2; seat++) {
        assert_int_equal(arbiter_hand(a, seat, &ka), arbiter_hand(b, seat, &kb));
        assert_int_equal(ka, kb);
    }
}

/* strike (format 1.1): a mistyped but legal card is taken back; the table
 * is as if it had never been typed, and the hand scores as played. */
static void arbiter__strike_takes_back_the_last_line(void **state)
{
    struct arbiter *a = *state;
    struct arbiter *b = NULL;
    struct arb_result r;

    assert_int_equal(arbiter_open(&b), 0);
    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed(b, hoffmann_deal), 0);
    assert_int_equal(feed(a, "A stands\nA leads KD\nB plays 9H\n"), 0);
    assert_int_equal(feed_all(a, "strike\n", &r, NULL, NULL), 0);
    assert_true(r.struck);
    assert_int_equal(r.struck_line.kind, EV_PLAY);
    assert_int_equal(CARD_BIT(r.struck_line.cards[0]), M("9H"));
    assert_int_equal(feed(b, "A stands\nA leads KD\n"), 0);
    assert_same_table(a, b);
    assert_int_equal(feed(a, hoffmann_play + strlen("A stands\nA leads KD\n")),
                     0);
    assert_score(a, 0, 3); /* the point against a stand and the king */
    arbiter_close(b);
}

/* Two strikes take back two lines; a strike with nothing in reach is out of
 * order and changes nothing. */
static void arbiter__strikes_reach_back_line_by_line(void **state)
{
    struct arbiter *a = *state;

    assert_int_equal(feed(a, "strike\n"), ARB_E_ORDER);
    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed(a, "A stands\nA leads KD\n"), 0);
    assert_int_equal(feed(a, "strike\nstrike\n"), 0);
    assert_int_equal(arbiter_phase(a), PH_TURNED);
    assert_int_equal(feed(a, "A proposes\nB refuses\nA leads KD\n"), 0);
}

/* The last trick struck: the deal (and the game it ended) is open again. */
static void arbiter__strike_reopens_the_deal_it_ended(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, "game\nscore A 0 B 2\n"), 0);
    assert_int_equal(feed(a, hoffmann_deal + strlen("game\n")), 0);
    assert_int_equal(feed(a, hoffmann_play), 0);
    assert_score(a, 0, 5);
    assert_int_equal(feed_all(a, "strike\n", &r, NULL, NULL), 0);
    assert_int_equal(r.reopened_deal, 1);
    assert_true(r.game_reopened);
    assert_int_equal(r.reopened_game, 1);
    assert_true(r.score_changed);
    assert_int_equal(r.score[1], 3);
    assert_int_equal(feed(a, "A plays QH\n"), 0);
    assert_score(a, 0, 5);
}

/* A struck deal line frees its number; a strike does not reach past the
 * deal before the current one. */
static void arbiter__strike_of_a_deal_line_frees_its_number(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed(a, hoffmann_play), 0);
    assert_int_equal(feed_all(a, "deal A\n", &r, NULL, NULL), 0);
    assert_int_equal(arbiter_deal_number(a), 2);
    assert_int_equal(feed_all(a, "strike\n", &r, NULL, NULL), 0);
    assert_int_equal(r.unstarted_deal, 2);
    assert_int_equal(arbiter_deal_number(a), 1);
    assert_int_equal(feed(a, "deal A\nA shuffles\n"), 0);
    /* A shuffles and deal A, then the 21 lines of deal 1 are in reach ... */
    for (int i = 0; i < 2 + 21; i++) {
        assert_int_equal(feed(a, "strike\n"), 0);
    }
    assert_int_equal(arbiter_deal_number(a), 0);
    assert_int_equal(arbiter_game_number(a), 1);
    /* ... but not the game line, two stretches back */
    assert_int_equal(feed(a, "strike\n"), ARB_E_ORDER);
    assert_int_equal(arbiter_game_number(a), 1);
}

/* A game at A 4 B 2, B deals, trumps diamonds; A's hand is named (QS JS
 * AH 7C JD) or unseen, B's is KH QH AC 9C 8H; KD is in the stock. */
static const char four_named[] = "score A 4 B 2\n"
                                 "deal B\n"
                                 "B gives A 3 QS JS AH\n"
                                 "B gives B 3 KH QH AC\n"
                                 "B gives A 2 7C JD\n"
                                 "B gives B 2 9C 8H\n"
                                 "B turns 8D\n";

static const char four_unseen[] = "score A 4 B 2\n"
                                  "deal B\n"
                                  "B gives A 3 ?? ?? ??\n"
                                  "B gives B 3 KH QH AC\n"
                                  "B gives A 2 ?? ??\n"
                                  "B gives B 2 9C 8H\n"
                                  "B turns 8D\n";

/* The rest of that hand: A stood and takes three tricks. */
static const char four_play[] = "A stands\n"
                                "A leads QS\n"
                                "B plays 8H\n"
                                "A leads JS\n"
                                "B plays 9C\n"
                                "A leads JD\n"
                                "B plays QH\n"
                                "A leads 7C\n"
                                "B plays AC\n"
                                "B leads KH\n"
                                "A plays AH\n";

/* count_law - how many of laws[0..n) (law + 1, as feed_all keeps them)
 * are law l. */
static int count_law(const int *laws, int n, enum law_id l)
{
    int k = 0;

    for (int i = 0; i < n; i++) {
        k += laws[i] == (int)l + 1;
    }
    return k;
}

/* L25: a king announced at 4 when the whole hand is known without it
 * scores no point and wins no game; the ruling comes with his next card,
 * the adversary's election carried out with the cap. */
static void arbiter__false_king_at_four_wins_no_game(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    struct ruling p[4];
    int laws[16];
    int n;

    assert_int_equal(feed(a, four_named), 0);
    assert_int_equal(feed_all(a, "A announces king\n", &r, laws, &n), 0);
    assert_false(r.game_over);
    assert_int_equal(n, 0);
    assert_score(a, 4, 2);
    assert_int_equal(feed_all(a, four_play, &r, laws, &n), 0);
    assert_int_equal(count_law(laws, n, LAW_25), 1);
    assert_int_equal(arbiter_pending(a, p, 4), 1);
    assert_int_equal(p[0].law, LAW_25);
    assert_int_equal(p[0].offender, SEAT_A);
    assert_int_equal(p[0].elector, SEAT_B);
    assert_true(p[0].options & OPT_BIT(OPT_STAND));
    assert_true(p[0].options & OPT_BIT(OPT_REPLAY));
    assert_true(r.deal_over && r.deal.held);
    assert_score(a, 4, 2);
    assert_int_equal(feed_all(a, "B elects stand\n", &r, NULL, NULL), 0);
    assert_false(r.game_over);
    assert_score(a, 4, 2); /* the point 1, capped to 0 for the offender */
    assert_int_equal(feed(a, "deal A\n"), 0);
    assert_int_equal(arbiter_game_number(a), 1);
    assert_score(a, 4, 2);
}

/* L25: withdrawn before his next card, a false king gives no ruling; the
 * hand then ends the game by its tricks. */
static void arbiter__false_king_withdrawn_in_time_gives_no_ruling(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    int laws[16];
    int n;

    assert_int_equal(feed(a, four_named), 0);
    assert_int_equal(feed_all(a, "A announces king\nA withdraws king\n", &r,
                              laws, &n),
                     0);
    assert_int_equal(n, 0);
    assert_score(a, 4, 2);
    assert_int_equal(feed_all(a, four_play, &r, laws, &n), 0);
    assert_int_equal(n, 0);
    assert_true(r.game_over);
    assert_int_equal(r.game.winner, SEAT_A);
    assert_score(a, 5, 2);
    /* too late once he has played a card */
    assert_int_equal(feed(a, "game\n"), 0);
}

/* L25 after the adversary's announcement: B holds the king and announced
 * it; A's announcement scores nothing and is only corrected. */
static void arbiter__king_announced_after_the_adversarys_scores_nothing(
    void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    int laws[16];
    int n;

    assert_int_equal(feed(a, "score A 4 B 2\ndeal A\n"
                             "A gives B 3 QS JS AH\nA gives A 3 KD QH AC\n"
                             "A gives B 2 7C JD\nA gives A 2 9C 8H\n"
                             "A turns 8D\n"
                             "B stands\nA announces king\n"),
                     0);
    assert_score(a, 5, 2); /* A, the dealer, holds KD: game to A */
    assert_int_equal(feed(a, "game\nscore A 2 B 4\ndeal A\n"
                             "A gives B 3 QS JS AH\nA gives A 3 KD QH AC\n"
                             "A gives B 2 7C JC\nA gives A 2 9C 8H\n"
                             "A turns 8D\nA announces king\n"),
                     0);
    assert_score(a, 3, 4);
    assert_int_equal(feed_all(a, "B announces king\n", &r, laws, &n), 0);
    assert_false(r.game_over);
    assert_score(a, 3, 4);
    assert_int_equal(feed_all(a, "B stands\nB leads QS\n", &r, laws, &n),
                     0);
    assert_int_equal(count_law(laws, n, LAW_25), 1);
    assert_int_equal(r.rulings[0].offender, SEAT_B);
    assert_int_equal(r.rulings[0].options, 0); /* A holds it: no penalty */
}

/* L25 from a hand nobody saw: the game won at 5 on the belief, reopened
 * when A shows a hand without the king, with the ruling at once; the
 * rubber count goes back. */
static void arbiter__unseen_false_king_reopens_the_game(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    int won[2];

    assert_int_equal(feed(a, four_unseen), 0);
    assert_int_equal(feed_all(a, "A announces king\n", &r, NULL, NULL), 0);
    assert_true(r.game_over);
    assert_int_equal(r.game.winner, SEAT_A);
    assert_int_equal(r.game.points[0], 5);
    arbiter_games_won(a, won);
    assert_int_equal(won[0], 1);
    assert_int_equal(feed_all(a, "A shows QS JS AH 7C JD\n", &r, NULL, NULL),
                     0);
    assert_true(r.game_reopened);
    assert_int_equal(r.reopened_game, 1);
    assert_int_equal(r.reopened_by, ARB_REOPEN_FALSE_KING);
    assert_false(r.game_over);
    assert_int_equal(r.reopened_deal, 1);
    assert_true(r.score_changed);
    assert_int_equal(r.score[0], 4);
    assert_int_equal(r.score[1], 2);
    assert_int_equal(r.penalty[0], -1);
    assert_int_equal(r.n_rulings, 1);
    assert_int_equal(r.rulings[0].law, LAW_25);
    assert_int_equal(r.rulings[0].offender, SEAT_A);
    assert_int_equal(r.rulings[0].elector, SEAT_B);
    arbiter_games_won(a, won);
    assert_int_equal(won[0], 0);
    assert_true(arbiter_hand_in_progress(a));
    /* the hand goes on; B lets the result stand: A capped to 0 */
    assert_int_equal(feed_all(a, four_play, &r, NULL, NULL), 0);
    assert_int_equal(feed_all(a, "B elects stand\n", &r, NULL, NULL), 0);
    assert_false(r.game_over);
    assert_score(a, 4, 2);
}

/* L25 from a hand nobody saw, withdrawn before his next card: the game is
 * reopened with no ruling and no penalty. */
static void arbiter__unseen_king_withdrawn_reopens_without_ruling(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, four_unseen), 0);
    assert_int_equal(feed(a, "A announces king\n"), 0);
    assert_score(a, 5, 2);
    assert_int_equal(feed_all(a, "A withdraws king\n", &r, NULL, NULL), 0);
    assert_true(r.game_reopened);
    assert_int_equal(r.reopened_by, ARB_REOPEN_KING_WITHDRAWN);
    assert_int_equal(r.n_rulings, 0);
    assert_int_equal(r.penalty[0], 0);
    assert_score(a, 4, 2);
    assert_int_equal(feed_all(a, four_play, &r, NULL, NULL), 0);
    assert_true(r.game_over);
    assert_score(a, 5, 2);
}

/* L25 from a hand nobody saw, the king played by the adversary to a lead
 * recorded after the game's end: the game reopened, the cards played
 * after the announcement stand as played. */
static void arbiter__king_played_elsewhere_reopens_and_keeps_the_play(
    void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;
    struct arb_trick t[ARB_TRICKS_MAX];

    assert_int_equal(feed(a, "score A 4 B 2\ndeal B\n"
                             "B gives A 3 ?? ?? ??\nB gives B 3 ?? ?? ??\n"
                             "B gives A 2 ?? ??\nB gives B 2 ?? ??\n"
                             "B turns 8D\nA announces king\n"),
                     0);
    assert_score(a, 5, 2);
    assert_int_equal(feed_all(a, "A stands\nA leads QS\n", &r, NULL, NULL),
                     0);
    assert_false(r.game_reopened); /* nothing seen yet: the belief stands */
    assert_int_equal(arbiter_tricks(a, t, ARB_TRICKS_MAX), 0);
    assert_int_equal(feed_all(a, "B plays KD\n", &r, NULL, NULL), 0);
    assert_true(r.game_reopened);
    assert_int_equal(r.n_rulings, 1);
    assert_int_equal(r.rulings[0].law, LAW_25);
    assert_int_equal(r.rulings[0].options, 0); /* B holds the king */
    assert_score(a, 4, 2);
    assert_int_equal(arbiter_tricks(a, t, ARB_TRICKS_MAX), 1);
    assert_int_equal(t[0].winner, SEAT_B);
    assert_int_equal(arbiter_phase(a), PH_PLAY);
}

/* The line that reopened a game struck: the game is won again on the
 * belief; a true king at 4 shown later changes nothing. */
static void arbiter__strike_of_the_evidence_wins_the_game_again(void **state)
{
    struct arbiter *a = *state;
    struct arb_result r;

    assert_int_equal(feed(a, four_unseen), 0);
    assert_int_equal(feed(a, "A announces king\nA shows QS JS AH 7C JD\n"),
                     0);
    assert_score(a, 4, 2);
    assert_int_equal(feed_all(a, "strike\n", &r, NULL, NULL), 0);
    assert_true(r.game_over);
    assert_int_equal(r.game.winner, SEAT_A);
    assert_score(a, 5, 2);
    assert_int_equal(feed_all(a, "A shows QS JS AH 7C KD\n", &r, NULL, NULL),
                     0);
    assert_false(r.game_reopened);
    assert_score(a, 5, 2);
}

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
        T(arbiter__game_ends_at_a_turned_king),
        T(arbiter__persons_lines_are_not_the_seats),
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
        T(arbiter__strike_takes_back_the_last_line),
        T(arbiter__strikes_reach_back_line_by_line),
        T(arbiter__strike_reopens_the_deal_it_ended),
        T(arbiter__strike_of_a_deal_line_frees_its_number),
        T(arbiter__false_king_at_four_wins_no_game),
        T(arbiter__false_king_withdrawn_in_time_gives_no_ruling),
        T(arbiter__king_announced_after_the_adversarys_scores_nothing),
        T(arbiter__unseen_false_king_reopens_the_game),
        T(arbiter__unseen_king_withdrawn_reopens_without_ruling),
        T(arbiter__king_played_elsewhere_reopens_and_keeps_the_play),
        T(arbiter__strike_of_the_evidence_wins_the_game_again),
#undef T
    };

    return cmocka_run_group_tests_name("arbiter", tests, NULL, NULL);
}
