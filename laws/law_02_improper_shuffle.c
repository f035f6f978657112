/* SPDX-License-Identifier: MIT */
/*
 * law_02_improper_shuffle.c - L2, Improper shuffling.
 *
 * Shuffling below the table, so that faces show, or during the play of a
 * hand is forbidden.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L2 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return (ev->flags & (EVF_FACES_SHOWN | EVF_BELOW_TABLE)) != 0 ||
           v->phase == PH_PLAY;
}

const struct law law_2_improper_shuffle = {
    .law = LAW_2,
    .id = "L2",
    .title = "Improper shuffling",
    .text_ref = "Shuffling below the table, so that faces show, or during the "
                "play of a hand is forbidden.",
    .reading = "A face seen in the shuffle has no consequence once the pack "
               "is shuffled again.",
    .trigger = EV_BIT(EV_SHUFFLE),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_RESHUFFLE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
