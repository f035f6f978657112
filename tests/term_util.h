/* SPDX-License-Identifier: MIT */
/*
 * term_util.h - helpers shared by the tests of `ecarte table` on a real
 * pseudo-terminal (test_table.c, test_table_ledger.c): the referee
 * started on one, what it writes waited for, lines typed, its end, the
 * lines of a deal, and an export checked clean.
 */
#ifndef ECARTE_TESTS_TERM_UTIL_H
#define ECARTE_TESTS_TERM_UTIL_H

#include "tests/harness.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* A referee running on a pseudo-terminal, and what it has written. */
struct term {
    pid_t pid;
    int fd;
    char out[1 << 17];
    size_t len;
    size_t mark;                /* expect() looks from here on */
};

/* term_start - `ecarte table --db DB [extra]` on a new pseudo-terminal. */
static void term_start(struct term *t, const char *db, const char *extra)
{
    struct winsize ws = {.ws_row = 50, .ws_col = 200};
    pid_t pid;

    memset(t, 0, sizeof(*t));
    pid = forkpty(&t->fd, NULL, NULL, &ws);
    if (pid < 0) {
        printf("  SKIPPED: no pseudo-terminal here (forkpty: %s)\n",
               strerror(errno));
        skip();
    }
    if (pid == 0) {
        setenv("TERM", "vt100", 1);
        if (extra != NULL) {
            execl(harness_ecarte(), "ecarte", "table", "--db", db, extra,
                  (char *)NULL);
        } else {
            execl(harness_ecarte(), "ecarte", "table", "--db", db,
                  (char *)NULL);
        }
        _exit(127);
    }
    t->pid = pid;
}

/* pump - read what the referee wrote for up to ms milliseconds (returns
 * early when it pauses after writing).  false at end of output. */
static bool pump(struct term *t, int ms)
{
    struct pollfd p = {.fd = t->fd, .events = POLLIN};

    while (poll(&p, 1, ms) > 0) {
        ssize_t n;

        if (t->len + 1 >= sizeof(t->out)) {
            memmove(t->out, t->out + sizeof(t->out) / 2, sizeof(t->out) / 2);
            t->len -= sizeof(t->out) / 2;
            t->mark = t->mark > sizeof(t->out) / 2
                          ? t->mark - sizeof(t->out) / 2
                          : 0;
        }
        n = read(t->fd, t->out + t->len, sizeof(t->out) - 1 - t->len);
        if (n <= 0) {
            return false;
        }
        t->len += (size_t)n;
        t->out[t->len] = '\0';
        ms = 50;
    }
    return true;
}

/* expect - wait (up to 10 s) until text appears after the mark; the mark
 * moves past it.  Fails the test with what was seen if it never does. */
static void expect(struct term *t, const char *text)
{
    time_t until = time(NULL) + 10;

    for (;;) {
        char *at = strstr(t->out + t->mark, text);

        if (at != NULL) {
            t->mark = (size_t)(at - t->out) + strlen(text);
            return;
        }
        if (time(NULL) > until || !pump(t, 200)) {
            fail_msg("expected \"%s\" on the terminal, saw:\n%s\n(before "
                     "the mark: %.600s)", text, t->out + t->mark,
                     t->mark > 600 ? t->out + t->mark - 600 : t->out);
        }
    }
}

/* type - the keys of text, then Enter. */
static void type(struct term *t, const char *text)
{
    size_t n = strlen(text);

    assert_int_equal(write(t->fd, text, n), (ssize_t)n);
    assert_int_equal(write(t->fd, "\r", 1), 1);
    pump(t, 100);
}

/* type_lines - each line of text typed, waiting for the prompt between. */
static void type_lines(struct term *t, const char *text)
{
    char line[200];
    const char *p = text;

    while (*p != '\0') {
        size_t len = strcspn(p, "\n");

        snprintf(line, sizeof(line), "%.*s", (int)len, p);
        type(t, line);
        expect(t, "> ");
        p += len + (p[len] == '\n');
    }
}

/* term_end - wait for the referee to exit; its exit status. */
static int term_end(struct term *t)
{
    int st = 0;

    while (pump(t, 200)) {
    }
    assert_int_equal(waitpid(t->pid, &st, 0), t->pid);
    close(t->fd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static const char deal_lines[] = "game\n"
                                 "deal B\n"
                                 "A shuffles\n"
                                 "B shuffles\n"
                                 "A cuts 17\n"
                                 "B gives A 3 QH AH 7H\n"
                                 "B gives B 3 KH JH 9H\n"
                                 "B gives A 2 KS KD\n"
                                 "B gives B 2 8H 9C\n"
                                 "B turns TH\n"
                                 "A stands\n"
                                 "A leads KD\n"
                                 "B announces king\n";

static const char play_lines[] = "B plays JH\n"
                                 "B leads KH\n"
                                 "A plays 7H\n"
                                 "B leads 9C\n"
                                 "A plays AH\n"
                                 "A leads KS\n"
                                 "B plays 9H\n"
                                 "B leads 8H\n";

/* checks_clean - the ledger exported, and the export checked --strict. */
static void export_checks_clean(const struct harness_tmp *tmp)
{
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'", harness_ecarte(),
                                tmp->db, tmp->out),
                     0);
    assert_int_equal(harness_sh("%s check --strict '%s' >/dev/null",
                                harness_ecarte(), tmp->out),
                     0);
}

#endif /* ECARTE_TESTS_TERM_UTIL_H */
