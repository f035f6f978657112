/*
 * import.c - `ecarte import` (many logs into a ledger, one transaction per
 * deal, unreadable deals quarantined, a file's content never imported
 * twice) and `ecarte verify` (the hash chain of the ledger, and an
 * exported log against the ledger it came from).
 */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A progress bar on standard error, drawn at most five times a second. */
struct progress {
    bool on;
    bool verbose;               /* print rulings and deal scores too */
    const char *name;
    int file;
    int files;
    struct timespec last;
};

static void draw_progress(void *vctx, int64_t deals, int64_t events,
                          int quarantined)
{
    struct progress *p = vctx;
    struct timespec now;
    double dt;

    if (!p->on) {
        return;
    }
    clock_gettime(CLOCK_MONOTONIC, &now);
    dt = (double)(now.tv_sec - p->last.tv_sec) +
         (double)(now.tv_nsec - p->last.tv_nsec) / 1e9;
    if (dt < 0.2) {
        return;
    }
    p->last = now;
    fprintf(stderr, "\r[%d/%d] %.40s: %lld deals, %lld events, %d "
                    "quarantined ",
            p->file, p->files, p->name, (long long)deals, (long long)events,
            quarantined);
}

/*
 * kept_copy - a stream that cannot be read twice (standard input, a
 * pipe) read once into a temporary file (removed when closed), so that it
 * can be hashed and then imported; in closes.  NULL (with a message) on
 * failure.
 */
static FILE *kept_copy(FILE *in, const char *path)
{
    FILE *tmp = tmpfile();
    char buf[65536];
    size_t got;

    if (tmp == NULL) {
        fprintf(stderr, "ecarte import: %s: cannot keep the input: no "
                        "temporary file\n", path);
        close_log(in);
        return NULL;
    }
    while ((got = fread(buf, 1, sizeof(buf), in)) > 0) {
        if (fwrite(buf, 1, got, tmp) != got) {
            fprintf(stderr, "ecarte import: %s: cannot keep the input: "
                            "write error\n", path);
            fclose(tmp);
            close_log(in);
            return NULL;
        }
    }
    if (ferror(in) || fflush(tmp) != 0) {
        fprintf(stderr, "ecarte import: %s: read error\n", path);
        fclose(tmp);
        close_log(in);
        return NULL;
    }
    close_log(in);
    rewind(tmp);
    return tmp;
}

/* import_one - one log into l.  *quarantined gets the deals quarantined.
 * Returns EXIT_FINE, EXIT_FINDINGS or EXIT_BAD_INPUT. */
static int import_one(struct ledger *l, struct output *o, const char *path,
                      struct progress *pg, int *quarantined, int64_t *deals)
{
    char hash[LEDGER_HASH_HEX];
    struct session *s = NULL;
    struct stat st;
    bool whole = false;
    FILE *fp = open_log("import", path);
    int64_t events = 0;
    int begun;
    int rc;

    *quarantined = 0;
    *deals = 0;
    if (fp == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode)) {
        /* read once, hashed and imported from the copy; a last line
         * without its end is a line cut short */
        whole = true;
        fp = kept_copy(fp, path);
        if (fp == NULL) {
            return EXIT_BAD_INPUT;
        }
    }
    if (ledger_sha256_file(fp, hash) != 0) {
        fprintf(stderr, "ecarte import: %s: cannot read\n", path);
        fclose(fp);
        return EXIT_BAD_INPUT;
    }
    rewind(fp);
    if (session_open(&s, l, o, COMMIT_PER_DEAL) != 0) {
        fclose(fp);
        return EXIT_BAD_INPUT;
    }
    session_set_import(s, draw_progress, pg);
    session_set_quiet(s, !pg->verbose);
    session_set_whole_lines(s, whole);
    begun = session_import_begin(s, hash);
    if (begun < 0) {
        session_close(s);
        fclose(fp);
        if (begun == -1) {
            fprintf(stderr, "ecarte import: %s\n", ledger_errmsg(l));
        }
        return EXIT_BAD_INPUT;
    }
    if (begun == 1) {
        session_close(s);
        fclose(fp);
        output_import(o, path, "already-imported", 0, 0, 0);
        return EXIT_FINE;
    }
    if (begun == 2) {
        fprintf(stderr, "ecarte import: %s: resuming an interrupted import "
                        "after line %d (%lld deals in)\n",
                path, session_skipped_to(s), (long long)session_deals(s));
    }
    rc = session_run(s, fp, path);
    fclose(fp);
    *quarantined = session_quarantined(s);
    *deals = session_deals(s);
    events = session_events(s);
    session_close(s);
    if (pg->on) {
        fprintf(stderr, "\r\033[K");
    }
    if (rc < 0) {
        return EXIT_BAD_INPUT;
    }
    output_import(o, path, "imported", *deals, *quarantined, events);
    return rc;
}

int cmd_import(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"verbose", no_argument, NULL, 'v'},
        {"new", no_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = NULL;
    bool json = false;
    bool verbose = false;
    bool fresh = false;
    int n_stdin = 0;
    struct ledger *l = NULL;
    struct output *o = NULL;
    struct progress pg;
    int worst = EXIT_FINE;
    int total_q = 0;
    int64_t total_deals = 0;
    int c;

    while ((c = getopt_long(argc, argv, "d:jvnh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': json = true; break;
        case 'v': verbose = true; break;
        case 'n': fresh = true; break;
        case 'h':
            return usage_help("import");
        default: return usage_error("import", "bad option or missing value (see above)");
        }
    }
    if (db == NULL) {
        return usage_error("import", "expected --db FILE");
    }
    if (optind >= argc) {
        return usage_error("import", "expected one or more logs");
    }
    for (int i = optind; i < argc; i++) {
        n_stdin += strcmp(argv[i], "-") == 0;
    }
    if (n_stdin > 1) {
        return usage_error("import", "expected standard input (-) once, "
                                     "found it %d times", n_stdin);
    }
    l = ledger_for("import", db, LEDGER_FAST | LEDGER_CHECK |
                                     (fresh ? LEDGER_EMPTY_OK : 0));
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (output_open(&o, stdout, json) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    memset(&pg, 0, sizeof(pg));
    pg.on = isatty(2) != 0;
    pg.verbose = verbose;
    pg.files = argc - optind;
    for (int i = optind; i < argc; i++) {
        int q = 0;
        int64_t d = 0;
        int rc;

        pg.file = i - optind + 1;
        pg.name = argv[i];
        rc = import_one(l, o, argv[i], &pg, &q, &d);
        total_q += q;
        total_deals += d;
        if (rc == EXIT_BAD_INPUT) {
            worst = EXIT_BAD_INPUT;
        } else if (rc > worst) {
            worst = rc;
        }
    }
    if (argc - optind > 1 && !json) {
        printf("total: %lld deals imported, %d quarantined\n",
               (long long)total_deals, total_q);
    }
    output_close(o);
    ledger_close(l);
    if (worst == EXIT_FINE && total_q > 0) {
        worst = EXIT_FINDINGS;
    }
    return worst;
}

/* ------------------------------------------------------------------ */
/* verify                                                               */
/* ------------------------------------------------------------------ */

/* The events of an exported log, compared with the ledger's. */
struct log_check {
    FILE *fp;
    struct tl_reader *rd;
    const char *name;
    char head[LEDGER_HASH_HEX];
    int64_t sitting;
    int64_t from;               /* id of the first event exported */
    bool started;               /* the first log event was found */
    bool done;                  /* the head was reached */
    int bad_line;               /* first log line that differs, 0 none */
    char want[TL_LINE_MAX];     /* what the ledger has there */
    int64_t compared;
};

/* next_event_line - the next event line of the log, canonical text into
 * buf; 0 at the end. */
static int next_event_line(struct log_check *lc, char *buf, size_t n,
                           int *line_no)
{
    struct tl_line line;
    int got;

    while ((got = tl_reader_next(lc->rd, &line)) != 0) {
        if (got == -2) {
            return 0;           /* a read error: no more lines */
        }
        if (got < 0) {
            *line_no = tl_reader_line(lc->rd);
            snprintf(buf, n, "(unreadable)");
            return 1;
        }
        if (line.kind == TL_EVENT) {
            tl_format_line(&line, buf, n);
            *line_no = line.line_no;
            return 1;
        }
    }
    return 0;
}

static int compare_event(void *vctx, const struct ledger_event *ev)
{
    struct log_check *lc = vctx;
    char text[TL_LINE_MAX];
    int line_no = 0;

    if (lc->done || lc->bad_line != 0) {
        return 1;
    }
    if (ev->id < lc->from) {
        return 0;               /* before the exported part (--game) */
    }
    if (!next_event_line(lc, text, sizeof(text), &line_no)) {
        if (!lc->done) {
            lc->bad_line = -1;
            snprintf(lc->want, sizeof(lc->want), "%s", ev->text);
        }
        return 1;
    }
    lc->started = true;
    lc->compared++;
    if (strcmp(text, ev->text) != 0) {
        lc->bad_line = line_no;
        snprintf(lc->want, sizeof(lc->want), "%s", ev->text);
        return 1;
    }
    if (strcmp(ev->hash, lc->head) == 0) {
        lc->done = true;
        return 1;
    }
    return 0;
}

/* read_chain_tag - the [Chain "..."] tag of an exported log: head hash and
 * sitting.  Returns 0, -1 if the log has none. */
static int read_chain_tag(FILE *fp, const char *name, char *head,
                          int64_t *sitting, int64_t *from)
{
    struct tl_reader *rd = NULL;
    struct tl_line line;
    int got;
    int rc = -1;

    if (tl_reader_open(&rd, fp, name) != 0) {
        return -1;
    }
    while ((got = tl_reader_next(rd, &line)) != 0) {
        if (got < 0 || line.kind != TL_TAG) {
            if (got > 0 && line.kind == TL_EVENT) {
                break;
            }
            continue;
        }
        if (strcmp(line.tag_name, "Chain") == 0) {
            long long sid = 0;
            long long first = 0;

            if (sscanf(line.tag_value, "sitting=%lld from=%lld head=%64s",
                       &sid, &first, head) == 3) {
                *sitting = sid;
                *from = first;
                rc = 0;
            }
            break;
        }
    }
    tl_reader_close(rd);
    return rc;
}

/*
 * check_claims - the `=` lines of an exported log against what the laws
 * give for its actions (as `ecarte check` does; findings are printed).
 * Returns 0 if they agree, 1 if not.
 */
static int check_claims(const char *log)
{
    struct ledger *mem = NULL;
    struct output *o = NULL;
    struct session *s = NULL;
    FILE *fp = open_log("verify", log);
    int rc = 1;

    if (fp == NULL || ledger_open(&mem, ":memory:", 0) != 0 ||
        output_open(&o, stdout, false) != 0 ||
        session_open(&s, mem, o, COMMIT_PER_DEAL) != 0) {
        goto out;
    }
    session_set_quiet(s, true);
    rc = session_run(s, fp, log) == EXIT_FINE ? 0 : 1;
    if (rc != 0) {
        printf("%s: its `=` lines (rulings, scores) are not what the laws "
               "give for its actions\n",
               log);
    }
out:
    session_close(s);
    output_close(o);
    ledger_close(mem);
    close_log(fp);
    return rc;
}

int cmd_verify(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"log", required_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    const char *log = NULL;
    struct ledger *l = NULL;
    int64_t bad = 0;
    int64_t n = 0;
    char head[LEDGER_HASH_HEX];
    int rc;
    int c;

    while ((c = getopt_long(argc, argv, "d:l:h", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'l': log = optarg; break;
        case 'h':
            return usage_help("verify");
        default: return usage_error("verify", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("verify", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    l = ledger_for("verify", db, LEDGER_READONLY);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    /* the chain and the exported log's lines against one snapshot */
    if (ledger_read_begin(l) != 0) {
        fprintf(stderr, "ecarte verify: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = ledger_verify(l, &bad);
    if (rc < 0) {
        fprintf(stderr, "ecarte verify: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (rc == 1 && bad == 0) {
        printf("%s: DAMAGED: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_FINDINGS;
    }
    if (rc == 1) {
        printf("%s: TAMPERED: first bad event %lld: %s\n", db,
               (long long)bad, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_FINDINGS;
    }
    ledger_chain_head(l, head, &n);
    printf("%s: chain intact: %lld events, head %s\n", db, (long long)n,
           head);
    if (log != NULL) {
        struct log_check lc;

        memset(&lc, 0, sizeof(lc));
        lc.name = log;
        lc.fp = open_log("verify", log);
        if (lc.fp == stdin) {
            fprintf(stderr, "ecarte verify: expected an exported log file "
                    "for --log (it is read twice), found standard input\n");
        }
        if (lc.fp == NULL || lc.fp == stdin) {
            close_log(lc.fp);
            ledger_close(l);
            return EXIT_BAD_INPUT;
        }
        if (read_chain_tag(lc.fp, log, lc.head, &lc.sitting, &lc.from) !=
            0) {
            /* not an export: bad input, not a finding about the ledger */
            fprintf(stderr, "ecarte verify: %s:1:1: expected an exported log "
                    "(its [Chain \"sitting=N from=ID head=HASH\"] tag, "
                    "written by ecarte export), found none\n",
                    log);
            fclose(lc.fp);
            ledger_close(l);
            return EXIT_BAD_INPUT;
        }
        rewind(lc.fp);
        if (tl_reader_open(&lc.rd, lc.fp, log) != 0 ||
            ledger_events_foreach(l, lc.sitting, compare_event, &lc) < 0) {
            fprintf(stderr, "ecarte verify: %s: %s\n", db, ledger_errmsg(l));
            tl_reader_close(lc.rd);
            fclose(lc.fp);
            ledger_close(l);
            return EXIT_BAD_INPUT;
        }
        if (lc.bad_line == 0 && lc.done) {
            char extra[TL_LINE_MAX];
            int line_no = 0;

            /* nothing may follow the head: it is not in the chain */
            if (next_event_line(&lc, extra, sizeof(extra), &line_no)) {
                lc.bad_line = line_no;
                snprintf(lc.want, sizeof(lc.want),
                         "nothing: the chain head %.16s... ends before it",
                         lc.head);
            }
        }
        tl_reader_close(lc.rd);
        fclose(lc.fp);
        if (lc.bad_line > 0) {
            printf("%s:%d: differs from the ledger, which has \"%s\"\n", log,
                   lc.bad_line, lc.want);
            rc = 1;
        } else if (!lc.done) {
            printf("%s: its chain head %s is not the ledger's sitting %lld "
                   "(events missing or added)\n",
                   log, lc.head, (long long)lc.sitting);
            rc = 1;
        } else {
            printf("%s: matches the ledger: %lld events up to head %s\n",
                   log, (long long)lc.compared, lc.head);
            rc = check_claims(log);
        }
    }
    ledger_close(l);
    return rc == 1 ? EXIT_FINDINGS : EXIT_FINE;
}
