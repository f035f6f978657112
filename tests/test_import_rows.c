/* SPDX-License-Identifier: MIT */
/*
 * test_import_rows.c - the rows an import writes without reading them
 * back: a claim's seal made from the values held is json_array's of the
 * row, byte for byte (quotes, backslashes, control characters, bytes
 * above ASCII, a claim with no event); the place of a ruling or score
 * mark counted by the ledger is MARK_POS's (the newest event's, an older
 * event's, after a commit); a deal that cannot be read in the middle of
 * an import leaves none of its rows, the others proven; a deal's rows
 * kept in memory while loading are dropped by its rollback and written
 * as they would have been at once (the same ids, the deal's row
 * finished), under the deal's savepoint when a row not kept comes; an
 * import killed and run again loses no deal; an import stopped right
 * after its start commit (its sitting, tags and the comments above its
 * first action written, no deal yet), of every format, or after some
 * deals, imported again ends equal to a clean import: the same comments
 * in place, the same export, verified.
 */
#define _GNU_SOURCE             /* fopencookie: a log whose reading stops */
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "session/session.h"

/* q - the integer a query gives on the ledger at db (-1 if none). */
static long q(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long n = -1;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    if (sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* group_setup - the same time on every row. */
static int group_setup(void **state)
{
    (void)state;
    return setenv("ECARTE_FIXED_TIME", "2024-03-01T20:15:00Z", 1);
}

/* event_at - append an event of sitting, game, seq (a line "A passes"
 * of no deal); its id. */
static int64_t event_at(struct ledger *l, int64_t sitting, int64_t game,
                        int seq)
{
    struct ledger_event ev;
    int64_t id = 0;

    memset(&ev, 0, sizeof(ev));
    ev.sitting = sitting;
    ev.game = game;
    ev.seq = seq;
    ev.source = "t.ecarte";
    ev.line = seq;
    ev.stamp = "";
    ev.actor = "A";
    ev.verb = "passes";
    ev.args = "";
    ev.cards = "";
    ev.text = "A passes";
    assert_int_equal(ledger_event_add(l, &ev, &id), 0);
    return id;
}

static void import_rows__claim_seals_are_json_arrays_of_the_rows(void **state)
{
    const struct harness_tmp *t = *state;
    static const char *const texts[] = {
        "score A 1 B 0", "", "say \"no\" \\ here", "tab\there\nline\r\f\b",
        "\x01\x02\x1f\x7f end", "caf\xc3\xa9 \xe2\x99\xa0", "bad \xff\xfe byte",
        "{\"json\": [1, 2]}", "/ slash \\u0041"
    };
    const int n = (int)(sizeof(texts) / sizeof(texts[0]));
    struct ledger *l = NULL;
    int64_t sitting = 0;
    int64_t game = 0;
    int64_t ev = 0;

    assert_int_equal(ledger_open(&l, t->db, 0), 0);
    assert_int_equal(ledger_sitting_add(l, "t.ecarte", &sitting), 0);
    assert_int_equal(ledger_game_add(l, sitting, 1, &game), 0);
    ev = event_at(l, sitting, game, 1);
    /* outside a transaction: one of its own */
    assert_int_equal(ledger_claim_add(l, sitting, 0, 3, texts[0]), 0);
    assert_int_equal(ledger_begin(l), 0);
    for (int i = 1; i < n; i++) {
        assert_int_equal(ledger_claim_add(l, sitting, i % 2 ? ev : 0,
                                          i * 7 - 20, texts[i]),
                         0);
    }
    assert_int_equal(ledger_commit(l), 0);
    ledger_close(l);

    assert_int_equal(q(t->db, "SELECT count(*) FROM claim"), n);
    assert_int_equal(q(t->db, "SELECT count(*) FROM claim WHERE event_id "
                              "IS NULL"), n / 2 + 1);
    /* each claim sealed once, by exactly the bytes json_array gives */
    assert_int_equal(q(t->db, "SELECT count(*) FROM seal s JOIN claim c "
                              "ON s.tbl = 'claim' AND s.row_id = c.id "
                              "WHERE s.row = json_array(c.id, c.sitting_id, "
                              "c.event_id, c.line, c.text)"),
                     n);
    assert_int_equal(q(t->db, "SELECT count(*) FROM seal "
                              "WHERE tbl = 'claim'"), n);
    assert_int_equal(q(t->db, "SELECT count(*) FROM seal WHERE tbl = 'claim' "
                              "AND row = '[3,1,null,-6,\"say \\\"no\\\" "
                              "\\\\ here\"]'"),
                     1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM seal WHERE tbl = 'claim' "
                              "AND row = '[4,1,1,1,\"tab\\there\\nline"
                              "\\r\\f\\b\"]'"),
                     1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM seal WHERE tbl = 'claim' "
                              "AND row = '[5,1,null,8,\"\\u0001\\u0002"
                              "\\u001f\x7f end\"]'"),
                     1);
    /* and the seal chain walked again, every sealed row held by it */
    assert_int_equal(ledger_open(&l, t->db, 0), 0);
    assert_int_equal(ledger_seals_check(l, NULL, NULL), 0);
    ledger_close(l);
}

static void import_rows__mark_places_are_those_sql_counts(void **state)
{
    const struct harness_tmp *t = *state;
    struct ledger *l = NULL;
    int64_t sitting = 0;
    int64_t game = 0;
    int64_t e1 = 0;
    int64_t e2 = 0;
    int64_t r = 0;

    assert_int_equal(ledger_open(&l, t->db, 0), 0);
    assert_int_equal(ledger_sitting_add(l, "t.ecarte", &sitting), 0);
    assert_int_equal(ledger_game_add(l, sitting, 1, &game), 0);
    assert_int_equal(ledger_begin(l), 0);
    e1 = event_at(l, sitting, game, 1);
    e2 = event_at(l, sitting, game, 2);
    /* the newest event: counted by the ledger */
    assert_int_equal(ledger_score_add(l, e2, game, 1, 0, "tricks"), 0);
    assert_int_equal(ledger_ruling_add(l, e2, "L43", "A", "B", "", "r", "x",
                                       &r), 0);
    /* an older one: counted by SQL, the newest's count untouched */
    assert_int_equal(ledger_score_add(l, e1, game, 0, 1, "king"), 0);
    assert_int_equal(ledger_ruling_add(l, e1, "L39", "A", "", "", "r", "y",
                                       &r), 0);
    assert_int_equal(ledger_score_add(l, e2, game, 1, 0, "extra"), 0);
    assert_int_equal(ledger_commit(l), 0);
    /* a later transaction: counted by SQL again */
    assert_int_equal(ledger_begin(l), 0);
    assert_int_equal(ledger_score_add(l, e2, game, 2, 0, "late"), 0);
    assert_int_equal(ledger_commit(l), 0);
    ledger_close(l);

    assert_int_equal(q(t->db, "SELECT count(*) FROM score_mark WHERE "
                              "event_id = 2 AND ((pos = 0 AND reason = "
                              "'tricks') OR (pos = 2 AND reason = 'extra') "
                              "OR (pos = 3 AND reason = 'late'))"),
                     3);
    assert_int_equal(q(t->db, "SELECT pos FROM ruling WHERE event_id = 2"), 1);
    assert_int_equal(q(t->db, "SELECT pos FROM score_mark WHERE "
                              "event_id = 1"), 0);
    assert_int_equal(q(t->db, "SELECT pos FROM ruling WHERE event_id = 1"), 1);
}

/* The lines given on events, each event's places 0.. in the order the
 * rows were added: the events whose places are not. */
#define BAD_PLACES \
    "SELECT count(*) FROM (SELECT event_id, count(*) AS n, " \
    "count(DISTINCT pos) AS d, max(pos) AS m FROM (SELECT event_id, pos " \
    "FROM ruling UNION ALL SELECT event_id, pos FROM score_mark) " \
    "GROUP BY event_id) WHERE n != d OR m != n - 1"

static void import_rows__a_broken_deal_leaves_none_of_its_rows(void **state)
{
    const struct harness_tmp *t = *state;
    char bad[320];
    long first = 0;
    long next = 0;

    snprintf(bad, sizeof(bad), "%s/bad.ecarte", t->dir);
    assert_int_equal(harness_sh("%s gen --deals 60 --seed 4 "
                                "--irregularities 0.4 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    /* deal 30 broken after a claim of its own: a line no referee reads,
     * just before its second `=` line */
    assert_int_equal(harness_sh("awk 'BEGIN{d=0;c=0} /^deal /{d++} "
                                "d==30 && /^= /{c++; if(c==2) print \"B "
                                "flies-away\"} {print}' '%s' > '%s'",
                                t->log, bad),
                     0);
    /* 1: a deal was quarantined */
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, bad),
                     1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM quarantine"), 1);
    assert_int_equal(q(t->db, "SELECT deals FROM import_file"), 59);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 59);
    /* no row of the broken deal: no event, no claim from its first line
     * to the line after those it quarantined (the next deal's first) */
    first = q(t->db, "SELECT line FROM quarantine");
    assert_true(first > 0);
    next = q(t->db, "SELECT line + length(raw) - length(replace(raw, "
                    "char(10), '')) FROM quarantine");
    assert_true(next > first + 10);
    assert_int_equal(q(t->db, "SELECT min(line) FROM event WHERE line > "
                              "(SELECT line FROM quarantine)"),
                     next);
    {
        char sql[200];

        snprintf(sql, sizeof(sql), "SELECT count(*) FROM claim WHERE "
                 "line >= %ld AND line < %ld", first, next);
        assert_int_equal(q(t->db, sql), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM claim WHERE "
                 "line < %ld", first);
        assert_true(q(t->db, sql) > 0);
    }
    assert_int_equal(q(t->db, BAD_PLACES), 0);
    assert_true(q(t->db, "SELECT count(*) FROM ruling") > 0);
    /* every claim sealed as json_array gives it, the whole proven */
    assert_int_equal(q(t->db, "SELECT count(*) FROM claim c WHERE NOT "
                              "EXISTS (SELECT 1 FROM seal s WHERE s.tbl = "
                              "'claim' AND s.row_id = c.id AND s.row = "
                              "json_array(c.id, c.sitting_id, c.event_id, "
                              "c.line, c.text))"),
                     0);
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     0);
}

/* one_deal - into l (a transaction open, a deal's savepoint taken):
 * game 1 of sitting, its deal 1 (dealer A) with an event, a score mark
 * and a claim on it, the deal finished 3-2 for 1-0, and, if ruled, a
 * ruling on the event (a row not kept: the deal's savepoint taken); the
 * ids given into game, deal and claim. */
static void one_deal(struct ledger *l, int64_t sitting, bool ruled,
                     int64_t *game, int64_t *deal, int64_t *claim)
{
    int64_t ev = 0;

    assert_int_equal(ledger_game_add(l, sitting, 1, game), 0);
    assert_int_equal(ledger_deal_add(l, *game, 1, 'A', deal), 0);
    ev = event_at(l, sitting, *game, 1);
    assert_int_equal(ledger_score_add(l, ev, *game, 1, 0, "deal"), 0);
    if (ruled) {
        assert_int_equal(ledger_ruling_add(l, ev, "L39", "A", "", "", "r",
                                           "y", NULL), 0);
    }
    assert_int_equal(ledger_claim_add(l, sitting, ev, 7, "score A 1 B 0"),
                     0);
    *claim = ev;
    assert_int_equal(ledger_deal_finish(l, *deal, 3, 2, 1, 0, false), 0);
}

/* The rows of one_deal, as they are in the ledger at db: a line of
 * their columns (the seals' rows but their hashes, which chain from the
 * ledger's own identity). */
#define DEAL_ROWS \
    "SELECT (SELECT group_concat(id || ',' || sitting_id || ',' || number " \
    "|| ',' || coalesce(winner, '-'), ';') FROM game) || '|' || " \
    "(SELECT group_concat(id || ',' || game_id || ',' || dealer || ',' || " \
    "tricks_a || tricks_b || points_a || points_b || is_void || finished, " \
    "';') FROM deal) || '|' || (SELECT group_concat(id || ',' || event_id " \
    "|| ',' || pos || ',' || reason, ';') FROM score_mark) || '|' || " \
    "(SELECT group_concat(id || ',' || coalesce(event_id, 0) || ',' || " \
    "text, ';') FROM claim) || '|' || (SELECT group_concat(id || ',' || " \
    "tbl || ',' || row_id || ',' || row, ';') FROM seal WHERE tbl != " \
    "'ledger_info') || '|' || (SELECT count(*) FROM ruling) || '|' || " \
    "(SELECT n_events || ',' || n_seals || ',' || seal_last FROM chain)"

/* proven - the events' chain and the seals' chain of the ledger at db
 * hold (ledger_verify, ledger_seals_check: no finding). */
static void proven(const char *db)
{
    struct ledger *l = NULL;
    int64_t bad = 0;

    assert_int_equal(ledger_open(&l, db, LEDGER_READONLY), 0);
    assert_int_equal(ledger_verify(l, &bad), 0);
    assert_int_equal(ledger_seals_check(l, NULL, NULL), 0);
    ledger_close(l);
}

/* text_of - the text a query gives on the ledger at db, into out. */
static void text_of(const char *db, const char *sql, char *out, size_t n)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    snprintf(out, n, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(h);
}

/* kept_deal - into a fresh ledger at db opened with flags: a sitting, a
 * deal (one_deal, ruled or not) undone by ledger_rollback_to, then the
 * same deal again, released and committed. */
static void kept_deal(const char *db, unsigned flags, bool ruled)
{
    struct ledger *l = NULL;
    int64_t sitting = 0;
    int64_t game = 0;
    int64_t deal = 0;
    int64_t ev = 0;
    char head[LEDGER_HASH_HEX];
    char again[LEDGER_HASH_HEX];

    assert_int_equal(ledger_open(&l, db, flags), 0);
    assert_int_equal(ledger_begin(l), 0);
    assert_int_equal(ledger_sitting_add(l, "t.ecarte", &sitting), 0);
    assert_int_equal(ledger_commit(l), 0);
    assert_int_equal(ledger_chain_head(l, head, NULL), 0);
    assert_int_equal(ledger_begin(l), 0);
    assert_int_equal(ledger_savepoint(l), 0);
    one_deal(l, sitting, ruled, &game, &deal, &ev);
    assert_int_equal(game, 1);
    assert_int_equal(deal, 1);
    assert_int_equal(ev, 1);
    assert_int_equal(ledger_rollback_to(l), 0);
    /* the same deal again: the same ids, the chains where they were */
    assert_int_equal(ledger_savepoint(l), 0);
    one_deal(l, sitting, ruled, &game, &deal, &ev);
    assert_int_equal(game, 1);
    assert_int_equal(deal, 1);
    assert_int_equal(ev, 1);
    assert_int_equal(ledger_release(l), 0);
    assert_int_equal(ledger_commit(l), 0);
    assert_int_equal(ledger_chain_head(l, again, NULL), 0);
    assert_string_not_equal(head, again);
    ledger_close(l);
}

static void import_rows__a_deals_kept_rows_are_those_written_at_once(
    void **state)
{
    const struct harness_tmp *t = *state;
    char fast[320];
    char want[2000];
    char got[2000];

    snprintf(fast, sizeof(fast), "%s/fast.db", t->dir);
    /* written at once under a SAVEPOINT (no LEDGER_FAST) */
    kept_deal(t->db, 0, false);
    text_of(t->db, DEAL_ROWS, want, sizeof(want));
    assert_string_equal(want,
                        "1,1,1,-|1,1,A,321001|1,1,0,deal|1,1,score A 1 B 0|"
                        "2,sitting,1,[1,\"t.ecarte\",\"2024-03-01T20:15:00Z"
                        "\"];3,claim,1,[1,1,1,7,\"score A 1 B 0\"]|0|1,3,3");
    /* kept in memory while loading: dropped by the rollback, then the
     * same rows, the same ids, the deal's row finished */
    kept_deal(fast, LEDGER_FAST, false);
    text_of(fast, DEAL_ROWS, got, sizeof(got));
    assert_string_equal(got, want);
    proven(fast);
}

static void import_rows__a_row_not_kept_takes_the_deals_savepoint(
    void **state)
{
    const struct harness_tmp *t = *state;
    char fast[320];
    char want[2000];
    char got[2000];

    snprintf(fast, sizeof(fast), "%s/fast.db", t->dir);
    /* a ruling (not kept) in the deal: its kept rows written under the
     * deal's savepoint before it, all undone by the rollback */
    kept_deal(t->db, 0, true);
    kept_deal(fast, LEDGER_FAST, true);
    text_of(t->db, DEAL_ROWS, want, sizeof(want));
    text_of(fast, DEAL_ROWS, got, sizeof(got));
    assert_string_equal(got, want);
    assert_int_equal(q(fast, "SELECT count(*) FROM ruling"), 1);
    assert_int_equal(q(fast, "SELECT pos FROM ruling"), 1);
    proven(fast);
}

static void import_rows__an_interrupted_import_resumed_loses_no_deal(
    void **state)
{
    const struct harness_tmp *t = *state;
    char clean[320];
    char want[400];
    char got[400];
    static const char rows[] =
        "SELECT (SELECT count(*) FROM deal) || ',' || (SELECT count(*) FROM "
        "event) || ',' || (SELECT count(*) FROM claim) || ',' || (SELECT "
        "count(*) FROM score_mark) || ',' || (SELECT count(*) FROM game) || "
        "',' || (SELECT max(id) FROM claim) || ',' || (SELECT head FROM "
        "chain) || ',' || (SELECT deals || ',' || events || ',' || "
        "complete FROM import_file)";

    snprintf(clean, sizeof(clean), "%s/clean.db", t->dir);
    assert_int_equal(harness_sh("%s gen --deals 3000 --seed 6 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), clean, t->log),
                     0);
    text_of(clean, rows, want, sizeof(want));
    assert_int_equal(q(clean, "SELECT count(*) FROM deal"), 3000);
    /* killed after a while (wherever it stands), then run again: it goes
     * on from its last commit, to the same rows as the clean import */
    harness_sh("timeout -s KILL 0.15 %s import --db '%s' '%s' >/dev/null "
               "2>&1", harness_ecarte(), t->db, t->log);
    assert_true(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                           harness_ecarte(), t->db, t->log) == 0);
    text_of(t->db, rows, got, sizeof(got));
    assert_string_equal(got, want);
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     0);
}

/* A log served a line at a time until its first n_lines are read; the
 * next read ends the process at once, as a kill would (stopped_import). */
struct cut_log {
    const char *text;
    size_t len;                 /* the bytes of the lines served */
    size_t at;
};

/* cut_read - fopencookie's read of a struct cut_log: its lines, then
 * _exit(0) where the next line would be read. */
static ssize_t cut_read(void *vc, char *buf, size_t n)
{
    struct cut_log *c = vc;
    size_t k = c->len - c->at;

    if (k == 0) {
        _exit(0);               /* killed: nothing after is read */
    }
    if (k > n) {
        k = n;
    }
    memcpy(buf, c->text + c->at, k);
    c->at += k;
    return (ssize_t)k;
}

/*
 * stopped_import - the import of log into the ledger at db (existing)
 * stopped where its first n_lines are read, as `ecarte import` would be
 * killed there: in a child, the session reads the log (hashed whole)
 * through a stream that ends the process when it would read line
 * n_lines + 1.  What the import committed before stays.
 */
static void stopped_import(const char *db, const char *log, int n_lines)
{
    int status = 0;
    pid_t pid = fork();

    assert_true(pid >= 0);
    if (pid == 0) {
        static const cookie_io_functions_t io = {cut_read, NULL, NULL, NULL};
        struct cut_log c = {NULL, 0, 0};
        char hash[LEDGER_HASH_HEX];
        struct ledger *l = NULL;
        struct session *s = NULL;
        enum import_start begun = IMPORT_NEW;
        FILE *whole = fopen(log, "rb");
        FILE *fp = NULL;
        int lines = 0;
        int ec = 0;

        c.text = harness_read(log, &c.len);
        for (size_t i = 0; i < c.len && lines < n_lines; i++) {
            if (c.text[i] == '\n' && ++lines == n_lines) {
                c.len = i + 1;
            }
        }
        fp = fopencookie(&c, "r", io);
        if (whole == NULL || fp == NULL || lines != n_lines ||
            ledger_sha256_file(whole, hash) != 0 ||
            ledger_open(&l, db, LEDGER_FAST) != 0 ||
            session_open(&s, l, NULL, COMMIT_PER_DEAL) != 0) {
            _exit(3);
        }
        session_set_import(s, NULL, NULL);
        session_set_quiet(s, true);
        if (session_import_begin(s, hash, &begun) != 0) {
            _exit(4);
        }
        session_run(s, fp, log, &ec);
        _exit(5);               /* the log was read to its end */
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* first_action - the number of the first line of the log at path that is
 * neither a tag nor a comment (nor blank). */
static int first_action(const char *path)
{
    char line[4096];
    FILE *f = fopen(path, "r");
    int n = 0;

    assert_non_null(f);
    while (fgets(line, sizeof(line), f) != NULL) {
        const char *p = line + strspn(line, " \t");

        n++;
        if (*p != '[' && *p != '#' && *p != '\n' && *p != '\r' &&
            *p != '\0') {
            fclose(f);
            return n;
        }
    }
    fclose(f);
    fail_msg("%s: no action", path);
    return 0;
}

/* line_of - the number of the first line of the log at path that begins
 * with prefix. */
static int line_of(const char *path, const char *prefix)
{
    char line[4096];
    FILE *f = fopen(path, "r");
    int n = 0;

    assert_non_null(f);
    while (fgets(line, sizeof(line), f) != NULL) {
        n++;
        if (strncmp(line, prefix, strlen(prefix)) == 0) {
            fclose(f);
            return n;
        }
    }
    fclose(f);
    fail_msg("%s: no line \"%s\"", path, prefix);
    return 0;
}

/* lines_with - how many of the first upto lines (0: all) of the file at
 * path hold needle ("": every line). */
static int lines_with(const char *path, const char *needle, int upto)
{
    char line[4096];
    FILE *f = fopen(path, "r");
    int n = 0;
    int seen = 0;

    assert_non_null(f);
    while (fgets(line, sizeof(line), f) != NULL &&
           (upto == 0 || seen < upto)) {
        seen++;
        n += strstr(line, needle) != NULL;
    }
    fclose(f);
    return n;
}

/* The rows an import of one log leaves, every comment with its place. */
#define IMPORT_ROWS                                                            \
    "SELECT (SELECT count(*) FROM deal) || ',' || (SELECT count(*) FROM "     \
    "event) || ',' || (SELECT count(*) FROM claim) || ',' || (SELECT "        \
    "count(*) FROM quarantine) || ',' || (SELECT count(*) FROM tag) || ',' "  \
    "|| (SELECT count(*) FROM sitting) || ',' || (SELECT deals || ',' || "    \
    "quarantined || ',' || events || ',' || line || ',' || complete FROM "   \
    "import_file) || ';' || (SELECT count(*) FROM comment) || ';' || "        \
    "(SELECT coalesce(group_concat(r, char(10)), '') FROM (SELECT "           \
    "coalesce(event_id, 0) || '|' || after_lines || '|' || ends_line || "     \
    "'|' || line || '|' || text AS r FROM comment ORDER BY id))"

/*
 * resumes_equal - the log at log imported whole into a new ledger
 * (clean), and into one whose import was stopped after its first
 * n_lines (stopped_import) then run again: the same rows and comments,
 * the same export, the second verified.  with_deals: the stop left some
 * deals committed (else none, and at least one comment).  Both ledgers
 * are made by `record` of an empty log first.
 */
static void resumes_equal(const struct harness_tmp *t, const char *log,
                          int n_lines, bool with_deals)
{
    static char want[1 << 16];
    static char got[1 << 16];
    char clean[400];
    char empty[400];
    char out[4096];

    snprintf(clean, sizeof(clean), "%s/clean.db", t->dir);
    snprintf(empty, sizeof(empty), "%s/empty.ecarte", t->dir);
    harness_write(empty, "");
    harness_sh("rm -f '%s' '%s'-* '%s' '%s'-*", clean, clean, t->db, t->db);
    assert_int_equal(harness_record(clean, empty), 0);
    assert_int_equal(harness_record(t->db, empty), 0);
    assert_true(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                           harness_ecarte(), clean, log) <= 1);
    text_of(clean, IMPORT_ROWS, want, sizeof(want));

    stopped_import(t->db, log, n_lines);
    assert_int_equal(q(t->db, "SELECT complete FROM import_file"), 0);
    assert_int_equal(q(t->db, "SELECT count(*) FROM sitting"), 1);
    if (with_deals) {
        assert_true(q(t->db, "SELECT deals FROM import_file") > 0);
    } else {
        /* the start commit alone: the sitting, its tags, the comments
         * above the first action; the progress at the line before it */
        assert_int_equal(q(t->db, "SELECT count(*) FROM deal"), 0);
        assert_int_equal(q(t->db, "SELECT count(*) FROM event"), 0);
        assert_int_equal(q(t->db, "SELECT line FROM import_file"),
                         first_action(log) - 1);
        assert_true(q(t->db, "SELECT count(*) FROM comment") > 0);
        assert_int_equal(q(t->db, "SELECT count(*) FROM comment WHERE "
                                  "event_id IS NOT NULL"),
                         0);
    }
    assert_true(harness_capture(out, sizeof(out),
                                "%s import --db '%s' '%s' 2>&1",
                                harness_ecarte(), t->db, log) <= 1);
    assert_non_null(strstr(out, "resuming an interrupted import after line"));
    text_of(t->db, IMPORT_ROWS, got, sizeof(got));
    assert_string_equal(got, want);
    assert_int_equal(harness_sh("cd '%s' && %s export --db '%s' > a.export "
                                "&& %s export --db '%s' > b.export && "
                                "cmp -s a.export b.export",
                                t->dir, harness_ecarte(), clean,
                                harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     0);
}

/* A duel stopped after its start commit (at its first action, or a few
 * lines on, before the first deal ends): comments among the tags and at
 * a tag's end, the generator's header comments, all once. */
static void import_rows__stopped_after_its_start_resumes_equal(void **state)
{
    const struct harness_tmp *t = *state;
    int first;

    assert_int_equal(harness_sh("%s gen --deals 40 --seed 9 "
                                "--irregularities 0.1 | sed -e '3a # among "
                                "the tags' -e 's/^\\[Seed \"9\"\\]$/[Seed "
                                "\"9\"]  # the seed/' > '%s'",
                                harness_ecarte(), t->log),
                     0);
    assert_int_equal(harness_sh("grep -q '^# among the tags' '%s' && grep "
                                "-q '# the seed$' '%s'", t->log, t->log),
                     0);
    first = first_action(t->log);
    resumes_equal(t, t->log, first, false);
    assert_int_equal(q(t->db, "SELECT count(*) FROM comment WHERE text = "
                              "'# among the tags'"),
                     1);
    assert_int_equal(q(t->db, "SELECT count(*) FROM comment WHERE text = "
                              "'  # the seed'"),
                     1);
    /* the comments above the first action: each once, as in the log */
    assert_int_equal(q(t->db, "SELECT count(*) FROM comment WHERE "
                              "event_id IS NULL"),
                     lines_with(t->log, "#", first - 1));
    assert_int_equal(q(t->db, "SELECT count(*) FROM comment"),
                     lines_with(t->log, "#", 0));
    resumes_equal(t, t->log, line_of(t->log, "deal ") - 1, false);
}

/* The same for the sitting lines of chouette, pool and gallery (persons,
 * cuts, seats, `=` lines before the first deal): stopped at the first,
 * and at the last line before the first deal. */
static void import_rows__sitting_lines_stopped_at_start_resume_equal(
    void **state)
{
    const struct harness_tmp *t = *state;
    static const char *const logs[] = {
        "tests/cases/systems/chouette_four_two_games.ecarte",
        "tests/cases/systems/pool_two_running_takes_it.ecarte",
        "tests/cases/systems/gallery_french_covers_and_odds.ecarte",
    };

    for (size_t i = 0; i < sizeof(logs) / sizeof(logs[0]); i++) {
        char src[400];

        harness_path(logs[i], src, sizeof(src));
        assert_int_equal(harness_sh("cp '%s' '%s'", src, t->log), 0);
        resumes_equal(t, t->log, first_action(t->log), false);
        resumes_equal(t, t->log, line_of(t->log, "deal ") - 1, false);
    }
}

/* The near miss: stopped after a commit of deals (256 a commit), the
 * import goes on from there to the same rows as a clean one. */
static void import_rows__stopped_after_some_deals_resumes_equal(
    void **state)
{
    const struct harness_tmp *t = *state;

    assert_int_equal(harness_sh("%s gen --deals 400 --seed 5 "
                                "--irregularities 0.1 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    /* four fifths of the log: past the first commit of 256 deals */
    resumes_equal(t, t->log, lines_with(t->log, "", 0) * 4 / 5, true);
    assert_int_equal(q(t->db, "SELECT count(*) FROM deal") +
                         q(t->db, "SELECT count(*) FROM quarantine"),
                     400);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(import_rows__claim_seals_are_json_arrays_of_the_rows),
        T(import_rows__mark_places_are_those_sql_counts),
        T(import_rows__a_broken_deal_leaves_none_of_its_rows),
        T(import_rows__a_deals_kept_rows_are_those_written_at_once),
        T(import_rows__a_row_not_kept_takes_the_deals_savepoint),
        T(import_rows__an_interrupted_import_resumed_loses_no_deal),
        T(import_rows__stopped_after_its_start_resumes_equal),
        T(import_rows__sitting_lines_stopped_at_start_resume_equal),
        T(import_rows__stopped_after_some_deals_resumes_equal),
#undef T
    };

    return cmocka_run_group_tests_name("import_rows", tests, group_setup,
                                       NULL);
}
