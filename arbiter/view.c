/* SPDX-License-Identifier: MIT */
/*
 * view.c - what the laws see: the facts of the hand for an event, the
 * laws asked in turn, and one irregularity ruled once.
 */
#include "arbiter/arbiter.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* owed_remedy - the remedy an owed action carries out (enum remedy). */
static int owed_remedy(const struct deal_state *d)
{
    switch (d->owed.kind) {
    case OWED_DISCARD:
        return REM_OWNER_DISCARDS_SURPLUS;
    case OWED_DRAW_FROM:
        return REM_OPPONENT_DRAWS_SURPLUS;
    case OWED_COMPLETE:
        return REM_COMPLETE_FROM_STOCK;
    case OWED_NONE:
    default:
        return REM_NONE;
    }
}

/* king_place - where card k (the king of trumps) is known to be, and
 * whose hand, discard or trick holds it. */
static void king_place(const struct deal_state *d, uint8_t k,
                       enum king_place *place, int *holder)
{
    int at = arbiter__locate(&d->z, k);

    *holder = SEAT_NONE;
    if (at < 0) {
        *place = KING_UNSEEN;
    } else if (at == Z_HAND_A || at == Z_HAND_B) {
        *place = KING_IN_HAND;
        *holder = at - Z_HAND_A;
    } else if (at == Z_DISCARD_A || at == Z_DISCARD_B) {
        *place = KING_DISCARDED;
        *holder = at - Z_DISCARD_A;
    } else if (at == Z_TRICKS) {
        *place = KING_PLAYED;
        *holder = arbiter__played_by(d, SEAT_A, k)   ? SEAT_A
                  : arbiter__played_by(d, SEAT_B, k) ? SEAT_B
                                                     : SEAT_NONE;
    } else {
        *place = KING_ELSEWHERE;
    }
}

/* fill_sitting - the sitting: the cut for deal, who should deal, the last
 * deal's king. */
static void fill_sitting(const struct ctx *c, struct law_view *v)
{
    const struct table_state *s = c->s;
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    v->cut_for_deal_done = s->cut_for_deal_done;
    v->first_deal = !s->completed_deal;
    v->right_dealer = arbiter__right_dealer_for(c);
    v->own_pack = ev->kind == EV_DEAL      ? arbiter__own_pack(s, ev->actor)
                  : d->dealer == SEAT_NONE ? SEAT_NONE
                                           : arbiter__own_pack(s, d->dealer);
    v->prev_king_unmarked = s->prev_king_dealer;
    v->prev_king_barred = s->prev_king_barred;
    v->prev_king_lost = s->prev_king_lost;
    v->lost_king_dealer = s->lost_king_dealer;
}

/* fill_deal - the deal: dealer, trump, the packets and their order. */
static void fill_deal(const struct ctx *c, struct law_view *v)
{
    const struct table_state *s = c->s;
    const struct deal_state *d = c->d;

    v->deal_on = s->deal_on;
    v->dealer = d->dealer;
    v->elder = d->elder;
    v->trump = d->trump;
    v->turn_up = d->turn_up;
    v->is_void = d->is_void;
    v->last_shuffler = d->last_shuffler;
    v->cut_done = d->cut_done;
    v->packets = d->n_packets;
    v->first_packet = d->n_packets > 0 ? d->packet_n[0] : 0;
    v->order_first = 0;
    v->order_line = 0;
    if (d->dealer != SEAT_NONE) {
        int dl = d->dealer;

        v->order_first = s->notice[dl] != 0 ? s->notice[dl] : s->order[dl];
        v->order_line =
            s->notice[dl] != 0 ? s->notice_line[dl] : s->order_line[dl];
    }
    v->departed = d->departed;
    v->deal_complete = d->n_packets >= 4;
    v->stock = d->z.count[Z_STOCK];
    v->elder_looked = d->elder != SEAT_NONE && d->looked[(int)d->elder];
    v->dealer_looked = d->dealer != SEAT_NONE && d->looked[(int)d->dealer];
}

/* fill_exchange - proposals and the exchange. */
static void fill_exchange(const struct ctx *c, struct law_view *v)
{
    const struct deal_state *d = c->d;

    v->exchanged = d->exchanged;
    v->proposals = d->proposals;
    v->answered = d->answered;
    v->first = d->first;
    v->rectified = d->rectified;
    v->exchange_turned = d->exchange_turned;
    v->asked = d->asked;
    v->stock_at_serve = d->stock_at_serve;
    v->owed_remedy = owed_remedy(d);
    v->owed_seat = d->owed.seat;
}

/* fill_play - the play: the tricks so far and the open one. */
static void fill_play(const struct ctx *c, struct law_view *v)
{
    const struct deal_state *d = c->d;
    int played;

    v->trick_no = d->trick_no;
    v->leader = d->leader;
    if (d->phase == PH_TURNED || d->phase == PH_EXCHANGE) {
        v->leader = d->elder; /* the first lead is elder hand's */
    } else if (d->phase != PH_PLAY) {
        v->leader = SEAT_NONE;
    }
    v->to_play = d->to_play;
    v->led =
        d->trick_no > 0 && d->tricks_rec[d->trick_no - 1].follow == CARD_NONE
            ? d->tricks_rec[d->trick_no - 1].lead
            : CARD_NONE;
    /* the tricks played, copied whole (struct trick_rec is struct
     * trick_fact byte for byte), the rest zero: trick by trick, each a
     * copy or a clearing of fixed size (two calls of a variable size were
     * most of the cost) */
    played = d->trick_no;
    _Static_assert(sizeof(v->tricks_played) == sizeof(d->tricks_rec),
                   "as many tricks in the view as in the deal");
#pragma GCC unroll 6
    for (int i = 0; i < TRICKS_MAX; i++) {
        if (i < played) {
            memcpy(&v->tricks_played[i], &d->tricks_rec[i],
                   sizeof(v->tricks_played[i]));
        } else {
            memset(&v->tricks_played[i], 0, sizeof(v->tricks_played[i]));
        }
    }
    v->offence_card = d->play_offence_card;
    v->lead_out_of_turn = d->lead_out_of_turn;
}

/* fill_kings - the kings: turned, marked, announced, and where the king of
 * trumps is. */
static void fill_kings(const struct ctx *c, struct law_view *v)
{
    const struct deal_state *d = c->d;
    uint8_t king = CARD_NONE;

    v->king_turned = d->king_turned;
    v->king_marked = d->king_marked;
    v->king_barred = d->king_barred;
    v->king_lost = d->king_lost;
    v->announced = d->announced;
    v->announce_withdrawn = d->announce_withdrawn;
    v->announce_late_ruled = d->late_ann_ruled;
    v->announce_ruled = d->announce_ruled;
    v->announced_played = d->announced_played;
    v->ann_false_at_time = d->ann_false_at_time;
    v->unknown_in_after_ann = d->unknown_in_after_ann;
    v->announce_held = d->ann_held;
    v->false_announced = d->false_ann;
    v->false_announced_played = d->false_ann_played;
    v->king_holder = SEAT_NONE;
    v->king_place = KING_UNSEEN;
    if (d->trump != SUIT_NONE) {
        king = laws_bonus_card(&c->s->prof, d->trump);
        king_place(d, king, &v->king_place, &v->king_holder);
    }
    v->known_out = d->z.known[Z_STOCK] | d->z.known[Z_TURN_UP] |
                   d->z.known[Z_DISCARD_A] | d->z.known[Z_DISCARD_B] |
                   d->z.known[Z_TRICKS] | d->z.known[Z_ASIDE];
    _Static_assert(Z_COUNT == 8, "the zones out of both hands, all named");
    for (int k = 0; k < 2; k++) {
        v->discard_unseen[k] = d->z.count[Z_DISCARD(k)] -
                               arbiter__ncards(d->z.known[Z_DISCARD(k)]);
    }
}

/* fill_seats - what each seat has: cards, counts, tricks, points. */
static void fill_seats(const struct ctx *c, struct law_view *v)
{
    const struct table_state *s = c->s;
    const struct deal_state *d = c->d;

    for (int k = 0; k < 2; k++) {
        v->score[k] = s->score[k];
        v->cut_card[k] = s->cut_card[k];
        v->order_this_game[k] = s->order_game[k] == s->game_no;
        v->rectify_due[k] = d->rectify_due[k];
        v->count[k] = d->z.count[Z_HAND(k)];
        v->expected[k] = arbiter__expected_count(d, k);
        v->known[k] = d->z.known[Z_HAND(k)];
        v->discarded[k] = d->discarded[k];
        v->served[k] = d->served[k];
        v->serve_checked[k] = d->serve_checked[k];
        v->cards_played[k] = d->played[k];
        v->first_card[k] = d->first_card[k] == (int8_t)-1
                               ? CARD_NONE
                               : (uint8_t)d->first_card[k];
        v->tricks[k] = d->tricks[k] + d->credited[k];
    }
}

/* fill_variants - the variant systems' state: doubling, the point
 * offered, the turn-up under the stock, the jack veto. */
static void fill_variants(const struct ctx *c, struct law_view *v)
{
    const struct deal_state *d = c->d;

    v->value = d->value;
    v->double_offer = d->double_offer;
    v->double_acceptor = d->double_acceptor;
    v->point_offer = d->point_offer;
    v->point_answer = d->point_answer;
    v->turnup_drawn = d->turnup_drawn;
    v->drawable = arbiter__drawable(c);
    v->veto_scorer = d->veto_scorer;
    v->veto_pending = d->veto_scorer != SEAT_NONE;
}

/* read_facts - every fact of v read from the table in c (each field
 * written: nothing is left from before). */
static void read_facts(const struct ctx *c, struct law_view *v)
{
    v->phase = c->d->phase;
    fill_sitting(c, v);
    fill_deal(c, v);
    fill_exchange(c, v);
    fill_play(c, v);
    fill_kings(c, v);
    fill_seats(c, v);
    fill_variants(c, v);
}

/*
 * arbiter__fill_view - the facts of the table for the laws: the sitting,
 * the deal, the hands, the exchange, the tricks and the kings, as they
 * stand now, before c's event is applied (v->after false).  Facts only: no
 * law's verdict is computed here.  Built once an action; the evidence
 * pass brings it up to date (arbiter__update_view).
 */
void arbiter__fill_view(const struct ctx *c, struct law_view *v)
{
    v->profile = &c->s->prof;
    v->line = c->a->line;
    v->after = false;
    read_facts(c, v);
}

/*
 * arbiter__update_view - v, filled for c's action before it was applied
 * (arbiter__fill_view), brought up to the table after it for the
 * evidence pass (v->after true): the facts the action may have moved read
 * again; the profile and the line, which an action does not move, kept.
 */
void arbiter__update_view(const struct ctx *c, struct law_view *v)
{
    assert(v->profile == &c->s->prof && v->line == c->a->line);
    v->after = true;
    read_facts(c, v);
}

/* arbiter__role_seat - the seat a row's role names for c's event (offender:
 * the offender's seat, for ROLE_ADVERSARY). */
int arbiter__role_seat(const struct ctx *c, enum law_role role, int offender)
{
    const struct table_event *ev = c->ev;

    switch (role) {
    case ROLE_ACTOR:
        return ev->actor;
    case ROLE_DEALER:
        return c->d->dealer;
    case ROLE_ELDER:
        return c->d->elder;
    case ROLE_ADVERSARY:
        return offender == SEAT_NONE ? SEAT_NONE : SEAT_OTHER(offender);
    case ROLE_TARGET:
        return ev->target;
    case ROLE_EITHER:
    case ROLE_NOBODY:
    default:
        return SEAT_NONE;
    }
}

/* The laws an event kind wakes, in registry order: by its trigger (the
 * action itself) and by its evidence (what the action proves after it is
 * applied).  Built once; the registry is constant. */
static struct {
    bool built;
    uint8_t n[2][EV_KIND_COUNT];
    const struct law *row[2][EV_KIND_COUNT][LAW_COUNT]; /* law's row */
} woken;

_Static_assert(LAW_COUNT <= UINT8_MAX, "the laws of a kind count in a byte");

/* build_woken - index the registry by the event kinds that wake each law. */
static void build_woken(void)
{
    for (int k = 0; k < EV_KIND_COUNT; k++) {
        for (int l = 0; l < LAW_COUNT; l++) {
            const struct law *row = laws_get((enum law_id)l);

            if (row->kind == LAW_KIND_RULE || row->applies == NULL) {
                continue;       /* a rule of play, or of the sitting
                                   (its verdict is sitting/'s to ask) */
            }
            for (int when = 0; when < 2; when++) {
                uint64_t wakes = when == 0 ? row->trigger : row->evidence;
                int i = woken.n[when][k];

                if (wakes & EV_BIT(k)) {
                    woken.row[when][k][i] = row;
                    woken.n[when][k]++;
                }
            }
        }
    }
    woken.built = true;
}

/* arbiter__evidence_live - may a law woken by c's evidence engage after
 * the action: one engaged whose row has no evidence_live, or whose
 * evidence_live says so on v (the view before the action)? */
bool arbiter__evidence_live(const struct ctx *c, const struct law_view *v)
{
    int kind = (int)c->ev->kind;
    const struct law *const *rows;
    int count;

    if (!woken.built) {
        build_woken();
    }
    rows = woken.row[1][kind];
    count = woken.n[1][kind];
    for (int i = 0; i < count; i++) {
        const struct law *row = rows[i];

        if (row->engaged != NULL && !row->engaged(v->profile)) {
            continue;
        }
        if (row->evidence_live == NULL || row->evidence_live(v, c->ev)) {
            return true;
        }
    }
    return false;
}

/* arbiter__ask_laws - every penalty law woken by the event and engaged gives a
 * ruling into out (up to max).  Returns how many.  (The rows and their
 * count are read once: a ruling written through out may alias the index,
 * a table of bytes, and had it read again at every law.) */
int arbiter__ask_laws(struct ctx *c, const struct law_view *v,
                      struct ruling *out, int max)
{
    int n = 0;
    int when = v->after ? 1 : 0;
    int kind = (int)c->ev->kind;
    const struct law *const *rows;
    int count;

    if (!woken.built) {
        build_woken();
    }
    rows = woken.row[when][kind];
    count = woken.n[when][kind];
    for (int i = 0; i < count && n < max; i++) {
        const struct law *row = rows[i];
        int offender;
        int elector;

        if ((row->engaged != NULL && !row->engaged(v->profile)) ||
            !row->applies(v, c->ev)) {
            continue;
        }
        offender = arbiter__role_seat(c, row->offender, SEAT_NONE);
        elector = arbiter__role_seat(c, row->elector, offender);
        arbiter__make_ruling(&out[n], row->law, offender, elector);
        if (row->shape != NULL) {
            row->shape(v, c->ev, &out[n]);
        }
        if (out[n].options == 0) {
            out[n].elector = SEAT_NONE;
        }
        n++;
    }
    return n > 0 ? arbiter__rule_supersedes(out, n) : 0;
}

/*
 * arbiter__rule_supersedes - one irregularity, one ruling: when a variant
 * rule (PL, MD: a row past the club laws) and a club law both rule the same
 * event against the same offender, the rule system's own rule is the one
 * that speaks (the system's rule is the specific one for its case);
 * the club law's ruling is dropped.  rs holds n rulings; returns how many are
 * kept, in order.
 */
int arbiter__rule_supersedes(struct ruling *rs, int n)
{
    int kept = 0;

    for (int i = 0; i < n; i++) {
        bool beaten = false;

        for (int j = 0; j < n && (int)rs[i].law < N_CLUB_LAWS; j++) {
            beaten = beaten || ((int)rs[j].law >= N_CLUB_LAWS &&
                                rs[j].offender == rs[i].offender);
        }
        if (!beaten) {
            rs[kept++] = rs[i];
        }
    }
    return kept;
}

/*
 * arbiter__drop_continuing - one irregularity, one ruling: a lasting
 * irregularity (a wrong count, a packet order; the row's `continuing`) whose
 * ruling is still waiting is not ruled again when a later action shows it
 * again; the waiting ruling is brought up to date instead (a recount that finds
 * a different surplus).  Returns the number of rulings kept in rs.
 */
int arbiter__drop_continuing(struct ctx *c, struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    int kept = 0;

    for (int i = 0; i < n; i++) {
        struct pending *same = NULL;

        for (int j = 0; j < d->n_pending && laws_get(rs[i].law)->continuing;
             j++) {
            if (d->pending[j].r.law == rs[i].law &&
                d->pending[j].r.offender == rs[i].offender) {
                same = &d->pending[j];
            }
        }
        if (same == NULL) {
            rs[kept++] = rs[i];
            continue;
        }
        if (c->ev->kind == EV_FOUND_HOLDS && same->seat == c->ev->target) {
            same->n =
                (int8_t)(c->ev->n - arbiter__expected_count(d, c->ev->target));
        }
    }
    return kept;
}
