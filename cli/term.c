/* SPDX-License-Identifier: MIT */
/*
 * term.c - what reaches a terminal: the standard output and error of the
 * text commands pass through a filter that writes every character a
 * terminal would obey rather than show - a control character (C0 but tab
 * and line feed, DEL, C1) or a bidirectional control (U+061C, U+200E,
 * U+200F, U+202A to U+202E, U+2066 to U+2069) - as the six characters
 * \uXXXX.  A name read from an old ledger, a value an attacker put in a
 * row, a file name given on the command line: none can move the cursor,
 * recolour the screen or turn the text after it around.  Inside a JSON
 * string \uXXXX is the same character, so JSON Lines stay what they say.
 * A document written byte for byte (export's log, gen's log, a report to
 * standard output) takes the unfiltered stream instead.
 */
#define _GNU_SOURCE             /* fopencookie */
#include "cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* One filtered stream: its file descriptor and the bytes of a character
 * begun in one write and not ended yet. */
struct guard {
    int fd;
    unsigned char held[3];
    size_t n_held;
};

static struct guard guards[2];
static FILE *raw_out;

/* put_all - n bytes to fd, whatever it takes.  0, or -1 (errno). */
static int put_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);

        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* obeyed - the code point of the character at p (len bytes there) if a
 * terminal would obey it (see above), else 0; *width gets its bytes.  A
 * character that may go on past len: *width 0 (wait for more). */
static unsigned obeyed(const unsigned char *p, size_t len, size_t *width)
{
    unsigned c = p[0];

    *width = 1;
    if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) {
        return c;
    }
    if (c == 0xC2 || c == 0xD8) {
        if (len < 2) {
            *width = 0;
            return 0;
        }
        *width = 2;
        if (c == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {
            return p[1];                                /* C1 */
        }
        if (c == 0xD8 && p[1] == 0x9C) {
            return 0x061C;                              /* ALM */
        }
        return 0;
    }
    if (c == 0xE2) {
        unsigned cp;

        if (len < 3) {
            *width = len >= 2 && p[1] != 0x80 && p[1] != 0x81 ? 1 : 0;
            return 0;
        }
        *width = 3;
        cp = ((c & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
        if (cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
            (cp >= 0x2066 && cp <= 0x2069)) {
            return cp;
        }
        return 0;
    }
    return 0;
}

/* plain_run - how many bytes from p (len bytes there) a terminal shows as
 * they are, each alone: printable ASCII, tab and line feed, and the bytes
 * of UTF-8 but the first bytes of a character obeyed() may find (0xC2,
 * 0xD8, 0xE2).  obeyed() gives 0 and width 1 for each: taken as a run,
 * the text of a deal line costs a copy, not a call a byte. */
static size_t plain_run(const unsigned char *p, size_t len)
{
    size_t i = 0;

    while (i < len) {
        unsigned c = p[i];

        if (c < 0x20 ? c != '\t' && c != '\n'
                     : c == 0x7F || c == 0xC2 || c == 0xD8 || c == 0xE2) {
            break;
        }
        i++;
    }
    return i;
}

/* guard_write - fopencookie's write: buf filtered to the descriptor. */
static ssize_t guard_write(void *cookie, const char *buf, size_t size)
{
    struct guard *g = cookie;
    unsigned char all[4096 + 3];
    char out[6 * sizeof(all)];
    size_t done = 0;

    while (done < size) {
        size_t take = size - done > 4096 ? 4096 : size - done;
        size_t n = g->n_held;
        size_t i = 0;
        size_t k = 0;

        memcpy(all, g->held, n);
        memcpy(all + n, buf + done, take);
        n += take;
        g->n_held = 0;
        while (i < n) {
            size_t width = plain_run(all + i, n - i);
            unsigned cp;

            if (width > 0) {
                memcpy(out + k, all + i, width);
                k += width;
                i += width;
                continue;
            }
            cp = obeyed(all + i, n - i, &width);

            if (width == 0) {
                /* a character cut by the end of this write */
                g->n_held = n - i;
                memcpy(g->held, all + i, g->n_held);
                break;
            }
            if (cp != 0) {
                k += (size_t)snprintf(out + k, sizeof(out) - k, "\\u%04X",
                                      cp);
            } else {
                memcpy(out + k, all + i, width);
                k += width;
            }
            i += width;
        }
        if (put_all(g->fd, out, k) != 0) {
            return -1;
        }
        done += take;
    }
    return (ssize_t)size;
}

/* guard_close - fopencookie's close: what is held, written as it is. */
static int guard_close(void *cookie)
{
    struct guard *g = cookie;
    int rc = put_all(g->fd, (const char *)g->held, g->n_held);

    g->n_held = 0;
    return rc;
}

int term_guard(void)
{
    cookie_io_functions_t io = {.write = guard_write, .close = guard_close};
    FILE *out;
    FILE *err;

    if (raw_out != NULL) {
        return 0;
    }
    fflush(stdout);
    fflush(stderr);
    raw_out = fdopen(dup(fileno(stdout)), "w");
    guards[0].fd = fileno(stdout);
    guards[1].fd = fileno(stderr);
    out = fopencookie(&guards[0], "w", io);
    err = fopencookie(&guards[1], "w", io);
    if (raw_out == NULL || out == NULL || err == NULL) {
        if (out != NULL) {
            fclose(out);
        }
        if (err != NULL) {
            fclose(err);
        }
        if (raw_out != NULL) {
            fclose(raw_out);
        }
        raw_out = NULL;
        return -1;
    }
    /* as the streams were: a terminal line by line, a file in blocks,
     * the errors at once */
    setvbuf(out, NULL, isatty(fileno(stdout)) ? _IOLBF : _IOFBF, BUFSIZ);
    setvbuf(err, NULL, _IONBF, 0);
    stdout = out;
    stderr = err;
    return 0;
}

FILE *term_raw_stdout(void)
{
    if (raw_out != NULL) {
        fflush(stdout);         /* what was said before comes first */
        return raw_out;
    }
    return stdout;
}
