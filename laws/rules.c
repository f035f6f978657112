/* SPDX-License-Identifier: MIT */
/* rules.c - the rules of play shared by every module: rank, the trick
 * winner, the follower's obligation (docs/laws.md, rules of play), rule profiles
 * (docs/variants.md, the switches), and the safe readers of a law view the laws share. */
#include "laws/laws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "laws/laws_int.h"

int card_strength(uint8_t c, int rank_order)
{
    int r = CARD_RANK(c);

    if (rank_order == RANK_ACE_HIGH) {
        return r == RANK_ACE ? 0 : r < RANK_ACE ? r + 1 : r;
    }
    return r;
}

bool card_beats(uint8_t a, uint8_t b, int trump, int rank_order)
{
    if (CARD_SUIT(b) == CARD_SUIT(a)) {
        return card_strength(b, rank_order) < card_strength(a, rank_order);
    }
    return CARD_SUIT(b) == trump;
}

uint8_t laws_bonus_card(const struct profile *p, int suit)
{
    bool ace = p->rank == RANK_ACE_HIGH && p->king_bonus == KING_BONUS_ACE;

    return CARD_MAKE(suit, ace ? RANK_ACE : RANK_KING);
}

uint8_t laws_veto_jack(int trump)
{
    static const int pair[SUIT_COUNT] = {
        [SUIT_SPADES] = SUIT_HEARTS,
        [SUIT_HEARTS] = SUIT_SPADES,
        [SUIT_DIAMONDS] = SUIT_CLUBS,
        [SUIT_CLUBS] = SUIT_DIAMONDS,
    };

    return CARD_MAKE(pair[trump], RANK_JACK);
}

uint32_t laws_legal_follows(uint32_t hand, uint8_t led, int trump,
                            const struct profile *p)
{
    uint32_t suit = hand & SUIT_MASK(CARD_SUIT(led));
    uint32_t higher = 0;
    uint32_t trumps;

    if (suit != 0) {
        if (p->must_win && p->rank != RANK_ACE_HIGH) {
            /* king-high: a card's strength is its rank (card_strength), and
             * the cards stronger than the one led are the suit's bits below
             * its own */
            higher = suit & (CARD_BIT(led) - 1);
        } else if (p->must_win) {
            int beat = card_strength(led, p->rank);

            for (int r = 0; r < RANK_COUNT; r++) {
                uint8_t k = CARD_MAKE(CARD_SUIT(led), r);

                /* only the cards of the suit held are ranked */
                if ((suit & CARD_BIT(k)) != 0 &&
                    card_strength(k, p->rank) < beat) {
                    higher |= CARD_BIT(k);
                }
            }
        }
        return higher != 0 ? higher : suit;
    }
    if (trump != SUIT_NONE && p->must_trump) {
        trumps = hand & SUIT_MASK(trump);
        if (trumps != 0) {
            return trumps;
        }
    }
    return hand;
}

bool laws__count_in_exchange(const struct law_view *v, int seat)
{
    if (seat == SEAT_NONE || v->dealer == SEAT_NONE) {
        return false;
    }
    switch (v->phase) {
    case PH_PROPOSED:
        return seat == v->elder || v->proposals > 1;
    case PH_EXCHANGE:
        return true;
    case PH_TURNED:
        return v->exchanged;
    case PH_PLAY:
        return v->exchanged;
    default:
        return false;
    }
}

enum king_mark_state laws_king_mark(const struct law_view *v, int seat)
{
    bool turned_now =
        laws__is_seat(v->dealer) && v->trump != SUIT_NONE && !v->is_void;

    if (turned_now && v->king_turned) {
        if (seat != v->dealer) {
            return MARK_NOT_DEALER;
        }
        if (v->king_marked) {
            return MARK_TWICE;
        }
        if (v->king_lost) {
            return MARK_LOST;
        }
        if (v->king_barred) {
            return MARK_BARRED;
        }
        if (v->profile->king_mark == KING_MARK_IMMEDIATE &&
            (v->proposals > 0 || v->first != FIRST_NONE ||
             v->phase >= PH_PLAY)) {
            return MARK_LATE;
        }
        return MARK_OK;
    }
    if (!turned_now && laws__is_seat(v->prev_king_unmarked)) {
        if (seat != v->prev_king_unmarked) {
            return MARK_NOT_DEALER;
        }
        if (v->prev_king_lost) {
            return MARK_LOST;
        }
        if (v->prev_king_barred) {
            return MARK_BARRED;
        }
        if (v->profile->king_mark != KING_MARK_NEXT_TURN_UP && v->deal_on) {
            return MARK_LATE;
        }
        return MARK_OK;
    }
    if (turned_now && !v->king_turned &&
        v->profile->king_announce == KING_ANNOUNCE_MARK &&
        laws__is_seat(seat) &&
        (v->known[seat] & CARD_BIT(laws_bonus_card(v->profile, v->trump)))) {
        return MARK_NO_KING; /* PL3: he marks the king of trumps he holds */
    }
    if (laws__same_seat(v->lost_king_dealer, seat)) {
        return MARK_LOST; /* L22: ruled lost at this deal's turn-up, or
                             at a late mark before it */
    }
    return MARK_NO_KING;
}

enum announce_state laws_announce(const struct law_view *v, int seat)
{
    int king = laws_bonus_card(v->profile, v->trump);

    if (!laws__is_seat(seat)) {
        return ANN_LATE;
    }
    if ((v->announced == seat && !v->announce_withdrawn) ||
        v->false_announced == seat) {
        return ANN_AGAIN;
    }
    if (v->announce_late_ruled & (1u << seat)) {
        return ANN_RULED;
    }
    if (v->cards_played[seat] == 0) {
        return ANN_OK;
    }
    if (v->first_card[seat] == king) {
        /* L24: elder hand's king led, until the dealer plays to it; the
         * dealer's first card the king, until he plays his next */
        if (seat == v->elder && v->cards_played[seat] == 1 &&
            v->trick_no == 1 && v->tricks_played[0].follow == CARD_NONE) {
            return ANN_OK_24;
        }
        if (seat == v->dealer && v->cards_played[seat] == 1) {
            return ANN_OK_24;
        }
        return ANN_LATE_24;
    }
    return ANN_LATE;
}

int laws_revoke_proof(const struct law_view *v, int seat, int card)
{
    if (!laws__is_seat(seat) || card < 0 || card >= CARD_COUNT) {
        return -1;
    }
    for (int t = 0; t < v->trick_no && t < TRICKS_MAX; t++) {
        const struct trick_fact *tr = &v->tricks_played[t];
        uint32_t held;

        if (tr->follow == CARD_NONE || tr->leader == seat || tr->ruled ||
            tr->follow == card) {
            continue;
        }
        held = tr->follower_known | CARD_BIT(tr->follow) | CARD_BIT(card);
        if (!(laws_legal_follows(held, tr->lead, v->trump, v->profile) &
              CARD_BIT(tr->follow))) {
            return t;
        }
    }
    return -1;
}

int laws_king_claim(const struct law_view *v)
{
    int x = v->announced;

    if (!laws__is_seat(x) || v->trump == SUIT_NONE) {
        return 0;
    }
    if (v->ann_false_at_time) {
        return -1; /* his whole hand was known, and no king */
    }
    switch (v->king_place) {
    case KING_UNSEEN:
        /* his whole hand now seen, no card of his gone unseen: the king
         * was never his */
        return v->count[x] == cards_count(v->known[x]) &&
                       v->discard_unseen[x] == 0
                   ? -1
                   : 0;
    case KING_IN_HAND:
        if (v->king_holder == x) {
            return v->unknown_in_after_ann ? 0 : 1;
        }
        return -1;
    case KING_DISCARDED:
        return v->king_holder == x ? 1 : -1;
    case KING_PLAYED:
        if (v->king_holder == x) {
            return v->unknown_in_after_ann ? 0 : 1;
        }
        return -1;
    case KING_ELSEWHERE:
    default:
        return -1;
    }
}

int laws_king_claim_now(const struct law_view *v, int seat)
{
    int other;
    uint32_t own;

    if (!laws__is_seat(seat) || v->trump == SUIT_NONE) {
        return 0;
    }
    other = SEAT_OTHER(seat);
    switch (v->king_place) {
    case KING_IN_HAND:
    case KING_PLAYED:
        return v->king_holder == seat ? 1 : -1;
    case KING_DISCARDED:
    case KING_ELSEWHERE:
        return -1;
    case KING_UNSEEN:
    default:
        break;
    }
    own = v->known[seat];
    if (v->count[seat] == cards_count(own)) {
        return -1; /* his whole hand is known, and the king is not in it */
    }
    if (v->announced == other && !v->announce_withdrawn &&
        !v->announce_ruled) {
        return -1; /* the adversary's announcement of it stands */
    }
    return 0;
}

bool laws_fulfils_remedy(const struct law_view *v,
                         const struct table_event *ev)
{
    switch (v->owed_remedy) {
    case REM_OWNER_DISCARDS_SURPLUS:
        return ev->kind == EV_DISCARD && laws__same_seat(ev->actor, v->owed_seat);
    case REM_OPPONENT_DRAWS_SURPLUS:
        return ev->kind == EV_DRAW && laws__same_seat(ev->actor, v->owed_seat);
    case REM_COMPLETE_FROM_STOCK:
        return (ev->kind == EV_DRAW &&
                laws__same_seat(ev->actor, v->owed_seat)) ||
               (ev->kind == EV_GIVE &&
                laws__same_seat(ev->target, v->owed_seat));
    default:
        return false;
    }
}

bool laws_underserved(const struct law_view *v, int seat)
{
    if (!laws__is_seat(seat) || !laws__is_seat(v->dealer)) {
        return false;
    }
    if (seat == v->elder) {
        /* serving elder hand is over once anything else happens */
        return v->asked > 0 && v->served[seat] < v->asked &&
               v->stock_at_serve >= v->asked && !v->serve_checked[seat];
    }
    return v->discarded[seat] > 0 && v->served[seat] < v->discarded[seat] &&
           v->stock > 0 && !v->serve_checked[seat];
}

int laws_trick_points(const struct profile *p, const struct trick_score *t)
{
    /* the loser stood without proposing, or refused the first proposal */
    bool vulnerable = laws_vulnerable(t->first, !t->elder_won);
    bool extra = vulnerable && !t->no_extra;
    int pts;

    if (t->tricks < 3) {
        return 0;
    }
    if (t->tricks >= 5) {
        pts = 2 + (extra && p->vole_extra ? 1 : 0);
    } else if (p->scoring == SCORING_POLISH) {
        pts = t->exchanged == !t->elder_won ? 2 : 1;
    } else {
        pts = extra ? 2 : 1;
    }
    if (t->capped) {
        pts = t->tricks >= 5 ? 1 : pts - 1;
    }
    return pts * (t->multiplier > 0 ? t->multiplier : 1);
}

bool laws_vulnerable(int first, bool elder)
{
    return elder ? first == FIRST_STOOD : first == FIRST_REFUSED;
}
