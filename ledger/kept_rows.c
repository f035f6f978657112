/* SPDX-License-Identifier: MIT */
/*
 * kept_rows.c - loading (LEDGER_FAST), the rows of the deals other than
 * their events kept in memory with the events until the transaction
 * commits: a deal's game and deal rows (the deal's row written once,
 * finished), its score marks, its claims and their seals, each with the
 * id SQLite will give it (one more than the table's last: each table's
 * rows go in in the order they were kept, so the ids and the seals'
 * chain are those of rows written at once).  ledger_commit writes them
 * table by table, then the events; a deal that cannot be read drops its
 * own (ledger_rollback_to) and needs no SAVEPOINT.  A row of any other
 * kind written (a ruling, a comment, a person, the import's progress...)
 * first has the rows kept written (ledger__deal_now): those of the deals
 * before the open one as they stand, then the open deal's under its
 * SAVEPOINT, so that what follows is as without keeping.
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

int ledger__keep(struct ledger *l, enum kept_kind k, int64_t id,
                 const int64_t *a, int n, char c, const char *const *t,
                 int nt)
{
    struct kept_row *r = NULL;
    size_t need = l->kept_len;
    size_t lens[3] = {0, 0, 0};

    for (int i = 0; i < nt; i++) {
        lens[i] = t[i] != NULL ? strlen(t[i]) : 0;
        need += lens[i] + 1;
    }
    if (l->n_kept == l->cap_kept) {
        size_t cap = l->cap_kept > 0 ? l->cap_kept * 2 : 32;
        struct kept_row *nk = realloc(l->kept, cap * sizeof(*nk));

        if (nk == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR, "a deal's rows: out of "
                                 "memory");
        }
        l->kept = nk;
        l->cap_kept = cap;
    }
    if (need > l->kept_cap) {
        char *nt2 = realloc(l->kept_text, need * 2);

        if (nt2 == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR, "a deal's rows: out of "
                                 "memory");
        }
        l->kept_text = nt2;
        l->kept_cap = need * 2;
    }
    r = &l->kept[l->n_kept++];
    memset(r, 0, sizeof(*r));
    r->kind = k;
    r->id = id;
    r->c = c;
    for (int i = 0; i < n; i++) {
        r->a[i] = a[i];
    }
    for (int i = 0; i < nt; i++) {
        r->off[i] = l->kept_len;
        r->len[i] = lens[i];
        if (lens[i] > 0) {
            memcpy(l->kept_text + l->kept_len, t[i], lens[i]);
        }
        l->kept_text[l->kept_len + lens[i]] = '\0';
        l->kept_len += lens[i] + 1;
    }
    return 0;
}

struct kept_row *ledger__kept_deal(struct ledger *l, int64_t deal)
{
    for (size_t i = l->n_kept; i > 0; i--) {
        if (l->kept[i - 1].kind == KEPT_DEAL && l->kept[i - 1].id == deal) {
            return &l->kept[i - 1];
        }
    }
    return NULL;
}

int ledger__kept_next_id(struct ledger *l, enum kept_table t, int64_t *out)
{
    if (!l->kept_ids_fresh) {
        sqlite3_stmt *st = ledger__cached(
            l, CS_KEPT_IDS,
            "SELECT coalesce((SELECT max(id) FROM game), 0), "
            "coalesce((SELECT max(id) FROM deal), 0), "
            "coalesce((SELECT max(id) FROM claim), 0)");
        int src = 0;

        if (st == NULL) {
            return LEDGER_E_ERROR;
        }
        src = sqlite3_step(st);
        if (src != SQLITE_ROW) {
            int rc = ledger__fail(l, src, "the last ids");

            ledger__done(st);
            return rc;
        }
        for (int i = 0; i < KEPT_T_COUNT; i++) {
            l->kept_last[i] = sqlite3_column_int64(st, i);
        }
        ledger__done(st);
        l->kept_ids_fresh = true;
    }
    if (l->kept_last[t] == INT64_MAX) {
        /* SQLite would choose a free id at random: not to be foretold */
        return ledger__failf(l, LEDGER_E_ERROR, "a table's ids are used up");
    }
    *out = ++l->kept_last[t];
    return 0;
}

void ledger__kept_forget_ids(struct ledger *l)
{
    l->kept_ids_fresh = false;
}

void ledger__kept_drop(struct ledger *l)
{
    l->n_kept = 0;
    l->kept_len = 0;
}

/* kept_text - text i of the kept row r. */
static const char *kept_text(const struct ledger *l, const struct kept_row *r,
                             int i)
{
    return l->kept_text + r->off[i];
}

/* bind_kept_text - text i of r bound to parameter k of st (its bytes,
 * not copied: the arena stays until the statement has run). */
static int bind_kept_text(sqlite3_stmt *st, int k, const struct ledger *l,
                          const struct kept_row *r, int i)
{
    return sqlite3_bind_text(st, k, kept_text(l, r, i), (int)r->len[i],
                             SQLITE_STATIC);
}

/* id_given - after the INSERT of kept row r: the id SQLite gave is the
 * one r was given (else the rows kept and the ledger disagree: an
 * error, nothing is written wrong silently).  Returns 0 or
 * LEDGER_E_ERROR. */
static int id_given(struct ledger *l, const struct kept_row *r,
                    const char *what)
{
    int64_t got = sqlite3_last_insert_rowid(l->db);

    if (got != r->id) {
        return ledger__failf(l, LEDGER_E_ERROR, "%s: id %" PRId64 " given, "
                             "%" PRId64 " expected", what, got, r->id);
    }
    return 0;
}

/* write_row - the kept row r written by the ledger's own statements (as
 * the call that kept it would have written it at once).  Returns 0 or a
 * negative code. */
static int write_row(struct ledger *l, const struct kept_row *r)
{
    sqlite3_stmt *st = NULL;
    char c[2] = {r->c, '\0'};
    int bad = 0;
    int rc = 0;

    switch (r->kind) {
    case KEPT_GAME:
        st = l->st[ST_GAME_ADD];
        bad |= sqlite3_bind_int64(st, 1, r->a[0]);
        bad |= sqlite3_bind_int64(st, 2, r->a[1]);
        rc = ledger__run(l, st, bad, "add a game");
        return rc == 0 ? id_given(l, r, "add a game") : rc;
    case KEPT_GAME_FINISH:
        st = l->st[ST_GAME_FINISH];
        bad |= sqlite3_bind_int64(st, 1, r->id);
        bad |= ledger__bind_char(st, 2, c);
        bad |= sqlite3_bind_int64(st, 3, r->a[0]);
        bad |= sqlite3_bind_int64(st, 4, r->a[1]);
        bad |= sqlite3_bind_int64(st, 5, r->a[2]);
        rc = ledger__run(l, st, bad, "finish a game");
        return rc == 0 ? ledger__changed_one(l, "finish a game") : rc;
    case KEPT_DEAL:
        st = ledger__cached(
            l, CS_DEAL_ROW,
            "INSERT INTO deal (sitting_id, game_id, number, dealer, "
            "tricks_a, tricks_b, points_a, points_b, is_void, finished) "
            "SELECT sitting_id, id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 "
            "FROM game WHERE id = ?1");
        if (st == NULL) {
            return LEDGER_E_ERROR;
        }
        bad |= sqlite3_bind_int64(st, 1, r->a[0]);
        bad |= sqlite3_bind_int64(st, 2, r->a[1]);
        bad |= ledger__bind_char(st, 3, c);
        for (int i = 2; i < 8; i++) {
            bad |= sqlite3_bind_int64(st, i + 2, r->a[i]);
        }
        rc = ledger__run(l, st, bad, "add a deal");
        if (rc == 0) {
            rc = ledger__changed_one(l, "add a deal: its game");
        }
        return rc == 0 ? id_given(l, r, "add a deal") : rc;
    case KEPT_DEAL_FINISH:
        st = l->st[ST_DEAL_FINISH];
        bad |= sqlite3_bind_int64(st, 1, r->id);
        for (int i = 2; i < 7; i++) {
            bad |= sqlite3_bind_int64(st, i, r->a[i]);
        }
        rc = ledger__run(l, st, bad, "finish a deal");
        return rc == 0 ? ledger__changed_one(l, "finish a deal") : rc;
    case KEPT_SCORE:
        st = l->st[ST_SCORE_AT];
        bad |= sqlite3_bind_int64(st, 1, r->a[0]);
        bad |= sqlite3_bind_int64(st, 2, r->a[1]);
        bad |= sqlite3_bind_int64(st, 3, r->a[3]);
        bad |= sqlite3_bind_int64(st, 4, r->a[4]);
        bad |= bind_kept_text(st, 5, l, r, 0);
        bad |= sqlite3_bind_int64(st, 6, r->a[2]);
        return ledger__run(l, st, bad, "add a score mark");
    case KEPT_CLAIM:
        st = l->st[ST_CLAIM_ADD];
        bad |= sqlite3_bind_int64(st, 1, r->a[0]);
        bad |= sqlite3_bind_int64(st, 2, r->a[1]);
        bad |= sqlite3_bind_int64(st, 3, r->a[2]);
        bad |= bind_kept_text(st, 4, l, r, 0);
        rc = ledger__run(l, st, bad, "add a claim");
        return rc == 0 ? id_given(l, r, "add a claim") : rc;
    case KEPT_SEAL:
        st = l->st[ST_SEAL_ADD];
        bad |= sqlite3_bind_int64(st, 1, r->id);
        bad |= bind_kept_text(st, 2, l, r, 0);
        bad |= sqlite3_bind_int64(st, 3, r->a[0]);
        bad |= bind_kept_text(st, 4, l, r, 1);
        bad |= bind_kept_text(st, 5, l, r, 2);
        return ledger__run(l, st, bad, "seal a row");
    }
    return ledger__failf(l, LEDGER_E_ERROR, "a deal's rows: a row of no "
                         "known kind");
}

/* The tables of the kept rows, in the order they are written: a deal's
 * row reads its game's. */
static const enum kept_kind kept_order[][2] = {
    {KEPT_GAME, KEPT_GAME_FINISH},
    {KEPT_DEAL, KEPT_DEAL_FINISH},
    {KEPT_SCORE, KEPT_SCORE},
    {KEPT_CLAIM, KEPT_CLAIM},
    {KEPT_SEAL, KEPT_SEAL},
};

/* write_range - the kept rows lo to hi - 1 written, table by table (the
 * rows of a table in the order they were kept, so that SQLite gives each
 * the id it was given).  Returns 0 or a negative code. */
static int write_range(struct ledger *l, size_t lo, size_t hi)
{
    int rc = 0;

    l->kept_busy = true;        /* their statements run: no hook */
    for (size_t t = 0; t < sizeof(kept_order) / sizeof(kept_order[0]); t++) {
        for (size_t i = lo; i < hi && rc == 0; i++) {
            const struct kept_row *r = &l->kept[i];

            if (r->kind == kept_order[t][0] || r->kind == kept_order[t][1]) {
                rc = write_row(l, r);
            }
        }
    }
    l->kept_busy = false;
    return rc;
}

/* kept_done - the kept rows written (rc 0) or failed: dropped, and after
 * a failure the ids counted forgotten (read again from the file).
 * Returns rc. */
static int kept_done(struct ledger *l, int rc)
{
    ledger__kept_drop(l);
    l->kept_from = 0;
    l->kept_len_from = 0;
    if (rc != 0) {
        ledger__kept_forget_ids(l);
    }
    return rc;
}

int ledger__kept_write(struct ledger *l)
{
    int rc = write_range(l, 0, l->n_kept);

    return kept_done(l, rc);
}

int ledger__deal_now(struct ledger *l)
{
    bool lazy = ledger__keeping(l);
    size_t rows = l->deal_kept ? l->kept_from : l->n_kept;
    size_t events = l->deal_kept ? l->pend_from : l->n_pend;
    int rc = 0;

    if (!lazy && l->n_kept == 0 && events == 0) {
        return 0;
    }
    /* the deals before: they stand, written outside the savepoint */
    rc = write_range(l, 0, rows);
    if (rc == 0 && events > 0) {
        rc = ledger__flush_events_first(l, events);
    }
    l->pend_from = 0;
    l->pend_len_from = 0;
    if (rc == 0 && lazy) {
        l->deal_sp = true;      /* from here the rows go straight in */
        rc = ledger__run(l, l->st[ST_SAVEPOINT], 0, "savepoint");
        if (rc == 0) {
            rc = write_range(l, rows, l->n_kept);
        } else {
            l->deal_sp = false;
        }
    }
    return kept_done(l, rc);
}
