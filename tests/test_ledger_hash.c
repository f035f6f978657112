/* SPDX-License-Identifier: MIT */
/*
 * test_ledger_hash.c - the chain's hashes as schema version 9 stores
 * them: whole at every LEDGER_HASH_EVERY-th event and at the last, cut
 * short elsewhere (the one before the last cut short again when the last
 * is added);
 * every event's whole hash given again (ledger_event_hash_full) equal to
 * the head the chain had when it was added; a row edited between two
 * whole hashes named by verify and refused by the computation; a whole
 * hash cut short, or a short one made whole, named by verify; the stored
 * forms matched against whole hashes (ledger_hash_stored_is); the bytes
 * an event's hash is taken over, its integers at every number of digits,
 * against netstrings written by printf.
 */
#include "tests/harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "ledger/ledger.h"
#include "ledger/ledger_int.h"

#include <inttypes.h>
#include <openssl/evp.h>

#include "tests/ledger_util.h"

#define N_EVENTS 150    /* past two whole hashes (64 and 128) */

/* The heads the chain had after each event was added: [id]. */
struct heads {
    char at[N_EVENTS + 1][LEDGER_HASH_HEX];
};

/* add_many - events 1 .. N_EVENTS of the fixture's deal, the chain's head
 * after each kept in h (each committed: the head is read back). */
static void add_many(struct fixture *f, struct heads *h)
{
    char text[32];

    for (int64_t i = 1; i <= N_EVENTS; i++) {
        snprintf(text, sizeof(text), "A plays K%c", "HSDC"[i % 4]);
        assert_int_equal(add_event(f->l, f->sitting, f->game, f->deal, i,
                                   "A", "plays", text + 8, text), i);
        assert_int_equal(ledger_chain_head(f->l, h->at[i], NULL), 0);
    }
}

/* What a walk of the events found. */
struct walk {
    struct ledger *l;
    const struct heads *h;
    int whole;                  /* events storing their hash whole */
    int cut;                    /* events storing it cut short */
    int n;
};

/* check_event - ledger_event_fn: ev's stored hash is whole where its id
 * is a multiple of LEDGER_HASH_EVERY or it is the last (N_EVENTS), else
 * cut short, the start of the
 * head the chain had after it; its whole hash given again is that
 * head. */
static int check_event(void *vctx, const struct ledger_event *ev)
{
    struct walk *w = vctx;
    char whole[LEDGER_HASH_HEX];
    bool at_mark = ev->id % LEDGER_HASH_EVERY == 0 || ev->id == N_EVENTS;

    assert_int_equal(strlen(ev->hash), at_mark ? 64 : 2 * LEDGER_HASH_TAG);
    assert_true(ledger_hash_stored_is(ev->hash, w->h->at[ev->id]));
    assert_int_equal(ledger_event_hash_full(w->l, ev, whole), 0);
    assert_string_equal(whole, w->h->at[ev->id]);
    if (at_mark) {
        w->whole++;
    } else {
        w->cut++;
    }
    w->n++;
    return 0;
}

/* Every event's hash is stored as its id says, and its whole hash is
 * given again from the last whole one before it. */
static void hash__stored_whole_every_64th_and_given_again(void **state)
{
    struct fixture *f = *state;
    struct heads h;
    struct walk w = { .l = f->l, .h = &h };
    int64_t bad = -1;

    add_many(f, &h);
    assert_int_equal(ledger_events_foreach(f->l, f->sitting, check_event, &w),
                     0);
    assert_int_equal(w.n, N_EVENTS);
    assert_int_equal(w.whole, 3);       /* events 64, 128 and the last */
    assert_int_equal(w.cut, N_EVENTS - 3);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event WHERE "
                             "length(hash) = 32"), 3);
    assert_int_equal(raw_int(f->path, "SELECT count(*) FROM event WHERE "
                             "length(hash) = 8"), N_EVENTS - 3);
    assert_int_equal(raw_int(f->path, "SELECT max(id) FROM event WHERE "
                             "length(hash) = 32"), N_EVENTS);
    assert_int_equal(ledger_verify(f->l, &bad), 0);
}

/* An event edited between two whole hashes: verify names it (its cut
 * short hash no longer matches), and the whole hash of a later event
 * cannot be given again through it. */
static void hash__an_edit_between_marks_is_named(void **state)
{
    struct fixture *f = *state;
    struct heads h;
    struct ledger_event later = { .id = 100, .hash = "" };
    char whole[LEDGER_HASH_HEX];
    int64_t bad = -1;

    add_many(f, &h);
    reopen(f);
    raw_exec(f->path, "UPDATE event SET text = 'A plays QH' WHERE id = 70");
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 70);
    assert_non_null(strstr(ledger_errmsg(f->l), "event 70: edited"));
    assert_int_equal(ledger_event_hash_full(f->l, &later, whole),
                     LEDGER_E_DAMAGED);
    assert_non_null(strstr(ledger_errmsg(f->l), "event 70"));
    /* near miss: before the edit, the computation stands */
    later.id = 69;
    assert_int_equal(ledger_event_hash_full(f->l, &later, whole), 0);
    assert_string_equal(whole, h.at[69]);
}

/* A stored hash changed in either form, or stored in the other form: the
 * row is named. */
static void hash__a_stored_hash_changed_or_reshaped_is_named(void **state)
{
    struct fixture *f = *state;
    struct heads h;
    int64_t bad = -1;

    add_many(f, &h);
    reopen(f);
    /* a short hash changed */
    raw_exec(f->path, "UPDATE event SET hash = zeroblob(8) WHERE id = 10");
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 10);
    /* put back, then the whole hash of event 64 cut short: named */
    {
        char sql[200];

        snprintf(sql, sizeof(sql), "UPDATE event SET hash = "
                 "substr(X'%s', 1, 8) WHERE id = 10", h.at[10]);
        raw_exec(f->path, sql);
    }
    assert_int_equal(ledger_verify(f->l, &bad), 0);
    raw_exec(f->path, "UPDATE event SET hash = substr(hash, 1, 8) "
             "WHERE id = 64");
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 64);
    assert_non_null(strstr(ledger_errmsg(f->l), "cut short"));
    /* the whole hash of event 64 put back, and event 65's stored whole */
    {
        char sql[300];

        snprintf(sql, sizeof(sql), "UPDATE event SET hash = X'%s' WHERE "
                 "id = 64; UPDATE event SET hash = X'%s' WHERE id = 65",
                 h.at[64], h.at[65]);
        raw_exec(f->path, sql);
    }
    assert_int_equal(ledger_verify(f->l, &bad), 1);
    assert_int_equal(bad, 65);
    assert_non_null(strstr(ledger_errmsg(f->l), "stored whole"));
}

/* ledger_hash_stored_is: a whole hash matches itself, a cut-short one
 * the whole hash it starts; a changed digit, another length, or a whole
 * that is not 64 digits match nothing. */
static void hash__stored_forms_match_the_whole(void **state)
{
    static const char whole[] =
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    (void)state;
    assert_true(ledger_hash_stored_is(whole, whole));
    assert_true(ledger_hash_stored_is("0123456789abcdef", whole));
    assert_false(ledger_hash_stored_is("0123456789abcdee", whole));
    assert_false(ledger_hash_stored_is("0123456789abcde", whole));
    assert_false(ledger_hash_stored_is("0123456789abcdef01", whole));
    assert_false(ledger_hash_stored_is("", whole));
    assert_false(ledger_hash_stored_is("0123456789abcdef",
                                       "0123456789abcdef"));
}

/* net - append the netstring of the n bytes at s to buf (used bytes
 * at *at). */
static void net(char *buf, size_t *at, const char *s, size_t n)
{
    *at += (size_t)sprintf(buf + *at, "%zu:", n);
    memcpy(buf + *at, s, n);
    *at += n;
    buf[(*at)++] = ',';
}

/* net_int - append the netstring of v's decimal text. */
static void net_int(char *buf, size_t *at, int64_t v)
{
    char num[24];

    net(buf, at, num, (size_t)sprintf(num, "%" PRId64, v));
}

/* An event's hash is SHA-256 over the hash before it and the netstrings
 * of its fields, its integers in decimal: each at 1 to 19 digits, at the
 * edges of 32 bits, negative, is written as printf writes it. */
static void hash__integers_of_every_width_hash_as_printf_writes_them(
    void **state)
{
    struct fixture *f = *state;
    static const int64_t edges[] = {
        INT64_C(-9223372036854775807) - 1, -100, -1, 4294967295,
        4294967296, INT64_C(9223372036854775807)
    };
    int64_t values[2 * 19 + 6];
    size_t n_values = 0;
    int64_t ten = 1;

    for (int d = 0; d < 19; d++) {
        values[n_values++] = ten - 1;   /* 0, 9, 99, ... */
        values[n_values++] = ten;       /* 1, 10, 100, ... */
        ten = d < 18 ? ten * 10 : ten;
    }
    for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
        values[n_values++] = edges[i];
    }
    for (size_t i = 0; i < n_values; i++) {
        int64_t v = values[i];
        struct ledger_event ev = {
            .id = v, .sitting = v / 3, .game = -(v / 7), .deal = v,
            .seq = v / 10, .source = "a.ecarte", .line = (int)(v % 100000),
            .stamp = "", .recorded = "2026-12-06T16:00:00Z", .actor = "A",
            .verb = "plays", .args = "KH", .cards = "KH",
            .text = "A plays KH"
        };
        char bytes[1024];
        size_t at = 64;
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int md_len = 0;
        char want[LEDGER_HASH_HEX];
        char got[LEDGER_HASH_HEX];

        memset(bytes, '7', 64);         /* the hash before */
        net_int(bytes, &at, ev.id);
        net_int(bytes, &at, ev.sitting);
        net_int(bytes, &at, ev.game);
        net_int(bytes, &at, ev.deal);
        net_int(bytes, &at, ev.seq);
        net(bytes, &at, ev.source, strlen(ev.source));
        net_int(bytes, &at, ev.line);
        net(bytes, &at, ev.stamp, strlen(ev.stamp));
        net(bytes, &at, ev.recorded, strlen(ev.recorded));
        net(bytes, &at, ev.actor, strlen(ev.actor));
        net(bytes, &at, ev.verb, strlen(ev.verb));
        net(bytes, &at, ev.args, strlen(ev.args));
        net(bytes, &at, ev.cards, strlen(ev.cards));
        net(bytes, &at, ev.text, strlen(ev.text));
        assert_int_equal(EVP_Digest(bytes, at, md, &md_len, EVP_sha256(),
                                    NULL), 1);
        for (unsigned k = 0; k < md_len; k++) {
            sprintf(want + 2 * k, "%02x", md[k]);
        }
        memset(bytes, '7', 64);
        bytes[64] = '\0';
        assert_int_equal(ledger__event_hash(f->l, bytes, &ev, got), 0);
        assert_string_equal(got, want);
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            hash__stored_whole_every_64th_and_given_again, setup_file,
            teardown),
        cmocka_unit_test_setup_teardown(hash__an_edit_between_marks_is_named,
                                        setup_file, teardown),
        cmocka_unit_test_setup_teardown(
            hash__a_stored_hash_changed_or_reshaped_is_named, setup_file,
            teardown),
        cmocka_unit_test(hash__stored_forms_match_the_whole),
        cmocka_unit_test_setup_teardown(
            hash__integers_of_every_width_hash_as_printf_writes_them,
            setup_memory, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
