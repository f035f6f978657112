/* SPDX-License-Identifier: MIT */
/*
 * pair.c - what a sitting above the two seats may ask of the table: a
 * dealer fixed for every deal (a chouette's bank), a new pair cutting
 * for deal between games (a pool's rentrant), a game conceded by a
 * player who leaves.  The referee learns of seats only, never of who
 * sits in them.
 */
#include "arbiter/arbiter.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

void arbiter_fix_dealer(struct arbiter *a, int seat)
{
    assert(a != NULL && seat >= SEAT_NONE && seat <= SEAT_B);
    a->s.fixed_dealer = (int8_t)seat;
    arbiter__stretch_reset(a); /* a strike does not reach past it */
}

int arbiter_new_pair(struct arbiter *a, int dealer)
{
    struct table_state *s = &a->s;

    assert(a != NULL && dealer >= SEAT_NONE && dealer <= SEAT_B);
    a->errmsg[0] = '\0';
    if (s->deal_on && !s->d.over) {
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected a new pair between deals, found deal %d in "
                 "progress",
                 s->deal_no);
        return ARB_E_ORDER;
    }
    s->cut_card[0] = s->cut_card[1] = CARD_NONE;
    s->cut_winner = SEAT_NONE;
    s->cut_for_deal_done = false;
    s->pair_deal = s->deal_no;
    s->next_dealer = (int8_t)dealer;
    arbiter__stretch_reset(a);
    return ARB_OK;
}

int arbiter_concede(struct arbiter *a, int seat, struct arb_result *out)
{
    struct table_state *next = &a->next;
    struct table_event ev;
    struct ctx c;
    int winner = SEAT_OTHER(seat);

    assert(a != NULL && (seat == SEAT_A || seat == SEAT_B) && out != NULL);
    arbiter__result_reset(out);
    a->errmsg[0] = '\0';
    if (!a->s.game_on || a->s.game_over) {
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected a game in progress for %c to concede, found none",
                 seat_letter(seat));
        return ARB_E_ORDER;
    }
    memset(&ev, 0, sizeof(ev));
    ev.kind = EV_END;
    ev.actor = SEAT_NONE;
    ev.target = SEAT_NONE;
    ev.suit = SUIT_NONE;
    ev.option = -1;
    *next = a->s;
    c.a = a;
    c.s = next;
    c.d = &next->d;
    c.ev = &ev;
    c.res = out;
    c.not_allowed = false;
    c.point_held = false;
    next->started = true;
    if (next->deal_on && !next->d.over) {
        next->d.n_pending = 0;
        next->d.owed.kind = OWED_NONE;
        arbiter__end_hand_now(&c);
        arbiter__note(&c,
                      "deal %d is not played out: %c has left the table",
                      next->d.number, seat_letter(seat));
    }
    arbiter__game_won(&c, winner);
    arbiter__note(&c, "%c leaves the table without consent: game %d goes to "
                      "%c, A %d B %d",
                  seat_letter(seat), next->game_no, seat_letter(winner),
                  next->score[0], next->score[1]);
    a->s = *next;
    arbiter__stretch_reset(a); /* a strike does not reach into it */
    out->score[0] = a->s.score[0];
    out->score[1] = a->s.score[1];
    return ARB_OK;
}
