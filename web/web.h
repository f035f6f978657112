/* SPDX-License-Identifier: MIT */
/*
 * web.h - `ecarte serve`, the front door over HTTP: a GNU libmicrohttpd
 * daemon (server.c) serving the scorer's and the board's pages (assets.c,
 * generated from web/assets/ by scripts/assets-c), a JSON API over the
 * tables it serves (api.c), each table a sitting of the ledger with its
 * own connection and session (tables.c), its state as JSON (state.c),
 * and Server-Sent Events to the pages that watch it (sse.c).  JSON is
 * built by SQLite's json_object()/json_array() (json.c), never by hand.
 * Compiled into the ecarte program with cli/, not into libecarte.a.
 */
#ifndef ECARTE_WEB_WEB_H
#define ECARTE_WEB_WEB_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "session/session.h"

struct output;
struct sqlite3;

/* ------------------------------------------------------------------ */
/* JSON through SQLite (json.c)                                         */
/* ------------------------------------------------------------------ */

/* A private in-memory SQLite handle whose JSON functions build the
 * answers; one per thread at a time (not shared without a lock). */
struct wj {
    struct sqlite3 *db;
};

/* wj_open - an in-memory handle into *j.  Returns 0, -1 on failure. */
int wj_open(struct wj *j);

/* wj_close - close j's handle (an unopened one is fine). */
void wj_close(struct wj *j);

/*
 * wj_eval - the one value of the SQL sql (a SELECT of one column) with
 * its parameters bound from types: 't' a text (NULL binds SQL NULL), 'i'
 * an int, 'I' an int64_t.  A JSON text given as a parameter is read back
 * with json(?N) in the SQL; a bool is json(CASE ?N WHEN 1 THEN 'true'
 * ELSE 'false' END), or written 'true'/'false' as JSON text.  A byte
 * of the value that is not part of well-formed UTF-8 (a text bound may
 * hold one: a refused line, a file's name) comes back as U+FFFD
 * (tl_utf8_mend), so the text is always UTF-8.
 * Returns the text (owned: free), NULL on failure or a NULL value.
 */
char *wj_eval(struct wj *j, const char *sql, const char *types, ...);

/*
 * wj_push - arr (a JSON array's text, owned and freed; NULL: "[]") with
 * value appended: a string, or when json a JSON text (an object, an
 * array, a number).  Returns the new text (owned), NULL on failure (arr
 * is freed even then).
 */
char *wj_push(struct wj *j, char *arr, const char *value, bool json);

/* wj_error - {"error":msg} (owned), NULL if out of memory. */
char *wj_error(struct wj *j, const char *msg);

/* ------------------------------------------------------------------ */
/* The tables served (tables.c)                                         */
/* ------------------------------------------------------------------ */

/* The source of every sitting the server makes: how it finds them again
 * when it starts, and the name in a refused line's "serve:LINE:COL". */
#define WEB_SOURCE "serve"

#define WEB_RULINGS_KEPT 10

struct web_sub;

/* One table: a sitting of the ledger, with its own connection and its
 * session, under its own lock. */
struct web_table {
    int64_t id;                 /* the sitting's id */
    pthread_mutex_t mu;         /* held while the session is used */
    struct ledger *led;         /* its own connection to the file */
    struct session *s;
    struct session_sink inner;  /* the JSON Lines sink of the request being
                                   answered (no ctx: none) */
    struct output *out;         /* the sink of the request being answered */
    struct output *out_kept;    /* its JSON Lines writer, kept between
                                   requests (its SQLite opened once) */
    struct wj wj;               /* the JSON of its requests, kept likewise
                                   (under mu) */
    char error[1200];           /* the last error the session said */
    int line_no;                /* the sitting's lines so far, as `table`
                                   numbers them */
    /* the watchers (sse.c), under ev_mu */
    pthread_mutex_t ev_mu;
    struct web_sub *subs;
    struct web_table *next;
};

/* Every table served, under one lock. */
struct web_tables {
    pthread_mutex_t mu;
    const char *db;             /* the ledger's path (borrowed) */
    struct web_table *head;     /* newest first */
    atomic_bool stopping;       /* the server stops: watchers end (read
                                   without the lock) */
};

/*
 * web_tables_open - the registry of the ledger at db (borrowed): the
 * ledger proven as a writer proves it (proof_guard, PROOF_WRITE), then
 * every sitting the server made opened again where it stands.  An
 * existing empty file is not a ledger (refused, as `record` refuses it)
 * unless empty_ok (--new), which makes it a new one.  Returns 0, or an
 * exit status (EXIT_BAD_INPUT), said on stderr.
 */
int web_tables_open(struct web_tables *r, const char *db, bool empty_ok);

/* web_tables_close - every table closed (its session and connection);
 * the watchers must have gone. */
void web_tables_close(struct web_tables *r);

/*
 * web_table_new - a new table: a sitting made now in the ledger with the
 * tag lines of text (len bytes; comments and blank lines allowed),
 * recorded through a session as `record` records them.  Returns the
 * table (borrowed from r), or NULL with why in why (n bytes) and
 * *status the HTTP status (400 a line refused, 500 the ledger).
 */
struct web_table *web_table_new(struct web_tables *r, const char *text,
                                size_t len, char *why, size_t n,
                                int *status);

/* web_table_find - the table of sitting id, or NULL. */
struct web_table *web_table_find(struct web_tables *r, int64_t id);

/* ------------------------------------------------------------------ */
/* A table's state (state.c)                                            */
/* ------------------------------------------------------------------ */

/* web_state_json - t's state as the JSON object GET /api/tables/ID
 * gives (README, "Serving a table"); t->mu held by the caller.  Returns
 * the text (owned), NULL if out of memory. */
char *web_state_json(struct web_table *t, struct wj *j);

/* web_summary_json - t's entry in GET /api/tables ({"table","source",
 * "players","format","score","deals"}); t->mu held.  Owned, or NULL. */
char *web_summary_json(struct web_table *t, struct wj *j);

/* web_seat - "A", "B", or NULL for SEAT_NONE (static). */
const char *web_seat(int seat);

/* ------------------------------------------------------------------ */
/* The lines posted (api.c)                                             */
/* ------------------------------------------------------------------ */

#define WEB_BODY_MAX (64 * 1024)
#define WEB_LINES_MAX 2000

/* What a request is answered with. */
struct web_reply {
    int status;                 /* HTTP status */
    char *body;                 /* owned (free) */
    const char *type;           /* its content type (static) */
    char *csp;                  /* the Content-Security-Policy (owned:
                                   free), NULL: the default */
    bool api;                   /* Cache-Control: no-store */
};

/* web_api_list - GET /api/tables. */
void web_api_list(struct web_tables *r, struct web_reply *out);

/* web_api_create - POST /api/tables with body (len bytes). */
void web_api_create(struct web_tables *r, const char *body, size_t len,
                    struct web_reply *out);

/* web_api_state - GET /api/tables/ID. */
void web_api_state(struct web_tables *r, int64_t id, struct web_reply *out);

/* web_api_lines - POST /api/tables/ID/lines with body (len bytes): each
 * line taken, the watchers told. */
void web_api_lines(struct web_tables *r, int64_t id, const char *body,
                   size_t len, struct web_reply *out);

/* web_api_report - GET /tables/ID/report: the sitting's HTML report with
 * a CSP that allows its inline style by its hash. */
void web_api_report(struct web_tables *r, int64_t id, struct web_reply *out);

/* web_reply_error - out made a JSON error of status with msg. */
void web_reply_error(struct web_reply *out, int status, const char *msg);

/* ------------------------------------------------------------------ */
/* Server-Sent Events (sse.c)                                           */
/* ------------------------------------------------------------------ */

#define WEB_KEEPALIVE_SECONDS 15

/*
 * web_sub_open - a watcher of t whose queue starts with an `event: state`
 * holding state (a JSON text, copied).  Returns it (owned by the
 * response: web_sub_free), NULL if out of memory.
 */
struct web_sub *web_sub_open(struct web_tables *r, struct web_table *t,
                             const char *state);

/* web_sub_free - the watcher taken off its table and freed (the
 * response's end; void * for libmicrohttpd). */
void web_sub_free(void *sub);

/*
 * web_sub_read - up to max bytes of what the watcher is owed into buf,
 * waiting for it (a `: keepalive` comment every 15 s).  Returns the
 * bytes, or -1 when the server stops (the stream ends).
 */
long web_sub_read(struct web_sub *sub, char *buf, size_t max);

/* web_publish - every watcher of t told: `event: state` with state and
 * `event: lines` with lines (JSON texts); t->mu held. */
void web_publish(struct web_table *t, const char *state, const char *lines);

/* web_events_stop - every watcher of every table of r woken to end. */
void web_events_stop(struct web_tables *r);

/* ------------------------------------------------------------------ */
/* The pages (assets.c, generated) and the server (server.c)            */
/* ------------------------------------------------------------------ */

/* One file of web/assets/, embedded. */
struct web_asset {
    const char *name;           /* "scorer.html" */
    const char *type;           /* "text/html; charset=utf-8" */
    const unsigned char *data;
    size_t size;
};

/* web_asset_find - the embedded file called name, or NULL. */
const struct web_asset *web_asset_find(const char *name);

/* What `ecarte serve` was asked for. */
struct web_options {
    const char *db;
    const char *listen;         /* "ADDR:PORT" */
    const char *token_file;     /* NULL: a token made now */
    bool fresh;                 /* --new: an existing empty file may become
                                   the ledger */
};

/* web_serve - run the server until SIGINT or SIGTERM.  Returns an exit
 * status (said on stderr when not EXIT_FINE). */
int web_serve(const struct web_options *o);

/* web_stop_for_ledger - a table's ledger was moved, deleted or replaced
 * under the server (ledger_moved): the server stops as `record` does,
 * its exit status EXIT_BAD_INPUT, every table's writer with it (a new
 * table would make a new ledger at the old path).  Safe from any thread;
 * said once on stderr. */
void web_stop_for_ledger(void);

/* web_stopping_for_ledger - has web_stop_for_ledger been called?  (A new
 * table is then refused: it would make a new ledger at the old path.) */
bool web_stopping_for_ledger(void);

#endif /* ECARTE_WEB_WEB_H */
