/* SPDX-License-Identifier: MIT */
/*
 * law_51_overscore.c - L51, Overscore.
 *
 * An overscore both players acknowledge may be taken off at any time
 * during the game.
 */
#include "laws/laws.h"

#include <stdio.h>

#include "laws/laws_int.h"

/* owed - the points owed to the marker and not yet marked, in time or
 * not: his turned king (the referee scores the rest as they fall), even
 * one whose right was ruled lost (its mark is no overscore). */
static int owed(const struct law_view *v, const struct table_event *ev)
{
    enum king_mark_state m = laws_king_mark(v, ev->actor);

    return m == MARK_OK || m == MARK_LATE || m == MARK_LOST ? 1 : 0;
}

/* applies - is L51 engaged by ev?  An overscore taken down, or a mark of
 * more points than are owed (the excess is the overscore). */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (ev->kind == EV_UNMARK) {
        return true;
    }
    return ev->n > owed(v, ev);
}

/* shape - say what is over and for how long it may be taken down. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (ev->kind == EV_UNMARK) {
        snprintf(r->note, sizeof(r->note),
                 "%c takes down %d point(s): an acknowledged overscore",
                 seat_letter(ev->actor), ev->n);
        return;
    }
    snprintf(r->note, sizeof(r->note),
             "%c marks %d with %d owed: an overscore of %d, not counted; it "
             "may be taken off at any time during the game",
             seat_letter(ev->actor), ev->n, owed(v, ev), ev->n - owed(v, ev));
}

const struct law law_51_overscore = {
    .law = LAW_51,
    .id = "L51",
    .title = "Overscore",
    .text_ref = "An overscore both players acknowledge may be taken off at "
                "any time during the game.",
    .reading = "A disputed overscore is not covered: the ledger settles the "
               "facts. A mark beyond the points owed is an overscore: it "
               "does not count, and the marker stays ahead of the score "
               "until it is taken down.",
    .trigger = EV_BIT(EV_MARK) | EV_BIT(EV_UNMARK),
    .window = WIN_GAME,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_SCORE_CORRECT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
