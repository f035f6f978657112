/* SPDX-License-Identifier: MIT */
/*
 * sit_pool.c - pool écarté (docs/variants.md, pool): every person puts an ante of the
 * Stake into the pool; two play, the rest queue; each game's loser pays a
 * forfeit into the pool, goes to the end of the queue, and the first of
 * the queue, the rentrant, takes his seat (PO1); the winner, the roi,
 * counts his games won running, and pool-run of them take the pool; then
 * a new pool begins, with fresh antes and a fresh cut.  A new pair cuts
 * for deal (or the rentrant deals, pool-deal=rentrant).  The rules
 * PO1-PO4 are rows of laws/ (sit_rulings.c asks them).  The settlement
 * of a pool taken gives each person's net for that pool.
 */
#include "sitting/sitting.h"

#include <string.h>

#include "sitting/sitting_int.h"

/* legit - the two who may sit now: the roi and the rentrant, or the
 * pool's first pair; -1 where none is known. */
static void legit(const struct sit_state *s, int out[2])
{
    if (s->roi >= 0) {
        out[0] = s->roi;
        out[1] = s->rentrant;
    } else {
        out[0] = s->pair[0];
        out[1] = s->pair[1];
    }
}

static enum sit_role role(const struct sit_state *s, int person)
{
    if (person == s->roi) {
        return SIT_ROLE_ROI;
    }
    if (person == s->rentrant) {
        return SIT_ROLE_RENTRANT;
    }
    if (sit__seat_of(s, person) != SEAT_NONE || person == s->pair[0] ||
        person == s->pair[1]) {
        return SIT_ROLE_PLAYER;
    }
    return sit__order_find(s, person) >= 0 ? SIT_ROLE_WAITING
                                           : SIT_ROLE_BYSTANDER;
}

static int side(const struct sit_state *s, int person)
{
    return sit__seat_of(s, person);
}

static void roles_now(const struct sit_state *s, struct tl_roles *out)
{
    out->form = TL_ROLES_NONE;
    out->n = 0;
    out->streak = 0;
    out->second[0] = '\0';
    if (s->roi >= 0) {
        out->form = TL_ROLES_ROI;
        snprintf(out->first, TL_ID_MAX, "%s", sit__id(s, s->roi));
        out->streak = s->streak;
        snprintf(out->second, TL_ID_MAX, "%s", sit__id(s, s->rentrant));
    } else if (s->pair[0] >= 0 && s->pair[1] >= 0) {
        out->form = TL_ROLES_PLAYERS;
        snprintf(out->first, TL_ID_MAX, "%s", sit__id(s, s->pair[0]));
        snprintf(out->second, TL_ID_MAX, "%s", sit__id(s, s->pair[1]));
    } else {
        return;
    }
    for (int i = 0; i < s->n_order && out->n < TL_IDS_MAX; i++) {
        snprintf(out->list[out->n++], TL_ID_MAX, "%s", sit__id(s, s->order[i]));
    }
}

/* pool_start - a new pool: every person present puts in his ante. */
static void pool_start(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    s->pool_on = true;
    s->pool = 0;
    for (int i = 0; i < s->n_persons; i++) {
        struct person *p = &s->p[i];

        p->paid = 0;
        p->in_pool = p->present;
        p->out_of_pool = false;
        if (p->present) {
            p->paid = s->r.stake;
            s->pool += s->r.stake;
            sit__record(c, SIT_REC_STAKE, SEAT_NONE, i, "ante", s->r.stake);
        }
    }
}

/* add_missing - persons present but not named join the queue. */
static void add_missing(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    for (int i = 0; i < s->n_persons; i++) {
        if (s->p[i].present && sit__order_find(s, i) < 0 && i != s->roi &&
            i != s->rentrant && i != s->pair[0] && i != s->pair[1]) {
            sit__order_push(s, i);
            sit__note(c, "%s, not named, joins the end of the queue",
                      s->p[i].id);
        }
    }
}

static int roles(struct sit_ctx *c, const struct tl_roles *r)
{
    struct sit_state *s = c->s;

    s->roi = s->rentrant = -1;
    s->pair[0] = s->pair[1] = -1;
    s->streak = 0;
    if (r->form == TL_ROLES_PLAYERS) {
        s->pair[0] = sit__find(s, r->first);
        s->pair[1] = sit__find(s, r->second);
        s->first_cut = s->pair[0];
    } else {
        s->roi = sit__find(s, r->first);
        s->streak = r->streak;
        s->rentrant = r->second[0] != '\0' ? sit__find(s, r->second) : -1;
    }
    s->n_order = 0;
    for (int i = 0; i < r->n; i++) {
        s->order[s->n_order++] = sit__find(s, r->list[i]);
    }
    add_missing(c);
    if (!s->pool_on) {
        pool_start(c);
        sit__mark_pool(c);
    }
    return 0;
}

/* order_cut - the two highest sit, the others queue in the cut's order;
 * the pool begins if it has not. */
static void order_cut(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    s->roi = s->rentrant = -1;
    s->streak = 0;
    s->pair[0] = s->n_order > 0 ? s->order[0] : -1;
    s->pair[1] = s->n_order > 1 ? s->order[1] : -1;
    sit__order_remove(s, s->pair[0]);
    sit__order_remove(s, s->pair[1]);
    if (!s->pool_on) {
        pool_start(c);
        sit__mark_pool(c);
    }
    sit__mark_roles(c);
}

/* seat_due - only the roi and the rentrant (or the first pair) sit: the
 * one the seat should hold instead of its player, -1 if he may. */
static int seat_due(const struct sit_state *s, int seat)
{
    int may[2];
    int other = s->seat[SEAT_OTHER(seat)];

    legit(s, may);
    if (may[0] < 0 || may[1] < 0 ||
        (s->seat[seat] >= 0 &&
         (s->seat[seat] == may[0] || s->seat[seat] == may[1]))) {
        return -1;
    }
    return other != may[0] ? may[0] : may[1];
}

/* seated - when the two who may sit are seated and they are a new pair,
 * the arbiter opens the cut for deal to them (or the rentrant, or the
 * pool's highest, deals first). */
static void seated(struct sit_ctx *c, int seat)
{
    struct sit_state *s = c->s;
    int may[2];
    int dealer = SEAT_NONE;

    (void)seat;
    legit(s, may);
    if (s->seat[0] < 0 || s->seat[1] < 0 || may[0] < 0 || may[1] < 0 ||
        seat_due(s, 0) >= 0 || seat_due(s, 1) >= 0 ||
        (s->told[0] == s->seat[0] && s->told[1] == s->seat[1])) {
        return;
    }
    if (s->roi < 0) {
        dealer = sit__seat_of(s, s->pair[0]); /* the cut's highest */
    } else if (s->r.rentrant_deals) {
        dealer = sit__seat_of(s, s->rentrant);
    }
    if (arbiter_new_pair(c->a, dealer) == 0) {
        s->told[0] = s->seat[0];
        s->told[1] = s->seat[1];
    }
}

static void game_start(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    for (int i = 0; i < s->n_persons; i++) {
        s->p[i].advises = SEAT_NONE;
    }
}

/* award - the roi takes the pool: each person's net for it; then a new
 * pool, its antes paid, its order to be cut. */
static void award(struct sit_ctx *c, int winner)
{
    struct sit_state *s = c->s;
    struct settle t;

    sit__settle_start(&t);
    for (int i = 0; i < s->n_persons; i++) {
        t.amount[i] = -s->p[i].paid;
    }
    t.amount[winner] += s->pool;
    sit__settle(c, &t, "pool");
    pool_start(c);
    sit__mark_pool(c);
    s->roles_set = false;
    s->roi = s->rentrant = -1;
    s->pair[0] = s->pair[1] = -1;
    s->streak = 0;
    s->n_order = 0;
    s->told[0] = s->told[1] = -1;
}

/* game_over - the rule of play PO1, as its verdict has it: the loser's
 * forfeit, the roi's streak, the loser to the end of the queue and the
 * rentrant in; the pool to the roi when it awards it. */
static void game_over(struct sit_ctx *c, const struct arb_game_result *g)
{
    struct sit_state *s = c->s;
    int winner = s->seat[g->winner];
    int loser = s->seat[SEAT_OTHER(g->winner)];
    struct sit_event e;
    struct sit_verdict v;
    int forfeit;

    sit__event(&e, SIT_AT_GAME_END);
    e.winner = g->winner;
    e.value = sit__game_value(c, g);
    if (!sit__play(c, &e, &v)) {
        return;
    }
    forfeit = v.amount;
    if (forfeit > 0) {
        s->pool += forfeit;
        s->p[loser].paid += forfeit;
        sit__record(c, SIT_REC_STAKE, SEAT_NONE, loser, "forfeit", forfeit);
        sit__mark_pool(c);
    }
    s->streak = v.n;
    s->roi = winner;
    s->rentrant = -1;
    s->pair[0] = s->pair[1] = -1;
    if (v.remedy == REM_AWARD) {
        award(c, winner);
        return;
    }
    if (s->p[loser].present && !s->p[loser].out_of_pool) {
        sit__order_push(s, loser);
    } else {
        sit__order_remove(s, loser);
    }
    if (s->n_order > 0) {
        s->rentrant = s->order[0];
        sit__order_remove(s, s->rentrant);
    }
    sit__mark_roles(c);
}

/* pool_line - `pool N`: the pool of a case study, between games; what is
 * above the antes counts as forfeits of the queue, its last first. */
static int pool_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    int n = c->l->sit.n;
    int extra;
    int unit = s->r.stake * (s->r.pool_forfeit > 0 ? s->r.pool_forfeit : 1);
    bool any = false;

    if (arbiter_hand_in_progress(c->a) || (s->in_game && s->deal_seen)) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a pool line between games, found one in "
                         "game %d",
                         s->game);
    }
    if (!s->pool_on) {
        pool_start(c);
    }
    extra = n - s->pool;
    for (int k = s->n_order - 1; extra > 0 && s->n_order > 0; k--) {
        int who = s->order[(k % s->n_order + s->n_order) % s->n_order];
        int part = extra < unit ? extra : unit;

        s->p[who].paid += part;
        extra -= part;
    }
    for (int i = s->n_persons - 1; extra < 0 && i >= 0; i--) {
        int part = s->p[i].paid < -extra ? s->p[i].paid : -extra;

        s->p[i].paid -= part;
        extra += part;
    }
    if (extra > 0 && s->roi >= 0) {
        s->p[s->roi].paid += extra;  /* nobody queues: the roi's */
        extra = 0;
    }
    /* no queue and no roi yet: the persons in the pool put it in, a unit
     * each in turn, the last declared first (none in it: nobody can have) */
    for (int i = 0; i < s->n_persons; i++) {
        any = any || s->p[i].in_pool;
    }
    for (int i = s->n_persons - 1; any && extra > 0;
         i = i > 0 ? i - 1 : s->n_persons - 1) {
        int part;

        if (!s->p[i].in_pool) {
            continue;
        }
        part = extra < unit ? extra : unit;
        s->p[i].paid += part;
        extra -= part;
    }
    s->pool = n - extra; /* what nobody can have put in is not there */
    return 0;
}

/* queues - `ID queues`: a newcomer pays his ante into the pool and joins
 * the end of the queue. */
static int queues(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    struct person *p = &s->p[who];

    if (sit__order_find(s, who) >= 0 || who == s->roi ||
        who == s->rentrant || sit__seat_of(s, who) != SEAT_NONE) {
        sit__note(c, "%s is in the pool already", p->id);
        return 0;
    }
    if (s->pool_on && !p->in_pool) {
        p->in_pool = true;
        p->paid += s->r.stake;
        s->pool += s->r.stake;
        sit__record(c, SIT_REC_STAKE, SEAT_NONE, who, "ante", s->r.stake);
        sit__mark_pool(c);
    }
    p->out_of_pool = false;
    sit__order_push(s, who);
    return 0;
}

/* advice - `ID points S C`, `ID advises S`: the waiting player's first
 * advice before the first turn-up names the player he advises; advice
 * against the pool's rules counts for nothing (PO4). */
static int advice(struct sit_ctx *c, int who)
{
    struct sit_event e;
    struct sit_answer ans;
    int rc;

    sit__line_event(c, who, &e);
    rc = sit__ask(c, &e, &ans);
    if (rc == 0 && ans.n_rulings == 0 && ans.n_notes == 0) {
        c->s->p[who].advises = (int8_t)e.seat;
    }
    return rc;
}

static int line(struct sit_ctx *c)
{
    int who = -1;
    int rc;

    if (c->l->sit.actor[0] != '\0' &&
        (rc = sit__person(c, c->l->sit.actor, &who)) != 0) {
        return rc;
    }
    switch (c->l->ev.kind) {
    case EV_POOL:
        return pool_line(c);
    case EV_QUEUES:
        return queues(c, who);
    case EV_POINTS:
    case EV_ADVISES:
        return advice(c, who);
    case EV_SEES:
        sit__note(c, "%s sees %c's cards: no rule of the pool is engaged",
                  sit__id(c->s, who), seat_letter(c->l->ev.target));
        return 0;
    default:
        return 1;
    }
}

const struct sit_ops sit__pool_ops = {
    .name = "pool",
    .roles_form = TL_ROLES_ROI,
    .role = role,
    .side = side,
    .line = line,
    .roles = roles,
    .roles_now = roles_now,
    .order_cut = order_cut,
    .seat_due = seat_due,
    .seated = seated,
    .game_start = game_start,
    .game_over = game_over,
};
