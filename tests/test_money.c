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

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(money__score_shows_each_persons_balance),
        T(money__duel_score_prints_as_today),
#undef T
    };

    return cmocka_run_group_tests_name("money", tests, NULL, NULL);
}
