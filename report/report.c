/* SPDX-License-Identifier: MIT */
/*
 * report.c - the report (report/report.h): one sitting of the ledger as a
 * single HTML file that needs nothing else to be read or printed (inline
 * CSS and SVG, no script, no network).  In its order: the proof's
 * verdict, the summary (report_summary.c), the audit's findings and
 * flags, the persons and money of a table of three or more
 * (report_money.c), the index of the games and the scoresheet
 * (report_sheet.c), every ruling with the table as it stood
 * (report_deal.c), the irregularities, and each player's summary with
 * charts (report_players.c).  The audit's walk (audit_collect) finds
 * everything (report_walk.c collects); html.c escapes and draws.
 *
 * Sections found during the walk, and the scoresheet with its index, go
 * to temporary files and are copied into the document in its order, so
 * memory is held per deal, never per sitting; the summary holds counts.
 * It prints nothing but the page: `ecarte report` (cli/cmd_report.c)
 * chooses the sitting and the file.
 */
#include "report/report_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The style sheet, in pieces (a string literal is kept under 4 KiB):
 * the page and the scoresheet, the rulings and cards, the charts and
 * print, the summary, the index and the money. */
static const char *const report_css[] = {
    ":root{--ink:#1d2433;--rule:#9fb3c8;--faint:#eef3f8;--red:#b3121f;"
    "--paper:#fffdf7}\n"
    "body{font-family:Georgia,'Times New Roman',serif;color:var(--ink);"
    "background:var(--paper);max-width:62em;margin:0 auto;padding:1em 1.5em;"
    "line-height:1.4}\n"
    "h1{font-size:1.7em;margin:.2em 0;border-bottom:3px double var(--ink)}\n"
    "h2{font-size:1.35em;margin-top:1.6em;border-bottom:1px solid "
    "var(--ink)}\n"
    "h3{font-size:1.05em;margin:.3em 0}\n"
    "nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;"
    "gap:1.2em}\n"
    "a{color:#1a4f8b}\n"
    "code{font-family:'DejaVu Sans Mono',monospace;font-size:.88em}\n"
    ".name{font-style:italic}\n"
    ".verdict{border-left:4px solid #2e7d32;padding:.2em .6em;"
    "background:#f1f8f1}\n"
    ".verdict.unverified{border-color:var(--red);background:#fdf0f0}\n"
    "table{border-collapse:collapse;margin:.6em 0}\n"
    "th,td{padding:.15em .5em;text-align:left;vertical-align:top}\n"
    "table.sheet{width:100%;border:2px solid var(--ink);margin:1.2em 0;"
    "background:#fff;font-variant-numeric:tabular-nums}\n"
    "table.sheet caption{text-align:left;font-weight:bold;"
    "font-size:1.1em;padding:.2em 0}\n"
    "table.sheet th{border-bottom:1px solid var(--ink);text-align:center;"
    "font-weight:normal;font-size:.9em}\n"
    "table.sheet th.player{font-weight:bold;border-left:2px solid "
    "var(--ink)}\n"
    "table.sheet td{border-bottom:1px solid var(--rule);text-align:center}\n"
    "table.sheet td:nth-child(3),table.sheet th.player+th,"
    "table.sheet td:nth-child(6){border-left:2px solid var(--ink)}\n"
    "table.sheet td:last-child{border-left:2px solid var(--ink);"
    "text-align:left;font-size:.85em}\n"
    "table.sheet td.run{font-weight:bold}\n"
    "table.sheet tr.void td{color:#777;font-style:italic}\n"
    "table.sheet tr.lost td{background:#fff1e6;text-align:left;"
    "font-style:italic}\n"
    "table.sheet tfoot td{border-top:2px solid var(--ink);text-align:left}\n"
    "table.sheet tr.rubber td{font-weight:bold;background:var(--faint)}\n"
    "table.list{width:100%;font-size:.9em;background:#fff}\n",

    "table.list th{border-bottom:2px solid var(--ink)}\n"
    "table.list td{border-bottom:1px solid var(--rule)}\n"
    ".title{color:#555}\n"
    "article.ruling{border:1px solid var(--rule);background:#fff;"
    "padding:.5em .9em;margin:1em 0;border-radius:4px}\n"
    "article.ruling .law{font-weight:bold;color:var(--red)}\n"
    "article.ruling .num{float:right;color:#777;font-weight:normal;"
    "font-size:.85em}\n"
    "blockquote.law-text{margin:.4em 0;padding:.3em .8em;border-left:4px "
    "solid var(--rule);background:var(--faint);font-style:italic}\n"
    "dl.facts{display:grid;grid-template-columns:max-content auto;"
    "gap:0 1em;margin:.4em 0}\n"
    "dl.facts dt{font-weight:bold}\n"
    "dl.facts dd{margin:0}\n"
    "table.options{border:1px solid var(--rule);font-size:.92em}\n"
    "table.options th{background:var(--faint)}\n"
    "table.options tr.chosen td{background:#e6f4e1;font-weight:bold}\n"
    ".deal-view{border:1px dashed var(--rule);padding:.4em .7em;"
    "margin:.5em 0;background:#f6fbf4}\n"
    ".deal-view .hand,.deal-view .middle{margin:.2em 0}\n"
    ".deal-view .who,.label{color:#555;font-size:.85em;margin-right:.4em}\n"
    ".card{display:inline-block;min-width:1.9em;text-align:center;"
    "border:1px solid #999;border-radius:3px;background:#fff;"
    "margin:0 .12em;padding:0 .15em;font-family:'DejaVu Sans',sans-serif}\n"
    ".card.red{color:#c8102e}.card.black{color:#111}\n"
    ".card.back,.card.unk{background:repeating-linear-gradient(45deg,"
    "#c9d6e8,#c9d6e8 3px,#e9eff7 3px,#e9eff7 6px);color:#456}\n"
    "ol.tricks{margin:.3em 0;padding-left:1.6em}\n",

    "ul.elsewhere{list-style:none;padding:0;margin:.2em 0}\n"
    ".status-unclaimed,.flag,tr.flagged td{color:var(--red);"
    "font-weight:bold}\n"
    "figure.chart{margin:.5em 0}\n"
    "div.charts{display:grid;grid-template-columns:repeat(auto-fit,"
    "minmax(30em,1fr));gap:.5em 1.5em}\n"
    ".unseen{color:#456;font-size:.85em;font-style:italic}\n"
    "figure.chart figcaption{font-size:.85em;color:#333}\n"
    "svg text{font:11px 'DejaVu Sans',sans-serif;fill:#333}\n"
    "svg .band{fill:#cfe3c6}svg .axis{stroke:#333;stroke-width:1.5}\n"
    "svg .expected{stroke:#333;stroke-dasharray:3 2}\n"
    "svg .observed{fill:#1d2433}svg .observed.flagged{fill:#c8102e}\n"
    "svg .bar{fill:#7d9cc0}\n"
    "table.roles{font-variant-numeric:tabular-nums;background:#fff}\n"
    "table.roles th,table.roles td{border-bottom:1px solid var(--rule)}\n"
    "h3 .person{font-weight:normal;color:#555}\n"
    "footer{margin-top:2em;font-size:.8em;color:#666}\n"
    "@media print{body{background:#fff;max-width:none;font-size:10pt;"
    "padding:0}nav{display:none}a{color:inherit;text-decoration:none}"
    "article.ruling,figure.chart,table.sheet tr{break-inside:avoid}"
    "table.sheet thead{display:table-header-group}"
    "h2{break-before:page}section#scoresheet h2,section#summary h2,"
    "section#audit h2{break-before:auto}"
    ".deal-view{background:#fff}div.money{break-inside:avoid}}\n",

    "table.summary{width:100%;background:#fff;border:1px solid var(--rule)}"
    "\n"
    "table.summary>tbody>tr>th{white-space:nowrap;padding-right:1em;"
    "width:9em}\n"
    "table.summary>tbody>tr>th,table.summary>tbody>tr>td{border-bottom:1px "
    "solid var(--rule)}\n"
    "table.summary table.laws{margin:.3em 0;font-size:.92em}\n"
    "table.laws td,table.laws th{border-bottom:1px solid var(--faint)}\n"
    "ol.index{columns:2 26em;font-size:.88em;padding-left:2.6em}\n"
    "ol.index li{break-inside:avoid}\n"
    "div.money{margin:-1em 0 1.4em;padding:.3em .8em;border:2px solid "
    "var(--ink);border-top:none;background:#fbfaf4}\n"
    "div.money.before{margin:1em 0;border-top:2px solid var(--ink)}\n"

    "table.money{font-size:.9em;font-variant-numeric:tabular-nums;"
    "background:#fff}\n"
    "table.money th,table.money td{border-bottom:1px solid var(--rule)}\n"
    "table.money th{border-bottom:2px solid var(--ink);vertical-align:"
    "bottom}\n"
    "table.money caption{text-align:left;font-weight:bold;padding:.3em 0}\n"
    "table.money td:nth-child(n+6),table.money td[colspan]~td{text-align:"
    "right}\n"
    "table.money th.settle{text-align:right;font-weight:normal}\n"
    "table.money tfoot td{border-top:2px solid var(--ink);"
    "border-bottom:none}\n"
    "table.money tr.house td{font-style:italic}\n"
    "td.num,th.num{text-align:right}\n"
    "table.money tr.total th{border-top:2px solid var(--ink);"
    "border-bottom:none}\n"
    "ul.bets,ul.settlements{margin:.3em 0;padding-left:1.4em;"
    "font-size:.9em}\n"
    ".transfer{white-space:nowrap;margin-left:.5em}\n"
    ".capped{color:var(--red);font-size:.9em;font-style:italic}\n"
    ".role{font-style:normal;color:#555}\n"
    "p.check{font-size:.95em}\n",
    NULL,
};

/* ------------------------------------------------------------------ */
/* The sitting                                                          */
/* ------------------------------------------------------------------ */

/* sitting_found - the sitting asked for exists: its source kept. */
static int sitting_found(void *ctx, const struct ledger_sitting_info *si)
{
    struct report *r = ctx;

    snprintf(r->source, sizeof(r->source), "%s", si->source);
    return 1;
}

/* sitting_tag - the players' names, the event and the rules. */
static int sitting_tag(void *ctx, const char *name, const char *value)
{
    struct report *r = ctx;

    if (strcmp(name, "A") == 0 && strcmp(value, "?") != 0) {
        snprintf(r->names[0], sizeof(r->names[0]), "%s", value);
    } else if (strcmp(name, "B") == 0 && strcmp(value, "?") != 0) {
        snprintf(r->names[1], sizeof(r->names[1]), "%s", value);
    } else if (strcmp(name, "Event") == 0) {
        snprintf(r->event, sizeof(r->event), "%s", value);
    } else if (strcmp(name, "Laws") == 0) {
        snprintf(r->laws, sizeof(r->laws), "%s", value);
    }
    return 0;
}

/* person_found - a person of the sitting (ledger_persons_foreach). */
static int person_found(void *ctx, const char *id, const char *name)
{
    struct report *r = ctx;
    struct rep_person *p;

    if (r->n_persons >= TL_IDS_MAX) {
        return 0;
    }
    p = &r->persons[r->n_persons++];
    snprintf(p->id, sizeof(p->id), "%s", id);
    snprintf(p->name, sizeof(p->name), "%s", name);
    return 0;
}

/* seating_found - who sat in a seat for a game as role
 * (ledger_seatings_foreach).  Returns 0, 1 if its temporary file failed
 * (records_err). */
static int seating_found(void *ctx, int game, char seat, const char *person,
                         const char *role)
{
    struct report *r = ctx;

    if (game > r->n_games) {
        r->n_games = game;
    }
    return report__seating_add(r, game, seat == 'B' ? SEAT_B : SEAT_A,
                               person, role) != 0;
}

/* sitting_counted - one more sitting in the ledger
 * (ledger_sittings_foreach).  Returns 0. */
static int sitting_counted(void *ctx, int64_t id, const char *source)
{
    (void)id;
    (void)source;
    ((struct report *)ctx)->n_sittings++;
    return 0;
}

/* records_err - the errno of the first temporary file of records that
 * failed, 0 if none did. */
static int records_err(const struct report *r)
{
    const struct rep_records *f[] = {&r->deals,   &r->games, &r->seatings,
                                     &r->seated,  &r->money, &r->money_of};

    for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
        if (f[i]->err != 0) {
            return f[i]->err;
        }
    }
    return 0;
}

/* fail - why the report could not be made, into r->err; returns rc. */
static int fail(struct report *r, int rc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(struct report *r, int rc, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(r->err, r->err_n, fmt, ap);
    va_end(ap);
    return rc;
}

/* choose_sitting - sitting id reported, into r with its tags, persons
 * and seatings.  Returns 0, REPORT_E_NO_SITTING or -1 (r->err says). */
static int choose_sitting(struct report *r, int64_t id)
{
    int rc = ledger_sittings_find(r->l, NULL, id, sitting_found, r);

    if (rc < 0) {
        return fail(r, -1, "%s", ledger_errmsg(r->l));
    }
    if (rc == 0) {
        return fail(r, REPORT_E_NO_SITTING, "no sitting %lld",
                    (long long)id);
    }
    r->sitting = id;
    snprintf(r->names[0], sizeof(r->names[0]), "A");
    snprintf(r->names[1], sizeof(r->names[1]), "B");
    if (ledger_tags_foreach(r->l, id, sitting_tag, r) != 0 ||
        ledger_persons_foreach(r->l, id, person_found, r) != 0 ||
        ledger_seatings_foreach(r->l, id, seating_found, r) < 0 ||
        ledger_sittings_foreach(r->l, sitting_counted, r) != 0) {
        return fail(r, -1, "%s", ledger_errmsg(r->l));
    }
    if (records_err(r) != 0) {
        return fail(r, -1, "a temporary file: %s", strerror(records_err(r)));
    }
    if (r->n_persons > 0) {
        /* the seats change hands: their tags name nobody */
        snprintf(r->names[0], sizeof(r->names[0]), "A");
        snprintf(r->names[1], sizeof(r->names[1]), "B");
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The document                                                         */
/* ------------------------------------------------------------------ */

/* copy - the whole of the temporary file from onto to. */
static void copy(FILE *to, FILE *from)
{
    char buf[65536];
    size_t n;

    rewind(from);
    while ((n = fread(buf, 1, sizeof(buf), from)) > 0) {
        fwrite(buf, 1, n, to);
    }
}

/* head - the title, the header and the contents. */
static void head(FILE *fp, const struct report *r)
{
    char title[3 * TL_TAG_VALUE_MAX];

    if (r->n_persons > 0) {
        size_t used = (size_t)snprintf(title, sizeof(title),
                                       "\u00c9cart\u00e9 \u2014 sitting "
                                       "%lld:",
                                       (long long)r->sitting);

        for (int i = 0; i < r->n_persons && used < sizeof(title); i++) {
            used += (size_t)snprintf(title + used, sizeof(title) - used,
                                     "%s %s", i > 0 ? "," : "",
                                     report__person_name(r,
                                                         r->persons[i].id));
        }
    } else {
        snprintf(title, sizeof(title), "\u00c9cart\u00e9 \u2014 sitting "
                                       "%lld: %s v. %s",
                 (long long)r->sitting, r->names[0], r->names[1]);
    }
    html_begin(fp, title, report_css);
    fputs("<header>\n<h1>\u00c9cart\u00e9: scoresheet and report</h1>\n"
          "<p class=\"sitting\">", fp);
    if (r->event[0] != '\0') {
        html_elem(fp, "strong", NULL, r->event);
        fputs(" &middot; ", fp);
    }
    html_putf(fp, "sitting %lld, from %s", (long long)r->sitting,
              strcmp(r->source, "-") == 0 ? "standard input" : r->source);
    fputs(" &middot; ", fp);
    if (r->n_persons > 0) {
        fputs("persons: ", fp);
        for (int i = 0; i < r->n_persons; i++) {
            fputs(i > 0 ? ", " : "", fp);
            html_put(fp, report__person_name(r, r->persons[i].id));
            fputs(" <span class=\"name\">(", fp);
            html_put(fp, r->persons[i].id);
            fputs(")</span>", fp);
        }
    } else {
        report__seat_name(fp, r, SEAT_A, NULL);
        fputs(" v. ", fp);
        report__seat_name(fp, r, SEAT_B, NULL);
    }
    fputs(" &middot; laws: ", fp);
    html_put(fp, r->laws[0] ? r->laws : "london");
    fputs("</p>\n", fp);
    if (r->proof.findings > 0) {
        fprintf(fp, "<p class=\"verdict unverified\" id=\"verified\">"
                    "<strong>NOT VERIFIED</strong>: the ledger does not "
                    "verify (%lld finding%s; the first: ",
                (long long)r->proof.findings,
                r->proof.findings == 1 ? "" : "s");
        html_put(fp, r->proof.first);
        fputs("). What follows is shown as the ledger stores it; `ecarte "
              "verify` lists what is wrong.</p>\n", fp);
    } else {
        fprintf(fp, "<p class=\"verdict\" id=\"verified\">Verified: the "
                    "ledger's chain is intact (%lld events, head <code>%.16s"
                    "</code>&hellip;), its seal holds, and every row of its "
                    "%lld sitting%s was re-derived from the recorded actions "
                    "and found equal.</p>\n",
                (long long)r->proof.events, r->proof.head,
                (long long)r->proof.sittings,
                r->proof.sittings == 1 ? "" : "s");
    }
    fputs("<nav><ul><li><a href=\"#summary\">Summary</a></li>"
          "<li><a href=\"#audit\">Findings</a></li>", fp);
    if (r->n_persons > 0) {
        fputs("<li><a href=\"#money\">Money</a></li>", fp);
    }
    if (r->n_index > 1) {
        fputs("<li><a href=\"#index\">Index</a></li>", fp);
    }
    fputs("<li><a href=\"#scoresheet\">Scoresheet</a></li>"
          "<li><a href=\"#rulings\">Rulings</a></li>"
          "<li><a href=\"#irregularities\">Irregularities</a></li>"
          "<li><a href=\"#players\">Players</a></li></ul></nav>\n"
          "</header>\n",
          fp);
}

/* findings_section - the audit's findings and flags, before the
 * scoresheet: what a reader looks for first. */
static void findings_section(FILE *fp, const struct report *r,
                             const struct audit_totals *tot)
{
    fputs("<section id=\"audit\">\n<h2>Findings and flags</h2>\n", fp);
    fprintf(fp, "<p>Every deal re-derived from its recorded actions: "
                "%d finding%s, %d flag%s.</p>\n",
            tot->findings, tot->findings == 1 ? "" : "s", tot->flags,
            tot->flags == 1 ? "" : "s");
    fputs("<h3 id=\"findings\">Findings</h3>\n", fp);
    if (r->n_findings == 0) {
        fputs("<p>None.</p>\n", fp);
    } else {
        fputs("<table class=\"list\"><tr><th>Deal</th><th>Line</th>"
              "<th>Event</th><th>Law</th><th>Kind</th><th>What</th>"
              "<th>Window</th></tr>\n", fp);
        copy(fp, r->findings);
        fputs("</table>\n", fp);
    }
    fputs("<h3 id=\"flags\">Flags</h3>\n", fp);
    if (r->n_flags == 0) {
        fputs("<p>None: no count is rarer than chance gives once in "
              "1,000.</p>\n", fp);
    } else {
        fputs("<ul class=\"flags\">\n", fp);
        for (int i = 0; i < r->n_stats; i++) {
            const struct rep_stat *s = &r->stats[i];

            if (!s->flagged) {
                continue;
            }
            fprintf(fp, "<li><a href=\"#stat-%d\"><strong class=\"flag\">"
                        "FLAG</strong></a> ", i + 1);
            html_putf(fp, "%s%s%s%s, %s: %d of %d, chance gives %.1f "
                          "(P = %.3g)",
                      s->player, s->person[0] ? " (" : "", s->person,
                      s->person[0] ? ")" : "", s->kind, s->k, s->n,
                      s->expected, s->probability);
            fputs("</li>\n", fp);
        }
        fputs("</ul>\n", fp);
    }
    fputs("</section>\n", fp);
}

/* irregular_section - every irregularity and the scorer's strikes. */
static void irregular_section(FILE *fp, const struct report *r)
{
    fprintf(fp, "<section id=\"irregularities\">\n<h2>Irregularities "
                "(%d)</h2>\n",
            r->n_irregular);
    if (r->n_irregular == 0) {
        fputs("<p>None.</p>\n", fp);
    } else {
        fputs("<table class=\"list\"><tr><th>Deal</th><th>Line</th>"
              "<th>Law</th><th>Offender</th><th>Status</th><th>Ruling</th>"
              "</tr>\n", fp);
        copy(fp, r->irregular);
        fputs("</table>\n", fp);
    }
    if (r->n_strikes > 0) {
        fprintf(fp, "<h3 id=\"strikes\">Strikes (%d)</h3>\n<ul>\n",
                r->n_strikes);
        copy(fp, r->strikes);
        fputs("</ul>\n", fp);
    }
    fputs("</section>\n", fp);
}

/* index_section - the games of the sitting, one line each, when it has
 * more than one: where to go in a long sitting. */
static void index_section(FILE *fp, const struct report *r)
{
    if (r->n_index < 2) {
        return;
    }
    fprintf(fp, "<section id=\"index\">\n<h2>Index of sitting %lld: %d "
                "games</h2>\n<ol class=\"index\">\n",
            (long long)r->sitting, r->n_index);
    copy(fp, r->index);
    fputs("</ol>\n</section>\n", fp);
}

/* document - the whole report onto fp: the scoresheet and its index
 * written first into their temporary files (the summary counts what
 * they show), then the page in its order.  Returns 0, -1 on a ledger
 * error. */
static int document(FILE *fp, struct report *r,
                    const struct audit_totals *tot)
{
    if (report__scoresheet(r->sheet, r) != 0) {
        return -1;
    }
    head(fp, r);
    report__summary(fp, r, tot);
    findings_section(fp, r, tot);
    if (report__money_section(fp, r) != 0) {
        return -1;
    }
    index_section(fp, r);
    copy(fp, r->sheet);
    fprintf(fp, "<section id=\"rulings\">\n<h2>Rulings (%d)</h2>\n",
            r->n_rulings);
    if (r->n_rulings == 0) {
        fputs("<p>No law was engaged.</p>\n", fp);
    }
    copy(fp, r->rulings);
    fputs("</section>\n", fp);
    irregular_section(fp, r);
    report__players(fp, r);
    fprintf(fp, "<footer>Written by ecarte %s from the ledger; every "
                "deal re-derived from its recorded actions.</footer>\n",
            ECARTE_VERSION);
    html_end(fp);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The report                                                           */
/* ------------------------------------------------------------------ */

/* report_free - what r holds (its ledger is the caller's). */
static void report_free(struct report *r)
{
    FILE *files[] = {r->rulings, r->findings, r->irregular, r->strikes,
                     r->sheet,   r->index};

    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        if (files[i] != NULL) {
            fclose(files[i]);
        }
    }
    report__records_close(&r->deals);
    report__records_close(&r->games);
    report__records_close(&r->seatings);
    report__records_close(&r->seated);
    report__records_close(&r->money);
    report__records_close(&r->money_of);
    free(r->held);
    free(r->players);
    free(r->stats);
    free(r->gaps);
}

/* collect - the audit's walk of the sitting into r's sections.  Returns
 * 0, or -1 (r->err says). */
static int collect(struct report *r, struct audit_totals *tot)
{
    r->rulings = tmpfile();
    r->findings = tmpfile();
    r->irregular = tmpfile();
    r->strikes = tmpfile();
    r->sheet = tmpfile();
    r->index = tmpfile();
    if (r->rulings == NULL || r->findings == NULL || r->irregular == NULL ||
        r->strikes == NULL || r->sheet == NULL || r->index == NULL) {
        return fail(r, -1, "cannot make a temporary file: %s",
                    strerror(errno));
    }
    if (audit_collect(r->l, r->sitting, &report__sink, r, tot) != 0 ||
        r->no_memory) {
        return fail(r, -1, "%s",
                    tot->no_memory || r->no_memory ? "out of memory"
                                                   : ledger_errmsg(r->l));
    }
    if (records_err(r) != 0) {
        return fail(r, -1, "a temporary file: %s", strerror(records_err(r)));
    }
    report__held_write(r);
    return 0;
}

/* open_records - the temporary files of what r keeps per deal, game,
 * seating and item of money.  Returns 0, -1 (r->err says). */
static int open_records(struct report *r)
{
    if (report__records_open(&r->deals, sizeof(struct rep_deal)) != 0 ||
        report__records_open(&r->games, sizeof(struct rep_game)) != 0 ||
        report__records_open(&r->seatings, sizeof(struct rep_seating)) != 0 ||
        report__records_open(&r->seated, sizeof(struct rep_seated)) != 0 ||
        report__records_open(&r->money, sizeof(struct rep_money)) != 0 ||
        report__records_open(&r->money_of, sizeof(struct rep_seated)) != 0) {
        return fail(r, -1, "cannot make a temporary file: %s",
                    strerror(records_err(r)));
    }
    return 0;
}

int report_write(struct ledger *l, int64_t sitting,
                 const struct proof_summary *proof, FILE *fp, char *err,
                 size_t err_n)
{
    struct audit_totals tot;
    struct report r;
    int rc;

    memset(&r, 0, sizeof(r));
    memset(&tot, 0, sizeof(tot));
    r.l = l;
    r.err = err;
    r.err_n = err_n;
    err[0] = '\0';
    if (proof != NULL) {
        r.proof = *proof;
    }
    rc = open_records(&r);
    if (rc == 0) {
        rc = choose_sitting(&r, sitting);
    }
    if (rc == 0) {
        rc = collect(&r, &tot);
    }
    if (rc == 0 && document(fp, &r, &tot) != 0) {
        rc = fail(&r, -1, "%s", ledger_errmsg(l));
    }
    if (rc == 0 && records_err(&r) != 0) {
        rc = fail(&r, -1, "a temporary file: %s", strerror(records_err(&r)));
    }
    report_free(&r);
    return rc;
}
