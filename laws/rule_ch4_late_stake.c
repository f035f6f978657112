/*
 * rule_ch4_late_stake.c - CH4, A stake stated too late.
 *
 * A stake stated after the game's first turn-up is void: the stake in
 * force stays.
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

const struct law rule_CH4_late_stake = {
    .law = LAW_CH4,
    .id = "CH4",
    .title = "A stake stated too late",
    .text_ref = "A person states his stake against the bank for a game before "
                "its first turn-up; a stake stated later is void and the "
                "stake in force stays.",
    .reading = "VARIANTS.md 5.4 RECON: a stake stated between games is for "
               "the coming game; after each game every stake is the Stake "
               "tag's again. The bank states no stake.",
    .trigger = EV_BIT(EV_STAKES),
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
    .format = "chouette",
    .parties = "the person who stated it offends; nobody chooses",
    .example = "ruling CH4 offender cy remedy void",
};
