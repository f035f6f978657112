/*
 * member.c - who a seat or a person of a sitting is in the season: the
 * member (season_member_of).  The ledger's members API
 * (ledger_member_of) decides once it is there; until then the default
 * rule stands in for it here: a duel's seat is its A/B tag's value (at a
 * table with persons a seat is nobody), a person the person table's name
 * for his code, and the placeholders ("", "?", "A", "B", "Player A",
 * "Player B") are nobody.
 */
#include "season/season.h"

#include <string.h>

bool season_placeholder(const char *spelling)
{
    return spelling == NULL || spelling[0] == '\0' ||
           strcmp(spelling, "?") == 0 || strcmp(spelling, "A") == 0 ||
           strcmp(spelling, "B") == 0 || strcmp(spelling, "Player A") == 0 ||
           strcmp(spelling, "Player B") == 0;
}

/* What a walk of the tags or the persons looks for. */
struct member_find {
    const char *who;
    char *out;
    size_t n;
    bool found;
};

/* tag_found - the first tag named as the seat (ledger_tags_foreach). */
static int tag_found(void *ctx, const char *name, const char *value)
{
    struct member_find *m = ctx;

    if (!m->found && strcmp(name, m->who) == 0) {
        snprintf(m->out, m->n, "%s", value);
        m->found = true;
    }
    return 0;
}

/* person_found - the person of that code (ledger_persons_foreach). */
static int person_found(void *ctx, const char *code, const char *name)
{
    struct member_find *m = ctx;

    if (!m->found && strcmp(code, m->who) == 0) {
        snprintf(m->out, m->n, "%s", name);
        m->found = true;
    }
    return 0;
}

/* person_any - the sitting has a person (ledger_persons_foreach). */
static int person_any(void *ctx, const char *code, const char *name)
{
    struct member_find *m = ctx;

    (void)code, (void)name;
    m->found = true;
    return 0;
}

int season_member_of(struct ledger *l, int64_t sitting, const char *who,
                     char *out, size_t n)
{
    struct member_find m = { who, out, n, false };
    int rc;

    if (n == 0) {
        return LEDGER_E_ERROR;
    }
    out[0] = '\0';
    if (who == NULL || who[0] == '\0') {
        return 0;
    }
    if (strcmp(who, "A") == 0 || strcmp(who, "B") == 0) {
        struct member_find any = { "", NULL, 0, false };

        /* at a table with persons a seat is no member */
        rc = ledger_persons_foreach(l, sitting, person_any, &any);
        if (rc != 0 || any.found) {
            return rc < 0 ? rc : 0;
        }
        rc = ledger_tags_foreach(l, sitting, tag_found, &m);
    } else {
        rc = ledger_persons_foreach(l, sitting, person_found, &m);
    }
    if (rc != 0) {
        out[0] = '\0';
        return rc < 0 ? rc : LEDGER_E_ERROR;
    }
    if (season_placeholder(out)) {
        out[0] = '\0';
    }
    return 0;
}
