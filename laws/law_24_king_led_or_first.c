/* SPDX-License-Identifier: MIT */
/*
 * law_24_king_led_or_first.c - L24, King led, or the dealer's first card.
 *
 * Elder hand who leads the king of trumps may announce it until the dealer
 * plays to it; a dealer whose first card is the king may announce it until
 * he plays his next card.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L24 engaged by ev?  The king led, or the dealer's first
 * card, announced in (or after) the extended window. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    enum announce_state a;

    if (v->trump == SUIT_NONE) {
        return false;
    }
    a = laws_announce(v, ev->actor);
    return a == ANN_OK_24 || a == ANN_LATE_24;
}

/* shape - too late even by the extension: the right is lost. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (laws_announce(v, ev->actor) == ANN_LATE_24) {
        r->remedy = REM_LOSE_RIGHT;
    }
}

const struct law law_24_king_led_or_first = {
    .law = LAW_24,
    .id = "L24",
    .title = "King led, or the dealer's first card",
    .text_ref = "Elder hand who leads the king of trumps may announce it "
                "until the dealer plays to it; a dealer whose first card is "
                "the king may announce it until he plays his next card.",
    .reading = NULL,
    .trigger = EV_BIT(EV_ANNOUNCE),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_AWARD,
    .kind = LAW_KIND_PENALTY,
    .lawful = REM_AWARD,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
