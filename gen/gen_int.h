/* SPDX-License-Identifier: MIT */
/*
 * gen_int.h - the generator's state and the helpers its files share
 * (the files of gen/ only).  gen.c holds the run: the pseudo-random
 * numbers, the header, every line written and fed to the referee;
 * gen_play.c the deal, the exchange and the tricks; gen_tables.c the
 * persons, roles, stakes and bets of a table of three or more;
 * gen_inject.c the irregularities injected, the only file of gen/ that
 * names a law or a rule.
 */
#ifndef ECARTE_GEN_GEN_INT_H
#define ECARTE_GEN_GEN_INT_H

#include "gen/gen.h"

#include <stdbool.h>
#include <stdint.h>

#define GEN_LAWS_MAX 48         /* laws and rules injections are counted by */
#define GEN_PERSONS_MAX 8       /* persons at a table of three or more */

/* The generator's pseudo-random numbers: xorshift64*, so that a seed
 * gives the same sitting on every machine and C library. */
struct rng {
    uint64_t s;
};

/*
 * Kinds of irregularity injected; the law or rule each engages, and what
 * it is in words, are gen_inject.c's.  The first ones are given to a
 * deal (gen__choose_injection, one in INJ_DEAL_KINDS - 1); the others
 * are made by the persons of a table of three or more.
 */
enum inject {
    INJ_NONE,
    INJ_REVOKE,                 /* a card that breaks the obligation */
    INJ_FALSE_KING,             /* the king announced by one who lacks it */
    INJ_EXPOSED_DEAL,           /* an elder hand card exposed in dealing */
    INJ_FACED_PACK,             /* a faced card in the pack */
    INJ_LEAD_OUT_OF_TURN,       /* the wrong player leads (taken back) */
    INJ_ABANDON,                /* a losing hand thrown up */
    INJ_ASK_FEWER,              /* elder asks for fewer than he discarded */
    INJ_LATE_ANNOUNCE,          /* the king announced after the first card */
    INJ_FOUND_FACED_STOCK,      /* a faced card in the stock */
    INJ_TAKE_BACK_LEAD,         /* a card led in turn taken back */
    INJ_IMPERFECT,              /* the pack found imperfect */
    INJ_UNMARKED_KING,          /* a turned king never marked */
    INJ_DEAL_OUT_OF_TURN,       /* the wrong player deals, or with the
                                   wrong pack (put right, or not) */
    INJ_REVOKE_CORRECTED,       /* a card that breaks the obligation,
                                   taken back before the next lead */
    INJ_LATE_KING_MARK,         /* a turned king marked after the next
                                   turn-up */
    INJ_DEAL_KINDS,             /* (the kinds above are a deal's) */
    INJ_ADVISER_SEES = INJ_DEAL_KINDS, /* an adviser sees the bank's cards */
    INJ_BETTOR_SEES,            /* a bettor sees the hand he bets against */
    INJ_LATE_STAKE,             /* a stake stated after the first turn-up */
    INJ_LATE_BET,               /* a bet after the bets closed */
    INJ_POOL_ADVICE,            /* advice in words at a pool */
    INJ_GALLERY_ADVICE,         /* advice in words in a gallery */
    INJ_BETTOR_CALLS,           /* a bettor calls an irregularity */
    INJ_GALLERY_LEAVES,         /* a player of a gallery leaves */
    INJ_POOL_LEAVES,            /* a player of a pool leaves */
    INJ_PONTE_LEAVES,           /* a chouette's ponte leaves */
    INJ_BANK_LEAVES,            /* a chouette's bank leaves */
    INJ_COUNT
};

/* The generator's state: the run, the deal in hand, the sitting. */
struct gen {
    struct rng rng;
    struct arbiter *arb;
    const struct profile *prof; /* the rules in force (the referee's) */
    FILE *out;
    double rate;
    int deals_left;             /* deals still to write, this one included */
    int extra_deals;            /* deals this one wrote besides itself (a
                                   deal out of turn put right is void) */
    int order[2];               /* packet order per dealer: first packet 2/3 */
    int order_game[2];
    int game_no;
    bool game_over;
    int dealer;
    int64_t lines;
    struct {
        char id[8];             /* a law or rule id */
        int n;
    } injected[GEN_LAWS_MAX];   /* what was injected, by the law it meant
                                   to provoke, in the order first seen */
    int n_injected;
    int king_unmarked;          /* the dealer of a turned king left unmarked
                                   on purpose, until the next turn-up,
                                   SEAT_NONE */
    bool king_late_mark;        /* and he marks it after that turn-up */
    bool turned_in_game;        /* a trump was turned up in this game: the
                                   stakes and bets are closed */
    /* the current deal */
    uint8_t pack[CARD_COUNT];
    int top;                    /* next card of the pack */
    uint32_t hand[2];
    uint32_t discards;          /* cards discarded since the stock was last
                                   made: what `reshuffles` takes */
    int trump;
    uint8_t turn_up;
    int value;                  /* the hand's value as last written */
    int acceptor;               /* who accepted the hand's last double,
                                   SEAT_NONE */
    bool point_offered;         /* the point was offered in this hand */
    int tricks[2];              /* tricks each has won in this hand */
    bool deal_over;             /* the referee ended the deal */
    bool failed;
    char *err;                  /* why it failed, for the caller */
    size_t err_n;
    struct applied applied;     /* what the last action gave */
    /* the sitting above the seats (--format): persons, roles, money */
    struct sitting *sit;
    int format;                 /* enum sit_format */
    bool tableau;               /* gallery: bet-match=tableau */
    bool each_turnup;           /* gallery: bets-close=each-turnup */
    int n_persons;
    int seated[2];              /* the person in each seat, -1 */
    int stake;                  /* the Stake tag */
    int last_bettor;            /* gallery: the last bet made, -1 none */
    int last_seat;
    int chouette_seat;          /* gallery: the seat taking all bets */
};

/* ------------------------------------------------------------------ */
/* gen.c: numbers and lines                                             */
/* ------------------------------------------------------------------ */

/* gen__below - uniform in 0..n-1 (n > 0), from g's numbers. */
int gen__below(struct gen *g, int n);

/* gen__chance - true with probability p, from g's numbers. */
bool gen__chance(struct gen *g, double p);

/*
 * gen__emit_text - write one line of the log (an action of the seats or
 * of a person), feed it to the sitting and through it to the referee,
 * and write the `=` lines of what it gave.  A king point the referee
 * holds for a jack veto is answered at once.  A line the sitting or the
 * referee refuses, or one after which the cards are not all in one
 * place each, is a failure of the generator: g->failed, why in g->err,
 * and nothing more is written.  Nothing after a failure.
 */
void gen__emit_text(struct gen *g, const char *text);

/* gen__emit - write one event line (gen__emit_text). */
void gen__emit(struct gen *g, const struct table_event *ev);

/* gen__ev_new - an event of kind k by actor, naming nothing yet. */
struct table_event gen__ev_new(enum event_kind k, int actor);

/* gen__ev_cards - the n cards an event names. */
void gen__ev_cards(struct table_event *ev, const uint8_t *cards, int n);

/* ------------------------------------------------------------------ */
/* gen_play.c: the deal, the exchange, the tricks                       */
/* ------------------------------------------------------------------ */

/* gen__pick - a card of mask m: random, or the strongest with
 * probability strong. */
uint8_t gen__pick(struct gen *g, uint32_t m, double strong);

/* gen__draw_top - the next card of the pack. */
uint8_t gen__draw_top(struct gen *g);

/* gen__king_event - the line by which seat scores the king of trumps
 * he holds: `announces king`, or `marks king` under king-announce=mark. */
struct table_event gen__king_event(const struct gen *g, int seat);

/* gen__answer_veto - a king point held for a jack veto is answered by
 * its elector at once: he shows the veto jack if he holds it, else
 * passes.  Nothing if no veto waits. */
void gen__answer_veto(struct gen *g);

/* gen__cut_for_deal - the two seats cut for deal until the cards differ
 * in rank: who deals first is the referee's to say. */
void gen__cut_for_deal(struct gen *g);

/* gen__one_deal - a whole deal by g->dealer (or, a deal out of turn not
 * put right, by the other player), with the irregularity it is given. */
void gen__one_deal(struct gen *g);

/* ------------------------------------------------------------------ */
/* gen_tables.c: tables of three or more                                */
/* ------------------------------------------------------------------ */

/* gen__person - the ID of person i (0..GEN_PERSONS_MAX-1): "ann". */
const char *gen__person(int i);

/* gen__person_of - the index of the person whose ID is id, -1 if none. */
int gen__person_of(const char *id);

/* gen__roles_words - the words of the sitting's `= roles` line now
 * ("roles bank ann ponte bob advisers cy" -> 7 words) into w (at most
 * max); how many (0: the sitting has no roles now). */
int gen__roles_words(const struct gen *g, char w[][TL_ID_MAX + 8], int max);

/* gen__stake_amount - a random amount of 1..most units of the Stake. */
int gen__stake_amount(struct gen *g, int most);

/* gen__waiting - a person not seated, at random (-1 if none). */
int gen__waiting(struct gen *g);

/* gen__would_take - would the sitting and the referee take the n lines
 * of text, one after the other, where the table stands?  Tried on
 * copies; nothing of g changes.  False if out of memory. */
bool gen__would_take(const struct gen *g, const char *const *text, int n);

/* gen__format_header - the Format, Stake and Stakes tags of a table of
 * three or more (given to the sitting and the referee), then its
 * persons.  Returns 0. */
int gen__format_header(struct gen *g, const char *format);

/* gen__between_games - what a table of three or more does before a
 * game: the order cut, newcomers, the seats as the roles want them, the
 * pair's cut for deal when nothing says who deals. */
void gen__between_games(struct gen *g);

/* gen__game_begun - after the `game` line, before its first deal:
 * stakes, bets, a player taking all bets, and the irregularities of
 * that moment. */
void gen__game_begun(struct gen *g);

/* gen__deal_begins - before a later deal of a game: bets at odds, an
 * irregularity of the persons now and then. */
void gen__deal_begins(struct gen *g);

/* ------------------------------------------------------------------ */
/* gen_inject.c: the irregularities injected                            */
/* ------------------------------------------------------------------ */

/* gen__choose_injection - the irregularity a deal is to have (INJ_NONE
 * most of the time, at the rate asked; else one of the deal's kinds). */
enum inject gen__choose_injection(struct gen *g);

/* gen__injected - the line just written (with its `=` lines) makes the
 * irregularity kind: the comment `# injected ID: what` says so, with
 * the law or rule it engages, and the count by law grows. */
void gen__injected(struct gen *g, enum inject kind);

/* gen__inject_summary - the closing `# injected: ID=N ...` line. */
void gen__inject_summary(struct gen *g);

/* gen__inject_deal_out_of_turn - the deal line of a deal that right
 * should deal, made by the wrong player or with the wrong pack, put
 * right or not.  Returns who deals the deal played. */
int gen__inject_deal_out_of_turn(struct gen *g, int right);

/* gen__inject_faced_pack - a faced card found in the pack (the deal is
 * dealt again by the same dealer). */
void gen__inject_faced_pack(struct gen *g);

/* gen__inject_exposed - dealer exposes card, elder hand's, in dealing;
 * elder elects.  Returns true if he elects a new deal. */
bool gen__inject_exposed(struct gen *g, int dealer, int elder, uint8_t card);

/* gen__inject_king_window_shuts - the turn-up just written shuts the
 * window of a turned king left unmarked on purpose in the deal before;
 * its dealer may mark it late all the same.  Nothing if no king waits. */
void gen__inject_king_window_shuts(struct gen *g);

/* gen__inject_imperfect - the pack found imperfect. */
void gen__inject_imperfect(struct gen *g);

/* gen__inject_faced_stock - a faced card found in the stock, if the
 * stock holds more than asked + 2 cards. */
void gen__inject_faced_stock(struct gen *g, int asked);

/* gen__inject_false_king - elder announces the king of trumps none
 * holds, if none does.  Returns true if he did. */
bool gen__inject_false_king(struct gen *g, int elder);

/* gen__inject_late_announce - leader announces the king of trumps he
 * holds after the first card, if he holds it and has not (*announced,
 * set).  */
void gen__inject_late_announce(struct gen *g, int leader, bool *announced);

/* gen__inject_lead_out_of_turn - seat leads out of turn and takes the
 * card back. */
void gen__inject_lead_out_of_turn(struct gen *g, int seat);

/* gen__inject_take_back - seat takes back card, led in turn. */
void gen__inject_take_back(struct gen *g, int seat, uint8_t card);

/* gen__inject_revoke - seat plays a card outside legal (the cards he
 * may play); under INJ_REVOKE_CORRECTED (kind) takes it back in time
 * and plays a legal one.  Returns the card that stays played. */
uint8_t gen__inject_revoke(struct gen *g, int seat, uint32_t legal,
                           enum inject kind);

/* gen__inject_abandon - seat throws up his hand. */
void gen__inject_abandon(struct gen *g, int seat);

/* gen__inject_adviser_sees - at a chouette whose roles words are v (n
 * of them), now and then the first adviser looks at the bank's cards. */
void gen__inject_adviser_sees(struct gen *g, char v[][TL_ID_MAX + 8], int n);

/* gen__inject_bettor_sees - in a gallery, now and then the last bettor
 * looks at the hand he bets against. */
void gen__inject_bettor_sees(struct gen *g);

/* gen__inject_late - between two deals of a game, now and then: a stake
 * or a bet too late, advice in words, a bettor's call. */
void gen__inject_late(struct gen *g);

/* gen__inject_leave - between two deals, now and then a player leaves
 * the table without consent (and someone takes the seat where the rules
 * say so). */
void gen__inject_leave(struct gen *g);

#endif /* ECARTE_GEN_GEN_INT_H */
