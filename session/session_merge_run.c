/* SPDX-License-Identifier: MIT */
/*
 * session_merge_run.c - one source ledger merged into the club's
 * (session_merge_source, `ecarte merge`): each of its sittings recorded
 * again (session_merge) unless the club holds it already (by provenance,
 * by the identity of its origin, or the same log imported), then its
 * member decisions merged where they do not contradict the club's.
 * What it does is reported to the caller's merge_events; nothing is
 * printed.
 */
#include "session/session.h"

#include <stdlib.h>
#include <string.h>

/* One merge of a source under way. */
struct merge_run {
    struct ledger *club;
    const char *club_name;
    struct ledger *src;
    const char *source;
    char uuid[LEDGER_UUID_HEX];
    const struct merge_events *ev;
    struct merge_counts *counts;
    char *why;
    size_t why_n;
};

/* A sitting of a source, as listed before any is merged. */
struct src_sitting {
    int64_t id;
    int64_t n_events;
};

struct src_list {
    struct src_sitting *s;
    size_t n;
    size_t cap;
};

static int list_sitting(void *vctx, const struct ledger_sitting_info *si)
{
    struct src_list *sl = vctx;

    if (sl->n == sl->cap) {
        size_t cap = sl->cap > 0 ? sl->cap * 2 : 32;
        struct src_sitting *ns = realloc(sl->s, cap * sizeof(*ns));

        if (ns == NULL) {
            return -1;
        }
        sl->s = ns;
        sl->cap = cap;
    }
    sl->s[sl->n].id = si->id;
    sl->s[sl->n].n_events = si->n_events;
    sl->n++;
    return 0;
}

/* The origin of a source's sitting (its provenance there, if any). */
struct origin {
    char uuid[LEDGER_UUID_HEX];
    int64_t sitting;
    int64_t n_events;           /* a provenance's count, for the club's */
};

static int take_origin(void *vctx, const struct ledger_provenance *p)
{
    struct origin *o = vctx;

    snprintf(o->uuid, sizeof(o->uuid), "%s", p->origin_uuid);
    o->sitting = p->origin_sitting;
    o->n_events = p->n_events;
    return 1;
}

/*
 * here_already - the club's sitting that sitting id of the source is
 * (into *here, 0 if none), and how it is known (into how): by the
 * provenance of either ledger or the identity of its origin, or as the
 * same log imported.  Returns 0 or a negative code.
 */
static int here_already(struct merge_run *m, int64_t id, int64_t *here,
                        const char **how)
{
    struct origin o;
    struct ledger_import imp;
    char sha[LEDGER_HASH_HEX];
    char path[8];
    int rc;

    *here = 0;
    memset(&o, 0, sizeof(o));
    snprintf(o.uuid, sizeof(o.uuid), "%s", m->uuid);
    o.sitting = id;
    rc = ledger_provenance_foreach(m->src, id, take_origin, &o);
    if (rc < 0) {
        return rc;
    }
    rc = ledger_origin_find(m->club, m->uuid, id, here);
    *how = "by provenance";
    if (rc == 0) {
        rc = ledger_origin_find(m->club, o.uuid, o.sitting, here);
        *how = "by the identity of the ledger it was first recorded in";
    }
    if (rc != 0) {
        return rc < 0 ? rc : 0;
    }
    rc = ledger_import_of(m->src, id, sha, path, sizeof(path), &imp);
    if (rc == 1 && ledger_import_get(m->club, sha, &imp) == 0 &&
        imp.sitting > 0) {
        *here = imp.sitting;
        *how = "the same log imported here";
    }
    return rc < 0 ? rc : 0;
}

/* merge_decision - one of the source's member decisions, merged into the
 * club's, or a contradiction (the club's kept).  Returns 0, or -1 on a
 * ledger failure (why says). */
static int merge_decision(void *vctx, const struct ledger_member_decision *d)
{
    struct merge_run *m = vctx;
    int64_t here = 0;
    const char *how = NULL;
    char mine[256];
    int rc;

    if (d->spelling != NULL) {
        rc = ledger_member_join(m->club, d->spelling, d->member);
    } else {
        if (here_already(m, d->sitting, &here, &how) != 0 || here == 0) {
            return 0;           /* its sitting is not here: nothing to say */
        }
        rc = ledger_member_apart(m->club, here, d->who, d->member);
    }
    if (rc == 1) {
        return 0;               /* the club decided the same */
    }
    if (rc == 0) {
        if (m->ev->decision != NULL) {
            m->ev->decision(m->ev->ctx, m->source, d, here, NULL);
        }
        return 0;
    }
    if (rc != LEDGER_E_DUPLICATE && rc != LEDGER_E_INVALID) {
        snprintf(m->why, m->why_n, "%s: %s", m->club_name,
                 ledger_errmsg(m->club));
        return -1;
    }
    /* a contradiction: the club's decision is kept */
    snprintf(mine, sizeof(mine), "%s", ledger_errmsg(m->club));
    m->counts->findings++;
    if (m->ev->decision != NULL) {
        m->ev->decision(m->ev->ctx, m->source, d, here, mine);
    }
    return 0;
}

/* refuse - sitting id of the source is not merged, because of why
 * (a finding). */
static void refuse(struct merge_run *m, int64_t id, const char *why)
{
    m->counts->findings++;
    if (m->ev->refused != NULL) {
        m->ev->refused(m->ev->ctx, m->source, id, why);
    }
}

/* merge_one_sitting - sitting si of the source into the club, or said
 * to be here already.  Returns 0, or -1 on a failure (why says). */
static int merge_one_sitting(struct merge_run *m, const struct src_sitting *si)
{
    struct session *s = NULL;
    struct merge_result res;
    struct ledger_import imp;
    char sha[LEDGER_HASH_HEX];
    char path[8];
    char why[800];
    char words[820];
    int64_t here = 0;
    const char *how = NULL;
    int rc;

    if (here_already(m, si->id, &here, &how) != 0) {
        snprintf(m->why, m->why_n, "%s", ledger_errmsg(m->club));
        return -1;
    }
    if (here != 0) {
        m->counts->already++;
        if (m->ev->already != NULL) {
            m->ev->already(m->ev->ctx, m->source, si->id, here, how);
        }
        return 0;
    }
    rc = ledger_import_of(m->src, si->id, sha, path, sizeof(path), &imp);
    if (rc == 1 && !imp.complete) {
        refuse(m, si->id, "its import was interrupted (not complete): not "
                          "merged (finish the import there first)");
        return 0;
    }
    if (session_open(&s, m->club, NULL, COMMIT_PER_DEAL) != 0) {
        snprintf(m->why, m->why_n, "out of memory");
        return -1;
    }
    rc = session_merge(s, m->src, si->id, m->source, &res, why, sizeof(why));
    session_close(s);
    if (rc == CLI_E_INPUT) {
        snprintf(words, sizeof(words), "not merged: %s", why);
        refuse(m, si->id, words);
        return 0;
    }
    if (rc != 0) {
        snprintf(m->why, m->why_n, "sitting %lld of %s: %s; it is not merged",
                 (long long)si->id, m->source, why);
        return -1;
    }
    m->counts->merged++;
    if (m->ev->merged != NULL) {
        m->ev->merged(m->ev->ctx, m->source, si->id, &res);
    }
    return 0;
}

int session_merge_source(struct ledger *club, const char *club_name,
                         struct ledger *src, const char *source,
                         const struct merge_events *ev,
                         struct merge_counts *counts, char *why,
                         size_t why_n)
{
    static const struct merge_events none;
    struct merge_run m;
    struct src_list sl;
    int rc = 0;

    memset(&m, 0, sizeof(m));
    memset(counts, 0, sizeof(*counts));
    m.club = club;
    m.club_name = club_name;
    m.src = src;
    m.source = source;
    m.ev = ev != NULL ? ev : &none;
    m.counts = counts;
    m.why = why;
    m.why_n = why_n;
    why[0] = '\0';
    if (ledger_identity(src, m.uuid) != 0) {
        snprintf(why, why_n, "%s: %s", source, ledger_errmsg(src));
        return -1;
    }
    memset(&sl, 0, sizeof(sl));
    if (ledger_sittings_find(src, NULL, 0, list_sitting, &sl) != 0) {
        snprintf(why, why_n, "%s: %s", source, ledger_errmsg(src));
        free(sl.s);
        return -1;
    }
    for (size_t i = 0; rc == 0 && i < sl.n; i++) {
        rc = merge_one_sitting(&m, &sl.s[i]);
    }
    free(sl.s);
    if (rc == 0) {
        rc = ledger_member_decisions_foreach(src, merge_decision, &m);
    }
    return rc != 0 ? -1 : 0;
}
