/* SPDX-License-Identifier: MIT */
/* test_audit.c - `ecarte audit` end to end on two-seat sittings: every
 * irregularity injected into a generated sitting found, nothing on clean
 * ones; logs with wrong marks, rulings, counts and value lines; a stamped
 * claim; each deal and each irregularity counted once, the one-ruling cases
 * verified as well.  Tamper evidence and bulk import are tested in
 * test_audit_verify.c, tables of three or more in test_audit_tables.c. */
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/audit_util.h"

/* law_count - the number after "Lnn=" (gen) or "Lnn:" (audit) in text. */
static int law_count(const char *text, const char *law, char sep)
{
    char key[16];
    const char *p;

    snprintf(key, sizeof(key), "%s%c", law, sep);
    p = strstr(text, key);
    return p == NULL ? 0 : atoi(p + strlen(key));
}

static void audit__finds_every_injected_irregularity(void **state)
{
    struct harness_tmp *t = *state;
    char injected[512];
    char out[1 << 16];
    static const char *const kinds[] = {"L12", "L13", "L22", "L25",
                                        "L30", "L35", "L39", "L40",
                                        "L42", "L43", "L45"};

    /* the sitting as generated, with its `= ruling` lines taken out: every
     * irregularity is then one nobody claimed */
    assert_int_equal(
        harness_sh("%s gen --deals 300 --seed 11 --irregularities 0.4 "
                   "> '%s'",
                   harness_ecarte(), t->log),
        0);
    assert_int_equal(harness_capture(injected, sizeof(injected),
                                     "grep '^# injected:' '%s'", t->log),
                     0);
    assert_int_equal(
        harness_sh("grep -v '^= ruling' '%s' > '%s'", t->log, t->log2), 0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log2),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' | tail -1",
                                     harness_ecarte(), t->db),
                     0);
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        int want = law_count(injected, kinds[i], '=');
        int got = law_count(out, kinds[i], ':');

        if (got < want) {
            fail_msg("%s: %d injected, the audit found %d\n%s\n%s", kinds[i],
                     want, got, injected, out);
        }
    }
    assert_true(law_count(injected, "L43", '=') > 0);
    /* elder hand asking for fewer than he discarded, never claimed, is a
     * finding with its law and line */
    assert_int_equal(harness_sh("%s audit --db '%s' | grep -q 'L30 unclaimed'",
                                harness_ecarte(), t->db),
                     0);
    assert_int_equal(
        harness_sh("%s audit --db '%s' >/dev/null", harness_ecarte(), t->db),
        1);
}

static void audit__finds_nothing_on_a_clean_sitting(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    assert_int_equal(harness_sh("%s gen --deals 400 --seed 3 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' | tail -1",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "irregularities none; 0 finding(s), "
                                "0 flag(s)"));
}

static void audit__reports_wrong_marks_rulings_and_counts(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    FILE *fp = fopen(t->log, "w");

    assert_non_null(fp);
    /* B gives A six cards and nobody counts; the log then marks the wrong
     * score and records a ruling the laws do not give */
    fputs("game\ndeal B\nB gives A 3 QH AH 7H\nB gives B 3 KH JH 9H\n"
          "B gives A 3 KS KD 8S\nB gives B 2 8H 9C\nB turns TH\n"
          "A stands\nA leads KD\nB announces king\nB plays JH\nB leads KH\n"
          "A plays 7H\nB leads 9C\nA plays AH\nA leads KS\nB plays 9H\n"
          "B leads 8H\nA plays QH\n= ruling L42 offender A\n"
          "= score A 0 B 2\n",
          fp);
    fclose(fp);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    /* the packet of three departed from the order (L9), never claimed */
    assert_non_null(strstr(out, "L9 unclaimed"));
    /* six cards at the turn-up, never counted */
    assert_non_null(strstr(out, "L15 uncounted"));
    assert_non_null(strstr(out, "A held 6 cards"));
    /* the mark: 2 recorded, 3 due */
    assert_non_null(strstr(out, "in.ecarte:21: deal 1, event"));
    assert_non_null(strstr(out, "L50 mark: the log marks A 0 B 2, A 0 B 3 "
                                "was due"));
    /* the ruling nobody gave */
    assert_non_null(strstr(out, "L42 ruling: the log records \"= ruling L42 "
                                "offender A\""));
}

/* count_lines - lines of text that contain needle. */
static int count_lines(const char *text, const char *needle)
{
    int n = 0;

    for (const char *p = strstr(text, needle); p != NULL;
         p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* A deal whose points waited for an election (L25, L43: stand or replay)
 * was reported at its last trick and again when scored: import said 312
 * deals and the audit 312 for a sitting of 300.  Each deal is counted and
 * printed once, with its points as scored. */
static void audit__counts_each_deal_once(void **state)
{
    struct harness_tmp *t = *state;
    static char out[1 << 20];
    char want[64];

    assert_int_equal(
        harness_sh("%s gen --deals 300 --seed 3 --irregularities 0.4 > '%s'",
                   harness_ecarte(), t->log),
        0);
    /* the sitting holds elections that settle a played hand's points */
    assert_int_equal(harness_sh("grep -q 'elects stand' '%s'", t->log), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, ": 300 deals imported, 0 quarantined"));
    assert_int_equal(query(t->db, "SELECT count(*) FROM deal"), 300);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --db '%s' --json",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(count_lines(out, "{\"type\":\"deal\""), 300);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' --json | "
                                     "grep '\"type\":\"audit\"'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "\"sittings\":1,\"deals\":300,"));
    /* check prints every deal once: deal numbers 1..300, none twice */
    assert_int_equal(
        harness_capture(out, sizeof(out),
                        "%s check --json '%s' | grep '\"type\":\"deal\"' | "
                        "sed 's/.*\"deal\":\\([0-9]*\\),.*/\\1/' | "
                        "sort -n | uniq -d | wc -l",
                        harness_ecarte(), t->log),
        0);
    assert_string_equal(out, "0\n");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s check --json '%s' | "
                                     "grep -c '\"type\":\"deal\"'",
                                     harness_ecarte(), t->log),
                     0);
    assert_string_equal(out, "300\n");
    snprintf(want, sizeof(want), "\"deal\":300,");
    assert_int_equal(harness_sh("%s check --json '%s' | grep -q '%s'",
                                harness_ecarte(), t->log, want),
                     0);
}

/* A revoke ruled at the last trick holds the hand's points until the
 * adversary elects: the deal is printed once, when they are scored; a log
 * that ends before the election says so in a note. */
static void audit__held_deal_printed_once_when_scored(void **state)
{
    struct harness_tmp *t = *state;
    char path[512];
    char out[16384];
    char want[600];

    harness_path("tests/cases/t25_revoke_replayed.ecarte", path,
                 sizeof(path));
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), path),
                     0);
    assert_int_equal(count_lines(out, ": deal 1 ("), 1);
    snprintf(want, sizeof(want),
             "%s:44: deal 1 (B deals): tricks A 0 B 5, points A 0 B 1; "
             "score A 0 B 1\n",
             path);
    assert_non_null(strstr(out, want));
    /* the same log stopped before A elects replay */
    assert_int_equal(harness_sh("sed '/A elects replay/,$d' '%s' > '%s'",
                                path, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), t->log),
                     0);
    assert_int_equal(count_lines(out, ": deal 1 ("), 0);
    snprintf(want, sizeof(want),
             "%s:33: note: the log ends with the points of deal 1 waiting "
             "for the election on the pending ruling\n",
             t->log);
    assert_non_null(strstr(out, want));
}

/* The audit checks an imported log's `= value N` lines as check does:
 * a hand worth 1 recorded as worth 2 is a finding of kind value. */
static void audit__reports_a_wrong_value_line(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    char want[512];
    static const char deal[] =
        "[Laws \"london\"]\ngame\ndeal B\nA shuffles\nB shuffles\n"
        "A cuts 9\nB gives A 3 KH QH AC\nB gives B 3 QS JS AH\n"
        "B gives A 2 9C 8H\nB gives B 2 7C JD\nB turns 8D\nA stands\n"
        "= value %d\nA leads KH\nB plays AH\nA leads QH\nB plays JD\n"
        "B leads QS\nA plays 8H\nB leads JS\nA plays 9C\nB leads 7C\n"
        "A plays AC\n= score A 0 B 2\n";
    char text[1024];

    snprintf(text, sizeof(text), deal, 1);
    harness_write(t->log, text);
    snprintf(text, sizeof(text), deal, 2);
    harness_write(t->log2, text);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_null(strstr(out, "value"));
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log2),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    snprintf(want, sizeof(want),
             "%s:13: deal 1, event ", t->log2);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, ": value: the log records \"= value 2\", "
                                "the rules give \"= value 1\"\n"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' --json",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "\"law\":null,\"kind\":\"value\""));
}

/* `=` lines written before the first action are kept with no event:
 * the audit compares them there, as the import did (the score 0-0, no
 * ruling given); the near miss, a true mark there, is no finding. */
static void audit__compares_claims_before_the_first_action(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    static const char body[] =
        "game\ndeal B\nB gives A 3 QH AH 7H\nB gives B 3 KH JH 9H\n"
        "B gives A 2 KS KD\nB gives B 2 8H 9C\nB turns TH\nA stands\n"
        "A leads KD\nB announces king\nB plays JH\nB leads KH\n"
        "A plays 7H\nB leads 9C\nA plays AH\nA leads KS\nB plays 9H\n"
        "B leads 8H\nA plays QH\n= score A 0 B 3\n";
    char text[1024];

    snprintf(text, sizeof(text), "[Event \"x\"]\n= score A 9 B 9\n"
                                 "= ruling L43\n%s",
             body);
    harness_write(t->log, text);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "in.ecarte:2: deal 0, event 0: L51 mark: "
                                "the log marks A 9 B 9, A 0 B 0 was due"));
    assert_non_null(strstr(out, "in.ecarte:3: deal 0, event 0: L43 ruling: "
                                "the log records \"= ruling L43\", which "
                                "the laws do not give here"));
    assert_non_null(strstr(out, "2 finding(s)"));

    harness_sh("rm -f '%s'", t->db);
    snprintf(text, sizeof(text), "[Event \"x\"]\n= score A 0 B 0\n%s",
             body);
    harness_write(t->log, text);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "0 finding(s)"));
}

/* A revoke (L43) capped A's vole to 1 point: one point lost through the
 * penalty laws.  The deal's last card struck and played again ends the
 * deal again: still one point lost, not two; struck and left, the deal
 * reopened: none (the near miss). */
static void audit__a_strike_takes_back_the_points_it_struck(void **state)
{
    struct harness_tmp *t = *state;
    static const char hand[] =
        "[A \"Ann\"]\n[B \"Bob\"]\ngame\ndeal A\nB shuffles\nA shuffles\n"
        "B cuts 14\nA gives B 2 7D JH\nA gives A 2 9H 8C\n"
        "A gives B 3 7S 9C KH\nA gives A 3 AS 9D 8S\nA turns TS\n"
        "B proposes\nA accepts\nB discards 4 KH JH 7D 9C\nB asks 4\n"
        "A gives B 4 KD QS AD JC\nA discards 3 9H 9D 8C\n"
        "A gives A 3 AC KC KS\nB stands\nB leads AD\nA plays KC\n"
        "B leads KD\nB elects replay\nB leads AD\nA plays 8S\n"
        "A leads KS\nB plays QS\nA leads AS\nB plays 7S\nA leads KC\n"
        "B plays JC\nA leads AC\nB plays KD\n";
    static const struct {
        const char *tail;
        const char *want;
    } cases[] = {
        {"", "lost 1;"},
        {"strike\nB plays KD\n", "lost 1;"},
        {"strike\nB plays KD\nstrike\nB plays KD\n", "lost 1;"},
        {"strike\n", "lost 0;"},
    };
    char text[2048];
    char out[16384];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(text, sizeof(text), "%s%s", hand, cases[i].tail);
        harness_write(t->log, text);
        harness_sh("rm -f '%s'", t->db);
        assert_int_equal(harness_record(t->db, t->log), 0);
        harness_capture(out, sizeof(out), "%s audit --db '%s'",
                        harness_ecarte(), t->db);
        if (strstr(out, cases[i].want) == NULL ||
            strstr(out, "player Ann: 1 irregularity (L43:1); through the "
                        "penalty laws won 0 point(s), ") == NULL) {
            fail_msg("case %zu: no \"%s\" for Ann in:\n%s", i,
                     cases[i].want, out);
        }
    }
}

/* A `=` line with a time stamp is kept as a claim in its own words (the
 * stamp was once kept in the claim's text, which the audit could not
 * read back): a wrong mark on one is found. */
static void audit__reads_a_stamped_claim(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    char want[512];

    assert_int_equal(
        harness_sh("sed 's/= score A 0 B 3/@21:30:00 = score A 0 B 2/' "
                   "'%s' > '%s'",
                   harness_example("hoffmann-rule-hand.ecarte"), t->log),
        0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    snprintf(want, sizeof(want),
             "%s:38: deal 1, event 23: L50 mark: the log marks A 0 B 2, "
             "A 0 B 3 was due",
             t->log);
    assert_non_null(strstr(out, want));
}

/* audited - the audit's last line for one case imported into a new
 * ledger, into out. */
static void audited(struct harness_tmp *t, const char *name, char *out,
                    size_t n)
{
    char path[1024];
    char rel[256];

    snprintf(rel, sizeof(rel), "tests/cases/%s", name);
    harness_path(rel, path, sizeof(path));
    assert_int_equal(harness_sh("rm -f '%s' && %s import --db '%s' --new '%s' "
                                ">/dev/null 2>&1",
                                t->db, harness_ecarte(), t->db, path),
                     0);
    assert_int_equal(harness_capture(out, n, "%s audit --db '%s' | tail -n 1",
                                     harness_ecarte(), t->db),
                     0);
}

/* One irregularity, counted once: a lead out of turn taken back (one L40
 * ruling, at the lead), a revoke corrected in time (one L39 ruling, at the
 * take-back; never an L43), and none for a line the scorer struck. */
static void audit__each_irregularity_is_counted_once(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    audited(t, "l40_lead_out_of_turn_taken_back_fires.ecarte", out,
            sizeof(out));
    assert_non_null(strstr(out, "irregularities L40:1;"));
    audited(t, "t24_revoke_corrected_in_time.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities L39:1;"));
    audited(t, "strike_of_a_lead_out_of_turn.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities none;"));
    /* a forgotten king and its late marks, an overscore taken down */
    audited(t, "l22_forgotten_king_marked_late_fires.ecarte", out,
            sizeof(out));
    assert_non_null(strstr(out, "irregularities L22:1,L42:2,L51:1;"));
    /* an overscore known only when it is taken down still counts */
    audited(t, "l51_unmark_reopens_game_fires.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities L51:1;"));
}

/* One irregularity, one ruling, recorded: the cases of the doubles once
 * given (a deal out of turn put right or left to stand, a turned king
 * marked late, a lead out of turn and a revoke taken back) and their near
 * misses, recorded into one ledger: `verify` re-derives every stored row
 * from the events and finds it clean, and the audit counts each
 * irregularity once (by hand: L14 four deals out of turn or with the
 * wrong pack, L22 two kings, L40 three leads, L39 two revokes taken back
 * and a led card, L43 one revoke, L12 one faced card). */
static void audit__one_ruling_cases_verify_and_count_once(void **state)
{
    struct harness_tmp *t = *state;
    static const char *const cases[] = {
        "l14_deal_out_of_turn_put_right_after_packets_fires",
        "l14_deal_out_of_turn_stands_fires",
        "l14_redeal_by_the_same_dealer_near_miss",
        "l14_deal_out_of_turn_fires",
        "t07_wrong_pack_found_after_turnup",
        "l22_immediate_late_mark_ruled_once_fires",
        "l22_next_deal_mark_before_the_deal_near_miss",
        "t12_turned_king_marked_too_late",
        "l39_revoke_taken_back_before_the_next_lead_fires",
        "l43_revoke_ruled_at_the_next_lead_fires",
        "l43_revoke_proven_and_taken_back_near_miss",
        "l40_each_lead_out_of_turn_ruled_once_fires",
        "l40_lead_in_turn_taken_back_near_miss",
        "l40_lead_out_of_turn_taken_back_fires",
    };
    char out[4096];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char rel[256];
        char path[1024];

        snprintf(rel, sizeof(rel), "tests/cases/%s.ecarte", cases[i]);
        assert_int_equal(harness_record(t->db,
                                        harness_path(rel, path, sizeof(path))),
                         0);
    }
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "every row proven"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' | tail -n 1",
                                     harness_ecarte(), t->db),
                     0);
    if (strstr(out, "irregularities L12:1,L14:4,L22:2,L39:3,L40:3,L43:1; "
                    "0 finding(s)") == NULL) {
        fail_msg("the audit counts the irregularities of the cases "
                 "otherwise:\n%s",
                 out);
    }
    /* one deal out of turn put right: once, not at both deal lines */
    audited(t, "l14_deal_out_of_turn_fires.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities L14:1;"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(audit__each_irregularity_is_counted_once),
        T(audit__one_ruling_cases_verify_and_count_once),
        T(audit__finds_every_injected_irregularity),
        T(audit__finds_nothing_on_a_clean_sitting),
        T(audit__reports_wrong_marks_rulings_and_counts),
        T(audit__reports_a_wrong_value_line),
        T(audit__reads_a_stamped_claim),
        T(audit__compares_claims_before_the_first_action),
        T(audit__a_strike_takes_back_the_points_it_struck),
        T(audit__counts_each_deal_once),
        T(audit__held_deal_printed_once_when_scored),
#undef T
    };

    return cmocka_run_group_tests_name("audit", tests, NULL, NULL);
}
