/* SPDX-License-Identifier: MIT */
/* laws.c - the registry of the 51 laws and the variant systems' rules,
 * generated from the single list in law_list.h, and its self-check. */
#include "laws/laws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "laws/laws_int.h"

static const struct law *const registry[] = {
#define LAW(num, slug) &law_##num##_##slug,
#define RULE(sys, num, slug) &rule_##sys##num##_##slug,
#include "laws/law_list.h"
#undef RULE
#undef LAW
};

_Static_assert(sizeof(registry) / sizeof(registry[0]) == LAW_COUNT,
               "one registry row per law of law_list.h");

const struct law *laws_get(enum law_id l)
{
    return registry[l];
}

bool laws_remedy_allowed(const struct law *row, enum remedy r)
{
    if (row->judge != NULL) {
        return r >= 0 && r < REM_COUNT && (row->remedies & REM_BIT(r)) != 0;
    }
    return r == row->remedy;
}

const struct law *laws_find(const char *id, size_t n)
{
    char buf[8];
    const char *p;
    char *end = NULL;
    long num;

    if (n == 0 || n >= sizeof(buf)) {
        return NULL;
    }
    memcpy(buf, id, n);
    buf[n] = '\0';
    for (int i = N_CLUB_LAWS; i < LAW_COUNT; i++) {
        if (strcasecmp(registry[i]->id, buf) == 0) {
            return registry[i];     /* a variant rule: "PL5" */
        }
    }
    p = buf[0] == 'L' || buf[0] == 'l' ? buf + 1 : buf;
    if (*p < '1' || *p > '9') {
        return NULL;
    }
    num = strtol(p, &end, 10);
    if (*end != '\0' || num < 1 || num > N_CLUB_LAWS) {
        return NULL;
    }
    return registry[num - 1];
}

int laws_selfcheck(char *err, size_t n)
{
    for (int i = 0; i < LAW_COUNT; i++) {
        const struct law *l = registry[i];
        char want[16];

        snprintf(want, sizeof(want), "L%d", i + 1);
        if (l->law != (enum law_id)i || l->id == NULL ||
            (i < N_CLUB_LAWS && strcmp(l->id, want) != 0)) {
            snprintf(err, n, "row %d: expected id %s", i + 1, want);
            return -1;
        }
        if (i >= N_CLUB_LAWS &&
            (strlen(l->id) < 3 || l->id[0] < 'A' || l->id[0] > 'Z' ||
             l->id[1] < 'A' || l->id[1] > 'Z' || l->id[2] < '1' ||
             l->id[2] > '9' || (l->engaged == NULL) == (l->judge == NULL))) {
            snprintf(err, n, "row %d: a variant rule needs an id like PL1 "
                             "and either the profiles that engage it or a "
                             "verdict of the sitting",
                     i + 1);
            return -1;
        }
        for (int j = 0; j < i; j++) {
            if (strcmp(registry[j]->id, l->id) == 0) {
                snprintf(err, n, "%s: id used twice", l->id);
                return -1;
            }
        }
        if (l->title == NULL || l->title[0] == '\0' || l->text_ref == NULL) {
            snprintf(err, n, "%s: no title or text", l->id);
            return -1;
        }
        if (l->trigger == 0 || (l->applies == NULL) == (l->judge == NULL)) {
            snprintf(err, n, "%s: no trigger, or not exactly one of an "
                             "applies function and a verdict of the sitting",
                     l->id);
            return -1;
        }
        if ((l->judge != NULL) != (l->format != NULL) ||
            (l->judge != NULL && !laws_remedy_allowed(l, l->remedy)) ||
            (l->judge == NULL && l->remedies != 0)) {
            snprintf(err, n, "%s: a rule of the sitting names its format, "
                             "its verdict and its remedies, the default "
                             "among them",
                     l->id);
            return -1;
        }
        if (l->window < 0 || l->window >= WIN_COUNT || l->remedy < 0 ||
            l->remedy >= REM_COUNT) {
            snprintf(err, n, "%s: window or remedy out of range", l->id);
            return -1;
        }
        if ((l->elector != ROLE_NOBODY) != (l->options != 0)) {
            snprintf(err, n, "%s: options must be given exactly when there "
                             "is an elector",
                     l->id);
            return -1;
        }
        if (l->options >= OPT_BIT(OPT_COUNT)) {
            snprintf(err, n, "%s: unknown option bits", l->id);
            return -1;
        }
    }
    return 0;
}
