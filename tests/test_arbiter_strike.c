/* SPDX-License-Identifier: MIT */
/* test_arbiter_strike.c - the referee taking lines back and games reopened:
 * strike (format 1.1) line by line, a deal and a game reopened by it, a deal
 * line's number freed; the false king (L25) at four, withdrawn in time,
 * after the adversary's, from a hand nobody saw (the game reopened, the
 * play kept), and the evidence struck. */
#include "tests/harness.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter.h"
#include "laws/profile.h"
#include "tablelog/tablelog.h"

#include "tests/arbiter_util.h"

/* ------------------------------------------------------------------ */
/* Strikes (format 1.1)                                                 */
/* ------------------------------------------------------------------ */

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

/* A strike back across deal lines keeps the rules the sitting was set to:
 * the tables it derives from start with the Laws tag's profile. */
static void arbiter__strike_keeps_the_profile_of_the_sitting(void **state)
{
    struct arbiter *a = *state;
    const struct profile *p;

    assert_int_equal(arbiter_set_tag(a, "Laws", "polish; game=7"), 0);
    assert_int_equal(feed(a, hoffmann_deal), 0);
    assert_int_equal(feed(a, hoffmann_play), 0);
    assert_int_equal(feed(a, "deal A\nA shuffles\n"), 0);
    for (int i = 0; i < 4; i++) {   /* into deal 1, two stretches back */
        assert_int_equal(feed(a, "strike\n"), 0);
    }
    assert_int_equal(arbiter_deal_number(a), 1);
    p = arbiter_profile(a);
    assert_string_equal(p->name, "polish");
    assert_int_equal(p->scoring, SCORING_POLISH);
    assert_int_equal(p->target, 7);
}

/* ------------------------------------------------------------------ */
/* The false king (L25)                                                 */
/* ------------------------------------------------------------------ */

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

/* assert_struck_note - a fresh referee fed before, then a strike: its note
 * names the line struck by text, the line's canonical text. */
static void assert_struck_note(const char *before, const char *text)
{
    struct arbiter *a = NULL;
    struct arb_result r;
    char want[ARB_NOTE_LEN];

    assert_int_equal(arbiter_open(&a), 0);
    assert_int_equal(feed(a, before), 0);
    assert_int_equal(feed_all(a, "strike\n", &r, NULL, NULL), 0);
    assert_true(r.struck);
    assert_true(r.n_notes >= 1);
    snprintf(want, sizeof(want), "struck: the line %s (the scorer's slip); "
             "the table stands as before it", text);
    assert_string_equal(r.notes[0], want);
    arbiter_close(a);
}

/* The note of a strike names each kind of table line by its canonical
 * text (game, deal, deal with a pack, score, found ..., end), not by its
 * verb after the dealer's seat ("B deal") or alone ("score"). */
static void arbiter__strike_names_a_table_line_by_its_text(void **state)
{
    (void)state;
    assert_struck_note("game\n", "game");
    assert_struck_note("game\ndeal B\n", "deal B");
    assert_struck_note("game\ndeal B\nstrike\ndeal A pack B\n",
                       "deal A pack B");
    assert_struck_note("game\nscore A 2 B 1\n", "score A 2 B 1");
    assert_struck_note("[A \"a\"]\ngame\ndeal B\nstrike\ndeal A pack B\n"
                       "strike\nscore A 2 B 1\n",
                       "score A 2 B 1");
    assert_struck_note(hoffmann_deal, "B turns TH");
    {
        char log[1024];

        snprintf(log, sizeof(log), "%sfound faced QS\n", hoffmann_deal);
        assert_struck_note(log, "found faced QS");
        snprintf(log, sizeof(log), "%s%send\n", hoffmann_deal,
                 hoffmann_play);
        assert_struck_note(log, "end");
    }
    assert_struck_note("game\ndeal B\nA shuffles\nB shuffles\nA cuts 17\n"
                       "found pack imperfect QH QH\n",
                       "found pack imperfect QH QH");
}

/* Near miss: a seat's action struck reads as it always did ("A leads
 * KD"), and a give names every card it gave, as the log writes it. */
static void arbiter__strike_names_an_action_as_before(void **state)
{
    char log[1024];

    (void)state;
    snprintf(log, sizeof(log), "%sA stands\nA leads KD\n", hoffmann_deal);
    assert_struck_note(log, "A leads KD");
    snprintf(log, sizeof(log), "%sB announces king\n", hoffmann_deal);
    assert_struck_note(log, "B announces king");
    assert_struck_note("game\ndeal B\nA shuffles\nB shuffles\nA cuts 17\n",
                       "A cuts 17");
    assert_struck_note("game\ndeal B\nA shuffles\nB shuffles\nA cuts 17\n"
                       "B gives A 3 QH AH 7H\n",
                       "B gives A 3 QH AH 7H");
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
        T(arbiter__strike_takes_back_the_last_line),
        T(arbiter__strikes_reach_back_line_by_line),
        T(arbiter__strike_reopens_the_deal_it_ended),
        T(arbiter__strike_of_a_deal_line_frees_its_number),
        T(arbiter__strike_keeps_the_profile_of_the_sitting),
        T(arbiter__false_king_at_four_wins_no_game),
        T(arbiter__false_king_withdrawn_in_time_gives_no_ruling),
        T(arbiter__king_announced_after_the_adversarys_scores_nothing),
        T(arbiter__unseen_false_king_reopens_the_game),
        T(arbiter__unseen_king_withdrawn_reopens_without_ruling),
        T(arbiter__king_played_elsewhere_reopens_and_keeps_the_play),
        T(arbiter__strike_of_the_evidence_wins_the_game_again),
        T(arbiter__strike_names_a_table_line_by_its_text),
        T(arbiter__strike_names_an_action_as_before),
#undef T
    };

    return cmocka_run_group_tests_name("arbiter_strike", tests, NULL, NULL);
}
