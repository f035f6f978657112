/* SPDX-License-Identifier: MIT */
/* test_laws_registry.c - the registry of the 51 laws and the variant rules:
 * self-check, lookup, and traceability (every law and every variant rule
 * has a scenario where it fires and a near miss where it must not). */
#include "tests/harness.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "laws/laws.h"

static void laws_registry__selfcheck_passes(void **state)
{
    char err[200] = "";

    (void)state;
    assert_int_equal(laws_selfcheck(err, sizeof(err)), 0);
    assert_string_equal(err, "");
}

static void laws_registry__ids_are_found_both_ways(void **state)
{
    (void)state;
    assert_ptr_equal(laws_find("L43", 3), laws_get(LAW_43));
    assert_ptr_equal(laws_find("43", 2), laws_get(LAW_43));
    assert_ptr_equal(laws_find("l1", 2), laws_get(LAW_1));
    assert_null(laws_find("L52", 3));
    assert_null(laws_find("L0", 2));
    assert_null(laws_find("Lx", 2));
    assert_string_equal(laws_get(LAW_51)->id, "L51");
    assert_int_equal(N_CLUB_LAWS, 51);
    assert_int_equal(LAW_COUNT, 80);   /* and PL1-PL5, MD1-MD5, CH1-CH5,
                                          PO1-PO4, BY1-BY10 */
    assert_ptr_equal(laws_find("BY10", 4), laws_get(LAW_BY10));
    assert_ptr_equal(laws_find("by1", 3), laws_get(LAW_BY1));
    assert_null(laws_find("CH6", 3));
    assert_ptr_equal(laws_find("PL5", 3), laws_get(LAW_PL5));
    assert_ptr_equal(laws_find("md1", 3), laws_get(LAW_MD1));
    assert_null(laws_find("PL9", 3));
}

static void laws_registry__rows_carry_the_laws_data(void **state)
{
    const struct law *l = laws_get(LAW_43);

    (void)state;
    assert_int_equal(l->elector, ROLE_ADVERSARY);
    assert_int_equal(l->options, OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND));
    assert_int_equal(l->remedy, REM_SCORE_CAP);
    assert_true(l->trigger & EV_BIT(EV_PLAY));
    l = laws_get(LAW_12);
    assert_int_equal(l->elector, ROLE_NOBODY);
    assert_int_equal(l->remedy, REM_NEW_DEAL);
    l = laws_get(LAW_49);
    assert_int_equal(l->kind, LAW_KIND_RULE);
}

static void laws_registry__applies_functions_answer(void **state)
{
    struct law_view v;
    struct table_event ev;
    struct profile p;

    (void)state;
    profile_london(&p);
    memset(&v, 0, sizeof(v));
    memset(&ev, 0, sizeof(ev));
    v.profile = &p;
    v.phase = PH_DEAL;
    ev.kind = EV_FOUND_FACED;
    assert_true(laws_get(LAW_12)->applies(&v, &ev));
    assert_false(laws_get(LAW_35)->applies(&v, &ev));
    v.phase = PH_EXCHANGE;
    assert_false(laws_get(LAW_12)->applies(&v, &ev));
    assert_true(laws_get(LAW_35)->applies(&v, &ev));
    ev.kind = EV_CUT;
    ev.n = 1;
    assert_true(laws_get(LAW_3)->applies(&v, &ev));
    ev.n = 2;
    assert_false(laws_get(LAW_3)->applies(&v, &ev));
    ev.n = 30;
    assert_false(laws_get(LAW_3)->applies(&v, &ev));
    ev.n = 31;
    assert_true(laws_get(LAW_3)->applies(&v, &ev));
}

static void laws_registry__false_king_evidence_lives_with_a_king_announced(
    void **state)
{
    const struct law *l25 = laws_get(LAW_25);
    struct law_view v;
    struct table_event ev;
    struct profile p;

    (void)state;
    profile_london(&p);
    memset(&v, 0, sizeof(v));
    memset(&ev, 0, sizeof(ev));
    v.profile = &p;
    v.phase = PH_PLAY;
    v.announced = SEAT_NONE;
    v.false_announced = SEAT_NONE;
    ev.actor = SEAT_A;
    assert_non_null(l25->evidence_live);
    /* no king announced: nothing after a card, a give, a show */
    ev.kind = EV_PLAY;
    assert_false(l25->evidence_live(&v, &ev));
    ev.kind = EV_GIVE;
    assert_false(l25->evidence_live(&v, &ev));
    ev.kind = EV_SHOW;
    assert_false(l25->evidence_live(&v, &ev));
    /* the action announces one (or marks it, PL3) */
    ev.kind = EV_ANNOUNCE;
    assert_true(l25->evidence_live(&v, &ev));
    ev.kind = EV_MARK_KING;
    assert_true(l25->evidence_live(&v, &ev));
    /* one announced before the action, standing or false */
    ev.kind = EV_PLAY;
    v.announced = SEAT_B;
    assert_true(l25->evidence_live(&v, &ev));
    v.announced = SEAT_NONE;
    v.false_announced = SEAT_A;
    assert_true(l25->evidence_live(&v, &ev));
    /* L43's lives with a proof (tests/test_arbiter_skips.c); MD3's is
     * always asked */
    assert_non_null(laws_get(LAW_43)->evidence_live);
    assert_null(laws_get(LAW_MD3)->evidence_live);
}

/* file_has - does the file at path contain needle? */
static bool file_has(const char *path, const char *needle)
{
    char line[4096];
    FILE *fp = fopen(path, "r");
    bool found = false;

    if (fp == NULL) {
        return false;
    }
    while (!found && fgets(line, sizeof(line), fp) != NULL) {
        const char *at = strstr(line, needle);

        /* "L3" must not match "L38": the id ends at a non-digit */
        found = at != NULL && !(at[strlen(needle)] >= '0' &&
                                at[strlen(needle)] <= '9');
    }
    fclose(fp);
    return found;
}

/*
 * has_case_in - is there a scenario under the directory rel of the source
 * tree whose name begins with prefix ("l43_", "pl5_") and ends in
 * _near_miss.ecarte (near_miss) or _fires.ecarte?  A firing case must
 * also record the rule's ruling (needle, "= ruling L43"), unless it is a
 * rule of scoring or play that gives no ruling line (rule).
 */
static bool has_case_in(const char *rel, const char *prefix,
                        const char *needle, bool rule, bool near_miss)
{
    char dir[4096];
    DIR *d;
    struct dirent *e;
    bool found = false;
    const char *end = near_miss ? "_near_miss.ecarte" : "_fires.ecarte";

    d = opendir(harness_path(rel, dir, sizeof(dir)));
    if (d == NULL) {
        return false;
    }
    while ((e = readdir(d)) != NULL && !found) {
        char path[8192];
        bool named = strncmp(e->d_name, prefix, strlen(prefix)) == 0;
        size_t n = strlen(e->d_name);

        /* <id>_<what>_fires.ecarte, <id>_<what>_near_miss.ecarte: found
         * by eye; a penalty law's firing case records its ruling */
        if (!named || n < strlen(end) ||
            strcmp(e->d_name + n - strlen(end), end) != 0) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        found = near_miss || rule || file_has(path, needle);
    }
    closedir(d);
    return found;
}

/*
 * has_case - is there a scenario for law under tests/cases?  A near miss
 * is a file named l<nn>_*near_miss*; a case where it fires is a file that
 * records a ruling under the law (`= ruling L<n> `), or, for the rules of
 * scoring that give no ruling line, a file l<nn>_* that is not a near
 * miss.
 */
static bool has_case(int law, bool near_miss)
{
    char prefix[16];
    char needle[32];
    bool rule = laws_get((enum law_id)(law - 1))->kind == LAW_KIND_RULE;

    snprintf(prefix, sizeof(prefix), "l%02d_", law);
    snprintf(needle, sizeof(needle), "= ruling L%d", law);
    return has_case_in("tests/cases", prefix, needle, rule, near_miss);
}

static void laws_registry__every_law_has_a_case_and_a_near_miss(void **state)
{
    (void)state;
    for (int l = 1; l <= N_CLUB_LAWS; l++) {
        if (!has_case(l, false)) {
            fail_msg("L%d has no tests/cases/l%02d_*_fires.ecarte recording "
                     "its ruling",
                     l, l);
        }
        if (!has_case(l, true)) {
            fail_msg("L%d has no tests/cases/l%02d_*_near_miss.ecarte", l,
                     l);
        }
    }
}

/* The variant rules (PL1-PL5, MD1-MD5: the rows after the 51 laws) have
 * their cases in tests/cases/variants, named by the rule's id in lower
 * case: pl5_<what>_fires.ecarte recording `= ruling PL5` (a rule of
 * scoring or play, PL2 or PL3, records none) and pl5_<what>_near_miss. */
static void laws_registry__every_variant_rule_has_a_case_and_a_near_miss(
    void **state)
{
    (void)state;
    assert_true(LAW_COUNT > N_CLUB_LAWS);
    for (int l = N_CLUB_LAWS; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);
        char prefix[16];
        char needle[32];
        size_t i;

        assert_non_null(row);
        for (i = 0; row->id[i] != '\0' && i + 2 < sizeof(prefix); i++) {
            prefix[i] = (char)((row->id[i] >= 'A' && row->id[i] <= 'Z')
                                   ? row->id[i] - 'A' + 'a'
                                   : row->id[i]);
        }
        prefix[i] = '_';
        prefix[i + 1] = '\0';
        snprintf(needle, sizeof(needle), "= ruling %s", row->id);
        if (!has_case_in("tests/cases/variants", prefix, needle,
                         row->kind == LAW_KIND_RULE, false)) {
            fail_msg("%s has no tests/cases/variants/%s*_fires.ecarte%s",
                     row->id, prefix,
                     row->kind == LAW_KIND_RULE ? "" : " recording its ruling");
        }
        if (!has_case_in("tests/cases/variants", prefix, needle,
                         row->kind == LAW_KIND_RULE, true)) {
            fail_msg("%s has no tests/cases/variants/%s*_near_miss.ecarte",
                     row->id, prefix);
        }
    }
}

/* Laws are named in code outside laws/ in one place only: the rulings
 * code, for what a row cannot say (issue "one engine"); everywhere else
 * the arbiter and the command line work from the rows. */
static void laws_registry__laws_are_named_only_in_the_rulings_code(
    void **state)
{
    char out[4096];
    char src[512];

    (void)state;
    harness_path("", src, sizeof(src));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "cd '%s' && grep -l 'LAW_[0-9]' "
                                     "arbiter/*.c arbiter/*.h cli/*.c session/*.c "
                                     "audit/*.c report/*.c gen/*.c cli/*.h tablelog/*.c ledger/*.c "
                                     "bench/*.c",
                                     src),
                     0);
    assert_string_equal(out, "arbiter/rulings.c\n");
}

/* The rules of the sitting (CH, PO, BY) name the sitting layer (sitting/)
 * in one file only, the one that asks them and carries their remedies
 * out (and rules the club law L4 on a person's cut); the formats ask the
 * rows without naming them. */
static void laws_registry__sitting_names_laws_only_in_its_rulings_code(
    void **state)
{
    char out[4096];
    char src[512];

    (void)state;
    harness_path("", src, sizeof(src));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "cd '%s' && grep -l "
                                     "'LAW_\\(CH\\|PO\\|BY\\|PL\\|MD\\)\\?[0-9]' "
                                     "sitting/*.c sitting/*.h",
                                     src),
                     0);
    assert_string_equal(out, "sitting/sit_rulings.c\n");
}

/* Every rule of the sitting is a whole row: its format, its verdict (no
 * applies function of the two seats, no profile to engage it) and its
 * remedies, the default among them; a row that can end two ways says so
 * in its remedies, the verdict choosing. */
static void laws_registry__sitting_rules_hold_verdicts_and_remedies(
    void **state)
{
    int n = 0;

    (void)state;
    for (int l = N_CLUB_LAWS; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);
        bool sitting = row->id[0] == 'C' || row->id[0] == 'B' ||
                       (row->id[0] == 'P' && row->id[1] == 'O');

        assert_int_equal(row->judge != NULL, sitting);
        assert_int_equal(row->format != NULL, sitting);
        if (!sitting) {
            assert_non_null(row->applies);
            assert_int_equal(row->remedies, 0);
            continue;
        }
        n++;
        assert_null(row->applies);
        assert_null(row->engaged);
        assert_true(laws_remedy_allowed(row, row->remedy));
        assert_true((row->remedies & ~(REM_BIT(REM_COUNT) - 1)) == 0);
    }
    assert_int_equal(n, 19);
    assert_true(laws_remedy_allowed(laws_get(LAW_CH3), REM_SUBSTITUTE));
    assert_true(laws_remedy_allowed(laws_get(LAW_CH3), REM_CONCEDE_GAME));
    assert_false(laws_remedy_allowed(laws_get(LAW_CH3), REM_VOID));
    assert_true(laws_remedy_allowed(laws_get(LAW_BY5), REM_CLAIM));
    assert_true(laws_remedy_allowed(laws_get(LAW_BY5), REM_VOID));
    assert_false(laws_remedy_allowed(laws_get(LAW_CH5), REM_SUBSTITUTE));
    assert_true(laws_remedy_allowed(laws_get(LAW_43), REM_SCORE_CAP));
    assert_false(laws_remedy_allowed(laws_get(LAW_43), REM_VOID));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(laws_registry__selfcheck_passes),
        cmocka_unit_test(laws_registry__ids_are_found_both_ways),
        cmocka_unit_test(laws_registry__rows_carry_the_laws_data),
        cmocka_unit_test(laws_registry__applies_functions_answer),
        cmocka_unit_test(
            laws_registry__false_king_evidence_lives_with_a_king_announced),
        cmocka_unit_test(laws_registry__every_law_has_a_case_and_a_near_miss),
        cmocka_unit_test(
            laws_registry__every_variant_rule_has_a_case_and_a_near_miss),
        cmocka_unit_test(
            laws_registry__laws_are_named_only_in_the_rulings_code),
        cmocka_unit_test(
            laws_registry__sitting_names_laws_only_in_its_rulings_code),
        cmocka_unit_test(
            laws_registry__sitting_rules_hold_verdicts_and_remedies),
    };

    return cmocka_run_group_tests_name("laws_registry", tests, NULL, NULL);
}
