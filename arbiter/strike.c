/* SPDX-License-Identifier: MIT */
/*
 * strike.c - the scorer's own slips (format 1.1): a `strike` line says the
 * line recorded just above was entered in error by the scorer, not done at
 * the table.  It is not a player's action (those stay under the laws:
 * takes-back, withdraws king); the referee forgets the line and derives the
 * table again without it.  Each strike takes back the last line still
 * standing, so two strikes take back two lines.
 *
 * The arbiter keeps the table as it was at the start of the current stretch
 * (a stretch opens at each `game` and `deal` line) and of the one before,
 * with the actions accepted since; a strike re-applies a stretch's actions
 * but the last.  A strike thus reaches back into the deal before this one,
 * no further.
 */
#include "arbiter/arbiter.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"
#include "tablelog/tablelog.h"

void arbiter__stretch_reset(struct arbiter *a)
{
    a->cur = 0;
    a->stretch[0].base = a->s;
    a->stretch[0].n = 0;
    a->stretch[0].valid = true;
    a->stretch[0].hold_belief = false;
    a->stretch[1].n = 0;
    a->stretch[1].valid = false;
    a->stretch[1].hold_belief = false;
}

void arbiter__stretch_add(struct arbiter *a, const struct table_event *ev)
{
    arbiter__stretch_add_from(a, &a->s, ev);
}

void arbiter__stretch_add_from(struct arbiter *a,
                               const struct table_state *before,
                               const struct table_event *ev)
{
    struct stretch *g = &a->stretch[a->cur];

    assert(ev->kind != EV_STRIKE);
    if (ev->kind == EV_GAME || ev->kind == EV_DEAL ||
        g->n == ARB_STRETCH_EVENTS) {
        a->cur ^= 1;
        g = &a->stretch[a->cur];
        g->base = *before;
        g->base.prof = a->s.prof; /* an action's copy of the table before
                                     it leaves the profile out (arbiter.c,
                                     save_table): no action changes it */
        g->n = 0;
        g->valid = true;
        g->hold_belief = false;
    }
    g->line[g->n] = a->line;
    g->ev[g->n++] = *ev;
}

void arbiter__stretch_copy(struct arbiter *dst, const struct arbiter *src)
{
    dst->cur = src->cur;
    for (int k = 0; k < 2; k++) {
        const struct stretch *from = &src->stretch[k];
        struct stretch *to = &dst->stretch[k];

        to->base = from->base;
        to->n = from->n;
        to->valid = from->valid;
        to->hold_belief = from->hold_belief;
        memcpy(to->ev, from->ev, (size_t)from->n * sizeof(from->ev[0]));
        memcpy(to->line, from->line, (size_t)from->n * sizeof(from->line[0]));
    }
}

/* what_was_lost - out says what the table lost with the line struck: was is
 * the table before the strike, a->s after it. */
static void what_was_lost(const struct table_state *was,
                          const struct table_state *now,
                          struct arb_result *out)
{
    out->score[0] = now->score[0];
    out->score[1] = now->score[1];
    out->score_changed = was->score[0] != now->score[0] ||
                         was->score[1] != now->score[1];
    if (now->game_no < was->game_no) {
        out->unstarted_game = was->game_no;
    }
    if (now->deal_no < was->deal_no) {
        out->unstarted_deal = was->deal_no;
    }
    if (now->deal_no == was->deal_no && was->d.over && !now->d.over &&
        now->deal_on) {
        out->reopened_deal = was->deal_no;
    }
    if (now->game_no == was->game_no && was->game_over && !now->game_over) {
        out->game_reopened = true;
        out->reopened_game = was->game_no;
        out->reopened_by = ARB_REOPEN_STRUCK;
    }
    if (now->game_no == was->game_no && !was->game_over && now->game_over) {
        /* a line that had reopened the game struck: it is won again */
        out->game_over = true;
        arbiter__game_result(now, &out->game);
    }
}

int arbiter__strike(struct arbiter *a, struct arb_result *out)
{
    struct stretch *g = &a->stretch[a->cur];
    struct table_state was = a->s;
    struct table_event struck;
    int struck_line_no;
    int line = a->line;
    int rc;

    if (g->n == 0) {
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected a line to strike, found none within reach (a "
                 "strike takes back lines of this deal and the one before)");
        return ARB_E_ORDER;
    }
    struck = g->ev[--g->n];
    struck_line_no = g->line[g->n];
    /* accepted before on this very table: they are accepted again; a
     * stretch derived holding a king announced on a belief keeps it held
     * only while what settled it still stands */
    a->hold_belief = g->hold_belief;
    rc = arbiter__derive_stretch(a, g, g->n, NULL, 0);
    a->hold_belief = false;
    if (rc == 0 && g->hold_belief &&
        !(a->s.d.ann_held &&
          (a->s.d.announce_withdrawn || a->s.d.announce_ruled))) {
        rc = arbiter__derive_stretch(a, g, g->n, NULL, 0);
        if (rc == 0) {
            g->hold_belief = false;
        }
    }
    if (rc != 0) {
        a->s = was;
        a->line = line;
        g->n++;
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected the lines before the one struck to stand "
                 "again, found one refused: %.200s",
                 arbiter_errmsg(a));
        return ARB_E_ERROR;
    }
    if (g->n == 0 && a->stretch[a->cur ^ 1].valid) {
        g->valid = false;
        a->cur ^= 1; /* the stretch before is the current one again */
    }
    a->line = line;
    a->errmsg[0] = '\0';
    memset(out, 0, sizeof(*out));
    {
        /* the line struck named by its canonical text, as the log and
         * the ledger write it: a table line (deal, game, score, found
         * ...) as well as a seat's action */
        static const char head[] = "struck: the line ";
        static const char tail[] = " (the scorer's slip); the table "
                                   "stands as before it";
        /* the room the line's text has in a note; a longer line (a
         * pack imperfect of many cards) is cut, ending in "..." */
        enum { ROOM = ARB_NOTE_LEN - (sizeof(head) - 1) - sizeof(tail) };
        char text[TL_LINE_MAX];

        tl_format_event(&struck, text, sizeof(text));
        if (strlen(text) > ROOM) {
            memcpy(text + ROOM - 3, "...", 4);
        }
        snprintf(out->notes[0], sizeof(out->notes[0]), "%s%.*s%s", head,
                 (int)ROOM, text, tail);
        out->n_notes = 1;
    }
    out->struck = true;
    out->struck_line = struck;
    out->struck_line_no = struck_line_no;
    what_was_lost(&was, &a->s, out);
    return 0;
}
