/* SPDX-License-Identifier: MIT */
/*
 * restart_util.h - helpers shared by the end-to-end restart tests
 * (test_restart.c, test_restart_ledger.c): an integer read from the
 * ledger, a path in the scratch directory, a generated log, files
 * compared, an export, and the fixed time of every row.
 */
#ifndef ECARTE_TESTS_RESTART_UTIL_H
#define ECARTE_TESTS_RESTART_UTIL_H

#include "tests/harness.h"

#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define FIXED_TIME "2024-03-01T20:15:00Z"

/* q - the integer a query gives on the ledger at db (-1 if none). */
static long q(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long n = -1;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_busy_timeout(h, 2000);
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* path_in - DIR/name into buf. */
static char *path_in(const struct harness_tmp *t, const char *name, char *buf,
                     size_t n)
{
    snprintf(buf, n, "%s/%s", t->dir, name);
    return buf;
}

/* gen - `ecarte gen` of deals with seed (and rate of irregularities)
 * into path. */
static void gen(const char *path, int deals, int seed, const char *rate)
{
    assert_int_equal(harness_sh("%s gen --deals %d --seed %d "
                                "--irregularities %s > '%s'",
                                harness_ecarte(), deals, seed, rate, path),
                     0);
}

/* same_files - are the two files equal, byte for byte? */
static bool same_files(const char *a, const char *b)
{
    return harness_sh("cmp -s '%s' '%s'", a, b) == 0;
}

/* export_to - `ecarte export` of sitting (0: the newest) of db into out,
 * with the [Chain] tag kept or dropped. */
static void export_to(const char *db, int sitting, bool chain,
                      const char *out)
{
    char opt[40] = "";

    if (sitting > 0) {
        snprintf(opt, sizeof(opt), "--sitting %d", sitting);
    }
    assert_int_equal(harness_sh("%s export --db '%s' %s > '%s'",
                                harness_ecarte(), db, opt, out),
                     0);
    if (!chain) {
        assert_int_equal(harness_sh("sed -i '/^\\[Chain /d' '%s'", out), 0);
    }
}

/* group_setup - the fixed time on every row (ECARTE_FIXED_TIME). */
static int group_setup(void **state)
{
    (void)state;
    /* the same time on every row: two runs have the same chain */
    return setenv("ECARTE_FIXED_TIME", FIXED_TIME, 1);
}

#endif /* ECARTE_TESTS_RESTART_UTIL_H */
