/* SPDX-License-Identifier: MIT */
/*
 * arbiter_int.h - the arbiter's state and the functions its files share.
 * Not for other modules (tests may include it).
 *
 * The whole state is one plain struct (struct table_state) so that an
 * action can be applied to a copy and committed only on success.
 */
#ifndef ECARTE_ARBITER_ARBITER_INT_H
#define ECARTE_ARBITER_ARBITER_INT_H

#include "arbiter/arbiter.h"

#include <assert.h>
#include <stddef.h>

/* A function taking a printf-style format as its argument f, its values
 * from argument a: the compiler checks the calls. */
#if defined(__GNUC__)
#define ARB_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define ARB_PRINTF(f, a)
#endif

/* Where a card can be (the table model): the public places of
 * arbiter_places, in their order. */
enum zone {
    Z_STOCK = ARB_PLACE_STOCK,  /* the pack, then the stock (talon) */
    Z_HAND_A = ARB_PLACE_HAND_A,
    Z_HAND_B = ARB_PLACE_HAND_B,
    Z_TURN_UP = ARB_PLACE_TURN_UP, /* the turn-up (and cards turned with it) */
    Z_DISCARD_A = ARB_PLACE_DISCARD_A, /* dead, unseen */
    Z_DISCARD_B = ARB_PLACE_DISCARD_B,
    Z_TRICKS = ARB_PLACE_TRICKS, /* played */
    Z_ASIDE = ARB_PLACE_ASIDE,  /* set aside: faced, exposed, drawn surplus */
    Z_COUNT
};

_Static_assert(Z_COUNT == ARB_PLACES, "one place for each zone");

/*
 * arbiter__ncards - cards_count(m), inline: the table's invariants and the
 * law view count the known cards of every zone for every action, and a
 * call across files for each count was a tenth of the referee's work.
 */
static inline int arbiter__ncards(uint32_t m)
{
    if (m == 0) {
        return 0;               /* the stock, a discard: no face known */
    }
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

#define Z_HAND(s) ((int)Z_HAND_A + (int)(s))
#define Z_DISCARD(s) ((int)Z_DISCARD_A + (int)(s))

/* Every card's place: the known cards of each zone and its card count; a
 * card known nowhere is in one of the zones' unknown places.  Invariant
 * (card conservation): the counts add up to 32, no card is known in two
 * zones, and the unplaced cards exactly fill the unknown places. */
struct zones {
    uint32_t known[Z_COUNT];
    int8_t count[Z_COUNT];
};

_Static_assert(sizeof(struct zones) ==
                   Z_COUNT * (sizeof(uint32_t) + sizeof(int8_t)),
               "no padding: two places compare as bytes (memcmp)");

/* arbiter__known_anywhere - the cards known in some place of z (a card
 * not among them is known nowhere: arbiter__locate gives -1). */
static inline uint32_t arbiter__known_anywhere(const struct zones *z)
{
    _Static_assert(Z_COUNT == 8, "every zone in the mask");
    return z->known[0] | z->known[1] | z->known[2] | z->known[3] |
           z->known[4] | z->known[5] | z->known[6] | z->known[7];
}

/* One trick played. */
struct trick_rec {
    int8_t leader;
    uint8_t lead;
    uint8_t follow;             /* CARD_NONE while the trick is open */
    int8_t winner;
    uint32_t follower_known;    /* the follower's known cards when he played */
    bool offence;               /* a L43 offence already ruled on this trick */
};

/* A trick is what the laws see of it (struct trick_fact), field for
 * field: the view copies the tricks whole (view.c, fill_play). */
#define TRICK_SAME(a, b)                                                     \
    (offsetof(struct trick_rec, a) == offsetof(struct trick_fact, b) &&     \
     sizeof(((struct trick_rec *)0)->a) == sizeof(((struct trick_fact *)0)->b))
_Static_assert(sizeof(struct trick_rec) == sizeof(struct trick_fact) &&
                   TRICK_SAME(leader, leader) && TRICK_SAME(lead, lead) &&
                   TRICK_SAME(follow, follow) && TRICK_SAME(winner, winner) &&
                   TRICK_SAME(follower_known, follower_known) &&
                   TRICK_SAME(offence, ruled),
               "a trick recorded is a trick seen, byte for byte");
#undef TRICK_SAME

/* A ruling waiting for its election or for its window to close. */
struct pending {
    struct ruling r;
    uint64_t allow;             /* events allowed meanwhile */
    int8_t seat;                /* law-specific: the seat concerned */
    int8_t n;                   /* law-specific: a number of cards */
    uint8_t card;               /* the card of the event (an exposed card) */
    int8_t suit;                /* the suit it named (L41), SUIT_NONE */
    int8_t trick;               /* L43: the trick of the offence */
};

#define PENDING_MAX 6

/* An action a remedy requires next (the owner throws out his surplus, the
 * adversary draws it, a short hand is completed). */
enum owed_kind {
    OWED_NONE,
    OWED_DISCARD,               /* seat discards n (out of play) */
    OWED_DRAW_FROM,             /* seat draws n from the other hand (out of
                                   play) */
    OWED_COMPLETE               /* seat's hand gets n from the stock */
};

struct owed {
    enum owed_kind kind;
    int8_t seat;
    int8_t n;
    int8_t law;                 /* enum law_id */
};

/* The current deal. */
struct deal_state {
    int number;                 /* in the sitting */
    int8_t dealer;
    int8_t elder;
    int8_t pack_owner;
    enum phase phase;
    struct zones z;
    int8_t trump;
    uint8_t turn_up;
    uint8_t turned[4];          /* cards turned at the turn-up (L11) */
    int8_t n_turned;
    /* the deal */
    int8_t n_packets;
    int8_t packet_to[8];
    int8_t packet_n[8];
    bool departed;              /* a packet departed from the order (L8, L9) */
    int8_t last_shuffler;
    bool cut_done;
    uint8_t last_given[2][5];   /* last cards given to each hand (rectify) */
    int8_t n_last_given[2];
    /* looking, proposing, exchanging */
    bool looked[2];
    bool exchanged;
    int8_t proposals;
    bool answered;
    bool if_enough;
    enum first_proposal first;
    bool rectified;             /* L19 */
    bool exchange_turned;       /* L37 */
    uint8_t exchange_card;      /* L37: the card turned */
    int8_t discarded[2];
    int8_t asked;
    int8_t served[2];
    int8_t stock_at_serve;
    bool serve_checked[2];
    /* the play */
    int8_t trick_no;            /* 1..5 once play began */
    int8_t leader;              /* who leads / led the current trick */
    int8_t to_play;             /* who is to play next, SEAT_NONE */
    int8_t claimant;            /* who laid his cards down claiming the rest
                                   (L42), until a card is played; or NONE */
    struct trick_rec tricks_rec[6];
    int8_t tricks[2];
    int8_t credited[2];         /* tricks credited for a short hand */
    int8_t lack[2];             /* cards a hand lacks and plays without, by
                                   right: what an exchange left it short
                                   (L30, L34, L38) and a short hand ruled to
                                   play on (L21) */
    int8_t rectify_due[2];      /* L9 rectified: cards the dealer still has
                                   to give each hand to put the deal right */
    int8_t played[2];
    uint32_t snap_known[2];     /* hands at the first trick (L25, L43 replay) */
    int8_t snap_count[2];
    bool snapped;
    int8_t called_suit;         /* L41: the suit the leader must lead, or NONE */
    bool lead_out_of_turn;      /* L40: the current lead was out of turn */
    uint8_t play_offence_card;  /* L43: the offending card of the trick just
                                   played, awaiting its correction window */
    uint8_t retract_card;       /* a card a ruling's retract-card lets its
                                   owner take back (a lead out of turn, L40),
                                   CARD_NONE: the take-back carries out that
                                   ruling and is not ruled again */
    int8_t retract_seat;        /* and whose card it is */
    bool offence_waiting;       /* L43: a reply that breaks the obligation,
                                   still correctable (L39): its ruling waits
                                   in offence_ruling for the next lead */
    int8_t offence_trick;       /* its trick (index); its ruling is
                                   offence_ruling, at the end */
    /* kings */
    bool king_turned;
    bool king_marked;
    bool king_barred;           /* L19 */
    bool king_lost;             /* the right to mark it was ruled lost (L19,
                                   L22, L50) */
    int8_t announced;           /* seat that announced, SEAT_NONE */
    int8_t announced_played;    /* cards the announcer had played when
                                   announcing */
    bool announce_withdrawn;
    bool announce_ruled;        /* L25 given */
    uint8_t late_ann_ruled;     /* seats (bits) whose king announced too
                                   late was ruled (L23, L24) */
    bool unknown_in_after_ann;  /* unknown cards entered the announcer's hand
                                   after */
    bool ann_false_at_time;     /* his hand was all known, without the king */
    bool ann_scored;            /* the announcement's point was scored (a
                                   withdrawal or L25 takes it off again) */
    bool ann_held;              /* its point is held, not scored: it would
                                   have won the game on a belief, and the
                                   deal is derived again (arbiter.c,
                                   reopen_on_evidence) */
    int8_t false_ann;           /* seat that announced the king when the
                                   table showed it was not his (no point),
                                   SEAT_NONE */
    int8_t false_ann_played;    /* cards he had played then */
    int8_t first_card[2];       /* each player's first card this hand, CARD_NONE */
    bool first_card_is_king[2];
    /* scoring */
    int8_t points[2];           /* points scored in this deal (kings included) */
    bool capped[2];             /* L25/L43 offender: score capped */
    bool uncap_on_replay;
    bool hold;                  /* points held for an election */
    bool over;
    bool is_void;
    bool scored;
    struct owed owed;
    /* the variant systems (docs/variants.md, polish and the modern options) */
    int8_t value;               /* the hand's multiplier (doubling, MD1) */
    int8_t double_offer;        /* seat whose double waits for its answer */
    int8_t double_acceptor;     /* seat that accepted the last double */
    int8_t point_offer;         /* seat that offered the point, SEAT_NONE */
    int8_t point_answer;        /* 0 not yet, 1 accepted, -1 declined, -2
                                   declined and settled (MD3) */
    bool turnup_drawn;          /* the turn-up under the stock was drawn */
    bool reshuffle_due;         /* PL1: the stock is to be made anew */
    int8_t veto_scorer;         /* PL5: whose king point waits for the
                                   veto, SEAT_NONE */
    int8_t n_pending;
    /* The tail, read only as far as it is in use: offence_ruling while
     * offence_waiting, the first n_pending of pending.  A copy of the
     * table before an action takes no more (arbiter.c, save_table). */
    struct ruling offence_ruling; /* L43: the ruling that waits */
    struct pending pending[PENDING_MAX];
};

/* Everything the arbiter knows. */
struct table_state {
    struct profile prof;
    bool started;               /* an action has been taken */
    bool target_by_laws;        /* the Laws tag set game= (must agree with
                                   a Target tag) */
    bool target_by_tag;         /* a Target tag was given */
    /* cutting for deal */
    uint8_t cut_card[2];
    int8_t cut_winner;
    bool cut_for_deal_done;
    /* games */
    int game_no;
    bool game_on;               /* a game is in progress */
    bool game_over;
    int8_t game_winner;
    int score[2];
    int games_won[2];           /* in the current rubber */
    int games_won_before[2];    /* the same before the last game was won */
    int8_t next_dealer_before;  /* next_dealer before the last game was won
                                   (the loser deals the next game) */
    bool last_win_rubber;       /* the last game won decided a rubber */
    int rubber_no;
    /* dealing */
    int deal_no;
    bool deal_on;               /* a deal has begun and not ended */
    int8_t last_dealer;         /* dealer of the last deal played out */
    int8_t next_dealer;         /* who should deal next, SEAT_NONE if free */
    int8_t fixed_dealer;        /* the seat that deals every deal (a
                                   chouette's bank), SEAT_NONE: the deal
                                   goes round (arbiter_fix_dealer) */
    int pair_deal;              /* deals before the pair now seated sat
                                   down: their cut for deal comes after
                                   it (arbiter_new_pair) */
    int8_t packs_swapped;       /* L14: the packs stay swapped */
    int8_t order[2];            /* each dealer's packet order: first packet 2 or 3 */
    int order_game[2];          /* game in which it was last adopted */
    int8_t notice[2];           /* a packets notice given for the coming deal */
    int order_line[2];          /* log line where that order was adopted */
    int notice_line[2];         /* log line of the packets notice */
    int overscore[2];           /* points marked beyond what was owed (L51),
                                   not counted: the marker is this far ahead
                                   of the score, until taken down */
    bool completed_deal;        /* a deal has been completed in the sitting */
    /* the last deal, for late marks and rulings that outlive it */
    int8_t prev_king_dealer;    /* dealer whose turned king is unmarked, or NONE */
    int8_t lost_king_dealer;    /* whose unmarked king was lost at the last
                                   turn-up (L22), or NONE */
    int prev_king_game;
    bool prev_king_barred;
    bool prev_king_lost;        /* and its right was ruled lost already (a
                                   late mark, L22; the bar, L19): a later
                                   mark of it is not ruled again */
    int prev_deal_game;
    bool prev_game_over;        /* the last deal ended its game */
    int prev_points[2];         /* final points of that game, if it ended */
    bool belief_win;            /* the game in progress was won by a king
                                   announced from a hand not all seen: the
                                   win is a belief, open to evidence until
                                   the next deal (L25) */
    int8_t belief_seat;         /* who announced it */
    int belief_deal;            /* in which deal */
    int belief_game;            /* which game it won */
    int8_t prev_game_winner;
    struct deal_state d;
};

/*
 * A stretch of the sitting a strike can reach back into (format 1.1): the
 * table before its first action and the actions accepted since, in order.
 * A stretch starts at each `game` and `deal` line (and when one fills up);
 * the arbiter keeps the current one and the one before.
 */
#define ARB_STRETCH_EVENTS 128

struct stretch {
    struct table_state base;    /* the table before ev[0] */
    int n;                      /* actions accepted in the stretch */
    bool valid;                 /* base holds a table (else nothing to reach) */
    struct table_event ev[ARB_STRETCH_EVENTS];
    int line[ARB_STRETCH_EVENTS]; /* the log line of each (notes point back) */
    bool hold_belief;           /* derive it holding a king announced on a
                                   belief that would win the game (the game
                                   it won was reopened by evidence) */
};

struct arbiter {
    struct table_state s;
    int line;                   /* log line of the next event, 0 if unknown */
    struct table_state next;    /* the table before the action being
                                   applied (put back if it is refused),
                                   or the copy a concession is made on */
    char errmsg[320];
    struct stretch stretch[2];  /* [cur] the current stretch, [!cur] the one
                                   before it */
    int cur;
    bool hold_belief;           /* while deriving a stretch again: a king
                                   announced on a belief that would win the
                                   game is held (its point not scored) */
    struct zones conserved;     /* the cards' places last found to keep
                                   card conservation (a full pack in the
                                   stock at first): the same places need
                                   no new count (arbiter.c) */
    /* For tests only (tests/test_arbiter_skips.c): with check_skips set,
     * the laws the arbiter passes over (an evidence pass not live) are
     * asked all the same; each pass checked is counted, and each where a
     * law would have ruled counted again in skips_wrong. */
    bool check_skips;
    long skips_checked;
    long skips_wrong;
};

/* strike.c --------------------------------------------------------- */

/* arbiter__stretch_reset - strikes reach back no further than the table as
 * it is now (after a tag, a lost deal, a fresh arbiter). */
void arbiter__stretch_reset(struct arbiter *a);

/* arbiter__stretch_add - ev was accepted on the table a->s (its state
 * before ev): keep it for a strike, opening a new stretch at a `game` or
 * `deal` line or when the current one is full. */
void arbiter__stretch_add(struct arbiter *a, const struct table_event *ev);

/* arbiter__stretch_add_from - arbiter__stretch_add with the table before
 * ev given (before, borrowed): a->s is already the table after it, and
 * its profile is the table's (before's may not hold one). */
void arbiter__stretch_add_from(struct arbiter *a,
                               const struct table_state *before,
                               const struct table_event *ev);

/* arbiter__stretch_copy - dst's stretches become src's (the actions in use
 * only are copied). */
void arbiter__stretch_copy(struct arbiter *dst, const struct arbiter *src);

/*
 * arbiter__strike - `strike` (format 1.1): the last action still standing is
 * forgotten and the table re-derived from the start of its stretch without
 * it.  out gets the line struck and what the table lost with it (a deal or
 * game it started, a deal or game it ended).  Returns 0, or ARB_E_ORDER when
 * no action is within reach (nothing is changed).
 */
int arbiter__strike(struct arbiter *a, struct arb_result *out);

/*
 * arbiter__derive_stretch - the table derived again from the base of
 * stretch g through its first n actions, a king announced on a belief that
 * would win the game held if a->hold_belief; out, if not NULL, gets the
 * rulings and penalty points of deal number deal's actions after that
 * held announcement.  Returns 0 or the status of the first action refused
 * (the caller then restores a->s).
 */
int arbiter__derive_stretch(struct arbiter *a, const struct stretch *g, int n,
                            struct arb_result *out, int deal);

/*
 * arbiter__apply_core - apply ev to a (the step on a copy, committed only
 * when accepted); record keeps it for strikes.  As arbiter_apply.
 */
int arbiter__apply_core(struct arbiter *a, const struct table_event *ev,
                        struct arb_result *out, bool record);

/* table.c ---------------------------------------------------------- */

/* arbiter__zones_reset - a full pack of unknown cards in the stock. */
void arbiter__zones_reset(struct zones *z);

/*
 * arbiter__move - move card c (or CARD_UNKNOWN) from zone from to zone to.
 * A known card must be known in from, or be known nowhere while from has
 * an unknown place.  Returns 0, or ARB_E_IMPOSSIBLE with the reason in why.
 */
int arbiter__move(struct zones *z, uint8_t c, enum zone from, enum zone to,
                  char *why, size_t n);

/* arbiter__locate - where card c is known to be, or -1. */
int arbiter__locate(const struct zones *z, uint8_t c);

/* arbiter__conserved - the conservation invariant of *z. */
bool arbiter__conserved(const struct zones *z);

/* arbiter__conserved_since - the conservation invariant of *z, where ok
 * (NULL: none) holds places that keep it: a zone the same in both is not
 * counted again (its known cards still fit its count), and the rest is
 * checked whole.  The same answer as arbiter__conserved(z). */
bool arbiter__conserved_since(const struct zones *z, const struct zones *ok);

/* arbiter__zone_name - "A's hand", "the stock", ...; static. */
const char *arbiter__zone_name(enum zone z);

/* search.c --------------------------------------------------------- */

/*
 * arbiter__best_tricks - tricks the leader's side (seat leader) and the
 * other can make from two known hands with trump, trick by trick to the
 * obligation of profile p, both playing their best; out[leader] is what
 * the leader makes against best defence, out[other] what the other makes
 * against the leader's best play.  Hands of at most 5 cards.
 */
void arbiter__best_tricks(uint32_t hand_leader, uint32_t hand_other,
                          int trump, const struct profile *p, int leader,
                          int out[2]);

/* The work of one action: the arbiter (for messages), the copy being
 * changed, the event, and the result being filled. */
struct ctx {
    struct arbiter *a;
    struct table_state *s;
    struct deal_state *d;
    const struct table_event *ev;
    struct arb_result *res;
    bool not_allowed;           /* a ruling refused the action: no effect */
    bool point_held;            /* a ruling offers a veto of the king point
                                   this action scores: it waits (PL5) */
};

/* ------------------------------------------------------------------ */
/* The facts the laws' view and the handlers read of the table, static
 * inline: the view reads them for every action, and a call across files
 * for each cost more than the fact.                                    */
/* ------------------------------------------------------------------ */

/* arbiter__right_dealer - who should deal the next deal, SEAT_NONE if
 * free: a fixed dealer, the next in turn, or the winner of the cut. */
static inline int arbiter__right_dealer(const struct table_state *s)
{
    if (s->fixed_dealer != SEAT_NONE) {
        return s->fixed_dealer;
    }
    if (s->next_dealer != SEAT_NONE) {
        return s->next_dealer;
    }
    return s->cut_winner;
}

/* arbiter__own_pack - the pack dealer should use (L14: the packs may stay
 * swapped). */
static inline int arbiter__own_pack(const struct table_state *s, int dealer)
{
    return s->packs_swapped ? SEAT_OTHER(dealer) : dealer;
}

/* arbiter__exchange_deficit - in an exchange in hand, the cards seat laid
 * out and has not yet been given back by right: elder hand is owed what
 * he asked (at most what he discarded; what he discarded until he asks),
 * the dealer what he discarded.  0 outside an exchange. */
static inline int arbiter__exchange_deficit(const struct deal_state *d,
                                            int seat)
{
    int disc;
    int owed;

    assert(seat == SEAT_A || seat == SEAT_B);
    disc = d->discarded[seat];
    owed = disc;
    if (d->phase != PH_EXCHANGE || disc <= 0) {
        return 0;
    }
    if (seat == d->elder && d->asked >= 0 && d->asked < disc) {
        owed = d->asked;
    }
    return disc - (d->served[seat] < owed ? d->served[seat] : owed);
}

/* arbiter__expected_count - the cards seat should hold now: 5, less the
 * cards he has played, less what he lacks by right (lack), less what the
 * exchange in hand has not yet given back. */
static inline int arbiter__expected_count(const struct deal_state *d,
                                          int seat)
{
    assert(seat == SEAT_A || seat == SEAT_B);
    return 5 - d->played[seat] - d->lack[seat] -
           arbiter__exchange_deficit(d, seat);
}

/* arbiter__drawable - the cards the dealer can still serve: the stock,
 * and the turn-up lying under it (turnup=under-stock) until drawn. */
static inline int arbiter__drawable(const struct ctx *c)
{
    const struct deal_state *d = c->d;
    bool under = c->s->prof.turnup == TURNUP_UNDER_STOCK &&
                 d->turn_up != CARD_NONE && !d->turnup_drawn;

    return d->z.count[Z_STOCK] + (under ? 1 : 0);
}

/* context.c: the lowest floor, calling nothing else of the arbiter --- */

/*
 * arbiter__fail - the message made from fmt (printf-style) set on c's
 * arbiter (arbiter_errmsg), for a refused action.  Returns code, so that
 * a handler can `return arbiter__fail(c, ARB_E_ORDER, ...)`.
 */
int arbiter__fail(struct ctx *c, int code, const char *fmt, ...)
    ARB_PRINTF(3, 4);

/*
 * arbiter__note - a fact worth saying, made from fmt (printf-style),
 * added to c's result (cut at ARB_NOTE_LEN); dropped when the result
 * holds ARB_NOTES_MAX notes already.
 */
void arbiter__note(struct ctx *c, const char *fmt, ...)
    ARB_PRINTF(2, 3);

/* arbiter__cardtext - card_format(card, buf) for messages (buf of
 * CARD_TEXT_MAX bytes).  Returns buf. */
char *arbiter__cardtext(uint8_t card, char *buf);

/*
 * arbiter__need_actor - the event's actor must be seat (who names the
 * role in the message: "the dealer", "elder hand").  Returns 0, or
 * ARB_E_ORDER with the message set.
 */
int arbiter__need_actor(struct ctx *c, int seat, const char *who);

/* arbiter__need_deal - a hand must be in progress (a deal line taken,
 * the hand not over).  Returns 0, or ARB_E_ORDER with the message set. */
int arbiter__need_deal(struct ctx *c);

/* arbiter__result_reset - out made an empty result (the preview texts
 * are written only for the rulings given, so they need no clearing). */
void arbiter__result_reset(struct arb_result *out);

/* cards.c ---------------------------------------------------------- */

/* arbiter__give_cards - move the event's cards (or n unknown ones) from
 * zone from to zone to */
int arbiter__give_cards(struct ctx *c, enum zone from, enum zone to, int n);

/* arbiter__reconcile - an observation outranks the record (docs/format.md,
 * "Unknown cards and counts") */
int arbiter__reconcile(struct ctx *c, int seat, int n);

/* view.c ----------------------------------------------------------- */

/* arbiter__fill_view - the laws' view of the table before c's action,
 * built once an action (every field written) */
void arbiter__fill_view(const struct ctx *c, struct law_view *v);

/* arbiter__update_view - v (filled for c's action) brought up to the
 * table after the action, for the evidence pass (v->after set) */
void arbiter__update_view(const struct ctx *c, struct law_view *v);

/* arbiter__evidence_live - may any law woken by c's evidence engage after
 * the action (its row's evidence_live asked on v, the view before it)? */
bool arbiter__evidence_live(const struct ctx *c, const struct law_view *v);

/* arbiter__role_seat - the seat a row's role names for c's event */
int arbiter__role_seat(const struct ctx *c, enum law_role role, int offender);

/* arbiter__ask_laws - every penalty law woken by the event and engaged
 * gives a ruling into out (up to max) */
int arbiter__ask_laws(struct ctx *c, const struct law_view *v,
                      struct ruling *out, int max);

/* arbiter__rule_supersedes - a variant rule's ruling displaces a club
 * law's on the same event and offender; returns the rulings kept */
int arbiter__rule_supersedes(struct ruling *rs, int n);

/* arbiter__drop_continuing - one irregularity, one ruling */
int arbiter__drop_continuing(struct ctx *c, struct ruling *rs, int n);

/* rulings.c -------------------------------------------------------- */

/* arbiter__add_ruling - put r in the result (and its preview slot) */
struct ruling *arbiter__add_ruling(struct ctx *c, const struct ruling *r);

/* arbiter__give_ruling - r joins the result, is carried out and
 * previewed, unless it waits to be established (a revoke still
 * correctable); 0 or a status */
int arbiter__give_ruling(struct ctx *c, const struct ruling *r,
                         const struct law_view *v);

/* arbiter__establish_offence - the correction window of a waiting revoke
 * closes: before c's event is applied (any but a take-back, a look or a
 * show), or with the hand's end after it (at_end): its ruling is given
 * now (L39, L43); 0 or a status */
int arbiter__establish_offence(struct ctx *c, bool at_end);

/* arbiter__offence_corrected - the waiting revoke of the trick just
 * played is taken back in time: it is never ruled under L43 */
void arbiter__offence_corrected(struct deal_state *d);

/* arbiter__make_ruling - a ruling from law l's row about event ev */
void arbiter__make_ruling(struct ruling *r, enum law_id l, int offender,
                          int elector);

/* arbiter__push_pending - keep r waiting for its elector / window */
struct pending *arbiter__push_pending(struct ctx *c, const struct ruling *r);

/* arbiter__drop_pending - the pending ruling at index i is answered or
 * lapses: it leaves the list, the rest keep their order */
void arbiter__drop_pending(struct deal_state *d, int i);

/* arbiter__owe - the action a remedy requires next: seat throws out,
 * draws or is given n cards (none if n <= 0); l names it in messages */
void arbiter__owe(struct deal_state *d, enum owed_kind k, int seat, int n,
                  enum law_id l);

/* arbiter__bar_turned_king - L19: a miscount played on bars the dealer's
 * turned king (the rows with bars_king) */
void arbiter__bar_turned_king(struct ctx *c);

/* arbiter__carry_out - apply an automatic remedy, or keep the ruling
 * pending for its elector */
int arbiter__carry_out(struct ctx *c, struct ruling *r,
                       const struct law_view *v);

/* arbiter__veto_passed - PL5: the adversary passes, the king point held
 * for his veto is scored */
void arbiter__veto_passed(struct ctx *c);

/* arbiter__evidence - after the action, the laws that read evidence from
 * it are asked on the table as it now stands (L25, L43) */
int arbiter__evidence(struct ctx *c, struct law_view *v);

/* arbiter__penalty_of - king points forfeited by rulings rs[0..n) */
void arbiter__penalty_of(struct ctx *c, const struct ruling *rs, int n);

/* arbiter__deal_stands_late - L14 lapsed: the deal out of turn stands
 * (a note; packs stay swapped); false when r is not L14. */
bool arbiter__deal_stands_late(struct ctx *c, const struct ruling *r);
/* arbiter__deal_line_corrects - a deal line corrects a deal out of turn
 * waiting before the turn-up (L14), carrying out the ruling given at the
 * wrong deal line (no second ruling); true if it did */
bool arbiter__deal_line_corrects(struct ctx *c, int right);

/* arbiter__deal_line_keep - a deal line out of turn waits for its window */
void arbiter__deal_line_keep(struct ctx *c, const struct ruling *rs, int n,
                             int right);


/* arbiter__right_dealer_for - who should deal now (L14 for a deal line) */
int arbiter__right_dealer_for(const struct ctx *c);

/* arbiter__count_from_cards - a card shown, led, played or discarded
 * outranks the count recorded (docs/format.md) */
int arbiter__count_from_cards(struct ctx *c);

/* gate.c ----------------------------------------------------------- */

/*
 * arbiter__gate - may c's event happen now, with what waits: the action a
 * remedy owes, the reshuffle of PL1, the answer to an offer (MD1, MD4),
 * the election on a pending ruling?  The windows of pending rulings that
 * the event closes lapse here, with their default (L14 the deal stands;
 * a short hand plays short).  Returns 0, or ARB_E_PENDING with the
 * message set naming the action expected.
 */
int arbiter__gate(struct ctx *c);

/* elect.c ---------------------------------------------------------- */

/* arbiter__on_elect - `X elects OPTION` on a pending ruling */
int arbiter__on_elect(struct ctx *c);

/* arbiter__now_text - what happens now under ruling r (one without
 * options), as a sentence naming the seats, into buf (size n, always
 * terminated); the law's own words where it has them (now.c), else the
 * remedy's (law_remedy_now). */
void arbiter__now_text(struct ctx *c, const struct ruling *r, char *buf,
                       size_t n);

/* arbiter__preview - what each option of ruling r would give, in words */
void arbiter__preview(struct ctx *c, const struct ruling *r, char *out,
                      size_t n);

/* deal.c ----------------------------------------------------------- */

/* arbiter__deal_reset - d made an empty deal: no dealer, a full pack of
 * unseen cards in the stock, no trump, nothing played. */
void arbiter__deal_reset(struct deal_state *d);

/* arbiter__close_last_deal - before a new deal or game: the last hand's
 * open claims lapse (the played result stands) and what outlives it is
 * kept for late marks */
void arbiter__close_last_deal(struct ctx *c);

/* arbiter__void_deal - the deal is void */
void arbiter__void_deal(struct ctx *c);


int arbiter__on_game(struct ctx *c);

int arbiter__on_score(struct ctx *c);

int arbiter__on_cut_for_deal(struct ctx *c, const struct ruling *rs, int n);

int arbiter__on_deal(struct ctx *c, const struct law_view *v,
                     const struct ruling *rs, int n);

int arbiter__on_shuffle(struct ctx *c);

int arbiter__on_cut(struct ctx *c);

int arbiter__on_packets(struct ctx *c);

/* arbiter__dealer_gives - a `gives` line must come from the dealer, and
 * there must be as many cards left in the pile (named pile in the
 * message) */
int arbiter__dealer_gives(struct ctx *c, const char *pile);

int arbiter__on_give(struct ctx *c);

int arbiter__on_expose(struct ctx *c);

int arbiter__on_turn(struct ctx *c, const struct ruling *rs, int n);

int arbiter__on_look(struct ctx *c);

int arbiter__on_found_faced(struct ctx *c);

/* arbiter__on_found_holds - a hand is counted */
int arbiter__on_found_holds(struct ctx *c);

/* arbiter__dealt_by_now - the cards seat should hold after the packets
 * given so far, dealt in the order whose first packet has first cards
 * (L8) */
int arbiter__dealt_by_now(const struct deal_state *d, int seat, int first);

/* arbiter__settle_rectify - a L9 rectification whose missing cards the
 * log did not name */
int arbiter__settle_rectify(struct ctx *c);

/* exchange.c ------------------------------------------------------- */


/* arbiter__accept_short - a short hand plays on as it is (L21, L30, L34) */
void arbiter__accept_short(struct deal_state *d, int seat);

/* arbiter__surplus - how many cards seat holds beyond what he should
 * (negative if short) */
int arbiter__surplus(const struct deal_state *d, int seat);


/* arbiter__off_by - by how many cards seat's hand is off for a count
 * ruling (found: against what he should hold; else his serving) */
int arbiter__off_by(const struct deal_state *d, int seat, bool found);

/* arbiter__end_exchange - the exchange in hand is over */
int arbiter__end_exchange(struct ctx *c);

int arbiter__on_give_exchange(struct ctx *c);

int arbiter__on_propose(struct ctx *c);

int arbiter__begin_play(struct ctx *c);

int arbiter__on_stand(struct ctx *c);

int arbiter__on_answer(struct ctx *c, bool accept);

int arbiter__on_discard(struct ctx *c);

int arbiter__on_ask(struct ctx *c);

int arbiter__on_draw(struct ctx *c);

/* play.c ----------------------------------------------------------- */

/* arbiter__played_by - card_of_seat_played - did seat play card k in a
 * trick of this hand? */
bool arbiter__played_by(const struct deal_state *d, int seat, uint8_t k);

/* arbiter__credit_short - a hand with no card left cannot play */
void arbiter__credit_short(struct ctx *c);

/* arbiter__is_lead_after_credit - the event is a card led by the player
 * with cards left, after his adversary ran out and the hand was credited */
bool arbiter__is_lead_after_credit(const struct ctx *c);

int arbiter__on_lead(struct ctx *c, const struct ruling *rs, int n);

int arbiter__on_play(struct ctx *c);

int arbiter__on_take_back(struct ctx *c, const struct ruling *rs, int n);

/* arbiter__take_back_of_a_card_in_hand - a take-back of a card known to
 * be in the actor's hand already: a note, *done set, nothing else.
 * Returns 0. */
int arbiter__take_back_of_a_card_in_hand(struct ctx *c, bool *done);

/* arbiter__lead_in_turn_after - the right player's lead puts right a lead
 * out of turn left unanswered: that card back to its hand, with a note
 * (L40).  Returns 0 or a failing status. */
int arbiter__lead_in_turn_after(struct ctx *c);

int arbiter__on_abandon(struct ctx *c);

int arbiter__on_show(struct ctx *c);

int arbiter__on_claim(struct ctx *c);

int arbiter__on_end(struct ctx *c);

/* score.c ---------------------------------------------------------- */

/* arbiter__report_deal - the deal's outcome as it stands, into the result */
void arbiter__report_deal(struct ctx *c);

/* arbiter__end_hand_now - the deal is over (scored, void or cut short) */
void arbiter__end_hand_now(struct ctx *c);

/* arbiter__award - seat scores n points in the current game (n may be
 * negative for a correction) */
void arbiter__award(struct ctx *c, int seat, int n);

/* arbiter__hand_points - what the winner of the tricks scores (L48, L49)
 * and the caps of L25/L43 on an offender */
int arbiter__hand_points(const struct ctx *c, int *winner);

/* arbiter__reveal - card k is seen in seat's hand (or was played by him):
 * placed there if it can be; ARB_E_IMPOSSIBLE if it is elsewhere */
int arbiter__reveal(struct ctx *c, int seat, uint8_t k);

/* arbiter__is_claim - r lets the adversary stand or replay (L25, L43) */
bool arbiter__is_claim(const struct ruling *r);

/* arbiter__has_open_claim - a L25/L43 ruling still waits for the
 * adversary */
bool arbiter__has_open_claim(const struct deal_state *d);

/* arbiter__score_hand - score the tricks of a finished hand, unless an
 * election holds the points back */
void arbiter__score_hand(struct ctx *c);

/* arbiter__finish_hand - the last trick is taken (or credited) */
void arbiter__finish_hand(struct ctx *c);

/* arbiter__start_game - a new game at 0-0 */
void arbiter__start_game(struct ctx *c);

/* arbiter__game_won - seat reached the target: the game ends at once
 * (L46), and the rubber if it decides one */
void arbiter__game_won(struct ctx *c, int seat);

/* arbiter__reopen_game - the game won is not won after all and goes on:
 * the rubber count restored, the result says it is reopened and why (the
 * caller notes it) */
void arbiter__reopen_game(struct ctx *c, enum arb_reopen why);

/* arbiter__game_result - the result of the game s has won, as it stands,
 * into *g (its rubber fields untouched) */
void arbiter__game_result(const struct table_state *s,
                          struct arb_game_result *g);

/* arbiter__report_game - the game's result, as it stands, into c's
 * result */
void arbiter__report_game(struct ctx *c);

int arbiter__on_mark_king(struct ctx *c, const struct law_view *v);

int arbiter__on_announce(struct ctx *c, const struct law_view *v);

int arbiter__on_withdraw(struct ctx *c);

/* arbiter__on_mark - `X marks N` */
int arbiter__on_mark(struct ctx *c, const struct law_view *v);

/* arbiter__on_unmark - `X unmarks N` */
int arbiter__on_unmark(struct ctx *c);

/* variants.c ------------------------------------------------------- */

/* arbiter__on_offer_double - `X offers-double` (MD1, MD2) */
int arbiter__on_offer_double(struct ctx *c, const struct ruling *rs, int n);

/* arbiter__on_answer_double - `Y accepts-double` / `Y declines-double` */
int arbiter__on_answer_double(struct ctx *c, bool accept);

/* arbiter__on_offer_point - `X offers-point` (MD3-MD5) */
int arbiter__on_offer_point(struct ctx *c, const struct ruling *rs, int n);

/* arbiter__on_answer_point - `Y accepts-point` / `Y declines-point` */
int arbiter__on_answer_point(struct ctx *c, bool accept);

/* arbiter__on_reshuffle - `D reshuffles N` (PL1) */
int arbiter__on_reshuffle(struct ctx *c);

/* arbiter__on_veto - `X vetoes C` (PL5) */
int arbiter__on_veto(struct ctx *c, const struct ruling *rs, int n);

#endif /* ECARTE_ARBITER_ARBITER_INT_H */
