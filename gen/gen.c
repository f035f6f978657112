/* SPDX-License-Identifier: MIT */
/*
 * gen.c - the generator (gen/gen.h): the run.  Two players of simple
 * strategies play legal Écarté with a shuffled pack, under any rule
 * profile (--laws: the preset and switches of a Laws tag) and any format
 * of the table (--format); every physical action is written as a
 * .ecarte line and fed to a referee, whose scores, rulings and hand
 * values are written as `=` lines.  Here: the pseudo-random numbers, the
 * header, the lines written and fed, the deals one after the other.
 * The play is gen_play.c's, the tables of three or more gen_tables.c's,
 * the irregularities injected gen_inject.c's.
 */
#include "gen/gen_int.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Numbers                                                              */
/* ------------------------------------------------------------------ */

/* rng_next - the next number of xorshift64*. */
static uint64_t rng_next(struct rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1DULL;
}

int gen__below(struct gen *g, int n)
{
    return (int)(rng_next(&g->rng) % (uint64_t)n);
}

bool gen__chance(struct gen *g, double p)
{
    return (double)(rng_next(&g->rng) >> 11) * (1.0 / 9007199254740992.0) <
           p;
}

/* ------------------------------------------------------------------ */
/* Lines                                                                */
/* ------------------------------------------------------------------ */

/* write_marks - the `=` lines of what the line just applied gave: the
 * referee's rulings and the sitting's, the hand's value when a double
 * raised it, the score after a deal or a mark, then the sitting's money,
 * pool, roles and bets in the order it gave them. */
static void write_marks(struct gen *g)
{
    struct applied *ap = &g->applied;
    const struct arb_result *r = &ap->r;

    for (int i = 0; i < r->n_rulings; i++) {
        fprintf(g->out, "= %s\n", ap->words[i]);
    }
    for (int i = 0; i < ap->s.n_rulings; i++) {
        fprintf(g->out, "= %s\n", ap->sit_words[i]);
    }
    if (arbiter_value(g->arb) != g->value) {
        if (arbiter_value(g->arb) > g->value) {
            fprintf(g->out, "= value %d\n", arbiter_value(g->arb));
        }
        g->value = arbiter_value(g->arb);
    }
    if (r->deal_over || (r->score_changed && !r->game_started)) {
        fprintf(g->out, "= score A %d B %d\n", r->score[0], r->score[1]);
    }
    for (int i = 0; i < ap->s.n_marks; i++) {
        fprintf(g->out, "= %s\n", ap->s.marks[i].text);
    }
}

/* fail - the generator's own failure at line text: why into g->err. */
static void fail(struct gen *g, const char *text, const char *why)
{
    snprintf(g->err, g->err_n, "internal error at \"%s\": %s", text, why);
    g->failed = true;
}

void gen__emit_text(struct gen *g, const char *text)
{
    struct applied *ap = &g->applied;
    const struct arb_result *r = &ap->r;
    struct tl_line line;
    struct tl_error err;

    if (g->failed) {
        return;
    }
    fprintf(g->out, "%s\n", text);
    g->lines++;
    if (tl_parse_line(text, strlen(text), (int)g->lines, &line, &err) != 0) {
        fail(g, text, err.msg);
        return;
    }
    arbiter_set_line(g->arb, (int)g->lines);
    if (apply_line(g->sit, g->arb, &line, ap) != 0) {
        fail(g, text, sitting_errmsg(g->sit));
        return;
    }
    if (!arbiter_check_conservation(g->arb)) {
        fail(g, text, "card conservation broken");
        return;
    }
    write_marks(g);
    if (r->deal_over) {
        g->deal_over = true;
    }
    if (r->game_over) {
        g->game_over = true;
        g->deal_over = true;
    }
    if (g->prof->jack_veto) {
        gen__answer_veto(g); /* last: it writes over g->applied */
    }
}

void gen__emit(struct gen *g, const struct table_event *ev)
{
    char text[TL_LINE_MAX];

    if (g->failed) {
        return;
    }
    gen__emit_text(g, tl_format_event(ev, text, sizeof(text)));
}

struct table_event gen__ev_new(enum event_kind k, int actor)
{
    struct table_event ev;

    memset(&ev, 0, sizeof(ev));
    ev.kind = k;
    ev.actor = (int8_t)actor;
    ev.target = SEAT_NONE;
    ev.suit = SUIT_NONE;
    ev.option = -1;
    return ev;
}

void gen__ev_cards(struct table_event *ev, const uint8_t *cards, int n)
{
    ev->n_cards = (uint8_t)n;
    memcpy(ev->cards, cards, (size_t)n);
}

/* ------------------------------------------------------------------ */
/* The run                                                              */
/* ------------------------------------------------------------------ */

/* elect_pending - answer whatever ruling waits for an election, as a
 * player would (the adversary lets the result stand). */
static void elect_pending(struct gen *g)
{
    struct ruling pending[8];
    int n = arbiter_pending(g->arb, pending, 8);

    for (int i = n - 1; i >= 0 && !g->failed; i--) {
        struct table_event ev;

        if (pending[i].elector == SEAT_NONE) {
            continue;
        }
        ev = gen__ev_new(EV_ELECT, pending[i].elector);
        ev.option = (pending[i].options & OPT_BIT(OPT_STAND)) ? OPT_STAND
                    : (pending[i].options & OPT_BIT(OPT_PLAY_ON))
                        ? OPT_PLAY_ON
                        : OPT_CARD_LED;
        if (!(pending[i].options & OPT_BIT(ev.option))) {
            continue;
        }
        gen__emit(g, &ev);
    }
}

/* gen_header - the comment and tags that open the sitting; the Laws tag
 * is the profile's canonical value (profile_format), which reads back as
 * the same rules. */
static void gen_header(const struct gen *g, const struct gen_options *opt)
{
    const char *laws = opt->laws;
    char spec[512];

    if (opt->format != NULL) {
        fprintf(g->out, "# Generated by `ecarte gen --deals %ld --seed %llu "
               "--irregularities %g%s%s%s --format \"%s\"`:\n",
               opt->deals, opt->seed, g->rate,
               laws != NULL ? " --laws \"" : "", laws != NULL ? laws : "",
               laws != NULL ? "\"" : "", opt->format);
    } else if (laws != NULL) {
        fprintf(g->out, "# Generated by `ecarte gen --deals %ld --seed %llu "
               "--irregularities %g --laws \"%s\"`:\n",
               opt->deals, opt->seed, g->rate, laws);
    } else {
        fprintf(g->out, "# Generated by `ecarte gen --deals %ld --seed %llu "
               "--irregularities %g`:\n",
               opt->deals, opt->seed, g->rate);
    }
    fprintf(g->out, "# legal play by simple strategies; the referee's scores "
           "and rulings.\n");
    fprintf(g->out, "[Event \"Generated sitting\"]\n[Seed \"%llu\"]\n"
           "[A \"Player A\"]\n[B \"Player B\"]\n[Laws \"%s\"]\n",
           opt->seed, profile_format(g->prof, spec, sizeof(spec)));
}

/* gen_open - g made ready for opt: its numbers seeded, its referee and
 * sitting open under the Laws and Format asked, the pack in order.
 * Returns GEN_OK, GEN_E_USAGE (a bad option) or GEN_E_INTERNAL (out of
 * memory), why in g->err; what is open is closed by gen_close. */
static int gen_open(struct gen *g, const struct gen_options *opt, FILE *out)
{
    g->rate = opt->rate;
    if (opt->deals < 1 || opt->deals > GEN_DEALS_MAX ||
        !(g->rate >= 0.0 && g->rate <= 1.0)) {
        snprintf(g->err, g->err_n, "expected 1..%ld deals and a rate 0..1",
                 (long)GEN_DEALS_MAX);
        return GEN_E_USAGE;
    }
    g->rng.s = opt->seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    if (g->rng.s == 0) {
        g->rng.s = 1;
    }
    g->out = out;
    if (arbiter_open(&g->arb) != 0 || sitting_open(&g->sit) != 0) {
        snprintf(g->err, g->err_n, "out of memory");
        return GEN_E_INTERNAL;
    }
    if (opt->laws != NULL && arbiter_set_tag(g->arb, "Laws", opt->laws) != 0) {
        snprintf(g->err, g->err_n, "--laws: %s", arbiter_errmsg(g->arb));
        return GEN_E_USAGE;
    }
    if (opt->format != NULL &&
        sitting_set_tag(g->sit, "Format", opt->format) != 0) {
        snprintf(g->err, g->err_n, "--format: %s", sitting_errmsg(g->sit));
        return GEN_E_USAGE;
    }
    g->prof = arbiter_profile(g->arb);
    g->value = 1;
    g->king_unmarked = SEAT_NONE;
    for (int i = 0; i < CARD_COUNT; i++) {
        g->pack[i] = (uint8_t)i;
    }
    return GEN_OK;
}

/* gen_deals - the deals of the sitting, one after the other: before
 * each the persons' moves of a table of three or more, after each the
 * elections still owed and the end of a hand left open. */
static void gen_deals(struct gen *g, long deals)
{
    if (g->format == SIT_DUEL) {
        gen__cut_for_deal(g);
        g->dealer = arbiter_next_dealer(g->arb);
    }
    for (long i = 0; i < deals && !g->failed; i++) {
        if (g->format != SIT_DUEL && g->rate > 0) {
            gen__inject_leave(g);
        }
        if (g->format != SIT_DUEL && (g->game_over || g->game_no == 0)) {
            gen__between_games(g);
            g->dealer = arbiter_next_dealer(g->arb);
        }
        g->deals_left = (int)(deals - i);
        g->extra_deals = 0;
        gen__one_deal(g);
        i += g->extra_deals;
        elect_pending(g);
        if (arbiter_hand_in_progress(g->arb)) {
            struct table_event ev = gen__ev_new(EV_END, SEAT_NONE);

            gen__emit(g, &ev);
        }
        g->dealer = arbiter_next_dealer(g->arb);
    }
}

int gen_write(const struct gen_options *opt, FILE *out, char *err,
              size_t err_n)
{
    struct gen *g = calloc(1, sizeof(*g));
    int rc;

    err[0] = '\0';
    if (g == NULL) {
        snprintf(err, err_n, "out of memory");
        return GEN_E_INTERNAL;
    }
    g->err = err;
    g->err_n = err_n;
    rc = gen_open(g, opt, out);
    if (rc == GEN_OK) {
        gen_header(g, opt);
        if (opt->format != NULL) {
            rc = gen__format_header(g, opt->format);
        }
    }
    if (rc == GEN_OK) {
        gen_deals(g, opt->deals);
        if (g->rate > 0) {
            gen__inject_summary(g);
        }
        rc = g->failed ? GEN_E_INTERNAL : GEN_OK;
    }
    sitting_close(g->sit);
    arbiter_close(g->arb);
    free(g);
    return rc;
}
