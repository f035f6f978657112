/* SPDX-License-Identifier: MIT */
/*
 * audit.c - the audit: re-derive every deal of a ledger from its
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
 * one side.  A player is a person at a table with persons (what a seat
 * did is his who sat in it then), a seat only in a duel without them.
 * Memory is held per deal, never per sitting.
 *
 * The audit's files (its state and shared helpers in audit_int.h): this
 * one holds the collection, the players' summaries and the statistical
 * flags; audit_walk.c walks the ledger, sitting by sitting and action by
 * action; audit_deal.c closes each deal and says what was wrong in it;
 * audit_money.c the money by person and role; audit_proof.c the proof of the
 * ledger.  It prints nothing: cli/cmd_audit.c is `ecarte audit`.
 */
#include "audit/audit_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Players and statistics                                               */
/* ------------------------------------------------------------------ */

double audit_binom_tail(int n, int k, double p)
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

/* person_id - the ID of player pl, NULL for a seat of a duel. */
static const char *person_id(const struct player *pl)
{
    return pl->id[0] != '\0' ? pl->id : NULL;
}

/* label - how the messages name player pl: "ann (Ann Ash)" for a person,
 * the tag's name or the seat's letter for a seat; into buf of size n. */
static const char *label(const struct player *pl, char *buf, size_t n)
{
    if (pl->id[0] != '\0') {
        snprintf(buf, n, "%s (%s)", pl->id, pl->name);
    } else {
        snprintf(buf, n, "%s", pl->name);
    }
    return buf;
}

/* stat - one statistical line: observed k of n against probability p. */
static void stat(struct audit *a, const struct player *pl, const char *kind,
                 int k, int n, double p, const char *what)
{
    double tail = audit_binom_tail(n, k, p);
    bool flag = n > 0 && k > n * p && tail < AUDIT_FLAG_P;
    char who[TL_ID_MAX + TL_TAG_VALUE_MAX + 4];
    char msg[700];

    if (n == 0) {
        return;
    }
    snprintf(msg, sizeof(msg), "%s %s %d time(s) in %d (chance gives %.1f; "
                               "P(as many or more) = %.3g)",
             label(pl, who, sizeof(who)), what, k, n, n * p, tail);
    if (flag) {
        a->flags++;
    }
    a->sink->statistic(a->sink_ctx, pl->name, person_id(pl), kind, k, n,
                       n * p, tail, flag, msg);
}

/* summary - each player's summary, then the statistics of every player
 * and of the two sides, flagged when chance makes them unlikely. */
static void summary(struct audit *a)
{
    char who[TL_ID_MAX + TL_TAG_VALUE_MAX + 4];

    for (int i = 0; i < a->n_players; i++) {
        a->sink->player(a->sink_ctx, person_id(&a->players[i]),
                        a->players[i].name, &a->players[i].t);
    }
    for (int i = 0; i < a->n_players; i++) {
        const struct player *pl = &a->players[i];
        const struct audit_tally *t = &pl->t;

        stat(a, pl, "kings-turned", t->kings_turned, t->dealt,
             AUDIT_P_KING_TURNED, "as dealer turned up a king");
        stat(a, pl, "king-held", t->held_king, t->known_hands,
             AUDIT_P_KING_HELD, "was dealt the king of trumps");
        if (t->answered >= 20 &&
            (t->accepted == t->answered || t->accepted == 0)) {
            char msg[800];

            snprintf(msg, sizeof(msg),
                     "%s as dealer %s all %d proposals made to him",
                     label(pl, who, sizeof(who)),
                     t->accepted == 0 ? "refused" : "accepted", t->answered);
            a->flags++;
            a->sink->statistic(a->sink_ctx, pl->name, person_id(pl),
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
        double tail = audit_binom_tail(k + m, top, 0.5);

        if (top >= 10 && tail < AUDIT_FLAG_P) {
            char msg[800];

            snprintf(msg, sizeof(msg),
                     "%s committed %d of the %d irregularities "
                     "(P = %.3g if both were equally careless)",
                     label(&a->players[hi], who, sizeof(who)), top, k + m,
                     tail);
            a->flags++;
            a->sink->statistic(a->sink_ctx, a->players[hi].name,
                               person_id(&a->players[hi]), "irregularities",
                               top, k + m, (k + m) / 2.0, tail, true, msg);
        }
    }
}

/* ------------------------------------------------------------------ */
/* The walk, for any collector                                          */
/* ------------------------------------------------------------------ */

/* one_sitting - audit__sitting for the sitting audited only
 * (ledger_sittings_foreach; ctx the audit). */
static int one_sitting(void *ctx, int64_t id, const char *source)
{
    struct audit *a = ctx;

    if (a->only != 0 && id != a->only) {
        return 0;
    }
    return audit__sitting(ctx, id, source);
}

int audit_collect(struct ledger *l, int64_t sitting,
                  const struct audit_sink *sink, void *ctx,
                  struct audit_totals *out)
{
    struct audit *a = NULL;     /* 40 KiB: kept off the stack */
    int rc = 0;

    memset(out, 0, sizeof(*out));
    a = calloc(1, sizeof(*a));
    if (a == NULL) {
        out->no_memory = true;
        return -1;
    }
    a->l = l;
    a->sink = sink;
    a->sink_ctx = ctx;
    a->only = sitting;
    if (claims_open(&a->claims, audit__claim_finding, a) != 0) {
        free(a);
        out->no_memory = true;
        return -1;
    }
    if (ledger_sittings_foreach(l, one_sitting, a) != 0) {
        rc = -1;
    } else {
        summary(a);
        audit__money_persons(a);
    }
    out->sittings = a->sittings;
    out->deals = a->deals;
    out->events = a->events;
    out->findings = a->findings;
    out->flags = a->flags;
    memcpy(out->irregular, a->irregular, sizeof(out->irregular));
    out->no_memory = a->no_memory;
    arbiter_close(a->arb);
    arbiter_close(a->saved);
    sitting_close(a->sit);
    sitting_close(a->saved_sit);
    claims_close(a->claims);
    free(a->given);
    free(a->given_text);
    free(a->rec);
    free(a->rec_text);
    free(a->persons);
    free(a->lf);
    free(a->pend);
    free(a->gaps);
    free(a->players);
    free(a);
    return rc;
}

