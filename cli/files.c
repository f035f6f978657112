/* SPDX-License-Identifier: MIT */
/* open.c - what the subcommands open: logs to read and ledgers. */
#include "cli/cli.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

FILE *open_log(const char *sub, const char *path)
{
    struct stat st;
    FILE *fp;

    if (strcmp(path, "-") == 0) {
        return stdin;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "ecarte %s: %s: cannot read: %s\n", sub, path,
                strerror(EISDIR));
        return NULL;
    }
    fp = fopen(path, "r");
    if (fp == NULL) {
        fprintf(stderr, "ecarte %s: %s: cannot read: %s\n", sub, path,
                strerror(errno));
    }
    return fp;
}

void close_log(FILE *fp)
{
    if (fp != NULL && fp != stdin) {
        fclose(fp);
    }
}

/* tell_wait - a lock held by another process is waited for. */
static void tell_wait(void *ctx, long waited_ms)
{
    fprintf(stderr, "%s: %s: another ecarte is writing to the ledger; "
                    "waiting for it (%ld s so far, Ctrl-C to give up)\n",
            cli_program, (const char *)ctx, waited_ms / 1000);
}

struct ledger *ledger_for(const char *sub, const char *path, unsigned flags)
{
    return ledger_for_rc(sub, path, flags, NULL, NULL, 0);
}

struct ledger *ledger_for_rc(const char *sub, const char *path,
                             unsigned flags, int *damaged, char *why,
                             size_t n)
{
    struct ledger_options opt = {
        .flags = flags,
        .wait_ms = -1,
        .on_wait = tell_wait,
        .wait_ctx = (void *)(uintptr_t)path,
    };
    struct ledger *l = NULL;
    struct stat st;
    int rc;

    if ((flags & LEDGER_READONLY) != 0 && stat(path, &st) != 0 &&
        errno == ENOENT) {
        fprintf(stderr, "ecarte%s%s: %s: no such ledger (`ecarte record`, "
                        "`import` or `table` with --db makes one)\n",
                sub != NULL ? " " : "", sub != NULL ? sub : "", path);
        return NULL;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "ecarte%s%s: %s: expected a ledger file, found a "
                        "directory\n",
                sub != NULL ? " " : "", sub != NULL ? sub : "", path);
        return NULL;
    }
    rc = ledger_open_with(&l, path, &opt);
    if (rc == 0) {
        return l;
    }
    if (damaged != NULL && rc == LEDGER_E_DAMAGED) {
        *damaged = 1;
        snprintf(why, n, "%s", ledger_errmsg(l));
        ledger_close(l);
        return NULL;
    }
    fprintf(stderr, "ecarte%s%s: %s: %s", sub != NULL ? " " : "",
            sub != NULL ? sub : "", path, ledger_errmsg(l));
    if (rc == LEDGER_E_EMPTY) {
        fprintf(stderr, " (--new makes it a new ledger)");
    } else if (rc == LEDGER_E_DAMAGED && (flags & LEDGER_READONLY) == 0) {
        fprintf(stderr, "; nothing was written (ecarte verify tells more)");
    }
    fprintf(stderr, "\n");
    ledger_close(l);
    return NULL;
}

/* newest - keep the id of each sitting seen: the last is the newest. */
static int newest(void *vctx, int64_t id, const char *source)
{
    (void)source;
    *(int64_t *)vctx = id;
    return 0;
}

int newest_sitting(struct ledger *l, int64_t *out)
{
    *out = 0;
    return ledger_sittings_foreach(l, newest, out);
}

int newest_played_sitting(const char *sub, const char *db, struct ledger *l,
                          int64_t *out)
{
    int64_t newest = 0;
    int rc = ledger_sitting_last_played(l, out);

    if (rc == 0) {
        rc = newest_sitting(l, &newest);
    }
    if (rc == 0 && *out != 0 && newest > *out) {
        /* another writer is opening a sitting: it has nothing yet */
        fprintf(stderr, "ecarte %s: %s: sitting %lld, the newest with an "
                        "action (sitting %lld has none yet)\n",
                sub, db, (long long)*out, (long long)newest);
    }
    return rc;
}

int session_run_path(struct session *s, const char *sub, const char *path,
                     int *exit_out)
{
    FILE *fp = open_log(sub, path);
    int rc;

    if (fp == NULL) {
        *exit_out = EXIT_BAD_INPUT;
        return CLI_E_INPUT;
    }
    rc = session_run(s, fp, path, exit_out);
    close_log(fp);
    return rc;
}
