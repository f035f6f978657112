/* main.c - the ecarte command: dispatch to the subcommands. */
#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage_text[] =
    "usage: ecarte SUBCOMMAND [OPTION...] [ARG...]\n"
    "\n"
    "A referee for Écarté under the London club laws (Turf and Portland\n"
    "Clubs).  Table logs (.ecarte) are read a line at a time, adjudicated,\n"
    "and recorded in a SQLite ledger.\n"
    "\n"
    "subcommands:\n"
    "  record [--db FILE] [--json] [--new | --sitting ID] [LOG... | -]\n"
    "                      adjudicate and record actions (default ecarte.db);\n"
    "                      resumes the sitting the log continues\n"
    "  check [--json] [--strict] LOG...\n"
    "                      adjudicate in memory and compare every `=` line\n"
    "  export [--db FILE] [--game N] [--sitting ID]\n"
    "                      write the ledger back as a .ecarte log\n"
    "  score [--db FILE] [--json]\n"
    "                      the scoresheet: games, deals, points, winners\n"
    "  law N               one law in words: trigger, window, elector,\n"
    "                      options, remedies and the reading chosen\n"
    "  import --db FILE [--new] [--json] [--verbose] LOG... | -\n"
    "                      bulk import: one transaction per deal, unreadable\n"
    "                      deals quarantined, a file's content only once;\n"
    "                      an interrupted import goes on where it stopped\n"
    "  verify [--db FILE] [--log EXPORTED-LOG]\n"
    "                      check the hash chain; an export against its ledger\n"
    "  audit [--db FILE] [--json]\n"
    "                      re-derive every deal and report what was wrong\n"
    "  gen [--deals N] [--seed S] [--irregularities RATE]\n"
    "                      a deterministic synthetic sitting, with `=` lines\n"
    "  laws [--profile [--laws SPEC | --db FILE]]\n"
    "                      every law in a line; --profile: the rule switches\n"
    "                      (of SPEC, or of the newest sitting of a ledger)\n"
    "\n"
    "exit status: 0 fine, 1 findings, 2 bad input or usage\n";

/* The usage of each subcommand, for `ecarte SUB --help`. */
static const struct {
    const char *name;
    const char *text;
} sub_usage[] = {
    {"record",
     "usage: ecarte record [--db FILE] [--json] [--new | --sitting ID] "
     "[LOG... | -]\n"
     "\n"
     "Adjudicate the actions of table logs (standard input if none, or -)\n"
     "a line at a time and record each in the ledger as it is read.  Run\n"
     "again on the same log (or the same lines on standard input), it\n"
     "resumes that log's sitting and skips the lines already recorded;\n"
     "input that continues no sitting starts a new one, and says so.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db, made if missing)\n"
     "  --json       rulings, deals and games as JSON Lines\n"
     "  --new        start a new sitting, resuming none\n"
     "  --sitting ID continue sitting ID\n"
     "  --help       this text\n"},
    {"check",
     "usage: ecarte check [--json] [--strict] LOG...\n"
     "\n"
     "Adjudicate logs against a ledger in memory and compare every `=`\n"
     "line with what the rules give; each disagreement is a finding.\n"
     "\n"
     "options:\n"
     "  --json       rulings, findings, deals and games as JSON Lines\n"
     "  --strict     a ruling the log does not record is a finding too\n"
     "  --quiet      accepted; has no effect\n"
     "  --help       this text\n"},
    {"export",
     "usage: ecarte export [--db FILE] [--game N] [--sitting ID]\n"
     "\n"
     "Write a sitting of the ledger back as a .ecarte log, with `=` lines\n"
     "for every ruling and score and its [Chain] tag for `ecarte verify`.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --sitting ID the sitting (default the newest)\n"
     "  --game N     only game N of the sitting\n"
     "  --help       this text\n"},
    {"score",
     "usage: ecarte score [--db FILE] [--json] [--rubber N]\n"
     "\n"
     "Print the scoresheet: every deal (dealer, tricks, points), each\n"
     "game's winner and value, and the rubbers.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --json       one JSON object per deal\n"
     "  --rubber N   games in a rubber, best of N (default 3)\n"
     "  --help       this text\n"},
    {"law",
     "usage: ecarte law N\n"
     "\n"
     "Print law N (1-51, or L1-L51) in the project's words: trigger,\n"
     "window, offender, elector, options, remedy and the reading chosen\n"
     "where the code is silent.\n"
     "\n"
     "options:\n"
     "  --help       this text\n"},
    {"laws",
     "usage: ecarte laws [--profile [--laws SPEC | --db FILE]]\n"
     "\n"
     "List the 51 laws, one a line; with --profile, the rule switches.\n"
     "\n"
     "options:\n"
     "  --profile    the rule switches with their values and meaning\n"
     "  --laws SPEC  of this Laws tag value (\"london; must-trump=no\")\n"
     "  --db FILE    of the newest sitting of this ledger\n"
     "  --help       this text\n"},
    {"gen",
     "usage: ecarte gen [--deals N] [--seed S] [--irregularities RATE]\n"
     "\n"
     "Write a deterministic synthetic sitting to standard output: legal\n"
     "play by simple strategies, irregularities injected at a rate, with\n"
     "the referee's rulings and scores as `=` lines.\n"
     "\n"
     "options:\n"
     "  --deals N    deals to play (default 20)\n"
     "  --seed S     the seed of the generator (default 1)\n"
     "  --irregularities RATE\n"
     "               the chance of an irregularity in a deal, 0..1\n"
     "               (default 0)\n"
     "  --help       this text\n"},
    {"import",
     "usage: ecarte import --db FILE [--new] [--json] [--verbose] "
     "LOG... | -\n"
     "\n"
     "Import logs into a ledger, one transaction per deal.  A deal that\n"
     "cannot be read is quarantined and every good deal lands; a file\n"
     "imported before adds nothing, and one whose import was interrupted\n"
     "goes on where it stopped.  - reads standard input once.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (made if missing)\n"
     "  --new        an empty file may become the ledger\n"
     "  --json       one JSON object per file\n"
     "  --verbose    print the rulings and the deals too\n"
     "  --help       this text\n"},
    {"verify",
     "usage: ecarte verify [--db FILE] [--log EXPORTED-LOG]\n"
     "\n"
     "Walk the hash chain of the ledger's events; the first bad row is\n"
     "named.  With --log, an export is checked line by line against the\n"
     "ledger it came from.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --log FILE   a log written by ecarte export\n"
     "  --help       this text\n"},
    {"audit",
     "usage: ecarte audit [--db FILE] [--json]\n"
     "\n"
     "Re-derive every deal of the ledger from its actions and report what\n"
     "was wrong, a summary per player and statistics with their\n"
     "probabilities.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --json       findings, irregularities, players and statistics as\n"
     "               JSON Lines\n"
     "  --help       this text\n"},
};

int usage_help(const char *sub)
{
    for (size_t i = 0; i < sizeof(sub_usage) / sizeof(sub_usage[0]); i++) {
        if (strcmp(sub_usage[i].name, sub) == 0) {
            fputs(sub_usage[i].text, stdout);
            fputs("\nexit status: 0 fine, 1 findings, 2 bad input or usage\n",
                  stdout);
            return EXIT_FINE;
        }
    }
    fputs(usage_text, stdout);
    return EXIT_FINE;
}

int usage_error(const char *sub, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "ecarte%s%s: ", sub ? " " : "", sub ? sub : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'ecarte%s%s --help'.\n", sub ? " " : "",
            sub ? sub : "");
    return EXIT_BAD_INPUT;
}

FILE *open_log(const char *sub, const char *path)
{
    struct stat st;
    FILE *fp;

    if (strcmp(path, "-") == 0) {
        return stdin;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "ecarte %s: %s: cannot read: %s\n", sub, path,
                strerror(EISDIR));
        return NULL;
    }
    fp = fopen(path, "r");
    if (fp == NULL) {
        fprintf(stderr, "ecarte %s: %s: cannot read: %s\n", sub, path,
                strerror(errno));
    }
    return fp;
}

void close_log(FILE *fp)
{
    if (fp != NULL && fp != stdin) {
        fclose(fp);
    }
}

/* tell_wait - a lock held by another process is waited for. */
static void tell_wait(void *ctx, long waited_ms)
{
    fprintf(stderr, "ecarte: %s: another ecarte is writing to the ledger; "
                    "waiting for it (%ld s so far, Ctrl-C to give up)\n",
            (const char *)ctx, waited_ms / 1000);
}

struct ledger *ledger_for(const char *sub, const char *path, unsigned flags)
{
    struct ledger_options opt = {
        .flags = flags,
        .wait_ms = -1,
        .on_wait = tell_wait,
        .wait_ctx = (void *)(uintptr_t)path,
    };
    struct ledger *l = NULL;
    int rc = ledger_open_with(&l, path, &opt);

    if (rc == 0) {
        return l;
    }
    fprintf(stderr, "ecarte%s%s: %s: %s", sub != NULL ? " " : "",
            sub != NULL ? sub : "", path, ledger_errmsg(l));
    if (rc == LEDGER_E_EMPTY) {
        fprintf(stderr, " (--new makes it a new ledger)");
    } else if (rc == LEDGER_E_DAMAGED && (flags & LEDGER_READONLY) == 0) {
        fprintf(stderr, "; nothing was written (ecarte verify tells more)");
    }
    fprintf(stderr, "\n");
    ledger_close(l);
    return NULL;
}

/* open_ledger - open path for a subcommand; prints why on failure. */
static struct ledger *open_ledger(const char *path, unsigned flags)
{
    return ledger_for(NULL, path, flags);
}

/* run_inputs - run each log (or standard input) through session s. */
static int run_inputs(struct session *s, const char *sub, int n,
                      char **names)
{
    int worst = EXIT_FINE;

    for (int i = 0; i < n; i++) {
        FILE *fp = open_log(sub, names[i]);
        int rc;

        if (fp == NULL) {
            return EXIT_BAD_INPUT;
        }
        rc = session_run(s, fp, names[i]);
        close_log(fp);
        if (rc < 0) {
            return EXIT_BAD_INPUT;
        }
        if (rc == EXIT_BAD_INPUT) {
            return rc;
        }
        if (rc > worst) {
            worst = rc;
        }
    }
    return worst;
}

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
    char *end = NULL;
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
            sitting = strtoll(optarg, &end, 10);
            if (*end != '\0' || sitting < 1) {
                return usage_error("record", "expected a sitting id, found "
                                             "\"%s\"", optarg);
            }
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
    if (output_open(&o, stdout, json) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }

    for (int i = 0; i < n && rc != EXIT_BAD_INPUT; i++) {
        struct session *s = NULL;
        int r;

        if (session_open(&s, l, o, COMMIT_PER_ACTION) != 0) {
            rc = EXIT_BAD_INPUT;
            break;
        }
        session_set_resume(s, fresh ? RESUME_NEW
                              : sitting > 0 ? RESUME_SITTING
                                            : RESUME_AUTO,
                           sitting);
        session_set_whole_lines(s, strcmp(names[i], "-") == 0 &&
                                       !stdin_is_a_file());
        r = run_inputs(s, "record", 1, &names[i]);
        rc = r > rc ? r : rc;
        session_close(s);
    }
    output_close(o);
    ledger_close(l);
    return rc;
}

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
        struct ledger *l = open_ledger(":memory:", 0);
        struct output *o = NULL;
        struct session *s = NULL;
        int rc;

        if (l == NULL || output_open(&o, stdout, json) != 0 ||
            session_open(&s, l, o, COMMIT_PER_DEAL) != 0) {
            output_close(o);
            ledger_close(l);
            return EXIT_BAD_INPUT;
        }
        (void)quiet;
        session_set_strict(s, strict);
        rc = run_inputs(s, "check", 1, &argv[i]);
        session_close(s);
        output_close(o);
        ledger_close(l);
        if (rc > worst) {
            worst = rc;
        }
    }
    return worst;
}

struct export_ctx {
    int game;
    FILE *fp;
    bool tags_done;
    /* the chain of the part exported: first event id, last event hash */
    int64_t games_seen;
    int64_t last_game_id;
    int64_t from;
    char head[LEDGER_HASH_HEX];
    int64_t sitting;
    /* the sitting's quarantined deals: after how many of the events
     * exported each stood (-1: not in the part exported) */
    struct lost_deal *gaps;
    int *gap_at;
    int n_gaps;
    int n_exported;             /* events in the part exported (first pass) */
    int n_written;              /* event lines written (second pass) */
};

/* gap_lines - a comment where each quarantined deal stood, before the
 * event line after n events of the export. */
static void gap_lines(struct export_ctx *ctx, int n)
{
    for (int i = 0; i < ctx->n_gaps; i++) {
        if (ctx->gap_at[i] == n) {
            fprintf(ctx->fp, "# quarantined: a deal that could not be read "
                             "stood here (line %d of the log imported); the "
                             "sitting goes on as that log states it\n",
                    ctx->gaps[i].line);
        }
    }
}

/* chain_range - first pass: which events the export holds (all of the
 * sitting, or those of game number ctx->game). */
static int chain_range(void *vctx, const struct ledger_event *ev)
{
    struct export_ctx *ctx = vctx;

    if (ev->game != 0 && ev->game != ctx->last_game_id) {
        ctx->games_seen++;
        ctx->last_game_id = ev->game;
    }
    if (ctx->game > 0 && (ev->game == 0 || ctx->games_seen != ctx->game)) {
        return 0;
    }
    if (ctx->from == 0) {
        ctx->from = ev->id;
        for (int i = 0; i < ctx->n_gaps; i++) {
            /* a deal lost at the start of the part exported */
            if (ctx->gaps[i].after_event < ev->id &&
                (ctx->game == 0 || ctx->gaps[i].game == ctx->game)) {
                ctx->gap_at[i] = 0;
            }
        }
    }
    ctx->n_exported++;
    for (int i = 0; i < ctx->n_gaps; i++) {
        if (ctx->gaps[i].after_event == ev->id) {
            ctx->gap_at[i] = ctx->n_exported;
        }
    }
    snprintf(ctx->head, sizeof(ctx->head), "%s", ev->hash);
    return 0;
}

static int export_line(void *vctx, enum ledger_line_kind kind, int64_t game,
                       const char *text)
{
    struct export_ctx *ctx = vctx;

    (void)game;
    if (kind != LEDGER_LINE_TAG && !ctx->tags_done) {
        /* the chain of what is exported, for `ecarte verify --log` */
        ctx->tags_done = true;
        if (ctx->from != 0) {
            fprintf(ctx->fp, "[Chain \"sitting=%lld from=%lld head=%s\"]\n",
                    (long long)ctx->sitting, (long long)ctx->from,
                    ctx->head);
        }
    }
    switch (kind) {
    case LEDGER_LINE_TAG:
        if (strncmp(text, "[Chain ", 7) == 0) {
            break;              /* a chain tag of an earlier export */
        }
        fprintf(ctx->fp, "%s\n", text);
        break;
    case LEDGER_LINE_EVENT:
        gap_lines(ctx, ctx->n_written++);
        fprintf(ctx->fp, "%s\n", text);
        break;
    case LEDGER_LINE_RULING:
    case LEDGER_LINE_SCORE:
        fprintf(ctx->fp, "= %s\n", text);
        break;
    }
    return 0;
}

static int last_sitting(void *vctx, int64_t id, const char *source)
{
    (void)source;
    *(int64_t *)vctx = id;
    return 0;
}

int cmd_export(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"game", required_argument, NULL, 'g'},
        {"sitting", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    int game = 0;
    int64_t sitting = 0;
    struct export_ctx ctx;
    struct ledger *l = NULL;
    char *end = NULL;
    int rc = 0;
    int c;

    memset(&ctx, 0, sizeof(ctx));
    ctx.fp = stdout;
    while ((c = getopt_long(argc, argv, "d:g:s:h", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'g':
            game = (int)strtol(optarg, &end, 10);
            if (*end != '\0' || game < 1) {
                return usage_error("export", "expected a game number, found "
                                             "\"%s\"", optarg);
            }
            break;
        case 's':
            sitting = strtoll(optarg, &end, 10);
            if (*end != '\0' || sitting < 1) {
                return usage_error("export", "expected a sitting id, found "
                                             "\"%s\"", optarg);
            }
            break;
        case 'h': return usage_help("export");
        default: return usage_error("export", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("export", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    l = ledger_for("export", db, LEDGER_READONLY);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    /* the chain tag and the lines from one snapshot of the ledger */
    if (ledger_read_begin(l) != 0 ||
        (sitting == 0 &&
         ledger_sittings_foreach(l, last_sitting, &sitting) != 0)) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (sitting == 0) {
        fprintf(stderr, "ecarte export: %s: the ledger has no sitting\n", db);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    ctx.game = game;
    ctx.sitting = sitting;
    if (lost_deals_load(l, sitting, &ctx.gaps, &ctx.n_gaps) != 0 ||
        (ctx.n_gaps > 0 &&
         (ctx.gap_at = malloc(sizeof(int) * (size_t)ctx.n_gaps)) == NULL)) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, ledger_errmsg(l));
        free(ctx.gaps);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    for (int i = 0; i < ctx.n_gaps; i++) {
        ctx.gap_at[i] = -1;
    }
    rc = ledger_events_foreach(l, sitting, chain_range, &ctx);
    if (rc != 0) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, ledger_errmsg(l));
        goto out;
    }
    if (ctx.from == 0) {
        if (game > 0) {
            fprintf(stderr, "ecarte export: %s: sitting %lld has no game "
                            "%d\n",
                    db, (long long)sitting, game);
        } else {
            fprintf(stderr, "ecarte export: %s: no sitting %lld (or it has "
                            "no action)\n",
                    db, (long long)sitting);
        }
        rc = -1;
        goto out;
    }
    rc = ledger_lines_foreach(l, sitting, game, export_line, &ctx);
    if (rc != 0) {
        fprintf(stderr, "ecarte export: %s: %s\n", db, ledger_errmsg(l));
        goto out;
    }
    gap_lines(&ctx, ctx.n_written);
out:
    free(ctx.gaps);
    free(ctx.gap_at);
    ledger_read_end(l);
    ledger_close(l);
    return rc == 0 ? EXIT_FINE : EXIT_BAD_INPUT;
}

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
    if (ctx->games_won[0] * 2 > ctx->rubber ||
        ctx->games_won[1] * 2 > ctx->rubber) {
        printf("  rubber to %c\n", ctx->games_won[0] > ctx->games_won[1]
                                       ? 'A' : 'B');
        ctx->games_won[0] = ctx->games_won[1] = 0;
    }
}

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
        case 'r': ctx.rubber = atoi(optarg); break;
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

/* wrap - print text as a paragraph indented by indent, lines of at most
 * 78 columns. */
static void wrap(const char *label, const char *text, int indent)
{
    const char *p = text;
    int col = printf("%*s%s", 2, "", label);

    while (col < indent) {
        col += printf(" ");
    }
    bool first = true;

    while (*p != '\0') {
        size_t len = strcspn(p, " ");

        if (col + 1 + (int)len > 78 && col > indent) {
            printf("\n%*s", indent, "");
            col = indent;
            first = true;
        }
        col += printf("%s%.*s", first ? "" : " ", (int)len, p);
        first = false;
        p += len;
        while (*p == ' ') {
            p++;
        }
    }
    printf("\n");
}

/* What the names of windows, roles, options and remedies mean, for
 * students reading `ecarte law N`. */
static const char *const window_words[WIN_COUNT] = {
    [WIN_NONE] = "settled at once",
    [WIN_BEFORE_TURN_UP] = "until the trump is turned up",
    [WIN_BEFORE_TURN_OR_LOOK] = "until the trump is turned up or elder hand "
                                "looks at his cards",
    [WIN_BEFORE_ELDER_LOOKS] = "until elder hand looks at his cards",
    [WIN_BEFORE_ELDER_ACTS] = "until elder hand proposes or plays",
    [WIN_BEFORE_DEALER_ANSWERS] = "until the dealer answers the first "
                                  "proposal, or play begins",
    [WIN_BEFORE_PLAY] = "until the first card is led",
    [WIN_BEFORE_NEXT_CARD] = "until the next card is played",
    [WIN_BEFORE_NEXT_LEAD] = "until the next card is led",
    [WIN_BEFORE_NEXT_TURN_UP] = "until the next deal begins",
    [WIN_BEFORE_NEXT_CUT] = "until the pack is cut for the next deal",
    [WIN_GAME] = "while the game lasts",
};

static const char *const role_words[] = {
    [ROLE_NOBODY] = "nobody (it applies by itself)",
    [ROLE_ACTOR] = "the player who did it",
    [ROLE_DEALER] = "the dealer",
    [ROLE_ELDER] = "elder hand",
    [ROLE_ADVERSARY] = "the offender's adversary",
    [ROLE_EITHER] = "either player",
    [ROLE_TARGET] = "the player named in the action",
};

static const char *const option_words[OPT_COUNT] = {
    [OPT_NEW_DEAL] = "the deal is void; the same dealer deals again",
    [OPT_PLAY_ON] = "the deal stands (a surplus goes out of play, a short "
                    "hand plays short)",
    [OPT_RECTIFY] = "the dealer puts the deal right",
    [OPT_TRUMP] = "elder hand names the card that is trump",
    [OPT_REPLAY] = "the hand is played again from the first trick",
    [OPT_STAND] = "the result as played stands",
    [OPT_TAKE] = "elder hand takes the exposed card",
    [OPT_REFUSE] = "the exposed card is set aside",
    [OPT_COMPLETE] = "the short hand is completed from the stock",
    [OPT_NAMED_SUIT] = "the leader must lead the suit he named",
    [OPT_CARD_LED] = "play goes on to the card led",
};

/* print_law - one law in words, for `ecarte law N`: what it says, when it
 * wakes, who offends and who chooses, the options and the remedy, the
 * reading chosen, and the `= ruling` line a log records. */
static void print_law(const struct law *l)
{
    struct ruling r;
    char line[300];

    printf("%s  %s\n\n", l->id, l->title);
    wrap("", l->text_ref, 2);
    printf("\n");
    wrap("kind:",
         l->kind == LAW_KIND_PENALTY
             ? "penalty law: engaging it gives a ruling"
         : l->kind == LAW_KIND_PROCEDURE
             ? "procedure: engaging it gives a ruling that settles the "
               "procedure; it records no irregularity"
             : "rule of scoring, applied as the play goes; it gives "
               "no ruling line",
         12);
    line[0] = '\0';
    for (int k = 1; k < EV_KIND_COUNT; k++) {
        if (l->trigger & EV_BIT(k)) {
            size_t used = strlen(line);

            snprintf(line + used, sizeof(line) - used, "%s\"%s\"",
                     used ? ", " : "", event_verb((enum event_kind)k));
        }
    }
    wrap("woken by:", line, 12);
    if (l->kind != LAW_KIND_RULE) {
        wrap("offender:", role_words[l->offender], 12);
        wrap("chooses:", role_words[l->elector], 12);
        for (int o = 0; o < OPT_COUNT; o++) {
            if (l->options & OPT_BIT(o)) {
                char opt[200];

                snprintf(opt, sizeof(opt), "\"elects %s\": %s",
                         option_name((enum law_option)o), option_words[o]);
                wrap("option:", opt, 12);
            }
        }
        wrap("window:", window_words[l->window], 12);
        wrap("remedy:", remedy_name(l->remedy), 12);
    }
    if (l->reading != NULL) {
        wrap("reading:", l->reading, 12);
    }
    if (l->kind != LAW_KIND_RULE) {
        memset(&r, 0, sizeof(r));
        r.law = l->law;
        r.offender = l->offender == ROLE_NOBODY ? SEAT_NONE : SEAT_A;
        r.elector = l->elector == ROLE_NOBODY
                        ? SEAT_NONE
                        : (l->elector == ROLE_ADVERSARY ? SEAT_B : SEAT_B);
        r.options = l->options;
        r.remedy = l->remedy;
        printf("\n  in a log, e.g.:  = %s\n", ruling_format(&r, line,
                                                          sizeof(line)));
    }
}

int cmd_law(int argc, char **argv)
{
    const struct law *l;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            return usage_help("law");
        }
    }
    if (argc != 2) {
        return usage_error("law", "expected one law number (1-51 or L12)");
    }
    l = laws_find(argv[1], strlen(argv[1]));
    if (l == NULL) {
        return usage_error("law", "expected a law number 1-51, found \"%s\"",
                           argv[1]);
    }
    print_law(l);
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
        {"laws", required_argument, NULL, 'l'},
        {"db", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool profile = false;
    const char *spec = "london";
    const char *db = NULL;
    int c;

    while ((c = getopt_long(argc, argv, "pl:d:h", opts, NULL)) != -1) {
        switch (c) {
        case 'p': profile = true; break;
        case 'l': spec = optarg; profile = true; break;
        case 'd': db = optarg; profile = true; break;
        case 'h': return usage_help("laws");
        default: return usage_error("laws", "bad option or missing value (see above)");
        }
    }
    if (profile) {
        struct profile p;
        char err[200];
        char buf[4096];

        if (db != NULL) {
            /* the profile in force in the newest sitting of a ledger */
            struct ledger *l = open_ledger(db, LEDGER_READONLY);
            struct arbiter *arb = NULL;
            int64_t sitting = 0;

            if (l == NULL || arbiter_open(&arb) != 0) {
                ledger_close(l);
                return EXIT_BAD_INPUT;
            }
            if (ledger_sittings_foreach(l, last_sitting, &sitting) != 0 ||
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

        printf("%-4s %-48s %s\n", l->id, l->title,
               l->kind == LAW_KIND_RULE ? "(scoring rule)"
                                        : remedy_name(l->remedy));
    }
    return EXIT_FINE;
}

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
    };
    char err[200];

    if (laws_selfcheck(err, sizeof(err)) != 0) {
        fprintf(stderr, "ecarte: law registry broken: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        if (strcmp(argv[1], "help") == 0 && argc > 2) {
            return usage_help(argv[2]);
        }
        fputs(usage_text, stdout);
        return EXIT_FINE;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("ecarte %s (SQLite %s)\n", ECARTE_VERSION, "linked");
        return EXIT_FINE;
    }
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++) {
        if (strcmp(argv[1], subs[i].name) == 0) {
            int rc = subs[i].fn(argc - 1, argv + 1);

            /* output that did not reach its file is not output */
            if (fflush(stdout) != 0 || ferror(stdout)) {
                fprintf(stderr, "ecarte %s: cannot write the output: %s\n",
                        subs[i].name, strerror(errno));
                return EXIT_BAD_INPUT;
            }
            return rc;
        }
    }
    return usage_error(NULL, "unknown subcommand \"%s\"", argv[1]);
}
