/* SPDX-License-Identifier: MIT */
/*
 * law_03_cut_size.c - L3, Size of a cut.
 *
 * A cut must lift at least two cards and leave at least two.
 *
 * The cut is void and made again; no penalty.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L3 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    return ev->n < 2 || ev->n > CARD_COUNT - 2;
}

const struct law law_3_cut_size = {
    .law = LAW_3,
    .id = "L3",
    .title = "Size of a cut",
    .text_ref = "A cut must lift at least two cards and leave at least two.",
    .reading = NULL,
    .trigger = EV_BIT(EV_CUT),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NOT_ALLOWED,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
