/* SPDX-License-Identifier: MIT */
/*
 * law_45_imperfect_pack.c - L45, Incorrect or imperfect pack.
 *
 * The deal in which the pack is found incorrect is void; every earlier
 * deal stands.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L45 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return true;
}

const struct law law_45_imperfect_pack = {
    .law = LAW_45,
    .id = "L45",
    .title = "Incorrect or imperfect pack",
    .text_ref = "The deal in which the pack is found incorrect is void; every "
                "earlier deal stands.",
    .reading = "Points marked in the void deal are cancelled.",
    .trigger = EV_BIT(EV_FOUND_IMPERFECT),
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
