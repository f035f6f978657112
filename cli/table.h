/* SPDX-License-Identifier: MIT */
/*
 * table.h - `ecarte table`, the live referee at a club table: its words
 * (table_words.c: prompt, hints, help, completion) and its loop (table.c).
 */
#ifndef ECARTE_CLI_TABLE_H
#define ECARTE_CLI_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arbiter/arbiter.h"
#include "cli/cli.h"
#include "session/session.h"

/* A byte typed that is not text (a NUL, a byte that is not UTF-8) goes
 * through the line editor as the character U+F700 + the byte. */
#define TABLE_RAW_BASE 0xF700UL

/* Bytes read ahead by table_char_read, given again first (start with
 * n 0). */
struct table_ahead {
    int n;
    int raw;                    /* the first raw of b[] are given raw */
    unsigned char b[8];
};

/*
 * table_char_read - one character decoded from the bytes next(ctx) gives
 * (a byte, -1 at the end, another negative on an error): UTF-8 (RFC 3629)
 * into *cp; a NUL, or a byte that neither begins nor continues a
 * well-formed character, as TABLE_RAW_BASE + the byte (the bytes after it
 * read again as what they are); a well-formed character that falls in
 * TABLE_RAW_BASE .. + 0xFF itself (a private-use character typed) as its
 * bytes, each so, that it comes back as typed (ahead->raw counts those
 * still to give).  Returns 1, 0 at the end, -1 on an error.
 * Pure but for next.
 */
int table_char_read(int (*next)(void *ctx), void *ctx,
                    struct table_ahead *ahead, unsigned long *cp);

/*
 * table_line_bytes - the line the editor gives back (n bytes: the UTF-8
 * of its characters) as it was typed, into out (n + 1 bytes): each
 * TABLE_RAW_BASE + b made the byte b again.  Returns its length; out is
 * NUL-terminated (the line may hold NULs of its own).
 */
size_t table_line_bytes(const char *s, size_t n, char *out);

/* The line editor of the table (table_edit.c, on libedit's histedit.h). */
struct table_editor;

/* table_editor_open - a line editor on the terminal of standard input
 * and output, named prog (for libedit's editrc).  Returns 0 and *out
 * (owned: table_editor_close), -1 if libedit could not start. */
int table_editor_open(struct table_editor **out, const char *prog);

/* table_editor_close - free ed (NULL is fine). */
void table_editor_close(struct table_editor *ed);

/* table_editor_set_arbiter - the referee whose table Tab completes from
 * (borrowed; NULL: Tab does nothing). */
void table_editor_set_arbiter(struct table_editor *ed,
                              const struct arbiter *a);

/* table_editor_set_sitting - the sitting (persons, format) whose lines
 * Tab completes too (borrowed until the next line is taken; NULL: the
 * seats' lines only). */
void table_editor_set_sitting(struct table_editor *ed,
                              const struct sitting *sit);

/*
 * table_editor_read - show prompt (borrowed until the call returns) and
 * read one line: its bytes as typed, without the line end (a NUL or a
 * byte that is not UTF-8 kept, for the reader to refuse) into *line
 * (owned by ed until the next call) and their number into *len.  Returns
 * 1 for a line, 0 at the end of input (Ctrl-D), -1 when a signal stopped
 * the read (Ctrl-C: the line typed is dropped), -2 out of memory.
 */
int table_editor_read(struct table_editor *ed, const char *prompt,
                      const char **line, size_t *len);

/* table_editor_remember - text (a line taken) into the history. */
void table_editor_remember(struct table_editor *ed, const char *text);

/* cmd_table - `ecarte table [--db FILE] [--laws SPEC] [--new]`; the exit
 * status. */
int cmd_table(int argc, char **argv);

#endif
