/* SPDX-License-Identifier: MIT */
/*
 * output_sink.c - the session's sink of the command line: what a session
 * reports (notes, rulings, deals, games, marks, findings) printed through
 * an output (cli/output.c) as text or JSON Lines; its errors and notices
 * on standard error.
 */
#include "cli/cli.h"

#include <string.h>

#include <stdio.h>

/* ------------------------------------------------------------------ */
/* The session's sink                                                   */
/* ------------------------------------------------------------------ */

static void sink_note(void *ctx, const char *source, int line,
                      const char *text)
{
    output_note(ctx, source, line, text);
}

static void sink_ruling(void *ctx, const char *source, int line, int deal,
                        const struct ruling *r, const char *words,
                        const char *previews)
{
    output_ruling(ctx, source, line, deal, r, words, previews);
}

static void sink_sit_ruling(void *ctx, const char *source, int line,
                            int deal, const struct sit_ruling *r,
                            const char *words)
{
    output_sit_ruling(ctx, source, line, deal, r, words);
}

static void sink_deal(void *ctx, const char *source, int line,
                      const struct arb_deal_result *d, const int score[2])
{
    output_deal(ctx, source, line, d, score);
}

static void sink_game(void *ctx, const char *source, int line,
                      const struct arb_game_result *g)
{
    output_game(ctx, source, line, g);
}

static void sink_game_reopened(void *ctx, const char *source, int line,
                               int game, enum arb_reopen why)
{
    output_game_reopened(ctx, source, line, game, why);
}

static void sink_mark(void *ctx, const char *source, int line,
                      const struct sit_mark *m)
{
    output_mark(ctx, source, line, m);
}

static void sink_finding(void *ctx, const char *source, int line,
                         const char *kind, const char *expected,
                         const char *found, const char *message)
{
    output_finding(ctx, source, line, kind, expected, found, message);
}

static void sink_quarantine(void *ctx, const char *source, const char *why)
{
    output_quarantine(ctx, source, why);
}

const char *cli_program = "ecarte";

/* sink_message - an error or a notice of the session: on standard
 * error, named by the program ("ecarte record: "): the session's own
 * "ecarte: " becomes the command's name, a message about a line of a
 * log ("club.ecarte:12:5: expected ...") gets it in front. */
static void sink_message(void *ctx, enum session_msg kind, const char *text)
{
    (void)ctx;
    (void)kind;
    if (strncmp(text, "ecarte: ", 8) == 0) {
        fprintf(stderr, "%s: %s\n", cli_program, text + 8);
    } else {
        fprintf(stderr, "%s: %s\n", cli_program, text);
    }
}

struct session_sink output_session_sink(struct output *o)
{
    struct session_sink sink = {
        .ctx = o,
        .note = o != NULL ? sink_note : NULL,
        .ruling = o != NULL ? sink_ruling : NULL,
        .sit_ruling = o != NULL ? sink_sit_ruling : NULL,
        .deal = o != NULL ? sink_deal : NULL,
        .game = o != NULL ? sink_game : NULL,
        .game_reopened = o != NULL ? sink_game_reopened : NULL,
        .mark = o != NULL ? sink_mark : NULL,
        .finding = o != NULL ? sink_finding : NULL,
        .message = sink_message,
        .quarantine = o != NULL ? sink_quarantine : NULL,
    };

    return sink;
}

int session_open_out(struct session **out, struct ledger *l,
                     struct output *o, enum commit_mode mode)
{
    struct session_sink sink = output_session_sink(o);

    return session_open(out, l, &sink, mode);
}
