/* SPDX-License-Identifier: MIT */
/*
 * law_21_dealer_wrong_in_play.c - L21, Dealer plays with the wrong number.
 *
 * No exchange took place, play has begun, and the dealer holds the wrong
 * number: elder hand has a new deal or plays on.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L21 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__same_seat(ev->target, v->dealer) && v->phase == PH_PLAY &&
           !v->exchanged &&
           ev->n != v->expected[v->dealer];
}

/* shape - a long dealer has his surplus drawn (as L17), a short one plays
 * short (as L34): the remedy of playing on follows the count. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (v->dealer != SEAT_NONE && ev->n > v->expected[v->dealer]) {
        r->remedy = REM_OPPONENT_DRAWS_SURPLUS;
    }
}

const struct law law_21_dealer_wrong_in_play = {
    .law = LAW_21,
    .id = "L21",
    .title = "Dealer plays with the wrong number",
    .text_ref = "No exchange took place, play has begun, and the dealer holds "
                "the wrong number: elder hand has a new deal or plays on.",
    .reading = "Play on: a short dealer loses every trick he cannot play to "
               "(as L34); a long one has the surplus drawn by elder hand (as "
               "L17).",
    .trigger = EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_DEALER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_SHORT_HAND_TRICKS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = shape,
    .continuing = true,
    .bars_king = true,
};
