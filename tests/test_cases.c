/* test_cases.c - the scenario driver: `ecarte check` on every log of
 * tests/cases (no finding allowed, --strict), on every deliberately wrong
 * log of tests/cases/bad (a finding required), on the shipped examples and
 * on the reference records of ../shared/records. */
#include "tests/harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

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

/* each_log - call fn on every .ecarte file of dir; returns how many. */
static int each_log(const char *dir, void (*fn)(const char *path, int *bad),
                    int *bad)
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

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        fn(path, bad);
        n++;
    }
    closedir(d);
    return n;
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

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cases__every_case_checks_clean),
        cmocka_unit_test(cases__every_wrong_line_is_a_finding),
        cmocka_unit_test(cases__examples_check_clean),
        cmocka_unit_test(cases__shared_records_check_clean),
    };

    return cmocka_run_group_tests_name("cases", tests, NULL, NULL);
}
