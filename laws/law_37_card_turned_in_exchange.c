/* SPDX-License-Identifier: MIT */
/*
 * law_37_card_turned_in_exchange.c - L37, A card turned up in the exchange.
 *
 * If the dealer turns up a stock card as though it were trump, he may not
 * refuse elder hand's next proposal, and elder hand may take that card.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L37 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (ev->kind == EV_REFUSE) {
        return v->exchange_turned && v->phase == PH_PROPOSED;
    }
    return v->phase == PH_TURNED || v->phase == PH_PROPOSED ||
           v->phase == PH_EXCHANGE;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    (void)v;
    if (ev->kind == EV_REFUSE) {
        r->remedy = REM_NOT_ALLOWED;
    }
}

const struct law law_37_card_turned_in_exchange = {
    .law = LAW_37,
    .id = "L37",
    .title = "A card turned up in the exchange",
    .text_ref = "If the dealer turns up a stock card as though it were trump, "
                "he may not refuse elder hand's next proposal, and elder hand "
                "may take that card.",
    .reading = "Applies from the turn-up until play begins; if elder hand "
               "does not propose again the card is set aside.",
    .trigger = EV_BIT(EV_TURN) | EV_BIT(EV_REFUSE),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_LOSE_RIGHT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
