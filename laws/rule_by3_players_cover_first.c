/* SPDX-License-Identifier: MIT */
/*
 * rule_by3_players_cover_first.c - BY3, The players cover first.
 *
 * A seated player who claims a bet on his adversary already covered by
 * a bystander takes it; the bystander is released.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY3); the two-seat referee never does.
 * Verdict: a player's cover (his cover line, or la chouette's on a bet
 * on his adversary) that finds too little of the bet left takes it from
 * the bystanders who covered it, the last first: displace, naming the
 * last one released.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a player covers a bet partly covered by bystanders. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    const struct sit_bet *b;
    int displaced;

    if (e->at != SIT_AT_COVER || e->bet < 0 || e->bet >= v->n_bets ||
        e->person < 0) {
        return false;
    }
    b = &v->bets[e->bet];
    displaced = laws_cover_displaces(b, e->person, e->n);
    if (displaced < 0) {
        return false;
    }
    out->person = displaced;
    if (e->kind == EV_COVERS) {
        laws__say(out, "%s, the player, takes %s's bet from %s, who is "
                       "released",
                  laws__sit_id(v, e->person), laws__sit_id(v, b->bettor),
                  laws__sit_id(v, displaced));
    } else {
        laws__say(out, "%s, on la chouette, takes %s's bet from %s",
                  laws__sit_id(v, e->person), laws__sit_id(v, b->bettor),
                  laws__sit_id(v, displaced));
    }
    return laws__rule(out, REM_DISPLACE, -1, SEAT_NONE);
}

const struct law rule_BY3_players_cover_first = {
    .law = LAW_BY3,
    .id = "BY3",
    .title = "The players cover first",
    .text_ref = "The two players have the first call on covering any bet: a "
                "player who claims a bet on his adversary that a bystander "
                "has covered takes it over, and the bystander is released.",
    .reading = "docs/variants.md, gallery. The player's cover is his election; "
               "the same holds for a player who takes all bets (la chouette).",
    .trigger = EV_BIT(EV_COVERS) | EV_BIT(EV_TAKES_ALL_BETS),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_DISPLACE,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = "nobody offends; the player's cover is his choice",
    .example = "ruling BY3 remedy displace",
    .judge = judge,
    .remedies = REM_BIT(REM_DISPLACE),
};
