/* SPDX-License-Identifier: MIT */
/*
 * rule_by9_tableau_equalised.c - BY9, The tableau equalised.
 *
 * At the close the two sides of the tableau are made equal, the excess
 * going back from the last bets on the heavier side; the levy is taken
 * at settlement.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY9); the two-seat referee never does.
 * A rule of play, no ruling line.  Verdict: a tableau's book closed (at
 * the close, or again when a bet of it ends after the close) with one
 * side risking more than the other: the excess (amount) of the heavier
 * side (seat) is void, handed back from its last bets.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a tableau whose sides are not equal once betting closed. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    int heavy;
    int excess;

    if ((e->at != SIT_AT_CLOSE && e->at != SIT_AT_BET_ENDS) ||
        !v->rules->tableau || !v->bets_closed) {
        return false;
    }
    excess = laws_tableau_excess(v->bets, v->n_bets, &heavy);
    if (excess <= 0) {
        return false;
    }
    out->seat = heavy;
    out->amount = excess;
    if (e->at == SIT_AT_BET_ENDS) {
        laws__say(out, "the tableau is made equal again: the excess of the "
                       "other side is handed back (BY9)");
    }
    return laws__rule(out, REM_VOID, -1, SEAT_NONE);
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
    .reading = "docs/variants.md, gallery. The levy is rounded down to the unit. "
               "Under bet-match=cover it is kept from a winning bet's "
               "winnings only (backers of the winner receive their stake "
               "less levy), not from the stake a coverer wins. Switches: "
               "bet-match, levy.",
    .trigger = EV_BIT(EV_TURN),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID,
    .kind = LAW_KIND_RULE,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = NULL,
    .example = NULL,
    .judge = judge,
    .remedies = REM_BIT(REM_VOID),
};
