/* SPDX-License-Identifier: MIT */
/*
 * rule_po1_pool_after_game.c - PO1, The pool after a game.
 *
 * The loser of a game pays his forfeit into the pool and gives his seat
 * to the rentrant; a winner whose streak reaches the pool-run takes the
 * pool.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, PO1); the two-seat referee never does.
 * A rule of play, no ruling line.  Verdict: a game won between two
 * seated persons while a pool is on: the loser's forfeit (amount) and
 * the winner's games running (n); award when they reach the pool-run
 * (the pool goes to him), else none (the rentrant comes in).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a game of the pool won: its forfeit, and whether the pool is
 * taken. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    int winner;
    int loser;

    if (e->at != SIT_AT_GAME_END || !laws__is_seat(e->winner)) {
        return false;
    }
    winner = v->seat[e->winner];
    loser = v->seat[SEAT_OTHER(e->winner)];
    if (winner < 0 || loser < 0 || !v->pool_on) {
        return false;
    }
    out->person = winner;
    out->amount = v->rules->pool_forfeit * v->rules->stake * e->value;
    out->n = winner == v->roi ? v->streak + 1 : 1;
    if (out->n < v->rules->pool_run) {
        return laws__rule(out, REM_NONE, -1, SEAT_NONE);
    }
    laws__say(out, "%s takes the pool of %d with %d games running",
              laws__sit_id(v, winner), v->pool + out->amount, out->n);
    return laws__rule(out, REM_AWARD, -1, SEAT_NONE);
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
    .reading = "our reading, docs/variants.md, pool: antes of Stake at the start of each "
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
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "pool",
    .parties = NULL,
    .example = NULL,
    .judge = judge,
    .remedies = REM_BIT(REM_NONE) | REM_BIT(REM_AWARD),
};
