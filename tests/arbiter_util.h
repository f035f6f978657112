/* SPDX-License-Identifier: MIT */
/*
 * arbiter_util.h - helpers shared by the tests of the referee
 * (test_arbiter.c, test_arbiter_game.c, test_arbiter_strike.c): a fresh
 * arbiter per test, lines fed from text, cards as a mask, the score, and
 * the Hoffmann hand and a plain deal to feed.
 */
#ifndef ECARTE_TESTS_ARBITER_UTIL_H
#define ECARTE_TESTS_ARBITER_UTIL_H

#include "tests/harness.h"

#include <string.h>

#include "arbiter/arbiter.h"
#include "tablelog/tablelog.h"

/* The Hoffmann hand: B deals, A stands on a jeu de règle, B holds the king
 * of trumps (hearts) and takes three tricks. */
static const char hoffmann_deal[] = "game\n"
                                    "deal B\n"
                                    "A shuffles\n"
                                    "B shuffles\n"
                                    "A cuts 17\n"
                                    "B gives A 3 QH AH 7H\n"
                                    "B gives B 3 KH JH 9H\n"
                                    "B gives A 2 KS KD\n"
                                    "B gives B 2 8H 9C\n"
                                    "B turns TH\n";

static const char hoffmann_play[] = "A stands\n"
                                    "A leads KD\n"
                                    "B announces king\n"
                                    "B plays JH\n"
                                    "B leads KH\n"
                                    "A plays 7H\n"
                                    "B leads 9C\n"
                                    "A plays AH\n"
                                    "A leads KS\n"
                                    "B plays 9H\n"
                                    "B leads 8H\n"
                                    "A plays QH\n";

/* setup, teardown - a fresh arbiter in *state for each test, closed after
 * it. */
static int setup(void **state)
{
    struct arbiter *a = NULL;

    if (arbiter_open(&a) != 0) {
        return -1;
    }
    *state = a;
    return 0;
}

static int teardown(void **state)
{
    arbiter_close(*state);
    return 0;
}

/*
 * feed - apply every action line of text; `=` lines and tags are skipped.
 * Returns 0, or the status of the first refused line (the rest is not
 * applied).  *last gets the result of the last action; *rulings collects
 * the laws of every ruling given (up to 16), *n_rulings how many.
 */
static int feed_all(struct arbiter *a, const char *text,
                    struct arb_result *last, int *laws, int *n_laws)
{
    const char *p = text;
    int line_no = 0;

    if (n_laws != NULL) {
        *n_laws = 0;
    }
    while (*p != '\0') {
        const char *nl = strchr(p, '\n');
        size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
        struct tl_line line;
        struct tl_error err;
        struct arb_result r;
        int rc;

        line_no++;
        if (tl_parse_line(p, len, line_no, &line, &err) != 0) {
            fail_msg("line %d does not parse: %s", line_no, err.msg);
        }
        if (line.kind == TL_TAG) {
            assert_int_equal(arbiter_set_tag(a, line.tag_name,
                                             line.tag_value),
                             0);
        } else if (line.kind == TL_EVENT) {
            rc = arbiter_apply(a, &line.ev, &r);
            if (rc != 0) {
                return rc;
            }
            if (last != NULL) {
                *last = r;
            }
            for (int i = 0; i < r.n_rulings && laws != NULL; i++) {
                if (*n_laws < 16) {
                    laws[(*n_laws)++] = (int)r.rulings[i].law + 1;
                }
            }
        }
        p += len;
        if (*p == '\n') {
            p++;
        }
    }
    return 0;
}

/* feed - feed_all without the results: 0, or the status of the first
 * refused line. */
static int feed(struct arbiter *a, const char *text)
{
    return feed_all(a, text, NULL, NULL, NULL);
}

/* M - the mask of the cards listed in t ("KS QH 7C"). */
__attribute__((unused))
static uint32_t M(const char *t)
{
    uint32_t m = 0;

    while (*t != '\0') {
        uint8_t c;
        size_t n = card_parse(t, &c);

        assert_true(n > 0);
        m |= CARD_BIT(c);
        t += n;
        while (*t == ' ') {
            t++;
        }
    }
    return m;
}

/* assert_score - the game's score is sa for A and sb for B. */
static void assert_score(struct arbiter *a, int sa, int sb)
{
    int s[2];

    arbiter_score(a, s);
    assert_int_equal(s[0], sa);
    assert_int_equal(s[1], sb);
}

/* A deal where A (elder) and B play out with known hands: trumps spades. */
static const char plain_deal[] = "game\n"
                                 "deal B\n"
                                 "B gives A 3 AS KD QD\n"
                                 "B gives B 3 7S 8H 9H\n"
                                 "B gives A 2 JD AD\n"
                                 "B gives B 2 7D 8C\n"
                                 "B turns TS\n";

/* A wins every trick: leads AS (trump), then diamonds. */
static const char vole_for_a[] = "A leads AS\nB plays 7S\n"
                                 "A leads KD\nB plays 7D\n"
                                 "A leads QD\nB plays 8H\n"
                                 "A leads JD\nB plays 9H\n"
                                 "A leads AD\nB plays 8C\n";

#endif /* ECARTE_TESTS_ARBITER_UTIL_H */
