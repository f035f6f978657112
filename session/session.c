/* SPDX-License-Identifier: MIT */
/*
 * session.c - one log through the reader, the referee and the ledger:
 * every action adjudicated and recorded (one transaction per action or per
 * deal), every `=` line compared with what the rules give.  Recording
 * resumes the sitting the log continues (its source and its recorded
 * lines, matched by canonical text in order); importing goes on from
 * where an interrupted import of the same content stopped; a deal that
 * cannot be read is quarantined and the sitting goes on as the log
 * states.
 *
 * The session's files (their shared state and helpers in session_int.h):
 * this one holds the session object (open, close, settings, what it
 * counted), its ledger failures and the sitting's tags; session_record.c
 * records one accepted action; session_lost.c the deals quarantined;
 * session_replay.c replays a sitting from the ledger; session_import.c
 * keeps an import's books; session_resume.c decides which sitting a
 * recorded log continues; session_run.c reads a log a line at a time.
 */
#include "session/session_int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void session__say(const struct session *s, enum session_msg kind,
                  const char *fmt, ...)
{
    char text[1200];
    size_t n;
    va_list ap;

    if (s->sink.message == NULL) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    n = strlen(text);
    if (n > 0 && text[n - 1] == '\n') {
        text[n - 1] = '\0';
    }
    s->sink.message(s->sink.ctx, kind, text);
}

/* session_finding - a `=` line that disagrees with the rules: printed,
 * and counted. */
static void session_finding(void *ctx, const struct claim_finding *f)
{
    struct session *s = ctx;

    session__emit_finding(s, s->name, f->line, claim_kind_name(f->kind),
                   f->expected, f->found, f->message);
    s->findings++;
}

int session_open(struct session **out, struct ledger *l,
                 const struct session_sink *sink, enum commit_mode mode)
{
    struct session *s = NULL;

    s = calloc(1, sizeof(*s));
    if (s == NULL || arbiter_open(&s->arb) != 0 ||
        sitting_open(&s->sit) != 0 ||
        claims_open(&s->claims, session_finding, s) != 0) {
        if (s != NULL) {
            arbiter_close(s->arb);
            sitting_close(s->sit);
        }
        free(s);
        return -1;
    }
    s->led = l;
    if (sink != NULL) {
        s->sink = *sink;
    }
    s->mode = mode;
    s->resume = RESUME_NEW;
    *out = s;
    return 0;
}

void session_set_resume(struct session *s, enum resume_mode mode,
                        int64_t sitting)
{
    s->resume = mode;
    s->want_sitting = sitting;
}

void session_set_whole_lines(struct session *s, bool on)
{
    s->whole_lines = on;
}

bool session_resumed(const struct session *s)
{
    return s->resumed;
}

int session_skipped_to(const struct session *s)
{
    return s->skip_to;
}

void session_set_import(struct session *s, progress_fn fn, void *ctx)
{
    s->import = true;
    s->progress = fn;
    s->progress_ctx = ctx;
}

int session_quarantined(const struct session *s)
{
    return s->quarantined;
}

int64_t session_sitting(const struct session *s)
{
    return s->sitting;
}

void session_close(struct session *s)
{
    if (s == NULL) {
        return;
    }
    arbiter_close(s->before);
    sitting_close(s->before_sit);
    arbiter_close(s->saved);
    sitting_close(s->saved_sit);
    arbiter_close(s->probe);
    sitting_close(s->probe_sit);
    free(s->probe_ap);
    free(s->raw);
    for (int i = 0; i < s->n_held; i++) {
        free(s->held[i].raw);
    }
    free(s->held);
    free(s->cand);
    free(s->input_tag);
    if (s->in_txn && s->led != NULL) {
        ledger_rollback(s->led);
    }
    arbiter_close(s->arb);
    sitting_close(s->sit);
    claims_close(s->claims);
    free(s->tag_name);
    free(s->tag_value);
    session__comments_free(s);
    free(s);
}

void session_set_strict(struct session *s, bool strict)
{
    claims_set_strict(s->claims, strict);
}

void session_set_quiet(struct session *s, bool quiet)
{
    s->quiet = quiet;
}

int session_findings(const struct session *s)
{
    return s->findings;
}

struct arbiter *session_arbiter(struct session *s)
{
    return s->arb;
}

int64_t session_events(const struct session *s)
{
    return s->events;
}

int64_t session_deals(const struct session *s)
{
    return s->deals;
}

/* ------------------------------------------------------------------ */
/* Ledger failures                                                      */
/* ------------------------------------------------------------------ */

/* session__ledger_fail - report a ledger failure in doing what on stderr
 * (the ledger's message, or in words another ecarte recording into the
 * same sitting) and roll back the open transaction, if any.  Returns
 * -1. */
int session__ledger_fail(struct session *s, const char *what)
{
    const char *why = ledger_errmsg(s->led);

    if (strstr(why, "UNIQUE constraint failed: event.sitting_id") != NULL) {
        /* a line taken a line at a time (session_take_text) is not
         * recorded, and the session stands after the other's lines */
        why = s->name != NULL && strcmp(s->name, "table") == 0
                  ? "another ecarte table recorded into this sitting at the "
                    "same time; each table needs its own sitting: start the "
                    "second with `ecarte table --new` (or its own --db)"
              : s->typed
                  ? "another ecarte recorded into this sitting at the same "
                    "time: the line is not recorded, and the table now "
                    "stands after what the other recorded"
                  : "another ecarte recorded into this sitting at the same "
                    "time; run again to resume after it";
    }
    /* the ledger's message names its step ("commit: database or disk is
     * full"): the session's word for it is said only when it does not */
    if (why[0] != '\0') {
        session__say(s, SESSION_MSG_ERROR, "ecarte: ledger: %s\n", why);
    } else {
        session__say(s, SESSION_MSG_ERROR, "ecarte: ledger: %s failed\n", what);
    }
    if (s->in_txn) {
        ledger_rollback(s->led);
        s->in_txn = false;
        s->in_deal = false;
        s->deals_in_txn = 0;
    }
    return -1;
}

/* ------------------------------------------------------------------ */
/* The sitting's tags                                                   */
/* ------------------------------------------------------------------ */

/* session__add_tag - keep the tag of line (its name and value) with the
 * sitting's tags, written with the sitting at its first action.  Returns
 * 0, -1 if out of memory (the tag is not kept). */
int session__add_tag(struct session *s, const struct tl_line *line)
{
    void *a = realloc(s->tag_name, sizeof(*s->tag_name) *
                                       (size_t)(s->n_tags + 1));
    void *b = NULL;

    if (a == NULL) {
        return -1;
    }
    s->tag_name = a;
    b = realloc(s->tag_value, sizeof(*s->tag_value) * (size_t)(s->n_tags + 1));
    if (b == NULL) {
        return -1;
    }
    s->tag_value = b;
    snprintf(s->tag_name[s->n_tags], TL_TAG_NAME_MAX, "%s", line->tag_name);
    snprintf(s->tag_value[s->n_tags], TL_TAG_VALUE_MAX, "%s",
             line->tag_value);
    s->n_tags++;
    return 0;
}
