/* SPDX-License-Identifier: MIT */
/*
 * exchange.c - proposals and the exchange: proposing, standing, answering
 * (L26, L27, L49), discards, asks, serving and drawing (L28-L34, L38), and
 * what each hand should hold as the exchange goes.
 */
#include "arbiter/arbiter.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* arbiter__accept_short - a short hand plays on as it is (L21, L30, L34): from
 * now its count is the count expected. */
void arbiter__accept_short(struct deal_state *d, int seat)
{
    int lack = 5 - d->played[seat] - d->z.count[Z_HAND(seat)] -
               arbiter__exchange_deficit(d, seat);

    d->lack[seat] = (int8_t)(lack > 0 ? lack : 0);
}

/* complete_counted - n cards completing seat's short hand (L16, L18, L32,
 * L34) make up what he lacked. */
static void complete_counted(struct deal_state *d, int seat, int n)
{
    if (d->phase == PH_EXCHANGE) {
        d->served[seat] = (int8_t)(d->served[seat] + n);
        return;
    }
    d->lack[seat] = (int8_t)(d->lack[seat] > n ? d->lack[seat] - n : 0);
}

/*
 * arbiter__off_by - by how many cards seat's hand is off (negative: short)
 * for a count ruling.  found: a count of the hand, against what he should
 * hold now; otherwise the exchange's serving, against what was due to him
 * (elder hand: what he asked, at most what he discarded; the dealer: what
 * he discarded).
 */
int arbiter__off_by(const struct deal_state *d, int seat, bool found)
{
    int disc;
    int due;

    if (seat == SEAT_NONE) {
        return 0;
    }
    if (found) {
        return arbiter__surplus(d, seat);
    }
    disc = d->discarded[seat] < 0 ? 0 : d->discarded[seat];
    due = disc;
    if (seat == d->elder && d->asked >= 0 && d->asked < disc) {
        due = d->asked;
    }
    return d->served[seat] - due;
}

/* arbiter__surplus - how many cards seat holds beyond what he should (negative
 * if short). */
int arbiter__surplus(const struct deal_state *d, int seat)
{
    return d->z.count[Z_HAND(seat)] - arbiter__expected_count(d, seat);
}

/* arbiter__end_exchange - the exchange in hand is over: back to elder hand's
 * decision.  A hand left short is for the laws (L30, L32, L34); a dealer
 * who took fewer cards than the profile asks (docs/variants.md, the switches) breaks no law
 * of the code: it is noted, not refused. */
int arbiter__end_exchange(struct ctx *c)
{
    struct deal_state *d = c->d;
    int dl = d->dealer;

    if (d->phase != PH_EXCHANGE) {
        return 0;
    }
    if (d->served[dl] < c->s->prof.dealer_min_exchange &&
        d->z.count[Z_STOCK] > 0 && d->discarded[dl] <= 0) {
        arbiter__note(
            c,
            "the dealer took no card, though he must take at least %d "
            "(docs/variants.md, the switches, dealer-min-exchange=%d); no law gives a "
            "penalty",
            c->s->prof.dealer_min_exchange, c->s->prof.dealer_min_exchange);
    }
    for (int k = 0; k < 2; k++) {
        /* what the exchange did not give back, each now lacks by right;
         * elder hand who never asked was owed only what he was given */
        if (k == d->elder && d->asked < 0 && d->discarded[k] > 0) {
            d->asked = d->served[k];
        }
        d->lack[k] = (int8_t)(d->lack[k] + arbiter__exchange_deficit(d, k));
    }
    d->phase = PH_TURNED;
    d->exchanged = true;
    return 0;
}

/*
 * arbiter__on_give_exchange - the dealer serves a hand from the stock in
 * the exchange (counted as served), or completes a short hand as a remedy
 * owed (L16, L18, L32, L34).  ARB_E_ORDER for a completion of the wrong
 * size, ARB_E_IMPOSSIBLE when the stock cannot hold the cards.
 */
int arbiter__on_give_exchange(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    if ((rc = arbiter__dealer_gives(c, "the stock")) != 0) {
        return rc;
    }
    if (d->served[(int)ev->target] == 0 && ev->target == d->elder) {
        d->stock_at_serve = (int8_t)d->z.count[Z_STOCK];
    }
    if (d->owed.kind == OWED_COMPLETE && d->owed.seat == ev->target) {
        if (ev->n != d->owed.n) {
            return arbiter__fail(
                c, ARB_E_ORDER,
                "expected %d cards to complete %c's hand (%s), found "
                "%d",
                d->owed.n, seat_letter(ev->target),
                laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        complete_counted(d, ev->target, ev->n);
        return arbiter__give_cards(c, Z_STOCK, Z_HAND(ev->target), ev->n);
    }
    if ((rc = arbiter__give_cards(c, Z_STOCK, Z_HAND(ev->target), ev->n)) !=
        0) {
        return rc;
    }
    d->served[(int)ev->target] = (int8_t)(d->served[(int)ev->target] + ev->n);
    if (d->exchange_turned && ev->target == d->elder) {
        d->exchange_turned = false;
    }
    return 0;
}

/* elder_decides - elder hand proposes or stands: a hand in progress, his
 * turn, and an exchange in hand completed first. */
static int elder_decides(struct ctx *c)
{
    int rc = arbiter__need_deal(c);

    if (rc == 0) {
        rc = arbiter__need_actor(c, c->d->elder, "elder hand");
    }
    if (rc == 0 && !c->not_allowed && c->d->phase == PH_EXCHANGE) {
        rc = arbiter__end_exchange(c);
    }
    return rc;
}

/*
 * arbiter__on_propose - `E proposes` (L26): after an exchange in hand is
 * over, the proposal waits for the dealer's answer.  ARB_E_ORDER out of
 * turn or phase, or with the stock exhausted (L38).
 */
int arbiter__on_propose(struct ctx *c)
{
    struct deal_state *d = c->d;
    int rc;

    if ((rc = elder_decides(c)) != 0) {
        return rc;
    }
    if (d->phase != PH_TURNED) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected a proposal after the turn-up and before play, "
            "found it in the %s",
            phase_name(d->phase));
    }
    if (arbiter__drawable(c) == 0 &&
        (c->s->prof.stock_out == STOCK_OUT_STOP ||
         d->z.count[Z_DISCARD_A] + d->z.count[Z_DISCARD_B] == 0)) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected elder hand to play: the stock is exhausted "
            "(L38), found proposes");
    }
    if (c->s->prof.one_exchange && d->exchanged) {
        /* the table can do it: said, not refused; the dealer's answer
         * decides (his acceptance is the players' agreement) */
        arbiter__note(c, "a second exchange in the hand, which this profile "
                         "allows only by agreement (proposals=one): the "
                         "dealer may refuse it; no law gives a penalty");
    }
    if (d->point_offer != SEAT_NONE) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected play: an offer of the point ends the "
                             "exchange (docs/variants.md, offering the point), found proposes");
    }
    d->proposals++;
    d->answered = false;
    d->looked[(int)d->elder] = true;
    d->phase = PH_PROPOSED;
    return 0;
}

/*
 * arbiter__begin_play - play begins: elder hand leads; a stock card turned
 * in the exchange that elder hand did not take goes aside (L37 READING).
 * Returns 0 or ARB_E_IMPOSSIBLE.
 */
int arbiter__begin_play(struct ctx *c)
{
    struct deal_state *d = c->d;

    d->phase = PH_PLAY;
    d->leader = d->elder;
    d->to_play = d->elder;
    d->looked[(int)d->elder] = true;
    if (d->exchange_turned) {
        /* L37 READING: elder hand did not propose again: set aside */
        char why[200];

        if (arbiter__move(&d->z, d->exchange_card, Z_STOCK, Z_ASIDE, why,
                          sizeof(why)) != 0) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
        d->exchange_turned = false;
    }
    return 0;
}

/*
 * arbiter__on_stand - `E stands`: elder hand plays without proposing (for
 * L49 when it is the first decision) and play begins.  ARB_E_ORDER out of
 * turn or phase.
 */
int arbiter__on_stand(struct ctx *c)
{
    struct deal_state *d = c->d;
    int rc;

    if ((rc = elder_decides(c)) != 0) {
        return rc;
    }
    if (c->not_allowed) {
        return 0;
    }
    if (d->phase != PH_TURNED) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected elder hand to stand after the turn-up, found "
            "stands in the %s",
            phase_name(d->phase));
    }
    if (d->proposals == 0) {
        d->first = FIRST_STOOD;
    }
    return arbiter__begin_play(c);
}

/*
 * arbiter__on_answer - `D accepts [if-enough]` or `D refuses` (L27): a
 * refusal begins play (for L49 when it answers the first proposal); an
 * acceptance opens the exchange.  ARB_E_ORDER with no proposal to answer.
 */
int arbiter__on_answer(struct ctx *c, bool accept)
{
    struct deal_state *d = c->d;
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (c->not_allowed) {
        return 0;
    }
    if ((rc = arbiter__need_actor(c, d->dealer, "the dealer")) != 0) {
        return rc;
    }
    if (d->phase != PH_PROPOSED) {
        return arbiter__fail(
            c, ARB_E_ORDER, "expected a proposal to answer, found %s in the %s",
            event_verb(c->ev->kind), phase_name(d->phase));
    }
    d->answered = true;
    d->looked[(int)d->dealer] = true;
    if (!accept) {
        if (d->proposals == 1) {
            d->first = FIRST_REFUSED;
        }
        return arbiter__begin_play(c);
    }
    if (d->proposals == 1) {
        d->first = FIRST_ACCEPTED;
    }
    d->if_enough = (c->ev->flags & EVF_IF_ENOUGH) != 0;
    d->phase = PH_EXCHANGE;
    d->discarded[0] = d->discarded[1] = -1;
    d->served[0] = d->served[1] = 0;
    d->serve_checked[0] = d->serve_checked[1] = false;
    d->asked = -1;
    d->stock_at_serve = (int8_t)d->z.count[Z_STOCK];
    return 0;
}

/*
 * arbiter__on_discard - `X discards N [C ...]`: the cards go to X's
 * discard (L28; laid out in two goes, both together), or out of play when
 * the owner throws out a surplus owed (L15, L31).  ARB_E_ORDER outside
 * the exchange, ARB_E_IMPOSSIBLE for more cards than the hand holds.
 */
int arbiter__on_discard(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (ev->n > d->z.count[Z_HAND(x)]) {
        return arbiter__fail(
            c, ARB_E_IMPOSSIBLE,
            "expected at most %d cards (in %c's hand), found %d",
            d->z.count[Z_HAND(x)], seat_letter(x), ev->n);
    }
    if (d->owed.kind == OWED_DISCARD && d->owed.seat == x) {
        if (ev->n != d->owed.n) {
            return arbiter__fail(
                c, ARB_E_ORDER,
                "expected %c to throw out %d cards (%s), found %d",
                seat_letter(x), d->owed.n,
                laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        return arbiter__give_cards(c, Z_HAND(x), Z_ASIDE, ev->n);
    }
    if (d->phase != PH_EXCHANGE) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected discards during an exchange, found them in the "
            "%s",
            phase_name(d->phase));
    }
    if (d->discarded[x] >= 0) {
        /* laid out in two goes: the discard is both together */
        arbiter__note(c, "%c discards %d more: %d in all in this exchange",
                      seat_letter(x), ev->n, d->discarded[x] + ev->n);
        d->discarded[x] = (int8_t)(d->discarded[x] + ev->n);
        return arbiter__give_cards(c, Z_HAND(x), Z_DISCARD(x), ev->n);
    }
    if (x == d->elder && (ev->n < 1 || ev->n > 5)) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected elder hand to discard 1 to 5 cards, found %d", ev->n);
    }
    if (x == d->dealer && ev->n < c->s->prof.dealer_min_exchange &&
        d->z.count[Z_STOCK] > 0) {
        arbiter__note(c,
                      "the dealer discards %d, though he must take at least %d "
                      "(docs/variants.md, the switches, dealer-min-exchange=%d); no law gives a "
                      "penalty",
                      ev->n, c->s->prof.dealer_min_exchange,
                      c->s->prof.dealer_min_exchange);
    }
    if (x == d->dealer && d->served[(int)d->elder] > 0) {
        d->serve_checked[(int)d->elder] = true;
    }
    d->discarded[x] = (int8_t)ev->n;
    if (d->announced == x && !d->announce_withdrawn) {
        uint8_t k = laws_bonus_card(&c->s->prof, d->trump);

        for (int i = 0; i < ev->n_cards; i++) {
            if (ev->cards[i] == k) {
                arbiter__note(
                    c,
                    "%c discards the king he announced: the point stands "
                    "(L23 READING), flagged for review",
                    seat_letter(x));
            }
        }
    }
    return arbiter__give_cards(c, Z_HAND(x), Z_DISCARD(x), ev->n);
}

/*
 * arbiter__on_ask - `E asks N`: the number elder hand asks for (L26; fewer
 * than he discarded is L30, a stock too small L38).  ARB_E_ORDER out of
 * turn or phase, or for more than five.
 */
int arbiter__on_ask(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if ((rc = arbiter__need_actor(c, d->elder, "elder hand")) != 0) {
        return rc;
    }
    if (d->phase != PH_EXCHANGE) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected asks after the dealer accepted, found it in the "
            "%s",
            phase_name(d->phase));
    }
    if (c->not_allowed) {
        return 0;
    }
    if (ev->n > 5) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected at most 5 cards asked (a hand holds "
                             "five), found %d",
                             ev->n);
    }
    d->asked = (int8_t)ev->n;
    return 0;
}

/*
 * arbiter__on_draw - `X draws N [C ...]`: the adversary draws a surplus
 * owed (out of play, L17, L21, L29, L33), a short hand is completed, or X
 * takes cards from the stock in the exchange.  ARB_E_ORDER otherwise,
 * ARB_E_IMPOSSIBLE when the cards cannot be there.
 */
int arbiter__on_draw(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (d->owed.kind == OWED_DRAW_FROM && d->owed.seat == x) {
        if (ev->n != d->owed.n) {
            return arbiter__fail(c, ARB_E_ORDER,
                                 "expected %c to draw %d cards (%s), found %d",
                                 seat_letter(x), d->owed.n,
                                 laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        return arbiter__give_cards(c, Z_HAND(SEAT_OTHER(x)), Z_ASIDE, ev->n);
    }
    if (d->owed.kind == OWED_COMPLETE && d->owed.seat == x) {
        if (ev->n != d->owed.n) {
            return arbiter__fail(c, ARB_E_ORDER,
                                 "expected %c to take %d cards (%s), found %d",
                                 seat_letter(x), d->owed.n,
                                 laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        complete_counted(d, x, ev->n);
        return arbiter__give_cards(c, Z_STOCK, Z_HAND(x), ev->n);
    }
    if (d->phase != PH_EXCHANGE) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected draws during the exchange or to carry out a "
            "ruling, found it in the %s",
            phase_name(d->phase));
    }
    if (ev->n > arbiter__drawable(c)) {
        return arbiter__fail(
            c, ARB_E_IMPOSSIBLE,
            "expected at most %d cards (left in the stock), found %d",
            arbiter__drawable(c), ev->n);
    }
    if ((rc = arbiter__give_cards(c, Z_STOCK, Z_HAND(x), ev->n)) != 0) {
        return rc;
    }
    d->served[x] = (int8_t)(d->served[x] + ev->n);
    return 0;
}
