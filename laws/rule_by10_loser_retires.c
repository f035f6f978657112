/*
 * rule_by10_loser_retires.c - BY10, The loser retires.
 *
 * Under loser-retires=yes the loser of a game gives his seat to the
 * rentrant, unless he played la chouette.
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

const struct law rule_BY10_loser_retires = {
    .law = LAW_BY10,
    .id = "BY10",
    .title = "The loser retires",
    .text_ref = "At French écarté the beaten player makes way for the first "
                "person waiting, except one who plays la chouette (takes "
                "every bet against himself), who keeps his seat; with nobody "
                "waiting the loser stays.",
    .reading = "VARIANTS.md 7.3 (S17-S19); RECON that the queue is first "
               "come. Switch: loser-retires.",
    .trigger = EV_BIT(EV_PLAY) |
               EV_BIT(EV_MARK_KING) |
               EV_BIT(EV_ANNOUNCE) |
               EV_BIT(EV_MARK) |
               EV_BIT(EV_ELECT) |
               EV_BIT(EV_ABANDON) |
               EV_BIT(EV_CLAIM) |
               EV_BIT(EV_LEAVES),
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
