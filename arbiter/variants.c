/* SPDX-License-Identifier: MIT */
/*
 * variants.c - the handlers of the variant systems' actions (docs/variants.md
 * 3, 4): doubling the hand and offering the point (the modern options),
 * the discards reshuffled into a new stock and the jack veto (the Polish
 * description).  The rules they answer to (MD1-MD5, PL1, PL5) are rows of
 * the registry; what their rulings do is in rulings.c.
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* need_switch - the profile must have the option on (else the words mean
 * nothing at this table: noted, no effect).  Returns true if on. */
static bool need_switch(struct ctx *c, bool on, const char *sw)
{
    if (!on) {
        arbiter__note(c, "%c %s: no effect under this profile (%s)",
                      seat_letter(c->ev->actor), event_verb(c->ev->kind), sw);
    }
    return on;
}

/* arbiter__on_offer_double - `X offers-double` (MD1, MD2): the offer waits
 * for the other's answer, unless MD2 (in rs) voids it.  Returns 0. */
int arbiter__on_offer_double(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;

    if (!need_switch(c, c->s->prof.doubling, "doubling=no")) {
        return 0;
    }
    for (int i = 0; i < n; i++) {
        if (rs[i].remedy == REM_VOID_OFFER) {
            return 0; /* the offer does not count */
        }
    }
    d->double_offer = c->ev->actor;
    return 0;
}

/*
 * arbiter__on_answer_double - `Y accepts-double` or `Y declines-double`:
 * an accepted double doubles the hand's value and Y may offer the next
 * (redouble); a declined one concedes the hand (MD1, carried out with its
 * ruling).  ARB_E_ORDER when no double of the other player waits.
 */
int arbiter__on_answer_double(struct ctx *c, bool accept)
{
    struct deal_state *d = c->d;
    int y = c->ev->actor;

    if (!need_switch(c, c->s->prof.doubling, "doubling=no")) {
        return 0;
    }
    if (d->double_offer == SEAT_NONE || d->double_offer == y) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected a double offered by %c to answer, "
                             "found %s",
                             seat_letter(SEAT_OTHER(y)),
                             event_verb(c->ev->kind));
    }
    d->double_offer = SEAT_NONE;
    if (accept) {
        d->value = (int8_t)(d->value * 2);
        d->double_acceptor = (int8_t)y;
    }
    return 0;
}

/* arbiter__on_offer_point - `X offers-point` (MD3-MD5): the offer waits
 * for the other's answer, unless MD5 (in rs) voids it; an offer ends the
 * exchange.  Returns 0. */
int arbiter__on_offer_point(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;

    if (!need_switch(c, c->s->prof.offer_point != OFFER_POINT_NO,
                     "offer-point=no")) {
        return 0;
    }
    for (int i = 0; i < n; i++) {
        if (rs[i].remedy == REM_VOID_OFFER) {
            return 0;
        }
    }
    d->point_offer = c->ev->actor;
    d->point_answer = 0;
    return 0;
}

/*
 * arbiter__on_answer_point - `Y accepts-point` or `Y declines-point`: an
 * accepted point ends the hand (MD4, with its ruling); a declined one binds
 * Y to the vole (MD3 when the offerer takes a trick).  Either closes the
 * exchange (docs/variants.md, offering the point): one in hand is over as when elder hand
 * decides (arbiter__end_exchange), a proposal waiting lapses.  ARB_E_ORDER
 * when no offer of the other player waits.
 */
int arbiter__on_answer_point(struct ctx *c, bool accept)
{
    struct deal_state *d = c->d;
    int y = c->ev->actor;

    if (!need_switch(c, c->s->prof.offer_point != OFFER_POINT_NO,
                     "offer-point=no")) {
        return 0;
    }
    if (d->point_offer == SEAT_NONE || d->point_offer == y ||
        d->point_answer != 0) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected the point offered by %c to answer, "
                             "found %s",
                             seat_letter(SEAT_OTHER(y)),
                             event_verb(c->ev->kind));
    }
    d->point_answer = (int8_t)(accept ? 1 : -1);
    if (d->phase == PH_EXCHANGE) {
        /* an offer closes the exchange: it took place (the count laws of
         * an exchange, L29-L34, and the Polish table know it) */
        return arbiter__end_exchange(c);
    }
    if (d->phase == PH_PROPOSED) {
        d->phase = PH_TURNED;   /* the proposal waiting lapses */
    }
    return 0;
}

/*
 * arbiter__on_reshuffle - `D reshuffles N` (PL1): every card discarded so
 * far in the hand (N of them) is shuffled into a new stock.  ARB_E_ORDER
 * under stock-out=stop, by another than the dealer or when no request
 * waits on the stock (no PL1 ruling), ARB_E_IMPOSSIBLE
 * when N is not the number of cards discarded.
 */
int arbiter__on_reshuffle(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct zones *z = &d->z;
    int n = z->count[Z_DISCARD_A] + z->count[Z_DISCARD_B];
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0 ||
        (rc = arbiter__need_actor(c, d->dealer, "the dealer")) != 0) {
        return rc;
    }
    if (c->s->prof.stock_out != STOCK_OUT_RESHUFFLE) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected the exchange to end when the stock "
                             "runs out (stock-out=stop, L38), found "
                             "reshuffles");
    }
    if (!d->reshuffle_due) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected a reshuffle only when the stock "
                             "cannot serve a request (PL1), found %d "
                             "card%s still to serve",
                             arbiter__drawable(c),
                             arbiter__drawable(c) == 1 ? "" : "s");
    }
    if (c->ev->n != n) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                             "expected every card discarded so far (%d) "
                             "reshuffled, found %d (PL1)",
                             n, c->ev->n);
    }
    for (int k = Z_DISCARD_A; k <= Z_DISCARD_B; k++) {
        z->known[Z_STOCK] |= z->known[k];
        z->count[Z_STOCK] = (int8_t)(z->count[Z_STOCK] + z->count[k]);
        z->known[k] = 0;
        z->count[k] = 0;
    }
    d->reshuffle_due = false;
    return 0;
}

/*
 * arbiter__on_veto - `X vetoes C` (PL5): X shows C, which must be a card
 * of his hand; the ruling (in rs) says whether the veto holds (the deal is
 * void) or fails (the point held is scored).  ARB_E_ORDER when no veto
 * waits for X, ARB_E_IMPOSSIBLE when C cannot be in his hand.
 */
int arbiter__on_veto(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;
    bool found = false;
    int rc;

    for (int i = d->n_pending - 1; i >= 0; i--) {
        if ((d->pending[i].r.options & OPT_BIT(OPT_VETO)) &&
            d->pending[i].r.elector == x) {
            arbiter__drop_pending(d, i);
            found = true;
            break;
        }
    }
    if (!found) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected a king point held for %c's veto, "
                             "found vetoes",
                             seat_letter(x));
    }
    if ((rc = arbiter__reveal(c, x, c->ev->cards[0])) != 0) {
        return rc;
    }
    (void)rs;
    (void)n;
    return 0;
}
