/* SPDX-License-Identifier: MIT */
/*
 * events.c - the events and their hash chain: transactions (the chain's
 * ends cached, the last event stored whole and the chain row's mark
 * written at commit) and appending an event (hash.c hashes it,
 * event_read.c reads events back).
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* ------------------------------------------------------------------ */
/* Transactions                                                         */
/* ------------------------------------------------------------------ */

int ledger_begin(struct ledger *l)
{
    assert(l != NULL);
    l->chain_fresh = false;
    l->mark_event = 0;
    ledger__kept_forget_ids(l);
    return ledger__run(l, l->st[ST_BEGIN], 0, "begin");
}

/* chain_write - the cached ends into the chain row, at the commit of a
 * transaction that added seals, the ledger's first event or a 64th: the
 * seals' head, and the events' end as it then stands, a mark that events
 * deleted at the end cannot go behind (version 9: the last event's own
 * hash is the events' head, and most transactions of events alone write
 * no chain row). */
static int chain_write(struct ledger *l)
{
    sqlite3_stmt *st = l->st[ST_CHAIN_SET];
    int bad = 0;

    if (!l->chain_dirty) {
        return 0;
    }
    l->chain_dirty = false;
    bad |= ledger__bind_text(st, 1, l->chain.head);
    bad |= sqlite3_bind_int64(st, 2, l->chain.n_events);
    bad |= sqlite3_bind_int64(st, 3, l->chain.last_id);
    bad |= ledger__bind_text(st, 4, l->chain.seal_head);
    bad |= sqlite3_bind_int64(st, 5, l->chain.n_seals);
    bad |= sqlite3_bind_int64(st, 6, l->chain.seal_last);
    return ledger__run(l, st, bad, "update the chain head");
}

/* bind_run_id - run st (an UPDATE of event ?n) bound with id at n. */
static int bind_run_id(struct ledger *l, sqlite3_stmt *st, int n, int64_t id,
                       int bad, const char *what)
{
    bad |= sqlite3_bind_int64(st, n, id);
    return ledger__run(l, st, bad, what);
}

/*
 * end_whole - version 9, at a commit: the last event stores its hash
 * whole (the events' head), and the one that did before it, if no
 * multiple of LEDGER_HASH_EVERY, is cut short again.  An event added
 * alone (record, the table) was inserted whole (event_insert); the last
 * of a load (ledger__flush_events) is made whole here.  Returns 0 or a
 * negative code.
 */
static int end_whole(struct ledger *l)
{
    int64_t last = l->chain.last_id;
    unsigned char b[32];
    int rc = 0;

    if (l->version < 9 || !l->chain_fresh || last == 0 ||
        last == l->whole_id) {
        return 0;
    }
    if (last % LEDGER_HASH_EVERY != 0) {
        sqlite3_stmt *st = l->st[ST_EVENT_WHOLE];

        rc = bind_run_id(l, st, 2, last,
                         ledger__bind_hash(st, 1, l->chain.head, true, b),
                         "store the last event's hash whole");
    }
    if (rc == 0 && l->whole_id != 0) {
        rc = bind_run_id(l, l->st[ST_EVENT_CUT], 1, l->whole_id, 0,
                         "cut an event's hash short");
    }
    if (rc == 0) {
        l->whole_id = last % LEDGER_HASH_EVERY != 0 ? last : 0;
    }
    return rc;
}

int ledger_commit(struct ledger *l)
{
    bool fresh = l->chain_fresh;
    int rc = 0;

    assert(l != NULL);
    /* loading: the rows and events of the deals kept, written now, table
     * by table (a deal still open stands with the transaction) */
    l->deal_kept = false;
    l->deal_sp = false;
    rc = ledger__kept_write(l);
    if (rc == 0) {
        rc = ledger__flush_events(l);
    }
    if (rc == 0) {
        rc = end_whole(l);
    }
    if (rc == 0) {
        rc = chain_write(l);
    }
    l->chain_fresh = false;
    if (rc != 0) {
        ledger_rollback(l);
        return rc;
    }
    /* a file moved, deleted or replaced takes nothing more: the check
     * comes before the COMMIT, so that what it refuses is not written */
    rc = ledger__watch(l);
    if (rc != 0) {
        ledger_rollback(l);
        ledger__watch_keep(l);
        return rc;
    }
    rc = ledger__run(l, l->st[ST_COMMIT], 0, "commit");
    if (rc != 0) {
        ledger_rollback(l);
        return rc;
    }
    if (fresh) {
        l->chain_known = true;  /* what this connection committed */
    }
    /* moved while it committed: what it took is in the file it has open
     * (kept there), and the next commit is refused */
    (void)ledger__watch(l);
    return 0;
}

void ledger_rollback(struct ledger *l)
{
    assert(l != NULL);
    l->chain_fresh = false;
    l->chain_dirty = false;
    l->chain_known = false;     /* what was cached may be undone */
    l->mark_event = 0;
    l->n_pend = 0;              /* events kept while loading: dropped */
    l->pend_len = 0;
    l->deal_kept = false;       /* and the deals' other rows */
    l->deal_sp = false;
    ledger__kept_drop(l);
    ledger__kept_forget_ids(l);
    ledger__event_forget_sitting(l);
    /* a rollback ends the reads kept open across calls */
    ledger_claims_done(l);
    ledger_rulings_done(l);
    if (!sqlite3_get_autocommit(l->db)) {
        sqlite3_step(l->st[ST_ROLLBACK]);
        ledger__done(l->st[ST_ROLLBACK]);
    }
}

int ledger_savepoint(struct ledger *l)
{
    int rc = 0;

    assert(l != NULL && !sqlite3_get_autocommit(l->db));
    if (l->defer_events && !l->scratch) {
        /* loading: the deal's rows and events kept after those of the
         * deals before it, the SAVEPOINT taken only if a row that is not
         * kept is written in it (ledger__deal_now) */
        l->deal_kept = true;
        l->deal_sp = false;
        l->kept_from = l->n_kept;
        l->kept_len_from = l->kept_len;
        l->pend_from = l->n_pend;
        l->pend_len_from = l->pend_len;
        l->sp_ids_fresh = l->kept_ids_fresh;
        memcpy(l->sp_kept_last, l->kept_last, sizeof(l->kept_last));
    } else {
        rc = ledger__flush_events(l);
        if (rc == 0) {
            rc = ledger__run(l, l->st[ST_SAVEPOINT], 0, "savepoint");
        }
    }
    if (rc == 0) {
        l->sp_chain = l->chain;
        l->sp_fresh = l->chain_fresh;
        l->sp_dirty = l->chain_dirty;
        l->sp_whole_id = l->whole_id;
    }
    return rc;
}

int ledger_release(struct ledger *l)
{
    int rc = 0;

    assert(l != NULL);
    if (l->deal_kept) {
        /* the deal stands: its rows and events stay kept, written with
         * the transaction (ledger_commit), with no savepoint open, so
         * that SQLite keeps no copy of the pages they change */
        if (l->deal_sp) {
            rc = ledger__run(l, l->st[ST_RELEASE], 0,
                             "release the savepoint");
        }
        l->deal_kept = false;
        l->deal_sp = false;
        return rc;
    }
    rc = ledger__run(l, l->st[ST_RELEASE], 0, "release the savepoint");
    if (rc != 0) {
        return rc;
    }
    return ledger__flush_events(l);
}

int ledger_rollback_to(struct ledger *l)
{
    int rc;

    assert(l != NULL);
    l->mark_event = 0;
    ledger__event_forget_sitting(l);
    if (l->deal_kept) {
        /* the deal's rows and events kept: dropped, those of the deals
         * before it kept still, the ids counted as they were */
        bool sp = l->deal_sp;

        l->n_kept = l->kept_from;
        l->kept_len = l->kept_len_from;
        l->n_pend = l->pend_from;
        l->pend_len = l->pend_len_from;
        l->kept_ids_fresh = l->sp_ids_fresh;
        memcpy(l->kept_last, l->sp_kept_last, sizeof(l->kept_last));
        l->deal_kept = false;
        l->deal_sp = false;
        {
            /* the deal's events were never hashed: the head stands at
             * the last event inserted, which may be after the savepoint's
             * (the deals before, written since by ledger__deal_now) */
            char head[LEDGER_HASH_HEX];

            memcpy(head, l->chain.head, sizeof(head));
            l->chain = l->sp_chain;
            memcpy(l->chain.head, head, sizeof(head));
        }
        l->chain_fresh = l->sp_fresh;
        l->chain_dirty = l->sp_dirty;
        l->whole_id = l->sp_whole_id;
        if (!sp) {
            return 0;           /* nothing of the deal was written */
        }
        rc = ledger__run(l, l->st[ST_ROLLBACK_TO], 0, "roll back a deal");
        if (rc == 0) {
            rc = ledger__run(l, l->st[ST_RELEASE], 0,
                             "release the savepoint");
        }
        return rc;
    }
    l->n_pend = 0;              /* the deal's events kept: dropped */
    l->pend_len = 0;
    rc = ledger__run(l, l->st[ST_ROLLBACK_TO], 0, "roll back a deal");
    if (rc == 0) {
        l->chain = l->sp_chain;
        l->chain_fresh = l->sp_fresh;
        l->chain_dirty = l->sp_dirty;
        l->whole_id = l->sp_whole_id;
        rc = ledger__run(l, l->st[ST_RELEASE], 0, "release the savepoint");
    }
    return rc;
}

int ledger_read_begin(struct ledger *l)
{
    struct chain_head head;
    int rc = 0;

    assert(l != NULL);
    rc = ledger__run(l, l->st[ST_BEGIN_READ], 0, "begin a read");
    if (rc != 0) {
        return rc;
    }
    /* the snapshot is taken at the first read: take it now (a chain row
     * missing is for ledger_verify to say) */
    rc = ledger__chain_read(l, &head);
    if (rc == LEDGER_E_FORMAT) {
        rc = 0;
    }
    if (rc != 0) {
        ledger_read_end(l);
    }
    return rc;
}

void ledger_read_end(struct ledger *l)
{
    ledger_rollback(l);
}

bool ledger_in_transaction(struct ledger *l)
{
    return sqlite3_get_autocommit(l->db) == 0;
}
/* ------------------------------------------------------------------ */
/* Appending an event                                                   */
/* ------------------------------------------------------------------ */

int ledger__chain_read(struct ledger *l, struct chain_head *out)
{
    sqlite3_stmt *st = l->st[ST_CHAIN_GET];
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_ROW) {
        /* a head is 64 hex digits: anything longer is kept as a head no
         * hash can equal (a copy cut short would hide what was added) */
        snprintf(out->head, sizeof(out->head), "%s",
                 sqlite3_column_bytes(st, 0) == LEDGER_HASH_HEX - 1
                     ? ledger__col_text(st, 0) : "changed");
        out->n_events = sqlite3_column_int64(st, 1);
        out->last_id = sqlite3_column_int64(st, 2);
        snprintf(out->seal_head, sizeof(out->seal_head), "%s",
                 sqlite3_column_bytes(st, 3) == LEDGER_HASH_HEX - 1
                     ? ledger__col_text(st, 3) : "changed");
        out->n_seals = sqlite3_column_int64(st, 4);
        out->seal_last = sqlite3_column_int64(st, 5);
    } else if (src == SQLITE_DONE) {
        rc = ledger__failf(l, LEDGER_E_FORMAT, "the chain head row is missing");
    } else {
        rc = ledger__fail(l, src, "read the chain head");
    }
    ledger__done(st);
    return rc;
}

/* tail_read - the last event's id (0 if none) and its stored hash in hex
 * (LEDGER_HASH_HEX bytes into hex; the genesis value if none). */
static int tail_read(struct ledger *l, int64_t *id, char *hex)
{
    sqlite3_stmt *st = l->st[ST_EVENT_TAIL];
    char buf[LEDGER_HASH_HEX];
    int src = sqlite3_step(st);
    int rc = 0;

    *id = 0;
    memcpy(hex, ledger__genesis, LEDGER_HASH_HEX);
    if (src == SQLITE_ROW) {
        *id = sqlite3_column_int64(st, 0);
        snprintf(hex, LEDGER_HASH_HEX, "%s", ledger__hash_col(st, 1, buf));
    } else if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the last event");
    }
    ledger__done(st);
    return rc;
}

/*
 * chain_end - version 9: the events' end into row (read from the chain
 * row, whose events' part is a mark): the last event (id, its stored hash
 * hex) when it stores its hash whole and stands at or past the mark.
 * Returns 0, or 1 (row left as read) if events were deleted at the end:
 * the last event's hash is cut short, or it stands behind the mark.
 */
static int chain_end(struct chain_head *row, int64_t id, const char *hex)
{
    if ((id == 0 || strlen(hex) == 64) && row->last_id <= id) {
        memcpy(row->head, hex, LEDGER_HASH_HEX);
        row->last_id = id;
        row->n_events = id;             /* ids run 1, 2, 3, ... */
        return 0;
    }
    return 1;
}

/* data_version - PRAGMA data_version: changed when another connection
 * has committed since the last read. */
static int data_version(struct ledger *l, int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_DATA_VERSION];
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
    } else {
        rc = ledger__fail(l, src, "read the data version");
    }
    ledger__done(st);
    return rc;
}

int ledger__chain_refresh(struct ledger *l)
{
    struct chain_head row;
    char hex[LEDGER_HASH_HEX];
    int64_t dv = 0;
    int64_t id = 0;
    int rc = data_version(l, &dv);

    if (rc != 0) {
        return rc;
    }
    if (l->chain_known && dv == l->data_version) {
        l->chain_fresh = true;
        return 0;
    }
    rc = ledger__chain_read(l, &row);
    if (rc == 0 && l->version >= 9) {
        rc = tail_read(l, &id, hex);
    }
    if (rc == 0 && l->version >= 9 && l->chain_known &&
        l->chain.last_id > id) {
        /* under this writer: it does not chain on over what it lost */
        rc = ledger__failf(l, LEDGER_E_DAMAGED, "events %" PRId64 " to %"
                           PRId64 ", acknowledged by this writer, were "
                           "deleted from the ledger's end (its last event "
                           "is now %" PRId64 "): nothing more is recorded; "
                           "run ecarte verify", id + 1, l->chain.last_id,
                           id);
    } else if (rc == 0 && l->version >= 9 && chain_end(&row, id, hex)) {
        char why[96];

        if (row.last_id > id) {
            snprintf(why, sizeof(why), "stands behind the chain row's "
                     "mark, event %" PRId64, row.last_id);
        } else {
            snprintf(why, sizeof(why), "stores its hash cut short");
        }
        rc = ledger__failf(l, LEDGER_E_DAMAGED, "event %" PRId64 ": "
                           "events deleted at the end (event %" PRId64
                           ", the last, %s): nothing more is recorded; "
                           "run ecarte verify", id + 1, id, why);
    }
    if (rc != 0) {
        l->chain_known = false;
        return rc;
    }
    l->chain = row;
    l->whole_id = id % LEDGER_HASH_EVERY != 0 ? id : 0;
    l->data_version = dv;
    l->chain_known = true;
    l->chain_fresh = true;
    return 0;
}

/* event_pack - what ledger__event_bind works in for the events this
 * ledger hashes (made at first use, kept on l), or NULL if out of
 * memory. */
static struct event_pack *event_pack(struct ledger *l)
{
    if (l->pack == NULL && (l->pack = calloc(1, sizeof(*l->pack))) != NULL) {
        l->pack->computed = true;   /* ledger__event_hash_lens's hex */
    }
    return l->pack;
}

/* insert_event - the event row (its integers in row, its nine texts with
 * their lengths: source, stamp, recorded, actor, verb, args, cards, text,
 * hash) by the prepared INSERT, its hash stored whole if whole, else as
 * its id gives.  Returns 0 or a negative code. */
static int insert_event(struct ledger *l, const struct ledger_event *row,
                        const char *const texts[9], const size_t lens[9],
                        bool whole)
{
    sqlite3_stmt *st = l->st[ST_EVENT_ADD];
    int bad = 0;
    int rc = 0;

    if (event_pack(l) == NULL) {
        return ledger__failf(l, LEDGER_E_ERROR, "add an event: out of memory");
    }
    bad = ledger__event_bind(st, 0, row, texts, lens,
                             ledger__sitting_source(l, row->sitting),
                             l->pack);
    if (whole && row->id % LEDGER_HASH_EVERY != 0) {
        bad |= ledger__bind_hash(st, 15, texts[8], true, l->pack->hash[0]);
    }

    if (bad) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "add an event");
    } else {
        int src = sqlite3_step(st);

        if (src != SQLITE_DONE) {
            rc = ledger__fail(l, src, "add an event");
        }
    }
    /* every parameter is bound again at each use: no clear_bindings */
    sqlite3_reset(st);
    return rc;
}

/* batch_statement - the INSERT of LEDGER__EVENT_BATCH event rows, each's
 * values those of ST_EVENT_ADD (its parameters after 16 * its place),
 * prepared on first use and kept.  NULL on failure (said on l). */
static sqlite3_stmt *batch_statement(struct ledger *l)
{
    char sql[LEDGER__EVENT_BATCH * 160 + 200];
    int n = 0;

    if (l->cached[CS_EVENT_BATCH] != NULL) {
        return l->cached[CS_EVENT_BATCH];
    }
    n = snprintf(sql, sizeof(sql), "INSERT INTO event (id, sitting_id, "
                 "game_id, deal_id, seq, source, line, stamp, recorded, "
                 "actor, verb, args, cards, text, hash, recorded_text) "
                 "VALUES ");
    for (int k = 0; k < LEDGER__EVENT_BATCH; k++) {
        int b = 16 * k;

        n += snprintf(sql + n, sizeof(sql) - (size_t)n,
                      "%s(?%d, ?%d, nullif(?%d, 0), nullif(?%d, 0), ?%d, "
                      "?%d, ?%d, ?%d, ?%d, ?%d, ?%d, ?%d, ?%d, ?%d, ?%d, "
                      "?%d)", k > 0 ? ", " : "", b + 1, b + 2, b + 3, b + 4,
                      b + 5, b + 6, b + 7, b + 8, b + 9, b + 10, b + 11,
                      b + 12, b + 13, b + 14, b + 15, b + 16);
    }
    return ledger__cached(l, CS_EVENT_BATCH, sql);
}

/* pending_row - the pending event p as a row and its texts (in the
 * ledger's arena). */
static void pending_row(const struct ledger *l, const struct pending_event *p,
                        struct ledger_event *row, const char *texts[9])
{
    memset(row, 0, sizeof(*row));
    row->id = p->id;
    row->sitting = p->sitting;
    row->game = p->game;
    row->deal = p->deal;
    row->seq = p->seq;
    row->line = p->line;
    for (int i = 0; i < 9; i++) {
        texts[i] = l->pend_text + p->off[i];
    }
}

/* insert_batch - the LEDGER__EVENT_BATCH pending events from p inserted
 * by one statement (the rows as insert_event writes them, in order).
 * Returns 0 or a negative code. */
static int insert_batch(struct ledger *l, const struct pending_event *p)
{
    sqlite3_stmt *st = batch_statement(l);
    int bad = 0;
    int rc = 0;

    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    if (event_pack(l) == NULL) {
        return ledger__failf(l, LEDGER_E_ERROR, "add an event: out of memory");
    }
    for (int k = 0; k < LEDGER__EVENT_BATCH; k++) {
        struct ledger_event row;
        const char *texts[9];

        pending_row(l, &p[k], &row, texts);
        bad |= ledger__event_bind(st, k, &row, texts, p[k].len,
                                  ledger__sitting_source(l, row.sitting),
                                  l->pack);
    }
    if (bad) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "add an event");
    } else {
        int src = sqlite3_step(st);

        if (src != SQLITE_DONE) {
            rc = ledger__fail(l, src, "add an event");
        }
    }
    sqlite3_reset(st);          /* every parameter bound again at each use */
    return rc;
}

/* keep_event - loading: the event row kept for ledger__flush_events, as
 * the bytes its hash will be taken over (its texts among them) and room
 * for the hash.  Returns 0 or LEDGER_E_ERROR (out of memory). */
static int keep_event(struct ledger *l, const struct ledger_event *row,
                      const char *const texts[LEDGER__EVENT_TEXTS],
                      const size_t lens[LEDGER__EVENT_TEXTS])
{
    struct pending_event *p = NULL;
    size_t need = l->pend_len + ledger__event_payload_room(lens) +
                  LEDGER_HASH_HEX;

    if (l->n_pend == l->cap_pend) {
        size_t cap = l->cap_pend > 0 ? l->cap_pend * 2 : 64;
        struct pending_event *np = realloc(l->pend, cap * sizeof(*np));

        if (np == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR, "event: out of memory");
        }
        l->pend = np;
        l->cap_pend = cap;
    }
    if (need > l->pend_cap) {
        char *nt = realloc(l->pend_text, need * 2);

        if (nt == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR, "event: out of memory");
        }
        l->pend_text = nt;
        l->pend_cap = need * 2;
    }
    p = &l->pend[l->n_pend++];
    p->id = row->id;
    p->sitting = row->sitting;
    p->game = row->game;
    p->deal = row->deal;
    p->seq = row->seq;
    p->line = row->line;
    p->at = l->pend_len;
    p->n_hashed = ledger__event_payload(l->pend_text + p->at, row, texts,
                                        lens, p->off);
    for (int i = 0; i < LEDGER__EVENT_TEXTS; i++) {
        p->off[i] += p->at;
        p->len[i] = lens[i];
    }
    p->off[8] = p->at + p->n_hashed;
    p->len[8] = 64;
    memcpy(l->pend_text + p->off[8], ledger__genesis, LEDGER_HASH_HEX);
    l->pend_len = p->off[8] + LEDGER_HASH_HEX;
    return 0;
}

/* hash_pending - the chain hashes of the first n events kept, in order
 * after the chain's head, each written into its place after its bytes;
 * the head moved to the last.  Returns 0 or a negative code. */
static int hash_pending(struct ledger *l, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const struct pending_event *p = &l->pend[k];
        char *bytes = l->pend_text + p->at;
        char *slot = l->pend_text + p->off[8];
        int rc = 0;

        memcpy(bytes, l->chain.head, 64);
        rc = ledger__digest_hex(l, bytes, p->n_hashed, slot);
        if (rc != 0) {
            return rc;
        }
        memcpy(l->chain.head, slot, LEDGER_HASH_HEX);
    }
    return 0;
}

int ledger__flush_events_first(struct ledger *l, size_t n)
{
    size_t base = n < l->n_pend ? l->pend[n].at : l->pend_len;
    size_t k = 0;
    int rc = 0;

    rc = hash_pending(l, n);

    /* many rows a statement, the rest one by one */
    for (k = 0; k + LEDGER__EVENT_BATCH <= n && rc == 0;
         k += LEDGER__EVENT_BATCH) {
        rc = insert_batch(l, &l->pend[k]);
    }
    for (; k < n && rc == 0; k++) {
        struct ledger_event row;
        const char *texts[9];

        pending_row(l, &l->pend[k], &row, texts);
        rc = insert_event(l, &row, texts, l->pend[k].len, false);
    }
    if (rc != 0 || n >= l->n_pend) {
        l->n_pend = 0;
        l->pend_len = 0;
        return rc;
    }
    /* the events after the first n: to the front, their texts too */
    memmove(l->pend, l->pend + n, (l->n_pend - n) * sizeof(*l->pend));
    l->n_pend -= n;
    memmove(l->pend_text, l->pend_text + base, l->pend_len - base);
    l->pend_len -= base;
    for (size_t j = 0; j < l->n_pend; j++) {
        l->pend[j].at -= base;
        for (int i = 0; i < 9; i++) {
            l->pend[j].off[i] -= base;
        }
    }
    return 0;
}

int ledger__flush_events(struct ledger *l)
{
    return ledger__flush_events_first(l, l->n_pend);
}

/*
 * event_insert - the body of ledger_event_add inside a transaction: the
 * INSERT and the chain update.  The cached head is re-read once per
 * transaction (another process may have appended since the last one).
 */
static int event_insert(struct ledger *l, const struct ledger_event *ev,
                        int64_t *out)
{
    struct ledger_event row = *ev;
    char hash[LEDGER_HASH_HEX];
    size_t lens[LEDGER__EVENT_TEXTS];
    int rc = 0;

    if (l->scratch) {
        /* re-deriving: the event's id alone, for the rows it gives */
        if (out != NULL) {
            *out = ++l->scratch_last;
        } else {
            l->scratch_last++;
        }
        return 0;
    }
    if (!l->chain_fresh) {
        rc = ledger__chain_refresh(l);
        if (rc != 0) {
            return rc;
        }
    }
    row.id = l->chain.last_id + 1;
    row.recorded = ledger__now_utc(l);
    if (l->defer_events) {
        /* loading: the event kept, its hash taken when it is inserted
         * (hash_pending), in a run with the others */
        const char *texts[LEDGER__EVENT_TEXTS];
        size_t tlens[LEDGER__EVENT_TEXTS];

        ledger__event_text_lens(&row, texts, tlens);
        rc = keep_event(l, &row, texts, tlens);
        if (rc != 0) {
            return rc;
        }
        if (l->version < 9 || row.id == 1 ||
            row.id % LEDGER_HASH_EVERY == 0) {
            l->chain_dirty = true;
        }
        l->chain.n_events++;
        l->chain.last_id = row.id;
        l->mark_event = row.id;
        l->mark_n = 0;
        if (out != NULL) {
            *out = row.id;
        }
        return 0;
    }
    rc = ledger__event_hash_lens(l, l->chain.head, &row, hash, lens);
    if (rc != 0) {
        return rc;
    }
    {
        const char *texts[9] = {row.source, row.stamp, row.recorded,
                                row.actor, row.verb, row.args, row.cards,
                                row.text, hash};
        size_t tlens[9];

        memcpy(tlens, lens, sizeof(lens));
        tlens[8] = 64;
        /* added alone, an event is the last: stored whole, and the one
         * stored whole before it cut short (end_whole, for a load) */
        rc = insert_event(l, &row, texts, tlens, l->version >= 9);
    }
    if (rc == 0 && l->version >= 9) {
        if (l->whole_id != 0 && l->whole_id == l->chain.last_id) {
            /* the event before: its hash is the head it replaces */
            unsigned char b[32];
            sqlite3_stmt *st = l->st[ST_EVENT_WHOLE];

            rc = bind_run_id(l, st, 2, l->whole_id,
                             ledger__bind_hash(st, 1, l->chain.head, false,
                                               b),
                             "cut an event's hash short");
        } else if (l->whole_id != 0) {
            rc = bind_run_id(l, l->st[ST_EVENT_CUT], 1, l->whole_id, 0,
                             "cut an event's hash short");
        }
        l->whole_id = row.id % LEDGER_HASH_EVERY != 0 ? row.id : 0;
    }
    if (rc != 0) {
        l->chain_fresh = false;
        l->chain_known = false;
        return rc;
    }
    if (l->version < 9 || row.id == 1 || row.id % LEDGER_HASH_EVERY == 0) {
        /* before version 9 the chain row is the events' head; from it,
         * its mark is set at the first event and every 64th, so that
         * every event deleted, or the end cut back past a 64th, is
         * named with no seal written since */
        l->chain_dirty = true;
    }
    memcpy(l->chain.head, hash, sizeof(hash));
    l->chain.n_events++;
    l->chain.last_id = row.id;
    l->mark_event = row.id;     /* new: no line given on it yet */
    l->mark_n = 0;
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

int ledger_chain_head(struct ledger *l, char *out, int64_t *n)
{
    struct chain_head head;
    char hex[LEDGER_HASH_HEX];
    int64_t id = 0;
    int rc = ledger__chain_read(l, &head);

    if (rc == 0 && l->version >= 9) {
        rc = tail_read(l, &id, hex);
        if (rc == 0 && chain_end(&head, id, hex) != 0 &&
            head.last_id <= id) {
            /* cut with no mark past it: the end as it stands */
            memcpy(head.head, hex, LEDGER_HASH_HEX);
            head.last_id = id;
            head.n_events = id;
        }
    }
    if (rc != 0) {
        return rc;
    }
    memcpy(out, head.head, LEDGER_HASH_HEX);
    if (n != NULL) {
        *n = head.n_events;
    }
    return 0;
}

