/* SPDX-License-Identifier: MIT */
/*
 * tables.c - the tables `ecarte serve` serves: each a sitting of the
 * ledger with its own connection to the file (opened as `record` opens
 * it: synchronous=FULL, a commit per action) and its own session, under
 * its own lock; the registry of them under another.  On start the ledger
 * is proven as every writer proves it, and every sitting the server made
 * (its source is "serve") is opened again where it stands, as `table`
 * goes on with its sitting.
 */
#include "web/web.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* ------------------------------------------------------------------ */
/* The sink: the request's JSON Lines, and the session's last error      */
/* ------------------------------------------------------------------ */

static void t_note(void *ctx, const char *source, int line, const char *text)
{
    struct web_table *t = ctx;

    if (t->inner.note != NULL) {
        t->inner.note(t->inner.ctx, source, line, text);
    }
}

static void t_ruling(void *ctx, const char *source, int line, int deal,
                     const struct ruling *r, const char *words,
                     const char *previews)
{
    struct web_table *t = ctx;

    if (t->inner.ruling != NULL) {
        t->inner.ruling(t->inner.ctx, source, line, deal, r, words, previews);
    }
}

static void t_sit_ruling(void *ctx, const char *source, int line, int deal,
                         const struct sit_ruling *r, const char *words)
{
    struct web_table *t = ctx;

    if (t->inner.sit_ruling != NULL) {
        t->inner.sit_ruling(t->inner.ctx, source, line, deal, r, words);
    }
}

static void t_deal(void *ctx, const char *source, int line,
                   const struct arb_deal_result *d, const int score[2])
{
    struct web_table *t = ctx;

    if (t->inner.deal != NULL) {
        t->inner.deal(t->inner.ctx, source, line, d, score);
    }
}

static void t_game(void *ctx, const char *source, int line,
                   const struct arb_game_result *g)
{
    struct web_table *t = ctx;

    if (t->inner.game != NULL) {
        t->inner.game(t->inner.ctx, source, line, g);
    }
}

static void t_game_reopened(void *ctx, const char *source, int line,
                            int game, enum arb_reopen why)
{
    struct web_table *t = ctx;

    if (t->inner.game_reopened != NULL) {
        t->inner.game_reopened(t->inner.ctx, source, line, game, why);
    }
}

static void t_mark(void *ctx, const char *source, int line,
                   const struct sit_mark *m)
{
    struct web_table *t = ctx;

    if (t->inner.mark != NULL) {
        t->inner.mark(t->inner.ctx, source, line, m);
    }
}

static void t_finding(void *ctx, const char *source, int line,
                      const char *kind, const char *expected,
                      const char *found, const char *message)
{
    struct web_table *t = ctx;

    if (t->inner.finding != NULL) {
        t->inner.finding(t->inner.ctx, source, line, kind, expected, found,
                         message);
    }
}

/* t_message - an error is kept for the answer (and said on stderr when
 * it is the ledger's); a notice goes to stderr. */
static void t_message(void *ctx, enum session_msg kind, const char *text)
{
    struct web_table *t = ctx;

    if (kind == SESSION_MSG_ERROR) {
        snprintf(t->error, sizeof(t->error), "%s", text);
        if (strncmp(text, "ecarte: ledger", 14) == 0) {
            fprintf(stderr, "ecarte serve: table %lld: %s\n",
                    (long long)t->id, text);
        }
    } else {
        fprintf(stderr, "ecarte serve: %s\n", text);
    }
}

/* ------------------------------------------------------------------ */
/* One table                                                            */
/* ------------------------------------------------------------------ */

/* table_free - t's session and connection closed, t freed. */
static void table_free(struct web_table *t)
{
    if (t == NULL) {
        return;
    }
    session_close(t->s);
    ledger_close(t->led);
    output_close(t->out_kept);
    wj_close(&t->wj);
    pthread_mutex_destroy(&t->mu);
    pthread_mutex_destroy(&t->ev_mu);
    free(t);
}

/* table_alloc - a table with its connection to db (the ledger
 * web_tables_open opened: an empty file there now is not it) and a
 * session writing it as `record` does, its sitting not yet chosen.  NULL
 * on failure (said on stderr). */
static struct web_table *table_alloc(const char *db)
{
    struct web_table *t = calloc(1, sizeof(*t));
    struct session_sink sink = {
        .note = t_note,
        .ruling = t_ruling,
        .sit_ruling = t_sit_ruling,
        .deal = t_deal,
        .game = t_game,
        .game_reopened = t_game_reopened,
        .mark = t_mark,
        .finding = t_finding,
        .message = t_message,
    };

    if (t == NULL) {
        fprintf(stderr, "ecarte serve: out of memory\n");
        return NULL;
    }
    pthread_mutex_init(&t->mu, NULL);
    pthread_mutex_init(&t->ev_mu, NULL);
    sink.ctx = t;
    t->led = ledger_for("serve", db, LEDGER_CHECK);
    if (t->led == NULL ||
        session_open(&t->s, t->led, &sink, COMMIT_PER_ACTION) != 0) {
        table_free(t);
        return NULL;
    }
    session_set_source(t->s, WEB_SOURCE);
    return t;
}

/* add - t put at the head of r's list. */
static void add(struct web_tables *r, struct web_table *t)
{
    pthread_mutex_lock(&r->mu);
    t->next = r->head;
    r->head = t;
    pthread_mutex_unlock(&r->mu);
}

/* A list of sitting ids (the server's, on start). */
struct ids {
    int64_t *id;
    int n;
    int cap;
};

static int served_sitting(void *vctx, int64_t id, const char *source)
{
    struct ids *ids = vctx;

    if (strcmp(source, WEB_SOURCE) != 0) {
        return 0;
    }
    if (ids->n == ids->cap) {
        int cap = ids->cap > 0 ? ids->cap * 2 : 16;
        int64_t *grown = realloc(ids->id, sizeof(*grown) * (size_t)cap);

        if (grown == NULL) {
            return -1;
        }
        ids->id = grown;
        ids->cap = cap;
    }
    ids->id[ids->n++] = id;
    return 0;
}

/* go_on - the table of sitting id, opened again where it stands.
 * Returns 0, or -1 (said on stderr). */
static int go_on(struct web_tables *r, int64_t id)
{
    struct web_table *t = table_alloc(r->db);

    if (t == NULL) {
        return -1;
    }
    t->id = id;
    if (session_go_on(t->s, id, &t->line_no) != 0) {
        fprintf(stderr, "ecarte serve: %s: sitting %lld cannot be opened "
                        "again: %s\n",
                r->db, (long long)id, t->error);
        table_free(t);
        return -1;
    }
    add(r, t);
    return 0;
}

int web_tables_open(struct web_tables *r, const char *db, bool empty_ok)
{
    struct ledger *l;
    struct ids ids = {0};
    int rc = EXIT_FINE;

    memset(r, 0, sizeof(*r));
    atomic_init(&r->stopping, false);
    pthread_mutex_init(&r->mu, NULL);
    r->db = db;
    l = ledger_for("serve", db, LEDGER_CHECK |
                                    (empty_ok ? LEDGER_EMPTY_OK : 0));
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    /* what the server extends must verify, as for every writer */
    if (proof_guard("serve", db, l, 0, PROOF_WRITE, NULL) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (ledger_sittings_foreach(l, served_sitting, &ids) != 0) {
        fprintf(stderr, "ecarte serve: %s: %s\n", db, ledger_errmsg(l));
        rc = EXIT_BAD_INPUT;
    }
    ledger_close(l);
    for (int i = 0; i < ids.n && rc == EXIT_FINE; i++) {
        if (go_on(r, ids.id[i]) != 0) {
            rc = EXIT_BAD_INPUT;
        }
    }
    free(ids.id);
    return rc;
}

void web_tables_close(struct web_tables *r)
{
    struct web_table *t = r->head;

    while (t != NULL) {
        struct web_table *next = t->next;

        table_free(t);
        t = next;
    }
    r->head = NULL;
    pthread_mutex_destroy(&r->mu);
}

/* take_tags - the lines of text on a new table t: tags and comments (a
 * blank line is skipped).  Returns 0, or 400 with why. */
static int take_tags(struct web_table *t, const char *text, size_t len,
                     char *why, size_t n)
{
    size_t at = 0;

    while (at < len) {
        size_t end = at;
        size_t first;

        while (end < len && text[end] != '\n') {
            end++;
        }
        size_t l = end - at;

        if (l > 0 && text[at + l - 1] == '\r') {
            l--;
        }
        first = 0;
        while (first < l && (text[at + first] == ' ' ||
                             text[at + first] == '\t')) {
            first++;
        }
        if (first < l) {
            if (text[at + first] != '[' && text[at + first] != '#') {
                snprintf(why, n, "%s:%d:%zu: expected a tag line or a "
                                 "comment (actions go to "
                                 "/api/tables/ID/lines), found \"%.*s\"",
                         WEB_SOURCE, t->line_no + 1, first + 1,
                         (int)(l - first < 40 ? l - first : 40),
                         text + at + first);
                return 400;
            }
            t->error[0] = '\0';
            if (session_take_text(t->s, text + at, l, NULL,
                                  ++t->line_no) != TAKE_DONE) {
                snprintf(why, n, "%s", t->error[0] != '\0' ? t->error
                                                           : "refused");
                return 400;
            }
        }
        at = end + 1;
    }
    return 0;
}

/* Set when a table's ledger was moved under the server (read by
 * server.c, which stops once the request is answered). */
static atomic_bool ledger_gone;

void web_stop_for_ledger(void)
{
    if (!atomic_exchange(&ledger_gone, true)) {
        fprintf(stderr, "ecarte serve: the ledger was moved, deleted or "
                "replaced while the server wrote to it: stopping\n");
    }
}

bool web_stopping_for_ledger(void)
{
    return atomic_load(&ledger_gone);
}

struct web_table *web_table_new(struct web_tables *r, const char *text,
                                size_t len, char *why, size_t n,
                                int *status)
{
    struct web_table *t = NULL;

    if (web_stopping_for_ledger()) {
        snprintf(why, n, "the server is stopping: its ledger was moved, "
                 "deleted or replaced");
        *status = 503;
        return NULL;
    }
    t = table_alloc(r->db);
    if (t == NULL) {
        snprintf(why, n, "the ledger could not be opened");
        *status = 500;
        return NULL;
    }
    *status = take_tags(t, text, len, why, n);
    if (*status != 0) {
        table_free(t);
        return NULL;
    }
    if (session_begin_sitting(t->s) != 0 || session_sitting(t->s) <= 0) {
        snprintf(why, n, "the ledger failed: %s", t->error);
        *status = 500;
        table_free(t);
        return NULL;
    }
    t->id = session_sitting(t->s);
    add(r, t);
    return t;
}

struct web_table *web_table_find(struct web_tables *r, int64_t id)
{
    struct web_table *t;

    pthread_mutex_lock(&r->mu);
    for (t = r->head; t != NULL && t->id != id; t = t->next) {
    }
    pthread_mutex_unlock(&r->mu);
    return t;
}
