/*
 * rule_by1_bet_after_close.c - BY1, A bet after the close.
 *
 * A bet or a cover made after betting on the game has closed is void.
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

const struct law rule_BY1_bet_after_close = {
    .law = LAW_BY1,
    .id = "BY1",
    .title = "A bet after the close",
    .text_ref = "Bets on a game are made from the end of the game before "
                "until its first turn-up (or, under bets-close=each-turnup, "
                "until each turn-up); a bet or a cover made later is void. A "
                "player may not back his adversary.",
    .reading = "VARIANTS.md 7.2 RECON. Under bet-match=tableau bets are at "
               "even money: odds stated there are void too.",
    .trigger = EV_BIT(EV_BETS) | EV_BIT(EV_COVERS),
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
    .format = "gallery",
    .parties = "the bettor offends; nobody chooses",
    .example = "ruling BY1 offender dan remedy void",
};
