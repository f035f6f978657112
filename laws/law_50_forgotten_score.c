/*
 * law_50_forgotten_score.c - L50, Forgotten scores.
 *
 * A player who forgot to mark a score may mark it before the trump of the
 * next deal is turned up.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L50 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return true;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    (void)ev;
    if (!v->mark_in_window) {
        r->remedy = REM_LOSE_RIGHT;
    }
}

const struct law law_50_forgotten_score = {
    .law = LAW_50,
    .id = "L50",
    .title = "Forgotten scores",
    .text_ref = "A player who forgot to mark a score may mark it before the "
                "trump of the next deal is turned up.",
    .reading = NULL,
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
