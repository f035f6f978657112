/*
 * ledger.c - the SQLite ledger: open and check the file, prepared
 * statements, the event hash chain and its verification.
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <sqlite3.h>

#include "ledger/ledger_int.h"

#define BUSY_TIMEOUT_MS 5000     /* the default wait for a lock */
#define WAIT_TELL_MS 1000       /* on_wait after a second of waiting ... */
#define WAIT_AGAIN_MS 30000     /* ... then every 30 seconds */
#define ERRMSG_MAX 512
#define TIME_MAX 32

static const char genesis[LEDGER_HASH_HEX] =
    "0000000000000000000000000000000000000000000000000000000000000000";

/* Every statement of the ledger, prepared once in ledger_open. */
enum stmt {
    ST_BEGIN,                   /* BEGIN IMMEDIATE: a writer */
    ST_BEGIN_READ,              /* BEGIN: a snapshot for ledger_verify */
    ST_COMMIT,
    ST_ROLLBACK,
    ST_SITTING_ADD,
    ST_SITTING_LAST,
    ST_SITTINGS,
    ST_TAG_ADD,
    ST_TAGS,
    ST_GAME_ADD,
    ST_GAME_FINISH,
    ST_GAME_REOPEN,
    ST_DEAL_ADD,
    ST_DEAL_FINISH,
    ST_EVENT_ADD,
    ST_CHAIN_GET,
    ST_CHAIN_SET,
    ST_RULING_ADD,
    ST_SCORE_ADD,
    ST_EVENTS_ALL,              /* also the walk of ledger_verify */
    ST_EVENTS_SITTING,
    ST_LINES,
    ST_SCORESHEET_ALL,
    ST_SCORESHEET_SITTING,
    ST_FILE_SEEN,
    ST_FILE_ADD,
    ST_QUARANTINE_ADD,
    ST_QUARANTINE_COUNT,
    ST_CLAIM_ADD,
    ST_CLAIMS,
    ST_QUARANTINE_OF,
    ST_QUICK_CHECK,
    ST_SITTING_IMPORTED,
    ST_RULINGS,
    ST_PREV_SEQ,                /* ledger_verify's diagnosis only */
    ST_FIND_SEQ,                /* ledger_verify's diagnosis only */
    ST_SITTINGS_FIND,
    ST_EVENT_TEXT,
    ST_IMPORT_GET,
    ST_IMPORT_BEGIN,
    ST_IMPORT_UPDATE,
    ST_QUARANTINE_GAP,
    ST_GAPS,
    ST_GAME_ID,
    ST_COUNT
};

/* The columns read into a struct ledger_event (event_from_row). */
#define EVENT_COLUMNS \
    "id, sitting_id, coalesce(game_id, 0), coalesce(deal_id, 0), seq, " \
    "source, line, stamp, recorded, actor, verb, args, cards, text, hash"

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

/* The pos of a new ruling or score mark: marks already given on event ?1. */
#define MARK_POS \
    "(SELECT count(*) FROM ruling WHERE event_id = ?1) + " \
    "(SELECT count(*) FROM score_mark WHERE event_id = ?1)"

/* Lines of one kind for ledger_lines_foreach: events of sitting ?1, game
 * number ?2 (all if <= 0). */
#define LINES_WHERE \
    " WHERE e.sitting_id = ?1 AND (?2 <= 0 OR g.number = ?2)"

static const char *const stmt_sql[ST_COUNT] = {
    [ST_BEGIN] = "BEGIN IMMEDIATE",
    [ST_BEGIN_READ] = "BEGIN",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
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
    [ST_EVENT_ADD] = "INSERT INTO event (id, sitting_id, game_id, deal_id, "
        "seq, source, line, stamp, recorded, actor, verb, args, cards, "
        "text, hash) VALUES (?1, ?2, nullif(?3, 0), nullif(?4, 0), ?5, ?6, "
        "?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    [ST_CHAIN_GET] = "SELECT head, n_events, last_id FROM chain WHERE id = 1",
    [ST_CHAIN_SET] = "UPDATE chain SET head = ?1, n_events = ?2, "
        "last_id = ?3 WHERE id = 1",
    [ST_RULING_ADD] = "INSERT INTO ruling (event_id, pos, law, offender, "
        "elector, options, remedy, text) VALUES (?1, " MARK_POS ", ?2, ?3, "
        "?4, ?5, ?6, ?7)",
    [ST_SCORE_ADD] = "INSERT INTO score_mark (event_id, game_id, pos, "
        "points_a, points_b, reason) VALUES (?1, ?2, " MARK_POS ", ?3, ?4, "
        "?5)",
    [ST_EVENTS_ALL] = "SELECT " EVENT_COLUMNS " FROM event ORDER BY id",
    /* seq rises with id within a sitting: the index gives the order */
    [ST_EVENTS_SITTING] = "SELECT " EVENT_COLUMNS " FROM event "
        "WHERE sitting_id = ?1 ORDER BY seq",
    [ST_LINES] = "SELECT kind, game_no, text, a, b FROM ("
        "SELECT e.id AS ev, -1 AS pos, 1 AS kind, "
        "coalesce(g.number, 0) AS game_no, e.text AS text, 0 AS a, 0 AS b "
        "FROM event e LEFT JOIN game g ON g.id = e.game_id" LINES_WHERE
        " UNION ALL "
        "SELECT e.id, r.pos, 2, coalesce(g.number, 0), r.text, 0, 0 "
        "FROM event e JOIN ruling r ON r.event_id = e.id "
        "LEFT JOIN game g ON g.id = e.game_id" LINES_WHERE
        " UNION ALL "
        "SELECT e.id, s.pos, 3, coalesce(g.number, 0), '', s.points_a, "
        "s.points_b FROM event e JOIN score_mark s ON s.event_id = e.id "
        "LEFT JOIN game g ON g.id = e.game_id" LINES_WHERE
        ") ORDER BY ev, pos",
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
    [ST_QUICK_CHECK] = "PRAGMA quick_check(1)",
    [ST_QUARANTINE_OF] = "SELECT count(*), coalesce(min(line), 0) "
        "FROM quarantine WHERE source = ?1",
    [ST_SITTING_IMPORTED] = "SELECT count(*) FROM import_file "
        "WHERE sitting_id = ?1",
    [ST_RULINGS] = "SELECT event_id, text FROM ruling "
        "WHERE event_id BETWEEN ?1 AND ?2 ORDER BY event_id, pos",
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

/* The recorded head of the chain (table chain). */
struct chain_head {
    char head[LEDGER_HASH_HEX];         /* hash of the last event */
    int64_t n_events;
    int64_t last_id;                    /* 0 if no event */
};

struct ledger {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    char errmsg[ERRMSG_MAX];            /* last error, one line */
    int sqlite_rc;                      /* its SQLite extended code, or 0 */
    struct chain_head chain;            /* cache of the chain row ... */
    bool chain_fresh;                   /* ... valid in this transaction */
    bool chain_dirty;                   /* ... to be written at commit */
    EVP_MD *md;                         /* SHA-256, fetched once */
    EVP_MD_CTX *mdctx;                  /* reused for every event hash */
    char *hbuf;                         /* bytes hashed for one event */
    size_t hbuf_cap;
    char *tbuf;                         /* a formatted tag line */
    size_t tbuf_cap;
    char *fixed_time;                   /* ECARTE_FIXED_TIME, or NULL */
    time_t now_sec;                     /* second formatted in now_text */
    char now_text[TIME_MAX];
    int version;                        /* user_version of the file */
    /* waiting for a lock held by another process (on_busy) */
    long wait_ms;                       /* limit, negative: none */
    ledger_wait_fn on_wait;
    void *wait_ctx;
    struct timespec wait_start;         /* when the current wait began */
    long wait_told;                     /* ms waited when on_wait was last
                                           called, 0: not yet */
};

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

/* map_rc - the ledger status for an SQLite result code. */
static int map_rc(int src)
{
    switch (src & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return LEDGER_E_BUSY;
    case SQLITE_NOTADB:
        return LEDGER_E_FORMAT;
    case SQLITE_CORRUPT:
        return LEDGER_E_DAMAGED;
    default:
        return LEDGER_E_ERROR;
    }
}

/*
 * fail - keep "what: SQLite's message" on l for the SQLite result src and
 * return the ledger status it maps to.  Call before resetting the statement.
 * A write refused because the file (or its directory, for the WAL files)
 * may not be written is said in words, not in SQLite's.
 */
static int fail(struct ledger *l, int src, const char *what)
{
    const char *msg = l->db != NULL ? sqlite3_errmsg(l->db)
                                    : sqlite3_errstr(src);

    l->sqlite_rc = src;
    if ((src & 0xff) == SQLITE_READONLY) {
        snprintf(l->errmsg, sizeof(l->errmsg),
                 "the ledger is read-only (its file, or the directory it is "
                 "in, may not be written)");
        return map_rc(src);
    }
    snprintf(l->errmsg, sizeof(l->errmsg), "%s: %s", what, msg);
    return map_rc(src);
}

/* failf - keep a message of our own on l; returns code. */
static int failf(struct ledger *l, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int failf(struct ledger *l, int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(l->errmsg, sizeof(l->errmsg), fmt, ap);
    va_end(ap);
    l->sqlite_rc = 0;
    return code;
}

const char *ledger_errmsg(const struct ledger *l)
{
    if (l == NULL) {
        return "out of memory";
    }
    return l->errmsg;
}

const char *ledger_strerror(int code)
{
    switch (code) {
    case LEDGER_OK:
        return "success";
    case LEDGER_E_ERROR:
        return "ledger error";
    case LEDGER_E_BUSY:
        return "ledger busy: locked by another writer";
    case LEDGER_E_FORMAT:
        return "not an ecarte ledger, or a newer schema";
    case LEDGER_E_NOTFOUND:
        return "no such row";
    case LEDGER_E_DUPLICATE:
        return "already recorded";
    case LEDGER_E_DAMAGED:
        return "the ledger file is damaged";
    case LEDGER_E_EMPTY:
        return "an empty file, not a ledger";
    default:
        return "unknown ledger status";
    }
}

/* ------------------------------------------------------------------ */
/* Statement helpers                                                    */
/* ------------------------------------------------------------------ */

/* done - reset st and clear its bindings for the next use. */
static void done(sqlite3_stmt *st)
{
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
}

/* bind_text - bind s (NULL as "") to parameter i; SQLite's code. */
static int bind_text(sqlite3_stmt *st, int i, const char *s)
{
    return sqlite3_bind_text(st, i, s != NULL ? s : "", -1, SQLITE_STATIC);
}

/* bind_char - bind the one-character text c to parameter i. */
static int bind_char(sqlite3_stmt *st, int i, const char *c)
{
    return sqlite3_bind_text(st, i, c, 1, SQLITE_TRANSIENT);
}

/*
 * run - step st (bound by the caller) once, expecting SQLITE_DONE, then
 * reset it.  bind_bad is non-zero if a bind failed.  Returns 0 or a
 * negative code with the message on l.
 */
static int run(struct ledger *l, sqlite3_stmt *st, int bind_bad,
               const char *what)
{
    int rc = 0;
    int src = 0;

    if (bind_bad) {
        rc = fail(l, sqlite3_errcode(l->db), what);
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src != SQLITE_DONE) {
        rc = fail(l, src, what);
    }
out_reset:
    done(st);
    return rc;
}

/* col_text - column i as text, "" for NULL. */
static const char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);

    return t != NULL ? (const char *)t : "";
}

/* now_utc - the time to record: ECARTE_FIXED_TIME if set, else the UTC
 * time as ISO 8601 to the second.  Borrowed from l. */
static const char *now_utc(struct ledger *l)
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

/* ------------------------------------------------------------------ */
/* Hashes                                                               */
/* ------------------------------------------------------------------ */

/* to_hex - n bytes as 2n lower-case hex digits and a NUL. */
static void to_hex(const unsigned char *b, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    size_t i = 0;

    for (i = 0; i < n; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 0x0f];
    }
    out[2 * n] = '\0';
}

int ledger_sha256_hex(const void *data, size_t n, char *out)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;

    if (EVP_Digest(data, n, md, &len, EVP_sha256(), NULL) != 1 ||
        len != 32) {
        return LEDGER_E_ERROR;
    }
    to_hex(md, len, out);
    return 0;
}

int ledger_sha256_file(FILE *fp, char *out)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    char buf[65536];
    size_t got;
    int rc = LEDGER_E_ERROR;

    if (ctx == NULL || EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1) {
        goto out_ctx;
    }
    while ((got = fread(buf, 1, sizeof(buf), fp)) > 0) {
        if (EVP_DigestUpdate(ctx, buf, got) != 1) {
            goto out_ctx;
        }
    }
    if (ferror(fp) || EVP_DigestFinal_ex(ctx, md, &len) != 1 || len != 32) {
        goto out_ctx;
    }
    to_hex(md, len, out);
    rc = 0;
out_ctx:
    EVP_MD_CTX_free(ctx);
    return rc;
}

/* put_digits - append the decimal digits of v to p; returns the end. */
static char *put_digits(char *p, uint64_t v)
{
    char tmp[20];
    int n = 0;

    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0) {
        *p++ = tmp[--n];
    }
    return p;
}

/* put_field - append the netstring "<length>:<bytes>," to p; returns the
 * end.  The caller has made room (field_room). */
static char *put_field(char *p, const char *s, size_t n)
{
    p = put_digits(p, n);
    *p++ = ':';
    memcpy(p, s, n);
    p += n;
    *p++ = ',';
    return p;
}

/* put_int - append v as the netstring of its decimal text. */
static char *put_int(char *p, int64_t v)
{
    char num[24];
    char *end = num;

    if (v < 0) {
        *end++ = '-';
        end = put_digits(end, (uint64_t)0 - (uint64_t)v);
    } else {
        end = put_digits(end, (uint64_t)v);
    }
    return put_field(p, num, (size_t)(end - num));
}

/* field_room - bytes a netstring of n bytes may take. */
static size_t field_room(size_t n)
{
    return n + 24;
}

/*
 * event_hash - the chain hash of ev after the event whose hash is prev:
 * SHA-256 over prev (64 hex digits) followed by ev's id, sitting, game,
 * deal, seq, source, line, stamp, recorded, actor, verb, args, cards and
 * text, each as a netstring "<length>:<bytes>," (numbers in decimal), so
 * no field can slide into the next.  64 hex digits and a NUL into out.
 * Returns 0, or LEDGER_E_ERROR (out of memory, library failure).
 */
static int event_hash(struct ledger *l, const char *prev,
                      const struct ledger_event *ev, char *out)
{
    const char *texts[] = {
        ev->source, ev->stamp, ev->recorded, ev->actor, ev->verb,
        ev->args, ev->cards, ev->text
    };
    size_t lens[sizeof(texts) / sizeof(texts[0])];
    size_t need = 64 + 7 * field_room(20);
    size_t i = 0;
    char *p = NULL;
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;

    for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        if (texts[i] == NULL) {
            texts[i] = "";
        }
        lens[i] = strlen(texts[i]);
        need += field_room(lens[i]);
    }
    if (need > l->hbuf_cap) {
        char *nb = realloc(l->hbuf, need * 2);

        if (nb == NULL) {
            return failf(l, LEDGER_E_ERROR, "event hash: out of memory");
        }
        l->hbuf = nb;
        l->hbuf_cap = need * 2;
    }
    p = l->hbuf;
    memcpy(p, prev, 64);
    p += 64;
    p = put_int(p, ev->id);
    p = put_int(p, ev->sitting);
    p = put_int(p, ev->game);
    p = put_int(p, ev->deal);
    p = put_int(p, ev->seq);
    p = put_field(p, texts[0], lens[0]);        /* source */
    p = put_int(p, ev->line);
    for (i = 1; i < sizeof(texts) / sizeof(texts[0]); i++) {
        p = put_field(p, texts[i], lens[i]);
    }
    if (EVP_DigestInit_ex(l->mdctx, l->md, NULL) != 1 ||
        EVP_DigestUpdate(l->mdctx, l->hbuf, (size_t)(p - l->hbuf)) != 1 ||
        EVP_DigestFinal_ex(l->mdctx, md, &mdlen) != 1 || mdlen != 32) {
        return failf(l, LEDGER_E_ERROR, "event hash: libcrypto failed");
    }
    to_hex(md, mdlen, out);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/* pragma_int - the integer the one-row query sql gives, in *out. */
static int pragma_int(struct ledger *l, const char *sql, int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(l->db, sql, -1, &st, NULL);
    int rc = 0;

    if (src != SQLITE_OK) {
        rc = fail(l, src, sql);
        goto out_finalize;
    }
    src = sqlite3_step(st);
    if (src != SQLITE_ROW) {
        rc = fail(l, src, sql);
        goto out_finalize;
    }
    *out = sqlite3_column_int64(st, 0);
out_finalize:
    sqlite3_finalize(st);
    return rc;
}

/* exec - run constant SQL (no input text ever reaches it). */
static int exec(struct ledger *l, const char *sql, const char *what)
{
    int src = sqlite3_exec(l->db, sql, NULL, NULL, NULL);

    if (src != SQLITE_OK) {
        return fail(l, src, what);
    }
    return 0;
}

/*
 * check_format - is the open file an ecarte ledger?  *is_empty is set if
 * it has no table at all (a new file).  The schema version goes into
 * l->version.  Returns 0, or LEDGER_E_FORMAT (not SQLite, another
 * application's database, a newer schema) or another negative code.
 */
static int check_format(struct ledger *l, bool *is_empty)
{
    int64_t n_tables = 0;
    int64_t app = 0;
    int64_t version = 0;
    int rc = 0;

    *is_empty = false;
    rc = pragma_int(l, "SELECT count(*) FROM sqlite_schema", &n_tables);
    if (rc == LEDGER_E_FORMAT) {
        return failf(l, rc, "not an SQLite database: %s",
                     sqlite3_errmsg(l->db));
    }
    if (rc == 0) {
        rc = pragma_int(l, "PRAGMA application_id", &app);
    }
    if (rc == 0) {
        rc = pragma_int(l, "PRAGMA user_version", &version);
    }
    if (rc != 0) {
        return rc;
    }
    if (n_tables == 0 && app == 0 && version == 0) {
        *is_empty = true;
        return 0;
    }
    if (app != LEDGER_APPLICATION_ID) {
        return failf(l, LEDGER_E_FORMAT,
                     "not an ecarte ledger: application_id is 0x%08" PRIx64
                     ", not 0x%08x", (uint64_t)app, LEDGER_APPLICATION_ID);
    }
    if (version > LEDGER_SCHEMA_VERSION) {
        return failf(l, LEDGER_E_FORMAT,
                     "ledger schema version %" PRId64 " is newer than %d",
                     version, LEDGER_SCHEMA_VERSION);
    }
    if (version < 1) {
        return failf(l, LEDGER_E_FORMAT,
                     "ledger schema version %" PRId64 " is unknown", version);
    }
    l->version = (int)version;
    return 0;
}

/*
 * create_schema - give an empty file the schema, application_id and
 * user_version in one transaction.  Another process may have created it
 * meanwhile: the file is checked again once the write lock is held.
 */
static int create_schema(struct ledger *l)
{
    char pragmas[128];
    int64_t n_tables = 0;
    size_t i = 0;
    int rc = 0;

    rc = exec(l, "BEGIN IMMEDIATE", "create the schema");
    if (rc != 0) {
        return rc;
    }
    rc = pragma_int(l, "SELECT count(*) FROM sqlite_schema", &n_tables);
    if (rc != 0 || n_tables != 0) {
        goto out_rollback;
    }
    for (i = 0; ledger__schema_sql[i] != NULL; i++) {
        rc = exec(l, ledger__schema_sql[i], "create the schema");
        if (rc != 0) {
            goto out_rollback;
        }
    }
    snprintf(pragmas, sizeof(pragmas),
             "PRAGMA application_id = %ld; PRAGMA user_version = %d",
             (long)LEDGER_APPLICATION_ID, LEDGER_SCHEMA_VERSION);
    rc = exec(l, pragmas, "create the schema");
    if (rc != 0) {
        goto out_rollback;
    }
    return exec(l, "COMMIT", "create the schema");
out_rollback:
    sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/*
 * migrate - bring a version 1 file to version 2 (migrate_1_2) in one
 * transaction; another process may have done it meanwhile: the version is
 * read again once the write lock is held.
 */
static int migrate(struct ledger *l)
{
    int64_t version = 0;
    int rc = exec(l, "BEGIN IMMEDIATE", "migrate the schema");

    if (rc != 0) {
        return rc;
    }
    rc = pragma_int(l, "PRAGMA user_version", &version);
    if (rc == 0 && version == 1) {
        rc = exec(l, migrate_1_2, "migrate the schema to version 2");
    }
    if (rc != 0) {
        sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
        return rc;
    }
    rc = exec(l, "COMMIT", "migrate the schema");
    if (rc == 0) {
        l->version = LEDGER_SCHEMA_VERSION;
    }
    return rc;
}

/* set_wal - journal_mode=WAL; an error if SQLite will not use it. */
static int set_wal(struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(l->db, "PRAGMA journal_mode = WAL", -1,
                                 &st, NULL);
    int rc = 0;

    if (src != SQLITE_OK) {
        rc = fail(l, src, "journal_mode=WAL");
        goto out_finalize;
    }
    src = sqlite3_step(st);
    if (src != SQLITE_ROW) {
        rc = fail(l, src, "journal_mode=WAL");
        goto out_finalize;
    }
    if (strcmp(col_text(st, 0), "wal") != 0) {
        rc = failf(l, LEDGER_E_ERROR, "journal_mode=WAL: SQLite chose %s",
                   col_text(st, 0));
    }
out_finalize:
    sqlite3_finalize(st);
    return rc;
}

/* is_memory - is path an in-memory or temporary database (no WAL)? */
static bool is_memory(const char *path)
{
    return path[0] == '\0' || strcmp(path, ":memory:") == 0 ||
           (strncmp(path, "file:", 5) == 0 &&
            strstr(path, "mode=memory") != NULL);
}

/* ms_since - milliseconds from *t0 to now (monotonic). */
static long ms_since(const struct timespec *t0)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - t0->tv_sec) * 1000 +
           (long)(now.tv_nsec - t0->tv_nsec) / 1000000;
}

/*
 * on_busy - SQLite's busy handler: another connection holds a lock that
 * is needed.  Sleep a little (longer as the wait goes on) and try again,
 * until the wait limit; tell on_wait after a second, then every 30 s.
 * Returns non-zero to try again, 0 to give up (SQLITE_BUSY).
 */
static int on_busy(void *vl, int count)
{
    static const int delays_ms[] = { 1, 2, 5, 10, 15, 20, 25, 25, 25, 50 };
    struct ledger *l = vl;
    struct timespec ts;
    long waited = 0;
    int delay = 0;

    if (count == 0) {
        clock_gettime(CLOCK_MONOTONIC, &l->wait_start);
        l->wait_told = 0;
    }
    waited = ms_since(&l->wait_start);
    if (l->wait_ms >= 0 && waited >= l->wait_ms) {
        return 0;
    }
    if (l->on_wait != NULL &&
        ((l->wait_told == 0 && waited >= WAIT_TELL_MS) ||
         (l->wait_told > 0 && waited - l->wait_told >= WAIT_AGAIN_MS))) {
        l->wait_told = waited;
        l->on_wait(l->wait_ctx, waited);
    }
    delay = count < (int)(sizeof(delays_ms) / sizeof(delays_ms[0]))
                ? delays_ms[count]
                : 100;
    ts.tv_sec = 0;
    ts.tv_nsec = (long)delay * 1000000L;
    nanosleep(&ts, NULL);
    return 1;
}

/* open_db - sqlite3_open_v2 into l->db, with the lock wait in force before
 * any statement. */
static int open_db(struct ledger *l, const char *path, int oflags)
{
    int src = sqlite3_open_v2(path, &l->db, oflags, NULL);

    if (src != SQLITE_OK) {
        return fail(l, src, "open");
    }
    sqlite3_extended_result_codes(l->db, 1);
    sqlite3_busy_handler(l->db, on_busy, l);
    return 0;
}

/*
 * drop_stale - remove what a process killed while it made a new ledger
 * left beside path: PATH.new-PID-N files (and their WAL companions)
 * whose process is gone.  Best effort: nothing is reported.
 */
static void drop_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash != NULL ? slash + 1 : path;
    size_t dir_len = slash != NULL ? (size_t)(slash - path) : 0;
    size_t base_len = strlen(base);
    char *dir = NULL;
    DIR *d = NULL;
    struct dirent *e = NULL;

    dir = malloc(dir_len + 2);
    if (dir == NULL) {
        return;
    }
    if (slash == NULL) {
        snprintf(dir, 2, ".");
    } else {
        memcpy(dir, path, dir_len > 0 ? dir_len : 1);
        dir[dir_len > 0 ? dir_len : 1] = '\0';
    }
    d = opendir(dir);
    while (d != NULL && (e = readdir(d)) != NULL) {
        const char *p = e->d_name;
        char *end = NULL;
        long pid = 0;

        if (strncmp(p, base, base_len) != 0 ||
            strncmp(p + base_len, ".new-", 5) != 0) {
            continue;
        }
        pid = strtol(p + base_len + 5, &end, 10);
        if (end == p + base_len + 5 || *end != '-' || pid <= 0 ||
            pid == (long)getpid() || kill((pid_t)pid, 0) == 0 ||
            errno != ESRCH) {
            continue;
        }
        {
            size_t n = strlen(dir) + strlen(p) + 2;
            char *full = malloc(n);

            if (full != NULL) {
                snprintf(full, n, "%s/%s", dir, p);
                unlink(full);
                free(full);
            }
        }
    }
    if (d != NULL) {
        closedir(d);
    }
    free(dir);
}

/*
 * create_whole - a new ledger at path, where no file was: made whole (WAL
 * mode, schema, application_id, user_version) under a temporary name
 * beside it, then linked into place, so that no process ever opens a
 * half-made ledger at path.  If another process linked its own first, the
 * temporary one is dropped and theirs is used.  Returns 0 or a negative
 * code.
 */
static int create_whole(struct ledger *l, const char *path)
{
    size_t n = strlen(path) + 40;
    char *tmp = malloc(n);
    char *side = malloc(n + 8);
    int fd = -1;
    int rc = 0;

    if (tmp == NULL || side == NULL) {
        rc = failf(l, LEDGER_E_ERROR, "create: out of memory");
        goto out_free;
    }
    drop_stale(path);
    /* a name of our own beside it, with the mode SQLite gives new files */
    for (int i = 0; fd < 0 && i < 100; i++) {
        snprintf(tmp, n, "%s.new-%ld-%d", path, (long)getpid(), i);
        fd = open(tmp, O_RDWR | O_CREAT | O_EXCL, 0644);
        if (fd < 0 && errno != EEXIST) {
            break;
        }
    }
    if (fd < 0) {
        rc = failf(l, LEDGER_E_ERROR, "create %s: %s", path, strerror(errno));
        goto out_free;
    }
    close(fd);
    rc = open_db(l, tmp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
    if (rc == 0) {
        rc = set_wal(l);
    }
    if (rc == 0) {
        rc = create_schema(l);
    }
    sqlite3_close(l->db);       /* checkpoints and removes the WAL */
    l->db = NULL;
    if (rc == 0 && link(tmp, path) != 0 && errno != EEXIST) {
        /* a file system without hard links: the next best thing */
        if (access(path, F_OK) != 0 && rename(tmp, path) != 0) {
            rc = failf(l, LEDGER_E_ERROR, "create %s: %s", path,
                       strerror(errno));
        }
    }
    unlink(tmp);
    snprintf(side, n + 8, "%s-wal", tmp);
    unlink(side);
    snprintf(side, n + 8, "%s-shm", tmp);
    unlink(side);
out_free:
    free(tmp);
    free(side);
    return rc;
}

/*
 * prepare_file - before a writer opens path: make a new ledger where no
 * file is (create_whole); refuse an empty file unless LEDGER_EMPTY_OK.
 */
static int prepare_file(struct ledger *l, const char *path, unsigned flags)
{
    struct stat sb;

    if (stat(path, &sb) != 0) {
        if (errno != ENOENT) {
            return failf(l, LEDGER_E_ERROR, "open: %s", strerror(errno));
        }
        return create_whole(l, path);
    }
    if (S_ISREG(sb.st_mode) && sb.st_size == 0 &&
        (flags & LEDGER_EMPTY_OK) == 0) {
        return failf(l, LEDGER_E_EMPTY, "an empty file, not a ledger");
    }
    return 0;
}

/* prepare_statements - every statement of stmt_sql (stmt_sql_v1 where it
 * differs, for a version 1 file). */
static int prepare_statements(struct ledger *l)
{
    for (int i = 0; i < ST_COUNT; i++) {
        const char *sql = l->version < 2 && stmt_sql_v1[i] != NULL
                              ? stmt_sql_v1[i]
                              : stmt_sql[i];
        int src = sqlite3_prepare_v3(l->db, sql, -1,
                                     SQLITE_PREPARE_PERSISTENT, &l->st[i],
                                     NULL);

        if (src != SQLITE_OK) {
            return fail(l, src, "prepare");
        }
    }
    return 0;
}

/* set_pragmas - synchronous, foreign keys and the bulk settings. */
static int set_pragmas(struct ledger *l, unsigned flags)
{
    int rc = exec(l, (flags & LEDGER_FAST) != 0 ? "PRAGMA synchronous = OFF"
                                                : "PRAGMA synchronous = FULL",
                  "synchronous");

    if (rc == 0) {
        rc = exec(l, "PRAGMA foreign_keys = ON", "foreign_keys");
    }
    if (rc == 0 && (flags & LEDGER_FAST) != 0) {
        /* bulk loading, a transaction per deal: checkpoint the WAL less
         * often, keep more pages in memory (the memory stays bounded) */
        rc = exec(l, "PRAGMA wal_autocheckpoint = 10000", "wal_autocheckpoint");
        if (rc == 0) {
            rc = exec(l, "PRAGMA cache_size = -16384", "cache_size");
        }
    }
    return rc;
}

int ledger_open(struct ledger **out, const char *path, unsigned flags)
{
    struct ledger_options opt = { .flags = flags };

    return ledger_open_with(out, path, &opt);
}

int ledger_open_with(struct ledger **out, const char *path,
                     const struct ledger_options *opt)
{
    struct ledger *l = NULL;
    unsigned flags = opt != NULL ? opt->flags : 0;
    bool is_empty = false;
    bool readonly = (flags & LEDGER_READONLY) != 0;
    bool memory = is_memory(path);
    const char *fixed = getenv("ECARTE_FIXED_TIME");
    int oflags = SQLITE_OPEN_NOMUTEX |
                 (readonly ? SQLITE_OPEN_READONLY
                           : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    int rc = 0;

    assert(out != NULL && path != NULL);
    *out = NULL;
    l = calloc(1, sizeof(*l));
    if (l == NULL) {
        return LEDGER_E_ERROR;
    }
    *out = l;
    l->wait_ms = opt != NULL && opt->wait_ms != 0 ? opt->wait_ms
                                                  : BUSY_TIMEOUT_MS;
    l->on_wait = opt != NULL ? opt->on_wait : NULL;
    l->wait_ctx = opt != NULL ? opt->wait_ctx : NULL;
    if (!readonly && !memory) {
        rc = prepare_file(l, path, flags);
        if (rc != 0) {
            goto out;
        }
    }
    rc = open_db(l, path, oflags);
    if (rc != 0) {
        goto out;
    }
    rc = check_format(l, &is_empty);
    if (rc != 0 && readonly && (l->sqlite_rc & 0xff) == SQLITE_READONLY) {
        /* a ledger in a directory we may not write to (an archived copy):
         * WAL needs a -shm file there, so read the file as immutable */
        char *uri = sqlite3_mprintf("file:%s?immutable=1", path);

        sqlite3_close(l->db);
        l->db = NULL;
        if (uri == NULL) {
            rc = failf(l, LEDGER_E_ERROR, "open: out of memory");
            goto out;
        }
        rc = open_db(l, uri, oflags | SQLITE_OPEN_URI);
        sqlite3_free(uri);
        if (rc != 0) {
            goto out;
        }
        rc = check_format(l, &is_empty);
    }
    if (rc == 0 && !readonly && sqlite3_db_readonly(l->db, "main") == 1) {
        /* SQLite fell back to reading a file we may not write: refuse now,
         * not at the first action to record */
        rc = fail(l, SQLITE_READONLY, "open");
    }
    if (rc != 0) {
        goto out;
    }
    if (is_empty && readonly) {
        rc = failf(l, LEDGER_E_FORMAT, "not an ecarte ledger: empty");
        goto out;
    }
    if (is_empty && !memory && (flags & LEDGER_EMPTY_OK) == 0) {
        rc = failf(l, LEDGER_E_EMPTY, "an SQLite file without a table, not "
                                      "a ledger");
        goto out;
    }
    if (!readonly && !memory) {
        rc = set_wal(l);
        if (rc != 0) {
            goto out;
        }
    }
    rc = set_pragmas(l, flags);
    if (rc == 0 && is_empty) {
        rc = create_schema(l);
        if (rc == 0) {
            rc = check_format(l, &is_empty);
        }
    }
    if (rc == 0 && !readonly && l->version < LEDGER_SCHEMA_VERSION) {
        rc = migrate(l);
    }
    if (rc == 0) {
        rc = prepare_statements(l);
    }
    if (rc != 0) {
        goto out;
    }
    if ((flags & LEDGER_CHECK) != 0) {
        rc = ledger_integrity(l);
        if (rc != 0) {
            rc = rc > 0 ? LEDGER_E_DAMAGED : rc;
            goto out;
        }
    }
    l->md = EVP_MD_fetch(NULL, "SHA256", NULL);
    l->mdctx = EVP_MD_CTX_new();
    if (l->md == NULL || l->mdctx == NULL) {
        rc = failf(l, LEDGER_E_ERROR, "libcrypto: no SHA-256");
        goto out;
    }
    if (fixed != NULL && fixed[0] != '\0') {
        l->fixed_time = strdup(fixed);
        if (l->fixed_time == NULL) {
            rc = failf(l, LEDGER_E_ERROR, "out of memory");
            goto out;
        }
    }
out:
    return rc;
}

int ledger_version(const struct ledger *l)
{
    return l->version;
}

struct sqlite3 *ledger__db(struct ledger *l)
{
    return l->db;
}

void ledger_close(struct ledger *l)
{
    int i = 0;

    if (l == NULL) {
        return;
    }
    for (i = 0; i < ST_COUNT; i++) {
        sqlite3_finalize(l->st[i]);
    }
    sqlite3_close(l->db);
    EVP_MD_CTX_free(l->mdctx);
    EVP_MD_free(l->md);
    free(l->hbuf);
    free(l->tbuf);
    free(l->fixed_time);
    free(l);
}

/* ------------------------------------------------------------------ */
/* Transactions                                                         */
/* ------------------------------------------------------------------ */

static int chain_read(struct ledger *l, struct chain_head *out);

int ledger_begin(struct ledger *l)
{
    assert(l != NULL);
    l->chain_fresh = false;
    return run(l, l->st[ST_BEGIN], 0, "begin");
}

/* chain_write - the cached head into the chain row (once per transaction,
 * at its commit, rather than once per event). */
static int chain_write(struct ledger *l)
{
    sqlite3_stmt *st = l->st[ST_CHAIN_SET];
    int bad = 0;

    if (!l->chain_dirty) {
        return 0;
    }
    l->chain_dirty = false;
    bad |= bind_text(st, 1, l->chain.head);
    bad |= sqlite3_bind_int64(st, 2, l->chain.n_events);
    bad |= sqlite3_bind_int64(st, 3, l->chain.last_id);
    return run(l, st, bad, "update the chain head");
}

int ledger_commit(struct ledger *l)
{
    int rc = 0;

    assert(l != NULL);
    rc = chain_write(l);
    l->chain_fresh = false;
    if (rc != 0) {
        ledger_rollback(l);
        return rc;
    }
    rc = run(l, l->st[ST_COMMIT], 0, "commit");
    if (rc != 0) {
        ledger_rollback(l);
    }
    return rc;
}

void ledger_rollback(struct ledger *l)
{
    assert(l != NULL);
    l->chain_fresh = false;
    l->chain_dirty = false;
    if (!sqlite3_get_autocommit(l->db)) {
        sqlite3_step(l->st[ST_ROLLBACK]);
        done(l->st[ST_ROLLBACK]);
    }
}

int ledger_read_begin(struct ledger *l)
{
    struct chain_head head;
    int rc = 0;

    assert(l != NULL);
    rc = run(l, l->st[ST_BEGIN_READ], 0, "begin a read");
    if (rc != 0) {
        return rc;
    }
    /* the snapshot is taken at the first read: take it now */
    rc = chain_read(l, &head);
    if (rc != 0) {
        ledger_read_end(l);
    }
    return rc;
}

void ledger_read_end(struct ledger *l)
{
    ledger_rollback(l);
}

/* ------------------------------------------------------------------ */
/* Sittings, tags, games, deals                                         */
/* ------------------------------------------------------------------ */

/* last_id - the rowid of the last insert into *out (if out). */
static void last_id(struct ledger *l, int64_t *out)
{
    if (out != NULL) {
        *out = sqlite3_last_insert_rowid(l->db);
    }
}

int ledger_sitting_add(struct ledger *l, const char *source, int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_SITTING_ADD];
    int bad = 0;
    int rc = 0;

    bad |= bind_text(st, 1, source);
    bad |= bind_text(st, 2, now_utc(l));
    rc = run(l, st, bad, "add a sitting");
    if (rc == 0) {
        last_id(l, out);
    }
    return rc;
}

int ledger_sitting_last(struct ledger *l, int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_SITTING_LAST];
    int src = sqlite3_step(st);
    int rc = 0;

    if (src != SQLITE_ROW) {
        rc = fail(l, src, "last sitting");
    } else if (sqlite3_column_type(st, 0) == SQLITE_NULL) {
        rc = failf(l, LEDGER_E_NOTFOUND, "the ledger has no sitting");
    } else {
        *out = sqlite3_column_int64(st, 0);
    }
    done(st);
    return rc;
}

int ledger_tag_add(struct ledger *l, int64_t sitting, const char *name,
                   const char *value)
{
    sqlite3_stmt *st = l->st[ST_TAG_ADD];
    int bad = 0;

    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= bind_text(st, 2, name);
    bad |= bind_text(st, 3, value);
    return run(l, st, bad, "add a tag");
}

int ledger_game_add(struct ledger *l, int64_t sitting, int number,
                    int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_GAME_ADD];
    int bad = 0;
    int rc = 0;

    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int(st, 2, number);
    rc = run(l, st, bad, "add a game");
    if (rc == 0) {
        last_id(l, out);
    }
    return rc;
}

int ledger_game_id(struct ledger *l, int64_t sitting, int number,
                   int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_GAME_ID];
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int(st, 2, number) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "find a game");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
    } else if (src == SQLITE_DONE) {
        rc = failf(l, LEDGER_E_NOTFOUND, "sitting %" PRId64 " has no game "
                   "%d", sitting, number);
    } else {
        rc = fail(l, src, "find a game");
    }
out_reset:
    done(st);
    return rc;
}

/* changed_one - NOTFOUND unless the last statement changed a row. */
static int changed_one(struct ledger *l, const char *what)
{
    if (sqlite3_changes(l->db) == 0) {
        return failf(l, LEDGER_E_NOTFOUND, "%s: no such row", what);
    }
    return 0;
}

int ledger_game_finish(struct ledger *l, int64_t game, char winner,
                       int points_a, int points_b, int value)
{
    sqlite3_stmt *st = l->st[ST_GAME_FINISH];
    int bad = 0;
    int rc = 0;

    bad |= sqlite3_bind_int64(st, 1, game);
    bad |= bind_char(st, 2, &winner);
    bad |= sqlite3_bind_int(st, 3, points_a);
    bad |= sqlite3_bind_int(st, 4, points_b);
    bad |= sqlite3_bind_int(st, 5, value);
    rc = run(l, st, bad, "finish a game");
    if (rc == 0) {
        rc = changed_one(l, "finish a game");
    }
    return rc;
}

int ledger_game_reopen(struct ledger *l, int64_t game)
{
    sqlite3_stmt *st = l->st[ST_GAME_REOPEN];
    int rc = run(l, st, sqlite3_bind_int64(st, 1, game), "reopen a game");

    if (rc == 0) {
        rc = changed_one(l, "reopen a game");
    }
    return rc;
}

int ledger_deal_add(struct ledger *l, int64_t game, int number, char dealer,
                    int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_DEAL_ADD];
    int bad = 0;
    int rc = 0;

    bad |= sqlite3_bind_int64(st, 1, game);
    bad |= sqlite3_bind_int(st, 2, number);
    bad |= bind_char(st, 3, &dealer);
    rc = run(l, st, bad, "add a deal");
    if (rc == 0) {
        rc = changed_one(l, "add a deal: its game");
    }
    if (rc == 0) {
        last_id(l, out);
    }
    return rc;
}

int ledger_deal_finish(struct ledger *l, int64_t deal, int tricks_a,
                       int tricks_b, int points_a, int points_b,
                       bool is_void)
{
    sqlite3_stmt *st = l->st[ST_DEAL_FINISH];
    int bad = 0;
    int rc = 0;

    bad |= sqlite3_bind_int64(st, 1, deal);
    bad |= sqlite3_bind_int(st, 2, tricks_a);
    bad |= sqlite3_bind_int(st, 3, tricks_b);
    bad |= sqlite3_bind_int(st, 4, points_a);
    bad |= sqlite3_bind_int(st, 5, points_b);
    bad |= sqlite3_bind_int(st, 6, is_void ? 1 : 0);
    rc = run(l, st, bad, "finish a deal");
    if (rc == 0) {
        rc = changed_one(l, "finish a deal");
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Events, rulings, score marks                                         */
/* ------------------------------------------------------------------ */

/* chain_read - the chain row into *out. */
static int chain_read(struct ledger *l, struct chain_head *out)
{
    sqlite3_stmt *st = l->st[ST_CHAIN_GET];
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_ROW) {
        snprintf(out->head, sizeof(out->head), "%s", col_text(st, 0));
        out->n_events = sqlite3_column_int64(st, 1);
        out->last_id = sqlite3_column_int64(st, 2);
    } else if (src == SQLITE_DONE) {
        rc = failf(l, LEDGER_E_FORMAT, "the chain head row is missing");
    } else {
        rc = fail(l, src, "read the chain head");
    }
    done(st);
    return rc;
}

/*
 * event_insert - the body of ledger_event_add inside a transaction: the
 * INSERT and the chain update.  The cached head is re-read once per
 * transaction (another process may have appended since the last one).
 */
static int event_insert(struct ledger *l, const struct ledger_event *ev,
                        int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_EVENT_ADD];
    struct ledger_event row = *ev;
    char hash[LEDGER_HASH_HEX];
    int bad = 0;
    int rc = 0;

    if (!l->chain_fresh) {
        rc = chain_read(l, &l->chain);
        if (rc != 0) {
            return rc;
        }
        l->chain_fresh = true;
    }
    row.id = l->chain.last_id + 1;
    row.recorded = now_utc(l);
    rc = event_hash(l, l->chain.head, &row, hash);
    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, row.id);
    bad |= sqlite3_bind_int64(st, 2, row.sitting);
    bad |= sqlite3_bind_int64(st, 3, row.game);
    bad |= sqlite3_bind_int64(st, 4, row.deal);
    bad |= sqlite3_bind_int64(st, 5, row.seq);
    bad |= bind_text(st, 6, row.source);
    bad |= sqlite3_bind_int(st, 7, row.line);
    bad |= bind_text(st, 8, row.stamp);
    bad |= bind_text(st, 9, row.recorded);
    bad |= bind_text(st, 10, row.actor);
    bad |= bind_text(st, 11, row.verb);
    bad |= bind_text(st, 12, row.args);
    bad |= bind_text(st, 13, row.cards);
    bad |= bind_text(st, 14, row.text);
    bad |= bind_text(st, 15, hash);
    rc = run(l, st, bad, "add an event");
    if (rc != 0) {
        l->chain_fresh = false;
        return rc;
    }
    l->chain_dirty = true;
    memcpy(l->chain.head, hash, sizeof(hash));
    l->chain.n_events++;
    l->chain.last_id = row.id;
    if (out != NULL) {
        *out = row.id;
    }
    return 0;
}

int ledger_event_add(struct ledger *l, const struct ledger_event *ev,
                     int64_t *out)
{
    bool own = false;
    int rc = 0;

    assert(l != NULL && ev != NULL);
    if (sqlite3_get_autocommit(l->db)) {
        own = true;
        rc = ledger_begin(l);
        if (rc != 0) {
            return rc;
        }
    }
    rc = event_insert(l, ev, out);
    if (own) {
        if (rc == 0) {
            rc = ledger_commit(l);
        } else {
            ledger_rollback(l);
        }
    }
    return rc;
}

int ledger_ruling_add(struct ledger *l, int64_t event, const char *law,
                      const char *offender, const char *elector,
                      const char *options, const char *remedy,
                      const char *text, int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_RULING_ADD];
    int bad = 0;
    int rc = 0;

    bad |= sqlite3_bind_int64(st, 1, event);
    bad |= bind_text(st, 2, law);
    bad |= bind_text(st, 3, offender);
    bad |= bind_text(st, 4, elector);
    bad |= bind_text(st, 5, options);
    bad |= bind_text(st, 6, remedy);
    bad |= bind_text(st, 7, text);
    rc = run(l, st, bad, "add a ruling");
    if (rc == 0) {
        last_id(l, out);
    }
    return rc;
}

int ledger_score_add(struct ledger *l, int64_t event, int64_t game,
                     int points_a, int points_b, const char *reason)
{
    sqlite3_stmt *st = l->st[ST_SCORE_ADD];
    int bad = 0;

    bad |= sqlite3_bind_int64(st, 1, event);
    bad |= sqlite3_bind_int64(st, 2, game);
    bad |= sqlite3_bind_int(st, 3, points_a);
    bad |= sqlite3_bind_int(st, 4, points_b);
    bad |= bind_text(st, 5, reason);
    return run(l, st, bad, "add a score mark");
}

/* ------------------------------------------------------------------ */
/* Reading back                                                         */
/* ------------------------------------------------------------------ */

/* event_from_row - the current row of an EVENT_COLUMNS query; the text
 * is borrowed from st until its next step. */
static void event_from_row(sqlite3_stmt *st, struct ledger_event *ev)
{
    ev->id = sqlite3_column_int64(st, 0);
    ev->sitting = sqlite3_column_int64(st, 1);
    ev->game = sqlite3_column_int64(st, 2);
    ev->deal = sqlite3_column_int64(st, 3);
    ev->seq = sqlite3_column_int64(st, 4);
    ev->source = col_text(st, 5);
    ev->line = sqlite3_column_int(st, 6);
    ev->stamp = col_text(st, 7);
    ev->recorded = col_text(st, 8);
    ev->actor = col_text(st, 9);
    ev->verb = col_text(st, 10);
    ev->args = col_text(st, 11);
    ev->cards = col_text(st, 12);
    ev->text = col_text(st, 13);
    ev->hash = col_text(st, 14);
}

int ledger_events_foreach(struct ledger *l, int64_t sitting,
                          ledger_event_fn fn, void *ctx)
{
    sqlite3_stmt *st = NULL;
    struct ledger_event ev;
    int src = 0;
    int rc = 0;

    if (sitting == 0) {
        st = l->st[ST_EVENTS_ALL];
    } else {
        st = l->st[ST_EVENTS_SITTING];
        if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
            rc = fail(l, sqlite3_errcode(l->db), "read events");
            goto out_reset;
        }
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        event_from_row(st, &ev);
        rc = fn(ctx, &ev);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "read events");
    }
out_reset:
    done(st);
    return rc;
}

/* tag_line - "[name "value"]" with \ and " escaped in value, into l's
 * buffer (borrowed), or NULL when out of memory. */
static const char *tag_line(struct ledger *l, const char *name,
                            const char *value)
{
    size_t need = strlen(name) + 2 * strlen(value) + 6;
    char *p = NULL;

    if (need > l->tbuf_cap) {
        char *nb = realloc(l->tbuf, need);

        if (nb == NULL) {
            return NULL;
        }
        l->tbuf = nb;
        l->tbuf_cap = need;
    }
    p = l->tbuf;
    *p++ = '[';
    p = stpcpy(p, name);
    *p++ = ' ';
    *p++ = '"';
    for (; *value != '\0'; value++) {
        if (*value == '"' || *value == '\\') {
            *p++ = '\\';
        }
        *p++ = *value;
    }
    *p++ = '"';
    *p++ = ']';
    *p = '\0';
    return l->tbuf;
}

/* lines_tags - the tag lines of ledger_lines_foreach. */
static int lines_tags(struct ledger *l, int64_t sitting, ledger_line_fn fn,
                      void *ctx)
{
    sqlite3_stmt *st = l->st[ST_TAGS];
    const char *text = NULL;
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "read tags");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        text = tag_line(l, col_text(st, 0), col_text(st, 1));
        if (text == NULL) {
            rc = failf(l, LEDGER_E_ERROR, "read tags: out of memory");
            goto out_reset;
        }
        rc = fn(ctx, LEDGER_LINE_TAG, 0, text);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "read tags");
    }
out_reset:
    done(st);
    return rc;
}

int ledger_lines_foreach(struct ledger *l, int64_t sitting, int game,
                         ledger_line_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_LINES];
    char score[64];
    const char *text = NULL;
    int kind = 0;
    int src = 0;
    int rc = lines_tags(l, sitting, fn, ctx);

    if (rc != 0) {
        return rc;
    }
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int(st, 2, game) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "read lines");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        kind = sqlite3_column_int(st, 0);
        if (kind == 3) {
            snprintf(score, sizeof(score), "score A %d B %d",
                     sqlite3_column_int(st, 3), sqlite3_column_int(st, 4));
            text = score;
        } else {
            text = col_text(st, 2);
        }
        rc = fn(ctx,
                kind == 1 ? LEDGER_LINE_EVENT
                : kind == 2 ? LEDGER_LINE_RULING : LEDGER_LINE_SCORE,
                sqlite3_column_int64(st, 1), text);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "read lines");
    }
out_reset:
    done(st);
    return rc;
}

int ledger_sittings_foreach(struct ledger *l, ledger_sitting_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_SITTINGS];
    int src = 0;
    int rc = 0;

    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), col_text(st, 1));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "read sittings");
    }
out_reset:
    done(st);
    return rc;
}

int ledger_sittings_find(struct ledger *l, const char *source, int64_t id,
                         ledger_sitting_info_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_SITTINGS_FIND];
    struct ledger_sitting_info si;
    int bad = 0;
    int src = 0;
    int rc = 0;

    assert(l != NULL && fn != NULL);
    bad |= source != NULL ? bind_text(st, 1, source)
                          : sqlite3_bind_null(st, 1);
    bad |= sqlite3_bind_int64(st, 2, id);
    if (bad) {
        rc = fail(l, sqlite3_errcode(l->db), "find sittings");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        si.id = sqlite3_column_int64(st, 0);
        si.source = col_text(st, 1);
        si.n_events = sqlite3_column_int64(st, 2);
        si.imported = sqlite3_column_int(st, 3) != 0;
        si.deal_open = sqlite3_column_int(st, 4) != 0;
        rc = fn(ctx, &si);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "find sittings");
    }
out_reset:
    done(st);
    return rc;
}

int ledger_event_text(struct ledger *l, int64_t sitting, int64_t seq,
                      char *buf, size_t n)
{
    sqlite3_stmt *st = l->st[ST_EVENT_TEXT];
    int src = 0;
    int rc = 0;

    assert(l != NULL && buf != NULL && n > 0);
    buf[0] = '\0';
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, seq) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "read an event");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        snprintf(buf, n, "%s", col_text(st, 0));
    } else if (src == SQLITE_DONE) {
        rc = failf(l, LEDGER_E_NOTFOUND, "sitting %" PRId64 " has no event "
                   "%" PRId64, sitting, seq);
    } else {
        rc = fail(l, src, "read an event");
    }
out_reset:
    done(st);
    return rc;
}

int ledger_scoresheet_foreach(struct ledger *l, int64_t sitting,
                              ledger_deal_fn fn, void *ctx)
{
    sqlite3_stmt *st = NULL;
    struct ledger_deal_row row;
    int src = 0;
    int rc = 0;

    if (sitting == 0) {
        st = l->st[ST_SCORESHEET_ALL];
    } else {
        st = l->st[ST_SCORESHEET_SITTING];
        if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
            rc = fail(l, sqlite3_errcode(l->db), "read the scoresheet");
            goto out_reset;
        }
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        memset(&row, 0, sizeof(row));
        row.sitting = sqlite3_column_int64(st, 0);
        row.game = sqlite3_column_int(st, 1);
        row.deal = sqlite3_column_int(st, 2);
        row.dealer = col_text(st, 3)[0];
        row.tricks_a = sqlite3_column_int(st, 4);
        row.tricks_b = sqlite3_column_int(st, 5);
        row.points_a = sqlite3_column_int(st, 6);
        row.points_b = sqlite3_column_int(st, 7);
        row.is_void = sqlite3_column_int(st, 8) != 0;
        row.finished = sqlite3_column_int(st, 9) != 0;
        row.game_winner = col_text(st, 10)[0];
        row.game_value = sqlite3_column_int(st, 11);
        row.game_points_a = sqlite3_column_int(st, 12);
        row.game_points_b = sqlite3_column_int(st, 13);
        row.game_lost = sqlite3_column_int(st, 14);
        rc = fn(ctx, &row);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "read the scoresheet");
    }
out_reset:
    done(st);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Import bookkeeping                                                   */
/* ------------------------------------------------------------------ */

int ledger_file_seen(struct ledger *l, const char *sha256_hex)
{
    sqlite3_stmt *st = l->st[ST_FILE_SEEN];
    int src = 0;
    int rc = 0;

    if (bind_text(st, 1, sha256_hex) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "look up a file");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        rc = 1;
    } else if (src != SQLITE_DONE) {
        rc = fail(l, src, "look up a file");
    }
out_reset:
    done(st);
    return rc;
}

int ledger_file_add(struct ledger *l, const char *sha256_hex,
                    const char *path, int64_t sitting, int deals,
                    int quarantined)
{
    sqlite3_stmt *st = l->st[ST_FILE_ADD];
    int bad = 0;
    int rc = 0;

    bad |= bind_text(st, 1, sha256_hex);
    bad |= bind_text(st, 2, path);
    bad |= sqlite3_bind_int64(st, 3, sitting);
    bad |= sqlite3_bind_int(st, 4, deals);
    bad |= sqlite3_bind_int(st, 5, quarantined);
    bad |= bind_text(st, 6, now_utc(l));
    rc = run(l, st, bad, "record an imported file");
    if (rc != 0 && l->sqlite_rc == SQLITE_CONSTRAINT_UNIQUE) {
        rc = LEDGER_E_DUPLICATE;
    }
    return rc;
}

int ledger_import_get(struct ledger *l, const char *sha256_hex,
                      struct ledger_import *out)
{
    sqlite3_stmt *st = l->st[ST_IMPORT_GET];
    int src = 0;
    int rc = 0;

    assert(l != NULL && out != NULL);
    memset(out, 0, sizeof(*out));
    if (bind_text(st, 1, sha256_hex) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "look up an import");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        out->id = sqlite3_column_int64(st, 0);
        out->sitting = sqlite3_column_int64(st, 1);
        out->line = sqlite3_column_int(st, 2);
        out->deals = sqlite3_column_int(st, 3);
        out->quarantined = sqlite3_column_int(st, 4);
        out->findings = sqlite3_column_int(st, 5);
        out->events = sqlite3_column_int64(st, 6);
        out->complete = sqlite3_column_int(st, 7) != 0;
    } else if (src == SQLITE_DONE) {
        rc = failf(l, LEDGER_E_NOTFOUND, "no import of that content");
    } else {
        rc = fail(l, src, "look up an import");
    }
out_reset:
    done(st);
    return rc;
}

/* writable_v2 - the statements that write version 2 columns need a
 * version 2 file (a version 1 file is only read, never written). */
static int writable_v2(struct ledger *l, const char *what)
{
    if (l->version < 2) {
        return failf(l, LEDGER_E_FORMAT, "%s: ledger schema version %d is "
                     "read only here", what, l->version);
    }
    return 0;
}

int ledger_import_begin(struct ledger *l, const char *sha256_hex,
                        const char *path, struct ledger_import *imp)
{
    sqlite3_stmt *st = l->st[ST_IMPORT_BEGIN];
    int bad = 0;
    int rc = writable_v2(l, "begin an import");

    if (rc != 0) {
        return rc;
    }
    bad |= bind_text(st, 1, sha256_hex);
    bad |= bind_text(st, 2, path);
    bad |= sqlite3_bind_int64(st, 3, imp->sitting);
    bad |= sqlite3_bind_int(st, 4, imp->deals);
    bad |= sqlite3_bind_int(st, 5, imp->quarantined);
    bad |= bind_text(st, 6, now_utc(l));
    bad |= sqlite3_bind_int(st, 7, imp->line);
    bad |= sqlite3_bind_int(st, 8, imp->findings);
    bad |= sqlite3_bind_int64(st, 9, imp->events);
    rc = run(l, st, bad, "begin an import");
    if (rc != 0 && l->sqlite_rc == SQLITE_CONSTRAINT_UNIQUE) {
        return LEDGER_E_DUPLICATE;
    }
    if (rc == 0) {
        imp->id = sqlite3_last_insert_rowid(l->db);
        imp->complete = false;
    }
    return rc;
}

int ledger_import_update(struct ledger *l, const struct ledger_import *imp)
{
    sqlite3_stmt *st = l->st[ST_IMPORT_UPDATE];
    int bad = 0;
    int rc = writable_v2(l, "record an import's progress");

    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, imp->id);
    bad |= sqlite3_bind_int64(st, 2, imp->sitting);
    bad |= sqlite3_bind_int(st, 3, imp->line);
    bad |= sqlite3_bind_int(st, 4, imp->deals);
    bad |= sqlite3_bind_int(st, 5, imp->quarantined);
    bad |= sqlite3_bind_int(st, 6, imp->findings);
    bad |= sqlite3_bind_int64(st, 7, imp->events);
    bad |= sqlite3_bind_int(st, 8, imp->complete ? 1 : 0);
    rc = run(l, st, bad, "record an import's progress");
    if (rc == 0) {
        rc = changed_one(l, "record an import's progress");
    }
    return rc;
}

int ledger_quarantine_gap(struct ledger *l, const char *source, int line,
                          const char *error, const char *raw,
                          int64_t sitting, int64_t after_event, int game)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_GAP];
    int bad = 0;
    int rc = writable_v2(l, "quarantine a deal");

    if (rc != 0) {
        return rc;
    }
    bad |= bind_text(st, 1, source);
    bad |= sqlite3_bind_int(st, 2, line);
    bad |= bind_text(st, 3, error);
    bad |= bind_text(st, 4, raw);
    bad |= bind_text(st, 5, now_utc(l));
    bad |= sqlite3_bind_int64(st, 6, sitting);
    bad |= sqlite3_bind_int64(st, 7, after_event);
    bad |= sqlite3_bind_int(st, 8, game);
    return run(l, st, bad, "quarantine a deal");
}

int ledger_gaps_foreach(struct ledger *l, int64_t sitting, ledger_gap_fn fn,
                        void *ctx)
{
    sqlite3_stmt *st = l->st[ST_GAPS];
    int src = 0;
    int rc = 0;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "read the quarantine");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
                sqlite3_column_int(st, 2), col_text(st, 3));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "read the quarantine");
    }
out_reset:
    done(st);
    return rc;
}

int ledger_quarantine_add(struct ledger *l, const char *source, int line,
                          const char *error, const char *raw)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_ADD];
    int bad = 0;

    bad |= bind_text(st, 1, source);
    bad |= sqlite3_bind_int(st, 2, line);
    bad |= bind_text(st, 3, error);
    bad |= bind_text(st, 4, raw);
    bad |= bind_text(st, 5, now_utc(l));
    return run(l, st, bad, "quarantine a deal");
}

int64_t ledger_quarantine_count(struct ledger *l)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_COUNT];
    int src = sqlite3_step(st);
    int64_t n = 0;

    if (src == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    } else {
        n = fail(l, src, "count quarantined deals");
    }
    done(st);
    return n;
}

/* ------------------------------------------------------------------ */
/* Tamper evidence                                                      */
/* ------------------------------------------------------------------ */

int ledger_chain_head(struct ledger *l, char *out, int64_t *n)
{
    struct chain_head head;
    int rc = chain_read(l, &head);

    if (rc != 0) {
        return rc;
    }
    memcpy(out, head.head, LEDGER_HASH_HEX);
    if (n != NULL) {
        *n = head.n_events;
    }
    return 0;
}

/* query_int - the first column of the first row of st bound with a, b,
 * in *out; 1 if there was a row, 0 if none, negative on error. */
static int query_int(struct ledger *l, sqlite3_stmt *st, int64_t a,
                     int64_t b, int64_t *out)
{
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, a) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, b) != SQLITE_OK) {
        rc = fail(l, sqlite3_errcode(l->db), "verify");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
        rc = 1;
    } else if (src != SQLITE_DONE) {
        rc = fail(l, src, "verify");
    }
out_reset:
    done(st);
    return rc;
}

/* hash_is - does ev, chained after prev, hash to want? */
static int hash_is(struct ledger *l, const char *prev,
                   const struct ledger_event *ev, const char *want)
{
    char h[LEDGER_HASH_HEX];
    int rc = event_hash(l, prev, ev, h);

    if (rc != 0) {
        return rc;
    }
    return strcmp(h, want) == 0;
}

/*
 * next_chains - does the row after the current one of the walk st chain
 * after prev when given the id (and maybe the seq) one lower?  Then the
 * current row was inserted and the rest renumbered.  1 yes, 0 no, or a
 * negative code.  Steps st.
 */
static int next_chains(struct ledger *l, sqlite3_stmt *st, const char *prev,
                       int64_t id)
{
    struct ledger_event next;
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_DONE) {
        return 0;
    }
    if (src != SQLITE_ROW) {
        return fail(l, src, "verify");
    }
    event_from_row(st, &next);
    next.id = id;
    rc = hash_is(l, prev, &next, next.hash);
    if (rc == 0) {
        next.seq--;
        rc = hash_is(l, prev, &next, next.hash);
    }
    return rc;
}

/*
 * diagnose - the row ev of the walk (st) does not chain after prev (the
 * hash of the verified row before: its id, sitting and seq; id 0 if
 * none): say why, on l, and return 1 with
 * *bad_id = ev's id, or a negative code.  Ids are dense (1, 2, 3, ...)
 * and seq runs 1, 2, 3, ... within a sitting in an intact ledger, which
 * tells a deletion and a reordering from an edit.  May step st.
 */
static int diagnose(struct ledger *l, sqlite3_stmt *st, const char *prev,
                    const struct ledger_event *before,
                    struct ledger_event *ev, int64_t *bad_id)
{
    int64_t prev_id = before->id;
    int64_t id = ev->id;
    int64_t expected = 0;
    int64_t where = 0;
    int64_t seq = ev->seq;
    int seq_edited = 0;
    int found = 0;
    int rc = 0;

    *bad_id = id;
    if (id != prev_id + 1) {
        return failf(l, 1, "event %" PRId64 ": a row before it was deleted "
                     "(no event %" PRId64 ")", id, prev_id + 1);
    }
    if (before->id != 0 && before->sitting == ev->sitting) {
        expected = before->seq + 1;
    } else {
        rc = query_int(l, l->st[ST_PREV_SEQ], ev->sitting, id, &expected);
        if (rc < 0) {
            return rc;
        }
        expected = rc == 1 ? expected + 1 : 1;
    }
    if (seq != expected) {
        ev->seq = expected;
        seq_edited = hash_is(l, prev, ev, ev->hash);
        ev->seq = seq;
        if (seq_edited < 0) {
            return seq_edited;
        }
    }
    rc = next_chains(l, st, prev, id);
    if (rc < 0) {
        return rc;
    }
    if (rc == 1) {
        return failf(l, 1, "event %" PRId64 ": inserted (the rows after it "
                     "were renumbered)", id);
    }
    if (seq == expected) {
        return failf(l, 1, "event %" PRId64 ": edited (its fields do not "
                     "match its hash)", id);
    }
    found = query_int(l, l->st[ST_FIND_SEQ], ev->sitting, expected, &where);
    if (found < 0) {
        return found;
    }
    if (found == 1 && where > id) {
        return failf(l, 1, "event %" PRId64 ": rows reordered (seq %" PRId64
                     " here, seq %" PRId64 " is at event %" PRId64 ")", id,
                     seq, expected, where);
    }
    if (seq_edited == 1) {
        return failf(l, 1, "event %" PRId64 ": edited (seq %" PRId64
                     " was %" PRId64 ")", id, seq, expected);
    }
    if (seq > expected) {
        return failf(l, 1, "event %" PRId64 ": a row before it was deleted "
                     "(seq %" PRId64 " of sitting %" PRId64 " is missing)",
                     id, expected, ev->sitting);
    }
    return failf(l, 1, "event %" PRId64 ": rows reordered (seq %" PRId64
                 " after seq %" PRId64 ")", id, seq, expected - 1);
}

/*
 * check_head - after a walk that found every row chained: compare what
 * was found (n rows, the last prev_id with hash prev) with the recorded
 * head.  Returns 0, or 1 with *bad_id and the account on l.
 */
static int check_head(struct ledger *l, const struct chain_head *head,
                      int64_t n, int64_t prev_id, const char *prev,
                      int64_t *bad_id)
{
    if (n < head->n_events) {
        *bad_id = prev_id + 1;
        return failf(l, 1, "event %" PRId64 ": events deleted at the end "
                     "(%" PRId64 " recorded, %" PRId64 " found)",
                     prev_id + 1, head->n_events, n);
    }
    if (n != head->n_events || prev_id != head->last_id ||
        strcmp(prev, head->head) != 0) {
        *bad_id = prev_id;
        return failf(l, 1, "event %" PRId64 ": the recorded head (%" PRId64
                     " events, last %" PRId64 ") was changed", prev_id,
                     head->n_events, head->last_id);
    }
    return 0;
}

int ledger_verify(struct ledger *l, int64_t *bad_id)
{
    sqlite3_stmt *st = l->st[ST_EVENTS_ALL];
    struct chain_head head;
    struct ledger_event ev;
    char prev[LEDGER_HASH_HEX];
    char h[LEDGER_HASH_HEX];
    struct ledger_event before = { .id = 0 };
    int64_t n = 0;
    bool own = sqlite3_get_autocommit(l->db) != 0;
    int src = 0;
    int rc = 0;

    *bad_id = 0;
    l->errmsg[0] = '\0';
    rc = ledger_integrity(l);
    if (rc != 0) {
        return rc < 0 ? rc : 1;
    }
    memcpy(prev, genesis, sizeof(prev));
    if (own) {
        rc = run(l, l->st[ST_BEGIN_READ], 0, "verify");
        if (rc != 0) {
            return rc;
        }
    }
    rc = chain_read(l, &head);
    if (rc != 0) {
        goto out_end;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        event_from_row(st, &ev);
        n++;
        if (ev.id > head.last_id) {
            *bad_id = ev.id;
            rc = failf(l, 1, "event %" PRId64 ": inserted after the "
                       "recorded head (event %" PRId64 ")", ev.id,
                       head.last_id);
            goto out_reset;
        }
        rc = event_hash(l, prev, &ev, h);
        if (rc != 0) {
            goto out_reset;
        }
        if (strcmp(h, ev.hash) != 0) {
            rc = diagnose(l, st, prev, &before, &ev, bad_id);
            goto out_reset;
        }
        memcpy(prev, h, sizeof(prev));
        before.id = ev.id;
        before.sitting = ev.sitting;
        before.seq = ev.seq;
    }
    if (src != SQLITE_DONE) {
        rc = fail(l, src, "verify");
        goto out_reset;
    }
    rc = check_head(l, &head, n, before.id, prev, bad_id);
out_reset:
    done(st);
out_end:
    if (own) {
        sqlite3_step(l->st[ST_COMMIT]);
        done(l->st[ST_COMMIT]);
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Claims of imported logs, rulings read back                           */
/* ------------------------------------------------------------------ */

int ledger_claim_add(struct ledger *l, int64_t sitting, int64_t event,
                     int line, const char *text)
{
    sqlite3_stmt *st = l->st[ST_CLAIM_ADD];
    int bad = 0;

    assert(l != NULL);
    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int64(st, 2, event);
    bad |= sqlite3_bind_int(st, 3, line);
    bad |= bind_text(st, 4, text);
    return run(l, st, bad, "add a claim");
}

int ledger_claims_foreach(struct ledger *l, int64_t sitting,
                          int64_t from_event, int64_t to_event,
                          ledger_claim_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_CLAIMS];
    int rc = 0;
    int src;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, from_event) != SQLITE_OK ||
        sqlite3_bind_int64(st, 3, to_event > 0 ? to_event : INT64_MAX) !=
            SQLITE_OK) {
        return fail(l, sqlite3_errcode(l->db), "read the claims");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
                (const char *)sqlite3_column_text(st, 2));
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = fail(l, src, "read the claims");
    }
    done(st);
    return rc;
}

int ledger_rulings_foreach(struct ledger *l, int64_t from_event,
                           int64_t to_event, ledger_ruling_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_RULINGS];
    int rc = 0;
    int src;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, from_event) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, to_event > 0 ? to_event : INT64_MAX) !=
            SQLITE_OK) {
        return fail(l, sqlite3_errcode(l->db), "read the rulings");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0),
                (const char *)sqlite3_column_text(st, 1));
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = fail(l, src, "read the rulings");
    }
    done(st);
    return rc;
}

int ledger_sitting_imported(struct ledger *l, int64_t sitting)
{
    sqlite3_stmt *st = l->st[ST_SITTING_IMPORTED];
    int rc;
    int src;

    assert(l != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        return fail(l, sqlite3_errcode(l->db), "read the imports");
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        rc = sqlite3_column_int64(st, 0) > 0 ? 1 : 0;
    } else {
        rc = fail(l, src, "read the imports");
    }
    done(st);
    return rc;
}

int ledger_tags_foreach(struct ledger *l, int64_t sitting, ledger_tag_fn fn,
                        void *ctx)
{
    sqlite3_stmt *st = l->st[ST_TAGS];
    int rc = 0;
    int src;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        return fail(l, sqlite3_errcode(l->db), "read tags");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, col_text(st, 0), col_text(st, 1));
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = fail(l, src, "read tags");
    }
    done(st);
    return rc;
}

int ledger_integrity(struct ledger *l)
{
    sqlite3_stmt *st = l->st[ST_QUICK_CHECK];
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_ROW) {
        const char *what = col_text(st, 0);

        if (strcmp(what, "ok") != 0) {
            char one[400];

            /* one line: SQLite's report may span several */
            snprintf(one, sizeof(one), "%s", what);
            for (char *p = one; *p != '\0'; p++) {
                if (*p == '\n') {
                    *p = ' ';
                }
            }
            rc = 1;
            failf(l, LEDGER_E_ERROR, "the database file is damaged: %s", one);
        }
    } else if (src == SQLITE_CORRUPT || src == SQLITE_NOTADB) {
        rc = 1;
        failf(l, LEDGER_E_ERROR, "the database file is damaged: %s",
              sqlite3_errmsg(l->db));
    } else {
        rc = fail(l, src, "check the database file");
    }
    done(st);
    return rc;
}

int ledger_quarantine_of(struct ledger *l, const char *source, int *count,
                         int *first_line)
{
    sqlite3_stmt *st = l->st[ST_QUARANTINE_OF];
    int rc = 0;
    int src;

    assert(l != NULL);
    *count = 0;
    *first_line = 0;
    if (bind_text(st, 1, source) != SQLITE_OK) {
        return fail(l, sqlite3_errcode(l->db), "read the quarantine");
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *count = sqlite3_column_int(st, 0);
        *first_line = sqlite3_column_int(st, 1);
    } else {
        rc = fail(l, src, "read the quarantine");
    }
    done(st);
    return rc;
}
