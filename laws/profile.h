/* SPDX-License-Identifier: MIT */
/*
 * profile.h - the rule profiles: the presets (london, meyers1889,
 * polish), every switch of the Laws tag (docs/variants.md, the switches)
 * and the profile a log's tags give.  Part of the interface of
 * laws/laws.h, which includes it where cards and seats are known
 * (callers include laws.h; profile.c holds the table of switches).
 */
#ifndef ECARTE_LAWS_PROFILE_H
#define ECARTE_LAWS_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Rule profiles (docs/variants.md, the switches)                       */
/* ------------------------------------------------------------------ */

enum stakes {
    STAKES_SINGLE,              /* every game counts one */
    STAKES_TREBLE               /* treble / double / single by the loser's score (L46) */
};

enum penalty_mode {
    PENALTY_CAP_AND_REPLAY,     /* 5.11 default: caps apply to whatever is
                                   scored */
    PENALTY_CAP_OR_REPLAY       /* replay restores an uncapped score */
};

enum king_mark_deadline {
    KING_MARK_NEXT_TURN_UP,     /* 5.19 default: until the next deal's turn-up (L22) */
    KING_MARK_NEXT_DEAL,        /* until the next deal begins */
    KING_MARK_IMMEDIATE         /* before the elder hand acts */
};

/* The switches' other values (docs/variants.md, the switches); the first is the default. */
enum scoring {
    SCORING_LONDON,             /* L48, L49 */
    SCORING_POLISH              /* the Polish seed's table (PL2) */
};

enum packets_rule {
    PACKETS_DEALER_CHOICE,      /* 2-3 or 3-2, kept for the game (L8) */
    PACKETS_3_2,                /* only 3 then 2 */
    PACKETS_2_3                 /* only 2 then 3 */
};

enum turnup_place {
    TURNUP_ASIDE,               /* the turn-up stays out of play */
    TURNUP_UNDER_STOCK          /* it lies face up under the stock, the last
                                   card drawn (PL) */
};

enum stock_out {
    STOCK_OUT_STOP,             /* the exchange ends (L38) */
    STOCK_OUT_RESHUFFLE         /* the discards become a new stock (PL1) */
};

enum king_announce {
    KING_ANNOUNCE_SPOKEN,       /* said aloud before the first card (L23) */
    KING_ANNOUNCE_MARK          /* marking the held king is enough (PL3) */
};

enum offer_point {
    OFFER_POINT_NO,             /* no offering the point */
    OFFER_POINT_BEFORE_PLAY,    /* until elder hand's first lead (MD5) */
    OFFER_POINT_BEFORE_TRICK3   /* until the lead to the third trick */
};

enum rank_order {
    RANK_KING_HIGH,             /* K Q J A T 9 8 7 */
    RANK_ACE_HIGH               /* A K Q J T 9 8 7 (MD: ace-high) */
};

enum king_bonus {
    KING_BONUS_KING,            /* the king of trumps carries the bonus */
    KING_BONUS_ACE              /* under ace-high, the ace does */
};

enum next_game_dealer {
    NEXT_GAME_ALTERNATE,        /* the deal keeps alternating */
    NEXT_GAME_LOSER             /* the loser of a game deals the next */
};

/* The presets a Laws tag may begin with (docs/variants.md, the switches). */
enum preset {
    PRESET_LONDON,              /* the Club Code with the docs/laws.md readings */
    PRESET_MEYERS1889,          /* Meyers' Konversations-Lexikon, 1889 */
    PRESET_POLISH,              /* the Polish description */
    PRESET_COUNT
};

/* The switches of a profile, in the order `ecarte laws --profile` lists
 * them. */
enum profile_switch {
    SW_REDEAL,
    SW_TWO_TURNED,
    SW_RULE19,
    SW_DEALER_MIN_EXCHANGE,
    SW_ABANDON_EXTRA,
    SW_PENALTY,
    SW_MUST_TRUMP,
    SW_MUST_WIN,
    SW_KING_MARK,
    SW_GAME,
    SW_STAKES,
    SW_RUBBER,
    SW_VOLE_EXTRA,
    SW_SCORING,
    SW_PACKETS,
    SW_TURNUP,
    SW_STOCK_OUT,
    SW_PROPOSALS,
    SW_KING_ANNOUNCE,
    SW_JACK_VETO,
    SW_DOUBLING,
    SW_REDOUBLE,
    SW_OFFER_POINT,
    SW_OFFER_EXTRA,
    SW_RANK,
    SW_KING_BONUS,
    SW_NEXT_GAME_DEALER,
    SW_COUNT
};

/* Where a switch's value came from (profile.from). */
enum switch_source {
    FROM_DEFAULT,               /* the london default */
    FROM_PRESET,                /* the preset the Laws tag begins with */
    FROM_LAWS,                  /* a switch written in the Laws tag */
    FROM_TAG                    /* a Target, Stakes or Rubber tag */
};

/*
 * A rule profile: the london defaults, a preset, and the switches of
 * docs/variants.md, the switches.  Every switch is an int field (a bool or
 * one of the enums above) so that one table in laws/profile.c reads and
 * writes them all.
 */
struct profile {
    char name[32];              /* the preset's name: "london" */
    int preset;                 /* enum preset */
    uint8_t from[SW_COUNT];     /* enum switch_source, per switch */
    int redeal_same_dealer;     /* a void deal is dealt again by the
                                   same dealer */
    int two_turned_eleventh;    /* after ND looked, 11th card stands
                                   instead of a new deal */
    int dealer_min_exchange;    /* cards the dealer must take in an
                                   exchange (1 or 0) */
    int abandon_extra_point;    /* abandonment point includes the L49
                                   extra */
    int penalty;                /* enum penalty_mode */
    int must_trump;             /* a player void in the suit led must
                                   trump */
    int must_win;               /* the follower must win the trick if
                                   able */
    int king_mark;              /* enum king_mark_deadline */
    int target;                 /* points for game */
    int stakes;                 /* Stakes tag (L46): enum stakes */
    int rubber;                 /* Rubber tag: best of N games, 0 for none */
    int rule19_after_rectify;   /* L19 also bars the king after a L9
                                   rectification */
    int vole_extra;             /* the L49 extra adds to a vole (MY) */
    int scoring;                /* enum scoring */
    int packets;                /* enum packets_rule */
    int turnup;                 /* enum turnup_place */
    int stock_out;              /* enum stock_out */
    int one_exchange;           /* one exchange per hand only */
    int king_announce;          /* enum king_announce */
    int jack_veto;              /* the Polish jack veto (PL5) */
    int doubling;               /* the hand may be doubled (MD1, MD2) */
    int redouble;               /* the acceptor of a double may offer again */
    int offer_point;            /* enum offer_point (MD3-MD5) */
    int offer_extra;            /* an accepted offer scores the L49 extra */
    int rank;                   /* enum rank_order */
    int king_bonus;             /* enum king_bonus (under ace-high) */
    int next_game_dealer;       /* enum next_game_dealer */
};

/* profile_london - fill *out with the london defaults (the readings of docs/laws.md). */
void profile_london(struct profile *out);

/*
 * profile_parse - apply a Laws tag value such as "london;
 * dealer-min-exchange=0; must-trump=no" or "polish; jack-veto=yes" to *p,
 * from the london defaults: a preset first (london, meyers1889, polish),
 * then switches, a later one overriding the preset.  Each switch records
 * where its value came from.  Returns 0, or -1 with a one-line reason in
 * err (size n), *p then unspecified.
 */
int profile_parse(struct profile *p, const char *value, char *err, size_t n);

/*
 * profile_format - the canonical Laws tag value for *p: its preset
 * followed by every switch that differs from the preset.  profile_parse
 * of the result gives the same rules.  Returns buf.
 */
char *profile_format(const struct profile *p, char *buf, size_t n);

/*
 * profile_describe - one line per switch (its name, value, where the
 * value came from, the values it takes, what it means, and in brackets the
 * laws and rules it changes) into
 * buf of size n; for `ecarte laws --profile`.  Returns buf.
 */
char *profile_describe(const struct profile *p, char *buf, size_t n);

/*
 * profile_law_switches - the names of the switches that change law or rule
 * id ("L43": "penalty, must-trump, must-win, rank"), comma-separated, into
 * buf of size n ("" if none).  Returns buf.
 */
char *profile_law_switches(const char *id, char *buf, size_t n);

/*
 * profile_set_from - record that switch sw of *p was set by src (the
 * arbiter's Target, Stakes and Rubber tags).
 */
void profile_set_from(struct profile *p, enum profile_switch sw,
                      enum switch_source src);

#endif /* ECARTE_LAWS_PROFILE_H */
