/* SPDX-License-Identifier: MIT */
/*
 * cards.c - moving cards between the places of the table model with the
 * referee's messages: giving named or unseen cards, and reconciling a hand
 * with a count the table found.
 */
#include "arbiter/arbiter.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* arbiter__give_cards - move the event's cards (or n unknown ones) from zone
 * from to zone to; remembers the last cards given to a hand.  Unnamed cards
 * leaving a hand could be any of its cards: the hand's known cards are no
 * longer known to be there (they may be among those that left). */
/* under_stock - the turn-up lies under the stock, not yet drawn (PL). */
static bool under_stock(const struct ctx *c)
{
    return c->s->prof.turnup == TURNUP_UNDER_STOCK &&
           c->d->turn_up != CARD_NONE && !c->d->turnup_drawn &&
           c->d->phase >= PH_TURNED;
}

int arbiter__give_cards(struct ctx *c, enum zone from, enum zone to, int n)
{
    const struct table_event *ev = c->ev;
    char why[200];

    if ((from == Z_HAND_A || from == Z_HAND_B) && n > 0) {
        uint32_t named = 0;
        int unnamed = ev->n_cards == 0 ? n : 0;

        for (int i = 0; i < ev->n_cards; i++) {
            if (ev->cards[i] == CARD_UNKNOWN) {
                unnamed++;
            } else {
                named |= CARD_BIT(ev->cards[i]);
            }
        }
        if (unnamed > 0) {
            uint32_t kept = c->d->z.known[from] & named;
            uint32_t loose = c->d->z.known[from] & ~named;

            if (unnamed >= c->d->z.count[from] - arbiter__ncards(kept)) {
                /* every other card leaves too: the known ones with them */
                c->d->z.known[to] |= loose;
            }
            c->d->z.known[from] = kept;
        }
    }

    for (int i = 0; i < n; i++) {
        uint8_t k = ev->n_cards > 0 ? ev->cards[i] : CARD_UNKNOWN;
        enum zone src = from;
        int rc;

        if (from == Z_STOCK && under_stock(c) &&
            (k == c->d->turn_up ||
             (k == CARD_UNKNOWN && c->d->z.count[Z_STOCK] == 0))) {
            /* turnup=under-stock: the turn-up is the stock's last card */
            if (c->d->z.count[Z_STOCK] > 0) {
                return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                                     "expected the turn-up drawn last from "
                                     "under the stock, found it with %d "
                                     "card(s) above it",
                                     c->d->z.count[Z_STOCK]);
            }
            k = c->d->turn_up;
            src = Z_TURN_UP;
            c->d->turnup_drawn = true;
        }
        rc = arbiter__move(&c->d->z, k, src, to, why, sizeof(why));

        if (rc != 0) {
            return arbiter__fail(c, rc, "%s", why);
        }
        if (to == Z_HAND_A || to == Z_HAND_B) {
            int s = to - Z_HAND_A;
            int8_t *nl = &c->d->n_last_given[s];

            if (*nl < 5) {
                c->d->last_given[s][(int)(*nl)++] = k;
            } else {
                memmove(&c->d->last_given[s][0], &c->d->last_given[s][1], 4);
                c->d->last_given[s][4] = k;
            }
            if (k == CARD_UNKNOWN && c->d->announced == s) {
                c->d->unknown_in_after_ann = true;
            }
        }
    }
    return 0;
}

/*
 * arbiter__reconcile - an observation outranks the record (docs/format.md, "Unknown cards
 * and counts"): seat is found to hold n cards, so unseen
 * cards move between his hand and the stock (or the pack, before the
 * turn-up) until the count agrees; card conservation still holds.  Named
 * cards never move: fewer cards than he is seen to hold, or more than the
 * stock's unseen cards can make up, is a contradiction.  Returns 0, or
 * ARB_E_IMPOSSIBLE with the reason.
 */
int arbiter__reconcile(struct ctx *c, int seat, int n)
{
    struct zones *z = &c->d->z;
    int h = Z_HAND(seat);
    int have = z->count[h];
    int named = arbiter__ncards(z->known[h]);
    int room = z->count[Z_STOCK] - arbiter__ncards(z->known[Z_STOCK]);
    char why[200];
    char list[100];

    if (n == have) {
        return 0;
    }
    if (n < named) {
        return arbiter__fail(
            c, ARB_E_IMPOSSIBLE,
            "expected %c to hold at least the %d cards seen given "
            "to him (%s), found %d",
            seat_letter(seat), named,
            cards_format(z->known[h], list, sizeof(list)), n);
    }
    if (n > have + room) {
        return arbiter__fail(
            c, ARB_E_IMPOSSIBLE,
            "expected at most %d cards in %c's hand (%d recorded, "
            "%d unseen left in the stock), found %d",
            have + room, seat_letter(seat), have, room, n);
    }
    for (int i = have; i != n; i += n > have ? 1 : -1) {
        int rc =
            n > have
                ? arbiter__move(z, CARD_UNKNOWN, Z_STOCK, h, why, sizeof(why))
                : arbiter__move(z, CARD_UNKNOWN, h, Z_STOCK, why, sizeof(why));

        if (rc != 0) {
            return arbiter__fail(c, rc, "%s", why);
        }
    }
    arbiter__note(c,
                  "%c holds %d cards, not %d as recorded: %d unseen card(s) %s "
                  "the %s",
                  seat_letter(seat), n, have, n > have ? n - have : have - n,
                  n > have ? "came from" : "went back to",
                  c->d->phase <= PH_DEAL ? "pack" : "stock");
    return 0;
}
