/* SPDX-License-Identifier: MIT */
/* harness.c - shared main for the cmocka test programs. */
#include "tests/harness.h"

#include <stdarg.h>

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
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

const char *harness_ecarte(void)
{
    static char abs_path[4096];
    const char *p = getenv("ECARTE");

    if (p == NULL) {
        p = "build/ecarte";
    }
    /* absolute, so that a test may run it from any directory */
    if (abs_path[0] == '\0') {
        char cwd[2048];

        if (p[0] != '/' && getcwd(cwd, sizeof(cwd)) != NULL) {
            snprintf(abs_path, sizeof(abs_path), "%s/%s", cwd, p);
        } else {
            snprintf(abs_path, sizeof(abs_path), "%s", p);
        }
    }
    return abs_path;
}

const char *harness_example(const char *name)
{
    static char buf[4096];
    char rel[300];

    snprintf(rel, sizeof(rel), "examples/%s", name);
    return harness_path(rel, buf, sizeof(buf));
}

int harness_sh(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    int status;

    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int harness_capture(char *buf, size_t n, const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    FILE *fp;
    size_t got;
    int status;

    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    fp = popen(cmd, "r");
    if (fp == NULL) {
        buf[0] = '\0';
        return -1;
    }
    got = fread(buf, 1, n - 1, fp);
    buf[got] = '\0';
    status = pclose(fp);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int harness_record(const char *db, const char *log)
{
    return harness_sh("%s record --db '%s' '%s' >/dev/null", harness_ecarte(),
                      db, log);
}

void harness_write(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");

    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

char *harness_read(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    char *text = NULL;
    long size = 0;

    if (fp == NULL) {
        fail_msg("cannot read %s", path);
    }
    assert_int_equal(fseek(fp, 0, SEEK_END), 0);
    size = ftell(fp);
    assert_true(size >= 0);
    rewind(fp);
    text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, fp), (size_t)size);
    text[size] = '\0';
    fclose(fp);
    if (len != NULL) {
        *len = (size_t)size;
    }
    return text;
}

int harness_tmp_setup(void **state)
{
    struct harness_tmp *t = calloc(1, sizeof(*t));

    if (t == NULL) {
        return -1;
    }
    snprintf(t->dir, sizeof(t->dir), "/tmp/ecarte-test-XXXXXX");
    if (mkdtemp(t->dir) == NULL) {
        free(t);
        return -1;
    }
    snprintf(t->db, sizeof(t->db), "%s/l.db", t->dir);
    snprintf(t->log, sizeof(t->log), "%s/in.ecarte", t->dir);
    snprintf(t->log2, sizeof(t->log2), "%s/in2.ecarte", t->dir);
    snprintf(t->out, sizeof(t->out), "%s/out.ecarte", t->dir);
    *state = t;
    return 0;
}

int harness_tmp_teardown(void **state)
{
    struct harness_tmp *t = *state;
    int rc = harness_sh("rm -rf '%s'", t->dir);

    free(t);
    return rc == 0 ? 0 : -1;
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
