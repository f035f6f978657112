/* SPDX-License-Identifier: MIT */
/*
 * test_gen.c - `ecarte gen` under every rule profile (--laws): each
 * profile's sittings check clean under --strict, go through a ledger and
 * back (export) with the same actions, rulings and scores and an audit
 * without findings, with and without irregularities; and each sitting
 * shows the profile at work (the reshuffle, the veto, the double, the
 * ace high, the loser's deal), so that no test passes on a sitting that
 * never left the London rules.
 */
#include "tests/harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "laws/laws.h"

#define DEALS 40                /* deals of each sitting */
#define RECORD_DEALS 6          /* deals of the sittings recorded */
#define RATE "0.3"              /* irregularities of the irregular seeds */

/* The profiles tried, as --laws takes them and as the Laws tag writes
 * them back (profile_format). */
static const struct {
    const char *spec;
    const char *tag;
} profiles[] = {
    {"london", "london"},
    {"meyers1889", "meyers1889"},
    {"polish", "polish"},
    {"polish; jack-veto=yes", "polish; jack-veto=yes"},
    {"london; doubling=yes; offer-point=before-trick3",
     "london; doubling=yes; offer-point=before-trick3"},
    {"london; rank=ace-high; king-bonus=ace",
     "london; rank=ace-high; king-bonus=ace"},
    {"london; game=7; rubber=5; next-game-dealer=loser",
     "london; game=7; rubber=5; next-game-dealer=loser"},
    {"london;packets=3-2; proposals=one; doubling=yes; redouble=yes; "
     "offer-point=before-play",
     "london; packets=3-2; proposals=one; doubling=yes; redouble=yes; "
     "offer-point=before-play"},
};

#define N_PROFILES (sizeof(profiles) / sizeof(profiles[0]))

/* The seeds: clean sittings, then sittings with irregularities. */
static const int clean_seeds[] = {1, 2, 3};
static const int irregular_seeds[] = {4, 5};

#define N_CLEAN (sizeof(clean_seeds) / sizeof(clean_seeds[0]))
#define N_IRREGULAR (sizeof(irregular_seeds) / sizeof(irregular_seeds[0]))

static char text[1 << 20];      /* a generated sitting, or several */

/*
 * gen_setup, gen_teardown - harness_tmp's fixtures, with the ledger on a
 * memory file system where there is one (/dev/shm): record commits every
 * action with a full sync, which on a busy disk takes most of a second
 * per sitting.  The logs stay in the scratch directory.
 */
static int gen_setup(void **state)
{
    struct harness_tmp *t = NULL;
    char dir[64] = "/dev/shm/ecarte-gen-XXXXXX";

    if (harness_tmp_setup(state) != 0) {
        return -1;
    }
    t = *state;
    if (mkdtemp(dir) != NULL) {
        snprintf(t->db, sizeof(t->db), "%s/l.db", dir);
    }
    return 0;
}

static int gen_teardown(void **state)
{
    struct harness_tmp *t = *state;

    if (strncmp(t->db, "/dev/shm/ecarte-gen-", 20) == 0 &&
        harness_sh("rm -rf \"$(dirname '%s')\"", t->db) != 0) {
        return -1;
    }
    return harness_tmp_teardown(state);
}

/* gen_to - `ecarte gen --laws SPEC` of DEALS deals with seed (and rate,
 * or none) into path; the test fails if gen does not exit 0. */
static void gen_to(const char *path, size_t profile, int seed,
                   const char *rate)
{
    int rc = harness_sh("%s gen --laws '%s' --deals %d --seed %d "
                        "--irregularities %s > '%s'",
                        harness_ecarte(), profiles[profile].spec, DEALS, seed,
                        rate == NULL ? "0" : rate, path);

    if (rc != 0) {
        fail_msg("gen --laws '%s' --seed %d: exit %d",
                 profiles[profile].spec, seed, rc);
    }
}

/* sittings - the clean sittings of profile, one after the other, into
 * text (and its size). */
static size_t sittings(size_t profile)
{
    size_t len = 0;

    for (size_t i = 0; i < N_CLEAN; i++) {
        int rc = harness_capture(text + len, sizeof(text) - len,
                                 "%s gen --laws '%s' --deals %d --seed %d",
                                 harness_ecarte(), profiles[profile].spec,
                                 DEALS, clean_seeds[i]);

        assert_int_equal(rc, 0);
        len += strlen(text + len);
    }
    assert_true(len < sizeof(text) - 1);
    return len;
}

/* has - does text hold needle? */
static bool has(const char *needle)
{
    return strstr(text, needle) != NULL;
}

/* next_line - the line at *p into line (n bytes, without its newline),
 * *p moved past it; false at the end of the text. */
static bool next_line(const char **p, char *line, size_t n)
{
    const char *end;
    size_t len;

    if (**p == '\0') {
        return false;
    }
    end = strchr(*p, '\n');
    len = end == NULL ? strlen(*p) : (size_t)(end - *p);
    snprintf(line, n, "%.*s", (int)len, *p);
    *p += len + (end == NULL ? 0 : 1);
    return true;
}

/* card - the card written at s (the test fails if there is none). */
static uint8_t card(const char *s)
{
    uint8_t c = CARD_NONE;

    assert_true(card_parse(s, &c) > 0);
    return c;
}

/* findings - what `check --strict` says of log but its deal and game
 * lines, the first of it, into out (n bytes). */
static void findings(char *out, size_t n, const char *log)
{
    harness_capture(out, n,
                    "%s check --strict '%s' 2>&1 | "
                    "grep -v ': deal [0-9]* (\\|: game [0-9]* won' | head -20",
                    harness_ecarte(), log);
}

/* check_strict - one sitting, generated into t->log, checks clean. */
static void check_strict(const struct harness_tmp *t, size_t profile,
                         int seed, const char *rate)
{
    char out[4096];
    char want[200];

    gen_to(t->log, profile, seed, rate);
    snprintf(want, sizeof(want), "[Laws \"%s\"]", profiles[profile].tag);
    assert_int_equal(harness_sh("grep -qxF '%s' '%s'", want, t->log), 0);
    if (harness_sh("%s check --strict '%s' >/dev/null 2>&1",
                   harness_ecarte(), t->log) != 0) {
        findings(out, sizeof(out), t->log);
        fail_msg("gen --laws '%s' --seed %d --irregularities %s: check "
                 "--strict found\n%s",
                 profiles[profile].spec, seed, rate == NULL ? "0" : rate,
                 out);
    }
}

/* (1) Every profile's sittings, clean or with irregularities, check
 * clean under --strict: each `=` line is what the referee gives, and no
 * ruling is left unrecorded. */
static void gen__every_profile_checks_clean_strict(void **state)
{
    const struct harness_tmp *t = *state;

    for (size_t p = 0; p < N_PROFILES; p++) {
        for (size_t i = 0; i < N_CLEAN; i++) {
            check_strict(t, p, clean_seeds[i], NULL);
        }
        for (size_t i = 0; i < N_IRREGULAR; i++) {
            check_strict(t, p, irregular_seeds[i], RATE);
        }
    }
}

/*
 * round_trip - one sitting into a ledger (record, or import) and back:
 * the export checks clean under --strict and holds the same lines as the
 * sitting but for comments, `= value` lines included (export derives
 * them); the audit of the ledger has no finding (card
 * conservation among what it checks).
 */
static void round_trip(const struct harness_tmp *t, size_t profile,
                       int seed, const char *rate, bool record)
{
    char out[4096];
    const char *spec = profiles[profile].spec;

    if (record) {
        assert_int_equal(harness_sh("%s gen --laws '%s' --deals %d --seed %d "
                                    "> '%s'",
                                    harness_ecarte(), spec, RECORD_DEALS,
                                    seed, t->log),
                         0);
    } else {
        gen_to(t->log, profile, seed, rate);
    }
    assert_int_equal(harness_sh("rm -f '%s' '%s-wal' '%s-shm'", t->db, t->db,
                                t->db),
                     0);
    if (harness_sh("%s %s --db '%s' '%s' >/dev/null 2>&1", harness_ecarte(),
                   record ? "record" : "import", t->db, t->log) != 0) {
        fail_msg("%s of gen --laws '%s' --seed %d failed",
                 record ? "record" : "import", spec, seed);
    }
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'", harness_ecarte(),
                                t->db, t->out),
                     0);
    if (harness_sh("%s check --strict '%s' >/dev/null 2>&1",
                   harness_ecarte(), t->out) != 0) {
        findings(out, sizeof(out), t->out);
        fail_msg("export of gen --laws '%s' --seed %d: check --strict "
                 "found\n%s",
                 spec, seed, out);
    }
    if (harness_sh("grep -v '^#' '%s' | grep -v '^$' "
                   "> '%s.a'; grep -v '^#' '%s' | grep -v '^\\[Chain ' | "
                   "grep -v '^$' > '%s.b'; cmp -s '%s.a' '%s.b'",
                   t->log, t->log, t->out, t->out, t->log, t->out) != 0) {
        fail_msg("export of gen --laws '%s' --seed %d differs from it",
                 spec, seed);
    }
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' | tail -1",
                                     harness_ecarte(), t->db),
                     0);
    if (strstr(out, " 0 finding(s)") == NULL) {
        fail_msg("audit of gen --laws '%s' --seed %d: %s", spec, seed, out);
    }
}

/* (2, 3) Every profile's sittings go through a ledger and back: a short
 * clean sitting recorded (record commits each action durably: slow),
 * a clean one and the irregular ones imported. */
static void gen__every_profile_round_trips_through_a_ledger(void **state)
{
    const struct harness_tmp *t = *state;

    for (size_t p = 0; p < N_PROFILES; p++) {
        round_trip(t, p, clean_seeds[0], NULL, true);
        round_trip(t, p, clean_seeds[1], NULL, false);
        for (size_t i = 0; i < N_IRREGULAR; i++) {
            round_trip(t, p, irregular_seeds[i], RATE, false);
        }
    }
}

/* The injected irregularities are ruled under each profile as under
 * london: every kind the sittings were given shows its law's ruling. */
static void gen__irregularities_are_ruled_under_every_profile(void **state)
{
    static const char *const laws[] = {"L12", "L13", "L39", "L40", "L42",
                                       "L43", "L45"};

    (void)state;
    for (size_t p = 0; p < N_PROFILES; p++) {
        size_t len = 0;

        for (size_t i = 0; i < N_IRREGULAR; i++) {
            int rc = harness_capture(
                text + len, sizeof(text) - len,
                "%s gen --laws '%s' --deals %d --seed %d --irregularities %s",
                harness_ecarte(), profiles[p].spec, DEALS,
                irregular_seeds[i], RATE);

            assert_int_equal(rc, 0);
            len += strlen(text + len);
        }
        assert_true(has("# injected: "));
        for (size_t k = 0; k < sizeof(laws) / sizeof(laws[0]); k++) {
            char ruling[40];
            char injected[40];

            snprintf(ruling, sizeof(ruling), "= ruling %s ", laws[k]);
            snprintf(injected, sizeof(injected), " %s=", laws[k]);
            if (has(injected) && !has(ruling)) {
                fail_msg("gen --laws '%s': %s injected, never ruled",
                         profiles[p].spec, laws[k]);
            }
        }
    }
}

/* law_count - the number after "Lnn" and sep in text ("L43=2" in the
 * generator's "# injected:" line, "L43:2" in the audit's), 0 if none. */
static int law_count(const char *in, const char *law, char sep)
{
    char key[16];
    const char *p;

    snprintf(key, sizeof(key), " %s%c", law, sep);
    p = strstr(in, key);
    if (p == NULL) {
        snprintf(key, sizeof(key), ",%s%c", law, sep);
        p = strstr(in, key);
    }
    return p == NULL ? 0 : atoi(p + strlen(key));
}

/* The audit finds every irregularity injected, under each profile, when
 * the sitting's `= ruling` lines are taken out (nobody claimed them), as
 * it does under london (test_audit).  Not L25: a false king announced at
 * one point short of game wins it at once, and no card is played to
 * prove it false. */
static void gen__audit_finds_the_injected_irregularities(void **state)
{
    const struct harness_tmp *t = *state;
    static const char *const kinds[] = {"L12", "L13", "L22", "L30", "L35",
                                        "L39", "L40", "L42", "L43", "L45"};
    char injected[512];
    char out[4096];

    for (size_t p = 0; p < N_PROFILES; p++) {
        assert_int_equal(harness_sh("%s gen --laws '%s' --deals 150 "
                                    "--seed 11 --irregularities 0.6 | "
                                    "tee '%s' | grep -v '^= ruling' > '%s'",
                                    harness_ecarte(), profiles[p].spec,
                                    t->log, t->log2),
                         0);
        assert_int_equal(harness_capture(injected, sizeof(injected),
                                         "grep '^# injected:' '%s'", t->log),
                         0);
        assert_int_equal(harness_sh("rm -f '%s' '%s-wal' '%s-shm'", t->db,
                                    t->db, t->db),
                         0);
        assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null "
                                    "2>&1",
                                    harness_ecarte(), t->db, t->log2),
                         0);
        assert_int_equal(harness_capture(out, sizeof(out),
                                         "%s audit --db '%s' | tail -1",
                                         harness_ecarte(), t->db),
                         0);
        for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
            int want = law_count(injected, kinds[k], '=');
            int got = law_count(out, kinds[k], ':');

            if (got < want) {
                fail_msg("gen --laws '%s': %s: %d injected, the audit "
                         "found %d\n%s%s",
                         profiles[p].spec, kinds[k], want, got, injected,
                         out);
            }
        }
        assert_true(law_count(injected, "L43", '=') > 0);
    }
}

/* A seed gives the same sitting every time, under any profile. */
static void gen__a_seed_gives_the_same_sitting(void **state)
{
    const struct harness_tmp *t = *state;
    const char *spec = "polish; jack-veto=yes; doubling=yes; "
                       "offer-point=before-trick3; rank=ace-high";

    for (int i = 0; i < 2; i++) {
        assert_int_equal(harness_sh("%s gen --laws '%s' --deals 60 --seed 9 "
                                    "--irregularities 0.2 > '%s'",
                                    harness_ecarte(), spec,
                                    i == 0 ? t->log : t->log2),
                         0);
    }
    assert_int_equal(harness_sh("cmp -s '%s' '%s'", t->log, t->log2), 0);
    assert_int_equal(harness_sh("%s check --strict '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->log),
                     0);
}

/* --laws london writes the london sitting: the same lines as no --laws
 * at all, but for the comment that says how it was made. */
static void gen__laws_london_is_the_default_sitting(void **state)
{
    const struct harness_tmp *t = *state;

    assert_int_equal(harness_sh("%s gen --deals 200 --seed 3 "
                                "--irregularities 0.3 | tail -n +2 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    assert_int_equal(harness_sh("%s gen --laws london --deals 200 --seed 3 "
                                "--irregularities 0.3 | tail -n +2 > '%s'",
                                harness_ecarte(), t->log2),
                     0);
    assert_int_equal(harness_sh("cmp -s '%s' '%s'", t->log, t->log2), 0);
    assert_int_equal(harness_sh("grep -qxF '[Laws \"london\"]' '%s'", t->log),
                     0);
}

/* A profile the Laws tag cannot hold is a usage error (exit 2), said. */
static void gen__a_bad_profile_is_a_usage_error(void **state)
{
    char err[1024];

    (void)state;
    assert_int_equal(harness_capture(err, sizeof(err),
                                     "%s gen --laws 'bridge' 2>&1 >/dev/null",
                                     harness_ecarte()),
                     2);
    assert_non_null(strstr(err, "ecarte gen: --laws: expected a preset "
                                "(london, meyers1889, polish) first"));
    assert_non_null(strstr(err, "Try 'ecarte gen --help'."));
    assert_int_equal(harness_sh("%s gen --laws 'london; doubling=maybe' "
                                ">/dev/null 2>&1",
                                harness_ecarte()),
                     2);
    assert_int_equal(harness_sh("%s gen --laws >/dev/null 2>&1",
                                harness_ecarte()),
                     2);
}

/* meyers1889: the dealer sometimes takes no card (dealer-min-exchange=0):
 * elder hand, served what he asked, acts again with no discard of the
 * dealer's between. */
static void gen__meyers_dealer_may_take_no_card(void **state)
{
    const char *p = text;
    char line[256];
    char prev[256] = "";
    char dealer = 0;
    char elder = 0;
    bool served = false;        /* the line before served elder hand */
    int none = 0;

    (void)state;
    sittings(1);
    assert_true(has("[Laws \"meyers1889\"]"));
    while (next_line(&p, line, sizeof(line))) {
        if (line[0] == '=' || line[0] == '#' || line[0] == '[') {
            continue;
        }
        if (strncmp(line, "deal ", 5) == 0) {
            dealer = line[5];
            elder = dealer == 'A' ? 'B' : 'A';
            served = false;
        } else {
            none += served && line[0] == elder;
            served = line[0] == dealer && strncmp(line + 1, " gives ", 7) == 0 &&
                     line[8] == elder && prev[0] == elder &&
                     strstr(prev, " asks ") != NULL;
        }
        snprintf(prev, sizeof(prev), "%s", line);
    }
    assert_true(none > 0);
}

/* polish: the stock runs out and the discards are reshuffled (PL1), the
 * turn-up is served last from under the stock, a held king is marked
 * (PL3), never announced. */
static void gen__polish_reshuffles_and_marks(void **state)
{
    const char *p = text;
    char line[256];
    char turned[CARD_TEXT_MAX] = "";
    char dealer = 0;
    int turn_up_served = 0;
    int held_marked = 0;

    (void)state;
    sittings(2);
    assert_true(has("[Laws \"polish\"]"));
    assert_true(has(" reshuffles "));
    assert_true(has("= ruling PL1 remedy reshuffle"));
    assert_false(has(" announces king"));
    while (next_line(&p, line, sizeof(line))) {
        char *last = strrchr(line, ' ');

        if (strncmp(line, "deal ", 5) == 0) {
            dealer = line[5];
            turned[0] = '\0';
        } else if (strstr(line, " turns ") != NULL) {
            snprintf(turned, sizeof(turned), "%.2s", line + 8);
        } else if (strstr(line, " gives ") != NULL && turned[0] != '\0' &&
                   last != NULL && strcmp(last + 1, turned) == 0) {
            turn_up_served++;   /* the last card given is the turn-up */
        } else if (strstr(line, " marks king") != NULL && line[0] != dealer) {
            held_marked++;
        }
    }
    assert_true(turn_up_served > 0);
    assert_true(held_marked > 0);
}

/* polish; jack-veto=yes: a king point that would end the game before the
 * first trick is held (PL5), and answered: vetoed with the jack, or
 * passed. */
static void gen__jack_veto_is_used_or_passed(void **state)
{
    (void)state;
    sittings(3);
    assert_true(has("[Laws \"polish; jack-veto=yes\"]"));
    assert_true(has("= ruling PL5 elector "));
    assert_true(has(" vetoes J"));
    assert_true(has("= ruling PL5 remedy new-deal"));
    assert_true(has(" elects pass"));
}

/* doubling and offering the point: doubles offered, accepted (the hand's
 * value written) and declined (MD1); the point offered, accepted (MD4)
 * and declined. */
static void gen__doubles_and_points_are_offered_and_answered(void **state)
{
    (void)state;
    sittings(4);
    assert_true(has(" offers-double\n"));
    assert_true(has(" accepts-double\n= value 2\n"));
    assert_true(has(" declines-double\n= ruling MD1 remedy award\n"));
    assert_true(has(" offers-point\n"));
    assert_true(has(" accepts-point\n= ruling MD4 remedy award\n"));
    assert_true(has(" declines-point\n"));
    /* redouble=no: never more than 2 */
    assert_false(has("= value 4"));
    sittings(7);
    assert_true(has(" accepts-double\n= value 4\n"));
    assert_true(has(" offers-point\n"));
}

/* rank=ace-high; king-bonus=ace: an ace beats the king, queen or jack of
 * its suit, and wins the trick (its player leads next); the turned ace is
 * marked, the turned king is not. */
static void gen__ace_high_wins_tricks_and_carries_the_bonus(void **state)
{
    const char *p = text;
    char line[256];
    int trump = SUIT_NONE;
    uint8_t led = CARD_NONE;
    char winner = 0;
    char leader = 0;
    uint8_t turned = CARD_NONE;
    int aces_won = 0;
    int aces_marked = 0;

    (void)state;
    sittings(5);
    assert_true(has("[Laws \"london; rank=ace-high; king-bonus=ace\"]"));
    while (next_line(&p, line, sizeof(line))) {
        if (strncmp(line, "deal ", 5) == 0) {
            winner = 0;
        } else if (strstr(line, " turns ") != NULL) {
            turned = card(line + 8);
            trump = CARD_SUIT(turned);
        } else if (strstr(line, " marks king") != NULL) {
            assert_int_equal(CARD_RANK(turned), RANK_ACE);
            aces_marked++;
        } else if (strstr(line, " leads ") != NULL) {
            if (winner != 0) {
                assert_int_equal(line[0], winner);
                aces_won++;
                winner = 0;
            }
            led = card(line + 8);
            leader = line[0];
        } else if (strstr(line, " plays ") != NULL) {
            uint8_t b = card(line + 8);
            bool ace_vs_face =
                CARD_SUIT(b) == CARD_SUIT(led) &&
                (CARD_RANK(b) == RANK_ACE || CARD_RANK(led) == RANK_ACE) &&
                CARD_RANK(b) <= RANK_ACE && CARD_RANK(led) <= RANK_ACE;

            if (ace_vs_face) {
                bool b_wins = card_beats(led, b, trump, RANK_ACE_HIGH);

                assert_true(b_wins == (CARD_RANK(b) == RANK_ACE));
                winner = b_wins ? line[0] : leader;
            }
        }
    }
    assert_true(aces_won > 0);
    assert_true(aces_marked > 0);
}

/* game=7; rubber=5; next-game-dealer=loser: games go to 7, and the loser
 * of each game deals the first hand of the next. */
static void gen__loser_deals_the_next_game(void **state)
{
    const char *p = text;
    char line[256];
    int score[2] = {0, 0};
    char loser = 0;
    int games = 0;
    int sevens = 0;

    (void)state;
    sittings(6);
    while (next_line(&p, line, sizeof(line))) {
        if (sscanf(line, "= score A %d B %d", &score[0], &score[1]) == 2) {
            continue;
        }
        if (strcmp(line, "game") == 0 && score[0] + score[1] > 0) {
            sevens += score[0] >= 7 || score[1] >= 7;
            loser = score[0] < score[1] ? 'A' : 'B';
            score[0] = score[1] = 0;
        } else if (strncmp(line, "deal ", 5) == 0 && loser != 0) {
            assert_int_equal(line[5], loser);
            games++;
            loser = 0;
        } else if (strncmp(line, "[Event", 6) == 0) {
            score[0] = score[1] = 0;    /* the next sitting */
        }
    }
    assert_true(games > 2);
    assert_int_equal(sevens, games);
}

/* packets=3-2 and proposals=one: the dealer gives three first, never
 * changes the order, and elder hand proposes at most once a hand. */
static void gen__fixed_packets_and_one_proposal(void **state)
{
    const char *p = text;
    char line[256];
    int proposals = 0;
    bool first_packet = false;

    (void)state;
    sittings(7);
    assert_false(has(" packets "));
    while (next_line(&p, line, sizeof(line))) {
        if (strncmp(line, "deal ", 5) == 0) {
            proposals = 0;
        } else if (strstr(line, " cuts ") != NULL) {
            first_packet = true;
        } else if (first_packet && strstr(line, " gives ") != NULL) {
            assert_true(strstr(line, " gives A 3 ") != NULL ||
                        strstr(line, " gives B 3 ") != NULL);
            first_packet = false;
        } else if (strstr(line, " proposes") != NULL) {
            assert_true(++proposals <= 1);
        }
    }
}

/* ------------------------------------------------------------------ */
/* One irregularity, one ruling                                         */
/* ------------------------------------------------------------------ */

#define ONE_DEALS 120           /* deals of each sitting tried */
#define ONE_SEEDS 3             /* sittings of each profile and format */
#define ONE_SEGS 1024           /* deals (and games) of a sitting */
#define ONE_LINES 65536         /* lines of a sitting */

/* The profiles and formats of the test: the three presets and a modern
 * switch set, at each kind of table. */
static const char *const one_profiles[] = {
    "london", "polish", "meyers1889",
    "london; doubling=yes; offer-point=before-trick3; rank=ace-high; "
    "king-mark=immediate",
};
static const char *const one_formats[] = {"duel", "chouette", "pool",
                                          "gallery"};

/* What the sittings gave, by law or rule (enum law_id). */
struct one_tally {
    int injected[LAW_COUNT];    /* `# injected ID:` comments */
    int ruled[LAW_COUNT];       /* the referee's rulings of that law */
    int deals_off[LAW_COUNT];   /* deals where the two differ */
    char first[LAW_COUNT][200]; /* where the first of them is */
};

/* The counts of one sitting, by deal (a segment of the log from one
 * `deal` or `game` line to the next) and law. */
static int seg_of[ONE_LINES];
static short one_inj[ONE_SEGS][LAW_COUNT];
static short one_all[ONE_SEGS][LAW_COUNT];  /* every ruling of the law */
static short one_irr[ONE_SEGS][LAW_COUNT];  /* those that are irregular */

/* json_field - the value of "key": in the JSON line at p (up to end) into
 * out (n bytes): a string's text or a number's digits; false if none. */
static bool json_field(const char *p, const char *end, const char *key,
                       char *out, size_t n)
{
    char pat[40];
    const char *at;
    size_t len = 0;

    snprintf(pat, sizeof(pat), "\"%s\":", key);
    at = strstr(p, pat);
    if (at == NULL || at >= end) {
        return false;
    }
    at += strlen(pat);
    if (*at == '"') {
        at++;
    }
    while (at < end && *at != '"' && *at != ',' && *at != '}' &&
           len + 1 < n) {
        out[len++] = *at++;
    }
    out[len] = '\0';
    return true;
}

/* law_of - the row of id (a law "L43" or a rule "CH4"); the test fails
 * on an id the registry does not know. */
static const struct law *law_of(const char *id)
{
    const struct law *row = laws_find(id, strlen(id));

    if (row == NULL) {
        fail_msg("unknown law or rule \"%s\"", id);
    }
    return row;
}

/*
 * one_sitting - generate the sitting of spec, format and seed, referee it
 * again (`check --strict --json`: no finding), and add to *t, deal by
 * deal, what was injected and what was ruled: each injection must give
 * exactly one ruling of its law in its deal, and no deal a ruling of an
 * irregularity nobody injected.
 */
static void one_sitting(const struct harness_tmp *tmp, const char *spec,
                        const char *format, int seed, struct one_tally *t,
                        char *buf, size_t n)
{
    const char *p;
    int line = 0;
    int seg = 0;
    int rc;

    memset(one_inj, 0, sizeof(one_inj));
    memset(one_all, 0, sizeof(one_all));
    memset(one_irr, 0, sizeof(one_irr));
    rc = harness_sh("%s gen --laws '%s' --format '%s' --deals %d --seed %d "
                    "--irregularities 0.5 > '%s'",
                    harness_ecarte(), spec, format, ONE_DEALS, seed,
                    tmp->log);
    if (rc != 0) {
        fail_msg("gen --laws '%s' --format %s --seed %d: exit %d", spec,
                 format, seed, rc);
    }
    assert_int_equal(harness_capture(buf, n, "cat '%s'", tmp->log), 0);
    for (p = buf; *p != '\0' && line + 1 < ONE_LINES;) {
        const char *end = strchr(p, '\n');
        char id[16];

        if (end == NULL) {
            end = p + strlen(p);
        }
        line++;
        if (strncmp(p, "deal ", 5) == 0 ||
            (strncmp(p, "game", 4) == 0 && (p[4] == '\n' || p[4] == ' '))) {
            seg++;
            assert_true(seg < ONE_SEGS);
        }
        seg_of[line] = seg;
        if (sscanf(p, "# injected %15[A-Z0-9]:", id) == 1) {
            one_inj[seg][law_of(id)->law]++;
        }
        p = *end == '\n' ? end + 1 : end;
    }
    rc = harness_capture(buf, n, "%s check --strict --json '%s'",
                         harness_ecarte(), tmp->log);
    if (rc != 0) {
        fail_msg("gen --laws '%s' --format %s --seed %d: check --strict "
                 "exit %d\n%.3000s",
                 spec, format, seed, rc, buf);
    }
    for (p = buf; *p != '\0';) {
        const char *end = strchr(p, '\n');
        char id[16];
        char at[16];
        char remedy[40];

        if (end == NULL) {
            end = p + strlen(p);
        }
        if (strncmp(p, "{\"type\":\"ruling\"", 16) == 0 &&
            json_field(p, end, "law", id, sizeof(id)) &&
            json_field(p, end, "line", at, sizeof(at)) &&
            json_field(p, end, "remedy", remedy, sizeof(remedy))) {
            const struct law *row = law_of(id);
            int l = atoi(at);
            int s = l > 0 && l < ONE_LINES ? seg_of[l] : 0;

            one_all[s][row->law]++;
            if (row->kind == LAW_KIND_PENALTY &&
                !(row->lawful != REM_NONE &&
                  strcmp(remedy, remedy_name(row->lawful)) == 0)) {
                one_irr[s][row->law]++;
            }
        }
        p = *end == '\n' ? end + 1 : end;
    }
    for (int s = 0; s <= seg; s++) {
        for (int l = 0; l < LAW_COUNT; l++) {
            int want = one_inj[s][l];
            int got = want > 0 ? one_all[s][l] : one_irr[s][l];

            t->injected[l] += want;
            t->ruled[l] += got;
            if (got == want) {
                continue;
            }
            if (t->deals_off[l]++ == 0) {
                int from = 1;

                while (from < line && seg_of[from] != s) {
                    from++;
                }
                snprintf(t->first[l], sizeof(t->first[l]),
                         "gen --laws '%s' --format %s --seed %d --deals %d "
                         "--irregularities 0.5, the deal from line %d: %d "
                         "injected, %d ruled",
                         spec, format, seed, ONE_DEALS, from, want, got);
            }
        }
    }
}

/*
 * One irregularity, one ruling, for every law and variant rule: over
 * sittings with irregularities under the three presets and a modern
 * switch set, at a duel, a chouette, a pool and a gallery, each
 * irregularity the generator injected (its `# injected` comments) gives
 * exactly one ruling of its law in its deal, no deal gives the ruling of
 * an irregularity nobody injected, and `check --strict` finds nothing.
 * The failure message gives, per law, what was injected, what was ruled
 * and the deals that differ.  The kinds of the known doubles (L14 put
 * right or not, L22 marked late, L39 a revoke taken back, L40 taken
 * back) and the sitting's rules must all have been tried.
 */
static void gen__each_injection_is_one_ruling_of_its_law(void **state)
{
    const struct harness_tmp *tmp = *state;
    static const char *const tried[] = {"L14", "L22", "L39", "L40", "L43",
                                        "CH2", "CH4", "PO3", "PO4", "BY1",
                                        "BY2", "BY6"};
    struct one_tally *t = calloc(1, sizeof(*t));
    size_t n = 8u << 20;
    char *buf = malloc(n);
    char msg[8192];
    size_t used = 0;
    int k = 0;

    assert_non_null(t);
    assert_non_null(buf);
    for (size_t p = 0; p < sizeof(one_profiles) / sizeof(one_profiles[0]);
         p++) {
        for (size_t f = 0; f < sizeof(one_formats) / sizeof(one_formats[0]);
             f++) {
            for (int i = 0; i < ONE_SEEDS; i++) {
                one_sitting(tmp, one_profiles[p], one_formats[f], 101 + k++,
                            t, buf, n);
            }
        }
    }
    msg[0] = '\0';
    printf("    injected/ruled:");
    for (int l = 0; l < LAW_COUNT; l++) {
        if (t->injected[l] > 0 || t->ruled[l] > 0) {
            printf(" %s %d/%d", laws_get((enum law_id)l)->id, t->injected[l],
                   t->ruled[l]);
        }
    }
    printf("\n");
    for (int l = 0; l < LAW_COUNT; l++) {
        if (t->deals_off[l] > 0 && used < sizeof(msg)) {
            used += (size_t)snprintf(
                msg + used, sizeof(msg) - used,
                "%s: %d injected, %d ruled; %d deal(s) differ, the first: "
                "%s\n",
                laws_get((enum law_id)l)->id, t->injected[l], t->ruled[l],
                t->deals_off[l], t->first[l]);
        }
    }
    for (size_t i = 0; i < sizeof(tried) / sizeof(tried[0]); i++) {
        if (t->injected[law_of(tried[i])->law] == 0 && used < sizeof(msg)) {
            used += (size_t)snprintf(msg + used, sizeof(msg) - used,
                                     "%s: never injected\n", tried[i]);
        }
    }
    free(buf);
    free(t);
    if (used > 0) {
        fail_msg("one irregularity, one ruling:\n%s", msg);
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, gen_setup, gen_teardown)
        T(gen__every_profile_checks_clean_strict),
        T(gen__every_profile_round_trips_through_a_ledger),
        T(gen__irregularities_are_ruled_under_every_profile),
        T(gen__audit_finds_the_injected_irregularities),
        T(gen__a_seed_gives_the_same_sitting),
        T(gen__laws_london_is_the_default_sitting),
        T(gen__a_bad_profile_is_a_usage_error),
        T(gen__meyers_dealer_may_take_no_card),
        T(gen__polish_reshuffles_and_marks),
        T(gen__jack_veto_is_used_or_passed),
        T(gen__doubles_and_points_are_offered_and_answered),
        T(gen__ace_high_wins_tricks_and_carries_the_bonus),
        T(gen__loser_deals_the_next_game),
        T(gen__fixed_packets_and_one_proposal),
        T(gen__each_injection_is_one_ruling_of_its_law),
#undef T
    };

    return cmocka_run_group_tests_name("gen", tests, NULL, NULL);
}
