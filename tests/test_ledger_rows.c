/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_rows.c - the ledger's rows written and read back: events
 * round trip field by field, callbacks stop the walk, recorded times in
 * UTC; a sitting's log and scoresheet, the sittings listed and found by
 * source; import bookkeeping (files seen, quarantine, progress, gaps in
 * the order of the sitting) and a settlement that does not sum to zero.
 */
#include "tests/harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#include "tests/ledger_util.h"

/* ------------------------------------------------------------------ */
/* Round trips                                                          */
/* ------------------------------------------------------------------ */

/* The events a round trip writes. */
static const struct ledger_event round_events[] = {
    { .seq = 1, .source = "club.ecarte", .line = 4, .stamp = "",
      .actor = "", .verb = "game", .args = "", .cards = "", .text = "game" },
    { .seq = 2, .source = "club.ecarte", .line = 5, .stamp = "@20:15:03",
      .actor = "", .verb = "deal", .args = "B", .cards = "",
      .text = "@20:15:03 deal B" },
    { .seq = 3, .source = "club.ecarte", .line = 9, .stamp = "",
      .actor = "B", .verb = "gives", .args = "A 3 QH AH 7H",
      .cards = "QH AH 7H", .text = "B gives A 3 QH AH 7H" },
    { .seq = 4, .source = "club.ecarte", .line = 10, .stamp = "",
      .actor = "A", .verb = "leads", .args = "K\xe2\x99\xa0 calling S",
      .cards = "KS", .text = "A leads KS calling S" },
};

static void ledger__events_round_trip_every_field(void **state)
{
    struct fixture *f = *state;
    struct collected c = { 0 };
    char want[128];
    char head[LEDGER_HASH_HEX];
    int64_t n = 0;
    int64_t id = 0;
    size_t i = 0;

    assert_int_equal(ledger_begin(f->l), 0);
    for (i = 0; i < 4; i++) {
        struct ledger_event ev = round_events[i];

        ev.sitting = f->sitting;
        ev.game = f->game;
        ev.deal = i == 0 ? 0 : f->deal;
        ev.recorded = "ignored";
        ev.hash = "ignored";
        assert_int_equal(ledger_event_add(f->l, &ev, &id), 0);
        assert_int_equal(id, (int64_t)i + 1);
    }
    assert_int_equal(ledger_commit(f->l), 0);
    assert_int_equal(ledger_events_foreach(f->l, f->sitting, collect_event,
                                           &c), 0);
    assert_int_equal(c.n, 4);
    for (i = 0; i < 4; i++) {
        const struct ledger_event *e = &round_events[i];

        assert_int_equal(c.ev[i].id, (int64_t)i + 1);
        assert_int_equal(c.ev[i].sitting, f->sitting);
        assert_int_equal(c.ev[i].game, f->game);
        assert_int_equal(c.ev[i].deal, i == 0 ? 0 : f->deal);
        assert_int_equal(c.ev[i].seq, e->seq);
        snprintf(want, sizeof(want), "%s|%d|%s|%s|%s|%s|%s|%s", e->source,
                 e->line, e->stamp, e->actor, e->verb, e->args, e->cards,
                 e->text);
        assert_string_equal(c.text[i], want);
        assert_string_equal(c.recorded[i], FIXED_TIME);
        /* cut short: no id here is a multiple of LEDGER_HASH_EVERY; the
         * last, whole */
        assert_int_equal(strlen(c.hash[i]), i == 3 ? 64 : 2 * LEDGER_HASH_TAG);
        assert_int_equal(strspn(c.hash[i], "0123456789abcdef"),
                         i == 3 ? 64 : 2 * LEDGER_HASH_TAG);
    }
    assert_string_not_equal(c.hash[0], c.hash[1]);
    assert_int_equal(ledger_chain_head(f->l, head, &n), 0);
    assert_true(ledger_hash_stored_is(c.hash[3], head));
    {
        struct ledger_event last = { .id = 4, .hash = c.hash[3] };
        char whole[LEDGER_HASH_HEX];

        assert_int_equal(ledger_event_hash_full(f->l, &last, whole), 0);
        assert_string_equal(whole, head);
    }
    assert_int_equal(n, 4);
    c.n = 0;
    assert_int_equal(ledger_events_foreach(f->l, 0, collect_event, &c), 0);
    assert_int_equal(c.n, 4);
    c.n = 0;
    assert_int_equal(ledger_events_foreach(f->l, f->sitting + 1,
                                           collect_event, &c), 0);
    assert_int_equal(c.n, 0);
}

/* stop_at_two - ledger_event_fn stopping with 42 at the second event. */
static int stop_at_two(void *ctx, const struct ledger_event *ev)
{
    int *n = ctx;

    (*n)++;
    return ev->id == 2 ? 42 : 0;
}

static void ledger__events_foreach_stops_with_callback_value(void **state)
{
    struct fixture *f = *state;
    int n = 0;

    add_five(f);
    assert_int_equal(ledger_events_foreach(f->l, 0, stop_at_two, &n), 42);
    assert_int_equal(n, 2);
    n = 0;
    assert_int_equal(ledger_events_foreach(f->l, 0, stop_at_two, &n), 42);
    assert_int_equal(n, 2);
}

static void ledger__recorded_time_is_utc_iso8601(void **state)
{
    struct fixture *f = *state;
    struct ledger *l = NULL;
    struct collected c = { 0 };
    int64_t sitting = 0;
    const char *r = NULL;
    int i = 0;

    (void)f;
    assert_int_equal(unsetenv("ECARTE_FIXED_TIME"), 0);
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(setenv("ECARTE_FIXED_TIME", FIXED_TIME, 1), 0);
    assert_int_equal(ledger_sitting_add(l, "-", &sitting), 0);
    add_event(l, sitting, 0, 0, 1, "A", "looks", "", "A looks");
    assert_int_equal(ledger_events_foreach(l, 0, collect_event, &c), 0);
    ledger_close(l);
    r = c.recorded[0];
    assert_int_equal(strlen(r), 20);
    for (i = 0; i < 20; i++) {
        switch (i) {
        case 4:
        case 7:
            assert_int_equal(r[i], '-');
            break;
        case 10:
            assert_int_equal(r[i], 'T');
            break;
        case 13:
        case 16:
            assert_int_equal(r[i], ':');
            break;
        case 19:
            assert_int_equal(r[i], 'Z');
            break;
        default:
            assert_true(r[i] >= '0' && r[i] <= '9');
            break;
        }
    }
    assert_true(strncmp(r, "2024", 4) >= 0);
}

/* ------------------------------------------------------------------ */
/* Logs and scoresheets                                                 */
/* ------------------------------------------------------------------ */

static void ledger__lines_foreach_gives_the_log_exactly(void **state)
{
    struct fixture *f = *state;
    struct text t = { .n = 0 };
    int64_t game2 = 0;
    int64_t deal2 = 0;
    int64_t e = 0;

    assert_int_equal(ledger_tag_add(f->l, f->sitting, "Event",
                                    "Club \"evening\""), 0);
    assert_int_equal(ledger_tag_add(f->l, f->sitting, "Site", "C:\\club"),
                     0);
    assert_int_equal(ledger_tag_add(f->l, f->sitting, "A", "North"), 0);
    assert_int_equal(ledger_begin(f->l), 0);
    add_event(f->l, f->sitting, f->game, 0, 1, "", "game", "", "game");
    add_event(f->l, f->sitting, f->game, f->deal, 2, "", "deal", "B",
              "deal B");
    e = add_event(f->l, f->sitting, f->game, f->deal, 3, "B", "turns",
                  "KH", "B turns KH");
    assert_int_equal(ledger_ruling_add(f->l, e, "L22", "", "", "", "",
                                       "ruling L22", NULL), 0);
    assert_int_equal(ledger_score_add(f->l, e, f->game, 0, 1,
                                      "king marked"), 0);
    assert_int_equal(ledger_ruling_add(f->l, e, "L47", "B", "A", "take",
                                       "", "ruling L47 offender B elector A"
                                       " options take", NULL), 0);
    e = add_event(f->l, f->sitting, f->game, f->deal, 4, "A", "abandons",
                  "", "A abandons");
    assert_int_equal(ledger_score_add(f->l, e, f->game, 0, 5, "deal 1"), 0);
    assert_int_equal(ledger_game_add(f->l, f->sitting, 2, &game2), 0);
    assert_int_equal(ledger_deal_add(f->l, game2, 2, 'A', &deal2), 0);
    add_event(f->l, f->sitting, game2, 0, 5, "", "game", "", "game");
    e = add_event(f->l, f->sitting, game2, deal2, 6, "", "deal", "A",
                  "deal A");
    assert_int_equal(ledger_score_add(f->l, e, game2, 0, 0, "deal 2"), 0);
    assert_int_equal(ledger_commit(f->l), 0);

    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 0, collect_line,
                                          &t), 0);
    assert_string_equal(t.buf,
                        "T0 [Event \"Club \\\"evening\\\"\"]\n"
                        "T0 [Site \"C:\\\\club\"]\n"
                        "T0 [A \"North\"]\n"
                        "E1 game\n"
                        "E1 deal B\n"
                        "E1 B turns KH\n"
                        "R1 ruling L22\n"
                        "S1 score A 0 B 1\n"
                        "R1 ruling L47 offender B elector A options take\n"
                        "E1 A abandons\n"
                        "S1 score A 0 B 5\n"
                        "E2 game\n"
                        "E2 deal A\n"
                        "S2 score A 0 B 0\n");
    t.n = 0;
    t.buf[0] = '\0';
    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 2, collect_line,
                                          &t), 0);
    assert_string_equal(t.buf,
                        "T0 [Event \"Club \\\"evening\\\"\"]\n"
                        "T0 [Site \"C:\\\\club\"]\n"
                        "T0 [A \"North\"]\n"
                        "E2 game\n"
                        "E2 deal A\n"
                        "S2 score A 0 B 0\n");
    t.n = 0;
    t.buf[0] = '\0';
    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 3, collect_line,
                                          &t), 0);
    assert_string_equal(t.buf,
                        "T0 [Event \"Club \\\"evening\\\"\"]\n"
                        "T0 [Site \"C:\\\\club\"]\n"
                        "T0 [A \"North\"]\n");
}

/* ledger__lines_of_interleaved_sittings_stay_apart - two sittings whose
 * events alternate in the ledger: each sitting's lines are its own, every
 * ruling, score, settlement and mark after its event in the order given
 * (the cursors skip the other sitting's rows). */
static void ledger__lines_of_interleaved_sittings_stay_apart(void **state)
{
    struct fixture *f = *state;
    struct ledger_transfer tr[2] = {{"ann", 5}, {"bob", -5}};
    struct text t = { .n = 0 };
    int64_t other = 0;
    int64_t og = 0;
    int64_t od = 0;
    int64_t e1 = 0;
    int64_t e2 = 0;

    assert_int_equal(ledger_sitting_add(f->l, "other.ecarte", &other), 0);
    assert_int_equal(ledger_game_add(f->l, other, 1, &og), 0);
    assert_int_equal(ledger_deal_add(f->l, og, 1, 'A', &od), 0);
    assert_int_equal(ledger_begin(f->l), 0);
    e1 = add_event(f->l, f->sitting, f->game, f->deal, 1, "", "deal", "B",
                   "deal B");
    e2 = add_event(f->l, other, og, od, 1, "", "deal", "A", "deal A");
    assert_int_equal(ledger_ruling_add(f->l, e2, "L22", "", "", "", "",
                                       "ruling L22", NULL), 0);
    assert_int_equal(ledger_mark_add(f->l, e1, "pool", "pool 10"), 0);
    assert_int_equal(ledger_score_add(f->l, e1, f->game, 1, 0, "x"), 0);
    assert_int_equal(ledger_settlement_add(f->l, f->sitting, f->game, e1,
                                           "game", "settle ann +5 bob -5",
                                           tr, 2), 0);
    e1 = add_event(f->l, f->sitting, f->game, f->deal, 2, "B", "turns",
                   "KH", "B turns KH");
    e2 = add_event(f->l, other, og, od, 2, "A", "turns", "7C", "A turns 7C");
    assert_int_equal(ledger_score_add(f->l, e2, og, 0, 2, "y"), 0);
    assert_int_equal(ledger_ruling_add(f->l, e1, "L47", "", "", "", "",
                                       "ruling L47", NULL), 0);
    assert_int_equal(ledger_commit(f->l), 0);

    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 0, collect_line,
                                          &t), 0);
    assert_string_equal(t.buf, "E1 deal B\n"
                               "M1 pool 10\n"
                               "S1 score A 1 B 0\n"
                               "M1 settle ann +5 bob -5\n"
                               "E1 B turns KH\n"
                               "R1 ruling L47\n");
    t.n = 0;
    t.buf[0] = '\0';
    assert_int_equal(ledger_lines_foreach(f->l, other, 0, collect_line, &t),
                     0);
    assert_string_equal(t.buf, "E1 deal A\n"
                               "R1 ruling L22\n"
                               "E1 A turns 7C\n"
                               "S1 score A 0 B 2\n");
}

/* stop_at_event - ledger_line_fn stopping with 7 at the first event. */
static int stop_at_event(void *ctx, enum ledger_line_kind kind, int64_t game,
                         const char *text)
{
    int *n = ctx;

    (void)game;
    (void)text;
    (*n)++;
    return kind == LEDGER_LINE_EVENT ? 7 : 0;
}

static void ledger__lines_foreach_stops_with_callback_value(void **state)
{
    struct fixture *f = *state;
    int n = 0;

    assert_int_equal(ledger_tag_add(f->l, f->sitting, "A", "North"), 0);
    add_five(f);
    assert_int_equal(ledger_lines_foreach(f->l, f->sitting, 0,
                                          stop_at_event, &n), 7);
    assert_int_equal(n, 2);
}

struct sheet {
    int n;
    struct ledger_deal_row row[4];
};

static int collect_deal(void *ctx, const struct ledger_deal_row *row)
{
    struct sheet *s = ctx;

    assert_true(s->n < 4);
    s->row[s->n++] = *row;
    return 0;
}

static void ledger__scoresheet_joins_each_deal_with_its_game(void **state)
{
    struct fixture *f = *state;
    struct sheet s = { 0 };
    int64_t deal2 = 0;
    int64_t game2 = 0;
    int64_t deal3 = 0;
    int64_t other = 0;

    assert_int_equal(ledger_deal_finish(f->l, f->deal, 3, 2, 1, 0, false),
                     0);
    assert_int_equal(ledger_deal_add(f->l, f->game, 2, 'A', &deal2), 0);
    assert_int_equal(ledger_deal_finish(f->l, deal2, 0, 0, 0, 0, true), 0);
    assert_int_equal(ledger_game_finish(f->l, f->game, 'A', 5, 2, 2), 0);
    assert_int_equal(ledger_game_add(f->l, f->sitting, 2, &game2), 0);
    assert_int_equal(ledger_deal_add(f->l, game2, 3, 'B', &deal3), 0);
    assert_int_equal(ledger_sitting_add(f->l, "other", &other), 0);

    assert_int_equal(ledger_scoresheet_foreach(f->l, f->sitting,
                                               collect_deal, &s), 0);
    assert_int_equal(s.n, 3);
    assert_int_equal(s.row[0].sitting, f->sitting);
    assert_int_equal(s.row[0].game, 1);
    assert_int_equal(s.row[0].deal, 1);
    assert_int_equal(s.row[0].dealer, 'B');
    assert_int_equal(s.row[0].tricks_a, 3);
    assert_int_equal(s.row[0].tricks_b, 2);
    assert_int_equal(s.row[0].points_a, 1);
    assert_int_equal(s.row[0].points_b, 0);
    assert_false(s.row[0].is_void);
    assert_true(s.row[0].finished);
    assert_int_equal(s.row[0].game_winner, 'A');
    assert_int_equal(s.row[0].game_value, 2);
    assert_int_equal(s.row[0].game_points_a, 5);
    assert_int_equal(s.row[0].game_points_b, 2);
    assert_int_equal(s.row[1].deal, 2);
    assert_int_equal(s.row[1].dealer, 'A');
    assert_true(s.row[1].is_void);
    assert_true(s.row[1].finished);
    assert_int_equal(s.row[1].game_winner, 'A');
    assert_int_equal(s.row[2].game, 2);
    assert_int_equal(s.row[2].deal, 3);
    assert_false(s.row[2].finished);
    assert_int_equal(s.row[2].game_winner, 0);
    assert_int_equal(s.row[2].game_value, 0);
    assert_int_equal(s.row[2].game_points_a, 0);
    s.n = 0;
    assert_int_equal(ledger_scoresheet_foreach(f->l, 0, collect_deal, &s),
                     0);
    assert_int_equal(s.n, 3);
    s.n = 0;
    assert_int_equal(ledger_scoresheet_foreach(f->l, other, collect_deal,
                                               &s), 0);
    assert_int_equal(s.n, 0);
}

static void ledger__finishing_an_unknown_game_or_deal_is_notfound(
    void **state)
{
    struct fixture *f = *state;
    int64_t id = 0;

    assert_int_equal(ledger_game_finish(f->l, 99, 'A', 5, 0, 3),
                     LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_deal_finish(f->l, 99, 5, 0, 2, 0, false),
                     LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_deal_add(f->l, 99, 2, 'A', &id),
                     LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_game_finish(f->l, f->game, 'C', 5, 0, 3),
                     LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(f->l), "CHECK constraint"));
}

struct sittings {
    int n;
    int64_t id[4];
    char source[4][32];
};

static int collect_sitting(void *ctx, int64_t id, const char *source)
{
    struct sittings *s = ctx;

    assert_true(s->n < 4);
    s->id[s->n] = id;
    snprintf(s->source[s->n], sizeof(s->source[0]), "%s", source);
    s->n++;
    return 0;
}

static void ledger__sittings_are_listed_in_order(void **state)
{
    struct ledger *l = NULL;
    struct sittings s = { 0 };
    int64_t id = 0;

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(ledger_sitting_last(l, &id), LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_sitting_add(l, "a.ecarte", &id), 0);
    assert_int_equal(id, 1);
    assert_int_equal(ledger_sitting_add(l, "-", &id), 0);
    assert_int_equal(id, 2);
    assert_int_equal(ledger_sitting_last(l, &id), 0);
    assert_int_equal(id, 2);
    assert_int_equal(ledger_sittings_foreach(l, collect_sitting, &s), 0);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.id[0], 1);
    assert_string_equal(s.source[0], "a.ecarte");
    assert_int_equal(s.id[1], 2);
    assert_string_equal(s.source[1], "-");
    ledger_close(l);
}

/* ------------------------------------------------------------------ */
/* Import bookkeeping                                                   */
/* ------------------------------------------------------------------ */

static void ledger__file_add_twice_is_duplicate_and_changes_nothing(
    void **state)
{
    struct fixture *f = *state;
    char sha[LEDGER_HASH_HEX];
    char other[LEDGER_HASH_HEX];

    assert_int_equal(ledger_sha256_hex("game\n", 5, sha), 0);
    assert_int_equal(ledger_sha256_hex("deal\n", 5, other), 0);
    assert_int_equal(ledger_file_seen(f->l, sha), 0);
    assert_int_equal(ledger_file_add(f->l, sha, "a.ecarte", f->sitting, 3,
                                     1), 0);
    assert_int_equal(ledger_file_seen(f->l, sha), 1);
    assert_int_equal(ledger_file_seen(f->l, other), 0);
    assert_int_equal(ledger_file_add(f->l, sha, "copy-of-a.ecarte", 0, 3,
                                     1), LEDGER_E_DUPLICATE);
    assert_int_equal(ledger_file_seen(f->l, sha), 1);
    assert_int_equal(ledger_file_add(f->l, other, "b.ecarte", 0, 0, 0), 0);
    assert_int_equal(ledger_file_seen(f->l, other), 1);
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM import_file"), 2);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM import_file "
                             "WHERE path = 'a.ecarte' AND deals = 3 AND "
                             "quarantined = 1 AND sitting_id = 1"), 1);
}

static void ledger__quarantine_keeps_and_counts_rows(void **state)
{
    struct fixture *f = *state;

    assert_int_equal(ledger_quarantine_count(f->l), 0);
    assert_int_equal(ledger_quarantine_add(f->l, "a.ecarte", 12,
                                           "a.ecarte:12:3: card expected",
                                           "deal B\nB gives A 3 XX\n"), 0);
    assert_int_equal(ledger_quarantine_add(f->l, "a.ecarte", 40, "e", "r"),
                     0);
    assert_int_equal(ledger_quarantine_count(f->l), 2);
    ledger_close(f->l);
    f->l = NULL;
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM quarantine "
                             "WHERE line = 12 AND raw = 'deal B' || "
                             "char(10) || 'B gives A 3 XX' || char(10)"), 1);
}

static void ledger__sha256_of_abc_is_the_fips_value(void **state)
{
    char out[LEDGER_HASH_HEX];

    (void)state;
    assert_int_equal(ledger_sha256_hex("abc", 3, out), 0);
    assert_string_equal(out, "ba7816bf8f01cfea414140de5dae2223"
                        "b00361a396177a9cb410ff61f20015ad");
    assert_int_equal(ledger_sha256_hex("", 0, out), 0);
    assert_string_equal(out, "e3b0c44298fc1c149afbf4c8996fb924"
                        "27ae41e4649b934ca495991b7852b855");
}

/* ------------------------------------------------------------------ */
/* Issue 8: settlements, import progress, gaps, sittings by source      */
/* ------------------------------------------------------------------ */

struct gap_seen {
    int n;
    int64_t after[4];
    int line[4];
};

static int keep_gap(void *ctx, int64_t after_event, int line, int game,
                    const char *raw)
{
    struct gap_seen *g = ctx;

    (void)game;
    assert_non_null(raw);
    if (g->n < 4) {
        g->after[g->n] = after_event;
        g->line[g->n] = line;
    }
    g->n++;
    return 0;
}

/* A settlement whose transfers do not sum to zero is not written. */
static void ledger__settlement_not_summing_to_zero_is_refused(void **state)
{
    struct fixture *f = *state;
    const struct ledger_transfer t[2] = {{"ann", 2}, {"bob", -1}};

    add_five(f);
    assert_int_equal(ledger_settlement_add(f->l, f->sitting, 0, 1, "game",
                                           "settle ann +2 bob -1", t, 2),
                     LEDGER_E_ERROR);
    assert_non_null(strstr(ledger_errmsg(f->l), "not zero"));
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM settlement"), 0);
}

/* An import's row: begun not complete, its progress written, read back;
 * the same content begun twice is a duplicate. */
static void ledger__import_progress_round_trips(void **state)
{
    struct fixture *f = *state;
    struct ledger_import imp;
    struct ledger_import got;

    memset(&imp, 0, sizeof(imp));
    assert_int_equal(ledger_import_get(f->l, "h1", &got), LEDGER_E_NOTFOUND);
    imp.sitting = f->sitting;
    assert_int_equal(ledger_import_begin(f->l, "h1", "a.ecarte", &imp), 0);
    assert_true(imp.id > 0);
    assert_int_equal(ledger_import_get(f->l, "h1", &got), 0);
    assert_false(got.complete);
    assert_int_equal(got.sitting, f->sitting);
    assert_int_equal(ledger_file_seen(f->l, "h1"), 1);
    imp.line = 340;
    imp.deals = 12;
    imp.quarantined = 1;
    imp.findings = 2;
    imp.events = 345;
    imp.complete = true;
    assert_int_equal(ledger_import_update(f->l, &imp), 0);
    assert_int_equal(ledger_import_get(f->l, "h1", &got), 0);
    assert_int_equal(got.line, 340);
    assert_int_equal(got.deals, 12);
    assert_int_equal(got.quarantined, 1);
    assert_int_equal(got.findings, 2);
    assert_int_equal(got.events, 345);
    assert_true(got.complete);
    assert_int_equal(ledger_import_begin(f->l, "h1", "b.ecarte", &imp),
                     LEDGER_E_DUPLICATE);
    imp.id = 99;
    assert_int_equal(ledger_import_update(f->l, &imp), LEDGER_E_NOTFOUND);
}

/* Quarantined deals are read back where they stood in their sitting, in
 * the sitting's order (not the order they were written in). */
static void ledger__gaps_come_in_the_order_of_the_sitting(void **state)
{
    struct fixture *f = *state;
    struct gap_seen g;
    int64_t other = 0;

    memset(&g, 0, sizeof(g));
    add_five(f);
    assert_int_equal(ledger_sitting_add(f->l, "b.ecarte", &other), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "a", 40, "e", "deal A\n",
                                           f->sitting, 4, 1), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "a", 10, "e", "deal B\n",
                                           f->sitting, 0, 1), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "b", 5, "e", "x\n", other,
                                           0, 1), 0);
    assert_int_equal(ledger_quarantine_gap(f->l, "a", 50, "e", "deal B\n",
                                           f->sitting, 4, 2), 0);
    assert_int_equal(ledger_gaps_foreach(f->l, f->sitting, keep_gap, &g), 0);
    assert_int_equal(g.n, 3);
    assert_int_equal(g.after[0], 0);
    assert_int_equal(g.line[0], 10);
    assert_int_equal(g.after[1], 4);
    assert_int_equal(g.line[1], 40);
    assert_int_equal(g.line[2], 50);
    assert_int_equal(ledger_quarantine_count(f->l), 4);
}

struct found_sittings {
    int n;
    int64_t id[4];
    int64_t n_events[4];
    bool imported[4];
    bool deal_open[4];
};

static int keep_sitting(void *ctx, const struct ledger_sitting_info *si)
{
    struct found_sittings *fs = ctx;

    if (fs->n < 4) {
        fs->id[fs->n] = si->id;
        fs->n_events[fs->n] = si->n_events;
        fs->imported[fs->n] = si->imported;
        fs->deal_open[fs->n] = si->deal_open;
    }
    fs->n++;
    return 0;
}

/* What resuming asks of the ledger: the sittings of a source with their
 * length, whether imported, whether stopped mid-deal; an event's text by
 * its place; a game's id by its number. */
static void ledger__sittings_of_a_source_and_their_events(void **state)
{
    struct fixture *f = *state;
    struct found_sittings fs;
    char text[64];
    int64_t other = 0;
    int64_t id = 0;

    memset(&fs, 0, sizeof(fs));
    add_five(f);
    assert_int_equal(ledger_sitting_add(f->l, "club.ecarte", &other), 0);
    assert_int_equal(ledger_file_add(f->l, "h", "club.ecarte", other, 0, 0),
                     0);
    assert_int_equal(ledger_sittings_find(f->l, "club.ecarte", 0,
                                          keep_sitting, &fs), 0);
    assert_int_equal(fs.n, 2);
    assert_int_equal(fs.id[0], f->sitting);
    assert_int_equal(fs.n_events[0], 5);
    assert_false(fs.imported[0]);
    assert_true(fs.deal_open[0]);
    assert_int_equal(fs.id[1], other);
    assert_int_equal(fs.n_events[1], 0);
    assert_true(fs.imported[1]);
    memset(&fs, 0, sizeof(fs));
    assert_int_equal(ledger_sittings_find(f->l, "-", 0, keep_sitting, &fs),
                     0);
    assert_int_equal(fs.n, 0);
    assert_int_equal(ledger_sittings_find(f->l, NULL, other, keep_sitting,
                                          &fs), 0);
    assert_int_equal(fs.n, 1);
    assert_int_equal(ledger_deal_finish(f->l, f->deal, 3, 2, 1, 0, false), 0);
    memset(&fs, 0, sizeof(fs));
    assert_int_equal(ledger_sittings_find(f->l, NULL, f->sitting,
                                          keep_sitting, &fs), 0);
    assert_false(fs.deal_open[0]);
    assert_int_equal(ledger_event_text(f->l, f->sitting, 3, text,
                                       sizeof(text)), 0);
    assert_string_equal(text, "A plays QS");
    assert_int_equal(ledger_event_text(f->l, f->sitting, 6, text,
                                       sizeof(text)), LEDGER_E_NOTFOUND);
    assert_int_equal(ledger_game_id(f->l, f->sitting, 1, &id), 0);
    assert_int_equal(id, f->game);
    assert_int_equal(ledger_game_id(f->l, f->sitting, 2, &id),
                     LEDGER_E_NOTFOUND);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            ledger__lines_of_interleaved_sittings_stay_apart, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__settlement_not_summing_to_zero_is_refused, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__events_round_trip_every_field, setup_memory, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__events_foreach_stops_with_callback_value, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__recorded_time_is_utc_iso8601, setup_memory, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__lines_foreach_gives_the_log_exactly, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__lines_foreach_stops_with_callback_value, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__scoresheet_joins_each_deal_with_its_game, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__finishing_an_unknown_game_or_deal_is_notfound,
            setup_memory, teardown),
        cmocka_unit_test(ledger__sittings_are_listed_in_order),
        cmocka_unit_test_setup_teardown(
            ledger__file_add_twice_is_duplicate_and_changes_nothing,
            setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__quarantine_keeps_and_counts_rows, setup_file, teardown),
        cmocka_unit_test(ledger__sha256_of_abc_is_the_fips_value),
        cmocka_unit_test_setup_teardown(ledger__import_progress_round_trips,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            ledger__gaps_come_in_the_order_of_the_sitting, setup_memory,
            teardown),
        cmocka_unit_test_setup_teardown(
            ledger__sittings_of_a_source_and_their_events, setup_memory,
            teardown),
    };

    return cmocka_run_group_tests_name("ledger_rows", tests, group_setup,
                                       group_teardown);
}
