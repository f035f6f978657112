/* SPDX-License-Identifier: MIT */
/*
 * event_row.c - an event's row as version 6 stores it, and back: what the
 * row can give again is left out (NULL) when written and given again when
 * read, so that every field hashed (events.c, hash_event) reads as it was
 * hashed.  The source NULL is the sitting's; the time recorded is unix
 * seconds (its text in recorded_text if it is not of the form
 * YYYY-MM-DDTHH:MM:SSZ); actor, verb, args and cards NULL are what the
 * event's text gives (event_guess); the hash is 32 bytes at an id that
 * is a multiple of LEDGER_HASH_EVERY, its first LEDGER_HASH_TAG bytes
 * elsewhere (version 8).
 */
#include "ledger/ledger.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

/* ------------------------------------------------------------------ */
/* What the text gives                                                  */
/* ------------------------------------------------------------------ */

/* is_card - is the word at w (n bytes) a card: a rank 7-A and a suit? */
static bool is_card(const char *w, size_t n)
{
    if (n != 2) {
        return false;
    }
    switch (w[0]) {
    case '7': case '8': case '9': case 'T': case 'J': case 'Q': case 'K':
    case 'A':
        break;
    default:
        return false;
    }
    return w[1] == 'C' || w[1] == 'D' || w[1] == 'H' || w[1] == 'S';
}

/* word_end - the end of the word at p: the first space, or end. */
static const char *word_end(const char *p, const char *end)
{
    while (p < end && *p != ' ') {
        p++;
    }
    return p;
}

/* skip_spaces - p past the spaces at it, up to end. */
static const char *skip_spaces(const char *p, const char *end)
{
    while (p < end && *p == ' ') {
        p++;
    }
    return p;
}

/* guess_n - ledger__event_guess on text (len bytes, NUL after them) and
 * stamp (n_stamp bytes), the lengths given rather than counted. */
static bool guess_n(const char *text, size_t len, const char *stamp,
                    size_t n_stamp, struct event_guess *g)
{
    const char *p = text;
    const char *end = p + len;
    const char *w = NULL;
    size_t nc = 0;

    g->actor[0] = g->actor[1] = '\0';
    g->verb[0] = '\0';
    g->args[0] = '\0';
    g->cards[0] = '\0';
    g->n_actor = g->n_verb = g->n_args = g->n_cards = 0;
    if (len >= EVENT_GUESS_MAX) {
        return false;
    }
    if (n_stamp > 0 && n_stamp < len && memcmp(p, stamp, n_stamp) == 0 &&
        p[n_stamp] == ' ') {
        p += n_stamp + 1;
    }
    w = word_end(p, end);
    if (w - p == 1 && (p[0] == 'A' || p[0] == 'B')) {
        g->actor[0] = p[0];
        g->n_actor = 1;
        p = skip_spaces(p + 1, end);
        w = word_end(p, end);
    }
    g->n_verb = (size_t)(w - p);
    memcpy(g->verb, p, g->n_verb);
    g->verb[g->n_verb] = '\0';
    p = skip_spaces(w, end);
    g->n_args = (size_t)(end - p);
    memcpy(g->args, p, g->n_args + 1);  /* with its NUL */
    while (p < end) {
        w = word_end(p, end);
        if (is_card(p, (size_t)(w - p))) {
            if (nc > 0) {
                g->cards[nc++] = ' ';
            }
            g->cards[nc++] = p[0];
            g->cards[nc++] = p[1];
        }
        p = skip_spaces(w, end);
    }
    g->cards[nc] = '\0';
    g->n_cards = nc;
    return true;
}

/* span_is - are the n bytes at s the m bytes at t? */
static bool span_is(const char *s, size_t n, const char *t, size_t m)
{
    return n == m && (n == 0 || memcmp(s, t, n) == 0);
}

/* GUESS_ACTOR ... GUESS_CARDS - the fields guess_same finds as given. */
enum {
    GUESS_ACTOR = 1,
    GUESS_VERB = 2,
    GUESS_ARGS = 4,
    GUESS_CARDS = 8
};

/* guess_same - which of the fields f (actor, verb, args, cards; fl[i]
 * bytes each) are what guess_n would give of text (len bytes) and stamp
 * (n_stamp bytes), as GUESS_* bits: each compared where it stands in
 * the text, nothing copied (the row written, ledger__event_bind, leaves
 * those NULL).  0 when guess_n would guess nothing. */
static unsigned guess_same(const char *text, size_t len, const char *stamp,
                           size_t n_stamp, const char *const f[4],
                           const size_t fl[4])
{
    const char *p = text;
    const char *end = p + len;
    const char *w = NULL;
    const char *c = f[3];
    size_t nc = 0;
    unsigned same = 0;
    bool cards_ok = true;

    if (len >= EVENT_GUESS_MAX) {
        return 0;
    }
    if (n_stamp > 0 && n_stamp < len && memcmp(p, stamp, n_stamp) == 0 &&
        p[n_stamp] == ' ') {
        p += n_stamp + 1;
    }
    w = word_end(p, end);
    if (w - p == 1 && (p[0] == 'A' || p[0] == 'B')) {
        same |= span_is(f[0], fl[0], p, 1) ? GUESS_ACTOR : 0;
        p = skip_spaces(p + 1, end);
        w = word_end(p, end);
    } else {
        same |= fl[0] == 0 ? GUESS_ACTOR : 0;
    }
    same |= span_is(f[1], fl[1], p, (size_t)(w - p)) ? GUESS_VERB : 0;
    p = skip_spaces(w, end);
    same |= span_is(f[2], fl[2], p, (size_t)(end - p)) ? GUESS_ARGS : 0;
    while (p < end && cards_ok) {
        w = word_end(p, end);
        if (is_card(p, (size_t)(w - p))) {
            size_t need = nc > 0 ? 3 : 2;

            cards_ok = nc + need <= fl[3] &&
                       (nc == 0 || c[nc] == ' ') &&
                       c[nc + need - 2] == p[0] && c[nc + need - 1] == p[1];
            nc += need;
        }
        p = skip_spaces(w, end);
    }
    return same | (cards_ok && nc == fl[3] ? GUESS_CARDS : 0);
}

bool ledger__event_guess(const char *text, const char *stamp,
                         struct event_guess *g)
{
    const char *p = text != NULL ? text : "";

    return guess_n(p, strlen(p), stamp, stamp != NULL ? strlen(stamp) : 0,
                   g);
}

/* ------------------------------------------------------------------ */
/* The time recorded                                                    */
/* ------------------------------------------------------------------ */

/* days_from_civil - days from 1970-01-01 to y-m-d (proleptic Gregorian;
 * H. Hinnant's algorithm). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    int64_t era = 0;
    int64_t yoe = 0;
    int64_t doy = 0;

    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* format_time - unix seconds t as YYYY-MM-DDTHH:MM:SSZ into out (32
 * bytes); false if it cannot be formatted. */
static bool format_time(int64_t t, char out[32])
{
    time_t tt = (time_t)t;
    struct tm tm;

    return gmtime_r(&tt, &tm) != NULL &&
           strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm) == 20;
}

/* parse_time - the text s (n bytes) as unix seconds into *out, if it is
 * of the form YYYY-MM-DDTHH:MM:SSZ and formats back to itself. */
static bool parse_time(const char *s, size_t n, int64_t *out)
{
    static const char form[] = "dddd-dd-ddTdd:dd:ddZ";
    int v[6];
    char back[32];

    if (n != 20) {
        return false;
    }
    for (size_t i = 0; i < 20; i++) {
        if (form[i] == 'd' ? (s[i] < '0' || s[i] > '9') : s[i] != form[i]) {
            return false;
        }
    }
    if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ", &v[0], &v[1], &v[2], &v[3],
               &v[4], &v[5]) != 6) {
        return false;
    }
    *out = days_from_civil(v[0], v[1], v[2]) * 86400 + v[3] * 3600 +
           v[4] * 60 + v[5];
    return format_time(*out, back) && memcmp(back, s, 20) == 0;
}

/* ------------------------------------------------------------------ */
/* Writing a row                                                        */
/* ------------------------------------------------------------------ */

const char *ledger__sitting_source(struct ledger *l, int64_t id)
{
    sqlite3_stmt *st = l->st[ST_SITTING_SOURCE];
    const char *src = NULL;

    if (l->src_sitting == id && l->src_text != NULL) {
        return l->src_text;
    }
    free(l->src_text);
    l->src_text = NULL;
    l->src_sitting = 0;
    if (sqlite3_bind_int64(st, 1, id) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW &&
        (src = (const char *)sqlite3_column_text(st, 0)) != NULL) {
        l->src_text = strdup(src);
        l->src_sitting = l->src_text != NULL ? id : 0;
    }
    ledger__done(st);
    return l->src_text;
}

void ledger__event_forget_sitting(struct ledger *l)
{
    free(l->src_text);
    l->src_text = NULL;
    l->src_sitting = 0;
}

/* bind_or_null - text s (n bytes) into parameter i, or NULL if it is
 * what the row gives again (given, n_given bytes). */
static int bind_or_null(sqlite3_stmt *st, int i, const char *s, size_t n,
                        const char *given, size_t n_given)
{
    if (given != NULL && n_given == n && memcmp(given, s, n) == 0) {
        return sqlite3_bind_null(st, i);
    }
    return sqlite3_bind_text(st, i, s, (int)n, SQLITE_STATIC);
}

/* hex_pair - the byte of the two lower-case hex digits at s, or -1. */
static int hex_pair(const char *s)
{
    /* a digit's value plus one; 0: no digit */
    static const unsigned char v[256] = {
        ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
        ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
        ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16
    };
    int hi = v[(unsigned char)s[0]];
    int lo = v[(unsigned char)s[1]];

    return hi == 0 || lo == 0 ? -1 : (hi - 1) * 16 + (lo - 1);
}

/* bind_hash - the hash s (n hex digits) into parameter i as bytes (in b,
 * which must outlive the step): the 32 of a whole hash for an event whose
 * id is a multiple of LEDGER_HASH_EVERY, else its first LEDGER_HASH_TAG
 * (version 8); a hash already cut short as it is; any other text as it
 * is (no hash computed has it).  computed: s was made by hash_event (64
 * lower-case hex digits), so only the bytes kept are read. */
static int bind_hash(sqlite3_stmt *st, int i, int64_t id, const char *s,
                     size_t n, unsigned char b[32], bool computed)
{
    size_t keep = id % LEDGER_HASH_EVERY == 0 ? 32 : LEDGER_HASH_TAG;

    if (n != 64 && n != 2 * LEDGER_HASH_TAG) {
        n = 0;
    }
    if (computed && n == 64) {
        n = 2 * keep;
    }
    for (size_t k = 0; k < n / 2; k++) {
        int x = hex_pair(s + 2 * k);

        if (x < 0) {
            n = 0;
            break;
        }
        b[k] = (unsigned char)x;
    }
    if (n == 0) {
        return sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    }
    return sqlite3_bind_blob(st, i, b, (int)(keep < n / 2 ? keep : n / 2),
                             SQLITE_STATIC);
}

int ledger__bind_hash(sqlite3_stmt *st, int i, const char *hex, bool whole,
                      unsigned char b[32])
{
    if (strlen(hex) != 64) {
        return SQLITE_MISUSE;
    }
    for (size_t k = 0; k < 32; k++) {
        int x = hex_pair(hex + 2 * k);

        if (x < 0) {
            return SQLITE_MISUSE;
        }
        b[k] = (unsigned char)x;
    }
    return sqlite3_bind_blob(st, i, b, whole ? 32 : LEDGER_HASH_TAG,
                             SQLITE_STATIC);
}

/* time_of - the time text s (n bytes) as unix seconds into *out, if it
 * is of the form; the last one parsed kept in pack. */
static bool time_of(struct event_pack *pack, const char *s, size_t n,
                    int64_t *out)
{
    if (n >= sizeof(pack->time_text) || strlen(pack->time_text) != n ||
        memcmp(pack->time_text, s, n) != 0) {
        pack->time_ok = false;
        pack->time_text[0] = '\0';
        if (n < sizeof(pack->time_text)) {
            pack->time_ok = parse_time(s, n, &pack->time);
            memcpy(pack->time_text, s, n);
            pack->time_text[n] = '\0';
        }
    }
    *out = pack->time;
    return pack->time_ok;
}

int ledger__event_bind(sqlite3_stmt *st, int k, const struct ledger_event *row,
                       const char *const given[9], const size_t lens[9],
                       const char *src, struct event_pack *pack)
{
    const int b = 16 * k;               /* the row's parameters after b */
    const char *texts[9];
    unsigned same = 0;
    int64_t t = 0;
    int bad = 0;

    for (int i = 0; i < 9; i++) {
        texts[i] = given[i] != NULL ? given[i] : "";
    }
    same = guess_same(texts[7], lens[7], texts[1], lens[1], texts + 3,
                      lens + 3);
    bad |= sqlite3_bind_int64(st, b + 1, row->id);
    bad |= sqlite3_bind_int64(st, b + 2, row->sitting);
    bad |= sqlite3_bind_int64(st, b + 3, row->game);
    bad |= sqlite3_bind_int64(st, b + 4, row->deal);
    bad |= sqlite3_bind_int64(st, b + 5, row->seq);
    bad |= bind_or_null(st, b + 6, texts[0], lens[0], src,
                        src != NULL ? strlen(src) : 0);
    bad |= sqlite3_bind_int(st, b + 7, row->line);
    bad |= sqlite3_bind_text(st, b + 8, texts[1], (int)lens[1],
                             SQLITE_STATIC);
    if (time_of(pack, texts[2], lens[2], &t)) {
        bad |= sqlite3_bind_int64(st, b + 9, t);
        bad |= sqlite3_bind_null(st, b + 16);
    } else {
        bad |= sqlite3_bind_null(st, b + 9);
        bad |= sqlite3_bind_text(st, b + 16, texts[2], (int)lens[2],
                                 SQLITE_STATIC);
    }
    for (int i = 0; i < 4; i++) {
        bad |= same & (1u << i) ? sqlite3_bind_null(st, b + 10 + i)
               : sqlite3_bind_text(st, b + 10 + i, texts[3 + i],
                                   (int)lens[3 + i], SQLITE_STATIC);
    }
    bad |= sqlite3_bind_text(st, b + 14, texts[7], (int)lens[7],
                             SQLITE_STATIC);
    bad |= bind_hash(st, b + 15, row->id, texts[8], lens[8], pack->hash[k],
                     pack->computed);
    return bad;
}

/* ------------------------------------------------------------------ */
/* Reading a row                                                        */
/* ------------------------------------------------------------------ */

/* col_or - column i of st as text, or given if it is NULL. */
static const char *col_or(sqlite3_stmt *st, int i, const char *given)
{
    const char *s = (const char *)sqlite3_column_text(st, i);

    if (sqlite3_column_type(st, i) == SQLITE_NULL || s == NULL) {
        return given;
    }
    return s;
}

const char *ledger__hash_col(sqlite3_stmt *st, int i, char *out)
{
    static const char digits[] = "0123456789abcdef";
    const unsigned char *b = NULL;
    int n = 0;

    if (sqlite3_column_type(st, i) == SQLITE_TEXT) {
        return ledger__col_text(st, i);
    }
    out[0] = '\0';
    if (sqlite3_column_type(st, i) != SQLITE_BLOB ||
        ((n = sqlite3_column_bytes(st, i)) != 32 && n != LEDGER_HASH_TAG) ||
        (b = sqlite3_column_blob(st, i)) == NULL) {
        return out;
    }
    for (int k = 0; k < n; k++) {
        out[2 * k] = digits[b[k] >> 4];
        out[2 * k + 1] = digits[b[k] & 0x0f];
    }
    out[2 * n] = '\0';
    return out;
}

void ledger__event_from_row(sqlite3_stmt *st, struct ledger_event *ev,
                            struct event_buf *buf)
{
    struct event_guess *g = &buf->guess;

    ev->id = sqlite3_column_int64(st, 0);
    ev->sitting = sqlite3_column_int64(st, 1);
    ev->game = sqlite3_column_int64(st, 2);
    ev->deal = sqlite3_column_int64(st, 3);
    ev->seq = sqlite3_column_int64(st, 4);
    ev->source = ledger__col_text(st, 5);
    ev->line = sqlite3_column_int(st, 6);
    ev->stamp = ledger__col_text(st, 7);
    if (sqlite3_column_type(st, 8) == SQLITE_INTEGER) {
        int64_t t = sqlite3_column_int64(st, 8);

        if (!buf->recorded_ready || buf->recorded_at != t) {
            if (!format_time(t, buf->recorded)) {
                buf->recorded[0] = '\0';
            }
            buf->recorded_at = t;
            buf->recorded_ready = true;
        }
        ev->recorded = buf->recorded;
    } else {
        ev->recorded = ledger__col_text(st, 8);
    }
    ev->text = ledger__col_text(st, 13);
    if (sqlite3_column_type(st, 9) == SQLITE_NULL ||
        sqlite3_column_type(st, 10) == SQLITE_NULL ||
        sqlite3_column_type(st, 11) == SQLITE_NULL ||
        sqlite3_column_type(st, 12) == SQLITE_NULL) {
        (void)ledger__event_guess(ev->text, ev->stamp, g);
    }
    ev->actor = col_or(st, 9, g->actor);
    ev->verb = col_or(st, 10, g->verb);
    ev->args = col_or(st, 11, g->args);
    ev->cards = col_or(st, 12, g->cards);
    ev->hash = ledger__hash_col(st, 14, buf->hash);
}
