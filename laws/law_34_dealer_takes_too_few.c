/* SPDX-License-Identifier: MIT */
/*
 * law_34_dealer_takes_too_few.c - L34, Dealer takes fewer than he discarded.
 *
 * Before play the dealer may complete his hand from the stock; if he plays
 * short, elder hand takes every trick he cannot play to.
 */
#include "laws/laws.h"

#include <stdio.h>

#include "laws/laws_int.h"

/* applies - is L34 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (!laws__is_seat(v->dealer)) {
        return false;
    }
    if (ev->kind == EV_FOUND_HOLDS) {
        /* short after answering the first proposal (L18 is shut) */
        return laws__same_seat(ev->target, v->dealer) &&
               laws__count_in_exchange(v, v->dealer) &&
               ev->n < v->expected[v->dealer];
    }
    return laws_underserved(v, v->dealer);
}

/* shape - at the lead it is too late to complete: he plays short.  The
 * note says by how much. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    int dl = v->dealer;

    if (ev->kind == EV_LEAD || v->phase == PH_PLAY) {
        r->options = 0;
        r->elector = SEAT_NONE;
    }
    if (dl == SEAT_NONE) {
        return;
    }
    if (ev->kind == EV_FOUND_HOLDS) {
        snprintf(r->note, sizeof(r->note),
                 "%c holds %d cards, %d are due: %s", seat_letter(dl), ev->n,
                 v->expected[dl],
                 v->phase == PH_PLAY
                     ? "he plays short; elder hand takes every trick he "
                       "cannot play to"
                     : "he may complete from the stock before play, or play "
                       "short");
        return;
    }
    snprintf(r->note, sizeof(r->note),
             "%c discarded %d and took %d: %s", seat_letter(dl),
             v->discarded[dl], v->served[dl],
             ev->kind == EV_LEAD
                 ? "he plays short; elder hand takes every trick he cannot "
                   "play to"
                 : "he may complete from the stock before play, or play "
                   "short");
}

const struct law law_34_dealer_takes_too_few = {
    .law = LAW_34,
    .id = "L34",
    .title = "Dealer takes fewer than he discarded",
    .text_ref = "Before play the dealer may complete his hand from the stock; "
                "if he plays short, elder hand takes every trick he cannot "
                "play to.",
    .reading = NULL,
    .trigger = EV_BIT(EV_PROPOSE) | EV_BIT(EV_STAND) | EV_BIT(EV_LEAD) |
               EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_BEFORE_PLAY,
    .offender = ROLE_DEALER,
    .elector = ROLE_DEALER,
    .hand = ROLE_DEALER,
    .options = OPT_BIT(OPT_COMPLETE) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_SHORT_HAND_TRICKS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) | EV_BIT(EV_ACCEPT) |
             EV_BIT(EV_REFUSE) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = shape,
    .continuing = true,
};
