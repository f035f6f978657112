/*
 * harness.h - the shared main of every cmocka test program (STYLE.md 8).
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

#endif /* ECARTE_TESTS_HARNESS_H */
