/*
 * rule_ch3_ponte_leaves.c - CH3, The ponte leaves.
 *
 * The ponte who leaves without consent is replaced by the first
 * adviser, who finishes the game; if nobody takes the seat the game is
 * conceded.
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

const struct law rule_CH3_ponte_leaves = {
    .law = LAW_CH3,
    .id = "CH3",
    .title = "The ponte leaves",
    .text_ref = "The ponte who leaves the table without consent is replaced "
                "by the first adviser, who takes seat B and finishes the "
                "game; the leaver goes to the end of the order and his stake "
                "follows the game's result. If nobody takes the seat before "
                "the next action, the bank wins the game.",
    .reading = "VARIANTS.md 5.5 RECON: any adviser may take the seat (`ID "
               "takes-seat B`), the first being named as elector; any other "
               "line first concedes the game (value by L46 from the ponte's "
               "score).",
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
    .format = "chouette",
    .parties = "seat B offends; the first adviser takes the seat",
    .example = "ruling CH3 offender B elector cy remedy substitute",
};
