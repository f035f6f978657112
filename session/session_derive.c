/*
 * session_derive.c - a sitting of a ledger recorded again into a scratch
 * ledger: its tags set, its actions adjudicated and recorded one by one
 * as `record` and `import` record them (the same code writes the rows),
 * its lost deals where they stood.  What the scratch ledger then holds is
 * what the sitting's events give, for ledger_derived_compare to hold the
 * stored rows against (`ecarte verify`, and every command that reads or
 * extends a ledger).
 */
#include "session/session_int.h"

#include <stdlib.h>
#include <string.h>

struct derive_ctx {
    struct session *s;
    struct lost_deal *gaps;
    int n_gaps;
    int next_gap;
    int64_t bad_seq;            /* the event that no longer stands */
    char *why;                  /* ... why */
    size_t why_n;
    int failed;                 /* -1 ledger or memory, 1 no longer stands */
};

/* derive_tag - a recorded tag: into the referee, the sitting and the
 * scratch sitting's tags.  Returns 0, 1 to stop (ctx->failed). */
static int derive_tag(void *vctx, const char *name, const char *value)
{
    struct derive_ctx *ctx = vctx;
    struct session *s = ctx->s;
    struct tl_line line;

    if (arbiter_set_tag(s->arb, name, value) != 0 ||
        sitting_set_tag(s->sit, name, value) != 0) {
        snprintf(ctx->why, ctx->why_n, "its tag [%s \"%s\"] no longer reads",
                 name, value);
        ctx->failed = 1;
        return 1;
    }
    memset(&line, 0, sizeof(line));
    snprintf(line.tag_name, sizeof(line.tag_name), "%s", name);
    snprintf(line.tag_value, sizeof(line.tag_value), "%s", value);
    if (session__add_tag(s, &line) != 0) {
        ctx->failed = -1;
        return 1;
    }
    return 0;
}

/* derive_gaps - the lost deals that stood before event id (all that are
 * left, for id 0), their rows written.  Returns 0, 1 to stop. */
static int derive_gaps(struct derive_ctx *ctx, int64_t id)
{
    struct session *s = ctx->s;

    while (ctx->next_gap < ctx->n_gaps &&
           (id == 0 || ctx->gaps[ctx->next_gap].after_event < id)) {
        const struct lost_deal *g = &ctx->gaps[ctx->next_gap++];

        if (session__begin(s) != 0 || session__ensure_sitting(s) != 0 ||
            session__lost_deal_rows(s, g) != 0) {
            ctx->failed = -1;
            return 1;
        }
    }
    return 0;
}

/* derive_event - a recorded action of the sitting, after the lost deals
 * before it: adjudicated and recorded into the scratch ledger.  Returns
 * 0, 1 to stop (ctx->failed). */
static int derive_event(void *vctx, const struct ledger_event *ev)
{
    struct derive_ctx *ctx = vctx;
    struct session *s = ctx->s;
    struct tl_line line;
    struct tl_error err;
    int rc;

    if (derive_gaps(ctx, ev->id) != 0) {
        return 1;
    }
    if (tl_parse_line(ev->text, strlen(ev->text), ev->line, &line, &err) !=
            0 ||
        line.kind != TL_EVENT) {
        ctx->bad_seq = ev->seq;
        snprintf(ctx->why, ctx->why_n, "event %lld (line %d) does not read: "
                 "%s", (long long)ev->id, ev->line, err.msg);
        ctx->failed = 1;
        return 1;
    }
    arbiter_set_line(s->arb, ev->line);
    rc = session__take_action(s, &line);
    if (rc == CLI_E_INPUT) {
        ctx->bad_seq = ev->seq;
        snprintf(ctx->why, ctx->why_n, "event %lld (line %d, \"%s\") no "
                 "longer stands: %s", (long long)ev->id, ev->line, ev->text,
                 sitting_errmsg(s->sit));
        ctx->failed = 1;
        return 1;
    }
    if (rc != 0) {
        ctx->failed = -1;
        return 1;
    }
    return 0;
}

int session_derive(struct session *s, struct ledger *from, int64_t sitting,
                   int64_t *bad_seq, char *why, size_t why_n)
{
    struct derive_ctx ctx;
    int rc = 0;

    memset(&ctx, 0, sizeof(ctx));
    ctx.s = s;
    ctx.why = why;
    ctx.why_n = why_n;
    why[0] = '\0';
    *bad_seq = 0;
    if (session__reset_table(s) != 0) {
        snprintf(why, why_n, "out of memory");
        return -1;
    }
    s->deriving = true;
    s->quiet = true;
    if (s->name == NULL) {
        s->name = "derived";
    }
    if (lost_deals_load(from, sitting, &ctx.gaps, &ctx.n_gaps) != 0) {
        snprintf(why, why_n, "%s", ledger_errmsg(from));
        return -1;
    }
    rc = ledger_tags_foreach(from, sitting, derive_tag, &ctx);
    if (rc == 0 && ctx.failed == 0) {
        rc = ledger_events_foreach(from, sitting, derive_event, &ctx);
    }
    if (rc == 0 && ctx.failed == 0) {
        derive_gaps(&ctx, 0);
    }
    free(ctx.gaps);
    if (ctx.failed == 0 && rc != 0) {
        snprintf(why, why_n, "%s", ledger_errmsg(from));
        return -1;
    }
    if (ctx.failed < 0) {
        if (why[0] == '\0') {
            snprintf(why, why_n, "%s", ledger_errmsg(s->led));
        }
        return -1;
    }
    if (ctx.failed > 0) {
        *bad_seq = ctx.bad_seq;
        session__commit(s);
        return CLI_E_INPUT;
    }
    if (session__commit(s) != 0) {
        snprintf(why, why_n, "%s", ledger_errmsg(s->led));
        return -1;
    }
    return 0;
}
