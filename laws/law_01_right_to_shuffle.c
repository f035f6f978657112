/* SPDX-License-Identifier: MIT */
/*
 * law_01_right_to_shuffle.c - L1, Right to shuffle.
 *
 * Each player may shuffle both packs; the dealer is entitled to shuffle
 * last.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L1 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return laws__same_seat(v->last_shuffler, v->elder);
}

const struct law law_1_right_to_shuffle = {
    .law = LAW_1,
    .id = "L1",
    .title = "Right to shuffle",
    .text_ref = "Each player may shuffle both packs; the dealer is entitled "
                "to shuffle last.",
    .reading = "No penalty: the ruling tells the dealer he may shuffle again.",
    .trigger = EV_BIT(EV_CUT),
    .window = WIN_NONE,
    .offender = ROLE_ELDER,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NONE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
