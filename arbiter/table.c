/* SPDX-License-Identifier: MIT */
/* table.c - the table model: where each of the 32 cards is, and the card
 * conservation invariant (every card in exactly one place). */
#include "arbiter/arbiter_int.h"

#include <assert.h>
#include <stdio.h>

static const char *zone_names[Z_COUNT] = {
    "the stock", "A's hand", "B's hand", "the turn-up",
    "A's discard", "B's discard", "the tricks", "the cards set aside",
};

const char *arbiter__zone_name(enum zone z)
{
    return zone_names[z];
}

void arbiter__zones_reset(struct zones *z)
{
    for (int i = 0; i < Z_COUNT; i++) {
        z->known[i] = 0;
        z->count[i] = 0;
    }
    z->count[Z_STOCK] = CARD_COUNT;
}

int arbiter__locate(const struct zones *z, uint8_t c)
{
    /* most cards asked for are known nowhere (a card dealt, led, played
     * for the first time): one test of all the places first */
    if ((arbiter__known_anywhere(z) & CARD_BIT(c)) == 0) {
        return -1;
    }
    for (int i = 0; i < Z_COUNT; i++) {
        if (z->known[i] & CARD_BIT(c)) {
            return i;
        }
    }
    return -1;
}

/* unknown_places - cards of zone i whose face is not known. */
static int unknown_places(const struct zones *z, int i)
{
    return z->count[i] - arbiter__ncards(z->known[i]);
}

int arbiter__move(struct zones *z, uint8_t c, enum zone from, enum zone to,
                  char *why, size_t n)
{
    char text[CARD_TEXT_MAX];

    assert(from >= 0 && from < Z_COUNT && to >= 0 && to < Z_COUNT);
    assert(c <= CARD_UNKNOWN);
    if (z->count[from] <= 0) {
        snprintf(why, n, "expected a card in %s, found it empty",
                 zone_names[from]);
        return ARB_E_IMPOSSIBLE;
    }
    if (c == CARD_UNKNOWN) {
        if (unknown_places(z, from) <= 0) {
            snprintf(why, n, "expected the card to be named: every card in "
                             "%s is known",
                     zone_names[from]);
            return ARB_E_IMPOSSIBLE;
        }
        z->count[from]--;
        z->count[to]++;
        return 0;
    }
    if (z->known[from] & CARD_BIT(c)) {
        z->known[from] &= ~CARD_BIT(c);
    } else {
        int at = arbiter__locate(z, c);

        if (at >= 0) {
            snprintf(why, n, "expected a card in %s, found %s, which is in "
                             "%s (card conservation)",
                     zone_names[from], card_format(c, text), zone_names[at]);
            return ARB_E_IMPOSSIBLE;
        }
        if (unknown_places(z, from) <= 0) {
            snprintf(why, n, "expected a card of %s, found %s, which cannot "
                             "be there (card conservation)",
                     zone_names[from], card_format(c, text));
            return ARB_E_IMPOSSIBLE;
        }
    }
    z->count[from]--;
    z->count[to]++;
    z->known[to] |= CARD_BIT(c);
    return 0;
}

/* (The unknown places, summed over the zones, are the total less the
 * known cards; with the known cards of the zones disjoint, that is
 * CARD_COUNT less the cards seen exactly when the total is CARD_COUNT:
 * the total says it.) */
bool arbiter__conserved(const struct zones *z)
{
    return arbiter__conserved_since(z, NULL);
}

bool arbiter__conserved_since(const struct zones *z, const struct zones *ok)
{
    uint32_t seen = 0;
    uint32_t twice = 0;
    int total = 0;

#pragma GCC unroll 8
    for (int i = 0; i < Z_COUNT; i++) {
        uint32_t known = z->known[i];
        int count = z->count[i];
        bool moved = ok == NULL || known != ok->known[i] ||
                     count != ok->count[i];

        if (moved && arbiter__ncards(known) > count) {
            return false;       /* more cards known there than it holds */
        }
        twice |= seen & known;
        seen |= known;
        total += count;
    }
    return twice == 0 && total == CARD_COUNT;
}
