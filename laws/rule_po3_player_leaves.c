/* SPDX-License-Identifier: MIT */
/*
 * rule_po3_player_leaves.c - PO3, A player leaves the pool.
 *
 * A seated player who leaves without consent concedes the game: his
 * forfeit is paid, his adversary's streak grows, and he is out of the
 * pool without refund.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, PO3); the two-seat referee never does.
 * Verdict: a seat left during a game: its player concedes it (and is out
 * of the pool in progress).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a seated player leaves during a game. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    if (e->at != SIT_AT_LINE || e->kind != EV_LEAVES || !v->in_game ||
        !laws__is_seat(e->seat)) {
        return false;
    }
    out->seat = e->seat;
    laws__say(out,
              "%s leaves the table without consent: he loses the game and "
              "is out of this pool",
              laws__sit_id(v, v->seat[e->seat]));
    return laws__rule(out, REM_CONCEDE_GAME, -1, e->seat);
}

const struct law rule_PO3_player_leaves = {
    .law = LAW_PO3,
    .id = "PO3",
    .title = "A player leaves the pool",
    .text_ref = "A seated player who leaves the table without consent loses "
                "the game: he pays his forfeit, the adversary counts the game "
                "won, and the leaver drops out of the pool without refund.",
    .reading = "our reading, docs/variants.md, pool, after docs/variants.md, the switches. The score stands "
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
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "pool",
    .parties = "the seat left offends; nobody chooses",
    .example = "ruling PO3 offender B remedy concede-game",
    .judge = judge,
    .remedies = REM_BIT(REM_CONCEDE_GAME),
};
