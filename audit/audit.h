/* SPDX-License-Identifier: MIT */
/*
 * audit.h - the audit and the proof of a ledger.  The proof (audit_proof.c)
 * holds every row of the ledger against its hash chain, its seal or what
 * its events give when recorded again; the audit (audit*.c) re-derives
 * every deal and collects what was wrong, by person and by law, for the
 * command line to print (`ecarte audit`) and the report to lay out.
 * Neither prints: the audit reports to a struct audit_sink, the proof to
 * a ledger_finding_fn.
 */
#ifndef ECARTE_AUDIT_AUDIT_H
#define ECARTE_AUDIT_AUDIT_H

#include "session/session.h"

/* ------------------------------------------------------------------ */
/* Proving a ledger (audit_proof.c)                                        */
/* ------------------------------------------------------------------ */

/* What a proof covered and found. */
struct proof_summary {
    int64_t only;               /* the sitting re-derived, 0: all */
    int version;                /* the ledger's schema version */
    int64_t events;             /* in the chain (when it is intact) */
    char head[LEDGER_HASH_HEX]; /* its head */
    int64_t sittings;           /* sittings re-derived and compared */
    int64_t findings;
    bool damaged;               /* the file's pages (quick_check) */
    bool chain_broken;          /* the events' chain ... */
    int64_t bad_event;          /* ... at this event */
    char first[700];            /* the first finding, in words */
    char error[700];            /* proof_ledger failed: why */
};

/*
 * proof_ledger - prove what ledger l holds: its pages (quick_check), the
 * hash chain of its events, the seal over its sittings, tags, imports,
 * quarantined deals and claims, the ids and references of every other
 * table, and the rows of each sitting (only sitting, if not 0) recorded
 * again from its events into a scratch ledger and compared column by
 * column (ledger_derived_compare).  Each finding goes to fn (may be NULL;
 * non-zero stops).  Read in the caller's transaction, if one is open.
 * Returns 0 with *sum filled (sum->findings 0: proven), or -1 if the
 * proof could not be made (a ledger error, out of memory: sum->error).
 */
int proof_ledger(struct ledger *l, int64_t sitting, ledger_finding_fn fn,
                 void *ctx, struct proof_summary *sum);

/*
 * proof_merge_source - ledger l (at path, named so in why) as a source of
 * `ecarte merge`: of schema version 5 or later, with its identity, and
 * proven whole (proof_ledger, in a read transaction of its own).  l is
 * borrowed.  Returns 0 if it is; -1 if not, or if the proof could not be
 * made, why in why (why_n bytes; ending "nothing merged" and what to do).
 */
int proof_merge_source(struct ledger *l, const char *path, char *why,
                       size_t why_n);


/* ------------------------------------------------------------------ */
/* The audit as a walk others collect (audit_collect): `ecarte audit`   */
/* prints what it finds, `ecarte report` lays it out                    */
/* ------------------------------------------------------------------ */

#define AUDIT_FLAG_P 0.001      /* a count less likely than this is flagged */
#define AUDIT_P_KING_TURNED (4.0 / 32.0) /* the turn-up is a king */
#define AUDIT_P_KING_HELD (5.0 / 31.0)   /* a hand of five holds the king
                                            of trumps (the turn-up not) */

/* What one seat did in one sitting, or one player (a person, or a seat
 * of a duel) over the ledger. */
struct audit_tally {
    int dealt;                  /* deals dealt with a turn-up */
    int kings_turned;
    int known_hands;            /* dealt hands seen whole, turn-up not a king */
    int held_king;              /* ... holding the king of trumps */
    int answered;               /* proposals answered as dealer */
    int accepted;               /* ... and accepted */
    int proposed;               /* proposals made as elder hand (answered) */
    int proposed_accepted;      /* ... and accepted by the dealer */
    int irregular;              /* irregularities committed */
    int by_law[LAW_COUNT];
    int won;                    /* points won through the penalty laws */
    int lost;                   /* points lost through them */
};

/* audit_tally_add - every count of t (kings, proposals, irregularities by
 * law, games) added to *to's: a person's tallies over seats, sittings or
 * a season.  Cannot fail. */
void audit_tally_add(struct audit_tally *to, const struct audit_tally *t);

/* One recorded action re-derived by the audit (audit_sink.action); every
 * pointer is borrowed for the call. */
struct audit_action {
    int64_t sitting;
    int64_t event;              /* its ledger id */
    int line;                   /* its line in the source */
    const char *text;           /* its canonical text */
    const struct table_event *ev;
    const struct applied *res;  /* what it gave: rulings (words, previews),
                                   notes, score, deal and game ends */
    const struct arbiter *arb;  /* the referee after it */
    const char *seated[2];      /* the ID of the person in each seat when
                                   it was made, NULL: nobody declared */
};

/* A person's games in one role, across the sittings audited: the games
 * he ended in it, those his side won and lost, and the money the
 * games' settlements gave him (won: the sum of his gains, lost: of his
 * losses, both >= 0). */
struct audit_role {
    int games;
    int won;
    int lost;
    long money_won;
    long money_lost;
};

/*
 * Where an audit says what it finds, in the order `ecarte audit` prints
 * it.  Every text is borrowed for the call.  deal is the deal number in
 * its sitting (0 before the first).  action and deal_end may be NULL;
 * the others may not.
 */
struct audit_sink {
    /* a finding at source:line of sitting: law ("L43", "conservation" or
     * ""), kind (unclaimed, uncounted, mark, value, ruling, stored-ruling,
     * impossible, sequence, unreadable, quarantined) and its message */
    void (*finding)(void *ctx, const char *source, int line,
                    int64_t sitting, int deal, int64_t event,
                    const char *law, const char *kind, const char *message);
    /* an irregularity the laws find (ruling r, words its `= ruling`
     * words) and its status: claimed, answered, ruled or unclaimed;
     * person the ID of who erred at a table with persons (who sat in
     * the seat the ruling names, or the person it names), else NULL */
    void (*irregularity)(void *ctx, const char *source, int line,
                         int64_t sitting, int deal, int64_t event,
                         const struct ruling *r, const char *words,
                         const char *status, const char *person);
    /* a `strike` line: the scorer took back the line struck */
    void (*strike)(void *ctx, const char *source, int line, int64_t sitting,
                   const char *struck);
    /* the number of strikes of a sitting that has any */
    void (*strikes)(void *ctx, int64_t sitting, const char *source,
                    int strikes);
    /* a player's summary, when every sitting is walked: a person (his
     * ID and name) at a table with persons, a seat of a duel (person
     * NULL, name its tag's or its letter) */
    void (*player)(void *ctx, const char *person, const char *name,
                   const struct audit_tally *t);
    /* a statistic of a player (as for player: person NULL for a seat):
     * k of n where n * p was expected, the probability of as many or
     * more, flagged if it is suspicious; message in words */
    void (*statistic)(void *ctx, const char *player, const char *person,
                      const char *kind, int k, int n, double expected,
                      double probability, bool flagged, const char *message);
    /* a person's games in one role (bank, ponte, adviser, player, roi,
     * rentrant, waiting, bettor, bystander; "all" for every role), when
     * every sitting is walked (NULL: not wanted) */
    void (*person)(void *ctx, const char *person, const char *name,
                   const char *role, const struct audit_role *t);
    /* each action re-derived without failure, after it is tallied */
    void (*action)(void *ctx, const struct audit_action *act);
    /* the deal number deal of sitting is closed (its findings and
     * irregularities said) */
    void (*deal_end)(void *ctx, int64_t sitting, int deal);
};

/* What an audit counted. */
struct audit_totals {
    int64_t sittings;
    int64_t deals;
    int64_t events;
    int findings;
    int flags;
    int irregular[LAW_COUNT];   /* irregularities found, by law */
    bool no_memory;             /* the walk stopped: out of memory */
};

/*
 * audit_collect - audit the sitting of l (0: every sitting): every
 * recorded action re-derived, what is wrong said to sink (ctx passed to
 * each call) as it is found, then each player's summary and the
 * statistics; the counts into *out.  Returns 0, or -1 on a ledger error
 * (ledger_errmsg) or out of memory (out->no_memory); what was said
 * before stands.
 */
int audit_collect(struct ledger *l, int64_t sitting,
                  const struct audit_sink *sink, void *ctx,
                  struct audit_totals *out);

/* audit_binom_tail - P(X >= k) for X ~ Binomial(n, p); 1 for k <= 0. */
double audit_binom_tail(int n, int k, double p);

/* ------------------------------------------------------------------ */
/* An exported log held against its ledger (audit_log.c)               */
/* ------------------------------------------------------------------ */

/* Where an exported log and its ledger's sitting part. */
enum audit_log_kind {
    AUDIT_LOG_MATCHES,          /* every action up to the head, the tags */
    AUDIT_LOG_FOREIGN,          /* the head is no event of the sitting */
    AUDIT_LOG_DIFFERS,          /* an action differs at line */
    AUDIT_LOG_CUT,              /* the log ends before its head */
    AUDIT_LOG_HEAD_MISSING,     /* the sitting never reaches the head */
    AUDIT_LOG_TAGS_DIFFER       /* the actions agree, a tag does not */
};

#define AUDIT_LOG_NO_EXPORT 1   /* audit_log_against: no [Chain] tag */
#define AUDIT_LOG_BAD_CHAIN 2   /* audit_log_against: a [Chain] tag not of
                                   export's form (its line in v->line, its
                                   value in v->want) */

/* The verdict of audit_log_against. */
struct audit_log_verdict {
    enum audit_log_kind kind;
    int64_t sitting;            /* the sitting the [Chain] tag names */
    int64_t from;               /* its first action's event (0: none) */
    char head[LEDGER_HASH_HEX]; /* its head */
    int64_t compared;           /* actions compared */
    int line;                   /* the log's line where they part, 0 */
    char want[TL_LINE_MAX];     /* what the ledger has there */
};

/*
 * audit_log_against - the exported log fp (named name in messages; read
 * twice: a file, not a pipe) held against ledger l's sitting its [Chain
 * "sitting=N from=ID head=HASH"] tag names: each action line, in
 * canonical text, against the sitting's events up to the head, nothing
 * after it, then the log's tags (the [Chain] tag aside) against the
 * sitting's, in order.  The verdict into *v.  Returns 0 (the verdict
 * given, matching or not), AUDIT_LOG_NO_EXPORT (no [Chain] tag: not an
 * export), AUDIT_LOG_BAD_CHAIN (its first [Chain] tag is not "sitting=N
 * from=ID head=HASH" with HASH 64 lower-case hex digits and nothing
 * after: v->line and v->want say where and what) or a negative code (the
 * ledger failed: ledger_errmsg).
 */
int audit_log_against(struct ledger *l, FILE *fp, const char *name,
                      struct audit_log_verdict *v);

#endif /* ECARTE_AUDIT_AUDIT_H */
