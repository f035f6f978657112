/* SPDX-License-Identifier: MIT */
/*
 * fuzz_table.c - libFuzzer target: the bytes as keys typed at `ecarte
 * table`, a line at a time, through what the table does with them but
 * the terminal: each byte decoded as the line editor decodes it
 * (table_char_read), the characters written back as libedit gives them
 * (UTF-8) and turned into the bytes typed (table_line_bytes), Tab pressed
 * at places all along the line (table_completion, on a copy exactly as
 * long as the text before the cursor, so that ASan sees any read past
 * it), then the line taken by a session as the table takes it.
 * Invariants: the bytes come back as typed; what Tab inserts is a word's
 * rest (text, no space but the last); nothing crashes, leaks or reads
 * memory it was not given.
 *
 * make fuzz builds it; make fuzz-run runs it for FUZZ_SECONDS.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The bytes of one line, given one at a time. */
struct bytes {
    const uint8_t *p;
    size_t n;
    size_t at;
};

static int next_byte(void *vctx)
{
    struct bytes *b = vctx;

    return b->at < b->n ? b->p[b->at++] : -1;
}

/* put_utf8 - cp as UTF-8 (as libedit writes a character back) at out;
 * the bytes written. */
static size_t put_utf8(unsigned long cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* round_trip - the line's bytes through the decoder and back: the same
 * bytes, or abort. */
static void round_trip(const uint8_t *line, size_t n)
{
    struct bytes b = {line, n, 0};
    char *enc = malloc(4 * n + 1);
    char *back = malloc(4 * n + 1);
    size_t len = 0;
    struct table_ahead ahead = {0};
    unsigned long cp = 0;

    if (enc == NULL || back == NULL) {
        abort();
    }
    while (table_char_read(next_byte, &b, &ahead, &cp) == 1) {
        len += put_utf8(cp, enc + len);
    }
    if (table_line_bytes(enc, len, back) != n || memcmp(back, line, n) != 0) {
        fprintf(stderr, "the line's bytes did not come back as typed:");
        for (size_t i = 0; i < n; i++) {
            fprintf(stderr, " %02X", line[i]);
        }
        fprintf(stderr, "\n");
        abort();
    }
    free(enc);
    free(back);
}

/* tab_everywhere - Tab at places of the line (each of the first 48
 * bytes, a few further, the end), on a copy as long as the text before
 * the cursor. */
static void tab_everywhere(const struct arbiter *a, const uint8_t *line,
                           size_t n)
{
    /* every place of the first 48 bytes, then a few further, and the end
     * (where a long line's Tab once read freed memory) */
    for (size_t at = 0; at <= n;
         at = at < 48 ? at + 1 : at < n ? (at * 3 > n ? n : at * 3) : n + 1) {
        struct table_completion tc;
        char *copy = malloc(at + 1);
        size_t k;

        if (copy == NULL) {
            abort();
        }
        memcpy(copy, line, at);
        copy[at] = '\0';
        table_completion(a, copy, at, &tc);
        k = strlen(tc.insert);
        if (k >= sizeof(tc.insert) ||
            (k > 1 && memchr(tc.insert, ' ', k - 1) != NULL) ||
            tc.list.n < 0 || tc.list.n > TABLE_CANDIDATES_MAX) {
            fprintf(stderr, "Tab gave what is not a word's rest\n");
            abort();
        }
        free(copy);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct session *s = NULL;
    size_t start = 0;
    int line_no = 0;

    /* a silent sink: the refusals' words are the table's, not wanted */
    if (session_open(&s, NULL, NULL, COMMIT_PER_ACTION) != 0) {
        abort();
    }
    session_set_quiet(s, true);
    session_set_source(s, "table");
    while (start < size) {
        const uint8_t *nl = memchr(data + start, '\n', size - start);
        size_t n = nl != NULL ? (size_t)(nl - (data + start)) : size - start;
        const uint8_t *line = data + start;
        char *text = malloc(n + 1);

        if (text == NULL) {
            abort();
        }
        round_trip(line, n);
        tab_everywhere(session_arbiter(s), line, n);
        memcpy(text, line, n);
        text[n] = '\0';
        /* the table's stderr words for a refused line are not wanted */
        (void)session_take_text(s, text, n, "20:00:00", ++line_no);
        free(text);
        start += n + 1;
    }
    session_close(s);
    return 0;
}
