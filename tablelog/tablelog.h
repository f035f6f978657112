/* SPDX-License-Identifier: MIT */
/*
 * tablelog.h - reading and writing .ecarte table logs (docs/format.md, version 1).
 *
 * A log is a block of tag pairs, then one table line or action per line,
 * with `=` lines (recorded rulings and scores) after the action that caused
 * them.  This module turns one line of text into a struct tl_line and back;
 * it knows the syntax only, never the rules (that is the arbiter's job).
 * Depends on laws/ for the vocabulary (cards, events, rulings).
 */
#ifndef ECARTE_TABLELOG_TABLELOG_H
#define ECARTE_TABLELOG_TABLELOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "laws/laws.h"

#define TL_TAG_NAME_MAX 32
#define TL_TAG_VALUE_MAX 256
#define TL_TAGS_MAX 256         /* tags of one sitting (docs/format.md):
                                   one more is an error at its line */
#define TL_STAMP_MAX 24
#define TL_MSG_MAX 256
#define TL_LINE_MAX 4096        /* longest line accepted */

enum tl_kind {
    TL_BLANK,                   /* empty or comment only */
    TL_TAG,                     /* [Name "value"] */
    TL_EVENT,                   /* a table line or an action */
    TL_EXPECT_RULING,           /* = ruling ... */
    TL_EXPECT_SCORE,            /* = score A n B m */
    TL_EXPECT_VALUE,            /* = value N: the hand's multiplier (MD1) */
    /* the sitting's `=` lines (docs/variants.md, tables of three or more): line.sit holds them */
    TL_EXPECT_SETTLE,           /* = settle ID +n ID -n ... [house +n] */
    TL_EXPECT_POOL,             /* = pool N */
    TL_EXPECT_ROLES,            /* = roles ... */
    TL_EXPECT_BETS              /* = bets A n B m [refund ID n ...] */
};

/* ------------------------------------------------------------------ */
/* Persons (docs/variants.md, tables of three or more)                                            */
/* ------------------------------------------------------------------ */

#define TL_ID_MAX 13            /* a person's ID: 2 to 12 characters and
                                   its NUL */
#define TL_IDS_MAX 32           /* persons one line may name */
#define TL_HOUSE "house"        /* who keeps the levy in `= settle` */
#define TL_MONEY_MAX 999999     /* the largest stake, bet or pool */

/* The forms of a roles line (`roles ...`, `= roles ...`). */
enum tl_roles_form {
    TL_ROLES_NONE,              /* no roles */
    TL_ROLES_CHOUETTE,          /* bank ID ponte ID advisers ID... */
    TL_ROLES_PLAYERS,           /* players ID ID queue ID... (a pool's
                                   first pair) */
    TL_ROLES_ROI,               /* roi ID streak N rentrant ID queue ID... */
    TL_ROLES_GALLERY            /* A ID B ID queue ID... */
};

/* Who holds which role: one of the forms above. */
struct tl_roles {
    int form;                   /* enum tl_roles_form */
    char first[TL_ID_MAX];      /* the bank, the first player, the roi, A */
    char second[TL_ID_MAX];     /* the ponte, the second player, the
                                   rentrant ("" if none), B */
    int streak;                 /* the roi's games won running */
    int n;                      /* the advisers, or the queue, in order */
    char list[TL_IDS_MAX][TL_ID_MAX];
};

/* Money against a person (`= settle`, the refunds of `= bets`). */
struct tl_amount {
    char who[TL_ID_MAX];        /* a person's ID, or "house" */
    int32_t n;                  /* received (+) or paid (-) */
};

/*
 * What a line of the sitting says beyond the two seats (docs/variants.md
 * 1.3-1.6): the persons it names and its amounts.  The seats it names and
 * the cards it shows stay in the line's event (ev.actor, ev.target,
 * ev.cards).
 */
struct tl_sitting {
    char actor[TL_ID_MAX];      /* the person acting ("ann stakes 2"), ""
                                   when a seat acts or for a table line */
    char who[TL_ID_MAX];        /* the person named: person ID, seat S ID,
                                   covers ID2 */
    char name[TL_TAG_VALUE_MAX]; /* person ID "Name": the name, unescaped */
    int32_t n;                  /* stakes N, bets N, covers N (0: all),
                                   pool N, = pool N */
    int16_t odds[2];            /* bets N on S at P:Q: P and Q; 0 0: even */
    int law;                    /* calls LAW: enum law_id */
    int32_t bets[2];            /* = bets A n B m */
    struct tl_roles roles;      /* roles ..., = roles ... */
    int n_amounts;              /* = settle, or the refunds of = bets */
    struct tl_amount amounts[TL_IDS_MAX + 1];
};

/* Which fields a `= ruling` line names (struct tl_expect.has). */
#define TLX_OFFENDER 0x01
#define TLX_ELECTOR 0x02
#define TLX_OPTIONS 0x04
#define TLX_REMEDY 0x08

/* A recorded ruling: what the log says the referee decided. */
struct tl_expect {
    enum law_id law;
    uint8_t has;                /* TLX_* bits: the fields the line names */
    int8_t offender;            /* seat or SEAT_NONE */
    int8_t elector;             /* seat or SEAT_NONE */
    char offender_id[TL_ID_MAX]; /* a person named as offender (then
                                   offender is SEAT_NONE), else "" */
    char elector_id[TL_ID_MAX]; /* a person named as elector, else "" */
    uint32_t options;           /* OPT_BIT()s */
    int remedy;                 /* enum remedy */
};

/*
 * One line of a log.  Fields a line does not use are zero (seats, suit
 * and option NONE, as tl_parse_line says), but for two things never
 * read: the bytes of a text after its NUL (tag_value, sit.name) and the
 * entries of a list after its count (sit.roles.list, sit.amounts).
 */
struct tl_line {
    enum tl_kind kind;
    int line_no;                /* 1-based */
    char stamp[TL_STAMP_MAX];   /* time stamp without '@', "" if none */
    char tag_name[TL_TAG_NAME_MAX];   /* TL_TAG */
    char tag_value[TL_TAG_VALUE_MAX]; /* TL_TAG, unescaped */
    struct table_event ev;      /* TL_EVENT */
    struct tl_expect expect;    /* TL_EXPECT_RULING */
    int16_t score[2];           /* TL_EXPECT_SCORE; score[0] for
                                   TL_EXPECT_VALUE */
    struct tl_sitting sit;      /* a line of the sitting (tl_is_sitting)
                                   and the sitting's `=` lines: what the
                                   line names, the rest zero (above) */
    uint16_t comment_at;        /* where its `#` comment begins in the
                                   text read: 0 for a comment line (the
                                   whole line, blanks before it too); for
                                   a comment after a tag, an action or a
                                   `=` line, the end of what it says (the
                                   blanks before its '#' belong to it) */
    uint16_t comment_len;       /* the comment's bytes to the end of the
                                   line, 0: the line has none */
};

/* Where and why a line could not be read. */
struct tl_error {
    int line;                   /* 1-based */
    int col;                    /* 1-based, in bytes (tl_column gives the
                                   characters a message says) */
    char msg[TL_MSG_MAX];       /* "expected a card, found \"QX\"" */
};

/*
 * tl_column - the 1-based column, in characters (UTF-8 code points: a
 * byte that is not a continuation byte starts one), of the 1-based byte
 * column byte_col of text (len bytes; beyond them each byte counts one).
 * Messages name a column in characters; a byte column below 1 is
 * returned as it is.
 */
int tl_column(const char *text, size_t len, int byte_col);

/*
 * tl_utf8_bad - the offset of the first byte of s (n bytes) that is not
 * part of well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or a NUL; n if there is none.  A sequence cut
 * short is bad at its first byte.
 */
size_t tl_utf8_bad(const char *s, size_t n);

/*
 * tl_utf8_mend - a copy of the n bytes at s, NUL-terminated, in which each
 * byte tl_utf8_bad finds (one not part of well-formed UTF-8, or a NUL) is
 * written as U+FFFD (EF BF BD), one replacement a byte, and every other
 * byte is as it was: well-formed text comes back unchanged.  What is
 * printed as JSON (the `--json` lines, the answers of `ecarte serve`)
 * goes through it, so that no raw byte of a log, a file name or a POST
 * reaches a JSON text.  Returns the copy (the caller frees it), or NULL
 * if memory is short.
 */
char *tl_utf8_mend(const char *s, size_t n);

/*
 * tl_parse_line - read one line of text (len bytes, no line end needed; a
 * trailing CR is ignored) into *out.  line_no is stored in out->line_no.
 * Returns 0, or -1 and fills *err with the column and "expected ...,
 * found ..." (out is then unspecified).  Keywords are case-insensitive;
 * cards accept `10`, lower case and the suit symbols.  Syntax only: the
 * rules (is the card in that hand?) are not checked here.  The whole line,
 * comment included, must be UTF-8 without NUL: the column of the first bad
 * byte is reported as "expected UTF-8 text, found the byte 0xFF".  Where
 * a `#` comment stands is kept (out->comment_at, comment_len): a line
 * with nothing but a comment is TL_BLANK with comment_len > 0.
 */
int tl_parse_line(const char *text, size_t len, int line_no,
                  struct tl_line *out, struct tl_error *err);

/*
 * tl_format_event - the canonical text of an event (upper-case cards, `T`,
 * suit letters, single spaces, no time stamp) into buf of size n.  Returns
 * buf.  tl_parse_line on the result gives back the same event.
 */
char *tl_format_event(const struct table_event *ev, char *buf, size_t n);

/*
 * tl_format_args - the canonical words of an event after its verb ("B 3 KS
 * KD 8S" for "A gives B 3 KS KD 8S", "B holds 4" for "found B holds 4", ""
 * for "game") into buf of size n, as the ledger keeps them.  Returns buf.
 */
char *tl_format_args(const struct table_event *ev, char *buf, size_t n);

/*
 * tl_event_args - where the words after the verb begin in text, the
 * canonical text of ev (tl_format_event's): the pointer into text that
 * tl_format_args would copy from, without formatting ev again.  Returns
 * a pointer into text (its end if there are no words).
 */
const char *tl_event_args(const struct table_event *ev, const char *text);

/*
 * tl_format_line - the canonical text of any line (with its "@stamp " prefix
 * if it has one; tags as [Name "value"] with \" and \\ escaped; `=` lines)
 * into buf of size n.  TL_BLANK gives "".  Returns buf.
 */
char *tl_format_line(const struct tl_line *l, char *buf, size_t n);

#define TL_VERB_MAX 24          /* the longest event_verb and its NUL */
#define TL_CARDS_TEXT_MAX (EVENT_CARDS_MAX * 3) /* "QS KD ...": a card's 2
                                   characters and a space or the NUL */

/*
 * The fields of an event line as the ledger keeps them (struct
 * ledger_event: text, stamp, actor, verb, args, cards), all
 * NUL-terminated and owned by the struct.  args points into text: a
 * copy of the struct by value is not to be used for args (fill it
 * again with tl_event_fields).
 */
struct tl_fields {
    char text[TL_LINE_MAX];     /* the canonical line, tl_format_line's:
                                   "@12:01:00 A gives B 3 KS KD 8S" */
    char stamp[TL_STAMP_MAX];   /* "12:01:00" (no '@'), "" if none */
    char actor[TL_ID_MAX];      /* "A" or "B" for a seat's action and for
                                   a deal line (the dealer), a person's ID
                                   for a person's action ("ann stakes
                                   2"), "" for the other table lines */
    char verb[TL_VERB_MAX];     /* event_verb(ev.kind): "gives", "deal",
                                   "found", "stakes" */
    const char *args;           /* the words after the verb, a tail of
                                   text: "B 3 KS KD 8S", "A pack B",
                                   "ann \"Ann Ash\"" for a person line,
                                   "2" for "ann stakes 2", "" for "game" */
    char cards[TL_CARDS_TEXT_MAX]; /* the cards ev lists, space
                                   separated: "KS KD 8S", "" if none */
};

/*
 * tl_event_fields - the fields of line, an event line (kind TL_EVENT: a
 * table line, an action of a seat or a person, a line of the sitting),
 * into *out, as the ledger binds them (ledger_event_add): the line is
 * written once, and its args are the tail of that text after the verb.
 * Returns 0, or -1 if line is not an event line (every field of out is
 * then "").  Cannot fail otherwise; allocates nothing.
 */
int tl_event_fields(const struct tl_line *line, struct tl_fields *out);

/*
 * tl_format_expect_score - "= score A n B m" into buf.  Returns buf.
 */
char *tl_format_score(int a, int b, char *buf, size_t n);

/*
 * tl_is_sitting - is l a line of the sitting above the two seats (a
 * person line, a seat or roles line, an action of a person, `S leaves`,
 * `S takes-all-bets`: docs/variants.md, tables of three or more), for the sitting layer
 * rather than the two-seat referee?
 */
bool tl_is_sitting(const struct tl_line *l);

/*
 * tl_person_id_ok - is the n bytes at s a person's ID: 2 to 12
 * characters [a-z][a-z0-9-]* (any case), not a word of the format
 * (bank, ponte, queue, house, game, ...)?
 */
bool tl_person_id_ok(const char *s, size_t n);

/*
 * tl_date_valid - are the first 10 characters of s a date YYYY-MM-DD
 * (ASCII digits, '-' between) that is a real day of the proleptic
 * Gregorian calendar (month 1 to 12, the day within its month, 29
 * February in a leap year only)?  s must hold 10 characters or end in
 * a NUL before (which is refused).  The one check of a date: a log's
 * time stamp and `standings --since/--until` (season_date_normal).
 */
bool tl_date_valid(const char *s);

/*
 * tl_tag_date_ok - may v (NUL-terminated) be the value of a Date tag:
 * YYYY.MM.DD (or YYYY-MM-DD, as a time stamp writes a day), a real day
 * (tl_date_valid), or with a part not known
 * written as '?'s, each part on its own ("2026.??.??", "????.02.29" in
 * some leap year, "2026.??.31" in some month), or "?" or "" (the
 * format's default)?
 * The reader refuses a Date tag it is not (tablelog/parse.c).
 */
bool tl_tag_date_ok(const char *v);

/*
 * tl_normalize - put the sitting's `=` line l in its canonical order, so
 * that two lines saying the same compare equal as text: the amounts of
 * `= settle` and the refunds of `= bets` by person (house last), an
 * amount of 0 dropped.  Other lines are left as they are.
 */
void tl_normalize(struct tl_line *l);

/*
 * A reader over a stream: yields the lines of a log one at a time, so that
 * standard input can be adjudicated as it is typed: from a stream that is
 * not a regular file (a terminal, a pipe, a memory stream) no byte past
 * the line yielded is read; a regular file is read ahead in blocks.
 * Enforces what spans lines: tags only before the first action.
 */
struct tl_reader;

/*
 * tl_reader_open - a reader on fp (borrowed: not closed by the reader),
 * named name in messages ("-" for standard input).  Returns 0 and the
 * reader in *out (owned: free with tl_reader_close), or -1 if out of memory.
 */
int tl_reader_open(struct tl_reader **out, FILE *fp, const char *name);

/*
 * tl_reader_set_whole_lines - with on, a last line without its line end
 * (a pipe whose writer died mid-line) does not read: tl_reader_next
 * gives -1 for it ("expected the end of the line ...") and then the end
 * of input.  Off (the default), the end of input ends the last line.
 */
void tl_reader_set_whole_lines(struct tl_reader *r, bool on);

/*
 * tl_reader_set_comments - with on, a line that holds only a `#` comment
 * is read too (kind TL_BLANK, comment_len > 0), so that it may be kept
 * in its place; blank lines are still passed over.  Off by default.
 */
void tl_reader_set_comments(struct tl_reader *r, bool on);

/* tl_reader_close - free r (NULL is fine). */
void tl_reader_close(struct tl_reader *r);

/*
 * tl_reader_next - read the next non-blank line into *out.  Returns 1 for a
 * line, 0 at end of input, -1 on a line that cannot be read (message in
 * tl_reader_error), -2 on an I/O error.  After -1 the reader may continue
 * with the next line (the caller decides whether to).
 */
int tl_reader_next(struct tl_reader *r, struct tl_line *out);

/*
 * tl_reader_error - the last error, formatted "NAME:LINE:COL: expected ...,
 * found ..." (borrowed, valid until the next call on r).
 */
const char *tl_reader_error(const struct tl_reader *r);

/*
 * tl_reader_raw - the raw text of the last line read (without the line
 * end; borrowed, valid until the next call on r).  Used to quarantine lines.
 */
const char *tl_reader_raw(const struct tl_reader *r);

/* tl_reader_line - the number of the last line read (1-based). */
int tl_reader_line(const struct tl_reader *r);

#endif /* ECARTE_TABLELOG_TABLELOG_H */
