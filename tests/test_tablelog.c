/* test_tablelog.c - the vocabulary (laws/vocab.c) and the .ecarte line
 * reader and writer (tablelog/tablelog.c). */
#include "tests/harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "laws/laws.h"
#include "tablelog/tablelog.h"

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

/* parse - text must read; the line is returned. */
static struct tl_line parse(const char *text)
{
    struct tl_line l;
    struct tl_error err;
    int rc = tl_parse_line(text, strlen(text), 7, &l, &err);

    if (rc != 0) {
        fail_msg("\"%s\" did not read: %d: %s", text, err.col, err.msg);
    }
    assert_int_equal(l.line_no, 7);
    return l;
}

/* parse_event - text must read as a table line or action. */
static struct table_event parse_event(const char *text)
{
    struct tl_line l = parse(text);

    assert_int_equal(l.kind, TL_EVENT);
    return l.ev;
}

/* assert_event_equal - every field that can mean something is the same. */
static void assert_event_equal(const struct table_event *a,
                               const struct table_event *b)
{
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->actor, b->actor);
    assert_int_equal(a->target, b->target);
    assert_int_equal(a->suit, b->suit);
    assert_int_equal(a->option, b->option);
    assert_int_equal(a->flags, b->flags);
    assert_int_equal(a->n, b->n);
    assert_int_equal(a->score[0], b->score[0]);
    assert_int_equal(a->score[1], b->score[1]);
    assert_int_equal(a->n_cards, b->n_cards);
    assert_memory_equal(a->cards, b->cards, a->n_cards);
}

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

/* parse_error - text must fail at col with message msg. */
static void parse_error(const char *text, int col, const char *msg)
{
    struct tl_line l;
    struct tl_error err;
    int rc = tl_parse_line(text, strlen(text), 3, &l, &err);

    if (rc != -1) {
        fail_msg("\"%s\" read, but should not", text);
    }
    if (err.col != col || strcmp(err.msg, msg) != 0) {
        fail_msg("\"%s\": got %d \"%s\", want %d \"%s\"", text, err.col,
                 err.msg, col, msg);
    }
    assert_int_equal(err.line, 3);
}

/* round_trip - text is canonical: it reads, and the line formats back to
 * exactly text; the formatted text reads back to the same event. */
static void round_trip(const char *text)
{
    struct tl_line a = parse(text);
    struct tl_line b;
    char buf[TL_LINE_MAX];

    tl_format_line(&a, buf, sizeof(buf));
    assert_string_equal(buf, text);
    b = parse(buf);
    assert_int_equal(a.kind, b.kind);
    assert_event_equal(&a.ev, &b.ev);
    assert_memory_equal(&a, &b, sizeof(a));
}

/* tl_format_args: the words after the verb, for every shape of line. */
static void tablelog__args_are_the_words_after_the_verb(void **state)
{
    static const char *const cases[][2] = {
        {"A gives B 3 KS KD 8S", "B 3 KS KD 8S"},
        {"found B holds 4", "B holds 4"},
        {"found faced 7H", "faced 7H"},
        {"deal B", "B"},
        {"game", ""},
        {"A proposes", ""},
        {"B cuts 12 exposed QS", "12 exposed QS"},
        {"A leads AH calling S", "AH calling S"},
        {"B reshuffles 23", "23"},
    };
    char buf[TL_LINE_MAX];

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct tl_line l = parse(cases[i][0]);

        tl_format_args(&l.ev, buf, sizeof(buf));
        assert_string_equal(buf, cases[i][1]);
    }
}

/* reader_on - a reader over the bytes of text (an in-memory FILE). */
static struct tl_reader *reader_on(const char *text, FILE **fp_out)
{
    struct tl_reader *r = NULL;
    FILE *fp = fmemopen((void *)(uintptr_t)text, strlen(text), "r");

    assert_non_null(fp);
    assert_int_equal(tl_reader_open(&r, fp, "t.ecarte"), 0);
    *fp_out = fp;
    return r;
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

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* One canonical line for every event kind and every variant of it. */
static const char *const canonical[] = {
    "game", "score A 4 B 2", "deal A", "deal B pack A", "found faced QH",
    "found A holds 6", "found pack imperfect", "found pack imperfect QH QH ??",
    "end", "strike", "A cuts-for-deal KS", "B cuts-for-deal 9D 7C", "A shuffles",
    "A shuffles faces-shown", "B shuffles below-table", "A cuts 14",
    "A cuts 1 exposed 7S", "B packets 3-2", "B packets 2-3",
    "A calls-new-cards", "B gives A 3 QH AH 7H", "B gives B 2", "A gives A 0",
    "B gives A 2 ?? TD", "B exposes KD to A", "B turns TH",
    "B turns TH 9S", "A looks", "B marks king", "A announces king",
    "A withdraws king", "A proposes", "A stands", "B accepts",
    "B accepts if-enough", "B refuses", "A discards 4 7S 8S 8D AC",
    "A discards 1", "A asks 4", "B draws 1 9C", "B draws 2", "A leads KD",
    "A leads 7D calling S", "B plays JH", "A takes-back JH", "B abandons",
    "A claims", "A claims KS QS", "B shows KH 8C", "B elects new-deal",
    "B elects play-on", "B elects rectify", "B elects trump",
    "B elects trump KC", "A elects replay", "A elects stand", "A elects take",
    "A elects refuse", "A elects complete", "A elects named-suit",
    "A elects card-led", "A marks 2", "B unmarks 1", "A offers-double",
    "B accepts-double", "B declines-double", "A offers-point",
    "B accepts-point", "B declines-point", "B reshuffles 9", "A vetoes JH",
    "A elects veto", "B elects pass", "= value 2", "= ruling PL5 elector A "
    "options veto,pass", "= ruling MD2 remedy void-offer",
    "= ruling L43 offender A elector B options replay,stand remedy score-cap",
    "= ruling L12 remedy new-deal", "= ruling L51", "= score A 0 B 3",
    "[Event \"Club evening\"]", "@21:30:00 A plays KS",
    "@1897-11-02T21:30:00 = ruling L9 remedy none",
    /* the sitting above the seats (docs/variants.md, tables of three or more) */
    "person ann \"Ann Ash\"", "person o-2 \"Mr. \\\"O\\\" Two\"",
    "seat A ann", "roles bank ann ponte bob advisers cy dan",
    "roles bank ann ponte bob", "roles players ann bob queue cy",
    "roles roi ann streak 2 rentrant cy queue bob", "roles roi ann streak 0",
    "roles A ann B dan queue bob", "pool 4", "ann cuts-for-deal KS",
    "ann cuts-for-deal KS QH", "cy stakes 2", "dan bets 100 on A",
    "dan bets 10 on B at 2:1", "eve covers dan", "eve covers dan 5",
    "A takes-all-bets", "dan queues", "dan sees B", "dan points A KH",
    "dan advises B", "cy calls L43", "cy calls BY4", "B leaves",
    "cy leaves", "cy takes-seat B",
    "= settle ann +2 bob -1 cy -1", "= settle dan +95 fay -101 house +6",
    "= pool 3", "= roles bank ann ponte cy advisers bob",
    "= roles roi ann streak 1 rentrant cy queue bob", "= bets A 10 B 10",
    "= bets A 120 B 120 refund eve 40 fay 2",
    "= ruling CH2 offender ann remedy forfeit-stake",
    "= ruling CH3 offender B elector cy remedy substitute",
};

static void tablelog__canonical_lines_round_trip(void **state)
{
    size_t i;
    uint64_t kinds = 0;

    (void)state;
    for (i = 0; i < sizeof(canonical) / sizeof(canonical[0]); i++) {
        struct tl_line l = parse(canonical[i]);

        round_trip(canonical[i]);
        if (l.kind == TL_EVENT) {
            kinds |= EV_BIT(l.ev.kind);
        }
    }
    /* every kind but EV_NONE has a canonical line */
    assert_int_equal(kinds, (EV_BIT(EV_KIND_COUNT) - 1) & ~EV_BIT(EV_NONE));
}

static void tablelog__formats_aliases_canonically(void **state)
{
    static const struct {
        const char *in;
        const char *out;
    } cases[] = {
        { "  b   GIVES a 3 10h q\xe2\x99\xa5 7\xe2\x99\xa1 # c",
          "B gives A 3 TH QH 7H" },
        { "a Leads k\xe2\x99\xa6 CALLING \xe2\x99\xa0",
          "A leads KD calling S" },
        { "SCORE b 2 a 1", "score A 1 B 2" },
        { "Found   PACK imperfect 10c", "found pack imperfect TC" },
        { "= RULING l7 REMEDY Recut", "= ruling L7 remedy recut" },
        { "= ruling L8 options stand,replay,stand",
          "= ruling L8 options replay,stand" },
        { "[Seed   \"1897\"  ]", "[Seed \"1897\"]" },
    };
    size_t i;
    char buf[TL_LINE_MAX];

    (void)state;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct tl_line l = parse(cases[i].in);

        assert_string_equal(tl_format_line(&l, buf, sizeof(buf)),
                            cases[i].out);
    }
}

/* Build events field by field, format them and read them back. */
static void tablelog__built_events_survive_format_and_parse(void **state)
{
    struct table_event ev;
    char buf[512];
    int k;
    uint8_t c;

    (void)state;
    for (k = EV_GAME; k < EV_FIRST_SITTING; k++) {
        struct table_event back;

        memset(&ev, 0, sizeof(ev));
        ev.kind = (enum event_kind)k;
        ev.actor = k <= EV_STRIKE ? SEAT_NONE : (int8_t)(k % 2);
        ev.target = SEAT_NONE;
        ev.suit = SUIT_NONE;
        ev.option = -1;
        switch (ev.kind) {
        case EV_SCORE:
            ev.score[0] = 99;
            ev.score[1] = 0;
            break;
        case EV_DEAL:
            ev.actor = SEAT_B;
            ev.target = SEAT_B;
            ev.flags = EVF_PACK;
            break;
        case EV_FOUND_HOLDS:
            ev.target = SEAT_A;
            ev.n = 32;
            break;
        case EV_CUT:
            ev.n = 31;
            ev.flags = EVF_EXPOSED;
            ev.n_cards = 1;
            ev.cards[0] = CARD_UNKNOWN;
            break;
        case EV_PACKETS:
            ev.option = 2;
            break;
        case EV_GIVE:
            ev.target = SEAT_B;
            /* fall through */
        case EV_DISCARD:
        case EV_DRAW:
            ev.n = 5;
            ev.n_cards = 5;
            for (c = 0; c < 5; c++) {
                ev.cards[c] = (uint8_t)(c * 7);
            }
            break;
        case EV_ASK:
            ev.n = 5;
            break;
        case EV_MARK:
        case EV_UNMARK:
            ev.n = 20;
            break;
        case EV_EXPOSE:
            ev.target = SEAT_A;
            ev.n_cards = 1;
            ev.cards[0] = 31;
            break;
        case EV_ACCEPT:
            ev.flags = EVF_IF_ENOUGH;
            break;
        case EV_SHUFFLE:
            ev.flags = EVF_BELOW_TABLE;
            break;
        case EV_LEAD:
            ev.n_cards = 1;
            ev.cards[0] = 12;
            ev.suit = SUIT_DIAMONDS;
            ev.flags = EVF_CALLING;
            break;
        case EV_ELECT:
            ev.option = OPT_TRUMP;
            ev.n_cards = 1;
            ev.cards[0] = 0;
            break;
        case EV_RESHUFFLE:
            ev.n = 12;
            break;
        case EV_FOUND_FACED:
        case EV_PLAY:
        case EV_TAKE_BACK:
        case EV_VETO:
            ev.n_cards = 1;
            ev.cards[0] = 17;
            break;
        case EV_FOUND_IMPERFECT:
        case EV_CUT_FOR_DEAL:
        case EV_TURN:
        case EV_CLAIM:
        case EV_SHOW:
            /* the most cards a list may hold: every card and eight ?? */
            ev.n_cards = EVENT_CARDS_MAX;
            for (c = 0; c < EVENT_CARDS_MAX; c++) {
                ev.cards[c] = c < CARD_COUNT ? c : CARD_UNKNOWN;
            }
            break;
        default:
            break;
        }
        tl_format_event(&ev, buf, sizeof(buf));
        back = parse_event(buf);
        assert_event_equal(&ev, &back);
    }
}

static void tablelog__format_truncates_to_the_buffer(void **state)
{
    struct table_event ev = parse_event("B gives A 3 QH AH 7H");
    char buf[10];

    (void)state;
    memset(buf, 'x', sizeof(buf));
    tl_format_event(&ev, buf, sizeof(buf));
    assert_string_equal(buf, "B gives A");
    tl_format_event(&ev, buf, 1);
    assert_string_equal(buf, "");
}

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

static void tablelog__errors_name_the_column_and_the_token(void **state)
{
    (void)state;
    parse_error("A plays QX", 9, "expected a card, found \"QX\"");
    parse_error("A plays", 8, "expected a card, found end of line");
    parse_error("A plays KS KD", 12, "expected end of line, found \"KD\"");
    parse_error("B gives A 40 QH", 11,
                "expected a number of cards (0 to 32), found \"40\"");
    parse_error("B gives A x", 11,
                "expected a number of cards (0 to 32), found \"x\"");
    parse_error("B gives A 3 QH AH", 18,
                "expected 3 cards (or none), found end of line");
    parse_error("B gives A 2 QH AH 7H", 19,
                "expected end of line after 2 cards, found \"7H\"");
    parse_error("B gives A 2 QH ZZ", 16, "expected a card, found \"ZZ\"");
    parse_error("B gives A 2 ZZ", 13,
                "expected a card or end of line, found \"ZZ\"");
    parse_error("A discards 1 7S 8S", 17,
                "expected end of line after 1 card, found \"8S\"");
    parse_error("plays KS", 1,
                "expected a seat (A or B) or a table line (game, score, "
                "deal, found, end), found \"plays\"");
    parse_error("A xyz KS", 3,
                "expected an action (gives, plays, ...), found \"xyz\"");
    parse_error("A", 2,
                "expected an action (gives, plays, ...), found end of line");
    parse_error("A cuts 32", 8, "expected a cut (1 to 31), found \"32\"");
    parse_error("A cuts 0", 8, "expected a cut (1 to 31), found \"0\"");
    parse_error("A marks 21", 9,
                "expected king or a number of points (1 to 20), found \"21\"");
    parse_error("A unmarks 0", 11,
                "expected a number of points (1 to 20), found \"0\"");
    parse_error("A packets 4-1", 11,
                "expected a packet order (3-2 or 2-3), found \"4-1\"");
    parse_error("A elects nothing", 10,
                "expected an option (new-deal, play-on, rectify, trump, "
                "replay, stand, take, refuse, complete, named-suit, "
                "card-led), found \"nothing\"");
    parse_error("A elects replay KS", 17, "expected end of line, found \"KS\"");
    parse_error("A leads KS calling X", 20,
                "expected a suit (S, H, D or C), found \"X\"");
    parse_error("A exposes KS A", 14, "expected to, found \"A\"");
    parse_error("deal C", 6, "expected a seat (A or B), found \"C\"");
    parse_error("score A 1 A 2", 11, "expected seat B, found \"A\"");
    parse_error("score A 100 B 2", 9,
                "expected a score (0 to 99), found \"100\"");
    parse_error("found X holds 3", 7,
                "expected faced, pack imperfect or a seat (A or B), "
                "found \"X\"");
    parse_error("game over", 6, "expected end of line, found \"over\"");
}

static void tablelog__errors_in_tags_stamps_and_rulings(void **state)
{
    (void)state;
    parse_error("[Event Club]", 8,
                "expected a quoted tag value, found \"Club]\"");
    parse_error("[Event \"Club]", 14,
                "expected a closing quote, found end of line");
    parse_error("[Event \"a\\nb\"]", 10,
                "expected \\\" or \\\\ (escapes in a tag value), "
                "found \"\\n\"");
    parse_error("[ \"x\"]", 3, "expected a tag name, found \"\"x\"]\"");
    parse_error("[Event \"x\" extra", 12, "expected ], found \"extra\"");
    parse_error("[Abcdefghijabcdefghijabcdefghij32 \"x\"]", 2,
                "expected a tag name of at most 31 characters, "
                "found \"Abcdefghijabcdefghijabcdefghij32\"");
    parse_error("[Event \"x\"] extra", 13,
                "expected end of line, found \"extra\"");
    parse_error("@25:00:00 game", 1,
                "expected a time stamp (@HH:MM:SS or @YYYY-MM-DDTHH:MM:SS), "
                "found \"@25:00:00\"");
    parse_error("@12:60:00 game", 1,
                "expected a time stamp (@HH:MM:SS or @YYYY-MM-DDTHH:MM:SS), "
                "found \"@12:60:00\"");
    parse_error("@2023-02-29T10:00:00 game", 1,
                "expected a time stamp (@HH:MM:SS or @YYYY-MM-DDTHH:MM:SS), "
                "found \"@2023-02-29T10:00:00\"");
    parse_error("@2023-13-01T10:00:00 game", 1,
                "expected a time stamp (@HH:MM:SS or @YYYY-MM-DDTHH:MM:SS), "
                "found \"@2023-13-01T10:00:00\"");
    parse_error("@1:00:00 game", 1,
                "expected a time stamp (@HH:MM:SS or @YYYY-MM-DDTHH:MM:SS), "
                "found \"@1:00:00\"");
    parse_error("@10:00:00", 10,
                "expected an action or a table line, found end of line");
    parse_error("= ruling L52", 10,
                "expected a law (L1 to L51, or a variant rule such as PL5), found \"L52\"");
    parse_error("= ruling X3", 10, "expected a law (L1 to L51, or a variant rule such as PL5), found \"X3\"");
    parse_error("= ruling L0", 10, "expected a law (L1 to L51, or a variant rule such as PL5), found \"L0\"");
    parse_error("= ruling L4 remedy wrong", 20,
                "expected a remedy (new-deal, score-cap, ...), "
                "found \"wrong\"");
    parse_error("= ruling L4 options replay,nope", 28,
                "expected an option, found \"nope\"");
    parse_error("= ruling L4 offender A offender B", 24,
                "expected elector, options, remedy or end of line, "
                "found \"offender\"");
    parse_error("= ruling L4 elector C", 21,
                "expected a seat (A or B) or a person, found \"C\"");
    parse_error("= verdict L4", 3,
                "expected ruling, score, value, settle, pool, roles or "
                "bets, found \"verdict\"");
    parse_error("= score A 1", 12, "expected seat B, found end of line");
}

/* The sitting's lines: what they name, and their errors, each at its
 * column with what was expected. */
static void tablelog__sitting_lines_read_what_they_name(void **state)
{
    struct tl_line l;

    (void)state;
    l = parse("Person Ann \"Ann Ash\"  # the bank");
    assert_true(tl_is_sitting(&l));
    assert_int_equal(l.ev.kind, EV_PERSON);
    assert_string_equal(l.sit.who, "ann");
    assert_string_equal(l.sit.name, "Ann Ash");
    l = parse("dan bets 10 on b at 3:2");
    assert_int_equal(l.ev.kind, EV_BETS);
    assert_string_equal(l.sit.actor, "dan");
    assert_int_equal(l.sit.n, 10);
    assert_int_equal(l.ev.target, SEAT_B);
    assert_int_equal(l.sit.odds[0], 3);
    assert_int_equal(l.sit.odds[1], 2);
    l = parse("B leaves");
    assert_true(tl_is_sitting(&l));
    assert_int_equal(l.ev.actor, SEAT_B);
    l = parse("A plays KS");
    assert_false(tl_is_sitting(&l));
    l = parse("= roles ponte cy advisers bob bank ann");
    assert_string_equal(l.sit.roles.first, "ann");
    assert_string_equal(l.sit.roles.second, "cy");
    assert_int_equal(l.sit.roles.n, 1);
    l = parse("= roles queue bob cy rentrant dan roi ann streak 1");
    assert_int_equal(l.sit.roles.form, TL_ROLES_ROI);
    assert_int_equal(l.sit.roles.n, 2);
    l = parse("= settle cy -1 house +1 ann 0");
    tl_normalize(&l);
    assert_int_equal(l.sit.n_amounts, 2);
    assert_string_equal(l.sit.amounts[0].who, "cy");
    assert_string_equal(l.sit.amounts[1].who, "house");
    l = parse("= ruling CH2 offender Ann");
    assert_string_equal(l.expect.offender_id, "ann");
    assert_int_equal(l.expect.offender, SEAT_NONE);
    assert_true(tl_person_id_ok("a-1", 3));
    assert_false(tl_person_id_ok("a", 1));
    assert_false(tl_person_id_ok("1a", 2));
    assert_false(tl_person_id_ok("queue", 5));
    assert_false(tl_person_id_ok("abcdefghijklm", 13));
    parse_error("person bank \"B\"", 8,
                "expected a person's ID (2 to 12 characters, a letter "
                "first, not a keyword), found \"bank\"");
    parse_error("person ann Ann", 12,
                "expected a quoted name (\"Full Name\"), found \"Ann\"");
    parse_error("person ann \"\"", 12,
                "expected a name between the quotes, found \"\"\"\"");
    parse_error("seat C ann", 6, "expected a seat (A or B), found \"C\"");
    parse_error("dan bets 10 on A at 2", 21,
                "expected odds P:Q (1 to 99 each), found \"2\"");
    parse_error("dan bets 0 on A", 10,
                "expected a bet (1 to 999999), found \"0\"");
    parse_error("dan covers", 11,
                "expected the ID of the person whose bet is covered, found "
                "end of line");
    parse_error("cy calls L52", 10,
                "expected a law (L1 to L51, or a rule such as BY2), found "
                "\"L52\"");
    parse_error("A stakes 2", 3,
                "expected an action (gives, plays, ...), found \"stakes\"");
    parse_error("plays KS", 1,
                "expected a seat (A or B) or a table line (game, score, "
                "deal, found, end), found \"plays\"");
    parse_error("roles bank ann", 15,
                "expected ponte, advisers or end of line, found end of "
                "line");
    parse_error("roles bank ann ponte ann", 22,
                "expected each person once, found \"ann\"");
    parse_error("roles queue ann", 7,
                "expected bank, players, roi or A (the roles of a chouette, "
                "a pool or a gallery), found \"queue\"");
    parse_error("= settle ann +2 ann -2", 17,
                "expected each person once, found \"ann\"");
    parse_error("= settle ann 2x", 14,
                "expected an amount (+n or -n, n up to 999999), found "
                "\"2x\"");
    parse_error("= settle", 9,
                "expected a person's ID and an amount, found end of line");
    parse_error("= bets A 10 B 10 refund eve", 28,
                "expected an amount (1 to 999999), found end of line");
}

static void tablelog__error_quotes_long_tokens_shortened(void **state)
{
    char line[200];
    struct tl_line l;
    struct tl_error err;

    (void)state;
    snprintf(line, sizeof(line), "A plays %s",
             "KSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKS");
    assert_int_equal(tl_parse_line(line, strlen(line), 1, &l, &err), -1);
    assert_int_equal(err.col, 9);
    assert_string_equal(err.msg, "expected a card, found "
                        "\"KSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKSKS...\"");
}

static void tablelog__too_many_cards_in_a_list_is_an_error(void **state)
{
    char line[400] = "A shows";
    struct tl_line l;
    struct tl_error err;
    int i;

    (void)state;
    for (i = 0; i < EVENT_CARDS_MAX + 1; i++) {
        strcat(line, " ??");
    }
    assert_int_equal(tl_parse_line(line, strlen(line), 1, &l, &err), -1);
    assert_int_equal(err.col, 7 + 3 * EVENT_CARDS_MAX + 2);
    assert_string_equal(err.msg,
                        "expected end of line (at most 40 cards), "
                        "found \"??\"");
}

/* ------------------------------------------------------------------ */
/* The reader                                                           */
/* ------------------------------------------------------------------ */

/* The whole text of a log is UTF-8 (docs/format.md): a line with a byte that
 * is not, anywhere (a tag, an action, a comment), does not read, and the
 * column is the first bad byte's. */
static void tablelog__rejects_text_that_is_not_utf8(void **state)
{
    struct tl_line l;
    struct tl_error err;

    (void)state;
    /* Latin-1 e acute in a tag value */
    parse_error("[Event \"Caf\xe9\"]", 12,
                "expected UTF-8 text, found the byte 0xE9");
    /* a sequence cut short, in a comment */
    parse_error("deal A # caf\xc3", 13,
                "expected UTF-8 text, found the byte 0xC3");
    parse_error("deal A # caf\xc3(", 13,
                "expected UTF-8 text, found the byte 0xC3");
    /* a lone continuation byte, in an action */
    parse_error("A plays Q\x80", 10,
                "expected UTF-8 text, found the byte 0x80");
    /* overlong forms, a surrogate, above U+10FFFF, bytes never used */
    parse_error("game \xc0\xaf", 6, "expected UTF-8 text, found the byte 0xC0");
    parse_error("game \xe0\x80\xaf", 6,
                "expected UTF-8 text, found the byte 0xE0");
    parse_error("game \xed\xa0\x80", 6,
                "expected UTF-8 text, found the byte 0xED");
    parse_error("game \xf4\x90\x80\x80", 6,
                "expected UTF-8 text, found the byte 0xF4");
    parse_error("game \xff", 6, "expected UTF-8 text, found the byte 0xFF");
    /* a NUL inside the line */
    assert_int_equal(tl_parse_line("game\0x", 6, 3, &l, &err), -1);
    assert_int_equal(err.col, 5);
    assert_string_equal(err.msg, "expected UTF-8 text, found the byte 0x00");
    /* well-formed text of every length reads */
    l = parse("[Event \"Caf\xc3\xa9 \xe2\x99\xa0 \xf0\x9f\x82\xa1\"]");
    assert_int_equal(l.kind, TL_TAG);
    assert_string_equal(l.tag_value, "Caf\xc3\xa9 \xe2\x99\xa0 "
                                     "\xf0\x9f\x82\xa1");
    l = parse("A leads Q\xe2\x99\xa0 # \xef\xbf\xbd \xf4\x8f\xbf\xbf");
    assert_int_equal(l.ev.kind, EV_LEAD);
}

static void tablelog__reader_rejects_a_tag_that_is_not_utf8(void **state)
{
    static const char text[] =
        "[Event \"Club\"]\n"
        "[A \"M. L\xe9vy\"]\n"
        "game\n";
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = reader_on(text, &fp);

    (void)state;
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(tl_reader_next(r, &l), -1);
    assert_string_equal(tl_reader_error(r),
                        "t.ecarte:2:9: expected UTF-8 text, found the byte "
                        "0xE9");
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_GAME);
    tl_reader_close(r);
    fclose(fp);
}

static void tablelog__reader_yields_lines_and_skips_blanks(void **state)
{
    static const char text[] =
        "\xef\xbb\xbf[Event \"x\"]\r\n"
        "\n"
        "# comment\n"
        "[A \"North\"]\n"
        "game\r\n"
        "   \n"
        "deal B\n"
        "= score A 0 B 0";
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = reader_on(text, &fp);

    (void)state;
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.kind, TL_TAG);
    assert_string_equal(l.tag_name, "Event");
    assert_int_equal(tl_reader_line(r), 1);
    assert_string_equal(tl_reader_raw(r), "[Event \"x\"]");
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_string_equal(l.tag_value, "North");
    assert_int_equal(l.line_no, 4);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_GAME);
    assert_int_equal(tl_reader_line(r), 5);
    assert_string_equal(tl_reader_raw(r), "game");
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_DEAL);
    assert_int_equal(l.line_no, 7);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.kind, TL_EXPECT_SCORE);
    assert_int_equal(l.line_no, 8);
    assert_int_equal(tl_reader_next(r, &l), 0);
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(fp);
}

static void tablelog__reader_rejects_a_tag_after_an_action(void **state)
{
    static const char text[] =
        "[Event \"x\"]\n"
        "A cuts-for-deal KS\n"
        "  [Site \"y\"]\n"
        "B cuts-for-deal 9D\n";
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = reader_on(text, &fp);

    (void)state;
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(tl_reader_next(r, &l), -1);
    assert_string_equal(tl_reader_error(r),
                        "t.ecarte:3:3: expected an action, found a tag");
    assert_string_equal(tl_reader_raw(r), "  [Site \"y\"]");
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_CUT_FOR_DEAL);
    assert_int_equal(l.line_no, 4);
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(fp);
}

static void tablelog__reader_reports_bad_lines_and_goes_on(void **state)
{
    static const char text[] =
        "game\n"
        "A plays QX\n"
        "B gives A 3 QH AH\n"
        "A looks\n";
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = reader_on(text, &fp);

    (void)state;
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(tl_reader_next(r, &l), -1);
    assert_string_equal(tl_reader_error(r),
                        "t.ecarte:2:9: expected a card, found \"QX\"");
    assert_string_equal(tl_reader_raw(r), "A plays QX");
    assert_int_equal(tl_reader_next(r, &l), -1);
    assert_string_equal(tl_reader_error(r),
                        "t.ecarte:3:18: expected 3 cards (or none), "
                        "found end of line");
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_LOOK);
    assert_int_equal(tl_reader_line(r), 4);
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(fp);
}

static void tablelog__reader_rejects_an_overlong_line_and_goes_on(void **state)
{
    size_t big = TL_LINE_MAX + 100;
    char *text = malloc(big + 64);
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = NULL;
    char want[128];

    (void)state;
    assert_non_null(text);
    strcpy(text, "game\n");
    memset(text + 5, '#', big);
    strcpy(text + 5 + big, "\nA looks\n");
    r = reader_on(text, &fp);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(tl_reader_next(r, &l), -1);
    snprintf(want, sizeof(want), "t.ecarte:2:%d: expected a line of at most "
             "%d bytes, found a longer line", TL_LINE_MAX + 1, TL_LINE_MAX);
    assert_string_equal(tl_reader_error(r), want);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_LOOK);
    assert_int_equal(l.line_no, 3);
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(fp);
    free(text);
}

/* Line ends of CR alone (an old Mac file) are refused where the first
 * stands, never read as one comment line; CR LF line ends are read. */
static void tablelog__reader_refuses_cr_only_line_ends(void **state)
{
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = NULL;

    (void)state;
    r = reader_on("# a club evening\rgame\rdeal A\r", &fp);
    assert_int_equal(tl_reader_next(r, &l), -1);
    assert_string_equal(tl_reader_error(r),
                        "t.ecarte:1:17: expected a line end (LF, or CR LF), "
                        "found a CR alone (line ends of CR only are not "
                        "read: convert the file to LF)");
    tl_reader_close(r);
    fclose(fp);
    r = reader_on("# a club evening\r\ngame\r\ndeal A\r\n", &fp);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.kind, TL_EVENT);
    assert_int_equal(l.ev.kind, EV_GAME);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_DEAL);
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(fp);
}

static void tablelog__reader_accepts_a_line_of_the_maximum_length(void **state)
{
    char *text = malloc(TL_LINE_MAX + 16);
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = NULL;

    (void)state;
    assert_non_null(text);
    memcpy(text, "game", 4);
    memset(text + 4, ' ', TL_LINE_MAX - 4);
    strcpy(text + TL_LINE_MAX, "\r\n");
    r = reader_on(text, &fp);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_GAME);
    assert_int_equal(strlen(tl_reader_raw(r)), TL_LINE_MAX);
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(fp);
    free(text);
}

/* The reader takes a line at a time: after one line the stream stands just
 * past its newline, so a referee can answer each line as it is typed. */
static void tablelog__reader_does_not_read_past_the_line(void **state)
{
    static const char text[] = "game\ndeal A\nA shuffles\n";
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = reader_on(text, &fp);

    (void)state;
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(ftell(fp), 5);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(ftell(fp), 12);
    tl_reader_close(r);
    fclose(fp);
}

/* On a pipe (standard input), each line is yielded as soon as it is
 * written: the reader never waits for the line after it.  alarm() ends the
 * program if it does. */
static void tablelog__reader_yields_each_line_of_a_pipe_at_once(void **state)
{
    struct tl_reader *r = NULL;
    struct tl_line l;
    FILE *in = NULL;
    int fd[2];

    (void)state;
    assert_int_equal(pipe(fd), 0);
    in = fdopen(fd[0], "r");
    assert_non_null(in);
    assert_int_equal(tl_reader_open(&r, in, "-"), 0);
    alarm(10);
    assert_int_equal(write(fd[1], "game\n", 5), 5);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_GAME);
    assert_int_equal(write(fd[1], "A plays ZZ\n", 11), 11);
    assert_int_equal(tl_reader_next(r, &l), -1);
    assert_string_equal(tl_reader_error(r),
                        "-:2:9: expected a card, found \"ZZ\"");
    assert_int_equal(write(fd[1], "deal B\n", 7), 7);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_DEAL);
    alarm(0);
    close(fd[1]);
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(in);
}

static void tablelog__reader_close_accepts_null(void **state)
{
    (void)state;
    tl_reader_close(NULL);
}

/* read_record - every line of a shared record reads; returns the events. */
static int read_record(const char *path)
{
    struct tl_reader *r = NULL;
    struct tl_line l;
    FILE *fp = fopen(path, "r");
    int events = 0;
    int rc;

    assert_non_null(fp);
    assert_int_equal(tl_reader_open(&r, fp, path), 0);
    while ((rc = tl_reader_next(r, &l)) == 1) {
        char buf[TL_LINE_MAX];
        struct tl_line back;
        struct tl_error err;

        /* every line also survives format and parse */
        tl_format_line(&l, buf, sizeof(buf));
        assert_int_equal(tl_parse_line(buf, strlen(buf), l.line_no, &back,
                                       &err), 0);
        assert_memory_equal(&l, &back, sizeof(l));
        if (l.kind == TL_EVENT) {
            events++;
        }
    }
    if (rc != 0) {
        fail_msg("%s", tl_reader_error(r));
    }
    tl_reader_close(r);
    fclose(fp);
    return events;
}

static void tablelog__reads_every_shared_record(void **state)
{
    static const char *const records[] = {
        "records/generated-evening.ecarte",
        "records/hoffmann-rule-hand.ecarte",
        "records/refused-first-proposal.ecarte",
    };
    size_t i;
    int found = 0;

    (void)state;
    for (i = 0; i < sizeof(records) / sizeof(records[0]); i++) {
        const char *path = harness_shared(records[i]);

        if (path == NULL) {
            continue;
        }
        assert_true(read_record(path) > 10);
        found++;
    }
    if (found == 0) {
        skip();
    }
}

/* ------------------------------------------------------------------ */
/* An event line's fields for the ledger (tl_event_fields)              */
/* ------------------------------------------------------------------ */

/*
 * The fields as cli/session_record.c made them before tl_event_fields
 * (record_event, split_event and sitting_args there): the line formatted,
 * its "@stamp " skipped by hand, the words after the verb found again
 * in the text, the cards joined.  Kept here, word for word, as the
 * oracle tl_event_fields must agree with byte for byte.
 */
struct old_fields {
    char text[TL_LINE_MAX];
    char args[TL_LINE_MAX];
    char cards[200];
    char actor[TL_ID_MAX];
    const char *stamp;
    const char *verb;
};

static void old_split_event(const struct tl_line *line, const char *text,
                            char *args, size_t na, char *cards, size_t nc)
{
    const struct table_event *ev = &line->ev;
    const char *at = text;
    size_t used = 0;

    if (line->stamp[0] != '\0') {
        at += strcspn(at, " ");
        at += strspn(at, " ");
    }
    snprintf(args, na, "%s", tl_event_args(ev, at));
    cards[0] = '\0';
    for (int i = 0; i < ev->n_cards && used + CARD_TEXT_MAX + 1 < nc; i++) {
        if (i > 0) {
            cards[used++] = ' ';
        }
        card_format(ev->cards[i], cards + used);
        used += strlen(cards + used);
    }
}

static void old_sitting_args(const char *text, const struct tl_line *line,
                             char *args, size_t na)
{
    const char *p = text;
    int words = line->sit.actor[0] != '\0' || line->ev.actor != SEAT_NONE
                    ? 2
                    : 1;

    for (int i = 0; i < words && *p != '\0'; i++) {
        p += strcspn(p, " ");
        p += strspn(p, " ");
    }
    snprintf(args, na, "%s", p);
}

static void old_event_fields(const struct tl_line *line, struct old_fields *o)
{
    memset(o->actor, 0, sizeof(o->actor));
    tl_format_line(line, o->text, sizeof(o->text));
    old_split_event(line, o->text, o->args, sizeof(o->args), o->cards,
                    sizeof(o->cards));
    o->actor[0] = line->ev.actor == SEAT_NONE ? '\0'
                                              : seat_letter(line->ev.actor);
    if (tl_is_sitting(line)) {
        char bare[TL_LINE_MAX];
        const char *at = o->text;

        if (line->stamp[0] != '\0') {
            at += strcspn(at, " ");
            at += strspn(at, " ");
        }
        snprintf(bare, sizeof(bare), "%s", at);
        old_sitting_args(bare, line, o->args, sizeof(o->args));
        if (line->sit.actor[0] != '\0') {
            snprintf(o->actor, sizeof(o->actor), "%s", line->sit.actor);
        }
    }
    o->stamp = line->stamp;
    o->verb = event_verb(line->ev.kind);
}

/* The event kinds whose fields were compared (bits of EV_BIT). */
static uint64_t fields_kinds_seen;

/* same_fields - tl_event_fields on the event line l gives what the old
 * split gave, field for field (where names the line in a failure). */
static void same_fields(const struct tl_line *l, const char *where)
{
    struct old_fields o;
    struct tl_fields f;

    old_event_fields(l, &o);
    memset(&f, 0x5a, sizeof(f));
    assert_int_equal(tl_event_fields(l, &f), 0);
    if (strcmp(f.text, o.text) != 0 || strcmp(f.args, o.args) != 0 ||
        strcmp(f.cards, o.cards) != 0 || strcmp(f.actor, o.actor) != 0 ||
        strcmp(f.stamp, o.stamp) != 0 || strcmp(f.verb, o.verb) != 0) {
        fail_msg("%s: fields differ:\n"
                 "  text  \"%s\" / \"%s\"\n  args  \"%s\" / \"%s\"\n"
                 "  cards \"%s\" / \"%s\"\n  actor \"%s\" / \"%s\"\n"
                 "  stamp \"%s\" / \"%s\"\n  verb  \"%s\" / \"%s\"",
                 where, f.text, o.text, f.args, o.args, f.cards, o.cards,
                 f.actor, o.actor, f.stamp, o.stamp, f.verb, o.verb);
    }
    assert_true(f.args >= f.text && f.args <= f.text + strlen(f.text));
    fields_kinds_seen |= EV_BIT(l->ev.kind);
}

/* same_fields_stamped - same_fields on l as it is, and with each shape of
 * time stamp if it has none. */
static void same_fields_stamped(struct tl_line *l, const char *where)
{
    static const char *const stamps[] = {"12:34:56", "2024-02-29T23:59:01"};

    same_fields(l, where);
    if (l->stamp[0] != '\0') {
        return;
    }
    for (size_t i = 0; i < sizeof(stamps) / sizeof(stamps[0]); i++) {
        snprintf(l->stamp, sizeof(l->stamp), "%s", stamps[i]);
        same_fields(l, where);
    }
    l->stamp[0] = '\0';
}

/* same_fields_on - same_fields_stamped on every event line read from fp
 * (named name); the number of event lines.  Lines that do not read are
 * passed over (tests/cases/bad/ holds some). */
static int same_fields_on(FILE *fp, const char *name)
{
    struct tl_reader *r = NULL;
    struct tl_line l;
    int events = 0;
    int rc;

    assert_int_equal(tl_reader_open(&r, fp, name), 0);
    while ((rc = tl_reader_next(r, &l)) != 0 && rc != -2) {
        char where[600];

        if (rc != 1 || l.kind != TL_EVENT) {
            continue;
        }
        snprintf(where, sizeof(where), "%s:%d", name, l.line_no);
        same_fields_stamped(&l, where);
        events++;
    }
    assert_int_not_equal(rc, -2);
    tl_reader_close(r);
    return events;
}

/* same_fields_in_dir - same_fields_on every .ecarte file of dir (a path
 * of the source tree if rel, else as it is); the number of files (0 if
 * dir is not there). */
static int same_fields_in_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;

    if (d == NULL) {
        return 0;
    }
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        size_t len = strlen(e->d_name);
        FILE *fp = NULL;

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        fp = fopen(path, "r");
        assert_non_null(fp);
        same_fields_on(fp, path);
        fclose(fp);
        files++;
    }
    closedir(d);
    return files;
}

/* Every event line of the scenario files (tests/cases and its folders),
 * the examples and the shared records, with and without a time stamp. */
static void tablelog__event_fields_match_the_old_split_on_every_case(
    void **state)
{
    static const char *const dirs[] = {
        "tests/cases", "tests/cases/variants", "tests/cases/bad", "examples",
    };
    static const char *const shared[] = {"records", "variants"};
    char dir[4096];
    int files = 0;

    (void)state;
    fields_kinds_seen = 0;
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        files += same_fields_in_dir(harness_path(dirs[i], dir, sizeof(dir)));
    }
    assert_true(files > 200);
    for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++) {
        const char *path = harness_shared(shared[i]);

        if (path != NULL) {
            same_fields_in_dir(path);
        }
    }
}

/* Every event line of generated sittings: two players under each preset
 * and the variant switches, and a table of each format, irregular. */
static void tablelog__event_fields_match_the_old_split_on_generated_sittings(
    void **state)
{
    static const char *const args[] = {
        "--deals 300 --seed 3 --irregularities 0.5",
        "--deals 200 --seed 4 --irregularities 0.5 --laws meyers1889",
        "--deals 200 --seed 5 --irregularities 0.5 --laws polish",
        "--deals 200 --seed 6 --irregularities 0.5 --laws "
        "'london;doubling=yes;redouble=yes;offer-point=before-trick3;"
        "jack-veto=yes;stock-out=reshuffle'",
        "--deals 200 --seed 7 --irregularities 0.5 --format chouette",
        "--deals 200 --seed 8 --irregularities 0.5 --format pool",
        "--deals 200 --seed 9 --irregularities 0.5 --format gallery",
        "--deals 100 --seed 10 --format gallery --laws polish",
    };

    (void)state;
    for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
        char cmd[1024];
        FILE *fp = NULL;

        snprintf(cmd, sizeof(cmd), "%s gen %s", harness_ecarte(), args[i]);
        fp = popen(cmd, "r");
        assert_non_null(fp);
        assert_true(same_fields_on(fp, cmd) > 500);
        assert_int_equal(pclose(fp), 0);
    }
}

/* One line of each event kind, seat and person actors, with stamps: the
 * fields agree with the old split, and every kind is covered. */
static void tablelog__event_fields_match_the_old_split_for_every_kind(
    void **state)
{
    static const char *const lines[] = {
        "game", "end", "strike", "score A 3 B 4", "deal A", "deal B pack A",
        "found faced 7H", "found B holds 4",
        "found pack imperfect 7H 7H", "A cuts-for-deal KS",
        "B shuffles", "B shuffles faces-shown", "A shuffles below-table",
        "A cuts 12", "A cuts 3 exposed QS", "B packets 2-3",
        "B calls-new-cards", "B gives A 3 KS KD 8S", "B gives A 2",
        "B exposes 9C to A", "B turns JD", "A looks", "B marks king",
        "A announces king", "A withdraws king", "A proposes", "A stands",
        "B accepts", "B accepts if-enough", "B refuses", "A discards 2 7H 8H",
        "A asks 2", "A draws 2 9S TS", "A leads AH calling S", "B plays 7S",
        "B takes-back 7S", "A abandons", "A claims KS QS", "B shows KH",
        "A elects new-deal", "A elects trump QH", "B marks 2",
        "B unmarks 1", "A offers-double", "B accepts-double",
        "B declines-double", "A offers-point", "B accepts-point",
        "B declines-point", "B reshuffles 5", "A vetoes JH",
        "person ann \"Ann \\\"the\\\" Ash\"", "seat A ann", "pool 20",
        "roles bank dan ponte cy advisers bob eve ann",
        "roles players ann bob queue cy", "roles roi ann streak 2 rentrant bob",
        "roles A ann B bob queue cy dan", "ann cuts-for-deal 8H",
        "ann stakes 2", "ann bets 5 on A at 2:1", "ann covers bob 3",
        "ann covers bob", "A takes-all-bets", "ann queues", "ann sees B",
        "ann points A KS", "ann advises B", "ann calls L43", "ann leaves",
        "A leaves", "ann takes-seat B",
        "@12:00:00 A gives B 3 KS KD 8S", "@2024-01-01T10:00:00 ann stakes 2",
        "@09:00:00 game", "@09:00:01 person bob \"Bob\"",
    };

    (void)state;
    fields_kinds_seen = 0;
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        struct tl_line l = parse(lines[i]);

        assert_int_equal(l.kind, TL_EVENT);
        same_fields_stamped(&l, lines[i]);
    }
    for (int k = EV_NONE + 1; k < EV_KIND_COUNT; k++) {
        if ((fields_kinds_seen & EV_BIT(k)) == 0) {
            fail_msg("no line of kind %s (%d) compared",
                     event_verb((enum event_kind)k), k);
        }
    }
}

/* The fields of a few lines, named: what the ledger binds. */
static void tablelog__event_fields_name_each_part(void **state)
{
    static const struct {
        const char *line;
        const char *stamp, *actor, *verb, *args, *cards;
    } cases[] = {
        {"@12:01:00 a gives b 3 ks kd 8s", "12:01:00", "A", "gives",
         "B 3 KS KD 8S", "KS KD 8S"},
        {"deal B pack A", "", "B", "deal", "B pack A", ""},
        {"found faced 7h", "", "", "found", "faced 7H", "7H"},
        {"found a holds 4", "", "", "found", "A holds 4", ""},
        {"game", "", "", "game", "", ""},
        {"A proposes", "", "A", "proposes", "", ""},
        {"person ann \"Ann Ash\"", "", "", "person", "ann \"Ann Ash\"", ""},
        {"seat B ann", "", "", "seat", "B ann", ""},
        {"@10:00:00 Ann stakes 2", "10:00:00", "ann", "stakes", "2", ""},
        {"ann points A ks", "", "ann", "points", "A KS", "KS"},
        {"B leaves", "", "B", "leaves", "", ""},
    };
    struct tl_fields f;

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct tl_line l = parse(cases[i].line);
        char text[TL_LINE_MAX];

        assert_int_equal(tl_event_fields(&l, &f), 0);
        assert_string_equal(f.text, tl_format_line(&l, text, sizeof(text)));
        assert_string_equal(f.stamp, cases[i].stamp);
        assert_string_equal(f.actor, cases[i].actor);
        assert_string_equal(f.verb, cases[i].verb);
        assert_string_equal(f.args, cases[i].args);
        assert_string_equal(f.cards, cases[i].cards);
    }
}

/* A line that is no event has no fields: -1, every field "". */
static void tablelog__event_fields_refuse_a_line_that_is_no_event(
    void **state)
{
    static const char *const lines[] = {
        "[Event \"x\"]", "= score A 1 B 2", "= ruling L43 offender A",
        "= settle ann +2 bob -2", "= pool 5", "@12:00:00 = value 2",
    };
    struct tl_fields f;

    (void)state;
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        struct tl_line l = parse(lines[i]);

        memset(&f, 0x5a, sizeof(f));
        assert_int_equal(tl_event_fields(&l, &f), -1);
        assert_string_equal(f.text, "");
        assert_string_equal(f.args, "");
        assert_string_equal(f.stamp, "");
        assert_string_equal(f.actor, "");
        assert_string_equal(f.verb, "");
        assert_string_equal(f.cards, "");
    }
}

/* Every verb fits its field; 40 cards fit theirs. */
static void tablelog__event_fields_have_room_for_every_verb_and_card(
    void **state)
{
    struct tl_line l = parse("found pack imperfect 7H");
    struct tl_fields f;

    (void)state;
    for (int k = EV_NONE; k < EV_KIND_COUNT; k++) {
        assert_true(strlen(event_verb((enum event_kind)k)) < TL_VERB_MAX);
    }
    l.ev.n_cards = EVENT_CARDS_MAX;
    for (int i = 0; i < EVENT_CARDS_MAX; i++) {
        l.ev.cards[i] = i < CARD_COUNT ? (uint8_t)i : CARD_UNKNOWN;
    }
    assert_int_equal(tl_event_fields(&l, &f), 0);
    assert_int_equal(strlen(f.cards), TL_CARDS_TEXT_MAX - 1);
    same_fields(&l, "40 cards");
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
        cmocka_unit_test(tablelog__canonical_lines_round_trip),
        cmocka_unit_test(tablelog__formats_aliases_canonically),
        cmocka_unit_test(tablelog__built_events_survive_format_and_parse),
        cmocka_unit_test(tablelog__format_truncates_to_the_buffer),
        cmocka_unit_test(tablelog__errors_name_the_column_and_the_token),
        cmocka_unit_test(tablelog__errors_in_tags_stamps_and_rulings),
        cmocka_unit_test(tablelog__sitting_lines_read_what_they_name),
        cmocka_unit_test(tablelog__error_quotes_long_tokens_shortened),
        cmocka_unit_test(tablelog__too_many_cards_in_a_list_is_an_error),
        cmocka_unit_test(tablelog__rejects_text_that_is_not_utf8),
        cmocka_unit_test(tablelog__reader_rejects_a_tag_that_is_not_utf8),
        cmocka_unit_test(tablelog__reader_yields_lines_and_skips_blanks),
        cmocka_unit_test(tablelog__reader_rejects_a_tag_after_an_action),
        cmocka_unit_test(tablelog__reader_reports_bad_lines_and_goes_on),
        cmocka_unit_test(tablelog__reader_rejects_an_overlong_line_and_goes_on),
        cmocka_unit_test(tablelog__reader_accepts_a_line_of_the_maximum_length),
        cmocka_unit_test(tablelog__reader_refuses_cr_only_line_ends),
        cmocka_unit_test(tablelog__reader_does_not_read_past_the_line),
        cmocka_unit_test(tablelog__reader_yields_each_line_of_a_pipe_at_once),
        cmocka_unit_test(tablelog__reader_close_accepts_null),
        cmocka_unit_test(tablelog__reads_every_shared_record),
        cmocka_unit_test(tablelog__args_are_the_words_after_the_verb),
        cmocka_unit_test(
            tablelog__event_fields_match_the_old_split_on_every_case),
        cmocka_unit_test(
            tablelog__event_fields_match_the_old_split_on_generated_sittings),
        cmocka_unit_test(
            tablelog__event_fields_match_the_old_split_for_every_kind),
        cmocka_unit_test(tablelog__event_fields_name_each_part),
        cmocka_unit_test(tablelog__event_fields_refuse_a_line_that_is_no_event),
        cmocka_unit_test(
            tablelog__event_fields_have_room_for_every_verb_and_card),
    };

    return cmocka_run_group_tests_name("tablelog", tests, NULL, NULL);
}
