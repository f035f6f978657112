/* SPDX-License-Identifier: MIT */
/*
 * tablelog_util.h - helpers shared by the tests of the .ecarte lines
 * (test_tablelog.c, test_tablelog_write.c, test_tablelog_reader.c,
 * test_tablelog_fields.c): a line that must read, as a line and as an
 * event.
 */
#ifndef ECARTE_TESTS_TABLELOG_UTIL_H
#define ECARTE_TESTS_TABLELOG_UTIL_H

#include "tests/harness.h"

#include <string.h>

#include "laws/laws.h"
#include "tablelog/tablelog.h"

/* parse - text must read; the line is returned.  Not inlined: a test
 * compares whole lines byte for byte (round_trip in test_tablelog_write.c),
 * padding and all, and a line copied out of an inlined call need not keep
 * the zeroed padding tl_parse_line wrote. */
__attribute__((noinline))
static struct tl_line parse(const char *text)
{
    struct tl_line l;
    struct tl_error err;
    int rc = tl_parse_line(text, strlen(text), 7, &l, &err);

    if (rc != 0) {
        fail_msg("\"%s\" did not read: %d: %s", text, err.col, err.msg);
    }
    assert_int_equal(l.line_no, 7);
    return l;
}

/* parse_event - text must read as a table line or action. */
__attribute__((unused))
static struct table_event parse_event(const char *text)
{
    struct tl_line l = parse(text);

    assert_int_equal(l.kind, TL_EVENT);
    return l.ev;
}

#endif /* ECARTE_TESTS_TABLELOG_UTIL_H */
