/* SPDX-License-Identifier: MIT */
/*
 * migrate.c - the migrations of an older ledger to the current schema
 * version (1 to 2, 2 to 3, 3 to 4, 4 to 5: each a constant script; 5 to
 * 6: the events copied into their leaner table; 6 to 7: constant
 * statements, the comments' table, the laws' and the views; 7 to 8: a
 * constant script, the events' hashes cut short), run by
 * ledger__migrate
 * in one transaction when ledger_open_with opens such a file for writing
 * (open.c), with the foreign keys off (a table is replaced).
 */
#include "ledger/ledger.h"

#include <stdbool.h>
#include <stdio.h>
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

/*
 * From version 6 to 7 (ledger/schema.sql, the tables and views of
 * version 7): the log's comments, the laws' titles and the views, each
 * statement as the schema has it but for its comments and line breaks
 * (the proof compares a view's text without them, shape.c).  A later
 * step that replaces a table the views read must drop and make them
 * again: SQLite refuses to rename a table while a view names one that
 * is missing.
 */
static const char *const migrate_6_7[] = {
    "CREATE TABLE comment (id INTEGER PRIMARY KEY, sitting_id INTEGER "
    "NOT NULL REFERENCES sitting (id), event_id INTEGER REFERENCES "
    "event (id), after_lines INTEGER NOT NULL CHECK (after_lines >= 0),"
    " ends_line INTEGER NOT NULL CHECK (ends_line IN (0, 1)), line "
    "INTEGER NOT NULL, text TEXT NOT NULL) STRICT;",

    "CREATE INDEX comment_by_sitting ON comment (sitting_id, event_id, "
    "id);",

    "CREATE TABLE law (id INTEGER PRIMARY KEY, code TEXT NOT NULL "
    "UNIQUE, title TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN "
    "('penalty', 'rule', 'procedure')), lawful TEXT) STRICT;",

    "INSERT INTO law (id, code, title, kind, lawful) VALUES (1, 'L1', "
    "'Right to shuffle', 'penalty', NULL), (2, 'L2', 'Improper "
    "shuffling', 'penalty', NULL), (3, 'L3', 'Size of a cut', "
    "'penalty', NULL), (4, 'L4', 'Cards exposed in cutting for deal', "
    "'penalty', NULL), (5, 'L5', 'Winner of the cut for deal', "
    "'procedure', NULL), (6, 'L6', 'The cut stands with a bad pack', "
    "'procedure', NULL), (7, 'L7', 'Card exposed in the cut to the "
    "dealer', 'penalty', NULL), (8, 'L8', 'Packet order kept for the "
    "game', 'penalty', NULL), (9, 'L9', 'Wrong count or packet order "
    "before the turn-up', 'penalty', NULL), (10, 'L10', 'The turn-up', "
    "'penalty', NULL), (11, 'L11', 'More than one card turned up', "
    "'penalty', NULL), (12, 'L12', 'Faced card in the pack', 'penalty',"
    " NULL), (13, 'L13', 'Card exposed by the dealer in dealing', "
    "'penalty', NULL), (14, 'L14', 'Deal out of turn or with the wrong "
    "pack', 'penalty', NULL), (15, 'L15', 'Elder hand has too many "
    "cards', 'penalty', NULL), (16, 'L16', 'Elder hand has too few "
    "cards', 'penalty', NULL), (17, 'L17', 'Dealer has too many cards',"
    " 'penalty', NULL), (18, 'L18', 'Dealer has too few cards', "
    "'penalty', NULL), (19, 'L19', 'No king point after a miscounted "
    "deal', 'penalty', NULL), (20, 'L20', 'Elder hand plays with the "
    "wrong number', 'penalty', NULL), (21, 'L21', 'Dealer plays with "
    "the wrong number', 'penalty', NULL), (22, 'L22', 'Marking a turned"
    " king in time', 'penalty', NULL), (23, 'L23', 'Announcing the king"
    " of trumps in time', 'penalty', NULL), (24, 'L24', 'King led, or "
    "the dealer''s first card', 'penalty', 'award'), (25, 'L25', 'False"
    " announcement of the king', 'penalty', NULL), (26, 'L26', 'A "
    "proposal is binding', 'penalty', NULL), (27, 'L27', 'An answer is "
    "binding', 'penalty', NULL), (28, 'L28', 'Discarding before "
    "taking', 'penalty', NULL), (29, 'L29', 'Elder hand takes more "
    "cards than he discarded', 'penalty', NULL), (30, 'L30', 'Elder "
    "hand asks for fewer than he discarded', 'penalty', NULL), (31, "
    "'L31', 'Dealer gives elder hand too many', 'penalty', NULL), (32, "
    "'L32', 'Dealer gives elder hand too few', 'penalty', NULL), (33, "
    "'L33', 'Dealer takes more than he discarded', 'penalty', NULL), "
    "(34, 'L34', 'Dealer takes fewer than he discarded', 'penalty', "
    "NULL), (35, 'L35', 'Faced card in the stock', 'penalty', NULL), "
    "(36, 'L36', 'Cards exposed while serving', 'penalty', NULL), (37, "
    "'L37', 'A card turned up in the exchange', 'penalty', NULL), (38, "
    "'L38', 'Accepting when the stock is too small', 'procedure', "
    "NULL), (39, 'L39', 'Taking back a card', 'penalty', NULL), (40, "
    "'L40', 'Lead out of turn', 'penalty', NULL), (41, 'L41', 'Naming "
    "one suit and leading another', 'penalty', NULL), (42, 'L42', "
    "'Abandoning a hand', 'penalty', NULL), (43, 'L43', 'Revoke, or not"
    " winning the trick', 'penalty', NULL), (44, 'L44', 'Calling for "
    "new cards', 'procedure', NULL), (45, 'L45', 'Incorrect or "
    "imperfect pack', 'penalty', NULL), (46, 'L46', 'Game; double and "
    "treble', 'rule', NULL), (47, 'L47', 'King points', 'penalty', "
    "NULL), (48, 'L48', 'Trick points', 'rule', NULL), (49, 'L49', "
    "'Extra point against standing or refusing', 'rule', NULL), (50, "
    "'L50', 'Forgotten scores', 'penalty', NULL), (51, 'L51', "
    "'Overscore', 'penalty', NULL);",

    "INSERT INTO law (id, code, title, kind, lawful) VALUES (52, 'PL1',"
    " 'The discards become a new stock', 'procedure', NULL), (53, "
    "'PL2', 'The Polish scoring table', 'rule', NULL), (54, 'PL3', 'The"
    " king held is scored by marking', 'rule', NULL), (55, 'PL4', 'A "
    "drawn turn-up king scores once', 'penalty', NULL), (56, 'PL5', "
    "'The jack veto', 'procedure', NULL), (57, 'MD1', 'A double "
    "declined', 'procedure', NULL), (58, 'MD2', 'A double that does not"
    " count', 'procedure', NULL), (59, 'MD3', 'The point offered and "
    "declined', 'procedure', NULL), (60, 'MD4', 'The point offered and "
    "accepted', 'procedure', NULL), (61, 'MD5', 'An offer of the point "
    "that does not count', 'procedure', NULL), (62, 'CH1', 'Seated "
    "against the roles', 'penalty', NULL), (63, 'CH2', 'An adviser "
    "looks at the bank''s hand', 'penalty', NULL), (64, 'CH3', 'The "
    "ponte leaves', 'penalty', NULL), (65, 'CH4', 'A stake stated too "
    "late', 'penalty', NULL), (66, 'CH5', 'The bank leaves', 'penalty',"
    " NULL), (67, 'PO1', 'The pool after a game', 'rule', NULL), (68, "
    "'PO2', 'The wrong person sits', 'penalty', NULL), (69, 'PO3', 'A "
    "player leaves the pool', 'penalty', NULL), (70, 'PO4', 'Advice in "
    "the pool', 'penalty', NULL), (71, 'BY1', 'A bet after the close', "
    "'penalty', NULL), (72, 'BY2', 'A bettor looks at the adverse "
    "hand', 'penalty', NULL), (73, 'BY3', 'The players cover first', "
    "'procedure', NULL), (74, 'BY4', 'Advice not allowed', 'penalty', "
    "NULL), (75, 'BY5', 'A bettor calls an irregularity', 'procedure', "
    "NULL), (76, 'BY6', 'A player walks out', 'penalty', NULL), (77, "
    "'BY7', 'Bets follow the game', 'rule', NULL), (78, 'BY8', 'A game "
    "not finished', 'procedure', NULL), (79, 'BY9', 'The tableau "
    "equalised', 'rule', NULL), (80, 'BY10', 'The loser retires', "
    "'rule', NULL);",

    "CREATE VIEW deals AS WITH first_event AS MATERIALIZED (SELECT "
    "deal_id, min(id) AS event_id FROM event WHERE deal_id IS NOT NULL "
    "GROUP BY deal_id), seated AS (SELECT d.*, (SELECT s.person FROM "
    "seating s WHERE s.game_id = d.game_id AND s.seat = 'A' AND "
    "s.event_id <= (SELECT f.event_id FROM first_event f WHERE "
    "f.deal_id = d.id) ORDER BY s.id DESC LIMIT 1) AS person_a, (SELECT"
    " s.person FROM seating s WHERE s.game_id = d.game_id AND s.seat = "
    "'B' AND s.event_id <= (SELECT f.event_id FROM first_event f WHERE "
    "f.deal_id = d.id) ORDER BY s.id DESC LIMIT 1) AS person_b FROM "
    "deal d), named AS (SELECT x.*, coalesce((SELECT p.name FROM person"
    " p WHERE p.sitting_id = x.sitting_id AND p.code = x.person_a), "
    "(SELECT t.value FROM tag t WHERE t.sitting_id = x.sitting_id AND "
    "t.name = 'A' ORDER BY t.id DESC LIMIT 1)) AS player_a, "
    "coalesce((SELECT p.name FROM person p WHERE p.sitting_id = "
    "x.sitting_id AND p.code = x.person_b), (SELECT t.value FROM tag t "
    "WHERE t.sitting_id = x.sitting_id AND t.name = 'B' ORDER BY t.id "
    "DESC LIMIT 1)) AS player_b FROM seated x) SELECT n.sitting_id AS "
    "sitting, g.number AS game, n.number AS deal, n.dealer AS dealer, "
    "CASE n.dealer WHEN 'A' THEN n.player_a ELSE n.player_b END AS "
    "dealer_name, n.player_a AS player_a, n.player_b AS player_b, "
    "n.person_a AS person_a, n.person_b AS person_b, n.tricks_a AS "
    "tricks_a, n.tricks_b AS tricks_b, n.points_a AS points_a, "
    "n.points_b AS points_b, n.is_void AS void, n.finished AS finished,"
    " n.game_id AS game_id, n.id AS deal_id FROM named n JOIN game g ON"
    " g.id = n.game_id;",

    "CREATE VIEW games AS WITH seated AS (SELECT g.*, (SELECT s.person "
    "FROM seating s WHERE s.game_id = g.id AND s.seat = 'A' ORDER BY "
    "s.id DESC LIMIT 1) AS person_a, (SELECT s.person FROM seating s "
    "WHERE s.game_id = g.id AND s.seat = 'B' ORDER BY s.id DESC LIMIT "
    "1) AS person_b FROM game g), named AS (SELECT x.*, "
    "coalesce((SELECT p.name FROM person p WHERE p.sitting_id = "
    "x.sitting_id AND p.code = x.person_a), (SELECT t.value FROM tag t "
    "WHERE t.sitting_id = x.sitting_id AND t.name = 'A' ORDER BY t.id "
    "DESC LIMIT 1)) AS player_a, coalesce((SELECT p.name FROM person p "
    "WHERE p.sitting_id = x.sitting_id AND p.code = x.person_b), "
    "(SELECT t.value FROM tag t WHERE t.sitting_id = x.sitting_id AND "
    "t.name = 'B' ORDER BY t.id DESC LIMIT 1)) AS player_b FROM seated "
    "x) SELECT n.sitting_id AS sitting, n.number AS game, n.player_a AS"
    " player_a, n.player_b AS player_b, n.person_a AS person_a, "
    "n.person_b AS person_b, n.winner AS winner, CASE n.winner WHEN 'A'"
    " THEN n.player_a WHEN 'B' THEN n.player_b END AS winner_name, CASE"
    " n.winner WHEN 'A' THEN n.person_a WHEN 'B' THEN n.person_b END AS"
    " winner_person, n.points_a AS points_a, n.points_b AS points_b, "
    "n.value AS value, (SELECT count(*) FROM deal d WHERE d.game_id = "
    "n.id) AS deals, n.id AS game_id FROM named n;",

    "CREATE VIEW rulings AS WITH given AS (SELECT r.id AS ruling_id, "
    "e.sitting_id AS sitting, e.game_id AS game_id, e.deal_id AS "
    "deal_id, e.id AS event, e.seq AS seq, e.line AS line, r.law AS "
    "law, r.offender AS offender, r.elector AS elector, r.options AS "
    "options, r.remedy AS remedy, r.text AS text, CASE WHEN r.offender "
    "IN ('A', 'B') THEN (SELECT s.person FROM seating s WHERE "
    "s.sitting_id = e.sitting_id AND s.seat = r.offender AND s.event_id"
    " <= e.id ORDER BY s.id DESC LIMIT 1) WHEN r.offender != '' THEN "
    "r.offender END AS offender_person FROM ruling r JOIN event e ON "
    "e.id = r.event_id) SELECT v.sitting AS sitting, g.number AS game, "
    "d.number AS deal, v.event AS event, v.seq AS seq, v.line AS line, "
    "v.law AS law, l.title AS title, l.kind AS kind, v.offender AS "
    "offender, v.offender_person AS offender_person, CASE WHEN "
    "v.offender_person IS NOT NULL THEN (SELECT p.name FROM person p "
    "WHERE p.sitting_id = v.sitting AND p.code = v.offender_person) "
    "WHEN v.offender IN ('A', 'B') THEN (SELECT t.value FROM tag t "
    "WHERE t.sitting_id = v.sitting AND t.name = v.offender ORDER BY "
    "t.id DESC LIMIT 1) END AS offender_name, v.elector AS elector, "
    "v.options AS options, v.remedy AS remedy, coalesce(l.kind = "
    "'penalty' AND (l.lawful IS NULL OR v.remedy != l.lawful), 0) AS "
    "irregular, v.text AS text, v.ruling_id AS ruling_id FROM given v "
    "LEFT JOIN game g ON g.id = v.game_id LEFT JOIN deal d ON d.id = "
    "v.deal_id LEFT JOIN law l ON l.code = v.law;",

    "CREATE VIEW irregularities AS SELECT offender_name AS player, "
    "offender_person AS person, law, title, count(*) AS rulings, "
    "count(DISTINCT sitting) AS sittings FROM rulings WHERE irregular ="
    " 1 GROUP BY offender_name, offender_person, law, title;",

    "CREATE VIEW balances AS SELECT p.sitting_id AS sitting, p.code AS "
    "person, p.name AS name, coalesce((SELECT sum(t.amount) FROM "
    "settlement s JOIN transfer t ON t.settlement_id = s.id WHERE "
    "s.sitting_id = p.sitting_id AND t.person = p.code), 0) AS balance,"
    " (SELECT count(*) FROM settlement s JOIN transfer t ON "
    "t.settlement_id = s.id WHERE s.sitting_id = p.sitting_id AND "
    "t.person = p.code) AS transfers FROM person p UNION ALL SELECT "
    "s.sitting_id, 'house', NULL, sum(t.amount), count(*) FROM "
    "settlement s JOIN transfer t ON t.settlement_id = s.id WHERE "
    "t.person = 'house' GROUP BY s.sitting_id;",

    "PRAGMA user_version = 7;",
};

/* From version 7 to 8 (ledger/schema.sql, the column marked (8)): an
 * event's hash kept whole only at an id that is a multiple of
 * LEDGER_HASH_EVERY (64), cut to its first LEDGER_HASH_TAG (8) bytes
 * elsewhere; a hash stored as text (no hash computed is) stays as it
 * is.  The games view made again: a game not finished shows its running
 * score, as `ecarte score` does.  No table is replaced. */
static const char migrate_7_8[] =
    "UPDATE event SET hash = substr(hash, 1, 8) WHERE id % 64 != 0 "
    "AND typeof(hash) = 'blob' AND length(hash) = 32;"
    "DROP VIEW games;"
    "CREATE VIEW games AS WITH seated AS ( SELECT g.*, (SELECT s.person"
    " FROM seating s WHERE s.game_id = g.id AND s.seat = 'A' ORDER BY s"
    ".id DESC LIMIT 1) AS person_a, (SELECT s.person FROM seating s WHE"
    "RE s.game_id = g.id AND s.seat = 'B' ORDER BY s.id DESC LIMIT 1) A"
    "S person_b FROM game g ), named AS ( SELECT x.*, coalesce((SELECT "
    "p.name FROM person p WHERE p.sitting_id = x.sitting_id AND p.code "
    "= x.person_a), (SELECT t.value FROM tag t WHERE t.sitting_id = x.s"
    "itting_id AND t.name = 'A' ORDER BY t.id DESC LIMIT 1)) AS player_"
    "a, coalesce((SELECT p.name FROM person p WHERE p.sitting_id = x.si"
    "tting_id AND p.code = x.person_b), (SELECT t.value FROM tag t WHER"
    "E t.sitting_id = x.sitting_id AND t.name = 'B' ORDER BY t.id DESC "
    "LIMIT 1)) AS player_b FROM seated x ) SELECT n.sitting_id AS sitti"
    "ng, n.number AS game, n.player_a AS player_a, n.player_b AS player"
    "_b, n.person_a AS person_a, n.person_b AS person_b, n.winner AS wi"
    "nner, CASE n.winner WHEN 'A' THEN n.player_a WHEN 'B' THEN n.playe"
    "r_b END AS winner_name, CASE n.winner WHEN 'A' THEN n.person_a WHE"
    "N 'B' THEN n.person_b END AS winner_person, coalesce(n.points_a, ("
    "SELECT m.points_a FROM score_mark m WHERE m.game_id = n.id ORDER B"
    "Y m.id DESC LIMIT 1), 0) AS points_a, coalesce(n.points_b, (SELECT"
    " m.points_b FROM score_mark m WHERE m.game_id = n.id ORDER BY m.id"
    " DESC LIMIT 1), 0) AS points_b, n.value AS value, (SELECT count(*)"
    " FROM deal d WHERE d.game_id = n.id) AS deals, n.id AS game_id FRO"
    "M named n;"
    "PRAGMA user_version = 8;";

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
    if (ledger__event_bind(ins, 0, &row, texts, lens,
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
    struct event_buf *buf = calloc(1, sizeof(*buf)); /* none formatted yet */
    struct event_pack *pack = calloc(1, sizeof(*pack));
    int src = 0;
    int rc = 0;

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
 * migrate_8_9 - from version 8 to 9 (the column marked (9)): the last
 * event stores its hash whole, the events' head, which the chain row
 * held.  Where the chain row does not stand on the last event, or its
 * head does not begin as the event's stored hash, nothing is changed:
 * ledger_verify says what is wrong.  In the open transaction.  Returns
 * 0 or a negative code.
 */
static int migrate_8_9(struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    unsigned char b[32];
    char head[LEDGER_HASH_HEX] = "";
    char stored[LEDGER_HASH_HEX] = "";
    char buf[LEDGER_HASH_HEX];
    int64_t chain_last = -1;
    int64_t last = 0;
    int rc = 0;

    if (sqlite3_prepare_v2(l->db, "SELECT c.head, c.last_id, e.id, e.hash "
                           "FROM chain c, (SELECT id, hash FROM event "
                           "ORDER BY id DESC LIMIT 1) e WHERE c.id = 1",
                           -1, &st, NULL) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "migrate the schema "
                            "to version 9");
    }
    if (sqlite3_step(st) == SQLITE_ROW) {
        snprintf(head, sizeof(head), "%s", ledger__col_text(st, 0));
        chain_last = sqlite3_column_int64(st, 1);
        last = sqlite3_column_int64(st, 2);
        snprintf(stored, sizeof(stored), "%s", ledger__hash_col(st, 3, buf));
    }
    sqlite3_finalize(st);
    st = NULL;
    if (chain_last == last && last % LEDGER_HASH_EVERY != 0 &&
        strlen(stored) == 2 * LEDGER_HASH_TAG &&
        strncmp(head, stored, 2 * LEDGER_HASH_TAG) == 0) {
        if (sqlite3_prepare_v2(l->db, "UPDATE event SET hash = ?1 "
                               "WHERE id = ?2", -1, &st, NULL) != SQLITE_OK ||
            ledger__bind_hash(st, 1, head, true, b) != SQLITE_OK ||
            sqlite3_bind_int64(st, 2, last) != SQLITE_OK ||
            sqlite3_step(st) != SQLITE_DONE) {
            rc = ledger__fail(l, sqlite3_errcode(l->db), "migrate the "
                              "schema to version 9");
        }
        sqlite3_finalize(st);
    }
    if (rc == 0) {
        rc = ledger__exec(l, "PRAGMA user_version = 9;", "migrate the schema "
                          "to version 9");
    }
    return rc;
}

/*
 * migrate_all - ledger__migrate's work, with no foreign key checked:
 * bring a version 1 file to version 2 (migrate_1_2), a
 * version 2 file to version 3 (migrate_2_3), a version 3 file to version
 * 4 (migrate_3_4), a version 4 file to version 5 (migrate_4_5), a
 * version 5 file to version 6 (migrate_5_6), a version 6 file to
 * version 7 (migrate_6_7), a version 7 file to version 8
 * (migrate_7_8) and a version 8 file to version 9 (migrate_8_9), in one
 * transaction; then every row of the sealed tables
 * sealed as it stands
 * (a file older than version 4) and the ledger given its identity
 * (sealed; a file older than version 5).  Another process may have done it meanwhile: the version is
 * read again once the write lock is held.  A file whose objects are of a
 * later version than it says (its number taken back) is refused.  The
 * statements are prepared for the new version.
 */
static int migrate_all(struct ledger *l)
{
    int64_t version = 0;
    int was = l->version;
    bool seal_all = false;
    bool fresh_identity = false;
    bool migrated = false;
    int later = 0;
    int rc = ledger__exec(l, "BEGIN IMMEDIATE", "migrate the schema");

    if (rc != 0) {
        return rc;
    }
    rc = ledger__pragma_int(l, "PRAGMA user_version", &version);
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
                               later >= 9 ? "last event's hash stored whole"
                               : later >= 8 ? "events' hashes cut short"
                               : later >= 7 ? "comment and law tables"
                                          : later >= 5 ? "identity and member tables"
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
        migrated = true;
    }
    if (rc == 0 && version == 6) {
        for (size_t i = 0; rc == 0 && i < sizeof(migrate_6_7) /
                                             sizeof(migrate_6_7[0]); i++) {
            rc = ledger__exec(l, migrate_6_7[i], "migrate the schema to "
                              "version 7");
        }
        version = 7;
        migrated = true;
    }
    if (rc == 0 && version == 7) {
        rc = ledger__exec(l, migrate_7_8, "migrate the schema to version 8");
        version = 8;
    }
    if (rc == 0 && version == 8) {
        rc = migrate_8_9(l);
        version = 9;
        migrated = true;
    }
    if (rc == 0 && migrated) {
        l->version = LEDGER_SCHEMA_VERSION;
        l->chain_fresh = false;
        l->chain_known = false;
        rc = ledger__prepare_statements(l);
        if (rc == 0 && seal_all) {
            rc = ledger__seal_all(l);
        }
        if (rc == 0 && fresh_identity) {
            rc = ledger__identity_new(l);
        }
        if (rc == 0) {
            return ledger_commit(l); /* with the seals' head */
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
