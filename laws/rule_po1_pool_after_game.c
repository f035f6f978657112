/*
 * rule_po1_pool_after_game.c - PO1, The pool after a game.
 *
 * The loser of a game pays his forfeit into the pool and gives his seat
 * to the rentrant; a winner whose streak reaches the pool-run takes the
 * pool.
 * Ruled by the sitting layer (sitting/pool.c), above the two seats: the
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

const struct law rule_PO1_pool_after_game = {
    .law = LAW_PO1,
    .id = "PO1",
    .title = "The pool after a game",
    .text_ref = "After each game the loser pays the forfeit into the pool, "
                "goes to the end of the queue, and the first of the queue "
                "(the rentrant) takes his seat; the winner stays and counts "
                "his games won running. Two (or three) running take the whole "
                "pool, and a new pool begins with fresh antes and a fresh "
                "cut.",
    .reading = "VARIANTS.md 6.2 RECON: antes of Stake at the start of each "
               "pool, a forfeit of pool-forfeit x Stake (times the game's "
               "value under Stakes treble); the settlement of a pool taken "
               "gives each person's net for that pool. Switches: pool-run, "
               "pool-forfeit.",
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
    .format = "pool",
    .parties = NULL,
    .example = NULL,
};
