/* SPDX-License-Identifier: MIT */
/*
 * report_season.c - the report's season page (report_season_write): the
 * standings of the sittings chosen (season/season.h) as one HTML page in
 * the report's style: the proof's verdict, the money's check, a table of
 * every member, then each member's section with his figures, his
 * irregularities by law, his statistics against chance and a small
 * inline SVG chart of his points (and money, at staked tables) evening
 * by evening.  Every name goes through html/ escaping; the SVG holds
 * numbers only, its labels escaped.
 */
#include "report/report.h"
#include "report/html.h"
#include "season/season.h"

#include <string.h>

/* The page's style: the report's ink, paper and tables. */
static const char *const season_css[] = {
    ":root{--ink:#1d2433;--rule:#9fb3c8;--faint:#eef3f8;--red:#b3121f;"
    "--paper:#fffdf7}\n"
    "body{font-family:Georgia,'Times New Roman',serif;color:var(--ink);"
    "background:var(--paper);max-width:62em;margin:0 auto;padding:1em 1.5em;"
    "line-height:1.4}\n"
    "h1{font-size:1.7em;margin:.2em 0;border-bottom:3px double var(--ink)}\n"
    "h2{font-size:1.35em;margin-top:1.6em;border-bottom:1px solid "
    "var(--ink)}\n"
    ".verdict{border-left:4px solid #2e7d32;padding:.2em .6em;"
    "background:#f1f8f1}\n"
    ".verdict.unverified{border-color:var(--red);background:#fdf0f0}\n"
    "table.sheet{border-collapse:collapse;width:100%;border:2px solid "
    "var(--ink);margin:1em 0;background:#fff;"
    "font-variant-numeric:tabular-nums}\n"
    "table.sheet th,table.sheet td{padding:.15em .45em;border-bottom:1px "
    "solid var(--rule);text-align:right}\n"
    "table.sheet th:first-child,table.sheet td:first-child{text-align:left}\n"
    ".flag{color:var(--red);font-weight:bold}\n"
    "svg{background:#fff;border:1px solid var(--rule)}\n"
    "@media print{body{max-width:none}}\n",
    NULL,
};

/* chart - a small SVG of values (n of them, the evenings in order):
 * their running sum as a line over a zero axis, titled (escaped). */
static void chart(FILE *fp, const char *title, const long *v, int n)
{
    const int w = 320, h = 90, pad = 8;
    long sum = 0, lo = 0, hi = 0;

    for (int i = 0; i < n; i++) {
        sum += v[i];
        lo = sum < lo ? sum : lo;
        hi = sum > hi ? sum : hi;
    }
    if (hi == lo) {
        hi = lo + 1;
    }
    fputs("<figure><svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
          "width=\"320\" height=\"90\" viewBox=\"0 0 320 90\"><title>",
          fp);
    html_put(fp, title);
    fputs("</title>", fp);
#define Y(x) (pad + (double)(hi - (x)) * (h - 2 * pad) / (double)(hi - lo))
    fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
                "stroke=\"#9fb3c8\"/>",
            pad, Y(0), w - pad, Y(0));
    fputs("<polyline fill=\"none\" stroke=\"#1a4f8b\" stroke-width=\"2\" "
          "points=\"",
          fp);
    sum = 0;
    fprintf(fp, "%d,%.1f", pad, Y(0));
    for (int i = 0; i < n; i++) {
        sum += v[i];
        fprintf(fp, " %.1f,%.1f",
                pad + (double)(i + 1) * (w - 2 * pad) / (double)n, Y(sum));
    }
#undef Y
    fputs("\"/></svg><figcaption>", fp);
    html_putf(fp, "%s: %+ld over %d evening(s)", title, sum, n);
    fputs("</figcaption></figure>\n", fp);
}

/* member_section - m's section: figures, laws, statistics, charts. */
static void member_section(FILE *fp, const struct season_member *m, int id)
{
    struct season_stat st[SEASON_STATS_MAX];
    long pts[64], money[64];
    char laws[600];
    int n = season_stats(m, st);
    int k = m->n_evenings < 64 ? m->n_evenings : 64;

    fprintf(fp, "<section id=\"member-%d\"><h2>", id);
    html_put(fp, m->name);
    fputs("</h2>\n<table class=\"sheet\"><tr><th>sittings</th><th>games"
          "</th><th>won (s/d/t)</th><th>lost (s/d/t)</th><th>rubbers</th>"
          "<th>points</th><th>money</th></tr>\n",
          fp);
    fprintf(fp, "<tr><td>%d</td><td>%d</td><td>%d (%d/%d/%d)</td>"
                "<td>%d (%d/%d/%d)</td><td>%d-%d</td><td>%ld-%ld</td>",
            m->sittings, m->games, m->won, m->won_by[0], m->won_by[1],
            m->won_by[2], m->lost, m->lost_by[0], m->lost_by[1],
            m->lost_by[2], m->rubbers_won, m->rubbers_lost, m->points_for,
            m->points_against);
    if (m->staked) {
        fprintf(fp, "<td>+%ld -%ld = %+ld</td></tr></table>\n", m->money_won,
                m->money_lost, m->money_net);
    } else {
        fputs("<td>-</td></tr></table>\n", fp);
    }
    if (m->games_self > 0) {
        fprintf(fp, "<p>%d game(s) against himself (both seats his "
                    "spellings): counted once each, neither won nor "
                    "lost, no points.</p>\n",
                m->games_self);
    }
    season_by_law(m, laws, sizeof(laws));
    fputs("<p>Irregularities: ", fp);
    html_putf(fp, "%d%s%s%s; penalty points won %d, lost %d",
              m->t.irregular, laws[0] ? " (" : "", laws, laws[0] ? ")" : "",
              m->t.won, m->t.lost);
    fputs(".</p>\n<ul>", fp);
    for (int i = 0; i < n; i++) {
        fputs(st[i].flagged ? "<li class=\"flag\">" : "<li>", fp);
        if (st[i].p > 0.0) {
            html_putf(fp, "%s: %d in %d (chance gives %.2f; P(as many or "
                          "more) = %.3g)%s",
                      st[i].what, st[i].k, st[i].n, st[i].expected,
                      st[i].probability, st[i].flagged ? " - flagged" : "");
        } else {
            html_putf(fp, "%s: %d of %d - flagged", st[i].what, st[i].k,
                      st[i].n);
        }
        fputs("</li>", fp);
    }
    fputs("</ul>\n", fp);
    for (int i = 0; i < k; i++) {
        pts[i] = m->evenings[i].points_net;
        money[i] = m->evenings[i].money_net;
    }
    if (k > 0) {
        chart(fp, "points for less against, evening by evening", pts, k);
        if (m->staked) {
            chart(fp, "money, evening by evening", money, k);
        }
    }
    fputs("</section>\n", fp);
}

int report_season_write(struct ledger *l, const struct season_filter *f,
                        const struct proof_summary *proof, FILE *fp,
                        char *err, size_t err_n)
{
    struct season *s = NULL;

    if (season_standings(l, f, &s, err, err_n) != 0) {
        return -1;
    }
    html_begin(fp, "Season standings", season_css);
    fputs("<h1>Season standings</h1>\n", fp);
    if (proof != NULL && proof->findings > 0) {
        fputs("<p class=\"verdict unverified\">NOT VERIFIED: ", fp);
        html_put(fp, proof->first);
        fputs("</p>\n", fp);
    } else if (proof != NULL) {
        fputs("<p class=\"verdict\">The ledger verifies: every figure is "
              "what the recorded actions give.</p>\n",
              fp);
    }
    html_putf(fp, "%d sitting(s), %d member(s). Money: members %+ld, "
                  "others %+ld, house %+ld: %s.",
              s->sittings, s->n_members, s->members_net, s->others_net,
              s->house_net,
              s->balanced ? "sums to zero" : "DOES NOT SUM TO ZERO");
    fputs("\n<table class=\"sheet\"><tr><th>member</th><th>sittings</th>"
          "<th>games</th><th>won</th><th>lost</th><th>points for</th>"
          "<th>against</th><th>money net</th><th>irregularities</th></tr>\n",
          fp);
    for (int i = 0; i < s->n_members; i++) {
        const struct season_member *m = &s->members[i];

        fprintf(fp, "<tr><td><a href=\"#member-%d\">", i + 1);
        html_put(fp, m->name);
        fprintf(fp, "</a></td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>"
                    "<td>%ld</td><td>%ld</td>",
                m->sittings, m->games, m->won, m->lost, m->points_for,
                m->points_against);
        if (m->staked) {
            fprintf(fp, "<td>%+ld</td>", m->money_net);
        } else {
            fputs("<td>-</td>", fp);
        }
        fprintf(fp, "<td>%d</td></tr>\n", m->t.irregular);
    }
    fputs("</table>\n", fp);
    for (int i = 0; i < s->n_members; i++) {
        member_section(fp, &s->members[i], i + 1);
    }
    html_end(fp);
    season_free(s);
    if (ferror(fp)) {
        snprintf(err, err_n, "cannot write the page");
        return -1;
    }
    return 0;
}
