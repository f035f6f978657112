/* SPDX-License-Identifier: MIT */
/*
 * rule_by6_player_walks_out.c - BY6, A player walks out.
 *
 * A seated player who leaves without consent: a person with a bet on
 * that seat may take the hand and finish the game; if nobody does, the
 * leaver concedes it.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY6); the two-seat referee never does.
 * Verdict: a seat left during a game: a person with money on it may
 * take the hand (substitute); the sitting layer concedes the game if
 * nobody does before the next line.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a seated player walks out during a game. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    char letter[2];
    int seated;

    if (e->at != SIT_AT_LINE || e->kind != EV_LEAVES || !v->in_game ||
        !laws__is_seat(e->seat)) {
        return false;
    }
    letter[0] = seat_letter(e->seat);
    letter[1] = '\0';
    seated = v->seat[e->seat];
    out->seat = e->seat;
    laws__say(out,
              "%s%s leaves without consent: a person with money on %c may "
              "take the hand and finish the game, else it is conceded",
              seated >= 0 ? "" : "the player in seat ",
              seated >= 0 ? laws__sit_id(v, seated) : letter,
              seat_letter(e->seat));
    return laws__rule(out, REM_SUBSTITUTE, -1, e->seat);
}

const struct law rule_BY6_player_walks_out = {
    .law = LAW_BY6,
    .id = "BY6",
    .title = "A player walks out",
    .text_ref = "When a player drops his cards and leaves without leave, "
                "someone with money on his seat may take up the hand and play "
                "it out, the bets standing; if nobody does before the next "
                "action, the leaver loses the game.",
    .reading = "docs/variants.md, gallery (the concession as in a duel). The "
               "value of a game conceded is L46's from the leaver's score.",
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
    .format = "gallery",
    .parties = "the seat left offends; a person with a bet on it may take the seat",
    .example = "ruling BY6 offender B remedy substitute",
    .judge = judge,
    .remedies = REM_BIT(REM_SUBSTITUTE),
};
