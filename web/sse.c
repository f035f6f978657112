/* SPDX-License-Identifier: MIT */
/*
 * sse.c - Server-Sent Events: each page watching a table (GET
 * /api/tables/ID/events) is a watcher with its own queue of messages.
 * A POST that takes a line appends `event: state` and `event: lines` to
 * every watcher's queue and signals it; the watcher's response (a
 * libmicrohttpd response from a callback, in its connection's own
 * thread) waits on its condition variable, never spinning, and sends a
 * `: keepalive` comment when nothing came for 15 seconds.
 */
#include "web/web.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One message queued. */
struct msg {
    char *text;
    size_t len;
    size_t sent;                /* bytes of it already given */
    struct msg *next;
};

struct web_sub {
    struct web_tables *r;
    struct web_table *t;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct msg *head, *tail;
    size_t queued;              /* bytes waiting */
    bool dropped;               /* too far behind: the stream ends */
    struct web_sub *next;       /* in t->subs, under t->ev_mu */
};

/* A watcher that does not read is let go past this much waiting. */
#define SUB_QUEUE_MAX (4u << 20)

/* enqueue - "event: NAME\ndata: JSON\n\n" onto sub's queue; sub->mu
 * held.  The JSON has no line end (SQLite's json() writes none). */
static void enqueue(struct web_sub *sub, const char *name, const char *json)
{
    struct msg *m;
    size_t len = strlen(name) + strlen(json) + 32;

    if (sub->queued + len > SUB_QUEUE_MAX) {
        sub->dropped = true;
        return;
    }
    m = calloc(1, sizeof(*m));
    if (m == NULL || (m->text = malloc(len)) == NULL) {
        free(m);
        sub->dropped = true;
        return;
    }
    m->len = (size_t)snprintf(m->text, len, "event: %s\ndata: %s\n\n", name,
                              json);
    if (sub->tail != NULL) {
        sub->tail->next = m;
    } else {
        sub->head = m;
    }
    sub->tail = m;
    sub->queued += m->len;
}

struct web_sub *web_sub_open(struct web_tables *r, struct web_table *t,
                             const char *state)
{
    struct web_sub *sub = calloc(1, sizeof(*sub));
    pthread_condattr_t ca;

    if (sub == NULL) {
        return NULL;
    }
    sub->r = r;
    sub->t = t;
    pthread_mutex_init(&sub->mu, NULL);
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&sub->cv, &ca);
    pthread_condattr_destroy(&ca);
    enqueue(sub, "state", state);
    pthread_mutex_lock(&t->ev_mu);
    sub->next = t->subs;
    t->subs = sub;
    pthread_mutex_unlock(&t->ev_mu);
    return sub;
}

void web_sub_free(void *vsub)
{
    struct web_sub *sub = vsub;
    struct web_table *t;

    if (sub == NULL) {
        return;
    }
    t = sub->t;
    pthread_mutex_lock(&t->ev_mu);
    for (struct web_sub **p = &t->subs; *p != NULL; p = &(*p)->next) {
        if (*p == sub) {
            *p = sub->next;
            break;
        }
    }
    pthread_mutex_unlock(&t->ev_mu);
    while (sub->head != NULL) {
        struct msg *m = sub->head;

        sub->head = m->next;
        free(m->text);
        free(m);
    }
    pthread_cond_destroy(&sub->cv);
    pthread_mutex_destroy(&sub->mu);
    free(sub);
}

/* stopping - is the server stopping? */
static bool stopping(struct web_tables *r)
{
    return atomic_load(&r->stopping);
}

long web_sub_read(struct web_sub *sub, char *buf, size_t max)
{
    static const char keepalive[] = ": keepalive\n\n";
    struct timespec until;
    long got = 0;

    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += WEB_KEEPALIVE_SECONDS;
    pthread_mutex_lock(&sub->mu);
    while (sub->head == NULL && !sub->dropped && !stopping(sub->r)) {
        if (pthread_cond_timedwait(&sub->cv, &sub->mu, &until) ==
            ETIMEDOUT) {
            break;
        }
    }
    if (sub->dropped || stopping(sub->r)) {
        got = -1;
    } else if (sub->head == NULL) {
        size_t n = sizeof(keepalive) - 1 < max ? sizeof(keepalive) - 1 : max;

        memcpy(buf, keepalive, n);
        got = (long)n;
    } else {
        while (sub->head != NULL && (size_t)got < max) {
            struct msg *m = sub->head;
            size_t n = m->len - m->sent;

            if (n > max - (size_t)got) {
                n = max - (size_t)got;
            }
            memcpy(buf + got, m->text + m->sent, n);
            m->sent += n;
            got += (long)n;
            if (m->sent == m->len) {
                sub->head = m->next;
                if (sub->head == NULL) {
                    sub->tail = NULL;
                }
                sub->queued -= m->len;
                free(m->text);
                free(m);
            }
        }
    }
    pthread_mutex_unlock(&sub->mu);
    return got;
}

void web_publish(struct web_table *t, const char *state, const char *lines)
{
    pthread_mutex_lock(&t->ev_mu);
    for (struct web_sub *sub = t->subs; sub != NULL; sub = sub->next) {
        pthread_mutex_lock(&sub->mu);
        if (state != NULL) {
            enqueue(sub, "state", state);
        }
        if (lines != NULL) {
            enqueue(sub, "lines", lines);
        }
        pthread_cond_signal(&sub->cv);
        pthread_mutex_unlock(&sub->mu);
    }
    pthread_mutex_unlock(&t->ev_mu);
}

void web_events_stop(struct web_tables *r)
{
    atomic_store(&r->stopping, true);
    pthread_mutex_lock(&r->mu);
    for (struct web_table *t = r->head; t != NULL; t = t->next) {
        pthread_mutex_lock(&t->ev_mu);
        for (struct web_sub *sub = t->subs; sub != NULL; sub = sub->next) {
            pthread_mutex_lock(&sub->mu);
            pthread_cond_signal(&sub->cv);
            pthread_mutex_unlock(&sub->mu);
        }
        pthread_mutex_unlock(&t->ev_mu);
    }
    pthread_mutex_unlock(&r->mu);
}
