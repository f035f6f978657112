/*
 * rule_po2_wrong_rentrant.c - PO2, The wrong person sits.
 *
 * Anyone but the roi or the rentrant who sits down: the table waits
 * until the right person sits.
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

const struct law rule_PO2_wrong_rentrant = {
    .law = LAW_PO2,
    .id = "PO2",
    .title = "The wrong person sits",
    .text_ref = "When a game is over only the roi (the winner) and the "
                "rentrant may sit at the table; anyone else who sits down is "
                "sent back and the table waits until the right person sits.",
    .reading = "VARIANTS.md 6.4 RECON: held from the seat line until a seat "
               "line puts the rentrant in.",
    .trigger = EV_BIT(EV_SEAT) | EV_BIT(EV_GAME),
    .window = WIN_BEFORE_TURN_UP,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_RESEAT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "pool",
    .parties = "the person who sat offends; nobody chooses",
    .example = "ruling PO2 offender bob remedy reseat",
};
