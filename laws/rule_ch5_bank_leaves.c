/* SPDX-License-Identifier: MIT */
/*
 * rule_ch5_bank_leaves.c - CH5, The bank leaves.
 *
 * The bank who leaves without consent loses the game: he pays every
 * stake and the rotation is that of a lost game.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, CH5); the two-seat referee never does.
 * Verdict: the bank's seat left during a game: the bank concedes it.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - the player of the bank's seat leaves during a game. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    if (e->at != SIT_AT_LINE || e->kind != EV_LEAVES || !v->in_game ||
        !laws__is_seat(e->seat) || e->seat != v->bank_seat) {
        return false;
    }
    out->seat = e->seat;
    laws__say(out, "the bank leaves without consent and loses the game");
    return laws__rule(out, REM_CONCEDE_GAME, -1, e->seat);
}

const struct law rule_CH5_bank_leaves = {
    .law = LAW_CH5,
    .id = "CH5",
    .title = "The bank leaves",
    .text_ref = "The bank who leaves the table without consent concedes the "
                "game: he pays every open stake at the game's value and the "
                "order turns as after a loss.",
    .reading = "our reading, docs/variants.md, chouette: the value is L46's from the bank's "
               "score when he leaves; the hand in progress is not played out.",
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
    .format = "chouette",
    .parties = "seat A offends; nobody chooses",
    .example = "ruling CH5 offender A remedy concede-game",
    .judge = judge,
    .remedies = REM_BIT(REM_CONCEDE_GAME),
};
