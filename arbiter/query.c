/* SPDX-License-Identifier: MIT */
/*
 * query.c - what the referee shows of the table without changing it: the
 * profile, score, game and deal numbers, dealer, hands, the hand's value,
 * trumps, the rulings pending, what the table waits for next and which
 * cards may be played, conservation and the replay search.
 */
#include "arbiter/arbiter.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

const struct profile *arbiter_profile(const struct arbiter *a)
{
    return &a->s.prof;
}

void arbiter_score(const struct arbiter *a, int out[2])
{
    out[0] = a->s.score[0];
    out[1] = a->s.score[1];
}

enum phase arbiter_phase(const struct arbiter *a)
{
    return a->s.d.phase;
}

int arbiter_game_number(const struct arbiter *a)
{
    return a->s.game_no;
}

int arbiter_deal_number(const struct arbiter *a)
{
    return a->s.deal_no;
}

int arbiter_dealer(const struct arbiter *a)
{
    return a->s.d.dealer;
}

/* arbiter_next_dealer_of - who should deal the next deal in state s. */
static int arbiter_next_dealer_of(const struct table_state *s)
{
    if (s->fixed_dealer != SEAT_NONE) {
        return s->fixed_dealer;
    }
    if (s->next_dealer != SEAT_NONE) {
        return s->next_dealer;
    }
    return s->cut_winner;
}

int arbiter_next_dealer(const struct arbiter *a)
{
    return arbiter_next_dealer_of(&a->s);
}

int arbiter_hand(const struct arbiter *a, int seat, uint32_t *known)
{
    *known = a->s.d.z.known[Z_HAND(seat)];
    return a->s.d.z.count[Z_HAND(seat)];
}

int arbiter_value(const struct arbiter *a)
{
    return a->s.d.value > 0 ? a->s.d.value : 1;
}

int arbiter_trump(const struct arbiter *a)
{
    return a->s.d.trump;
}

int arbiter_pending(const struct arbiter *a, struct ruling *out, int max)
{
    const struct deal_state *d = &a->s.d;

    for (int i = 0; i < d->n_pending && i < max; i++) {
        out[i] = d->pending[i].r;
    }
    return d->n_pending;
}

/* next_in_hand - the next step of a hand in progress (no ruling or
 * remedy waiting). */
static void next_in_hand(const struct table_state *s, struct arb_next *out)
{
    const struct deal_state *d = &s->d;
    int e = d->elder;
    int dl = d->dealer;

    switch (d->phase) {
    case PH_SHUFFLE:
        /* the shuffles, then elder's cut; after the cut the dealer deals */
        out->step = d->cut_done ? ARB_NEXT_PACKET : ARB_NEXT_SHUFFLE;
        out->seat = d->cut_done ? dl : e;
        break;
    case PH_DEAL:
        out->step = d->n_packets >= 4 ? ARB_NEXT_TURN_UP : ARB_NEXT_PACKET;
        out->seat = dl;
        break;
    case PH_TURNED:
        /* an offer of the point (answered) closes the exchange: elder hand
         * leads, no proposal (docs/variants.md, offering the point) */
        out->step = d->point_offer != SEAT_NONE ? ARB_NEXT_LEAD
                                                : ARB_NEXT_DECIDE;
        out->seat = e;
        break;
    case PH_PROPOSED:
        out->step = ARB_NEXT_ANSWER;
        out->seat = dl;
        break;
    case PH_EXCHANGE:
        if (d->discarded[e] < 0) {
            out->step = ARB_NEXT_DISCARD;
            out->seat = e;
        } else if (d->asked < 0) {
            out->step = ARB_NEXT_ASK;
            out->seat = e;
        } else if (d->served[e] < d->asked) {
            out->step = ARB_NEXT_SERVE;
            out->seat = e;
            out->n = d->asked - d->served[e];
        } else if (d->discarded[dl] < 0) {
            out->step = ARB_NEXT_DISCARD;
            out->seat = dl;
        } else if (d->served[dl] < d->discarded[dl]) {
            out->step = ARB_NEXT_SERVE;
            out->seat = dl;
            out->n = d->discarded[dl] - d->served[dl];
        } else {
            out->step = ARB_NEXT_DECIDE;
            out->seat = e;
        }
        break;
    case PH_PLAY:
        if (d->trick_no > 0 &&
            d->tricks_rec[d->trick_no - 1].follow == CARD_NONE) {
            out->step = ARB_NEXT_PLAY;
            out->seat = d->to_play;
        } else {
            out->step = ARB_NEXT_LEAD;
            out->seat = d->leader;
        }
        break;
    default:
        out->step = ARB_NEXT_DEAL;
        out->seat = arbiter_next_dealer_of(s);
        break;
    }
}

void arbiter_next(const struct arbiter *a, struct arb_next *out)
{
    const struct table_state *s = &a->s;
    const struct deal_state *d = &s->d;

    memset(out, 0, sizeof(*out));
    out->seat = SEAT_NONE;
    if (d->n_pending > 0 && d->pending[d->n_pending - 1].r.options != 0) {
        const struct pending *p = &d->pending[d->n_pending - 1];
        const uint64_t play = EV_BIT(EV_LEAD) | EV_BIT(EV_PLAY);

        if (d->phase == PH_PLAY && !d->over && (p->allow & play) != 0) {
            out->waiting = true; /* the hand goes on meanwhile */
            out->waiting_seat = p->r.elector;
            out->waiting_options = p->r.options;
            out->waiting_law = p->r.law;
        } else {
            out->step = ARB_NEXT_ELECT;
            out->seat = p->r.elector;
            out->options = p->r.options;
            out->law = p->r.law;
            return;
        }
    }
    if (d->owed.kind != OWED_NONE) {
        out->step = ARB_NEXT_REMEDY;
        out->seat = d->owed.seat;
        out->n = d->owed.n;
        out->law = (enum law_id)d->owed.law;
    } else if (d->double_offer != SEAT_NONE ||
               (d->point_offer != SEAT_NONE && d->point_answer == 0)) {
        /* a double waiting is answered first (offer_gate, gate.c) */
        out->step = ARB_NEXT_OFFER;
        out->point = d->double_offer == SEAT_NONE;
        out->seat = SEAT_OTHER(out->point ? d->point_offer : d->double_offer);
    } else if (s->game_over && !s->game_on) {
        out->step = ARB_NEXT_NEW_GAME;
    } else if (!s->deal_on && !s->cut_for_deal_done &&
               s->deal_no == s->pair_deal) {
        out->step = ARB_NEXT_CUT_FOR_DEAL;
    } else if (!s->deal_on) {
        out->step = ARB_NEXT_DEAL;
        out->seat = arbiter_next_dealer_of(s);
    } else {
        next_in_hand(s, out);
    }
}

uint32_t arbiter_playable(const struct arbiter *a, int seat, int *unknown)
{
    const struct deal_state *d = &a->s.d;
    uint32_t hand;

    assert(seat == SEAT_A || seat == SEAT_B);
    hand = d->z.known[Z_HAND(seat)];
    *unknown = d->z.count[Z_HAND(seat)] - arbiter__ncards(hand);
    if (d->phase == PH_PLAY && d->trick_no > 0 &&
        d->tricks_rec[d->trick_no - 1].follow == CARD_NONE &&
        d->tricks_rec[d->trick_no - 1].leader != seat) {
        return laws_legal_follows(hand, d->tricks_rec[d->trick_no - 1].lead,
                                  d->trump, &a->s.prof);
    }
    return hand;
}

bool arbiter_hand_in_progress(const struct arbiter *a)
{
    return a->s.deal_on;
}

bool arbiter_check_conservation(const struct arbiter *a)
{
    return arbiter__conserved(&a->s.d.z);
}

int arbiter_replay_best(const struct arbiter *a, int out[2])
{
    const struct deal_state *d = &a->s.d;

    if (!d->snapped || d->trump == SUIT_NONE) {
        return -1;
    }
    for (int s = 0; s < 2; s++) {
        if (arbiter__ncards(d->snap_known[s]) != d->snap_count[s] ||
            d->snap_count[s] > 5) {
            return -1;
        }
    }
    arbiter__best_tricks(d->snap_known[d->elder], d->snap_known[d->dealer],
                         d->trump, &a->s.prof, d->elder, out);
    return 0;
}

int arbiter_places(const struct arbiter *a, struct arb_place *out)
{
    const struct zones *z = &a->s.d.z;

    for (int i = 0; i < Z_COUNT; i++) {
        out[i].name = arbiter__zone_name((enum zone)i);
        out[i].known = z->known[i];
        out[i].count = z->count[i];
    }
    return Z_COUNT;
}

int arbiter_tricks(const struct arbiter *a, struct arb_trick *out, int max)
{
    const struct deal_state *d = &a->s.d;
    int n = d->trick_no < ARB_TRICKS_MAX ? d->trick_no : ARB_TRICKS_MAX;

    for (int t = 0; t < n && t < max; t++) {
        const struct trick_rec *tr = &d->tricks_rec[t];

        out[t].leader = tr->leader;
        out[t].lead = tr->lead;
        out[t].follow = tr->follow;
        out[t].winner = tr->winner;
    }
    return n > 0 ? n : 0;
}

void arbiter_games_won(const struct arbiter *a, int out[2])
{
    out[0] = a->s.games_won[0];
    out[1] = a->s.games_won[1];
}
