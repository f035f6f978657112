/*
 * rule_by2_bettor_sees.c - BY2, A bettor looks at the adverse hand.
 *
 * A bettor who looks at the cards of the seat he bets against loses his
 * stake to the player in that seat at once; whoever covered it is
 * released.
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

const struct law rule_BY2_bettor_sees = {
    .law = LAW_BY2,
    .id = "BY2",
    .title = "A bettor looks at the adverse hand",
    .text_ref = "A bettor who looks at the hand of the player he bets against "
                "forfeits his stake to that player at once; his bet is over "
                "and whoever covered it is released.",
    .reading = "VARIANTS.md 7.4 (S21, S27). A bettor with several bets "
               "against that seat forfeits each. A cover of a bet on that "
               "seat is a bet against it: the coverer forfeits what it "
               "risks, and the bet covered is released.",
    .trigger = EV_BIT(EV_SEES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_FORFEIT_STAKE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "gallery",
    .parties = "the bettor who looked offends; nobody chooses",
    .example = "ruling BY2 offender dan remedy forfeit-stake",
};
