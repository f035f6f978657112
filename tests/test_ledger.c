/*
 * test_ledger.c - the SQLite ledger: schema and pragmas, round trips,
 * logs and scoresheets read back, import bookkeeping, transactions, the
 * hash chain against edited, deleted, inserted and reordered rows.
 */
#include "tests/harness.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#define FIXED_TIME "2024-03-01T20:15:00Z"
#define GENESIS \
    "0000000000000000000000000000000000000000000000000000000000000000"

/* Per-test state: a ledger (in memory or in a temporary file) with one
 * sitting, one game and one deal. */
struct fixture {
    struct ledger *l;
    char path[64];              /* "" for an in-memory ledger */
    int64_t sitting;
    int64_t game;
    int64_t deal;
};

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

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

static bool file_exists(const char *path)
{
    struct stat sb;

    return stat(path, &sb) == 0;
}

/* raw_exec - run sql on path through a plain sqlite3 handle (the
 * tamperer's view); asserts that it worked. */
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
static void reopen(struct fixture *f)
{
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
}

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

/* A growing text, for collecting callback output. */
struct text {
    char buf[4096];
    size_t n;
};

static void text_add(struct text *t, const char *s)
{
    int n = snprintf(t->buf + t->n, sizeof(t->buf) - t->n, "%s", s);

    assert_true(n >= 0 && (size_t)n < sizeof(t->buf) - t->n);
    t->n += (size_t)n;
}

/* collect_line - ledger_line_fn: "<kind> <game> <text>\n". */
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

/* ------------------------------------------------------------------ */
/* Schema, pragmas, opening                                             */
/* ------------------------------------------------------------------ */

static void ledger__schema_c_equals_schema_sql(void **state)
{
    char path[4096];
    char *file = NULL;
    char *joined = NULL;
    size_t n_file = 0;
    size_t n_joined = 0;
    size_t i = 0;
    FILE *fp = NULL;
    long size = 0;

    (void)state;
    harness_path("ledger/schema.sql", path, sizeof(path));
    fp = fopen(path, "rb");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, 0, SEEK_END), 0);
    size = ftell(fp);
    assert_true(size > 0);
    rewind(fp);
    file = calloc((size_t)size + 1, 1);
    assert_non_null(file);
    n_file = fread(file, 1, (size_t)size, fp);
    fclose(fp);
    assert_int_equal(n_file, (size_t)size);
    joined = calloc((size_t)size + 1, 1);
    assert_non_null(joined);
    for (i = 0; ledger__schema_sql[i] != NULL; i++) {
        size_t len = strlen(ledger__schema_sql[i]);

        assert_true(len < 4096);
        assert_true(n_joined + len <= (size_t)size);
        memcpy(joined + n_joined, ledger__schema_sql[i], len);
        n_joined += len;
    }
    assert_int_equal(n_joined, n_file);
    assert_string_equal(joined, file);
    free(joined);
    free(file);
}

static void ledger__new_file_has_application_id_and_user_version(
    void **state)
{
    struct fixture *f = *state;

    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(raw_int(f->path, "PRAGMA application_id"),
                     LEDGER_APPLICATION_ID);
    assert_int_equal(raw_int(f->path, "PRAGMA application_id"), 0x45435254);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"),
                     LEDGER_SCHEMA_VERSION);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM pragma_table_list"
                             " WHERE schema = 'main' AND strict = 1"), 19);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM sqlite_schema "
                             "WHERE type = 'table' AND name IN ('sitting', "
                             "'tag', 'game', 'deal', 'event', 'ruling', "
                             "'score_mark', 'import_file', 'quarantine', "
                             "'claim', 'chain')"), 11);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM "
                             "pragma_index_list('event') WHERE name = "
                             "'event_by_sitting'"), 1);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM "
                             "pragma_index_list('ruling') WHERE name = "
                             "'ruling_by_event'"), 1);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM "
                             "pragma_index_list('score_mark') WHERE name = "
                             "'score_mark_by_event'"), 1);
}

static void ledger__strict_rejects_text_in_integer_column(void **state)
{
    struct fixture *f = *state;
    sqlite3 *db = NULL;
    int src = 0;

    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    sqlite3_extended_result_codes(db, 1);
    src = sqlite3_exec(db, "INSERT INTO quarantine (source, line, error, raw,"
                       " recorded) VALUES ('x', 'seven', 'e', 'r', 't')",
                       NULL, NULL, NULL);
    assert_int_equal(src, SQLITE_CONSTRAINT_DATATYPE);
    src = sqlite3_exec(db, "INSERT INTO quarantine (source, line, error, raw,"
                       " recorded) VALUES ('x', 7, 'e', 'r', 't')",
                       NULL, NULL, NULL);
    assert_int_equal(src, SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(ledger_quarantine_count(f->l), 1);
}

static void ledger__file_ledger_uses_wal(void **state)
{
    struct fixture *f = *state;
    char wal[128];
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;

    add_event(f->l, f->sitting, f->game, f->deal, 1, "A", "looks", "",
              "A looks");
    snprintf(wal, sizeof(wal), "%s-wal", f->path);
    assert_true(file_exists(wal));
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st,
                                        NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

static void ledger__open_other_sqlite_file_is_format_error(void **state)
{
    char path[64];
    struct ledger *l = NULL;

    (void)state;
    temp_path(path, sizeof(path));
    raw_exec(path, "CREATE TABLE accounts (id INTEGER, name TEXT)");
    assert_int_equal(ledger_open(&l, path, 0), LEDGER_E_FORMAT);
    assert_non_null(strstr(ledger_errmsg(l), "not an ecarte ledger"));
    ledger_close(l);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM sqlite_schema"), 1);
    remove_db(path);
}

static void ledger__open_wrong_application_id_is_format_error(void **state)
{
    char path[64];
    struct ledger *l = NULL;

    (void)state;
    temp_path(path, sizeof(path));
    raw_exec(path, "PRAGMA application_id = 42; PRAGMA user_version = 1;"
             "CREATE TABLE event (id INTEGER PRIMARY KEY)");
    assert_int_equal(ledger_open(&l, path, 0), LEDGER_E_FORMAT);
    assert_non_null(strstr(ledger_errmsg(l), "application_id is 0x0000002a"));
    ledger_close(l);
    remove_db(path);
}

static void ledger__open_newer_schema_is_format_error(void **state)
{
    struct fixture *f = *state;

    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "PRAGMA user_version = 5");
    assert_int_equal(ledger_open(&f->l, f->path, 0), LEDGER_E_FORMAT);
    assert_non_null(strstr(ledger_errmsg(f->l), "version 5 is newer"));
}

static void ledger__open_text_file_is_format_error(void **state)
{
    char path[64];
    struct ledger *l = NULL;
    FILE *fp = NULL;
    int i = 0;

    (void)state;
    temp_path(path, sizeof(path));
    fp = fopen(path, "w");
    assert_non_null(fp);
    for (i = 0; i < 100; i++) {
        fprintf(fp, "[Event \"Club evening\"]\ngame\ndeal B\n");
    }
    fclose(fp);
    assert_int_equal(ledger_open(&l, path, 0), LEDGER_E_FORMAT);
    assert_non_null(strstr(ledger_errmsg(l), "not an SQLite database"));
    ledger_close(l);
    remove_db(path);
}

static void ledger__open_missing_file_read_only_fails(void **state)
{
    struct ledger *l = NULL;

    (void)state;
    assert_true(ledger_open(&l, "/tmp/ecarte-no-such-dir/x.db",
                            LEDGER_READONLY) < 0);
    assert_true(strlen(ledger_errmsg(l)) > 0);
    ledger_close(l);
}

static void ledger__read_only_reads_but_refuses_writes(void **state)
{
    struct fixture *f = *state;
    struct ledger *ro = NULL;
    struct ledger_event ev = {
        .sitting = f->sitting, .seq = 2, .source = "x", .text = "A looks",
    };
    int64_t n = 0;
    char head[LEDGER_HASH_HEX];

    add_event(f->l, f->sitting, f->game, f->deal, 1, "A", "looks", "",
              "A looks");
    assert_int_equal(ledger_open(&ro, f->path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_chain_head(ro, head, &n), 0);
    assert_int_equal(n, 1);
    assert_true(ledger_event_add(ro, &ev, NULL) < 0);
    /* said in words, not SQLite's "attempt to write a readonly database" */
    assert_string_equal(ledger_errmsg(ro),
                        "the ledger is read-only (its file, or the directory "
                        "it is in, may not be written)");
    assert_true(ledger_sitting_add(ro, "y", NULL) < 0);
    ledger_close(ro);
}

static void ledger__reopen_keeps_events_and_chain(void **state)
{
    struct fixture *f = *state;
    char before[LEDGER_HASH_HEX];
    char after[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t bad = 0;

    add_five(f);
    assert_int_equal(ledger_chain_head(f->l, before, &n), 0);
    reopen(f);
    assert_int_equal(ledger_chain_head(f->l, after, &n), 0);
    assert_string_equal(before, after);
    assert_int_equal(n, 5);
    assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, 6, "B",
                               "plays", "JD", "B plays JD"), 6);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
}

static void ledger__strerror_names_every_code(void **state)
{
    (void)state;
    assert_string_equal(ledger_strerror(LEDGER_OK), "success");
    assert_non_null(strstr(ledger_strerror(LEDGER_E_BUSY), "busy"));
    assert_non_null(strstr(ledger_strerror(LEDGER_E_FORMAT), "ledger"));
    assert_string_equal(ledger_strerror(LEDGER_E_NOTFOUND), "no such row");
    assert_string_equal(ledger_strerror(LEDGER_E_DUPLICATE),
                        "already recorded");
    assert_string_equal(ledger_strerror(LEDGER_E_ERROR), "ledger error");
    assert_string_equal(ledger_strerror(7), "unknown ledger status");
}

/* ------------------------------------------------------------------ */
/* Round trips                                                          */
/* ------------------------------------------------------------------ */

/* The events a round trip writes. */
static const struct ledger_event round_events[] = {
    { .seq = 1, .source = "club.ecarte", .line = 4, .stamp = "",
      .actor = "", .verb = "game", .args = "", .cards = "", .text = "game" },
    { .seq = 2, .source = "club.ecarte", .line = 5, .stamp = "@20:15:03",
      .actor = "", .verb = "deal", .args = "B", .cards = "",
      .text = "@20:15:03 deal B" },
    { .seq = 3, .source = "club.ecarte", .line = 9, .stamp = "",
      .actor = "B", .verb = "gives", .args = "A 3 QH AH 7H",
      .cards = "QH AH 7H", .text = "B gives A 3 QH AH 7H" },
    { .seq = 4, .source = "club.ecarte", .line = 10, .stamp = "",
      .actor = "A", .verb = "leads", .args = "K\xe2\x99\xa0 calling S",
      .cards = "KS", .text = "A leads KS calling S" },
};

struct collected {
    int n;
    struct ledger_event ev[8];
    char text[8][128];
    char hash[8][LEDGER_HASH_HEX];
    char recorded[8][32];
};

/* collect_event - ledger_event_fn keeping the scalars, text, hash and
 * recorded time of each event. */
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

static void ledger__events_round_trip_every_field(void **state)
{
    struct fixture *f = *state;
    struct collected c = { 0 };
    char want[128];
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t id = 0;
    size_t i = 0;

    assert_int_equal(ledger_begin(f->l), 0);
    for (i = 0; i < 4; i++) {
        struct ledger_event ev = round_events[i];

        ev.sitting = f->sitting;
        ev.game = f->game;
        ev.deal = i == 0 ? 0 : f->deal;
        ev.recorded = "ignored";
        ev.hash = "ignored";
        assert_int_equal(ledger_event_add(f->l, &ev, &id), 0);
        assert_int_equal(id, (int64_t)i + 1);
    }
    assert_int_equal(ledger_commit(f->l), 0);
    assert_int_equal(ledger_events_foreach(f->l, f->sitting, collect_event,
                                           &c), 0);
    assert_int_equal(c.n, 4);
    for (i = 0; i < 4; i++) {
        const struct ledger_event *e = &round_events[i];

        assert_int_equal(c.ev[i].id, (int64_t)i + 1);
        assert_int_equal(c.ev[i].sitting, f->sitting);
        assert_int_equal(c.ev[i].game, f->game);
        assert_int_equal(c.ev[i].deal, i == 0 ? 0 : f->deal);
        assert_int_equal(c.ev[i].seq, e->seq);
        snprintf(want, sizeof(want), "%s|%d|%s|%s|%s|%s|%s|%s", e->source,
                 e->line, e->stamp, e->actor, e->verb, e->args, e->cards,
                 e->text);
        assert_string_equal(c.text[i], want);
        assert_string_equal(c.recorded[i], FIXED_TIME);
        assert_int_equal(strlen(c.hash[i]), 64);
        assert_int_equal(strspn(c.hash[i], "0123456789abcdef"), 64);
    }
    assert_string_not_equal(c.hash[0], c.hash[1]);
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_string_equal(head, c.hash[3]);
    assert_int_equal(n, 4);
    c.n = 0;
    assert_int_equal(ledger_events_foreach(f->l, 0, collect_event, &c), 0);
    assert_int_equal(c.n, 4);
    c.n = 0;
    assert_int_equal(ledger_events_foreach(f->l, f->sitting + 1,
                                           collect_event, &c), 0);
    assert_int_equal(c.n, 0);
}

/* stop_at_two - ledger_event_fn stopping with 42 at the second event. */
static int stop_at_two(void *ctx, const struct ledger_event *ev)
{
    int *n = ctx;

    (*n)++;
    return ev->id == 2 ? 42 : 0;
}

static void ledger__events_foreach_stops_with_callback_value(void **state)
{
    struct fixture *f = *state;
    int n = 0;

    add_five(f);
    assert_int_equal(ledger_events_foreach(f->l, 0, stop_at_two, &n), 42);
    assert_int_equal(n, 2);
    n = 0;
    assert_int_equal(ledger_events_foreach(f->l, 0, stop_at_two, &n), 42);
    assert_int_equal(n, 2);
}

static void ledger__recorded_time_is_utc_iso8601(void **state)
{
    struct fixture *f = *state;
    struct ledger *l = NULL;
    struct collected c = { 0 };
    int64_t sitting = 0;
    const char *r = NULL;
    int i = 0;

    (void)f;
    assert_int_equal(unsetenv("ECARTE_FIXED_TIME"), 0);
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(setenv("ECARTE_FIXED_TIME", FIXED_TIME, 1), 0);
    assert_int_equal(ledger_sitting_add(l, "-", &sitting), 0);
    add_event(l, sitting, 0, 0, 1, "A", "looks", "", "A looks");
    assert_int_equal(ledger_events_foreach(l, 0, collect_event, &c), 0);
    ledger_close(l);
    r = c.recorded[0];
    assert_int_equal(strlen(r), 20);
    for (i = 0; i < 20; i++) {
        switch (i) {
        case 4:
        case 7:
            assert_int_equal(r[i], '-');
            break;
        case 10:
            assert_int_equal(r[i], 'T');
            break;
        case 13:
        case 16:
            assert_int_equal(r[i], ':');
            break;
        case 19:
            assert_int_equal(r[i], 'Z');
            break;
        default:
            assert_true(r[i] >= '0' && r[i] <= '9');
            break;
        }
    }
    assert_true(strncmp(r, "2024", 4) >= 0);
}

/* ------------------------------------------------------------------ */
/* Logs and scoresheets                                                 */
/* ------------------------------------------------------------------ */

static void ledger__lines_foreach_gives_the_log_exactly(void **state)
{
    struct fixture *f = *state;
    struct text t = { .n = 0 };
    int64_t game2 = 0;
    int64_t deal2 = 0;
    int64_t e = 0;

    assert_int_equal(ledger_tag_add(f->l, f->sitting, "Event",
                                    "Club \"evening\""), 0);
    assert_int_equal(ledger_tag_add(f->l, f->sitting, "Site", "C:\\club"),
                     0);
    assert_int_equal(ledger_tag_add(f->l, f->sitting, "A", "North"), 0);
    assert_int_equal(ledger_begin(f->l), 0);
    add_event(f->l, f->sitting, f->game, 0, 1, "", "game", "", "game");
    add_event(f->l, f->sitting, f->game, f->deal, 2, "", "deal", "B",
              "deal B");
    e = add_event(f->l, f->sitting, f->game, f->deal, 3, "B", "turns",
                  "KH", "B turns KH");
    assert_int_equal(ledger_ruling_add(f->l, e, "L22", "", "", "", "",
                                       "ruling L22", NULL), 0);
    assert_int_equal(ledger_score_add(f->l, e, f->game, 0, 1,
                                      "king marked"), 0);
    assert_int_equal(ledger_ruling_add(f->l, e, "L47", "B", "A", "take",
                                       "", "ruling L47 offender B elector A"
                                       " options take", NULL), 0);
    e = add_event(f->l, f->sitting, f->game, f->deal, 4, "A", "abandons",
                  "", "A abandons");
    assert_int_equal(ledger_score_add(f->l, e, f->game, 0, 5, "deal 1"), 0);
    assert_int_equal(ledger_game_add(f->l, f->sitting, 2, &game2), 0);
    assert_int_equal(ledger_deal_add(f->l, game2, 2, 'A', &deal2), 0);
    add_event(f->l, f->sitting, game2, 0, 5, "", "game", "", "game");
    e = add_event(f->l, f->sitting, game2, deal2, 6, "", "deal", "A",
                  "deal A");
    assert_int_equal(ledger_score_add(f->l, e, game2, 0, 0, "deal 2"), 0);
    assert_int_equal(ledger_commit(f->l), 0);

    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 0, collect_line,
                                          &t), 0);
    assert_string_equal(t.buf,
                        "T0 [Event \"Club \\\"evening\\\"\"]\n"
                        "T0 [Site \"C:\\\\club\"]\n"
                        "T0 [A \"North\"]\n"
                        "E1 game\n"
                        "E1 deal B\n"
                        "E1 B turns KH\n"
                        "R1 ruling L22\n"
                        "S1 score A 0 B 1\n"
                        "R1 ruling L47 offender B elector A options take\n"
                        "E1 A abandons\n"
                        "S1 score A 0 B 5\n"
                        "E2 game\n"
                        "E2 deal A\n"
                        "S2 score A 0 B 0\n");
    t.n = 0;
    t.buf[0] = '\0';
    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 2, collect_line,
                                          &t), 0);
    assert_string_equal(t.buf,
                        "T0 [Event \"Club \\\"evening\\\"\"]\n"
                        "T0 [Site \"C:\\\\club\"]\n"
                        "T0 [A \"North\"]\n"
                        "E2 game\n"
                        "E2 deal A\n"
                        "S2 score A 0 B 0\n");
    t.n = 0;
    t.buf[0] = '\0';
    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 3, collect_line,
                                          &t), 0);
    assert_string_equal(t.buf,
                        "T0 [Event \"Club \\\"evening\\\"\"]\n"
                        "T0 [Site \"C:\\\\club\"]\n"
                        "T0 [A \"North\"]\n");
}

/* stop_at_event - ledger_line_fn stopping with 7 at the first event. */
static int stop_at_event(void *ctx, enum ledger_line_kind kind, int64_t game,
                         const char *text)
{
    int *n = ctx;

    (void)game;
    (void)text;
    (*n)++;
    return kind == LEDGER_LINE_EVENT ? 7 : 0;
}

static void ledger__lines_foreach_stops_with_callback_value(void **state)
{
    struct fixture *f = *state;
    int n = 0;

    assert_int_equal(ledger_tag_add(f->l, f->sitting, "A", "North"), 0);
    add_five(f);
    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 0,
                                          stop_at_event, &n), 7);
    assert_int_equal(n, 2);
}

struct sheet {
    int n;
    struct ledger_deal_row row[4];
};

static int collect_deal(void *ctx, const struct ledger_deal_row *row)
{
    struct sheet *s = ctx;

    assert_true(s->n < 4);
    s->row[s->n++] = *row;
    return 0;
}

static void ledger__scoresheet_joins_each_deal_with_its_game(void **state)
{
    struct fixture *f = *state;
    struct sheet s = { 0 };
    int64_t deal2 = 0;
    int64_t game2 = 0;
    int64_t deal3 = 0;
    int64_t other = 0;

    assert_int_equal(ledger_deal_finish(f->l, f->deal, 3, 2, 1, 0, false),
                     0);
    assert_int_equal(ledger_deal_add(f->l, f->game, 2, 'A', &deal2), 0);
    assert_int_equal(ledger_deal_finish(f->l, deal2, 0, 0, 0, 0, true), 0);
    assert_int_equal(ledger_game_finish(f->l, f->game, 'A', 5, 2, 2), 0);
    assert_int_equal(ledger_game_add(f->l, f->sitting, 2, &game2), 0);
    assert_int_equal(ledger_deal_add(f->l, game2, 3, 'B', &deal3), 0);
    assert_int_equal(ledger_sitting_add(f->l, "other", &other), 0);

    assert_int_equal(ledger_scoresheet_foreach(f->l, f->sitting,
                                               collect_deal, &s), 0);
    assert_int_equal(s.n, 3);
    assert_int_equal(s.row[0].sitting, f->sitting);
    assert_int_equal(s.row[0].game, 1);
    assert_int_equal(s.row[0].deal, 1);
    assert_int_equal(s.row[0].dealer, 'B');
    assert_int_equal(s.row[0].tricks_a, 3);
    assert_int_equal(s.row[0].tricks_b, 2);
    assert_int_equal(s.row[0].points_a, 1);
    assert_int_equal(s.row[0].points_b, 0);
    assert_false(s.row[0].is_void);
    assert_true(s.row[0].finished);
    assert_int_equal(s.row[0].game_winner, 'A');
    assert_int_equal(s.row[0].game_value, 2);
    assert_int_equal(s.row[0].game_points_a, 5);
    assert_int_equal(s.row[0].game_points_b, 2);
    assert_int_equal(s.row[1].deal, 2);
    assert_int_equal(s.row[1].dealer, 'A');
    assert_true(s.row[1].is_void);
    assert_true(s.row[1].finished);
    assert_int_equal(s.row[1].game_winner, 'A');
    assert_int_equal(s.row[2].game, 2);
    assert_int_equal(s.row[2].deal, 3);
    assert_false(s.row[2].finished);
    assert_int_equal(s.row[2].game_winner, 0);
    assert_int_equal(s.row[2].game_value, 0);
    assert_int_equal(s.row[2].game_points_a, 0);
    s.n = 0;
    assert_int_equal(ledger_scoresheet_foreach(f->l, 0, collect_deal, &s),
                     0);
    assert_int_equal(s.n, 3);
    s.n = 0;
    assert_int_equal(ledger_scoresheet_foreach(f->l, other, collect_deal,
                                               &s), 0);
    assert_int_equal(s.n, 0);
}

static void ledger__finishing_an_unknown_game_or_deal_is_notfound(
    void **state)
{
    struct fixture *f = *state;
    int64_t id = 0;

    assert_int_equal(ledger_game_finish(f->l, 99, 'A', 5, 0, 3),
                     LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_deal_finish(f->l, 99, 5, 0, 2, 0, false),
                     LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_deal_add(f->l, 99, 2, 'A', &id),
                     LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_game_finish(f->l, f->game, 'C', 5, 0, 3),
                     LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(f->l), "CHECK constraint"));
}

struct sittings {
    int n;
    int64_t id[4];
    char source[4][32];
};

static int collect_sitting(void *ctx, int64_t id, const char *source)
{
    struct sittings *s = ctx;

    assert_true(s->n < 4);
    s->id[s->n] = id;
    snprintf(s->source[s->n], sizeof(s->source[0]), "%s", source);
    s->n++;
    return 0;
}

static void ledger__sittings_are_listed_in_order(void **state)
{
    struct ledger *l = NULL;
    struct sittings s = { 0 };
    int64_t id = 0;

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(ledger_sitting_last(l, &id), LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_sitting_add(l, "a.ecarte", &id), 0);
    assert_int_equal(id, 1);
    assert_int_equal(ledger_sitting_add(l, "-", &id), 0);
    assert_int_equal(id, 2);
    assert_int_equal(ledger_sitting_last(l, &id), 0);
    assert_int_equal(id, 2);
    assert_int_equal(ledger_sittings_foreach(l, collect_sitting, &s), 0);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.id[0], 1);
    assert_string_equal(s.source[0], "a.ecarte");
    assert_int_equal(s.id[1], 2);
    assert_string_equal(s.source[1], "-");
    ledger_close(l);
}

/* ------------------------------------------------------------------ */
/* Import bookkeeping                                                   */
/* ------------------------------------------------------------------ */

static void ledger__file_add_twice_is_duplicate_and_changes_nothing(
    void **state)
{
    struct fixture *f = *state;
    char sha[LEDGER_HASH_HEX];
    char other[LEDGER_HASH_HEX];

    assert_int_equal(ledger_sha256_hex("game\n", 5, sha), 0);
    assert_int_equal(ledger_sha256_hex("deal\n", 5, other), 0);
    assert_int_equal(ledger_file_seen(f->l, sha), 0);
    assert_int_equal(ledger_file_add(f->l, sha, "a.ecarte", f->sitting, 3,
                                     1), 0);
    assert_int_equal(ledger_file_seen(f->l, sha), 1);
    assert_int_equal(ledger_file_seen(f->l, other), 0);
    assert_int_equal(ledger_file_add(f->l, sha, "copy-of-a.ecarte", 0, 3,
                                     1), LEDGER_E_DUPLICATE);
    assert_int_equal(ledger_file_seen(f->l, sha), 1);
    assert_int_equal(ledger_file_add(f->l, other, "b.ecarte", 0, 0, 0), 0);
    assert_int_equal(ledger_file_seen(f->l, other), 1);
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM import_file"), 2);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM import_file "
                             "WHERE path = 'a.ecarte' AND deals = 3 AND "
                             "quarantined = 1 AND sitting_id = 1"), 1);
}

static void ledger__quarantine_keeps_and_counts_rows(void **state)
{
    struct fixture *f = *state;

    assert_int_equal(ledger_quarantine_count(f->l), 0);
    assert_int_equal(ledger_quarantine_add(f->l, "a.ecarte", 12,
                                           "a.ecarte:12:3: card expected",
                                           "deal B\nB gives A 3 XX\n"), 0);
    assert_int_equal(ledger_quarantine_add(f->l, "a.ecarte", 40, "e", "r"),
                     0);
    assert_int_equal(ledger_quarantine_count(f->l), 2);
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM quarantine "
                             "WHERE line = 12 AND raw = 'deal B' || "
                             "char(10) || 'B gives A 3 XX' || char(10)"), 1);
}

static void ledger__sha256_of_abc_is_the_fips_value(void **state)
{
    char out[LEDGER_HASH_HEX];

    (void)state;
    assert_int_equal(ledger_sha256_hex("abc", 3, out), 0);
    assert_string_equal(out, "ba7816bf8f01cfea414140de5dae2223"
                        "b00361a396177a9cb410ff61f20015ad");
    assert_int_equal(ledger_sha256_hex("", 0, out), 0);
    assert_string_equal(out, "e3b0c44298fc1c149afbf4c8996fb924"
                        "27ae41e4649b934ca495991b7852b855");
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

static void ledger__verify_finds_an_edit_of_any_hashed_column(void **state)
{
    static const char *const columns[] = {
        "sitting_id", "game_id", "deal_id", "seq", "line",
        "source", "stamp", "recorded", "actor", "verb", "args", "cards",
        "text", "hash"
    };
    struct fixture *f = *state;
    char sql[160];
    int64_t bad = 0;
    size_t i = 0;

    add_five(f);
    for (i = 0; i < sizeof(columns) / sizeof(columns[0]); i++) {
        bool number = i < 5;

        snprintf(sql, sizeof(sql), number
                 ? "UPDATE event SET %s = %s + 10 WHERE id = 3"
                 : "UPDATE event SET %s = %s || 'x' WHERE id = 3",
                 columns[i], columns[i]);
        raw_exec(f->path, sql);
        verify_bad(f, 3, "event 3: ");
        snprintf(sql, sizeof(sql), number
                 ? "UPDATE event SET %s = %s - 10 WHERE id = 3"
                 : "UPDATE event SET %s = substr(%s, 1, length(%s) - 1) "
                   "WHERE id = 3",
                 columns[i], columns[i], columns[i]);
        raw_exec(f->path, sql);
        if (ledger_verify(f->l, &bad) != 0) {
            fail_msg("%s restored: %s", columns[i], ledger_errmsg(f->l));
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

static void ledger__verify_finds_an_edited_recorded_time(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "UPDATE event SET recorded = '2024-03-01T20:16:00Z' "
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
    verify_bad(f, 5, "event 5: events deleted at the end (5 recorded in the "
               "chain row, 4 found)");
}

static void ledger__verify_finds_an_inserted_row(void **state)
{
    struct fixture *f = *state;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "INSERT INTO event (sitting_id, seq, source, line, "
             "stamp, recorded, actor, verb, args, cards, text, hash) "
             "VALUES (1, 6, 'club.ecarte', 9, '', '2024-03-01T20:15:00Z', "
             "'B', 'plays', 'JD', 'JD', 'B plays JD', '" GENESIS "')");
    reopen(f);
    verify_bad(f, 6, "event 6: inserted after the recorded head");
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
             "'2024-03-01T20:15:00Z', 'A', 'marks', '1', '', 'A marks 1', "
             "'" GENESIS "')");
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
    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "UPDATE chain SET n_events = 4");
    reopen(f);
    verify_bad(f, 5, "event 5: the chain row's head (4 events, last 5) was "
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

/* group_setup - reproducible recorded times for every ledger opened. */
static int group_setup(void **state)
{
    (void)state;
    return setenv("ECARTE_FIXED_TIME", FIXED_TIME, 1);
}

static int group_teardown(void **state)
{
    (void)state;
    return unsetenv("ECARTE_FIXED_TIME");
}

/* ------------------------------------------------------------------ */
/* Issue 8: durability, snapshots, schema 2, import progress, gaps      */
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

struct gap_seen {
    int n;
    int64_t after[4];
    int line[4];
};

static int count_gap(void *ctx, int64_t after_event, int line, int game,
                     const char *raw)
{
    (void)after_event;
    (void)line;
    (void)game;
    (void)raw;
    (*(int *)ctx)++;
    return 0;
}

static int keep_gap(void *ctx, int64_t after_event, int line, int game,
                    const char *raw)
{
    struct gap_seen *g = ctx;

    (void)game;
    assert_non_null(raw);
    if (g->n < 4) {
        g->after[g->n] = after_event;
        g->line[g->n] = line;
    }
    g->n++;
    return 0;
}

/* to_version_1 - make the ledger at path as version 1 had it: the import
 * and quarantine tables without the columns of version 2. */
/* The tables of schema versions 3 (the sitting above the seats) and 4
 * (the seal, the chain's seal columns), dropped to make an older file. */
#define DROP_V3 \
    "DROP TABLE seal; CREATE TABLE chain_3 (id INTEGER PRIMARY KEY " \
    "CHECK (id = 1), head TEXT NOT NULL, n_events INTEGER NOT NULL, " \
    "last_id INTEGER NOT NULL) STRICT; INSERT INTO chain_3 SELECT id, " \
    "head, n_events, last_id FROM chain; DROP TABLE chain; " \
    "ALTER TABLE chain_3 RENAME TO chain;" \
    "DROP TABLE transfer; DROP TABLE settlement; DROP TABLE sitting_mark;" \
    "DROP TABLE bet; DROP TABLE stake; DROP TABLE seating;" \
    "DROP TABLE person;"

/* to_version_2 - the ledger at path made as a version 2 file was. */
static void to_version_2(const char *path)
{
    raw_exec(path, DROP_V3 "PRAGMA user_version = 2;");
}

static void to_version_1(const char *path)
{
    raw_exec(path,
             DROP_V3
             "DROP INDEX import_file_by_sitting; DROP INDEX quarantine_gap;"
             "DROP TABLE import_file; DROP TABLE quarantine;"
             "CREATE TABLE import_file (id INTEGER PRIMARY KEY, sha256 TEXT "
             "NOT NULL UNIQUE, path TEXT NOT NULL, sitting_id INTEGER "
             "REFERENCES sitting (id), deals INTEGER NOT NULL, quarantined "
             "INTEGER NOT NULL, imported TEXT NOT NULL) STRICT;"
             "CREATE TABLE quarantine (id INTEGER PRIMARY KEY, source TEXT "
             "NOT NULL, line INTEGER NOT NULL, error TEXT NOT NULL, raw TEXT "
             "NOT NULL, recorded TEXT NOT NULL) STRICT;"
             "INSERT INTO import_file VALUES (1, 'abc', 'a.ecarte', 1, 3, 1, "
             "'t');"
             "INSERT INTO quarantine VALUES (1, 'a.ecarte', 7, 'e', 'r', 't');"
             "PRAGMA user_version = 1;");
}

/* A version 2 ledger (no table of the sitting above the seats) is read
 * as it is read-only: its lines exported, no balance; opened for writing
 * it is migrated to version 3, its rows kept, and takes persons and
 * settlements. */
static void ledger__version_2_is_read_as_it_is_and_migrated_for_writing(
    void **state)
{
    struct fixture *f = *state;
    struct ledger *ro = NULL;
    const struct ledger_transfer t[2] = {{"ann", 2}, {"bob", -2}};
    struct text lines;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    to_version_2(f->path);
    assert_int_equal(ledger_open(&ro, f->path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_version(ro), 2);
    memset(&lines, 0, sizeof(lines));
    assert_int_equal(ledger_lines_foreach(ro, f->sitting, 0, collect_line,
                                          &lines),
                     0);
    assert_non_null(strstr(lines.buf, "A plays KH"));
    assert_int_equal(ledger_person_add(ro, f->sitting, 0, "ann", "Ann"),
                     LEDGER_E_FORMAT);
    ledger_close(ro);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), 2);
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_version(f->l), 4);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), 4);
    /* migrated to version 4: every row of the sealed tables sealed */
    assert_int_equal(ledger_seals_check(f->l, NULL, NULL), 0);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM seal"),
                     raw_int(f->path, "SELECT (SELECT count(*) FROM sitting) "
                             "+ (SELECT count(*) FROM tag) + (SELECT "
                             "count(*) FROM import_file) + (SELECT count(*) "
                             "FROM quarantine) + (SELECT count(*) FROM "
                             "claim)"));
    assert_int_equal(ledger_person_add(f->l, f->sitting, 1, "ann", "Ann"), 0);
    assert_int_equal(ledger_settlement_add(f->l, f->sitting, 0, 1, "game",
                                           "settle ann +2 bob -2", t, 2),
                     0);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 5);
    assert_int_equal(raw_int(f->path, "SELECT sum(amount) FROM transfer"), 0);
}

/* A settlement whose transfers do not sum to zero is not written. */
static void ledger__settlement_not_summing_to_zero_is_refused(void **state)
{
    struct fixture *f = *state;
    const struct ledger_transfer t[2] = {{"ann", 2}, {"bob", -1}};

    add_five(f);
    assert_int_equal(ledger_settlement_add(f->l, f->sitting, 0, 1, "game",
                                           "settle ann +2 bob -1", t, 2),
                     LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(f->l), "not zero"));
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM settlement"), 0);
}

/* A version 1 ledger is read as it is read-only, and migrated to version
 * 2 when opened for writing: its rows kept, the new columns defaulted. */
static void ledger__version_1_is_read_as_it_is_and_migrated_for_writing(
    void **state)
{
    struct fixture *f = *state;
    struct ledger_import imp;
    struct ledger *ro = NULL;
    int gaps = 0;

    add_five(f);
    ledger_close(f->l);
    f->l = NULL;
    to_version_1(f->path);
    assert_int_equal(ledger_open(&ro, f->path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_version(ro), 1);
    assert_int_equal(ledger_import_get(ro, "abc", &imp), 0);
    assert_true(imp.complete);
    assert_int_equal(imp.deals, 3);
    assert_int_equal(ledger_gaps_foreach(ro, 1, count_gap, &gaps), 0);
    assert_int_equal(gaps, 0);
    assert_int_equal(ledger_import_update(ro, &imp), LEDGER_E_FORMAT);
    ledger_close(ro);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), 1);
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_version(f->l), 4);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), 4);
    /* migrated to version 4: every row of the sealed tables sealed */
    assert_int_equal(ledger_seals_check(f->l, NULL, NULL), 0);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM seal"),
                     raw_int(f->path, "SELECT (SELECT count(*) FROM sitting) "
                             "+ (SELECT count(*) FROM tag) + (SELECT "
                             "count(*) FROM import_file) + (SELECT count(*) "
                             "FROM quarantine) + (SELECT count(*) FROM "
                             "claim)"));
    assert_int_equal(ledger_import_get(f->l, "abc", &imp), 0);
    assert_true(imp.complete);
    assert_int_equal(imp.sitting, 1);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM quarantine "
                             "WHERE sitting_id IS NULL AND after_event = 0 "
                             "AND game = 0"), 1);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 5);
}

/* An import's row: begun not complete, its progress written, read back;
 * the same content begun twice is a duplicate. */
static void ledger__import_progress_round_trips(void **state)
{
    struct fixture *f = *state;
    struct ledger_import imp;
    struct ledger_import got;

    memset(&imp, 0, sizeof(imp));
    assert_int_equal(ledger_import_get(f->l, "h1", &got), LEDGER_E_NOTFOUND);
    imp.sitting = f->sitting;
    assert_int_equal(ledger_import_begin(f->l, "h1", "a.ecarte", &imp), 0);
    assert_true(imp.id > 0);
    assert_int_equal(ledger_import_get(f->l, "h1", &got), 0);
    assert_false(got.complete);
    assert_int_equal(got.sitting, f->sitting);
    assert_int_equal(ledger_file_seen(f->l, "h1"), 1);
    imp.line = 340;
    imp.deals = 12;
    imp.quarantined = 1;
    imp.findings = 2;
    imp.events = 345;
    imp.complete = true;
    assert_int_equal(ledger_import_update(f->l, &imp), 0);
    assert_int_equal(ledger_import_get(f->l, "h1", &got), 0);
    assert_int_equal(got.line, 340);
    assert_int_equal(got.deals, 12);
    assert_int_equal(got.quarantined, 1);
    assert_int_equal(got.findings, 2);
    assert_int_equal(got.events, 345);
    assert_true(got.complete);
    assert_int_equal(ledger_import_begin(f->l, "h1", "b.ecarte", &imp),
                     LEDGER_E_DUPLICATE);
    imp.id = 99;
    assert_int_equal(ledger_import_update(f->l, &imp), LEDGER_E_NOTFOUND);
}

/* Quarantined deals are read back where they stood in their sitting, in
 * the sitting's order (not the order they were written in). */
static void ledger__gaps_come_in_the_order_of_the_sitting(void **state)
{
    struct fixture *f = *state;
    struct gap_seen g;
    int64_t other = 0;

    memset(&g, 0, sizeof(g));
    add_five(f);
    assert_int_equal(ledger_sitting_add(f->l, "b.ecarte", &other), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "a", 40, "e", "deal A\n",
                                           f->sitting, 4, 1), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "a", 10, "e", "deal B\n",
                                           f->sitting, 0, 1), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "b", 5, "e", "x\n", other,
                                           0, 1), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "a", 50, "e", "deal B\n",
                                           f->sitting, 4, 2), 0);
    assert_int_equal(ledger_gaps_foreach(f->l, f->sitting, keep_gap, &g), 0);
    assert_int_equal(g.n, 3);
    assert_int_equal(g.after[0], 0);
    assert_int_equal(g.line[0], 10);
    assert_int_equal(g.after[1], 4);
    assert_int_equal(g.line[1], 40);
    assert_int_equal(g.line[2], 50);
    assert_int_equal(ledger_quarantine_count(f->l), 4);
}

struct found_sittings {
    int n;
    int64_t id[4];
    int64_t n_events[4];
    bool imported[4];
    bool deal_open[4];
};

static int keep_sitting(void *ctx, const struct ledger_sitting_info *si)
{
    struct found_sittings *fs = ctx;

    if (fs->n < 4) {
        fs->id[fs->n] = si->id;
        fs->n_events[fs->n] = si->n_events;
        fs->imported[fs->n] = si->imported;
        fs->deal_open[fs->n] = si->deal_open;
    }
    fs->n++;
    return 0;
}

/* What resuming asks of the ledger: the sittings of a source with their
 * length, whether imported, whether stopped mid-deal; an event's text by
 * its place; a game's id by its number. */
static void ledger__sittings_of_a_source_and_their_events(void **state)
{
    struct fixture *f = *state;
    struct found_sittings fs;
    char text[64];
    int64_t other = 0;
    int64_t id = 0;

    memset(&fs, 0, sizeof(fs));
    add_five(f);
    assert_int_equal(ledger_sitting_add(f->l, "club.ecarte", &other), 0);
    assert_int_equal(ledger_file_add(f->l, "h", "club.ecarte", other, 0, 0),
                     0);
    assert_int_equal(ledger_sittings_find(f->l, "club.ecarte", 0,
                                          keep_sitting, &fs), 0);
    assert_int_equal(fs.n, 2);
    assert_int_equal(fs.id[0], f->sitting);
    assert_int_equal(fs.n_events[0], 5);
    assert_false(fs.imported[0]);
    assert_true(fs.deal_open[0]);
    assert_int_equal(fs.id[1], other);
    assert_int_equal(fs.n_events[1], 0);
    assert_true(fs.imported[1]);
    memset(&fs, 0, sizeof(fs));
    assert_int_equal(ledger_sittings_find(f->l, "-", 0, keep_sitting, &fs),
                     0);
    assert_int_equal(fs.n, 0);
    assert_int_equal(ledger_sittings_find(f->l, NULL, other, keep_sitting,
                                          &fs), 0);
    assert_int_equal(fs.n, 1);
    assert_int_equal(ledger_deal_finish(f->l, f->deal, 3, 2, 1, 0, false), 0);
    memset(&fs, 0, sizeof(fs));
    assert_int_equal(ledger_sittings_find(f->l, NULL, f->sitting,
                                          keep_sitting, &fs), 0);
    assert_false(fs.deal_open[0]);
    assert_int_equal(ledger_event_text(f->l, f->sitting, 3, text,
                                       sizeof(text)), 0);
    assert_string_equal(text, "A plays QS");
    assert_int_equal(ledger_event_text(f->l, f->sitting, 6, text,
                                       sizeof(text)), LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_game_id(f->l, f->sitting, 1, &id), 0);
    assert_int_equal(id, f->game);
    assert_int_equal(ledger_game_id(f->l, f->sitting, 2, &id),
                     LEDGER_E_NOTFOUND);
}

/* An empty file is not a ledger unless asked (LEDGER_EMPTY_OK); where no
 * file is, a whole ledger is made and nothing is left beside it. */
static void ledger__empty_file_is_a_ledger_only_when_asked(void **state)
{
    char path[64];
    char side[96];
    struct ledger *l = NULL;
    FILE *fp = NULL;

    (void)state;
    temp_path(path, sizeof(path));
    fp = fopen(path, "w");
    assert_non_null(fp);
    fclose(fp);
    assert_int_equal(ledger_open(&l, path, 0), LEDGER_E_EMPTY);
    assert_non_null(strstr(ledger_errmsg(l), "empty"));
    ledger_close(l);
    l = NULL;
    assert_int_equal(ledger_open(&l, path, LEDGER_EMPTY_OK), 0);
    ledger_close(l);
    l = NULL;
    assert_int_equal(raw_int(path, "PRAGMA user_version"),
                     LEDGER_SCHEMA_VERSION);
    remove_db(path);
    /* no file: made whole, in WAL mode already (the header's read and
     * write versions are 2), nothing left beside it */
    assert_int_equal(ledger_open(&l, path, 0), 0);
    ledger_close(l);
    fp = fopen(path, "rb");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, 18, SEEK_SET), 0);
    assert_int_equal(fgetc(fp), 2);
    assert_int_equal(fgetc(fp), 2);
    fclose(fp);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM chain"), 1);
    snprintf(side, sizeof(side), "%s.new-%ld-0", path, (long)getpid());
    assert_false(file_exists(side));
    remove_db(path);
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

/* With LEDGER_CHECK a file with a damaged page is refused before
 * anything is written. */
static void ledger__check_refuses_a_damaged_file(void **state)
{
    struct fixture *f = *state;
    struct ledger *l = NULL;
    int64_t pages = 0;
    FILE *fp = NULL;

    for (int i = 0; i < 200; i++) {
        add_event(f->l, f->sitting, f->game, f->deal, i + 1, "A", "plays",
                  "KH", "A plays KH, a longer text to fill more pages....");
    }
    ledger_close(f->l);
    f->l = NULL;
    pages = raw_int(f->path, "PRAGMA page_count");
    assert_true(pages > 6);
    fp = fopen(f->path, "r+b");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, (pages - 2) * 4096, SEEK_SET), 0);
    for (int i = 0; i < 64; i++) {
        fwrite("\xde\xad\xbe\xef", 1, 4, fp);
    }
    fclose(fp);
    assert_int_equal(ledger_open(&l, f->path, LEDGER_CHECK),
                     LEDGER_E_DAMAGED);
    assert_non_null(strstr(ledger_errmsg(l), "damaged"));
    ledger_close(l);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ledger__schema_c_equals_schema_sql),
        cmocka_unit_test_setup_teardown(
            ledger__version_2_is_read_as_it_is_and_migrated_for_writing,
            setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__settlement_not_summing_to_zero_is_refused, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__new_file_has_application_id_and_user_version,
            setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__strict_rejects_text_in_integer_column, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(ledger__file_ledger_uses_wal,
                                        setup_file, teardown),
        cmocka_unit_test(ledger__open_other_sqlite_file_is_format_error),
        cmocka_unit_test(ledger__open_wrong_application_id_is_format_error),
        cmocka_unit_test_setup_teardown(
            ledger__open_newer_schema_is_format_error, setup_file,
            teardown),
        cmocka_unit_test(ledger__open_text_file_is_format_error),
        cmocka_unit_test(ledger__open_missing_file_read_only_fails),
        cmocka_unit_test_setup_teardown(
            ledger__read_only_reads_but_refuses_writes, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__reopen_keeps_events_and_chain, setup_file, teardown),
        cmocka_unit_test(ledger__strerror_names_every_code),
        cmocka_unit_test_setup_teardown(
            ledger__events_round_trip_every_field, setup_memory, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__events_foreach_stops_with_callback_value, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__recorded_time_is_utc_iso8601, setup_memory, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__lines_foreach_gives_the_log_exactly, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__lines_foreach_stops_with_callback_value, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__scoresheet_joins_each_deal_with_its_game, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__finishing_an_unknown_game_or_deal_is_notfound,
            setup_memory, teardown),
        cmocka_unit_test(ledger__sittings_are_listed_in_order),
        cmocka_unit_test_setup_teardown(
            ledger__file_add_twice_is_duplicate_and_changes_nothing,
            setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__quarantine_keeps_and_counts_rows, setup_file, teardown),
        cmocka_unit_test(ledger__sha256_of_abc_is_the_fips_value),
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
            ledger__version_1_is_read_as_it_is_and_migrated_for_writing,
            setup_file, teardown),
        cmocka_unit_test_setup_teardown(ledger__import_progress_round_trips,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__gaps_come_in_the_order_of_the_sitting, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__sittings_of_a_source_and_their_events, setup_memory,
            teardown),
        cmocka_unit_test(ledger__empty_file_is_a_ledger_only_when_asked),
        cmocka_unit_test_setup_teardown(
            ledger__lock_wait_is_told_after_a_second, setup_file, teardown),
        cmocka_unit_test_setup_teardown(ledger__check_refuses_a_damaged_file,
                                        setup_file, teardown),
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

    return cmocka_run_group_tests_name("ledger", tests, group_setup,
                                       group_teardown);
}
