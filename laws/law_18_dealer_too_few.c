/* SPDX-License-Identifier: MIT */
/*
 * law_18_dealer_too_few.c - L18, Dealer has too few cards.
 *
 * Found after the turn-up and before the dealer answers the first proposal
 * (or before play): elder hand lets the dealer complete from the stock, or
 * has a new deal.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L18 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__same_seat(ev->target, v->dealer) &&
           ev->n < v->expected[v->dealer] &&
           !v->exchanged &&
           ((v->phase == PH_TURNED && v->proposals == 0) ||
            (v->phase == PH_PROPOSED && v->proposals == 1));
}

const struct law law_18_dealer_too_few = {
    .law = LAW_18,
    .id = "L18",
    .title = "Dealer has too few cards",
    .text_ref = "Found after the turn-up and before the dealer answers the "
                "first proposal (or before play): elder hand lets the dealer "
                "complete from the stock, or has a new deal.",
    .reading = NULL,
    .trigger = EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_DEALER,
    .options = OPT_BIT(OPT_COMPLETE) | OPT_BIT(OPT_NEW_DEAL),
    .remedy = REM_COMPLETE_FROM_STOCK,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) | EV_BIT(EV_MARK_KING) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
    .bars_king = true,
};
