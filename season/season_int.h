/* SPDX-License-Identifier: MIT */
/*
 * season_int.h - what the files of season/ share (season/ only):
 * standings.c runs the query and sums it per member, stats.c walks each
 * sitting with the audit and computes the statistics.
 */
#ifndef ECARTE_SEASON_SEASON_INT_H
#define ECARTE_SEASON_SEASON_INT_H

#include "season/season.h"

/* season__standings_v4_sql - season_standings_sql without the member
 * tables, for a ledger older than schema version 5 (names only). */
extern const char season__standings_v4_sql[];

/* season__err - printf of fmt into err (n bytes). */
void season__err(char *err, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* season__member - the member of s named name, added if new; NULL out
 * of memory. */
struct season_member *season__member(struct season *s, const char *name);

/* season__evening - m's evening of sitting (of date 'YYYY-MM-DD'), added
 * if new; NULL out of memory. */
struct season_evening *season__evening(struct season_member *m,
                                       int64_t sitting, const char *date);

/*
 * season__audit - sitting of l walked by the audit (audit_collect of that
 * sitting alone): each of its players' tallies added to his member's in
 * s (the sitting among his evenings; his sittings are counted by
 * standings.c, every member named in it).  Returns 0,
 * -1 with why in err.
 */
int season__audit(struct ledger *l, struct season *s, int64_t sitting,
                  const char *date, char *err, size_t err_n);

/* season__has_persons - 1 if sitting of l declares a person (a table of
 * three or more), else 0 (a ledger error too: the caller's next read
 * says it). */
int season__has_persons(struct ledger *l, int64_t sitting);

#endif /* ECARTE_SEASON_SEASON_INT_H */
