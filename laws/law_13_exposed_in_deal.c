/* SPDX-License-Identifier: MIT */
/*
 * law_13_exposed_in_deal.c - L13, Card exposed by the dealer in dealing.
 *
 * One of the dealer's own cards exposed: the deal stands. One of elder
 * hand's: elder hand, if he has not looked, may claim a new deal.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L13 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->phase == PH_SHUFFLE || v->phase == PH_DEAL;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (laws__same_seat(ev->target, v->dealer) || v->elder_looked) {
        r->options = 0;
        r->remedy = REM_DEAL_STANDS;
    }
}

const struct law law_13_exposed_in_deal = {
    .law = LAW_13,
    .id = "L13",
    .title = "Card exposed by the dealer in dealing",
    .text_ref = "One of the dealer's own cards exposed: the deal stands. One "
                "of elder hand's: elder hand, if he has not looked, may claim "
                "a new deal.",
    .reading = "Elder hand exposing cards is not covered: no remedy.",
    .trigger = EV_BIT(EV_EXPOSE),
    .window = WIN_BEFORE_ELDER_LOOKS,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_DEAL_STANDS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_GIVE) | EV_BIT(EV_EXPOSE) | EV_BIT(EV_TURN) |
             EV_BIT(EV_LOOK) | EV_BIT(EV_FOUND_FACED) |
             EV_BIT(EV_FOUND_HOLDS) | EV_BIT(EV_MARK_KING) | EV_BIT(EV_SHOW),
    .applies = applies,
    .shape = shape,
};
