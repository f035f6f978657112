/* SPDX-License-Identifier: MIT */
/*
 * tablelog_int.h - declarations shared by the files of tablelog/ only:
 * the state of reading one line and the scanner's words (scan.c), used by
 * the grammar of actions (actions.c), of the sitting's lines
 * (sitting_lines.c) and of the rest of a line (parse.c).
 *
 * The readers of words (tl__read_*) take the next word of the line and
 * return 0, or -1 with the message and its column in p->err ("expected
 * WHAT, found ..."), p->pos then past the word that failed.  The module's
 * public names start tl_, so its private ones start tl__.
 */
#ifndef ECARTE_TABLELOG_TABLELOG_INT_H
#define ECARTE_TABLELOG_TABLELOG_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "laws/laws.h"
#include "tablelog/tablelog.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* The state of reading one line. */
struct parser {
    const char *s;              /* the line */
    size_t end;                 /* end of the content (no comment, no
                                   trailing blanks) */
    size_t pos;                 /* next byte to read */
    struct tl_error *err;       /* where failures go */
};

/* One word of the line; n is 0 at the end of the line. */
struct token {
    size_t pos;                 /* offset of its first byte */
    size_t n;                   /* length in bytes */
};

/* ------------------------------------------------------------------ */
/* Words and messages (scan.c)                                          */
/* ------------------------------------------------------------------ */

/*
 * The smallest words of the scanner are static inline here, not in
 * scan.c: they run for every byte and for every verb tried.  Called
 * across files, they made reading a line 40% more instructions
 * (callgrind) and adjudication some 7% slower (make bench).
 */

/* tl__is_blank - is c a space or a tab (what separates words)? */
static inline bool tl__is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* tl__lower - c in lower case if it is an ASCII capital, else c. */
static inline char tl__lower(char c)
{
    if (c >= 'A' && c <= 'Z') {
        return (char)(c - 'A' + 'a');
    }
    return c;
}

/* tl__is_digit - is c an ASCII decimal digit? */
static inline bool tl__is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* tl__skip_blanks - move p->pos past blanks, up to p->end. */
static inline void tl__skip_blanks(struct parser *p)
{
    while (p->pos < p->end && tl__is_blank(p->s[p->pos])) {
        p->pos++;
    }
}

/* tl__next_token - the next blank-separated word, p->pos moved past it;
 * n == 0 at the end of the line.  The line is text (tl_parse_line checks
 * it first): the only bytes at or below a space in it are the space and
 * the tab, and one test a byte tells a blank. */
static inline struct token tl__next_token(struct parser *p)
{
    const unsigned char *s = (const unsigned char *)p->s;
    size_t end = p->end;
    size_t i = p->pos;
    struct token t;

    while (i < end && s[i] <= ' ') {
        i++;
    }
    t.pos = i;
    while (i < end && s[i] > ' ') {
        i++;
    }
    t.n = i - t.pos;
    p->pos = i;
    return t;
}

/* tl__tok_is - is token t the lower-case word, ignoring ASCII case? */
static inline bool tl__tok_is(const struct parser *p, struct token t,
                              const char *word)
{
    const char *w = p->s + t.pos;
    size_t i;

    if (strlen(word) != t.n) {
        return false;
    }
    for (i = 0; i < t.n; i++) {
        if (tl__lower(w[i]) != word[i]) {
            return false;
        }
    }
    return true;
}

/*
 * tl__fail_span - record "expected WHAT, found "TEXT"" for the n bytes at
 * pos (or "found end of line" when n is 0) with its 1-based column, in
 * p->err.  A long text is cut at a UTF-8 character boundary and marked
 * "...".  Returns -1 so that callers can `return tl__fail_span(...)`.
 */
int tl__fail_span(struct parser *p, size_t pos, size_t n, const char *what);

/* tl__fail_tok - tl__fail_span for token t; returns -1. */
int tl__fail_tok(struct parser *p, struct token t, const char *what);

/* tl__fail_tokf - tl__fail_tok with a formatted WHAT; returns -1. */
int tl__fail_tokf(struct parser *p, struct token t, const char *fmt, ...)
    PRINTF_LIKE(3, 4);

/* ------------------------------------------------------------------ */
/* Seats, numbers, cards, scores (scan.c)                               */
/* ------------------------------------------------------------------ */

/* tl__read_seat - the next word as a seat A or B (any case) into *out;
 * what names what was expected, for the message. */
int tl__read_seat(struct parser *p, int8_t *out, const char *what);

/* tl__number_in - is token t decimal digits (at most six) with a value in
 * [lo, hi]?  The value into *out if so (else *out is untouched). */
bool tl__number_in(const struct parser *p, struct token t, int lo, int hi,
                   int *out);

/* tl__read_number - the next word as a number in [lo, hi] into *out;
 * what names it in the message ("WHAT (LO to HI)"). */
int tl__read_number(struct parser *p, int lo, int hi, const char *what,
                    int16_t *out);

/* tl__read_card - the next word as a card, appended to ev->cards (the
 * caller has room for it). */
int tl__read_card(struct parser *p, struct table_event *ev);

/* tl__read_end - nothing more may follow on the line. */
int tl__read_end(struct parser *p);

/*
 * tl__read_cards - the cards to the end of the line, appended to ev (at
 * most EVENT_CARDS_MAX in all): at least min of them; if exact >= 0,
 * either none or exactly exact (the N of "gives Y N [C ...]").
 */
int tl__read_cards(struct parser *p, struct table_event *ev, int min,
                   int exact);

/* tl__read_word - the next word must be word (any case). */
int tl__read_word(struct parser *p, const char *word);

/* tl__read_score - "A n B m" (0 to 99 each) with the seats in either
 * order into score[SEAT_A] and score[SEAT_B], then the end of the line. */
int tl__read_score(struct parser *p, int16_t score[2]);

/* ------------------------------------------------------------------ */
/* Table lines and actions (actions.c)                                  */
/* ------------------------------------------------------------------ */

/*
 * tl__parse_event - the rest of the line (from p->pos) as a table line
 * (game, end, score, found, deal; person, seat, roles, pool) or an action
 * (a seat or a person first) into out->ev (and out->sit for the
 * sitting's lines), which the caller has cleared (every field zero or
 * NONE).  Returns 0, or -1 with the message in p->err (out is then
 * unspecified).
 */
int tl__parse_event(struct parser *p, struct tl_line *out);

/* ------------------------------------------------------------------ */
/* The sitting's lines (sitting_lines.c)                                */
/* ------------------------------------------------------------------ */

/*
 * tl__parse_sitting_table - a table line of the sitting starting with
 * word t (person, seat, roles, pool) into out.  Returns 0, -1 (message in
 * p->err), or 1 if t is no such keyword (nothing consumed but t).
 */
int tl__parse_sitting_table(struct parser *p, struct token t,
                            struct tl_line *out);

/*
 * tl__parse_person_action - an action whose actor is a person (t, his
 * ID) into out: cuts-for-deal, stakes, bets, covers, queues, sees,
 * points, advises, calls, leaves, takes-seat.  Returns 0, -1 (message in
 * p->err), or 1 if t is not an ID or the next word no person's verb
 * (p->pos is then back at t).
 */
int tl__parse_person_action(struct parser *p, struct token t,
                            struct tl_line *out);

/*
 * tl__parse_sitting_expect - the rest of a `=` line whose first word t
 * is settle, pool, roles or bets, into out.  Returns 0, -1 (message in
 * p->err), or 1 if t is none of them.
 */
int tl__parse_sitting_expect(struct parser *p, struct token t,
                             struct tl_line *out);

/* tl__read_who - the next word as a seat (into *seat, *id "") or a
 * person's ID (into id, *seat SEAT_NONE); what names what was expected. */
int tl__read_who(struct parser *p, int8_t *seat, char id[TL_ID_MAX],
                 const char *what);

#endif /* ECARTE_TABLELOG_TABLELOG_INT_H */
