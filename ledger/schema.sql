-- SPDX-License-Identifier: MIT
-- schema.sql - the ecarte ledger, schema version 9 (ledger/ledger.h).
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
-- added the log's comments, the laws' titles and the views for analysts
-- (at the end; migrate.c, migrate_6_7).  Version 8 keeps an event's chain
-- hash whole only at every 64th event (the column marked (8));
-- ledger_verify computes every hash again and compares it.  Version 9
-- keeps it whole at the last event too, the head of the chain (marked
-- (9); migrate.c, migrate_8_9): the chain row is written with the seals,
-- the first event and every 64th only, its events' part a mark the end
-- cannot be cut back behind.

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
-- (hash.c, ledger__event_hash).
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
    hash BLOB NOT NULL,                 -- (8) SHA-256: 32 bytes where id
                                        -- % 64 = 0 and (9) at the last
                                        -- event, else its first 8
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

-- The heads of the chains: one row.  Before version 9, written in the
-- transaction of every event insert (at its commit); from version 9, at
-- the commit of a transaction that adds seals, the first event or a 64th,
-- its events' part then a mark (the events' head is the last event's own
-- hash, stored whole).
CREATE TABLE chain (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    head TEXT NOT NULL,                 -- hash of the last event (9: at
                                        -- the mark)
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
-- claims of imported logs; the identity, members and provenance of
-- version 5; the comments of version 7) are each sealed when written,
-- and again when changed: the row's columns as a JSON array
-- (json_array, in the table's column order), hash chained to the seal
-- before (seal.c).
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

-- The log's comments (version 7): every `#` comment of a log recorded or
-- imported, or typed at the table, kept so that export writes it back
-- in its place; sealed when written (seal.c).  A comment follows the
-- event event_id of its sitting (NULL: no event yet, among the tags);
-- after_lines says where among the lines after that event it stood:
-- after how many of its `=` lines (before the first event: after how
-- many of the sitting's tags).  ends_line 1: it ends that line (the
-- event's own when after_lines is 0) and its text begins with the
-- blanks before its `#`; 0: a line of its own, its text the whole line.
-- A comment is no event: the chain and the referee never see one.
CREATE TABLE comment (
    id INTEGER PRIMARY KEY,
    sitting_id INTEGER NOT NULL REFERENCES sitting (id),
    event_id INTEGER REFERENCES event (id),   -- NULL: before any event
    after_lines INTEGER NOT NULL CHECK (after_lines >= 0),
    ends_line INTEGER NOT NULL CHECK (ends_line IN (0, 1)),
    line INTEGER NOT NULL,              -- its line in the log
    text TEXT NOT NULL                  -- as written, `#` included
) STRICT;
CREATE INDEX comment_by_sitting ON comment (sitting_id, event_id, id);

-- The laws and rules (version 7), for the views: every row of the
-- registry ecarte is built with (laws/), id its place there.  code is
-- what ruling.law holds; kind: penalty (someone erred), rule (of play or
-- scoring) or procedure (nobody erred); lawful: the remedy by which a
-- ruling of the row records a lawful act (L24 in time), else NULL.  No
-- command writes it: `ecarte verify` holds it against the laws ecarte
-- is built with (a law added or retitled is a new schema version).
CREATE TABLE law (
    id INTEGER PRIMARY KEY,             -- the registry's order, from 1
    code TEXT NOT NULL UNIQUE,          -- "L43", "CH2"
    title TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('penalty', 'rule', 'procedure')),
    lawful TEXT                         -- a remedy's word, or NULL
) STRICT;

-- The club's laws.
INSERT INTO law (id, code, title, kind, lawful) VALUES
    (1, 'L1', 'Right to shuffle', 'penalty', NULL),
    (2, 'L2', 'Improper shuffling', 'penalty', NULL),
    (3, 'L3', 'Size of a cut', 'penalty', NULL),
    (4, 'L4', 'Cards exposed in cutting for deal', 'penalty', NULL),
    (5, 'L5', 'Winner of the cut for deal', 'procedure', NULL),
    (6, 'L6', 'The cut stands with a bad pack', 'procedure', NULL),
    (7, 'L7', 'Card exposed in the cut to the dealer', 'penalty', NULL),
    (8, 'L8', 'Packet order kept for the game', 'penalty', NULL),
    (9, 'L9', 'Wrong count or packet order before the turn-up', 'penalty', NULL),
    (10, 'L10', 'The turn-up', 'penalty', NULL),
    (11, 'L11', 'More than one card turned up', 'penalty', NULL),
    (12, 'L12', 'Faced card in the pack', 'penalty', NULL),
    (13, 'L13', 'Card exposed by the dealer in dealing', 'penalty', NULL),
    (14, 'L14', 'Deal out of turn or with the wrong pack', 'penalty', NULL),
    (15, 'L15', 'Elder hand has too many cards', 'penalty', NULL),
    (16, 'L16', 'Elder hand has too few cards', 'penalty', NULL),
    (17, 'L17', 'Dealer has too many cards', 'penalty', NULL),
    (18, 'L18', 'Dealer has too few cards', 'penalty', NULL),
    (19, 'L19', 'No king point after a miscounted deal', 'penalty', NULL),
    (20, 'L20', 'Elder hand plays with the wrong number', 'penalty', NULL),
    (21, 'L21', 'Dealer plays with the wrong number', 'penalty', NULL),
    (22, 'L22', 'Marking a turned king in time', 'penalty', NULL),
    (23, 'L23', 'Announcing the king of trumps in time', 'penalty', NULL),
    (24, 'L24', 'King led, or the dealer''s first card', 'penalty', 'award'),
    (25, 'L25', 'False announcement of the king', 'penalty', NULL),
    (26, 'L26', 'A proposal is binding', 'penalty', NULL),
    (27, 'L27', 'An answer is binding', 'penalty', NULL),
    (28, 'L28', 'Discarding before taking', 'penalty', NULL),
    (29, 'L29', 'Elder hand takes more cards than he discarded', 'penalty', NULL),
    (30, 'L30', 'Elder hand asks for fewer than he discarded', 'penalty', NULL),
    (31, 'L31', 'Dealer gives elder hand too many', 'penalty', NULL),
    (32, 'L32', 'Dealer gives elder hand too few', 'penalty', NULL),
    (33, 'L33', 'Dealer takes more than he discarded', 'penalty', NULL),
    (34, 'L34', 'Dealer takes fewer than he discarded', 'penalty', NULL),
    (35, 'L35', 'Faced card in the stock', 'penalty', NULL),
    (36, 'L36', 'Cards exposed while serving', 'penalty', NULL),
    (37, 'L37', 'A card turned up in the exchange', 'penalty', NULL),
    (38, 'L38', 'Accepting when the stock is too small', 'procedure', NULL),
    (39, 'L39', 'Taking back a card', 'penalty', NULL),
    (40, 'L40', 'Lead out of turn', 'penalty', NULL),
    (41, 'L41', 'Naming one suit and leading another', 'penalty', NULL),
    (42, 'L42', 'Abandoning a hand', 'penalty', NULL),
    (43, 'L43', 'Revoke, or not winning the trick', 'penalty', NULL),
    (44, 'L44', 'Calling for new cards', 'procedure', NULL),
    (45, 'L45', 'Incorrect or imperfect pack', 'penalty', NULL),
    (46, 'L46', 'Game; double and treble', 'rule', NULL),
    (47, 'L47', 'King points', 'penalty', NULL),
    (48, 'L48', 'Trick points', 'rule', NULL),
    (49, 'L49', 'Extra point against standing or refusing', 'rule', NULL),
    (50, 'L50', 'Forgotten scores', 'penalty', NULL),
    (51, 'L51', 'Overscore', 'penalty', NULL);

-- The variant systems' rules and those of tables of three or more.
INSERT INTO law (id, code, title, kind, lawful) VALUES
    (52, 'PL1', 'The discards become a new stock', 'procedure', NULL),
    (53, 'PL2', 'The Polish scoring table', 'rule', NULL),
    (54, 'PL3', 'The king held is scored by marking', 'rule', NULL),
    (55, 'PL4', 'A drawn turn-up king scores once', 'penalty', NULL),
    (56, 'PL5', 'The jack veto', 'procedure', NULL),
    (57, 'MD1', 'A double declined', 'procedure', NULL),
    (58, 'MD2', 'A double that does not count', 'procedure', NULL),
    (59, 'MD3', 'The point offered and declined', 'procedure', NULL),
    (60, 'MD4', 'The point offered and accepted', 'procedure', NULL),
    (61, 'MD5', 'An offer of the point that does not count', 'procedure', NULL),
    (62, 'CH1', 'Seated against the roles', 'penalty', NULL),
    (63, 'CH2', 'An adviser looks at the bank''s hand', 'penalty', NULL),
    (64, 'CH3', 'The ponte leaves', 'penalty', NULL),
    (65, 'CH4', 'A stake stated too late', 'penalty', NULL),
    (66, 'CH5', 'The bank leaves', 'penalty', NULL),
    (67, 'PO1', 'The pool after a game', 'rule', NULL),
    (68, 'PO2', 'The wrong person sits', 'penalty', NULL),
    (69, 'PO3', 'A player leaves the pool', 'penalty', NULL),
    (70, 'PO4', 'Advice in the pool', 'penalty', NULL),
    (71, 'BY1', 'A bet after the close', 'penalty', NULL),
    (72, 'BY2', 'A bettor looks at the adverse hand', 'penalty', NULL),
    (73, 'BY3', 'The players cover first', 'procedure', NULL),
    (74, 'BY4', 'Advice not allowed', 'penalty', NULL),
    (75, 'BY5', 'A bettor calls an irregularity', 'procedure', NULL),
    (76, 'BY6', 'A player walks out', 'penalty', NULL),
    (77, 'BY7', 'Bets follow the game', 'rule', NULL),
    (78, 'BY8', 'A game not finished', 'procedure', NULL),
    (79, 'BY9', 'The tableau equalised', 'rule', NULL),
    (80, 'BY10', 'The loser retires', 'rule', NULL);

-- The views (version 7): the rows above as an analyst asks for them
-- (docs/ledger.md says every column).  They store nothing.  A player's
-- name: at a table of three or more, the name of the person seated
-- (seating, person); at a duel, the sitting's A or B tag.
--
-- deals: every deal with its game's number, its dealer and the players
-- of its seats (who sat there at the deal's first event), its tricks,
-- points, and whether it was void or finished.
CREATE VIEW deals AS
WITH first_event AS MATERIALIZED (
    SELECT deal_id, min(id) AS event_id FROM event
    WHERE deal_id IS NOT NULL GROUP BY deal_id
), seated AS (
    SELECT d.*,
        (SELECT s.person FROM seating s
         WHERE s.game_id = d.game_id AND s.seat = 'A' AND s.event_id <=
             (SELECT f.event_id FROM first_event f WHERE f.deal_id = d.id)
         ORDER BY s.id DESC LIMIT 1) AS person_a,
        (SELECT s.person FROM seating s
         WHERE s.game_id = d.game_id AND s.seat = 'B' AND s.event_id <=
             (SELECT f.event_id FROM first_event f WHERE f.deal_id = d.id)
         ORDER BY s.id DESC LIMIT 1) AS person_b
    FROM deal d
), named AS (
    SELECT x.*,
        coalesce((SELECT p.name FROM person p
                  WHERE p.sitting_id = x.sitting_id AND p.code = x.person_a),
                 (SELECT t.value FROM tag t
                  WHERE t.sitting_id = x.sitting_id AND t.name = 'A'
                  ORDER BY t.id DESC LIMIT 1)) AS player_a,
        coalesce((SELECT p.name FROM person p
                  WHERE p.sitting_id = x.sitting_id AND p.code = x.person_b),
                 (SELECT t.value FROM tag t
                  WHERE t.sitting_id = x.sitting_id AND t.name = 'B'
                  ORDER BY t.id DESC LIMIT 1)) AS player_b
    FROM seated x
)
SELECT n.sitting_id AS sitting, g.number AS game, n.number AS deal,
    n.dealer AS dealer,
    CASE n.dealer WHEN 'A' THEN n.player_a ELSE n.player_b END
        AS dealer_name,
    n.player_a AS player_a, n.player_b AS player_b,
    n.person_a AS person_a, n.person_b AS person_b,
    n.tricks_a AS tricks_a, n.tricks_b AS tricks_b,
    n.points_a AS points_a, n.points_b AS points_b,
    n.is_void AS void, n.finished AS finished,
    n.game_id AS game_id, n.id AS deal_id
FROM named n JOIN game g ON g.id = n.game_id;

-- games: every game with the players of its seats (the last seated
-- there), its winner and the winner's name (NULL while it is not won),
-- the points, its value (1 single, 2 double, 3 treble) and its deals.
CREATE VIEW games AS
WITH seated AS (
    SELECT g.*,
        (SELECT s.person FROM seating s
         WHERE s.game_id = g.id AND s.seat = 'A'
         ORDER BY s.id DESC LIMIT 1) AS person_a,
        (SELECT s.person FROM seating s
         WHERE s.game_id = g.id AND s.seat = 'B'
         ORDER BY s.id DESC LIMIT 1) AS person_b
    FROM game g
), named AS (
    SELECT x.*,
        coalesce((SELECT p.name FROM person p
                  WHERE p.sitting_id = x.sitting_id AND p.code = x.person_a),
                 (SELECT t.value FROM tag t
                  WHERE t.sitting_id = x.sitting_id AND t.name = 'A'
                  ORDER BY t.id DESC LIMIT 1)) AS player_a,
        coalesce((SELECT p.name FROM person p
                  WHERE p.sitting_id = x.sitting_id AND p.code = x.person_b),
                 (SELECT t.value FROM tag t
                  WHERE t.sitting_id = x.sitting_id AND t.name = 'B'
                  ORDER BY t.id DESC LIMIT 1)) AS player_b
    FROM seated x
)
SELECT n.sitting_id AS sitting, n.number AS game,
    n.player_a AS player_a, n.player_b AS player_b,
    n.person_a AS person_a, n.person_b AS person_b,
    n.winner AS winner,
    CASE n.winner WHEN 'A' THEN n.player_a WHEN 'B' THEN n.player_b END
        AS winner_name,
    CASE n.winner WHEN 'A' THEN n.person_a WHEN 'B' THEN n.person_b END
        AS winner_person,
    coalesce(n.points_a, (SELECT m.points_a FROM score_mark m
                          WHERE m.game_id = n.id ORDER BY m.id DESC
                          LIMIT 1), 0) AS points_a,
    coalesce(n.points_b, (SELECT m.points_b FROM score_mark m
                          WHERE m.game_id = n.id ORDER BY m.id DESC
                          LIMIT 1), 0) AS points_b,
    n.value AS value,
    (SELECT count(*) FROM deal d WHERE d.game_id = n.id) AS deals,
    n.id AS game_id
FROM named n;

-- rulings: every ruling with its law's title and kind, where it was
-- given (sitting, game and deal numbers, the event, its line in the
-- log) and who erred: offender as the ruling names him (a seat, a
-- person's ID, or '' for nobody), the person seated in that seat at the
-- event (seating) or named, and his name.  irregular is 1 for a ruling
-- of a penalty law that does not record a lawful act.
CREATE VIEW rulings AS
WITH given AS (
    SELECT r.id AS ruling_id, e.sitting_id AS sitting, e.game_id AS game_id,
        e.deal_id AS deal_id, e.id AS event, e.seq AS seq, e.line AS line,
        r.law AS law, r.offender AS offender, r.elector AS elector,
        r.options AS options, r.remedy AS remedy, r.text AS text,
        CASE WHEN r.offender IN ('A', 'B') THEN
                 (SELECT s.person FROM seating s
                  WHERE s.sitting_id = e.sitting_id AND s.seat = r.offender
                  AND s.event_id <= e.id ORDER BY s.id DESC LIMIT 1)
             WHEN r.offender != '' THEN r.offender END AS offender_person
    FROM ruling r JOIN event e ON e.id = r.event_id
)
SELECT v.sitting AS sitting, g.number AS game, d.number AS deal,
    v.event AS event, v.seq AS seq, v.line AS line, v.law AS law,
    l.title AS title, l.kind AS kind, v.offender AS offender,
    v.offender_person AS offender_person,
    CASE WHEN v.offender_person IS NOT NULL THEN
             (SELECT p.name FROM person p WHERE p.sitting_id = v.sitting
              AND p.code = v.offender_person)
         WHEN v.offender IN ('A', 'B') THEN
             (SELECT t.value FROM tag t WHERE t.sitting_id = v.sitting
              AND t.name = v.offender ORDER BY t.id DESC LIMIT 1) END
        AS offender_name,
    v.elector AS elector, v.options AS options, v.remedy AS remedy,
    coalesce(l.kind = 'penalty' AND (l.lawful IS NULL OR
                                     v.remedy != l.lawful), 0) AS irregular,
    v.text AS text, v.ruling_id AS ruling_id
FROM given v LEFT JOIN game g ON g.id = v.game_id
LEFT JOIN deal d ON d.id = v.deal_id LEFT JOIN law l ON l.code = v.law;

-- irregularities: the irregular rulings counted by who erred (his name
-- and, at a table of three or more, his ID; NULL for nobody) and by law,
-- across every sitting: how many rulings, in how many sittings.
CREATE VIEW irregularities AS
SELECT offender_name AS player, offender_person AS person, law, title,
    count(*) AS rulings, count(DISTINCT sitting) AS sittings
FROM rulings WHERE irregular = 1
GROUP BY offender_name, offender_person, law, title;

-- balances: each person's money in each sitting, the sum of what its
-- settlements gave him (+ received, - paid) and how many transfers;
-- then the house's levy (person 'house', name NULL).  A sitting's
-- balances sum to zero.
CREATE VIEW balances AS
SELECT p.sitting_id AS sitting, p.code AS person, p.name AS name,
    coalesce((SELECT sum(t.amount) FROM settlement s
              JOIN transfer t ON t.settlement_id = s.id
              WHERE s.sitting_id = p.sitting_id AND t.person = p.code), 0)
        AS balance,
    (SELECT count(*) FROM settlement s JOIN transfer t
     ON t.settlement_id = s.id
     WHERE s.sitting_id = p.sitting_id AND t.person = p.code) AS transfers
FROM person p
UNION ALL
SELECT s.sitting_id, 'house', NULL, sum(t.amount), count(*)
FROM settlement s JOIN transfer t ON t.settlement_id = s.id
WHERE t.person = 'house' GROUP BY s.sitting_id;
