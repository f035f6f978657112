/* SPDX-License-Identifier: MIT */
/*
 * law_43_revoke.c - L43, Revoke, or not winning the trick.
 *
 * A player who fails to follow suit, or to win the trick when he could,
 * may correct it before the next lead; otherwise the adversary may have
 * the hand replayed, and the offender's score for the hand is capped
 * (point 0, vole 1, point against a stand or refusal 1).
 */
#include "laws/laws.h"

#include <stdio.h>

#include "laws/laws_int.h"

/* breaks_obligation - the card played to the open trick breaks the
 * follower's obligation, proven from the cards known in his hand. */
static bool breaks_obligation(const struct law_view *v,
                              const struct table_event *ev)
{
    uint32_t hand;
    int led;

    if (!laws__same_seat(v->to_play, ev->actor) || v->trick_no <= 0 ||
        v->trick_no > TRICKS_MAX || ev->n_cards != 1 ||
        ev->cards[0] >= CARD_COUNT) {
        return false;
    }
    hand = v->known[ev->actor] | CARD_BIT(ev->cards[0]);
    led = v->tricks_played[v->trick_no - 1].lead;
    return !(laws_legal_follows(hand, (uint8_t)led, v->trump, v->profile) &
             CARD_BIT(ev->cards[0]));
}

/* proving_card - after an action: the first card of ev, now known in the
 * actor's hand, that proves an earlier reply of his broke the obligation;
 * its trick in *trick.  CARD_NONE if none. */
static int proving_card(const struct law_view *v, const struct table_event *ev,
                        int *trick)
{
    if (!laws__is_seat(ev->actor) || v->trick_no <= 0) {
        return CARD_NONE;
    }
    for (int i = 0; i < ev->n_cards; i++) {
        int t = laws_revoke_proof(v, ev->actor, ev->cards[i]);

        if (t >= 0) {
            *trick = t;
            return ev->cards[i];
        }
    }
    return CARD_NONE;
}

/* applies - is L43 engaged by ev?  The card played breaks the obligation
 * (seen at once when the follower's cards are known), or, after an
 * action, a card now seen proves an earlier reply broke it. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int t;

    if (v->after) {
        return proving_card(v, ev, &t) != CARD_NONE;
    }
    return breaks_obligation(v, ev);
}

/* evidence_live - may the table after ev prove an earlier reply of the
 * actor's broke the obligation (applies, after the action)?  Exactly when
 * the table before it does: the proof is a trick complete before ev whose
 * follower he was (laws_revoke_proof), and its cards, the follower's
 * known cards then and the trump stay as they were; a trick ruled stays
 * ruled (but for a take-back, which L43 does not read); the one trick ev
 * may complete is completed with the very card that would prove, which is
 * passed over, and a lead opens a trick he leads. */
static bool evidence_live(const struct law_view *v,
                          const struct table_event *ev)
{
    int t;

    return proving_card(v, ev, &t) != CARD_NONE;
}

/* shape - the offender is the player whose reply broke it; the note says
 * what he played and what he was bound to play, or what proves it. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    char a[CARD_TEXT_MAX];
    char b[CARD_TEXT_MAX];
    int t = -1;
    int k;

    if (!v->after) {
        uint32_t held;
        int led;
        char must[60];

        if (!breaks_obligation(v, ev)) {
            return;
        }
        led = v->tricks_played[v->trick_no - 1].lead;
        held = v->known[ev->actor] | CARD_BIT(ev->cards[0]);
        cards_format(laws_legal_follows(held, (uint8_t)led, v->trump,
                                        v->profile),
                     must, sizeof(must));
        snprintf(r->note, sizeof(r->note),
                 "%c played %s to %s when bound to play one of %s",
                 seat_letter(ev->actor), card_format(ev->cards[0], a),
                 card_format((uint8_t)led, b), must);
        return;
    }
    k = proving_card(v, ev, &t);
    if (k == CARD_NONE) {
        return;
    }
    snprintf(r->note, sizeof(r->note),
             "%s proves %c could have followed or won trick %d (played %s)",
             card_format((uint8_t)k, a), seat_letter(ev->actor), t + 1,
             card_format(v->tricks_played[t].follow, b));
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
    .evidence = EV_BIT(EV_LEAD) | EV_BIT(EV_PLAY) | EV_BIT(EV_SHOW) |
                EV_BIT(EV_CLAIM),
    .evidence_live = evidence_live,
    .window = WIN_BEFORE_NEXT_TURN_UP,
    .offender = ROLE_ACTOR,
    .elector = ROLE_ADVERSARY,
    .options = OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND),
    .remedy = REM_SCORE_CAP,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_ALL,
    .applies = applies,
    .shape = shape,
    /* carried out in arbiter/rulings.c (revoke): the trick ruled, the cap,
     * points already scored held again */
};
