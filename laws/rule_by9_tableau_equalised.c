/*
 * rule_by9_tableau_equalised.c - BY9, The tableau equalised.
 *
 * At the close the two sides of the tableau are made equal, the excess
 * going back from the last bets on the heavier side; the levy is taken
 * at settlement.
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

const struct law rule_BY9_tableau_equalised = {
    .law = LAW_BY9,
    .id = "BY9",
    .title = "The tableau equalised",
    .text_ref = "Under bet-match=tableau the referee totals the bets on each "
                "seat when betting closes and hands back the excess of the "
                "heavier side, from the last bet recorded on it, until the "
                "sides are equal; the levy is kept from each winning amount "
                "at settlement.",
    .reading = "VARIANTS.md 7.2 (S22). The levy is rounded down to the unit. "
               "Under bet-match=cover it is kept from a winning bet's "
               "winnings only (backers of the winner receive their stake "
               "less levy), not from the stake a coverer wins. Switches: "
               "bet-match, levy.",
    .trigger = EV_BIT(EV_TURN),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_AWARD,
    .kind = LAW_KIND_RULE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "gallery",
    .parties = NULL,
    .example = NULL,
};
