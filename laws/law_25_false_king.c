/* SPDX-License-Identifier: MIT */
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

/* standing_false - after an action: the king announced and scored (or
 * held), not withdrawn and not yet ruled, is proven false once the
 * announcer has played his next card, or at once when its point was held
 * because it would have won the game on a belief. */
static bool standing_false(const struct law_view *v)
{
    int x = v->announced;

    return laws__is_seat(x) && !v->announce_withdrawn &&
           !v->announce_ruled &&
           (v->cards_played[x] > v->announced_played || v->announce_held ||
            v->phase == PH_HAND_OVER) &&
           laws_king_claim(v) < 0;
}

/* known_false - after an action: the king announced when the table
 * already showed it was not the announcer's (no point was scored), not
 * withdrawn: the announcer has now played his next card. */
static bool known_false(const struct law_view *v)
{
    int x = v->false_announced;

    /* his next card, or the hand over before he plays one (a double
     * declined, a hand abandoned): the time to withdraw is past */
    return laws__is_seat(x) && (v->cards_played[x] > v->false_announced_played ||
                                v->phase == PH_HAND_OVER);
}

/* applies - is L25 engaged by ev?  Only by what the table proves after an
 * action: an announcement withdrawn before the announcer's next card is
 * a correction in time, with no ruling (the point is simply not scored). */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->after && (standing_false(v) || known_false(v));
}

/* evidence_live - may the table after ev prove a king false?  Only if a
 * king was announced (standing, or false) before ev, or ev announces one
 * (`announces king`, or `marks king` under PL3): nothing else announces a
 * king, and without one neither standing_false nor known_false holds.
 * And not while the king of trumps is seen to be the announcer's (in his
 * hand, his discard, or played by him), no unseen card come into his hand
 * since and his hand not seen kingless when he announced: a card seen to
 * be his stays his through the hand (taken back, replayed, it goes back
 * to him), so his claim cannot turn false (laws_king_claim). */
static bool evidence_live(const struct law_view *v,
                          const struct table_event *ev)
{
    int x = v->announced;
    bool seen_his = (v->king_place == KING_IN_HAND ||
                     v->king_place == KING_DISCARDED ||
                     v->king_place == KING_PLAYED) &&
                    v->king_holder == x && !v->unknown_in_after_ann &&
                    !v->ann_false_at_time;

    return (laws__is_seat(x) && !seen_his) ||
           laws__is_seat(v->false_announced) || ev->kind == EV_ANNOUNCE ||
           ev->kind == EV_MARK_KING;
}

/* shape - the announcer offends and his adversary chooses; if the
 * adversary holds the king himself (known, or his announcement of it
 * standing) the score is only corrected. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    int x = standing_false(v) ? v->announced : v->false_announced;
    int y;
    bool adversary_holds;

    (void)ev;
    if (!laws__is_seat(x)) {
        return;
    }
    y = SEAT_OTHER(x);
    adversary_holds = ((v->king_place == KING_IN_HAND ||
                        v->king_place == KING_PLAYED) &&
                       v->king_holder == y) ||
                      (v->announced == y && !v->announce_withdrawn &&
                       !v->announce_ruled && v->king_place == KING_UNSEEN);
    r->offender = (int8_t)x;
    r->elector = (int8_t)y;
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
    .reading = "A king announced when the table already shows it is not "
               "his (in the stock, turned up, in the adversary's hand or "
               "tricks, his whole hand known, the adversary's announcement "
               "standing) scores no point and wins no game; one whose hand "
               "is unseen scores as a belief. Withdrawn before his next card: "
               "no ruling, no point. Not withdrawn, the ruling comes with his "
               "next card once the table proves the king was not his (later "
               "evidence too), or as the hand ends if he plays no card "
               "more; a game won on the belief is reopened and ruled "
               "at once. The adversary chooses stand or replay; the caps "
               "apply to whatever is scored (profile penalty=cap-or-replay: "
               "a replay scores uncapped). Claimable until the next deal.",
    .trigger = EV_BIT(EV_LEAD) | EV_BIT(EV_PLAY),
    .evidence = EV_ALL,
    .evidence_live = evidence_live,
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
