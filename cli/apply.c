/*
 * apply.c - one action through the referee, and its rulings in the words
 * of a log's `= ruling` line: what recording, checking, auditing and
 * generating a log all do with an action.
 */
#include "cli/cli.h"

void apply_words(struct applied *out)
{
    for (int i = 0; i < out->r.n_rulings; i++) {
        ruling_format(&out->r.rulings[i], out->words[i],
                      sizeof(out->words[i]));
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
