/* SPDX-License-Identifier: MIT */
/*
 * law_08_packet_order.c - L8, Packet order kept for the game.
 *
 * The dealer deals by 2 then 3 or by 3 then 2 and keeps that order for the
 * game; he may change it at the start of a later game by telling elder
 * hand before the cut.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L8 engaged by ev?  A packets notice is allowed only from
 * the right dealer, before the cut, at the start of a game before his
 * first deal in it. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    bool ok;

    if (!laws__is_seat(ev->actor)) {
        return true;
    }
    if ((v->profile->packets == PACKETS_3_2 && ev->option != 3) ||
        (v->profile->packets == PACKETS_2_3 && ev->option != 2)) {
        return true; /* the profile fixes the order (packets=) */
    }
    if (v->deal_on) {
        ok = v->phase == PH_SHUFFLE && !v->cut_done && ev->actor == v->dealer;
    } else {
        ok = ev->actor == v->right_dealer || v->right_dealer == SEAT_NONE;
    }
    return !(ok && !v->order_this_game[ev->actor]);
}

const struct law law_8_packet_order = {
    .law = LAW_8,
    .id = "L8",
    .title = "Packet order kept for the game",
    .text_ref = "The dealer deals by 2 then 3 or by 3 then 2 and keeps that "
                "order for the game; he may change it at the start of a later "
                "game by telling elder hand before the cut.",
    .reading = "Each dealer's own order binds him; notice given mid-game is "
               "not allowed.",
    .trigger = EV_BIT(EV_PACKETS),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NOT_ALLOWED,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
