/* SPDX-License-Identifier: MIT */
/*
 * session_table.c - a session fed a line at a time by `ecarte table`: a
 * line typed is taken as `record` takes a line of a log (the same referee,
 * ledger rows and report), but a line that cannot be read or cannot be
 * true is refused, not fatal: nothing is recorded for it and the session
 * goes on.
 */
#include "session/session_int.h"

#include <stdio.h>
#include <string.h>

void session_set_source(struct session *s, const char *name)
{
    s->name = name;
}

int session_go_on(struct session *s, int64_t sitting, int *line_no)
{
    int64_t replayed = 0;
    int rc = session__replay_sitting(s, sitting, &replayed);

    if (rc != 0) {
        return rc;
    }
    s->resumed = true;
    s->deciding = false;
    s->announce_new = false;
    /* on from the sitting's last line (its tags and comments are lines
     * too), never from its count of events */
    *line_no = (int)s->seq;
    if (s->led != NULL) {
        int last = 0;

        if (ledger_sitting_last_line(s->led, sitting, &last) != 0) {
            return -1;
        }
        if (last > *line_no) {
            *line_no = last;
        }
    }
    return 0;
}

enum take_status session_take_text(struct session *s, const char *text,
                                   size_t len, const char *stamp,
                                   int line_no)
{
    struct tl_line line;
    struct tl_error err;
    struct input_line in;
    char why[TL_MSG_MAX + 64];
    int rc;

    s->deciding = false;
    s->typed = true;
    in.line_no = line_no;
    in.raw = text;
    in.tl = &line;
    if (len > TL_LINE_MAX) {
        snprintf(why, sizeof(why), "%s:%d:%d: expected a line of at most %d "
                 "bytes, found a longer line", s->name, line_no,
                 TL_LINE_MAX + 1, TL_LINE_MAX);
        in.got = -1;
        in.error = why;
    } else if (tl_parse_line(text, len, line_no, &line, &err) != 0) {
        snprintf(why, sizeof(why), "%s:%d:%d: %s", s->name, err.line,
                 tl_column(text, len, err.col), err.msg);
        in.got = -1;
        in.error = why;
    } else {
        in.got = 1;
        in.error = NULL;
        if (stamp != NULL && line.stamp[0] == '\0' && line.kind == TL_EVENT) {
            snprintf(line.stamp, sizeof(line.stamp), "%s", stamp);
        }
    }
    rc = session__handle_line(s, &in);
    if (rc == CLI_E_INPUT) {
        return TAKE_REFUSED;
    }
    if (rc != 0 || session__commit(s) != 0) {
        return TAKE_FAILED;
    }
    return TAKE_DONE;
}

int session_begin_sitting(struct session *s)
{
    if (s->led == NULL || s->sitting > 0) {
        return 0;
    }
    if (session__begin(s) != 0) {
        return session__ledger_fail(s, "new sitting");
    }
    if (session__ensure_sitting(s) != 0) {
        return -1;
    }
    if (session__commit(s) != 0) {
        return session__ledger_fail(s, "new sitting");
    }
    return 0;
}

bool session_holds_unwritten(const struct session *s)
{
    return s->led != NULL && s->sitting == 0 &&
           (s->n_tags > 0 || s->n_early > 0);
}

const char *session_tag(const struct session *s, const char *name)
{
    const char *v = NULL;

    for (int i = 0; i < s->n_tags; i++) {
        if (strcmp(s->tag_name[i], name) == 0) {
            v = s->tag_value[i];
        }
    }
    return v;
}

const struct sitting *session_sit(const struct session *s)
{
    return s->sit;
}

int64_t session_seq(const struct session *s)
{
    return s->seq;
}
