/*
 * audit.c - `ecarte audit`: re-derive every deal of a ledger from its
 * recorded physical actions and report what was wrong, each finding with
 * its sitting, deal, event id, source line and law:
 *
 *   - irregularities nobody claimed (in an imported log: no `= ruling` line
 *     and no election answers them), and wrong counts never counted;
 *   - marks that differ from what was due, with the window in which L50 or
 *     L51 allowed them to be put right;
 *   - rulings recorded (in the log, or in the ledger) that differ from what
 *     the laws give;
 *   - actions that can no longer be true (card conservation) or cannot
 *     happen where they stand (impossible sequences);
 *
 * then a summary per player (irregularities committed, points won and lost
 * through the penalty laws) and statistical flags: a dealer turning up kings,
 * or a player holding the king of trumps, far more often than chance
 * allows, proposals always (or never) accepted, irregularities heaped on
 * one side.  Memory is held per deal, never per sitting.
 */
#include "cli/cli.h"

#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define DEAL_EVENTS_MAX 512     /* events kept for one deal */
#define DEAL_RULINGS_MAX 64     /* rulings kept for one deal */
#define FLAG_P 0.001            /* probability below which a count is flagged */

/* One event of the deal being audited. */
struct ev_rec {
    int64_t id;
    int line;
    int score[2];               /* the game score after it */
    int value;                  /* the hand's value after it */
    int pend_first;             /* the rulings waiting after it: ... */
    int n_pend;                 /* ... these of the deal's pend[] */
};

/* One ruling the laws give in the deal being audited. */
struct ru_rec {
    int ev;                     /* index in the deal's events */
    struct ruling r;
    char words[APPLY_WORDS_MAX]; /* as a `= ruling` line says it */
    bool claimed;               /* a `= ruling` line of the log records it */
    bool answered;              /* an election answered it */
};

/* A finding about a `=` line of the deal, held until every line of the
 * deal is compared, so that findings are said in the order of the lines
 * (a `= ruling` line is found wanting only when its deal ends). */
struct line_finding {
    int line;
    int64_t event;
    const char *law;            /* "L50", "L51", a law's id, or "" */
    const char *kind;           /* "mark", "value", "ruling" */
    char msg[800];
};

/* What one seat did in one sitting, or one player over the ledger. */
struct tally {
    int dealt;                  /* deals dealt with a turn-up */
    int kings_turned;
    int known_hands;            /* dealt hands seen whole, turn-up not a king */
    int held_king;              /* ... holding the king of trumps */
    int answered;               /* proposals answered as dealer */
    int accepted;
    int irregular;              /* irregularities committed */
    int by_law[LAW_COUNT];
    int won;                    /* points won through the penalty laws */
    int lost;                   /* points lost through them */
};

struct player {
    char name[TL_TAG_VALUE_MAX];
    struct tally t;
};

struct audit {
    struct ledger *l;
    struct output *o;
    bool json;
    /* the sitting being audited */
    int64_t sitting;
    char source[512];
    bool imported;
    char names[2][TL_TAG_VALUE_MAX];
    struct tally seat[2];
    struct arbiter *arb;
    struct arbiter *saved;      /* the referee at the start of the deal */
    /* the deal being audited */
    struct ev_rec evs[DEAL_EVENTS_MAX];
    int n_evs;
    struct ru_rec rus[DEAL_RULINGS_MAX];
    int n_rus;
    struct ruling *pend;        /* rulings waiting after the deal's events */
    int n_pend;
    int cap_pend;
    bool no_memory;             /* pend[] could not grow: the audit stops */
    struct claims *claims;      /* the log's `=` lines against the rulings */
    int next_ru;                /* the next of rus[] to give to claims */
    struct line_finding *lf;    /* findings about the deal's `=` lines */
    int n_lf;
    int cap_lf;
    bool broken;                /* an action failed: skip to the next deal */
    int miscount[2];            /* cards held at the turn-up, 0 if right */
    bool counted[2];            /* a `found X holds` line in the deal */
    int hand_known_at_turn;     /* seats whose dealt hand was seen whole */
    /* totals */
    int64_t events;
    int64_t deals;
    int64_t sittings;
    int findings;
    int flags;
    struct player *players;
    int n_players;
    struct applied res;         /* what the last action gave */
    int irregular[LAW_COUNT];   /* irregularities found, by law */
    /* the deals of the sitting quarantined: left out where they stood */
    struct lost_deal *gaps;
    int n_gaps;
    int next_gap;
};

/* ------------------------------------------------------------------ */
/* Findings                                                             */
/* ------------------------------------------------------------------ */

static void finding(struct audit *a, int64_t event, int line, const char *law,
                    const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

static void finding(struct audit *a, int64_t event, int line, const char *law,
                    const char *kind, const char *fmt, ...)
{
    char msg[800];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    a->findings++;
    output_audit_finding(a->o, a->source, line, a->sitting,
                         arbiter_deal_number(a->arb), event, law, kind, msg);
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
 * them for n_evs - 1) to the claims matcher, in order. */
static void give_until(struct audit *a, int i)
{
    while (a->next_ru < a->n_rus && a->rus[a->next_ru].ev <= i) {
        const struct ru_rec *ru = &a->rus[a->next_ru++];

        claims_give(a->claims, &ru->r, ru->words, a->evs[ru->ev].line);
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

    if (i < 0 || claims_parse(text, line, &tl) != 0) {
        return 0;
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
            finding(a, f->event, f->line, law, kind, "%s", msg);
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

        finding(a, h->event, h->line, h->law, h->kind, "%s", h->msg);
    }
    a->n_lf = 0;
}

/* claim_finding - a `=` line of an imported log that the laws do not
 * bear out: a mark that differs from what was due (with the L50 or L51
 * window), a hand's value, or a ruling the laws do not give.  Held until
 * the deal's lines are all compared (line_findings). */
static void claim_finding(void *ctx, const struct claim_finding *f)
{
    struct audit *a = ctx;
    bool over = false;

    switch (f->kind) {
    case CLAIM_SCORE:
        over = f->log[0] > f->rules[0] || f->log[1] > f->rules[1];
        hold_finding(a, f, over ? "L51" : "L50", "mark",
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
    finding(a, event, a->evs[i].line, "", "stored-ruling",
            "the ledger records \"%s\" on this event; re-derived, the laws "
            "give %s",
            text, "something else");
    return 0;
}

/* is_irregularity - does r record something irregular at the table?  Not
 * a ruling of procedure (equal cuts, the stock running short, new cards:
 * the row's kind), nor one its row calls lawful (an announcement in time). */
static bool is_irregularity(const struct ruling *r)
{
    const struct law *row = laws_get(r->law);

    return row->kind == LAW_KIND_PENALTY &&
           !(row->lawful != REM_NONE && r->remedy == row->lawful);
}

/*
 * close_deal - the deal audited is over: the log's `=` lines against the
 * rulings the laws give (claims), the ledger's own rulings against them,
 * then every irregularity with its status, an unclaimed one and a wrong
 * count nobody called as findings.  A ledger error is said on stderr.
 */
static void close_deal(struct audit *a)
{
    int rc;

    if (a->n_evs == 0) {
        return;
    }
    a->next_ru = 0;
    rc = ledger_claims_foreach(a->l, a->sitting, a->evs[0].id,
                               a->evs[a->n_evs - 1].id, claim_seen, a);
    give_until(a, a->n_evs - 1);
    for (int k = 0; k < a->n_rus; k++) {
        a->rus[k].claimed = claims_matched(a->claims, k);
    }
    claims_end_deal(a->claims);
    line_findings(a);
    if (rc != 0 ||
        ledger_rulings_foreach(a->l, a->evs[0].id, a->evs[a->n_evs - 1].id,
                               stored_seen, a) != 0) {
        fprintf(stderr, "ecarte audit: %s\n", ledger_errmsg(a->l));
    }
    for (int k = 0; k < a->n_rus; k++) {
        const struct ru_rec *ru = &a->rus[k];
        const struct ev_rec *ev = &a->evs[ru->ev];

        if (!is_irregularity(&ru->r)) {
            continue;
        }
        a->irregular[ru->r.law]++;
        if (ru->r.offender != SEAT_NONE) {
            a->seat[(int)ru->r.offender].irregular++;
            a->seat[(int)ru->r.offender].by_law[ru->r.law]++;
        }
        output_audit_irregularity(
            a->o, a->source, ev->line, a->sitting, arbiter_deal_number(a->arb),
            ev->id, &ru->r, ru->words,
            ru->claimed    ? "claimed"
            : ru->answered ? "answered"
            : !a->imported ? "ruled"
                           : "unclaimed");
        if (a->imported && !ru->claimed && !ru->answered &&
            ru->r.offender != SEAT_NONE) {
            finding(a, ev->id, ev->line, laws_get(ru->r.law)->id, "unclaimed",
                    "irregularity nobody claimed: \"= %s\"%s%s", ru->words,
                    ru->r.note[0] ? " - " : "", ru->r.note);
        }
    }
    for (int s = 0; s < 2; s++) {
        if (a->miscount[s] != 0 && !a->counted[s]) {
            int dealer = arbiter_dealer(a->arb);
            bool elder = s != dealer;
            bool long_hand = a->miscount[s] > 5;
            const char *law = elder ? (long_hand ? "L15" : "L16")
                                    : (long_hand ? "L17" : "L18");

            finding(a, a->evs[0].id, a->evs[0].line, law, "uncounted",
                    "a wrong count never counted: %c held %d cards at the "
                    "turn-up and no count was called",
                    seat_letter(s), a->miscount[s]);
        }
    }
    a->n_evs = 0;
    a->n_rus = 0;
    a->n_pend = 0;
    a->miscount[0] = a->miscount[1] = 0;
    a->counted[0] = a->counted[1] = false;
}

/* ------------------------------------------------------------------ */
/* Walking the events                                                   */
/* ------------------------------------------------------------------ */

/* after_turn_up - what the turn-up shows: kings turned, kings held. */
static void after_turn_up(struct audit *a, const struct table_event *ev)
{
    int dealer = ev->actor;
    int trump = arbiter_trump(a->arb);
    uint8_t k;

    if (trump == SUIT_NONE || ev->n_cards != 1) {
        return;
    }
    k = CARD_MAKE(trump, RANK_KING);
    a->seat[dealer].dealt++;
    if (ev->cards[0] == k) {
        a->seat[dealer].kings_turned++;
    }
    for (int s = 0; s < 2; s++) {
        uint32_t known;
        int n = arbiter_hand(a->arb, s, &known);

        if (n != 5) {
            a->miscount[s] = n;
        }
        if (ev->cards[0] != k && n == cards_count(known) && n > 0) {
            a->seat[s].known_hands++;
            if (known & CARD_BIT(k)) {
                a->seat[s].held_king++;
            }
        }
    }
}

/* mark_answered - an election answers the newest ruling it can. */
static void mark_answered(struct audit *a, const struct table_event *ev)
{
    for (int k = a->n_rus - 1; k >= 0; k--) {
        if (a->rus[k].r.elector == ev->actor &&
            (a->rus[k].r.options & OPT_BIT(ev->option))) {
            a->rus[k].answered = true;
            return;
        }
    }
}

/*
 * lost_deals - the quarantined deals that stood before event id (all that
 * are left, for id 0): the deal before is closed, the referee goes on as
 * the log states (its next deal line, its `= score` lines), and the game
 * each touches is marked, so that nothing is found that follows only
 * from the missing deal.
 */
static void lost_deals(struct audit *a, int64_t id)
{
    while (a->next_gap < a->n_gaps &&
           (id == 0 || a->gaps[a->next_gap].after_event < id)) {
        const struct lost_deal *g = &a->gaps[a->next_gap++];

        close_deal(a);
        lost_deal_apply(a->arb, g, &a->res);
        arbiter_copy(a->saved, a->arb);
        a->broken = false;
        finding(a, g->after_event, g->line, "", "quarantined",
                "game %d: a deal that could not be read is in the "
                "quarantine (from line %d); the game goes on as the log "
                "states it (its next deal line%s), and nothing is found "
                "that follows only from the missing deal",
                arbiter_game_number(a->arb), g->line,
                g->has_score ? ", its score" : "; its score is not known");
    }
}

/* keep_pending - a ruling waiting for its election after an event of the
 * deal, kept for the `=` lines after it.  Returns 0, -1 out of memory
 * (a->no_memory). */
static int keep_pending(struct audit *a, const struct ruling *r)
{
    if (a->n_pend == a->cap_pend) {
        int cap = a->cap_pend > 0 ? a->cap_pend * 2 : 16;
        void *p = realloc(a->pend, sizeof(*a->pend) * (size_t)cap);

        if (p == NULL) {
            a->no_memory = true;
            return -1;
        }
        a->pend = p;
        a->cap_pend = cap;
    }
    a->pend[a->n_pend++] = *r;
    return 0;
}

/*
 * audit_event - one recorded action of the sitting (ledger_events_foreach):
 * the lost deals before it, then the action re-derived (a new deal closes
 * the one before); what it gave is tallied and kept for the deal's
 * close.  An action that does not read or cannot stand is a finding, and
 * the rest of its deal is skipped.  Returns 0, 1 out of memory.
 */
static int audit_event(void *ctx, const struct ledger_event *le)
{
    struct audit *a = ctx;
    struct tl_line line;
    struct tl_error err;
    const struct arb_result *r = &a->res.r;
    struct ruling pend[8];
    int n_pend;
    int rc;

    lost_deals(a, le->id);
    a->events++;
    if (tl_parse_line(le->text, strlen(le->text), le->line, &line, &err) !=
            0 ||
        line.kind != TL_EVENT) {
        finding(a, le->id, le->line, "", "unreadable",
                "the recorded action \"%s\" does not read: %s", le->text,
                err.msg);
        return 0;
    }
    if (line.ev.kind == EV_DEAL || line.ev.kind == EV_GAME ||
        a->n_evs >= DEAL_EVENTS_MAX) {
        close_deal(a);
        arbiter_copy(a->saved, a->arb);
        a->broken = false;
    }
    if (a->broken) {
        return 0;
    }
    rc = apply_event(a->arb, &line.ev, le->line, &a->res);
    if (rc != 0) {
        const char *kind = rc == ARB_E_IMPOSSIBLE ? "impossible" : "sequence";

        finding(a, le->id, le->line,
                rc == ARB_E_IMPOSSIBLE ? "conservation" : "", kind,
                "\"%s\" cannot stand here: %s", le->text,
                arbiter_errmsg(a->arb));
        arbiter_copy(a->arb, a->saved);
        a->broken = true;
        return 0;
    }
    if (r->deal_started) {
        a->deals++;             /* once a deal: it may be reported again */
    }
    for (int s = 0; s < 2; s++) {
        if (r->penalty[s] > 0) {
            a->seat[s].won += r->penalty[s];
        } else {
            a->seat[s].lost -= r->penalty[s];
        }
    }
    switch (line.ev.kind) {
    case EV_TURN:
        after_turn_up(a, &line.ev);
        break;
    case EV_ACCEPT:
    case EV_REFUSE:
        if (r->n_rulings == 0 || r->rulings[0].remedy != REM_NOT_ALLOWED) {
            a->seat[(int)line.ev.actor].answered++;
            if (line.ev.kind == EV_ACCEPT) {
                a->seat[(int)line.ev.actor].accepted++;
            }
        }
        break;
    case EV_FOUND_HOLDS:
        a->counted[(int)line.ev.target] = true;
        break;
    case EV_ELECT:
        mark_answered(a, &line.ev);
        break;
    default:
        break;
    }
    struct ev_rec *e = &a->evs[a->n_evs++];
    e->id = le->id;
    e->line = le->line;
    e->score[0] = r->score[0];
    e->score[1] = r->score[1];
    e->value = arbiter_value(a->arb);
    e->pend_first = a->n_pend;
    e->n_pend = 0;
    n_pend = arbiter_pending(a->arb, pend, 8);
    for (int i = 0; i < n_pend && i < 8; i++) {
        if (keep_pending(a, &pend[i]) != 0) {
            return 1;
        }
        e->n_pend++;
    }
    for (int i = 0; i < r->n_rulings && a->n_rus < DEAL_RULINGS_MAX; i++) {
        struct ru_rec *ru = &a->rus[a->n_rus++];

        ru->ev = a->n_evs - 1;
        ru->r = r->rulings[i];
        memcpy(ru->words, a->res.words[i], sizeof(ru->words));
        ru->claimed = false;
        ru->answered = false;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Sittings and players                                                 */
/* ------------------------------------------------------------------ */

/* sitting_tag - the players' names and the rules of a sitting. */
static int sitting_tag(void *ctx, const char *name, const char *value)
{
    struct audit *a = ctx;

    if (strcmp(name, "A") == 0 && strcmp(value, "?") != 0) {
        snprintf(a->names[0], sizeof(a->names[0]), "%s", value);
    } else if (strcmp(name, "B") == 0 && strcmp(value, "?") != 0) {
        snprintf(a->names[1], sizeof(a->names[1]), "%s", value);
    }
    arbiter_set_tag(a->arb, name, value);
    return 0;
}

/* player_of - the running tally of a named player (added if new). */
static struct player *player_of(struct audit *a, const char *name)
{
    void *p;

    for (int i = 0; i < a->n_players; i++) {
        if (strcmp(a->players[i].name, name) == 0) {
            return &a->players[i];
        }
    }
    p = realloc(a->players, sizeof(*a->players) * (size_t)(a->n_players + 1));
    if (p == NULL) {
        return NULL;
    }
    a->players = p;
    memset(&a->players[a->n_players], 0, sizeof(a->players[0]));
    snprintf(a->players[a->n_players].name, sizeof(a->players[0].name), "%s",
             name);
    return &a->players[a->n_players++];
}

/* tally_add - add what t counts to to. */
static void tally_add(struct tally *to, const struct tally *t)
{
    to->dealt += t->dealt;
    to->kings_turned += t->kings_turned;
    to->known_hands += t->known_hands;
    to->held_king += t->held_king;
    to->answered += t->answered;
    to->accepted += t->accepted;
    to->irregular += t->irregular;
    to->won += t->won;
    to->lost += t->lost;
    for (int l = 0; l < LAW_COUNT; l++) {
        to->by_law[l] += t->by_law[l];
    }
}

/*
 * audit_sitting - one sitting of the ledger (ledger_sittings_foreach):
 * its tags (players' names, rules) into a fresh referee, its lost deals
 * loaded, every recorded action re-derived deal by deal (audit_event,
 * close_deal), and the seats' tallies added to the players'.  Returns 0,
 * -1 on a ledger error (ledger_errmsg) or out of memory.
 */
static int audit_sitting(void *ctx, int64_t id, const char *source)
{
    struct audit *a = ctx;
    int imported;

    a->sitting = id;
    a->sittings++;
    snprintf(a->source, sizeof(a->source), "%s", source);
    snprintf(a->names[0], sizeof(a->names[0]), "A");
    snprintf(a->names[1], sizeof(a->names[1]), "B");
    memset(a->seat, 0, sizeof(a->seat));
    a->n_evs = 0;
    a->n_rus = 0;
    a->n_pend = 0;
    claims_forget(a->claims);
    a->broken = false;
    imported = ledger_sitting_imported(a->l, id);
    a->imported = imported > 0;
    arbiter_close(a->arb);
    arbiter_close(a->saved);
    a->arb = NULL;
    a->saved = NULL;
    if (arbiter_open(&a->arb) != 0 || arbiter_open(&a->saved) != 0) {
        return -1;
    }
    if (ledger_tags_foreach(a->l, id, sitting_tag, a) != 0) {
        return -1;
    }
    free(a->gaps);
    a->gaps = NULL;
    a->n_gaps = 0;
    a->next_gap = 0;
    if (lost_deals_load(a->l, id, &a->gaps, &a->n_gaps) != 0) {
        return -1;
    }
    if (a->imported && ledger_version(a->l) < 2) {
        /* a version 1 ledger kept no place for its quarantined deals */
        int count = 0;
        int first = 0;

        if (ledger_quarantine_of(a->l, source, &count, &first) != 0) {
            return -1;
        }
        if (count > 0) {
            finding(a, 0, first, "", "quarantined",
                    "%d deal(s) of this log could not be read and are in "
                    "the quarantine (the first at line %d); what follows "
                    "them is judged without them, so findings after it may "
                    "come from the missing deal(s)",
                    count, first);
        }
    }
    arbiter_copy(a->saved, a->arb);
    if (ledger_events_foreach(a->l, id, audit_event, a) != 0) {
        return -1;
    }
    lost_deals(a, 0);
    close_deal(a);
    for (int s = 0; s < 2; s++) {
        struct player *p = player_of(a, a->names[s]);

        if (p == NULL) {
            return -1;
        }
        tally_add(&p->t, &a->seat[s]);
    }
    return 0;
}

/* binom_tail - P(X >= k) for X ~ Binomial(n, p). */
static double binom_tail(int n, int k, double p)
{
    double sum = 0.0;

    if (k <= 0) {
        return 1.0;
    }
    for (int i = k; i <= n; i++) {
        sum += exp(lgamma(n + 1.0) - lgamma(i + 1.0) - lgamma(n - i + 1.0) +
                   i * log(p) + (n - i) * log1p(-p));
    }
    return sum > 1.0 ? 1.0 : sum;
}

/* stat - one statistical line: observed k of n against probability p. */
static void stat(struct audit *a, const struct player *pl, const char *kind,
                 int k, int n, double p, const char *what)
{
    double tail = binom_tail(n, k, p);
    bool flag = n > 0 && k > n * p && tail < FLAG_P;
    char msg[600];

    if (n == 0) {
        return;
    }
    snprintf(msg, sizeof(msg), "%s %s %d time(s) in %d (chance gives %.1f; "
                               "P(as many or more) = %.3g)",
             pl->name, what, k, n, n * p, tail);
    if (flag) {
        a->flags++;
    }
    output_audit_flag(a->o, pl->name, kind, k, n, n * p, tail, flag, msg);
}

/* summary - each player's summary, then the statistics of every player
 * and of the two sides, flagged when chance makes them unlikely. */
static void summary(struct audit *a)
{
    for (int i = 0; i < a->n_players; i++) {
        const struct player *pl = &a->players[i];
        const struct tally *t = &pl->t;
        char laws[600];
        size_t used = 0;

        laws[0] = '\0';
        for (int l = 0; l < LAW_COUNT && used < sizeof(laws); l++) {
            if (t->by_law[l] > 0) {
                used += (size_t)snprintf(laws + used, sizeof(laws) - used,
                                         "%s%s:%d", used ? "," : "",
                                         laws_get((enum law_id)l)->id,
                                         t->by_law[l]);
            }
        }
        output_audit_player(a->o, pl->name, t->irregular, laws, t->won,
                            t->lost, t->dealt, t->kings_turned,
                            t->known_hands, t->held_king, t->answered,
                            t->accepted);
    }
    for (int i = 0; i < a->n_players; i++) {
        const struct player *pl = &a->players[i];
        const struct tally *t = &pl->t;

        stat(a, pl, "kings-turned", t->kings_turned, t->dealt, 4.0 / 32.0,
             "as dealer turned up a king");
        stat(a, pl, "king-held", t->held_king, t->known_hands, 5.0 / 31.0,
             "was dealt the king of trumps");
        if (t->answered >= 20 &&
            (t->accepted == t->answered || t->accepted == 0)) {
            char msg[700];

            snprintf(msg, sizeof(msg),
                     "%s as dealer %s all %d proposals made to him",
                     pl->name, t->accepted == 0 ? "refused" : "accepted",
                     t->answered);
            a->flags++;
            output_audit_flag(a->o, pl->name,
                              t->accepted == 0 ? "never-accepts"
                                               : "always-accepts",
                              t->accepted, t->answered, 0.0, 0.0, true, msg);
        }
    }
    if (a->n_players == 2) {
        int k = a->players[0].t.irregular;
        int m = a->players[1].t.irregular;
        int hi = k > m ? 0 : 1;
        int top = k > m ? k : m;

        if (top >= 10 && binom_tail(k + m, top, 0.5) < FLAG_P) {
            char msg[700];

            snprintf(msg, sizeof(msg),
                     "%s committed %d of the %d irregularities "
                     "(P = %.3g if both were equally careless)",
                     a->players[hi].name, top, k + m,
                     binom_tail(k + m, top, 0.5));
            a->flags++;
            output_audit_flag(a->o, a->players[hi].name, "irregularities",
                              top, k + m, (k + m) / 2.0,
                              binom_tail(k + m, top, 0.5), true, msg);
        }
    }
}

int cmd_audit(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    static struct audit a;      /* 40 KiB: kept off the stack */
    int rc = EXIT_FINE;
    int c;

    memset(&a, 0, sizeof(a));
    while ((c = getopt_long(argc, argv, "d:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': a.json = true; break;
        case 'h':
            return usage_help("audit");
        default: return usage_error("audit", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("audit", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    a.l = ledger_for("audit", db, LEDGER_READONLY);
    if (a.l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (output_open(&a.o, stdout, a.json) != 0 ||
        claims_open(&a.claims, claim_finding, &a) != 0) {
        output_close(a.o);
        ledger_close(a.l);
        return EXIT_BAD_INPUT;
    }
    if (ledger_integrity(a.l) != 0) {
        /* a damaged file cannot be audited: say so and stop */
        fprintf(stderr, "ecarte audit: %s: %s\n", db, ledger_errmsg(a.l));
        claims_close(a.claims);
        output_close(a.o);
        ledger_close(a.l);
        return EXIT_BAD_INPUT;
    }
    if (ledger_sittings_foreach(a.l, audit_sitting, &a) != 0) {
        fprintf(stderr, "ecarte audit: %s: %s\n", db,
                a.no_memory ? "out of memory" : ledger_errmsg(a.l));
        rc = EXIT_BAD_INPUT;
    }
    if (rc == EXIT_FINE) {
        char by_law[800];
        size_t used = 0;

        by_law[0] = '\0';
        for (int l = 0; l < LAW_COUNT && used < sizeof(by_law); l++) {
            if (a.irregular[l] > 0) {
                used += (size_t)snprintf(by_law + used, sizeof(by_law) - used,
                                         "%s%s:%d", used ? "," : "",
                                         laws_get((enum law_id)l)->id,
                                         a.irregular[l]);
            }
        }
        summary(&a);
        output_audit_totals(a.o, db, a.sittings, a.deals, a.events, by_law,
                            a.findings, a.flags);
        if (a.findings > 0 || a.flags > 0) {
            rc = EXIT_FINDINGS;
        }
    }
    arbiter_close(a.arb);
    arbiter_close(a.saved);
    claims_close(a.claims);
    free(a.lf);
    free(a.pend);
    free(a.gaps);
    free(a.players);
    output_close(a.o);
    ledger_close(a.l);
    return rc;
}
