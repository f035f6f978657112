/* SPDX-License-Identifier: MIT */
/*
 * law_46_game.c - L46, Game; double and treble.
 *
 * Game is five points, ended the moment a player reaches them. By
 * agreement a game counts treble if the loser has 0, double if he has 1 or
 * 2, single if 3 or 4.
 *
 * A rule of scoring the arbiter applies; it gives no ruling line.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L46 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->score[0] >= v->profile->target || v->score[1] >= v->profile->target;
}

const struct law law_46_game = {
    .law = LAW_46,
    .id = "L46",
    .title = "Game; double and treble",
    .text_ref = "Game is five points, ended the moment a player reaches them. "
                "By agreement a game counts treble if the loser has 0, double "
                "if he has 1 or 2, single if 3 or 4.",
    .reading = NULL,
    .trigger = EV_BIT(EV_PLAY) | EV_BIT(EV_MARK_KING) | EV_BIT(EV_ANNOUNCE) | EV_BIT(EV_MARK),
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
