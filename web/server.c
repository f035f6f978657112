/* SPDX-License-Identifier: MIT */
/*
 * server.c - the HTTP server of `ecarte serve`: a GNU libmicrohttpd
 * daemon (a thread per connection, their number and idle time bounded)
 * on a loopback address by default, its routes (README, "Serving a
 * table"), the scorer's token (128 random bits, or a file's), the
 * bounds on what is posted, and the headers every answer carries.
 * SIGINT and SIGTERM stop it: the watchers' streams end, the daemon
 * stops, every session and connection is closed.
 */
#include "web/web.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#define DEFAULT_CSP                                                          \
    "default-src 'none'; script-src 'self'; style-src 'self'; "              \
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "            \
    "form-action 'none'; frame-ancestors 'none'"

#define CONNECTIONS_MAX 512
#define IDLE_SECONDS 60
#define TOKEN_MIN 16
#define TOKEN_MAX 256

/* The server: its tables and the scorer's token. */
struct server {
    struct web_tables tables;
    char token[TOKEN_MAX + 1];
    size_t token_len;
};

/* What one request has read of its body. */
struct request {
    char *body;
    size_t len;
    bool too_big;
};

/* ------------------------------------------------------------------ */
/* Answers                                                              */
/* ------------------------------------------------------------------ */

/* headers - what every answer carries. */
static void headers(struct MHD_Response *resp, const char *csp, bool api)
{
    MHD_add_response_header(resp, "Content-Security-Policy",
                            csp != NULL ? csp : DEFAULT_CSP);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(resp, "Cache-Control",
                            api ? "no-store" : "no-cache");
}

/* send_reply - rep queued on c (its body and CSP taken). */
static enum MHD_Result send_reply(struct MHD_Connection *c,
                                  struct web_reply *rep)
{
    struct MHD_Response *resp;
    enum MHD_Result ret;
    size_t len = rep->body != NULL ? strlen(rep->body) : 0;

    resp = MHD_create_response_from_buffer(len, rep->body,
                                           MHD_RESPMEM_MUST_FREE);
    if (resp == NULL) {
        free(rep->body);
        free(rep->csp);
        return MHD_NO;
    }
    rep->body = NULL;
    headers(resp, rep->csp, rep->api);
    MHD_add_response_header(resp, "Content-Type",
                            rep->type != NULL ? rep->type
                                              : "application/json");
    if (rep->status == 405) {
        MHD_add_response_header(resp, "Allow", "GET, POST");
    }
    ret = MHD_queue_response(c, (unsigned)rep->status, resp);
    MHD_destroy_response(resp);
    free(rep->csp);
    rep->csp = NULL;
    return ret;
}

/* send_error - {"error": msg} with status. */
static enum MHD_Result send_error(struct MHD_Connection *c, int status,
                                  const char *msg)
{
    struct web_reply rep = {0};

    web_reply_error(&rep, status, msg);
    return send_reply(c, &rep);
}

/* send_asset - the embedded file name, or a 404. */
static enum MHD_Result send_asset(struct MHD_Connection *c, const char *name)
{
    const struct web_asset *a = web_asset_find(name);
    struct MHD_Response *resp;
    enum MHD_Result ret;

    if (a == NULL) {
        return send_error(c, 404, "no such page");
    }
    resp = MHD_create_response_from_buffer(a->size, (void *)a->data,
                                           MHD_RESPMEM_PERSISTENT);
    if (resp == NULL) {
        return MHD_NO;
    }
    headers(resp, NULL, false);
    MHD_add_response_header(resp, "Content-Type", a->type);
    ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* ------------------------------------------------------------------ */
/* Server-Sent Events                                                   */
/* ------------------------------------------------------------------ */

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    long n = web_sub_read(cls, buf, max);

    (void)pos;
    return n < 0 ? (ssize_t)MHD_CONTENT_READER_END_OF_STREAM : (ssize_t)n;
}

/* send_events - the stream of table t's states and lines. */
static enum MHD_Result send_events(struct server *sv,
                                   struct MHD_Connection *c,
                                   struct web_table *t)
{
    struct wj j;
    char *state = NULL;
    struct web_sub *sub = NULL;
    struct MHD_Response *resp;
    enum MHD_Result ret;

    if (wj_open(&j) != 0) {
        return send_error(c, 500, "out of memory");
    }
    pthread_mutex_lock(&t->mu);
    state = web_state_json(t, &j);
    if (state != NULL) {
        sub = web_sub_open(&sv->tables, t, state);
    }
    pthread_mutex_unlock(&t->mu);
    free(state);
    wj_close(&j);
    if (sub == NULL) {
        return send_error(c, 500, "out of memory");
    }
    resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024,
                                             sse_read, sub, web_sub_free);
    if (resp == NULL) {
        web_sub_free(sub);
        return MHD_NO;
    }
    headers(resp, NULL, true);
    MHD_add_response_header(resp, "Content-Type", "text/event-stream");
    /* the keepalives keep it alive: no idle limit on a stream */
    MHD_set_connection_option(c, MHD_CONNECTION_OPTION_TIMEOUT,
                              (unsigned int)0);
    ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* ------------------------------------------------------------------ */
/* Routes                                                               */
/* ------------------------------------------------------------------ */

/* table_id - the table id at the start of path ("12" or "12/..."): the
 * id, with *rest after it; 0 if path does not start with one. */
static int64_t table_id(const char *path, const char **rest)
{
    int64_t id = 0;
    size_t i = 0;

    while (isdigit((unsigned char)path[i]) && i < 15) {
        id = id * 10 + (path[i] - '0');
        i++;
    }
    if (i == 0 || path[0] == '0' || (path[i] != '\0' && path[i] != '/')) {
        return 0;
    }
    *rest = path + i;
    return id;
}

/* authorized - does the request carry the scorer's token? */
static bool authorized(const struct server *sv, struct MHD_Connection *c)
{
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                "Authorization");
    size_t len;

    /* the scheme's name is case-insensitive (RFC 7235), the token not */
    if (h == NULL || strncasecmp(h, "Bearer ", 7) != 0) {
        return false;
    }
    h += 7;
    len = strlen(h);
    return len == sv->token_len && CRYPTO_memcmp(h, sv->token, len) == 0;
}

/* route_api - /api/tables[/ID[/lines|/events]]. */
static enum MHD_Result route_api(struct server *sv, struct MHD_Connection *c,
                                 const char *rest, bool get,
                                 struct request *rq)
{
    struct web_reply rep = {0};
    const char *tail = "";
    int64_t id = 0;
    bool post = !get;

    if (rest[0] == '/') {
        id = table_id(rest + 1, &tail);
        if (id == 0) {
            return send_error(c, 404, "no such table");
        }
    } else if (rest[0] != '\0') {
        return send_error(c, 404, "no such route");
    }
    if (strcmp(tail, "") != 0 && strcmp(tail, "/lines") != 0 &&
        strcmp(tail, "/events") != 0) {
        return send_error(c, 404, "no such route");
    }
    if ((id == 0 && !get && !post) || (id > 0 && tail[0] == '\0' && !get) ||
        (strcmp(tail, "/lines") == 0 && !post) ||
        (strcmp(tail, "/events") == 0 && !get)) {
        return send_error(c, 405, "method not allowed here");
    }
    if (post && !authorized(sv, c)) {
        return send_error(c, 401, "expected Authorization: Bearer and the "
                                  "scorer's token");
    }
    if (post && rq->too_big) {
        return send_error(c, 413, "expected a body of at most 65536 bytes");
    }
    if (id > 0 && web_table_find(&sv->tables, id) == NULL) {
        return send_error(c, 404, "no such table");
    }
    if (id == 0 && get) {
        web_api_list(&sv->tables, &rep);
    } else if (id == 0) {
        web_api_create(&sv->tables, rq->body != NULL ? rq->body : "",
                       rq->len, &rep);
    } else if (tail[0] == '\0') {
        web_api_state(&sv->tables, id, &rep);
    } else if (strcmp(tail, "/events") == 0) {
        return send_events(sv, c, web_table_find(&sv->tables, id));
    } else {
        web_api_lines(&sv->tables, id, rq->body != NULL ? rq->body : "",
                      rq->len, &rep);
    }
    return send_reply(c, &rep);
}

/* route_page - /, /assets/NAME, /tables/ID[/board|/report]. */
static enum MHD_Result route_page(struct server *sv, struct MHD_Connection *c,
                                  const char *url)
{
    const char *tail = "";
    int64_t id;

    if (strcmp(url, "/") == 0) {
        return send_asset(c, "index.html");
    }
    if (strncmp(url, "/assets/", 8) == 0 && strchr(url + 8, '/') == NULL) {
        return send_asset(c, url + 8);
    }
    if (strncmp(url, "/tables/", 8) != 0 ||
        (id = table_id(url + 8, &tail)) == 0 ||
        web_table_find(&sv->tables, id) == NULL) {
        return send_error(c, 404, "no such page");
    }
    if (tail[0] == '\0') {
        return send_asset(c, "scorer.html");
    }
    if (strcmp(tail, "/board") == 0) {
        return send_asset(c, "board.html");
    }
    if (strcmp(tail, "/report") == 0) {
        struct web_reply rep = {0};

        web_api_report(&sv->tables, id, &rep);
        return send_reply(c, &rep);
    }
    return send_error(c, 404, "no such page");
}

/*
 * unescape - libmicrohttpd's own decoding of a URL's %XX, and a URL that
 * decodes to a NUL byte made one no route matches: "/api/tables/1%00"
 * is not table 1 (the rest of the string would be hidden from routing).
 */
static size_t unescape(void *cls, struct MHD_Connection *c, char *s)
{
    size_t n;

    (void)cls;
    (void)c;
    n = MHD_http_unescape(s);
    if (strlen(s) != n) {
        s[0] = '\0';           /* the empty URL: 404 */
        return 0;
    }
    return n;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c,
                              const char *url, const char *method,
                              const char *version, const char *upload,
                              size_t *upload_size, void **con_cls)
{
    struct server *sv = cls;
    struct request *rq = *con_cls;
    bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    bool post = strcmp(method, "POST") == 0;

    (void)version;
    if (rq == NULL) {
        rq = calloc(1, sizeof(*rq));
        if (rq == NULL) {
            return MHD_NO;
        }
        *con_cls = rq;
        {
            /* a body announced over the bound is refused at once, not
             * waited for */
            const char *cl = MHD_lookup_connection_value(
                c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);

            if (cl != NULL && strtoull(cl, NULL, 10) > WEB_BODY_MAX) {
                rq->too_big = true;
                return send_error(c, 413, "expected a body of at most "
                                          "65536 bytes");
            }
        }
        return MHD_YES;
    }
    if (*upload_size > 0) {
        /* the body, bounded: past the bound it is read and dropped */
        if (!rq->too_big && rq->len + *upload_size <= WEB_BODY_MAX) {
            char *grown = realloc(rq->body, rq->len + *upload_size + 1);

            if (grown == NULL) {
                return MHD_NO;
            }
            rq->body = grown;
            memcpy(rq->body + rq->len, upload, *upload_size);
            rq->len += *upload_size;
            rq->body[rq->len] = '\0';
        } else {
            rq->too_big = true;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (strcmp(url, "/api/tables") == 0 || strncmp(url, "/api/tables/", 12) == 0) {
        if (!get && !post) {
            return send_error(c, 405, "method not allowed here");
        }
        return route_api(sv, c, url + 11, get, rq);
    }
    if (!get) {
        return send_error(c, strncmp(url, "/api/", 5) == 0 ? 404 : 405,
                          "method not allowed here");
    }
    return route_page(sv, c, url);
}

/* Set once the signal that stops the server for a moved ledger is
 * raised: once the request that found it is answered (completed). */
static atomic_bool gone_signalled;

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode why)
{
    struct request *rq = *con_cls;

    (void)cls;
    (void)c;
    (void)why;
    if (rq != NULL) {
        free(rq->body);
        free(rq);
        *con_cls = NULL;
    }
    if (web_stopping_for_ledger() &&
        !atomic_exchange(&gone_signalled, true)) {
        kill(getpid(), SIGTERM);    /* the answer is sent: stop */
    }
}

/* ------------------------------------------------------------------ */
/* Starting and stopping                                                */
/* ------------------------------------------------------------------ */

/* make_token - the scorer's token: the first line of path, trimmed (at
 * least 16 characters), or 128 random bits as 32 hex digits.  Returns 0,
 * or -1 (said). */
static int make_token(struct server *sv, const char *path)
{
    if (path != NULL) {
        FILE *fp = fopen(path, "r");
        char line[TOKEN_MAX + 2];
        size_t a = 0, b;

        if (fp == NULL) {
            fprintf(stderr, "ecarte serve: %s: cannot read: %s\n", path,
                    strerror(errno));
            return -1;
        }
        if (fgets(line, sizeof(line), fp) == NULL) {
            line[0] = '\0';
        }
        fclose(fp);
        b = strlen(line);
        while (b > 0 && isspace((unsigned char)line[b - 1])) {
            b--;
        }
        while (a < b && isspace((unsigned char)line[a])) {
            a++;
        }
        if (b - a < TOKEN_MIN || b - a > TOKEN_MAX) {
            fprintf(stderr, "ecarte serve: %s: expected a token of %d to %d "
                            "characters on its first line, found %zu\n",
                    path, TOKEN_MIN, TOKEN_MAX, b - a);
            return -1;
        }
        memcpy(sv->token, line + a, b - a);
        sv->token[b - a] = '\0';
        sv->token_len = b - a;
        OPENSSL_cleanse(line, sizeof(line));
        return 0;
    }
    unsigned char bits[16];

    if (RAND_bytes(bits, sizeof(bits)) != 1) {
        fprintf(stderr, "ecarte serve: no random bits for the token\n");
        return -1;
    }
    for (size_t i = 0; i < sizeof(bits); i++) {
        snprintf(sv->token + 2 * i, 3, "%02x", bits[i]);
    }
    sv->token_len = 2 * sizeof(bits);
    OPENSSL_cleanse(bits, sizeof(bits));
    return 0;
}

/* An address to listen on. */
struct where {
    struct sockaddr_storage ss;
    bool v6;
    char host[80];
};

/* parse_listen - "ADDR:PORT", "[V6]:PORT" or ":PORT" (127.0.0.1) into
 * *w.  Returns 0, or -1 (said). */
static int parse_listen(const char *spec, struct where *w)
{
    const char *colon = strrchr(spec, ':');
    char host[64];
    char *end = NULL;
    long port;

    memset(w, 0, sizeof(*w));
    if (colon == NULL || (size_t)(colon - spec) >= sizeof(host)) {
        goto bad;
    }
    port = strtol(colon + 1, &end, 10);
    if (colon[1] == '\0' || *end != '\0' || port < 0 || port > 65535) {
        goto bad;
    }
    snprintf(host, sizeof(host), "%.*s", (int)(colon - spec), spec);
    if (host[0] == '\0') {
        snprintf(host, sizeof(host), "127.0.0.1");
    }
    if (host[0] == '[' && host[strlen(host) - 1] == ']') {
        struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&w->ss;

        host[strlen(host) - 1] = '\0';
        memmove(host, host + 1, strlen(host));
        if (inet_pton(AF_INET6, host, &a6->sin6_addr) != 1) {
            goto bad;
        }
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)port);
        w->v6 = true;
        snprintf(w->host, sizeof(w->host), "[%s]", host);
        return 0;
    }
    struct sockaddr_in *a4 = (struct sockaddr_in *)&w->ss;

    if (inet_pton(AF_INET, host, &a4->sin_addr) != 1) {
        goto bad;
    }
    a4->sin_family = AF_INET;
    a4->sin_port = htons((uint16_t)port);
    snprintf(w->host, sizeof(w->host), "%s", host);
    return 0;
bad:
    fprintf(stderr, "ecarte serve: expected --listen ADDR:PORT (an IPv4 "
                    "address, [an IPv6 one], or nothing for 127.0.0.1; a "
                    "port 0-65535, 0 for a free one), found \"%s\"\n",
            spec);
    return -1;
}

/* The daemon has started: its messages are said from then on; before,
 * a failure to start is said by start() alone, in ecarte's words. */
static atomic_bool daemon_up;

/* daemon_log - libmicrohttpd's message (fmt, ap) on standard error after
 * "ecarte serve: ", once the daemon is up; while it starts, nothing (its
 * "Failed to bind to port 0" named no port the user gave). */
static void daemon_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    if (!atomic_load(&daemon_up)) {
        return;
    }
    fputs("ecarte serve: ", stderr);
    vfprintf(stderr, fmt, ap);
}

/* start - the daemon on w, or NULL (said). */
static struct MHD_Daemon *start(struct server *sv, const struct where *w)
{
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION |
                     MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG |
                     (w->v6 ? MHD_USE_IPv6 : 0);
    struct MHD_Daemon *d;

    d = MHD_start_daemon(
        flags, 0, NULL, NULL, handle, sv, MHD_OPTION_SOCK_ADDR,
        (const struct sockaddr *)&w->ss, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned int)CONNECTIONS_MAX, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned int)IDLE_SECONDS, MHD_OPTION_NOTIFY_COMPLETED, completed,
        NULL, MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
        MHD_OPTION_EXTERNAL_LOGGER, daemon_log, NULL, MHD_OPTION_END);
    if (d != NULL) {
        atomic_store(&daemon_up, true);
    } else {
        fprintf(stderr, "ecarte serve: cannot listen on %s: %s\n", w->host,
                errno != 0 ? strerror(errno) : "the daemon did not start");
    }
    return d;
}


int web_serve(const struct web_options *o)
{
    static struct server sv;
    struct where w;
    struct MHD_Daemon *d;
    const union MHD_DaemonInfo *info;
    sigset_t stop;
    int sig = 0;
    int rc;

    if (parse_listen(o->listen, &w) != 0 ||
        make_token(&sv, o->token_file) != 0) {
        return EXIT_BAD_INPUT;
    }
    rc = web_tables_open(&sv.tables, o->db, o->fresh);
    if (rc != EXIT_FINE) {
        web_tables_close(&sv.tables);
        return rc;
    }
    /* the signals wait for the main thread: every other thread (the
     * daemon's) is started with them blocked */
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    d = start(&sv, &w);
    if (d == NULL) {
        web_tables_close(&sv.tables);
        return EXIT_BAD_INPUT;
    }
    info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    printf("ecarte serve: http://%s:%u/ (scorer's token: %s)\n", w.host,
           info != NULL ? (unsigned)info->port : 0u,
           o->token_file != NULL ? "the first line of --token-file"
                                 : sv.token);
    fflush(stdout);
    while (sigwait(&stop, &sig) != 0) {
    }
    fprintf(stderr, "ecarte serve: stopping (signal %d)\n", sig);
    web_events_stop(&sv.tables);
    MHD_stop_daemon(d);
    web_tables_close(&sv.tables);
    OPENSSL_cleanse(sv.token, sizeof(sv.token));
    return web_stopping_for_ledger() ? EXIT_BAD_INPUT : EXIT_FINE;
}
