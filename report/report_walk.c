/* SPDX-License-Identifier: MIT */
/*
 * report_walk.c - `ecarte report`: what the audit's walk finds, collected
 * (report__sink).  Each ruling is held with the table as it stood until
 * its deal is closed (its election and its audit status are known by
 * then), and then written to the rulings' section; findings,
 * irregularities and strikes are written to theirs as they come; players
 * and statistics are kept for the end.
 */
#include "report/report_int.h"

#include <stdlib.h>
#include <string.h>

/* grow - make room for need items of size in *p (capacity *cap).
 * Returns 0, -1 out of memory (*p unchanged). */
static int grow(void **p, int *cap, int need, size_t size)
{
    int n = *cap > 0 ? *cap : 16;
    void *q;

    if (need <= *cap) {
        return 0;
    }
    while (n < need) {
        n *= 2;
    }
    q = realloc(*p, size * (size_t)n);
    if (q == NULL) {
        return -1;
    }
    memset((char *)q + size * (size_t)*cap, 0, size * (size_t)(n - *cap));
    *p = q;
    *cap = n;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Rulings and elections                                                */
/* ------------------------------------------------------------------ */

/* take_table - the table as the referee a shows it now, who the
 * persons seated (IDs, NULL: nobody declared). */
static void take_table(struct rep_table *t, const struct arbiter *a,
                       const int score[2], const char *const who[2])
{
    for (int s = 0; s < 2; s++) {
        snprintf(t->who[s], sizeof(t->who[s]), "%s",
                 who[s] != NULL ? who[s] : "");
    }
    arbiter_places(a, t->places);
    t->n_tricks = arbiter_tricks(a, t->tricks, ARB_TRICKS_MAX);
    t->dealer = arbiter_dealer(a);
    t->trump = arbiter_trump(a);
    t->score[0] = score[0];
    t->score[1] = score[1];
}

/* held_new - room for one more ruling held, numbered and counted by law
 * and for its deal.  NULL out of memory (r->no_memory). */
static struct rep_ruling *held_new(struct report *r, int deal,
                                   enum law_id law)
{
    struct rep_ruling *ru;
    struct rep_deal *d;

    if (grow((void **)&r->held, &r->cap_held, r->n_held + 1,
             sizeof(*r->held)) != 0) {
        r->no_memory = true;
        return NULL;
    }
    ru = &r->held[r->n_held++];
    memset(ru, 0, sizeof(*ru));
    ru->number = ++r->n_rulings;
    ru->deal = deal;
    if (r->by_law[law] < REP_LAW_LINKS) {
        r->law_rulings[law][r->by_law[law]] = ru->number;
    }
    r->by_law[law]++;
    d = report__deal(r, deal);
    if (d != NULL) {
        if (d->n_rulings++ == 0) {
            d->first_ruling = ru->number;
        }
    }
    return ru;
}

/* hold_rulings - the rulings act gave, the referee's then the sitting's
 * (between persons), held for the close of the deal. */
static void hold_rulings(struct report *r, const struct audit_action *act)
{
    const struct arb_result *res = &act->res->r;
    const struct sit_result *sit = &act->res->s;
    int deal = arbiter_deal_number(act->arb);

    for (int i = 0; i < res->n_rulings; i++) {
        struct rep_ruling *ru = held_new(r, deal, res->rulings[i].law);

        if (ru == NULL) {
            return;
        }
        ru->event = act->event;
        ru->line = act->line;
        ru->r = res->rulings[i];
        snprintf(ru->words, sizeof(ru->words), "%s", act->res->words[i]);
        snprintf(ru->preview, sizeof(ru->preview), "%s", res->previews[i]);
        snprintf(ru->action, sizeof(ru->action), "%s", act->text);
        take_table(&ru->at, act->arb, res->score, act->seated);
    }
    for (int i = 0; i < sit->n_rulings; i++) {
        const struct sit_ruling *sr = &sit->rulings[i];
        struct rep_ruling *ru = held_new(r, deal, sr->law);
        int score[2];

        if (ru == NULL) {
            return;
        }
        ru->event = act->event;
        ru->line = act->line;
        ru->of_sitting = true;
        ru->r.law = sr->law;
        ru->r.offender = SEAT_NONE;
        ru->r.elector = SEAT_NONE;
        ru->r.remedy = sr->remedy;
        ru->r.window = WIN_NONE;
        snprintf(ru->r.note, sizeof(ru->r.note), "%s", sr->note);
        snprintf(ru->offender, sizeof(ru->offender), "%s", sr->offender);
        snprintf(ru->elector, sizeof(ru->elector), "%s", sr->elector);
        snprintf(ru->words, sizeof(ru->words), "%s",
                 act->res->sit_words[i]);
        snprintf(ru->action, sizeof(ru->action), "%s", act->text);
        /* a line of the sitting the referee may not have seen: the
         * score is the referee's own */
        arbiter_score(act->arb, score);
        take_table(&ru->at, act->arb, score, act->seated);
    }
}

/* gave_text - what an election (or any action) gave, in words, into buf:
 * its notes, the rulings it gave, the deal it ended, the score after. */
static void gave_text(const struct arb_result *res, char *buf, size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < res->n_notes && used < n; i++) {
        used += (size_t)snprintf(buf + used, n - used, "%s; ",
                                 res->notes[i]);
    }
    for (int i = 0; i < res->n_rulings && used < n; i++) {
        used += (size_t)snprintf(buf + used, n - used, "a ruling under %s; ",
                                 laws_get(res->rulings[i].law)->id);
    }
    if (res->deal_over && used < n) {
        const struct arb_deal_result *d = &res->deal;

        if (d->is_void) {
            used += (size_t)snprintf(buf + used, n - used,
                                     "deal %d is void; ", d->number);
        } else {
            used += (size_t)snprintf(buf + used, n - used,
                                     "deal %d: tricks A %d B %d, points "
                                     "A %d B %d; ",
                                     d->number, d->tricks[0], d->tricks[1],
                                     d->points[0], d->points[1]);
        }
    }
    if (used < n) {
        snprintf(buf + used, n - used, "score A %d B %d", res->score[0],
                 res->score[1]);
    }
}

/* answer - an election by act: it answers the newest ruling held that
 * its elector may still elect with that option. */
static void answer(struct report *r, const struct audit_action *act)
{
    const struct table_event *ev = act->ev;
    enum law_option o = ev->kind == EV_VETO ? OPT_VETO
                                            : (enum law_option)ev->option;

    for (int k = r->n_held - 1; k >= 0; k--) {
        struct rep_ruling *ru = &r->held[k];

        if (!ru->elected && ru->r.elector == ev->actor &&
            (ru->r.options & OPT_BIT(o))) {
            ru->elected = true;
            ru->elect_line = act->line;
            ru->option = o;
            snprintf(ru->elect_action, sizeof(ru->elect_action), "%s",
                     act->text);
            gave_text(&act->res->r, ru->gave, sizeof(ru->gave));
            return;
        }
    }
}

/* on_action - each action re-derived: its rulings held, an election
 * matched with its ruling, the score when a deal ends kept. */
static void on_action(void *ctx, const struct audit_action *act)
{
    struct report *r = ctx;
    const struct arb_result *res = &act->res->r;

    if (act->ev->kind == EV_ELECT || act->ev->kind == EV_VETO) {
        answer(r, act);
    }
    r->uncap_replay =
        arbiter_profile(act->arb)->penalty == PENALTY_CAP_OR_REPLAY;
    hold_rulings(r, act);
    if (act->res->s.n_records > 0 || act->res->s.n_marks > 0) {
        report__money_kept(r, &act->res->s, act->line);
    }
    if (res->deal_over) {
        struct rep_deal *d = report__deal(r, res->deal.number);

        if (d != NULL) {
            d->scored = true;
            d->score[0] = res->score[0];
            d->score[1] = res->score[1];
        }
    }
    if (res->game_reopened) {
        struct rep_game *g = report__game(r, res->reopened_game);

        if (g != NULL) {
            memset(g, 0, sizeof(*g));
        }
    }
    if (res->game_over) {
        struct rep_game *g = report__game(r, res->game.number);

        if (g != NULL) {
            g->over = true;
            g->rubber_over = res->game.rubber_over;
            g->rubber_winner = res->game.rubber_winner;
            g->games_won[0] = res->game.games_won[0];
            g->games_won[1] = res->game.games_won[1];
            g->in_rubber = arbiter_profile(act->arb)->rubber > 0;
        }
    }
}

/* caps - does ruling ru cap its deal's score: a score cap, or a stand
 * it offers (L43, L25), unless a replay elected under cap-or-replay
 * gives the uncapped score back? */
static bool caps(const struct report *r, const struct rep_ruling *ru)
{
    if (ru->of_sitting || (ru->r.remedy != REM_SCORE_CAP &&
                           !(ru->r.options & OPT_BIT(OPT_STAND)))) {
        return false;
    }
    return !(ru->elected && ru->option == OPT_REPLAY && r->uncap_replay);
}

void report__held_write(struct report *r)
{
    for (int k = 0; k < r->n_held; k++) {
        const struct rep_ruling *ru = &r->held[k];
        struct rep_deal *d = NULL;

        if (caps(r, ru) && (d = report__deal(r, ru->deal)) != NULL &&
            !d->capped) {
            d->capped = true;
            if (r->n_capped++ == 0) {
                r->first_capped = ru->deal;
            }
        }
        report__ruling(r->rulings, r, ru);
    }
    r->n_held = 0;
}

/* on_deal_end - the deal is closed: its rulings are written. */
static void on_deal_end(void *ctx, int64_t sitting, int deal)
{
    (void)sitting;
    (void)deal;
    report__held_write(ctx);
}

/* ------------------------------------------------------------------ */
/* The audit's findings                                                 */
/* ------------------------------------------------------------------ */

/* deal_cell - a table cell linking to deal number deal ("" for 0). */
static void deal_cell(FILE *fp, int deal)
{
    if (deal > 0) {
        fprintf(fp, "<td><a href=\"#deal-%d\">%d</a></td>", deal, deal);
    } else {
        fputs("<td></td>", fp);
    }
}

/* law_cell - a cell naming a law with its title (the id alone for what
 * is not a law, e.g. "conservation"). */
static void law_cell(FILE *fp, const char *law)
{
    const struct law *row = laws_find(law, strlen(law));

    fputs("<td>", fp);
    html_put(fp, law);
    if (row != NULL) {
        fputs(" <span class=\"title\">", fp);
        html_put(fp, row->title);
        fputs("</span>", fp);
    }
    fputs("</td>", fp);
}

/* The sink's calls (struct audit_sink), ctx the report: each finding,
 * irregularity and strike becomes a row of its section; players and
 * statistics are kept for the end. */
static void on_finding(void *ctx, const char *source, int line,
                       int64_t sitting, int deal, int64_t event,
                       const char *law, const char *kind, const char *message)
{
    struct report *r = ctx;
    const struct law *row = law[0] ? laws_find(law, strlen(law)) : NULL;
    struct rep_deal *d = report__deal(r, deal);
    int number = ++r->n_findings;

    (void)source;
    (void)sitting;
    if (d != NULL && d->n_findings++ == 0) {
        d->first_finding = number;
    }
    if (strcmp(kind, "quarantined") == 0 &&
        grow((void **)&r->gaps, &r->cap_gaps, r->n_gaps + 1,
             sizeof(*r->gaps)) == 0) {
        r->gaps[r->n_gaps].deal = deal;
        r->gaps[r->n_gaps].line = line;
        r->gaps[r->n_gaps].game = 0;
        r->n_gaps++;
    }
    fprintf(r->findings, "<tr id=\"finding-%d\" class=\"finding\">", number);
    if (strcmp(kind, "quarantined") == 0) {
        /* its deal is the one left out: its row says where it stood */
        fprintf(r->findings, "<td><a href=\"#lost-%d\">%d</a></td>",
                r->n_gaps, deal);
    } else {
        deal_cell(r->findings, deal);
    }
    fprintf(r->findings, "<td>%d</td><td>%lld</td>", line, (long long)event);
    law_cell(r->findings, law);
    fputs("<td>", r->findings);
    html_put(r->findings, kind);
    fputs("</td><td>", r->findings);
    html_put(r->findings, message);
    fputs("</td><td>", r->findings);
    html_put(r->findings, row != NULL && row->window != WIN_NONE
                              ? law_window_words(row->window)
                              : "");
    fputs("</td></tr>\n", r->findings);
}

/* status_of - the audit's status word as a string of this file. */
static const char *status_of(const char *status)
{
    static const char *const words[] = {"claimed", "answered", "ruled",
                                        "unclaimed"};

    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        if (strcmp(status, words[i]) == 0) {
            return words[i];
        }
    }
    return "unknown";
}

static void on_irregularity(void *ctx, const char *source, int line,
                            int64_t sitting, int deal, int64_t event,
                            const struct ruling *ru, const char *words,
                            const char *status, const char *person)
{
    struct report *r = ctx;
    const struct rep_ruling *held = NULL;
    int number = 0;

    (void)source;
    (void)sitting;
    r->n_irregular++;
    for (int k = 0; k < r->n_held; k++) {
        struct rep_ruling *h = &r->held[k];

        if (h->event == event && h->status == NULL &&
            strcmp(h->words, words) == 0) {
            h->status = status_of(status);
            number = h->number;
            held = h;
            break;
        }
    }
    fputs("<tr class=\"irregularity\">", r->irregular);
    deal_cell(r->irregular, deal);
    fprintf(r->irregular, "<td>%d</td>", line);
    law_cell(r->irregular, laws_get(ru->law)->id);
    fputs("<td>", r->irregular);
    if (ru->offender == SEAT_NONE && person != NULL) {
        /* a person's own irregularity (an adviser's, a bettor's) */
        html_put(r->irregular, report__person_name(r, person));
        fputs(" <span class=\"name\">(", r->irregular);
        html_put(r->irregular, person);
        fputs(")</span>", r->irregular);
    } else {
        report__seat_name(r->irregular, r, ru->offender,
                          held != NULL ? held->at.who : NULL);
    }
    fprintf(r->irregular, "</td><td class=\"status-%s\">", status_of(status));
    html_put(r->irregular, status);
    fputs("</td><td>", r->irregular);
    if (number > 0) {
        fprintf(r->irregular, "<a href=\"#ruling-%d\">ruling %d</a>", number,
                number);
    }
    fputs("</td></tr>\n", r->irregular);
}

static void on_strike(void *ctx, const char *source, int line,
                      int64_t sitting, const char *struck)
{
    struct report *r = ctx;

    (void)sitting;
    r->n_strikes++;
    fputs("<li>", r->strikes);
    html_putf(r->strikes, "%s:%d: the scorer struck \"%s\"", source, line,
              struck);
    fputs("</li>\n", r->strikes);
}

static void on_strikes(void *ctx, int64_t sitting, const char *source,
                       int strikes)
{
    (void)ctx;
    (void)sitting;
    (void)source;
    (void)strikes;              /* counted one by one (on_strike) */
}

static void on_player(void *ctx, const char *person, const char *name,
                      const struct audit_tally *t)
{
    struct report *r = ctx;
    struct rep_player *p;

    if (grow((void **)&r->players, &r->cap_players, r->n_players + 1,
             sizeof(*r->players)) != 0) {
        r->no_memory = true;
        return;
    }
    p = &r->players[r->n_players++];
    memset(p, 0, sizeof(*p));
    snprintf(p->id, sizeof(p->id), "%s", person != NULL ? person : "");
    snprintf(p->name, sizeof(p->name), "%s", name);
    p->t = *t;
}

static void on_statistic(void *ctx, const char *player, const char *person,
                         const char *kind, int k, int n, double expected,
                         double probability, bool flagged,
                         const char *message)
{
    struct report *r = ctx;
    struct rep_stat *s;

    (void)message;
    if (grow((void **)&r->stats, &r->cap_stats, r->n_stats + 1,
             sizeof(*r->stats)) != 0) {
        r->no_memory = true;
        return;
    }
    s = &r->stats[r->n_stats++];
    snprintf(s->player, sizeof(s->player), "%s", player);
    snprintf(s->person, sizeof(s->person), "%s",
             person != NULL ? person : "");
    snprintf(s->kind, sizeof(s->kind), "%s", kind);
    s->k = k;
    s->n = n;
    s->expected = expected;
    s->probability = probability;
    s->flagged = flagged;
    if (flagged) {
        r->n_flags++;
    }
}

/* on_person - a person's games and money in a role, kept with his
 * player (the same person: his ID and name). */
static void on_person(void *ctx, const char *person, const char *name,
                      const char *role, const struct audit_role *t)
{
    struct report *r = ctx;

    for (int i = 0; i < r->n_players; i++) {
        struct rep_player *p = &r->players[i];

        if (strcmp(p->id, person) != 0 ||
            (strcmp(p->name, name) != 0 &&
             !(name[0] == '\0' && strcmp(p->name, person) == 0))) {
            continue;
        }
        if (p->n_roles < REP_ROLES_MAX) {
            struct rep_role *k = &p->roles[p->n_roles++];

            snprintf(k->role, sizeof(k->role), "%s", role);
            k->t = *t;
        }
        return;
    }
}

const struct audit_sink report__sink = {
    .finding = on_finding,
    .irregularity = on_irregularity,
    .strike = on_strike,
    .strikes = on_strikes,
    .player = on_player,
    .statistic = on_statistic,
    .person = on_person,
    .action = on_action,
    .deal_end = on_deal_end,
};
