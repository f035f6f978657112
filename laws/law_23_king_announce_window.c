/* SPDX-License-Identifier: MIT */
/*
 * law_23_king_announce_window.c - L23, Announcing the king of trumps in time.
 *
 * The holder of the king of trumps scores it only if he announces it
 * before he plays his first card; marking it without saying so does not
 * count.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* holds_king - the actor is known to hold the king of trumps. */
static bool holds_king(const struct law_view *v, const struct table_event *ev)
{
    return laws__is_seat(ev->actor) && v->trump != SUIT_NONE &&
           (v->known[ev->actor] &
             CARD_BIT(laws_bonus_card(v->profile, v->trump)));
}

/* applies - is L23 engaged by ev?  An announcement after his first card,
 * or a king held and marked instead of announced. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    enum king_mark_state m = laws_king_mark(v, ev->actor);
    bool by_mark = v->profile->king_announce == KING_ANNOUNCE_MARK &&
                   (m == MARK_NO_KING || m == MARK_NOT_DEALER);

    if (ev->kind == EV_ANNOUNCE || (ev->kind == EV_MARK_KING && by_mark)) {
        /* too late; under king-announce=mark a mark is the announcement */
        return v->trump != SUIT_NONE &&
               laws_announce(v, ev->actor) == ANN_LATE;
    }
    return (m == MARK_NO_KING || m == MARK_NOT_DEALER) && holds_king(v, ev);
}

const struct law law_23_king_announce_window = {
    .law = LAW_23,
    .id = "L23",
    .title = "Announcing the king of trumps in time",
    .text_ref = "The holder of the king of trumps scores it only if he "
                "announces it before he plays his first card; marking it "
                "without saying so does not count.",
    .reading = "A king taken in the exchange may be announced. An announced "
               "king later discarded still scores.",
    .trigger = EV_BIT(EV_ANNOUNCE) | EV_BIT(EV_MARK_KING),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_LOSE_RIGHT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
