/* SPDX-License-Identifier: MIT */
/*
 * actions.c - the grammar of table lines (game, deal, score, found, end)
 * and of actions (an actor, a verb and what the verb takes), into a
 * struct table_event.  Fields an event kind does not use are left as
 * event_clear (parse.c) set them.
 */
#include "tablelog/tablelog.h"

#include <string.h>

#include "tablelog/tablelog_int.h"

#define CARDS_IN_PACK 32        /* most cards a gives, discards, ... counts */

/* parse_found - "found faced C", "found X holds N", "found pack imperfect". */
static int parse_found(struct parser *p, struct table_event *ev)
{
    struct token t = tl__next_token(p);

    if (tl__tok_is(p, t, "faced")) {
        ev->kind = EV_FOUND_FACED;
        if (tl__read_card(p, ev) < 0) {
            return -1;
        }
        return tl__read_end(p);
    }
    if (tl__tok_is(p, t, "pack")) {
        ev->kind = EV_FOUND_IMPERFECT;
        if (tl__read_word(p, "imperfect") < 0) {
            return -1;
        }
        return tl__read_cards(p, ev, 0, -1);
    }
    p->pos = t.pos;
    ev->kind = EV_FOUND_HOLDS;
    if (tl__read_seat(p, &ev->target,
                      "faced, pack imperfect or a seat (A or B)") < 0) {
        return -1;
    }
    if (tl__read_word(p, "holds") < 0) {
        return -1;
    }
    if (tl__read_number(p, 0, CARDS_IN_PACK, "a number of cards", &ev->n) < 0) {
        return -1;
    }
    return tl__read_end(p);
}

/* parse_table - a table line (no actor) starting with word t; 1 if t is not
 * a table keyword (nothing consumed but t). */
static int parse_table(struct parser *p, struct token t,
                       struct table_event *ev)
{
    if (tl__tok_is(p, t, "game")) {
        ev->kind = EV_GAME;
        return tl__read_end(p);
    }
    if (tl__tok_is(p, t, "end")) {
        ev->kind = EV_END;
        return tl__read_end(p);
    }
    if (tl__tok_is(p, t, "strike")) {
        ev->kind = EV_STRIKE;
        return tl__read_end(p);
    }
    if (tl__tok_is(p, t, "score")) {
        ev->kind = EV_SCORE;
        return tl__read_score(p, ev->score);
    }
    if (tl__tok_is(p, t, "found")) {
        return parse_found(p, ev);
    }
    if (tl__tok_is(p, t, "deal")) {
        struct token w;

        ev->kind = EV_DEAL;
        if (tl__read_seat(p, &ev->actor, "a seat (A or B)") < 0) {
            return -1;
        }
        w = tl__next_token(p);
        if (w.n == 0) {
            return 0;
        }
        if (!tl__tok_is(p, w, "pack")) {
            return tl__fail_tok(p, w, "pack or end of line");
        }
        ev->flags |= EVF_PACK;
        if (tl__read_seat(p, &ev->target, "a seat (A or B)") < 0) {
            return -1;
        }
        return tl__read_end(p);
    }
    return 1;
}

/* parse_elect - "elects OPTION [C]", the card only for trump. */
static int parse_elect(struct parser *p, struct table_event *ev)
{
    struct token t = tl__next_token(p);
    int o = option_parse(p->s + t.pos, t.n);

    if (t.n == 0 || o < 0) {
        return tl__fail_tok(p, t, "an option (new-deal, play-on, rectify, "
                                  "trump, replay, stand, take, refuse, "
                                  "complete, named-suit, card-led)");
    }
    ev->option = (int8_t)o;
    if (o != OPT_TRUMP) {
        return tl__read_end(p);
    }
    t = tl__next_token(p);
    if (t.n == 0) {
        return 0;
    }
    p->pos = t.pos;
    if (tl__read_card(p, ev) < 0) {
        return -1;
    }
    return tl__read_end(p);
}

/* read_verb - the kind of action the word t names (a verb from
 * cuts-for-deal on), EV_NONE if it names none. */
static enum event_kind read_verb(const struct parser *p, struct token t)
{
    return event_verb_kind(p->s + t.pos, t.n);
}

/* read_count_end - "N" (0 to a pack), into ev->n, then the end of the
 * line (asks N, reshuffles N). */
static int read_count_end(struct parser *p, struct table_event *ev)
{
    if (tl__read_number(p, 0, CARDS_IN_PACK, "a number of cards", &ev->n) <
        0) {
        return -1;
    }
    return tl__read_end(p);
}

/* read_card_end - "C", then the end of the line (leads, plays,
 * takes-back, vetoes). */
static int read_card_end(struct parser *p, struct table_event *ev)
{
    if (tl__read_card(p, ev) < 0) {
        return -1;
    }
    return tl__read_end(p);
}

/* parse_shuffle - "shuffles [faces-shown | below-table]" (L2). */
static int parse_shuffle(struct parser *p, struct table_event *ev)
{
    struct token w = tl__next_token(p);

    if (tl__tok_is(p, w, "faces-shown")) {
        ev->flags |= EVF_FACES_SHOWN;
    } else if (tl__tok_is(p, w, "below-table")) {
        ev->flags |= EVF_BELOW_TABLE;
    } else if (w.n != 0) {
        return tl__fail_tok(p, w, "faces-shown, below-table or end of line");
    }
    return tl__read_end(p);
}

/* parse_cut - "cuts N [exposed C]" (L3, L7). */
static int parse_cut(struct parser *p, struct table_event *ev)
{
    struct token w;

    if (tl__read_number(p, 1, CARDS_IN_PACK - 1, "a cut", &ev->n) < 0) {
        return -1;
    }
    w = tl__next_token(p);
    if (w.n == 0) {
        return 0;
    }
    if (!tl__tok_is(p, w, "exposed")) {
        return tl__fail_tok(p, w, "exposed or end of line");
    }
    ev->flags |= EVF_EXPOSED;
    return read_card_end(p, ev);
}

/* parse_packets - "packets 3-2" or "packets 2-3" (L8). */
static int parse_packets(struct parser *p, struct table_event *ev)
{
    struct token w = tl__next_token(p);

    if (tl__tok_is(p, w, "3-2")) {
        ev->option = 3;
    } else if (tl__tok_is(p, w, "2-3")) {
        ev->option = 2;
    } else {
        return tl__fail_tok(p, w, "a packet order (3-2 or 2-3)");
    }
    return tl__read_end(p);
}

/* parse_counted_cards - "[Y] N [C ...]": gives (with its seat Y),
 * discards, draws; the cards either none or N of them. */
static int parse_counted_cards(struct parser *p, struct table_event *ev)
{
    if (ev->kind == EV_GIVE &&
        tl__read_seat(p, &ev->target, "a seat (A or B)") < 0) {
        return -1;
    }
    if (tl__read_number(p, 0, CARDS_IN_PACK, "a number of cards", &ev->n) <
        0) {
        return -1;
    }
    return tl__read_cards(p, ev, 0, ev->n);
}

/* parse_expose - "exposes C to Y" (L13, L36). */
static int parse_expose(struct parser *p, struct table_event *ev)
{
    if (tl__read_card(p, ev) < 0 || tl__read_word(p, "to") < 0) {
        return -1;
    }
    if (tl__read_seat(p, &ev->target, "a seat (A or B)") < 0) {
        return -1;
    }
    return tl__read_end(p);
}

/* parse_mark - "marks king" (L22) or "marks N" (points, L50). */
static int parse_mark(struct parser *p, struct table_event *ev)
{
    struct token w = tl__next_token(p);
    int v;

    if (tl__tok_is(p, w, "king")) {
        ev->kind = EV_MARK_KING;
        return tl__read_end(p);
    }
    ev->kind = EV_MARK;
    if (!tl__number_in(p, w, 1, 20, &v)) {
        return tl__fail_tok(p, w, "king or a number of points (1 to 20)");
    }
    ev->n = (int16_t)v;
    return tl__read_end(p);
}

/* parse_accept - "accepts [if-enough]" (L38). */
static int parse_accept(struct parser *p, struct table_event *ev)
{
    struct token w = tl__next_token(p);

    if (tl__tok_is(p, w, "if-enough")) {
        ev->flags |= EVF_IF_ENOUGH;
    } else if (w.n != 0) {
        return tl__fail_tok(p, w, "if-enough or end of line");
    }
    return tl__read_end(p);
}

/* read_suit - the next word as a suit letter or symbol into ev->suit. */
static int read_suit(struct parser *p, struct table_event *ev)
{
    struct token w = tl__next_token(p);
    size_t n = 0;
    char buf[8];
    int s = SUIT_NONE;

    if (w.n > 0 && w.n < sizeof(buf)) {
        memcpy(buf, p->s + w.pos, w.n);
        buf[w.n] = '\0';
        s = suit_parse(buf, &n);
    }
    if (s == SUIT_NONE || n != w.n) {
        return tl__fail_tok(p, w, "a suit (S, H, D or C)");
    }
    ev->suit = (int8_t)s;
    return 0;
}

/* parse_lead - "leads C [calling S]" (L41). */
static int parse_lead(struct parser *p, struct table_event *ev)
{
    struct token w;

    if (tl__read_card(p, ev) < 0) {
        return -1;
    }
    w = tl__next_token(p);
    if (w.n == 0) {
        return 0;
    }
    if (!tl__tok_is(p, w, "calling")) {
        return tl__fail_tok(p, w, "calling or end of line");
    }
    if (read_suit(p, ev) < 0) {
        return -1;
    }
    ev->flags |= EVF_CALLING;
    return tl__read_end(p);
}

/* parse_action - the verb and arguments of an action whose actor is
 * read: a dispatch on the verb to what it takes. */
static int parse_action(struct parser *p, struct table_event *ev)
{
    struct token t = tl__next_token(p);

    ev->kind = read_verb(p, t);
    switch (ev->kind) {
    case EV_CUT_FOR_DEAL:
    case EV_TURN:
    case EV_SHOW:
        return tl__read_cards(p, ev, 1, -1);
    case EV_CLAIM:
        return tl__read_cards(p, ev, 0, -1);
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
    case EV_LEAVES:             /* a seat's lines of the sitting */
    case EV_TAKES_ALL_BETS:
        return tl__read_end(p);
    case EV_RESHUFFLE:
    case EV_ASK:
        return read_count_end(p, ev);
    case EV_VETO:
    case EV_PLAY:
    case EV_TAKE_BACK:
        return read_card_end(p, ev);
    case EV_SHUFFLE:
        return parse_shuffle(p, ev);
    case EV_CUT:
        return parse_cut(p, ev);
    case EV_PACKETS:
        return parse_packets(p, ev);
    case EV_GIVE:
    case EV_DISCARD:
    case EV_DRAW:
        return parse_counted_cards(p, ev);
    case EV_EXPOSE:
        return parse_expose(p, ev);
    case EV_MARK_KING:
    case EV_MARK:
        return parse_mark(p, ev);
    case EV_UNMARK:
        if (tl__read_number(p, 1, 20, "a number of points", &ev->n) < 0) {
            return -1;
        }
        return tl__read_end(p);
    case EV_ANNOUNCE:
    case EV_WITHDRAW:
        if (tl__read_word(p, "king") < 0) {
            return -1;
        }
        return tl__read_end(p);
    case EV_ACCEPT:
        return parse_accept(p, ev);
    case EV_LEAD:
        return parse_lead(p, ev);
    case EV_ELECT:
        return parse_elect(p, ev);
    default:
        return tl__fail_tok(p, t, "an action (gives, plays, ...)");
    }
}

int tl__parse_event(struct parser *p, struct tl_line *out)
{
    struct table_event *ev = &out->ev;
    struct token t = tl__next_token(p);
    int rc;

    if (t.n == 1 && (tl__lower(p->s[t.pos]) == 'a' ||
                     tl__lower(p->s[t.pos]) == 'b')) {
        /* a seat acts: no table word, person or ID is one letter long */
        ev->actor = tl__lower(p->s[t.pos]) == 'a' ? SEAT_A : SEAT_B;
        return parse_action(p, ev);
    }
    rc = parse_table(p, t, ev);
    if (rc <= 0) {
        return rc;
    }
    rc = tl__parse_sitting_table(p, t, out);
    if (rc <= 0) {
        return rc;
    }
    rc = tl__parse_person_action(p, t, out);
    if (rc <= 0) {
        return rc;
    }
    p->pos = t.pos;
    if (tl__read_seat(p, &ev->actor, "a seat (A or B) or a table line "
                                     "(game, score, deal, found, end)") < 0) {
        return -1;
    }
    return parse_action(p, ev);
}
