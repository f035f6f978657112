/* SPDX-License-Identifier: MIT */
/*
 * session_origin.c - a merged sitting held against its origin (`ecarte
 * verify --origin SOURCE.db`): the source's sitting still ends at the
 * chain hash its provenance names, with as many events; its events (by
 * seq: line, stamp, actor, verb, args, cards, canonical text), tags,
 * quarantined deals, claims and comments are those of the merged
 * sitting; and the merged sitting's rows are what the source's events
 * give (the source's sitting recorded again into a scratch ledger,
 * ledger_derived_compare).
 */
#include "session/session_int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A list of rows, each as one text. */
struct rows {
    char **v;
    size_t n;
    size_t cap;
    int64_t (*ids)[2];          /* events: id and seq */
    char head[LEDGER_HASH_HEX]; /* events: the last one's hash */
    int64_t last_id;            /* events: the last one's id */
    int failed;
};

static void rows_free(struct rows *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->v[i]);
    }
    free(r->v);
    free(r->ids);
}

/* rows_add - a row (printf-style) appended; id and seq kept for an
 * event.  0, or -1 out of memory (r->failed). */
static int rows_add(struct rows *r, int64_t id, int64_t seq,
                    const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int rows_add(struct rows *r, int64_t id, int64_t seq,
                    const char *fmt, ...)
{
    va_list ap;
    int k;

    if (r->n == r->cap) {
        size_t cap = r->cap > 0 ? r->cap * 2 : 64;
        char **nv = realloc(r->v, cap * sizeof(*nv));
        int64_t (*ni)[2] = realloc(r->ids, cap * sizeof(*ni));

        if (nv != NULL) {
            r->v = nv;
        }
        if (ni != NULL) {
            r->ids = ni;
        }
        if (nv == NULL || ni == NULL) {
            r->failed = 1;
            return -1;
        }
        r->cap = cap;
    }
    va_start(ap, fmt);
    k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    r->v[r->n] = malloc((size_t)k + 1);
    if (r->v[r->n] == NULL) {
        r->failed = 1;
        return -1;
    }
    va_start(ap, fmt);
    vsnprintf(r->v[r->n], (size_t)k + 1, fmt, ap);
    va_end(ap);
    r->ids[r->n][0] = id;
    r->ids[r->n][1] = seq;
    r->n++;
    return 0;
}

/* seq_of - the seq of event id among the events of r (0 for 0, -1 if
 * none). */
static int64_t seq_of(const struct rows *r, int64_t id)
{
    if (id == 0) {
        return 0;
    }
    for (size_t i = 0; i < r->n; i++) {
        if (r->ids[i][0] == id) {
            return r->ids[i][1];
        }
    }
    return -1;
}

static int take_event(void *vctx, const struct ledger_event *ev)
{
    struct rows *r = vctx;

    snprintf(r->head, sizeof(r->head), "%s", ev->hash);
    r->last_id = ev->id;
    return rows_add(r, ev->id, ev->seq, "seq %lld: line %d, stamp \"%s\", "
                    "actor \"%s\", verb \"%s\", args \"%s\", cards \"%s\", "
                    "text \"%s\", source \"%s\"", (long long)ev->seq,
                    ev->line, ev->stamp, ev->actor, ev->verb, ev->args,
                    ev->cards, ev->text, ev->source) != 0;
}

static int take_tag(void *vctx, const char *name, const char *value)
{
    return rows_add(vctx, 0, 0, "[%s \"%s\"]", name, value) != 0;
}

/* Claims and quarantined deals name events: by seq, through the events
 * of their own ledger. */
struct named {
    struct rows *rows;
    const struct rows *events;
};

static int take_claim(void *vctx, int64_t event, int line, const char *text)
{
    struct named *nm = vctx;

    return rows_add(nm->rows, 0, 0, "after event seq %lld, line %d: \"%s\"",
                    (long long)seq_of(nm->events, event), line, text) != 0;
}

static int take_comment(void *vctx, const struct ledger_comment *c)
{
    struct named *nm = vctx;

    return rows_add(nm->rows, 0, 0, "after event seq %lld, after %d lines%s, "
                    "line %d: \"%s\"", (long long)seq_of(nm->events, c->event),
                    c->after_lines, c->ends_line ? " (ending the last)" : "",
                    c->line, c->text) != 0;
}

static int take_gap(void *vctx, const struct ledger_quarantine_row *q)
{
    struct named *nm = vctx;

    return rows_add(nm->rows, 0, 0, "after event seq %lld, game %d, %s:%d, "
                    "error \"%s\", raw \"%s\"",
                    (long long)seq_of(nm->events, q->after_event), q->game,
                    q->source, q->line, q->error, q->raw) != 0;
}

/* A comparison's findings. */
struct origin_say {
    ledger_finding_fn fn;
    void *ctx;
    int64_t n;
    const struct ledger_provenance *p;
    const char *source;
    int stop;
};

/* say - one finding of kind "origin" on table of the merged sitting. */
static void say(struct origin_say *w, const char *table, const char *here,
                const char *there, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void say(struct origin_say *w, const char *table, const char *here,
                const char *there, const char *fmt, ...)
{
    struct ledger_finding f;
    char msg[1600];
    size_t used;
    va_list ap;

    used = (size_t)snprintf(msg, sizeof(msg), "sitting %lld (merged from "
                            "sitting %lld of %s): ", (long long)w->p->sitting,
                            (long long)w->p->source_sitting, w->source);
    va_start(ap, fmt);
    if (used < sizeof(msg)) {
        vsnprintf(msg + used, sizeof(msg) - used, fmt, ap);
    }
    va_end(ap);
    memset(&f, 0, sizeof(f));
    f.kind = "origin";
    f.table = table;
    f.sitting = w->p->sitting;
    f.stored = here;
    f.derived = there;
    f.message = msg;
    w->n++;
    if (w->fn != NULL && !w->stop) {
        w->stop = w->fn(w->ctx, &f);
    }
}

/* compare_rows - two lists of what (table): the first that differs, or
 * the count, said. */
static void compare_rows(struct origin_say *w, const char *table,
                         const char *what, const struct rows *here,
                         const struct rows *there)
{
    size_t n = here->n < there->n ? here->n : there->n;

    for (size_t i = 0; i < n; i++) {
        if (strcmp(here->v[i], there->v[i]) != 0) {
            say(w, table, here->v[i], there->v[i], "its %s number %zu is "
                "%s here, %s there", what, i + 1, here->v[i], there->v[i]);
            return;
        }
    }
    if (here->n != there->n) {
        say(w, table, NULL, NULL, "%zu %s here, %zu there", here->n, what,
            there->n);
    }
}

/* compare_lists - the sitting's tags, claims, quarantined deals and
 * comments here (side[0]) against there (side[1]), each list said where
 * it differs (compare_rows); ev the two sides' events, for the seq of an
 * event id.
 * Returns 0, or -1 with why set. */
static int compare_lists(struct origin_say *w, struct ledger *const side[2],
                         const int64_t sitting[2], const struct rows ev[2],
                         char *why, size_t why_n)
{
    struct rows other[2];
    struct named nm[2];
    int rc;

    memset(other, 0, sizeof(other));
    for (int k = 0; k < 4 && !w->stop; k++) {
        static const char *const what[4] = { "tags", "claims",
                                             "quarantined deals",
                                             "comments" };
        static const char *const table[4] = { "tag", "claim", "quarantine",
                                              "comment" };

        for (int i = 0; i < 2; i++) {
            nm[i].rows = &other[i];
            nm[i].events = &ev[i];
            rc = k == 0 ? ledger_tags_foreach(side[i], sitting[i], take_tag,
                                              &other[i])
               : k == 1 ? ledger_claims_foreach(side[i], sitting[i], 0, 0,
                                                take_claim, &nm[i])
               : k == 2 ? ledger_quarantine_foreach(side[i], sitting[i],
                                                    take_gap, &nm[i])
                        : ledger_comments_foreach(side[i], sitting[i],
                                                  take_comment, &nm[i]);
            if (rc != 0 || other[i].failed) {
                snprintf(why, why_n, "%s", other[i].failed
                         ? "out of memory" : ledger_errmsg(side[i]));
                rows_free(&other[0]);
                rows_free(&other[1]);
                return -1;
            }
        }
        compare_rows(w, table[k], what[k], &other[0], &other[1]);
        for (int i = 0; i < 2; i++) {
            rows_free(&other[i]);
            memset(&other[i], 0, sizeof(other[i]));
        }
    }
    return 0;
}

/* compare_derived - the rows here (sitting p->sitting of l) against what
 * the events there give: the source's sitting recorded again into a
 * scratch ledger (session_derive) and compared (ledger_derived_compare,
 * its findings to fn and counted in w).  Events that no longer replay
 * are a finding.  Returns 0, or -1 with why set. */
static int compare_derived(struct origin_say *w, struct ledger *l,
                           const struct ledger_provenance *p,
                           struct ledger *from, ledger_finding_fn fn,
                           void *ctx, char *why, size_t why_n)
{
    struct ledger *scratch = NULL;
    struct session *s = NULL;
    int64_t bad_seq = 0;
    char dwhy[700];
    int rc;

    if (ledger_open(&scratch, ":memory:", LEDGER_SCRATCH) != 0 ||
        session_open(&s, scratch, NULL, COMMIT_PER_DEAL) != 0) {
        snprintf(why, why_n, "a scratch ledger: out of memory");
        rc = -1;
    } else {
        rc = session_derive(s, from, p->source_sitting, &bad_seq, dwhy,
                            sizeof(dwhy));
        if (rc == CLI_E_INPUT) {
            say(w, "event", NULL, NULL, "its events there no longer "
                "replay: %s", dwhy);
            rc = 0;
        } else if (rc != 0) {
            snprintf(why, why_n, "%s", dwhy);
            rc = -1;
        } else {
            int64_t n = ledger_derived_compare(l, p->sitting, scratch, 1,
                                               fn, ctx);

            if (n < 0) {
                snprintf(why, why_n, "%s", ledger_errmsg(l));
                rc = -1;
            } else {
                w->n += n;
            }
        }
    }
    session_close(s);
    ledger_close(scratch);
    return rc;
}

int64_t session_origin_compare(struct ledger *l,
                               const struct ledger_provenance *p,
                               struct ledger *from, const char *source,
                               ledger_finding_fn fn, void *ctx, char *why,
                               size_t why_n)
{
    struct origin_say w = { .fn = fn, .ctx = ctx, .p = p, .source = source };
    struct rows ev[2];
    struct ledger *side[2] = { l, from };
    int64_t sitting[2] = { p->sitting, p->source_sitting };
    int rc = 0;

    why[0] = '\0';
    memset(ev, 0, sizeof(ev));
    rc = ledger_sitting_exists(from, p->source_sitting);
    if (rc == 0) {
        say(&w, "provenance", NULL, NULL, "the source has no sitting %lld",
            (long long)p->source_sitting);
        return w.n;
    }
    for (int i = 0; rc >= 0 && i < 2; i++) {
        rc = ledger_events_foreach(side[i], sitting[i], take_event, &ev[i]);
    }
    if (rc != 0 || ev[0].failed || ev[1].failed) {
        snprintf(why, why_n, "%s", ev[0].failed || ev[1].failed
                 ? "out of memory" : ledger_errmsg(rc != 0 ? from : l));
        rc = -1;
        goto out;
    }
    if (ev[1].n > 0) {
        /* the source's last event by its whole hash, as merge named it */
        struct ledger_event last = { .id = ev[1].last_id,
                                     .hash = ev[1].head };

        if (ledger_event_hash_full(from, &last, ev[1].head) != 0) {
            snprintf(why, why_n, "%s", ledger_errmsg(from));
            rc = -1;
            goto out;
        }
    }
    /* the source's sitting as merged: its last event's hash, its count */
    if ((int64_t)ev[1].n != p->n_events ||
        strcmp(ev[1].head, p->source_head) != 0) {
        say(&w, "provenance", p->source_head, ev[1].head, "the source's "
            "sitting now has %zu events ending at %.16s..., its provenance "
            "names %lld ending at %.16s... (the source changed since, or "
            "this is not the ledger it was merged from)", ev[1].n,
            ev[1].head, (long long)p->n_events, p->source_head);
    }
    compare_rows(&w, "event", "events", &ev[0], &ev[1]);
    rc = compare_lists(&w, side, sitting, ev, why, why_n);
    if (rc == 0 && !w.stop) {
        rc = compare_derived(&w, l, p, from, fn, ctx, why, why_n);
    }
out:
    for (int i = 0; i < 2; i++) {
        rows_free(&ev[i]);
    }
    return rc < 0 ? -1 : w.n;
}
