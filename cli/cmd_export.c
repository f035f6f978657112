/* SPDX-License-Identifier: MIT */
/*
 * cmd_export.c - `ecarte export [--db FILE] [--game N] [--sitting ID]
 * [--unverified]`: the sitting chosen (the newest with an action if none
 * is named), the ledger proven, and the sitting written back as a log
 * (session_export) on standard output, byte for byte, from one snapshot.
 * `ecarte export [--db FILE] --sql postgres [--unverified]`: the whole
 * ledger proven and written as SQL for PostgreSQL
 * (ledger_export_postgres), from one snapshot.
 */
#include "cli/cli.h"

#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* export_sql - `export --sql postgres`: the ledger at db proven (refused
 * if it does not verify, unless unverified) and written whole as SQL on
 * standard output; the exit status. */
static int export_sql(const char *db, bool unverified)
{
    struct ledger *l = ledger_for("export", db, LEDGER_READONLY);
    int rc;

    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (ledger_read_begin(l) != 0) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = proof_guard("export", db, l, 0,
                     unverified ? PROOF_READ_UNVERIFIED : PROOF_READ, NULL);
    if (rc != 0) {
        ledger_read_end(l);
        ledger_close(l);
        return rc > 0 ? EXIT_FINDINGS : EXIT_BAD_INPUT;
    }
    rc = ledger_export_postgres(l, term_raw_stdout());
    if (rc != 0) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, ledger_errmsg(l));
    }
    ledger_read_end(l);
    ledger_close(l);
    return rc == 0 ? EXIT_FINE : EXIT_BAD_INPUT;
}

int cmd_export(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"game", required_argument, NULL, 'g'},
        {"sitting", required_argument, NULL, 's'},
        {"unverified", no_argument, NULL, 'U'},
        {"sql", required_argument, NULL, 'Q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    const char *sql = NULL;
    int game = 0;
    int64_t sitting = 0;
    struct ledger *l = NULL;
    char err[600];
    uint64_t n = 0;
    bool unverified = false;
    int rc = 0;
    int c;

    while ((c = getopt_long(argc, argv, "d:g:s:h", opts, NULL)) != -1) {
        switch (c) {
        case 'U': unverified = true; break;
        case 'Q':
            if (strcmp(optarg, "postgres") != 0 &&
                strcmp(optarg, "postgresql") != 0) {
                return usage_error("export", "--sql: expected postgres, "
                                             "found \"%s\"", optarg);
            }
            sql = optarg;
            break;
        case 'd': db = optarg; break;
        case 'g':
            if (!usage_number(optarg, INT_MAX, &n) || n < 1) {
                return usage_error("export", "expected a game number, found "
                                             "\"%s\"", optarg);
            }
            game = (int)n;
            break;
        case 's':
            if (!usage_number(optarg, INT64_MAX, &n) || n < 1) {
                return usage_error("export", "expected a sitting id, found "
                                             "\"%s\"", optarg);
            }
            sitting = (int64_t)n;
            break;
        case 'h': return usage_help("export");
        default: return usage_error("export", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("export", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    if (sql != NULL) {
        if (game != 0 || sitting != 0) {
            return usage_error("export", "--sql writes the whole ledger: "
                                         "no --game or --sitting with it");
        }
        return export_sql(db, unverified);
    }
    l = ledger_for("export", db, LEDGER_READONLY);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    /* the chain tag and the lines from one snapshot of the ledger */
    if (ledger_read_begin(l) != 0 ||
        (sitting == 0 &&
         (newest_played_sitting("export", db, l, &sitting) != 0 ||
          (sitting == 0 && newest_sitting(l, &sitting) != 0)))) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (sitting == 0) {
        fprintf(stderr, "ecarte export: %s: the ledger has no sitting\n", db);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = proof_guard("export", db, l, 0,
                     unverified ? PROOF_READ_UNVERIFIED : PROOF_READ, NULL);
    if (rc != 0) {
        ledger_close(l);
        return rc > 0 ? EXIT_FINDINGS : EXIT_BAD_INPUT;
    }
    rc = session_export(l, sitting, game, term_raw_stdout(), err,
                        sizeof(err));
    if (rc != 0) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, err);
    }
    ledger_read_end(l);
    ledger_close(l);
    return rc == 0 ? EXIT_FINE : EXIT_BAD_INPUT;
}
