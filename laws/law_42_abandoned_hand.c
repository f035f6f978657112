/* SPDX-License-Identifier: MIT */
/*
 * law_42_abandoned_hand.c - L42, Abandoning a hand.
 *
 * A player who throws up his hand with no trick gives the adversary the
 * vole; with one or two tricks, the point. Laying cards down to claim the
 * rest is not abandoning.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L42 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__is_seat(ev->actor) && v->tricks[ev->actor] < 3;
}

const struct law law_42_abandoned_hand = {
    .law = LAW_42,
    .id = "L42",
    .title = "Abandoning a hand",
    .text_ref = "A player who throws up his hand with no trick gives the "
                "adversary the vole; with one or two tricks, the point. "
                "Laying cards down to claim the rest is not abandoning.",
    .reading = "The point includes the L49 extra when the abandoner stood or "
               "refused (profile switch abandon-extra). With three tricks, "
               "throwing down is claiming.",
    .trigger = EV_BIT(EV_ABANDON),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_AWARD,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
