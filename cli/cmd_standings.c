/* SPDX-License-Identifier: MIT */
/*
 * cmd_standings.c - `ecarte standings [--db FILE] [--since DATE]
 * [--until DATE] [--laws SPEC] [--format F] [--json] [--unverified]`:
 * the ledger proven (as score and report prove it), the season the
 * options choose counted per member (season/season.h), and printed as a
 * table a club secretary can read, or as JSON Lines (objects built by
 * SQLite's json_object on a private in-memory handle): one "standing"
 * object per member, then one "standings" object with the money's check.
 * Exit 1 if the money does not sum to zero.
 */
#include "cli/cli.h"
#include "laws/profile.h"
#include "season/season.h"

#include <getopt.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Text                                                                 */
/* ------------------------------------------------------------------ */

/* print_text - the season s as tables on fp. */
static void print_text(FILE *fp, const struct season *s, bool unverified)
{
    fprintf(fp, "Standings: %d sitting(s), %d member(s)%s\n\n", s->sittings,
            s->n_members, unverified ? " (NOT VERIFIED)" : "");
    fprintf(fp, "%-24s %4s %5s %4s %4s %11s %11s %7s %6s %7s %7s %7s %7s\n",
            "member", "sit", "games", "won", "lost", "won s/d/t",
            "lost s/d/t", "rubbers", "pts+", "pts-", "money+", "money-",
            "net");
    for (int i = 0; i < s->n_members; i++) {
        const struct season_member *m = &s->members[i];
        char won[32], lost[32], rub[24], net[24];

        snprintf(won, sizeof(won), "%d/%d/%d", m->won_by[0], m->won_by[1],
                 m->won_by[2]);
        snprintf(lost, sizeof(lost), "%d/%d/%d", m->lost_by[0],
                 m->lost_by[1], m->lost_by[2]);
        snprintf(rub, sizeof(rub), "%d-%d", m->rubbers_won, m->rubbers_lost);
        if (m->staked) {
            snprintf(net, sizeof(net), "%+ld", m->money_net);
        } else {
            snprintf(net, sizeof(net), "-");
        }
        fprintf(fp,
                "%-24s %4d %5d %4d %4d %11s %11s %7s %6ld %7ld %7ld %7ld "
                "%7s\n",
                m->name, m->sittings, m->games, m->won, m->lost, won, lost,
                rub, m->points_for, m->points_against, m->money_won,
                m->money_lost, net);
    }
    for (int i = 0; i < s->n_members; i++) {
        const struct season_member *m = &s->members[i];

        if (m->games_self > 0) {
            fprintf(fp, "  %s: %d game(s) against himself (both seats his "
                        "spellings): counted once, neither won nor lost, "
                        "no points\n",
                    m->name, m->games_self);
        }
    }
    fprintf(fp, "\nmoney: members %+ld, others %+ld, house %+ld: %s\n",
            s->members_net, s->others_net, s->house_net,
            s->balanced ? "sums to zero" : "DOES NOT SUM TO ZERO");
    fprintf(fp, "\nirregularities (by law; penalty points won and lost):\n");
    for (int i = 0; i < s->n_members; i++) {
        const struct season_member *m = &s->members[i];
        char laws[600];

        season_by_law(m, laws, sizeof(laws));
        fprintf(fp, "  %-24s %3d  %s%s(points +%d -%d)\n", m->name,
                m->t.irregular, laws, laws[0] != '\0' ? "  " : "",
                m->t.won, m->t.lost);
    }
    fprintf(fp, "\nstatistics over the season (P: as many or more by "
                "chance; flagged under %g):\n",
            AUDIT_FLAG_P);
    for (int i = 0; i < s->n_members; i++) {
        const struct season_member *m = &s->members[i];
        struct season_stat st[SEASON_STATS_MAX];
        int n = season_stats(m, st);

        fprintf(fp, "  %s: dealt %d, proposals made %d (accepted %d), "
                    "answered %d (accepted %d)\n",
                m->name, m->t.dealt, m->t.proposed, m->t.proposed_accepted,
                m->t.answered, m->t.accepted);
        for (int k = 0; k < n; k++) {
            if (st[k].p > 0.0) {
                fprintf(fp, "    %s %d in %d (chance gives %.2f; P = %.3g)%s\n",
                        st[k].what, st[k].k, st[k].n, st[k].expected,
                        st[k].probability, st[k].flagged ? "  FLAGGED" : "");
            } else {
                fprintf(fp, "    %s: %d of %d%s\n", st[k].what, st[k].k,
                        st[k].n, st[k].flagged ? "  FLAGGED" : "");
            }
        }
    }
    fprintf(fp, "\n%d statistic(s) flagged\n", s->flags);
}

/* ------------------------------------------------------------------ */
/* JSON Lines                                                           */
/* ------------------------------------------------------------------ */

static const char member_sql[] =
    "SELECT json_object('type','standing','member',?1,'sittings',?2,"
    "'games',?3,'won',?4,'lost',?5,"
    "'won_by',json_object('single',?6,'double',?7,'treble',?8),"
    "'lost_by',json_object('single',?9,'double',?10,'treble',?11),"
    "'rubbers_won',?12,'rubbers_lost',?13,'points_for',?14,"
    "'points_against',?15,'staked',json(?16),'money_won',?17,"
    "'money_lost',?18,'money_net',?19,'irregularities',?20,"
    "'by_law',json(?21),'penalty_points_won',?22,"
    "'penalty_points_lost',?23,'deals_dealt',?24,'kings_turned',?25,"
    "'hands_seen',?26,'kings_held',?27,'proposals_answered',?28,"
    "'proposals_accepted',?29,'proposals_made',?30,"
    "'proposals_made_accepted',?31,'statistics',json(?32),"
    "'games_against_self',?33)";

static const char stat_sql[] =
    "SELECT json_insert(?1,'$[#]',json_object('kind',?2,'observed',?3,"
    "'trials',?4,'chance',?5,'expected',?6,'probability',?7,"
    "'flagged',json(?8)))";

static const char law_sql[] = "SELECT json_set(?1, ?2, ?3)";

static const char totals_sql[] =
    "SELECT json_object('type','standings','sittings',?1,'members',?2,"
    "'members_net',?3,'others_net',?4,'house_net',?5,"
    "'balanced',json(?6),'flags',?7,'verified',json(?8))";

/* The JSON printer: a private in-memory SQLite. */
struct jout {
    sqlite3 *db;
    sqlite3_stmt *member, *stat, *law, *totals;
};

/* jout_open - the printer's statements prepared.  Returns 0, -1. */
static int jout_open(struct jout *j)
{
    memset(j, 0, sizeof(*j));
    if (sqlite3_open(":memory:", &j->db) != SQLITE_OK ||
        sqlite3_prepare_v2(j->db, member_sql, -1, &j->member, NULL) !=
            SQLITE_OK ||
        sqlite3_prepare_v2(j->db, stat_sql, -1, &j->stat, NULL) !=
            SQLITE_OK ||
        sqlite3_prepare_v2(j->db, law_sql, -1, &j->law, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(j->db, totals_sql, -1, &j->totals, NULL) !=
            SQLITE_OK) {
        fprintf(stderr, "ecarte standings: SQLite has no JSON functions: "
                        "%s\n",
                j->db ? sqlite3_errmsg(j->db) : "out of memory");
        return -1;
    }
    return 0;
}

/* jout_close - the printer closed. */
static void jout_close(struct jout *j)
{
    sqlite3_finalize(j->member);
    sqlite3_finalize(j->stat);
    sqlite3_finalize(j->law);
    sqlite3_finalize(j->totals);
    sqlite3_close(j->db);
}

/* step_text - st stepped: its one text into buf (n bytes), "" on
 * failure; st reset. */
static char *step_text(sqlite3_stmt *st, char *buf, size_t n)
{
    buf[0] = '\0';
    if (sqlite3_step(st) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(st, 0);

        snprintf(buf, n, "%s", t != NULL ? t : "");
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return buf;
}

/* print_member - m as one JSON line on fp. */
static void print_member(struct jout *j, FILE *fp,
                         const struct season_member *m)
{
    struct season_stat st[SEASON_STATS_MAX];
    char laws[4096] = "{}";
    char stats[4096] = "[]";
    char tmp[4096];
    int n = season_stats(m, st);
    sqlite3_stmt *q = j->member;
    const struct audit_tally *t = &m->t;

    for (int k = 0; k < LAW_COUNT; k++) {
        char path[64];

        if (t->by_law[k] <= 0) {
            continue;
        }
        snprintf(path, sizeof(path), "$.\"%s\"", laws_get((enum law_id)k)->id);
        sqlite3_bind_text(j->law, 1, laws, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(j->law, 2, path, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(j->law, 3, t->by_law[k]);
        snprintf(laws, sizeof(laws), "%s", step_text(j->law, tmp, sizeof(tmp)));
    }
    for (int k = 0; k < n; k++) {
        sqlite3_bind_text(j->stat, 1, stats, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(j->stat, 2, st[k].kind, -1, SQLITE_STATIC);
        sqlite3_bind_int(j->stat, 3, st[k].k);
        sqlite3_bind_int(j->stat, 4, st[k].n);
        sqlite3_bind_double(j->stat, 5, st[k].p);
        sqlite3_bind_double(j->stat, 6, st[k].expected);
        sqlite3_bind_double(j->stat, 7, st[k].probability);
        sqlite3_bind_text(j->stat, 8, st[k].flagged ? "true" : "false", -1,
                          SQLITE_STATIC);
        snprintf(stats, sizeof(stats), "%s",
                 step_text(j->stat, tmp, sizeof(tmp)));
    }
    sqlite3_bind_text(q, 1, m->name, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 2, m->sittings);
    sqlite3_bind_int(q, 3, m->games);
    sqlite3_bind_int(q, 4, m->won);
    sqlite3_bind_int(q, 5, m->lost);
    for (int v = 0; v < 3; v++) {
        sqlite3_bind_int(q, 6 + v, m->won_by[v]);
        sqlite3_bind_int(q, 9 + v, m->lost_by[v]);
    }
    sqlite3_bind_int(q, 12, m->rubbers_won);
    sqlite3_bind_int(q, 13, m->rubbers_lost);
    sqlite3_bind_int64(q, 14, m->points_for);
    sqlite3_bind_int64(q, 15, m->points_against);
    sqlite3_bind_text(q, 16, m->staked ? "true" : "false", -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 17, m->money_won);
    sqlite3_bind_int64(q, 18, m->money_lost);
    sqlite3_bind_int64(q, 19, m->money_net);
    sqlite3_bind_int(q, 20, t->irregular);
    sqlite3_bind_text(q, 21, laws[0] ? laws : "{}", -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 22, t->won);
    sqlite3_bind_int(q, 23, t->lost);
    sqlite3_bind_int(q, 24, t->dealt);
    sqlite3_bind_int(q, 25, t->kings_turned);
    sqlite3_bind_int(q, 26, t->known_hands);
    sqlite3_bind_int(q, 27, t->held_king);
    sqlite3_bind_int(q, 28, t->answered);
    sqlite3_bind_int(q, 29, t->accepted);
    sqlite3_bind_int(q, 30, t->proposed);
    sqlite3_bind_int(q, 31, t->proposed_accepted);
    sqlite3_bind_text(q, 32, stats[0] ? stats : "[]", -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 33, m->games_self);
    if (sqlite3_step(q) == SQLITE_ROW) {
        output_json_line(fp, (const char *)sqlite3_column_text(q, 0));
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
}

/* print_json - the season s as JSON Lines on fp. */
static int print_json(FILE *fp, const struct season *s, bool unverified)
{
    struct jout j;
    sqlite3_stmt *q;

    if (jout_open(&j) != 0) {
        jout_close(&j);
        return -1;
    }
    for (int i = 0; i < s->n_members; i++) {
        print_member(&j, fp, &s->members[i]);
    }
    q = j.totals;
    sqlite3_bind_int(q, 1, s->sittings);
    sqlite3_bind_int(q, 2, s->n_members);
    sqlite3_bind_int64(q, 3, s->members_net);
    sqlite3_bind_int64(q, 4, s->others_net);
    sqlite3_bind_int64(q, 5, s->house_net);
    sqlite3_bind_text(q, 6, s->balanced ? "true" : "false", -1,
                      SQLITE_STATIC);
    sqlite3_bind_int(q, 7, s->flags);
    sqlite3_bind_text(q, 8, unverified ? "false" : "true", -1,
                      SQLITE_STATIC);
    if (sqlite3_step(q) == SQLITE_ROW) {
        output_json_line(fp, (const char *)sqlite3_column_text(q, 0));
    }
    jout_close(&j);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

/* check_filter - the filter's dates (YYYY-MM-DD or YYYY.MM.DD, a real
 * day: season_date_normal) and format (a known one) as given: EXIT_FINE,
 * or the usage error said (usage_error), naming the option. */
static int check_filter(const struct season_filter *f)
{
    static const char *const formats[] = {"duel", "chouette", "pool",
                                          "gallery"};
    const char *const dates[2] = {f->since, f->until};
    const char *const names[2] = {"--since", "--until"};
    char d[16];

    for (int i = 0; i < 2; i++) {
        if (dates[i] != NULL && season_date_normal(dates[i], d) != 0) {
            return usage_error("standings", "%s: expected a date YYYY-MM-DD "
                                            "(a day of the calendar), "
                                            "found \"%s\"",
                               names[i], dates[i]);
        }
    }
    if (f->laws != NULL) {
        struct profile p;
        char why[200];

        if (profile_parse(&p, f->laws, why, sizeof(why)) != 0) {
            return usage_error("standings", "--laws: %s", why);
        }
    }
    if (f->format != NULL) {
        bool known = false;

        for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
            known = known || strcmp(f->format, formats[i]) == 0;
        }
        if (!known) {
            return usage_error("standings", "--format: expected duel, "
                                            "chouette, pool or gallery, "
                                            "found \"%s\"",
                               f->format);
        }
    }
    return EXIT_FINE;
}

int cmd_standings(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"since", required_argument, NULL, 'S'},
        {"until", required_argument, NULL, 'u'},
        {"laws", required_argument, NULL, 'l'},
        {"format", required_argument, NULL, 'f'},
        {"json", no_argument, NULL, 'j'},
        {"unverified", no_argument, NULL, 'U'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct season_filter f = { NULL, NULL, NULL, NULL };
    struct proof_summary proof;
    const char *db = "ecarte.db";
    struct season *s = NULL;
    struct ledger *l = NULL;
    bool json = false;
    bool unverified = false;
    char err[700];
    int rc = EXIT_FINE;
    int c;

    while ((c = getopt_long(argc, argv, "d:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'S': f.since = optarg; break;
        case 'u': f.until = optarg; break;
        case 'l': f.laws = optarg; break;
        case 'f': f.format = optarg; break;
        case 'j': json = true; break;
        case 'U': unverified = true; break;
        case 'h': return usage_help("standings");
        default:
            return usage_error("standings",
                               "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("standings", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    rc = check_filter(&f);
    if (rc != EXIT_FINE) {
        return rc;
    }
    l = ledger_for("standings", db, LEDGER_READONLY);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    /* the proof and the counting from one snapshot */
    if (ledger_read_begin(l) != 0) {
        fprintf(stderr, "ecarte standings: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = proof_guard("standings", db, l, 0,
                     unverified ? PROOF_READ_UNVERIFIED : PROOF_READ, &proof);
    rc = rc > 0 ? EXIT_FINDINGS : rc < 0 ? EXIT_BAD_INPUT : EXIT_FINE;
    if (rc == EXIT_FINE && season_standings(l, &f, &s, err, sizeof(err)) != 0) {
        fprintf(stderr, "ecarte standings: %s: %s\n", db, err);
        rc = EXIT_BAD_INPUT;
    }
    ledger_read_end(l);
    /* shown as not verified only if the proof found something */
    unverified = unverified && proof.findings > 0;
    if (rc == EXIT_FINE) {
        if (json) {
            if (print_json(stdout, s, unverified) != 0) {
                rc = EXIT_BAD_INPUT;
            }
        } else {
            print_text(stdout, s, unverified);
        }
        if (rc == EXIT_FINE && !s->balanced) {
            rc = EXIT_FINDINGS;
        }
    }
    season_free(s);
    ledger_close(l);
    return rc;
}
