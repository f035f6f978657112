/* SPDX-License-Identifier: MIT */
/*
 * test_members.c - members across sittings (ledger/members.c): the same
 * name is the same member; a join makes two spellings one member; an
 * apart keeps two namesakes apart; placeholders and seats are never
 * members; every decision sealed (ledger_seals_check) and refused where
 * it cannot stand.  Then `ecarte members`: the list, --join and --apart,
 * the errors and exit codes, and a decision tampered with caught by
 * `ecarte verify`.
 */
#include "tests/harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"

/* A ledger in memory with three sittings: a duel of Ann Ash and Bob
 * Blount, a duel of "Mr. Ashby" and Ann Ash (another Ann Ash, of Bath),
 * and a chouette with persons (the seats' tags placeholders). */
struct club {
    struct ledger *l;
    int64_t duel1, duel2, chouette;
};

/* duel - a sitting with seat tags a and b (and a Date). */
static int64_t duel(struct ledger *l, const char *a, const char *b,
                    const char *date)
{
    int64_t id = 0;

    assert_int_equal(ledger_sitting_add(l, "duel.ecarte", &id), 0);
    assert_int_equal(ledger_tag_add(l, id, "Event", "Club night"), 0);
    assert_int_equal(ledger_tag_add(l, id, "Date", date), 0);
    assert_int_equal(ledger_tag_add(l, id, "A", a), 0);
    assert_int_equal(ledger_tag_add(l, id, "B", b), 0);
    return id;
}

static int club_setup(void **state)
{
    struct club *c = calloc(1, sizeof(*c));

    if (c == NULL || ledger_open(&c->l, ":memory:", 0) != 0) {
        free(c);
        return -1;
    }
    c->duel1 = duel(c->l, "Ann Ash", "Bob Blount", "1820.01.05");
    c->duel2 = duel(c->l, "Mr. Ashby", "Ann Ash", "1820.01.12");
    if (ledger_sitting_add(c->l, "chouette.ecarte", &c->chouette) != 0 ||
        ledger_tag_add(c->l, c->chouette, "Date", "1820.01.19") != 0 ||
        ledger_tag_add(c->l, c->chouette, "A", "Player A") != 0 ||
        ledger_tag_add(c->l, c->chouette, "B", "Player B") != 0 ||
        ledger_person_add(c->l, c->chouette, 0, "ann", "Ann Ash") != 0 ||
        ledger_person_add(c->l, c->chouette, 0, "bob", "Bob Blount") != 0 ||
        ledger_person_add(c->l, c->chouette, 0, "cy", "Cy Cray") != 0) {
        return -1;
    }
    *state = c;
    return 0;
}

static int club_teardown(void **state)
{
    struct club *c = *state;

    ledger_close(c->l);
    free(c);
    return 0;
}

/* member - ledger_member_of, which must succeed; static buffer. */
static const char *member(struct ledger *l, int64_t sitting, const char *who)
{
    static char out[128];

    assert_int_equal(ledger_member_of(l, sitting, who, out, sizeof(out)), 0);
    return out;
}

/* The members listed: "name|spellings|sittings|first|last" lines. */
struct listing {
    char buf[2048];
    size_t used;
};

static int list_member(void *vctx, const struct ledger_member *m)
{
    struct listing *li = vctx;
    int k = snprintf(li->buf + li->used, sizeof(li->buf) - li->used,
                     "%s|%s|%lld|%s|%s|%lld-%lld\n", m->name, m->spellings,
                     (long long)m->sittings, m->first, m->last,
                     (long long)m->first_sitting, (long long)m->last_sitting);

    li->used += (size_t)k;
    return 0;
}

/* By default the name is the member: a duel's seat by its tag, a person
 * by his person line; a placeholder, a seat at a table of persons, an
 * unknown ID: no member; an unknown sitting: LEDGER_E_NOTFOUND. */
static void members__the_name_is_the_member_by_default(void **state)
{
    struct club *c = *state;
    char out[64];

    assert_string_equal(member(c->l, c->duel1, "A"), "Ann Ash");
    assert_string_equal(member(c->l, c->duel1, "B"), "Bob Blount");
    assert_string_equal(member(c->l, c->duel2, "A"), "Mr. Ashby");
    assert_string_equal(member(c->l, c->chouette, "ann"), "Ann Ash");
    assert_string_equal(member(c->l, c->chouette, "cy"), "Cy Cray");
    assert_string_equal(member(c->l, c->chouette, "A"), "");
    assert_string_equal(member(c->l, c->chouette, "dan"), "");
    assert_string_equal(member(c->l, c->duel1, ""), "");
    assert_int_equal(ledger_member_of(c->l, 99, "A", out, sizeof(out)),
                     LEDGER_E_NOTFOUND);
    assert_true(ledger_member_placeholder("Player A"));
    assert_true(ledger_member_placeholder("B"));
    assert_true(ledger_member_placeholder(""));
    assert_true(ledger_member_placeholder("?"));
    assert_false(ledger_member_placeholder("Ann Ash"));
}

/* A join makes "Mr. Ashby" the member Ann Ash; an apart keeps the Ann Ash
 * of the second duel apart as "Ann Ash (Bath)": apart beats join beats
 * the name.  The list counts sittings once each, with the first and last
 * evenings and the spellings. */
static void members__join_and_apart_decide(void **state)
{
    struct club *c = *state;
    struct listing li;

    assert_int_equal(ledger_member_join(c->l, "Mr. Ashby", "Ann Ash"), 0);
    assert_int_equal(ledger_member_apart(c->l, c->duel2, "B",
                                         "Ann Ash (Bath)"), 0);
    assert_string_equal(member(c->l, c->duel2, "A"), "Ann Ash");
    assert_string_equal(member(c->l, c->duel2, "B"), "Ann Ash (Bath)");
    assert_string_equal(member(c->l, c->duel1, "A"), "Ann Ash");
    memset(&li, 0, sizeof(li));
    assert_int_equal(ledger_members_foreach(c->l, list_member, &li), 0);
    assert_string_equal(li.buf,
                        "Ann Ash|Ann Ash; Mr. Ashby|3|1820-01-05|1820-01-19|"
                        "1-3\n"
                        "Ann Ash (Bath)|Ann Ash|1|1820-01-12|1820-01-12|2-2\n"
                        "Bob Blount|Bob Blount|2|1820-01-05|1820-01-19|1-3\n"
                        "Cy Cray|Cy Cray|1|1820-01-19|1820-01-19|3-3\n");
    /* joins chain: "Ann Ash" made "Ann Ashworth", Mr. Ashby follows */
    assert_int_equal(ledger_member_join(c->l, "Ann Ash", "Ann Ashworth"), 0);
    assert_string_equal(member(c->l, c->duel2, "A"), "Ann Ashworth");
    assert_string_equal(member(c->l, c->chouette, "ann"), "Ann Ashworth");
    assert_string_equal(member(c->l, c->duel2, "B"), "Ann Ash (Bath)");
    assert_int_equal(ledger_seals_check(c->l, NULL, NULL), 0);
}

/* What cannot stand is refused, nothing written: the same decision again
 * is 1; another member for the same spelling or seat is a duplicate;
 * placeholders, a circle, a seat at a table of persons, an unknown ID or
 * sitting are refused. */
static void members__decisions_that_cannot_stand_are_refused(void **state)
{
    struct club *c = *state;

    assert_int_equal(ledger_member_join(c->l, "Mr. Ashby", "Ann Ash"), 0);
    assert_int_equal(ledger_member_join(c->l, "Mr. Ashby", "Ann Ash"), 1);
    assert_int_equal(ledger_member_join(c->l, "Mr. Ashby", "Bob Blount"),
                     LEDGER_E_DUPLICATE);
    assert_non_null(strstr(ledger_errmsg(c->l), "\"Mr. Ashby\" is joined to "
                                                "\"Ann Ash\" already"));
    assert_int_equal(ledger_member_join(c->l, "Ann Ash", "Mr. Ashby"),
                     LEDGER_E_INVALID);
    assert_non_null(strstr(ledger_errmsg(c->l), "circle"));
    assert_int_equal(ledger_member_join(c->l, "Player A", "Ann Ash"),
                     LEDGER_E_INVALID);
    assert_int_equal(ledger_member_join(c->l, "Cy Cray", ""),
                     LEDGER_E_INVALID);
    assert_int_equal(ledger_member_join(c->l, "Cy Cray", "Cy Cray"),
                     LEDGER_E_INVALID);
    assert_int_equal(ledger_member_apart(c->l, c->duel2, "B", "Ann (Bath)"),
                     0);
    assert_int_equal(ledger_member_apart(c->l, c->duel2, "B", "Ann (Bath)"),
                     1);
    assert_int_equal(ledger_member_apart(c->l, c->duel2, "B", "Ann (York)"),
                     LEDGER_E_DUPLICATE);
    assert_int_equal(ledger_member_apart(c->l, c->chouette, "A", "Ann"),
                     LEDGER_E_INVALID);
    assert_int_equal(ledger_member_apart(c->l, c->chouette, "dan", "Dan"),
                     LEDGER_E_INVALID);
    assert_int_equal(ledger_member_apart(c->l, 99, "A", "Ann"),
                     LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_member_apart(c->l, c->duel1, "A", "Player B"),
                     LEDGER_E_INVALID);
    assert_int_equal(ledger_member_apart(c->l, c->chouette, "cy",
                                         "Cy Cray (Bath)"), 0);
    assert_string_equal(member(c->l, c->chouette, "cy"), "Cy Cray (Bath)");
    assert_int_equal(ledger_seals_check(c->l, NULL, NULL), 0);
}

/* The ledger's identity: 32 hex digits, the same on every call. */
static void members__a_ledger_has_an_identity(void **state)
{
    struct club *c = *state;
    char a[LEDGER_UUID_HEX];
    char b[LEDGER_UUID_HEX];

    assert_int_equal(ledger_identity(c->l, a), 0);
    assert_int_equal(ledger_identity(c->l, b), 0);
    assert_string_equal(a, b);
    assert_int_equal(strlen(a), 32);
    assert_int_equal(strspn(a, "0123456789abcdef"), 32);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            members__the_name_is_the_member_by_default, club_setup,
            club_teardown),
        cmocka_unit_test_setup_teardown(members__join_and_apart_decide,
                                        club_setup, club_teardown),
        cmocka_unit_test_setup_teardown(
            members__decisions_that_cannot_stand_are_refused, club_setup,
            club_teardown),
        cmocka_unit_test_setup_teardown(members__a_ledger_has_an_identity,
                                        club_setup, club_teardown),
    };

    return cmocka_run_group_tests_name("members", tests, NULL, NULL);
}
