/* SPDX-License-Identifier: MIT */
/*
 * sit_observe.c - what the arbiter reports, turned into roles and money:
 * a game begun (its seats filled and checked), its first deal, a
 * turn-up, a deal ended, a result taken back (its settlement reversed),
 * a game won (settled by the format, each person's part recorded).
 */
#include "sitting/sitting.h"

#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* What the arbiter reports                                             */
/* ------------------------------------------------------------------ */

/* fill_seats - a game begins: an empty seat takes the person the roles
 * put there. */
static void fill_seats(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);

    for (int k = 0; k < 2 && ops->seat_due != NULL; k++) {
        int due = ops->seat_due(s, k);

        if (s->seat[k] < 0 && due >= 0 && sit__seat_of(s, due) == SEAT_NONE) {
            s->seat[k] = due;
        }
    }
}

/* game_begins - the arbiter began game number game: the game left
 * unfinished before it (its bets: BY8), the order cut closed, the seats
 * filled and checked against the roles (CH1, PO2).  Returns 0 or the
 * status of a remedy. */
static int game_begins(struct sit_ctx *c, int game)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    struct sit_event e;
    int rc;

    if (s->in_game && s->deal_seen) {
        sit__event(&e, SIT_AT_GAME_LEFT);
        if ((rc = sit__ask(c, &e, NULL)) != 0) {
            return rc;
        }
        if (ops->abandoned != NULL) {
            ops->abandoned(c);
        }
    }
    s->game = game;
    s->in_game = true;
    s->deal_seen = false;
    s->turned_up = false;
    if (s->cutting) {
        sit__cut_close(c);
    }
    fill_seats(c);
    sit__event(&e, SIT_AT_GAME_START);
    if ((rc = sit__ask(c, &e, NULL)) != 0) {
        return rc;
    }
    if (ops->game_start != NULL) {
        ops->game_start(c);
    }
    return 0;
}

/* first_deal - the game's first deal begins: who sits where is kept. */
static void first_deal(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);

    s->deal_seen = true;
    for (int k = 0; k < 2; k++) {
        if (s->seat[k] >= 0) {
            sit__record(c, SIT_REC_SEATING, k, s->seat[k],
                        sit_role_name(ops->role(s, s->seat[k])), 0);
        }
    }
}

/* net_of - person's net in the settlements of this line's marks of
 * reason game or pool. */
static int net_of(const struct sit_ctx *c, int person)
{
    const char *id = sit__id(c->s, person);
    int net = 0;

    for (int m = 0; m < c->out->n_marks; m++) {
        const struct sit_mark *k = &c->out->marks[m];

        if (k->kind != SIT_MARK_SETTLE ||
            (strcmp(k->reason, "game") != 0 && strcmp(k->reason, "pool") != 0)) {
            continue;
        }
        for (int i = 0; i < k->n; i++) {
            if (strcmp(k->t[i].who, id) == 0) {
                net += k->t[i].n;
            }
        }
    }
    return net;
}

/* take_back - the result of the game settled is taken back (L51, or a
 * result that changed): its settlement reversed, the roles, the pool and
 * the bets as they were before its end (persons, seats and balances as
 * they are now). */
static int take_back(struct sit_ctx *c)
{
    struct sitting *sit = c->sit;
    struct sit_state *s = c->s;
    struct settle t;
    int rc;

    if (s->settled_game == 0 || !sit->has_before) {
        return 0;
    }
    sit__settle_start(&t);
    for (int i = 0; i < s->last_n; i++) {
        int who = sit__find(s, s->last[i].who);

        if (who >= 0) {
            t.amount[who] -= s->last[i].n;
        } else {
            t.house -= s->last[i].n;
        }
    }
    rc = sit__settle(c, &t, "reopened");
    if (rc != 0) {
        return rc;
    }
    {
        struct sit_state keep;
        int n_persons = s->n_persons;

        sit__state_copy(&keep, s);
        sit__state_copy(s, &sit->before);
        s->n_persons = n_persons;
        for (int i = 0; i < n_persons; i++) {
            if (i < sit->before.n_persons) {
                s->p[i].balance = keep.p[i].balance;
            } else {
                s->p[i] = keep.p[i];
            }
        }
        s->house = keep.house;
        s->seat[0] = keep.seat[0];
        s->seat[1] = keep.seat[1];
        s->game = keep.game;
    }
    s->in_game = true;
    s->settled_game = 0;
    s->last_n = 0;
    sit->has_before = false;
    sit__note(c, "game %d's settlement is taken back with its result",
              s->game);
    return 0;
}

/* game_ends - the arbiter reports game g won: the format settles it and
 * moves the roles; each person's part is recorded. */
static int game_ends(struct sit_ctx *c, const struct arb_game_result *g)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    const char *roles[SIT_PERSONS_MAX];
    int sides[SIT_PERSONS_MAX];
    int marks = c->out->n_marks;

    if (s->settled_game == g->number) {
        int rc = take_back(c);    /* the result changed: settled again */

        if (rc != 0) {
            return rc;
        }
    }
    sit__state_copy(&c->sit->before, s);
    c->sit->has_before = true;
    s->game = g->number;
    s->in_game = false;
    s->last_n = 0;
    for (int i = 0; i < s->n_persons; i++) {
        roles[i] = sit_role_name(ops->role(s, i));
        sides[i] = ops->side(s, i);
    }
    if (ops->game_over != NULL) {
        ops->game_over(c, g);
    }
    for (int m = marks; m < c->out->n_marks; m++) {
        if (c->out->marks[m].kind == SIT_MARK_SETTLE &&
            c->out->marks[m].n > 0) {
            s->settled_game = g->number;
        }
    }
    for (int i = 0; i < s->n_persons; i++) {
        struct sit_record *r;

        if (sides[i] == SEAT_NONE && net_of(c, i) == 0) {
            continue;
        }
        r = sit__record(c, SIT_REC_ROLE, sides[i], i, roles[i], net_of(c, i));
        if (r != NULL) {
            r->game = g->number;
            r->won = sides[i] == SEAT_NONE ? 0 : sides[i] == g->winner ? 1 : -1;
        }
    }
    s->left_seat = SEAT_NONE;
    return 0;
}

int sit__observe(struct sit_ctx *c, const struct arb_result *ar)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    int rc;

    if (ar->game_started &&
        (rc = game_begins(c, arbiter_game_number(c->a))) != 0) {
        return rc;
    }
    if (ar->deal_started && !s->deal_seen && s->in_game) {
        first_deal(c);
    }
    if (c->l != NULL && c->l->ev.kind == EV_TURN && s->in_game &&
        arbiter_trump(c->a) != SUIT_NONE && arbiter_hand_in_progress(c->a)) {
        bool first = !s->turned_up;

        s->turned_up = true;
        if (ops->turn_up != NULL) {
            ops->turn_up(c, first);
        }
    }
    if (ar->game_reopened && ar->reopened_game == s->settled_game) {
        rc = take_back(c);
        if (rc != 0) {
            return rc;
        }
    }
    if (ar->deal_over && ops->deal_over != NULL) {
        ops->deal_over(c);
    }
    if (ar->game_over) {
        return game_ends(c, &ar->game);
    }
    return 0;
}
