/*
 * sitting_int.h - the state of a sitting and the helpers its files share
 * (the files of sitting/ only; the public interface is sitting.h).
 *
 * sit_life.c holds the life cycle, sit_tags.c the tags, sit_apply.c the
 * dispatch of a line, sit_lines.c the lines of the sitting, sit_observe.c
 * what the arbiter reports, sit_marks.c the words of the `=` lines;
 * sit_core.c the persons, seats, results and money; sit_cut.c the order
 * cut; sit_duel.c, sit_chouette.c, sit_pool.c and sit_gallery.c one
 * format each, behind the table of struct sit_ops.
 */
#ifndef ECARTE_SITTING_SITTING_INT_H
#define ECARTE_SITTING_SITTING_INT_H

#include "sitting/sitting.h"

#define SIT_PERSONS_MAX TL_IDS_MAX /* persons of one sitting */
#define SIT_BETS_MAX 64         /* bets on one game */
#define SIT_COVERS_MAX 8        /* covers of one bet */
#define SIT_CUTS_MAX 6          /* cuts of one person in an order cut */
#define SIT_UNDO_MAX 8          /* lines a strike may take back */

/* How advice may be given (the switch advice, docs/variants.md). */
enum sit_advice {
    ADVICE_SPEAK,               /* in words */
    ADVICE_POINT,               /* by pointing at a card only */
    ADVICE_NONE                 /* not at all */
};

/* The rules of the Format and Stake tags. */
struct sit_rules {
    int format;                 /* enum sit_format */
    int stake;                  /* the Stake tag: the unit */
    int rubber_tag;             /* the Rubber tag read, -1 none */
    bool bank_deals;            /* chouette: the bank deals every hand */
    bool bank_keeps;            /* chouette: bank-on-loss=keeps */
    int advice;                 /* enum sit_advice */
    int pool_run;               /* pool: games running to take it */
    int pool_forfeit;           /* pool: units a loser pays in */
    bool rentrant_deals;        /* pool: pool-deal=rentrant */
    bool english;               /* gallery: style=english */
    bool bettor_claims;         /* gallery: a bettor may call */
    bool loser_retires;         /* gallery: the loser gives his seat */
    bool tableau;               /* gallery: bet-match=tableau */
    bool each_turnup;           /* gallery: bets-close=each-turnup */
    int levy;                   /* gallery: per cent to the house */
};

/* One person of the sitting. */
struct person {
    char id[TL_ID_MAX];
    bool present;               /* in the sitting: not gone for good */
    int balance;                /* money settled so far */
    /* the order cut */
    int n_cuts;
    int cuts[SIT_CUTS_MAX];     /* card strengths, 0 the highest */
    /* chouette */
    int stake_next;             /* stated for the coming game, 0: Stake */
    int stake;                  /* in force on the game, 0: not in it */
    bool stake_paid;            /* forfeited already (CH2) */
    bool no_advice;             /* barred from advising (CH2) */
    /* pool */
    int paid;                   /* paid into the current pool */
    bool in_pool;               /* takes part in the current pool */
    bool out_of_pool;           /* left it (PO3): back at the next pool */
    int advises;                /* the seat he chose to advise, SEAT_NONE */
};

/* A cover of a bet: who took how much of the bettor's stake. */
struct cover {
    int who;                    /* person */
    int amount;                 /* of the bettor's stake */
};

/* A bet of the gallery on the game in progress. */
struct bet {
    int bettor;                 /* person */
    int seat;                   /* the seat he backs */
    int amount;                 /* his stake (what he risks) */
    int odds[2];                /* P:Q, 1:1 at even money */
    int n_covers;
    struct cover covers[SIT_COVERS_MAX];
    int refund;                 /* tableau: handed back at the close */
    bool dead;                  /* void, or ended (BY2) */
};

/* Everything the sitting knows: plain data, copied whole. */
struct sit_state {
    struct sit_rules r;
    bool started;               /* the first line was taken */
    int n_persons;
    int house;                  /* the house's levy taken in */
    int seat[2];                /* the person in each seat, -1 */
    /* roles: chouette [bank, ponte, advisers...]; pool and gallery: the
     * queue of those waiting */
    int n_order;
    int order[SIT_PERSONS_MAX];
    bool roles_set;             /* an order cut or a roles line set them */
    bool cutting;               /* an order cut is under way */
    int first_cut;              /* the order cut's highest (deals first) */
    /* pool */
    bool pool_on;               /* a pool has begun: antes paid */
    int pool;                   /* what it holds */
    int roi;                    /* the winner staying, -1 */
    int streak;                 /* his games won running */
    int rentrant;               /* who takes the loser's seat, -1 */
    int pair[2];                /* a pool's first pair, -1 */
    /* gallery: who should sit in each seat (the rentrant after a loss) */
    int want[2];
    /* the game, as the arbiter reports it */
    int game;                   /* its number, 0 none yet */
    bool in_game;               /* begun and not ended */
    bool deal_seen;             /* a deal of it has begun */
    bool turned_up;             /* its first turn-up is past */
    int told[2];                /* the pair the arbiter was last told of
                                   (arbiter_new_pair), -1 */
    /* the table held until the right person sits (CH1, PO2) */
    int hold_law;               /* enum law_id, -1 none */
    int hold_seat;
    int hold_person;            /* who should sit there */
    /* a seat left, waiting for a substitute (CH3, BY6) */
    int left_seat;              /* SEAT_NONE if none */
    int left_law;
    int left_person;
    /* the gallery's bets on the game in progress (bets[], below) */
    int n_bets;
    bool bets_closed;
    int chouette_seat;          /* the seat taking all bets, SEAT_NONE */
    /* the last game's settlement, taken back if its result is (L51) */
    int settled_game;           /* 0 none */
    int last_n;
    struct tl_amount last[TL_IDS_MAX + 1];
    /* the large arrays last: a copy takes only the part in use
     * (sit__state_copy) */
    struct person p[SIT_PERSONS_MAX];
    struct bet bets[SIT_BETS_MAX];
};

struct sitting {
    struct sit_state s;
    struct arb_result conceded; /* a game conceded before a line (a seat
                                   left and nobody took it) */
    struct sit_state next;      /* the copy a line is applied to */
    struct sit_state before;    /* the state before the last game's end */
    bool has_before;
    /* a strike takes back a line the sitting recorded nothing on: the
     * state before each of the last lines */
    int n_undo;
    struct sit_state undo[SIT_UNDO_MAX];
    bool undo_ok[SIT_UNDO_MAX]; /* the line recorded nothing above the
                                   seats: a strike may take it back */
    char errmsg[400];
};

/* What a line is applied with. */
struct sit_ctx {
    struct sitting *sit;
    struct sit_state *s;        /* the state being changed (sit->next) */
    struct arbiter *a;
    const struct tl_line *l;    /* the line, NULL when observing */
    struct arb_result *ar;      /* the arbiter's result of the line */
    struct sit_result *out;
};

/* One format (sit_duel.c, sit_chouette.c, sit_pool.c, sit_gallery.c).  A hook may be
 * NULL: nothing to do. */
struct sit_ops {
    const char *name;
    int roles_form;             /* the roles line it takes (enum
                                   tl_roles_form), TL_ROLES_NONE: none */
    int hold_law;               /* the rule of a seat taken against the
                                   roles (enum law_id), -1 none */
    /* the role of person now, in a word (bank, ponte, adviser, roi,
     * rentrant, player, waiting, bettor, bystander) */
    const char *(*role)(const struct sit_state *s, int person);
    /* the seat whose win is person's win, SEAT_NONE if neither */
    int (*side)(const struct sit_state *s, int person);
    /* its own lines (stakes, bets, sees, leaves, ...): 0, a negative
     * status, or 1 if the line is not of this format */
    int (*line)(struct sit_ctx *c);
    /* a roles line: set the roles (persons declared, form checked) */
    int (*roles)(struct sit_ctx *c, const struct tl_roles *r);
    /* the roles now, for `= roles` (form NONE: none) */
    void (*roles_now)(const struct sit_state *s, struct tl_roles *out);
    /* the order cut is decided: the roles it gives */
    void (*order_cut)(struct sit_ctx *c);
    /* the person who should sit in seat instead of the one there now,
     * -1 if he may (or the seat is empty, or anyone may) */
    int (*seat_due)(const struct sit_state *s, int seat);
    /* a seat line was taken (not held) */
    void (*seated)(struct sit_ctx *c, int seat);
    /* a game begins (before its first deal) */
    void (*game_start)(struct sit_ctx *c);
    /* a turn-up: the game's first (first) or a later one */
    void (*turn_up)(struct sit_ctx *c, bool first);
    /* a deal ended */
    void (*deal_over)(struct sit_ctx *c);
    /* the game ended: settle it and move the roles */
    void (*game_over)(struct sit_ctx *c, const struct arb_game_result *g);
    /* a person declared (joined) while the sitting is on */
    void (*joined)(struct sit_ctx *c, int person);
    /* the player in seat leaves without consent during a game */
    int (*leaves)(struct sit_ctx *c, int seat);
    /* a game left unfinished (a new game line) */
    void (*abandoned)(struct sit_ctx *c);
};

extern const struct sit_ops sit__duel_ops;
extern const struct sit_ops sit__chouette_ops;
extern const struct sit_ops sit__pool_ops;
extern const struct sit_ops sit__gallery_ops;

/* sit__state_copy - *dst becomes *src (the persons and bets in use
 * only). */
void sit__state_copy(struct sit_state *dst, const struct sit_state *src);

/* sit__now_text - sitting_now_text for the state s. */
char *sit__now_text(const struct sit_state *s, enum tl_kind kind, char *buf,
                    size_t n);

/* sit__ops - the format's table. */
const struct sit_ops *sit__ops(const struct sit_state *s);

/* sit__rules_for - r holds the switches' defaults of format (enum
 * sit_format), its Stake and Rubber tag kept (sit_tags.c). */
void sit__rules_for(struct sit_rules *r, int format);

/* ------------------------------------------------------------------ */
/* Lines and what the arbiter reports (sit_lines.c, sit_observe.c)      */
/* ------------------------------------------------------------------ */

/*
 * sit__observe - what the arbiter reported for the line (or otherwise):
 * a game begun, its first deal, a turn-up, a deal ended, a result taken
 * back, a game won, each followed by roles and money.  Returns 0 or
 * SIT_E_MONEY.
 */
int sit__observe(struct sit_ctx *c, const struct arb_result *ar);

/* sit__sitting_line - a line of the sitting (tl_is_sitting) ruled: the
 * person, seat, roles and leaves lines and a person's cut here, the
 * rest by the format.  Returns 0 or a negative status (message set). */
int sit__sitting_line(struct sit_ctx *c);

/* sit__between_games - may the seating or the roles change now?  No deal
 * of a game in progress has begun. */
bool sit__between_games(const struct sit_ctx *c);

/* sit__line_text - the line's canonical words, without its stamp, for a
 * message, into buf of size n.  Returns buf. */
const char *sit__line_text(const struct sit_ctx *c, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* Results and failures (core.c)                                        */
/* ------------------------------------------------------------------ */

/* sit__fail - the message on the sitting; returns code. */
int sit__fail(struct sit_ctx *c, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* sit__note - a fact worth saying, into the result. */
void sit__note(struct sit_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* sit__rule - a ruling under law (offender, elector: a person's ID, "A",
 * "B", or NULL), with a note; returns it (NULL if the result is full). */
struct sit_ruling *sit__rule(struct sit_ctx *c, enum law_id law,
                             const char *offender, const char *elector,
                             enum remedy remedy, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* sit__record - a record for the ledger (kind, game, seat, person, what,
 * amount); returns it for more fields (NULL if the result is full). */
struct sit_record *sit__record(struct sit_ctx *c, enum sit_record_kind kind,
                               int seat, int person, const char *what,
                               int amount);

/* sit__mark_pool, sit__mark_roles, sit__mark_bets - the `=` line of the
 * state now, as a mark of the result. */
void sit__mark_pool(struct sit_ctx *c);
void sit__mark_roles(struct sit_ctx *c);
void sit__mark_bets(struct sit_ctx *c);

/* ------------------------------------------------------------------ */
/* Money (core.c)                                                       */
/* ------------------------------------------------------------------ */

/* A settlement being built: per person (and the house), what each
 * receives (+) or pays (-). */
struct settle {
    int amount[SIT_PERSONS_MAX];
    int house;
};

/* sit__settle_start - an empty settlement. */
void sit__settle_start(struct settle *t);

/* sit__pay - from pays to to amount (to -1: the house). */
void sit__pay(struct settle *t, int from, int to, int amount);

/*
 * sit__settle - the settlement t moves the money: each person's balance
 * and the house's, a `= settle` mark (reason), kept as the game's
 * settlement when reason is "game" or "pool" (for a reopen).  Nothing
 * when every amount is 0.  Returns 0, or SIT_E_MONEY if the amounts do
 * not sum to zero (money conservation; asserted too).
 */
int sit__settle(struct sit_ctx *c, const struct settle *t, const char *reason);

/* ------------------------------------------------------------------ */
/* Persons and seats (core.c)                                           */
/* ------------------------------------------------------------------ */

/* sit__find - the person with ID id, -1 if none. */
int sit__find(const struct sit_state *s, const char *id);

/* sit__person - the declared person id (SIT_E_INPUT "expected a person
 * declared by a person line, found ..." if none). */
int sit__person(struct sit_ctx *c, const char *id, int *out);

/* sit__cover_against - what cover k of bet b risks against its stake:
 * the covers of a bet together risk the bet's winnings on what they
 * cover, N x Q / P rounded down once, however many share it. */
int sit__cover_against(const struct bet *b, int k);

/* sit__seat_of - the seat person sits in, SEAT_NONE. */
int sit__seat_of(const struct sit_state *s, int person);

/* sit__id - the ID of person (or "" for -1). */
const char *sit__id(const struct sit_state *s, int person);

/* sit__order_find - person's place in the order, -1 if not in it. */
int sit__order_find(const struct sit_state *s, int person);

/* sit__order_remove - take person out of the order (if he is in it). */
void sit__order_remove(struct sit_state *s, int person);

/* sit__order_push - put person at the end of the order (taken out of
 * his place first). */
void sit__order_push(struct sit_state *s, int person);

/* sit__hold - the table waits until person sits in seat (law: CH1 or
 * PO2): a ruling on offender (who sat instead, or who is seated). */
void sit__hold(struct sit_ctx *c, enum law_id law, int seat, int person,
               int offender);

/* sit__check_seats - at a seat line or a game line: each seat against
 * the roles; a wrong one rules and holds the table. */
void sit__check_seats(struct sit_ctx *c, enum law_id law);

/* sit__concede - the player in seat leaves and concedes the game: the
 * arbiter's result into ar (the line's, or one kept to merge into it),
 * what it reports followed (sit__observe).  Returns 0, or the arbiter's
 * code, or SIT_E_MONEY. */
int sit__concede(struct sit_ctx *c, int seat, struct arb_result *ar);

/* sit__game_value - the multiplier of a game's stakes: its value under
 * Stakes "treble" (L46), else 1. */
int sit__game_value(const struct sit_ctx *c, const struct arb_game_result *g);

/* ------------------------------------------------------------------ */
/* The order cut (cut.c)                                                */
/* ------------------------------------------------------------------ */

/*
 * sit__cut - `ID cuts-for-deal C ...` by person: one more cut in the
 * order cut (more than one card shown is L4, cut again; a tie with
 * another is cut again between them); when every person present has a
 * place, the order is decided (sorted, highest first) and the format's
 * order_cut hook gives the roles.  Returns 0 or SIT_E_INPUT.
 */
int sit__cut(struct sit_ctx *c, int person);

/* sit__cut_close - a game begins while an order cut is unfinished: the
 * order as it stands (those who did not cut after, in the order of
 * their declaration). */
void sit__cut_close(struct sit_ctx *c);

#endif /* ECARTE_SITTING_SITTING_INT_H */
