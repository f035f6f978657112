/* SPDX-License-Identifier: MIT */
/*
 * rule_by7_bets_follow_game.c - BY7, Bets follow the game.
 *
 * Bets stand through void deals, replays and penalties: they follow the
 * game as finally scored.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY7); the two-seat referee never does.
 * A rule of play, no ruling line.  Verdict: a game won (as finally
 * scored, after every penalty) with bets standing on it: they are paid
 * on it (award).  A result taken back takes its settlement back with it
 * (the sitting layer, for every format).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a game won with live bets on it. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    if (e->at != SIT_AT_GAME_END || !laws__is_seat(e->winner)) {
        return false;
    }
    for (int i = 0; i < v->n_bets; i++) {
        if (!v->bets[i].dead) {
            return laws__rule(out, REM_AWARD, -1, SEAT_NONE);
        }
    }
    return false;
}

const struct law rule_BY7_bets_follow_game = {
    .law = LAW_BY7,
    .id = "BY7",
    .title = "Bets follow the game",
    .text_ref = "A void deal, a hand replayed or any penalty leaves the bets "
                "standing: they are settled on the game as finally scored "
                "after every penalty law.",
    .reading = "our reading, docs/variants.md, gallery (after L45 and the custom of whist). A game's "
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
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = NULL,
    .example = NULL,
    .judge = judge,
    .remedies = REM_BIT(REM_AWARD),
};
