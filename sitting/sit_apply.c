/* SPDX-License-Identifier: MIT */
/*
 * sit_apply.c - one line taken (sitting_apply) or a result observed
 * (sitting_observe): the first line tells the arbiter what the format
 * implies, a seat left before the line is conceded, a line of the
 * sitting is ruled here, a card action goes to the arbiter; a strike
 * takes back a line that moved nothing above the seats.
 */
#include "sitting/sitting.h"

#include <stdio.h>
#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* One line                                                             */
/* ------------------------------------------------------------------ */

/* result_reset - a sitting's result with nothing in it. */
static void result_reset(struct sit_result *out)
{
    out->taken = false;
    out->touched = false;
    out->n_rulings = 0;
    out->n_marks = 0;
    out->n_notes = 0;
    out->n_records = 0;
}

/* start - the first line: the arbiter is told what the format implies
 * (each game settled on its own: no rubber; the bank dealing every hand
 * or the first).  Returns 0 or SIT_E_TAG. */
static int start(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    s->started = true;
    if (s->r.format == SIT_DUEL) {
        return 0;
    }
    if (s->r.rubber_tag != -1 && s->r.rubber_tag != 0) {
        return sit__fail(c, SIT_E_TAG,
                         "expected [Rubber \"0\"] or none under Format "
                         "\"%s\" (each game is settled on its own), found "
                         "another",
                         sit__ops(s)->name);
    }
    arbiter_set_tag(c->a, "Rubber", "0");
    if (s->r.format == SIT_CHOUETTE && s->r.bank_deals) {
        arbiter_fix_dealer(c->a, SEAT_A);
    } else if (s->r.format == SIT_CHOUETTE) {
        arbiter_new_pair(c->a, SEAT_A); /* the bank deals first */
    }
    return 0;
}

/* merge - the line's arbiter result *to after a game conceded before it
 * (from): the concession's deal and game ends, its notes first. */
static void merge(struct arb_result *to, const struct arb_result *from)
{
    char notes[ARB_NOTES_MAX][ARB_NOTE_LEN];
    int n = 0;

    for (int i = 0; i < from->n_notes && n < ARB_NOTES_MAX; i++) {
        memcpy(notes[n++], from->notes[i], ARB_NOTE_LEN);
    }
    for (int i = 0; i < to->n_notes && n < ARB_NOTES_MAX; i++) {
        memcpy(notes[n++], to->notes[i], ARB_NOTE_LEN);
    }
    memcpy(to->notes, notes, sizeof(notes[0]) * (size_t)n);
    to->n_notes = n;
    if (from->deal_over && !to->deal_over) {
        to->deal_over = true;
        to->deal = from->deal;
    }
    if (from->game_over && !to->game_over) {
        to->game_over = true;
        to->game = from->game;
    }
    to->score_changed = to->score_changed || from->score_changed;
}

/* seat_action - a card action: the table held for a seat refuses it;
 * else the arbiter takes it and the sitting follows what it reports. */
static int seat_action(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    char text[TL_LINE_MAX];
    int rc;

    if (s->hold_law >= 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected %s to take seat %c (%s: reseat), found "
                         "\"%s\"",
                         sit__id(s, s->hold_person), seat_letter(s->hold_seat),
                         laws_get((enum law_id)s->hold_law)->id,
                         sit__line_text(c, text, sizeof(text)));
    }
    arbiter_set_line(c->a, c->l->line_no);
    rc = arbiter_apply(c->a, &c->l->ev, c->ar);
    if (rc != 0) {
        return sit__fail(c, rc, "%s", arbiter_errmsg(c->a));
    }
    return sit__observe(c, c->ar);
}

/* undo_at - the place in sit->undo of the i-th state kept, the oldest
 * first (0 <= i < SIT_UNDO_MAX). */
static int undo_at(const struct sitting *sit, int i)
{
    return (sit->undo_first + i) % SIT_UNDO_MAX;
}

/* strike - `strike`: the line above is taken back, if the sitting
 * recorded nothing on it (the ledger keeps what it recorded). */
static int strike(struct sit_ctx *c)
{
    struct sitting *sit = c->sit;
    int last = sit->n_undo > 0 ? undo_at(sit, sit->n_undo - 1) : 0;
    int rc;

    if (sit->n_undo == 0 || !sit->undo_ok[last]) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a line to strike that moved no person, "
                         "role, stake, bet or money, found %s (write a line "
                         "that corrects it instead)",
                         sit->n_undo == 0 ? "none within reach"
                                          : "one that did");
    }
    arbiter_set_line(c->a, c->l->line_no);
    rc = arbiter_apply(c->a, &c->l->ev, c->ar);
    if (rc != 0) {
        return sit__fail(c, rc, "%s", arbiter_errmsg(c->a));
    }
    sit__state_copy(c->s, &sit->undo[last]);
    sit->n_undo--;
    return 0;
}

/* push_undo - keep the state before the line just taken (was), and
 * whether a strike may take the line back; the oldest is dropped when
 * SIT_UNDO_MAX are kept (its place taken: moving the states kept, some
 * 66 kB a line, was most of refereeing a table of three or more). */
static void push_undo(struct sitting *sit, const struct sit_state *was,
                      bool ok)
{
    int at;

    if (sit->n_undo == SIT_UNDO_MAX) {
        sit->undo_first = undo_at(sit, 1);
        sit->n_undo--;
    }
    at = undo_at(sit, sit->n_undo++);
    sit__state_copy(&sit->undo[at], was);
    sit->undo_ok[at] = ok;
}

int sitting_apply(struct sitting *sit, struct arbiter *a,
                  const struct tl_line *l, struct arb_result *ar,
                  struct sit_result *out)
{
    struct sit_ctx c;
    bool sitting = tl_is_sitting(l);
    bool conceded = false;
    int rc;

    result_reset(out);
    sit->errmsg[0] = '\0';
    if (!sitting && !sitting_active(sit)) {
        /* a two-seat sitting: the arbiter alone */
        sit->s.started = true;
        arbiter_set_line(a, l->line_no);
        rc = arbiter_apply(a, &l->ev, ar);
        if (rc != 0) {
            snprintf(sit->errmsg, sizeof(sit->errmsg), "%s",
                     arbiter_errmsg(a));
        }
        return rc;
    }
    sit__state_copy(&sit->next, &sit->s);
    c.sit = sit;
    c.s = &sit->next;
    c.a = a;
    c.l = l;
    c.ar = ar;
    c.out = out;
    arbiter_finish(a, ar);      /* an empty result */
    rc = c.s->started ? 0 : start(&c);
    if (rc == 0 && c.s->left_seat != SEAT_NONE &&
        l->ev.kind != EV_TAKES_SEAT && l->ev.kind != EV_STRIKE) {
        /* nobody took the seat left before this line: the leaver
         * concedes the game (CH3, BY6).  The concession stands even if
         * the line after it is refused. */
        int seat = c.s->left_seat;

        sit__note(&c, "nobody takes seat %c: %c concedes the game",
                  seat_letter(seat), seat_letter(seat));
        c.s->left_seat = SEAT_NONE;
        conceded = !sitting;
        rc = sit__concede(&c, seat, sitting ? ar : &sit->conceded);
    }
    if (rc == 0 && sitting) {
        out->taken = true;
        rc = sit__sitting_line(&c);
    } else if (rc == 0 && l->ev.kind == EV_STRIKE) {
        rc = strike(&c);
    } else if (rc == 0) {
        rc = seat_action(&c);
        if (rc == 0 && conceded) {
            merge(ar, &sit->conceded);
        }
    }
    if (rc != 0) {
        result_reset(out);
        arbiter_finish(a, ar);
        return rc;
    }
    if (l->ev.kind != EV_STRIKE) {
        push_undo(sit, &sit->s, !sitting && !out->touched);
    }
    sit__state_copy(&sit->s, &sit->next);
    return SIT_OK;
}

int sitting_observe(struct sitting *sit, struct arbiter *a,
                    const struct arb_result *ar, struct sit_result *out)
{
    struct sit_ctx c;
    int rc;

    result_reset(out);
    sit->errmsg[0] = '\0';
    if (!sitting_active(sit)) {
        return SIT_OK;
    }
    sit__state_copy(&sit->next, &sit->s);
    c.sit = sit;
    c.s = &sit->next;
    c.a = a;
    c.l = NULL;
    c.ar = NULL;
    c.out = out;
    rc = sit__observe(&c, ar);
    if (rc != 0) {
        result_reset(out);
        return rc;
    }
    sit->n_undo = 0;
    sit__state_copy(&sit->s, &sit->next);
    return SIT_OK;
}
