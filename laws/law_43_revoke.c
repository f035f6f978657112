/*
 * law_43_revoke.c - L43, Revoke, or not winning the trick.
 *
 * A player who fails to follow suit, or to win the trick when he could,
 * may correct it before the next lead; otherwise the adversary may have
 * the hand replayed, and the offender's score for the hand is capped
 * (point 0, vole 1, point against a stand or refusal 1).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L43 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->play_illegal;
}

const struct law law_43_revoke = {
    .law = LAW_43,
    .id = "L43",
    .title = "Revoke, or not winning the trick",
    .text_ref = "A player who fails to follow suit, or to win the trick when "
                "he could, may correct it before the next lead; otherwise the "
                "adversary may have the hand replayed, and the offender's "
                "score for the hand is capped (point 0, vole 1, point against "
                "a stand or refusal 1).",
    .reading = "Found at the play when every card is known, or later when a "
               "card shown or played proves it. The caps apply to whatever "
               "result is scored; the claim lasts until the next deal. A "
               "replay restores both hands as they stood at the first trick.",
    .trigger = EV_BIT(EV_PLAY),
    .window = WIN_BEFORE_NEXT_TURN_UP,
    .offender = ROLE_ACTOR,
    .elector = ROLE_ADVERSARY,
    .options = OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND),
    .remedy = REM_SCORE_CAP,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_ALL,
    .applies = applies,
    .shape = NULL,
};
