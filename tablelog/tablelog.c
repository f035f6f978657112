/* tablelog.c - read and write the lines of a .ecarte table log (FORMAT.md).
 *
 * Syntax only: a line becomes a struct tl_line (tag, event or `=` line) and
 * back.  Fields an event kind does not use are left zero, with the seats
 * (actor, target) at SEAT_NONE, suit at SUIT_NONE and option at -1.
 */
#include "tablelog/tablelog.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define TOKEN_SHOW_MAX 40       /* bytes of a bad token quoted in a message */
#define NUMBER_DIGITS_MAX 6     /* longer numbers are out of range anyway */
#define SCORE_MAX 99            /* points in a game, for score lines */
#define CARDS_IN_PACK 32        /* most cards a gives, discards, ... counts */

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* ------------------------------------------------------------------ */
/* Scanning one line                                                    */
/* ------------------------------------------------------------------ */

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

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static char lower(char c)
{
    if (c >= 'A' && c <= 'Z') {
        return (char)(c - 'A' + 'a');
    }
    return c;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static void skip_blanks(struct parser *p)
{
    while (p->pos < p->end && is_blank(p->s[p->pos])) {
        p->pos++;
    }
}

/* next_token - the next blank-separated word, or n == 0 at end of line. */
static struct token next_token(struct parser *p)
{
    struct token t;

    skip_blanks(p);
    t.pos = p->pos;
    while (p->pos < p->end && !is_blank(p->s[p->pos])) {
        p->pos++;
    }
    t.n = p->pos - t.pos;
    return t;
}

/* True if the n bytes at w equal the lower-case word, ignoring ASCII case. */
static bool span_is(const char *w, size_t n, const char *word)
{
    size_t i;

    if (strlen(word) != n) {
        return false;
    }
    for (i = 0; i < n; i++) {
        if (lower(w[i]) != word[i]) {
            return false;
        }
    }
    return true;
}

static bool tok_is(const struct parser *p, struct token t, const char *word)
{
    return span_is(p->s + t.pos, t.n, word);
}

/*
 * fail_span - record "expected WHAT, found "TEXT"" for the n bytes at pos
 * (or "found end of line" when n is 0) with its 1-based column.  A long
 * text is cut at a UTF-8 character boundary and marked "...".
 * Returns -1 so that callers can `return fail_span(...)`.
 */
static int fail_span(struct parser *p, size_t pos, size_t n,
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

static int fail_tok(struct parser *p, struct token t, const char *what)
{
    return fail_span(p, t.pos, t.n, what);
}

/* fail_tokf - fail_tok with a formatted WHAT. */
PRINTF_LIKE(3, 4)
static int fail_tokf(struct parser *p, struct token t, const char *fmt, ...)
{
    char what[TL_MSG_MAX / 2];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    return fail_tok(p, t, what);
}

/* ------------------------------------------------------------------ */
/* Words: seats, numbers, cards                                         */
/* ------------------------------------------------------------------ */

/* read_seat - the next word as a seat A or B (any case). */
static int read_seat(struct parser *p, int8_t *out, const char *what)
{
    struct token t = next_token(p);

    if (t.n == 1 && lower(p->s[t.pos]) == 'a') {
        *out = SEAT_A;
        return 0;
    }
    if (t.n == 1 && lower(p->s[t.pos]) == 'b') {
        *out = SEAT_B;
        return 0;
    }
    return fail_tok(p, t, what);
}

/* number_in - the value of token t if it is decimal digits in [lo, hi]. */
static bool number_in(const struct parser *p, struct token t, int lo, int hi,
                      int *out)
{
    int v = 0;
    size_t i;

    if (t.n == 0 || t.n > NUMBER_DIGITS_MAX) {
        return false;
    }
    for (i = 0; i < t.n; i++) {
        if (!is_digit(p->s[t.pos + i])) {
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

/* read_number - the next word as a number in [lo, hi]; what names it. */
static int read_number(struct parser *p, int lo, int hi, const char *what,
                       int16_t *out)
{
    struct token t = next_token(p);
    int v;

    if (!number_in(p, t, lo, hi, &v)) {
        return fail_tokf(p, t, "%s (%d to %d)", what, lo, hi);
    }
    *out = (int16_t)v;
    return 0;
}

/* card_in - the card of token t if the whole token is one card. */
static bool card_in(const struct parser *p, struct token t, uint8_t *out)
{
    char buf[16];

    if (t.n == 0 || t.n >= sizeof(buf)) {
        return false;
    }
    memcpy(buf, p->s + t.pos, t.n);
    buf[t.n] = '\0';
    return card_parse(buf, out) == t.n;
}

/* read_card - the next word as a card, appended to ev->cards. */
static int read_card(struct parser *p, struct table_event *ev)
{
    struct token t = next_token(p);
    uint8_t c;

    if (!card_in(p, t, &c)) {
        return fail_tok(p, t, "a card");
    }
    ev->cards[ev->n_cards++] = c;
    return 0;
}

/* read_end - nothing more may follow on the line. */
static int read_end(struct parser *p)
{
    struct token t = next_token(p);

    if (t.n != 0) {
        return fail_tok(p, t, "end of line");
    }
    return 0;
}

/*
 * read_cards - the cards to the end of the line, appended to ev: at least
 * min of them; if exact >= 0, either none or exactly exact (the N of
 * "gives Y N [C ...]").
 */
static int read_cards(struct parser *p, struct table_event *ev, int min,
                      int exact)
{
    struct token t;
    uint8_t c;

    for (;;) {
        t = next_token(p);
        if (t.n == 0) {
            break;
        }
        if (exact >= 0 && ev->n_cards == exact) {
            return fail_tokf(p, t, "end of line after %d card%s", exact,
                             exact == 1 ? "" : "s");
        }
        if (ev->n_cards == EVENT_CARDS_MAX) {
            return fail_tokf(p, t, "end of line (at most %d cards)",
                             EVENT_CARDS_MAX);
        }
        if (!card_in(p, t, &c)) {
            bool may_end = ev->n_cards >= min
                           && (exact < 0 || ev->n_cards == 0);

            return fail_tok(p, t, may_end ? "a card or end of line"
                                          : "a card");
        }
        ev->cards[ev->n_cards++] = c;
    }
    if (ev->n_cards < min) {
        return fail_tok(p, t, "a card");
    }
    if (exact >= 0 && ev->n_cards > 0 && ev->n_cards != exact) {
        return fail_tokf(p, t, "%d cards (or none)", exact);
    }
    return 0;
}

/* read_word - the next word must be word (any case). */
static int read_word(struct parser *p, const char *word)
{
    struct token t = next_token(p);

    if (!tok_is(p, t, word)) {
        return fail_tok(p, t, word);
    }
    return 0;
}

/* read_score - "A n B m" with the seats in either order into score[2]. */
static int read_score(struct parser *p, int16_t score[2])
{
    int8_t first;
    int8_t second;
    int16_t v;
    struct token t;

    if (read_seat(p, &first, "a seat (A or B)") < 0) {
        return -1;
    }
    if (read_number(p, 0, SCORE_MAX, "a score", &v) < 0) {
        return -1;
    }
    score[first] = v;
    t = next_token(p);
    p->pos = t.pos;
    if (read_seat(p, &second, first == SEAT_A ? "seat B" : "seat A") < 0) {
        return -1;
    }
    if (second == first) {
        return fail_tok(p, t, first == SEAT_A ? "seat B" : "seat A");
    }
    if (read_number(p, 0, SCORE_MAX, "a score", &v) < 0) {
        return -1;
    }
    score[second] = v;
    return read_end(p);
}

/* ------------------------------------------------------------------ */
/* Table lines and actions                                              */
/* ------------------------------------------------------------------ */

/* event_clear - an event with every field zero / NONE. */
static void event_clear(struct table_event *ev)
{
    memset(ev, 0, sizeof(*ev));
    ev->kind = EV_NONE;
    ev->actor = SEAT_NONE;
    ev->target = SEAT_NONE;
    ev->suit = SUIT_NONE;
    ev->option = -1;
}

/* parse_found - "found faced C", "found X holds N", "found pack imperfect". */
static int parse_found(struct parser *p, struct table_event *ev)
{
    struct token t = next_token(p);

    if (tok_is(p, t, "faced")) {
        ev->kind = EV_FOUND_FACED;
        if (read_card(p, ev) < 0) {
            return -1;
        }
        return read_end(p);
    }
    if (tok_is(p, t, "pack")) {
        ev->kind = EV_FOUND_IMPERFECT;
        if (read_word(p, "imperfect") < 0) {
            return -1;
        }
        return read_cards(p, ev, 0, -1);
    }
    p->pos = t.pos;
    ev->kind = EV_FOUND_HOLDS;
    if (read_seat(p, &ev->target,
                  "faced, pack imperfect or a seat (A or B)") < 0) {
        return -1;
    }
    if (read_word(p, "holds") < 0) {
        return -1;
    }
    if (read_number(p, 0, CARDS_IN_PACK, "a number of cards", &ev->n) < 0) {
        return -1;
    }
    return read_end(p);
}

/* parse_table - a table line (no actor) starting with word t; 1 if t is not
 * a table keyword (nothing consumed but t). */
static int parse_table(struct parser *p, struct token t,
                       struct table_event *ev)
{
    if (tok_is(p, t, "game")) {
        ev->kind = EV_GAME;
        return read_end(p);
    }
    if (tok_is(p, t, "end")) {
        ev->kind = EV_END;
        return read_end(p);
    }
    if (tok_is(p, t, "score")) {
        ev->kind = EV_SCORE;
        return read_score(p, ev->score);
    }
    if (tok_is(p, t, "found")) {
        return parse_found(p, ev);
    }
    if (tok_is(p, t, "deal")) {
        struct token w;

        ev->kind = EV_DEAL;
        if (read_seat(p, &ev->actor, "a seat (A or B)") < 0) {
            return -1;
        }
        w = next_token(p);
        if (w.n == 0) {
            return 0;
        }
        if (!tok_is(p, w, "pack")) {
            return fail_tok(p, w, "pack or end of line");
        }
        ev->flags |= EVF_PACK;
        if (read_seat(p, &ev->target, "a seat (A or B)") < 0) {
            return -1;
        }
        return read_end(p);
    }
    return 1;
}

/* parse_elect - "elects OPTION [C]", the card only for trump. */
static int parse_elect(struct parser *p, struct table_event *ev)
{
    struct token t = next_token(p);
    int o = option_parse(p->s + t.pos, t.n);

    if (t.n == 0 || o < 0) {
        return fail_tok(p, t, "an option (new-deal, play-on, rectify, "
                              "trump, replay, stand, take, refuse, "
                              "complete, named-suit, card-led)");
    }
    ev->option = (int8_t)o;
    if (o != OPT_TRUMP) {
        return read_end(p);
    }
    t = next_token(p);
    if (t.n == 0) {
        return 0;
    }
    p->pos = t.pos;
    if (read_card(p, ev) < 0) {
        return -1;
    }
    return read_end(p);
}

/* parse_action - the verb and arguments of an action whose actor is read. */
static int parse_action(struct parser *p, struct table_event *ev)
{
    struct token t = next_token(p);
    struct token w;
    int k;
    int v;

    ev->kind = EV_NONE;
    for (k = EV_CUT_FOR_DEAL; k < EV_KIND_COUNT; k++) {
        if (tok_is(p, t, event_verb((enum event_kind)k))) {
            ev->kind = (enum event_kind)k;
            break;
        }
    }
    switch (ev->kind) {
    case EV_CUT_FOR_DEAL:
    case EV_TURN:
    case EV_SHOW:
        return read_cards(p, ev, 1, -1);
    case EV_CLAIM:
        return read_cards(p, ev, 0, -1);
    case EV_NEW_CARDS:
    case EV_LOOK:
    case EV_PROPOSE:
    case EV_STAND:
    case EV_REFUSE:
    case EV_ABANDON:
    case EV_OFFER_DOUBLE:
    case EV_ACCEPT_DOUBLE:
    case EV_DECLINE_DOUBLE:
    case EV_OFFER_POINT:
    case EV_ACCEPT_POINT:
    case EV_DECLINE_POINT:
        return read_end(p);
    case EV_RESHUFFLE:
        if (read_number(p, 0, CARDS_IN_PACK, "a number of cards",
                        &ev->n) < 0) {
            return -1;
        }
        return read_end(p);
    case EV_VETO:
        if (read_card(p, ev) < 0) {
            return -1;
        }
        return read_end(p);
    case EV_SHUFFLE:
        w = next_token(p);
        if (tok_is(p, w, "faces-shown")) {
            ev->flags |= EVF_FACES_SHOWN;
        } else if (tok_is(p, w, "below-table")) {
            ev->flags |= EVF_BELOW_TABLE;
        } else if (w.n != 0) {
            return fail_tok(p, w, "faces-shown, below-table or end of line");
        }
        return read_end(p);
    case EV_CUT:
        if (read_number(p, 1, CARDS_IN_PACK - 1, "a cut", &ev->n) < 0) {
            return -1;
        }
        w = next_token(p);
        if (w.n == 0) {
            return 0;
        }
        if (!tok_is(p, w, "exposed")) {
            return fail_tok(p, w, "exposed or end of line");
        }
        ev->flags |= EVF_EXPOSED;
        if (read_card(p, ev) < 0) {
            return -1;
        }
        return read_end(p);
    case EV_PACKETS:
        w = next_token(p);
        if (tok_is(p, w, "3-2")) {
            ev->option = 3;
        } else if (tok_is(p, w, "2-3")) {
            ev->option = 2;
        } else {
            return fail_tok(p, w, "a packet order (3-2 or 2-3)");
        }
        return read_end(p);
    case EV_GIVE:
        if (read_seat(p, &ev->target, "a seat (A or B)") < 0) {
            return -1;
        }
        /* fall through */
    case EV_DISCARD:
    case EV_DRAW:
        if (read_number(p, 0, CARDS_IN_PACK, "a number of cards",
                        &ev->n) < 0) {
            return -1;
        }
        return read_cards(p, ev, 0, ev->n);
    case EV_ASK:
        if (read_number(p, 0, CARDS_IN_PACK, "a number of cards",
                        &ev->n) < 0) {
            return -1;
        }
        return read_end(p);
    case EV_EXPOSE:
        if (read_card(p, ev) < 0 || read_word(p, "to") < 0) {
            return -1;
        }
        if (read_seat(p, &ev->target, "a seat (A or B)") < 0) {
            return -1;
        }
        return read_end(p);
    case EV_MARK_KING:
    case EV_MARK:
        w = next_token(p);
        if (tok_is(p, w, "king")) {
            ev->kind = EV_MARK_KING;
            return read_end(p);
        }
        ev->kind = EV_MARK;
        if (!number_in(p, w, 1, 20, &v)) {
            return fail_tok(p, w, "king or a number of points (1 to 20)");
        }
        ev->n = (int16_t)v;
        return read_end(p);
    case EV_UNMARK:
        if (read_number(p, 1, 20, "a number of points", &ev->n) < 0) {
            return -1;
        }
        return read_end(p);
    case EV_ANNOUNCE:
    case EV_WITHDRAW:
        if (read_word(p, "king") < 0) {
            return -1;
        }
        return read_end(p);
    case EV_ACCEPT:
        w = next_token(p);
        if (tok_is(p, w, "if-enough")) {
            ev->flags |= EVF_IF_ENOUGH;
        } else if (w.n != 0) {
            return fail_tok(p, w, "if-enough or end of line");
        }
        return read_end(p);
    case EV_LEAD:
        if (read_card(p, ev) < 0) {
            return -1;
        }
        w = next_token(p);
        if (w.n == 0) {
            return 0;
        }
        if (!tok_is(p, w, "calling")) {
            return fail_tok(p, w, "calling or end of line");
        }
        w = next_token(p);
        {
            size_t n = 0;
            char buf[8];
            int s = SUIT_NONE;

            if (w.n > 0 && w.n < sizeof(buf)) {
                memcpy(buf, p->s + w.pos, w.n);
                buf[w.n] = '\0';
                s = suit_parse(buf, &n);
            }
            if (s == SUIT_NONE || n != w.n) {
                return fail_tok(p, w, "a suit (S, H, D or C)");
            }
            ev->suit = (int8_t)s;
        }
        ev->flags |= EVF_CALLING;
        return read_end(p);
    case EV_PLAY:
    case EV_TAKE_BACK:
        if (read_card(p, ev) < 0) {
            return -1;
        }
        return read_end(p);
    case EV_ELECT:
        return parse_elect(p, ev);
    default:
        return fail_tok(p, t, "an action (gives, plays, ...)");
    }
}

/* parse_event - a table line or an action (actor first). */
static int parse_event(struct parser *p, struct table_event *ev)
{
    struct token t = next_token(p);
    int rc;

    rc = parse_table(p, t, ev);
    if (rc <= 0) {
        return rc;
    }
    p->pos = t.pos;
    if (read_seat(p, &ev->actor, "a seat (A or B) or a table line "
                                 "(game, score, deal, found, end)") < 0) {
        return -1;
    }
    return parse_action(p, ev);
}

/* ------------------------------------------------------------------ */
/* `=` lines                                                            */
/* ------------------------------------------------------------------ */

/* read_law - "L43" (any case) into *out; L1..L51. */
static int read_law(struct parser *p, enum law_id *out)
{
    struct token t = next_token(p);
    const struct law *l = NULL;

    /* L1 to L51 (no leading zero), or a variant rule such as PL5 */
    if (t.n >= 2 && (lower(p->s[t.pos]) != 'l' || p->s[t.pos + 1] != '0')) {
        l = laws_find(p->s + t.pos, t.n);
    }
    if (l == NULL || (lower(p->s[t.pos]) != 'l' && l->law < N_CLUB_LAWS)) {
        return fail_tokf(p, t, "a law (L1 to L%d, or a variant rule such as "
                               "PL5)",
                         N_CLUB_LAWS);
    }
    *out = l->law;
    return 0;
}

/* read_options - "O,O,..." into *out (OPT_BIT()s). */
static int read_options(struct parser *p, uint32_t *out)
{
    struct token t = next_token(p);
    size_t i = t.pos;
    size_t end = t.pos + t.n;

    if (t.n == 0) {
        return fail_tok(p, t, "a list of options");
    }
    while (i <= end) {
        size_t j = i;
        int o;

        while (j < end && p->s[j] != ',') {
            j++;
        }
        if (j == i) {
            return fail_tok(p, t, "a list of options (O,O,...)");
        }
        o = option_parse(p->s + i, j - i);
        if (o < 0) {
            return fail_span(p, i, j - i, "an option");
        }
        *out |= OPT_BIT(o);
        i = j + 1;
    }
    return 0;
}

/* parse_ruling - "ruling LAW [offender X] [elector Y] [options ...]
 * [remedy R]", fields in any order, each at most once. */
static int parse_ruling(struct parser *p, struct tl_expect *x)
{
    static const char *const fields[] = {
        "offender", "elector", "options", "remedy"
    };
    struct token t;

    if (read_law(p, &x->law) < 0) {
        return -1;
    }
    for (;;) {
        char what[96] = "";
        int f;

        t = next_token(p);
        if (t.n == 0) {
            return 0;
        }
        for (f = 0; f < 4; f++) {
            if (tok_is(p, t, fields[f]) && (x->has & (1u << f)) == 0) {
                break;
            }
        }
        if (f == 4) {
            for (f = 0; f < 4; f++) {
                if ((x->has & (1u << f)) == 0) {
                    strcat(what, fields[f]);
                    strcat(what, ", ");
                }
            }
            if (what[0] != '\0') {
                what[strlen(what) - 2] = '\0';
                strcat(what, " or ");
            }
            strcat(what, "end of line");
            return fail_tok(p, t, what);
        }
        x->has |= (uint8_t)(1u << f);
        switch (1u << f) {
        case TLX_OFFENDER:
            if (read_seat(p, &x->offender, "a seat (A or B)") < 0) {
                return -1;
            }
            break;
        case TLX_ELECTOR:
            if (read_seat(p, &x->elector, "a seat (A or B)") < 0) {
                return -1;
            }
            break;
        case TLX_OPTIONS:
            if (read_options(p, &x->options) < 0) {
                return -1;
            }
            break;
        default:
            t = next_token(p);
            x->remedy = remedy_parse(p->s + t.pos, t.n);
            if (t.n == 0 || x->remedy < 0) {
                return fail_tok(p, t, "a remedy (new-deal, score-cap, ...)");
            }
            break;
        }
    }
}

/* parse_expect - the rest of a line that started with '='. */
static int parse_expect(struct parser *p, struct tl_line *out)
{
    struct token t = next_token(p);

    if (tok_is(p, t, "ruling")) {
        out->kind = TL_EXPECT_RULING;
        return parse_ruling(p, &out->expect);
    }
    if (tok_is(p, t, "score")) {
        out->kind = TL_EXPECT_SCORE;
        return read_score(p, out->score);
    }
    if (tok_is(p, t, "value")) {
        out->kind = TL_EXPECT_VALUE;
        if (read_number(p, 1, 64, "a value (1 to 64)", &out->score[0]) < 0) {
            return -1;
        }
        return read_end(p);
    }
    return fail_tok(p, t, "ruling, score or value");
}

/* ------------------------------------------------------------------ */
/* Tags and time stamps                                                 */
/* ------------------------------------------------------------------ */

/* two_digits - the number in s[0..1] if both are digits, else -1. */
static int two_digits(const char *s)
{
    if (!is_digit(s[0]) || !is_digit(s[1])) {
        return -1;
    }
    return (s[0] - '0') * 10 + (s[1] - '0');
}

/* time_valid - "HH:MM:SS" with sensible ranges. */
static bool time_valid(const char *s)
{
    int h = two_digits(s);
    int m = two_digits(s + 3);
    int sec = two_digits(s + 6);

    return s[2] == ':' && s[5] == ':' && h >= 0 && h <= 23 && m >= 0
           && m <= 59 && sec >= 0 && sec <= 59;
}

/* date_valid - "YYYY-MM-DD", a real day of the Gregorian calendar. */
static bool date_valid(const char *s)
{
    static const int days[12] = {
        31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
    };
    int hi = two_digits(s);
    int lo = two_digits(s + 2);
    int month = two_digits(s + 5);
    int day = two_digits(s + 8);
    int year;

    if (hi < 0 || lo < 0 || s[4] != '-' || s[7] != '-' || month < 1
        || month > 12 || day < 1 || day > days[month - 1]) {
        return false;
    }
    year = hi * 100 + lo;
    if (month == 2 && day == 29) {
        return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    }
    return true;
}

/* read_stamp - "@HH:MM:SS" or "@YYYY-MM-DDTHH:MM:SS" into out (no '@'). */
static int read_stamp(struct parser *p, char out[TL_STAMP_MAX])
{
    size_t start = p->pos;
    const char *s = p->s + start + 1;
    size_t n;
    bool ok;

    while (p->pos < p->end && !is_blank(p->s[p->pos])
           && p->s[p->pos] != '#') {
        p->pos++;
    }
    n = p->pos - start - 1;
    if (n == 8) {
        ok = time_valid(s);
    } else if (n == 19) {
        ok = date_valid(s) && s[10] == 'T' && time_valid(s + 11);
    } else {
        ok = false;
    }
    if (!ok) {
        return fail_span(p, start, n + 1, "a time stamp (@HH:MM:SS or "
                                          "@YYYY-MM-DDTHH:MM:SS)");
    }
    memcpy(out, s, n);
    out[n] = '\0';
    return 0;
}

static bool is_name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c)
           || c == '_';
}

/* parse_tag - `[Name "value"]` at p->pos, value unescaped (\" and \\). */
static int parse_tag(struct parser *p, struct tl_line *out)
{
    const char *s = p->s;
    char what[64];
    size_t start;
    size_t n = 0;

    out->kind = TL_TAG;
    p->pos++;
    skip_blanks(p);
    start = p->pos;
    while (p->pos < p->end && is_name_char(s[p->pos])) {
        p->pos++;
    }
    if (p->pos == start) {
        return fail_span(p, start, next_token(p).n, "a tag name");
    }
    if (p->pos - start >= TL_TAG_NAME_MAX) {
        snprintf(what, sizeof(what), "a tag name of at most %d characters",
                 TL_TAG_NAME_MAX - 1);
        return fail_span(p, start, p->pos - start, what);
    }
    memcpy(out->tag_name, s + start, p->pos - start);
    out->tag_name[p->pos - start] = '\0';
    skip_blanks(p);
    if (p->pos >= p->end || s[p->pos] != '"') {
        start = p->pos;
        return fail_span(p, start, next_token(p).n, "a quoted tag value");
    }
    p->pos++;
    for (;;) {
        char c;

        if (p->pos >= p->end) {
            return fail_span(p, p->end, 0, "a closing quote");
        }
        c = s[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c == '\\') {
            if (p->pos + 1 >= p->end
                || (s[p->pos + 1] != '"' && s[p->pos + 1] != '\\')) {
                return fail_span(p, p->pos, p->pos + 1 < p->end ? 2 : 1,
                                 "\\\" or \\\\ (escapes in a tag value)");
            }
            c = s[++p->pos];
        }
        if (n + 1 >= TL_TAG_VALUE_MAX) {
            snprintf(what, sizeof(what), "a tag value of at most %d bytes",
                     TL_TAG_VALUE_MAX - 1);
            return fail_span(p, p->pos, p->end - p->pos, what);
        }
        out->tag_value[n++] = c;
        p->pos++;
    }
    out->tag_value[n] = '\0';
    skip_blanks(p);
    if (p->pos >= p->end || s[p->pos] != ']') {
        start = p->pos;
        return fail_span(p, start, next_token(p).n, "]");
    }
    p->pos++;
    skip_blanks(p);
    if (p->pos < p->end && s[p->pos] != '#') {
        start = p->pos;
        return fail_span(p, start, next_token(p).n, "end of line");
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Parsing a line                                                       */
/* ------------------------------------------------------------------ */

/*
 * utf8_bad - the offset of the first byte of s (n bytes) that is not part
 * of well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or a NUL; n if there is none.  A sequence cut
 * short is bad at its first byte.
 */
static size_t utf8_bad(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;

    while (i < n) {
        unsigned c = u[i];
        unsigned lo = 0x80;     /* range of the second byte */
        unsigned hi = 0xbf;
        size_t len;

        if (c == 0) {
            return i;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf) {
            len = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            len = 3;
            lo = c == 0xe0 ? 0xa0 : lo;
            hi = c == 0xed ? 0x9f : hi;
        } else if (c >= 0xf0 && c <= 0xf4) {
            len = 4;
            lo = c == 0xf0 ? 0x90 : lo;
            hi = c == 0xf4 ? 0x8f : hi;
        } else {
            return i;
        }
        if (n - i < len || u[i + 1] < lo || u[i + 1] > hi) {
            return i;
        }
        for (size_t k = 2; k < len; k++) {
            if ((u[i + k] & 0xc0) != 0x80) {
                return i;
            }
        }
        i += len;
    }
    return n;
}

static void trim_end(struct parser *p)
{
    while (p->end > p->pos && is_blank(p->s[p->end - 1])) {
        p->end--;
    }
}

int tl_parse_line(const char *text, size_t len, int line_no,
                  struct tl_line *out, struct tl_error *err)
{
    struct tl_error scratch;
    struct parser p;
    const char *hash;
    size_t bad;

    memset(out, 0, sizeof(*out));
    out->kind = TL_BLANK;
    out->line_no = line_no;
    event_clear(&out->ev);
    out->expect.offender = SEAT_NONE;
    out->expect.elector = SEAT_NONE;
    out->expect.remedy = REM_NONE;

    if (err == NULL) {
        err = &scratch;
    }
    err->line = line_no;
    err->col = 0;
    err->msg[0] = '\0';

    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r')) {
        len--;
    }
    bad = utf8_bad(text, len);
    if (bad < len) {
        /* the whole line, comment included, is UTF-8 text (FORMAT.md) */
        err->col = (int)bad + 1;
        snprintf(err->msg, sizeof(err->msg),
                 "expected UTF-8 text, found the byte 0x%02X",
                 (unsigned char)text[bad]);
        return -1;
    }
    p.s = text;
    p.end = len;
    p.pos = 0;
    p.err = err;
    trim_end(&p);
    skip_blanks(&p);
    if (p.pos < p.end && text[p.pos] == '@') {
        if (read_stamp(&p, out->stamp) < 0) {
            return -1;
        }
        skip_blanks(&p);
    }
    if (p.pos < p.end && text[p.pos] == '[') {
        return parse_tag(&p, out);
    }
    hash = memchr(text + p.pos, '#', p.end - p.pos);
    if (hash != NULL) {
        p.end = (size_t)(hash - text);
        trim_end(&p);
    }
    if (p.pos >= p.end) {
        if (out->stamp[0] != '\0') {
            return fail_span(&p, p.end, 0, "an action or a table line");
        }
        return 0;
    }
    if (text[p.pos] == '=') {
        p.pos++;
        return parse_expect(&p, out);
    }
    out->kind = TL_EVENT;
    return parse_event(&p, &out->ev);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* Output into a caller's buffer, truncated (and terminated) when full. */
struct sbuf {
    char *buf;
    size_t n;                   /* size of buf */
    size_t len;                 /* bytes written, < n when n > 0 */
};

static void sb_init(struct sbuf *b, char *buf, size_t n)
{
    b->buf = buf;
    b->n = n;
    b->len = 0;
    if (n > 0) {
        buf[0] = '\0';
    }
}

/* sb_add - append printf-style text, keeping what fits. */
PRINTF_LIKE(2, 3)
static void sb_add(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int w;

    if (b->n == 0 || b->len + 1 >= b->n) {
        return;
    }
    va_start(ap, fmt);
    w = vsnprintf(b->buf + b->len, b->n - b->len, fmt, ap);
    va_end(ap);
    if (w < 0) {
        b->buf[b->len] = '\0';
        return;
    }
    b->len += (size_t)w;
    if (b->len >= b->n) {
        b->len = b->n - 1;
    }
}

/* sb_cards - " C C ..." for the listed cards of ev. */
static void sb_cards(struct sbuf *b, const struct table_event *ev)
{
    char card[CARD_TEXT_MAX];
    int i;
    int n = ev->n_cards < EVENT_CARDS_MAX ? ev->n_cards : EVENT_CARDS_MAX;

    for (i = 0; i < n; i++) {
        sb_add(b, " %s", card_format(ev->cards[i], card));
    }
}

/* sb_first_card - " C" for the first card of ev, if it has one. */
static void sb_first_card(struct sbuf *b, const struct table_event *ev)
{
    char card[CARD_TEXT_MAX];

    if (ev->n_cards > 0) {
        sb_add(b, " %s", card_format(ev->cards[0], card));
    }
}

/* sb_action - the words after "X verb" for an action. */
static void sb_action(struct sbuf *b, const struct table_event *ev)
{
    char card[CARD_TEXT_MAX];

    switch (ev->kind) {
    case EV_CUT_FOR_DEAL:
    case EV_TURN:
    case EV_CLAIM:
    case EV_SHOW:
        sb_cards(b, ev);
        break;
    case EV_SHUFFLE:
        if (ev->flags & EVF_FACES_SHOWN) {
            sb_add(b, " faces-shown");
        } else if (ev->flags & EVF_BELOW_TABLE) {
            sb_add(b, " below-table");
        }
        break;
    case EV_CUT:
        sb_add(b, " %d", ev->n);
        if ((ev->flags & EVF_EXPOSED) && ev->n_cards > 0) {
            sb_add(b, " exposed %s", card_format(ev->cards[0], card));
        }
        break;
    case EV_PACKETS:
        sb_add(b, " %s", ev->option == 2 ? "2-3" : "3-2");
        break;
    case EV_GIVE:
        sb_add(b, " %c", seat_letter(ev->target));
        /* fall through */
    case EV_DISCARD:
    case EV_DRAW:
        sb_add(b, " %d", ev->n);
        sb_cards(b, ev);
        break;
    case EV_ASK:
    case EV_MARK:
    case EV_UNMARK:
    case EV_RESHUFFLE:
        sb_add(b, " %d", ev->n);
        break;
    case EV_VETO:
        sb_first_card(b, ev);
        break;
    case EV_EXPOSE:
        sb_first_card(b, ev);
        sb_add(b, " to %c", seat_letter(ev->target));
        break;
    case EV_MARK_KING:
    case EV_ANNOUNCE:
    case EV_WITHDRAW:
        sb_add(b, " king");
        break;
    case EV_ACCEPT:
        if (ev->flags & EVF_IF_ENOUGH) {
            sb_add(b, " if-enough");
        }
        break;
    case EV_LEAD:
        sb_first_card(b, ev);
        if ((ev->flags & EVF_CALLING) && ev->suit >= 0
            && ev->suit < SUIT_COUNT) {
            sb_add(b, " calling %c", suit_letter(ev->suit));
        }
        break;
    case EV_PLAY:
    case EV_TAKE_BACK:
        sb_first_card(b, ev);
        break;
    case EV_ELECT:
        if (ev->option >= 0 && ev->option < OPT_COUNT) {
            sb_add(b, " %s", option_name((enum law_option)ev->option));
        }
        if (ev->option == OPT_TRUMP) {
            sb_first_card(b, ev);
        }
        break;
    default:
        break;
    }
}

char *tl_format_event(const struct table_event *ev, char *buf, size_t n)
{
    struct sbuf b;
    char card[CARD_TEXT_MAX];

    sb_init(&b, buf, n);
    switch (ev->kind) {
    case EV_NONE:
        break;
    case EV_GAME:
    case EV_END:
        sb_add(&b, "%s", event_verb(ev->kind));
        break;
    case EV_SCORE:
        sb_add(&b, "score A %d B %d", ev->score[SEAT_A], ev->score[SEAT_B]);
        break;
    case EV_DEAL:
        sb_add(&b, "deal %c", seat_letter(ev->actor));
        if (ev->flags & EVF_PACK) {
            sb_add(&b, " pack %c", seat_letter(ev->target));
        }
        break;
    case EV_FOUND_FACED:
        sb_add(&b, "found faced");
        if (ev->n_cards > 0) {
            sb_add(&b, " %s", card_format(ev->cards[0], card));
        }
        break;
    case EV_FOUND_HOLDS:
        sb_add(&b, "found %c holds %d", seat_letter(ev->target), ev->n);
        break;
    case EV_FOUND_IMPERFECT:
        sb_add(&b, "found pack imperfect");
        sb_cards(&b, ev);
        break;
    default:
        sb_add(&b, "%c %s", seat_letter(ev->actor), event_verb(ev->kind));
        sb_action(&b, ev);
        break;
    }
    return buf;
}

char *tl_format_score(int a, int b, char *buf, size_t n)
{
    if (n > 0) {
        snprintf(buf, n, "= score A %d B %d", a, b);
    }
    return buf;
}

/* format_expect - "= ruling L43 ..." naming the fields of x->has. */
static void format_expect(struct sbuf *b, const struct tl_expect *x)
{
    int o;
    const char *sep = " options ";

    sb_add(b, "= ruling %s", laws_get(x->law)->id);
    if (x->has & TLX_OFFENDER) {
        sb_add(b, " offender %c", seat_letter(x->offender));
    }
    if (x->has & TLX_ELECTOR) {
        sb_add(b, " elector %c", seat_letter(x->elector));
    }
    if (x->has & TLX_OPTIONS) {
        for (o = 0; o < OPT_COUNT; o++) {
            if (x->options & OPT_BIT(o)) {
                sb_add(b, "%s%s", sep, option_name((enum law_option)o));
                sep = ",";
            }
        }
    }
    if ((x->has & TLX_REMEDY) && x->remedy >= 0 && x->remedy < REM_COUNT) {
        sb_add(b, " remedy %s", remedy_name((enum remedy)x->remedy));
    }
}

char *tl_format_line(const struct tl_line *l, char *buf, size_t n)
{
    struct sbuf b;
    const char *v;

    sb_init(&b, buf, n);
    if (l->kind == TL_BLANK) {
        return buf;
    }
    if (l->stamp[0] != '\0') {
        sb_add(&b, "@%s ", l->stamp);
    }
    switch (l->kind) {
    case TL_TAG:
        sb_add(&b, "[%s \"", l->tag_name);
        for (v = l->tag_value; *v != '\0'; v++) {
            if (*v == '"' || *v == '\\') {
                sb_add(&b, "\\%c", *v);
            } else {
                sb_add(&b, "%c", *v);
            }
        }
        sb_add(&b, "\"]");
        break;
    case TL_EVENT:
        if (b.len + 1 < b.n) {
            tl_format_event(&l->ev, buf + b.len, b.n - b.len);
        }
        break;
    case TL_EXPECT_RULING:
        format_expect(&b, &l->expect);
        break;
    case TL_EXPECT_SCORE:
        sb_add(&b, "= score A %d B %d", l->score[SEAT_A], l->score[SEAT_B]);
        break;
    case TL_EXPECT_VALUE:
        sb_add(&b, "= value %d", l->score[0]);
        break;
    default:
        break;
    }
    return buf;
}

/* ------------------------------------------------------------------ */
/* The stream reader                                                    */
/* ------------------------------------------------------------------ */

struct tl_reader {
    FILE *fp;                   /* borrowed */
    char *name;                 /* owned copy, for messages */
    int line_no;                /* last line read */
    bool in_actions;            /* an action or `=` line has been read */
    bool at_eof;                /* end of input seen */
    bool whole_lines;           /* a last line needs its line end */
    bool cut;                   /* the last line had none */
    size_t msg_size;            /* size of msg */
    char *msg;                  /* "NAME:LINE:COL: expected ..." */
    char raw[TL_LINE_MAX + 2];  /* the last line, without its end (one
                                   byte more to see a CR before LF) */
};

int tl_reader_open(struct tl_reader **out, FILE *fp, const char *name)
{
    struct tl_reader *r = NULL;
    size_t name_len = strlen(name);

    r = calloc(1, sizeof(*r));
    if (r == NULL) {
        return -1;
    }
    r->name = malloc(name_len + 1);
    r->msg_size = name_len + TL_MSG_MAX + 64;
    r->msg = malloc(r->msg_size);
    if (r->name == NULL || r->msg == NULL) {
        free(r->name);
        free(r->msg);
        free(r);
        return -1;
    }
    memcpy(r->name, name, name_len + 1);
    r->msg[0] = '\0';
    r->fp = fp;
    *out = r;
    return 0;
}

void tl_reader_set_whole_lines(struct tl_reader *r, bool on)
{
    r->whole_lines = on;
}

void tl_reader_close(struct tl_reader *r)
{
    if (r == NULL) {
        return;
    }
    free(r->name);
    free(r->msg);
    free(r);
}

/*
 * read_raw - the next line of r->fp into r->raw, up to and including its
 * '\n' and not a byte further.  Returns the length kept (line end and a
 * CR before it removed), or -1 at end of input, -2 on a read error.  Sets
 * *too_long if the line had more than TL_LINE_MAX bytes (the rest of it is
 * read and dropped).
 */
static long read_raw(struct tl_reader *r, bool *too_long)
{
    size_t n = 0;
    size_t dropped = 0;
    bool any = false;
    int c;

    *too_long = false;
    flockfile(r->fp);           /* one lock per line, not per byte */
    for (;;) {
        c = getc_unlocked(r->fp);
        if (c == EOF) {
            bool failed = ferror(r->fp) != 0;

            funlockfile(r->fp);
            if (failed) {
                return -2;
            }
            r->at_eof = true;
            if (!any) {
                return -1;
            }
            r->cut = true;
            goto out_line;
        }
        any = true;
        if (c == '\n') {
            break;
        }
        if (n < TL_LINE_MAX + 1) {
            r->raw[n++] = (char)c;
        } else {
            *too_long = true;
            if (++dropped > TL_LINE_MAX * 256) {
                /* no line end in sight (a device, a binary file): give up
                 * on the rest of the input rather than read forever */
                r->at_eof = true;
                break;
            }
        }
    }
    funlockfile(r->fp);
out_line:
    if (!*too_long && n > 0 && r->raw[n - 1] == '\r') {
        n--;
    }
    if (n > TL_LINE_MAX) {
        *too_long = true;
        n = TL_LINE_MAX;
    }
    r->raw[n] = '\0';
    return (long)n;
}

/* set_error - "NAME:LINE:COL: msg" into r->msg. */
static void set_error(struct tl_reader *r, int col, const char *msg)
{
    snprintf(r->msg, r->msg_size, "%s:%d:%d: %s", r->name, r->line_no, col,
             msg);
}

int tl_reader_next(struct tl_reader *r, struct tl_line *out)
{
    struct tl_error err;

    for (;;) {
        const char *text = r->raw;
        bool too_long;
        long n;

        if (r->at_eof) {
            return 0;
        }
        n = read_raw(r, &too_long);
        if (n == -2) {
            snprintf(r->msg, r->msg_size, "%s:%d: read error: %s", r->name,
                     r->line_no + 1, strerror(errno));
            return -2;
        }
        if (n < 0) {
            r->raw[0] = '\0';
            return 0;
        }
        r->line_no++;
        if (r->cut && r->whole_lines) {
            set_error(r, (int)n + 1, "expected the end of the line, found "
                      "the end of the input (a line cut short is not "
                      "taken)");
            return -1;
        }
        if (too_long) {
            char msg[TL_MSG_MAX];

            snprintf(msg, sizeof(msg), "expected a line of at most %d "
                     "bytes, found a longer line", TL_LINE_MAX);
            set_error(r, TL_LINE_MAX + 1, msg);
            return -1;
        }
        if (r->line_no == 1 && n >= 3
            && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
            memmove(r->raw, r->raw + 3, (size_t)n - 2);
            n -= 3;
        }
        if (tl_parse_line(text, (size_t)n, r->line_no, out, &err) < 0) {
            set_error(r, err.col, err.msg);
            return -1;
        }
        switch (out->kind) {
        case TL_BLANK:
            continue;
        case TL_TAG:
            if (r->in_actions) {
                const char *bracket = strchr(text, '[');

                set_error(r, bracket != NULL ? (int)(bracket - text) + 1 : 1,
                          "expected an action, found a tag");
                return -1;
            }
            return 1;
        default:
            r->in_actions = true;
            return 1;
        }
    }
}

const char *tl_reader_error(const struct tl_reader *r)
{
    return r->msg;
}

const char *tl_reader_raw(const struct tl_reader *r)
{
    return r->raw;
}

int tl_reader_line(const struct tl_reader *r)
{
    return r->line_no;
}
