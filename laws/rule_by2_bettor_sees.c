/* SPDX-License-Identifier: MIT */
/*
 * rule_by2_bettor_sees.c - BY2, A bettor looks at the adverse hand.
 *
 * A bettor who looks at the cards of the seat he bets against loses his
 * stake to the player in that seat at once; whoever covered it is
 * released.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY2); the two-seat referee never does.
 * Verdict: `ID sees S` by a person with stakes against S (his bets on
 * the other seat as they stand, and what his covers of bets on S risk):
 * all of it to the player in S (forfeit-stake).  No stake at risk is a
 * near miss.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* stake_against - what person risks against seat, whose player is
 * there: his bets on the other seat (in a tableau as they stand, once
 * closed what is covered, before the close the whole stake), and, not
 * seated outside a tableau, what his covers of bets on seat risk. */
static int stake_against(const struct sit_view *v, int person, int seat)
{
    int lost = 0;

    for (int i = 0; i < v->n_bets; i++) {
        const struct sit_bet *b = &v->bets[i];

        if (b->dead || b->bettor != person || b->seat != SEAT_OTHER(seat)) {
            continue;
        }
        lost += v->rules->tableau ? b->amount - b->refund
                : v->bets_closed  ? laws_bet_covered(b)
                                  : b->amount;
    }
    if (v->rules->tableau || v->persons[person].seat != SEAT_NONE) {
        return lost;
    }
    for (int i = 0; i < v->n_bets; i++) {
        const struct sit_bet *b = &v->bets[i];

        for (int k = 0; k < b->n_covers && !b->dead && b->seat == seat;
             k++) {
            if (b->covers[k].who == person) {
                lost += laws_cover_against(b, k);
            }
        }
    }
    return lost;
}

/* judge - a person who looks at the cards of the seat he bets against. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    const char *id;
    int lost;

    if (e->at != SIT_AT_LINE || e->kind != EV_SEES || e->person < 0 ||
        !laws__is_seat(e->seat)) {
        return false;
    }
    id = laws__sit_id(v, e->person);
    lost = v->seat[e->seat] >= 0 ? stake_against(v, e->person, e->seat) : 0;
    if (lost == 0) {
        laws__say(out, "%s sees %c's cards: he has no bet against %c", id,
                  seat_letter(e->seat), seat_letter(e->seat));
        return false;
    }
    out->seat = e->seat;
    out->payee = v->seat[e->seat];
    out->amount = lost;
    laws__say(out,
              "%s looks at the cards of %c, whom he bets against: his stake "
              "of %d goes to %s now, and the other side of his bets is "
              "released",
              id, seat_letter(e->seat), lost,
              laws__sit_id(v, v->seat[e->seat]));
    return laws__rule(out, REM_FORFEIT_STAKE, e->person, SEAT_NONE);
}

const struct law rule_BY2_bettor_sees = {
    .law = LAW_BY2,
    .id = "BY2",
    .title = "A bettor looks at the adverse hand",
    .text_ref = "A bettor who looks at the hand of the player he bets against "
                "forfeits his stake to that player at once; his bet is over "
                "and whoever covered it is released.",
    .reading = "docs/variants.md, gallery. A bettor with several bets "
               "against that seat forfeits each. A cover of a bet on that "
               "seat is a bet against it: the coverer forfeits what it "
               "risks, and the bet covered is released.",
    .trigger = EV_BIT(EV_SEES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_FORFEIT_STAKE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = "the bettor who looked offends; nobody chooses",
    .example = "ruling BY2 offender dan remedy forfeit-stake",
    .judge = judge,
    .remedies = REM_BIT(REM_FORFEIT_STAKE),
};
