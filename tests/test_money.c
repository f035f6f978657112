/* SPDX-License-Identifier: MIT */
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
 * they sum to zero; each game names who beat whom; no rubber is counted
 * where each game is settled on its own. */
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
    assert_non_null(strstr(out, "  game 1 to A, A 5 B 3 (single): ann beat "
                                "bob\n"));
    assert_non_null(strstr(out, "  game 2 to A, A 5 B 4 (single): ann beat "
                                "cy\n"));
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

/* A stake forfeited at once (CH2) is an irregularity the audit counts,
 * and it is in the adviser's money over all roles, as in his balance. */
static void money__audit_counts_a_forfeit_and_its_money(void **state)
{
    struct harness_tmp *t = *state;
    char out[32768];
    char path[1024];

    assert_int_equal(
        harness_sh("%s import --db '%s' --new '%s' >/dev/null 2>&1",
                   harness_ecarte(), t->db,
                   harness_path("tests/cases/variants/ch2_adviser_looks_at_"
                                "bank_fires.ecarte",
                                path, sizeof(path))),
        0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "irregularities CH2:1;"));
    /* dan paid his stake of 2 at once; his side won the game, which
     * settled no stake of his again: net -2 */
    assert_non_null(strstr(out, "person dan (Dan Dee) in all roles: 1 "
                                "game(s), won 1, lost 0; money won 0, lost 2, "
                                "net -2\n"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "dan          Dan Dee                  -2"));
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
    /* the proof names the row too: the stored text is not what the
     * sitting's events give */
    assert_non_null(strstr(out, "TAMPERED: settlement 1 (sitting 1, "));
    assert_non_null(strstr(out, "column text is \"settle ann +3 bob -2 cy "
                                "-1\", the recorded actions give \"settle "
                                "ann +2 bob -1 cy -1\""));
    assert_non_null(strstr(out, "2 finding(s)"));
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

/* import_audit_clean - the log at path imports whole (nothing
 * quarantined, every `=` line as the rules give it) into a fresh ledger
 * db, and its audit finds nothing in its settlements, its sitting's `=`
 * lines, its rulings (the sitting's CH, PO and BY among them) or its
 * sequence.  Returns 0, or 1 with the reason printed. */
static int import_audit_clean(const char *db, const char *path)
{
    static char out[1 << 16];

    harness_sh("rm -f '%s'", db);
    if (harness_capture(out, sizeof(out), "%s import --db '%s' '%s' 2>&1",
                        harness_ecarte(), db, path) != 0) {
        printf("  %s: import: %s\n", path, out);
        return 1;
    }
    harness_capture(out, sizeof(out),
                    "%s audit --db '%s' | grep 'event [0-9]*: \\(settlement"
                    "\\|zero-sum\\|settle\\|pool\\|roles\\|bets\\|"
                    "stored-ruling\\|[A-Z][A-Z0-9]* ruling\\|sequence\\|"
                    "impossible\\|quarantined\\):'",
                    harness_ecarte(), db);
    if (out[0] != '\0') {
        printf("  %s: audit: %s\n", path, out);
        return 1;
    }
    return 0;
}

/* Every chouette, pool and gallery case of tests/cases/variants and of
 * ../shared/variants imports whole and audits without a finding about
 * money, the sitting's lines or its rulings (the files named ch*, po*,
 * by* and gallery*): the sitting's rulings are
 * matched with the log's `= ruling` lines and the ledger's, a deal made
 * void by the next deal line (L14) or a game conceded by a player who
 * left (BY6) is no broken deal. */
static void money__every_sitting_case_imports_and_audits_clean(void **state)
{
    struct harness_tmp *t = *state;
    static char list[1 << 16];
    char dir[4096];
    const char *shared = harness_shared("variants");
    int n = 0;
    int bad = 0;

    harness_path("tests/cases/variants", dir, sizeof(dir));
    assert_int_equal(harness_capture(list, sizeof(list),
                                     "ls '%s'/ch*.ecarte '%s'/po*.ecarte "
                                     "'%s'/by*.ecarte '%s'/gallery*.ecarte"
                                     "%s%s%s",
                                     dir, dir, dir, dir,
                                     shared != NULL ? " '" : "",
                                     shared != NULL ? shared : "",
                                     shared != NULL ? "'/[cpb][hoy]_*.ecarte"
                                                    : ""),
                     0);
    for (char *p = strtok(list, "\n"); p != NULL; p = strtok(NULL, "\n")) {
        bad += import_audit_clean(t->db, p);
        n++;
    }
    printf("  %d sitting case(s), %d not clean\n", n, bad);
    assert_true(n >= 45);
    assert_int_equal(bad, 0);
}

/* ------------------------------------------------------------------ */
/* gen --format                                                         */
/* ------------------------------------------------------------------ */

/* Every format, with its switches as a Format tag writes them. */
static const char *const formats[] = {
    "duel",
    "chouette",
    "chouette; bank-deals=no",
    "chouette; bank-on-loss=keeps",
    "chouette; bank-deals=no; bank-on-loss=keeps; advice=point",
    "pool",
    "pool; pool-run=3",
    "pool; pool-forfeit=0; pool-deal=rentrant",
    "gallery",
    "gallery; style=english",
    "gallery; bet-match=tableau; levy=5",
    "gallery; bets-close=each-turnup; levy=3",
    "gallery; bet-match=tableau; bets-close=each-turnup; levy=10",
};
#define N_FORMATS (sizeof(formats) / sizeof(formats[0]))

/* gen_format - `ecarte gen --format F` of deals deals with seed and
 * irregularity rate into path; the test fails if gen does not exit 0. */
static void gen_format(const char *path, const char *format, int deals,
                       int seed, const char *rate)
{
    int rc = harness_sh("%s gen --format '%s' --deals %d --seed %d "
                        "--irregularities %s > '%s'",
                        harness_ecarte(), format, deals, seed, rate, path);

    if (rc != 0) {
        fail_msg("gen --format '%s' --seed %d: exit %d", format, seed, rc);
    }
}

/* For many seeds and every format, the sitting generated checks clean
 * (strict), imports, exports as it was generated, audits without a
 * finding; every settlement in the
 * ledger sums to zero (the invariant after every game), and so do the
 * balances `score` shows. */
static void money__generated_sittings_check_clean_and_settle_to_zero(
    void **state)
{
    struct harness_tmp *t = *state;
    static char out[1 << 18];
    long settled = 0;

    for (size_t f = 0; f < N_FORMATS; f++) {
        for (int seed = 1; seed <= 2; seed++) {
            const char *rate = seed % 2 == 0 ? "0.1" : "0";
            int n = 0;
            long sum;

            gen_format(t->log, formats[f], 60, seed, rate);
            if (harness_capture(out, sizeof(out), "%s check --strict '%s'",
                                harness_ecarte(), t->log) != 0) {
                fail_msg("gen --format '%s' --seed %d: check --strict: %s",
                         formats[f], seed, out);
            }
            harness_sh("rm -f '%s'", t->db);
            if (harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                           harness_ecarte(), t->db, t->log) != 0) {
                fail_msg("gen --format '%s' --seed %d: import failed",
                         formats[f], seed);
            }
            /* the export gives back the sitting generated, line for line */
            if (harness_sh("%s export --db '%s' | grep -v '^#\\|^\\[Chain ' "
                           "> '%s' && grep -v '^#' '%s' | cmp -s - '%s'",
                           harness_ecarte(), t->db, t->out, t->log,
                           t->out) != 0) {
                fail_msg("gen --format '%s' --seed %d: the export differs",
                         formats[f], seed);
            }
            harness_capture(out, sizeof(out), "%s audit --db '%s'",
                            harness_ecarte(), t->db);
            if (strstr(out, " 0 finding(s)") == NULL) {
                fail_msg("gen --format '%s' --seed %d: audit: %s",
                         formats[f], seed, out);
            }
            assert_int_equal(
                sql_int(t->db, "SELECT count(*) FROM settlement s WHERE "
                               "(SELECT coalesce(sum(amount), 0) FROM "
                               "transfer WHERE settlement_id = s.id) != 0"),
                0);
            assert_int_equal(
                sql_int(t->db, "SELECT coalesce(sum(amount), 0) FROM "
                               "transfer"),
                0);
            settled += sql_int(t->db, "SELECT count(*) FROM settlement");
            if (f > 0) {
                /* a table of three or more: persons, seats, money */
                assert_true(sql_int(t->db, "SELECT count(*) FROM person") >=
                            3);
                assert_true(sql_int(t->db, "SELECT count(*) FROM seating") >
                            0);
            } else {
                assert_int_equal(sql_int(t->db, "SELECT count(*) FROM "
                                                "person"),
                                 0);
            }
            assert_int_equal(harness_capture(out, sizeof(out),
                                             "%s score --json --db '%s'",
                                             harness_ecarte(), t->db),
                             0);
            sum = json_balances_sum(out, &n);
            assert_int_equal(sum, 0);
            assert_true(f == 0 ? n == 0 : n >= 3);
        }
    }
    assert_true(settled > 100);
}

/* A format under any rule profile: the sitting generated with --laws
 * and --format checks clean (strict) and audits without a finding. */
static void money__formats_under_every_profile_check_clean(void **state)
{
    static const char *const laws[] = {
        "polish", "meyers1889", "london; rank=ace-high",
        "london; doubling=yes; offer-point=before-trick3",
        "polish; jack-veto=yes",
    };
    static const char *const fmts[] = {
        "chouette", "pool; pool-run=3", "gallery; bet-match=tableau; levy=5",
    };
    struct harness_tmp *t = *state;
    static char out[1 << 16];

    for (size_t i = 0; i < sizeof(laws) / sizeof(laws[0]); i++) {
        for (size_t f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++) {
            assert_int_equal(harness_sh("%s gen --laws '%s' --format '%s' "
                                        "--deals 40 --seed %zu "
                                        "--irregularities 0.05 > '%s'",
                                        harness_ecarte(), laws[i], fmts[f],
                                        i + f + 1, t->log),
                             0);
            if (harness_capture(out, sizeof(out), "%s check --strict '%s'",
                                harness_ecarte(), t->log) != 0) {
                fail_msg("gen --laws '%s' --format '%s': check: %s", laws[i],
                         fmts[f], out);
            }
            if (import_audit_clean(t->db, t->log) != 0) {
                fail_msg("gen --laws '%s' --format '%s': import or audit",
                         laws[i], fmts[f]);
            }
        }
    }
}

/* A sitting recorded action by action and the same sitting imported
 * give the same scoresheet and balances, and both audit clean. */
static void money__record_and_import_settle_alike(void **state)
{
    static const char *const fmts[] = {
        "chouette; bank-on-loss=keeps", "pool; pool-run=3",
        "gallery; bets-close=each-turnup; levy=5",
    };
    struct harness_tmp *t = *state;
    static char a[1 << 16], b[1 << 16];
    char db2[400];

    snprintf(db2, sizeof(db2), "%s.rec", t->db);
    for (size_t f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++) {
        gen_format(t->log, fmts[f], 40, 7, "0.2");
        harness_sh("rm -f '%s' '%s'", t->db, db2);
        assert_int_equal(harness_record(db2, t->log), 0);
        assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null "
                                    "2>&1",
                                    harness_ecarte(), t->db, t->log),
                         0);
        assert_int_equal(harness_capture(a, sizeof(a), "%s score --db '%s'",
                                         harness_ecarte(), db2),
                         0);
        assert_int_equal(harness_capture(b, sizeof(b), "%s score --db '%s'",
                                         harness_ecarte(), t->db),
                         0);
        assert_non_null(strstr(a, "balances (sitting 1)"));
        assert_string_equal(a, b);
        harness_capture(a, sizeof(a), "%s audit --db '%s'", harness_ecarte(),
                        db2);
        if (strstr(a, " 0 finding(s)") == NULL) {
            fail_msg("record of gen --format '%s': audit: %s", fmts[f], a);
        }
    }
}

/* In a generated sitting of each format, one `= settle` line altered, or
 * one `= roles` line, is caught by check. */
static void money__altered_settle_or_roles_line_of_a_generated_sitting(
    void **state)
{
    static const struct {
        const char *format;
        const char *swap;       /* the fields of `= roles` swapped */
    } cases[] = {
        {"chouette", "$4; $4 = $6; $6"},
        {"chouette; bank-on-loss=keeps", "$4; $4 = $6; $6"},
        {"pool", "$4; $4 = $7; $7"},
        {"gallery", "$4; $4 = $6; $6"},
        {"gallery; bet-match=tableau; levy=5", "$4; $4 = $6; $6"},
    };
    struct harness_tmp *t = *state;
    char out[1 << 16];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        for (int seed = 1; seed <= 2; seed++) {
            gen_format(t->log, cases[i].format, 40, seed, "0");
            assert_int_equal(harness_sh("%s check '%s' >/dev/null",
                                        harness_ecarte(), t->log),
                             0);
            /* the first settlement's first amount, ten more */
            assert_int_equal(
                harness_sh("awk '!d && /^= settle .* [-+][0-9]/ { sub(/ "
                           "[-+]/, \"&1\"); d = 1 } { print }' '%s' > '%s'",
                           t->log, t->log2),
                0);
            assert_int_not_equal(harness_sh("cmp -s '%s' '%s'", t->log,
                                            t->log2),
                                 0);
            assert_int_equal(harness_capture(out, sizeof(out),
                                             "%s check '%s'",
                                             harness_ecarte(), t->log2),
                             1);
            assert_non_null(strstr(out, "the log records \"= settle"));
            /* the first roles line, two of its persons swapped */
            assert_int_equal(
                harness_sh("awk '!d && /^= roles / { x = %s = x; d = 1 } "
                           "{ print }' '%s' > '%s'",
                           cases[i].swap, t->log, t->log2),
                0);
            assert_int_not_equal(harness_sh("cmp -s '%s' '%s'", t->log,
                                            t->log2),
                                 0);
            assert_int_equal(harness_capture(out, sizeof(out),
                                             "%s check '%s'",
                                             harness_ecarte(), t->log2),
                             1);
            assert_non_null(strstr(out, "the log records \"= roles"));
        }
    }
}

/* A seed gives the same sitting of a format every time; another seed
 * another. */
static void money__a_seed_gives_the_same_sitting_of_a_format(void **state)
{
    struct harness_tmp *t = *state;

    gen_format(t->log, "gallery; bet-match=tableau", 30, 5, "0.05");
    gen_format(t->log2, "gallery; bet-match=tableau", 30, 5, "0.05");
    assert_int_equal(harness_sh("cmp -s '%s' '%s'", t->log, t->log2), 0);
    gen_format(t->log2, "gallery; bet-match=tableau", 30, 6, "0.05");
    assert_int_not_equal(harness_sh("cmp -s '%s' '%s'", t->log, t->log2), 0);
    assert_int_equal(harness_sh("%s gen --format 'roulette' >/dev/null "
                                "2>&1",
                                harness_ecarte()),
                     2);
}

/* ------------------------------------------------------------------ */
/* A duel with its Format tag                                           */
/* ------------------------------------------------------------------ */

/* A two-seat log with [Format "duel"] written checks as it did without
 * (the same output, JSON too, line for line: the tag stands where a
 * comment stood), and records and exports the same sitting, the tag
 * apart. */
static void money__duel_format_tag_changes_nothing(void **state)
{
    struct harness_tmp *t = *state;
    static char a[1 << 18], b[1 << 18];
    const char *log = harness_example("club-evening.ecarte");
    char db2[400];
    int ra, rb;

    snprintf(db2, sizeof(db2), "%s.2", t->db);
    assert_int_equal(harness_sh("sed '1a\\\n# no Format tag' '%s' > '%s'",
                                log, t->log),
                     0);
    assert_int_equal(harness_sh("sed '1a\\\n[Format \"duel\"]' '%s' > '%s'",
                                log, t->log2),
                     0);
    assert_int_equal(harness_sh("grep -c '^\\[Format \"duel\"\\]$' '%s' "
                                ">/dev/null", t->log2),
                     0);
    ra = harness_capture(a, sizeof(a), "%s check --strict '%s' 2>&1 | sed "
                                       "'s|^[^:]*:||'",
                         harness_ecarte(), t->log);
    rb = harness_capture(b, sizeof(b), "%s check --strict '%s' 2>&1 | sed "
                                       "'s|^[^:]*:||'",
                         harness_ecarte(), t->log2);
    assert_int_equal(ra, rb);
    assert_true(strlen(a) > 1000);
    assert_string_equal(a, b);
    harness_capture(a, sizeof(a), "%s check --json '%s' | sed 's|%s||g'",
                    harness_ecarte(), t->log, t->log);
    harness_capture(b, sizeof(b), "%s check --json '%s' | sed 's|%s||g'",
                    harness_ecarte(), t->log2, t->log2);
    assert_string_equal(a, b);
    assert_int_equal(harness_record(t->db, t->log), 0);
    assert_int_equal(harness_record(db2, t->log2), 0);
    /* the chain's head differs: each recording stamps its own time */
    /* (the comment that stands for the Format tag is kept too) */
    assert_int_equal(harness_capture(a, sizeof(a), "%s export --db '%s' | "
                                                   "grep -v '^\\[Chain \\|"
                                                   "^# no Format tag$'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(b, sizeof(b), "%s export --db '%s' | "
                                                   "grep -v '^\\[Chain \\|"
                                                   "^\\[Format \"duel\"\\]$'",
                                     harness_ecarte(), db2),
                     0);
    assert_true(strlen(a) > 1000);
    assert_string_equal(a, b);
    assert_int_equal(harness_sh("%s export --db '%s' | grep -c '^\\[Format "
                                "\"duel\"\\]$' >/dev/null",
                                harness_ecarte(), db2),
                     0);
    assert_int_equal(harness_capture(a, sizeof(a), "%s score --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(b, sizeof(b), "%s score --db '%s'",
                                     harness_ecarte(), db2),
                     0);
    assert_string_equal(a, b);
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
        T(money__audit_counts_a_forfeit_and_its_money),
        T(money__audit_finds_a_recorded_settlement_that_differs),
        T(money__audit_finds_a_wrong_settle_line_of_an_import),
        T(money__every_sitting_case_imports_and_audits_clean),
        T(money__generated_sittings_check_clean_and_settle_to_zero),
        T(money__formats_under_every_profile_check_clean),
        T(money__record_and_import_settle_alike),
        T(money__altered_settle_or_roles_line_of_a_generated_sitting),
        T(money__a_seed_gives_the_same_sitting_of_a_format),
        T(money__duel_format_tag_changes_nothing),
#undef T
    };

    return cmocka_run_group_tests_name("money", tests, NULL, NULL);
}
