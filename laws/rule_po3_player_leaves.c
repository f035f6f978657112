/*
 * rule_po3_player_leaves.c - PO3, A player leaves the pool.
 *
 * A seated player who leaves without consent concedes the game: his
 * forfeit is paid, his adversary's streak grows, and he is out of the
 * pool without refund.
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

const struct law rule_PO3_player_leaves = {
    .law = LAW_PO3,
    .id = "PO3",
    .title = "A player leaves the pool",
    .text_ref = "A seated player who leaves the table without consent loses "
                "the game: he pays his forfeit, the adversary counts the game "
                "won, and the leaver drops out of the pool without refund.",
    .reading = "VARIANTS.md 6.4 RECON, after LAWS.md 5.21. The score stands "
               "as it was; the game's value is L46's from the leaver's score. "
               "The leaver takes part again in the next pool.",
    .trigger = EV_BIT(EV_LEAVES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_CONCEDE_GAME,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    .format = "pool",
    .parties = "the seat left offends; nobody chooses",
    .example = "ruling PO3 offender B remedy concede-game",
};
