/* SPDX-License-Identifier: MIT */
/*
 * sit_cut.c - the order cut of a chouette or a pool (the order CH1 and
 * PO2 hold the seats to, docs/variants.md): every person present cuts (`ID cuts-for-deal C`); ranked
 * in écarté order (the profile's rank), highest first; persons who tie
 * cut again among themselves (the L5 reading), as many times as needed;
 * more than one card shown is cut again (L4).
 */
#include "sitting/sitting.h"

#include <string.h>

#include "sitting/sitting_int.h"

/* cut_cmp - a before b (-1), after (1), or still tied (0): their cuts
 * compared as far as both have cut. */
static int cut_cmp(const struct person *a, const struct person *b)
{
    int n = a->n_cuts < b->n_cuts ? a->n_cuts : b->n_cuts;

    for (int i = 0; i < n; i++) {
        if (a->cuts[i] != b->cuts[i]) {
            return a->cuts[i] < b->cuts[i] ? -1 : 1;
        }
    }
    return 0;
}

/* cutting - does person take part in the order cut (present, and not
 * out of the pool's sitting)? */
static bool cutting(const struct sit_state *s, int person)
{
    return s->p[person].present;
}

/* due_to_cut - must person cut (again)?  He has not cut, or he ties with
 * another and has cut no more than him. */
static bool due_to_cut(const struct sit_state *s, int person)
{
    const struct person *p = &s->p[person];

    if (p->n_cuts == 0) {
        return true;
    }
    for (int q = 0; q < s->n_persons; q++) {
        if (q != person && cutting(s, q) && s->p[q].n_cuts > 0 &&
            cut_cmp(p, &s->p[q]) == 0 && p->n_cuts <= s->p[q].n_cuts) {
            return true;
        }
    }
    return false;
}

/* decided - has every person in the cut a place of his own? */
static bool decided(const struct sit_state *s)
{
    for (int i = 0; i < s->n_persons; i++) {
        if (cutting(s, i) && due_to_cut(s, i)) {
            return false;
        }
    }
    return true;
}

/* set_order - the order from the cuts: those who cut by their cuts
 * (a tie left by their declaration), then those who did not. */
static void set_order(struct sit_state *s)
{
    s->n_order = 0;
    for (int i = 0; i < s->n_persons; i++) {
        int at;

        if (!cutting(s, i) || s->p[i].n_cuts == 0) {
            continue;
        }
        at = s->n_order;
        while (at > 0 && cut_cmp(&s->p[i], &s->p[s->order[at - 1]]) < 0) {
            s->order[at] = s->order[at - 1];
            at--;
        }
        s->order[at] = i;
        s->n_order++;
    }
    for (int i = 0; i < s->n_persons; i++) {
        if (cutting(s, i) && s->p[i].n_cuts == 0) {
            s->order[s->n_order++] = i;
        }
    }
    s->first_cut = s->n_order > 0 ? s->order[0] : -1;
    s->cutting = false;
    s->roles_set = true;
}

int sit__cut(struct sit_ctx *c, int person)
{
    struct sit_state *s = c->s;
    const struct table_event *ev = &c->l->ev;
    struct person *p = &s->p[person];

    if (!p->present) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a person still at the sitting, found "
                         "\"%s\", who left it",
                         p->id);
    }
    if (ev->n_cards > 1) {
        sit__rule_cut_shown(c, person);
        return 0;
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected the card shown in the cut, found ??");
    }
    if (!s->cutting && s->roles_set) {
        sit__note(c, "the order is fixed already: %s's cut does not count",
                  p->id);
        return 0;
    }
    if (!s->cutting) {
        for (int i = 0; i < s->n_persons; i++) {
            s->p[i].n_cuts = 0;
        }
        s->cutting = true;
    }
    if (!due_to_cut(s, person) || p->n_cuts == SIT_CUTS_MAX) {
        sit__note(c, "%s has his place in the cut already: this cut does "
                     "not count",
                  p->id);
        return 0;
    }
    p->cuts[p->n_cuts++] =
        card_strength(ev->cards[0], arbiter_profile(c->a)->rank);
    for (int q = 0; q < s->n_persons; q++) {
        if (q != person && cutting(s, q) && s->p[q].n_cuts == p->n_cuts &&
            cut_cmp(p, &s->p[q]) == 0) {
            sit__note(c, "%s ties with %s: they cut again between them (L5)",
                      p->id, s->p[q].id);
        }
    }
    if (decided(s)) {
        set_order(s);
        if (sit__ops(s)->order_cut != NULL) {
            sit__ops(s)->order_cut(c);
        }
    }
    return 0;
}

void sit__cut_close(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    sit__note(c, "the order cut is not finished when the game begins: the "
                 "order as it stands, those who did not cut last");
    set_order(s);
    if (sit__ops(s)->order_cut != NULL) {
        sit__ops(s)->order_cut(c);
    }
}
