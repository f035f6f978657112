/* SPDX-License-Identifier: MIT */
/*
 * bench_int.h - what the files of bench/ share: a phase's result, a run
 * (an input and the files made from it), the phases, and the helpers of
 * the floors.  bench.c runs the phases in children and prints what they
 * measured; bench_phases.c holds the commands' phases (each the work of
 * an `ecarte` command, through the library); bench_floors.c the limits
 * they are held against; bench_rows.c the rows held in memory, the
 * SHA-256 chain over them and SQLite's small helpers.  The bench links
 * libecarte.a and nothing of cli/.
 */
#ifndef ECARTE_BENCH_BENCH_INT_H
#define ECARTE_BENCH_BENCH_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "ledger/ledger.h"

#define PATH_MAX_BENCH 512
#define REPEATS_MAX 9           /* --repeat at most */
#define HASH_HEX 65             /* 64 hex digits and a NUL */

/* The columns of an event row but its hash, as stored, and the INSERT of
 * them with the hash last (?16). */
#define EVENT_COLUMNS "id, sitting_id, game_id, deal_id, seq, source, " \
                      "line, stamp, recorded, actor, verb, args, cards, " \
                      "text, recorded_text"
#define EVENT_N_COLUMNS 15
#define EVENT_BATCH 16          /* event rows an INSERT of the floor (c),
                                   as the import inserts them */
#define EVENT_INSERT "INSERT INTO event (" EVENT_COLUMNS ", hash) VALUES " \
                     "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, " \
                     "?13, ?14, ?15, ?16)"

/* The phases, in the order they run in a round. */
enum bench_phase {
    BP_ADJUDICATE,              /* (a) read and adjudicate in memory */
    BP_IMPORT,                  /* (b) the import into a fresh file */
    BP_IMPORT_FLOOR,            /* (c) every row of (b) written from memory */
    BP_AUDIT,                   /* (d) the audit */
    BP_AUDIT_FLOOR,             /* (e) the audit's columns read, adjudicated */
    BP_EXPORT,                  /* (k) the export of (b)'s sitting */
    BP_CHECK,                   /* (f) the check */
    BP_WC,                      /* (l) LC_ALL=C wc -w over the input */
    BP_RECORD,                  /* (g) the record of a prefix */
    BP_RECORD_FLOOR,            /* (h) the prefix's events, durable each */
    BP_RECORD_HEAD,             /* (h') the same, the chain's head kept */
    BP_REPORT,                  /* (i) the report of the sitting */
    BP_RECORD_ALL,              /* (j) the record of the whole log, on a
                                   tmpfs: its memory (once) */
    BP_COUNT
};

/* What a phase reports from its child. */
struct phase_result {
    int rc;                     /* 0 fine; else the phase failed */
    int64_t events;             /* events handled */
    double seconds;             /* timed part of the phase */
    long maxrss_kib;            /* the child's peak RSS */
    double cpu_seconds;         /* the child's user and system time */
    long long bytes;            /* the file written: (i)'s page, (b)'s
                                   ledger (with its -wal) */
    char note[160];             /* why it failed, or a remark */
};

/* One run: an input and the files made from it. */
struct run {
    long deals;
    unsigned long long seed;        /* of the generator */
    unsigned timeout;               /* seconds a phase may take, 0: no end */
    int repeats;                    /* runs of each phase (median kept) */
    long record_actions;            /* actions of the record prefix */
    unsigned only;                  /* phases to run (bit p), 0: all */
    char input[PATH_MAX_BENCH];     /* the generated log */
    char prefix[PATH_MAX_BENCH];    /* its first record_actions actions */
    char db[PATH_MAX_BENCH];        /* (b): written by the import */
    char floor_db[PATH_MAX_BENCH];  /* (c), (h): written by the floors */
    char rec_db[PATH_MAX_BENCH];    /* (g): written by the record */
    char all_db[PATH_MAX_BENCH];    /* (j): on a tmpfs, "" if none */
    char report[PATH_MAX_BENCH];    /* (i): written by the report */
    int64_t db_events;              /* event rows in db after (b) */
    int64_t log_events;             /* events (a) counted */
    struct phase_result res[BP_COUNT];  /* the median run */
    struct phase_result all[BP_COUNT][REPEATS_MAX]; /* every run */
    int n_all[BP_COUNT];                /* runs of each phase */
    bool ran[BP_COUNT];
};

/* A phase, run in the child: fills r (rc, events, seconds, note). */
typedef void (*phase_fn)(const struct run *run, struct phase_result *r);

/* ------------------------------------------------------------------ */
/* bench_phases.c: the commands' work, through the library              */
/* ------------------------------------------------------------------ */

/* The generator's sitting of run->deals deals (a duel under the Club
 * Code, no irregularities) into run->input (stdout reopened on it). */
void bench__phase_generate(const struct run *run, struct phase_result *r);

/* (a) the reader and the referee alone: session_run, no ledger, silent. */
void bench__phase_adjudicate(const struct run *run, struct phase_result *r);

/* (b) the import of run->input into a fresh run->db. */
void bench__phase_import(const struct run *run, struct phase_result *r);

/* (d) the audit of run->db: the proof, then audit_collect. */
void bench__phase_audit(const struct run *run, struct phase_result *r);

/* (f) the check of run->input: adjudicated, `=` lines compared, what a
 * check prints formatted. */
void bench__phase_check(const struct run *run, struct phase_result *r);

/* (g) the record of the prefix into a fresh file, an action a commit. */
void bench__phase_record(const struct run *run, struct phase_result *r);

/* (j) the record of the whole log into a fresh file on a tmpfs, then
 * removed. */
void bench__phase_record_all(const struct run *run, struct phase_result *r);

/* (k) the export of run->db's sitting, proven, to stdout (/dev/null). */
void bench__phase_export(const struct run *run, struct phase_result *r);

/* (i) the report of run->db's sitting written to run->report. */
void bench__phase_report(const struct run *run, struct phase_result *r);

/* ------------------------------------------------------------------ */
/* bench_floors.c: the limits                                           */
/* ------------------------------------------------------------------ */

/* (c) every row (b) wrote, written again from memory. */
void bench__phase_import_floor(const struct run *run, struct phase_result *r);

/* (e) the columns the audit reads, scanned and adjudicated. */
void bench__phase_audit_floor(const struct run *run, struct phase_result *r);

/* (h) the events (g) wrote, one durable INSERT a commit. */
void bench__phase_record_floor(const struct run *run, struct phase_result *r);

/* (l) `LC_ALL=C wc -w` over run->input: a tokenizer's time for the same
 * file (events: the log's, so that rates compare times). */
void bench__phase_wc(const struct run *run, struct phase_result *r);

/* (h') (h) with the chain's head kept in every commit. */
void bench__phase_record_head(const struct run *run, struct phase_result *r);

/* ------------------------------------------------------------------ */
/* bench_rows.c: helpers                                                */
/* ------------------------------------------------------------------ */

/* bench__now - CLOCK_MONOTONIC in seconds. */
double bench__now(void);

/* bench__note - printf into r->note (truncated to fit). */
void bench__note(struct phase_result *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* bench__remove_db - a SQLite file and its -wal, -shm and -journal;
 * missing files are fine, another failure is said on stderr. */
void bench__remove_db(const char *path);

/* bench__file_size - bytes in path, 0 if it cannot be read. */
long long bench__file_size(const char *path);

/* bench__fsync_path - the file at path flushed to the disk (fsync); 0,
 * or -1 with why in r->note. */
int bench__fsync_path(const char *path, struct phase_result *r);

/* bench__ledger_size - bytes of the SQLite file at path and of its -wal
 * (what the ledger holds on the disk), 0 for a missing file. */
long long bench__ledger_size(const char *path);

/* bench__count_events - rows of the event table of the ledger at path,
 * or -1 (why in r->note). */
int64_t bench__count_events(const char *path, struct phase_result *r);

/* bench__exec - sql run on db; 0, or -1 with why in r->note. */
int bench__exec(sqlite3 *db, const char *sql, struct phase_result *r);

/* bench__open_db - path opened by SQLite (NOMUTEX; read-only or
 * read-write, a 5 s busy timeout) into *out; 0, or -1 with why in
 * r->note (*out is to be closed all the same). */
int bench__open_db(sqlite3 **out, const char *path, bool readonly,
                   struct phase_result *r);

/* bench__new_ledger - a fresh file at path made a ledger by ledger_open
 * (its schema, WAL mode, application id and version), then closed; 0,
 * or -1 with why in r->note. */
int bench__new_ledger(const char *path, struct phase_result *r);

/* bench__prepare - sql on db into *st; 0, or -1 with why in r->note. */
int bench__prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st,
                   struct phase_result *r);

/* bench__prepare_insert - the INSERT of every column of table name (n
 * of them) on db into *st; 0, or -1 with why in r->note. */
int bench__prepare_insert(sqlite3 *db, const char *name, int n,
                          sqlite3_stmt **st, struct phase_result *r);

/* bench__step_done - st stepped to its end and reset; 0, or -1 if it
 * did not end in SQLITE_DONE. */
int bench__step_done(sqlite3_stmt *st);

/* One value of a row held in memory. */
struct gval {
    int type;                   /* SQLITE_NULL, SQLITE_INTEGER, SQLITE_TEXT */
    int64_t i;                  /* the integer */
    size_t off;                 /* the text: its offset in the arena */
    size_t len;                 /* and its length */
};

/* Rows of a table held in memory: n rows of n_col values, their text in
 * one arena. */
struct rows {
    int n_col;
    size_t n;
    size_t cap;
    struct gval *v;             /* row i, column j: v[i * n_col + j] */
    char *text;
    size_t t_len;
    size_t t_cap;
};

/* bench__rows_clear - no rows, the memory kept for the next ones. */
void bench__rows_clear(struct rows *t);

/* bench__rows_free - the memory of t; t is left empty. */
void bench__rows_free(struct rows *t);

/* bench__rows_add - the row sel stands on appended to t (its first
 * t->n_col columns).  0, or -1 out of memory (t as it was). */
int bench__rows_add(struct rows *t, sqlite3_stmt *sel);

/* bench__rows_val - row i, column j of t (borrowed). */
const struct gval *bench__rows_val(const struct rows *t, size_t i, int j);

/* bench__rows_bind - row i of t into the parameters 1.. of ins (text
 * bound SQLITE_STATIC: t must stay put until ins is stepped).  Returns
 * the OR of the bind codes (SQLITE_OK, 0, if all bound). */
int bench__rows_bind(sqlite3_stmt *ins, const struct rows *t, size_t i);

/* bench__rows_bind_at - bench__rows_bind into the parameters base + 1..
 * (a row of an INSERT of many rows).  Non-zero if a bind failed. */
int bench__rows_bind_at(sqlite3_stmt *ins, const struct rows *t, size_t i,
                        int base);

/* bench__rows_insert - every row of t by ins on db; 0, or -1 with why in
 * r->note. */
int bench__rows_insert(sqlite3 *db, sqlite3_stmt *ins, const struct rows *t,
                       struct phase_result *r);

/* bench__load_all - every row of sql on db into t (t->n_col set to its
 * columns); 0, or -1 with why in r->note. */
int bench__load_all(sqlite3 *db, const char *sql, struct rows *t,
                    struct phase_result *r);

/* The bytes an event's chain hash is taken over after the hash before
 * it, as the ledger hashes them (events.c): id, sitting, game, deal, seq,
 * source, line, stamp, time recorded, actor, verb, args, cards and text,
 * each as a netstring "<length>:<bytes>," (integers by their decimal
 * text).  Read from a ledger by ledger_events_foreach (every field given
 * back as it was hashed) into a temporary file before a floor's clock
 * runs, and back into memory a chunk at a time, so that memory stays
 * flat. */
struct hashed {
    void *fp;                   /* FILE *: each payload's length (a
                                   uint32_t), then its bytes */
    char *buf;                  /* the chunk's payloads, one after the
                                   other */
    size_t len;
    size_t cap;
    size_t *off;                /* payload i is buf + off[i] .. off[i + 1] */
    size_t n;                   /* payloads in the chunk */
    size_t cap_n;
    int64_t total;              /* payloads in the file */
};

/* bench__hashed_open - the payload of every event of the ledger at path
 * (opened read-only by the library, in id order) written to a temporary
 * file, read back from its start.  Not timed.  0, or -1 with why in
 * r->note (h is to be closed all the same). */
int bench__hashed_open(struct hashed *h, const char *path,
                       struct phase_result *r);

/* bench__hashed_chunk - the next n payloads of h (fewer at its end) read
 * into memory, the chunk before dropped.  0, or -1 with why in
 * r->note. */
int bench__hashed_chunk(struct hashed *h, size_t n, struct phase_result *r);

/* bench__hashed_close - everything h holds. */
void bench__hashed_close(struct hashed *h);

/* The SHA-256 chain: the head (the hash before, 64 lower-case hex
 * digits) and the next event's payload digested, the digest made the
 * head. */
struct chain {
    void *md;                   /* libcrypto's SHA-256, fetched once */
    void *ctx;                  /* its digest context */
    char head[HASH_HEX];
    unsigned char raw[32];      /* the head's bytes */
};

/* bench__chain_open - a chain whose head is the 64 zeros of an empty
 * ledger.  0, or -1 if libcrypto fails (c is to be closed all the
 * same). */
int bench__chain_open(struct chain *c);

/* bench__chain_close - the memory of c. */
void bench__chain_close(struct chain *c);

/* bench__chain_next - the hash of the event whose payload is payload i of
 * h's chunk, after the head: into out (HASH_HEX bytes) and made the
 * head.  0, or -1 (libcrypto failed; the head as it was). */
int bench__chain_next(struct chain *c, const struct hashed *h, size_t i,
                      char *out);

/* bench__seal_next - the hash of the seal id of row row_id of table tbl
 * (tbl_n bytes), its row row (row_n bytes), after the head of c (the seal
 * before's): into out (HASH_HEX bytes) and made the head.  0, or -1
 * (libcrypto failed). */
int bench__seal_next(struct chain *c, int64_t id, const char *tbl,
                     size_t tbl_n, int64_t row_id, const char *row,
                     size_t row_n, char *out);

/* bench__bind_hash - the head of c bound to parameter i of st as the
 * ledger stores the hash of event id (ledger/event_row.c): its 32 bytes
 * at a multiple of LEDGER_HASH_EVERY or if whole (the ledger's last
 * event, schema version 9), else its first LEDGER_HASH_TAG.  SQLite's
 * result code. */
int bench__bind_hash(sqlite3_stmt *st, int i, const struct chain *c,
                     int64_t id, bool whole);

#endif /* ECARTE_BENCH_BENCH_INT_H */
