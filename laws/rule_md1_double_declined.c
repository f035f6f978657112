/* SPDX-License-Identifier: MIT */
/*
 * rule_md1_double_declined.c - MD1, A double declined.
 *
 * Under doubling=yes either player may offer to double the hand; the one
 * who declines concedes it at once: the offerer scores as for the point,
 * 1, or 2 if the decliner had stood or refused the first proposal, times
 * the value already in force.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile allows doubling. */
static bool engaged(const struct profile *p)
{
    return p->doubling != 0;
}

/* applies - is MD1 engaged by ev?  The double offered is declined by the
 * other player. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws__is_seat(v->double_offer) &&
           laws__same_seat(ev->actor, SEAT_OTHER(v->double_offer));
}

const struct law rule_MD1_double_declined = {
    .law = LAW_MD1,
    .id = "MD1",
    .title = "A double declined",
    .text_ref = "A player who declines a double concedes the hand: the "
                "offerer scores as if he had won the point (not the vole), "
                "1, or 2 if the decliner was vulnerable.",
    .reading = "Where the sources are silent: vulnerability is judged when "
               "the double is declined (he had stood, or refused the first "
               "proposal); the value already in force multiplies it; king "
               "points stand. Switch: doubling.",
    .trigger = EV_BIT(EV_DECLINE_DOUBLE),
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
