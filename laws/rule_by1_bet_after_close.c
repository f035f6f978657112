/* SPDX-License-Identifier: MIT */
/*
 * rule_by1_bet_after_close.c - BY1, A bet after the close.
 *
 * A bet or a cover made after betting on the game has closed is void.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY1); the two-seat referee never does.
 * Verdict: a bet after betting has closed, against one's own seat, on
 * one's own seat outside a tableau, at odds in a tableau, or into a full
 * book; a cover after the close, of a bet on one's own seat or of one's
 * own bet; la chouette taken after the close: void.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* bet_void - why `ID bets N on S [at P:Q]` is void, NULL if it stands. */
static const char *bet_void(const struct sit_view *v,
                            const struct sit_event *e)
{
    int mine = v->persons[e->person].seat;

    if (v->bets_closed) {
        return "betting on the game has closed";
    }
    if (laws__is_seat(e->seat) && mine == SEAT_OTHER(e->seat)) {
        return "a player may not back his adversary";
    }
    if (mine == e->seat && !v->rules->tableau) {
        return "a player covers bets on his adversary; he stakes on his own "
               "seat only in a tableau";
    }
    if (v->rules->tableau && e->odds[0] > 0) {
        return "a tableau takes bets at even money only";
    }
    if (v->n_bets == SIT_BETS_MAX) {
        return "the book is full";
    }
    return NULL;
}

/* cover_void - why `ID covers ID2 [N]` is void, NULL if it stands (the
 * bet may have gone only once betting has closed). */
static const char *cover_void(const struct sit_view *v,
                              const struct sit_event *e)
{
    if (v->bets_closed || e->bet < 0) {
        return "betting on the game has closed";
    }
    if (v->persons[e->person].seat == v->bets[e->bet].seat) {
        return "a player may not back his adversary";
    }
    if (e->person == e->other) {
        return "nobody covers his own bet";
    }
    return NULL;
}

/* judge - a bet, a cover or la chouette too late or against the rules. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    const char *why;

    if (e->at != SIT_AT_LINE) {
        return false;
    }
    if (e->kind == EV_TAKES_ALL_BETS && laws__is_seat(e->seat)) {
        if (!v->bets_closed) {
            return false;
        }
        laws__say(out, "%c takes all bets after betting has closed: void",
                  seat_letter(e->seat));
        return laws__rule(out, REM_VOID, -1, e->seat);
    }
    if ((e->kind != EV_BETS && e->kind != EV_COVERS) || e->person < 0) {
        return false;
    }
    why = e->kind == EV_BETS ? bet_void(v, e) : cover_void(v, e);
    if (why == NULL) {
        return false;
    }
    if (e->kind == EV_BETS) {
        laws__say(out, "%s's bet of %d on %c is void: %s",
                  laws__sit_id(v, e->person), e->n, seat_letter(e->seat),
                  why);
    } else {
        laws__say(out, "%s's cover of %s's bet is void: %s",
                  laws__sit_id(v, e->person), laws__sit_id(v, e->other),
                  why);
    }
    return laws__rule(out, REM_VOID, e->person, SEAT_NONE);
}

const struct law rule_BY1_bet_after_close = {
    .law = LAW_BY1,
    .id = "BY1",
    .title = "A bet after the close",
    .text_ref = "Bets on a game are made from the end of the game before "
                "until its first turn-up (or, under bets-close=each-turnup, "
                "until each turn-up); a bet or a cover made later is void. A "
                "player may not back his adversary.",
    .reading = "our reading, docs/variants.md, gallery. Under bet-match=tableau bets are at "
               "even money: odds stated there are void too.",
    .trigger = EV_BIT(EV_BETS) | EV_BIT(EV_COVERS),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = "the bettor offends; nobody chooses",
    .example = "ruling BY1 offender dan remedy void",
    .judge = judge,
    .remedies = REM_BIT(REM_VOID),
};
