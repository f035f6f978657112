/* SPDX-License-Identifier: MIT */
/*
 * cmd_report.c - `ecarte report [--db FILE] [--sitting ID] [-o FILE.html]
 * [--unverified] [--season]`: the sitting chosen (the newest with an action if none
 * is named), the ledger proven, and the page (report/report.h) written to
 * standard output ("-" too) or to FILE (cli/outfile.c: a regular file
 * replaced whole, a link's target, a FIFO or a device in place); --season: the season's standings page
 * (report_season_write) instead.
 */
#include "cli/cli.h"
#include "report/report.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* write_out - the document to path (NULL or "-": standard output; a
 * file as out_file_open writes it).  Returns an exit status, the reason
 * on stderr. */
static int write_out(struct ledger *l, int64_t sitting, bool season,
                     const struct proof_summary *proof, const char *db,
                     const char *path)
{
    struct out_file o;
    char err[700];
    int rc;

    if (out_file_open(&o, "report", path) != 0) {
        return EXIT_BAD_INPUT;
    }
    rc = season ? report_season_write(l, NULL, proof, o.fp, err, sizeof(err))
                : report_write(l, sitting, proof, o.fp, err, sizeof(err));
    if (rc != 0) {
        fprintf(stderr, "ecarte report: %s: %s\n", db, err);
    }
    if (out_file_close(&o, "report", rc == 0) != 0 || rc != 0) {
        return EXIT_BAD_INPUT;
    }
    return EXIT_FINE;
}

int cmd_report(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"sitting", required_argument, NULL, 's'},
        {"output", required_argument, NULL, 'o'},
        {"unverified", no_argument, NULL, 'U'},
        {"season", no_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    const char *path = NULL;
    int64_t sitting = 0;
    struct proof_summary proof;
    struct ledger *l = NULL;
    uint64_t n = 0;
    bool unverified = false;
    bool season = false;
    int rc;
    int c;

    while ((c = getopt_long(argc, argv, "d:s:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'U': unverified = true; break;
        case 'S': season = true; break;
        case 'd': db = optarg; break;
        case 'o': path = optarg; break;
        case 's':
            if (!usage_number(optarg, INT64_MAX, &n) || n < 1) {
                return usage_error("report", "expected a sitting id, found "
                                             "\"%s\"", optarg);
            }
            sitting = (int64_t)n;
            break;
        case 'h': return usage_help("report");
        default:
            return usage_error("report",
                               "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("report", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    l = ledger_for("report", db, LEDGER_READONLY);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (ledger_integrity(l) != 0) {
        fprintf(stderr, "ecarte report: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    /* the proof, the scoresheet and the walk from one snapshot */
    if (ledger_read_begin(l) != 0) {
        fprintf(stderr, "ecarte report: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = 0;
    if (season) {
        /* the season page: every sitting, no one chosen */
    } else if (sitting == 0 &&
        (newest_played_sitting("report", db, l, &sitting) != 0 ||
         (sitting == 0 && newest_sitting(l, &sitting) != 0))) {
        fprintf(stderr, "ecarte report: %s: %s\n", db, ledger_errmsg(l));
        rc = EXIT_BAD_INPUT;
    } else if (sitting == 0) {
        fprintf(stderr, "ecarte report: %s: the ledger has no sitting: "
                        "nothing to report\n",
                db);
        rc = EXIT_BAD_INPUT;
    } else if (ledger_sitting_exists(l, sitting) != 1) {
        fprintf(stderr, "ecarte report: %s: no sitting %lld\n", db,
                (long long)sitting);
        rc = EXIT_BAD_INPUT;
    }
    if (rc == 0) {
        rc = proof_guard("report", db, l, 0,
                         unverified ? PROOF_READ_UNVERIFIED : PROOF_READ,
                         &proof);
        rc = rc > 0 ? EXIT_FINDINGS : rc < 0 ? EXIT_BAD_INPUT : 0;
    }
    if (rc == 0) {
        rc = write_out(l, sitting, season, &proof, db, path);
    }
    ledger_read_end(l);
    ledger_close(l);
    return rc;
}
