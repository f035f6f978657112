/* SPDX-License-Identifier: MIT */
/*
 * rule_ch3_ponte_leaves.c - CH3, The ponte leaves.
 *
 * The ponte who leaves without consent is replaced by the first
 * adviser, who finishes the game; if nobody takes the seat the game is
 * conceded.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, CH3); the two-seat referee never does.
 * Verdict: the ponte's seat left during a game: the first adviser may
 * take it (substitute, he the elector); with no adviser to take it the
 * bank wins the game at once (concede-game).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - the player of the ponte's seat (not the bank's) leaves during
 * a game. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    int first = v->n_order > 2 ? v->order[2] : -1;

    if (e->at != SIT_AT_LINE || e->kind != EV_LEAVES || !v->in_game ||
        !laws__is_seat(e->seat) || e->seat == v->bank_seat) {
        return false;
    }
    out->seat = e->seat;
    if (first < 0) {
        laws__say(out, "the ponte leaves without consent and no adviser is "
                       "there to take his seat: the bank wins the game");
        return laws__rule(out, REM_CONCEDE_GAME, -1, e->seat);
    }
    out->elector = first;
    laws__say(out,
              "the ponte leaves without consent: %s, the first adviser, may "
              "take seat %c and finish the game",
              laws__sit_id(v, first), seat_letter(e->seat));
    return laws__rule(out, REM_SUBSTITUTE, -1, e->seat);
}

const struct law rule_CH3_ponte_leaves = {
    .law = LAW_CH3,
    .id = "CH3",
    .title = "The ponte leaves",
    .text_ref = "The ponte who leaves the table without consent is replaced "
                "by the first adviser, who takes seat B and finishes the "
                "game; the leaver goes to the end of the order and his stake "
                "follows the game's result. If nobody takes the seat before "
                "the next action, the bank wins the game.",
    .reading = "our reading, docs/variants.md, chouette: any adviser may take the seat (`ID "
               "takes-seat B`), the first being named as elector; any other "
               "line first concedes the game (value by L46 from the ponte's "
               "score).",
    .trigger = EV_BIT(EV_LEAVES) | EV_BIT(EV_TAKES_SEAT),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_SUBSTITUTE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "chouette",
    .parties = "seat B offends; the first adviser takes the seat",
    .example = "ruling CH3 offender B elector cy remedy substitute",
    .judge = judge,
    .remedies = REM_BIT(REM_SUBSTITUTE) | REM_BIT(REM_CONCEDE_GAME),
};
