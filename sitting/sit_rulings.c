/* SPDX-License-Identifier: MIT */
/*
 * sit_rulings.c - the rules of the sitting asked and their remedies
 * carried out.  The rules CH1-CH5, PO1-PO4 and BY1-BY10 are rows of the
 * law registry (laws/rule_*.c, docs/variants.md): each holds its
 * verdict over a view of the sitting (struct sit_view, filled here as
 * the arbiter fills struct law_view) and its remedies.  The engine is
 * generic: it asks the rows of the format in force, makes a ruling from
 * each engaged row and its verdict, asserts that the remedy is one of
 * the row's, and carries the remedy out by remedy (carry_out).  A rule of
 * play (kind RULE) gives no ruling: its verdict is what the format's hook
 * carries out as the game goes (sit__play).
 *
 * The only file of sitting/ that names a law: L4, the club law of a card
 * shown cutting, ruled on a person cutting for his place (an exception no
 * row of the sitting can express).
 */
#include "sitting/sitting.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* The view and the events                                              */
/* ------------------------------------------------------------------ */

void sit__event(struct sit_event *e, enum sit_moment at)
{
    memset(e, 0, sizeof(*e));
    e->at = at;
    e->kind = EV_NONE;
    e->person = -1;
    e->seat = SEAT_NONE;
    e->other = -1;
    e->bet = -1;
    e->law = -1;
    e->winner = SEAT_NONE;
    e->value = 1;
}

void sit__line_event(const struct sit_ctx *c, int who, struct sit_event *e)
{
    const struct tl_line *l = c->l;

    sit__event(e, SIT_AT_LINE);
    e->kind = l->ev.kind;
    e->person = who;
    e->seat = l->ev.target;
    e->n = l->sit.n;
    e->odds[0] = l->sit.odds[0];
    e->odds[1] = l->sit.odds[1];
    e->law = l->sit.law;
}

/* bank_of - the chouette's bank: the order's first once the roles are
 * set, -1 before. */
static int bank_of(const struct sit_state *s)
{
    return s->roles_set && s->n_order > 0 ? s->order[0] : -1;
}

void sit__fill_view(const struct sit_ctx *c, struct sit_view *v)
{
    const struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    int bank_seat = sit__seat_of(s, bank_of(s));

    memset(v, 0, offsetof(struct sit_view, persons));
    v->rules = &s->r;
    v->n_persons = s->n_persons;
    for (int i = 0; i < s->n_persons; i++) {
        struct sit_view_person *p = &v->persons[i];

        p->id = s->p[i].id;
        p->present = s->p[i].present;
        p->role = ops->role(s, i);
        p->seat = sit__seat_of(s, i);
        p->place = sit__order_find(s, i);
        p->backs = laws_bets_back(s->bets, s->n_bets, i);
        p->stake = s->p[i].stake;
        p->stake_paid = s->p[i].stake_paid;
        p->advises = s->p[i].advises;
    }
    for (int k = 0; k < 2; k++) {
        v->seat[k] = s->seat[k];
        v->due[k] = ops->seat_due != NULL ? ops->seat_due(s, k) : -1;
    }
    v->held = s->hold_law >= 0;
    v->roles_set = s->roles_set;
    v->n_order = s->n_order;
    v->order = s->order;
    v->bank = bank_of(s);
    v->bank_seat = bank_seat != SEAT_NONE ? bank_seat : SEAT_A;
    v->roi = s->roi;
    v->streak = s->streak;
    v->pool_on = s->pool_on;
    v->pool = s->pool;
    v->game = s->game;
    v->in_game = s->in_game;
    v->deal_seen = s->deal_seen;
    v->turned_up = s->turned_up;
    v->n_bets = s->n_bets;
    v->bets = s->bets;
    v->bets_closed = s->bets_closed;
    v->chouette_seat = s->chouette_seat;
}

/* verdict_start - an empty verdict: nothing engaged, nobody named. */
static void verdict_start(struct sit_verdict *v)
{
    memset(v, 0, sizeof(*v));
    v->remedy = REM_NONE;
    v->offender = -1;
    v->offender_seat = SEAT_NONE;
    v->elector = -1;
    v->seat = SEAT_NONE;
    v->person = -1;
    v->payee = -1;
}

/* of_format - is row a rule of the format in force? */
static bool of_format(const struct sit_ctx *c, const struct law *row)
{
    return row->judge != NULL &&
           strcmp(row->format, sit__ops(c->s)->name) == 0;
}

/* ------------------------------------------------------------------ */
/* Rulings and remedies                                                 */
/* ------------------------------------------------------------------ */

/* party - the words of a party of a ruling: a person's ID, a seat's
 * letter, or "" for nobody, into buf (TL_ID_MAX). */
static void party(const struct sit_state *s, int person, int seat, char *buf)
{
    if (person >= 0) {
        snprintf(buf, TL_ID_MAX, "%s", sit__id(s, person));
    } else if (seat == SEAT_A || seat == SEAT_B) {
        snprintf(buf, TL_ID_MAX, "%c", seat_letter(seat));
    } else {
        buf[0] = '\0';
    }
}

/* give_ruling - the ruling of law with verdict v into the line's result
 * (none if it is full: the remedy is carried out all the same). */
static void give_ruling(struct sit_ctx *c, enum law_id law,
                        const struct sit_verdict *v)
{
    struct sit_ruling *r;
    size_t n;

    assert(laws_remedy_allowed(laws_get(law), v->remedy));
    if (c->out->n_rulings == SIT_RULINGS_MAX) {
        return;
    }
    r = &c->out->rulings[c->out->n_rulings++];
    r->law = law;
    party(c->s, v->offender, v->offender_seat, r->offender);
    party(c->s, v->elector, SEAT_NONE, r->elector);
    r->remedy = v->remedy;
    n = strlen(v->note);
    if (n >= sizeof(r->note)) {
        n = sizeof(r->note) - 1;   /* the words cut as a ruling's are */
    }
    memcpy(r->note, v->note, n);
    r->note[n] = '\0';
    c->out->touched = true;
}

/* forfeit - forfeit-stake: the offender's stakes against v->seat paid
 * over to v->payee at once (as the verdict counted them), his advice
 * barred if it says so; a closed tableau made equal again. */
static int forfeit(struct sit_ctx *c, const struct sit_verdict *v)
{
    struct settle t;
    int paid;
    int rc;

    sit__settle_start(&t);
    paid = sit__forfeit_stakes(c->s, v->offender, v->seat, v->payee, &t);
    assert(paid == v->amount);
    (void)paid;
    if (v->bars_advice) {
        c->s->p[v->offender].no_advice = true;
    }
    rc = sit__settle(c, &t, "forfeit-stake");
    sit__bets_changed(c);
    return rc;
}

/*
 * carry_out - the remedy of ruling law's verdict v, by remedy.  reseat
 * holds the table for the person due; forfeit-stake pays the stakes
 * over; substitute leaves the seat for another to take; concede-game
 * gives the game away (in a pool the leaver is out of it); void ends the
 * offender's bets where the verdict says so.  The rest (recut, displace,
 * claim, a void line) is the line's own handler's: the person cuts again,
 * the player's cover is moved, the call is recorded beside the
 * irregularity, the line has no effect.  Returns 0 or a status.
 */
static int carry_out(struct sit_ctx *c, enum law_id law,
                     const struct sit_verdict *v)
{
    struct sit_state *s = c->s;

    switch (v->remedy) {
    case REM_RESEAT:
        s->hold_law = (int)law;
        s->hold_seat = v->seat;
        s->hold_person = v->person;
        return 0;
    case REM_FORFEIT_STAKE:
        return forfeit(c, v);
    case REM_SUBSTITUTE:
        s->left_seat = v->seat;
        s->left_person = s->seat[v->seat];
        return 0;
    case REM_CONCEDE_GAME:
        if (s->pool_on && s->seat[v->seat] >= 0) {
            s->p[s->seat[v->seat]].out_of_pool = true;
        }
        return sit__concede(c, v->seat, c->ar);
    case REM_VOID:
        if (v->voids_bets) {
            sit__void_bets(s, v->offender);
            sit__bets_changed(c);
        }
        return 0;
    default:
        return 0;
    }
}

int sit__ask(struct sit_ctx *c, const struct sit_event *e,
             struct sit_answer *out)
{
    struct sit_answer none;
    struct sit_view view;
    bool filled = false;

    if (out == NULL) {
        out = &none;
    }
    out->n_rulings = 0;
    out->n_notes = 0;
    for (int l = N_CLUB_LAWS; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);
        struct sit_verdict v;
        int rc;

        if (!of_format(c, row) || row->kind == LAW_KIND_RULE) {
            continue;
        }
        if (!filled) {
            sit__fill_view(c, &view);
            filled = true;
        }
        verdict_start(&v);
        if (!row->judge(&view, e, &v)) {
            if (v.note[0] != '\0') {
                sit__note(c, "%s", v.note);
                out->n_notes++;
            }
            continue;
        }
        give_ruling(c, (enum law_id)l, &v);
        out->n_rulings++;
        rc = carry_out(c, (enum law_id)l, &v);
        if (rc != 0) {
            return rc;
        }
        filled = false;            /* the remedy changed the sitting */
    }
    return 0;
}

bool sit__play(struct sit_ctx *c, const struct sit_event *e,
               struct sit_verdict *out)
{
    struct sit_view view;
    bool filled = false;

    for (int l = N_CLUB_LAWS; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);
        bool engaged;

        if (!of_format(c, row) || row->kind != LAW_KIND_RULE) {
            continue;
        }
        if (!filled) {
            sit__fill_view(c, &view);
            filled = true;
        }
        verdict_start(out);
        engaged = row->judge(&view, e, out);
        if (out->note[0] != '\0') {
            sit__note(c, "%s", out->note);
        }
        if (engaged) {
            assert(laws_remedy_allowed(row, out->remedy));
            return true;
        }
    }
    verdict_start(out);
    return false;
}

/* ------------------------------------------------------------------ */
/* The exception: a club law on a person's cut                          */
/* ------------------------------------------------------------------ */

void sit__rule_cut_shown(struct sit_ctx *c, int person)
{
    const struct law *row = laws_get(LAW_4);
    struct sit_verdict v;

    verdict_start(&v);
    v.remedy = row->remedy;     /* recut: he cuts again (sit__cut) */
    v.offender = person;
    snprintf(v.note, sizeof(v.note),
             "%s shows more than one card cutting for his place: he cuts "
             "again",
             sit__id(c->s, person));
    give_ruling(c, LAW_4, &v);
}
