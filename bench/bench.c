/*
 * bench.c - `make bench`: events per second of adjudication, import and
 * audit, each import and audit next to its SQLite floor measured in the
 * same run, and the peak memory of every phase (bench/README.md).
 *
 * Each phase runs in a forked child, so that its peak RSS is its own: the
 * child times the phase with CLOCK_MONOTONIC, reads its ru_maxrss and
 * sends a struct phase_result back through a pipe.  The whole set runs
 * twice, on a small input (a tenth of the deals by default) and on the
 * full one, to tell whether memory grows with the number of deals.  The
 * last phase writes `ecarte report` of the sitting: its time and the size
 * of the HTML file are printed.  Speed
 * is printed, never asserted: the exit status is non-zero only when the
 * bench itself could not run (no input, no import).
 *
 * Public headers only: the floor of the import gets the ledger's schema
 * by having ledger_open make a new ledger, and reaches its rows through
 * SQLite itself.
 */
#include "cli/cli.h"

#include <errno.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PATH_MAX_BENCH 512
#define TARGET_RATIO 0.5        /* (b)/(c) and (d)/(e) at least this */
#define GROWTH_LIMIT 1.25       /* full-run peak over small-run peak */
#define SMALL_MIN 1000          /* deals: enough to fill SQLite's page cache */

/* The columns of an event row, in the order of the schema. */
#define EVENT_COLUMNS "id, sitting_id, game_id, deal_id, seq, source, " \
                      "line, stamp, recorded, actor, verb, args, cards, " \
                      "text, hash"
#define EVENT_N_COLUMNS 15

/* The phases, in the order they run. */
enum bench_phase {
    BP_ADJUDICATE,              /* (a) read and adjudicate in memory */
    BP_IMPORT,                  /* (b) ecarte import into a fresh file */
    BP_INSERT_FLOOR,            /* (c) the same rows by one prepared INSERT */
    BP_AUDIT,                   /* (d) ecarte audit */
    BP_SCAN_FLOOR,              /* (e) a plain scan of the event rows */
    BP_REPORT,                  /* (f) ecarte report of the sitting */
    BP_COUNT
};

static const char *const bench_phase_name[BP_COUNT] = {
    [BP_ADJUDICATE] = "(a) adjudicate in memory",
    [BP_IMPORT] = "(b) import into fresh SQLite",
    [BP_INSERT_FLOOR] = "(c) floor: INSERT loop",
    [BP_AUDIT] = "(d) audit",
    [BP_SCAN_FLOOR] = "(e) floor: plain scan",
    [BP_REPORT] = "(f) report (HTML)",
};

/* What a phase reports from its child. */
struct phase_result {
    int rc;                     /* 0 fine; else the phase failed */
    int64_t events;             /* events handled */
    double seconds;             /* timed part of the phase */
    double extra_seconds;       /* untimed part worth a note, 0 if none */
    long maxrss_kib;            /* the child's peak RSS */
    long long bytes;            /* the file written, for (f) */
    char note[160];             /* why it failed, or a remark */
};

/* One run: an input and the files made from it. */
struct run {
    long deals;
    unsigned long long seed;        /* of ecarte gen */
    unsigned timeout;               /* seconds a phase may take, 0: no end */
    char input[PATH_MAX_BENCH];     /* the generated log */
    char db[PATH_MAX_BENCH];        /* (b): written by ecarte import */
    char floor_db[PATH_MAX_BENCH];  /* (c): written by the INSERT loop */
    char report[PATH_MAX_BENCH];    /* (f): written by ecarte report */
    int64_t db_events;              /* event rows in db after (b) */
    struct phase_result res[BP_COUNT];
    bool ran[BP_COUNT];
};

/* The bench's options. */
struct bench {
    long deals;                 /* the full run */
    long small_deals;           /* the small run (memory growth) */
    unsigned long long seed;
    unsigned timeout;           /* seconds a phase may take, 0: no end */
    bool keep;                  /* keep the temp files */
    char dir[PATH_MAX_BENCH];   /* temp directory */
};

/* A phase, run in the child: fills r (rc, events, seconds, note). */
typedef void (*phase_fn)(const struct run *run, struct phase_result *r);

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* now - CLOCK_MONOTONIC in seconds. */
static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* note - printf into r->note. */
static void note(struct phase_result *r, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(r->note, sizeof(r->note), fmt, ap);
    va_end(ap);
}

/* join - dir/name into out (n bytes); -1 if it does not fit. */
static int join(char *out, size_t n, const char *dir, const char *name)
{
    int len = snprintf(out, n, "%s/%s", dir, name);

    return len < 0 || (size_t)len >= n ? -1 : 0;
}

/* remove_db - a SQLite file and its -wal, -shm and -journal; missing
 * files are fine. */
static void remove_db(const char *path)
{
    static const char *const suffix[] = {"", "-wal", "-shm", "-journal"};
    char buf[PATH_MAX_BENCH + 16];

    for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
        snprintf(buf, sizeof(buf), "%s%s", path, suffix[i]);
        if (unlink(buf) != 0 && errno != ENOENT) {
            fprintf(stderr, "bench: cannot remove %s: %s\n", buf,
                    strerror(errno));
        }
    }
}

/* file_size - bytes in path, 0 if it cannot be read. */
static long long file_size(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

/* count_events - rows of the event table of the ledger at path, or -1
 * (message in r->note). */
static int64_t count_events(const char *path, struct phase_result *r)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    int64_t n = -1;

    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) !=
        SQLITE_OK) {
        note(r, "open %s: %s", path, sqlite3_errmsg(db));
        goto out_close;
    }
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM event", -1, &st,
                           NULL) != SQLITE_OK) {
        note(r, "count events: %s", sqlite3_errmsg(db));
        goto out_close;
    }
    if (sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    } else {
        note(r, "count events: %s", sqlite3_errmsg(db));
    }
out_close:
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

/* exec - run sql on db; -1 with the message in r->note on failure. */
static int exec(sqlite3 *db, const char *sql, struct phase_result *r)
{
    char *err = NULL;

    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        note(r, "%.60s: %s", sql, err != NULL ? err : sqlite3_errmsg(db));
        sqlite3_free(err);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Running a phase in a child                                           */
/* ------------------------------------------------------------------ */

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
        note(out, "pipe: %s", strerror(errno));
        return;
    }
    pid = fork();
    if (pid < 0) {
        out->rc = -1;
        note(out, "fork: %s", strerror(errno));
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
            note(&r, "cannot send stdout to /dev/null");
        } else {
            fn(run, &r);
        }
        fflush(NULL);
        if (getrusage(RUSAGE_SELF, &ru) == 0) {
            r.maxrss_kib = ru.ru_maxrss;
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
            note(out, "timed out after %u s", run->timeout);
            out->seconds = (double)run->timeout;
        } else if (WIFSIGNALED(status)) {
            note(out, "child killed by signal %d", WTERMSIG(status));
        } else {
            note(out, "child exited %d without a result",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        }
    }
}

/* ------------------------------------------------------------------ */
/* The phases                                                           */
/* ------------------------------------------------------------------ */

/* The empty phase: the RSS a child starts with (fork from this bench). */
static void phase_empty(const struct run *run, struct phase_result *r)
{
    (void)run;
    (void)r;
}

/* `ecarte gen --deals N --seed S` into run->input (stdout of the child
 * is reopened on it). */
static void phase_generate(const struct run *run, struct phase_result *r)
{
    char deals[32];
    char seed[32];
    char a0[] = "gen";
    char a1[] = "--deals";
    char a3[] = "--seed";
    char *argv[] = {a0, a1, deals, a3, seed, NULL};
    double t0;

    snprintf(deals, sizeof(deals), "%ld", run->deals);
    snprintf(seed, sizeof(seed), "%llu", run->seed);
    if (freopen(run->input, "w", stdout) == NULL) {
        r->rc = -1;
        note(r, "cannot write %s", run->input);
        return;
    }
    optind = 1;
    t0 = now();
    r->rc = cmd_gen(5, argv);
    fflush(stdout);
    r->seconds = now() - t0;
    if (r->rc != EXIT_FINE) {
        note(r, "ecarte gen exited %d", r->rc);
    }
}

/* (a) - session_run with no ledger and no output: the reader and the
 * referee alone. */
static void phase_adjudicate(const struct run *run, struct phase_result *r)
{
    struct session *s = NULL;
    FILE *fp = NULL;
    double t0 = now();

    fp = fopen(run->input, "r");
    if (fp == NULL) {
        r->rc = -1;
        note(r, "cannot read %s", run->input);
        return;
    }
    if (session_open(&s, NULL, NULL, COMMIT_PER_DEAL) != 0) {
        r->rc = -1;
        note(r, "session_open: out of memory");
        fclose(fp);
        return;
    }
    (void)session_run(s, fp, run->input, &r->rc);  /* the exit says it */
    r->events = session_events(s);
    session_close(s);
    fclose(fp);
    r->seconds = now() - t0;
    if (r->rc != EXIT_FINE) {
        note(r, "session_run: exit status %d", r->rc);
    }
}

/* (b) - `ecarte import --db DB INPUT` into a fresh file; the events are
 * counted in the file afterwards (not timed). */
static void phase_import(const struct run *run, struct phase_result *r)
{
    char a0[] = "import";
    char a1[] = "--db";
    char db[PATH_MAX_BENCH];
    char input[PATH_MAX_BENCH];
    char *argv[] = {a0, a1, db, input, NULL};
    double t0;

    snprintf(db, sizeof(db), "%s", run->db);
    snprintf(input, sizeof(input), "%s", run->input);
    remove_db(db);
    optind = 1;
    t0 = now();
    r->rc = cmd_import(4, argv);
    r->seconds = now() - t0;
    if (r->rc != EXIT_FINE) {
        note(r, "ecarte import exited %d", r->rc);
        return;
    }
    r->events = count_events(run->db, r);
    if (r->events < 0) {
        r->rc = -1;
    }
}

/* create_floor_db - a fresh file at path made a ledger by ledger_open
 * (its schema, WAL mode, application id and version), then opened by
 * SQLite as ledger_open opens one for import (LEDGER_FAST): NOMUTEX,
 * synchronous=OFF, foreign keys on; then the sitting, game and deal rows
 * of src copied (not timed), so that the event rows' foreign keys hold. */
static int create_floor_db(sqlite3 **out, const char *path, const char *src,
                           struct phase_result *r)
{
    struct ledger *l = NULL;
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;

    remove_db(path);
    *out = NULL;
    if (ledger_open(&l, path, LEDGER_FAST) != 0) {
        note(r, "new ledger %s: %s", path, ledger_errmsg(l));
        ledger_close(l);
        goto out_fail;
    }
    ledger_close(l);
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
                                       SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        *out = db;
        note(r, "open %s: %s", path, sqlite3_errmsg(db));
        goto out_fail;
    }
    *out = db;
    sqlite3_busy_timeout(db, 5000);
    if (exec(db, "PRAGMA journal_mode = WAL", r) != 0 ||
        exec(db, "PRAGMA synchronous = OFF", r) != 0 ||
        exec(db, "PRAGMA foreign_keys = ON", r) != 0 ||
        exec(db, "PRAGMA wal_autocheckpoint = 10000", r) != 0 ||
        exec(db, "PRAGMA cache_size = -16384", r) != 0) {
        goto out_fail;
    }
    if (sqlite3_prepare_v2(db, "ATTACH ?1 AS src", -1, &st, NULL) !=
            SQLITE_OK ||
        sqlite3_bind_text(st, 1, src, -1, SQLITE_STATIC) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_DONE) {
        note(r, "attach %s: %s", src, sqlite3_errmsg(db));
        goto out_fail;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (exec(db, "BEGIN IMMEDIATE;"
                 "INSERT INTO main.sitting SELECT * FROM src.sitting;"
                 "INSERT INTO main.game SELECT * FROM src.game;"
                 "INSERT INTO main.deal SELECT * FROM src.deal;"
                 "COMMIT; DETACH src",
             r) != 0) {
        goto out_fail;
    }
    return 0;
out_fail:
    sqlite3_finalize(st);
    return -1;
}

/* bind_column - column i of row into parameter i + 1 of ins, by its
 * type; text is bound SQLITE_STATIC (row stays put until ins is done). */
static int bind_column(sqlite3_stmt *ins, sqlite3_stmt *row, int i)
{
    switch (sqlite3_column_type(row, i)) {
    case SQLITE_NULL:
        return sqlite3_bind_null(ins, i + 1);
    case SQLITE_INTEGER:
        return sqlite3_bind_int64(ins, i + 1, sqlite3_column_int64(row, i));
    default:
        return sqlite3_bind_text(ins, i + 1,
                                 (const char *)sqlite3_column_text(row, i),
                                 sqlite3_column_bytes(row, i), SQLITE_STATIC);
    }
}

/*
 * (c) - the floor of (b): every event row of the (b) file inserted into
 * a fresh file of the same schema and pragmas, by one prepared INSERT
 * bound from a SELECT stepped on the source, in one transaction.  Timed:
 * the loop and its COMMIT, reading the source rows included.  The close
 * (the WAL checkpoint of the whole transaction) is timed apart, in
 * extra_seconds.
 */
static void phase_insert_floor(const struct run *run, struct phase_result *r)
{
    sqlite3 *dst = NULL;
    sqlite3 *src = NULL;
    sqlite3_stmt *sel = NULL;
    sqlite3_stmt *ins = NULL;
    double t0;
    double t1;
    int step = 0;

    r->rc = -1;
    if (create_floor_db(&dst, run->floor_db, run->db, r) != 0) {
        goto out_close;
    }
    if (sqlite3_open_v2(run->db, &src, SQLITE_OPEN_READONLY |
                                           SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(src, "SELECT " EVENT_COLUMNS " FROM event "
                                "ORDER BY id", -1, &sel, NULL) != SQLITE_OK) {
        note(r, "read %s: %s", run->db, sqlite3_errmsg(src));
        goto out_close;
    }
    if (sqlite3_prepare_v2(dst, "INSERT INTO event (" EVENT_COLUMNS ") "
                                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                                "?10, ?11, ?12, ?13, ?14, ?15)",
                           -1, &ins, NULL) != SQLITE_OK) {
        note(r, "prepare insert: %s", sqlite3_errmsg(dst));
        goto out_close;
    }
    t0 = now();
    if (exec(dst, "BEGIN IMMEDIATE", r) != 0) {
        goto out_close;
    }
    while ((step = sqlite3_step(sel)) == SQLITE_ROW) {
        int bad = 0;

        for (int i = 0; i < EVENT_N_COLUMNS; i++) {
            bad |= bind_column(ins, sel, i);
        }
        if (bad != SQLITE_OK || sqlite3_step(ins) != SQLITE_DONE) {
            note(r, "insert event %lld: %s",
                 (long long)sqlite3_column_int64(sel, 0),
                 sqlite3_errmsg(dst));
            goto out_close;
        }
        sqlite3_reset(ins);
        r->events++;
    }
    if (step != SQLITE_DONE) {
        note(r, "read events: %s", sqlite3_errmsg(src));
        goto out_close;
    }
    if (exec(dst, "COMMIT", r) != 0) {
        goto out_close;
    }
    t1 = now();
    r->seconds = t1 - t0;
    sqlite3_finalize(ins);
    ins = NULL;
    sqlite3_close(dst);
    dst = NULL;
    r->extra_seconds = now() - t1;
    r->rc = 0;
out_close:
    sqlite3_finalize(ins);
    sqlite3_finalize(sel);
    sqlite3_close(src);
    sqlite3_close(dst);
}

/* (d) - `ecarte audit --db DB` on the (b) file; events are its rows. */
static void phase_audit(const struct run *run, struct phase_result *r)
{
    char a0[] = "audit";
    char a1[] = "--db";
    char db[PATH_MAX_BENCH];
    char *argv[] = {a0, a1, db, NULL};
    double t0;

    snprintf(db, sizeof(db), "%s", run->db);
    optind = 1;
    t0 = now();
    r->rc = cmd_audit(3, argv);
    r->seconds = now() - t0;
    r->events = run->db_events;
    if (r->rc == EXIT_FINDINGS) {
        note(r, "ecarte audit reported findings (exit 1)");
        r->rc = 0;
    } else if (r->rc != EXIT_FINE) {
        note(r, "ecarte audit exited %d", r->rc);
    }
}

/* (f) - `ecarte report --db DB -o FILE` on the (b) file: its time, and
 * the size of the HTML file in r->bytes; events are the rows of (b). */
static void phase_report(const struct run *run, struct phase_result *r)
{
    char a0[] = "report";
    char a1[] = "--db";
    char db[PATH_MAX_BENCH];
    char a3[] = "-o";
    char out[PATH_MAX_BENCH];
    char *argv[] = {a0, a1, db, a3, out, NULL};
    double t0;

    snprintf(db, sizeof(db), "%s", run->db);
    snprintf(out, sizeof(out), "%s", run->report);
    optind = 1;
    t0 = now();
    r->rc = cmd_report(5, argv);
    r->seconds = now() - t0;
    r->events = run->db_events;
    r->bytes = file_size(run->report);
    if (r->rc != EXIT_FINE) {
        note(r, "ecarte report exited %d", r->rc);
    } else {
        note(r, "%.1f MB of HTML", (double)r->bytes / 1e6);
    }
}

/*
 * (e) - the floor of (d): SELECT * FROM event on the (b) file in one read
 * transaction, every row stepped and every column read (integers as
 * int64, text as text and its length).
 */
static void phase_scan_floor(const struct run *run, struct phase_result *r)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    uint64_t sum = 0;
    double t0;
    int step = 0;

    r->rc = -1;
    if (sqlite3_open_v2(run->db, &db, SQLITE_OPEN_READONLY |
                                          SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        note(r, "open %s: %s", run->db, sqlite3_errmsg(db));
        goto out_close;
    }
    t0 = now();
    if (exec(db, "BEGIN", r) != 0 ||
        sqlite3_prepare_v2(db, "SELECT * FROM event", -1, &st, NULL) !=
            SQLITE_OK) {
        note(r, "scan: %s", sqlite3_errmsg(db));
        goto out_close;
    }
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        int n = sqlite3_column_count(st);

        for (int i = 0; i < n; i++) {
            if (sqlite3_column_type(st, i) == SQLITE_INTEGER) {
                sum += (uint64_t)sqlite3_column_int64(st, i);
            } else {
                const unsigned char *p = sqlite3_column_text(st, i);

                sum += (uint64_t)sqlite3_column_bytes(st, i) +
                       (p != NULL ? p[0] : 0);
            }
        }
        r->events++;
    }
    if (step != SQLITE_DONE || exec(db, "COMMIT", r) != 0) {
        note(r, "scan: %s", sqlite3_errmsg(db));
        goto out_close;
    }
    r->seconds = now() - t0;
    r->rc = 0;
    note(r, "checksum %llx", (unsigned long long)sum);
out_close:
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* ------------------------------------------------------------------ */
/* Report                                                               */
/* ------------------------------------------------------------------ */

/* rate - events per second of a phase, 0 if it did not run. */
static double rate(const struct run *run, enum bench_phase p)
{
    const struct phase_result *r = &run->res[p];

    if (!run->ran[p] || r->rc != 0 || r->seconds <= 0.0) {
        return 0.0;
    }
    return (double)r->events / r->seconds;
}

/* mib - KiB in MiB. */
static double mib(long kib)
{
    return (double)kib / 1024.0;
}

/* print_table - one run's phases: events, seconds, events/s, peak RSS. */
static void print_table(const struct run *run)
{
    printf("\n%ld deals\n", run->deals);
    printf("  %-30s %10s %9s %11s %9s\n", "phase", "events", "seconds",
           "events/s", "peak MiB");
    for (int p = 0; p < BP_COUNT; p++) {
        const struct phase_result *r = &run->res[p];

        if (!run->ran[p]) {
            printf("  %-30s %10s\n", bench_phase_name[p], "(not run)");
            continue;
        }
        if (r->rc != 0) {
            printf("  %-30s %10s %9.2f %11s %9s  FAILED: %s\n",
                   bench_phase_name[p], "-", r->seconds, "-", "-", r->note);
            continue;
        }
        printf("  %-30s %10lld %9.2f %11.0f %9.1f", bench_phase_name[p],
               (long long)r->events, r->seconds, rate(run, p),
               mib(r->maxrss_kib));
        if (p != BP_SCAN_FLOOR && r->note[0] != '\0') {
            printf("  %s", r->note);
        }
        printf("\n");
    }
    if (run->ran[BP_INSERT_FLOOR] && run->res[BP_INSERT_FLOOR].rc == 0) {
        printf("  (c) counts reading the source rows; its close (WAL "
               "checkpoint) took %.2f s more, not counted\n",
               run->res[BP_INSERT_FLOOR].extra_seconds);
    }
}

/* print_ratio - rate of p over rate of floor, against TARGET_RATIO. */
static void print_ratio(const struct run *run, enum bench_phase p,
                        enum bench_phase floor, const char *what)
{
    double num = rate(run, p);
    double den = rate(run, floor);

    if (num <= 0.0 || den <= 0.0) {
        printf("  %-34s   n/a   (a phase failed)\n", what);
        return;
    }
    printf("  %-34s %5.2f   %s (target >= %.2f)\n", what, num / den,
           num / den >= TARGET_RATIO ? "PASS" : "MISS", TARGET_RATIO);
}

/* print_memory - peak RSS of (a), (b), (d) at the small and the full
 * run; "grows" when the full run's exceeds the small run's by more than
 * GROWTH_LIMIT.  Returns true if any grows. */
static bool print_memory(const struct run *small, const struct run *full,
                         long baseline_kib)
{
    static const enum bench_phase checked[] = {BP_ADJUDICATE, BP_IMPORT,
                                            BP_AUDIT};
    bool any = false;

    printf("\nmemory: peak RSS at %ld deals -> %ld deals (a child starts at "
           "%.1f MiB)\n", small->deals, full->deals, mib(baseline_kib));
    for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++) {
        enum bench_phase p = checked[i];
        long a = small->res[p].maxrss_kib;
        long b = full->res[p].maxrss_kib;
        bool grows = (double)b > (double)a * GROWTH_LIMIT;

        if (small->res[p].rc != 0 || full->res[p].rc != 0) {
            printf("  %-30s %7.1f -> %7.1f MiB  n/a (a run failed)\n",
                   bench_phase_name[p], mib(a), mib(b));
            continue;
        }
        any = any || grows;
        printf("  %-30s %7.1f -> %7.1f MiB  x%.2f  %s\n", bench_phase_name[p],
               mib(a), mib(b), a > 0 ? (double)b / (double)a : 0.0,
               grows ? "GROWS (MISS)" : "flat (PASS)");
    }
    return any;
}

/* print_report - the time and size of a run's report (f). */
static void print_report(const struct run *run)
{
    const struct phase_result *r = &run->res[BP_REPORT];

    if (!run->ran[BP_REPORT] || r->rc != 0) {
        printf("  %ld deals: n/a (%s)\n", run->deals,
               run->ran[BP_REPORT] ? r->note : "not run");
        return;
    }
    printf("  %ld deals: %.2f s, %.1f MB of HTML (%.0f bytes a deal), "
           "peak %.1f MiB\n",
           run->deals, r->seconds, (double)r->bytes / 1e6,
           (double)r->bytes / (double)run->deals, mib(r->maxrss_kib));
}

/* ------------------------------------------------------------------ */
/* Driver                                                               */
/* ------------------------------------------------------------------ */

/* setup_run - file names of a run of deals in dir, tagged name. */
static int setup_run(struct run *run, const struct bench *b, long deals,
                     const char *tag)
{
    char name[64];

    memset(run, 0, sizeof(*run));
    run->deals = deals;
    run->seed = b->seed;
    run->timeout = b->timeout;
    snprintf(name, sizeof(name), "%s.ecarte", tag);
    if (join(run->input, sizeof(run->input), b->dir, name) != 0) {
        return -1;
    }
    snprintf(name, sizeof(name), "%s-import.db", tag);
    if (join(run->db, sizeof(run->db), b->dir, name) != 0) {
        return -1;
    }
    snprintf(name, sizeof(name), "%s-floor.db", tag);
    if (join(run->floor_db, sizeof(run->floor_db), b->dir, name) != 0) {
        return -1;
    }
    snprintf(name, sizeof(name), "%s-report.html", tag);
    return join(run->report, sizeof(run->report), b->dir, name);
}

/* generate - the run's input; -1 (message printed) on failure. */
static int generate(struct run *run)
{
    struct phase_result r;

    run_in_child(run, phase_generate, false, &r);
    if (r.rc != 0) {
        fprintf(stderr, "bench: generating %ld deals: %s\n", run->deals,
                r.note);
        return -1;
    }
    printf("input: %ld deals, %.1f MB, generated in %.2f s\n", run->deals,
           (double)file_size(run->input) / 1e6, r.seconds);
    return 0;
}

/* run_phases - every phase of a run, in order; a failed import leaves
 * the phases after it not run.  Returns -1 if the import failed. */
static int run_phases(struct run *run)
{
    static const phase_fn fns[BP_COUNT] = {
        [BP_ADJUDICATE] = phase_adjudicate,
        [BP_IMPORT] = phase_import,
        [BP_INSERT_FLOOR] = phase_insert_floor,
        [BP_AUDIT] = phase_audit,
        [BP_SCAN_FLOOR] = phase_scan_floor,
        [BP_REPORT] = phase_report,
    };

    for (int p = 0; p < BP_COUNT; p++) {
        fprintf(stderr, "bench: %ld deals: %s ...\n", run->deals,
                bench_phase_name[p]);
        run_in_child(run, fns[p], true, &run->res[p]);
        run->ran[p] = true;
        if (run->res[p].rc != 0) {
            fprintf(stderr, "bench: %s: %s\n", bench_phase_name[p],
                    run->res[p].note);
        }
        if (p == BP_IMPORT) {
            if (run->res[p].rc != 0) {
                return -1;
            }
            run->db_events = run->res[p].events;
        }
    }
    return 0;
}

/* remove_run - the run's files. */
static void remove_run(const struct run *run)
{
    if (unlink(run->input) != 0 && errno != ENOENT) {
        fprintf(stderr, "bench: cannot remove %s: %s\n", run->input,
                strerror(errno));
    }
    remove_db(run->db);
    remove_db(run->floor_db);
    if (unlink(run->report) != 0 && errno != ENOENT) {
        fprintf(stderr, "bench: cannot remove %s: %s\n", run->report,
                strerror(errno));
    }
}

/* usage - the options, on standard error. */
static void usage(void)
{
    fprintf(stderr,
            "usage: bench [--deals N] [--small N] [--seed S] [--timeout S]\n"
            "             [--dir DIR] [--keep]\n"
            "  --deals N   deals of the full run (default 100000)\n"
            "  --small N   deals of the small run, for memory growth "
            "(default N/10, at least 1000)\n"
            "  --seed S    seed of ecarte gen (default 7)\n"
            "  --timeout S stop a phase after S seconds, 0: never "
            "(default 600)\n"
            "  --dir DIR   where the temp directory is made (default "
            "$TMPDIR or /tmp)\n"
            "  --keep      keep the temp files\n");
}

/* parse_long - a whole number >= 1 from text; -1 if it is not one. */
static long parse_long(const char *text)
{
    char *end = NULL;
    long v = strtol(text, &end, 10);

    return end == text || *end != '\0' || v < 1 ? -1 : v;
}

/* parse_args - the options into b; -1 (usage printed) on a bad one, 1
 * after --help. */
static int parse_args(struct bench *b, int argc, char **argv)
{
    const char *tmp = getenv("TMPDIR");
    const char *base = tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp";

    b->deals = 100000;
    b->small_deals = 0;
    b->seed = 7;
    b->timeout = 600;
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
        } else if (strcmp(argv[i], "--dir") == 0) {
            base = v;
        } else {
            usage();
            return -1;
        }
        if (b->deals < 1 || b->small_deals < 0) {
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
    if (snprintf(b->dir, sizeof(b->dir), "%s/ecarte-bench.XXXXXX", base) >=
            (int)sizeof(b->dir) ||
        mkdtemp(b->dir) == NULL) {
        fprintf(stderr, "bench: cannot make a temp directory in %s: %s\n",
                base, strerror(errno));
        return -1;
    }
    return 0;
}

/* main - parse the options, generate both inputs, run every phase of
 * the small and the full run, print the tables, ratios and memory; the
 * temp files removed unless --keep.  Exit 0 unless the bench could not
 * run. */
int main(int argc, char **argv)
{
    struct bench b;
    struct run small;
    struct run full;
    struct phase_result base;
    int rc = EXIT_FAILURE;

    setvbuf(stdout, NULL, _IOLBF, 0);
    memset(&b, 0, sizeof(b));
    rc = parse_args(&b, argc, argv);
    if (rc != 0) {
        return rc > 0 ? EXIT_SUCCESS : EXIT_BAD_INPUT;
    }
    rc = EXIT_FAILURE;
    printf("ecarte bench: %ld deals (seed %llu), small run %ld deals\n",
           b.deals, b.seed, b.small_deals);
    printf("temp files in %s (%s at the end)\n", b.dir,
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
    printf("\nratios of events/s to the floor measured in the same run "
           "(%ld deals):\n", full.deals);
    print_ratio(&full, BP_IMPORT, BP_INSERT_FLOOR, "(b)/(c) import / INSERT");
    print_ratio(&full, BP_AUDIT, BP_SCAN_FLOOR, "(d)/(e) audit / scan");
    print_memory(&small, &full, base.maxrss_kib);
    printf("\nreport (f): one HTML file of the sitting\n");
    print_report(&small);
    print_report(&full);
    printf("\nspeed is reported, not asserted (the machine is shared): "
           "PASS/MISS are against the issue's targets\n");
    rc = EXIT_SUCCESS;
out_clean:
    if (!b.keep) {
        remove_run(&small);
        remove_run(&full);
        if (rmdir(b.dir) != 0) {
            fprintf(stderr, "bench: cannot remove %s: %s\n", b.dir,
                    strerror(errno));
        } else {
            printf("removed %s\n", b.dir);
        }
    }
    return rc;
}
