/* SPDX-License-Identifier: MIT */
/* score.c - `ecarte score`: the scoresheet of a ledger. */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* The longest player's name kept from an A or B tag. */
#define SHEET_NAME_MAX 64

struct sheet_ctx {
    struct output *o;
    bool json;
    int64_t sitting;
    int game;
    char winner;
    int value;
    int points[2];
    int games_won[2];
    int rubber;                 /* games in a rubber, 0 none */
    bool rubber_given;          /* by --rubber, for every sitting; else
                                   each sitting's own (its tags) */
    int lost;                   /* deals of the game quarantined */
    struct ledger *l;
    bool money;                 /* the sitting listed has persons: no
                                   rubber, each game settled on its own */
    /* who sat in each seat, by game of the sitting listed (the last to
     * sit there: a substitute after the player he replaced) */
    char (*who)[2][TL_ID_MAX];
    int n_who;
    char name[2][SHEET_NAME_MAX]; /* the A and B tags of the sitting */
    unsigned char *capped;      /* by deal of the sitting: its score was
                                   capped by a penalty (L43, L25) */
    int n_capped;
    bool any_capped;            /* a mark printed: the legend is due */
    /* the games of the sitting listed a quarantined deal touched, in
     * order, and how many of its deals each lost */
    int *gap_game;
    int *gap_lost;
    int n_gaps;
    int cap_gaps;
    int next_gap;               /* the first not yet listed */
    int deals;                  /* deals of the sitting listed */
    bool any_deal;              /* a deal listed in the ledger */
};

/* One sitting's balances being printed (ledger_balances_foreach). */
struct balance_ctx {
    struct output *o;
    bool json;
    int n;                      /* persons (and the house) listed */
    long sum;                   /* their balances summed: 0 */
};

/* balance_row - one person's balance for the sitting (the house's levy
 * as "house"): the heading before the first, then the row.  Returns 0. */
static int balance_row(void *vctx, int64_t sitting, const char *person,
                       const char *name, int balance)
{
    struct balance_ctx *b = vctx;

    if (b->n++ == 0 && !b->json) {
        printf("\nbalances (sitting %lld)\n", (long long)sitting);
    }
    b->sum += balance;
    output_balance(b->o, sitting, person, name, balance);
    return 0;
}

/* sheet_balances - each person's balance for sitting (the house last,
 * if it took a levy), after the sitting's scoresheet; nothing for a
 * sitting without persons (a duel prints as it always did).  Returns 0,
 * or the ledger's negative code. */
static int sheet_balances(struct sheet_ctx *ctx, int64_t sitting)
{
    struct balance_ctx b;
    int rc;

    if (sitting == 0) {
        return 0;
    }
    memset(&b, 0, sizeof(b));
    b.o = ctx->o;
    b.json = ctx->json;
    rc = ledger_balances_foreach(ctx->l, sitting, balance_row, &b);
    if (rc == 0 && b.n > 0 && !ctx->json) {
        printf("  %-12s %-24s %+ld\n", "total", "", b.sum);
    }
    return rc;
}

/* rubber_tag - a sitting's tag into the referee a (ledger_tags_foreach),
 * for the profile its rubber comes from.  Returns 0. */
static int rubber_tag(void *a, const char *name, const char *value)
{
    (void)arbiter_set_tag(a, name, value);
    return 0;
}

/* sitting_rubber - games in a rubber under sitting's own profile (its
 * Laws and Rubber tags), into *rubber.  Returns 0, or -1 (the ledger's
 * error, or out of memory). */
static int sitting_rubber(struct ledger *l, int64_t sitting, int *rubber)
{
    struct arbiter *a = NULL;
    int rc;

    if (arbiter_open(&a) != 0) {
        return -1;
    }
    rc = ledger_tags_foreach(l, sitting, rubber_tag, a);
    if (rc == 0) {
        *rubber = arbiter_profile(a)->rubber;
    }
    arbiter_close(a);
    return rc == 0 ? 0 : -1;
}

/* seated - who sat in seat for game (ledger_seatings_foreach): kept,
 * the last to sit there standing.  Returns 0, 1 out of memory. */
static int seated(void *vctx, int game, char seat, const char *person,
                  const char *role)
{
    struct sheet_ctx *ctx = vctx;

    (void)role;
    if (game <= 0 || (seat != 'A' && seat != 'B')) {
        return 0;
    }
    if (game >= ctx->n_who) {
        int n = game * 2 + 8;
        void *p = realloc(ctx->who, sizeof(*ctx->who) * (size_t)n);

        if (p == NULL) {
            return 1;
        }
        ctx->who = p;
        memset(&ctx->who[ctx->n_who], 0,
               sizeof(*ctx->who) * (size_t)(n - ctx->n_who));
        ctx->n_who = n;
    }
    snprintf(ctx->who[game][seat - 'A'], TL_ID_MAX, "%s", person);
    return 0;
}

/* person_seen - a person of the sitting (ledger_persons_foreach): the
 * sitting has persons, *vctx set; stops. */
static int person_seen(void *vctx, const char *code, const char *name)
{
    (void)code;
    (void)name;
    *(bool *)vctx = true;
    return 1;
}

/* name_tag - the A and B tags of a sitting (ledger_tags_foreach): the
 * players' names.  Returns 0. */
static int name_tag(void *vctx, const char *name, const char *value)
{
    struct sheet_ctx *ctx = vctx;

    if ((name[0] == 'A' || name[0] == 'B') && name[1] == '\0') {
        snprintf(ctx->name[name[0] - 'A'], SHEET_NAME_MAX, "%s", value);
    }
    return 0;
}

/* mark_capped - deal of the sitting marked capped.  Returns 0, 1 out of
 * memory. */
static int mark_capped(struct sheet_ctx *ctx, int deal)
{
    if (deal <= 0) {
        return 0;
    }
    if (deal >= ctx->n_capped) {
        int n = deal * 2 + 8;
        unsigned char *p = realloc(ctx->capped, (size_t)n);

        if (p == NULL) {
            return 1;
        }
        memset(p + ctx->n_capped, 0, (size_t)(n - ctx->n_capped));
        ctx->capped = p;
        ctx->n_capped = n;
    }
    ctx->capped[deal] = 1;
    return 0;
}

/* cap_deal - ledger_capped_deals_foreach: the deal marked capped. */
static int cap_deal(void *ctx, int deal)
{
    return mark_capped(ctx, deal);
}

/* cap_tag - the sitting's profile, for whether a replay uncaps. */
static int cap_tag(void *a, const char *name, const char *value)
{
    (void)arbiter_set_tag(a, name, value);
    return 0;
}

/* sitting_words - the names and the capped deals of sitting, into ctx.
 * Returns 0, or non-zero (the ledger's error, out of memory). */
static int sitting_words(struct sheet_ctx *ctx, int64_t sitting)
{
    struct arbiter *a = NULL;
    bool replay_uncaps = false;
    int rc;

    memset(ctx->name, 0, sizeof(ctx->name));
    if (ctx->n_capped > 0) {
        memset(ctx->capped, 0, (size_t)ctx->n_capped);
    }
    if (ledger_tags_foreach(ctx->l, sitting, name_tag, ctx) != 0 ||
        arbiter_open(&a) != 0) {
        return 1;
    }
    rc = ledger_tags_foreach(ctx->l, sitting, cap_tag, a);
    replay_uncaps = arbiter_profile(a)->penalty == PENALTY_CAP_OR_REPLAY;
    arbiter_close(a);
    if (rc == 0) {
        rc = ledger_capped_deals_foreach(ctx->l, sitting, replay_uncaps,
                                         cap_deal, ctx);
    }
    return rc;
}

/* player - who played seat k (0 A, 1 B) in game: the person seated at a
 * table of persons, else the sitting's A or B tag; "" unknown. */
static const char *player(const struct sheet_ctx *ctx, int game, int k)
{
    if (ctx->money) {
        return game > 0 && game < ctx->n_who ? ctx->who[game][k] : "";
    }
    return ctx->name[k];
}

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
    if (ctx->money) {
        int w = ctx->winner == 'A' ? 0 : 1;
        bool known = ctx->game < ctx->n_who &&
                     ctx->who[ctx->game][0][0] != '\0' &&
                     ctx->who[ctx->game][1][0] != '\0';

        printf("  game %d to %c, A %d B %d (%s)%s%s%s%s\n", ctx->game,
               ctx->winner, ctx->points[0], ctx->points[1],
               value[ctx->value > 0 && ctx->value < 4 ? ctx->value : 1],
               known ? ": " : "", known ? ctx->who[ctx->game][w] : "",
               known ? " beat " : "", known ? ctx->who[ctx->game][1 - w] : "");
        return;
    }
    ctx->games_won[ctx->winner == 'A' ? 0 : 1]++;
    {
        const char *wn = player(ctx, ctx->game, ctx->winner == 'A' ? 0 : 1);

        const char *ln = player(ctx, ctx->game, ctx->winner == 'A' ? 1 : 0);
        bool named = wn[0] != '\0' && ln[0] != '\0';

        printf("  game %d to %c, A %d B %d (%s)%s%s%s%s; games A %d B %d\n",
               ctx->game, ctx->winner, ctx->points[0], ctx->points[1],
               value[ctx->value > 0 && ctx->value < 4 ? ctx->value : 1],
               named ? ": " : "", named ? wn : "", named ? " beat " : "",
               named ? ln : "", ctx->games_won[0], ctx->games_won[1]);
    }
    if (ctx->rubber > 0 && (ctx->games_won[0] * 2 > ctx->rubber ||
                            ctx->games_won[1] * 2 > ctx->rubber)) {
        printf("  rubber to %c\n", ctx->games_won[0] > ctx->games_won[1]
                                       ? 'A' : 'B');
        ctx->games_won[0] = ctx->games_won[1] = 0;
    }
}

/* gap_seen - a quarantined deal of the sitting listed
 * (ledger_gaps_foreach): its game counted among the games that lost a
 * deal.  Returns 0, 1 out of memory. */
static int gap_seen(void *vctx, int64_t after_event, int line, int game,
                    const char *raw)
{
    struct sheet_ctx *ctx = vctx;

    (void)after_event;
    (void)line;
    (void)raw;
    for (int i = 0; i < ctx->n_gaps; i++) {
        if (ctx->gap_game[i] == game) {
            ctx->gap_lost[i]++;
            return 0;
        }
    }
    if (ctx->n_gaps == ctx->cap_gaps) {
        int n = ctx->cap_gaps * 2 + 8;
        int *g = realloc(ctx->gap_game, sizeof(int) * (size_t)n);

        if (g == NULL) {
            return 1;
        }
        ctx->gap_game = g;
        g = realloc(ctx->gap_lost, sizeof(int) * (size_t)n);
        if (g == NULL) {
            return 1;
        }
        ctx->gap_lost = g;
        ctx->cap_gaps = n;
    }
    /* kept in the order of the games (a gap of an earlier game is not
     * expected after a later one, but is put in its place) */
    {
        int at = ctx->n_gaps;

        while (at > 0 && ctx->gap_game[at - 1] > game) {
            ctx->gap_game[at] = ctx->gap_game[at - 1];
            ctx->gap_lost[at] = ctx->gap_lost[at - 1];
            at--;
        }
        ctx->gap_game[at] = game;
        ctx->gap_lost[at] = 1;
        ctx->n_gaps++;
    }
    return 0;
}

/* lost_games_before - the games of the sitting listed that a quarantined
 * deal touched and in which no deal landed, up to (not including) game
 * (0: every one left), each listed with its quarantine mark; a game whose
 * deals are listed (ctx->game, or game itself) is marked at its end
 * instead (sheet_game_end). */
static void lost_games_before(struct sheet_ctx *ctx, int game)
{
    while (ctx->next_gap < ctx->n_gaps &&
           (game == 0 || ctx->gap_game[ctx->next_gap] <= game)) {
        int g = ctx->gap_game[ctx->next_gap];

        if (g != game && g != ctx->game) {
            output_scoresheet_lost(ctx->o, ctx->sitting, g,
                                   ctx->gap_lost[ctx->next_gap],
                                   player(ctx, g, 0), player(ctx, g, 1));
        }
        ctx->next_gap++;
    }
}

/* sheet_row - one deal of the scoresheet of the sitting listed
 * (ledger_scoresheet_foreach): the game before it closed when a new one
 * begins, the games lost whole to the quarantine before it listed, the
 * row printed.  Returns 0. */
static int sheet_row(void *vctx, const struct ledger_deal_row *row)
{
    struct sheet_ctx *ctx = vctx;

    if (row->game != ctx->game) {
        sheet_game_end(ctx);
        lost_games_before(ctx, row->game);
        ctx->game = row->game;
    }
    ctx->deals++;
    ctx->any_deal = true;
    ctx->winner = row->game_winner;
    ctx->value = row->game_value;
    ctx->lost = row->game_lost;
    ctx->points[0] = row->game_points_a;
    ctx->points[1] = row->game_points_b;
    {
        bool capped = row->deal < ctx->n_capped && ctx->capped[row->deal];

        ctx->any_capped = ctx->any_capped || capped;
        output_scoresheet_deal(ctx->o, row, player(ctx, row->game, 0),
                               player(ctx, row->game, 1), capped);
    }
    return 0;
}

/* sheet_sitting - one sitting of the scoresheet (ledger_sittings_foreach):
 * its deals game by game, every game a quarantined deal touched marked
 * (one in which no deal landed listed in its place), a sitting in which
 * no deal landed named, then its balances.  Returns 0, or non-zero (the
 * ledger's error, out of memory). */
static int sheet_sitting(void *vctx, int64_t id, const char *source)
{
    struct sheet_ctx *ctx = vctx;
    int lost = 0;

    ctx->sitting = id;
    ctx->game = 0;
    ctx->deals = 0;
    ctx->n_gaps = 0;
    ctx->next_gap = 0;
    ctx->games_won[0] = ctx->games_won[1] = 0;
    if (!ctx->rubber_given && sitting_rubber(ctx->l, id, &ctx->rubber) != 0) {
        return 1;
    }
    ctx->money = false;
    if (ledger_persons_foreach(ctx->l, id, person_seen, &ctx->money) < 0) {
        return 1;
    }
    if (ctx->n_who > 0) {
        memset(ctx->who, 0, sizeof(*ctx->who) * (size_t)ctx->n_who);
    }
    if (ctx->money &&
        ledger_seatings_foreach(ctx->l, id, seated, ctx) != 0) {
        return 1;
    }
    if (sitting_words(ctx, id) != 0 ||
        ledger_gaps_foreach(ctx->l, id, gap_seen, ctx) != 0) {
        return 1;
    }
    if (ledger_scoresheet_foreach(ctx->l, id, sheet_row, ctx) != 0) {
        return 1;
    }
    if (ctx->deals == 0) {
        for (int i = 0; i < ctx->n_gaps; i++) {
            lost += ctx->gap_lost[i];
        }
        output_scoresheet_sitting(ctx->o, id, source, lost);
    } else {
        sheet_game_end(ctx);
    }
    lost_games_before(ctx, 0);
    return sheet_balances(ctx, id);
}

/* first_deal - is there a deal in the ledger (ledger_scoresheet_foreach):
 * *vctx set; stops. */
static int first_deal(void *vctx, const struct ledger_deal_row *row)
{
    (void)row;
    *(bool *)vctx = true;
    return 1;
}

int cmd_score(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"rubber", required_argument, NULL, 'r'},
        {"unverified", no_argument, NULL, 'U'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    struct sheet_ctx ctx;
    struct ledger *l = NULL;
    struct output *o = NULL;
    bool unverified = false;
    int rc;
    int c;

    memset(&ctx, 0, sizeof(ctx));
    ctx.rubber = 3;
    while ((c = getopt_long(argc, argv, "d:jr:h", opts, NULL)) != -1) {
        switch (c) {
        case 'U': unverified = true; break;
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
            ctx.rubber_given = true;
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
    /* the figures shown are those of a ledger proven in this snapshot */
    if (ledger_read_begin(l) != 0) {
        fprintf(stderr, "ecarte score: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = proof_guard("score", db, l, 0,
                     unverified ? PROOF_READ_UNVERIFIED : PROOF_READ, NULL);
    if (rc != 0) {
        ledger_close(l);
        return rc > 0 ? EXIT_FINDINGS : EXIT_BAD_INPUT;
    }
    if (output_open(&o, stdout, ctx.json) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    ctx.o = o;
    ctx.l = l;
    {
        bool any = false;

        rc = ledger_scoresheet_foreach(l, 0, first_deal, &any);
        rc = rc == 1 ? 0 : rc;
        if (rc == 0 && !any && !ctx.json) {
            /* no deal yet: each sitting is still named below (its
             * quarantined deals, its money: a game conceded before its
             * first deal) */
            printf("no deal recorded in %s yet\n", db);
        }
    }
    if (rc == 0) {
        rc = ledger_sittings_foreach(l, sheet_sitting, &ctx);
    }
    if (rc == 0 && ctx.any_capped && !ctx.json) {
        printf("\n  * the hand's score capped by a penalty (L43, L25: "
               "point 0, vole 1, point against a stand or refusal 1)\n");
    }
    free(ctx.who);
    free(ctx.capped);
    free(ctx.gap_game);
    free(ctx.gap_lost);
    if (rc != 0) {
        fprintf(stderr, "ecarte score: %s: %s\n", db, ledger_errmsg(l));
        output_close(o);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    output_close(o);
    ledger_close(l);
    return EXIT_FINE;
}
