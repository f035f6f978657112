/* SPDX-License-Identifier: MIT */
/*
 * audit_proof.c - what a ledger holds, proven: the file's pages, the events'
 * hash chain, the seal over the rows no action gives again, the ids and
 * references of the rest, and every sitting's derived rows recorded again
 * from its events into a scratch ledger and compared column by column.
 * It prints nothing: `ecarte verify` prints every finding, and the
 * readers and writers of the command line refuse a ledger that does not
 * verify (cli/guard.c).
 */
#include "audit/audit.h"

#include <string.h>

/* The walk of a proof. */
struct proof_walk {
    struct ledger *l;
    ledger_finding_fn fn;
    void *ctx;
    struct proof_summary *sum;
    int stop;
    int failed;                 /* a ledger error or out of memory */
    char why[600];
};

/* count - a finding: counted, then handed on. */
static int count(void *vctx, const struct ledger_finding *f)
{
    struct proof_walk *w = vctx;

    if (w->sum->findings++ == 0) {
        snprintf(w->sum->first, sizeof(w->sum->first), "%s", f->message);
    }
    if (w->fn != NULL && !w->stop) {
        w->stop = w->fn(w->ctx, f);
    }
    return w->stop;
}

/* one - a finding made here (the chain, a sitting that no longer
 * replays). */
static void one(struct proof_walk *w, const char *kind, const char *table,
                int64_t row, int64_t sitting, const char *message)
{
    struct ledger_finding f;

    memset(&f, 0, sizeof(f));
    f.kind = kind;
    f.table = table;
    f.row = row;
    f.sitting = sitting;
    f.message = message;
    count(w, &f);
}

/* chain - the file's pages and the events' chain (ledger_verify). */
static void chain(struct proof_walk *w)
{
    int64_t bad = 0;
    int rc = ledger_verify(w->l, &bad);

    if (rc < 0) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "%s", ledger_errmsg(w->l));
        return;
    }
    if (rc == 1 && bad == 0) {
        w->sum->damaged = true;
        one(w, "damaged", "", 0, 0, ledger_errmsg(w->l));
        return;
    }
    if (rc == 1) {
        w->sum->chain_broken = true;
        w->sum->bad_event = bad;
        one(w, "chain", "event", bad, 0, ledger_errmsg(w->l));
        return;
    }
    ledger_chain_head(w->l, w->sum->head, &w->sum->events);
}

/* derive_sitting - sitting id recorded again into a scratch ledger and
 * its rows compared with the stored ones.  The scratch ledger is SQLite's
 * private temporary file (path ""), not ":memory:": it holds every row
 * the sitting derives, and a file's pages beyond SQLite's cache go to
 * disk, so the proof's memory does not grow with the sitting. */
static int derive_sitting(void *vctx, int64_t id, const char *source)
{
    struct proof_walk *w = vctx;
    struct ledger *scratch = NULL;
    struct session *s = NULL;
    int64_t bad_seq = 0;
    char why[700];
    int rc = 0;

    (void)source;
    if (w->stop) {
        return 1;
    }
    if (w->sum->only != 0 && id != w->sum->only) {
        return 0;
    }
    if (ledger_open(&scratch, "", LEDGER_SCRATCH) != 0 ||
        session_open(&s, scratch, NULL, COMMIT_PER_DEAL) != 0) {
        snprintf(w->why, sizeof(w->why), "a scratch ledger: %s",
                 scratch != NULL ? ledger_errmsg(scratch) : "out of memory");
        w->failed = 1;
        goto out;
    }
    rc = session_derive(s, w->l, id, &bad_seq, why, sizeof(why));
    if (rc == CLI_E_INPUT) {
        char msg[900];

        snprintf(msg, sizeof(msg), "sitting %lld: its recorded actions no "
                 "longer replay, so its rows cannot be re-derived: %s",
                 (long long)id, why);
        one(w, "derived", "event", 0, id, msg);
    } else if (rc != 0) {
        snprintf(w->why, sizeof(w->why), "re-deriving sitting %lld: %.500s",
                 (long long)id, why);
        w->failed = 1;
    } else {
        int64_t n = ledger_derived_compare(w->l, id, scratch, 1, count, w);

        if (n < 0) {
            snprintf(w->why, sizeof(w->why), "%s", ledger_errmsg(w->l));
            w->failed = 1;
        }
        w->sum->sittings++;
    }
out:
    session_close(s);
    ledger_close(scratch);
    return w->failed || w->stop ? 1 : 0;
}

int proof_ledger(struct ledger *l, int64_t sitting, ledger_finding_fn fn,
                 void *ctx, struct proof_summary *sum)
{
    struct proof_walk w;
    int64_t n = 0;
    int rc = 0;

    memset(&w, 0, sizeof(w));
    memset(sum, 0, sizeof(*sum));
    memcpy(sum->head, "0000000000000000000000000000000000000000000000000000"
                      "000000000000",
           LEDGER_HASH_HEX);
    w.l = l;
    w.fn = fn;
    w.ctx = ctx;
    w.sum = sum;
    sum->only = sitting;
    sum->version = ledger_version(l);
    chain(&w);
    if (!w.failed && !w.stop && !sum->damaged) {
        n = ledger_seals_check(l, count, &w);
        if (n < 0) {
            w.failed = 1;
            snprintf(w.why, sizeof(w.why), "%s", ledger_errmsg(l));
        }
    }
    if (!w.failed && !w.stop && !sum->damaged) {
        n = ledger_structure_check(l, count, &w);
        if (n < 0) {
            w.failed = 1;
            snprintf(w.why, sizeof(w.why), "%s", ledger_errmsg(l));
        }
    }
    /* the rows are re-derived from events the chain proves: a broken
     * chain is the verdict, and nothing is derived from what it holds */
    if (!w.failed && !w.stop && !sum->damaged && !sum->chain_broken) {
        rc = ledger_sittings_foreach(l, derive_sitting, &w);
        if (rc != 0 && !w.failed && !w.stop) {
            w.failed = 1;
            snprintf(w.why, sizeof(w.why), "%s", ledger_errmsg(l));
        }
    }
    if (w.failed) {
        snprintf(sum->error, sizeof(sum->error), "%s", w.why);
        return -1;
    }
    return 0;
}


int proof_merge_source(struct ledger *l, const char *path, char *why,
                       size_t why_n)
{
    struct proof_summary sum;
    char uuid[LEDGER_UUID_HEX];
    char more[80] = "";
    int rc;

    if (ledger_version(l) < 5 || ledger_identity(l, uuid) != 0) {
        snprintf(why, why_n, "%s: expected a ledger of schema version %d, "
                 "with its identity: it is version %d (a writer - record, "
                 "import, table - brings it up to date); nothing merged",
                 path, LEDGER_SCHEMA_VERSION, ledger_version(l));
        return -1;
    }
    if (ledger_read_begin(l) != 0) {
        snprintf(why, why_n, "%s: %s", path, ledger_errmsg(l));
        return -1;
    }
    rc = proof_ledger(l, 0, NULL, NULL, &sum);
    ledger_read_end(l);
    if (rc != 0) {
        snprintf(why, why_n, "%s: cannot be proven: %s; nothing merged", path,
                 sum.error);
        return -1;
    }
    if (sum.findings > 0) {
        if (sum.findings > 1) {
            snprintf(more, sizeof(more), " (and %lld more finding%s)",
                     (long long)sum.findings - 1, sum.findings > 2 ? "s" : "");
        }
        snprintf(why, why_n, "%s does not verify: %s%s; nothing merged: a "
                 "ledger takes in only what is proven (`ecarte verify --db "
                 "%s` lists what is wrong)", path, sum.first, more, path);
        return -1;
    }
    return 0;
}
