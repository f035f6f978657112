/* SPDX-License-Identifier: MIT */
/*
 * law_32_elder_given_too_few.c - L32, Dealer gives elder hand too few.
 *
 * Elder hand has a new deal, or his hand is completed from the stock.
 *
 * Found at the first action after the serving (the stock held enough).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L32 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (!laws__is_seat(v->elder)) {
        return false;
    }
    if (ev->kind == EV_FOUND_HOLDS) {
        /* short once served, before play: the exchange's count (after a
         * proposal not yet answered no law fits: L16 is shut) */
        return laws__same_seat(ev->target, v->elder) &&
               (v->phase == PH_EXCHANGE ||
                (v->phase == PH_TURNED && v->exchanged)) &&
               ev->n < v->expected[v->elder];
    }
    if ((ev->kind == EV_GIVE && laws__same_seat(ev->target, v->elder)) ||
        (ev->kind == EV_DRAW && laws__same_seat(ev->actor, v->elder))) {
        return false;
    }
    return laws_underserved(v, v->elder);
}

const struct law law_32_elder_given_too_few = {
    .law = LAW_32,
    .id = "L32",
    .title = "Dealer gives elder hand too few",
    .text_ref = "Elder hand has a new deal, or his hand is completed from the "
                "stock.",
    .reading = NULL,
    .trigger = EV_BIT(EV_DISCARD) | EV_BIT(EV_GIVE) | EV_BIT(EV_DRAW) | EV_BIT(EV_PROPOSE) |
               EV_BIT(EV_STAND) | EV_BIT(EV_LEAD) | EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_ELDER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_COMPLETE),
    .remedy = REM_COMPLETE_FROM_STOCK,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
};
