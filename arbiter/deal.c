/* SPDX-License-Identifier: MIT */
/*
 * deal.c - games and deals: the cut for deal (L5), shuffles and cuts,
 * packets (L8, L9 and its rectification), the turn-up (L10, L11), cards
 * exposed or found faced (L12, L13, L35) and hands counted (L15-L21).
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* arbiter__close_last_deal - before a new deal or game: the previous hand's open
 * elections take their default (the played result stands, L25/L43
 * READING), and what outlives the deal is kept for late marks. */
void arbiter__close_last_deal(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;

    if (d->dealer == SEAT_NONE) {
        return;
    }
    if (d->n_pending > 0) {
        for (int i = 0; i < d->n_pending; i++) {
            if (arbiter__is_claim(&d->pending[i].r)) {
                arbiter__note(c,
                              "the ruling under %s lapses: the played result "
                              "stands",
                              laws_get(d->pending[i].r.law)->id);
            }
        }
        d->n_pending = 0;
        if (d->over && d->hold) {
            arbiter__score_hand(c);
            arbiter__report_deal(c);
        }
    }
    /* a void deal leaves the window of the deal before it as it was */
    if (!d->is_void) {
        s->prev_king_dealer =
            d->king_turned && !d->king_marked ? d->dealer : SEAT_NONE;
        s->prev_king_barred = d->king_barred;
        s->prev_king_lost = d->king_lost;
        s->prev_king_game = s->game_no;
    }
}

/*
 * arbiter__deal_reset - an empty deal: no dealer, a full pack of unseen
 * cards in the stock, no trump, nothing played.
 */
void arbiter__deal_reset(struct deal_state *d)
{
    memset(d, 0, sizeof(*d));
    d->dealer = SEAT_NONE;
    d->elder = SEAT_NONE;
    d->pack_owner = SEAT_NONE;
    d->phase = PH_IDLE;
    arbiter__zones_reset(&d->z);
    d->trump = SUIT_NONE;
    d->turn_up = CARD_NONE;
    d->last_shuffler = SEAT_NONE;
    d->discarded[0] = d->discarded[1] = -1;
    d->asked = -1;
    d->leader = SEAT_NONE;
    d->to_play = SEAT_NONE;
    d->claimant = SEAT_NONE;
    d->called_suit = SUIT_NONE;
    d->play_offence_card = CARD_NONE;
    d->retract_card = CARD_NONE;
    d->retract_seat = SEAT_NONE;
    d->announced = SEAT_NONE;
    d->late_ann_ruled = 0;
    d->false_ann = SEAT_NONE;
    d->first_card[0] = d->first_card[1] = (int8_t)-1;
    d->exchange_card = CARD_NONE;
    d->value = 1;
    d->double_offer = SEAT_NONE;
    d->double_acceptor = SEAT_NONE;
    d->point_offer = SEAT_NONE;
    d->veto_scorer = SEAT_NONE;
}

/* begin_deal - a deal by dealer with pack's pack. */
static void begin_deal(struct ctx *c, int dealer, int pack)
{
    struct table_state *s = c->s;
    struct deal_state *d = c->d;

    arbiter__deal_reset(d);
    s->lost_king_dealer = SEAT_NONE;
    d->number = ++s->deal_no;
    d->dealer = (int8_t)dealer;
    d->elder = (int8_t)SEAT_OTHER(dealer);
    d->pack_owner = (int8_t)pack;
    d->phase = PH_SHUFFLE;
    s->deal_on = true;
    s->next_dealer = (int8_t)SEAT_OTHER(dealer); /* L14 READING: alternation
                                                    from the deal played */
    c->res->deal_started = true;
}

/* arbiter__void_deal - the deal is void: points marked in it are cancelled
 * (docs/readings.md) and the same dealer deals again. */
void arbiter__void_deal(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;

    for (int k = 0; k < 2; k++) {
        if (d->points[k] != 0) {
            s->score[k] -= d->points[k];
            c->res->penalty[k] -= d->points[k];
            c->res->score_changed = true;
        }
    }
    d->is_void = true;
    d->n_pending = 0;
    d->owed.kind = OWED_NONE;
    arbiter__end_hand_now(c);
    for (int k = 0; k < 2; k++) {
        c->res->deal.points[k] = 0;
    }
    s->next_dealer =
        s->prof.redeal_same_dealer ? d->dealer : (int8_t)SEAT_OTHER(d->dealer);
}

/* implied_redeal - after a void deal the same dealer deals again; a
 * shuffle, cut or packet may begin the new deal without a deal line. */
static void implied_redeal(struct ctx *c)
{
    struct table_state *s = c->s;

    if (!s->deal_on && c->d->is_void && s->next_dealer != SEAT_NONE &&
        !s->game_over) {
        int dealer = s->next_dealer;

        arbiter__close_last_deal(c);
        begin_deal(c, dealer, arbiter__own_pack(s, dealer));
        arbiter__note(c, "deal %d: %c deals again after the void deal",
                      c->d->number, seat_letter(dealer));
    }
}

/*
 * arbiter__on_game - `game`: the last deal is closed and a new game
 * starts at 0-0 (an unfinished one is noted).  ARB_E_ORDER in the
 * middle of a hand.
 */
int arbiter__on_game(struct ctx *c)
{
    struct table_state *s = c->s;

    if (s->deal_on && !c->d->over) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the rest of the hand or \"end\", found game");
    }
    arbiter__close_last_deal(c);
    if (s->game_on && !s->game_over && s->game_no > 0 &&
        (s->score[0] != 0 || s->score[1] != 0)) {
        arbiter__note(c, "game %d left unfinished at A %d B %d", s->game_no,
                      s->score[0], s->score[1]);
    }
    arbiter__start_game(c);
    c->d->phase = c->d->phase == PH_CUT_FOR_DEAL ? PH_CUT_FOR_DEAL : PH_IDLE;
    return 0;
}

/*
 * arbiter__on_score - `score A n B m`: the score is set between deals (a
 * game is started if none is on).  ARB_E_ORDER mid-hand, ARB_E_IMPOSSIBLE
 * for points at or above the target.
 */
int arbiter__on_score(struct ctx *c)
{
    struct table_state *s = c->s;

    if (s->deal_on && !c->d->over) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the score to be set between deals, found it "
            "in the middle of a hand");
    }
    if (c->ev->score[0] >= s->prof.target ||
        c->ev->score[1] >= s->prof.target) {
        return arbiter__fail(
            c, ARB_E_IMPOSSIBLE,
            "expected points below the target %d, found A %d B %d",
            s->prof.target, c->ev->score[0], c->ev->score[1]);
    }
    if (!s->game_on) {
        arbiter__close_last_deal(c);
        arbiter__start_game(c);
    }
    s->score[0] = c->ev->score[0];
    s->score[1] = c->ev->score[1];
    c->res->score_changed = true;
    return 0;
}

/*
 * arbiter__on_cut_for_deal - `X cuts-for-deal C`: the card is kept until
 * both have cut; the higher deals (L5), a tie cuts again, a recut for the
 * cutter's own fault (L4, in rs) does not count.  ARB_E_ORDER after the
 * first deal, ARB_E_IMPOSSIBLE for ??.
 */
int arbiter__on_cut_for_deal(struct ctx *c, const struct ruling *rs, int n)
{
    struct table_state *s = c->s;
    const struct table_event *ev = c->ev;
    uint8_t a;
    uint8_t b;

    if (s->deal_no > s->pair_deal) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the cut for deal before the first deal, found "
            "it after deal %d",
            s->deal_no);
    }
    for (int i = 0; i < n; i++) {
        if (rs[i].remedy == REM_RECUT && rs[i].offender == ev->actor) {
            return 0; /* his recut: this cut does not count (L4) */
        }
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                             "expected the card shown in the cut, found ??");
    }
    s->cut_card[(int)ev->actor] = ev->cards[0];
    a = s->cut_card[0];
    b = s->cut_card[1];
    if (a == CARD_NONE || b == CARD_NONE) {
        return 0;
    }
    if (card_strength(a, s->prof.rank) == card_strength(b, s->prof.rank)) {
        s->cut_card[0] = s->cut_card[1] = CARD_NONE; /* L5: cut again */
        return 0;
    }
    s->cut_winner =
        card_strength(a, s->prof.rank) < card_strength(b, s->prof.rank)
            ? SEAT_A
            : SEAT_B;
    s->cut_for_deal_done = true;
    arbiter__note(c, "%c cuts the higher card and deals first (L5)",
                  seat_letter(s->cut_winner));
    return 0;
}

/*
 * arbiter__on_deal - `deal X [pack Y]`: the last deal is closed and a new
 * one begins (a game too, if none is on).  A deal out of turn waiting for
 * correction is void (L14, arbiter__deal_line_corrects); a new one waits
 * for its window.  ARB_E_ORDER in the middle of a hand.
 */
int arbiter__on_deal(struct ctx *c, const struct law_view *v,
                     const struct ruling *rs, int n)
{
    struct table_state *s = c->s;
    const struct table_event *ev = c->ev;
    int right = v->right_dealer;

    if (!arbiter__deal_line_corrects(c, right) && s->deal_on &&
        !c->d->over) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the rest of the hand or \"end\", found a new "
            "deal");
    }
    arbiter__close_last_deal(c);
    if (!s->game_on) {
        if (s->game_over) {
            arbiter__note(c, "a new game begins (game %d)", s->game_no + 1);
        }
        arbiter__start_game(c);
    }
    begin_deal(c, ev->actor, (ev->flags & EVF_PACK) ? ev->target : ev->actor);
    arbiter__deal_line_keep(c, rs, n, right);
    return 0;
}

/*
 * arbiter__on_shuffle - `X shuffles`: remembered as the last shuffle of the
 * deal (L1); a shuffle in play is for L2.  Returns 0.
 */
int arbiter__on_shuffle(struct ctx *c)
{
    struct deal_state *d = c->d;

    implied_redeal(c);
    if (!c->s->deal_on) {
        /* shuffling before the deal line: allowed, nothing to keep */
        return 0;
    }
    if (d->phase != PH_SHUFFLE) {
        return 0; /* L2 rules on a shuffle during play */
    }
    d->last_shuffler = c->ev->actor;
    d->cut_done = false;
    return 0;
}

/*
 * arbiter__on_cut - `X cuts N`: the pack is cut for the deal (unless a
 * ruling refused the cut, L3/L7).  ARB_E_ORDER after the cards are given.
 */
int arbiter__on_cut(struct ctx *c)
{
    struct deal_state *d = c->d;
    int rc;

    implied_redeal(c);
    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (d->phase != PH_SHUFFLE) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the cut before the deal, found it after the "
            "cards were given");
    }
    if (!c->not_allowed) {
        d->cut_done = true;
    }
    return 0;
}

/*
 * arbiter__on_packets - `X packets 3-2`: a notice of the packet order for
 * X's next deals (L8), unless L8 refused it.  Returns 0.
 */
int arbiter__on_packets(struct ctx *c)
{
    struct table_state *s = c->s;

    if (c->not_allowed) {
        return 0;
    }
    s->notice[(int)c->ev->actor] = c->ev->option;
    s->notice_line[(int)c->ev->actor] = c->a->line;
    return 0;
}

/* arbiter__dealer_gives - a `gives` line must come from the dealer, and there
 * must be as many cards left in the pile (named pile in the message). */
int arbiter__dealer_gives(struct ctx *c, const char *pile)
{
    int rc = arbiter__need_actor(c, c->d->dealer, "the dealer");

    if (rc != 0) {
        return rc;
    }
    if (c->ev->n > arbiter__drawable(c)) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                             "expected at most %d cards (left in %s), found %d",
                             arbiter__drawable(c), pile, c->ev->n);
    }
    return 0;
}

/*
 * on_give_deal - a packet of the deal: the cards go from the pack to the
 * hand; the dealer's order is adopted at his first deal of a game (L8);
 * the cards that put a rectified deal right are not a packet (L9).
 */
static int on_give_deal(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    if ((rc = arbiter__dealer_gives(c, "the pack")) != 0) {
        return rc;
    }
    if ((rc = arbiter__give_cards(c, Z_STOCK, Z_HAND(ev->target), ev->n)) !=
        0) {
        return rc;
    }
    if (d->rectify_due[(int)ev->target] > 0) {
        /* L9 rectified: the cards the dealer gives to put the deal right
         * are the correction, not a packet */
        int due = d->rectify_due[(int)ev->target];

        d->rectify_due[(int)ev->target] =
            (int8_t)(ev->n >= due ? 0 : due - ev->n);
        arbiter__note(c,
                      "the dealer puts the deal right: %d card(s) to %c (L9)",
                      ev->n, seat_letter(ev->target));
        return 0;
    }
    if (d->n_packets == 0) {
        struct table_state *s = c->s;
        int dl = d->dealer;

        /* the order in force for this dealer: adopted at his first deal of
         * a game, or changed by notice (L8) */
        if (s->notice[dl] != 0) {
            s->order[dl] = s->notice[dl];
            s->order_game[dl] = s->game_no;
            s->order_line[dl] = s->notice_line[dl];
            s->notice[dl] = 0;
        } else if (s->order[dl] == 0 && ev->target == d->elder &&
                   (ev->n == 2 || ev->n == 3)) {
            s->order[dl] = (int8_t)ev->n;
            s->order_game[dl] = s->game_no;
            s->order_line[dl] = c->a->line;
        } else if (s->order_game[dl] != s->game_no && s->order[dl] != 0) {
            s->order_game[dl] = s->game_no;
        }
    }
    if (d->n_packets < 8) {
        d->packet_to[(int)d->n_packets] = ev->target;
        d->packet_n[(int)d->n_packets] = (int8_t)ev->n;
    }
    d->n_packets++;
    d->phase = PH_DEAL;
    return 0;
}

/*
 * arbiter__on_give - `D gives X N [C ...]`: a packet of the deal, cards
 * served in the exchange, or a short hand completed (a remedy owed).
 * ARB_E_ORDER outside a deal or the exchange, ARB_E_IMPOSSIBLE when the
 * cards cannot be there.
 */
int arbiter__on_give(struct ctx *c)
{
    struct deal_state *d = c->d;

    implied_redeal(c);
    if (arbiter__need_deal(c) != 0) {
        return ARB_E_ORDER;
    }
    if (d->owed.kind == OWED_COMPLETE) {
        return arbiter__on_give_exchange(c);
    }
    switch (d->phase) {
    case PH_SHUFFLE:
    case PH_DEAL:
        return on_give_deal(c);
    case PH_EXCHANGE:
        return arbiter__on_give_exchange(c);
    default:
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected cards to be given during the deal or the "
            "exchange, found them in the %s",
            phase_name(d->phase));
    }
}

/*
 * arbiter__on_expose - `D exposes C to X`: C must be a card of the pack or
 * of X's hand (the laws rule on it, L13, L36).  ARB_E_IMPOSSIBLE if it is
 * elsewhere.
 */
int arbiter__on_expose(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    char text[CARD_TEXT_MAX];
    int at;
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                             "expected the exposed card, found ??");
    }
    at = arbiter__locate(&d->z, ev->cards[0]);
    if (at >= 0 && at != Z_HAND(ev->target) && at != Z_STOCK) {
        return arbiter__fail(
            c, ARB_E_IMPOSSIBLE,
            "expected a card of the pack, found %s, which is in %s "
            "(card conservation)",
            arbiter__cardtext(ev->cards[0], text),
            arbiter__zone_name((enum zone)at));
    }
    return 0;
}

/*
 * arbiter__on_turn - `D turns C [C ...]`: the turn-up fixes trumps (L10;
 * two cards, L11), shuts the last deal's king window (L22); a stock card
 * turned in the exchange is L37's.  ARB_E_ORDER before the deal or by
 * another than the dealer, ARB_E_IMPOSSIBLE for ?? or a card elsewhere.
 */
int arbiter__on_turn(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;
    const struct table_event *ev = c->ev;
    char why[200];
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if ((rc = arbiter__need_actor(c, d->dealer, "the dealer")) != 0) {
        return rc;
    }
    for (int i = 0; i < ev->n_cards; i++) {
        if (ev->cards[i] == CARD_UNKNOWN) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                                 "expected the card turned up, found ??");
        }
    }
    if (d->phase == PH_SHUFFLE || d->phase == PH_DEAL) {
        for (int i = 0; i < ev->n_cards; i++) {
            rc = arbiter__move(&d->z, ev->cards[i], Z_STOCK, Z_TURN_UP, why,
                               sizeof(why));
            if (rc != 0) {
                return arbiter__fail(c, rc, "%s", why);
            }
            if (d->n_turned < 4) {
                d->turned[(int)d->n_turned++] = ev->cards[i];
            }
        }
        /* L22: the last deal's window shuts */
        s->lost_king_dealer = s->prev_king_dealer;
        s->prev_king_dealer = SEAT_NONE;
        s->prev_king_lost = false;
        d->phase = PH_TURNED;
        if (ev->n_cards == 1) {
            d->turn_up = ev->cards[0];
            d->trump = (int8_t)CARD_SUIT(ev->cards[0]);
            d->king_turned =
                ev->cards[0] == laws_bonus_card(&s->prof, d->trump);
            if (d->rectified && d->king_turned &&
                s->prof.rule19_after_rectify) {
                d->king_barred = true;
            }
        }
        for (int k = 0; k < 2; k++) {
            if (d->z.count[Z_HAND(k)] != 5) {
                arbiter__note(c,
                              "%c holds %d cards at the turn-up (L9, L15-L18 "
                              "when found)",
                              seat_letter(k), d->z.count[Z_HAND(k)]);
            }
        }
        return 0;
    }
    if (d->phase == PH_EXCHANGE || (d->phase == PH_TURNED && d->exchanged) ||
        d->phase == PH_TURNED) {
        /* L37: a stock card turned during the exchange */
        (void)rs;
        (void)n;
        if (ev->n_cards != 1) {
            return arbiter__fail(
                c, ARB_E_IMPOSSIBLE,
                "expected one card turned from the stock, found %d",
                ev->n_cards);
        }
        rc = arbiter__move(&d->z, ev->cards[0], Z_STOCK, Z_STOCK, why,
                           sizeof(why));
        if (rc != 0) {
            return arbiter__fail(c, rc, "%s", why);
        }
        d->exchange_turned = true;
        d->exchange_card = ev->cards[0];
        return 0;
    }
    return arbiter__fail(
        c, ARB_E_ORDER,
        "expected the turn-up after the deal, found it in the %s",
        phase_name(d->phase));
}

/*
 * arbiter__on_look - `X looks`: X has taken up his hand (L9, L11, L13).
 * ARB_E_ORDER with no deal.
 */
int arbiter__on_look(struct ctx *c)
{
    if (!c->s->deal_on) {
        return arbiter__fail(c, ARB_E_ORDER, "expected a deal, found looks");
    }
    c->d->looked[(int)c->ev->actor] = true;
    return 0;
}

/*
 * arbiter__on_found_faced - `found faced C`: in the deal the deal is void
 * (L12, by the ruling); after the turn-up the card is set aside and the
 * deal stands (L35).  ARB_E_IMPOSSIBLE for ?? or a card elsewhere.
 */
int arbiter__on_found_faced(struct ctx *c)
{
    struct deal_state *d = c->d;
    char why[200];
    int rc;

    implied_redeal(c);
    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (d->phase == PH_SHUFFLE || d->phase == PH_DEAL) {
        return 0; /* L12: the deal is void */
    }
    if (c->ev->cards[0] == CARD_UNKNOWN) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE,
                             "expected the faced card, found ??");
    }
    /* L35: set aside; the deal stands */
    rc = arbiter__move(&d->z, c->ev->cards[0], Z_STOCK, Z_ASIDE, why,
                       sizeof(why));
    if (rc != 0) {
        return arbiter__fail(c, rc, "%s", why);
    }
    return 0;
}

/* arbiter__on_found_holds - a hand is counted: the table is put in agreement
 * with the count, and a count ruling still waiting on that hand follows the
 * recount (a right count ends it). */
int arbiter__on_found_holds(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = c->ev->target;
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if ((rc = arbiter__reconcile(c, x, c->ev->n)) != 0) {
        return rc;
    }
    for (int i = d->n_pending - 1; i >= 0; i--) {
        struct pending *p = &d->pending[i];

        if (!laws_get(p->r.law)->continuing || p->seat != x) {
            continue;
        }
        p->n = (int8_t)(c->ev->n - arbiter__expected_count(d, x));
        if (p->n == 0) {
            arbiter__note(c,
                          "the recount finds %c's hand right: the ruling under "
                          "%s falls",
                          seat_letter(x), laws_get(p->r.law)->id);
            arbiter__drop_pending(d, i);
        }
    }
    return 0;
}

/* arbiter__dealt_by_now - the cards seat should hold after the packets given so
 * far, dealt in the order whose first packet has first cards (L8): elder
 * hand's packets are the 1st and 3rd, the dealer's the 2nd and 4th. */
int arbiter__dealt_by_now(const struct deal_state *d, int seat, int first)
{
    int k = d->n_packets >= 4 ? 4 : d->n_packets;
    int n = 0;

    for (int i = seat == d->elder ? 0 : 1; i < k; i += 2) {
        n += i < 2 ? first : 5 - first;
    }
    return n;
}

/* arbiter__settle_rectify - a L9 rectification whose missing cards the log did
 * not name: once the four packets are given and the deal goes on, the dealer is
 * taken to have completed each short hand from the pack, unseen. */
int arbiter__settle_rectify(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    char why[200];

    if (d->rectify_due[0] == 0 && d->rectify_due[1] == 0) {
        return 0;
    }
    if (d->phase == PH_SHUFFLE || d->phase == PH_DEAL) {
        if (d->n_packets < 4 ||
            (ev->kind == EV_GIVE && d->rectify_due[(int)ev->target] > 0)) {
            return 0;
        }
    }
    for (int k = 0; k < 2; k++) {
        int due = d->rectify_due[k];

        d->rectify_due[k] = 0;
        for (int i = 0; i < due; i++) {
            if (arbiter__move(&d->z, CARD_UNKNOWN, Z_STOCK, Z_HAND(k), why,
                              sizeof(why)) != 0) {
                return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
            }
        }
        if (due > 0) {
            arbiter__note(
                c,
                "the dealer completes %c's hand with %d unseen card(s): "
                "the deal put right (L9)",
                seat_letter(k), due);
        }
    }
    return 0;
}
