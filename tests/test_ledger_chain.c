/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_chain.c - the ledger's transactions and its hash chain:
 * rollback, nested begins and a failed add leave nothing; two handles
 * appending, a second writer, a lock waited for, a read snapshot, commits
 * that survive SIGKILL and power loss; the chain verified intact and
 * against edited, deleted, inserted, swapped rows and a changed head.
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

#define GENESIS \
    "0000000000000000000000000000000000000000000000000000000000000000"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* verify_bad - ledger_verify gives 1 with this bad id and a message
 * containing words. */
static void verify_bad(struct fixture *f, int64_t want_id, const char *words)
{
    int64_t bad = -1;

    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, want_id);
    if (strstr(ledger_errmsg(f->l), words) == NULL) {
        fail_msg("verify said \"%s\", expected \"%s\"",
                 ledger_errmsg(f->l), words);
    }
}

/* ------------------------------------------------------------------ */
/* Transactions                                                         */
/* ------------------------------------------------------------------ */

static void ledger__rollback_leaves_nothing(void **state)
{
    struct fixture *f = *state;
    struct collected c = { 0 };
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t e = 0;
    int64_t bad = 0;

    assert_int_equal(ledger_begin(f->l), 0);
    e = add_event(f->l, f->sitting, f->game, f->deal, 1, "A", "looks", "",
                  "A looks");
    assert_int_equal(ledger_ruling_add(f->l, e, "L9", "", "", "", "",
                                       "ruling L9", NULL), 0);
    assert_int_equal(ledger_score_add(f->l, e, f->game, 1, 0, "x"), 0);
    assert_int_equal(ledger_quarantine_add(f->l, "s", 1, "e", "r"), 0);
    ledger_rollback(f->l);
    assert_int_equal(ledger_events_foreach(f->l, 0, collect_event, &c), 0);
    assert_int_equal(c.n, 0);
    assert_int_equal(ledger_quarantine_count(f->l), 0);
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_string_equal(head, GENESIS);
    assert_int_equal(n, 0);
    assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, 1, "A",
                               "looks", "", "A looks"), 1);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    ledger_rollback(f->l);          /* no transaction open: nothing */
}

static void ledger__begin_twice_is_an_error(void **state)
{
    struct fixture *f = *state;

    assert_int_equal(ledger_begin(f->l), 0);
    assert_int_equal(ledger_begin(f->l), LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(f->l), "within a transaction"));
    ledger_rollback(f->l);
    assert_int_equal(ledger_commit(f->l), LEDGER_E_ERROR);
}

static void ledger__failed_event_add_leaves_the_chain_unchanged(void **state)
{
    struct fixture *f = *state;
    struct ledger_event ev = {
        .sitting = f->sitting, .seq = 2, .source = "x", .text = "again",
    };
    char before[LEDGER_HASH_HEX];
    char after[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t bad = 0;

    add_event(f->l, f->sitting, f->game, f->deal, 1, "A", "looks", "",
              "A looks");
    add_event(f->l, f->sitting, f->game, f->deal, 2, "A", "stands", "",
              "A stands");
    assert_int_equal(ledger_chain_head(f->l, before, &n), 0);
    assert_int_equal(ledger_begin(f->l), 0);
    assert_int_equal(ledger_event_add(f->l, &ev, NULL), LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(f->l), "UNIQUE"));
    ev.seq = 3;
    ev.sitting = 99;
    assert_int_equal(ledger_event_add(f->l, &ev, NULL), LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(f->l), "FOREIGN KEY"));
    ev.sitting = f->sitting;
    assert_int_equal(ledger_event_add(f->l, &ev, NULL), 0);
    assert_int_equal(ledger_commit(f->l), 0);
    assert_int_equal(ledger_chain_head(f->l, after, &n), 0);
    assert_string_not_equal(before, after);
    assert_int_equal(n, 3);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    ev.seq = 3;
    assert_int_equal(ledger_event_add(f->l, &ev, NULL), LEDGER_E_ERROR);
    assert_int_equal(ledger_chain_head(f->l, before, &n), 0);
    assert_string_equal(before, after);
    assert_int_equal(n, 3);
}

static void ledger__two_handles_appending_keep_the_chain(void **state)
{
    struct fixture *f = *state;
    struct ledger *l2 = NULL;
    int64_t bad = 0;
    int64_t n = 0;
    char head[LEDGER_HASH_HEX];

    assert_int_equal(ledger_open(&l2, f->path, 0), 0);
    assert_int_equal(ledger_begin(f->l), 0);
    assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, 1, "A",
                               "looks", "", "A looks"), 1);
    assert_int_equal(ledger_commit(f->l), 0);
    assert_int_equal(ledger_begin(l2), 0);
    assert_int_equal(add_event(l2, f->sitting, f->game, f->deal, 2, "A",
                               "proposes", "", "A proposes"), 2);
    assert_int_equal(ledger_commit(l2), 0);
    assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, 3, "B",
                               "refuses", "", "B refuses"), 3);
    assert_int_equal(add_event(l2, f->sitting, f->game, f->deal, 4, "A",
                               "leads", "KH", "A leads KH"), 4);
    assert_int_equal(ledger_begin(f->l), 0);
    assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, 5, "B",
                               "plays", "7H", "B plays 7H"), 5);
    assert_int_equal(ledger_commit(f->l), 0);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    assert_int_equal(ledger_verify(l2, &bad), 0);
    assert_int_equal(ledger_chain_head(l2, head, &n), 0);
    assert_int_equal(n, 5);
    ledger_close(l2);
}

static void ledger__second_writer_gets_busy(void **state)
{
    struct fixture *f = *state;
    struct ledger *l2 = NULL;

    assert_int_equal(ledger_open(&l2, f->path, 0), 0);
    assert_int_equal(ledger_begin(f->l), 0);
    assert_int_equal(ledger_begin(l2), LEDGER_E_BUSY);
    assert_non_null(strstr(ledger_errmsg(l2), "locked"));
    ledger_rollback(f->l);
    assert_int_equal(ledger_begin(l2), 0);
    ledger_rollback(l2);
    ledger_close(l2);
}

/* child_record_then_die - in a child: commit three events, leave a
 * fourth uncommitted and die by SIGKILL, as a killed `record` would. */
static void child_record_then_die(const char *path)
{
    struct ledger *l = NULL;
    struct ledger_event ev = {
        .sitting = 1, .source = "-", .actor = "A", .verb = "looks",
        .text = "A looks",
    };
    int64_t sitting = 0;
    int i = 0;

    if (ledger_open(&l, path, 0) != 0 ||
        ledger_sitting_add(l, "-", &sitting) != 0) {
        _exit(2);
    }
    ev.sitting = sitting;
    for (i = 1; i <= 4; i++) {
        ev.seq = i;
        if (ledger_begin(l) != 0 || ledger_event_add(l, &ev, NULL) != 0) {
            _exit(3);
        }
        if (i < 4 && ledger_commit(l) != 0) {
            _exit(4);
        }
    }
    raise(SIGKILL);
    _exit(5);
}

static void ledger__committed_events_survive_sigkill(void **state)
{
    char path[64];
    struct ledger *l = NULL;
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t bad = 0;
    int status = 0;
    pid_t pid = 0;

    (void)state;
    temp_path(path, sizeof(path));
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        child_record_then_die(path);
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGKILL);
    assert_int_equal(ledger_open(&l, path, 0), 0);
    assert_int_equal(ledger_chain_head(l, head, &n), 0);
    assert_int_equal(n, 3);
    assert_int_equal(ledger_verify(l, &bad), 0);
    ledger_close(l);
    remove_db(path);
}

/* ------------------------------------------------------------------ */
/* The hash chain                                                       */
/* ------------------------------------------------------------------ */

static void ledger__verify_intact_chain_is_zero(void **state)
{
    struct fixture *f = *state;
    int64_t bad = -1;

    assert_int_equal(ledger_verify(f->l, &bad), 0);
    assert_int_equal(bad, 0);
    add_five(f);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    assert_int_equal(bad, 0);
    assert_string_equal(ledger_errmsg(f->l), "");
    reopen(f);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
}

static void ledger__chain_hash_depends_on_the_previous_row(void **state)
{
    struct fixture *f = *state;
    struct ledger *l2 = NULL;
    struct collected a = { 0 };
    struct collected b = { 0 };
    int64_t s2 = 0;
    int64_t g2 = 0;
    int64_t d2 = 0;

    /* The same event after different histories hashes differently; the
     * same history gives the same hashes (ECARTE_FIXED_TIME). */
    add_five(f);
    assert_int_equal(ledger_open(&l2, ":memory:", 0), 0);
    assert_int_equal(ledger_sitting_add(l2, "club.ecarte", &s2), 0);
    assert_int_equal(ledger_game_add(l2, s2, 1, &g2), 0);
    assert_int_equal(ledger_deal_add(l2, g2, 1, 'B', &d2), 0);
    add_event(l2, s2, g2, d2, 1, "A", "plays", "KH", "A plays KH");
    add_event(l2, s2, g2, d2, 2, "B", "plays", "7H", "B plays 7H");
    add_event(l2, s2, g2, d2, 3, "A", "plays", "QH", "A plays QH");
    assert_int_equal(ledger_events_foreach(f->l, 0, collect_event, &a), 0);
    assert_int_equal(ledger_events_foreach(l2, 0, collect_event, &b), 0);
    assert_string_equal(a.hash[0], b.hash[0]);
    assert_string_equal(a.hash[1], b.hash[1]);
    assert_string_not_equal(a.hash[2], b.hash[2]);
    ledger_close(l2);
}

static void ledger__verify_finds_an_edited_row(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "UPDATE event SET args = 'QH', text = 'A plays QH' "
             "WHERE id = 3");
    reopen(f);
    verify_bad(f, 3, "event 3: edited");
}

/* Every column hashed, edited (a NULL one given a value: version 6 leaves
 * out what the row gives again) and restored. */
static void ledger__verify_finds_an_edit_of_any_hashed_column(void **state)
{
    static const char *const columns[] = {
        "sitting_id", "game_id", "deal_id", "seq", "line", "recorded",
        "stamp", "text", "source", "actor", "verb", "args", "cards",
        "recorded_text", "hash"
    };
    struct fixture *f = *state;
    char sql[400];
    int64_t bad = 0;
    size_t i = 0;

    add_five(f);
    for (i = 0; i < sizeof(columns) / sizeof(columns[0]); i++) {
        const char *c = columns[i];

        if (i < 6) {
            snprintf(sql, sizeof(sql), "UPDATE event SET %s = %s + 10 "
                     "WHERE id = 3", c, c);
        } else if (strcmp(c, "hash") == 0) {
            snprintf(sql, sizeof(sql), "CREATE TABLE keep AS SELECT hash "
                     "FROM event WHERE id = 3; UPDATE event SET hash = "
                     "zeroblob(32) WHERE id = 3");
        } else {
            snprintf(sql, sizeof(sql), "CREATE TABLE keep AS SELECT %s AS "
                     "v FROM event WHERE id = 3; UPDATE event SET %s = "
                     "coalesce(%s, '') || 'x' WHERE id = 3", c, c, c);
        }
        raw_exec(f->path, sql);
        verify_bad(f, 3, "event 3: ");
        if (i < 6) {
            snprintf(sql, sizeof(sql), "UPDATE event SET %s = %s - 10 "
                     "WHERE id = 3", c, c);
        } else {
            snprintf(sql, sizeof(sql), "UPDATE event SET %s = (SELECT * "
                     "FROM keep) WHERE id = 3; DROP TABLE keep", c);
        }
        raw_exec(f->path, sql);
        if (ledger_verify(f->l, &bad) != 0) {
            fail_msg("%s restored: %s", c, ledger_errmsg(f->l));
        }
    }
}

static void ledger__verify_finds_an_edited_seq(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "UPDATE event SET seq = 9 WHERE id = 2");
    reopen(f);
    verify_bad(f, 2, "event 2: edited (seq 9 was 2)");
}

/* What a version 6 row leaves out is still proven: the events store no
 * source (the sitting's) and no actor, verb, args or cards (the text's);
 * the sitting's source changed breaks the chain at its first event; a
 * field stored where it was left out is what it says. */
static void ledger__verify_finds_a_change_of_what_a_row_leaves_out(
    void **state)
{
    struct fixture *f = *state;
    int64_t bad = 0;

    add_five(f);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event WHERE "
                             "source IS NULL AND actor IS NULL AND verb IS "
                             "NULL AND args IS NULL AND cards IS NULL"), 5);
    raw_exec(f->path, "UPDATE sitting SET source = 'other.ecarte'");
    verify_bad(f, 1, "event 1: ");
    raw_exec(f->path, "UPDATE sitting SET source = 'club.ecarte'");
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    /* a field stored that the text gives reads the same: still proven */
    raw_exec(f->path, "UPDATE event SET actor = 'B', cards = '7H' "
             "WHERE id = 2");
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    raw_exec(f->path, "UPDATE event SET cards = '' WHERE id = 2");
    verify_bad(f, 2, "event 2: ");
}

static void ledger__verify_finds_an_edited_recorded_time(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "UPDATE event SET recorded = recorded + 60 "
             "WHERE id = 5");
    reopen(f);
    verify_bad(f, 5, "event 5: edited");
}

static void ledger__verify_finds_a_deleted_middle_row(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "DELETE FROM event WHERE id = 3");
    reopen(f);
    verify_bad(f, 4, "event 4: a row before it was deleted (no event 3)");
}

static void ledger__verify_finds_a_deleted_and_renumbered_row(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "DELETE FROM event WHERE id = 3;"
             "UPDATE event SET id = id - 1 WHERE id > 3");
    reopen(f);
    verify_bad(f, 3, "event 3: a row before it was deleted (seq 3 of "
               "sitting 1 is missing)");
}

static void ledger__verify_finds_a_deleted_first_row(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "DELETE FROM event WHERE id = 1");
    reopen(f);
    verify_bad(f, 2, "event 2: a row before it was deleted (no event 1)");
}

static void ledger__verify_finds_a_deleted_last_row(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "DELETE FROM event WHERE id = 5");
    reopen(f);
    verify_bad(f, 5, "event 5: events deleted at the end (event 4, the last, "
               "stores its hash cut short");
}

/* The chain row's mark, written with a seal, stands on event 5: the end
 * cut back behind it is named by it. */
static void ledger__verify_finds_an_end_cut_behind_the_mark(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    assert_int_equal(ledger_quarantine_add(f->l, "s", 1, "e", "r"), 0);
    assert_int_equal(raw_int(f->path, "SELECT last_id FROM chain"), 5);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "DELETE FROM event WHERE id = 5");
    reopen(f);
    verify_bad(f, 5, "event 5: events deleted at the end (the chain row "
               "stands on event 5, 4 found)");
}

static void ledger__verify_finds_an_inserted_row(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "INSERT INTO event (sitting_id, seq, source, line, "
             "stamp, recorded, actor, verb, args, cards, text, hash) "
             "VALUES (1, 6, 'club.ecarte', 9, '', 1709324100, "
             "'B', 'plays', 'JD', 'JD', 'B plays JD', zeroblob(32))");
    reopen(f);
    verify_bad(f, 5, "event 5: its hash is stored whole, as only the last "
               "event's is: the rows after it were not added by the ledger");
}

static void ledger__verify_finds_a_row_inserted_in_the_middle(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path,
             "UPDATE event SET id = id + 100, seq = seq + 100 WHERE id >= 3;"
             "UPDATE event SET id = id - 99, seq = seq - 99 WHERE id >= 100;"
             "INSERT INTO event (id, sitting_id, game_id, deal_id, seq, "
             "source, line, stamp, recorded, actor, verb, args, cards, text,"
             " hash) VALUES (3, 1, 1, 1, 3, 'club.ecarte', 6, '', "
             "1709324100, 'A', 'marks', '1', '', 'A marks 1', "
             "zeroblob(32))");
    reopen(f);
    verify_bad(f, 3, "event 3: inserted (the rows after it were "
               "renumbered)");
}

/* The columns a swap of two rows exchanges: all but id. */
#define SWAP_COLUMNS \
    "sitting_id, game_id, deal_id, seq, source, line, stamp, recorded, " \
    "actor, verb, args, cards, text, hash"

static void ledger__verify_finds_two_swapped_rows(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path,
             "CREATE TEMP TABLE t AS SELECT * FROM event WHERE id IN (2, 4);"
             "UPDATE event SET seq = -seq WHERE id IN (2, 4);"
             "UPDATE event SET (" SWAP_COLUMNS ") = (SELECT " SWAP_COLUMNS
             " FROM t WHERE t.id = 6 - event.id) WHERE id IN (2, 4)");
    reopen(f);
    verify_bad(f, 2, "event 2: rows reordered (seq 4 here, seq 2 is at "
               "event 4)");
}

static void ledger__verify_finds_two_swapped_seqs(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path,
             "CREATE TEMP TABLE t AS SELECT id, seq FROM event "
             "WHERE id IN (3, 4);"
             "UPDATE event SET seq = -seq WHERE id IN (3, 4);"
             "UPDATE event SET seq = (SELECT seq FROM t WHERE t.id = "
             "7 - event.id) WHERE id IN (3, 4)");
    reopen(f);
    verify_bad(f, 3, "event 3: rows reordered (seq 4 here, seq 3 is at "
               "event 4)");
}

static void ledger__verify_finds_a_changed_head(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    assert_int_equal(ledger_quarantine_add(f->l, "s", 1, "e", "r"), 0);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "UPDATE chain SET n_events = 4");
    reopen(f);
    verify_bad(f, 5, "event 5: the chain row's mark (4 events, last 5) was "
               "changed");
}

static void ledger__verify_after_more_appends_still_finds_the_edit(
    void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "UPDATE event SET actor = 'B' WHERE id = 1");
    reopen(f);
    add_event(f->l, f->sitting, f->game, f->deal, 6, "B", "plays", "JD",
              "B plays JD");
    verify_bad(f, 1, "event 1: edited");
}

/* ------------------------------------------------------------------ */
/* Issue 8: durability, snapshots, waiting for a lock                   */
/* ------------------------------------------------------------------ */

/* pragma_of - PRAGMA name on l's own connection. */
static int64_t pragma_of(struct ledger *l, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int64_t v = -1;

    assert_int_equal(sqlite3_prepare_v2(ledger__db(l), sql, -1, &st, NULL),
                     SQLITE_OK);
    if (sqlite3_step(st) == SQLITE_ROW) {
        v = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    return v;
}

/* A committed action survives the machine losing power: FULL (2) for
 * record; import keeps its bulk setting, OFF (0). */
static void ledger__record_commits_with_synchronous_full(void **state)
{
    struct fixture *f = *state;
    struct ledger *fast = NULL;

    assert_int_equal(pragma_of(f->l, "PRAGMA synchronous"), 2);
    assert_int_equal(ledger_open(&fast, f->path, LEDGER_FAST), 0);
    assert_int_equal(pragma_of(fast, "PRAGMA synchronous"), 0);
    ledger_close(fast);
}

/* Everything read between ledger_read_begin and ledger_read_end is one
 * snapshot: what another handle commits meanwhile is not seen. */
static void ledger__read_snapshot_ignores_later_commits(void **state)
{
    struct fixture *f = *state;
    struct ledger *w = NULL;
    struct collected c = { 0 };
    char head[LEDGER_HASH_HEX];
    char later[LEDGER_HASH_HEX];
    int64_t n = 0;

    add_five(f);
    assert_int_equal(ledger_open(&w, f->path, 0), 0);
    assert_int_equal(ledger_read_begin(f->l), 0);
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_int_equal(n, 5);
    add_event(w, f->sitting, f->game, f->deal, 6, "A", "plays", "9H",
              "A plays 9H");
    assert_int_equal(ledger_events_foreach(f->l, 0, collect_event, &c), 0);
    assert_int_equal(c.n, 5);
    assert_int_equal(ledger_chain_head(f->l, later, &n), 0);
    assert_int_equal(n, 5);
    assert_string_equal(head, later);
    ledger_read_end(f->l);
    assert_int_equal(ledger_chain_head(f->l, later, &n), 0);
    assert_int_equal(n, 6);
    assert_string_not_equal(head, later);
    ledger_close(w);
}

static int waits_told;

static void told(void *ctx, long waited_ms)
{
    (void)ctx;
    assert_true(waited_ms >= 1000);
    waits_told++;
}

/* A lock held by another handle is waited for up to the limit, and the
 * wait is told after a second. */
static void ledger__lock_wait_is_told_after_a_second(void **state)
{
    struct fixture *f = *state;
    struct ledger_options opt = {
        .flags = 0, .wait_ms = 1300, .on_wait = told, .wait_ctx = NULL,
    };
    struct ledger *l2 = NULL;

    waits_told = 0;
    assert_int_equal(ledger_open_with(&l2, f->path, &opt), 0);
    assert_int_equal(ledger_begin(f->l), 0);
    assert_int_equal(ledger_begin(l2), LEDGER_E_BUSY);
    assert_int_equal(waits_told, 1);
    ledger_rollback(f->l);
    assert_int_equal(ledger_begin(l2), 0);
    ledger_rollback(l2);
    ledger_close(l2);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(ledger__rollback_leaves_nothing,
                                        setup_memory, teardown),
        cmocka_unit_test_setup_teardown(ledger__begin_twice_is_an_error,
                                        setup_memory, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__failed_event_add_leaves_the_chain_unchanged,
            setup_memory, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__two_handles_appending_keep_the_chain, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(ledger__second_writer_gets_busy,
                                        setup_file, teardown),
        cmocka_unit_test(ledger__committed_events_survive_sigkill),
        cmocka_unit_test_setup_teardown(
            ledger__record_commits_with_synchronous_full, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__read_snapshot_ignores_later_commits, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__lock_wait_is_told_after_a_second, setup_file, teardown),
        cmocka_unit_test_setup_teardown(ledger__verify_intact_chain_is_zero,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__chain_hash_depends_on_the_previous_row, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(ledger__verify_finds_an_edited_row,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_an_edit_of_any_hashed_column, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(ledger__verify_finds_an_edited_seq,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_a_change_of_what_a_row_leaves_out,
            setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_an_edited_recorded_time, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_a_deleted_middle_row, setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_a_deleted_and_renumbered_row, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_a_deleted_first_row, setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_a_deleted_last_row, setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_an_end_cut_behind_the_mark, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(ledger__verify_finds_an_inserted_row,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_a_row_inserted_in_the_middle, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_two_swapped_rows, setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_finds_two_swapped_seqs, setup_file, teardown),
        cmocka_unit_test_setup_teardown(ledger__verify_finds_a_changed_head,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__verify_after_more_appends_still_finds_the_edit,
            setup_file, teardown),
    };

    return cmocka_run_group_tests_name("ledger_chain", tests, group_setup,
                                       group_teardown);
}
