/* SPDX-License-Identifier: MIT */
/*
 * errors.c - the ledger's error detail, kept on the handle: SQLite's
 * result codes mapped to ledger statuses, the last message, and the text
 * of every status.
 */
#include "ledger/ledger.h"

#include <stdarg.h>
#include <stdio.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

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

int ledger__fail(struct ledger *l, int src, const char *what)
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

int ledger__failf(struct ledger *l, int code, const char *fmt, ...)
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
    case LEDGER_E_MOVED:
        return "the ledger's file was deleted, replaced or lost its WAL";
    case LEDGER_E_INVALID:
        return "a value the ledger does not take";
    default:
        return "unknown ledger status";
    }
}
