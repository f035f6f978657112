/* SPDX-License-Identifier: MIT */
/*
 * rule_pl3_king_by_marking.c - PL3, The king held is scored by marking.
 *
 * Under king-announce=mark (the Polish description) a player holding the
 * king of trumps scores it by marking it (`X marks king`), in the window
 * L23 and L24 give an announcement; a false mark is L25, as a false
 * announcement is.  A rule of play: no ruling of its own.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile scores the held king by marking. */
static bool engaged(const struct profile *p)
{
    return p->king_announce == KING_ANNOUNCE_MARK;
}

/* applies - a rule of play gives no ruling of its own. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return false;
}

const struct law rule_PL3_king_by_marking = {
    .law = LAW_PL3,
    .id = "PL3",
    .title = "The king held is scored by marking",
    .text_ref = "Whoever holds the king of trumps writes himself the point; "
                "no spoken announcement is needed.",
    .reading = "The mark counts as the announcement of L23 (same window, "
               "L24's extensions included); a false mark is L25. Switch: "
               "king-announce.",
    .trigger = EV_BIT(EV_MARK_KING),
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
