/* SPDX-License-Identifier: MIT */
/*
 * session_export.c - a sitting of the ledger written back as a .ecarte
 * log (session_export): its tags (the Laws tag in its canonical form), a
 * [Chain] tag naming what the export holds, every action with the `=`
 * lines of its rulings, scores, money and hand values, the log's own
 * comments where they stood, and a comment where a quarantined deal
 * stood.
 */
#include "session/session.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A comment of the sitting, to write back in its place: the event it
 * follows by its place among the events exported (at: 1, 2, ...; 0 for
 * none, among the tags; -1 not in the part exported). */
struct placed_comment {
    int at;
    int64_t event;
    int after_lines;
    bool ends_line;
    bool done;                  /* written */
    char *text;
};

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
    struct sitting *sit;        /* the sitting above the seats, with it */
    struct sit_result *sr;      /* what a line of it gave (unused) */
    int value;                  /* the value written last */
    int pending_value;          /* a `= value` line still to write, or 0 */
    /* the log's comments, in the order of the events they follow */
    struct placed_comment *notes;
    int n_notes;
    int cap_notes;
    bool notes_failed;          /* out of memory */
    int note_cursor;            /* first pass: the next to place */
    int n_tag_rows;             /* the sitting's tags (first pass) */
    int tag_rows;               /* ... written or passed so far */
    int at;                     /* the place written now (as notes' at) */
    int note_lo;                /* ... its comments: notes[note_lo] up to */
    int note_hi;                /* notes[note_hi] (excluded) */
    int lines_after;            /* `=` lines written after that event */
};

/* take_note - a comment of the sitting kept for the export
 * (ledger_comments_foreach).  Returns 0, 1 out of memory. */
static int take_note(void *vctx, const struct ledger_comment *c)
{
    struct export_ctx *ctx = vctx;
    struct placed_comment *p = NULL;

    if (ctx->n_notes == ctx->cap_notes) {
        int cap = ctx->cap_notes > 0 ? ctx->cap_notes * 2 : 32;
        struct placed_comment *np = realloc(ctx->notes,
                                            sizeof(*np) * (size_t)cap);

        if (np == NULL) {
            ctx->notes_failed = true;
            return 1;
        }
        ctx->notes = np;
        ctx->cap_notes = cap;
    }
    p = &ctx->notes[ctx->n_notes];
    memset(p, 0, sizeof(*p));
    p->text = strdup(c->text);
    if (p->text == NULL) {
        ctx->notes_failed = true;
        return 1;
    }
    p->at = c->event == 0 ? 0 : -1;
    p->event = c->event;
    p->after_lines = c->after_lines;
    p->ends_line = c->ends_line;
    ctx->n_notes++;
    return 0;
}

/* count_tag - a tag of the sitting (first pass): counted. */
static int count_tag(void *vctx, const char *name, const char *value)
{
    (void)name;
    (void)value;
    ((struct export_ctx *)vctx)->n_tag_rows++;
    return 0;
}

/*
 * set_place - the place written now is at (0: among the tags, else the
 * at-th event exported): its comments are found where the last place's
 * end, the notes being in the order of the events (those of events not
 * exported, at -1, passed over).  Each line written looks at its own
 * place's comments only, so that an export costs no more for them.
 */
static void set_place(struct export_ctx *ctx, int at)
{
    int lo = ctx->note_hi;
    int hi = 0;

    while (lo < ctx->n_notes && ctx->notes[lo].at != at &&
           ctx->notes[lo].at < at) {
        lo++;
    }
    hi = lo;
    while (hi < ctx->n_notes && ctx->notes[hi].at == at) {
        hi++;
    }
    ctx->at = at;
    ctx->note_lo = lo;
    ctx->note_hi = hi;
}

/*
 * end_line - the line just written (its text, no line end; written
 * false: a line passed over, nothing written of it) ends: the comments
 * that ended it in the log after it, its line end, then the comments of
 * their own lines that followed it (those of the place ctx->at after
 * lines lines).  own false: only the comments that end it.
 */
static void end_line(struct export_ctx *ctx, int lines, bool written,
                     bool own)
{
    for (int i = ctx->note_lo; i < ctx->note_hi; i++) {
        struct placed_comment *p = &ctx->notes[i];

        if (!p->done && p->ends_line && p->after_lines == lines) {
            fprintf(ctx->fp, written ? "%s" : "%s\n", p->text);
            p->done = true;
        }
    }
    if (written) {
        fputc('\n', ctx->fp);
    }
    for (int i = ctx->note_lo; i < ctx->note_hi && own; i++) {
        struct placed_comment *p = &ctx->notes[i];

        if (!p->done && !p->ends_line && p->after_lines == lines) {
            fprintf(ctx->fp, "%s\n", p->text);
            p->done = true;
        }
    }
}

/* rest_notes - the comments of the place ctx->at not yet written (a log
 * with more `=` lines than the export writes there), each a line of its
 * own, in the order they were kept. */
static void rest_notes(struct export_ctx *ctx)
{
    for (int i = ctx->note_lo; i < ctx->note_hi; i++) {
        struct placed_comment *p = &ctx->notes[i];

        if (!p->done) {
            fprintf(ctx->fp, "%s\n", p->text);
            p->done = true;
        }
    }
}

/* eq_line - a `=` line written (text, its "= " included), with the
 * comments of its place after it. */
static void eq_line(struct export_ctx *ctx, const char *text)
{
    fputs(text, ctx->fp);
    end_line(ctx, ++ctx->lines_after, true, true);
}

/* value_line - the pending `= value N` line, if any. */
static void value_line(struct export_ctx *ctx)
{
    char text[32];

    if (ctx->pending_value > 0) {
        snprintf(text, sizeof(text), "= value %d", ctx->pending_value);
        eq_line(ctx, text);
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
        (void)sitting_set_tag(ctx->sit, line.tag_name, line.tag_value);
        return;
    }
    if (!arbiter_profile(ctx->arb)->doubling) {
        /* the tags are all read: under these laws no double is offered,
         * and the hand's value stays 1 (no value line to write) */
        arbiter_close(ctx->arb);
        ctx->arb = NULL;
        return;
    }
    /* through the sitting, as the session applies it: a pool's new pair
     * and a chouette's bank are the sitting's to tell the referee */
    if (line.kind != TL_EVENT ||
        sitting_apply(ctx->sit, ctx->arb, &line, &r, ctx->sr) != 0) {
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
        while (ctx->note_cursor < ctx->n_notes &&
               ctx->notes[ctx->note_cursor].event <= ev->id) {
            ctx->note_cursor++; /* a comment of a game not exported */
        }
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
    while (ctx->note_cursor < ctx->n_notes &&
           ctx->notes[ctx->note_cursor].event <= ev->id) {
        struct placed_comment *p = &ctx->notes[ctx->note_cursor++];

        if (p->event != 0) {    /* (those among the tags stay there) */
            p->at = p->event == ev->id ? ctx->n_exported : -1;
        }
    }
    for (int i = 0; i < ctx->n_gaps; i++) {
        if (ctx->gaps[i].after_event == ev->id) {
            ctx->gap_at[i] = ctx->n_exported;
        }
    }
    ctx->last = ev->id;
    snprintf(ctx->head, sizeof(ctx->head), "%s", ev->hash);
    return 0;
}

/* by_lookups - may the first pass be made by lookups (whole_sitting)
 * instead of a walk: the whole sitting exported, no deal of it
 * quarantined and no comment of it after an action (the walk places
 * those)? */
static bool by_lookups(const struct export_ctx *ctx)
{
    if (ctx->game > 0 || ctx->n_gaps > 0) {
        return false;
    }
    for (int i = 0; i < ctx->n_notes; i++) {
        if (ctx->notes[i].event != 0) {
            return false;
        }
    }
    return true;
}

/* whole_sitting - chain_range's first pass where by_lookups allows it:
 * the sitting's first and last event found by two lookups of its index.
 * Returns 0 or a negative code (the message on l). */
static int whole_sitting(struct ledger *l, struct export_ctx *ctx)
{
    return ledger_sitting_ends(l, ctx->sitting, &ctx->from, &ctx->last,
                               ctx->head);
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
    if (kind == LEDGER_LINE_TAG && ctx->tag_rows == 0) {
        end_line(ctx, 0, false, true); /* comments before the first tag */
    }
    if (kind != LEDGER_LINE_TAG && !ctx->tags_done) {
        /* the chain of what is exported, for `ecarte verify --log` */
        ctx->tags_done = true;
        if (ctx->tag_rows == 0) {
            end_line(ctx, 0, false, true);
        }
        if (ctx->from != 0) {
            fprintf(ctx->fp, "[Chain \"sitting=%lld from=%lld head=%s\"]\n",
                    (long long)ctx->sitting, (long long)ctx->from,
                    ctx->head);
        }
        rest_notes(ctx);        /* those after the last tag */
    }
    switch (kind) {
    case LEDGER_LINE_TAG:
        ctx->tag_rows++;
        if (strncmp(text, "[Chain ", 7) == 0) {
            /* a chain tag of an earlier export: not written, but its
             * comments are */
            end_line(ctx, ctx->tag_rows, false,
                     ctx->tag_rows < ctx->n_tag_rows);
            break;
        }
        fputs(canonical_laws(text, buf, sizeof(buf)), ctx->fp);
        end_line(ctx, ctx->tag_rows, true, ctx->tag_rows < ctx->n_tag_rows);
        derive(ctx, kind, text);
        break;
    case LEDGER_LINE_EVENT:
        value_line(ctx);
        rest_notes(ctx);        /* the place before it is over */
        gap_lines(ctx, ctx->n_written++);
        set_place(ctx, ctx->n_written);
        ctx->lines_after = 0;
        fputs(text, ctx->fp);
        end_line(ctx, 0, true, true);
        derive(ctx, kind, text);
        break;
    case LEDGER_LINE_RULING:
        snprintf(buf, sizeof(buf), "= %s", text);
        eq_line(ctx, buf);
        break;
    case LEDGER_LINE_SCORE:
    case LEDGER_LINE_MARK:
        value_line(ctx);
        snprintf(buf, sizeof(buf), "= %s", text);
        eq_line(ctx, buf);
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
    if (arbiter_open(&ctx.arb) != 0 || sitting_open(&ctx.sit) != 0 ||
        (ctx.sr = malloc(sizeof(*ctx.sr))) == NULL) {
        arbiter_close(ctx.arb);
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
    if (ledger_comments_foreach(l, sitting, take_note, &ctx) != 0 ||
        ledger_tags_foreach(l, sitting, count_tag, &ctx) != 0) {
        rc = fail(err, err_n, -1, "%s", ctx.notes_failed
                  ? "out of memory" : ledger_errmsg(l));
        goto out;
    }
    if (by_lookups(&ctx) ? whole_sitting(l, &ctx) != 0
                         : ledger_events_chain_foreach(l, sitting,
                                                       chain_range,
                                                       &ctx) != 0) {
        rc = fail(err, err_n, -1, "%s", ledger_errmsg(l));
        goto out;
    }
    set_place(&ctx, 0);         /* the tags' comments first */
    if (ctx.from == 0 && game == 0 &&
        (ctx.n_tag_rows > 0 || ctx.n_notes > 0 ||
         ledger_sitting_exists(l, sitting) == 1)) {
        /* a sitting begun at a table and left before any action: its
         * tags and comments, with no chain to name */
        if (ledger_lines_foreach(l, sitting, 0, export_line, &ctx) != 0) {
            rc = fail(err, err_n, -1, "%s", ledger_errmsg(l));
        } else {
            /* no action to chain: the genesis head, from=0, so that
             * verify --log holds the tags against the sitting */
            char genesis[LEDGER_HASH_HEX];

            memset(genesis, '0', 64);
            genesis[64] = '\0';
            fprintf(ctx.fp, "[Chain \"sitting=%lld from=0 head=%s\"]\n",
                    (long long)sitting, genesis);
            rest_notes(&ctx);
        }
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
    rest_notes(&ctx);
    gap_lines(&ctx, ctx.n_written);
out:
    for (int i = 0; i < ctx.n_notes; i++) {
        free(ctx.notes[i].text);
    }
    free(ctx.notes);
    arbiter_close(ctx.arb);
    sitting_close(ctx.sit);
    free(ctx.sr);
    free(ctx.gaps);
    free(ctx.gap_at);
    return rc;
}
