/* SPDX-License-Identifier: MIT */
/*
 * laws_int.h - declarations shared by the files of laws/ only: one row per
 * law, defined in laws/law_<nn>_<slug>.c, collected by laws.c.
 */
#ifndef ECARTE_LAWS_LAWS_INT_H
#define ECARTE_LAWS_LAWS_INT_H

#include "laws/laws.h"

#define LAW(num, slug) extern const struct law law_##num##_##slug;
#define RULE(sys, num, slug) extern const struct law rule_##sys##num##_##slug;
#include "laws/law_list.h"
#undef RULE
#undef LAW

/*
 * laws__count_in_exchange - a count of seat's hand found now belongs to
 * the exchange laws (L29-L34), not to L15-L18 or L20/L21: elder hand has
 * proposed (his own window, L15/L16, is shut) or, for the dealer, he has
 * answered the first proposal (L17/L18 shut) and an exchange is in hand
 * or has happened.  False with no deal.
 */
bool laws__count_in_exchange(const struct law_view *v, int seat);


/*
 * Reading a law view safely.  A law may be asked in any state: before any
 * deal (no dealer, no elder hand, no trump), with an actor or target of
 * SEAT_NONE.  Index the per-seat fields of struct law_view only through
 * these, so that a seat of SEAT_NONE never indexes an array.
 */

/* (static inline here: every law asks them, most of them several times
 * an event, and a call across files for each was a call per question.) */

/* laws__is_seat - true if s is SEAT_A or SEAT_B (not SEAT_NONE). */
static inline bool laws__is_seat(int s)
{
    return s == SEAT_A || s == SEAT_B;
}

/* laws__same_seat - true if a and b are the same seat; false whenever
 * either is SEAT_NONE (no dealer is nobody's seat). */
static inline bool laws__same_seat(int a, int b)
{
    return laws__is_seat(a) && a == b;
}

/* laws__seat_int - pair[s] for a seat s; none if s is not a seat. */
static inline int laws__seat_int(const int pair[2], int s, int none)
{
    return laws__is_seat(s) ? pair[s] : none;
}

/* laws__seat_flag - pair[s] for a seat s; false if s is not a seat. */
static inline bool laws__seat_flag(const bool pair[2], int s)
{
    return laws__is_seat(s) && pair[s];
}

/*
 * The verdicts of the rules of a sitting (laws/sit_view.c).  A verdict
 * starts from an empty struct sit_verdict (remedy REM_NONE, persons -1,
 * seats SEAT_NONE, note ""), filled by the sitting layer before it asks.
 */

/* laws__sit_id - the ID of person in v, "" for nobody (-1). */
const char *laws__sit_id(const struct sit_view *v, int person);

/* laws__sit_seat_of - the seat person sits in, SEAT_NONE (nobody too). */
int laws__sit_seat_of(const struct sit_view *v, int person);

/* laws__say - the verdict's words, printf-style. */
void laws__say(struct sit_verdict *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* laws__rule - the rule is engaged: remedy, and the offender (a person,
 * or the player of offender_seat, or nobody: -1 and SEAT_NONE) into
 * *out.  Returns true, for `return laws__rule(...)`. */
bool laws__rule(struct sit_verdict *out, enum remedy remedy, int offender,
                int offender_seat);

/* laws__bets_held - how many live bets person made, and covers he gave
 * on live bets of others. */
int laws__bets_held(const struct sit_view *v, int person);

/*
 * laws__seat_against_roles - the verdict of CH1 and PO2: at a seat line
 * (the seat it names) or when a game begins (seat A, then B), a seat
 * whose player is not the one the roles put there (v->due), the table
 * not held already: reseat, the player there offending; the seat and
 * the person due in *out.
 */
bool laws__seat_against_roles(const struct sit_view *v,
                              const struct sit_event *e,
                              struct sit_verdict *out);

#endif /* ECARTE_LAWS_LAWS_INT_H */
