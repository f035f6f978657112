/* SPDX-License-Identifier: MIT */
/*
 * law_48_trick_points.c - L48, Trick points.
 *
 * Three or four tricks win the point (1); all five, the vole (2).
 *
 * A rule of scoring the arbiter applies; it gives no ruling line.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L48 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->tricks[0] + v->tricks[1] == 4 && v->led != CARD_NONE;
}

const struct law law_48_trick_points = {
    .law = LAW_48,
    .id = "L48",
    .title = "Trick points",
    .text_ref = "Three or four tricks win the point (1); all five, the vole "
                "(2).",
    .reading = NULL,
    .trigger = EV_BIT(EV_PLAY),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_AWARD,
    .kind = LAW_KIND_RULE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
