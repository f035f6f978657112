/* SPDX-License-Identifier: MIT */
/*
 * law_17_dealer_too_many.c - L17, Dealer has too many cards.
 *
 * Found after the turn-up and before the dealer answers the first proposal
 * (or before play): elder hand has a new deal, or draws the surplus from
 * the dealer's hand (seeing it if the dealer took up his hand).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L17 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__same_seat(ev->target, v->dealer) &&
           ev->n > v->expected[v->dealer] &&
           !v->exchanged &&
           ((v->phase == PH_TURNED && v->proposals == 0) ||
            (v->phase == PH_PROPOSED && v->proposals == 1));
}

const struct law law_17_dealer_too_many = {
    .law = LAW_17,
    .id = "L17",
    .title = "Dealer has too many cards",
    .text_ref = "Found after the turn-up and before the dealer answers the "
                "first proposal (or before play): elder hand has a new deal, "
                "or draws the surplus from the dealer's hand (seeing it if "
                "the dealer took up his hand).",
    .reading = "Play on: the next line is elder hand drawing the surplus from "
               "the dealer's hand; the drawn cards go out of play.",
    .trigger = EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_DEALER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_OPPONENT_DRAWS_SURPLUS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) | EV_BIT(EV_MARK_KING) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
    .bars_king = true,
};
