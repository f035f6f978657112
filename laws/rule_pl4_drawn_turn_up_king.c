/*
 * rule_pl4_drawn_turn_up_king.c - PL4, A drawn turn-up king scores once.
 *
 * Under turnup=under-stock the turn-up is the stock's last card and may be
 * drawn into a hand.  A king turned up scored for the dealer at the
 * turn-up; drawn, it never scores a second time.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the turn-up lies under the stock. */
static bool engaged(const struct profile *p)
{
    return p->turnup == TURNUP_UNDER_STOCK;
}

/* applies - is PL4 engaged by ev?  The king of trumps claimed in a hand is
 * the turn-up drawn from under the stock. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return v->turnup_drawn && v->king_turned && v->turn_up != CARD_NONE &&
           laws__is_seat(ev->actor) &&
           (v->known[ev->actor] & CARD_BIT(v->turn_up)) != 0;
}

const struct law rule_PL4_drawn_turn_up_king = {
    .law = LAW_PL4,
    .id = "PL4",
    .title = "A drawn turn-up king scores once",
    .text_ref = "A turned king drawn from under the stock into a hand is an "
                "ordinary card: it was scored at the turn-up and never "
                "scores again.",
    .reading = "Marking or announcing it loses the right (no point).",
    .trigger = EV_BIT(EV_MARK_KING) | EV_BIT(EV_ANNOUNCE),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_LOSE_RIGHT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
};
