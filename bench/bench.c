/*
 * bench.c - `make bench`: events per second of every command that reads
 * a log or a ledger (check, import, audit, record, report), each beside
 * the limit SQLite and the referee allow for the same work, measured in
 * the same run; the peak memory of every phase (bench/README.md).
 *
 * Each phase runs in a forked child, so that its peak RSS is its own: the
 * child times the phase with CLOCK_MONOTONIC, reads its ru_maxrss and
 * sends a struct phase_result back through a pipe.  Every phase runs
 * three times (rounds of all the phases, so that a phase and its floor
 * meet the same load) and the median time is kept.  The whole set runs
 * twice, on a small input (a tenth of the deals by default) and on the
 * full one, to tell whether memory grows with the number of deals.
 *
 * The floors are small loops written here with the best practice the
 * commands should reach: the import's writes every row the import leaves
 * in the ledger, from memory (read from the import's own file before
 * its clock runs), with the SHA-256 chain computed by libcrypto over the
 * same bytes as the ledger's (its head must equal the import's); the
 * audit's reads only the columns the audit reads and adjudicates them
 * (the re-derivation); the record's commits each action alone, WAL and
 * synchronous=FULL, one INSERT of the event and its hash.
 *
 * Speed is printed, never asserted: the exit status is non-zero only
 * when the bench itself could not run (no input, no import).  Public
 * headers only: the floors get the ledger's schema by having ledger_open
 * make a new ledger, and reach its rows through SQLite itself.
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

#include <openssl/evp.h>

#define PATH_MAX_BENCH 512
#define GROWTH_LIMIT 1.25       /* full-run peak over small-run peak */
#define SMALL_MIN 1000          /* deals: enough to fill SQLite's page cache */
#define REPEATS_MAX 9           /* --repeat at most */
#define CHUNK_EVENTS 8192       /* (c): events a transaction of the floor */
#define HASH_HEX 65             /* 64 hex digits and a NUL */

/* The columns of an event row but its hash, in the order of the schema. */
#define EVENT_COLUMNS "id, sitting_id, game_id, deal_id, seq, source, " \
                      "line, stamp, recorded, actor, verb, args, cards, text"
#define EVENT_N_COLUMNS 14

/* The phases, in the order they run in a round. */
enum bench_phase {
    BP_ADJUDICATE,              /* (a) read and adjudicate in memory */
    BP_IMPORT,                  /* (b) ecarte import into a fresh file */
    BP_IMPORT_FLOOR,            /* (c) every row of (b) written from memory */
    BP_AUDIT,                   /* (d) ecarte audit */
    BP_AUDIT_FLOOR,             /* (e) the audit's columns read, adjudicated */
    BP_CHECK,                   /* (f) ecarte check */
    BP_RECORD,                  /* (g) ecarte record of a prefix */
    BP_RECORD_FLOOR,            /* (h) the prefix's events, durable each */
    BP_RECORD_HEAD,             /* (h') the same, the chain's head kept */
    BP_REPORT,                  /* (i) ecarte report of the sitting */
    BP_RECORD_ALL,              /* (j) ecarte record of the whole log, on a
                                   tmpfs: its memory (once) */
    BP_COUNT
};

static const char *const bench_phase_name[BP_COUNT] = {
    [BP_ADJUDICATE] = "(a) adjudicate in memory",
    [BP_IMPORT] = "(b) import",
    [BP_IMPORT_FLOOR] = "(c) floor: write every row",
    [BP_AUDIT] = "(d) audit",
    [BP_AUDIT_FLOOR] = "(e) floor: scan + adjudicate",
    [BP_CHECK] = "(f) check",
    [BP_RECORD] = "(g) record (prefix, durable)",
    [BP_RECORD_FLOOR] = "(h) floor: durable INSERT loop",
    [BP_RECORD_HEAD] = "(h') floor: INSERT + chain head",
    [BP_REPORT] = "(i) report (HTML)",
    [BP_RECORD_ALL] = "(j) record (whole log, tmpfs)",
};

/* What a phase reports from its child. */
struct phase_result {
    int rc;                     /* 0 fine; else the phase failed */
    int64_t events;             /* events handled */
    double seconds;             /* timed part of the phase */
    long maxrss_kib;            /* the child's peak RSS */
    double cpu_seconds;         /* the child's user and system time */
    long long bytes;            /* the file written, for (i) */
    char note[160];             /* why it failed, or a remark */
};

/* One run: an input and the files made from it. */
struct run {
    long deals;
    unsigned long long seed;        /* of ecarte gen */
    unsigned timeout;               /* seconds a phase may take, 0: no end */
    int repeats;                    /* runs of each phase (median kept) */
    long record_actions;            /* actions of the record prefix */
    char input[PATH_MAX_BENCH];     /* the generated log */
    char prefix[PATH_MAX_BENCH];    /* its first record_actions actions */
    char db[PATH_MAX_BENCH];        /* (b): written by ecarte import */
    char floor_db[PATH_MAX_BENCH];  /* (c), (h): written by the floors */
    char rec_db[PATH_MAX_BENCH];    /* (g): written by ecarte record */
    char all_db[PATH_MAX_BENCH];    /* (j): on a tmpfs, "" if none */
    char report[PATH_MAX_BENCH];    /* (i): written by ecarte report */
    int64_t db_events;              /* event rows in db after (b) */
    int64_t log_events;             /* events (a) counted */
    struct phase_result res[BP_COUNT];  /* the median run */
    struct phase_result all[BP_COUNT][REPEATS_MAX]; /* every run */
    int n_all[BP_COUNT];                /* runs of each phase */
    bool ran[BP_COUNT];
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
    char dir[PATH_MAX_BENCH];   /* temp directory */
    char shm[PATH_MAX_BENCH];   /* temp directory on a tmpfs, "" if none */
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
/* Rows held in memory, and the hash of an event row                    */
/* ------------------------------------------------------------------ */

/* One value of a row held in memory. */
struct gval {
    int type;                   /* SQLITE_NULL, SQLITE_INTEGER, SQLITE_TEXT */
    int64_t i;                  /* the integer */
    size_t off;                 /* the text: its offset in the arena */
    size_t len;                 /* and its length */
};

/* Rows of a table held in memory: n rows of n_col values, their text in
 * one arena. */
struct rows {
    int n_col;
    size_t n;
    size_t cap;
    struct gval *v;             /* row i, column j: v[i * n_col + j] */
    char *text;
    size_t t_len;
    size_t t_cap;
};

/* rows_clear - no rows, the memory kept for the next ones. */
static void rows_clear(struct rows *t)
{
    t->n = 0;
    t->t_len = 0;
}

/* rows_free - the memory of t. */
static void rows_free(struct rows *t)
{
    free(t->v);
    free(t->text);
    memset(t, 0, sizeof(*t));
}

/* rows_add - the row sel stands on appended to t (its first t->n_col
 * columns).  Returns 0, -1 out of memory. */
static int rows_add(struct rows *t, sqlite3_stmt *sel)
{
    if (t->n == t->cap) {
        size_t cap = t->cap > 0 ? t->cap * 2 : 1024;
        struct gval *v = realloc(t->v, cap * (size_t)t->n_col * sizeof(*v));

        if (v == NULL) {
            return -1;
        }
        t->v = v;
        t->cap = cap;
    }
    for (int j = 0; j < t->n_col; j++) {
        struct gval *g = &t->v[t->n * (size_t)t->n_col + (size_t)j];

        g->type = sqlite3_column_type(sel, j);
        g->i = 0;
        g->off = 0;
        g->len = 0;
        if (g->type == SQLITE_INTEGER) {
            g->i = sqlite3_column_int64(sel, j);
        } else if (g->type != SQLITE_NULL) {
            const unsigned char *s = sqlite3_column_text(sel, j);
            size_t n = (size_t)sqlite3_column_bytes(sel, j);

            g->type = SQLITE_TEXT;
            if (t->t_len + n + 1 > t->t_cap) {
                size_t cap = (t->t_cap + n + 1) * 2;
                char *p = realloc(t->text, cap);

                if (p == NULL) {
                    return -1;
                }
                t->text = p;
                t->t_cap = cap;
            }
            memcpy(t->text + t->t_len, s, n);
            t->text[t->t_len + n] = '\0';
            g->off = t->t_len;
            g->len = n;
            t->t_len += n + 1;
        }
    }
    t->n++;
    return 0;
}

/* rows_val - row i, column j of t. */
static const struct gval *rows_val(const struct rows *t, size_t i, int j)
{
    return &t->v[i * (size_t)t->n_col + (size_t)j];
}

/* rows_bind - row i of t into the parameters 1.. of ins (text bound
 * SQLITE_STATIC: t stays put until ins is stepped).  Returns the OR of
 * the bind codes. */
static int rows_bind(sqlite3_stmt *ins, const struct rows *t, size_t i)
{
    int bad = 0;

    for (int j = 0; j < t->n_col; j++) {
        const struct gval *g = rows_val(t, i, j);

        if (g->type == SQLITE_INTEGER) {
            bad |= sqlite3_bind_int64(ins, j + 1, g->i);
        } else if (g->type == SQLITE_TEXT) {
            bad |= sqlite3_bind_text(ins, j + 1, t->text + g->off,
                                     (int)g->len, SQLITE_STATIC);
        } else {
            bad |= sqlite3_bind_null(ins, j + 1);
        }
    }
    return bad;
}

/* step_done - step ins to its end and reset it; 0 or -1. */
static int step_done(sqlite3_stmt *ins)
{
    int rc = sqlite3_step(ins);

    sqlite3_reset(ins);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The SHA-256 chain over event rows, the ledger's bytes: the previous
 * hash's 64 hex digits, then every field as a netstring
 * "<length>:<bytes>," (integers by their decimal text, 0 for NULL), in
 * the order id, sitting, game, deal, seq, source, line, stamp, recorded,
 * actor, verb, args, cards, text; the digest in lower-case hex. */
struct chain {
    EVP_MD *md;                 /* SHA-256, fetched once (as the ledger) */
    EVP_MD_CTX *ctx;
    char head[HASH_HEX];
    char *buf;
    size_t cap;
};

/* chain_open - a chain whose head is the 64 zeros of an empty ledger.
 * Returns 0, -1 if libcrypto fails. */
static int chain_open(struct chain *c)
{
    memset(c, 0, sizeof(*c));
    memset(c->head, '0', 64);
    c->head[64] = '\0';
    c->md = EVP_MD_fetch(NULL, "SHA256", NULL);
    c->ctx = EVP_MD_CTX_new();
    return c->ctx != NULL && c->md != NULL ? 0 : -1;
}

/* chain_close - the memory of c. */
static void chain_close(struct chain *c)
{
    EVP_MD_CTX_free(c->ctx);
    EVP_MD_free(c->md);
    free(c->buf);
}

/* net_bytes - "<n>:<s>," at p; returns the end. */
static char *net_bytes(char *p, const char *s, size_t n)
{
    char digits[24];
    int k = 0;
    size_t v = n;

    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (k > 0) {
        *p++ = digits[--k];
    }
    *p++ = ':';
    memcpy(p, s, n);
    p += n;
    *p++ = ',';
    return p;
}

/* net_int - the netstring of v's decimal text at p; returns the end. */
static char *net_int(char *p, int64_t v)
{
    char num[24];
    char rev[24];
    int k = 0;
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

    do {
        rev[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0) {
        num[n++] = '-';
    }
    while (k > 0) {
        num[n++] = rev[--k];
    }
    return net_bytes(p, num, (size_t)n);
}

/* chain_next - the hash of event row i of t (EVENT_COLUMNS) after the
 * head, into out and made the head.  Returns 0, -1 (memory, libcrypto). */
static int chain_next(struct chain *c, const struct rows *t, size_t i,
                      char *out)
{
    static const char digits[] = "0123456789abcdef";
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int md_len = 0;
    size_t need = 64 + 16 * 24;
    char *p = NULL;

    for (int j = 0; j < EVENT_N_COLUMNS; j++) {
        need += rows_val(t, i, j)->len;
    }
    if (need > c->cap) {
        char *b = realloc(c->buf, need * 2);

        if (b == NULL) {
            return -1;
        }
        c->buf = b;
        c->cap = need * 2;
    }
    p = c->buf;
    memcpy(p, c->head, 64);
    p += 64;
    for (int j = 0; j < EVENT_N_COLUMNS; j++) {
        const struct gval *g = rows_val(t, i, j);

        if (g->type == SQLITE_TEXT) {
            p = net_bytes(p, t->text + g->off, g->len);
        } else {
            p = net_int(p, g->i);   /* NULL: 0, as the ledger binds it */
        }
    }
    if (EVP_DigestInit_ex(c->ctx, c->md, NULL) != 1 ||
        EVP_DigestUpdate(c->ctx, c->buf, (size_t)(p - c->buf)) != 1 ||
        EVP_DigestFinal_ex(c->ctx, md, &md_len) != 1 || md_len != 32) {
        return -1;
    }
    for (unsigned k = 0; k < md_len; k++) {
        out[2 * k] = digits[md[k] >> 4];
        out[2 * k + 1] = digits[md[k] & 0x0f];
    }
    out[64] = '\0';
    memcpy(c->head, out, HASH_HEX);
    return 0;
}

/* open_db - path opened by SQLite (NOMUTEX; read-only or read-write)
 * into *out; -1 with the message in r->note. */
static int open_db(sqlite3 **out, const char *path, bool readonly,
                   struct phase_result *r)
{
    int flags = SQLITE_OPEN_NOMUTEX |
                (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE);

    if (sqlite3_open_v2(path, out, flags, NULL) != SQLITE_OK) {
        note(r, "open %s: %s", path, sqlite3_errmsg(*out));
        return -1;
    }
    sqlite3_busy_timeout(*out, 5000);
    return 0;
}

/* new_ledger - a fresh file at path made a ledger by ledger_open (its
 * schema, WAL mode, application id and version), then closed; -1 with
 * the message in r->note. */
static int new_ledger(const char *path, struct phase_result *r)
{
    struct ledger *l = NULL;
    int rc = 0;

    remove_db(path);
    if (ledger_open(&l, path, LEDGER_FAST) != 0) {
        note(r, "new ledger %s: %s", path, ledger_errmsg(l));
        rc = -1;
    }
    ledger_close(l);
    return rc;
}

/* prepare - sql on db into *st; -1 with the message in r->note. */
static int prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st,
                   struct phase_result *r)
{
    if (sqlite3_prepare_v2(db, sql, -1, st, NULL) != SQLITE_OK) {
        note(r, "%.60s: %s", sql, sqlite3_errmsg(db));
        return -1;
    }
    return 0;
}

/* load_all - every row of sql on db into t (t->n_col its columns);
 * -1 with the message in r->note. */
static int load_all(sqlite3 *db, const char *sql, struct rows *t,
                    struct phase_result *r)
{
    sqlite3_stmt *st = NULL;
    int step = 0;
    int rc = -1;

    if (prepare(db, sql, &st, r) != 0) {
        return -1;
    }
    t->n_col = sqlite3_column_count(st);
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        if (rows_add(t, st) != 0) {
            note(r, "out of memory");
            goto out;
        }
    }
    if (step != SQLITE_DONE) {
        note(r, "%.60s: %s", sql, sqlite3_errmsg(db));
        goto out;
    }
    rc = 0;
out:
    sqlite3_finalize(st);
    return rc;
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

/* The tables an import writes, but the event table and the chain row:
 * those read whole before the floor's clock starts (a row a sitting, a
 * game or a deal), and those read with the events they follow, a chunk
 * at a time (their event_id). */
static const char *const whole_tables[] = {
    "sitting", "tag", "game", "deal", "import_file", "quarantine", "person",
    "seating", "stake", "bet", "settlement", "transfer",
};
#define N_WHOLE (sizeof(whole_tables) / sizeof(whole_tables[0]))
static const char *const event_tables[] = {
    "claim", "score_mark", "ruling", "sitting_mark",
};
#define N_EVTAB (sizeof(event_tables) / sizeof(event_tables[0]))
/* Their order, by their index on the event (no sort, so that memory
 * stays flat): claim's is on the sitting first (one sitting here). */
static const char *const event_order[] = {
    "sitting_id, event_id, id", "event_id, id", "event_id, id",
    "event_id, id",
};

/* A table read with the events: its cursor on the source, where it
 * stands, its rows of the chunk and its INSERT on the floor's file. */
struct evtab {
    sqlite3_stmt *sel;          /* SELECT * ... ORDER BY event_id, id */
    int step;                   /* SQLITE_ROW: sel stands on a row */
    int ev_col;                 /* the column of event_id */
    struct rows rows;           /* the chunk's rows */
    sqlite3_stmt *ins;
};

/* insert_sql - "INSERT INTO name VALUES (?, ...)" with n parameters;
 * sqlite3_free it.  NULL out of memory. */
static char *insert_sql(const char *name, int n)
{
    char *sql = sqlite3_mprintf("INSERT INTO %s VALUES (?", name);

    for (int i = 1; sql != NULL && i < n; i++) {
        char *more = sqlite3_mprintf("%s, ?", sql);

        sqlite3_free(sql);
        sql = more;
    }
    if (sql != NULL) {
        char *done = sqlite3_mprintf("%s)", sql);

        sqlite3_free(sql);
        sql = done;
    }
    return sql;
}

/* prepare_insert - the INSERT of every column of name (n of them) on db
 * into *st; -1 with the message in r->note. */
static int prepare_insert(sqlite3 *db, const char *name, int n,
                          sqlite3_stmt **st, struct phase_result *r)
{
    char *sql = insert_sql(name, n);
    int rc;

    if (sql == NULL) {
        note(r, "out of memory");
        return -1;
    }
    rc = prepare(db, sql, st, r);
    sqlite3_free(sql);
    return rc;
}

/* insert_rows - every row of t by ins; -1 with the message in r->note. */
static int insert_rows(sqlite3 *db, sqlite3_stmt *ins, const struct rows *t,
                       struct phase_result *r)
{
    for (size_t i = 0; i < t->n; i++) {
        if (rows_bind(ins, t, i) != SQLITE_OK || step_done(ins) != 0) {
            note(r, "insert: %s", sqlite3_errmsg(db));
            return -1;
        }
    }
    return 0;
}

/* set_import_pragmas - the settings ledger_open gives an import
 * (LEDGER_FAST): synchronous=OFF, foreign keys off during the load, the
 * WAL checkpointed less often, a larger page cache, temporary b-trees in
 * memory. */
static int set_import_pragmas(sqlite3 *db, struct phase_result *r)
{
    return exec(db, "PRAGMA journal_mode = WAL", r) != 0 ||
                   exec(db, "PRAGMA synchronous = OFF", r) != 0 ||
                   exec(db, "PRAGMA foreign_keys = OFF", r) != 0 ||
                   exec(db, "PRAGMA wal_autocheckpoint = 10000", r) != 0 ||
                   exec(db, "PRAGMA cache_size = -16384", r) != 0 ||
                   exec(db, "PRAGMA temp_store = MEMORY", r) != 0
               ? -1
               : 0;
}

/* The state of the import's floor. */
struct ifloor {
    sqlite3 *src;
    sqlite3 *dst;
    sqlite3_stmt *ev_sel;       /* the source's events, by id */
    int ev_step;
    struct rows ev;             /* the chunk's events */
    sqlite3_stmt *ev_ins;
    sqlite3_stmt *progress;     /* UPDATE import_file */
    sqlite3_stmt *head;         /* UPDATE chain */
    struct rows whole[N_WHOLE];
    sqlite3_stmt *whole_ins[N_WHOLE];
    struct evtab tab[N_EVTAB];
    struct chain chain;
    char src_head[HASH_HEX];    /* the import's chain head */
};

/* ifloor_read - the source's rows into memory, but the chunks: the
 * whole tables, the cursors of the events and of the tables that follow
 * them, the import's chain head.  Not timed. */
static int ifloor_read(struct ifloor *f, const char *path,
                       struct phase_result *r)
{
    sqlite3_stmt *st = NULL;

    if (open_db(&f->src, path, true, r) != 0 || exec(f->src, "BEGIN", r) != 0) {
        return -1;
    }
    for (size_t k = 0; k < N_WHOLE; k++) {
        char *sql = sqlite3_mprintf("SELECT * FROM %s ORDER BY id",
                                    whole_tables[k]);
        int rc = sql != NULL ? load_all(f->src, sql, &f->whole[k], r) : -1;

        sqlite3_free(sql);
        if (rc != 0) {
            return -1;
        }
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        struct evtab *e = &f->tab[k];
        char *sql = sqlite3_mprintf("SELECT * FROM %s ORDER BY %s",
                                    event_tables[k], event_order[k]);
        int rc = sql != NULL ? prepare(f->src, sql, &e->sel, r) : -1;

        sqlite3_free(sql);
        if (rc != 0) {
            return -1;
        }
        e->rows.n_col = sqlite3_column_count(e->sel);
        e->ev_col = -1;
        for (int j = 0; j < e->rows.n_col; j++) {
            if (strcmp(sqlite3_column_name(e->sel, j), "event_id") == 0) {
                e->ev_col = j;
            }
        }
        e->step = sqlite3_step(e->sel);
    }
    if (prepare(f->src, "SELECT " EVENT_COLUMNS " FROM event ORDER BY id",
                &f->ev_sel, r) != 0 ||
        prepare(f->src, "SELECT head FROM chain", &st, r) != 0) {
        return -1;
    }
    f->ev.n_col = EVENT_N_COLUMNS;
    f->ev_step = sqlite3_step(f->ev_sel);
    if (sqlite3_step(st) == SQLITE_ROW) {
        snprintf(f->src_head, sizeof(f->src_head), "%s",
                 (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    return 0;
}

/* ifloor_chunk - the next chunk of events (at most CHUNK_EVENTS) and
 * the rows of the other tables that follow them, into memory.  Not
 * timed.  Returns the events read, -1 (message in r->note). */
static long ifloor_chunk(struct ifloor *f, struct phase_result *r)
{
    int64_t hi = 0;

    rows_clear(&f->ev);
    while (f->ev_step == SQLITE_ROW && f->ev.n < CHUNK_EVENTS) {
        if (rows_add(&f->ev, f->ev_sel) != 0) {
            note(r, "out of memory");
            return -1;
        }
        hi = sqlite3_column_int64(f->ev_sel, 0);
        f->ev_step = sqlite3_step(f->ev_sel);
    }
    if (f->ev_step != SQLITE_ROW && f->ev_step != SQLITE_DONE) {
        note(r, "read events: %s", sqlite3_errmsg(f->src));
        return -1;
    }
    if (f->ev_step == SQLITE_DONE) {
        hi = INT64_MAX;         /* the last chunk takes what is left */
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        struct evtab *e = &f->tab[k];

        rows_clear(&e->rows);
        while (e->step == SQLITE_ROW &&
               sqlite3_column_int64(e->sel, e->ev_col) <= hi) {
            if (rows_add(&e->rows, e->sel) != 0) {
                note(r, "out of memory");
                return -1;
            }
            e->step = sqlite3_step(e->sel);
        }
        if (e->step != SQLITE_ROW && e->step != SQLITE_DONE) {
            note(r, "read %s: %s", event_tables[k], sqlite3_errmsg(f->src));
            return -1;
        }
    }
    return (long)f->ev.n;
}

/* ifloor_open - the floor's file opened with the import's settings, its
 * statements prepared.  Timed. */
static int ifloor_open(struct ifloor *f, const char *path,
                       struct phase_result *r)
{
    if (open_db(&f->dst, path, false, r) != 0 ||
        set_import_pragmas(f->dst, r) != 0 ||
        prepare_insert(f->dst, "event", EVENT_N_COLUMNS + 1, &f->ev_ins,
                       r) != 0 ||
        prepare(f->dst, "UPDATE import_file SET line = ?2, deals = ?3, "
                        "events = ?4, complete = ?5 WHERE id = ?1",
                &f->progress, r) != 0 ||
        prepare(f->dst, "UPDATE chain SET head = ?1, n_events = "
                        "n_events + ?2, last_id = ?3 WHERE id = 1",
                &f->head, r) != 0) {
        return -1;
    }
    for (size_t k = 0; k < N_WHOLE; k++) {
        if (f->whole[k].n > 0 &&
            prepare_insert(f->dst, whole_tables[k], f->whole[k].n_col,
                           &f->whole_ins[k], r) != 0) {
            return -1;
        }
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        if (prepare_insert(f->dst, event_tables[k], f->tab[k].rows.n_col,
                           &f->tab[k].ins, r) != 0) {
            return -1;
        }
    }
    return 0;
}

/* ifloor_progress - the import's row brought up to the last event of the
 * chunk (as the import does at every commit), and the chain's head. */
static int ifloor_progress(struct ifloor *f, bool complete,
                           struct phase_result *r)
{
    const struct rows *imp = &f->whole[4];      /* import_file */
    int bad = 0;

    for (size_t i = 0; i < imp->n; i++) {
        bad |= sqlite3_bind_int64(f->progress, 1, rows_val(imp, i, 0)->i);
        bad |= sqlite3_bind_int64(f->progress, 2, rows_val(imp, i, 7)->i);
        bad |= sqlite3_bind_int64(f->progress, 3, rows_val(imp, i, 4)->i);
        bad |= sqlite3_bind_int64(f->progress, 4, rows_val(imp, i, 9)->i);
        bad |= sqlite3_bind_int(f->progress, 5, complete);
        if (bad != SQLITE_OK || step_done(f->progress) != 0) {
            note(r, "progress: %s", sqlite3_errmsg(f->dst));
            return -1;
        }
    }
    if (f->ev.n == 0) {
        return 0;
    }
    bad |= sqlite3_bind_text(f->head, 1, f->chain.head, 64, SQLITE_STATIC);
    bad |= sqlite3_bind_int64(f->head, 2, (int64_t)f->ev.n);
    bad |= sqlite3_bind_int64(f->head, 3,
                              rows_val(&f->ev, f->ev.n - 1, 0)->i);
    if (bad != SQLITE_OK || step_done(f->head) != 0) {
        note(r, "chain: %s", sqlite3_errmsg(f->dst));
        return -1;
    }
    return 0;
}

/* ifloor_write - the chunk in memory written in one transaction: the
 * events with their hashes, the rows that follow them, the import's
 * progress and the chain's head.  Timed. */
static int ifloor_write(struct ifloor *f, bool last, struct phase_result *r)
{
    char hash[HASH_HEX];

    if (sqlite3_get_autocommit(f->dst) && exec(f->dst, "BEGIN", r) != 0) {
        return -1;
    }
    for (size_t i = 0; i < f->ev.n; i++) {
        if (chain_next(&f->chain, &f->ev, i, hash) != 0) {
            note(r, "hash: out of memory or libcrypto failed");
            return -1;
        }
        if (rows_bind(f->ev_ins, &f->ev, i) != SQLITE_OK ||
            sqlite3_bind_text(f->ev_ins, EVENT_N_COLUMNS + 1, hash, 64,
                              SQLITE_STATIC) != SQLITE_OK ||
            step_done(f->ev_ins) != 0) {
            note(r, "insert event: %s", sqlite3_errmsg(f->dst));
            return -1;
        }
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        if (insert_rows(f->dst, f->tab[k].ins, &f->tab[k].rows, r) != 0) {
            return -1;
        }
    }
    if (ifloor_progress(f, last, r) != 0) {
        return -1;
    }
    return exec(f->dst, "COMMIT", r);
}

/* fk_check - PRAGMA foreign_key_check on db: -1 (r->note) if a row
 * breaks a reference, as the import checks after its load. */
static int fk_check(sqlite3 *db, struct phase_result *r)
{
    sqlite3_stmt *st = NULL;
    int step;

    if (prepare(db, "PRAGMA foreign_key_check", &st, r) != 0) {
        return -1;
    }
    step = sqlite3_step(st);
    sqlite3_finalize(st);
    if (step != SQLITE_DONE) {
        note(r, "foreign_key_check: %s", step == SQLITE_ROW
                                             ? "a broken reference"
                                             : sqlite3_errmsg(db));
        return -1;
    }
    return 0;
}

/* ifloor_free - everything f holds. */
static void ifloor_free(struct ifloor *f)
{
    for (size_t k = 0; k < N_WHOLE; k++) {
        sqlite3_finalize(f->whole_ins[k]);
        rows_free(&f->whole[k]);
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        sqlite3_finalize(f->tab[k].sel);
        sqlite3_finalize(f->tab[k].ins);
        rows_free(&f->tab[k].rows);
    }
    sqlite3_finalize(f->ev_sel);
    sqlite3_finalize(f->ev_ins);
    sqlite3_finalize(f->progress);
    sqlite3_finalize(f->head);
    rows_free(&f->ev);
    chain_close(&f->chain);
    sqlite3_close(f->dst);
    sqlite3_close(f->src);
}

/*
 * (c) - the floor of (b): every row the import wrote, read from (b)'s
 * file into memory before the clock runs (a chunk of CHUNK_EVENTS events
 * at a time, with the rows that follow them, so that memory stays
 * flat), written into a fresh ledger file with the import's settings:
 * one transaction a chunk, prepared statements, the SHA-256 chain of
 * every event computed again, the import's progress and the chain's head
 * updated at every commit, the references checked at the end, the file
 * closed (its WAL checkpointed).  Timed: the writing, from the making of
 * the file (ledger_open, as the import makes it) to its close.  The
 * chain's head must equal the import's.
 */
static void phase_import_floor(const struct run *run, struct phase_result *r)
{
    struct ifloor f;
    double t0;
    long n = 0;

    memset(&f, 0, sizeof(f));
    r->rc = -1;
    if (chain_open(&f.chain) != 0 || ifloor_read(&f, run->db, r) != 0) {
        goto out;
    }
    t0 = now();
    if (new_ledger(run->floor_db, r) != 0 ||
        ifloor_open(&f, run->floor_db, r) != 0 ||
        exec(f.dst, "BEGIN", r) != 0) {
        goto out;
    }
    for (size_t k = 0; k < N_WHOLE; k++) {
        if (insert_rows(f.dst, f.whole_ins[k], &f.whole[k], r) != 0) {
            goto out;
        }
    }
    r->seconds += now() - t0;
    do {
        n = ifloor_chunk(&f, r);
        if (n < 0) {
            goto out;
        }
        t0 = now();
        if (ifloor_write(&f, f.ev_step == SQLITE_DONE, r) != 0) {
            goto out;
        }
        r->seconds += now() - t0;
        r->events += n;
    } while (f.ev_step == SQLITE_ROW);
    t0 = now();
    if (fk_check(f.dst, r) != 0) {
        goto out;
    }
    sqlite3_finalize(f.ev_ins);
    f.ev_ins = NULL;
    sqlite3_finalize(f.progress);
    f.progress = NULL;
    sqlite3_finalize(f.head);
    f.head = NULL;
    for (size_t k = 0; k < N_WHOLE; k++) {
        sqlite3_finalize(f.whole_ins[k]);
        f.whole_ins[k] = NULL;
    }
    for (size_t k = 0; k < N_EVTAB; k++) {
        sqlite3_finalize(f.tab[k].ins);
        f.tab[k].ins = NULL;
    }
    sqlite3_close(f.dst);
    f.dst = NULL;
    r->seconds += now() - t0;
    if (strcmp(f.chain.head, f.src_head) != 0) {
        note(r, "chain head %.12s differs from the import's %.12s",
             f.chain.head, f.src_head);
        goto out;
    }
    note(r, "chain head equal to the import's");
    r->rc = 0;
out:
    ifloor_free(&f);
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

/* The state of the audit's floor. */
struct afloor {
    sqlite3 *db;
    sqlite3_stmt *tags;
    sqlite3_stmt *ev;
    sqlite3_stmt *claims;
    sqlite3_stmt *rulings;
    struct arbiter *arb;
    struct applied *res;
};

/* afloor_free - everything f holds. */
static void afloor_free(struct afloor *f)
{
    sqlite3_finalize(f->tags);
    sqlite3_finalize(f->ev);
    sqlite3_finalize(f->claims);
    sqlite3_finalize(f->rulings);
    sqlite3_close(f->db);
    arbiter_close(f->arb);
    free(f->res);
}

/* take_upto - the rows of st (stepped, standing at *step) whose first
 * column is at most id, their text (column col) read into *sum.  Returns
 * the last step code. */
static int take_upto(sqlite3_stmt *st, int step, int64_t id, int col,
                     uint64_t *sum)
{
    while (step == SQLITE_ROW && sqlite3_column_int64(st, 0) <= id) {
        const unsigned char *p = sqlite3_column_text(st, col);

        *sum += (uint64_t)sqlite3_column_bytes(st, col) +
                (p != NULL ? p[0] : 0);
        step = sqlite3_step(st);
    }
    return step;
}

/*
 * (e) - the floor of (d): the columns the audit reads, each table by one
 * cursor in one read transaction on (b)'s file: the tags, the events
 * (id, line, text) in the order of the sitting, the claims (event, line,
 * text) and the stored rulings (event, text) merged with them; every
 * event read again (tl_parse_line) and adjudicated by a referee set up
 * with the tags (apply_event, the audit's own call), which is (a)'s
 * work.  Timed: from the open to the close.
 */
static void phase_audit_floor(const struct run *run, struct phase_result *r)
{
    struct afloor f;
    uint64_t sum = 0;
    int64_t refused = 0;
    int ev_step = 0;
    int c_step = 0;
    int r_step = 0;
    double t0 = now();

    memset(&f, 0, sizeof(f));
    r->rc = -1;
    f.res = malloc(sizeof(*f.res));
    if (f.res == NULL || arbiter_open(&f.arb) != 0) {
        note(r, "out of memory");
        goto out;
    }
    if (open_db(&f.db, run->db, true, r) != 0 || exec(f.db, "BEGIN", r) != 0 ||
        prepare(f.db, "SELECT name, value FROM tag ORDER BY sitting_id, id",
                &f.tags, r) != 0 ||
        prepare(f.db, "SELECT id, line, text FROM event "
                      "ORDER BY sitting_id, seq", &f.ev, r) != 0 ||
        prepare(f.db, "SELECT coalesce(event_id, 0), line, text FROM claim "
                      "ORDER BY sitting_id, event_id", &f.claims, r) != 0 ||
        prepare(f.db, "SELECT event_id, text FROM ruling ORDER BY event_id",
                &f.rulings, r) != 0) {
        goto out;
    }
    while (sqlite3_step(f.tags) == SQLITE_ROW) {
        arbiter_set_tag(f.arb, (const char *)sqlite3_column_text(f.tags, 0),
                        (const char *)sqlite3_column_text(f.tags, 1));
    }
    c_step = sqlite3_step(f.claims);
    r_step = sqlite3_step(f.rulings);
    while ((ev_step = sqlite3_step(f.ev)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(f.ev, 0);
        int line_no = sqlite3_column_int(f.ev, 1);
        const char *text = (const char *)sqlite3_column_text(f.ev, 2);
        struct tl_line line;
        struct tl_error err;

        if (tl_parse_line(text, (size_t)sqlite3_column_bytes(f.ev, 2),
                          line_no, &line, &err) != 0 ||
            line.kind != TL_EVENT ||
            apply_event(f.arb, &line.ev, line_no, f.res) != 0) {
            refused++;
        }
        c_step = take_upto(f.claims, c_step, id, 2, &sum);
        r_step = take_upto(f.rulings, r_step, id, 1, &sum);
        r->events++;
    }
    if (ev_step != SQLITE_DONE || exec(f.db, "COMMIT", r) != 0) {
        note(r, "scan: %s", sqlite3_errmsg(f.db));
        goto out;
    }
    afloor_free(&f);
    memset(&f, 0, sizeof(f));
    r->seconds = now() - t0;
    r->rc = 0;
    if (refused > 0) {
        note(r, "%lld events refused by the referee", (long long)refused);
    }
    (void)sum;
out:
    afloor_free(&f);
}

/* (f) - `ecarte check INPUT` (stdout to /dev/null); events are those (a)
 * counted. */
static void phase_check(const struct run *run, struct phase_result *r)
{
    char a0[] = "check";
    char input[PATH_MAX_BENCH];
    char *argv[] = {a0, input, NULL};
    double t0;

    snprintf(input, sizeof(input), "%s", run->input);
    optind = 1;
    t0 = now();
    r->rc = cmd_check(2, argv);
    r->seconds = now() - t0;
    r->events = run->log_events;
    if (r->rc != EXIT_FINE) {
        note(r, "ecarte check exited %d", r->rc);
    }
}

/* record_into - `ecarte record --db DB LOG` (its messages on stderr sent
 * to /dev/null), into a fresh file; the events counted afterwards (not
 * timed). */
static void record_into(const char *db_path, const char *log,
                        struct phase_result *r)
{
    char a0[] = "record";
    char a1[] = "--db";
    char db[PATH_MAX_BENCH];
    char input[PATH_MAX_BENCH];
    char *argv[] = {a0, a1, db, input, NULL};
    double t0;

    snprintf(db, sizeof(db), "%s", db_path);
    snprintf(input, sizeof(input), "%s", log);
    remove_db(db);
    if (freopen("/dev/null", "w", stderr) == NULL) {
        r->rc = -1;
        note(r, "cannot send stderr to /dev/null");
        return;
    }
    optind = 1;
    t0 = now();
    r->rc = cmd_record(4, argv);
    r->seconds = now() - t0;
    if (r->rc != EXIT_FINE) {
        note(r, "ecarte record exited %d", r->rc);
        return;
    }
    r->events = count_events(db_path, r);
    if (r->events < 0) {
        r->rc = -1;
    }
}

/* (g) - `ecarte record` of the prefix (its first record_actions actions)
 * into a fresh file: every action committed as it comes, with
 * synchronous=FULL. */
static void phase_record(const struct run *run, struct phase_result *r)
{
    record_into(run->rec_db, run->prefix, r);
}

/* (j) - `ecarte record` of the whole log into a fresh file on a tmpfs
 * (where a commit costs no disk flush): its peak memory against the
 * number of deals.  The file is removed afterwards. */
static void phase_record_all(const struct run *run, struct phase_result *r)
{
    record_into(run->all_db, run->input, r);
    remove_db(run->all_db);
}

/*
 * record_loop - the event rows (g) wrote, read into memory before the
 * clock runs, appended to a fresh ledger file opened by SQLite in WAL
 * mode with synchronous=FULL: for each, its SHA-256 chain hash, then
 * BEGIN, one prepared INSERT of the row (with head, the UPDATE of the
 * chain's head too), COMMIT.  Timed: from the making of the file
 * (ledger_open, as record makes it) to its close.
 */
static void record_loop(const struct run *run, bool with_head,
                        struct phase_result *r)
{
    sqlite3 *src = NULL;
    sqlite3 *dst = NULL;
    sqlite3_stmt *ins = NULL;
    sqlite3_stmt *head = NULL;
    sqlite3_stmt *begin = NULL;
    sqlite3_stmt *commit = NULL;
    struct rows ev;
    struct chain c;
    char hash[HASH_HEX];
    double t0;

    memset(&ev, 0, sizeof(ev));
    r->rc = -1;
    if (chain_open(&c) != 0) {
        note(r, "libcrypto failed");
        goto out;
    }
    if (open_db(&src, run->rec_db, true, r) != 0 ||
        load_all(src, "SELECT " EVENT_COLUMNS " FROM event ORDER BY id",
                 &ev, r) != 0) {
        goto out;
    }
    t0 = now();
    if (new_ledger(run->floor_db, r) != 0 ||
        open_db(&dst, run->floor_db, false, r) != 0 ||
        exec(dst, "PRAGMA journal_mode = WAL", r) != 0 ||
        exec(dst, "PRAGMA synchronous = FULL", r) != 0 ||
        prepare_insert(dst, "event", EVENT_N_COLUMNS + 1, &ins, r) != 0 ||
        prepare(dst, "UPDATE chain SET head = ?1, n_events = n_events + 1, "
                     "last_id = ?2 WHERE id = 1", &head, r) != 0 ||
        prepare(dst, "BEGIN IMMEDIATE", &begin, r) != 0 ||
        prepare(dst, "COMMIT", &commit, r) != 0) {
        goto out;
    }
    for (size_t i = 0; i < ev.n; i++) {
        if (chain_next(&c, &ev, i, hash) != 0) {
            note(r, "hash: out of memory or libcrypto failed");
            goto out;
        }
        if (step_done(begin) != 0 || rows_bind(ins, &ev, i) != SQLITE_OK ||
            sqlite3_bind_text(ins, EVENT_N_COLUMNS + 1, hash, 64,
                              SQLITE_STATIC) != SQLITE_OK ||
            step_done(ins) != 0) {
            note(r, "insert event: %s", sqlite3_errmsg(dst));
            goto out;
        }
        if (with_head &&
            (sqlite3_bind_text(head, 1, hash, 64, SQLITE_STATIC) !=
                 SQLITE_OK ||
             sqlite3_bind_int64(head, 2, rows_val(&ev, i, 0)->i) !=
                 SQLITE_OK ||
             step_done(head) != 0)) {
            note(r, "chain head: %s", sqlite3_errmsg(dst));
            goto out;
        }
        if (step_done(commit) != 0) {
            note(r, "commit: %s", sqlite3_errmsg(dst));
            goto out;
        }
        r->events++;
    }
    sqlite3_finalize(ins);
    sqlite3_finalize(head);
    sqlite3_finalize(begin);
    sqlite3_finalize(commit);
    ins = head = begin = commit = NULL;
    sqlite3_close(dst);
    dst = NULL;
    r->seconds = now() - t0;
    r->rc = 0;
out:
    sqlite3_finalize(ins);
    sqlite3_finalize(head);
    sqlite3_finalize(begin);
    sqlite3_finalize(commit);
    sqlite3_close(dst);
    sqlite3_close(src);
    rows_free(&ev);
    chain_close(&c);
}

/* (h) - the floor of (g) the issue names: the raw loop, one INSERT of
 * the event row and its hash, committed each (record_loop). */
static void phase_record_floor(const struct run *run, struct phase_result *r)
{
    record_loop(run, false, r);
}

/* (h') - (h) with the chain's head kept in the chain row in every
 * commit, as the ledger's chain asks of every writer (a third page in
 * each commit): for information. */
static void phase_record_head(const struct run *run, struct phase_result *r)
{
    record_loop(run, true, r);
}

/* (i) - `ecarte report --db DB -o FILE` on the (b) file: its time, and
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
    {BP_IMPORT, BP_IMPORT_FLOOR, true, 0.80,
     "import / (adjudicate + write every row)"},
    {BP_AUDIT, BP_AUDIT_FLOOR, false, 0.80,
     "audit / (scan + adjudicate)"},
    {BP_CHECK, BP_ADJUDICATE, false, 0.80,
     "check / adjudicate in memory"},
    {BP_RECORD, BP_RECORD_FLOOR, false, 0.90,
     "record / durable INSERT loop"},
};

/* Ratios printed for information, not against a target. */
static const struct target infos[] = {
    {BP_IMPORT, BP_IMPORT_FLOOR, false, 0.0,
     "import / write every row alone (c)"},
    {BP_RECORD, BP_RECORD_HEAD, false, 0.0,
     "record / INSERT + chain head loop (h')"},
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
        run->n_all[BP_ADJUDICATE] < n) {
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

    run_in_child(run, phase_generate, false, &r);
    if (r.rc != 0) {
        fprintf(stderr, "bench: generating %ld deals: %s\n", run->deals,
                r.note);
        return -1;
    }
    printf("input: %ld deals, %.1f MB, generated in %.2f s\n", run->deals,
           (double)file_size(run->input) / 1e6, r.seconds);
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
        [BP_ADJUDICATE] = phase_adjudicate,
        [BP_IMPORT] = phase_import,
        [BP_IMPORT_FLOOR] = phase_import_floor,
        [BP_AUDIT] = phase_audit,
        [BP_AUDIT_FLOOR] = phase_audit_floor,
        [BP_CHECK] = phase_check,
        [BP_RECORD] = phase_record,
        [BP_RECORD_FLOOR] = phase_record_floor,
        [BP_RECORD_HEAD] = phase_record_head,
        [BP_REPORT] = phase_report,
        [BP_RECORD_ALL] = phase_record_all,
    };
    struct phase_result (*rs)[REPEATS_MAX] = run->all;
    int *rounds = run->n_all;

    for (int p = 0; p < BP_COUNT; p++) {
        rounds[p] = p == BP_RECORD_ALL ? 1 : run->repeats;
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
    remove_db(run->db);
    remove_db(run->floor_db);
    remove_db(run->rec_db);
    if (run->all_db[0] != '\0') {
        remove_db(run->all_db);
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
            "  --keep      keep the temp files\n");
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
