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

/* stand_at - the session made to stand where sitting stands in the
 * ledger (replayed) and to go on with it; *line_no gets the number of its
 * last line.  Returns as session_go_on. */
static int stand_at(struct session *s, int64_t sitting, int *line_no)
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

int session_go_on(struct session *s, int64_t sitting, int *line_no)
{
    return stand_at(s, sitting, line_no);
}

/* keep_footing - before a line is taken at a table whose sitting has no
 * row yet: the referee and the sitting as they stand, kept to go back to
 * (take_back).  Returns 0, -1 if out of memory (said). */
static int keep_footing(struct session *s)
{
    if ((s->before == NULL && arbiter_open(&s->before) != 0) ||
        (s->before_sit == NULL && sitting_open(&s->before_sit) != 0)) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: out of memory\n");
        return -1;
    }
    arbiter_copy(s->before, s->arb);
    sitting_copy(s->before_sit, s->sit);
    return 0;
}

/*
 * take_back - the ledger refused the line just given (its transaction
 * rolled back): the session is made to stand again exactly where the
 * ledger stands.  A sitting the ledger held before the line (sitting) is
 * replayed from it, with whatever another writer recorded into it
 * meanwhile; a sitting whose row the line was to write goes back to the
 * referee kept before it (keep_footing), with no row.  If the ledger
 * cannot be read again, the session takes nothing more (lost_footing).
 */
static void take_back(struct session *s, int64_t sitting)
{
    int line_no = 0;

    if (s->led == NULL) {
        return;
    }
    if (sitting > 0) {
        if (stand_at(s, sitting, &line_no) != 0) {
            s->lost_footing = true;
        }
        return;
    }
    arbiter_copy(s->arb, s->before);
    sitting_copy(s->sit, s->before_sit);
    s->sitting = 0;
    memset(s->game, 0, sizeof(s->game));
    memset(s->deal, 0, sizeof(s->deal));
    s->seq = 0;
    s->last_event_id = 0;
}

enum take_status session_take_text(struct session *s, const char *text,
                                   size_t len, const char *stamp,
                                   int line_no)
{
    struct tl_line line;
    struct tl_error err;
    struct input_line in;
    char why[TL_MSG_MAX + 64];
    char own[TL_LINE_MAX + 1];
    int64_t sitting = s->sitting;
    int rc;

    if (s->lost_footing) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: ledger: the sitting "
                     "could not be read again after a line it refused: "
                     "nothing more is taken (start again to go on)\n");
        return TAKE_FAILED;
    }
    s->deciding = false;
    s->typed = true;
    in.line_no = line_no;
    in.tl = &line;
    if (len > TL_LINE_MAX) {
        snprintf(why, sizeof(why), "%s:%d:%d: expected a line of at most %d "
                 "bytes, found a longer line", s->name, line_no,
                 TL_LINE_MAX + 1, TL_LINE_MAX);
        in.raw = text;
        in.got = -1;
        in.error = why;
    } else if (tl_parse_line(text, len, line_no, &line, &err) != 0) {
        snprintf(why, sizeof(why), "%s:%d:%d: %s", s->name, err.line,
                 tl_column(text, len, err.col), err.msg);
        in.raw = text;
        in.got = -1;
        in.error = why;
    } else {
        /* the line's own text, ended where it ends: what reads it after
         * the reader (a refusal's column) sees no line end or more of a
         * body beyond it */
        memcpy(own, text, len);
        own[len] = '\0';
        in.raw = own;
        in.got = 1;
        in.error = NULL;
        if (stamp != NULL && line.stamp[0] == '\0' && line.kind == TL_EVENT) {
            snprintf(line.stamp, sizeof(line.stamp), "%s", stamp);
        }
    }
    if (in.got > 0 && sitting == 0 && s->led != NULL &&
        keep_footing(s) != 0) {
        return TAKE_FAILED;
    }
    rc = session__handle_line(s, &in);
    s->cur_raw = NULL;
    if (rc == CLI_E_INPUT) {
        return TAKE_REFUSED;
    }
    if (rc == 0 && session__commit(s) != 0) {
        rc = session__ledger_fail(s, "commit");
    }
    if (rc != 0) {
        take_back(s, sitting);
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
