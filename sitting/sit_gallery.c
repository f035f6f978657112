/*
 * sit_gallery.c - bystanders' bets (docs/variants.md, gallery): bets on the game in
 * progress, covered person to person (bet-match=cover) or pooled per side
 * and equalised at the close, the house keeping a levy (tableau, BY9);
 * betting closes at the game's first turn-up (or reopens between deals,
 * bets-close=each-turnup); the French style (advice by pointing, bettors
 * calling irregularities, the loser retiring for the first person
 * waiting) or the English (none of them).  Bets follow the game as
 * finally scored (BY7).  The rulings BY1-BY6, BY8, BY10.
 */
#include "sitting/sitting.h"

#include <string.h>

#include "sitting/sitting_int.h"

/* backs - the seat person's live bets and covers back: SEAT_A, SEAT_B,
 * SEAT_NONE if none, 2 if both. */
static int backs(const struct sit_state *s, int person)
{
    int seen = 0;

    for (int i = 0; i < s->n_bets; i++) {
        const struct bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (b->bettor == person) {
            seen |= 1 << b->seat;
        }
        for (int k = 0; k < b->n_covers; k++) {
            if (b->covers[k].who == person) {
                seen |= 1 << SEAT_OTHER(b->seat);
            }
        }
    }
    return seen == 0 ? SEAT_NONE : seen == 3 ? 2 : seen == 1 ? SEAT_A : SEAT_B;
}

static const char *role(const struct sit_state *s, int person)
{
    if (sit__seat_of(s, person) != SEAT_NONE) {
        return "player";
    }
    if (backs(s, person) != SEAT_NONE) {
        return "bettor";
    }
    return sit__order_find(s, person) >= 0 ? "waiting" : "bystander";
}

static int side(const struct sit_state *s, int person)
{
    int seat = sit__seat_of(s, person);
    int b = backs(s, person);

    if (seat != SEAT_NONE) {
        return seat;
    }
    return b == 2 ? SEAT_NONE : b;
}

static void roles_now(const struct sit_state *s, struct tl_roles *out)
{
    out->form = TL_ROLES_NONE;
    out->n = 0;
    if (s->want[0] < 0 || s->want[1] < 0) {
        return;
    }
    out->form = TL_ROLES_GALLERY;
    snprintf(out->first, TL_ID_MAX, "%s", sit__id(s, s->want[0]));
    snprintf(out->second, TL_ID_MAX, "%s", sit__id(s, s->want[1]));
    for (int i = 0; i < s->n_order && out->n < TL_IDS_MAX; i++) {
        snprintf(out->list[out->n++], TL_ID_MAX, "%s", sit__id(s, s->order[i]));
    }
}

static int roles(struct sit_ctx *c, const struct tl_roles *r)
{
    struct sit_state *s = c->s;

    s->want[0] = sit__find(s, r->first);
    s->want[1] = sit__find(s, r->second);
    s->n_order = 0;
    for (int i = 0; i < r->n; i++) {
        s->order[s->n_order++] = sit__find(s, r->list[i]);
    }
    return 0;
}

/* seat_due - who the roles put in seat, for an empty seat at a game's
 * start (the gallery holds no table for a seat). */
static int seat_due(const struct sit_state *s, int seat)
{
    int due = s->want[seat];

    return due >= 0 && s->seat[seat] != due ? due : -1;
}

static void seated(struct sit_ctx *c, int seat)
{
    struct sit_state *s = c->s;

    s->want[seat] = s->seat[seat];
    sit__order_remove(s, s->seat[seat]);
}

/* game_start - a loser who gave up his seat under BY10 and is back in
 * the queue cannot still hold it: when no seat line put anyone else
 * there, the rentrant the roles name takes it (the gallery holds no
 * table for a seat, so an empty seat is filled the same way). */
static void game_start(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    for (int k = 0; k < 2; k++) {
        int due = seat_due(s, k);
        int sitter = s->seat[k];

        if (due < 0 || sitter < 0 || sit__order_find(s, sitter) < 0 ||
            sit__seat_of(s, due) != SEAT_NONE) {
            continue;
        }
        s->seat[k] = due;
        seated(c, k);
        sit__note(c, "%s gave up seat %c (BY10): %s, the rentrant, takes it",
                  s->p[sitter].id, seat_letter(k), s->p[due].id);
    }
}

/* covered - how much of bet b is covered. */
static int covered(const struct bet *b)
{
    int n = 0;

    for (int k = 0; k < b->n_covers; k++) {
        n += b->covers[k].amount;
    }
    return n;
}

/* add_cover - who covers amount more of bet b. */
static void add_cover(struct bet *b, int who, int amount)
{
    for (int k = 0; k < b->n_covers; k++) {
        if (b->covers[k].who == who) {
            b->covers[k].amount += amount;
            return;
        }
    }
    if (b->n_covers < SIT_COVERS_MAX) {
        b->covers[b->n_covers].who = who;
        b->covers[b->n_covers++].amount = amount;
    }
}

/* drop_cover - cover k of bet b ends (its coverer released, or his stake
 * forfeited): the bet keeps its other covers. */
static void drop_cover(struct bet *b, int k)
{
    memmove(&b->covers[k], &b->covers[k + 1],
            sizeof(b->covers[0]) * (size_t)(b->n_covers - k - 1));
    b->n_covers--;
}

/*
 * player_covers - the player who (a seated adversary of the bet's seat)
 * covers want of bet b, taking it from bystanders who covered it if need
 * be (BY3: the players cover first).  Returns the amount he covers; the
 * bystanders displaced are named in *displaced (-1 none).
 */
static int player_covers(struct bet *b, int who, int want, int *displaced)
{
    int room = b->amount - covered(b);

    *displaced = -1;
    for (int k = b->n_covers - 1; k >= 0 && room < want; k--) {
        int take;

        if (b->covers[k].who == who) {
            continue;
        }
        take = b->covers[k].amount < want - room ? b->covers[k].amount
                                                 : want - room;
        b->covers[k].amount -= take;
        room += take;
        *displaced = b->covers[k].who;
        if (b->covers[k].amount == 0) {
            drop_cover(b, k);
        }
    }
    want = want < room ? want : room;
    if (want > 0) {
        add_cover(b, who, want);
    }
    return want;
}

/* chouette_covers - the player on la chouette covers bet b whole, if it
 * is on his adversary (BY10; BY3 for bystanders displaced). */
static void chouette_covers(struct sit_ctx *c, struct bet *b)
{
    struct sit_state *s = c->s;
    int seat = s->chouette_seat;
    int displaced;

    if (seat == SEAT_NONE || b->dead || b->seat != SEAT_OTHER(seat) ||
        s->seat[seat] < 0) {
        return;
    }
    player_covers(b, s->seat[seat], b->amount, &displaced);
    if (displaced >= 0) {
        sit__rule(c, LAW_BY3, NULL, NULL, REM_DISPLACE,
                  "%s, on la chouette, takes %s's bet from %s",
                  sit__id(s, s->seat[seat]), sit__id(s, b->bettor),
                  sit__id(s, displaced));
    }
}

/* void_bets - every live bet of person ends, stakes returned (BY4, BY5),
 * and so does every cover he gave: a cover is a bet on the other seat
 * (the bet covered keeps its other covers): returns how many. */
static int void_bets(struct sit_state *s, int person)
{
    int n = 0;

    for (int i = 0; i < s->n_bets; i++) {
        struct bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (b->bettor == person) {
            b->dead = true;
            n++;
            continue;
        }
        for (int k = b->n_covers - 1; k >= 0; k--) {
            if (b->covers[k].who == person) {
                drop_cover(b, k);
                n++;
            }
        }
    }
    return n;
}

/* equalise - a tableau's two sides made equal (BY9): the excess of the
 * heavier side handed back from its last bets.  Returns the amount
 * handed back. */
static int equalise(struct sit_state *s)
{
    int risk[2] = {0, 0};
    int heavy;
    int excess;
    int back_all = 0;

    for (int i = 0; i < s->n_bets; i++) {
        if (!s->bets[i].dead) {
            risk[s->bets[i].seat] += s->bets[i].amount - s->bets[i].refund;
        }
    }
    heavy = risk[0] > risk[1] ? SEAT_A : SEAT_B;
    excess = risk[heavy] - risk[SEAT_OTHER(heavy)];
    for (int i = s->n_bets - 1; i >= 0 && excess > 0; i--) {
        struct bet *b = &s->bets[i];
        int stands = b->amount - b->refund;
        int back = stands < excess ? stands : excess;

        if (b->dead || b->seat != heavy || back <= 0) {
            continue;
        }
        b->refund += back;
        excess -= back;
        back_all += back;
    }
    return back_all;
}

/* after_bet_ends - a bet of a tableau ended after the close (BY2, BY4,
 * BY5): the other side is equalised again, its excess handed back, so
 * that what is won is what is lost; the bets at risk marked anew. */
static void after_bet_ends(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    if (s->r.tableau && s->bets_closed && equalise(s) > 0) {
        sit__note(c, "the tableau is made equal again: the excess of the "
                     "other side is handed back (BY9)");
        sit__mark_bets(c);
    }
}

/* close - betting closes: a cover's bet keeps what is covered, a bet
 * nobody covered is void; a tableau is equalised from the last bets of
 * the heavier side (BY9).  The bets at risk are recorded and marked. */
static void close_bets(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    int any = 0;

    if (s->bets_closed) {
        return;
    }
    s->bets_closed = true;
    for (int i = 0; i < s->n_bets; i++) {
        struct bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (!s->r.tableau && covered(b) == 0) {
            b->dead = true;
            sit__note(c, "%s's bet of %d on %c found no cover: void",
                      sit__id(s, b->bettor), b->amount,
                      seat_letter(b->seat));
            continue;
        }
        any++;
    }
    if (s->r.tableau) {
        equalise(s);
    }
    for (int i = 0; i < s->n_bets; i++) {
        const struct bet *b = &s->bets[i];
        struct sit_record *r;

        if (b->dead) {
            continue;
        }
        if (s->r.tableau) {
            if (b->amount > b->refund) { /* handed back whole: none */
                sit__record(c, SIT_REC_BET, b->seat, b->bettor, "bet",
                            b->amount - b->refund);
            }
            continue;
        }
        for (int k = 0; k < b->n_covers; k++) {
            r = sit__record(c, SIT_REC_BET, b->seat, b->bettor, "bet",
                            b->covers[k].amount);
            if (r != NULL) {
                snprintf(r->other, sizeof(r->other), "%s",
                         sit__id(s, b->covers[k].who));
                r->odds[0] = b->odds[0];
                r->odds[1] = b->odds[1];
            }
        }
    }
    if (any > 0) {
        sit__mark_bets(c);
    }
}

static void turn_up(struct sit_ctx *c, bool first)
{
    if (first || c->s->r.each_turnup) {
        close_bets(c);
    }
}

static void deal_over(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    if (s->r.each_turnup && s->in_game) {
        s->bets_closed = false;   /* betting reopens between deals */
    }
}

/* levy - the house's part of a winning amount (rounded down). */
static int levy(const struct sit_state *s, int amount)
{
    return amount * s->r.levy / 100;
}

/* game_over - the bets settled on the game as scored (BY7), the levy
 * kept from each winning bet; the loser gives his seat to the first waiting, unless he played
 * la chouette (BY10). */
static void game_over(struct sit_ctx *c, const struct arb_game_result *g)
{
    struct sit_state *s = c->s;
    int w = g->winner;
    int lseat = SEAT_OTHER(w);
    int loser = s->seat[lseat];
    struct settle t;

    /* a game over before betting closed (a seat left before the turn-up):
     * the bets close now, a tableau equalised, as at a turn-up */
    close_bets(c);
    sit__settle_start(&t);
    for (int i = 0; i < s->n_bets; i++) {
        const struct bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (s->r.tableau) {
            int stands = b->amount - b->refund;

            if (b->seat == w) {
                t.amount[b->bettor] += stands - levy(s, stands);
                t.house += levy(s, stands);
            } else {
                t.amount[b->bettor] -= stands;
            }
            continue;
        }
        int won = 0;

        for (int k = 0; k < b->n_covers; k++) {
            int stake = b->covers[k].amount;
            int against = sit__cover_against(b, k);
            int who = b->covers[k].who;

            if (b->seat == w) {
                sit__pay(&t, who, b->bettor, against);
                won += against;
            } else {
                sit__pay(&t, b->bettor, who, stake);
            }
        }
        /* 7.2: "backers of the winner receive their covered stake (times
         * Q/P at odds) less levy; backers of the loser pay theirs": the
         * levy is kept from a winning bet's winnings, once for the bet
         * however many covered it, and not from the stake a coverer wins
         * when the bet loses */
        if (won > 0) {
            sit__pay(&t, b->bettor, -1, levy(s, won));
        }
    }
    sit__settle(c, &t, "game");
    s->n_bets = 0;
    s->bets_closed = false;
    s->want[0] = s->seat[0];
    s->want[1] = s->seat[1];
    if (s->r.loser_retires && loser >= 0 && lseat != s->chouette_seat &&
        s->n_order > 0) {
        int rentrant = s->order[0];

        sit__order_remove(s, rentrant);
        if (s->p[loser].present) {
            sit__order_push(s, loser);
        }
        s->want[lseat] = rentrant;
        sit__note(c, "%s, beaten, gives seat %c to %s (BY10)",
                  s->p[loser].id, seat_letter(lseat), s->p[rentrant].id);
    } else if (s->r.loser_retires && loser >= 0 && lseat == s->chouette_seat) {
        sit__note(c, "%s played la chouette: beaten, he keeps his seat "
                     "(BY10)",
                  s->p[loser].id);
    }
    s->chouette_seat = SEAT_NONE;
    sit__mark_roles(c);
}

/* abandoned - BY8: a game left unfinished voids every bet on it. */
static void abandoned(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    int live = 0;

    for (int i = 0; i < s->n_bets; i++) {
        live += !s->bets[i].dead;
    }
    if (live > 0) {
        sit__rule(c, LAW_BY8, NULL, NULL, REM_VOID,
                  "game %d is not finished: its %d bet(s) are void, the "
                  "stakes returned",
                  s->game, live);
    }
    s->n_bets = 0;
    s->bets_closed = false;
    s->chouette_seat = SEAT_NONE;
}

/* leaves - BY6: a person with a bet on the seat may take the hand. */
static int leaves(struct sit_ctx *c, int seat)
{
    struct sit_state *s = c->s;
    char who[2] = {seat_letter(seat), '\0'};

    sit__rule(c, LAW_BY6, who, NULL, REM_SUBSTITUTE,
              "%s%s leaves without consent: a person with money on %c may "
              "take the hand and finish the game, else it is conceded",
              s->seat[seat] >= 0 ? "" : "the player in seat ",
              s->seat[seat] >= 0 ? sit__id(s, s->seat[seat]) : who,
              seat_letter(seat));
    s->left_seat = seat;
    s->left_law = LAW_BY6;
    s->left_person = s->seat[seat];
    return 0;
}

/* open - may bets be made now?  Before the close of the game's (or, under
 * each-turnup, the deal's) turn-up. */
static bool open(const struct sit_state *s)
{
    return !s->bets_closed;
}

/* bets - `ID bets N on S [at P:Q]`. */
static int bets(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    const struct tl_line *l = c->l;
    int seat = l->ev.target;
    int mine = sit__seat_of(s, who);
    const char *why = NULL;
    struct bet *b;

    if (!open(s)) {
        why = "betting on the game has closed";
    } else if (mine == SEAT_OTHER(seat)) {
        why = "a player may not back his adversary";
    } else if (mine == seat && !s->r.tableau) {
        why = "a player covers bets on his adversary; he stakes on his own "
              "seat only in a tableau";
    } else if (s->r.tableau && l->sit.odds[0] > 0) {
        why = "a tableau takes bets at even money only";
    } else if (s->n_bets == SIT_BETS_MAX) {
        why = "the book is full";
    }
    if (why != NULL) {
        sit__rule(c, LAW_BY1, s->p[who].id, NULL, REM_VOID,
                  "%s's bet of %d on %c is void: %s", s->p[who].id,
                  (int)l->sit.n, seat_letter(seat), why);
        return 0;
    }
    b = &s->bets[s->n_bets++];
    memset(b, 0, sizeof(*b));
    b->bettor = who;
    b->seat = seat;
    b->amount = l->sit.n;
    b->odds[0] = l->sit.odds[0] > 0 ? l->sit.odds[0] : 1;
    b->odds[1] = l->sit.odds[0] > 0 ? l->sit.odds[1] : 1;
    chouette_covers(c, b);
    return 0;
}

/* last_bet - person's newest live bet, NULL if none. */
static struct bet *last_bet(struct sit_state *s, int person)
{
    for (int i = s->n_bets - 1; i >= 0; i--) {
        if (!s->bets[i].dead && s->bets[i].bettor == person) {
            return &s->bets[i];
        }
    }
    return NULL;
}

/* covers - `ID covers ID2 [N]`: ID takes all, or N, of ID2's newest bet;
 * the players first (BY3). */
static int covers(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    const struct tl_line *l = c->l;
    int bettor;
    int rc = sit__person(c, l->sit.who, &bettor);
    struct bet *b;
    int mine = sit__seat_of(s, who);
    const char *why = NULL;
    int want;

    if (rc != 0) {
        return rc;
    }
    b = last_bet(s, bettor);
    /* A cover after the close is void (BY1) even when the bet it names
     * has gone: voided at the close for want of a cover, or itself made
     * after the close. */
    if (b == NULL && (s->r.tableau || open(s))) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a bet by %s to cover, found none",
                         s->p[bettor].id);
    }
    if (s->r.tableau) {
        sit__note(c, "a tableau pools the bets: %s covers nothing",
                  s->p[who].id);
        return 0;
    }
    if (!open(s)) {
        why = "betting on the game has closed";
    } else if (mine == b->seat) {
        why = "a player may not back his adversary";
    } else if (who == bettor) {
        why = "nobody covers his own bet";
    }
    if (why != NULL) {
        sit__rule(c, LAW_BY1, s->p[who].id, NULL, REM_VOID,
                  "%s's cover of %s's bet is void: %s", s->p[who].id,
                  s->p[bettor].id, why);
        return 0;
    }
    want = l->sit.n > 0 ? l->sit.n : b->amount - covered(b);
    if (mine == SEAT_OTHER(b->seat)) {
        int displaced;

        want = l->sit.n > 0 ? l->sit.n : b->amount;
        player_covers(b, who, want, &displaced);
        if (displaced >= 0) {
            sit__rule(c, LAW_BY3, NULL, NULL, REM_DISPLACE,
                      "%s, the player, takes %s's bet from %s, who is "
                      "released",
                      s->p[who].id, s->p[bettor].id, s->p[displaced].id);
        }
        return 0;
    }
    if (want > b->amount - covered(b)) {
        want = b->amount - covered(b);
    }
    if (want <= 0) {
        sit__note(c, "%s's bet is covered already: %s covers nothing",
                  s->p[bettor].id, s->p[who].id);
        return 0;
    }
    add_cover(b, who, want);
    return 0;
}

/* takes_all_bets - `S takes-all-bets`: the player plays la chouette for
 * the game, covering every bet on his adversary, first (BY3, BY10). */
static int takes_all_bets(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    int seat = c->l->ev.actor;
    char who[2] = {seat_letter(seat), '\0'};

    if (s->seat[seat] < 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a player in seat %c to take all bets, "
                         "found the seat empty",
                         seat_letter(seat));
    }
    if (!open(s)) {
        sit__rule(c, LAW_BY1, who, NULL, REM_VOID,
                  "%c takes all bets after betting has closed: void",
                  seat_letter(seat));
        return 0;
    }
    s->chouette_seat = seat;
    for (int i = 0; i < s->n_bets; i++) {
        chouette_covers(c, &s->bets[i]);
    }
    return 0;
}

/* sees - `ID sees S`: a bettor who looks at the hand he bets against
 * forfeits his stake to that player at once (BY2). */
static int sees(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    int seat = c->l->ev.target;
    int player = s->seat[seat];
    struct settle t;
    int lost = 0;
    int rc;

    sit__settle_start(&t);
    for (int i = 0; i < s->n_bets && player >= 0; i++) {
        struct bet *b = &s->bets[i];
        int stake = s->r.tableau ? b->amount - b->refund
                    : s->bets_closed ? covered(b)
                                     : b->amount;

        if (b->dead || b->bettor != who || b->seat != SEAT_OTHER(seat)) {
            continue;
        }
        b->dead = true;                 /* its covers released */
        if (stake > 0) {
            sit__pay(&t, who, player, stake);
            lost += stake;
        }
    }
    /* a cover is a bet against the seat of the bet covered: a bystander
     * who covered a bet on the seat he looks at forfeits what his cover
     * risks (the bet's winnings at its odds); the bet keeps its other
     * covers */
    for (int i = 0; i < s->n_bets && player >= 0 && !s->r.tableau &&
                    sit__seat_of(s, who) == SEAT_NONE;
         i++) {
        struct bet *b = &s->bets[i];

        if (b->dead || b->seat != seat) {
            continue;
        }
        for (int k = b->n_covers - 1; k >= 0; k--) {
            int stake;

            if (b->covers[k].who != who) {
                continue;
            }
            stake = sit__cover_against(b, k);
            drop_cover(b, k);
            if (stake > 0) {
                sit__pay(&t, who, player, stake);
                lost += stake;
            }
        }
    }
    if (lost == 0) {
        sit__note(c, "%s sees %c's cards: he has no bet against %c",
                  s->p[who].id, seat_letter(seat), seat_letter(seat));
        return 0;
    }
    sit__rule(c, LAW_BY2, s->p[who].id, NULL, REM_FORFEIT_STAKE,
              "%s looks at the cards of %c, whom he bets against: his stake "
              "of %d goes to %s now, and the other side of his bets is "
              "released",
              s->p[who].id, seat_letter(seat), lost, s->p[player].id);
    rc = sit__settle(c, &t, "forfeit-stake");
    after_bet_ends(c);
    return rc;
}

/* advice - BY4: advice only as the gallery allows, never to the player
 * one bets against; the adviser's bets are void. */
static int advice(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    int seat = c->l->ev.target;
    bool spoken = c->l->ev.kind == EV_ADVISES;
    int b = backs(s, who);
    const char *why = NULL;
    int n;

    if (sit__seat_of(s, who) != SEAT_NONE) {
        sit__note(c, "%s is playing: his advice is his own play",
                  s->p[who].id);
        return 0;
    }
    if (s->r.advice == ADVICE_NONE) {
        why = "the gallery allows no advice";
    } else if (spoken && s->r.advice == ADVICE_POINT) {
        why = "advice here is by pointing at a card only";
    } else if (b == SEAT_OTHER(seat) || b == 2) {
        why = "he bets against the player he advises";
    }
    if (why == NULL) {
        return 0;
    }
    n = void_bets(s, who);
    sit__rule(c, LAW_BY4, s->p[who].id, NULL, REM_VOID,
              "%s advises %c: %s; %s", s->p[who].id, seat_letter(seat), why,
              n > 0 ? "his bets are void, stakes returned"
                    : "he has no bet to void");
    after_bet_ends(c);
    return 0;
}

/* calls - BY5: a bettor's call is the backed player's claim under
 * bettor-claims=yes; else it is not heard, and voids his bets as advice
 * would. */
static int calls(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    int b = backs(s, who);
    int law = c->l->sit.law;
    int n;

    if (sit__seat_of(s, who) != SEAT_NONE) {
        sit__note(c, "%s, a player, calls %s: his own claim, no bettor's",
                  s->p[who].id, laws_get((enum law_id)law)->id);
        return 0;
    }
    if (s->r.bettor_claims && (b == SEAT_A || b == SEAT_B)) {
        sit__rule(c, LAW_BY5, NULL, NULL, REM_CLAIM,
                  "%s calls %s: it counts as %c's claim", s->p[who].id,
                  laws_get((enum law_id)law)->id, seat_letter(b));
        return 0;
    }
    n = void_bets(s, who);
    sit__rule(c, LAW_BY5, s->p[who].id, NULL, REM_VOID,
              "%s calls %s: %s; %s", s->p[who].id,
              laws_get((enum law_id)law)->id,
              s->r.bettor_claims ? "he backs neither player"
                                 : "bettors may not call here",
              n > 0 ? "his bets are void, stakes returned"
                    : "the call is not heard");
    after_bet_ends(c);
    return 0;
}

/* takes_seat - BY6: a person with money on the seat left takes it. */
static int takes_seat(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    int seat = c->l->ev.target;

    if (s->left_seat != seat || s->left_law != LAW_BY6) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a seat left by its player (BY6) to take, "
                         "found seat %c not left",
                         seat_letter(seat));
    }
    if (backs(s, who) != seat) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a person with a bet on %c to take the "
                         "seat (BY6), found \"%s\"",
                         seat_letter(seat), s->p[who].id);
    }
    s->seat[seat] = who;
    s->left_seat = SEAT_NONE;
    sit__order_remove(s, who);        /* seated: no longer waiting */
    sit__record(c, SIT_REC_SEATING, seat, who, "player", 0);
    sit__note(c, "%s takes seat %c and finishes the game; the bets stand",
              s->p[who].id, seat_letter(seat));
    return 0;
}

static int line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    int who = -1;
    int rc;

    if (c->l->sit.actor[0] != '\0' &&
        (rc = sit__person(c, c->l->sit.actor, &who)) != 0) {
        return rc;
    }
    switch (c->l->ev.kind) {
    case EV_BETS:
        return bets(c, who);
    case EV_COVERS:
        return covers(c, who);
    case EV_TAKES_ALL_BETS:
        return takes_all_bets(c);
    case EV_SEES:
        return sees(c, who);
    case EV_POINTS:
    case EV_ADVISES:
        return advice(c, who);
    case EV_CALLS:
        return calls(c, who);
    case EV_TAKES_SEAT:
        return takes_seat(c, who);
    case EV_QUEUES:
        if (sit__order_find(s, who) >= 0 ||
            sit__seat_of(s, who) != SEAT_NONE) {
            sit__note(c, "%s waits already", s->p[who].id);
        } else {
            sit__order_push(s, who);
        }
        return 0;
    default:
        return 1;
    }
}

const struct sit_ops sit__gallery_ops = {
    .name = "gallery",
    .roles_form = TL_ROLES_GALLERY,
    .hold_law = -1,
    .role = role,
    .side = side,
    .line = line,
    .roles = roles,
    .roles_now = roles_now,
    .seat_due = seat_due,
    .seated = seated,
    .game_start = game_start,
    .turn_up = turn_up,
    .deal_over = deal_over,
    .game_over = game_over,
    .leaves = leaves,
    .abandoned = abandoned,
};
