/* score.c - `ecarte score`: the scoresheet of a ledger. */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

struct sheet_ctx {
    struct output *o;
    bool json;
    int64_t sitting;
    int game;
    char winner;
    int value;
    int points[2];
    int games_won[2];
    int rubber;
    int lost;                   /* deals of the game quarantined */
};

/* sheet_game_end - print the result line of the game just listed. */
static void sheet_game_end(struct sheet_ctx *ctx)
{
    static const char *const value[] = {"", "single", "double", "treble"};

    if (ctx->json || ctx->game == 0) {
        return;
    }
    if (ctx->lost > 0) {
        printf("  game %d: %d deal(s) quarantined (could not be read), left "
               "out; the score as the log states it\n",
               ctx->game, ctx->lost);
    }
    if (ctx->winner == 0) {
        printf("  game %d not finished: A %d B %d\n", ctx->game,
               ctx->points[0], ctx->points[1]);
        return;
    }
    ctx->games_won[ctx->winner == 'A' ? 0 : 1]++;
    printf("  game %d to %c, A %d B %d (%s); games A %d B %d\n", ctx->game,
           ctx->winner, ctx->points[0], ctx->points[1],
           value[ctx->value > 0 && ctx->value < 4 ? ctx->value : 1],
           ctx->games_won[0], ctx->games_won[1]);
    if (ctx->rubber > 0 && (ctx->games_won[0] * 2 > ctx->rubber ||
                            ctx->games_won[1] * 2 > ctx->rubber)) {
        printf("  rubber to %c\n", ctx->games_won[0] > ctx->games_won[1]
                                       ? 'A' : 'B');
        ctx->games_won[0] = ctx->games_won[1] = 0;
    }
}

/* sheet_row - one deal of the scoresheet (ledger_scoresheet_foreach):
 * the game before it closed when a new one begins, the row printed.
 * Returns 0. */
static int sheet_row(void *vctx, const struct ledger_deal_row *row)
{
    struct sheet_ctx *ctx = vctx;

    if (row->sitting != ctx->sitting || row->game != ctx->game) {
        sheet_game_end(ctx);
        if (row->sitting != ctx->sitting) {
            ctx->games_won[0] = ctx->games_won[1] = 0;
        }
        ctx->sitting = row->sitting;
        ctx->game = row->game;
    }
    ctx->winner = row->game_winner;
    ctx->value = row->game_value;
    ctx->lost = row->game_lost;
    ctx->points[0] = row->game_points_a;
    ctx->points[1] = row->game_points_b;
    output_scoresheet_row(ctx->o, row);
    return 0;
}

int cmd_score(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"rubber", required_argument, NULL, 'r'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    struct sheet_ctx ctx;
    struct ledger *l = NULL;
    struct output *o = NULL;
    int c;

    memset(&ctx, 0, sizeof(ctx));
    ctx.rubber = 3;
    while ((c = getopt_long(argc, argv, "d:jr:h", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': ctx.json = true; break;
        case 'r': {
            char *end;
            long n = strtol(optarg, &end, 10);

            if (*optarg == '\0' || *end != '\0' || n < 0 || n > 99 ||
                (n != 0 && n % 2 == 0)) {
                return usage_error("score", "--rubber: expected an odd "
                                   "number of games (1 to 99) or 0 for no "
                                   "rubbers, found \"%s\"", optarg);
            }
            ctx.rubber = (int)n;
            break;
        }
        case 'h': return usage_help("score");
        default: return usage_error("score", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("score", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    l = ledger_for("score", db, LEDGER_READONLY);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (output_open(&o, stdout, ctx.json) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    ctx.o = o;
    if (ledger_scoresheet_foreach(l, 0, sheet_row, &ctx) != 0) {
        fprintf(stderr, "ecarte score: %s: %s\n", db, ledger_errmsg(l));
        output_close(o);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    sheet_game_end(&ctx);
    output_close(o);
    ledger_close(l);
    return EXIT_FINE;
}
