/* SPDX-License-Identifier: MIT */
/*
 * gen_tables.c - the generator's tables of three or more (--format
 * chouette, pool, gallery; gen/gen_int.h): the Format, Stake and Stakes
 * tags, the persons and their names, the order cut, the seats as the
 * roles want them, newcomers, stakes against the bank, bets on the game
 * and a player taking all bets.  What the persons do wrong is
 * gen_inject.c's.
 */
#include "gen/gen_int.h"

#include <stdlib.h>
#include <string.h>

static const char *const person_id[GEN_PERSONS_MAX] = {
    "ann", "bob", "cy", "dan", "eve", "fay", "gus", "hal",
};

static const char *const person_name[GEN_PERSONS_MAX] = {
    "Ann Ash", "Bob Blount", "Cy Cray", "Dan Dee",
    "Eve Ell", "Fay Fenn", "Gus Gray", "Hal Hart",
};

/* ------------------------------------------------------------------ */
/* Persons and roles                                                    */
/* ------------------------------------------------------------------ */

const char *gen__person(int i)
{
    return person_id[i];
}

int gen__person_of(const char *id)
{
    for (int i = 0; i < GEN_PERSONS_MAX; i++) {
        if (strcmp(person_id[i], id) == 0) {
            return i;
        }
    }
    return -1;
}

int gen__roles_words(const struct gen *g, char w[][TL_ID_MAX + 8], int max)
{
    char text[SIT_MARK_TEXT];
    char *save = NULL;
    int n = 0;

    sitting_now_text(g->sit, TL_EXPECT_ROLES, text, sizeof(text));
    for (char *t = strtok_r(text, " ", &save); t != NULL && n < max;
         t = strtok_r(NULL, " ", &save)) {
        snprintf(w[n++], sizeof(w[0]), "%s", t);
    }
    return n > 0 && strcmp(w[0], "roles") == 0 ? n : 0;
}

int gen__stake_amount(struct gen *g, int most)
{
    return (1 + gen__below(g, most)) * g->stake;
}

int gen__waiting(struct gen *g)
{
    int n = 0;
    int who[GEN_PERSONS_MAX];

    for (int i = 0; i < g->n_persons; i++) {
        if (i != g->seated[0] && i != g->seated[1]) {
            who[n++] = i;
        }
    }
    return n > 0 ? who[gen__below(g, n)] : -1;
}

bool gen__would_take(const struct gen *g, const char *const *text, int n)
{
    struct arbiter *a = NULL;
    struct sitting *sit = NULL;
    struct applied *ap = malloc(sizeof(*ap));
    bool ok = false;

    if (ap != NULL && arbiter_open(&a) == 0 && sitting_open(&sit) == 0) {
        arbiter_copy(a, g->arb);
        sitting_copy(sit, g->sit);
        ok = true;
        for (int i = 0; i < n && ok; i++) {
            struct tl_line line;
            struct tl_error err;

            ok = tl_parse_line(text[i], strlen(text[i]), 1, &line, &err) ==
                     0 &&
                 apply_line(sit, a, &line, ap) == 0;
        }
    }
    sitting_close(sit);
    arbiter_close(a);
    free(ap);
    return ok;
}

/* declare - the `person ID "Name"` line of person i. */
static void declare(struct gen *g, int i)
{
    char text[TL_LINE_MAX];

    snprintf(text, sizeof(text), "person %s \"%s\"", person_id[i],
             person_name[i]);
    gen__emit_text(g, text);
}

/* queue - person i asks to play: the end of the order or the queue. */
static void queue(struct gen *g, int i)
{
    char text[TL_LINE_MAX];

    snprintf(text, sizeof(text), "%s queues", person_id[i]);
    gen__emit_text(g, text);
}

int gen__format_header(struct gen *g, const char *format)
{
    static const int stakes[] = {1, 2, 5};
    char text[TL_LINE_MAX];

    g->format = sitting_format(g->sit);
    g->tableau = strstr(format, "tableau") != NULL;
    g->each_turnup = strstr(format, "each-turnup") != NULL;
    g->stake = stakes[gen__below(g, 3)];
    fprintf(g->out, "[Format \"%s\"]\n", format);
    if (g->format == SIT_DUEL) {
        return 0;
    }
    fprintf(g->out, "[Stake \"%d\"]\n", g->stake);
    snprintf(text, sizeof(text), "%d", g->stake);
    sitting_set_tag(g->sit, "Stake", text);
    if (g->format != SIT_GALLERY && gen__chance(g, 0.5)) {
        fprintf(g->out, "[Stakes \"treble\"]\n");
        arbiter_set_tag(g->arb, "Stakes", "treble");
    }
    g->n_persons = (g->format == SIT_GALLERY ? 4 : 3) + gen__below(g, 3);
    g->seated[0] = g->seated[1] = -1;
    for (int i = 0; i < g->n_persons; i++) {
        declare(g, i);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Between games: the order, the seats                                  */
/* ------------------------------------------------------------------ */

/* order_cut - every person cuts for the order: cards of different
 * ranks, so that no tie is cut again. */
static void order_cut(struct gen *g)
{
    int ranks[RANK_COUNT];

    for (int i = 0; i < RANK_COUNT; i++) {
        ranks[i] = i;
    }
    for (int i = RANK_COUNT - 1; i > 0; i--) {
        int j = gen__below(g, i + 1);
        int t = ranks[i];

        ranks[i] = ranks[j];
        ranks[j] = t;
    }
    for (int i = 0; i < g->n_persons; i++) {
        char card[CARD_TEXT_MAX];
        char text[TL_LINE_MAX];
        uint8_t c = CARD_MAKE(gen__below(g, SUIT_COUNT), ranks[i]);

        snprintf(text, sizeof(text), "%s cuts-for-deal %s", person_id[i],
                 card_format(c, card));
        gen__emit_text(g, text);
    }
}

/* sit_down - person takes seat for the next game (a `seat` line), if he
 * is not there already. */
static void sit_down(struct gen *g, int seat, int person)
{
    char text[TL_LINE_MAX];

    if (person < 0 || g->seated[seat] == person) {
        return;
    }
    if (g->seated[SEAT_OTHER(seat)] == person) {
        g->seated[SEAT_OTHER(seat)] = -1;
    }
    snprintf(text, sizeof(text), "seat %c %s", seat_letter(seat),
             person_id[person]);
    gen__emit_text(g, text);
    g->seated[seat] = person;
}

/* take_seats - the seats as the roles want them: the bank in A and the
 * ponte in B; the pool's pair, or the roi where he sits and the
 * rentrant in the other seat; the gallery's A and B. */
static void take_seats(struct gen *g)
{
    char w[TL_IDS_MAX + 8][TL_ID_MAX + 8];
    int n = gen__roles_words(g, w, TL_IDS_MAX + 8);
    int want[2] = {-1, -1};

    if (n >= 5 && strcmp(w[1], "bank") == 0) {
        want[SEAT_A] = gen__person_of(w[2]);
        want[SEAT_B] = gen__person_of(w[4]);
    } else if (n >= 4 && strcmp(w[1], "players") == 0) {
        int x = gen__person_of(w[2]);
        int y = gen__person_of(w[3]);

        if (g->seated[SEAT_B] == x || g->seated[SEAT_A] == y) {
            want[SEAT_A] = y;
            want[SEAT_B] = x;
        } else {
            want[SEAT_A] = x;
            want[SEAT_B] = y;
        }
    } else if (n >= 6 && strcmp(w[1], "roi") == 0) {
        int roi = gen__person_of(w[2]);
        int seat = g->seated[SEAT_B] == roi ? SEAT_B : SEAT_A;

        want[seat] = roi;
        want[SEAT_OTHER(seat)] = strcmp(w[5], "rentrant") == 0 && n >= 7
                                     ? gen__person_of(w[6])
                                     : -1;
    } else if (n >= 5 && strcmp(w[1], "A") == 0) {
        want[SEAT_A] = gen__person_of(w[2]);
        want[SEAT_B] = gen__person_of(w[4]);
    } else if (g->format == SIT_GALLERY) {
        want[SEAT_A] = 0;       /* the first two declared play first */
        want[SEAT_B] = 1;
    }
    sit_down(g, SEAT_A, want[SEAT_A]);
    sit_down(g, SEAT_B, want[SEAT_B]);
}

void gen__between_games(struct gen *g)
{
    char w[4][TL_ID_MAX + 8];

    if (g->format != SIT_GALLERY && gen__roles_words(g, w, 4) == 0) {
        order_cut(g);   /* a chouette's or a pool's first, or after it */
    }
    if (g->format == SIT_GALLERY && g->game_no == 0) {
        /* some bystanders ask to play: the rentrants' queue */
        for (int i = 2; i < g->n_persons; i++) {
            if (gen__chance(g, 0.6)) {
                queue(g, i);
            }
        }
    }
    if (g->game_no > 0 && g->n_persons < GEN_PERSONS_MAX &&
        gen__chance(g, 0.08)) {
        /* a newcomer joins and asks to play: the end of the order or the
         * queue, a pool's ante paid */
        int i = g->n_persons++;

        declare(g, i);
        queue(g, i);
    }
    take_seats(g);
    if (arbiter_next_dealer(g->arb) == SEAT_NONE) {
        gen__cut_for_deal(g);
    }
}

/* ------------------------------------------------------------------ */
/* Stakes and bets                                                      */
/* ------------------------------------------------------------------ */

/* one_bet - bettor backs seat: in a tableau at even money; else covered
 * by the adverse player or another bystander, at odds now and then (even
 * money always while a player takes all bets). */
static void one_bet(struct gen *g, int bettor, int seat, bool odds)
{
    char text[TL_LINE_MAX];
    int amount = gen__stake_amount(g, 10);
    int used;

    used = snprintf(text, sizeof(text), "%s bets %d on %c",
                    person_id[bettor], amount, seat_letter(seat));
    if (!g->tableau && odds) {
        int against = 1 + gen__below(g, 3);    /* (drawn first) */
        int on = 1 + gen__below(g, 3);

        snprintf(text + used, sizeof(text) - (size_t)used, " at %d:%d", on,
                 against);
    }
    gen__emit_text(g, text);
    g->last_bettor = bettor;
    g->last_seat = seat;
    if (g->tableau || g->chouette_seat == SEAT_OTHER(seat)) {
        return;
    }
    if (gen__chance(g, 0.5)) {
        snprintf(text, sizeof(text), "%s covers %s",
                 person_id[g->seated[SEAT_OTHER(seat)]], person_id[bettor]);
        gen__emit_text(g, text);
        return;
    }
    for (int k = 0; k < g->n_persons; k++) {
        int who = (bettor + 1 + k) % g->n_persons;

        if (who != bettor && who != g->seated[0] && who != g->seated[1]) {
            if (gen__chance(g, 0.8)) {
                snprintf(text, sizeof(text), "%s covers %s", person_id[who],
                         person_id[bettor]);
                gen__emit_text(g, text);
            }
            return;
        }
    }
}

/* chouette_stakes - at a chouette's game, now and then each person but
 * the bank states a stake against him; an adviser may then look at the
 * bank's cards (injected). */
static void chouette_stakes(struct gen *g)
{
    char v[8][TL_ID_MAX + 8];
    char text[TL_LINE_MAX];
    int n = gen__roles_words(g, v, 8);
    int bank = n >= 3 ? gen__person_of(v[2]) : -1;

    for (int i = 0; i < g->n_persons; i++) {
        if (i != bank && gen__chance(g, 0.3)) {
            snprintf(text, sizeof(text), "%s stakes %d", person_id[i],
                     gen__stake_amount(g, 4));
            gen__emit_text(g, text);
        }
    }
    gen__inject_adviser_sees(g, v, n);
}

/* gallery_bets - at a gallery's game: now and then a player takes all
 * bets; bystanders bet on a side (mostly alternating, so that bets
 * meet), in a tableau the players too on their own seats; the last
 * bettor may then look at the other hand (injected). */
static void gallery_bets(struct gen *g)
{
    char text[TL_LINE_MAX];
    int seat;

    if (!g->tableau && gen__chance(g, 0.15)) {
        g->chouette_seat = gen__below(g, 2);
        snprintf(text, sizeof(text), "%c takes-all-bets",
                 seat_letter(g->chouette_seat));
        gen__emit_text(g, text);
    }
    seat = gen__below(g, 2);
    for (int i = 0; i < g->n_persons; i++) {
        if (i != g->seated[0] && i != g->seated[1] && gen__chance(g, 0.7)) {
            seat = gen__chance(g, 0.7) ? SEAT_OTHER(seat) : seat;
            one_bet(g, i, seat, gen__chance(g, 0.2));
        }
    }
    for (int k = 0; g->tableau && k < 2; k++) {
        if (gen__chance(g, 0.3)) {
            one_bet(g, g->seated[k], k, false); /* on his own seat */
        }
    }
    gen__inject_bettor_sees(g);
}

void gen__game_begun(struct gen *g)
{
    g->chouette_seat = SEAT_NONE;
    g->last_bettor = -1;
    if (g->format == SIT_CHOUETTE) {
        chouette_stakes(g);
    }
    if (g->format == SIT_GALLERY) {
        gallery_bets(g);
    }
}

void gen__deal_begins(struct gen *g)
{
    if (g->format == SIT_DUEL) {
        return;
    }
    gen__inject_late(g);
    if (g->format != SIT_GALLERY || !g->each_turnup) {
        return;
    }
    for (int i = 0; i < g->n_persons; i++) {
        if (i != g->seated[0] && i != g->seated[1] && gen__chance(g, 0.25)) {
            one_bet(g, i, gen__below(g, 2), true);
        }
    }
}
