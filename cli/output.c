/* SPDX-License-Identifier: MIT */
/* output.c - printing rulings, findings, deal scores and scoresheets, as
 * text or as JSON Lines (objects built by SQLite's json_object()). */
#include "cli/cli.h"
#include "cli/output_int.h"
#include "tablelog/tablelog.h"

#include <assert.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


static const char *const json_sql[J_COUNT] = {
    [J_RULING] = "SELECT json_object('type','ruling','source',?1,'line',?2,"
                 "'deal',?3,'law',?4,'title',?5,'offender',?6,'elector',?7,"
                 "'options',json(?8),'remedy',?9,'note',?10,"
                 "'previews',json(?11),'window',?12)",
    [J_FINDING] = "SELECT json_object('type','finding','source',?1,'line',?2,"
                  "'kind',?3,'expected',?4,'found',?5,'message',?6)",
    [J_DEAL] = "SELECT json_object('type','deal','source',?1,'line',?2,"
               "'game',?3,'deal',?4,'dealer',?5,'void',json(?6),"
               "'tricks',json_object('A',?7,'B',?8),"
               "'points',json_object('A',?9,'B',?10),"
               "'score',json_object('A',?11,'B',?12))",
    [J_GAME] = "SELECT json_object('type','game','source',?1,'line',?2,"
               "'game',?3,'winner',?4,'points',json_object('A',?5,'B',?6),"
               "'value',?7,'rubber_winner',?8)",
    [J_GAME_REOPENED] = "SELECT json_object('type','game_reopened',"
                        "'source',?1,'line',?2,'game',?3,'reason',?4,"
                        "'law',?5)",
    [J_SHEET] = "SELECT json_object('type','deal','sitting',?1,'game',?2,"
                "'deal',?3,'dealer',?4,'void',json(?5),"
                "'tricks',json_object('A',?6,'B',?7),"
                "'points',json_object('A',?8,'B',?9),"
                "'game_winner',?10,'game_value',?11,"
                "'game_points',json_object('A',?12,'B',?13),"
                "'game_quarantined',?14,'finished',json(?15),"
                "'capped',json(?16),'players',json_object('A',?17,'B',?18))",
    [J_AUDIT] = "SELECT json_object('type','audit_finding','source',?1,"
                "'line',?2,'sitting',?3,'deal',?4,'event',?5,'law',?6,"
                "'kind',?7,'message',?8)",
    [J_PLAYER] = "SELECT json_object('type','player','name',?1,"
                 "'person',?12,"
                 "'irregularities',?2,'by_law',json(?3),"
                 "'penalty_points_won',?4,'penalty_points_lost',?5,"
                 "'deals_dealt',?6,'kings_turned',?7,'hands_seen',?8,"
                 "'kings_held',?9,'proposals_answered',?10,"
                 "'proposals_accepted',?11,'proposals_made',?13,"
                 "'proposals_made_accepted',?14)",
    [J_FLAG] = "SELECT json_object('type','statistic','player',?1,"
               "'person',?9,'kind',?2,"
               "'observed',?3,'trials',?4,'expected',?5,'probability',?6,"
               "'flagged',json(?7),'message',?8)",
    [J_STRIKE] = "SELECT json_object('type','strike','source',?1,"
                 "'line',?2,'sitting',?3,'struck',?4)",
    [J_STRIKES] = "SELECT json_object('type','strikes','sitting',?1,"
                  "'source',?2,'strikes',?3)",
    [J_TOTALS] = "SELECT json_object('type','audit','ledger',?1,"
                 "'sittings',?2,'deals',?3,'events',?4,'findings',?5,"
                 "'flags',?6,'irregularities_by_law',json(?7))",
    [J_IMPORT] = "SELECT json_object('type','import','source',?1,"
                 "'status',?2,'deals',?3,'quarantined',?4,'events',?5)",
    [J_IMPORT_NOT_KEPT] = "SELECT json_object('type','import','source',?1,"
                          "'status','not-kept','deals',0,'quarantined',0,"
                          "'events',0,'read',json_object('deals',?2,"
                          "'quarantined',?3,'events',?4))",
    [J_QUARANTINE] = "SELECT json_object('type','quarantine','source',?1,"
                     "'line',?2,'column',?3,'message',?4)",
    [J_MARK] = "SELECT json_object('type',?1,'source',?2,'line',?3,"
               "'game',?4,'reason',?5,'text',?6,'transfers',json(?7))",
    [J_BALANCE] = "SELECT json_object('type','balance','sitting',?1,"
                  "'person',?2,'name',?3,'balance',?4)",
    [J_PERSON] = "SELECT json_object('type','person','person',?1,'name',?2,"
                 "'role',?3,'games',?4,'won',?5,'lost',?6,'money_won',?7,"
                 "'money_lost',?8)",
    [J_PROOF] = "SELECT json_object('type','proof_finding','ledger',?1,"
                "'kind',?2,'table',?3,'row',?4,'sitting',?5,'column',?6,"
                "'stored',?7,'derived',?8,'message',?9)",
    [J_VERIFY] = "SELECT json_object('type','verify','ledger',?1,"
                 "'verified',json(?2),'schema',?3,'events',?4,'head',?5,"
                 "'sittings',?6,'findings',?7)",
    [J_IRREGULAR] = "SELECT json_object('type','irregularity','source',?1,"
                    "'line',?2,'sitting',?3,'deal',?4,'event',?5,'law',?6,"
                    "'offender',?7,'elector',?8,'options',json(?9),"
                    "'remedy',?10,'note',?11,'status',?12,'person',?13)",
    [J_MERGED] = "SELECT json_object('type','merged','source',?1,"
                 "'source_sitting',?2,'sitting',?3,'events',?4,"
                 "'quarantined',?5,'claims',?6,'imported',json(?7))",
    [J_ALREADY_HERE] = "SELECT json_object('type','already_here','source',"
                       "?1,'source_sitting',?2,'sitting',?3,'how',?4)",
    [J_MEMBER_JOIN] = "SELECT json_object('type','member_decision','source',"
                      "?1,'status','merged','spelling',?2,'member',?3)",
    [J_MEMBER_APART] = "SELECT json_object('type','member_decision','source',"
                       "?1,'status','merged','who',?2,'sitting',?3,"
                       "'member',?4)",
    [J_CONTRADICTION] = "SELECT json_object('type','member_contradiction',"
                        "'source',?1,?2,?3,'member',?4,'kept',?5)",
    [J_MERGE] = "SELECT json_object('type','merge','source',?1,'merged',?2,"
                "'already_here',?3)",
    [J_SHEET_SITTING] = "SELECT json_object('type','sitting','sitting',?1,"
                        "'source',?2,'deals',0,'quarantined',?3)",
    [J_SHEET_LOST] = "SELECT json_object('type','lost_game','sitting',?1,"
                     "'game',?2,'deals',0,'game_quarantined',?3,"
                     "'players',json_object('A',?4,'B',?5))",
};


void output_set_fp(struct output *o, FILE *fp)
{
    o->fp = fp;
}

void output_set_quiet(struct output *o, bool quiet)
{
    o->quiet = quiet;
}

int output_open(struct output **out, FILE *fp, bool json)
{
    struct output *o = NULL;

    o = calloc(1, sizeof(*o));
    if (o == NULL) {
        return -1;
    }
    o->fp = fp;
    o->json = json;
    if (json) {
        if (sqlite3_open(":memory:", &o->db) != SQLITE_OK) {
            output_close(o);
            return -1;
        }
        for (int i = 0; i < J_COUNT; i++) {
            if (sqlite3_prepare_v2(o->db, json_sql[i], -1, &o->stmt[i],
                                   NULL) != SQLITE_OK) {
                fprintf(stderr, "%s: SQLite has no JSON functions: %s\n", cli_program,
                        sqlite3_errmsg(o->db));
                output_close(o);
                return -1;
            }
        }
    }
    *out = o;
    return 0;
}

void output_close(struct output *o)
{
    if (o == NULL) {
        return;
    }
    for (int i = 0; i < J_COUNT; i++) {
        sqlite3_finalize(o->stmt[i]);
    }
    sqlite3_close(o->db);
    free(o);
}

bool output_json(const struct output *o)
{
    return o != NULL && o->json;
}

/* emit - step statement k (bound by the caller) and print its one row. */

void output__emitf(struct output *o, enum json_kind k, const char *types,
                   ...)
{
    sqlite3_stmt *st = o->stmt[k];
    va_list ap;

    va_start(ap, types);
    for (int i = 0; types[i] != '\0'; i++) {
        switch (types[i]) {
        case 't': {
            const char *t = va_arg(ap, const char *);

            if (t == NULL) {
                sqlite3_bind_null(st, i + 1);
            } else {
                sqlite3_bind_text(st, i + 1, t, -1, SQLITE_TRANSIENT);
            }
            break;
        }
        case 'I':
            sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
            break;
        default:
            sqlite3_bind_int(st, i + 1, va_arg(ap, int));
            break;
        }
    }
    va_end(ap);
    output__emit(o, k);
}

int output_json_line(FILE *fp, const char *json)
{
    char *mended;

    if (json == NULL) {
        return 0;
    }
    mended = tl_utf8_mend(json, strlen(json));
    if (mended == NULL) {
        return -1;
    }
    fprintf(fp, "%s\n", mended);
    free(mended);
    return 0;
}

void output__emit(struct output *o, enum json_kind k)
{
    sqlite3_stmt *st = o->stmt[k];

    if (sqlite3_step(st) == SQLITE_ROW) {
        output_json_line(o->fp, (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
}

const char *output__seat_text(int s)
{
    return s == SEAT_A ? "A" : s == SEAT_B ? "B" : NULL;
}

void output__bind_text(sqlite3_stmt *st, int i, const char *t)
{
    if (t == NULL) {
        sqlite3_bind_null(st, i);
    } else {
        sqlite3_bind_text(st, i, t, -1, SQLITE_TRANSIENT);
    }
}

char *output__options_json(uint32_t options, char *buf, size_t n)
{
    size_t used = (size_t)snprintf(buf, n, "[");

    for (int i = 0; i < OPT_COUNT && used < n; i++) {
        if (options & OPT_BIT(i)) {
            used += (size_t)snprintf(buf + used, n - used, "%s\"%s\"",
                                     used > 1 ? "," : "",
                                     option_name((enum law_option)i));
        }
    }
    if (used < n) {
        snprintf(buf + used, n - used, "]");
    }
    return buf;
}

/* previews_object - "option: text; option: text" as a JSON object, built
 * with json_object() pairs through a nested statement. */
static void bind_previews(struct output *o, sqlite3_stmt *st, int i,
                          const char *preview)
{
    sqlite3_stmt *obj = NULL;
    char *copy = NULL;
    char *save = NULL;
    char *item;

    if (preview == NULL || preview[0] == '\0') {
        sqlite3_bind_text(st, i, "{}", -1, SQLITE_STATIC);
        return;
    }
    copy = strdup(preview);
    if (copy == NULL ||
        sqlite3_prepare_v2(o->db, "SELECT json_set(?1, '$.' || json_quote(?2), ?3)",
                           -1, &obj, NULL) != SQLITE_OK) {
        free(copy);
        sqlite3_bind_text(st, i, "{}", -1, SQLITE_STATIC);
        return;
    }
    char *acc = strdup("{}");
    for (item = strtok_r(copy, "|", &save); item != NULL && acc != NULL;
         item = strtok_r(NULL, "|", &save)) {
        char *colon = strchr(item, ':');

        while (*item == ' ') {
            item++;
        }
        if (colon == NULL) {
            continue;
        }
        *colon = '\0';
        for (char *e = colon + strlen(colon + 1); e > colon + 1 && e[0] == ' ';
             e--) {
            e[0] = '\0';
        }
        sqlite3_bind_text(obj, 1, acc, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(obj, 2, item, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(obj, 3, colon + 2, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(obj) == SQLITE_ROW) {
            char *next = strdup((const char *)sqlite3_column_text(obj, 0));

            free(acc);
            acc = next;
        }
        sqlite3_reset(obj);
    }
    sqlite3_finalize(obj);
    free(copy);
    if (acc == NULL) {
        sqlite3_bind_text(st, i, "{}", -1, SQLITE_STATIC);
    } else {
        sqlite3_bind_text(st, i, acc, -1, free);
    }
}

void output_ruling(struct output *o, const char *source, int line, int deal,
                   const struct ruling *r, const char *words,
                   const char *preview)
{
    const struct law *row = laws_get(r->law);
    char opts[200];

    if (o != NULL && o->quiet) {
        return;
    }
    if (o == NULL) {
        return;
    }
    if (o->json) {
        sqlite3_stmt *st = o->stmt[J_RULING];

        output__bind_text(st, 1, source);
        sqlite3_bind_int(st, 2, line);
        sqlite3_bind_int(st, 3, deal);
        output__bind_text(st, 4, row->id);
        output__bind_text(st, 5, row->title);
        output__bind_text(st, 6, output__seat_text(r->offender));
        output__bind_text(st, 7, output__seat_text(r->elector));
        output__bind_text(st, 8, output__options_json(r->options, opts, sizeof(opts)));
        output__bind_text(st, 9, remedy_name(r->remedy));
        output__bind_text(st, 10, r->note);
        bind_previews(o, st, 11, preview);
        output__bind_text(st, 12,
                  r->elector != SEAT_NONE || r->window != WIN_NONE
                      ? law_window_name(r->window)
                      : NULL);
        output__emit(o, J_RULING);
        return;
    }
    fprintf(o->fp, "%s:%d: = %s\n", source, line, words);
    fprintf(o->fp, "    %s: %s%s%s\n", row->id, row->title,
            r->note[0] ? " - " : "", r->note);
    if (r->elector != SEAT_NONE && r->options != 0) {
        fprintf(o->fp, "    %c chooses, %s:\n",
                seat_letter(r->elector), law_window_words(r->window));
    } else if (r->window != WIN_NONE) {
        fprintf(o->fp, "    (%s)\n", law_window_words(r->window));
    }
    if (preview != NULL && preview[0] != '\0') {
        const char *p = preview;

        while (*p != '\0') {
            const char *bar = strstr(p, " | ");
            int len = bar != NULL ? (int)(bar - p) : (int)strlen(p);

            fprintf(o->fp, "      %.*s\n", len, p);
            p = bar != NULL ? bar + 3 : p + len;
        }
    }
}

void output_sit_ruling(struct output *o, const char *source, int line,
                       int deal, const struct sit_ruling *r,
                       const char *words)
{
    const struct law *row = laws_get(r->law);
    char now[400];
    char preview[420];

    if (o != NULL && o->quiet) {
        return;
    }
    if (o == NULL) {
        return;
    }
    law_remedy_now(r->remedy, r->offender, r->elector, now, sizeof(now));
    snprintf(preview, sizeof(preview), "now: %s", now);
    if (o->json) {
        sqlite3_stmt *st = o->stmt[J_RULING];

        output__bind_text(st, 1, source);
        sqlite3_bind_int(st, 2, line);
        sqlite3_bind_int(st, 3, deal);
        output__bind_text(st, 4, row->id);
        output__bind_text(st, 5, row->title);
        output__bind_text(st, 6, r->offender[0] != '\0' ? r->offender : NULL);
        output__bind_text(st, 7, r->elector[0] != '\0' ? r->elector : NULL);
        output__bind_text(st, 8, "[]");
        output__bind_text(st, 9, remedy_name(r->remedy));
        output__bind_text(st, 10, r->note);
        bind_previews(o, st, 11, preview);
        output__bind_text(st, 12, NULL);
        output__emit(o, J_RULING);
        return;
    }
    fprintf(o->fp, "%s:%d: = %s\n", source, line, words);
    fprintf(o->fp, "    %s: %s%s%s\n", row->id, row->title,
            r->note[0] ? " - " : "", r->note);
    fprintf(o->fp, "      %s\n", preview);
}

void output_mark(struct output *o, const char *source, int line,
                 const struct sit_mark *m)
{
    static const char *const kinds[SIT_MARK_KINDS] = {
        [SIT_MARK_SETTLE] = "settle",
        [SIT_MARK_POOL] = "pool",
        [SIT_MARK_ROLES] = "roles",
        [SIT_MARK_BETS] = "bets",
    };
    char transfers[2048];
    size_t used = 0;

    if (o == NULL || o->quiet) {
        return;
    }
    if (!o->json) {
        fprintf(o->fp, "%s:%d: = %s\n", source, line, m->text);
        return;
    }
    used = (size_t)snprintf(transfers, sizeof(transfers), "{");
    for (int i = 0; i < m->n && used < sizeof(transfers); i++) {
        /* IDs are [a-z0-9-] or "house": nothing to escape */
        used += (size_t)snprintf(transfers + used, sizeof(transfers) - used,
                                 "%s\"%s\":%d", i > 0 ? "," : "",
                                 m->t[i].who, (int)m->t[i].n);
    }
    if (used < sizeof(transfers)) {
        snprintf(transfers + used, sizeof(transfers) - used, "}");
    }
    {
        output__emitf(o, J_MARK, "ttiittt", kinds[m->kind], source, line, m->game,
              m->reason[0] != '\0' ? m->reason : NULL, m->text, transfers);
    }
}

void output_balance(struct output *o, int64_t sitting, const char *person,
                    const char *name, int balance)
{
    if (o == NULL) {
        return;
    }
    if (o->json) {
        output__emitf(o, J_BALANCE, "Itti", sitting, person, name, balance);
        return;
    }
    fprintf(o->fp, "  %-12s %-24s %+d\n", person, name != NULL ? name : "",
            balance);
}

void output_audit_person(struct output *o, const char *person,
                         const char *name, const char *role,
                         const struct audit_role *t)
{
    bool all = strcmp(role, "all") == 0;

    if (o->json) {
        output__emitf(o, J_PERSON, "tttiiiII", person, name, role, t->games, t->won,
              t->lost, t->money_won, t->money_lost);
        return;
    }
    fprintf(o->fp, "person %s (%s) %s %s: %d game(s), won %d, lost %d; "
                   "money won %ld, lost %ld, net %+ld\n",
            person, name, all ? "in" : "as", all ? "all roles" : role,
            t->games, t->won, t->lost, t->money_won, t->money_lost,
            t->money_won - t->money_lost);
}

void output_note(struct output *o, const char *source, int line,
                 const char *text)
{
    if (o != NULL && o->quiet) {
        return;
    }
    if (o == NULL || o->json) {
        return;
    }
    fprintf(o->fp, "%s:%d: note: %s\n", source, line, text);
}

void output_finding(struct output *o, const char *source, int line,
                    const char *kind, const char *expected,
                    const char *found, const char *message)
{
    if (o == NULL) {
        return;
    }
    if (o->json) {
        output__emitf(o, J_FINDING, "titttt", source, line, kind, expected, found,
              message);
        return;
    }
    fprintf(o->fp, "%s:%d: %s\n", source, line, message);
}

/*
 * The words of a deal or a game line after its source, put together by
 * hand and written at once: fprintf took some 6,400 instructions for a
 * deal line, most of what `check` spent printing.  put_text and put_int
 * append to t as "%s" and "%d" would; the lines are short (ten numbers
 * at most) and t holds any of them.
 */
struct line_text {
    char s[256];
    size_t n;
};

static void put_text(struct line_text *t, const char *text)
{
    size_t len = strlen(text);

    assert(t->n + len < sizeof(t->s));
    memcpy(t->s + t->n, text, len);
    t->n += len;
}

static void put_int(struct line_text *t, int v)
{
    char digits[16];
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    size_t k = sizeof(digits);

    do {
        digits[--k] = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    if (v < 0) {
        digits[--k] = '-';
    }
    assert(t->n + sizeof(digits) - k < sizeof(t->s));
    memcpy(t->s + t->n, digits + k, sizeof(digits) - k);
    t->n += sizeof(digits) - k;
}

/* put_line - "SOURCE:LINE: " and t's words to o's stream. */
static void put_line(struct output *o, const char *source, int line,
                     const struct line_text *t)
{
    struct line_text head = {.n = 0};

    put_text(&head, ":");
    put_int(&head, line);
    put_text(&head, ": ");
    fputs(source, o->fp);
    fwrite(head.s, 1, head.n, o->fp);
    fwrite(t->s, 1, t->n, o->fp);
}

void output_deal(struct output *o, const char *source, int line,
                 const struct arb_deal_result *d, const int score[2])
{
    struct line_text t = {.n = 0};
    char dealer[2] = {seat_letter(d->dealer), '\0'};

    if (o != NULL && o->quiet) {
        return;
    }
    if (o == NULL) {
        return;
    }
    if (o->json) {
        output__emitf(o, J_DEAL, "tiiittiiiiii", source, line, d->game, d->number,
              output__seat_text(d->dealer), d->is_void ? "true" : "false",
              d->tricks[0], d->tricks[1], d->points[0], d->points[1], score[0],
              score[1]);
        return;
    }
    /* "deal N (X deals) is void; score A n B m" or "deal N (X deals):
     * tricks A n B m, points A n B m; score A n B m" */
    put_text(&t, "deal ");
    put_int(&t, d->number);
    put_text(&t, " (");
    put_text(&t, dealer);
    if (d->is_void) {
        put_text(&t, " deals) is void");
    } else {
        put_text(&t, " deals): tricks A ");
        put_int(&t, d->tricks[0]);
        put_text(&t, " B ");
        put_int(&t, d->tricks[1]);
        put_text(&t, ", points A ");
        put_int(&t, d->points[0]);
        put_text(&t, " B ");
        put_int(&t, d->points[1]);
    }
    put_text(&t, "; score A ");
    put_int(&t, score[0]);
    put_text(&t, " B ");
    put_int(&t, score[1]);
    put_text(&t, "\n");
    put_line(o, source, line, &t);
}

static const char *value_name(int v)
{
    return v == 3 ? "treble" : v == 2 ? "double" : "single";
}

void output_game(struct output *o, const char *source, int line,
                 const struct arb_game_result *g)
{
    struct line_text t = {.n = 0};
    char winner[2] = {seat_letter(g->winner), '\0'};

    if (o != NULL && o->quiet) {
        return;
    }
    if (o == NULL) {
        return;
    }
    if (o->json) {
        output__emitf(o, J_GAME, "tiitiiit", source, line, g->number,
              output__seat_text(g->winner), g->points[0], g->points[1], g->value,
              g->rubber_over ? output__seat_text(g->rubber_winner) : NULL);
        return;
    }
    /* "game N won by X, A n B m (VALUE)[; rubber to X]" */
    put_text(&t, "game ");
    put_int(&t, g->number);
    put_text(&t, " won by ");
    put_text(&t, winner);
    put_text(&t, ", A ");
    put_int(&t, g->points[0]);
    put_text(&t, " B ");
    put_int(&t, g->points[1]);
    put_text(&t, " (");
    put_text(&t, value_name(g->value));
    put_text(&t, ")");
    if (g->rubber_over) {
        put_text(&t, "; rubber to ");
        put_text(&t, g->rubber_winner == SEAT_A ? "A" : "B");
    }
    put_text(&t, "\n");
    put_line(o, source, line, &t);
}

void output_game_reopened(struct output *o, const char *source, int line,
                          int game, enum arb_reopen why)
{
    struct arb_reopen_words w = arbiter_reopen_words(why);

    if (o != NULL && o->quiet) {
        return;
    }
    if (o == NULL) {
        return;
    }
    if (o->json) {
        sqlite3_stmt *st = o->stmt[J_GAME_REOPENED];

        output__bind_text(st, 1, source);
        sqlite3_bind_int(st, 2, line);
        sqlite3_bind_int(st, 3, game);
        output__bind_text(st, 4, w.reason);
        if (w.law != NULL) {
            output__bind_text(st, 5, w.law);
        } else {
            sqlite3_bind_null(st, 5);
        }
        output__emit(o, J_GAME_REOPENED);
        return;
    }
    fprintf(o->fp, "%s:%d: game %d is not won after all: %s; it goes on\n",
            source, line, game, w.text);
}

void output_scoresheet_row(struct output *o,
                           const struct ledger_deal_row *row)
{
    output_scoresheet_deal(o, row, "", "", false);
}

void output_scoresheet_deal(struct output *o,
                            const struct ledger_deal_row *row,
                            const char *name_a, const char *name_b,
                            bool capped)
{
    char dealer[2] = {row->dealer, '\0'};
    char winner[2] = {row->game_winner, '\0'};

    if (o->json) {
        sqlite3_stmt *st = o->stmt[J_SHEET];

        sqlite3_bind_int64(st, 1, row->sitting);
        sqlite3_bind_int(st, 2, row->game);
        sqlite3_bind_int(st, 3, row->deal);
        output__bind_text(st, 4, dealer);
        output__bind_text(st, 5, row->is_void ? "true" : "false");
        sqlite3_bind_int(st, 6, row->tricks_a);
        sqlite3_bind_int(st, 7, row->tricks_b);
        sqlite3_bind_int(st, 8, row->points_a);
        sqlite3_bind_int(st, 9, row->points_b);
        output__bind_text(st, 10, row->game_winner ? winner : NULL);
        if (row->game_value > 0) {
            sqlite3_bind_int(st, 11, row->game_value);
        }
        sqlite3_bind_int(st, 12, row->game_points_a);
        sqlite3_bind_int(st, 13, row->game_points_b);
        sqlite3_bind_int(st, 14, row->game_lost);
        output__bind_text(st, 15, row->finished || row->is_void ? "true" : "false");
        output__bind_text(st, 16, capped ? "true" : "false");
        output__bind_text(st, 17, name_a[0] != '\0' ? name_a : NULL);
        output__bind_text(st, 18, name_b[0] != '\0' ? name_b : NULL);
        output__emit(o, J_SHEET);
        return;
    }
    if (row->sitting != o->last_sitting || row->game != o->last_game) {
        fprintf(o->fp, "%sgame %d (sitting %lld)", o->last_game ? "\n" : "",
                row->game, (long long)row->sitting);
        if (name_a[0] != '\0' || name_b[0] != '\0') {
            fprintf(o->fp, ": A %s, B %s", name_a[0] ? name_a : "?",
                    name_b[0] ? name_b : "?");
        }
        fprintf(o->fp, "\n");
        fprintf(o->fp, "  deal dealer  tricks A-B  points A-B\n");
        o->last_game = row->game;
        o->last_sitting = row->sitting;
    }
    if (row->is_void) {
        fprintf(o->fp, "  %4d   %c      void\n", row->deal, row->dealer);
    } else {
        fprintf(o->fp, "  %4d   %c      %d-%d         %d-%d%s%s\n", row->deal,
                row->dealer, row->tricks_a, row->tricks_b, row->points_a,
                row->points_b, capped ? " *" : "",
                row->finished ? "" : "   (in progress)");
    }
}

void output_scoresheet_sitting(struct output *o, int64_t sitting,
                               const char *source, int quarantined)
{
    if (o->json) {
        output__emitf(o, J_SHEET_SITTING, "Iti", sitting, source,
                      quarantined);
        return;
    }
    fprintf(o->fp, "%ssitting %lld (%s): no deal landed", o->last_game ||
            o->last_sitting ? "\n" : "", (long long)sitting, source);
    if (quarantined > 0) {
        fprintf(o->fp, "; %d deal(s) quarantined (could not be read), left "
                "out", quarantined);
    }
    fprintf(o->fp, "\n");
    o->last_game = 0;
    o->last_sitting = sitting;
}

void output_scoresheet_lost(struct output *o, int64_t sitting, int game,
                            int quarantined, const char *name_a,
                            const char *name_b)
{
    if (o->json) {
        output__emitf(o, J_SHEET_LOST, "Iiitt", sitting, game, quarantined,
                      name_a[0] != '\0' ? name_a : NULL,
                      name_b[0] != '\0' ? name_b : NULL);
        return;
    }
    fprintf(o->fp, "%sgame %d (sitting %lld)", o->last_game ? "\n" : "",
            game, (long long)sitting);
    if (name_a[0] != '\0' || name_b[0] != '\0') {
        fprintf(o->fp, ": A %s, B %s", name_a[0] ? name_a : "?",
                name_b[0] ? name_b : "?");
    }
    fprintf(o->fp, "\n  no deal landed\n");
    fprintf(o->fp, "  game %d: %d deal(s) quarantined (could not be read), "
            "left out; the score as the log states it\n", game, quarantined);
    o->last_game = game;
    o->last_sitting = sitting;
}

void output_quarantine(struct output *o, const char *source,
                       const char *why)
{
    size_t n = strlen(source);
    int line = 0;
    int col = 0;
    int used = 0;

    if (!o->json) {
        return;                 /* said on standard error as a notice */
    }
    /* why is "SOURCE:LINE:COLUMN: message" (the session's errors) */
    if (strncmp(why, source, n) != 0 ||
        sscanf(why + n, ":%d:%d: %n", &line, &col, &used) != 2 ||
        used == 0) {
        line = col = 0;
        used = 0;
        n = 0;
    }
    output__emitf(o, J_QUARANTINE, "tiit", source, line, col, why + n + used);
}

void output_import(struct output *o, const char *path, const char *status,
                   int64_t deals, int quarantined, int64_t events)
{
    bool not_kept = strcmp(status, "not-kept") == 0;

    if (o->json && not_kept) {
        output__emitf(o, J_IMPORT_NOT_KEPT, "tIiI", path, deals, quarantined,
                      events);
        return;
    }
    if (o->json) {
        output__emitf(o, J_IMPORT, "ttIiI", path, status, deals, quarantined, events);
        return;
    }
    if (not_kept) {
        fprintf(o->fp, "%s: %lld deals read, %d quarantined, %lld events: "
                       "not kept (no ledger made)\n",
                path, (long long)deals, quarantined, (long long)events);
    } else if (strcmp(status, "already-imported") == 0) {
        fprintf(o->fp, "%s: already imported (same content), nothing added\n",
                path);
    } else if (strcmp(status, "stopped") == 0) {
        fprintf(o->fp, "%s: stopped: %lld deals imported, %d quarantined, "
                       "%lld events kept (imported again, it goes on)\n",
                path, (long long)deals, quarantined, (long long)events);
    } else {
        fprintf(o->fp, "%s: %lld deals imported, %d quarantined, %lld "
                       "events\n",
                path, (long long)deals, quarantined, (long long)events);
    }
}
