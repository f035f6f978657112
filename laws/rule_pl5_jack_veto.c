/* SPDX-License-Identifier: MIT */
/*
 * rule_pl5_jack_veto.c - PL5, The jack veto.
 *
 * Under jack-veto=yes (the Polish author's own rule): a king point that
 * would end the game before the first trick is complete is held; the
 * scorer's adversary may show the jack the rule pairs with the trump suit
 * (hearts and spades, diamonds and clubs) and veto it: the deal is void
 * and the other player deals.  A jack that is not that one fails.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile plays the jack veto. */
static bool engaged(const struct profile *p)
{
    return p->jack_veto != 0;
}

/* scores_king - ev scores a king point for its actor now: the dealer's
 * turned king marked in time, or a king held announced (or, under
 * king-announce=mark, marked) in time. */
static bool scores_king(const struct law_view *v, const struct table_event *ev)
{
    enum announce_state a;

    if (ev->kind == EV_MARK_KING &&
        laws_king_mark(v, ev->actor) == MARK_OK) {
        return true;
    }
    if (ev->kind == EV_MARK_KING &&
        v->profile->king_announce != KING_ANNOUNCE_MARK) {
        return false;
    }
    a = laws_announce(v, ev->actor);
    return a == ANN_OK || a == ANN_OK_24;
}

/* applies - is PL5 engaged by ev?  A veto shown while one waits; or a king
 * point that would reach the target before the first trick is complete,
 * the veto jack not known out of the adversary's reach. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int jack;

    if (v->trump == SUIT_NONE || !laws__is_seat(ev->actor)) {
        return false;
    }
    if (ev->kind == EV_VETO) {
        return v->veto_pending && ev->actor != v->veto_scorer;
    }
    if (v->veto_pending || v->score[ev->actor] + 1 < v->profile->target ||
        !(v->trick_no == 0 ||
          (v->trick_no == 1 && v->tricks_played[0].follow == CARD_NONE))) {
        return false;
    }
    jack = laws_veto_jack(v->trump);
    if ((v->known[ev->actor] | v->known_out) & CARD_BIT(jack)) {
        return false;
    }
    return scores_king(v, ev);
}

/* shape - on the king point: its adversary chooses veto or pass; on the
 * veto: the right jack voids the deal, any other card fails. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    r->offender = SEAT_NONE;
    if (!laws__is_seat(ev->actor) || v->trump < 0 || v->trump >= SUIT_COUNT) {
        return;
    }
    if (ev->kind != EV_VETO) {
        r->elector = (int8_t)SEAT_OTHER(ev->actor);
        r->options = OPT_BIT(OPT_VETO) | OPT_BIT(OPT_PASS);
        return;
    }
    r->elector = SEAT_NONE;
    r->options = 0;
    if (ev->n_cards == 1 && ev->cards[0] == laws_veto_jack(v->trump)) {
        r->remedy = REM_NEW_DEAL;
    } else {
        r->remedy = REM_VOID_VETO;
        r->offender = ev->actor;
    }
}

const struct law rule_PL5_jack_veto = {
    .law = LAW_PL5,
    .id = "PL5",
    .title = "The jack veto",
    .text_ref = "A king point that would be the game's last, scored before "
                "the deal is played, may be vetoed by the adversary who "
                "shows the jack of the suit paired with trumps (hearts with "
                "spades, diamonds with clubs): the deal is annulled and the "
                "next player deals.",
    .reading = "Where the sources are silent: before the first trick is "
               "complete; the point is held until the adversary vetoes (`X "
               "vetoes C`) or passes (`X elects pass`); no ruling when the "
               "jack is known to be out of his hand. Switch: jack-veto.",
    .trigger = EV_BIT(EV_MARK_KING) | EV_BIT(EV_ANNOUNCE) | EV_BIT(EV_VETO),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_ADVERSARY,
    .options = OPT_BIT(OPT_VETO) | OPT_BIT(OPT_PASS),
    .remedy = REM_AWARD,
    .kind = LAW_KIND_PROCEDURE,
    .allow = EV_BIT(EV_LOOK) | EV_BIT(EV_SHOW) | EV_BIT(EV_VETO),
    .applies = applies,
    .shape = shape,
    .engaged = engaged,
    /* carried out in arbiter/rulings.c (jack_veto): the point held, the
     * other player dealing after a veto */
};
