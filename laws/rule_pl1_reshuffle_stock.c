/* SPDX-License-Identifier: MIT */
/*
 * rule_pl1_reshuffle_stock.c - PL1, The discards become a new stock.
 *
 * Under stock-out=reshuffle (the Polish description), a request the stock
 * cannot meet does not end the exchange: the dealer serves what is left
 * (the turn-up last, under turnup=under-stock), then shuffles every card
 * discarded so far into a new stock and goes on serving.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile reshuffles the discards. */
static bool engaged(const struct profile *p)
{
    return p->stock_out == STOCK_OUT_RESHUFFLE;
}

/* applies - is PL1 engaged by ev?  Elder hand asks for more cards than
 * are left, or the dealer lays out more than are left after him. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (v->phase != PH_EXCHANGE) {
        return false;
    }
    if (ev->kind == EV_ASK) {
        return ev->n > v->drawable;
    }
    return laws__same_seat(ev->actor, v->dealer) && ev->n > v->drawable;
}

const struct law rule_PL1_reshuffle_stock = {
    .law = LAW_PL1,
    .id = "PL1",
    .title = "The discards become a new stock",
    .text_ref = "When the stock cannot meet a request, the dealer serves what "
                "is left, then shuffles all the cards discarded so far into a "
                "new stock and goes on serving.",
    .reading = "Where the sources are silent: every discard of the hand is "
               "reshuffled, the current exchange's included, so L38 never "
               "arises; the next serving the stock cannot meet waits for `D "
               "reshuffles N` (N: every card discarded). Switch: stock-out.",
    .trigger = EV_BIT(EV_ASK) | EV_BIT(EV_DISCARD),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_RESHUFFLE,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    /* carried out in arbiter/rulings.c (carry_out: reshuffle): the stock
     * is to be made anew before it runs dry */
};
