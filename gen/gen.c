/*
 * gen.c - the generator (gen/gen.h): deterministic synthetic sittings.  Two players of
 * simple strategies play legal Écarté with a shuffled pack, under any rule
 * profile (--laws: the preset and switches of a Laws tag); every physical
 * action is written as a .ecarte line and fed to a referee, whose scores,
 * rulings and hand values are written as `=` lines.  Irregularities can be
 * injected at a rate; each injection writes the ruling the laws give as a
 * `= ruling` line.
 */
#include "gen/gen.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The generator's pseudo-random numbers: xorshift64*, so that a seed gives
 * the same sitting on every machine and C library. */
struct rng {
    uint64_t s;
};

static uint64_t rng_next(struct rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1DULL;
}

/* rng_below - uniform in 0..n-1 (n > 0). */
static int rng_below(struct rng *r, int n)
{
    return (int)(rng_next(r) % (uint64_t)n);
}

/* rng_chance - true with probability p. */
static bool rng_chance(struct rng *r, double p)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0) < p;
}

/* Kinds of irregularity injected (issue: auditing). */
enum inject {
    INJ_NONE,
    INJ_REVOKE,                 /* L43: a card that breaks the obligation */
    INJ_FALSE_KING,             /* L25: the king announced by one who lacks it */
    INJ_EXPOSED_DEAL,           /* L13: an elder hand card exposed in dealing */
    INJ_FACED_PACK,             /* L12: a faced card in the pack */
    INJ_LEAD_OUT_OF_TURN,       /* L40: the wrong player leads (taken back) */
    INJ_ABANDON,                /* L42: a losing hand thrown up */
    INJ_ASK_FEWER,              /* L30: elder asks for fewer than he discarded */
    INJ_LATE_ANNOUNCE,          /* L23: the king announced after the first card */
    INJ_FOUND_FACED_STOCK,      /* L35: a faced card in the stock */
    INJ_TAKE_BACK_LEAD,         /* L39: a card led in turn taken back */
    INJ_IMPERFECT,              /* L45: the pack found imperfect */
    INJ_UNMARKED_KING,          /* L22: a turned king never marked */
    INJ_DEAL_OUT_OF_TURN,       /* L14: the wrong player deals, or with the
                                   wrong pack (put right, or not) */
    INJ_REVOKE_CORRECTED,       /* L39: a card that breaks the obligation,
                                   taken back before the next lead */
    INJ_LATE_KING_MARK,         /* L22: a turned king marked after the next
                                   turn-up */
    INJ_COUNT
};

/* The law each injection engages (the ruling the log must show), by id. */
static const char *const inject_law[INJ_COUNT] = {
    [INJ_NONE] = "",
    [INJ_REVOKE] = "L43",
    [INJ_FALSE_KING] = "L25",
    [INJ_EXPOSED_DEAL] = "L13",
    [INJ_FACED_PACK] = "L12",
    [INJ_LEAD_OUT_OF_TURN] = "L40",
    [INJ_ABANDON] = "L42",
    [INJ_ASK_FEWER] = "L30",
    [INJ_LATE_ANNOUNCE] = "L23",
    [INJ_FOUND_FACED_STOCK] = "L35",
    [INJ_TAKE_BACK_LEAD] = "L39",
    [INJ_IMPERFECT] = "L45",
    [INJ_UNMARKED_KING] = "L22",
    [INJ_DEAL_OUT_OF_TURN] = "L14",
    [INJ_REVOKE_CORRECTED] = "L39",
    [INJ_LATE_KING_MARK] = "L22",
};

#define GEN_LAWS_MAX 48         /* laws and rules injections are counted by */

struct gen {
    struct rng rng;
    struct arbiter *arb;
    const struct profile *prof; /* the rules in force (the referee's) */
    FILE *out;
    double rate;
    int deals_left;             /* deals still to write, this one included */
    int extra_deals;            /* deals this one wrote besides itself (a
                                   deal out of turn put right is void) */
    int target;
    int order[2];               /* packet order per dealer: first packet 2/3 */
    int order_game[2];
    int game_no;
    bool game_over;
    int dealer;
    int64_t lines;
    struct {
        char id[8];             /* a law or rule id: "L43", "CH4" */
        int n;
    } injected[GEN_LAWS_MAX];   /* what was injected, by the law it meant
                                   to provoke */
    int n_injected;
    int king_unmarked;          /* the dealer of a turned king left unmarked
                                   on purpose, until the next turn-up (L22),
                                   SEAT_NONE */
    bool king_late_mark;        /* and he marks it after that turn-up */
    bool turned_in_game;        /* a trump was turned up in this game: the
                                   stakes and bets are closed (CH4, BY1) */
    /* the current deal */
    uint8_t pack[CARD_COUNT];
    int top;                    /* next card of the pack */
    uint32_t hand[2];
    uint32_t discards;          /* cards discarded since the stock was last
                                   made: what `reshuffles` takes (PL1) */
    int trump;
    uint8_t turn_up;
    int value;                  /* the hand's value as last written */
    int acceptor;               /* who accepted the hand's last double,
                                   SEAT_NONE */
    bool point_offered;         /* the point was offered in this hand */
    int tricks[2];              /* tricks each has won in this hand */
    bool deal_over;             /* the referee ended the deal */
    bool failed;
    char *err;                  /* why it failed, for the caller */
    size_t err_n;
    struct applied applied;     /* what the last action gave */
    /* the sitting above the seats (--format): persons, roles, money */
    struct sitting *sit;
    int format;                 /* enum sit_format */
    bool tableau;               /* gallery: bet-match=tableau */
    bool each_turnup;           /* gallery: bets-close=each-turnup */
    int n_persons;
    int seated[2];              /* the person in each seat, -1 */
    int stake;                  /* the Stake tag */
    int last_bettor;            /* gallery: the last bet made, -1 none */
    int last_seat;
    int chouette_seat;          /* gallery: the seat taking all bets */
};

static void answer_veto(struct gen *g);

/* write_marks - the `=` lines of what the line just applied gave: the
 * referee's rulings and the sitting's, the hand's value when a double
 * raised it, the score after a deal or a mark, then the sitting's money,
 * pool, roles and bets in the order it gave them. */
static void write_marks(struct gen *g)
{
    struct applied *ap = &g->applied;
    const struct arb_result *r = &ap->r;

    for (int i = 0; i < r->n_rulings; i++) {
        fprintf(g->out, "= %s\n", ap->words[i]);
    }
    for (int i = 0; i < ap->s.n_rulings; i++) {
        fprintf(g->out, "= %s\n", ap->sit_words[i]);
    }
    if (arbiter_value(g->arb) != g->value) {
        if (arbiter_value(g->arb) > g->value) {
            fprintf(g->out, "= value %d\n", arbiter_value(g->arb));
        }
        g->value = arbiter_value(g->arb);
    }
    if (r->deal_over || (r->score_changed && !r->game_started)) {
        fprintf(g->out, "= score A %d B %d\n", r->score[0], r->score[1]);
    }
    for (int i = 0; i < ap->s.n_marks; i++) {
        fprintf(g->out, "= %s\n", ap->s.marks[i].text);
    }
}

/*
 * injected - the line just written (with its `=` lines) makes an
 * irregularity meant to provoke one ruling under law (an id: "L43",
 * "CH4"): a comment line `# injected L43: what` says so where it stands,
 * in the deal whose rulings it is to be found among, and the count by
 * law (the closing `# injected:` line) grows.  Nothing after a failure.
 */
static void injected(struct gen *g, const char *law, const char *what)
{
    int i;

    if (g->failed) {
        return;
    }
    fprintf(g->out, "# injected %s: %s\n", law, what);
    for (i = 0; i < g->n_injected; i++) {
        if (strcmp(g->injected[i].id, law) == 0) {
            break;
        }
    }
    if (i == g->n_injected) {
        if (i == GEN_LAWS_MAX) {
            return;
        }
        snprintf(g->injected[i].id, sizeof(g->injected[i].id), "%s", law);
        g->injected[i].n = 0;
        g->n_injected++;
    }
    g->injected[i].n++;
}

/* emit_text - write one line of the log (an action of the seats or of a
 * person), feed it to the sitting and through it to the referee, and
 * write the `=` lines of what it gave (write_marks).  A king point the
 * referee holds for a jack veto (PL5) is answered at once.  A line the
 * sitting or the referee refuses, or one after which the cards are not
 * all in one place each (card conservation), is a failure of the
 * generator: g->failed, why in g->err, and nothing more is written. */
static void emit_text(struct gen *g, const char *text)
{
    struct applied *ap = &g->applied;
    const struct arb_result *r = &ap->r;
    struct tl_line line;
    struct tl_error err;

    if (g->failed) {
        return;
    }
    fprintf(g->out, "%s\n", text);
    g->lines++;
    if (tl_parse_line(text, strlen(text), (int)g->lines, &line, &err) != 0) {
        snprintf(g->err, g->err_n, "internal error at \"%s\": %s", text,
                 err.msg);
        g->failed = true;
        return;
    }
    arbiter_set_line(g->arb, (int)g->lines);
    if (apply_line(g->sit, g->arb, &line, ap) != 0) {
        snprintf(g->err, g->err_n, "internal error at \"%s\": %s", text,
                 sitting_errmsg(g->sit));
        g->failed = true;
        return;
    }
    if (!arbiter_check_conservation(g->arb)) {
        snprintf(g->err, g->err_n, "internal error at \"%s\": card "
                 "conservation broken", text);
        g->failed = true;
        return;
    }
    write_marks(g);
    if (r->deal_over) {
        g->deal_over = true;
    }
    if (r->game_over) {
        g->game_over = true;
        g->deal_over = true;
    }
    if (g->prof->jack_veto) {
        answer_veto(g); /* last: it writes over g->applied */
    }
}

/* emit - write one event line (emit_text). */
static void emit(struct gen *g, const struct table_event *ev)
{
    char text[TL_LINE_MAX];

    if (g->failed) {
        return;
    }
    emit_text(g, tl_format_event(ev, text, sizeof(text)));
}

/* ev_new - an event of kind k by actor, naming nothing yet. */
static struct table_event ev_new(enum event_kind k, int actor)
{
    struct table_event ev;

    memset(&ev, 0, sizeof(ev));
    ev.kind = k;
    ev.actor = (int8_t)actor;
    ev.target = SEAT_NONE;
    ev.suit = SUIT_NONE;
    ev.option = -1;
    return ev;
}

/* ev_cards - the n cards an event names. */
static void ev_cards(struct table_event *ev, const uint8_t *cards, int n)
{
    ev->n_cards = (uint8_t)n;
    memcpy(ev->cards, cards, (size_t)n);
}

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

/* pick - a card of mask m: random, or the strongest with probability p. */
static uint8_t pick(struct gen *g, uint32_t m, double strong)
{
    uint8_t cards[32];
    int n = mask_cards(m, cards);

    if (rng_chance(&g->rng, strong)) {
        int best = 0;

        for (int i = 1; i < n; i++) {
            if (card_value(cards[i], g->trump, g->prof->rank) >
                card_value(cards[best], g->trump, g->prof->rank)) {
                best = i;
            }
        }
        return cards[best];
    }
    return cards[rng_below(&g->rng, n)];
}

/* draw_top - the next card of the pack. */
static uint8_t draw_top(struct gen *g)
{
    return g->pack[g->top++];
}

/* stock_left - the cards the dealer can still serve: the stock (with the
 * turn-up at its bottom under turnup=under-stock, until drawn). */
static int stock_left(const struct gen *g)
{
    return CARD_COUNT - g->top;
}

/* choose_injection - the irregularity a deal is to have (INJ_NONE most
 * of the time, at the rate asked).  Every kind can happen under every
 * profile; where the generator's own play leaves no room for it (a deal
 * ended early by a declined double, no card of the suit to revoke with)
 * it is not made, and not counted. */
static enum inject choose_injection(struct gen *g)
{
    if (g->rate <= 0.0 || !rng_chance(&g->rng, g->rate)) {
        return INJ_NONE;
    }
    return (enum inject)(1 + rng_below(&g->rng, INJ_COUNT - 1));
}

/* king_event - the line by which seat scores the king of trumps he
 * holds: `announces king`, or `marks king` under king-announce=mark
 * (PL3). */
static struct table_event king_event(const struct gen *g, int seat)
{
    return ev_new(g->prof->king_announce == KING_ANNOUNCE_MARK
                      ? EV_MARK_KING
                      : EV_ANNOUNCE,
                  seat);
}

/* announce_if_held - the holder of the king of trumps announces it before
 * his first card (most of the time); not the turned king drawn from under
 * the stock, which the dealer scored at the turn-up (PL4). */
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
    if (rng_chance(&g->rng, 0.85)) {
        struct table_event ev = king_event(g, seat);

        emit(g, &ev);
    }
}

/* answer_veto - a king point held for a jack veto (PL5, the referee
 * waiting for an election with the option veto) is answered by its
 * elector at once: he shows the veto jack if he holds it (the point
 * would end the game against him), else passes.  Nothing if no veto
 * waits. */
static void answer_veto(struct gen *g)
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
        ev = ev_new(EV_VETO, nx.seat);
        ev_cards(&ev, &jack, 1);
    } else {
        ev = ev_new(EV_ELECT, nx.seat);
        ev.option = OPT_PASS;
    }
    emit(g, &ev);
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
 * or declines (MD1: the hand ends).  Call only
 * inside the window, from the turn-up until the lead to the third trick
 * (VARIANTS.md 4.1).  Nothing under doubling=no.
 */
static void maybe_double(struct gen *g)
{
    int x;
    int y;
    struct table_event ev;

    if (!g->prof->doubling || !may_offer(g) ||
        !rng_chance(&g->rng, 0.08)) {
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
        if (rng_chance(&g->rng, 0.2)) {
            x = SEAT_OTHER(x);
        }
    }
    y = SEAT_OTHER(x);
    ev = ev_new(EV_OFFER_DOUBLE, x);
    emit(g, &ev);
    if (g->deal_over || g->failed) {
        return;
    }
    if (rng_chance(&g->rng, hand_average(g, y) >= 6 ? 0.7 : 0.35)) {
        ev = ev_new(EV_ACCEPT_DOUBLE, y);
        g->acceptor = y;
    } else {
        ev = ev_new(EV_DECLINE_DOUBLE, y);
    }
    emit(g, &ev);
}

/*
 * maybe_offer_point - under offer-point, now and then (once a hand) the
 * player who likes his hand less offers the point, if the window allows
 * it: before elder hand's first lead (before-play), or before the lead to
 * the third trick while he has no trick and the other fewer than three
 * (before-trick3); t is the number of tricks led.  The other accepts
 * (MD4: the hand ends) or declines (bound to the vole, MD3).  Nothing
 * under offer-point=no.
 */
static void maybe_offer_point(struct gen *g, int t)
{
    int x;
    int y;
    struct table_event ev;

    if (g->prof->offer_point == OFFER_POINT_NO || g->point_offered ||
        !may_offer(g) || !rng_chance(&g->rng, 0.06)) {
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
    ev = ev_new(EV_OFFER_POINT, x);
    emit(g, &ev);
    if (g->deal_over || g->failed) {
        return;
    }
    ev = ev_new(rng_chance(&g->rng, 0.5) ? EV_ACCEPT_POINT : EV_DECLINE_POINT,
                y);
    emit(g, &ev);
}

/* offer_moment - a moment at which the modern options (VARIANTS.md 4)
 * may be used, t tricks led so far (t <= 2: the window of both is open
 * until the lead to the third trick). */
static void offer_moment(struct gen *g, int t)
{
    maybe_double(g);
    maybe_offer_point(g, t);
}

/* play_tricks - five tricks of legal play (with an injected irregularity
 * if inj says so). */
static void play_tricks(struct gen *g, int elder, enum inject inj)
{
    int leader = elder;
    bool announced[2] = {false, false};
    int dealer = SEAT_OTHER(elder);
    uint8_t k = laws_bonus_card(g->prof, g->trump);
    int inj_trick = rng_below(&g->rng, 4);

    if (inj == INJ_FALSE_KING && !(g->hand[elder] & CARD_BIT(k)) &&
        !(g->hand[dealer] & CARD_BIT(k)) && g->turn_up != k) {
        struct table_event ev = king_event(g, elder);

        emit(g, &ev);
        announced[elder] = true;
        injected(g, inject_law[INJ_FALSE_KING],
                 "the king announced by a player who lacks it");
    }
    for (int t = 0; t < 5 && !g->deal_over; t++) {
        int other = SEAT_OTHER(leader);
        uint8_t a;
        uint8_t b;
        uint32_t legal;
        struct table_event ev;

        if (g->hand[leader] == 0 || g->hand[other] == 0) {
            break;
        }
        if (t <= 2) {
            offer_moment(g, t);
            if (g->deal_over) {
                return;
            }
        }
        if (inj == INJ_LATE_ANNOUNCE && t == 1 &&
            (g->hand[leader] & CARD_BIT(k)) && !announced[leader] &&
            k != g->turn_up) {
            ev = king_event(g, leader);
            emit(g, &ev);
            announced[leader] = true;
            injected(g, inject_law[INJ_LATE_ANNOUNCE],
                     "the king announced after the first card");
        }
        if (t == 0) {
            announce_if_held(g, leader, &announced[leader]);
            if (g->deal_over) {
                return;
            }
        }
        if (inj == INJ_LEAD_OUT_OF_TURN && t == inj_trick) {
            uint8_t wrong = pick(g, g->hand[other], 0.3);

            ev = ev_new(EV_LEAD, other);
            ev_cards(&ev, &wrong, 1);
            emit(g, &ev);
            ev = ev_new(EV_TAKE_BACK, other);
            ev_cards(&ev, &wrong, 1);
            emit(g, &ev);
            injected(g, inject_law[INJ_LEAD_OUT_OF_TURN],
                     "a lead out of turn, taken back");
            inj = INJ_NONE;
        }
        a = pick(g, g->hand[leader], 0.5);
        ev = ev_new(EV_LEAD, leader);
        ev_cards(&ev, &a, 1);
        emit(g, &ev);
        g->hand[leader] &= ~CARD_BIT(a);
        if (inj == INJ_TAKE_BACK_LEAD && t == inj_trick) {
            ev = ev_new(EV_TAKE_BACK, leader);
            ev_cards(&ev, &a, 1);
            emit(g, &ev);
            injected(g, inject_law[INJ_TAKE_BACK_LEAD],
                     "a card led in turn taken back");
            inj = INJ_NONE;
        }
        if (g->deal_over) {
            return;
        }
        if (t == 0) {
            if (a == k && k != g->turn_up && !announced[leader] &&
                rng_chance(&g->rng, 0.5)) {
                announced[leader] = true;
                ev = king_event(g, leader);
                emit(g, &ev);       /* L24: the king led */
                if (g->deal_over) {
                    return;
                }
            }
            announce_if_held(g, other, &announced[other]);
            if (g->deal_over) {
                return;
            }
        }
        legal = laws_legal_follows(g->hand[other], a, g->trump, g->prof);
        if ((inj == INJ_REVOKE || inj == INJ_REVOKE_CORRECTED) &&
            t >= inj_trick && legal != g->hand[other]) {
            /* (at the trick chosen, or the first after it that allows) */
            uint8_t wrong = pick(g, g->hand[other] & ~legal, 0.0);

            ev = ev_new(EV_PLAY, other);
            ev_cards(&ev, &wrong, 1);
            emit(g, &ev);
            if (inj == INJ_REVOKE || g->deal_over) {
                /* (a hand the card ended, by an offer declined, cannot be
                 * put right: the revoke stands) */
                b = wrong;
                injected(g, inject_law[INJ_REVOKE],
                         "a card that breaks the obligation of the follower");
            } else {
                /* L39: taken back before the next lead, the right card
                 * played instead */
                ev = ev_new(EV_TAKE_BACK, other);
                ev_cards(&ev, &wrong, 1);
                emit(g, &ev);
                injected(g, inject_law[INJ_REVOKE_CORRECTED],
                         "a card that breaks the obligation, taken back in "
                         "time");
                b = pick(g, legal, 0.4);
                ev = ev_new(EV_PLAY, other);
                ev_cards(&ev, &b, 1);
                emit(g, &ev);
            }
            inj = INJ_NONE;
        } else {
            b = pick(g, legal, 0.4);
            ev = ev_new(EV_PLAY, other);
            ev_cards(&ev, &b, 1);
            emit(g, &ev);
        }
        g->hand[other] &= ~CARD_BIT(b);
        leader = card_beats(a, b, g->trump, g->prof->rank) ? other : leader;
        g->tricks[leader]++;
        if (inj == INJ_ABANDON && t == 1 && !g->deal_over) {
            ev = ev_new(EV_ABANDON, SEAT_OTHER(leader));
            emit(g, &ev);
            injected(g, inject_law[INJ_ABANDON], "a hand thrown up");
            return;
        }
    }
}

/*
 * reshuffle - `D reshuffles N` (PL1): every card discarded since the
 * stock was last made becomes the new stock, in an order of the
 * generator's shuffle.  The pack stays a permutation of the 32 cards:
 * the cards already used go before the new stock, which is its tail.
 */
static void reshuffle(struct gen *g, int dealer)
{
    uint8_t cards[CARD_COUNT];
    uint8_t rest[CARD_COUNT];
    int n = mask_cards(g->discards, cards);
    int m = 0;
    struct table_event ev = ev_new(EV_RESHUFFLE, dealer);

    ev.n = (int16_t)n;
    emit(g, &ev);
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(&g->rng, i + 1);
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

/*
 * serve - the dealer gives seat n cards from the top of the stock, in one
 * `gives` line.  Under stock-out=reshuffle a request the stock cannot
 * meet (PL1) is served in goes: what is left, then `D reshuffles N`, then
 * the rest from the new stock.
 */
static void serve(struct gen *g, int dealer, int seat, int n)
{
    while (n > 0 && !g->failed) {
        int k = n < stock_left(g) ? n : stock_left(g);
        uint8_t cards[8];

        if (k > 0) {
            struct table_event ev = ev_new(EV_GIVE, dealer);

            for (int i = 0; i < k; i++) {
                cards[i] = draw_top(g);
                g->hand[seat] |= CARD_BIT(cards[i]);
            }
            ev.target = (int8_t)seat;
            ev.n = (int16_t)k;
            ev_cards(&ev, cards, k);
            emit(g, &ev);
            n -= k;
        }
        if (n == 0 || g->prof->stock_out != STOCK_OUT_RESHUFFLE ||
            g->discards == 0) {
            return;
        }
        reshuffle(g, dealer);
    }
}

/* discard - seat lays out the cards of mask out (his discard, L28). */
static void discard(struct gen *g, int seat, uint32_t out)
{
    uint8_t cards[8];
    int n = mask_cards(out, cards);
    struct table_event ev = ev_new(EV_DISCARD, seat);

    ev.n = (int16_t)n;
    ev_cards(&ev, cards, n);
    emit(g, &ev);
    g->hand[seat] &= ~out;
    g->discards |= out;
}

/*
 * exchange - proposals and exchanges until elder plays, the dealer
 * refuses, or the stock runs low (under stock-out=reshuffle, until elder
 * has had enough: the discards make a new stock, PL1).  At most three
 * proposals (six under stock-out=reshuffle, one under proposals=one); none
 * after an offer of the point; the dealer may take no card under
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
                   rng_chance(&g->rng, reshuffles ? 0.3 : 0.15)) &&
                  proposals < max_proposals;
        if (!propose) {
            if (rng_chance(&g->rng, 0.5)) {
                ev = ev_new(EV_STAND, elder);
                emit(g, &ev);
            }
            return;
        }
        ev = ev_new(EV_PROPOSE, elder);
        emit(g, &ev);
        proposals++;
        if (hand_strength(g, g->hand[dealer]) > 44 &&
            rng_chance(&g->rng, 0.7)) {
            ev = ev_new(EV_REFUSE, dealer);
            emit(g, &ev);
            return;
        }
        ev = ev_new(EV_ACCEPT, dealer);
        emit(g, &ev);
        int want = 1 + rng_below(&g->rng, reshuffles ? 5 : 4);
        if (!reshuffles && want > stock - 1) {
            want = stock - 1;
        }
        uint32_t out = weakest(g, g->hand[elder], want);
        int n = cards_count(out);

        discard(g, elder, out);
        int asked = n;

        if (inj == INJ_ASK_FEWER && n >= 2 && proposals == 1) {
            asked = n - 1;
        }
        ev = ev_new(EV_ASK, elder);
        ev.n = (int16_t)asked;
        emit(g, &ev);
        if (asked != n) {
            injected(g, inject_law[INJ_ASK_FEWER],
                     "elder hand asks for fewer cards than he discarded");
        }
        if (inj == INJ_FOUND_FACED_STOCK && proposals == 1 &&
            stock_left(g) > asked + 2) {
            uint8_t faced = draw_top(g);

            ev = ev_new(EV_FOUND_FACED, SEAT_NONE);
            ev_cards(&ev, &faced, 1);
            emit(g, &ev);
            injected(g, inject_law[INJ_FOUND_FACED_STOCK],
                     "a faced card found in the stock");
        }
        serve(g, dealer, elder, asked);
        stock = stock_left(g);
        if (stock >= 1 || reshuffles) {
            int take = 1 + rng_below(&g->rng, 3);

            if (!reshuffles && take > stock) {
                take = stock;
            }
            if (g->prof->dealer_min_exchange == 0 &&
                rng_chance(&g->rng, 0.2)) {
                take = 0;       /* Meyers: the dealer may take none */
            }
            if (take > 0) {
                out = weakest(g, g->hand[dealer], take);
                discard(g, dealer, out);
                serve(g, dealer, dealer, cards_count(out));
            }
        }
        if (g->deal_over) {
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
        rng_chance(&g->rng, 0.2)) {
        g->order[dealer] = 5 - g->order[dealer];
        ev = ev_new(EV_PACKETS, dealer);
        ev.option = (int8_t)g->order[dealer];
        emit(g, &ev);
    }
    if (g->order[dealer] == 0) {
        g->order[dealer] = rng_chance(&g->rng, 0.5) ? 3 : 2;
    }
    g->order_game[dealer] = g->game_no;
    return g->order[dealer];
}

/* ------------------------------------------------------------------ */
/* Tables of three or more (--format): persons, roles, stakes, bets     */
/* ------------------------------------------------------------------ */

#define GEN_PERSONS_MAX 8

static const char *const person_id[GEN_PERSONS_MAX] = {
    "ann", "bob", "cy", "dan", "eve", "fay", "gus", "hal",
};

static const char *const person_name[GEN_PERSONS_MAX] = {
    "Ann Ash", "Bob Blount", "Cy Cray", "Dan Dee",
    "Eve Ell", "Fay Fenn", "Gus Gray", "Hal Hart",
};

/* person_of - the index of person id, -1 if none. */
static int person_of(const char *id)
{
    for (int i = 0; i < GEN_PERSONS_MAX; i++) {
        if (strcmp(person_id[i], id) == 0) {
            return i;
        }
    }
    return -1;
}

/* roles_words - the words of the sitting's `= roles` line now ("bank
 * ann ponte bob advisers cy" -> 6 words) into w (at most max); how many
 * (0: the sitting has no roles now). */
static int roles_words(const struct gen *g, char w[][TL_ID_MAX + 8], int max)
{
    char text[SIT_MARK_TEXT];
    char *save = NULL;
    int n = 0;

    sitting_now_text(g->sit, TL_EXPECT_ROLES, text, sizeof(text));
    for (char *t = strtok_r(text, " ", &save); t != NULL && n < max;
         t = strtok_r(NULL, " ", &save)) {
        snprintf(w[n++], sizeof(w[0]), "%s", t);
    }
    return n > 0 && strcmp(w[0], "roles") == 0 ? n : 0;
}

/* order_cut - every person cuts for the order (CH1, 6.2): cards of
 * different ranks, so that no tie is cut again. */
static void order_cut(struct gen *g)
{
    int ranks[RANK_COUNT];

    for (int i = 0; i < RANK_COUNT; i++) {
        ranks[i] = i;
    }
    for (int i = RANK_COUNT - 1; i > 0; i--) {
        int j = rng_below(&g->rng, i + 1);
        int t = ranks[i];

        ranks[i] = ranks[j];
        ranks[j] = t;
    }
    for (int i = 0; i < g->n_persons; i++) {
        char card[CARD_TEXT_MAX];
        char text[TL_LINE_MAX];
        uint8_t c = CARD_MAKE(rng_below(&g->rng, SUIT_COUNT), ranks[i]);

        snprintf(text, sizeof(text), "%s cuts-for-deal %s", person_id[i],
                 card_format(c, card));
        emit_text(g, text);
    }
}

/* cut_for_deal - the two seats cut for deal until the cards differ in
 * rank (L5): who deals first is the referee's to say. */
static void cut_for_deal(struct gen *g)
{
    while (!g->failed) {
        uint8_t a = (uint8_t)rng_below(&g->rng, CARD_COUNT);
        uint8_t b = (uint8_t)rng_below(&g->rng, CARD_COUNT);
        struct table_event ev;

        if (a == b) {
            continue;
        }
        ev = ev_new(EV_CUT_FOR_DEAL, SEAT_A);
        ev_cards(&ev, &a, 1);
        emit(g, &ev);
        ev = ev_new(EV_CUT_FOR_DEAL, SEAT_B);
        ev_cards(&ev, &b, 1);
        emit(g, &ev);
        if (card_strength(a, g->prof->rank) !=
            card_strength(b, g->prof->rank)) {
            return;
        }
    }
}

/* sit_down - person takes seat for the next game (a `seat` line), if he
 * is not there already. */
static void sit_down(struct gen *g, int seat, int person)
{
    char text[TL_LINE_MAX];

    if (person < 0 || g->seated[seat] == person) {
        return;
    }
    if (g->seated[SEAT_OTHER(seat)] == person) {
        g->seated[SEAT_OTHER(seat)] = -1;
    }
    snprintf(text, sizeof(text), "seat %c %s", seat_letter(seat),
             person_id[person]);
    emit_text(g, text);
    g->seated[seat] = person;
}

/* take_seats - the seats as the roles want them (VARIANTS.md 5.2, 6.2,
 * 7.3): the bank in A and the ponte in B; the pool's pair, or the roi
 * where he sits and the rentrant in the other seat; the gallery's A and
 * B. */
static void take_seats(struct gen *g)
{
    char w[TL_IDS_MAX + 8][TL_ID_MAX + 8];
    int n = roles_words(g, w, TL_IDS_MAX + 8);
    int want[2] = {-1, -1};

    if (n >= 5 && strcmp(w[1], "bank") == 0) {
        want[SEAT_A] = person_of(w[2]);
        want[SEAT_B] = person_of(w[4]);
    } else if (n >= 4 && strcmp(w[1], "players") == 0) {
        int x = person_of(w[2]);
        int y = person_of(w[3]);

        if (g->seated[SEAT_B] == x || g->seated[SEAT_A] == y) {
            want[SEAT_A] = y;
            want[SEAT_B] = x;
        } else {
            want[SEAT_A] = x;
            want[SEAT_B] = y;
        }
    } else if (n >= 6 && strcmp(w[1], "roi") == 0) {
        int roi = person_of(w[2]);
        int seat = g->seated[SEAT_B] == roi ? SEAT_B : SEAT_A;

        want[seat] = roi;
        want[SEAT_OTHER(seat)] =
            strcmp(w[5], "rentrant") == 0 && n >= 7 ? person_of(w[6]) : -1;
    } else if (n >= 5 && strcmp(w[1], "A") == 0) {
        want[SEAT_A] = person_of(w[2]);
        want[SEAT_B] = person_of(w[4]);
    } else if (g->format == SIT_GALLERY) {
        want[SEAT_A] = 0;       /* the first two declared play first */
        want[SEAT_B] = 1;
    }
    sit_down(g, SEAT_A, want[SEAT_A]);
    sit_down(g, SEAT_B, want[SEAT_B]);
}

/* between_games - what a table of three or more does before a game: the
 * order cut when the roles are to be cut (a chouette's or a pool's
 * first, a pool's after it was taken), now and then a newcomer, the
 * seats as the roles want them, and the new pair's cut for deal when
 * nothing says who deals. */
static void between_games(struct gen *g)
{
    char w[4][TL_ID_MAX + 8];

    if (g->format != SIT_GALLERY && roles_words(g, w, 4) == 0) {
        order_cut(g);
    }
    if (g->format == SIT_GALLERY && g->game_no == 0) {
        /* some bystanders ask to play: the rentrants' queue (7.3) */
        for (int i = 2; i < g->n_persons; i++) {
            if (rng_chance(&g->rng, 0.6)) {
                char text[TL_LINE_MAX];

                snprintf(text, sizeof(text), "%s queues", person_id[i]);
                emit_text(g, text);
            }
        }
    }
    if (g->game_no > 0 && g->n_persons < GEN_PERSONS_MAX &&
        rng_chance(&g->rng, 0.08)) {
        /* a newcomer joins and asks to play: the end of the order or the
         * queue, a pool's ante paid (5.3, 6.2, 7.3) */
        char text[TL_LINE_MAX];
        int i = g->n_persons++;

        snprintf(text, sizeof(text), "person %s \"%s\"", person_id[i],
                 person_name[i]);
        emit_text(g, text);
        snprintf(text, sizeof(text), "%s queues", person_id[i]);
        emit_text(g, text);
    }
    take_seats(g);
    if (arbiter_next_dealer(g->arb) == SEAT_NONE) {
        cut_for_deal(g);
    }
}

/* stake_amount - a random amount of units, in the Stake. */
static int stake_amount(struct gen *g, int most)
{
    return (1 + rng_below(&g->rng, most)) * g->stake;
}

/* one_bet - bettor backs seat (BY1): in a tableau at even money;
 * else covered by the adverse player or another bystander, at odds now
 * and then (even money always while a player takes all bets). */
static void one_bet(struct gen *g, int bettor, int seat, bool odds)
{
    char text[TL_LINE_MAX];
    int amount = stake_amount(g, 10);
    int used;

    used = snprintf(text, sizeof(text), "%s bets %d on %c",
                    person_id[bettor], amount, seat_letter(seat));
    if (!g->tableau && odds) {
        snprintf(text + used, sizeof(text) - (size_t)used, " at %d:%d",
                 1 + rng_below(&g->rng, 3), 1 + rng_below(&g->rng, 3));
    }
    emit_text(g, text);
    g->last_bettor = bettor;
    g->last_seat = seat;
    if (g->tableau || g->chouette_seat == SEAT_OTHER(seat)) {
        return;
    }
    if (rng_chance(&g->rng, 0.5)) {
        snprintf(text, sizeof(text), "%s covers %s",
                 person_id[g->seated[SEAT_OTHER(seat)]], person_id[bettor]);
        emit_text(g, text);
        return;
    }
    for (int k = 0; k < g->n_persons; k++) {
        int who = (bettor + 1 + k) % g->n_persons;

        if (who != bettor && who != g->seated[0] && who != g->seated[1]) {
            if (rng_chance(&g->rng, 0.8)) {
                snprintf(text, sizeof(text), "%s covers %s", person_id[who],
                         person_id[bettor]);
                emit_text(g, text);
            }
            return;
        }
    }
}

/* game_begun - after the `game` line, before its first deal: stakes
 * stated against the bank (CH4), bets on the game (BY1), a player now
 * and then taking all bets (BY10); with irregularities injected, an
 * adviser or a bettor who looks at the cards he may not see (CH2, BY2). */
static void game_begun(struct gen *g)
{
    char text[TL_LINE_MAX];
    int seat;

    g->chouette_seat = SEAT_NONE;
    g->last_bettor = -1;
    if (g->format == SIT_CHOUETTE) {
        char v[8][TL_ID_MAX + 8];
        int n = roles_words(g, v, 8);
        int bank = n >= 3 ? person_of(v[2]) : -1;

        for (int i = 0; i < g->n_persons; i++) {
            if (i != bank && rng_chance(&g->rng, 0.3)) {
                snprintf(text, sizeof(text), "%s stakes %d", person_id[i],
                         stake_amount(g, 4));
                emit_text(g, text);
            }
        }
        if (n >= 7 && rng_chance(&g->rng, 2 * g->rate)) {
            /* an irregularity: the first adviser looks at the bank's
             * cards, his stake to the bank at once (CH2) */
            snprintf(text, sizeof(text), "%s sees A", v[6]);
            emit_text(g, text);
            injected(g, "CH2", "an adviser looks at the bank's cards");
        }
    }
    if (g->format != SIT_GALLERY) {
        return;
    }
    if (!g->tableau && rng_chance(&g->rng, 0.15)) {
        g->chouette_seat = rng_below(&g->rng, 2);
        snprintf(text, sizeof(text), "%c takes-all-bets",
                 seat_letter(g->chouette_seat));
        emit_text(g, text);
    }
    seat = rng_below(&g->rng, 2);
    for (int i = 0; i < g->n_persons; i++) {
        if (i != g->seated[0] && i != g->seated[1] &&
            rng_chance(&g->rng, 0.7)) {
            /* the sides mostly alternate, so that bets meet */
            seat = rng_chance(&g->rng, 0.7) ? SEAT_OTHER(seat) : seat;
            one_bet(g, i, seat, rng_chance(&g->rng, 0.2));
        }
    }
    for (int k = 0; g->tableau && k < 2; k++) {
        if (rng_chance(&g->rng, 0.3)) {
            one_bet(g, g->seated[k], k, false); /* on his own seat */
        }
    }
    if (g->last_bettor >= 0 && g->last_bettor != g->seated[0] &&
        g->last_bettor != g->seated[1] && rng_chance(&g->rng, 2 * g->rate)) {
        /* an irregularity: a bettor looks at the hand he bets against,
         * his stake to that player (BY2) */
        snprintf(text, sizeof(text), "%s sees %c", person_id[g->last_bettor],
                 seat_letter(SEAT_OTHER(g->last_seat)));
        emit_text(g, text);
        injected(g, "BY2", "a bettor looks at the hand he bets against");
    }
}

/* waiting - a person not seated, at random (-1 if none). */
static int waiting(struct gen *g)
{
    int n = 0;
    int who[GEN_PERSONS_MAX];

    for (int i = 0; i < g->n_persons; i++) {
        if (i != g->seated[0] && i != g->seated[1]) {
            who[n++] = i;
        }
    }
    return n > 0 ? who[rng_below(&g->rng, n)] : -1;
}

/* late_irregularity - between two deals of a game, with irregularities
 * injected, now and then: a stake stated after the first turn-up (CH4,
 * void), a bet after the close (BY1, void, under first-turnup), advice
 * in words from a bystander (BY4 where it is not allowed: the adviser's
 * bets void; PO4 at a pool), a bettor's call (BY5: the backed player's
 * claim, or not heard and his bets void). */
static void late_irregularity(struct gen *g)
{
    char text[TL_LINE_MAX];
    const char *law = NULL;     /* the rule it provokes, NULL if lawful */
    const char *what = "";
    int who = waiting(g);

    if (g->rate <= 0 || who < 0 || !rng_chance(&g->rng, g->rate)) {
        return;
    }
    switch (rng_below(&g->rng, 3)) {
    case 0:
        if (!g->turned_in_game) {
            return; /* still open: a stake or bet now is lawful */
        }
        if (g->format == SIT_CHOUETTE) {
            snprintf(text, sizeof(text), "%s stakes %d", person_id[who],
                     stake_amount(g, 3));
            law = "CH4";
            what = "a stake stated after the first turn-up";
        } else if (g->format == SIT_GALLERY && !g->each_turnup) {
            snprintf(text, sizeof(text), "%s bets %d on %c", person_id[who],
                     stake_amount(g, 5), seat_letter(rng_below(&g->rng, 2)));
            law = "BY1";
            what = "a bet after the close";
        } else {
            return;
        }
        break;
    case 1:
        snprintf(text, sizeof(text), "%s advises %c", person_id[who],
                 seat_letter(rng_below(&g->rng, 2)));
        /* a chouette's advisers may advise */
        law = g->format == SIT_POOL      ? "PO4"
              : g->format == SIT_GALLERY ? "BY4"
                                         : NULL;
        what = "advice in words from a bystander";
        break;
    default:
        if (g->format != SIT_GALLERY) {
            return;
        }
        snprintf(text, sizeof(text), "%s calls L43", person_id[who]);
        law = "BY5";
        what = "a bettor calls a revoke";
        break;
    }
    emit_text(g, text);
    if (law != NULL) {
        injected(g, law, what);
    }
}

/* deal_begins - before a later deal of a game: under bets-close=
 * each-turnup a bet at odds now and then (7.2); an irregularity of the
 * persons now and then (late_irregularity). */
static void deal_begins(struct gen *g)
{
    if (g->format == SIT_DUEL) {
        return;
    }
    late_irregularity(g);
    if (g->format != SIT_GALLERY || !g->each_turnup) {
        return;
    }
    for (int i = 0; i < g->n_persons; i++) {
        if (i != g->seated[0] && i != g->seated[1] &&
            rng_chance(&g->rng, 0.25)) {
            one_bet(g, i, rng_below(&g->rng, 2), true);
        }
    }
}

/* would_take - would the sitting and the referee take the n lines of
 * text, one after the other, where the table stands?  Tried on copies;
 * nothing of g changes.  False if out of memory. */
static bool would_take(const struct gen *g, const char *const *text, int n)
{
    struct arbiter *a = NULL;
    struct sitting *sit = NULL;
    struct applied *ap = malloc(sizeof(*ap));
    bool ok = false;

    if (ap != NULL && arbiter_open(&a) == 0 && sitting_open(&sit) == 0) {
        arbiter_copy(a, g->arb);
        sitting_copy(sit, g->sit);
        ok = true;
        for (int i = 0; i < n && ok; i++) {
            struct tl_line line;
            struct tl_error err;

            ok = tl_parse_line(text[i], strlen(text[i]), 1, &line, &err) ==
                     0 &&
                 apply_line(sit, a, &line, ap) == 0;
        }
    }
    sitting_close(sit);
    arbiter_close(a);
    free(ap);
    return ok;
}

/* gallery_leave - a player of the gallery leaves (BY6) and a person with
 * money on his seat takes up the hand, if one can. */
static void gallery_leave(struct gen *g)
{
    int seat = rng_below(&g->rng, 2);
    char leave[TL_LINE_MAX];
    char take[TL_LINE_MAX];

    snprintf(leave, sizeof(leave), "%c leaves", seat_letter(seat));
    for (int i = 0; i < g->n_persons; i++) {
        const char *lines[2] = {leave, take};

        if (i == g->seated[0] || i == g->seated[1]) {
            continue;
        }
        snprintf(take, sizeof(take), "%s takes-seat %c", person_id[i],
                 seat_letter(seat));
        if (would_take(g, lines, 2)) {
            emit_text(g, leave);
            injected(g, "BY6", "a player leaves the table");
            emit_text(g, take);
            g->seated[seat] = i;
            return;
        }
    }
}

/* maybe_leave - between two deals of a game, with irregularities
 * injected: now and then a player leaves the table without consent.  At
 * a chouette the ponte's seat is taken by the first adviser (CH3), a
 * bank who leaves loses the game (CH5); at a pool the leaver concedes the
 * game and is out of the pool (PO3; only where four or more play, so
 * that a rentrant is left); in a gallery a backer of the seat takes up
 * the hand (BY6). */
static void maybe_leave(struct gen *g)
{
    char text[TL_LINE_MAX];
    char v[8][TL_ID_MAX + 8];
    int seat;

    if (g->format == SIT_DUEL || g->game_over || g->game_no == 0 ||
        !rng_chance(&g->rng, g->rate / 2)) {
        return;
    }
    if (g->format == SIT_GALLERY) {
        gallery_leave(g);
        return;
    }
    if (g->format == SIT_POOL && g->n_persons < 4) {
        return;
    }
    seat = rng_below(&g->rng, 2);
    if (g->format == SIT_CHOUETTE && seat == SEAT_B &&
        (roles_words(g, v, 8) < 7 || strcmp(v[5], "advisers") != 0)) {
        return;
    }
    snprintf(text, sizeof(text), "%c leaves", seat_letter(seat));
    emit_text(g, text);
    injected(g,
             g->format == SIT_POOL ? "PO3"
             : seat == SEAT_B      ? "CH3"
                                   : "CH5",
             "a player leaves the table without consent");
    if (g->format == SIT_CHOUETTE && seat == SEAT_B && !g->game_over) {
        snprintf(text, sizeof(text), "%s takes-seat B", v[6]);
        emit_text(g, text);
        g->seated[SEAT_B] = person_of(v[6]);
    }
}

/* format_header - the Format, Stake and Stakes tags of a table of three
 * or more (given to the sitting and the referee), then its persons.
 * Returns 0 (a bad --format was refused by sitting_set_tag before). */
static int format_header(struct gen *g, const char *format)
{
    static const int stakes[] = {1, 2, 5};
    char text[TL_LINE_MAX];

    g->format = sitting_format(g->sit);
    g->tableau = strstr(format, "tableau") != NULL;
    g->each_turnup = strstr(format, "each-turnup") != NULL;
    g->stake = stakes[rng_below(&g->rng, 3)];
    fprintf(g->out, "[Format \"%s\"]\n", format);
    if (g->format == SIT_DUEL) {
        return 0;
    }
    fprintf(g->out, "[Stake \"%d\"]\n", g->stake);
    snprintf(text, sizeof(text), "%d", g->stake);
    sitting_set_tag(g->sit, "Stake", text);
    if (g->format != SIT_GALLERY && rng_chance(&g->rng, 0.5)) {
        fprintf(g->out, "[Stakes \"treble\"]\n");
        arbiter_set_tag(g->arb, "Stakes", "treble");
    }
    g->n_persons = (g->format == SIT_GALLERY ? 4 : 3) +
                   rng_below(&g->rng, 3);
    g->seated[0] = g->seated[1] = -1;
    for (int i = 0; i < g->n_persons; i++) {
        snprintf(text, sizeof(text), "person %s \"%s\"", person_id[i],
                 person_name[i]);
        emit_text(g, text);
    }
    return 0;
}

/*
 * king_window_shuts - the turn-up just written shuts the window of a
 * turned king left unmarked on purpose in the deal before: the right is
 * lost here (L22, its one ruling).  Under INJ_LATE_KING_MARK its dealer
 * then marks it all the same, now and then with `marks 1` too: refused,
 * and not ruled again; not when a mark of his would mean another king
 * (this deal's turned king, or the king of trumps he holds, which
 * king-announce=mark scores).  Nothing if no king waits.
 */
static void king_window_shuts(struct gen *g)
{
    int x = g->king_unmarked;
    uint8_t k = laws_bonus_card(g->prof, g->trump);
    struct table_event ev;

    if (x == SEAT_NONE || g->failed) {
        return;
    }
    g->king_unmarked = SEAT_NONE;
    injected(g, inject_law[INJ_UNMARKED_KING],
             "a turned king left unmarked until the next turn-up");
    if (!g->king_late_mark || g->turn_up == k || (g->hand[x] & CARD_BIT(k))) {
        return;
    }
    ev = ev_new(EV_MARK_KING, x);
    emit(g, &ev);
    if (rng_chance(&g->rng, 0.5)) {
        ev = ev_new(EV_MARK, x);
        ev.n = 1;
        emit(g, &ev);
    }
}

/*
 * deal_out_of_turn - the deal line of a deal that right should deal
 * (L14): the other player deals, or right deals with the other's pack;
 * put right before the turn-up by right's own deal line (always for the
 * wrong pack, mostly for the wrong player), else the wrong player's deal
 * stands.  The deal put right is void and counts as one of --deals: only
 * when another deal is left to write.  Returns who deals the deal
 * played.
 */
static int deal_out_of_turn(struct gen *g, int right)
{
    int wrong = SEAT_OTHER(right);
    bool room = g->deals_left >= 2; /* the void deal is one of --deals */
    bool pack = room && rng_chance(&g->rng, 0.3);
    bool put_right = pack || (room && rng_chance(&g->rng, 0.6));
    char text[TL_LINE_MAX];
    struct table_event ev;

    if (pack) {
        snprintf(text, sizeof(text), "deal %c pack %c", seat_letter(right),
                 seat_letter(wrong));
    } else {
        snprintf(text, sizeof(text), "deal %c", seat_letter(wrong));
    }
    emit_text(g, text);
    injected(g, inject_law[INJ_DEAL_OUT_OF_TURN],
             pack ? "a deal with the adversary's pack, put right"
             : put_right ? "a deal out of turn, put right"
                         : "a deal out of turn, not put right: it stands");
    if (!put_right) {
        return wrong;
    }
    g->extra_deals++;
    ev = ev_new(EV_DEAL, right);
    emit(g, &ev);
    return right;
}

/* one_deal - a whole deal by g->dealer (or, a deal out of turn not put
 * right, by the other player). */
static void one_deal(struct gen *g)
{
    int dealer = g->dealer;
    int elder;
    enum inject inj = choose_injection(g);
    struct table_event ev;
    int cut;
    int order;
    uint8_t tmp[CARD_COUNT];

    g->deal_over = false;
    g->discards = 0;
    g->acceptor = SEAT_NONE;
    g->point_offered = false;
    g->tricks[0] = g->tricks[1] = 0;
    if (g->game_over || g->game_no == 0) {
        ev = ev_new(EV_GAME, SEAT_NONE);
        emit(g, &ev);
        g->turned_in_game = false;
        g->game_no++;
        g->game_over = false;
        if (g->format != SIT_DUEL) {
            game_begun(g);
        }
    } else {
        deal_begins(g);
    }
    if (inj == INJ_DEAL_OUT_OF_TURN) {
        dealer = deal_out_of_turn(g, dealer);
    } else {
        ev = ev_new(EV_DEAL, dealer);
        emit(g, &ev);
    }
    elder = SEAT_OTHER(dealer);
    for (int i = CARD_COUNT - 1; i > 0; i--) {
        int j = rng_below(&g->rng, i + 1);
        uint8_t t = g->pack[i];

        g->pack[i] = g->pack[j];
        g->pack[j] = t;
    }
    ev = ev_new(EV_SHUFFLE, elder);
    emit(g, &ev);
    ev = ev_new(EV_SHUFFLE, dealer);
    emit(g, &ev);
    order = packet_order(g, dealer);
    cut = 2 + rng_below(&g->rng, 29);
    ev = ev_new(EV_CUT, elder);
    ev.n = (int16_t)cut;
    emit(g, &ev);
    memcpy(tmp, g->pack + cut, (size_t)(CARD_COUNT - cut));
    memcpy(tmp + CARD_COUNT - cut, g->pack, (size_t)cut);
    memcpy(g->pack, tmp, sizeof(tmp));
    g->top = 0;
    g->hand[0] = g->hand[1] = 0;
    if (inj == INJ_FACED_PACK) {
        uint8_t faced = g->pack[rng_below(&g->rng, CARD_COUNT)];

        ev = ev_new(EV_FOUND_FACED, SEAT_NONE);
        ev_cards(&ev, &faced, 1);
        emit(g, &ev);
        injected(g, inject_law[INJ_FACED_PACK],
                 "a faced card found in the pack");
        return;                 /* L12: new deal by the same dealer */
    }
    for (int round = 0; round < 2; round++) {
        int size = round == 0 ? order : 5 - order;
        int to[2] = {elder, dealer};

        for (int w = 0; w < 2; w++) {
            uint8_t cards[3];

            for (int i = 0; i < size; i++) {
                cards[i] = draw_top(g);
                g->hand[to[w]] |= CARD_BIT(cards[i]);
            }
            ev = ev_new(EV_GIVE, dealer);
            ev.target = (int8_t)to[w];
            ev.n = (int16_t)size;
            ev_cards(&ev, cards, size);
            emit(g, &ev);
            if (inj == INJ_EXPOSED_DEAL && round == 0 && w == 0) {
                ev = ev_new(EV_EXPOSE, dealer);
                ev.target = (int8_t)elder;
                ev_cards(&ev, &cards[0], 1);
                emit(g, &ev);
                injected(g, inject_law[INJ_EXPOSED_DEAL],
                         "a card of elder hand exposed in dealing");
                ev = ev_new(EV_ELECT, elder);
                ev.option = rng_chance(&g->rng, 0.5) ? OPT_NEW_DEAL
                                                     : OPT_PLAY_ON;
                emit(g, &ev);
                if (ev.option == OPT_NEW_DEAL) {
                    return;
                }
            }
        }
    }
    g->turn_up = draw_top(g);
    g->trump = CARD_SUIT(g->turn_up);
    if (g->prof->turnup == TURNUP_UNDER_STOCK) {
        /* it lies face up under the stock: the last card served */
        memmove(g->pack + g->top - 1, g->pack + g->top,
                (size_t)(CARD_COUNT - g->top));
        g->pack[CARD_COUNT - 1] = g->turn_up;
        g->top--;
    }
    ev = ev_new(EV_TURN, dealer);
    ev_cards(&ev, &g->turn_up, 1);
    emit(g, &ev);
    g->turned_in_game = true;
    king_window_shuts(g);
    if (g->turn_up == laws_bonus_card(g->prof, CARD_SUIT(g->turn_up))) {
        if (inj == INJ_UNMARKED_KING || inj == INJ_LATE_KING_MARK) {
            /* L22 at the next turn-up (king_window_shuts) */
            g->king_unmarked = dealer;
            g->king_late_mark = inj == INJ_LATE_KING_MARK;
        } else {
            ev = ev_new(EV_MARK_KING, dealer);
            emit(g, &ev);
            if (g->deal_over) {
                return;
            }
        }
    }
    if (inj == INJ_IMPERFECT) {
        ev = ev_new(EV_FOUND_IMPERFECT, SEAT_NONE);
        emit(g, &ev);
        injected(g, inject_law[INJ_IMPERFECT], "the pack found imperfect");
        return;
    }
    exchange(g, elder, inj);
    if (g->deal_over) {
        return;
    }
    play_tricks(g, elder, inj);
    if (!g->deal_over) {
        /* a hand thrown up or left short: end it explicitly */
        ev = ev_new(EV_END, SEAT_NONE);
        emit(g, &ev);
    }
}

/* elect_pending - answer whatever ruling waits for an election, as a
 * player would (the adversary lets the result stand). */
static void elect_pending(struct gen *g)
{
    struct ruling pending[8];
    int n = arbiter_pending(g->arb, pending, 8);

    for (int i = n - 1; i >= 0 && !g->failed; i--) {
        struct table_event ev;

        if (pending[i].elector == SEAT_NONE) {
            continue;
        }
        ev = ev_new(EV_ELECT, pending[i].elector);
        ev.option = (pending[i].options & OPT_BIT(OPT_STAND)) ? OPT_STAND
                    : (pending[i].options & OPT_BIT(OPT_PLAY_ON))
                        ? OPT_PLAY_ON
                        : OPT_CARD_LED;
        if (!(pending[i].options & OPT_BIT(ev.option))) {
            continue;
        }
        emit(g, &ev);
    }
}

/* gen_header - the comment and tags that open the sitting; the Laws tag
 * is the profile's canonical value (profile_format), which reads back as
 * the same rules. */
static void gen_header(const struct gen *g, long deals,
                       unsigned long long seed, const char *laws,
                       const char *format)
{
    char spec[512];

    if (format != NULL) {
        fprintf(g->out, "# Generated by `ecarte gen --deals %ld --seed %llu "
               "--irregularities %g%s%s%s --format \"%s\"`:\n",
               deals, seed, g->rate, laws != NULL ? " --laws \"" : "",
               laws != NULL ? laws : "", laws != NULL ? "\"" : "", format);
    } else if (laws != NULL) {
        fprintf(g->out, "# Generated by `ecarte gen --deals %ld --seed %llu "
               "--irregularities %g --laws \"%s\"`:\n",
               deals, seed, g->rate, laws);
    } else {
        fprintf(g->out, "# Generated by `ecarte gen --deals %ld --seed %llu "
               "--irregularities %g`:\n",
               deals, seed, g->rate);
    }
    fprintf(g->out, "# legal play by simple strategies; the referee's scores and "
           "rulings.\n");
    fprintf(g->out, "[Event \"Generated sitting\"]\n[Seed \"%llu\"]\n"
           "[A \"Player A\"]\n[B \"Player B\"]\n[Laws \"%s\"]\n",
           seed, profile_format(g->prof, spec, sizeof(spec)));
}

int gen_write(const struct gen_options *opt, FILE *out, char *err,
              size_t err_n)
{
    struct gen g;
    long deals = opt->deals;
    unsigned long long seed = opt->seed;
    const char *laws = opt->laws;
    const char *format = opt->format;
    int rc = GEN_OK;

    memset(&g, 0, sizeof(g));
    g.err = err;
    g.err_n = err_n;
    err[0] = '\0';
    g.rate = opt->rate;
    if (deals < 1 || deals > GEN_DEALS_MAX || !(g.rate >= 0.0 && g.rate <= 1.0)) {
        snprintf(err, err_n, "expected 1..%ld deals and a rate 0..1",
                 (long)GEN_DEALS_MAX);
        return GEN_E_USAGE;
    }
    g.rng.s = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    if (g.rng.s == 0) {
        g.rng.s = 1;
    }
    g.out = out;
    if (arbiter_open(&g.arb) != 0 || sitting_open(&g.sit) != 0) {
        arbiter_close(g.arb);
        snprintf(err, err_n, "out of memory");
        return GEN_E_INTERNAL;
    }
    if (laws != NULL && arbiter_set_tag(g.arb, "Laws", laws) != 0) {
        snprintf(err, err_n, "--laws: %s", arbiter_errmsg(g.arb));
        rc = GEN_E_USAGE;
        goto out_close;
    }
    if (format != NULL && sitting_set_tag(g.sit, "Format", format) != 0) {
        snprintf(err, err_n, "--format: %s", sitting_errmsg(g.sit));
        rc = GEN_E_USAGE;
        goto out_close;
    }
    g.prof = arbiter_profile(g.arb);
    g.value = 1;
    g.king_unmarked = SEAT_NONE;
    for (int i = 0; i < CARD_COUNT; i++) {
        g.pack[i] = (uint8_t)i;
    }
    gen_header(&g, deals, seed, laws, format);
    if (format != NULL && (rc = format_header(&g, format)) != 0) {
        goto out_close;
    }
    if (g.format == SIT_DUEL) {
        cut_for_deal(&g);
        g.dealer = arbiter_next_dealer(g.arb);
    }
    for (long i = 0; i < deals && !g.failed; i++) {
        if (g.format != SIT_DUEL && g.rate > 0) {
            maybe_leave(&g);
        }
        if (g.format != SIT_DUEL && (g.game_over || g.game_no == 0)) {
            between_games(&g);
            g.dealer = arbiter_next_dealer(g.arb);
        }
        g.deals_left = (int)(deals - i);
        g.extra_deals = 0;
        one_deal(&g);
        i += g.extra_deals;
        elect_pending(&g);
        if (arbiter_hand_in_progress(g.arb)) {
            struct table_event ev = ev_new(EV_END, SEAT_NONE);

            emit(&g, &ev);
        }
        g.dealer = arbiter_next_dealer(g.arb);
    }
    if (g.rate > 0) {
        /* what was injected, by the law it engages (for tests and audits) */
        fprintf(g.out, "# injected:");
        for (int k = 0; k < g.n_injected; k++) {
            fprintf(g.out, " %s=%d", g.injected[k].id, g.injected[k].n);
        }
        fprintf(g.out, "\n");
    }
    rc = g.failed ? GEN_E_INTERNAL : GEN_OK;
out_close:
    sitting_close(g.sit);
    arbiter_close(g.arb);
    return rc;
}
