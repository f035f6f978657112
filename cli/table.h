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

/*
 * table_prompt - the prompt for a's table into buf (n bytes): the game
 * score, the deal and its dealer, and what the table waits for from whom
 * ("A 3 - B 2 | deal 7, B deals | exchange: A discards > "); with an
 * election pending, the question ("... | L43: A chooses: replay | stand > ").
 */
void table_prompt(const struct arbiter *a, char *buf, size_t n);

/*
 * table_option_word - word typed alone at an election's prompt: when it
 * names one of the pending ruling's options (any case), *out gets it and
 * the chooser's seat is returned; else -1 (word is then an ordinary line).
 */
int table_option_word(const struct arbiter *a, const char *word,
                      enum law_option *out);

/* table_hint - what is expected now, for a refused line ("expected A to
 * play: one of KH QH, or ??") into buf (n bytes). */
void table_hint(const struct arbiter *a, char *buf, size_t n);

/* table_help - the verbs of this step with one-line meanings, the verbs of
 * any time, the table lines and the commands, printed on fp. */
void table_help(const struct arbiter *a, FILE *fp);

#define TABLE_CANDIDATES_MAX 48

/* The words tab completion offers. */
struct table_candidates {
    int n;
    char word[TABLE_CANDIDATES_MAX][24];
};

/*
 * table_complete - the words that fit at position upto of line (the word
 * being typed there is not looked at: the caller filters by its prefix)
 * into *c: the first word (seats, table lines, commands, the options of a
 * pending election), the verbs for the step after a seat, and after the
 * verb the cards the referee allows (plays, leads: arbiter_playable, and ??
 * for cards not known), the hand (discards), the options (elects).
 */
void table_complete(const struct arbiter *a, const char *line, int upto,
                    struct table_candidates *c);

/* What Tab does where the cursor is (table_completion). */
struct table_completion {
    char insert[32];            /* text to insert at the cursor, "" none */
    struct table_candidates list; /* the words to list (n 0: none) */
};

/*
 * table_completion - Tab at byte upto of line (a copy the caller owns; the
 * bytes before upto are read, no further): the word being typed there
 * (after the last space or tab) against the words table_complete offers.
 * One fits: the rest of it and a space to insert.  Several: what they
 * have beyond the typed part in common to insert, or when nothing more
 * is common, the list of them to show.  None, or a line longer than a
 * log's line may be: nothing.  Pure: no terminal, no libedit.
 */
void table_completion(const struct arbiter *a, const char *line, size_t upto,
                      struct table_completion *out);

/* A byte typed that is not text (a NUL, a byte that is not UTF-8) goes
 * through the line editor as the character U+F700 + the byte. */
#define TABLE_RAW_BASE 0xF700UL

/* Bytes read ahead by table_char_read, given again first (start with
 * n 0). */
struct table_ahead {
    int n;
    unsigned char b[4];
};

/*
 * table_char_read - one character decoded from the bytes next(ctx) gives
 * (a byte, -1 at the end, another negative on an error): UTF-8 (RFC 3629)
 * into *cp; a NUL, or a byte that neither begins nor continues a
 * well-formed character, as TABLE_RAW_BASE + the byte (the bytes after it
 * read again as what they are).  Returns 1, 0 at the end, -1 on an error.
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
