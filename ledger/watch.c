/* SPDX-License-Identifier: MIT */
/*
 * watch.c - a writer's file watched at every commit, before its COMMIT
 * (a file moved takes nothing more) and after it: is the file at the
 * ledger's path still the one written, and its WAL still there?
 *
 * The proof is a stat(2) of the path and of the WAL, compared with what
 * was first found.  On Linux that stat, made just after the commit's
 * fdatasync, waits on the inode the disk is still finishing (about 40 us
 * a file here, as long as the rest of the commit's CPU), so once both
 * files have been proven the ledger asks the kernel to say when either
 * inode is unlinked, renamed or deleted (inotify); while it says nothing,
 * nothing has changed and the stat is not made again.  Anything it says
 * (or an inotify that cannot be had: too many instances, another
 * system) brings the whole stat back, so the words and the moment of
 * LEDGER_E_MOVED are those of the stat.
 */
#include "ledger/ledger.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#if defined(__linux__)
#include <errno.h>
#include <sys/inotify.h>
#define LEDGER__INOTIFY 1
/* what moves a file out from under its path: a link removed (IN_ATTRIB
 * carries the link count), a rename of it, its inode gone */
#define WATCH_MASK (IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF)
#else
#define LEDGER__INOTIFY 0
#endif

#include "ledger/ledger_int.h"

void ledger__watch_start(struct ledger *l, const char *path)
{
    struct stat sb;

    l->watch_fd = -1;
    l->watch_db = -1;
    l->watch_wal = -1;
    l->watch_quiet = false;
    if (stat(path, &sb) != 0 || (l->path = strdup(path)) == NULL) {
        return;                 /* not watched: nothing lost by it */
    }
    l->dev = sb.st_dev;
    l->ino = sb.st_ino;
#if LEDGER__INOTIFY
    l->watch_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
#endif
}

bool ledger_moved(const struct ledger *l)
{
    return l != NULL && l->moved;
}

void ledger__watch_stop(struct ledger *l)
{
    if (l->path != NULL && l->watch_fd >= 0) {
        close(l->watch_fd);
    }
    l->watch_fd = -1;
    free(l->path);
    l->path = NULL;
}

/* quiet - true if the kernel has said nothing of either file since the
 * last whole proof (its queue read empty); anything said, or a read that
 * fails otherwise than by an empty queue, is false. */
static bool quiet(struct ledger *l)
{
#if LEDGER__INOTIFY
    char buf[4096];
    ssize_t n;

    if (!l->watch_quiet) {
        return false;
    }
    n = read(l->watch_fd, buf, sizeof(buf));
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        return true;
    }
    /* events (read and so dropped) or an error: prove it all again */
    l->watch_quiet = false;
    return false;
#else
    (void)l;
    return false;
#endif
}

/* arm - before a whole proof: the kernel asked to watch the file at the
 * path and, once it has been seen, the WAL, so that what happens after
 * the proof's stat is said.  True if both are watched (or the WAL is
 * not yet there). */
static bool arm(struct ledger *l, const char *wal)
{
#if LEDGER__INOTIFY
    if (l->watch_fd < 0) {
        return false;
    }
    if (l->watch_db < 0) {
        l->watch_db = inotify_add_watch(l->watch_fd, l->path, WATCH_MASK);
    }
    if (l->wal_seen && l->watch_wal < 0 && wal != NULL) {
        l->watch_wal = inotify_add_watch(l->watch_fd, wal, WATCH_MASK);
    }
    return l->watch_db >= 0 && l->wal_seen && l->watch_wal >= 0;
#else
    (void)l;
    (void)wal;
    return false;
#endif
}

/*
 * keep_in_file - the writer's file moved (renamed, deleted, replaced) or
 * its WAL removed: what was committed is checkpointed into the file this
 * connection has open, wherever it now is, and the WAL at the old path
 * truncated to nothing.  SQLite leaves the WAL of a moved file at its
 * old name when the connection closes, and a ledger made or moved to that
 * name later would read its frames as its own (another ledger's actions,
 * a seal that no longer holds).  A checkpoint that fails leaves the WAL
 * as SQLite would; nothing to say more than the move itself.
 */
static void keep_in_file(struct ledger *l)
{
    (void)sqlite3_wal_checkpoint_v2(l->db, "main", SQLITE_CHECKPOINT_TRUNCATE,
                                    NULL, NULL);
}

void ledger__watch_keep(struct ledger *l)
{
    keep_in_file(l);
}

int ledger__watch(struct ledger *l)
{
    struct stat sb;
    char *wal = NULL;
    bool armed = false;
    int rc = 0;

    if (l->path == NULL || quiet(l)) {
        return 0;
    }
    wal = sqlite3_mprintf("%s-wal", l->path);
    if (wal == NULL) {
        return 0;
    }
    /* armed before the stats: a change after them is in the queue */
    armed = arm(l, wal);
    if (stat(l->path, &sb) != 0) {
        rc = ledger__failf(l, LEDGER_E_MOVED, "the ledger %s was deleted "
                           "or renamed while ecarte wrote to it: what it "
                           "took is in that file if it was renamed, not at "
                           "%s; nothing more is taken",
                           l->path, l->path);
    } else if (sb.st_dev != l->dev || sb.st_ino != l->ino) {
        rc = ledger__failf(l, LEDGER_E_MOVED, "the ledger %s was replaced "
                           "by another file while ecarte wrote to it: what "
                           "it took is not in that file; nothing more is "
                           "taken",
                           l->path);
    } else if (stat(wal, &sb) != 0) {
        if (l->wal_seen) {
            rc = ledger__failf(l, LEDGER_E_MOVED, "the ledger's WAL file %s "
                               "was removed while ecarte wrote to it: what "
                               "was committed is kept in the ledger; "
                               "nothing more is taken",
                               wal);
        }
    } else if (!l->wal_seen) {
        l->wal_seen = true;
        l->wal_dev = sb.st_dev;
        l->wal_ino = sb.st_ino;
        armed = false;          /* its watch is set at the next proof */
    } else if (sb.st_dev != l->wal_dev || sb.st_ino != l->wal_ino) {
        rc = ledger__failf(l, LEDGER_E_MOVED, "the ledger's WAL file %s was "
                           "replaced while ecarte wrote to it: nothing more "
                           "is taken",
                           wal);
    }
    if (rc != 0) {
        l->moved = true;
        if (sqlite3_get_autocommit(l->db)) {
            keep_in_file(l);    /* else once the caller rolled back */
        }
    }
    l->watch_quiet = rc == 0 && armed;
    sqlite3_free(wal);
    return rc;
}
