/* SPDX-License-Identifier: MIT */
/*
 * law_10_turn_up.c - L10, The turn-up.
 *
 * After the deal the dealer turns up the top card of the rest of the pack
 * (the 11th card); its suit is trumps.
 *
 * Fires when the card is turned before both hands are dealt: it is not the
 * 11th card.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L10 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return (v->phase == PH_SHUFFLE || v->phase == PH_DEAL) && !v->deal_complete;
}

const struct law law_10_turn_up = {
    .law = LAW_10,
    .id = "L10",
    .title = "The turn-up",
    .text_ref = "After the deal the dealer turns up the top card of the rest "
                "of the pack (the 11th card); its suit is trumps.",
    .reading = NULL,
    .trigger = EV_BIT(EV_TURN),
    .window = WIN_NONE,
    .offender = ROLE_DEALER,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NONE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
