/* SPDX-License-Identifier: MIT */
/*
 * open.c - opening a ledger: making a new file whole, checking that a file
 * is an ecarte ledger of a known schema version (an older one migrated
 * by migrate.c), WAL and the pragmas, waiting for another process's
 * lock, and closing.
 */
#include "ledger/ledger.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <sqlite3.h>

#include "ledger/ledger_int.h"

#define BUSY_TIMEOUT_MS 5000     /* the default wait for a lock */
#define WAIT_TELL_MS 1000       /* on_wait after a second of waiting ... */
#define WAIT_AGAIN_MS 30000     /* ... then every 30 seconds */

/* ------------------------------------------------------------------ */
/* The file and its schema                                              */
/* ------------------------------------------------------------------ */

/* ledger__pragma_int - the integer the one-row query sql gives, in *out. */
int ledger__pragma_int(struct ledger *l, const char *sql, int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(l->db, sql, -1, &st, NULL);
    int rc = 0;

    if (src != SQLITE_OK) {
        rc = ledger__fail(l, src, sql);
        goto out_finalize;
    }
    src = sqlite3_step(st);
    if (src != SQLITE_ROW) {
        rc = ledger__fail(l, src, sql);
        goto out_finalize;
    }
    *out = sqlite3_column_int64(st, 0);
out_finalize:
    sqlite3_finalize(st);
    return rc;
}

/* ledger__exec - run constant SQL (no input text ever reaches it). */
int ledger__exec(struct ledger *l, const char *sql, const char *what)
{
    int src = sqlite3_exec(l->db, sql, NULL, NULL, NULL);

    if (src != SQLITE_OK) {
        return ledger__fail(l, src, what);
    }
    return 0;
}

/*
 * check_format - is the open file an ecarte ledger?  *is_empty is set if
 * it has no table at all (a new file).  The schema version goes into
 * l->version.  Returns 0, or LEDGER_E_FORMAT (not SQLite, another
 * application's database, a newer schema) or another negative code.
 */
static int check_format(struct ledger *l, bool *is_empty)
{
    int64_t n_tables = 0;
    int64_t app = 0;
    int64_t version = 0;
    int rc = 0;

    *is_empty = false;
    rc = ledger__pragma_int(l, "SELECT count(*) FROM sqlite_schema",
                            &n_tables);
    if (rc == LEDGER_E_FORMAT) {
        return ledger__failf(l, rc, "not an SQLite database: %s",
                             sqlite3_errmsg(l->db));
    }
    if (rc == 0) {
        rc = ledger__pragma_int(l, "PRAGMA application_id", &app);
    }
    if (rc == 0) {
        rc = ledger__pragma_int(l, "PRAGMA user_version", &version);
    }
    if (rc != 0) {
        return rc;
    }
    if (n_tables == 0 && app == 0 && version == 0) {
        *is_empty = true;
        return 0;
    }
    if (app != LEDGER_APPLICATION_ID) {
        return ledger__failf(l, LEDGER_E_FORMAT,
                             "not an ecarte ledger: application_id is "
                             "0x%08" PRIx64 ", not 0x%08x", (uint64_t)app,
                             LEDGER_APPLICATION_ID);
    }
    if (version > LEDGER_SCHEMA_VERSION) {
        return ledger__failf(l, LEDGER_E_FORMAT,
                             "ledger schema version %" PRId64 " is newer "
                             "than %d", version, LEDGER_SCHEMA_VERSION);
    }
    if (version < 1) {
        return ledger__failf(l, LEDGER_E_FORMAT,
                             "ledger schema version %" PRId64 " is unknown",
                             version);
    }
    l->version = (int)version;
    return 0;
}

/* finalize_statements - every statement prepared on l->db finalized
 * (before its connection closes, or the schema is made). */
static void finalize_statements(struct ledger *l)
{
    for (int i = 0; i < ST_COUNT; i++) {
        sqlite3_finalize(l->st[i]);
        l->st[i] = NULL;
    }
    for (int i = 0; i < SEAL_TABLES; i++) {
        sqlite3_finalize(l->seal_st[i]);
        l->seal_st[i] = NULL;
        sqlite3_finalize(l->seal_json_st[i]);
        l->seal_json_st[i] = NULL;
    }
    for (int i = 0; i < CS_COUNT; i++) {
        sqlite3_finalize(l->cached[i]);
        l->cached[i] = NULL;
    }
}

/*
 * create_schema - give an empty file the schema, application_id,
 * user_version and its identity (sealed) in one transaction.  Another process may have created it
 * meanwhile: the file is checked again once the write lock is held.
 */
static int create_schema(struct ledger *l)
{
    char pragmas[128];
    int64_t n_tables = 0;
    size_t i = 0;
    int rc = 0;

    rc = ledger__exec(l, "BEGIN IMMEDIATE", "create the schema");
    if (rc != 0) {
        return rc;
    }
    rc = ledger__pragma_int(l, "SELECT count(*) FROM sqlite_schema",
                            &n_tables);
    if (rc != 0 || n_tables != 0) {
        goto out_rollback;
    }
    for (i = 0; ledger__schema_sql[i] != NULL; i++) {
        rc = ledger__exec(l, ledger__schema_sql[i], "create the schema");
        if (rc != 0) {
            goto out_rollback;
        }
    }
    snprintf(pragmas, sizeof(pragmas),
             "PRAGMA application_id = %ld; PRAGMA user_version = %d",
             (long)LEDGER_APPLICATION_ID, LEDGER_SCHEMA_VERSION);
    rc = ledger__exec(l, pragmas, "create the schema");
    if (rc != 0) {
        goto out_rollback;
    }
    /* the identity, sealed: with the statements of the new schema,
     * finalized again (the file may be closed and linked into place) */
    l->version = LEDGER_SCHEMA_VERSION;
    l->chain_fresh = false;
    l->chain_known = false;
    rc = ledger__prepare_statements(l);
    if (rc == 0) {
        rc = ledger__identity_new(l);
    }
    if (rc == 0) {
        rc = ledger_commit(l);  /* with the seals' head */
        finalize_statements(l);
        return rc;
    }
    finalize_statements(l);
out_rollback:
    l->chain_dirty = false;
    sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* set_wal - journal_mode=WAL; an error if SQLite will not use it. */
static int set_wal(struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(l->db, "PRAGMA journal_mode = WAL", -1,
                                 &st, NULL);
    int rc = 0;

    if (src != SQLITE_OK) {
        rc = ledger__fail(l, src, "journal_mode=WAL");
        goto out_finalize;
    }
    src = sqlite3_step(st);
    if (src != SQLITE_ROW) {
        rc = ledger__fail(l, src, "journal_mode=WAL");
        goto out_finalize;
    }
    if (strcmp(ledger__col_text(st, 0), "wal") != 0) {
        rc = ledger__failf(l, LEDGER_E_ERROR,
                           "journal_mode=WAL: SQLite chose %s",
                           ledger__col_text(st, 0));
    }
out_finalize:
    sqlite3_finalize(st);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Waiting for a lock                                                   */
/* ------------------------------------------------------------------ */

/* ms_since - milliseconds from *t0 to now (monotonic). */
static long ms_since(const struct timespec *t0)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - t0->tv_sec) * 1000 +
           (long)(now.tv_nsec - t0->tv_nsec) / 1000000;
}

/*
 * on_busy - SQLite's busy handler: another connection holds a lock that
 * is needed.  Sleep a little (longer as the wait goes on) and try again,
 * until the wait limit; tell on_wait after a second, then every 30 s.
 * Returns non-zero to try again, 0 to give up (SQLITE_BUSY).
 */
static int on_busy(void *vl, int count)
{
    static const int delays_ms[] = { 1, 2, 5, 10, 15, 20, 25, 25, 25, 50 };
    struct ledger *l = vl;
    struct timespec ts;
    long waited = 0;
    int delay = 0;

    if (count == 0) {
        clock_gettime(CLOCK_MONOTONIC, &l->wait_start);
        l->wait_told = 0;
    }
    waited = ms_since(&l->wait_start);
    if (l->wait_ms >= 0 && waited >= l->wait_ms) {
        return 0;
    }
    if (l->on_wait != NULL &&
        ((l->wait_told == 0 && waited >= WAIT_TELL_MS) ||
         (l->wait_told > 0 && waited - l->wait_told >= WAIT_AGAIN_MS)) &&
        (!l->told_any || ms_since(&l->told_at) >= WAIT_AGAIN_MS)) {
        /* once per WAIT_AGAIN_MS, however many statements wait in turn */
        l->wait_told = waited;
        l->told_any = true;
        clock_gettime(CLOCK_MONOTONIC, &l->told_at);
        l->on_wait(l->wait_ctx, waited);
    }
    delay = count < (int)(sizeof(delays_ms) / sizeof(delays_ms[0]))
                ? delays_ms[count]
                : 100;
    ts.tv_sec = 0;
    ts.tv_nsec = (long)delay * 1000000L;
    nanosleep(&ts, NULL);
    return 1;
}

/* wal_without_shm - is there a -wal file beside path but no -shm? */
static bool wal_without_shm(const char *path)
{
    char name[4096];

    if (snprintf(name, sizeof(name), "%s-wal", path) >= (int)sizeof(name) ||
        access(name, F_OK) != 0) {
        return false;
    }
    snprintf(name, sizeof(name), "%s-shm", path);
    return access(name, F_OK) != 0;
}

/* wal_empty - is the -wal file beside path absent or empty (every action
 * in the file itself)? */
static bool wal_empty(const char *path)
{
    char name[4096];
    struct stat sb;

    if (snprintf(name, sizeof(name), "%s-wal", path) >= (int)sizeof(name)) {
        return false;
    }
    return stat(name, &sb) != 0 ? errno == ENOENT : sb.st_size == 0;
}

/* on_readonly_fs - is the file at path on a file system mounted
 * read-only (where SQLite can make no -shm, and says it cannot open)? */
static bool on_readonly_fs(const char *path)
{
    struct statvfs sv;

    return statvfs(path, &sv) == 0 && (sv.f_flag & ST_RDONLY) != 0;
}

/* open_db - sqlite3_open_v2 into l->db, with the lock wait in force before
 * any statement. */
static int open_db(struct ledger *l, const char *path, int oflags)
{
    int src = sqlite3_open_v2(path, &l->db, oflags, NULL);

    if (src != SQLITE_OK) {
        return ledger__fail(l, src, "open");
    }
    sqlite3_extended_result_codes(l->db, 1);
    sqlite3_busy_handler(l->db, on_busy, l);
    return 0;
}

/* ------------------------------------------------------------------ */
/* A new file, made whole                                               */
/* ------------------------------------------------------------------ */

/*
 * create_whole - a new ledger at path, where no file was: made whole (WAL
 * mode, schema, application_id, user_version) under a temporary name
 * beside it, then linked into place, so that no process ever opens a
 * half-made ledger at path.  If another process linked its own first, the
 * temporary one is dropped and theirs is used.  Returns 0 or a negative
 * code.
 */
static int create_whole(struct ledger *l, const char *path)
{
    size_t n = strlen(path) + 40;
    char *tmp = malloc(n);
    char *side = malloc(n + 8);
    int fd = -1;
    int rc = 0;

    if (tmp == NULL || side == NULL) {
        rc = ledger__failf(l, LEDGER_E_ERROR, "create: out of memory");
        goto out_free;
    }
    ledger__drop_stale(path, false, ".new-");
    /* a name of our own beside it, with the mode SQLite gives new files */
    for (int i = 0; fd < 0 && i < 100; i++) {
        snprintf(tmp, n, "%s.new-%ld-%d", path, (long)getpid(), i);
        fd = open(tmp, O_RDWR | O_CREAT | O_EXCL, 0644);
        if (fd < 0 && errno != EEXIST) {
            break;
        }
    }
    if (fd < 0) {
        rc = ledger__failf(l, LEDGER_E_ERROR, "create %s: %s", path,
                           strerror(errno));
        goto out_free;
    }
    close(fd);
    rc = open_db(l, tmp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
    if (rc == 0) {
        rc = set_wal(l);
    }
    if (rc == 0) {
        rc = create_schema(l);
    }
    sqlite3_close(l->db);       /* checkpoints and removes the WAL */
    l->db = NULL;
    if (rc == 0 && link(tmp, path) != 0 && errno != EEXIST) {
        /* a file system without hard links: the next best thing */
        if (access(path, F_OK) != 0 && rename(tmp, path) != 0) {
            rc = ledger__failf(l, LEDGER_E_ERROR, "create %s: %s", path,
                               strerror(errno));
        }
    }
    unlink(tmp);
    snprintf(side, n + 8, "%s-wal", tmp);
    unlink(side);
    snprintf(side, n + 8, "%s-shm", tmp);
    unlink(side);
out_free:
    free(tmp);
    free(side);
    return rc;
}

/*
 * prepare_file - before a writer opens path: make a new ledger where no
 * file is (create_whole); refuse an empty file unless LEDGER_EMPTY_OK.
 */
static int prepare_file(struct ledger *l, const char *path, unsigned flags)
{
    struct stat sb;

    if (stat(path, &sb) != 0) {
        if (errno != ENOENT) {
            return ledger__failf(l, LEDGER_E_ERROR, "open: %s",
                                 strerror(errno));
        }
        return create_whole(l, path);
    }
    if (S_ISREG(sb.st_mode) && sb.st_size == 0 &&
        (flags & LEDGER_EMPTY_OK) == 0) {
        return ledger__failf(l, LEDGER_E_EMPTY, "an empty file, not a ledger");
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/* is_memory - is path an in-memory or temporary database (no WAL)? */
static bool is_memory(const char *path)
{
    return path[0] == '\0' || strcmp(path, ":memory:") == 0 ||
           (strncmp(path, "file:", 5) == 0 &&
            strstr(path, "mode=memory") != NULL);
}

/* set_build - a new ledger built alone (LEDGER_BUILD): no journal on
 * disk (kept in memory, for the savepoints), the file this connection's
 * alone, a larger cache; synchronous=OFF (set_pragmas): the file is
 * synced once, whole, before it is linked into place. */
static int set_build(struct ledger *l)
{
    int rc = ledger__exec(l, "PRAGMA locking_mode = EXCLUSIVE",
                          "locking_mode");

    if (rc == 0) {
        rc = ledger__exec(l, "PRAGMA journal_mode = MEMORY", "journal_mode");
    }
    return rc;
}

/* set_pragmas - synchronous, foreign keys and the bulk settings. */
static int set_pragmas(struct ledger *l, unsigned flags)
{
    bool bulk = (flags & (LEDGER_FAST | LEDGER_SCRATCH)) != 0 ||
                l->build_tmp != NULL;
    int rc = ledger__exec(l, bulk ? "PRAGMA synchronous = OFF"
                                  : "PRAGMA synchronous = FULL",
                          "synchronous");

    if (rc == 0) {
        /* a bulk load checks the references once at its end
         * (ledger_foreign_key_check), not row by row */
        rc = ledger__exec(l, bulk ? "PRAGMA foreign_keys = OFF"
                                  : "PRAGMA foreign_keys = ON",
                          "foreign_keys");
    }
    if (rc == 0 && (flags & LEDGER_FAST) != 0) {
        /* bulk loading, many deals a transaction: checkpoint the WAL less
         * often, keep more pages and the temporary b-trees in memory (the
         * memory stays bounded) */
        rc = ledger__exec(l, "PRAGMA wal_autocheckpoint = 10000",
                          "wal_autocheckpoint");
        if (rc == 0) {
            rc = ledger__exec(l, "PRAGMA cache_size = -16384", "cache_size");
        }
        if (rc == 0) {
            rc = ledger__exec(l, "PRAGMA temp_store = MEMORY", "temp_store");
        }
    }
    return rc;
}

int ledger_open(struct ledger **out, const char *path, unsigned flags)
{
    struct ledger_options opt = { .flags = flags };

    return ledger_open_with(out, path, &opt);
}

/*
 * immutable_uri - the URI that opens the file at path read-only as
 * immutable: "file:" and the path with every byte other than a letter,
 * a digit or one of "/._-~" written as %XX (so that a name holding '?',
 * '#' or '%' names the file, not a query), a leading "//" escaped too
 * (it would be an authority), then "?immutable=1".  Returns the URI
 * (owned: sqlite3_free) or NULL if out of memory.
 */
static char *immutable_uri(const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = strlen(path);
    char *uri = sqlite3_malloc64(5 + 3 * (sqlite3_uint64)n + 13);
    char *p = uri;

    if (uri == NULL) {
        return NULL;
    }
    memcpy(p, "file:", 5);
    p += 5;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)path[i];
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                     (c >= '0' && c <= '9') || c == '.' || c == '_' ||
                     c == '-' || c == '~' ||
                     (c == '/' && !(i == 0 && path[1] == '/'));

        if (plain) {
            *p++ = (char)c;
        } else {
            *p++ = '%';
            *p++ = hex[c >> 4];
            *p++ = hex[c & 0x0f];
        }
    }
    memcpy(p, "?immutable=1", 13);
    return uri;
}

/*
 * open_checked - open path (SQLite flags oflags) into l->db and check
 * that it is a ledger (check_format; *is_empty for a file without a
 * table).  Read-only, a ledger in a directory that may not be written is
 * opened again as immutable; for writing, a file SQLite would only read
 * is refused now.  Returns 0 or a negative code with the message on l
 * (l->db may then be open or NULL: ledger_close releases it).
 */
static int open_checked(struct ledger *l, const char *path, int oflags,
                        bool readonly, bool *is_empty)
{
    int rc = open_db(l, path, oflags);

    if (rc != 0) {
        return rc;
    }
    rc = check_format(l, is_empty);
    if (rc != 0 && readonly && (l->sqlite_rc & 0xff) == SQLITE_CANTOPEN &&
        wal_without_shm(path)) {
        /* a writer stopped with actions in its WAL, and SQLite may not
         * make the -shm it needs to read them here: say so (reading the
         * file as immutable would leave those actions out) */
        return ledger__failf(l, LEDGER_E_ERROR, "its WAL (%s-wal) holds "
                             "actions not yet in the file, and SQLite "
                             "cannot make %s-shm beside it to read them: "
                             "read it as a user who may write its "
                             "directory, or copy %s and %s-wal together "
                             "to one who may", path, path, path, path);
    }
    if (rc != 0 && (l->sqlite_rc & 0xff) == SQLITE_CANTOPEN &&
        on_readonly_fs(path)) {
        if (!readonly) {
            /* on a file system mounted read-only: said as any file we
             * may not write */
            sqlite3_close(l->db);
            l->db = NULL;
            return ledger__fail(l, SQLITE_READONLY, "open");
        }
        if (wal_empty(path)) {
            l->sqlite_rc = SQLITE_READONLY; /* read as immutable, below */
        }
    }
    if (rc != 0 && readonly && (l->sqlite_rc & 0xff) == SQLITE_READONLY) {
        /* a ledger in a directory we may not write to (an archived copy),
         * or on a file system mounted read-only: WAL needs a -shm file
         * there, so read the file as immutable (nothing can change it,
         * and its WAL, if any, is empty) */
        char *uri = immutable_uri(path);

        sqlite3_close(l->db);
        l->db = NULL;
        if (uri == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR, "open: out of memory");
        }
        rc = open_db(l, uri, oflags | SQLITE_OPEN_URI);
        sqlite3_free(uri);
        if (rc != 0) {
            return rc;
        }
        rc = check_format(l, is_empty);
    }
    if (rc == 0 && !readonly && sqlite3_db_readonly(l->db, "main") == 1) {
        /* SQLite fell back to reading a file we may not write: refuse now,
         * not at the first action to record */
        rc = ledger__fail(l, SQLITE_READONLY, "open");
    }
    return rc;
}

/*
 * set_up - the open file made ready (after open_checked): an empty file
 * refused where it may not become a ledger, WAL for a file opened for
 * writing, the pragmas, the schema of a new ledger, a version 1 file
 * migrated for writing, every statement prepared, and with LEDGER_CHECK
 * every page checked (LEDGER_E_DAMAGED).  Returns 0 or a negative code
 * with the message on l.
 */
static int set_up(struct ledger *l, unsigned flags, bool memory,
                  bool is_empty)
{
    bool readonly = (flags & LEDGER_READONLY) != 0;
    int rc = 0;

    if (is_empty && readonly) {
        return ledger__failf(l, LEDGER_E_FORMAT,
                             "not an ecarte ledger: empty");
    }
    if (is_empty && !memory && (flags & LEDGER_EMPTY_OK) == 0 &&
        l->build_tmp == NULL) {
        return ledger__failf(l, LEDGER_E_EMPTY, "an SQLite file without a "
                                                "table, not a ledger");
    }
    if (!readonly && !memory) {
        rc = l->build_tmp != NULL ? set_build(l) : set_wal(l);
        if (rc != 0) {
            return rc;
        }
    }
    rc = set_pragmas(l, flags);
    /* loading: a deal's events inserted together at its end */
    l->defer_events = (flags & LEDGER_FAST) != 0;
    if (rc == 0 && is_empty) {
        rc = create_schema(l);
        if (rc == 0) {
            rc = check_format(l, &is_empty);
        }
    }
    if (rc == 0 && !readonly && l->version < LEDGER_SCHEMA_VERSION) {
        rc = ledger__migrate(l);
    }
    if (rc == 0) {
        rc = ledger__prepare_statements(l);
    }
    if (rc == 0 && (flags & LEDGER_CHECK) != 0) {
        rc = ledger_integrity(l);
        if (rc > 0) {
            rc = LEDGER_E_DAMAGED;
        }
    }
    return rc;
}


int ledger_open_with(struct ledger **out, const char *path,
                     const struct ledger_options *opt)
{
    struct ledger *l = NULL;
    struct stat sb;
    unsigned flags = opt != NULL ? opt->flags : 0;
    bool is_empty = false;
    bool readonly = (flags & LEDGER_READONLY) != 0;
    bool memory = is_memory(path);
    const char *fixed = getenv("ECARTE_FIXED_TIME");
    int oflags = SQLITE_OPEN_NOMUTEX |
                 (readonly ? SQLITE_OPEN_READONLY
                           : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    int rc = 0;

    assert(out != NULL && path != NULL);
    *out = NULL;
    l = calloc(1, sizeof(*l));
    if (l == NULL) {
        return LEDGER_E_ERROR;
    }
    *out = l;
    if (sqlite3_libversion_number() < LEDGER_SQLITE_MIN) {
        /* STRICT tables and the JSON functions the seal is written by */
        return ledger__failf(l, LEDGER_E_ERROR, "SQLite %s is too old: the "
                             "ledger needs %s or newer",
                             sqlite3_libversion(), LEDGER_SQLITE_MIN_TEXT);
    }
    l->wait_ms = opt != NULL && opt->wait_ms != 0 ? opt->wait_ms
                                                  : BUSY_TIMEOUT_MS;
    l->on_wait = opt != NULL ? opt->on_wait : NULL;
    l->wait_ctx = opt != NULL ? opt->wait_ctx : NULL;
    l->scratch = (flags & LEDGER_SCRATCH) != 0;
    /* SHA-256 first: a migration seals rows */
    l->md = EVP_MD_fetch(NULL, "SHA256", NULL);
    l->mdctx = EVP_MD_CTX_new();
    if (l->md == NULL || l->mdctx == NULL) {
        return ledger__failf(l, LEDGER_E_ERROR, "libcrypto: no SHA-256");
    }
    /* the fixed time first: a new ledger's identity records its time */
    if (fixed != NULL && fixed[0] != '\0') {
        l->fixed_time = strdup(fixed);
        if (l->fixed_time == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR, "out of memory");
        }
    }
    if (!readonly && !memory && (flags & LEDGER_BUILD) != 0 &&
        lstat(path, &sb) != 0 && errno == ENOENT) {
        rc = ledger__build_start(l, path);
        if (rc != 0) {
            return rc;
        }
        path = l->build_tmp;    /* built there, linked to path when whole */
    } else if (!readonly && !memory) {
        rc = prepare_file(l, path, flags);
        if (rc != 0) {
            return rc;
        }
    }
    rc = open_checked(l, path, oflags, readonly, &is_empty);
    if (rc == 0) {
        rc = set_up(l, flags, memory, is_empty);
    }
    if (rc != 0) {
        return rc;
    }
    if (!readonly && !memory) {
        ledger__watch_start(l, path);
    }
    return 0;
}

int ledger_version(const struct ledger *l)
{
    return l->version;
}

struct sqlite3 *ledger__db(struct ledger *l)
{
    return l->db;
}

int ledger__close_db(struct ledger *l)
{
    int src = SQLITE_OK;
    int i = 0;

    finalize_statements(l);
    for (i = 0; i < LEDGER__CLEAR_STATEMENTS; i++) {
        sqlite3_finalize(l->clear_st[i]);
        l->clear_st[i] = NULL;
    }
    src = sqlite3_close(l->db);
    l->db = NULL;
    return src;
}

void ledger_close(struct ledger *l)
{
    if (l == NULL) {
        return;
    }
    ledger__close_db(l);
    ledger__build_abandon(l);
    EVP_MD_CTX_free(l->mdctx);
    EVP_MD_free(l->md);
    free(l->hbuf);
    free(l->jbuf);
    free(l->tbuf);
    free(l->pend);
    free(l->pend_text);
    free(l->kept);
    free(l->kept_text);
    free(l->src_text);
    free(l->pack);
    free(l->fixed_time);
    ledger__watch_stop(l);
    free(l);
}

/* What ledger_clear runs, in this order (references before rows). */
static const char *const clear_sql[LEDGER__CLEAR_STATEMENTS] = {
    "DELETE FROM seal", "DELETE FROM comment", "DELETE FROM provenance",
    "DELETE FROM member_apart", "DELETE FROM member_join",
    "DELETE FROM ledger_info",
    "DELETE FROM transfer", "DELETE FROM settlement",
    "DELETE FROM sitting_mark", "DELETE FROM bet", "DELETE FROM stake",
    "DELETE FROM seating", "DELETE FROM person", "DELETE FROM claim",
    "DELETE FROM quarantine", "DELETE FROM import_file",
    "DELETE FROM score_mark", "DELETE FROM ruling", "DELETE FROM event",
    "DELETE FROM deal", "DELETE FROM game", "DELETE FROM tag",
    "DELETE FROM sitting",
    "UPDATE chain SET head = '00000000000000000000000000000000000000000000"
    "00000000000000000000', n_events = 0, last_id = 0, seal_head = "
    "'0000000000000000000000000000000000000000000000000000000000000000', "
    "n_seals = 0, seal_last = 0",
};

int ledger_clear(struct ledger *l)
{
    const char *name = sqlite3_db_filename(l->db, "main");
    int rc = 0;

    if (name != NULL && name[0] != '\0') {
        return ledger__failf(l, LEDGER_E_ERROR, "clear: not a ledger in "
                             "memory");
    }
    ledger_rollback(l);
    l->chain_fresh = false;
    l->chain_dirty = false;
    l->chain_known = false;
    l->whole_id = 0;
    l->scratch_last = 0;
    rc = ledger__exec(l, "BEGIN", "clear");
    /* prepared once: a fuzzer clears at every run */
    for (int i = 0; rc == 0 && i < LEDGER__CLEAR_STATEMENTS; i++) {
        if (l->clear_st[i] == NULL &&
            sqlite3_prepare_v3(l->db, clear_sql[i], -1,
                               SQLITE_PREPARE_PERSISTENT, &l->clear_st[i],
                               NULL) != SQLITE_OK) {
            rc = ledger__fail(l, sqlite3_errcode(l->db), "clear");
            break;
        }
        rc = ledger__run(l, l->clear_st[i], 0, "clear");
    }
    if (rc == 0) {
        rc = ledger__identity_new(l); /* what a new ledger holds */
    }
    if (rc != 0) {
        l->chain_dirty = false;
        sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
        return rc;
    }
    return ledger_commit(l);
}
