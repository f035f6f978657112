/* SPDX-License-Identifier: MIT */
/*
 * session_run.c - running a log: read a line at a time and take each (a
 * tag, a `=` line, an action; importing, deal by deal), or hold it while
 * it is not yet known which sitting the input continues; at the end of
 * the log, what is left of its last deal.
 */
#include "session/session_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* One line of a log                                                    */
/* ------------------------------------------------------------------ */

/* What the sitting has of a tag read (tag_seen). */
enum tag_seen {
    TAG_NEW,                    /* nothing, or a descriptive tag given
                                   again with another value (kept) */
    TAG_SAME,                   /* the same value (a resumed log repeats
                                   its tags; a repeat changes nothing) */
    TAG_CONTRARY                /* another value, for a tag that names a
                                   player, sets the rules or dates the
                                   sitting (the log contradicts itself) */
};

/* tag_seen - has the sitting this tag already? */
static enum tag_seen tag_seen(const struct session *s,
                              const struct tl_line *line)
{
    /* a player's name, the rules, and the day that places the sitting
     * in the season (standings) */
    static const char *const binding[] = {"A", "B", "Laws", "Target",
                                          "Stakes", "Rubber", "Format",
                                          "Stake", "Date"};

    for (int i = 0; i < s->n_tags; i++) {
        if (strcmp(s->tag_name[i], line->tag_name) != 0) {
            continue;
        }
        if (strcmp(s->tag_value[i], line->tag_value) == 0) {
            return TAG_SAME;
        }
        for (size_t k = 0; k < sizeof(binding) / sizeof(binding[0]); k++) {
            if (strcmp(binding[k], line->tag_name) == 0) {
                return TAG_CONTRARY;
            }
        }
    }
    return TAG_NEW;
}

/* sets_rules - does the tag name set the rules (the arbiter's tags)? */
static bool sets_rules(const char *name)
{
    return strcmp(name, "Laws") == 0 || strcmp(name, "Target") == 0 ||
           strcmp(name, "Stakes") == 0 || strcmp(name, "Rubber") == 0 ||
           strcmp(name, "Format") == 0 || strcmp(name, "Stake") == 0;
}

/* value_column - the column, in characters, of a tag line's value (the
 * character after its first quote) in raw; 1 where raw has none. */
static int value_column(const char *raw)
{
    const char *q = raw != NULL ? strchr(raw, '"') : NULL;

    return q == NULL ? 1 : tl_column(raw, strlen(raw), (int)(q - raw) + 2);
}

/* handle_tag - a tag line: kept for the sitting, or checked against the
 * tags of the sitting resumed.  Returns 0, CLI_E_INPUT (a tag that
 * contradicts the sitting's, or does not read; printed) or -1 (out of
 * memory). */
static int handle_tag(struct session *s, const struct tl_line *line)
{
    enum tag_seen seen = tag_seen(s, line);

    if (seen == TAG_SAME) {
        return 0;               /* resuming: the same tag as recorded */
    }
    if (seen == TAG_NEW && s->n_tags >= TL_TAGS_MAX) {
        session__say(s, SESSION_MSG_ERROR, "%s:%d:1: expected at most %d tags in a sitting, "
                        "found one more, [%s]\n",
                s->name, line->line_no, TL_TAGS_MAX, line->tag_name);
        return CLI_E_INPUT;
    }
    if (seen == TAG_CONTRARY) {
        session__say(s, SESSION_MSG_ERROR, "%s:%d:%d: expected one value for [%s], found "
                        "a second, \"%s\"\n",
                s->name, line->line_no, value_column(s->cur_raw),
                line->tag_name, line->tag_value);
        return CLI_E_INPUT;
    }
    if (s->sitting > 0 && s->seq > 0) {
        /* a sitting resumed: its rules were fixed at its first action;
         * another tag (an Event named late at the table) is kept */
        if (!sets_rules(line->tag_name)) {
            int rc = 0;

            if (s->hold_tags) {
                /* with the log's next action: a log refused before it
                 * adds nothing to the sitting */
                rc = session__add_tag(s, line);
                s->tags_held += rc == 0;
                return rc;
            }
            if (s->led != NULL &&
                ledger_tag_add(s->led, s->sitting, line->tag_name,
                               line->tag_value) != 0) {
                return session__ledger_fail(s, "tag");
            }
            return session__add_tag(s, line);
        }
        session__say(s, SESSION_MSG_ERROR, "%s:%d:1: expected the rules of sitting %lld as "
                        "recorded, found a new tag [%s \"%s\"]\n",
                s->name, line->line_no, (long long)s->sitting,
                line->tag_name, line->tag_value);
        return CLI_E_INPUT;
    }
    /* a value the rules refuse: at the value */
    if (arbiter_set_tag(s->arb, line->tag_name, line->tag_value) != 0) {
        session__say(s, SESSION_MSG_ERROR, "%s:%d:%d: %s\n", s->name, line->line_no,
                value_column(s->cur_raw), arbiter_errmsg(s->arb));
        return CLI_E_INPUT;
    }
    if (sitting_set_tag(s->sit, line->tag_name, line->tag_value) != 0) {
        session__say(s, SESSION_MSG_ERROR, "%s:%d:%d: %s\n", s->name, line->line_no,
                value_column(s->cur_raw), sitting_errmsg(s->sit));
        return CLI_E_INPUT;
    }
    if (s->sitting > 0 && s->led != NULL &&
        ledger_tag_add(s->led, s->sitting, line->tag_name,
                       line->tag_value) != 0) {
        /* the sitting was written before its first action
         * (session_begin_sitting): its tags go with it as they come */
        return session__ledger_fail(s, "tag");
    }
    return session__add_tag(s, line);
}

/*
 * ends_hand - does the referee take line (a `deal` or `game` line) while
 * the hand is in progress: a deal out of turn made void by the right
 * dealer's deal line (L14), a game conceded by a player who left and
 * whom nobody replaced (CH3, BY6)?  Tried on copies of the referee and
 * the sitting; nothing of the session changes.  False if out of memory.
 */
static bool ends_hand(struct session *s, const struct tl_line *line)
{
    /* the copies are the session's, made once: a broken log asks often */
    if (s->probe_ap == NULL &&
        (s->probe_ap = malloc(sizeof(*s->probe_ap))) == NULL) {
        return false;
    }
    if ((s->probe == NULL && arbiter_open(&s->probe) != 0) ||
        (s->probe_sit == NULL && sitting_open(&s->probe_sit) != 0)) {
        return false;
    }
    arbiter_copy(s->probe, s->arb);
    sitting_copy(s->probe_sit, s->sit);
    arbiter_set_line(s->probe, line->line_no);
    return apply_line(s->probe_sit, s->probe, line, s->probe_ap) == 0;
}

/*
 * session__handle_line - take one line of the log: a tag, a `=` line, an
 * action (importing: deal by deal, a broken deal quarantined).  Returns 0
 * to go on, CLI_E_INPUT (a line that cannot be read or cannot be true,
 * not importing; printed) or -1 (ledger, memory; reported) to stop.
 */
int session__handle_line(struct session *s, const struct input_line *in)
{
    const struct tl_line *line = in->tl;
    int rc;

    if (in->got < 0 && s->import) {
        if (session__import_start(s, in->line_no) != 0) {
            return -1;
        }
        if (session__raw_add(s, in->raw, in->line_no) != 0) {
            return -1;
        }
        if (!s->skipping) {
            snprintf(s->error, sizeof(s->error), "%s", in->error);
            session__deal_broken(s);
        }
        return 0;
    }
    if (in->got < 0) {
        session__say(s, SESSION_MSG_ERROR, "%s\n", in->error);
        return CLI_E_INPUT;
    }
    s->cur_raw = in->raw;
    if (line->kind == TL_BLANK) {
        /* a comment line (the reader gives no other blank line): no
         * action, not in a deal's raw text */
        return s->import && s->skipping
                   ? 0 : session__keep_comment(s, line, in->raw);
    }
    if (s->import && line->kind != TL_TAG) {
        if (session__import_start(s, in->line_no) != 0) {
            return -1;
        }
        if (session__starts_deal(line) && !s->skipping &&
            arbiter_hand_in_progress(s->arb) && s->raw_len > 0 &&
            !ends_hand(s, line)) {
            /* the deal read so far never finished: it is not readable */
            snprintf(s->error, sizeof(s->error),
                     "%s:%d:1: expected the rest of deal %d or \"end\", "
                     "found %s",
                     s->name, line->line_no, arbiter_deal_number(s->arb),
                     event_verb(line->ev.kind));
            session__deal_broken(s);
        }
        if (session__starts_deal(line) &&
            session__deal_boundary(s, line->line_no - 1) != 0) {
            return -1;
        }
    }
    if (s->import) {
        if (session__raw_add(s, in->raw, in->line_no) != 0) {
            return -1;
        }
        if (s->skipping) {
            return 0;
        }
    }
    if (line->kind == TL_TAG) {
        bool fresh = tag_seen(s, line) == TAG_NEW;

        rc = handle_tag(s, line);
        if (rc == 0 && line->comment_len > 0 && (fresh || !s->resumed)) {
            rc = session__keep_comment(s, line, in->raw);
        }
        return rc;
    }
    if (claims_is_claim(line)) {
        if (session__keep_claim(s, line) != 0) {
            return -1;
        }
        session__claim_line(s, line);
        s->marks_after++;
        return session__keep_comment(s, line, in->raw);
    }
    if (line->kind != TL_EVENT) {
        return 0;
    }
    s->raw_now = in->raw;
    rc = session__take_action(s, line);
    s->raw_now = NULL;
    if (rc == CLI_E_INPUT && s->import) {
        session__deal_broken(s);
        return 0;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Running a log                                                        */
/* ------------------------------------------------------------------ */

/*
 * end_of_log - the log read by rd has ended (rc: how the run went so
 * far): what is left of its last deal (importing, a deal cut short is
 * quarantined; otherwise noted), the import's last deal and its end
 * written, and a deal whose points wait for an election noted.  Returns
 * rc, or -1 if rc was 0 and the ledger (reported) or the memory failed.
 */
static int end_of_log(struct session *s, const struct tl_reader *rd, int rc)
{
    if (rc == 0 && !s->skipping && arbiter_hand_in_progress(s->arb) &&
        arbiter_deal_number(s->arb) > 0) {
        if (s->import && s->raw_len > 0) {
            /* the log stops in the middle of a deal: it cannot be read */
            snprintf(s->error, sizeof(s->error),
                     "%s:%d:1: expected the rest of deal %d or \"end\", "
                     "found the end of the log",
                     s->name, tl_reader_line(rd), arbiter_deal_number(s->arb));
            session__deal_broken(s);
        } else if (!s->quiet) {
            char text[200];

            snprintf(text, sizeof(text),
                     "the log ends in the middle of deal %d: no score for it "
                     "yet (record resumes it)",
                     arbiter_deal_number(s->arb));
            session__emit_note(s, s->name, tl_reader_line(rd), text);
        }
    }
    if (s->import && rc == 0 &&
        session__deal_boundary(s, tl_reader_line(rd)) != 0) {
        rc = -1;
    }
    if (s->import && rc == 0 &&
        session__import_finish(s, tl_reader_line(rd)) != 0) {
        rc = -1;
    }
    if (rc == 0) {
        claims_end_deal(s->claims);
        s->last = NULL;
        if (s->held_deal != 0 && !s->quiet &&
            !arbiter_hand_in_progress(s->arb)) { /* (a replay is a hand) */
            char text[200];

            snprintf(text, sizeof(text),
                     "the log ends with the points of deal %d waiting for "
                     "the election on the pending ruling",
                     s->held_deal);
            session__emit_note(s, s->name, tl_reader_line(rd), text);
        }
    }
    return rc;
}

int session_run(struct session *s, FILE *fp, const char *name,
                int *exit_out)
{
    struct tl_reader *rd = NULL;
    struct tl_line line;
    int rc = 0;

    s->name = name;
    s->hold_tags = true;
    s->tags_held = 0;
    s->deciding = s->led != NULL && s->mode == COMMIT_PER_ACTION &&
                  s->resume != RESUME_NEW && s->sitting == 0;
    if (s->led != NULL && s->mode == COMMIT_PER_ACTION &&
        s->resume == RESUME_NEW && s->sitting == 0) {
        s->announce_new = true;
    }
    *exit_out = EXIT_BAD_INPUT;
    if (tl_reader_open(&rd, fp, name) != 0) {
        session__say(s, SESSION_MSG_ERROR, "ecarte: out of memory\n");
        return -1;
    }
    tl_reader_set_whole_lines(rd, s->whole_lines);
    tl_reader_set_comments(rd, s->led != NULL); /* kept in the ledger */
    for (;;) {
        struct input_line in;
        int got = tl_reader_next(rd, &line);

        if (got == 0) {
            break;
        }
        if (got == -2) {
            session__say(s, SESSION_MSG_ERROR, "%s: read error\n", name);
            rc = CLI_E_INPUT;
            break;
        }
        in.got = got;
        in.line_no = got > 0 ? line.line_no : tl_reader_line(rd);
        in.raw = tl_reader_raw(rd);
        in.error = tl_reader_error(rd);
        in.tl = &line;
        if (s->skip_to > 0 && in.line_no <= s->skip_to) {
            continue;           /* taken in before an interruption */
        }
        rc = s->deciding ? session__decide_line(s, &in)
                         : session__handle_line(s, &in);
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && s->deciding) {
        rc = s->n_input_events > 0 ? session__decide(s, s->n_input_events, true)
                                   : session__drain(s, 0);
    }
    rc = end_of_log(s, rd, rc);
    tl_reader_close(rd);
    if (rc == 0 && s->tags_held > 0 && s->sitting > 0) {
        /* a log of tags alone on a resumed sitting, read whole */
        if (session__begin(s) != 0) {
            rc = session__ledger_fail(s, "begin");
        } else {
            rc = session__write_held_tags(s);
        }
    } else if (rc == 0 && session_holds_unwritten(s) && s->import) {
        /* an imported log of tags and comments with no action: its
         * sitting is made with them, as a table left before any action
         * makes it (nothing read is lost; imported again, the file's
         * hash knows it) */
        if (session__begin(s) != 0) {
            rc = session__ledger_fail(s, "begin");
        } else {
            rc = session__ensure_sitting(s);
        }
    } else if (rc == 0 && session_holds_unwritten(s)) {
        /* recorded: a sitting is made at its first action, tags and
         * comments with it (a log cut short after its tags goes on in
         * the sitting its whole log makes), and this is said */
        session__say(s, SESSION_MSG_NOTICE, "ecarte: %s: no action read: "
                     "nothing recorded (a sitting is made at its first "
                     "action, with the tags and comments before it)\n",
                     s->name);
    }
    s->hold_tags = false;
    s->tags_held = 0;
    if (session__commit(s) != 0 && rc == 0) {
        rc = session__ledger_fail(s, "commit");
    }
    if (rc == 0) {
        *exit_out = s->findings > 0 || s->quarantined > 0 ? EXIT_FINDINGS
                                                          : EXIT_FINE;
    }
    return rc;
}
