/* SPDX-License-Identifier: MIT */
/* test_tablelog.c - the vocabulary (laws/vocab.c) and the .ecarte line
 * reader (tablelog/parse.c) on lines that read: table lines, actions, tags,
 * time stamps, comments and `=` lines.  Writing lines is tested in
 * test_tablelog_write.c, lines that do not read and the reader in
 * test_tablelog_reader.c, an event line's fields in test_tablelog_fields.c;
 * the helpers they share are in tablelog_util.h. */
#include "tests/harness.h"

#include <stdio.h>
#include <string.h>

#include "laws/laws.h"
#include "tablelog/tablelog.h"

#include "tests/tablelog_util.h"

#define QH CARD_MAKE(SUIT_HEARTS, RANK_QUEEN)
#define TH CARD_MAKE(SUIT_HEARTS, RANK_TEN)
#define KS CARD_MAKE(SUIT_SPADES, RANK_KING)
#define KD CARD_MAKE(SUIT_DIAMONDS, RANK_KING)
#define AH CARD_MAKE(SUIT_HEARTS, RANK_ACE)
#define H7 CARD_MAKE(SUIT_HEARTS, RANK_SEVEN)
#define C9 CARD_MAKE(SUIT_CLUBS, RANK_NINE)
#define JD CARD_MAKE(SUIT_DIAMONDS, RANK_JACK)

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* assert_cards - ev lists exactly the n cards given. */
static void assert_cards(const struct table_event *ev, int n,
                         const uint8_t *cards)
{
    assert_int_equal(ev->n_cards, n);
    if (n > 0) {
        assert_memory_equal(ev->cards, cards, (size_t)n);
    }
}

/* assert_unused - the fields an event kind does not use are NONE / 0. */
static void assert_unused(const struct table_event *ev, bool actor,
                          bool target, bool n)
{
    if (!actor) {
        assert_int_equal(ev->actor, SEAT_NONE);
    }
    if (!target) {
        assert_int_equal(ev->target, SEAT_NONE);
    }
    if (!n) {
        assert_int_equal(ev->n, 0);
    }
}

/* ------------------------------------------------------------------ */
/* Vocabulary                                                           */
/* ------------------------------------------------------------------ */

static void tablelog__card_codes_are_suit_times_eight_plus_rank(void **state)
{
    uint8_t c = 0xee;

    (void)state;
    assert_int_equal(card_parse("KS", &c), 2);
    assert_int_equal(c, 0);
    assert_int_equal(card_parse("QH", &c), 2);
    assert_int_equal(c, 1 * 8 + 1);
    assert_int_equal(card_parse("AD", &c), 2);
    assert_int_equal(c, 2 * 8 + 3);
    assert_int_equal(card_parse("7C", &c), 2);
    assert_int_equal(c, 31);
    assert_int_equal(card_parse("??", &c), 2);
    assert_int_equal(c, CARD_UNKNOWN);
}

static void tablelog__card_parse_accepts_aliases(void **state)
{
    uint8_t c = 0;

    (void)state;
    assert_int_equal(card_parse("10h", &c), 3);
    assert_int_equal(c, TH);
    assert_int_equal(card_parse("th", &c), 2);
    assert_int_equal(c, TH);
    assert_int_equal(card_parse("q\xe2\x99\xa5", &c), 4);   /* q♥ */
    assert_int_equal(c, QH);
    assert_int_equal(card_parse("K\xe2\x99\xa0", &c), 4);   /* K♠ */
    assert_int_equal(c, KS);
    assert_int_equal(card_parse("K\xe2\x99\xa6", &c), 4);   /* K♦ */
    assert_int_equal(c, KD);
    assert_int_equal(card_parse("9\xe2\x99\xa3", &c), 4);   /* 9♣ */
    assert_int_equal(c, C9);
    assert_int_equal(card_parse("10\xe2\x99\xa1", &c), 5);  /* 10♡ */
    assert_int_equal(c, TH);
    assert_int_equal(card_parse("k\xe2\x99\xa4", &c), 4);   /* k♤ */
    assert_int_equal(c, KS);
    assert_int_equal(card_parse("j\xe2\x99\xa2", &c), 4);   /* j♢ */
    assert_int_equal(c, JD);
    assert_int_equal(card_parse("9\xe2\x99\xa7", &c), 4);   /* 9♧ */
    assert_int_equal(c, C9);
    /* an emoji heart: the symbol and its variation selector */
    assert_int_equal(card_parse("A\xe2\x99\xa5\xef\xb8\x8f", &c), 7);
    assert_int_equal(c, AH);
    /* stops at the card */
    assert_int_equal(card_parse("KSx", &c), 2);
    assert_int_equal(c, KS);
}

static void tablelog__card_parse_rejects_non_cards(void **state)
{
    static const char *const bad[] = {
        "", "K", "KX", "1H", "6H", "XH", "?H", "?", "S", "\xe2\x99\xa5",
        "K\xe2\x99", " KS",
    };
    uint8_t c = 77;
    size_t i;

    (void)state;
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(card_parse(bad[i], &c), 0);
        assert_int_equal(c, 77);
    }
}

static void tablelog__card_format_is_canonical_for_every_card(void **state)
{
    char buf[CARD_TEXT_MAX];
    uint8_t c;
    uint8_t back;

    (void)state;
    for (c = 0; c < CARD_COUNT; c++) {
        card_format(c, buf);
        assert_int_equal(strlen(buf), 2);
        assert_int_equal(card_parse(buf, &back), 2);
        assert_int_equal(back, c);
    }
    assert_string_equal(card_format(TH, buf), "TH");
    assert_string_equal(card_format(QH, buf), "QH");
    assert_string_equal(card_format(CARD_UNKNOWN, buf), "??");
}

static void tablelog__cards_format_orders_by_suit_then_rank(void **state)
{
    char buf[64];
    char small[6];
    uint32_t m = CARD_BIT(C9) | CARD_BIT(TH) | CARD_BIT(KS) | CARD_BIT(QH);

    (void)state;
    assert_int_equal(cards_count(m), 4);
    assert_int_equal(cards_count(0), 0);
    assert_int_equal(cards_count(0xffffffffu), 32);
    assert_string_equal(cards_format(m, buf, sizeof(buf)), "KS QH TH 9C");
    assert_string_equal(cards_format(0, buf, sizeof(buf)), "");
    assert_string_equal(cards_format(m, small, sizeof(small)), "KS QH");
}

static void tablelog__suits_and_seats_have_letters(void **state)
{
    size_t len = 9;

    (void)state;
    assert_int_equal(suit_letter(SUIT_SPADES), 'S');
    assert_int_equal(suit_letter(SUIT_HEARTS), 'H');
    assert_int_equal(suit_letter(SUIT_DIAMONDS), 'D');
    assert_int_equal(suit_letter(SUIT_CLUBS), 'C');
    assert_int_equal(suit_parse("d", &len), SUIT_DIAMONDS);
    assert_int_equal(len, 1);
    assert_int_equal(suit_parse("\xe2\x99\xa3", &len), SUIT_CLUBS);
    assert_int_equal(len, 3);
    assert_int_equal(suit_parse("X", &len), SUIT_NONE);
    assert_int_equal(len, 0);
    assert_int_equal(seat_letter(SEAT_A), 'A');
    assert_int_equal(seat_letter(SEAT_B), 'B');
    assert_int_equal(seat_letter(SEAT_NONE), '-');
}

static void tablelog__event_verbs_are_the_log_keywords(void **state)
{
    (void)state;
    assert_string_equal(event_verb(EV_GAME), "game");
    assert_string_equal(event_verb(EV_SCORE), "score");
    assert_string_equal(event_verb(EV_DEAL), "deal");
    assert_string_equal(event_verb(EV_FOUND_FACED), "found");
    assert_string_equal(event_verb(EV_FOUND_HOLDS), "found");
    assert_string_equal(event_verb(EV_FOUND_IMPERFECT), "found");
    assert_string_equal(event_verb(EV_END), "end");
    assert_string_equal(event_verb(EV_CUT_FOR_DEAL), "cuts-for-deal");
    assert_string_equal(event_verb(EV_NEW_CARDS), "calls-new-cards");
    assert_string_equal(event_verb(EV_GIVE), "gives");
    assert_string_equal(event_verb(EV_MARK_KING), "marks");
    assert_string_equal(event_verb(EV_MARK), "marks");
    assert_string_equal(event_verb(EV_TAKE_BACK), "takes-back");
    assert_string_equal(event_verb(EV_UNMARK), "unmarks");
    assert_string_equal(event_verb(EV_ELECT), "elects");
}

static void tablelog__option_words_round_trip(void **state)
{
    int o;

    (void)state;
    assert_string_equal(option_name(OPT_NEW_DEAL), "new-deal");
    assert_string_equal(option_name(OPT_PLAY_ON), "play-on");
    assert_string_equal(option_name(OPT_TRUMP), "trump");
    assert_string_equal(option_name(OPT_CARD_LED), "card-led");
    for (o = 0; o < OPT_COUNT; o++) {
        const char *w = option_name((enum law_option)o);

        assert_int_equal(option_parse(w, strlen(w)), o);
    }
    assert_int_equal(option_parse("Named-Suit", 10), OPT_NAMED_SUIT);
    assert_int_equal(option_parse("replayx", 6), OPT_REPLAY);
    assert_int_equal(option_parse("replayx", 7), -1);
    assert_int_equal(option_parse("", 0), -1);
}

static void tablelog__remedy_words_round_trip(void **state)
{
    int r;

    (void)state;
    assert_string_equal(remedy_name(REM_NONE), "none");
    assert_string_equal(remedy_name(REM_OWNER_DISCARDS_SURPLUS),
                        "owner-discards-surplus");
    assert_string_equal(remedy_name(REM_SHORT_HAND_TRICKS),
                        "short-hand-tricks");
    assert_string_equal(remedy_name(REM_NOT_ALLOWED), "not-allowed");
    for (r = 0; r < REM_COUNT; r++) {
        const char *w = remedy_name((enum remedy)r);

        assert_int_equal(remedy_parse(w, strlen(w)), r);
    }
    assert_int_equal(remedy_parse("SCORE-CAP", 9), REM_SCORE_CAP);
    assert_int_equal(remedy_parse("score", 5), -1);
}

static void tablelog__names_of_windows_roles_and_phases(void **state)
{
    int i;

    (void)state;
    for (i = 0; i < WIN_COUNT; i++) {
        assert_true(strlen(law_window_name((enum law_window)i)) > 0);
    }
    for (i = ROLE_NOBODY; i <= ROLE_TARGET; i++) {
        assert_true(strlen(law_role_name((enum law_role)i)) > 0);
    }
    for (i = 0; i < PH_COUNT; i++) {
        assert_true(strlen(phase_name((enum phase)i)) > 0);
    }
    assert_string_equal(phase_name(PH_DEAL), "deal");
    assert_string_equal(phase_name(PH_PLAY), "play");
    assert_string_equal(law_role_name(ROLE_DEALER), "dealer");
    assert_string_equal(law_window_name(WIN_GAME), "game");
}

static void tablelog__ruling_format_omits_what_is_not_set(void **state)
{
    struct ruling r;
    char buf[128];

    (void)state;
    memset(&r, 0, sizeof(r));
    r.law = LAW_43;
    r.offender = SEAT_A;
    r.elector = SEAT_B;
    r.options = OPT_BIT(OPT_STAND) | OPT_BIT(OPT_REPLAY);
    r.remedy = REM_SCORE_CAP;
    assert_string_equal(ruling_format(&r, buf, sizeof(buf)),
                        "ruling L43 offender A elector B "
                        "options replay,stand remedy score-cap");
    r.offender = SEAT_NONE;
    r.elector = SEAT_NONE;
    r.options = 0;
    r.law = LAW_12;
    r.remedy = REM_NEW_DEAL;
    assert_string_equal(ruling_format(&r, buf, sizeof(buf)),
                        "ruling L12 remedy new-deal");
    r.law = LAW_1;
    r.remedy = REM_NONE;
    assert_string_equal(ruling_format(&r, buf, sizeof(buf)), "ruling L1");
    r.law = LAW_51;
    r.elector = SEAT_A;
    assert_string_equal(ruling_format(&r, buf, sizeof(buf)),
                        "ruling L51 elector A");
    assert_string_equal(ruling_format(&r, buf, 8), "ruling ");
}

/* ------------------------------------------------------------------ */
/* Table lines                                                          */
/* ------------------------------------------------------------------ */

static void tablelog__reads_game_end_and_score(void **state)
{
    struct table_event ev;

    (void)state;
    ev = parse_event("game");
    assert_int_equal(ev.kind, EV_GAME);
    assert_unused(&ev, false, false, false);
    assert_int_equal(ev.n_cards, 0);
    ev = parse_event("  END  ");
    assert_int_equal(ev.kind, EV_END);
    assert_unused(&ev, false, false, false);
    ev = parse_event("score A 4 B 2");
    assert_int_equal(ev.kind, EV_SCORE);
    assert_int_equal(ev.score[SEAT_A], 4);
    assert_int_equal(ev.score[SEAT_B], 2);
    assert_unused(&ev, false, false, false);
    ev = parse_event("score b 1 a 3");
    assert_int_equal(ev.score[SEAT_A], 3);
    assert_int_equal(ev.score[SEAT_B], 1);
}

static void tablelog__reads_deal_with_and_without_pack(void **state)
{
    struct table_event ev;

    (void)state;
    ev = parse_event("deal A");
    assert_int_equal(ev.kind, EV_DEAL);
    assert_int_equal(ev.actor, SEAT_A);
    assert_int_equal(ev.target, SEAT_NONE);
    assert_int_equal(ev.flags, 0);
    ev = parse_event("deal A pack B");
    assert_int_equal(ev.kind, EV_DEAL);
    assert_int_equal(ev.actor, SEAT_A);
    assert_int_equal(ev.target, SEAT_B);
    assert_int_equal(ev.flags, EVF_PACK);
}

static void tablelog__reads_the_three_found_lines(void **state)
{
    const uint8_t dupes[] = { QH, QH, CARD_UNKNOWN };
    struct table_event ev;

    (void)state;
    ev = parse_event("found faced QH");
    assert_int_equal(ev.kind, EV_FOUND_FACED);
    assert_cards(&ev, 1, dupes);
    assert_unused(&ev, false, false, false);
    ev = parse_event("found B holds 6");
    assert_int_equal(ev.kind, EV_FOUND_HOLDS);
    assert_int_equal(ev.actor, SEAT_NONE);
    assert_int_equal(ev.target, SEAT_B);
    assert_int_equal(ev.n, 6);
    assert_int_equal(ev.n_cards, 0);
    ev = parse_event("found pack imperfect QH qh ??");
    assert_int_equal(ev.kind, EV_FOUND_IMPERFECT);
    assert_cards(&ev, 3, dupes);
    assert_unused(&ev, false, false, false);
    ev = parse_event("found pack imperfect");
    assert_int_equal(ev.kind, EV_FOUND_IMPERFECT);
    assert_int_equal(ev.n_cards, 0);
}

/* ------------------------------------------------------------------ */
/* Actions                                                              */
/* ------------------------------------------------------------------ */

static void tablelog__reads_actions_before_the_deal(void **state)
{
    const uint8_t two[] = { KS, C9 };
    struct table_event ev;

    (void)state;
    ev = parse_event("A cuts-for-deal KS");
    assert_int_equal(ev.kind, EV_CUT_FOR_DEAL);
    assert_int_equal(ev.actor, SEAT_A);
    assert_cards(&ev, 1, two);
    assert_unused(&ev, true, false, false);
    ev = parse_event("b cuts-for-deal KS 9C");
    assert_int_equal(ev.actor, SEAT_B);
    assert_cards(&ev, 2, two);
    ev = parse_event("A shuffles");
    assert_int_equal(ev.kind, EV_SHUFFLE);
    assert_int_equal(ev.flags, 0);
    ev = parse_event("A shuffles faces-shown");
    assert_int_equal(ev.flags, EVF_FACES_SHOWN);
    ev = parse_event("A shuffles below-table");
    assert_int_equal(ev.flags, EVF_BELOW_TABLE);
    ev = parse_event("B cuts 14");
    assert_int_equal(ev.kind, EV_CUT);
    assert_int_equal(ev.actor, SEAT_B);
    assert_int_equal(ev.n, 14);
    assert_int_equal(ev.flags, 0);
    assert_int_equal(ev.n_cards, 0);
    ev = parse_event("B cuts 31 exposed 9C");
    assert_int_equal(ev.n, 31);
    assert_int_equal(ev.flags, EVF_EXPOSED);
    assert_cards(&ev, 1, two + 1);
    ev = parse_event("A packets 3-2");
    assert_int_equal(ev.kind, EV_PACKETS);
    assert_int_equal(ev.option, 3);
    ev = parse_event("A packets 2-3");
    assert_int_equal(ev.option, 2);
    ev = parse_event("B calls-new-cards");
    assert_int_equal(ev.kind, EV_NEW_CARDS);
    assert_int_equal(ev.actor, SEAT_B);
    assert_unused(&ev, true, false, false);
}

static void tablelog__reads_gives_with_and_without_cards(void **state)
{
    const uint8_t three[] = { QH, AH, H7 };
    const uint8_t unseen[] = { CARD_UNKNOWN, KD };
    struct table_event ev;

    (void)state;
    ev = parse_event("B gives A 3 QH AH 7H");
    assert_int_equal(ev.kind, EV_GIVE);
    assert_int_equal(ev.actor, SEAT_B);
    assert_int_equal(ev.target, SEAT_A);
    assert_int_equal(ev.n, 3);
    assert_cards(&ev, 3, three);
    ev = parse_event("B gives B 2");
    assert_int_equal(ev.target, SEAT_B);
    assert_int_equal(ev.n, 2);
    assert_int_equal(ev.n_cards, 0);
    ev = parse_event("B gives A 2 ?? KD");
    assert_cards(&ev, 2, unseen);
    ev = parse_event("A gives B 0");
    assert_int_equal(ev.n, 0);
    ev = parse_event("A gives B 32");
    assert_int_equal(ev.n, 32);
}

static void tablelog__reads_the_turn_up_and_king_lines(void **state)
{
    const uint8_t cards[] = { TH, KS };
    struct table_event ev;

    (void)state;
    ev = parse_event("B exposes TH to A");
    assert_int_equal(ev.kind, EV_EXPOSE);
    assert_int_equal(ev.actor, SEAT_B);
    assert_int_equal(ev.target, SEAT_A);
    assert_cards(&ev, 1, cards);
    ev = parse_event("B turns TH");
    assert_int_equal(ev.kind, EV_TURN);
    assert_cards(&ev, 1, cards);
    ev = parse_event("B turns TH KS");
    assert_cards(&ev, 2, cards);
    ev = parse_event("A looks");
    assert_int_equal(ev.kind, EV_LOOK);
    assert_int_equal(ev.actor, SEAT_A);
    assert_unused(&ev, true, false, false);
    ev = parse_event("B marks king");
    assert_int_equal(ev.kind, EV_MARK_KING);
    assert_int_equal(ev.n, 0);
    ev = parse_event("A announces KING");
    assert_int_equal(ev.kind, EV_ANNOUNCE);
    assert_int_equal(ev.actor, SEAT_A);
    ev = parse_event("A withdraws king");
    assert_int_equal(ev.kind, EV_WITHDRAW);
}

static void tablelog__reads_proposals_and_the_exchange(void **state)
{
    const uint8_t cards[] = { KS, C9, QH, H7 };
    struct table_event ev;

    (void)state;
    ev = parse_event("A proposes");
    assert_int_equal(ev.kind, EV_PROPOSE);
    assert_int_equal(ev.actor, SEAT_A);
    ev = parse_event("A stands");
    assert_int_equal(ev.kind, EV_STAND);
    ev = parse_event("B accepts");
    assert_int_equal(ev.kind, EV_ACCEPT);
    assert_int_equal(ev.flags, 0);
    ev = parse_event("B accepts if-enough");
    assert_int_equal(ev.flags, EVF_IF_ENOUGH);
    ev = parse_event("B refuses");
    assert_int_equal(ev.kind, EV_REFUSE);
    ev = parse_event("A discards 4 KS 9C QH 7H");
    assert_int_equal(ev.kind, EV_DISCARD);
    assert_int_equal(ev.n, 4);
    assert_cards(&ev, 4, cards);
    assert_int_equal(ev.target, SEAT_NONE);
    ev = parse_event("A discards 2");
    assert_int_equal(ev.n, 2);
    assert_int_equal(ev.n_cards, 0);
    ev = parse_event("A asks 3");
    assert_int_equal(ev.kind, EV_ASK);
    assert_int_equal(ev.n, 3);
    ev = parse_event("B draws 2 KS 9C");
    assert_int_equal(ev.kind, EV_DRAW);
    assert_int_equal(ev.actor, SEAT_B);
    assert_int_equal(ev.n, 2);
    assert_cards(&ev, 2, cards);
}

static void tablelog__reads_the_play(void **state)
{
    const uint8_t cards[] = { KD, QH, C9 };
    struct table_event ev;

    (void)state;
    ev = parse_event("A leads KD");
    assert_int_equal(ev.kind, EV_LEAD);
    assert_cards(&ev, 1, cards);
    assert_int_equal(ev.suit, SUIT_NONE);
    assert_int_equal(ev.flags, 0);
    ev = parse_event("A leads KD calling H");
    assert_int_equal(ev.suit, SUIT_HEARTS);
    assert_int_equal(ev.flags, EVF_CALLING);
    ev = parse_event("A leads KD calling \xe2\x99\xa3");
    assert_int_equal(ev.suit, SUIT_CLUBS);
    ev = parse_event("B plays QH");
    assert_int_equal(ev.kind, EV_PLAY);
    assert_int_equal(ev.actor, SEAT_B);
    assert_cards(&ev, 1, cards + 1);
    ev = parse_event("B takes-back QH");
    assert_int_equal(ev.kind, EV_TAKE_BACK);
    assert_cards(&ev, 1, cards + 1);
    ev = parse_event("A abandons");
    assert_int_equal(ev.kind, EV_ABANDON);
    ev = parse_event("A claims");
    assert_int_equal(ev.kind, EV_CLAIM);
    assert_int_equal(ev.n_cards, 0);
    ev = parse_event("A claims KD QH 9C");
    assert_cards(&ev, 3, cards);
    ev = parse_event("B shows KD QH");
    assert_int_equal(ev.kind, EV_SHOW);
    assert_cards(&ev, 2, cards);
}

static void tablelog__reads_elections_and_marks(void **state)
{
    const uint8_t card[] = { TH };
    struct table_event ev;
    int o;

    (void)state;
    for (o = 0; o < OPT_COUNT; o++) {
        char text[64];

        snprintf(text, sizeof(text), "B elects %s",
                 option_name((enum law_option)o));
        ev = parse_event(text);
        assert_int_equal(ev.kind, EV_ELECT);
        assert_int_equal(ev.actor, SEAT_B);
        assert_int_equal(ev.option, o);
        assert_int_equal(ev.n_cards, 0);
    }
    ev = parse_event("A elects trump TH");
    assert_int_equal(ev.option, OPT_TRUMP);
    assert_cards(&ev, 1, card);
    ev = parse_event("A marks 2");
    assert_int_equal(ev.kind, EV_MARK);
    assert_int_equal(ev.n, 2);
    ev = parse_event("A marks 20");
    assert_int_equal(ev.n, 20);
    ev = parse_event("B unmarks 1");
    assert_int_equal(ev.kind, EV_UNMARK);
    assert_int_equal(ev.actor, SEAT_B);
    assert_int_equal(ev.n, 1);
}

/* ------------------------------------------------------------------ */
/* Tags, stamps, comments, `=` lines                                    */
/* ------------------------------------------------------------------ */

static void tablelog__reads_tags_with_escapes(void **state)
{
    struct tl_line l;
    char buf[TL_LINE_MAX];

    (void)state;
    l = parse("[Event \"Club evening\"]");
    assert_int_equal(l.kind, TL_TAG);
    assert_string_equal(l.tag_name, "Event");
    assert_string_equal(l.tag_value, "Club evening");
    l = parse("[Site \"The \\\"Portland\\\" \\\\ # not a comment\"] # one");
    assert_string_equal(l.tag_name, "Site");
    assert_string_equal(l.tag_value,
                        "The \"Portland\" \\ # not a comment");
    assert_string_equal(tl_format_line(&l, buf, sizeof(buf)),
                        "[Site \"The \\\"Portland\\\" \\\\ # not a comment\"]");
    l = parse("[A \"\"]");
    assert_string_equal(l.tag_name, "A");
    assert_string_equal(l.tag_value, "");
    l = parse("[B \"Jos\xc3\xa9\"]\r\n");
    assert_string_equal(l.tag_value, "Jos\xc3\xa9");
}

static void tablelog__reads_time_stamps(void **state)
{
    struct tl_line l;
    char buf[TL_LINE_MAX];

    (void)state;
    l = parse("@21:05:09 A plays KS");
    assert_string_equal(l.stamp, "21:05:09");
    assert_int_equal(l.ev.kind, EV_PLAY);
    assert_string_equal(tl_format_line(&l, buf, sizeof(buf)),
                        "@21:05:09 A plays KS");
    l = parse("@2024-02-29T00:00:00 game");
    assert_string_equal(l.stamp, "2024-02-29T00:00:00");
    assert_int_equal(l.ev.kind, EV_GAME);
    l = parse("@23:59:59 = score A 1 B 0");
    assert_int_equal(l.kind, TL_EXPECT_SCORE);
    assert_string_equal(l.stamp, "23:59:59");
    l = parse("A plays KS");
    assert_string_equal(l.stamp, "");
}

static void tablelog__ignores_comments_blanks_and_crlf(void **state)
{
    struct tl_line l;

    (void)state;
    l = parse("");
    assert_int_equal(l.kind, TL_BLANK);
    l = parse(" \t ");
    assert_int_equal(l.kind, TL_BLANK);
    l = parse("# a comment");
    assert_int_equal(l.kind, TL_BLANK);
    l = parse("\r\n");
    assert_int_equal(l.kind, TL_BLANK);
    l = parse("\tA\tplays   QH# here\r");
    assert_int_equal(l.kind, TL_EVENT);
    assert_int_equal(l.ev.kind, EV_PLAY);
    assert_int_equal(l.ev.cards[0], QH);
    l = parse("B gives A 3 QH AH 7H   # first packet\r\n");
    assert_int_equal(l.ev.n_cards, 3);
}

static void tablelog__reads_recorded_rulings(void **state)
{
    struct tl_line l;

    (void)state;
    l = parse("= ruling L43 offender A elector B options replay,stand");
    assert_int_equal(l.kind, TL_EXPECT_RULING);
    assert_int_equal(l.expect.law, LAW_43);
    assert_int_equal(l.expect.has, TLX_OFFENDER | TLX_ELECTOR | TLX_OPTIONS);
    assert_int_equal(l.expect.offender, SEAT_A);
    assert_int_equal(l.expect.elector, SEAT_B);
    assert_int_equal(l.expect.options,
                     OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND));
    assert_int_equal(l.expect.remedy, REM_NONE);
    l = parse("= ruling L12 remedy new-deal");
    assert_int_equal(l.expect.law, LAW_12);
    assert_int_equal(l.expect.has, TLX_REMEDY);
    assert_int_equal(l.expect.offender, SEAT_NONE);
    assert_int_equal(l.expect.elector, SEAT_NONE);
    assert_int_equal(l.expect.options, 0);
    assert_int_equal(l.expect.remedy, REM_NEW_DEAL);
    l = parse("=ruling l1");
    assert_int_equal(l.expect.law, LAW_1);
    assert_int_equal(l.expect.has, 0);
    l = parse("= ruling L51 remedy none elector a options take offender B");
    assert_int_equal(l.expect.law, LAW_51);
    assert_int_equal(l.expect.has,
                     TLX_OFFENDER | TLX_ELECTOR | TLX_OPTIONS | TLX_REMEDY);
    assert_int_equal(l.expect.offender, SEAT_B);
    assert_int_equal(l.expect.elector, SEAT_A);
    assert_int_equal(l.expect.options, OPT_BIT(OPT_TAKE));
    assert_int_equal(l.expect.remedy, REM_NONE);
}

static void tablelog__reads_recorded_scores(void **state)
{
    struct tl_line l;
    char buf[64];

    (void)state;
    l = parse("= score A 3 B 0");
    assert_int_equal(l.kind, TL_EXPECT_SCORE);
    assert_int_equal(l.score[SEAT_A], 3);
    assert_int_equal(l.score[SEAT_B], 0);
    l = parse("= score B 5 A 2");
    assert_int_equal(l.score[SEAT_A], 2);
    assert_int_equal(l.score[SEAT_B], 5);
    assert_string_equal(tl_format_line(&l, buf, sizeof(buf)),
                        "= score A 2 B 5");
    assert_string_equal(tl_format_score(4, 6, buf, sizeof(buf)),
                        "= score A 4 B 6");
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tablelog__card_codes_are_suit_times_eight_plus_rank),
        cmocka_unit_test(tablelog__card_parse_accepts_aliases),
        cmocka_unit_test(tablelog__card_parse_rejects_non_cards),
        cmocka_unit_test(tablelog__card_format_is_canonical_for_every_card),
        cmocka_unit_test(tablelog__cards_format_orders_by_suit_then_rank),
        cmocka_unit_test(tablelog__suits_and_seats_have_letters),
        cmocka_unit_test(tablelog__event_verbs_are_the_log_keywords),
        cmocka_unit_test(tablelog__option_words_round_trip),
        cmocka_unit_test(tablelog__remedy_words_round_trip),
        cmocka_unit_test(tablelog__names_of_windows_roles_and_phases),
        cmocka_unit_test(tablelog__ruling_format_omits_what_is_not_set),
        cmocka_unit_test(tablelog__reads_game_end_and_score),
        cmocka_unit_test(tablelog__reads_deal_with_and_without_pack),
        cmocka_unit_test(tablelog__reads_the_three_found_lines),
        cmocka_unit_test(tablelog__reads_actions_before_the_deal),
        cmocka_unit_test(tablelog__reads_gives_with_and_without_cards),
        cmocka_unit_test(tablelog__reads_the_turn_up_and_king_lines),
        cmocka_unit_test(tablelog__reads_proposals_and_the_exchange),
        cmocka_unit_test(tablelog__reads_the_play),
        cmocka_unit_test(tablelog__reads_elections_and_marks),
        cmocka_unit_test(tablelog__reads_tags_with_escapes),
        cmocka_unit_test(tablelog__reads_time_stamps),
        cmocka_unit_test(tablelog__ignores_comments_blanks_and_crlf),
        cmocka_unit_test(tablelog__reads_recorded_rulings),
        cmocka_unit_test(tablelog__reads_recorded_scores),
    };

    return cmocka_run_group_tests_name("tablelog", tests, NULL, NULL);
}
