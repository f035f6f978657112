/*
 * rule_by3_players_cover_first.c - BY3, The players cover first.
 *
 * A seated player who claims a bet on his adversary already covered by
 * a bystander takes it; the bystander is released.
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

const struct law rule_BY3_players_cover_first = {
    .law = LAW_BY3,
    .id = "BY3",
    .title = "The players cover first",
    .text_ref = "The two players have the first call on covering any bet: a "
                "player who claims a bet on his adversary that a bystander "
                "has covered takes it over, and the bystander is released.",
    .reading = "VARIANTS.md 7.4 (S21). The player's cover is his election; "
               "the same holds for a player who takes all bets (la chouette).",
    .trigger = EV_BIT(EV_COVERS) | EV_BIT(EV_TAKES_ALL_BETS),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_DISPLACE,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "gallery",
    .parties = "nobody offends; the player's cover is his choice",
    .example = "ruling BY3 remedy displace",
};
