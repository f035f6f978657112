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

/* cmd_table - `ecarte table [--db FILE] [--laws SPEC] [--new]`; the exit
 * status. */
int cmd_table(int argc, char **argv);

#endif
