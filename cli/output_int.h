/* SPDX-License-Identifier: MIT */
/*
 * output_int.h - what the files of cli/'s output share (output.c,
 * output_merge.c): the JSON objects printed, one prepared statement each
 * (their SQL in output.c), the output's state, and the helpers that bind
 * and print one.  Private to those files.
 */
#ifndef ECARTE_CLI_OUTPUT_INT_H
#define ECARTE_CLI_OUTPUT_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <sqlite3.h>

/* The JSON objects printed, one prepared statement each. */
enum json_kind {
    J_RULING,
    J_FINDING,
    J_DEAL,
    J_GAME,
    J_GAME_REOPENED,
    J_SHEET,
    J_AUDIT,
    J_PLAYER,
    J_FLAG,
    J_STRIKE,
    J_STRIKES,
    J_TOTALS,
    J_IRREGULAR,
    J_IMPORT,
    J_IMPORT_NOT_KEPT,
    J_QUARANTINE,
    J_MARK,
    J_BALANCE,
    J_PERSON,
    J_PROOF,
    J_VERIFY,
    J_MERGED,
    J_ALREADY_HERE,
    J_MEMBER_JOIN,
    J_MEMBER_APART,
    J_CONTRADICTION,
    J_MERGE,
    J_SHEET_SITTING,
    J_SHEET_LOST,
    J_COUNT
};

struct output {
    FILE *fp;
    bool json;
    sqlite3 *db;
    sqlite3_stmt *stmt[J_COUNT];
    int last_game;              /* scoresheet: game heading printed */
    int64_t last_sitting;
    bool quiet;                 /* findings only (check --quiet) */
};

/* output__emit - step statement k (bound by the caller) and print its one
 * row, then reset it. */
void output__emit(struct output *o, enum json_kind k);

/* output__seat_text - "A", "B", or NULL for SEAT_NONE (bound as JSON
 * null); static. */
const char *output__seat_text(int s);

/* output__bind_text - t bound to parameter i of st (copied), or NULL if t
 * is NULL. */
void output__bind_text(sqlite3_stmt *st, int i, const char *t);

/* output__options_json - the option bits as a JSON array of their
 * `elects` words (fixed keywords: nothing to escape) into buf (n bytes);
 * returns buf. */
char *output__options_json(uint32_t options, char *buf, size_t n);

/* output__emitf - bind the parameters of statement k from types ('t' a
 * text, NULL as JSON null; 'i' an int; 'I' an int64_t), then emit it. */
void output__emitf(struct output *o, enum json_kind k, const char *types,
                   ...);

#endif /* ECARTE_CLI_OUTPUT_INT_H */
