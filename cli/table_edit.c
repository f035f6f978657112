/* SPDX-License-Identifier: MIT */
/*
 * table_edit.c - the table's line editor, on libedit's own interface
 * (histedit.h): the prompt, the history, Tab completion from the referee
 * and the bytes typed.  The line is only ever read through el_line() and
 * copied at once, so nothing here holds a pointer into libedit's buffers
 * (its readline emulation's rl_line_buffer could be left pointing at
 * memory it had freed).  The bytes are read here, not by libedit, so that
 * a NUL or a byte that is not UTF-8 reaches the referee as it was typed
 * and is refused with the words `record` gives, rather than dropped: such
 * a byte travels through libedit as a character of the private use area
 * (U+F700 + the byte) and is turned back into itself when the line is
 * taken.
 */
#include "cli/table.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <histedit.h>


struct table_editor {
    EditLine *el;
    History *hist;
    const char *prompt;         /* borrowed for the read in hand */
    const struct arbiter *arb;  /* what completion asks */
    const struct sitting *sit;  /* the persons and format, or NULL */
    int fd;                     /* where the bytes come from */
    struct table_ahead ahead;   /* bytes read ahead */
    bool interrupted;           /* set by the caller's SIGINT handler */
    char *line;                 /* the last line taken, its bytes */
    size_t cap;
};

/* ------------------------------------------------------------------ */
/* Bytes in                                                             */
/* ------------------------------------------------------------------ */

/* next_byte - one byte from the terminal: the byte, -1 at the end of
 * input, -2 on an error (EINTR: Ctrl-C). */
static int next_byte(void *vctx)
{
    struct table_editor *ed = vctx;
    unsigned char b;
    ssize_t n = read(ed->fd, &b, 1);

    if (n == 1) {
        return b;
    }
    return n == 0 ? -1 : -2;
}

/* utf8_need - how many continuation bytes lead byte b wants, and the
 * range the first of them must lie in (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF); -1 for a byte that cannot lead. */
static int utf8_need(int b, int *lo, int *hi)
{
    *lo = 0x80;
    *hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
        return 1;
    }
    if (b >= 0xE0 && b <= 0xEF) {
        *lo = b == 0xE0 ? 0xA0 : 0x80;
        *hi = b == 0xED ? 0x9F : 0xBF;
        return 2;
    }
    if (b >= 0xF0 && b <= 0xF4) {
        *lo = b == 0xF0 ? 0x90 : 0x80;
        *hi = b == 0xF4 ? 0x8F : 0xBF;
        return 3;
    }
    return -1;
}

/* ahead_byte - the next byte: one read ahead first, else from next. */
static int ahead_byte(int (*next)(void *ctx), void *ctx,
                      struct table_ahead *ahead)
{
    int b;

    if (ahead->n == 0) {
        return next(ctx);
    }
    b = ahead->b[0];
    ahead->n--;
    memmove(ahead->b, ahead->b + 1, (size_t)ahead->n);
    return b;
}

int table_char_read(int (*next)(void *ctx), void *ctx,
                    struct table_ahead *ahead, unsigned long *cp)
{
    unsigned char seen[3];
    int b;
    int lo;
    int hi;
    int need;
    unsigned long v;

    if (ahead->raw > 0) {
        ahead->raw--;
        *cp = TABLE_RAW_BASE + (unsigned long)ahead_byte(next, ctx, ahead);
        return 1;
    }
    b = ahead_byte(next, ctx, ahead);
    if (b == -1) {
        return 0;
    }
    if (b < 0) {
        return -1;
    }
    if (b > 0 && b < 0x80) {
        *cp = (unsigned long)b;
        return 1;
    }
    need = b == 0 ? -1 : utf8_need(b, &lo, &hi);
    if (need < 0) {
        *cp = TABLE_RAW_BASE + (unsigned long)b;
        return 1;
    }
    v = (unsigned long)b & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07);
    for (int i = 0; i < need; i++) {
        int c = ahead_byte(next, ctx, ahead);

        if (c < 0 || c < lo || c > hi) {
            /* not a continuation: the lead byte stands alone, and those
             * read after it are read again as what they are */
            int k = 0;
            unsigned char keep[4];

            for (int j = 0; j < i; j++) {
                keep[k++] = seen[j];
            }
            if (c >= 0) {
                keep[k++] = (unsigned char)c;
            }
            memmove(ahead->b + k, ahead->b, (size_t)ahead->n);
            memcpy(ahead->b, keep, (size_t)k);
            ahead->n += k;
            *cp = TABLE_RAW_BASE + (unsigned long)b;
            return 1;
        }
        seen[i] = (unsigned char)c;
        v = (v << 6) | ((unsigned long)c & 0x3F);
        lo = 0x80;
        hi = 0xBF;
    }
    if (v >= TABLE_RAW_BASE && v <= TABLE_RAW_BASE + 0xFF) {
        /* a character typed in the range that stands for raw bytes: given
         * as its own bytes, each raw, so that it comes back as typed and
         * is never read as the byte it would stand for */
        memmove(ahead->b + need, ahead->b, (size_t)ahead->n);
        memcpy(ahead->b, seen, (size_t)need);
        ahead->n += need;
        ahead->raw += need;
        *cp = TABLE_RAW_BASE + (unsigned long)b;
        return 1;
    }
    *cp = v;
    return 1;
}

/* getc_fn - libedit's character reader (EL_GETCFN): table_char_read on
 * the terminal's bytes.  1 with *wc, 0 at the end of input, -1 on an
 * error (errno: EINTR for Ctrl-C). */
static int getc_fn(EditLine *el, wchar_t *wc)
{
    struct table_editor *ed = NULL;
    unsigned long cp = 0;
    int rc;

    el_get(el, EL_CLIENTDATA, &ed);
    rc = table_char_read(next_byte, ed, &ed->ahead, &cp);
    if (rc == 1) {
        *wc = (wchar_t)cp;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* The prompt and Tab                                                   */
/* ------------------------------------------------------------------ */

/* prompt_fn - libedit's prompt (EL_PROMPT): the caller's. */
static char *prompt_fn(EditLine *el)
{
    struct table_editor *ed = NULL;

    el_get(el, EL_CLIENTDATA, &ed);
    return (char *)(ed->prompt != NULL ? ed->prompt : "> ");
}

/* list_words - the candidates, on lines under the one being typed. */
static void list_words(const struct table_candidates *c)
{
    size_t width = 0;

    fputc('\n', stdout);
    for (int i = 0; i < c->n; i++) {
        size_t w = strlen(c->word[i]) + 2;

        if (width > 0 && width + w > 78) {
            fputc('\n', stdout);
            width = 0;
        }
        printf("%s  ", c->word[i]);
        width += w;
    }
    fputc('\n', stdout);
    fflush(stdout);
}

/* complete_fn - Tab (a function bound by EL_ADDFN): the line up to the
 * cursor copied out of libedit at once, bounded, and what fits there
 * inserted or listed (table_completion). */
static unsigned char complete_fn(EditLine *el, int ch)
{
    struct table_editor *ed = NULL;
    struct table_completion tc;
    const LineInfo *li = el_line(el);
    char copy[TL_LINE_MAX];
    size_t upto;

    (void)ch;
    el_get(el, EL_CLIENTDATA, &ed);
    if (li == NULL || ed == NULL || ed->arb == NULL) {
        return CC_ERROR;
    }
    upto = (size_t)(li->cursor - li->buffer);
    if (upto >= sizeof(copy)) {
        return CC_ERROR;        /* longer than a line may be: nothing */
    }
    memcpy(copy, li->buffer, upto);
    copy[upto] = '\0';
    li = NULL;                  /* not to be read again */
    table_completion_sitting(ed->arb, ed->sit, copy, upto, &tc);
    if (tc.insert[0] != '\0') {
        return el_insertstr(el, tc.insert) == 0 ? CC_REFRESH : CC_ERROR;
    }
    if (tc.list.n > 0) {
        list_words(&tc.list);
        return CC_REDISPLAY;
    }
    return CC_ERROR;            /* a beep: nothing fits */
}

/* ------------------------------------------------------------------ */
/* The editor                                                           */
/* ------------------------------------------------------------------ */

int table_editor_open(struct table_editor **out, const char *prog)
{
    struct table_editor *ed = calloc(1, sizeof(*ed));
    HistEvent ev;

    *out = NULL;
    if (ed == NULL) {
        return -1;
    }
    ed->fd = fileno(stdin);
    /* libedit drives the terminal by its descriptor: the stream itself,
     * not the filter that escapes what the program prints (term.c) */
    ed->el = el_init(prog, stdin, term_raw_stdout(), term_raw_stdout());
    ed->hist = history_init();
    if (ed->el == NULL || ed->hist == NULL) {
        table_editor_close(ed);
        return -1;
    }
    history(ed->hist, &ev, H_SETSIZE, 1000);
    el_set(ed->el, EL_CLIENTDATA, ed);
    el_set(ed->el, EL_EDITOR, "emacs");
    el_set(ed->el, EL_PROMPT, prompt_fn);
    el_set(ed->el, EL_HIST, history, ed->hist);
    el_set(ed->el, EL_GETCFN, getc_fn);
    el_set(ed->el, EL_ADDFN, "ecarte-complete",
           "complete the word from what the referee allows", complete_fn);
    el_set(ed->el, EL_BIND, "^I", "ecarte-complete", NULL);
    *out = ed;
    return 0;
}

void table_editor_close(struct table_editor *ed)
{
    if (ed == NULL) {
        return;
    }
    if (ed->el != NULL) {
        el_end(ed->el);
    }
    if (ed->hist != NULL) {
        history_end(ed->hist);
    }
    free(ed->line);
    free(ed);
}

void table_editor_set_arbiter(struct table_editor *ed,
                              const struct arbiter *a)
{
    ed->arb = a;
}

void table_editor_set_sitting(struct table_editor *ed,
                              const struct sitting *sit)
{
    ed->sit = sit;
}

size_t table_line_bytes(const char *s, size_t n, char *out)
{
    size_t k = 0;

    for (size_t i = 0; i < n; i++) {
        unsigned char b0 = (unsigned char)s[i];

        if (b0 == 0xEF && i + 2 < n) {
            unsigned long cp = ((unsigned long)(b0 & 0x0F) << 12) |
                               ((unsigned long)((unsigned char)s[i + 1] &
                                                0x3F) << 6) |
                               ((unsigned char)s[i + 2] & 0x3F);

            if (cp >= TABLE_RAW_BASE && cp <= TABLE_RAW_BASE + 0xFF) {
                out[k++] = (char)(cp - TABLE_RAW_BASE);
                i += 2;
                continue;
            }
        }
        out[k++] = (char)b0;
    }
    out[k] = '\0';
    return k;
}

/* take_bytes - the line libedit gives (n bytes) into ed->line, as typed
 * (table_line_bytes); its length into *len.  Returns 0 or -1 (out of
 * memory). */
static int take_bytes(struct table_editor *ed, const char *s, size_t n,
                      size_t *len)
{
    if (n + 1 > ed->cap) {
        char *p = realloc(ed->line, n + 1);

        if (p == NULL) {
            return -1;
        }
        ed->line = p;
        ed->cap = n + 1;
    }
    *len = table_line_bytes(s, n, ed->line);
    return 0;
}

int table_editor_read(struct table_editor *ed, const char *prompt,
                      const char **line, size_t *len)
{
    const char *s;
    int count = 0;
    size_t n;

    ed->prompt = prompt;
    errno = 0;
    s = el_gets(ed->el, &count);
    if (s == NULL || count <= 0) {
        if (count < 0 && errno == EINTR) {
            el_reset(ed->el);
            return -1;          /* Ctrl-C */
        }
        return 0;
    }
    n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r')) {
        n--;
    }
    if (take_bytes(ed, s, n, len) != 0) {
        return -2;
    }
    *line = ed->line;
    return 1;
}

void table_editor_remember(struct table_editor *ed, const char *text)
{
    HistEvent ev;

    history(ed->hist, &ev, H_ENTER, text);
}
