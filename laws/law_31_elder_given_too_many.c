/* SPDX-License-Identifier: MIT */
/*
 * law_31_elder_given_too_many.c - L31, Dealer gives elder hand too many.
 *
 * Elder hand has a new deal, or plays on and throws out the extra cards
 * unseen.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L31 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return v->phase == PH_EXCHANGE && !laws_fulfils_remedy(v, ev) &&
           laws__same_seat(ev->target, v->elder) && v->asked >= 0 &&
           v->served[v->elder] + ev->n > v->asked;
}

const struct law law_31_elder_given_too_many = {
    .law = LAW_31,
    .id = "L31",
    .title = "Dealer gives elder hand too many",
    .text_ref = "Elder hand has a new deal, or plays on and throws out the "
                "extra cards unseen.",
    .reading = NULL,
    .trigger = EV_BIT(EV_GIVE),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_ELDER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_OWNER_DISCARDS_SURPLUS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
};
