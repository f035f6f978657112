/* SPDX-License-Identifier: MIT */
/*
 * cmd_gen.c - `ecarte gen [--deals N] [--seed S] [--irregularities RATE]
 * [--laws SPEC] [--format F]`: the options read, the sitting written by
 * the generator (gen/gen.h) to standard output, byte for byte.
 */
#include "cli/cli.h"
#include "gen/gen.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>

int cmd_gen(int argc, char **argv)
{
    static const struct option opts[] = {
        {"deals", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 's'},
        {"irregularities", required_argument, NULL, 'i'},
        {"laws", required_argument, NULL, 'l'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct gen_options opt = {.deals = 20, .seed = 1};
    char err[400];
    char *end = NULL;
    uint64_t n = 0;
    int rc;
    int c;

    while ((c = getopt_long(argc, argv, "n:s:i:l:f:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
            opt.deals = strtol(optarg, &end, 10);
            if (*end != '\0' || opt.deals < 1 || opt.deals > GEN_DEALS_MAX) {
                return usage_error("gen", "expected --deals 1..100000000, "
                                          "found \"%s\"", optarg);
            }
            break;
        case 's':
            if (!usage_number(optarg, UINT64_MAX, &n)) {
                return usage_error("gen", "expected --seed 0..%" PRIu64
                                          ", found \"%s\"", UINT64_MAX,
                                   optarg);
            }
            opt.seed = n;
            break;
        case 'i':
            opt.rate = strtod(optarg, &end);
            if (*end != '\0' || !(opt.rate >= 0.0 && opt.rate <= 1.0)) {
                return usage_error("gen", "expected --irregularities 0..1, "
                                          "found \"%s\"", optarg);
            }
            break;
        case 'l':
            opt.laws = optarg;
            break;
        case 'f':
            opt.format = optarg;
            break;
        case 'h':
            return usage_help("gen");
        default:
            return usage_error("gen", "bad option or missing value (see above)");
        }
    }
    rc = gen_write(&opt, term_raw_stdout(), err, sizeof(err));
    if (rc == GEN_E_USAGE) {
        return usage_error("gen", "%s", err);
    }
    if (rc != GEN_OK) {
        fprintf(stderr, "ecarte gen: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    return EXIT_FINE;
}
