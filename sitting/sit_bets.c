/* SPDX-License-Identifier: MIT */
/*
 * sit_bets.c - the gallery's bets as the remedies and the gallery's
 * hooks change them: a cover dropped, a person's bets void, stakes
 * forfeited to the player looked at, a tableau made equal again
 * (docs/variants.md: BY2, BY4, BY5, BY9).
 */
#include "sitting/sitting.h"

#include <string.h>

#include "sitting/sitting_int.h"

void sit__drop_cover(struct sit_bet *b, int k)
{
    memmove(&b->covers[k], &b->covers[k + 1],
            sizeof(b->covers[0]) * (size_t)(b->n_covers - k - 1));
    b->n_covers--;
}

int sit__void_bets(struct sit_state *s, int person)
{
    int n = 0;

    for (int i = 0; i < s->n_bets; i++) {
        struct sit_bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (b->bettor == person) {
            b->dead = true;
            n++;
            continue;
        }
        for (int k = b->n_covers - 1; k >= 0; k--) {
            if (b->covers[k].who == person) {
                sit__drop_cover(b, k);
                n++;
            }
        }
    }
    return n;
}

/* forfeit_bets - person's live bets on the seat other than seat end and
 * are paid over to payee into t.  Returns what is paid. */
static int forfeit_bets(struct sit_state *s, int person, int seat, int payee,
                        struct settle *t)
{
    int lost = 0;

    for (int i = 0; i < s->n_bets; i++) {
        struct sit_bet *b = &s->bets[i];
        int stake = s->r.tableau     ? b->amount - b->refund
                    : s->bets_closed ? laws_bet_covered(b)
                                     : b->amount;

        if (b->dead || b->bettor != person || b->seat != SEAT_OTHER(seat)) {
            continue;
        }
        b->dead = true;                 /* its covers released */
        if (stake > 0) {
            sit__pay(t, person, payee, stake);
            lost += stake;
        }
    }
    return lost;
}

/* forfeit_covers - a cover is a bet against the seat of the bet covered:
 * person's covers of live bets on seat end, what each risks (the bet's
 * winnings at its odds) paid over to payee into t; the bets keep their
 * other covers.  Returns what is paid. */
static int forfeit_covers(struct sit_state *s, int person, int seat,
                          int payee, struct settle *t)
{
    int lost = 0;

    for (int i = 0; i < s->n_bets; i++) {
        struct sit_bet *b = &s->bets[i];

        if (b->dead || b->seat != seat) {
            continue;
        }
        for (int k = b->n_covers - 1; k >= 0; k--) {
            int stake;

            if (b->covers[k].who != person) {
                continue;
            }
            stake = laws_cover_against(b, k);
            sit__drop_cover(b, k);
            if (stake > 0) {
                sit__pay(t, person, payee, stake);
                lost += stake;
            }
        }
    }
    return lost;
}

int sit__forfeit_stakes(struct sit_state *s, int person, int seat,
                        int payee, struct settle *t)
{
    struct person *p = &s->p[person];
    int lost = 0;

    if (p->stake > 0 && !p->stake_paid) {
        sit__pay(t, person, payee, p->stake);
        p->stake_paid = true;
        lost += p->stake;
    }
    if (payee < 0) {
        return lost;
    }
    lost += forfeit_bets(s, person, seat, payee, t);
    if (!s->r.tableau && sit__seat_of(s, person) == SEAT_NONE) {
        lost += forfeit_covers(s, person, seat, payee, t);
    }
    return lost;
}

int sit__equalise(struct sit_state *s)
{
    int heavy;
    int excess = laws_tableau_excess(s->bets, s->n_bets, &heavy);
    int back_all = 0;

    for (int i = s->n_bets - 1; i >= 0 && excess > 0; i--) {
        struct sit_bet *b = &s->bets[i];
        int stands = b->amount - b->refund;
        int back = stands < excess ? stands : excess;

        if (b->dead || b->seat != heavy || back <= 0) {
            continue;
        }
        b->refund += back;
        excess -= back;
        back_all += back;
    }
    return back_all;
}

void sit__bets_changed(struct sit_ctx *c)
{
    struct sit_event e;
    struct sit_verdict v;

    sit__event(&e, SIT_AT_BET_ENDS);
    if (sit__play(c, &e, &v)) {
        sit__equalise(c->s);
        sit__mark_bets(c);
    }
}
