/* SPDX-License-Identifier: MIT */
/*
 * fuzz_arbiter.c - a libFuzzer target: bytes read as a table log through
 * the reader, the sitting layer and the referee (no SQLite), a line at a
 * time, as `ecarte check` would.  Invariants asserted after every accepted
 * action: card conservation, money summing to zero (the persons' balances
 * and the house's levy), and the canonical text of the line reads back to
 * the same text (the writer and the reader agree).  A crash, a sanitizer
 * report or an abort() here is a finding; keep its input as a test
 * (tests/fuzz/).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/arbiter.h"
#include "sitting/sitting.h"
#include "tablelog/tablelog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* check_round_trip - the canonical text of line l reads back to itself. */
static void check_round_trip(const struct tl_line *l, int line_no)
{
    char text[TL_LINE_MAX];
    char again[TL_LINE_MAX];
    struct tl_line back;
    struct tl_error err;

    tl_format_line(l, text, sizeof(text));
    if (tl_parse_line(text, strlen(text), line_no, &back, &err) != 0 ||
        back.kind != l->kind) {
        fprintf(stderr, "canonical text does not read: \"%s\": %s\n", text,
                err.msg);
        abort();
    }
    tl_format_line(&back, again, sizeof(again));
    if (strcmp(text, again) != 0) {
        fprintf(stderr, "canonical text changes: \"%s\" -> \"%s\"\n", text,
                again);
        abort();
    }
}

/* check_money - the persons' balances and the house's levy sum to zero. */
static void check_money(const struct sitting *sit, int line_no)
{
    long sum = sitting_house(sit);

    for (int i = 0; i < sitting_persons(sit); i++) {
        int balance = 0;

        (void)sitting_person(sit, i, &balance);
        sum += balance;
    }
    if (sum != 0) {
        fprintf(stderr, "money does not sum to zero at line %d: %ld\n",
                line_no, sum);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arbiter *a = NULL;
    struct sitting *sit = NULL;
    struct arb_result r;
    struct sit_result sr;
    size_t i = 0;
    int line_no = 0;
    bool acted = false;
    bool trace = getenv("ECARTE_FUZZ_TRACE") != NULL; /* to read a finding */

    if (arbiter_open(&a) != 0 || sitting_open(&sit) != 0) {
        arbiter_close(a);
        return 0;
    }
    while (i < size && line_no < 4000) {
        size_t j = i;
        struct tl_line line;
        struct tl_error err;

        while (j < size && data[j] != '\n') {
            j++;
        }
        line_no++;
        if (j - i < TL_LINE_MAX &&
            tl_parse_line((const char *)data + i, j - i, line_no, &line,
                          &err) == 0) {
            if (line.kind == TL_TAG && !acted) {
                if (arbiter_set_tag(a, line.tag_name, line.tag_value) == 0) {
                    (void)sitting_set_tag(sit, line.tag_name,
                                          line.tag_value);
                }
            } else if (line.kind == TL_EVENT) {
                acted = true;
                arbiter_set_line(a, line_no);
                if (trace) {
                    char t[TL_LINE_MAX];

                    fprintf(stderr, "%d: %s\n", line_no,
                            tl_format_event(&line.ev, t, sizeof(t)));
                }
                if (sitting_apply(sit, a, &line, &r, &sr) == 0) {
                    if (!arbiter_check_conservation(a)) {
                        fprintf(stderr, "card conservation broken at line "
                                        "%d\n",
                                line_no);
                        abort();
                    }
                    check_money(sit, line_no);
                    check_round_trip(&line, line_no);
                }
            }
        }
        i = j + 1;
    }
    (void)arbiter_finish(a, &r);
    sitting_close(sit);
    arbiter_close(a);
    return 0;
}
