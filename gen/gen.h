/* SPDX-License-Identifier: MIT */
/*
 * gen.h - the generator: deterministic synthetic sittings for tests,
 * benchmarks and audits.  Two players of simple strategies play legal
 * Écarté with a shuffled pack under any rule profile and any format of
 * the table; each action is written as a .ecarte line and given to a
 * referee, whose scores, rulings and hand values are written as `=`
 * lines; irregularities are injected at a rate, each marked by a comment
 * `# injected ID: what` where its ruling belongs.
 */
#ifndef ECARTE_GEN_GEN_H
#define ECARTE_GEN_GEN_H

#include <stdio.h>

#include "session/session.h"

#define GEN_DEALS_MAX 100000000L

/* What to generate. */
struct gen_options {
    long deals;                 /* deals to write, 1 to GEN_DEALS_MAX */
    unsigned long long seed;    /* the same seed, the same sitting */
    double rate;                /* the chance of an irregularity in a
                                   deal, 0 to 1 */
    const char *laws;           /* a Laws tag value, NULL: london */
    const char *format;         /* a Format tag value, NULL: a duel */
};

/* How gen_write went. */
enum gen_status {
    GEN_OK = 0,
    GEN_E_USAGE = -1,           /* the options do not stand (err says) */
    GEN_E_INTERNAL = -2         /* the referee refused a line the
                                   generator wrote: its fault (err says;
                                   nothing more was written) */
};

/*
 * gen_write - the sitting opt describes, written to out (borrowed) as a
 * .ecarte log, byte for byte the same for the same options.  Returns
 * GEN_OK, or GEN_E_USAGE / GEN_E_INTERNAL with why in err (err_n bytes).
 */
int gen_write(const struct gen_options *opt, FILE *out, char *err,
              size_t err_n);

#endif /* ECARTE_GEN_GEN_H */
