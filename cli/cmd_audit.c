/* SPDX-License-Identifier: MIT */
/*
 * cmd_audit.c - `ecarte audit [--db FILE] [--json]`: the ledger proven
 * (audit/audit_proof.c) and audited (audit_collect), what both find printed as
 * text or JSON Lines through the output (cli/output.c); exit 1 for any
 * finding or flag.
 */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The command: what is found, printed (text or JSON Lines)             */
/* ------------------------------------------------------------------ */

/* by_law_text - counts by law as "L43:2,L12:1" into buf of size n. */
static char *by_law_text(const int *by_law, char *buf, size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int l = 0; l < LAW_COUNT && used < n; l++) {
        if (by_law[l] > 0) {
            used += (size_t)snprintf(buf + used, n - used, "%s%s:%d",
                                     used ? "," : "",
                                     laws_get((enum law_id)l)->id, by_law[l]);
        }
    }
    return buf;
}

/* The printing sink of `ecarte audit`: each call goes to the output
 * (ctx) as the output function of the same name prints it. */
static void print_finding(void *ctx, const char *source, int line,
                          int64_t sitting, int deal, int64_t event,
                          const char *law, const char *kind,
                          const char *message)
{
    output_audit_finding(ctx, source, line, sitting, deal, event, law, kind,
                         message);
}

static void print_irregularity(void *ctx, const char *source, int line,
                               int64_t sitting, int deal, int64_t event,
                               const struct ruling *r, const char *words,
                               const char *status, const char *person)
{
    output_audit_irregularity(ctx, source, line, sitting, deal, event, r,
                              words, status, person);
}

static void print_strike(void *ctx, const char *source, int line,
                         int64_t sitting, const char *struck)
{
    output_audit_strike(ctx, source, line, sitting, struck);
}

static void print_strikes(void *ctx, int64_t sitting, const char *source,
                          int strikes)
{
    output_audit_strikes(ctx, sitting, source, strikes);
}

static void print_player(void *ctx, const char *person, const char *name,
                         const struct audit_tally *t)
{
    char laws[600];

    output_audit_player(ctx, person, name,
                        by_law_text(t->by_law, laws, sizeof(laws)), t);
}

static void print_person(void *ctx, const char *person, const char *name,
                         const char *role, const struct audit_role *t)
{
    output_audit_person(ctx, person, name, role, t);
}

static void print_statistic(void *ctx, const char *player, const char *person,
                            const char *kind, int k, int n, double expected,
                            double probability, bool flagged,
                            const char *message)
{
    output_audit_flag(ctx, player, person, kind, k, n, expected, probability,
                      flagged, message);
}

/* A proof's findings, printed by the audit. */
struct audit_proof {
    struct output *o;
    const char *db;
};

/* audit_proof_finding - one finding of the proof, printed. */
static int audit_proof_finding(void *vctx, const struct ledger_finding *f)
{
    struct audit_proof *ap = vctx;

    output_proof_finding(ap->o, ap->db, f);
    return 0;
}

/* audit_prove - the proof of ledger db (proof_ledger, in one snapshot),
 * its findings printed on o and counted into *n.  Returns 0, or -1 if
 * the proof could not be made (said). */
static int audit_prove(struct ledger *l, const char *db, struct output *o,
                       int64_t *n)
{
    struct audit_proof ap = { o, db };
    struct proof_summary sum;
    int rc;

    if (ledger_read_begin(l) != 0) {
        fprintf(stderr, "ecarte audit: %s: %s\n", db, ledger_errmsg(l));
        return -1;
    }
    rc = proof_ledger(l, 0, audit_proof_finding, &ap, &sum);
    ledger_read_end(l);
    if (rc != 0) {
        fprintf(stderr, "ecarte audit: %s: %s\n", db, sum.error);
        return -1;
    }
    *n = sum.findings;
    return 0;
}

int cmd_audit(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const struct audit_sink printer = {
        .finding = print_finding,
        .irregularity = print_irregularity,
        .strike = print_strike,
        .strikes = print_strikes,
        .player = print_player,
        .statistic = print_statistic,
        .person = print_person,
    };
    const char *db = "ecarte.db";
    struct audit_totals tot;
    struct ledger *l = NULL;
    struct output *o = NULL;
    bool json = false;
    int64_t proven = 0;
    int rc = EXIT_FINE;
    int c;

    while ((c = getopt_long(argc, argv, "d:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': json = true; break;
        case 'h':
            return usage_help("audit");
        default: return usage_error("audit", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("audit", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    l = ledger_for("audit", db, LEDGER_READONLY);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (output_open(&o, stdout, json) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    /* what the ledger holds proven first (as `ecarte verify`): a row
     * forged is a finding of the audit too */
    if (audit_prove(l, db, o, &proven) != 0) {
        output_close(o);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (audit_collect(l, 0, &printer, o, &tot) != 0) {
        fprintf(stderr, "ecarte audit: %s: %s\n", db,
                tot.no_memory ? "out of memory" : ledger_errmsg(l));
        rc = EXIT_BAD_INPUT;
    }
    if (rc == EXIT_FINE) {
        char by_law[800];

        output_audit_totals(o, db, tot.sittings, tot.deals, tot.events,
                            by_law_text(tot.irregular, by_law,
                                        sizeof(by_law)),
                            tot.findings + proven, tot.flags);
        if (tot.findings > 0 || tot.flags > 0 || proven > 0) {
            rc = EXIT_FINDINGS;
        }
    }
    output_close(o);
    ledger_close(l);
    return rc;
}
