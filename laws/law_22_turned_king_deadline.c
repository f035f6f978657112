/* SPDX-License-Identifier: MIT */
/*
 * law_22_turned_king_deadline.c - L22, Marking a turned king in time.
 *
 * The dealer may mark a turned-up king until the trump of the next deal is
 * turned up.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L22 engaged by ev?  The next deal's turn-up shuts the
 * window of a turned king left unmarked, or a mark comes after the
 * profile's deadline; once per king: a king whose right was ruled lost
 * (at a late mark) is not ruled again at the turn-up, and a mark after
 * the right was ruled lost is refused without a ruling (MARK_LOST). */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (ev->kind == EV_TURN) {
        return (v->phase == PH_SHUFFLE || v->phase == PH_DEAL) &&
               v->prev_king_unmarked != SEAT_NONE && !v->prev_king_lost;
    }
    return laws_king_mark(v, ev->actor) == MARK_LATE;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (ev->kind == EV_TURN) {
        r->offender = (int8_t)v->prev_king_unmarked;
    }
}

const struct law law_22_turned_king_deadline = {
    .law = LAW_22,
    .id = "L22",
    .title = "Marking a turned king in time",
    .text_ref = "The dealer may mark a turned-up king until the trump of the "
                "next deal is turned up.",
    .reading = "A late mark after the adversary has won the game counts only "
               "for the loser's total. Profile king-mark moves the deadline. "
               "One ruling per king: where the deadline passes (the next "
               "turn-up) or at the first mark after it; a later mark of the "
               "same king is refused with a note.",
    .trigger = EV_BIT(EV_TURN) | EV_BIT(EV_MARK_KING),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_LOSE_RIGHT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
