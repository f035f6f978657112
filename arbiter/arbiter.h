/* SPDX-License-Identifier: MIT */
/*
 * arbiter.h - the referee: keeps the table's state from the physical
 * actions, applies the rules of play and scoring, asks the laws about every
 * action, and gives rulings.
 *
 * The arbiter is pure: it reads table events and writes results; storing
 * them is the caller's business (cli/ couples it with tablelog/ and ledger/).
 * On failure an action leaves the state exactly as it was (the action is
 * applied to a copy that replaces the state only on success).
 */
#ifndef ECARTE_ARBITER_ARBITER_H
#define ECARTE_ARBITER_ARBITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "laws/laws.h"

struct arbiter;

/* Status codes: 0 success, negative failure. */
enum arb_status {
    ARB_OK = 0,
    ARB_E_ERROR = -1,           /* out of memory, bad argument */
    ARB_E_IMPOSSIBLE = -2,      /* the action cannot physically be true
                                   (a card in two places, a 33rd card) */
    ARB_E_ORDER = -3,           /* the action cannot happen now (wrong seat,
                                   wrong phase, nothing to answer) */
    ARB_E_PENDING = -4,         /* a pending ruling does not allow it */
    ARB_E_TAG = -5              /* a tag value cannot be used */
};

#define ARB_RULINGS_MAX 8
#define ARB_NOTES_MAX 4
#define ARB_NOTE_LEN 200
#define ARB_PREVIEW_LEN 600

/* The outcome of a finished deal. */
struct arb_deal_result {
    int number;                 /* deal number in the sitting, 1-based */
    int game;                   /* game number in the sitting */
    int dealer;                 /* seat */
    int tricks[2];              /* tricks each took (credited tricks included) */
    int points[2];              /* points each scored in the deal, kings
                                   included */
    bool is_void;               /* the deal was void (new deal) */
    bool held;                  /* its points wait for an election (L25,
                                   L43): the deal is reported again, with
                                   its points, when they are scored */
};

/* The outcome of a finished game (L46). */
struct arb_game_result {
    int number;                 /* game number in the sitting */
    int winner;                 /* seat */
    int points[2];              /* final points */
    int value;                  /* 1 single, 2 double, 3 treble */
    bool rubber_over;           /* this game decided a rubber */
    int rubber_winner;          /* seat, if rubber_over */
    int games_won[2];           /* games in the rubber so far */
};

/* Why a game reported won goes on after all (arb_result.reopened_by). */
enum arb_reopen {
    ARB_REOPEN_OVERSCORE,       /* the points that won it taken down (L51) */
    ARB_REOPEN_STRUCK,          /* the line that won it struck (format 1.1) */
    ARB_REOPEN_FALSE_KING,      /* the king announced that won it was not
                                   the announcer's (L25) */
    ARB_REOPEN_KING_WITHDRAWN   /* the king announced that won it withdrawn
                                   before the announcer's next card (L25) */
};

/* Why a game reopened, in words (arbiter_reopen_words). */
struct arb_reopen_words {
    const char *reason;         /* one word, for JSON ("overscore") */
    const char *law;            /* the law or rule ("L51"), NULL for none */
    const char *text;           /* a clause ("the points that won it were
                                   taken down (L51)") */
};

/* arbiter_reopen_words - what why is in words (static strings). */
struct arb_reopen_words arbiter_reopen_words(enum arb_reopen why);

/* What one action gave.  Filled by arbiter_apply; plain data. */
struct arb_result {
    int n_rulings;
    struct ruling rulings[ARB_RULINGS_MAX]; /* rulings given on this action */
    char previews[ARB_RULINGS_MAX][ARB_PREVIEW_LEN]; /* per ruling: what each
                                   option would give, "option: text" joined
                                   by " | ", "" if nothing to show */
    int n_notes;
    char notes[ARB_NOTES_MAX][ARB_NOTE_LEN]; /* facts worth saying that are not
                                   rulings ("A holds 6 cards after the deal") */
    bool score_changed;         /* the game score moved */
    int score[2];               /* the score after the action */
    bool game_started;          /* this action started a game (line or implied) */
    bool deal_started;          /* this action started a deal (line or implied) */
    bool deal_over;             /* a deal ended: see deal */
    struct arb_deal_result deal;
    bool game_over;             /* a game ended (or its result changed): see
                                   game */
    struct arb_game_result game;
    bool game_reopened;         /* the win of game number reopened_game,
                                   reported before, no longer holds: an
                                   overscore taken down (L51), a king that
                                   won it withdrawn or proven false (L25),
                                   or the line that won it struck; the game
                                   goes on (a game_over in the same result
                                   is its new result) */
    int reopened_game;
    enum arb_reopen reopened_by; /* why, when game_reopened */
    int penalty[2];             /* points each won (+) or lost (-) through the
                                   penalty laws on this action: caps (L25,
                                   L43), false king taken off (L25), points
                                   given by an abandonment (L42), points
                                   cancelled with a void deal, king points
                                   forfeited (L19, L22-L24) */
    bool struck;                /* the action was a `strike`: struck_line
                                   is the line it took back */
    struct table_event struck_line;
    int struck_line_no;         /* its log line (arbiter_set_line), 0 if
                                   unknown */
    int unstarted_game;         /* the line struck had started game N (its
                                   number is free again), else 0 */
    int unstarted_deal;         /* the line struck had started deal N, else 0 */
    int reopened_deal;          /* the line struck had ended deal N (or a
                                   game reopened by L25 resumes the hand it
                                   had cut short), which is
                                   in play again, else 0 */
};

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/*
 * arbiter_open - a new referee for one sitting, london profile, no game
 * yet.  Returns 0 and the arbiter in *out (owned: arbiter_close), or
 * ARB_E_ERROR if out of memory.
 */
int arbiter_open(struct arbiter **out);

/* arbiter_close - free a (NULL is fine). */
void arbiter_close(struct arbiter *a);

/*
 * arbiter_copy - make dst the same referee as src (state, profile, all):
 * a snapshot to go back to, e.g. when a deal being imported turns out not
 * to be readable.  Both must come from arbiter_open.  Cannot fail.
 */
void arbiter_copy(struct arbiter *dst, const struct arbiter *src);

/* arbiter_errmsg - why the last call on a failed: one line of the shape
 * "expected ..., found ..." with the law or rule it breaks (borrowed, valid
 * until the next call on a). */
const char *arbiter_errmsg(const struct arbiter *a);

/* arbiter_strerror - text for an arb_status code; static. */
const char *arbiter_strerror(int code);

/* ------------------------------------------------------------------ */
/* Actions                                                              */
/* ------------------------------------------------------------------ */

/*
 * arbiter_set_tag - a tag pair of the log.  Laws (profile, docs/variants.md, the switches),
 * Target, Stakes and Rubber set the rules; others are ignored here.  Only
 * before the first action.  Returns 0, ARB_E_TAG (message) on a bad value,
 * ARB_E_ORDER after the first action.
 */
int arbiter_set_tag(struct arbiter *a, const char *name, const char *value);

/*
 * arbiter_set_line - the log line the next event comes from (1-based, 0 if
 * unknown), for notes that point back at an earlier line ("3 first at line
 * 7").  Kept until changed.
 */
void arbiter_set_line(struct arbiter *a, int line);

/*
 * arbiter_apply - take one table event: check it can be true and can happen
 * now, ask the laws, apply the rules of play and the remedies, and describe
 * what happened in *out (rulings, notes, score, deal and game ends).
 * Returns 0, or ARB_E_IMPOSSIBLE / ARB_E_ORDER / ARB_E_PENDING with the
 * reason in arbiter_errmsg; on failure the state is unchanged and *out
 * holds nothing.  Events of the sitting above the seats (kinds from
 * EV_FIRST_SITTING) and seat actions without a seat are ARB_E_ORDER: the
 * sitting layer (sitting/) takes them.
 */
int arbiter_apply(struct arbiter *a, const struct table_event *ev,
                  struct arb_result *out);

/*
 * arbiter_finish - the log has ended: close what the end of input closes (a
 * finished hand whose points wait for an election keeps waiting; nothing is
 * invented).  Fills *out like arbiter_apply.  Returns 0.
 */
int arbiter_finish(struct arbiter *a, struct arb_result *out);

/*
 * arbiter_lose_deal - a deal that could not be read (a part of an imported
 * log kept in quarantine) is left out, and the referee goes on as the log
 * states.  first is the lost part's first event, NULL if it did not read:
 * a game line begins a new game, a deal line a new game when none is in
 * progress.  score, if not NULL, is the game's score the log records at
 * the end of the lost part (its last `= score` line): reaching the target
 * ends the game there (L46); a score reaching it for both is ignored.  The
 * last deal's open elections lapse as a new deal makes them lapse, and
 * nothing of it or of the lost deal outlives them (king marks, windows);
 * the next deal may be dealt by either player (the log's next deal line
 * says who), and alternation goes on from it.  A lost part that begins
 * with a deal line takes that deal's number.  Fills *out like
 * arbiter_apply (game_started, game_over, a held deal closed).  Returns 0.
 */
int arbiter_lose_deal(struct arbiter *a, const struct table_event *first,
                      const int *score, struct arb_result *out);

/* ------------------------------------------------------------------ */
/* What a sitting above the two seats may ask (sitting/)                */
/* ------------------------------------------------------------------ */

/*
 * The referee knows two seats, never who sits in them.  A sitting of
 * more than two (a chouette, a pool, a gallery: docs/variants.md, tables of three or more) moves
 * persons between the seats and may ask these of the table; a two-seat
 * log never does, and plays exactly as without them.  Each takes effect
 * from the next action; a strike does not reach back past it.
 */

/*
 * arbiter_fix_dealer - from now on every deal is seat's (a chouette whose
 * bank deals every hand, docs/variants.md, chouette): a deal by the other seat is
 * out of turn (L14), and after it the deal is seat's again.  SEAT_NONE
 * lets the deal go round again (docs/variants.md, the switches).  Cannot fail.
 */
void arbiter_fix_dealer(struct arbiter *a, int seat);

/*
 * arbiter_new_pair - a new pair sits down between games (a pool's
 * rentrant, docs/variants.md, pool): the cut for deal is open to them again
 * (L5), and dealer (SEAT_NONE: the cut's winner, or anyone if they do
 * not cut) deals the next deal.  Returns 0, or ARB_E_ORDER (message) in
 * the middle of a hand.
 */
int arbiter_new_pair(struct arbiter *a, int dealer);

/*
 * arbiter_concede - the player in seat leaves the table without consent
 * and concedes the game (docs/variants.md, the switches; CH3, CH5, PO3, BY6): the game is
 * won by the other seat, its value by L46 from seat's points, and a hand
 * in progress is not played out (its points as they stand).  Fills *out
 * like arbiter_apply (deal_over for a hand cut short, game_over).
 * Returns 0, or ARB_E_ORDER (message) when no game is in progress.
 */
int arbiter_concede(struct arbiter *a, int seat, struct arb_result *out);

/* ------------------------------------------------------------------ */
/* Reading the state                                                    */
/* ------------------------------------------------------------------ */

/* arbiter_profile - the rule profile in force (borrowed). */
const struct profile *arbiter_profile(const struct arbiter *a);

/* arbiter_score - points of the current game into out[2]. */
void arbiter_score(const struct arbiter *a, int out[2]);

/* arbiter_phase - the phase of the current hand. */
enum phase arbiter_phase(const struct arbiter *a);

/* arbiter_game_number, arbiter_deal_number - 1-based, 0 if none yet. */
int arbiter_game_number(const struct arbiter *a);
int arbiter_deal_number(const struct arbiter *a);

/* arbiter_dealer - the dealer of the current deal, SEAT_NONE if none. */
int arbiter_dealer(const struct arbiter *a);

/* arbiter_next_dealer - who should deal the next deal: the winner of the
 * cut for the first, then alternately, the same dealer after a void deal
 * (docs/variants.md, the switches); SEAT_NONE if nothing fixes it yet. */
int arbiter_next_dealer(const struct arbiter *a);

/*
 * arbiter_hand - the cards of seat's hand: the known ones as a mask in
 * *known, the number of cards (known and unknown) as the return value.
 */
int arbiter_hand(const struct arbiter *a, int seat, uint32_t *known);

/* arbiter_value - the current hand's value: 1, or the multiplier an
 * accepted double set (docs/variants.md, doubling, `= value N`). */
int arbiter_value(const struct arbiter *a);

/* arbiter_trump - the trump suit, SUIT_NONE before the turn-up. */
int arbiter_trump(const struct arbiter *a);

/*
 * arbiter_pending - the rulings waiting for an election, most recent last,
 * copied into out (up to max).  Returns how many there are.
 */
int arbiter_pending(const struct arbiter *a, struct ruling *out, int max);

/*
 * arbiter_preview - what each option of ruling r (one arbiter_pending
 * gave) would give as the table stands now, in the words of
 * arb_result.previews ("option: text" joined by " | "), into out (n
 * bytes, always terminated).
 */
void arbiter_preview(const struct arbiter *a, const struct ruling *r,
                     char *out, size_t n);

/* What the table waits for next (arbiter_next). */
enum arb_step {
    ARB_NEXT_CUT_FOR_DEAL,      /* the players cut for deal */
    ARB_NEXT_DEAL,              /* a `deal` line (or `game`) */
    ARB_NEXT_NEW_GAME,          /* the game is over: `game` */
    ARB_NEXT_SHUFFLE,           /* shuffles and the cut to the dealer */
    ARB_NEXT_PACKET,            /* the dealer gives a packet */
    ARB_NEXT_TURN_UP,           /* the dealer turns up the trump */
    ARB_NEXT_DECIDE,            /* elder hand proposes or stands (or leads) */
    ARB_NEXT_ANSWER,            /* the dealer accepts or refuses */
    ARB_NEXT_DISCARD,           /* seat lays out his discard */
    ARB_NEXT_ASK,               /* elder hand asks for cards */
    ARB_NEXT_SERVE,             /* the dealer serves seat from the stock */
    ARB_NEXT_LEAD,              /* seat leads */
    ARB_NEXT_PLAY,              /* seat plays to the card led */
    ARB_NEXT_ELECT,             /* seat elects on a pending ruling */
    ARB_NEXT_REMEDY,            /* seat carries out a remedy (throws out,
                                   draws, completes) */
    ARB_NEXT_OFFER,             /* seat answers a double or a point offered */
    ARB_NEXT_RESHUFFLE          /* the dealer reshuffles the discards (PL1) */
};

/* The next step of the table, for a prompt. */
struct arb_next {
    enum arb_step step;
    int seat;                   /* who is expected to act, SEAT_NONE if
                                   either or nobody in particular */
    int n;                      /* cards owed, for ARB_NEXT_REMEDY and
                                   ARB_NEXT_SERVE; else 0 */
    uint32_t options;           /* OPT_BIT()s, for ARB_NEXT_ELECT */
    enum law_id law;            /* the ruling's law, for ARB_NEXT_ELECT and
                                   ARB_NEXT_REMEDY */
    bool waiting;               /* an election waits that does not hold the
                                   play (L25, L43: it is made when the hand
                                   is over, or before): the step above is
                                   the hand's, the election this: */
    int waiting_seat;           /* who chooses */
    uint32_t waiting_options;   /* OPT_BIT()s */
    enum law_id waiting_law;
    bool point;                 /* for ARB_NEXT_OFFER: the answer waited
                                   for is the point's (MD4: accepts-point
                                   or declines-point), not a double's
                                   (MD1) */
};

/*
 * arbiter_next - what the table waits for now and from whom, into *out:
 * the election on the newest pending ruling first, then a remedy owed, an
 * offer waiting, else the next step of the hand (a guide for a prompt: any
 * action a real table takes is still adjudicated as it comes).
 */
void arbiter_next(const struct arbiter *a, struct arb_next *out);

/*
 * arbiter_playable - the cards seat may put down now, from what is known
 * of his hand: to a card led, those the follower's obligation allows
 * (L43, laws_legal_follows); leading, any known card.  *unknown gets the
 * number of his cards nobody has seen (any of them may be played too).
 */
uint32_t arbiter_playable(const struct arbiter *a, int seat, int *unknown);

/* arbiter_hand_in_progress - true while a deal has begun and not ended. */
bool arbiter_hand_in_progress(const struct arbiter *a);

/* Where cards are: one place of the table (arbiter_places). */
struct arb_place {
    const char *name;           /* "A's hand", "the stock", ...; static */
    uint32_t known;             /* the cards known to be there (CARD_BIT) */
    int count;                  /* how many cards are there, known or not */
};

#define ARB_PLACES 8

/* The places arbiter_places fills, each at its index. */
enum arb_place_id {
    ARB_PLACE_STOCK,            /* the pack, then the stock */
    ARB_PLACE_HAND_A,
    ARB_PLACE_HAND_B,
    ARB_PLACE_TURN_UP,          /* the turn-up (and cards turned with it) */
    ARB_PLACE_DISCARD_A,
    ARB_PLACE_DISCARD_B,
    ARB_PLACE_TRICKS,           /* the cards played */
    ARB_PLACE_ASIDE             /* set aside: faced, exposed, drawn surplus */
};

/*
 * arbiter_places - every place of the table (the stock, each hand, the
 * turn-up, each discard, the tricks played, cards set aside) with the cards
 * known there and its count, into out (ARB_PLACES of them, out[i] the
 * place enum arb_place_id names i).  The counts add up to 32; a card known
 * nowhere is in one of the unknown places.  Returns the number of places
 * filled.
 */
int arbiter_places(const struct arbiter *a, struct arb_place *out);

/* One trick of the hand in hand (arbiter_tricks). */
struct arb_trick {
    int leader;                 /* seat that led */
    uint8_t lead;               /* the card led */
    uint8_t follow;             /* the card played to it; CARD_NONE while
                                   the trick is open, CARD_UNKNOWN if the
                                   follower had none (credited) */
    int winner;                 /* seat, SEAT_NONE while open */
};

#define ARB_TRICKS_MAX 6        /* five tricks, and room for a sixth lead */

/*
 * arbiter_tricks - the tricks of the hand in hand, in the order they were
 * led (the open one last), into out (up to max).  Returns how many there
 * are (0 before the play, and after a replay restored the hands).
 */
int arbiter_tricks(const struct arbiter *a, struct arb_trick *out, int max);

/* arbiter_games_won - games each seat has won in the current rubber, into
 * out[2]. */
void arbiter_games_won(const struct arbiter *a, int out[2]);

/*
 * arbiter_check_conservation - the card conservation invariant of the
 * current deal: every card in exactly one place, the places' counts adding
 * up to the pack.  Returns true if it holds (it always should: an action
 * that would break it is refused).
 */
bool arbiter_check_conservation(const struct arbiter *a);

/*
 * arbiter_replay_best - for a replay with every card known: what each side
 * can take at best in the five tricks (exhaustive search, both sides
 * playing to the obligation of L43), from the hands as they stood at the
 * first trick.  out[seat] = tricks that seat can make against best defence.
 * Returns 0, or -1 if a card is unknown or there is no hand to replay.
 */
int arbiter_replay_best(const struct arbiter *a, int out[2]);

#endif /* ECARTE_ARBITER_ARBITER_H */
