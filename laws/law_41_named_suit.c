/* SPDX-License-Identifier: MIT */
/*
 * law_41_named_suit.c - L41, Naming one suit and leading another.
 *
 * The adversary may play to the card led or require the named suit; if the
 * leader has none of it, the card led stands.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L41 engaged by ev?  A suit named and another led. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return v->deal_on && (ev->flags & EVF_CALLING) && ev->suit != SUIT_NONE &&
           ev->n_cards == 1 && ev->cards[0] < CARD_COUNT &&
           CARD_SUIT(ev->cards[0]) != ev->suit;
}

/* shape - a leader who cannot hold the suit he named (none of it known in
 * his hand, no unseen card besides the one led) has his card stand:
 * nothing to choose. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    uint32_t hand = 0;
    int unknown = 0;

    if (ev->suit < 0 || ev->suit >= SUIT_COUNT) {
        return;
    }
    if (laws__is_seat(ev->actor)) {
        hand = v->known[ev->actor];
        unknown = v->count[ev->actor] - cards_count(hand);
    }
    if ((hand & SUIT_MASK(ev->suit)) == 0 && unknown <= 1) {
        r->options = 0;
        r->elector = SEAT_NONE;
    }
}

const struct law law_41_named_suit = {
    .law = LAW_41,
    .id = "L41",
    .title = "Naming one suit and leading another",
    .text_ref = "The adversary may play to the card led or require the named "
                "suit; if the leader has none of it, the card led stands.",
    .reading = NULL,
    .trigger = EV_BIT(EV_LEAD),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_ADVERSARY,
    .options = OPT_BIT(OPT_NAMED_SUIT) | OPT_BIT(OPT_CARD_LED),
    .remedy = REM_NONE,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW),
    .applies = applies,
    .shape = shape,
};
