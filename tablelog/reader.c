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
#include <sys/stat.h>

#define BLOCK_SIZE 65536        /* bytes of a regular file read at once */
#define DROP_MAX (TL_LINE_MAX * 256) /* bytes of a line too long dropped
                                   before the rest of the input is given
                                   up (a device, a binary file) */

struct tl_reader {
    FILE *fp;                   /* borrowed */
    char *block;                /* a regular file's bytes read ahead (owned),
                                   NULL: fp is read a byte at a time */
    size_t pos;                 /* the next byte of block to take */
    size_t len;                 /* the bytes in block */
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

/* is_regular - is fp a regular file (whose bytes are all there: reading
 * ahead waits for nobody)?  Not a pipe, a terminal, a memory stream. */
static bool is_regular(FILE *fp)
{
    struct stat st;
    int fd = fileno(fp);

    return fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

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
    if (is_regular(fp) && (r->block = malloc(BLOCK_SIZE)) == NULL) {
        tl_reader_close(r);
        return -1;
    }
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
    free(r->block);
    free(r);
}

/*
 * read_bytes - the next line of r->fp, a byte at a time, into r->raw (its
 * first TL_LINE_MAX + 1 bytes), up to and including its '\n' and not a
 * byte further: standard input is read as it is typed.  Returns the bytes
 * kept, or -1 at end of input, -2 on a read error.  Sets *too_long if
 * there were more (they are read and dropped, DROP_MAX at most), r->at_eof
 * and r->cut as the input ends.
 */
static long read_bytes(struct tl_reader *r, bool *too_long)
{
    size_t n = 0;
    size_t dropped = 0;
    bool any = false;
    int c;

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
            return (long)n;
        }
        any = true;
        if (c == '\n') {
            break;
        }
        if (n < TL_LINE_MAX + 1) {
            r->raw[n++] = (char)c;
        } else {
            *too_long = true;
            if (++dropped > DROP_MAX) {
                /* no line end in sight: give up on the rest of the input
                 * rather than read forever */
                r->at_eof = true;
                break;
            }
        }
    }
    funlockfile(r->fp);
    return (long)n;
}

/*
 * read_block - read_bytes for a regular file, from the block read ahead:
 * the line end found with memchr and the line copied at once (a byte at a
 * time through the stream was a sixth of reading a log).  The same lines,
 * lengths and flags as read_bytes.
 */
static long read_block(struct tl_reader *r, bool *too_long)
{
    size_t n = 0;
    size_t dropped = 0;
    bool any = false;

    for (;;) {
        const char *s = r->block + r->pos;
        size_t avail = r->len - r->pos;
        const char *lf = memchr(s, '\n', avail);
        size_t take = lf != NULL ? (size_t)(lf - s) : avail;
        size_t keep = take;

        if (keep > TL_LINE_MAX + 1 - n) {
            keep = TL_LINE_MAX + 1 - n;
        }
        memcpy(r->raw + n, s, keep);
        n += keep;
        dropped += take - keep;
        any = any || avail > 0;
        if (dropped > 0) {
            *too_long = true;
        }
        if (dropped > DROP_MAX) {
            r->at_eof = true;   /* as read_bytes: the rest given up */
            return (long)n;
        }
        if (lf != NULL) {
            r->pos += take + 1;
            return (long)n;
        }
        r->pos = 0;
        r->len = fread(r->block, 1, BLOCK_SIZE, r->fp);
        if (r->len == 0) {
            if (ferror(r->fp)) {
                return -2;
            }
            r->at_eof = true;
            if (!any) {
                return -1;
            }
            r->cut = true;
            return (long)n;
        }
    }
}

/*
 * read_raw - the next line of r->fp into r->raw, up to and including its
 * '\n' (a regular file read ahead in blocks, any other stream not a byte
 * further).  Returns the length kept (line end and a CR before it
 * removed), or -1 at end of input, -2 on a read error.  Sets *too_long if
 * the line had more than TL_LINE_MAX bytes (the rest of it is read and
 * dropped).
 */
static long read_raw(struct tl_reader *r, bool *too_long)
{
    long got;
    size_t n;

    *too_long = false;
    got = r->block != NULL ? read_block(r, too_long)
                           : read_bytes(r, too_long);
    if (got < 0) {
        return got;
    }
    n = (size_t)got;
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
