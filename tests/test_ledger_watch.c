/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_watch.c - a writer's file watched at each commit (watch.c):
 * the file deleted, renamed away, replaced, hard-linked then unlinked,
 * its WAL removed, each named at the next commit, which is not written
 * (a renamed file holds what was taken before it); a change that moves
 * nothing (chmod) is proven by a stat and the watch goes on; untouched,
 * the commits are quiet (on Linux, no stat once both files are watched).
 */
#include "tests/harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#include "tests/ledger_util.h"

/* commit_one - append event seq of the fixture's deal in a transaction
 * of its own (as record does an action); its result code. */
static int commit_one(struct fixture *f, int64_t seq)
{
    struct ledger_event ev = {
        .sitting = f->sitting,
        .game = f->game,
        .deal = f->deal,
        .seq = seq,
        .source = "club.ecarte",
        .line = (int)seq + 3,
        .stamp = "",
        .actor = "A",
        .verb = "plays",
        .args = "KH",
        .cards = "KH",
        .text = "A plays KH",
    };
    int64_t id = 0;

    return ledger_event_add(f->l, &ev, &id);
}

/* moved - the next commit is LEDGER_E_MOVED and its message has words. */
static void moved(struct fixture *f, int64_t seq, const char *words)
{
    assert_int_equal(commit_one(f, seq), LEDGER_E_MOVED);
    if (strstr(ledger_errmsg(f->l), words) == NULL) {
        fail_msg("the commit said \"%s\", expected \"%s\"",
                 ledger_errmsg(f->l), words);
    }
}

/* settled - three commits untouched: each 0, and (Linux) the watch quiet
 * after them. */
static void settled(struct fixture *f, int64_t seq)
{
    for (int64_t i = 0; i < 3; i++) {
        assert_int_equal(commit_one(f, seq + i), 0);
    }
#if defined(__linux__)
    assert_true(f->l->watch_quiet);
    assert_true(f->l->watch_fd >= 0);
#endif
}

/* other - a path beside the fixture's file, with suffix. */
static void other(const struct fixture *f, const char *suffix, char *buf,
                  size_t n)
{
    snprintf(buf, n, "%s%s", f->path, suffix);
}

static void watch__untouched_commits_are_quiet(void **state)
{
    struct fixture *f = *state;

    settled(f, 1);
    for (int64_t i = 4; i < 40; i++) {
        assert_int_equal(commit_one(f, i), 0);
    }
#if defined(__linux__)
    assert_true(f->l->watch_quiet);
#endif
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 39);
}

static void watch__a_deleted_file_is_named(void **state)
{
    struct fixture *f = *state;

    settled(f, 1);
    assert_int_equal(unlink(f->path), 0);
    moved(f, 4, "was deleted or renamed while ecarte wrote to it");
}

static void watch__a_file_renamed_away_is_named(void **state)
{
    struct fixture *f = *state;
    char away[96];

    settled(f, 1);
    other(f, ".away", away, sizeof(away));
    assert_int_equal(rename(f->path, away), 0);
    moved(f, 4, "was deleted or renamed while ecarte wrote to it");
    unlink(away);
}

/* what the writer committed stays in the file it had open, and the WAL
 * at the old name is emptied: a new ledger there reads none of it */
static void watch__a_renamed_ledger_keeps_what_it_took(void **state)
{
    struct fixture *f = *state;
    char away[96];
    char wal[96];
    struct stat sb;
    struct ledger *fresh = NULL;
    int64_t bad = -1;

    settled(f, 1);
    other(f, ".away", away, sizeof(away));
    other(f, "-wal", wal, sizeof(wal));
    assert_int_equal(rename(f->path, away), 0);
    moved(f, 4, "renamed while ecarte wrote to it");
    /* the fourth commit found the rename before its COMMIT: the file
     * holds the three it took, and not the one it refused */
    assert_int_equal(raw_int(away, "SELECT count(*) FROM event"), 3);
    assert_true(stat(wal, &sb) != 0 || sb.st_size == 0);
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(ledger_open(&fresh, f->path, 0), 0);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 0);
    assert_int_equal(ledger_verify(fresh, &bad), 0);
    ledger_close(fresh);
    assert_int_equal(ledger_open(&f->l, away, 0), 0);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    ledger_close(f->l);
    f->l = NULL;
    remove_db(away);
}

/* another ledger moved over the path: the writer's WAL, emptied, is not
 * read as that ledger's */
static void watch__a_ledger_moved_over_is_left_its_own(void **state)
{
    struct fixture *f = *state;
    char copy[96];
    struct ledger *other_l = NULL;
    int64_t bad = -1;

    settled(f, 1);
    other(f, ".other", copy, sizeof(copy));
    assert_int_equal(ledger_open(&other_l, copy, 0), 0);
    ledger_close(other_l);          /* a ledger of no event, whole */
    assert_int_equal(rename(copy, f->path), 0);
    moved(f, 4, "was replaced by another file");
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 0);
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(ledger_open(&other_l, f->path, 0), 0);
    assert_int_equal(ledger_verify(other_l, &bad), 0);
    ledger_close(other_l);
}

static void watch__a_file_replaced_is_named(void **state)
{
    struct fixture *f = *state;
    char copy[96];
    FILE *fp = NULL;

    settled(f, 1);
    other(f, ".new", copy, sizeof(copy));
    fp = fopen(copy, "w");
    assert_non_null(fp);
    fclose(fp);
    assert_int_equal(rename(copy, f->path), 0);
    moved(f, 4, "was replaced by another file");
}

static void watch__a_hard_link_left_behind_is_no_cover(void **state)
{
    struct fixture *f = *state;
    char link_path[96];

    settled(f, 1);
    other(f, ".link", link_path, sizeof(link_path));
    assert_int_equal(link(f->path, link_path), 0);
    assert_int_equal(unlink(f->path), 0);
    moved(f, 4, "was deleted or renamed while ecarte wrote to it");
    unlink(link_path);
}

static void watch__a_removed_wal_is_named(void **state)
{
    struct fixture *f = *state;
    char wal[96];

    settled(f, 1);
    other(f, "-wal", wal, sizeof(wal));
    assert_int_equal(unlink(wal), 0);
    moved(f, 4, "WAL file");
}

/* the near miss: a change of mode moves nothing; the stat proves it, and
 * the watch, armed again, still names a deletion after it */
static void watch__a_chmod_is_proven_and_the_watch_goes_on(void **state)
{
    struct fixture *f = *state;

    settled(f, 1);
    assert_int_equal(chmod(f->path, 0640), 0);
    assert_int_equal(commit_one(f, 4), 0);
#if defined(__linux__)
    assert_true(f->l->watch_quiet);   /* proven again, and quiet */
#endif
    settled(f, 5);
    assert_int_equal(unlink(f->path), 0);
    moved(f, 8, "was deleted or renamed while ecarte wrote to it");
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_file, teardown)
        T(watch__untouched_commits_are_quiet),
        T(watch__a_deleted_file_is_named),
        T(watch__a_file_renamed_away_is_named),
        T(watch__a_file_replaced_is_named),
        T(watch__a_renamed_ledger_keeps_what_it_took),
        T(watch__a_ledger_moved_over_is_left_its_own),
        T(watch__a_hard_link_left_behind_is_no_cover),
        T(watch__a_removed_wal_is_named),
        T(watch__a_chmod_is_proven_and_the_watch_goes_on),
#undef T
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
