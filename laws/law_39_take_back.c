/* SPDX-License-Identifier: MIT */
/*
 * law_39_take_back.c - L39, Taking back a card.
 *
 * A card led in turn may not be taken back; a card played to a lead may
 * be, to correct a revoke or a failure to win, before the next card is
 * led, without penalty.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* the_last_trick - the trick a take-back is about, or NULL. */
static const struct trick_fact *the_last_trick(const struct law_view *v,
                                               const struct table_event *ev)
{
    if (v->trick_no <= 0 || v->trick_no > TRICKS_MAX || ev->n_cards != 1) {
        return NULL;
    }
    return &v->tricks_played[v->trick_no - 1];
}

/* applies - is L39 engaged by ev?  Every take-back but that of a lead out
 * of turn (L40). */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    const struct trick_fact *tr = the_last_trick(v, ev);

    return !(tr != NULL && tr->follow == CARD_NONE &&
             tr->lead == ev->cards[0] && tr->leader == ev->actor &&
             v->lead_out_of_turn);
}

/* shape - a card played to the lead in breach of L43, taken back before
 * the next lead while the hand goes on, goes back without penalty;
 * anything else may not (the fifth trick's card ends the hand: it
 * stays). */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    const struct trick_fact *tr = the_last_trick(v, ev);

    if (tr != NULL && tr->follow == ev->cards[0] &&
        tr->leader != ev->actor && v->offence_card == ev->cards[0] &&
        v->phase == PH_PLAY) {
        r->remedy = REM_RETRACT_CARD;
    }
}

const struct law law_39_take_back = {
    .law = LAW_39,
    .id = "L39",
    .title = "Taking back a card",
    .text_ref = "A card led in turn may not be taken back; a card played to a "
                "lead may be, to correct a revoke or a failure to win, before "
                "the next card is led, without penalty.",
    .reading = "A card taken back that may not be (led in turn, or played "
               "to a lead with no revoke to put right) stays played: remedy "
               "not-allowed. A card played in breach of L43 and taken back "
               "before the next lead goes back to the hand and the right "
               "card is played: remedy retract-card, no penalty; this is the "
               "one ruling (the breach corrected is never ruled under L43, "
               "whose ruling waits for the next lead). The fifth trick's "
               "card ends the hand: a breach there is ruled under L43 at "
               "once and the card stays played.",
    .trigger = EV_BIT(EV_TAKE_BACK),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NOT_ALLOWED,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
