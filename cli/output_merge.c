/* SPDX-License-Identifier: MIT */
/*
 * output_merge.c - what `ecarte merge` does, printed: each sitting merged
 * or here already, each member decision merged or contradicting, and the
 * source's totals, as text or JSON Lines (SQLite's json_object).
 */
#include "cli/cli.h"
#include "cli/output_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* What `ecarte merge` does (session_merge_source's events)             */
/* ------------------------------------------------------------------ */

static void merge_merged(void *ctx, const char *source, int64_t id,
                         const struct merge_result *r)
{
    struct output *o = ctx;

    if (o->json) {
        output__emitf(o, J_MERGED, "tIIIiit", source, id, r->sitting, r->events,
              r->quarantined, r->claims, r->imported ? "true" : "false");
        return;
    }
    fprintf(o->fp, "sitting %lld of %s merged as sitting %lld: %lld events "
                   "adjudicated again, %d deal%s quarantined, %d claim%s\n",
            (long long)id, source, (long long)r->sitting,
            (long long)r->events, r->quarantined,
            r->quarantined == 1 ? "" : "s", r->claims,
            r->claims == 1 ? "" : "s");
}

static void merge_already(void *ctx, const char *source, int64_t id,
                          int64_t here, const char *how)
{
    struct output *o = ctx;

    if (o->json) {
        output__emitf(o, J_ALREADY_HERE, "tIIt", source, id, here, how);
        return;
    }
    fprintf(o->fp, "sitting %lld of %s is sitting %lld here already (%s): "
                   "nothing added\n", (long long)id, source,
            (long long)here, how);
}

/* merge_refused - in words, JSON Lines or not */
static void merge_refused(void *ctx, const char *source, int64_t id,
                          const char *why)
{
    struct output *o = ctx;

    fprintf(o->fp, "sitting %lld of %s: %s\n", (long long)id, source, why);
}

static void merge_decision(void *ctx, const char *source,
                           const struct ledger_member_decision *d,
                           int64_t here, const char *kept)
{
    struct output *o = ctx;
    bool join = d->spelling != NULL;
    const char *name = join ? d->spelling : d->who;

    if (o->json && kept != NULL) {
        output__emitf(o, J_CONTRADICTION, "ttttt", source, join ? "spelling" : "who",
              name, d->member, kept);
    } else if (o->json) {
        if (join) {
            output__emitf(o, J_MEMBER_JOIN, "ttt", source, name, d->member);
        } else {
            output__emitf(o, J_MEMBER_APART, "ttIt", source, name, here, d->member);
        }
    } else if (kept != NULL) {
        fprintf(o->fp, "%s: contradicts this ledger: it makes %s%s%s \"%s\", "
                       "but here %s: this ledger's decision kept\n", source,
                join ? "\"" : "", name, join ? "\"" : "", d->member, kept);
    } else if (join) {
        fprintf(o->fp, "%s: join merged: \"%s\" is the member \"%s\"\n",
                source, name, d->member);
    } else {
        fprintf(o->fp, "%s: apart merged: %s of sitting %lld (its sitting "
                       "%lld) is the member \"%s\"\n", source, name,
                (long long)here, (long long)d->sitting, d->member);
    }
}

void output_merge_events(struct output *o, struct merge_events *ev)
{
    memset(ev, 0, sizeof(*ev));
    ev->ctx = o;
    ev->merged = merge_merged;
    ev->already = merge_already;
    ev->refused = merge_refused;
    ev->decision = merge_decision;
}

void output_merge(struct output *o, const char *source,
                  const struct merge_counts *c)
{
    if (o->json) {
        output__emitf(o, J_MERGE, "tII", source, c->merged, c->already);
        return;
    }
    fprintf(o->fp, "%s: %lld sitting%s merged, %lld here already%s\n",
            source, (long long)c->merged, c->merged == 1 ? "" : "s",
            (long long)c->already, c->merged == 0 ? ": nothing added" : "");
}
