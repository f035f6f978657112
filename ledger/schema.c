/*
 * schema.c - the ledger schema as C strings: the text of ledger/schema.sql,
 * one string per paragraph (each under the 4095 characters ISO C
 * promises).  tests/test_ledger.c checks that their concatenation equals
 * the file; edit both.
 */
#include "ledger/ledger_int.h"

#include <stddef.h>

const char *const ledger__schema_sql[] = {
    "-- schema.sql - the ecarte ledger, schema version 1 (ledger/ledger.h).\n"
    "-- ledger/schema.c holds this text as C strings, one per paragraph;\n"
    "-- tests/test_ledger.c checks that the two are equal.  ledger_open\n"
    "-- runs it in one transaction on a new file, then sets\n"
    "-- application_id and user_version.\n"
    "\n",

    "-- One log, or one session at the table.\n"
    "CREATE TABLE sitting (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    source TEXT NOT NULL,               -- file name, \"-\": stdin\n"
    "    opened TEXT NOT NULL                -- UTC ISO 8601\n"
    ") STRICT;\n"
    "\n",

    "-- Tag pairs of a sitting, in order of id.\n"
    "CREATE TABLE tag (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    sitting_id INTEGER NOT NULL REFERENCES sitting (id),\n"
    "    name TEXT NOT NULL,\n"
    "    value TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE INDEX tag_by_sitting ON tag (sitting_id, id);\n"
    "\n",

    "-- A game: number is 1-based within the sitting; the result is NULL\n"
    "-- until ledger_game_finish.\n"
    "CREATE TABLE game (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    sitting_id INTEGER NOT NULL REFERENCES sitting (id),\n"
    "    number INTEGER NOT NULL CHECK (number > 0),\n"
    "    winner TEXT CHECK (winner IN ('A', 'B')),\n"
    "    points_a INTEGER,\n"
    "    points_b INTEGER,\n"
    "    value INTEGER CHECK (value BETWEEN 1 AND 3),\n"
    "    UNIQUE (sitting_id, number)\n"
    ") STRICT;\n"
    "\n",

    "-- A deal: number is 1-based within the sitting; the outcome is 0\n"
    "-- until ledger_deal_finish sets finished.\n"
    "CREATE TABLE deal (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    sitting_id INTEGER NOT NULL REFERENCES sitting (id),\n"
    "    game_id INTEGER NOT NULL REFERENCES game (id),\n"
    "    number INTEGER NOT NULL CHECK (number > 0),\n"
    "    dealer TEXT NOT NULL CHECK (dealer IN ('A', 'B')),\n"
    "    tricks_a INTEGER NOT NULL DEFAULT 0,\n"
    "    tricks_b INTEGER NOT NULL DEFAULT 0,\n"
    "    points_a INTEGER NOT NULL DEFAULT 0,\n"
    "    points_b INTEGER NOT NULL DEFAULT 0,\n"
    "    is_void INTEGER NOT NULL DEFAULT 0 CHECK (is_void IN (0, 1)),\n"
    "    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))\n"
    ") STRICT;\n"
    "CREATE INDEX deal_by_sitting ON deal (sitting_id, number);\n"
    "CREATE INDEX deal_by_game ON deal (game_id);\n"
    "\n",

    "-- One line of a log.  ids are given by the ledger (1, 2, 3, ...\n"
    "-- with no gap) and hash chains every row to the one before it\n"
    "-- (ledger.c, event_hash).\n"
    "CREATE TABLE event (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    sitting_id INTEGER NOT NULL REFERENCES sitting (id),\n"
    "    game_id INTEGER REFERENCES game (id),   -- NULL: none yet\n"
    "    deal_id INTEGER REFERENCES deal (id),   -- NULL: between deals\n"
    "    seq INTEGER NOT NULL,               -- position in the sitting\n"
    "    source TEXT NOT NULL,\n"
    "    line INTEGER NOT NULL,\n"
    "    stamp TEXT NOT NULL,\n"
    "    recorded TEXT NOT NULL,             -- UTC ISO 8601\n"
    "    actor TEXT NOT NULL,\n"
    "    verb TEXT NOT NULL,\n"
    "    args TEXT NOT NULL,\n"
    "    cards TEXT NOT NULL,\n"
    "    text TEXT NOT NULL,\n"
    "    hash TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE UNIQUE INDEX event_by_sitting ON event (sitting_id, seq);\n"
    "\n",

    "-- Rulings given on an event; pos orders rulings and score marks\n"
    "-- together within the event.\n"
    "CREATE TABLE ruling (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    event_id INTEGER NOT NULL REFERENCES event (id),\n"
    "    pos INTEGER NOT NULL,\n"
    "    law TEXT NOT NULL,\n"
    "    offender TEXT NOT NULL,\n"
    "    elector TEXT NOT NULL,\n"
    "    options TEXT NOT NULL,\n"
    "    remedy TEXT NOT NULL,\n"
    "    text TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE INDEX ruling_by_event ON ruling (event_id);\n"
    "\n",

    "-- The score of a game after an event.\n"
    "CREATE TABLE score_mark (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    event_id INTEGER NOT NULL REFERENCES event (id),\n"
    "    game_id INTEGER NOT NULL REFERENCES game (id),\n"
    "    pos INTEGER NOT NULL,\n"
    "    points_a INTEGER NOT NULL,\n"
    "    points_b INTEGER NOT NULL,\n"
    "    reason TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE INDEX score_mark_by_event ON score_mark (event_id);\n"
    "\n",

    "-- Files imported, by content: no content is imported twice.\n"
    "CREATE TABLE import_file (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    sha256 TEXT NOT NULL UNIQUE,\n"
    "    path TEXT NOT NULL,\n"
    "    sitting_id INTEGER REFERENCES sitting (id),\n"
    "    deals INTEGER NOT NULL,\n"
    "    quarantined INTEGER NOT NULL,\n"
    "    imported TEXT NOT NULL\n"
    ") STRICT;\n"
    "\n",

    "-- Raw text of deals that could not be read.\n"
    "CREATE TABLE quarantine (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    source TEXT NOT NULL,\n"
    "    line INTEGER NOT NULL,\n"
    "    error TEXT NOT NULL,\n"
    "    raw TEXT NOT NULL,\n"
    "    recorded TEXT NOT NULL\n"
    ") STRICT;\n"
    "\n",

    "-- What an imported log itself recorded: its `=` lines (rulings and\n"
    "-- scores), after the event above them, kept so that an audit can compare\n"
    "-- them with what the laws give.\n"
    "CREATE TABLE claim (\n"
    "    id INTEGER PRIMARY KEY,\n"
    "    sitting_id INTEGER NOT NULL REFERENCES sitting (id),\n"
    "    event_id INTEGER REFERENCES event (id),  -- NULL: before any event\n"
    "    line INTEGER NOT NULL,\n"
    "    text TEXT NOT NULL                  -- the line without \"= \"\n"
    ") STRICT;\n"
    "CREATE INDEX claim_by_event ON claim (sitting_id, event_id);\n"
    "\n",

    "-- The head of the event chain: one row, written in the transaction of\n"
    "-- every event insert (at its commit).\n"
    "CREATE TABLE chain (\n"
    "    id INTEGER PRIMARY KEY CHECK (id = 1),\n"
    "    head TEXT NOT NULL,                 -- hash of the last event\n"
    "    n_events INTEGER NOT NULL,\n"
    "    last_id INTEGER NOT NULL            -- last event's id, 0: none\n"
    ") STRICT;\n"
    "INSERT INTO chain (id, head, n_events, last_id) VALUES (1,\n"
    "    '0000000000000000000000000000000000000000000000000000000000000000',\n"
    "    0, 0);\n",
    NULL
};
