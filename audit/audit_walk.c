/* SPDX-License-Identifier: MIT */
/*
 * audit_walk.c - `ecarte audit`: walking the ledger.  Each sitting's tags
 * set up a fresh referee; its recorded actions are re-derived one by one
 * (its lost deals where they stood), what each gives tallied to the
 * person who sat in the seat when it happened (at a table with persons:
 * seatings change between games, a substitute takes a seat mid-game) or
 * else to the seat, and kept for the close of its deal (audit_deal.c);
 * a seat's tallies are added to its player (its tag's name or letter)
 * when the sitting ends.
 */
#include "audit/audit_int.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Walking the events                                                   */
/* ------------------------------------------------------------------ */

struct audit_tally *audit__tally(struct audit *a, const int8_t who[2],
                                 int seat)
{
    assert(seat == SEAT_A || seat == SEAT_B);
    if (who[seat] >= 0) {
        return &a->players[a->player_at[who[seat]]].t;
    }
    return &a->seat[seat];
}

/* seated - the persons seated now into who (index of names_of, -1). */
static void seated(struct audit *a, int8_t who[2])
{
    for (int s = 0; s < 2; s++) {
        who[s] = (int8_t)audit__name_index(a, sitting_seated(a->sit, s));
    }
}

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
    audit__tally(a, a->who, dealer)->dealt++;
    if (ev->cards[0] == k) {
        audit__tally(a, a->who, dealer)->kings_turned++;
    }
    for (int s = 0; s < 2; s++) {
        uint32_t known;
        int n = arbiter_hand(a->arb, s, &known);

        if (n != 5) {
            a->miscount[s] = n;
        }
        if (ev->cards[0] != k && n == cards_count(known) && n > 0) {
            struct audit_tally *t = audit__tally(a, a->who, s);

            t->known_hands++;
            if (known & CARD_BIT(k)) {
                t->held_king++;
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

        audit__close_deal(a);
        lost_deal_apply(a->arb, g, &a->res);
        if (sitting_observe(a->sit, a->arb, &a->res.r, &a->res.s) == 0) {
            audit__money_given(a, g->after_event, g->line, &a->res.s);
        }
        arbiter_copy(a->saved, a->arb);
        sitting_copy(a->saved_sit, a->sit);
        a->broken = false;
        audit__finding(
            a, g->after_event, g->line, "", "quarantined",
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

/* keep_event - the action just re-derived (event le of kind, what it
 * gave in a->res) kept for the close of its deal: the score and value
 * after it, the rulings waiting then, the rulings it gave; a strike marks
 * the line it took back.  Returns 0, -1 out of memory (a->no_memory). */
static int keep_event(struct audit *a, const struct ledger_event *le,
                      enum event_kind kind)
{
    const struct arb_result *r = &a->res.r;
    struct ev_rec *e = &a->evs[a->n_evs++];
    struct ruling pend[8];
    int n_pend;

    if (r->struck) {
        /* the line the strike took back, if it is of this deal: its
         * rulings are no longer the table's */
        for (int i = a->n_evs - 2; i >= 0; i--) {
            if (a->evs[i].kind != EV_STRIKE && !a->evs[i].struck) {
                a->evs[i].struck = true;
                break;
            }
        }
    }
    e->id = le->id;
    e->line = le->line;
    e->kind = kind;
    e->struck = false;
    e->who[0] = a->who[0];
    e->who[1] = a->who[1];
    e->score[0] = r->score[0];
    e->score[1] = r->score[1];
    e->value = arbiter_value(a->arb);
    e->deal = arbiter_deal_number(a->arb);
    e->pend_first = a->n_pend;
    e->n_pend = 0;
    n_pend = arbiter_pending(a->arb, pend, 8);
    for (int i = 0; i < n_pend && i < 8; i++) {
        if (keep_pending(a, &pend[i]) != 0) {
            return -1;
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
        ru->given = -1;
    }
    for (int i = 0; i < a->res.s.n_rulings && a->n_srus < DEAL_SIT_RULINGS_MAX;
         i++) {
        struct sru_rec *ru = &a->srus[a->n_srus++];

        ru->ev = a->n_evs - 1;
        ru->r = a->res.s.rulings[i];
        memcpy(ru->words, a->res.sit_words[i], sizeof(ru->words));
    }
    return 0;
}

/* tally_action - what an action taken (line, what it gave in a->res)
 * counts for the persons who made it (a->who): the penalty points, the
 * proposals made and answered, a count called, an election answering a
 * ruling; the strikes of the sitting. */
static void tally_action(struct audit *a, const struct ledger_event *le,
                         const struct tl_line *line)
{
    const struct arb_result *r = &a->res.r;

    if (r->deal_started) {
        a->deals++;             /* once a deal: it may be reported again */
    }
    if (r->struck) {
        char text[TL_LINE_MAX];

        a->strikes++;
        a->sink->strike(a->sink_ctx, a->source, le->line, a->sitting,
                        tl_format_event(&r->struck_line, text,
                                        sizeof(text)));
    }
    if (r->struck && a->n_pens > 0 &&
        a->pens[a->n_pens - 1].line == r->struck_line_no) {
        /* the line struck won or lost points: they go back */
        const struct penalty_rec *p = &a->pens[--a->n_pens];

        for (int s = 0; s < 2; s++) {
            if (p->penalty[s] > 0) {
                audit__tally(a, p->who, s)->won -= p->penalty[s];
            } else {
                audit__tally(a, p->who, s)->lost += p->penalty[s];
            }
        }
    }
    for (int s = 0; s < 2; s++) {
        if (r->penalty[s] > 0) {
            audit__tally(a, a->who, s)->won += r->penalty[s];
        } else {
            audit__tally(a, a->who, s)->lost -= r->penalty[s];
        }
    }
    if (r->penalty[0] != 0 || r->penalty[1] != 0) {
        struct penalty_rec *p = NULL;

        if (a->n_pens == PENALTY_RECS_MAX) {
            /* the oldest can no longer be struck back to */
            memmove(a->pens, a->pens + 1,
                    sizeof(a->pens[0]) * (PENALTY_RECS_MAX - 1));
            a->n_pens--;
        }
        p = &a->pens[a->n_pens++];
        p->line = le->line;
        p->who[0] = a->who[0];
        p->who[1] = a->who[1];
        p->penalty[0] = r->penalty[0];
        p->penalty[1] = r->penalty[1];
    }
    switch (line->ev.kind) {
    case EV_TURN:
        after_turn_up(a, &line->ev);
        break;
    case EV_ACCEPT:
    case EV_REFUSE:
        if (r->n_rulings == 0 || r->rulings[0].remedy != REM_NOT_ALLOWED) {
            struct audit_tally *dealer =
                audit__tally(a, a->who, line->ev.actor);
            struct audit_tally *elder =
                audit__tally(a, a->who, 1 - line->ev.actor);

            dealer->answered++;
            elder->proposed++;
            if (line->ev.kind == EV_ACCEPT) {
                dealer->accepted++;
                elder->proposed_accepted++;
            }
        }
        break;
    case EV_FOUND_HOLDS:
        a->counted[(int)line->ev.target] = true;
        break;
    case EV_ELECT:
        mark_answered(a, &line->ev);
        break;
    default:
        break;
    }
}

/* tell_action - the action to the sink's action call, if it has one. */
static void tell_action(struct audit *a, const struct ledger_event *le,
                        const struct tl_line *line)
{
    if (a->sink->action != NULL) {
        struct audit_action act = {
            .sitting = a->sitting,
            .event = le->id,
            .line = le->line,
            .text = le->text,
            .ev = &line->ev,
            .res = &a->res,
            .arb = a->arb,
            .seated = {a->who[0] >= 0 ? a->names_of[a->who[0]].id : NULL,
                       a->who[1] >= 0 ? a->names_of[a->who[1]].id : NULL},
        };

        a->sink->action(a->sink_ctx, &act);
    }
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
    int8_t before[2];
    int rc;

    lost_deals(a, le->id);
    audit__money_compare(a, le->id);
    a->events++;
    if (tl_parse_line(le->text, strlen(le->text), le->line, &line, &err) !=
            0 ||
        line.kind != TL_EVENT) {
        audit__finding(a, le->id, le->line, "", "unreadable",
                       "the recorded action \"%s\" does not read: %s", le->text,
                       err.msg);
        return 0;
    }
    if (line.ev.kind == EV_DEAL || line.ev.kind == EV_GAME ||
        a->n_evs >= DEAL_EVENTS_MAX) {
        audit__close_deal(a);
        arbiter_copy(a->saved, a->arb);
        sitting_copy(a->saved_sit, a->sit);
        a->broken = false;
    }
    if (a->broken) {
        return 0;
    }
    arbiter_set_line(a->arb, le->line);
    seated(a, before);
    rc = apply_line(a->sit, a->arb, &line, &a->res);
    if (rc != 0) {
        const char *kind = rc == ARB_E_IMPOSSIBLE ? "impossible" : "sequence";

        audit__finding(a, le->id, le->line,
                       rc == ARB_E_IMPOSSIBLE ? "conservation" : "", kind,
                       "\"%s\" cannot stand here: %s", le->text,
                       sitting_errmsg(a->sit));
        arbiter_copy(a->arb, a->saved);
        sitting_copy(a->sit, a->saved_sit);
        a->broken = true;
        return 0;
    }
    a->last_ok = le->id;
    a->last_ok_line = le->line;
    /* who made the action: a person's own line (he leaves, sees, takes
     * a seat) is of those seated before it; a card action of those
     * seated after it (a game line fills the seats the roles give) */
    seated(a, a->who);
    for (int s = 0; s < 2; s++) {
        if (tl_is_sitting(&line) ? before[s] >= 0 : a->who[s] < 0) {
            a->who[s] = before[s];
        }
    }
    if (sitting_active(a->sit) &&
        (audit__money_given(a, le->id, le->line, &a->res.s) != 0 ||
         audit__money_claims(a, le->id) != 0)) {
        return 1;
    }
    tally_action(a, le, &line);
    if (keep_event(a, le, line.ev.kind) != 0) {
        return 1;
    }
    tell_action(a, le, &line);
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
    sitting_set_tag(a->sit, name, value);
    return 0;
}

int audit__player(struct audit *a, const char *id, const char *name)
{
    struct player *p;
    void *q;

    for (int i = 0; i < a->n_players; i++) {
        if (strcmp(a->players[i].id, id) == 0 &&
            strcmp(a->players[i].name, name) == 0) {
            return i;
        }
    }
    q = realloc(a->players, sizeof(*a->players) * (size_t)(a->n_players + 1));
    if (q == NULL) {
        a->no_memory = true;
        return -1;
    }
    a->players = q;
    p = &a->players[a->n_players];
    memset(p, 0, sizeof(*p));
    snprintf(p->id, sizeof(p->id), "%s", id);
    snprintf(p->name, sizeof(p->name), "%s", name);
    return a->n_players++;
}

/* tally_empty - has t counted nothing? */
static bool tally_empty(const struct audit_tally *t)
{
    static const struct audit_tally zero;

    return memcmp(t, &zero, sizeof(*t)) == 0;
}

void audit_tally_add(struct audit_tally *to, const struct audit_tally *t)
{
    to->dealt += t->dealt;
    to->kings_turned += t->kings_turned;
    to->known_hands += t->known_hands;
    to->held_king += t->held_king;
    to->answered += t->answered;
    to->accepted += t->accepted;
    to->proposed += t->proposed;
    to->proposed_accepted += t->proposed_accepted;
    to->irregular += t->irregular;
    to->won += t->won;
    to->lost += t->lost;
    for (int l = 0; l < LAW_COUNT; l++) {
        to->by_law[l] += t->by_law[l];
    }
}

/*
 * audit__sitting - one sitting of the ledger (ledger_sittings_foreach;
 * ctx the audit): its tags (players' names, rules) into a fresh referee,
 * its lost deals loaded, every recorded action re-derived deal by deal
 * (each deal closed by audit__close_deal), and the seats' tallies added
 * to the players'.  Returns 0, -1 on a ledger error (ledger_errmsg) or
 * out of memory (a->no_memory when the deal's waiting rulings could not
 * be kept).
 */
int audit__sitting(void *ctx, int64_t id, const char *source)
{
    struct audit *a = ctx;
    int imported;

    a->sitting = id;
    a->strikes = 0;
    a->n_pens = 0;
    a->overscores[0] = a->overscores[1] = 0;
    a->sittings++;
    snprintf(a->source, sizeof(a->source), "%s", source);
    snprintf(a->names[0], sizeof(a->names[0]), "A");
    snprintf(a->names[1], sizeof(a->names[1]), "B");
    memset(a->seat, 0, sizeof(a->seat));
    a->who[0] = a->who[1] = -1;
    a->n_evs = 0;
    a->n_rus = 0;
    a->n_srus = 0;
    a->n_pend = 0;
    claims_forget(a->claims);
    a->broken = false;
    imported = ledger_sitting_imported(a->l, id);
    a->imported = imported > 0;
    arbiter_close(a->arb);
    arbiter_close(a->saved);
    sitting_close(a->sit);
    sitting_close(a->saved_sit);
    a->arb = NULL;
    a->saved = NULL;
    a->sit = NULL;
    a->saved_sit = NULL;
    if (arbiter_open(&a->arb) != 0 || arbiter_open(&a->saved) != 0 ||
        sitting_open(&a->sit) != 0 || sitting_open(&a->saved_sit) != 0) {
        return -1;
    }
    if (audit__money_start(a) != 0) {
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
            audit__finding(
                a, 0, first, "", "quarantined",
                "%d deal(s) of this log could not be read and are in "
                "the quarantine (the first at line %d); what follows "
                "them is judged without them, so findings after it may "
                "come from the missing deal(s)",
                count, first);
        }
    }
    arbiter_copy(a->saved, a->arb);
    sitting_copy(a->saved_sit, a->sit);
    if (a->imported && audit__claims_before(a) != 0) {
        return -1;
    }
    if (ledger_events_brief_foreach(a->l, id, audit_event, a) != 0) {
        return -1;
    }
    lost_deals(a, 0);
    audit__money_compare(a, INT64_MAX);
    audit__close_deal(a);
    ledger_claims_done(a->l);
    ledger_rulings_done(a->l);
    if (a->strikes > 0) {
        a->sink->strikes(a->sink_ctx, id, source, a->strikes);
    }
    /* a seat nobody declared sat in: its tag's name or its letter (at a
     * table with persons, only if something was counted to it) */
    for (int s = 0; s < 2; s++) {
        int p;

        if (sitting_active(a->sit) && tally_empty(&a->seat[s])) {
            continue;
        }
        p = audit__player(a, "", a->names[s]);
        if (p < 0) {
            return -1;
        }
        audit_tally_add(&a->players[p].t, &a->seat[s]);
    }
    return 0;
}
