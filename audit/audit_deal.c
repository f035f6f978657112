/* SPDX-License-Identifier: MIT */
/*
 * audit_deal.c - `ecarte audit`: closing a deal audited and saying what
 * was wrong in it: the log's `=` lines against the rulings the laws give
 * (their findings held and said in the order of the lines), the
 * ledger's own rulings against them, every irregularity with its status,
 * an unclaimed one and a wrong count nobody called.
 */
#include "audit/audit_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Findings                                                             */
/* ------------------------------------------------------------------ */

/* deal_of - the number of the deal event (an event of the deal audited)
 * was made in; the referee's deal now if it is none of them (0). */
static int deal_of(const struct audit *a, int64_t event)
{
    for (int k = 0; event != 0 && k < a->n_evs; k++) {
        if (a->evs[k].id == event) {
            return a->evs[k].deal;
        }
    }
    return arbiter_deal_number(a->arb);
}

/* audit__finding - one finding (its message from fmt and what follows)
 * about the deal audited, at event (0: none) and source line, under law
 * ("" if none) and kind: said to the sink and counted. */
void audit__finding(struct audit *a, int64_t event, int line, const char *law,
                    const char *kind, const char *fmt, ...)
{
    char msg[800];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    a->findings++;
    a->sink->finding(a->sink_ctx, a->source, line, a->sitting,
                     deal_of(a, event), event, law, kind, msg);
}

/* ------------------------------------------------------------------ */
/* Closing a deal: claims, stored rulings, unclaimed irregularities     */
/* ------------------------------------------------------------------ */

/* ev_index - the deal's event with this id, or -1. */
static int ev_index(const struct audit *a, int64_t id)
{
    int lo = 0;
    int hi = a->n_evs - 1;

    while (lo <= hi) {
        int mid = (lo + hi) / 2;

        if (a->evs[mid].id == id) {
            return mid;
        }
        if (a->evs[mid].id < id) {
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return -1;
}

/* give_until - the rulings of the deal's events up to index i (all of
 * them for n_evs - 1), the referee's and then the sitting's of each
 * event, to the claims matcher, in order. */
static void give_until(struct audit *a, int i)
{
    for (;;) {
        int ev = a->next_ru < a->n_rus ? a->rus[a->next_ru].ev : INT_MAX;
        int sev = a->next_sru < a->n_srus ? a->srus[a->next_sru].ev : INT_MAX;

        if (ev <= i && ev <= sev) {
            struct ru_rec *ru = &a->rus[a->next_ru++];

            ru->given = a->n_ru_given++;
            claims_give(a->claims, &ru->r, ru->words, a->evs[ru->ev].line);
        } else if (sev <= i) {
            const struct sru_rec *ru = &a->srus[a->next_sru++];

            a->n_ru_given++;
            claims_give_sitting(a->claims, &ru->r, ru->words,
                                a->evs[ru->ev].line);
        } else {
            return;
        }
    }
}

/* claim_seen - a `=` line the imported log recorded after event: compared
 * where it stood, as `ecarte check` compares it (claims_line). */
static int claim_seen(void *ctx, int64_t event, int line, const char *text)
{
    struct audit *a = ctx;
    struct tl_line tl;
    struct claim_point p;
    int i = ev_index(a, event);

    if (i < 0 || claims_parse(text, line, &tl) != 0 ||
        sitting_mark_kind(tl.kind) >= 0) {
        return 0;               /* the sitting's lines: audit_money.c */
    }
    give_until(a, i);
    p.event = event;
    p.score[0] = a->evs[i].score[0];
    p.score[1] = a->evs[i].score[1];
    p.value = a->evs[i].value;
    p.pending = a->pend + a->evs[i].pend_first;
    p.n_pending = a->evs[i].n_pend;
    p.last = NULL;
    claims_line(a->claims, &tl, text, &p);
    return 0;
}

static void line_findings(struct audit *a);

/* claim_before - a `=` line the imported log wrote before its first
 * action (kept with no event): compared where it stood, as `ecarte
 * check` compares it, against the table as the tags leave it. */
static int claim_before(void *ctx, int64_t event, int line, const char *text)
{
    struct audit *a = ctx;
    struct tl_line tl;
    struct claim_point p;

    if (event != 0 || claims_parse(text, line, &tl) != 0 ||
        sitting_mark_kind(tl.kind) >= 0) {
        return 0;               /* the sitting's lines: audit_money.c */
    }
    memset(&p, 0, sizeof(p));
    arbiter_score(a->arb, p.score);
    p.value = arbiter_value(a->arb);
    p.sitting = "";
    claims_line(a->claims, &tl, text, &p);
    return 0;
}

int audit__claims_before(struct audit *a)
{
    int rc = ledger_claims_next(a->l, a->sitting, 0, 0, claim_before, a);

    claims_end_deal(a->claims);
    line_findings(a);
    return rc;
}

/* hold_finding - a finding about a `=` line, held (line_findings says
 * it); one the memory cannot hold is said at once. */
static void hold_finding(struct audit *a, const struct claim_finding *f,
                         const char *law, const char *kind, const char *fmt,
                         ...) __attribute__((format(printf, 5, 6)));

static void hold_finding(struct audit *a, const struct claim_finding *f,
                         const char *law, const char *kind, const char *fmt,
                         ...)
{
    struct line_finding *h;
    va_list ap;

    if (a->n_lf == a->cap_lf) {
        int cap = a->cap_lf > 0 ? a->cap_lf * 2 : 8;
        void *p = realloc(a->lf, sizeof(*a->lf) * (size_t)cap);

        if (p == NULL) {
            char msg[800];

            va_start(ap, fmt);
            vsnprintf(msg, sizeof(msg), fmt, ap);
            va_end(ap);
            audit__finding(a, f->event, f->line, law, kind, "%s", msg);
            return;
        }
        a->lf = p;
        a->cap_lf = cap;
    }
    h = &a->lf[a->n_lf++];
    h->line = f->line;
    h->event = f->event;
    h->law = law;
    h->kind = kind;
    va_start(ap, fmt);
    vsnprintf(h->msg, sizeof(h->msg), fmt, ap);
    va_end(ap);
}

/* line_findings - say the findings held about the deal's `=` lines, in
 * the order of the lines. */
static void line_findings(struct audit *a)
{
    for (int i = 1; i < a->n_lf; i++) {
        struct line_finding t = a->lf[i];
        int k = i;

        for (; k > 0 && a->lf[k - 1].line > t.line; k--) {
            a->lf[k] = a->lf[k - 1];
        }
        a->lf[k] = t;
    }
    for (int i = 0; i < a->n_lf; i++) {
        const struct line_finding *h = &a->lf[i];

        audit__finding(a, h->event, h->line, h->law, h->kind, "%s", h->msg);
    }
    a->n_lf = 0;
}

/* audit__claim_finding - the claims matcher's callback (claims_open, ctx
 * the audit): a `=` line of an imported log that the laws do not bear
 * out: a mark that differs from what was due (with the L50 or L51
 * window), a hand's value, or a ruling the laws do not give.  Held until
 * the deal's lines are all compared, then said in their order. */
void audit__claim_finding(void *ctx, const struct claim_finding *f)
{
    struct audit *a = ctx;
    bool over = false;

    switch (f->kind) {
    case CLAIM_SCORE:
        over = f->log[0] > f->rules[0] || f->log[1] > f->rules[1];
        hold_finding(a, f, laws_get(laws_mark_law(over))->id, "mark",
                     "the log marks A %d B %d, A %d B %d was due; %s",
                     f->log[0], f->log[1], f->rules[0], f->rules[1],
                     over ? "an overscore may be taken off, if both "
                            "acknowledge it, while the game lasts (L51): "
                            "the window was open at this line"
                          : "a forgotten score may be marked until the "
                            "next deal's turn-up (L50): the window was "
                            "open at this line");
        break;
    case CLAIM_VALUE:
        hold_finding(a, f, "", "value", "%s", f->message);
        break;
    case CLAIM_RULING:
        hold_finding(a, f, laws_get(f->x->law)->id, "ruling",
                     "the log records \"= %s\", which the laws do not give "
                     "here",
                     f->quote);
        break;
    case CLAIM_UNRECORDED:
        break;                  /* not strict: unclaimed findings say it */
    case CLAIM_SETTLE:
    case CLAIM_POOL:
    case CLAIM_ROLES:
    case CLAIM_BETS:
        hold_finding(a, f, "", claim_kind_name(f->kind), "%s", f->message);
        break;
    }
}

/* stored_seen - a ruling the ledger holds for event: the laws must give
 * the same one. */
static int stored_seen(void *ctx, int64_t event, const char *text)
{
    struct audit *a = ctx;
    int i = ev_index(a, event);

    if (i < 0) {
        return 0;
    }
    for (int k = 0; k < a->n_rus; k++) {
        if (a->rus[k].ev == i && strcmp(a->rus[k].words, text) == 0) {
            return 0;
        }
    }
    for (int k = 0; k < a->n_srus; k++) {
        if (a->srus[k].ev == i && strcmp(a->srus[k].words, text) == 0) {
            return 0;
        }
    }
    audit__finding(
        a, event, a->evs[i].line, "", "stored-ruling",
        "the ledger records \"%s\" on this event; re-derived, the laws "
        "give %s",
        text, "something else");
    return 0;
}

/* is_irregularity - does the k-th ruling of the deal record something irregular
 * at the table?  Not a ruling of procedure (equal cuts, the stock running
 * short, new cards: the row's kind), nor one its row calls lawful (an
 * announcement in time), nor an overscore taken down (L51 on the
 * unmark), nor a ruling of a line the scorer struck.  The referee gives
 * one ruling per irregularity (a lead out of turn taken back: L40 at the
 * lead only; a revoke corrected in time: L39 at the take-back only; a
 * forgotten king: L22 once, its late marks noted), so each ruling left is
 * one irregularity.  k indexes a->rus. */
static bool is_irregularity(struct audit *a, int k)
{
    const struct ruling *r = &a->rus[k].r;
    const struct ev_rec *ev = &a->evs[a->rus[k].ev];
    const struct law *row = laws_get(r->law);
    bool seat = r->offender == SEAT_A || r->offender == SEAT_B;

    if (ev->struck) {
        return false;
    }
    if (ev->kind == EV_UNMARK && r->remedy == REM_SCORE_CORRECT && seat &&
        a->overscores[(int)r->offender] > 0) {
        a->overscores[(int)r->offender]--;
        return false; /* an overscore counted when marked, taken down */
    }
    if (ev->kind == EV_MARK && r->remedy == REM_SCORE_CORRECT && seat) {
        a->overscores[(int)r->offender]++;
    }
    return row->kind == LAW_KIND_PENALTY &&
           !(row->lawful != REM_NONE && r->remedy == row->lawful);
}

/* offender_of - the sitting's person who erred: the one seated at event
 * ev in seat (a ruling on a seat), else the person offender names (a
 * person's ID, or a seat's letter; NULL for a seat ruling).  Index of
 * names_of, -1 if nobody declared. */
static int offender_of(struct audit *a, const struct ev_rec *ev, int seat,
                       const char *offender)
{
    if (offender != NULL && (strcmp(offender, "A") == 0 ||
                             strcmp(offender, "B") == 0)) {
        seat = offender[0] == 'A' ? SEAT_A : SEAT_B;
        offender = NULL;
    }
    if (offender == NULL) {
        return seat == SEAT_A || seat == SEAT_B ? ev->who[seat] : -1;
    }
    return audit__name_index(a, offender);
}

/* say_irregularities - the referee's rulings of the deal that are
 * irregularities: counted by law and to the person who erred, listed with
 * their status, an unclaimed one in an imported log a finding. */
static void say_irregularities(struct audit *a)
{
    int who;

    for (int k = 0; k < a->n_rus; k++) {
        const struct ru_rec *ru = &a->rus[k];
        const struct ev_rec *ev = &a->evs[ru->ev];

        if (!is_irregularity(a, k)) {
            continue;
        }
        who = offender_of(a, ev, ru->r.offender, NULL);
        a->irregular[ru->r.law]++;
        if (ru->r.offender != SEAT_NONE) {
            /* the person who sat there when the table ruled it */
            struct audit_tally *t = audit__tally(a, ev->who, ru->r.offender);

            t->irregular++;
            t->by_law[ru->r.law]++;
        }
        a->sink->irregularity(
            a->sink_ctx, a->source, ev->line, a->sitting, ev->deal,
            ev->id, &ru->r, ru->words,
            ru->claimed    ? "claimed"
            : ru->answered ? "answered"
            : !a->imported ? "ruled"
                           : "unclaimed",
            who >= 0 ? a->names_of[who].id : NULL);
        if (a->imported && !ru->claimed && !ru->answered &&
            ru->r.offender != SEAT_NONE) {
            audit__finding(a, ev->id, ev->line, laws_get(ru->r.law)->id,
                           "unclaimed",
                           "irregularity nobody claimed: \"= %s\"%s%s",
                           ru->words, ru->r.note[0] ? " - " : "", ru->r.note);
        }
    }
}

/* say_sitting_rulings - the sitting's rulings of the deal (CH, PO, BY). */
static void say_sitting_rulings(struct audit *a)
{
    int who;

    /* the sitting's rulings (CH, PO, BY) between persons: counted by law
     * and listed, their persons in the words; each counted to its
     * offender, a person (an adviser or a bettor errs as himself) or the
     * one seated where the ruling names a seat */
    for (int k = 0; k < a->n_srus; k++) {
        const struct sru_rec *ru = &a->srus[k];
        const struct ev_rec *ev = &a->evs[ru->ev];
        struct ruling r;

        if (laws_get(ru->r.law)->kind != LAW_KIND_PENALTY || ev->struck) {
            continue;
        }
        memset(&r, 0, sizeof(r));
        r.law = ru->r.law;
        r.offender = SEAT_NONE;
        r.elector = SEAT_NONE;
        r.remedy = ru->r.remedy;
        r.window = WIN_NONE;
        snprintf(r.note, sizeof(r.note), "%s", ru->r.note);
        who = offender_of(a, ev, SEAT_NONE, ru->r.offender);
        a->irregular[ru->r.law]++;
        if (who >= 0) {
            struct audit_tally *t = &a->players[a->player_at[who]].t;

            t->irregular++;
            t->by_law[ru->r.law]++;
        }
        a->sink->irregularity(a->sink_ctx, a->source, ev->line, a->sitting,
                              ev->deal, ev->id, &r,
                              ru->words, a->imported ? "claimed" : "ruled",
                              who >= 0 ? a->names_of[who].id : NULL);
    }
}

/* say_uncounted - a wrong count at the turn-up that no count called. */
static void say_uncounted(struct audit *a)
{
    for (int s = 0; s < 2; s++) {
        if (a->miscount[s] != 0 && !a->counted[s]) {
            int dealer = arbiter_dealer(a->arb);
            bool elder = s != dealer;
            bool long_hand = a->miscount[s] > 5;
            const char *law = laws_get(laws_count_law(elder, long_hand))->id;

            audit__finding(
                a, a->evs[0].id, a->evs[0].line, law, "uncounted",
                "a wrong count never counted: %c held %d cards at the "
                "turn-up and no count was called",
                seat_letter(s), a->miscount[s]);
        }
    }
}

/*
 * audit__close_deal - the deal audited is over: the log's `=` lines
 * against the rulings the laws give (claims), the ledger's own rulings
 * against them, then every irregularity with its status, an unclaimed one
 * and a wrong count nobody called as findings; the deal's records are
 * emptied for the next.  A ledger error is said on stderr.
 */
void audit__close_deal(struct audit *a)
{
    int rc;

    if (a->n_evs == 0) {
        return;
    }
    a->next_ru = 0;
    a->next_sru = 0;
    a->n_ru_given = 0;
    rc = ledger_claims_next(a->l, a->sitting, a->evs[0].id,
                            a->evs[a->n_evs - 1].id, claim_seen, a);
    give_until(a, a->n_evs - 1);
    for (int k = 0; k < a->n_rus; k++) {
        a->rus[k].claimed = a->rus[k].given >= 0 &&
                            claims_matched(a->claims, a->rus[k].given);
    }
    claims_end_deal(a->claims);
    line_findings(a);
    if (rc != 0 ||
        ledger_rulings_next(a->l, a->evs[0].id, a->evs[a->n_evs - 1].id,
                            stored_seen, a) != 0) {
        fprintf(stderr, "ecarte audit: %s\n", ledger_errmsg(a->l));
    }
    say_irregularities(a);
    say_sitting_rulings(a);
    say_uncounted(a);
    if (a->sink->deal_end != NULL) {
        a->sink->deal_end(a->sink_ctx, a->sitting,
                          arbiter_deal_number(a->arb));
    }
    a->n_evs = 0;
    a->n_rus = 0;
    a->n_srus = 0;
    a->n_pend = 0;
    a->miscount[0] = a->miscount[1] = 0;
    a->counted[0] = a->counted[1] = false;
}
