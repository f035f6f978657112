/* SPDX-License-Identifier: MIT */
/*
 * sit_lines.c - the lines of the sitting ruled above the seats: person,
 * seat, roles, leaves, a person's cut for his place; the rest of a
 * format's own lines go to the format (sit_ops.line).
 */
#include "sitting/sitting.h"

#include <stdio.h>
#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* Lines of the sitting                                                 */
/* ------------------------------------------------------------------ */

bool sit__between_games(const struct sit_ctx *c)
{
    return !arbiter_hand_in_progress(c->a) && !(c->s->in_game &&
                                                c->s->deal_seen);
}

const char *sit__line_text(const struct sit_ctx *c, char *buf, size_t n)
{
    struct tl_line bare = *c->l;

    bare.stamp[0] = '\0';
    return tl_format_line(&bare, buf, n);
}

/* person_line - `person ID "Name"`: a new person joins the sitting. */
static int person_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const char *id = c->l->sit.who;
    int at = sit__find(s, id);
    struct person *p;

    if (at >= 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a new person, found \"%s\" declared "
                         "before",
                         id);
    }
    if (s->n_persons == SIT_PERSONS_MAX) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected at most %d persons in a sitting, found "
                         "\"%s\" more",
                         SIT_PERSONS_MAX, id);
    }
    p = &s->p[s->n_persons++];
    memset(p, 0, sizeof(*p));
    snprintf(p->id, sizeof(p->id), "%s", id);
    p->present = true;
    p->advises = SEAT_NONE;
    if (sit__ops(s)->joined != NULL) {
        sit__ops(s)->joined(c, s->n_persons - 1);
    }
    return 0;
}

/* seat_line - `seat S ID`: ID sits in seat S for the next game; against
 * the roles, the table waits (the rules asked: CH1, PO2). */
static int seat_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    struct sit_event e;
    int seat = c->l->ev.target;
    int who;
    int rc = sit__person(c, c->l->sit.who, &who);

    if (rc != 0) {
        return rc;
    }
    if (!sit__between_games(c)) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a seat line between games (a player who "
                         "leaves is `S leaves`, his substitute `ID takes-seat "
                         "S`), found one in game %d",
                         s->game);
    }
    if (!s->p[who].present) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a person still at the sitting, found "
                         "\"%s\", who left it",
                         s->p[who].id);
    }
    if (s->seat[SEAT_OTHER(seat)] == who) {
        s->seat[SEAT_OTHER(seat)] = -1;
    }
    s->seat[seat] = who;
    if (s->hold_law >= 0 && seat == s->hold_seat && who == s->hold_person) {
        s->hold_law = -1;
        sit__note(c, "%s takes seat %c: the table goes on", s->p[who].id,
                  seat_letter(seat));
    } else if (s->hold_law < 0) {
        sit__line_event(c, who, &e);
        if ((rc = sit__ask(c, &e, NULL)) != 0) {
            return rc;
        }
    }
    if (s->hold_law < 0 && ops->seated != NULL) {
        ops->seated(c, seat);
    }
    return 0;
}

/* roles_line - `roles ...`: the roles of a case study, between games. */
static int roles_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    const struct tl_roles *r = &c->l->sit.roles;
    char text[TL_LINE_MAX];
    int who;
    int rc;
    bool form_ok = r->form == ops->roles_form ||
                   (ops->roles_form == TL_ROLES_ROI &&
                    r->form == TL_ROLES_PLAYERS);

    if (ops->roles == NULL || !form_ok) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected roles of the %s format, found \"%s\"",
                         ops->name, sit__line_text(c, text, sizeof(text)));
    }
    if (!sit__between_games(c)) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a roles line between games, found one in "
                         "game %d",
                         s->game);
    }
    if ((r->first[0] != '\0' && (rc = sit__person(c, r->first, &who)) != 0) ||
        (r->second[0] != '\0' &&
         (rc = sit__person(c, r->second, &who)) != 0)) {
        return rc;
    }
    for (int i = 0; i < r->n; i++) {
        if ((rc = sit__person(c, r->list[i], &who)) != 0) {
            return rc;
        }
    }
    s->cutting = false;
    rc = ops->roles(c, r);
    if (rc != 0) {
        return rc;
    }
    s->roles_set = true;
    if (s->hold_law >= 0 && s->seat[s->hold_seat] >= 0 &&
        ops->seat_due(s, s->hold_seat) < 0) {
        s->hold_law = -1;
        sit__note(c, "the roles now agree with the seats: the table goes on");
    }
    return 0;
}

int sit__concede(struct sit_ctx *c, int seat, struct arb_result *ar)
{
    int rc = arbiter_concede(c->a, seat, ar);

    if (rc != 0) {
        return sit__fail(c, rc, "%s", arbiter_errmsg(c->a));
    }
    return sit__observe(c, ar);
}

/* leaves_line - `S leaves` or `ID leaves`: a seated player during a game
 * is the format's rules' affair (CH3, CH5, PO3, BY6), or, where none
 * rules it (a duel), he concedes the game; anyone else, or between
 * games, leaves the sitting. */
static int leaves_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    struct sit_event e;
    struct sit_answer ans;
    int seat = c->l->ev.actor;
    int who = -1;
    int rc;

    if (c->l->sit.actor[0] != '\0') {
        if ((rc = sit__person(c, c->l->sit.actor, &who)) != 0) {
            return rc;
        }
        seat = sit__seat_of(s, who);
    } else {
        who = s->seat[seat];
    }
    if (seat != SEAT_NONE && s->in_game) {
        sit__line_event(c, who, &e);
        e.seat = seat;
        rc = sit__ask(c, &e, &ans);
        if (rc != 0 || ans.n_rulings > 0) {
            return rc;
        }
        sit__note(c, "%c leaves the table without consent and concedes the "
                     "game (docs/variants.md, the switches)",
                  seat_letter(seat));
        return sit__concede(c, seat, c->ar);
    }
    if (who < 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a seat with a player in it, found seat "
                         "%c empty",
                         seat_letter(seat));
    }
    if (seat != SEAT_NONE) {
        s->seat[seat] = -1;
    }
    s->p[who].present = false;
    if (!s->in_game || s->r.format != SIT_CHOUETTE) {
        sit__order_remove(s, who);  /* a chouette's adviser keeps his
                                       stake on the game, and leaves the
                                       order at its end */
    }
    if (s->rentrant == who) {
        s->rentrant = -1;
    }
    sit__note(c, "%s leaves the sitting", s->p[who].id);
    return 0;
}

int sit__sitting_line(struct sit_ctx *c)
{
    const struct sit_ops *ops = sit__ops(c->s);
    char text[TL_LINE_MAX];
    int who;
    int rc;

    switch (c->l->ev.kind) {
    case EV_PERSON:
        return person_line(c);
    case EV_SEAT:
        return seat_line(c);
    case EV_ROLES:
        return roles_line(c);
    case EV_LEAVES:
        return leaves_line(c);
    case EV_CUT_FOR_DEAL:
        if (c->s->r.format != SIT_CHOUETTE && c->s->r.format != SIT_POOL) {
            return sit__fail(c, SIT_E_INPUT,
                             "expected a seat's cut for deal (persons cut "
                             "for their order in a chouette or a pool), "
                             "found \"%s\"",
                             sit__line_text(c, text, sizeof(text)));
        }
        if ((rc = sit__person(c, c->l->sit.actor, &who)) != 0) {
            return rc;
        }
        return sit__cut(c, who);
    default:
        break;
    }
    rc = ops->line != NULL ? ops->line(c) : 1;
    if (rc == 1) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a line of the %s format, found \"%s\"",
                         ops->name, sit__line_text(c, text, sizeof(text)));
    }
    return rc;
}
