/* SPDX-License-Identifier: MIT */
/*
 * import.c - `ecarte import`: many logs into a ledger, one transaction per
 * deal, unreadable deals quarantined, a file's content never imported
 * twice, an interrupted import gone on with; a new ledger built alone
 * and linked into place when whole (all or nothing), its files' lines
 * printed once it is known whether it is kept (not kept: said so).
 */
#include "cli/cli.h"

#include <getopt.h>
#include <limits.h>
#include <signal.h>
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

/* draw_progress - the progress bar of an import (progress_fn), drawn
 * over itself on standard error when it is a terminal. */
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

/* What import made of one file, for its line of output (output_import):
 * status NULL for a file that gave no line (it could not be read; said
 * on standard error). */
struct file_out {
    const char *path;
    const char *status;
    int64_t deals;
    int quarantined;
    int64_t events;
};

/* kept_counts - a file whose import a ledger failure stopped: what the
 * last commit kept of it (the import's row, hash) into *r, status
 * "stopped" (nothing kept if no row was written). */
static void kept_counts(struct ledger *l, const char *hash,
                       struct file_out *r)
{
    struct ledger_import imp;

    r->status = "stopped";
    r->deals = 0;
    r->quarantined = 0;
    r->events = 0;
    if (ledger_import_get(l, hash, &imp) == 0) {
        r->deals = imp.deals;
        r->quarantined = imp.quarantined;
        r->events = imp.events;
    }
}

/* import_one - one log into l, what it made of it into *r (r->path set
 * by the caller).  Returns the exit status: EXIT_FINE, EXIT_FINDINGS or
 * EXIT_BAD_INPUT (messages printed). */
static int import_one(struct ledger *l, struct output *o, const char *path,
                      struct progress *pg, struct file_out *r)
{
    char hash[LEDGER_HASH_HEX];
    struct session *s = NULL;
    struct stat st;
    bool whole = false;
    FILE *fp = open_log("import", path);
    enum import_start begun = IMPORT_NEW;
    int exit_code = EXIT_FINE;
    int rc;

    r->status = NULL;
    r->quarantined = 0;
    r->deals = 0;
    r->events = 0;
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
    if (session_open_out(&s, l, o, COMMIT_PER_DEAL) != 0) {
        fclose(fp);
        return EXIT_BAD_INPUT;
    }
    session_set_import(s, draw_progress, pg);
    session_set_quiet(s, !pg->verbose);
    session_set_whole_lines(s, whole);
    rc = session_import_begin(s, hash, &begun);
    if (rc < 0) {
        session_close(s);
        fclose(fp);
        if (rc == CLI_E_ERROR) {
            fprintf(stderr, "ecarte import: %s\n", ledger_errmsg(l));
        }
        return EXIT_BAD_INPUT;
    }
    if (begun == IMPORT_DONE) {
        session_close(s);
        fclose(fp);
        r->status = "already-imported";
        return EXIT_FINE;
    }
    if (begun == IMPORT_RESUMED) {
        fprintf(stderr, "ecarte import: %s: resuming an interrupted import "
                        "after line %d (%lld deals in)\n",
                path, session_skipped_to(s), (long long)session_deals(s));
    }
    rc = session_run(s, fp, path, &exit_code);
    fclose(fp);
    r->quarantined = session_quarantined(s);
    r->deals = session_deals(s);
    r->events = session_events(s);
    session_close(s);           /* what was not committed rolled back */
    if (pg->on) {
        fprintf(stderr, "\r\033[K");
    }
    if (rc == CLI_E_ERROR) {
        /* the deals since the last commit are gone: say what is kept */
        kept_counts(l, hash, r);
        return EXIT_BAD_INPUT;
    }
    r->status = "imported";
    return exit_code;
}

/* The file a new ledger is built in (LEDGER_BUILD), and its companions,
 * for the signal handler to remove: the handler may not call the
 * ledger. */
static char build_file[3][PATH_MAX + 16];

/* on_stop - SIGINT, SIGTERM or SIGHUP while a new ledger is built: its
 * file removed (nothing at the ledger's path yet), then the signal's
 * default action (the process ends by it, as an import always has). */
static void on_stop(int sig)
{
    for (int i = 0; i < 3; i++) {
        if (build_file[i][0] != '\0') {
            unlink(build_file[i]);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* guard_build - a new ledger built in its own file: remember the file
 * and catch the signals that would leave it behind.  Nothing if l is
 * not being built (or the name is too long to keep). */
static void guard_build(struct ledger *l)
{
    static const char *const ext[] = {"", "-journal", "-wal"};
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    const char *tmp = ledger_build_temp(l);
    struct sigaction sa;

    if (tmp == NULL || strlen(tmp) >= PATH_MAX) {
        return;
    }
    for (int i = 0; i < 3; i++) {
        snprintf(build_file[i], sizeof(build_file[i]), "%s%s", tmp, ext[i]);
    }
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
        sigaction(sigs[i], &sa, NULL);
    }
}

/* unguard_build - the build over (linked or dropped): the signals back
 * to their defaults, the names forgotten. */
static void unguard_build(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    memset(build_file, 0, sizeof(build_file));
}

/*
 * end_build - a new ledger built alone (nothing at db yet): linked into
 * place if the import went well (worst not EXIT_BAD_INPUT), else dropped,
 * and said so.  Returns worst, or EXIT_BAD_INPUT if it cannot be linked.
 */
static int end_build(struct ledger *l, const char *db, int worst)
{
    if (!ledger_building(l)) {
        return worst;
    }
    if (worst == EXIT_BAD_INPUT) {
        fprintf(stderr, "ecarte import: %s: not made: a new ledger is "
                        "made only by an import that succeeds (run it "
                        "again)\n", db);
    } else if (ledger_build_finish(l) != 0) {
        fprintf(stderr, "ecarte import: %s: %s\n", db, ledger_errmsg(l));
        worst = EXIT_BAD_INPUT;
    }
    unguard_build();
    return worst;
}

/* kept_quarantined - the deals quarantined of the n files' results
 * (res) that a ledger keeps. */
static int kept_quarantined(const struct file_out *res, int n)
{
    int q = 0;

    for (int i = 0; i < n; i++) {
        if (res[i].status != NULL &&
            strcmp(res[i].status, "not-kept") != 0) {
            q += res[i].quarantined;
        }
    }
    return q;
}

/*
 * say_files - the end of the import's output on o: into a new ledger
 * (building), each file's line (res, n of them), said "not-kept" if the
 * ledger was not made (lost); then, for more than one file and in text,
 * the total of what was kept, and if nothing was, what was read and that
 * db was not made.
 */
static void say_files(struct output *o, struct file_out *res, int n,
                      bool json, bool building, bool lost, const char *db)
{
    int64_t deals = 0;
    int64_t read = 0;
    int q = 0;

    for (int i = 0; i < n; i++) {
        struct file_out *r = &res[i];

        if (r->status == NULL) {
            continue;
        }
        read += r->deals;
        if (lost) {
            r->status = "not-kept";
        } else {
            deals += r->deals;
            q += r->quarantined;
        }
        if (building) {
            output_import(o, r->path, r->status, r->deals, r->quarantined,
                          r->events);
        }
    }
    if (n <= 1 || json) {
        return;
    }
    if (lost) {
        printf("total: 0 deals imported, 0 quarantined (not kept: %lld "
               "deals read, %s not made)\n", (long long)read, db);
    } else {
        printf("total: %lld deals imported, %d quarantined\n",
               (long long)deals, q);
    }
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
    struct file_out *res = NULL;
    bool building = false;
    int worst = EXIT_FINE;
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
    /* where no ledger is, a new one built alone (ledger.h) */
    l = ledger_for("import", db, LEDGER_FAST | LEDGER_CHECK | LEDGER_BUILD |
                                     (fresh ? LEDGER_EMPTY_OK : 0));
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    guard_build(l);
    if (proof_guard("import", db, l, 0, PROOF_WRITE, NULL) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    res = calloc((size_t)(argc - optind), sizeof(*res));
    if (res == NULL || output_open(&o, stdout, json) != 0) {
        free(res);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    /* into a new ledger, what each file gave is said once it is known
     * whether the ledger is kept: when not, nothing of it is */
    building = ledger_building(l);
    memset(&pg, 0, sizeof(pg));
    pg.on = isatty(2) != 0;
    pg.verbose = verbose;
    pg.files = argc - optind;
    for (int i = optind; i < argc; i++) {
        struct file_out *r = &res[i - optind];
        int rc;

        pg.file = i - optind + 1;
        pg.name = argv[i];
        r->path = argv[i];
        rc = import_one(l, o, argv[i], &pg, r);
        if (!building && r->status != NULL) {
            output_import(o, r->path, r->status, r->deals, r->quarantined,
                          r->events);
        }
        if (rc == EXIT_BAD_INPUT) {
            worst = EXIT_BAD_INPUT;
        } else if (rc > worst) {
            worst = rc;
        }
    }
    /* the load ran with the reference checks off: check them once */
    if (ledger_foreign_key_check(l) != 0) {
        fprintf(stderr, "ecarte import: %s: %s\n", db, ledger_errmsg(l));
        worst = EXIT_BAD_INPUT;
    }
    worst = end_build(l, db, worst);
    say_files(o, res, argc - optind, json, building,
              building && worst == EXIT_BAD_INPUT, db);
    output_close(o);
    ledger_close(l);
    if (worst == EXIT_FINE && kept_quarantined(res, argc - optind) > 0) {
        worst = EXIT_FINDINGS;
    }
    free(res);
    return worst;
}
