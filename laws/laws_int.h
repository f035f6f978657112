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

/* laws__is_seat - true if s is SEAT_A or SEAT_B (not SEAT_NONE). */
bool laws__is_seat(int s);

/* laws__same_seat - true if a and b are the same seat; false whenever
 * either is SEAT_NONE (no dealer is nobody's seat). */
bool laws__same_seat(int a, int b);

/* laws__seat_int - pair[s] for a seat s; none if s is not a seat. */
int laws__seat_int(const int pair[2], int s, int none);

/* laws__seat_flag - pair[s] for a seat s; false if s is not a seat. */
bool laws__seat_flag(const bool pair[2], int s);

#endif /* ECARTE_LAWS_LAWS_INT_H */
