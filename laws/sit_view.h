/* SPDX-License-Identifier: MIT */
/*
 * sit_view.h - what a rule of the sitting sees and decides: part of the
 * interface of laws/laws.h, which includes it (callers include laws.h).
 *
 * The rules of a sitting of more than two (CH1-CH5, PO1-PO4, BY1-BY10,
 * docs/variants.md) are rows of the registry like the laws: their row
 * holds the words, the remedies and a verdict (struct law.judge) over a
 * read-only view of the sitting that the sitting layer (sitting/) fills,
 * as the arbiter fills struct law_view for L1-L51.  The verdict says
 * whether the rule is engaged, which of its remedies applies, who
 * offends and who may act, and the words of the ruling; the sitting
 * layer carries out the remedy (by remedy) and asserts that it is one of
 * the row's.  Rules never see the sitting's state and never write it.
 */
#ifndef ECARTE_LAWS_SIT_VIEW_H
#define ECARTE_LAWS_SIT_VIEW_H

#include "laws/laws.h"

#define SIT_VIEW_PERSONS 32     /* persons of one sitting */
#define SIT_BETS_MAX 64         /* bets on one game */
#define SIT_COVERS_MAX 8        /* covers of one bet */
#define SIT_VERDICT_NOTE 200    /* a verdict's words and their NUL */
#define SIT_BACKS_BOTH 2        /* sit_view_person.backs: bets on both seats */

/* ------------------------------------------------------------------ */
/* The rules of a format                                                */
/* ------------------------------------------------------------------ */

/* How advice may be given (the switch advice). */
enum sit_advice {
    ADVICE_SPEAK,               /* in words */
    ADVICE_POINT,               /* by pointing at a card only */
    ADVICE_NONE                 /* not at all */
};

/* The rules of the Format and Stake tags (docs/variants.md, formats),
 * read by the sitting layer (sitting/sit_tags.c). */
struct sit_rules {
    int format;                 /* enum sit_format (sitting/sitting.h) */
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

/* A person's part in a sitting, in the words of the ledger's records. */
enum sit_role {
    SIT_ROLE_BANK,              /* bank: the chouette's lone player */
    SIT_ROLE_PONTE,             /* ponte: plays for the others */
    SIT_ROLE_ADVISER,           /* adviser: stakes beside the ponte */
    SIT_ROLE_ROI,               /* roi: the pool's winner staying */
    SIT_ROLE_RENTRANT,          /* rentrant: takes the loser's seat */
    SIT_ROLE_PLAYER,            /* player: seated, no other part */
    SIT_ROLE_WAITING,           /* waiting: in the queue */
    SIT_ROLE_BETTOR,            /* bettor: a bet or a cover on the game */
    SIT_ROLE_BYSTANDER,         /* bystander: none of these */
    SIT_ROLE_COUNT
};

/* sit_role_name - the word of role r ("bank", "bystander"); static. */
const char *sit_role_name(enum sit_role r);

/* ------------------------------------------------------------------ */
/* Bets                                                                 */
/* ------------------------------------------------------------------ */

/* A cover of a bet: who took how much of the bettor's stake. */
struct sit_cover {
    int who;                    /* person */
    int amount;                 /* of the bettor's stake */
};

/* A bet of the gallery on the game in progress. */
struct sit_bet {
    int bettor;                 /* person */
    int seat;                   /* the seat he backs */
    int amount;                 /* his stake (what he risks) */
    int odds[2];                /* P:Q, 1:1 at even money */
    int n_covers;
    struct sit_cover covers[SIT_COVERS_MAX];
    int refund;                 /* tableau: handed back at the close */
    bool dead;                  /* void, or ended (BY2) */
};

/* laws_bet_covered - how much of bet b is covered. */
int laws_bet_covered(const struct sit_bet *b);

/* laws_cover_against - what cover k of bet b risks against its stake:
 * the covers of a bet together risk the bet's winnings on what they
 * cover, N x Q / P rounded down once, however many share it. */
int laws_cover_against(const struct sit_bet *b, int k);

/* laws_bets_back - the seat person's live bets and covers among the n
 * bets back: SEAT_A, SEAT_B, SEAT_NONE if none, SIT_BACKS_BOTH if both
 * (a cover backs the seat against the bet covered). */
int laws_bets_back(const struct sit_bet *bets, int n, int person);

/* laws_tableau_excess - what the heavier side of a tableau of the n
 * bets risks beyond the other (each live bet as it stands, its refund
 * handed back), its seat in *heavy (SEAT_B when they are equal). */
int laws_tableau_excess(const struct sit_bet *bets, int n, int *heavy);

/* laws_cover_displaces - who covers amount want of bet b, a player,
 * takes it from the bystanders who covered it where the part left is too
 * small (BY3), the last covers first: the last bystander he takes it
 * from, -1 if he takes it from nobody. */
int laws_cover_displaces(const struct sit_bet *b, int who, int want);

/* ------------------------------------------------------------------ */
/* The view                                                             */
/* ------------------------------------------------------------------ */

/* One person as the rules see him. */
struct sit_view_person {
    const char *id;             /* his ID (borrowed from the sitting) */
    bool present;               /* at the sitting: not gone for good */
    enum sit_role role;         /* his part now, in his format's words */
    int seat;                   /* the seat he sits in, SEAT_NONE */
    int place;                  /* his place in the order or the queue,
                                   -1 */
    int backs;                  /* gallery: the seat his live bets and
                                   covers back (laws_bets_back) */
    int stake;                  /* chouette: his stake on the game, 0 */
    bool stake_paid;            /* chouette: forfeited already (CH2) */
    int advises;                /* pool: the seat he chose to advise,
                                   SEAT_NONE */
};

/*
 * What a rule of the sitting sees: a read-only picture of the sitting
 * when it is asked.  Facts only (who sits, who should, the roles, the
 * stakes, the bets); every verdict is the rule's own.  Persons are
 * indices into persons[]; -1 is nobody.
 */
struct sit_view {
    const struct sit_rules *rules; /* the format's switches, the Stake */
    int n_persons;
    struct sit_view_person persons[SIT_VIEW_PERSONS];
    int seat[2];                /* the person in each seat, -1 */
    int due[2];                 /* the person the roles put in each seat
                                   instead of the one there, -1 if he may
                                   sit there (or anyone may) */
    bool held;                  /* the table waits for the right person
                                   in a seat (a reseat in force) */
    /* the roles */
    bool roles_set;             /* an order cut or a roles line set them */
    int n_order;
    const int *order;           /* chouette: bank, ponte, advisers; pool
                                   and gallery: the queue */
    int bank;                   /* chouette: the bank, -1 */
    int bank_seat;              /* chouette: the seat the bank plays in */
    int roi;                    /* pool: the winner staying, -1 */
    int streak;                 /* pool: his games won running */
    bool pool_on;               /* pool: a pool has begun */
    int pool;                   /* pool: what it holds */
    /* the game, as the arbiter reported it */
    int game;                   /* its number, 0 none yet */
    bool in_game;               /* begun and not ended */
    bool deal_seen;             /* a deal of it has begun */
    bool turned_up;             /* its first turn-up is past */
    /* the gallery's bets on the game in progress */
    int n_bets;
    const struct sit_bet *bets;
    bool bets_closed;           /* betting on the game (the deal) closed */
    int chouette_seat;          /* the seat taking all bets, SEAT_NONE */
};

/* When the sitting asks its rules (sit_event.at). */
enum sit_moment {
    SIT_AT_LINE,                /* a line of the sitting (kind: its verb) */
    SIT_AT_COVER,               /* a player covers a bet (his cover line,
                                   or la chouette's on a bet) */
    SIT_AT_GAME_LEFT,           /* a game begins while the last one is
                                   unfinished */
    SIT_AT_GAME_START,          /* a game begins: its seats, the roles */
    SIT_AT_CLOSE,               /* betting on the game (the deal) closes */
    SIT_AT_BET_ENDS,            /* a bet ended after the close (forfeited,
                                   void) */
    SIT_AT_GAME_END,            /* a game is won: its settlement */
    SIT_AT_NEXT_SEATS           /* after it: who sits in the next game */
};

/* What the rules are asked about. */
struct sit_event {
    enum sit_moment at;
    enum event_kind kind;       /* SIT_AT_LINE, SIT_AT_COVER: the line's
                                   kind; else EV_NONE */
    int person;                 /* who acts (SIT_AT_COVER: the player who
                                   covers), -1 */
    int seat;                   /* the seat the line names or concerns
                                   (sees S, bets on S, seat S, the seat
                                   left, the seat taking all bets),
                                   SEAT_NONE */
    int other;                  /* covers: the bettor covered, -1 */
    int bet;                    /* the bet concerned (covers: the
                                   bettor's newest; SIT_AT_COVER: the bet
                                   covered), -1 */
    int n;                      /* stakes N, bets N, covers N (0: what is
                                   left); SIT_AT_COVER: what he covers */
    int odds[2];                /* bets at P:Q; 0 0 none written */
    int law;                    /* calls: the law called (enum law_id) */
    int winner;                 /* SIT_AT_GAME_END, _NEXT_SEATS: the seat
                                   that won */
    int value;                  /* SIT_AT_GAME_END: the multiplier of the
                                   game's stakes */
};

/* What a rule decides. */
struct sit_verdict {
    enum remedy remedy;         /* one of the row's remedies */
    int offender;               /* the person who offends, -1 */
    int offender_seat;          /* or the seat whose player offends (a
                                   seat's line), SEAT_NONE */
    int elector;                /* who may act on it (CH3: the first
                                   adviser takes the seat), -1 */
    int seat;                   /* the seat the remedy is about: held,
                                   left, conceded, forfeited against,
                                   given up; SEAT_NONE */
    int person;                 /* who it is about: who must sit (reseat),
                                   who takes the seat given up, -1 */
    int payee;                  /* forfeit-stake: who receives it, -1 */
    int amount;                 /* forfeit-stake: what is paid over;
                                   PO1: the loser's forfeit */
    int n;                      /* PO1: the winner's games running now */
    bool voids_bets;            /* void: the offender's bets and covers
                                   end with it (BY4, BY5) */
    bool bars_advice;           /* forfeit-stake: he may not advise for
                                   the rest of the game (CH2) */
    char note[SIT_VERDICT_NOTE]; /* the words: what happened; when the
                                   rule is not engaged, a near miss worth
                                   saying, or "" */
};

#endif /* ECARTE_LAWS_SIT_VIEW_H */
