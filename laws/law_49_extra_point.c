/* SPDX-License-Identifier: MIT */
/*
 * law_49_extra_point.c - L49, Extra point against standing or refusing.
 *
 * If elder hand plays without proposing and does not win the point, the
 * dealer scores 2; if the dealer refuses the first proposal and does not
 * win the point, elder hand scores 2. Only the first proposal; the vole
 * stays 2.
 *
 * A rule of scoring the arbiter applies; it gives no ruling line.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L49 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->first == FIRST_STOOD || v->first == FIRST_REFUSED;
}

const struct law law_49_extra_point = {
    .law = LAW_49,
    .id = "L49",
    .title = "Extra point against standing or refusing",
    .text_ref = "If elder hand plays without proposing and does not win the "
                "point, the dealer scores 2; if the dealer refuses the first "
                "proposal and does not win the point, elder hand scores 2. "
                "Only the first proposal; the vole stays 2.",
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
