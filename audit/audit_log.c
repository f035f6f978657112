/* SPDX-License-Identifier: MIT */
/*
 * audit_log.c - an exported log held against the ledger it came from:
 * its actions line by line, in canonical text, up to the head its
 * [Chain] tag names, then its tags against the sitting's (a kept export
 * proves the events and the sealed tags alike).  The verdict says where
 * they part; the front door words it (cli/cmd_verify.c).
 */
#include "audit/audit.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "ledger/ledger.h"
#include "tablelog/tablelog.h"

/* The events of an exported log, compared with the ledger's. */
struct log_check {
    struct ledger *l;
    FILE *fp;
    struct tl_reader *rd;
    const char *name;
    char head[LEDGER_HASH_HEX];
    int64_t sitting;
    int64_t from;               /* id of the first event exported */
    bool started;               /* the first log event was found */
    bool done;                  /* the head was reached */
    bool head_seen;             /* the sitting has an event with the head's
                                   hash (scanned for after a difference) */
    int bad_line;               /* first log line that differs, 0 none */
    char want[TL_LINE_MAX];     /* what the ledger has there */
    int64_t compared;
};

/* next_event_line - the next event line of the log, canonical text into
 * buf; 0 at the end. */
static int next_event_line(struct log_check *lc, char *buf, size_t n,
                           int *line_no)
{
    struct tl_line line;
    int got;

    while ((got = tl_reader_next(lc->rd, &line)) != 0) {
        if (got == -2) {
            return 0;           /* a read error: no more lines */
        }
        if (got < 0) {
            *line_no = tl_reader_line(lc->rd);
            snprintf(buf, n, "(unreadable)");
            return 1;
        }
        if (line.kind == TL_EVENT) {
            tl_format_line(&line, buf, n);
            *line_no = line.line_no;
            return 1;
        }
    }
    return 0;
}

/* is_head - is ev the event whose whole hash is the exported head?  Its
 * hash as stored must begin the head; then, if it is stored cut short,
 * its whole hash is computed (a ledger that does not chain there is not
 * what was exported). */
static bool is_head(struct log_check *lc, const struct ledger_event *ev)
{
    char whole[LEDGER_HASH_HEX];

    if (!ledger_hash_stored_is(ev->hash, lc->head)) {
        return false;
    }
    return strlen(ev->hash) == 64 ||
           (ledger_event_hash_full(lc->l, ev, whole) == 0 &&
            strcmp(whole, lc->head) == 0);
}

/* compare_event - a ledger event of the exported sitting
 * (ledger_events_foreach) against the export's next action line.
 * Returns 0 to go on, 1 once the head is reached or, after a difference
 * or the log's end, once an event with the head's hash has been seen (lc
 * says which): a sitting without it was not what was exported. */
static int compare_event(void *vctx, const struct ledger_event *ev)
{
    struct log_check *lc = vctx;
    char text[TL_LINE_MAX];
    int line_no = 0;
    bool head = is_head(lc, ev);

    if (head) {
        lc->head_seen = true;
    }
    if (lc->done || lc->bad_line != 0) {
        return lc->head_seen ? 1 : 0; /* after a difference: look for the
                                         head, to tell a foreign export */
    }
    if (ev->id < lc->from) {
        return 0;               /* before the exported part (--game) */
    }
    if (!next_event_line(lc, text, sizeof(text), &line_no)) {
        if (!lc->done) {
            lc->bad_line = -1;
            snprintf(lc->want, sizeof(lc->want), "%s", ev->text);
        }
        return lc->head_seen ? 1 : 0;
    }
    lc->started = true;
    lc->compared++;
    if (strcmp(text, ev->text) != 0) {
        lc->bad_line = line_no;
        snprintf(lc->want, sizeof(lc->want), "%s", ev->text);
        return lc->head_seen ? 1 : 0;
    }
    if (head) {
        lc->done = true;
        return 1;
    }
    return 0;
}

/* chain_number - the decimal digits at *p (at least one, no sign, no
 * leading zero but "0" itself) as *out, *p moved past them; false if
 * there are none or too many. */
static bool chain_number(const char **p, int64_t *out)
{
    const char *s = *p;
    int64_t v = 0;
    int n = 0;

    while (s[n] >= '0' && s[n] <= '9') {
        if (n >= 18 || (n == 1 && s[0] == '0')) {
            return false;
        }
        v = v * 10 + (s[n] - '0');
        n++;
    }
    if (n == 0) {
        return false;
    }
    *out = v;
    *p = s + n;
    return true;
}

/* chain_value - the value of a [Chain] tag, exactly as export writes it:
 * "sitting=N from=ID head=HASH", HASH 64 lower-case hex digits and
 * nothing after it; its parts into *sitting, *from and head (65 bytes). */
static bool chain_value(const char *v, int64_t *sitting, int64_t *from,
                        char *head)
{
    const char *p = v;

    if (strncmp(p, "sitting=", 8) != 0) {
        return false;
    }
    p += 8;
    if (!chain_number(&p, sitting) || *sitting < 1 ||
        strncmp(p, " from=", 6) != 0) {
        return false;
    }
    p += 6;
    if (!chain_number(&p, from) || strncmp(p, " head=", 6) != 0) {
        return false;
    }
    p += 6;
    for (int i = 0; i < 64; i++) {
        if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f'))) {
            return false;
        }
    }
    if (p[64] != '\0' ||
        (*from == 0) != (strspn(p, "0") >= 64)) {
        return false;           /* no action exported: the genesis head */
    }
    memcpy(head, p, 64);
    head[64] = '\0';
    return true;
}

/* read_chain_tag - the [Chain "..."] tag of an exported log: head hash,
 * sitting and first event.  Returns 0, AUDIT_LOG_NO_EXPORT if the log has
 * none before its first action, AUDIT_LOG_BAD_CHAIN if the first it has
 * is not of export's form (its line into *line, its value into found,
 * n bytes). */
static int read_chain_tag(FILE *fp, const char *name, char *head,
                          int64_t *sitting, int64_t *from, int *line,
                          char *found, size_t n)
{
    struct tl_reader *rd = NULL;
    struct tl_line tl;
    int got;
    int rc = AUDIT_LOG_NO_EXPORT;

    if (tl_reader_open(&rd, fp, name) != 0) {
        return AUDIT_LOG_NO_EXPORT;
    }
    while ((got = tl_reader_next(rd, &tl)) != 0) {
        if (got < 0 || tl.kind != TL_TAG) {
            if (got > 0 && tl.kind == TL_EVENT) {
                break;
            }
            continue;
        }
        if (strcmp(tl.tag_name, "Chain") == 0) {
            if (chain_value(tl.tag_value, sitting, from, head)) {
                rc = 0;
            } else {
                rc = AUDIT_LOG_BAD_CHAIN;
                *line = tl.line_no;
                snprintf(found, n, "%s", tl.tag_value);
            }
            break;
        }
    }
    tl_reader_close(rd);
    return rc;
}

/* The tags of an export, as read (its [Chain] tag left out). */
struct log_tags {
    int n;
    int bad;                    /* the first tag that differs, 1-based */
    int line;                   /* its line in the log */
    char want[TL_LINE_MAX];     /* what the ledger has there */
    char (*name)[TL_TAG_NAME_MAX];
    char (*value)[TL_TAG_VALUE_MAX];
    int line_of[TL_TAGS_MAX];
    int at;                     /* ledger tags seen so far */
};

/* tag_against_log - one tag of the ledger's sitting held against the
 * export's tag in the same place. */
static int tag_against_log(void *vctx, const char *name, const char *value)
{
    struct log_tags *t = vctx;
    int i = 0;

    if (t->bad != 0 || strcmp(name, "Chain") == 0) {
        /* a [Chain] tag the sitting was given (an earlier export taken
         * in) is not exported: aside on both sides */
        return 0;
    }
    i = t->at++;
    if (i >= t->n || strcmp(t->name[i], name) != 0 ||
        strcmp(t->value[i], value) != 0) {
        t->bad = i + 1;
        t->line = i < t->n ? t->line_of[i] : (t->n > 0 ? t->line_of[t->n - 1]
                                                       : 1);
        snprintf(t->want, sizeof(t->want), "[%s \"%s\"]", name, value);
    }
    return 0;
}

/*
 * compare_tags - the export's tags (every tag before its first action,
 * the [Chain] tag aside) against the tags the ledger holds for the
 * sitting, in order: a kept export proves the sealed rows too.  Returns
 * 0 (the same), 1 (a difference, in *v), -1 (cannot be read).
 */
static int compare_tags(struct ledger *l, FILE *fp, const char *log,
                        int64_t sitting, struct audit_log_verdict *v)
{
    static char names[TL_TAGS_MAX][TL_TAG_NAME_MAX];
    static char values[TL_TAGS_MAX][TL_TAG_VALUE_MAX];
    struct log_tags t;
    struct tl_reader *rd = NULL;
    struct tl_line line;
    int got;

    memset(&t, 0, sizeof(t));
    t.name = names;
    t.value = values;
    rewind(fp);
    if (tl_reader_open(&rd, fp, log) != 0) {
        return -1;
    }
    while ((got = tl_reader_next(rd, &line)) == 1) {
        if (line.kind == TL_EVENT) {
            break;
        }
        if (line.kind != TL_TAG || strcmp(line.tag_name, "Chain") == 0 ||
            t.n >= TL_TAGS_MAX) {
            continue;
        }
        snprintf(names[t.n], sizeof(names[0]), "%s", line.tag_name);
        snprintf(values[t.n], sizeof(values[0]), "%s", line.tag_value);
        t.line_of[t.n++] = line.line_no;
    }
    tl_reader_close(rd);
    rewind(fp);
    if (ledger_tags_foreach(l, sitting, tag_against_log, &t) != 0) {
        return -1;
    }
    if (t.bad == 0 && t.at < t.n) {
        t.bad = t.at + 1;
        t.line = t.line_of[t.at];
        snprintf(t.want, sizeof(t.want), "no more tags");
    }
    if (t.bad != 0) {
        v->kind = AUDIT_LOG_TAGS_DIFFER;
        v->line = t.line;
        snprintf(v->want, sizeof(v->want), "%s", t.want);
        return 1;
    }
    return 0;
}

/* against_no_action - the verdict on an export of a sitting with no
 * action (from=0, the genesis head: a table opened and left): the
 * sitting exists, the log has no action, and its tags are the sitting's
 * (what the sitting recorded since is after the head, as for any export).
 * Returns 0 or -1 (the ledger failed). */
static int against_no_action(struct ledger *l, FILE *fp, const char *name,
                             struct log_check *lc, struct audit_log_verdict *v)
{
    char text[TL_LINE_MAX];
    int line_no = 0;
    int exists = ledger_sitting_exists(l, lc->sitting);

    if (exists < 0) {
        return -1;
    }
    if (exists == 0) {
        v->kind = AUDIT_LOG_HEAD_MISSING;
        return 0;
    }
    if (tl_reader_open(&lc->rd, fp, name) != 0) {
        return -1;
    }
    if (next_event_line(lc, text, sizeof(text), &line_no)) {
        v->kind = AUDIT_LOG_DIFFERS;
        v->line = line_no;
        snprintf(v->want, sizeof(v->want), "nothing: the [Chain] tag names "
                 "no action (from=0)");
    }
    tl_reader_close(lc->rd);
    lc->rd = NULL;
    if (v->line != 0) {
        return 0;
    }
    v->kind = AUDIT_LOG_MATCHES;
    return compare_tags(l, fp, name, lc->sitting, v) < 0 ? -1 : 0;
}

int audit_log_against(struct ledger *l, FILE *fp, const char *name,
                      struct audit_log_verdict *v)
{
    struct log_check lc;
    int rc = 0;

    memset(v, 0, sizeof(*v));
    memset(&lc, 0, sizeof(lc));
    lc.l = l;
    lc.name = name;
    lc.fp = fp;
    rc = read_chain_tag(fp, name, lc.head, &lc.sitting, &lc.from, &v->line,
                        v->want, sizeof(v->want));
    if (rc != 0) {
        return rc;
    }
    snprintf(v->head, sizeof(v->head), "%s", lc.head);
    v->sitting = lc.sitting;
    v->from = lc.from;
    rewind(fp);
    if (lc.from == 0) {
        return against_no_action(l, fp, name, &lc, v);
    }
    if (tl_reader_open(&lc.rd, fp, name) != 0 ||
        ledger_events_foreach(l, lc.sitting, compare_event, &lc) < 0) {
        tl_reader_close(lc.rd);
        return -1;
    }
    if (lc.bad_line == 0 && lc.done) {
        char extra[TL_LINE_MAX];
        int line_no = 0;

        /* nothing may follow the head: it is not in the chain */
        if (next_event_line(&lc, extra, sizeof(extra), &line_no)) {
            lc.bad_line = line_no;
            snprintf(lc.want, sizeof(lc.want),
                     "nothing: the chain head %.16s... ends before it",
                     lc.head);
        }
    }
    tl_reader_close(lc.rd);
    v->compared = lc.compared;
    v->line = lc.bad_line;
    snprintf(v->want, sizeof(v->want), "%s", lc.want);
    if (lc.bad_line != 0 && !lc.head_seen) {
        v->kind = AUDIT_LOG_FOREIGN;
    } else if (lc.bad_line > 0) {
        v->kind = AUDIT_LOG_DIFFERS;
    } else if (lc.bad_line < 0) {
        v->kind = AUDIT_LOG_CUT;
    } else if (!lc.done) {
        v->kind = AUDIT_LOG_HEAD_MISSING;
    } else {
        /* the events are the ledger's: then its tags must be too */
        v->kind = AUDIT_LOG_MATCHES;
        rc = compare_tags(l, fp, name, lc.sitting, v);
        if (rc < 0) {
            return -1;
        }
    }
    return 0;
}
