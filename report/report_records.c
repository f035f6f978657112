/* SPDX-License-Identifier: MIT */
/*
 * report_records.c - `ecarte report`: what the report keeps per deal,
 * per game, per seating and per item of money, as numbered records of a
 * fixed size in a temporary file (struct rep_records), so that its
 * memory does not grow with the sitting: record k stands at offset k * size, one record is
 * held in memory at a time and written back when another is asked for,
 * and a record never written reads as zeros.
 */
#include "report/report_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int report__records_open(struct rep_records *f, size_t size)
{
    memset(f, 0, sizeof(*f));
    f->size = size;
    f->key = -1;
    f->cur = calloc(1, size);
    if (f->cur == NULL) {
        f->err = ENOMEM;
        return -1;
    }
    f->fp = tmpfile();
    if (f->fp == NULL) {
        f->err = errno != 0 ? errno : EIO;
        return -1;
    }
    f->fd = fileno(f->fp);
    return 0;
}

void report__records_close(struct rep_records *f)
{
    if (f->fp != NULL) {
        fclose(f->fp);
    }
    free(f->cur);
    memset(f, 0, sizeof(*f));
}

/* put_back - the record held written to its place, if it changed.
 * Returns 0, -1 (f->err). */
static int put_back(struct rep_records *f)
{
    off_t at = (off_t)f->key * (off_t)f->size;
    size_t done = 0;

    if (!f->dirty) {
        return 0;
    }
    while (done < f->size) {
        ssize_t n = pwrite(f->fd, (char *)f->cur + done, f->size - done,
                           at + (off_t)done);

        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            f->err = n < 0 ? errno : EIO;
            return -1;
        }
        done += (size_t)n;
    }
    f->dirty = false;
    return 0;
}

/* take - record key read into f->cur: what the file holds up to its end,
 * zeros after.  Returns 0, -1 (f->err). */
static int take(struct rep_records *f, int64_t key)
{
    off_t at = (off_t)key * (off_t)f->size;
    size_t done = 0;

    while (done < f->size) {
        ssize_t n = pread(f->fd, (char *)f->cur + done, f->size - done,
                          at + (off_t)done);

        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            f->err = errno;
            return -1;
        }
        if (n == 0) {
            break;
        }
        done += (size_t)n;
    }
    memset((char *)f->cur + done, 0, f->size - done);
    f->key = key;
    return 0;
}

void *report__records_get(struct rep_records *f, int64_t key, bool write)
{
    if (f->fp == NULL || key < 0 || key > REP_RECORDS_MAX || f->err != 0) {
        return NULL;
    }
    if (key != f->key) {
        if (put_back(f) != 0) {
            return NULL;
        }
        f->key = -1;
        if (take(f, key) != 0) {
            return NULL;
        }
    }
    if (write) {
        f->dirty = true;
    }
    return f->cur;
}

/* ------------------------------------------------------------------ */
/* Deals, games and seatings                                            */
/* ------------------------------------------------------------------ */

struct rep_deal *report__deal(struct report *r, int deal)
{
    return deal < 1 ? NULL : report__records_get(&r->deals, deal, true);
}

struct rep_deal report__deal_at(struct report *r, int deal)
{
    struct rep_deal out = {0};
    const struct rep_deal *d =
        deal < 1 ? NULL : report__records_get(&r->deals, deal, false);

    if (d != NULL) {
        out = *d;
    }
    return out;
}

struct rep_game *report__game(struct report *r, int game)
{
    return game < 1 ? NULL : report__records_get(&r->games, game, true);
}

struct rep_game report__game_at(struct report *r, int game)
{
    struct rep_game out = {0};
    const struct rep_game *g =
        game < 1 ? NULL : report__records_get(&r->games, game, false);

    if (g != NULL) {
        out = *g;
    }
    return out;
}

int report__seating_add(struct report *r, int game, int seat,
                        const char *person, const char *role)
{
    struct rep_seating *st = NULL;
    struct rep_seated *at = NULL;
    int k = r->n_seatings + 1;

    st = report__records_get(&r->seatings, k, true);
    if (st == NULL) {
        return -1;
    }
    st->game = game;
    st->seat = seat;
    snprintf(st->person, sizeof(st->person), "%s", person);
    snprintf(st->role, sizeof(st->role), "%s", role != NULL ? role : "");
    r->n_seatings = k;
    if (game < 0 || game > REP_RECORDS_MAX) {
        return 0;               /* no game of the scoresheet names it */
    }
    at = report__records_get(&r->seated, game, true);
    if (at == NULL) {
        return -1;
    }
    if (at->first == 0) {
        at->first = k;
    }
    at->last = k;
    return 0;
}

struct rep_seating report__seating_at(struct report *r, int k)
{
    struct rep_seating out = {0};
    const struct rep_seating *st =
        k < 1 || k > r->n_seatings
            ? NULL : report__records_get(&r->seatings, k, false);

    if (st != NULL) {
        out = *st;
    }
    return out;
}

struct rep_seated report__seated_at(struct report *r, int game)
{
    struct rep_seated out = {0};
    const struct rep_seated *at =
        report__records_get(&r->seated, game, false);

    if (at != NULL) {
        out = *at;
    }
    return out;
}

int report__money_add(struct report *r, int game, const struct rep_money *m)
{
    struct rep_seated *of = NULL;
    struct rep_money *it = NULL;
    int k = r->n_money + 1;
    int last;

    if (game < 0 || game > REP_RECORDS_MAX) {
        return 0;               /* no game of the scoresheet names it */
    }
    of = report__records_get(&r->money_of, game, true);
    if (of == NULL) {
        return -1;
    }
    last = of->last;
    if (of->first == 0) {
        of->first = k;
    }
    of->last = k;
    if (last > 0) {
        it = report__records_get(&r->money, last, true);
        if (it == NULL) {
            return -1;
        }
        it->next = k;
    }
    it = report__records_get(&r->money, k, true);
    if (it == NULL) {
        return -1;
    }
    *it = *m;
    it->next = 0;
    r->n_money = k;
    return 0;
}

struct rep_money report__money_at(struct report *r, int k)
{
    struct rep_money out = {0};
    const struct rep_money *m =
        k < 1 || k > r->n_money
            ? NULL : report__records_get(&r->money, k, false);

    if (m != NULL) {
        out = *m;
    }
    return out;
}

struct rep_seated report__money_of(struct report *r, int game)
{
    struct rep_seated out = {0};
    const struct rep_seated *of =
        report__records_get(&r->money_of, game, false);

    if (of != NULL) {
        out = *of;
    }
    return out;
}
