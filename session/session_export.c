/* SPDX-License-Identifier: MIT */
/*
 * session_export.c - a sitting of the ledger written back as a .ecarte
 * log (session_export): its tags (the Laws tag in its canonical form), a
 * [Chain] tag naming what the export holds, every action with the `=`
 * lines of its rulings, scores, money and hand values, and a comment
 * where a quarantined deal stood.
 */
#include "session/session.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct export_ctx {
    int game;
    FILE *fp;
    bool tags_done;
    /* the chain of the part exported: first event id, last event's id
     * and hash (as stored, then whole) */
    int64_t games_seen;
    int64_t last_game_id;
    int64_t from;
    int64_t last;
    char head[LEDGER_HASH_HEX];
    int64_t sitting;
    /* the sitting's quarantined deals: after how many of the events
     * exported each stood (-1: not in the part exported) */
    struct lost_deal *gaps;
    int *gap_at;
    int n_gaps;
    int n_exported;             /* events in the part exported (first pass) */
    int n_written;              /* event lines written (second pass) */
    /* the hand's value (doubling), derived by a referee as the events are
     * written, for the `= value N` lines (the ledger keeps no value) */
    struct arbiter *arb;        /* NULL once an event does not derive */
    int value;                  /* the value written last */
    int pending_value;          /* a `= value` line still to write, or 0 */
};

/* value_line - the pending `= value N` line, if any. */
static void value_line(struct export_ctx *ctx)
{
    if (ctx->pending_value > 0) {
        fprintf(ctx->fp, "= value %d\n", ctx->pending_value);
        ctx->pending_value = 0;
    }
}

/* derive - the referee follows the line written (a tag that sets the
 * rules, or an event); a double accepted raises the hand's value, and a
 * `= value N` line waits to be written after the event's rulings.  An
 * event the referee does not take (a gap of quarantined deals before it,
 * or a game exported alone) ends the derivation: no more value lines. */
static void derive(struct export_ctx *ctx, enum ledger_line_kind kind,
                   const char *text)
{
    struct tl_line line;
    struct tl_error err;
    struct arb_result r;

    if (ctx->arb == NULL ||
        tl_parse_line(text, strlen(text), 0, &line, &err) != 0) {
        return;
    }
    if (kind == LEDGER_LINE_TAG && line.kind == TL_TAG) {
        (void)arbiter_set_tag(ctx->arb, line.tag_name, line.tag_value);
        return;
    }
    if (!arbiter_profile(ctx->arb)->doubling) {
        /* the tags are all read: under these laws no double is offered,
         * and the hand's value stays 1 (no value line to write) */
        arbiter_close(ctx->arb);
        ctx->arb = NULL;
        return;
    }
    if (line.kind != TL_EVENT || arbiter_apply(ctx->arb, &line.ev, &r) != 0) {
        arbiter_close(ctx->arb);
        ctx->arb = NULL;
        return;
    }
    if (arbiter_value(ctx->arb) > ctx->value) {
        ctx->pending_value = arbiter_value(ctx->arb);
    }
    ctx->value = arbiter_value(ctx->arb);
}

/* gap_lines - a comment where each quarantined deal stood, before the
 * event line after n events of the export. */
static void gap_lines(struct export_ctx *ctx, int n)
{
    for (int i = 0; i < ctx->n_gaps; i++) {
        if (ctx->gap_at[i] == n) {
            fprintf(ctx->fp, "# quarantined: a deal that could not be read "
                             "stood here (line %d of the log imported); the "
                             "sitting goes on as that log states it\n",
                    ctx->gaps[i].line);
        }
    }
}

/* chain_range - first pass: which events the export holds (all of the
 * sitting, or those of game number ctx->game). */
static int chain_range(void *vctx, const struct ledger_event *ev)
{
    struct export_ctx *ctx = vctx;

    if (ev->game != 0 && ev->game != ctx->last_game_id) {
        ctx->games_seen++;
        ctx->last_game_id = ev->game;
    }
    if (ctx->game > 0 && (ev->game == 0 || ctx->games_seen != ctx->game)) {
        return 0;
    }
    if (ctx->from == 0) {
        ctx->from = ev->id;
        for (int i = 0; i < ctx->n_gaps; i++) {
            /* a deal lost at the start of the part exported */
            if (ctx->gaps[i].after_event < ev->id &&
                (ctx->game == 0 || ctx->gaps[i].game == ctx->game)) {
                ctx->gap_at[i] = 0;
            }
        }
    }
    ctx->n_exported++;
    for (int i = 0; i < ctx->n_gaps; i++) {
        if (ctx->gaps[i].after_event == ev->id) {
            ctx->gap_at[i] = ctx->n_exported;
        }
    }
    ctx->last = ev->id;
    snprintf(ctx->head, sizeof(ctx->head), "%s", ev->hash);
    return 0;
}

/* whole_sitting - chain_range's first pass for an export of the whole
 * sitting, by lookups instead of a walk: its first and last event, and
 * where each quarantined deal stood (after how many of its events).
 * Returns 0 or a negative code (the message on l). */
static int whole_sitting(struct ledger *l, struct export_ctx *ctx)
{
    int rc = ledger_sitting_ends(l, ctx->sitting, &ctx->from, &ctx->last,
                                 ctx->head);

    for (int i = 0; rc == 0 && ctx->from != 0 && i < ctx->n_gaps; i++) {
        int64_t n = 0;

        if (ctx->gaps[i].after_event < ctx->from) {
            ctx->gap_at[i] = 0; /* a deal lost before the first action */
            continue;
        }
        rc = ledger_sitting_events_upto(l, ctx->sitting,
                                        ctx->gaps[i].after_event, &n);
        ctx->gap_at[i] = (int)n;
    }
    return rc;
}

/* canonical_laws - a Laws tag line as the preset plus the switches that
 * differ from it (profile_format) into buf (n bytes); any other tag line,
 * or one that does not read, as it is.  Returns the line to write. */
static const char *canonical_laws(const char *text, char *buf, size_t n)
{
    struct tl_line line;
    struct tl_error err;
    struct profile p;
    char why[200];
    char value[TL_LINE_MAX - 16];

    if (strncmp(text, "[Laws ", 6) != 0 ||
        tl_parse_line(text, strlen(text), 0, &line, &err) != 0 ||
        line.kind != TL_TAG ||
        profile_parse(&p, line.tag_value, why, sizeof(why)) != 0) {
        return text;
    }
    profile_format(&p, value, sizeof(value));
    snprintf(buf, n, "[Laws \"%s\"]", value);
    return buf;
}

/* export_line - second pass (ledger_lines_foreach): one line of the
 * sitting written, the [Chain] tag before its first action and a
 * comment where a quarantined deal stood.  Returns 0. */
static int export_line(void *vctx, enum ledger_line_kind kind, int64_t game,
                       const char *text)
{
    struct export_ctx *ctx = vctx;
    char buf[TL_LINE_MAX];

    (void)game;
    if (kind != LEDGER_LINE_TAG && !ctx->tags_done) {
        /* the chain of what is exported, for `ecarte verify --log` */
        ctx->tags_done = true;
        if (ctx->from != 0) {
            fprintf(ctx->fp, "[Chain \"sitting=%lld from=%lld head=%s\"]\n",
                    (long long)ctx->sitting, (long long)ctx->from,
                    ctx->head);
        }
    }
    switch (kind) {
    case LEDGER_LINE_TAG:
        if (strncmp(text, "[Chain ", 7) == 0) {
            break;              /* a chain tag of an earlier export */
        }
        fprintf(ctx->fp, "%s\n", canonical_laws(text, buf, sizeof(buf)));
        derive(ctx, kind, text);
        break;
    case LEDGER_LINE_EVENT:
        value_line(ctx);
        gap_lines(ctx, ctx->n_written++);
        fprintf(ctx->fp, "%s\n", text);
        derive(ctx, kind, text);
        break;
    case LEDGER_LINE_RULING:
        fprintf(ctx->fp, "= %s\n", text);
        break;
    case LEDGER_LINE_SCORE:
    case LEDGER_LINE_MARK:
        value_line(ctx);
        fprintf(ctx->fp, "= %s\n", text);
        break;
    }
    return 0;
}

/* fail - why the export could not be made, into err; returns rc. */
static int fail(char *err, size_t n, int rc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(char *err, size_t n, int rc, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return rc;
}

int session_export(struct ledger *l, int64_t sitting, int game, FILE *fp,
                   char *err, size_t err_n)
{
    struct export_ctx ctx;
    int rc = 0;

    memset(&ctx, 0, sizeof(ctx));
    err[0] = '\0';
    ctx.fp = fp;
    ctx.game = game;
    ctx.sitting = sitting;
    ctx.value = 1;
    if (arbiter_open(&ctx.arb) != 0) {
        ctx.arb = NULL; /* out of memory: no value lines */
    }
    if (lost_deals_load(l, sitting, &ctx.gaps, &ctx.n_gaps) != 0 ||
        (ctx.n_gaps > 0 &&
         (ctx.gap_at = malloc(sizeof(int) * (size_t)ctx.n_gaps)) == NULL)) {
        rc = fail(err, err_n, -1, "%s", ledger_errmsg(l));
        goto out;
    }
    for (int i = 0; i < ctx.n_gaps; i++) {
        ctx.gap_at[i] = -1;
    }
    if (game > 0 ? ledger_events_chain_foreach(l, sitting, chain_range,
                                               &ctx) != 0
                 : whole_sitting(l, &ctx) != 0) {
        rc = fail(err, err_n, -1, "%s", ledger_errmsg(l));
        goto out;
    }
    if (ctx.from == 0) {
        rc = game > 0 ? fail(err, err_n, SESSION_EXPORT_NOTHING,
                             "sitting %lld has no game %d",
                             (long long)sitting, game)
                      : fail(err, err_n, SESSION_EXPORT_NOTHING,
                             "no sitting %lld (or it has no action)",
                             (long long)sitting);
        goto out;
    }
    {
        /* the head written is the last event's whole hash */
        struct ledger_event last = { .id = ctx.last, .hash = ctx.head };
        char whole[LEDGER_HASH_HEX];

        if (ledger_event_hash_full(l, &last, whole) != 0) {
            rc = fail(err, err_n, -1, "%s", ledger_errmsg(l));
            goto out;
        }
        memcpy(ctx.head, whole, sizeof(whole));
    }
    if (ledger_lines_foreach(l, sitting, game, export_line, &ctx) != 0) {
        rc = fail(err, err_n, -1, "%s", ledger_errmsg(l));
        goto out;
    }
    value_line(&ctx);
    gap_lines(&ctx, ctx.n_written);
out:
    arbiter_close(ctx.arb);
    free(ctx.gaps);
    free(ctx.gap_at);
    return rc;
}
