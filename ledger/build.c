/* SPDX-License-Identifier: MIT */
/*
 * build.c - a new ledger built alone (LEDGER_BUILD): made in a hidden
 * file beside its path without a journal on disk, then, whole, switched
 * to WAL, synced and linked into place; never a half-made ledger at the
 * path, nor a file that appeared there meanwhile overwritten.
 */
#define _GNU_SOURCE             /* renameat2 (RENAME_NOREPLACE) */
#include "ledger/ledger.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

#define BUILD_MARK ".importing-"  /* .NAME.importing-PID-N */

/* split - path's directory (owned: free; "." for a bare name) and its
 * last component (borrowed, inside path).  NULL if out of memory. */
static char *split(const char *path, const char **base_out)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash == NULL ? 1 : (slash == path ? 1 : (size_t)(slash - path));
    char *dir = malloc(n + 1);

    *base_out = slash != NULL ? slash + 1 : path;
    if (dir == NULL) {
        return NULL;
    }
    if (slash == NULL) {
        memcpy(dir, ".", 2);
    } else {
        memcpy(dir, path, n);
        dir[n] = '\0';
    }
    return dir;
}

/*
 * ledger__drop_stale - remove what a process killed while it made a new
 * ledger beside path left there: "PATH<mark>PID-N" files (mark ".new-",
 * create_whole's) or ".NAME.importing-PID-N" ones (a build's), and their
 * WAL companions, whose process is gone.  Best effort: nothing reported.
 */
void ledger__drop_stale(const char *path, bool hidden, const char *mark)
{
    const char *base = NULL;
    char *dir = split(path, &base);
    size_t base_len = strlen(base);
    size_t mark_len = strlen(mark);
    size_t skip = (hidden ? 1 : 0) + base_len + mark_len;
    DIR *d = dir != NULL ? opendir(dir) : NULL;
    struct dirent *e = NULL;

    while (d != NULL && (e = readdir(d)) != NULL) {
        const char *p = e->d_name;
        char *end = NULL;
        long pid = 0;

        if ((hidden && p[0] != '.') ||
            strncmp(p + (hidden ? 1 : 0), base, base_len) != 0 ||
            strncmp(p + (hidden ? 1 : 0) + base_len, mark, mark_len) != 0) {
            continue;
        }
        pid = strtol(p + skip, &end, 10);
        if (end == p + skip || *end != '-' || pid <= 0 ||
            pid == (long)getpid() || kill((pid_t)pid, 0) == 0 ||
            errno != ESRCH) {
            continue;
        }
        {
            size_t n = strlen(dir) + strlen(p) + 2;
            char *full = malloc(n);

            if (full != NULL) {
                snprintf(full, n, "%s/%s", dir, p);
                unlink(full);
                free(full);
            }
        }
    }
    if (d != NULL) {
        closedir(d);
    }
    free(dir);
}

/* companions - unlink the journal, WAL and shm files beside tmp. */
static void drop_companions(const char *tmp)
{
    static const char *const ext[] = {"-journal", "-wal", "-shm"};
    size_t n = strlen(tmp) + 10;
    char *side = malloc(n);

    if (side == NULL) {
        return;
    }
    for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
        snprintf(side, n, "%s%s", tmp, ext[i]);
        unlink(side);
    }
    free(side);
}

int ledger__build_start(struct ledger *l, const char *path)
{
    const char *base = NULL;
    char *dir = split(path, &base);
    size_t n = strlen(path) + sizeof(BUILD_MARK) + 48;
    int fd = -1;

    l->build_path = strdup(path);
    l->build_tmp = malloc(n);
    if (dir == NULL || l->build_path == NULL || l->build_tmp == NULL) {
        free(dir);
        return ledger__failf(l, LEDGER_E_ERROR, "create: out of memory");
    }
    ledger__drop_stale(path, true, BUILD_MARK);
    /* a name of our own beside it, with the mode SQLite gives new files */
    for (int i = 0; fd < 0 && i < 100; i++) {
        snprintf(l->build_tmp, n, "%s/.%s" BUILD_MARK "%ld-%d", dir, base,
                 (long)getpid(), i);
        fd = open(l->build_tmp, O_RDWR | O_CREAT | O_EXCL, 0644);
        if (fd < 0 && errno != EEXIST) {
            break;
        }
    }
    free(dir);
    if (fd < 0) {
        int err = errno;

        free(l->build_tmp);
        l->build_tmp = NULL;
        return ledger__failf(l, LEDGER_E_ERROR, "create %s: %s", path,
                             strerror(err));
    }
    close(fd);
    return 0;
}

bool ledger_building(const struct ledger *l)
{
    return l != NULL && l->build_tmp != NULL;
}

const char *ledger_build_temp(const struct ledger *l)
{
    return l->build_tmp;
}

void ledger__build_abandon(struct ledger *l)
{
    if (l->build_tmp != NULL) {
        unlink(l->build_tmp);
        drop_companions(l->build_tmp);
    }
    free(l->build_tmp);
    free(l->build_path);
    l->build_tmp = NULL;
    l->build_path = NULL;
}

/* sync_path - fsync the file or directory at path.  0 or -1 (errno). */
static int sync_path(const char *path, int oflags)
{
    int fd = open(path, oflags);
    int rc = 0;

    if (fd < 0) {
        return -1;
    }
    if (fsync(fd) != 0) {
        rc = -1;
    }
    close(fd);
    return rc;
}

/* to_wal - the whole file switched to journal_mode=WAL (its header says
 * so), with the connection closed: the WAL checkpointed into the file
 * and removed.  0 or a negative code with the message on l. */
static int to_wal(struct ledger *l)
{
    sqlite3_stmt *st = NULL;
    int src = sqlite3_prepare_v2(l->db, "PRAGMA journal_mode = WAL", -1,
                                 &st, NULL);
    int rc = 0;

    if (src == SQLITE_OK) {
        src = sqlite3_step(st);
    }
    if (src != SQLITE_ROW) {
        rc = ledger__fail(l, src, "journal_mode=WAL");
    } else if (strcmp(ledger__col_text(st, 0), "wal") != 0) {
        rc = ledger__failf(l, LEDGER_E_ERROR, "journal_mode=WAL: SQLite "
                           "chose %s", ledger__col_text(st, 0));
    }
    sqlite3_finalize(st);
    if (rc == 0) {
        src = ledger__close_db(l);
        if (src != SQLITE_OK) {
            rc = ledger__failf(l, LEDGER_E_ERROR, "close: %s",
                               sqlite3_errstr(src));
        }
    }
    return rc;
}

/* link_into_place - tmp linked at path, never over a file there.
 * 0, or a negative code with the message on l. */
static int link_into_place(struct ledger *l)
{
    const char *tmp = l->build_tmp;
    const char *path = l->build_path;

    if (link(tmp, path) == 0) {
        return 0;
    }
    if (errno != EEXIST) {
        /* a file system without hard links: a rename that cannot
         * replace */
        if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) ==
            0) {
            return 0;
        }
    }
    if (errno == EEXIST) {
        return ledger__failf(l, LEDGER_E_ERROR, "%s appeared while the new "
                             "ledger was built: it is left as it is, and "
                             "the new ledger is not kept", path);
    }
    return ledger__failf(l, LEDGER_E_ERROR, "cannot link the new ledger to "
                         "%s: %s (it is not kept)", path, strerror(errno));
}

int ledger_build_finish(struct ledger *l)
{
    const char *base = NULL;
    char *dir = NULL;
    int rc = 0;

    assert(ledger_building(l) && l->db != NULL);
    if (!sqlite3_get_autocommit(l->db)) {
        rc = ledger__failf(l, LEDGER_E_ERROR, "build: a transaction is open");
        goto out_abandon;
    }
    rc = to_wal(l);
    if (rc == 0 && sync_path(l->build_tmp, O_RDONLY) != 0) {
        rc = ledger__failf(l, LEDGER_E_ERROR, "fsync %s: %s", l->build_tmp,
                           strerror(errno));
    }
    if (rc == 0) {
        rc = link_into_place(l);
    }
    if (rc == 0) {
        dir = split(l->build_path, &base);
        if (dir == NULL || sync_path(dir, O_RDONLY | O_DIRECTORY) != 0) {
            /* linked, whole and synced: only the name may not survive a
             * power loss; said, and kept */
            rc = ledger__failf(l, LEDGER_E_ERROR, "fsync the directory of "
                               "%s: %s", l->build_path,
                               dir == NULL ? "out of memory"
                                           : strerror(errno));
        }
        free(dir);
        unlink(l->build_tmp);
        free(l->build_tmp);
        free(l->build_path);
        l->build_tmp = NULL;
        l->build_path = NULL;
        return rc;
    }
out_abandon:
    ledger__close_db(l);
    ledger__build_abandon(l);
    return rc;
}
