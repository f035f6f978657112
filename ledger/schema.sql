-- SPDX-License-Identifier: MIT
-- schema.sql - the ecarte ledger, schema version 7 (ledger/ledger.h).
-- ledger/schema.c holds this text as C strings, one per paragraph;
-- tests/test_ledger.c checks that the two are equal.  ledger_open
-- runs it in one transaction on a new file, then sets
-- application_id and user_version.  Version 2 added the columns
-- marked (2) at the end of their tables, and their indexes; open.c
-- (migrate_1_2) adds them to a version 1 file opened for writing.
-- Version 4 added the seal (below) and the chain's columns marked (4).
-- Version 5 added the ledger's identity, the members and the
-- provenance of merged sittings (at the end).  Version 6 stores an
-- event's row leaner (the columns marked (6)): what the row gives again
-- is NULL (ledger/event_row.c); migrate.c rewrites the events of an
-- older file.  Every field hashed reads as it was hashed.  Version 7
-- keeps an event's chain hash whole only at every 64th event (the column
-- marked (7)); ledger_verify computes every hash again and compares it.

-- One log, or one session at the table.
CREATE TABLE sitting (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,               -- file name, "-": stdin
    opened TEXT NOT NULL                -- UTC ISO 8601
) STRICT;

-- Tag pairs of a sitting, in order of id.
CREATE TABLE tag (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    name TEXT NOT NULL,
    value TEXT NOT NULL
) STRICT;
CREATE INDEX tag_by_sitting ON tag (sitting_id, id);

-- A game: number is 1-based within the sitting; the result is NULL
-- until ledger_game_finish.
CREATE TABLE game (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    number INTEGER NOT NULL CHECK (number > 0),
    winner TEXT CHECK (winner IN ('A', 'B')),
    points_a INTEGER,
    points_b INTEGER,
    value INTEGER CHECK (value BETWEEN 1 AND 3),
    UNIQUE (sitting_id, number)
) STRICT;

-- A deal: number is 1-based within the sitting; the outcome is 0
-- until ledger_deal_finish sets finished.
CREATE TABLE deal (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    game_id INTEGER NOT NULL REFERENCES game (id),
    number INTEGER NOT NULL CHECK (number > 0),
    dealer TEXT NOT NULL CHECK (dealer IN ('A', 'B')),
    tricks_a INTEGER NOT NULL DEFAULT 0,
    tricks_b INTEGER NOT NULL DEFAULT 0,
    points_a INTEGER NOT NULL DEFAULT 0,
    points_b INTEGER NOT NULL DEFAULT 0,
    is_void INTEGER NOT NULL DEFAULT 0 CHECK (is_void IN (0, 1)),
    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
) STRICT;
CREATE INDEX deal_by_sitting ON deal (sitting_id, number);
CREATE INDEX deal_by_game ON deal (game_id);

-- One line of a log.  ids are given by the ledger (1, 2, 3, ...
-- with no gap) and hash chains every row to the one before it
-- (events.c, ledger__event_hash).
CREATE TABLE event (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    game_id INTEGER REFERENCES game (id),   -- NULL: none yet
    deal_id INTEGER REFERENCES deal (id),   -- NULL: between deals
    seq INTEGER NOT NULL,               -- position in the sitting
    source TEXT,                        -- (6) NULL: the sitting's
    line INTEGER NOT NULL,
    stamp TEXT NOT NULL,
    recorded INTEGER,                   -- (6) UTC, unix seconds
    actor TEXT,                         -- (6) these four NULL: as the
    verb TEXT,                          -- text gives them
    args TEXT,
    cards TEXT,
    text TEXT NOT NULL,
    hash BLOB NOT NULL,                 -- (7) SHA-256: 32 bytes where id
                                        -- % 64 = 0, else its first 8
    recorded_text TEXT                  -- (6) a time recorded not of the
                                        -- form 2026-01-31T20:15:00Z
) STRICT;
CREATE UNIQUE INDEX event_by_sitting ON event (sitting_id, seq);

-- Rulings given on an event; pos orders rulings and score marks
-- together within the event.
CREATE TABLE ruling (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES event (id),
    pos INTEGER NOT NULL,
    law TEXT NOT NULL,
    offender TEXT NOT NULL,
    elector TEXT NOT NULL,
    options TEXT NOT NULL,
    remedy TEXT NOT NULL,
    text TEXT NOT NULL
) STRICT;
CREATE INDEX ruling_by_event ON ruling (event_id);

-- The score of a game after an event.
CREATE TABLE score_mark (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES event (id),
    game_id INTEGER NOT NULL REFERENCES game (id),
    pos INTEGER NOT NULL,
    points_a INTEGER NOT NULL,
    points_b INTEGER NOT NULL,
    reason TEXT NOT NULL
) STRICT;
CREATE INDEX score_mark_by_event ON score_mark (event_id);

-- Files imported, by content: no content is imported twice.  A file's
-- row is written when its import begins and updated in the transaction
-- of every deal, so that an interrupted import goes on from line.
CREATE TABLE import_file (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    path TEXT NOT NULL,
    sitting_id INTEGER REFERENCES sitting (id),
    deals INTEGER NOT NULL,
    quarantined INTEGER NOT NULL,
    imported TEXT NOT NULL,
    line INTEGER NOT NULL DEFAULT 0,    -- (2) last line taken in
    findings INTEGER NOT NULL DEFAULT 0, -- (2) `=` lines that disagreed
    events INTEGER NOT NULL DEFAULT 0,  -- (2) events recorded
    complete INTEGER NOT NULL DEFAULT 1 -- (2) 0: interrupted
        CHECK (complete IN (0, 1))
) STRICT;
CREATE INDEX import_file_by_sitting ON import_file (sitting_id);

-- Raw text of deals that could not be read.  A deal quarantined in an
-- import leaves a gap in its sitting after the event after_event; the
-- sitting goes on from it as the log states (session/session_lost.c).
CREATE TABLE quarantine (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    line INTEGER NOT NULL,
    error TEXT NOT NULL,
    raw TEXT NOT NULL,
    recorded TEXT NOT NULL,
    sitting_id INTEGER REFERENCES sitting (id), -- (2) NULL: none
    after_event INTEGER NOT NULL DEFAULT 0, -- (2) 0: before any event
    game INTEGER NOT NULL DEFAULT 0     -- (2) the game it touched
) STRICT;
CREATE INDEX quarantine_gap ON quarantine (sitting_id, after_event);

-- What an imported log itself recorded: its `=` lines (rulings and
-- scores), after the event above them, kept so that an audit can compare
-- them with what the laws give.
CREATE TABLE claim (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    event_id INTEGER REFERENCES event (id),  -- NULL: before any event
    line INTEGER NOT NULL,
    text TEXT NOT NULL                  -- the line without "= "
) STRICT;
CREATE INDEX claim_by_event ON claim (sitting_id, event_id);

-- The head of the event chain: one row, written in the transaction of
-- every event insert (at its commit).
CREATE TABLE chain (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    head TEXT NOT NULL,                 -- hash of the last event
    n_events INTEGER NOT NULL,
    last_id INTEGER NOT NULL,           -- last event's id, 0: none
    seal_head TEXT NOT NULL DEFAULT     -- (4) hash of the last seal
        '0000000000000000000000000000000000000000000000000000000000000000',
    n_seals INTEGER NOT NULL DEFAULT 0, -- (4)
    seal_last INTEGER NOT NULL DEFAULT 0 -- (4) last seal's id, 0: none
) STRICT;
INSERT INTO chain (id, head, n_events, last_id) VALUES (1,
    '0000000000000000000000000000000000000000000000000000000000000000',
    0, 0);

-- The sitting above the two seats (docs/variants.md, "Tables of three or more"): schema
-- version 3 added the tables below; open.c (migrate_2_3) adds them to a
-- version 2 file opened for writing.  A person of a sitting, known by
-- his ID, declared by event event_id.
CREATE TABLE person (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    event_id INTEGER REFERENCES event (id),
    code TEXT NOT NULL,                 -- the ID: [a-z][a-z0-9-], 2 to 12
    name TEXT NOT NULL,
    UNIQUE (sitting_id, code)
) STRICT;

-- Who sat in a seat for a game (at its first deal), or took it over (a
-- substitute), and in what role (bank, ponte, roi, rentrant, player).
CREATE TABLE seating (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    game_id INTEGER REFERENCES game (id),
    event_id INTEGER REFERENCES event (id),
    seat TEXT NOT NULL CHECK (seat IN ('A', 'B')),
    person TEXT NOT NULL,
    role TEXT NOT NULL
) STRICT;
CREATE INDEX seating_by_sitting ON seating (sitting_id, id);
-- (5) a game's seatings, for the standings' last seating of each game
CREATE INDEX seating_by_game ON seating (game_id, seat, id);

-- Money staked: a chouette's stake against the bank for a game, a
-- pool's ante or forfeit.
CREATE TABLE stake (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    game_id INTEGER REFERENCES game (id),
    event_id INTEGER REFERENCES event (id),
    person TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('stake', 'ante', 'forfeit')),
    amount INTEGER NOT NULL CHECK (amount > 0)
) STRICT;
CREATE INDEX stake_by_sitting ON stake (sitting_id, id);

-- A bet of the gallery standing when betting closed: what the bettor
-- risks on his seat (at odds_p:odds_q), and who covers it ('' in a
-- tableau, where the house books it).
CREATE TABLE bet (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    game_id INTEGER REFERENCES game (id),
    event_id INTEGER REFERENCES event (id),
    bettor TEXT NOT NULL,
    seat TEXT NOT NULL CHECK (seat IN ('A', 'B')),
    amount INTEGER NOT NULL CHECK (amount > 0),
    odds_p INTEGER NOT NULL CHECK (odds_p > 0),
    odds_q INTEGER NOT NULL CHECK (odds_q > 0),
    coverer TEXT NOT NULL
) STRICT;
CREATE INDEX bet_by_sitting ON bet (sitting_id, id);

-- Money moved: a `= settle` line after event event_id (pos orders it
-- with the event's rulings and marks), for reason game, pool,
-- forfeit-stake or reopened.  Its transfers sum to zero, the house's
-- levy included: the referee checks it as it writes, the audit again.
CREATE TABLE settlement (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    game_id INTEGER REFERENCES game (id),
    event_id INTEGER NOT NULL REFERENCES event (id),
    pos INTEGER NOT NULL,
    reason TEXT NOT NULL,
    text TEXT NOT NULL                  -- the line without "= "
) STRICT;
CREATE INDEX settlement_by_event ON settlement (event_id);
CREATE INDEX settlement_by_sitting ON settlement (sitting_id, id);

CREATE TABLE transfer (
    id INTEGER PRIMARY KEY,
    settlement_id INTEGER NOT NULL REFERENCES settlement (id),
    person TEXT NOT NULL,               -- a person's ID, or 'house'
    amount INTEGER NOT NULL             -- received (+) or paid (-)
) STRICT;
CREATE INDEX transfer_by_settlement ON transfer (settlement_id);

-- The sitting's other `=` lines after event event_id: what the pool
-- holds, who holds which role, the bets at risk.
CREATE TABLE sitting_mark (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES event (id),
    pos INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('pool', 'roles', 'bets')),
    text TEXT NOT NULL                  -- the line without "= "
) STRICT;
CREATE INDEX sitting_mark_by_event ON sitting_mark (event_id);

-- The seal (version 4): the rows no recorded action gives again (the
-- sittings, their tags, the files imported, the deals quarantined, the
-- claims of imported logs) are each sealed when written, and again
-- when changed: the row's columns as a JSON array (json_array, in the
-- table's column order), hash chained to the seal before (seal.c).
-- The newest seal of a row is what the row must hold; every other row
-- of the ledger is re-derived from the events by `ecarte verify`.
CREATE TABLE seal (
    id INTEGER PRIMARY KEY,
    tbl TEXT NOT NULL,                  -- the table sealed
    row_id INTEGER NOT NULL,            -- the row's id in it
    row TEXT NOT NULL,                  -- its columns, a JSON array
    hash TEXT NOT NULL                  -- SHA-256 over the seal before
) STRICT;
CREATE INDEX seal_by_row ON seal (tbl, row_id, id);

-- The ledger's identity (version 5): one row, written (and sealed) when
-- the ledger is made or migrated to version 5.  uuid is 32 hex digits
-- from RAND_bytes: a merged sitting names the ledger it came from by it.
CREATE TABLE ledger_info (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    uuid TEXT NOT NULL,
    created TEXT NOT NULL               -- UTC ISO 8601
) STRICT;

-- Members (version 5): the club's decisions of who is whom, sealed.  A
-- name found as spelling (a duel's A or B tag, a person's name) is the
-- member member ("Mr. Ashby" is "Ann Ash").
CREATE TABLE member_join (
    id INTEGER PRIMARY KEY,
    spelling TEXT NOT NULL UNIQUE,
    member TEXT NOT NULL,
    recorded TEXT NOT NULL              -- UTC ISO 8601
) STRICT;

-- A seat or a person of one sitting kept apart from his namesakes: who
-- ('A' or 'B' for a duel's seat, else a person's ID) of sitting_id is
-- the member member, whatever his name and the joins say.
CREATE TABLE member_apart (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    who TEXT NOT NULL,
    member TEXT NOT NULL,
    recorded TEXT NOT NULL,             -- UTC ISO 8601
    UNIQUE (sitting_id, who)
) STRICT;

-- Where a merged sitting came from (`ecarte merge`, version 5): the
-- source ledger's identity and its sitting's id there, the chain hash
-- of that sitting's last event in the source and its number of events;
-- the ledger where the sitting was first recorded (the source itself,
-- or its own origin if it was merged there); the source's path.
CREATE TABLE provenance (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL UNIQUE REFERENCES sitting (id),
    source_uuid TEXT NOT NULL,
    source_sitting INTEGER NOT NULL,
    source_head TEXT NOT NULL,
    n_events INTEGER NOT NULL,
    origin_uuid TEXT NOT NULL,
    origin_sitting INTEGER NOT NULL,
    source_path TEXT NOT NULL,
    merged TEXT NOT NULL                -- UTC ISO 8601
) STRICT;
CREATE INDEX provenance_by_origin ON provenance (origin_uuid, origin_sitting);
