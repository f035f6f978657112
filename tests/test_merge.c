/* SPDX-License-Identifier: MIT */
/*
 * test_merge.c - `ecarte merge` and `ecarte members` on real ledgers: two
 * sources, one of two chouettes and two duels, one of a chouette and two
 * duels (a deal quarantined), sharing members ("Mr. Ashby" and two Ann
 * Ashes among them), merged into a club ledger: the sittings counted,
 * their provenance, a second merge adding nothing, a source holding the
 * club's sittings adding nothing, the same log imported recognised, a
 * tampered source refused with nothing written, the merged sittings
 * proven against their origin, the members joined and kept apart
 * (ledger_member_of answers), the source's member decisions merged or
 * their contradiction said, and every column of the member and
 * provenance tables tampered with caught by verify.
 */
#include "tests/harness.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ledger/ledger.h"

static char dir[256];
static char e[4096];            /* the program, as an absolute path */
static char out[65536];

#define SH_OK(...) assert_int_equal(harness_sh(__VA_ARGS__), 0)

/* one_int - the integer a query gives on the ledger at path (-1: none). */
static long long one_int(const char *path, const char *q)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    char full[512];
    long long n = -1;

    snprintf(full, sizeof(full), "%s/%s", dir, path);
    if (sqlite3_open_v2(full, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(h, q, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* run - a command in the group's directory, its output into out; its
 * exit status. */
#define RUN(fmt, ...) \
    harness_capture(out, sizeof(out), "cd '%s' && " fmt, dir, __VA_ARGS__)

/* The two sources: s1 (chouettes of seeds 1, 2; duels Ann Ash - Bob
 * Blount and Mr. Ashby - Ann Ash), s2 (a chouette of seed 3; duels Ann
 * Ash - Bob Blount, one with its second deal unreadable); s2 joins "Bob
 * Blount" to "Robert Blount" and "Mr. Ashby" to "Arthur Ashby". */
static int make_sources(void **state)
{
    (void)state;
    if (harness_ecarte()[0] == '/') {
        snprintf(e, sizeof(e), "%s", harness_ecarte());
    } else {
        char cwd[2048];

        if (getcwd(cwd, sizeof(cwd)) == NULL) {
            return -1;
        }
        snprintf(e, sizeof(e), "%s/%s", cwd, harness_ecarte());
    }
    /* every row's time fixed: the evenings are known */
    setenv("ECARTE_FIXED_TIME", "2024-03-01T20:00:00Z", 1);
    snprintf(dir, sizeof(dir), "/tmp/ecarte-merge-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        return -1;
    }
    return harness_sh(
        "cd '%s' && "
        "for s in 1 2 3; do %s gen --deals 4 --seed $s --format chouette > "
        "c$s.ecarte || exit 1; done && "
        "for i in 1 2 3 4; do %s gen --deals 3 --seed 1$i | sed -e "
        "'s/^\\[A \"Player A\"\\]/[A \"Ann Ash\"]/' -e "
        "'s/^\\[B \"Player B\"\\]/[B \"Bob Blount\"]/' > d$i.ecarte || "
        "exit 1; done && "
        "sed -i -e 's/^\\[A \"Ann Ash\"\\]/[A \"Mr. Ashby\"]/' -e "
        "'s/^\\[B \"Bob Blount\"\\]/[B \"Ann Ash\"]/' d2.ecarte && "
        "awk '/^deal /{d++; x=0} d==2 && /plays/ && !x {print \"A plays ZZ\"; "
        "x=1; next} {print}' d4.ecarte > d4b.ecarte && "
        "%s import --db s1.db c1.ecarte c2.ecarte d1.ecarte d2.ecarte > "
        "/dev/null && "
        "{ %s import --db s2.db c3.ecarte d3.ecarte d4b.ecarte > /dev/null "
        "2>&1; test $? -eq 1; } && "
        "%s members --db s2.db --join 'Bob Blount' --as 'Robert Blount' > "
        "/dev/null && %s members --db s2.db --join 'Mr. Ashby' --as "
        "'Arthur Ashby' > /dev/null",
        dir, e, e, e, e, e, e);
}

static int remove_dir(void **state)
{
    (void)state;
    return harness_sh("rm -rf '%s'", dir);
}

/* member - ledger_member_of on the ledger file name of the group. */
static const char *member(const char *db, int64_t sitting, const char *who)
{
    static char m[128];
    struct ledger *l = NULL;
    char full[512];

    snprintf(full, sizeof(full), "%s/%s", dir, db);
    assert_int_equal(ledger_open(&l, full, LEDGER_READONLY), 0);
    assert_int_equal(ledger_member_of(l, sitting, who, m, sizeof(m)), 0);
    ledger_close(l);
    return m;
}

/* Two sources merged into a new club: seven sittings, each with its
 * provenance (the source's identity, its sitting, its last event's hash
 * and count); the quarantined deal, the claims and the comments kept; the club
 * verifies; a second merge adds nothing and says which sitting each is. */
static void merge__two_sources_into_a_club_and_again(void **state)
{
    long long seals;

    (void)state;
    assert_int_equal(RUN("%s merge --db club.db s1.db", e), 0);
    assert_non_null(strstr(out, "sitting 4 of s1.db merged as sitting 4"));
    assert_non_null(strstr(out, "s1.db: 4 sittings merged, 0 here already"));
    /* s2's join of "Mr. Ashby" contradicts the club's: said, exit 1 */
    assert_int_equal(RUN("%s members --db club.db --join 'Mr. Ashby' --as "
                         "'Ann Ash'", e), 0);
    assert_int_equal(RUN("%s merge --db club.db s2.db", e), 1);
    assert_non_null(strstr(out, "sitting 3 of s2.db merged as sitting 7: "));
    assert_non_null(strstr(out, "1 deal quarantined"));
    assert_non_null(strstr(out, "join merged: \"Bob Blount\" is the member "
                                "\"Robert Blount\""));
    assert_non_null(strstr(out, "contradicts this ledger: it makes \"Mr. "
                                "Ashby\" \"Arthur Ashby\", but here \"Mr. "
                                "Ashby\" is joined to \"Ann Ash\" already: "
                                "this ledger's decision kept"));
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM sitting"), 7);
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM provenance"), 7);
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM provenance p "
                                        "WHERE n_events = (SELECT count(*) "
                                        "FROM event e WHERE e.sitting_id = "
                                        "p.sitting_id)"), 7);
    assert_int_equal(one_int("club.db", "SELECT count(DISTINCT source_uuid) "
                                        "FROM provenance"), 2);
    assert_int_equal(one_int("club.db", "SELECT source_sitting FROM "
                                        "provenance WHERE sitting_id = 7"), 3);
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM quarantine "
                                        "WHERE sitting_id = 7"), 1);
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM claim"),
                     one_int("s1.db", "SELECT count(*) FROM claim") +
                         one_int("s2.db", "SELECT count(*) FROM claim"));
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM event"),
                     one_int("s1.db", "SELECT count(*) FROM event") +
                         one_int("s2.db", "SELECT count(*) FROM event"));
    /* the logs' comments come along, in their places */
    assert_true(one_int("s1.db", "SELECT count(*) FROM comment") >= 8);
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM comment"),
                     one_int("s1.db", "SELECT count(*) FROM comment") +
                         one_int("s2.db", "SELECT count(*) FROM comment"));
    SH_OK("cd '%s' && %s export --db s1.db --sitting 2 | grep -v '^\\[Chain' "
          "> from.ecarte && %s export --db club.db --sitting 2 | grep -v "
          "'^\\[Chain' > here.ecarte && grep -q '^#' here.ecarte && cmp -s "
          "from.ecarte here.ecarte", dir, e, e);
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM member_join "
                                        "WHERE spelling = 'Mr. Ashby' AND "
                                        "member = 'Ann Ash'"), 1);
    assert_int_equal(RUN("%s verify --db club.db", e), 0);
    assert_non_null(strstr(out, "7 sittings re-derived"));
    /* again: nothing added, each said */
    seals = one_int("club.db", "SELECT count(*) FROM seal");
    assert_int_equal(RUN("%s merge --db club.db s1.db", e), 0);
    assert_non_null(strstr(out, "sitting 3 of s1.db is sitting 3 here "
                                "already (by provenance): nothing added"));
    assert_non_null(strstr(out, "s1.db: 0 sittings merged, 4 here already: "
                                "nothing added"));
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM sitting"), 7);
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM seal"), seals);
}

/* A ledger that holds the club's sittings (merged from the club) adds
 * nothing to it: known by the identity of the ledger they were first
 * recorded in; a log the club imported itself is known by its content. */
static void merge__a_source_holding_the_clubs_sittings_adds_nothing(
    void **state)
{
    (void)state;
    assert_int_equal(RUN("%s merge --db back.db club.db", e), 0);
    assert_non_null(strstr(out, "club.db: 7 sittings merged"));
    assert_int_equal(one_int("back.db", "SELECT count(*) FROM provenance "
                                        "WHERE origin_uuid != source_uuid"),
                     7);
    assert_int_equal(RUN("%s merge --db club.db back.db", e), 0);
    assert_non_null(strstr(out, "sitting 5 of back.db is sitting 5 here "
                                "already"));
    assert_non_null(strstr(out, "back.db: 0 sittings merged, 7 here "
                                "already"));
    SH_OK("cp '%s/s1.db' '%s/s1copy.db'", dir, dir);
    assert_int_equal(RUN("%s merge --db s1copy.db back.db", e), 0);
    assert_non_null(strstr(out, "sitting 2 of back.db is sitting 2 here "
                                "already (by the identity of the ledger it "
                                "was first recorded in)"));
    /* the same log imported: its content */
    assert_int_equal(RUN("%s import --db own.db c3.ecarte", e), 0);
    assert_int_equal(RUN("%s merge --db own.db s2.db", e), 0);
    assert_non_null(strstr(out, "sitting 1 of s2.db is sitting 1 here "
                                "already (the same log imported here)"));
    assert_int_equal(one_int("own.db", "SELECT count(*) FROM sitting"), 3);
}

/* A source changed with SQL does not verify: the merge stops, exit 2,
 * nothing written to the club (nor a club made). */
static void merge__a_tampered_source_is_refused(void **state)
{
    long long seals = one_int("club.db", "SELECT count(*) FROM seal");

    (void)state;
    SH_OK("cd '%s' && cp s2.db bad.db && sqlite3 bad.db \"UPDATE deal SET "
          "points_a = points_a + 1 WHERE id = 2\"", dir);
    assert_int_equal(RUN("%s merge --db club.db s1.db bad.db 2>&1", e), 2);
    assert_non_null(strstr(out, "bad.db does not verify: deal 2"));
    assert_non_null(strstr(out, "nothing merged"));
    assert_int_equal(one_int("club.db", "SELECT count(*) FROM seal"), seals);
    assert_int_equal(RUN("%s merge --db fresh.db bad.db 2>&1", e), 2);
    SH_OK("test ! -e '%s/fresh.db'", dir);
    /* an old source without an identity is refused in words */
    assert_int_equal(RUN("%s merge --db club.db nosuch.db 2>&1", e), 2);
    assert_non_null(strstr(out, "no such ledger"));
}

/* The merged sittings are proven equal to their origin; a sitting the
 * source went on with since is said. */
static void merge__verify_against_the_origin(void **state)
{
    (void)state;
    assert_int_equal(RUN("%s verify --db club.db --origin s2.db", e), 0);
    assert_non_null(strstr(out, "3 merged sittings proven equal to their "
                                "origin in s2.db"));
    assert_int_equal(RUN("%s verify --db club.db --origin s1.db --json", e),
                     0);
    assert_non_null(strstr(out, "{\"type\":\"origin\",\"sittings\":4,"
                                "\"findings\":0,\"verified\":true}"));
    /* a copy of s1 (the same identity) whose duel went on: not its origin */
    SH_OK("cd '%s' && cp s1.db grown.db && %s gen --deals 5 --seed 11 | sed "
          "-e 's/^\\[A \"Player A\"\\]/[A \"Ann Ash\"]/' -e "
          "'s/^\\[B \"Player B\"\\]/[B \"Bob Blount\"]/' > d1more.ecarte && "
          "%s record --db grown.db --sitting 3 d1more.ecarte > /dev/null "
          "2>&1 && %s verify --db grown.db > /dev/null", dir, e, e, e);
    assert_int_equal(RUN("%s verify --db club.db --origin grown.db", e), 1);
    assert_non_null(strstr(out, "NOT ITS ORIGIN: sitting 3 (merged from "
                                "sitting 3 of grown.db): the source's "
                                "sitting now has"));
    assert_non_null(strstr(out, "NOT ITS ORIGIN: score_mark (sitting 3"));
    assert_int_equal(RUN("%s verify --db club.db --origin nosuch.db 2>&1", e),
                     2);
}

/* Members: "Mr. Ashby" joined to Ann Ash; the Ann Ash of the second duel
 * kept apart as "Ann Ash (Bath)"; placeholders are nobody; the list in
 * text and JSON; usage errors name what was expected. */
static void members__joined_and_kept_apart(void **state)
{
    (void)state;
    assert_string_equal(member("club.db", 4, "A"), "Ann Ash");
    assert_string_equal(member("club.db", 4, "B"), "Ann Ash");
    assert_int_equal(RUN("%s members --db club.db --apart 4:B --as 'Ann Ash "
                         "(Bath)'", e), 0);
    assert_non_null(strstr(out, "B of sitting 4 is the member \"Ann Ash "
                                "(Bath)\""));
    assert_int_equal(RUN("%s members --db club.db --apart 4:B --as 'Ann Ash "
                         "(Bath)'", e), 0);
    assert_non_null(strstr(out, "already so"));
    assert_string_equal(member("club.db", 4, "B"), "Ann Ash (Bath)");
    assert_string_equal(member("club.db", 4, "A"), "Ann Ash");
    assert_string_equal(member("club.db", 3, "A"), "Ann Ash");
    assert_string_equal(member("club.db", 3, "B"), "Robert Blount");
    assert_string_equal(member("club.db", 1, "ann"), "Ann Ash");
    assert_string_equal(member("club.db", 1, "A"), "");
    assert_int_equal(RUN("%s members --db club.db", e), 0);
    assert_non_null(strstr(out, "Ann Ash (Bath)                      1  "
                                "2024-03-01  2024-03-01  Ann Ash"));
    assert_non_null(strstr(out, "Ann Ash                             7  "
                                "2024-03-01  2024-03-01  Ann Ash; Mr. "
                                "Ashby"));
    assert_null(strstr(out, "Player A"));
    assert_int_equal(RUN("%s members --db club.db --json", e), 0);
    assert_non_null(strstr(out, "{\"type\":\"member\",\"member\":\"Robert "
                                "Blount\",\"spellings\":[\"Bob Blount\"],"
                                "\"sittings\":6,"));
    assert_int_equal(RUN("%s members --db club.db --apart 4 --as X 2>&1", e),
                     2);
    assert_non_null(strstr(out, "expected --apart SITTING:WHO"));
    assert_int_equal(RUN("%s members --db club.db --join X 2>&1", e), 2);
    assert_non_null(strstr(out, "expected --as MEMBER"));
    assert_int_equal(RUN("%s members --db club.db --apart 1:A --as X 2>&1",
                         e), 2);
    assert_non_null(strstr(out, "table of three or more"));
    assert_int_equal(RUN("%s members --db club.db --join 'Player B' --as X "
                         "2>&1", e), 2);
    assert_int_equal(RUN("%s members --help", e), 0);
    assert_non_null(strstr(out, "usage: ecarte members"));
    assert_int_equal(RUN("%s merge --help", e), 0);
    assert_non_null(strstr(out, "usage: ecarte merge --db CLUB"));
    assert_int_equal(RUN("%s merge s1.db 2>&1", e), 2);
    assert_non_null(strstr(out, "expected --db CLUB"));
}

/* Every column of the member, provenance and identity tables changed,
 * one at a time on a copy: verify names the row and column (exit 1), and
 * a writer refuses the ledger. */
static void members__every_decision_tampered_is_caught(void **state)
{
    static const struct {
        const char *table;
        const char *column;
        const char *value;
    } changes[] = {
        {"member_join", "spelling", "'Mr. Asby'"},
        {"member_join", "member", "'Bob Blount'"},
        {"member_join", "recorded", "'2024-03-02T20:00:00Z'"},
        {"member_apart", "sitting_id", "3"},
        {"member_apart", "who", "'A'"},
        {"member_apart", "member", "'Ann Ash'"},
        {"member_apart", "recorded", "'x'"},
        {"provenance", "source_uuid", "'00000000000000000000000000000000'"},
        {"provenance", "source_sitting", "9"},
        {"provenance", "source_head", "'ab'"},
        {"provenance", "n_events", "1"},
        {"provenance", "origin_uuid", "'x'"},
        {"provenance", "origin_sitting", "9"},
        {"provenance", "source_path", "'elsewhere.db'"},
        {"provenance", "merged", "'x'"},
        {"ledger_info", "uuid", "'00000000000000000000000000000000'"},
        {"ledger_info", "created", "'x'"},
    };

    (void)state;
    for (size_t i = 0; i < sizeof(changes) / sizeof(changes[0]); i++) {
        char want[200];

        SH_OK("cd '%s' && cp club.db t.db && rm -f t.db-wal t.db-shm && "
              "sqlite3 t.db \"PRAGMA foreign_keys = OFF; UPDATE %s SET %s = "
              "%s WHERE id = 1\"", dir, changes[i].table, changes[i].column,
              changes[i].value);
        if (RUN("%s verify --db t.db", e) != 1) {
            fail_msg("%s.%s changed: not caught\n%s", changes[i].table,
                     changes[i].column, out);
        }
        snprintf(want, sizeof(want), "%s 1: column %s is", changes[i].table,
                 changes[i].column);
        if (strstr(out, want) == NULL) {
            fail_msg("%s.%s changed: verify did not say \"%s\"\n%s",
                     changes[i].table, changes[i].column, want, out);
        }
    }
    /* a row deleted, a row added: caught; a writer refuses */
    SH_OK("cd '%s' && cp club.db t.db && sqlite3 t.db \"DELETE FROM "
          "member_apart\"", dir);
    assert_int_equal(RUN("%s verify --db t.db", e), 1);
    assert_non_null(strstr(out, "member_apart 1: deleted"));
    assert_int_equal(RUN("%s members --db t.db --join 'Cy Cray' --as "
                         "'Cyrus Cray' 2>&1", e), 2);
    assert_non_null(strstr(out, "does not verify"));
    SH_OK("cd '%s' && cp club.db t.db && sqlite3 t.db \"INSERT INTO "
          "member_join (spelling, member, recorded) VALUES ('Eve Ell', "
          "'Ann Ash', 'x')\"", dir);
    assert_int_equal(RUN("%s verify --db t.db", e), 1);
    assert_non_null(strstr(out, "member_join 3: not sealed"));
    assert_int_equal(RUN("%s merge --db t.db s1.db 2>&1", e), 2);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(merge__two_sources_into_a_club_and_again),
        cmocka_unit_test(
            merge__a_source_holding_the_clubs_sittings_adds_nothing),
        cmocka_unit_test(merge__a_tampered_source_is_refused),
        cmocka_unit_test(merge__verify_against_the_origin),
        cmocka_unit_test(members__joined_and_kept_apart),
        cmocka_unit_test(members__every_decision_tampered_is_caught),
    };

    return cmocka_run_group_tests_name("merge", tests, make_sources,
                                       remove_dir);
}
