/* SPDX-License-Identifier: MIT */
/*
 * hash.c - SHA-256 and the events' chain hash: a file's or a buffer's
 * digest, the bytes an event's hash is taken over (netstrings of its
 * fields after the hash before it), the stored forms of a hash (whole or
 * cut short, version 8) and an event's whole hash given again from the
 * last whole one before it.
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* ------------------------------------------------------------------ */
/* Hashes                                                               */
/* ------------------------------------------------------------------ */

/* The two lower-case hex digits of each byte, in order. */
#define HEX_ROW(h) h "0" h "1" h "2" h "3" h "4" h "5" h "6" h "7" \
                   h "8" h "9" h "a" h "b" h "c" h "d" h "e" h "f"
static const char hex_pairs[] =
    HEX_ROW("0") HEX_ROW("1") HEX_ROW("2") HEX_ROW("3")
    HEX_ROW("4") HEX_ROW("5") HEX_ROW("6") HEX_ROW("7")
    HEX_ROW("8") HEX_ROW("9") HEX_ROW("a") HEX_ROW("b")
    HEX_ROW("c") HEX_ROW("d") HEX_ROW("e") HEX_ROW("f");
#undef HEX_ROW

/* to_hex - n bytes as 2n lower-case hex digits and a NUL, a byte's two
 * digits at a time. */
static void to_hex(const unsigned char *b, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++) {
        memcpy(out + 2 * i, hex_pairs + 2 * (size_t)b[i], 2);
    }
    out[2 * n] = '\0';
}

int ledger_sha256_hex(const void *data, size_t n, char *out)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;

    if (EVP_Digest(data, n, md, &len, EVP_sha256(), NULL) != 1 ||
        len != 32) {
        return LEDGER_E_ERROR;
    }
    to_hex(md, len, out);
    return 0;
}

int ledger_sha256_file(FILE *fp, char *out)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    char buf[65536];
    size_t got;
    int rc = LEDGER_E_ERROR;

    if (ctx == NULL || EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1) {
        goto out_ctx;
    }
    while ((got = fread(buf, 1, sizeof(buf), fp)) > 0) {
        if (EVP_DigestUpdate(ctx, buf, got) != 1) {
            goto out_ctx;
        }
    }
    if (ferror(fp) || EVP_DigestFinal_ex(ctx, md, &len) != 1 || len != 32) {
        goto out_ctx;
    }
    to_hex(md, len, out);
    rc = 0;
out_ctx:
    EVP_MD_CTX_free(ctx);
    return rc;
}

/* put_digits - append the decimal digits of v to p; returns the end. */
static char *put_digits(char *p, uint64_t v)
{
    char tmp[20];
    int n = 0;

    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0) {
        *p++ = tmp[--n];
    }
    return p;
}

/* put_field - append the netstring "<length>:<bytes>," to p; returns the
 * end.  The caller has made room (field_room).  Short lengths (most
 * fields) written without a loop. */
static char *put_field(char *p, const char *s, size_t n)
{
    if (n < 10) {
        *p++ = (char)('0' + n);
    } else if (n < 100) {
        *p++ = (char)('0' + n / 10);
        *p++ = (char)('0' + n % 10);
    } else {
        p = put_digits(p, n);
    }
    *p++ = ':';
    memcpy(p, s, n);
    p += n;
    *p++ = ',';
    return p;
}

/* The two decimal digits of 0 to 99, in order. */
static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* put_uint32 - put_int of u, 10 or more, in 32-bit arithmetic: the ids,
 * counts and lines of every ledger short of four thousand million. */
static char *put_uint32(char *p, uint32_t u)
{
    unsigned digits = u < 100 ? 2 : u < 1000 ? 3 : u < 10000 ? 4
                      : u < 100000 ? 5 : u < 1000000 ? 6 : u < 10000000 ? 7
                      : u < 100000000 ? 8 : u < 1000000000 ? 9 : 10;
    char *q = NULL;

    if (digits == 10) {
        *p++ = '1';
        *p++ = '0';
    } else {
        *p++ = (char)('0' + digits);
    }
    *p++ = ':';
    p += digits;
    q = p;
    while (u >= 100) {
        unsigned r = u % 100;

        u /= 100;
        q -= 2;
        memcpy(q, digit_pairs + 2 * r, 2);
    }
    if (u >= 10) {
        memcpy(q - 2, digit_pairs + 2 * u, 2);
    } else {
        q[-1] = (char)('0' + u);
    }
    *p++ = ',';
    return p;
}

/* put_int - append v as the netstring of its decimal text ("2:42,"):
 * its digits counted first, then written from their end, two at a time,
 * straight into place (no copy of a variable length). */
static char *put_int(char *p, int64_t v)
{
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    uint64_t top = 10;
    size_t digits = 1;
    size_t n = 0;
    char *q = NULL;

    if (v >= 0 && v < 10) {
        /* a sitting's id, a seat's count: "1:7," */
        memcpy(p, "1:0,", 4);
        p[2] = (char)('0' + v);
        return p + 4;
    }
    if (v > 0 && v <= (int64_t)UINT32_MAX) {
        return put_uint32(p, (uint32_t)v);
    }
    while (digits < 20 && u >= top) {
        digits++;
        if (digits < 20) {
            top *= 10;
        }
    }
    n = digits + (v < 0 ? 1 : 0);
    if (n >= 10) {
        *p++ = (char)('0' + n / 10);
    }
    *p++ = (char)('0' + n % 10);
    *p++ = ':';
    if (v < 0) {
        *p++ = '-';
    }
    p += digits;
    q = p;
    while (u >= 100) {
        unsigned r = (unsigned)(u % 100);

        u /= 100;
        q -= 2;
        memcpy(q, digit_pairs + 2 * r, 2);
    }
    if (u >= 10) {
        memcpy(q - 2, digit_pairs + 2 * u, 2);
    } else {
        q[-1] = (char)('0' + u);
    }
    *p++ = ',';
    return p;
}

/* field_room - bytes a netstring of n bytes may take. */
static size_t field_room(size_t n)
{
    return n + 24;
}

void ledger__event_text_lens(const struct ledger_event *ev,
                             const char *texts[LEDGER__EVENT_TEXTS],
                             size_t lens[LEDGER__EVENT_TEXTS])
{
    const char *const given[LEDGER__EVENT_TEXTS] = {
        ev->source, ev->stamp, ev->recorded, ev->actor, ev->verb,
        ev->args, ev->cards, ev->text
    };

    for (int i = 0; i < LEDGER__EVENT_TEXTS; i++) {
        texts[i] = given[i] != NULL ? given[i] : "";
        lens[i] = strlen(texts[i]);
    }
}

size_t ledger__event_payload_room(const size_t lens[LEDGER__EVENT_TEXTS])
{
    size_t need = 64 + 6 * field_room(20);

    for (int i = 0; i < LEDGER__EVENT_TEXTS; i++) {
        need += field_room(lens[i]);
    }
    return need;
}

size_t ledger__event_payload(char *out, const struct ledger_event *ev,
                             const char *const texts[LEDGER__EVENT_TEXTS],
                             const size_t lens[LEDGER__EVENT_TEXTS],
                             size_t at[LEDGER__EVENT_TEXTS])
{
    char *p = out + 64;         /* the hash before, put there at hashing */

    p = put_int(p, ev->id);
    p = put_int(p, ev->sitting);
    p = put_int(p, ev->game);
    p = put_int(p, ev->deal);
    p = put_int(p, ev->seq);
    p = put_field(p, texts[0], lens[0]);        /* source */
    at[0] = (size_t)(p - out) - lens[0] - 1;
    p = put_int(p, ev->line);
    for (int i = 1; i < LEDGER__EVENT_TEXTS; i++) {
        p = put_field(p, texts[i], lens[i]);
        at[i] = (size_t)(p - out) - lens[i] - 1;
    }
    return (size_t)(p - out);
}

int ledger__digest_hex(struct ledger *l, const char *bytes, size_t n,
                       char *out)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;

    if (EVP_DigestInit_ex(l->mdctx, l->md, NULL) != 1 ||
        EVP_DigestUpdate(l->mdctx, bytes, n) != 1 ||
        EVP_DigestFinal_ex(l->mdctx, md, &mdlen) != 1 || mdlen != 32) {
        return ledger__failf(l, LEDGER_E_ERROR, "event hash: libcrypto failed");
    }
    to_hex(md, mdlen, out);
    return 0;
}

int ledger__event_hash_given(struct ledger *l, const char *prev,
                             const struct ledger_event *ev,
                             const char *const texts[LEDGER__EVENT_TEXTS],
                             const size_t lens[LEDGER__EVENT_TEXTS],
                             char *out)
{
    size_t need = ledger__event_payload_room(lens);
    size_t at[LEDGER__EVENT_TEXTS];
    size_t n = 0;

    if (need > l->hbuf_cap) {
        char *nb = realloc(l->hbuf, need * 2);

        if (nb == NULL) {
            return ledger__failf(l, LEDGER_E_ERROR,
                                 "event hash: out of memory");
        }
        l->hbuf = nb;
        l->hbuf_cap = need * 2;
    }
    n = ledger__event_payload(l->hbuf, ev, texts, lens, at);
    memcpy(l->hbuf, prev, 64);
    return ledger__digest_hex(l, l->hbuf, n, out);
}

int ledger__event_hash_lens(struct ledger *l, const char *prev,
                            const struct ledger_event *ev, char *out,
                            size_t lens[LEDGER__EVENT_TEXTS])
{
    const char *texts[LEDGER__EVENT_TEXTS];

    ledger__event_text_lens(ev, texts, lens);
    return ledger__event_hash_given(l, prev, ev, texts, lens, out);
}

int ledger__event_hash(struct ledger *l, const char *prev,
                       const struct ledger_event *ev, char *out)
{
    size_t lens[LEDGER__EVENT_TEXTS];

    return ledger__event_hash_lens(l, prev, ev, out, lens);
}

const char ledger__genesis[LEDGER_HASH_HEX] =
    "0000000000000000000000000000000000000000000000000000000000000000";

bool ledger_hash_stored_is(const char *stored, const char *full)
{
    size_t n = strlen(stored);

    return (n == 64 || n == 2 * LEDGER_HASH_TAG) &&
           strncmp(stored, full, n) == 0 && strlen(full) == 64;
}

/* chain_from - the whole hash of event id into out, computed from the
 * event from (whose whole hash is prev) on: the rows from + 1 to id
 * read in order, each hashed and checked against what it stores.
 * Returns 0, LEDGER_E_DAMAGED (a row missing or not chaining), or
 * another negative code. */
static int chain_from(struct ledger *l, int64_t from, const char *prev,
                      int64_t id, char *out)
{
    sqlite3_stmt *st = l->st[ST_EVENTS_RANGE];
    struct ledger_event row;
    struct event_buf buf = { .recorded_ready = false };
    char h[LEDGER_HASH_HEX];
    int64_t want = from + 1;
    int src = 0;
    int rc = 0;

    memcpy(h, prev, sizeof(h));
    if (sqlite3_bind_int64(st, 1, from + 1) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, id) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "an event's hash");
        goto out;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        char next[LEDGER_HASH_HEX];

        ledger__event_from_row(st, &row, &buf);
        if (row.id != want) {
            break;
        }
        rc = ledger__event_hash(l, h, &row, next);
        if (rc != 0) {
            goto out;
        }
        if (!ledger_hash_stored_is(row.hash, next)) {
            rc = ledger__failf(l, LEDGER_E_DAMAGED, "event %" PRId64 " does "
                               "not chain: run ecarte verify", row.id);
            goto out;
        }
        memcpy(h, next, sizeof(h));
        want++;
    }
    if (src != SQLITE_ROW && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "an event's hash");
    } else if (want != id + 1) {
        rc = ledger__failf(l, LEDGER_E_DAMAGED, "event %" PRId64 " is "
                           "missing: run ecarte verify", want);
    } else {
        memcpy(out, h, LEDGER_HASH_HEX);
    }
out:
    ledger__done(st);
    return rc;
}

int ledger_event_hash_full(struct ledger *l, const struct ledger_event *ev,
                           char *out)
{
    struct ledger_event mark = { .id = 0 };
    struct event_buf buf = { .recorded_ready = false };
    sqlite3_stmt *st = l->st[ST_EVENTS_RANGE];
    int64_t from = 0;
    int src = 0;
    int rc = 0;

    if (ev->hash != NULL && strlen(ev->hash) == 64) {
        memmove(out, ev->hash, LEDGER_HASH_HEX); /* out may be ev->hash */
        return 0;
    }
    from = (ev->id - 1) / LEDGER_HASH_EVERY * LEDGER_HASH_EVERY;
    if (from <= 0) {
        return chain_from(l, 0, ledger__genesis, ev->id, out);
    }
    /* the mark: the last event before ev that stores its hash whole */
    if (sqlite3_bind_int64(st, 1, from) != SQLITE_OK ||
        sqlite3_bind_int64(st, 2, from) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "an event's hash");
        ledger__done(st);
        return rc;
    }
    src = sqlite3_step(st);
    if (src == SQLITE_ROW) {
        char prev[LEDGER_HASH_HEX];

        ledger__event_from_row(st, &mark, &buf);
        snprintf(prev, sizeof(prev), "%s", mark.hash);
        ledger__done(st);
        if (strlen(prev) != 64) {
            return ledger__failf(l, LEDGER_E_DAMAGED, "event %" PRId64
                                 " does not store its whole hash: run "
                                 "ecarte verify", from);
        }
        return chain_from(l, from, prev, ev->id, out);
    }
    ledger__done(st);
    if (src == SQLITE_DONE) {
        return ledger__failf(l, LEDGER_E_DAMAGED, "event %" PRId64 " is "
                             "missing: run ecarte verify", from);
    }
    return ledger__fail(l, src, "an event's hash");
}
