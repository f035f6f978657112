/* SPDX-License-Identifier: MIT */
/*
 * apply.c - one action through the sitting and the referee, and its
 * rulings in the words of a log's `= ruling` line: what recording,
 * checking, auditing and generating a log all do with an action.
 */
#include "session/session.h"

#include <stdio.h>
#include <string.h>

void apply_words(struct applied *out)
{
    for (int i = 0; i < out->r.n_rulings; i++) {
        ruling_format(&out->r.rulings[i], out->words[i],
                      sizeof(out->words[i]));
    }
    out->s.taken = false;
    out->s.touched = false;
    out->s.n_rulings = 0;
    out->s.n_marks = 0;
    out->s.n_notes = 0;
    out->s.n_records = 0;
}

char *sit_ruling_words(const struct sit_ruling *r, char *buf, size_t n)
{
    size_t used = (size_t)snprintf(buf, n, "ruling %s", laws_get(r->law)->id);

    if (r->offender[0] != '\0' && used < n) {
        used += (size_t)snprintf(buf + used, n - used, " offender %s",
                                 r->offender);
    }
    if (r->elector[0] != '\0' && used < n) {
        used += (size_t)snprintf(buf + used, n - used, " elector %s",
                                 r->elector);
    }
    if (r->remedy != REM_NONE && used < n) {
        snprintf(buf + used, n - used, " remedy %s", remedy_name(r->remedy));
    }
    return buf;
}

void apply_sit_words(struct applied *out)
{
    for (int i = 0; i < out->s.n_rulings; i++) {
        sit_ruling_words(&out->s.rulings[i], out->sit_words[i],
                         sizeof(out->sit_words[i]));
    }
}

int apply_event(struct arbiter *a, const struct table_event *ev, int line,
                struct applied *out)
{
    int rc;

    arbiter_set_line(a, line);
    rc = arbiter_apply(a, ev, &out->r);
    if (rc != 0) {
        return rc;
    }
    apply_words(out);
    return 0;
}

int apply_line(struct sitting *sit, struct arbiter *a, const struct tl_line *l,
               struct applied *out)
{
    int rc = sitting_apply(sit, a, l, &out->r, &out->s);

    if (rc != 0) {
        return rc;
    }
    for (int i = 0; i < out->r.n_rulings; i++) {
        ruling_format(&out->r.rulings[i], out->words[i],
                      sizeof(out->words[i]));
    }
    apply_sit_words(out);
    return 0;
}
