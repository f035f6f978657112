/* SPDX-License-Identifier: MIT */
/*
 * law_12_faced_in_pack.c - L12, Faced card in the pack.
 *
 * A card found face up in the pack before the turn-up: a new deal.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L12 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->phase == PH_SHUFFLE || v->phase == PH_DEAL;
}

const struct law law_12_faced_in_pack = {
    .law = LAW_12,
    .id = "L12",
    .title = "Faced card in the pack",
    .text_ref = "A card found face up in the pack before the turn-up: a new "
                "deal.",
    .reading = NULL,
    .trigger = EV_BIT(EV_FOUND_FACED),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NEW_DEAL,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
