/* SPDX-License-Identifier: MIT */
/*
 * session_replay.c - replaying a sitting from the ledger: its tags and
 * recorded actions adjudicated again into a fresh referee, with its lost
 * deals where they stood, so that the session stands where the sitting
 * stands (to resume recording it, or an interrupted import).
 */
#include "session/session_int.h"

#include <stdlib.h>
#include <string.h>

struct replay_ctx {
    struct session *s;
    struct lost_deal *gaps;
    int n_gaps;
    int next_gap;
    int64_t n_events;
    int failed;                 /* 1 out of memory or ledger, 2 no replay */
};

/* replay_tag - a recorded tag of the sitting replayed: into the referee
 * and the session's tags.  Returns 0, 1 to stop (ctx->failed: 2 the tag
 * no longer reads, printed; 1 out of memory). */
static int replay_tag(void *vctx, const char *name, const char *value)
{
    struct replay_ctx *ctx = vctx;
    struct tl_line line;

    if (arbiter_set_tag(ctx->s->arb, name, value) != 0) {
        session__say(ctx->s, SESSION_MSG_ERROR, "ecarte: ledger tag [%s \"%s\"] no longer reads: "
                        "%s\n",
                name, value, arbiter_errmsg(ctx->s->arb));
        ctx->failed = 2;
        return 1;
    }
    if (sitting_set_tag(ctx->s->sit, name, value) != 0) {
        session__say(ctx->s, SESSION_MSG_ERROR, "ecarte: ledger tag [%s \"%s\"] no longer reads: "
                        "%s\n",
                name, value, sitting_errmsg(ctx->s->sit));
        ctx->failed = 2;
        return 1;
    }
    memset(&line, 0, sizeof(line));
    snprintf(line.tag_name, sizeof(line.tag_name), "%s", name);
    snprintf(line.tag_value, sizeof(line.tag_value), "%s", value);
    if (session__add_tag(ctx->s, &line) != 0) {
        ctx->failed = 1;
        return 1;
    }
    return 0;
}

/* replay_result - what a replayed action (or lost deal) gave: the ids of
 * the game and deal it belongs to, and the rulings of the deal in hand
 * (those of the last action still open to the `=` lines after it). */
static int replay_result(struct session *s, const struct applied *ap,
                         int64_t game_id, int64_t deal_id, int line)
{
    const struct arb_result *r = &ap->r;
    int game_no = arbiter_game_number(s->arb);
    int deal_no = arbiter_deal_number(s->arb);

    if (game_id == 0 && r->game_started && s->led != NULL) {
        int rc = ledger_game_id(s->led, s->sitting, game_no, &game_id);

        if (rc != 0 && rc != LEDGER_E_NOTFOUND) {
            return -1;
        }
    }
    if (game_id != 0 && session__id_of(s->game, game_no) != game_id) {
        session__push_id(s->game, game_no, game_id);
    }
    if (deal_id != 0 && session__id_of(s->deal, deal_no) != deal_id) {
        session__push_id(s->deal, deal_no, deal_id);
    }
    if (r->deal_started || r->game_started) {
        claims_forget(s->claims);
    }
    claims_settle(s->claims);
    session__give_rulings(s, line, ap);
    memset(s->seen, 0, sizeof(s->seen));
    return 0;
}

/* replay_gaps - the lost deals that stand before the event id (all that
 * are left, for id 0). */
static int replay_gaps(struct replay_ctx *ctx, int64_t id)
{
    struct session *s = ctx->s;

    while (ctx->next_gap < ctx->n_gaps &&
           (id == 0 || ctx->gaps[ctx->next_gap].after_event < id)) {
        struct applied *ap = &s->acts[s->cur];
        const struct lost_deal *g = &ctx->gaps[ctx->next_gap++];

        lost_deal_apply(s->arb, g, ap);
        sitting_observe(s->sit, s->arb, &ap->r, &ap->s);
        apply_sit_words(ap);
        if (replay_result(s, ap, 0, 0, g->line) != 0) {
            ctx->failed = 1;
            return 1;
        }
        s->last = NULL;
    }
    return 0;
}

/* replay_event - a recorded action of the sitting replayed (after the
 * lost deals before it): adjudicated again, its rulings joined to the
 * deal's as already recorded.  Returns 0, 1 to stop (ctx->failed: 2 it
 * no longer reads or replays, printed; 1 out of memory or ledger). */
static int replay_event(void *vctx, const struct ledger_event *ev)
{
    struct replay_ctx *ctx = vctx;
    struct session *s = ctx->s;
    struct applied *ap = &s->acts[s->cur];
    struct tl_line line;
    struct tl_error err;

    if (replay_gaps(ctx, ev->id) != 0) {
        return 1;
    }
    if (tl_parse_line(ev->text, strlen(ev->text), ev->line, &line, &err) !=
            0 ||
        line.kind != TL_EVENT) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: ledger event %lld does not read: %s\n",
                (long long)ev->id, err.msg);
        ctx->failed = 2;
        return 1;
    }
    if (apply_line(s->sit, s->arb, &line, ap) != 0) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: ledger event %lld no longer replays: %s\n",
                (long long)ev->id, sitting_errmsg(s->sit));
        ctx->failed = 2;
        return 1;
    }
    if (replay_result(s, ap, ev->game, ev->deal, ev->line) != 0) {
        ctx->failed = 1;
        return 1;
    }
    s->seq = ev->seq;
    s->last_event_id = ev->id;
    s->last = ap;
    s->cur = 1 - s->cur;
    ctx->n_events++;
    return 0;
}

/* session__reset_table - a fresh referee and no sitting: what a new log
 * starts from.  Returns 0, -1 if out of memory. */
int session__reset_table(struct session *s)
{
    arbiter_close(s->arb);
    s->arb = NULL;
    sitting_close(s->sit);
    s->sit = NULL;
    if (arbiter_open(&s->arb) != 0 || sitting_open(&s->sit) != 0) {
        return -1;
    }
    s->sitting = 0;
    memset(s->game, 0, sizeof(s->game));
    memset(s->deal, 0, sizeof(s->deal));
    s->seq = 0;
    s->last_event_id = 0;
    s->n_tags = 0;
    claims_forget(s->claims);
    session__comments_forget(s);
    s->last = NULL;
    return 0;
}

/*
 * session__replay_sitting - make the session stand where sitting id
 * stands: its tags and actions replayed into a fresh referee, with its
 * lost deals where they stood.  *n_events (NULL: not wanted) gets the
 * actions replayed.  Returns 0, -1 on a ledger error or out of memory
 * (reported) or CLI_E_INPUT if the recorded actions no longer replay (a
 * message is printed).
 */
int session__replay_sitting(struct session *s, int64_t id, int64_t *n_events)
{
    struct replay_ctx ctx;
    int rc;

    memset(&ctx, 0, sizeof(ctx));
    ctx.s = s;
    if (session__reset_table(s) != 0) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: out of memory\n");
        return -1;
    }
    s->sitting = id;
    if (lost_deals_load(s->led, id, &ctx.gaps, &ctx.n_gaps) != 0) {
        return session__ledger_fail(s, "quarantine");
    }
    rc = ledger_tags_foreach(s->led, id, replay_tag, &ctx);
    if (rc == 0 && ctx.failed == 0) {
        rc = ledger_events_foreach(s->led, id, replay_event, &ctx);
    }
    if (rc == 0 && ctx.failed == 0) {
        replay_gaps(&ctx, 0);
    }
    free(ctx.gaps);
    if (ctx.failed == 2) {
        return CLI_E_INPUT;
    }
    if (ctx.failed == 1) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: out of memory\n");
        return -1;
    }
    if (rc != 0) {
        return session__ledger_fail(s, "replay the sitting");
    }
    if (n_events != NULL) {
        *n_events = ctx.n_events;
    }
    return 0;
}
