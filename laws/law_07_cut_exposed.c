/* SPDX-License-Identifier: MIT */
/*
 * law_07_cut_exposed.c - L7, Card exposed in the cut to the dealer.
 *
 * If a card shows while elder hand cuts to the dealer, the pack is cut
 * again.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L7 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    return (ev->flags & EVF_EXPOSED) != 0;
}

const struct law law_7_cut_exposed = {
    .law = LAW_7,
    .id = "L7",
    .title = "Card exposed in the cut to the dealer",
    .text_ref = "If a card shows while elder hand cuts to the dealer, the "
                "pack is cut again.",
    .reading = NULL,
    .trigger = EV_BIT(EV_CUT),
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
