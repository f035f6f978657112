/* SPDX-License-Identifier: MIT */
/*
 * version.c - `ecarte --version`: the program's version and those of the
 * libraries it runs on, as they report themselves at run time (SQLite,
 * OpenSSL, libmicrohttpd) or as their headers say (libedit has no call
 * for it).
 */
#include "cli/cli.h"

#include <histedit.h>
#include <microhttpd.h>
#include <openssl/crypto.h>
#include <sqlite3.h>

void print_version(FILE *fp)
{
    fprintf(fp, "ecarte %s\n", ECARTE_VERSION);
    fprintf(fp, "  SQLite %s (built with %s; at least %s needed)\n",
            sqlite3_libversion(), SQLITE_VERSION, LEDGER_SQLITE_MIN_TEXT);
    fprintf(fp, "  %s\n", OpenSSL_version(OPENSSL_VERSION));
    fprintf(fp, "  libedit %d.%d (its header)\n", LIBEDIT_MAJOR,
            LIBEDIT_MINOR);
    fprintf(fp, "  libmicrohttpd %s\n", MHD_get_version());
    fprintf(fp, "Licensed under the MIT License; see LICENSE.\n");
}
