/* SPDX-License-Identifier: MIT */
/*
 * cmd_complete.c - `ecarte complete WHAT [--db FILE]`: the words a shell's
 * completion offers (completions/ecarte.bash, completions/_ecarte), one a
 * line: `subcommands`, `laws` (every law's and variant rule's id, as
 * `ecarte law` takes it), `sittings` (the ids of the ledger's sittings,
 * each with its source after a tab).  Quiet on a ledger it cannot open:
 * a completion offers nothing rather than an error.
 */
#include "cli/cli.h"

#include <string.h>

/* The subcommands, as main.c dispatches them. */
static const char *const subcommands[] = {
    "table", "record", "check", "export", "score", "law", "laws", "import",
    "verify", "audit", "report", "serve", "standings", "members", "merge",
    "gen", "help",
};

/* print_sitting - one sitting: its id, a tab, its source. */
static int print_sitting(void *ctx, int64_t id, const char *source)
{
    (void)ctx;
    printf("%lld\t%s\n", (long long)id, source);
    return 0;
}

/* complete_sittings - the ids of db's sittings; nothing if it cannot be
 * read. */
static int complete_sittings(const char *db)
{
    struct ledger *l = NULL;

    if (ledger_open(&l, db, LEDGER_READONLY) == 0) {
        (void)ledger_sittings_foreach(l, print_sitting, NULL);
    }
    ledger_close(l);
    return EXIT_FINE;
}

int cmd_complete(int argc, char **argv)
{
    const char *db = "ecarte.db";

    if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
        return usage_help("complete");
    }
    for (int i = 2; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--db") == 0) {
            db = argv[i + 1];
        }
    }
    if (argc >= 2 && strcmp(argv[1], "subcommands") == 0) {
        for (size_t i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]);
             i++) {
            printf("%s\n", subcommands[i]);
        }
        return EXIT_FINE;
    }
    if (argc >= 2 && strcmp(argv[1], "laws") == 0) {
        for (int i = 0; i < LAW_COUNT; i++) {
            printf("%s\n", laws_get((enum law_id)i)->id);
        }
        return EXIT_FINE;
    }
    if (argc >= 2 && strcmp(argv[1], "sittings") == 0) {
        return complete_sittings(db);
    }
    return usage_error("complete", "expected subcommands, laws or sittings");
}
