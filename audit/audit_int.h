/* SPDX-License-Identifier: MIT */
/*
 * audit_int.h - the state of `ecarte audit` and the helpers its files
 * share (the files of audit/ only).  audit.c holds the collection, the players'
 * summaries and the statistical flags; audit_walk.c walks the ledger
 * (its sittings, then their recorded actions re-derived one by one);
 * audit_deal.c closes each deal audited and says what was wrong in it.
 */
#ifndef ECARTE_CLI_AUDIT_INT_H
#define ECARTE_CLI_AUDIT_INT_H

#include "audit/audit.h"

#define DEAL_EVENTS_MAX 512     /* events kept for one deal */
#define DEAL_RULINGS_MAX 64     /* rulings kept for one deal */
#define DEAL_SIT_RULINGS_MAX 32 /* rulings of the sitting kept for one deal */

/* One event of the deal being audited. */
struct ev_rec {
    int64_t id;
    int line;
    int score[2];               /* the game score after it */
    int value;                  /* the hand's value after it */
    int deal;                   /* the deal's number after it (a deal
                                   made void and dealt again counts on) */
    int pend_first;             /* the rulings waiting after it: ... */
    int n_pend;                 /* ... these of the deal's pend[] */
    enum event_kind kind;       /* what it was (a take-back, a strike) */
    bool struck;                /* a later `strike` took it back */
    int8_t who[2];              /* the person in each seat when it was
                                   made (index of names_of), -1: nobody
                                   declared */
};

/* One ruling the laws give in the deal being audited. */
struct ru_rec {
    int ev;                     /* index in the deal's events */
    struct ruling r;
    char words[APPLY_WORDS_MAX]; /* as a `= ruling` line says it */
    bool claimed;               /* a `= ruling` line of the log records it */
    bool answered;              /* an election answered it */
    int given;                  /* its place among the rulings given to
                                   the claims matcher */
};

/* One ruling the sitting gives in the deal being audited (CH, PO, BY). */
struct sru_rec {
    int ev;                     /* index in the deal's events */
    struct sit_ruling r;
    char words[APPLY_WORDS_MAX]; /* as a `= ruling` line says it */
};

/* A finding about a `=` line of the deal, held until every line of the
 * deal is compared, so that findings are said in the order of the lines
 * (a `= ruling` line is found wanting only when its deal ends). */
struct line_finding {
    int line;
    int64_t event;
    const char *law;            /* "L50", "L51", a law's id, or "" */
    const char *kind;           /* "mark", "value", "ruling" */
    char msg[800];
};

/* A player of the summary: a person (known by ID and name) at a table
 * with persons, else a seat of a duel, known by its tag's name or its
 * letter (id ""). */
struct player {
    char id[TL_ID_MAX];
    char name[TL_TAG_VALUE_MAX];
    struct audit_tally t;
};

/* The roles a person's games are counted in (audit_role_names), and
 * "all" after them. */
#define AUDIT_ROLES 9

/* A person's games by role, across the sittings (known by ID and name);
 * his figures over all roles are their sums. */
struct person_tally {
    char id[TL_ID_MAX];
    char name[TL_TAG_VALUE_MAX];
    struct audit_role role[AUDIT_ROLES];
};

/* A person's part in the last game settled, as counted by role: taken
 * back if its result is (a settlement "reopened"). */
struct role_part {
    int person;                 /* index of persons[] */
    int role;                   /* index of the roles */
    int won;                    /* 1, -1 or 0, as counted */
    int net;                    /* his money in it */
};

/* A settlement after an event: one the rules give, or one the ledger
 * records (with the sum of its transfers). */
struct money_rec {
    int64_t event;
    int line;                   /* the event's line (the rules' only) */
    int sum;                    /* the ledger's: its transfers summed */
    size_t text;                /* "settle ann +2 bob -1 cy -1": its offset
                                   in the list's texts (NUL-terminated) */
};

/* The sitting's persons and their names (ledger_persons_foreach). */
struct person_name {
    char id[TL_ID_MAX];
    char name[TL_TAG_VALUE_MAX];
};

#define PENALTY_RECS_MAX 64      /* penalty points a strike can take back */

struct audit {
    struct ledger *l;
    const struct audit_sink *sink; /* where what is found is said */
    void *sink_ctx;
    int64_t only;               /* the sitting audited, 0: every one */
    /* the sitting being audited */
    int64_t sitting;
    int strikes;                /* `strike` lines of the sitting */
    /* the last actions that won or lost points through the penalty laws
     * (newest last): a strike that takes one back takes its points back
     * from who it tallied them to */
    struct penalty_rec {
        int line;               /* its log line */
        int8_t who[2];          /* the persons seated for it (a->who) */
        int penalty[2];         /* what it gave each seat */
    } pens[PENALTY_RECS_MAX];
    int n_pens;
    char source[512];
    bool imported;
    char names[2][TL_TAG_VALUE_MAX];
    struct audit_tally seat[2]; /* what seats nobody declared sat in did
                                   (a duel without persons) */
    struct arbiter *arb;
    struct arbiter *saved;      /* the referee at the start of the deal */
    /* the sitting above the seats: persons, roles and money */
    struct sitting *sit;
    struct sitting *saved_sit;  /* as it stood at the start of the deal */
    struct person_name names_of[TL_IDS_MAX]; /* its persons */
    int n_names;
    int player_at[TL_IDS_MAX];  /* the player of each of names_of */
    int8_t who[2];              /* the persons seated for the event in
                                   hand (names_of), -1 */
    struct role_part last_parts[TL_IDS_MAX]; /* the last game settled */
    int n_last_parts;
    int last_parts_game;        /* its number, 0 none */
    struct money_rec *given;    /* settlements the rules gave, not yet
                                   compared with the ledger's */
    int n_given;
    int cap_given;
    char *given_text;           /* their texts, one after the other */
    int given_len;
    int given_cap;
    struct money_rec *rec;      /* the settlements the ledger records */
    int n_rec;
    int cap_rec;
    char *rec_text;             /* their texts, one after the other (as
                                   long as they are: the sitting's money
                                   is held in the bytes it takes) */
    int rec_len;
    int rec_cap;
    int next_rec;               /* the first not yet compared */
    int64_t last_ok;            /* the last event re-derived */
    int last_ok_line;
    int seen[SIT_MARK_KINDS];   /* the log's sitting `=` lines compared
                                   after the event in hand, by kind */
    /* the deal being audited */
    struct ev_rec evs[DEAL_EVENTS_MAX];
    int n_evs;
    struct ru_rec rus[DEAL_RULINGS_MAX];
    int n_rus;
    struct ruling *pend;        /* rulings waiting after the deal's events */
    int n_pend;
    int cap_pend;
    bool no_memory;             /* pend[] could not grow: the audit stops */
    struct claims *claims;      /* the log's `=` lines against the rulings */
    int next_ru;                /* the next of rus[] to give to claims */
    struct sru_rec srus[DEAL_SIT_RULINGS_MAX];
    int n_srus;
    int next_sru;               /* the next of srus[] to give to claims */
    int n_ru_given;             /* rulings given to claims in the deal */
    struct line_finding *lf;    /* findings about the deal's `=` lines */
    int n_lf;
    int cap_lf;
    bool broken;                /* an action failed: skip to the next deal */
    int miscount[2];            /* cards held at the turn-up, 0 if right */
    bool counted[2];            /* a `found X holds` line in the deal */
    int hand_known_at_turn;     /* seats whose dealt hand was seen whole */
    /* totals */
    int64_t events;
    int64_t deals;
    int64_t sittings;
    int findings;
    int flags;
    struct player *players;
    int n_players;
    struct person_tally *persons; /* every person's games by role */
    int n_persons;
    struct applied res;         /* what the last action gave */
    int irregular[LAW_COUNT];   /* irregularities found, by law */
    int overscores[2];          /* overscores counted (L51 on a mark) not
                                   yet taken down, by seat */
    /* the deals of the sitting quarantined: left out where they stood */
    struct lost_deal *gaps;
    int n_gaps;
    int next_gap;
};

/* ------------------------------------------------------------------ */
/* Findings and closing a deal (audit_deal.c)                           */
/* ------------------------------------------------------------------ */

/* audit__finding - one finding (its message from fmt and what follows)
 * about the deal audited, at event (0: none) and source line, under law
 * ("" if none) and kind: said to the sink and counted. */
void audit__finding(struct audit *a, int64_t event, int line, const char *law,
                    const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* audit__claims_before - the `=` lines an imported log wrote before its
 * first action (kept with no event, ledger_claims_next from 0 to 0)
 * compared as `ecarte check` compares them there (the score and the
 * hand's value as the tags leave them, no ruling given), a line the laws
 * do not bear out a finding, said at once.  Returns 0 or a negative
 * ledger code. */
int audit__claims_before(struct audit *a);

/* audit__claim_finding - the claims matcher's callback (claims_open, ctx
 * the audit): a `=` line of an imported log that the laws do not bear
 * out: a mark that differs from what was due (with the L50 or L51
 * window), a hand's value, or a ruling the laws do not give.  Held until
 * the deal's lines are all compared, then said in their order. */
void audit__claim_finding(void *ctx, const struct claim_finding *f);

/*
 * audit__close_deal - the deal audited is over: the log's `=` lines
 * against the rulings the laws give (claims), the ledger's own rulings
 * against them, then every irregularity with its status, an unclaimed one
 * and a wrong count nobody called as findings; the deal's records are
 * emptied for the next.  A ledger error is said on stderr.
 */
void audit__close_deal(struct audit *a);

/* ------------------------------------------------------------------ */
/* Walking the ledger (audit_walk.c)                                    */
/* ------------------------------------------------------------------ */

/*
 * audit__sitting - one sitting of the ledger (ledger_sittings_foreach;
 * ctx the audit): its tags (players' names, rules) into a fresh referee,
 * its lost deals loaded, every recorded action re-derived deal by deal
 * (each deal closed by audit__close_deal), and the seats' tallies added
 * to the players'.  Returns 0, -1 on a ledger error (ledger_errmsg) or
 * out of memory (a->no_memory when the deal's waiting rulings could not
 * be kept).
 */
int audit__sitting(void *ctx, int64_t id, const char *source);

/* audit__tally - the tally of what seat did at an event where who[] sat
 * (index of names_of, -1): the person's who sat there, else the seat's
 * (a duel without persons).  Borrowed until the next player is added. */
struct audit_tally *audit__tally(struct audit *a, const int8_t who[2],
                                 int seat);

/* ------------------------------------------------------------------ */
/* Money (audit_money.c)                                                */
/* ------------------------------------------------------------------ */

/* audit__money_start - a sitting begins: its persons' names (each a
 * player of the summary) and the settlements the ledger records for it
 * loaded.  Returns 0, -1 on a ledger error or out of memory
 * (a->no_memory). */
int audit__money_start(struct audit *a);

/* audit__money_given - what the sitting gave after event at line (r):
 * its settlements kept for comparing with the ledger's, each person's
 * part in a game ended tallied by role, money moved outside a game (a
 * stake forfeited at once) in the role its mark gives, a game's result
 * taken back taken out of the roles it was counted in.  Returns 0, -1
 * out of memory (a->no_memory). */
int audit__money_given(struct audit *a, int64_t event, int line,
                       const struct sit_result *r);

/* audit__money_compare - the settlements the rules gave and those the
 * ledger records after the events before upto (INT64_MAX: all), event
 * by event: one that differs, one on one side only and one whose
 * transfers do not sum to zero are findings (kind "settlement",
 * "zero-sum").  An event that was not re-derived (its deal broken) is
 * passed over. */
void audit__money_compare(struct audit *a, int64_t upto);

/* audit__money_claims - the imported log's `= settle`, `= pool`, `=
 * roles` and `= bets` lines after event (just re-derived, a->res) against
 * what the sitting gives there: a difference is a finding of the line's
 * kind.  Returns 0, or -1 on a ledger error. */
int audit__money_claims(struct audit *a, int64_t event);

/* audit__money_persons - each person's games by role said to the sink
 * (its person call), every role he played or had money in and then
 * "all", their sums. */
void audit__money_persons(struct audit *a);

/* audit__name_index - the index in names_of of the sitting's person id,
 * added (named by his ID) if the ledger did not name him; -1 if id is
 * NULL or "", or there is no room. */
int audit__name_index(struct audit *a, const char *id);

/* audit__player - the player of the summary known by id ("" for a seat)
 * and name, added if new: its index in players[], -1 out of memory
 * (a->no_memory). */
int audit__player(struct audit *a, const char *id, const char *name);

#endif
