/*
 * rule_by6_player_walks_out.c - BY6, A player walks out.
 *
 * A seated player who leaves without consent: a person with a bet on
 * that seat may take the hand and finish the game; if nobody does, the
 * leaver concedes it.
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

const struct law rule_BY6_player_walks_out = {
    .law = LAW_BY6,
    .id = "BY6",
    .title = "A player walks out",
    .text_ref = "When a player drops his cards and leaves without leave, "
                "someone with money on his seat may take up the hand and play "
                "it out, the bets standing; if nobody does before the next "
                "action, the leaver loses the game.",
    .reading = "VARIANTS.md 7.4 (S21; the concession from LAWS.md 5.21). The "
               "value of a game conceded is L46's from the leaver's score.",
    .trigger = EV_BIT(EV_LEAVES) | EV_BIT(EV_TAKES_SEAT),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_SUBSTITUTE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "gallery",
    .parties = "the seat left offends; a person with a bet on it may take the seat",
    .example = "ruling BY6 offender B remedy substitute",
};
