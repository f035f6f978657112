/* SPDX-License-Identifier: MIT */
/*
 * scan.c - scanning one line of a log: its words, the seats, numbers,
 * cards and scores they name, and the message ("expected ..., found ...")
 * with its column when a word is not what the line needs there.
 */
#include "tablelog/tablelog.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tablelog/tablelog_int.h"

#define TOKEN_SHOW_MAX 40       /* bytes of a bad token quoted in a message */
#define NUMBER_DIGITS_MAX 6     /* longer numbers are out of range anyway */
#define SCORE_MAX 99            /* points in a game, for score lines */

/* ------------------------------------------------------------------ */
/* Messages                                                             */
/* ------------------------------------------------------------------ */

int tl__fail_span(struct parser *p, size_t pos, size_t n,
                  const char *what)
{
    struct tl_error *err = p->err;
    size_t show = n;

    if (n == 0) {
        err->col = (int)(pos < p->end ? pos : p->end) + 1;
        snprintf(err->msg, sizeof(err->msg),
                 "expected %s, found end of line", what);
        return -1;
    }
    err->col = (int)pos + 1;
    if (show > TOKEN_SHOW_MAX) {
        show = TOKEN_SHOW_MAX;
        while (show > 0 && ((unsigned char)p->s[pos + show] & 0xc0) == 0x80) {
            show--;
        }
    }
    snprintf(err->msg, sizeof(err->msg), "expected %s, found \"%.*s%s\"",
             what, (int)show, p->s + pos, show < n ? "..." : "");
    return -1;
}

int tl__fail_tok(struct parser *p, struct token t, const char *what)
{
    return tl__fail_span(p, t.pos, t.n, what);
}

int tl__fail_tokf(struct parser *p, struct token t, const char *fmt, ...)
{
    char what[TL_MSG_MAX / 2];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    return tl__fail_tok(p, t, what);
}

/* ------------------------------------------------------------------ */
/* Seats, numbers, cards, scores                                        */
/* ------------------------------------------------------------------ */

int tl__read_seat(struct parser *p, int8_t *out, const char *what)
{
    struct token t = tl__next_token(p);

    if (t.n == 1 && tl__lower(p->s[t.pos]) == 'a') {
        *out = SEAT_A;
        return 0;
    }
    if (t.n == 1 && tl__lower(p->s[t.pos]) == 'b') {
        *out = SEAT_B;
        return 0;
    }
    return tl__fail_tok(p, t, what);
}

bool tl__number_in(const struct parser *p, struct token t, int lo, int hi,
                   int *out)
{
    int v = 0;
    size_t i;

    if (t.n == 0 || t.n > NUMBER_DIGITS_MAX) {
        return false;
    }
    for (i = 0; i < t.n; i++) {
        if (!tl__is_digit(p->s[t.pos + i])) {
            return false;
        }
        v = v * 10 + (p->s[t.pos + i] - '0');
    }
    if (v < lo || v > hi) {
        return false;
    }
    *out = v;
    return true;
}

int tl__read_number(struct parser *p, int lo, int hi, const char *what,
                    int16_t *out)
{
    struct token t = tl__next_token(p);
    int v;

    if (!tl__number_in(p, t, lo, hi, &v)) {
        return tl__fail_tokf(p, t, "%s (%d to %d)", what, lo, hi);
    }
    *out = (int16_t)v;
    return 0;
}

/* card_in - the card of token t if the whole token is one card. */
static bool card_in(const struct parser *p, struct token t, uint8_t *out)
{
    return card_word(p->s + t.pos, t.n, out);
}

int tl__read_card(struct parser *p, struct table_event *ev)
{
    struct token t = tl__next_token(p);
    uint8_t c;

    if (!card_in(p, t, &c)) {
        return tl__fail_tok(p, t, "a card");
    }
    ev->cards[ev->n_cards++] = c;
    return 0;
}

int tl__read_end(struct parser *p)
{
    struct token t = tl__next_token(p);

    if (t.n != 0) {
        return tl__fail_tok(p, t, "end of line");
    }
    return 0;
}

int tl__read_cards(struct parser *p, struct table_event *ev, int min,
                   int exact)
{
    struct token t;
    uint8_t c;

    for (;;) {
        t = tl__next_token(p);
        if (t.n == 0) {
            break;
        }
        if (exact >= 0 && ev->n_cards == exact) {
            return tl__fail_tokf(p, t, "end of line after %d card%s", exact,
                                 exact == 1 ? "" : "s");
        }
        if (ev->n_cards == EVENT_CARDS_MAX) {
            return tl__fail_tokf(p, t, "end of line (at most %d cards)",
                                 EVENT_CARDS_MAX);
        }
        if (!card_in(p, t, &c)) {
            bool may_end = ev->n_cards >= min
                           && (exact < 0 || ev->n_cards == 0);

            return tl__fail_tok(p, t, may_end ? "a card or end of line"
                                              : "a card");
        }
        ev->cards[ev->n_cards++] = c;
    }
    if (ev->n_cards < min) {
        return tl__fail_tok(p, t, "a card");
    }
    if (exact >= 0 && ev->n_cards > 0 && ev->n_cards != exact) {
        return tl__fail_tokf(p, t, "%d cards (or none)", exact);
    }
    return 0;
}

int tl__read_word(struct parser *p, const char *word)
{
    struct token t = tl__next_token(p);

    if (!tl__tok_is(p, t, word)) {
        return tl__fail_tok(p, t, word);
    }
    return 0;
}

int tl__read_score(struct parser *p, int16_t score[2])
{
    int8_t first;
    int8_t second;
    int16_t v;
    struct token t;

    if (tl__read_seat(p, &first, "a seat (A or B)") < 0) {
        return -1;
    }
    if (tl__read_number(p, 0, SCORE_MAX, "a score", &v) < 0) {
        return -1;
    }
    score[first] = v;
    t = tl__next_token(p);
    p->pos = t.pos;
    if (tl__read_seat(p, &second, first == SEAT_A ? "seat B" : "seat A") < 0) {
        return -1;
    }
    if (second == first) {
        return tl__fail_tok(p, t, first == SEAT_A ? "seat B" : "seat A");
    }
    if (tl__read_number(p, 0, SCORE_MAX, "a score", &v) < 0) {
        return -1;
    }
    score[second] = v;
    return tl__read_end(p);
}
