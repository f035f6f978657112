/* SPDX-License-Identifier: MIT */
/*
 * ledger.h - the SQLite ledger: sittings, games, deals, events, rulings,
 * score marks, imported files, quarantine, and the hash chain over events.
 *
 * A leaf module: its interface takes plain fields (integers and text), so
 * it knows nothing of cards or laws.  Every statement is prepared once in
 * ledger_open and bound with parameters; SQL is never built from input.
 * Error detail is kept on the handle (ledger_errmsg).  A handle is used
 * by one thread at a time; several handles (or processes) may append to
 * one file, each transaction holding the write lock.
 */
#ifndef ECARTE_LEDGER_LEDGER_H
#define ECARTE_LEDGER_LEDGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ledger;

/* Status codes: 0 success, negative failure. */
enum ledger_status {
    LEDGER_OK = 0,
    LEDGER_E_ERROR = -1,        /* generic failure (SQLite error, out of memory) */
    LEDGER_E_BUSY = -2,         /* the database is locked by another writer */
    LEDGER_E_FORMAT = -3,       /* not an ecarte ledger, or a newer schema */
    LEDGER_E_NOTFOUND = -4,     /* no such row */
    LEDGER_E_DUPLICATE = -5,    /* already recorded (a file imported twice) */
    LEDGER_E_DAMAGED = -6,      /* the file is damaged (its pages do not
                                   check) */
    LEDGER_E_EMPTY = -7,        /* an existing empty file, not a ledger */
    LEDGER_E_MOVED = -8,        /* the file written is no longer the
                                   ledger at its path (deleted, replaced,
                                   or its WAL removed) */
    LEDGER_E_INVALID = -9       /* a value the ledger does not take (a
                                   member's name that is a placeholder, a
                                   seat no sitting has); nothing written */
};

#define LEDGER_APPLICATION_ID 0x45435254 /* "ECRT" */
#define LEDGER_SCHEMA_VERSION 9
#define LEDGER_SQLITE_MIN 3038000 /* the least SQLite a ledger opens with:
                                     STRICT tables (3.37) and the JSON
                                     functions built in (3.38) */
#define LEDGER_SQLITE_MIN_TEXT "3.38.0"
#define LEDGER_HASH_HEX 65      /* 64 hex digits and a NUL */
#define LEDGER_HASH_EVERY 64    /* (8) an event whose id is a multiple of
                                   it stores its chain hash whole (32
                                   bytes), and (9) the last event of the
                                   ledger; every other event its first
                                   LEDGER_HASH_TAG bytes */
#define LEDGER_HASH_TAG 8
#define LEDGER_UUID_HEX 33      /* a ledger's identity: 32 hex digits and
                                   a NUL */

/* ledger_open flags */
#define LEDGER_READONLY 0x01    /* open an existing ledger read-only */
#define LEDGER_FAST 0x02        /* bulk loading: synchronous=OFF (import, bench) */
#define LEDGER_CHECK 0x04       /* check every page (quick_check) before
                                   writing: a damaged file is refused */
#define LEDGER_EMPTY_OK 0x08    /* an existing empty file may become a new
                                   ledger (else LEDGER_E_EMPTY) */
#define LEDGER_SCRATCH 0x10     /* re-deriving (":memory:" or "", SQLite's
                                   temporary file, only): events are
                                   numbered 1, 2, 3, ... but not stored,
                                   nothing sealed, no references checked */
#define LEDGER_BUILD 0x20       /* where no file is: build the new ledger
                                   alone, linked into place only by
                                   ledger_build_finish (import) */

/* Called while a lock held by another process is waited for, with the
 * time waited so far: after a second, then every 30 seconds. */
typedef void (*ledger_wait_fn)(void *ctx, long waited_ms);

/* How to open a ledger (ledger_open_with). */
struct ledger_options {
    unsigned flags;             /* LEDGER_* */
    long wait_ms;               /* how long to wait for a lock: 0 the
                                   default (5 s), negative without limit */
    ledger_wait_fn on_wait;     /* may be NULL */
    void *wait_ctx;             /* passed to on_wait */
};

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/*
 * ledger_open - open (creating if needed) the ledger at path (":memory:"
 * for an in-memory one); ledger_open_with with flags and the default wait.
 */
int ledger_open(struct ledger **out, const char *path, unsigned flags);

/*
 * ledger_open_with - open the ledger at path as opt says (NULL: flags 0).
 * Where no file is, a new ledger is made whole under a temporary name and
 * linked into place, so that another process never sees it half made (two
 * processes creating one ledger at once both end up using the same one).
 * An existing empty file (0 bytes, or SQLite without a table) is
 * LEDGER_E_EMPTY unless LEDGER_EMPTY_OK, which makes it a ledger in
 * place.  An existing file must carry LEDGER_APPLICATION_ID and a
 * user_version <= LEDGER_SCHEMA_VERSION, else LEDGER_E_FORMAT (a file
 * that is not SQLite at all too); an older file opened for writing is
 * migrated to LEDGER_SCHEMA_VERSION in one transaction (read-only, it is
 * read as it is); a new ledger, and one migrated to version 5, gets a
 * new identity (ledger_identity).  With
 * LEDGER_CHECK every page is checked (PRAGMA quick_check) and a damaged
 * file is LEDGER_E_DAMAGED.  The lock wait (opt->wait_ms, opt->on_wait)
 * is in force before the first statement.  WAL mode for files,
 * synchronous=FULL (a commit survives the machine losing power) or OFF
 * with LEDGER_FAST, foreign keys on.  If the environment variable
 * ECARTE_FIXED_TIME is set (and not empty) at open, its value is recorded
 * as the time of every row instead of the clock (reproducible tests).
 * Opened for writing (no LEDGER_READONLY), a file that may not be written
 * (or whose directory may not be, for the WAL files) is LEDGER_E_ERROR
 * with "the ledger is read-only (...)" in ledger_errmsg.  A SQLite older
 * than LEDGER_SQLITE_MIN (run time) is LEDGER_E_ERROR, "too old".
 * Returns 0 and the handle in *out (owned: ledger_close), or a negative
 * code; on failure *out is still set when the handle could be allocated,
 * so ledger_errmsg(*out) tells why (close it anyway).
 */
int ledger_open_with(struct ledger **out, const char *path,
                     const struct ledger_options *opt);

/*
 * ledger_clear - empty every table of l, a ledger in memory (":memory:"),
 * and set its chain back to the genesis: what a new ledger in memory
 * holds, without making one (a fuzzer's runs reuse one ledger).
 * Returns 0, LEDGER_E_ERROR for a ledger on a file (nothing done) or on
 * failure.
 */
int ledger_clear(struct ledger *l);

/* ledger_version - the schema version of the open file (1 for a version
 * 1 file read as it is). */
int ledger_version(const struct ledger *l);

/* ledger_close - finalize every statement and close (NULL is fine).  A
 * ledger still being built (LEDGER_BUILD, not finished) is dropped: its
 * file removed, nothing left at its path. */
void ledger_close(struct ledger *l);

/*
 * With LEDGER_BUILD, where no file is at path, ledger_open_with makes the
 * new ledger in a file of its own beside path, ".NAME.importing-PID-N",
 * with no journal on disk (journal_mode=MEMORY, synchronous=OFF, the
 * file locked by this connection alone, a large cache), and nothing is
 * at path until ledger_build_finish.  Interrupted (the process killed,
 * ledger_close without finishing), the build leaves nothing at path; a
 * build file whose process is gone is removed by the next build beside
 * it.  Where a file is at path, LEDGER_BUILD changes nothing.
 */

/* ledger_building - is l a new ledger being built (LEDGER_BUILD, not
 * yet finished)? */
bool ledger_building(const struct ledger *l);

/* ledger_build_temp - the file a ledger being built is made in
 * (borrowed, valid until ledger_build_finish or ledger_close), so that
 * a signal handler may unlink it; NULL if l is not building. */
const char *ledger_build_temp(const struct ledger *l);

/*
 * ledger_build_finish - the ledger being built, whole (no transaction
 * open), switched to WAL mode, closed, synced and linked into place at
 * its path, never over a file that appeared there meanwhile, and the
 * directory synced.  Afterwards l holds no connection: only ledger_close
 * may follow.  Returns 0; on failure LEDGER_E_ERROR with the message on
 * l ("PATH appeared while the new ledger was built ..." when a file came
 * to the path), and the build dropped: nothing of it left anywhere, a
 * file found at path left as it was.  (If only the directory cannot be
 * synced, the ledger is in place and the error says so.)
 */
int ledger_build_finish(struct ledger *l);

/* ledger_errmsg - last error on l, one line with SQLite's message when
 * it came from SQLite (borrowed, valid until the next call on l).  "" if
 * none; "out of memory" for l NULL (ledger_open could not allocate). */
const char *ledger_errmsg(const struct ledger *l);

/* ledger_strerror - text for a ledger_status code; static. */
const char *ledger_strerror(int code);

/* ------------------------------------------------------------------ */
/* Transactions: one per action (record) or per deal (import)          */
/* ------------------------------------------------------------------ */

/* ledger_begin - BEGIN IMMEDIATE.  Returns 0 or a negative code. */
int ledger_begin(struct ledger *l);

/* ledger_commit - COMMIT (a loading ledger's rows and events kept written
 * first).  Returns 0 or a negative code (the transaction is then rolled
 * back). */
int ledger_commit(struct ledger *l);

/* ledger_rollback - ROLLBACK if a transaction is open; cannot fail. */
void ledger_rollback(struct ledger *l);

/*
 * ledger_savepoint - SAVEPOINT inside the open transaction (an import's
 * deal: many deals share one transaction, each can be undone alone).  One
 * savepoint at a time.  A loading ledger (LEDGER_FAST) keeps the deal's
 * games, deal row, score marks, claims, seals and events in memory
 * instead, and takes the SAVEPOINT only if a row it does not keep is
 * written before the deal ends.  Returns 0 or a negative code.
 */
int ledger_savepoint(struct ledger *l);

/* ledger_release - the savepoint's work joins the transaction (a loading
 * ledger's rows kept stay kept, written by ledger_commit).  Returns 0 or
 * a negative code. */
int ledger_release(struct ledger *l);

/* ledger_rollback_to - undo what was written since the savepoint (the
 * chain's head as it was there; a loading ledger's rows kept since it
 * dropped) and end the savepoint; the transaction stays open.  Returns 0
 * or a negative code. */
int ledger_rollback_to(struct ledger *l);

/*
 * ledger_foreign_key_check - every reference between rows holds (a bulk
 * load runs with the checks off, LEDGER_FAST, and checks once at its end).
 * Returns 0, LEDGER_E_DAMAGED with the first broken reference in the
 * message, or a negative code.
 */
int ledger_foreign_key_check(struct ledger *l);

/*
 * ledger_read_begin - a read transaction: everything read until
 * ledger_read_end sees one snapshot of the file, whatever other processes
 * commit meanwhile (export, verify).  Returns 0 or a negative code.
 */
int ledger_read_begin(struct ledger *l);

/* ledger_read_end - end the read transaction; cannot fail. */
void ledger_read_end(struct ledger *l);

/* ledger_in_transaction - is a transaction (read or write) open on l? */
bool ledger_in_transaction(struct ledger *l);

/* ------------------------------------------------------------------ */
/* Sittings and their tags                                              */
/* ------------------------------------------------------------------ */

/*
 * ledger_sitting_add - a new sitting (one log, or one table session) read
 * from source (a file name, "-" for standard input).  Its id in *out.
 */
int ledger_sitting_add(struct ledger *l, const char *source, int64_t *out);

/* ledger_sitting_last - id of the newest sitting in *out, or
 * LEDGER_E_NOTFOUND if the ledger has none. */
int ledger_sitting_last(struct ledger *l, int64_t *out);

/* ledger_sitting_exists - 1 if l has sitting id, 0 if not, or a
 * negative code. */
int ledger_sitting_exists(struct ledger *l, int64_t id);

/* ledger_sitting_last_played - the id of the newest sitting that has an
 * action recorded into *out (0 if none has).  Returns 0 or a negative
 * code. */
int ledger_sitting_last_played(struct ledger *l, int64_t *out);

/* ledger_tag_add - append tag name = value to sitting (kept in order). */
int ledger_tag_add(struct ledger *l, int64_t sitting, const char *name,
                   const char *value);

/* Callback for ledger_tags_foreach: a tag's name and value (valid during
 * the call).  Non-zero stops the walk. */
typedef int (*ledger_tag_fn)(void *ctx, const char *name, const char *value);

/* ledger_tags_foreach - the tags of sitting, in the order they were added. */
int ledger_tags_foreach(struct ledger *l, int64_t sitting, ledger_tag_fn fn,
                        void *ctx);

/* ------------------------------------------------------------------ */
/* Games and deals                                                      */
/* ------------------------------------------------------------------ */

/* ledger_game_add - game number (1-based within the sitting); id in *out. */
int ledger_game_add(struct ledger *l, int64_t sitting, int number,
                    int64_t *out);

/* ledger_game_id - the id of game number of sitting in *out, or
 * LEDGER_E_NOTFOUND. */
int ledger_game_id(struct ledger *l, int64_t sitting, int number,
                   int64_t *out);

/*
 * ledger_game_finish - record the end of a game: winner 'A' or 'B', both
 * players' points, and its value (1 single, 2 double, 3 treble; L46).
 */
int ledger_game_finish(struct ledger *l, int64_t game, char winner,
                       int points_a, int points_b, int value);

/*
 * ledger_game_reopen - a game recorded as won is not won after all (an
 * overscore taken down, L51): its winner, points and value are cleared
 * until ledger_game_finish records its end again.  Returns 0, or
 * LEDGER_E_NOTFOUND if no game has that id.
 */
int ledger_game_reopen(struct ledger *l, int64_t game);

/* ledger_deal_add - deal number (1-based within the sitting) of game, dealt
 * by dealer 'A'/'B'; id in *out. */
int ledger_deal_add(struct ledger *l, int64_t game, int number, char dealer,
                    int64_t *out);

/*
 * ledger_deal_finish - record a deal's outcome: tricks and points each
 * (points scored in the deal, kings included) and whether it was void.
 */
int ledger_deal_finish(struct ledger *l, int64_t deal, int tricks_a,
                       int tricks_b, int points_a, int points_b,
                       bool is_void);

/*
 * ledger_deal_reopen - deal is in play again, dealt by dealer 'A'/'B': the
 * line that ended it (or began it) was struck by the scorer (format 1.1),
 * so its outcome is cleared until ledger_deal_finish records it again.
 * Returns 0, or LEDGER_E_NOTFOUND if no deal has that id.
 */
int ledger_deal_reopen(struct ledger *l, int64_t deal, char dealer);

/* ------------------------------------------------------------------ */
/* Events, rulings, score marks                                         */
/* ------------------------------------------------------------------ */

/* One recorded line of a log (all text borrowed by the ledger functions). */
struct ledger_event {
    int64_t id;                 /* set by ledger_event_add / on reading */
    int64_t sitting;
    int64_t game;               /* 0 if none yet */
    int64_t deal;               /* 0 if none (between deals) */
    int64_t seq;                /* position in the sitting, 1-based */
    const char *source;         /* file name */
    int line;                   /* line in source */
    const char *stamp;          /* table time stamp, "" if none */
    const char *recorded;       /* when recorded (UTC ISO 8601); set by ledger on add */
    const char *actor;          /* "A", "B" or "" for table lines */
    const char *verb;           /* "gives", "deal", ... */
    const char *args;           /* the rest of the line after the verb, cards
                                   included */
    const char *cards;          /* the cards named, space separated, "" if none */
    const char *text;           /* the canonical line, as written by export */
    const char *hash;           /* on reading: the chain hash as stored,
                                   in hex: whole (64 digits) where the id
                                   is a multiple of LEDGER_HASH_EVERY, at
                                   the ledger's last event (version 9) or
                                   in a ledger older than version 8, else
                                   its first 2 * LEDGER_HASH_TAG digits;
                                   ledger_event_hash_full gives it whole */
};

/*
 * ledger_event_add - append ev (ev->id, ->recorded and ->hash ignored).
 * The row's hash is SHA-256 over the previous event's hash and this row's
 * fields, so that any later edit breaks the chain.  Id in *out (may be
 * NULL).  ev->seq must be new in its sitting, and the sitting, game and
 * deal must exist (else LEDGER_E_ERROR, a constraint named in
 * ledger_errmsg).  NULL text fields are stored as "".  Outside a
 * transaction the add runs in one of its own.  On failure the ledger is
 * unchanged, except when SQLite itself failed inside the caller's
 * transaction: roll back.  A ledger opened LEDGER_FAST (loading) keeps
 * the row, hashed and numbered, and inserts the rows it keeps together at
 * the next savepoint, release or commit (a deal's events in a row, not
 * interleaved with its other rows): the failure of such an insert is
 * returned there.  Nothing reads them back in between.
 */
int ledger_event_add(struct ledger *l, const struct ledger_event *ev,
                     int64_t *out);

/*
 * ledger_ruling_add - a ruling given on event: law "L43", offender and
 * elector "A"/"B"/"", options "replay,stand" or "", remedy "score-cap" or
 * "", and text: the whole `= ruling ...` line without "= ".  Id in *out
 * (may be NULL).
 */
int ledger_ruling_add(struct ledger *l, int64_t event, const char *law,
                      const char *offender, const char *elector,
                      const char *options, const char *remedy,
                      const char *text, int64_t *out);

/*
 * ledger_score_add - the score of game after event: points_a, points_b;
 * reason in words ("deal 3", "king marked", "L51 overscore taken off").
 */
int ledger_score_add(struct ledger *l, int64_t event, int64_t game,
                     int points_a, int points_b, const char *reason);

/* ------------------------------------------------------------------ */
/* The sitting above the seats: persons and money (schema version 3)    */
/* ------------------------------------------------------------------ */

/*
 * Each returns 0, or a negative code with the message on l (a version 2
 * or older file opened read-only is never written: LEDGER_E_FORMAT).
 * game and event are row ids (0: none).
 */

/* ledger_person_add - person code (his ID) named name joins sitting,
 * declared by event. */
int ledger_person_add(struct ledger *l, int64_t sitting, int64_t event,
                      const char *code, const char *name);

/* ledger_seating_add - person sat in seat ('A', 'B') for game as role
 * (written at the game's first deal, or when he took the seat over). */
int ledger_seating_add(struct ledger *l, int64_t sitting, int64_t game,
                       int64_t event, char seat, const char *person,
                       const char *role);

/* ledger_stake_add - person staked amount (> 0) of kind "stake", "ante"
 * or "forfeit". */
int ledger_stake_add(struct ledger *l, int64_t sitting, int64_t game,
                     int64_t event, const char *person, const char *kind,
                     int amount);

/* ledger_bet_add - bettor's bet of amount (> 0) on seat at odds_p:odds_q,
 * standing when betting closed, covered by coverer ("" in a tableau). */
int ledger_bet_add(struct ledger *l, int64_t sitting, int64_t game,
                   int64_t event, const char *bettor, char seat, int amount,
                   int odds_p, int odds_q, const char *coverer);

/* One transfer of a settlement. */
struct ledger_transfer {
    const char *person;         /* a person's ID, or "house" */
    int amount;                 /* received (+) or paid (-) */
};

/*
 * ledger_settlement_add - money moved after event: the `= settle` line
 * text (without "= ") for reason, and its n transfers.  The transfers
 * must sum to zero: LEDGER_E_ERROR (nothing written) if they do not.
 */
int ledger_settlement_add(struct ledger *l, int64_t sitting, int64_t game,
                          int64_t event, const char *reason,
                          const char *text, const struct ledger_transfer *t,
                          int n);

/* ledger_mark_add - one of the sitting's `=` lines after event: kind
 * "pool", "roles" or "bets", text without "= ". */
int ledger_mark_add(struct ledger *l, int64_t event, const char *kind,
                    const char *text);

/* Callback for ledger_balances_foreach: a person's balance in a sitting
 * ("house" for the levy; name "" for it).  Non-zero stops. */
typedef int (*ledger_balance_fn)(void *ctx, int64_t sitting,
                                 const char *person, const char *name,
                                 int balance);

/* ledger_balances_foreach - every person of sitting (0: of every
 * sitting), in the order they were declared, with the sum of what the
 * settlements gave him; then the house, if it took a levy. */
int ledger_balances_foreach(struct ledger *l, int64_t sitting,
                            ledger_balance_fn fn, void *ctx);

/* Callback for ledger_settlements_foreach: a settlement after event, its
 * text, reason and the sum of its transfers (0 if it is sound).
 * Non-zero stops. */
typedef int (*ledger_settlement_fn)(void *ctx, int64_t event,
                                    const char *text, const char *reason,
                                    int sum);

/* ledger_settlements_foreach - the settlements of sitting after the
 * events from_event..to_event (to_event 0: no end), in order. */
int ledger_settlements_foreach(struct ledger *l, int64_t sitting,
                               int64_t from_event, int64_t to_event,
                               ledger_settlement_fn fn, void *ctx);

/* Callback for ledger_persons_foreach: a person's ID and name.  Non-zero
 * stops. */
typedef int (*ledger_person_fn)(void *ctx, const char *code,
                                const char *name);

/* ledger_persons_foreach - the persons of sitting, in order. */
int ledger_persons_foreach(struct ledger *l, int64_t sitting,
                           ledger_person_fn fn, void *ctx);

/* Callback for ledger_seatings_foreach: person sat in seat ('A', 'B')
 * for game (its number in the sitting, 0 if none) as role.  Non-zero
 * stops. */
typedef int (*ledger_seating_fn)(void *ctx, int game, char seat,
                                 const char *person, const char *role);

/*
 * ledger_seatings_foreach - who sat where in each game of sitting, in
 * the order recorded (a substitute after the player he replaced).
 * Returns 0, fn's non-zero value, or a negative code (nothing for a
 * version 2 file).
 */
int ledger_seatings_foreach(struct ledger *l, int64_t sitting,
                            ledger_seating_fn fn, void *ctx);

/* ------------------------------------------------------------------ */
/* Reading back                                                         */
/* ------------------------------------------------------------------ */

/* Callback for ledger_events_foreach: return 0 to go on, non-zero to stop
 * (that value is returned by the foreach). */
typedef int (*ledger_event_fn)(void *ctx, const struct ledger_event *ev);

/*
 * ledger_events_foreach - call fn for each event of sitting (0: all
 * sittings) in order of id, with every field (hash included) set; the
 * struct and its text are valid only during the call.  fn must not
 * start the same walk on l (nor ledger_verify, which uses it).
 */
int ledger_events_foreach(struct ledger *l, int64_t sitting,
                          ledger_event_fn fn, void *ctx);

/*
 * ledger_events_chain_foreach - as ledger_events_foreach for one sitting,
 * reading only each event's id, game and hash (the other fields of *ev
 * are zero or NULL): where an export's chain begins and ends.  Returns 0,
 * fn's non-zero value, or a negative code.
 */
int ledger_events_chain_foreach(struct ledger *l, int64_t sitting,
                                ledger_event_fn fn, void *ctx);

/*
 * ledger_sitting_ends - the first and the last event of sitting, in its
 * order, by two lookups of its index (no walk): their ids into *first and
 * *last and the last one's hash as stored (hex, whole or cut short: see
 * struct ledger_event) into hash (LEDGER_HASH_HEX bytes); 0, 0 and "" if
 * the sitting has no event.  Returns 0 or a negative code (the message on
 * l).
 */
int ledger_sitting_ends(struct ledger *l, int64_t sitting, int64_t *first,
                        int64_t *last, char *hash);

/*
 * ledger_events_brief_foreach - as ledger_events_foreach for one sitting,
 * reading only what re-deriving it needs: each event's id, line and text
 * (the other fields of *ev are zero or NULL).  Returns 0, fn's non-zero
 * value, or a negative code.
 */
int ledger_events_brief_foreach(struct ledger *l, int64_t sitting,
                                ledger_event_fn fn, void *ctx);

/* What ledger_lines_foreach yields, in log order. */
enum ledger_line_kind {
    LEDGER_LINE_TAG,            /* text = [Name "value"] */
    LEDGER_LINE_EVENT,          /* text = the event's canonical line */
    LEDGER_LINE_RULING,         /* text = "ruling L.. ..." (no "= ") */
    LEDGER_LINE_SCORE,          /* text = "score A n B m" (no "= ") */
    LEDGER_LINE_MARK            /* text = "settle ...", "pool N", "roles
                                   ...", "bets ..." (no "= ") */
};

/* Callback for ledger_lines_foreach: game is the line's game number in
 * the sitting (0 for tags and for events before the first game). */
typedef int (*ledger_line_fn)(void *ctx, enum ledger_line_kind kind,
                              int64_t game, const char *text);

/*
 * ledger_lines_foreach - yield a sitting as a log: its tags, then each
 * event followed by its rulings and score marks, in order.  With game > 0
 * only the events of that game's number (1-based) are yielded (tags
 * always).  Rulings and score marks come in the order they were added.
 * text is valid only during the call.  Returns 0, fn's non-zero value,
 * or a negative code.
 */
int ledger_lines_foreach(struct ledger *l, int64_t sitting, int game,
                         ledger_line_fn fn, void *ctx);

/* ledger_sittings_foreach - call fn(ctx, id, source) for every sitting. */
typedef int (*ledger_sitting_fn)(void *ctx, int64_t id, const char *source);
int ledger_sittings_foreach(struct ledger *l, ledger_sitting_fn fn, void *ctx);

/* What resuming needs to know of a sitting. */
struct ledger_sitting_info {
    int64_t id;
    const char *source;         /* valid during the callback */
    int64_t n_events;           /* its last seq (events), 0 if none */
    bool imported;              /* read by ecarte import */
    bool deal_open;             /* its last event is in a deal not finished */
};

typedef int (*ledger_sitting_info_fn)(void *ctx,
                                      const struct ledger_sitting_info *si);

/*
 * ledger_sittings_find - call fn for every sitting read from source (NULL:
 * any source) whose id is id (0: any), in order of id.  Returns 0, fn's
 * non-zero value, or a negative code.
 */
int ledger_sittings_find(struct ledger *l, const char *source, int64_t id,
                         ledger_sitting_info_fn fn, void *ctx);

/*
 * ledger_sitting_last_line - the highest line number the sitting's lines
 * were taken at (its events' and comments' lines, and at least its count
 * of tags: a table's tags are its first lines) into *out; 0 for a
 * sitting of nothing.  A table or a served table taken up again numbers
 * its next line after it.  Returns 0 or a negative code.
 */
int ledger_sitting_last_line(struct ledger *l, int64_t sitting, int *out);

/*
 * ledger_event_text - the canonical text of the event at seq of sitting
 * into buf (n bytes, truncated).  Returns 0, LEDGER_E_NOTFOUND if there is
 * none, or another negative code.
 */
int ledger_event_text(struct ledger *l, int64_t sitting, int64_t seq,
                      char *buf, size_t n);

/* A row of the scoresheet (ledger_scoresheet_foreach). */
struct ledger_deal_row {
    int64_t sitting;
    int game;                   /* game number in the sitting */
    int deal;                   /* deal number in the sitting */
    char dealer;                /* 'A' or 'B' */
    int tricks_a, tricks_b;
    int points_a, points_b;     /* points scored in the deal */
    bool is_void;
    bool finished;              /* ledger_deal_finish was called */
    char game_winner;           /* 'A', 'B' or 0 if the game is not over */
    int game_value;             /* 1..3, 0 if not over */
    int game_points_a, game_points_b; /* final points of the game */
    int game_lost;              /* deals of its game quarantined in an
                                   import (left out, the log's score kept) */
};

typedef int (*ledger_deal_fn)(void *ctx, const struct ledger_deal_row *row);

/* ledger_scoresheet_foreach - every deal of sitting (0: all), in order. */
int ledger_scoresheet_foreach(struct ledger *l, int64_t sitting,
                              ledger_deal_fn fn, void *ctx);

/* ------------------------------------------------------------------ */
/* Import bookkeeping (issue: auditing)                                 */
/* ------------------------------------------------------------------ */

/*
 * ledger_file_seen - is a file with this content hash (hex SHA-256)
 * already imported?  Returns 1 yes, 0 no, negative on error.
 */
int ledger_file_seen(struct ledger *l, const char *sha256_hex);

/* ledger_file_add - record an imported file: content hash, path, sitting,
 * deals landed and deals quarantined.  LEDGER_E_DUPLICATE (and nothing
 * written) if that content hash is already recorded. */
int ledger_file_add(struct ledger *l, const char *sha256_hex,
                    const char *path, int64_t sitting, int deals,
                    int quarantined);

/* An import in the ledger: what ledger_import_get reads and
 * ledger_import_update writes. */
struct ledger_import {
    int64_t id;                 /* the import_file row */
    int64_t sitting;            /* 0: none yet */
    int line;                   /* last line of the file taken in */
    int deals;                  /* deals landed */
    int quarantined;            /* deals quarantined */
    int findings;               /* `=` lines that disagreed */
    int64_t events;             /* events recorded */
    bool complete;              /* the whole file was read */
};

/*
 * ledger_import_get - the import of the file whose content has hash
 * sha256_hex into *out.  Returns 0, LEDGER_E_NOTFOUND if it was never
 * begun, or another negative code.
 */
int ledger_import_get(struct ledger *l, const char *sha256_hex,
                      struct ledger_import *out);

/*
 * ledger_import_begin - record that the import of a file (content hash,
 * path) begins, not complete, with the fields of *imp; its row id into
 * imp->id.  LEDGER_E_DUPLICATE (and nothing written) if that content
 * hash is already recorded.  Written in the caller's transaction, if any.
 */
int ledger_import_begin(struct ledger *l, const char *sha256_hex,
                        const char *path, struct ledger_import *imp);

/*
 * ledger_import_update - write the progress of the import imp->id (line,
 * counts, sitting, complete): in the transaction of the deal it follows,
 * so that progress and deals are committed together.
 */
int ledger_import_update(struct ledger *l, const struct ledger_import *imp);

/* ledger_sitting_imported - was sitting read by `ecarte import` (1) or
 * recorded live (0)?  Negative on error. */
int ledger_sitting_imported(struct ledger *l, int64_t sitting);

/* ledger_quarantine_add - keep the raw text of a deal that could not be
 * read: source file, first line of the deal, the error, the raw text. */
int ledger_quarantine_add(struct ledger *l, const char *source, int line,
                          const char *error, const char *raw);

/*
 * ledger_quarantine_gap - keep the raw text of a deal of sitting that
 * could not be read (as ledger_quarantine_add), and where it stood: after
 * the event after_event of the sitting (0: before its first), in its game
 * number game.  The sitting goes on without it (ledger_gaps_foreach).
 */
int ledger_quarantine_gap(struct ledger *l, const char *source, int line,
                          const char *error, const char *raw,
                          int64_t sitting, int64_t after_event, int game);

/* Callback for ledger_gaps_foreach: where a quarantined deal stood, its
 * first line, game number and raw text (valid during the call). */
typedef int (*ledger_gap_fn)(void *ctx, int64_t after_event, int line,
                             int game, const char *raw);

/* ledger_gaps_foreach - the deals of sitting quarantined, in the order of
 * the sitting.  A version 1 ledger has none. */
int ledger_gaps_foreach(struct ledger *l, int64_t sitting, ledger_gap_fn fn,
                        void *ctx);

/* ledger_quarantine_of - the deals of source quarantined: how many into
 * *count, the first line of the first into *first_line (0 if none). */
int ledger_quarantine_of(struct ledger *l, const char *source, int *count,
                         int *first_line);

/* ledger_quarantine_count - rows in the quarantine table, or negative. */
int64_t ledger_quarantine_count(struct ledger *l);

/*
 * ledger_claim_add - keep a `=` line of an imported log (text without
 * "= ") found at line, after event (0: before any event) of sitting.  An
 * audit compares claims with what the laws give.
 */
int ledger_claim_add(struct ledger *l, int64_t sitting, int64_t event,
                     int line, const char *text);

/* Callback for ledger_claims_foreach: the event the claim follows (0 if
 * none), its line, its text (valid during the call).  Non-zero stops. */
typedef int (*ledger_claim_fn)(void *ctx, int64_t event, int line,
                               const char *text);

/* ledger_claims_foreach - the claims of sitting that follow the events
 * from_event..to_event (to_event 0: no end), in order. */
int ledger_claims_foreach(struct ledger *l, int64_t sitting,
                          int64_t from_event, int64_t to_event,
                          ledger_claim_fn fn, void *ctx);

/*
 * ledger_claims_next - as ledger_claims_foreach, by one cursor kept open
 * across calls, for a reader that asks for the claims of a sitting deal
 * after deal, in rising order of events (the audit): the claims of
 * sitting that follow the events from_event..to_event (from 0 to 0:
 * those before the first action, kept with no event; nothing for
 * another range ending at or below 0: event ids are positive, only a
 * forged ledger gives another), from where the last call stopped; those
 * before from_event are passed over.  A call on another sitting, or for events before the last
 * call's to_event, starts the cursor again.  ledger_claims_done ends it
 * (ledger_close does too).  Returns 0, fn's non-zero, or a negative code.
 */
int ledger_claims_next(struct ledger *l, int64_t sitting, int64_t from_event,
                       int64_t to_event, ledger_claim_fn fn, void *ctx);

/* ledger_claims_done - ledger_claims_next's cursor closed (none: nothing). */
void ledger_claims_done(struct ledger *l);

/* Callback for ledger_rulings_foreach: the event and the ruling's text
 * ("ruling L43 ..."), valid during the call.  Non-zero stops. */
typedef int (*ledger_ruling_fn)(void *ctx, int64_t event, const char *text);

/* Callback for ledger_capped_deals_foreach: a deal's number in its
 * sitting.  Non-zero stops. */
typedef int (*ledger_capped_fn)(void *ctx, int deal);

/*
 * ledger_capped_deals_foreach - the deals of sitting whose score a
 * penalty capped: each with a ruling that caps the offender's score (its
 * remedy score-cap) or offers him to let it stand (an option "stand":
 * L43, L25), unless the first election made after that ruling is a
 * replay and replay_uncaps (the profile's penalty=cap-or-replay, where a
 * replay gives the uncapped score back).  fn(ctx, deal number) once a
 * deal, in the order of the sitting.  Returns 0, fn's non-zero, or a
 * negative code (the message on l).
 */
int ledger_capped_deals_foreach(struct ledger *l, int64_t sitting,
                                bool replay_uncaps, ledger_capped_fn fn,
                                void *ctx);

/* ledger_rulings_foreach - the rulings recorded on the events
 * from_event..to_event (to_event 0: no end), in order of event and
 * position. */
int ledger_rulings_foreach(struct ledger *l, int64_t from_event,
                           int64_t to_event, ledger_ruling_fn fn, void *ctx);

/*
 * ledger_rulings_next - as ledger_rulings_foreach, by one cursor kept
 * open across calls, for a reader that asks deal after deal in rising
 * order of events (the audit): the rulings on the events
 * from_event..to_event (nothing when to_event <= 0, which only a forged
 * ledger gives), from where the last call stopped;
 * those before from_event are passed over.  A call for events before the
 * last call's to_event starts the cursor again.  ledger_rulings_done ends
 * it (ledger_close does too).  Returns 0, fn's non-zero, or a negative
 * code.
 */
int ledger_rulings_next(struct ledger *l, int64_t from_event,
                        int64_t to_event, ledger_ruling_fn fn, void *ctx);

/* ledger_rulings_done - ledger_rulings_next's cursor closed (none:
 * nothing). */
void ledger_rulings_done(struct ledger *l);

/* ------------------------------------------------------------------ */
/* The log's comments and the laws' rows (schema version 7; comments.c) */
/* ------------------------------------------------------------------ */

/*
 * A `#` comment of a log, and where it stood.  The place is what export
 * needs to write it back there: after the event event (0: before the
 * sitting's first event, among its tags), after after_lines of the `=`
 * lines that follow that event (with event 0: after that many of the
 * sitting's tags).  A comment with ends_line ends that line (the
 * event's own when after_lines is 0) and its text begins with the
 * blanks before its '#'; any other is a line of its own, its text the
 * whole line.
 */
struct ledger_comment {
    int64_t id;                 /* set on reading */
    int64_t sitting;
    int64_t event;              /* the event it follows, 0: none */
    int after_lines;            /* `=` lines (or tags) before it */
    bool ends_line;             /* it ends the line above it */
    int line;                   /* its line in the log */
    const char *text;           /* as written, its '#' included */
};

/*
 * ledger_comment_add - keep comment c (c->id ignored), sealed, in the
 * open transaction (outside one, in one of its own); its id into *out
 * (may be NULL).  Returns 0; LEDGER_E_FORMAT for a file older than
 * version 7 (never written: it is read as it is); LEDGER_E_INVALID for
 * a text without its '#' or after_lines below 0 (nothing written); or
 * another negative code (the sitting or event missing: a constraint).
 */
int ledger_comment_add(struct ledger *l, const struct ledger_comment *c,
                       int64_t *out);

/*
 * ledger_marks_count - the `=` lines the ledger holds after event (its
 * rulings, score marks, settlements and sitting marks: what export
 * writes after it, but for a `= value` line) into *out.  Returns 0 or a
 * negative code.
 */
int ledger_marks_count(struct ledger *l, int64_t event, int *out);

/* Callback for ledger_comments_foreach: a comment (its text valid
 * during the call).  Non-zero stops the walk. */
typedef int (*ledger_comment_fn)(void *ctx, const struct ledger_comment *c);

/*
 * ledger_comments_foreach - the comments of sitting: first those before
 * any event, then by the event they follow, each place's in the order
 * they were kept (ids).  A file older than version 7 has none.  fn must
 * not start the same walk.  Returns 0, fn's non-zero value or a
 * negative code.
 */
int ledger_comments_foreach(struct ledger *l, int64_t sitting,
                            ledger_comment_fn fn, void *ctx);

/* A row of the table law: a law or rule as the ledger names it for the
 * views (its texts valid during the callback). */
struct ledger_law_row {
    int64_t id;                 /* its place in the registry, from 1 */
    const char *code;           /* "L43", "CH2" */
    const char *title;
    const char *kind;           /* "penalty", "rule" or "procedure" */
    const char *lawful;         /* a remedy's word, or NULL */
};

/* Callback for ledger_laws_foreach.  Non-zero stops the walk. */
typedef int (*ledger_law_fn)(void *ctx, const struct ledger_law_row *row);

/*
 * ledger_laws_foreach - every row of the table law in the order of id,
 * as the file holds them; a file older than version 7 has
 * none.  The proof holds them against the laws (audit/audit_proof.c).
 * Returns 0, fn's non-zero value or a negative code.
 */
int ledger_laws_foreach(struct ledger *l, ledger_law_fn fn, void *ctx);

/* ------------------------------------------------------------------ */
/* Tamper evidence                                                      */
/* ------------------------------------------------------------------ */

/*
 * ledger_chain_head - the hash of the last event (hex, LEDGER_HASH_HEX
 * bytes into out) and the number of events in *n (may be NULL).  An empty
 * ledger gives the genesis value: 64 zeros.  Version 9 and later: the
 * last event's own hash, which it stores whole, and its id (ids run 1, 2,
 * 3, ...); an end cut short (events deleted at the end) gives the chain
 * row's mark if it stands further, else the stored hash as it is (no
 * hash equals it; ledger_verify names the cut).  Older files: the chain
 * row.  Returns 0 or a negative code (message on l).
 */
int ledger_chain_head(struct ledger *l, char *out, int64_t *n);

/* ledger_moved - true once a commit of l found its file deleted, renamed
 * or replaced, or its WAL removed (LEDGER_E_MOVED, watch.c): what l
 * writes from then on is in no ledger at its path, and a writer that
 * serves more than one request stops. */
bool ledger_moved(const struct ledger *l);

/*
 * ledger_event_hash_full - the whole chain hash of the event ev read by
 * a walk of the ledger (its id and its stored hash are used, nothing
 * else of it): the stored hash when it is whole, else computed again
 * from the last event before it that stores its hash whole (at most
 * LEDGER_HASH_EVERY - 1 rows read and hashed: schema version 8 stores
 * the rest cut short).  64 hex digits and a NUL into out (LEDGER_HASH_HEX
 * bytes).  Runs inside the caller's transaction, if any (a walk's
 * snapshot).  Returns 0; LEDGER_E_DAMAGED if a row read does not chain
 * (an edited ledger: `ledger_verify` names the row); another negative
 * code on a library failure; the message on l.
 */
int ledger_event_hash_full(struct ledger *l, const struct ledger_event *ev,
                           char *out);

/*
 * ledger_hash_stored_is - does the stored hash (as an event read gives it:
 * whole or cut short, in hex) belong to the whole hash full (64 hex
 * digits)?  A hash cut short matches the whole one it starts; anything
 * else but a whole or cut-short hash matches nothing.
 */
bool ledger_hash_stored_is(const char *stored, const char *full);

/*
 * ledger_integrity - SQLite's quick check of the file itself (pages,
 * indexes).  Returns 0 if sound, 1 if damaged (what, in ledger_errmsg),
 * negative on error.  ledger_verify runs it first; ledger_open_with runs
 * it with LEDGER_CHECK.
 */
int ledger_integrity(struct ledger *l);

/*
 * ledger_verify - recompute the chain over every event in id order and
 * compare with the stored hashes and the recorded head.  Returns 0 if
 * intact; 1 if broken, with the id of the first bad row in *bad_id and a
 * one-line account in ledger_errmsg (edited, inserted, deleted or
 * reordered row); negative on error.  The first bad row is the row whose
 * hash does not chain: the edited, inserted or first misplaced row, the
 * row after a deleted one, or for rows deleted at the end the id of the
 * first missing one.  An intact ledger has dense ids and seq 1, 2, 3, ...
 * within each sitting, which tells the cases apart.  The chain is not
 * keyed: it shows edits made with SQL, not a rewrite of the whole chain.
 */
int ledger_verify(struct ledger *l, int64_t *bad_id);

/* One thing found wrong by a proof (ledger_seals_check,
 * ledger_structure_check, ledger_derived_compare); every text is borrowed
 * for the call only. */
struct ledger_finding {
    const char *kind;           /* "sealed": a row held against its seal;
                                   "derived": against what the events
                                   give; "structure": ids, references;
                                   "chain": the events' hash chain */
    const char *table;          /* the table ("ruling", "seal", ...) */
    int64_t row;                /* the row's id, 0 if it is missing */
    int64_t sitting;            /* the sitting, 0 if none or not known */
    const char *column;         /* NULL: the row as a whole */
    const char *stored;         /* what the ledger holds (NULL: nothing) */
    const char *derived;        /* what the seal or the events give
                                   (NULL: nothing) */
    const char *message;        /* one line, in words, naming all of it */
};

/* Called with each finding; return non-zero to stop the check. */
typedef int (*ledger_finding_fn)(void *ctx, const struct ledger_finding *f);

/*
 * ledger_seals_check - the seal chain walked (each seal's hash over the
 * one before, ids 1, 2, 3, ..., the head in the chain row), then every row
 * of the sealed tables (sitting, tag, import_file, quarantine, claim;
 * from version 5 ledger_info, member_join, member_apart, provenance;
 * from version 7 comment) held against the newest seal of its id: a row edited (each column that
 * differs named, with both values), inserted (no seal) or deleted (a
 * seal and no row).  A ledger of schema version 3 or older has no seal:
 * one finding says so.  Each finding goes to fn (may be NULL).  Returns
 * the number of findings, or a negative code (ledger_errmsg).
 */
int64_t ledger_seals_check(struct ledger *l, ledger_finding_fn fn, void *ctx);

/*
 * ledger_structure_check - what no single sitting shows: the ids of every
 * table re-derived from the events (game, deal, ruling, score_mark,
 * person, seating, stake, bet, settlement, transfer, sitting_mark) run 1,
 * 2, 3, ... (ecarte never deletes a row), and every reference of every
 * table points to a row (SQLite's foreign key check).  Findings to fn
 * (may be NULL).  Returns their number, or a negative code.
 */
int64_t ledger_structure_check(struct ledger *l, ledger_finding_fn fn,
                               void *ctx);

/*
 * ledger_derived_compare - every row that sitting `sitting` of stored
 * holds and that its events give again (its games, deals, rulings, score
 * marks, sitting marks, settlements, transfers, persons, seatings, stakes
 * and bets) against the rows sitting dsitting of scratch holds, a scratch
 * ledger (LEDGER_SCRATCH) into which that sitting's events were recorded
 * again, alone, from its first event.  Rows are matched by what they are
 * (an event by its seq, a game or a deal by its number, then the order
 * of ids); every column is compared, and a stored row out of the order
 * ecarte wrote in is named.  Findings ("derived") to fn (may be NULL).
 * Returns their number, or a negative code (on stored's ledger_errmsg).
 */
int64_t ledger_derived_compare(struct ledger *stored, int64_t sitting,
                               struct ledger *scratch, int64_t dsitting,
                               ledger_finding_fn fn, void *ctx);

/*
 * ledger_sha256_hex - SHA-256 of data (n bytes) as 64 hex digits and a NUL
 * into out (LEDGER_HASH_HEX bytes).  Returns 0, -1 on a library failure.
 */
int ledger_sha256_hex(const void *data, size_t n, char *out);

/*
 * ledger_sha256_file - SHA-256 of everything fp yields from where it
 * stands to its end, as 64 hex digits and a NUL into out.  Reads in
 * blocks (memory does not grow with the file).  Returns 0, -1 on a read
 * or library failure.  fp is left at its end.
 */
int ledger_sha256_file(FILE *fp, char *out);

/* Identity, members and provenance (schema version 5; members.c,
 * provenance.c): in ledger/ledger_members.h, part of this interface. */
#include "ledger/ledger_members.h"

/* ------------------------------------------------------------------ */
/* Beyond one machine: the ledger as SQL (sql_export.c)                 */
/* ------------------------------------------------------------------ */

/*
 * ledger_export_postgres - the whole ledger l as one SQL script for
 * PostgreSQL 15 or later on out, to load into a new database with
 * `psql -v ON_ERROR_STOP=1 -f FILE`: every table of the file (SQLite's
 * own aside) read from its schema (sqlite_schema, pragma_table_xinfo,
 * pragma_foreign_key_list, pragma_index_list), so that a table added to
 * the ledger comes along unchanged; created with BIGINT for INTEGER (TEXT,
 * DOUBLE PRECISION, BYTEA for the others), the same NOT NULL, DEFAULT,
 * PRIMARY KEY, UNIQUE, CHECK and FOREIGN KEY constraints, in a
 * topological order of the foreign keys (parents first); the rows as
 * COPY ... FROM stdin blocks in that order, each table in the order of
 * its primary key; then the indexes, then the foreign keys (each
 * checking every row); all in one transaction (a script cut short
 * commits nothing), then ANALYZE.  The ids are written as they are.  Read in one
 * snapshot (l's read transaction, or one of its own).  The ledger is not
 * proven here (the caller does that).  Returns 0, LEDGER_E_FORMAT for
 * what it cannot translate (a virtual table, a generated column, an
 * expression index, a text with a NUL byte or not UTF-8: named in
 * ledger_errmsg), or another negative code (a read or write failure).
 */
int ledger_export_postgres(struct ledger *l, FILE *out);

#endif /* ECARTE_LEDGER_LEDGER_H */
