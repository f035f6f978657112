/* SPDX-License-Identifier: MIT */
/*
 * report_int.h - the state of `ecarte report` and what its files share
 * (the files of report/ only).  report.c holds the document's
 * frame; report_walk.c collects what the audit's walk finds (rulings with
 * the table as it stood, findings, players) into the sections;
 * report_deal.c draws a ruling and the cards; report_sheet.c writes the
 * scoresheet and its index; report_money.c the persons and the money of
 * a table of three or more; report_summary.c the summary at the top;
 * report_players.c the players and their charts; report_records.c keeps
 * what is known per deal, game, seating and item of money in temporary
 * files (memory does not grow with the sitting).
 */
#ifndef ECARTE_CLI_REPORT_INT_H
#define ECARTE_CLI_REPORT_INT_H

#include "report/report.h"
#include "report/html.h"

#define REPORT_ELECT_MAX 700    /* what an election gave, in words */

/* The table as it stood when a ruling was given. */
struct rep_table {
    struct arb_place places[ARB_PLACES]; /* by enum arb_place_id */
    struct arb_trick tricks[ARB_TRICKS_MAX];
    int n_tricks;
    int dealer;                 /* seat, SEAT_NONE */
    int trump;                  /* suit, SUIT_NONE */
    int score[2];               /* the game score after the action */
    char who[2][TL_ID_MAX];     /* the person in each seat (a table with
                                   persons), "" */
};

/* One ruling of the deal in hand, held until the deal is closed. */
struct rep_ruling {
    int number;                 /* in the report, 1-based: id ruling-N */
    int64_t event;
    int line;
    int deal;
    struct ruling r;
    char words[APPLY_WORDS_MAX]; /* its `= ruling` words */
    char preview[ARB_PREVIEW_LEN]; /* "option: text | option: text" */
    char action[200];           /* the action that gave it */
    struct rep_table at;
    const char *status;         /* the audit's status of an irregularity
                                   (static), NULL if none */
    bool elected;               /* an election answered it: */
    int elect_line;
    enum law_option option;
    char elect_action[200];
    char gave[REPORT_ELECT_MAX];
    /* a ruling of the sitting (CH, PO, BY: r.offender and r.elector are
     * SEAT_NONE, r.options 0), between persons: */
    bool of_sitting;
    char offender[TL_ID_MAX];   /* a person's ID or a seat's letter, "" */
    char elector[TL_ID_MAX];
};

/* What the report keeps of each deal number, for the scoresheet. */
struct rep_deal {
    int first_ruling;           /* the number of its first ruling, 0 */
    int n_rulings;
    int first_finding;          /* the number of its first finding, 0 */
    int n_findings;
    bool scored;                /* the score when it ended is known: */
    int score[2];
    bool capped;                /* a penalty capped its score (score-cap,
                                   or a stand a ruling offered, not taken
                                   off by a replay under cap-or-replay) */
};

/* What the report keeps of each game number: the rubber as the referee
 * counted it when the game ended. */
struct rep_game {
    bool over;                  /* the game ended (and was not reopened) */
    bool rubber_over;           /* it decided a rubber, won by: */
    int rubber_winner;
    int games_won[2];           /* games in the rubber, this one counted */
    bool in_rubber;             /* the rules count rubbers (not Rubber 0,
                                   as at a table of three or more) */
};

/* A deal quarantined (left out where it stood), from the audit. */
struct rep_gap {
    int deal;                   /* the deal number when it was left out:
                                   it stands after that deal's row */
    int line;                   /* its first line in the source */
    int game;                   /* its game (report__scoresheet), 0 */
};

/* A person's games and money in one role ("all": every role), from the
 * audit. */
struct rep_role {
    char role[16];
    struct audit_role t;
};

#define REP_ROLES_MAX 10        /* the audit's nine roles and "all" */

/* A player's summary, from the audit: a person (id his ID) at a table
 * with persons, with his games and money by role; a seat of a duel (id
 * ""). */
struct rep_player {
    char id[TL_ID_MAX];
    char name[TL_TAG_VALUE_MAX];
    struct audit_tally t;
    int n_roles;
    struct rep_role roles[REP_ROLES_MAX];
};

/* A statistic, from the audit. */
struct rep_stat {
    char player[TL_TAG_VALUE_MAX];
    char person[TL_ID_MAX];     /* his ID, "" for a seat of a duel */
    char kind[32];
    int k;
    int n;
    double expected;
    double probability;
    bool flagged;
};

/* A person of the sitting, and who sat where in each game. */
struct rep_person {
    char id[TL_ID_MAX];
    char name[TL_TAG_VALUE_MAX];
};

/* A seating, kept by its number in the order recorded (1-based). */
struct rep_seating {
    int game;
    int seat;
    char person[TL_ID_MAX];
    char role[16];              /* bank, ponte, player, roi, rentrant */
};

/* The seatings of a game: the first and the last of them in the order
 * recorded (0, 0: none); those between may be other games'. */
struct rep_seated {
    int first;
    int last;
};

/* What an item of money is (struct rep_money). */
enum rep_money_kind {
    REP_MONEY_STAKE = 1,        /* a stake, ante or forfeit */
    REP_MONEY_BET,              /* a bet standing at the close */
    REP_MONEY_ROLE,             /* a person's part in a game ended */
    REP_MONEY_SETTLE,           /* a settlement, its transfers after it */
    REP_MONEY_TRANSFER          /* one transfer of the settlement before */
};

/* An item of money at a table with persons, as the sitting re-derived it
 * in the audit's walk, kept by its number (1-based) and chained to the
 * next item of its game. */
struct rep_money {
    int next;                   /* the next item of its game, 0 none */
    int kind;                   /* enum rep_money_kind */
    int line;                   /* the source line of the action */
    int seat;                   /* BET, ROLE: the seat, else SEAT_NONE */
    char who[TL_ID_MAX];        /* the person ("house" for the levy) */
    char other[TL_ID_MAX];      /* BET: who covers it ("" in a tableau) */
    char what[24];              /* STAKE: stake, ante or forfeit; ROLE:
                                   the role; SETTLE: the reason; TRANSFER:
                                   the role of who ("" for the house) */
    int amount;                 /* STAKE, BET: the amount; ROLE: his net
                                   for the game; SETTLE: its number;
                                   TRANSFER: received (+) or paid (-) */
    int odds[2];                /* BET: P and Q (1 1: even money) */
    int won;                    /* ROLE: 1 his side won, -1 lost, 0 */
};

#define REP_LAW_LINKS 8         /* rulings of a law the summary links */

#define REP_RECORDS_MAX 10000000 /* the greatest number of a record */

/* Numbered records of one size in a temporary file (report_records.c):
 * record k at offset k * size, the one asked for last held in memory. */
struct rep_records {
    FILE *fp;                   /* the temporary file, NULL if none */
    int fd;                     /* its descriptor */
    size_t size;                /* bytes a record */
    int64_t key;                /* the record in cur, -1 none */
    bool dirty;                 /* cur changed since it was read */
    void *cur;                  /* the record held (size bytes) */
    int err;                    /* errno of the first failure, 0 */
};

struct report {
    struct ledger *l;
    int64_t sitting;
    int64_t n_sittings;         /* sittings in the ledger */
    char source[512];
    char names[2][TL_TAG_VALUE_MAX]; /* "A", "B" if the tags give none
                                        (or the sitting has persons: a
                                        seat's tag names nobody then) */
    /* a table with persons: they, not the seats' tags, are named */
    struct rep_person persons[TL_IDS_MAX];
    int n_persons;
    struct rep_records seatings; /* struct rep_seating, in the order
                                    recorded (1, 2, ...) */
    struct rep_records seated;  /* struct rep_seated by game number */
    int n_seatings;
    /* the money, as the sitting re-derives it */
    struct rep_records money;   /* struct rep_money, 1, 2, ... */
    struct rep_records money_of; /* struct rep_seated by game number (0:
                                    before the first game): the first and
                                    last of its items */
    int n_money;
    int n_settlements;
    int n_stakes;
    long staked;                /* the stakes, antes and forfeits */
    int n_bets;
    long bet;                   /* the bets standing at the close */
    long settled[TL_IDS_MAX];   /* by person (r->persons), re-derived */
    long levy;                  /* the house's, re-derived */
    bool settled_other;         /* a transfer to nobody of r->persons */
    int first_settlement_game;  /* the game of settlement 1 (0: before
                                   the first game) */
    char event[TL_TAG_VALUE_MAX];    /* the Event tag, "" */
    char laws[TL_TAG_VALUE_MAX];     /* the Laws tag, "" */
    /* the sections written during the walk (temporary files) */
    FILE *rulings;              /* the rulings' articles */
    FILE *findings;             /* the audit's findings: table rows */
    FILE *irregular;            /* the irregularities: table rows */
    FILE *strikes;              /* the scorer's strikes: list items */
    FILE *sheet;                /* the scoresheet, written before the
                                   page (report__scoresheet) */
    FILE *index;                /* its index: a list item a game */
    int n_index;                /* games in the index */
    /* the deal in hand */
    struct rep_ruling *held;
    int n_held;
    int cap_held;
    /* per deal number, per game number */
    struct rep_records deals;   /* struct rep_deal */
    struct rep_records games;   /* struct rep_game */
    /* counts */
    int by_law[LAW_COUNT];      /* rulings by law */
    int law_rulings[LAW_COUNT][REP_LAW_LINKS]; /* the first of each */
    int n_games;                /* the greatest game number seen */
    int n_capped;               /* deals whose score a penalty capped */
    int first_capped;           /* the first of them, 0 */
    bool uncap_replay;          /* the profile: a replay uncaps */
    int n_rulings;
    int n_findings;
    int n_irregular;
    int n_strikes;
    int n_flags;
    struct rep_player *players;
    int n_players;
    int cap_players;
    struct rep_stat *stats;
    int n_stats;
    int cap_stats;
    struct rep_gap *gaps;
    int n_gaps;
    int cap_gaps;
    bool no_memory;
    struct proof_summary proof; /* the ledger proven before it is shown */
    char *err;                  /* why the report could not be made */
    size_t err_n;
};

/* ------------------------------------------------------------------ */
/* The walk (report_walk.c)                                             */
/* ------------------------------------------------------------------ */

/* report__sink - the audit sink that fills a struct report (ctx). */
extern const struct audit_sink report__sink;

/* report__held_write - the rulings held written to their section, and
 * the deals whose score they capped marked (rep_deal capped). */
void report__held_write(struct report *r);

/* report__deal - what is kept of deal number deal (1-based), to change:
 * r's, valid until the next report__deal or report__deal_at (zeros until
 * first changed).  NULL if deal is out of range or its temporary file
 * failed (r->deals.err). */
struct rep_deal *report__deal(struct report *r, int deal);

/* report__deal_at - a copy of what is kept of deal number deal (zeros if
 * nothing, deal out of range, or r->deals.err). */
struct rep_deal report__deal_at(struct report *r, int deal);

/* report__game - what is kept of game number game (1-based), to change:
 * as report__deal, in r->games. */
struct rep_game *report__game(struct report *r, int game);

/* report__game_at - a copy of what is kept of game number game, as
 * report__deal_at. */
struct rep_game report__game_at(struct report *r, int game);

/* report__seating_add - who sat in seat for game as role (may be
 * NULL), kept after the seatings before it.  Returns 0, -1
 * (r->seatings.err or r->seated.err). */
int report__seating_add(struct report *r, int game, int seat,
                        const char *person, const char *role);

/* report__seating_at - seating number k (1..r->n_seatings), a copy
 * (zeros if out of range or on a failure). */
struct rep_seating report__seating_at(struct report *r, int k);

/* report__seated_at - where the seatings of game stand, a copy. */
struct rep_seated report__seated_at(struct report *r, int game);

/* report__money_add - item m of game (0: before the first game) kept
 * after the items before it, m->next ignored.  Returns 0, -1
 * (r->money.err or r->money_of.err). */
int report__money_add(struct report *r, int game, const struct rep_money *m);

/* report__money_at - item number k (1..r->n_money), a copy (zeros if
 * out of range or on a failure). */
struct rep_money report__money_at(struct report *r, int k);

/* report__money_of - where the items of game stand (first 0: none), a
 * copy. */
struct rep_seated report__money_of(struct report *r, int game);

/* ------------------------------------------------------------------ */
/* Records in temporary files (report_records.c)                        */
/* ------------------------------------------------------------------ */

/* report__records_open - f made empty, of records of size bytes, in a
 * new temporary file.  Returns 0, -1 (f->err says why; f is still to
 * be closed). */
int report__records_open(struct rep_records *f, size_t size);

/* report__records_get - record key (0..REP_RECORDS_MAX) held in memory:
 * f's, valid until the next call on f; changes through it are kept if
 * write.  A record never written is zeros.  NULL if key is out of range,
 * f is not open or a read or write failed (f->err; every call fails
 * after). */
void *report__records_get(struct rep_records *f, int64_t key, bool write);

/* report__records_close - the file and the record held released (f may
 * be closed twice, or never opened if zeroed). */
void report__records_close(struct rep_records *f);

/* ------------------------------------------------------------------ */
/* Drawing (report_deal.c)                                              */
/* ------------------------------------------------------------------ */

/* report__card - one card as a span: rank and suit symbol, red or black
 * ("??" for a card nobody saw). */
void report__card(FILE *fp, uint8_t c);

/* report__seat_name - "A (name)", escaped, for seat s of r; "-" for
 * SEAT_NONE.  The name is the seat's tag's in a duel without persons;
 * at a table with persons, the name of who[s] (the ID of the person
 * seated then; who NULL or who[s] "": the letter alone). */
void report__seat_name(FILE *fp, const struct report *r, int s,
                       const char (*who)[TL_ID_MAX]);

/* report__person_name - the name of the sitting's person id (his ID if
 * the ledger names him not); static or r's. */
const char *report__person_name(const struct report *r, const char *id);

/* report__ruling - the article of one ruling: the law and its words,
 * offender, elector, the options with their previews, the election and
 * what it gave, and the table as it stood. */
void report__ruling(FILE *fp, const struct report *r,
                    const struct rep_ruling *ru);

/* ------------------------------------------------------------------ */
/* Sections written at the end                                          */
/* ------------------------------------------------------------------ */

/* report__scoresheet - the scoresheet section of the sitting (a paper
 * scoresheet's layout).  Returns 0, -1 on a ledger error. */
int report__scoresheet(FILE *fp, struct report *r);

/* report__players - the players' section: irregularities by law, points
 * through the penalty laws, and the charts. */
void report__players(FILE *fp, const struct report *r);

/* ------------------------------------------------------------------ */
/* The money of a table with persons (report_money.c)                   */
/* ------------------------------------------------------------------ */

/* report__money_kept - what the sitting's result s of an action at line
 * gave above the seats (stakes, bets, roles, settlements) kept in r's
 * records of money, and counted. */
void report__money_kept(struct report *r, const struct sit_result *s,
                        int line);

/* report__money_game - the persons and money of game (0: before the
 * first game) under its table of the scoresheet, if it has any: each
 * person's role, seat, stakes and net, the bets and who covered them,
 * each settlement with its transfers.  Nothing if it has none. */
void report__money_game(FILE *fp, struct report *r, int game);

/* report__money_section - the section of the persons and the money:
 * each person's balance as the ledger holds it (ledger_balances_foreach,
 * as `ecarte score` prints it), the house's levy and their sum (zero),
 * held against the settlements re-derived.  Returns 0, -1 on a ledger
 * error. */
int report__money_section(FILE *fp, struct report *r);

/* ------------------------------------------------------------------ */
/* The summary (report_summary.c)                                       */
/* ------------------------------------------------------------------ */

/* report__summary - the summary at the top of the page: the verdict,
 * sittings, deals, games, rulings by law, irregularities, findings,
 * flags, strikes, quarantined and capped deals and, at a table with
 * persons, the money, each linking down to its section. */
void report__summary(FILE *fp, const struct report *r,
                     const struct audit_totals *tot);

#endif /* ECARTE_CLI_REPORT_INT_H */
