/* SPDX-License-Identifier: MIT */
/*
 * session_lost.c - lost deals: a quarantined deal left out, the sitting
 * going on as the log states (for the session, the audit and the
 * export), and the session writing one into the quarantine.
 */
#include "session/session_int.h"

#include <stdlib.h>
#include <string.h>

void lost_deal_read(const char *raw, struct lost_deal *g)
{
    const char *p = raw;
    bool first_seen = false;

    g->has_first = false;
    g->has_score = false;
    while (*p != '\0') {
        size_t len = strcspn(p, "\n");
        struct tl_line line;
        struct tl_error err;
        int ok = len < TL_LINE_MAX
                     ? tl_parse_line(p, len, 1, &line, &err) == 0
                     : 0;

        if (!ok || line.kind != TL_BLANK) {
            if (!first_seen && ok && line.kind == TL_EVENT) {
                g->first = line.ev;
                g->has_first = true;
            }
            if (!first_seen && (!ok || line.kind != TL_TAG)) {
                first_seen = true;
            }
            if (ok && line.kind == TL_EXPECT_SCORE) {
                g->score[0] = line.score[0];
                g->score[1] = line.score[1];
                g->has_score = true;
            }
        }
        p += len;
        if (*p == '\n') {
            p++;
        }
    }
}

int lost_deal_apply(struct arbiter *a, const struct lost_deal *g,
                    struct applied *out)
{
    arbiter_lose_deal(a, g->has_first ? &g->first : NULL,
                      g->has_score ? g->score : NULL, &out->r);
    apply_words(out);
    return 0;
}

struct gap_load {
    struct lost_deal *v;
    int n;
    int cap;
    bool failed;
};

/* gap_loaded - one quarantined deal of the sitting (ledger_gaps_foreach)
 * read into the list.  Returns 0, 1 out of memory (gl->failed). */
static int gap_loaded(void *vctx, int64_t after_event, int line, int game,
                      const char *raw)
{
    struct gap_load *gl = vctx;
    struct lost_deal *g;

    if (gl->n == gl->cap) {
        int cap = gl->cap > 0 ? gl->cap * 2 : 8;
        void *p = realloc(gl->v, sizeof(*gl->v) * (size_t)cap);

        if (p == NULL) {
            gl->failed = true;
            return 1;
        }
        gl->v = p;
        gl->cap = cap;
    }
    g = &gl->v[gl->n++];
    memset(g, 0, sizeof(*g));
    g->after_event = after_event;
    g->line = line;
    g->game = game;
    lost_deal_read(raw, g);
    return 0;
}

int lost_deals_load(struct ledger *l, int64_t sitting, struct lost_deal **out,
                    int *n)
{
    struct gap_load gl = { NULL, 0, 0, false };
    int rc = ledger_gaps_foreach(l, sitting, gap_loaded, &gl);

    if (rc != 0 || gl.failed) {
        free(gl.v);
        *out = NULL;
        *n = 0;
        return -1;
    }
    *out = gl.v;
    *n = gl.n;
    return 0;
}

/*
 * session__write_lost_deal - importing: the deal just read could not be
 * read (its raw text in s->raw, why in s->error).  The referee goes on as
 * the log states (lost_deal_apply); the game rows it opens or closes are
 * written, and the raw text is quarantined where it stood in the sitting.
 * In the open transaction.  Returns 0 or -1 (ledger; reported).
 */
int session__lost_deal_rows(struct session *s, const struct lost_deal *g)
{
    struct applied *ap = &s->acts[s->cur];
    const struct arb_result *r = &ap->r;
    int64_t id = 0;
    int game_no;

    lost_deal_apply(s->arb, g, ap);
    sitting_observe(s->sit, s->arb, &ap->r, &ap->s);
    apply_sit_words(ap);
    game_no = arbiter_game_number(s->arb);
    if (r->deal_over && session__id_of(s->deal, r->deal.number) != 0 &&
        ledger_deal_finish(s->led, session__id_of(s->deal, r->deal.number),
                           r->deal.tricks[0], r->deal.tricks[1],
                           r->deal.points[0], r->deal.points[1],
                           r->deal.is_void) != 0) {
        return session__ledger_fail(s, "deal");
    }
    if (r->game_started) {
        if (ledger_game_add(s->led, s->sitting, game_no, &id) != 0) {
            return session__ledger_fail(s, "game");
        }
        session__push_id(s->game, game_no, id);
    }
    if (r->game_over && session__id_of(s->game, r->game.number) != 0 &&
        ledger_game_finish(s->led, session__id_of(s->game, r->game.number),
                           seat_letter(r->game.winner), r->game.points[0],
                           r->game.points[1], r->game.value) != 0) {
        return session__ledger_fail(s, "game");
    }
    if (ap->s.touched && s->last_event_id != 0 &&
        session__record_sitting(s, s->last_event_id, NULL, ap) != 0) {
        return -1;              /* money moved by the game the gap ended */
    }
    s->last = NULL;
    return 0;
}

int session__write_lost_deal(struct session *s)
{
    struct lost_deal g;
    int game_no;

    memset(&g, 0, sizeof(g));
    lost_deal_read(s->raw != NULL ? s->raw : "", &g);
    if (session__lost_deal_rows(s, &g) != 0) {
        return -1;
    }
    game_no = arbiter_game_number(s->arb);
    if (ledger_quarantine_gap(s->led, s->name, s->raw_line, s->error,
                              s->raw != NULL ? s->raw : "", s->sitting,
                              s->last_event_id, game_no) != 0) {
        return session__ledger_fail(s, "quarantine");
    }
    s->last = NULL;
    return 0;
}
