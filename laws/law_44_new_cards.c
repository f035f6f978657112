/* SPDX-License-Identifier: MIT */
/*
 * law_44_new_cards.c - L44, Calling for new cards.
 *
 * Either player may call for new cards before the pack is cut for the next
 * deal; he pays, and the dealer chooses which of the two new packs is his.
 */
#include <stdio.h>

#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L44 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return true;
}

/* shape - say when the new cards come into play: called before the cut,
 * for the deal about to be dealt; once the pack is cut for a deal in hand,
 * the deal stands with its cards and the new ones come for the next. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    int dealer = v->deal_on ? v->dealer : v->right_dealer;
    char who[24] = "the dealer";

    if (dealer == SEAT_A || dealer == SEAT_B) {
        snprintf(who, sizeof(who), "the dealer (%c)", seat_letter(dealer));
    }
    if (v->deal_on && v->cut_done && !v->is_void) {
        r->remedy = REM_DEAL_STANDS;
        snprintf(r->note, sizeof(r->note),
                 "called after the cut: this deal stands; the new cards are "
                 "for the next deal (%c pays, %s chooses the pack)",
                 seat_letter(ev->actor), who);
    } else {
        snprintf(r->note, sizeof(r->note),
                 "%c pays for a fresh pair of packs; %s chooses which is his",
                 seat_letter(ev->actor), who);
    }
}

const struct law law_44_new_cards = {
    .law = LAW_44,
    .id = "L44",
    .title = "Calling for new cards",
    .text_ref = "Either player may call for new cards before the pack is cut "
                "for the next deal; he pays, and the dealer chooses which of "
                "the two new packs is his.",
    .reading = "A call after the pack is cut for a deal in hand is not refused: the deal stands with its cards and the new pair comes for the next deal (remedy deal-stands).",
    .trigger = EV_BIT(EV_NEW_CARDS),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NONE,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
