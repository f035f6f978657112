/* SPDX-License-Identifier: MIT */
/*
 * law_50_forgotten_score.c - L50, Forgotten scores.
 *
 * A player who forgot to mark a score may mark it before the trump of the
 * next deal is turned up.
 */
#include "laws/laws.h"

#include <stdio.h>

#include "laws/laws_int.h"

/* applies - is L50 engaged by ev?  A mark that answers a point owed to
 * the marker and not yet marked (in time or too late). */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    enum king_mark_state m = laws_king_mark(v, ev->actor);

    return m == MARK_OK || m == MARK_LATE;
}

/* shape - in time the forgotten point is marked; too late the right is
 * lost (the next deal's trump was turned). */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (laws_king_mark(v, ev->actor) != MARK_OK) {
        r->remedy = REM_LOSE_RIGHT;
        snprintf(r->note, sizeof(r->note),
                 "the turned king was not marked in time: the point is "
                 "lost (L22)");
    } else {
        snprintf(r->note, sizeof(r->note),
                 "the turned king, forgotten, is marked now: 1 point");
    }
}

const struct law law_50_forgotten_score = {
    .law = LAW_50,
    .id = "L50",
    .title = "Forgotten scores",
    .text_ref = "A player who forgot to mark a score may mark it before the "
                "trump of the next deal is turned up.",
    .reading = "The referee scores tricks and announced kings as they fall: "
               "the only point a player marks himself is a turned king "
               "(L22). A mark beyond the points owed is an overscore (L51) "
               "and does not count.",
    .trigger = EV_BIT(EV_MARK),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_SCORE_CORRECT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
