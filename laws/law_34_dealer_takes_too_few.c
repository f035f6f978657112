/*
 * law_34_dealer_takes_too_few.c - L34, Dealer takes fewer than he discarded.
 *
 * Before play the dealer may complete his hand from the stock; if he plays
 * short, elder hand takes every trick he cannot play to.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L34 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return laws__seat_flag(v->underserved, v->dealer);
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    (void)v;
    if (ev->kind == EV_LEAD) {
        r->options = 0;
        r->elector = SEAT_NONE;
    }
}

const struct law law_34_dealer_takes_too_few = {
    .law = LAW_34,
    .id = "L34",
    .title = "Dealer takes fewer than he discarded",
    .text_ref = "Before play the dealer may complete his hand from the stock; "
                "if he plays short, elder hand takes every trick he cannot "
                "play to.",
    .reading = NULL,
    .trigger = EV_BIT(EV_PROPOSE) | EV_BIT(EV_STAND) | EV_BIT(EV_LEAD),
    .window = WIN_BEFORE_PLAY,
    .offender = ROLE_DEALER,
    .elector = ROLE_DEALER,
    .options = OPT_BIT(OPT_COMPLETE) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_SHORT_HAND_TRICKS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) | EV_BIT(EV_ACCEPT) |
             EV_BIT(EV_REFUSE),
    .applies = applies,
    .shape = shape,
};
