/*
 * view.c - what the laws see: the facts of the hand for an event, the
 * laws asked in turn, and one irregularity ruled once.
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/*
 * arbiter__king_evidence - what the table says of the announcer's claim: 1
 * proven true (or not disproved in a way that counts), 0 unknown, -1 proven
 * false.
 */
int arbiter__king_evidence(const struct deal_state *d)
{
    int x = d->announced;
    uint8_t k;
    int at;

    if (x == SEAT_NONE || d->trump == SUIT_NONE) {
        return 0;
    }
    if (d->ann_false_at_time) {
        return -1; /* his whole hand was known, and no king */
    }
    k = CARD_MAKE(d->trump, RANK_KING);
    at = arbiter__locate(&d->z, k);
    if (at < 0) {
        return 0;
    }
    if (at == Z_HAND(x) || at == Z_DISCARD(x)) {
        return d->unknown_in_after_ann && at == Z_HAND(x) ? 0 : 1;
    }
    if (at == Z_TRICKS) {
        return arbiter__played_by(d, x, k) ? (d->unknown_in_after_ann ? 0 : 1)
                                           : -1;
    }
    return -1;
}

/* arbiter__revoke_evidence - does card k, now known to be in seat's hand since
 * before the play, prove an earlier play by seat broke the obligation?
 * Returns the trick index, or -1. */
int arbiter__revoke_evidence(const struct ctx *c, int seat, uint8_t k)
{
    const struct deal_state *d = c->d;

    for (int t = 0; t < d->trick_no && t < 6; t++) {
        const struct trick_rec *tr = &d->tricks_rec[t];
        uint32_t held;

        if (tr->follow == CARD_NONE || tr->leader == seat || tr->offence) {
            continue;
        }
        if (tr->follow == k) {
            continue;
        }
        held = tr->follower_known | CARD_BIT(tr->follow) | CARD_BIT(k);
        if (!(laws_legal_follows(held, tr->lead, d->trump, &c->s->prof) &
              CARD_BIT(tr->follow))) {
            return t;
        }
    }
    return -1;
}

static enum king_mark_state mark_state(const struct ctx *c, int actor)
{
    const struct table_state *s = c->s;
    const struct deal_state *d = c->d;
    bool turned_now =
        d->dealer != SEAT_NONE && d->trump != SUIT_NONE && !d->is_void;

    if (turned_now && d->king_turned) {
        if (actor != d->dealer) {
            return MARK_NOT_DEALER;
        }
        if (d->king_marked) {
            return MARK_TWICE;
        }
        if (d->king_barred) {
            return MARK_BARRED;
        }
        if (s->prof.king_mark == KING_MARK_IMMEDIATE &&
            (d->proposals > 0 || d->first != FIRST_NONE ||
             d->phase >= PH_PLAY)) {
            return MARK_LATE;
        }
        return MARK_OK;
    }
    if (!turned_now && s->prev_king_dealer != SEAT_NONE) {
        if (actor != s->prev_king_dealer) {
            return MARK_NOT_DEALER;
        }
        if (s->prev_king_barred) {
            return MARK_BARRED;
        }
        if (s->prof.king_mark != KING_MARK_NEXT_TURN_UP && s->deal_on) {
            return MARK_LATE;
        }
        return MARK_OK;
    }
    if (turned_now && !d->king_turned && s->lost_king_dealer == actor) {
        return MARK_LATE; /* L22: lost at this deal's turn-up */
    }
    return MARK_NO_KING;
}

static enum announce_state announce_state(const struct ctx *c, int x)
{
    const struct deal_state *d = c->d;
    uint8_t k = CARD_MAKE(d->trump, RANK_KING);

    if (d->announced == x && !d->announce_withdrawn) {
        return ANN_AGAIN;
    }
    if (d->played[x] == 0) {
        return ANN_OK;
    }
    if (d->first_card[x] == (int8_t)k) {
        if (x == d->elder && d->played[x] == 1 && d->trick_no == 1 &&
            d->tricks_rec[0].follow == CARD_NONE) {
            return ANN_OK_24;
        }
        if (x == d->dealer && d->played[x] == 1 && d->to_play != x) {
            return ANN_OK_24;
        }
        if (x == d->dealer && d->played[x] == 1) {
            return ANN_OK_24;
        }
        return ANN_LATE_24;
    }
    return ANN_LATE;
}

void arbiter__fill_view(const struct ctx *c, struct law_view *v)
{
    const struct table_state *s = c->s;
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    memset(v, 0, sizeof(*v));
    v->profile = &s->prof;
    v->phase = d->phase;
    v->dealer = d->dealer;
    v->elder = d->elder;
    v->right_dealer = arbiter__right_dealer(s);
    v->own_pack =
        d->dealer == SEAT_NONE ? SEAT_NONE : arbiter__own_pack(s, d->dealer);
    v->trump = d->trump;
    v->turn_up = d->turn_up;
    for (int k = 0; k < 2; k++) {
        v->count[k] = d->z.count[Z_HAND(k)];
        v->expected[k] = arbiter__expected_count(d, k);
        v->known[k] = d->z.known[Z_HAND(k)];
        v->discarded[k] = d->discarded[k];
        v->served[k] = d->served[k];
        v->cards_played[k] = d->played[k];
        v->tricks[k] = d->tricks[k] + d->credited[k];
        v->score[k] = s->score[k];
    }
    v->stock = d->z.count[Z_STOCK];
    v->deal_complete = d->n_packets >= 4;
    v->last_shuffler = d->last_shuffler;
    v->cut_for_deal_done = s->cut_for_deal_done;
    v->first_deal = !s->completed_deal;
    v->elder_looked = d->elder != SEAT_NONE && d->looked[(int)d->elder];
    v->dealer_looked = d->dealer != SEAT_NONE && d->looked[(int)d->dealer];
    v->exchanged = d->exchanged;
    v->proposals = d->proposals;
    v->answered = d->answered;
    v->first = d->first;
    v->rectified = d->rectified;
    v->exchange_turned = d->exchange_turned;
    v->asked = d->asked;
    v->trick_no = d->trick_no;
    v->leader = d->leader;
    v->led =
        d->trick_no > 0 && d->tricks_rec[d->trick_no - 1].follow == CARD_NONE
            ? d->tricks_rec[d->trick_no - 1].lead
            : CARD_NONE;
    v->king_turned = d->king_turned;
    v->prev_king_unmarked = s->prev_king_dealer;
    v->false_king_by = d->announced;
    v->revoke_offender = SEAT_NONE;
    v->electing_law = -1;
    v->elder_ends_exchange =
        d->phase == PH_EXCHANGE && d->elder != SEAT_NONE &&
        ev->actor == d->elder &&
        (ev->kind == EV_PROPOSE || ev->kind == EV_STAND || ev->kind == EV_LEAD);
    v->line = c->a->line;
    if (d->dealer != SEAT_NONE) {
        int e = d->elder;
        int dl = d->dealer;

        /* serving elder hand is over once anything else happens */
        v->underserved[e] = d->asked > 0 && d->served[e] < d->asked &&
                            d->stock_at_serve >= d->asked &&
                            !d->serve_checked[e];
        v->underserved[dl] = d->discarded[dl] > 0 &&
                             d->served[dl] < d->discarded[dl] &&
                             d->z.count[Z_STOCK] > 0 && !d->serve_checked[dl];
    }

    if (d->phase == PH_TURNED || d->phase == PH_EXCHANGE) {
        v->leader = d->elder; /* the first lead is elder hand's */
    } else if (d->phase != PH_PLAY) {
        v->leader = SEAT_NONE;
    }
    if (ev->actor != SEAT_NONE && d->trump != SUIT_NONE) {
        v->actor_holds_king = (d->z.known[Z_HAND(ev->actor)] &
                               CARD_BIT(CARD_MAKE(d->trump, RANK_KING))) != 0;
    }

    switch (d->owed.kind) {
    case OWED_DISCARD:
        v->fulfils_remedy = ev->kind == EV_DISCARD && ev->actor == d->owed.seat;
        break;
    case OWED_DRAW_FROM:
        v->fulfils_remedy = ev->kind == EV_DRAW && ev->actor == d->owed.seat;
        break;
    case OWED_COMPLETE:
        v->fulfils_remedy =
            (ev->kind == EV_DRAW && ev->actor == d->owed.seat) ||
            (ev->kind == EV_GIVE && ev->target == d->owed.seat);
        break;
    default:
        break;
    }

    switch (ev->kind) {
    case EV_DEAL:
        for (int i = 0; i < d->n_pending; i++) {
            if (d->pending[i].r.law == LAW_14) {
                v->right_dealer = d->pending[i].seat;
            }
        }
        v->own_pack = arbiter__own_pack(s, ev->actor);
        v->pack_used = (ev->flags & EVF_PACK) ? ev->target : ev->actor;
        break;
    case EV_CUT_FOR_DEAL:
        if (ev->n_cards == 1 && ev->cards[0] < CARD_COUNT &&
            s->cut_card[SEAT_OTHER(ev->actor)] != CARD_NONE) {
            uint8_t o = s->cut_card[SEAT_OTHER(ev->actor)];

            v->cut_tie = CARD_RANK(o) == CARD_RANK(ev->cards[0]);
        }
        break;
    case EV_GIVE:
        if ((d->phase == PH_SHUFFLE || d->phase == PH_DEAL) &&
            d->rectify_due[(int)ev->target] == 0) {
            int k = d->n_packets;
            int dl = d->dealer;
            int order = s->order[dl];
            int want_to = k % 2 == 0 ? d->elder : d->dealer;
            int want_n;

            v->order_first = order;
            v->order_line = s->order_line[dl];
            if (s->notice[dl] != 0) {
                v->order_first = s->notice[dl];
                v->order_line = s->notice_line[dl];
            }
            if (k == 0) {
                bool fixed = v->order_first != 0;

                want_n = fixed ? v->order_first
                               : (ev->n == 2 || ev->n == 3 ? ev->n : 2);
            } else {
                want_n = k < 2 ? d->packet_n[0] : 5 - d->packet_n[0];
            }
            v->packets = k;
            v->packet_want_to = k >= 4 ? SEAT_NONE : want_to;
            v->packet_want_n = k >= 4 ? 0 : want_n;
            v->packet_departs =
                !d->departed &&
                (k >= 4 || ev->target != want_to || ev->n != want_n);
        }
        break;
    case EV_PACKETS:
        if (s->deal_on) {
            v->packets_notice_ok = d->phase == PH_SHUFFLE && !d->cut_done &&
                                   ev->actor == d->dealer;
        } else {
            v->packets_notice_ok = ev->actor == arbiter__right_dealer(s) ||
                                   arbiter__right_dealer(s) == SEAT_NONE;
        }
        /* only at the start of a game, before its first deal by him */
        v->packets_notice_ok =
            v->packets_notice_ok && s->order_game[(int)ev->actor] != s->game_no;
        break;
    case EV_MARK_KING:
        v->mark = mark_state(c, ev->actor);
        break;
    case EV_ANNOUNCE:
        if (d->trump != SUIT_NONE) {
            v->announce = announce_state(c, ev->actor);
        }
        break;
    case EV_PLAY:
        if (d->to_play == ev->actor && d->trick_no > 0 && ev->n_cards == 1 &&
            ev->cards[0] < CARD_COUNT) {
            uint32_t hand =
                d->z.known[Z_HAND(ev->actor)] | CARD_BIT(ev->cards[0]);
            uint8_t led = d->tricks_rec[d->trick_no - 1].lead;

            v->play_illegal =
                !(laws_legal_follows(hand, led, d->trump, &s->prof) &
                  CARD_BIT(ev->cards[0]));
        }
        break;
    case EV_TAKE_BACK:
        if (d->trick_no > 0 && ev->n_cards == 1) {
            const struct trick_rec *tr = &d->tricks_rec[d->trick_no - 1];

            v->take_back_ok = tr->follow == ev->cards[0] &&
                              tr->leader != ev->actor &&
                              d->play_offence_card == ev->cards[0];
            v->take_back_lead = tr->follow == CARD_NONE &&
                                tr->lead == ev->cards[0] &&
                                tr->leader == ev->actor && d->lead_out_of_turn;
        }
        break;
    case EV_LEAD:
        if ((ev->flags & EVF_CALLING) && ev->suit != SUIT_NONE) {
            uint32_t hand = d->z.known[Z_HAND(ev->actor)];
            int unknown = d->z.count[Z_HAND(ev->actor)] - cards_count(hand);

            v->named_suit_held =
                (hand & SUIT_MASK(ev->suit)) != 0 || unknown > 1;
        }
        break;
    case EV_MARK: {
        /* the only points a player marks himself are a turned king's
         * (L22, L47): the referee scores the rest as they fall */
        enum king_mark_state m = mark_state(c, ev->actor);

        v->marks_owed = m == MARK_OK ? 1 : 0;
        v->marks_late = m == MARK_LATE ? 1 : 0;
        v->mark_in_window = m == MARK_OK;
        break;
    }
    default:
        break;
    }
    if (ev->kind == EV_ELECT) {
        for (int i = d->n_pending - 1; i >= 0; i--) {
            if (d->pending[i].r.elector == ev->actor &&
                (d->pending[i].r.options & OPT_BIT(ev->option))) {
                v->electing_law = d->pending[i].r.law;
                break;
            }
        }
    }
    /* evidence: a card now seen in a player's hand proves a past offence */
    if ((ev->kind == EV_LEAD || ev->kind == EV_PLAY || ev->kind == EV_SHOW ||
         ev->kind == EV_CLAIM) &&
        ev->actor != SEAT_NONE && d->trick_no > 0) {
        for (int i = 0; i < ev->n_cards; i++) {
            if (ev->cards[i] == CARD_UNKNOWN) {
                continue;
            }
            if (arbiter__revoke_evidence(c, ev->actor, ev->cards[i]) >= 0) {
                v->revoke_proven = true;
                v->revoke_offender = ev->actor;
            }
        }
    }
}

/* role_seat - the seat a row's role names for event ev. */
static int role_seat(const struct ctx *c, enum law_role role, int offender)
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

/* arbiter__ask_laws - every penalty law woken by the event and engaged gives a
 * ruling into out (up to max).  Returns how many. */
int arbiter__ask_laws(struct ctx *c, const struct law_view *v,
                      struct ruling *out, int max)
{
    int n = 0;

    for (int l = 0; l < LAW_COUNT && n < max; l++) {
        const struct law *row = laws_get((enum law_id)l);
        int offender;
        int elector;

        if (row->kind != LAW_KIND_PENALTY ||
            !(row->trigger & EV_BIT(c->ev->kind)) || !row->applies(v, c->ev)) {
            continue;
        }
        offender = role_seat(c, row->offender, SEAT_NONE);
        elector = role_seat(c, row->elector, offender);
        arbiter__make_ruling(&out[n], (enum law_id)l, offender, elector);
        if (row->shape != NULL) {
            row->shape(v, c->ev, &out[n]);
        }
        if (out[n].options == 0) {
            out[n].elector = SEAT_NONE;
        }
        n++;
    }
    return n;
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
