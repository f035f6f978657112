/* SPDX-License-Identifier: MIT */
/*
 * money.c - the sitting above the two seats in the ledger (schema version
 * 3): persons, who sat where, stakes, bets, settlements with their
 * transfers (summing to zero), the sitting's other `=` lines, and each
 * person's balance read back.
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <stdio.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* writable_v3 - the tables of the sitting need a version 3 file (an
 * older one is only read here, never written). */
static int writable_v3(struct ledger *l, const char *what)
{
    if (l->version < 3) {
        return ledger__failf(l, LEDGER_E_FORMAT, "%s: ledger schema version "
                             "%d is read only here", what, l->version);
    }
    return 0;
}

int ledger_person_add(struct ledger *l, int64_t sitting, int64_t event,
                      const char *code, const char *name)
{
    sqlite3_stmt *st = l->st[ST_PERSON_ADD];
    int bad = 0;
    int rc = writable_v3(l, "add a person");

    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int64(st, 2, event);
    bad |= ledger__bind_text(st, 3, code);
    bad |= ledger__bind_text(st, 4, name);
    return ledger__run(l, st, bad, "add a person");
}

int ledger_seating_add(struct ledger *l, int64_t sitting, int64_t game,
                       int64_t event, char seat, const char *person,
                       const char *role)
{
    sqlite3_stmt *st = l->st[ST_SEATING_ADD];
    char s[2] = {seat, '\0'};
    int bad = 0;
    int rc = writable_v3(l, "add a seating");

    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int64(st, 2, game);
    bad |= sqlite3_bind_int64(st, 3, event);
    bad |= ledger__bind_text(st, 4, s);
    bad |= ledger__bind_text(st, 5, person);
    bad |= ledger__bind_text(st, 6, role);
    return ledger__run(l, st, bad, "add a seating");
}

int ledger_stake_add(struct ledger *l, int64_t sitting, int64_t game,
                     int64_t event, const char *person, const char *kind,
                     int amount)
{
    sqlite3_stmt *st = l->st[ST_STAKE_ADD];
    int bad = 0;
    int rc = writable_v3(l, "add a stake");

    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int64(st, 2, game);
    bad |= sqlite3_bind_int64(st, 3, event);
    bad |= ledger__bind_text(st, 4, person);
    bad |= ledger__bind_text(st, 5, kind);
    bad |= sqlite3_bind_int(st, 6, amount);
    return ledger__run(l, st, bad, "add a stake");
}

int ledger_bet_add(struct ledger *l, int64_t sitting, int64_t game,
                   int64_t event, const char *bettor, char seat, int amount,
                   int odds_p, int odds_q, const char *coverer)
{
    sqlite3_stmt *st = l->st[ST_BET_ADD];
    char s[2] = {seat, '\0'};
    int bad = 0;
    int rc = writable_v3(l, "add a bet");

    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, sitting);
    bad |= sqlite3_bind_int64(st, 2, game);
    bad |= sqlite3_bind_int64(st, 3, event);
    bad |= ledger__bind_text(st, 4, bettor);
    bad |= ledger__bind_text(st, 5, s);
    bad |= sqlite3_bind_int(st, 6, amount);
    bad |= sqlite3_bind_int(st, 7, odds_p);
    bad |= sqlite3_bind_int(st, 8, odds_q);
    bad |= ledger__bind_text(st, 9, coverer);
    return ledger__run(l, st, bad, "add a bet");
}

int ledger_settlement_add(struct ledger *l, int64_t sitting, int64_t game,
                          int64_t event, const char *reason,
                          const char *text, const struct ledger_transfer *t,
                          int n)
{
    sqlite3_stmt *st = l->st[ST_SETTLEMENT_ADD];
    int64_t id = 0;
    long sum = 0;
    int bad = 0;
    int rc = writable_v3(l, "add a settlement");

    if (rc != 0) {
        return rc;
    }
    for (int i = 0; i < n; i++) {
        sum += t[i].amount;
    }
    if (sum != 0) {
        return ledger__failf(l, LEDGER_E_ERROR,
                             "add a settlement: its transfers sum to %+ld, "
                             "not zero",
                             sum);
    }
    bad |= sqlite3_bind_int64(st, 1, event);
    bad |= sqlite3_bind_int64(st, 2, sitting);
    bad |= sqlite3_bind_int64(st, 3, game);
    bad |= ledger__bind_text(st, 4, reason);
    bad |= ledger__bind_text(st, 5, text);
    rc = ledger__run(l, st, bad, "add a settlement");
    if (rc != 0) {
        return rc;
    }
    ledger__mark_added(l, event);
    ledger__last_id(l, &id);
    st = l->st[ST_TRANSFER_ADD];
    for (int i = 0; i < n && rc == 0; i++) {
        bad = 0;
        bad |= sqlite3_bind_int64(st, 1, id);
        bad |= ledger__bind_text(st, 2, t[i].person);
        bad |= sqlite3_bind_int(st, 3, t[i].amount);
        rc = ledger__run(l, st, bad, "add a transfer");
    }
    return rc;
}

int ledger_mark_add(struct ledger *l, int64_t event, const char *kind,
                    const char *text)
{
    sqlite3_stmt *st = l->st[ST_MARK_ADD];
    int bad = 0;
    int rc = writable_v3(l, "add a mark");

    if (rc != 0) {
        return rc;
    }
    bad |= sqlite3_bind_int64(st, 1, event);
    bad |= ledger__bind_text(st, 2, kind);
    bad |= ledger__bind_text(st, 3, text);
    rc = ledger__run(l, st, bad, "add a mark");
    if (rc == 0) {
        ledger__mark_added(l, event);
    }
    return rc;
}

int ledger_balances_foreach(struct ledger *l, int64_t sitting,
                            ledger_balance_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_BALANCES];
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read the balances");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), ledger__col_text(st, 1),
                ledger__col_text(st, 2), sqlite3_column_int(st, 3));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the balances");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_settlements_foreach(struct ledger *l, int64_t sitting,
                               int64_t from_event, int64_t to_event,
                               ledger_settlement_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_SETTLEMENTS];
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, from_event) != SQLITE_OK ||
        sqlite3_bind_int64(st, 3, to_event > 0 ? to_event : INT64_MAX) !=
            SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read the settlements");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, sqlite3_column_int64(st, 0), ledger__col_text(st, 1),
                ledger__col_text(st, 2), sqlite3_column_int(st, 3));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the settlements");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_persons_foreach(struct ledger *l, int64_t sitting,
                           ledger_person_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_PERSONS];
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read the persons");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        rc = fn(ctx, ledger__col_text(st, 0), ledger__col_text(st, 1));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the persons");
    }
out_reset:
    ledger__done(st);
    return rc;
}

int ledger_seatings_foreach(struct ledger *l, int64_t sitting,
                            ledger_seating_fn fn, void *ctx)
{
    sqlite3_stmt *st = l->st[ST_SEATINGS];
    int src = 0;
    int rc = 0;

    if (sqlite3_bind_int64(st, 1, sitting) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "read the seatings");
        goto out_reset;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        const char *seat = ledger__col_text(st, 1);

        rc = fn(ctx, sqlite3_column_int(st, 0), seat[0],
                ledger__col_text(st, 2), ledger__col_text(st, 3));
        if (rc != 0) {
            goto out_reset;
        }
    }
    if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the seatings");
    }
out_reset:
    ledger__done(st);
    return rc;
}
