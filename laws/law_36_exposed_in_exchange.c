/* SPDX-License-Identifier: MIT */
/*
 * law_36_exposed_in_exchange.c - L36, Cards exposed while serving.
 *
 * Cards meant for elder hand exposed: he may take them or have them set
 * aside. Cards the dealer serves himself exposed: he must take them.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L36 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->phase == PH_EXCHANGE;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (laws__same_seat(ev->target, v->dealer)) {
        r->options = 0;
        r->elector = SEAT_NONE;
    }
}

const struct law law_36_exposed_in_exchange = {
    .law = LAW_36,
    .id = "L36",
    .title = "Cards exposed while serving",
    .text_ref = "Cards meant for elder hand exposed: he may take them or have "
                "them set aside. Cards the dealer serves himself exposed: he "
                "must take them.",
    .reading = NULL,
    .trigger = EV_BIT(EV_EXPOSE),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .options = OPT_BIT(OPT_TAKE) | OPT_BIT(OPT_REFUSE),
    .remedy = REM_NONE,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW),
    .applies = applies,
    .shape = shape,
};
