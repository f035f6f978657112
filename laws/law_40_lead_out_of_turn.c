/* SPDX-License-Identifier: MIT */
/*
 * law_40_lead_out_of_turn.c - L40, Lead out of turn.
 *
 * A card led out of turn may be taken back while the other player has not
 * played to it; once he has, the trick stands.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L40 engaged by ev?  A lead by the wrong player.  Taking
 * that card back carries out the ruling given at the lead (retract-card):
 * it is no second irregularity, and not ruled again. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return v->leader != SEAT_NONE && ev->actor != v->leader;
}

const struct law law_40_lead_out_of_turn = {
    .law = LAW_40,
    .id = "L40",
    .title = "Lead out of turn",
    .text_ref = "A card led out of turn may be taken back while the other "
                "player has not played to it; once he has, the trick stands.",
    .reading = "Either player may have the card taken back; no penalty. Once "
               "the other plays to it, the trick stands and its winner leads. "
               "Ruled once, at the lead: the card taken back (or the right "
               "player leading) carries out that ruling.",
    .trigger = EV_BIT(EV_LEAD),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_RETRACT_CARD,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
