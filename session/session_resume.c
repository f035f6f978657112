/* SPDX-License-Identifier: MIT */
/*
 * session_resume.c - recording: which sitting the input continues.  The
 * lines read are held while the input repeats what sittings of the same
 * source (or the one named) recorded; once it goes beyond one, differs
 * from all or ends, the sitting is resumed (replayed, the repeated
 * actions skipped) or a new one begun, and the held lines are taken.
 */
#include "session/session_int.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define INPUT_TAGS_MAX 64       /* tags of the input kept while deciding */

/* hold - keep a line read while deciding.  Returns 0, -1 if out of
 * memory. */
static int hold(struct session *s, const struct input_line *in)
{
    if (s->n_held == s->cap_held) {
        int cap = s->cap_held > 0 ? s->cap_held * 2 : 64;
        void *p = realloc(s->held, sizeof(*s->held) * (size_t)cap);

        if (p == NULL) {
            return -1;
        }
        s->held = p;
        s->cap_held = cap;
    }
    s->held[s->n_held].line_no = in->line_no;
    s->held[s->n_held].raw = strdup(in->raw);
    if (s->held[s->n_held].raw == NULL) {
        return -1;
    }
    s->n_held++;
    return 0;
}

/* input_tag_add - a tag of the input, kept while deciding. */
static int input_tag_add(struct session *s, const struct tl_line *line)
{
    void *p;

    if (s->n_input_tags == INPUT_TAGS_MAX) {
        return 0;
    }
    p = realloc(s->input_tag,
                sizeof(*s->input_tag) * (size_t)(s->n_input_tags + 1));
    if (p == NULL) {
        return -1;
    }
    s->input_tag = p;
    snprintf(s->input_tag[s->n_input_tags][0], TL_TAG_VALUE_MAX, "%.*s",
             TL_TAG_NAME_MAX - 1, line->tag_name);
    snprintf(s->input_tag[s->n_input_tags][1], TL_TAG_VALUE_MAX, "%.*s",
             TL_TAG_VALUE_MAX - 1, line->tag_value);
    s->n_input_tags++;
    return 0;
}

/* Does a sitting carry every tag of the input (name and value)? */
struct tags_check {
    const struct session *s;
    bool *found;
};

/* tag_found - a tag of a sitting (ledger_tags_foreach): the input's tags
 * with the same name and value are found.  Returns 0. */
static int tag_found(void *vctx, const char *name, const char *value)
{
    struct tags_check *tc = vctx;

    for (int i = 0; i < tc->s->n_input_tags; i++) {
        if (strcmp(tc->s->input_tag[i][0], name) == 0 &&
            strcmp(tc->s->input_tag[i][1], value) == 0) {
            tc->found[i] = true;
        }
    }
    return 0;
}

/* tags_fit - *fit: has sitting every tag the input gave?  Returns 0, or
 * a ledger error (negative; not reported). */
static int tags_fit(struct session *s, int64_t sitting, bool *fit)
{
    bool found[INPUT_TAGS_MAX];
    struct tags_check tc = { s, found };
    int rc;

    *fit = false;
    memset(found, 0, sizeof(found));
    rc = ledger_tags_foreach(s->led, sitting, tag_found, &tc);
    if (rc != 0) {
        return rc < 0 ? rc : -1;
    }
    for (int i = 0; i < s->n_input_tags; i++) {
        if (!found[i]) {
            return 0;
        }
    }
    *fit = true;
    return 0;
}

struct gather_ctx {
    struct session *s;
    bool failed;
};

/* gathered - a sitting the input may continue (ledger_sittings_find),
 * made a candidate (an imported one is not, unless named).  Returns 0,
 * 1 out of memory (gc->failed). */
static int gathered(void *vctx, const struct ledger_sitting_info *si)
{
    struct gather_ctx *gc = vctx;
    struct session *s = gc->s;
    void *p;

    if (si->imported && s->resume == RESUME_AUTO) {
        return 0;               /* an imported log is not resumed by record */
    }
    p = realloc(s->cand, sizeof(*s->cand) * (size_t)(s->n_cand + 1));
    if (p == NULL) {
        gc->failed = true;
        return 1;
    }
    s->cand = p;
    memset(&s->cand[s->n_cand], 0, sizeof(s->cand[0]));
    s->cand[s->n_cand].id = si->id;
    s->cand[s->n_cand].n_events = si->n_events;
    s->cand[s->n_cand].deal_open = si->deal_open;
    s->n_cand++;
    return 0;
}

/* compare - the input's k-th event (canonical text) against each living
 * candidate's k-th recorded event: a difference kills it.  Returns 0 or
 * -1 (ledger). */
static int compare(struct session *s, int64_t k, const char *text,
                   int line_no)
{
    char want[TL_LINE_MAX];

    for (int i = 0; i < s->n_cand; i++) {
        struct candidate *c = &s->cand[i];
        int rc;

        if (c->dead || k > c->n_events) {
            continue;
        }
        rc = ledger_event_text(s->led, c->id, k, want, sizeof(want));
        if (rc == LEDGER_E_NOTFOUND) {
            c->n_events = k - 1;        /* shorter than it said */
            continue;
        }
        if (rc != 0) {
            return session__ledger_fail(s, "read the sitting");
        }
        if (strcmp(want, text) != 0) {
            c->dead = true;
            c->bad_line = line_no;
            snprintf(c->want, sizeof(c->want), "%s", want);
        }
    }
    return 0;
}

/* session__drain - take the lines held: tags always, the actions (and
 * `=` lines) up to the skip-th action are those already recorded, the
 * rest are new.  Returns 0, or what session__handle_line returns to
 * stop. */
int session__drain(struct session *s, int64_t skip)
{
    int64_t events = 0;
    int rc = 0;
    int i;

    s->deciding = false;
    for (i = 0; i < s->n_held && rc == 0; i++) {
        struct tl_line line;
        struct tl_error err;
        struct input_line in;
        const char *raw = s->held[i].raw;

        if (tl_parse_line(raw, strlen(raw), s->held[i].line_no, &line,
                          &err) != 0) {
            continue;           /* cannot be: the reader read it */
        }
        if (line.kind != TL_TAG && events < skip) {
            if (line.kind == TL_EVENT) {
                events++;
            }
            continue;
        }
        in.got = 1;
        in.line_no = s->held[i].line_no;
        in.raw = raw;
        in.error = "";
        in.tl = &line;
        rc = session__handle_line(s, &in);
    }
    for (i = 0; i < s->n_held; i++) {
        free(s->held[i].raw);
    }
    s->n_held = 0;
    return rc;
}

/* start_new - the input continues no sitting: a new one, said so.
 * Returns -1 if out of memory, or as session__drain. */
static int start_new(struct session *s, const char *why)
{
    if (session__reset_table(s) != 0) {
        return -1;
    }
    if (why != NULL) {
        session__say(s, SESSION_MSG_NOTICE, "ecarte: %s: %s: its lines go into a new sitting\n",
                s->name, why);
    }
    s->announce_new = true;
    return session__drain(s, 0);
}

/* resume_at - the input continues sitting id, whose first skip actions
 * it repeats: replay the sitting, then take the rest.  Returns 0,
 * CLI_E_INPUT (the sitting no longer replays, or grew meanwhile;
 * printed), -1 (ledger; reported) or what session__drain returns. */
static int resume_at(struct session *s, int64_t id, int64_t n_events,
                     int64_t skip)
{
    int64_t replayed = 0;
    int rc = session__replay_sitting(s, id, &replayed);

    if (rc != 0) {
        return rc;
    }
    if (skip > 0 && replayed != n_events) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: %s: another ecarte recorded into sitting "
                        "%lld meanwhile; run again to resume after it\n",
                s->name, (long long)id);
        return CLI_E_INPUT;
    }
    s->resumed = true;
    if (skip > 0 && session__comments_resume(s) != 0) {
        return -1;              /* its comments there are read again */
    }
    session__say(s, SESSION_MSG_NOTICE, "ecarte: %s: resuming sitting %lld: %lld action(s) "
                    "recorded, %lld of them read again and skipped\n",
            s->name, (long long)id, (long long)replayed, (long long)skip);
    return session__drain(s, skip);
}

/* accepts - continuing: does sitting id, as it stands, take ev as its
 * next action in the middle of a deal, and as a regular one (an action
 * the laws rule on is more likely another table's first)?  The answer
 * into *ok (yes: the session then stands where the sitting stands).
 * Returns 0, or as session__replay_sitting, or -1 out of memory. */
static int accepts(struct session *s, int64_t id, const struct tl_line *ev,
                   bool *ok)
{
    struct arbiter *probe = NULL;
    struct sitting *sit = NULL;
    struct applied *ap = NULL;
    int rc = session__replay_sitting(s, id, NULL);

    *ok = false;
    if (rc != 0) {
        return rc;
    }
    if (!arbiter_hand_in_progress(s->arb)) {
        return 0;
    }
    if (arbiter_open(&probe) != 0 || sitting_open(&sit) != 0) {
        arbiter_close(probe);
        return -1;
    }
    arbiter_copy(probe, s->arb);
    sitting_copy(sit, s->sit);
    ap = &s->acts[s->cur];      /* not s->last: a scratch result */
    *ok = apply_line(sit, probe, ev, ap) == 0 && ap->r.n_rulings == 0 &&
          ap->s.n_rulings == 0;
    arbiter_close(probe);
    sitting_close(sit);
    return 0;
}

/* continue_open - standard input whose first action is no sitting's
 * first: the rest of a sitting interrupted in the middle of a deal (of
 * standard input, with the input's tags), the newest that takes it, into
 * *chosen (0: none).  Returns 0, or as accepts, or -1 on a ledger error
 * (reported). */
static int continue_open(struct session *s, const struct tl_line *ev,
                         int64_t *chosen)
{
    *chosen = 0;
    for (int i = s->n_cand - 1; i >= 0; i--) {
        bool fit = false;
        bool ok = false;
        int rc;

        if (tags_fit(s, s->cand[i].id, &fit) != 0) {
            return session__ledger_fail(s, "read tags");
        }
        if (!fit || s->cand[i].n_events == 0 || !s->cand[i].deal_open) {
            continue;
        }
        rc = accepts(s, s->cand[i].id, ev, &ok);
        if (rc < 0) {
            return rc;
        }
        if (ok) {
            *chosen = s->cand[i].id;
            return 0;
        }
    }
    return 0;
}

/*
 * session__decide - after the input's k-th event (at_end: the input
 * ended after k events): is it known yet which sitting the input
 * continues?  While a living candidate recorded more than k events, no;
 * then the candidate with the most recorded events is resumed, or a new
 * sitting begun (for standard input) or the run stopped (a file that
 * differs from what its sitting recorded).  Returns 0 (decided or not),
 * CLI_E_INPUT (a file that differs from its sitting, or a sitting that
 * no longer replays; printed), -1 (ledger, memory), or what
 * session__drain returns.
 */
int session__decide(struct session *s, int64_t k, bool at_end)
{
    struct candidate *best = NULL;
    struct candidate *longer = NULL;
    struct candidate *dead = NULL;
    bool stdin_log = strcmp(s->name, "-") == 0;

    for (int i = 0; i < s->n_cand; i++) {
        struct candidate *c = &s->cand[i];

        if (c->dead) {
            if (c->bad_line > 0 &&
                (dead == NULL || c->bad_line > dead->bad_line)) {
                dead = c;
            }
        } else if (c->n_events > k) {
            longer = c;
        } else if (best == NULL || c->n_events >= best->n_events) {
            best = c;
        }
    }
    if (longer != NULL && !at_end) {
        return 0;               /* it may go on repeating that one */
    }
    if (best != NULL && (longer == NULL || best->n_events == k)) {
        return resume_at(s, best->id, best->n_events, best->n_events);
    }
    if (longer != NULL) {
        /* the input is a part of what was recorded */
        session__say(s, SESSION_MSG_NOTICE, "ecarte: %s: every action read is already "
                        "recorded in sitting %lld: nothing new\n",
                s->name, (long long)longer->id);
        for (int j = 0; j < s->n_held; j++) {
            free(s->held[j].raw);
        }
        s->n_held = 0;
        s->deciding = false;
        s->resumed = true;
        return 0;
    }
    if (dead != NULL && (!stdin_log || s->resume == RESUME_SITTING)) {
        session__say(s, SESSION_MSG_ERROR, "%s:%d:1: expected the action recorded for this "
                        "line when the sitting was first recorded, \"%s\", "
                        "found another (the ledger keeps what it recorded; "
                        "--new records the log as a new sitting)\n",
                s->name, dead->bad_line, dead->want);
        return CLI_E_INPUT;
    }
    if (dead != NULL) {
        char why[200];

        snprintf(why, sizeof(why), "line %d differs from sitting %lld",
                 dead->bad_line, (long long)dead->id);
        return start_new(s, why);
    }
    return start_new(s, NULL);
}

/*
 * first_event - deciding, the input's first event: gather the sittings
 * it may continue (those recorded from the same source, or the one named
 * with --sitting) and keep those whose first action it is.  May decide
 * at once.  Returns 0, CLI_E_INPUT (no such sitting, or a file whose
 * first action is not its sitting's; printed), -1 (ledger, memory;
 * reported), or what session__decide, resume_at or start_new returns.
 */
static int first_event(struct session *s, const struct tl_line *line,
                       const char *text)
{
    struct gather_ctx gc = { s, false };
    bool stdin_log = strcmp(s->name, "-") == 0;
    int alive = 0;
    int rc;

    rc = ledger_sittings_find(s->led,
                              s->resume == RESUME_SITTING ? NULL : s->name,
                              s->resume == RESUME_SITTING ? s->want_sitting
                                                          : 0,
                              gathered, &gc);
    if (gc.failed) {
        return -1;
    }
    if (rc != 0) {
        return session__ledger_fail(s, "find the sitting");
    }
    if (s->resume == RESUME_SITTING && s->n_cand == 0) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: no sitting %lld in the ledger\n",
                (long long)s->want_sitting);
        return CLI_E_INPUT;
    }
    s->any_cand = s->n_cand > 0;
    for (int i = 0; i < s->n_cand && stdin_log && s->n_input_tags > 0; i++) {
        bool fit = false;

        if (tags_fit(s, s->cand[i].id, &fit) != 0) {
            return session__ledger_fail(s, "read tags");
        }
        if (!fit) {
            s->cand[i].dead = true;     /* another table's */
        }
    }
    if (compare(s, 1, text, line->line_no) != 0) {
        return -1;
    }
    for (int i = 0; i < s->n_cand; i++) {
        if (s->cand[i].n_events == 0) {
            s->cand[i].dead = true;
            s->cand[i].bad_line = 0;
        }
        if (!s->cand[i].dead) {
            alive++;
        }
    }
    if (alive > 0) {
        if (stdin_log && isatty(0)) {
            /* typed at the table: say why nothing is printed yet */
            session__say(s, SESSION_MSG_NOTICE, "ecarte: -: these lines repeat a sitting "
                            "recorded before; they are held until they go "
                            "beyond it or differ\n");
        }
        return session__decide(s, 1, false);
    }
    /* no sitting begins with it */
    if (s->resume == RESUME_SITTING) {
        /* the rest of the sitting named: its recorded actions stand */
        return resume_at(s, s->cand[0].id, s->cand[0].n_events, 0);
    }
    if (stdin_log && s->any_cand) {
        int64_t chosen = 0;

        for (int i = 0; i < s->n_cand; i++) {
            s->cand[i].dead = false;
        }
        rc = continue_open(s, line, &chosen);
        if (rc != 0) {
            return rc;
        }
        if (chosen != 0) {
            return resume_at(s, chosen, 0, 0);
        }
        return start_new(s, "its tags and first action begin no sitting "
                            "recorded, and it continues none");
    }
    if (s->any_cand) {
        char want[TL_LINE_MAX];
        struct candidate *c = &s->cand[s->n_cand - 1];

        if (ledger_event_text(s->led, c->id, 1, want, sizeof(want)) != 0) {
            want[0] = '\0';
        }
        session__say(s, SESSION_MSG_ERROR, "%s:%d:1: expected the first action recorded for "
                        "this log in sitting %lld, \"%s\", found another "
                        "(the ledger keeps what it recorded; --new records "
                        "the log as a new sitting, --sitting ID continues "
                        "one)\n",
                s->name, line->line_no, (long long)c->id, want);
        return CLI_E_INPUT;
    }
    return start_new(s, NULL);
}

/*
 * session__decide_line - deciding: hold the line; an event is compared
 * with the candidates (and may decide).  A line that does not read
 * decides as the end of input would, then stops the run.  Returns 0, or
 * what session__handle_line and session__decide return to stop, or -1
 * (ledger, memory).
 */
int session__decide_line(struct session *s, const struct input_line *in)
{
    char text[TL_LINE_MAX];
    int rc;

    if (in->got < 0) {
        rc = s->n_input_events > 0 ? session__decide(s, s->n_input_events, true)
                                   : session__drain(s, 0);
        return rc != 0 ? rc : session__handle_line(s, in);
    }
    if (hold(s, in) != 0) {
        return -1;
    }
    if (in->tl->kind == TL_TAG) {
        return input_tag_add(s, in->tl);
    }
    if (in->tl->kind != TL_EVENT) {
        return 0;
    }
    s->n_input_events++;
    tl_format_line(in->tl, text, sizeof(text));
    if (s->n_input_events == 1) {
        return first_event(s, in->tl, text);
    }
    if (compare(s, s->n_input_events, text, in->line_no) != 0) {
        return -1;
    }
    return session__decide(s, s->n_input_events, false);
}
