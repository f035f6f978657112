/* SPDX-License-Identifier: MIT */
/*
 * profile.c - rule profiles: the london defaults, the presets (meyers1889,
 * polish) and every switch of docs/variants.md, the switches, read from and
 * written to a Laws tag value.  One table describes every switch.
 */
#include "laws/laws.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One switch: its row of the sources, its name, the words of its values
 * (default first, '|' between), and the int each value stores in its
 * field (NULL: the value's position).  A numeric switch takes any number
 * its check accepts besides the words listed. */
struct switch_def {
    const char *row;            /* "5.7" */
    const char *name;           /* "dealer-min-exchange" */
    const char *values;         /* "1|0" */
    const int *map;             /* value index -> field value, or NULL */
    size_t offset;              /* of the int field in struct profile */
    bool (*numeric)(long v);    /* NULL, or accepts a number */
    const char *meaning;        /* one line */
};

static const int yes_no[] = {1, 0};
static const int no_yes[] = {0, 1};
static const int min_exchange[] = {1, 0};
static const int targets[] = {5, 7, 11};
static const int rubbers[] = {3, 0, 5, 7, 11};

/* odd_or_zero - a rubber of any odd number of games, or none. */
static bool odd_or_zero(long v)
{
    return v == 0 || (v > 0 && v < 100 && v % 2 == 1);
}

#define F(field) offsetof(struct profile, field)

static const struct switch_def switches[SW_COUNT] = {
    [SW_REDEAL] = {"5.4", "redeal", "same|other", yes_no,
                   F(redeal_same_dealer), NULL,
                   "who deals again after a void deal: the same dealer, or "
                   "the other"},
    [SW_TWO_TURNED] = {"5.5", "two-turned", "new-deal|eleventh", NULL,
                       F(two_turned_eleventh), NULL,
                       "two cards turned after elder hand looked: new deal, "
                       "or 11th stands"},
    [SW_RULE19] = {"5.6", "rule19", "rectify|miscount-only", yes_no,
                   F(rule19_after_rectify), NULL,
                   "L19 bars the turned king after a L9 rectification too, "
                   "or only after a miscount played on"},
    [SW_DEALER_MIN_EXCHANGE] = {"5.7", "dealer-min-exchange", "1|0",
                                min_exchange, F(dealer_min_exchange), NULL,
                                "cards the dealer must take when he accepts "
                                "a proposal"},
    [SW_ABANDON_EXTRA] = {"5.10", "abandon-extra", "yes|no", yes_no,
                          F(abandon_extra_point), NULL,
                          "a point won by abandonment includes the L49 "
                          "extra point"},
    [SW_PENALTY] = {"5.11", "penalty", "cap-and-replay|cap-or-replay", NULL,
                    F(penalty), NULL,
                    "L25/L43: caps apply to whatever is scored, or a replay "
                    "scores uncapped"},
    [SW_MUST_TRUMP] = {"5.12", "must-trump", "yes|no", yes_no, F(must_trump),
                       NULL, "a player void in the suit led must trump if he "
                             "can"},
    [SW_MUST_WIN] = {"5.13", "must-win", "yes|no", yes_no, F(must_win), NULL,
                     "the follower must win the trick if he can"},
    [SW_KING_MARK] = {"5.19", "king-mark", "next-turn-up|next-deal|immediate",
                      NULL, F(king_mark), NULL,
                      "deadline for marking a turned king (L22)"},
    [SW_GAME] = {"5.26", "game", "5|7|11", targets, F(target), NULL,
                 "points for game (L46)"},
    [SW_STAKES] = {"L46", "stakes", "single|treble", NULL, F(stakes), NULL,
                   "treble/double/single games by the loser's score"},
    [SW_RUBBER] = {"5.27", "rubber", "3|0|5|7|11", rubbers, F(rubber),
                   odd_or_zero,
                   "games in a rubber (best of N, any odd N), 0 none"},
    [SW_VOLE_EXTRA] = {"5.15", "vole-extra", "no|yes", no_yes, F(vole_extra),
                       NULL,
                       "the L49 extra point adds to a vole too (3 against "
                       "a stander or refuser)"},
    [SW_SCORING] = {"5.16", "scoring", "london|polish-table", NULL,
                    F(scoring), NULL,
                    "the table that turns tricks into points (L48, L49, or "
                    "the Polish table, PL2)"},
    [SW_PACKETS] = {"5.2", "packets", "dealer-choice|3-2|2-3", NULL,
                    F(packets), NULL,
                    "packet orders allowed: the dealer's choice kept for the "
                    "game (L8), or one fixed order"},
    [SW_TURNUP] = {"5.9", "turnup", "aside|under-stock", NULL, F(turnup),
                   NULL,
                   "the turn-up stays out of play, or lies face up under "
                   "the stock as its last card"},
    [SW_STOCK_OUT] = {"5.9", "stock-out", "stop|reshuffle", NULL,
                      F(stock_out), NULL,
                      "a stock that cannot serve ends the exchange (L38), or "
                      "the discards are shuffled into a new stock (PL1)"},
    [SW_PROPOSALS] = {"5.8", "proposals", "unlimited|one", NULL,
                      F(one_exchange), NULL,
                      "exchanges per hand: while elder hand proposes and the "
                      "dealer accepts, or one only"},
    [SW_KING_ANNOUNCE] = {"5.18", "king-announce", "spoken|mark", NULL,
                          F(king_announce), NULL,
                          "a king of trumps held is announced in words "
                          "(L23), or marking it is enough (PL3)"},
    [SW_JACK_VETO] = {"5.17", "jack-veto", "no|yes", no_yes, F(jack_veto),
                      NULL,
                      "the Polish jack veto of a game-ending king point "
                      "(PL5)"},
    [SW_DOUBLING] = {"5.28", "doubling", "no|yes", no_yes, F(doubling), NULL,
                     "either player may offer to double the hand until the "
                     "lead to the third trick (MD1, MD2)"},
    [SW_REDOUBLE] = {"-", "redouble", "no|yes", no_yes, F(redouble), NULL,
                     "after an accepted double the acceptor may offer "
                     "again"},
    [SW_OFFER_POINT] = {"5.28", "offer-point", "no|before-play|before-trick3",
                        NULL, F(offer_point), NULL,
                        "a player may offer the adversary the point, and "
                        "until when (MD3-MD5)"},
    [SW_OFFER_EXTRA] = {"-", "offer-extra", "yes|no", yes_no, F(offer_extra),
                        NULL,
                        "an accepted offer scores the point with the L49 "
                        "extra where it applies"},
    [SW_RANK] = {"5.29", "rank", "king-high|ace-high", NULL, F(rank), NULL,
                 "rank order in every suit and in the cut"},
    [SW_KING_BONUS] = {"-", "king-bonus", "king|ace", NULL, F(king_bonus),
                       NULL,
                       "under ace-high, which trump carries the turned and "
                       "held bonus point"},
    [SW_NEXT_GAME_DEALER] = {"-", "next-game-dealer", "alternate|loser", NULL,
                             F(next_game_dealer), NULL,
                             "who deals the first hand of a new game: in "
                             "turn, or the loser of the last"},
};

#undef F

/* The presets: a name and the switches it sets over london. */
static const struct {
    const char *name;
    const char *switches;
} presets[PRESET_COUNT] = {
    [PRESET_LONDON] = {"london", ""},
    [PRESET_MEYERS1889] = {"meyers1889",
                           "king-mark=immediate; vole-extra=yes; "
                           "dealer-min-exchange=0"},
    [PRESET_POLISH] = {"polish",
                       "scoring=polish-table; turnup=under-stock; "
                       "stock-out=reshuffle; king-announce=mark; "
                       "must-trump=no"},
};

static const char *source_words[] = {
    [FROM_DEFAULT] = "default",
    [FROM_PRESET] = "preset",
    [FROM_LAWS] = "Laws tag",
    [FROM_TAG] = "its own tag",
};

/* field - the int field of switch s in *p. */
static int *field(struct profile *p, int s)
{
    return (int *)(void *)((char *)p + switches[s].offset);
}

static int field_value(const struct profile *p, int s)
{
    return *(const int *)(const void *)((const char *)p +
                                        switches[s].offset);
}

/* value_index - position of the word v in the '|' list vals, or -1. */
static int value_index(const char *vals, const char *v)
{
    const char *p = vals;
    int i = 0;
    size_t len = strlen(v);

    while (*p != '\0') {
        const char *bar = strchr(p, '|');
        size_t n = bar != NULL ? (size_t)(bar - p) : strlen(p);

        if (n == len && strncasecmp(p, v, n) == 0) {
            return i;
        }
        if (bar == NULL) {
            break;
        }
        p = bar + 1;
        i++;
    }
    return -1;
}

/* value_at - the v-th word of the '|' list vals into buf. */
static const char *value_at(const char *vals, int v, char *buf, size_t n)
{
    const char *p = vals;

    for (int i = 0; i < v && p != NULL; i++) {
        p = strchr(p, '|');
        p = p != NULL ? p + 1 : NULL;
    }
    if (p == NULL) {
        snprintf(buf, n, "?");
        return buf;
    }
    snprintf(buf, n, "%.*s", (int)strcspn(p, "|"), p);
    return buf;
}

/* value_text - the word for switch s's value in *p (a number for a
 * numeric switch's value that has no word). */
static const char *value_text(const struct profile *p, int s, char *buf,
                              size_t n)
{
    int stored = field_value(p, s);
    int count = 1;

    for (const char *c = switches[s].values; *c != '\0'; c++) {
        count += *c == '|';
    }
    for (int i = 0; i < count; i++) {
        int as = switches[s].map != NULL ? switches[s].map[i] : i;

        if (as == stored) {
            return value_at(switches[s].values, i, buf, n);
        }
    }
    snprintf(buf, n, "%d", stored);
    return buf;
}

/* set_switch - switch s of *p to the word v (from src).  Returns 0, or -1
 * with the reason in err. */
static int set_switch(struct profile *p, int s, const char *v,
                      enum switch_source src, char *err, size_t n)
{
    int i = value_index(switches[s].values, v);

    if (i >= 0) {
        *field(p, s) = switches[s].map != NULL ? switches[s].map[i] : i;
    } else if (switches[s].numeric != NULL) {
        char *end = NULL;
        long num = strtol(v, &end, 10);

        if (v[0] < '0' || v[0] > '9' || *end != '\0' ||
            !switches[s].numeric(num)) {
            snprintf(err, n, "expected %s=%s (or another odd number), found "
                             "\"%s\"",
                     switches[s].name, switches[s].values, v);
            return -1;
        }
        *field(p, s) = (int)num;
    } else {
        snprintf(err, n, "expected %s=%s, found \"%s\"", switches[s].name,
                 switches[s].values, v);
        return -1;
    }
    p->from[s] = (uint8_t)src;
    return 0;
}

/* trim - item without the spaces or tabs around it (in place). */
static char *trim(char *item)
{
    char *e;

    while (*item == ' ' || *item == '\t') {
        item++;
    }
    e = item + strlen(item);
    while (e > item && (e[-1] == ' ' || e[-1] == '\t')) {
        *--e = '\0';
    }
    return item;
}

/* apply - the items of a switch list ("a=b; c=d") to *p, from src. */
static int apply(struct profile *p, const char *list, enum switch_source src,
                 bool preset_allowed, char *err, size_t n)
{
    char buf[512];
    char *save = NULL;
    bool first = true;

    snprintf(buf, sizeof(buf), "%s", list);
    for (char *item = strtok_r(buf, ";,", &save); item != NULL;
         item = strtok_r(NULL, ";,", &save)) {
        char *eq;
        int s;

        item = trim(item);
        if (*item == '\0') {
            continue;
        }
        eq = strchr(item, '=');
        if (eq == NULL) {
            int pr = -1;

            for (int k = 0; k < PRESET_COUNT; k++) {
                if (strcasecmp(item, presets[k].name) == 0) {
                    pr = k;
                }
            }
            if (!first || !preset_allowed || pr < 0) {
                snprintf(err, n, "expected a preset (london, meyers1889, "
                                 "polish) first, then switches NAME=VALUE, "
                                 "found \"%s\"",
                         item);
                return -1;
            }
            p->preset = pr;
            snprintf(p->name, sizeof(p->name), "%s", presets[pr].name);
            if (apply(p, presets[pr].switches, FROM_PRESET, false, err, n) !=
                0) {
                return -1;
            }
            first = false;
            continue;
        }
        first = false;
        *eq++ = '\0';
        item = trim(item);
        eq = trim(eq);
        for (s = 0; s < SW_COUNT; s++) {
            if (strcasecmp(switches[s].name, item) == 0) {
                break;
            }
        }
        if (s == SW_COUNT) {
            snprintf(err, n, "expected a Laws switch (see `ecarte laws "
                             "--profile`), found \"%s\"",
                     item);
            return -1;
        }
        if (src == FROM_LAWS && p->from[s] == FROM_LAWS) {
            /* written twice in the tag: the second must say the same */
            int was = field_value(p, s);

            if (set_switch(p, s, eq, src, err, n) != 0) {
                return -1;
            }
            if (field_value(p, s) != was) {
                snprintf(err, n, "expected one value for the Laws switch "
                                 "%s, found a second, \"%s\"",
                         switches[s].name, eq);
                return -1;
            }
            continue;
        }
        if (set_switch(p, s, eq, src, err, n) != 0) {
            return -1;
        }
    }
    return 0;
}

void profile_london(struct profile *out)
{
    memset(out, 0, sizeof(*out));
    snprintf(out->name, sizeof(out->name), "london");
    out->preset = PRESET_LONDON;
    for (int s = 0; s < SW_COUNT; s++) {
        /* the first value of each switch is the london default */
        *field(out, s) = switches[s].map != NULL ? switches[s].map[0] : 0;
        out->from[s] = FROM_DEFAULT;
    }
}

int profile_parse(struct profile *p, const char *value, char *err, size_t n)
{
    profile_london(p);
    return apply(p, value, FROM_LAWS, true, err, n);
}

char *profile_format(const struct profile *p, char *buf, size_t n)
{
    struct profile base;
    char err[200];
    size_t used;

    profile_london(&base);
    (void)apply(&base, presets[p->preset].switches, FROM_PRESET, false, err,
                sizeof(err));
    used = (size_t)snprintf(buf, n, "%s", presets[p->preset].name);
    for (int s = 0; s < SW_COUNT && used < n; s++) {
        char v[32];

        if (field_value(p, s) == field_value(&base, s)) {
            continue;
        }
        used += (size_t)snprintf(buf + used, n - used, "; %s=%s",
                                 switches[s].name,
                                 value_text(p, s, v, sizeof(v)));
    }
    return buf;
}

/* The laws and rules each switch changes (for the laws reference). */
static const char *const switch_laws[SW_COUNT] = {
    [SW_REDEAL] = "L2 L6 L7 L9 L11 L12 L13 L14 L15 L16 L17 L18 L20 L21 "
                  "L44 L45",
    [SW_TWO_TURNED] = "L11",
    [SW_RULE19] = "L19",
    [SW_DEALER_MIN_EXCHANGE] = "L33 L34",
    [SW_ABANDON_EXTRA] = "L42",
    [SW_PENALTY] = "L25 L43",
    [SW_MUST_TRUMP] = "L43",
    [SW_MUST_WIN] = "L43",
    [SW_KING_MARK] = "L22 L47 L50",
    [SW_GAME] = "L46",
    [SW_STAKES] = "L46",
    [SW_RUBBER] = "L46",
    [SW_VOLE_EXTRA] = "L48 L49",
    [SW_SCORING] = "L48 L49 PL2",
    [SW_PACKETS] = "L8 L9",
    [SW_TURNUP] = "L10 L38 PL4",
    [SW_STOCK_OUT] = "L38 PL1",
    [SW_PROPOSALS] = "L26 L27",
    [SW_KING_ANNOUNCE] = "L23 L24 L47 PL3",
    [SW_JACK_VETO] = "PL5",
    [SW_DOUBLING] = "L48 MD1 MD2",
    [SW_REDOUBLE] = "MD1 MD2",
    [SW_OFFER_POINT] = "MD3 MD4 MD5",
    [SW_OFFER_EXTRA] = "MD4",
    [SW_RANK] = "L5 L43 L48",
    [SW_KING_BONUS] = "L47",
    [SW_NEXT_GAME_DEALER] = "L14 L46",
};

char *profile_law_switches(const char *id, char *buf, size_t n)
{
    size_t used = 0;
    size_t len = strlen(id);

    if (n > 0) {
        buf[0] = '\0';
    }
    for (int k = 0; k < SW_COUNT && used < n; k++) {
        const char *p = switch_laws[k];

        while (p != NULL && (p = strstr(p, id)) != NULL) {
            if ((p == switch_laws[k] || p[-1] == ' ') &&
                (p[len] == ' ' || p[len] == '\0')) {
                used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                         used > 0 ? ", " : "",
                                         switches[k].name);
                break;
            }
            p += len;
        }
    }
    return buf;
}

char *profile_describe(const struct profile *p, char *buf, size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    used += (size_t)snprintf(buf + used, n - used, "preset %s\n",
                             presets[p->preset].name);
    for (int s = 0; s < SW_COUNT && used < n; s++) {
        char v[32];

        used += (size_t)snprintf(
            buf + used, n - used, "%-19s %-13s %-11s (%s) %s [%s]\n",
            switches[s].name, value_text(p, s, v, sizeof(v)),
            source_words[p->from[s]], switches[s].values, switches[s].meaning,
            switch_laws[s]);
    }
    return buf;
}

void profile_set_from(struct profile *p, enum profile_switch sw,
                      enum switch_source src)
{
    p->from[sw] = (uint8_t)src;
}
