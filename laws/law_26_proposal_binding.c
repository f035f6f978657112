/* SPDX-License-Identifier: MIT */
/*
 * law_26_proposal_binding.c - L26, A proposal is binding.
 *
 * Once elder hand has proposed he cannot withdraw, and once he has said
 * how many cards he wants he cannot change it.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L26 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (ev->kind == EV_ASK) {
        return v->asked >= 0 && ev->n != v->asked;
    }
    return v->phase == PH_PROPOSED;
}

const struct law law_26_proposal_binding = {
    .law = LAW_26,
    .id = "L26",
    .title = "A proposal is binding",
    .text_ref = "Once elder hand has proposed he cannot withdraw, and once he "
                "has said how many cards he wants he cannot change it.",
    .reading = NULL,
    .trigger = EV_BIT(EV_ASK) | EV_BIT(EV_STAND),
    .window = WIN_NONE,
    .offender = ROLE_ELDER,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NOT_ALLOWED,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
