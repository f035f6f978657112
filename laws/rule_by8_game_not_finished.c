/*
 * rule_by8_game_not_finished.c - BY8, A game not finished.
 *
 * Every bet on a game that is not finished is void and the stakes are
 * returned.
 * Ruled by the sitting layer (sitting/gallery.c), above the two seats: the
 * two-seat referee never asks this row.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - no rule profile engages it: the Format tag does, and the
 * sitting layer applies it. */
static bool engaged(const struct profile *p)
{
    (void)p;
    return false;
}

/* applies - the verdict is the sitting layer's: the row never fires in
 * the two-seat referee. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return false;
}

const struct law rule_BY8_game_not_finished = {
    .law = LAW_BY8,
    .id = "BY8",
    .title = "A game not finished",
    .text_ref = "When a game cannot be finished (the players agree to stop, "
                "the table breaks up) every bet on it is void and the stakes "
                "are returned.",
    .reading = "VARIANTS.md 7.4 RECON: a new game line while a game with bets "
               "is unfinished.",
    .trigger = EV_BIT(EV_GAME),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "gallery",
    .parties = "nobody offends; nobody chooses",
    .example = "ruling BY8 remedy void",
};
