/* SPDX-License-Identifier: MIT */
/*
 * fuzz_serve.c - libFuzzer target: the bytes as what `ecarte serve` is
 * sent, through its request handlers (web/api.c) with the HTTP layer
 * aside (libmicrohttpd parses the request; what reaches the handlers is a
 * route and a body).  The first byte chooses the request: a POST of lines
 * to a table, a POST that makes a table with tag lines, a GET of a
 * table's state, of the list or of a report; the rest is the body.  One
 * ledger for the process (on a memory file system where there is one),
 * its tables kept between inputs as a server keeps them.  Invariants:
 * every answer has a status and a body, JSON for the API; nothing
 * crashes, leaks or reads memory it was not given.
 *
 * make fuzz builds it; make fuzz-run runs it for FUZZ_SECONDS.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "web/web.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The process's registry of tables, on one ledger. */
static struct web_tables tables;
static char db[128];

/* cleanup - the ledger removed at exit. */
static void cleanup(void)
{
    char side[160];

    web_tables_close(&tables);
    unlink(db);
    snprintf(side, sizeof(side), "%s-wal", db);
    unlink(side);
    snprintf(side, sizeof(side), "%s-shm", db);
    unlink(side);
}

/* setup - the registry, once, with one table to post to. */
static void setup(void)
{
    struct web_reply rep;
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

    snprintf(db, sizeof(db), "%s/ecarte-fuzz-serve-%d.db", dir, (int)getpid());
    unlink(db);
    if (web_tables_open(&tables, db, false) != 0) {
        abort();
    }
    memset(&rep, 0, sizeof(rep));
    web_api_create(&tables, "[Laws \"london\"]\n", 16, &rep);
    if (rep.status != 201) {
        abort();
    }
    free(rep.body);
    free(rep.csp);
    atexit(cleanup);
}

/* answered - the invariant of every answer: a status, a body, and for the
 * API a JSON object or array. */
static void answered(const struct web_reply *rep, bool api)
{
    if (rep->status < 200 || rep->status > 599 || rep->body == NULL) {
        abort();
    }
    if (api && rep->body[0] != '{' && rep->body[0] != '[') {
        fprintf(stderr, "an API answer that is no JSON: %.200s\n", rep->body);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct web_reply rep;
    const char *body = (const char *)data + 1;
    size_t len = size > 0 ? size - 1 : 0;
    int64_t id;
    bool api = true;

    if (tables.db == NULL) {
        setup();
    }
    if (size == 0) {
        return 0;
    }
    memset(&rep, 0, sizeof(rep));
    id = len > 0 ? (int64_t)(data[1] % 4) : 1;
    switch (data[0] % 6) {
    case 0:
    case 1:
        web_api_lines(&tables, 1, body, len, &rep);
        break;
    case 2:
        web_api_create(&tables, body, len, &rep);
        break;
    case 3:
        web_api_state(&tables, id, &rep);
        break;
    case 4:
        web_api_list(&tables, &rep);
        break;
    default:
        web_api_report(&tables, id, &rep);
        api = rep.status != 200;
        break;
    }
    answered(&rep, api);
    free(rep.body);
    free(rep.csp);
    return 0;
}
