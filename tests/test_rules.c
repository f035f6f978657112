/* SPDX-License-Identifier: MIT */
/* test_rules.c - the rules of play shared by every module: rank, the
 * trick winner, the follower's obligation (docs/laws.md, rules of play), rule profiles. */
#include "tests/harness.h"

#include <string.h>

#include "laws/laws.h"

static uint8_t C(const char *t)
{
    uint8_t c = CARD_NONE;

    assert_true(card_parse(t, &c) > 0);
    return c;
}

/* M - a mask from "KH QH 7S" */
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

static void rules__rank_order_is_king_queen_jack_ace_ten(void **state)
{
    (void)state;
    /* hearts led, no trump involved */
    assert_true(card_beats(C("QH"), C("KH"), SUIT_CLUBS, RANK_KING_HIGH));
    assert_true(card_beats(C("AH"), C("JH"), SUIT_CLUBS, RANK_KING_HIGH));
    assert_true(card_beats(C("TH"), C("AH"), SUIT_CLUBS, RANK_KING_HIGH));
    assert_false(card_beats(C("AH"), C("TH"), SUIT_CLUBS, RANK_KING_HIGH));
    assert_true(card_beats(C("8H"), C("9H"), SUIT_CLUBS, RANK_KING_HIGH));
}

static void rules__any_trump_beats_a_plain_card(void **state)
{
    (void)state;
    assert_true(card_beats(C("KH"), C("7C"), SUIT_CLUBS, RANK_KING_HIGH));
    assert_false(card_beats(C("7C"), C("KH"), SUIT_CLUBS, RANK_KING_HIGH));
    /* a card of another plain suit never wins */
    assert_false(card_beats(C("7H"), C("KS"), SUIT_CLUBS, RANK_KING_HIGH));
}

static void rules__must_follow_and_win_when_able(void **state)
{
    struct profile p;

    (void)state;
    profile_london(&p);
    /* holds a higher heart: only the higher hearts */
    assert_int_equal(laws_legal_follows(M("KH 7H 9C TS"), C("QH"),
                                        SUIT_SPADES, &p),
                     M("KH"));
    /* holds hearts, none higher: any heart */
    assert_int_equal(laws_legal_follows(M("JH 7H 9C TS"), C("QH"),
                                        SUIT_SPADES, &p),
                     M("JH 7H"));
}

static void rules__void_must_trump(void **state)
{
    struct profile p;

    (void)state;
    profile_london(&p);
    assert_int_equal(laws_legal_follows(M("9C TS 7S 8D"), C("QH"),
                                        SUIT_SPADES, &p),
                     M("TS 7S"));
}

static void rules__void_without_trumps_plays_anything(void **state)
{
    struct profile p;

    (void)state;
    profile_london(&p);
    assert_int_equal(laws_legal_follows(M("9C 8D 7D"), C("QH"), SUIT_SPADES,
                                        &p),
                     M("9C 8D 7D"));
}

static void rules__trump_led_must_overtrump(void **state)
{
    struct profile p;

    (void)state;
    profile_london(&p);
    assert_int_equal(laws_legal_follows(M("KS 8S 9C"), C("QS"), SUIT_SPADES,
                                        &p),
                     M("KS"));
    assert_int_equal(laws_legal_follows(M("9S 8S 9C"), C("QS"), SUIT_SPADES,
                                        &p),
                     M("9S 8S"));
}

static void rules__profile_switches_relax_the_obligation(void **state)
{
    struct profile p;
    char err[200];

    (void)state;
    assert_int_equal(profile_parse(&p, "london; must-trump=no; must-win=no",
                                   err, sizeof(err)),
                     0);
    assert_false(p.must_trump);
    assert_false(p.must_win);
    assert_int_equal(laws_legal_follows(M("KH 7H 9C"), C("QH"), SUIT_SPADES,
                                        &p),
                     M("KH 7H"));
    assert_int_equal(laws_legal_follows(M("9C TS"), C("QH"), SUIT_SPADES,
                                        &p),
                     M("9C TS"));
}

static void rules__profile_parse_and_format_round_trip(void **state)
{
    struct profile p;
    struct profile q;
    char err[200];
    char buf[300];

    (void)state;
    assert_int_equal(profile_parse(&p, "london; dealer-min-exchange=0; "
                                       "game=7; stakes=treble; redeal=other",
                                   err, sizeof(err)),
                     0);
    assert_int_equal(p.dealer_min_exchange, 0);
    assert_int_equal(p.target, 7);
    assert_int_equal(p.stakes, STAKES_TREBLE);
    assert_false(p.redeal_same_dealer);
    profile_format(&p, buf, sizeof(buf));
    assert_string_equal(buf, "london; redeal=other; dealer-min-exchange=0; "
                             "game=7; stakes=treble");
    assert_int_equal(profile_parse(&q, buf, err, sizeof(err)), 0);
    assert_memory_equal(&p, &q, sizeof(p));
    profile_london(&q);
    assert_string_equal(profile_format(&q, buf, sizeof(buf)), "london");
}

static void rules__profile_parse_rejects_unknown_switches(void **state)
{
    struct profile p;
    char err[200];

    (void)state;
    assert_int_equal(profile_parse(&p, "london; dealer-min=3", err,
                                   sizeof(err)),
                     -1);
    assert_non_null(strstr(err, "dealer-min"));
    assert_int_equal(profile_parse(&p, "london; must-trump=maybe", err,
                                   sizeof(err)),
                     -1);
    assert_non_null(strstr(err, "must-trump=yes|no"));
    assert_int_equal(profile_parse(&p, "paris", err, sizeof(err)), -1);
}

/* The cells of docs/laws.md, rules of play (L48, L49) and of docs/variants.md, PL2 (the Polish
 * table), written out as the sources print them. */
static const int london_point[2][5] = {
    /* first: none, stood, refused, accepted, lapsed */
    [0] = {1, 2, 1, 1, 1},      /* the dealer wins: 2 against elder standing */
    [1] = {1, 1, 2, 1, 1},      /* elder wins: 2 against a refusal */
};
static const int polish_point[2][2] = {
    /* [exchanged][elder won] */
    [0] = {1, 2},               /* no exchange: dealer 1, elder 2 */
    [1] = {2, 1},               /* an exchange: dealer 2, elder 1 */
};

/* Every hand the scoring can meet: both winners, every count of tricks,
 * every outcome of the first proposal, with and without an exchange,
 * both tables, vole-extra, caps, the L42 no-extra case and multipliers. */
static void rules__trick_points_over_the_whole_domain(void **state)
{
    static const int mults[] = {1, 2, 4};
    struct profile p;
    struct trick_score t;
    long cases = 0;

    (void)state;
    profile_london(&p);
    for (int scoring = 0; scoring < 2; scoring++) {
        for (int vole_extra = 0; vole_extra < 2; vole_extra++) {
            p.scoring = scoring;
            p.vole_extra = vole_extra;
            for (int mask = 0; mask < 2 * 6 * 5 * 2 * 2 * 2 * 3; mask++) {
                int m = mask;
                int want;

                memset(&t, 0, sizeof(t));
                t.elder_won = m % 2; m /= 2;
                t.tricks = m % 6; m /= 6;
                t.first = m % 5; m /= 5;
                t.exchanged = m % 2; m /= 2;
                t.capped = m % 2; m /= 2;
                t.no_extra = m % 2; m /= 2;
                t.multiplier = mults[m % 3];
                if (t.tricks < 3) {
                    want = 0;
                } else {
                    bool extra = london_point[t.elder_won][t.first] == 2 &&
                                 !t.no_extra;
                    int point = scoring == SCORING_POLISH
                                    ? polish_point[t.exchanged][t.elder_won]
                                    : (extra ? 2 : 1);
                    int vole = 2 + (vole_extra && extra ? 1 : 0);

                    want = t.tricks == 5 ? vole : point;
                    if (t.capped) {
                        want = t.tricks == 5 ? 1 : want - 1;
                    }
                    want *= t.multiplier;
                }
                assert_int_equal(laws_trick_points(&p, &t), want);
                cases++;
            }
        }
    }
    assert_int_equal(cases, 4L * 2 * 6 * 5 * 2 * 2 * 2 * 3);
}

/* The comparison table of docs/variants.md, PL2, cell by cell. */
static void rules__polish_table_against_london(void **state)
{
    struct profile lon;
    struct profile pol;
    struct trick_score t;
    char err[200];

    (void)state;
    profile_london(&lon);
    assert_int_equal(profile_parse(&pol, "polish", err, sizeof(err)), 0);
    memset(&t, 0, sizeof(t));
    t.multiplier = 1;
    t.tricks = 3;
    t.first = FIRST_STOOD;      /* elder stood, elder wins */
    t.elder_won = true;
    assert_int_equal(laws_trick_points(&lon, &t), 1);
    assert_int_equal(laws_trick_points(&pol, &t), 2);
    t.elder_won = false;        /* elder stood, the dealer wins */
    assert_int_equal(laws_trick_points(&lon, &t), 2);
    assert_int_equal(laws_trick_points(&pol, &t), 1);
    t.first = FIRST_REFUSED;    /* the dealer refused, elder wins */
    t.elder_won = true;
    assert_int_equal(laws_trick_points(&lon, &t), 2);
    assert_int_equal(laws_trick_points(&pol, &t), 2);
    t.elder_won = false;        /* the dealer refused and wins */
    assert_int_equal(laws_trick_points(&lon, &t), 1);
    assert_int_equal(laws_trick_points(&pol, &t), 1);
    t.first = FIRST_ACCEPTED;   /* an exchange */
    t.exchanged = true;
    t.elder_won = true;
    assert_int_equal(laws_trick_points(&lon, &t), 1);
    assert_int_equal(laws_trick_points(&pol, &t), 1);
    t.elder_won = false;
    assert_int_equal(laws_trick_points(&lon, &t), 1);
    assert_int_equal(laws_trick_points(&pol, &t), 2);
    t.tricks = 5;               /* any vole */
    assert_int_equal(laws_trick_points(&lon, &t), 2);
    assert_int_equal(laws_trick_points(&pol, &t), 2);
}

/* The jack veto pairs hearts with spades and diamonds with clubs (PL5,
 * docs/variants.md, PL5). */
static void rules__veto_jack_is_the_paired_suits_jack(void **state)
{
    (void)state;
    assert_int_equal(laws_veto_jack(SUIT_SPADES), C("JH"));
    assert_int_equal(laws_veto_jack(SUIT_HEARTS), C("JS"));
    assert_int_equal(laws_veto_jack(SUIT_DIAMONDS), C("JC"));
    assert_int_equal(laws_veto_jack(SUIT_CLUBS), C("JD"));
}

static void rules__card_word_reads_exactly_one_card(void **state)
{
    static const char *const ok[] = {"KH", "kh", "tS", "10S", "10s", "??",
                                     "7C", "A\xe2\x99\xa0",
                                     "Q\xe2\x99\xa5\xef\xb8\x8f"};
    uint8_t c = CARD_NONE;

    (void)state;
    /* every word card_parse reads whole, card_word reads the same */
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        uint8_t want = CARD_NONE;

        assert_int_equal(card_parse(ok[i], &want), strlen(ok[i]));
        c = CARD_NONE;
        assert_true(card_word(ok[i], strlen(ok[i]), &c));
        assert_int_equal(c, want);
    }
    assert_true(card_word("KH", 2, &c));
    assert_int_equal(c, CARD_MAKE(SUIT_HEARTS, RANK_KING));
    assert_true(card_word("9d", 2, &c));
    assert_int_equal(c, CARD_MAKE(SUIT_DIAMONDS, RANK_NINE));
    assert_true(card_word("??", 2, &c));
    assert_int_equal(c, CARD_UNKNOWN);
    /* not a card, or more than one: false, and *out untouched */
    c = 7;
    assert_false(card_word("KX", 2, &c));
    assert_false(card_word("XH", 2, &c));
    assert_false(card_word("10", 2, &c));
    assert_false(card_word("6H", 2, &c));
    assert_false(card_word("?H", 2, &c));
    assert_false(card_word("KHX", 3, &c));
    assert_false(card_word("K", 1, &c));
    assert_false(card_word("", 0, &c));
    assert_int_equal(c, 7);
    /* no byte past n is read: "KH" inside a longer text */
    assert_true(card_word("KHQS", 2, &c));
    assert_int_equal(c, CARD_MAKE(SUIT_HEARTS, RANK_KING));
}

static void rules__verb_kind_is_the_kind_of_every_verb(void **state)
{
    (void)state;
    for (int k = EV_CUT_FOR_DEAL; k < EV_KIND_COUNT; k++) {
        const char *v = event_verb((enum event_kind)k);
        char up[24];
        size_t n = strlen(v);
        enum event_kind want = k == EV_MARK ? EV_MARK_KING
                                            : (enum event_kind)k;

        assert_int_equal(event_verb_kind(v, n), want);
        /* every verb is written in lower case: event_verb_kind takes a
         * byte equal to the verb's as matched before folding it */
        for (size_t i = 0; i < n; i++) {
            assert_false(v[i] >= 'A' && v[i] <= 'Z');
        }
        for (size_t i = 0; i <= n; i++) {
            up[i] = (char)(v[i] >= 'a' && v[i] <= 'z' ? v[i] - 32 : v[i]);
        }
        assert_int_equal(event_verb_kind(up, n), want);
        /* a verb cut short or run on is none */
        assert_int_equal(event_verb_kind(v, n - 1), EV_NONE);
    }
    assert_int_equal(event_verb_kind("plays", 5), EV_PLAY);
    assert_int_equal(event_verb_kind("playsX", 5), EV_PLAY);
    assert_int_equal(event_verb_kind("playz", 5), EV_NONE);
    assert_int_equal(event_verb_kind("pLaYs", 5), EV_PLAY);
    assert_int_equal(event_verb_kind("Cuts-For-Deal", 13), EV_CUT_FOR_DEAL);
    assert_int_equal(event_verb_kind("plAyz", 5), EV_NONE);
    assert_int_equal(event_verb_kind("game", 4), EV_NONE);
    assert_int_equal(event_verb_kind("deal", 4), EV_NONE);
    assert_int_equal(event_verb_kind("", 0), EV_NONE);
    assert_int_equal(event_verb_kind("cuts-for-deal-and-more", 22), EV_NONE);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rules__rank_order_is_king_queen_jack_ace_ten),
        cmocka_unit_test(rules__any_trump_beats_a_plain_card),
        cmocka_unit_test(rules__must_follow_and_win_when_able),
        cmocka_unit_test(rules__void_must_trump),
        cmocka_unit_test(rules__void_without_trumps_plays_anything),
        cmocka_unit_test(rules__trump_led_must_overtrump),
        cmocka_unit_test(rules__profile_switches_relax_the_obligation),
        cmocka_unit_test(rules__profile_parse_and_format_round_trip),
        cmocka_unit_test(rules__profile_parse_rejects_unknown_switches),
        cmocka_unit_test(rules__trick_points_over_the_whole_domain),
        cmocka_unit_test(rules__polish_table_against_london),
        cmocka_unit_test(rules__veto_jack_is_the_paired_suits_jack),
        cmocka_unit_test(rules__card_word_reads_exactly_one_card),
        cmocka_unit_test(rules__verb_kind_is_the_kind_of_every_verb),
    };

    return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
