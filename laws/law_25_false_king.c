/*
 * law_25_false_king.c - L25, False announcement of the king.
 *
 * A player who announces the king without holding it and does not withdraw
 * before his next card: the point is taken off, the adversary may have the
 * hand replayed, and the offender's score for the hand is capped (point 0,
 * vole 1, point against a stand or refusal 1) - unless the adversary holds
 * the king himself.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L25 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    return ev->kind == EV_WITHDRAW || v->false_king;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    if (ev->kind == EV_WITHDRAW || v->adversary_holds_king) {
        r->options = 0;
        r->elector = SEAT_NONE;
    }
    if (v->false_king) {
        r->offender = (int8_t)v->false_king_by;
    }
}

const struct law law_25_false_king = {
    .law = LAW_25,
    .id = "L25",
    .title = "False announcement of the king",
    .text_ref = "A player who announces the king without holding it and does "
                "not withdraw before his next card: the point is taken off, "
                "the adversary may have the hand replayed, and the offender's "
                "score for the hand is capped (point 0, vole 1, point against "
                "a stand or refusal 1) - unless the adversary holds the king "
                "himself.",
    .reading = "Established when the offender plays his next card and the "
               "table proves the king was not his (at once when every card is "
               "known, later from evidence). The adversary chooses stand or "
               "replay; the caps apply to whatever is scored (profile "
               "penalty=cap-or-replay: a replay scores uncapped). Claimable "
               "until the next deal.",
    .trigger = EV_BIT(EV_WITHDRAW),
    .window = WIN_BEFORE_NEXT_TURN_UP,
    .offender = ROLE_ACTOR,
    .elector = ROLE_ADVERSARY,
    .options = OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND),
    .remedy = REM_SCORE_CORRECT,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_ALL,
    .applies = applies,
    .shape = shape,
};
