/*
 * rulings.c - rulings: made from the law rows, kept pending for their
 * elector, windows closed by the event stream, remedies carried out,
 * elections and their previews, replays, and rulings proven by later
 * evidence (L25, L43).
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
    p->trick = -1;
    return p;
}

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

/* play_on_owed - what playing on requires under law l (LAWS.md remedies). */
static void owe(struct deal_state *d, enum owed_kind k, int seat, int n,
                enum law_id l)
{
    d->owed.kind = n > 0 ? k : OWED_NONE;
    d->owed.seat = (int8_t)seat;
    d->owed.n = (int8_t)n;
    d->owed.law = (int8_t)l;
}

/* replay_hand - restore both hands as they stood at the first trick and
 * play the five tricks again (L25, L43). */
static void replay_hand(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct zones *z = &d->z;

    /* undo the trick points only; king points stay announced */
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
}

int arbiter__on_elect(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    struct pending p;
    int idx = -1;
    char why[200];

    for (int i = d->n_pending - 1; i >= 0; i--) {
        if (d->pending[i].r.elector == ev->actor &&
            (d->pending[i].r.options & OPT_BIT(ev->option))) {
            idx = i;
            break;
        }
    }
    if (idx < 0) {
        if (d->n_pending > 0) {
            char buf[200];

            return arbiter__fail(
                c, ARB_E_ORDER,
                "expected an election on the pending ruling (%s), "
                "found %c elects %s",
                ruling_format(&d->pending[d->n_pending - 1].r, buf,
                              sizeof(buf)),
                seat_letter(ev->actor),
                option_name((enum law_option)ev->option));
        }
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected a pending ruling to elect on, found %c elects "
            "%s",
            seat_letter(ev->actor), option_name((enum law_option)ev->option));
    }
    p = d->pending[idx];
    arbiter__drop_pending(d, idx);
    switch (ev->option) {
    case OPT_NEW_DEAL:
        arbiter__void_deal(c);
        return 0;
    case OPT_RECTIFY: {
        /* L9: the dealer puts the deal right.  Surplus cards go back on the
         * pack at once; the cards a hand lacks are for the dealer to give:
         * the log's next packet to that hand is the correction, and if the
         * log names none the hand is completed with unseen cards when the
         * deal goes on (settle_rectify). */
        int first = c->s->order[(int)d->dealer];

        if (first == 0) {
            first =
                d->n_packets > 0 && (d->packet_n[0] == 2 || d->packet_n[0] == 3)
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
    case OPT_TRUMP: {
        uint8_t k = ev->cards[0];
        bool found = false;

        for (int i = 0; i < d->n_turned; i++) {
            if (d->turned[i] == k) {
                found = true;
            }
        }
        if (!found) {
            char text[CARD_TEXT_MAX];
            return arbiter__fail(c, ARB_E_ORDER,
                                 "expected one of the cards turned, found %s",
                                 arbiter__cardtext(k, text));
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
        d->king_turned = CARD_RANK(k) == RANK_KING;
        return 0;
    }
    case OPT_PLAY_ON:
    case OPT_COMPLETE: {
        int s = p.seat;
        int n = p.n;

        if (p.r.law == LAW_13) {
            return 0;
        }
        if (n < 0) {
            /* short: complete from the stock */
            if (ev->option == OPT_COMPLETE) {
                owe(d, OWED_COMPLETE, s, -n, p.r.law);
            } else {
                arbiter__accept_short(d, s);
                arbiter__note(c,
                              "%c plays short: the tricks he cannot play to go "
                              "to %c",
                              seat_letter(s), seat_letter(SEAT_OTHER(s)));
            }
        } else if (n > 0) {
            switch (p.r.law) {
            case LAW_15:
            case LAW_31:
                owe(d, OWED_DISCARD, s, n, p.r.law);
                break;
            default:
                /* L17, L21, L29, L33: the adversary draws the surplus */
                owe(d, OWED_DRAW_FROM, SEAT_OTHER(s), n, p.r.law);
                break;
            }
        }
        switch (p.r.law) {
        case LAW_15:
        case LAW_16:
        case LAW_17:
        case LAW_18:
        case LAW_21:
            d->rectified = true;
            if (d->king_turned) {
                struct ruling r;

                arbiter__make_ruling(&r, LAW_19, d->dealer, SEAT_NONE);
                snprintf(r.note, sizeof(r.note),
                         "the deal was miscounted and not redealt: the "
                         "dealer may not mark the turned king");
                arbiter__add_ruling(c, &r);
                d->king_barred = true;
                if (d->king_marked) {
                    d->king_marked = false;
                    arbiter__award(c, d->dealer, -1);
                }
            }
            break;
        default:
            break;
        }
        return 0;
    }
    case OPT_REPLAY:
        if (!d->snapped) {
            return arbiter__fail(
                c, ARB_E_ORDER,
                "expected a hand in play to replay, found none");
        }
        replay_hand(c);
        return 0;
    case OPT_STAND:
        if (d->over && !d->scored) {
            bool other_open = arbiter__has_open_claim(d);

            if (!other_open) {
                arbiter__score_hand(c);
                arbiter__report_deal(c);
            }
        }
        return 0;
    case OPT_TAKE:
        return 0;
    case OPT_REFUSE:
        if (p.card != CARD_NONE &&
            arbiter__move(&d->z, p.card, Z_STOCK, Z_ASIDE, why, sizeof(why)) !=
                0) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
        return 0;
    case OPT_NAMED_SUIT: {
        struct trick_rec *tr = &d->tricks_rec[d->trick_no - 1];
        int leader = tr->leader;

        if (arbiter__move(&d->z, tr->lead, Z_TRICKS, Z_HAND(leader), why,
                          sizeof(why)) != 0) {
            return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
        d->played[leader]--;
        if (d->played[leader] == 0) {
            d->first_card[leader] = (int8_t)-1;
        }
        d->called_suit = (int8_t)p.card;
        d->trick_no--;
        d->leader = (int8_t)leader;
        d->to_play = (int8_t)leader;
        return 0;
    }
    case OPT_CARD_LED:
    default:
        return 0;
    }
}

/* arbiter__preview - what each option of ruling r would give, in words. */
void arbiter__preview(struct ctx *c, const struct ruling *r, char *out,
                      size_t n)
{
    struct deal_state *d = c->d;
    size_t used = 0;

    out[0] = '\0';
    for (int o = 0; o < OPT_COUNT && used < n; o++) {
        const char *what = NULL;
        char buf[300];

        if (!(r->options & OPT_BIT(o))) {
            continue;
        }
        switch (o) {
        case OPT_NEW_DEAL:
            what = "the deal is void; points marked in it are cancelled; "
                   "the same dealer deals again";
            break;
        case OPT_PLAY_ON:
            what = "the deal stands and play goes on (the surplus out of "
                   "play, or the short hand plays short)";
            break;
        case OPT_RECTIFY:
            what = "the dealer puts the deal right; the turned king may not "
                   "be marked (L19)";
            break;
        case OPT_TRUMP:
            what = "elder hand names which turned card is the trump; the "
                   "others are set aside";
            break;
        case OPT_COMPLETE:
            what = "the short hand is completed from the top of the stock";
            break;
        case OPT_TAKE:
            what = "elder hand takes the exposed card as one of his";
            break;
        case OPT_REFUSE:
            what = "the exposed card is set aside; the next card is given";
            break;
        case OPT_NAMED_SUIT:
            what = "the card goes back; the leader must lead the suit he "
                   "named";
            break;
        case OPT_CARD_LED:
            what = "play goes on to the card actually led";
            break;
        case OPT_STAND: {
            int w;
            int pts = arbiter__hand_points(c, &w);

            if (d->over && w != SEAT_NONE) {
                snprintf(buf, sizeof(buf),
                         "the played result stands: %c scores %d (offender "
                         "capped)",
                         seat_letter(w), pts);
            } else {
                snprintf(buf, sizeof(buf),
                         "the hand is played out; the offender's score is "
                         "capped (point 0, vole 1, point against a stand or "
                         "refusal 1)");
            }
            what = buf;
            break;
        }
        case OPT_REPLAY: {
            int best[2];
            uint32_t hk[2] = {d->snap_known[0], d->snap_known[1]};
            bool all_known = d->snapped && d->trump != SUIT_NONE;

            if (!d->snapped) {
                hk[0] = d->z.known[Z_HAND_A];
                hk[1] = d->z.known[Z_HAND_B];
                all_known = d->trump != SUIT_NONE &&
                            cards_count(hk[0]) == d->z.count[Z_HAND_A] &&
                            cards_count(hk[1]) == d->z.count[Z_HAND_B];
            } else {
                all_known = all_known &&
                            cards_count(hk[0]) == d->snap_count[0] &&
                            cards_count(hk[1]) == d->snap_count[1];
            }
            if (all_known && cards_count(hk[0]) <= 5 &&
                cards_count(hk[1]) <= 5 && hk[0] && hk[1]) {
                arbiter__best_tricks(hk[(int)d->elder], hk[(int)d->dealer],
                                     d->trump, &c->s->prof, d->elder, best);
                snprintf(buf, sizeof(buf),
                         "the hand is replayed from the first trick: at "
                         "best A can make %d trick(s), B %d (exhaustive "
                         "search); the offender stays capped",
                         best[0], best[1]);
            } else {
                snprintf(buf, sizeof(buf),
                         "the hand is replayed from the first trick; the "
                         "offender stays capped");
            }
            what = buf;
            break;
        }
        default:
            break;
        }
        if (what != NULL) {
            used += (size_t)snprintf(out + used, n - used, "%s%s: %s",
                                     used > 0 ? " | " : "",
                                     option_name((enum law_option)o), what);
        }
    }
}

/* arbiter__carry_out - apply an automatic remedy, or keep the ruling pending
 * for its elector; law-specific context goes into the pending record. */
int arbiter__carry_out(struct ctx *c, struct ruling *r)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    struct pending *p = NULL;

    switch (r->law) {
    case LAW_9:
    case LAW_13:
        if (r->elector != SEAT_NONE) {
            p = arbiter__push_pending(c, r);
        }
        return 0;
    case LAW_11:
        if (r->elector != SEAT_NONE) {
            arbiter__push_pending(c, r);
        } else if (r->remedy == REM_NEW_DEAL) {
            arbiter__void_deal(c);
        } else {
            /* 5.5 profile: the 11th card stands, the rest set aside */
            char why[200];

            for (int i = 1; i < d->n_turned; i++) {
                if (arbiter__move(&d->z, d->turned[i], Z_TURN_UP, Z_ASIDE, why,
                                  sizeof(why)) != 0) {
                    return arbiter__fail(c, ARB_E_IMPOSSIBLE, "%s", why);
                }
            }
            d->turn_up = d->turned[0];
            d->trump = (int8_t)CARD_SUIT(d->turned[0]);
            d->king_turned = CARD_RANK(d->turned[0]) == RANK_KING;
        }
        return 0;
    case LAW_12:
    case LAW_20:
    case LAW_45:
        arbiter__void_deal(c);
        return 0;
    case LAW_15:
    case LAW_16:
    case LAW_17:
    case LAW_18:
    case LAW_21:
    case LAW_29:
    case LAW_31:
    case LAW_32:
    case LAW_33:
    case LAW_34: {
        int s = ev->kind == EV_FOUND_HOLDS ? ev->target
                : (r->law == LAW_29 || r->law == LAW_31 || r->law == LAW_32)
                    ? d->elder
                    : d->dealer;
        int n = ev->kind == EV_FOUND_HOLDS ? arbiter__surplus(d, s) : 0;

        if (ev->kind != EV_FOUND_HOLDS) {
            switch (r->law) {
            /* the action has been applied: served counts its cards */
            case LAW_29:
            case LAW_33:
                n = d->served[s] - (d->discarded[s] < 0 ? 0 : d->discarded[s]);
                break;
            case LAW_31:
                n = d->served[s] - d->asked;
                break;
            case LAW_32:
                n = d->served[s] - d->asked;
                d->serve_checked[s] = true;
                break;
            case LAW_34:
                n = d->served[s] - d->discarded[s];
                d->serve_checked[s] = true;
                break;
            default:
                break;
            }
        }
        if (r->elector != SEAT_NONE) {
            p = arbiter__push_pending(c, r);
            p->seat = (int8_t)s;
            p->n = (int8_t)n;
        } else if (n < 0) {
            arbiter__accept_short(d, s); /* plays short */
        }
        return 0;
    }
    case LAW_14:
        return 0; /* kept pending by on_deal */
    case LAW_19:
        return 0;
    case LAW_22:
        return 0;
    case LAW_25:
        if (r->options != 0) {
            p = arbiter__push_pending(c, r);
            p->seat = r->offender;
            cap(d, r->offender);
        }
        d->announce_ruled = true;
        if (d->announced == r->offender && !d->announce_withdrawn &&
            ev->kind != EV_WITHDRAW) {
            arbiter__award(c, r->offender, -1);
            c->res->penalty[(int)r->offender]--;
            d->announced = SEAT_NONE;
        }
        return 0;
    case LAW_30:
        /* asked too few: the exchange leaves him short by right; found
         * short in play after an exchange: he plays as he is */
        if (ev->kind == EV_FOUND_HOLDS) {
            arbiter__accept_short(d, d->elder);
        }
        return 0;
    case LAW_35:
        return 0;
    case LAW_36:
        if (r->elector != SEAT_NONE) {
            p = arbiter__push_pending(c, r);
            p->card = ev->cards[0];
        }
        return 0;
    case LAW_37:
        return 0;
    case LAW_41:
        if (r->elector != SEAT_NONE) {
            p = arbiter__push_pending(c, r);
            p->card = (uint8_t)ev->suit;
        }
        return 0;
    case LAW_42:
        return 0;
    case LAW_43: {
        if (r->note[0] == '\0' && d->trick_no > 0) {
            const struct trick_rec *tr = &d->tricks_rec[d->trick_no - 1];
            uint32_t held = tr->follower_known | CARD_BIT(tr->follow);
            char a[CARD_TEXT_MAX];
            char b[CARD_TEXT_MAX];
            char must[60];

            cards_format(
                laws_legal_follows(held, tr->lead, d->trump, &c->s->prof), must,
                sizeof(must));
            snprintf(r->note, sizeof(r->note),
                     "%c played %s to %s when bound to play one of %s",
                     seat_letter(r->offender), arbiter__cardtext(tr->follow, a),
                     arbiter__cardtext(tr->lead, b), must);
        }
        p = arbiter__push_pending(c, r);
        p->seat = r->offender;
        p->trick = (int8_t)(d->trick_no - 1);
        cap(d, r->offender);
        return 0;
    }
    default:
        if (r->elector != SEAT_NONE) {
            arbiter__push_pending(c, r);
        }
        return 0;
    }
}

/* arbiter__evidence_rulings - after the action: a false announcement or a past
 * revoke that the table now proves (L25, L43). */
void arbiter__evidence_rulings(struct ctx *c, const struct law_view *v)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    if (d->announced != SEAT_NONE && !d->announce_withdrawn &&
        !d->announce_ruled &&
        d->played[(int)d->announced] > d->announced_played) {
        if (arbiter__king_evidence(d) < 0) {
            struct law_view w = *v;
            struct ruling r;
            uint8_t k = CARD_MAKE(d->trump, RANK_KING);
            int x = d->announced;
            const struct law *row = laws_get(LAW_25);

            w.false_king = true;
            w.false_king_by = x;
            w.adversary_holds_king =
                arbiter__locate(&d->z, k) == Z_HAND(SEAT_OTHER(x)) ||
                (arbiter__locate(&d->z, k) == Z_TRICKS &&
                 arbiter__played_by(d, SEAT_OTHER(x), k));
            arbiter__make_ruling(&r, LAW_25, x, SEAT_OTHER(x));
            if (row->shape != NULL) {
                row->shape(&w, ev, &r);
            }
            if (r.options == 0) {
                r.elector = SEAT_NONE;
            }
            struct ruling *out = arbiter__add_ruling(c, &r);
            if (out != NULL) {
                arbiter__carry_out(c, out);
                arbiter__preview(c, out,
                                 c->res->previews[c->res->n_rulings - 1],
                                 ARB_PREVIEW_LEN);
            }
        }
    }
    if (v->revoke_proven) {
        int x = v->revoke_offender;

        for (int i = 0; i < ev->n_cards; i++) {
            int t;

            if (ev->cards[i] == CARD_UNKNOWN) {
                continue;
            }
            t = arbiter__revoke_evidence(c, x, ev->cards[i]);
            if (t < 0) {
                continue;
            }
            struct ruling r;
            char a[CARD_TEXT_MAX];
            char b[CARD_TEXT_MAX];

            arbiter__make_ruling(&r, LAW_43, x, SEAT_OTHER(x));
            snprintf(r.note, sizeof(r.note),
                     "%s proves %c could have followed or won trick %d "
                     "(played %s)",
                     arbiter__cardtext(ev->cards[i], a), seat_letter(x), t + 1,
                     arbiter__cardtext(d->tricks_rec[t].follow, b));
            d->tricks_rec[t].offence = true;
            struct ruling *out = arbiter__add_ruling(c, &r);
            if (out != NULL) {
                struct pending *p = arbiter__push_pending(c, out);
                p->seat = (int8_t)x;
                p->trick = (int8_t)t;
                cap(d, x);
                arbiter__preview(c, out,
                                 c->res->previews[c->res->n_rulings - 1],
                                 ARB_PREVIEW_LEN);
                if (d->over && !d->scored) {
                    d->hold = true;
                } else if (d->over && d->scored) {
                    /* points already scored: hold them again */
                    int w;
                    int pts;

                    d->capped[x] = false;
                    pts = arbiter__hand_points(c, &w);
                    if (w != SEAT_NONE) {
                        arbiter__award(c, w, -pts);
                    }
                    d->capped[x] = true;
                    d->scored = false;
                    d->hold = true;
                }
            }
        }
    }
}

/* window_closes - does event ev end the window of pending ruling p? */
static bool window_closes(const struct ctx *c, const struct pending *p)
{
    const struct table_event *ev = c->ev;
    const struct deal_state *d = c->d;
    bool elder_acts =
        ev->actor == d->elder &&
        (ev->kind == EV_PROPOSE || ev->kind == EV_STAND || ev->kind == EV_LEAD);

    switch (p->r.window) {
    case WIN_BEFORE_TURN_UP:
        return ev->kind == EV_TURN;
    case WIN_BEFORE_TURN_OR_LOOK:
        return ev->kind == EV_TURN || elder_acts ||
               (ev->kind == EV_LOOK && ev->actor == d->elder);
    case WIN_BEFORE_ELDER_LOOKS:
        return elder_acts || (ev->kind == EV_LOOK && ev->actor == d->elder);
    case WIN_BEFORE_ELDER_ACTS:
        return elder_acts;
    case WIN_BEFORE_PLAY:
        return ev->kind == EV_LEAD || ev->kind == EV_STAND;
    case WIN_BEFORE_NEXT_CARD:
        return ev->kind == EV_LEAD || ev->kind == EV_PLAY;
    case WIN_BEFORE_NEXT_LEAD:
        return ev->kind == EV_LEAD;
    case WIN_BEFORE_NEXT_TURN_UP:
    case WIN_BEFORE_NEXT_CUT:
    case WIN_GAME:
    case WIN_NONE:
    default:
        return false;
    }
}

/*
 * arbiter__gate - may the event happen with the rulings now pending?  Windows
 * that the event closes take their default remedy here.  Returns 0 or
 * ARB_E_PENDING.
 */
int arbiter__gate(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    if (d->owed.kind != OWED_NONE) {
        bool ok = false;
        const char *want = "";

        switch (d->owed.kind) {
        case OWED_DISCARD:
            ok = ev->kind == EV_DISCARD && ev->actor == d->owed.seat;
            want = "discards";
            break;
        case OWED_DRAW_FROM:
            ok = ev->kind == EV_DRAW && ev->actor == d->owed.seat;
            want = "draws";
            break;
        case OWED_COMPLETE:
            ok = (ev->kind == EV_DRAW && ev->actor == d->owed.seat) ||
                 (ev->kind == EV_GIVE && ev->actor == d->dealer &&
                  ev->target == d->owed.seat);
            want = "draws";
            break;
        default:
            break;
        }
        ok = ok || ev->kind == EV_LOOK || ev->kind == EV_SHOW;
        if (!ok) {
            return arbiter__fail(
                c, ARB_E_PENDING, "expected %c %s %d (remedy of %s), found %s",
                seat_letter(d->owed.seat), want, d->owed.n,
                laws_get((enum law_id)d->owed.law)->id, event_verb(ev->kind));
        }
        return 0;
    }
    for (int i = d->n_pending - 1; i >= 0; i--) {
        struct pending *p = &d->pending[i];

        if (ev->kind == EV_ELECT) {
            continue;
        }
        if (window_closes(c, p)) {
            struct pending closed = *p;
            struct ruling r = closed.r;

            arbiter__drop_pending(d, i);
            if (r.law == LAW_14) {
                struct ruling late;

                arbiter__make_ruling(&late, LAW_14, r.offender, SEAT_NONE);
                late.remedy = REM_DEAL_STANDS;
                snprintf(late.note, sizeof(late.note),
                         "found only at the turn-up: the deal stands%s",
                         d->pack_owner != d->dealer ? "; the packs stay swapped"
                                                    : "");
                arbiter__add_ruling(c, &late);
                if (d->pack_owner != d->dealer) {
                    c->s->packs_swapped = (int8_t)!c->s->packs_swapped;
                }
            } else if (r.law == LAW_34) {
                if (closed.n < 0) {
                    arbiter__accept_short(d, closed.seat);
                }
                arbiter__note(
                    c, "the dealer plays short: the tricks he cannot play "
                       "to go to elder hand (L34)");
            }
            continue;
        }
        if (p->allow & EV_BIT(ev->kind)) {
            continue;
        }
        {
            char buf[200];

            return arbiter__fail(
                c, ARB_E_PENDING,
                "expected %c elects %s on the pending ruling (%s), "
                "found %s",
                seat_letter(p->r.elector),
                p->r.options ? "one of its options" : "nothing",
                ruling_format(&p->r, buf, sizeof(buf)), event_verb(ev->kind));
        }
    }
    return 0;
}

/*
 * arbiter__count_from_cards - a card shown, led, played or discarded outranks
 * the count recorded (FORMAT.md): a named card that is nowhere yet, from a hand
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
    int n;
    int rc;

    if (x == SEAT_NONE || d->dealer == SEAT_NONE || d->over ||
        d->phase < PH_TURNED ||
        !(ev->kind == EV_LEAD || ev->kind == EV_PLAY || ev->kind == EV_SHOW ||
          ev->kind == EV_CLAIM || ev->kind == EV_DISCARD)) {
        return 0;
    }
    for (int i = 0; i < ev->n_cards; i++) {
        if (ev->cards[i] != CARD_UNKNOWN &&
            arbiter__locate(&d->z, ev->cards[i]) < 0) {
            need++;
        }
    }
    need -= d->z.count[Z_HAND(x)] - cards_count(d->z.known[Z_HAND(x)]);
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
            struct ruling *r = arbiter__add_ruling(c, &rs[i]);

            if (r == NULL) {
                break;
            }
            rc = arbiter__carry_out(c, r);
            arbiter__preview(c, r, c->res->previews[c->res->n_rulings - 1],
                             ARB_PREVIEW_LEN);
        }
    }
    c->ev = saved;
    return rc;
}
