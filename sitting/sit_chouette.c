/* SPDX-License-Identifier: MIT */
/*
 * sit_chouette.c - the chouette format (docs/variants.md, chouette): the bank (seat A)
 * plays alone against the ponte (seat B), who plays for every non-bank
 * person; each of them stakes against the bank and the bank settles with
 * each separately.  The order [bank, ponte, advisers...] comes from
 * the cut; after each game it turns: a beaten ponte goes to the end
 * and the first adviser becomes ponte; a beaten bank hands the bank to
 * the ponte (bank-on-loss=passes, Meyers) or keeps it (keeps, the French
 * la chouette).  The rules CH1-CH5 are rows of laws/, asked through
 * sit__ask (sit_rulings.c): this file says who should sit, and what a
 * line does when no rule is engaged.
 */
#include "sitting/sitting.h"

#include <string.h>

#include "sitting/sitting_int.h"

/* bank, ponte - the persons holding the roles, -1 if none. */
static int bank(const struct sit_state *s)
{
    return s->roles_set && s->n_order > 0 ? s->order[0] : -1;
}

static int ponte(const struct sit_state *s)
{
    return s->roles_set && s->n_order > 1 ? s->order[1] : -1;
}

/* bank_seat - the seat the bank plays in: his own, else A. */
static int bank_seat(const struct sit_state *s)
{
    int seat = sit__seat_of(s, bank(s));

    return seat != SEAT_NONE ? seat : SEAT_A;
}

static enum sit_role role(const struct sit_state *s, int person)
{
    int at = sit__order_find(s, person);

    if (!s->roles_set || at < 0) {
        return sit__seat_of(s, person) != SEAT_NONE ? SIT_ROLE_PLAYER
                                                    : SIT_ROLE_BYSTANDER;
    }
    return at == 0   ? SIT_ROLE_BANK
           : at == 1 ? SIT_ROLE_PONTE
                     : SIT_ROLE_ADVISER;
}

/* side - the bank's win is the bank's; every staker's is the ponte's. */
static int side(const struct sit_state *s, int person)
{
    if (person == bank(s)) {
        return bank_seat(s);
    }
    if (s->p[person].stake > 0 || sit__seat_of(s, person) != SEAT_NONE) {
        return SEAT_OTHER(bank_seat(s));
    }
    return SEAT_NONE;
}

static void roles_now(const struct sit_state *s, struct tl_roles *out)
{
    out->form = TL_ROLES_NONE;
    out->n = 0;
    if (bank(s) < 0 || ponte(s) < 0) {
        return;
    }
    out->form = TL_ROLES_CHOUETTE;
    snprintf(out->first, TL_ID_MAX, "%s", sit__id(s, s->order[0]));
    snprintf(out->second, TL_ID_MAX, "%s", sit__id(s, s->order[1]));
    for (int i = 2; i < s->n_order && out->n < TL_IDS_MAX; i++) {
        snprintf(out->list[out->n++], TL_ID_MAX, "%s", sit__id(s, s->order[i]));
    }
}

/* add_missing - persons present but not in the order go to its end. */
static void add_missing(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    for (int i = 0; i < s->n_persons; i++) {
        if (s->p[i].present && sit__order_find(s, i) < 0) {
            sit__order_push(s, i);
            sit__note(c, "%s, not named, joins the end of the order",
                      s->p[i].id);
        }
    }
}

static int roles(struct sit_ctx *c, const struct tl_roles *r)
{
    struct sit_state *s = c->s;

    s->n_order = 0;
    s->order[s->n_order++] = sit__find(s, r->first);
    s->order[s->n_order++] = sit__find(s, r->second);
    for (int i = 0; i < r->n; i++) {
        s->order[s->n_order++] = sit__find(s, r->list[i]);
    }
    s->roles_set = true;
    add_missing(c);
    return 0;
}

static void order_cut(struct sit_ctx *c)
{
    sit__mark_roles(c);
}

/* seat_due - the bank sits in seat A, the ponte in B (CH1). */
static int seat_due(const struct sit_state *s, int seat)
{
    int due = seat == SEAT_A ? bank(s) : ponte(s);

    return due >= 0 && s->seat[seat] != due ? due : -1;
}

/* game_start - each non-bank person in the order stakes against the bank
 * for the game: what he stated, else the Stake. */
static void game_start(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    int present = 0;

    for (int i = 0; i < s->n_persons; i++) {
        struct person *p = &s->p[i];
        int at = sit__order_find(s, i);

        p->stake = at >= 1 && p->present
                       ? (p->stake_next > 0 ? p->stake_next : s->r.stake)
                       : 0;
        p->stake_next = 0;
        p->stake_paid = false;
        p->no_advice = false;
        present += p->present && at >= 0;
    }
    if (s->roles_set && present < 3) {
        sit__note(c, "a chouette needs three persons at least; with two it "
                     "is a duel (docs/variants.md, chouette)");
    }
}

/* turn_up - the game's first turn-up closes the stakes (CH4): kept. */
static void turn_up(struct sit_ctx *c, bool first)
{
    struct sit_state *s = c->s;

    if (!first) {
        return;
    }
    for (int i = 0; i < s->n_persons; i++) {
        if (s->p[i].stake > 0) {
            sit__record(c, SIT_REC_STAKE, SEAT_NONE, i, "stake",
                        s->p[i].stake);
        }
    }
}

/* game_over - the bank settles with each stake, times the game's value
 * (docs/variants.md, chouette); the order turns. */
static void game_over(struct sit_ctx *c, const struct arb_game_result *g)
{
    struct sit_state *s = c->s;
    int b = bank(s);
    int pt = ponte(s);
    bool bank_won = g->winner == bank_seat(s);
    int v = sit__game_value(c, g);
    struct settle t;

    if (b < 0) {
        return;
    }
    sit__settle_start(&t);
    for (int i = 0; i < s->n_persons; i++) {
        struct person *p = &s->p[i];

        if (i == b || p->stake <= 0 || p->stake_paid) {
            continue;
        }
        if (bank_won) {
            sit__pay(&t, i, b, p->stake * v);
        } else {
            sit__pay(&t, b, i, p->stake * v);
        }
    }
    sit__settle(c, &t, "game");
    for (int i = 0; i < s->n_persons; i++) {
        s->p[i].stake = 0;
    }
    if (pt >= 0 && bank_won) {
        sit__order_push(s, pt);               /* the ponte to the end */
    } else if (pt >= 0 && !s->r.bank_keeps) {
        sit__order_remove(s, pt);             /* the ponte takes the bank */
        memmove(&s->order[1], &s->order[0],
                sizeof(s->order[0]) * (size_t)s->n_order);
        s->order[0] = pt;
        s->n_order++;
        sit__order_push(s, b);                /* the bank to the end */
    }
    for (int i = 0; i < s->n_persons; i++) {
        if (!s->p[i].present) {
            sit__order_remove(s, i);
        }
    }
    sit__mark_roles(c);
}

static void joined(struct sit_ctx *c, int person)
{
    struct sit_state *s = c->s;

    if (s->roles_set) {
        sit__order_push(s, person);
        sit__note(c, "%s joins the end of the order%s", s->p[person].id,
                  s->in_game ? " (his stake from the next game)" : "");
    }
}

/* sees - `ID sees S`: an adviser who looks at the bank's cards forfeits
 * his stake (CH2); else no rule of the chouette is engaged. */
static int sees(struct sit_ctx *c, int who)
{
    struct sit_event e;
    struct sit_answer ans;
    int rc;

    sit__line_event(c, who, &e);
    rc = sit__ask(c, &e, &ans);
    if (rc == 0 && ans.n_rulings == 0 && ans.n_notes == 0) {
        sit__note(c, "%s sees %c's cards: no rule of the chouette is engaged",
                  c->s->p[who].id, seat_letter(e.seat));
    }
    return rc;
}

/* stakes - `ID stakes N`: for the coming game, or this one before its
 * first turn-up; the bank states none, and later it is void (CH4). */
static int stakes(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    struct person *p = &s->p[who];
    struct sit_event e;
    struct sit_answer ans;
    int rc;

    sit__line_event(c, who, &e);
    rc = sit__ask(c, &e, &ans);
    if (rc != 0 || ans.n_rulings > 0 || ans.n_notes > 0) {
        return rc;
    }
    if (s->in_game && p->stake > 0) {
        p->stake = e.n;
    } else {
        p->stake_next = e.n;
    }
    return 0;
}

/* advice - `ID points S C`, `ID advises S`: advisers may advise the
 * ponte, as advice allows; the chouette has no rule against the rest,
 * which is noted. */
static int advice(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    int seat = c->l->ev.target;
    bool spoken = c->l->ev.kind == EV_ADVISES;

    if (seat == bank_seat(s)) {
        sit__note(c, "nobody advises the bank: %s's advice is noted",
                  s->p[who].id);
    } else if (s->p[who].no_advice) {
        sit__note(c, "%s may not advise this game (CH2): noted",
                  s->p[who].id);
    } else if (s->r.advice == ADVICE_NONE ||
               (spoken && s->r.advice == ADVICE_POINT)) {
        sit__note(c, "advice %s is not allowed here (advice=%s): noted",
                  spoken ? "in words" : "by pointing",
                  s->r.advice == ADVICE_NONE ? "none" : "point");
    }
    return 0;
}

/* takes_seat - `ID takes-seat S` after the ponte left (CH3): an adviser
 * finishes the game as ponte; the leaver goes to the end of the order,
 * his stake on the game. */
static int takes_seat(struct sit_ctx *c, int who)
{
    struct sit_state *s = c->s;
    int seat = c->l->ev.target;
    int at = sit__order_find(s, who);

    if (s->left_seat != seat) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a seat left by its player (CH3) to take, "
                         "found seat %c not left",
                         seat_letter(seat));
    }
    if (at < 2 || !s->p[who].present) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected an adviser to take seat %c (CH3), found "
                         "\"%s\"",
                         seat_letter(seat), s->p[who].id);
    }
    sit__order_remove(s, who);
    s->order[1] = who;                /* he plays as ponte ... */
    if (s->left_person >= 0) {
        sit__order_push(s, s->left_person); /* ... the leaver goes last */
    }
    s->seat[seat] = who;
    s->left_seat = SEAT_NONE;
    sit__record(c, SIT_REC_SEATING, seat, who, "ponte", 0);
    sit__note(c, "%s takes seat %c and finishes the game for the ponte",
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
    case EV_STAKES:
        return stakes(c, who);
    case EV_SEES:
        return sees(c, who);
    case EV_POINTS:
    case EV_ADVISES:
        return advice(c, who);
    case EV_TAKES_SEAT:
        return takes_seat(c, who);
    case EV_QUEUES:
        if (sit__order_find(s, who) < 0) {
            sit__order_push(s, who);
            sit__note(c, "%s joins the end of the order", s->p[who].id);
        }
        return 0;
    default:
        return 1;
    }
}

const struct sit_ops sit__chouette_ops = {
    .name = "chouette",
    .roles_form = TL_ROLES_CHOUETTE,
    .role = role,
    .side = side,
    .line = line,
    .roles = roles,
    .roles_now = roles_now,
    .order_cut = order_cut,
    .seat_due = seat_due,
    .game_start = game_start,
    .turn_up = turn_up,
    .game_over = game_over,
    .joined = joined,
};
