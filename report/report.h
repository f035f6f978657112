/* SPDX-License-Identifier: MIT */
/*
 * report.h - the report: one sitting of a ledger as a single HTML page
 * that needs nothing else to be read or printed (inline CSS and SVG, no
 * script, no network): the proof's verdict at its top, a summary linking
 * down, the audit's findings and flags, at a table of three or more the
 * persons and the money, an index of the games, the scoresheet, every
 * ruling with the table as it stood, the irregularities, and each
 * person's summary with charts.
 */
#ifndef ECARTE_REPORT_REPORT_H
#define ECARTE_REPORT_REPORT_H

#include <stdio.h>

#include "audit/audit.h"

/* report_write's failures beside -1 (a ledger error, out of memory, a
 * temporary file that could not be made). */
#define REPORT_E_NO_SITTING (-2)

/*
 * report_write - sitting of ledger l (in the caller's read transaction,
 * if one is open) as one HTML page on fp; proof (may be NULL) is what
 * proof_ledger found, stated at the page's top and in its summary.  At
 * a table with persons (a chouette, a pool, a gallery) the persons are
 * named and the money shown: what the sitting's rules give as the
 * audit's walk re-derives each action (stakes, bets, roles, settlements
 * with their transfers), and the balances as the ledger holds them
 * (ledger_balances_foreach).  Memory is held per deal, not per sitting:
 * the sections go to temporary files first, and what the scoresheet
 * needs of each deal, game, seating and item of money to temporary
 * files of records; the summary holds counts.  Returns 0,
 * REPORT_E_NO_SITTING or -1, why in err (err_n bytes).
 */
int report_write(struct ledger *l, int64_t sitting,
                 const struct proof_summary *proof, FILE *fp, char *err,
                 size_t err_n);

struct season_filter;

/*
 * report_season_write - the season of l that f chooses (NULL: every
 * sitting; season/season.h) as one HTML page on fp in the report's
 * style: proof's verdict (proof may be NULL), the money's check, a
 * table of the members, then each member's figures, irregularities by
 * law, statistics against chance and small SVG charts of his points and
 * money evening by evening; every name escaped.  Returns 0 or -1, why
 * in err (err_n bytes).
 */
int report_season_write(struct ledger *l, const struct season_filter *f,
                        const struct proof_summary *proof, FILE *fp,
                        char *err, size_t err_n);

#endif /* ECARTE_REPORT_REPORT_H */
