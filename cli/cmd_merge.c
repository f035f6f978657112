/* SPDX-License-Identifier: MIT */
/*
 * cmd_merge.c - `ecarte merge --db CLUB SOURCE.db...`: the sittings of
 * other ledgers brought into the club's, each recorded again from its
 * events as import records a log (session_merge), with its quarantined
 * deals, claims and provenance; a sitting the club holds already (by
 * provenance, by identity, or the same log imported) adds nothing and
 * is said; the sources' member decisions merged where they do not
 * contradict the club's.  Every source is proven before anything is
 * written: one that does not verify stops the merge (exit 2).
 */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>

/* open_source - the source at path opened read-only and proven
 * (proof_merge_source).  Returns it, or NULL (said: nothing will be
 * merged). */
static struct ledger *open_source(const char *path)
{
    struct ledger *l = ledger_for("merge", path, LEDGER_READONLY);
    char why[2048];

    if (l != NULL && proof_merge_source(l, path, why, sizeof(why)) != 0) {
        fprintf(stderr, "ecarte merge: %s\n", why);
        ledger_close(l);
        return NULL;
    }
    return l;
}

int cmd_merge(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = NULL;
    struct ledger *club = NULL;
    struct ledger **src = NULL;
    struct output *out = NULL;
    struct merge_events ev;
    struct merge_counts counts;
    char why[2048];
    bool json = false;
    int findings = 0;
    int n = 0;
    int rc = 0;
    int c;

    while ((c = getopt_long(argc, argv, "d:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': json = true; break;
        case 'h':
            return usage_help("merge");
        default:
            return usage_error("merge", "bad option or missing value (see "
                                        "above)");
        }
    }
    if (db == NULL) {
        return usage_error("merge", "expected --db CLUB (the ledger merged "
                                    "into)");
    }
    if (optind >= argc) {
        return usage_error("merge", "expected one or more source ledgers "
                                    "(SOURCE.db...)");
    }
    n = argc - optind;
    src = calloc((size_t)n, sizeof(*src));
    if (src == NULL || output_open(&out, stdout, json) != 0) {
        fprintf(stderr, "ecarte merge: out of memory\n");
        free(src);
        return EXIT_BAD_INPUT;
    }
    output_merge_events(out, &ev);
    /* every source proven before anything is written */
    for (int i = 0; rc == 0 && i < n; i++) {
        src[i] = open_source(argv[optind + i]);
        rc = src[i] != NULL ? 0 : -1;
    }
    if (rc == 0) {
        club = ledger_for("merge", db, LEDGER_CHECK);
        if (club == NULL ||
            proof_guard("merge", db, club, 0, PROOF_WRITE, NULL) != 0) {
            rc = -1;
        }
    }
    for (int i = 0; rc == 0 && i < n; i++) {
        rc = session_merge_source(club, db, src[i], argv[optind + i], &ev,
                                  &counts, why, sizeof(why));
        findings += counts.findings;
        if (rc != 0 && why[0] != '\0') {
            fprintf(stderr, "ecarte merge: %s\n", why);
        } else if (rc == 0) {
            output_merge(out, argv[optind + i], &counts);
        }
    }
    for (int i = 0; i < n; i++) {
        ledger_close(src[i]);
    }
    free(src);
    ledger_close(club);
    output_close(out);
    if (rc != 0) {
        return EXIT_BAD_INPUT;
    }
    return findings > 0 ? EXIT_FINDINGS : EXIT_FINE;
}
