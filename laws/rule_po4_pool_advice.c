/*
 * rule_po4_pool_advice.c - PO4, Advice in the pool.
 *
 * Advice by the waiting player where the pool allows none, spoken where
 * only pointing is allowed, or to a player he did not choose.
 * Ruled by the sitting layer (sitting/pool.c), above the two seats: the
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

const struct law rule_PO4_pool_advice = {
    .law = LAW_PO4,
    .id = "PO4",
    .title = "Advice in the pool",
    .text_ref = "The waiting player may not advise (the English game), or, "
                "where the pool allows it, only the one seated player he "
                "chose before the game's first turn-up, and only in the "
                "manner allowed.",
    .reading = "VARIANTS.md 6.4 as BY4: the advice has no effect and the "
               "score is not touched. The first advice given before the first "
               "turn-up names the player chosen. Switch: advice.",
    .trigger = EV_BIT(EV_POINTS) | EV_BIT(EV_ADVISES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "pool",
    .parties = "the person who advised offends; nobody chooses",
    .example = "ruling PO4 offender cy remedy void",
};
