/* SPDX-License-Identifier: MIT */
/*
 * sitting.h - the sitting above the two seats: persons, roles, stakes,
 * bets and money (docs/variants.md: formats, persons, CH, PO, BY).
 *
 * The two-seat referee (arbiter/) knows seats A and B and points; this
 * layer knows who sits in them, who waits, who advises, who bets and who
 * owes whom.  It takes every line of a log: its own lines (person, seat,
 * roles, pool, and the actions of persons) it rules itself; every card
 * action it passes to the arbiter unchanged, so that L1-L51 and the
 * profiles apply to whoever sits there, and it listens to what the
 * arbiter reports (a game ended, a game's result taken back) to move
 * roles and money.  The formats: duel (two persons, today's game),
 * chouette (sitting/sit_chouette.c), pool (sitting/sit_pool.c), gallery
 * (sitting/sit_gallery.c).  The rules CH1-CH5, PO1-PO4, BY1-BY10 are rows of
 * the law registry (laws/); their verdicts are here.
 *
 * A two-seat log (no Format tag, or "duel", and no person line) passes
 * through untouched: the arbiter gives exactly what it gives alone.
 *
 * Money: every settlement (`= settle`) sums to zero, the house's levy
 * included; sitting_apply checks it after every settlement, as the
 * arbiter checks card conservation after every action.
 */
#ifndef ECARTE_SITTING_SITTING_H
#define ECARTE_SITTING_SITTING_H

#include <stdbool.h>
#include <stddef.h>

#include "arbiter/arbiter.h"
#include "laws/laws.h"
#include "tablelog/tablelog.h"

struct sitting;

/* Status codes: 0 success, negative failure.  The arbiter's codes
 * (ARB_E_IMPOSSIBLE, ARB_E_ORDER, ARB_E_PENDING) come through as they
 * are, for a card action the arbiter refused. */
enum sit_status {
    SIT_OK = 0,
    SIT_E_ERROR = -1,           /* out of memory, bad argument */
    SIT_E_INPUT = -6,           /* a line the sitting cannot take: a person
                                   never declared, a line of another
                                   format, a seat changed mid-game, the
                                   table held for a seat (CH1, PO2) */
    SIT_E_TAG = -7,             /* a Format or Stake tag that cannot be
                                   used */
    SIT_E_MONEY = -8            /* a settlement that does not sum to zero
                                   (it never should: money conservation) */
};

/* The formats of the Format tag (docs/variants.md, formats). */
enum sit_format {
    SIT_DUEL,                   /* two players: today's game */
    SIT_CHOUETTE,               /* a bank against the others */
    SIT_POOL,                   /* pool écarté */
    SIT_GALLERY                 /* bystanders' bets */
};

#define SIT_RULINGS_MAX 4
#define SIT_MARKS_MAX 8
#define SIT_NOTES_MAX 6
#define SIT_NOTE_LEN 200
#define SIT_RECORDS_MAX 96
#define SIT_MARK_TEXT 1024
#define SIT_ROLE_LEN 12         /* a role's word and its NUL ("bystander") */

/* A ruling of the sitting: its offender and elector are persons or
 * seats ("ann", "B"), or "" for nobody. */
struct sit_ruling {
    enum law_id law;            /* CH1 ... BY10, or L4 (a person's cut) */
    char offender[TL_ID_MAX];
    char elector[TL_ID_MAX];
    enum remedy remedy;
    char note[RULING_NOTE_MAX]; /* what happened, in words */
};

/* The kinds of the sitting's `=` lines. */
enum sit_mark_kind {
    SIT_MARK_SETTLE,            /* = settle ... : money moved */
    SIT_MARK_POOL,              /* = pool N: what the pool holds now */
    SIT_MARK_ROLES,             /* = roles ...: who holds which role now */
    SIT_MARK_BETS,              /* = bets ...: the bets at risk (the close) */
    SIT_MARK_KINDS
};

/* One `=` line the rules give after an action, in order. */
struct sit_mark {
    enum sit_mark_kind kind;
    int game;                   /* the game it belongs to */
    char reason[24];            /* settle: "game", "forfeit-stake",
                                   "pool", "reopened" */
    char text[SIT_MARK_TEXT];   /* the line's canonical words, without
                                   "= " ("settle ann +2 bob -1 cy -1") */
    int n;                      /* settle: the transfers, summing to 0 */
    struct tl_amount t[TL_IDS_MAX + 1];
    /* settle: the role t[i].who held when the money moved ("" for the
     * house): in the game settled ("game", "pool") or taken back
     * ("reopened"), else as the line found him (a stake forfeited at
     * once: the role in which he looked) */
    char role[TL_IDS_MAX + 1][SIT_ROLE_LEN];
};

/* What the ledger keeps beside the settlements. */
enum sit_record_kind {
    SIT_REC_SEATING,            /* who sat in a seat for a game */
    SIT_REC_STAKE,              /* a stake, ante or forfeit */
    SIT_REC_BET,                /* a bet standing at the close */
    SIT_REC_ROLE                /* a person's part in a game ended */
};

struct sit_record {
    enum sit_record_kind kind;
    int game;
    int seat;                   /* SEATING, BET: the seat; else SEAT_NONE */
    char who[TL_ID_MAX];        /* the person */
    char other[TL_ID_MAX];      /* BET: who covers it ("" in a tableau) */
    char what[16];              /* SEATING, ROLE: the role (bank, ponte,
                                   adviser, player, roi, rentrant,
                                   waiting, bettor, bystander);
                                   STAKE: stake, ante, forfeit */
    int amount;                 /* STAKE, BET: the amount; ROLE: his net
                                   for the game */
    int odds[2];                /* BET: P and Q (1 1: even money) */
    int won;                    /* ROLE: 1 his side won, -1 lost, 0 neither */
};

/* What one line gave above the seats.  Reset by sitting_apply; the
 * counts say what is filled (nothing else is cleared). */
struct sit_result {
    bool taken;                 /* a line of the sitting: the arbiter did
                                   not see it (its result is empty unless
                                   a concession filled it) */
    bool touched;               /* the sitting recorded something on it */
    int n_rulings;
    struct sit_ruling rulings[SIT_RULINGS_MAX];
    int n_marks;
    struct sit_mark marks[SIT_MARKS_MAX];
    int n_notes;
    char notes[SIT_NOTES_MAX][SIT_NOTE_LEN];
    int n_records;
    struct sit_record records[SIT_RECORDS_MAX];
};

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/*
 * sitting_open - a sitting in the duel format, nobody declared.  Returns
 * 0 and the sitting in *out (owned: sitting_close), or SIT_E_ERROR if
 * out of memory.
 */
int sitting_open(struct sitting **out);

/* sitting_close - free s (NULL is fine). */
void sitting_close(struct sitting *s);

/* sitting_copy - make dst the same sitting as src (a snapshot to go back
 * to, with the arbiter's: an import's deal that does not read).  Cannot
 * fail. */
void sitting_copy(struct sitting *dst, const struct sitting *src);

/* sitting_errmsg - why the last call on s failed: one line "expected
 * ..., found ..." (borrowed, valid until the next call on s).  For a
 * card action the arbiter refused, the arbiter's message. */
const char *sitting_errmsg(const struct sitting *s);

/* ------------------------------------------------------------------ */
/* Lines                                                                */
/* ------------------------------------------------------------------ */

/*
 * sitting_set_tag - a tag pair of the log: Format (a format and its
 * switches, docs/variants.md), Stake (a positive integer) and Rubber
 * (forced to 0 in a format other than duel: each game is settled on its
 * own) are the sitting's; others are ignored.  Only before the first
 * line.  Returns 0, or SIT_E_TAG with the reason in sitting_errmsg.
 */
int sitting_set_tag(struct sitting *s, const char *name, const char *value);

/*
 * sitting_apply - take one action line l of the log (l->kind TL_EVENT):
 * a line of the sitting (tl_is_sitting) is ruled here; any other is
 * passed to the arbiter a (arbiter_apply, after the sitting's own
 * checks: a table held for a seat refuses it), and what the arbiter
 * reports (a game won, a result taken back, a turn-up) moves roles and
 * money.  *ar gets the arbiter's result (empty for a line of the sitting
 * unless a player's leaving ended the game), *out the sitting's.  The
 * first line fixes the format: the arbiter is told the rules it implies
 * (Rubber 0, the bank dealing every hand) before anything else.
 * Returns 0; SIT_E_INPUT (the line cannot stand above the seats), the
 * arbiter's code (the card action cannot stand), SIT_E_MONEY (never) or
 * SIT_E_TAG (a Rubber tag against the format), with the reason in
 * sitting_errmsg; on failure the sitting and the arbiter are as they
 * were and *ar and *out hold nothing.
 */
int sitting_apply(struct sitting *s, struct arbiter *a,
                  const struct tl_line *l, struct arb_result *ar,
                  struct sit_result *out);

/*
 * sitting_observe - the arbiter gave *ar otherwise than through
 * sitting_apply (a deal left out of an import, arbiter_lose_deal): roles
 * and money follow it as they would a line's.  *out gets what it gave.
 * Returns 0, or SIT_E_MONEY.
 */
int sitting_observe(struct sitting *s, struct arbiter *a,
                    const struct arb_result *ar, struct sit_result *out);

/* ------------------------------------------------------------------ */
/* Reading the sitting                                                  */
/* ------------------------------------------------------------------ */

/* sitting_active - is anything above the seats: a format other than
 * duel, or a person declared?  While not, every line goes to the arbiter
 * untouched. */
bool sitting_active(const struct sitting *s);

/* sitting_format - the format in force (enum sit_format). */
int sitting_format(const struct sitting *s);

/*
 * sitting_now_text - what an `=` line of kind (TL_EXPECT_POOL, _ROLES,
 * _BETS) would say now, without "= " ("pool 4", "roles bank ann ponte
 * bob advisers cy"), into buf of size n: "" when the sitting has nothing
 * of the kind (no pool, no roles, no bet).  Returns buf.
 */
char *sitting_now_text(const struct sitting *s, enum tl_kind kind, char *buf,
                       size_t n);

/* sitting_persons - how many persons were declared. */
int sitting_persons(const struct sitting *s);

/* sitting_person - the ID of person i (0 <= i < sitting_persons) and his
 * balance for the sitting into *balance (NULL: not wanted); borrowed. */
const char *sitting_person(const struct sitting *s, int i, int *balance);

/* sitting_person_role - the part person i (0 <= i < sitting_persons)
 * plays now, in his format's words ("bank", "ponte", "adviser", "roi",
 * "rentrant", "waiting", "bettor", "player", "bystander"); static. */
const char *sitting_person_role(const struct sitting *s, int i);

/* sitting_seated - the ID of the person in seat (SEAT_A, SEAT_B) now,
 * or NULL if nobody declared sits there (a duel without persons);
 * borrowed, valid until the next call that changes s. */
const char *sitting_seated(const struct sitting *s, int seat);

/* sitting_house - what the house's levy has taken in the sitting. */
int sitting_house(const struct sitting *s);

/*
 * sitting_mark_text - the canonical words of the `=` line l (a
 * TL_EXPECT_SETTLE, _POOL, _ROLES or _BETS line), normalized as the
 * sitting writes its own (tl_normalize), without "= ", into buf of size
 * n.  Two lines saying the same give the same text.  Returns buf.
 */
char *sitting_mark_text(const struct tl_line *l, char *buf, size_t n);

/* sitting_mark_kind - the mark kind of an `=` line's kind, or -1. */
int sitting_mark_kind(enum tl_kind kind);

#endif /* ECARTE_SITTING_SITTING_H */
