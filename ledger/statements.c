/* SPDX-License-Identifier: MIT */
/*
 * statements.c - every statement of the ledger: its SQL (one table,
 * indexed by enum stmt), preparing them all once when the ledger is
 * opened, and the helpers every file of ledger/ uses to bind, run and
 * read them.
 */
#include "ledger/ledger.h"

#include <stdio.h>
#include <time.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* The columns read into a struct ledger_event (ledger__event_from_row,
 * event_row.c): a version 6 row's time recorded, whichever column holds
 * it ('' if both do: no time hashed is); a version 5 row's as it is. */
#define EVENT_COLUMNS_OF(recorded) \
    "id, sitting_id, coalesce(game_id, 0), coalesce(deal_id, 0), seq, " \
    "coalesce(source, (SELECT s.source FROM sitting s " \
    "WHERE s.id = sitting_id)), line, stamp, " recorded ", actor, verb, " \
    "args, cards, text, hash"
#define EVENT_COLUMNS EVENT_COLUMNS_OF( \
    "CASE WHEN recorded_text IS NULL THEN recorded " \
    "WHEN recorded IS NULL THEN recorded_text ELSE '' END")
#define EVENT_COLUMNS_5 EVENT_COLUMNS_OF("recorded")

/* A game's points: its result once finished, else the last score marked
 * in it (a game in progress shows its running score). */
#define GAME_POINTS \
    "coalesce(g.points_a, (SELECT m.points_a FROM score_mark m " \
    "WHERE m.game_id = g.id ORDER BY m.id DESC LIMIT 1), 0), " \
    "coalesce(g.points_b, (SELECT m.points_b FROM score_mark m " \
    "WHERE m.game_id = g.id ORDER BY m.id DESC LIMIT 1), 0)"

/* Deals of a game quarantined (left out of it), in a scoresheet row. */
#define GAME_LOST \
    "(SELECT count(*) FROM quarantine q WHERE q.sitting_id = d.sitting_id " \
    "AND q.game = g.number)"

/* The columns of a scoresheet row (with GAME_LOST or 0 last). */
#define SHEET_COLUMNS \
    "d.sitting_id, g.number, d.number, d.dealer, d.tricks_a, d.tricks_b, " \
    "d.points_a, d.points_b, d.is_void, d.finished, g.winner, g.value, " \
    GAME_POINTS ", "

/* The pos of a new ruling, score mark, settlement or sitting mark: the
 * lines already given on event ?1 (MARK_POS_2: a version 2 file, which
 * has no settlement or sitting_mark; it is never written, only read). */
#define MARK_POS \
    "(SELECT count(*) FROM ruling WHERE event_id = ?1) + " \
    "(SELECT count(*) FROM score_mark WHERE event_id = ?1) + " \
    "(SELECT count(*) FROM settlement WHERE event_id = ?1) + " \
    "(SELECT count(*) FROM sitting_mark WHERE event_id = ?1)"
#define MARK_POS_2 \
    "(SELECT count(*) FROM ruling WHERE event_id = ?1) + " \
    "(SELECT count(*) FROM score_mark WHERE event_id = ?1)"

/* The lines of ledger_lines_foreach, each table by its own cursor in the
 * order of its index (queries.c merges them by event and pos): the events
 * of sitting ?1, game number ?2 (all if <= 0), in the sitting's order
 * (seq rises with id within a sitting), and the rulings, score marks,
 * settlements and sitting marks of the events from id ?1 on. */
#define LINES_EVENTS \
    "SELECT e.id, coalesce(g.number, 0), e.text FROM event e " \
    "LEFT JOIN game g ON g.id = e.game_id " \
    "WHERE e.sitting_id = ?1 AND (?2 <= 0 OR g.number = ?2) ORDER BY e.seq"
#define LINES_OF(table, columns) \
    "SELECT event_id, pos, " columns " FROM " table " " \
    "WHERE event_id >= ?1 ORDER BY event_id, pos"
#define LINES_NONE "SELECT 0, 0, '', 0, 0 WHERE ?1 IS NULL AND 0"

/* A person's balance in a sitting: the sum of his transfers. */
#define BALANCE_OF(sitting, who) \
    "coalesce((SELECT sum(t.amount) FROM transfer t JOIN settlement s " \
    "ON s.id = t.settlement_id WHERE s.sitting_id = " sitting " " \
    "AND t.person = " who "), 0)"

static const char *const stmt_sql[ST_COUNT] = {
    [ST_BEGIN] = "BEGIN IMMEDIATE",
    [ST_BEGIN_READ] = "BEGIN",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
    [ST_SAVEPOINT] = "SAVEPOINT deal",
    [ST_RELEASE] = "RELEASE deal",
    [ST_ROLLBACK_TO] = "ROLLBACK TO deal",
    [ST_SITTING_ADD] = "INSERT INTO sitting (source, opened) VALUES (?1, ?2)",
    [ST_SITTING_LAST] = "SELECT max(id) FROM sitting",
    [ST_SITTINGS] = "SELECT id, source FROM sitting ORDER BY id",
    [ST_TAG_ADD] =
        "INSERT INTO tag (sitting_id, name, value) VALUES (?1, ?2, ?3)",
    [ST_TAGS] = "SELECT name, value FROM tag WHERE sitting_id = ?1 "
        "ORDER BY id",
    [ST_GAME_ADD] = "INSERT INTO game (sitting_id, number) VALUES (?1, ?2)",
    [ST_GAME_FINISH] = "UPDATE game SET winner = ?2, points_a = ?3, "
        "points_b = ?4, value = ?5 WHERE id = ?1",
    [ST_GAME_REOPEN] = "UPDATE game SET winner = NULL, points_a = NULL, "
        "points_b = NULL, value = NULL WHERE id = ?1",
    [ST_DEAL_ADD] = "INSERT INTO deal (sitting_id, game_id, number, dealer) "
        "SELECT sitting_id, id, ?2, ?3 FROM game WHERE id = ?1",
    [ST_DEAL_FINISH] = "UPDATE deal SET tricks_a = ?2, tricks_b = ?3, "
        "points_a = ?4, points_b = ?5, is_void = ?6, finished = 1 "
        "WHERE id = ?1",
    [ST_DEAL_REOPEN] = "UPDATE deal SET dealer = ?2, tricks_a = 0, "
        "tricks_b = 0, points_a = 0, points_b = 0, is_void = 0, "
        "finished = 0 WHERE id = ?1",
    [ST_EVENT_ADD] = "INSERT INTO event (id, sitting_id, game_id, deal_id, "
        "seq, source, line, stamp, recorded, actor, verb, args, cards, "
        "text, hash, recorded_text) VALUES (?1, ?2, nullif(?3, 0), "
        "nullif(?4, 0), ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, "
        "?16)",
    [ST_CHAIN_GET] = "SELECT head, n_events, last_id, seal_head, n_seals, "
        "seal_last FROM chain WHERE id = 1",
    [ST_CHAIN_SET] = "UPDATE chain SET head = ?1, n_events = ?2, "
        "last_id = ?3, seal_head = ?4, n_seals = ?5, seal_last = ?6 "
        "WHERE id = 1",
    [ST_EVENT_TAIL] = "SELECT id, hash FROM event ORDER BY id DESC LIMIT 1",
    [ST_EVENT_WHOLE] = "UPDATE event SET hash = ?1 WHERE id = ?2",
    [ST_EVENT_CUT] = "UPDATE event SET hash = substr(hash, 1, 8) "
        "WHERE id = ?1 AND typeof(hash) = 'blob' AND length(hash) = 32",
    [ST_DATA_VERSION] = "PRAGMA data_version",
    [ST_RULING_ADD] = "INSERT INTO ruling (event_id, pos, law, offender, "
        "elector, options, remedy, text) VALUES (?1, " MARK_POS ", ?2, ?3, "
        "?4, ?5, ?6, ?7)",
    [ST_SCORE_ADD] = "INSERT INTO score_mark (event_id, game_id, pos, "
        "points_a, points_b, reason) VALUES (?1, ?2, " MARK_POS ", ?3, ?4, "
        "?5)",
    [ST_RULING_AT] = "INSERT INTO ruling (event_id, pos, law, offender, "
        "elector, options, remedy, text) VALUES (?1, ?8, ?2, ?3, ?4, ?5, "
        "?6, ?7)",
    [ST_SCORE_AT] = "INSERT INTO score_mark (event_id, game_id, pos, "
        "points_a, points_b, reason) VALUES (?1, ?2, ?6, ?3, ?4, ?5)",
    [ST_EVENTS_ALL] = "SELECT " EVENT_COLUMNS " FROM event ORDER BY id",
    /* seq rises with id within a sitting: the index gives the order */
    [ST_EVENTS_SITTING] = "SELECT " EVENT_COLUMNS " FROM event "
        "WHERE sitting_id = ?1 ORDER BY seq",
    [ST_EVENTS_CHAIN] = "SELECT id, coalesce(game_id, 0), hash FROM event "
        "WHERE sitting_id = ?1 ORDER BY seq",
    [ST_EVENTS_BRIEF] = "SELECT id, line, text FROM event "
        "WHERE sitting_id = ?1 ORDER BY seq",
    [ST_EVENTS_RANGE] = "SELECT " EVENT_COLUMNS " FROM event "
        "WHERE id BETWEEN ?1 AND ?2 ORDER BY id",
    [ST_SITTING_FIRST_EVENT] = "SELECT id FROM event WHERE sitting_id = ?1 "
        "ORDER BY seq LIMIT 1",
    /* a capping ruling (a score cap, or a stand offered: L43, L25) and
     * the first election after it, in the sitting's order */
    [ST_CAPPED_DEALS] = "SELECT d.number, coalesce((SELECT e2.text FROM "
        "event e2 WHERE e2.sitting_id = e.sitting_id AND e2.seq > e.seq "
        "AND e2.text LIKE '% elects %' ORDER BY e2.seq LIMIT 1), '') "
        "FROM ruling r JOIN event e ON e.id = r.event_id "
        "JOIN deal d ON d.id = e.deal_id WHERE e.sitting_id = ?1 "
        "AND (r.remedy = 'score-cap' OR "
        "',' || r.options || ',' LIKE '%,stand,%') ORDER BY e.seq, r.pos",
    [ST_SITTING_LAST_EVENT] = "SELECT id, hash FROM event WHERE sitting_id = ?1 "
        "ORDER BY seq DESC LIMIT 1",
    [ST_LINES] = LINES_EVENTS,
    [ST_LINES_RULINGS] = LINES_OF("ruling", "text, 0, 0"),
    [ST_LINES_SCORES] = LINES_OF("score_mark", "'', points_a, points_b"),
    [ST_LINES_SETTLEMENTS] = LINES_OF("settlement", "text, 0, 0"),
    [ST_LINES_MARKS] = LINES_OF("sitting_mark", "text, 0, 0"),
    [ST_SCORESHEET_ALL] = "SELECT " SHEET_COLUMNS GAME_LOST " "
        "FROM deal d JOIN game g ON g.id = d.game_id "
        "ORDER BY d.sitting_id, d.number, d.id",
    [ST_SCORESHEET_SITTING] = "SELECT " SHEET_COLUMNS GAME_LOST " "
        "FROM deal d JOIN game g ON g.id = d.game_id "
        "WHERE d.sitting_id = ?1 ORDER BY d.number, d.id",
    [ST_FILE_SEEN] = "SELECT 1 FROM import_file WHERE sha256 = ?1",
    [ST_FILE_ADD] = "INSERT INTO import_file (sha256, path, sitting_id, "
        "deals, quarantined, imported) VALUES (?1, ?2, nullif(?3, 0), ?4, "
        "?5, ?6)",
    [ST_QUARANTINE_ADD] = "INSERT INTO quarantine (source, line, error, raw, "
        "recorded) VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_QUARANTINE_COUNT] = "SELECT count(*) FROM quarantine",
    [ST_CLAIM_ADD] = "INSERT INTO claim (sitting_id, event_id, line, text) "
        "VALUES (?1, nullif(?2, 0), ?3, ?4)",
    /* two branches, so that the range can use claim_by_event */
    [ST_CLAIMS] = "SELECT 0, line, text, id FROM claim "
        "WHERE sitting_id = ?1 AND event_id IS NULL AND ?2 <= 0 "
        "UNION ALL SELECT event_id, line, text, id FROM claim "
        "WHERE sitting_id = ?1 AND event_id BETWEEN ?2 AND ?3 "
        "ORDER BY 4",
    [ST_INTEGRITY_CHECK] = "PRAGMA integrity_check(1)",
    [ST_QUARANTINE_OF] = "SELECT count(*), coalesce(min(line), 0) "
        "FROM quarantine WHERE source = ?1",
    [ST_SITTING_IMPORTED] = "SELECT count(*) FROM import_file "
        "WHERE sitting_id = ?1",
    [ST_RULINGS] = "SELECT event_id, text FROM ruling "
        "WHERE event_id BETWEEN ?1 AND ?2 ORDER BY event_id, pos",
    /* claim_by_event gives the order (its rowid last): no sort */
    [ST_CLAIMS_STREAM] = "SELECT coalesce(event_id, 0), line, text "
        "FROM claim WHERE sitting_id = ?1 ORDER BY event_id, id",
    /* ruling_by_event gives the events' order; only each event's few
     * rulings are sorted by pos */
    [ST_RULINGS_STREAM] = "SELECT event_id, text FROM ruling "
        "WHERE event_id >= ?1 ORDER BY event_id, pos",
    [ST_PREV_SEQ] = "SELECT seq FROM event WHERE sitting_id = ?1 "
        "AND id < ?2 ORDER BY id DESC LIMIT 1",
    [ST_FIND_SEQ] = "SELECT id FROM event WHERE sitting_id = ?1 "
        "AND seq = ?2 ORDER BY id LIMIT 1",
    [ST_SITTINGS_FIND] = "SELECT s.id, s.source, "
        "coalesce((SELECT max(e.seq) FROM event e "
        "WHERE e.sitting_id = s.id), 0), "
        "EXISTS (SELECT 1 FROM import_file f WHERE f.sitting_id = s.id), "
        "coalesce((SELECT d.finished = 0 FROM event e "
        "JOIN deal d ON d.id = e.deal_id WHERE e.sitting_id = s.id "
        "ORDER BY e.seq DESC LIMIT 1), 0) "
        "FROM sitting s WHERE (?1 IS NULL OR s.source = ?1) "
        "AND (?2 <= 0 OR s.id = ?2) ORDER BY s.id",
    [ST_EVENT_TEXT] = "SELECT text FROM event WHERE sitting_id = ?1 "
        "AND seq = ?2",
    [ST_IMPORT_GET] = "SELECT id, coalesce(sitting_id, 0), line, deals, "
        "quarantined, findings, events, complete FROM import_file "
        "WHERE sha256 = ?1",
    [ST_IMPORT_BEGIN] = "INSERT INTO import_file (sha256, path, sitting_id, "
        "deals, quarantined, imported, line, findings, events, complete) "
        "VALUES (?1, ?2, nullif(?3, 0), ?4, ?5, ?6, ?7, ?8, ?9, 0)",
    [ST_IMPORT_UPDATE] = "UPDATE import_file SET sitting_id = nullif(?2, 0), "
        "line = ?3, deals = ?4, quarantined = ?5, findings = ?6, "
        "events = ?7, complete = ?8 WHERE id = ?1",
    [ST_QUARANTINE_GAP] = "INSERT INTO quarantine (source, line, error, raw, "
        "recorded, sitting_id, after_event, game) VALUES (?1, ?2, ?3, ?4, "
        "?5, nullif(?6, 0), ?7, ?8)",
    [ST_GAPS] = "SELECT after_event, line, game, raw FROM quarantine "
        "WHERE sitting_id = ?1 ORDER BY after_event, id",
    [ST_GAME_ID] = "SELECT id FROM game WHERE sitting_id = ?1 AND number = ?2",
    [ST_PERSON_ADD] = "INSERT INTO person (sitting_id, event_id, code, name) "
        "VALUES (?1, nullif(?2, 0), ?3, ?4)",
    [ST_SEATING_ADD] = "INSERT INTO seating (sitting_id, game_id, event_id, "
        "seat, person, role) VALUES (?1, nullif(?2, 0), nullif(?3, 0), ?4, "
        "?5, ?6)",
    [ST_STAKE_ADD] = "INSERT INTO stake (sitting_id, game_id, event_id, "
        "person, kind, amount) VALUES (?1, nullif(?2, 0), nullif(?3, 0), ?4, "
        "?5, ?6)",
    [ST_BET_ADD] = "INSERT INTO bet (sitting_id, game_id, event_id, bettor, "
        "seat, amount, odds_p, odds_q, coverer) VALUES (?1, nullif(?2, 0), "
        "nullif(?3, 0), ?4, ?5, ?6, ?7, ?8, ?9)",
    [ST_SETTLEMENT_ADD] = "INSERT INTO settlement (event_id, sitting_id, "
        "game_id, pos, reason, text) VALUES (?1, ?2, nullif(?3, 0), "
        MARK_POS ", ?4, ?5)",
    [ST_TRANSFER_ADD] = "INSERT INTO transfer (settlement_id, person, amount) "
        "VALUES (?1, ?2, ?3)",
    [ST_MARK_ADD] = "INSERT INTO sitting_mark (event_id, pos, kind, text) "
        "VALUES (?1, " MARK_POS ", ?2, ?3)",
    [ST_BALANCES] = "SELECT sitting_id, code, name, balance FROM ("
        "SELECT p.sitting_id AS sitting_id, p.code AS code, p.name AS name, "
        BALANCE_OF("p.sitting_id", "p.code") " AS balance, p.id AS k "
        "FROM person p WHERE ?1 <= 0 OR p.sitting_id = ?1 "
        "UNION ALL SELECT s.sitting_id, 'house', '', sum(t.amount), "
        "9223372036854775807 FROM transfer t JOIN settlement s "
        "ON s.id = t.settlement_id WHERE t.person = 'house' "
        "AND (?1 <= 0 OR s.sitting_id = ?1) GROUP BY s.sitting_id) "
        "ORDER BY sitting_id, k",
    [ST_SETTLEMENTS] = "SELECT s.event_id, s.text, s.reason, "
        "coalesce((SELECT sum(t.amount) FROM transfer t "
        "WHERE t.settlement_id = s.id), 0) FROM settlement s "
        "WHERE s.sitting_id = ?1 AND s.event_id BETWEEN ?2 AND ?3 "
        "ORDER BY s.event_id, s.pos",
    [ST_PERSONS] = "SELECT code, name FROM person WHERE sitting_id = ?1 "
        "ORDER BY id",
    [ST_SEAL_ADD] = "INSERT INTO seal (id, tbl, row_id, row, hash) "
        "VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_SEATINGS] = "SELECT coalesce(g.number, 0), s.seat, s.person, s.role "
        "FROM seating s LEFT JOIN game g ON g.id = s.game_id "
        "WHERE s.sitting_id = ?1 ORDER BY s.id",
    [ST_SITTING_SOURCE] = "SELECT source FROM sitting WHERE id = ?1",
};

/* A version 5 file (or older) read as it is (read-only): its events hold
 * every field as text; it takes no event (opened for writing, it is
 * migrated first). */
static const char *const stmt_sql_v5[ST_COUNT] = {
    [ST_EVENT_ADD] = "SELECT 0 WHERE coalesce(?1, ?2, ?3, ?4, ?5, ?6, ?7, "
        "?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16) AND 0",
    [ST_EVENTS_ALL] = "SELECT " EVENT_COLUMNS_5 " FROM event ORDER BY id",
    [ST_EVENTS_SITTING] = "SELECT " EVENT_COLUMNS_5 " FROM event "
        "WHERE sitting_id = ?1 ORDER BY seq",
    [ST_EVENTS_RANGE] = "SELECT " EVENT_COLUMNS_5 " FROM event "
        "WHERE id BETWEEN ?1 AND ?2 ORDER BY id",
};

/* A version 2 file read as it is (read-only): it has no table of the
 * sitting above the seats; the statements that read them read nothing,
 * those that write them are never run (the functions refuse first). */
/* A version 3 file (or older) has no seal; it is only read. */
static const char *const stmt_sql_v3[ST_COUNT] = {
    [ST_CHAIN_GET] = "SELECT head, n_events, last_id, "
        "'0000000000000000000000000000000000000000000000000000000000000000', "
        "0, 0 FROM chain WHERE id = 1",
    [ST_CHAIN_SET] = "SELECT 0 WHERE ?1 IS NULL AND ?2 IS NULL AND "
        "?3 IS NULL AND ?4 IS NULL AND ?5 IS NULL AND ?6 IS NULL AND 0",
    [ST_SEAL_ADD] = "SELECT 0 WHERE ?1 IS NULL AND ?2 IS NULL AND "
        "?3 IS NULL AND ?4 IS NULL AND ?5 IS NULL AND 0",
};

static const char *const stmt_sql_v2[ST_COUNT] = {
    [ST_RULING_ADD] = "INSERT INTO ruling (event_id, pos, law, offender, "
        "elector, options, remedy, text) VALUES (?1, " MARK_POS_2 ", ?2, "
        "?3, ?4, ?5, ?6, ?7)",
    [ST_SCORE_ADD] = "INSERT INTO score_mark (event_id, game_id, pos, "
        "points_a, points_b, reason) VALUES (?1, ?2, " MARK_POS_2 ", ?3, "
        "?4, ?5)",
    [ST_LINES_SETTLEMENTS] = LINES_NONE,
    [ST_LINES_MARKS] = LINES_NONE,
    [ST_PERSON_ADD] = "SELECT 0 WHERE 0",
    [ST_SEATING_ADD] = "SELECT 0 WHERE 0",
    [ST_STAKE_ADD] = "SELECT 0 WHERE 0",
    [ST_BET_ADD] = "SELECT 0 WHERE 0",
    [ST_SETTLEMENT_ADD] = "SELECT 0 WHERE 0",
    [ST_TRANSFER_ADD] = "SELECT 0 WHERE 0",
    [ST_MARK_ADD] = "SELECT 0 WHERE 0",
    [ST_BALANCES] = "SELECT 0, '', '', 0 WHERE ?1 IS NULL AND 0",
    [ST_SETTLEMENTS] = "SELECT 0, '', '', 0 WHERE ?1 IS NULL AND ?2 IS NULL "
        "AND ?3 IS NULL AND 0",
    [ST_PERSONS] = "SELECT '', '' WHERE ?1 IS NULL AND 0",
    [ST_SEATINGS] = "SELECT 0, '', '', '' WHERE ?1 IS NULL AND 0",
};

/* A version 1 file read as it is (read-only): the statements that name
 * the columns of version 2 read their defaults instead; those that write
 * them are never run (the functions refuse first). */
static const char *const stmt_sql_v1[ST_COUNT] = {
    [ST_SCORESHEET_ALL] = "SELECT " SHEET_COLUMNS "0 "
        "FROM deal d JOIN game g ON g.id = d.game_id "
        "ORDER BY d.sitting_id, d.number, d.id",
    [ST_SCORESHEET_SITTING] = "SELECT " SHEET_COLUMNS "0 "
        "FROM deal d JOIN game g ON g.id = d.game_id "
        "WHERE d.sitting_id = ?1 ORDER BY d.number, d.id",
    [ST_IMPORT_GET] = "SELECT id, coalesce(sitting_id, 0), 0, deals, "
        "quarantined, 0, 0, 1 FROM import_file WHERE sha256 = ?1",
    [ST_IMPORT_BEGIN] = "SELECT 0 WHERE 0",
    [ST_IMPORT_UPDATE] = "SELECT 0 WHERE 0",
    [ST_QUARANTINE_GAP] = "SELECT 0 WHERE 0",
    [ST_GAPS] = "SELECT 0, 0, 0, '' WHERE ?1 IS NULL AND 0",
};

int ledger__prepare_statements(struct ledger *l)
{
    l->chain_known = false;     /* a new connection, or a new schema */
    for (int i = 0; i < ST_COUNT; i++) {
        sqlite3_finalize(l->st[i]); /* prepared before a migration */
        l->st[i] = NULL;
    }
    for (int i = 0; i < ST_COUNT; i++) {
        const char *sql = l->version < 2 && stmt_sql_v1[i] != NULL
                              ? stmt_sql_v1[i]
                          : l->version < 3 && stmt_sql_v2[i] != NULL
                              ? stmt_sql_v2[i]
                          : l->version < 4 && stmt_sql_v3[i] != NULL
                              ? stmt_sql_v3[i]
                          : l->version < 6 && stmt_sql_v5[i] != NULL
                              ? stmt_sql_v5[i]
                              : stmt_sql[i];
        int src = sqlite3_prepare_v3(l->db, sql, -1,
                                     SQLITE_PREPARE_PERSISTENT, &l->st[i],
                                     NULL);

        if (src != SQLITE_OK) {
            return ledger__fail(l, src, "prepare");
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Running a statement                                                  */
/* ------------------------------------------------------------------ */

void ledger__done(sqlite3_stmt *st)
{
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
}

int ledger__bind_text(sqlite3_stmt *st, int i, const char *s)
{
    return sqlite3_bind_text(st, i, s != NULL ? s : "", -1, SQLITE_STATIC);
}

int ledger__bind_char(sqlite3_stmt *st, int i, const char *c)
{
    return sqlite3_bind_text(st, i, c, 1, SQLITE_TRANSIENT);
}

int ledger__run(struct ledger *l, sqlite3_stmt *st, int bind_bad,
                const char *what)
{
    int rc = 0;
    int src = 0;

    if (bind_bad) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), what);
        goto out_reset;
    }
    if (ledger__kept_any(l) && !sqlite3_stmt_readonly(st)) {
        /* a row not kept while rows are: those kept first, a deal's
         * under its savepoint (st's bindings are not touched) */
        rc = ledger__deal_now(l);
        if (rc != 0) {
            goto out_reset;
        }
    }
    src = sqlite3_step(st);
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, what);
    }
out_reset:
    ledger__done(st);
    return rc;
}

const char *ledger__col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);

    return t != NULL ? (const char *)t : "";
}

void ledger__last_id(struct ledger *l, int64_t *out)
{
    if (out != NULL) {
        *out = sqlite3_last_insert_rowid(l->db);
    }
}

int ledger__changed_one(struct ledger *l, const char *what)
{
    if (sqlite3_changes(l->db) == 0) {
        return ledger__failf(l, LEDGER_E_NOTFOUND, "%s: no such row", what);
    }
    return 0;
}

const char *ledger__now_utc(struct ledger *l)
{
    time_t t = 0;
    struct tm tm;

    if (l->fixed_time != NULL) {
        return l->fixed_time;
    }
    t = time(NULL);
    if (t != l->now_sec || l->now_text[0] == '\0') {
        if (gmtime_r(&t, &tm) == NULL ||
            strftime(l->now_text, sizeof(l->now_text),
                     "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
            snprintf(l->now_text, sizeof(l->now_text), "%s",
                     "1970-01-01T00:00:00Z");
        }
        l->now_sec = t;
    }
    return l->now_text;
}
