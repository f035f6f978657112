/* SPDX-License-Identifier: MIT */
/* test_cases.c - the scenario driver: `ecarte check` on every log of
 * tests/cases, tests/cases/variants and tests/cases/systems (no finding
 * allowed, --strict; each `=` line of a systems log altered in turn must be
 * a finding), on every deliberately wrong log of tests/cases/bad (a finding
 * required), on the shipped examples, and, where they are present beside
 * the source tree, on the reference records of ../shared/records and on the
 * variant logs of ../shared/variants (read in place; each of their `=`
 * lines altered in turn must be a finding).  tests/cases/systems holds the
 * repository's own worked sittings of every preset, modern switch group
 * and format (docs/variants.md), so that a clone tests the same kinds of
 * sittings as the shared logs. */
#include "tests/harness.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "laws/laws.h"

/* ecarte - the program under test (ECARTE, or build/ecarte). */
static const char *ecarte(void)
{
    const char *p = getenv("ECARTE");

    return p != NULL ? p : "build/ecarte";
}

/* run_check - `ecarte check [flags] path`: exit status, and the number of
 * finding lines ("path:LINE: ...") printed into *findings. */
static int run_check(const char *flags, const char *path, int *findings)
{
    char cmd[8192];
    char line[4096];
    FILE *fp;
    int status;
    size_t plen = strlen(path);

    snprintf(cmd, sizeof(cmd), "%s check %s '%s' 2>&1", ecarte(), flags,
             path);
    fp = popen(cmd, "r");
    assert_non_null(fp);
    *findings = 0;
    while (fgets(line, sizeof(line), fp) != NULL) {
        if (strncmp(line, path, plen) == 0 && strstr(line, "the log records")) {
            (*findings)++;
        }
        if (strstr(line, ": expected") != NULL) {
            printf("    %s", line);
        }
    }
    status = pclose(fp);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* each_log_where - call fn on every .ecarte file of dir whose name keep
 * accepts (every one if keep is NULL); returns how many, -1 if dir cannot
 * be read. */
static int each_log_where(const char *dir, bool (*keep)(const char *name),
                          void (*fn)(const char *path, int *bad), int *bad)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;

    if (d == NULL) {
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        size_t len = strlen(e->d_name);

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0 ||
            (keep != NULL && !keep(e->d_name))) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        fn(path, bad);
        n++;
    }
    closedir(d);
    return n;
}

/* each_log - call fn on every .ecarte file of dir; returns how many. */
static int each_log(const char *dir, void (*fn)(const char *path, int *bad),
                    int *bad)
{
    return each_log_where(dir, NULL, fn, bad);
}

static void must_be_clean(const char *path, int *bad)
{
    int findings = 0;
    int rc = run_check("--strict", path, &findings);

    if (rc != 0) {
        printf("  not clean (exit %d, %d finding(s)): %s\n", rc, findings,
               path);
        (*bad)++;
    }
}

static void must_be_clean_lenient(const char *path, int *bad)
{
    int findings = 0;
    int rc = run_check("", path, &findings);

    if (rc != 0) {
        printf("  not clean (exit %d): %s\n", rc, path);
        (*bad)++;
    }
}

static void must_find(const char *path, int *bad)
{
    int findings = 0;
    int rc = run_check("", path, &findings);

    if (rc != 1 || findings < 1) {
        printf("  wrong line not reported (exit %d, %d finding(s)): %s\n",
               rc, findings, path);
        (*bad)++;
    }
}

static void cases__every_case_checks_clean(void **state)
{
    char dir[4096];
    int bad = 0;
    int n;

    (void)state;
    n = each_log(harness_path("tests/cases", dir, sizeof(dir)),
                 must_be_clean, &bad);
    assert_true(n > 0);
    printf("  %d case(s), %d not clean\n", n, bad);
    assert_int_equal(bad, 0);
}

static void cases__every_wrong_line_is_a_finding(void **state)
{
    char dir[4096];
    int bad = 0;
    int n;

    (void)state;
    n = each_log(harness_path("tests/cases/bad", dir, sizeof(dir)),
                 must_find, &bad);
    assert_true(n >= 8);
    printf("  %d wrong case(s), %d not reported\n", n, bad);
    assert_int_equal(bad, 0);
}

static void cases__examples_check_clean(void **state)
{
    char dir[4096];
    int bad = 0;

    (void)state;
    assert_true(each_log(harness_path("examples", dir, sizeof(dir)),
                         must_be_clean_lenient, &bad) >= 3);
    assert_int_equal(bad, 0);
}

static void cases__shared_records_check_clean(void **state)
{
    const char *dir = harness_shared("records");
    int bad = 0;

    (void)state;
    if (dir == NULL) {
        skip();
    }
    assert_true(each_log(dir, must_be_clean_lenient, &bad) >= 3);
    assert_int_equal(bad, 0);
}

static void cases__every_variant_case_checks_clean(void **state)
{
    char dir[4096];
    int bad = 0;
    int n;

    (void)state;
    n = each_log(harness_path("tests/cases/variants", dir, sizeof(dir)),
                 must_be_clean, &bad);
    assert_true(n >= 20);
    printf("  %d variant case(s), %d not clean\n", n, bad);
    assert_int_equal(bad, 0);
}

/* What `ecarte check` prints for a variant case beyond its `=` lines: the
 * rubber, the game's value, a note (none of them has an `=` line). */
static const struct {
    const char *log;            /* under tests/cases/variants */
    const char *text;           /* a piece of the output */
    int times;                  /* how often it is printed (0: never) */
} printed[] = {
    {"profile_rubber_of_five.ecarte",
     "game 5 won by B, A 4 B 5 (single); rubber to B", 1},
    {"profile_rubber_of_five.ecarte", "rubber to", 1},
    {"profile_rubber_of_five_london.ecarte",
     "game 3 won by B, A 4 B 5 (single); rubber to B", 1},
    {"profile_rubber_of_five_london.ecarte", "rubber to", 1},
    {"profile_target_seven.ecarte", "game 1 won by A, A 8 B 3 (double)", 1},
    {"profile_target_seven.ecarte", " won by ", 1},
    {"profile_target_seven_london.ecarte",
     "game 1 won by A, A 5 B 3 (single)", 1},
    {"profile_target_seven_london.ecarte", " won by ", 1},
    {"profile_meyers_dealer_takes_no_card.ecarte", "the dealer took no card",
     0},
    {"profile_meyers_dealer_takes_no_card_london.ecarte",
     "the dealer took no card", 1},
    {"profile_second_proposal_refused_noted.ecarte",
     "allows only by agreement (proposals=one)", 1},
    {"profile_second_proposal_london.ecarte", "allows only by agreement", 0},
    {"wording_card_put_down_noted.ecarte", "taken as his lead", 1},
    {"wording_card_put_down_noted.ecarte", "taken as his play to it", 1},
    {"profile_second_proposal_london.ecarte", "whatever its word", 0},
};

/* times_in - how many times needle occurs in hay. */
static int times_in(const char *hay, const char *needle)
{
    int n = 0;

    for (const char *at = strstr(hay, needle); at != NULL;
         at = strstr(at + 1, needle)) {
        n++;
    }
    return n;
}

static void cases__variant_cases_print_rubber_value_and_notes(void **state)
{
    static char out[65536];
    int bad = 0;

    (void)state;
    for (size_t i = 0; i < sizeof(printed) / sizeof(printed[0]); i++) {
        char rel[512];
        char path[4096];
        int got;

        snprintf(rel, sizeof(rel), "tests/cases/variants/%s", printed[i].log);
        harness_path(rel, path, sizeof(path));
        assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                         ecarte(), path),
                         0);
        got = times_in(out, printed[i].text);
        if (got != printed[i].times) {
            printf("  %s: \"%s\" printed %d time(s), expected %d\n",
                   printed[i].log, printed[i].text, got, printed[i].times);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

/* profile_log - is name one of the shared worked cases of the Meyers,
 * Polish and modern profiles (my_*, pl_*, md_*; docs/variants.md, "The
 * presets" and "The modern switches")? */
static bool profile_log(const char *name)
{
    return strncmp(name, "my_", 3) == 0 || strncmp(name, "pl_", 3) == 0 ||
           strncmp(name, "md_", 3) == 0;
}

/* sitting_log - a shared log of a sitting of more than two: chouette,
 * pool, gallery (docs/variants.md, "Tables of three or more"). */
static bool sitting_log(const char *name)
{
    return strncmp(name, "ch_", 3) == 0 || strncmp(name, "po_", 3) == 0 ||
           strncmp(name, "by_", 3) == 0;
}

/* shared_log - any variant log of ../shared/variants. */
static bool shared_log(const char *name)
{
    return profile_log(name) || sitting_log(name);
}

/* shared_variants - ../shared/variants into dir (n bytes), or false after
 * saying why the test is skipped. */
static bool shared_variants(char *dir, size_t n)
{
    const char *p = harness_shared("variants");

    if (p == NULL) {
        printf("  SKIPPED: ../shared/variants is not beside the source tree; "
               "the shared variant logs are not checked (tests/cases/systems "
               "holds the repository's own)\n");
        return false;
    }
    snprintf(dir, n, "%s", p);
    return true;
}

static void cases__shared_variant_logs_check_clean(void **state)
{
    char dir[4096];
    int bad = 0;
    int n;

    (void)state;
    if (!shared_variants(dir, sizeof(dir))) {
        skip();
    }
    n = each_log_where(dir, profile_log, must_be_clean, &bad);
    printf("  %d shared variant log(s), %d not clean\n", n, bad);
    assert_true(n >= 12);
    assert_int_equal(bad, 0);
}

/* Every chouette, pool and gallery log of ../shared/variants checks clean
 * (its settlements, pools, roles and bets as the rules give them).  Not
 * under --strict: ch_d records the L14 ruling of the deal out of turn once,
 * where the referee gives it twice (at the deal line, and again when the
 * right deal line voids it), as it does in a duel. */
static void cases__shared_sitting_logs_check_clean(void **state)
{
    char dir[4096];
    int bad = 0;
    int n;

    (void)state;
    if (!shared_variants(dir, sizeof(dir))) {
        skip();
    }
    n = each_log_where(dir, sitting_log, must_be_clean_lenient, &bad);
    printf("  %d shared sitting log(s), %d not clean\n", n, bad);
    assert_true(n >= 11);
    assert_int_equal(bad, 0);
}

/* One way of altering an `=` line. */
enum alter {
    ALTER_SCORE_A,              /* = score A n B m: n + 1 */
    ALTER_SCORE_B,              /* = score A n B m: m + 1 */
    ALTER_RULING,               /* = ruling ID ...: another rule's id */
    ALTER_VALUE,                /* = value N: N + 1 */
    ALTER_SETTLE,               /* = settle X a Y b ...: a + 1, b - 1 (the
                                   sum still zero) */
    ALTER_ROLES,                /* = roles K1 P1 K2 P2 ...: P1 and P2
                                   swapped */
    ALTER_POOL,                 /* = pool N: N + 1 */
    ALTER_BETS,                 /* = bets A n ...: n + 1 */
};

/* swap_words - in line, the words number i and j (0-based) swapped, into
 * out; false if the line has too few. */
static bool swap_words(const char *line, int i, int j, char *out, size_t n)
{
    char copy[1024];
    char *w[64];
    int k = 0;
    size_t used = 0;

    snprintf(copy, sizeof(copy), "%s", line);
    for (char *t = strtok(copy, " "); t != NULL && k < 64;
         t = strtok(NULL, " ")) {
        w[k++] = t;
    }
    if (i >= k || j >= k) {
        return false;
    }
    {
        char *tmp = w[i];

        w[i] = w[j];
        w[j] = tmp;
    }
    out[0] = '\0';
    for (int x = 0; x < k && used < n; x++) {
        used += (size_t)snprintf(out + used, n - used, "%s%s", x ? " " : "",
                                 w[x]);
    }
    return true;
}

/* alter_line - line (an `=` line without its newline) altered as how says,
 * into out (n bytes); false if how does not apply to that kind of line. */
static bool alter_line(const char *line, enum alter how, char *out, size_t n)
{
    int a;
    int b;
    const char *id;
    size_t id_len;
    const struct law *l;

    switch (how) {
    case ALTER_SCORE_A:
    case ALTER_SCORE_B:
        if (sscanf(line, "= score A %d B %d", &a, &b) != 2) {
            return false;
        }
        snprintf(out, n, "= score A %d B %d", a + (how == ALTER_SCORE_A),
                 b + (how == ALTER_SCORE_B));
        return true;
    case ALTER_VALUE:
        if (sscanf(line, "= value %d", &a) != 1) {
            return false;
        }
        snprintf(out, n, "= value %d", a + 1);
        return true;
    case ALTER_SETTLE: {
        char x[32];
        char y[32];
        int used = 0;

        if (sscanf(line, "= settle %31s %d %31s %d%n", x, &a, y, &b,
                   &used) != 4) {
            return false;
        }
        snprintf(out, n, "= settle %s %+d %s %+d%s", x, a + 1, y, b - 1,
                 line + used);
        return true;
    }
    case ALTER_ROLES:
        /* the two first persons swapped: "= roles bank ann ponte bob",
         * "= roles players ann bob", "= roles roi ann streak 1 rentrant
         * cy", "= roles A ann B dan" */
        if (strncmp(line, "= roles players ", 16) == 0) {
            return swap_words(line, 3, 4, out, n);
        }
        if (strncmp(line, "= roles roi ", 12) == 0) {
            return swap_words(line, 3, 7, out, n);
        }
        return strncmp(line, "= roles ", 8) == 0 &&
               swap_words(line, 3, 5, out, n);
    case ALTER_POOL:
        if (sscanf(line, "= pool %d", &a) != 1) {
            return false;
        }
        snprintf(out, n, "= pool %d", a + 1);
        return true;
    case ALTER_BETS: {
        int used = 0;

        if (sscanf(line, "= bets A %d%n", &a, &used) != 1) {
            return false;
        }
        snprintf(out, n, "= bets A %d%s", a + 1, line + used);
        return true;
    }
    case ALTER_RULING:
        /* "= ruling ID rest": ID becomes the id of the registry's next row
         * (L43 -> L44, PL5 -> MD1, MD5 -> L1) */
        if (strncmp(line, "= ruling ", strlen("= ruling ")) != 0) {
            return false;
        }
        id = line + strlen("= ruling ");
        id_len = strcspn(id, " \t");
        l = laws_find(id, id_len);
        assert_non_null(l);
        snprintf(out, n, "= ruling %s%s",
                 laws_get((enum law_id)((l->law + 1) % LAW_COUNT))->id,
                 id + id_len);
        return true;
    }
    return false;
}

/* alter_each - for the log at path, each `=` line altered in each of the
 * ways of hows that apply to it, one at a time, in a copy at tmp: every
 * copy must be a finding (`ecarte check` exits 1).  Adds the copies made
 * to *copies and those not reported to *bad. */
static void alter_each(const char *path, const char *tmp,
                       const enum alter *hows, size_t n_hows, int *copies,
                       int *bad)
{
    char *text = harness_read(path, NULL);
    const char *line = text;

    while (*line != '\0') {
        size_t len = strcspn(line, "\n");
        const char *next = line[len] == '\n' ? line + len + 1 : line + len;
        char orig[1024];

        if (line[0] != '=' || len >= sizeof(orig)) {
            line = next;
            continue;
        }
        memcpy(orig, line, len);
        orig[len] = '\0';
        if (len > 0 && orig[len - 1] == '\r') {
            orig[len - 1] = '\0';
        }
        for (size_t h = 0; h < n_hows; h++) {
            char altered[1100];
            FILE *fp;
            int findings = 0;
            int rc;

            if (!alter_line(orig, hows[h], altered, sizeof(altered))) {
                continue;
            }
            fp = fopen(tmp, "w");
            assert_non_null(fp);
            fwrite(text, 1, (size_t)(line - text), fp);
            fprintf(fp, "%s\n", altered);
            fputs(next, fp);
            assert_int_equal(fclose(fp), 0);
            rc = run_check("", tmp, &findings);
            (*copies)++;
            if (rc != 1 || findings < 1) {
                printf("  %s: \"%s\" altered to \"%s\" is not a finding "
                       "(exit %d, %d finding(s))\n",
                       path, orig, altered, rc, findings);
                (*bad)++;
            }
        }
        line = next;
    }
    free(text);
}

/* alter_shared_variants - alter_each on every profile log of
 * ../shared/variants (skipped, saying so, if it is absent); returns the
 * number of copies not reported, the copies made in *copies. */
static int alter_shared_variants(const struct harness_tmp *t,
                                 const enum alter *hows, size_t n_hows,
                                 int *copies)
{
    char dir[4096];
    DIR *d;
    struct dirent *e;
    int logs = 0;
    int bad = 0;

    *copies = 0;
    if (!shared_variants(dir, sizeof(dir))) {
        skip();
    }
    d = opendir(dir);
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        size_t len = strlen(e->d_name);

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0 ||
            !shared_log(e->d_name)) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        alter_each(path, t->log, hows, n_hows, copies, &bad);
        logs++;
    }
    closedir(d);
    assert_true(logs >= 23);
    printf("  %d shared variant log(s), %d altered copies, %d not reported\n",
           logs, *copies, bad);
    return bad;
}

static void cases__shared_variant_scores_and_rulings_altered_are_findings(
    void **state)
{
    static const enum alter hows[] = {ALTER_SCORE_A, ALTER_SCORE_B,
                                      ALTER_RULING};
    int copies;
    int bad = alter_shared_variants(*state, hows,
                                    sizeof(hows) / sizeof(hows[0]), &copies);

    assert_true(copies >= 20);
    assert_int_equal(bad, 0);
}

/* `= value N` (docs/format.md) is compared like `= score`: every value
 * line of the shared variant logs, raised by one, is a finding. */
static void cases__shared_variant_values_altered_are_findings(void **state)
{
    static const enum alter hows[] = {ALTER_VALUE};
    int copies;
    int bad = alter_shared_variants(*state, hows,
                                    sizeof(hows) / sizeof(hows[0]), &copies);

    assert_true(copies >= 1);
    assert_int_equal(bad, 0);
}

/* The sitting's `=` lines (docs/format.md) are compared like `= score`:
 * every `= settle` of the shared logs with money moved between two of its
 * persons, every `= roles` with two persons swapped, every `= pool` and
 * `= bets` raised by one, is a finding. */
static void cases__shared_sitting_lines_altered_are_findings(void **state)
{
    static const enum alter hows[] = {ALTER_SETTLE, ALTER_ROLES, ALTER_POOL,
                                      ALTER_BETS};
    int copies;
    int bad = alter_shared_variants(*state, hows,
                                    sizeof(hows) / sizeof(hows[0]), &copies);

    assert_true(copies >= 30);
    assert_int_equal(bad, 0);
}

/* The same for the chouette, pool and gallery cases of tests/cases/variants
 * (every `= settle`, `= roles`, `= pool` and `= bets` line, and the
 * sitting's rulings): the files named ch*, po*, by* and gallery*. */
static void cases__sitting_cases_altered_are_findings(void **state)
{
    static const enum alter hows[] = {ALTER_SETTLE, ALTER_ROLES, ALTER_POOL,
                                      ALTER_BETS, ALTER_RULING};
    const struct harness_tmp *t = *state;
    char dir[4096];
    DIR *d;
    struct dirent *e;
    int copies = 0;
    int bad = 0;

    d = opendir(harness_path("tests/cases/variants", dir, sizeof(dir)));
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[8192];

        if (strncmp(e->d_name, "ch", 2) != 0 &&
            strncmp(e->d_name, "po", 2) != 0 &&
            strncmp(e->d_name, "by", 2) != 0 &&
            strncmp(e->d_name, "gallery", 7) != 0) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        alter_each(path, t->log, hows, sizeof(hows) / sizeof(hows[0]),
                   &copies, &bad);
    }
    closedir(d);
    printf("  %d altered copies, %d not reported\n", copies, bad);
    assert_true(copies >= 80);
    assert_int_equal(bad, 0);
}

/* The kinds of sitting tests/cases/systems must hold (docs/variants.md):
 * a log whose Laws and Format tags say so, for each preset, each group of
 * the modern switches and each format. */
static const struct {
    const char *tag;            /* "Laws" or "Format" */
    const char *words;          /* a piece of its value */
    const char *what;           /* for the message */
} systems_kinds[] = {
    {"Laws", "\"london\"", "the london preset"},
    {"Laws", "\"meyers1889", "the meyers1889 preset"},
    {"Laws", "\"polish", "the polish preset"},
    {"Laws", "jack-veto=yes", "the jack veto"},
    {"Laws", "doubling=yes", "doubling"},
    {"Laws", "offer-point=", "offering the point"},
    {"Laws", "rank=ace-high", "ace-high"},
    {"Laws", "king-bonus=ace", "the bonus on the ace"},
    {"Laws", "game=7", "a target of 7"},
    {"Format", "\"chouette", "a chouette"},
    {"Format", "\"pool\"", "a pool"},
    {"Format", "pool-run=3", "a pool run of three"},
    {"Format", "\"gallery\"", "a French gallery"},
    {"Format", "style=english", "an English gallery"},
    {"Format", "bet-match=tableau; levy=", "a tableau with a levy"},
};

/* systems_dir - tests/cases/systems into dir (n bytes). */
static const char *systems_dir(char *dir, size_t n)
{
    return harness_path("tests/cases/systems", dir, n);
}

/* has_tag - does text hold the tag line [tag "...words..."]? */
static bool has_tag(const char *text, const char *tag, const char *words)
{
    char open[64];
    size_t len;

    len = (size_t)snprintf(open, sizeof(open), "\n[%s ", tag);
    for (const char *at = strstr(text, open); at != NULL;
         at = strstr(at + 1, open)) {
        size_t line = strcspn(at + 1, "\n");
        const char *w = strstr(at + len, words);

        if (w != NULL && w < at + 1 + line) {
            return true;
        }
    }
    return false;
}

static void cases__every_system_log_checks_clean(void **state)
{
    char dir[4096];
    int bad = 0;
    int n;

    (void)state;
    n = each_log(systems_dir(dir, sizeof(dir)), must_be_clean, &bad);
    printf("  %d system log(s), %d not clean\n", n, bad);
    assert_true(n >= 14);
    assert_int_equal(bad, 0);
}

/* Each kind of sitting of systems_kinds has a log in tests/cases/systems. */
static void cases__system_logs_cover_every_preset_and_format(void **state)
{
    char dir[4096];
    bool seen[sizeof(systems_kinds) / sizeof(systems_kinds[0])] = {false};
    DIR *d;
    struct dirent *e;
    int missing = 0;

    (void)state;
    d = opendir(systems_dir(dir, sizeof(dir)));
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        size_t len = strlen(e->d_name);
        char *text;
        char *nl;

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        text = harness_read(path, NULL);
        /* a leading newline, so that the first line is found as the rest */
        nl = malloc(strlen(text) + 2);
        assert_non_null(nl);
        nl[0] = '\n';
        strcpy(nl + 1, text);
        for (size_t k = 0; k < sizeof(seen) / sizeof(seen[0]); k++) {
            seen[k] = seen[k] || has_tag(nl, systems_kinds[k].tag,
                                         systems_kinds[k].words);
        }
        free(nl);
        free(text);
    }
    closedir(d);
    for (size_t k = 0; k < sizeof(seen) / sizeof(seen[0]); k++) {
        if (!seen[k]) {
            printf("  no log of tests/cases/systems shows %s ([%s] with "
                   "%s)\n",
                   systems_kinds[k].what, systems_kinds[k].tag,
                   systems_kinds[k].words);
            missing++;
        }
    }
    assert_int_equal(missing, 0);
}

/* Every `=` line of every log of tests/cases/systems, altered in each way
 * that applies to it (a score, a ruling's law, a hand's value, a
 * settlement, the roles, the pool, the bets), is a finding. */
static void cases__system_lines_altered_are_findings(void **state)
{
    static const enum alter hows[] = {ALTER_SCORE_A, ALTER_SCORE_B,
                                      ALTER_RULING,  ALTER_VALUE,
                                      ALTER_SETTLE,  ALTER_ROLES,
                                      ALTER_POOL,    ALTER_BETS};
    const struct harness_tmp *t = *state;
    char dir[4096];
    DIR *d;
    struct dirent *e;
    int copies = 0;
    int bad = 0;
    int logs = 0;

    d = opendir(systems_dir(dir, sizeof(dir)));
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        size_t len = strlen(e->d_name);

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        alter_each(path, t->log, hows, sizeof(hows) / sizeof(hows[0]),
                   &copies, &bad);
        logs++;
    }
    closedir(d);
    printf("  %d system log(s), %d altered copies, %d not reported\n", logs,
           copies, bad);
    assert_true(logs >= 14);
    assert_true(copies >= 200);
    assert_int_equal(bad, 0);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cases__every_case_checks_clean),
        cmocka_unit_test(cases__every_wrong_line_is_a_finding),
        cmocka_unit_test(cases__examples_check_clean),
        cmocka_unit_test(cases__shared_records_check_clean),
        cmocka_unit_test(cases__every_variant_case_checks_clean),
        cmocka_unit_test(cases__every_system_log_checks_clean),
        cmocka_unit_test(cases__system_logs_cover_every_preset_and_format),
        cmocka_unit_test_setup_teardown(
            cases__system_lines_altered_are_findings, harness_tmp_setup,
            harness_tmp_teardown),
        cmocka_unit_test(cases__variant_cases_print_rubber_value_and_notes),
        cmocka_unit_test(cases__shared_variant_logs_check_clean),
        cmocka_unit_test(cases__shared_sitting_logs_check_clean),
        cmocka_unit_test_setup_teardown(
            cases__shared_sitting_lines_altered_are_findings,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            cases__sitting_cases_altered_are_findings, harness_tmp_setup,
            harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            cases__shared_variant_scores_and_rulings_altered_are_findings,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            cases__shared_variant_values_altered_are_findings,
            harness_tmp_setup, harness_tmp_teardown),
    };

    return cmocka_run_group_tests_name("cases", tests, NULL, NULL);
}
