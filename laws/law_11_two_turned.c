/* SPDX-License-Identifier: MIT */
/*
 * law_11_two_turned.c - L11, More than one card turned up.
 *
 * If the dealer turns up two or more cards, elder hand, if he has not
 * looked, chooses which is trump or has a new deal; if he has looked, a
 * new deal.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L11 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return (v->phase == PH_SHUFFLE || v->phase == PH_DEAL) && ev->n_cards >= 2;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    (void)ev;
    if (v->elder_looked) {
        r->options = 0;
        r->remedy = v->profile->two_turned_eleventh ? REM_SET_ASIDE
                                                    : REM_NEW_DEAL;
    }
}

const struct law law_11_two_turned = {
    .law = LAW_11,
    .id = "L11",
    .title = "More than one card turned up",
    .text_ref = "If the dealer turns up two or more cards, elder hand, if he "
                "has not looked, chooses which is trump or has a new deal; if "
                "he has looked, a new deal.",
    .reading = "The cards not chosen are set aside for the hand; a king "
               "chosen as trump scores for the dealer unless L19 applies. "
               "Profile two-turned=eleventh: after elder hand looked, the "
               "11th card stands.",
    .trigger = EV_BIT(EV_TURN),
    .window = WIN_BEFORE_ELDER_ACTS,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .options = OPT_BIT(OPT_TRUMP) | OPT_BIT(OPT_NEW_DEAL),
    .remedy = REM_NEW_DEAL,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW),
    .applies = applies,
    .shape = shape,
};
