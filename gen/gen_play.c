/* SPDX-License-Identifier: MIT */
/*
 * gen_play.c - the generator's play (gen/gen_int.h): the cut for deal,
 * the deal (the shuffles, the cut, the packets, the turn-up), the
 * proposals and exchanges, the doubles and the offers of the point, the
 * five tricks; simple strategies over a simple strength of the cards.
 * Where an irregularity is to be injected, gen_inject.c makes it.
 */
#include "gen/gen_int.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Cards and strategies                                                 */
/* ------------------------------------------------------------------ */

/* mask_cards - the cards of mask m into out, canonical order. */
static int mask_cards(uint32_t m, uint8_t *out)
{
    int n = 0;

    for (int c = 0; c < CARD_COUNT; c++) {
        if (m & CARD_BIT(c)) {
            out[n++] = (uint8_t)c;
        }
    }
    return n;
}

/* card_value - a simple strength: trumps high, then rank in the
 * profile's order (rank_order: enum rank_order). */
static int card_value(uint8_t c, int trump, int rank_order)
{
    int v = 8 - card_strength(c, rank_order);

    if (CARD_SUIT(c) == trump) {
        v += 8;
    }
    return v;
}

/* hand_strength - the sum of card_value over the cards of h. */
static int hand_strength(const struct gen *g, uint32_t h)
{
    uint8_t cards[32];
    int n = mask_cards(h, cards);
    int v = 0;

    for (int i = 0; i < n; i++) {
        v += card_value(cards[i], g->trump, g->prof->rank);
    }
    return v;
}

/* hand_average - the mean card_value of seat's hand (0 if empty): how
 * much he likes it, whatever its size. */
static int hand_average(const struct gen *g, int seat)
{
    int n = cards_count(g->hand[seat]);

    return n == 0 ? 0 : hand_strength(g, g->hand[seat]) / n;
}

/* weakest - the k weakest cards of h. */
static uint32_t weakest(const struct gen *g, uint32_t h, int k)
{
    uint32_t out = 0;

    for (int i = 0; i < k; i++) {
        int best = -1;
        int best_v = 99;

        for (int c = 0; c < CARD_COUNT; c++) {
            int v = card_value((uint8_t)c, g->trump, g->prof->rank);

            if ((h & ~out & CARD_BIT(c)) && v < best_v) {
                best = c;
                best_v = v;
            }
        }
        if (best >= 0) {
            out |= CARD_BIT(best);
        }
    }
    return out;
}

uint8_t gen__pick(struct gen *g, uint32_t m, double strong)
{
    uint8_t cards[32];
    int n = mask_cards(m, cards);

    if (gen__chance(g, strong)) {
        int best = 0;

        for (int i = 1; i < n; i++) {
            if (card_value(cards[i], g->trump, g->prof->rank) >
                card_value(cards[best], g->trump, g->prof->rank)) {
                best = i;
            }
        }
        return cards[best];
    }
    return cards[gen__below(g, n)];
}

uint8_t gen__draw_top(struct gen *g)
{
    return g->pack[g->top++];
}

/* stock_left - the cards the dealer can still serve: the stock (with the
 * turn-up at its bottom under turnup=under-stock, until drawn). */
static int stock_left(const struct gen *g)
{
    return CARD_COUNT - g->top;
}

/* play - seat plays (or leads, kind) card. */
static void play(struct gen *g, enum event_kind kind, int seat, uint8_t card)
{
    struct table_event ev = gen__ev_new(kind, seat);

    gen__ev_cards(&ev, &card, 1);
    gen__emit(g, &ev);
}

/* ------------------------------------------------------------------ */
/* The king, the veto, the double and the point                         */
/* ------------------------------------------------------------------ */

struct table_event gen__king_event(const struct gen *g, int seat)
{
    return gen__ev_new(g->prof->king_announce == KING_ANNOUNCE_MARK
                           ? EV_MARK_KING
                           : EV_ANNOUNCE,
                       seat);
}

/* announce_if_held - the holder of the king of trumps announces it before
 * his first card (most of the time); not the turned king drawn from under
 * the stock, which the dealer scored at the turn-up. */
static void announce_if_held(struct gen *g, int seat, bool *done)
{
    uint8_t k = laws_bonus_card(g->prof, g->trump);

    if (*done || !(g->hand[seat] & CARD_BIT(k)) || g->deal_over) {
        return;
    }
    *done = true;
    if (k == g->turn_up) {
        return;
    }
    if (gen__chance(g, 0.85)) {
        struct table_event ev = gen__king_event(g, seat);

        gen__emit(g, &ev);
    }
}

void gen__answer_veto(struct gen *g)
{
    struct arb_next nx;
    struct table_event ev;
    uint8_t jack;

    if (g->failed) {
        return;
    }
    arbiter_next(g->arb, &nx);
    if (nx.step != ARB_NEXT_ELECT || !(nx.options & OPT_BIT(OPT_VETO)) ||
        nx.seat == SEAT_NONE) {
        return;
    }
    jack = laws_veto_jack(arbiter_trump(g->arb));
    if (g->hand[nx.seat] & CARD_BIT(jack)) {
        ev = gen__ev_new(EV_VETO, nx.seat);
        gen__ev_cards(&ev, &jack, 1);
    } else {
        ev = gen__ev_new(EV_ELECT, nx.seat);
        ev.option = OPT_PASS;
    }
    gen__emit(g, &ev);
}

/* may_offer - can an offer be made now without the referee holding it
 * back: the hand on, no ruling waiting for an election, no remedy owed,
 * no offer waiting for its answer. */
static bool may_offer(const struct gen *g)
{
    struct ruling pending[8];
    struct arb_next nx;

    if (g->deal_over || g->failed || !arbiter_hand_in_progress(g->arb) ||
        arbiter_pending(g->arb, pending, 8) > 0) {
        return false;
    }
    arbiter_next(g->arb, &nx);
    return nx.step != ARB_NEXT_ELECT && nx.step != ARB_NEXT_REMEDY &&
           nx.step != ARB_NEXT_OFFER && nx.step != ARB_NEXT_RESHUFFLE;
}

/*
 * maybe_double - under doubling=yes, now and then a player offers to
 * double the hand: the one who likes his hand better (mostly) when it was
 * never doubled, the one who accepted the last double under
 * redouble=yes; the other accepts (the hand's value doubles, `= value N`)
 * or declines (the hand ends).  Call only inside the window of a double,
 * from the turn-up until the lead to the third trick.  Nothing under
 * doubling=no.
 */
static void maybe_double(struct gen *g)
{
    int x;
    int y;
    struct table_event ev;

    if (!g->prof->doubling || !may_offer(g) || !gen__chance(g, 0.08)) {
        return;
    }
    if (arbiter_value(g->arb) > 1) {
        if (!g->prof->redouble || g->acceptor == SEAT_NONE) {
            return;
        }
        x = g->acceptor;        /* only he may double again */
    } else {
        x = hand_average(g, SEAT_A) >= hand_average(g, SEAT_B) ? SEAT_A
                                                               : SEAT_B;
        if (gen__chance(g, 0.2)) {
            x = SEAT_OTHER(x);
        }
    }
    y = SEAT_OTHER(x);
    ev = gen__ev_new(EV_OFFER_DOUBLE, x);
    gen__emit(g, &ev);
    if (g->deal_over || g->failed) {
        return;
    }
    if (gen__chance(g, hand_average(g, y) >= 6 ? 0.7 : 0.35)) {
        ev = gen__ev_new(EV_ACCEPT_DOUBLE, y);
        g->acceptor = y;
    } else {
        ev = gen__ev_new(EV_DECLINE_DOUBLE, y);
    }
    gen__emit(g, &ev);
}

/*
 * maybe_offer_point - under offer-point, now and then (once a hand) the
 * player who likes his hand less offers the point, if the window allows
 * it: before elder hand's first lead (before-play), or before the lead to
 * the third trick while he has no trick and the other fewer than three
 * (before-trick3); t is the number of tricks led.  The other accepts
 * (the hand ends) or declines (and is bound to the vole).  Nothing under
 * offer-point=no.
 */
static void maybe_offer_point(struct gen *g, int t)
{
    int x;
    int y;
    struct table_event ev;

    if (g->prof->offer_point == OFFER_POINT_NO || g->point_offered ||
        !may_offer(g) || !gen__chance(g, 0.06)) {
        return;
    }
    x = hand_average(g, SEAT_A) < hand_average(g, SEAT_B) ? SEAT_A : SEAT_B;
    y = SEAT_OTHER(x);
    if (g->prof->offer_point == OFFER_POINT_BEFORE_PLAY
            ? t > 0
            : (t > 2 || g->tricks[x] > 0 || g->tricks[y] >= 3)) {
        return;
    }
    g->point_offered = true;
    ev = gen__ev_new(EV_OFFER_POINT, x);
    gen__emit(g, &ev);
    if (g->deal_over || g->failed) {
        return;
    }
    ev = gen__ev_new(gen__chance(g, 0.5) ? EV_ACCEPT_POINT
                                         : EV_DECLINE_POINT,
                     y);
    gen__emit(g, &ev);
}

/* offer_moment - a moment at which the modern options (doubling,
 * offer-point) may be used, t tricks led so far (t <= 2: the window of
 * both is open until the lead to the third trick). */
static void offer_moment(struct gen *g, int t)
{
    maybe_double(g);
    maybe_offer_point(g, t);
}

/* ------------------------------------------------------------------ */
/* The tricks                                                           */
/* ------------------------------------------------------------------ */

/* The five tricks in hand (play_tricks). */
struct tricks {
    int leader;                 /* who leads to this trick */
    bool announced[2];          /* the king announced, or let go, by each */
    uint8_t king;               /* the king of trumps (the bonus card) */
    int inj_trick;              /* the trick a trick's injection waits for */
    enum inject inj;            /* the injection still to make */
};

/* lead - the lead to trick t by tp->leader, and what goes with it: the
 * options of the moment, the king announced, a lead out of turn or a
 * card taken back where one is injected, the king led and the other's
 * king announced at the first trick.  Returns the card led, or -1 when
 * the deal is over. */
static int lead(struct gen *g, struct tricks *tp, int t)
{
    int leader = tp->leader;
    int other = SEAT_OTHER(leader);
    struct table_event ev;
    uint8_t a;

    if (t <= 2) {
        offer_moment(g, t);
        if (g->deal_over) {
            return -1;
        }
    }
    if (tp->inj == INJ_LATE_ANNOUNCE && t == 1) {
        gen__inject_late_announce(g, leader, &tp->announced[leader]);
    }
    if (t == 0) {
        announce_if_held(g, leader, &tp->announced[leader]);
        if (g->deal_over) {
            return -1;
        }
    }
    if (tp->inj == INJ_LEAD_OUT_OF_TURN && t == tp->inj_trick) {
        gen__inject_lead_out_of_turn(g, other);
        tp->inj = INJ_NONE;
    }
    a = gen__pick(g, g->hand[leader], 0.5);
    play(g, EV_LEAD, leader, a);
    g->hand[leader] &= ~CARD_BIT(a);
    if (tp->inj == INJ_TAKE_BACK_LEAD && t == tp->inj_trick) {
        gen__inject_take_back(g, leader, a);
        tp->inj = INJ_NONE;
    }
    if (g->deal_over) {
        return -1;
    }
    if (t == 0) {
        if (a == tp->king && tp->king != g->turn_up &&
            !tp->announced[leader] && gen__chance(g, 0.5)) {
            tp->announced[leader] = true;
            ev = gen__king_event(g, leader);
            gen__emit(g, &ev);  /* the king led, announced as it is */
            if (g->deal_over) {
                return -1;
            }
        }
        announce_if_held(g, other, &tp->announced[other]);
        if (g->deal_over) {
            return -1;
        }
    }
    return a;
}

/* follow - the other player follows to a at trick t: a legal card, or
 * where one is injected a card that breaks the obligation.  Returns the
 * card that stays played. */
static uint8_t follow(struct gen *g, struct tricks *tp, int t, uint8_t a)
{
    int other = SEAT_OTHER(tp->leader);
    uint32_t legal = laws_legal_follows(g->hand[other], a, g->trump, g->prof);
    uint8_t b;

    if ((tp->inj == INJ_REVOKE || tp->inj == INJ_REVOKE_CORRECTED) &&
        t >= tp->inj_trick && legal != g->hand[other]) {
        /* (at the trick chosen, or the first after it that allows) */
        b = gen__inject_revoke(g, other, legal, tp->inj);
        tp->inj = INJ_NONE;
    } else {
        b = gen__pick(g, legal, 0.4);
        play(g, EV_PLAY, other, b);
    }
    return b;
}

/* play_tricks - five tricks of legal play (with an injected irregularity
 * if inj says so). */
static void play_tricks(struct gen *g, int elder, enum inject inj)
{
    struct tricks tp = {
        .leader = elder,
        .king = laws_bonus_card(g->prof, g->trump),
        .inj_trick = gen__below(g, 4),
        .inj = inj,
    };

    if (inj == INJ_FALSE_KING && gen__inject_false_king(g, elder)) {
        tp.announced[elder] = true;
    }
    for (int t = 0; t < 5 && !g->deal_over; t++) {
        int other = SEAT_OTHER(tp.leader);
        int a;
        uint8_t b;

        if (g->hand[tp.leader] == 0 || g->hand[other] == 0) {
            break;
        }
        a = lead(g, &tp, t);
        if (a < 0) {
            return;
        }
        b = follow(g, &tp, t, (uint8_t)a);
        g->hand[other] &= ~CARD_BIT(b);
        if (card_beats((uint8_t)a, b, g->trump, g->prof->rank)) {
            tp.leader = other;
        }
        g->tricks[tp.leader]++;
        if (tp.inj == INJ_ABANDON && t == 1 && !g->deal_over) {
            gen__inject_abandon(g, SEAT_OTHER(tp.leader));
            return;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The exchange                                                         */
/* ------------------------------------------------------------------ */

/*
 * reshuffle - `D reshuffles N` (stock-out=reshuffle): every card
 * discarded since the stock was last made becomes the new stock, in an
 * order of the generator's shuffle.  The pack stays a permutation of the
 * 32 cards: the cards already used go before the new stock, which is its
 * tail.
 */
static void reshuffle(struct gen *g, int dealer)
{
    uint8_t cards[CARD_COUNT];
    uint8_t rest[CARD_COUNT];
    int n = mask_cards(g->discards, cards);
    int m = 0;
    struct table_event ev = gen__ev_new(EV_RESHUFFLE, dealer);

    ev.n = (int16_t)n;
    gen__emit(g, &ev);
    for (int i = n - 1; i > 0; i--) {
        int j = gen__below(g, i + 1);
        uint8_t t = cards[i];

        cards[i] = cards[j];
        cards[j] = t;
    }
    for (int i = 0; i < CARD_COUNT; i++) {
        if (!(g->discards & CARD_BIT(g->pack[i]))) {
            rest[m++] = g->pack[i];
        }
    }
    memcpy(g->pack, rest, (size_t)m);
    memcpy(g->pack + m, cards, (size_t)n);
    g->top = m;
    g->discards = 0;
}

/* give - dealer gives seat the n cards from the top of the pack, in one
 * `gives` line. */
static void give(struct gen *g, int dealer, int seat, int n)
{
    struct table_event ev = gen__ev_new(EV_GIVE, dealer);
    uint8_t cards[8];

    for (int i = 0; i < n; i++) {
        cards[i] = gen__draw_top(g);
        g->hand[seat] |= CARD_BIT(cards[i]);
    }
    ev.target = (int8_t)seat;
    ev.n = (int16_t)n;
    gen__ev_cards(&ev, cards, n);
    gen__emit(g, &ev);
}

/*
 * serve - the dealer gives seat n cards from the top of the stock, in one
 * `gives` line.  Under stock-out=reshuffle a request the stock cannot
 * meet is served in goes: what is left, then `D reshuffles N`, then the
 * rest from the new stock.
 */
static void serve(struct gen *g, int dealer, int seat, int n)
{
    while (n > 0 && !g->failed) {
        int k = n < stock_left(g) ? n : stock_left(g);

        if (k > 0) {
            give(g, dealer, seat, k);
            n -= k;
        }
        if (n == 0 || g->prof->stock_out != STOCK_OUT_RESHUFFLE ||
            g->discards == 0) {
            return;
        }
        reshuffle(g, dealer);
    }
}

/* discard - seat lays out the cards of mask out (his discard). */
static void discard(struct gen *g, int seat, uint32_t out)
{
    uint8_t cards[8];
    int n = mask_cards(out, cards);
    struct table_event ev = gen__ev_new(EV_DISCARD, seat);

    ev.n = (int16_t)n;
    gen__ev_cards(&ev, cards, n);
    gen__emit(g, &ev);
    g->hand[seat] &= ~out;
    g->discards |= out;
}

/*
 * one_exchange - a proposal accepted: elder discards his weakest cards
 * and asks for as many (fewer under INJ_ASK_FEWER at the first
 * proposal, with a faced card found in the stock under
 * INJ_FOUND_FACED_STOCK), is served, and the dealer takes some (none
 * now and then under dealer-min-exchange=0).  proposals counts this one.
 */
static void one_exchange(struct gen *g, int elder, int proposals,
                         enum inject inj)
{
    int dealer = SEAT_OTHER(elder);
    bool reshuffles = g->prof->stock_out == STOCK_OUT_RESHUFFLE;
    int stock = stock_left(g);
    int want = 1 + gen__below(g, reshuffles ? 5 : 4);
    uint32_t out;
    struct table_event ev;
    int n;
    int asked;

    if (!reshuffles && want > stock - 1) {
        want = stock - 1;
    }
    out = weakest(g, g->hand[elder], want);
    n = cards_count(out);
    discard(g, elder, out);
    asked = inj == INJ_ASK_FEWER && n >= 2 && proposals == 1 ? n - 1 : n;
    ev = gen__ev_new(EV_ASK, elder);
    ev.n = (int16_t)asked;
    gen__emit(g, &ev);
    if (asked != n) {
        gen__injected(g, INJ_ASK_FEWER);
    }
    if (inj == INJ_FOUND_FACED_STOCK && proposals == 1) {
        gen__inject_faced_stock(g, asked);
    }
    serve(g, dealer, elder, asked);
    stock = stock_left(g);
    if (stock >= 1 || reshuffles) {
        int take = 1 + gen__below(g, 3);

        if (!reshuffles && take > stock) {
            take = stock;
        }
        if (g->prof->dealer_min_exchange == 0 && gen__chance(g, 0.2)) {
            take = 0;           /* dealer-min-exchange=0: he may take none */
        }
        if (take > 0) {
            out = weakest(g, g->hand[dealer], take);
            discard(g, dealer, out);
            serve(g, dealer, dealer, cards_count(out));
        }
    }
}

/*
 * exchange - proposals and exchanges until elder plays, the dealer
 * refuses, or the stock runs low (under stock-out=reshuffle, until elder
 * has had enough: the discards make a new stock).  At most three
 * proposals (six under stock-out=reshuffle, one under proposals=one);
 * none after an offer of the point; the dealer may take no card under
 * dealer-min-exchange=0.
 */
static void exchange(struct gen *g, int elder, enum inject inj)
{
    int dealer = SEAT_OTHER(elder);
    int proposals = 0;
    bool reshuffles = g->prof->stock_out == STOCK_OUT_RESHUFFLE;
    int max_proposals = g->prof->one_exchange ? 1 : reshuffles ? 6 : 3;
    struct table_event ev;

    for (;;) {
        int stock = stock_left(g);
        bool can;
        bool propose;

        offer_moment(g, 0);
        if (g->deal_over) {
            return;
        }
        can = reshuffles ? stock + cards_count(g->discards) > 0 : stock >= 2;
        propose = !g->point_offered && can &&
                  (hand_strength(g, g->hand[elder]) < 38 ||
                   gen__chance(g, reshuffles ? 0.3 : 0.15)) &&
                  proposals < max_proposals;
        if (!propose) {
            if (gen__chance(g, 0.5)) {
                ev = gen__ev_new(EV_STAND, elder);
                gen__emit(g, &ev);
            }
            return;
        }
        ev = gen__ev_new(EV_PROPOSE, elder);
        gen__emit(g, &ev);
        proposals++;
        if (hand_strength(g, g->hand[dealer]) > 44 && gen__chance(g, 0.7)) {
            ev = gen__ev_new(EV_REFUSE, dealer);
            gen__emit(g, &ev);
            return;
        }
        ev = gen__ev_new(EV_ACCEPT, dealer);
        gen__emit(g, &ev);
        one_exchange(g, elder, proposals, inj);
        if (g->deal_over) {
            return;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The deal                                                             */
/* ------------------------------------------------------------------ */

void gen__cut_for_deal(struct gen *g)
{
    while (!g->failed) {
        uint8_t a = (uint8_t)gen__below(g, CARD_COUNT);
        uint8_t b = (uint8_t)gen__below(g, CARD_COUNT);

        if (a == b) {
            continue;
        }
        play(g, EV_CUT_FOR_DEAL, SEAT_A, a);
        play(g, EV_CUT_FOR_DEAL, SEAT_B, b);
        if (card_strength(a, g->prof->rank) !=
            card_strength(b, g->prof->rank)) {
            return;
        }
    }
}

/* packet_order - the size of the dealer's first packet this deal: the
 * one the profile fixes (packets=3-2, 2-3), else his own, chosen at his
 * first deal and now and then changed, with notice, in a new game. */
static int packet_order(struct gen *g, int dealer)
{
    struct table_event ev;

    if (g->prof->packets != PACKETS_DEALER_CHOICE) {
        return g->prof->packets == PACKETS_3_2 ? 3 : 2;
    }
    if (g->order[dealer] != 0 && g->order_game[dealer] != g->game_no &&
        gen__chance(g, 0.2)) {
        g->order[dealer] = 5 - g->order[dealer];
        ev = gen__ev_new(EV_PACKETS, dealer);
        ev.option = (int8_t)g->order[dealer];
        gen__emit(g, &ev);
    }
    if (g->order[dealer] == 0) {
        g->order[dealer] = gen__chance(g, 0.5) ? 3 : 2;
    }
    g->order_game[dealer] = g->game_no;
    return g->order[dealer];
}

/* deal_opens - the deal in hand made new, and what comes before its
 * deal line: a game's line and its stakes and bets when a game begins,
 * else what a table of three or more does between deals. */
static void deal_opens(struct gen *g)
{
    struct table_event ev;

    g->deal_over = false;
    g->discards = 0;
    g->acceptor = SEAT_NONE;
    g->point_offered = false;
    g->tricks[0] = g->tricks[1] = 0;
    if (g->game_over || g->game_no == 0) {
        ev = gen__ev_new(EV_GAME, SEAT_NONE);
        gen__emit(g, &ev);
        g->turned_in_game = false;
        g->game_no++;
        g->game_over = false;
        if (g->format != SIT_DUEL) {
            gen__game_begun(g);
        }
    } else {
        gen__deal_begins(g);
    }
}

/* shuffle_and_cut - the pack shuffled (by the generator, then `shuffles`
 * by both), the dealer's packet order, elder's cut; the pack stands cut.
 * Returns the size of the first packet. */
static int shuffle_and_cut(struct gen *g, int dealer)
{
    int elder = SEAT_OTHER(dealer);
    uint8_t tmp[CARD_COUNT];
    struct table_event ev;
    int order;
    int cut;

    for (int i = CARD_COUNT - 1; i > 0; i--) {
        int j = gen__below(g, i + 1);
        uint8_t t = g->pack[i];

        g->pack[i] = g->pack[j];
        g->pack[j] = t;
    }
    ev = gen__ev_new(EV_SHUFFLE, elder);
    gen__emit(g, &ev);
    ev = gen__ev_new(EV_SHUFFLE, dealer);
    gen__emit(g, &ev);
    order = packet_order(g, dealer);
    cut = 2 + gen__below(g, 29);
    ev = gen__ev_new(EV_CUT, elder);
    ev.n = (int16_t)cut;
    gen__emit(g, &ev);
    memcpy(tmp, g->pack + cut, (size_t)(CARD_COUNT - cut));
    memcpy(tmp + CARD_COUNT - cut, g->pack, (size_t)cut);
    memcpy(g->pack, tmp, sizeof(tmp));
    g->top = 0;
    g->hand[0] = g->hand[1] = 0;
    return order;
}

/* deal_packets - the five cards of each, in two packets (order the first
 * one's size), elder first; a card of elder's first packet exposed under
 * INJ_EXPOSED_DEAL.  Returns false if the deal is to be dealt again. */
static bool deal_packets(struct gen *g, int dealer, int order,
                         enum inject inj)
{
    int elder = SEAT_OTHER(dealer);
    int to[2] = {elder, dealer};

    for (int round = 0; round < 2; round++) {
        int size = round == 0 ? order : 5 - order;

        for (int w = 0; w < 2; w++) {
            uint8_t first = g->pack[g->top];

            give(g, dealer, to[w], size);
            if (inj == INJ_EXPOSED_DEAL && round == 0 && w == 0 &&
                gen__inject_exposed(g, dealer, elder, first)) {
                return false;
            }
        }
    }
    return true;
}

/* turn_up - the dealer turns up the trump and marks a turned king (not
 * under INJ_UNMARKED_KING or INJ_LATE_KING_MARK: left for the next
 * turn-up); the window of a king left unmarked before shuts here.
 * Returns false if the deal is over. */
static bool turn_up(struct gen *g, int dealer, enum inject inj)
{
    struct table_event ev;

    g->turn_up = gen__draw_top(g);
    g->trump = CARD_SUIT(g->turn_up);
    if (g->prof->turnup == TURNUP_UNDER_STOCK) {
        /* it lies face up under the stock: the last card served */
        memmove(g->pack + g->top - 1, g->pack + g->top,
                (size_t)(CARD_COUNT - g->top));
        g->pack[CARD_COUNT - 1] = g->turn_up;
        g->top--;
    }
    play(g, EV_TURN, dealer, g->turn_up);
    g->turned_in_game = true;
    gen__inject_king_window_shuts(g);
    if (g->turn_up == laws_bonus_card(g->prof, CARD_SUIT(g->turn_up))) {
        if (inj == INJ_UNMARKED_KING || inj == INJ_LATE_KING_MARK) {
            /* (ruled when the next turn-up shuts its window) */
            g->king_unmarked = dealer;
            g->king_late_mark = inj == INJ_LATE_KING_MARK;
        } else {
            ev = gen__ev_new(EV_MARK_KING, dealer);
            gen__emit(g, &ev);
            if (g->deal_over) {
                return false;
            }
        }
    }
    return true;
}

void gen__one_deal(struct gen *g)
{
    int dealer = g->dealer;
    enum inject inj = gen__choose_injection(g);
    struct table_event ev;
    int order;

    deal_opens(g);
    if (inj == INJ_DEAL_OUT_OF_TURN) {
        dealer = gen__inject_deal_out_of_turn(g, dealer);
    } else {
        ev = gen__ev_new(EV_DEAL, dealer);
        gen__emit(g, &ev);
    }
    order = shuffle_and_cut(g, dealer);
    if (inj == INJ_FACED_PACK) {
        gen__inject_faced_pack(g);
        return;                 /* a new deal by the same dealer */
    }
    if (!deal_packets(g, dealer, order, inj) || !turn_up(g, dealer, inj)) {
        return;
    }
    if (inj == INJ_IMPERFECT) {
        gen__inject_imperfect(g);
        return;
    }
    exchange(g, SEAT_OTHER(dealer), inj);
    if (g->deal_over) {
        return;
    }
    play_tricks(g, SEAT_OTHER(dealer), inj);
    if (!g->deal_over) {
        /* a hand thrown up or left short: end it explicitly */
        ev = gen__ev_new(EV_END, SEAT_NONE);
        gen__emit(g, &ev);
    }
}
