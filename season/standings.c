/* SPDX-License-Identifier: MIT */
/*
 * standings.c - season_standings (season/season.h): the sittings chosen
 * by the filter, season_standings_sql's rows of those sittings summed
 * per member, rubbers counted from each sitting's games in order, and
 * the audit's tallies of each chosen sitting added to its members'
 * (season/stats.c).
 *
 * The query is a constant text run on the ledger's own connection
 * (ledger__db): no SQL is built from input, nothing is bound.
 */
#include "season/season_int.h"

#include "laws/profile.h"
#include "ledger/ledger_int.h"
#include "tablelog/tablelog.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The sittings, each with its date, laws and format (the query's sit
 * CTE, alone). */
static const char sittings_sql[] =
    "WITH first_tag AS (\n"
    "  SELECT t.sitting_id, t.name, t.value FROM tag t\n"
    "  WHERE t.id = (SELECT MIN(t2.id) FROM tag t2\n"
    "                WHERE t2.sitting_id = t.sitting_id\n"
    "                  AND t2.name = t.name))\n"
    "SELECT s.id,\n"
    "  CASE WHEN REPLACE(d.value, '.', '-') LIKE '____-__-__'\n"
    "            AND d.value NOT LIKE '%?%'\n"
    "       THEN REPLACE(d.value, '.', '-')\n"
    "       ELSE SUBSTR(s.opened, 1, 10) END,\n"
    "  COALESCE(lw.value, ''), COALESCE(fm.value, '')\n"
    "FROM sitting s\n"
    "LEFT JOIN first_tag d ON d.sitting_id = s.id AND d.name = 'Date'\n"
    "LEFT JOIN first_tag lw ON lw.sitting_id = s.id AND lw.name = 'Laws'\n"
    "LEFT JOIN first_tag fm ON fm.sitting_id = s.id AND fm.name = 'Format'\n"
    "ORDER BY s.id\n";

void season__err(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;

    if (n == 0) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
}

int season_date_normal(const char *in, char out[16])
{
    char d[11];

    if (in == NULL || strlen(in) != 10 || (in[4] != '-' && in[4] != '.') ||
        in[7] != in[4]) {
        return -1;
    }
    memcpy(d, in, 10);
    d[4] = d[7] = '-';
    d[10] = '\0';
    if (!tl_date_valid(d)) {
        return -1;
    }
    memcpy(out, d, 11);
    return 0;
}

/* preset_is - is the first word of spec (before any ';', blanks left
 * out) word? */
static bool preset_is(const char *spec, const char *word)
{
    size_t n;

    while (*spec == ' ' || *spec == '\t') {
        spec++;
    }
    n = strcspn(spec, ";");
    while (n > 0 && (spec[n - 1] == ' ' || spec[n - 1] == '\t')) {
        n--;
    }
    return strlen(word) == n && strncmp(spec, word, n) == 0;
}

/* laws_match - does a sitting's Laws tag (tag, "london" when it has
 * none) answer --laws want: a preset alone (no switch) its preset, else
 * the same laws (both in their canonical form, profile_format: the case
 * and the blanks of either, and switches at the preset's own value, do
 * not matter)?  A tag that does not read answers only the same text. */
static bool laws_match(const char *tag, const char *want)
{
    struct profile t;
    struct profile w;
    char why[200];
    char ct[600];
    char cw[600];

    if (profile_parse(&t, tag, why, sizeof(why)) != 0 ||
        profile_parse(&w, want, why, sizeof(why)) != 0) {
        return strcmp(tag, want) == 0 || preset_is(tag, want);
    }
    if (strchr(want, '=') == NULL) {
        return t.preset == w.preset;
    }
    return strcmp(profile_format(&t, ct, sizeof(ct)),
                  profile_format(&w, cw, sizeof(cw))) == 0;
}

/* chosen - does filter f take a sitting of that date, laws and format? */
static bool chosen(const struct season_filter *f, const char *date,
                   const char *laws, const char *format)
{
    char d[16];

    if (f == NULL) {
        return true;
    }
    if (f->since != NULL && f->since[0] != '\0' &&
        (season_date_normal(f->since, d) != 0 || strcmp(date, d) < 0)) {
        return false;
    }
    if (f->until != NULL && f->until[0] != '\0' &&
        (season_date_normal(f->until, d) != 0 || strcmp(date, d) > 0)) {
        return false;
    }
    if (f->laws != NULL && f->laws[0] != '\0') {
        if (!laws_match(laws[0] != '\0' ? laws : "london", f->laws)) {
            return false;
        }
    }
    if (f->format != NULL && f->format[0] != '\0' &&
        !preset_is(format[0] != '\0' ? format : "duel", f->format)) {
        return false;
    }
    return true;
}

/* sitting_index - the index of sitting id among s's chosen ones, -1. */
static int sitting_index(const struct season *s, int64_t id)
{
    for (int i = 0; i < s->sittings; i++) {
        if (s->sitting_ids[i] == id) {
            return i;
        }
    }
    return -1;
}

/* choose - the sittings f takes into s (sitting_ids, dates).  Returns
 * 0, -1 (err). */
static int choose(struct ledger *l, const struct season_filter *f,
                  struct season *s, char (**dates)[16], char *err,
                  size_t err_n)
{
    sqlite3 *db = ledger__db(l);
    sqlite3_stmt *st = NULL;
    int rc;

    if (sqlite3_prepare_v2(db, sittings_sql, -1, &st, NULL) != SQLITE_OK) {
        season__err(err, err_n, "%s", sqlite3_errmsg(db));
        return -1;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *date = (const char *)sqlite3_column_text(st, 1);
        const char *laws = (const char *)sqlite3_column_text(st, 2);
        const char *format = (const char *)sqlite3_column_text(st, 3);
        void *q;

        if (!chosen(f, date ? date : "", laws ? laws : "",
                    format ? format : "")) {
            continue;
        }
        q = realloc(s->sitting_ids,
                    sizeof(*s->sitting_ids) * (size_t)(s->sittings + 1));
        if (q == NULL) {
            break;
        }
        s->sitting_ids = q;
        q = realloc(*dates, sizeof(**dates) * (size_t)(s->sittings + 1));
        if (q == NULL) {
            break;
        }
        *dates = q;
        s->sitting_ids[s->sittings] = sqlite3_column_int64(st, 0);
        snprintf((*dates)[s->sittings], 16, "%.15s", date ? date : "");
        s->sittings++;
    }
    if (rc != SQLITE_DONE) {
        season__err(err, err_n, "%s",
                    rc == SQLITE_ROW ? "out of memory" : sqlite3_errmsg(db));
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    return 0;
}

struct season_member *season__member(struct season *s, const char *name)
{
    struct season_member *m;
    void *q;

    for (int i = 0; i < s->n_members; i++) {
        if (strcmp(s->members[i].name, name) == 0) {
            return &s->members[i];
        }
    }
    q = realloc(s->members, sizeof(*s->members) * (size_t)(s->n_members + 1));
    if (q == NULL) {
        return NULL;
    }
    s->members = q;
    m = &s->members[s->n_members++];
    memset(m, 0, sizeof(*m));
    snprintf(m->name, sizeof(m->name), "%s", name);
    return m;
}

struct season_evening *season__evening(struct season_member *m,
                                      int64_t sitting, const char *date)
{
    struct season_evening *e;
    void *q;

    for (int i = 0; i < m->n_evenings; i++) {
        if (m->evenings[i].sitting == sitting) {
            return &m->evenings[i];
        }
    }
    q = realloc(m->evenings, sizeof(*m->evenings) * (size_t)(m->n_evenings + 1));
    if (q == NULL) {
        return NULL;
    }
    m->evenings = q;
    e = &m->evenings[m->n_evenings++];
    memset(e, 0, sizeof(*e));
    e->sitting = sitting;
    snprintf(e->date, sizeof(e->date), "%.15s", date);
    return e;
}

/* col - column i of st as a long. */
static long col(sqlite3_stmt *st, int i)
{
    return (long)sqlite3_column_int64(st, i);
}

/* counted - season_standings_sql's rows of the chosen sittings summed
 * into s.  Returns 0, -1 (err). */
static int counted(struct ledger *l, struct season *s, char *err,
                   size_t err_n)
{
    sqlite3 *db = ledger__db(l);
    sqlite3_stmt *st = NULL;
    int rc;

    if (sqlite3_prepare_v2(db, ledger_version(l) >= 5
                                   ? season_standings_sql
                                   : season__standings_v4_sql,
                           -1, &st, NULL) != SQLITE_OK) {
        season__err(err, err_n, "%s", sqlite3_errmsg(db));
        return -1;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t sitting = sqlite3_column_int64(st, 0);
        const char *date = (const char *)sqlite3_column_text(st, 1);
        const char *kind = (const char *)sqlite3_column_text(st, 4);
        const char *name = (const char *)sqlite3_column_text(st, 5);
        struct season_member *m;
        struct season_evening *e;

        if (sitting_index(s, sitting) < 0 || kind == NULL) {
            continue;
        }
        if (strcmp(kind, "house") == 0) {
            s->house_net += col(st, 19);
            continue;
        }
        if (strcmp(kind, "member") != 0) {
            s->others_net += col(st, 19);
            continue;
        }
        m = season__member(s, name ? name : "");
        e = m ? season__evening(m, sitting, date ? date : "") : NULL;
        if (e == NULL) {
            rc = SQLITE_NOMEM;
            break;
        }
        m->games += (int)col(st, 6);
        m->games_self += (int)col(st, 21);
        m->won += (int)col(st, 7);
        m->lost += (int)col(st, 8);
        for (int v = 0; v < 3; v++) {
            m->won_by[v] += (int)col(st, 9 + v);
            m->lost_by[v] += (int)col(st, 12 + v);
        }
        m->points_for += col(st, 15);
        m->points_against += col(st, 16);
        m->money_won += col(st, 17);
        m->money_lost += col(st, 18);
        m->money_net += col(st, 19);
        if (col(st, 20) > 0) {
            m->staked = true;
        }
        e->points_net += (int)(col(st, 15) - col(st, 16));
        e->money_net += col(st, 19);
        s->members_net += col(st, 19);
    }
    if (rc != SQLITE_DONE) {
        season__err(err, err_n, "%s",
                    rc == SQLITE_NOMEM ? "out of memory" : sqlite3_errmsg(db));
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Rubbers: each sitting's games in order                               */
/* ------------------------------------------------------------------ */

/* What the rubbers of one sitting need. */
struct rubbers {
    struct ledger *l;
    struct season *s;
    int64_t sitting;
    int rubber;                 /* games in a rubber, 0 none */
    int last_game;              /* the last game counted */
    int won[2];                 /* games of the rubber in hand, by seat */
    char seated[2][TL_ID_MAX];  /* who sat in each seat at the game's end */
    int seated_game;            /* the game seated[] is of */
    int rc;
};

/* rubber_tag - a tag into the referee (ledger_tags_foreach). */
static int rubber_tag(void *a, const char *name, const char *value)
{
    (void)arbiter_set_tag(a, name, value);
    return 0;
}

/* seat_found - the last seating of the game asked for
 * (ledger_seatings_foreach). */
static int seat_found(void *ctx, int game, char seat, const char *person,
                      const char *role)
{
    struct rubbers *r = ctx;

    (void)role;
    if (game == r->seated_game && (seat == 'A' || seat == 'B')) {
        snprintf(r->seated[seat - 'A'], sizeof(r->seated[0]), "%s", person);
    }
    return 0;
}

/* rubber_deal - a deal row: when its game is over and not yet counted,
 * its winner's games; a rubber won counted for the member in each seat,
 * for nobody when both seats are one member's
 * (ledger_scoresheet_foreach). */
static int rubber_deal(void *ctx, const struct ledger_deal_row *row)
{
    struct rubbers *r = ctx;
    char name[2][SEASON_NAME_MAX];
    int w;

    if (row->game_winner != 'A' && row->game_winner != 'B') {
        return 0;
    }
    if (row->game == r->last_game) {
        return 0;
    }
    r->last_game = row->game;
    w = row->game_winner - 'A';
    r->won[w]++;
    if (r->won[w] * 2 <= r->rubber) {
        return 0;
    }
    r->won[0] = r->won[1] = 0;
    r->seated_game = row->game;
    snprintf(r->seated[0], sizeof(r->seated[0]), "A");
    snprintf(r->seated[1], sizeof(r->seated[1]), "B");
    r->rc = ledger_seatings_foreach(r->l, r->sitting, seat_found, r);
    for (int seat = 0; seat < 2 && r->rc == 0; seat++) {
        r->rc = season_member_of(r->l, r->sitting, r->seated[seat],
                                 name[seat], sizeof(name[seat]));
    }
    if (r->rc == 0 && name[0][0] != '\0' &&
        strcmp(name[0], name[1]) == 0) {
        return 0;       /* both seats one member's: a rubber against
                           himself, neither won nor lost */
    }
    for (int seat = 0; seat < 2 && r->rc == 0; seat++) {
        struct season_member *m;

        if (name[seat][0] == '\0') {
            continue;
        }
        m = season__member(r->s, name[seat]);
        if (m == NULL) {
            r->rc = -1;
            break;
        }
        if (seat == w) {
            m->rubbers_won++;
        } else {
            m->rubbers_lost++;
        }
    }
    return r->rc != 0 ? 1 : 0;
}

/* rubbers_of - the rubbers of sitting counted into s.  Returns 0, -1. */
static int rubbers_of(struct ledger *l, struct season *s, int64_t sitting)
{
    struct rubbers r;
    struct arbiter *a = NULL;
    int rc;

    memset(&r, 0, sizeof(r));
    r.l = l;
    r.s = s;
    r.sitting = sitting;
    if (arbiter_open(&a) != 0) {
        return -1;
    }
    rc = ledger_tags_foreach(l, sitting, rubber_tag, a);
    if (rc == 0) {
        r.rubber = arbiter_profile(a)->rubber;
    }
    arbiter_close(a);
    if (rc != 0) {
        return -1;
    }
    if (r.rubber <= 0 || season__has_persons(l, sitting) != 0) {
        return 0;       /* at a table of three or more every game is
                           settled on its own */
    }
    rc = ledger_scoresheet_foreach(l, sitting, rubber_deal, &r);
    return rc == 0 && r.rc == 0 ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* Who appears in a sitting                                             */
/* ------------------------------------------------------------------ */

/* The persons' codes of a sitting (ledger_persons_foreach). */
struct codes {
    char (*code)[TL_ID_MAX];
    int n;
    bool no_memory;
};

static int code_found(void *ctx, const char *code, const char *name)
{
    struct codes *c = ctx;
    void *q;

    (void)name;
    q = realloc(c->code, sizeof(*c->code) * (size_t)(c->n + 1));
    if (q == NULL) {
        c->no_memory = true;
        return 1;
    }
    c->code = q;
    snprintf(c->code[c->n++], TL_ID_MAX, "%s", code);
    return 0;
}

int season__has_persons(struct ledger *l, int64_t sitting)
{
    struct codes c = { NULL, 0, false };
    int rc = ledger_persons_foreach(l, sitting, code_found, &c);

    free(c.code);
    return rc == 0 && c.n > 0 ? 1 : 0;
}

/* present - every member named in sitting (its persons, else its two
 * seats) has it among his sittings, once however many of his spellings
 * are named in it (as `ecarte members` counts).  Returns 0, -1 (err). */
static int present(struct ledger *l, struct season *s, int64_t sitting,
                   const char *date, char *err, size_t err_n)
{
    struct codes c = { NULL, 0, false };
    int rc = ledger_persons_foreach(l, sitting, code_found, &c);
    char (*seen)[SEASON_NAME_MAX] = NULL;  /* the members counted */
    int n_seen = 0;

    if (rc == 0 && c.n == 0) {
        if (code_found(&c, "A", "") != 0 || code_found(&c, "B", "") != 0) {
            rc = -1;
        }
    }
    if (rc == 0 && c.n > 0) {
        seen = calloc((size_t)c.n, sizeof(*seen));
        if (seen == NULL) {
            c.no_memory = true;
            rc = -1;
        }
    }
    for (int i = 0; rc == 0 && i < c.n; i++) {
        char name[SEASON_NAME_MAX];
        struct season_member *m;
        bool had = false;

        rc = season_member_of(l, sitting, c.code[i], name, sizeof(name));
        if (rc != 0 || name[0] == '\0') {
            continue;
        }
        for (int k = 0; k < n_seen && !had; k++) {
            had = strcmp(seen[k], name) == 0;
        }
        if (had) {
            continue;   /* another spelling of a member counted */
        }
        snprintf(seen[n_seen++], sizeof(seen[0]), "%s", name);
        m = season__member(s, name);
        if (m == NULL) {
            rc = -1;
            break;
        }
        for (int e = 0; e < m->n_evenings; e++) {
            had = had || m->evenings[e].sitting == sitting;
        }
        if (!had && season__evening(m, sitting, date) == NULL) {
            rc = -1;
            break;
        }
        m->sittings++;
    }
    if (rc != 0) {
        season__err(err, err_n, "%s",
                    c.no_memory ? "out of memory" : ledger_errmsg(l));
    }
    free(seen);
    free(c.code);
    return rc == 0 ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* The season                                                           */
/* ------------------------------------------------------------------ */

/* by_name - members in order of name (qsort). */
static int by_name(const void *x, const void *y)
{
    const struct season_member *a = x;
    const struct season_member *b = y;

    return strcmp(a->name, b->name);
}

/* by_date - evenings in order of date, then sitting (qsort). */
static int by_date(const void *x, const void *y)
{
    const struct season_evening *a = x;
    const struct season_evening *b = y;
    int c = strcmp(a->date, b->date);

    if (c != 0) {
        return c;
    }
    return a->sitting < b->sitting ? -1 : a->sitting > b->sitting;
}

int season_standings(struct ledger *l, const struct season_filter *f,
                     struct season **out, char *err, size_t err_n)
{
    struct season *s;
    char (*dates)[16] = NULL;
    int rc = 0;

    *out = NULL;
    s = calloc(1, sizeof(*s));
    if (s == NULL) {
        season__err(err, err_n, "out of memory");
        return -1;
    }
    if (choose(l, f, s, &dates, err, err_n) != 0 ||
        counted(l, s, err, err_n) != 0) {
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < s->sittings; i++) {
        if (rubbers_of(l, s, s->sitting_ids[i]) != 0) {
            season__err(err, err_n, "%s", ledger_errmsg(l));
            rc = -1;
        } else if (season__audit(l, s, s->sitting_ids[i], dates[i], err,
                                 err_n) != 0 ||
                   present(l, s, s->sitting_ids[i], dates[i], err,
                           err_n) != 0) {
            rc = -1;
        }
    }
    free(dates);
    if (rc != 0) {
        season_free(s);
        return -1;
    }
    if (s->n_members > 1) {
        qsort(s->members, (size_t)s->n_members, sizeof(*s->members),
              by_name);
    }
    for (int i = 0; i < s->n_members; i++) {
        struct season_member *m = &s->members[i];
        struct season_stat st[SEASON_STATS_MAX];
        int n = season_stats(m, st);

        if (m->n_evenings > 1) {
            qsort(m->evenings, (size_t)m->n_evenings, sizeof(*m->evenings),
                  by_date);
        }
        for (int k = 0; k < n; k++) {
            s->flags += st[k].flagged ? 1 : 0;
        }
    }
    s->balanced = s->members_net + s->others_net + s->house_net == 0;
    *out = s;
    return 0;
}

void season_free(struct season *s)
{
    if (s == NULL) {
        return;
    }
    for (int i = 0; i < s->n_members; i++) {
        free(s->members[i].evenings);
    }
    free(s->members);
    free(s->sitting_ids);
    free(s);
}
