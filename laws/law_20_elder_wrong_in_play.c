/* SPDX-License-Identifier: MIT */
/*
 * law_20_elder_wrong_in_play.c - L20, Elder hand plays with the wrong number.
 *
 * No exchange took place, play has begun, and elder hand holds more or
 * fewer cards than he should: a new deal.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L20 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__same_seat(ev->target, v->elder) && v->phase == PH_PLAY &&
           !v->exchanged &&
           ev->n != v->expected[v->elder];
}

const struct law law_20_elder_wrong_in_play = {
    .law = LAW_20,
    .id = "L20",
    .title = "Elder hand plays with the wrong number",
    .text_ref = "No exchange took place, play has begun, and elder hand holds "
                "more or fewer cards than he should: a new deal.",
    .reading = "Points marked in the void deal are cancelled.",
    .trigger = EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_NONE,
    .offender = ROLE_ELDER,
    .elector = ROLE_NOBODY,
    .hand = ROLE_ELDER,
    .options = 0,
    .remedy = REM_NEW_DEAL,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
};
