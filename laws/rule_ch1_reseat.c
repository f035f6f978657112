/* SPDX-License-Identifier: MIT */
/*
 * rule_ch1_reseat.c - CH1, Seated against the roles.
 *
 * A seat line, or a game begun, that puts in seat A anyone but the bank
 * or in seat B anyone but the ponte: the table waits until the right
 * person sits.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, CH1); the two-seat referee never does.
 * Verdict: a seat line, or a game begun, with a seat whose player is not
 * the one the roles put there (the bank in A, the ponte in B: the view's
 * due); the sitting layer holds the table (reseat).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a seat against the roles: reseat. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    return laws__seat_against_roles(v, e, out);
}

const struct law rule_CH1_reseat = {
    .law = LAW_CH1,
    .id = "CH1",
    .title = "Seated against the roles",
    .text_ref = "The bank sits in seat A and the ponte in seat B. A seat "
                "taken by anyone else, or a game begun with the wrong person "
                "seated, is put right before the game's first turn-up: the "
                "table waits until the right person sits.",
    .reading = "our reading, docs/variants.md, chouette: the seating convention keeps "
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
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "chouette",
    .parties = "the person seated against the roles offends; nobody chooses",
    .example = "ruling CH1 offender bob remedy reseat",
    .judge = judge,
    .remedies = REM_BIT(REM_RESEAT),
};
