/* SPDX-License-Identifier: MIT */
/*
 * play.c - the play of the tricks: leads and replies, take-backs (L39,
 * L40), short hands credited (L21, L30, L34), abandoning and claiming
 * (L42), cards shown, and the end of a hand.
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* card_of_seat_played - did seat play card k in a trick of this hand? */
bool arbiter__played_by(const struct deal_state *d, int seat, uint8_t k)
{
    for (int t = 0; t < d->trick_no && t < 6; t++) {
        const struct trick_rec *tr = &d->tricks_rec[t];

        if ((tr->leader == seat && tr->lead == k) ||
            (tr->leader != seat && tr->follow == k)) {
            return true;
        }
    }
    return false;
}

/* snapshot - the hands as they stand at the first trick (for a replay). */
static void snapshot(struct deal_state *d)
{
    for (int k = 0; k < 2; k++) {
        d->snap_known[k] = d->z.known[Z_HAND(k)];
        d->snap_count[k] = d->z.count[Z_HAND(k)];
    }
    d->snapped = true;
}

/* arbiter__credit_short - a hand with no card left cannot play: the tricks it
 * cannot play to go to the other (L21, L30, L34 SHORT_HAND_TRICKS). */
void arbiter__credit_short(struct ctx *c)
{
    struct deal_state *d = c->d;
    int done = d->tricks[0] + d->tricks[1] + d->credited[0] + d->credited[1];

    if (d->phase != PH_PLAY || d->over || done >= 5) {
        return;
    }
    if (d->trick_no > 0 && d->tricks_rec[d->trick_no - 1].follow == CARD_NONE) {
        return; /* a trick is open */
    }
    for (int k = 0; k < 2; k++) {
        if (d->z.count[Z_HAND(k)] == 0 && d->z.count[Z_HAND(1 - k)] > 0) {
            int left = 5 - done;

            d->credited[1 - k] = (int8_t)(d->credited[1 - k] + left);
            arbiter__note(c,
                          "%c has no card left: %d trick(s) credited to %c "
                          "(short hand)",
                          seat_letter(k), left, seat_letter(1 - k));
            arbiter__finish_hand(c);
            return;
        }
    }
    if (d->z.count[Z_HAND_A] == 0 && d->z.count[Z_HAND_B] == 0) {
        arbiter__finish_hand(c);
    }
}

/* card_out - seat has played card k (a lead or a reply): his first card
 * of the hand is remembered for the king windows of L23 and L24. */
static void card_out(struct deal_state *d, int seat, uint8_t k)
{
    if (d->played[seat] == 0) {
        d->first_card[seat] = (int8_t)k;
    }
    d->played[seat]++;
}

/* trick_done - a trick is complete: the hand ends after the fifth,
 * otherwise a hand left without cards concedes the rest. */
static void trick_done(struct ctx *c)
{
    const struct deal_state *d = c->d;

    if (d->tricks[0] + d->tricks[1] + d->credited[0] + d->credited[1] >= 5) {
        arbiter__finish_hand(c);
    } else {
        arbiter__credit_short(c);
    }
}

/* arbiter__is_lead_after_credit - the event is a card led by the player with
 * cards left, after his adversary ran out and the hand was credited. */
bool arbiter__is_lead_after_credit(const struct ctx *c)
{
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;

    return (ev->kind == EV_LEAD || ev->kind == EV_PLAY) && x != SEAT_NONE &&
           d->dealer != SEAT_NONE && d->over && !d->is_void &&
           d->credited[SEAT_OTHER(x)] == 0 && d->credited[x] > 0 &&
           d->z.count[Z_HAND(x)] > 0 && ev->n_cards == 1 &&
           ev->cards[0] != CARD_UNKNOWN;
}

/*
 * lead_after_credit - the hand ended when a short hand ran out of cards and
 * the tricks it could not play to were credited (L21, L30, L34); the other
 * player, with cards left, leads one all the same.  A real table does
 * that: the card is recorded as played, the credited trick stands and the
 * deal stays over.
 */
static int lead_after_credit(struct ctx *c)
{
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    char why[200];
    int rc = arbiter__move(&c->d->z, ev->cards[0], Z_HAND(x), Z_TRICKS, why,
                           sizeof(why));

    if (rc != 0) {
        return arbiter__fail(c, rc, "%s", why);
    }
    arbiter__note(
        c,
        "%c %s a card to a trick already credited to him (short hand): "
        "the card is recorded, the deal is over",
        seat_letter(x), ev->kind == EV_LEAD ? "leads" : "plays");
    return 0;
}

/* lead_begins_play - the first lead ends an exchange in hand and begins
 * the play: by elder hand; by the dealer it is a lead out of turn (L40)
 * and play has begun all the same.  Returns 0 or a status. */
static int lead_begins_play(struct ctx *c)
{
    struct deal_state *d = c->d;
    int rc;

    if (d->phase == PH_EXCHANGE && (rc = arbiter__end_exchange(c)) != 0) {
        return rc;
    }
    if (d->phase == PH_TURNED) {
        if (d->proposals == 0) {
            d->first = FIRST_STOOD;
        }
        if ((rc = arbiter__begin_play(c)) != 0) {
            return rc;
        }
    }
    return 0;
}

/* lead_allowed - a lead may come now: in the play, the last trick
 * complete, fewer than five led, in the suit the adversary called if he
 * did (L41: the call is then answered).  Returns 0, ARB_E_ORDER or
 * ARB_E_PENDING. */
static int lead_allowed(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    char text[CARD_TEXT_MAX];

    if (d->phase != PH_PLAY) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected a lead in the play, found it in the %s",
                             phase_name(d->phase));
    }
    if (d->trick_no > 0 && d->tricks_rec[d->trick_no - 1].follow == CARD_NONE) {
        return arbiter__fail(
            c, ARB_E_ORDER, "expected %c to play to %s, found a new lead",
            seat_letter(SEAT_OTHER(d->tricks_rec[d->trick_no - 1].leader)),
            arbiter__cardtext(d->tricks_rec[d->trick_no - 1].lead, text));
    }
    if (d->trick_no >= 5) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the hand to be over after five tricks, found a "
            "sixth lead");
    }
    if (d->called_suit != SUIT_NONE && x == d->leader) {
        uint32_t hand = d->z.known[Z_HAND(x)];

        if (ev->cards[0] < CARD_COUNT &&
            CARD_SUIT(ev->cards[0]) != d->called_suit &&
            (hand & SUIT_MASK(d->called_suit)) != 0) {
            return arbiter__fail(
                c, ARB_E_PENDING,
                "expected a %c led, as the adversary required under "
                "L41, found %s",
                suit_letter(d->called_suit),
                arbiter__cardtext(ev->cards[0], text));
        }
        d->called_suit = SUIT_NONE;
    }
    return 0;
}

/* open_trick - the card led goes to the tricks and opens trick
 * d->trick_no; a follower with no card left loses it at once (short
 * hand).  Returns 0 or ARB_E_IMPOSSIBLE. */
static int open_trick(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    struct trick_rec *tr = NULL;
    char why[200];
    int rc;

    rc = arbiter__move(&d->z, ev->cards[0], Z_HAND(x), Z_TRICKS, why,
                       sizeof(why));
    if (rc != 0) {
        return arbiter__fail(c, rc, "%s", why);
    }
    d->lead_out_of_turn = x != d->leader;
    d->play_offence_card = CARD_NONE;
    d->retract_card = CARD_NONE;
    tr = &d->tricks_rec[(int)d->trick_no++];
    tr->leader = (int8_t)x;
    tr->lead = ev->cards[0];
    tr->follow = CARD_NONE;
    tr->winner = SEAT_NONE;
    tr->offence = false;
    d->leader = (int8_t)x;
    d->to_play = (int8_t)SEAT_OTHER(x);
    card_out(d, x, ev->cards[0]);
    if (d->z.count[Z_HAND(SEAT_OTHER(x))] == 0) {
        /* the follower has nothing to play: the trick is the leader's */
        tr->follow = CARD_NONE;
        tr->winner = (int8_t)x;
        d->credited[x]++;
        d->tricks_rec[d->trick_no - 1].follow = CARD_UNKNOWN;
        arbiter__note(
            c, "%c has no card to play: the trick goes to %c (short hand)",
            seat_letter(SEAT_OTHER(x)), seat_letter(x));
        d->to_play = (int8_t)x;
        trick_done(c);
    }
    return 0;
}

/*
 * arbiter__on_lead - `X leads C [calling S]`: a new trick (the first lead
 * begins play and ends an exchange in hand); out of turn is L40's, the
 * named suit L41's; a follower with no card concedes the trick (short
 * hand).  A card led to a trick already credited is recorded.
 * ARB_E_ORDER with a trick open or after five, ARB_E_PENDING against a
 * suit required under L41, ARB_E_IMPOSSIBLE for ?? or a card elsewhere.
 */
int arbiter__on_lead(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    (void)rs;
    (void)n;
    d->claimant = SEAT_NONE; /* a claim played out after all */
    if (arbiter__is_lead_after_credit(c)) {
        return lead_after_credit(c);
    }
    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                             "expected the card led, found ??");
    }
    if ((rc = lead_begins_play(c)) != 0 || (rc = lead_allowed(c)) != 0) {
        return rc;
    }
    if (!d->snapped) {
        snapshot(d);
    }
    return open_trick(c);
}

/*
 * arbiter__on_play - `X plays C`: the reply to the open trick, which goes
 * to the winner (a breach of the obligation is L43's, carried out with
 * its ruling).  ARB_E_ORDER with no open trick or by the leader,
 * ARB_E_IMPOSSIBLE for ?? or a card elsewhere.
 */
int arbiter__on_play(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    char why[200];
    char text[CARD_TEXT_MAX];
    struct trick_rec *tr;
    int rc;

    d->claimant = SEAT_NONE; /* a claim played out after all */
    if (arbiter__is_lead_after_credit(c)) {
        return lead_after_credit(c);
    }
    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                             "expected the card played, found ??");
    }
    if (d->phase != PH_PLAY || d->trick_no == 0 ||
        d->tricks_rec[d->trick_no - 1].follow != CARD_NONE) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected a lead before a card is played to it, found %c "
            "plays %s",
            seat_letter(x), arbiter__cardtext(ev->cards[0], text));
    }
    tr = &d->tricks_rec[d->trick_no - 1];
    if (x == tr->leader) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected %c to play to %s, found %c plays",
                             seat_letter(SEAT_OTHER(x)),
                             arbiter__cardtext(tr->lead, text), seat_letter(x));
    }
    tr->follower_known = d->z.known[Z_HAND(x)];
    rc = arbiter__move(&d->z, ev->cards[0], Z_HAND(x), Z_TRICKS, why,
                       sizeof(why));
    if (rc != 0) {
        return arbiter__fail(c, rc, "%s", why);
    }
    tr->follow = ev->cards[0];
    tr->winner =
        card_beats(tr->lead, tr->follow, d->trump, c->s->prof.rank)
            ? (int8_t)x
            : tr->leader;
    d->tricks[(int)tr->winner]++;
    d->leader = tr->winner;
    d->to_play = tr->winner;
    d->play_offence_card = CARD_NONE; /* set if L43 rules on it */
    card_out(d, x, ev->cards[0]);
    d->lead_out_of_turn = false;
    d->retract_card = CARD_NONE; /* the trick stands (L40) */
    trick_done(c);
    return 0;
}

/*
 * arbiter__lead_in_turn_after - `Y leads C` while X's lead out of turn
 * waits unanswered, Y being the player whose lead it was: the table has
 * put the lead right without a `takes-back` line, so X's card goes back to
 * his hand (as L40 allows) with a note, and Y's lead is then taken as any
 * lead.  Nothing is done for any other event.  Returns 0 or a failing
 * status.
 */
int arbiter__lead_in_turn_after(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    struct trick_rec *tr;
    char why[200];
    char text[CARD_TEXT_MAX];
    int x;
    int rc;

    if (ev->kind != EV_LEAD || d->phase != PH_PLAY || d->trick_no <= 0 ||
        !d->lead_out_of_turn) {
        return 0;
    }
    tr = &d->tricks_rec[d->trick_no - 1];
    x = tr->leader;
    if (tr->follow != CARD_NONE || ev->actor != SEAT_OTHER(x)) {
        return 0;
    }
    rc = arbiter__move(&d->z, tr->lead, Z_TRICKS, Z_HAND(x), why,
                       sizeof(why));
    if (rc != 0) {
        return arbiter__fail(c, rc, "%s", why);
    }
    d->played[x]--;
    if (d->played[x] == 0) {
        d->first_card[x] = (int8_t)-1;
    }
    d->trick_no--;
    d->leader = (int8_t)ev->actor;
    d->to_play = d->leader;
    d->lead_out_of_turn = false;
    d->retract_card = CARD_NONE;
    arbiter__note(c,
                  "%c leads in turn: %c's %s, led out of turn, goes back to "
                  "his hand (L40)",
                  seat_letter(ev->actor), seat_letter(x),
                  arbiter__cardtext(tr->lead, text));
    return 0;
}

/*
 * arbiter__take_back_of_a_card_in_hand - `X takes-back C` when C is known
 * to be in X's hand already (a card the referee returned itself: L41's
 * named suit elected, a lead put right): nothing to take back; a note,
 * and the line is taken.  Sets *done when so.  Returns 0.
 */
int arbiter__take_back_of_a_card_in_hand(struct ctx *c, bool *done)
{
    const struct table_event *ev = c->ev;
    char text[CARD_TEXT_MAX];

    *done = false;
    if (ev->kind != EV_TAKE_BACK || ev->n_cards != 1 ||
        ev->cards[0] >= CARD_COUNT ||
        (ev->actor != SEAT_A && ev->actor != SEAT_B) ||
        (c->d->z.known[Z_HAND(ev->actor)] & CARD_BIT(ev->cards[0])) == 0) {
        return 0;
    }
    arbiter__note(c, "%s is back in %c's hand already: nothing to take back",
                  arbiter__cardtext(ev->cards[0], text), seat_letter(ev->actor));
    *done = true;
    return 0;
}

/*
 * arbiter__on_take_back - `X takes-back C`: when a ruling lets the card
 * go back (retract-card: in rs, a reply in breach of L43 before the next
 * lead, L39; or given when the card was led out of turn, L40), it returns
 * to X's hand; the breach corrected is never ruled under L43.  Returns 0,
 * or a status if the card is not where the trick says.
 */
int arbiter__on_take_back(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    char why[200];
    struct trick_rec *tr;
    bool retract = false;
    bool lead;
    int rc;

    if (c->not_allowed) {
        return 0;
    }
    for (int i = 0; i < n && !retract; i++) {
        retract = rs[i].remedy == REM_RETRACT_CARD;
    }
    /* or it carries out the retract-card given when the card was led */
    if (d->retract_card == ev->cards[0] && d->retract_seat == x &&
        ev->n_cards == 1) {
        retract = true;
        d->retract_card = CARD_NONE;
    }
    if (!retract) {
        return 0; /* the laws do not let it go back: it stays played */
    }
    tr = &d->tricks_rec[d->trick_no - 1];
    lead = tr->follow == CARD_NONE && tr->lead == ev->cards[0];
    rc = arbiter__move(&d->z, ev->cards[0], Z_TRICKS, Z_HAND(x), why,
                       sizeof(why));
    if (rc != 0) {
        return arbiter__fail(c, rc, "%s", why);
    }
    d->played[x]--;
    if (d->played[x] == 0) {
        d->first_card[x] = (int8_t)-1;
    }
    if (lead) {
        /* L40: the lead out of turn goes back; the right player leads */
        d->trick_no--;
        d->leader = (int8_t)SEAT_OTHER(x);
        d->to_play = d->leader;
        d->lead_out_of_turn = false;
        return 0;
    }
    /* L39: the follower corrects his card before the next lead; the
     * breach, never established, is not ruled under L43 */
    d->tricks[(int)tr->winner]--;
    tr->follow = CARD_NONE;
    tr->winner = SEAT_NONE;
    tr->offence = false;
    d->leader = tr->leader;
    d->to_play = (int8_t)x;
    arbiter__offence_corrected(d);
    return 0;
}

/*
 * arbiter__on_abandon - `X abandons`: the hand ends; with fewer than three
 * tricks the adversary scores the point or vole (L42, with the L49 extra
 * under abandon-extra), with three it is a claim; the points wait for an
 * open claim (L25, L43).  ARB_E_ORDER before the turn-up.
 */
int arbiter__on_abandon(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct trick_score ts;
    int x = c->ev->actor;
    int won;
    int other = SEAT_OTHER(x);
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (d->phase < PH_TURNED) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the turn-up before a hand is thrown up, found "
            "abandons");
    }
    won = d->tricks[x] + d->credited[x];
    arbiter__end_hand_now(c);
    if (arbiter__has_open_claim(d)) {
        d->hold = true;
        c->res->deal.held = true;
        arbiter__note(c, "the points of the hand wait for the election on the "
                         "pending ruling");
        return 0;
    }
    d->scored = true;
    memset(&ts, 0, sizeof(ts));
    ts.first = d->first;
    ts.exchanged = d->exchanged;
    ts.multiplier = d->value;
    if (d->point_answer < 0 && d->point_offer == other) {
        /* the point declined: the decliner throws up, the offerer 2 */
        arbiter__award(c, other, 2 * d->value);
        c->res->penalty[other] += 2 * d->value;
    } else if (d->point_answer < 0 && d->point_offer == x) {
        /* the offerer throws up: the decliner scores the vole */
        ts.elder_won = other == d->elder;
        ts.tricks = 5;
        ts.capped = d->capped[other];
        arbiter__award(c, other, laws_trick_points(&c->s->prof, &ts));
    } else if (won >= 3) {
        /* L42 (c): throwing down with three tricks is claiming the point */
        ts.elder_won = x == d->elder;
        ts.tricks = 3;
        ts.capped = d->capped[x];
        arbiter__award(c, x, laws_trick_points(&c->s->prof, &ts));
    } else {
        /* the adversary scores the vole (no trick) or the point, with the
         * L49 extra where abandon-extra gives it */
        int pts;

        ts.elder_won = other == d->elder;
        ts.tricks = won == 0 ? 5 : 3;
        ts.capped = d->capped[other];
        ts.no_extra = !c->s->prof.abandon_extra_point;
        pts = laws_trick_points(&c->s->prof, &ts);
        arbiter__award(c, other, pts);
        c->res->penalty[other] += pts;
    }
    arbiter__report_deal(c);
    return 0;
}

/* arbiter__reveal - card k is seen in seat's hand (or was played by him). */
int arbiter__reveal(struct ctx *c, int seat, uint8_t k)
{
    struct deal_state *d = c->d;
    struct zones *z = &d->z;
    char text[CARD_TEXT_MAX];
    int at;

    if (k == CARD_UNKNOWN) {
        return 0;
    }
    at = arbiter__locate(z, k);
    if (at == Z_HAND(seat) || at == Z_DISCARD(seat)) {
        return 0;
    }
    if (at == Z_TRICKS && arbiter__played_by(d, seat, k)) {
        return 0;
    }
    if (at < 0 &&
        z->count[Z_HAND(seat)] > arbiter__ncards(z->known[Z_HAND(seat)])) {
        z->known[Z_HAND(seat)] |= CARD_BIT(k);
        return 0;
    }
    return arbiter__fail(
        c, ARB_E_IMPOSSIBLE,
        "expected a card of %c's hand, found %s, which is %s%s "
        "(card conservation)",
        seat_letter(seat), arbiter__cardtext(k, text),
        at < 0 ? "not there" : "in ",
        at < 0 ? "" : arbiter__zone_name((enum zone)at));
}

/*
 * arbiter__on_show - `X shows C ...`: each card is placed in X's hand (or
 * was played by him).  ARB_E_ORDER with no deal, ARB_E_IMPOSSIBLE for a
 * card elsewhere.
 */
int arbiter__on_show(struct ctx *c)
{
    const struct table_event *ev = c->ev;

    if (c->d->dealer == SEAT_NONE) {
        return arbiter__fail(c, ARB_E_ORDER, "expected a deal, found shows");
    }
    for (int i = 0; i < ev->n_cards; i++) {
        int rc = arbiter__reveal(c, ev->actor, ev->cards[i]);

        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

/*
 * arbiter__on_claim - `X claims [C ...]`: the cards shown are placed; a
 * claim is not abandoning (L42).  ARB_E_ORDER outside the play.
 */
int arbiter__on_claim(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if ((rc = arbiter__on_show(c)) != 0) {
        return rc;
    }
    if (d->phase != PH_PLAY) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected a claim during the play, found it in the %s",
            phase_name(d->phase));
    }
    /* L42: claiming is not abandoning; the rest goes to the claimant when
     * the hand is ended without playing it out (arbiter__on_end) */
    d->claimant = (int8_t)x;
    return 0;
}

/*
 * settle_claim - `end` after a claim with no card played since (L42): the
 * tricks not yet played go to the claimant.  When both hands are wholly
 * known and no trick is half played, the claim is tested first: if the
 * adversary can take a trick against the claimant's best play, the claim
 * does not hold (LAWS L42 reading: a wrong claim is played out) and the
 * hand ends as it stands, noted.
 */
static void settle_claim(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = d->claimant;
    int y = SEAT_OTHER(x);
    int left = 5 - (d->tricks[0] + d->tricks[1] + d->credited[0] +
                    d->credited[1]);
    uint32_t hx = d->z.known[Z_HAND(x)];
    uint32_t hy = d->z.known[Z_HAND(y)];
    bool open = d->trick_no > 0 &&
                d->tricks_rec[d->trick_no - 1].follow == CARD_NONE;

    if (left <= 0) {
        return;
    }
    if (!open && d->trump != SUIT_NONE && d->leader != SEAT_NONE &&
        arbiter__ncards(hx) == d->z.count[Z_HAND(x)] &&
        arbiter__ncards(hy) == d->z.count[Z_HAND(y)] &&
        arbiter__ncards(hx) == left && arbiter__ncards(hy) == left) {
        int best[2];

        arbiter__best_tricks(d->z.known[Z_HAND(d->leader)],
                             d->z.known[Z_HAND(SEAT_OTHER(d->leader))],
                             d->trump, &c->s->prof, d->leader, best);
        if (best[x] < left) {
            arbiter__note(c,
                          "%c's claim of the last %d trick(s) does not hold: "
                          "%c can take %d against any play; the hand ends as "
                          "it stands (a wrong claim is played out, L42)",
                          seat_letter(x), left, seat_letter(y), left - best[x]);
            return;
        }
    }
    d->credited[x] = (int8_t)(d->credited[x] + left);
    arbiter__note(c, "%c's claim of the last %d trick(s) is allowed (L42)",
                  seat_letter(x), left);
}

/*
 * arbiter__on_end - `end`: the hand in progress ends here and is scored as
 * it stands (noted when cut short).  Returns 0.
 */
int arbiter__on_end(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;

    if (!s->deal_on || d->over) {
        return 0;
    }
    if (d->phase == PH_PLAY && d->claimant != SEAT_NONE) {
        settle_claim(c);
    }
    if (d->phase == PH_PLAY) {
        int done =
            d->tricks[0] + d->tricks[1] + d->credited[0] + d->credited[1];

        if (done < 5) {
            arbiter__note(c,
                          "the deal ends after %d trick(s), before the hand "
                          "was played out",
                          done);
        }
    }
    arbiter__end_hand_now(c);
    arbiter__score_hand(c);
    arbiter__report_deal(c);
    return 0;
}
