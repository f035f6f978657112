/* SPDX-License-Identifier: MIT */
/*
 * rule_md4_point_offer_accepted.c - MD4, The point offered and accepted.
 *
 * Under offer-point, the point accepted ends the hand: the adversary of
 * the offerer scores the point (with the L49 extra under offer-extra=yes
 * when the offerer had stood or refused the first proposal).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile allows offering the point. */
static bool engaged(const struct profile *p)
{
    return p->offer_point != OFFER_POINT_NO;
}

/* applies - is MD4 engaged by ev?  The offer waiting is accepted by the
 * other player. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__is_seat(v->point_offer) && v->point_answer == 0 &&
           laws__same_seat(ev->actor, SEAT_OTHER(v->point_offer));
}

const struct law rule_MD4_point_offer_accepted = {
    .law = LAW_MD4,
    .id = "MD4",
    .title = "The point offered and accepted",
    .text_ref = "A player who accepts the point offered him scores the point "
                "and the hand ends.",
    .reading = "Where the sources are silent: 2 when the offerer had stood "
               "or refused the first proposal (L49) under offer-extra=yes, "
               "else 1, times the hand's value. Switches: offer-point, "
               "offer-extra.",
    .trigger = EV_BIT(EV_ACCEPT_POINT),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_AWARD,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
    /* carried out in arbiter/rulings.c (concede): the hand ends and the
     * offeree scores */
};
