/* SPDX-License-Identifier: MIT */
/*
 * rule_po2_wrong_rentrant.c - PO2, The wrong person sits.
 *
 * Anyone but the roi or the rentrant who sits down: the table waits
 * until the right person sits.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, PO2); the two-seat referee never does.
 * Verdict: a seat line, or a game begun, with a seat whose player is not
 * the roi, the rentrant or the pool's first pair (the view's due); the
 * sitting layer holds the table (reseat).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a seat against the roles: reseat. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    return laws__seat_against_roles(v, e, out);
}

const struct law rule_PO2_wrong_rentrant = {
    .law = LAW_PO2,
    .id = "PO2",
    .title = "The wrong person sits",
    .text_ref = "When a game is over only the roi (the winner) and the "
                "rentrant may sit at the table; anyone else who sits down is "
                "sent back and the table waits until the right person sits.",
    .reading = "our reading, docs/variants.md, pool: held from the seat line until a seat "
               "line puts the rentrant in.",
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
    .format = "pool",
    .parties = "the person who sat offends; nobody chooses",
    .example = "ruling PO2 offender bob remedy reseat",
    .judge = judge,
    .remedies = REM_BIT(REM_RESEAT),
};
