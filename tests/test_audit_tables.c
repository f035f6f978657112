/* SPDX-License-Identifier: MIT */
/* test_audit_tables.c - `ecarte audit` on tables of three or more: the
 * figures by person (irregularities by law, deals, kings, proposals; games
 * and money by role) of a chouette and a gallery counted by hand, and
 * generated tables of every format adding up by person. */
#include "tests/harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* count_of - how many times needle occurs in text. */
static long count_of(const char *text, const char *needle)
{
    long n = 0;

    for (const char *p = strstr(text, needle); p != NULL;
         p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* Tables of three or more: the figures by person                       */
/* ------------------------------------------------------------------ */

/* What the audit should say of one person, counted by hand from the
 * log (its header tells the story). */
struct want_player {
    const char *id;
    const char *name;
    int irregular;
    const char *by_law;         /* text form, "L3:1,CH2:1" */
    const char *by_law_json;    /* JSON form, "{\"L3\":1,\"CH2\":1}" */
    int dealt;
    int kings;
    int known;
    int held;
    int answered;
    int accepted;
    int made;
    int made_accepted;
};

/* A person's games and money in one role ("all": every role). */
struct want_role {
    const char *id;
    const char *name;
    const char *role;
    int games;
    int won;
    int lost;
    int money_won;
    int money_lost;
};

/* audit_case - the case tests/cases/variants/name imported into a fresh
 * ledger; the audit's text into text and its JSON into json (both of n
 * bytes), each exit 0. */
static void audit_case(struct harness_tmp *t, const char *name, char *text,
                       char *json, size_t n)
{
    char path[1024];
    char rel[256];

    snprintf(rel, sizeof(rel), "tests/cases/variants/%s", name);
    harness_path(rel, path, sizeof(path));
    assert_int_equal(harness_sh("rm -f '%s' && %s import --db '%s' --new '%s' "
                                ">/dev/null 2>&1",
                                t->db, harness_ecarte(), t->db, path),
                     0);
    assert_int_equal(harness_capture(text, n, "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(json, n, "%s audit --json --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
}

/* contains - the test fails, showing where, unless hay holds needle. */
static void contains(const char *hay, const char *needle)
{
    if (strstr(hay, needle) == NULL) {
        fail_msg("expected \"%s\" in:\n%s", needle, hay);
    }
}

/* players_are - each person's summary, text and JSON, exactly as wanted;
 * no seat's label stands for a person. */
static void players_are(const char *text, const char *json,
                        const struct want_player *w, size_t n)
{
    char line[1024];

    for (size_t i = 0; i < n; i++) {
        snprintf(line, sizeof(line),
                 "player %s (%s): %d irregularit%s%s%s%s; through the "
                 "penalty laws won 0 point(s), lost 0; dealt %d (kings "
                 "turned %d); kings of trumps held in %d of %d hands seen; "
                 "accepted %d of %d proposals; made %d proposal(s), %d "
                 "accepted\n",
                 w[i].id, w[i].name, w[i].irregular,
                 w[i].irregular == 1 ? "y" : "ies", w[i].by_law[0] ? " (" : "",
                 w[i].by_law, w[i].by_law[0] ? ")" : "", w[i].dealt,
                 w[i].kings, w[i].held, w[i].known, w[i].accepted,
                 w[i].answered, w[i].made, w[i].made_accepted);
        contains(text, line);
        snprintf(line, sizeof(line),
                 "{\"type\":\"player\",\"name\":\"%s\",\"person\":\"%s\","
                 "\"irregularities\":%d,\"by_law\":%s,"
                 "\"penalty_points_won\":0,\"penalty_points_lost\":0,"
                 "\"deals_dealt\":%d,\"kings_turned\":%d,\"hands_seen\":%d,"
                 "\"kings_held\":%d,\"proposals_answered\":%d,"
                 "\"proposals_accepted\":%d,\"proposals_made\":%d,"
                 "\"proposals_made_accepted\":%d}\n",
                 w[i].name, w[i].id, w[i].irregular, w[i].by_law_json,
                 w[i].dealt, w[i].kings, w[i].known, w[i].held,
                 w[i].answered, w[i].accepted, w[i].made, w[i].made_accepted);
        contains(json, line);
    }
    /* one summary per person, and none for a seat */
    assert_int_equal(count_of(text, "\nplayer "), (long)n);
    assert_int_equal(count_of(json, "{\"type\":\"player\""), (long)n);
    assert_null(strstr(text, "Player A"));
    assert_null(strstr(text, "Player B"));
    assert_null(strstr(json, "Player A"));
    assert_null(strstr(json, "Player B"));
    assert_null(strstr(text, "\nplayer A"));
    assert_null(strstr(text, "\nplayer B"));
}

/* roles_are - each person's figures by role, text and JSON, exactly as
 * wanted (and no other role row). */
static void roles_are(const char *text, const char *json,
                      const struct want_role *w, size_t n)
{
    char line[1024];

    for (size_t i = 0; i < n; i++) {
        bool all = strcmp(w[i].role, "all") == 0;

        snprintf(line, sizeof(line),
                 "person %s (%s) %s %s: %d game(s), won %d, lost %d; money "
                 "won %d, lost %d, net %+d\n",
                 w[i].id, w[i].name, all ? "in" : "as",
                 all ? "all roles" : w[i].role, w[i].games, w[i].won,
                 w[i].lost, w[i].money_won, w[i].money_lost,
                 w[i].money_won - w[i].money_lost);
        contains(text, line);
        snprintf(line, sizeof(line),
                 "{\"type\":\"person\",\"person\":\"%s\",\"name\":\"%s\","
                 "\"role\":\"%s\",\"games\":%d,\"won\":%d,\"lost\":%d,"
                 "\"money_won\":%d,\"money_lost\":%d}\n",
                 w[i].id, w[i].name, w[i].role, w[i].games, w[i].won,
                 w[i].lost, w[i].money_won, w[i].money_lost);
        contains(json, line);
    }
    assert_int_equal(count_of(text, "\nperson "), (long)n);
    assert_int_equal(count_of(json, "{\"type\":\"person\""), (long)n);
}

/* json_int - the integer of field key in the JSON object at obj. */
static long json_int(const char *obj, const char *key)
{
    char pat[64];
    const char *at;

    snprintf(pat, sizeof(pat), "\"%s\":", key);
    at = strstr(obj, pat);
    assert_non_null(at);
    return strtol(at + strlen(pat), NULL, 10);
}

/* roles_add_up - in the audit's JSON, each person's figures over all
 * roles are the sums of his roles' (every game and every transfer in
 * exactly one role); returns the persons checked. */
static int roles_add_up(const char *json)
{
    static const char *const keys[] = {"games", "won", "lost", "money_won",
                                        "money_lost"};
    long sum[5] = {0};
    char who[64] = "";
    int persons = 0;

    for (const char *p = strstr(json, "{\"type\":\"person\",\"person\":\"");
         p != NULL;
         p = strstr(p + 1, "{\"type\":\"person\",\"person\":\"")) {
        const char *id = p + strlen("{\"type\":\"person\",\"person\":\"");
        size_t len = strcspn(id, "\"");
        bool all = strncmp(strstr(p, "\"role\":"), "\"role\":\"all\"", 12) == 0;

        if (strlen(who) != len || strncmp(who, id, len) != 0) {
            assert_true(len < sizeof(who));
            memcpy(who, id, len);
            who[len] = '\0';
            memset(sum, 0, sizeof(sum));
        }
        for (int k = 0; k < 5; k++) {
            if (!all) {
                sum[k] += json_int(p, keys[k]);
            } else if (sum[k] != json_int(p, keys[k])) {
                fail_msg("%s: %s over all roles is %ld, the roles sum to %ld",
                         who, keys[k], json_int(p, keys[k]), sum[k]);
            }
        }
        persons += all;
    }
    return persons;
}

/* A chouette of four: ann, bob, cy and dan rotate through the seats
 * (bank, ponte, advisers). What seat B does in game 1 is bob's and in
 * game 2 cy's; an adviser who looks at the bank's cards errs as himself;
 * each stake forfeited at once is counted in the adviser's role, so that
 * the roles add up to "all roles". Every figure below is counted by hand
 * from the log (its header). */
static void audit__chouette_figures_are_by_person(void **state)
{
    static const struct want_player players[] = {
        /* ann deals every hand as the bank in games 1 and 2: three
         * turn-ups (one a king, game 1), two hands seen whole (the
         * others' turn-up is the king); she refuses bob's proposal and
         * accepts cy's */
        {"ann", "Ann Ash", 0, "", "{}", 3, 1, 2, 0, 2, 1, 0, 0},
        /* bob: a one-card cut as ponte (L3), then a look at the bank's
         * cards as adviser (CH2); one proposal, refused */
        {"bob", "Bob Blount", 2, "L3:1,CH2:1", "{\"L3\":1,\"CH2\":1}", 0, 0,
         1, 0, 0, 0, 1, 0},
        /* cy: a look as adviser (CH2), a shuffle with the faces shown as
         * ponte (L2); one proposal, accepted; as the bank in game 3 he
         * turns the king */
        {"cy", "Cy Cray", 2, "L2:1,CH2:1", "{\"L2\":1,\"CH2\":1}", 1, 1, 1,
         0, 0, 0, 1, 1},
        /* dan: ponte only in game 3, which ends at its turn-up */
        {"dan", "Dan Dee", 0, "", "{}", 0, 0, 0, 0, 0, 0, 0, 0},
    };
    static const struct want_role roles[] = {
        /* game 1 won as bank (+2, and cy's forfeit +1), game 2 lost as
         * bank (-3); game 3 lost as adviser (-1) */
        {"ann", "Ann Ash", "bank", 2, 1, 1, 3, 3},
        {"ann", "Ann Ash", "adviser", 1, 0, 1, 0, 1},
        {"ann", "Ann Ash", "all", 3, 1, 2, 3, 4},
        /* ponte beaten in game 1 (-1); adviser in game 2 (won, +1) and
         * game 3 (lost: his stake forfeited at once, -1) */
        {"bob", "Bob Blount", "ponte", 1, 0, 1, 0, 1},
        {"bob", "Bob Blount", "adviser", 2, 1, 1, 1, 1},
        {"bob", "Bob Blount", "all", 3, 1, 2, 1, 2},
        /* adviser in game 1 (lost: forfeit -1), ponte winning game 2
         * (+1), bank winning game 3 (+2, and bob's forfeit +1) */
        {"cy", "Cy Cray", "adviser", 1, 0, 1, 0, 1},
        {"cy", "Cy Cray", "ponte", 1, 1, 0, 1, 0},
        {"cy", "Cy Cray", "bank", 1, 1, 0, 3, 0},
        {"cy", "Cy Cray", "all", 3, 2, 1, 4, 1},
        /* adviser in games 1 (-1) and 2 (+1), ponte beaten in game 3 */
        {"dan", "Dan Dee", "adviser", 2, 1, 1, 1, 1},
        {"dan", "Dan Dee", "ponte", 1, 0, 1, 0, 1},
        {"dan", "Dan Dee", "all", 3, 1, 2, 1, 2},
    };
    struct harness_tmp *t = *state;
    static char text[65536];
    static char json[65536];

    audit_case(t, "chouette_audit_by_person.ecarte", text, json,
               sizeof(text));
    players_are(text, json, players, sizeof(players) / sizeof(players[0]));
    roles_are(text, json, roles, sizeof(roles) / sizeof(roles[0]));
    assert_int_equal(roles_add_up(json), 4);
    /* each irregularity names who erred */
    contains(text, "irregularity \"= ruling L3 offender B remedy "
                   "not-allowed\" claimed by bob\n");
    contains(text, "irregularity \"= ruling L2 offender B remedy reshuffle\" "
                   "claimed by cy\n");
    contains(text, "irregularity \"= ruling CH2 offender cy remedy "
                   "forfeit-stake\" claimed by cy\n");
    contains(json, "\"law\":\"L2\",\"offender\":\"B\"");
    assert_int_equal(count_of(json, "\"status\":\"claimed\",\"person\":\"bob\""),
                     2);
    assert_int_equal(count_of(json, "\"status\":\"claimed\",\"person\":\"cy\""),
                     2);
    contains(text, "irregularities L2:1,L3:1,CH2:2; 0 finding(s), 0 flag(s)");
}

/* A gallery of three players and three bystanders: ann, bob and eve sit
 * in turn (the loser gives his seat to the first in the queue); dan,
 * fay and gus (and eve, before she sits) bet. Each errs as himself: a
 * look at the adverse hand (BY2), a bet after the close (BY1), a
 * one-card cut by the player in seat B (L3). The BY2 forfeit is counted
 * in the bettor's role, so the roles add up to "all roles". Counted by
 * hand from the log. */
static void audit__gallery_figures_are_by_person(void **state)
{
    static const struct want_player players[] = {
        /* ann: seat A in games 1 and 2; the king held in game 1, not in
         * game 2; deals game 2 and refuses eve's proposal */
        {"ann", "Ann Ash", 0, "", "{}", 1, 0, 2, 1, 1, 0, 0, 0},
        /* bob: seat B in game 1 (deals it), seat A in game 3 (holds the
         * king) */
        {"bob", "Bob Blount", 0, "", "{}", 1, 0, 2, 1, 0, 0, 0, 0},
        {"dan", "Dan Dee", 1, "BY2:1", "{\"BY2\":1}", 0, 0, 0, 0, 0, 0, 0,
         0},
        /* eve: seat B in games 2 (one-card cut; proposes) and 3 (deals) */
        {"eve", "Eve Ell", 1, "L3:1", "{\"L3\":1}", 1, 0, 2, 0, 0, 0, 1, 0},
        {"fay", "Fay Fenn", 0, "", "{}", 0, 0, 0, 0, 0, 0, 0, 0},
        {"gus", "Gus Gale", 1, "BY1:1", "{\"BY1\":1}", 0, 0, 0, 0, 0, 0, 0,
         0},
    };
    static const struct want_role roles[] = {
        /* game 1 won (+5 from eve's bet she covered), game 2 lost */
        {"ann", "Ann Ash", "player", 2, 1, 1, 5, 0},
        {"ann", "Ann Ash", "all", 2, 1, 1, 5, 0},
        /* game 1 lost as player (dan's forfeit +10 to him), game 3 won;
         * game 2 as a bettor covering fay (-6) */
        {"bob", "Bob Blount", "player", 2, 1, 1, 10, 0},
        {"bob", "Bob Blount", "bettor", 1, 0, 1, 0, 6},
        {"bob", "Bob Blount", "all", 3, 1, 2, 10, 6},
        /* his forfeit (-10, game 1, where his bet then ends: no game of
         * his), then game 2 won (+3) */
        {"dan", "Dan Dee", "bettor", 1, 1, 0, 3, 10},
        {"dan", "Dan Dee", "all", 1, 1, 0, 3, 10},
        /* game 1 a bettor waiting (-5); game 2 won (+4 covering gus),
         * game 3 lost, as player */
        {"eve", "Eve Ell", "player", 2, 1, 1, 4, 0},
        {"eve", "Eve Ell", "bettor", 1, 0, 1, 0, 5},
        {"eve", "Eve Ell", "all", 3, 1, 2, 4, 5},
        /* released in game 1 by dan's forfeit; game 2 won (+6) */
        {"fay", "Fay Fenn", "bettor", 1, 1, 0, 6, 0},
        {"fay", "Fay Fenn", "all", 1, 1, 0, 6, 0},
        /* game 2 lost: his bet (-4) and his cover of dan (-3) */
        {"gus", "Gus Gale", "bettor", 1, 0, 1, 0, 7},
        {"gus", "Gus Gale", "all", 1, 0, 1, 0, 7},
    };
    struct harness_tmp *t = *state;
    static char text[65536];
    static char json[65536];

    audit_case(t, "gallery_audit_by_person.ecarte", text, json, sizeof(text));
    players_are(text, json, players, sizeof(players) / sizeof(players[0]));
    roles_are(text, json, roles, sizeof(roles) / sizeof(roles[0]));
    assert_int_equal(roles_add_up(json), 6);
    contains(json, "\"law\":\"BY2\",\"offender\":null,\"elector\":null");
    contains(json, "\"status\":\"claimed\",\"person\":\"dan\"}");
    contains(json, "\"law\":\"L3\",\"offender\":\"B\"");
    contains(json, "\"status\":\"claimed\",\"person\":\"eve\"}");
    contains(text, "irregularities L3:1,BY1:1,BY2:1; 0 finding(s), 0 "
                   "flag(s)");
}

/* Generated sittings of every format with irregularities: persons only
 * in the summaries (the seats' tags say "Player A" and "Player B"),
 * every person's roles adding up to his figures over all roles, and the
 * irregularities of the persons adding up to those with an offender. */
static void audit__generated_tables_add_up_by_person(void **state)
{
    static const char *const formats[] = {
        "chouette", "chouette; bank-on-loss=keeps; bank-deals=no", "pool",
        "gallery", "gallery; bet-match=tableau; levy=5",
    };
    struct harness_tmp *t = *state;
    static char text[1 << 20];
    static char json[1 << 20];

    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        long persons = 0;
        long by_person = 0;
        long named = 0;

        assert_int_equal(
            harness_sh("rm -f '%s' && %s gen --format '%s' --deals 40 --seed "
                       "%d --irregularities 0.4 > '%s' && %s import --db '%s' "
                       "--new '%s' >/dev/null 2>&1",
                       t->db, harness_ecarte(), formats[f], (int)f + 3,
                       t->log, harness_ecarte(), t->db, t->log),
            0);
        harness_capture(text, sizeof(text), "%s audit --db '%s'",
                        harness_ecarte(), t->db);
        harness_capture(json, sizeof(json), "%s audit --json --db '%s'",
                        harness_ecarte(), t->db);
        if (strstr(text, "Player A") != NULL ||
            strstr(text, "Player B") != NULL) {
            fail_msg("%s: a seat's label in:\n%s", formats[f], text);
        }
        /* every summary is a person's */
        for (const char *p = strstr(json, "{\"type\":\"player\"");
             p != NULL; p = strstr(p + 1, "{\"type\":\"player\"")) {
            const char *end = strchr(p, '\n');
            const char *who = strstr(p, "\"person\":\"");

            assert_true(who != NULL && (end == NULL || who < end));
            persons++;
        }
        assert_true(persons >= 3);
        assert_true(roles_add_up(json) > 0);
        for (const char *p = strstr(json, "{\"type\":\"player\"");
             p != NULL; p = strstr(p + 1, "{\"type\":\"player\"")) {
            by_person += json_int(p, "irregularities");
        }
        for (const char *p = strstr(json, "{\"type\":\"irregularity\"");
             p != NULL; p = strstr(p + 1, "{\"type\":\"irregularity\"")) {
            const char *end = strchr(p, '\n');
            const char *who = strstr(p, "\"person\":\"");

            named += who != NULL && (end == NULL || who < end);
        }
        if (by_person != named) {
            fail_msg("%s: the persons' irregularities sum to %ld, %ld name "
                     "a person",
                     formats[f], by_person, named);
        }
        assert_true(named > 0);
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(audit__chouette_figures_are_by_person),
        T(audit__gallery_figures_are_by_person),
        T(audit__generated_tables_add_up_by_person),
#undef T
    };

    return cmocka_run_group_tests_name("audit_tables", tests, NULL, NULL);
}
