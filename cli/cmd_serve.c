/* SPDX-License-Identifier: MIT */
/* cmd_serve.c - `ecarte serve`: the tables of a ledger served over HTTP
 * to the scorer's and the board's pages (web/: the server, the API, the
 * pages), on a loopback address unless told otherwise. */
#include "cli/cli.h"

#include <getopt.h>

#include "web/web.h"

int cmd_serve(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"listen", required_argument, NULL, 'l'},
        {"token-file", required_argument, NULL, 't'},
        {"new", no_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct web_options o = {.db = "ecarte.db", .listen = "127.0.0.1:8080"};
    int c;

    while ((c = getopt_long(argc, argv, "d:l:t:nh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': o.db = optarg; break;
        case 'l': o.listen = optarg; break;
        case 't': o.token_file = optarg; break;
        case 'n': o.fresh = true; break;
        case 'h': return usage_help("serve");
        default:
            return usage_error("serve",
                               "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("serve", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    return web_serve(&o);
}
