/* SPDX-License-Identifier: MIT */
/*
 * law_16_elder_too_few.c - L16, Elder hand has too few cards.
 *
 * Found after the turn-up, before elder hand proposes or plays: elder hand
 * completes his hand from the stock or has a new deal.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L16 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__same_seat(ev->target, v->elder) &&
           ev->n < v->expected[v->elder] &&
           v->phase == PH_TURNED && v->proposals == 0 && !v->exchanged;
}

const struct law law_16_elder_too_few = {
    .law = LAW_16,
    .id = "L16",
    .title = "Elder hand has too few cards",
    .text_ref = "Found after the turn-up, before elder hand proposes or "
                "plays: elder hand completes his hand from the stock or has a "
                "new deal.",
    .reading = NULL,
    .trigger = EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_BEFORE_ELDER_ACTS,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .hand = ROLE_ELDER,
    .options = OPT_BIT(OPT_COMPLETE) | OPT_BIT(OPT_NEW_DEAL),
    .remedy = REM_COMPLETE_FROM_STOCK,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) | EV_BIT(EV_MARK_KING) |
             EV_BIT(EV_FOUND_HOLDS),
    .applies = applies,
    .shape = NULL,
    .continuing = true,
    .bars_king = true,
};
