/* SPDX-License-Identifier: MIT */
/* check.c - `ecarte check`: logs adjudicated in memory with no ledger
 * (nothing is written, so memory stays flat in the length of the log),
 * every `=` line compared with what the rules give. */
#include "cli/cli.h"

#include <getopt.h>

int cmd_check(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'},
        {"strict", no_argument, NULL, 's'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool json = false;
    bool strict = false;
    bool quiet = false;
    int worst = EXIT_FINE;
    int c;

    while ((c = getopt_long(argc, argv, "jsqh", opts, NULL)) != -1) {
        switch (c) {
        case 'j': json = true; break;
        case 's': strict = true; break;
        case 'q': quiet = true; break;
        case 'h': return usage_help("check");
        default: return usage_error("check", "bad option or missing value (see above)");
        }
    }
    if (optind >= argc) {
        return usage_error("check", "expected one or more logs");
    }
    for (int i = optind; i < argc; i++) {
        struct output *o = NULL;
        struct session *s = NULL;
        int rc;

        if (output_open(&o, stdout, json) != 0 ||
            session_open_out(&s, NULL, o, COMMIT_PER_DEAL) != 0) {
            output_close(o);
            return EXIT_BAD_INPUT;
        }
        output_set_quiet(o, quiet);
        session_set_strict(s, strict);
        /* a log that stops the run stops only its own: the exit status
         * says how each went */
        (void)session_run_path(s, "check", argv[i], &rc);
        session_close(s);
        output_close(o);
        if (rc > worst) {
            worst = rc;
        }
    }
    return worst;
}
