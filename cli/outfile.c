/* SPDX-License-Identifier: MIT */
/*
 * outfile.c - a file a command writes (`report -o PATH`): "-" is standard
 * output; a regular file, or a name not yet taken, is written whole
 * under a temporary name beside it and renamed into place (a reader sees
 * the old page or the new one, never half of one), its mode kept; a
 * symbolic link is followed and its target written so, the link left a
 * link; anything else that exists (a FIFO, a character device, a socket)
 * is opened and written in place, as it is, never replaced by a file.
 */
#define _XOPEN_SOURCE 700       /* realpath */
#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* fail - say why path cannot be written; -1. */
static int fail(const char *sub, const char *path, int err)
{
    fprintf(stderr, "ecarte %s: %s: cannot write: %s\n", sub, path,
            strerror(err));
    return -1;
}

/* open_in_place - an existing file that is not a regular one opened for
 * writing as it stands (no truncation of a device, no new file). */
static int open_in_place(struct out_file *o, const char *sub)
{
    int fd = open(o->path, O_WRONLY | O_NOCTTY);

    if (fd < 0) {
        return fail(sub, o->path, errno);
    }
    o->fp = fdopen(fd, "w");
    if (o->fp == NULL) {
        int e = errno;

        close(fd);
        return fail(sub, o->path, e);
    }
    o->in_place = true;
    return 0;
}

/* open_beside - a temporary file beside o->target, to be renamed over
 * it; mode the permission bits it is given. */
static int open_beside(struct out_file *o, const char *sub, mode_t mode)
{
    int fd;

    if (snprintf(o->tmp, sizeof(o->tmp), "%s.XXXXXX", o->target) >=
        (int)sizeof(o->tmp)) {
        return fail(sub, o->path, ENAMETOOLONG);
    }
    fd = mkstemp(o->tmp);
    if (fd < 0) {
        o->tmp[0] = '\0';
        return fail(sub, o->path, errno);
    }
    if (fchmod(fd, mode) != 0 || (o->fp = fdopen(fd, "w")) == NULL) {
        int e = errno;

        close(fd);
        unlink(o->tmp);
        o->tmp[0] = '\0';
        return fail(sub, o->path, e);
    }
    return 0;
}

int out_file_open(struct out_file *o, const char *sub, const char *path)
{
    struct stat st;

    memset(o, 0, sizeof(*o));
    o->path = path;
    if (path == NULL || strcmp(path, "-") == 0) {
        o->fp = term_raw_stdout(); /* a page, byte for byte */
        o->is_stdout = true;
        return 0;
    }
    if (strlen(path) >= sizeof(o->target)) {
        return fail(sub, path, ENAMETOOLONG);
    }
    strcpy(o->target, path);
    if (stat(path, &st) != 0) {
        if (errno != ENOENT) {
            return fail(sub, path, errno);
        }
        if (lstat(path, &st) == 0) {
            /* a link to nothing yet: its target made through it */
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY,
                          0644);

            if (fd < 0 || (o->fp = fdopen(fd, "w")) == NULL) {
                int e = errno;

                if (fd >= 0) {
                    close(fd);
                }
                return fail(sub, path, e);
            }
            o->in_place = true;
            return 0;
        }
        return open_beside(o, sub, 0644);
    }
    if (S_ISDIR(st.st_mode)) {
        return fail(sub, path, EISDIR);
    }
    if (!S_ISREG(st.st_mode)) {
        return open_in_place(o, sub);
    }
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);

        if (real == NULL || strlen(real) >= sizeof(o->target)) {
            int e = real == NULL ? errno : ENAMETOOLONG;

            free(real);
            return fail(sub, path, e);
        }
        strcpy(o->target, real);
        free(real);
        if (stat(o->target, &st) != 0) {
            return fail(sub, path, errno);
        }
    }
    return open_beside(o, sub, st.st_mode & 07777);
}

int out_file_close(struct out_file *o, const char *sub, bool ok)
{
    int rc = ok ? 0 : -1;

    if (o->fp == NULL || o->is_stdout) {
        return rc;
    }
    if (fflush(o->fp) != 0 || ferror(o->fp) ||
        (!o->in_place && fsync(fileno(o->fp)) != 0)) {
        if (rc == 0) {
            rc = fail(sub, o->path, errno);
        }
    }
    if (fclose(o->fp) != 0 && rc == 0) {
        rc = fail(sub, o->path, errno);
    }
    o->fp = NULL;
    if (o->tmp[0] == '\0') {
        return rc;
    }
    if (rc == 0 && rename(o->tmp, o->target) != 0) {
        rc = fail(sub, o->path, errno);
    }
    if (rc != 0) {
        unlink(o->tmp);
    }
    o->tmp[0] = '\0';
    return rc;
}
