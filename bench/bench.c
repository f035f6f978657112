/* SPDX-License-Identifier: MIT */
/*
 * bench.c - `make bench`: events per second of every command that reads
 * a log or a ledger (check, import, audit, record, report), each beside
 * the limit SQLite and the referee allow for the same work, measured in
 * the same run; the peak memory of every phase (bench/README.md).  Here:
 * the options, the runs and their rounds, a phase in a child, and what
 * was measured printed.  The phases are bench_phases.c's (the commands'
 * work, through the library) and bench_floors.c's (the limits).
 *
 * Each phase runs in a forked child, so that its peak RSS is its own: the
 * child times the phase with CLOCK_MONOTONIC, reads its ru_maxrss and
 * sends a struct phase_result back through a pipe.  Every phase runs
 * three times (rounds of all the phases, so that a phase and its floor
 * meet the same load) and the median time is kept.  The whole set runs
 * twice, on a small input (a tenth of the deals by default) and on the
 * full one, to tell whether memory grows with the number of deals.
 *
 * Speed is printed, never asserted: the exit status is non-zero only
 * when the bench itself could not run (no input, no import).
 */
#include "bench/bench_int.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session/session.h"

#define GROWTH_LIMIT 1.25       /* full-run peak over small-run peak */
#define SMALL_MIN 1000          /* deals: enough to fill SQLite's page cache */
#define LEDGER_PER_DEAL_MAX 3000 /* bytes of ledger a deal, the target */

static const char *const bench_phase_name[BP_COUNT] = {
    [BP_ADJUDICATE] = "(a) adjudicate in memory",
    [BP_IMPORT] = "(b) import",
    [BP_IMPORT_FLOOR] = "(c) floor: write every row",
    [BP_AUDIT] = "(d) audit",
    [BP_AUDIT_FLOOR] = "(e) floor: prove + adjudicate",
    [BP_EXPORT] = "(k) export",
    [BP_CHECK] = "(f) check",
    [BP_WC] = "(l) floor: LC_ALL=C wc -w",
    [BP_RECORD] = "(g) record (prefix, durable)",
    [BP_RECORD_FLOOR] = "(h) floor: durable INSERT loop",
    [BP_RECORD_HEAD] = "(h') floor: INSERT + chain head",
    [BP_REPORT] = "(i) report (HTML)",
    [BP_RECORD_ALL] = "(j) record (whole log, tmpfs)",
};

/* The bench's options. */
struct bench {
    long deals;                 /* the full run */
    long small_deals;           /* the small run (memory growth) */
    unsigned long long seed;
    unsigned timeout;           /* seconds a phase may take, 0: no end */
    int repeats;                /* runs of each phase */
    long record_actions;        /* actions of the record prefix */
    bool keep;                  /* keep the temp files */
    unsigned only;              /* phases to run (bit p: phase p), 0: all */
    char dir[PATH_MAX_BENCH];   /* temp directory */
    char shm[PATH_MAX_BENCH];   /* temp directory on a tmpfs, "" if none */
};

/* join - dir/name into out (n bytes); -1 if it does not fit. */
static int join(char *out, size_t n, const char *dir, const char *name)
{
    int len = snprintf(out, n, "%s/%s", dir, name);

    return len < 0 || (size_t)len >= n ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Running a phase in a child                                           */
/* ------------------------------------------------------------------ */

/* The empty phase: the RSS a child starts with (fork from this bench). */
static void phase_empty(const struct run *run, struct phase_result *r)
{
    (void)run;
    (void)r;
}

/*
 * run_in_child - fork; the child runs fn(run, r), takes its peak RSS and
 * writes r to a pipe; the parent reads it into *out.  stdout of the child
 * goes to /dev/null when quiet.  A child that dies without reporting
 * gives rc -1 and a note; one that runs past run->timeout seconds is
 * killed by SIGALRM and reported as timed out.
 */
static void run_in_child(const struct run *run, phase_fn fn, bool quiet,
                         struct phase_result *out)
{
    struct phase_result r;
    int fds[2];
    pid_t pid;
    int status = 0;
    ssize_t got = 0;

    memset(out, 0, sizeof(*out));
    fflush(NULL);
    if (pipe(fds) != 0) {
        out->rc = -1;
        bench__note(out, "pipe: %s", strerror(errno));
        return;
    }
    pid = fork();
    if (pid < 0) {
        out->rc = -1;
        bench__note(out, "fork: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return;
    }
    if (pid == 0) {
        struct rusage ru;

        close(fds[0]);
        memset(&r, 0, sizeof(r));
        alarm(run->timeout);
        if (quiet && freopen("/dev/null", "w", stdout) == NULL) {
            r.rc = -1;
            bench__note(&r, "cannot send stdout to /dev/null");
        } else {
            fn(run, &r);
        }
        fflush(NULL);
        if (getrusage(RUSAGE_SELF, &ru) == 0) {
            r.maxrss_kib = ru.ru_maxrss;
            r.cpu_seconds = (double)ru.ru_utime.tv_sec +
                            (double)ru.ru_utime.tv_usec / 1e6 +
                            (double)ru.ru_stime.tv_sec +
                            (double)ru.ru_stime.tv_usec / 1e6;
        }
        if (write(fds[1], &r, sizeof(r)) != (ssize_t)sizeof(r)) {
            _exit(3);
        }
        _exit(0);
    }
    close(fds[1]);
    got = read(fds[0], out, sizeof(*out));
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        continue;
    }
    if (got != (ssize_t)sizeof(*out)) {
        memset(out, 0, sizeof(*out));
        out->rc = -1;
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
            bench__note(out, "timed out after %u s", run->timeout);
            out->seconds = (double)run->timeout;
        } else if (WIFSIGNALED(status)) {
            bench__note(out, "child killed by signal %d", WTERMSIG(status));
        } else {
            bench__note(out, "child exited %d without a result",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Report                                                               */
/* ------------------------------------------------------------------ */

/* The ratios the issue sets, each a command over its limit. */
struct target {
    enum bench_phase phase;     /* the command */
    enum bench_phase floor;     /* its limit */
    bool plus_adjudicate;       /* the limit is (a) and floor together */
    double at_least;
    const char *what;
};

static const struct target targets[] = {
    {BP_IMPORT, BP_IMPORT_FLOOR, true, 0.85,
     "import / (adjudicate + write every row)"},
    {BP_AUDIT, BP_AUDIT_FLOOR, false, 0.80,
     "audit / (prove + adjudicate)"},
    {BP_CHECK, BP_WC, false, 0.20,
     "check / wc -w (the same file)"},
    {BP_EXPORT, BP_AUDIT, false, 1.00,
     "export / audit (the same ledger)"},
    {BP_RECORD, BP_RECORD_FLOOR, false, 0.90,
     "record / durable INSERT loop"},
};

/* Ratios printed for information, not against a target. */
static const struct target infos[] = {
    {BP_IMPORT, BP_IMPORT_FLOOR, false, 0.0,
     "import / write every row alone (c)"},
    {BP_RECORD, BP_RECORD_HEAD, false, 0.0,
     "record / INSERT + chain head loop (h')"},
    {BP_ADJUDICATE, BP_WC, false, 0.0,
     "adjudicate in memory / wc -w (a)"},
    {BP_CHECK, BP_ADJUDICATE, false, 0.0,
     "check / adjudicate in memory (a)"},
};

/* ok - did phase p of run run and succeed with a time? */
static bool ok(const struct run *run, enum bench_phase p)
{
    const struct phase_result *r = &run->res[p];

    return run->ran[p] && r->rc == 0 && r->seconds > 0.0 && r->events > 0;
}

/* rate - events per second of a phase, 0 if it did not run. */
static double rate(const struct run *run, enum bench_phase p)
{
    return ok(run, p) ? (double)run->res[p].events / run->res[p].seconds
                      : 0.0;
}

/* rate_of - events per second of one result, 0 if it failed. */
static double rate_of(const struct phase_result *r)
{
    return r->rc == 0 && r->seconds > 0.0 && r->events > 0
               ? (double)r->events / r->seconds
               : 0.0;
}

/*
 * round_ratio - the median over the rounds of a target's ratio, each
 * round's command over its limit measured in the same round (a phase
 * and its floor run minutes apart on a shared machine would not
 * compare); 0 if a round failed.
 */
static double round_ratio(const struct run *run, const struct target *t)
{
    double v[REPEATS_MAX];
    int n = run->n_all[t->phase];

    if (n < 1 || run->n_all[t->floor] < n ||
        (t->plus_adjudicate && run->n_all[BP_ADJUDICATE] < n)) {
        return 0.0;
    }
    for (int k = 0; k < n; k++) {
        double num = rate_of(&run->all[t->phase][k]);
        double f = rate_of(&run->all[t->floor][k]);
        double a = rate_of(&run->all[BP_ADJUDICATE][k]);
        double den = t->plus_adjudicate && a > 0.0 && f > 0.0
                         ? 1.0 / (1.0 / a + 1.0 / f)
                         : f;

        if (num <= 0.0 || den <= 0.0 || (t->plus_adjudicate && a <= 0.0)) {
            return 0.0;
        }
        v[k] = num / den;
        for (int j = k; j > 0 && v[j] < v[j - 1]; j--) {
            double x = v[j];

            v[j] = v[j - 1];
            v[j - 1] = x;
        }
    }
    return v[n / 2];
}

/* limit_rate - events per second of a target's limit: its floor's, or
 * with plus_adjudicate the seconds an event of (a) and of the floor
 * added.  0 if a phase did not run. */
static double limit_rate(const struct run *run, const struct target *t)
{
    double a = rate(run, BP_ADJUDICATE);
    double f = rate(run, t->floor);

    if (f <= 0.0 || (t->plus_adjudicate && a <= 0.0)) {
        return 0.0;
    }
    return t->plus_adjudicate ? 1.0 / (1.0 / a + 1.0 / f) : f;
}

/* mib - KiB in MiB. */
static double mib(long kib)
{
    return (double)kib / 1024.0;
}

/* print_table - one run's phases: events, seconds, events/s, peak RSS. */
static void print_table(const struct run *run)
{
    printf("\n%ld deals (median of %d runs; peak RSS the highest)\n",
           run->deals, run->repeats);
    printf("  %-32s %10s %9s %11s %9s %7s\n", "phase", "events", "seconds",
           "events/s", "peak MiB", "cpu s");
    for (int p = 0; p < BP_COUNT; p++) {
        const struct phase_result *r = &run->res[p];

        if (!run->ran[p]) {
            printf("  %-32s %10s\n", bench_phase_name[p], "(not run)");
            continue;
        }
        if (r->rc != 0) {
            printf("  %-32s %10s %9.2f %11s %9s  FAILED: %s\n",
                   bench_phase_name[p], "-", r->seconds, "-", "-", r->note);
            continue;
        }
        printf("  %-32s %10lld %9.2f %11.0f %9.1f %7.2f", bench_phase_name[p],
               (long long)r->events, r->seconds, rate(run, p),
               mib(r->maxrss_kib), r->cpu_seconds);
        if (r->note[0] != '\0') {
            printf("  %s", r->note);
        }
        printf("\n");
    }
}

/* print_ratios - every target of a run: the command's events/s over its
 * limit's, PASS or MISS. */
static void print_ratios(const struct run *run)
{
    printf("\nratios to the limits measured in the same run (%ld deals; "
           "the median of the %d rounds' ratios):\n", run->deals,
           run->repeats);
    for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
        const struct target *t = &targets[i];
        double num = rate(run, t->phase);
        double den = limit_rate(run, t);
        double ratio = round_ratio(run, t);

        if (!run->ran[t->phase] || !run->ran[t->floor] ||
            (t->plus_adjudicate && !run->ran[BP_ADJUDICATE])) {
            printf("  %-40s   n/a   (not run: --only)\n", t->what);
            continue;
        }
        if (num <= 0.0 || den <= 0.0 || ratio <= 0.0) {
            printf("  %-40s   n/a   (a phase failed)\n", t->what);
            continue;
        }
        printf("  %-40s %5.2f  %s (target >= %.2f; medians %.0f vs %.0f "
               "events/s)\n",
               t->what, ratio, ratio >= t->at_least ? "PASS" : "MISS",
               t->at_least, num, den);
    }
    for (size_t i = 0; i < sizeof(infos) / sizeof(infos[0]); i++) {
        double ratio = round_ratio(run, &infos[i]);

        if (ratio > 0.0) {
            printf("  %-40s %5.2f  (for information)\n", infos[i].what,
                   ratio);
        }
    }
}

/* print_memory - peak RSS of every phase at the small and the full run;
 * GROWS when the full run's exceeds the small run's by more than
 * GROWTH_LIMIT. */
static void print_memory(const struct run *small, const struct run *full,
                         long baseline_kib)
{
    printf("\nmemory: peak RSS at %ld deals -> %ld deals (a child starts at "
           "%.1f MiB)\n", small->deals, full->deals, mib(baseline_kib));
    for (int p = 0; p < BP_COUNT; p++) {
        long a = small->res[p].maxrss_kib;
        long b = full->res[p].maxrss_kib;
        bool grows = (double)b > (double)a * GROWTH_LIMIT;
        bool same = p == BP_RECORD || p == BP_RECORD_FLOOR ||
                    p == BP_RECORD_HEAD;

        if (!small->ran[p] || !full->ran[p] || small->res[p].rc != 0 ||
            full->res[p].rc != 0) {
            printf("  %-32s n/a (not run or failed)\n", bench_phase_name[p]);
            continue;
        }
        printf("  %-32s %7.1f -> %7.1f MiB  x%.2f  %s%s\n",
               bench_phase_name[p], mib(a), mib(b),
               a > 0 ? (double)b / (double)a : 0.0,
               grows ? "GROWS (MISS)" : "flat (PASS)",
               same ? "  (the same prefix in both runs; (j) is the whole "
                      "log)" : "");
    }
}

/* print_ledger_size - the ledger (b) made: its bytes on the disk (the
 * file and its -wal) over the deals and over the log's bytes; target
 * at most LEDGER_PER_DEAL_MAX bytes a deal. */
static void print_ledger_size(const struct run *run)
{
    long long bytes = run->res[BP_IMPORT].bytes;
    long long log = bench__file_size(run->input);
    double per = (double)bytes / (double)run->deals;

    if (!ok(run, BP_IMPORT) || bytes <= 0) {
        printf("\nledger bytes per deal at %ld deals: n/a\n", run->deals);
        return;
    }
    printf("\nledger bytes per deal at %ld deals: %.0f  %s (target <= %d; "
           "%.1f MB, %.1f x the log's %.1f MB, %.0f bytes an event)\n",
           run->deals, per, per <= LEDGER_PER_DEAL_MAX ? "PASS" : "MISS",
           LEDGER_PER_DEAL_MAX, (double)bytes / 1e6,
           log > 0 ? (double)bytes / (double)log : 0.0, (double)log / 1e6,
           run->db_events > 0 ? (double)bytes / (double)run->db_events
                              : 0.0);
}

/* ------------------------------------------------------------------ */
/* Driver                                                               */
/* ------------------------------------------------------------------ */

/* setup_run - file names of a run of deals in dir, tagged name. */
static int setup_run(struct run *run, const struct bench *b, long deals,
                     const char *tag)
{
    static const char *const suffix[] = {
        ".ecarte", "-prefix.ecarte", "-import.db", "-floor.db",
        "-record.db", "-report.html",
    };
    char *dest[] = {run->input, run->prefix, run->db, run->floor_db,
                    run->rec_db, run->report};
    char name[64];

    memset(run, 0, sizeof(*run));
    run->deals = deals;
    run->seed = b->seed;
    run->timeout = b->timeout;
    run->repeats = b->repeats;
    run->record_actions = b->record_actions;
    run->only = b->only;
    for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
        snprintf(name, sizeof(name), "%s%s", tag, suffix[i]);
        if (join(dest[i], PATH_MAX_BENCH, b->dir, name) != 0) {
            return -1;
        }
    }
    if (b->shm[0] != '\0') {
        snprintf(name, sizeof(name), "%s-record-all.db", tag);
        return join(run->all_db, sizeof(run->all_db), b->shm, name);
    }
    return 0;
}

/* is_action - does a line of a log hold an action (not a tag, a comment,
 * an `=` line or a blank)? */
static bool is_action(const char *line)
{
    while (*line == ' ' || *line == '\t') {
        line++;
    }
    return *line != '\0' && *line != '\n' && *line != '#' && *line != '[' &&
           *line != '=';
}

/* write_prefix - the first record_actions actions of the input (and the
 * lines among them) into run->prefix; -1 (printed) on failure. */
static int write_prefix(const struct run *run)
{
    FILE *in = fopen(run->input, "r");
    FILE *out = fopen(run->prefix, "w");
    char line[1024];
    long actions = 0;
    int rc = 0;

    if (in == NULL || out == NULL) {
        fprintf(stderr, "bench: cannot write %s\n", run->prefix);
        rc = -1;
        goto out;
    }
    while (fgets(line, sizeof(line), in) != NULL) {
        if (is_action(line) && actions++ >= run->record_actions) {
            break;
        }
        fputs(line, out);
    }
    if (ferror(in) || ferror(out)) {
        fprintf(stderr, "bench: cannot write %s\n", run->prefix);
        rc = -1;
    }
out:
    if (in != NULL) {
        fclose(in);
    }
    if (out != NULL && fclose(out) != 0) {
        rc = -1;
    }
    return rc;
}

/* generate - the run's input and its prefix; -1 (message printed) on
 * failure. */
static int generate(struct run *run)
{
    struct phase_result r;

    run_in_child(run, bench__phase_generate, false, &r);
    if (r.rc != 0) {
        fprintf(stderr, "bench: generating %ld deals: %s\n", run->deals,
                r.note);
        return -1;
    }
    printf("input: %ld deals, %.1f MB, generated in %.2f s\n", run->deals,
           (double)bench__file_size(run->input) / 1e6, r.seconds);
    return write_prefix(run);
}

/* median - of the n results of a phase, the one of median time (a failed
 * one if any failed), with the highest peak RSS of them all. */
static void median(struct phase_result *rs, int n, struct phase_result *out)
{
    int order[REPEATS_MAX];
    long peak = 0;

    for (int i = 0; i < n; i++) {
        order[i] = i;
        if (rs[i].maxrss_kib > peak) {
            peak = rs[i].maxrss_kib;
        }
        if (rs[i].rc != 0) {
            *out = rs[i];
            return;
        }
    }
    for (int i = 1; i < n; i++) {
        for (int j = i; j > 0 && rs[order[j]].seconds <
                                     rs[order[j - 1]].seconds; j--) {
            int t = order[j];

            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    }
    *out = rs[order[n / 2]];
    out->maxrss_kib = peak;
}

/* run_phases - every phase of a run, in rounds of all the phases, each
 * round repeats times ((j) once), the median kept; a failed import stops
 * the run.  Returns -1 if the import failed. */
static int run_phases(struct run *run)
{
    static const phase_fn fns[BP_COUNT] = {
        [BP_ADJUDICATE] = bench__phase_adjudicate,
        [BP_IMPORT] = bench__phase_import,
        [BP_IMPORT_FLOOR] = bench__phase_import_floor,
        [BP_AUDIT] = bench__phase_audit,
        [BP_AUDIT_FLOOR] = bench__phase_audit_floor,
        [BP_EXPORT] = bench__phase_export,
        [BP_CHECK] = bench__phase_check,
        [BP_WC] = bench__phase_wc,
        [BP_RECORD] = bench__phase_record,
        [BP_RECORD_FLOOR] = bench__phase_record_floor,
        [BP_RECORD_HEAD] = bench__phase_record_head,
        [BP_REPORT] = bench__phase_report,
        [BP_RECORD_ALL] = bench__phase_record_all,
    };
    struct phase_result (*rs)[REPEATS_MAX] = run->all;
    int *rounds = run->n_all;

    for (int p = 0; p < BP_COUNT; p++) {
        rounds[p] = p == BP_RECORD_ALL ? 1 : run->repeats;
        if (run->only != 0 && (run->only & (1u << p)) == 0) {
            rounds[p] = 0;
        }
    }
    if (run->all_db[0] == '\0') {
        rounds[BP_RECORD_ALL] = 0;
    }
    for (int k = 0; k < run->repeats; k++) {
        for (int p = 0; p < BP_COUNT; p++) {
            if (k >= rounds[p]) {
                continue;
            }
            fprintf(stderr, "bench: %ld deals, run %d: %s ...\n", run->deals,
                    k + 1, bench_phase_name[p]);
            run_in_child(run, fns[p], true, &rs[p][k]);
            if (rs[p][k].rc != 0) {
                fprintf(stderr, "bench: %s: %s\n", bench_phase_name[p],
                        rs[p][k].note);
            }
            if (p == BP_ADJUDICATE && rs[p][k].rc == 0) {
                run->log_events = rs[p][k].events;
            }
            if (p == BP_IMPORT) {
                if (rs[p][k].rc != 0) {
                    run->res[p] = rs[p][k];
                    run->ran[p] = true;
                    return -1;
                }
                run->db_events = rs[p][k].events;
            }
        }
    }
    for (int p = 0; p < BP_COUNT; p++) {
        if (rounds[p] > 0) {
            median(rs[p], rounds[p], &run->res[p]);
            run->ran[p] = true;
        }
    }
    return 0;
}

/* remove_file - path removed; missing is fine. */
static void remove_file(const char *path)
{
    if (unlink(path) != 0 && errno != ENOENT) {
        fprintf(stderr, "bench: cannot remove %s: %s\n", path,
                strerror(errno));
    }
}

/* remove_run - the run's files. */
static void remove_run(const struct run *run)
{
    remove_file(run->input);
    remove_file(run->prefix);
    remove_file(run->report);
    bench__remove_db(run->db);
    bench__remove_db(run->floor_db);
    bench__remove_db(run->rec_db);
    if (run->all_db[0] != '\0') {
        bench__remove_db(run->all_db);
    }
}

/* usage - the options, on standard error. */
static void usage(void)
{
    fprintf(stderr,
            "usage: bench [--deals N] [--small N] [--seed S] [--timeout S]\n"
            "             [--repeat N] [--record N] [--shm DIR] [--dir DIR]"
            " [--keep]\n"
            "  --deals N   deals of the full run (default 100000)\n"
            "  --small N   deals of the small run, for memory growth "
            "(default N/10, at least 1000)\n"
            "  --seed S    seed of ecarte gen (default 7)\n"
            "  --timeout S stop a phase after S seconds, 0: never "
            "(default 600)\n"
            "  --repeat N  runs of each phase, the median kept (default 3)\n"
            "  --record N  actions of the prefix ecarte record is timed on "
            "(default 10000)\n"
            "  --shm DIR   a tmpfs for (j), record of the whole log "
            "(default /dev/shm; none: skip (j))\n"
            "  --dir DIR   where the temp directory is made (default "
            "$TMPDIR or /tmp)\n"
            "  --keep      keep the temp files\n"
            "  --only L    only the phases of the letters in L, e.g. "
            "b,c or g,h,h' (default all)\n");
}

/* parse_long - a whole number >= 1 from text; -1 if it is not one. */
static long parse_long(const char *text)
{
    char *end = NULL;
    long v = strtol(text, &end, 10);

    return end == text || *end != '\0' || v < 1 ? -1 : v;
}

/* make_dirs - the temp directory in base, and one on the tmpfs shm if
 * it can be made there ("" otherwise).  -1 (printed) if the first
 * cannot. */
static int make_dirs(struct bench *b, const char *base, const char *shm)
{
    if (snprintf(b->dir, sizeof(b->dir), "%s/ecarte-bench.XXXXXX", base) >=
            (int)sizeof(b->dir) ||
        mkdtemp(b->dir) == NULL) {
        fprintf(stderr, "bench: cannot make a temp directory in %s: %s\n",
                base, strerror(errno));
        return -1;
    }
    b->shm[0] = '\0';
    if (strcmp(shm, "none") != 0 &&
        (snprintf(b->shm, sizeof(b->shm), "%s/ecarte-bench.XXXXXX", shm) >=
             (int)sizeof(b->shm) ||
         mkdtemp(b->shm) == NULL)) {
        fprintf(stderr, "bench: no tmpfs directory in %s: (j) not run\n",
                shm);
        b->shm[0] = '\0';
    }
    return 0;
}

/* parse_only - a list of phase letters ("b,c,g,h,h'"; the letters of
 * bench_phase_name) into a set of phases (bit p: phase p).  Returns 0, -1
 * on a letter that names no phase. */
static int parse_only(const char *list, unsigned *out)
{
    char item[8];

    *out = 0;
    while (*list != '\0') {
        size_t n = strcspn(list, ",");
        bool found = false;

        if (n == 0 || n >= sizeof(item) - 2) {
            return -1;
        }
        snprintf(item, sizeof(item), "(%.*s)", (int)n, list);
        for (int p = 0; p < BP_COUNT; p++) {
            if (strncmp(bench_phase_name[p], item, n + 2) == 0) {
                *out |= 1u << p;
                found = true;
            }
        }
        if (!found) {
            return -1;
        }
        list += n;
        list += *list == ',';
    }
    return 0;
}

/* parse_args - the options into b; -1 (usage printed) on a bad one, 1
 * after --help. */
static int parse_args(struct bench *b, int argc, char **argv)
{
    const char *tmp = getenv("TMPDIR");
    const char *base = tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp";
    const char *shm = "/dev/shm";

    b->deals = 100000;
    b->small_deals = 0;
    b->seed = 7;
    b->timeout = 600;
    b->repeats = 3;
    b->record_actions = 10000;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;

        if (strcmp(argv[i], "--help") == 0) {
            usage();
            return 1;
        }
        if (strcmp(argv[i], "--keep") == 0) {
            b->keep = true;
            continue;
        }
        if (v == NULL) {
            usage();
            return -1;
        }
        if (strcmp(argv[i], "--deals") == 0) {
            b->deals = parse_long(v);
        } else if (strcmp(argv[i], "--small") == 0) {
            b->small_deals = parse_long(v);
        } else if (strcmp(argv[i], "--seed") == 0) {
            b->seed = strtoull(v, NULL, 10);
        } else if (strcmp(argv[i], "--timeout") == 0) {
            b->timeout = (unsigned)strtoul(v, NULL, 10);
        } else if (strcmp(argv[i], "--repeat") == 0) {
            b->repeats = (int)parse_long(v);
        } else if (strcmp(argv[i], "--record") == 0) {
            b->record_actions = parse_long(v);
        } else if (strcmp(argv[i], "--shm") == 0) {
            shm = v;
        } else if (strcmp(argv[i], "--dir") == 0) {
            base = v;
        } else if (strcmp(argv[i], "--only") == 0) {
            if (parse_only(v, &b->only) != 0) {
                usage();
                return -1;
            }
        } else {
            usage();
            return -1;
        }
        if (b->deals < 1 || b->small_deals < 0 || b->repeats < 1 ||
            b->repeats > REPEATS_MAX || b->record_actions < 1) {
            usage();
            return -1;
        }
        i++;
    }
    if (b->small_deals == 0) {
        b->small_deals = b->deals / 10;
        if (b->small_deals < SMALL_MIN) {
            b->small_deals = b->deals < SMALL_MIN ? b->deals : SMALL_MIN;
        }
    }
    return make_dirs(b, base, shm);
}

/* remove_dir - a temp directory of the bench, said when removed. */
static void remove_dir(const char *dir)
{
    if (dir[0] == '\0') {
        return;
    }
    if (rmdir(dir) != 0) {
        fprintf(stderr, "bench: cannot remove %s: %s\n", dir,
                strerror(errno));
    } else {
        printf("removed %s\n", dir);
    }
}

/* main - parse the options, generate both inputs, run every phase of
 * the small and the full run, print the tables, ratios and memory; the
 * temp files removed unless --keep.  Exit 0 unless the bench could not
 * run. */
int main(int argc, char **argv)
{
    static struct run small;
    static struct run full;
    struct bench b;
    struct phase_result base;
    int rc = EXIT_FAILURE;

    setvbuf(stdout, NULL, _IOLBF, 0);
    memset(&b, 0, sizeof(b));
    rc = parse_args(&b, argc, argv);
    if (rc != 0) {
        return rc > 0 ? EXIT_SUCCESS : EXIT_BAD_INPUT;
    }
    rc = EXIT_FAILURE;
    printf("ecarte bench: %ld deals (seed %llu), small run %ld deals, "
           "median of %d runs, record timed on %ld actions\n",
           b.deals, b.seed, b.small_deals, b.repeats, b.record_actions);
    printf("temp files in %s%s%s (%s at the end)\n", b.dir,
           b.shm[0] != '\0' ? " and " : "", b.shm,
           b.keep ? "kept" : "removed");
    if (setup_run(&small, &b, b.small_deals, "small") != 0 ||
        setup_run(&full, &b, b.deals, "full") != 0) {
        fprintf(stderr, "bench: temp directory name too long\n");
        goto out_clean;
    }
    run_in_child(&small, phase_empty, true, &base);
    if (generate(&small) != 0 || generate(&full) != 0) {
        goto out_clean;
    }
    if (run_phases(&small) != 0 || run_phases(&full) != 0) {
        print_table(&small);
        print_table(&full);
        goto out_clean;
    }
    print_table(&small);
    print_table(&full);
    print_ratios(&small);
    print_ratios(&full);
    print_memory(&small, &full, base.maxrss_kib);
    print_ledger_size(&small);
    print_ledger_size(&full);
    printf("\nreport (i): %.2f s, %.1f MB of HTML (%.0f bytes a deal) at "
           "%ld deals\n", full.res[BP_REPORT].seconds,
           (double)full.res[BP_REPORT].bytes / 1e6,
           (double)full.res[BP_REPORT].bytes / (double)full.deals,
           full.deals);
    printf("\nspeed is reported, not asserted (the machine is shared): "
           "PASS/MISS are against the issue's targets\n");
    rc = EXIT_SUCCESS;
out_clean:
    if (!b.keep) {
        remove_run(&small);
        remove_run(&full);
        remove_dir(b.dir);
        remove_dir(b.shm);
    }
    return rc;
}
