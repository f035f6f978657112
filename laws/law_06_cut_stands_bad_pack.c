/* SPDX-License-Identifier: MIT */
/*
 * law_06_cut_stands_bad_pack.c - L6, The cut stands with a bad pack.
 *
 * If the pack is found incorrect after the cut for deal, the cut for deal
 * stands.
 *
 * The deal itself is void under L45; only the order of dealing stands.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L6 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->cut_for_deal_done && v->first_deal;
}

const struct law law_6_cut_stands_bad_pack = {
    .law = LAW_6,
    .id = "L6",
    .title = "The cut stands with a bad pack",
    .text_ref = "If the pack is found incorrect after the cut for deal, the "
                "cut for deal stands.",
    .reading = NULL,
    .trigger = EV_BIT(EV_FOUND_IMPERFECT),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_DEAL_STANDS,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
