/* SPDX-License-Identifier: MIT */
/*
 * api.c - the handlers of the JSON API (README, "Serving a table"): the
 * tables listed and opened, a table's state, the lines posted to it
 * (each taken through the session as `table` takes a typed line, and
 * committed before the answer), and the sitting's HTML report.  Every
 * answer is JSON built by SQLite (json.c); every error is
 * {"error":"..."}.
 */
#include "web/web.h"

#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "report/report.h"

void web_reply_error(struct web_reply *out, int status, const char *msg)
{
    struct wj j;

    free(out->body);
    out->body = NULL;
    if (wj_open(&j) == 0) {
        out->body = wj_error(&j, msg);
        wj_close(&j);
    }
    out->status = status;
    out->type = "application/json";
    out->api = true;
}

/* reply_json - out made a JSON answer of status with body (owned, taken;
 * NULL: a 500). */
static void reply_json(struct web_reply *out, int status, char *body)
{
    if (body == NULL) {
        web_reply_error(out, 500, "out of memory");
        return;
    }
    free(out->body);
    out->body = body;
    out->status = status;
    out->type = "application/json";
    out->api = true;
}

void web_api_list(struct web_tables *r, struct web_reply *out)
{
    struct wj j;
    char *arr = NULL;

    if (wj_open(&j) != 0) {
        web_reply_error(out, 500, "out of memory");
        return;
    }
    arr = wj_eval(&j, "SELECT json_array()", "");
    pthread_mutex_lock(&r->mu);
    for (struct web_table *t = r->head; t != NULL && arr != NULL;
         t = t->next) {
        char *one;

        pthread_mutex_lock(&t->mu);
        one = web_summary_json(t, &j);
        pthread_mutex_unlock(&t->mu);
        arr = one != NULL ? wj_push(&j, arr, one, true) : arr;
        free(one);
    }
    pthread_mutex_unlock(&r->mu);
    /* oldest first */
    reply_json(out, 200,
               arr == NULL ? NULL
                           : wj_eval(&j,
                                     "SELECT json_object('tables',"
                                     "(SELECT json_group_array(json(value)) "
                                     "FROM (SELECT value FROM json_each(?1) "
                                     "ORDER BY json_extract(value, "
                                     "'$.table'))))",
                                     "t", arr));
    free(arr);
    wj_close(&j);
}

void web_api_create(struct web_tables *r, const char *body, size_t len,
                    struct web_reply *out)
{
    char why[1300];
    int status = 0;
    struct web_table *t = web_table_new(r, body, len, why, sizeof(why),
                                        &status);
    struct wj j;

    if (t == NULL) {
        web_reply_error(out, status, why);
        return;
    }
    if (wj_open(&j) != 0) {
        web_reply_error(out, 500, "out of memory");
        return;
    }
    reply_json(out, 201,
               wj_eval(&j, "SELECT json_object('table',?1)", "I", t->id));
    wj_close(&j);
}

void web_api_state(struct web_tables *r, int64_t id, struct web_reply *out)
{
    struct web_table *t = web_table_find(r, id);
    struct wj j;

    if (t == NULL) {
        web_reply_error(out, 404, "no such table");
        return;
    }
    if (wj_open(&j) != 0) {
        web_reply_error(out, 500, "out of memory");
        return;
    }
    pthread_mutex_lock(&t->mu);
    reply_json(out, 200, web_state_json(t, &j));
    pthread_mutex_unlock(&t->mu);
    wj_close(&j);
}

/* ------------------------------------------------------------------ */
/* Lines posted                                                         */
/* ------------------------------------------------------------------ */

/* What one POST of lines is doing. */
struct posting {
    struct web_table *t;
    struct wj *j;
    FILE *mem;                  /* the JSON Lines of the records */
    char *buf;
    size_t size;
    char *arr;                  /* the answer, an array */
    int refused_at;             /* the line refused (0: none yet) */
    bool taken;                 /* an action or a tag was taken */
};

/* records_since - the JSON Lines written past byte from, as an array
 * (owned). */
static char *records_since(struct posting *p, size_t from)
{
    char *arr = wj_eval(p->j, "SELECT json_array()", "");

    fflush(p->mem);
    while (arr != NULL && from < p->size) {
        char *nl = memchr(p->buf + from, '\n', p->size - from);
        size_t end = nl != NULL ? (size_t)(nl - p->buf) : p->size;
        char *one = strndup(p->buf + from, end - from);

        if (one == NULL) {
            free(arr);
            return NULL;
        }
        arr = one[0] != '\0' ? wj_push(p->j, arr, one, true) : arr;
        free(one);
        from = end + 1;
    }
    return arr;
}

/* as_typed - an option's word alone, or `undo`, as `table` reads them:
 * "A elects stand", "strike"; else the line itself.  Into buf. */
static const char *as_typed(struct web_table *t, const char *text,
                            size_t *len, char *buf, size_t n)
{
    enum law_option opt;
    char word[32];
    size_t at = strspn(text, " \t");
    size_t wl = *len > at ? *len - at : 0;
    int seat;

    while (wl > 0 && (text[at + wl - 1] == ' ' || text[at + wl - 1] == '\t')) {
        wl--;
    }
    if (wl == 0 || wl >= sizeof(word) || memchr(text + at, ' ', wl) != NULL ||
        memchr(text + at, '\t', wl) != NULL ||
        memchr(text + at, '\0', wl) != NULL) {
        return text;
    }
    snprintf(word, sizeof(word), "%.*s", (int)wl, text + at);
    if (strcmp(word, "undo") == 0) {
        snprintf(buf, n, "strike");
    } else if ((seat = table_option_word(session_arbiter(t->s), word,
                                         &opt)) >= 0 &&
               opt != OPT_VETO) {
        snprintf(buf, n, "%c elects %s", seat_letter(seat), option_name(opt));
    } else {
        return text;
    }
    *len = strlen(buf);
    return buf;
}

/* stamp_now - the wall-clock time as `table` stamps a line. */
static void stamp_now(char *buf, size_t n)
{
    time_t now = time(NULL);
    struct tm tm;

    localtime_r(&now, &tm);
    snprintf(buf, n, "%04d-%02d-%02dT%02d:%02d:%02d", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* take_one - one line of the POST (len bytes, no line end): taken, or
 * not taken after a refused one; its object appended to p->arr. */
static void take_one(struct posting *p, const char *raw, size_t len)
{
    struct web_table *t = p->t;
    char typed[64], stamp[64], hint[300];
    const char *text = as_typed(t, raw, &len, typed, sizeof(typed));
    char *shown = strndup(text, len);
    char *records = NULL;
    char *obj = NULL;
    size_t from;
    enum take_status st;

    if (shown == NULL) {
        return;
    }
    if (p->refused_at > 0) {
        obj = wj_eval(p->j, "SELECT json_object('line',?1,'text',?2,"
                            "'accepted',json('false'),'error',?3,"
                            "'records',json_array())",
                      "itt", ++p->refused_at, shown,
                      "not taken: an earlier line was refused");
        goto done;
    }
    fflush(p->mem);
    from = p->size;
    t->error[0] = '\0';
    stamp_now(stamp, sizeof(stamp));
    st = session_take_text(t->s, text, len, stamp, ++t->line_no);
    if (ledger_moved(t->led)) {
        /* refused before its commit, or (moved while it committed) taken
         * into the file moved: either way the server stops */
        web_stop_for_ledger();
    }
    records = records_since(p, from);
    if (st == TAKE_DONE) {
        p->taken = true;
        obj = wj_eval(p->j, "SELECT json_object('line',?1,'text',?2,"
                            "'accepted',json('true'),'records',json(?3))",
                      "itt", t->line_no, shown,
                      records != NULL ? records : "[]");
        goto done;
    }
    p->refused_at = t->line_no--;
    table_hint(session_arbiter(t->s), hint, sizeof(hint));
    obj = wj_eval(p->j, "SELECT json_object('line',?1,'text',?2,"
                        "'accepted',json('false'),'error',?3,'hint',?4,"
                        "'records',json_array())",
                  "itttt", p->refused_at, shown,
                  t->error[0] != '\0' ? t->error
                  : st == TAKE_FAILED ? "the ledger failed"
                                      : "refused",
                  hint);
done:
    if (obj != NULL && p->arr != NULL) {
        p->arr = wj_push(p->j, p->arr, obj, true);
    }
    free(obj);
    free(records);
    free(shown);
}

/* count_lines - the lines of body that are not blank. */
static int count_lines(const char *body, size_t len)
{
    int n = 0;
    bool blank = true;

    for (size_t i = 0; i < len; i++) {
        if (body[i] == '\n') {
            n += blank ? 0 : 1;
            blank = true;
        } else if (body[i] != ' ' && body[i] != '\t' && body[i] != '\r') {
            blank = false;
        }
    }
    return n + (blank ? 0 : 1);
}

/* take_all - every line of body through p. */
static void take_all(struct posting *p, const char *body, size_t len)
{
    size_t at = 0;

    while (at < len) {
        const char *nl = memchr(body + at, '\n', len - at);
        size_t end = nl != NULL ? (size_t)(nl - body) : len;
        size_t l = end - at;

        if (l > 0 && body[at + l - 1] == '\r') {
            l--;
        }
        size_t lead = 0;

        /* body has no NUL after it: the blanks counted within l */
        while (lead < l &&
               (body[at + lead] == ' ' || body[at + lead] == '\t')) {
            lead++;
        }
        if (lead < l || memchr(body + at, '\0', l) != NULL) {
            take_one(p, body + at, l);
        }
        at = end + 1;
    }
}

void web_api_lines(struct web_tables *r, int64_t id, const char *body,
                   size_t len, struct web_reply *out)
{
    struct web_table *t = web_table_find(r, id);
    struct posting p = {.t = t};
    int64_t before = 0;
    bool watched;

    if (t == NULL) {
        web_reply_error(out, 404, "no such table");
        return;
    }
    if (count_lines(body, len) > WEB_LINES_MAX) {
        web_reply_error(out, 413, "expected at most 2000 lines in a POST");
        return;
    }
    if ((p.mem = open_memstream(&p.buf, &p.size)) == NULL) {
        web_reply_error(out, 500, "out of memory");
        return;
    }
    pthread_mutex_lock(&t->mu);
    /* the table's JSON handle and writer, made once and kept */
    if (t->wj.db == NULL && wj_open(&t->wj) != 0) {
        pthread_mutex_unlock(&t->mu);
        fclose(p.mem);
        free(p.buf);
        web_reply_error(out, 500, "out of memory");
        return;
    }
    p.j = &t->wj;
    /* the sitting's events before the POST, to tell whether it moved the
     * table (a line taken, or the table rebuilt from the ledger another
     * writer moved, a line refused): a number, not the state made again */
    before = session_seq(t->s);
    if (t->out_kept != NULL) {
        output_set_fp(t->out_kept, p.mem);
    } else if (output_open(&t->out_kept, p.mem, true) != 0) {
        t->out_kept = NULL;
    }
    if (t->out_kept != NULL) {
        t->out = t->out_kept;
        t->inner = output_session_sink(t->out);
        t->inner.message = NULL;
        p.arr = wj_eval(p.j, "SELECT json_array()", "");
        take_all(&p, body, len);
    }
    memset(&t->inner, 0, sizeof(t->inner));
    t->out = NULL;
    pthread_mutex_lock(&t->ev_mu);
    watched = t->subs != NULL;
    pthread_mutex_unlock(&t->ev_mu);
    if (p.arr != NULL && watched) {
        /* the new state is made only for those who watch, and only when
         * the table moved */
        char *state = p.taken || session_seq(t->s) != before
                          ? web_state_json(t, p.j)
                          : NULL;

        if (p.taken || session_seq(t->s) != before) {
            web_publish(t, state, p.arr);
        }
        free(state);
    }
    fclose(p.mem);
    pthread_mutex_unlock(&t->mu);
    free(p.buf);
    reply_json(out, 200, p.arr);
}

/* ------------------------------------------------------------------ */
/* The report                                                           */
/* ------------------------------------------------------------------ */

/* style_csp - the CSP for page (n bytes): no script, nothing fetched,
 * and each of its inline <style> blocks allowed by its sha256 (owned). */
static char *style_csp(const char *page, size_t n)
{
    size_t cap = 256;
    char *csp = malloc(cap);
    size_t used;
    const char *p = page;
    const char *end = page + n;

    if (csp == NULL) {
        return NULL;
    }
    used = (size_t)snprintf(csp, cap, "default-src 'none'; style-src");
    while ((p = strstr(p, "<style>")) != NULL && p < end) {
        const char *body = p + 7;
        const char *close = strstr(body, "</style>");
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int mdlen = 0;
        unsigned char b64[100];
        char *grown;

        if (close == NULL) {
            break;
        }
        EVP_Digest(body, (size_t)(close - body), md, &mdlen, EVP_sha256(),
                   NULL);
        EVP_EncodeBlock(b64, md, (int)mdlen);
        grown = realloc(csp, cap + 128);
        if (grown == NULL) {
            free(csp);
            return NULL;
        }
        csp = grown;
        cap += 128;
        used += (size_t)snprintf(csp + used, cap - used, " 'sha256-%s'",
                                 (const char *)b64);
        p = close + 8;
    }
    snprintf(csp + used, cap - used,
             "%s; img-src data:; base-uri 'none'; form-action 'none'; "
             "frame-ancestors 'none'",
             used == strlen("default-src 'none'; style-src") ? " 'none'"
                                                             : "");
    return csp;
}

void web_api_report(struct web_tables *r, int64_t id, struct web_reply *out)
{
    struct ledger *l;
    struct proof_summary proof;
    char err[700];
    char *page = NULL;
    size_t size = 0;
    FILE *fp;
    int rc;

    if (web_table_find(r, id) == NULL) {
        web_reply_error(out, 404, "no such table");
        return;
    }
    l = ledger_for("serve", r->db, LEDGER_READONLY);
    if (l == NULL) {
        web_reply_error(out, 500, "the ledger cannot be read");
        return;
    }
    if (ledger_read_begin(l) != 0 || (fp = open_memstream(&page, &size)) ==
                                         NULL) {
        ledger_close(l);
        web_reply_error(out, 500, "the ledger cannot be read");
        return;
    }
    memset(&proof, 0, sizeof(proof));
    rc = proof_ledger(l, id, NULL, NULL, &proof);
    if (rc == 0) {
        rc = report_write(l, id, &proof, fp, err, sizeof(err));
    } else {
        snprintf(err, sizeof(err), "%s", proof.error);
    }
    fclose(fp);
    ledger_read_end(l);
    ledger_close(l);
    if (rc != 0) {
        free(page);
        web_reply_error(out, rc == REPORT_E_NO_SITTING ? 404 : 500, err);
        return;
    }
    free(out->body);
    out->body = page;
    out->status = 200;
    out->type = "text/html; charset=utf-8";
    out->csp = NULL;
    out->api = true;
    {
        char *csp = style_csp(page, size);

        if (csp == NULL) {
            web_reply_error(out, 500, "out of memory");
            return;
        }
        out->csp = csp; /* freed by the server (owned_csp) */
    }
}
