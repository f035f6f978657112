/*
 * rule_ch2_adviser_sees_bank.c - CH2, An adviser looks at the bank's hand.
 *
 * An adviser who looks at the bank's cards forfeits his stake for the
 * game to the bank at once and may not advise again in it.
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

const struct law rule_CH2_adviser_sees_bank = {
    .law = LAW_CH2,
    .id = "CH2",
    .title = "An adviser looks at the bank's hand",
    .text_ref = "An adviser who looks at the bank's cards pays his stake for "
                "the game to the bank at once; it is not settled again at the "
                "game's end, and he may not advise for the rest of the game.",
    .reading = "VARIANTS.md 5.5, after the bystander's forfeit (S21). The "
               "stake paid is the one in force, without the game's value (not "
               "known yet). The ponte who looks is no adviser: the rule does "
               "not reach him.",
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
    .format = "chouette",
    .parties = "the adviser who looked offends; nobody chooses",
    .example = "ruling CH2 offender cy remedy forfeit-stake",
};
