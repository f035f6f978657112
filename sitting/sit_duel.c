/* SPDX-License-Identifier: MIT */
/*
 * sit_duel.c - the duel format: two persons, today's game.  Without persons
 * it is not even seen (the arbiter alone); with a person in each seat,
 * each game is settled between them: the loser pays the Stake, times the
 * game's value under Stakes "treble" (L46).
 */
#include "sitting/sitting.h"

#include "sitting/sitting_int.h"

/* role - a person seated plays; anyone else looks on. */
static enum sit_role role(const struct sit_state *s, int person)
{
    return sit__seat_of(s, person) != SEAT_NONE ? SIT_ROLE_PLAYER
                                                : SIT_ROLE_BYSTANDER;
}

/* side - a player's own seat. */
static int side(const struct sit_state *s, int person)
{
    return sit__seat_of(s, person);
}

/* roles_now - a duel has no roles line. */
static void roles_now(const struct sit_state *s, struct tl_roles *out)
{
    (void)s;
    out->form = TL_ROLES_NONE;
}

/* game_over - the loser pays the winner the stake. */
static void game_over(struct sit_ctx *c, const struct arb_game_result *g)
{
    struct sit_state *s = c->s;
    int winner = s->seat[g->winner];
    int loser = s->seat[SEAT_OTHER(g->winner)];
    struct settle t;

    if (winner < 0 || loser < 0) {
        return;
    }
    sit__settle_start(&t);
    sit__pay(&t, loser, winner, s->r.stake * sit__game_value(c, g));
    sit__settle(c, &t, "game");
}

const struct sit_ops sit__duel_ops = {
    .name = "duel",
    .roles_form = TL_ROLES_NONE,
    .role = role,
    .side = side,
    .roles_now = roles_now,
    .game_over = game_over,
};
