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

/* proven_false - after an action: the king announced, not withdrawn and
 * not yet ruled, is proven false once the announcer has played a card. */
static bool proven_false(const struct law_view *v)
{
    int x = v->announced;

    return v->after && laws__is_seat(x) && !v->announce_withdrawn &&
           !v->announce_ruled && v->cards_played[x] > v->announced_played &&
           laws_king_claim(v) < 0;
}

/* applies - is L25 engaged by ev?  A withdrawal (in time, no penalty), or
 * what the table now proves of an announcement. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (v->after) {
        return proven_false(v);
    }
    return ev->kind == EV_WITHDRAW;
}

/* shape - the announcer offends and his adversary chooses; if the
 * adversary holds the king himself the score is only corrected. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    int x = v->announced;
    bool adversary_holds;

    if (ev->kind == EV_WITHDRAW && !v->after) {
        r->options = 0;
        r->elector = SEAT_NONE;
        return;
    }
    if (!laws__is_seat(x)) {
        return;
    }
    adversary_holds = (v->king_place == KING_IN_HAND ||
                       v->king_place == KING_PLAYED) &&
                      v->king_holder == SEAT_OTHER(x);
    r->offender = (int8_t)x;
    r->elector = (int8_t)SEAT_OTHER(x);
    r->options = OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND);
    if (adversary_holds) {
        r->options = 0;
        r->elector = SEAT_NONE;
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
    .evidence = EV_ALL,
    .window = WIN_BEFORE_NEXT_TURN_UP,
    .offender = ROLE_ACTOR,
    .elector = ROLE_ADVERSARY,
    .options = OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND),
    .remedy = REM_SCORE_CORRECT,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_ALL,
    .applies = applies,
    .shape = shape,
    /* carried out in arbiter/rulings.c (false_king): the king point taken
     * off and the cap, which no remedy word says */
};
