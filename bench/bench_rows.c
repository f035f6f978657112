/* SPDX-License-Identifier: MIT */
/*
 * bench_rows.c - the bench's helpers (bench/bench_int.h): the clock, a
 * phase's note, files removed and measured, SQLite's small helpers, the
 * rows of a table held in memory, and the SHA-256 chain over event rows
 * computed again with libcrypto over the ledger's own bytes.  The floors
 * reach a ledger's rows through SQLite itself and get its schema by
 * having ledger_open make a new ledger: no header of ledger/ but its
 * public one.
 */
#include "bench/bench_int.h"

#include <fcntl.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>

/* ------------------------------------------------------------------ */
/* The clock, notes, files                                              */
/* ------------------------------------------------------------------ */

double bench__now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void bench__note(struct phase_result *r, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(r->note, sizeof(r->note), fmt, ap);
    va_end(ap);
}

void bench__remove_db(const char *path)
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

long long bench__file_size(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

/* ------------------------------------------------------------------ */
/* SQLite                                                               */
int bench__fsync_path(const char *path, struct phase_result *r)
{
    int fd = open(path, O_RDONLY);

    if (fd < 0 || fsync(fd) != 0) {
        bench__note(r, "fsync %s: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
        }
        return -1;
    }
    close(fd);
    return 0;
}

long long bench__ledger_size(const char *path)
{
    char wal[PATH_MAX_BENCH + 8];

    snprintf(wal, sizeof(wal), "%s-wal", path);
    return bench__file_size(path) + bench__file_size(wal);
}

/* ------------------------------------------------------------------ */

int64_t bench__count_events(const char *path, struct phase_result *r)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    int64_t n = -1;

    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) !=
        SQLITE_OK) {
        bench__note(r, "open %s: %s", path, sqlite3_errmsg(db));
        goto out_close;
    }
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM event", -1, &st,
                           NULL) != SQLITE_OK) {
        bench__note(r, "count events: %s", sqlite3_errmsg(db));
        goto out_close;
    }
    if (sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    } else {
        bench__note(r, "count events: %s", sqlite3_errmsg(db));
    }
out_close:
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

int bench__exec(sqlite3 *db, const char *sql, struct phase_result *r)
{
    char *err = NULL;

    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        bench__note(r, "%.60s: %s", sql,
                    err != NULL ? err : sqlite3_errmsg(db));
        sqlite3_free(err);
        return -1;
    }
    return 0;
}

int bench__open_db(sqlite3 **out, const char *path, bool readonly,
                   struct phase_result *r)
{
    int flags = SQLITE_OPEN_NOMUTEX |
                (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE);

    if (sqlite3_open_v2(path, out, flags, NULL) != SQLITE_OK) {
        bench__note(r, "open %s: %s", path, sqlite3_errmsg(*out));
        return -1;
    }
    sqlite3_busy_timeout(*out, 5000);
    return 0;
}

int bench__new_ledger(const char *path, struct phase_result *r)
{
    struct ledger *l = NULL;
    int rc = 0;

    bench__remove_db(path);
    if (ledger_open(&l, path, LEDGER_FAST) != 0) {
        bench__note(r, "new ledger %s: %s", path, ledger_errmsg(l));
        rc = -1;
    }
    ledger_close(l);
    return rc;
}

int bench__prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st,
                   struct phase_result *r)
{
    if (sqlite3_prepare_v2(db, sql, -1, st, NULL) != SQLITE_OK) {
        bench__note(r, "%.60s: %s", sql, sqlite3_errmsg(db));
        return -1;
    }
    return 0;
}

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

int bench__prepare_insert(sqlite3 *db, const char *name, int n,
                          sqlite3_stmt **st, struct phase_result *r)
{
    char *sql = insert_sql(name, n);
    int rc;

    if (sql == NULL) {
        bench__note(r, "out of memory");
        return -1;
    }
    rc = bench__prepare(db, sql, st, r);
    sqlite3_free(sql);
    return rc;
}

int bench__step_done(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);

    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* Rows held in memory                                                  */
/* ------------------------------------------------------------------ */

void bench__rows_clear(struct rows *t)
{
    t->n = 0;
    t->t_len = 0;
}

void bench__rows_free(struct rows *t)
{
    free(t->v);
    free(t->text);
    memset(t, 0, sizeof(*t));
}

/* keep_text - the n bytes of s kept in t's arena, with a NUL after
 * them, at *off.  0, or -1 out of memory. */
static int keep_text(struct rows *t, const unsigned char *s, size_t n,
                     size_t *off)
{
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
    *off = t->t_len;
    t->t_len += n + 1;
    return 0;
}

int bench__rows_add(struct rows *t, sqlite3_stmt *sel)
{
    size_t t_len = t->t_len;

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

            g->type = SQLITE_TEXT;
            g->len = (size_t)sqlite3_column_bytes(sel, j);
            if (keep_text(t, s, g->len, &g->off) != 0) {
                t->t_len = t_len;
                return -1;
            }
        }
    }
    t->n++;
    return 0;
}

const struct gval *bench__rows_val(const struct rows *t, size_t i, int j)
{
    return &t->v[i * (size_t)t->n_col + (size_t)j];
}

int bench__rows_bind_at(sqlite3_stmt *ins, const struct rows *t, size_t i,
                        int base)
{
    int bad = 0;

    for (int j = 0; j < t->n_col; j++) {
        const struct gval *g = bench__rows_val(t, i, j);

        if (g->type == SQLITE_INTEGER) {
            bad |= sqlite3_bind_int64(ins, base + j + 1, g->i);
        } else if (g->type == SQLITE_TEXT) {
            bad |= sqlite3_bind_text(ins, base + j + 1, t->text + g->off,
                                     (int)g->len, SQLITE_STATIC);
        } else {
            bad |= sqlite3_bind_null(ins, base + j + 1);
        }
    }
    return bad;
}

int bench__rows_bind(sqlite3_stmt *ins, const struct rows *t, size_t i)
{
    return bench__rows_bind_at(ins, t, i, 0);
}

int bench__rows_insert(sqlite3 *db, sqlite3_stmt *ins, const struct rows *t,
                       struct phase_result *r)
{
    for (size_t i = 0; i < t->n; i++) {
        if (bench__rows_bind(ins, t, i) != SQLITE_OK ||
            bench__step_done(ins) != 0) {
            bench__note(r, "insert: %s", sqlite3_errmsg(db));
            return -1;
        }
    }
    return 0;
}

int bench__load_all(sqlite3 *db, const char *sql, struct rows *t,
                    struct phase_result *r)
{
    sqlite3_stmt *st = NULL;
    int step = 0;
    int rc = -1;

    if (bench__prepare(db, sql, &st, r) != 0) {
        return -1;
    }
    t->n_col = sqlite3_column_count(st);
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        if (bench__rows_add(t, st) != 0) {
            bench__note(r, "out of memory");
            goto out;
        }
    }
    if (step != SQLITE_DONE) {
        bench__note(r, "%.60s: %s", sql, sqlite3_errmsg(db));
        goto out;
    }
    rc = 0;
out:
    sqlite3_finalize(st);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The chain                                                            */
/* ------------------------------------------------------------------ */

int bench__chain_open(struct chain *c)
{
    memset(c, 0, sizeof(*c));
    memset(c->head, '0', 64);
    c->head[64] = '\0';
    c->md = EVP_MD_fetch(NULL, "SHA256", NULL);
    c->ctx = EVP_MD_CTX_new();
    return c->ctx != NULL && c->md != NULL ? 0 : -1;
}

void bench__chain_close(struct chain *c)
{
    EVP_MD_CTX_free(c->ctx);
    EVP_MD_free(c->md);
    c->ctx = NULL;
    c->md = NULL;
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
    int n = snprintf(num, sizeof(num), "%lld", (long long)v);

    return net_bytes(p, num, (size_t)n);
}

/* The walk writing the payloads. */
struct hashed_walk {
    FILE *fp;
    char *buf;
    size_t cap;
    int64_t n;
    int failed;
};

/* write_payload - ledger_event_fn: ev's payload appended to the file. */
static int write_payload(void *vctx, const struct ledger_event *ev)
{
    struct hashed_walk *w = vctx;
    const char *texts[7] = {
        ev->stamp, ev->recorded, ev->actor, ev->verb, ev->args, ev->cards,
        ev->text
    };
    size_t need = 7 * 48 + strlen(ev->source) + 48;
    uint32_t len = 0;
    char *p = NULL;

    for (int k = 0; k < 7; k++) {
        need += strlen(texts[k]) + 24;
    }
    if (need > w->cap) {
        char *b = realloc(w->buf, need * 2);

        if (b == NULL) {
            w->failed = 1;
            return 1;
        }
        w->buf = b;
        w->cap = need * 2;
    }
    p = w->buf;
    p = net_int(p, ev->id);
    p = net_int(p, ev->sitting);
    p = net_int(p, ev->game);
    p = net_int(p, ev->deal);
    p = net_int(p, ev->seq);
    p = net_bytes(p, ev->source, strlen(ev->source));
    p = net_int(p, ev->line);
    for (int k = 0; k < 7; k++) {
        p = net_bytes(p, texts[k], strlen(texts[k]));
    }
    len = (uint32_t)(p - w->buf);
    if (fwrite(&len, sizeof(len), 1, w->fp) != 1 ||
        fwrite(w->buf, 1, len, w->fp) != len) {
        w->failed = 1;
        return 1;
    }
    w->n++;
    return 0;
}

int bench__hashed_open(struct hashed *h, const char *path,
                       struct phase_result *r)
{
    struct hashed_walk w = { 0 };
    struct ledger *l = NULL;
    int rc = 0;

    memset(h, 0, sizeof(*h));
    h->fp = tmpfile();
    if (h->fp == NULL) {
        bench__note(r, "a temporary file: %s", strerror(errno));
        return -1;
    }
    if (ledger_open(&l, path, LEDGER_READONLY) != 0) {
        bench__note(r, "%s: %s", path, ledger_errmsg(l));
        ledger_close(l);
        return -1;
    }
    w.fp = h->fp;
    rc = ledger_events_foreach(l, 0, write_payload, &w);
    if (rc != 0 || w.failed) {
        bench__note(r, "the events' payloads: %s",
                    w.failed ? "out of memory or disk" : ledger_errmsg(l));
        rc = -1;
    }
    ledger_close(l);
    free(w.buf);
    h->total = w.n;
    if (rc == 0 && (fflush(h->fp) != 0 || fseek(h->fp, 0, SEEK_SET) != 0)) {
        bench__note(r, "the events' payloads: %s", strerror(errno));
        rc = -1;
    }
    return rc;
}

int bench__hashed_chunk(struct hashed *h, size_t n, struct phase_result *r)
{
    uint32_t len = 0;

    h->n = 0;
    h->len = 0;
    if (n + 1 > h->cap_n) {
        size_t *o = realloc(h->off, (n + 1) * sizeof(*o));

        if (o == NULL) {
            bench__note(r, "out of memory");
            return -1;
        }
        h->off = o;
        h->cap_n = n + 1;
    }
    h->off[0] = 0;
    while (h->n < n && fread(&len, sizeof(len), 1, h->fp) == 1) {
        if (h->len + len > h->cap) {
            size_t cap = (h->len + len) * 2;
            char *b = realloc(h->buf, cap);

            if (b == NULL) {
                bench__note(r, "out of memory");
                return -1;
            }
            h->buf = b;
            h->cap = cap;
        }
        if (fread(h->buf + h->len, 1, len, h->fp) != len) {
            bench__note(r, "the events' payloads cut short");
            return -1;
        }
        h->len += len;
        h->off[++h->n] = h->len;
    }
    if (ferror((FILE *)h->fp)) {
        bench__note(r, "the events' payloads: %s", strerror(errno));
        return -1;
    }
    return 0;
}

void bench__hashed_close(struct hashed *h)
{
    if (h->fp != NULL) {
        fclose(h->fp);
    }
    free(h->buf);
    free(h->off);
    memset(h, 0, sizeof(*h));
}

/* digest_hex - the digest of c's context finished, into out (HASH_HEX
 * bytes) and made the head.  0, or -1. */
static int digest_hex(struct chain *c, char *out)
{
    static const char digits[] = "0123456789abcdef";
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int md_len = 0;

    if (EVP_DigestFinal_ex(c->ctx, md, &md_len) != 1 || md_len != 32) {
        return -1;
    }
    for (unsigned k = 0; k < md_len; k++) {
        out[2 * k] = digits[md[k] >> 4];
        out[2 * k + 1] = digits[md[k] & 0x0f];
    }
    out[64] = '\0';
    memcpy(c->head, out, HASH_HEX);
    memcpy(c->raw, md, sizeof(c->raw));
    return 0;
}

int bench__chain_next(struct chain *c, const struct hashed *h, size_t i,
                      char *out)
{
    if (EVP_DigestInit_ex(c->ctx, c->md, NULL) != 1 ||
        EVP_DigestUpdate(c->ctx, c->head, 64) != 1 ||
        EVP_DigestUpdate(c->ctx, h->buf + h->off[i],
                         h->off[i + 1] - h->off[i]) != 1) {
        return -1;
    }
    return digest_hex(c, out);
}

int bench__seal_next(struct chain *c, int64_t id, const char *tbl,
                     size_t tbl_n, int64_t row_id, const char *row,
                     size_t row_n, char *out)
{
    char buf[3 * 48 + 64];
    char *p = buf;

    if (EVP_DigestInit_ex(c->ctx, c->md, NULL) != 1 ||
        EVP_DigestUpdate(c->ctx, c->head, 64) != 1) {
        return -1;
    }
    p = net_int(p, id);
    if (tbl_n > 64) {
        return -1;
    }
    p = net_bytes(p, tbl, tbl_n);
    p = net_int(p, row_id);
    p += snprintf(p, 24, "%zu:", row_n);
    if (EVP_DigestUpdate(c->ctx, buf, (size_t)(p - buf)) != 1 ||
        EVP_DigestUpdate(c->ctx, row, row_n) != 1 ||
        EVP_DigestUpdate(c->ctx, ",", 1) != 1) {
        return -1;
    }
    return digest_hex(c, out);
}

int bench__bind_hash(sqlite3_stmt *st, int i, const struct chain *c,
                     int64_t id, bool whole)
{
    return sqlite3_bind_blob(st, i, c->raw,
                             whole || id % LEDGER_HASH_EVERY == 0
                                 ? 32 : LEDGER_HASH_TAG,
                             SQLITE_STATIC);
}
