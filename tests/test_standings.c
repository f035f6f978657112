/* SPDX-License-Identifier: MIT */
/*
 * test_standings.c - `ecarte standings` and season/season.h: three
 * chouettes and four duels with the same members, and a duel of
 * placeholders, recorded into one ledger; the standings against what was
 * counted by hand from the logs (their `= score`, `= settle` and
 * `= ruling` lines, each ruling's offender looked up in the seat lines);
 * the filters; the statistics' probabilities against the binomial
 * worked by hand.
 *
 * The logs are `ecarte gen` sittings (a seed gives the same sitting
 * every time) with names and dates put in by sed: chouettes of seeds 1,
 * 2, 3 (persons ann "Ann Ash", bob "Bob Blount", cy "Cy Cray", dan "Dan
 * Dee", eve "Eve Ell") on 2024.01.11-13; duels of seeds 4, 5, 6 between
 * [A "Ann Ash"] and [B "Bob Blount"] on 2024.02.04-06, seed 7 between
 * [A "Cy Cray"] and [B "Dan Dee"] on 2024.03.01; seed 8 left with
 * "Player A" and "Player B" on 2024.03.02.
 *
 * Counted by hand (games: the `= score` line that reaches 5, its value
 * by the loser's score and the Stakes tag; money: the `= settle` lines):
 *   sitting 1 (chouette): game 1 ann (A) beat cy 5-0 single;
 *     settle ann +10 bob -2 cy -2 dan -4 eve -2
 *   sitting 2 (chouette): no game ended, no money (CH3 on bob)
 *   sitting 3 (chouette): game 1 dan (B) beat bob 2-0 treble (CH5, the
 *     bank bob conceded), game 2 cy (B) beat dan 6-0 treble;
 *     settle ann +3 bob -27 cy +12 dan +12, settle bob +3 cy +12 dan -15,
 *     settle ann -1 dan +1 (CH2: ann looked at the bank's cards)
 *   sitting 4 (Ann-Bob): no game ended; L25 offender A (Ann)
 *   sitting 5 (Ann-Bob): game 1 to A 6-0 single; L39 offender A (Ann)
 *   sitting 6 (Ann-Bob): game 1 to A 5-1 single; L43 offender B (Bob)
 *   sitting 7 (Cy-Dan): game 1 to A 5-0 single
 *   sitting 8 (placeholders): nobody
 */
#include "tests/harness.h"

#include "season/season.h"
#include "tablelog/tablelog.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ledger of the season, made once. */
static char season_db[300];
static char season_dir[256];

/* make_season - the eight logs written and recorded into one ledger. */
static int make_season(void **state)
{
    const char *e = harness_ecarte();

    (void)state;
    snprintf(season_dir, sizeof(season_dir), "/tmp/ecarte-standings-XXXXXX");
    if (mkdtemp(season_dir) == NULL) {
        return -1;
    }
    snprintf(season_db, sizeof(season_db), "%s/season.db", season_dir);
    for (int i = 1; i <= 3; i++) {
        if (harness_sh("'%s' gen --format chouette --deals 4 --seed %d "
                       "--irregularities 0.1 | sed 's/^\\[Seed .*/&\\n"
                       "[Date \"2024.01.1%d\"]/' > %s/c%d.ecarte",
                       e, i, i, season_dir, i) != 0) {
            return -1;
        }
    }
    for (int i = 4; i <= 6; i++) {
        if (harness_sh("'%s' gen --deals 4 --seed %d --irregularities 0.2 | "
                       "sed 's/\\[A \"Player A\"\\]/[A \"Ann Ash\"]/; "
                       "s/\\[B \"Player B\"\\]/[B \"Bob Blount\"]/; "
                       "s/^\\[Seed .*/&\\n[Date \"2024.02.0%d\"]/' "
                       "> %s/d%d.ecarte",
                       e, i, i, season_dir, i) != 0) {
            return -1;
        }
    }
    if (harness_sh("'%s' gen --deals 4 --seed 7 | "
                   "sed 's/\\[A \"Player A\"\\]/[A \"Cy Cray\"]/; "
                   "s/\\[B \"Player B\"\\]/[B \"Dan Dee\"]/; "
                   "s/^\\[Seed .*/&\\n[Date \"2024.03.01\"]/' > %s/d7.ecarte",
                   e, season_dir) != 0 ||
        harness_sh("'%s' gen --deals 4 --seed 8 | "
                   "sed 's/^\\[Seed .*/&\\n[Date \"2024.03.02\"]/' "
                   "> %s/p8.ecarte",
                   e, season_dir) != 0) {
        return -1;
    }
    return harness_sh("for f in c1 c2 c3 d4 d5 d6 d7 p8; do '%s' record "
                      "--db %s %s/$f.ecarte >/dev/null 2>&1 || exit 1; "
                      "done",
                      e, season_db, season_dir) == 0
               ? 0
               : -1;
}

static int drop_season(void **state)
{
    (void)state;
    harness_sh("rm -rf '%s'", season_dir);
    return 0;
}

/* line_of - the line of out that names member (JSON), copied into buf. */
static const char *line_of(const char *out, const char *member, char *buf,
                           size_t n)
{
    char key[300];
    const char *p;
    const char *end;

    snprintf(key, sizeof(key), "\"member\":\"%s\"", member);
    p = strstr(out, key);
    if (p == NULL) {
        return NULL;
    }
    while (p > out && p[-1] != '\n') {
        p--;
    }
    end = strchr(p, '\n');
    snprintf(buf, n, "%.*s", (int)(end ? end - p : (long)strlen(p)), p);
    return buf;
}

/* has - does the JSON line of member hold every field of want (a run of
 * "k":v pairs as printed)? */
static void has(const char *out, const char *member, const char *want)
{
    char line[8192];

    assert_non_null(line_of(out, member, line, sizeof(line)));
    if (strstr(line, want) == NULL) {
        fail_msg("%s: wanted %s in %s", member, want, line);
    }
}

/* The whole season, hand-counted: games, values, points, money. */
static void test_json_whole_season(void **state)
{
    static char out[65536];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json",
                                     harness_ecarte(), season_db),
                     0);
    has(out, "Ann Ash", "\"sittings\":6,\"games\":3,\"won\":3,\"lost\":0,"
                        "\"won_by\":{\"single\":3,\"double\":0,"
                        "\"treble\":0}");
    has(out, "Ann Ash", "\"points_for\":16,\"points_against\":1,"
                        "\"staked\":true,\"money_won\":13,"
                        "\"money_lost\":1,\"money_net\":12");
    has(out, "Bob Blount", "\"sittings\":6,\"games\":3,\"won\":0,"
                           "\"lost\":3");
    has(out, "Bob Blount", "\"lost_by\":{\"single\":2,\"double\":0,"
                           "\"treble\":1}");
    has(out, "Bob Blount", "\"points_for\":1,\"points_against\":13");
    has(out, "Bob Blount", "\"money_won\":3,\"money_lost\":29,"
                           "\"money_net\":-26");
    has(out, "Cy Cray", "\"sittings\":4,\"games\":3,\"won\":2,\"lost\":1,"
                        "\"won_by\":{\"single\":1,\"double\":0,"
                        "\"treble\":1},\"lost_by\":{\"single\":1,"
                        "\"double\":0,\"treble\":0}");
    has(out, "Cy Cray", "\"points_for\":11,\"points_against\":5");
    has(out, "Cy Cray", "\"money_net\":22");
    has(out, "Dan Dee", "\"sittings\":4,\"games\":3,\"won\":1,\"lost\":2");
    has(out, "Dan Dee", "\"points_for\":2,\"points_against\":11");
    has(out, "Dan Dee", "\"money_won\":13,\"money_lost\":19,"
                        "\"money_net\":-6");
    has(out, "Eve Ell", "\"sittings\":2,\"games\":0");
    has(out, "Eve Ell", "\"money_net\":-2");
    /* 12 - 26 + 22 - 6 - 2 = 0, no levy at a chouette */
    assert_non_null(strstr(out, "{\"type\":\"standings\",\"sittings\":8,"
                                "\"members\":5,\"members_net\":0,"
                                "\"others_net\":0,\"house_net\":0,"
                                "\"balanced\":true"));
    /* the placeholders of sitting 8 are nobody */
    assert_null(strstr(out, "Player A"));
    assert_null(strstr(out, "Player B"));
}

/* Irregularities by law: a seat's ruling counted for who sat there. */
static void test_irregularities_by_law(void **state)
{
    static char out[65536];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json",
                                     harness_ecarte(), season_db),
                     0);
    has(out, "Ann Ash", "\"irregularities\":3,\"by_law\":{\"L25\":1,"
                        "\"L39\":1,\"CH2\":1}");
    has(out, "Bob Blount", "\"irregularities\":3,\"by_law\":{\"L43\":1,"
                           "\"CH3\":1,\"CH5\":1}");
    has(out, "Cy Cray", "\"irregularities\":0,\"by_law\":{}");
    has(out, "Dan Dee", "\"irregularities\":0,\"by_law\":{}");
}

/* The text: the table, the check, the laws. */
static void test_text(void **state)
{
    static char out[65536];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s",
                                     harness_ecarte(), season_db),
                     0);
    assert_non_null(strstr(out, "Standings: 8 sitting(s), 5 member(s)"));
    assert_non_null(strstr(out, "money: members +0, others +0, house +0: "
                                "sums to zero"));
    assert_non_null(strstr(out, "L25:1,L39:1,CH2:1"));
    assert_non_null(strstr(out, "L43:1,CH3:1,CH5:1"));
    assert_non_null(strstr(out, "Ann Ash                     6     3    3"
                                "    0       3/0/0       0/0/0"));
    assert_non_null(strstr(out, "+12\n"));
    assert_non_null(strstr(out, "-26\n"));
    assert_null(strstr(out, "Player A"));
}

/* --since, --until (either spelling of a date), --format, --laws. */
static void test_filters(void **state)
{
    static char out[65536];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json "
                                     "--since 2024-02-01 --until 2024.02.28",
                                     harness_ecarte(), season_db),
                     0);
    /* sittings 4, 5, 6: Ann and Bob only */
    assert_non_null(strstr(out, "\"type\":\"standings\",\"sittings\":3,"
                                "\"members\":2"));
    has(out, "Ann Ash", "\"sittings\":3,\"games\":2,\"won\":2,\"lost\":0");
    has(out, "Ann Ash", "\"points_for\":11,\"points_against\":1,"
                        "\"staked\":false,\"money_won\":0");
    has(out, "Ann Ash", "\"by_law\":{\"L25\":1,\"L39\":1}");
    has(out, "Bob Blount", "\"games\":2,\"won\":0,\"lost\":2");
    assert_null(strstr(out, "Cy Cray"));

    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json "
                                     "--format chouette",
                                     harness_ecarte(), season_db),
                     0);
    assert_non_null(strstr(out, "\"type\":\"standings\",\"sittings\":3,"
                                "\"members\":5"));
    has(out, "Ann Ash", "\"sittings\":3,\"games\":1,\"won\":1");
    has(out, "Ann Ash", "\"money_net\":12");
    has(out, "Ann Ash", "\"by_law\":{\"CH2\":1}");

    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json "
                                     "--format duel --since 2024-03-01",
                                     harness_ecarte(), season_db),
                     0);
    /* sitting 7 and the placeholders' sitting 8 */
    assert_non_null(strstr(out, "\"type\":\"standings\",\"sittings\":2,"
                                "\"members\":2"));
    has(out, "Cy Cray", "\"sittings\":1,\"games\":1,\"won\":1");
    has(out, "Dan Dee", "\"games\":1,\"won\":0,\"lost\":1");

    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json "
                                     "--laws polish",
                                     harness_ecarte(), season_db),
                     0);
    assert_non_null(strstr(out, "\"type\":\"standings\",\"sittings\":0,"
                                "\"members\":0"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json "
                                     "--laws london --until 2024-01-31",
                                     harness_ecarte(), season_db),
                     0);
    assert_non_null(strstr(out, "\"sittings\":3,\"members\":5"));

    /* bad values are usage errors */
    assert_int_equal(harness_sh("'%s' standings --db %s --since 2024/01/01 "
                                "2>/dev/null",
                                harness_ecarte(), season_db),
                     2);
    assert_int_equal(harness_sh("'%s' standings --db %s --format whist "
                                "2>/dev/null",
                                harness_ecarte(), season_db),
                     2);
}

/* A join of two spellings who sat in the same sittings and played each
 * other: Mr. Carew and Mr. Dunstan of the disputed evening (1 sitting, 2
 * games, each between them) made one member.  His sittings and games
 * are the union, once each, as `ecarte members` counts them; the two
 * games are games against himself: neither won nor lost, no points. */
static void test_join_same_sitting(void **state)
{
    static char out[65536];
    const char *e = harness_ecarte();

    (void)state;
    assert_int_equal(harness_sh("rm -f %s/ev.db* && '%s' record --db "
                                "%s/ev.db '%s' >/dev/null 2>&1 && '%s' "
                                "members --db %s/ev.db --join 'Mr. Carew' "
                                "--as 'Mr. Dunstan' >/dev/null",
                                season_dir, e, season_dir,
                                harness_example("disputed-evening.ecarte"),
                                e, season_dir),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' members --db %s/ev.db --json", e,
                                     season_dir),
                     0);
    assert_non_null(strstr(out, "\"member\":\"Mr. Dunstan\",\"spellings\":"
                                "[\"Mr. Carew\",\"Mr. Dunstan\"],"
                                "\"sittings\":1"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s/ev.db --json",
                                     e, season_dir),
                     0);
    has(out, "Mr. Dunstan", "\"sittings\":1,\"games\":2,\"won\":0,"
                            "\"lost\":0,\"won_by\":{\"single\":0,"
                            "\"double\":0,\"treble\":0},\"lost_by\":"
                            "{\"single\":0,\"double\":0,\"treble\":0},"
                            "\"rubbers_won\":0,\"rubbers_lost\":0,"
                            "\"points_for\":0,\"points_against\":0");
    has(out, "Mr. Dunstan", "\"games_against_self\":2}");
    /* the audit's counts are of actions, each by one seat: all of both */
    has(out, "Mr. Dunstan", "\"irregularities\":6");
    has(out, "Mr. Dunstan", "\"deals_dealt\":10");
    assert_null(strstr(out, "Mr. Carew"));
    assert_non_null(strstr(out, "{\"type\":\"standings\",\"sittings\":1,"
                                "\"members\":1,"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s/ev.db", e,
                                     season_dir),
                     0);
    assert_non_null(strstr(out, "Standings: 1 sitting(s), 1 member(s)"));
    assert_non_null(strstr(out, "Mr. Dunstan                 1     2    0"
                                "    0       0/0/0       0/0/0     0-0"
                                "      0       0"));
    assert_non_null(strstr(out, "Mr. Dunstan: 2 game(s) against himself"));
}

/* A join in chouettes and a duel: Cy Cray made Dan Dee in a ledger of the
 * same eight logs.  Each sat in sittings 1, 2, 3 and 7 (4, not 8); their
 * games are c1 g1 (cy lost to ann 0-5 single), c3 g1 (dan beat bob 2-0
 * treble), c3 g2 (cy beat dan: against himself), d7 g1 (cy beat dan:
 * against himself): 4 games, 1 won, 1 lost, 2 against himself.  The
 * money netted by settlement: c1 cy -2 dan -4 = -6; c3 cy +12 dan +12 =
 * +24, cy +12 dan -15 = -3, dan +1: won 25, lost 9, net 16 (22 - 6). */
static void test_join_chouette(void **state)
{
    static char out[65536];
    const char *e = harness_ecarte();

    (void)state;
    assert_int_equal(harness_sh("rm -f %s/cd.db* && for f in c1 c2 c3 d4 d5 "
                                "d6 d7 p8; do '%s' record --db %s/cd.db "
                                "%s/$f.ecarte >/dev/null 2>&1 || exit 1; "
                                "done && '%s' members --db %s/cd.db --join "
                                "'Cy Cray' --as 'Dan Dee' >/dev/null",
                                season_dir, e, season_dir, season_dir, e,
                                season_dir),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' members --db %s/cd.db --json", e,
                                     season_dir),
                     0);
    assert_non_null(strstr(out, "\"member\":\"Dan Dee\",\"spellings\":"
                                "[\"Cy Cray\",\"Dan Dee\"],\"sittings\":4"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s/cd.db --json",
                                     e, season_dir),
                     0);
    has(out, "Dan Dee", "\"sittings\":4,\"games\":4,\"won\":1,\"lost\":1,"
                        "\"won_by\":{\"single\":0,\"double\":0,"
                        "\"treble\":1},\"lost_by\":{\"single\":1,"
                        "\"double\":0,\"treble\":0}");
    has(out, "Dan Dee", "\"points_for\":2,\"points_against\":5,"
                        "\"staked\":true,\"money_won\":25,"
                        "\"money_lost\":9,\"money_net\":16");
    has(out, "Dan Dee", "\"games_against_self\":2}");
    /* the others as before the join */
    has(out, "Ann Ash", "\"sittings\":6,\"games\":3,\"won\":3,\"lost\":0");
    has(out, "Eve Ell", "\"sittings\":2,\"games\":0");
    assert_null(strstr(out, "Cy Cray"));
    assert_non_null(strstr(out, "{\"type\":\"standings\",\"sittings\":8,"
                                "\"members\":4,\"members_net\":0,"
                                "\"others_net\":0,\"house_net\":0,"
                                "\"balanced\":true"));
}

/* The near miss: two spellings who never sat together (Mr. Ashby in the
 * duel of seed 5, Ann Ash in that of seed 6, Bob Blount the other seat
 * of both) joined: both sittings and both games count, won as before. */
static void test_join_apart_sittings(void **state)
{
    static char out[65536];
    const char *e = harness_ecarte();

    (void)state;
    assert_int_equal(harness_sh("rm -f %s/ap.db* && "
                                "sed 's/\"Ann Ash\"/\"Mr. Ashby\"/' "
                                "%s/d5.ecarte > %s/ap5.ecarte && "
                                "'%s' record --db %s/ap.db %s/ap5.ecarte "
                                ">/dev/null 2>&1 && '%s' record --db "
                                "%s/ap.db %s/d6.ecarte >/dev/null 2>&1 && "
                                "'%s' members --db %s/ap.db --join "
                                "'Mr. Ashby' --as 'Ann Ash' >/dev/null",
                                season_dir, season_dir, season_dir, e,
                                season_dir, season_dir, e, season_dir,
                                season_dir, e, season_dir),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s/ap.db --json",
                                     e, season_dir),
                     0);
    /* d5: game 1 to A 6-0 single; d6: game 1 to A 5-1 single */
    has(out, "Ann Ash", "\"sittings\":2,\"games\":2,\"won\":2,\"lost\":0,"
                        "\"won_by\":{\"single\":2,\"double\":0,"
                        "\"treble\":0}");
    has(out, "Ann Ash", "\"points_for\":11,\"points_against\":1");
    has(out, "Ann Ash", "\"games_against_self\":0}");
    has(out, "Bob Blount", "\"sittings\":2,\"games\":2,\"won\":0,"
                           "\"lost\":2");
    assert_non_null(strstr(out, "{\"type\":\"standings\",\"sittings\":2,"
                                "\"members\":2,"));
}

/* A date that is no day of the calendar is refused as a malformed one
 * is: exit 2, the option named; a real one (a leap day) is taken. */
static void test_impossible_dates(void **state)
{
    static char out[4096];
    static const char *const bad[] = {
        "--since 2026-13-45", "--until 2026-02-30", "--since 2027-02-29",
        "--until 2100-02-29", "--since 2026-04-31", "--since 2026-00-10",
        "--until 2026-01-00", "--since 2026-12-6", "--since garbage",
        "--since 2026-02.01",
    };
    const char *e = harness_ecarte();

    (void)state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char want[64];

        if (harness_sh("'%s' standings --db %s %s 2>/dev/null >/dev/null", e,
                       season_db, bad[i]) != 2) {
            fail_msg("standings %s: not refused with 2", bad[i]);
        }
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "'%s' standings --db %s %s 2>&1",
                                         e, season_db, bad[i]),
                         2);
        snprintf(want, sizeof(want), "%.7s: expected a date YYYY-MM-DD",
                 bad[i]);
        if (strstr(out, want) == NULL) {
            fail_msg("standings %s: wanted \"%s\" in %s", bad[i], want, out);
        }
    }
    /* 2028 and 2000 are leap years: their 29 February is a day */
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json "
                                     "--since 2000-02-29 --until 2028-02-29",
                                     e, season_db),
                     0);
    assert_non_null(strstr(out, "{\"type\":\"standings\",\"sittings\":8,"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' standings --db %s --json "
                                     "--since 2024.02.29",
                                     e, season_db),
                     0);
    /* sittings 7 and 8, of March 2024 */
    assert_non_null(strstr(out, "{\"type\":\"standings\",\"sittings\":2,"));
}

/* The report's season page: every member, each with a chart; a name
 * that is markup escaped. */
static void test_report_season(void **state)
{
    static char out[262144];
    const char *e = harness_ecarte();

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' report --db %s --season",
                                     e, season_db),
                     0);
    assert_non_null(strstr(out, "<h1>Season standings</h1>"));
    assert_non_null(strstr(out, "The ledger verifies"));
    for (int i = 0; i < 5; i++) {
        static const char *const names[] = {"Ann Ash", "Bob Blount",
                                            "Cy Cray", "Dan Dee", "Eve Ell"};
        char want[100];

        snprintf(want, sizeof(want), "<h2>%s</h2>", names[i]);
        assert_non_null(strstr(out, want));
    }
    assert_non_null(strstr(out, "<svg"));
    assert_null(strstr(out, "Player A"));

    /* a duel of a member whose name is markup */
    assert_int_equal(harness_sh("'%s' gen --deals 4 --seed 5 | sed "
                                "'s/\\[A \"Player A\"\\]/[A \"Ann <b>\\&"
                                " \\\\\"Co\\\\\"\"]/' > %s/x.ecarte && "
                                "'%s' record --db %s/x.db %s/x.ecarte "
                                ">/dev/null 2>&1",
                                e, season_dir, e, season_dir, season_dir),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "'%s' report --db %s/x.db --season",
                                     e, season_dir),
                     0);
    assert_non_null(strstr(out, "<h2>Ann &lt;b&gt;&amp; &quot;Co&quot;</h2>"));
    assert_null(strstr(out, "<b>&"));
}

/* The statistics against the binomial, worked by hand. */
static void test_stats_by_hand(void **state)
{
    struct season_member m;
    struct season_stat st[SEASON_STATS_MAX];
    int n;

    (void)state;
    memset(&m, 0, sizeof(m));
    /* 3 kings turned in 4 deals as dealer: P(X >= 3), p = 1/8, n = 4
     * = 4 (1/8)^3 (7/8) + (1/8)^4 = 28/4096 + 1/4096 = 29/4096 */
    m.t.dealt = 4;
    m.t.kings_turned = 3;
    /* 2 kings of trumps in 2 hands seen: (5/31)^2 = 25/961 */
    m.t.known_hands = 2;
    m.t.held_king = 2;
    n = season_stats(&m, st);
    assert_int_equal(n, 2);
    assert_string_equal(st[0].kind, "kings-turned");
    assert_int_equal(st[0].k, 3);
    assert_int_equal(st[0].n, 4);
    assert_true(fabs(st[0].probability - 29.0 / 4096.0) < 1e-12);
    assert_true(fabs(st[0].expected - 0.5) < 1e-12);
    assert_false(st[0].flagged);        /* 0.00708 is not under 0.001 */
    assert_string_equal(st[1].kind, "king-held");
    assert_true(fabs(st[1].probability - 25.0 / 961.0) < 1e-12);
    assert_false(st[1].flagged);

    /* 4 in 4: (1/8)^4 = 1/4096 = 0.000244, under 1 in 1000: flagged */
    m.t.kings_turned = 4;
    n = season_stats(&m, st);
    assert_true(fabs(st[0].probability - 1.0 / 4096.0) < 1e-12);
    assert_true(st[0].flagged);

    /* none seen, none said; a dealer accepting all of 20 is flagged */
    memset(&m, 0, sizeof(m));
    assert_int_equal(season_stats(&m, st), 0);
    m.t.answered = 20;
    m.t.accepted = 20;
    assert_int_equal(season_stats(&m, st), 1);
    assert_string_equal(st[0].kind, "always-accepts");
    assert_true(st[0].flagged);
}

/* The placeholders, the dates. */
static void test_helpers(void **state)
{
    char d[16];

    (void)state;
    assert_true(season_placeholder(""));
    assert_true(season_placeholder("?"));
    assert_true(season_placeholder("Player A"));
    assert_true(season_placeholder("Player B"));
    assert_true(season_placeholder("A"));
    assert_false(season_placeholder("Ann Ash"));
    assert_int_equal(season_date_normal("2024.02.05", d), 0);
    assert_string_equal(d, "2024-02-05");
    assert_int_equal(season_date_normal("2024-02-05", d), 0);
    assert_int_equal(season_date_normal("2024/02/05", d), -1);
    assert_int_equal(season_date_normal("24-02-05", d), -1);
    /* a day of the calendar (tl_date_valid): leap years by 4, 100, 400 */
    assert_int_equal(season_date_normal("2028-02-29", d), 0);
    assert_string_equal(d, "2028-02-29");
    assert_int_equal(season_date_normal("2000.02.29", d), 0);
    assert_string_equal(d, "2000-02-29");
    assert_int_equal(season_date_normal("2027-02-29", d), -1);
    assert_int_equal(season_date_normal("1900-02-29", d), -1);
    assert_int_equal(season_date_normal("2026-13-45", d), -1);
    assert_int_equal(season_date_normal("2026-02-30", d), -1);
    assert_int_equal(season_date_normal("2026-04-31", d), -1);
    assert_int_equal(season_date_normal("2026-00-01", d), -1);
    assert_int_equal(season_date_normal("2026-01-00", d), -1);
    assert_int_equal(season_date_normal("2026-12-31", d), 0);
    assert_int_equal(season_date_normal("2026-12.31", d), -1);
    assert_int_equal(season_date_normal("2026-12-3a", d), -1);
    assert_false(tl_date_valid("2026-12-3"));
    assert_false(tl_date_valid(""));
    assert_true(tl_date_valid("2024-02-29T10:00:00"));
}

/* The query is one text of standard SQL: nothing of one engine only. */
static void test_sql_portable(void **state)
{
    static const char *const banned[] = {
        "iif(", "printf(", "json", "||", "ifnull(", "instr(", "strftime(",
        "group_concat(", "glob ", "rowid",
    };

    (void)state;
    for (size_t i = 0; i < sizeof(banned) / sizeof(banned[0]); i++) {
        if (strstr(season_standings_sql, banned[i]) != NULL) {
            fail_msg("season_standings_sql uses %s", banned[i]);
        }
    }
    assert_non_null(strstr(season_standings_sql, "WITH RECURSIVE"));
    assert_non_null(strstr(season_standings_sql, "member_join"));
    assert_non_null(strstr(season_standings_sql, "member_apart"));
}

/* --laws takes the same laws however the tag spells them (case, blanks,
 * a switch at the preset's value), a preset alone any switches of it;
 * a --laws that does not read is a usage error, as --format's is. */
static void test_laws_spelt_otherwise(void **state)
{
    const char *e = harness_ecarte();
    static const struct {
        const char *laws;
        int sittings;
    } cases[] = {
        {"london", 1},                  /* the preset alone */
        {"LONDON", 1},
        {"london; game=7", 1},          /* the tag's own laws */
        {"london;game=7;stakes=single", 1},
        {"london; game=5", 0},          /* near misses: other laws */
        {"polish", 0},
    };
    char dir[] = "/tmp/ecarte-laws-XXXXXX";
    char out[8192];
    char want[64];

    (void)state;
    assert_non_null(mkdtemp(dir));
    assert_int_equal(harness_sh("'%s' gen --deals 3 --seed 4 | sed "
                                "'s/^\\[Laws .*//; s/^\\[Seed .*/&\\n"
                                "[Laws \"LONDON ;GAME=7\"]/' > %s/l.ecarte "
                                "&& '%s' record --db %s/l.db %s/l.ecarte "
                                ">/dev/null 2>&1",
                                e, dir, e, dir, dir),
                     0);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "'%s' standings --db %s/l.db --json "
                                         "--laws '%s'",
                                         e, dir, cases[i].laws),
                         0);
        snprintf(want, sizeof(want), "\"sittings\":%d", cases[i].sittings);
        if (strstr(out, want) == NULL) {
            fail_msg("--laws '%s': no %s in %s", cases[i].laws, want, out);
        }
    }
    assert_int_equal(harness_sh("'%s' standings --db %s/l.db --laws bogus "
                                "2>/dev/null",
                                e, dir),
                     2);
    assert_int_equal(harness_sh("'%s' standings --db %s/l.db "
                                "--laws 'london; game=9' 2>/dev/null",
                                e, dir),
                     2);
    harness_sh("rm -rf '%s'", dir);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_whole_season),
        cmocka_unit_test(test_irregularities_by_law),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_filters),
        cmocka_unit_test(test_join_same_sitting),
        cmocka_unit_test(test_join_chouette),
        cmocka_unit_test(test_join_apart_sittings),
        cmocka_unit_test(test_impossible_dates),
        cmocka_unit_test(test_report_season),
        cmocka_unit_test(test_stats_by_hand),
        cmocka_unit_test(test_helpers),
        cmocka_unit_test(test_sql_portable),
        cmocka_unit_test(test_laws_spelt_otherwise),
    };

    return cmocka_run_group_tests_name("standings", tests, make_season,
                                       drop_season);
}
