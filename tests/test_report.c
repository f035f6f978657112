/* SPDX-License-Identifier: MIT */
/*
 * test_report.c - `ecarte report` end to end: a generated evening with
 * irregularities and players' names that need escaping, rendered in a
 * real browser (headless Chromium: its DOM and a screenshot), the deals
 * and rulings shown counted against the ledger; an empty ledger, an
 * unknown sitting, quarantined deals, the sitting chosen, standard
 * output.  Without a browser the browser test is skipped, saying so.
 * What the report keeps per deal, game and seating in temporary files
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

/* slurp - the whole file at path (owned), its size in *n (may be NULL);
 * the test fails if it cannot be read. */
static char *slurp(const char *path, long *n)
{
    FILE *fp = fopen(path, "rb");
    char *text = NULL;
    long size;

    if (fp == NULL) {
        fail_msg("cannot read %s", path);
    }
    assert_int_equal(fseek(fp, 0, SEEK_END), 0);
    size = ftell(fp);
    assert_true(size >= 0);
    rewind(fp);
    text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, fp), (size_t)size);
    text[size] = '\0';
    fclose(fp);
    if (n != NULL) {
        *n = size;
    }
    return text;
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
    gen = slurp(t->log2, NULL);
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
    long size = 0;

    evening(t, 11);
    snprintf(html, sizeof(html), "%s/report.html", t->dir);
    snprintf(dom, sizeof(dom), "%s/dom.html", t->dir);
    snprintf(png, sizeof(png), "%s/report.png", t->dir);
    snprintf(err, sizeof(err), "%s/browser.log", t->dir);
    assert_int_equal(harness_sh("%s report --db '%s' -o '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = slurp(html, NULL);
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
    tree = slurp(dom, NULL);
    log = slurp(err, NULL);
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
    free(slurp(png, &size));
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
    page = slurp(html, NULL);
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
                           "A <span class=\"name\">(Ann Ash)</span></th><th "
                           "colspan=\"3\" class=\"player\">B <span "
                           "class=\"name\">(Cy Cray)</span>"));
    assert_non_null(strstr(strstr(page, "<caption>Game 3</caption>"),
                           "A <span class=\"name\">(Cy Cray)</span></th><th "
                           "colspan=\"3\" class=\"player\">B <span "
                           "class=\"name\">(Dan Dee)</span>"));
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
    page = slurp(html, NULL);
    assert_int_equal(count(page, "<tr class=\"lost\" id=\"lost-1\"><td "
                                 "colspan=\"9\">A deal quarantined (from "
                                 "line 68)"),
                     1);
    assert_non_null(strstr(page, "<a href=\"#lost-1\">3</a>"));
    assert_int_equal(count(page, "<tr class=\"deal"),
                     query(t->db, "SELECT count(*) FROM deal"));
    assert_non_null(strstr(page, "<td>quarantined</td>"));
    assert_non_null(strstr(page, "deal(s) of this game quarantined"));
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
    page = slurp(html, NULL);
    assert_int_equal(strncmp(page, "<!DOCTYPE html>", 15), 0);
    assert_non_null(strstr(page, "Player A"));
    assert_null(strstr(page, "O&#39;Hara"));
    assert_non_null(strstr(page, "</html>\n"));
    free(page);
    assert_int_equal(harness_sh("%s report --db '%s' --sitting 1 > '%s'",
                                harness_ecarte(), t->db, html),
                     0);
    page = slurp(html, NULL);
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
    assert_int_equal(report__seating_add(r, 1, SEAT_A, "ann"), 0);
    assert_int_equal(report__seating_add(r, 1, SEAT_B, "bob"), 0);
    assert_int_equal(report__seating_add(r, 2, SEAT_A, "ann"), 0);
    assert_int_equal(report__seating_add(r, 1, SEAT_B, "cy"), 0);
    assert_int_equal(report__seating_add(r, 2, SEAT_B, "dan"), 0);
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
    st = report__seating_at(r, 6);
    assert_int_equal(st.game, 0);
    assert_string_equal(st.person, "");
    report__records_close(&r->seatings);
    report__records_close(&r->seated);
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
        T(report__quarantined_deals_are_shown),
        T(report__standard_output_and_the_sitting_chosen),
        cmocka_unit_test(report__help_names_the_options),
        cmocka_unit_test(report__records_read_back_what_was_written),
        cmocka_unit_test(report__seatings_of_a_game_in_order),
    };

    return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
