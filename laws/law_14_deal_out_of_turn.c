/* SPDX-License-Identifier: MIT */
/*
 * law_14_deal_out_of_turn.c - L14, Deal out of turn or with the wrong pack.
 *
 * Found before the turn-up, a deal out of turn or with the adversary's
 * pack is void; after the turn-up it stands (and the packs stay swapped).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L14 engaged by ev?  The wrong player deals, or deals with
 * the adversary's pack. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int pack_used = (ev->flags & EVF_PACK) ? ev->target : ev->actor;

    return (v->right_dealer != SEAT_NONE && ev->actor != v->right_dealer) ||
           pack_used != v->own_pack;
}

const struct law law_14_deal_out_of_turn = {
    .law = LAW_14,
    .id = "L14",
    .title = "Deal out of turn or with the wrong pack",
    .text_ref = "Found before the turn-up, a deal out of turn or with the "
                "adversary's pack is void; after the turn-up it stands (and "
                "the packs stay swapped).",
    .reading = "A new deal line by the right player before the turn-up voids "
               "the wrong deal; at the turn-up it stands. After an "
               "uncorrected deal out of turn, the other player deals next.",
    .trigger = EV_BIT(EV_DEAL),
    .window = WIN_BEFORE_TURN_UP,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NEW_DEAL,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_SHUFFLE) | EV_BIT(EV_CUT) | EV_BIT(EV_PACKETS) |
             EV_BIT(EV_GIVE) | EV_BIT(EV_EXPOSE) | EV_BIT(EV_LOOK) |
             EV_BIT(EV_FOUND_FACED) | EV_BIT(EV_FOUND_HOLDS) |
             EV_BIT(EV_DEAL) | EV_BIT(EV_NEW_CARDS) | EV_BIT(EV_MARK_KING) |
             EV_BIT(EV_MARK) | EV_BIT(EV_SHOW),
    .applies = applies,
    .shape = NULL,
    /* carried out in arbiter/rulings.c (deal_line_*): the correcting deal
     * line, the deal standing at the turn-up */
};
