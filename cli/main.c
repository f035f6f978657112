/* SPDX-License-Identifier: MIT */
/* main.c - the ecarte command: dispatch to the subcommands. */
#include "cli/cli.h"
#include "cli/table.h"

#include <errno.h>
#include <string.h>

/* main - the law registry checked, then the subcommand named by
 * argv[1] run with the rest; its exit status, or EXIT_BAD_INPUT if its
 * output could not be written. */
int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } subs[] = {
        {"record", cmd_record}, {"check", cmd_check}, {"export", cmd_export},
        {"score", cmd_score},   {"law", cmd_law},     {"laws", cmd_laws},
        {"gen", cmd_gen},       {"import", cmd_import},
        {"verify", cmd_verify}, {"audit", cmd_audit},
        {"table", cmd_table},   {"report", cmd_report},
        {"serve", cmd_serve},
        {"standings", cmd_standings},
        {"members", cmd_members}, {"merge", cmd_merge},
        {"complete", cmd_complete},
    };
    char err[200];

    if (laws_selfcheck(err, sizeof(err)) != 0) {
        fprintf(stderr, "ecarte: law registry broken: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    (void)term_guard();      /* what reaches a terminal cannot command it */
    if (argc < 2) {
        usage_general(stderr);
        return EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        if (strcmp(argv[1], "help") == 0 && argc > 2) {
            return usage_help(argv[2]);
        }
        usage_general(stdout);
        return EXIT_FINE;
    }
    if (strcmp(argv[1], "--version") == 0) {
        print_version(stdout);
        return EXIT_FINE;
    }
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++) {
        if (strcmp(argv[1], subs[i].name) == 0) {
            static char name[32];
            int rc;

            /* getopt names the program by argv[0]: "ecarte record" */
            snprintf(name, sizeof(name), "ecarte %s", subs[i].name);
            argv[1] = name;
            cli_program = name;
            rc = subs[i].fn(argc - 1, argv + 1);

            /* output that did not reach its file is not output */
            if (fflush(stdout) != 0 || ferror(stdout) ||
                fflush(term_raw_stdout()) != 0 ||
                ferror(term_raw_stdout())) {
                fprintf(stderr, "ecarte %s: cannot write the output: %s\n",
                        subs[i].name, strerror(errno));
                return EXIT_BAD_INPUT;
            }
            return rc;
        }
    }
    return usage_error(NULL, "unknown subcommand \"%s\"", argv[1]);
}
