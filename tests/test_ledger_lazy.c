/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_lazy.c - a writer that commits each action keeps the chain
 * row behind its head (ledger_head_lazy): the row written with the seals,
 * every LEDGER_HASH_EVERY events and at close; readers hash the events
 * past it forward; verify holds them to it; another writer between two
 * of its transactions is seen (data_version); a writer killed before it
 * wrote the row leaves a ledger that verifies and goes on.  The near
 * miss: a writer not lazy writes the row in every commit.
 */
#include "tests/harness.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#include "tests/ledger_util.h"

/* add_n - events seq from..to of the fixture's deal, each committed on
 * its own (as record commits an action). */
static void add_n(struct ledger *l, const struct fixture *f, int64_t from,
                  int64_t to)
{
    for (int64_t seq = from; seq <= to; seq++) {
        add_event(l, f->sitting, f->game, f->deal, seq, "A", "plays", "KH",
                  "A plays KH");
    }
}

/* row_last - the chain row's last_id as the file has it. */
static int64_t row_last(const struct fixture *f)
{
    return raw_int(f->path, "SELECT last_id FROM chain");
}

/* verified - ledger_verify says intact. */
static void verified(struct ledger *l)
{
    int64_t bad = -1;

    if (ledger_verify(l, &bad) != 0) {
        fail_msg("verify: %s (event %lld)", ledger_errmsg(l), (long long)bad);
    }
}

static void lazy__the_row_waits_and_readers_hash_past_it(void **state)
{
    struct fixture *f = *state;
    char head[LEDGER_HASH_HEX];
    char row_head[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t before = row_last(f);

    ledger_head_lazy(f->l, true);
    add_n(f->l, f, 1, 5);
    assert_int_equal(row_last(f), before);          /* the row waited */
    assert_int_equal(raw_int(f->path, "SELECT max(id) FROM event"), 5);
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_int_equal(n, 5);
    verified(f->l);                                 /* while behind */
    /* closing settles the row on the head readers computed */
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(row_last(f), 5);
    assert_int_equal(raw_int(f->path, "SELECT n_events FROM chain"), 5);
    {
        sqlite3 *db = NULL;
        sqlite3_stmt *st = NULL;

        assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
        assert_int_equal(sqlite3_prepare_v2(db, "SELECT head FROM chain", -1,
                                            &st, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        snprintf(row_head, sizeof(row_head), "%s",
                 (const char *)sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
        sqlite3_close(db);
    }
    assert_string_equal(row_head, head);
    reopen(f);
    verified(f->l);                 /* the row settled is the true head */
}

static void lazy__the_row_is_written_every_64_events(void **state)
{
    struct fixture *f = *state;

    ledger_head_lazy(f->l, true);
    add_n(f->l, f, 1, LEDGER_HASH_EVERY + 6);
    assert_true(row_last(f) >= LEDGER_HASH_EVERY);
    assert_true(row_last(f) < LEDGER_HASH_EVERY + 6);
    verified(f->l);
}

static void lazy__a_row_inserted_past_the_row_is_named(void **state)
{
    struct fixture *f = *state;

    ledger_head_lazy(f->l, true);
    add_n(f->l, f, 1, 3);
    raw_exec(f->path, "INSERT INTO event (sitting_id, seq, source, line, "
             "stamp, recorded, actor, verb, args, cards, text, hash) "
             "VALUES (1, 4, 'club.ecarte', 9, '', 1709324100, "
             "'B', 'plays', 'JD', 'JD', 'B plays JD', x'0011223344556677')");
    {
        int64_t bad = -1;

        assert_int_equal(ledger_verify(f->l, &bad), 1);
        assert_int_equal(bad, 4);
        assert_non_null(strstr(ledger_errmsg(f->l),
                               "inserted after the recorded head"));
    }
}

static void lazy__an_event_before_the_row_edited_is_found(void **state)
{
    struct fixture *f = *state;
    int64_t bad = -1;

    ledger_head_lazy(f->l, true);
    add_n(f->l, f, 1, LEDGER_HASH_EVERY + 3);  /* the row at 64 or more */
    raw_exec(f->path, "UPDATE event SET args = 'QS' WHERE id = 2");
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 2);
}

static void lazy__another_writer_between_is_seen(void **state)
{
    struct fixture *f = *state;
    struct ledger *other = NULL;
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;

    ledger_head_lazy(f->l, true);
    add_n(f->l, f, 1, 3);
    assert_int_equal(ledger_open(&other, f->path, 0), 0);
    add_n(other, f, 4, 5);          /* not lazy: writes the row */
    ledger_close(other);
    assert_int_equal(row_last(f), 5);
    assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, 6, "B",
                               "plays", "QS", "B plays QS"), 6);
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_int_equal(n, 6);
    verified(f->l);
}

static void lazy__a_writer_killed_before_the_row_leaves_it_whole(void **state)
{
    struct fixture *f = *state;
    int status = 0;
    pid_t pid;
    int64_t n = 0;
    char head[LEDGER_HASH_HEX];

    ledger_close(f->l);
    f->l = NULL;
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct ledger *l = NULL;

        if (ledger_open(&l, f->path, 0) != 0) {
            _exit(2);
        }
        ledger_head_lazy(l, true);
        for (int64_t seq = 1; seq <= 10; seq++) {
            struct ledger_event ev = {
                .sitting = f->sitting, .game = f->game, .deal = f->deal,
                .seq = seq, .source = "club.ecarte", .line = (int)seq,
                .stamp = "", .actor = "A", .verb = "plays", .args = "KH",
                .cards = "KH", .text = "A plays KH",
            };
            int64_t id = 0;

            if (ledger_event_add(l, &ev, &id) != 0) {
                _exit(3);
            }
        }
        raise(SIGKILL);             /* no close: the row never settled */
        _exit(4);
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_true(row_last(f) < 10);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 10);
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    verified(f->l);
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_int_equal(n, 10);
    ledger_head_lazy(f->l, true);
    assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, 11, "B",
                               "plays", "QS", "B plays QS"), 11);
    verified(f->l);
}

/* the near miss: not lazy, the row follows every commit */
static void lazy__off_the_row_follows_every_commit(void **state)
{
    struct fixture *f = *state;

    for (int64_t seq = 1; seq <= 4; seq++) {
        add_n(f->l, f, seq, seq);
        assert_int_equal(row_last(f), seq);
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_file, teardown)
        T(lazy__the_row_waits_and_readers_hash_past_it),
        T(lazy__the_row_is_written_every_64_events),
        T(lazy__a_row_inserted_past_the_row_is_named),
        T(lazy__an_event_before_the_row_edited_is_found),
        T(lazy__another_writer_between_is_seen),
        T(lazy__a_writer_killed_before_the_row_leaves_it_whole),
        T(lazy__off_the_row_follows_every_commit),
#undef T
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
