/* SPDX-License-Identifier: MIT */
/*
 * elect.c - elections: the elector's choice on a pending ruling carried
 * out, option by option (`X elects OPTION`), the replay of a hand (L25,
 * L43), and the previews of what each option would give.
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* rectify - L9: the dealer puts the deal right.  Surplus cards go back on
 * the pack at once; the cards a hand lacks are for the dealer to give:
 * the log's next packet to that hand is the correction, and if the log
 * names none the hand is completed with unseen cards when the deal goes
 * on (arbiter__settle_rectify). */
static int rectify(struct ctx *c)
{
    struct deal_state *d = c->d;
    int first = c->s->order[(int)d->dealer];
    char why[200];

    if (first == 0) {
        first = d->n_packets > 0 && (d->packet_n[0] == 2 || d->packet_n[0] == 3)
                    ? d->packet_n[0]
                    : 2;
    }
    for (int k = 0; k < 2; k++) {
        int should = arbiter__dealt_by_now(d, k, first);
        int over = d->z.count[Z_HAND(k)] - should;

        while (over > 0) {
            uint8_t card = CARD_UNKNOWN;

            if (d->n_last_given[k] > 0) {
                card = d->last_given[k][--d->n_last_given[k]];
            }
            if (arbiter__move(&d->z, card, Z_HAND(k), Z_STOCK, why,
                              sizeof(why)) != 0) {
                return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
            }
            over--;
        }
        d->rectify_due[k] = (int8_t)(over < 0 ? -over : 0);
    }
    d->rectified = true;
    d->departed = true;
    return 0;
}

/* choose_trump - L11: elder hand names which of the cards turned is the
 * trump; the others are set aside. */
static int choose_trump(struct ctx *c, uint8_t k)
{
    struct deal_state *d = c->d;
    bool found = false;
    char why[200];

    for (int i = 0; i < d->n_turned; i++) {
        if (d->turned[i] == k) {
            found = true;
        }
    }
    if (!found) {
        char text[CARD_TEXT_MAX];

        return arbiter__fail(c, ARB_E_ORDER,
                             "expected one of the cards turned, found %s",
                             card_format(k, text));
    }
    for (int i = 0; i < d->n_turned; i++) {
        if (d->turned[i] != k &&
            arbiter__move(&d->z, d->turned[i], Z_TURN_UP, Z_ASIDE, why,
                          sizeof(why)) != 0) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
    }
    d->turn_up = k;
    d->trump = (int8_t)CARD_SUIT(k);
    d->king_turned = k == laws_bonus_card(&c->s->prof, d->trump);
    return 0;
}

/* play_on - play on (or complete) under a count ruling: the hand it
 * concerns, off by p->n cards, is completed or plays short; a surplus is
 * thrown out by its owner or drawn by the adversary, as the ruling's
 * remedy says.  A miscount played on bars the turned king (L19). */
static void play_on(struct ctx *c, const struct pending *p, bool complete)
{
    struct deal_state *d = c->d;
    int s = p->seat;
    int n = p->n;

    if (n < 0 && complete) {
        arbiter__owe(d, OWED_COMPLETE, s, -n, p->r.law);
    } else if (n < 0) {
        arbiter__accept_short(d, s);
        arbiter__note(c,
                      "%c plays short: the tricks he cannot play to go to %c",
                      seat_letter(s), seat_letter(SEAT_OTHER(s)));
    } else if (n > 0 && p->r.remedy == REM_OWNER_DISCARDS_SURPLUS) {
        arbiter__owe(d, OWED_DISCARD, s, n, p->r.law);
    } else if (n > 0) {
        arbiter__owe(d, OWED_DRAW_FROM, SEAT_OTHER(s), n, p->r.law);
    }
    if (laws_get(p->r.law)->bars_king) {
        arbiter__bar_turned_king(c);
    }
}

/* replay_hand - restore both hands as they stood at the first trick and
 * play the five tricks again (L25, L43).  Trick points scored are undone;
 * king points stay announced. */
static void replay_hand(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct zones *z = &d->z;

    if (d->scored) {
        int w;
        int pts = arbiter__hand_points(c, &w);

        if (w != SEAT_NONE) {
            c->s->score[w] -= pts;
            d->points[w] = (int8_t)(d->points[w] - pts);
            c->res->score_changed = true;
        }
    }
    for (int k = 0; k < 2; k++) {
        uint32_t back = d->snap_known[k];

        z->known[Z_TRICKS] &= ~back;
        z->count[Z_TRICKS] = (int8_t)(z->count[Z_TRICKS] -
                                      (d->snap_count[k] - z->count[Z_HAND(k)]));
        z->known[Z_HAND(k)] = back;
        z->count[Z_HAND(k)] = d->snap_count[k];
    }
    z->known[Z_TRICKS] = 0;
    for (int t = 0; t < 6; t++) {
        memset(&d->tricks_rec[t], 0, sizeof(d->tricks_rec[t]));
    }
    /* cards played from unknown places cannot be put back as known ones */
    z->count[Z_TRICKS] = 0;
    d->trick_no = 0;
    d->tricks[0] = d->tricks[1] = 0;
    d->credited[0] = d->credited[1] = 0;
    d->played[0] = d->played[1] = 0;
    d->leader = d->elder;
    d->to_play = d->elder;
    d->phase = PH_PLAY;
    d->over = false;
    d->scored = false;
    d->hold = false;
    d->play_offence_card = CARD_NONE;
    c->s->deal_on = true;
    if (c->s->prof.penalty == PENALTY_CAP_OR_REPLAY) {
        d->uncap_on_replay = true;
    }
    arbiter__note(c, "the hand is replayed: both hands as they stood at the "
                     "first trick, %c to lead",
                  seat_letter(d->elder));
}

/* stand - the played result stands (L25, L43): the points held for the
 * election are scored, unless another claim still waits. */
static void stand(struct ctx *c)
{
    struct deal_state *d = c->d;

    if (d->over && !d->scored && !arbiter__has_open_claim(d)) {
        arbiter__score_hand(c);
        arbiter__report_deal(c);
    }
}

/* named_suit - L41: the card led goes back and its leader must lead the
 * suit he named. */
static int named_suit(struct ctx *c, const struct pending *p)
{
    struct deal_state *d = c->d;
    struct trick_rec *tr;
    int leader;
    char why[200];

    if (d->over || d->trick_no <= 0 ||
        d->tricks_rec[d->trick_no - 1].follow != CARD_NONE) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected the card led still alone on the "
                             "table, found the trick played (L41)");
    }
    tr = &d->tricks_rec[d->trick_no - 1];
    leader = tr->leader;
    if (arbiter__move(&d->z, tr->lead, Z_TRICKS, Z_HAND(leader), why,
                      sizeof(why)) != 0) {
        return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
    }
    d->played[leader]--;
    if (d->played[leader] == 0) {
        d->first_card[leader] = (int8_t)-1;
    }
    d->called_suit = p->suit;
    d->trick_no--;
    d->leader = (int8_t)leader;
    d->to_play = (int8_t)leader;
    return 0;
}

/* answered - the newest pending ruling the elector may answer with this
 * option, or -1 (with the message set and *rc the status). */
static int answered(struct ctx *c, int *rc)
{
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    const char *opt = option_name((enum law_option)ev->option);
    char buf[200];

    for (int i = d->n_pending - 1; i >= 0; i--) {
        if (d->pending[i].r.elector == ev->actor &&
            (d->pending[i].r.options & OPT_BIT(ev->option))) {
            return i;
        }
    }
    if (d->n_pending > 0) {
        *rc = arbiter__fail(
            c, ARB_E_ORDER,
            "expected an election on the pending ruling (%s), found %c "
            "elects %s",
            ruling_format(&d->pending[d->n_pending - 1].r, buf, sizeof(buf)),
            seat_letter(ev->actor), opt);
    } else {
        *rc = arbiter__fail(c, ARB_E_ORDER,
                            "expected a pending ruling to elect on, found %c "
                            "elects %s",
                            seat_letter(ev->actor), opt);
    }
    return -1;
}

/*
 * arbiter__on_elect - `X elects OPTION`: the newest pending ruling X may
 * answer with OPTION is answered and carried out (a new deal, the deal put
 * right, a trump chosen, play on or complete, a replay, the result
 * standing, an exposed card taken or refused, the named suit).  Returns 0,
 * or ARB_E_ORDER when no pending ruling takes that election from X (the
 * state is then unchanged by the caller), or ARB_E_IMPOSSIBLE.
 */
int arbiter__on_elect(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    struct pending p;
    char why[200];
    int rc = 0;
    int idx = answered(c, &rc);

    if (idx < 0) {
        return rc;
    }
    p = d->pending[idx];
    arbiter__drop_pending(d, idx);
    /* the choice said with what it does, for whoever reads the referee */
    arbiter__note(c, "%c elects %s (%s): %s", seat_letter(ev->actor),
                  option_name((enum law_option)ev->option),
                  laws_get(p.r.law)->id,
                  law_option_words_for(p.r.law, (enum law_option)ev->option));
    switch (ev->option) {
    case OPT_NEW_DEAL:
        arbiter__void_deal(c);
        return 0;
    case OPT_RECTIFY:
        return rectify(c);
    case OPT_TRUMP:
        return choose_trump(c, ev->cards[0]);
    case OPT_PLAY_ON:
    case OPT_COMPLETE:
        play_on(c, &p, ev->option == OPT_COMPLETE);
        return 0;
    case OPT_REPLAY:
        if (!d->snapped) {
            return arbiter__fail(
                c, ARB_E_ORDER,
                "expected a hand in play to replay, found none");
        }
        replay_hand(c);
        return 0;
    case OPT_STAND:
        stand(c);
        return 0;
    case OPT_REFUSE:
        if (p.card != CARD_NONE &&
            arbiter__move(&d->z, p.card, Z_STOCK, Z_ASIDE, why, sizeof(why)) !=
                0) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
        return 0;
    case OPT_NAMED_SUIT:
        return named_suit(c, &p);
    case OPT_PASS:
        arbiter__veto_passed(c);
        return 0;
    case OPT_TAKE:
    case OPT_CARD_LED:
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Previews                                                             */
/* ------------------------------------------------------------------ */

/* stand_text - what letting the played result stand gives. */
static void stand_text(struct ctx *c, char *buf, size_t n)
{
    int w;
    int pts = arbiter__hand_points(c, &w);

    if (c->d->over && w != SEAT_NONE) {
        snprintf(buf, n,
                 "the played result stands: %c scores %d (offender capped)",
                 seat_letter(w), pts);
    } else {
        snprintf(buf, n,
                 "the hand is played out; the offender's score is capped "
                 "(point 0, vole 1, point against a stand or refusal 1)");
    }
}

/* replay_text - what a replay gives: with every card of both hands known,
 * the best each side can make (exhaustive search). */
static void replay_text(struct ctx *c, char *buf, size_t n)
{
    const struct deal_state *d = c->d;
    int best[2];
    uint32_t hk[2] = {d->snap_known[0], d->snap_known[1]};
    bool all_known = d->snapped && d->trump != SUIT_NONE;

    if (!d->snapped) {
        hk[0] = d->z.known[Z_HAND_A];
        hk[1] = d->z.known[Z_HAND_B];
        all_known = d->trump != SUIT_NONE &&
                    arbiter__ncards(hk[0]) == d->z.count[Z_HAND_A] &&
                    arbiter__ncards(hk[1]) == d->z.count[Z_HAND_B];
    } else {
        all_known = all_known && arbiter__ncards(hk[0]) == d->snap_count[0] &&
                    arbiter__ncards(hk[1]) == d->snap_count[1];
    }
    if (all_known && arbiter__ncards(hk[0]) <= 5 && arbiter__ncards(hk[1]) <= 5 &&
        hk[0] && hk[1]) {
        arbiter__best_tricks(hk[(int)d->elder], hk[(int)d->dealer], d->trump,
                             &c->s->prof, d->elder, best);
        snprintf(buf, n,
                 "the hand is replayed from the first trick: at best A can "
                 "make %d trick(s), B %d (exhaustive search); the offender "
                 "stays capped",
                 best[0], best[1]);
    } else {
        snprintf(buf, n,
                 "the hand is replayed from the first trick; the offender "
                 "stays capped");
    }
}

/* The words for each option that need no state. */
static const char *const option_words[OPT_COUNT] = {
    [OPT_NEW_DEAL] = "the deal is void; points marked in it are cancelled; "
                     "the same dealer deals again",
    [OPT_PLAY_ON] = "the deal stands and play goes on (the surplus out of "
                    "play, or the short hand plays short)",
    [OPT_RECTIFY] = "the dealer puts the deal right; the turned king may not "
                    "be marked (L19)",
    [OPT_TRUMP] = "elder hand names which turned card is the trump; the "
                  "others are set aside",
    [OPT_COMPLETE] = "the short hand is completed from the top of the stock",
    [OPT_TAKE] = "elder hand takes the exposed card as one of his",
    [OPT_REFUSE] = "the exposed card is set aside; the next card is given",
    [OPT_NAMED_SUIT] = "the card goes back; the leader must lead the suit he "
                       "named",
    [OPT_CARD_LED] = "play goes on to the card actually led",
    [OPT_VETO] = "the jack shown: the deal is annulled and the next player "
                 "deals",
    [OPT_PASS] = "no veto: the king point is scored",
};

/*
 * arbiter__preview - what each option of ruling r would give, in words:
 * "option: text" for each, joined by " | ", into out (size n, always
 * terminated); a ruling without options gives "now: text", what happens
 * now (arbiter__now_text).  The stand and replay texts read the hand as
 * it stands; a law's own option words (law_option_words_for) replace the
 * generic ones.
 */
void arbiter__preview(struct ctx *c, const struct ruling *r, char *out,
                      size_t n)
{
    size_t used = 0;

    out[0] = '\0';
    if (r->options == 0) {
        char buf[400];

        arbiter__now_text(c, r, buf, sizeof(buf));
        snprintf(out, n, "now: %s", buf);
        return;
    }
    for (int o = 0; o < OPT_COUNT && used < n; o++) {
        const char *what = option_words[o];
        const char *own = law_option_words_for(r->law, (enum law_option)o);
        char buf[300];

        if (!(r->options & OPT_BIT(o))) {
            continue;
        }
        if (own != law_option_words((enum law_option)o)) {
            what = own;
        }
        if (o == OPT_STAND) {
            stand_text(c, buf, sizeof(buf));
            what = buf;
        } else if (o == OPT_REPLAY) {
            replay_text(c, buf, sizeof(buf));
            what = buf;
        }
        if (what != NULL) {
            used += (size_t)snprintf(out + used, n - used, "%s%s: %s",
                                     used > 0 ? " | " : "",
                                     option_name((enum law_option)o), what);
        }
    }
}

void arbiter_preview(const struct arbiter *a, const struct ruling *r,
                     char *out, size_t n)
{
    /* the texts only read the state: a context over the arbiter as it is */
    struct arbiter *ma = (struct arbiter *)a;
    struct ctx c = {.a = ma, .s = &ma->s, .d = &ma->s.d};

    arbiter__preview(&c, r, out, n);
}
