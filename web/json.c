/* SPDX-License-Identifier: MIT */
/*
 * json.c - the JSON of the server, built by SQLite's JSON functions
 * (json_object, json_array, json_insert) on a private in-memory handle,
 * as cli/output.c builds the objects of `--json`: no JSON by hand.  What
 * they give is mended (tl_utf8_mend): a byte of a POST, a log or a name
 * that is not well-formed UTF-8 is U+FFFD in the answer, never itself.
 */
#include "web/web.h"
#include "tablelog/tablelog.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int wj_open(struct wj *j)
{
    j->db = NULL;
    if (sqlite3_open(":memory:", &j->db) != SQLITE_OK) {
        sqlite3_close(j->db);
        j->db = NULL;
        return -1;
    }
    return 0;
}

void wj_close(struct wj *j)
{
    if (j != NULL && j->db != NULL) {
        sqlite3_close(j->db);
        j->db = NULL;
    }
}

char *wj_eval(struct wj *j, const char *sql, const char *types, ...)
{
    sqlite3_stmt *st = NULL;
    char *out = NULL;
    va_list ap;

    if (j->db == NULL ||
        sqlite3_prepare_v2(j->db, sql, -1, &st, NULL) != SQLITE_OK) {
        return NULL;
    }
    va_start(ap, types);
    for (int i = 0; types[i] != '\0'; i++) {
        if (types[i] == 't') {
            const char *t = va_arg(ap, const char *);

            if (t == NULL) {
                sqlite3_bind_null(st, i + 1);
            } else {
                sqlite3_bind_text(st, i + 1, t, -1, SQLITE_TRANSIENT);
            }
        } else if (types[i] == 'I') {
            sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
        } else {
            sqlite3_bind_int(st, i + 1, va_arg(ap, int));
        }
    }
    va_end(ap);
    if (sqlite3_step(st) == SQLITE_ROW &&
        sqlite3_column_type(st, 0) != SQLITE_NULL) {
        /* SQLite copies a text's bytes into a JSON string as they are:
         * a byte that is not UTF-8 is mended here, not passed on */
        out = tl_utf8_mend((const char *)sqlite3_column_text(st, 0),
                           (size_t)sqlite3_column_bytes(st, 0));
    }
    sqlite3_finalize(st);
    return out;
}

char *wj_push(struct wj *j, char *arr, const char *value, bool json)
{
    char *next = wj_eval(j,
                         json ? "SELECT json_insert(?1, '$[#]', json(?2))"
                              : "SELECT json_insert(?1, '$[#]', ?2)",
                         "tt", arr != NULL ? arr : "[]", value);

    free(arr);
    return next;
}

char *wj_error(struct wj *j, const char *msg)
{
    return wj_eval(j, "SELECT json_object('error', ?1)", "t", msg);
}
