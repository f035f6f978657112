/*
 * rule_ch5_bank_leaves.c - CH5, The bank leaves.
 *
 * The bank who leaves without consent loses the game: he pays every
 * stake and the rotation is that of a lost game.
 * Ruled by the sitting layer (sitting/chouette.c), above the two seats: the
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

const struct law rule_CH5_bank_leaves = {
    .law = LAW_CH5,
    .id = "CH5",
    .title = "The bank leaves",
    .text_ref = "The bank who leaves the table without consent concedes the "
                "game: he pays every open stake at the game's value and the "
                "order turns as after a loss.",
    .reading = "VARIANTS.md 5.5 RECON: the value is L46's from the bank's "
               "score when he leaves; the hand in progress is not played out.",
    .trigger = EV_BIT(EV_LEAVES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_CONCEDE_GAME,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "chouette",
    .parties = "seat A offends; nobody chooses",
    .example = "ruling CH5 offender A remedy concede-game",
};
