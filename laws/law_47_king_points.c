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

/* applies - is L47 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (ev->kind == EV_ANNOUNCE) {
        return v->announce == ANN_AGAIN;
    }
    return v->mark == MARK_TWICE ||
           ((v->mark == MARK_NO_KING || v->mark == MARK_NOT_DEALER) &&
            !v->actor_holds_king);
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
