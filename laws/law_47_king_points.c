/* SPDX-License-Identifier: MIT */
/*
 * law_47_king_points.c - L47, King points.
 *
 * Turning up a king, or holding the king of trumps and announcing it in
 * time, is worth one point.
 *
 * Engaged as a ruling only when a king point is claimed that is not due
 * (no king turned, marked twice, announced twice).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L47 engaged by ev?  A king point claimed that is not due:
 * announced twice, marked twice, or marked with no king to mark by a
 * player not known to hold the king of trumps (that is L23). */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    enum king_mark_state m;
    bool holds;

    if (ev->kind == EV_ANNOUNCE) {
        return v->trump != SUIT_NONE &&
               laws_announce(v, ev->actor) == ANN_AGAIN;
    }
    m = laws_king_mark(v, ev->actor);
    holds = laws__is_seat(ev->actor) && v->trump != SUIT_NONE &&
            (v->known[ev->actor] &
             CARD_BIT(laws_bonus_card(v->profile, v->trump)));
    if (v->profile->king_announce == KING_ANNOUNCE_MARK &&
        (m == MARK_NO_KING || m == MARK_NOT_DEALER)) {
        return false; /* a held king marked is its announcement (PL3) */
    }
    return m == MARK_TWICE ||
           ((m == MARK_NO_KING || m == MARK_NOT_DEALER) && !holds);
}

const struct law law_47_king_points = {
    .law = LAW_47,
    .id = "L47",
    .title = "King points",
    .text_ref = "Turning up a king, or holding the king of trumps and "
                "announcing it in time, is worth one point.",
    .reading = NULL,
    .trigger = EV_BIT(EV_MARK_KING) | EV_BIT(EV_ANNOUNCE),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NOT_ALLOWED,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
