/* SPDX-License-Identifier: MIT */
/*
 * rule_by8_game_not_finished.c - BY8, A game not finished.
 *
 * Every bet on a game that is not finished is void and the stakes are
 * returned.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY8); the two-seat referee never does.
 * Verdict: a game begun while the last one, a deal of it seen, is
 * unfinished, with live bets on it: they are void, the stakes returned.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - the bets of a game left unfinished. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    int live = 0;

    if (e->at != SIT_AT_GAME_LEFT) {
        return false;
    }
    for (int i = 0; i < v->n_bets; i++) {
        live += !v->bets[i].dead;
    }
    if (live == 0) {
        return false;
    }
    laws__say(out,
              "game %d is not finished: its %d bet(s) are void, the stakes "
              "returned",
              v->game, live);
    return laws__rule(out, REM_VOID, -1, SEAT_NONE);
}

const struct law rule_BY8_game_not_finished = {
    .law = LAW_BY8,
    .id = "BY8",
    .title = "A game not finished",
    .text_ref = "When a game cannot be finished (the players agree to stop, "
                "the table breaks up) every bet on it is void and the stakes "
                "are returned.",
    .reading = "our reading, docs/variants.md, gallery: a new game line while a game with bets "
               "is unfinished.",
    .trigger = EV_BIT(EV_GAME),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = "nobody offends; nobody chooses",
    .example = "ruling BY8 remedy void",
    .judge = judge,
    .remedies = REM_BIT(REM_VOID),
};
