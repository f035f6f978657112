/* SPDX-License-Identifier: MIT */
/*
 * sittings.c - sittings and their tags, games and deals: adding them,
 * finishing games and deals, and finding the sittings to resume.
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <inttypes.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* ------------------------------------------------------------------ */
/* Sittings and tags                                                    */
/* ------------------------------------------------------------------ */

int ledger_sitting_add(struct ledger *l, const char *source, int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_SITTING_ADD];
    int bad = 0;
    int rc = 0;

    bad |= ledger__bind_text(st, 1, source);
    bad |= ledger__bind_text(st, 2, ledger__now_utc(l));
    rc = ledger__run_sealed(l, st, bad, "add a sitting", SEAL_SITTING, 0, out);
    return rc;
}

int ledger_sitting_exists(struct ledger *l, int64_t id)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc;

    if (sqlite3_prepare_v2(l->db, "SELECT 1 FROM sitting WHERE id = ?1", -1,
                           &st, NULL) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "find a sitting");
    }
    sqlite3_bind_int64(st, 1, id);
    src = sqlite3_step(st);
    rc = src == SQLITE_ROW    ? 1
         : src == SQLITE_DONE ? 0
                              : ledger__fail(l, src, "find a sitting");
    sqlite3_finalize(st);
    return rc;
}

int ledger_sitting_last_played(struct ledger *l, int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc = 0;

    *out = 0;
    /* by the index event_by_sitting: no scan */
    if (sqlite3_prepare_v2(l->db, "SELECT max(sitting_id) FROM event", -1, &st,
                           NULL) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "newest sitting");
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
    } else {
        rc = ledger__fail(l, src, "newest sitting");
    }
    sqlite3_finalize(st);
    return rc;
}

int ledger_sitting_last(struct ledger *l, int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_SITTING_LAST];
    int src = sqlite3_step(st);
    int rc = 0;

    if (src != SQLITE_ROW) {
        rc = ledger__fail(l, src, "last sitting");
    } else if (sqlite3_column_type(st, 0) == SQLITE_NULL) {
        rc = ledger__failf(l, LEDGER_E_NOTFOUND, "the ledger has no sitting");
    } else {
        *out = sqlite3_column_int64(st, 0);
    }
    ledger__done(st);
    return rc;
}

int ledger_tag_add(struct ledger *l, int64_t sitting, const char *name,
                   const char *value)
{
    sqlite3_stmt *st = l->st[ST_TAG_ADD];
    int bad = 0;

    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= ledger__bind_text(st, 2, name);
    bad |= ledger__bind_text(st, 3, value);
    return ledger__run_sealed(l, st, bad, "add a tag", SEAL_TAG, 0, NULL);
}

int ledger_tags_foreach(struct ledger *l, int64_t sitting, ledger_tag_fn fn,
                        void *ctx)
{
    sqlite3_stmt *st = l->st[ST_TAGS];
    int rc = 0;
    int src;

    assert(l != NULL && fn != NULL);
    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read tags");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, ledger__col_text(st, 0), ledger__col_text(st, 1));
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read tags");
    }
    ledger__done(st);
    return rc;
}

int ledger_sittings_foreach(struct ledger *l, ledger_sitting_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_SITTINGS];
    int src = 0;
    int rc = 0;

    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), ledger__col_text(st, 1));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read sittings");
    }
out_reset:
    ledger__done(st);
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
    bad |= source != NULL ? ledger__bind_text(st, 1, source)
                          : sqlite3_bind_null(st, 1);
    bad |= sqlite3_bind_int64(st, 2, id);
    if (bad) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "find sittings");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        si.id = sqlite3_column_int64(st, 0);
        si.source = ledger__col_text(st, 1);
        si.n_events = sqlite3_column_int64(st, 2);
        si.imported = sqlite3_column_int(st, 3) != 0;
        si.deal_open = sqlite3_column_int(st, 4) != 0;
        rc = fn(ctx, &si);
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "find sittings");
    }
out_reset:
    ledger__done(st);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Games and deals                                                      */
/* ------------------------------------------------------------------ */

int ledger_game_add(struct ledger *l, int64_t sitting, int number,
                    int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_GAME_ADD];
    int bad = 0;
    int rc = 0;

    if (ledger__keeping(l)) {
        const int64_t a[2] = {sitting, number};
        int64_t id = 0;

        rc = ledger__kept_next_id(l, KEPT_T_GAME, &id);
        if (rc == 0) {
            rc = ledger__keep(l, KEPT_GAME, id, a, 2, '\0', NULL, 0);
        }
        if (rc == 0 && out != NULL) {
            *out = id;
        }
        return rc;
    }
    rc = ledger__deal_now(l);   /* rows kept first: st is theirs too */
    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int(st, 2, number);
    rc = ledger__run(l, st, bad, "add a game");
    ledger__kept_forget_ids(l);
    if (rc == 0) {
        ledger__last_id(l, out);
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
        rc = ledger__fail(l, sqlite3_errcode(l->db), "find a game");
        goto out_reset;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        *out = sqlite3_column_int64(st, 0);
    } else if (src == SQLITE_DONE) {
        rc = ledger__failf(l, LEDGER_E_NOTFOUND, "sitting %" PRId64 " has "
                           "no game %d", sitting, number);
    } else {
        rc = ledger__fail(l, src, "find a game");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_game_finish(struct ledger *l, int64_t game, char winner,
                       int points_a, int points_b, int value)
{
    sqlite3_stmt *st = l->st[ST_GAME_FINISH];
    int bad = 0;
    int rc = 0;

    if (ledger__keeping(l)) {
        const int64_t a[3] = {points_a, points_b, value};

        return ledger__keep(l, KEPT_GAME_FINISH, game, a, 3, winner, NULL,
                            0);
    }
    rc = ledger__deal_now(l);   /* rows kept first: st is theirs too */
    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, game);
    bad |= ledger__bind_char(st, 2, &winner);
    bad |= sqlite3_bind_int(st, 3, points_a);
    bad |= sqlite3_bind_int(st, 4, points_b);
    bad |= sqlite3_bind_int(st, 5, value);
    rc = ledger__run(l, st, bad, "finish a game");
    if (rc == 0) {
        rc = ledger__changed_one(l, "finish a game");
    }
    return rc;
}

int ledger_game_reopen(struct ledger *l, int64_t game)
{
    sqlite3_stmt *st = l->st[ST_GAME_REOPEN];
    int rc = ledger__run(l, st, sqlite3_bind_int64(st, 1, game),
                         "reopen a game");

    if (rc == 0) {
        rc = ledger__changed_one(l, "reopen a game");
    }
    return rc;
}

int ledger_deal_add(struct ledger *l, int64_t game, int number, char dealer,
                    int64_t *out)
{
    sqlite3_stmt *st = l->st[ST_DEAL_ADD];
    int bad = 0;
    int rc = 0;

    if (ledger__keeping(l)) {
        /* kept, and written once with what finishes it */
        const int64_t a[8] = {game, number, 0, 0, 0, 0, 0, 0};
        int64_t id = 0;

        rc = ledger__kept_next_id(l, KEPT_T_DEAL, &id);
        if (rc == 0) {
            rc = ledger__keep(l, KEPT_DEAL, id, a, 8, dealer, NULL, 0);
        }
        if (rc == 0 && out != NULL) {
            *out = id;
        }
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, game);
    bad |= sqlite3_bind_int(st, 2, number);
    bad |= ledger__bind_char(st, 3, &dealer);
    rc = ledger__run(l, st, bad, "add a deal");
    ledger__kept_forget_ids(l);
    if (rc == 0) {
        rc = ledger__changed_one(l, "add a deal: its game");
    }
    if (rc == 0) {
        ledger__last_id(l, out);
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

    if (ledger__keeping(l)) {
        struct kept_row *kd = ledger__kept_deal(l, deal);
        const int64_t a[7] = {0, 0, tricks_a, tricks_b, points_a, points_b,
                              is_void ? 1 : 0};

        if (kd == NULL) {       /* a deal written before: an UPDATE */
            return ledger__keep(l, KEPT_DEAL_FINISH, deal, a, 7, '\0', NULL,
                                0);
        }
        for (int i = 2; i < 7; i++) {
            kd->a[i] = a[i];
        }
        kd->a[7] = 1;           /* finished */
        return 0;
    }
    rc = ledger__deal_now(l);   /* rows kept first: st is theirs too */
    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, deal);
    bad |= sqlite3_bind_int(st, 2, tricks_a);
    bad |= sqlite3_bind_int(st, 3, tricks_b);
    bad |= sqlite3_bind_int(st, 4, points_a);
    bad |= sqlite3_bind_int(st, 5, points_b);
    bad |= sqlite3_bind_int(st, 6, is_void ? 1 : 0);
    rc = ledger__run(l, st, bad, "finish a deal");
    if (rc == 0) {
        rc = ledger__changed_one(l, "finish a deal");
    }
    return rc;
}

int ledger_deal_reopen(struct ledger *l, int64_t deal, char dealer)
{
    sqlite3_stmt *st = l->st[ST_DEAL_REOPEN];
    int bad = 0;
    int rc = 0;

    bad |= sqlite3_bind_int64(st, 1, deal);
    bad |= ledger__bind_char(st, 2, &dealer);
    rc = ledger__run(l, st, bad, "reopen a deal");
    if (rc == 0) {
        rc = ledger__changed_one(l, "reopen a deal");
    }
    return rc;
}
