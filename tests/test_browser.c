/* SPDX-License-Identifier: MIT */
/* test_browser.c - the pages of `ecarte serve` in a real browser: runs
 * tests/browser/serve.test.mjs (node and puppeteer-core driving a
 * headless Chromium) against the program under test ($ECARTE).  It opens
 * a table whose players' names are hostile markup, plays a whole deal on
 * the scorer's page by its buttons (a wrong token's 401, a refused line,
 * a card taken back by Undo, a revoke and its L43 election) while the
 * board follows from the event stream, and takes screenshots (phone and
 * tablet) into $SHOTS (default /tmp/ecarte-shots).  Without node, the
 * npm package (scripts/install-deps: npm ci --prefix tests/browser) or a
 * browser, the test is skipped, saying why. */
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* slurp - the file at path as a string (owned; "" if unreadable). */
static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    char *buf;
    long n;

    if (fp == NULL || fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 ||
        fseek(fp, 0, SEEK_SET) != 0) {
        if (fp != NULL) {
            fclose(fp);
        }
        buf = malloc(1);
        assert_non_null(buf);
        buf[0] = '\0';
        return buf;
    }
    buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    buf[fread(buf, 1, (size_t)n, fp)] = '\0';
    fclose(fp);
    return buf;
}

static void browser__a_whole_deal_on_the_scorers_page(void **state)
{
    struct harness_tmp *t = *state;
    char script[1024];
    char *out;
    int rc;

    harness_path("tests/browser/serve.test.mjs", script, sizeof(script));
    if (harness_sh("command -v node >/dev/null 2>&1") != 0) {
        printf("SKIPPED: no node on PATH: the pages of ecarte serve were not "
               "tested in a browser (scripts/install-deps)\n");
        skip();
    }
    rc = harness_sh("ECARTE='%s' timeout 300 node '%s' > '%s' 2>&1",
                    harness_ecarte(), script, t->out);
    out = slurp(t->out);
    printf("%s", out);
    if (rc == 0 && strncmp(out, "SKIPPED:", 8) == 0) {
        free(out);
        skip();
    }
    if (rc != 0 || strstr(out, "serve.test: PASSED") == NULL) {
        printf("FAILED: node %s exited with status %d\n", script, rc);
        free(out);
        fail();
    }
    free(out);
}

#define T(f) cmocka_unit_test_setup_teardown(f, harness_tmp_setup, \
                                             harness_tmp_teardown)

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        T(browser__a_whole_deal_on_the_scorers_page),
    };

    return cmocka_run_group_tests_name("browser", tests, NULL, NULL);
}
