/* SPDX-License-Identifier: MIT */
/*
 * rule_md3_point_offer_declined.c - MD3, The point offered and declined.
 *
 * Under offer-point, a player who declines the point offered him is bound
 * to win the vole: the moment the offerer takes a trick the hand stops and
 * the offerer scores 2.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile allows offering the point. */
static bool engaged(const struct profile *p)
{
    return p->offer_point != OFFER_POINT_NO;
}

/* applies - is MD3 engaged by ev?  After a trick: the offer was declined
 * and the offerer has taken a trick. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->after && v->point_answer == -1 &&
           laws__is_seat(v->point_offer) && v->tricks[v->point_offer] > 0;
}

const struct law rule_MD3_point_offer_declined = {
    .law = LAW_MD3,
    .id = "MD3",
    .title = "The point offered and declined",
    .text_ref = "A player who declines the point must win the vole; if the "
                "offerer takes a trick the offerer scores 2.",
    .reading = "Where the sources are silent: the hand stops at the "
               "offerer's first trick (2, no L49 extra on top, times the "
               "hand's value); a vole by the decliner scores as usual. "
               "Switch: offer-point.",
    .trigger = EV_BIT(EV_PLAY),
    .evidence = EV_BIT(EV_PLAY) | EV_BIT(EV_LEAD),
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
     * offerer scores */
};
