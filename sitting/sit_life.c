/* SPDX-License-Identifier: MIT */
/*
 * sit_life.c - the sitting's life cycle (open, copy, close), its state
 * at the start, the format's table of hooks, and what callers read of a
 * sitting (its format, persons, seats, the house's levy).
 */
#include "sitting/sitting.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/* state_init - a sitting in the duel format, nobody declared. */
static void state_init(struct sit_state *s)
{
    memset(s, 0, offsetof(struct sit_state, p));
    s->r.stake = 1;
    s->r.rubber_tag = -1;
    sit__rules_for(&s->r, SIT_DUEL);
    s->seat[0] = s->seat[1] = -1;
    s->first_cut = -1;
    s->roi = -1;
    s->rentrant = -1;
    s->pair[0] = s->pair[1] = -1;
    s->want[0] = s->want[1] = -1;
    s->hold_law = -1;
    s->hold_seat = SEAT_NONE;
    s->hold_person = -1;
    s->left_seat = SEAT_NONE;
    s->left_person = -1;
    s->chouette_seat = SEAT_NONE;
    s->told[0] = s->told[1] = -1;
}

void sit__state_copy(struct sit_state *dst, const struct sit_state *src)
{
    memcpy(dst, src, offsetof(struct sit_state, p));
    memcpy(dst->p, src->p, sizeof(src->p[0]) * (size_t)src->n_persons);
    memcpy(dst->bets, src->bets, sizeof(src->bets[0]) * (size_t)src->n_bets);
}

const struct sit_ops *sit__ops(const struct sit_state *s)
{
    switch (s->r.format) {
    case SIT_CHOUETTE:
        return &sit__chouette_ops;
    case SIT_POOL:
        return &sit__pool_ops;
    case SIT_GALLERY:
        return &sit__gallery_ops;
    default:
        return &sit__duel_ops;
    }
}

int sitting_open(struct sitting **out)
{
    struct sitting *s = malloc(sizeof(*s));

    *out = s;
    if (s == NULL) {
        return SIT_E_ERROR;
    }
    state_init(&s->s);
    s->has_before = false;
    s->n_undo = 0;
    s->undo_first = 0;
    s->errmsg[0] = '\0';
    return SIT_OK;
}

void sitting_close(struct sitting *s)
{
    free(s);
}

void sitting_copy(struct sitting *dst, const struct sitting *src)
{
    sit__state_copy(&dst->s, &src->s);
    dst->has_before = src->has_before;
    if (src->has_before) {
        sit__state_copy(&dst->before, &src->before);
    }
    dst->n_undo = 0;            /* a strike does not reach past a copy */
    dst->errmsg[0] = '\0';
}

const char *sitting_errmsg(const struct sitting *s)
{
    return s->errmsg;
}

bool sitting_active(const struct sitting *s)
{
    return s->s.r.format != SIT_DUEL || s->s.n_persons > 0;
}

int sitting_format(const struct sitting *s)
{
    return s->s.r.format;
}

int sitting_persons(const struct sitting *s)
{
    return s->s.n_persons;
}

const char *sitting_person(const struct sitting *s, int i, int *balance)
{
    if (balance != NULL) {
        *balance = s->s.p[i].balance;
    }
    return s->s.p[i].id;
}

const char *sitting_person_role(const struct sitting *s, int i)
{
    return sit_role_name(sit__ops(&s->s)->role(&s->s, i));
}

const char *sitting_seated(const struct sitting *s, int seat)
{
    assert(seat == SEAT_A || seat == SEAT_B);
    return s->s.seat[seat] >= 0 ? s->s.p[s->s.seat[seat]].id : NULL;
}

int sitting_house(const struct sitting *s)
{
    return s->s.house;
}
