/*
 * laws_int.h - declarations shared by the files of laws/ only: one row per
 * law, defined in laws/law_<nn>_<slug>.c, collected by laws.c.
 */
#ifndef ECARTE_LAWS_LAWS_INT_H
#define ECARTE_LAWS_LAWS_INT_H

#include "laws/laws.h"

#define LAW(num, slug) extern const struct law law_##num##_##slug;
#include "laws/law_list.h"
#undef LAW

/*
 * laws__count_in_exchange - a count of seat's hand found now belongs to
 * the exchange laws (L29-L34), not to L15-L18 or L20/L21: elder hand has
 * proposed (his own window, L15/L16, is shut) or, for the dealer, he has
 * answered the first proposal (L17/L18 shut) and an exchange is in hand
 * or has happened.  False with no deal.
 */
bool laws__count_in_exchange(const struct law_view *v, int seat);

#endif /* ECARTE_LAWS_LAWS_INT_H */
