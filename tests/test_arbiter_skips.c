/* SPDX-License-Identifier: MIT */
/* test_arbiter_skips.c - the laws the arbiter does not ask (arbiter/view.c,
 * arbiter/rulings.c): an evidence pass is skipped when no law it wakes can
 * engage after the action (the rows' evidence_live), and the skip never
 * changes a ruling.  Every log of the scenarios and generated sittings of
 * every format and profile, irregular ones among them, are refereed with
 * the skipped passes asked all the same (the arbiter's check_skips): no
 * law would have ruled in any of them.  And the near misses of L43's and
 * L25's evidence_live, on views made by hand. */
#include "tests/harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/arbiter_int.h"
#include "gen/gen.h"
#include "laws/laws.h"
#include "session/session.h"

/* What the runs checked. */
struct tally {
    int logs;
    long checked;               /* evidence passes skipped and asked */
    long wrong;                 /* of them, where a law would have ruled */
    int rulings[LAW_COUNT];     /* the rulings given, by law */
};

/* count_ruling - the session's sink: a ruling given. */
static void count_ruling(void *ctx, const char *source, int line, int deal,
                         const struct ruling *r, const char *words,
                         const char *previews)
{
    struct tally *t = ctx;

    (void)source;
    (void)line;
    (void)deal;
    (void)words;
    (void)previews;
    t->rulings[r->law]++;
}

/* referee - the log fp (named name) refereed by a session without a
 * ledger, its arbiter checking every skip, into *t. */
static void referee(FILE *fp, const char *name, struct tally *t)
{
    struct session_sink sink = {.ctx = t, .ruling = count_ruling};
    struct session *s = NULL;
    struct arbiter *a;
    int exit_code;

    assert_int_equal(session_open(&s, NULL, &sink, COMMIT_PER_DEAL), 0);
    a = session_arbiter(s);
    a->check_skips = true;
    (void)session_run(s, fp, name, &exit_code);
    t->checked += a->skips_checked;
    t->wrong += a->skips_wrong;
    if (a->skips_wrong > 0) {
        print_error("%s: %ld evidence pass(es) skipped would have ruled\n",
                    name, a->skips_wrong);
    }
    t->logs++;
    session_close(s);
}

/* referee_dir - every .ecarte log of the directory rel (of the source
 * tree, or under ../shared if shared) into *t. */
static void referee_dir(const char *rel, bool shared, struct tally *t)
{
    char dir[1024];
    const char *path = shared ? harness_shared(rel)
                              : harness_path(rel, dir, sizeof(dir));
    DIR *d = path != NULL ? opendir(path) : NULL;
    struct dirent *e;

    if (d == NULL) {
        assert_true(shared);    /* the source tree's own are always there */
        return;
    }
    while ((e = readdir(d)) != NULL) {
        char file[2048];
        size_t n = strlen(e->d_name);
        FILE *fp;

        if (n < 7 || strcmp(e->d_name + n - 7, ".ecarte") != 0) {
            continue;
        }
        snprintf(file, sizeof(file), "%s/%s", path, e->d_name);
        fp = fopen(file, "r");
        assert_non_null(fp);
        referee(fp, file, t);
        fclose(fp);
    }
    closedir(d);
}

/* The skipped evidence passes of every scenario, example and shared
 * record: none would have ruled. */
static void skips__evidence_skips_never_change_a_ruling_in_the_cases(
    void **state)
{
    struct tally t;

    (void)state;
    memset(&t, 0, sizeof(t));
    referee_dir("tests/cases", false, &t);
    referee_dir("tests/cases/bad", false, &t);
    referee_dir("tests/cases/variants", false, &t);
    referee_dir("examples", false, &t);
    referee_dir("records", true, &t);
    referee_dir("variants", true, &t);
    assert_true(t.logs > 400);
    assert_true(t.checked > 1000);
    assert_int_equal(t.wrong, 0);
    /* the laws read from evidence rule in them, so the passes asked are
     * the ones that count */
    assert_true(t.rulings[LAW_43] > 0);
    assert_true(t.rulings[LAW_25] > 0);
}

/* The same over generated sittings: every format, several profiles, with
 * irregularities injected (revokes proven later, kings announced false). */
static void skips__evidence_skips_never_change_a_ruling_in_generated_play(
    void **state)
{
    static const char *const laws[] = {
        "london", "polish", "meyers1889",
        "london; doubling=yes; offer-point=before-trick3",
        "london; must-win=no; rank=ace-high; king-bonus=ace",
    };
    static const char *const formats[] = {
        "duel", "chouette", "pool; pool-run=3", "gallery",
    };
    struct tally t;

    (void)state;
    memset(&t, 0, sizeof(t));
    for (size_t i = 0; i < sizeof(laws) / sizeof(laws[0]); i++) {
        for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
            struct gen_options opt = {
                .deals = 150,
                .seed = 11 + i * 7 + f,
                .rate = f % 2 == 0 ? 0.3 : 0.05,
                .laws = laws[i],
                .format = formats[f],
            };
            char err[200];
            FILE *fp = tmpfile();

            assert_non_null(fp);
            assert_int_equal(gen_write(&opt, fp, err, sizeof(err)), GEN_OK);
            rewind(fp);
            referee(fp, laws[i], &t);
            fclose(fp);
        }
    }
    assert_true(t.checked > 10000);
    assert_int_equal(t.wrong, 0);
    assert_true(t.rulings[LAW_43] > 0);
    assert_true(t.rulings[LAW_25] > 0);
}

/* A view of the play: trick 1 led by lead_seat with lead, followed by
 * follow, when the follower's known cards were known; trick 2 open. */
static void play_view(struct law_view *v, const struct profile *p,
                      int lead_seat, const char *lead, const char *follow,
                      uint32_t known)
{
    uint8_t c;

    memset(v, 0, sizeof(*v));
    v->profile = p;
    v->phase = PH_PLAY;
    v->trump = SUIT_CLUBS;
    v->trick_no = 2;
    assert_int_equal(card_parse(lead, &c), 2);
    v->tricks_played[0].leader = lead_seat;
    v->tricks_played[0].lead = c;
    assert_int_equal(card_parse(follow, &c), 2);
    v->tricks_played[0].follow = c;
    v->tricks_played[0].follower_known = known;
    v->tricks_played[1].leader = SEAT_OTHER(lead_seat);
    v->tricks_played[1].follow = CARD_NONE;
}

/* an event: seat plays (kind) the card named */
static struct table_event card_event(enum event_kind kind, int seat,
                                     const char *card)
{
    struct table_event ev;

    memset(&ev, 0, sizeof(ev));
    ev.kind = kind;
    ev.actor = (int8_t)seat;
    ev.target = SEAT_NONE;
    ev.suit = SUIT_NONE;
    ev.n_cards = 1;
    assert_int_equal(card_parse(card, &ev.cards[0]), 2);
    return ev;
}

/* L43's evidence is live exactly when the card proves a reply of the
 * actor's broke the obligation: a heart shown after he answered a heart
 * lead with a spade; not a spade, not his own lead, not a trick ruled. */
static void skips__revoke_evidence_lives_only_with_a_proof(void **state)
{
    const struct law *l43 = laws_get(LAW_43);
    struct law_view v;
    struct table_event ev;
    struct profile p;

    (void)state;
    profile_london(&p);
    assert_non_null(l43->evidence_live);
    /* A led KH, B replied 7S: B's later 9H proves he could follow */
    play_view(&v, &p, SEAT_A, "KH", "7S", 0);
    ev = card_event(EV_LEAD, SEAT_B, "9H");
    assert_true(l43->evidence_live(&v, &ev));
    v.after = true;
    assert_true(l43->applies(&v, &ev));
    v.after = false;
    /* near misses: a spade proves nothing */
    ev = card_event(EV_LEAD, SEAT_B, "8S");
    assert_false(l43->evidence_live(&v, &ev));
    /* the heart played by the leader of that trick proves nothing */
    ev = card_event(EV_PLAY, SEAT_A, "9H");
    assert_false(l43->evidence_live(&v, &ev));
    /* the trick already ruled */
    ev = card_event(EV_LEAD, SEAT_B, "9H");
    v.tricks_played[0].ruled = true;
    assert_false(l43->evidence_live(&v, &ev));
    v.tricks_played[0].ruled = false;
    /* no trick complete yet */
    v.trick_no = 1;
    v.tricks_played[0].follow = CARD_NONE;
    assert_false(l43->evidence_live(&v, &ev));
}

/* L25's evidence is not live while the king of trumps is seen to be the
 * announcer's; it is again as soon as that is in doubt. */
static void skips__false_king_evidence_rests_while_the_king_is_his(
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
    v.trump = SUIT_CLUBS;
    v.announced = SEAT_A;
    v.false_announced = SEAT_NONE;
    v.king_place = KING_IN_HAND;
    v.king_holder = SEAT_A;
    ev.kind = EV_PLAY;
    ev.actor = SEAT_B;
    /* his king, in his hand, played by him or in his discard */
    assert_false(l25->evidence_live(&v, &ev));
    v.king_place = KING_PLAYED;
    assert_false(l25->evidence_live(&v, &ev));
    v.king_place = KING_DISCARDED;
    assert_false(l25->evidence_live(&v, &ev));
    /* near misses: the other's, unseen, elsewhere */
    v.king_holder = SEAT_B;
    assert_true(l25->evidence_live(&v, &ev));
    v.king_holder = SEAT_A;
    v.king_place = KING_UNSEEN;
    assert_true(l25->evidence_live(&v, &ev));
    v.king_place = KING_ELSEWHERE;
    assert_true(l25->evidence_live(&v, &ev));
    /* his, but unseen cards came into his hand, or his hand was seen
     * kingless when he announced */
    v.king_place = KING_IN_HAND;
    v.unknown_in_after_ann = true;
    assert_true(l25->evidence_live(&v, &ev));
    v.unknown_in_after_ann = false;
    v.ann_false_at_time = true;
    assert_true(l25->evidence_live(&v, &ev));
    v.ann_false_at_time = false;
    /* a king announced false, or one announced now */
    v.false_announced = SEAT_B;
    assert_true(l25->evidence_live(&v, &ev));
    v.false_announced = SEAT_NONE;
    ev.kind = EV_ANNOUNCE;
    assert_true(l25->evidence_live(&v, &ev));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            skips__evidence_skips_never_change_a_ruling_in_the_cases),
        cmocka_unit_test(
            skips__evidence_skips_never_change_a_ruling_in_generated_play),
        cmocka_unit_test(skips__revoke_evidence_lives_only_with_a_proof),
        cmocka_unit_test(
            skips__false_king_evidence_rests_while_the_king_is_his),
    };

    return cmocka_run_group_tests_name("arbiter_skips", tests, NULL, NULL);
}
