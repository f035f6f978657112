/* SPDX-License-Identifier: MIT */
/* test_sitting.c - the sitting layer (sitting/sitting.h) through the
 * library, above the two seats: a log's lines read by tablelog, the tags
 * given to the sitting and the referee, each action line to
 * sitting_apply, and what it gives back (the rulings of CH, PO and BY
 * with their offender, elector and remedy, the `=` marks of money and
 * roles, who sits where, each person's balance) asserted; a line that
 * cannot stand above the seats refused with the sitting as it was; and,
 * over every variant case of tests/cases, each ruling's remedy one of its
 * row's (no caller contradicts a row). */
#include "tests/harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/arbiter.h"
#include "laws/laws.h"
#include "session/session.h"
#include "sitting/sitting.h"
#include "tablelog/tablelog.h"

#define DROVE_RULINGS 16
#define DROVE_MARKS 16

/* What a log driven through the sitting gave. */
struct drove {
    int n_rulings;
    char rulings[DROVE_RULINGS][APPLY_WORDS_MAX]; /* `= ruling` words */
    enum remedy remedy[DROVE_RULINGS];
    enum law_id law[DROVE_RULINGS];
    int n_marks;
    char marks[DROVE_MARKS][SIT_MARK_TEXT];      /* without "= " */
    int refused_line;           /* the first line refused, 0 none */
    int refused_rc;
    char refused[TL_MSG_MAX * 2];
    int n_lines;                /* action lines taken */
};

/* The sitting and the referee a log was driven through (owned). */
struct table {
    struct sitting *sit;
    struct arbiter *arb;
};

static void table_open(struct table *t)
{
    assert_int_equal(sitting_open(&t->sit), 0);
    assert_int_equal(arbiter_open(&t->arb), 0);
}

static void table_close(struct table *t)
{
    sitting_close(t->sit);
    arbiter_close(t->arb);
}

/* take - what sitting_apply gave for one line, into *d. */
static void take(struct drove *d, const struct sit_result *out)
{
    for (int i = 0; i < out->n_rulings; i++) {
        if (d->n_rulings < DROVE_RULINGS) {
            sit_ruling_words(&out->rulings[i], d->rulings[d->n_rulings],
                             sizeof(d->rulings[0]));
            d->remedy[d->n_rulings] = out->rulings[i].remedy;
            d->law[d->n_rulings] = out->rulings[i].law;
        }
        d->n_rulings++;
    }
    for (int i = 0; i < out->n_marks; i++) {
        if (d->n_marks < DROVE_MARKS) {
            snprintf(d->marks[d->n_marks], sizeof(d->marks[0]), "%s",
                     out->marks[i].text);
        }
        d->n_marks++;
    }
}

/*
 * drive - the log text through t line by line: tags to both, action lines
 * to sitting_apply; `=` lines and comments are not the sitting's input
 * and are skipped (the session compares them).  Stops at the first line
 * refused, noting it in d.  A line tablelog cannot read fails the test.
 */
static void drive(struct table *t, const char *text, struct drove *d)
{
    FILE *fp = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
    struct tl_reader *r = NULL;
    struct tl_line line;
    int rc;

    memset(d, 0, sizeof(*d));
    assert_non_null(fp);
    assert_int_equal(tl_reader_open(&r, fp, "drive.ecarte"), 0);
    while ((rc = tl_reader_next(r, &line)) == 1) {
        struct arb_result ar;
        struct sit_result out;

        if (line.kind == TL_TAG) {
            assert_int_equal(arbiter_set_tag(t->arb, line.tag_name,
                                             line.tag_value), 0);
            assert_int_equal(sitting_set_tag(t->sit, line.tag_name,
                                             line.tag_value), 0);
            continue;
        }
        if (line.kind != TL_EVENT) {
            continue;
        }
        arbiter_set_line(t->arb, line.line_no);
        d->refused_rc = sitting_apply(t->sit, t->arb, &line, &ar, &out);
        if (d->refused_rc != 0) {
            d->refused_line = line.line_no;
            snprintf(d->refused, sizeof(d->refused), "%s",
                     sitting_errmsg(t->sit));
            break;
        }
        d->n_lines++;
        take(d, &out);
    }
    if (rc < 0) {
        fail_msg("%s", tl_reader_error(r));
    }
    tl_reader_close(r);
    fclose(fp);
}

/* balance - the sitting's balance of person id (fails if not declared). */
static int balance(const struct table *t, const char *id)
{
    for (int i = 0; i < sitting_persons(t->sit); i++) {
        int b = 0;

        if (strcmp(sitting_person(t->sit, i, &b), id) == 0) {
            return b;
        }
    }
    fail_msg("no person %s", id);
    return 0;
}

/* The deal of the chouette cases: the ponte (B) walks out after the
 * turn-up. */
#define CHOUETTE_DEAL                                                        \
    "game\n"                                                                 \
    "score A 1 B 2\n"                                                        \
    "deal A\n"                                                               \
    "B shuffles\n"                                                           \
    "A shuffles\n"                                                           \
    "B cuts 9\n"                                                             \
    "A gives B 3 KH QH AC\n"                                                 \
    "A gives A 3 QS JS AH\n"                                                 \
    "A gives B 2 9C 8H\n"                                                    \
    "A gives A 2 7C JD\n"                                                    \
    "A turns 8D\n"                                                           \
    "B leaves\n"

/* CH3 with an adviser: the ruling names the first adviser as elector and
 * the remedy substitute (the row's first); he takes the seat. */
static void sitting__ch3_ponte_leaves_the_first_adviser_may_sit(void **state)
{
    struct table t;
    struct drove d;

    (void)state;
    table_open(&t);
    drive(&t,
          "[Laws \"london\"]\n[Format \"chouette\"]\n"
          "person ann \"Ann Ash\"\nperson bob \"Bob Blount\"\n"
          "person cy \"Cy Cray\"\n"
          "roles bank ann ponte bob advisers cy\n"
          "seat A ann\nseat B bob\n" CHOUETTE_DEAL "cy takes-seat B\n",
          &d);
    assert_int_equal(d.refused_line, 0);
    assert_int_equal(d.n_rulings, 1);
    assert_string_equal(d.rulings[0], "ruling CH3 offender B elector cy "
                                      "remedy substitute");
    assert_int_equal(d.remedy[0], REM_SUBSTITUTE);
    assert_string_equal(sitting_seated(t.sit, SEAT_B), "cy");
    assert_string_equal(sitting_seated(t.sit, SEAT_A), "ann");
    table_close(&t);
}

/* CH3 near miss, and its other remedy: with nobody to take the seat the
 * row itself gives concede-game; the bank wins the game (single, the
 * ponte had 2) and the stake moves at once. */
static void sitting__ch3_no_adviser_the_row_concedes_the_game(void **state)
{
    struct table t;
    struct drove d;

    (void)state;
    table_open(&t);
    drive(&t,
          "[Laws \"london\"]\n[Format \"chouette\"]\n"
          "person ann \"Ann Ash\"\nperson bob \"Bob Blount\"\n"
          "roles bank ann ponte bob\n"
          "seat A ann\nseat B bob\n" CHOUETTE_DEAL,
          &d);
    assert_int_equal(d.refused_line, 0);
    assert_int_equal(d.n_rulings, 1);
    assert_int_equal(d.law[0], LAW_CH3);
    assert_int_equal(d.remedy[0], REM_CONCEDE_GAME);
    assert_true(laws_remedy_allowed(laws_get(LAW_CH3), d.remedy[0]));
    assert_int_equal(balance(&t, "ann"), 1);
    assert_int_equal(balance(&t, "bob"), -1);
    table_close(&t);
}

/* A line above the seats that cannot stand: a seat for a person nobody
 * declared is refused with the reason, and the sitting is as it was. */
static void sitting__an_undeclared_person_is_refused_and_nothing_moves(
    void **state)
{
    struct table t;
    struct drove d;

    (void)state;
    table_open(&t);
    drive(&t,
          "[Format \"chouette\"]\n"
          "person ann \"Ann Ash\"\nperson bob \"Bob Blount\"\n"
          "roles bank ann ponte bob\n"
          "seat A ann\n"
          "seat B zed\n",
          &d);
    assert_int_equal(d.refused_line, 6);
    assert_int_equal(d.refused_rc, SIT_E_INPUT);
    assert_non_null(strstr(d.refused, "zed"));
    assert_non_null(strstr(d.refused, "expected"));
    assert_int_equal(sitting_persons(t.sit), 2);
    assert_null(sitting_seated(t.sit, SEAT_B));
    table_close(&t);
}

/* drive_case - drive tests/cases/variants/NAME through t (opened here). */
static void drive_case(struct table *t, const char *name, struct drove *d)
{
    static char text[1 << 16];
    char rel[256];
    char path[1024];
    FILE *fp;
    size_t n;

    snprintf(rel, sizeof(rel), "tests/cases/variants/%s", name);
    harness_path(rel, path, sizeof(path));
    fp = fopen(path, "r");
    assert_non_null(fp);
    n = fread(text, 1, sizeof(text) - 1, fp);
    text[n] = '\0';
    fclose(fp);
    table_open(t);
    drive(t, text, d);
}

/* BY5 under the French rule: a bettor's call is his player's claim
 * (remedy claim, nobody offends); under the English rule it is not heard
 * and voids his bet (remedy void, the bettor the offender).  Both are the
 * row's; the player calling is the near miss (no BY5). */
static void sitting__by5_a_bettors_call_by_the_gallerys_style(void **state)
{
    struct table t;
    struct drove d;

    (void)state;
    drive_case(&t, "by5_bettor_call_is_the_claim_fires.ecarte", &d);
    assert_int_equal(d.refused_line, 0);
    assert_int_equal(d.n_rulings, 1);
    assert_int_equal(d.law[0], LAW_BY5);
    assert_int_equal(d.remedy[0], REM_CLAIM);
    table_close(&t);

    drive_case(&t, "by5_english_call_not_heard_fires.ecarte", &d);
    assert_int_equal(d.n_rulings, 1);
    assert_string_equal(d.rulings[0], "ruling BY5 offender dan remedy void");
    assert_int_equal(d.remedy[0], REM_VOID);
    table_close(&t);

    drive_case(&t, "by5_player_calls_near_miss.ecarte", &d);
    assert_int_equal(d.refused_line, 0);
    assert_int_equal(d.n_rulings, 0);
    table_close(&t);
}

/* PO1: the loser's forfeit goes into the pool, the first of the queue
 * comes in as rentrant: the pool's `=` marks and the roles now. */
static void sitting__po1_the_pool_after_a_game(void **state)
{
    struct table t;
    struct drove d;
    char buf[256];

    (void)state;
    drive_case(&t, "po1_loser_pays_and_rentrant_comes_in_fires.ecarte", &d);
    assert_int_equal(d.refused_line, 0);
    assert_int_equal(d.n_rulings, 0);
    assert_string_equal(sitting_now_text(t.sit, TL_EXPECT_POOL, buf,
                                         sizeof(buf)), "pool 5");
    assert_string_equal(sitting_now_text(t.sit, TL_EXPECT_ROLES, buf,
                                         sizeof(buf)),
                        "roles roi ann streak 1 rentrant dan queue cy bob");
    assert_int_equal(sitting_format(t.sit), SIT_POOL);
    assert_true(d.n_marks >= 2);
    table_close(&t);
}

/* ruled_remedies_are_the_rows - drive one case file; every ruling of the
 * sitting must give a remedy its row allows.  Returns the rulings seen. */
static int ruled_remedies_are_the_rows(const char *path)
{
    FILE *fp = fopen(path, "r");
    static char text[1 << 16];
    size_t n;
    struct table t;
    struct drove d;

    assert_non_null(fp);
    n = fread(text, 1, sizeof(text) - 1, fp);
    text[n] = '\0';
    fclose(fp);
    table_open(&t);
    drive(&t, text, &d);
    for (int i = 0; i < d.n_rulings && i < DROVE_RULINGS; i++) {
        const struct law *row = laws_get(d.law[i]);

        if (!laws_remedy_allowed(row, d.remedy[i])) {
            fail_msg("%s: %s gives %s, not one of its row's", path, row->id,
                     remedy_name(d.remedy[i]));
        }
    }
    table_close(&t);
    return d.n_rulings;
}

/* Over every variant case (tests/cases/variants): no ruling of the
 * sitting contradicts its row, and the cases do rule (at least one ruling
 * per rule of the sitting is seen). */
static void sitting__every_case_rules_within_its_rows(void **state)
{
    char dir[512];
    char path[1024];
    DIR *dp;
    struct dirent *e;
    int files = 0;
    int rulings = 0;

    (void)state;
    harness_path("tests/cases/variants", dir, sizeof(dir));
    dp = opendir(dir);
    assert_non_null(dp);
    while ((e = readdir(dp)) != NULL) {
        size_t len = strlen(e->d_name);

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0 ||
            !(strncmp(e->d_name, "ch", 2) == 0 ||
              strncmp(e->d_name, "po", 2) == 0 ||
              strncmp(e->d_name, "by", 2) == 0)) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        rulings += ruled_remedies_are_the_rows(path);
        files++;
    }
    closedir(dp);
    assert_true(files >= 90);
    assert_true(rulings >= 40);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sitting__ch3_ponte_leaves_the_first_adviser_may_sit),
        cmocka_unit_test(sitting__ch3_no_adviser_the_row_concedes_the_game),
        cmocka_unit_test(
            sitting__an_undeclared_person_is_refused_and_nothing_moves),
        cmocka_unit_test(sitting__by5_a_bettors_call_by_the_gallerys_style),
        cmocka_unit_test(sitting__po1_the_pool_after_a_game),
        cmocka_unit_test(sitting__every_case_rules_within_its_rows),
    };

    return cmocka_run_group_tests_name("sitting", tests, NULL, NULL);
}
