/* SPDX-License-Identifier: MIT */
/*
 * reader.c - the stream reader: the lines of a log one at a time from a
 * FILE (standard input as it is typed), with what spans lines: a line
 * too long or cut short, a byte-order mark, tags only before the first
 * action, and messages "NAME:LINE:COL: ...".
 */
#include "tablelog/tablelog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tl_reader {
    FILE *fp;                   /* borrowed */
    char *name;                 /* owned copy, for messages */
    int line_no;                /* last line read */
    bool in_actions;            /* an action or `=` line has been read */
    bool at_eof;                /* end of input seen */
    bool whole_lines;           /* a last line needs its line end */
    bool cut;                   /* the last line had none */
    bool comments;              /* comment lines are read too */
    size_t msg_size;            /* size of msg */
    char *msg;                  /* "NAME:LINE:COL: expected ..." */
    char raw[TL_LINE_MAX + 2];  /* the last line, without its end (one
                                   byte more to see a CR before LF) */
};

int tl_reader_open(struct tl_reader **out, FILE *fp, const char *name)
{
    struct tl_reader *r = NULL;
    size_t name_len = strlen(name);

    r = calloc(1, sizeof(*r));
    if (r == NULL) {
        return -1;
    }
    r->name = malloc(name_len + 1);
    r->msg_size = name_len + TL_MSG_MAX + 64;
    r->msg = malloc(r->msg_size);
    if (r->name == NULL || r->msg == NULL) {
        free(r->name);
        free(r->msg);
        free(r);
        return -1;
    }
    memcpy(r->name, name, name_len + 1);
    r->msg[0] = '\0';
    r->fp = fp;
    *out = r;
    return 0;
}

void tl_reader_set_whole_lines(struct tl_reader *r, bool on)
{
    r->whole_lines = on;
}

void tl_reader_set_comments(struct tl_reader *r, bool on)
{
    r->comments = on;
}

void tl_reader_close(struct tl_reader *r)
{
    if (r == NULL) {
        return;
    }
    free(r->name);
    free(r->msg);
    free(r);
}

/*
 * read_raw - the next line of r->fp into r->raw, up to and including its
 * '\n' and not a byte further.  Returns the length kept (line end and a
 * CR before it removed), or -1 at end of input, -2 on a read error.  Sets
 * *too_long if the line had more than TL_LINE_MAX bytes (the rest of it is
 * read and dropped).
 */
static long read_raw(struct tl_reader *r, bool *too_long)
{
    size_t n = 0;
    size_t dropped = 0;
    bool any = false;
    int c;

    *too_long = false;
    flockfile(r->fp);           /* one lock per line, not per byte */
    for (;;) {
        c = getc_unlocked(r->fp);
        if (c == EOF) {
            bool failed = ferror(r->fp) != 0;

            funlockfile(r->fp);
            if (failed) {
                return -2;
            }
            r->at_eof = true;
            if (!any) {
                return -1;
            }
            r->cut = true;
            goto out_line;
        }
        any = true;
        if (c == '\n') {
            break;
        }
        if (n < TL_LINE_MAX + 1) {
            r->raw[n++] = (char)c;
        } else {
            *too_long = true;
            if (++dropped > TL_LINE_MAX * 256) {
                /* no line end in sight (a device, a binary file): give up
                 * on the rest of the input rather than read forever */
                r->at_eof = true;
                break;
            }
        }
    }
    funlockfile(r->fp);
out_line:
    if (!*too_long && n > 0 && r->raw[n - 1] == '\r') {
        n--;
    }
    if (n > TL_LINE_MAX) {
        *too_long = true;
        n = TL_LINE_MAX;
    }
    r->raw[n] = '\0';
    return (long)n;
}

/* set_error - "NAME:LINE:COL: msg" into r->msg, col the byte column of
 * the line in r->raw, said in characters (tl_column). */
static void set_error(struct tl_reader *r, int col, const char *msg)
{
    snprintf(r->msg, r->msg_size, "%s:%d:%d: %s", r->name, r->line_no,
             tl_column(r->raw, strnlen(r->raw, sizeof(r->raw)), col), msg);
}

int tl_reader_next(struct tl_reader *r, struct tl_line *out)
{
    struct tl_error err;

    for (;;) {
        const char *text = r->raw;
        bool too_long;
        long n;

        if (r->at_eof) {
            return 0;
        }
        n = read_raw(r, &too_long);
        if (n == -2) {
            snprintf(r->msg, r->msg_size, "%s:%d: read error: %s", r->name,
                     r->line_no + 1, strerror(errno));
            return -2;
        }
        if (n < 0) {
            r->raw[0] = '\0';
            return 0;
        }
        r->line_no++;
        if (r->cut && r->whole_lines) {
            set_error(r, (int)n + 1, "expected the end of the line, found "
                      "the end of the input (a line cut short is not "
                      "taken)");
            return -1;
        }
        if (too_long) {
            char msg[TL_MSG_MAX];

            snprintf(msg, sizeof(msg), "expected a line of at most %d "
                     "bytes, found a longer line", TL_LINE_MAX);
            set_error(r, TL_LINE_MAX + 1, msg);
            return -1;
        }
        if (r->line_no == 1 && n >= 3
            && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
            memmove(r->raw, r->raw + 3, (size_t)n - 2);
            n -= 3;
        }
        if (tl_parse_line(text, (size_t)n, r->line_no, out, &err) < 0) {
            set_error(r, err.col, err.msg);
            return -1;
        }
        switch (out->kind) {
        case TL_BLANK:
            if (r->comments && out->comment_len > 0) {
                return 1;       /* a comment line, kept in its place */
            }
            continue;
        case TL_TAG:
            if (r->in_actions) {
                const char *bracket = strchr(text, '[');

                set_error(r, bracket != NULL ? (int)(bracket - text) + 1 : 1,
                          "expected an action, found a tag");
                return -1;
            }
            return 1;
        default:
            r->in_actions = true;
            return 1;
        }
    }
}

const char *tl_reader_error(const struct tl_reader *r)
{
    return r->msg;
}

const char *tl_reader_raw(const struct tl_reader *r)
{
    return r->raw;
}

int tl_reader_line(const struct tl_reader *r)
{
    return r->line_no;
}
