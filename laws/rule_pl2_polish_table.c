/* SPDX-License-Identifier: MIT */
/*
 * rule_pl2_polish_table.c - PL2, The Polish scoring table.
 *
 * Under scoring=polish-table: after an exchange the dealer's point scores
 * 2 and elder hand's 1; without one, elder hand's 2 and the dealer's 1; a
 * vole 2.  A rule of scoring, applied by laws_trick_points: no ruling.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile scores by the Polish table. */
static bool engaged(const struct profile *p)
{
    return p->scoring == SCORING_POLISH;
}

/* applies - a rule of scoring gives no ruling. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return false;
}

const struct law rule_PL2_polish_table = {
    .law = LAW_PL2,
    .id = "PL2",
    .title = "The Polish scoring table",
    .text_ref = "With an exchange, elder hand winning three or four tricks "
                "scores 1 and the dealer 2; without one, the dealer 1 and "
                "elder hand 2; all five tricks score 2.",
    .reading = "The Polish table exactly as written (it looks garbled: it "
               "rewards the dealer after an exchange). An exchange took "
               "place when a proposal was accepted. The L25/L43 caps apply "
               "to the table's values. Switch: scoring.",
    .trigger = EV_BIT(EV_PLAY),
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
};
