/* SPDX-License-Identifier: MIT */
/* test_tablelog_reader.c - lines that do not read (tablelog/parse.c: the
 * column and token an error names, tags, stamps, rulings, sitting lines,
 * too many cards, text that is not UTF-8) and the reader over a file or a
 * pipe (tablelog/reader.c): blanks skipped, bad and overlong lines reported
 * and passed, CR-only line ends refused, no read past the line, every
 * shared record read. */
#include "tests/harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "laws/laws.h"
#include "tablelog/tablelog.h"

#include "tests/tablelog_util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

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

/* mended - tl_utf8_mend of text (its bytes up to the NUL) compared with
 * want; the copy freed. */
static void mended(const char *text, const char *want)
{
    char *m = tl_utf8_mend(text, strlen(text));

    assert_non_null(m);
    assert_string_equal(m, want);
    assert_int_equal(tl_utf8_bad(m, strlen(m)), strlen(m));
    free(m);
}

/* What is printed as JSON is mended (tl_utf8_mend): each byte the reader
 * refuses as not UTF-8 is U+FFFD, one a byte, the bytes around it as
 * they were; well-formed text, a multi-byte character among it, is
 * copied unchanged. */
static void tablelog__mend_writes_each_bad_byte_as_a_replacement(
    void **state)
{
    char *m;

    (void)state;
    mended("A cuts \xff", "A cuts \xef\xbf\xbd");
    /* a sequence cut short at the end, and in the middle */
    mended("A cuts \xc3", "A cuts \xef\xbf\xbd");
    mended("caf\xc3(", "caf\xef\xbf\xbd(");
    /* an overlong '/': both bytes are bad */
    mended("x\xc0\xafy", "x\xef\xbf\xbd\xef\xbf\xbdy");
    /* a surrogate: its three bytes */
    mended("\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    /* the near miss: well-formed text of every length, U+FFFD itself */
    mended("# caf\xc3\xa9", "# caf\xc3\xa9");
    mended("Q\xe2\x99\xa0 \xf0\x9f\x82\xa1 \xef\xbf\xbd \xf4\x8f\xbf\xbf",
           "Q\xe2\x99\xa0 \xf0\x9f\x82\xa1 \xef\xbf\xbd \xf4\x8f\xbf\xbf");
    mended("", "");
    /* a NUL among the n bytes is one too */
    m = tl_utf8_mend("a\0b", 3);
    assert_non_null(m);
    assert_string_equal(m, "a\xef\xbf\xbd" "b");
    free(m);
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

/* comment_is - line (len from strlen) read, of kind, its comment the
 * bytes want ("" for none). */
static void comment_is(const char *line, enum tl_kind kind, const char *want)
{
    struct tl_line l;
    struct tl_error err;

    assert_int_equal(tl_parse_line(line, strlen(line), 1, &l, &err), 0);
    assert_int_equal(l.kind, kind);
    assert_int_equal(l.comment_len, strlen(want));
    if (want[0] != '\0') {
        assert_memory_equal(line + l.comment_at, want, strlen(want));
        assert_int_equal(l.comment_at + l.comment_len, strlen(line));
    }
}

/* Where a comment stands is kept: a comment line whole (its blanks
 * too), another from the end of what its line says; a '#' inside a tag's
 * value or the lack of one is no comment. */
static void tablelog__a_line_keeps_where_its_comment_stands(void **state)
{
    (void)state;
    comment_is("# Mr. B disputes the count", TL_BLANK,
               "# Mr. B disputes the count");
    comment_is("  \t# indented  ", TL_BLANK, "  \t# indented  ");
    comment_is("#", TL_BLANK, "#");
    comment_is("A leads KD   # out of turn", TL_EVENT, "   # out of turn");
    comment_is("@21:14:05 A leads KD# close", TL_EVENT, "# close");
    comment_is("= score A 0 B 1\t# the king", TL_EXPECT_SCORE,
               "\t# the king");
    comment_is("[Event \"Club\"]  # the club's", TL_TAG, "  # the club's");
    comment_is("A leads KD\r", TL_EVENT, "");
    comment_is("[Event \"Club #3\"]", TL_TAG, "");
    comment_is("   ", TL_BLANK, "");
    comment_is("", TL_BLANK, "");
}

/* Asked, the reader gives a comment line too (blank lines still passed
 * over); not asked, it passes over comment lines as ever. */
static void tablelog__reader_gives_comment_lines_when_asked(void **state)
{
    static const char text[] =
        "\xef\xbb\xbf# header\n"
        "[Event \"x\"]\n"
        "\n"
        "  # indented\n"
        "game   # the first\n";
    struct tl_line l;
    FILE *fp = NULL;
    struct tl_reader *r = reader_on(text, &fp);

    (void)state;
    tl_reader_set_comments(r, true);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.kind, TL_BLANK);
    assert_int_equal(l.line_no, 1);
    assert_string_equal(tl_reader_raw(r) + l.comment_at, "# header");
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.kind, TL_TAG);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.kind, TL_BLANK);
    assert_int_equal(l.line_no, 4);
    assert_string_equal(tl_reader_raw(r) + l.comment_at, "  # indented");
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_GAME);
    assert_string_equal(tl_reader_raw(r) + l.comment_at, "   # the first");
    assert_int_equal(tl_reader_next(r, &l), 0);
    tl_reader_close(r);
    fclose(fp);
    /* near miss: not asked */
    r = reader_on(text, &fp);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.kind, TL_TAG);
    assert_int_equal(tl_reader_next(r, &l), 1);
    assert_int_equal(l.ev.kind, EV_GAME);
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

/* The reader takes a line at a time from a stream that is not a regular
 * file: after one line the stream stands just past its newline, so a
 * referee can answer each line as it is typed. */
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

/* same_reading - the bytes text[0..n) read the same, line by line (what
 * each call gives, its raw line, its message), from a regular file (read
 * ahead in blocks) and from a memory stream (a byte at a time); whole:
 * a last line needs its line end.  Returns the lines that read. */
static int same_reading(const char *text, size_t n, bool whole)
{
    int lines = 0;
    char path[] = "/tmp/ecarte-reader-XXXXXX";
    int fd = mkstemp(path);
    FILE *file = NULL;
    FILE *mem = fmemopen((void *)(uintptr_t)text, n, "r");
    struct tl_reader *rf = NULL;
    struct tl_reader *rm = NULL;
    struct tl_line lf;
    struct tl_line lm;
    int got;

    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, n), (ssize_t)n);
    close(fd);
    file = fopen(path, "r");
    assert_non_null(file);
    assert_non_null(mem);
    assert_int_equal(tl_reader_open(&rf, file, "t"), 0);
    assert_int_equal(tl_reader_open(&rm, mem, "t"), 0);
    tl_reader_set_whole_lines(rf, whole);
    tl_reader_set_whole_lines(rm, whole);
    do {
        got = tl_reader_next(rf, &lf);
        assert_int_equal(got, tl_reader_next(rm, &lm));
        assert_string_equal(tl_reader_raw(rf), tl_reader_raw(rm));
        assert_int_equal(tl_reader_line(rf), tl_reader_line(rm));
        if (got == 1) {
            assert_line_equal(&lf, &lm);
            lines++;
        } else if (got < 0) {
            assert_string_equal(tl_reader_error(rf), tl_reader_error(rm));
        }
    } while (got != 0);
    tl_reader_close(rf);
    tl_reader_close(rm);
    fclose(file);
    fclose(mem);
    unlink(path);
    return lines;
}

/* A regular file is read ahead in blocks, a stream a byte at a time: the
 * same lines either way, at the ends of blocks, for lines too long (over
 * a block, and past what the reader drops before it gives up), NUL bytes,
 * CR LF and a last line without its end. */
static void tablelog__reader_reads_a_file_as_it_reads_a_stream(void **state)
{
    static const char *const kinds[] = {
        "game\n", "deal A\n", "A gives B 3 7D JH KS\r\n", "# a comment\n",
        "B plays Q?\n", "\n", "A leads \0KS\n", "[Event \"late\"]\n",
    };
    size_t cap = (size_t)TL_LINE_MAX * 400;
    char *text = malloc(cap);
    size_t n = 0;
    int lines = 0;

    (void)state;
    assert_non_null(text);
    for (int i = 0; n < 200000; i++) { /* lines across three blocks */
        const char *l = kinds[i % 8];
        size_t len = i % 8 == 6 ? 11 : strlen(l);

        memcpy(text + n, l, len);
        n += len;
        if (i % 1000 == 999) {  /* and lines of every length near the most */
            memset(text + n, 'x', (size_t)TL_LINE_MAX - 2 + i / 1000 % 5);
            n += (size_t)TL_LINE_MAX - 2 + i / 1000 % 5;
            text[n++] = i % 2000 == 999 ? '\r' : 'y';
            text[n++] = '\n';
        }
    }
    memset(text + n, '#', 70000);   /* over a block */
    n += 70000;
    text[n++] = '\n';
    memcpy(text + n, "game", 4);   /* no line end */
    lines = same_reading(text, n + 4, false);
    assert_true(lines > 1000);
    assert_int_equal(same_reading(text, n + 4, true), lines - 1);
    memset(text + n, 'z', (size_t)TL_LINE_MAX * 260); /* never ends */
    assert_int_equal(same_reading(text, n + (size_t)TL_LINE_MAX * 260, false),
                     lines - 1);
    for (size_t past = 3; past-- > 0;) { /* given up, at, under the limit */
        size_t end = n + (size_t)TL_LINE_MAX * 257 + past;

        memcpy(text + end, "\ngame\n", 6);
        assert_int_equal(same_reading(text, end + 6, false),
                         past == 2 ? lines - 1 : lines);
    }
    free(text);
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
        assert_line_equal(&l, &back);
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

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tablelog__errors_name_the_column_and_the_token),
        cmocka_unit_test(tablelog__errors_in_tags_stamps_and_rulings),
        cmocka_unit_test(tablelog__sitting_lines_read_what_they_name),
        cmocka_unit_test(tablelog__error_quotes_long_tokens_shortened),
        cmocka_unit_test(tablelog__too_many_cards_in_a_list_is_an_error),
        cmocka_unit_test(tablelog__rejects_text_that_is_not_utf8),
        cmocka_unit_test(tablelog__reader_rejects_a_tag_that_is_not_utf8),
        cmocka_unit_test(tablelog__mend_writes_each_bad_byte_as_a_replacement),
        cmocka_unit_test(tablelog__reader_yields_lines_and_skips_blanks),
        cmocka_unit_test(tablelog__a_line_keeps_where_its_comment_stands),
        cmocka_unit_test(tablelog__reader_gives_comment_lines_when_asked),
        cmocka_unit_test(tablelog__reader_rejects_a_tag_after_an_action),
        cmocka_unit_test(tablelog__reader_reports_bad_lines_and_goes_on),
        cmocka_unit_test(tablelog__reader_rejects_an_overlong_line_and_goes_on),
        cmocka_unit_test(tablelog__reader_accepts_a_line_of_the_maximum_length),
        cmocka_unit_test(tablelog__reader_refuses_cr_only_line_ends),
        cmocka_unit_test(tablelog__reader_does_not_read_past_the_line),
        cmocka_unit_test(tablelog__reader_yields_each_line_of_a_pipe_at_once),
        cmocka_unit_test(tablelog__reader_reads_a_file_as_it_reads_a_stream),
        cmocka_unit_test(tablelog__reader_close_accepts_null),
        cmocka_unit_test(tablelog__reads_every_shared_record),
    };

    return cmocka_run_group_tests_name("tablelog_reader", tests, NULL, NULL);
}
