/* SPDX-License-Identifier: MIT */
/*
 * law_19_no_king_after_miscount.c - L19, No king point after a miscounted deal.
 *
 * When a wrong number of cards was dealt and play went on without a new
 * deal, the dealer may not mark a king turned up in that deal.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L19 engaged by ev?  A mark of a king the miscount bars. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return laws_king_mark(v, ev->actor) == MARK_BARRED;
}

const struct law law_19_no_king_after_miscount = {
    .law = LAW_19,
    .id = "L19",
    .title = "No king point after a miscounted deal",
    .text_ref = "When a wrong number of cards was dealt and play went on "
                "without a new deal, the dealer may not mark a king turned up "
                "in that deal.",
    .reading = "It also covers a L9 rectification made before the turn-up "
               "(profile rule19=rectify). The ruling is also given when elder "
               "hand elects to play on under L15-L18 and L21 with a king "
               "turned.",
    .trigger = EV_BIT(EV_MARK_KING),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_LOSE_RIGHT,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    /* also given by arbiter/rulings.c (bar_turned_king) when elder hand
     * plays on after a miscount (the rows with bars_king) */
};
