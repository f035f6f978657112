/* SPDX-License-Identifier: MIT */
/*
 * report_money.c - `ecarte report`: the persons and the money of a table
 * of three or more (a chouette, a pool, a gallery).  What the sitting
 * gives above the seats as the audit's walk re-derives each action (its
 * stakes, antes and forfeits, the bets standing at the close and who
 * covered them, each person's part in a game ended, each settlement with
 * its transfers) is kept as items of money in a temporary file, chained
 * by game, and written under each game of the scoresheet; the section of
 * the money holds each person's balance as the ledger stores it against
 * the sums of the settlements re-derived, and shows that the balances
 * and the house's levy sum to zero.
 */
#include "report/report_int.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Kept during the walk                                                 */
/* ------------------------------------------------------------------ */

/* person_index - the index of person id in r->persons, -1 if none. */
static int person_index(const struct report *r, const char *id)
{
    for (int i = 0; i < r->n_persons; i++) {
        if (strcmp(r->persons[i].id, id) == 0) {
            return i;
        }
    }
    return -1;
}

/* keep - item m of game kept; the greatest game number seen noted. */
static void keep(struct report *r, int game, const struct rep_money *m)
{
    if (game > r->n_games) {
        r->n_games = game;
    }
    (void)report__money_add(r, game, m); /* a failure: records_err */
}

/* record_kept - a stake, a bet or a person's part in a game. */
static void record_kept(struct report *r, const struct sit_record *rec,
                        int line)
{
    struct rep_money m;

    memset(&m, 0, sizeof(m));
    m.line = line;
    m.seat = SEAT_NONE;
    snprintf(m.who, sizeof(m.who), "%s", rec->who);
    snprintf(m.what, sizeof(m.what), "%s", rec->what);
    m.amount = rec->amount;
    switch (rec->kind) {
    case SIT_REC_STAKE:
        m.kind = REP_MONEY_STAKE;
        r->n_stakes++;
        r->staked += rec->amount;
        break;
    case SIT_REC_BET:
        m.kind = REP_MONEY_BET;
        m.seat = rec->seat;
        snprintf(m.other, sizeof(m.other), "%s", rec->other);
        m.odds[0] = rec->odds[0];
        m.odds[1] = rec->odds[1];
        r->n_bets++;
        r->bet += rec->amount;
        break;
    case SIT_REC_ROLE:
        m.kind = REP_MONEY_ROLE;
        m.seat = rec->seat;
        m.won = rec->won;
        break;
    default:
        return;                 /* a seating: the ledger's (seatings) */
    }
    keep(r, rec->game, &m);
}

/* settlement_kept - a settlement: its head, then each transfer, summed
 * by person (the levy apart). */
static void settlement_kept(struct report *r, const struct sit_mark *mk,
                            int line)
{
    struct rep_money m;

    memset(&m, 0, sizeof(m));
    m.kind = REP_MONEY_SETTLE;
    m.line = line;
    m.seat = SEAT_NONE;
    snprintf(m.what, sizeof(m.what), "%s", mk->reason);
    m.amount = ++r->n_settlements;
    if (r->n_settlements == 1) {
        r->first_settlement_game = mk->game;
    }
    keep(r, mk->game, &m);
    for (int i = 0; i < mk->n && i < TL_IDS_MAX + 1; i++) {
        int k = person_index(r, mk->t[i].who);

        memset(&m, 0, sizeof(m));
        m.kind = REP_MONEY_TRANSFER;
        m.line = line;
        m.seat = SEAT_NONE;
        snprintf(m.who, sizeof(m.who), "%s", mk->t[i].who);
        snprintf(m.what, sizeof(m.what), "%s", mk->role[i]);
        m.amount = mk->t[i].n;
        keep(r, mk->game, &m);
        if (strcmp(mk->t[i].who, TL_HOUSE) == 0) {
            r->levy += mk->t[i].n;
        } else if (k >= 0) {
            r->settled[k] += mk->t[i].n;
        } else {
            r->settled_other = true;
        }
    }
}

void report__money_kept(struct report *r, const struct sit_result *s,
                        int line)
{
    for (int i = 0; i < s->n_records && i < SIT_RECORDS_MAX; i++) {
        record_kept(r, &s->records[i], line);
    }
    for (int i = 0; i < s->n_marks && i < SIT_MARKS_MAX; i++) {
        if (s->marks[i].kind == SIT_MARK_SETTLE) {
            settlement_kept(r, &s->marks[i], line);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Under each game                                                      */
/* ------------------------------------------------------------------ */

#define SETTLE_COLS 6             /* settlements a game's table shows as
                                     columns; more are listed under it */

/* A settlement of one game, a column of its table. */
struct column {
    int number;                 /* the settlement's */
    int line;
    char reason[24];
    long sum;                   /* its transfers summed (zero) */
    bool house;                 /* the house took a levy in it */
    long levy;
};

/* A person's part in one game, gathered from its items. */
struct part {
    bool seen;
    bool has_role;
    char role[24];
    int seat;                   /* the side he was on, SEAT_NONE */
    int won;
    char stakes[96];            /* "stake 4", "ante 1, forfeit 2" */
    long bet;                   /* the bets he made */
    long covered;               /* the bets of others he covered */
    bool got[SETTLE_COLS];      /* a transfer in each settlement */
    long amount[SETTLE_COLS];
    long settled;               /* every transfer of the game summed */
};

/* What a game's items gather into (gather). */
struct game_money {
    struct part parts[TL_IDS_MAX]; /* by person (r->persons) */
    struct column cols[SETTLE_COLS];
    int n_settle;               /* settlements, SETTLE_COLS or fewer
                                   in cols */
    int n_bets;
    bool house;                 /* the house took a levy in the game */
    long levy;
};

/* who - a person named: his name and (ID); the house as such. */
static void who(FILE *fp, const struct report *r, const char *id)
{
    if (strcmp(id, TL_HOUSE) == 0) {
        fputs("the house", fp);
        return;
    }
    html_put(fp, report__person_name(r, id));
    fputs(" <span class=\"name\">(", fp);
    html_put(fp, id);
    fputs(")</span>", fp);
}

/* signed_amount - an amount with its sign, a minus sign (U+2212) for a
 * loss. */
static void signed_amount(FILE *fp, long n)
{
    if (n < 0) {
        fprintf(fp, "\u2212%ld", -n);
    } else {
        fprintf(fp, "+%ld", n);
    }
}

/* gather_transfer - transfer m of settlement col (-1: past the columns)
 * into g. */
static void gather_transfer(const struct report *r, struct game_money *g,
                            const struct rep_money *m, int col)
{
    int i = person_index(r, m->who);

    if (col >= 0) {
        g->cols[col].sum += m->amount;
    }
    if (strcmp(m->who, TL_HOUSE) == 0) {
        g->house = true;
        g->levy += m->amount;
        if (col >= 0) {
            g->cols[col].house = true;
            g->cols[col].levy += m->amount;
        }
    } else if (i >= 0) {
        struct part *p = &g->parts[i];

        p->seen = true;
        p->settled += m->amount;
        if (col >= 0) {
            p->got[col] = true;
            p->amount[col] += m->amount;
        }
    }
}

/* gather - what the items of game give, into g: each person's part,
 * the settlements (the first SETTLE_COLS as columns), the bets. */
static void gather(struct report *r, int game, struct game_money *g)
{
    struct rep_seated of = report__money_of(r, game);
    int col = -1;
    int n = 0;

    memset(g, 0, sizeof(*g));
    for (int k = of.first; k > 0 && n <= r->n_money; n++) {
        struct rep_money m = report__money_at(r, k);
        int i = person_index(r, m.who);
        struct part *p = i >= 0 ? &g->parts[i] : NULL;

        k = m.next;
        if (m.kind == REP_MONEY_SETTLE) {
            col = g->n_settle < SETTLE_COLS ? g->n_settle : -1;
            g->n_settle++;
            if (col >= 0) {
                g->cols[col].number = m.amount;
                g->cols[col].line = m.line;
                snprintf(g->cols[col].reason, sizeof(g->cols[col].reason),
                         "%s", m.what);
            }
            continue;
        }
        if (m.kind == REP_MONEY_TRANSFER) {
            gather_transfer(r, g, &m, col);
            continue;
        }
        if (m.kind == REP_MONEY_BET) {
            int c = person_index(r, m.other);

            g->n_bets++;
            if (c >= 0) {
                g->parts[c].seen = true;
                g->parts[c].covered += m.amount;
            }
        }
        if (p == NULL) {
            continue;
        }
        p->seen = true;
        if (m.kind == REP_MONEY_STAKE) {
            size_t used = strlen(p->stakes);

            snprintf(p->stakes + used, sizeof(p->stakes) - used, "%s%s %d",
                     used > 0 ? ", " : "", m.what, m.amount);
        } else if (m.kind == REP_MONEY_ROLE) {
            p->has_role = true;
            snprintf(p->role, sizeof(p->role), "%s", m.what);
            p->seat = m.seat;
            p->won = m.won;
        } else if (m.kind == REP_MONEY_BET) {
            p->bet += m.amount;
        }
    }
}

/* money_head - the head of a game's table: the columns of a part, then
 * one a settlement (its number, reason and line; its anchor), or one
 * "Settled" when they are too many to show apart. */
static void money_head(FILE *fp, const struct game_money *g, bool bets)
{
    fputs("<thead><tr><th>Person</th><th>Role</th><th>Side</th>"
          "<th>Result</th><th>Staked</th>", fp);
    if (bets) {
        fputs("<th>Bet</th><th>Covered</th>", fp);
    }
    if (g->n_settle > SETTLE_COLS) {
        fputs("<th>Settled</th>", fp);
    } else {
        for (int c = 0; c < g->n_settle; c++) {
            fprintf(fp, "<th class=\"settle\" id=\"settlement-%d\">"
                        "Settlement %d<br><span class=\"title\">",
                    g->cols[c].number, g->cols[c].number);
            html_putf(fp, "%s, line %d", g->cols[c].reason, g->cols[c].line);
            fputs("</span></th>", fp);
        }
    }
    fputs("</tr></thead>\n", fp);
}

/* money_cells - the settlement cells of a row: each amount (blank for
 * none), or the sum when the settlements are listed under the table. */
static void money_cells(FILE *fp, const struct game_money *g,
                        const bool *got, const long *amount, bool any,
                        long total)
{
    if (g->n_settle > SETTLE_COLS) {
        fputs("<td>", fp);
        if (any) {
            signed_amount(fp, total);
        }
        fputs("</td>", fp);
        return;
    }
    for (int c = 0; c < g->n_settle; c++) {
        fputs("<td>", fp);
        if (got[c]) {
            signed_amount(fp, amount[c]);
        }
        fputs("</td>", fp);
    }
}

/* money_table - each person's part in the game: his role and the side
 * he was on, whether his side won, what he staked, bet and covered, and
 * what each settlement gave him; the house's levy; each settlement's
 * sum (zero). */
static void money_table(FILE *fp, const struct report *r,
                        const struct game_money *g, int game)
{
    bool bets = g->n_bets > 0;
    int span = bets ? 7 : 5;

    fputs("<table class=\"money\"><caption>", fp);
    if (game == 0) {
        fputs("Before the first game", fp);
    } else {
        fprintf(fp, "Game %d: persons and money", game);
    }
    fputs("</caption>\n", fp);
    money_head(fp, g, bets);
    fputs("<tbody>\n", fp);
    for (int i = 0; i < r->n_persons; i++) {
        const struct part *p = &g->parts[i];

        if (!p->seen) {
            continue;
        }
        fputs("<tr><td>", fp);
        html_put(fp, report__person_name(r, r->persons[i].id));
        fputs("</td><td>", fp);
        html_put(fp, p->has_role ? p->role : "");
        fputs("</td><td>", fp);
        if (p->has_role && (p->seat == SEAT_A || p->seat == SEAT_B)) {
            fputc(seat_letter(p->seat), fp);
        }
        fprintf(fp, "</td><td>%s</td><td>",
                !p->has_role ? "" : p->won > 0 ? "won" : p->won < 0 ? "lost"
                                                                 : "");
        html_put(fp, p->stakes);
        if (bets) {
            fputs("</td><td>", fp);
            if (p->bet > 0) {
                fprintf(fp, "%ld", p->bet);
            }
            fputs("</td><td>", fp);
            if (p->covered > 0) {
                fprintf(fp, "%ld", p->covered);
            }
        }
        fputs("</td>", fp);
        money_cells(fp, g, p->got, p->amount, true, p->settled);
        fputs("</tr>\n", fp);
    }
    if (g->house) {
        bool got[SETTLE_COLS];
        long levy[SETTLE_COLS];

        for (int c = 0; c < SETTLE_COLS; c++) {
            got[c] = g->cols[c].house;
            levy[c] = g->cols[c].levy;
        }
        fprintf(fp, "<tr class=\"house\"><td colspan=\"%d\">the house's "
                    "levy</td>",
                span);
        money_cells(fp, g, got, levy, true, g->levy);
        fputs("</tr>\n", fp);
    }
    fputs("</tbody>\n", fp);
    if (g->n_settle > 0 && g->n_settle <= SETTLE_COLS) {
        bool got[SETTLE_COLS];
        long sum[SETTLE_COLS];

        for (int c = 0; c < SETTLE_COLS; c++) {
            got[c] = true;
            sum[c] = g->cols[c].sum;
        }
        fprintf(fp, "<tfoot><tr><td colspan=\"%d\">Sum</td>", span);
        money_cells(fp, g, got, sum, true, 0);
        fputs("</tr></tfoot>\n", fp);
    }
    fputs("</table>\n", fp);
}

/* bets_list - the bets standing at the close, each with who covered it. */
static void bets_list(FILE *fp, struct report *r, int game)
{
    struct rep_seated of = report__money_of(r, game);
    int n = 0;

    fputs("<ul class=\"bets\">", fp);
    for (int k = of.first; k > 0 && n <= r->n_money; n++) {
        struct rep_money m = report__money_at(r, k);

        k = m.next;
        if (m.kind != REP_MONEY_BET) {
            continue;
        }
        fputs("<li>", fp);
        html_put(fp, report__person_name(r, m.who));
        fprintf(fp, " bets <strong>%d</strong> on %c", m.amount,
                seat_letter(m.seat));
        if (m.odds[0] != m.odds[1]) {
            fprintf(fp, " at %d:%d", m.odds[0], m.odds[1]);
        }
        if (m.other[0] != '\0') {
            fputs(", covered by ", fp);
            html_put(fp, report__person_name(r, m.other));
        } else {
            fputs(", in the tableau", fp);
        }
        fputs("</li>", fp);
    }
    fputs("</ul>\n", fp);
}

/* settlements_list - each settlement of the game with its transfers and
 * their sum, when they are too many to be the table's columns. */
static void settlements_list(FILE *fp, struct report *r, int game)
{
    struct rep_seated of = report__money_of(r, game);
    bool open = false;
    long sum = 0;
    int n = 0;

    fputs("<ul class=\"settlements\">", fp);
    for (int k = of.first; k > 0 && n <= r->n_money; n++) {
        struct rep_money m = report__money_at(r, k);

        k = m.next;
        if (m.kind == REP_MONEY_SETTLE) {
            if (open) {
                fputs("; sum ", fp);
                signed_amount(fp, sum);
                fputs("</li>", fp);
            }
            fprintf(fp, "<li id=\"settlement-%d\"><strong>Settlement %d"
                        "</strong> ",
                    m.amount, m.amount);
            html_putf(fp, "(%s, line %d):", m.what, m.line);
            open = true;
            sum = 0;
        } else if (m.kind == REP_MONEY_TRANSFER && open) {
            fputs(" <span class=\"transfer\">", fp);
            who(fp, r, m.who);
            fputs(" <strong>", fp);
            signed_amount(fp, m.amount);
            fputs("</strong></span>", fp);
            sum += m.amount;
        }
    }
    if (open) {
        fputs("; sum ", fp);
        signed_amount(fp, sum);
        fputs("</li>", fp);
    }
    fputs("</ul>\n", fp);
}

void report__money_game(FILE *fp, struct report *r, int game)
{
    struct game_money g;

    if (r->n_persons == 0 || report__money_of(r, game).first == 0) {
        return;
    }
    gather(r, game, &g);
    fprintf(fp, "<div class=\"money%s\" id=\"money-game-%d\">\n",
            game == 0 ? " before" : "", game);
    money_table(fp, r, &g, game);
    if (g.n_bets > 0) {
        bets_list(fp, r, game);
    }
    if (g.n_settle > SETTLE_COLS) {
        settlements_list(fp, r, game);
    }
    fputs("</div>\n", fp);
}

/* ------------------------------------------------------------------ */
/* The section                                                          */
/* ------------------------------------------------------------------ */

/* The balances being written (ledger_balances_foreach). */
struct balances {
    FILE *fp;
    struct report *r;
    long sum;                   /* the balances and the levy */
    long derived;               /* the same, re-derived */
    long levy;                  /* the house's, as stored */
    bool house;                 /* the house took a levy */
    bool differ;                /* a balance is not what the settlements
                                   re-derived give */
};

/* balance_row - one person's balance (the house's levy last, "house"):
 * a row, and its re-derived sum beside it.  Returns 0. */
static int balance_row(void *ctx, int64_t sitting, const char *person,
                       const char *name, int balance)
{
    struct balances *b = ctx;
    struct report *r = b->r;
    bool house = strcmp(person, TL_HOUSE) == 0 && name[0] == '\0';
    int k = house ? -1 : person_index(r, person);
    long derived = house ? r->levy : k >= 0 ? r->settled[k] : 0;

    (void)sitting;
    b->sum += balance;
    b->derived += derived;
    if (house) {
        b->house = true;
        b->levy = balance;
    }
    if (derived != balance) {
        b->differ = true;
    }
    fprintf(b->fp, "<tr%s><td>", derived != balance ? " class=\"flagged\""
                                                    : "");
    if (house) {
        fputs("The house's levy</td><td>", b->fp);
        html_put(b->fp, TL_HOUSE);
    } else {
        html_put(b->fp, name[0] != '\0' ? name : person);
        fputs("</td><td>", b->fp);
        html_put(b->fp, person);
    }
    fputs("</td><td class=\"num\">", b->fp);
    signed_amount(b->fp, balance);
    fputs("</td><td class=\"num\">", b->fp);
    signed_amount(b->fp, derived);
    fputs("</td></tr>\n", b->fp);
    return 0;
}

int report__money_section(FILE *fp, struct report *r)
{
    struct balances b;

    if (r->n_persons == 0) {
        return 0;
    }
    memset(&b, 0, sizeof(b));
    b.fp = fp;
    b.r = r;
    fputs("<section id=\"money\">\n<h2>Persons and money</h2>\n", fp);
    fprintf(fp, "<p>%d person%s; %d stake%s, ante%s and forfeit%s "
                "(%ld in all); %d bet%s standing at the close (%ld in all); "
                "%d settlement%s",
            r->n_persons, r->n_persons == 1 ? "" : "s", r->n_stakes,
            r->n_stakes == 1 ? "" : "s", r->n_stakes == 1 ? "" : "s",
            r->n_stakes == 1 ? "" : "s", r->staked, r->n_bets,
            r->n_bets == 1 ? "" : "s", r->bet, r->n_settlements,
            r->n_settlements == 1 ? "" : "s");
    if (r->n_settlements > 0) {
        fprintf(fp, ", the first <a href=\"#settlement-1\">under game %d</a>",
                r->first_settlement_game);
    }
    fputs(". Each game's stakes, bets and settlements stand under its "
          "table in the <a href=\"#scoresheet\">scoresheet</a>.</p>\n", fp);
    fputs("<table class=\"money balances\"><tr><th>Person</th><th>ID</th>"
          "<th>Balance (the ledger)</th><th>Settlements re-derived</th>"
          "</tr>\n", fp);
    if (ledger_balances_foreach(r->l, r->sitting, balance_row, &b) != 0) {
        return -1;
    }
    if (!b.house && r->levy != 0) {
        b.differ = true;
        fputs("<tr class=\"flagged\"><td>The house's levy</td><td>house"
              "</td><td class=\"num\">+0</td><td class=\"num\">", fp);
        signed_amount(fp, r->levy);
        b.derived += r->levy;
        fputs("</td></tr>\n", fp);
    }
    fputs("<tr class=\"total\"><th colspan=\"2\">Sum</th><th class=\"num\">",
          fp);
    signed_amount(fp, b.sum);
    fputs("</th><th class=\"num\">", fp);
    signed_amount(fp, b.derived);
    fputs("</th></tr>\n</table>\n", fp);
    fputs("<p class=\"check\">", fp);
    if (b.sum == 0) {
        fputs("The balances and the house's levy sum to <strong>zero"
              "</strong>", fp);
    } else {
        fputs("<strong class=\"flag\">The balances and the house's levy do "
              "not sum to zero</strong>", fp);
    }
    if (b.differ || r->settled_other) {
        fputs("; <strong class=\"flag\">a balance is not the sum of the "
              "settlements re-derived from the recorded actions</strong> "
              "(see the <a href=\"#findings\">findings</a>).</p>\n", fp);
    } else {
        fprintf(fp, "; each balance is the sum of the settlements "
                    "re-derived from the recorded actions%s.</p>\n",
                b.house ? ", and so is the levy" : "");
    }
    fputs("</section>\n", fp);
    return 0;
}
