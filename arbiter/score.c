/* SPDX-License-Identifier: MIT */
/*
 * score.c - scoring: trick points (L48, L49) and the caps of L25/L43, game
 * and rubber ends (L46), kings marked and announced (L22-L25, L47), and the
 * players' own marks and overscores (L50, L51).
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* game_value - single, double or treble by the loser's points (L46). */
static int game_value(const struct profile *p, int loser_points)
{
    if (p->stakes != STAKES_TREBLE) {
        return 1;
    }
    if (loser_points <= 0) {
        return 3;
    }
    return loser_points * 2 < p->target ? 2 : 1;
}

/* arbiter__report_deal - the deal's outcome as it stands, into the result. */
void arbiter__report_deal(struct ctx *c)
{
    const struct deal_state *d = c->d;

    c->res->deal_over = true;
    c->res->deal.number = d->number;
    c->res->deal.game = c->s->game_no;
    c->res->deal.dealer = d->dealer;
    for (int s = 0; s < 2; s++) {
        c->res->deal.tricks[s] = d->tricks[s] + d->credited[s];
        c->res->deal.points[s] = d->points[s];
    }
    c->res->deal.is_void = d->is_void;
    c->res->deal.held = d->hold && !d->scored && !d->is_void;
}

/* arbiter__end_hand_now - the deal is over (scored, void or cut short). */
void arbiter__end_hand_now(struct ctx *c)
{
    struct deal_state *d = c->d;

    d->over = true;
    d->phase = PH_HAND_OVER;
    c->s->deal_on = false;
    arbiter__report_deal(c);
}

/* arbiter__game_result - the result of the game s has won, as it stands
 * (winner, points, value by L46, games in the rubber), into *g; the
 * rubber fields are left as they are. */
void arbiter__game_result(const struct table_state *s,
                          struct arb_game_result *g)
{
    g->number = s->game_no;
    g->winner = s->game_winner;
    g->points[0] = s->score[0];
    g->points[1] = s->score[1];
    g->value = game_value(&s->prof, s->score[SEAT_OTHER(s->game_winner)]);
    g->games_won[0] = s->games_won[0];
    g->games_won[1] = s->games_won[1];
}

/* report_game - the current game's result, as it stands, into the
 * result (again, when a late mark or a correction changes it). */
static void report_game(struct ctx *c)
{
    c->res->game_over = true;
    arbiter__game_result(c->s, &c->res->game);
}

/* arbiter__report_game - report_game for the other files. */
void arbiter__report_game(struct ctx *c)
{
    report_game(c);
}

/* arbiter__game_won - seat reached the target: the game ends at once (L46). */
void arbiter__game_won(struct ctx *c, int seat)
{
    struct table_state *s = c->s;
    struct arb_game_result *g = &c->res->game;

    s->game_over = true;
    s->game_on = false;
    s->game_winner = (int8_t)seat;
    s->games_won_before[0] = s->games_won[0];
    s->games_won_before[1] = s->games_won[1];
    s->last_win_rubber = false;
    s->games_won[seat]++;
    s->next_dealer_before = s->next_dealer;
    if (s->prof.next_game_dealer == NEXT_GAME_LOSER) {
        s->next_dealer = (int8_t)SEAT_OTHER(seat); /* the loser deals */
    }
    report_game(c);
    if (s->prof.rubber > 0 && s->games_won[seat] > s->prof.rubber / 2) {
        g->rubber_over = true;
        g->rubber_winner = seat;
        s->games_won[0] = s->games_won[1] = 0;
        s->rubber_no++;
        s->last_win_rubber = true;
    }
    if (s->deal_on && !c->d->over) {
        arbiter__note(c,
                      "%c reaches %d: the game ends at once, the hand is not "
                      "played out (L46)",
                      seat_letter(seat), s->score[seat]);
        arbiter__end_hand_now(c);
    }
}

/* reopen_game - the points that won the game are taken down (L51): the
 * game is not won after all and goes on; the rubber count is restored. */
static void reopen_game(struct ctx *c)
{
    arbiter__reopen_game(c, ARB_REOPEN_OVERSCORE);
    arbiter__note(c,
                  "the overscore taken down: game %d is not won after all and "
                  "goes on (L51)",
                  c->s->game_no);
}

/* arbiter__reopen_game - the game won is not won after all and goes on
 * (points that won it taken off): the rubber count is restored and the
 * result says the game is reopened, and why.  The caller notes it. */
void arbiter__reopen_game(struct ctx *c, enum arb_reopen why)
{
    struct table_state *s = c->s;

    s->game_over = false;
    s->game_on = true;
    s->games_won[0] = s->games_won_before[0];
    s->games_won[1] = s->games_won_before[1];
    s->next_dealer = s->next_dealer_before;
    if (s->last_win_rubber) {
        s->rubber_no--;
        s->last_win_rubber = false;
    }
    s->game_winner = SEAT_NONE;
    s->belief_win = false;
    c->res->game_over = false;
    c->res->game_reopened = true;
    c->res->reopened_game = s->game_no;
    c->res->reopened_by = why;
}

/* arbiter__award - seat scores n points in the current game (n may be negative
 * for a correction); the game ends the moment the target is reached. */
void arbiter__award(struct ctx *c, int seat, int n)
{
    struct table_state *s = c->s;

    if (n == 0) {
        return;
    }
    s->score[seat] += n;
    if (s->score[seat] < 0) {
        s->score[seat] = 0;
    }
    c->d->points[seat] = (int8_t)(c->d->points[seat] + n);
    c->res->score_changed = true;
    if (!s->game_over && s->score[seat] >= s->prof.target) {
        arbiter__game_won(c, seat);
    }
}

/* arbiter__hand_points - what the winner of the tricks scores (L48, L49) and
 * the caps of L25/L43 on an offender.  *winner gets the seat or SEAT_NONE. */
int arbiter__hand_points(const struct ctx *c, int *winner)
{
    const struct deal_state *d = c->d;
    int t[2] = {d->tricks[0] + d->credited[0], d->tricks[1] + d->credited[1]};
    int w = t[0] >= 3 ? 0 : t[1] >= 3 ? 1 : SEAT_NONE;
    struct trick_score ts;

    if (d->point_answer < 0 && d->point_offer != SEAT_NONE &&
        t[(int)d->point_offer] > 0) {
        /* MD3: the point declined, the offerer took a trick: 2 */
        *winner = d->point_offer;
        return 2 * d->value;
    }
    *winner = w;
    if (w == SEAT_NONE) {
        return 0;
    }
    memset(&ts, 0, sizeof(ts));
    ts.elder_won = w == d->elder;
    ts.tricks = t[w];
    ts.first = d->first;
    ts.exchanged = d->exchanged;
    ts.capped = d->capped[w] && !d->uncap_on_replay;
    ts.multiplier = d->value;
    return laws_trick_points(&c->s->prof, &ts);
}

/* arbiter__has_open_claim - a claim on the played hand (arbiter__is_claim)
 * still waits for the adversary. */
bool arbiter__has_open_claim(const struct deal_state *d)
{
    for (int i = 0; i < d->n_pending; i++) {
        if (arbiter__is_claim(&d->pending[i].r)) {
            return true;
        }
    }
    return false;
}

/* arbiter__is_claim - r is a claim on the played hand: its adversary may
 * let the result stand or have the hand replayed (L25, L43), so the
 * hand's points wait for his choice. */
bool arbiter__is_claim(const struct ruling *r)
{
    return (r->options & OPT_BIT(OPT_REPLAY)) != 0;
}

/* arbiter__score_hand - score the tricks of a finished hand, unless an election
 * holds the points back. */
void arbiter__score_hand(struct ctx *c)
{
    struct deal_state *d = c->d;
    int w;
    int pts;

    if (d->scored || d->is_void) {
        return;
    }
    if (arbiter__has_open_claim(d)) {
        d->hold = true;
        arbiter__note(c, "the points of the hand wait for the election on the "
                         "pending ruling");
        return;
    }
    d->hold = false;
    d->scored = true;
    pts = arbiter__hand_points(c, &w);
    if (w != SEAT_NONE) {
        arbiter__award(c, w, pts);
        if (d->capped[w] && !d->uncap_on_replay) {
            bool was = d->capped[w];
            int full;

            d->capped[w] = false;
            full = arbiter__hand_points(c, &w);
            d->capped[w] = was;
            c->res->penalty[w] -= full - pts;
        }
    }
}

/* arbiter__finish_hand - the last trick is taken (or credited): score and end.
 */
void arbiter__finish_hand(struct ctx *c)
{
    arbiter__end_hand_now(c);
    arbiter__score_hand(c);
    arbiter__report_deal(c);
}

/*
 * arbiter__start_game - a new game at 0-0: its number, the markers' overscores
 * cleared.
 */
void arbiter__start_game(struct ctx *c)
{
    struct table_state *s = c->s;

    s->game_no++;
    s->game_on = true;
    s->game_over = false;
    s->game_winner = SEAT_NONE;
    s->score[0] = s->score[1] = 0;
    s->overscore[0] = s->overscore[1] = 0;
    c->res->game_started = true;
    c->res->score_changed = true;
}

/*
 * mark_turned_king - seat x marks the king turned up in this deal or the
 * last (L22, L47), in time (laws_king_mark said MARK_OK).  A mark after the
 * adversary won the game counts only for the loser's total (docs/readings.md).
 */
static void mark_turned_king(struct ctx *c, int x)
{
    struct table_state *s = c->s;
    struct deal_state *d = c->d;

    if (d->king_turned && d->trump != SUIT_NONE && !d->is_void &&
        (s->deal_on || d->over)) {
        if (d->over && s->game_over && s->game_winner != x) {
            /* docs/readings.md: counts for the loser's total, not the game */
            int cap_at = s->prof.target - 1;
            int before = s->score[x];

            s->score[x] = s->score[x] + 1 > cap_at ? cap_at : s->score[x] + 1;
            d->king_marked = true;
            d->points[x] = (int8_t)(d->points[x] + (s->score[x] - before));
            c->res->score_changed = true;
            report_game(c);
            arbiter__note(c,
                          "late mark after the game was won: it counts for the "
                          "loser's total only (docs/readings.md)");
            return;
        }
        d->king_marked = true;
        if (!c->point_held) {
            arbiter__award(c, x, 1); /* held for a veto otherwise (PL5) */
        }
        return;
    }
    /* the previous deal's turned king, before this deal's turn-up */
    s->prev_king_dealer = SEAT_NONE;
    if (s->prev_king_game == s->game_no && !s->game_over) {
        arbiter__award(c, x, 1);
        c->d->points[x]--; /* it belongs to the previous deal */
    } else if (s->prev_king_game == s->game_no && s->game_over) {
        int cap_at = s->prof.target - 1;

        if (s->game_winner != x && s->score[x] < cap_at) {
            s->score[x]++;
            c->res->score_changed = true;
        }
        arbiter__note(c, "late mark after the game was won: it counts for the "
                         "loser's total only (docs/readings.md)");
        report_game(c);
    } else {
        arbiter__note(c, "the mark belongs to game %d, already over",
                      s->prev_king_game);
    }
}

/* announce_king - seat x announces the king of trumps (or marks it,
 * king-announce=mark, PL3), in time (L23, L24).  When the table already
 * shows the king is not his (laws_king_claim_now), no point is scored and
 * no game won: the claim waits for his next card, when L25 rules unless
 * he withdrew it.  Otherwise the point is scored, unless held for a veto
 * (PL5), and the claim kept for L25's evidence; a game won by it from a
 * hand not all seen stands as a belief (s->belief_win), and while the
 * arbiter derives the deal again for evidence (hold_belief) that point is
 * held instead of winning the game. */
static void announce_king(struct ctx *c, const struct law_view *v, int x)
{
    struct table_state *s = c->s;
    struct deal_state *d = c->d;
    uint8_t king = laws_bonus_card(&s->prof, d->trump);
    bool was_over = s->game_over;
    int claim;

    switch (laws_announce(v, x)) {
    case ANN_OK:
    case ANN_OK_24:
        break;
    case ANN_RULED:
        arbiter__note(c,
                      "%c's king was announced too late and ruled so "
                      "already: no point, and no second ruling",
                      seat_letter(x));
        return;
    default:
        return;
    }
    claim = laws_king_claim_now(v, x);
    if (claim < 0) {
        d->false_ann = (int8_t)x;
        d->false_ann_played = d->played[x];
        arbiter__note(c,
                      "%c announces the king of trumps, which the table shows "
                      "is not his: no point (L25 unless he withdraws before "
                      "his next card)",
                      seat_letter(x));
        return;
    }
    d->announced = (int8_t)x;
    d->announced_played = d->played[x];
    d->ann_false_at_time =
        d->z.count[Z_HAND(x)] == arbiter__ncards(d->z.known[Z_HAND(x)]) &&
        !(d->z.known[Z_HAND(x)] & CARD_BIT(king)) &&
        !arbiter__played_by(d, x, king);
    d->announce_withdrawn = false;
    d->announce_ruled = false;
    d->unknown_in_after_ann = false;
    d->ann_scored = false;
    d->ann_held = false;
    if (c->point_held) {
        return; /* held for a veto (PL5) */
    }
    if (claim == 0 && c->a->hold_belief && !s->game_over &&
        s->score[x] + 1 >= s->prof.target) {
        d->ann_held = true;
        return;
    }
    d->ann_scored = true;
    arbiter__award(c, x, 1);
    if (claim == 0 && !was_over && s->game_over && s->game_winner == x) {
        s->belief_win = true;
        s->belief_seat = (int8_t)x;
        s->belief_deal = d->number;
        s->belief_game = s->game_no;
        arbiter__note(c,
                      "%c's hand is not all seen: the game stands on the "
                      "belief that he holds the king; evidence that he did "
                      "not reopens it (L25)",
                      seat_letter(x));
    }
}

/*
 * arbiter__on_mark_king - `D marks king`: the turned king is marked if
 * laws_king_mark says it is in time (L22, L47); otherwise the laws rule
 * (L19, L22, L23, L47).  Returns 0.
 */
/* lost_mark_note - seat marks a turned king whose right was ruled lost
 * already: the mark does not count, and is not ruled again (one
 * irregularity, one ruling). */
static void lost_mark_note(struct ctx *c, int seat)
{
    arbiter__note(c,
                  "%c's right to mark his turned king was ruled lost "
                  "already: the mark does not count",
                  seat_letter(seat));
}

int arbiter__on_mark_king(struct ctx *c, const struct law_view *v)
{
    int x = c->ev->actor;

    if (c->not_allowed) {
        return 0;
    }
    if (laws_king_mark(v, x) == MARK_LOST) {
        lost_mark_note(c, x);
        return 0;
    }
    if (laws_king_mark(v, x) == MARK_OK) {
        mark_turned_king(c, x);
    } else if (c->s->prof.king_announce == KING_ANNOUNCE_MARK &&
               c->d->trump != SUIT_NONE && c->s->deal_on) {
        announce_king(c, v, x); /* PL3: the king held, marked */
    }
    return 0;
}

/*
 * arbiter__on_announce - `X announces king`: in time (L23, or by L24's
 * extension) the point is scored and the announcement remembered for the
 * evidence of L25.  ARB_E_ORDER before the turn-up.
 */
int arbiter__on_announce(struct ctx *c, const struct law_view *v)
{
    int rc;

    if ((rc = arbiter__need_deal(c)) != 0) {
        return rc;
    }
    if (c->d->trump == SUIT_NONE) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the turn-up before the king is announced, "
            "found announces");
    }
    if (!c->not_allowed) {
        announce_king(c, v, c->ev->actor);
    }
    return 0;
}

/*
 * arbiter__on_withdraw - `X withdraws king`: before his next card the
 * announcement is corrected in time (L25): no ruling, no penalty, and its
 * point, if it was scored, comes off.  Returns 0, or ARB_E_ORDER with
 * nothing to withdraw or after his next card.
 */
int arbiter__on_withdraw(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;

    if (d->false_ann == x) {
        if (d->played[x] > d->false_ann_played) {
            return arbiter__fail(
                c, ARB_E_ORDER,
                "expected the withdrawal before %c's next card (L25), "
                "found it after",
                seat_letter(x));
        }
        d->false_ann = SEAT_NONE;
        arbiter__note(c,
                      "%c withdraws the king in time: no point, no penalty "
                      "(L25)",
                      seat_letter(x));
        return 0;
    }
    if (d->announced != x || d->announce_withdrawn) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected an announcement of the king by %c to withdraw, "
            "found none",
            seat_letter(x));
    }
    if (d->played[x] > d->announced_played) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected the withdrawal before %c's next card (L25), "
            "found it after",
            seat_letter(x));
    }
    d->announce_withdrawn = true;
    d->announced = SEAT_NONE;
    if (d->ann_scored) {
        d->ann_scored = false;
        arbiter__award(c, x, -1);
    }
    arbiter__note(c,
                  "%c withdraws the king in time: %s, no penalty (L25)",
                  seat_letter(x),
                  d->ann_held ? "its point is not scored"
                              : "its point comes off");
    return 0;
}

/*
 * arbiter__on_mark - `X marks N`: honoured up to the points owed to X and not
 * yet marked, in time (L50: a forgotten turned king); the rest is an overscore
 * (L51) and does not count: the referee keeps how far X's marker runs ahead
 * of his score, for `unmarks`.
 */
int arbiter__on_mark(struct ctx *c, const struct law_view *v)
{
    struct table_state *s = c->s;
    int x = c->ev->actor;
    int owed = laws_king_mark(v, x) == MARK_OK ? 1 : 0;
    int honour = c->ev->n < owed ? c->ev->n : owed;

    if (!s->game_on && !s->game_over) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected a game in progress, found marks");
    }
    if (honour > 0) {
        mark_turned_king(c, x);
    } else if (laws_king_mark(v, x) == MARK_LOST) {
        lost_mark_note(c, x);
    }
    s->overscore[x] += c->ev->n - honour;
    return 0;
}

/*
 * arbiter__on_unmark - `X unmarks N`: an acknowledged overscore is taken down
 * (L51). What X marked beyond his score comes off first and changes nothing;
 * the rest comes off his score, the deal in hand (or the last one) and the
 * game, which is reopened if those points had won it.
 */
int arbiter__on_unmark(struct ctx *c)
{
    struct table_state *s = c->s;
    struct deal_state *d = c->d;
    int x = c->ev->actor;
    int n = c->ev->n;
    int marker = n < s->overscore[x] ? n : s->overscore[x];
    int rest = n - marker;

    s->overscore[x] -= marker;
    if (marker > 0 && rest == 0) {
        arbiter__note(c,
                      "%c takes down %d point(s) marked beyond his score: the "
                      "score is unchanged",
                      seat_letter(x), marker);
    }
    if (rest > s->score[x]) {
        arbiter__note(
            c,
            "%c unmarks %d but has %d on the score and %d marked beyond "
            "it: %d taken down",
            seat_letter(x), n, s->score[x], marker, marker + s->score[x]);
        rest = s->score[x];
    }
    if (rest == 0) {
        return 0;
    }
    s->score[x] -= rest;
    c->res->score_changed = true;
    if (d->dealer != SEAT_NONE) {
        d->points[x] = (int8_t)(d->points[x] - rest);
        c->res->penalty[x] -= rest;
        if (d->over) {
            arbiter__report_deal(c);
        }
    }
    if (s->game_over && !s->game_on) {
        if (s->game_winner == x && s->score[x] < s->prof.target) {
            reopen_game(c);
        } else {
            report_game(c);
        }
    }
    return 0;
}
