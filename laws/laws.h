/* SPDX-License-Identifier: MIT */
/*
 * laws.h - the vocabulary of Écarté and the London club laws.
 *
 * This module is a leaf: cards, seats, table events (one per line of a
 * .ecarte log), rulings, rule profiles, the rules of play that every other
 * module shares (rank, the follower's obligation, the trick winner) and the
 * registry of the 51 laws of docs/laws.md, one row of data plus one small
 * function each (laws/law_<nn>_<slug>.c).
 */
#ifndef ECARTE_LAWS_LAWS_H
#define ECARTE_LAWS_LAWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Cards (docs/laws.md, rules of play)                                                  */
/* ------------------------------------------------------------------ */

enum suit {
    SUIT_SPADES,                /* S, ♠ */
    SUIT_HEARTS,                /* H, ♥ */
    SUIT_DIAMONDS,              /* D, ♦ */
    SUIT_CLUBS,                 /* C, ♣ */
    SUIT_COUNT,
    SUIT_NONE = -1
};

/* Ranks in playing order, highest first: K Q J A T 9 8 7 (the ace sits
 * between the jack and the ten). */
enum rank {
    RANK_KING,
    RANK_QUEEN,
    RANK_JACK,
    RANK_ACE,
    RANK_TEN,
    RANK_NINE,
    RANK_EIGHT,
    RANK_SEVEN,
    RANK_COUNT
};

#define CARD_COUNT 32           /* a piquet pack */
#define CARD_UNKNOWN 32         /* "??": a card whose face nobody saw */
#define CARD_NONE 0xff          /* no card */
#define CARD_TEXT_MAX 8         /* buffer size for card_format */

/* A card is suit * 8 + rank (0..31); a set of cards is a uint32_t mask. */
#define CARD_MAKE(suit, rank) ((uint8_t)((suit) * RANK_COUNT + (rank)))
#define CARD_SUIT(c) ((int)(c) / RANK_COUNT)
#define CARD_RANK(c) ((int)(c) % RANK_COUNT)
#define CARD_BIT(c) ((uint32_t)1 << (c))
#define SUIT_MASK(s) ((uint32_t)0xff << ((s) * RANK_COUNT))

/*
 * card_parse - read one card at text (rank then suit, "??" for unknown).
 * Accepts ranks K Q J A T 10 9 8 7 and suits S H D C or ♠ ♥ ♦ ♣, any case.
 * Returns the number of bytes read (> 0) and stores the card (0..31, or
 * CARD_UNKNOWN) in *out; returns 0 if text does not start with a card, in
 * which case *out is untouched.  Stops at the card: the caller checks that
 * a separator follows.
 */
size_t card_parse(const char *text, uint8_t *out);

/*
 * card_format - the canonical text of card c ("QH", "TS", "??") into buf
 * (at least CARD_TEXT_MAX bytes).  Returns buf.  c must be 0..32.
 */
char *card_format(uint8_t c, char *buf);

/*
 * card_word - are the n bytes at w exactly one card, in card_parse's
 * forms?  The card (0..31, or CARD_UNKNOWN) into *out if so, else false
 * and *out untouched.  w need not be NUL-terminated: no byte past
 * w[n - 1] is read.  Two letters are read by table lookup.
 */
bool card_word(const char *w, size_t n, uint8_t *out);

/* suit_letter - 'S', 'H', 'D' or 'C' for suit s (0..3). */
char suit_letter(int s);

/* suit_parse - 0..3 for a suit letter or symbol at text, bytes read in *len;
 * SUIT_NONE (and *len 0) if text does not start with a suit. */
int suit_parse(const char *text, size_t *len);

/* cards_count - number of cards in mask m. */
int cards_count(uint32_t m);

/*
 * cards_format - the cards of mask m in canonical order (suit S H D C, rank
 * high to low), space separated, into buf of size n.  Returns buf; output is
 * truncated (still terminated) if n is too small.
 */
char *cards_format(uint32_t m, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* Seats                                                                */
/* ------------------------------------------------------------------ */

enum seat {
    SEAT_A,
    SEAT_B,
    SEAT_NONE = -1
};

#define SEAT_OTHER(s) ((enum seat)(1 - (s)))

/* seat_letter - 'A' or 'B' ('-' for SEAT_NONE). */
char seat_letter(int s);

#include "laws/profile.h"

/* ------------------------------------------------------------------ */
/* Rules of play (docs/laws.md, rules of play)                          */
/* ------------------------------------------------------------------ */

/*
 * card_strength - the rank of card c (0..31) in playing order, 0 the
 * highest: K Q J A T 9 8 7, or A K Q J T 9 8 7 under rank=ace-high
 * (rank_order: enum rank_order).  Cuts for deal compare the same way (L5).
 */
int card_strength(uint8_t c, int rank_order);

/* card_beats - true if card b, played to lead a, wins the trick (trump:
 * the trump suit or SUIT_NONE; rank_order: enum rank_order). */
bool card_beats(uint8_t a, uint8_t b, int trump, int rank_order);

/*
 * laws_bonus_card - the card of suit that carries the king point (L22-L25,
 * L47): the king, or the ace under rank=ace-high with king-bonus=ace.
 */
uint8_t laws_bonus_card(const struct profile *p, int suit);

/*
 * laws_veto_jack - the jack that vetoes a king point when trump (0..3) is
 * trumps (PL5, docs/variants.md, PL5): the jack of the suit the Polish rule
 * pairs with it, hearts with spades and diamonds with clubs.
 */
uint8_t laws_veto_jack(int trump);

/*
 * laws_legal_follows - the cards of hand (a mask) that the second player
 * may play to the card led: a higher card of the suit led if he has one
 * (must_win), else any card of the suit, else a trump (must_trump), else
 * any card.  Returns a subset of hand (hand itself if none is forced).
 * This is the obligation behind Law 43.
 */
uint32_t laws_legal_follows(uint32_t hand, uint8_t led, int trump,
                            const struct profile *p);

/* ------------------------------------------------------------------ */
/* Scoring a hand's tricks (L48, L49; docs/variants.md, the scoring)                  */
/* ------------------------------------------------------------------ */

/* A hand's tricks, as the scoring sees them. */
struct trick_score {
    bool elder_won;             /* the winner is elder hand (else the dealer) */
    int tricks;                 /* tricks he won: 3 or 4 a point, 5 the vole;
                                   fewer score nothing */
    int first;                  /* enum first_proposal of the hand */
    bool exchanged;             /* an exchange took place (a proposal
                                   accepted) */
    bool capped;                /* the winner offended under L25 or L43 */
    bool no_extra;              /* the L49 extra is not given (an abandoned
                                   hand under abandon-extra=no, L42) */
    int multiplier;             /* the hand's value (doubling, MD1): 1, 2,
                                   4 ... */
};

/*
 * laws_trick_points - the points the winner of a hand's tricks scores: the
 * point 1, the vole 2 (L48); 2 for a point against a stander or a refuser
 * of the first proposal (L49; on a vole too under vole-extra); or the
 * Polish table (scoring=polish-table: after an exchange the dealer's point
 * 2, elder's 1; without, elder's 2, the dealer's 1); an offender's point
 * one less and his vole 1 (L25, L43 caps, on the undoubled value); then
 * times the multiplier.  A pure function of its arguments.
 */
int laws_trick_points(const struct profile *p, const struct trick_score *t);

/*
 * laws_vulnerable - a player against whom L49 gives the extra point: elder
 * hand who stood without proposing, or the dealer who refused the first
 * proposal (first: enum first_proposal; elder: he is elder hand).
 */
bool laws_vulnerable(int first, bool elder);

/* ------------------------------------------------------------------ */
/* Table events: one per action line of a .ecarte log (docs/format.md)       */
/* ------------------------------------------------------------------ */

enum event_kind {
    EV_NONE,
    /* table lines, no actor */
    EV_GAME,                    /* game */
    EV_SCORE,                   /* score A n B m */
    EV_DEAL,                    /* deal X [pack Y] */
    EV_FOUND_FACED,             /* found faced C */
    EV_FOUND_HOLDS,             /* found X holds N */
    EV_FOUND_IMPERFECT,         /* found pack imperfect [C ...] */
    EV_END,                     /* end */
    EV_STRIKE,                  /* strike: the scorer's slip (format 1.1) */
    /* before the deal */
    EV_CUT_FOR_DEAL,            /* X cuts-for-deal C [C ...] */
    EV_SHUFFLE,                 /* X shuffles [faces-shown|below-table] */
    EV_CUT,                     /* X cuts N [exposed C] */
    EV_PACKETS,                 /* X packets 3-2 */
    EV_NEW_CARDS,               /* X calls-new-cards */
    /* the deal and the turn-up */
    EV_GIVE,                    /* X gives Y N [C ...] (deal and exchange) */
    EV_EXPOSE,                  /* X exposes C to Y */
    EV_TURN,                    /* X turns C [C ...] */
    EV_LOOK,                    /* X looks */
    EV_MARK_KING,               /* X marks king */
    EV_ANNOUNCE,                /* X announces king */
    EV_WITHDRAW,                /* X withdraws king */
    /* proposals and the exchange */
    EV_PROPOSE,                 /* E proposes */
    EV_STAND,                   /* E stands */
    EV_ACCEPT,                  /* D accepts [if-enough] */
    EV_REFUSE,                  /* D refuses */
    EV_DISCARD,                 /* X discards N [C ...] */
    EV_ASK,                     /* E asks N */
    EV_DRAW,                    /* X draws N [C ...] */
    /* the play */
    EV_LEAD,                    /* X leads C [calling S] */
    EV_PLAY,                    /* X plays C */
    EV_TAKE_BACK,               /* X takes-back C */
    EV_ABANDON,                 /* X abandons */
    EV_CLAIM,                   /* X claims [C ...] */
    EV_SHOW,                    /* X shows C [C ...] */
    /* rulings, elections and the score */
    EV_ELECT,                   /* X elects OPTION [ARG] */
    EV_MARK,                    /* X marks N */
    EV_UNMARK,                  /* X unmarks N */
    /* variant systems (docs/variants.md, tables of three or more) */
    EV_OFFER_DOUBLE,            /* X offers-double (MD1, MD2) */
    EV_ACCEPT_DOUBLE,           /* Y accepts-double */
    EV_DECLINE_DOUBLE,          /* Y declines-double */
    EV_OFFER_POINT,             /* X offers-point (MD3-MD5) */
    EV_ACCEPT_POINT,            /* Y accepts-point */
    EV_DECLINE_POINT,           /* Y declines-point */
    EV_RESHUFFLE,               /* D reshuffles N (PL1) */
    EV_VETO,                    /* X vetoes C (PL5) */
    /* the sitting above the two seats: persons, roles, stakes, bets
     * (docs/variants.md, tables of three or more).  The sitting layer (sitting/) takes them;
     * the two-seat referee never sees them. */
    EV_PERSON,                  /* person ID "Name" */
    EV_SEAT,                    /* seat S ID */
    EV_ROLES,                   /* roles ... (a case study's roles) */
    EV_POOL,                    /* pool N (a case study's pool) */
    EV_STAKES,                  /* ID stakes N (CH4) */
    EV_BETS,                    /* ID bets N on S [at P:Q] (BY1) */
    EV_COVERS,                  /* ID covers ID2 [N] (BY1, BY3) */
    EV_TAKES_ALL_BETS,          /* S takes-all-bets (BY10) */
    EV_QUEUES,                  /* ID queues */
    EV_SEES,                    /* ID sees S (CH2, BY2) */
    EV_POINTS,                  /* ID points S C (BY4) */
    EV_ADVISES,                 /* ID advises S (BY4) */
    EV_CALLS,                   /* ID calls LAW (BY5) */
    EV_LEAVES,                  /* S leaves, ID leaves (CH3, CH5, PO3, BY6) */
    EV_TAKES_SEAT,              /* ID takes-seat S (CH3, BY6) */
    EV_KIND_COUNT
};

/* The first kind the sitting layer takes (every kind from it on). */
#define EV_FIRST_SITTING EV_PERSON

_Static_assert(EV_KIND_COUNT <= 64, "event kinds fit the EV_BIT() masks");

#define EV_BIT(k) ((uint64_t)1 << (k))

/* Flags of an event (struct table_event.flags). */
#define EVF_FACES_SHOWN 0x01    /* shuffles faces-shown (L2) */
#define EVF_BELOW_TABLE 0x02    /* shuffles below-table (L2) */
#define EVF_IF_ENOUGH 0x04      /* accepts if-enough (L38) */
#define EVF_EXPOSED 0x08        /* cuts N exposed C (L7) */
#define EVF_CALLING 0x10        /* leads C calling S (L41) */
#define EVF_PACK 0x20           /* deal X pack Y (L14) */

#define EVENT_CARDS_MAX 40      /* more than a pack: "found pack imperfect" may list dupes */

/* The elector's options (the words of `elects`, docs/format.md). */
enum law_option {
    OPT_NEW_DEAL,               /* new-deal */
    OPT_PLAY_ON,                /* play-on */
    OPT_RECTIFY,                /* rectify */
    OPT_TRUMP,                  /* trump C */
    OPT_REPLAY,                 /* replay */
    OPT_STAND,                  /* stand */
    OPT_TAKE,                   /* take */
    OPT_REFUSE,                 /* refuse */
    OPT_COMPLETE,               /* complete */
    OPT_NAMED_SUIT,             /* named-suit */
    OPT_CARD_LED,               /* card-led */
    OPT_VETO,                   /* veto: written `X vetoes C` (PL5) */
    OPT_PASS,                   /* pass: the veto declined (PL5) */
    OPT_COUNT
};

#define OPT_BIT(o) ((uint32_t)1 << (o))

/*
 * One action or table line of a log.  Plain data, passed by value.
 * Which fields mean something depends on kind; the rest are zero / NONE.
 */
struct table_event {
    enum event_kind kind;
    int8_t actor;               /* SEAT_A / SEAT_B; SEAT_NONE for table lines */
    int8_t target;              /* the seat named after the verb: gives Y, exposes to Y,
                                   deal X pack Y (pack owner), found X holds */
    int8_t suit;                /* leads C calling S: the suit named; else
                                   SUIT_NONE */
    int8_t option;              /* elects: enum law_option; packets: first
                                   packet size (2 or 3) */
    uint8_t flags;              /* EVF_* */
    int16_t n;                  /* cuts N, gives N, discards N, asks N, draws N, marks N,
                                   unmarks N, found holds N */
    int16_t score[2];           /* score A n B m */
    uint8_t n_cards;            /* number of cards listed */
    uint8_t cards[EVENT_CARDS_MAX]; /* listed cards, CARD_UNKNOWN for ?? */
};

/*
 * event_verb - the keyword of kind k as written in a log ("gives",
 * "cuts-for-deal", "game", ...).  Static string.
 */
const char *event_verb(enum event_kind k);

/*
 * event_verb_kind - the kind of action whose verb (event_verb) is the n
 * bytes at w, any ASCII case, among the verbs from cuts-for-deal on (the
 * table lines' words are not verbs here); "marks" gives EV_MARK_KING, the
 * first of its two kinds.  EV_NONE if w is no such verb.  Reads no byte
 * past w[n - 1].  A lookup by length and first letter, for the parser.
 */
enum event_kind event_verb_kind(const char *w, size_t n);

/* option_name - the `elects` word for option o ("new-deal"); static. */
const char *option_name(enum law_option o);

/* option_parse - the option for word w (n bytes), or -1. */
int option_parse(const char *w, size_t n);

/* ------------------------------------------------------------------ */
/* Remedies and rulings                                                 */
/* ------------------------------------------------------------------ */

/* The remedy words of docs/laws.md, written lower case with hyphens. */
enum remedy {
    REM_NONE,                   /* none: nothing to apply (a note) */
    REM_NEW_DEAL,               /* new-deal */
    REM_DEAL_STANDS,            /* deal-stands */
    REM_RECUT,                  /* recut */
    REM_RESHUFFLE,              /* reshuffle (L1, L2) */
    REM_RECTIFY_DEAL,           /* rectify-deal */
    REM_CHOOSE_TRUMP,           /* choose-trump */
    REM_OWNER_DISCARDS_SURPLUS, /* owner-discards-surplus */
    REM_OPPONENT_DRAWS_SURPLUS, /* opponent-draws-surplus */
    REM_COMPLETE_FROM_STOCK,    /* complete-from-stock */
    REM_SET_ASIDE,              /* set-aside */
    REM_RETRACT_CARD,           /* retract-card */
    REM_REPLAY_HAND,            /* replay-hand */
    REM_SCORE_CAP,              /* score-cap */
    REM_AWARD,                  /* award */
    REM_SCORE_CORRECT,          /* score-correct */
    REM_LOSE_RIGHT,             /* lose-right */
    REM_SHORT_HAND_TRICKS,      /* short-hand-tricks */
    REM_NOT_ALLOWED,            /* not-allowed: the action is refused and has no effect */
    REM_VOID_OFFER,             /* void-offer: an offer with no effect (MD2, MD5) */
    REM_VOID_VETO,              /* void-veto: a veto that fails (PL5) */
    /* the sitting's remedies (docs/variants.md: CH, PO, BY) */
    REM_RESEAT,                 /* reseat: the right person must sit (CH1, PO2;
                                   the seat given up, BY10) */
    REM_FORFEIT_STAKE,          /* forfeit-stake: a stake paid over at once
                                   (CH2, BY2) */
    REM_SUBSTITUTE,             /* substitute: another finishes the game
                                   (CH3, BY6) */
    REM_VOID,                   /* void: a stake, bet, cover or advice with no
                                   effect (CH4, PO4, BY1, BY4, BY5, BY8; a
                                   tableau's excess, BY9) */
    REM_CONCEDE_GAME,           /* concede-game: the leaver loses the game
                                   (CH3, CH5, PO3) */
    REM_DISPLACE,               /* displace: the player takes a bet from a
                                   bystander (BY3) */
    REM_CLAIM,                  /* claim: a bettor's call counts as the
                                   backed player's (BY5) */
    REM_COUNT
};

#define REM_BIT(r) ((uint32_t)1 << (r))

_Static_assert(REM_COUNT <= 32, "remedies fit the REM_BIT() masks");

/* remedy_name - the remedy word ("new-deal"); static. */
const char *remedy_name(enum remedy r);

/* remedy_parse - the remedy for word w (n bytes), or -1. */
int remedy_parse(const char *w, size_t n);

/* ------------------------------------------------------------------ */
/* The laws                                                             */
/* ------------------------------------------------------------------ */

enum law_id {
#define LAW(num, slug) LAW_##num,
#define RULE(sys, num, slug) LAW_##sys##num,
#include "laws/law_list.h"
#undef RULE
#undef LAW
    LAW_COUNT
};

/* The club laws L1-L51 come first in the registry; the variant systems'
 * rules (PLn, MDn, and the sitting's CHn, POn, BYn: docs/variants.md, the rules' names)
 * follow them. */
#define N_CLUB_LAWS (LAW_51 + 1)

/* Until when a breach can be claimed or an option exercised. */
enum law_window {
    WIN_NONE,                   /* settled at once, nothing to elect */
    WIN_BEFORE_TURN_UP,         /* until the trump is turned */
    WIN_BEFORE_TURN_OR_LOOK,    /* until the trump is turned or elder hand looks */
    WIN_BEFORE_ELDER_LOOKS,     /* until elder hand looks at his hand */
    WIN_BEFORE_ELDER_ACTS,      /* until elder hand proposes or plays */
    WIN_BEFORE_DEALER_ANSWERS,  /* until the dealer answers the first proposal, or play */
    WIN_BEFORE_PLAY,            /* until the first card is led */
    WIN_BEFORE_NEXT_CARD,       /* until the next card is played */
    WIN_BEFORE_NEXT_LEAD,       /* until the next card is led */
    WIN_BEFORE_NEXT_TURN_UP,    /* until the next deal's trump is turned */
    WIN_BEFORE_NEXT_CUT,        /* until the pack is cut for the next deal */
    WIN_GAME,                   /* any time during the game */
    WIN_COUNT
};

/* Who offends or chooses, relative to the event that engaged the law. */
enum law_role {
    ROLE_NOBODY,                /* automatic */
    ROLE_ACTOR,                 /* the player who did the action */
    ROLE_DEALER,
    ROLE_ELDER,
    ROLE_ADVERSARY,             /* the offender's adversary */
    ROLE_EITHER,                /* either player */
    ROLE_TARGET                 /* the seat named in the event (found X, gives Y) */
};

/* law_option_words - what option o does, in words, for a reader ("the
 * hand is played again from the first trick"); "" for none.  Static. */
const char *law_option_words(enum law_option o);

/* law_option_words_for - what option o does under law l, in words: the
 * law's own words where the generic ones would be wrong (L13's play-on
 * keeps an exposed card, L17's draws a surplus), else
 * law_option_words(o).  Static; "" for none. */
const char *law_option_words_for(enum law_id l, enum law_option o);

/* law_remedy_now - what happens now under remedy r, as a sentence naming
 * who offended (offender, e.g. "A" or a person's id) and his adversary
 * or the player who chooses (other; either may be "" when unknown), into
 * buf (size n, always terminated).  Covers every remedy.  Returns buf. */
const char *law_remedy_now(enum remedy r, const char *offender,
                           const char *other, char *buf, size_t n);

/* What a law's sentence for "now" may name (law_now_words): seats' letters
 * or persons' IDs ("" unknown), the card concerned (CARD text, "" none),
 * the offender's tricks (-1 unknown). */
struct law_now_fill {
    const char *offender;
    const char *adversary;
    const char *dealer;
    const char *elder;
    const char *card;
    int tricks;
};

/* law_now_words - law l's own sentence for what happens now under a
 * ruling of remedy r without options (L14, L40, L42 ...), filled from f,
 * into buf (size n, terminated): true; false when the law has none for r
 * (or it needs a field f does not know): the remedy's (law_remedy_now)
 * then. */
bool law_now_words(enum law_id l, enum remedy r,
                   const struct law_now_fill *f, char *buf, size_t n);

/* law_window_words - until when window w lets a ruling be claimed or
 * elected, in words ("until the next card is played"); "" for none. */
const char *law_window_words(enum law_window w);

/* law_role_words - who role r is, in words ("the dealer"); "" for none. */
const char *law_role_words(enum law_role r);

/* laws_count_law - the law of a hand found with a wrong count at the
 * turn-up: elder hand's (L15 too many, L16 too few) or the dealer's (L17,
 * L18), as long_hand says. */
enum law_id laws_count_law(bool elder, bool long_hand);

/* laws_mark_law - the law of a mark that differs from what was due: an
 * overscore (L51) or a score forgotten (L50). */
enum law_id laws_mark_law(bool overscore);

/* law_id_ranges - the ids of the registry as ranges, in its order
 * ("L1-L51, PL1-PL5, MD1-MD5, ..."), into buf of n bytes (cut short if it
 * does not fit); returns buf.  For messages naming what a law id may be. */
const char *law_id_ranges(char *buf, size_t n);

/* law_window_name, law_role_name - text for reports; static strings. */
const char *law_window_name(enum law_window w);
const char *law_role_name(enum law_role r);

/* Phases of a hand (docs/laws.md vocabulary). */
enum phase {
    PH_CUT_FOR_DEAL,            /* start of a sitting */
    PH_IDLE,                    /* between deals (HAND_OVER, or no deal yet) */
    PH_SHUFFLE,                 /* a deal is announced: shuffling and cutting */
    PH_DEAL,                    /* packets are being given */
    PH_TURNED,                  /* trump showing; elder hand deciding */
    PH_PROPOSED,                /* waiting for the dealer's answer */
    PH_EXCHANGE,                /* discards and serving */
    PH_PLAY,                    /* tricks */
    PH_HAND_OVER,               /* scored; lasts until the next turn-up */
    PH_COUNT
};

/* phase_name - "deal", "play", ...; static. */
const char *phase_name(enum phase p);

/* Outcome of the first proposal of a hand (L49). */
enum first_proposal {
    FIRST_NONE,                 /* none yet */
    FIRST_STOOD,                /* elder hand played without proposing */
    FIRST_REFUSED,              /* the dealer refused it */
    FIRST_ACCEPTED,             /* the dealer accepted it */
    FIRST_LAPSED                /* a conditional acceptance failed (L38 READING) */
};

/* How a `marks king` stands (law_view.mark). */
enum king_mark_state {
    MARK_OK,                    /* the dealer's turned king, in time */
    MARK_LATE,                  /* the window of L22 has closed */
    MARK_NO_KING,               /* no king was turned */
    MARK_TWICE,                 /* already marked */
    MARK_NOT_DEALER,            /* marked by the player who did not turn it */
    MARK_BARRED,                /* L19: the deal was miscounted and not redealt */
    MARK_LOST                   /* the right was ruled lost already (L19,
                                   L22): refused, not ruled again (one
                                   irregularity, one ruling) */
};

/* How an `announces king` stands (law_view.announce). */
enum announce_state {
    ANN_OK,                     /* before the announcer's first card (L23) */
    ANN_OK_24,                  /* in time only by the extension of L24 */
    ANN_LATE,                   /* after his first card (L23) */
    ANN_LATE_24,                /* after the extension of L24 ran out */
    ANN_AGAIN,                  /* a king point was already scored this hand */
    ANN_RULED                   /* announced too late, and ruled so (L23,
                                   L24), this hand: not ruled again */
};

/* One trick of the hand, as the laws see it. */
struct trick_fact {
    int8_t leader;              /* seat that led */
    uint8_t lead;               /* card led */
    uint8_t follow;             /* card played to it, CARD_NONE while open
                                   (CARD_UNKNOWN: credited, nobody played) */
    int8_t winner;              /* seat that won it, SEAT_NONE while open */
    uint32_t follower_known;    /* the follower's known cards when he played */
    bool ruled;                 /* a L43 offence was already ruled on it */
};

#define TRICKS_MAX 6            /* five tricks, and room for a sixth lead */

/* Where the king of trumps is known to be (law_view.king_place). */
enum king_place {
    KING_UNSEEN,                /* nowhere yet: its face was not seen */
    KING_IN_HAND,               /* in king_holder's hand */
    KING_DISCARDED,             /* in king_holder's discard */
    KING_PLAYED,                /* in a trick, played by king_holder */
    KING_ELSEWHERE              /* the turn-up, the stock, set aside */
};

/*
 * What a law sees: a read-only picture of the table before the event (or,
 * for the evidence a law reads after an action, as the action left it).
 * Facts only: every verdict is the law's own, decided in its file from
 * these facts with the helpers of laws/rules.c.  Laws never see the
 * arbiter and never write state.  Per-seat arrays are indexed only by a
 * seat (laws__seat_int and friends): before a deal dealer and elder hand
 * are SEAT_NONE.
 */
struct law_view {
    const struct profile *profile;
    enum phase phase;           /* phase of the hand */
    bool after;                 /* asked after the action, for what the table
                                   now proves (the row's `evidence`) */
    int line;                   /* the log line of the event, 0 if unknown */
    /* the sitting */
    int score[2];               /* points in the current game */
    bool cut_for_deal_done;     /* the cut for deal was made in this sitting */
    int cut_card[2];            /* the cards cut for deal so far, CARD_NONE */
    bool first_deal;            /* no deal of the sitting is complete yet */
    int right_dealer;           /* who should deal next/now, SEAT_NONE if free;
                                   a deal out of turn waiting for correction
                                   names the right dealer (L14) */
    int own_pack;               /* the pack the dealer (of the deal line, for
                                   a deal line) should use, SEAT_NONE */
    int prev_king_unmarked;     /* dealer whose king turned in the last deal
                                   is not marked, SEAT_NONE (L22) */
    bool prev_king_barred;      /* and L19 barred it */
    bool prev_king_lost;        /* and its right was ruled lost already */
    int lost_king_dealer;       /* whose unmarked king was lost at this
                                   deal's turn-up (L22), SEAT_NONE */
    /* the deal */
    bool deal_on;               /* a deal has begun and not ended */
    int dealer;                 /* seat of the dealer, SEAT_NONE before a deal */
    int elder;                  /* seat of elder hand */
    int trump;                  /* trump suit, SUIT_NONE before the turn-up */
    int turn_up;                /* the turn-up card, CARD_NONE */
    bool is_void;               /* the deal is void */
    int last_shuffler;          /* seat of the last shuffle, SEAT_NONE */
    bool cut_done;              /* the pack was cut for this deal */
    int packets;                /* packets given so far */
    int first_packet;           /* the size of this deal's first packet, 0 */
    int order_first;            /* the dealer's packet order in force: the
                                   first packet's size (2 or 3), 0 if none
                                   (a notice given counts) */
    int order_line;             /* the log line where it was adopted, 0 */
    bool order_this_game[2];    /* each dealer's order was adopted in the
                                   game in progress */
    bool departed;              /* a departure from the packet order was
                                   ruled in this deal */
    int rectify_due[2];         /* L9 rectified: cards the dealer still has to
                                   give each hand */
    bool deal_complete;         /* four packets given */
    /* the hands */
    int count[2];               /* cards in each hand */
    int expected[2];            /* cards each hand should hold now */
    uint32_t known[2];          /* cards known to be in each hand */
    int stock;                  /* cards left in the stock */
    bool elder_looked;          /* elder hand has looked at his hand */
    bool dealer_looked;         /* the dealer has taken up his hand */
    /* proposals and the exchange */
    bool exchanged;             /* an exchange happened in this hand */
    int proposals;              /* proposals made in this hand */
    bool answered;              /* the dealer answered the proposal in hand */
    enum first_proposal first;  /* outcome of the first proposal */
    bool rectified;             /* a wrong deal was put right, not redealt */
    bool exchange_turned;       /* a stock card was turned in the exchange */
    int discarded[2];           /* cards each laid out in this exchange, -1 */
    int asked;                  /* cards elder hand asked for, -1 none */
    int served[2];              /* cards each has taken in this exchange */
    int stock_at_serve;         /* the stock when serving elder hand began */
    bool serve_checked[2];      /* serving that hand was already judged */
    int owed_remedy;            /* a remedy owed next (enum remedy): the
                                   surplus thrown out or drawn, a hand
                                   completed; REM_NONE */
    int owed_seat;              /* the seat that carries it out */
    /* the play */
    int trick_no;               /* current trick, 1..5; 0 before play */
    int leader;                 /* who should lead, or led, the current trick */
    int to_play;                /* who is to play next, SEAT_NONE */
    int led;                    /* card led to the open trick, CARD_NONE */
    struct trick_fact tricks_played[TRICKS_MAX]; /* trick_no of them */
    int offence_card;           /* the open trick's card already ruled under
                                   L43, CARD_NONE */
    bool lead_out_of_turn;      /* the open trick was led out of turn */
    int cards_played[2];        /* cards each has played in the hand */
    int first_card[2];          /* each one's first card, CARD_NONE */
    int tricks[2];              /* tricks won so far (credited included) */
    /* kings */
    bool king_turned;           /* the turn-up is a king */
    bool king_marked;           /* and the dealer marked it */
    bool king_barred;           /* L19 bars it */
    bool king_lost;             /* and the right to mark it was ruled lost
                                   (L19, L22, L50): a later mark of it is
                                   refused without a second ruling */
    int announced;              /* seat that announced the king, SEAT_NONE */
    bool announce_withdrawn;    /* and withdrew it */
    bool announce_ruled;        /* a L25 ruling was given on it */
    unsigned announce_late_ruled; /* seats (bit 1 << seat) whose king
                                   announced too late was ruled (L23, L24)
                                   this hand: one irregularity, one ruling */
    int announced_played;       /* cards the announcer had played then */
    bool ann_false_at_time;     /* his whole hand was known then, no king */
    bool unknown_in_after_ann;  /* unseen cards came into his hand since */
    bool announce_held;         /* its point is held, not scored: it would
                                   have won the game on a belief, and the
                                   table is derived again on evidence that
                                   reopens the game (L25) */
    int false_announced;        /* seat that announced the king when the
                                   table already showed it was not his (no
                                   point scored), SEAT_NONE; cleared when
                                   withdrawn or ruled */
    int false_announced_played; /* cards he had played then */
    enum king_place king_place; /* where the king of trumps is known */
    int king_holder;            /* whose hand, discard or trick, SEAT_NONE */
    int discard_unseen[2];      /* cards in each player's discard whose
                                   faces were not seen */
    uint32_t known_out;         /* cards known out of both hands (stock,
                                   discards, turn-up, tricks, aside) */
    /* the variant systems (docs/variants.md, polish and the modern options) */
    int value;                  /* the hand's multiplier (doubling) */
    int double_offer;           /* seat whose double waits, SEAT_NONE */
    int double_acceptor;        /* seat that accepted the last double */
    int point_offer;            /* seat that offered the point, SEAT_NONE */
    int point_answer;           /* 0 not yet, 1 accepted, -1 declined, -2
                                   declined and settled by a trick (MD3) */
    bool turnup_drawn;          /* the turn-up under the stock was drawn */
    int drawable;               /* cards the dealer can still serve: the
                                   stock, and the turn-up under it */
    bool veto_pending;          /* a jack veto waits for its elector (PL5) */
    int veto_scorer;            /* whose king point it holds, SEAT_NONE */
};

/* The rules every module reads from a law view (laws/rules.c). ------ */

/*
 * laws_king_mark - how a mark of the turned king by seat stands now
 * (L19, L22, L47; docs/variants.md, the switches for the profile's deadline): in time, too
 * late, no king to mark, marked already, not his king, or barred.  Under
 * king-announce=mark, a mark by a player known to hold the king of trumps
 * is that king's (PL3), not a late mark of a king he turned and lost at
 * this deal's turn-up (L22): no king to mark.
 */
enum king_mark_state laws_king_mark(const struct law_view *v, int seat);

/*
 * laws_announce - how an announcement of the king of trumps by seat
 * stands now: before his first card (L23), in time only by the extension
 * of L24, too late, or a second king point.  v->trump must be a suit.
 */
enum announce_state laws_announce(const struct law_view *v, int seat);

/*
 * laws_revoke_proof - does card, now known in seat's hand (shown, led or
 * played), prove that one of his earlier replies broke the follower's
 * obligation (L43)?  Returns the index of the first such trick not yet
 * ruled, or -1.
 */
int laws_revoke_proof(const struct law_view *v, int seat, int card);

/*
 * laws_king_claim - what the table says of the king announced (L25): 1 he
 * held it (or nothing that counts disproves it), 0 not known, -1 proven
 * false (the king seen elsewhere, or every card of his seen and none of
 * them the king).  0 when nobody announced.
 */
int laws_king_claim(const struct law_view *v);

/*
 * laws_king_claim_now - what the table says of an announcement of the
 * king of trumps that seat makes now (L23, L25, L47), before it counts:
 * 1 the king is known in his hand (or is his first card, L24); -1 it is
 * known not to be his: in the adversary's hand, discard or tricks, in
 * the stock, turned up or set aside, in his own discard, his whole hand
 * known without it, or the adversary's announcement of it standing;
 * 0 not known (his hand has unseen cards): a belief.  0 before the
 * turn-up or for no seat.
 */
int laws_king_claim_now(const struct law_view *v, int seat);

/*
 * laws_fulfils_remedy - ev carries out the remedy owed (v->owed_remedy):
 * the owner throws out his surplus, the adversary draws it, the short
 * hand is completed.
 */
bool laws_fulfils_remedy(const struct law_view *v,
                         const struct table_event *ev);

/*
 * laws_underserved - seat's serving in the exchange in hand ended with
 * fewer cards than were due and has not been judged yet (L32 for elder
 * hand: fewer than he asked, the stock having had them; L34 for the
 * dealer: fewer than he discarded, cards being left).  False with no deal.
 */
bool laws_underserved(const struct law_view *v, int seat);

/* One law: a row of data and a small function (the house style). */
struct law;
struct ruling;

/*
 * Is the law engaged by ev in the state v?  Must be safe in every state:
 * before any deal (dealer, elder, leader SEAT_NONE, trump SUIT_NONE),
 * with an actor or target of SEAT_NONE, for any event kind and phase; a
 * per-seat field of v is read only for a seat (laws/laws_int.h has the
 * readers).  v->profile is never NULL.  Reads v and ev, writes nothing.
 */
typedef bool (*law_applies_fn)(const struct law_view *v,
                               const struct table_event *ev);

/* An optional hook for what the row cannot express: adjusts the ruling
 * made from the row (options that depend on the state, a note).  Safe in
 * every state, as law_applies_fn, even one where the law does not apply. */
typedef void (*law_shape_fn)(const struct law_view *v,
                             const struct table_event *ev,
                             struct ruling *r);

/* The rules of a sitting (laws/sit_view.h) read a view of the sitting. */
struct sit_view;
struct sit_event;
struct sit_verdict;

/*
 * The verdict of a rule of the sitting (CH, PO, BY): is it engaged by e
 * in the sitting v?  If so, true with *out filled: the remedy (one of the
 * row's remedies), the offender, the elector, what the remedy is about
 * and the words; if not, false, with out->note a near miss worth saying
 * or "".  Safe for every moment and kind of e (a rule reads e->at and
 * e->kind and answers false for the others).  Reads v and e, writes only
 * *out.
 */
typedef bool (*sit_judge_fn)(const struct sit_view *v,
                             const struct sit_event *e,
                             struct sit_verdict *out);

/* What kind of law a row is. */
enum law_kind {
    LAW_KIND_PENALTY,           /* an irregularity: engaging it gives a ruling */
    LAW_KIND_RULE,              /* a rule of play or scoring the arbiter applies
                                   as it goes (L46-L49): no ruling line */
    LAW_KIND_PROCEDURE          /* a ruling that settles the procedure, no
                                   irregularity (a tied cut, the stock too
                                   small, new cards called for) */
};

#define EV_ALL (~(uint64_t)0)

struct law {
    enum law_id law;            /* LAW_<n> */
    const char *id;             /* "L12": stable, stored in the ledger */
    const char *title;          /* short name */
    const char *text_ref;       /* the clause, paraphrased (docs/laws.md) */
    const char *reading;        /* the READING chosen where the code is silent, or NULL */
    uint64_t trigger;           /* EV_BIT()s of the events that wake the law */
    uint64_t evidence;          /* EV_BIT()s after which the law is asked
                                   again, on the table as the action left
                                   it (view.after): what the table now
                                   proves (a false king, a past revoke) */
    bool (*evidence_live)(const struct law_view *v,
                          const struct table_event *ev); /* NULL, or: may
                                   the table after ev engage the law at
                                   all (asked on v, the view before ev)?
                                   When no law woken by ev's evidence is
                                   live, the view is not brought up to
                                   the table after ev */
    enum law_window window;     /* until when it can be claimed / elected */
    enum law_role offender;     /* who offends */
    enum law_role elector;      /* who chooses; ROLE_NOBODY if automatic */
    enum law_role hand;         /* whose hand's count the law is about (a
                                   counted hand: the seat found), for the
                                   remedies that throw out, draw or
                                   complete; ROLE_NOBODY */
    bool bars_king;             /* playing on after this miscount bars the
                                   dealer's turned king (L19) */
    enum remedy lawful;         /* a ruling of this law with this remedy
                                   records a lawful act, no irregularity
                                   (L24 in time: award); REM_NONE */
    uint32_t options;           /* OPT_BIT()s the elector chooses from */
    enum remedy remedy;         /* the automatic or default remedy */
    enum law_kind kind;         /* penalty law or rule of play */
    uint64_t allow;             /* EV_BIT()s that may go on while the ruling
                                   waits for its election (besides `elects`) */
    law_applies_fn applies;     /* is the law engaged by this event? */
    law_shape_fn shape;         /* NULL, or adjusts the ruling to the state */
    bool (*engaged)(const struct profile *p); /* a variant rule: does the
                                   profile engage it?  NULL: always (the
                                   club laws) */
    bool continuing;            /* the irregularity lasts (a wrong count, a
                                   packet order): while its ruling waits, a
                                   later action that shows it again is not
                                   ruled again (one irregularity, one
                                   ruling) */
    /* the rules of a sitting of more than two (docs/variants.md, tables of three or more): the
     * sitting layer (sitting/) decides them, the two-seat referee never
     * asks them (their `engaged` is false for every profile) */
    const char *format;         /* the Format that plays the rule
                                   ("chouette", "pool", "gallery"), NULL
                                   for the two-seat rules */
    const char *parties;        /* who offends and who chooses, in words
                                   (persons, not seats), or NULL */
    const char *example;        /* a `= ruling` line of a log, without
                                   "= ", or NULL */
    sit_judge_fn judge;         /* a rule of the sitting: its verdict
                                   (then applies is NULL); NULL for the
                                   rows of the two seats */
    uint32_t remedies;          /* a rule of the sitting: the REM_BIT()s
                                   its verdict may give (remedy among
                                   them); 0 for the rows of the two
                                   seats (remedy alone) */
};

/* laws_get - the row for law l (LAW_1..LAW_51).  Static, never NULL. */
const struct law *laws_get(enum law_id l);

/* laws_remedy_allowed - may a ruling of row give remedy r?  One of its
 * remedies (a rule of the sitting), or its remedy (the others). */
bool laws_remedy_allowed(const struct law *row, enum remedy r);

/* laws_find - the law for an id "L12" / "12" (n bytes), or NULL. */
const struct law *laws_find(const char *id, size_t n);

/*
 * laws_selfcheck - check the registry: ids unique and well formed, each
 * row's number matches its place, every row has a title, a trigger and
 * either an applies function (the two seats) or a verdict of the sitting
 * with its format and remedies (the default among them), options
 * non-empty exactly when an elector exists.
 * Returns 0, or -1 with the first problem in err (size n).
 */
int laws_selfcheck(char *err, size_t n);

#define RULING_NOTE_MAX 160

/*
 * A ruling: a law was engaged.  Options are those offered to the elector;
 * remedy is what applies automatically (or by default if nobody elects).
 */
struct ruling {
    enum law_id law;
    int8_t offender;            /* seat, SEAT_NONE */
    int8_t elector;             /* seat, SEAT_NONE if automatic */
    uint32_t options;           /* OPT_BIT()s */
    enum remedy remedy;         /* automatic / default remedy, REM_NONE */
    enum law_window window;     /* until when the elector may choose */
    char note[RULING_NOTE_MAX]; /* one line in words: what happened */
};

/*
 * ruling_format - the `= ruling` line for r (without "= "), e.g.
 * "ruling L43 offender A elector B options replay,stand remedy score-cap",
 * into buf of size n.  Returns buf.
 */
char *ruling_format(const struct ruling *r, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* The laws in words (law_print.c): `ecarte law N`, docs/laws.md        */
/* ------------------------------------------------------------------ */

/*
 * law_write_text - law or rule l in words, as `ecarte law N` prints it,
 * written to fp: its id and title, what it says, its kind, the lines that
 * wake it, its format, who offends and who chooses (or its parties), its
 * options, window and remedy, the reading chosen, and the `= ruling` line
 * a log records (lines of at most 78 columns).  l (laws_get, laws_find)
 * and fp are borrowed; nothing is returned (a write error stays on fp's
 * error indicator).
 */
void law_write_text(const struct law *l, FILE *fp);

/*
 * laws_write_markdown - docs/laws.md, as `ecarte laws --markdown` prints
 * it, written to fp (borrowed): a heading and an index, then every law
 * and rule of the registry in its order as a section with a table (the
 * profile switches that change it among its rows).  Nothing is returned
 * (a write error stays on fp's error indicator).
 */
void laws_write_markdown(FILE *fp);

/* The view of a sitting that its rules read, and their verdict: part of
 * this interface, in a file of its own. */
#include "laws/sit_view.h"

#endif /* ECARTE_LAWS_LAWS_H */
