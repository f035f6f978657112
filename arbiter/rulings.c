/* SPDX-License-Identifier: MIT */
/*
 * rulings.c - rulings: made from the law rows, kept pending for their
 * elector (their windows closed by the event stream in gate.c), remedies
 * carried out, replays, rulings proven by later evidence (L25, L43) and
 * counts proven by a card (arbiter__count_from_cards).
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* arbiter__add_ruling - put r in the result (and its preview slot). */
struct ruling *arbiter__add_ruling(struct ctx *c, const struct ruling *r)
{
    if (c->res->n_rulings >= ARB_RULINGS_MAX) {
        return NULL;
    }
    c->res->rulings[c->res->n_rulings] = *r;
    c->res->previews[c->res->n_rulings][0] = '\0';
    return &c->res->rulings[c->res->n_rulings++];
}

/* arbiter__make_ruling - a ruling from law l's row about event ev. */
void arbiter__make_ruling(struct ruling *r, enum law_id l, int offender,
                          int elector)
{
    const struct law *row = laws_get(l);

    memset(r, 0, sizeof(*r));
    r->law = l;
    r->offender = (int8_t)offender;
    r->elector = (int8_t)elector;
    r->options = elector == SEAT_NONE ? 0 : row->options;
    r->remedy = row->remedy;
    r->window = row->window;
}

/* arbiter__push_pending - keep r waiting for its elector / window. */
struct pending *arbiter__push_pending(struct ctx *c, const struct ruling *r)
{
    struct deal_state *d = c->d;
    struct pending *p;

    if (d->n_pending >= PENDING_MAX) {
        memmove(&d->pending[0], &d->pending[1],
                sizeof(d->pending[0]) * (PENDING_MAX - 1));
        d->n_pending--;
    }
    p = &d->pending[d->n_pending++];
    memset(p, 0, sizeof(*p));
    p->r = *r;
    p->allow = laws_get(r->law)->allow;
    p->seat = SEAT_NONE;
    p->card = CARD_NONE;
    p->suit = SUIT_NONE;
    p->trick = -1;
    return p;
}

/* arbiter__drop_pending - the pending ruling at index i (0 <= i <
 * n_pending) is answered or lapses: it leaves the list, the others keep
 * their order. */
void arbiter__drop_pending(struct deal_state *d, int i)
{
    memmove(&d->pending[i], &d->pending[i + 1],
            sizeof(d->pending[0]) * (size_t)(d->n_pending - i - 1));
    d->n_pending--;
}

/* cap - the offender's score for the hand is capped (L25, L43). */
static void cap(struct deal_state *d, int seat)
{
    d->capped[seat] = true;
}

/* arbiter__owe - the action a remedy requires next: seat throws out,
 * draws or is given n cards (none if n <= 0); l for messages. */
void arbiter__owe(struct deal_state *d, enum owed_kind k, int seat, int n,
                enum law_id l)
{
    d->owed.kind = n > 0 ? k : OWED_NONE;
    d->owed.seat = (int8_t)seat;
    d->owed.n = (int8_t)n;
    d->owed.law = (int8_t)l;
}

/* ------------------------------------------------------------------ */
/* The laws a row cannot describe.  Each is named here once; its row     */
/* carries a note pointing here.                                        */
/* ------------------------------------------------------------------ */

/*
 * hold_again - the hand's points, already scored, wait again for the
 * adversary's election on a claim against x (L25, L43 proven after the
 * hand): they come off the score, x's cap set aside to count them.
 * Returns the seat that had scored them, or SEAT_NONE.
 */
static int hold_again(struct ctx *c, int x)
{
    struct deal_state *d = c->d;
    bool was = d->capped[x];
    int w;
    int pts;

    d->capped[x] = false;
    pts = arbiter__hand_points(c, &w);
    if (w != SEAT_NONE) {
        arbiter__award(c, w, -pts);
    }
    d->capped[x] = was;
    d->scored = false;
    d->hold = true;
    if (c->res->deal_over) {
        arbiter__report_deal(c); /* the deal reported by this action waits */
    }
    return w;
}

/*
 * false_king - L25: a false announcement of the king, not withdrawn
 * before the announcer's next card, or proven later.  The king point comes
 * off if it was scored (none was when the table showed the king was not
 * his when he announced it); unless the adversary holds the king himself,
 * the announcer's score for the hand is capped and the adversary may have
 * the hand replayed: the hand's points wait for his election, and points
 * already scored wait again.  A game won by the false point, or by the
 * points that now wait, is reopened.
 */
static void false_king(struct ctx *c, const struct ruling *r)
{
    struct table_state *s = c->s;
    struct deal_state *d = c->d;
    int x = r->offender;
    int won = s->game_over ? s->game_winner : SEAT_NONE;

    if (d->false_ann == x) {
        d->false_ann = SEAT_NONE; /* no point was scored for it */
    } else if (d->announced == x && !d->announce_withdrawn) {
        d->announce_ruled = true;
        d->announced = SEAT_NONE;
        if (d->ann_scored) {
            d->ann_scored = false;
            arbiter__award(c, x, -1);
            c->res->penalty[x]--;
        }
    }
    if (r->options != 0) {
        struct pending *p = arbiter__push_pending(c, r);

        p->seat = (int8_t)x;
        cap(d, x);
        if (d->over && d->scored && !d->is_void) {
            hold_again(c, x);
        }
    }
    if (won != SEAT_NONE && s->game_over && s->game_winner == won &&
        s->score[won] < s->prof.target) {
        /* won by this very action: its result was never reported */
        bool just_won = c->res->game_over && !c->res->game_reopened;

        arbiter__reopen_game(c, ARB_REOPEN_FALSE_KING);
        if (just_won) {
            c->res->game_reopened = false;
            arbiter__note(c,
                          "the king %c announced was not his: the points "
                          "that would end game %d wait for the election, and "
                          "the game goes on (L25)",
                          seat_letter(x), s->game_no);
        } else {
            arbiter__note(c,
                          "the king %c announced was not his: game %d is not "
                          "won after all and goes on (L25)",
                          seat_letter(x), s->game_no);
        }
    }
}

/* revoke_trick - L43: the trick whose reply ruling r is about: the open
 * trick's (seen at the card) or the one the event's card proves (v->after);
 * -1 if none. */
static int revoke_trick(const struct ctx *c, const struct ruling *r,
                        const struct law_view *v)
{
    const struct table_event *ev = c->ev;

    if (!v->after) {
        return c->d->trick_no - 1;
    }
    for (int i = 0; i < ev->n_cards; i++) {
        int t = laws_revoke_proof(v, r->offender, ev->cards[i]);

        if (t >= 0) {
            return t;
        }
    }
    return -1;
}

/*
 * revoke - L43: a reply that broke the follower's obligation (in trick t),
 * established: the correction window of L39 is past.  The trick is marked
 * ruled, the offender capped, and the ruling waits for the adversary;
 * points already scored are held again.
 */
static void revoke(struct ctx *c, const struct ruling *r, int t)
{
    struct deal_state *d = c->d;
    int x = r->offender;
    struct pending *p;

    if (t < 0) {
        return;
    }
    d->tricks_rec[t].offence = true;
    p = arbiter__push_pending(c, r);
    p->seat = (int8_t)x;
    p->trick = (int8_t)t;
    cap(d, x);
    if (d->over && !d->scored) {
        d->hold = true;
    } else if (d->over && d->scored) {
        hold_again(c, x); /* points already scored: hold them again */
    }
}

/*
 * defer_revoke - L39, L43: a reply that breaks the obligation may be
 * taken back without penalty until the next card is led.  While the hand
 * goes on and no card has been led since, the L43 ruling is not given
 * yet: it waits (d->offence_ruling) for the window to close
 * (arbiter__establish_offence) and is never given if the card is taken
 * back in time (L39 rules the correction: one irregularity, one ruling).
 * In the fifth trick the hand ends with the card: it is ruled at once.
 * Returns true if r was so kept back.
 */
static bool defer_revoke(struct ctx *c, const struct ruling *r,
                         const struct law_view *v)
{
    struct deal_state *d = c->d;
    char text[CARD_TEXT_MAX];
    int t;

    if (r->law != LAW_43 || d->over || d->phase != PH_PLAY ||
        d->offence_waiting) {
        return false;
    }
    t = revoke_trick(c, r, v);
    if (t < 0 || t != d->trick_no - 1 ||
        d->tricks_rec[t].follow == CARD_NONE ||
        d->tricks_rec[t].follow == CARD_UNKNOWN) {
        return false;
    }
    d->tricks_rec[t].offence = true; /* no second proof of it */
    d->offence_waiting = true;
    d->offence_trick = (int8_t)t;
    d->offence_ruling = *r;
    d->play_offence_card = d->tricks_rec[t].follow;
    arbiter__note(c,
                  "%c's %s breaks the obligation of the follower (%s): he may "
                  "take it back without penalty until the next lead (%s)",
                  seat_letter(r->offender),
                  arbiter__cardtext(d->tricks_rec[t].follow, text),
                  laws_get(LAW_43)->id, laws_get(LAW_39)->id);
    return true;
}

int arbiter__establish_offence(struct ctx *c, bool at_end)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    struct ruling *r;

    if (!d->offence_waiting) {
        return 0;
    }
    if (at_end ? !d->over
               : (ev->kind == EV_TAKE_BACK || ev->kind == EV_LOOK ||
                  ev->kind == EV_SHOW)) {
        return 0;
    }
    d->offence_waiting = false;
    d->play_offence_card = CARD_NONE;
    r = arbiter__add_ruling(c, &d->offence_ruling);
    if (r == NULL) {
        return 0;
    }
    revoke(c, r, d->offence_trick);
    arbiter__preview(c, r, c->res->previews[c->res->n_rulings - 1],
                     ARB_PREVIEW_LEN);
    return 0;
}

void arbiter__offence_corrected(struct deal_state *d)
{
    if (d->offence_waiting && d->offence_trick == d->trick_no - 1) {
        d->tricks_rec[(int)d->offence_trick].offence = false;
        d->offence_waiting = false;
    }
    d->play_offence_card = CARD_NONE;
}

int arbiter__give_ruling(struct ctx *c, const struct ruling *in,
                         const struct law_view *v)
{
    struct ruling *r;
    int rc;

    if (defer_revoke(c, in, v)) {
        return 0;
    }
    r = arbiter__add_ruling(c, in);
    if (r == NULL) {
        return 0;
    }
    if ((rc = arbiter__carry_out(c, r, v)) != 0) {
        return rc;
    }
    arbiter__preview(c, r, c->res->previews[c->res->n_rulings - 1],
                     ARB_PREVIEW_LEN);
    return 0;
}

/*
 * stock_lapse - L38 READING: a conditional acceptance the stock cannot
 * meet lapses; elder hand takes back his discard and play begins as after
 * a refusal, without the L49 extra point.
 */
static int stock_lapse(struct ctx *c)
{
    struct deal_state *d = c->d;
    int e = d->elder;
    char why[200];

    if (!d->if_enough || c->ev->kind != EV_ASK) {
        return 0;
    }
    while (d->z.count[Z_DISCARD(e)] > 0) {
        uint32_t kn = d->z.known[Z_DISCARD(e)];
        uint8_t k = CARD_UNKNOWN;

        for (int j = 0; j < CARD_COUNT; j++) {
            if (kn & CARD_BIT(j)) {
                k = (uint8_t)j;
                break;
            }
        }
        if (arbiter__move(&d->z, k, Z_DISCARD(e), Z_HAND(e), why,
                          sizeof(why)) != 0) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
    }
    if (d->proposals == 1) {
        d->first = FIRST_LAPSED;
    }
    return arbiter__begin_play(c);
}

/*
 * arbiter__bar_turned_king - L19: elder hand plays on after a deal miscounted (the
 * row's bars_king): the dealer may not mark the king turned up, and loses
 * the point if he had marked it.
 */
void arbiter__bar_turned_king(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct ruling r;

    d->rectified = true;
    if (!d->king_turned || d->king_lost) {
        return; /* no king; or its right ruled lost already (a second
                   miscount played on): one ruling */
    }
    d->king_lost = true; /* ruled here: a mark of it is not ruled again */
    arbiter__make_ruling(&r, LAW_19, d->dealer, SEAT_NONE);
    snprintf(r.note, sizeof(r.note),
             "the deal was miscounted and not redealt: the "
             "dealer may not mark the turned king");
    if (arbiter__add_ruling(c, &r) != NULL) {
        arbiter__preview(c, &r, c->res->previews[c->res->n_rulings - 1],
                         ARB_PREVIEW_LEN);
    }
    d->king_barred = true;
    if (d->king_marked) {
        d->king_marked = false;
        arbiter__award(c, d->dealer, -1);
    }
}

/*
 * king_right_lost - a mark of a turned king refused with the right ruled
 * lost (L19, L22, L50, PL4): the king is ruled once; a later mark of it is
 * refused without a second ruling (laws_king_mark: MARK_LOST), and a king
 * of the last deal lost so is not ruled again at the next turn-up.
 */
static void king_right_lost(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;

    if (d->dealer != SEAT_NONE && d->trump != SUIT_NONE && !d->is_void &&
        d->king_turned && x == d->dealer) {
        d->king_lost = true;
    } else if (c->s->prev_king_dealer == x) {
        c->s->prev_king_lost = true;
    }
}

/*
 * concede - the hand ends at once and seat scores pts (times the hand's
 * value): a double declined (MD1), the point offered and accepted (MD4),
 * the point declined and a trick taken by the offerer (MD3).
 */
static void concede(struct ctx *c, int seat, int pts)
{
    struct deal_state *d = c->d;

    arbiter__end_hand_now(c);
    d->scored = true;
    arbiter__award(c, seat, pts * d->value);
    arbiter__report_deal(c);
}

/* offers - the modern options' rulings that end the hand (MD1, MD3, MD4):
 * who scores and how much. */
static void offers(struct ctx *c, const struct ruling *r)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;

    if (r->law == LAW_MD1) {
        /* the decliner concedes the point: 2 if he was vulnerable */
        concede(c, SEAT_OTHER(x),
                1 + laws_vulnerable(d->first, x == d->elder));
    } else if (r->law == LAW_MD4) {
        int off = SEAT_OTHER(x);

        concede(c, x,
                1 + (c->s->prof.offer_extra &&
                     laws_vulnerable(d->first, off == d->elder)));
    } else if (r->law == LAW_MD3) {
        /* the hand stops at the offerer's trick; the hand's score gives
         * him 2 (arbiter__hand_points) */
        d->point_answer = -2;
        if (!d->over) {
            arbiter__end_hand_now(c);
            arbiter__score_hand(c);
            arbiter__report_deal(c);
        }
    }
}

/*
 * jack_veto - PL5: on a king point, the point waits (its handler held it)
 * for the adversary's veto; a veto that holds voids the deal and the other
 * player deals next (whatever redeal says); one that fails scores the
 * point held.
 */
static void jack_veto(struct ctx *c, const struct ruling *r)
{
    struct deal_state *d = c->d;
    int scorer = d->veto_scorer;

    if (c->ev->kind != EV_VETO) {
        d->veto_scorer = c->ev->actor;
        arbiter__push_pending(c, r);
        return;
    }
    d->veto_scorer = SEAT_NONE;
    if (r->remedy == REM_NEW_DEAL) {
        arbiter__void_deal(c);
        c->s->next_dealer = (int8_t)SEAT_OTHER(d->dealer);
    } else if (scorer != SEAT_NONE) {
        if (d->announced == scorer) {
            d->ann_scored = true;
        }
        arbiter__award(c, scorer, 1);
    }
}

/* arbiter__veto_passed - PL5: the adversary passes: the king point held
 * for his veto is scored (the game may end). */
void arbiter__veto_passed(struct ctx *c)
{
    struct deal_state *d = c->d;

    if (d->veto_scorer != SEAT_NONE) {
        if (d->announced == d->veto_scorer) {
            d->ann_scored = true;
        }
        arbiter__award(c, d->veto_scorer, 1);
        d->veto_scorer = SEAT_NONE;
    }
}

/*
 * arbiter__penalty_of - the points rulings rs[0..n) forfeit through the
 * penalty laws, into c's result: a king point lost (L19, L22-L24).
 */
void arbiter__penalty_of(struct ctx *c, const struct ruling *rs, int n)
{
    for (int i = 0; i < n; i++) {
        bool king_law = rs[i].law == LAW_19 || rs[i].law == LAW_22 ||
                        rs[i].law == LAW_23 || rs[i].law == LAW_24;

        if (king_law && rs[i].remedy == REM_LOSE_RIGHT &&
            rs[i].offender != SEAT_NONE) {
            c->res->penalty[(int)rs[i].offender]--;
        }
    }
}

/* arbiter__deal_stands_late - L14: a deal out of turn not put right
 * before the turn-up stands; with the wrong pack, the packs stay swapped.
 * Its ruling was given at the deal line: the window closing is said in a
 * note, not ruled again (one irregularity, one ruling).  Returns false,
 * doing nothing, when r is not an L14 ruling. */
bool arbiter__deal_stands_late(struct ctx *c, const struct ruling *r)
{
    struct deal_state *d = c->d;
    bool swapped = d->pack_owner != d->dealer;

    if (r->law != LAW_14) {
        return false;
    }

    arbiter__note(c,
                  "%c's deal %s was not put right before the turn-up: the "
                  "deal stands%s (%s, ruled at its deal line)",
                  seat_letter(r->offender),
                  swapped ? "with the wrong pack" : "out of turn",
                  swapped ? "; the packs stay swapped" : "",
                  laws_get(r->law)->id);
    if (swapped) {
        c->s->packs_swapped = (int8_t)!c->s->packs_swapped;
    }
    return true;
}

/*
 * arbiter__deal_line_corrects - a `deal` line (L14) while a deal out of
 * turn (or with the wrong pack) waits for correction: the line carries out
 * the remedy of the ruling given at the wrong deal line (new-deal), so it
 * is not ruled again (one irregularity, one ruling): a note says so, the
 * wrong deal is void and the right player deals next.  right: who should
 * deal.  Returns true if a deal out of turn was so corrected.
 */
bool arbiter__deal_line_corrects(struct ctx *c, int right)
{
    struct deal_state *d = c->d;
    bool waiting = false;
    int wrong = SEAT_NONE;

    for (int i = d->n_pending - 1; i >= 0; i--) {
        if (d->pending[i].r.law == LAW_14) {
            waiting = true;
            wrong = d->pending[i].r.offender;
            arbiter__drop_pending(d, i);
        }
    }
    if (!waiting) {
        return false;
    }
    arbiter__note(c,
                  "%c's deal out of turn is void before the turn-up (%s, "
                  "ruled at its deal line): the right player deals with the "
                  "right pack",
                  seat_letter(wrong), laws_get(LAW_14)->id);
    arbiter__void_deal(c);
    c->s->next_dealer = (int8_t)right;
    return true;
}

/* arbiter__deal_line_keep - after a deal line out of turn: its ruling (in
 * rs) waits for the turn-up, remembering who should have dealt. */
void arbiter__deal_line_keep(struct ctx *c, const struct ruling *rs, int n,
                             int right)
{
    for (int i = 0; i < n; i++) {
        if (rs[i].law == LAW_14) {
            struct pending *p = arbiter__push_pending(c, &rs[i]);

            p->seat = (int8_t)right;
        }
    }
}

/* arbiter__right_dealer_for - who should deal now: for a deal line while a
 * deal out of turn waits for correction, the player who should have dealt
 * it (L14); else the next dealer in turn. */
int arbiter__right_dealer_for(const struct ctx *c)
{
    const struct deal_state *d = c->d;

    if (c->ev->kind == EV_DEAL) {
        for (int i = 0; i < d->n_pending; i++) {
            if (d->pending[i].r.law == LAW_14) {
                return d->pending[i].seat;
            }
        }
    }
    return arbiter__right_dealer(c->s);
}

/* ------------------------------------------------------------------ */
/* Carrying out, by remedy                                              */
/* ------------------------------------------------------------------ */

/*
 * set_aside_turned - the cards turned up with the eleventh go aside and
 * the eleventh stands as trump (L11 under two-turned=eleventh).  Nothing
 * when one card was turned.
 */
static int set_aside_turned(struct ctx *c)
{
    struct deal_state *d = c->d;
    char why[200];

    if (d->n_turned < 2) {
        return 0;
    }
    for (int i = 1; i < d->n_turned; i++) {
        if (arbiter__move(&d->z, d->turned[i], Z_TURN_UP, Z_ASIDE, why,
                          sizeof(why)) != 0) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
    }
    d->turn_up = d->turned[0];
    d->trump = (int8_t)CARD_SUIT(d->turned[0]);
    d->king_turned =
        d->turned[0] == laws_bonus_card(&c->s->prof, d->trump);
    return 0;
}

/*
 * carry_out_exception - the laws whose carrying out no row can describe
 * (L14, L25, L43, L38, PL1, PL5, the offers of MD1, MD3, MD4): ruling r
 * carried out here.  Returns 1 if r's law is none of them (nothing
 * done), else 0 or a status.
 */
static int carry_out_exception(struct ctx *c, struct ruling *r,
                               const struct law_view *v)
{
    struct deal_state *d = c->d;

    switch (r->law) {
    case LAW_14:
        return 0; /* the deal line corrects it: arbiter__deal_line_* */
    case LAW_25:
        false_king(c, r);
        return 0;
    case LAW_43:
        if (!v->after) {
            d->play_offence_card = c->ev->cards[0];
        }
        revoke(c, r, revoke_trick(c, r, v));
        return 0;
    case LAW_38:
        return stock_lapse(c);
    case LAW_PL1:
        d->reshuffle_due = true;
        return 0;
    case LAW_PL5:
        jack_veto(c, r);
        return 0;
    case LAW_MD1:
    case LAW_MD3:
    case LAW_MD4:
        offers(c, r);
        return 0;
    default:
        return 1;
    }
}

/*
 * apply_remedy - the automatic remedy of ruling r (no elector), seat
 * being the hand its row concerns (SEAT_NONE if none) and off by how
 * many cards it is off.  Returns 0 or a status.
 */
static int apply_remedy(struct ctx *c, const struct ruling *r, int seat,
                        int off)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    switch (r->remedy) {
    case REM_NEW_DEAL:
        arbiter__void_deal(c);
        return 0;
    case REM_SET_ASIDE:
        return set_aside_turned(c);
    case REM_SHORT_HAND_TRICKS:
        if (seat != SEAT_NONE && off < 0) {
            arbiter__accept_short(d, seat); /* plays short */
        }
        return 0;
    case REM_LOSE_RIGHT:
        if ((r->law == LAW_23 || r->law == LAW_24) &&
            (r->offender == SEAT_A || r->offender == SEAT_B)) {
            /* a king announced too late: ruled once; announced again,
             * it is refused with a note (laws_announce: ANN_RULED) */
            d->late_ann_ruled |= (uint8_t)(1u << r->offender);
            return 0;
        }
        if (ev->kind == EV_MARK_KING || ev->kind == EV_MARK) {
            king_right_lost(c);
        }
        return 0;
    case REM_RETRACT_CARD:
        if (ev->kind == EV_LEAD && ev->n_cards == 1) {
            /* the card may go back: its take-back carries this ruling
             * out and is not ruled again (arbiter__on_take_back) */
            d->retract_card = ev->cards[0];
            d->retract_seat = r->offender;
        }
        return 0;
    default:
        /* the event's own handler applies it (a right lost, an action not
         * allowed, a recut), or there is nothing to apply */
        return 0;
    }
}

/*
 * arbiter__carry_out - carry out ruling r, given on c's event, v being
 * what the laws saw (before the event, or after it for evidence).  A
 * ruling with an elector waits with what its options need: the hand a
 * count concerns and by how many cards it is off, the card or suit of the
 * event.  An automatic one applies its remedy now.  The remedy decides,
 * not the law; the laws no row can describe are the exceptions above.
 * Returns 0, or a status with the message set.
 */
int arbiter__carry_out(struct ctx *c, struct ruling *r,
                       const struct law_view *v)
{
    const struct law *row = laws_get(r->law);
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int seat = SEAT_NONE;
    int off = 0;
    int rc = carry_out_exception(c, r, v);

    if (rc <= 0) {
        return rc;
    }
    if (row->hand != ROLE_NOBODY) {
        bool found = ev->kind == EV_FOUND_HOLDS;

        seat = found ? ev->target : arbiter__role_seat(c, row->hand, SEAT_NONE);
        off = arbiter__off_by(d, seat, found);
        if (!found && laws_underserved(v, seat)) {
            d->serve_checked[seat] = true; /* its serving is judged */
        }
    }
    if (r->elector != SEAT_NONE) {
        struct pending *p = arbiter__push_pending(c, r);

        p->seat = (int8_t)seat;
        p->n = (int8_t)off;
        p->card = ev->n_cards > 0 ? ev->cards[0] : CARD_NONE;
        p->suit = ev->suit;
        return 0;
    }
    return apply_remedy(c, r, seat, off);
}

/* check_skip - a->check_skips (tests): the evidence pass skipped for c's
 * action asked all the same, on a copy of v brought up to the table
 * after it; a law that would have ruled is counted in skips_wrong. */
static void check_skip(struct ctx *c, const struct law_view *v)
{
    struct law_view after = *v;
    struct ruling rs[ARB_RULINGS_MAX];

    arbiter__update_view(c, &after);
    c->a->skips_checked++;
    if (arbiter__ask_laws(c, &after, rs, ARB_RULINGS_MAX) > 0) {
        c->a->skips_wrong++;
    }
}

/*
 * arbiter__evidence - after the action: every law whose row reads
 * evidence from this event is asked again on the table as it now stands
 * (a false king proven, a past revoke proven: L25, L43), and what it
 * rules is carried out.  v is the view filled before the action: it is
 * brought up to date here, not built again, and only if a law woken may
 * engage (arbiter__evidence_live).  Returns 0 or a status.
 */
int arbiter__evidence(struct ctx *c, struct law_view *v)
{
    struct ruling rs[ARB_RULINGS_MAX];
    int n;

    if (!arbiter__evidence_live(c, v)) {
        if (c->a->check_skips) {
            check_skip(c, v);
        }
        return 0;               /* nothing the action did can engage them */
    }
    arbiter__update_view(c, v);
    n = arbiter__ask_laws(c, v, rs, ARB_RULINGS_MAX);
    for (int i = 0; i < n; i++) {
        int rc = arbiter__give_ruling(c, &rs[i], v);

        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

/*
 * arbiter__count_from_cards - a card shown, led, played or discarded outranks
 * the count recorded (docs/format.md): a named card that is nowhere yet, from a hand
 * whose every place is already known, proves the hand held more cards than
 * the record says.  The hand is reconciled (an unseen card comes from the
 * stock) and the laws rule the discovery as a count of the hand would
 * (L15-L21, L29-L34), before the action itself is applied.  Returns 0, or
 * ARB_E_IMPOSSIBLE if the stock has no unseen card to give.
 */
int arbiter__count_from_cards(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    const struct table_event *saved = ev;
    struct table_event found;
    struct law_view v;
    struct ruling rs[ARB_RULINGS_MAX];
    int x = ev->actor;
    int need = 0;
    uint32_t seen;
    int n;
    int rc;

    if (x == SEAT_NONE || d->dealer == SEAT_NONE || d->over ||
        d->phase < PH_TURNED ||
        !(ev->kind == EV_LEAD || ev->kind == EV_PLAY || ev->kind == EV_SHOW ||
          ev->kind == EV_CLAIM || ev->kind == EV_DISCARD)) {
        return 0;
    }
    seen = arbiter__known_anywhere(&d->z);
    for (int i = 0; i < ev->n_cards; i++) {
        if (ev->cards[i] != CARD_UNKNOWN &&
            (seen & CARD_BIT(ev->cards[i])) == 0) {
            need++;             /* a card known nowhere yet */
        }
    }
    need -= d->z.count[Z_HAND(x)] - arbiter__ncards(d->z.known[Z_HAND(x)]);
    if (need <= 0) {
        return 0;
    }
    memset(&found, 0, sizeof(found));
    found.kind = EV_FOUND_HOLDS;
    found.actor = SEAT_NONE;
    found.target = (int8_t)x;
    found.suit = SUIT_NONE;
    found.n = (int16_t)(d->z.count[Z_HAND(x)] + need);
    c->ev = &found;
    arbiter__fill_view(c, &v);
    rc = arbiter__reconcile(c, x, found.n);
    if (rc == 0) {
        arbiter__note(
            c, "the card that %c %s proves his hand larger than recorded",
            seat_letter(x), event_verb(ev->kind));
        n = arbiter__drop_continuing(
            c, rs, arbiter__ask_laws(c, &v, rs, ARB_RULINGS_MAX));
        for (int i = 0; i < n && rc == 0; i++) {
            rc = arbiter__give_ruling(c, &rs[i], &v);
        }
    }
    c->ev = saved;
    return rc;
}

struct arb_reopen_words arbiter_reopen_words(enum arb_reopen why)
{
    static const struct arb_reopen_words words[] = {
        [ARB_REOPEN_OVERSCORE] = {"overscore", "L51",
                                  "the points that won it were taken down "
                                  "(L51)"},
        [ARB_REOPEN_STRUCK] = {"struck", NULL,
                               "the line that won it was struck"},
        [ARB_REOPEN_FALSE_KING] = {"false-king", "L25",
                                   "the king announced that won it was not "
                                   "the announcer's (L25)"},
        [ARB_REOPEN_KING_WITHDRAWN] = {"king-withdrawn", "L25",
                                       "the king announced that won it was "
                                       "withdrawn in time (L25)"},
    };

    if ((int)why < 0 || (size_t)why >= sizeof(words) / sizeof(words[0])) {
        return words[ARB_REOPEN_STRUCK];
    }
    return words[why];
}
