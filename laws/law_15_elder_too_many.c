/* SPDX-License-Identifier: MIT */
/*
 * law_15_elder_too_many.c - L15, Elder hand has too many cards.
 *
 * Found after the turn-up, before elder hand proposes or plays: elder hand
 * has a new deal, or plays on and throws out the surplus unseen.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L15 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__same_seat(ev->target, v->elder) &&
           ev->n > v->expected[v->elder] &&
           v->phase == PH_TURNED && v->proposals == 0 && !v->exchanged;
}

const struct law law_15_elder_too_many = {
    .law = LAW_15,
    .id = "L15",
    .title = "Elder hand has too many cards",
    .text_ref = "Found after the turn-up, before elder hand proposes or "
                "plays: elder hand has a new deal, or plays on and throws out "
                "the surplus unseen.",
    .reading = "Play on: the next line is elder hand discarding the surplus, "
               "out of play. Found after a proposal: treated as L29.",
    .trigger = EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_BEFORE_ELDER_ACTS,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_ELDER,
    .options = OPT_BIT(OPT_NEW_DEAL) | OPT_BIT(OPT_PLAY_ON),
    .remedy = REM_OWNER_DISCARDS_SURPLUS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) | EV_BIT(EV_MARK_KING) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
    .bars_king = true,
};
