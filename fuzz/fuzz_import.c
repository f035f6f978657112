/* SPDX-License-Identifier: MIT */
/*
 * fuzz_import.c - libFuzzer target: the bytes as a log imported into a
 * ledger in memory, as `ecarte import` does (a deal that cannot be read is
 * quarantined, the rest lands), then the sitting exported and the export
 * checked again with no ledger.  Invariants: the import never crashes or
 * leaks; an import that quarantined nothing exports a log that checks
 * clean (no error, no finding) with the `=` lines the export wrote.
 *
 * One ledger in memory serves every input of the process, emptied
 * (ledger_clear) before each.  make fuzz builds it; make fuzz-run runs it
 * for FUZZ_SECONDS.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/session.h"
#include "ledger/ledger.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The export, collected in memory. */
struct text {
    char *buf;
    size_t len;
    FILE *fp;
};

/* export_line - one line of the sitting as `ecarte export` writes it
 * (without its chain tag, which the check does not need). */
static int export_line(void *vctx, enum ledger_line_kind kind, int64_t game,
                       const char *text)
{
    struct text *t = vctx;

    (void)game;
    if (kind == LEDGER_LINE_TAG && strncmp(text, "[Chain ", 7) == 0) {
        return 0;
    }
    fprintf(t->fp, "%s%s\n",
            kind == LEDGER_LINE_RULING || kind == LEDGER_LINE_SCORE ||
                    kind == LEDGER_LINE_MARK
                ? "= "
                : "",
            text);
    return 0;
}

/* recheck - the export read again with no ledger; abort on an error or a
 * finding. */
static void recheck(struct text *t)
{
    struct session *s = NULL;
    FILE *fp = fmemopen(t->buf, t->len, "r");
    int exit_code = 0;

    if (fp == NULL || session_open(&s, NULL, NULL, COMMIT_PER_DEAL) != 0) {
        abort();
    }
    session_set_quiet(s, true);
    if (session_run(s, fp, "export", &exit_code) != 0 || exit_code != 0) {
        fprintf(stderr, "the export of a clean import does not check "
                        "clean (exit %d):\n%.*s\n",
                exit_code, (int)t->len, t->buf);
        abort();
    }
    session_close(s);
    fclose(fp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct ledger *led;
    struct ledger *l = NULL;
    struct session *s = NULL;
    FILE *in;
    int exit_code = 0;
    int64_t sitting;
    struct text t = {0};

    if (size == 0 || (in = fmemopen((void *)(uintptr_t)data, size, "r")) ==
                         NULL) {
        return 0;
    }
    /* one ledger in memory for the process, emptied for each input: a
     * new one costs its schema and statements every time */
    if (led == NULL && ledger_open(&led, ":memory:", LEDGER_FAST) != 0) {
        abort();
    }
    if (ledger_clear(led) != 0) {
        fprintf(stderr, "ledger_clear: %s\n", ledger_errmsg(led));
        abort();
    }
    l = led;
    if (session_open(&s, l, NULL, COMMIT_PER_DEAL) != 0) {
        abort();
    }
    session_set_quiet(s, true);
    session_set_import(s, NULL, NULL);
    (void)session_run(s, in, "fuzz", &exit_code);
    sitting = session_sitting(s);
    if (sitting > 0 && session_quarantined(s) == 0 && exit_code == 0) {
        t.fp = open_memstream(&t.buf, &t.len);
        if (t.fp == NULL ||
            ledger_lines_foreach(l, sitting, 0, export_line, &t) != 0) {
            abort();
        }
        fclose(t.fp);
        recheck(&t);
        free(t.buf);
    }
    session_close(s);
    fclose(in);
    return 0;
}
