/* SPDX-License-Identifier: MIT */
/*
 * report_players.c - `ecarte report`: each player's summary from the
 * audit (a person at a table with persons, a seat of a duel):
 * irregularities by law, points won and lost through the penalty laws,
 * a person's games and money by role, and charts (inline SVG): kings
 * turned up and kings of trumps held against the band chance gives (the
 * audit's binomial), proposals made and accepted, irregularities by law;
 * then every statistic with its probability.
 */
#include "report/report_int.h"

#include <string.h>

/* band - the counts of k in n trials of chance p that neither tail makes
 * rarer than AUDIT_FLAG_P (the audit's test): *lo and *hi.  Both tails
 * are monotone in k, so each bound is found by bisection. */
static void band(int n, double p, int *lo, int *hi)
{
    int a = 0;
    int b = n;

    /* lo: the least k with P(X <= k) >= AUDIT_FLAG_P (k = n has 1) */
    while (a < b) {
        int m = a + (b - a) / 2;

        if (1.0 - audit_binom_tail(n, m + 1, p) >= AUDIT_FLAG_P) {
            b = m;
        } else {
            a = m + 1;
        }
    }
    *lo = a;
    /* hi: the greatest k with P(X >= k) >= AUDIT_FLAG_P (k = 0 has 1) */
    a = 0;
    b = n;
    while (a < b) {
        int m = b - (b - a) / 2;

        if (audit_binom_tail(n, m, p) >= AUDIT_FLAG_P) {
            a = m;
        } else {
            b = m - 1;
        }
    }
    *hi = a < *lo ? *lo : a;
}

/* of_player - is statistic s one of player pl's? */
static bool of_player(const struct rep_stat *s, const struct rep_player *pl)
{
    return strcmp(s->player, pl->name) == 0 && strcmp(s->person, pl->id) == 0;
}

/* flagged - did the audit flag statistic kind of player pl? */
static bool flagged(const struct report *r, const struct rep_player *pl,
                    const char *kind)
{
    for (int i = 0; i < r->n_stats; i++) {
        if (r->stats[i].flagged && of_player(&r->stats[i], pl) &&
            strcmp(r->stats[i].kind, kind) == 0) {
            return true;
        }
    }
    return false;
}

/* chance_chart - a count of k in n against chance p, as a band chart. */
static void chance_chart(FILE *fp, const struct report *r,
                         const struct rep_player *pl, const char *kind,
                         const char *title, int k, int n, double p)
{
    struct html_band b = {
        .title = title,
        .n = n,
        .expected = n * p,
        .observed = k,
        .flagged = flagged(r, pl, kind),
    };

    band(n, p, &b.lo, &b.hi);
    html_band_chart(fp, &b);
}

/* by_law - the irregularities of t by law: a table and a bar chart. */
static void by_law(FILE *fp, const struct audit_tally *t)
{
    struct html_bar bars[LAW_COUNT];
    int n = 0;

    if (t->irregular == 0) {
        fputs("<p>No irregularity.</p>\n", fp);
        return;
    }
    fputs("<table class=\"laws\"><tr><th>Law</th><th>Title</th>"
          "<th>Times</th></tr>\n", fp);
    for (int l = 0; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);

        if (t->by_law[l] == 0) {
            continue;
        }
        fputs("<tr><td>", fp);
        html_put(fp, row->id);
        fputs("</td><td>", fp);
        html_put(fp, row->title);
        fprintf(fp, "</td><td>%d</td></tr>\n", t->by_law[l]);
        bars[n].label = row->id;
        bars[n].value = t->by_law[l];
        n++;
    }
    fprintf(fp, "<tr><th colspan=\"2\">In all</th><th>%d</th></tr>"
                "</table>\n",
            t->irregular);
    html_bar_chart(fp, "Irregularities by law", bars, n);
}

/* roles - a person's games and money by role, "all" last: a table. */
static void roles(FILE *fp, const struct rep_player *pl)
{
    if (pl->n_roles == 0) {
        return;
    }
    fputs("<table class=\"roles\"><tr><th>Role</th><th>Games</th>"
          "<th>Won</th><th>Lost</th><th>Money won</th><th>Money lost</th>"
          "<th>Net</th></tr>\n", fp);
    for (int i = 0; i < pl->n_roles; i++) {
        const struct rep_role *k = &pl->roles[i];
        bool all = strcmp(k->role, "all") == 0;

        fprintf(fp, "<tr><%s>", all ? "th" : "td");
        html_put(fp, all ? "In all roles" : k->role);
        fprintf(fp, "</%s><td>%d</td><td>%d</td><td>%d</td><td>%ld</td>"
                    "<td>%ld</td><td>%+ld</td></tr>\n",
                all ? "th" : "td", k->t.games, k->t.won, k->t.lost,
                k->t.money_won, k->t.money_lost,
                k->t.money_won - k->t.money_lost);
    }
    fputs("</table>\n", fp);
}

/* statistics - the audit's statistics of player pl, with probabilities. */
static void statistics(FILE *fp, const struct report *r,
                       const struct rep_player *pl)
{
    bool any = false;

    for (int i = 0; i < r->n_stats; i++) {
        const struct rep_stat *s = &r->stats[i];

        if (!of_player(s, pl)) {
            continue;
        }
        if (!any) {
            fputs("<table class=\"stats\"><tr><th>Statistic</th>"
                  "<th>Observed</th><th>Of</th><th>Chance gives</th>"
                  "<th>P(as many or more)</th><th></th></tr>\n", fp);
            any = true;
        }
        fprintf(fp, "<tr%s id=\"stat-%d\"><td>", s->flagged ? " class=\"flagged\"" : "",
                i + 1);
        html_put(fp, s->kind);
        fprintf(fp, "</td><td>%d</td><td>%d</td><td>%.1f</td><td>%.3g</td>"
                    "<td>%s</td></tr>\n",
                s->k, s->n, s->expected, s->probability,
                s->flagged ? "<strong class=\"flag\">FLAG</strong>" : "");
    }
    if (any) {
        fputs("</table>\n", fp);
    }
}

/* player - one player's part of the section. */
static void player(FILE *fp, const struct report *r,
                   const struct rep_player *pl, int i)
{
    const struct audit_tally *t = &pl->t;
    struct html_bar prop[4] = {
        {"made as elder hand", t->proposed},
        {"accepted by the dealer", t->proposed_accepted},
        {"answered as dealer", t->answered},
        {"accepted as dealer", t->accepted},
    };

    fprintf(fp, "<article class=\"player\" id=\"player-%d\">\n<h3>", i + 1);
    html_put(fp, pl->name);
    if (pl->id[0] != '\0') {
        fputs(" <span class=\"person\">(", fp);
        html_put(fp, pl->id);
        fputs(")</span>", fp);
    }
    fputs("</h3>\n", fp);
    fprintf(fp, "<p>Through the penalty laws: won <strong>%d</strong> "
                "point%s, lost <strong>%d</strong>. Dealt %d time%s with a "
                "turn-up; %d dealt hand%s seen whole.</p>\n",
            t->won, t->won == 1 ? "" : "s", t->lost, t->dealt,
            t->dealt == 1 ? "" : "s", t->known_hands,
            t->known_hands == 1 ? "" : "s");
    by_law(fp, t);
    roles(fp, pl);
    fputs("<div class=\"charts\">\n", fp);
    chance_chart(fp, r, pl, "kings-turned", "Kings turned up as dealer",
                 t->kings_turned, t->dealt, AUDIT_P_KING_TURNED);
    chance_chart(fp, r, pl, "king-held", "Kings of trumps held",
                 t->held_king, t->known_hands, AUDIT_P_KING_HELD);
    html_bar_chart(fp, "Proposals", prop, 4);
    fputs("</div>\n", fp);
    statistics(fp, r, pl);
    fputs("</article>\n", fp);
}

void report__players(FILE *fp, const struct report *r)
{
    fputs("<section id=\"players\">\n<h2>Players</h2>\n"
          "<p class=\"explain\">The charts set each count against chance: "
          "a king is turned up 1 time in 8, and a hand of five holds the "
          "king of trumps 5 times in 31. The shaded band holds the counts "
          "chance gives at least once in 1,000 either way; the dashed "
          "mark is the average; the dot is what was counted, red when the "
          "audit flags it.</p>\n",
          fp);
    for (int i = 0; i < r->n_players; i++) {
        player(fp, r, &r->players[i], i);
    }
    fputs("</section>\n", fp);
}
