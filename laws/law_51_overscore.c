/*
 * law_51_overscore.c - L51, Overscore.
 *
 * An overscore both players acknowledge may be taken off at any time
 * during the game.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L51 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return true;
}

const struct law law_51_overscore = {
    .law = LAW_51,
    .id = "L51",
    .title = "Overscore",
    .text_ref = "An overscore both players acknowledge may be taken off at "
                "any time during the game.",
    .reading = "A disputed overscore is not covered: the ledger settles the "
               "facts.",
    .trigger = EV_BIT(EV_UNMARK),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_SCORE_CORRECT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
