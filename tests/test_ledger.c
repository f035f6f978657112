/* SPDX-License-Identifier: MIT */
/*
 * test_ledger.c - the SQLite ledger as a file: the schema (schema.c equal
 * to schema.sql) and pragmas, opening and refusing files (other SQLite
 * files, newer schemas, text, missing, read-only, empty, damaged), the
 * error names, and version 1 and 2 files read as they are and migrated
 * for writing.  Rows written and read back are tested in
 * test_ledger_rows.c, transactions and the hash chain in
 * test_ledger_chain.c; the fixture and helpers they share are in
 * ledger_util.h.
 */
#include "tests/harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#include "tests/ledger_util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* file_exists - is there a file at path? */
static bool file_exists(const char *path)
{
    struct stat sb;

    return stat(path, &sb) == 0;
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
                             " WHERE schema = 'main' AND strict = 1"), 25);
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
    raw_exec(f->path, "PRAGMA user_version = 10");
    assert_int_equal(ledger_open(&f->l, f->path, 0), LEDGER_E_FORMAT);
    assert_non_null(strstr(ledger_errmsg(f->l), "version 10 is newer"));
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
/* Issue 8: schema versions 1 and 2, empty and damaged files            */
/* ------------------------------------------------------------------ */

/* count_gap - ledger_gap_fn counting the gaps into *(int *)ctx. */
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

/* The tables of schema versions 3 (the sitting above the seats), 4
 * (the seal, the chain's seal columns), 5 and 7 (the comments, the laws
 * and the views), dropped to make an older file. */
/* an older file's events hold their hashes whole (version 8 cuts them
 * short): a cut one padded back to 32 bytes (its first 8 kept, as the
 * migration to version 8 cuts it again) */
#define WHOLE_HASHES \
    "UPDATE event SET hash = CAST(hash || zeroblob(24) AS BLOB) " \
    "WHERE length(hash) = 8;"

#define DROP_V7 \
    CHAIN_EXACT \
    WHOLE_HASHES \
    "DROP VIEW balances; DROP VIEW irregularities; DROP VIEW rulings; " \
    "DROP VIEW games; DROP VIEW deals; DROP TABLE law; " \
    "DROP TABLE comment;"

#define DROP_V5 \
    DROP_V7 \
    "DROP TABLE provenance; DROP TABLE member_apart; " \
    "DROP TABLE member_join; DROP TABLE ledger_info;"

#define DROP_V3 \
    DROP_V5 \
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

/* to_version_1 - make the ledger at path as version 1 had it: the import
 * and quarantine tables without the columns of version 2. */
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
    assert_int_equal(ledger_version(f->l), LEDGER_SCHEMA_VERSION);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), LEDGER_SCHEMA_VERSION);
    /* migrated to version 5: every row of the sealed tables sealed, and
     * an identity given */
    assert_int_equal(ledger_seals_check(f->l, NULL, NULL), 0);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM seal"),
                     raw_int(f->path, "SELECT (SELECT count(*) FROM sitting) "
                             "+ (SELECT count(*) FROM tag) + (SELECT "
                             "count(*) FROM import_file) + (SELECT count(*) "
                             "FROM quarantine) + (SELECT count(*) FROM "
                             "claim) + 1"));
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM ledger_info "
                             "WHERE length(uuid) = 32 AND uuid NOT GLOB "
                             "'*[^0-9a-f]*'"), 1);
    assert_int_equal(ledger_person_add(f->l, f->sitting, 1, "ann", "Ann"), 0);
    assert_int_equal(ledger_settlement_add(f->l, f->sitting, 0, 1, "game",
                                           "settle ann +2 bob -2", t, 2),
                     0);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 5);
    assert_int_equal(raw_int(f->path, "SELECT sum(amount) FROM transfer"), 0);
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
    assert_int_equal(ledger_version(f->l), LEDGER_SCHEMA_VERSION);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), LEDGER_SCHEMA_VERSION);
    /* migrated to version 5: every row of the sealed tables sealed, and
     * an identity given */
    assert_int_equal(ledger_seals_check(f->l, NULL, NULL), 0);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM seal"),
                     raw_int(f->path, "SELECT (SELECT count(*) FROM sitting) "
                             "+ (SELECT count(*) FROM tag) + (SELECT "
                             "count(*) FROM import_file) + (SELECT count(*) "
                             "FROM quarantine) + (SELECT count(*) FROM "
                             "claim) + 1"));
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM ledger_info "
                             "WHERE length(uuid) = 32 AND uuid NOT GLOB "
                             "'*[^0-9a-f]*'"), 1);
    assert_int_equal(ledger_import_get(f->l, "abc", &imp), 0);
    assert_true(imp.complete);
    assert_int_equal(imp.sitting, 1);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM quarantine "
                             "WHERE sitting_id IS NULL AND after_event = 0 "
                             "AND game = 0"), 1);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event"), 5);
}

/* An empty ledger made a version 4 file: the tables of version 5 gone,
 * no row, no seal, the chain at its genesis. */
#define EMPTY_V4 \
    DROP_V5 "DELETE FROM seal; DELETE FROM deal; DELETE FROM game; " \
    "DELETE FROM sitting; UPDATE chain SET seal_head = '0000000000000000" \
    "000000000000000000000000000000000000000000000000', n_seals = 0, " \
    "seal_last = 0; PRAGMA user_version = 4;"

/* A version 4 ledger (the seal, no identity nor members) is read as it
 * is read-only, and migrated to version 5 when opened for writing: the
 * tables of version 5 made, a new identity drawn and sealed; two
 * migrations give two identities. */
static void ledger__version_4_is_migrated_and_given_an_identity(void **state)
{
    struct fixture *f = *state;
    struct ledger *ro = NULL;
    char id[LEDGER_UUID_HEX];
    char first[LEDGER_UUID_HEX];
    char member[64];

    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, EMPTY_V4);
    assert_int_equal(ledger_open(&ro, f->path, LEDGER_READONLY), 0);
    assert_int_equal(ledger_version(ro), 4);
    assert_int_equal(ledger_identity(ro, id), LEDGER_E_NOTFOUND);
    assert_string_equal(id, "");
    assert_int_equal(ledger_seals_check(ro, NULL, NULL), 0);
    assert_int_equal(ledger_member_join(ro, "Mr. Ashby", "Ann Ash"),
                     LEDGER_E_FORMAT);
    ledger_close(ro);
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_version(f->l), LEDGER_SCHEMA_VERSION);
    assert_int_equal(raw_int(f->path, "PRAGMA user_version"), LEDGER_SCHEMA_VERSION);
    assert_int_equal(ledger_identity(f->l, first), 0);
    assert_int_equal(strlen(first), 32);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM seal WHERE tbl = "
                             "'ledger_info' AND row_id = 1"), 1);
    assert_int_equal(ledger_seals_check(f->l, NULL, NULL), 0);
    /* the members' tables take the club's decisions, sealed */
    assert_int_equal(fixture_fill(f), 0);
    assert_int_equal(ledger_member_join(f->l, "Mr. Ashby", "Ann Ash"), 0);
    assert_int_equal(ledger_member_join(f->l, "Mr. Ashby", "Ann Ash"), 1);
    assert_int_equal(ledger_seals_check(f->l, NULL, NULL), 0);
    assert_int_equal(ledger_member_of(f->l, f->sitting, "ann", member,
                                      sizeof(member)), 0);
    assert_string_equal(member, "");
    ledger_close(f->l);
    f->l = NULL;
    /* made version 4 again and migrated: another identity */
    raw_exec(f->path, "DELETE FROM member_join;" EMPTY_V4);
    assert_int_equal(ledger_open(&f->l, f->path, 0), 0);
    assert_int_equal(ledger_identity(f->l, id), 0);
    assert_string_not_equal(id, first);
    assert_int_equal(ledger_seals_check(f->l, NULL, NULL), 0);
}

/* A version number taken back from 5 to 4 (the tables of version 5 kept)
 * is not migrated: the identity is not drawn again over a forged file. */
static void ledger__version_taken_back_to_4_is_not_migrated(void **state)
{
    struct fixture *f = *state;

    ledger_close(f->l);
    f->l = NULL;
    raw_exec(f->path, "PRAGMA user_version = 4");
    assert_int_equal(ledger_open(&f->l, f->path, 0), LEDGER_E_FORMAT);
    assert_non_null(strstr(ledger_errmsg(f->l), "version number was "
                                                "changed"));
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
            ledger__version_1_is_read_as_it_is_and_migrated_for_writing,
            setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__version_4_is_migrated_and_given_an_identity, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__version_taken_back_to_4_is_not_migrated, setup_file,
            teardown),
        cmocka_unit_test(ledger__empty_file_is_a_ledger_only_when_asked),
        cmocka_unit_test_setup_teardown(ledger__check_refuses_a_damaged_file,
                                        setup_file, teardown),
    };

    return cmocka_run_group_tests_name("ledger", tests, group_setup,
                                       group_teardown);
}
