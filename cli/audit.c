/*
 * audit.c - `ecarte audit`: re-derive every deal of a ledger from its
 * recorded physical actions and report what was wrong, each finding with
 * its sitting, deal, event id, source line and law:
 *
 *   - irregularities nobody claimed (in an imported log: no `= ruling` line
 *     and no election answers them), and wrong counts never counted;
 *   - marks that differ from what was due, with the window in which L50 or
 *     L51 allowed them to be put right;
 *   - rulings recorded (in the log, or in the ledger) that differ from what
 *     the laws give;
 *   - actions that can no longer be true (card conservation) or cannot
 *     happen where they stand (impossible sequences);
 *
 * then a summary per player (irregularities committed, points won and lost
 * through the penalty laws) and statistical flags: a dealer turning up kings,
 * or a player holding the king of trumps, far more often than chance
 * allows, proposals always (or never) accepted, irregularities heaped on
 * one side.  Memory is held per deal, never per sitting.
 *
 * The audit's files (its state and shared helpers in audit_int.h): this
 * one holds the command, the players' summaries and the statistical
 * flags; audit_walk.c walks the ledger, sitting by sitting and action by
 * action; audit_deal.c closes each deal and says what was wrong in it.
 */
#include "cli/audit_int.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FLAG_P 0.001            /* probability below which a count is flagged */

/* ------------------------------------------------------------------ */
/* Players and statistics                                               */
/* ------------------------------------------------------------------ */

/* binom_tail - P(X >= k) for X ~ Binomial(n, p). */
static double binom_tail(int n, int k, double p)
{
    double sum = 0.0;

    if (k <= 0) {
        return 1.0;
    }
    for (int i = k; i <= n; i++) {
        sum += exp(lgamma(n + 1.0) - lgamma(i + 1.0) - lgamma(n - i + 1.0) +
                   i * log(p) + (n - i) * log1p(-p));
    }
    return sum > 1.0 ? 1.0 : sum;
}

/* stat - one statistical line: observed k of n against probability p. */
static void stat(struct audit *a, const struct player *pl, const char *kind,
                 int k, int n, double p, const char *what)
{
    double tail = binom_tail(n, k, p);
    bool flag = n > 0 && k > n * p && tail < FLAG_P;
    char msg[600];

    if (n == 0) {
        return;
    }
    snprintf(msg, sizeof(msg), "%s %s %d time(s) in %d (chance gives %.1f; "
                               "P(as many or more) = %.3g)",
             pl->name, what, k, n, n * p, tail);
    if (flag) {
        a->flags++;
    }
    output_audit_flag(a->o, pl->name, kind, k, n, n * p, tail, flag, msg);
}

/* summary - each player's summary, then the statistics of every player
 * and of the two sides, flagged when chance makes them unlikely. */
static void summary(struct audit *a)
{
    for (int i = 0; i < a->n_players; i++) {
        const struct player *pl = &a->players[i];
        const struct tally *t = &pl->t;
        char laws[600];
        size_t used = 0;

        laws[0] = '\0';
        for (int l = 0; l < LAW_COUNT && used < sizeof(laws); l++) {
            if (t->by_law[l] > 0) {
                used += (size_t)snprintf(laws + used, sizeof(laws) - used,
                                         "%s%s:%d", used ? "," : "",
                                         laws_get((enum law_id)l)->id,
                                         t->by_law[l]);
            }
        }
        output_audit_player(a->o, pl->name, t->irregular, laws, t->won,
                            t->lost, t->dealt, t->kings_turned,
                            t->known_hands, t->held_king, t->answered,
                            t->accepted);
    }
    for (int i = 0; i < a->n_players; i++) {
        const struct player *pl = &a->players[i];
        const struct tally *t = &pl->t;

        stat(a, pl, "kings-turned", t->kings_turned, t->dealt, 4.0 / 32.0,
             "as dealer turned up a king");
        stat(a, pl, "king-held", t->held_king, t->known_hands, 5.0 / 31.0,
             "was dealt the king of trumps");
        if (t->answered >= 20 &&
            (t->accepted == t->answered || t->accepted == 0)) {
            char msg[700];

            snprintf(msg, sizeof(msg),
                     "%s as dealer %s all %d proposals made to him",
                     pl->name, t->accepted == 0 ? "refused" : "accepted",
                     t->answered);
            a->flags++;
            output_audit_flag(a->o, pl->name,
                              t->accepted == 0 ? "never-accepts"
                                               : "always-accepts",
                              t->accepted, t->answered, 0.0, 0.0, true, msg);
        }
    }
    if (a->n_players == 2) {
        int k = a->players[0].t.irregular;
        int m = a->players[1].t.irregular;
        int hi = k > m ? 0 : 1;
        int top = k > m ? k : m;

        if (top >= 10 && binom_tail(k + m, top, 0.5) < FLAG_P) {
            char msg[700];

            snprintf(msg, sizeof(msg),
                     "%s committed %d of the %d irregularities "
                     "(P = %.3g if both were equally careless)",
                     a->players[hi].name, top, k + m,
                     binom_tail(k + m, top, 0.5));
            a->flags++;
            output_audit_flag(a->o, a->players[hi].name, "irregularities",
                              top, k + m, (k + m) / 2.0,
                              binom_tail(k + m, top, 0.5), true, msg);
        }
    }
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

int cmd_audit(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    static struct audit a;      /* 40 KiB: kept off the stack */
    int rc = EXIT_FINE;
    int c;

    memset(&a, 0, sizeof(a));
    while ((c = getopt_long(argc, argv, "d:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': a.json = true; break;
        case 'h':
            return usage_help("audit");
        default: return usage_error("audit", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("audit", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    a.l = ledger_for("audit", db, LEDGER_READONLY);
    if (a.l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (output_open(&a.o, stdout, a.json) != 0 ||
        claims_open(&a.claims, audit__claim_finding, &a) != 0) {
        output_close(a.o);
        ledger_close(a.l);
        return EXIT_BAD_INPUT;
    }
    /* no page check up front: SQLite reports a damaged page as it reads
     * it (exit 2); `ecarte verify` checks every page and the chain */
    if (ledger_sittings_foreach(a.l, audit__sitting, &a) != 0) {
        fprintf(stderr, "ecarte audit: %s: %s\n", db,
                a.no_memory ? "out of memory" : ledger_errmsg(a.l));
        rc = EXIT_BAD_INPUT;
    }
    if (rc == EXIT_FINE) {
        char by_law[800];
        size_t used = 0;

        by_law[0] = '\0';
        for (int l = 0; l < LAW_COUNT && used < sizeof(by_law); l++) {
            if (a.irregular[l] > 0) {
                used += (size_t)snprintf(by_law + used, sizeof(by_law) - used,
                                         "%s%s:%d", used ? "," : "",
                                         laws_get((enum law_id)l)->id,
                                         a.irregular[l]);
            }
        }
        summary(&a);
        output_audit_totals(a.o, db, a.sittings, a.deals, a.events, by_law,
                            a.findings, a.flags);
        if (a.findings > 0 || a.flags > 0) {
            rc = EXIT_FINDINGS;
        }
    }
    arbiter_close(a.arb);
    arbiter_close(a.saved);
    claims_close(a.claims);
    free(a.lf);
    free(a.pend);
    free(a.gaps);
    free(a.players);
    output_close(a.o);
    ledger_close(a.l);
    return rc;
}
