/* SPDX-License-Identifier: MIT */
/*
 * serve_util.h - helpers shared by the end-to-end tests of `ecarte
 * serve` (test_serve.c, test_serve_refused.c): a server started on a
 * loopback port and stopped by its PID, curl's answers, the events in
 * the ledger, a new table.
 */
#ifndef ECARTE_TESTS_SERVE_UTIL_H
#define ECARTE_TESTS_SERVE_UTIL_H

#include "tests/harness.h"

#include <signal.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A server started for a test. */
struct server {
    char url[128];              /* "http://127.0.0.1:PORT/" */
    char token[80];
    long pid;
    char out[320];              /* what it printed */
};

static char big[1 << 20];       /* answers */

/* nap - sleep ms milliseconds. */
static void nap(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

    nanosleep(&ts, NULL);
}

/* have_curl - is curl here?  (Else the tests are skipped, saying so.) */
static bool have_curl(void)
{
    if (harness_sh("command -v curl >/dev/null 2>&1") != 0) {
        printf("SKIPPED: test_serve needs curl (apt-get install curl)\n");
        return false;
    }
    return true;
}

/* start_with - ecarte serve on t->db with the options opts ("" none);
 * its URL, token and PID into *sv. */
static void start_with(struct harness_tmp *t, struct server *sv,
                       const char *opts)
{
    char buf[512];
    FILE *fp;

    snprintf(sv->out, sizeof(sv->out), "%s/serve.out", t->dir);
    assert_int_equal(harness_sh("rm -f '%s'; %s serve %s --db '%s' --listen "
                                "127.0.0.1:0 >'%s' 2>>'%s/serve.err' & "
                                "echo $! >'%s/serve.pid'",
                                sv->out, harness_ecarte(), opts, t->db,
                                sv->out, t->dir, t->dir),
                     0);
    for (int i = 0; i < 200; i++) { /* 10 s at most */
        fp = fopen(sv->out, "r");
        buf[0] = '\0';
        if (fp != NULL) {
            if (fgets(buf, sizeof(buf), fp) == NULL) {
                buf[0] = '\0';
            }
            fclose(fp);
        }
        if (strstr(buf, "token: ") != NULL) {
            break;
        }
        nap(50);
    }
    assert_int_equal(sscanf(buf, "ecarte serve: %127s (scorer's token: %79[0-9a-f])",
                            sv->url, sv->token),
                     2);
    assert_int_equal(strlen(sv->token), 32);
    snprintf(buf, sizeof(buf), "%s/serve.pid", t->dir);
    fp = fopen(buf, "r");
    assert_non_null(fp);
    assert_int_equal(fscanf(fp, "%ld", &sv->pid), 1);
    fclose(fp);
}

/* start - ecarte serve on t->db (start_with no option). */
static void start(struct harness_tmp *t, struct server *sv)
{
    start_with(t, sv, "");
}

/* stop - the server sent sig, and waited for (5 s at most). */
static void stop(struct server *sv, int sig)
{
    kill((pid_t)sv->pid, sig);
    for (int i = 0; i < 100 && kill((pid_t)sv->pid, 0) == 0; i++) {
        nap(50);
        /* a child of the shell: reaped by init, or gone */
        if (harness_sh("kill -0 %ld 2>/dev/null", sv->pid) != 0) {
            break;
        }
    }
}

/* http - curl METHOD path (body from the file body, NULL none; token
 * NULL for none): the answer into big, its status returned. */
static int http(const struct server *sv, const char *method,
                const char *path, const char *body, const char *token)
{
    char auth[160] = "";
    char *nl;
    int status = 0;

    if (token != NULL) {
        snprintf(auth, sizeof(auth), "-H 'Authorization: Bearer %s'", token);
    }
    harness_capture(big, sizeof(big),
                    "curl -s -X %s %s %s%s%s -w '\\n%%{http_code}' '%s%s'",
                    method, auth, body != NULL ? "--data-binary '@" : "",
                    body != NULL ? body : "", body != NULL ? "'" : "",
                    sv->url, path[0] == '/' ? path + 1 : path);
    nl = strrchr(big, '\n');
    if (nl != NULL) {
        status = atoi(nl + 1);
        *nl = '\0';
    }
    return status;
}

/* post_text - POST text (written to a file first) to path. */
static int post_text(struct harness_tmp *t, const struct server *sv,
                     const char *path, const char *text, const char *token)
{
    harness_write(t->log2, text);
    return http(sv, "POST", path, t->log2, token);
}

/* events - the events in the ledger. */
static int events(const char *db)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    int n = -1;

    if (sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(h, "SELECT count(*) FROM event", -1, &st,
                           NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* new_table - POST /api/tables with tags: the table's id. */
static int new_table(struct harness_tmp *t, const struct server *sv,
                     const char *tags)
{
    int id = 0;

    assert_int_equal(post_text(t, sv, "/api/tables", tags, sv->token), 201);
    assert_int_equal(sscanf(big, "{\"table\":%d}", &id), 1);
    return id;
}

/* served_table - a server started (the test skipped where curl is not
 * here) and a table made with tags: the table's id. */
static int served_table(struct harness_tmp *t, struct server *sv,
                        const char *tags)
{
    if (!have_curl()) {
        skip();
    }
    start(t, sv);
    return new_table(t, sv, tags);
}

#endif /* ECARTE_TESTS_SERVE_UTIL_H */
