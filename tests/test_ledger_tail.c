/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_tail.c - acknowledged actions cut from the end of the
 * chain with SQL alone are named: under a live writer, which stops
 * rather than chain its next action on from what is left, and after a
 * writer killed between two actions.  The last event stores its hash
 * whole (schema version 9), the one before it cut short again in the
 * same commit, so that the end always stands on the last action
 * acknowledged; the chain row is written with the seals, the first
 * event and every 64th.  The near miss: the same writer, untouched,
 * verifies.
 */
#include "tests/harness.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
        assert_int_equal(raw_int(f->path, "SELECT max(id) FROM event WHERE "
                                 "length(hash) = 32"), seq);
        assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event WHERE "
                                 "length(hash) = 32"), 1);
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
    /* the writer does not chain on over what it lost: it stops */
    assert_int_equal(add_seq(f->l, f, 6), LEDGER_E_DAMAGED);
    assert_non_null(strstr(ledger_errmsg(f->l), "events 4 to 5, "
                                                "acknowledged by this "
                                                "writer, were deleted"));
    assert_int_equal(raw_int(f->path, "SELECT max(id) FROM event"), 3);
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 4);
    assert_non_null(strstr(ledger_errmsg(f->l), "deleted at the end"));
    /* every event deleted then: refused again, by the chain row's mark */
    raw_exec(f->path, "DELETE FROM event");
    assert_int_equal(add_seq(f->l, f, 6), LEDGER_E_DAMAGED);
    assert_non_null(strstr(ledger_errmsg(f->l), "event 1: events deleted "
                                                "at the end"));
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 0);
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
    assert_int_equal(raw_int(f->path, "SELECT length(hash) FROM event "
                             "WHERE id = 10"), 32);
    assert_int_equal(raw_int(f->path, "SELECT length(hash) FROM event "
                             "WHERE id = 9"), 8);
    raw_exec(f->path, "DELETE FROM event WHERE id >= 8");
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 8);
    assert_non_null(strstr(ledger_errmsg(f->l), "deleted at the end"));
}

/* A new writer on a ledger whose end was cut, with no mark past the cut:
 * it does not chain on from what is left (which would hide the cut); it
 * says why.  The near miss: the end not cut, it appends. */
static void tail__a_new_writer_refuses_a_cut_end(void **state)
{
    struct fixture *f = *state;

    for (int64_t seq = 1; seq <= 4; seq++) {
        assert_int_equal(add_seq(f->l, f, seq), 0);
    }
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "DELETE FROM event WHERE id = 4");
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(add_seq(f->l, f, 4), LEDGER_E_DAMAGED);
    assert_non_null(strstr(ledger_errmsg(f->l), "event 4: events deleted at "
                                                "the end (event 3, the last, "
                                                "stores its hash cut short)"));
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 3);
    /* near miss: the whole hash of event 3 put back (as its writer would
     * have left it): a new writer appends, and the ledger verifies */
    {
        char head[LEDGER_HASH_HEX];
        char sql[200];
        struct ledger_event ev3 = { .id = 3 };
        int64_t bad = -1;

        assert_int_equal(ledger_event_hash_full(f->l, &ev3, head), 0);
        snprintf(sql, sizeof(sql), "UPDATE event SET hash = X'%s' WHERE "
                 "id = 3", head);
        raw_exec(f->path, sql);
        ledger_close(f->l);
        f->l = NULL;
        assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
        assert_int_equal(add_seq(f->l, f, 4), 0);
        assert_int_equal(ledger_verify(f->l, &bad), 0);
        assert_int_equal(raw_int(f->path, "SELECT length(hash) FROM event "
                                 "WHERE id = 3"), 8);
    }
}

/* A version 8 file (its chain row on the last event, every hash but the
 * 64th cut short) opened for writing becomes version 9: its last event
 * stores the chain row's head whole.  Read-only, it is verified as
 * version 8 by its chain row, and a chain row changed is named. */
static void tail__version_8_migrates_its_head_into_the_last_event(
    void **state)
{
    struct fixture *f = *state;
    struct ledger *ro = NULL;
    char head[LEDGER_HASH_HEX];
    int64_t bad = -1;
    int64_t n = 0;

    for (int64_t seq = 1; seq <= 3; seq++) {
        assert_int_equal(add_seq(f->l, f, seq), 0);
    }
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_int_equal(n, 3);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, CHAIN_EXACT "UPDATE event SET hash = substr(hash, 1, "
             "8) WHERE id = 3; PRAGMA user_version = 8;");
    assert_int_equal(ledger_open(&ro, f->path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_version(ro), 8);
    assert_int_equal(ledger_verify(ro, &bad), 0);
    ledger_close(ro);
    raw_exec(f->path, "UPDATE chain SET n_events = 2");
    assert_int_equal(ledger_open(&ro, f->path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_verify(ro, &bad), 1);
    assert_non_null(strstr(ledger_errmsg(ro), "the chain row's head (2 "
                                              "events, last 3) was changed"));
    ledger_close(ro);
    raw_exec(f->path, "UPDATE chain SET n_events = 3");
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_version(f->l), 9);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), 9);
    assert_int_equal(raw_int(f->path, "SELECT length(hash) FROM event "
                             "WHERE id = 3"), 32);
    {
        char after[LEDGER_HASH_HEX];

        assert_int_equal(ledger_chain_head(f->l, after, &n), 0);
        assert_string_equal(after, head);
        assert_int_equal(n, 3);
    }
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    assert_int_equal(add_seq(f->l, f, 4), 0);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
}

/* Every event deleted after a killed writer: no event is left to store
 * the head, but the chain row's mark, set at the first event, names the
 * cut. */
static void tail__every_event_deleted_is_named_by_the_mark(void **state)
{
    struct fixture *f = *state;
    int64_t bad = -1;

    for (int64_t seq = 1; seq <= 3; seq++) {
        assert_int_equal(add_seq(f->l, f, seq), 0);
    }
    assert_int_equal(raw_int(f->path, "SELECT last_id FROM chain"), 1);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "DELETE FROM event");
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 1);
    assert_non_null(strstr(ledger_errmsg(f->l), "event 1: events deleted at "
                                                "the end (the chain row "
                                                "stands on event 1, 0 "
                                                "found)"));
}

/* A version 9 ledger whose number is taken back to 8: its last event's
 * whole hash gives it away; verify names it and no writer migrates it
 * (a true version 8 file is migrated: the test before). */
static void tail__version_9_taken_back_to_8_is_named(void **state)
{
    struct fixture *f = *state;
    struct ledger *ro = NULL;
    int64_t bad = -1;

    for (int64_t seq = 1; seq <= 3; seq++) {
        assert_int_equal(add_seq(f->l, f, seq), 0);
    }
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "PRAGMA user_version = 8");
    assert_int_equal(ledger_open(&f->l, f->path, 0), LEDGER_E_FORMAT);
    assert_non_null(strstr(ledger_errmsg(f->l), "version number was "
                                                "changed"));
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), 8);
    assert_int_equal(ledger_open(&ro, f->path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_verify(ro, &bad), 1);
    assert_int_equal(bad, 3);
    assert_non_null(strstr(ledger_errmsg(ro), "as the last event of schema "
                                              "version 9 does, but the file "
                                              "says version 8"));
    ledger_close(ro);
    raw_exec(f->path, "PRAGMA user_version = 9");
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
}

/* open_as_reader - in a child (as nobody when run as root, so that the
 * directory's mode binds): ledger_open(path, LEDGER_READONLY); 0 if it
 * opened, 1 if it failed saying words, 2 otherwise. */
static int open_as_reader(const char *path, const char *words)
{
    int status = 0;
    pid_t pid = fork();

    assert_true(pid >= 0);
    if (pid == 0) {
        struct ledger *l = NULL;
        int rc = 0;

        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) {
            _exit(3);
        }
        rc = ledger_open(&l, path, LEDGER_READONLY);
        if (rc == 0) {
            ledger_close(l);
            _exit(0);
        }
        _exit(strstr(ledger_errmsg(l), words) != NULL ? 1 : 2);
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* A writer killed with actions in its WAL, the -shm gone, in a directory
 * the reader may not write: SQLite cannot read the WAL there, and the
 * reader is told why and what to do (read as immutable, the file would
 * lack those actions).  The near miss: the directory writable, it opens. */
static void tail__a_wal_unreadable_here_is_explained(void **state)
{
    char dir[] = "/tmp/ecarte-ro-XXXXXX";
    char path[64];
    char name[80];
    int status = 0;
    pid_t pid;

    (void)state;
    assert_non_null(mkdtemp(dir));
    assert_int_equal(chmod(dir, 0777), 0);
    snprintf(path, sizeof(path), "%s/l.db", dir);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct fixture g = { .l = NULL };

        if (ledger_open(&g.l, path, 0) != 0 || fixture_fill(&g) != 0) {
            _exit(2);
        }
        for (int64_t seq = 1; seq <= 5; seq++) {
            if (add_seq(g.l, &g, seq) != 0) {
                _exit(3);
            }
        }
        raise(SIGKILL);             /* no close: the WAL stays */
        _exit(4);
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    snprintf(name, sizeof(name), "%s-shm", path);
    unlink(name);
    assert_int_equal(chmod(path, 0444), 0);
    snprintf(name, sizeof(name), "%s-wal", path);
    assert_int_equal(access(name, F_OK), 0);
    assert_int_equal(chmod(name, 0444), 0);
    assert_int_equal(chmod(dir, 0555), 0);
    assert_int_equal(open_as_reader(path, "cannot make"), 1);
    assert_int_equal(chmod(dir, 0777), 0);
    assert_int_equal(open_as_reader(path, "cannot make"), 0);
    remove_db(path);
    rmdir(dir);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_file, teardown)
        T(tail__untouched_the_writer_verifies),
        T(tail__cut_under_a_live_writer_is_named),
        T(tail__cut_after_a_killed_writer_is_named),
        T(tail__a_new_writer_refuses_a_cut_end),
        T(tail__every_event_deleted_is_named_by_the_mark),
        cmocka_unit_test(tail__a_wal_unreadable_here_is_explained),
        T(tail__version_8_migrates_its_head_into_the_last_event),
        T(tail__version_9_taken_back_to_8_is_named),
#undef T
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
