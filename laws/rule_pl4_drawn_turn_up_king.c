/* SPDX-License-Identifier: MIT */
/*
 * rule_pl4_drawn_turn_up_king.c - PL4, A drawn turn-up king scores once.
 *
 * Under turnup=under-stock the turn-up is the stock's last card and may be
 * drawn into a hand.  A king turned up scores once: marked by the dealer
 * (in time, L22) or, drawn, as the king of trumps held; never a second
 * time.  A turned king not yet marked and drawn by the dealer is still his
 * to mark until his deadline.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the turn-up lies under the stock. */
static bool engaged(const struct profile *p)
{
    return p->turnup == TURNUP_UNDER_STOCK;
}

/* king_scored - the king turned up has scored in this deal: the dealer
 * marked it, or a player who drew it announced (or marked, PL3) it and
 * the announcement stands. */
static bool king_scored(const struct law_view *v)
{
    return v->king_marked ||
           (laws__is_seat(v->announced) && !v->announce_withdrawn &&
            !v->announce_ruled);
}

/* applies - is PL4 engaged by ev?  The turned king, drawn from under the
 * stock, claimed a second time: marked or announced by the player who
 * drew it, or marked by the dealer after the player who drew it scored
 * it, once it has scored already or the dealer's deadline for marking it
 * has passed (L22).  Its first point, in time, is no offence. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    bool holds;

    if (!v->turnup_drawn || !v->king_turned || v->turn_up == CARD_NONE ||
        !laws__is_seat(ev->actor)) {
        return false;
    }
    holds = (v->known[ev->actor] & CARD_BIT(v->turn_up)) != 0;
    if (!holds && !(ev->kind == EV_MARK_KING && ev->actor == v->dealer)) {
        return false;
    }
    return king_scored(v) || laws_king_mark(v, v->dealer) == MARK_LATE;
}

const struct law rule_PL4_drawn_turn_up_king = {
    .law = LAW_PL4,
    .id = "PL4",
    .title = "A drawn turn-up king scores once",
    .text_ref = "A turned king drawn from under the stock into a hand is an "
                "ordinary card once it has scored: it never scores again.",
    .reading = "Refused (lose-right, no point) only when the turned king has "
               "already scored in the deal (the dealer marked it, or the "
               "player who drew it announced it) or the dealer's deadline "
               "for marking it has passed (L22, king-mark); the dealer who "
               "draws his own turned king unmarked may still mark it in "
               "time, its first point.",
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
