/* SPDX-License-Identifier: MIT */
/* test_views.c - the ledger for analysts (schema version 7): the table
 * of laws is the registry ecarte is built with; the views deals, games,
 * rulings, irregularities and balances, asked of a ledger holding two
 * examples, a generated chouette, pool and gallery and a gallery with the
 * house's levy, give the values of the logs, and agree with what the
 * scoresheet, the balances and `ecarte audit` work out; a view a
 * migration makes is the schema's, one changed by hand is named; and
 * Python's sqlite3 module reads the views as the sqlite3 library does. */
#include "tests/harness.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include <sqlite3.h>

#include "audit/audit.h"
#include "laws/laws.h"
#include "ledger/ledger.h"

/* The group's ledger, made once: its sittings, in this order: 1 the
 * disputed evening, 2 the club evening (examples/), 3 a chouette (gen
 * seed 3), 4 a pool (seed 4), 5 a gallery (seed 6), 6 a gallery's tableau
 * with the house's levy (tests/cases/variants). */
static char dir[256];
static char db[300];

/* absolute - path made absolute (the commands run in dir) into out
 * (PATH_MAX bytes; path may be out). */
static void absolute(const char *path, char *out)
{
    char cwd[PATH_MAX / 2];
    char rel[PATH_MAX / 2];

    snprintf(rel, sizeof(rel), "%s", path);
    if (rel[0] == '/' || getcwd(cwd, sizeof(cwd)) == NULL) {
        snprintf(out, PATH_MAX, "%s", rel);
    } else {
        snprintf(out, PATH_MAX, "%s/%s", cwd, rel);
    }
}

/* make_ledger - the group's ledger: every sitting imported. */
static int make_ledger(void **state)
{
    const char *e = harness_ecarte();
    char disputed[PATH_MAX];
    char club[PATH_MAX];
    char levy[PATH_MAX];

    (void)state;
    snprintf(dir, sizeof(dir), "/tmp/ecarte-views-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        return -1;
    }
    snprintf(db, sizeof(db), "%s/views.db", dir);
    absolute(harness_example("disputed-evening.ecarte"), disputed);
    absolute(harness_example("club-evening.ecarte"), club);
    absolute(harness_path("tests/cases/variants/"
                          "gallery_tableau_levy_ten.ecarte",
                          levy, sizeof(levy)),
             levy);
    return harness_sh(
               "cd '%s' && %s gen --deals 30 --seed 3 --irregularities 0.3 "
               "--format chouette > chouette.ecarte && %s gen --deals 20 "
               "--seed 4 --irregularities 0.3 --format pool > pool.ecarte && "
               "%s gen --deals 20 --seed 6 --irregularities 0.3 --format "
               "gallery > gallery.ecarte && for f in '%s' '%s' "
               "chouette.ecarte pool.ecarte gallery.ecarte '%s'; do %s import "
               "--db '%s' \"$f\" > /dev/null 2>&1 || exit 1; done",
               dir, e, e, e, disputed, club, levy, e, db) == 0
               ? 0
               : -1;
}

static int drop_ledger(void **state)
{
    (void)state;
    return harness_sh("rm -rf '%s'", dir) == 0 ? 0 : -1;
}

/* open_ro - the group's ledger, read-only, as an analyst opens it. */
static sqlite3 *open_ro(const char *path)
{
    sqlite3 *h = NULL;

    assert_int_equal(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    return h;
}

/* rows - every row of the query q on h, each as its columns joined by
 * '|' (NULL as ""), one a line, into buf (n bytes).  Returns the number
 * of rows. */
static int rows(sqlite3 *h, const char *q, char *buf, size_t n)
{
    sqlite3_stmt *st = NULL;
    size_t used = 0;
    int k = 0;

    buf[0] = '\0';
    if (sqlite3_prepare_v2(h, q, -1, &st, NULL) != SQLITE_OK) {
        fail_msg("%s: %s", q, sqlite3_errmsg(h));
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(st); c++) {
            const unsigned char *t = sqlite3_column_text(st, c);

            used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                     c > 0 ? "|" : "",
                                     t != NULL ? (const char *)t : "");
            assert_true(used < n);
        }
        used += (size_t)snprintf(buf + used, n - used, "\n");
        assert_true(used < n);
        k++;
    }
    sqlite3_finalize(st);
    return k;
}

/* one_int - the integer of the one-row query q on h. */
static long long one_int(sqlite3 *h, const char *q)
{
    sqlite3_stmt *st = NULL;
    long long v = 0;

    if (sqlite3_prepare_v2(h, q, -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        fail_msg("%s: %s", q, sqlite3_errmsg(h));
    }
    v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* ------------------------------------------------------------------ */
/* The table of laws                                                    */
/* ------------------------------------------------------------------ */

/* Every row of the table law is the registry's, in its order: what the
 * schema writes is what ecarte is built with. */
static void views__law_rows_are_the_registry(void **state)
{
    static const char *const kinds[] = {"penalty", "rule", "procedure"};
    sqlite3 *h = open_ro(db);
    sqlite3_stmt *st = NULL;
    int i = 0;

    (void)state;
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT id, code, title, kind, "
                                           "lawful FROM law ORDER BY id",
                                        -1, &st, NULL),
                     SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const struct law *row = laws_get((enum law_id)i);

        assert_true(i < LAW_COUNT);
        assert_int_equal(sqlite3_column_int(st, 0), i + 1);
        assert_string_equal(sqlite3_column_text(st, 1), row->id);
        assert_string_equal(sqlite3_column_text(st, 2), row->title);
        assert_string_equal(sqlite3_column_text(st, 3), kinds[row->kind]);
        if (row->lawful == REM_NONE) {
            assert_int_equal(sqlite3_column_type(st, 4), SQLITE_NULL);
        } else {
            assert_string_equal(sqlite3_column_text(st, 4),
                                remedy_name(row->lawful));
        }
        i++;
    }
    sqlite3_finalize(st);
    assert_int_equal(i, LAW_COUNT);
    /* spot values, as docs/laws.md has them */
    assert_int_equal(one_int(h, "SELECT id FROM law WHERE code = 'L43' AND "
                                "title = 'Revoke, or not winning the trick' "
                                "AND kind = 'penalty' AND lawful IS NULL"),
                     43);
    assert_int_equal(one_int(h, "SELECT count(*) FROM law WHERE code = "
                                "'L24' AND lawful = 'award'"),
                     1);
    sqlite3_close(h);
}

/* ------------------------------------------------------------------ */
/* deals and games                                                      */
/* ------------------------------------------------------------------ */

/* The scoresheet's deals, to hold the view against. */
struct sheet {
    sqlite3 *h;
    sqlite3_stmt *st;
    int n;
};

static int sheet_row(void *vctx, const struct ledger_deal_row *r)
{
    struct sheet *s = vctx;
    char dealer[2] = {r->dealer, '\0'};

    sqlite3_reset(s->st);
    sqlite3_bind_int64(s->st, 1, r->sitting);
    sqlite3_bind_int(s->st, 2, r->deal);
    assert_int_equal(sqlite3_step(s->st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(s->st, 0), r->game);
    assert_string_equal(sqlite3_column_text(s->st, 1), dealer);
    assert_int_equal(sqlite3_column_int(s->st, 2), r->tricks_a);
    assert_int_equal(sqlite3_column_int(s->st, 3), r->tricks_b);
    assert_int_equal(sqlite3_column_int(s->st, 4), r->points_a);
    assert_int_equal(sqlite3_column_int(s->st, 5), r->points_b);
    assert_int_equal(sqlite3_column_int(s->st, 6), r->is_void);
    assert_int_equal(sqlite3_column_int(s->st, 7), r->finished);
    s->n++;
    return 0;
}

/* Every deal of the view is the scoresheet's (game, dealer, tricks,
 * points, void, finished), and no other. */
static void views__deals_agree_with_the_scoresheet(void **state)
{
    struct ledger *l = NULL;
    struct sheet s = {0};

    (void)state;
    s.h = open_ro(db);
    assert_int_equal(sqlite3_prepare_v2(s.h, "SELECT game, dealer, tricks_a, "
                                             "tricks_b, points_a, points_b, "
                                             "void, finished FROM deals "
                                             "WHERE sitting = ?1 AND deal = "
                                             "?2",
                                        -1, &s.st, NULL),
                     SQLITE_OK);
    assert_int_equal(ledger_open(&l, db, LEDGER_READONLY), 0);
    assert_int_equal(ledger_scoresheet_foreach(l, 0, sheet_row, &s), 0);
    ledger_close(l);
    sqlite3_finalize(s.st);
    assert_int_equal(s.n, one_int(s.h, "SELECT count(*) FROM deals"));
    assert_int_equal(s.n, 12 + 24 + 30 + 20 + 20 +
                              one_int(s.h, "SELECT count(*) FROM deal WHERE "
                                           "sitting_id = 6"));
    sqlite3_close(s.h);
}

/* The players of a deal: at a duel the A and B tags; at a chouette who
 * sat in the seat at the deal's first line, a substitute from the deal
 * after he took the seat (chouette.ecarte: in game 5 "B leaves" and "cy
 * takes-seat B" after deal 14 ends). */
static void views__deals_name_the_players_of_each_deal(void **state)
{
    sqlite3 *h = open_ro(db);
    char out[4096];

    (void)state;
    assert_int_equal(rows(h, "SELECT deal, dealer, dealer_name, player_a, "
                             "player_b, person_a IS NULL, points_a, "
                             "points_b FROM deals WHERE sitting = 1 AND deal "
                             "IN (1, 2) ORDER BY deal",
                          out, sizeof(out)),
                     2);
    assert_string_equal(out, "1|A|Mr. Carew|Mr. Carew|Mr. Dunstan|1|0|0\n"
                             "2|A|Mr. Carew|Mr. Carew|Mr. Dunstan|1|1|0\n");
    assert_int_equal(rows(h, "SELECT game, deal, dealer, dealer_name, "
                             "person_a, person_b, player_b, void FROM deals "
                             "WHERE sitting = 3 AND deal BETWEEN 13 AND 16 "
                             "ORDER BY deal",
                          out, sizeof(out)),
                     4);
    assert_string_equal(out, "5|13|B|Dan Dee|bob|dan|Dan Dee|1\n"
                             "5|14|A|Bob Blount|bob|dan|Dan Dee|0\n"
                             "5|15|A|Bob Blount|bob|cy|Cy Cray|0\n"
                             "5|16|B|Cy Cray|bob|cy|Cy Cray|1\n");
    /* near miss: the seat's person in the seating rows before the deal,
     * never the one who took it later */
    assert_int_equal(one_int(h, "SELECT count(*) FROM deals d WHERE "
                                "d.person_b != (SELECT s.person FROM seating "
                                "s WHERE s.game_id = d.game_id AND s.seat = "
                                "'B' ORDER BY s.id LIMIT 1)"),
                     one_int(h, "SELECT count(*) FROM deals WHERE sitting = "
                                "3 AND game = 5 AND deal >= 15"));
    sqlite3_close(h);
}

/* The games: winners named, points and value as the log's, the deals
 * counted; at a table of three or more the winner is the person seated. */
static void views__games_name_their_winners(void **state)
{
    sqlite3 *h = open_ro(db);
    char out[4096];

    (void)state;
    assert_int_equal(rows(h, "SELECT game, winner, winner_name, points_a, "
                             "points_b, value, deals FROM games WHERE "
                             "sitting = 1 ORDER BY game",
                          out, sizeof(out)),
                     2);
    /* check: "game 2 won by B, A 2 B 5 (single)" */
    assert_string_equal(out, "1|A|Mr. Carew|5|4|1|7\n"
                             "2|B|Mr. Dunstan|2|5|1|5\n");
    assert_int_equal(rows(h, "SELECT winner_name, count(*) FROM games WHERE "
                             "sitting = 2 GROUP BY winner_name ORDER BY 1",
                          out, sizeof(out)),
                     2);
    assert_string_equal(out, "Mr. Ashby|5\nMr. Blount|1\n");
    assert_int_equal(rows(h, "SELECT game, person_a, person_b, winner, "
                             "winner_person, winner_name FROM games WHERE "
                             "sitting = 3 AND game IN (1, 5) ORDER BY game",
                          out, sizeof(out)),
                     2);
    assert_string_equal(out, "1|bob|dan|B|dan|Dan Dee\n"
                             "5|bob|cy|A|bob|Bob Blount\n");
    /* the deals of the games are the deals of the view */
    assert_int_equal(one_int(h, "SELECT sum(deals) FROM games"),
                     one_int(h, "SELECT count(*) FROM deals"));
    /* a game won has its winner's name; none has a name without a win */
    assert_int_equal(one_int(h, "SELECT count(*) FROM games WHERE (winner IS "
                                "NULL) != (winner_name IS NULL)"),
                     0);
    sqlite3_close(h);
}

/* A game not finished shows its running score, as `ecarte score` does
 * ("game 1 not finished: A 2 B 0"), not NULL; near miss: a game won
 * shows its result. */
static void views__a_game_not_finished_shows_its_score(void **state)
{
    char path[PATH_MAX + 32];
    char out[256];
    sqlite3 *h = NULL;

    (void)state;
    snprintf(path, sizeof(path), "%s/unfinished.db", dir);
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), path,
                                harness_example("hoffmann-refused.ecarte")),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s' "
                                     "| grep 'not finished'",
                                     harness_ecarte(), path),
                     0);
    assert_non_null(strstr(out, "game 1 not finished: A 2 B 0"));
    h = open_ro(path);
    assert_int_equal(rows(h, "SELECT game, winner IS NULL, points_a, "
                             "points_b FROM games", out, sizeof(out)),
                     1);
    assert_string_equal(out, "1|1|2|0\n");
    sqlite3_close(h);
    h = open_ro(db);
    assert_int_equal(one_int(h, "SELECT count(*) FROM games WHERE points_a "
                                "IS NULL OR points_b IS NULL"),
                     0);
    assert_int_equal(rows(h, "SELECT points_a, points_b FROM games WHERE "
                             "sitting = 1 AND game = 1", out, sizeof(out)),
                     1);
    assert_string_equal(out, "5|4\n");
    sqlite3_close(h);
}

/* ------------------------------------------------------------------ */
/* rulings and irregularities                                           */
/* ------------------------------------------------------------------ */

/* Every ruling, with its law's title (the registry's) and who erred. */
static void views__rulings_carry_law_titles_and_offenders(void **state)
{
    sqlite3 *h = open_ro(db);
    sqlite3_stmt *st = NULL;
    char out[4096];
    int n = 0;

    (void)state;
    assert_int_equal(one_int(h, "SELECT count(*) FROM rulings"),
                     one_int(h, "SELECT count(*) FROM ruling"));
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT law, title FROM rulings",
                                        -1, &st, NULL),
                     SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *law = (const char *)sqlite3_column_text(st, 0);
        const struct law *row = laws_find(law, strlen(law));

        assert_non_null(row);
        assert_string_equal(sqlite3_column_text(st, 1), row->title);
        n++;
    }
    sqlite3_finalize(st);
    assert_true(n > 50);
    /* the disputed evening: six kinds of irregularity, by name */
    assert_int_equal(rows(h, "SELECT game, deal, line, law, offender, "
                             "offender_name, irregular FROM rulings WHERE "
                             "sitting = 1 ORDER BY event",
                          out, sizeof(out)),
                     6);
    /* the lines of the actions ruled on; deal 8 is the one dealt out of
     * turn (the log's comments number the deals the same way) */
    assert_string_equal(out, "1|1|34|L13|A|Mr. Carew|1\n"
                             "1|3|90|L40|A|Mr. Carew|1\n"
                             "1|4|122|L43|A|Mr. Carew|1\n"
                             "1|5|164|L21|B|Mr. Dunstan|1\n"
                             "1|6|197|L25|B|Mr. Dunstan|1\n"
                             "2|8|243|L14|B|Mr. Dunstan|1\n");
    /* at a chouette: a seat's offender is the person seated there */
    assert_int_equal(one_int(h, "SELECT count(*) FROM rulings WHERE "
                                "sitting = 3 AND offender IN ('A', 'B') AND "
                                "offender_person IS NULL"),
                     0);
    /* near miss: a ruling of procedure is no irregularity */
    assert_int_equal(one_int(h, "SELECT count(*) FROM rulings WHERE kind != "
                                "'penalty' AND irregular = 1"),
                     0);
    sqlite3_close(h);
}

/* The audit's irregularities, from `ecarte audit --json`, counted by
 * sitting, who erred (a person's ID, else the seat) and law. */
static void audit_counts(sqlite3 *mem, const char *json)
{
    sqlite3_stmt *ins = NULL;
    const char *p = json;

    assert_int_equal(sqlite3_exec(mem, "CREATE TABLE audit (sitting, who, "
                                       "law)",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(mem, "INSERT INTO audit SELECT "
                                             "json_extract(?1, '$.sitting'), "
                                             "coalesce(json_extract(?1, "
                                             "'$.person'), json_extract(?1, "
                                             "'$.offender'), ''), "
                                             "json_extract(?1, '$.law') "
                                             "WHERE json_extract(?1, "
                                             "'$.type') = 'irregularity'",
                                        -1, &ins, NULL),
                     SQLITE_OK);
    while (*p != '\0') {
        size_t len = strcspn(p, "\n");

        sqlite3_bind_text(ins, 1, p, (int)len, SQLITE_TRANSIENT);
        assert_int_equal(sqlite3_step(ins), SQLITE_DONE);
        sqlite3_reset(ins);
        p += len + (p[len] == '\n' ? 1 : 0);
    }
    sqlite3_finalize(ins);
}

/* The view's irregularities are the audit's, by sitting, person (or
 * seat at a duel) and law: the same rulings counted the same way. */
static void views__irregularities_agree_with_the_audit(void **state)
{
    char *json = malloc(1 << 20);
    char *want = malloc(1 << 16);
    char *got = malloc(1 << 16);
    sqlite3 *mem = NULL;
    sqlite3 *h = open_ro(db);
    char attach[400];
    int n = 0;

    (void)state;
    assert_non_null(json);
    assert_non_null(want);
    assert_non_null(got);
    (void)harness_capture(json, 1 << 20, "%s audit --json --db '%s'",
                          harness_ecarte(), db);
    assert_int_equal(sqlite3_open(":memory:", &mem), SQLITE_OK);
    audit_counts(mem, json);
    n = rows(mem, "SELECT sitting, who, law, count(*) FROM audit GROUP BY "
                  "1, 2, 3 ORDER BY 1, 2, 3",
             want, 1 << 16);
    assert_true(n >= 30);
    assert_int_equal(rows(h, "SELECT sitting, coalesce(offender_person, "
                             "offender), law, count(*) FROM rulings WHERE "
                             "irregular = 1 GROUP BY 1, 2, 3 ORDER BY 1, 2, "
                             "3",
                          got, 1 << 16),
                     n);
    assert_string_equal(got, want);
    /* the view sums them across sittings, by name and law */
    snprintf(attach, sizeof(attach), "ATTACH '%s' AS l", db);
    assert_int_equal(sqlite3_exec(mem, attach, NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(one_int(h, "SELECT sum(rulings) FROM irregularities"),
                     one_int(mem, "SELECT count(*) FROM audit"));
    assert_int_equal(rows(h, "SELECT player, person, rulings, sittings FROM "
                             "irregularities WHERE law = 'L40' ORDER BY "
                             "player",
                          got, 1 << 16),
                     one_int(h, "SELECT count(DISTINCT offender_name) FROM "
                                "rulings WHERE law = 'L40' AND irregular"));
    assert_non_null(strstr(got, "Mr. Carew||1|1\n"));
    sqlite3_close(mem);
    sqlite3_close(h);
    free(json);
    free(want);
    free(got);
}

/* ------------------------------------------------------------------ */
/* balances                                                             */
/* ------------------------------------------------------------------ */

/* money_row - a balance of ledger_balances_foreach, into the table
 * want of the in-memory database ctx. */
static int money_row(void *vctx, int64_t sitting, const char *person,
                     const char *name, int balance)
{
    sqlite3_stmt *st = NULL;

    assert_int_equal(sqlite3_prepare_v2(vctx, "INSERT INTO want VALUES (?1, "
                                              "?2, ?3, ?4)",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_int64(st, 1, sitting);
    sqlite3_bind_text(st, 2, person, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 4, balance);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    return 0;
}

/* Each person's balance is the ledger's own (ledger_balances_foreach),
 * the house's levy too; a sitting's balances sum to zero. */
static void views__balances_sum_to_zero_with_the_house(void **state)
{
    struct ledger *l = NULL;
    sqlite3 *mem = NULL;
    sqlite3 *h = open_ro(db);
    char want[8192];
    char out[8192];
    char attach[400];

    (void)state;
    assert_int_equal(sqlite3_open(":memory:", &mem), SQLITE_OK);
    assert_int_equal(sqlite3_exec(mem, "CREATE TABLE want (sitting, person, "
                                       "name, balance)",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(ledger_open(&l, db, LEDGER_READONLY), 0);
    assert_int_equal(ledger_balances_foreach(l, 0, money_row, mem), 0);
    ledger_close(l);
    assert_true(rows(mem, "SELECT * FROM want ORDER BY 1, 2", want,
                     sizeof(want)) >= 20);
    snprintf(attach, sizeof(attach), "ATTACH '%s' AS l", db);
    assert_int_equal(sqlite3_exec(mem, attach, NULL, NULL, NULL), SQLITE_OK);
    rows(mem, "SELECT sitting, person, coalesce(name, ''), balance FROM "
              "l.balances ORDER BY 1, 2",
         out, sizeof(out));
    assert_string_equal(out, want);
    sqlite3_close(mem);
    assert_int_equal(one_int(h, "SELECT count(*) FROM (SELECT sitting FROM "
                                "balances GROUP BY sitting HAVING "
                                "sum(balance) != 0)"),
                     0);
    assert_int_equal(rows(h, "SELECT person, name IS NULL, balance, "
                             "transfers FROM balances WHERE sitting = 6 AND "
                             "person IN ('dan', 'fay', 'house') ORDER BY "
                             "person",
                          out, sizeof(out)),
                     3);
    /* settle dan +45 fay +14 ... house +6; settle dan +18 fay -5 house +2 */
    assert_string_equal(out, "dan|0|63|2\nfay|0|9|2\nhouse|1|8|2\n");
    /* near miss: no money at a duel, and no house where none was levied */
    assert_int_equal(one_int(h, "SELECT count(*) FROM balances WHERE "
                                "sitting IN (1, 2) OR (person = 'house' AND "
                                "sitting != 6)"),
                     0);
    sqlite3_close(h);
}

/* ------------------------------------------------------------------ */
/* The views proven                                                     */
/* ------------------------------------------------------------------ */

/* finding_seen - a finding of a proof: its message kept. */
static int finding_seen(void *ctx, const struct ledger_finding *f)
{
    snprintf(ctx, 600, "%s", f->message);
    return 0;
}

/* A view changed by hand (another query under the same name) is named by
 * the proof; the same view made again as the schema has it is not. */
static void views__a_view_changed_by_hand_is_named(void **state)
{
    char copy[400];
    char msg[600] = "";
    struct ledger *l = NULL;
    sqlite3 *h = NULL;

    (void)state;
    snprintf(copy, sizeof(copy), "%s/changed.db", dir);
    assert_int_equal(harness_sh("cp '%s' '%s'", db, copy), 0);
    assert_int_equal(sqlite3_open(copy, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "DROP VIEW balances; CREATE VIEW "
                                     "balances AS SELECT p.sitting_id AS "
                                     "sitting, p.code AS person, p.name AS "
                                     "name, 0 AS balance, 0 AS transfers "
                                     "FROM person p",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(h);
    assert_int_equal(ledger_open(&l, copy, LEDGER_READONLY), 0);
    assert_true(ledger_structure_check(l, finding_seen, msg) >= 1);
    assert_non_null(strstr(msg, "view balances"));
    ledger_close(l);
    /* near miss: untouched, nothing to say */
    assert_int_equal(ledger_open(&l, db, LEDGER_READONLY), 0);
    assert_int_equal(ledger_structure_check(l, NULL, NULL), 0);
    ledger_close(l);
}

/* made_from - a new ledger at path holding the generated chouette and
 * the disputed evening with their comments taken out. */
static void made_from(const char *path)
{
    char disputed[PATH_MAX];

    absolute(harness_example("disputed-evening.ecarte"), disputed);
    assert_int_equal(harness_sh("cd '%s' && sed 's/[ \t]*#.*//' "
                                "chouette.ecarte > bare1.ecarte && sed "
                                "'s/[ \t]*#.*//' '%s' > bare2.ecarte && rm "
                                "-f '%s' && %s import --db '%s' bare1.ecarte "
                                "bare2.ecarte > /dev/null 2>&1",
                                dir, disputed, path, harness_ecarte(), path),
                     0);
}

/* A version 6 ledger (no comments, laws or views) opened for writing is
 * migrated: its views are the schema's (the proof finds nothing) and give
 * what a new ledger's give. */
static void views__a_migrated_ledger_has_the_same_views(void **state)
{
    static const char *const q[] = {
        "SELECT * FROM deals ORDER BY sitting, deal",
        "SELECT * FROM games ORDER BY sitting, game",
        "SELECT * FROM rulings ORDER BY ruling_id",
        "SELECT * FROM irregularities ORDER BY player, law",
        "SELECT * FROM balances ORDER BY sitting, person",
    };
    char old[400];
    char fresh[400];
    char *a = malloc(1 << 17);
    char *b = malloc(1 << 17);
    struct ledger *l = NULL;
    sqlite3 *h = NULL;

    (void)state;
    assert_non_null(a);
    assert_non_null(b);
    snprintf(old, sizeof(old), "%s/v6.db", dir);
    snprintf(fresh, sizeof(fresh), "%s/v7.db", dir);
    made_from(old);
    made_from(fresh);
    assert_int_equal(sqlite3_open(old, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "DROP VIEW balances; DROP VIEW "
                                     "irregularities; DROP VIEW rulings; "
                                     "DROP VIEW games; DROP VIEW deals; DROP "
                                     "TABLE law; DROP TABLE comment; "
                                     CHAIN_EXACT
                                     /* its hashes whole, as before 8 */
                                     "UPDATE event SET hash = CAST(hash || "
                                     "zeroblob(24) AS BLOB) WHERE "
                                     "length(hash) = 8; "
                                     "PRAGMA user_version = 6",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(h);
    assert_int_equal(ledger_open(&l, old, LEDGER_READONLY), 0);
    assert_int_equal(ledger_version(l), 6);
    ledger_close(l);
    assert_int_equal(ledger_open(&l, old, 0), 0);
    assert_int_equal(ledger_version(l), LEDGER_SCHEMA_VERSION);
    assert_int_equal(ledger_structure_check(l, NULL, NULL), 0);
    assert_int_equal(ledger_seals_check(l, NULL, NULL), 0);
    ledger_close(l);
    for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
        h = open_ro(old);
        rows(h, q[i], a, 1 << 17);
        sqlite3_close(h);
        h = open_ro(fresh);
        rows(h, q[i], b, 1 << 17);
        sqlite3_close(h);
        assert_true(strlen(b) > 20);
        assert_string_equal(a, b);
    }
    free(a);
    free(b);
}

/* ------------------------------------------------------------------ */
/* From Python                                                          */
/* ------------------------------------------------------------------ */

/* The views read by Python's sqlite3 module, read-only, give what they
 * give here; without python3 the test is skipped, saying why. */
static void views__python_reads_the_views(void **state)
{
    char script[400];
    char *py = malloc(1 << 16);
    char *here = malloc(1 << 16);
    sqlite3 *h = NULL;
    static const char q[] =
        "SELECT player, coalesce(person, ''), law, title, rulings FROM "
        "irregularities ORDER BY player, law";

    (void)state;
    assert_non_null(py);
    assert_non_null(here);
    if (harness_sh("python3 -c 'import sqlite3' >/dev/null 2>&1") != 0) {
        free(py);
        free(here);
        fprintf(stderr, "test_views: python3 with its sqlite3 module is not "
                        "installed here: the views were not read from "
                        "Python\n");
        skip();
    }
    snprintf(script, sizeof(script), "%s/views.py", dir);
    {
        char text[2048];

        snprintf(text, sizeof(text),
                 "import sqlite3, sys\n"
                 "con = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', "
                 "uri=True)\n"
                 "for row in con.execute(\"%s\"):\n"
                 "    print('|'.join('' if v is None else str(v) for v in "
                 "row))\n"
                 "won = con.execute(\"SELECT winner_name, count(*) FROM games "
                 "WHERE sitting = 2 GROUP BY winner_name ORDER BY 2 DESC "
                 "LIMIT 1\").fetchone()\n"
                 "print('most games:', won[0], won[1])\n",
                 q);
        harness_write(script, text);
    }
    assert_int_equal(harness_capture(py, 1 << 16, "python3 '%s' '%s'", script,
                                     db),
                     0);
    h = open_ro(db);
    rows(h, q, here, 1 << 16);
    sqlite3_close(h);
    assert_true(strlen(here) > 100);
    assert_memory_equal(py, here, strlen(here));
    /* club-evening: Mr. Ashby won five of its six games */
    assert_string_equal(py + strlen(here), "most games: Mr. Ashby 5\n");
    free(py);
    free(here);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(views__law_rows_are_the_registry),
        cmocka_unit_test(views__deals_agree_with_the_scoresheet),
        cmocka_unit_test(views__deals_name_the_players_of_each_deal),
        cmocka_unit_test(views__games_name_their_winners),
        cmocka_unit_test(views__a_game_not_finished_shows_its_score),
        cmocka_unit_test(views__rulings_carry_law_titles_and_offenders),
        cmocka_unit_test(views__irregularities_agree_with_the_audit),
        cmocka_unit_test(views__balances_sum_to_zero_with_the_house),
        cmocka_unit_test(views__a_view_changed_by_hand_is_named),
        cmocka_unit_test(views__a_migrated_ledger_has_the_same_views),
        cmocka_unit_test(views__python_reads_the_views),
    };

    return cmocka_run_group_tests_name("views", tests, make_ledger,
                                       drop_ledger);
}
