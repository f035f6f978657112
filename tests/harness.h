/* SPDX-License-Identifier: MIT */
/*
 * harness.h - the shared main of every cmocka test program (the house style).
 * Each tests/test_<unit>.c defines run_tests(); main() unbuffers output,
 * takes an optional test-name pattern from argv[1] and calls it.
 */
#ifndef ECARTE_TESTS_HARNESS_H
#define ECARTE_TESTS_HARNESS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

/* cmocka 1.1.5 still defines the deprecated macro run_tests(tests); it
 * would swallow our run_tests() below. */
#undef run_tests

/* run_tests - run the file's group; returns the number of failures. */
int run_tests(void);

/*
 * harness_path - the path of a file of the source tree (ECARTE_SRC or "."),
 * e.g. harness_path("tests/cases") into buf of size n.  Returns buf.
 */
char *harness_path(const char *rel, char *buf, size_t n);

/*
 * harness_shared - a path under ../shared beside the source tree (the
 * project's reference records), or NULL if it is not there.  Static buffer.
 */
const char *harness_shared(const char *rel);

/* harness_ecarte - the program under test: $ECARTE, or build/ecarte. */
const char *harness_ecarte(void);

/* harness_example - the path of examples/NAME (static buffer). */
const char *harness_example(const char *name);

/*
 * harness_sh - run a shell command made from fmt; its exit status, or -1
 * if it did not exit normally.
 */
int harness_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * harness_capture - run a shell command made from fmt with its standard
 * output into buf (n bytes, NUL-terminated, truncated); its exit status.
 */
int harness_capture(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* harness_record - `ecarte record --db db log` with its output dropped;
 * its exit status. */
int harness_record(const char *db, const char *log);

/* harness_write - write text into the file at path (the test fails if it
 * cannot). */
void harness_write(const char *path, const char *text);

/* harness_read - the whole file at path, NUL-terminated (malloc'd: the
 * caller frees it), its length in bytes into *len unless len is NULL
 * (the test fails if it cannot be read). */
char *harness_read(const char *path, size_t *len);

/* A scratch directory for one test, with paths for a ledger and logs. */
struct harness_tmp {
    char dir[256];
    char db[300];               /* DIR/l.db */
    char log[300];              /* DIR/in.ecarte */
    char log2[300];             /* DIR/in2.ecarte */
    char out[300];              /* DIR/out.ecarte */
};

/* harness_tmp_setup, harness_tmp_teardown - cmocka fixtures making and
 * removing a struct harness_tmp in *state. */
int harness_tmp_setup(void **state);
int harness_tmp_teardown(void **state);

/* SQL: the chain row made to stand on the last event, as a file older
 * than version 9 keeps it (version 9 keeps the events' head in the last
 * event, the chain row's events' part a mark written with the seals):
 * for the tests that make an older file out of a new one. */
#define CHAIN_EXACT \
    "UPDATE chain SET head = coalesce((SELECT lower(hex(hash)) FROM event " \
    "ORDER BY id DESC LIMIT 1), '0000000000000000000000000000000000000000" \
    "000000000000000000000000'), n_events = (SELECT count(*) FROM event), " \
    "last_id = coalesce((SELECT max(id) FROM event), 0);"

#endif /* ECARTE_TESTS_HARNESS_H */
