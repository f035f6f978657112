/* SPDX-License-Identifier: MIT */
/*
 * law_05_cut_for_deal_winner.c - L5, Winner of the cut for deal.
 *
 * The higher card (K Q J A T 9 8 7) deals first and chooses pack and seat
 * for the play.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L5 engaged by ev?  The card cut ties the adversary's. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int other;

    if (!laws__is_seat(ev->actor) || ev->n_cards != 1 ||
        ev->cards[0] >= CARD_COUNT) {
        return false;
    }
    other = v->cut_card[SEAT_OTHER(ev->actor)];
    return other != CARD_NONE && CARD_RANK(other) == CARD_RANK(ev->cards[0]);
}

const struct law law_5_cut_for_deal_winner = {
    .law = LAW_5,
    .id = "L5",
    .title = "Winner of the cut for deal",
    .text_ref = "The higher card (K Q J A T 9 8 7) deals first and chooses "
                "pack and seat for the play.",
    .reading = "Equal cards: cut again. The choice of pack holds for the "
               "whole sitting.",
    .trigger = EV_BIT(EV_CUT_FOR_DEAL),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_RECUT,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
