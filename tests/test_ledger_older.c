/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_older.c - ledgers made by earlier releases, migrated by
 * this build: tests/v5 by the release before schema version 6, tests/v6
 * by 1.1.0 (schema version 6), each a duel, a chouette, an import with
 * claims and a quarantined deal, merged sittings and members.  Every
 * event keeps its whole hash (the same bytes the old build wrote; this
 * build stores most of them cut short and gives them whole again), and
 * verify, audit, score, export, members and standings print what the old
 * build printed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "tests/harness.h"

#define HASHES_MAX 2000         /* events of a fixture, at most */

/* The commands whose output is compared, by fixture. */
static const char *const club_cmds[] = {
    "verify", "audit", "score", "export1", "export2", "export3", NULL
};
static const char *const merged_cmds[] = {
    "verify", "audit", "score", "export1", "export2", "export3", "members",
    "standings", NULL
};

/* unpack - tests/vV/NAME.db.gz into DIR/NAME.db. */
static void unpack(const struct harness_tmp *t, int v, const char *name)
{
    char rel[100];
    char src[1024];

    snprintf(rel, sizeof(rel), "tests/v%d/%s.db.gz", v, name);
    harness_path(rel, src, sizeof(src));
    assert_int_equal(harness_sh("gzip -dc '%s' > '%s/%s.db'", src, t->dir,
                                name),
                     0);
}

/* hashes - every event's hash of DIR/NAME.db as lower-case hex, in the
 * order of ids, into out (n rows at most); the number read. */
static int hashes(const struct harness_tmp *t, const char *name,
                  char (*out)[65], int n)
{
    char path[400];
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    int i = 0;

    snprintf(path, sizeof(path), "%s/%s.db", t->dir, name);
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT CASE typeof(hash) WHEN "
                                        "'blob' THEN lower(hex(hash)) ELSE "
                                        "hash END FROM event ORDER BY id",
                                        -1, &st, NULL),
                     SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
        assert_true(i < n);
        snprintf(out[i++], 65, "%s", (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return i;
}

/* The hashes of the version 5 file, to compare a migrated one's with. */
struct whole_check {
    struct ledger *l;
    char (*before)[65];
    int n;
    int seen;
};

/* whole_is_before - ledger_event_fn: event ev of the migrated ledger
 * stores its hash whole at a multiple of LEDGER_HASH_EVERY and at the
 * last event (version 9), cut short elsewhere, and its whole hash is the one the version 5 file held. */
static int whole_is_before(void *vctx, const struct ledger_event *ev)
{
    struct whole_check *w = vctx;
    char whole[LEDGER_HASH_HEX];

    assert_true(ev->id >= 1 && ev->id <= w->n);
    assert_int_equal(strlen(ev->hash),
                     ev->id % LEDGER_HASH_EVERY == 0 || ev->id == w->n
                         ? 64 : 2 * LEDGER_HASH_TAG);
    assert_int_equal(ledger_event_hash_full(w->l, ev, whole), 0);
    assert_string_equal(whole, w->before[ev->id - 1]);
    w->seen++;
    return 0;
}

/* same_output - `ecarte CMD --db NAME.db` (export1: export --sitting 1)
 * prints tests/vV/NAME.CMD byte for byte (DIR/ taken out). */
static void same_output(const struct harness_tmp *t, int v, const char *name,
                        const char *cmd)
{
    char rel[100];
    char want[1024];
    char args[64];
    int rc = 0;

    snprintf(rel, sizeof(rel), "tests/v%d/%s.%s", v, name, cmd);
    harness_path(rel, want, sizeof(want));
    if (strncmp(cmd, "export", 6) == 0 && cmd[6] != '\0') {
        snprintf(args, sizeof(args), "export --sitting %s", cmd + 6);
    } else {
        snprintf(args, sizeof(args), "%s", cmd);
    }
    rc = harness_sh("'%s' %s --db '%s/%s.db' 2>&1 | sed 's#%s/##g' > "
                    "'%s/%s.%s.out'; cmp -s '%s/%s.%s.out' '%s' || "
                    "{ diff '%s/%s.%s.out' '%s' | head; exit 1; }",
                    harness_ecarte(), args, t->dir, name, t->dir, t->dir,
                    name, cmd, t->dir, name, cmd, want, t->dir, name, cmd,
                    want);
    if (rc != 0) {
        fail_msg("%s of v%d/%s differs from the old build's", cmd, v, name);
    }
}

/* migrate_and_compare - vV/NAME migrated by ledger_open (for writing):
 * the current version, every event's whole hash that of the version V
 * file, every command's output the old build's; then it takes a new
 * sitting and verifies. */
static void migrate_and_compare(const struct harness_tmp *t, int v,
                                const char *name,
                                const char *const *cmds)
{
    static char before[HASHES_MAX][65];
    static char after[HASHES_MAX][65];
    struct ledger *l = NULL;
    char path[400];
    int n = 0;

    unpack(t, v, name);
    n = hashes(t, name, before, HASHES_MAX);
    assert_true(n > 100);
    /* read as it is first: the old file answers as it did */
    same_output(t, v, name, "verify");
    snprintf(path, sizeof(path), "%s/%s.db", t->dir, name);
    assert_int_equal(ledger_open(&l, path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_version(l), v);
    ledger_close(l);
    assert_int_equal(ledger_open(&l, path, 0), 0);
    assert_int_equal(ledger_version(l), LEDGER_SCHEMA_VERSION);
    {
        /* every event's whole hash is the version 5 file's, though
         * version 7 stores most of them cut short */
        struct whole_check w = { .l = l, .before = before, .n = n };

        assert_int_equal(ledger_events_foreach(l, 0, whole_is_before, &w), 0);
        assert_int_equal(w.seen, n);
    }
    ledger_close(l);
    assert_int_equal(hashes(t, name, after, HASHES_MAX), n);
    for (int i = 0; i < n; i++) {
        /* stored: whole at every 64th event, its first 16 digits else */
        assert_int_equal(strncmp(after[i], before[i], strlen(after[i])), 0);
    }
    for (int i = 0; cmds[i] != NULL; i++) {
        same_output(t, v, name, cmds[i]);
    }
    assert_int_equal(harness_sh("'%s' record --db '%s' '%s' >/dev/null 2>&1 "
                                "&& '%s' verify --db '%s' >/dev/null",
                                harness_ecarte(), path,
                                harness_example("hoffmann-refused.ecarte"),
                                harness_ecarte(), path),
                     0);
}

static void ledger_v5__club_migrates_with_the_same_hashes_and_outputs(
    void **state)
{
    migrate_and_compare(*state, 5, "club", club_cmds);
}

static void ledger_v5__merged_migrates_with_the_same_hashes_and_outputs(
    void **state)
{
    migrate_and_compare(*state, 5, "merged", merged_cmds);
}

static void ledger_v6__club_migrates_with_the_same_hashes_and_outputs(
    void **state)
{
    migrate_and_compare(*state, 6, "club", club_cmds);
}

static void ledger_v6__merged_migrates_with_the_same_hashes_and_outputs(
    void **state)
{
    migrate_and_compare(*state, 6, "merged", merged_cmds);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            ledger_v5__club_migrates_with_the_same_hashes_and_outputs,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            ledger_v5__merged_migrates_with_the_same_hashes_and_outputs,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            ledger_v6__club_migrates_with_the_same_hashes_and_outputs,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            ledger_v6__merged_migrates_with_the_same_hashes_and_outputs,
            harness_tmp_setup, harness_tmp_teardown),
    };

    setenv("ECARTE_FIXED_TIME", "2026-01-31T20:15:00Z", 1);
    return cmocka_run_group_tests_name("ledger_older", tests, NULL, NULL);
}
