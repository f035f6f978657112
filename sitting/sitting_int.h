/* SPDX-License-Identifier: MIT */
/*
 * sitting_int.h - the state of a sitting and the helpers its files share
 * (the files of sitting/ only; the public interface is sitting.h).
 *
 * sit_life.c holds the life cycle, sit_tags.c the tags, sit_apply.c the
 * dispatch of a line, sit_lines.c the lines of the sitting, sit_observe.c
 * what the arbiter reports, sit_marks.c the words of the `=` lines;
 * sit_core.c the persons, seats, results and money; sit_cut.c the order
 * cut; sit_bets.c the gallery's bets; sit_duel.c, sit_chouette.c,
 * sit_pool.c and sit_gallery.c one format each, behind the table of
 * struct sit_ops.  sit_rulings.c asks the rules of the sitting (CH, PO,
 * BY: rows of laws/, their verdict over struct sit_view) and carries out
 * the remedies they give, by remedy; it is the only file of sitting/
 * that names a law (an exception: L4 on a person's cut).
 */
#ifndef ECARTE_SITTING_SITTING_INT_H
#define ECARTE_SITTING_SITTING_INT_H

#include "sitting/sitting.h"

#define SIT_PERSONS_MAX TL_IDS_MAX /* persons of one sitting */
#define SIT_CUTS_MAX 6          /* cuts of one person in an order cut */
#define SIT_UNDO_MAX 8          /* lines a strike may take back */

_Static_assert(SIT_PERSONS_MAX <= SIT_VIEW_PERSONS,
               "the rules' view holds every person of a sitting");

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
    /* the table held until the right person sits (a reseat: CH1, PO2) */
    int hold_law;               /* the rule that holds it (enum law_id),
                                   -1 none */
    int hold_seat;
    int hold_person;            /* who should sit there */
    /* a seat left, waiting for a substitute (CH3, BY6) */
    int left_seat;              /* SEAT_NONE if none */
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
    struct sit_bet bets[SIT_BETS_MAX];
};

struct sitting {
    struct sit_state s;
    struct arb_result conceded; /* a game conceded before a line (a seat
                                   left and nobody took it) */
    struct sit_state next;      /* the copy a line is applied to */
    struct sit_state before;    /* the state before the last game's end */
    bool has_before;
    /* a strike takes back a line the sitting recorded nothing on: the
     * state before each of the last lines, n_undo of them in a ring from
     * undo[undo_first] (the oldest): a line taken keeps its state without
     * moving the others (sit_apply.c, undo_at) */
    int n_undo;
    int undo_first;
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
    /* the role of person now (its word: sit_role_name) */
    enum sit_role (*role)(const struct sit_state *s, int person);
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
/* Results and failures (sit_core.c)                                    */
/* ------------------------------------------------------------------ */

/* sit__fail - the message on the sitting; returns code. */
int sit__fail(struct sit_ctx *c, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* sit__note - a fact worth saying, into the result. */
void sit__note(struct sit_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

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
/* Money (sit_core.c)                                                   */
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
/* Persons and seats (sit_core.c)                                       */
/* ------------------------------------------------------------------ */

/* sit__find - the person with ID id, -1 if none. */
int sit__find(const struct sit_state *s, const char *id);

/* sit__person - the declared person id (SIT_E_INPUT "expected a person
 * declared by a person line, found ..." if none). */
int sit__person(struct sit_ctx *c, const char *id, int *out);

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

/* sit__concede - the player in seat leaves and concedes the game: the
 * arbiter's result into ar (the line's, or one kept to merge into it),
 * what it reports followed (sit__observe).  Returns 0, or the arbiter's
 * code, or SIT_E_MONEY. */
int sit__concede(struct sit_ctx *c, int seat, struct arb_result *ar);

/* sit__game_value - the multiplier of a game's stakes: its value under
 * Stakes "treble" (L46), else 1. */
int sit__game_value(const struct sit_ctx *c, const struct arb_game_result *g);

/* ------------------------------------------------------------------ */
/* The rules of the sitting (sit_rulings.c)                             */
/* ------------------------------------------------------------------ */

/* What the rules said when asked (sit__ask). */
struct sit_answer {
    int n_rulings;              /* rulings given (their remedies carried
                                   out) */
    int n_notes;                /* near misses noted */
};

/* sit__event - an event of the sitting at moment at, nobody and nothing
 * in it yet (kind EV_NONE, persons and bets -1, seats SEAT_NONE). */
void sit__event(struct sit_event *e, enum sit_moment at);

/* sit__line_event - the event of the line c->l at SIT_AT_LINE: its kind,
 * the person acting (who, -1) and the seat, number, odds and law it
 * names. */
void sit__line_event(const struct sit_ctx *c, int who, struct sit_event *e);

/* sit__fill_view - the view of the state c->s that the rules read (the
 * persons' ids borrowed from it, its order and bets pointed at: valid
 * while c->s is unchanged). */
void sit__fill_view(const struct sit_ctx *c, struct sit_view *v);

/*
 * sit__ask - the rules of the format that give rulings (penalties and
 * procedures) are asked about e, in the registry's order: each engaged
 * gives a ruling from its row and verdict, and its remedy, asserted to
 * be one of the row's, is carried out (by remedy, in sit_rulings.c); a
 * near miss's words are noted.  *out (NULL: not wanted) says how many
 * rulings and notes.  Returns 0, or the status of a remedy that failed
 * (a concession the arbiter refused: its code; SIT_E_MONEY).
 */
int sit__ask(struct sit_ctx *c, const struct sit_event *e,
             struct sit_answer *out);

/*
 * sit__play - the rule of play of the format (a row of kind RULE: PO1,
 * BY7, BY9, BY10) that e's moment asks: true and its verdict in *out if
 * it applies, for the format's hook to carry out (no ruling line); its
 * words, engaged or a near miss, are noted.  False if none applies.
 */
bool sit__play(struct sit_ctx *c, const struct sit_event *e,
               struct sit_verdict *out);

/* sit__rule_cut_shown - a person shows more than one card cutting for his
 * place in the order: L4 (cut again), its row's remedy. */
void sit__rule_cut_shown(struct sit_ctx *c, int person);

/* ------------------------------------------------------------------ */
/* Bets (sit_bets.c)                                                    */
/* ------------------------------------------------------------------ */

/* sit__drop_cover - cover k of bet b ends (its coverer released, or his
 * stake forfeited): the bet keeps its other covers. */
void sit__drop_cover(struct sit_bet *b, int k);

/* sit__void_bets - every live bet of person ends, stakes returned, and
 * so does every cover he gave (a cover is a bet on the other seat; the
 * bet covered keeps its other covers): returns how many. */
int sit__void_bets(struct sit_state *s, int person);

/*
 * sit__forfeit_stakes - person's stakes against seat are paid over to
 * payee into t and end: his chouette stake on the game (stake_paid), his
 * live bets on the other seat (in a tableau as they stand, once closed
 * what is covered, before the close the whole stake: each one dead) and,
 * not seated outside a tableau, his covers of bets on seat (what each
 * risks; dropped).  The bets are touched only if payee sits there
 * (>= 0).  Returns the amount paid over.
 */
int sit__forfeit_stakes(struct sit_state *s, int person, int seat,
                        int payee, struct settle *t);

/* sit__equalise - a tableau's two sides made equal (BY9): the excess of
 * the heavier side handed back from its last bets.  Returns the amount
 * handed back. */
int sit__equalise(struct sit_state *s);

/* sit__bets_changed - a bet ended (forfeited, void): a closed tableau is
 * equalised again if its rule of play (BY9) says so, and the bets at
 * risk are marked anew. */
void sit__bets_changed(struct sit_ctx *c);

/* ------------------------------------------------------------------ */
/* The order cut (sit_cut.c)                                           */
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
