/* SPDX-License-Identifier: MIT */
/*
 * ledger_int.h - declarations shared by the files of ledger/ (and its
 * tests) only: the handle, the table of prepared statements, and the
 * helpers every file uses to run them and to keep errors on the handle.
 *
 * Who owns what: open.c makes and closes the handle; statements.c holds
 * the SQL of every statement (prepared once, in ledger_open); errors.c
 * the error detail; events.c the transactions and the hash chain (hash.c
 * its hashes, event_read.c the events read back);
 * migrate.c brings an older file to the current schema version.
 */
#ifndef ECARTE_LEDGER_LEDGER_INT_H
#define ECARTE_LEDGER_LEDGER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <sys/types.h>

#include <openssl/evp.h>
#include <sqlite3.h>

#include "ledger/ledger.h"

#define LEDGER__ERRMSG_MAX 512         /* an error message on the handle */
#define LEDGER__TIME_MAX 32            /* a time as recorded */

/*
 * ledger__schema_sql - the schema of LEDGER_SCHEMA_VERSION, NULL-terminated;
 * joined, the same text as ledger/schema.sql (a test compares them byte for
 * byte).  One string per paragraph, each a complete group of statements.
 */
extern const char *const ledger__schema_sql[];

/* Every statement of the ledger, prepared once in ledger_open (its SQL in
 * statements.c). */
enum stmt {
    ST_BEGIN,                   /* BEGIN IMMEDIATE: a writer */
    ST_BEGIN_READ,              /* BEGIN: a snapshot for ledger_verify */
    ST_COMMIT,
    ST_ROLLBACK,
    ST_SAVEPOINT,               /* a deal within an import's transaction */
    ST_RELEASE,
    ST_ROLLBACK_TO,
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
    ST_DEAL_REOPEN,
    ST_EVENT_ADD,
    ST_CHAIN_GET,
    ST_CHAIN_SET,
    ST_EVENT_TAIL,              /* the last event's id and stored hash */
    ST_EVENT_WHOLE,             /* event ?2's hash stored as ?1 (whole,
                                   or cut short) */
    ST_EVENT_CUT,               /* event ?1's whole hash cut short */
    ST_DATA_VERSION,            /* PRAGMA data_version */
    ST_RULING_ADD,
    ST_SCORE_ADD,
    ST_RULING_AT,               /* ST_RULING_ADD, ST_SCORE_ADD with the */
    ST_SCORE_AT,                /* place known (ledger__mark_pos) */
    ST_EVENTS_ALL,              /* also the walk of ledger_verify */
    ST_EVENTS_SITTING,
    ST_EVENTS_BRIEF,
    ST_EVENTS_CHAIN,            /* ledger_events_chain_foreach */
    ST_EVENTS_RANGE,            /* ledger_event_hash_full: ids ?1 to ?2 */
    ST_SITTING_FIRST_EVENT,     /* ledger_sitting_ends */
    ST_SITTING_LAST_EVENT,
    ST_CAPPED_DEALS,            /* ledger_capped_deals_foreach */
    ST_LINES,                   /* ledger_lines_foreach: the events, */
    ST_LINES_RULINGS,           /* and the cursors merged with them */
    ST_LINES_SCORES,
    ST_LINES_SETTLEMENTS,
    ST_LINES_MARKS,
    ST_SCORESHEET_ALL,
    ST_SCORESHEET_SITTING,
    ST_FILE_SEEN,
    ST_FILE_ADD,
    ST_QUARANTINE_ADD,
    ST_QUARANTINE_COUNT,
    ST_CLAIM_ADD,
    ST_CLAIMS,
    ST_QUARANTINE_OF,
    ST_INTEGRITY_CHECK,
    ST_SITTING_IMPORTED,
    ST_RULINGS,
    ST_CLAIMS_STREAM,           /* ledger_claims_next's cursor */
    ST_RULINGS_STREAM,          /* ledger_rulings_next's cursor */
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
    ST_PERSON_ADD,              /* the sitting above the seats (3) */
    ST_SEATING_ADD,
    ST_STAKE_ADD,
    ST_BET_ADD,
    ST_SETTLEMENT_ADD,
    ST_TRANSFER_ADD,
    ST_MARK_ADD,
    ST_BALANCES,
    ST_SETTLEMENTS,
    ST_PERSONS,
    ST_SEATINGS,
    ST_SEAL_ADD,                /* the seal (4) */
    ST_SITTING_SOURCE,          /* a sitting's source (event_row.c) */
    ST_COUNT
};

#define LEDGER__CLEAR_STATEMENTS 24  /* ledger_clear's (open.c) */

/* The tables sealed (seal.c): rows no recorded action gives again. */
enum seal_table {
    SEAL_SITTING,
    SEAL_TAG,
    SEAL_IMPORT,
    SEAL_QUARANTINE,
    SEAL_CLAIM,
    SEAL_INFO,                  /* version 5: the identity, */
    SEAL_MEMBER_JOIN,           /* the members, */
    SEAL_MEMBER_APART,
    SEAL_PROVENANCE,            /* where a merged sitting came from */
    SEAL_COMMENT,               /* version 7: the log's comments */
    SEAL_TABLES
};

#define SEAL_TABLES_4 SEAL_INFO  /* the tables a version 4 file seals */
#define SEAL_TABLES_5 SEAL_COMMENT /* ... a version 5 or 6 file */

/* The statements of members.c, provenance.c and comments.c, prepared
 * on first use
 * (ledger__cached) and kept on the handle until ledger_close. */
enum cached_stmt {
    CS_IDENTITY,
    CS_APART_GET,
    CS_JOIN_GET,
    CS_TAG_GET,
    CS_PERSON_GET,
    CS_HAS_PERSONS,
    CS_COMMENT_ADD,             /* comments.c (version 7) */
    CS_COMMENTS,
    CS_MARKS_COUNT,
    CS_LAWS,
    CS_KEPT_IDS,                /* kept_rows.c */
    CS_DEAL_ROW,
    CS_EVENT_BATCH,             /* events.c */
    CS_COUNT
};

/* The recorded head of the chain (table chain). */
struct chain_head {
    char head[LEDGER_HASH_HEX];         /* hash of the last event */
    int64_t n_events;
    int64_t last_id;                    /* 0 if no event */
    char seal_head[LEDGER_HASH_HEX];    /* hash of the last seal (4) */
    int64_t n_seals;
    int64_t seal_last;                  /* 0 if no seal */
};

/* A cursor read across calls (ledger_claims_next, ledger_rulings_next):
 * where its statement stands. */
struct ledger_stream {
    bool open;                          /* the statement is stepping */
    int step;                           /* its last step's code */
    int64_t sitting;                    /* what it was bound to */
    int64_t last_to;                    /* to_event of the last call */
};

/* What a row of a deal kept while loading is (kept_rows.c): a game, a
 * deal, a score mark, a claim or a seal written, or a game or a deal
 * finished that the kept rows do not hold. */
enum kept_kind {
    KEPT_GAME,                  /* id; a: sitting, number */
    KEPT_GAME_FINISH,           /* id; c: winner; a: points a, b, value */
    KEPT_DEAL,                  /* id; a: game, number, tricks a, b,
                                   points a, b, is_void, finished;
                                   c: dealer */
    KEPT_DEAL_FINISH,           /* id; a: as KEPT_DEAL's from [2] */
    KEPT_SCORE,                 /* a: event, game, pos, points a, b;
                                   text 0: reason */
    KEPT_CLAIM,                 /* id; a: sitting, event, line; text 0 */
    KEPT_SEAL                   /* id; a: row_id; texts: tbl, row, hash */
};

/* A row of a deal kept while loading (LEDGER_FAST), not yet written:
 * its id (given by the ledger as SQLite will give it, or the row it
 * changes), its integers and character, its texts in the ledger's
 * arena (kept_text). */
struct kept_row {
    enum kept_kind kind;
    int64_t id;
    int64_t a[8];
    char c;
    size_t off[3];
    size_t len[3];
};

/* The tables whose next id a kept row is given (kept_rows.c). */
enum kept_table { KEPT_T_GAME, KEPT_T_DEAL, KEPT_T_CLAIM, KEPT_T_COUNT };

/* An event row appended while loading (LEDGER_FAST) and not yet
 * inserted: its integers, and its texts in the ledger's arena. */
struct pending_event {
    int64_t id;
    int64_t sitting;
    int64_t game;
    int64_t deal;
    int64_t seq;
    int line;
    size_t at;                          /* where its bytes start: the
                                           bytes its hash is taken over
                                           (ledger__event_payload's), then
                                           its hash's 64 digits and a NUL */
    size_t n_hashed;                    /* how many are hashed */
    size_t off[9];                      /* source, stamp, recorded, actor,
                                           verb, args, cards, text (among
                                           the hashed bytes, not followed
                                           by a NUL), hash */
    size_t len[9];
};

struct ledger {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    char errmsg[LEDGER__ERRMSG_MAX];    /* last error, one line */
    int sqlite_rc;                      /* its SQLite extended code, or 0 */
    struct chain_head chain;            /* the chain's ends: the events'
                                           (version 9: the last event's
                                           own; older, the chain row's)
                                           and the seals' ... */
    bool chain_fresh;                   /* ... valid in this transaction */
    bool chain_dirty;                   /* ... the chain row to be written
                                           at commit (seals added) */
    bool chain_known;                   /* chain holds what this connection
                                           committed last: valid while no
                                           other connection commits */
    int64_t data_version;               /* PRAGMA data_version then */
    int64_t whole_id;                   /* the event stored whole though
                                           its id is no multiple of
                                           LEDGER_HASH_EVERY (the last
                                           event, version 9), 0 if none */
    struct chain_head sp_chain;         /* the cache at the savepoint, */
    bool sp_fresh;                      /* restored by ledger_rollback_to */
    bool sp_dirty;
    int64_t sp_whole_id;
    EVP_MD *md;                         /* SHA-256, fetched once */
    EVP_MD_CTX *mdctx;                  /* reused for every event hash */
    char *hbuf;                         /* bytes hashed for one event */
    size_t hbuf_cap;
    char *jbuf;                         /* a row's JSON array, copied */
    size_t jbuf_cap;
    /* the newest event added in this transaction (0: none) and the lines
     * given on it so far (rulings, score marks, settlements, sitting
     * marks): the place of the next, as MARK_POS would count it */
    int64_t mark_event;
    int mark_n;
    char *tbuf;                         /* a formatted tag line */
    size_t tbuf_cap;
    char *fixed_time;                   /* ECARTE_FIXED_TIME, or NULL */
    time_t now_sec;                     /* second formatted in now_text */
    char now_text[LEDGER__TIME_MAX];
    int version;                        /* user_version of the file */
    struct event_pack *pack;            /* ledger__event_bind's, or NULL */
    int64_t src_sitting;                /* the sitting whose source ... */
    char *src_text;                     /* ... is kept (event_row.c) */
    /* loading (LEDGER_FAST): the events of the deals kept until the
     * transaction commits (or a row not kept is written), then inserted
     * together, LEDGER__EVENT_BATCH an INSERT */
    bool defer_events;
    struct pending_event *pend;
    size_t n_pend;
    size_t cap_pend;
    char *pend_text;
    size_t pend_len;
    size_t pend_cap;
    /* loading: the deals' other rows (games, deals, score marks, claims
     * and their seals) kept with their events until the transaction
     * commits (kept_rows.c), so that a deal needs no SAVEPOINT unless a
     * row not kept is written in it, and each table's rows go in
     * together */
    bool deal_kept;                     /* a deal is open, rows kept */
    bool deal_sp;                       /* ... its SAVEPOINT taken: the
                                           rows go straight in */
    struct kept_row *kept;
    size_t n_kept;
    size_t cap_kept;
    char *kept_text;
    size_t kept_len;
    size_t kept_cap;
    bool kept_busy;                     /* the rows kept being written */
    bool kept_ids_fresh;                /* kept_last read in this
                                           transaction */
    int64_t kept_last[KEPT_T_COUNT];    /* the last id of each table */
    /* where the open deal's rows and events begin among those kept (the
     * deals before it stand), and the ids as they were counted there */
    size_t kept_from;
    size_t kept_len_from;
    size_t pend_from;
    size_t pend_len_from;
    bool sp_ids_fresh;
    int64_t sp_kept_last[KEPT_T_COUNT];
    struct ledger_stream claims;        /* ledger_claims_next */
    struct ledger_stream rulings;       /* ledger_rulings_next */
    /* waiting for a lock held by another process (on_busy) */
    long wait_ms;                       /* limit, negative: none */
    ledger_wait_fn on_wait;
    void *wait_ctx;
    struct timespec wait_start;         /* when the current wait began */
    long wait_told;                     /* ms waited when on_wait was last
                                           called, 0: not yet */
    struct timespec told_at;            /* when on_wait was last called */
    bool told_any;                      /* on_wait was called on l */
    bool scratch;                       /* LEDGER_SCRATCH: no event rows,
                                           no seals */
    int64_t scratch_last;               /* ... the last event id given */
    sqlite3_stmt *seal_st[SEAL_TABLES]; /* a row as sealed (seal.c) */
    sqlite3_stmt *seal_json_st[SEAL_TABLES]; /* json_array of bound values */
    sqlite3_stmt *clear_st[LEDGER__CLEAR_STATEMENTS]; /* ledger_clear */
    sqlite3_stmt *cached[CS_COUNT];     /* ledger__cached */
    /* a writer's file, watched at every commit (ledger__watch) */
    char *path;                         /* NULL: not watched */
    dev_t dev;
    ino_t ino;
    bool wal_seen;                      /* the WAL file's identity is ... */
    dev_t wal_dev;
    ino_t wal_ino;
    int watch_fd;                       /* inotify, or -1 (watch.c) */
    int watch_db;                       /* its watch of the file, or -1 */
    int watch_wal;                      /* ... of the WAL, or -1 */
    bool watch_quiet;                   /* both proven, both watched */
    bool moved;                         /* a watch found the file gone */
    /* LEDGER_BUILD: the new ledger built in a file of its own (build.c) */
    char *build_tmp;                    /* that file; NULL: not building */
    char *build_path;                   /* where it goes when whole */
};

/* ------------------------------------------------------------------ */
/* Errors (errors.c)                                                    */
/* ------------------------------------------------------------------ */

/*
 * ledger__fail - keep "what: SQLite's message" on l for the SQLite result
 * src (and src as l->sqlite_rc) and return the ledger status it maps to
 * (LEDGER_E_BUSY, _FORMAT, _DAMAGED or _ERROR).  Call before resetting
 * the statement, whose message it reads.  A write refused because the
 * file (or its directory, for the WAL files) may not be written is said
 * in words, not in SQLite's.
 */
int ledger__fail(struct ledger *l, int src, const char *what);

/* ledger__failf - keep a message of our own (printf-style) on l, with no
 * SQLite code; returns code. */
int ledger__failf(struct ledger *l, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ------------------------------------------------------------------ */
/* Opening (open.c) and migrating (migrate.c)                           */
/* ------------------------------------------------------------------ */

/* ledger__pragma_int - the integer the one-row query sql gives, in *out
 * (open.c).  Returns 0 or a negative code with the message on l. */
int ledger__pragma_int(struct ledger *l, const char *sql, int64_t *out);

/* ledger__exec - run constant SQL (no input text ever reaches it); 0 or
 * a negative code with "what: ..." on l (open.c). */
int ledger__exec(struct ledger *l, const char *sql, const char *what);

/*
 * ledger__migrate - bring an older file (l->version 1 to 5) to
 * LEDGER_SCHEMA_VERSION in one transaction, its rows sealed and the
 * ledger given its identity (older than 4, 5), its events rewritten, the statements prepared for the new version
 * (migrate.c, where the whole story is).  Returns 0 or a negative code.
 */
int ledger__migrate(struct ledger *l);

/*
 * ledger__close_db - every statement of l finalized and its connection
 * closed (l->db NULL afterwards; nothing else of l released).  Returns
 * SQLite's result of the close (open.c).
 */
int ledger__close_db(struct ledger *l);

/* ------------------------------------------------------------------ */
/* A new ledger built alone (build.c)                                   */
/* ------------------------------------------------------------------ */

/*
 * ledger__build_start - LEDGER_BUILD where no file is at path: a new
 * empty file of this process beside it, ".NAME.importing-PID-N", into
 * l->build_tmp (path into l->build_path), stale ones of dead processes
 * removed first.  Returns 0 or a negative code with the message on l.
 */
int ledger__build_start(struct ledger *l, const char *path);

/* ledger__build_abandon - a build not finished: its file and companions
 * removed, l->build_* released.  Nothing if l is not building. */
void ledger__build_abandon(struct ledger *l);

/*
 * ledger__drop_stale - remove what a process killed while it made a new
 * ledger beside path left there, if that process is gone: PATH<mark>PID-N
 * (hidden false) or .NAME<mark>PID-N (hidden true) files.  Best effort.
 */
void ledger__drop_stale(const char *path, bool hidden, const char *mark);

/* ------------------------------------------------------------------ */
/* Statements (statements.c)                                            */
/* ------------------------------------------------------------------ */

/*
 * ledger__prepare_statements - prepare every statement into l->st (the
 * SQL for a version 1 file where it differs, as l->version says).
 * Returns 0 or a negative code with the message on l; statements
 * prepared before a failure stay in l->st for ledger_close to finalize.
 */
int ledger__prepare_statements(struct ledger *l);

/* The longest event text whose actor, verb, args and cards are given
 * again from it (event_row.c): a longer one's are stored. */
#define EVENT_GUESS_MAX 1024

/* What an event's text gives (ledger__event_guess). */
struct event_guess {
    char actor[EVENT_GUESS_MAX];        /* "A" or "B" first, else "" */
    char verb[EVENT_GUESS_MAX];         /* the word after it */
    char args[EVENT_GUESS_MAX];         /* the rest */
    char cards[EVENT_GUESS_MAX];        /* the cards of args, spaced */
    size_t n_actor, n_verb, n_args, n_cards; /* their lengths */
};

/* Events a statement of ledger__flush_events inserts at once (an INSERT
 * of that many rows: the statement's own work done once for them). */
#define LEDGER__EVENT_BATCH 16

/* What ledger__event_bind works in, kept from one row to the next: the
 * hashes bound, and the last time parsed (most rows have the one
 * before's). */
struct event_pack {
    unsigned char hash[LEDGER__EVENT_BATCH][32]; /* the hashes bound, as
                                                    bytes, a row's each */
    char time_text[32];                 /* the last time parsed, */
    int64_t time;                       /* its unix seconds */
    bool time_ok;                       /* it was of the form */
    bool computed;                      /* the hashes bound were made by
                                           the chain (hash.c), not read
                                           from a file: well formed */
};

/* The fields of an event row given again when it is read: a caller's,
 * for one row at a time. */
struct event_buf {
    char recorded[32];                  /* the time as text */
    int64_t recorded_at;                /* the unix seconds it is, */
    bool recorded_ready;                /* if it is (false: none yet) */
    char hash[LEDGER_HASH_HEX];         /* the hash as hex */
    struct event_guess guess;
};

/*
 * ledger__event_guess - the actor, verb, args and cards the event text
 * gives (after its stamp, if it starts with it): a seat letter first is
 * the actor, the word after it the verb, the rest the args, the cards
 * among them the cards.  A row stores a field only where it differs.
 * Returns false (g all "") for a text of EVENT_GUESS_MAX bytes or more.
 */
bool ledger__event_guess(const char *text, const char *stamp,
                         struct event_guess *g);

/*
 * ledger__event_bind - bind the event row (its integers in row; its texts
 * source, stamp, recorded, actor, verb, args, cards, text, hash with
 * their lengths) to st, an INSERT of ST_EVENT_ADD's parameters (row k,
 * from 0, of an INSERT of LEDGER__EVENT_BATCH rows: its parameters after
 * 16 * k), as version 6 stores it: NULL where the row gives the field
 * again (src is the sitting's source, NULL if unknown; pack the caller's,
 * zeroed before its first use).  The texts must outlive the step.
 * Returns non-zero if a bind failed.
 */
int ledger__event_bind(sqlite3_stmt *st, int k, const struct ledger_event *row,
                       const char *const texts[9], const size_t lens[9],
                       const char *src, struct event_pack *pack);

/*
 * ledger__bind_hash - the hash hex (64 hex digits) into parameter i of st
 * as the bytes an event stores: whole (32) if whole, else its first
 * LEDGER_HASH_TAG; b must outlive the step.  Returns non-zero if the bind
 * failed or hex is no whole hash.
 */
int ledger__bind_hash(sqlite3_stmt *st, int i, const char *hex, bool whole,
                      unsigned char b[32]);

/* ledger__sitting_source - the source of sitting id, borrowed (kept on l
 * until the next rollback), or NULL if it cannot be read. */
const char *ledger__sitting_source(struct ledger *l, int64_t id);

/* ledger__event_forget_sitting - the sitting's source kept by
 * ledger__event_bind dropped (after a rollback: the sitting may not be). */
void ledger__event_forget_sitting(struct ledger *l);

/* ledger__hash_col - column i of st, an event's hash, in hex: 32 bytes
 * (a whole hash) or LEDGER_HASH_TAG bytes (one cut short, version 8) as
 * their hex into out (LEDGER_HASH_HEX bytes), a text (a version 5 row)
 * as it is, anything else as "" (no hash is).  Borrowed from st or
 * out. */
const char *ledger__hash_col(sqlite3_stmt *st, int i, char *out);

/* ledger__event_from_row - the current row of an EVENT_COLUMNS query
 * (ST_EVENTS_ALL, ST_EVENTS_SITTING) into *ev, the fields a version 6
 * row leaves out given again in buf (its recorded_ready false before
 * the first row of a walk: the time of the row before is formatted
 * once for the rows that share it); the texts are borrowed from st and
 * buf until st's next step or reset. */
void ledger__event_from_row(sqlite3_stmt *st, struct ledger_event *ev,
                            struct event_buf *buf);

/* ledger__done - reset st and clear its bindings for the next use. */
void ledger__done(sqlite3_stmt *st);

/* ledger__bind_text - bind s (NULL as "") to parameter i, without a copy
 * (s must outlive the step); SQLite's result code. */
int ledger__bind_text(sqlite3_stmt *st, int i, const char *s);

/* ledger__bind_char - bind the one-character text at c to parameter i
 * (copied); SQLite's result code. */
int ledger__bind_char(sqlite3_stmt *st, int i, const char *c);

/*
 * ledger__run - step st (bound by the caller) once, expecting
 * SQLITE_DONE, then reset it (ledger__done) whatever happened.  bind_bad
 * is non-zero if a bind failed: st is then not stepped.  Returns 0 or a
 * negative code with "what: ..." on l.
 */
int ledger__run(struct ledger *l, sqlite3_stmt *st, int bind_bad,
                const char *what);

/*
 * ledger__shape_check - the schema of the file against the one this
 * ecarte makes (current version only), no NUL byte in any text, every
 * event's game and deal in its sitting, the ids of the rows written at
 * events in the order of the events (shape.c).  Findings ("structure")
 * to fn (may be NULL); *stop set if fn asked to stop.  Returns their
 * number, or a negative code.
 */
int64_t ledger__shape_check(struct ledger *l, ledger_finding_fn fn,
                            void *ctx, int *stop);

/* ledger__later_schema - the newest schema version whose own objects
 * the file holds, whatever its user_version says: 9 (the last event's
 * hash stored whole at an id no multiple of 64, others cut short), 8 (an
 * event's hash cut short), 7 (the comments, the laws or a view), 5 (the identity, the
 * members or the provenance), 4 (the seal), else 0; or a negative code
 * (shape.c). */
int ledger__later_schema(struct ledger *l);

/* ledger__col_text - column i of st's current row as text, "" for NULL;
 * borrowed from st until its next step or reset. */
const char *ledger__col_text(sqlite3_stmt *st, int i);

/* ledger__last_id - the rowid of l's last insert into *out (nothing if out
 * is NULL). */
void ledger__last_id(struct ledger *l, int64_t *out);

/* ledger__changed_one - 0 if l's last statement changed a row, else
 * LEDGER_E_NOTFOUND with "what: no such row" on l. */
int ledger__changed_one(struct ledger *l, const char *what);

/* ledger__now_utc - the time to record: ECARTE_FIXED_TIME if it was set
 * at open, else the UTC time as ISO 8601 to the second.  Borrowed from l,
 * valid until the next call on l. */
const char *ledger__now_utc(struct ledger *l);

/* ------------------------------------------------------------------ */
/* Events and the hash chain (events.c)                                 */
/* ------------------------------------------------------------------ */

/* ledger__chain_read - the chain row, as it stands in the file, into
 * *out.  Returns 0, LEDGER_E_FORMAT if the row is missing, or another
 * negative code; the message on l. */
int ledger__chain_read(struct ledger *l, struct chain_head *out);

/*
 * ledger__chain_refresh - the chain's ends into l->chain for the open
 * write transaction (l->chain_fresh set): kept as this connection left
 * them when no other connection has committed since (PRAGMA
 * data_version), else read again: the seals' end from the chain row;
 * the events' end (version 9) from the last event, which stores its hash
 * whole.  Returns 0; LEDGER_E_DAMAGED if events were deleted at the end
 * (events this writer acknowledged gone, the last event's hash cut short,
 * or the last event behind the chain row's mark): no writer chains on
 * over a cut end; LEDGER_E_FORMAT if the chain row is missing; another
 * negative code.
 */
int ledger__chain_refresh(struct ledger *l);

/*
 * ledger__event_hash - the chain hash of ev after the event whose hash is
 * prev: SHA-256 over prev (64 hex digits) followed by ev's id, sitting,
 * game, deal, seq, source, line, stamp, recorded, actor, verb, args,
 * cards and text, each as a netstring "<length>:<bytes>," (numbers in
 * decimal), so no field can slide into the next.  NULL text fields hash
 * as "".  64 hex digits and a NUL into out (LEDGER_HASH_HEX bytes).
 * Returns 0, or LEDGER_E_ERROR (out of memory, library failure) with the
 * message on l.
 */
/* ------------------------------------------------------------------ */
/* A deal's rows kept while loading (kept_rows.c)                       */
/* ------------------------------------------------------------------ */

/* ledger__keeping - whether a row written now is kept (a deal open while
 * loading, its SAVEPOINT not taken). */
static inline bool ledger__keeping(const struct ledger *l)
{
    return l->deal_kept && !l->deal_sp;
}

/* ledger__kept_any - whether rows or events are kept that a write not
 * kept must find written (ledger__deal_now), and they are not being
 * written now. */
static inline bool ledger__kept_any(const struct ledger *l)
{
    return (l->n_kept > 0 || l->n_pend > 0 || l->deal_kept) &&
           !l->kept_busy;
}

/* ledger__keep - a kept row of kind k, id id, a (n integers), c and the
 * texts t (nt of them, NULL as "") appended in order.  Returns 0 or
 * LEDGER_E_ERROR (out of memory; said on l). */
int ledger__keep(struct ledger *l, enum kept_kind k, int64_t id,
                 const int64_t *a, int n, char c, const char *const *t,
                 int nt);

/* ledger__kept_deal - the kept deal row of id deal, or NULL if none is
 * kept (it was written before). */
struct kept_row *ledger__kept_deal(struct ledger *l, int64_t deal);

/* ledger__kept_next_id - the id SQLite will give the next row of table
 * t: one more than the last (read once a transaction, then counted by
 * the rows kept).  Returns 0 or a negative code. */
int ledger__kept_next_id(struct ledger *l, enum kept_table t, int64_t *out);

/* ledger__kept_forget_ids - the last ids counted no longer known (a row
 * written not kept, a rollback): read again at the next kept row. */
void ledger__kept_forget_ids(struct ledger *l);

/* ledger__kept_write - the rows kept, written now, table by table, each
 * table's in the order they were kept (each given id checked against
 * SQLite's); none kept: nothing.  The kept rows are dropped either way.
 * Returns 0 or a negative code. */
int ledger__kept_write(struct ledger *l);

/* ledger__kept_drop - the rows kept dropped, unwritten. */
void ledger__kept_drop(struct ledger *l);

/*
 * ledger__deal_now - a row that is not kept is about to be written, or a
 * table a kept row goes to read, while rows are kept: those of the deals
 * before the open one written with their events, then, a deal open, its
 * SAVEPOINT taken and its rows kept written in it (its events stay kept,
 * as they always were until it stands), so that what follows sees them
 * and a deal that cannot be read still undoes them all.  Nothing kept:
 * nothing.  Returns 0 or a negative code.
 */
int ledger__deal_now(struct ledger *l);

/* ledger__flush_events_first - the first n events kept inserted, in
 * order, those after them kept (moved to the front).  Returns 0 or a
 * negative code (the message on l); the rows not inserted are dropped. */
int ledger__flush_events_first(struct ledger *l, size_t n);

/* ledger__flush_events - the events kept while loading inserted, in
 * order (none kept: nothing).  Returns 0 or a negative code (the message
 * on l); the rows not inserted are dropped. */
int ledger__flush_events(struct ledger *l);

int ledger__event_hash(struct ledger *l, const char *prev,
                       const struct ledger_event *ev, char *out);

/* The text fields of an event, in the order they are hashed. */
#define LEDGER__EVENT_TEXTS 8

/*
 * ledger__event_hash_lens - ledger__event_hash, with the lengths of the
 * text fields (source, stamp, recorded, actor, verb, args, cards, text;
 * NULL as "") into lens, for the caller to bind them without measuring
 * them again (hash.c).  Returns 0 or LEDGER_E_ERROR (message on l).
 */
int ledger__event_hash_lens(struct ledger *l, const char *prev,
                            const struct ledger_event *ev, char *out,
                            size_t lens[LEDGER__EVENT_TEXTS]);

/*
 * ledger__event_text_lens - the text fields of ev in the order they are
 * hashed (NULL as "") into texts, pointing into ev's own, and their
 * lengths into lens (hash.c).
 */
void ledger__event_text_lens(const struct ledger_event *ev,
                             const char *texts[LEDGER__EVENT_TEXTS],
                             size_t lens[LEDGER__EVENT_TEXTS]);

/*
 * ledger__event_hash_given - ledger__event_hash of ev after prev (64 hex
 * digits) with its text fields and their lengths given (texts, lens, as
 * ledger__event_text_lens gives them), the hash's 64 hex digits and a
 * NUL into out.  Returns 0 or LEDGER_E_ERROR (message on l).
 */
int ledger__event_hash_given(struct ledger *l, const char *prev,
                             const struct ledger_event *ev,
                             const char *const texts[LEDGER__EVENT_TEXTS],
                             const size_t lens[LEDGER__EVENT_TEXTS],
                             char *out);

/*
 * ledger__event_payload_room - the bytes ledger__event_payload may write
 * for an event whose text fields are lens[i] bytes long (hash.c).
 */
size_t ledger__event_payload_room(const size_t lens[LEDGER__EVENT_TEXTS]);

/*
 * ledger__event_payload - the bytes an event's chain hash is taken over,
 * into out (ledger__event_payload_room(lens) bytes): 64 bytes left for
 * the hash before it, then the netstrings of ev's integers and of its
 * text fields (texts, lens, as ledger__event_text_lens gives them), in
 * the order ledger__event_hash takes them.  at[i] gets where text i's
 * bytes stand in out (not followed by a NUL).  Returns the bytes written,
 * the 64 included (hash.c).
 */
size_t ledger__event_payload(char *out, const struct ledger_event *ev,
                             const char *const texts[LEDGER__EVENT_TEXTS],
                             const size_t lens[LEDGER__EVENT_TEXTS],
                             size_t at[LEDGER__EVENT_TEXTS]);

/*
 * ledger__digest_hex - SHA-256 of the n bytes at bytes, by l's digest,
 * as 64 lower-case hex digits and a NUL into out.  Returns 0 or
 * LEDGER_E_ERROR (libcrypto failed; message on l) (hash.c).
 */
int ledger__digest_hex(struct ledger *l, const char *bytes, size_t n,
                       char *out);

/* ledger__genesis - the hash before the first event and the first seal:
 * 64 zeros. */
extern const char ledger__genesis[LEDGER_HASH_HEX];

/* ------------------------------------------------------------------ */
/* For tests (open.c)                                                   */
/* ------------------------------------------------------------------ */

/* ledger__db - the SQLite handle of l, for tests that look at what the
 * ledger set on its connection (pragmas); borrowed. */
struct sqlite3 *ledger__db(struct ledger *l);

/* ------------------------------------------------------------------ */
/* Watching a writer's file (watch.c)                                   */
/* ------------------------------------------------------------------ */

/* ledger__watch_start - a writer's file at path: its path copied into
 * l->path (NULL if it cannot be had: then it is not watched) and its
 * identity (device, inode) kept; on Linux an inotify instance opened
 * (none, -1, if the system gives none: then every commit stats). */
void ledger__watch_start(struct ledger *l, const char *path);

/* ledger__watch_stop - what ledger__watch_start took, given back (the
 * path freed, the inotify closed).  Safe on a ledger never watched. */
void ledger__watch_stop(struct ledger *l);

/*
 * ledger__watch - before a commit's COMMIT, and after it: is the file at
 * l->path still the one written, and its WAL still there?  A file deleted
 * or replaced, or a WAL removed or replaced, is LEDGER_E_MOVED with what
 * happened in words (l->moved set; with no transaction open, what was
 * committed is kept in the file the connection has open: otherwise the
 * caller rolls back, then ledger__watch_keep); nothing to watch (in
 * memory, read-only) is 0.  The first check that finds the WAL records
 * its identity.  Once both are proven by stat and watched by inotify, a
 * check the kernel says nothing of is 0 without a stat (watch.c).
 */
int ledger__watch(struct ledger *l);

/* ledger__watch_keep - the file moved (ledger__watch said so with a
 * transaction open, since rolled back): what was committed is kept in
 * the file the connection has open, the WAL at the old path emptied. */
void ledger__watch_keep(struct ledger *l);

/* ------------------------------------------------------------------ */
/* The seal (seal.c)                                                    */
/* ------------------------------------------------------------------ */

/*
 * ledger__seal - seal row row_id of table t as it now stands (its columns
 * as a JSON array, chained to the seal before), in the open transaction;
 * written with the chain head at commit.  Call after every insert and
 * update of a sealed table.  Nothing on a scratch ledger.  Returns 0,
 * LEDGER_E_NOTFOUND (no such row) or another negative code.
 */
int ledger__seal(struct ledger *l, enum seal_table t, int64_t row_id);

/* ledger__seal_last - ledger__seal of the row the last INSERT made. */
int ledger__seal_last(struct ledger *l, enum seal_table t);

/*
 * ledger__run_sealed - ledger__run of st (an INSERT into, or an UPDATE of,
 * sealed table t), then the seal of the row it wrote: row_id, or for 0
 * the row the INSERT made (its id into *out, which may be NULL).  Outside a transaction both run in one of
 * their own.  Returns 0 or a negative code (l->sqlite_rc says SQLite's
 * code, e.g. a UNIQUE constraint).
 */
int ledger__run_sealed(struct ledger *l, sqlite3_stmt *st, int bind_bad,
                       const char *what, enum seal_table t, int64_t row_id,
                       int64_t *out);

/*
 * ledger__mark_pos - the place of the next line (ruling, score mark,
 * settlement, sitting mark) given on event, as MARK_POS counts it, when l
 * knows it without counting: event is the newest one added in this
 * transaction (l->mark_event), whose lines were all added through l.
 * Returns that place, or -1 (unknown: MARK_POS counts it).
 */
int ledger__mark_pos(const struct ledger *l, int64_t event);

/* ledger__mark_added - a line was given on event (its place counted). */
void ledger__mark_added(struct ledger *l, int64_t event);

/* A column of a row to be sealed, as the row holds it (for
 * ledger__run_sealed_values): an integer, NULL, or a text (NULL as ""). */
struct seal_value {
    enum { SEAL_INT, SEAL_NULL, SEAL_TEXT } kind;
    int64_t i;
    const char *s;
};

/*
 * ledger__run_sealed_values - ledger__run_sealed of an INSERT whose row
 * is known without reading it back: its columns after the id are the n
 * values v (in the table's column order, as sealed[] names them), the id
 * the one the INSERT gave (into *out, which may be NULL).  The JSON array
 * sealed is made by SQLite's json_array from the same values bound
 * (ledger__seal_json), not by reading the row back.  Returns 0 or a
 * negative code.
 */
int ledger__run_sealed_values(struct ledger *l, sqlite3_stmt *st,
                              int bind_bad, const char *what,
                              enum seal_table t, const struct seal_value *v,
                              int n, int64_t *out);

/* ledger__seal_json - the JSON array SQLite's json_array gives of a row of
 * table t whose id is row_id and whose other columns are the n values v
 * (bound to a kept SELECT json_array(...), so the bytes are SQLite's, as
 * when the row is read back), into a buffer kept on l (valid until the
 * next call).  NULL on failure or out of memory (said on l). */
const char *ledger__seal_json(struct ledger *l, enum seal_table t,
                              int64_t row_id, const struct seal_value *v,
                              int n);

/* ledger__seal_values - the seal of row row_id of table t, whose other
 * columns are the n values v (as ledger__run_sealed_values seals it),
 * appended to the chain: a row kept with a deal's rows (ledger__keeping)
 * has its seal kept too.  Returns 0 or a negative code. */
int ledger__seal_values(struct ledger *l, enum seal_table t, int64_t row_id,
                        const struct seal_value *v, int n);

/* ledger__seal_all - seal every row of every sealed table, table by
 * table in the order of id (the migration to version 4), in the open
 * transaction.  Returns 0 or a negative code. */
int ledger__seal_all(struct ledger *l);

/* ------------------------------------------------------------------ */
/* Identity, members, provenance (members.c, provenance.c)              */
/* ------------------------------------------------------------------ */

/*
 * ledger__identity_new - a new identity (RAND_bytes) written into the
 * ledger_info row, and sealed, in the open transaction (statements
 * prepared for version 5).  Returns 0 or a negative code.
 */
int ledger__identity_new(struct ledger *l);

/*
 * ledger__cached - the statement slot of l, prepared from sql on first
 * use (kept until ledger_close), reset and unbound.  NULL on failure
 * (said on l).
 */
sqlite3_stmt *ledger__cached(struct ledger *l, enum cached_stmt slot,
                             const char *sql);

#endif /* ECARTE_LEDGER_LEDGER_INT_H */
