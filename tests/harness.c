/* harness.c - shared main for the cmocka test programs. */
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

char *harness_path(const char *rel, char *buf, size_t n)
{
    const char *src = getenv("ECARTE_SRC");

    snprintf(buf, n, "%s/%s", src != NULL ? src : ".", rel);
    return buf;
}

const char *harness_shared(const char *rel)
{
    static char buf[4096];
    char base[2048];

    harness_path("../shared", base, sizeof(base));
    snprintf(buf, sizeof(buf), "%s/%s", base, rel);
    if (access(buf, R_OK) != 0) {
        return NULL;
    }
    return buf;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    setvbuf(stderr, NULL, _IONBF, 0);
    if (argc > 1) {
        cmocka_set_test_filter(argv[1]);
    }
    return run_tests() == 0 ? 0 : 1;
}
