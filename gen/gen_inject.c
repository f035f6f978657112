/* SPDX-License-Identifier: MIT */
/*
 * gen_inject.c - the irregularities the generator injects (gen/gen_int.h,
 * --irregularities RATE), and the only file of gen/ that names a law or
 * a rule: each kind of injection is keyed here to the law or rule whose
 * ruling it is meant to provoke.  Each one made writes its lines, then
 * the comment `# injected ID: what` where its ruling belongs, and is
 * counted by that id for the closing `# injected:` line.  Where the play
 * leaves no room for one (a deal ended early, no card to revoke with),
 * it is not made and not counted.
 */
#include "gen/gen_int.h"

#include <string.h>

/* What each kind of injection engages, and what it is in words. */
static const struct {
    const char *law;            /* the law or rule id of its ruling */
    const char *what;           /* the comment's words */
} inject_row[INJ_COUNT] = {
    [INJ_NONE] = {"", ""},
    [INJ_REVOKE] = {"L43", "a card that breaks the obligation of the "
                           "follower"},
    [INJ_FALSE_KING] = {"L25", "the king announced by a player who lacks "
                               "it"},
    [INJ_EXPOSED_DEAL] = {"L13", "a card of elder hand exposed in dealing"},
    [INJ_FACED_PACK] = {"L12", "a faced card found in the pack"},
    [INJ_LEAD_OUT_OF_TURN] = {"L40", "a lead out of turn, taken back"},
    [INJ_ABANDON] = {"L42", "a hand thrown up"},
    [INJ_ASK_FEWER] = {"L30", "elder hand asks for fewer cards than he "
                              "discarded"},
    [INJ_LATE_ANNOUNCE] = {"L23", "the king announced after the first "
                                  "card"},
    [INJ_FOUND_FACED_STOCK] = {"L35", "a faced card found in the stock"},
    [INJ_TAKE_BACK_LEAD] = {"L39", "a card led in turn taken back"},
    [INJ_IMPERFECT] = {"L45", "the pack found imperfect"},
    [INJ_UNMARKED_KING] = {"L22", "a turned king left unmarked until the "
                                  "next turn-up"},
    [INJ_DEAL_OUT_OF_TURN] = {"L14", "a deal out of turn, put right"},
    [INJ_REVOKE_CORRECTED] = {"L39", "a card that breaks the obligation, "
                                     "taken back in time"},
    [INJ_LATE_KING_MARK] = {"L22", "a turned king left unmarked until the "
                                   "next turn-up"},
    [INJ_ADVISER_SEES] = {"CH2", "an adviser looks at the bank's cards"},
    [INJ_BETTOR_SEES] = {"BY2", "a bettor looks at the hand he bets "
                                "against"},
    [INJ_LATE_STAKE] = {"CH4", "a stake stated after the first turn-up"},
    [INJ_LATE_BET] = {"BY1", "a bet after the close"},
    [INJ_POOL_ADVICE] = {"PO4", "advice in words from a bystander"},
    [INJ_GALLERY_ADVICE] = {"BY4", "advice in words from a bystander"},
    [INJ_BETTOR_CALLS] = {"BY5", "a bettor calls a revoke"},
    [INJ_GALLERY_LEAVES] = {"BY6", "a player leaves the table"},
    [INJ_POOL_LEAVES] = {"PO3", "a player leaves the table without "
                                "consent"},
    [INJ_PONTE_LEAVES] = {"CH3", "a player leaves the table without "
                                 "consent"},
    [INJ_BANK_LEAVES] = {"CH5", "a player leaves the table without "
                                "consent"},
};

/* The law a bettor's call names (INJ_BETTOR_CALLS): the revoke's. */
#define BETTOR_CALLS_LAW "L43"

/* ------------------------------------------------------------------ */
/* What was injected                                                    */
/* ------------------------------------------------------------------ */

/*
 * injected_as - the line just written (with its `=` lines) makes the
 * irregularity kind, said in the words what: a comment line `# injected
 * ID: what` says so where it stands, in the deal whose rulings it is to
 * be found among, and the count by the law's id grows.  Nothing after a
 * failure.
 */
static void injected_as(struct gen *g, enum inject kind, const char *what)
{
    const char *law = inject_row[kind].law;
    int i;

    if (g->failed) {
        return;
    }
    fprintf(g->out, "# injected %s: %s\n", law, what);
    for (i = 0; i < g->n_injected; i++) {
        if (strcmp(g->injected[i].id, law) == 0) {
            break;
        }
    }
    if (i == g->n_injected) {
        if (i == GEN_LAWS_MAX) {
            return;
        }
        snprintf(g->injected[i].id, sizeof(g->injected[i].id), "%s", law);
        g->injected[i].n = 0;
        g->n_injected++;
    }
    g->injected[i].n++;
}

void gen__injected(struct gen *g, enum inject kind)
{
    injected_as(g, kind, inject_row[kind].what);
}

void gen__inject_summary(struct gen *g)
{
    fprintf(g->out, "# injected:");
    for (int k = 0; k < g->n_injected; k++) {
        fprintf(g->out, " %s=%d", g->injected[k].id, g->injected[k].n);
    }
    fprintf(g->out, "\n");
}

enum inject gen__choose_injection(struct gen *g)
{
    if (g->rate <= 0.0 || !gen__chance(g, g->rate)) {
        return INJ_NONE;
    }
    return (enum inject)(1 + gen__below(g, INJ_DEAL_KINDS - 1));
}

/* ------------------------------------------------------------------ */
/* The deal                                                             */
/* ------------------------------------------------------------------ */

/*
 * gen__inject_deal_out_of_turn - the deal line of a deal that right
 * should deal (L14): the other player deals, or right deals with the
 * other's pack; put right before the turn-up by right's own deal line
 * (always for the wrong pack, mostly for the wrong player), else the
 * wrong player's deal stands.  The deal put right is void and counts as
 * one of --deals: only when another deal is left to write.
 */
int gen__inject_deal_out_of_turn(struct gen *g, int right)
{
    int wrong = SEAT_OTHER(right);
    bool room = g->deals_left >= 2; /* the void deal is one of --deals */
    bool pack = room && gen__chance(g, 0.3);
    bool put_right = pack || (room && gen__chance(g, 0.6));
    char text[TL_LINE_MAX];
    struct table_event ev;

    if (pack) {
        snprintf(text, sizeof(text), "deal %c pack %c", seat_letter(right),
                 seat_letter(wrong));
    } else {
        snprintf(text, sizeof(text), "deal %c", seat_letter(wrong));
    }
    gen__emit_text(g, text);
    injected_as(g, INJ_DEAL_OUT_OF_TURN,
                pack ? "a deal with the adversary's pack, put right"
                : put_right ? inject_row[INJ_DEAL_OUT_OF_TURN].what
                            : "a deal out of turn, not put right: it "
                              "stands");
    if (!put_right) {
        return wrong;
    }
    g->extra_deals++;
    ev = gen__ev_new(EV_DEAL, right);
    gen__emit(g, &ev);
    return right;
}

/* found_faced - `found faced CARD`: a card found faced (L12, L35). */
static void found_faced(struct gen *g, uint8_t card)
{
    struct table_event ev = gen__ev_new(EV_FOUND_FACED, SEAT_NONE);

    gen__ev_cards(&ev, &card, 1);
    gen__emit(g, &ev);
}

void gen__inject_faced_pack(struct gen *g)
{
    found_faced(g, g->pack[gen__below(g, CARD_COUNT)]);
    gen__injected(g, INJ_FACED_PACK);
}

/* gen__inject_exposed - L13: elder chooses a new deal or plays on, at
 * even chances. */
bool gen__inject_exposed(struct gen *g, int dealer, int elder, uint8_t card)
{
    struct table_event ev = gen__ev_new(EV_EXPOSE, dealer);

    ev.target = (int8_t)elder;
    gen__ev_cards(&ev, &card, 1);
    gen__emit(g, &ev);
    gen__injected(g, INJ_EXPOSED_DEAL);
    ev = gen__ev_new(EV_ELECT, elder);
    ev.option = gen__chance(g, 0.5) ? OPT_NEW_DEAL : OPT_PLAY_ON;
    gen__emit(g, &ev);
    return ev.option == OPT_NEW_DEAL;
}

/*
 * gen__inject_king_window_shuts - the right to a turned king left
 * unmarked on purpose is lost at the next turn-up (L22, its one ruling).
 * Under INJ_LATE_KING_MARK its dealer then marks it all the same, now
 * and then with `marks 1` too: refused, and not ruled again; not when a
 * mark of his would mean another king (this deal's turned king, or the
 * king of trumps he holds, which king-announce=mark scores).
 */
void gen__inject_king_window_shuts(struct gen *g)
{
    int x = g->king_unmarked;
    uint8_t k = laws_bonus_card(g->prof, g->trump);
    struct table_event ev;

    if (x == SEAT_NONE || g->failed) {
        return;
    }
    g->king_unmarked = SEAT_NONE;
    gen__injected(g, INJ_UNMARKED_KING);
    if (!g->king_late_mark || g->turn_up == k || (g->hand[x] & CARD_BIT(k))) {
        return;
    }
    ev = gen__ev_new(EV_MARK_KING, x);
    gen__emit(g, &ev);
    if (gen__chance(g, 0.5)) {
        ev = gen__ev_new(EV_MARK, x);
        ev.n = 1;
        gen__emit(g, &ev);
    }
}

void gen__inject_imperfect(struct gen *g)
{
    struct table_event ev = gen__ev_new(EV_FOUND_IMPERFECT, SEAT_NONE);

    gen__emit(g, &ev);
    gen__injected(g, INJ_IMPERFECT);
}

/* ------------------------------------------------------------------ */
/* The exchange and the tricks                                          */
/* ------------------------------------------------------------------ */

void gen__inject_faced_stock(struct gen *g, int asked)
{
    if (CARD_COUNT - g->top > asked + 2) {
        found_faced(g, gen__draw_top(g));
        gen__injected(g, INJ_FOUND_FACED_STOCK);
    }
}

bool gen__inject_false_king(struct gen *g, int elder)
{
    uint8_t k = laws_bonus_card(g->prof, g->trump);
    struct table_event ev;

    if ((g->hand[elder] & CARD_BIT(k)) ||
        (g->hand[SEAT_OTHER(elder)] & CARD_BIT(k)) || g->turn_up == k) {
        return false;
    }
    ev = gen__king_event(g, elder);
    gen__emit(g, &ev);
    gen__injected(g, INJ_FALSE_KING);
    return true;
}

void gen__inject_late_announce(struct gen *g, int leader, bool *announced)
{
    uint8_t k = laws_bonus_card(g->prof, g->trump);
    struct table_event ev;

    if (!(g->hand[leader] & CARD_BIT(k)) || *announced || k == g->turn_up) {
        return;
    }
    ev = gen__king_event(g, leader);
    gen__emit(g, &ev);
    *announced = true;
    gen__injected(g, INJ_LATE_ANNOUNCE);
}

/* card_line - seat's line of kind naming card (a lead, a play, a card
 * taken back). */
static void card_line(struct gen *g, enum event_kind kind, int seat,
                      uint8_t card)
{
    struct table_event ev = gen__ev_new(kind, seat);

    gen__ev_cards(&ev, &card, 1);
    gen__emit(g, &ev);
}

void gen__inject_lead_out_of_turn(struct gen *g, int seat)
{
    uint8_t wrong = gen__pick(g, g->hand[seat], 0.3);

    card_line(g, EV_LEAD, seat, wrong);
    card_line(g, EV_TAKE_BACK, seat, wrong);
    gen__injected(g, INJ_LEAD_OUT_OF_TURN);
}

void gen__inject_take_back(struct gen *g, int seat, uint8_t card)
{
    card_line(g, EV_TAKE_BACK, seat, card);
    gen__injected(g, INJ_TAKE_BACK_LEAD);
}

/* gen__inject_revoke - a revoke (L43) stands where it is not taken back,
 * or where the card ended the hand (by an offer declined: it cannot be
 * put right); taken back before the next lead (L39) the right card is
 * played instead. */
uint8_t gen__inject_revoke(struct gen *g, int seat, uint32_t legal,
                           enum inject kind)
{
    uint8_t wrong = gen__pick(g, g->hand[seat] & ~legal, 0.0);
    uint8_t right;

    card_line(g, EV_PLAY, seat, wrong);
    if (kind == INJ_REVOKE || g->deal_over) {
        gen__injected(g, INJ_REVOKE);
        return wrong;
    }
    card_line(g, EV_TAKE_BACK, seat, wrong);
    gen__injected(g, INJ_REVOKE_CORRECTED);
    right = gen__pick(g, legal, 0.4);
    card_line(g, EV_PLAY, seat, right);
    return right;
}

void gen__inject_abandon(struct gen *g, int seat)
{
    struct table_event ev = gen__ev_new(EV_ABANDON, seat);

    gen__emit(g, &ev);
    gen__injected(g, INJ_ABANDON);
}

/* ------------------------------------------------------------------ */
/* The persons of a table of three or more                              */
/* ------------------------------------------------------------------ */

/* gen__inject_adviser_sees - CH2: the adviser's stake goes to the bank
 * at once; twice the rate, at a game's start. */
void gen__inject_adviser_sees(struct gen *g, char v[][TL_ID_MAX + 8], int n)
{
    char text[TL_LINE_MAX];

    if (n >= 7 && gen__chance(g, 2 * g->rate)) {
        snprintf(text, sizeof(text), "%s sees A", v[6]);
        gen__emit_text(g, text);
        gen__injected(g, INJ_ADVISER_SEES);
    }
}

/* gen__inject_bettor_sees - BY2: his stake goes to that player; twice
 * the rate, at a game's start; only a bystander's bet. */
void gen__inject_bettor_sees(struct gen *g)
{
    char text[TL_LINE_MAX];

    if (g->last_bettor >= 0 && g->last_bettor != g->seated[0] &&
        g->last_bettor != g->seated[1] && gen__chance(g, 2 * g->rate)) {
        snprintf(text, sizeof(text), "%s sees %c", gen__person(g->last_bettor),
                 seat_letter(SEAT_OTHER(g->last_seat)));
        gen__emit_text(g, text);
        gen__injected(g, INJ_BETTOR_SEES);
    }
}

/*
 * late_money - a stake stated after the first turn-up (CH4, void), or a
 * bet after the close (BY1, void, under bets-close=first-turnup) by who,
 * into text; INJ_NONE if neither can be made now (the stakes and bets
 * are still open, or the format has neither).
 */
static enum inject late_money(struct gen *g, int who, char *text, size_t n)
{
    if (!g->turned_in_game) {
        return INJ_NONE; /* still open: a stake or bet now is lawful */
    }
    if (g->format == SIT_CHOUETTE) {
        snprintf(text, n, "%s stakes %d", gen__person(who),
                 gen__stake_amount(g, 3));
        return INJ_LATE_STAKE;
    }
    if (g->format == SIT_GALLERY && !g->each_turnup) {
        int seat = gen__below(g, 2);
        int amount = gen__stake_amount(g, 5);

        snprintf(text, n, "%s bets %d on %c", gen__person(who), amount,
                 seat_letter(seat));
        return INJ_LATE_BET;
    }
    return INJ_NONE;
}

/*
 * gen__inject_late - with irregularities injected, now and then between
 * two deals of a game: a stake or a bet too late (late_money), advice in
 * words from a bystander (BY4 where it is not allowed: the adviser's
 * bets void; PO4 at a pool; a chouette's advisers may advise: lawful),
 * a bettor's call (BY5: the backed player's claim, or not heard and his
 * bets void).
 */
void gen__inject_late(struct gen *g)
{
    char text[TL_LINE_MAX];
    enum inject kind = INJ_NONE; /* what it provokes; INJ_NONE: lawful */
    int who = gen__waiting(g);

    if (g->rate <= 0 || who < 0 || !gen__chance(g, g->rate)) {
        return;
    }
    switch (gen__below(g, 3)) {
    case 0:
        kind = late_money(g, who, text, sizeof(text));
        if (kind == INJ_NONE) {
            return;
        }
        break;
    case 1:
        snprintf(text, sizeof(text), "%s advises %c", gen__person(who),
                 seat_letter(gen__below(g, 2)));
        kind = g->format == SIT_POOL      ? INJ_POOL_ADVICE
               : g->format == SIT_GALLERY ? INJ_GALLERY_ADVICE
                                          : INJ_NONE;
        break;
    default:
        if (g->format != SIT_GALLERY) {
            return;
        }
        snprintf(text, sizeof(text), "%s calls %s", gen__person(who),
                 BETTOR_CALLS_LAW);
        kind = INJ_BETTOR_CALLS;
        break;
    }
    gen__emit_text(g, text);
    if (kind != INJ_NONE) {
        gen__injected(g, kind);
    }
}

/* gallery_leave - a player of the gallery leaves (BY6) and a person with
 * money on his seat takes up the hand, if one can. */
static void gallery_leave(struct gen *g)
{
    int seat = gen__below(g, 2);
    char leave[TL_LINE_MAX];
    char take[TL_LINE_MAX];

    snprintf(leave, sizeof(leave), "%c leaves", seat_letter(seat));
    for (int i = 0; i < g->n_persons; i++) {
        const char *lines[2] = {leave, take};

        if (i == g->seated[0] || i == g->seated[1]) {
            continue;
        }
        snprintf(take, sizeof(take), "%s takes-seat %c", gen__person(i),
                 seat_letter(seat));
        if (gen__would_take(g, lines, 2)) {
            gen__emit_text(g, leave);
            gen__injected(g, INJ_GALLERY_LEAVES);
            gen__emit_text(g, take);
            g->seated[seat] = i;
            return;
        }
    }
}

/*
 * gen__inject_leave - at half the rate, between two deals of a game: at
 * a chouette the ponte's seat is taken by the first adviser (CH3), a
 * bank who leaves loses the game (CH5); at a pool the leaver concedes
 * the game and is out of the pool (PO3; only where four or more play,
 * so that a rentrant is left); in a gallery a backer of the seat takes
 * up the hand (BY6).
 */
void gen__inject_leave(struct gen *g)
{
    char text[TL_LINE_MAX];
    char v[8][TL_ID_MAX + 8];
    int seat;

    if (g->format == SIT_DUEL || g->game_over || g->game_no == 0 ||
        !gen__chance(g, g->rate / 2)) {
        return;
    }
    if (g->format == SIT_GALLERY) {
        gallery_leave(g);
        return;
    }
    if (g->format == SIT_POOL && g->n_persons < 4) {
        return;
    }
    seat = gen__below(g, 2);
    if (g->format == SIT_CHOUETTE && seat == SEAT_B &&
        (gen__roles_words(g, v, 8) < 7 || strcmp(v[5], "advisers") != 0)) {
        return;
    }
    snprintf(text, sizeof(text), "%c leaves", seat_letter(seat));
    gen__emit_text(g, text);
    gen__injected(g, g->format == SIT_POOL ? INJ_POOL_LEAVES
                     : seat == SEAT_B      ? INJ_PONTE_LEAVES
                                           : INJ_BANK_LEAVES);
    if (g->format == SIT_CHOUETTE && seat == SEAT_B && !g->game_over) {
        snprintf(text, sizeof(text), "%s takes-seat B", v[6]);
        gen__emit_text(g, text);
        g->seated[SEAT_B] = gen__person_of(v[6]);
    }
}
