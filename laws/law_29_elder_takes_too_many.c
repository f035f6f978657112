/* SPDX-License-Identifier: MIT */
/*
 * law_29_elder_takes_too_many.c - L29, Elder hand takes more cards than he discarded.
 *
 * Elder hand takes more cards than he discarded and mixes them with his
 * hand: the dealer has a new deal, or draws the surplus from elder hand.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L29 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int discarded = laws__seat_int(v->discarded, v->elder, -1);
    int served = laws__seat_int(v->served, v->elder, 0);

    if (discarded < 0) {
        discarded = 0;
    }
    if (ev->kind == EV_FOUND_HOLDS) {
        /* L15 READING: a surplus found after elder hand proposed */
        return laws__same_seat(ev->target, v->elder) &&
               laws__count_in_exchange(v, v->elder) &&
               ev->n > v->expected[v->elder];
    }
    if (v->phase != PH_EXCHANGE || laws_fulfils_remedy(v, ev)) {
        return false;
    }
    if (ev->kind == EV_GIVE) {
        return laws__same_seat(ev->target, v->elder) &&
               served + ev->n > discarded &&
               (v->asked < 0 || served + ev->n <= v->asked);
    }
    return laws__same_seat(ev->actor, v->elder) && served + ev->n > discarded;
}

const struct law law_29_elder_takes_too_many = {
    .law = LAW_29,
    .id = "L29",
    .title = "Elder hand takes more cards than he discarded",
    .text_ref = "Elder hand takes more cards than he discarded and mixes them "
                "with his hand: the dealer has a new deal, or draws the "
                "surplus from elder hand.",
    .reading = "Play on: the next line is the dealer drawing the surplus from "
               "elder hand, out of play.",
    .trigger = EV_BIT(EV_GIVE) | EV_BIT(EV_DRAW) | EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_ELDER,
    .elector = ROLE_DEALER,
    .hand = ROLE_ELDER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_OPPONENT_DRAWS_SURPLUS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
};
