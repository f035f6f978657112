/* SPDX-License-Identifier: MIT */
/* cmd_law.c - `ecarte law N` (one law in words: laws/law_print.c) and
 * `ecarte laws` (every law in a line, docs/laws.md, or the rule switches
 * of a profile). */
#include "cli/cli.h"

#include <getopt.h>
#include <string.h>

int cmd_law(int argc, char **argv)
{
    char ids[200];

    const struct law *l;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            return usage_help("law");
        }
    }
    if (argc != 2) {
        return usage_error("law", "expected one law or rule (43, L43, %s)",
                           law_id_ranges(ids, sizeof(ids)));
    }
    l = laws_find(argv[1], strlen(argv[1]));
    if (l == NULL) {
        return usage_error("law", "expected a law or rule (1-51, %s), "
                           "found \"%s\"",
                           law_id_ranges(ids, sizeof(ids)), argv[1]);
    }
    law_write_text(l, stdout);
    return EXIT_FINE;
}

/* laws_tag - a sitting's tag into the referee ctx: the profile in force
 * is the Laws tag with Target, Stakes and Rubber. */
static int laws_tag(void *ctx, const char *name, const char *value)
{
    arbiter_set_tag(ctx, name, value);
    return 0;
}

int cmd_laws(int argc, char **argv)
{
    static const struct option opts[] = {
        {"profile", no_argument, NULL, 'p'},
        {"markdown", no_argument, NULL, 'm'},
        {"laws", required_argument, NULL, 'l'},
        {"db", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool profile = false;
    bool markdown = false;
    const char *spec = "london";
    const char *db = NULL;
    int c;

    while ((c = getopt_long(argc, argv, "pml:d:h", opts, NULL)) != -1) {
        switch (c) {
        case 'p': profile = true; break;
        case 'm': markdown = true; break;
        case 'l': spec = optarg; profile = true; break;
        case 'd': db = optarg; profile = true; break;
        case 'h': return usage_help("laws");
        default: return usage_error("laws", "bad option or missing value (see above)");
        }
    }
    if (markdown && profile) {
        return usage_error("laws", "expected --markdown or --profile, found "
                                   "both");
    }
    if (markdown) {
        laws_write_markdown(stdout);
        return EXIT_FINE;
    }
    if (profile) {
        struct profile p;
        char err[200];
        char buf[4096];

        if (db != NULL) {
            /* the profile in force in the newest sitting of a ledger */
            struct ledger *l = ledger_for(NULL, db, LEDGER_READONLY);
            struct arbiter *arb = NULL;
            int64_t sitting = 0;

            if (l == NULL || arbiter_open(&arb) != 0) {
                ledger_close(l);
                return EXIT_BAD_INPUT;
            }
            if (newest_sitting(l, &sitting) != 0 ||
                (sitting != 0 &&
                 ledger_tags_foreach(l, sitting, laws_tag, arb) != 0)) {
                fprintf(stderr, "ecarte laws: %s: %s\n", db,
                        ledger_errmsg(l));
                arbiter_close(arb);
                ledger_close(l);
                return EXIT_BAD_INPUT;
            }
            p = *arbiter_profile(arb);
            arbiter_close(arb);
            ledger_close(l);
        } else if (profile_parse(&p, spec, err, sizeof(err)) != 0) {
            return usage_error("laws", "%s", err);
        }
        printf("profile: %s\n\n", profile_format(&p, buf, sizeof(buf)));
        fputs(profile_describe(&p, buf, sizeof(buf)), stdout);
        return EXIT_FINE;
    }
    for (int i = 0; i < LAW_COUNT; i++) {
        const struct law *l = laws_get((enum law_id)i);

        char kind[40];

        snprintf(kind, sizeof(kind), "(%s rule)",
                 l->format != NULL ? l->format : "scoring");
        printf("%-4s %-48s %s\n", l->id, l->title,
               l->kind == LAW_KIND_RULE ? kind : remedy_name(l->remedy));
    }
    return EXIT_FINE;
}
