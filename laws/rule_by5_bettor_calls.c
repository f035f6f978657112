/*
 * rule_by5_bettor_calls.c - BY5, A bettor calls an irregularity.
 *
 * A bettor who calls the adverse player's irregularity: under bettor-
 * claims=yes it is the backed player's claim; under no it is ignored
 * and voids his bet.
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

const struct law rule_BY5_bettor_calls = {
    .law = LAW_BY5,
    .id = "BY5",
    .title = "A bettor calls an irregularity",
    .text_ref = "Under the French rule a bettor may point out an irregularity "
                "of the player he bets against, and it counts as the claim of "
                "the player he backs; under the English rule the call is not "
                "heard and is treated as advice not allowed.",
    .reading = "VARIANTS.md 7.4 (S21 for yes, RECON for no). The referee "
               "rules the irregularity when it happens; the call is recorded "
               "beside it. Switch: bettor-claims.",
    .trigger = EV_BIT(EV_CALLS),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_CLAIM,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "gallery",
    .parties = "the caller offends only where calls are not allowed; nobody chooses",
    .example = "ruling BY5 remedy claim",
};
