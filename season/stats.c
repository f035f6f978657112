/* SPDX-License-Identifier: MIT */
/*
 * stats.c - the season's long-run counts and their chances: each sitting
 * chosen is walked by the audit (audit_collect, that sitting alone),
 * exactly as `ecarte audit` walks it, and each of its players (a person,
 * or a seat of a duel) is added to the member he is (season_member_of);
 * then the statistics over the season (season_stats) as the audit
 * computes them for one ledger: an exact binomial tail against chance,
 * flagged under AUDIT_FLAG_P.
 */
#include "season/season_int.h"

#include <stdlib.h>
#include <string.h>

/* A player of one sitting's audit, kept until the walk is over. */
struct seen_player {
    char id[TL_ID_MAX];         /* a person's code, "" for a seat */
    char name[TL_TAG_VALUE_MAX]; /* the seat's tag or letter */
    struct audit_tally t;
};

/* What the audit's sink collects. */
struct collect {
    struct seen_player *p;
    int n;
    bool no_memory;
};

/* The sink's calls the season does not need. */
static void no_finding(void *ctx, const char *source, int line,
                       int64_t sitting, int deal, int64_t event,
                       const char *law, const char *kind, const char *message)
{
    (void)ctx, (void)source, (void)line, (void)sitting, (void)deal;
    (void)event, (void)law, (void)kind, (void)message;
}

static void no_irregularity(void *ctx, const char *source, int line,
                            int64_t sitting, int deal, int64_t event,
                            const struct ruling *r, const char *words,
                            const char *status, const char *person)
{
    (void)ctx, (void)source, (void)line, (void)sitting, (void)deal;
    (void)event, (void)r, (void)words, (void)status, (void)person;
}

static void no_strike(void *ctx, const char *source, int line,
                      int64_t sitting, const char *struck)
{
    (void)ctx, (void)source, (void)line, (void)sitting, (void)struck;
}

static void no_strikes(void *ctx, int64_t sitting, const char *source,
                       int strikes)
{
    (void)ctx, (void)sitting, (void)source, (void)strikes;
}

static void no_statistic(void *ctx, const char *player, const char *person,
                         const char *kind, int k, int n, double expected,
                         double probability, bool flagged,
                         const char *message)
{
    (void)ctx, (void)player, (void)person, (void)kind, (void)k, (void)n;
    (void)expected, (void)probability, (void)flagged, (void)message;
}

/* got_player - a player's summary of the sitting, kept. */
static void got_player(void *ctx, const char *person, const char *name,
                       const struct audit_tally *t)
{
    struct collect *c = ctx;
    void *q;

    q = realloc(c->p, sizeof(*c->p) * (size_t)(c->n + 1));
    if (q == NULL) {
        c->no_memory = true;
        return;
    }
    c->p = q;
    snprintf(c->p[c->n].id, sizeof(c->p[c->n].id), "%s",
             person != NULL ? person : "");
    snprintf(c->p[c->n].name, sizeof(c->p[c->n].name), "%s",
             name != NULL ? name : "");
    c->p[c->n].t = *t;
    c->n++;
}

/* tally_empty - has t counted nothing? */
static bool tally_empty(const struct audit_tally *t)
{
    static const struct audit_tally zero;

    return memcmp(t, &zero, sizeof(*t)) == 0;
}

/* The seats' tags of a sitting (ledger_tags_foreach). */
struct seat_tags {
    char v[2][TL_TAG_VALUE_MAX];
    bool set[2];
};

static int seat_tag(void *ctx, const char *name, const char *value)
{
    struct seat_tags *st = ctx;

    for (int s = 0; s < 2; s++) {
        if (!st->set[s] && name[0] == 'A' + s && name[1] == '\0') {
            snprintf(st->v[s], sizeof(st->v[s]), "%s", value);
            st->set[s] = true;
        }
    }
    return 0;
}

/* seat_who - the seat ("A", "B") a duel's player of that name is: his
 * letter, or the seat whose tag he is ("" if neither). */
static const char *seat_who(const struct seat_tags *st, const char *name)
{
    if (strcmp(name, "A") == 0 || strcmp(name, "B") == 0) {
        return name;
    }
    if (st->set[0] && strcmp(st->v[0], name) == 0) {
        return "A";
    }
    if (st->set[1] && strcmp(st->v[1], name) == 0) {
        return "B";
    }
    return "";
}

int season__audit(struct ledger *l, struct season *s, int64_t sitting,
                  const char *date, char *err, size_t err_n)
{
    static const struct audit_sink sink = {
        .finding = no_finding,
        .irregularity = no_irregularity,
        .strike = no_strike,
        .strikes = no_strikes,
        .player = got_player,
        .statistic = no_statistic,
    };
    struct collect c = { NULL, 0, false };
    struct audit_totals tot;
    struct seat_tags tags;
    int rc = 0;

    memset(&tags, 0, sizeof(tags));
    if (audit_collect(l, sitting, &sink, &c, &tot) != 0 || c.no_memory) {
        season__err(err, err_n, "sitting %lld: %s", (long long)sitting,
                    tot.no_memory || c.no_memory ? "out of memory"
                                                 : ledger_errmsg(l));
        free(c.p);
        return -1;
    }
    if (ledger_tags_foreach(l, sitting, seat_tag, &tags) != 0) {
        season__err(err, err_n, "%s", ledger_errmsg(l));
        free(c.p);
        return -1;
    }
    for (int i = 0; i < c.n && rc == 0; i++) {
        const char *who = c.p[i].id[0] != '\0' ? c.p[i].id
                                               : seat_who(&tags, c.p[i].name);
        char name[SEASON_NAME_MAX];
        struct season_member *m;

        if (tally_empty(&c.p[i].t)) {
            continue;
        }
        if (season_member_of(l, sitting, who, name, sizeof(name)) != 0) {
            season__err(err, err_n, "%s", ledger_errmsg(l));
            rc = -1;
            break;
        }
        if (name[0] == '\0') {
            continue;
        }
        m = season__member(s, name);
        if (m == NULL) {
            season__err(err, err_n, "out of memory");
            rc = -1;
            break;
        }
        if (season__evening(m, sitting, date) == NULL) {
            season__err(err, err_n, "out of memory");
            rc = -1;
            break;
        }
        audit_tally_add(&m->t, &c.p[i].t);
    }
    free(c.p);
    return rc;
}

/* one_stat - a binomial statistic of k in n at chance p into *st. */
static void one_stat(struct season_stat *st, const char *kind,
                     const char *what, int k, int n, double p)
{
    st->kind = kind;
    st->what = what;
    st->k = k;
    st->n = n;
    st->p = p;
    st->expected = n * p;
    st->probability = audit_binom_tail(n, k, p);
    st->flagged = n > 0 && k > n * p && st->probability < AUDIT_FLAG_P;
}

int season_stats(const struct season_member *m, struct season_stat *out)
{
    const struct audit_tally *t = &m->t;
    int n = 0;

    if (t->dealt > 0) {
        one_stat(&out[n++], "kings-turned", "kings turned up as dealer",
                 t->kings_turned, t->dealt, AUDIT_P_KING_TURNED);
    }
    if (t->known_hands > 0) {
        one_stat(&out[n++], "king-held", "kings of trumps held",
                 t->held_king, t->known_hands, AUDIT_P_KING_HELD);
    }
    if (t->answered >= 20 &&
        (t->accepted == t->answered || t->accepted == 0)) {
        struct season_stat *st = &out[n++];

        st->kind = t->accepted == 0 ? "never-accepts" : "always-accepts";
        st->what = t->accepted == 0 ? "proposals refused, all of them"
                                    : "proposals accepted, all of them";
        st->k = t->accepted;
        st->n = t->answered;
        st->p = 0.0;
        st->expected = 0.0;
        st->probability = 0.0;
        st->flagged = true;
    }
    return n;
}

char *season_by_law(const struct season_member *m, char *buf, size_t n)
{
    size_t used = 0;

    if (n == 0) {
        return buf;
    }
    buf[0] = '\0';
    for (int k = 0; k < LAW_COUNT && used < n; k++) {
        if (m->t.by_law[k] > 0) {
            int w = snprintf(buf + used, n - used, "%s%s:%d",
                             used ? "," : "", laws_get((enum law_id)k)->id,
                             m->t.by_law[k]);

            if (w < 0) {
                break;
            }
            used += (size_t)w;
        }
    }
    return buf;
}
