/* SPDX-License-Identifier: MIT */
/*
 * audit_money.c - `ecarte audit`: money at tables of three or more.  The
 * sitting layer replays each sitting beside the referee (audit_walk.c);
 * here the settlements it gives are compared with those the ledger
 * records (a recorded settlement that is not what the rules give, or
 * whose transfers do not sum to zero, is a finding), the imported log's
 * `= settle`, `= pool`, `= roles` and `= bets` lines are compared where
 * they stood, and each person's games are counted by the role he played,
 * with every transfer of money in exactly one role, so that his figures
 * over all roles are the sums of his roles'.
 */
#include "audit/audit_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The roles a person's games are counted in: the words of the sitting's
 * formats (struct sit_ops role). */
static const char *const role_names[AUDIT_ROLES] = {
    "bank", "ponte", "adviser", "player", "roi", "rentrant", "waiting",
    "bettor", "bystander",
};

/* grow - make room for one more element of size in *p (count n, room
 * *cap).  Returns 0, -1 out of memory. */
static int grow(void **p, int n, int *cap, size_t size)
{
    void *q;
    int c;

    if (n < *cap) {
        return 0;
    }
    c = *cap > 0 ? *cap * 2 : 16;
    q = realloc(*p, size * (size_t)c);
    if (q == NULL) {
        return -1;
    }
    *p = q;
    *cap = c;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Loading a sitting                                                    */
/* ------------------------------------------------------------------ */

/* display - the name a person goes by: his full name, or his ID. */
static const char *display(const struct person_name *p)
{
    return p->name[0] != '\0' ? p->name : p->id;
}

/* name_loaded - a person of the sitting (ledger_persons_foreach), a
 * player of the summary.  Returns 0, 1 out of memory. */
static int name_loaded(void *ctx, const char *code, const char *name)
{
    struct audit *a = ctx;
    struct person_name *p;
    int k;

    if (a->n_names >= TL_IDS_MAX) {
        return 0;
    }
    p = &a->names_of[a->n_names];
    snprintf(p->id, sizeof(p->id), "%s", code);
    snprintf(p->name, sizeof(p->name), "%s", name);
    k = audit__player(a, p->id, display(p));
    if (k < 0) {
        return 1;
    }
    a->player_at[a->n_names++] = k;
    return 0;
}

int audit__name_index(struct audit *a, const char *id)
{
    struct person_name *p;
    int k;

    if (id == NULL || id[0] == '\0') {
        return -1;
    }
    for (int i = 0; i < a->n_names; i++) {
        if (strcmp(a->names_of[i].id, id) == 0) {
            return i;
        }
    }
    /* a person the ledger did not name (never: every person of a
     * sitting is stored), known by his ID */
    if (a->n_names >= TL_IDS_MAX) {
        return -1;
    }
    p = &a->names_of[a->n_names];
    snprintf(p->id, sizeof(p->id), "%s", id);
    p->name[0] = '\0';
    k = audit__player(a, p->id, display(p));
    if (k < 0) {
        return -1;
    }
    a->player_at[a->n_names] = k;
    return a->n_names++;
}

/* keep_text - text appended, with its NUL, to the texts *buf (*len
 * bytes used of *cap); its offset into *off.  0, or -1 out of memory. */
static int keep_text(char **buf, int *len, int *cap, const char *text,
                     size_t *off)
{
    size_t n = strlen(text) + 1;

    if (n > SIT_MARK_TEXT) {
        n = SIT_MARK_TEXT;      /* as the fixed field kept it */
    }
    if ((size_t)*len + n > (size_t)*cap) {
        int c = *cap > 0 ? *cap : 1024;
        char *q;

        while ((size_t)*len + n > (size_t)c) {
            c *= 2;
        }
        q = realloc(*buf, (size_t)c);
        if (q == NULL) {
            return -1;
        }
        *buf = q;
        *cap = c;
    }
    memcpy(*buf + *len, text, n - 1);
    (*buf)[*len + (int)n - 1] = '\0';
    *off = (size_t)*len;
    *len += (int)n;
    return 0;
}

/* settlement_loaded - a settlement the ledger records for the sitting
 * (ledger_settlements_foreach).  Returns 0, 1 out of memory. */
static int settlement_loaded(void *ctx, int64_t event, const char *text,
                             const char *reason, int sum)
{
    struct audit *a = ctx;
    struct money_rec *m;

    (void)reason;
    if (grow((void **)&a->rec, a->n_rec, &a->cap_rec, sizeof(*a->rec)) !=
        0) {
        a->no_memory = true;
        return 1;
    }
    m = &a->rec[a->n_rec];
    m->event = event;
    m->line = 0;
    m->sum = sum;
    if (keep_text(&a->rec_text, &a->rec_len, &a->rec_cap, text,
                  &m->text) != 0) {
        a->no_memory = true;
        return 1;
    }
    a->n_rec++;
    return 0;
}

/* audit__money_start - a sitting begins: its persons' names and the
 * settlements the ledger records for it loaded.  Returns 0, -1 on a
 * ledger error or out of memory (a->no_memory). */
int audit__money_start(struct audit *a)
{
    a->n_names = 0;
    a->n_last_parts = 0;
    a->last_parts_game = 0;
    a->n_given = 0;
    a->given_len = 0;
    a->n_rec = 0;
    a->rec_len = 0;
    a->next_rec = 0;
    a->last_ok = 0;
    a->last_ok_line = 0;
    if (ledger_persons_foreach(a->l, a->sitting, name_loaded, a) != 0 ||
        a->no_memory ||
        ledger_settlements_foreach(a->l, a->sitting, 0, 0, settlement_loaded,
                                   a) != 0) {
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* What the rules give                                                  */
/* ------------------------------------------------------------------ */

/* name_of - the name of the sitting's person id ("" if not known). */
static const char *name_of(const struct audit *a, const char *id)
{
    for (int i = 0; i < a->n_names; i++) {
        if (strcmp(a->names_of[i].id, id) == 0) {
            return a->names_of[i].name;
        }
    }
    return "";
}

/* person_of - the index in persons[] of person id named name (added if
 * new), -1 out of memory (a->no_memory). */
static int person_of(struct audit *a, const char *id, const char *name)
{
    void *p;

    for (int i = 0; i < a->n_persons; i++) {
        if (strcmp(a->persons[i].id, id) == 0 &&
            strcmp(a->persons[i].name, name) == 0) {
            return i;
        }
    }
    p = realloc(a->persons, sizeof(*a->persons) * (size_t)(a->n_persons + 1));
    if (p == NULL) {
        a->no_memory = true;
        return -1;
    }
    a->persons = p;
    memset(&a->persons[a->n_persons], 0, sizeof(a->persons[0]));
    snprintf(a->persons[a->n_persons].id, sizeof(a->persons[0].id), "%s", id);
    snprintf(a->persons[a->n_persons].name, sizeof(a->persons[0].name), "%s",
             name);
    return a->n_persons++;
}

/* role_index - the index of role word w (the sitting's formats give no
 * other: struct sit_ops role); a word not known is counted as a
 * bystander's, so that nothing falls outside the roles. */
static int role_index(const char *w)
{
    for (int k = 0; k < AUDIT_ROLES; k++) {
        if (strcmp(role_names[k], w) == 0) {
            return k;
        }
    }
    return AUDIT_ROLES - 1;
}

/* money_add - money moved: net to the one who has role t. */
static void money_add(struct audit_role *t, int net)
{
    if (net > 0) {
        t->money_won += net;
    } else {
        t->money_lost -= net;
    }
}

/* role_add - one game in role t: won (1), lost (-1) or neither, net. */
static void role_add(struct audit_role *t, int won, int net)
{
    t->games++;
    t->won += won > 0;
    t->lost += won < 0;
    money_add(t, net);
}

/* role_sub - the game role_add counted in t taken back. */
static void role_sub(struct audit_role *t, int won, int net)
{
    t->games--;
    t->won -= won > 0;
    t->lost -= won < 0;
    if (net > 0) {
        t->money_won -= net;
    } else {
        t->money_lost += net;
    }
}

/* game_parts_taken_back - the settlement m (reason "reopened") takes
 * back the last game settled: each person's part in it (his game and his
 * money, in the role they were counted in) is taken out; what m moves
 * beyond those parts (never: it reverses the game's settlement) is
 * counted in the role m gives.  Returns 0, -1 out of memory. */
static int game_parts_taken_back(struct audit *a, const struct sit_mark *m)
{
    for (int i = 0; i < a->n_last_parts; i++) {
        const struct role_part *pt = &a->last_parts[i];

        role_sub(&a->persons[pt->person].role[pt->role], pt->won, pt->net);
    }
    for (int k = 0; k < m->n; k++) {
        const struct tl_amount *t = &m->t[k];
        int rest = t->n;
        int p;

        if (strcmp(t->who, TL_HOUSE) == 0) {
            continue;
        }
        p = person_of(a, t->who, name_of(a, t->who));
        if (p < 0) {
            return -1;
        }
        for (int i = 0; i < a->n_last_parts; i++) {
            if (a->last_parts[i].person == p) {
                rest += a->last_parts[i].net;
            }
        }
        if (rest != 0) {
            money_add(&a->persons[p].role[role_index(m->role[k])], rest);
        }
    }
    a->n_last_parts = 0;
    a->last_parts_game = 0;
    return 0;
}

/* money_moved - settlement m moved money outside a game's settlement (a
 * stake forfeited at once, CH2/BY2): each person's part in the role he
 * held then.  Returns 0, -1 out of memory. */
static int money_moved(struct audit *a, const struct sit_mark *m)
{
    for (int k = 0; k < m->n; k++) {
        const struct tl_amount *t = &m->t[k];
        int p;

        if (strcmp(t->who, TL_HOUSE) == 0) {
            continue;
        }
        p = person_of(a, t->who, name_of(a, t->who));
        if (p < 0) {
            return -1;
        }
        money_add(&a->persons[p].role[role_index(m->role[k])], t->n);
    }
    return 0;
}

/* game_part - rec, a person's part in a game ended, counted in his role
 * and kept as part of the last game settled.  Returns 0, -1 out of
 * memory. */
static int game_part(struct audit *a, const struct sit_record *rec)
{
    int p = person_of(a, rec->who, name_of(a, rec->who));
    int k = role_index(rec->what);

    if (p < 0) {
        return -1;
    }
    role_add(&a->persons[p].role[k], rec->won, rec->amount);
    if (rec->game != a->last_parts_game) {
        a->n_last_parts = 0;
        a->last_parts_game = rec->game;
    }
    if (a->n_last_parts < TL_IDS_MAX) {
        struct role_part *pt = &a->last_parts[a->n_last_parts++];

        pt->person = p;
        pt->role = k;
        pt->won = rec->won;
        pt->net = rec->amount;
    }
    return 0;
}

/* audit__money_given - what the sitting gave after event at line (r):
 * its settlements kept for comparing with the ledger's, each person's
 * part in a game ended tallied by role, money moved outside a game (a
 * stake forfeited at once) in the role its mark gives, a game's result
 * taken back taken out of the roles it was counted in.  Returns 0, -1
 * out of memory (a->no_memory). */
int audit__money_given(struct audit *a, int64_t event, int line,
                       const struct sit_result *r)
{
    for (int i = 0; i < r->n_marks; i++) {
        const struct sit_mark *mk = &r->marks[i];
        struct money_rec *m;
        int rc = 0;

        if (mk->kind != SIT_MARK_SETTLE) {
            continue;
        }
        if (grow((void **)&a->given, a->n_given, &a->cap_given,
                 sizeof(*a->given)) != 0) {
            a->no_memory = true;
            return -1;
        }
        m = &a->given[a->n_given];
        m->event = event;
        m->line = line;
        m->sum = 0;
        if (keep_text(&a->given_text, &a->given_len, &a->given_cap,
                      mk->text, &m->text) != 0) {
            a->no_memory = true;
            return -1;
        }
        a->n_given++;
        /* a game's settlement is counted with the game's role records
         * (below); a result taken back takes its game out of them */
        if (strcmp(mk->reason, "reopened") == 0) {
            rc = game_parts_taken_back(a, mk);
        } else if (strcmp(mk->reason, "game") != 0 &&
                   strcmp(mk->reason, "pool") != 0) {
            rc = money_moved(a, mk);
        }
        if (rc != 0) {
            return -1;
        }
    }
    for (int i = 0; i < r->n_records; i++) {
        if (r->records[i].kind == SIT_REC_ROLE &&
            game_part(a, &r->records[i]) != 0) {
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Comparing                                                            */
/* ------------------------------------------------------------------ */

/* compare_event - the settlements the rules gave after event (given[g0,
 * g1)) against those the ledger records there (rec[r0, r1)), in order. */
static void compare_event(struct audit *a, int64_t event, int line, int g0,
                          int g1, int r0, int r1)
{
    for (int k = 0; g0 + k < g1 || r0 + k < r1; k++) {
        const struct money_rec *g = g0 + k < g1 ? &a->given[g0 + k] : NULL;
        const struct money_rec *r = r0 + k < r1 ? &a->rec[r0 + k] : NULL;
        const char *g_text = g != NULL ? a->given_text + g->text : "";
        const char *r_text = r != NULL ? a->rec_text + r->text : "";

        if (r != NULL && r->sum != 0) {
            audit__finding(a, event, line, "", "zero-sum",
                           "the ledger records \"= %s\" after this action: "
                           "its transfers sum to %+d, not zero",
                           r_text, r->sum);
        }
        if (g != NULL && r != NULL && strcmp(g_text, r_text) == 0) {
            continue;
        }
        if (g != NULL && r != NULL) {
            audit__finding(a, event, line, "", "settlement",
                           "the ledger records \"= %s\" after this action, "
                           "the rules give \"= %s\"",
                           r_text, g_text);
        } else if (r != NULL) {
            audit__finding(a, event, line, "", "settlement",
                           "the ledger records \"= %s\" after this action, "
                           "the rules give no settlement here",
                           r_text);
        } else {
            audit__finding(a, event, line, "", "settlement",
                           "the rules give \"= %s\" after this action, the "
                           "ledger records no settlement",
                           g_text);
        }
    }
}

/* audit__money_compare - the settlements the rules gave and those the
 * ledger records after the events before upto (INT64_MAX: all), event
 * by event: one that differs, one on one side only and one whose
 * transfers do not sum to zero are findings (kind "settlement",
 * "zero-sum").  An event that was not re-derived (its deal broken) is
 * passed over. */
void audit__money_compare(struct audit *a, int64_t upto)
{
    int gi = 0;

    for (;;) {
        int64_t ev = INT64_MAX;
        int g0 = gi;
        int r0 = a->next_rec;
        int line;

        if (gi < a->n_given) {
            ev = a->given[gi].event;
        }
        if (a->next_rec < a->n_rec && a->rec[a->next_rec].event < upto &&
            a->rec[a->next_rec].event < ev) {
            ev = a->rec[a->next_rec].event;
        }
        if (ev == INT64_MAX) {
            break;
        }
        while (gi < a->n_given && a->given[gi].event == ev) {
            gi++;
        }
        while (a->next_rec < a->n_rec && a->rec[a->next_rec].event == ev) {
            a->next_rec++;
        }
        if (gi == g0 && ev != a->last_ok) {
            continue;           /* an action not re-derived: found already */
        }
        line = gi > g0 ? a->given[g0].line : a->last_ok_line;
        compare_event(a, ev, line, g0, gi, r0, a->next_rec);
    }
    a->n_given = 0;
    a->given_len = 0;
}

/* money_claim - one claim of the imported log after the event in hand
 * (ledger_claims_foreach): a sitting's `=` line against what the rules
 * give there.  Returns 0. */
static int money_claim(void *ctx, int64_t event, int line, const char *text)
{
    static const char *const kinds[SIT_MARK_KINDS] = {
        [SIT_MARK_SETTLE] = "settle",
        [SIT_MARK_POOL] = "pool",
        [SIT_MARK_ROLES] = "roles",
        [SIT_MARK_BETS] = "bets",
    };
    struct audit *a = ctx;
    struct tl_line tl;
    char want[SIT_MARK_TEXT];
    char got[SIT_MARK_TEXT];
    int kind;

    if (claims_parse(text, line, &tl) != 0 ||
        (kind = sitting_mark_kind(tl.kind)) < 0) {
        return 0;
    }
    claims_sitting_expect(a->sit, &a->res.s, a->seen, &tl, want,
                          sizeof(want));
    sitting_mark_text(&tl, got, sizeof(got));
    if (strcmp(want, got) == 0) {
        return 0;
    }
    if (want[0] == '\0') {
        audit__finding(a, event, line, "", kinds[kind],
                       "the log records \"= %s\", the rules give no %s here",
                       got, kinds[kind]);
    } else {
        audit__finding(a, event, line, "", kinds[kind],
                       "the log records \"= %s\", the rules give \"= %s\"",
                       got, want);
    }
    return 0;
}

/* audit__money_claims - the imported log's `= settle`, `= pool`, `=
 * roles` and `= bets` lines after event (just re-derived, a->res) against
 * what the sitting gives there: a difference is a finding of the line's
 * kind.  Returns 0, or -1 on a ledger error. */
int audit__money_claims(struct audit *a, int64_t event)
{
    memset(a->seen, 0, sizeof(a->seen));
    return ledger_claims_foreach(a->l, a->sitting, event, event, money_claim,
                                 a) < 0
               ? -1
               : 0;
}

/* role_any - has t counted anything? */
static bool role_any(const struct audit_role *t)
{
    return t->games != 0 || t->money_won != 0 || t->money_lost != 0;
}

/* audit__money_persons - each person's games by role said to the sink
 * (its person call), every role he played or had money in and then
 * "all", their sums. */
void audit__money_persons(struct audit *a)
{
    if (a->sink->person == NULL) {
        return;
    }
    for (int i = 0; i < a->n_persons; i++) {
        const struct person_tally *p = &a->persons[i];
        struct audit_role all;

        memset(&all, 0, sizeof(all));
        for (int k = 0; k < AUDIT_ROLES; k++) {
            const struct audit_role *t = &p->role[k];

            if (!role_any(t)) {
                continue;
            }
            a->sink->person(a->sink_ctx, p->id, p->name, role_names[k], t);
            all.games += t->games;
            all.won += t->won;
            all.lost += t->lost;
            all.money_won += t->money_won;
            all.money_lost += t->money_lost;
        }
        a->sink->person(a->sink_ctx, p->id, p->name, "all", &all);
    }
}
