/* SPDX-License-Identifier: MIT */
/*
 * report_summary.c - `ecarte report`: the summary at the top of the page,
 * every figure of it a link down to where it stands: the proof's
 * verdict, the sittings, the deals and games, the rulings by law (each
 * law's first rulings linked), the irregularities, the audit's findings,
 * the flags (statistics, quarantined deals, scores a penalty capped), the
 * scorer's strikes and, at a table with persons, the money.  It holds
 * counts only: what it links to is written elsewhere.
 */
#include "report/report_int.h"

#include <string.h>

/* row_open - a row of the summary: its heading. */
static void row_open(FILE *fp, const char *heading)
{
    fputs("<tr><th>", fp);
    html_put(fp, heading);
    fputs("</th><td>", fp);
}

/* counted - "N thing(s)" as a link to href (no link when n is 0). */
static void counted(FILE *fp, long n, const char *one, const char *many,
                    const char *href)
{
    if (n > 0 && href != NULL) {
        fprintf(fp, "<a href=\"%s\">", href);
    }
    fprintf(fp, "%ld ", n);
    html_put(fp, n == 1 ? one : many);
    if (n > 0 && href != NULL) {
        fputs("</a>", fp);
    }
}

/* verdict_row - the proof's verdict, linked to its statement. */
static void verdict_row(FILE *fp, const struct report *r)
{
    row_open(fp, "Verification");
    if (r->proof.findings > 0) {
        fprintf(fp, "<a class=\"flag\" href=\"#verified\">NOT VERIFIED</a>: "
                    "%lld finding%s in the ledger's proof",
                (long long)r->proof.findings,
                r->proof.findings == 1 ? "" : "s");
    } else {
        fprintf(fp, "<a href=\"#verified\">Verified</a>: the chain of %lld "
                    "events intact, every row of %lld sitting%s re-derived "
                    "and found equal",
                (long long)r->proof.events, (long long)r->proof.sittings,
                r->proof.sittings == 1 ? "" : "s");
    }
    fputs("</td></tr>\n", fp);
}

/* laws_table - the rulings by law: the law, its title, how many, and
 * links to the first of them. */
static void laws_table(FILE *fp, const struct report *r,
                       const struct audit_totals *tot)
{
    fputs("<table class=\"laws\" id=\"summary-laws\"><tr><th>Law</th>"
          "<th>Title</th><th>Rulings</th><th>Irregularities</th>"
          "<th>Where</th></tr>\n", fp);
    for (int l = 0; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);
        int shown = r->by_law[l] < REP_LAW_LINKS ? r->by_law[l]
                                                 : REP_LAW_LINKS;

        if (r->by_law[l] == 0 && tot->irregular[l] == 0) {
            continue;
        }
        fputs("<tr><td>", fp);
        html_put(fp, row->id);
        fputs("</td><td>", fp);
        html_put(fp, row->title);
        fprintf(fp, "</td><td class=\"num\">%d</td><td class=\"num\">%d"
                    "</td><td>",
                r->by_law[l], tot->irregular[l]);
        for (int i = 0; i < shown; i++) {
            fprintf(fp, "%s<a href=\"#ruling-%d\">%d</a>", i > 0 ? ", " : "",
                    r->law_rulings[l][i], r->law_rulings[l][i]);
        }
        if (r->by_law[l] > shown) {
            fprintf(fp, " and %d more", r->by_law[l] - shown);
        }
        fputs("</td></tr>\n", fp);
    }
    fputs("</table>\n", fp);
}

/* flags_row - what the report flags: the statistics the audit flags,
 * the deals quarantined, the scores a penalty capped. */
static void flags_row(FILE *fp, const struct report *r,
                      const struct audit_totals *tot)
{
    char href[40];

    row_open(fp, "Flags");
    counted(fp, tot->flags, "statistic flagged against chance",
            "statistics flagged against chance", "#flags");
    fputs("; ", fp);
    counted(fp, r->n_gaps, "deal quarantined", "deals quarantined",
            "#lost-1");
    fputs("; ", fp);
    snprintf(href, sizeof(href), "#deal-%d", r->first_capped);
    counted(fp, r->n_capped, "hand's score capped by a penalty",
            "hands' scores capped by a penalty", href);
    fputs("</td></tr>\n", fp);
}

/* money_row - the persons and the money, at a table with persons. */
static void money_row(FILE *fp, const struct report *r)
{
    row_open(fp, "Money");
    counted(fp, r->n_persons, "person", "persons", "#money");
    fputs(", ", fp);
    counted(fp, r->n_stakes, "stake, ante or forfeit",
            "stakes, antes and forfeits", NULL);
    fputs(", ", fp);
    counted(fp, r->n_bets, "bet", "bets", NULL);
    fputs(", ", fp);
    counted(fp, r->n_settlements, "settlement", "settlements",
            "#settlement-1");
    fputs("; the house's levy ", fp);
    fprintf(fp, "%ld", r->levy);
    fputs(" (<a href=\"#money\">balances</a>)</td></tr>\n", fp);
}

void report__summary(FILE *fp, const struct report *r,
                     const struct audit_totals *tot)
{
    char href[40];

    fputs("<section id=\"summary\">\n<h2>Summary</h2>\n"
          "<table class=\"summary\">\n", fp);
    verdict_row(fp, r);
    row_open(fp, "Sittings");
    fprintf(fp, "sitting %lld", (long long)r->sitting);
    if (r->n_persons > 0) {
        fputs(", at a table of ", fp);
        counted(fp, r->n_persons, "person", "persons", "#money");
    }
    fprintf(fp, "; the ledger holds %lld sitting%s", (long long)r->n_sittings,
            r->n_sittings == 1 ? "" : "s");
    fputs("</td></tr>\n", fp);
    row_open(fp, "Deals");
    counted(fp, tot->deals, "deal", "deals", "#scoresheet");
    fputs(" in ", fp);
    counted(fp, r->n_games, "game", "games",
            r->n_index > 1 ? "#index" : "#scoresheet");
    fprintf(fp, ", %lld action%s recorded</td></tr>\n",
            (long long)tot->events, tot->events == 1 ? "" : "s");
    row_open(fp, "Rulings");
    counted(fp, r->n_rulings, "ruling", "rulings", "#rulings");
    if (r->n_rulings > 0 || r->n_irregular > 0) {
        fputs(", by law:", fp);
        laws_table(fp, r, tot);
    }
    fputs("</td></tr>\n", fp);
    row_open(fp, "Irregularities");
    counted(fp, r->n_irregular, "irregularity", "irregularities",
            "#irregularities");
    fputs("</td></tr>\n", fp);
    row_open(fp, "Findings");
    snprintf(href, sizeof(href), "#finding-1");
    counted(fp, tot->findings, "finding of the audit",
            "findings of the audit", r->n_findings > 0 ? href : "#findings");
    fputs("</td></tr>\n", fp);
    flags_row(fp, r, tot);
    if (r->n_strikes > 0) {
        row_open(fp, "Strikes");
        counted(fp, r->n_strikes, "line struck by the scorer",
                "lines struck by the scorer", "#strikes");
        fputs("</td></tr>\n", fp);
    }
    if (r->n_persons > 0) {
        money_row(fp, r);
    }
    fputs("</table>\n</section>\n", fp);
}
