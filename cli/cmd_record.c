/* SPDX-License-Identifier: MIT */
/* record.c - `ecarte record`: logs adjudicated and recorded in a ledger
 * an action at a time, each sitting resumed where it stopped. */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* stdin_is_a_file - is standard input a regular file (its end is the
 * file's end: a last line without its line end is whole)? */
static bool stdin_is_a_file(void)
{
    struct stat st;

    return fstat(0, &st) == 0 && S_ISREG(st.st_mode);
}

int cmd_record(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"new", no_argument, NULL, 'n'},
        {"sitting", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    bool json = false;
    bool fresh = false;
    int64_t sitting = 0;
    static char dash_arg[] = "-";
    char *dash[] = {dash_arg};
    uint64_t id = 0;
    struct ledger *l = NULL;
    struct output *o = NULL;
    int rc = EXIT_FINE;
    int c;

    while ((c = getopt_long(argc, argv, "d:jns:h", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': json = true; break;
        case 'n': fresh = true; break;
        case 's':
            if (!usage_number(optarg, INT64_MAX, &id) || id < 1) {
                return usage_error("record", "expected a sitting id, found "
                                             "\"%s\"", optarg);
            }
            sitting = (int64_t)id;
            break;
        case 'h': return usage_help("record");
        default: return usage_error("record", "bad option or missing value (see above)");
        }
    }
    char **names = optind < argc ? argv + optind : dash;
    int n = optind < argc ? argc - optind : 1;

    if (fresh && sitting > 0) {
        return usage_error("record", "expected --new or --sitting, found "
                                     "both");
    }
    if (sitting > 0 && n > 1) {
        return usage_error("record", "expected one log with --sitting, "
                                     "found %d", n);
    }
    /* every log must be readable before the ledger is touched */
    for (int i = 0; i < n; i++) {
        FILE *fp = open_log("record", names[i]);

        if (fp == NULL) {
            return EXIT_BAD_INPUT;
        }
        close_log(fp);
    }
    l = ledger_for("record", db, LEDGER_CHECK |
                                     (fresh ? LEDGER_EMPTY_OK : 0));
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (proof_guard("record", db, l, 0, PROOF_WRITE, NULL) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (output_open(&o, stdout, json) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }

    for (int i = 0; i < n && rc != EXIT_BAD_INPUT; i++) {
        struct session *s = NULL;
        int r;

        if (session_open_out(&s, l, o, COMMIT_PER_ACTION) != 0) {
            rc = EXIT_BAD_INPUT;
            break;
        }
        session_set_resume(s, fresh ? RESUME_NEW
                              : sitting > 0 ? RESUME_SITTING
                                            : RESUME_AUTO,
                           sitting);
        session_set_whole_lines(s, strcmp(names[i], "-") == 0 &&
                                       !stdin_is_a_file());
        (void)session_run_path(s, "record", names[i], &r);
        rc = r > rc ? r : rc;
        session_close(s);
    }
    output_close(o);
    ledger_close(l);
    return rc;
}
