/*
 * rule_ch1_reseat.c - CH1, Seated against the roles.
 *
 * A seat line, or a game begun, that puts in seat A anyone but the bank
 * or in seat B anyone but the ponte: the table waits until the right
 * person sits.
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

const struct law rule_CH1_reseat = {
    .law = LAW_CH1,
    .id = "CH1",
    .title = "Seated against the roles",
    .text_ref = "The bank sits in seat A and the ponte in seat B. A seat "
                "taken by anyone else, or a game begun with the wrong person "
                "seated, is put right before the game's first turn-up: the "
                "table waits until the right person sits.",
    .reading = "VARIANTS.md 5.2 and 5.5 RECON: the seating convention keeps "
               "logs readable. Held from the seat line (or the game line) "
               "until a seat line puts the right person in; a roles line that "
               "makes the seating right also ends it.",
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
    .format = "chouette",
    .parties = "the person seated against the roles offends; nobody chooses",
    .example = "ruling CH1 offender bob remedy reseat",
};
