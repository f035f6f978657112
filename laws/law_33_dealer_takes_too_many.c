/* SPDX-License-Identifier: MIT */
/*
 * law_33_dealer_takes_too_many.c - L33, Dealer takes more than he discarded.
 *
 * The dealer takes more cards than he discarded and mixes them: elder hand
 * has a new deal, or draws the surplus from the dealer's hand.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L33 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int to = ev->kind == EV_GIVE ? ev->target : ev->actor;

    if (ev->kind == EV_FOUND_HOLDS) {
        /* long after answering the first proposal (L17 is shut) */
        return laws__same_seat(ev->target, v->dealer) &&
               laws__count_in_exchange(v, v->dealer) &&
               ev->n > v->expected[v->dealer];
    }
    return v->phase == PH_EXCHANGE && laws__same_seat(to, v->dealer) &&
           !laws_fulfils_remedy(v, ev) &&
           v->discarded[v->dealer] >= 0 &&
           v->served[v->dealer] + ev->n > v->discarded[v->dealer];
}

const struct law law_33_dealer_takes_too_many = {
    .law = LAW_33,
    .id = "L33",
    .title = "Dealer takes more than he discarded",
    .text_ref = "The dealer takes more cards than he discarded and mixes "
                "them: elder hand has a new deal, or draws the surplus from "
                "the dealer's hand.",
    .reading = NULL,
    .trigger = EV_BIT(EV_GIVE) | EV_BIT(EV_DRAW) | EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_DEALER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_OPPONENT_DRAWS_SURPLUS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
};
