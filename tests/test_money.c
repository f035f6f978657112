/* test_money.c - money at tables of three or more, end to end: `ecarte
 * score` shows each person's balance, `ecarte audit` re-derives every
 * settlement and counts each person's games by role, `ecarte gen
 * --format F` writes sittings that check clean and settle to zero, and
 * a duel with its Format tag written is today's duel. */
#include "tests/harness.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sql_int - the first column of the first row of sql on the ledger at
 * db (-999999 if there is none). */
static long sql_int(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long n = -999999;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* variant - the path of a worked log of ../shared/variants (skips the
 * test when ../shared is not there). */
static const char *variant(const char *name, char *buf, size_t n)
{
    char rel[200];
    const char *p;

    snprintf(rel, sizeof(rel), "variants/%s", name);
    p = harness_shared(rel);
    if (p == NULL) {
        skip();
    }
    snprintf(buf, n, "%s", p);
    return buf;
}

/* import3 - the chouette, tableau and pool worked logs imported into
 * t->db (sittings 1, 2 and 3). */
static void import3(const struct harness_tmp *t)
{
    char ch[4096], by[4096], po[4096];

    variant("ch_a_order_and_bank_wins.ecarte", ch, sizeof(ch));
    variant("by_a_tableau_balanced_levy.ecarte", by, sizeof(by));
    variant("po_a_two_running_wins_pool.ecarte", po, sizeof(po));
    assert_int_equal(harness_sh("%s import --db '%s' '%s' '%s' '%s' "
                                ">/dev/null 2>&1",
                                harness_ecarte(), t->db, ch, by, po),
                     0);
}

/* json_balances_sum - the sum of every "balance" of JSON lines text, and
 * how many there are into *count. */
static long json_balances_sum(const char *text, int *count)
{
    long sum = 0;
    const char *p = text;

    *count = 0;
    while ((p = strstr(p, "\"balance\":")) != NULL) {
        p += strlen("\"balance\":");
        sum += strtol(p, NULL, 10);
        (*count)++;
    }
    return sum;
}

/* ------------------------------------------------------------------ */
/* score                                                                */
/* ------------------------------------------------------------------ */

/* Each person's balance for the sitting, the house's levy with them;
 * they sum to zero; no rubber is counted where each game is settled. */
static void money__score_shows_each_persons_balance(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    int n = 0;

    import3(t);
    assert_int_equal(sql_int(t->db, "SELECT sum(amount) FROM transfer"), 0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "balances (sitting 1)\n"
                                "  ann          Ann Ash                  +2\n"
                                "  bob          Bob Blount               -1\n"
                                "  cy           Cy Cray                  -1\n"
                                "  total                                 +0\n"));
    assert_non_null(strstr(out, "  dan          Dan Dee                  +95\n"
                                "  eve          Eve Ell                  +19\n"
                                "  fay          Fay Fenn                 -120\n"
                                "  house                                 +6\n"
                                "  total                                 +0\n"));
    assert_non_null(strstr(out, "balances (sitting 3)\n"
                                "  ann          Ann Ash                  +4\n"));
    assert_non_null(strstr(out, "  game 2 to A, A 5 B 4 (single)\n"));
    assert_null(strstr(out, "rubber to"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --json --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(json_balances_sum(out, &n), 0);
    assert_int_equal(n, 3 + 6 + 3);
    assert_non_null(strstr(out, "{\"type\":\"balance\",\"sitting\":2,"
                                "\"person\":\"house\",\"name\":\"\","
                                "\"balance\":6}"));
}

/* A duel (no person) prints its scoresheet as it always did: no
 * balance, its rubbers counted. */
static void money__duel_score_prints_as_today(void **state)
{
    struct harness_tmp *t = *state;
    char out[65536];

    assert_int_equal(
        harness_record(t->db, harness_example("club-evening.ecarte")), 0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_null(strstr(out, "balances"));
    assert_non_null(strstr(out, "rubber to"));
    assert_non_null(strstr(out, "; games A "));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --json --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_null(strstr(out, "\"balance\""));
}

/* sql_run - run sql on the ledger at db (the test fails if it fails). */
static void sql_run(const char *db, const char *sql)
{
    sqlite3 *h = NULL;

    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
}

/* ------------------------------------------------------------------ */
/* audit                                                                */
/* ------------------------------------------------------------------ */

/* The worked logs audit clean: every settlement re-derived through the
 * sitting layer is the one recorded; each person's games are counted by
 * role, with the money each role won and lost. */
static void money__audit_rederives_settlements_and_counts_roles(void **state)
{
    struct harness_tmp *t = *state;
    char out[32768];

    import3(t);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "0 finding(s), 0 flag(s)"));
    assert_non_null(strstr(out, "person ann (Ann Ash) as bank: 1 game(s), "
                                "won 1, lost 0; money won 2, lost 0, net +2\n"));
    assert_non_null(strstr(out, "person cy (Cy Cray) as adviser: 1 game(s), "
                                "won 0, lost 1; money won 0, lost 1, net -1\n"));
    assert_non_null(strstr(out, "person ann (Ann Ash) as roi: 1 game(s), won "
                                "1, lost 0; money won 4, lost 0, net +4\n"));
    assert_non_null(strstr(out, "person fay (Fay Fenn) as bettor: 1 game(s), "
                                "won 0, lost 1; money won 0, lost 120, net "
                                "-120\n"));
    assert_non_null(strstr(out, "person ann (Ann Ash) in all roles: 4 "
                                "game(s), won 4, lost 0; money won 6, lost 0, "
                                "net +6\n"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --json --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "{\"type\":\"person\",\"person\":\"dan\","
                                "\"name\":\"Dan Dee\",\"role\":\"bettor\","
                                "\"games\":1,\"won\":1,\"lost\":0,"
                                "\"money_won\":95,\"money_lost\":0}"));
}

/* A settlement recorded otherwise than the rules give it is a finding;
 * one whose transfers do not sum to zero is another. */
static void money__audit_finds_a_recorded_settlement_that_differs(
    void **state)
{
    struct harness_tmp *t = *state;
    char out[32768];

    import3(t);
    sql_run(t->db, "UPDATE settlement SET text = 'settle ann +3 bob -2 cy -1'"
                   " WHERE sitting_id = 1");
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "settlement: the ledger records \"= settle "
                                "ann +3 bob -2 cy -1\" after this action, the "
                                "rules give \"= settle ann +2 bob -1 cy "
                                "-1\""));
    assert_non_null(strstr(out, "1 finding(s)"));
    sql_run(t->db, "UPDATE settlement SET text = 'settle ann +2 bob -1 cy -1'"
                   " WHERE sitting_id = 1");
    sql_run(t->db, "UPDATE transfer SET amount = 7 WHERE person = 'house'");
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "zero-sum: the ledger records \"= settle dan "
                                "+95 eve +19 fay -120 house +6\" after this "
                                "action: its transfers sum to +1, not zero"));
    sql_run(t->db, "DELETE FROM transfer WHERE settlement_id IN (SELECT id "
                   "FROM settlement WHERE sitting_id = 3); DELETE FROM "
                   "settlement WHERE sitting_id = 3");
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "the rules give \"= settle ann +4 bob -2 cy "
                                "-2\" after this action, the ledger records "
                                "no settlement"));
}

/* An imported log whose `= settle` or `= roles` line is not what the
 * rules give: the audit says so at its line, as check does. */
static void money__audit_finds_a_wrong_settle_line_of_an_import(void **state)
{
    struct harness_tmp *t = *state;
    char ch[4096];
    char out[32768];

    variant("ch_a_order_and_bank_wins.ecarte", ch, sizeof(ch));
    assert_int_equal(harness_sh("sed -e 's/^= settle ann +2 bob -1 cy -1$/= "
                                "settle ann +2 bob -2 cy 0/' -e 's/^= roles "
                                "bank ann ponte cy advisers bob$/= roles bank "
                                "ann ponte bob advisers cy/' '%s' > '%s'",
                                ch, t->log),
                     0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, ":32: deal 1, event 20: settle: the log "
                                "records \"= settle ann +2 bob -2\", the "
                                "rules give \"= settle ann +2 bob -1 cy "
                                "-1\""));
    assert_non_null(strstr(out, ":33: deal 1, event 20: roles: the log "
                                "records \"= roles bank ann ponte bob "
                                "advisers cy\", the rules give \"= roles "
                                "bank ann ponte cy advisers bob\""));
    assert_non_null(strstr(out, "2 finding(s)"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(money__score_shows_each_persons_balance),
        T(money__duel_score_prints_as_today),
        T(money__audit_rederives_settlements_and_counts_roles),
        T(money__audit_finds_a_recorded_settlement_that_differs),
        T(money__audit_finds_a_wrong_settle_line_of_an_import),
#undef T
    };

    return cmocka_run_group_tests_name("money", tests, NULL, NULL);
}
