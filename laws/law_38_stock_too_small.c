/* SPDX-License-Identifier: MIT */
/*
 * law_38_stock_too_small.c - L38, Accepting when the stock is too small.
 *
 * Elder hand gets what he asked for, or all that is left; the dealer plays
 * the cards he holds. The dealer may accept on condition that the stock
 * suffices.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L38 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return v->profile->stock_out == STOCK_OUT_STOP &&
           v->drawable < ev->n + v->profile->dealer_min_exchange;
}

const struct law law_38_stock_too_small = {
    .law = LAW_38,
    .id = "L38",
    .title = "Accepting when the stock is too small",
    .text_ref = "Elder hand gets what he asked for, or all that is left; the "
                "dealer plays the cards he holds. The dealer may accept on "
                "condition that the stock suffices.",
    .reading = "A conditional acceptance that fails lapses: play begins as "
               "after a refusal, without the L49 extra point.",
    .trigger = EV_BIT(EV_ASK),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NONE,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    /* carried out in arbiter/rulings.c (stock_lapse): a conditional
     * acceptance that lapses */
};
