/* SPDX-License-Identifier: MIT */
/*
 * test_gen_write.c - the generator through the library (gen/gen.h), in
 * process: gen_write gives the same bytes for the same options and other
 * bytes for another seed; bad options are usage errors that write
 * nothing; every sitting it writes, under the presets and a modern set,
 * at every kind of table and with irregularities, is refereed again by a
 * session (no ledger, a collecting sink) with no finding even under
 * strict; each `# injected ID: what` names a law or rule of the registry,
 * and the closing `# injected:` line counts them.  (test_gen.c drives
 * `ecarte gen` as a program.)
 */
#include "tests/harness.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

static const char *const profiles[] = {
    "london", "polish", "meyers1889",
    "london; doubling=yes; offer-point=before-trick3",
};
static const char *const formats[] = {
    "duel", "chouette", "pool", "pool; pool-run=3", "gallery",
    "gallery; style=english",
};

#define N_PROFILES (sizeof(profiles) / sizeof(profiles[0]))
#define N_FORMATS (sizeof(formats) / sizeof(formats[0]))

/* A sitting written into memory. */
struct written {
    char *text;
    size_t len;
    int rc;
    char err[400];
};

/* write_mem - gen_write of opt into w (w->text owned: free). */
static void write_mem(const struct gen_options *opt, struct written *w)
{
    FILE *fp = open_memstream(&w->text, &w->len);

    assert_non_null(fp);
    w->rc = gen_write(opt, fp, w->err, sizeof(w->err));
    assert_int_equal(fclose(fp), 0);
}

static void gen_write__the_same_options_give_the_same_bytes(void **state)
{
    struct gen_options opt = {.deals = 60, .seed = 9, .rate = 0.5,
                              .laws = "polish", .format = "gallery"};
    struct written a = {0};
    struct written b = {0};
    struct written c = {0};

    (void)state;
    write_mem(&opt, &a);
    write_mem(&opt, &b);
    opt.seed = 10;
    write_mem(&opt, &c);
    assert_int_equal(a.rc, GEN_OK);
    assert_int_equal(b.rc, GEN_OK);
    assert_int_equal(c.rc, GEN_OK);
    assert_true(a.len > 1000);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.text, b.text, a.len);
    assert_false(a.len == c.len && memcmp(a.text, c.text, a.len) == 0);
    free(a.text);
    free(b.text);
    free(c.text);
}

static void gen_write__bad_options_are_usage_errors(void **state)
{
    const struct gen_options bad[] = {
        {.deals = 0, .seed = 1},
        {.deals = GEN_DEALS_MAX + 1, .seed = 1},
        {.deals = 5, .seed = 1, .rate = -0.1},
        {.deals = 5, .seed = 1, .rate = 1.5},
        {.deals = 5, .seed = 1, .rate = NAN},
        {.deals = 5, .seed = 1, .laws = "no-such-preset"},
        {.deals = 5, .seed = 1, .laws = "london; doubling=perhaps"},
        {.deals = 5, .seed = 1, .format = "no-such-format"},
    };

    (void)state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct written w = {0};

        write_mem(&bad[i], &w);
        if (w.rc != GEN_E_USAGE || w.err[0] == '\0' || w.len != 0) {
            fail_msg("options %zu: rc %d, err \"%s\", %zu bytes written", i,
                     w.rc, w.err, w.len);
        }
        free(w.text);
    }
}

/* What a session said of a sitting, collected. */
struct heard {
    int findings;
    char first[300];
    int errors;
    char error[300];
};

static void heard_finding(void *ctx, const char *source, int line,
                          const char *kind, const char *expected,
                          const char *found, const char *message)
{
    struct heard *h = ctx;

    (void)source;
    (void)kind;
    (void)expected;
    (void)found;
    if (h->findings++ == 0) {
        snprintf(h->first, sizeof(h->first), "line %d: %s", line, message);
    }
}

static void heard_message(void *ctx, enum session_msg kind, const char *text)
{
    struct heard *h = ctx;

    if (kind == SESSION_MSG_ERROR && h->errors++ == 0) {
        snprintf(h->error, sizeof(h->error), "%s", text);
    }
}

/* referee - w's sitting read again by a strict session with no ledger:
 * its exit status, what it said into *h. */
static int referee(const struct written *w, struct heard *h)
{
    struct session_sink sink = {
        .ctx = h,
        .finding = heard_finding,
        .message = heard_message,
    };
    struct session *s = NULL;
    FILE *fp = fmemopen(w->text, w->len, "r");
    int exit_code = EXIT_BAD_INPUT;

    assert_non_null(fp);
    assert_int_equal(session_open(&s, NULL, &sink, COMMIT_PER_DEAL), 0);
    session_set_strict(s, true);
    (void)session_run(s, fp, "gen", &exit_code);
    session_close(s);
    fclose(fp);
    return exit_code;
}

/* injected_counts - every `# injected ID: what` comment of text checked
 * against the registry; their number, and the sum of the closing
 * `# injected: ID=N ...` line into *summed (-1 if there is none). */
static int injected_counts(const char *text, int *summed)
{
    int n = 0;

    *summed = -1;
    for (const char *p = text; p != NULL && *p != '\0';) {
        char id[16];

        if (strncmp(p, "# injected:", 11) == 0) {
            const char *q = p + 11;
            int k = 0;
            int used = 0;

            *summed = 0;
            while (sscanf(q, " %15[A-Z0-9]=%d%n", id, &k, &used) == 2) {
                *summed += k;
                q += used;
            }
        } else if (sscanf(p, "# injected %15[A-Z0-9]:", id) == 1) {
            if (laws_find(id, strlen(id)) == NULL) {
                fail_msg("# injected %s: not a law or rule", id);
            }
            n++;
        }
        p = strchr(p, '\n');
        p = p != NULL ? p + 1 : NULL;
    }
    return n;
}

static void gen_write__every_sitting_referees_clean_in_process(void **state)
{
    static const double rates[] = {0.0, 0.3, 0.8};
    int injected = 0;

    (void)state;
    for (size_t l = 0; l < N_PROFILES; l++) {
        for (size_t f = 0; f < N_FORMATS; f++) {
            for (size_t k = 0; k < sizeof(rates) / sizeof(rates[0]); k++) {
                struct gen_options opt = {
                    .deals = 40, .seed = 1 + l * 31 + f * 7 + k,
                    .rate = rates[k], .laws = profiles[l],
                    .format = formats[f],
                };
                struct written w = {0};
                struct heard h = {0};
                int summed = 0;
                int n;
                int rc;

                write_mem(&opt, &w);
                assert_int_equal(w.rc, GEN_OK);
                rc = referee(&w, &h);
                if (rc != EXIT_FINE || h.findings != 0 || h.errors != 0) {
                    fail_msg("--laws '%s' --format '%s' --irregularities "
                             "%g: exit %d, %d finding(s) (%s), %s",
                             profiles[l], formats[f], rates[k], rc,
                             h.findings, h.first, h.error);
                }
                n = injected_counts(w.text, &summed);
                assert_int_equal(summed, rates[k] > 0.0 ? n : -1);
                injected += n;
                free(w.text);
            }
        }
    }
    assert_true(injected > 100);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gen_write__the_same_options_give_the_same_bytes),
        cmocka_unit_test(gen_write__bad_options_are_usage_errors),
        cmocka_unit_test(gen_write__every_sitting_referees_clean_in_process),
    };

    return cmocka_run_group_tests_name("gen_write", tests, NULL, NULL);
}
