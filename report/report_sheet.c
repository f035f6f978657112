/* SPDX-License-Identifier: MIT */
/*
 * report_sheet.c - `ecarte report`: the scoresheet, laid out as a club's
 * paper sheet: a table per game, a row per deal (its number, the dealer,
 * each player's tricks, points and running score, the rulings and
 * findings it had, a score a penalty capped), the deals quarantined
 * where they stood, and under each game its winner, its value and the
 * rubber, and at a table with persons its money (report_money.c).  The
 * index beside it: a line a game, with its deals, its winner, its
 * rulings and findings.
 */
#include "report/report_int.h"

#include <stdlib.h>
#include <string.h>

/* The walk through the scoresheet's rows. */
struct sheet {
    FILE *fp;
    struct report *r;
    int game;                   /* the game whose table is open, 0 */
    char winner;                /* its result, from its rows */
    int value;
    int points[2];
    int lost;                   /* its deals quarantined */
    int run[2];                 /* the running score, from the rows */
    int next_gap;               /* the next of r->gaps to place */
    int money_game;             /* the money written up to this game */
    /* the open game, for the index */
    int first_deal;
    int last_deal;
    int n_rulings;
    int first_ruling;
    int n_findings;
    int first_finding;
    int n_capped;
};

/* gap_game - the game of each quarantined deal, from the ledger's own
 * record of where it stood (matched by its first line).  Returns 0, -1
 * on a ledger error. */
static int gap_game(struct report *r)
{
    struct lost_deal *lost = NULL;
    int n = 0;

    if (r->n_gaps == 0) {
        return 0;
    }
    if (lost_deals_load(r->l, r->sitting, &lost, &n) != 0) {
        return -1;
    }
    for (int i = 0; i < r->n_gaps; i++) {
        for (int k = 0; k < n; k++) {
            if (lost[k].line == r->gaps[i].line) {
                r->gaps[i].game = lost[k].game;
                break;
            }
        }
    }
    free(lost);
    return 0;
}

/* seat_of_game - seat s named for game: its tag's name in a duel
 * without persons; at a table with persons, who sat there in that game
 * ("B (Bob Blount, then Cy Cray)" when a substitute took the seat),
 * with the role each held if roles. */
static void seat_of_game(FILE *fp, struct report *r, int game, int s,
                         bool roles)
{
    struct rep_seated at;
    int n = 0;

    if (r->n_persons == 0 || s == SEAT_NONE) {
        report__seat_name(fp, r, s, NULL);
        return;
    }
    at = report__seated_at(r, game);
    fputc(seat_letter(s), fp);
    for (int i = at.first; i > 0 && i <= at.last; i++) {
        struct rep_seating st = report__seating_at(r, i);

        if (st.game != game || st.seat != s) {
            continue;
        }
        fputs(n++ == 0 ? " <span class=\"name\">(" : ", then ", fp);
        html_put(fp, report__person_name(r, st.person));
        if (roles && st.role[0] != '\0') {
            fputs(", <span class=\"role\">", fp);
            html_put(fp, st.role);
            fputs("</span>", fp);
        }
    }
    if (n > 0) {
        fputs(")</span>", fp);
    }
}

/* money_upto - the money of the games before game (from the last
 * written on) that no table of the scoresheet shows: games without a
 * deal, and what came before the first game. */
static void money_upto(struct sheet *sh, int game)
{
    while (sh->money_game < game) {
        report__money_game(sh->fp, sh->r, sh->money_game);
        sh->money_game++;
    }
}

/* game_open - the table of game number game. */
static void game_open(struct sheet *sh, int game)
{
    FILE *fp = sh->fp;

    money_upto(sh, game);
    if (game > sh->r->n_games) {
        sh->r->n_games = game;
    }
    sh->first_deal = 0;
    sh->n_rulings = 0;
    sh->n_findings = 0;
    sh->n_capped = 0;
    fprintf(fp, "<table class=\"sheet\" id=\"game-%d\">\n"
                "<caption>Game %d</caption>\n<thead><tr>"
                "<th rowspan=\"2\">Deal</th><th rowspan=\"2\">Dealer</th>"
                "<th colspan=\"3\" class=\"player\">",
            game, game);
    seat_of_game(fp, sh->r, game, SEAT_A, true);
    fputs("</th><th colspan=\"3\" class=\"player\">", fp);
    seat_of_game(fp, sh->r, game, SEAT_B, true);
    fputs("</th><th rowspan=\"2\">Rulings and findings</th></tr>\n<tr>"
          "<th>Tricks</th><th>Points</th><th class=\"run\">Score</th>"
          "<th>Tricks</th><th>Points</th><th class=\"run\">Score</th></tr>"
          "</thead>\n<tbody>\n",
          fp);
    sh->game = game;
    sh->winner = 0;
    sh->lost = 0;
    sh->run[0] = sh->run[1] = 0;
}

/* gaps_before - the quarantined deals that stand before deal number
 * deal of game (every one left in the game for deal 0), as rows. */
static void gaps_before(struct sheet *sh, int game, int deal)
{
    struct report *r = sh->r;

    while (sh->next_gap < r->n_gaps) {
        const struct rep_gap *g = &r->gaps[sh->next_gap];

        if ((g->game != 0 && g->game > game) ||
            (deal > 0 && g->deal >= deal)) {
            return;
        }
        fprintf(sh->fp, "<tr class=\"lost\" id=\"lost-%d\"><td "
                        "colspan=\"9\">A deal quarantined (from line %d): it "
                        "could not be read and is left out where it stood; "
                        "the game goes on as the log states it.</td></tr>\n",
                sh->next_gap + 1, g->line);
        sh->next_gap++;
    }
}

/* index_line - the open game's line of the index: its deals, its
 * winner, its rulings, findings and capped scores, each a link. */
static void index_line(struct sheet *sh)
{
    FILE *fp = sh->r->index;

    sh->r->n_index++;
    fprintf(fp, "<li><a href=\"#game-%d\">Game %d</a>: deal", sh->game,
            sh->game);
    if (sh->first_deal == sh->last_deal) {
        fprintf(fp, " <a href=\"#deal-%d\">%d</a>", sh->first_deal,
                sh->first_deal);
    } else {
        fprintf(fp, "s <a href=\"#deal-%d\">%d</a>&ndash;<a "
                    "href=\"#deal-%d\">%d</a>",
                sh->first_deal, sh->first_deal, sh->last_deal,
                sh->last_deal);
    }
    if (sh->winner == 0) {
        fputs(", not finished", fp);
    } else {
        fputs(", to ", fp);
        seat_of_game(fp, sh->r, sh->game, sh->winner == 'A' ? SEAT_A : SEAT_B,
                     false);
    }
    if (sh->n_rulings > 0) {
        fprintf(fp, ", <a href=\"#ruling-%d\">%d ruling%s</a>",
                sh->first_ruling, sh->n_rulings,
                sh->n_rulings == 1 ? "" : "s");
    }
    if (sh->n_findings > 0) {
        fprintf(fp, ", <a class=\"flag\" href=\"#finding-%d\">%d "
                    "finding%s</a>",
                sh->first_finding, sh->n_findings,
                sh->n_findings == 1 ? "" : "s");
    }
    if (sh->n_capped > 0) {
        fprintf(fp, ", %d score%s capped", sh->n_capped,
                sh->n_capped == 1 ? "" : "s");
    }
    if (sh->lost > 0) {
        fprintf(fp, ", <span class=\"flag\">%d quarantined</span>",
                sh->lost);
    }
    fputs("</li>\n", fp);
}

/* game_close - the foot of the open game: its winner and value, the
 * games of the rubber, and the rubber if it decided one. */
static void game_close(struct sheet *sh)
{
    static const char *const value[] = {"single", "single", "double",
                                        "treble"};
    struct rep_game g = report__game_at(sh->r, sh->game);
    FILE *fp = sh->fp;

    if (sh->game == 0) {
        return;
    }
    gaps_before(sh, sh->game, 0);
    fputs("</tbody>\n<tfoot>", fp);
    if (sh->lost > 0) {
        fprintf(fp, "<tr class=\"lost\"><td colspan=\"9\">%d deal(s) of "
                    "this game quarantined: the score as the log states "
                    "it.</td></tr>",
                sh->lost);
    }
    fputs("<tr class=\"result\"><td colspan=\"9\">", fp);
    if (sh->winner == 0) {
        fprintf(fp, "Game %d not finished: A %d, B %d.", sh->game,
                sh->points[0], sh->points[1]);
    } else {
        fprintf(fp, "Game %d to ", sh->game);
        seat_of_game(fp, sh->r, sh->game,
                     sh->winner == 'A' ? SEAT_A : SEAT_B, false);
        fprintf(fp, ", A %d B %d: <strong>%s</strong>.", sh->points[0],
                sh->points[1],
                value[sh->value > 0 && sh->value < 4 ? sh->value : 1]);
        if (g.over && g.in_rubber) {
            fprintf(fp, " Games in the rubber: A %d, B %d.",
                    g.games_won[0], g.games_won[1]);
        }
    }
    fputs("</td></tr>", fp);
    if (g.over && g.rubber_over) {
        fputs("<tr class=\"rubber\"><td colspan=\"9\">Rubber to ", fp);
        report__seat_name(fp, sh->r, g.rubber_winner, NULL);
        fputs(".</td></tr>", fp);
    }
    fputs("</tfoot>\n</table>\n", fp);
    index_line(sh);
    report__money_game(fp, sh->r, sh->game);
    sh->money_game = sh->game + 1;
    sh->game = 0;
}

/* links - the rulings and findings of deal number deal, as links. */
static void links(FILE *fp, const struct rep_deal *d)
{
    for (int i = 0; i < d->n_rulings; i++) {
        fprintf(fp, "<a href=\"#ruling-%d\">ruling %d</a> ",
                d->first_ruling + i, d->first_ruling + i);
    }
    if (d->n_findings > 0) {
        fprintf(fp, "<a class=\"flag\" href=\"#finding-%d\">%d finding%s</a>",
                d->first_finding, d->n_findings,
                d->n_findings == 1 ? "" : "s");
    }
    if (d->capped) {
        fputs(" <span class=\"capped\" title=\"a penalty capped the "
              "score of this hand (point 0, vole 1, point against a stand "
              "or refusal 1)\">score capped</span>", fp);
    }
}

/* sheet_row - one deal of the scoresheet (ledger_scoresheet_foreach):
 * the game before it closed when a new one begins, the row written.
 * Returns 0. */
static int sheet_row(void *ctx, const struct ledger_deal_row *row)
{
    struct sheet *sh = ctx;
    struct rep_deal d = report__deal_at(sh->r, row->deal);
    FILE *fp = sh->fp;

    if (row->game != sh->game) {
        if (sh->game != 0) {
            gaps_before(sh, sh->game, row->deal);
            game_close(sh);
        }
        game_open(sh, row->game);
    }
    gaps_before(sh, sh->game, row->deal);
    if (sh->first_deal == 0) {
        sh->first_deal = row->deal;
    }
    sh->last_deal = row->deal;
    if (d.n_rulings > 0 && sh->n_rulings == 0) {
        sh->first_ruling = d.first_ruling;
    }
    sh->n_rulings += d.n_rulings;
    if (d.n_findings > 0 && sh->n_findings == 0) {
        sh->first_finding = d.first_finding;
    }
    sh->n_findings += d.n_findings;
    sh->n_capped += d.capped ? 1 : 0;
    sh->winner = row->game_winner;
    sh->value = row->game_value;
    sh->lost = row->game_lost;
    sh->points[0] = row->game_points_a;
    sh->points[1] = row->game_points_b;
    sh->run[0] += row->points_a;
    sh->run[1] += row->points_b;
    if (d.scored) {
        sh->run[0] = d.score[0];
        sh->run[1] = d.score[1];
    }
    fprintf(fp, "<tr class=\"deal%s\" id=\"deal-%d\"><td>%d</td><td>%c</td>",
            row->is_void ? " void" : "", row->deal, row->deal, row->dealer);
    if (row->is_void) {
        fputs("<td colspan=\"6\" class=\"void\">void: dealt again</td>", fp);
    } else if (!row->finished) {
        fputs("<td colspan=\"6\" class=\"open\">not finished</td>", fp);
    } else {
        fprintf(fp, "<td>%d</td><td>%d</td><td class=\"run\">%d</td>"
                    "<td>%d</td><td>%d</td><td class=\"run\">%d</td>",
                row->tricks_a, row->points_a, sh->run[0], row->tricks_b,
                row->points_b, sh->run[1]);
    }
    fputs("<td class=\"links\">", fp);
    links(fp, &d);
    fputs("</td></tr>\n", fp);
    return 0;
}

int report__scoresheet(FILE *fp, struct report *r)
{
    struct sheet sh;

    memset(&sh, 0, sizeof(sh));
    sh.fp = fp;
    sh.r = r;
    r->n_index = 0;
    if (gap_game(r) != 0) {
        return -1;
    }
    fputs("<section id=\"scoresheet\">\n<h2>Scoresheet</h2>\n", fp);
    if (ledger_scoresheet_foreach(r->l, r->sitting, sheet_row, &sh) != 0) {
        return -1;
    }
    game_close(&sh);
    if (sh.next_gap < r->n_gaps) {
        fputs("<table class=\"sheet\"><tbody>\n", fp);
        gaps_before(&sh, 1 << 30, 0);
        fputs("</tbody></table>\n", fp);
    }
    money_upto(&sh, r->n_games + 1);
    fputs("</section>\n", fp);
    return 0;
}
