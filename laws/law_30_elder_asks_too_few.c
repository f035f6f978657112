/* SPDX-License-Identifier: MIT */
/*
 * law_30_elder_asks_too_few.c - L30, Elder hand asks for fewer than he discarded.
 *
 * Elder hand who asks for fewer cards than he discarded plays short: the
 * dealer takes every trick elder hand cannot play to.
 */
#include "laws/laws.h"

#include <stdio.h>

#include "laws/laws_int.h"

/* applies - is L30 engaged by ev?  Elder hand asks for fewer cards than he
 * laid out, or ends the exchange (proposes, stands or leads) without
 * asking for any after discarding. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int discarded;

    if (!laws__is_seat(v->elder)) {
        return false;
    }
    if (ev->kind == EV_FOUND_HOLDS) {
        /* short in play after an exchange: he plays as he is */
        return laws__same_seat(ev->target, v->elder) &&
               v->phase == PH_PLAY && v->exchanged &&
               ev->n < v->expected[v->elder];
    }
    discarded = v->discarded[v->elder];
    if (discarded < 0) {
        return false;
    }
    if (ev->kind == EV_ASK) {
        return ev->n < discarded;
    }
    /* he proposes, stands or leads with the exchange in hand, unasked */
    return v->phase == PH_EXCHANGE && ev->actor == v->elder &&
           (ev->kind == EV_PROPOSE || ev->kind == EV_STAND ||
            ev->kind == EV_LEAD) &&
           v->asked < 0 && discarded > 0;
}

/* shape - say how short elder hand plays. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    int asked = ev->kind == EV_ASK ? ev->n : 0;
    int e = v->elder;

    if (!laws__is_seat(e)) {
        return;
    }
    if (ev->kind == EV_FOUND_HOLDS) {
        snprintf(r->note, sizeof(r->note),
                 "%c holds %d cards, %d are due: he plays %d short; %c takes "
                 "every trick he cannot play to",
                 seat_letter(e), ev->n, v->expected[e], v->expected[e] - ev->n,
                 seat_letter(SEAT_OTHER(e)));
        return;
    }
    snprintf(r->note, sizeof(r->note),
             "%c discarded %d and asked for %d: he plays %d short; %c takes "
             "every trick he cannot play to",
             seat_letter(e), v->discarded[e], asked, v->discarded[e] - asked,
             seat_letter(SEAT_OTHER(e)));
}

const struct law law_30_elder_asks_too_few = {
    .law = LAW_30,
    .id = "L30",
    .title = "Elder hand asks for fewer than he discarded",
    .text_ref = "Elder hand who asks for fewer cards than he discarded plays "
                "short: the dealer takes every trick elder hand cannot play "
                "to.",
    .reading = "Elder hand may not complete (his request is binding, L26). "
               "Elder hand who discards and then proposes, stands or leads "
               "without asking has asked for none.",
    .trigger = EV_BIT(EV_ASK) | EV_BIT(EV_PROPOSE) | EV_BIT(EV_STAND) |
               EV_BIT(EV_LEAD) | EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_ELDER,
    .elector = ROLE_NOBODY,
    .hand = ROLE_ELDER,
    .options = 0,
    .remedy = REM_SHORT_HAND_TRICKS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = shape,
    .continuing = true,
};
