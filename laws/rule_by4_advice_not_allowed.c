/*
 * rule_by4_advice_not_allowed.c - BY4, Advice not allowed.
 *
 * Advice where the gallery allows none, spoken where only pointing is
 * allowed, or to the seat one bets against: the adviser's bet is void.
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

const struct law rule_BY4_advice_not_allowed = {
    .law = LAW_BY4,
    .id = "BY4",
    .title = "Advice not allowed",
    .text_ref = "A bettor may advise the player he backs only as the gallery "
                "allows (by pointing at a card under the French rule, not at "
                "all under the English); advice otherwise, or to the player "
                "he bets against, voids his bet, stakes returned. The "
                "players' score is not touched.",
    .reading = "VARIANTS.md 7.4 RECON. The adviser's covers are bets "
               "too: they are void with his bets, and the bets covered are "
               "released. Switch: advice.",
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
    .format = "gallery",
    .parties = "the adviser offends; nobody chooses",
    .example = "ruling BY4 offender dan remedy void",
};
