/* SPDX-License-Identifier: MIT */
/*
 * law_04_cut_for_deal_exposed.c - L4, Cards exposed in cutting for deal.
 *
 * A player who shows more than one card when cutting for deal must cut
 * again.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L4 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    return ev->n_cards > 1;
}

const struct law law_4_cut_for_deal_exposed = {
    .law = LAW_4,
    .id = "L4",
    .title = "Cards exposed in cutting for deal",
    .text_ref = "A player who shows more than one card when cutting for deal "
                "must cut again.",
    .reading = NULL,
    .trigger = EV_BIT(EV_CUT_FOR_DEAL),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_RECUT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
