/* SPDX-License-Identifier: MIT */
/*
 * rule_md2_double_void.c - MD2, A double that does not count.
 *
 * An offer to double outside its window (from the turn-up until the lead
 * to the third trick), while another waits, or again after an accepted
 * double when redouble=no (or by the player who did not accept it): no
 * effect, no penalty.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile allows doubling. */
static bool engaged(const struct profile *p)
{
    return p->doubling != 0;
}

/* in_window - from the turn-up until the lead to the third trick, the hand
 * still in progress. */
static bool in_window(const struct law_view *v)
{
    return v->deal_on && v->trump != SUIT_NONE && v->phase >= PH_TURNED &&
           v->phase <= PH_PLAY && v->trick_no < 3;
}

/* applies - is MD2 engaged by ev?  The offer cannot count. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    bool again = v->value > 1 &&
                 (!v->profile->redouble ||
                  !laws__same_seat(ev->actor, v->double_acceptor));

    return !in_window(v) || laws__is_seat(v->double_offer) || again;
}

const struct law rule_MD2_double_void = {
    .law = LAW_MD2,
    .id = "MD2",
    .title = "A double that does not count",
    .text_ref = "An offer to double made outside its window, while another "
                "waits, or again when redoubling is not allowed, has no "
                "effect and no penalty.",
    .reading = "The window runs from the turn-up until the lead to the third "
               "trick (the lead closes it); under redouble=yes only the "
               "player who accepted may offer again. Switches: doubling, "
               "redouble.",
    .trigger = EV_BIT(EV_OFFER_DOUBLE),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID_OFFER,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
};
