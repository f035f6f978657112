/* SPDX-License-Identifier: MIT */
/* test_tablelog_fields.c - an event line's fields for the ledger
 * (tl_event_fields, tablelog/write.c): byte for byte what the old split in
 * the recorder gave, on every scenario file, example, shared record and
 * generated sitting and on a line of every kind; each part named; no
 * fields for a line that is no event; room for every verb and 40 cards. */
#include "tests/harness.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "laws/laws.h"
#include "tablelog/tablelog.h"

#include "tests/tablelog_util.h"

/* ------------------------------------------------------------------ */
/* An event line's fields for the ledger (tl_event_fields)              */
/* ------------------------------------------------------------------ */

/*
 * The fields as cli/session_record.c made them before tl_event_fields
 * (record_event, split_event and sitting_args there): the line formatted,
 * its "@stamp " skipped by hand, the words after the verb found again
 * in the text, the cards joined.  Kept here, word for word, as the
 * oracle tl_event_fields must agree with byte for byte.
 */
struct old_fields {
    char text[TL_LINE_MAX];
    char args[TL_LINE_MAX];
    char cards[200];
    char actor[TL_ID_MAX];
    const char *stamp;
    const char *verb;
};

static void old_split_event(const struct tl_line *line, const char *text,
                            char *args, size_t na, char *cards, size_t nc)
{
    const struct table_event *ev = &line->ev;
    const char *at = text;
    size_t used = 0;

    if (line->stamp[0] != '\0') {
        at += strcspn(at, " ");
        at += strspn(at, " ");
    }
    snprintf(args, na, "%s", tl_event_args(ev, at));
    cards[0] = '\0';
    for (int i = 0; i < ev->n_cards && used + CARD_TEXT_MAX + 1 < nc; i++) {
        if (i > 0) {
            cards[used++] = ' ';
        }
        card_format(ev->cards[i], cards + used);
        used += strlen(cards + used);
    }
}

static void old_sitting_args(const char *text, const struct tl_line *line,
                             char *args, size_t na)
{
    const char *p = text;
    int words = line->sit.actor[0] != '\0' || line->ev.actor != SEAT_NONE
                    ? 2
                    : 1;

    for (int i = 0; i < words && *p != '\0'; i++) {
        p += strcspn(p, " ");
        p += strspn(p, " ");
    }
    snprintf(args, na, "%s", p);
}

static void old_event_fields(const struct tl_line *line, struct old_fields *o)
{
    memset(o->actor, 0, sizeof(o->actor));
    tl_format_line(line, o->text, sizeof(o->text));
    old_split_event(line, o->text, o->args, sizeof(o->args), o->cards,
                    sizeof(o->cards));
    o->actor[0] = line->ev.actor == SEAT_NONE ? '\0'
                                              : seat_letter(line->ev.actor);
    if (tl_is_sitting(line)) {
        char bare[TL_LINE_MAX];
        const char *at = o->text;

        if (line->stamp[0] != '\0') {
            at += strcspn(at, " ");
            at += strspn(at, " ");
        }
        snprintf(bare, sizeof(bare), "%s", at);
        old_sitting_args(bare, line, o->args, sizeof(o->args));
        if (line->sit.actor[0] != '\0') {
            snprintf(o->actor, sizeof(o->actor), "%s", line->sit.actor);
        }
    }
    o->stamp = line->stamp;
    o->verb = event_verb(line->ev.kind);
}

/* The event kinds whose fields were compared (bits of EV_BIT). */
static uint64_t fields_kinds_seen;

/* same_fields - tl_event_fields on the event line l gives what the old
 * split gave, field for field (where names the line in a failure). */
static void same_fields(const struct tl_line *l, const char *where)
{
    struct old_fields o;
    struct tl_fields f;

    old_event_fields(l, &o);
    memset(&f, 0x5a, sizeof(f));
    assert_int_equal(tl_event_fields(l, &f), 0);
    if (strcmp(f.text, o.text) != 0 || strcmp(f.args, o.args) != 0 ||
        strcmp(f.cards, o.cards) != 0 || strcmp(f.actor, o.actor) != 0 ||
        strcmp(f.stamp, o.stamp) != 0 || strcmp(f.verb, o.verb) != 0) {
        fail_msg("%s: fields differ:\n"
                 "  text  \"%s\" / \"%s\"\n  args  \"%s\" / \"%s\"\n"
                 "  cards \"%s\" / \"%s\"\n  actor \"%s\" / \"%s\"\n"
                 "  stamp \"%s\" / \"%s\"\n  verb  \"%s\" / \"%s\"",
                 where, f.text, o.text, f.args, o.args, f.cards, o.cards,
                 f.actor, o.actor, f.stamp, o.stamp, f.verb, o.verb);
    }
    assert_true(f.args >= f.text && f.args <= f.text + strlen(f.text));
    fields_kinds_seen |= EV_BIT(l->ev.kind);
}

/* same_fields_stamped - same_fields on l as it is, and with each shape of
 * time stamp if it has none. */
static void same_fields_stamped(struct tl_line *l, const char *where)
{
    static const char *const stamps[] = {"12:34:56", "2024-02-29T23:59:01"};

    same_fields(l, where);
    if (l->stamp[0] != '\0') {
        return;
    }
    for (size_t i = 0; i < sizeof(stamps) / sizeof(stamps[0]); i++) {
        snprintf(l->stamp, sizeof(l->stamp), "%s", stamps[i]);
        same_fields(l, where);
    }
    l->stamp[0] = '\0';
}

/* same_fields_on - same_fields_stamped on every event line read from fp
 * (named name); the number of event lines.  Lines that do not read are
 * passed over (tests/cases/bad/ holds some). */
static int same_fields_on(FILE *fp, const char *name)
{
    struct tl_reader *r = NULL;
    struct tl_line l;
    int events = 0;
    int rc;

    assert_int_equal(tl_reader_open(&r, fp, name), 0);
    while ((rc = tl_reader_next(r, &l)) != 0 && rc != -2) {
        char where[600];

        if (rc != 1 || l.kind != TL_EVENT) {
            continue;
        }
        snprintf(where, sizeof(where), "%s:%d", name, l.line_no);
        same_fields_stamped(&l, where);
        events++;
    }
    assert_int_not_equal(rc, -2);
    tl_reader_close(r);
    return events;
}

/* same_fields_in_dir - same_fields_on every .ecarte file of dir (a path
 * of the source tree if rel, else as it is); the number of files (0 if
 * dir is not there). */
static int same_fields_in_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;

    if (d == NULL) {
        return 0;
    }
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        size_t len = strlen(e->d_name);
        FILE *fp = NULL;

        if (len < 8 || strcmp(e->d_name + len - 7, ".ecarte") != 0) {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        fp = fopen(path, "r");
        assert_non_null(fp);
        same_fields_on(fp, path);
        fclose(fp);
        files++;
    }
    closedir(d);
    return files;
}

/* Every event line of the scenario files (tests/cases and its folders),
 * the examples and the shared records, with and without a time stamp. */
static void tablelog__event_fields_match_the_old_split_on_every_case(
    void **state)
{
    static const char *const dirs[] = {
        "tests/cases", "tests/cases/variants", "tests/cases/bad", "examples",
    };
    static const char *const shared[] = {"records", "variants"};
    char dir[4096];
    int files = 0;

    (void)state;
    fields_kinds_seen = 0;
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        files += same_fields_in_dir(harness_path(dirs[i], dir, sizeof(dir)));
    }
    assert_true(files > 200);
    for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++) {
        const char *path = harness_shared(shared[i]);

        if (path != NULL) {
            same_fields_in_dir(path);
        }
    }
}

/* Every event line of generated sittings: two players under each preset
 * and the variant switches, and a table of each format, irregular. */
static void tablelog__event_fields_match_the_old_split_on_generated_sittings(
    void **state)
{
    static const char *const args[] = {
        "--deals 300 --seed 3 --irregularities 0.5",
        "--deals 200 --seed 4 --irregularities 0.5 --laws meyers1889",
        "--deals 200 --seed 5 --irregularities 0.5 --laws polish",
        "--deals 200 --seed 6 --irregularities 0.5 --laws "
        "'london;doubling=yes;redouble=yes;offer-point=before-trick3;"
        "jack-veto=yes;stock-out=reshuffle'",
        "--deals 200 --seed 7 --irregularities 0.5 --format chouette",
        "--deals 200 --seed 8 --irregularities 0.5 --format pool",
        "--deals 200 --seed 9 --irregularities 0.5 --format gallery",
        "--deals 100 --seed 10 --format gallery --laws polish",
    };

    (void)state;
    for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
        char cmd[1024];
        FILE *fp = NULL;

        snprintf(cmd, sizeof(cmd), "%s gen %s", harness_ecarte(), args[i]);
        fp = popen(cmd, "r");
        assert_non_null(fp);
        assert_true(same_fields_on(fp, cmd) > 500);
        assert_int_equal(pclose(fp), 0);
    }
}

/* One line of each event kind, seat and person actors, with stamps: the
 * fields agree with the old split, and every kind is covered. */
static void tablelog__event_fields_match_the_old_split_for_every_kind(
    void **state)
{
    static const char *const lines[] = {
        "game", "end", "strike", "score A 3 B 4", "deal A", "deal B pack A",
        "found faced 7H", "found B holds 4",
        "found pack imperfect 7H 7H", "A cuts-for-deal KS",
        "B shuffles", "B shuffles faces-shown", "A shuffles below-table",
        "A cuts 12", "A cuts 3 exposed QS", "B packets 2-3",
        "B calls-new-cards", "B gives A 3 KS KD 8S", "B gives A 2",
        "B exposes 9C to A", "B turns JD", "A looks", "B marks king",
        "A announces king", "A withdraws king", "A proposes", "A stands",
        "B accepts", "B accepts if-enough", "B refuses", "A discards 2 7H 8H",
        "A asks 2", "A draws 2 9S TS", "A leads AH calling S", "B plays 7S",
        "B takes-back 7S", "A abandons", "A claims KS QS", "B shows KH",
        "A elects new-deal", "A elects trump QH", "B marks 2",
        "B unmarks 1", "A offers-double", "B accepts-double",
        "B declines-double", "A offers-point", "B accepts-point",
        "B declines-point", "B reshuffles 5", "A vetoes JH",
        "person ann \"Ann \\\"the\\\" Ash\"", "seat A ann", "pool 20",
        "roles bank dan ponte cy advisers bob eve ann",
        "roles players ann bob queue cy", "roles roi ann streak 2 rentrant bob",
        "roles A ann B bob queue cy dan", "ann cuts-for-deal 8H",
        "ann stakes 2", "ann bets 5 on A at 2:1", "ann covers bob 3",
        "ann covers bob", "A takes-all-bets", "ann queues", "ann sees B",
        "ann points A KS", "ann advises B", "ann calls L43", "ann leaves",
        "A leaves", "ann takes-seat B",
        "@12:00:00 A gives B 3 KS KD 8S", "@2024-01-01T10:00:00 ann stakes 2",
        "@09:00:00 game", "@09:00:01 person bob \"Bob\"",
    };

    (void)state;
    fields_kinds_seen = 0;
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        struct tl_line l = parse(lines[i]);

        assert_int_equal(l.kind, TL_EVENT);
        same_fields_stamped(&l, lines[i]);
    }
    for (int k = EV_NONE + 1; k < EV_KIND_COUNT; k++) {
        if ((fields_kinds_seen & EV_BIT(k)) == 0) {
            fail_msg("no line of kind %s (%d) compared",
                     event_verb((enum event_kind)k), k);
        }
    }
}

/* The fields of a few lines, named: what the ledger binds. */
static void tablelog__event_fields_name_each_part(void **state)
{
    static const struct {
        const char *line;
        const char *stamp, *actor, *verb, *args, *cards;
    } cases[] = {
        {"@12:01:00 a gives b 3 ks kd 8s", "12:01:00", "A", "gives",
         "B 3 KS KD 8S", "KS KD 8S"},
        {"deal B pack A", "", "B", "deal", "B pack A", ""},
        {"found faced 7h", "", "", "found", "faced 7H", "7H"},
        {"found a holds 4", "", "", "found", "A holds 4", ""},
        {"game", "", "", "game", "", ""},
        {"A proposes", "", "A", "proposes", "", ""},
        {"person ann \"Ann Ash\"", "", "", "person", "ann \"Ann Ash\"", ""},
        {"seat B ann", "", "", "seat", "B ann", ""},
        {"@10:00:00 Ann stakes 2", "10:00:00", "ann", "stakes", "2", ""},
        {"ann points A ks", "", "ann", "points", "A KS", "KS"},
        {"B leaves", "", "B", "leaves", "", ""},
    };
    struct tl_fields f;

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct tl_line l = parse(cases[i].line);
        char text[TL_LINE_MAX];

        assert_int_equal(tl_event_fields(&l, &f), 0);
        assert_string_equal(f.text, tl_format_line(&l, text, sizeof(text)));
        assert_string_equal(f.stamp, cases[i].stamp);
        assert_string_equal(f.actor, cases[i].actor);
        assert_string_equal(f.verb, cases[i].verb);
        assert_string_equal(f.args, cases[i].args);
        assert_string_equal(f.cards, cases[i].cards);
    }
}

/* A line that is no event has no fields: -1, every field "". */
static void tablelog__event_fields_refuse_a_line_that_is_no_event(
    void **state)
{
    static const char *const lines[] = {
        "[Event \"x\"]", "= score A 1 B 2", "= ruling L43 offender A",
        "= settle ann +2 bob -2", "= pool 5", "@12:00:00 = value 2",
    };
    struct tl_fields f;

    (void)state;
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        struct tl_line l = parse(lines[i]);

        memset(&f, 0x5a, sizeof(f));
        assert_int_equal(tl_event_fields(&l, &f), -1);
        assert_string_equal(f.text, "");
        assert_string_equal(f.args, "");
        assert_string_equal(f.stamp, "");
        assert_string_equal(f.actor, "");
        assert_string_equal(f.verb, "");
        assert_string_equal(f.cards, "");
    }
}

/* Every verb fits its field; 40 cards fit theirs. */
static void tablelog__event_fields_have_room_for_every_verb_and_card(
    void **state)
{
    struct tl_line l = parse("found pack imperfect 7H");
    struct tl_fields f;

    (void)state;
    for (int k = EV_NONE; k < EV_KIND_COUNT; k++) {
        assert_true(strlen(event_verb((enum event_kind)k)) < TL_VERB_MAX);
    }
    l.ev.n_cards = EVENT_CARDS_MAX;
    for (int i = 0; i < EVENT_CARDS_MAX; i++) {
        l.ev.cards[i] = i < CARD_COUNT ? (uint8_t)i : CARD_UNKNOWN;
    }
    assert_int_equal(tl_event_fields(&l, &f), 0);
    assert_int_equal(strlen(f.cards), TL_CARDS_TEXT_MAX - 1);
    same_fields(&l, "40 cards");
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            tablelog__event_fields_match_the_old_split_on_every_case),
        cmocka_unit_test(
            tablelog__event_fields_match_the_old_split_on_generated_sittings),
        cmocka_unit_test(
            tablelog__event_fields_match_the_old_split_for_every_kind),
        cmocka_unit_test(tablelog__event_fields_name_each_part),
        cmocka_unit_test(tablelog__event_fields_refuse_a_line_that_is_no_event),
        cmocka_unit_test(
            tablelog__event_fields_have_room_for_every_verb_and_card),
    };

    return cmocka_run_group_tests_name("tablelog_fields", tests, NULL, NULL);
}
