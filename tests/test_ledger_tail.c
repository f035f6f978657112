/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_tail.c - acknowledged actions cut from the end of the
 * chain with SQL alone are named: under a live writer, which must not
 * chain its next action on from what is left, and after a writer killed
 * between two actions.  The chain row is written in every commit, so it
 * always stands on the last action acknowledged.  The near miss: the
 * same writer, untouched, verifies.
 */
#include "tests/harness.h"

#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#include "tests/ledger_util.h"

/* add_seq - event seq of the fixture's deal on l, committed alone. */
static int add_seq(struct ledger *l, const struct fixture *f, int64_t seq)
{
    struct ledger_event ev = {
        .sitting = f->sitting, .game = f->game, .deal = f->deal,
        .seq = seq, .source = "club.ecarte", .line = (int)seq + 3,
        .stamp = "", .actor = "A", .verb = "plays", .args = "KH",
        .cards = "KH", .text = "A plays KH",
    };
    int64_t id = 0;

    return ledger_event_add(l, &ev, &id);
}

static void tail__untouched_the_writer_verifies(void **state)
{
    struct fixture *f = *state;
    int64_t bad = -1;

    for (int64_t seq = 1; seq <= 6; seq++) {
        assert_int_equal(add_seq(f->l, f, seq), 0);
        assert_int_equal(raw_int(f->path, "SELECT last_id FROM chain"), seq);
    }
    assert_int_equal(ledger_verify(f->l, &bad), 0);
}

static void tail__cut_under_a_live_writer_is_named(void **state)
{
    struct fixture *f = *state;
    int64_t bad = -1;

    for (int64_t seq = 1; seq <= 5; seq++) {
        assert_int_equal(add_seq(f->l, f, seq), 0);
    }
    raw_exec(f->path, "DELETE FROM event WHERE id >= 4");
    /* the writer goes on from the head it acknowledged, not from what
     * the file now ends with */
    assert_int_equal(add_seq(f->l, f, 6), 0);
    assert_int_equal(raw_int(f->path, "SELECT max(id) FROM event"), 6);
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 6);
}

static void tail__cut_after_a_killed_writer_is_named(void **state)
{
    struct fixture *f = *state;
    int status = 0;
    int64_t bad = -1;
    pid_t pid;

    ledger_close(f->l);
    f->l = NULL;
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct ledger *l = NULL;

        if (ledger_open(&l, f->path, 0) != 0) {
            _exit(2);
        }
        for (int64_t seq = 1; seq <= 10; seq++) {
            if (add_seq(l, f, seq) != 0) {
                _exit(3);
            }
        }
        raise(SIGKILL);             /* no close */
        _exit(4);
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(raw_int(f->path, "SELECT last_id FROM chain"), 10);
    raw_exec(f->path, "DELETE FROM event WHERE id >= 8");
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 8);
    assert_non_null(strstr(ledger_errmsg(f->l), "deleted at the end"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_file, teardown)
        T(tail__untouched_the_writer_verifies),
        T(tail__cut_under_a_live_writer_is_named),
        T(tail__cut_after_a_killed_writer_is_named),
#undef T
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
