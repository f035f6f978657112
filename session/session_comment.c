/* SPDX-License-Identifier: MIT */
/*
 * session_comment.c - a log's `#` comments kept in the ledger where they
 * stood (record, import, the table, the served table): a comment line
 * after the last action and the `=` lines read since (or among the tags,
 * before the first action), a comment at the end of a tag, an action or
 * a `=` line with it.  A comment line typed at a table (no `=` line is
 * typed there) follows the `=` lines the referee gave.  Those read before the sitting's row exists wait
 * for it; a log read again when its sitting is resumed does not keep
 * again the comments it kept the first time.  A comment is never an
 * event: the referee and the chain never see one.
 */
#include "session/session_int.h"

#include <stdlib.h>
#include <string.h>

/* A comment kept in memory: one read before the sitting's row (written
 * with it), or one the ledger holds after the event a resumed log goes
 * on from (read again, not kept again). */
struct held_comment {
    int after_lines;
    bool ends_line;
    int line;
    char *text;
};

/* held_add - a copy of text (n bytes) with its place appended to
 * (*list, *n, *cap).  Returns 0, -1 if out of memory. */
static int held_add(struct held_comment **list, int *n, int *cap,
                    int after_lines, bool ends_line, int line,
                    const char *text, size_t len)
{
    struct held_comment *h = NULL;

    if (*n == *cap) {
        int nc = *cap > 0 ? *cap * 2 : 8;
        struct held_comment *nl = realloc(*list, sizeof(*nl) * (size_t)nc);

        if (nl == NULL) {
            return -1;
        }
        *list = nl;
        *cap = nc;
    }
    h = &(*list)[*n];
    h->text = strndup(text, len);
    if (h->text == NULL) {
        return -1;
    }
    h->after_lines = after_lines;
    h->ends_line = ends_line;
    h->line = line;
    (*n)++;
    return 0;
}

/* held_clear - every comment of the list freed; the list kept empty. */
static void held_clear(struct held_comment *list, int *n)
{
    for (int i = 0; i < *n; i++) {
        free(list[i].text);
    }
    *n = 0;
}

void session__comments_forget(struct session *s)
{
    held_clear(s->early, &s->n_early);
    held_clear(s->again, &s->n_again);
    s->i_again = 0;
    s->again_event = 0;
    s->marks_after = 0;
}

void session__comments_free(struct session *s)
{
    session__comments_forget(s);
    free(s->early);
    free(s->again);
    s->early = NULL;
    s->again = NULL;
    s->cap_early = 0;
    s->cap_again = 0;
}

/* add_row - one comment into the ledger, sealed, in the open transaction
 * (begun if none is).  Returns 0, -1 on a ledger error (reported). */
static int add_row(struct session *s, int64_t event, int after_lines,
                   bool ends_line, int line, const char *text)
{
    struct ledger_comment c;

    memset(&c, 0, sizeof(c));
    c.sitting = s->sitting;
    c.event = event;
    c.after_lines = after_lines;
    c.ends_line = ends_line;
    c.line = line;
    c.text = text;
    if (session__begin(s) != 0) {
        return session__ledger_fail(s, "begin");
    }
    if (ledger_comment_add(s->led, &c, NULL) != 0) {
        return session__ledger_fail(s, "comment");
    }
    return 0;
}

int session__comments_write_early(struct session *s)
{
    int rc = 0;

    for (int i = 0; i < s->n_early && rc == 0; i++) {
        const struct held_comment *h = &s->early[i];

        rc = add_row(s, 0, h->after_lines, h->ends_line, h->line, h->text);
    }
    held_clear(s->early, &s->n_early);
    return rc;
}

/* take_again - a resumed log's comment at the event it goes on from, and
 * the one the ledger kept next there when it was first read: the same
 * (place and words)?  Then it is not kept again.  The first that differs
 * ends the comparison: what follows is new. */
static bool take_again(struct session *s, int64_t event, int after_lines,
                       bool ends_line, const char *text, size_t len)
{
    const struct held_comment *h = NULL;

    if (s->i_again >= s->n_again || event != s->again_event) {
        return false;
    }
    h = &s->again[s->i_again];
    if (h->after_lines == after_lines && h->ends_line == ends_line &&
        strlen(h->text) == len && memcmp(h->text, text, len) == 0) {
        s->i_again++;
        return true;
    }
    s->i_again = s->n_again;
    return false;
}

/* kept_again - a comment the ledger holds after the event a resumed log
 * goes on from (ledger_comments_foreach). */
static int kept_again(void *vctx, const struct ledger_comment *c)
{
    struct session *s = vctx;

    if (c->event != s->again_event) {
        return 0;
    }
    return held_add(&s->again, &s->n_again, &s->cap_again, c->after_lines,
                    c->ends_line, c->line, c->text, strlen(c->text)) != 0;
}

int session__comments_resume(struct session *s)
{
    held_clear(s->again, &s->n_again);
    s->i_again = 0;
    s->again_event = s->last_event_id;
    if (s->led == NULL || s->sitting <= 0 || s->again_event == 0) {
        return 0;
    }
    if (ledger_comments_foreach(s->led, s->sitting, kept_again, s) != 0) {
        return session__ledger_fail(s, "read the comments");
    }
    return 0;
}

/* tag_place - the tag of line among the sitting's (1-based, the last
 * with its name and value), or how many there are. */
static int tag_place(const struct session *s, const struct tl_line *line)
{
    for (int i = s->n_tags - 1; i >= 0; i--) {
        if (strcmp(s->tag_name[i], line->tag_name) == 0 &&
            strcmp(s->tag_value[i], line->tag_value) == 0) {
            return i + 1;
        }
    }
    return s->n_tags;
}

int session__keep_comment(struct session *s, const struct tl_line *line,
                          const char *raw)
{
    const char *text = raw + line->comment_at;
    size_t len = line->comment_len;
    int64_t event = s->last_event_id;
    int after_lines = s->marks_after;
    bool ends_line = line->kind != TL_BLANK;
    char buf[TL_LINE_MAX + 1];
    int rc = 0;

    if (s->led == NULL || s->deriving || len == 0 || raw == NULL) {
        return 0;
    }
    if (line->kind == TL_TAG) {
        event = 0;              /* a tag's, where its tag is written */
        after_lines = tag_place(s, line);
    } else if (line->kind == TL_EVENT) {
        after_lines = 0;        /* the action's own line */
    } else if (event == 0) {
        /* before the first action: after the tags read so far */
        after_lines = s->n_tags;
        ends_line = false;
    } else if (s->typed && line->kind == TL_BLANK &&
               ledger_marks_count(s->led, event, &after_lines) != 0) {
        /* typed at a table: after the `=` lines the referee gave */
        return session__ledger_fail(s, "read the ledger");
    }
    if (take_again(s, event, after_lines, ends_line, text, len)) {
        return 0;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (s->sitting <= 0) {
        /* no sitting's row yet: kept with it (session__ensure_sitting) */
        if (held_add(&s->early, &s->n_early, &s->cap_early, after_lines,
                     ends_line, line->line_no, buf, len) != 0) {
            session__say(s, SESSION_MSG_ERROR, "ecarte: out of memory\n");
            return -1;
        }
        return 0;
    }
    rc = add_row(s, event, after_lines, ends_line, line->line_no, buf);
    if (rc == 0 && line->kind != TL_EVENT && s->mode == COMMIT_PER_ACTION &&
        !s->merging && session__commit(s) != 0) {
        /* recording: durable as it comes, like an action; an action's
         * own comment commits with it */
        rc = session__ledger_fail(s, "commit");
    }
    return rc;
}
