/* SPDX-License-Identifier: MIT */
/* search.c - exhaustive search of the five tricks, for what a replay can
 * give each side (L25, L43) and for judging claims. */
#include "arbiter/arbiter_int.h"

/* next_card - the first card of m at or after from, or -1. */
static int next_card(uint32_t m, int from)
{
    for (int c = from; c < CARD_COUNT; c++) {
        if (m & CARD_BIT(c)) {
            return c;
        }
    }
    return -1;
}

/*
 * tricks_for - the most tricks side `me` can take from here against the
 * other side's best play, with hands h0, h1 and seat `lead` to lead.
 * Exhaustive (hands of at most five cards).
 */
static int tricks_for(uint32_t h0, uint32_t h1, int lead, int me, int trump,
                      const struct profile *p)
{
    uint32_t h[2] = {h0, h1};
    int other = SEAT_OTHER(lead);
    int best = lead == me ? -1 : 99;

    if (h[0] == 0 || h[1] == 0) {
        /* a short hand: every trick it cannot play to goes to the other */
        return h[SEAT_OTHER(me)] == 0 ? arbiter__ncards(h[me]) : 0;
    }
    for (int a = next_card(h[lead], 0); a >= 0;
         a = next_card(h[lead], a + 1)) {
        uint32_t legal = laws_legal_follows(h[other], (uint8_t)a, trump, p);
        int reply = other == me ? -1 : 99;

        for (int b = next_card(legal, 0); b >= 0;
             b = next_card(legal, b + 1)) {
            uint32_t n[2] = {h[0], h[1]};
            int winner = card_beats((uint8_t)a, (uint8_t)b, trump, p->rank) ? other
                                                                   : lead;
            int v;

            n[lead] &= ~CARD_BIT(a);
            n[other] &= ~CARD_BIT(b);
            v = (winner == me) + tricks_for(n[0], n[1], winner, me, trump, p);
            if (other == me ? v > reply : v < reply) {
                reply = v;
            }
        }
        if (lead == me ? reply > best : reply < best) {
            best = reply;
        }
    }
    return best;
}

void arbiter__best_tricks(uint32_t hand_leader, uint32_t hand_other,
                          int trump, const struct profile *p, int leader,
                          int out[2])
{
    uint32_t h[2];

    h[leader] = hand_leader;
    h[SEAT_OTHER(leader)] = hand_other;
    out[0] = tricks_for(h[0], h[1], leader, 0, trump, p);
    out[1] = tricks_for(h[0], h[1], leader, 1, trump, p);
}
