/* SPDX-License-Identifier: MIT */
/*
 * sit_core.c - what every format of the sitting shares: failures, notes,
 * records and marks into a line's result; persons, seats and the order;
 * and money, settled in settlements that sum to zero.
 */
#include "sitting/sitting.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* Results and failures                                                 */
/* ------------------------------------------------------------------ */

int sit__fail(struct sit_ctx *c, int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(c->sit->errmsg, sizeof(c->sit->errmsg), fmt, ap);
    va_end(ap);
    return code;
}

void sit__note(struct sit_ctx *c, const char *fmt, ...)
{
    va_list ap;

    if (c->out->n_notes == SIT_NOTES_MAX) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(c->out->notes[c->out->n_notes++], SIT_NOTE_LEN, fmt, ap);
    va_end(ap);
}

struct sit_record *sit__record(struct sit_ctx *c, enum sit_record_kind kind,
                               int seat, int person, const char *what,
                               int amount)
{
    struct sit_record *r;

    if (c->out->n_records == SIT_RECORDS_MAX) {
        return NULL;
    }
    r = &c->out->records[c->out->n_records++];
    memset(r, 0, sizeof(*r));
    r->kind = kind;
    r->game = c->s->game;
    r->seat = seat;
    snprintf(r->who, sizeof(r->who), "%s", sit__id(c->s, person));
    snprintf(r->what, sizeof(r->what), "%s", what != NULL ? what : "");
    r->amount = amount;
    r->odds[0] = r->odds[1] = 1;
    c->out->touched = true;
    return r;
}

/* new_mark - the next mark of the result, of kind (NULL if full). */
static struct sit_mark *new_mark(struct sit_ctx *c, enum sit_mark_kind kind)
{
    struct sit_mark *m;

    if (c->out->n_marks == SIT_MARKS_MAX) {
        return NULL;
    }
    m = &c->out->marks[c->out->n_marks++];
    m->kind = kind;
    m->game = c->s->game;
    m->reason[0] = '\0';
    m->text[0] = '\0';
    m->n = 0;
    c->out->touched = true;
    return m;
}

/* now_mark - a mark saying what sitting_now_text says for kind. */
static void now_mark(struct sit_ctx *c, enum sit_mark_kind kind,
                     enum tl_kind line)
{
    struct sit_mark *m = new_mark(c, kind);

    if (m == NULL) {
        return;
    }
    sit__now_text(c->s, line, m->text, sizeof(m->text));
    if (m->text[0] == '\0') {
        c->out->n_marks--; /* nothing of the kind to say (nobody seated) */
    }
}

void sit__mark_pool(struct sit_ctx *c)
{
    now_mark(c, SIT_MARK_POOL, TL_EXPECT_POOL);
}

void sit__mark_roles(struct sit_ctx *c)
{
    now_mark(c, SIT_MARK_ROLES, TL_EXPECT_ROLES);
}

void sit__mark_bets(struct sit_ctx *c)
{
    now_mark(c, SIT_MARK_BETS, TL_EXPECT_BETS);
}

/* ------------------------------------------------------------------ */
/* Money                                                                */
/* ------------------------------------------------------------------ */

void sit__settle_start(struct settle *t)
{
    memset(t, 0, sizeof(*t));
}

void sit__pay(struct settle *t, int from, int to, int amount)
{
    assert(from >= 0 && from < SIT_PERSONS_MAX && to < SIT_PERSONS_MAX);
    t->amount[from] -= amount;
    if (to < 0) {
        t->house += amount;
    } else {
        t->amount[to] += amount;
    }
}

/* mark_roles - the role each person of settlement m held when its money
 * moved (reason): in the game settled or taken back (the state before
 * the game's end, as its role records say), else in the state before the
 * line (a stake forfeited at once is lost in the role he erred in); a
 * person declared since, as he is now. */
static void mark_roles(struct sit_ctx *c, struct sit_mark *m,
                       const char *reason)
{
    const struct sit_state *when = &c->sit->s;

    if ((strcmp(reason, "game") == 0 || strcmp(reason, "pool") == 0 ||
         strcmp(reason, "reopened") == 0) &&
        c->sit->has_before) {
        when = &c->sit->before;
    }
    for (int i = 0; i < m->n; i++) {
        const struct sit_state *st = when;
        int who = sit__find(st, m->t[i].who);

        if (who < 0) {
            st = c->s;
            who = sit__find(st, m->t[i].who);
        }
        snprintf(m->role[i], sizeof(m->role[i]), "%s",
                 who < 0 ? "" : sit_role_name(sit__ops(st)->role(st, who)));
    }
}

int sit__settle(struct sit_ctx *c, const struct settle *t, const char *reason)
{
    struct sit_state *s = c->s;
    struct tl_line line;
    struct sit_mark *m;
    int sum = t->house;
    int n = 0;

    for (int i = 0; i < s->n_persons; i++) {
        sum += t->amount[i];
    }
    assert(sum == 0);
    if (sum != 0) {
        return sit__fail(c, SIT_E_MONEY,
                         "expected a settlement summing to zero, found %+d "
                         "(money conservation)",
                         sum);
    }
    memset(&line, 0, offsetof(struct tl_line, sit));
    line.kind = TL_EXPECT_SETTLE;
    line.sit.n_amounts = 0;
    for (int i = 0; i < s->n_persons; i++) {
        if (t->amount[i] != 0) {
            snprintf(line.sit.amounts[n].who, TL_ID_MAX, "%s", s->p[i].id);
            line.sit.amounts[n++].n = t->amount[i];
            s->p[i].balance += t->amount[i];
        }
    }
    if (t->house != 0) {
        snprintf(line.sit.amounts[n].who, TL_ID_MAX, "%s", TL_HOUSE);
        line.sit.amounts[n++].n = t->house;
        s->house += t->house;
    }
    if (n == 0) {
        return 0;
    }
    line.sit.n_amounts = n;
    tl_normalize(&line);
    m = new_mark(c, SIT_MARK_SETTLE);
    if (m == NULL) {
        return 0;
    }
    snprintf(m->reason, sizeof(m->reason), "%s", reason);
    sitting_mark_text(&line, m->text, sizeof(m->text));
    m->n = line.sit.n_amounts;
    memcpy(m->t, line.sit.amounts, sizeof(m->t[0]) * (size_t)m->n);
    mark_roles(c, m, reason);
    if (strcmp(reason, "game") == 0 || strcmp(reason, "pool") == 0) {
        /* what a result taken back (L51) takes back with it */
        s->settled_game = s->game;
        for (int i = 0; i < m->n && s->last_n < TL_IDS_MAX + 1; i++) {
            int k;

            for (k = 0; k < s->last_n; k++) {
                if (strcmp(s->last[k].who, m->t[i].who) == 0) {
                    break;
                }
            }
            if (k == s->last_n) {
                s->last[s->last_n] = m->t[i];
                s->last[s->last_n++].n = 0;
            }
            s->last[k].n += m->t[i].n;
        }
    }
    return 0;
}

int sit__game_value(const struct sit_ctx *c, const struct arb_game_result *g)
{
    return arbiter_profile(c->a)->stakes == STAKES_TREBLE ? g->value : 1;
}

/* ------------------------------------------------------------------ */
/* Persons and seats                                                    */
/* ------------------------------------------------------------------ */

int sit__find(const struct sit_state *s, const char *id)
{
    for (int i = 0; i < s->n_persons; i++) {
        if (strcmp(s->p[i].id, id) == 0) {
            return i;
        }
    }
    return -1;
}

int sit__person(struct sit_ctx *c, const char *id, int *out)
{
    *out = sit__find(c->s, id);
    if (*out < 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a person declared by a person line, "
                         "found \"%s\"",
                         id);
    }
    return 0;
}

int sit__seat_of(const struct sit_state *s, int person)
{
    if (person < 0) {
        return SEAT_NONE;
    }
    for (int k = 0; k < 2; k++) {
        if (s->seat[k] == person) {
            return k;
        }
    }
    return SEAT_NONE;
}

const char *sit__id(const struct sit_state *s, int person)
{
    return person >= 0 && person < s->n_persons ? s->p[person].id : "";
}

int sit__order_find(const struct sit_state *s, int person)
{
    for (int i = 0; i < s->n_order; i++) {
        if (s->order[i] == person) {
            return i;
        }
    }
    return -1;
}

void sit__order_remove(struct sit_state *s, int person)
{
    int at = sit__order_find(s, person);

    if (at < 0) {
        return;
    }
    memmove(&s->order[at], &s->order[at + 1],
            sizeof(s->order[0]) * (size_t)(s->n_order - at - 1));
    s->n_order--;
}

void sit__order_push(struct sit_state *s, int person)
{
    sit__order_remove(s, person);
    if (s->n_order < SIT_PERSONS_MAX) {
        s->order[s->n_order++] = person;
    }
}
