/*
 * audit_money.c - `ecarte audit`: money at tables of three or more.  The
 * sitting layer replays each sitting beside the referee (audit_walk.c);
 * here the settlements it gives are compared with those the ledger
 * records (a recorded settlement that is not what the rules give, or
 * whose transfers do not sum to zero, is a finding), the imported log's
 * `= settle`, `= pool`, `= roles` and `= bets` lines are compared where
 * they stood, and each person's games are counted by the role he played
 * (VARIANTS.md 5-7).
 */
#include "cli/audit_int.h"

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

/* name_loaded - a person of the sitting (ledger_persons_foreach). */
static int name_loaded(void *ctx, const char *code, const char *name)
{
    struct audit *a = ctx;
    struct person_name *p;

    if (a->n_names >= TL_IDS_MAX) {
        return 0;
    }
    p = &a->names_of[a->n_names++];
    snprintf(p->id, sizeof(p->id), "%s", code);
    snprintf(p->name, sizeof(p->name), "%s", name);
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
    m = &a->rec[a->n_rec++];
    m->event = event;
    m->line = 0;
    m->sum = sum;
    snprintf(m->text, sizeof(m->text), "%s", text);
    return 0;
}

/* audit__money_start - a sitting begins: its persons' names and the
 * settlements the ledger records for it loaded.  Returns 0, -1 on a
 * ledger error or out of memory (a->no_memory). */
int audit__money_start(struct audit *a)
{
    a->n_names = 0;
    a->n_given = 0;
    a->n_rec = 0;
    a->next_rec = 0;
    a->last_ok = 0;
    a->last_ok_line = 0;
    if (ledger_persons_foreach(a->l, a->sitting, name_loaded, a) != 0 ||
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

/* person_of - the tally of person id named name (added if new), NULL out
 * of memory. */
static struct person_tally *person_of(struct audit *a, const char *id,
                                      const char *name)
{
    void *p;

    for (int i = 0; i < a->n_persons; i++) {
        if (strcmp(a->persons[i].id, id) == 0 &&
            strcmp(a->persons[i].name, name) == 0) {
            return &a->persons[i];
        }
    }
    p = realloc(a->persons, sizeof(*a->persons) * (size_t)(a->n_persons + 1));
    if (p == NULL) {
        return NULL;
    }
    a->persons = p;
    memset(&a->persons[a->n_persons], 0, sizeof(a->persons[0]));
    snprintf(a->persons[a->n_persons].id, sizeof(a->persons[0].id), "%s", id);
    snprintf(a->persons[a->n_persons].name, sizeof(a->persons[0].name), "%s",
             name);
    return &a->persons[a->n_persons++];
}

/* role_add - one game in role t: won (1), lost (-1) or neither, net. */
static void role_add(struct audit_role *t, int won, int net)
{
    t->games++;
    t->won += won > 0;
    t->lost += won < 0;
    if (net > 0) {
        t->money_won += net;
    } else {
        t->money_lost -= net;
    }
}

/* audit__money_given - what the sitting gave after event at line (r):
 * its settlements kept for comparing with the ledger's, each person's
 * part in a game ended tallied by role.  Returns 0, -1 out of memory
 * (a->no_memory). */
int audit__money_given(struct audit *a, int64_t event, int line,
                       const struct sit_result *r)
{
    for (int i = 0; i < r->n_marks; i++) {
        struct money_rec *m;

        if (r->marks[i].kind != SIT_MARK_SETTLE) {
            continue;
        }
        if (grow((void **)&a->given, a->n_given, &a->cap_given,
                 sizeof(*a->given)) != 0) {
            a->no_memory = true;
            return -1;
        }
        m = &a->given[a->n_given++];
        m->event = event;
        m->line = line;
        m->sum = 0;
        snprintf(m->text, sizeof(m->text), "%s", r->marks[i].text);
        /* money that moved outside a game's settlement (a stake forfeited
         * at once, CH2/BY2; a game's settlement taken back, L51) counts in
         * each person's total over all roles, in no role's games */
        if (strcmp(r->marks[i].reason, "game") != 0 &&
            strcmp(r->marks[i].reason, "pool") != 0) {
            for (int k = 0; k < r->marks[i].n; k++) {
                const struct tl_amount *t = &r->marks[i].t[k];
                struct person_tally *p;

                if (strcmp(t->who, TL_HOUSE) == 0) {
                    continue;
                }
                p = person_of(a, t->who, name_of(a, t->who));
                if (p == NULL) {
                    a->no_memory = true;
                    return -1;
                }
                if (t->n > 0) {
                    p->role[AUDIT_ROLES].money_won += t->n;
                } else {
                    p->role[AUDIT_ROLES].money_lost -= t->n;
                }
            }
        }
    }
    for (int i = 0; i < r->n_records; i++) {
        const struct sit_record *rec = &r->records[i];
        struct person_tally *p;
        int k = 0;

        if (rec->kind != SIT_REC_ROLE) {
            continue;
        }
        p = person_of(a, rec->who, name_of(a, rec->who));
        if (p == NULL) {
            a->no_memory = true;
            return -1;
        }
        while (k < AUDIT_ROLES && strcmp(role_names[k], rec->what) != 0) {
            k++;
        }
        if (k < AUDIT_ROLES) {
            role_add(&p->role[k], rec->won, rec->amount);
        }
        role_add(&p->role[AUDIT_ROLES], rec->won, rec->amount);
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

        if (r != NULL && r->sum != 0) {
            audit__finding(a, event, line, "", "zero-sum",
                           "the ledger records \"= %s\" after this action: "
                           "its transfers sum to %+d, not zero",
                           r->text, r->sum);
        }
        if (g != NULL && r != NULL && strcmp(g->text, r->text) == 0) {
            continue;
        }
        if (g != NULL && r != NULL) {
            audit__finding(a, event, line, "", "settlement",
                           "the ledger records \"= %s\" after this action, "
                           "the rules give \"= %s\"",
                           r->text, g->text);
        } else if (r != NULL) {
            audit__finding(a, event, line, "", "settlement",
                           "the ledger records \"= %s\" after this action, "
                           "the rules give no settlement here",
                           r->text);
        } else {
            audit__finding(a, event, line, "", "settlement",
                           "the rules give \"= %s\" after this action, the "
                           "ledger records no settlement",
                           g->text);
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

/* audit__money_persons - each person's games by role said to the sink
 * (its person call), every role he played and then "all". */
void audit__money_persons(struct audit *a)
{
    if (a->sink->person == NULL) {
        return;
    }
    for (int i = 0; i < a->n_persons; i++) {
        const struct person_tally *p = &a->persons[i];

        for (int k = 0; k < AUDIT_ROLES; k++) {
            if (p->role[k].games > 0) {
                a->sink->person(a->sink_ctx, p->id, p->name, role_names[k],
                                &p->role[k]);
            }
        }
        a->sink->person(a->sink_ctx, p->id, p->name, "all",
                        &p->role[AUDIT_ROLES]);
    }
}
