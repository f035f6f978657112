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

#endif /* ECARTE_LAWS_LAWS_INT_H */
