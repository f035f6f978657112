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

/* parse - text must read; the line is returned. */
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

/* assert_line_equal - a and b say the same, field by field: every field
 * a line holds, its texts up to their NUL and its lists up to their
 * counts (what is past them is never read: struct tl_line). */
__attribute__((unused))
static void assert_line_equal(const struct tl_line *a, const struct tl_line *b)
{
    const struct tl_sitting *x = &a->sit;
    const struct tl_sitting *y = &b->sit;

    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->line_no, b->line_no);
    assert_string_equal(a->stamp, b->stamp);
    assert_string_equal(a->tag_name, b->tag_name);
    assert_string_equal(a->tag_value, b->tag_value);
    assert_memory_equal(&a->ev, &b->ev, sizeof(a->ev));
    assert_memory_equal(&a->expect, &b->expect, sizeof(a->expect));
    assert_memory_equal(a->score, b->score, sizeof(a->score));
    assert_string_equal(x->actor, y->actor);
    assert_string_equal(x->who, y->who);
    assert_string_equal(x->name, y->name);
    assert_int_equal(x->n, y->n);
    assert_memory_equal(x->odds, y->odds, sizeof(x->odds));
    assert_int_equal(x->law, y->law);
    assert_memory_equal(x->bets, y->bets, sizeof(x->bets));
    assert_int_equal(x->roles.form, y->roles.form);
    assert_string_equal(x->roles.first, y->roles.first);
    assert_string_equal(x->roles.second, y->roles.second);
    assert_int_equal(x->roles.streak, y->roles.streak);
    assert_int_equal(x->roles.n, y->roles.n);
    for (int i = 0; i < x->roles.n; i++) {
        assert_string_equal(x->roles.list[i], y->roles.list[i]);
    }
    assert_int_equal(x->n_amounts, y->n_amounts);
    for (int i = 0; i < x->n_amounts; i++) {
        assert_string_equal(x->amounts[i].who, y->amounts[i].who);
        assert_int_equal(x->amounts[i].n, y->amounts[i].n);
    }
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
