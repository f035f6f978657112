/*
 * gen.c - `ecarte gen`: deterministic synthetic sittings.  Two players of
 * simple strategies play legal Écarté with a shuffled pack; every physical
 * action is written as a .ecarte line and fed to a referee, whose scores
 * are written as `=` lines.  Irregularities can be injected at a rate;
 * each injection writes the ruling the laws give as a `= ruling` line.
 */
#include "cli/cli.h"

#include <getopt.h>
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
};

struct gen {
    struct rng rng;
    struct arbiter *arb;
    FILE *out;
    double rate;
    int deals_left;
    int target;
    int order[2];               /* packet order per dealer: first packet 2/3 */
    int order_game[2];
    int game_no;
    bool game_over;
    int dealer;
    int64_t lines;
    int injected[INJ_COUNT];
    /* the current deal */
    uint8_t pack[CARD_COUNT];
    int top;                    /* next card of the pack */
    uint32_t hand[2];
    int trump;
    uint8_t turn_up;
    int first;                  /* FIRST_* */
    bool deal_over;             /* the referee ended the deal */
    bool failed;
    struct applied applied;     /* what the last action gave */
};

/* emit - write one event line, feed it to the referee; `= score` after a
 * deal or a mark, `= ruling` for every ruling given. */
static void emit(struct gen *g, const struct table_event *ev)
{
    char text[TL_LINE_MAX];
    struct applied *ap = &g->applied;
    const struct arb_result *r = &ap->r;

    if (g->failed) {
        return;
    }
    tl_format_event(ev, text, sizeof(text));
    fprintf(g->out, "%s\n", text);
    g->lines++;
    if (apply_event(g->arb, ev, (int)g->lines, ap) != 0) {
        fprintf(stderr, "ecarte gen: internal error at \"%s\": %s\n", text,
                arbiter_errmsg(g->arb));
        g->failed = true;
        return;
    }
    for (int i = 0; i < r->n_rulings; i++) {
        fprintf(g->out, "= %s\n", ap->words[i]);
    }
    if (r->deal_over || (r->score_changed && !r->game_started)) {
        fprintf(g->out, "= score A %d B %d\n", r->score[0], r->score[1]);
    }
    if (r->deal_over) {
        g->deal_over = true;
    }
    if (r->game_over) {
        g->game_over = true;
        g->deal_over = true;
    }
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

/* card_value - a simple strength: trumps high, kings, then rank. */
static int card_value(uint8_t c, int trump)
{
    int v = 8 - CARD_RANK(c);

    if (CARD_SUIT(c) == trump) {
        v += 8;
    }
    return v;
}

/* hand_strength - the sum of card_value over the cards of h. */
static int hand_strength(uint32_t h, int trump)
{
    uint8_t cards[8];
    int n = mask_cards(h, cards);
    int v = 0;

    for (int i = 0; i < n; i++) {
        v += card_value(cards[i], trump);
    }
    return v;
}

/* weakest - the k weakest cards of h (never the king of trumps). */
static uint32_t weakest(uint32_t h, int trump, int k)
{
    uint32_t out = 0;

    for (int i = 0; i < k; i++) {
        int best = -1;
        int best_v = 99;

        for (int c = 0; c < CARD_COUNT; c++) {
            if ((h & ~out & CARD_BIT(c)) && card_value((uint8_t)c, trump) <
                                                best_v) {
                best = c;
                best_v = card_value((uint8_t)c, trump);
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
            if (card_value(cards[i], g->trump) >
                card_value(cards[best], g->trump)) {
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

/* choose_injection - the irregularity a deal is to have (INJ_NONE most
 * of the time, at the rate asked). */
static enum inject choose_injection(struct gen *g)
{
    if (g->rate <= 0.0 || !rng_chance(&g->rng, g->rate)) {
        return INJ_NONE;
    }
    return (enum inject)(1 + rng_below(&g->rng, INJ_COUNT - 1));
}

/* announce_if_held - the holder of the king of trumps announces it before
 * his first card (most of the time). */
static void announce_if_held(struct gen *g, int seat, bool *done)
{
    uint8_t k = laws_bonus_card(arbiter_profile(g->arb), g->trump);

    if (*done || !(g->hand[seat] & CARD_BIT(k)) || g->deal_over) {
        return;
    }
    *done = true;
    if (rng_chance(&g->rng, 0.85)) {
        struct table_event ev = ev_new(EV_ANNOUNCE, seat);

        emit(g, &ev);
    }
}

/* play_tricks - five tricks of legal play (with an injected irregularity
 * if inj says so). */
static void play_tricks(struct gen *g, int elder, enum inject inj)
{
    struct profile p;
    int leader = elder;
    bool announced[2] = {false, false};
    int dealer = SEAT_OTHER(elder);
    uint8_t k = laws_bonus_card(arbiter_profile(g->arb), g->trump);
    int inj_trick = rng_below(&g->rng, 4);

    profile_london(&p);
    if (inj == INJ_FALSE_KING && !(g->hand[elder] & CARD_BIT(k)) &&
        !(g->hand[dealer] & CARD_BIT(k)) && g->turn_up != k) {
        struct table_event ev = ev_new(EV_ANNOUNCE, elder);

        emit(g, &ev);
        announced[elder] = true;
        g->injected[INJ_FALSE_KING]++;
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
        if (inj == INJ_LATE_ANNOUNCE && t == 1 &&
            (g->hand[leader] & CARD_BIT(k)) && !announced[leader]) {
            ev = ev_new(EV_ANNOUNCE, leader);
            emit(g, &ev);
            announced[leader] = true;
            g->injected[INJ_LATE_ANNOUNCE]++;
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
            g->injected[INJ_LEAD_OUT_OF_TURN]++;
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
            g->injected[INJ_TAKE_BACK_LEAD]++;
            inj = INJ_NONE;
        }
        if (g->deal_over) {
            return;
        }
        if (t == 0) {
            if (a == k && !announced[leader] && rng_chance(&g->rng, 0.5)) {
                announced[leader] = true;
                ev = ev_new(EV_ANNOUNCE, leader);
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
        legal = laws_legal_follows(g->hand[other], a, g->trump, &p);
        if (inj == INJ_REVOKE && t == inj_trick && legal != g->hand[other]) {
            b = pick(g, g->hand[other] & ~legal, 0.0);
            g->injected[INJ_REVOKE]++;
            inj = INJ_NONE;
        } else {
            b = pick(g, legal, 0.4);
        }
        ev = ev_new(EV_PLAY, other);
        ev_cards(&ev, &b, 1);
        emit(g, &ev);
        g->hand[other] &= ~CARD_BIT(b);
        leader = card_beats(a, b, g->trump, arbiter_profile(g->arb)->rank)
                     ? other
                     : leader;
        if (inj == INJ_ABANDON && t == 1 && !g->deal_over) {
            ev = ev_new(EV_ABANDON, SEAT_OTHER(leader));
            emit(g, &ev);
            g->injected[INJ_ABANDON]++;
            return;
        }
    }
}

/* exchange - proposals and exchanges until elder plays, the dealer
 * refuses, or the stock runs low. */
static void exchange(struct gen *g, int elder, enum inject inj)
{
    int dealer = SEAT_OTHER(elder);
    int proposals = 0;
    struct table_event ev;

    for (;;) {
        int stock = CARD_COUNT - g->top;
        bool propose = stock >= 2 &&
                       (hand_strength(g->hand[elder], g->trump) < 38 ||
                        rng_chance(&g->rng, 0.15)) &&
                       proposals < 3;

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
        if (hand_strength(g->hand[dealer], g->trump) > 44 &&
            rng_chance(&g->rng, 0.7)) {
            ev = ev_new(EV_REFUSE, dealer);
            emit(g, &ev);
            return;
        }
        ev = ev_new(EV_ACCEPT, dealer);
        emit(g, &ev);
        int want = 1 + rng_below(&g->rng, 4);
        if (want > stock - 1) {
            want = stock - 1;
        }
        uint32_t out = weakest(g->hand[elder], g->trump, want);
        uint8_t cards[8];
        int n = mask_cards(out, cards);

        ev = ev_new(EV_DISCARD, elder);
        ev.n = (int16_t)n;
        ev_cards(&ev, cards, n);
        emit(g, &ev);
        g->hand[elder] &= ~out;
        int asked = n;

        if (inj == INJ_ASK_FEWER && n >= 2 && proposals == 1) {
            asked = n - 1;
            g->injected[INJ_ASK_FEWER]++;
        }
        ev = ev_new(EV_ASK, elder);
        ev.n = (int16_t)asked;
        emit(g, &ev);
        if (inj == INJ_FOUND_FACED_STOCK && proposals == 1 &&
            CARD_COUNT - g->top > asked + 2) {
            uint8_t faced = draw_top(g);

            ev = ev_new(EV_FOUND_FACED, SEAT_NONE);
            ev_cards(&ev, &faced, 1);
            emit(g, &ev);
            g->injected[INJ_FOUND_FACED_STOCK]++;
        }
        for (int i = 0; i < asked; i++) {
            cards[i] = draw_top(g);
            g->hand[elder] |= CARD_BIT(cards[i]);
        }
        ev = ev_new(EV_GIVE, dealer);
        ev.target = (int8_t)elder;
        ev.n = (int16_t)asked;
        ev_cards(&ev, cards, asked);
        emit(g, &ev);
        stock = CARD_COUNT - g->top;
        if (stock >= 1) {
            int take = 1 + rng_below(&g->rng, 3);

            if (take > stock) {
                take = stock;
            }
            out = weakest(g->hand[dealer], g->trump, take);
            n = mask_cards(out, cards);
            ev = ev_new(EV_DISCARD, dealer);
            ev.n = (int16_t)n;
            ev_cards(&ev, cards, n);
            emit(g, &ev);
            g->hand[dealer] &= ~out;
            for (int i = 0; i < n; i++) {
                cards[i] = draw_top(g);
                g->hand[dealer] |= CARD_BIT(cards[i]);
            }
            ev = ev_new(EV_GIVE, dealer);
            ev.target = (int8_t)dealer;
            ev.n = (int16_t)n;
            ev_cards(&ev, cards, n);
            emit(g, &ev);
        }
        if (g->deal_over) {
            return;
        }
    }
}

/* one_deal - a whole deal by g->dealer. */
static void one_deal(struct gen *g)
{
    int dealer = g->dealer;
    int elder = SEAT_OTHER(dealer);
    enum inject inj = choose_injection(g);
    struct table_event ev;
    int cut;
    uint8_t tmp[CARD_COUNT];

    g->deal_over = false;
    if (g->game_over || g->game_no == 0) {
        ev = ev_new(EV_GAME, SEAT_NONE);
        emit(g, &ev);
        g->game_no++;
        g->game_over = false;
    }
    ev = ev_new(EV_DEAL, dealer);
    emit(g, &ev);
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
        g->injected[INJ_FACED_PACK]++;
        return;                 /* L12: new deal by the same dealer */
    }
    for (int round = 0; round < 2; round++) {
        int size = round == 0 ? g->order[dealer] : 5 - g->order[dealer];
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
                ev = ev_new(EV_ELECT, elder);
                ev.option = rng_chance(&g->rng, 0.5) ? OPT_NEW_DEAL
                                                     : OPT_PLAY_ON;
                emit(g, &ev);
                g->injected[INJ_EXPOSED_DEAL]++;
                if (ev.option == OPT_NEW_DEAL) {
                    return;
                }
            }
        }
    }
    g->turn_up = draw_top(g);
    g->trump = CARD_SUIT(g->turn_up);
    ev = ev_new(EV_TURN, dealer);
    ev_cards(&ev, &g->turn_up, 1);
    emit(g, &ev);
    if (g->turn_up == laws_bonus_card(arbiter_profile(g->arb),
                                      CARD_SUIT(g->turn_up))) {
        if (inj == INJ_UNMARKED_KING) {
            g->injected[INJ_UNMARKED_KING]++;  /* L22 at the next turn-up */
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
        g->injected[INJ_IMPERFECT]++;
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

int cmd_gen(int argc, char **argv)
{
    static const struct option opts[] = {
        {"deals", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 's'},
        {"irregularities", required_argument, NULL, 'i'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct gen g;
    long deals = 20;
    unsigned long long seed = 1;
    char *end = NULL;
    int c;

    memset(&g, 0, sizeof(g));
    while ((c = getopt_long(argc, argv, "n:s:i:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
            deals = strtol(optarg, &end, 10);
            if (*end != '\0' || deals < 1 || deals > 100000000) {
                return usage_error("gen", "expected --deals 1..100000000, "
                                          "found \"%s\"", optarg);
            }
            break;
        case 's':
            seed = strtoull(optarg, &end, 10);
            if (*end != '\0' || optarg[0] < '0' || optarg[0] > '9') {
                return usage_error("gen", "expected --seed NUMBER, found "
                                          "\"%s\"", optarg);
            }
            break;
        case 'i':
            g.rate = strtod(optarg, &end);
            if (*end != '\0' || !(g.rate >= 0.0 && g.rate <= 1.0)) {
                return usage_error("gen", "expected --irregularities 0..1, "
                                          "found \"%s\"", optarg);
            }
            break;
        case 'h':
            return usage_help("gen");
        default:
            return usage_error("gen", "bad option or missing value (see above)");
        }
    }
    g.rng.s = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    if (g.rng.s == 0) {
        g.rng.s = 1;
    }
    g.out = stdout;
    if (arbiter_open(&g.arb) != 0) {
        return EXIT_BAD_INPUT;
    }
    for (int i = 0; i < CARD_COUNT; i++) {
        g.pack[i] = (uint8_t)i;
    }
    printf("# Generated by `ecarte gen --deals %ld --seed %llu "
           "--irregularities %g`:\n"
           "# legal play by simple strategies; the referee's scores and "
           "rulings.\n",
           deals, seed, g.rate);
    printf("[Event \"Generated sitting\"]\n[Seed \"%llu\"]\n"
           "[A \"Player A\"]\n[B \"Player B\"]\n[Laws \"london\"]\n",
           seed);
    /* cut for deal until the cards differ in rank */
    for (;;) {
        uint8_t a = (uint8_t)rng_below(&g.rng, CARD_COUNT);
        uint8_t b = (uint8_t)rng_below(&g.rng, CARD_COUNT);
        struct table_event ev;

        if (a == b) {
            continue;
        }
        ev = ev_new(EV_CUT_FOR_DEAL, SEAT_A);
        ev_cards(&ev, &a, 1);
        emit(&g, &ev);
        ev = ev_new(EV_CUT_FOR_DEAL, SEAT_B);
        ev_cards(&ev, &b, 1);
        emit(&g, &ev);
        int rank_order = arbiter_profile(g.arb)->rank;

        if (card_strength(a, rank_order) != card_strength(b, rank_order)) {
            g.dealer = card_strength(a, rank_order) <
                               card_strength(b, rank_order)
                           ? SEAT_A
                           : SEAT_B;
            break;
        }
    }
    for (long i = 0; i < deals && !g.failed; i++) {
        one_deal(&g);
        elect_pending(&g);
        if (arbiter_hand_in_progress(g.arb)) {
            struct table_event ev = ev_new(EV_END, SEAT_NONE);

            emit(&g, &ev);
        }
        g.dealer = arbiter_next_dealer(g.arb);
    }
    if (g.rate > 0) {
        /* what was injected, by the law it engages (for tests and audits) */
        printf("# injected:");
        for (int k = 1; k < INJ_COUNT; k++) {
            if (g.injected[k] > 0) {
                printf(" %s=%d", inject_law[k], g.injected[k]);
            }
        }
        printf("\n");
    }
    arbiter_close(g.arb);
    return g.failed ? EXIT_BAD_INPUT : EXIT_FINE;
}
