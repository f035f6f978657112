/* SPDX-License-Identifier: MIT */
/*
 * law_27_answer_binding.c - L27, An answer is binding.
 *
 * The dealer's acceptance or refusal cannot be withdrawn; he must tell
 * elder hand how many cards he took if asked.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L27 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->proposals > 0 && v->answered &&
           (v->phase == PH_EXCHANGE ||
            (v->phase == PH_PLAY && v->trick_no == 0));
}

const struct law law_27_answer_binding = {
    .law = LAW_27,
    .id = "L27",
    .title = "An answer is binding",
    .text_ref = "The dealer's acceptance or refusal cannot be withdrawn; he "
                "must tell elder hand how many cards he took if asked.",
    .reading = NULL,
    .trigger = EV_BIT(EV_ACCEPT) | EV_BIT(EV_REFUSE),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NOT_ALLOWED,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
