/* SPDX-License-Identifier: MIT */
/*
 * audit_util.h - a helper shared by the end-to-end audit tests
 * (test_audit.c, test_audit_verify.c): an integer read from the ledger.
 */
#ifndef ECARTE_TESTS_AUDIT_UTIL_H
#define ECARTE_TESTS_AUDIT_UTIL_H

#include "tests/harness.h"

#include <sqlite3.h>

/* query - the integer the query text gives on the ledger at db, read-only
 * (-1 if none). */
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

#endif /* ECARTE_TESTS_AUDIT_UTIL_H */
