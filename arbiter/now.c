/* SPDX-License-Identifier: MIT */
/*
 * now.c - what happens now under a ruling without options, in words that
 * name the seats: the law's own sentence where its reading says more than
 * the remedy (law_now_words: L14, L24, L40, L42 ...), else the remedy's
 * sentence (law_remedy_now).  The words follow the readings of
 * docs/laws.md; here only the seats, the card and the tricks are found.
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* who - the seat's letter as a string ("" for none), in buf[2]. */
static const char *who(int seat, char *buf)
{
    buf[0] = seat == SEAT_A || seat == SEAT_B ? seat_letter(seat) : '\0';
    buf[1] = '\0';
    return buf;
}

/* led_card - the card of the event ruled when it is offender's lead, else
 * CARD_NONE. */
static uint8_t led_card(const struct ctx *c, int offender)
{
    if (c->ev != NULL && c->ev->kind == EV_LEAD && c->ev->actor == offender) {
        return c->ev->cards[0];
    }
    return CARD_NONE;
}

void arbiter__now_text(struct ctx *c, const struct ruling *r, char *buf,
                       size_t n)
{
    char o[2], a[2], d[2], e[2];
    char card[CARD_TEXT_MAX] = "";
    bool seated = r->offender == SEAT_A || r->offender == SEAT_B;
    int adv = seated ? SEAT_OTHER(r->offender) : SEAT_NONE;
    int dealer = c->d->dealer;
    uint8_t k = seated ? led_card(c, r->offender) : CARD_NONE;
    struct law_now_fill f = {
        .offender = who(r->offender, o),
        .adversary = who(adv, a),
        .dealer = who(dealer, d),
        .elder = who(dealer == SEAT_A || dealer == SEAT_B ? SEAT_OTHER(dealer)
                                                          : SEAT_NONE,
                     e),
        .card = card,
        .tricks = seated ? c->d->tricks[r->offender] : -1,
    };

    if (k != CARD_NONE) {
        arbiter__cardtext(k, card);
    }
    if (law_now_words(r->law, r->remedy, &f, buf, n)) {
        return;
    }
    law_remedy_now(r->remedy, o, r->elector != SEAT_NONE ? who(r->elector, a)
                                                         : f.adversary,
                   buf, n);
}
