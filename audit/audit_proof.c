/* SPDX-License-Identifier: MIT */
/*
 * audit_proof.c - what a ledger holds, proven: the file's pages, the events'
 * hash chain, the seal over the rows no action gives again, the ids and
 * references of the rest, and every sitting's derived rows recorded again
 * from its events into a scratch ledger and compared column by column.
 * The ledger's table of laws (version 7) is held against the laws
 * ecarte is built with.  It prints nothing: `ecarte verify` prints every finding, and the
 * readers and writers of the command line refuse a ledger that does not
 * verify (cli/guard.c).
 */
#include "audit/audit.h"

#include <stdio.h>
#include <stdlib.h>
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

/* A row of the ledger's table law, copied (laws_rows). */
struct law_kept {
    int64_t id;
    char code[16];
    char title[160];
    char kind[16];
    char lawful[32];
    bool has_lawful;
    bool matched;
};

/* The rows read (take_law). */
struct laws_kept {
    struct law_kept *row;
    int n;
    int cap;
    bool failed;                /* out of memory */
};

static int take_law(void *vctx, const struct ledger_law_row *row)
{
    struct laws_kept *k = vctx;
    struct law_kept *r = NULL;

    if (k->n == k->cap) {
        int cap = k->cap > 0 ? k->cap * 2 : 128;
        struct law_kept *nr = realloc(k->row, sizeof(*nr) * (size_t)cap);

        if (nr == NULL) {
            k->failed = true;
            return 1;
        }
        k->row = nr;
        k->cap = cap;
    }
    r = &k->row[k->n++];
    memset(r, 0, sizeof(*r));
    r->id = row->id;
    snprintf(r->code, sizeof(r->code), "%s", row->code);
    snprintf(r->title, sizeof(r->title), "%s", row->title);
    snprintf(r->kind, sizeof(r->kind), "%s", row->kind);
    r->has_lawful = row->lawful != NULL;
    snprintf(r->lawful, sizeof(r->lawful), "%s",
             row->lawful != NULL ? row->lawful : "");
    return 0;
}

/* law_kind_word - the word the table law gives kind k. */
static const char *law_kind_word(enum law_kind k)
{
    return k == LAW_KIND_RULE ? "rule"
           : k == LAW_KIND_PROCEDURE ? "procedure" : "penalty";
}

/* law_differs - the column of a law row that differs from what the laws
 * give, said: stored and derived as texts (NULL: nothing). */
static void law_differs(struct proof_walk *w, int64_t id, const char *code,
                        const char *column, const char *stored,
                        const char *derived)
{
    struct ledger_finding f;
    char msg[600];

    snprintf(msg, sizeof(msg), "law %lld (%s): its %s is %s%s%s, the laws "
             "ecarte is built with give %s%s%s", (long long)id, code, column,
             stored != NULL ? "\"" : "", stored != NULL ? stored : "NULL",
             stored != NULL ? "\"" : "", derived != NULL ? "\"" : "",
             derived != NULL ? derived : "NULL",
             derived != NULL ? "\"" : "");
    memset(&f, 0, sizeof(f));
    f.kind = "derived";
    f.table = "law";
    f.row = id;
    f.column = column;
    f.stored = stored;
    f.derived = derived;
    f.message = msg;
    count(w, &f);
}

/*
 * laws_rows - the ledger's table of laws (version 7) against the
 * registry (laws/): every law and rule there, its place, title, kind
 * and lawful remedy as the registry gives them, and no other row.  No
 * command writes the table; the views read it.
 */
static void laws_rows(struct proof_walk *w)
{
    struct laws_kept k;
    char num[2][16];

    if (ledger_version(w->l) < 7) {
        return;
    }
    memset(&k, 0, sizeof(k));
    if (ledger_laws_foreach(w->l, take_law, &k) != 0) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "%s", k.failed
                 ? "out of memory" : ledger_errmsg(w->l));
        free(k.row);
        return;
    }
    for (int i = 0; i < LAW_COUNT && !w->stop; i++) {
        const struct law *row = laws_get((enum law_id)i);
        const char *lawful = row->lawful != REM_NONE
                                 ? remedy_name(row->lawful) : NULL;
        struct law_kept *r = NULL;

        for (int j = 0; j < k.n && r == NULL; j++) {
            if (strcmp(k.row[j].code, row->id) == 0) {
                r = &k.row[j];
            }
        }
        if (r == NULL) {
            char msg[300];

            snprintf(msg, sizeof(msg), "law %d (%s): missing (deleted): "
                     "the laws ecarte is built with have it, \"%s\"", i + 1,
                     row->id, row->title);
            one(w, "derived", "law", i + 1, 0, msg);
            continue;
        }
        r->matched = true;
        snprintf(num[0], sizeof(num[0]), "%lld", (long long)r->id);
        snprintf(num[1], sizeof(num[1]), "%d", i + 1);
        if (r->id != i + 1) {
            law_differs(w, r->id, row->id, "id", num[0], num[1]);
        }
        if (strcmp(r->title, row->title) != 0) {
            law_differs(w, r->id, row->id, "title", r->title, row->title);
        }
        if (strcmp(r->kind, law_kind_word(row->kind)) != 0) {
            law_differs(w, r->id, row->id, "kind", r->kind,
                        law_kind_word(row->kind));
        }
        if (r->has_lawful != (lawful != NULL) ||
            (lawful != NULL && strcmp(r->lawful, lawful) != 0)) {
            law_differs(w, r->id, row->id, "lawful",
                        r->has_lawful ? r->lawful : NULL, lawful);
        }
    }
    for (int j = 0; j < k.n && !w->stop; j++) {
        if (!k.row[j].matched) {
            char msg[300];

            snprintf(msg, sizeof(msg), "law %lld (%s): no law or rule "
                     "ecarte is built with (a row inserted, or its code "
                     "changed)", (long long)k.row[j].id, k.row[j].code);
            one(w, "derived", "law", k.row[j].id, 0, msg);
        }
    }
    free(k.row);
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
    if (!w.failed && !w.stop && !sum->damaged) {
        laws_rows(&w);
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
