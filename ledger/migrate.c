/* SPDX-License-Identifier: MIT */
/*
 * migrate.c - the migrations of an older ledger to the current schema
 * version (1 to 2, 2 to 3, 3 to 4, 4 to 5, 6 to 7: each a constant
 * script; 5 to 6: the events copied into their leaner table), run by
 * ledger__migrate
 * in one transaction when ledger_open_with opens such a file for writing
 * (open.c), with the foreign keys off (a table is replaced).
 */
#include "ledger/ledger.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* From version 1 to 2 (ledger/schema.sql, the columns marked (2)), in one
 * transaction with the version check. */
static const char migrate_1_2[] =
    "ALTER TABLE import_file ADD COLUMN line INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE import_file ADD COLUMN findings INTEGER NOT NULL "
    "DEFAULT 0;"
    "ALTER TABLE import_file ADD COLUMN events INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE import_file ADD COLUMN complete INTEGER NOT NULL "
    "DEFAULT 1 CHECK (complete IN (0, 1));"
    "CREATE INDEX import_file_by_sitting ON import_file (sitting_id);"
    "ALTER TABLE quarantine ADD COLUMN sitting_id INTEGER "
    "REFERENCES sitting (id);"
    "ALTER TABLE quarantine ADD COLUMN after_event INTEGER NOT NULL "
    "DEFAULT 0;"
    "ALTER TABLE quarantine ADD COLUMN game INTEGER NOT NULL DEFAULT 0;"
    "CREATE INDEX quarantine_gap ON quarantine (sitting_id, after_event);"
    "PRAGMA user_version = 2;";

/* From version 2 to 3 (ledger/schema.sql, the tables of the sitting
 * above the seats), in one transaction with the version check. */
static const char migrate_2_3[] =
    "CREATE TABLE person (id INTEGER PRIMARY KEY, sitting_id INTEGER "
    "NOT NULL REFERENCES sitting (id), event_id INTEGER REFERENCES "
    "event (id), code TEXT NOT NULL, name TEXT NOT NULL, UNIQUE "
    "(sitting_id, code)) STRICT;"
    "CREATE TABLE seating (id INTEGER PRIMARY KEY, sitting_id INTEGER "
    "NOT NULL REFERENCES sitting (id), game_id INTEGER REFERENCES game "
    "(id), event_id INTEGER REFERENCES event (id), seat TEXT NOT NULL "
    "CHECK (seat IN ('A', 'B')), person TEXT NOT NULL, role TEXT NOT "
    "NULL) STRICT;"
    "CREATE INDEX seating_by_sitting ON seating (sitting_id, id);"
    "CREATE TABLE stake (id INTEGER PRIMARY KEY, sitting_id INTEGER NOT "
    "NULL REFERENCES sitting (id), game_id INTEGER REFERENCES game "
    "(id), event_id INTEGER REFERENCES event (id), person TEXT NOT "
    "NULL, kind TEXT NOT NULL CHECK (kind IN ('stake', 'ante', "
    "'forfeit')), amount INTEGER NOT NULL CHECK (amount > 0)) STRICT;"
    "CREATE INDEX stake_by_sitting ON stake (sitting_id, id);"
    "CREATE TABLE bet (id INTEGER PRIMARY KEY, sitting_id INTEGER NOT "
    "NULL REFERENCES sitting (id), game_id INTEGER REFERENCES game "
    "(id), event_id INTEGER REFERENCES event (id), bettor TEXT NOT "
    "NULL, seat TEXT NOT NULL CHECK (seat IN ('A', 'B')), amount "
    "INTEGER NOT NULL CHECK (amount > 0), odds_p INTEGER NOT NULL CHECK "
    "(odds_p > 0), odds_q INTEGER NOT NULL CHECK (odds_q > 0), coverer "
    "TEXT NOT NULL) STRICT;"
    "CREATE INDEX bet_by_sitting ON bet (sitting_id, id);"
    "CREATE TABLE settlement (id INTEGER PRIMARY KEY, sitting_id "
    "INTEGER NOT NULL REFERENCES sitting (id), game_id INTEGER "
    "REFERENCES game (id), event_id INTEGER NOT NULL REFERENCES event "
    "(id), pos INTEGER NOT NULL, reason TEXT NOT NULL, text TEXT NOT "
    "NULL) STRICT;"
    "CREATE INDEX settlement_by_event ON settlement (event_id);"
    "CREATE INDEX settlement_by_sitting ON settlement (sitting_id, id);"
    "CREATE TABLE transfer (id INTEGER PRIMARY KEY, settlement_id "
    "INTEGER NOT NULL REFERENCES settlement (id), person TEXT NOT NULL, "
    "amount INTEGER NOT NULL) STRICT;"
    "CREATE INDEX transfer_by_settlement ON transfer (settlement_id);"
    "CREATE TABLE sitting_mark (id INTEGER PRIMARY KEY, event_id "
    "INTEGER NOT NULL REFERENCES event (id), pos INTEGER NOT NULL, kind "
    "TEXT NOT NULL CHECK (kind IN ('pool', 'roles', 'bets')), text TEXT "
    "NOT NULL) STRICT;"
    "CREATE INDEX sitting_mark_by_event ON sitting_mark (event_id);"
    "PRAGMA user_version = 3;";

/* From version 3 to 4 (ledger/schema.sql, the seal and the chain's
 * columns marked (4)); the rows then sealed (seal.c), in the same
 * transaction. */
static const char migrate_3_4[] =
    "ALTER TABLE chain ADD COLUMN seal_head TEXT NOT NULL DEFAULT "
    "'0000000000000000000000000000000000000000000000000000000000000000';"
    "ALTER TABLE chain ADD COLUMN n_seals INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE chain ADD COLUMN seal_last INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE seal (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, "
    "row_id INTEGER NOT NULL, row TEXT NOT NULL, hash TEXT NOT NULL) "
    "STRICT;"
    "CREATE INDEX seal_by_row ON seal (tbl, row_id, id);"
    "PRAGMA user_version = 4;";

/* From version 4 to 5 (ledger/schema.sql, the identity, the members and
 * the provenance); the identity then written and sealed, in the same
 * transaction. */
static const char migrate_4_5[] =
    "CREATE INDEX IF NOT EXISTS seating_by_game ON seating (game_id, seat, "
    "id);"
    "CREATE TABLE ledger_info (id INTEGER PRIMARY KEY CHECK (id = 1), "
    "uuid TEXT NOT NULL, created TEXT NOT NULL) STRICT;"
    "CREATE TABLE member_join (id INTEGER PRIMARY KEY, spelling TEXT NOT "
    "NULL UNIQUE, member TEXT NOT NULL, recorded TEXT NOT NULL) STRICT;"
    "CREATE TABLE member_apart (id INTEGER PRIMARY KEY, sitting_id "
    "INTEGER NOT NULL REFERENCES sitting (id), who TEXT NOT NULL, member "
    "TEXT NOT NULL, recorded TEXT NOT NULL, UNIQUE (sitting_id, who)) "
    "STRICT;"
    "CREATE TABLE provenance (id INTEGER PRIMARY KEY, sitting_id INTEGER "
    "NOT NULL UNIQUE REFERENCES sitting (id), source_uuid TEXT NOT NULL, "
    "source_sitting INTEGER NOT NULL, source_head TEXT NOT NULL, n_events "
    "INTEGER NOT NULL, origin_uuid TEXT NOT NULL, origin_sitting INTEGER "
    "NOT NULL, source_path TEXT NOT NULL, merged TEXT NOT NULL) STRICT;"
    "CREATE INDEX provenance_by_origin ON provenance (origin_uuid, "
    "origin_sitting);"
    "PRAGMA user_version = 5;";

/* From version 5 to 6 (ledger/schema.sql, the columns marked (6)): the
 * events' new table, filled by copy_events, then put in the old one's
 * place with its index. */
static const char migrate_5_6_table[] =
    "CREATE TABLE event_new (id INTEGER PRIMARY KEY, sitting_id INTEGER "
    "NOT NULL REFERENCES sitting (id), game_id INTEGER REFERENCES game "
    "(id), deal_id INTEGER REFERENCES deal (id), seq INTEGER NOT NULL, "
    "source TEXT, line INTEGER NOT NULL, stamp TEXT NOT NULL, recorded "
    "INTEGER, actor TEXT, verb TEXT, args TEXT, cards TEXT, text TEXT NOT "
    "NULL, hash BLOB NOT NULL, recorded_text TEXT) STRICT;";
static const char migrate_5_6_swap[] =
    "DROP TABLE event;"
    "ALTER TABLE event_new RENAME TO event;"
    "CREATE UNIQUE INDEX event_by_sitting ON event (sitting_id, seq);"
    "PRAGMA user_version = 6;";

/* From version 6 to 7 (ledger/schema.sql, the column marked (7)): an
 * event's hash kept whole only at an id that is a multiple of
 * LEDGER_HASH_EVERY (64), cut to its first LEDGER_HASH_TAG (8) bytes
 * elsewhere; a hash stored as text (no hash computed is) stays as it
 * is. */
static const char migrate_6_7[] =
    "UPDATE event SET hash = substr(hash, 1, 8) WHERE id % 64 != 0 "
    "AND typeof(hash) = 'blob' AND length(hash) = 32;"
    "PRAGMA user_version = 7;";

/* copy_row - the current row of the old events' walk (st: the columns
 * of ledger__event_from_row, then the sitting's source) inserted into
 * event_new by ins.  Returns 0 or a negative code. */
static int copy_row(struct ledger *l, sqlite3_stmt *st, sqlite3_stmt *ins,
                    struct event_buf *buf, struct event_pack *pack)
{
    struct ledger_event row;
    const char *texts[9];
    size_t lens[9];
    int src = 0;

    memset(&row, 0, sizeof(row));
    ledger__event_from_row(st, &row, buf);
    texts[0] = row.source;
    texts[1] = row.stamp;
    texts[2] = row.recorded;
    texts[3] = row.actor;
    texts[4] = row.verb;
    texts[5] = row.args;
    texts[6] = row.cards;
    texts[7] = row.text;
    texts[8] = row.hash;
    for (int i = 0; i < 9; i++) {
        lens[i] = strlen(texts[i]);
    }
    if (ledger__event_bind(ins, &row, texts, lens,
                           (const char *)sqlite3_column_text(st, 15),
                           pack) != 0) {
        return ledger__fail(l, sqlite3_errcode(l->db), "migrate an event");
    }
    src = sqlite3_step(ins);
    sqlite3_reset(ins);
    return src == SQLITE_DONE ? 0 : ledger__fail(l, src, "migrate an event");
}

/* copy_events - every event of a version 5 table copied into event_new
 * as version 6 stores it (ledger__event_bind), in the order of ids.
 * Returns 0 or a negative code. */
static int copy_events(struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    sqlite3_stmt *ins = NULL;
    struct event_buf *buf = malloc(sizeof(*buf));
    struct event_pack *pack = calloc(1, sizeof(*pack));
    int src = 0;
    int rc = 0;

    if (buf != NULL) {
        buf->recorded_ready = false;
    }
    if (buf == NULL || pack == NULL) {
        free(buf);
        free(pack);
        return ledger__failf(l, LEDGER_E_ERROR, "migrate: out of memory");
    }
    if (sqlite3_prepare_v2(l->db, "SELECT e.id, e.sitting_id, "
                           "coalesce(e.game_id, 0), coalesce(e.deal_id, 0), "
                           "e.seq, coalesce(e.source, s.source), e.line, "
                           "e.stamp, e.recorded, e.actor, e.verb, e.args, "
                           "e.cards, e.text, e.hash, s.source FROM event e "
                           "LEFT JOIN sitting s ON s.id = e.sitting_id "
                           "ORDER BY e.id", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(l->db, "INSERT INTO event_new (id, sitting_id, "
                           "game_id, deal_id, seq, source, line, stamp, "
                           "recorded, actor, verb, args, cards, text, hash, "
                           "recorded_text) VALUES (?1, ?2, nullif(?3, 0), "
                           "nullif(?4, 0), ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
                           "?12, ?13, ?14, ?15, ?16)", -1, &ins,
                           NULL) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "migrate the events");
        goto out_finalize;
    }
    while (rc == 0 && (src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = copy_row(l, st, ins, buf, pack);
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "migrate the events");
    }
out_finalize:
    sqlite3_finalize(st);
    sqlite3_finalize(ins);
    free(buf);
    free(pack);
    return rc;
}

/* migrate_5_6 - the events rewritten (a version 5 file, in the open
 * transaction).  Returns 0 or a negative code. */
static int migrate_5_6(struct ledger *l)
{
    int rc = ledger__exec(l, migrate_5_6_table, "migrate the schema to "
                          "version 6");

    if (rc == 0) {
        rc = copy_events(l);
    }
    if (rc == 0) {
        rc = ledger__exec(l, migrate_5_6_swap, "migrate the schema to "
                          "version 6");
    }
    return rc;
}

/*
 * migrate_all - ledger__migrate's work, with no foreign key checked:
 * bring a version 1 file to version 2 (migrate_1_2), a
 * version 2 file to version 3 (migrate_2_3), a version 3 file to version
 * 4 (migrate_3_4), a version 4 file to version 5 (migrate_4_5) and a
 * version 5 file to version 6 (migrate_5_6) and a version 6 file to
 * version 7 (migrate_6_7), in one transaction; then, for a file older
 * than version 6, every row of the sealed tables sealed as it stands
 * (a file older than version 4) and the ledger given its identity
 * (sealed; a file older than version 5).  Another process may have done it meanwhile: the version is
 * read again once the write lock is held.  A file whose objects are of a
 * later version than it says (its number taken back) is refused.  The
 * statements are prepared for the new version.
 */
static int migrate_all(struct ledger *l)
{
    int64_t version = 0;
    int64_t from = 0;
    int was = l->version;
    bool seal_all = false;
    bool fresh_identity = false;
    int later = 0;
    int rc = ledger__exec(l, "BEGIN IMMEDIATE", "migrate the schema");

    if (rc != 0) {
        return rc;
    }
    rc = ledger__pragma_int(l, "PRAGMA user_version", &version);
    from = version;
    if (rc == 0 && version < LEDGER_SCHEMA_VERSION) {
        later = ledger__later_schema(l);
        if (later < 0) {
            rc = later;
        } else if (later > version) {
            /* the number was taken back so that sealed rows could be
             * edited and sealed again as they stand */
            rc = ledger__failf(l, LEDGER_E_FORMAT,
                               "the file says schema version %d but holds "
                               "the %s of version %d: its version number "
                               "was changed (see `ecarte verify`); not "
                               "migrated", (int)version,
                               later >= 5 ? "identity and member tables"
                                          : "seal", later);
        }
    }
    if (rc == 0 && version == 1) {
        rc = ledger__exec(l, migrate_1_2, "migrate the schema to version 2");
        version = 2;
    }
    if (rc == 0 && version == 2) {
        rc = ledger__exec(l, migrate_2_3, "migrate the schema to version 3");
        version = 3;
    }
    if (rc == 0 && version == 3) {
        rc = ledger__exec(l, migrate_3_4, "migrate the schema to version 4");
        version = 4;
        seal_all = true;
    }
    if (rc == 0 && version == 4) {
        rc = ledger__exec(l, migrate_4_5, "migrate the schema to version 5");
        version = 5;
        fresh_identity = true;
    }
    if (rc == 0 && version == 5) {
        rc = migrate_5_6(l);
        version = 6;
    }
    if (rc == 0 && version == 6) {
        rc = ledger__exec(l, migrate_6_7, "migrate the schema to version 7");
        version = 7;
    }
    if (rc == 0 && from <= 5) {
        /* the statements of the new version, then the seal and the
         * identity an older file lacks, committed with the seals' head */
        l->version = LEDGER_SCHEMA_VERSION;
        l->chain_fresh = false;
        rc = ledger__prepare_statements(l);
        if (rc == 0 && seal_all) {
            rc = ledger__seal_all(l);
        }
        if (rc == 0 && fresh_identity) {
            rc = ledger__identity_new(l);
        }
        if (rc == 0) {
            return ledger_commit(l);
        }
    }
    if (rc != 0) {
        l->version = was;
        l->chain_dirty = false;
        sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
        return rc;
    }
    rc = ledger__exec(l, "COMMIT", "migrate the schema");
    if (rc == 0) {
        l->version = LEDGER_SCHEMA_VERSION;
    }
    return rc;
}

int ledger__migrate(struct ledger *l)
{
    int64_t fk = 0;
    int rc = ledger__pragma_int(l, "PRAGMA foreign_keys", &fk);

    /* the events' table is replaced (5 to 6): its references stand, and
     * no implicit DELETE of the old one may check them */
    if (rc == 0 && fk != 0) {
        rc = ledger__exec(l, "PRAGMA foreign_keys = OFF", "migrate");
    }
    if (rc == 0) {
        rc = migrate_all(l);
    }
    if (fk != 0) {
        int rc2 = ledger__exec(l, "PRAGMA foreign_keys = ON", "migrate");

        rc = rc != 0 ? rc : rc2;
    }
    return rc;
}
