/* SPDX-License-Identifier: MIT */
/*
 * sit_tags.c - the tags of a sitting: Format (a format and its switches,
 * docs/variants.md), Stake and Rubber; the switches' defaults.
 */
#include "sitting/sitting.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* Tags                                                                 */
/* ------------------------------------------------------------------ */

void sit__rules_for(struct sit_rules *r, int format)
{
    int stake = r->stake > 0 ? r->stake : 1;
    int rubber = r->rubber_tag;

    memset(r, 0, sizeof(*r));
    r->format = format;
    r->stake = stake;
    r->rubber_tag = rubber;
    r->bank_deals = true;
    r->bank_keeps = false;
    r->advice = format == SIT_CHOUETTE ? ADVICE_SPEAK
                : format == SIT_GALLERY ? ADVICE_POINT
                : ADVICE_NONE;
    r->pool_run = 2;
    r->pool_forfeit = 1;
    r->rentrant_deals = false;
    r->english = false;
    r->bettor_claims = true;
    r->loser_retires = true;
    r->tableau = false;
    r->each_turnup = false;
    r->levy = 0;
}
/* tag_fail - SIT_E_TAG with the message. */
static int tag_fail(struct sitting *s, const char *fmt, const char *what,
                    const char *found)
{
    snprintf(s->errmsg, sizeof(s->errmsg), fmt, what, found);
    return SIT_E_TAG;
}

/* trim - s without its blanks at both ends (in place). */
static char *trim(char *s)
{
    char *e;

    while (*s == ' ' || *s == '\t') {
        s++;
    }
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t')) {
        *--e = '\0';
    }
    return s;
}

/* yes_no - "yes" 1, "no" 0, else -1. */
static int yes_no(const char *v)
{
    return strcmp(v, "yes") == 0 ? 1 : strcmp(v, "no") == 0 ? 0 : -1;
}

/* One switch of a format: its name and the values it takes. */
struct fswitch {
    int format;
    const char *name;
    const char *values;         /* for the message */
};

static const struct fswitch fswitches[] = {
    {SIT_CHOUETTE, "bank-deals", "yes or no"},
    {SIT_CHOUETTE, "bank-on-loss", "passes or keeps"},
    {SIT_CHOUETTE, "advice", "speak, point or none"},
    {SIT_POOL, "pool-run", "2 or 3"},
    {SIT_POOL, "pool-forfeit", "1 or 0"},
    {SIT_POOL, "pool-deal", "cut or rentrant"},
    {SIT_POOL, "advice", "none, point or speak"},
    {SIT_GALLERY, "style", "french or english"},
    {SIT_GALLERY, "advice", "point, none or speak"},
    {SIT_GALLERY, "bettor-claims", "yes or no"},
    {SIT_GALLERY, "loser-retires", "yes or no"},
    {SIT_GALLERY, "bet-match", "cover or tableau"},
    {SIT_GALLERY, "bets-close", "first-turnup or each-turnup"},
    {SIT_GALLERY, "levy", "0 to 10"},
};

#define N_FSWITCHES (sizeof(fswitches) / sizeof(fswitches[0]))

/* set_switch - NAME=VALUE of format into r; 0, or -1 if the value is not
 * one it takes. */
static int set_switch(struct sit_rules *r, const char *name, const char *v)
{
    int yn = yes_no(v);

    if (strcmp(name, "bank-deals") == 0 && yn >= 0) {
        r->bank_deals = yn == 1;
    } else if (strcmp(name, "bank-on-loss") == 0 &&
               (strcmp(v, "passes") == 0 || strcmp(v, "keeps") == 0)) {
        r->bank_keeps = strcmp(v, "keeps") == 0;
    } else if (strcmp(name, "advice") == 0 &&
               (strcmp(v, "speak") == 0 || strcmp(v, "point") == 0 ||
                strcmp(v, "none") == 0)) {
        r->advice = strcmp(v, "speak") == 0   ? ADVICE_SPEAK
                    : strcmp(v, "point") == 0 ? ADVICE_POINT
                                              : ADVICE_NONE;
    } else if (strcmp(name, "pool-run") == 0 &&
               (strcmp(v, "2") == 0 || strcmp(v, "3") == 0)) {
        r->pool_run = v[0] - '0';
    } else if (strcmp(name, "pool-forfeit") == 0 &&
               (strcmp(v, "1") == 0 || strcmp(v, "0") == 0)) {
        r->pool_forfeit = v[0] - '0';
    } else if (strcmp(name, "pool-deal") == 0 &&
               (strcmp(v, "cut") == 0 || strcmp(v, "rentrant") == 0)) {
        r->rentrant_deals = strcmp(v, "rentrant") == 0;
    } else if (strcmp(name, "style") == 0 &&
               (strcmp(v, "french") == 0 || strcmp(v, "english") == 0)) {
        r->english = strcmp(v, "english") == 0;
    } else if (strcmp(name, "bettor-claims") == 0 && yn >= 0) {
        r->bettor_claims = yn == 1;
    } else if (strcmp(name, "loser-retires") == 0 && yn >= 0) {
        r->loser_retires = yn == 1;
    } else if (strcmp(name, "bet-match") == 0 &&
               (strcmp(v, "cover") == 0 || strcmp(v, "tableau") == 0)) {
        r->tableau = strcmp(v, "tableau") == 0;
    } else if (strcmp(name, "bets-close") == 0 &&
               (strcmp(v, "first-turnup") == 0 ||
                strcmp(v, "each-turnup") == 0)) {
        r->each_turnup = strcmp(v, "each-turnup") == 0;
    } else if (strcmp(name, "levy") == 0 && v[0] >= '0' && v[0] <= '9' &&
               (v[1] == '\0' || (strcmp(v, "10") == 0))) {
        r->levy = atoi(v);
    } else {
        return -1;
    }
    return 0;
}

/*
 * parse_format - a Format tag value: "chouette; bank-on-loss=keeps" into
 * r: the format, its defaults, the style preset of a gallery, then each
 * switch (a later one overriding).  Returns 0 or SIT_E_TAG (message).
 */
static int parse_format(struct sitting *sit, struct sit_rules *r,
                        const char *value)
{
    static const char *const names[] = {"duel", "chouette", "pool",
                                        "gallery"};
    char buf[TL_TAG_VALUE_MAX];
    char *items[32];
    int n = 0;
    int format = -1;
    char *save = NULL;

    snprintf(buf, sizeof(buf), "%s", value);
    for (char *it = strtok_r(buf, ";", &save); it != NULL && n < 32;
         it = strtok_r(NULL, ";", &save)) {
        items[n++] = trim(it);
    }
    for (int f = 0; n > 0 && f < 4; f++) {
        if (strcmp(items[0], names[f]) == 0) {
            format = f;
        }
    }
    if (format < 0) {
        return tag_fail(sit, "expected a format (duel, chouette, pool or "
                             "gallery)%s, found \"%s\"",
                        "", n > 0 ? items[0] : "");
    }
    sit__rules_for(r, format);
    /* a gallery's style sets the next four switches; written switches
     * override it wherever they stand */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 1; i < n; i++) {
            char *eq = strchr(items[i], '=');
            const char *name;
            const char *v;
            size_t k;

            if (eq == NULL) {
                return tag_fail(sit, "expected a switch NAME=VALUE%s, "
                                     "found \"%s\"",
                                "", items[i]);
            }
            *eq = '\0';
            name = trim(items[i]);
            v = trim(eq + 1);
            for (k = 0; k < N_FSWITCHES; k++) {
                if (fswitches[k].format == format &&
                    strcmp(fswitches[k].name, name) == 0) {
                    break;
                }
            }
            if (k == N_FSWITCHES) {
                char what[200];
                size_t used = 0;

                for (size_t j = 0; j < N_FSWITCHES; j++) {
                    if (fswitches[j].format == format) {
                        used += (size_t)snprintf(what + used,
                                                 sizeof(what) - used, "%s%s",
                                                 used ? ", " : "",
                                                 fswitches[j].name);
                    }
                }
                if (used == 0) {
                    snprintf(what, sizeof(what), "nothing after \"duel\"");
                }
                snprintf(sit->errmsg, sizeof(sit->errmsg),
                         "expected a switch of %s (%s), found \"%s\"",
                         names[format], what, name);
                return SIT_E_TAG;
            }
            if ((pass == 0) == (strcmp(name, "style") == 0)) {
                if (set_switch(r, name, v) != 0) {
                    snprintf(sit->errmsg, sizeof(sit->errmsg),
                             "expected %s=%s, found \"%s\"", name,
                             fswitches[k].values, v);
                    return SIT_E_TAG;
                }
                if (strcmp(name, "style") == 0) {
                    r->advice = r->english ? ADVICE_NONE : ADVICE_POINT;
                    r->bettor_claims = !r->english;
                    r->loser_retires = !r->english;
                }
            }
            *eq = '=';
        }
    }
    return 0;
}

int sitting_set_tag(struct sitting *s, const char *name, const char *value)
{
    s->errmsg[0] = '\0';
    if (strcmp(name, "Format") != 0 && strcmp(name, "Stake") != 0 &&
        strcmp(name, "Rubber") != 0) {
        return SIT_OK;
    }
    if (s->s.started) {
        snprintf(s->errmsg, sizeof(s->errmsg),
                 "expected [%s] before the first action", name);
        return SIT_E_TAG;
    }
    if (strcmp(name, "Format") == 0) {
        struct sit_rules r = s->s.r;
        int rc = parse_format(s, &r, value);

        if (rc != 0) {
            return rc;
        }
        s->s.r = r;
        return SIT_OK;
    }
    if (strcmp(name, "Rubber") == 0) {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        s->s.r.rubber_tag =
            value[0] >= '0' && value[0] <= '9' && *end == '\0' ? (int)v : -2;
        return SIT_OK;
    }
    {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        if (value[0] < '1' || value[0] > '9' || *end != '\0' ||
            v > TL_MONEY_MAX) {
            snprintf(s->errmsg, sizeof(s->errmsg),
                     "expected a stake (1 to %d), found \"%s\"",
                     TL_MONEY_MAX, value);
            return SIT_E_TAG;
        }
        s->s.r.stake = (int)v;
    }
    return SIT_OK;
}
