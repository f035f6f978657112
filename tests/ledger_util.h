/* SPDX-License-Identifier: MIT */
/*
 * ledger_util.h - the fixture and helpers shared by the tests of the
 * ledger (test_ledger.c, test_ledger_rows.c, test_ledger_chain.c): a
 * ledger in memory or in a temporary file with one sitting, game and
 * deal; events added; raw SQL on the file; callback output collected.
 */
#ifndef ECARTE_TESTS_LEDGER_UTIL_H
#define ECARTE_TESTS_LEDGER_UTIL_H

#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#define FIXED_TIME "2024-03-01T20:15:00Z"


/* Per-test state: a ledger (in memory or in a temporary file) with one
 * sitting, one game and one deal. */
struct fixture {
    struct ledger *l;
    char path[64];              /* "" for an in-memory ledger */
    int64_t sitting;
    int64_t game;
    int64_t deal;
};

/* temp_path - a fresh name under /tmp where no file is (an empty file
 * is not a ledger); its name into buf. */
static void temp_path(char *buf, size_t n)
{
    int fd = -1;

    snprintf(buf, n, "/tmp/ecarte-ledger-XXXXXX");
    fd = mkstemp(buf);
    assert_true(fd >= 0);
    close(fd);
    unlink(buf);
}

/* remove_db - remove a database file and its WAL companions. */
static void remove_db(const char *path)
{
    static const char *const ext[] = { "", "-wal", "-shm", "-journal" };
    char buf[128];
    size_t i = 0;

    for (i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
        snprintf(buf, sizeof(buf), "%s%s", path, ext[i]);
        unlink(buf);
    }
}

/* raw_exec - run sql on path through a plain sqlite3 handle (the
 * tamperer's view); asserts that it worked. */
__attribute__((unused))
static void raw_exec(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    char *err = NULL;

    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        fail_msg("raw sql failed: %s", err);
    }
    sqlite3_close(db);
}

/* raw_int - the integer the query gives on path through a plain handle. */
__attribute__((unused))
static int64_t raw_int(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    int64_t v = 0;

    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

/* add_event - append an event of sitting with the fields a test needs;
 * returns its id. */
static int64_t add_event(struct ledger *l, int64_t sitting, int64_t game,
                         int64_t deal, int64_t seq, const char *actor,
                         const char *verb, const char *args,
                         const char *text)
{
    struct ledger_event ev = {
        .sitting = sitting,
        .game = game,
        .deal = deal,
        .seq = seq,
        .source = "club.ecarte",
        .line = (int)seq + 3,
        .stamp = "",
        .actor = actor,
        .verb = verb,
        .args = args,
        .cards = args,
        .text = text,
    };
    int64_t id = 0;

    assert_int_equal(ledger_event_add(l, &ev, &id), 0);
    return id;
}

/* add_five - events 1..5 of the fixture's deal, seq 1..5. */
__attribute__((unused))
static void add_five(struct fixture *f)
{
    static const char *const args[] = { "KH", "7H", "QS", "8S", "TD" };
    char text[32];
    int64_t i = 0;

    for (i = 0; i < 5; i++) {
        snprintf(text, sizeof(text), "%s plays %s", i % 2 ? "B" : "A",
                 args[i]);
        assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, i + 1,
                                   i % 2 ? "B" : "A", "plays", args[i],
                                   text), i + 1);
    }
}

/* fixture_fill - the sitting, game and deal of a fresh fixture. */
static int fixture_fill(struct fixture *f)
{
    if (ledger_sitting_add(f->l, "club.ecarte", &f->sitting) != 0 ||
        ledger_game_add(f->l, f->sitting, 1, &f->game) != 0 ||
        ledger_deal_add(f->l, f->game, 1, 'B', &f->deal) != 0) {
        return -1;
    }
    return 0;
}

__attribute__((unused))
static int setup_memory(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));

    if (f == NULL) {
        return -1;
    }
    *state = f;
    if (ledger_open(&f->l, ":memory:", 0) != 0) {
        return -1;
    }
    return fixture_fill(f);
}

static int setup_file(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));

    if (f == NULL) {
        return -1;
    }
    *state = f;
    temp_path(f->path, sizeof(f->path));
    if (ledger_open(&f->l, f->path, 0) != 0) {
        return -1;
    }
    return fixture_fill(f);
}

static int teardown(void **state)
{
    struct fixture *f = *state;

    if (f != NULL) {
        ledger_close(f->l);
        if (f->path[0] != '\0') {
            remove_db(f->path);
        }
        free(f);
    }
    return 0;
}

/* reopen - close the fixture's file ledger and open it again (after a
 * raw handle changed it). */
__attribute__((unused))
static void reopen(struct fixture *f)
{
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
}

/* A growing text, for collecting callback output. */
struct text {
    char buf[4096];
    size_t n;
};

/* text_add - append s to t (the test fails if it does not fit). */
__attribute__((unused))
static void text_add(struct text *t, const char *s)
{
    int n = snprintf(t->buf + t->n, sizeof(t->buf) - t->n, "%s", s);

    assert_true(n >= 0 && (size_t)n < sizeof(t->buf) - t->n);
    t->n += (size_t)n;
}

/* collect_line - ledger_line_fn: "<kind> <game> <text>\n". */
__attribute__((unused))
static int collect_line(void *ctx, enum ledger_line_kind kind, int64_t game,
                        const char *text)
{
    static const char kinds[] = { 'T', 'E', 'R', 'S', 'M' };
    char head[32];

    snprintf(head, sizeof(head), "%c%d ", kinds[kind], (int)game);
    text_add(ctx, head);
    text_add(ctx, text);
    text_add(ctx, "\n");
    return 0;
}

/* The events a walk gave, as collect_event keeps them (up to 8). */
struct collected {
    int n;
    struct ledger_event ev[8];
    char text[8][128];
    char hash[8][LEDGER_HASH_HEX];
    char recorded[8][32];
};

/* collect_event - ledger_event_fn keeping the scalars, text, hash and
 * recorded time of each event. */
__attribute__((unused))
static int collect_event(void *ctx, const struct ledger_event *ev)
{
    struct collected *c = ctx;

    assert_true(c->n < 8);
    c->ev[c->n] = *ev;
    snprintf(c->text[c->n], sizeof(c->text[0]), "%s|%d|%s|%s|%s|%s|%s|%s",
             ev->source, ev->line, ev->stamp, ev->actor, ev->verb, ev->args,
             ev->cards, ev->text);
    snprintf(c->hash[c->n], sizeof(c->hash[0]), "%s", ev->hash);
    snprintf(c->recorded[c->n], sizeof(c->recorded[0]), "%s", ev->recorded);
    c->n++;
    return 0;
}

/* group_setup - reproducible recorded times for every ledger opened. */
__attribute__((unused))
static int group_setup(void **state)
{
    (void)state;
    return setenv("ECARTE_FIXED_TIME", FIXED_TIME, 1);
}

/* group_teardown - the recorded times as the clock gives them again. */
__attribute__((unused))
static int group_teardown(void **state)
{
    (void)state;
    return unsetenv("ECARTE_FIXED_TIME");
}

#endif /* ECARTE_TESTS_LEDGER_UTIL_H */
