/* SPDX-License-Identifier: MIT */
/*
 * sit_gallery.c - bystanders' bets (docs/variants.md, gallery): bets on the game in
 * progress, covered person to person (bet-match=cover) or pooled per side
 * and equalised at the close, the house keeping a levy (tableau, BY9);
 * betting closes at the game's first turn-up (or reopens between deals,
 * bets-close=each-turnup); the French style (advice by pointing, bettors
 * calling irregularities, the loser retiring for the first person
 * waiting) or the English (none of them).  Bets follow the game as
 * finally scored (BY7).  The rules BY1-BY10 are rows of laws/, asked
 * through sit__ask and sit__play (sit_rulings.c); the bets their
 * remedies change are in sit_bets.c.
 */
#include "sitting/sitting.h"

#include <string.h>

#include "sitting/sitting_int.h"

/* backs - the seat person's live bets and covers back (laws_bets_back). */
static int backs(const struct sit_state *s, int person)
{
    return laws_bets_back(s->bets, s->n_bets, person);
}

static enum sit_role role(const struct sit_state *s, int person)
{
    if (sit__seat_of(s, person) != SEAT_NONE) {
        return SIT_ROLE_PLAYER;
    }
    if (backs(s, person) != SEAT_NONE) {
        return SIT_ROLE_BETTOR;
    }
    return sit__order_find(s, person) >= 0 ? SIT_ROLE_WAITING
                                           : SIT_ROLE_BYSTANDER;
}

static int side(const struct sit_state *s, int person)
{
    int seat = sit__seat_of(s, person);
    int b = backs(s, person);

    if (seat != SEAT_NONE) {
        return seat;
    }
    return b == SIT_BACKS_BOTH ? SEAT_NONE : b;
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

/* add_cover - who covers amount more of bet b. */
static void add_cover(struct sit_bet *b, int who, int amount)
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

/*
 * player_covers - the player who (a seated adversary of the bet's seat)
 * covers want of bet b, taking it from bystanders who covered it if need
 * be, the last first (BY3: the players cover first; its verdict names
 * them, laws_cover_displaces).  Returns the amount he covers.
 */
static int player_covers(struct sit_bet *b, int who, int want)
{
    int room = b->amount - laws_bet_covered(b);

    for (int k = b->n_covers - 1; k >= 0 && room < want; k--) {
        int take;

        if (b->covers[k].who == who) {
            continue;
        }
        take = b->covers[k].amount < want - room ? b->covers[k].amount
                                                 : want - room;
        b->covers[k].amount -= take;
        room += take;
        if (b->covers[k].amount == 0) {
            sit__drop_cover(b, k);
        }
    }
    want = want < room ? want : room;
    if (want > 0) {
        add_cover(b, who, want);
    }
    return want;
}

/* cover_by - the player who covers want of bet i: BY3 asked first, the
 * line's kind saying whose cover it is (his cover line, or la
 * chouette's), then the cover moved. */
static int cover_by(struct sit_ctx *c, int i, int who, int want)
{
    struct sit_event e;
    int rc;

    sit__event(&e, SIT_AT_COVER);
    e.kind = c->l->ev.kind;
    e.person = who;
    e.bet = i;
    e.n = want;
    rc = sit__ask(c, &e, NULL);
    player_covers(&c->s->bets[i], who, want);
    return rc;
}

/* chouette_covers - the player on la chouette covers bet i whole, if it
 * is on his adversary (BY10; BY3 for bystanders displaced). */
static int chouette_covers(struct sit_ctx *c, int i)
{
    struct sit_state *s = c->s;
    const struct sit_bet *b = &s->bets[i];
    int seat = s->chouette_seat;

    if (seat == SEAT_NONE || b->dead || b->seat != SEAT_OTHER(seat) ||
        s->seat[seat] < 0) {
        return 0;
    }
    return cover_by(c, i, s->seat[seat], b->amount);
}

/* close_bets - betting closes: a cover's bet keeps what is covered, a
 * bet nobody covered is void; a tableau is equalised from the last bets
 * of the heavier side when its rule of play (BY9) says so.  The bets at
 * risk are recorded and marked. */
static void close_bets(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    struct sit_event e;
    struct sit_verdict v;
    int any = 0;

    if (s->bets_closed) {
        return;
    }
    s->bets_closed = true;
    for (int i = 0; i < s->n_bets; i++) {
        struct sit_bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (!s->r.tableau && laws_bet_covered(b) == 0) {
            b->dead = true;
            sit__note(c, "%s's bet of %d on %c found no cover: void",
                      sit__id(s, b->bettor), b->amount,
                      seat_letter(b->seat));
            continue;
        }
        any++;
    }
    sit__event(&e, SIT_AT_CLOSE);
    if (sit__play(c, &e, &v)) {
        sit__equalise(s);
    }
    for (int i = 0; i < s->n_bets; i++) {
        const struct sit_bet *b = &s->bets[i];
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

/* settle_bets - the live bets paid on the game won by seat w: in a
 * tableau each as it stands, the winners' less the levy; else each
 * cover, the levy kept from a winning bet's winnings. */
static void settle_bets(struct sit_ctx *c, int w)
{
    struct sit_state *s = c->s;
    struct settle t;

    sit__settle_start(&t);
    for (int i = 0; i < s->n_bets; i++) {
        const struct sit_bet *b = &s->bets[i];
        int won = 0;

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
        for (int k = 0; k < b->n_covers; k++) {
            int stake = b->covers[k].amount;
            int against = laws_cover_against(b, k);
            int who = b->covers[k].who;

            if (b->seat == w) {
                sit__pay(&t, who, b->bettor, against);
                won += against;
            } else {
                sit__pay(&t, b->bettor, who, stake);
            }
        }
        /* docs/variants.md, gallery: "backers of the winner receive their
         * covered stake (times Q/P at odds) less levy; backers of the
         * loser pay theirs": the levy is kept from a winning bet's
         * winnings, once for the bet however many covered it, and not
         * from the stake a coverer wins when the bet loses */
        if (won > 0) {
            sit__pay(&t, b->bettor, -1, levy(s, won));
        }
    }
    sit__settle(c, &t, "game");
}

/* game_over - the bets follow the game as scored (BY7); then the loser
 * gives his seat to the first waiting, unless he played la chouette
 * (BY10), as those rules of play say. */
static void game_over(struct sit_ctx *c, const struct arb_game_result *g)
{
    struct sit_state *s = c->s;
    struct sit_event e;
    struct sit_verdict v;

    /* a game over before betting closed (a seat left before the turn-up):
     * the bets close now, a tableau equalised, as at a turn-up */
    close_bets(c);
    sit__event(&e, SIT_AT_GAME_END);
    e.winner = g->winner;
    e.value = sit__game_value(c, g);
    if (sit__play(c, &e, &v)) {
        settle_bets(c, g->winner);
    }
    s->n_bets = 0;
    s->bets_closed = false;
    s->want[0] = s->seat[0];
    s->want[1] = s->seat[1];
    sit__event(&e, SIT_AT_NEXT_SEATS);
    e.winner = g->winner;
    if (sit__play(c, &e, &v)) {
        int loser = s->seat[v.seat];

        sit__order_remove(s, v.person);
        if (s->p[loser].present) {
            sit__order_push(s, loser);
        }
        s->want[v.seat] = v.person;
    }
    s->chouette_seat = SEAT_NONE;
    sit__mark_roles(c);
}

/* abandoned - a game left unfinished: its bets are gone (BY8 rules them
 * void when the next game begins, sit_observe.c). */
static void abandoned(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    s->n_bets = 0;
    s->bets_closed = false;
    s->chouette_seat = SEAT_NONE;
}

/* ruled - ask the gallery's rules about the line (who acting); true if
 * one of them ruled or noted it (*rc: the status). */
static bool ruled(struct sit_ctx *c, struct sit_event *e, int *rc)
{
    struct sit_answer ans;

    *rc = sit__ask(c, e, &ans);
    return *rc != 0 || ans.n_rulings > 0 || ans.n_notes > 0;
}

/* bets - `ID bets N on S [at P:Q]`: a bet void by BY1, or made; la
 * chouette covers it if it is on his adversary. */
static int bets(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    struct sit_event e;
    struct sit_bet *b;
    int rc;

    sit__line_event(c, who, &e);
    if (ruled(c, &e, &rc)) {
        return rc;
    }
    b = &s->bets[s->n_bets++];
    memset(b, 0, sizeof(*b));
    b->bettor = who;
    b->seat = e.seat;
    b->amount = e.n;
    b->odds[0] = e.odds[0] > 0 ? e.odds[0] : 1;
    b->odds[1] = e.odds[0] > 0 ? e.odds[1] : 1;
    return chouette_covers(c, s->n_bets - 1);
}

/* last_bet - person's newest live bet, -1 if none. */
static int last_bet(const struct sit_state *s, int person)
{
    for (int i = s->n_bets - 1; i >= 0; i--) {
        if (!s->bets[i].dead && s->bets[i].bettor == person) {
            return i;
        }
    }
    return -1;
}

/* cover_part - a bystander covers want (0: what is left) of bet b: what
 * is left of it at most. */
static void cover_part(struct sit_ctx *c, struct sit_bet *b, int who,
                       int want)
{
    int left = b->amount - laws_bet_covered(b);

    if (want == 0 || want > left) {
        want = left;
    }
    if (want <= 0) {
        sit__note(c, "%s's bet is covered already: %s covers nothing",
                  sit__id(c->s, b->bettor), sit__id(c->s, who));
        return;
    }
    add_cover(b, who, want);
}

/* covers - `ID covers ID2 [N]`: ID takes all, or N, of ID2's newest bet;
 * void by BY1; the players first (BY3). */
static int covers(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    const struct tl_line *l = c->l;
    struct sit_event e;
    int bettor;
    int i;
    int rc = sit__person(c, l->sit.who, &bettor);

    if (rc != 0) {
        return rc;
    }
    i = last_bet(s, bettor);
    /* A cover after the close is void (BY1) even when the bet it names
     * has gone: voided at the close for want of a cover, or itself made
     * after the close. */
    if (i < 0 && (s->r.tableau || !s->bets_closed)) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a bet by %s to cover, found none",
                         s->p[bettor].id);
    }
    if (s->r.tableau) {
        sit__note(c, "a tableau pools the bets: %s covers nothing",
                  s->p[who].id);
        return 0;
    }
    sit__line_event(c, who, &e);
    e.other = bettor;
    e.bet = i;
    if (ruled(c, &e, &rc)) {
        return rc;
    }
    if (sit__seat_of(s, who) == SEAT_OTHER(s->bets[i].seat)) {
        return cover_by(c, i, who, e.n > 0 ? e.n : s->bets[i].amount);
    }
    cover_part(c, &s->bets[i], who, e.n > 0 ? e.n : 0);
    return 0;
}

/* takes_all_bets - `S takes-all-bets`: the player plays la chouette for
 * the game, covering every bet on his adversary, first (BY3, BY10); void
 * after the close (BY1). */
static int takes_all_bets(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    struct sit_event e;
    int seat = c->l->ev.actor;
    int rc;

    if (s->seat[seat] < 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a player in seat %c to take all bets, "
                         "found the seat empty",
                         seat_letter(seat));
    }
    sit__line_event(c, -1, &e);
    e.seat = seat;
    if (ruled(c, &e, &rc)) {
        return rc;
    }
    s->chouette_seat = seat;
    for (int i = 0; i < s->n_bets && rc == 0; i++) {
        rc = chouette_covers(c, i);
    }
    return rc;
}

/* sees - `ID sees S`: a bettor who looks at the hand he bets against
 * forfeits his stakes to that player at once (BY2).  A bet against it
 * that risks nothing ends all the same. */
static int sees(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    struct sit_event e;
    struct sit_answer ans;
    struct settle none;
    int rc;

    sit__line_event(c, who, &e);
    rc = sit__ask(c, &e, &ans);
    if (rc == 0 && ans.n_rulings == 0) {
        sit__settle_start(&none);
        sit__forfeit_stakes(s, who, e.seat, s->seat[e.seat], &none);
    }
    return rc;
}

/* advice - `ID points S C`, `ID advises S`: advice only as the gallery
 * allows, never to the player one bets against (BY4). */
static int advice(struct sit_ctx *c, int who)
{
    struct sit_event e;

    sit__line_event(c, who, &e);
    return sit__ask(c, &e, NULL);
}

/* calls - `ID calls LAW`: a bettor's call is the backed player's claim,
 * or not heard (BY5). */
static int calls(struct sit_ctx *c, int who)
{
    struct sit_event e;

    sit__line_event(c, who, &e);
    return sit__ask(c, &e, NULL);
}

/* takes_seat - BY6: a person with money on the seat left takes it. */
static int takes_seat(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    int seat = c->l->ev.target;

    if (s->left_seat != seat) {
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
    .abandoned = abandoned,
};
