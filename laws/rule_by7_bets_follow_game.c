/*
 * rule_by7_bets_follow_game.c - BY7, Bets follow the game.
 *
 * Bets stand through void deals, replays and penalties: they follow the
 * game as finally scored.
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

const struct law rule_BY7_bets_follow_game = {
    .law = LAW_BY7,
    .id = "BY7",
    .title = "Bets follow the game",
    .text_ref = "A void deal, a hand replayed or any penalty leaves the bets "
                "standing: they are settled on the game as finally scored "
                "after every penalty law.",
    .reading = "VARIANTS.md 7.4 RECON (L45, and the whist rule S27). A game's "
               "result taken back (L51) takes its settlement back too.",
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
