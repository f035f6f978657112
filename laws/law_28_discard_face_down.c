/* SPDX-License-Identifier: MIT */
/*
 * law_28_discard_face_down.c - L28, Discarding before taking.
 *
 * Each player lays his discard face down, apart, before he takes new
 * cards; nobody may look at the discards.
 *
 * No penalty is stated: the irregularity is logged.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L28 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int to = ev->kind == EV_GIVE ? ev->target : ev->actor;

    return v->phase == PH_EXCHANGE && laws__is_seat(to) && v->discarded[to] < 0 &&
           !laws_fulfils_remedy(v, ev);
}

const struct law law_28_discard_face_down = {
    .law = LAW_28,
    .id = "L28",
    .title = "Discarding before taking",
    .text_ref = "Each player lays his discard face down, apart, before he "
                "takes new cards; nobody may look at the discards.",
    .reading = NULL,
    .trigger = EV_BIT(EV_GIVE) | EV_BIT(EV_DRAW),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NONE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
