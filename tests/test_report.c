/* SPDX-License-Identifier: MIT */
/*
 * test_report.c - `ecarte report` end to end: a generated evening with
 * irregularities and players' names that need escaping, rendered in a
 * real browser (headless Chromium: its DOM and a screenshot), the deals
 * and rulings shown counted against the ledger; an empty ledger, an
 * unknown sitting, quarantined deals, the sitting chosen, standard
 * output.  Without a browser the browser test is skipped, saying so.
 * The summary's counts, the index, the scores capped and the money of
 * a chouette, a pool and a gallery are held against the ledger's own
 * rows; the report of every format is opened in a browser and its
 * summary's links followed (tests/browser/report.test.mjs).  What the
 * report keeps per deal, game and seating in temporary files
 * (report_records.c) is tested through its module-private interface.
 */
#include "tests/harness.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ledger/ledger.h"
#include "report/report_int.h"

/* The names the evening gives its players, as the log's tags write them
 * (the quotes escaped), and A's as the browser's DOM serialises it. */
#define TAG_A "[A \"<b>&\\\"O'Hara\\\"\"]"
#define NAME_B "Zo\xC3\xAB \xC3\x91\xC3\xBA\xC3\xB1" "ez \xE2\x99\xA0"
#define TAG_B "[B \"" NAME_B "\"]"
#define DOM_NAME_A "&lt;b&gt;&amp;\"O'Hara\""
#define MINUS "\xE2\x88\x92"           /* U+2212, the report's minus sign */

/* query - one integer from the ledger file. */
static long query(const char *db, const char *text)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long n = -1;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    if (sqlite3_prepare_v2(h, text, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* count - how many times needle occurs in text. */
static long count(const char *text, const char *needle)
{
    long n = 0;

    for (const char *p = strstr(text, needle); p != NULL;
         p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* replace_line - text with its line old (whole) replaced by new, into
 * a new string (owned); the test fails if old is not there. */
static char *replace_line(const char *text, const char *old, const char *new)
{
    const char *at = strstr(text, old);
    size_t n = strlen(text) - strlen(old) + strlen(new) + 1;
    char *out = malloc(n);

    assert_non_null(at);
    assert_non_null(out);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, new,
             at + strlen(old));
    return out;
}

/* query_text - one text from the ledger file into buf (n bytes; "" if
 * none). */
static void query_text(const char *db, const char *text, char *buf, size_t n)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;

    buf[0] = '\0';
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    if (sqlite3_prepare_v2(h, text, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW &&
        sqlite3_column_text(st, 0) != NULL) {
        snprintf(buf, n, "%s", (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
}

/* amount - n as the report writes a signed amount ("+3", "\u22123"). */
static const char *amount(long n, char *buf, size_t size)
{
    if (n < 0) {
        snprintf(buf, size, MINUS "%ld", -n);
    } else {
        snprintf(buf, size, "+%ld", n);
    }
    return buf;
}

/* before - does needle a occur in page, and before needle b? */
static bool before(const char *page, const char *a, const char *b)
{
    const char *x = strstr(page, a);
    const char *y = strstr(page, b);

    return x != NULL && y != NULL && x < y;
}

/* summary_of - the summary's part of page (from its section to the
 * findings), a new string (owned); the test fails if it is not there. */
static char *summary_of(const char *page)
{
    const char *from = strstr(page, "<section id=\"summary\">");
    const char *to = strstr(page, "<section id=\"audit\">");
    char *out = NULL;

    assert_non_null(from);
    assert_non_null(to);
    assert_true(from < to);
    out = malloc((size_t)(to - from) + 1);
    assert_non_null(out);
    memcpy(out, from, (size_t)(to - from));
    out[to - from] = '\0';
    return out;
}

/* The rulings of sitting 1 by law, for laws_as_the_ledger_counts. */
struct law_count {
    char law[16];
    long n;
};

/* laws_counted - the rulings of sitting 1 of db by law (at most max),
 * into out; their number. */
static int laws_counted(const char *db, struct law_count *out, int max)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    int n = 0;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT r.law, count(*) FROM "
                                           "ruling r JOIN event e ON e.id = "
                                           "r.event_id WHERE e.sitting_id = 1 "
                                           "GROUP BY r.law ORDER BY r.law",
                                        -1, &st, NULL),
                     SQLITE_OK);
    while (n < max && sqlite3_step(st) == SQLITE_ROW) {
        snprintf(out[n].law, sizeof(out[n].law), "%s",
                 (const char *)sqlite3_column_text(st, 0));
        out[n].n = sqlite3_column_int64(st, 1);
        n++;
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* summary_as_the_ledger_counts - the summary of page (a report of
 * sitting 1 of db) says the ledger's deals, games and rulings, and each
 * law's rulings, each linking down. */
static void summary_as_the_ledger_counts(const char *page, const char *db)
{
    struct law_count laws[64];
    char *sum = summary_of(page);
    char want[200];
    long deals = query(db, "SELECT count(*) FROM deal WHERE sitting_id = 1");
    long games = query(db, "SELECT count(*) FROM game WHERE sitting_id = 1");
    long rulings = query(db, "SELECT count(*) FROM ruling r JOIN event e ON "
                             "e.id = r.event_id WHERE e.sitting_id = 1");
    int n = laws_counted(db, laws, 64);
    long total = 0;

    assert_true(deals > 0);
    snprintf(want, sizeof(want), "<a href=\"#scoresheet\">%ld deals</a> in "
                                 "<a href=\"#%s\">%ld game%s</a>",
             deals, games > 1 ? "index" : "scoresheet", games,
             games == 1 ? "" : "s");
    if (strstr(sum, want) == NULL) {
        fail_msg("the summary does not say \"%s\"", want);
    }
    if (rulings > 0) {
        snprintf(want, sizeof(want), "<a href=\"#rulings\">%ld ruling%s</a>",
                 rulings, rulings == 1 ? "" : "s");
    } else {
        snprintf(want, sizeof(want), "<td>0 rulings</td>");
    }
    if (strstr(sum, want) == NULL) {
        fail_msg("the summary does not say \"%s\"", want);
    }
    assert_int_equal(count(page, "<article class=\"ruling\""), rulings);
    for (int i = 0; i < n; i++) {
        const char *row = NULL;

        snprintf(want, sizeof(want), "<tr><td>%.15s</td><td>", laws[i].law);
        row = strstr(sum, want);
        if (row == NULL) {
            fail_msg("the summary has no row of %s", laws[i].law);
        }
        snprintf(want, sizeof(want), "</td><td class=\"num\">%ld</td>",
                 laws[i].n);
        if (strstr(row, want) != strstr(row, "</td><td class=\"num\">")) {
            fail_msg("the summary does not give %s its %ld rulings",
                     laws[i].law, laws[i].n);
        }
        total += laws[i].n;
    }
    assert_int_equal(total, rulings);
    assert_int_equal(count(sum, "<tr><td>L") + count(sum, "<tr><td>CH") +
                         count(sum, "<tr><td>PO") + count(sum, "<tr><td>BY"),
                     n);
    free(sum);
}

/* evening - a generated evening of 40 deals with irregularities, the
 * players named by its tags, recorded into t->db. */
static void evening(struct harness_tmp *t, int seed)
{
    char *gen = NULL;
    char *a = NULL;
    char *b = NULL;

    assert_int_equal(harness_sh("%s gen --deals 40 --seed %d "
                                "--irregularities 0.3 > '%s'",
                                harness_ecarte(), seed, t->log2),
                     0);
    gen = harness_read(t->log2, NULL);
    a = replace_line(gen, "[A \"Player A\"]\n", TAG_A "\n");
    b = replace_line(a, "[B \"Player B\"]\n", TAG_B "\n");
    harness_write(t->log, b);
    free(gen);
    free(a);
    free(b);
    assert_int_equal(harness_sh("%s record --db '%s' - < '%s' >/dev/null "
                                "2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
}

/* browser - the headless Chromium to use ($ECARTE_BROWSER, else the
 * first found of the usual names) into buf; false if there is none. */
static bool browser(char *buf, size_t n)
{
    const char *env = getenv("ECARTE_BROWSER");
    char *nl;

    if (env != NULL && env[0] != '\0') {
        snprintf(buf, n, "%s", env);
        return access(buf, X_OK) == 0;
    }
    if (harness_capture(buf, n,
                        "for b in chromium-headless-shell chromium "
                        "chromium-browser google-chrome; do command -v $b "
                        "&& exit 0; done; "
                        "ls /usr/lib/chromium/chromium-headless-shell "
                        "2>/dev/null") != 0 ||
        buf[0] == '\0') {
        return false;
    }
    nl = strchr(buf, '\n');
    if (nl != NULL) {
        *nl = '\0';
    }
    return true;
}

static void report__browser_shows_every_deal_and_ruling(void **state)
{
    struct harness_tmp *t = *state;
    char chrome[512];
    char html[400];
    char dom[400];
    char png[400];
    char err[400];
    char keep[600];
    char *page = NULL;
    char *tree = NULL;
    char *log = NULL;
    long deals;
    long rulings;
    size_t size = 0;

    evening(t, 11);
    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    snprintf(dom, sizeof(dom), "%s/dom.html", t->dir);
    snprintf(png, sizeof(png), "%s/report.png", t->dir);
    snprintf(err, sizeof(err), "%s/browser.log", t->dir);
    assert_int_equal(harness_sh("%s report --db '%s' -o '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = harness_read(html, NULL);
    /* nothing to run and nothing to fetch */
    assert_null(strstr(page, "<script"));
    assert_null(strstr(page, "src="));
    assert_null(strstr(page, "http://"));
    assert_null(strstr(page, "https://"));
    assert_int_equal(harness_sh("grep -Eq '<[^>]* on[a-z]+=' '%s'", html), 1);
    if (!browser(chrome, sizeof(chrome))) {
        free(page);
        printf("SKIPPED: no headless Chromium found (chromium-headless-shell "
               "or chromium; set ECARTE_BROWSER): the report was not "
               "rendered in a browser\n");
        skip();
    }
    assert_int_equal(
        harness_sh("timeout 120 '%s' --headless --no-sandbox --disable-gpu "
                   "--user-data-dir='%s/profile' --enable-logging=stderr "
                   "--v=0 --dump-dom 'file://%s' > '%s' 2> '%s'",
                   chrome, t->dir, html, dom, err),
        0);
    assert_int_equal(
        harness_sh("timeout 120 '%s' --headless --no-sandbox --disable-gpu "
                   "--user-data-dir='%s/profile' --hide-scrollbars "
                   "--window-size=1280,2400 --screenshot='%s' 'file://%s' "
                   ">/dev/null 2>>'%s'",
                   chrome, t->dir, png, html, err),
        0);
    tree = harness_read(dom, NULL);
    log = harness_read(err, NULL);
    deals = query(t->db, "SELECT count(*) FROM deal WHERE sitting_id = 1");
    rulings = query(t->db, "SELECT count(*) FROM ruling JOIN event ON "
                           "event.id = ruling.event_id WHERE "
                           "event.sitting_id = 1");
    assert_true(deals >= 40);
    assert_true(rulings > 0);
    assert_int_equal(count(tree, "<tr class=\"deal"), deals);
    assert_int_equal(count(tree, "<article class=\"ruling\""), rulings);
    assert_non_null(strstr(tree, DOM_NAME_A));
    assert_null(strstr(tree, "<b>&amp;"));
    assert_non_null(strstr(tree, NAME_B));
    assert_non_null(strstr(tree, "<svg"));
    assert_null(strstr(log, "CONSOLE"));
    free(harness_read(png, &size));
    assert_true(size > 20000);
    assert_int_equal(harness_sh("head -c 8 '%s' | od -An -c | "
                                "grep -q 'P   N   G'",
                                png),
                     0);
    /* kept beside the program, to be looked at */
    snprintf(keep, sizeof(keep), "%s", harness_ecarte());
    if (strrchr(keep, '/') != NULL) {
        strcpy(strrchr(keep, '/') + 1, "report-screenshot.png");
        (void)harness_sh("cp '%s' '%s'", png, keep);
    }
    free(page);
    free(tree);
    free(log);
}

static void report__empty_ledger_says_so(void **state)
{
    struct harness_tmp *t = *state;
    struct ledger *l = NULL;
    char out[2048];
    char html[400];

    assert_int_equal(ledger_open(&l, t->db, 0), 0);
    ledger_close(l);
    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s report --db '%s' -o '%s' 2>&1",
                                     harness_ecarte(), t->db, html),
                     2);
    assert_non_null(strstr(out, "the ledger has no sitting"));
    assert_int_not_equal(access(html, F_OK), 0);
    assert_int_equal(harness_sh("ls '%s' | grep -q report", t->dir), 1);
}

/* A revoke corrected in time (L43, then the card taken back, L39): the
 * report says the ruling fell, not that its default remedy stood; a
 * gallery's report counts no rubber. */
static void report__corrected_revoke_and_a_gallery(void **state)
{
    struct harness_tmp *t = *state;
    char path[1024];
    char html[400];

    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(
        harness_sh("%s import --db '%s' --new '%s' >/dev/null 2>&1 && "
                   "%s report --db '%s' -o '%s'",
                   harness_ecarte(), t->db,
                   harness_path("tests/cases/t24_revoke_corrected_in_time"
                                ".ecarte",
                                path, sizeof(path)),
                   harness_ecarte(), t->db, html),
        0);
    /* one ruling, L39's retract-card, which applies by itself: no L43
     * ruling with options nobody can elect */
    assert_int_equal(harness_sh("grep -q 'the remedy (retract-card) applies "
                                "by itself' '%s'",
                                html),
                     0);
    assert_int_equal(harness_sh("grep -q 'default remedy' '%s'", html), 1);
    assert_int_equal(
        harness_sh("rm -f '%s' && %s gen --format gallery --deals 30 --seed 2 "
                   "> '%s' && %s import --db '%s' --new '%s' >/dev/null 2>&1 "
                   "&& %s report --db '%s' -o '%s'",
                   t->db, harness_ecarte(), t->log, harness_ecarte(), t->db,
                   t->log, harness_ecarte(), t->db, html),
        0);
    assert_int_equal(harness_sh("grep -q 'Games in the rubber' '%s'", html),
                     1);
}

/* A chouette's report names persons, never the seats' tags: the players'
 * section has one article per person with the audit's figures (his
 * irregularities by law, his games and money by role adding up to "In
 * all roles"), the scoresheet names who sat in each seat in each game,
 * and an irregularity names who erred. The figures are those counted by
 * hand for the same log in test_audit_tables.c. */
static void report__a_chouette_by_person(void **state)
{
    struct harness_tmp *t = *state;
    char path[1024];
    char html[400];
    char *page = NULL;
    const char *cy = NULL;

    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(
        harness_sh("%s import --db '%s' --new '%s' >/dev/null 2>&1 && "
                   "%s report --db '%s' -o '%s'",
                   harness_ecarte(), t->db,
                   harness_path("tests/cases/variants/chouette_audit_by_"
                                "person.ecarte",
                                path, sizeof(path)),
                   harness_ecarte(), t->db, html),
        0);
    page = harness_read(html, NULL);
    assert_null(strstr(page, "Player A"));
    assert_null(strstr(page, "Player B"));
    assert_int_equal(count(page, "<article class=\"player\""), 4);
    assert_non_null(strstr(page, "<h3>Bob Blount <span class=\"person\">"
                                 "(bob)</span></h3>"));
    cy = strstr(page, "<h3>Cy Cray <span class=\"person\">(cy)</span></h3>");
    assert_non_null(cy);
    assert_non_null(strstr(cy, "<tr><td>L2</td><td>Improper shuffling</td>"
                               "<td>1</td></tr>"));
    assert_non_null(strstr(cy, "<tr><td>bank</td><td>1</td><td>1</td>"
                               "<td>0</td><td>3</td><td>0</td><td>+3</td>"
                               "</tr>\n<tr><td>ponte</td><td>1</td><td>1</td>"
                               "<td>0</td><td>1</td><td>0</td><td>+1</td>"
                               "</tr>\n<tr><td>adviser</td><td>1</td><td>0</td>"
                               "<td>1</td><td>0</td><td>1</td><td>-1</td>"
                               "</tr>\n<tr><th>In all roles</th><td>3</td>"
                               "<td>2</td><td>1</td><td>4</td><td>1</td>"
                               "<td>+3</td></tr>"));
    /* game 2: ann at A, cy at B; game 3: cy at A, dan at B */
    assert_non_null(strstr(page, "<caption>Game 2</caption>"));
    assert_non_null(strstr(strstr(page, "<caption>Game 2</caption>"),
                           "A <span class=\"name\">(Ann Ash, <span "
                           "class=\"role\">bank</span>)</span></th><th "
                           "colspan=\"3\" class=\"player\">B <span "
                           "class=\"name\">(Cy Cray, <span class=\"role\">"
                           "ponte</span>)</span>"));
    assert_non_null(strstr(strstr(page, "<caption>Game 3</caption>"),
                           "A <span class=\"name\">(Cy Cray, <span "
                           "class=\"role\">bank</span>)</span></th><th "
                           "colspan=\"3\" class=\"player\">B <span "
                           "class=\"name\">(Dan Dee, <span class=\"role\">"
                           "ponte</span>)</span>"));
    /* the money as the log's comment counts it: game 1 a stake forfeited
     * (CH2) and the bank's win, game 2 the ponte's, game 3 a forfeit and
     * the bank's win; cy +3, the others -1 each */
    assert_non_null(strstr(page, "<thead><tr><th>Person</th><th>Role</th>"
                                 "<th>Side</th><th>Result</th><th>Staked"
                                 "</th><th class=\"settle\" id=\"settlement-"
                                 "1\">Settlement 1<br><span class=\"title\">"
                                 "forfeit-stake, line 46</span></th><th "
                                 "class=\"settle\" id=\"settlement-2\">"
                                 "Settlement 2<br><span class=\"title\">"
                                 "game, line 71</span></th></tr></thead>\n"
                                 "<tbody>\n"
                                 "<tr><td>Ann Ash</td><td>bank</td><td>A"
                                 "</td><td>won</td><td></td><td>+1</td><td>"
                                 "+2</td></tr>\n"
                                 "<tr><td>Bob Blount</td><td>ponte</td><td>"
                                 "B</td><td>lost</td><td>stake 1</td><td>"
                                 "</td><td>" MINUS "1</td></tr>\n"
                                 "<tr><td>Cy Cray</td><td>adviser</td><td>B"
                                 "</td><td>lost</td><td>stake 1</td><td>"
                                 MINUS "1</td><td></td></tr>\n"
                                 "<tr><td>Dan Dee</td><td>adviser</td><td>B"
                                 "</td><td>lost</td><td>stake 1</td><td>"
                                 "</td><td>" MINUS "1</td></tr>\n"
                                 "</tbody>\n"
                                 "<tfoot><tr><td colspan=\"5\">Sum</td><td>"
                                 "+0</td><td>+0</td></tr></tfoot>"));
    assert_non_null(strstr(strstr(page, "id=\"money-game-2\""),
                           "<tr><td>Ann Ash</td><td>bank</td><td>A</td><td>"
                           "lost</td><td></td><td>" MINUS "3</td></tr>\n"
                           "<tr><td>Bob Blount</td><td>adviser</td><td>B"
                           "</td><td>won</td><td>stake 1</td><td>+1</td>"
                           "</tr>\n"
                           "<tr><td>Cy Cray</td><td>ponte</td><td>B</td><td>"
                           "won</td><td>stake 1</td><td>+1</td></tr>\n"
                           "<tr><td>Dan Dee</td><td>adviser</td><td>B</td>"
                           "<td>won</td><td>stake 1</td><td>+1</td></tr>"));
    assert_non_null(strstr(page, "<tr><td>Cy Cray</td><td>cy</td><td "
                                 "class=\"num\">+3</td><td class=\"num\">+3"
                                 "</td></tr>"));
    assert_non_null(strstr(page, "<tr><td>Ann Ash</td><td>ann</td><td "
                                 "class=\"num\">" MINUS "1</td><td "
                                 "class=\"num\">" MINUS "1</td></tr>"));
    assert_int_equal(count(page, "<td class=\"num\">" MINUS "1</td><td "
                                 "class=\"num\">" MINUS "1</td></tr>"),
                     3);
    assert_non_null(strstr(page, "Game 2 to B <span class=\"name\">(Cy "
                                 "Cray)</span>"));
    /* the irregularities: bob's cut at B, cy's look as adviser */
    assert_non_null(strstr(page, "<td>L3 <span class=\"title\">Size of a "
                                 "cut</span></td><td>B <span class=\"name\">"
                                 "(Bob Blount)</span></td>"));
    assert_non_null(strstr(page, "<td>Cy Cray <span class=\"name\">(cy)"
                                 "</span></td>"));
    free(page);
}

/* A duel's summary counts what the ledger holds (deals, games, rulings by
 * law), each linking down; the findings stand before the scoresheet, an
 * index lists every game, and there is no money (a duel has no
 * persons). */
static void report__a_duels_summary_counts_as_the_ledger(void **state)
{
    struct harness_tmp *t = *state;
    char html[400];
    char want[200];
    char *page = NULL;
    long games;

    evening(t, 11);
    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(harness_sh("%s report --db '%s' -o '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = harness_read(html, NULL);
    summary_as_the_ledger_counts(page, t->db);
    assert_true(before(page, "<section id=\"summary\">",
                       "<section id=\"audit\">"));
    assert_true(before(page, "<h3 id=\"findings\">",
                       "<section id=\"scoresheet\">"));
    assert_true(before(page, "<section id=\"index\">",
                       "<section id=\"scoresheet\">"));
    assert_true(before(page, "<section id=\"rulings\">",
                       "<section id=\"irregularities\">"));
    games = query(t->db, "SELECT count(*) FROM game WHERE sitting_id = 1");
    assert_true(games > 1);
    assert_int_equal(count(page, "<li><a href=\"#game-"), games);
    snprintf(want, sizeof(want), "<li><a href=\"#game-%ld\">Game %ld</a>",
             games, games);
    assert_non_null(strstr(page, want));
    assert_non_null(strstr(page, "<a href=\"#verified\">Verified</a>"));
    assert_non_null(strstr(page, "sitting 1; the ledger holds 1 sitting<"));
    assert_null(strstr(page, "id=\"money\""));
    assert_null(strstr(page, "<th>Money</th>"));
    assert_null(strstr(page, "class=\"money"));
    free(page);
}

/* A sitting of one game has no index (the summary's games link to the
 * scoresheet); its summary still counts as the ledger. */
static void report__one_game_has_no_index(void **state)
{
    struct harness_tmp *t = *state;
    char html[400];
    char *page = NULL;

    assert_int_equal(harness_sh("%s gen --deals 2 --seed 4 | %s record --db "
                                "'%s' - >/dev/null 2>&1",
                                harness_ecarte(), harness_ecarte(), t->db),
                     0);
    assert_int_equal(query(t->db, "SELECT count(*) FROM game"), 1);
    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(harness_sh("%s report --db '%s' -o '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = harness_read(html, NULL);
    summary_as_the_ledger_counts(page, t->db);
    assert_null(strstr(page, "id=\"index\""));
    assert_null(strstr(page, "href=\"#index\""));
    assert_non_null(strstr(page, "<a href=\"#scoresheet\">1 game</a>"));
    free(page);
}

/* The scores a penalty capped are flagged as `score` marks them (a
 * revoke's stand, L43); a replay elected under penalty=cap-or-replay
 * gives the uncapped score back and flags nothing. */
static void report__capped_scores_as_score_marks_them(void **state)
{
    struct harness_tmp *t = *state;
    char path[1024];
    char out[4096];
    char html[400];
    char *page = NULL;

    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(
        harness_sh("%s import --db '%s' --new '%s' >/dev/null 2>&1 && "
                   "%s report --db '%s' -o '%s'",
                   harness_ecarte(), t->db,
                   harness_path("tests/cases/l43_must_win_fires.ecarte", path,
                                sizeof(path)),
                   harness_ecarte(), t->db, html),
        0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "     1   B      4-1         1-0 *\n"));
    page = harness_read(html, NULL);
    assert_int_equal(count(page, "\">score capped</span>"), 1);
    assert_non_null(strstr(page, "<tr class=\"deal\" id=\"deal-1\">"));
    assert_non_null(strstr(strstr(page, "id=\"deal-1\">"),
                           "\">score capped</span></td></tr>"));
    assert_non_null(strstr(page, "<a href=\"#deal-1\">1 hand&#39;s score "
                                 "capped by a penalty</a>"));
    free(page);

    assert_int_equal(
        harness_sh("rm -f '%s' && %s import --db '%s' --new '%s' >/dev/null "
                   "2>&1 && %s report --db '%s' -o '%s'",
                   t->db, harness_ecarte(), t->db,
                   harness_path("tests/cases/t25_replay_uncapped_profile"
                                ".ecarte",
                                path, sizeof(path)),
                   harness_ecarte(), t->db, html),
        0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_null(strstr(out, "*"));
    page = harness_read(html, NULL);
    assert_int_equal(count(page, "\">score capped</span>"), 0);
    assert_non_null(strstr(page, "0 hands&#39; scores capped by a penalty"));
    assert_null(strstr(page, "capped by a penalty</a>"));
    free(page);
}

/* balance_rows - every person's balance of sitting 1 of db as the
 * ledger's transfers sum it (its own SQL), and the house's levy, shown
 * in page's table of balances beside the same sum re-derived; the sum
 * row zero.  Returns the levy. */
static long balance_rows(const char *page, const char *db)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    const char *table = strstr(page, "<table class=\"money balances\">");
    char want[400];
    char a[32];
    long total = 0;
    long levy;
    int n = 0;

    assert_non_null(table);
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(
        sqlite3_prepare_v2(h, "SELECT p.code, p.name, coalesce((SELECT "
                              "sum(t.amount) FROM transfer t JOIN settlement "
                              "s ON s.id = t.settlement_id WHERE "
                              "s.sitting_id = 1 AND t.person = p.code), 0) "
                              "FROM person p WHERE p.sitting_id = 1 ORDER BY "
                              "p.id",
                           -1, &st, NULL),
        SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
        long b = sqlite3_column_int64(st, 2);

        amount(b, a, sizeof(a));
        snprintf(want, sizeof(want), "<tr><td>%s</td><td>%s</td><td "
                                     "class=\"num\">%s</td><td "
                                     "class=\"num\">%s</td></tr>",
                 (const char *)sqlite3_column_text(st, 1),
                 (const char *)sqlite3_column_text(st, 0), a, a);
        if (strstr(table, want) == NULL) {
            fail_msg("the balances do not show %s", want);
        }
        total += b;
        n++;
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    assert_true(n >= 3);
    levy = query(db, "SELECT coalesce(sum(t.amount), 0) FROM transfer t JOIN "
                     "settlement s ON s.id = t.settlement_id WHERE "
                     "s.sitting_id = 1 AND t.person = 'house'");
    if (levy != 0) {
        amount(levy, a, sizeof(a));
        snprintf(want, sizeof(want), "<tr><td>The house's levy</td><td>"
                                     "house</td><td class=\"num\">%s</td>"
                                     "<td class=\"num\">%s</td></tr>",
                 a, a);
        assert_non_null(strstr(table, want));
    } else {
        assert_null(strstr(table, "The house's levy"));
    }
    assert_int_equal(total + levy, 0);
    assert_non_null(strstr(table, "<tr class=\"total\"><th colspan=\"2\">"
                                  "Sum</th><th class=\"num\">+0</th><th "
                                  "class=\"num\">+0</th></tr>"));
    assert_non_null(strstr(page, "sum to <strong>zero</strong>; each balance "
                                 "is the sum of the settlements re-derived"));
    return levy;
}

/* cells - the texts of the cells of the table row that starts at row
 * (up to its </tr>) into cell (max of them, 64 bytes each); their
 * number. */
static int cells(const char *row, char (*cell)[64], int max)
{
    const char *end = strstr(row, "</tr>");
    const char *p = row;
    int n = 0;

    assert_non_null(end);
    while (n < max && (p = strstr(p, "<td")) != NULL && p < end) {
        const char *from = strchr(p, '>') + 1;
        const char *to = strstr(from, "</td>");

        snprintf(cell[n++], 64, "%.*s", (int)(to - from), from);
        p = to;
    }
    return n;
}

/* settlement_shown - settlement number k of sitting 1 of db (in the
 * ledger's order) shown as a column of its game's table: its head with
 * its reason and the line of its action, each transfer in the row of
 * the person (the house's levy in its own row), the sum zero. */
static void settlement_shown(const char *page, const char *db, int k)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char want[400];
    char cell[16][64];
    char a[32];
    const char *head = NULL;
    const char *table = NULL;
    const char *end = NULL;
    const char *row = NULL;
    int col = 0;
    int cols = 0;
    long sum = 0;
    int n = 0;
    int m;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(
        sqlite3_prepare_v2(h, "SELECT s.reason, e.line FROM settlement s "
                              "JOIN event e ON e.id = s.event_id WHERE "
                              "s.sitting_id = 1 ORDER BY s.event_id, s.pos "
                              "LIMIT 1 OFFSET ?1",
                           -1, &st, NULL),
        SQLITE_OK);
    sqlite3_bind_int(st, 1, k - 1);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    snprintf(want, sizeof(want), "<th class=\"settle\" id=\"settlement-%d\">"
                                 "Settlement %d<br><span class=\"title\">%s, "
                                 "line %d</span></th>",
             k, k, (const char *)sqlite3_column_text(st, 0),
             sqlite3_column_int(st, 1));
    sqlite3_finalize(st);
    head = strstr(page, want);
    if (head == NULL) {
        fail_msg("settlement %d has no column headed %s", k, want);
    }
    /* its table, and its column among the settlements' */
    for (const char *p = head; p > page; p--) {
        if (strncmp(p, "<table class=\"money\">", 21) == 0) {
            table = p;
            break;
        }
    }
    assert_non_null(table);
    end = strstr(table, "</table>");
    for (const char *p = strstr(table, "<th class=\"settle\"");
         p != NULL && p < strstr(table, "</thead>");
         p = strstr(p + 1, "<th class=\"settle\"")) {
        if (p < head) {
            col++;
        }
        cols++;
    }
    assert_int_equal(
        sqlite3_prepare_v2(h, "SELECT t.person, coalesce(p.name, ''), "
                              "t.amount FROM transfer t JOIN (SELECT s.id FROM "
                              "settlement s WHERE s.sitting_id = 1 ORDER BY "
                              "s.event_id, s.pos LIMIT 1 OFFSET ?1) x ON x.id "
                              "= t.settlement_id LEFT JOIN person p ON "
                              "p.sitting_id = 1 AND p.code = t.person ORDER BY "
                              "t.id",
                           -1, &st, NULL),
        SQLITE_OK);
    sqlite3_bind_int(st, 1, k - 1);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *who = (const char *)sqlite3_column_text(st, 0);
        long got = sqlite3_column_int64(st, 2);

        if (strcmp(who, "house") == 0) {
            snprintf(want, sizeof(want), "<tr class=\"house\">");
        } else {
            snprintf(want, sizeof(want), "<tr><td>%s</td>",
                     (const char *)sqlite3_column_text(st, 1));
        }
        row = strstr(table, want);
        if (row == NULL || row > end) {
            fail_msg("settlement %d: no row %s in its table", k, want);
        }
        m = cells(row, cell, 16);
        assert_true(m >= cols);
        assert_string_equal(cell[m - cols + col], amount(got, a, sizeof(a)));
        sum += got;
        n++;
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    assert_true(n >= 2);
    assert_int_equal(sum, 0);
    row = strstr(table, "<tfoot><tr>");
    assert_non_null(row);
    m = cells(row, cell, 16);
    assert_string_equal(cell[0], "Sum");
    assert_string_equal(cell[m - cols + col], "+0");
}

/* The money of every format of three or more, as the ledger holds it:
 * the persons by name, who sat where in what role, the settlements with
 * their transfers, the balances and the house's levy summing to zero,
 * the summary's counts (deals, games, rulings by law, persons, stakes,
 * bets, settlements) those of the ledger, and every ruling drawn, the
 * sitting's (CH, PO, BY) too. */
static void report__money_of_every_format(void **state)
{
    static const struct {
        const char *format;
        int seed;
    } formats[] = {
        {"chouette", 5},
        {"pool", 5},
        {"gallery", 5},
        {"gallery; bet-match=tableau; levy=5", 6},
        {"gallery; levy=10", 2},
    };
    struct harness_tmp *t = *state;
    char html[400];
    char want[400];
    char text[200];
    char role[40];
    char *page = NULL;
    char *sum = NULL;
    long levies = 0;
    long bets = 0;

    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        long n;

        assert_int_equal(
            harness_sh("rm -f '%s' && %s gen --format '%s' --deals 60 --seed "
                       "%d --irregularities 0.3 > '%s' && %s import --db '%s' "
                       "'%s' >/dev/null 2>&1; %s report --db '%s' -o '%s'",
                       t->db, harness_ecarte(), formats[f].format,
                       formats[f].seed, t->log,
                       harness_ecarte(), t->db, t->log, harness_ecarte(),
                       t->db, html),
            0);
        page = harness_read(html, NULL);
        summary_as_the_ledger_counts(page, t->db);
        assert_null(strstr(page, "Player A"));
        assert_null(strstr(page, " v. "));
        /* the first person named in the header with his ID */
        query_text(t->db, "SELECT name || ' <span class=\"name\">(' || "
                          "code || ')</span>' FROM person WHERE sitting_id "
                          "= 1 ORDER BY id LIMIT 1",
                   text, sizeof(text));
        assert_non_null(strstr(strstr(page, "<header>"), text));
        /* who sat in seat A of game 1, in his role */
        query_text(t->db, "SELECT p.name FROM seating s JOIN person p ON "
                          "p.sitting_id = 1 AND p.code = s.person JOIN game "
                          "g ON g.id = s.game_id WHERE g.sitting_id = 1 AND "
                          "g.number = 1 AND s.seat = 'A' ORDER BY s.id "
                          "LIMIT 1",
                   text, sizeof(text));
        query_text(t->db, "SELECT s.role FROM seating s JOIN game g ON g.id "
                          "= s.game_id WHERE g.sitting_id = 1 AND g.number = "
                          "1 AND s.seat = 'A' ORDER BY s.id LIMIT 1",
                   role, sizeof(role));
        snprintf(want, sizeof(want), "class=\"player\">A <span class=\""
                                     "name\">(%s, <span class=\"role\">%s"
                                     "</span>",
                 text, role);
        assert_non_null(strstr(strstr(page, "<caption>Game 1</caption>"),
                               want));
        levies += balance_rows(page, t->db);
        n = query(t->db, "SELECT count(*) FROM settlement WHERE sitting_id "
                         "= 1");
        assert_true(n >= 2);
        settlement_shown(page, t->db, 1);
        settlement_shown(page, t->db, (int)n);
        assert_int_equal(count(page, " id=\"settlement-"), n);
        snprintf(want, sizeof(want), "<a href=\"#settlement-1\">%ld "
                                     "settlements</a>", n);
        assert_non_null(strstr(page, want));
        n = query(t->db, "SELECT count(*) FROM stake WHERE sitting_id = 1");
        snprintf(want, sizeof(want), "%ld stake%s", n,
                 n == 1 ? ", ante or forfeit" : "s, antes and forfeits");
        sum = summary_of(page);
        assert_non_null(strstr(sum, want));
        free(sum);
        n = query(t->db, "SELECT count(*) FROM bet WHERE sitting_id = 1");
        bets += n;
        snprintf(want, sizeof(want), ", %ld bet%s, ", n, n == 1 ? "" : "s");
        assert_non_null(strstr(page, want));
        assert_int_equal(count(page, "</strong> on "), n);
        snprintf(want, sizeof(want), "sitting 1, at a table of <a "
                                     "href=\"#money\">%ld persons</a>; the "
                                     "ledger holds 1 sitting<",
                 query(t->db, "SELECT count(*) FROM person WHERE sitting_id "
                              "= 1"));
        assert_non_null(strstr(page, want));
        free(page);
    }
    /* the tableau with a levy took one; some bets were covered */
    assert_true(levies > 0);
    assert_true(bets > 0);
}

/* The report of each format (a duel, a chouette, a pool, a gallery) in a
 * real browser: tests/browser/report.test.mjs (node and puppeteer-core
 * driving headless Chromium) follows every link of each summary to its
 * target and checks the money's section, and keeps screenshots in $SHOTS
 * (default /tmp/ecarte-shots).  Without node, puppeteer-core or a
 * browser it is skipped, saying why. */
static void report__every_format_in_a_browser(void **state)
{
    struct harness_tmp *t = *state;
    char script[1024];
    char *out = NULL;
    int rc;

    harness_path("tests/browser/report.test.mjs", script, sizeof(script));
    if (harness_sh("command -v node >/dev/null 2>&1") != 0) {
        printf("SKIPPED: no node on PATH: the reports were not opened in a "
               "browser (scripts/install-deps)\n");
        skip();
    }
    rc = harness_sh("ECARTE='%s' timeout 300 node '%s' > '%s' 2>&1",
                    harness_ecarte(), script, t->out);
    out = harness_read(t->out, NULL);
    printf("%s", out);
    if (rc == 0 && strncmp(out, "SKIPPED:", 8) == 0) {
        free(out);
        skip();
    }
    if (rc != 0 || strstr(out, "report.test: PASSED") == NULL) {
        free(out);
        fail_msg("node %s exited with status %d", script, rc);
    }
    assert_non_null(strstr(out, "report.test: gallery: "));
    free(out);
}

/* A ledger that does not verify is reported only --unverified, and its
 * summary's first row says so, linking to the verdict. */
static void report__summary_of_a_ledger_that_does_not_verify(void **state)
{
    struct harness_tmp *t = *state;
    char html[400];
    char *page = NULL;

    evening(t, 3);
    {
        sqlite3 *h = NULL;

        /* a stored figure the recorded actions do not give */
        assert_int_equal(sqlite3_open(t->db, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, "UPDATE deal SET points_a = "
                                         "points_a + 1 WHERE number = 3",
                                      NULL, NULL, NULL),
                         SQLITE_OK);
        assert_int_equal(sqlite3_changes(h), 1);
        sqlite3_close(h);
    }
    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(harness_sh("%s report --db '%s' -o '%s' 2>/dev/null",
                                harness_ecarte(), t->db, html),
                     1);
    assert_int_equal(harness_sh("%s report --db '%s' --unverified -o '%s' "
                                "2>/dev/null",
                                harness_ecarte(), t->db, html),
                     0);
    page = harness_read(html, NULL);
    assert_non_null(strstr(page, "<tr><th>Verification</th><td><a "
                                 "class=\"flag\" href=\"#verified\">NOT "
                                 "VERIFIED</a>: 1 finding in the ledger's "
                                 "proof</td></tr>"));
    assert_non_null(strstr(page, "<p class=\"verdict unverified\" "
                                 "id=\"verified\">"));
    assert_null(strstr(page, ">Verified</a>"));
    free(page);
}

static void report__unknown_sitting_is_refused(void **state)
{
    struct harness_tmp *t = *state;
    char out[2048];

    evening(t, 3);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s report --db '%s' --sitting 9 2>&1",
                                     harness_ecarte(), t->db),
                     2);
    assert_non_null(strstr(out, "no sitting 9"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s report --db '%s' --sitting x 2>&1",
                                     harness_ecarte(), t->db),
                     2);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s report --db '%s/none.db' 2>&1",
                                     harness_ecarte(), t->dir),
                     2);
}

static void report__quarantined_deals_are_shown(void **state)
{
    struct harness_tmp *t = *state;
    char out[2048];
    char html[400];
    char *page = NULL;

    /* deal 3 of the evening gets an unreadable line */
    assert_int_equal(
        harness_sh("awk 'NR==95 {print \"B shuffles badly\"; next} "
                   "{print}' '%s' > '%s'",
                   harness_example("club-evening.ecarte"), t->log),
        0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     1);
    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    assert_int_equal(harness_sh("%s report --db '%s' -o '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = harness_read(html, NULL);
    assert_int_equal(count(page, "<tr class=\"lost\" id=\"lost-1\"><td "
                                 "colspan=\"9\">A deal quarantined (from "
                                 "line 68)"),
                     1);
    assert_non_null(strstr(page, "<a href=\"#lost-1\">3</a>"));
    assert_int_equal(count(page, "<tr class=\"deal"),
                     query(t->db, "SELECT count(*) FROM deal"));
    assert_non_null(strstr(page, "<td>quarantined</td>"));
    assert_non_null(strstr(page, "deal(s) of this game quarantined"));
    /* the summary: the audit's one finding, the deal quarantined, as
     * `ecarte audit` counts them; the index marks its game */
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s' "
                                     "| tail -1",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "1 finding(s), 0 flag(s)"));
    assert_non_null(strstr(page, "<tr><th>Findings</th><td><a "
                                 "href=\"#finding-1\">1 finding of the audit"
                                 "</a></td></tr>"));
    assert_non_null(strstr(page, "<a href=\"#lost-1\">1 deal quarantined"
                                 "</a>"));
    assert_int_equal(count(page, "<span class=\"flag\">1 quarantined"
                                 "</span></li>"),
                     1);
    assert_true(before(page, "<tr id=\"finding-1\"",
                       "<section id=\"scoresheet\">"));
    free(page);
}

static void report__standard_output_and_the_sitting_chosen(void **state)
{
    struct harness_tmp *t = *state;
    char *page = NULL;
    char html[400];

    evening(t, 5);
    /* a second sitting, its players unnamed */
    assert_int_equal(harness_sh("%s gen --deals 5 --seed 2 | %s record "
                                "--db '%s' --new - >/dev/null 2>&1",
                                harness_ecarte(), harness_ecarte(), t->db),
                     0);
    snprintf(html, sizeof(html), "%s/stdout.html", t->dir);
    assert_int_equal(harness_sh("%s report --db '%s' > '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = harness_read(html, NULL);
    assert_int_equal(strncmp(page, "<!DOCTYPE html>", 15), 0);
    assert_non_null(strstr(page, "Player A"));
    assert_null(strstr(page, "O&#39;Hara"));
    assert_non_null(strstr(page, "</html>\n"));
    free(page);
    assert_int_equal(harness_sh("%s report --db '%s' --sitting 1 > '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = harness_read(html, NULL);
    assert_non_null(strstr(page, "sitting 1; the ledger holds 2 sittings<"));
    assert_non_null(strstr(page, "&lt;b&gt;&amp;&quot;O&#39;Hara&quot;"));
    assert_null(strstr(page, "<b>&"));
    assert_int_equal(count(page, "<tr class=\"deal"),
                     query(t->db, "SELECT count(*) FROM deal WHERE "
                                  "sitting_id = 1"));
    free(page);
}

static void report__help_names_the_options(void **state)
{
    char out[4096];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out), "%s report --help",
                                     harness_ecarte()),
                     0);
    assert_non_null(strstr(out, "--sitting ID"));
    assert_non_null(strstr(out, "-o, --output FILE"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s --help",
                                     harness_ecarte()),
                     0);
    assert_non_null(strstr(out, "report [--db FILE]"));
}

/* Records read back as written, whichever was asked for in between; a
 * record never written reads as zeros; a key out of range is refused
 * without failing the file. */
static void report__records_read_back_what_was_written(void **state)
{
    struct rep_records f;
    struct rep_deal *d = NULL;

    (void)state;
    assert_int_equal(report__records_open(&f, sizeof(struct rep_deal)), 0);
    d = report__records_get(&f, 7, false);
    assert_non_null(d);
    assert_false(d->scored);
    assert_int_equal(d->n_rulings, 0);
    d = report__records_get(&f, 7, true);
    d->scored = true;
    d->score[0] = 3;
    d->score[1] = 4;
    d->n_rulings = 2;
    d = report__records_get(&f, 3, true);
    assert_false(d->scored);
    d->first_finding = 9;
    d = report__records_get(&f, 100000, false);
    assert_int_equal(d->first_finding, 0);
    assert_false(d->scored);
    d = report__records_get(&f, 7, false);
    assert_true(d->scored);
    assert_int_equal(d->score[0], 3);
    assert_int_equal(d->score[1], 4);
    assert_int_equal(d->n_rulings, 2);
    assert_int_equal(d->first_finding, 0);
    d = report__records_get(&f, 3, false);
    assert_int_equal(d->first_finding, 9);
    assert_false(d->scored);
    assert_null(report__records_get(&f, -1, false));
    assert_null(report__records_get(&f, REP_RECORDS_MAX + 1, true));
    assert_int_equal(f.err, 0);
    d = report__records_get(&f, REP_RECORDS_MAX, true);
    assert_non_null(d);
    d->n_findings = 5;
    assert_int_equal(((struct rep_deal *)report__records_get(&f, 3, false))
                         ->first_finding,
                     9);
    assert_int_equal(((struct rep_deal *)report__records_get(
                          &f, REP_RECORDS_MAX, false))
                         ->n_findings,
                     5);
    assert_int_equal(f.err, 0);
    report__records_close(&f);
    report__records_close(&f);
}

/* A game's seatings are found between its first and its last, a
 * substitute's among them though another game's were recorded between. */
static void report__seatings_of_a_game_in_order(void **state)
{
    struct report *r = calloc(1, sizeof(*r));
    struct rep_seated at;
    struct rep_seating st;

    (void)state;
    assert_non_null(r);
    assert_int_equal(report__records_open(&r->seatings,
                                          sizeof(struct rep_seating)),
                     0);
    assert_int_equal(report__records_open(&r->seated,
                                          sizeof(struct rep_seated)),
                     0);
    assert_int_equal(report__seating_add(r, 1, SEAT_A, "ann", "bank"), 0);
    assert_int_equal(report__seating_add(r, 1, SEAT_B, "bob", "ponte"), 0);
    assert_int_equal(report__seating_add(r, 2, SEAT_A, "ann", "bank"), 0);
    assert_int_equal(report__seating_add(r, 1, SEAT_B, "cy", "ponte"), 0);
    assert_int_equal(report__seating_add(r, 2, SEAT_B, "dan", NULL), 0);
    assert_int_equal(r->n_seatings, 5);
    at = report__seated_at(r, 1);
    assert_int_equal(at.first, 1);
    assert_int_equal(at.last, 4);
    at = report__seated_at(r, 2);
    assert_int_equal(at.first, 3);
    assert_int_equal(at.last, 5);
    at = report__seated_at(r, 3);
    assert_int_equal(at.first, 0);
    assert_int_equal(at.last, 0);
    st = report__seating_at(r, 4);
    assert_int_equal(st.game, 1);
    assert_int_equal(st.seat, SEAT_B);
    assert_string_equal(st.person, "cy");
    assert_string_equal(st.role, "ponte");
    st = report__seating_at(r, 5);
    assert_string_equal(st.person, "dan");
    assert_string_equal(st.role, "");
    st = report__seating_at(r, 6);
    assert_int_equal(st.game, 0);
    assert_string_equal(st.person, "");
    report__records_close(&r->seatings);
    report__records_close(&r->seated);
    free(r);
}

/* settle_items - settlement number k of game 1 in r (ann pays cy k),
 * its head and two transfers, as report__money_kept keeps them. */
static void settle_items(struct report *r, int k)
{
    struct rep_money m;

    memset(&m, 0, sizeof(m));
    m.kind = REP_MONEY_SETTLE;
    m.line = 10 * k;
    m.seat = SEAT_NONE;
    snprintf(m.what, sizeof(m.what), "forfeit-stake");
    m.amount = k;
    assert_int_equal(report__money_add(r, 1, &m), 0);
    m.kind = REP_MONEY_TRANSFER;
    snprintf(m.who, sizeof(m.who), "ann");
    m.amount = -k;
    assert_int_equal(report__money_add(r, 1, &m), 0);
    snprintf(m.who, sizeof(m.who), "cy");
    m.amount = k;
    assert_int_equal(report__money_add(r, 1, &m), 0);
}

/* money_game_text - the money of game 1 of r as report__money_game
 * writes it (owned). */
static char *money_game_text(struct report *r)
{
    FILE *fp = tmpfile();
    char *text = NULL;
    long n;

    assert_non_null(fp);
    report__money_game(fp, r, 1);
    n = ftell(fp);
    assert_true(n > 0);
    rewind(fp);
    text = calloc(1, (size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, fp), (size_t)n);
    fclose(fp);
    return text;
}

/* A game's settlements are its table's columns up to six; a seventh
 * makes them a list under the table, each with its transfers, and the
 * table one column of what they gave in all.  A game of no item shows
 * nothing. */
static void report__many_settlements_of_a_game_are_listed(void **state)
{
    struct report *r = calloc(1, sizeof(*r));
    char *text = NULL;
    FILE *fp = NULL;

    (void)state;
    assert_non_null(r);
    r->n_persons = 2;
    snprintf(r->persons[0].id, sizeof(r->persons[0].id), "ann");
    snprintf(r->persons[0].name, sizeof(r->persons[0].name), "Ann Ash");
    snprintf(r->persons[1].id, sizeof(r->persons[1].id), "cy");
    snprintf(r->persons[1].name, sizeof(r->persons[1].name), "Cy Cray");
    assert_int_equal(report__records_open(&r->money,
                                          sizeof(struct rep_money)),
                     0);
    assert_int_equal(report__records_open(&r->money_of,
                                          sizeof(struct rep_seated)),
                     0);
    for (int k = 1; k <= 6; k++) {
        settle_items(r, k);
    }
    assert_int_equal(r->n_money, 18);
    text = money_game_text(r);
    assert_int_equal(count(text, "<th class=\"settle\""), 6);
    assert_non_null(strstr(text, "<th class=\"settle\" id=\"settlement-6\">"
                                 "Settlement 6<br><span class=\"title\">"
                                 "forfeit-stake, line 60</span></th>"));
    assert_non_null(strstr(text, "<tr><td>Ann Ash</td><td></td><td></td>"
                                 "<td></td><td></td><td>" MINUS "1</td><td>"
                                 MINUS "2</td><td>" MINUS "3</td><td>" MINUS
                                 "4</td><td>" MINUS "5</td><td>" MINUS "6"
                                 "</td></tr>"));
    assert_non_null(strstr(text, "<td colspan=\"5\">Sum</td><td>+0</td>"
                                 "<td>+0</td><td>+0</td><td>+0</td><td>+0"
                                 "</td><td>+0</td></tr>"));
    assert_null(strstr(text, "<ul class=\"settlements\">"));
    free(text);
    settle_items(r, 7);
    text = money_game_text(r);
    assert_int_equal(count(text, "<th class=\"settle\""), 0);
    assert_non_null(strstr(text, "<th>Staked</th><th>Settled</th>"));
    assert_non_null(strstr(text, "<tr><td>Cy Cray</td><td></td><td></td>"
                                 "<td></td><td></td><td>+28</td></tr>"));
    assert_int_equal(count(text, "<li id=\"settlement-"), 7);
    assert_non_null(strstr(text, "<li id=\"settlement-7\"><strong>"
                                 "Settlement 7</strong> (forfeit-stake, line "
                                 "70): <span class=\"transfer\">Ann Ash "
                                 "<span class=\"name\">(ann)</span> <strong>"
                                 MINUS "7</strong></span> <span "
                                 "class=\"transfer\">Cy Cray <span "
                                 "class=\"name\">(cy)</span> <strong>+7"
                                 "</strong></span>; sum +0</li>"));
    free(text);
    fp = tmpfile();
    assert_non_null(fp);
    report__money_game(fp, r, 2);
    assert_int_equal(ftell(fp), 0);
    fclose(fp);
    report__records_close(&r->money);
    report__records_close(&r->money_of);
    free(r);
}

#define T(f) cmocka_unit_test_setup_teardown(f, harness_tmp_setup, \
                                             harness_tmp_teardown)

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        T(report__browser_shows_every_deal_and_ruling),
        T(report__empty_ledger_says_so),
        T(report__unknown_sitting_is_refused),
        T(report__corrected_revoke_and_a_gallery),
        T(report__a_chouette_by_person),
        T(report__a_duels_summary_counts_as_the_ledger),
        T(report__one_game_has_no_index),
        T(report__capped_scores_as_score_marks_them),
        T(report__money_of_every_format),
        T(report__summary_of_a_ledger_that_does_not_verify),
        T(report__every_format_in_a_browser),
        T(report__quarantined_deals_are_shown),
        T(report__standard_output_and_the_sitting_chosen),
        cmocka_unit_test(report__help_names_the_options),
        cmocka_unit_test(report__records_read_back_what_was_written),
        cmocka_unit_test(report__seatings_of_a_game_in_order),
        cmocka_unit_test(report__many_settlements_of_a_game_are_listed),
    };

    return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
