/* SPDX-License-Identifier: MIT */
/*
 * bench_floors.c - the limits the commands are held against
 * (bench/bench_int.h), small loops written with the best practice the
 * commands should reach, measured in the same run as they are: (c) the
 * import's, every row the import leaves in the ledger written again from
 * memory (read from the import's own file before its clock runs), with
 * the SHA-256 chain computed by libcrypto over the same bytes as the
 * ledger's (its heads must equal the import's); (e) the audit's, in
 * bench_audit_floor.c; (h)
 * and (h') the record's, each action committed alone, WAL and
 * synchronous=FULL, one INSERT of the event and its hash (and in (h')
 * the chain's head); (l) the reader's, `LC_ALL=C wc -w` over the same
 * log: the words of the file counted by a byte loop.
 */
#include "bench/bench_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session/session.h"

#define CHUNK_EVENTS 8192       /* (c): events a transaction of the floor */

/* ------------------------------------------------------------------ */
/* (c) every row of the import, written from memory                     */
/* ------------------------------------------------------------------ */

/* The tables an import writes, but the event table and the chain row:
 * those read whole before the floor's clock starts (a row a sitting, a
 * game or a deal), and those read with the events they follow, a chunk
 * at a time (their event_id). */
static const char *const whole_tables[] = {
    "sitting", "tag", "game", "deal", "import_file", "quarantine", "person",
    "seating", "stake", "bet", "settlement", "transfer", "ledger_info",
    "seal",
};
#define N_WHOLE (sizeof(whole_tables) / sizeof(whole_tables[0]))
#define WHOLE_SEAL (N_WHOLE - 1) /* its hashes computed again (seal_write) */
static const char *const event_tables[] = {
    "claim", "score_mark", "ruling", "sitting_mark",
};
#define N_EVTAB (sizeof(event_tables) / sizeof(event_tables[0]))
/* Their order, by their index on the event (no sort, so that memory
 * stays flat): claim's is on the sitting first (one sitting here). */
static const char *const event_order[] = {
    "sitting_id, event_id, id", "event_id, id", "event_id, id",
    "event_id, id",
};

/* A table read with the events: its cursor on the source, where it
 * stands, its rows of the chunk and its INSERT on the floor's file. */
struct evtab {
    sqlite3_stmt *sel;          /* SELECT * ... ORDER BY event_id, id */
    int step;                   /* SQLITE_ROW: sel stands on a row */
    int ev_col;                 /* the column of event_id */
    struct rows rows;           /* the chunk's rows */
    sqlite3_stmt *ins;
};

/* set_import_pragmas - the settings ledger_open gives an import into a
 * new ledger (LEDGER_FAST | LEDGER_BUILD, ledger/build.c): the file
 * locked for this connection alone, its rollback journal in memory,
 * synchronous=OFF, foreign keys off during the load, a larger page cache,
 * temporary b-trees in memory. */
static int set_import_pragmas(sqlite3 *db, struct phase_result *r)
{
    static const char *const pragmas[] = {
        "PRAGMA locking_mode = EXCLUSIVE",
        "PRAGMA journal_mode = MEMORY",
        "PRAGMA synchronous = OFF",
        "PRAGMA foreign_keys = OFF",
        "PRAGMA wal_autocheckpoint = 10000",
        "PRAGMA cache_size = -16384",
        "PRAGMA temp_store = MEMORY",
    };

    for (size_t i = 0; i < sizeof(pragmas) / sizeof(pragmas[0]); i++) {
        if (bench__exec(db, pragmas[i], r) != 0) {
            return -1;
        }
    }
    return 0;
}

/* The state of the import's floor. */
struct ifloor {
    sqlite3 *src;
    sqlite3 *dst;
    sqlite3_stmt *ev_sel;       /* the source's events, by id */
    int ev_step;
    struct rows ev;             /* the chunk's events */
    sqlite3_stmt *ev_ins;
    sqlite3_stmt *ev_ins_many;  /* EVENT_BATCH rows an INSERT */
    unsigned char raws[EVENT_BATCH][32]; /* their hashes' bytes */
    sqlite3_stmt *progress;     /* UPDATE import_file */
    sqlite3_stmt *head;         /* UPDATE chain */
    struct rows whole[N_WHOLE];
    sqlite3_stmt *whole_ins[N_WHOLE];
    struct evtab tab[N_EVTAB];
    struct chain chain;
    struct hashed hashed;       /* the events' payloads, a chunk's */
    char src_head[HASH_HEX];    /* the import's chain head */
    char src_seal[HASH_HEX];    /* and its seals' head */
    sqlite3_stmt *seal_head;    /* UPDATE chain: the seals' head */
};

/* ifloor_read - the source's rows into memory, but the chunks: the
 * whole tables, the cursors of the events and of the tables that follow
 * them, the import's chain head.  Not timed. */
static int ifloor_read(struct ifloor *f, const char *path,
                       struct phase_result *r)
{
    sqlite3_stmt *st = NULL;

    if (bench__hashed_open(&f->hashed, path, r) != 0 ||
        bench__open_db(&f->src, path, true, r) != 0 ||
        bench__exec(f->src, "BEGIN", r) != 0) {
        return -1;
    }
    for (size_t k = 0; k < N_WHOLE; k++) {
        char *sql = sqlite3_mprintf("SELECT * FROM %s ORDER BY id",
                                    whole_tables[k]);
        int rc =
            sql != NULL ? bench__load_all(f->src, sql, &f->whole[k], r) : -1;

        sqlite3_free(sql);
        if (rc != 0) {
            return -1;
        }
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        struct evtab *e = &f->tab[k];
        char *sql = sqlite3_mprintf("SELECT * FROM %s ORDER BY %s",
                                    event_tables[k], event_order[k]);
        int rc = sql != NULL ? bench__prepare(f->src, sql, &e->sel, r) : -1;

        sqlite3_free(sql);
        if (rc != 0) {
            return -1;
        }
        e->rows.n_col = sqlite3_column_count(e->sel);
        e->ev_col = -1;
        for (int j = 0; j < e->rows.n_col; j++) {
            if (strcmp(sqlite3_column_name(e->sel, j), "event_id") == 0) {
                e->ev_col = j;
            }
        }
        e->step = sqlite3_step(e->sel);
    }
    if (bench__prepare(f->src,
                       "SELECT " EVENT_COLUMNS " FROM event ORDER BY id",
                       &f->ev_sel, r) != 0 ||
        bench__prepare(f->src, "SELECT head, seal_head FROM chain", &st,
                       r) != 0) {
        return -1;
    }
    f->ev.n_col = EVENT_N_COLUMNS;
    f->ev_step = sqlite3_step(f->ev_sel);
    if (sqlite3_step(st) == SQLITE_ROW) {
        snprintf(f->src_head, sizeof(f->src_head), "%s",
                 (const char *)sqlite3_column_text(st, 0));
        snprintf(f->src_seal, sizeof(f->src_seal), "%s",
                 (const char *)sqlite3_column_text(st, 1));
    }
    sqlite3_finalize(st);
    return 0;
}

/* ifloor_chunk - the next chunk of events (at most CHUNK_EVENTS) and
 * the rows of the other tables that follow them, into memory.  Not
 * timed.  Returns the events read, -1 (message in r->note). */
static long ifloor_chunk(struct ifloor *f, struct phase_result *r)
{
    int64_t hi = 0;

    bench__rows_clear(&f->ev);
    while (f->ev_step == SQLITE_ROW && f->ev.n < CHUNK_EVENTS) {
        if (bench__rows_add(&f->ev, f->ev_sel) != 0) {
            bench__note(r, "out of memory");
            return -1;
        }
        hi = sqlite3_column_int64(f->ev_sel, 0);
        f->ev_step = sqlite3_step(f->ev_sel);
    }
    if (f->ev_step != SQLITE_ROW && f->ev_step != SQLITE_DONE) {
        bench__note(r, "read events: %s", sqlite3_errmsg(f->src));
        return -1;
    }
    if (f->ev_step == SQLITE_DONE) {
        hi = INT64_MAX;         /* the last chunk takes what is left */
    }
    if (bench__hashed_chunk(&f->hashed, f->ev.n, r) != 0) {
        return -1;
    }
    if (f->hashed.n != f->ev.n) {
        bench__note(r, "%zu events but %zu payloads", f->ev.n, f->hashed.n);
        return -1;
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        struct evtab *e = &f->tab[k];

        bench__rows_clear(&e->rows);
        while (e->step == SQLITE_ROW &&
               sqlite3_column_int64(e->sel, e->ev_col) <= hi) {
            if (bench__rows_add(&e->rows, e->sel) != 0) {
                bench__note(r, "out of memory");
                return -1;
            }
            e->step = sqlite3_step(e->sel);
        }
        if (e->step != SQLITE_ROW && e->step != SQLITE_DONE) {
            bench__note(r, "read %s: %s", event_tables[k],
                        sqlite3_errmsg(f->src));
            return -1;
        }
    }
    return (long)f->ev.n;
}

/* ifloor_open - the floor's file opened with the import's settings, its
 * statements prepared.  Timed. */
static int ifloor_open(struct ifloor *f, const char *path,
                       struct phase_result *r)
{
    char many[EVENT_BATCH * 80 + 200];
    size_t n = (size_t)snprintf(many, sizeof(many),
                                "INSERT INTO event (" EVENT_COLUMNS
                                ", hash) VALUES ");

    for (int k = 0; k < EVENT_BATCH; k++) {
        n += (size_t)snprintf(many + n, sizeof(many) - n, "%s(?%s",
                              k > 0 ? ", " : "", "");
        for (int j = 1; j < EVENT_N_COLUMNS + 1; j++) {
            n += (size_t)snprintf(many + n, sizeof(many) - n, ", ?");
        }
        n += (size_t)snprintf(many + n, sizeof(many) - n, ")");
    }
    if (bench__open_db(&f->dst, path, false, r) != 0 ||
        set_import_pragmas(f->dst, r) != 0 ||
        bench__prepare(f->dst, EVENT_INSERT, &f->ev_ins, r) != 0 ||
        bench__prepare(f->dst, many, &f->ev_ins_many, r) != 0 ||
        bench__prepare(f->dst,
                       "UPDATE import_file SET line = ?2, deals = ?3, "
                       "events = ?4, complete = ?5 WHERE id = ?1",
                       &f->progress, r) != 0 ||
        bench__prepare(f->dst,
                       "UPDATE chain SET head = ?1, n_events = "
                       "n_events + ?2, last_id = ?3 WHERE id = 1",
                       &f->head, r) != 0 ||
        bench__prepare(f->dst,
                       "UPDATE chain SET seal_head = ?1, n_seals = ?2, "
                       "seal_last = ?3 WHERE id = 1",
                       &f->seal_head, r) != 0) {
        return -1;
    }
    for (size_t k = 0; k < N_WHOLE; k++) {
        if (f->whole[k].n > 0 &&
            bench__prepare_insert(f->dst, whole_tables[k], f->whole[k].n_col,
                                  &f->whole_ins[k], r) != 0) {
            return -1;
        }
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        if (bench__prepare_insert(f->dst, event_tables[k], f->tab[k].rows.n_col,
                                  &f->tab[k].ins, r) != 0) {
            return -1;
        }
    }
    return 0;
}

/* ifloor_progress - the import's row brought up to the last event of the
 * chunk (as the import does at every commit), and the chain's head. */
static int ifloor_progress(struct ifloor *f, bool complete,
                           struct phase_result *r)
{
    const struct rows *imp = &f->whole[4];      /* import_file */
    int bad = 0;

    for (size_t i = 0; i < imp->n; i++) {
        bad |=
            sqlite3_bind_int64(f->progress, 1, bench__rows_val(imp, i, 0)->i);
        bad |=
            sqlite3_bind_int64(f->progress, 2, bench__rows_val(imp, i, 7)->i);
        bad |=
            sqlite3_bind_int64(f->progress, 3, bench__rows_val(imp, i, 4)->i);
        bad |=
            sqlite3_bind_int64(f->progress, 4, bench__rows_val(imp, i, 9)->i);
        bad |= sqlite3_bind_int(f->progress, 5, complete);
        if (bad != SQLITE_OK || bench__step_done(f->progress) != 0) {
            bench__note(r, "progress: %s", sqlite3_errmsg(f->dst));
            return -1;
        }
    }
    if (f->ev.n == 0) {
        return 0;
    }
    bad |= sqlite3_bind_text(f->head, 1, f->chain.head, 64, SQLITE_STATIC);
    bad |= sqlite3_bind_int64(f->head, 2, (int64_t)f->ev.n);
    bad |= sqlite3_bind_int64(f->head, 3,
                              bench__rows_val(&f->ev, f->ev.n - 1, 0)->i);
    if (bad != SQLITE_OK || bench__step_done(f->head) != 0) {
        bench__note(r, "chain: %s", sqlite3_errmsg(f->dst));
        return -1;
    }
    return 0;
}

/* seal_write - the seal's rows (id, tbl, row_id, row, hash) written with
 * their hashes computed again (the seal's chain, as ledger/seal.c
 * computes it: over the hash before, then the netstrings of the seal's
 * id, the table's name, the row's id and the row), and the chain row's
 * seals' head.  Timed.  0, or -1 with why in r->note (a head other than
 * the import's too). */
static int seal_write(struct ifloor *f, struct phase_result *r)
{
    const struct rows *t = &f->whole[WHOLE_SEAL];
    sqlite3_stmt *ins = f->whole_ins[WHOLE_SEAL];
    struct chain c;
    char head[HASH_HEX];
    int rc = -1;

    if (t->n == 0) {
        return 0;
    }
    if (bench__chain_open(&c) != 0) {
        bench__note(r, "libcrypto failed");
        goto out;
    }
    for (size_t i = 0; i < t->n; i++) {
        const struct gval *tbl = bench__rows_val(t, i, 1);
        const struct gval *row = bench__rows_val(t, i, 3);

        if (bench__seal_next(&c, bench__rows_val(t, i, 0)->i,
                             t->text + tbl->off, tbl->len,
                             bench__rows_val(t, i, 2)->i,
                             t->text + row->off, row->len, head) != 0) {
            bench__note(r, "seal hash: libcrypto failed");
            goto out;
        }
        if (bench__rows_bind(ins, t, i) != SQLITE_OK ||
            sqlite3_bind_text(ins, 5, head, 64, SQLITE_STATIC) != SQLITE_OK ||
            bench__step_done(ins) != 0) {
            bench__note(r, "insert seal: %s", sqlite3_errmsg(f->dst));
            goto out;
        }
    }
    if (sqlite3_bind_text(f->seal_head, 1, head, 64, SQLITE_STATIC) !=
            SQLITE_OK ||
        sqlite3_bind_int64(f->seal_head, 2, (int64_t)t->n) != SQLITE_OK ||
        sqlite3_bind_int64(f->seal_head, 3,
                           bench__rows_val(t, t->n - 1, 0)->i) != SQLITE_OK ||
        bench__step_done(f->seal_head) != 0) {
        bench__note(r, "seals' head: %s", sqlite3_errmsg(f->dst));
        goto out;
    }
    if (strcmp(head, f->src_seal) != 0) {
        bench__note(r, "seals' head %.12s differs from the import's %.12s",
                    head, f->src_seal);
        goto out;
    }
    rc = 0;
out:
    bench__chain_close(&c);
    return rc;
}

/* ifloor_write - the chunk in memory written in one transaction: the
 * events with their hashes, the rows that follow them, the import's
 * progress and the chain's head.  Timed. */
static int ifloor_write(struct ifloor *f, bool last, struct phase_result *r)
{
    char hash[HASH_HEX];

    if (sqlite3_get_autocommit(f->dst) &&
        bench__exec(f->dst, "BEGIN", r) != 0) {
        return -1;
    }
    size_t i = 0;

    /* EVENT_BATCH rows an INSERT, as the import inserts them; the rest
     * one by one */
    for (; i + EVENT_BATCH <= f->ev.n; i += EVENT_BATCH) {
        int bad = 0;

        for (int k = 0; k < EVENT_BATCH; k++) {
            size_t e = i + (size_t)k;
            int base = k * (EVENT_N_COLUMNS + 1);

            if (bench__chain_next(&f->chain, &f->hashed, e, hash) != 0) {
                bench__note(r, "hash: out of memory or libcrypto failed");
                return -1;
            }
            memcpy(f->raws[k], f->chain.raw, 32);
            bad |= bench__rows_bind_at(f->ev_ins_many, &f->ev, e, base);
            bad |= sqlite3_bind_blob(
                f->ev_ins_many, base + EVENT_N_COLUMNS + 1, f->raws[k],
                (last && e + 1 == f->ev.n) ||
                        bench__rows_val(&f->ev, e, 0)->i %
                                LEDGER_HASH_EVERY == 0
                    ? 32 : LEDGER_HASH_TAG,
                SQLITE_STATIC);
        }
        if (bad != SQLITE_OK || bench__step_done(f->ev_ins_many) != 0) {
            bench__note(r, "insert events: %s", sqlite3_errmsg(f->dst));
            return -1;
        }
    }
    for (; i < f->ev.n; i++) {
        if (bench__chain_next(&f->chain, &f->hashed, i, hash) != 0) {
            bench__note(r, "hash: out of memory or libcrypto failed");
            return -1;
        }
        if (bench__rows_bind(f->ev_ins, &f->ev, i) != SQLITE_OK ||
            bench__bind_hash(f->ev_ins, EVENT_N_COLUMNS + 1, &f->chain,
                             bench__rows_val(&f->ev, i, 0)->i,
                             last && i + 1 == f->ev.n) != SQLITE_OK ||
            bench__step_done(f->ev_ins) != 0) {
            bench__note(r, "insert event: %s", sqlite3_errmsg(f->dst));
            return -1;
        }
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        struct evtab *e = &f->tab[k];

        if (bench__rows_insert(f->dst, e->ins, &e->rows, r) != 0) {
            return -1;
        }
    }
    if (ifloor_progress(f, last, r) != 0) {
        return -1;
    }
    return bench__exec(f->dst, "COMMIT", r);
}

/* fk_check - PRAGMA foreign_key_check on db: -1 (r->note) if a row
 * breaks a reference, as the import checks after its load. */
static int fk_check(sqlite3 *db, struct phase_result *r)
{
    sqlite3_stmt *st = NULL;
    int step;

    if (bench__prepare(db, "PRAGMA foreign_key_check", &st, r) != 0) {
        return -1;
    }
    step = sqlite3_step(st);
    sqlite3_finalize(st);
    if (step != SQLITE_DONE) {
        bench__note(r, "foreign_key_check: %s",
                    step == SQLITE_ROW ? "a broken reference"
                                       : sqlite3_errmsg(db));
        return -1;
    }
    return 0;
}

/* ifloor_free - everything f holds. */
static void ifloor_free(struct ifloor *f)
{
    for (size_t k = 0; k < N_WHOLE; k++) {
        sqlite3_finalize(f->whole_ins[k]);
        bench__rows_free(&f->whole[k]);
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        sqlite3_finalize(f->tab[k].sel);
        sqlite3_finalize(f->tab[k].ins);
        bench__rows_free(&f->tab[k].rows);
    }
    sqlite3_finalize(f->ev_sel);
    sqlite3_finalize(f->ev_ins);
    sqlite3_finalize(f->ev_ins_many);
    sqlite3_finalize(f->progress);
    sqlite3_finalize(f->head);
    sqlite3_finalize(f->seal_head);
    bench__rows_free(&f->ev);
    bench__chain_close(&f->chain);
    bench__hashed_close(&f->hashed);
    sqlite3_close(f->dst);
    sqlite3_close(f->src);
}

/*
 * (c) - the floor of (b): every row the import wrote, read from (b)'s
 * file into memory before the clock runs (a chunk of CHUNK_EVENTS events
 * at a time, with the rows that follow them, so that memory stays
 * flat), written into a fresh ledger file with the settings of the
 * import's build of a new ledger (exclusive, the journal in memory):
 * one transaction a chunk, prepared statements, the SHA-256 chain of
 * every event computed again, the import's progress and the chain's head
 * updated at every commit, the references checked at the end, the file
 * made a WAL ledger, closed and flushed to the disk as the build ends
 * (its link into place, a rename of a name, is not).  Timed: the writing, from the making of
 * the file (ledger_open, as the import makes it) to its close.  The
 * chain's head must equal the import's.
 */
void bench__phase_import_floor(const struct run *run, struct phase_result *r)
{
    struct ifloor f;
    double t0;
    long n = 0;

    memset(&f, 0, sizeof(f));
    r->rc = -1;
    if (bench__chain_open(&f.chain) != 0 || ifloor_read(&f, run->db, r) != 0) {
        goto out;
    }
    t0 = bench__now();
    if (bench__new_ledger(run->floor_db, r) != 0 ||
        ifloor_open(&f, run->floor_db, r) != 0 ||
        bench__exec(f.dst, "BEGIN", r) != 0 ||
        /* the import's identity and its seal, for the fresh file's own */
        bench__exec(f.dst, "DELETE FROM seal; DELETE FROM ledger_info",
                    r) != 0) {
        goto out;
    }
    for (size_t k = 0; k < N_WHOLE; k++) {
        if (k == WHOLE_SEAL ? seal_write(&f, r) != 0
                            : bench__rows_insert(f.dst, f.whole_ins[k],
                                                 &f.whole[k], r) != 0) {
            goto out;
        }
    }
    r->seconds += bench__now() - t0;
    do {
        n = ifloor_chunk(&f, r);
        if (n < 0) {
            goto out;
        }
        t0 = bench__now();
        if (ifloor_write(&f, f.ev_step == SQLITE_DONE, r) != 0) {
            goto out;
        }
        r->seconds += bench__now() - t0;
        r->events += n;
    } while (f.ev_step == SQLITE_ROW);
    t0 = bench__now();
    if (fk_check(f.dst, r) != 0) {
        goto out;
    }
    sqlite3_finalize(f.ev_ins);
    f.ev_ins = NULL;
    sqlite3_finalize(f.progress);
    f.progress = NULL;
    sqlite3_finalize(f.head);
    f.head = NULL;
    sqlite3_finalize(f.seal_head);
    f.seal_head = NULL;
    for (size_t k = 0; k < N_WHOLE; k++) {
        sqlite3_finalize(f.whole_ins[k]);
        f.whole_ins[k] = NULL;
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        sqlite3_finalize(f.tab[k].ins);
        f.tab[k].ins = NULL;
    }
    /* as the build ends: the file made a WAL ledger, closed, flushed */
    if (bench__exec(f.dst, "PRAGMA journal_mode = WAL", r) != 0) {
        goto out;
    }
    sqlite3_close(f.dst);
    f.dst = NULL;
    if (bench__fsync_path(run->floor_db, r) != 0) {
        goto out;
    }
    r->seconds += bench__now() - t0;
    if (strcmp(f.chain.head, f.src_head) != 0) {
        bench__note(r, "chain head %.12s differs from the import's %.12s",
                    f.chain.head, f.src_head);
        goto out;
    }
    bench__note(r, "chain head equal to the import's");
    r->rc = 0;
out:
    ifloor_free(&f);
}

/*
 * record_loop - the event rows (g) wrote, read into memory before the
 * clock runs, appended to a fresh ledger file opened by SQLite in WAL
 * mode with synchronous=FULL: for each, its SHA-256 chain hash, then
 * BEGIN, one prepared INSERT of the row (with head, the UPDATE of the
 * chain's head too), COMMIT.  Timed: from the making of the file
 * (ledger_open, as record makes it) to its close.
 */
static void record_loop(const struct run *run, bool with_head,
                        struct phase_result *r)
{
    sqlite3 *src = NULL;
    sqlite3 *dst = NULL;
    sqlite3_stmt *ins = NULL;
    sqlite3_stmt *head = NULL;
    sqlite3_stmt *begin = NULL;
    sqlite3_stmt *commit = NULL;
    struct rows ev;
    struct chain c;
    struct hashed h;
    char hash[HASH_HEX];
    double t0;

    memset(&ev, 0, sizeof(ev));
    memset(&h, 0, sizeof(h));
    r->rc = -1;
    if (bench__chain_open(&c) != 0) {
        bench__note(r, "libcrypto failed");
        goto out;
    }
    if (bench__open_db(&src, run->rec_db, true, r) != 0 ||
        bench__load_all(src, "SELECT " EVENT_COLUMNS " FROM event ORDER BY id",
                        &ev, r) != 0 ||
        bench__hashed_open(&h, run->rec_db, r) != 0 ||
        bench__hashed_chunk(&h, ev.n, r) != 0) {
        goto out;
    }
    if (h.n != ev.n) {
        bench__note(r, "%zu events but %zu payloads", ev.n, h.n);
        goto out;
    }
    t0 = bench__now();
    if (bench__new_ledger(run->floor_db, r) != 0 ||
        bench__open_db(&dst, run->floor_db, false, r) != 0 ||
        bench__exec(dst, "PRAGMA journal_mode = WAL", r) != 0 ||
        bench__exec(dst, "PRAGMA synchronous = FULL", r) != 0 ||
        bench__prepare(dst, EVENT_INSERT, &ins, r) != 0 ||
        bench__prepare(dst,
                       "UPDATE chain SET head = ?1, n_events = n_events + 1, "
                       "last_id = ?2 WHERE id = 1",
                       &head, r) != 0 ||
        bench__prepare(dst, "BEGIN IMMEDIATE", &begin, r) != 0 ||
        bench__prepare(dst, "COMMIT", &commit, r) != 0) {
        goto out;
    }
    for (size_t i = 0; i < ev.n; i++) {
        if (bench__chain_next(&c, &h, i, hash) != 0) {
            bench__note(r, "hash: out of memory or libcrypto failed");
            goto out;
        }
        if (bench__step_done(begin) != 0 ||
            bench__rows_bind(ins, &ev, i) != SQLITE_OK ||
            bench__bind_hash(ins, EVENT_N_COLUMNS + 1, &c,
                             bench__rows_val(&ev, i, 0)->i, false) !=
                SQLITE_OK ||
            bench__step_done(ins) != 0) {
            bench__note(r, "insert event: %s", sqlite3_errmsg(dst));
            goto out;
        }
        if (with_head &&
            (sqlite3_bind_text(head, 1, hash, 64, SQLITE_STATIC) != SQLITE_OK ||
             sqlite3_bind_int64(head, 2, bench__rows_val(&ev, i, 0)->i) !=
                 SQLITE_OK ||
             bench__step_done(head) != 0)) {
            bench__note(r, "chain head: %s", sqlite3_errmsg(dst));
            goto out;
        }
        if (bench__step_done(commit) != 0) {
            bench__note(r, "commit: %s", sqlite3_errmsg(dst));
            goto out;
        }
        r->events++;
    }
    sqlite3_finalize(ins);
    sqlite3_finalize(head);
    sqlite3_finalize(begin);
    sqlite3_finalize(commit);
    ins = head = begin = commit = NULL;
    sqlite3_close(dst);
    dst = NULL;
    r->seconds = bench__now() - t0;
    r->rc = 0;
out:
    sqlite3_finalize(ins);
    sqlite3_finalize(head);
    sqlite3_finalize(begin);
    sqlite3_finalize(commit);
    sqlite3_close(dst);
    sqlite3_close(src);
    bench__rows_free(&ev);
    bench__chain_close(&c);
    bench__hashed_close(&h);
}

/* (h) - the floor of (g) the issue names: the raw loop, one INSERT of
 * the event row and its hash, committed each (record_loop). */
void bench__phase_record_floor(const struct run *run, struct phase_result *r)
{
    record_loop(run, false, r);
}

/* (h') - (h) with the chain's head kept in the chain row in every
 * commit, as a ledger before schema 9 kept it (a third page in each
 * commit): for information. */
void bench__phase_record_head(const struct run *run, struct phase_result *r)
{
    record_loop(run, true, r);
}

/* ------------------------------------------------------------------ */
/* (l) a tokenizer over the same log: LC_ALL=C wc -w                    */
/* ------------------------------------------------------------------ */

/* (l) - `LC_ALL=C wc -w INPUT` run (fork, exec, wait), timed from the
 * fork to its end; its count of words read back through a pipe into the
 * note.  Events are the log's ((a)'s count), so that a phase's events a
 * second over these is the ratio of the two times on the same file. */
void bench__phase_wc(const struct run *run, struct phase_result *r)
{
    char out[64] = "";
    int fds[2];
    int status = 0;
    ssize_t got = 0;
    pid_t pid;
    double t0;

    r->rc = -1;
    r->events = run->log_events;
    if (pipe(fds) != 0) {
        bench__note(r, "pipe: %s", strerror(errno));
        return;
    }
    t0 = bench__now();
    pid = fork();
    if (pid == 0) {
        close(fds[0]);
        if (dup2(fds[1], STDOUT_FILENO) < 0) {
            _exit(127);
        }
        execlp("env", "env", "LC_ALL=C", "wc", "-w", run->input,
               (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        bench__note(r, "fork: %s", strerror(errno));
        return;
    }
    got = read(fds[0], out, sizeof(out) - 1);
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        continue;
    }
    r->seconds = bench__now() - t0;
    if (got <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        bench__note(r, "LC_ALL=C wc -w %s failed", run->input);
        return;
    }
    out[got] = '\0';
    bench__note(r, "%lld words", strtoll(out, NULL, 10));
    r->rc = r->events > 0 ? 0 : -1;
}
