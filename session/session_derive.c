/* SPDX-License-Identifier: MIT */
/*
 * session_derive.c - a sitting of a ledger recorded again into a scratch
 * ledger: its tags set, its actions adjudicated and recorded one by one
 * as `record` and `import` record them (the same code writes the rows),
 * its lost deals where they stood.  What the scratch ledger then holds is
 * what the sitting's events give, for ledger_derived_compare to hold the
 * stored rows against (`ecarte verify`, and every command that reads or
 * extends a ledger).  The same code records a sitting of another ledger
 * into the club's (session_merge, `ecarte merge`), with what import
 * keeps beside the events and the sitting's provenance.
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
    /* merging: each source event's id and the id it got here */
    bool merging;
    int64_t (*map)[2];
    size_t n_map;
    size_t cap_map;
    char head[LEDGER_HASH_HEX]; /* the source's hash of the last event */
    int64_t last_id;            /* its id there */
    int64_t n_events;
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
    if (ctx->merging) {
        if (ctx->n_map == ctx->cap_map) {
            size_t cap = ctx->cap_map > 0 ? ctx->cap_map * 2 : 256;
            int64_t (*m)[2] = realloc(ctx->map, cap * sizeof(*m));

            if (m == NULL) {
                snprintf(ctx->why, ctx->why_n, "out of memory");
                ctx->failed = -1;
                return 1;
            }
            ctx->map = m;
            ctx->cap_map = cap;
        }
        ctx->map[ctx->n_map][0] = ev->id;
        ctx->map[ctx->n_map][1] = s->last_event_id;
        ctx->n_map++;
        snprintf(ctx->head, sizeof(ctx->head), "%s",
                 ev->hash != NULL ? ev->hash : "");
        ctx->last_id = ev->id;
        ctx->n_events++;
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

/* ------------------------------------------------------------------ */
/* Merging a sitting of another ledger                                  */
/* ------------------------------------------------------------------ */

/* mapped - the id here of the source's event id (0 for 0, or for an
 * event not recorded again: -1). */
static int64_t mapped(const struct derive_ctx *ctx, int64_t id)
{
    size_t lo = 0;
    size_t hi = ctx->n_map;

    if (id == 0) {
        return 0;
    }
    while (lo < hi) {          /* the source's ids rise */
        size_t mid = lo + (hi - lo) / 2;

        if (ctx->map[mid][0] == id) {
            return ctx->map[mid][1];
        }
        if (ctx->map[mid][0] < id) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return -1;
}

/* What the merge of one sitting carries across its callbacks. */
struct merge_ctx {
    struct derive_ctx *d;
    struct session *s;
    struct merge_result *out;
    int failed;
};

/* merge_gap - a deal of the source sitting quarantined, kept here where
 * it stood.  Returns 0, 1 to stop (m->failed). */
static int merge_gap(void *vctx, const struct ledger_quarantine_row *q)
{
    struct merge_ctx *m = vctx;
    int64_t after = mapped(m->d, q->after_event);

    if (after < 0 ||
        ledger_quarantine_gap(m->s->led, q->source, q->line, q->error, q->raw,
                              m->s->sitting, after, q->game) != 0) {
        snprintf(m->d->why, m->d->why_n, "%s", after < 0
                 ? "a quarantined deal stands after an event not merged"
                 : ledger_errmsg(m->s->led));
        m->failed = 1;
        return 1;
    }
    m->out->quarantined++;
    return 0;
}

/* merge_claim - a `=` line of the source sitting's log, kept here after
 * the same event.  Returns 0, 1 to stop (m->failed). */
static int merge_claim(void *vctx, int64_t event, int line, const char *text)
{
    struct merge_ctx *m = vctx;
    int64_t after = mapped(m->d, event);

    if (after < 0 ||
        ledger_claim_add(m->s->led, m->s->sitting, after, line, text) != 0) {
        snprintf(m->d->why, m->d->why_n, "%s", after < 0
                 ? "a claim follows an event not merged"
                 : ledger_errmsg(m->s->led));
        m->failed = 1;
        return 1;
    }
    m->out->claims++;
    return 0;
}

/* merge_comment - a `#` comment of the source sitting's log, kept here
 * in the same place (the same event, as many lines after it).  Returns
 * 0, 1 to stop (m->failed). */
static int merge_comment(void *vctx, const struct ledger_comment *c)
{
    struct merge_ctx *m = vctx;
    struct ledger_comment here = *c;

    here.sitting = m->s->sitting;
    here.event = mapped(m->d, c->event);
    if (here.event < 0 || ledger_comment_add(m->s->led, &here, NULL) != 0) {
        snprintf(m->d->why, m->d->why_n, "%s", here.event < 0
                 ? "a comment follows an event not merged"
                 : ledger_errmsg(m->s->led));
        m->failed = 1;
        return 1;
    }
    m->out->comments++;
    return 0;
}

/* The source sitting's name (its source), and its origin. */
struct merge_origin {
    char source[1024];
    bool found;
    char origin_uuid[LEDGER_UUID_HEX];
    int64_t origin_sitting;
};

static int origin_of(void *vctx, const struct ledger_provenance *p)
{
    struct merge_origin *o = vctx;

    snprintf(o->origin_uuid, sizeof(o->origin_uuid), "%s", p->origin_uuid);
    o->origin_sitting = p->origin_sitting;
    return 1;
}

static int source_of(void *vctx, const struct ledger_sitting_info *si)
{
    struct merge_origin *o = vctx;

    snprintf(o->source, sizeof(o->source), "%s", si->source);
    o->found = true;
    return 1;
}

/* merge_books - what import keeps beside the events (the quarantined
 * deals, the claims, the comments, the import's row) and the provenance,
 * written for
 * the sitting merged.  Returns 0, or -1 (why says). */
static int merge_books(struct merge_ctx *m, struct ledger *from,
                       int64_t sitting, const char *source_path,
                       const char *uuid, const struct merge_origin *o)
{
    struct session *s = m->s;
    struct ledger_provenance p;
    struct ledger_import imp;
    char sha[LEDGER_HASH_HEX];
    char path[1024];
    int rc;

    rc = ledger_quarantine_foreach(from, sitting, merge_gap, m);
    if (rc == 0 && !m->failed) {
        rc = ledger_claims_foreach(from, sitting, 0, 0, merge_claim, m);
    }
    if (rc == 0 && !m->failed) {
        rc = ledger_comments_foreach(from, sitting, merge_comment, m);
    }
    if (m->failed) {
        return -1;
    }
    if (rc != 0) {
        snprintf(m->d->why, m->d->why_n, "%s", ledger_errmsg(from));
        return -1;
    }
    rc = ledger_import_of(from, sitting, sha, path, sizeof(path), &imp);
    if (rc == 1 && ledger_file_seen(s->led, sha) == 0) {
        struct ledger_import here = imp;

        here.id = 0;
        here.sitting = s->sitting;
        here.events = m->d->n_events;
        rc = ledger_import_begin(s->led, sha, path, &here);
        if (rc == 0) {
            here.complete = imp.complete; /* begin says not complete */
            rc = ledger_import_update(s->led, &here);
        }
        if (rc != 0) {
            snprintf(m->d->why, m->d->why_n, "%s", ledger_errmsg(s->led));
            return -1;
        }
        m->out->imported = true;
    } else if (rc < 0) {
        snprintf(m->d->why, m->d->why_n, "%s", ledger_errmsg(from));
        return -1;
    }
    if (m->d->n_events > 0) {
        /* the provenance names the source's last event by its whole hash */
        struct ledger_event last = { .id = m->d->last_id,
                                     .hash = m->d->head };

        if (ledger_event_hash_full(from, &last, m->d->head) != 0) {
            snprintf(m->d->why, m->d->why_n, "%s", ledger_errmsg(from));
            return -1;
        }
    }
    memset(&p, 0, sizeof(p));
    p.sitting = s->sitting;
    p.source_uuid = uuid;
    p.source_sitting = sitting;
    p.source_head = m->d->head;
    p.n_events = m->d->n_events;
    p.origin_uuid = o->origin_uuid;
    p.origin_sitting = o->origin_sitting;
    p.source_path = source_path;
    if (ledger_provenance_add(s->led, &p) != 0) {
        snprintf(m->d->why, m->d->why_n, "%s", ledger_errmsg(s->led));
        return -1;
    }
    return 0;
}

int session_merge(struct session *s, struct ledger *from, int64_t sitting,
                  const char *source_path, struct merge_result *out,
                  char *why, size_t why_n)
{
    static const char zeros[LEDGER_HASH_HEX] =
        "0000000000000000000000000000000000000000000000000000000000000000";
    struct derive_ctx ctx;
    struct merge_ctx m;
    struct merge_origin o;
    char uuid[LEDGER_UUID_HEX];
    int rc = 0;

    memset(out, 0, sizeof(*out));
    memset(&ctx, 0, sizeof(ctx));
    memset(&m, 0, sizeof(m));
    memset(&o, 0, sizeof(o));
    ctx.s = s;
    ctx.why = why;
    ctx.why_n = why_n;
    ctx.merging = true;
    memcpy(ctx.head, zeros, sizeof(zeros));
    m.d = &ctx;
    m.s = s;
    m.out = out;
    why[0] = '\0';
    if (s->led == NULL || ledger_identity(from, uuid) != 0) {
        snprintf(why, why_n, "the source has no identity: %s",
                 ledger_errmsg(from));
        return -1;
    }
    if (ledger_sittings_find(from, NULL, sitting, source_of, &o) < 0 ||
        !o.found) {
        snprintf(why, why_n, "the source has no sitting %lld",
                 (long long)sitting);
        return -1;
    }
    snprintf(o.origin_uuid, sizeof(o.origin_uuid), "%s", uuid);
    o.origin_sitting = sitting;
    if (ledger_provenance_foreach(from, sitting, origin_of, &o) < 0 ||
        session__reset_table(s) != 0) {
        snprintf(why, why_n, "%s", ledger_errmsg(from));
        return -1;
    }
    s->deriving = true;
    s->merging = true;
    s->quiet = true;
    s->name = o.source;
    if (lost_deals_load(from, sitting, &ctx.gaps, &ctx.n_gaps) != 0) {
        snprintf(why, why_n, "%s", ledger_errmsg(from));
        return -1;
    }
    if (ledger_begin(s->led) != 0) {
        snprintf(why, why_n, "%s", ledger_errmsg(s->led));
        free(ctx.gaps);
        return -1;
    }
    s->in_txn = true;
    rc = ledger_tags_foreach(from, sitting, derive_tag, &ctx);
    if (rc == 0 && ctx.failed == 0) {
        rc = ledger_events_foreach(from, sitting, derive_event, &ctx);
    }
    if (rc == 0 && ctx.failed == 0) {
        derive_gaps(&ctx, 0);
    }
    if (rc == 0 && ctx.failed == 0 && session__ensure_sitting(s) != 0) {
        ctx.failed = -1;        /* a sitting without an action: its tags */
    }
    free(ctx.gaps);
    if (rc == 0 && ctx.failed == 0 &&
        merge_books(&m, from, sitting, source_path, uuid, &o) != 0) {
        ctx.failed = -1;
    }
    if (ctx.failed == 0 && rc != 0) {
        snprintf(why, why_n, "%s", ledger_errmsg(from));
        ctx.failed = -1;
    }
    if (ctx.failed == 0) {
        s->in_txn = false;
        if (ledger_commit(s->led) != 0) {
            snprintf(why, why_n, "%s", ledger_errmsg(s->led));
            ctx.failed = -1;
        }
    }
    free(ctx.map);
    s->name = NULL;
    if (ctx.failed != 0) {
        if (why[0] == '\0') {
            snprintf(why, why_n, "%s", ledger_errmsg(s->led));
        }
        ledger_rollback(s->led);
        s->in_txn = false;
        memset(out, 0, sizeof(*out));
        return ctx.failed > 0 ? CLI_E_INPUT : -1;
    }
    out->sitting = s->sitting;
    out->events = ctx.n_events;
    return 0;
}
