/* SPDX-License-Identifier: MIT */
/* test_tablelog_write.c - the .ecarte line writer (tablelog/write.c): every
 * canonical line survives format and parse, aliases are written canonically,
 * events built field by field read back, output is truncated to the buffer,
 * and tl_format_args gives the words after the verb. */
#include "tests/harness.h"

#include <string.h>

#include "laws/laws.h"
#include "tablelog/tablelog.h"

#include "tests/tablelog_util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

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
    assert_line_equal(&a, &b);
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

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tablelog__canonical_lines_round_trip),
        cmocka_unit_test(tablelog__formats_aliases_canonically),
        cmocka_unit_test(tablelog__built_events_survive_format_and_parse),
        cmocka_unit_test(tablelog__format_truncates_to_the_buffer),
        cmocka_unit_test(tablelog__args_are_the_words_after_the_verb),
    };

    return cmocka_run_group_tests_name("tablelog_write", tests, NULL, NULL);
}
