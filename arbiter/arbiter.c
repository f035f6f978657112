/*
 * arbiter.c - the referee's engine: takes table events one at a time,
 * checks they can be true and can happen now, asks the laws (laws/), and
 * applies the rules of play, the scoring and the remedies.
 *
 * Every action is applied to a copy of the state (struct table_state) that
 * replaces the state only if the action is accepted.
 */
#include "arbiter/arbiter.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arbiter/arbiter_int.h"

/* The work of one action: the arbiter (for messages), the copy being
 * changed, the event, and the result being filled. */
struct ctx {
    struct arbiter *a;
    struct table_state *s;
    struct deal_state *d;
    const struct table_event *ev;
    struct arb_result *res;
    bool not_allowed;           /* a ruling refused the action: no effect */
};

static const char *status_text[] = {
    "ok", "error", "the action cannot physically be true",
    "the action cannot happen now", "a pending ruling does not allow it",
    "bad tag value",
};

const char *arbiter_strerror(int code)
{
    if (code > 0 || code < ARB_E_TAG) {
        return "unknown status";
    }
    return status_text[-code];
}

/* fail - set the message on the arbiter and return code. */
static int fail(struct ctx *c, int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(c->a->errmsg, sizeof(c->a->errmsg), fmt, ap);
    va_end(ap);
    return code;
}

/* note - add a fact worth saying to the result. */
static void note(struct ctx *c, const char *fmt, ...)
{
    va_list ap;

    if (c->res->n_notes >= ARB_NOTES_MAX) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(c->res->notes[c->res->n_notes++], ARB_NOTE_LEN, fmt, ap);
    va_end(ap);
}

static char *cardtext(uint8_t card, char *buf)
{
    return card_format(card, buf);
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

static void deal_reset(struct deal_state *d)
{
    memset(d, 0, sizeof(*d));
    d->dealer = SEAT_NONE;
    d->elder = SEAT_NONE;
    d->pack_owner = SEAT_NONE;
    d->phase = PH_IDLE;
    arbiter__zones_reset(&d->z);
    d->trump = SUIT_NONE;
    d->turn_up = CARD_NONE;
    d->last_shuffler = SEAT_NONE;
    d->discarded[0] = d->discarded[1] = -1;
    d->asked = -1;
    d->leader = SEAT_NONE;
    d->to_play = SEAT_NONE;
    d->called_suit = SUIT_NONE;
    d->play_offence_card = CARD_NONE;
    d->announced = SEAT_NONE;
    d->first_card[0] = d->first_card[1] = (int8_t)-1;
    d->exchange_card = CARD_NONE;
}

int arbiter_open(struct arbiter **out)
{
    struct arbiter *a = NULL;

    a = calloc(1, sizeof(*a));
    if (a == NULL) {
        return ARB_E_ERROR;
    }
    profile_london(&a->s.prof);
    a->s.cut_card[0] = a->s.cut_card[1] = CARD_NONE;
    a->s.cut_winner = SEAT_NONE;
    a->s.game_winner = SEAT_NONE;
    a->s.last_dealer = SEAT_NONE;
    a->s.next_dealer = SEAT_NONE;
    a->s.packs_swapped = 0;
    a->s.prev_king_dealer = SEAT_NONE;
    a->s.lost_king_dealer = SEAT_NONE;
    a->s.prev_game_winner = SEAT_NONE;
    deal_reset(&a->s.d);
    a->s.d.phase = PH_CUT_FOR_DEAL;
    *out = a;
    return ARB_OK;
}

void arbiter_close(struct arbiter *a)
{
    free(a);
}

void arbiter_copy(struct arbiter *dst, const struct arbiter *src)
{
    dst->s = src->s;
    dst->errmsg[0] = '\0';
}

const char *arbiter_errmsg(const struct arbiter *a)
{
    return a->errmsg;
}

int arbiter_set_tag(struct arbiter *a, const char *name, const char *value)
{
    struct profile *p = &a->s.prof;
    char err[200];

    if (a->s.started) {
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected an action, found the tag %s (tags come first)",
                 name);
        return ARB_E_ORDER;
    }
    if (strcasecmp(name, "Laws") == 0) {
        struct profile q;
        int target = p->target;
        enum stakes stakes = p->stakes;
        int rubber = p->rubber;
        struct profile def;

        profile_london(&def);
        if (profile_parse(&q, value, err, sizeof(err)) != 0) {
            snprintf(a->errmsg, sizeof(a->errmsg), "%s", err);
            return ARB_E_TAG;
        }
        /* Target, Stakes and Rubber tags win over the profile's defaults;
         * a Target tag and game= must agree */
        if (q.target != def.target && a->s.target_by_tag &&
            q.target != target) {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected the Laws switch game=%d to agree with the "
                     "Target tag, found Target %d",
                     q.target, target);
            return ARB_E_TAG;
        }
        if (q.target == def.target) {
            q.target = target;
        } else {
            a->s.target_by_laws = true;
        }
        if (q.stakes == def.stakes) {
            q.stakes = stakes;
        }
        if (q.rubber == def.rubber) {
            q.rubber = rubber;
        }
        *p = q;
    } else if (strcasecmp(name, "Target") == 0) {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        if (end == value || *end != '\0' || v < 1 || v > 99) {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected points for game (1-99), found \"%s\"", value);
            return ARB_E_TAG;
        }
        if (a->s.target_by_laws && v != p->target) {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected the Target tag to agree with the Laws switch "
                     "game=%d, found %ld",
                     p->target, v);
            return ARB_E_TAG;
        }
        p->target = (int)v;
        a->s.target_by_tag = true;
    } else if (strcasecmp(name, "Stakes") == 0) {
        if (strcasecmp(value, "single") == 0) {
            p->stakes = STAKES_SINGLE;
        } else if (strcasecmp(value, "treble") == 0) {
            p->stakes = STAKES_TREBLE;
        } else {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected single or treble, found \"%s\"", value);
            return ARB_E_TAG;
        }
    } else if (strcasecmp(name, "Rubber") == 0) {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        if (end == value || *end != '\0' || v < 0 || v > 99 ||
            (v > 0 && v % 2 == 0)) {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected an odd number of games or 0, found \"%s\"",
                     value);
            return ARB_E_TAG;
        }
        p->rubber = (int)v;
    }
    return ARB_OK;
}

/* ------------------------------------------------------------------ */
/* Reading the state                                                    */
/* ------------------------------------------------------------------ */

const struct profile *arbiter_profile(const struct arbiter *a)
{
    return &a->s.prof;
}

void arbiter_score(const struct arbiter *a, int out[2])
{
    out[0] = a->s.score[0];
    out[1] = a->s.score[1];
}

enum phase arbiter_phase(const struct arbiter *a)
{
    return a->s.d.phase;
}

int arbiter_game_number(const struct arbiter *a)
{
    return a->s.game_no;
}

int arbiter_deal_number(const struct arbiter *a)
{
    return a->s.deal_no;
}

int arbiter_dealer(const struct arbiter *a)
{
    return a->s.d.dealer;
}

int arbiter_next_dealer(const struct arbiter *a)
{
    if (a->s.next_dealer != SEAT_NONE) {
        return a->s.next_dealer;
    }
    return a->s.cut_winner;
}

int arbiter_hand(const struct arbiter *a, int seat, uint32_t *known)
{
    *known = a->s.d.z.known[Z_HAND(seat)];
    return a->s.d.z.count[Z_HAND(seat)];
}

int arbiter_trump(const struct arbiter *a)
{
    return a->s.d.trump;
}

int arbiter_pending(const struct arbiter *a, struct ruling *out, int max)
{
    const struct deal_state *d = &a->s.d;

    for (int i = 0; i < d->n_pending && i < max; i++) {
        out[i] = d->pending[i].r;
    }
    return d->n_pending;
}

bool arbiter_hand_in_progress(const struct arbiter *a)
{
    return a->s.deal_on;
}

bool arbiter_check_conservation(const struct arbiter *a)
{
    return arbiter__conserved(&a->s.d.z);
}

int arbiter_replay_best(const struct arbiter *a, int out[2])
{
    const struct deal_state *d = &a->s.d;

    if (!d->snapped || d->trump == SUIT_NONE) {
        return -1;
    }
    for (int s = 0; s < 2; s++) {
        if (cards_count(d->snap_known[s]) != d->snap_count[s] ||
            d->snap_count[s] > 5) {
            return -1;
        }
    }
    arbiter__best_tricks(d->snap_known[d->elder], d->snap_known[d->dealer],
                         d->trump, &a->s.prof, d->elder, out);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Scoring (L46-L49)                                                    */
/* ------------------------------------------------------------------ */

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

/* report_deal - the deal's outcome as it stands, into the result. */
static void report_deal(struct ctx *c)
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
}

/* end_hand_now - the deal is over (scored, void or cut short). */
static void end_hand_now(struct ctx *c)
{
    struct deal_state *d = c->d;

    d->over = true;
    d->phase = PH_HAND_OVER;
    c->s->deal_on = false;
    report_deal(c);
}

/* game_won - seat reached the target: the game ends at once (L46). */
static void game_won(struct ctx *c, int seat)
{
    struct table_state *s = c->s;
    struct arb_game_result *g = &c->res->game;

    s->game_over = true;
    s->game_on = false;
    s->game_winner = (int8_t)seat;
    s->games_won[seat]++;
    c->res->game_over = true;
    g->number = s->game_no;
    g->winner = seat;
    g->points[0] = s->score[0];
    g->points[1] = s->score[1];
    g->value = game_value(&s->prof, s->score[SEAT_OTHER(seat)]);
    g->games_won[0] = s->games_won[0];
    g->games_won[1] = s->games_won[1];
    if (s->prof.rubber > 0 && s->games_won[seat] > s->prof.rubber / 2) {
        g->rubber_over = true;
        g->rubber_winner = seat;
        s->games_won[0] = s->games_won[1] = 0;
        s->rubber_no++;
    }
    if (s->deal_on && !c->d->over) {
        note(c, "%c reaches %d: the game ends at once, the hand is not "
                "played out (L46)",
             seat_letter(seat), s->score[seat]);
        end_hand_now(c);
    }
}

/* award - seat scores n points in the current game (n may be negative for
 * a correction); the game ends the moment the target is reached. */
static void award(struct ctx *c, int seat, int n)
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
        game_won(c, seat);
    }
}

/* hand_points - what the winner of the tricks scores (L48, L49) and the
 * caps of L25/L43 on an offender.  *winner gets the seat or SEAT_NONE. */
static int hand_points(const struct ctx *c, int *winner)
{
    const struct deal_state *d = c->d;
    int t[2] = {d->tricks[0] + d->credited[0], d->tricks[1] + d->credited[1]};
    int w = t[0] >= 3 ? 0 : t[1] >= 3 ? 1 : SEAT_NONE;
    int pts;
    bool extra = false;

    *winner = w;
    if (w == SEAT_NONE) {
        return 0;
    }
    int loser = SEAT_OTHER(w);
    if (t[w] == 5) {
        pts = 2;
    } else {
        extra = (loser == d->elder && d->first == FIRST_STOOD) ||
                (loser == d->dealer && d->first == FIRST_REFUSED);
        pts = extra ? 2 : 1;
    }
    if (d->capped[w] && !d->uncap_on_replay) {
        pts = t[w] == 5 ? 1 : pts - 1;
    }
    return pts;
}

/* has_open_claim - a L25/L43 ruling still waits for the adversary. */
static bool has_open_claim(const struct deal_state *d)
{
    for (int i = 0; i < d->n_pending; i++) {
        if (d->pending[i].r.law == LAW_43 || d->pending[i].r.law == LAW_25) {
            return true;
        }
    }
    return false;
}

/* score_hand - score the tricks of a finished hand, unless an election
 * holds the points back. */
static void score_hand(struct ctx *c)
{
    struct deal_state *d = c->d;
    int w;
    int pts;

    if (d->scored || d->is_void) {
        return;
    }
    if (has_open_claim(d)) {
        d->hold = true;
        note(c, "the points of the hand wait for the election on the "
                "pending ruling");
        return;
    }
    d->hold = false;
    d->scored = true;
    pts = hand_points(c, &w);
    if (w != SEAT_NONE) {
        award(c, w, pts);
        if (d->capped[w] && !d->uncap_on_replay) {
            bool was = d->capped[w];
            int full;

            d->capped[w] = false;
            full = hand_points(c, &w);
            d->capped[w] = was;
            c->res->penalty[w] -= full - pts;
        }
    }
}

/* finish_hand - the last trick is taken (or credited): score and end. */
static void finish_hand(struct ctx *c)
{
    end_hand_now(c);
    score_hand(c);
    report_deal(c);
}

/* ------------------------------------------------------------------ */
/* Games and deals                                                      */
/* ------------------------------------------------------------------ */

static void start_game(struct ctx *c)
{
    struct table_state *s = c->s;

    s->game_no++;
    s->game_on = true;
    s->game_over = false;
    s->game_winner = SEAT_NONE;
    s->score[0] = s->score[1] = 0;
    c->res->game_started = true;
    c->res->score_changed = true;
}

/* close_last_deal - before a new deal or game: the previous hand's open
 * elections take their default (the played result stands, L25/L43
 * READING), and what outlives the deal is kept for late marks. */
static void close_last_deal(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;

    if (d->dealer == SEAT_NONE) {
        return;
    }
    if (d->n_pending > 0) {
        for (int i = 0; i < d->n_pending; i++) {
            if (d->pending[i].r.law == LAW_43 ||
                d->pending[i].r.law == LAW_25) {
                note(c, "the ruling under %s lapses: the played result "
                        "stands",
                     laws_get(d->pending[i].r.law)->id);
            }
        }
        d->n_pending = 0;
        if (d->over && d->hold) {
            score_hand(c);
            report_deal(c);
        }
    }
    /* a void deal leaves the window of the deal before it as it was */
    if (!d->is_void) {
        s->prev_king_dealer =
            d->king_turned && !d->king_marked ? d->dealer : SEAT_NONE;
        s->prev_king_barred = d->king_barred;
        s->prev_king_game = s->game_no;
    }
}

/* begin_deal - a deal by dealer with pack's pack. */
static void begin_deal(struct ctx *c, int dealer, int pack)
{
    struct table_state *s = c->s;
    struct deal_state *d = c->d;

    deal_reset(d);
    s->lost_king_dealer = SEAT_NONE;
    d->number = ++s->deal_no;
    d->dealer = (int8_t)dealer;
    d->elder = (int8_t)SEAT_OTHER(dealer);
    d->pack_owner = (int8_t)pack;
    d->phase = PH_SHUFFLE;
    s->deal_on = true;
    s->next_dealer = (int8_t)SEAT_OTHER(dealer); /* L14 READING: alternation
                                                    from the deal played */
    c->res->deal_started = true;
}

/* void_deal - the deal is void: points marked in it are cancelled (LAWS.md
 * 6.5) and the same dealer deals again (5.4). */
static void void_deal(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;

    for (int k = 0; k < 2; k++) {
        if (d->points[k] != 0) {
            s->score[k] -= d->points[k];
            c->res->penalty[k] -= d->points[k];
            c->res->score_changed = true;
        }
    }
    d->is_void = true;
    d->n_pending = 0;
    d->owed.kind = OWED_NONE;
    end_hand_now(c);
    for (int k = 0; k < 2; k++) {
        c->res->deal.points[k] = 0;
    }
    s->next_dealer = s->prof.redeal_same_dealer
                         ? d->dealer
                         : (int8_t)SEAT_OTHER(d->dealer);
}

/* right_dealer - who should deal the next deal, SEAT_NONE if free. */
static int right_dealer(const struct table_state *s)
{
    if (s->next_dealer != SEAT_NONE) {
        return s->next_dealer;
    }
    return s->cut_winner;
}

/* own_pack - the pack dealer should use (L14: the packs may stay swapped). */
static int own_pack(const struct table_state *s, int dealer)
{
    return s->packs_swapped ? SEAT_OTHER(dealer) : dealer;
}

/* ------------------------------------------------------------------ */
/* Pending rulings and remedies                                         */
/* ------------------------------------------------------------------ */

/* add_ruling - put r in the result (and its preview slot). */
static struct ruling *add_ruling(struct ctx *c, const struct ruling *r)
{
    if (c->res->n_rulings >= ARB_RULINGS_MAX) {
        return NULL;
    }
    c->res->rulings[c->res->n_rulings] = *r;
    c->res->previews[c->res->n_rulings][0] = '\0';
    return &c->res->rulings[c->res->n_rulings++];
}

/* make_ruling - a ruling from law l's row about event ev. */
static void make_ruling(struct ruling *r, enum law_id l, int offender,
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

/* push_pending - keep r waiting for its elector / window. */
static struct pending *push_pending(struct ctx *c, const struct ruling *r)
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

static void drop_pending(struct deal_state *d, int i)
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

/* expected_count - the cards seat should hold now (5 less the cards he
 * has played). */
static int expected_count(const struct deal_state *d, int seat)
{
    return 5 - d->played[seat];
}

/* surplus - how many cards seat holds beyond what he should (negative if
 * short). */
static int surplus(const struct deal_state *d, int seat)
{
    return d->z.count[Z_HAND(seat)] - expected_count(d, seat);
}

/* ------------------------------------------------------------------ */
/* The view the laws see                                                */
/* ------------------------------------------------------------------ */

/* card_of_seat_played - did seat play card k in a trick of this hand? */
static bool played_by(const struct deal_state *d, int seat, uint8_t k)
{
    for (int t = 0; t < d->trick_no && t < 6; t++) {
        const struct trick_rec *tr = &d->tricks_rec[t];

        if ((tr->leader == seat && tr->lead == k) ||
            (tr->leader != seat && tr->follow == k)) {
            return true;
        }
    }
    return false;
}

/*
 * king_evidence - what the table says of the announcer's claim: 1 proven
 * true (or not disproved in a way that counts), 0 unknown, -1 proven false.
 */
static int king_evidence(const struct deal_state *d)
{
    int x = d->announced;
    uint8_t k;
    int at;

    if (x == SEAT_NONE || d->trump == SUIT_NONE) {
        return 0;
    }
    if (d->ann_false_at_time) {
        return -1;              /* his whole hand was known, and no king */
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
        return played_by(d, x, k) ? (d->unknown_in_after_ann ? 0 : 1) : -1;
    }
    return -1;
}

/* revoke_evidence - does card k, now known to be in seat's hand since
 * before the play, prove an earlier play by seat broke the obligation?
 * Returns the trick index, or -1. */
static int revoke_evidence(const struct ctx *c, int seat, uint8_t k)
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
    bool turned_now = d->dealer != SEAT_NONE && d->trump != SUIT_NONE &&
                      !d->is_void;

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
        return MARK_LATE;       /* L22: lost at this deal's turn-up */
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

static void fill_view(const struct ctx *c, struct law_view *v)
{
    const struct table_state *s = c->s;
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    memset(v, 0, sizeof(*v));
    v->profile = &s->prof;
    v->phase = d->phase;
    v->dealer = d->dealer;
    v->elder = d->elder;
    v->right_dealer = right_dealer(s);
    v->own_pack = d->dealer == SEAT_NONE ? SEAT_NONE : own_pack(s, d->dealer);
    v->trump = d->trump;
    v->turn_up = d->turn_up;
    for (int k = 0; k < 2; k++) {
        v->count[k] = d->z.count[Z_HAND(k)];
        v->expected[k] = expected_count(d, k);
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
    v->led = d->trick_no > 0 && d->tricks_rec[d->trick_no - 1].follow ==
                                     CARD_NONE
                 ? d->tricks_rec[d->trick_no - 1].lead
                 : CARD_NONE;
    v->king_turned = d->king_turned;
    v->prev_king_unmarked = s->prev_king_dealer;
    v->false_king_by = d->announced;
    v->revoke_offender = SEAT_NONE;
    v->electing_law = -1;
    if (d->dealer != SEAT_NONE) {
        int e = d->elder;
        int dl = d->dealer;

        v->underserved[e] = d->asked > 0 && d->served[e] < d->asked &&
                            d->stock_at_serve >= d->asked &&
                            !d->serve_checked[e] && d->served[e] > 0;
        v->underserved[dl] = d->discarded[dl] > 0 &&
                             d->served[dl] < d->discarded[dl] &&
                             d->z.count[Z_STOCK] > 0 &&
                             !d->serve_checked[dl];
    }

    if (d->phase == PH_TURNED || d->phase == PH_EXCHANGE) {
        v->leader = d->elder;   /* the first lead is elder hand's */
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
        v->own_pack = own_pack(s, ev->actor);
        v->pack_used = (ev->flags & EVF_PACK) ? ev->target : ev->actor;
        break;
    case EV_CUT_FOR_DEAL:
        if (ev->n_cards == 1 && ev->cards[0] < CARD_COUNT &&
            s->cut_card[SEAT_OTHER(ev->actor)] !=
                                    CARD_NONE) {
            uint8_t o = s->cut_card[SEAT_OTHER(ev->actor)];

            v->cut_tie = CARD_RANK(o) == CARD_RANK(ev->cards[0]);
        }
        break;
    case EV_GIVE:
        if (d->phase == PH_SHUFFLE || d->phase == PH_DEAL) {
            int k = d->n_packets;
            int first = k > 0 ? d->packet_n[0] : ev->n;
            int order = s->order[ev->actor == d->dealer ? d->dealer : 0];
            int want_to = k % 2 == 0 ? d->elder : d->dealer;
            int want_n;

            if (k == 0 && d->dealer != SEAT_NONE) {
                bool fixed = order != 0 &&
                             (s->order_game[(int)d->dealer] == s->game_no ||
                              s->notice[(int)d->dealer] == 0);

                if (s->notice[(int)d->dealer] != 0) {
                    order = s->notice[(int)d->dealer];
                    fixed = true;
                }
                want_n = fixed ? order : (ev->n == 2 || ev->n == 3 ? ev->n
                                                                   : 2);
            } else {
                want_n = k < 2 ? first : 5 - first;
            }
            v->packet_departs = !d->departed &&
                                (k >= 4 || ev->target != want_to ||
                                 ev->n != want_n);
        }
        break;
    case EV_PACKETS:
        if (s->deal_on) {
            v->packets_notice_ok = d->phase == PH_SHUFFLE && !d->cut_done &&
                                   ev->actor == d->dealer;
        } else {
            v->packets_notice_ok = ev->actor == right_dealer(s) ||
                                   right_dealer(s) == SEAT_NONE;
        }
        /* only at the start of a game, before its first deal by him */
        v->packets_notice_ok = v->packets_notice_ok &&
                               s->order_game[(int)ev->actor] != s->game_no;
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
        if (d->to_play == ev->actor && d->trick_no > 0 &&
            ev->n_cards == 1 && ev->cards[0] < CARD_COUNT) {
            uint32_t hand = d->z.known[Z_HAND(ev->actor)] |
                            CARD_BIT(ev->cards[0]);
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
                                tr->leader == ev->actor &&
                                d->lead_out_of_turn;
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
    case EV_MARK:
        v->mark_in_window =
            !(s->deal_on && d->trump != SUIT_NONE && !d->over);
        break;
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
    if ((ev->kind == EV_LEAD || ev->kind == EV_PLAY ||
         ev->kind == EV_SHOW || ev->kind == EV_CLAIM) &&
        ev->actor != SEAT_NONE && d->trick_no > 0) {
        for (int i = 0; i < ev->n_cards; i++) {
            if (ev->cards[i] == CARD_UNKNOWN) {
                continue;
            }
            if (revoke_evidence(c, ev->actor, ev->cards[i]) >= 0) {
                v->revoke_proven = true;
                v->revoke_offender = ev->actor;
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* Asking the laws                                                      */
/* ------------------------------------------------------------------ */

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

/* ask_laws - every penalty law woken by the event and engaged gives a
 * ruling into out (up to max).  Returns how many. */
static int ask_laws(struct ctx *c, const struct law_view *v,
                    struct ruling *out, int max)
{
    int n = 0;

    for (int l = 0; l < LAW_COUNT && n < max; l++) {
        const struct law *row = laws_get((enum law_id)l);
        int offender;
        int elector;

        if (row->kind != LAW_KIND_PENALTY ||
            !(row->trigger & EV_BIT(c->ev->kind)) ||
            !row->applies(v, c->ev)) {
            continue;
        }
        offender = role_seat(c, row->offender, SEAT_NONE);
        elector = role_seat(c, row->elector, offender);
        make_ruling(&out[n], (enum law_id)l, offender, elector);
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

/* ------------------------------------------------------------------ */
/* Handlers: one per kind of event                                      */
/* ------------------------------------------------------------------ */

static int need_actor(struct ctx *c, int seat, const char *who)
{
    if (c->ev->actor != seat) {
        return fail(c, ARB_E_ORDER, "expected %s (%c) as the actor of "
                    "\"%s\", found %c",
                    who, seat_letter(seat), event_verb(c->ev->kind),
                    seat_letter(c->ev->actor));
    }
    return 0;
}

static int need_deal(struct ctx *c)
{
    if (!c->s->deal_on || c->d->over) {
        return fail(c, ARB_E_ORDER,
                    "expected a deal line first, found \"%s\" with no hand "
                    "in progress",
                    event_verb(c->ev->kind));
    }
    return 0;
}

/* implied_redeal - after a void deal the same dealer deals again; a
 * shuffle, cut or packet may begin the new deal without a deal line. */
static void implied_redeal(struct ctx *c)
{
    struct table_state *s = c->s;

    if (!s->deal_on && c->d->is_void && s->next_dealer != SEAT_NONE &&
        !s->game_over) {
        int dealer = s->next_dealer;

        close_last_deal(c);
        begin_deal(c, dealer, own_pack(s, dealer));
        note(c, "deal %d: %c deals again after the void deal", c->d->number,
             seat_letter(dealer));
    }
}

static int on_game(struct ctx *c)
{
    struct table_state *s = c->s;

    if (s->deal_on && !c->d->over) {
        return fail(c, ARB_E_ORDER,
                    "expected the rest of the hand or \"end\", found game");
    }
    close_last_deal(c);
    if (s->game_on && !s->game_over && s->game_no > 0 &&
        (s->score[0] != 0 || s->score[1] != 0)) {
        note(c, "game %d left unfinished at A %d B %d", s->game_no,
             s->score[0], s->score[1]);
    }
    start_game(c);
    c->d->phase = c->d->phase == PH_CUT_FOR_DEAL ? PH_CUT_FOR_DEAL : PH_IDLE;
    return 0;
}

static int on_score(struct ctx *c)
{
    struct table_state *s = c->s;

    if (s->deal_on && !c->d->over) {
        return fail(c, ARB_E_ORDER,
                    "expected the score to be set between deals, found it "
                    "in the middle of a hand");
    }
    if (c->ev->score[0] >= s->prof.target ||
        c->ev->score[1] >= s->prof.target) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected points below the target %d, found A %d B %d",
                    s->prof.target, c->ev->score[0], c->ev->score[1]);
    }
    if (!s->game_on) {
        close_last_deal(c);
        start_game(c);
    }
    s->score[0] = c->ev->score[0];
    s->score[1] = c->ev->score[1];
    c->res->score_changed = true;
    return 0;
}

static int on_cut_for_deal(struct ctx *c, const struct ruling *rs, int n)
{
    struct table_state *s = c->s;
    const struct table_event *ev = c->ev;
    uint8_t a;
    uint8_t b;

    if (s->deal_no > 0) {
        return fail(c, ARB_E_ORDER,
                    "expected the cut for deal before the first deal, found "
                    "it after deal %d",
                    s->deal_no);
    }
    for (int i = 0; i < n; i++) {
        if (rs[i].law == LAW_4) {
            return 0;           /* recut: this cut does not count */
        }
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected the card shown in the cut, found ??");
    }
    s->cut_card[(int)ev->actor] = ev->cards[0];
    a = s->cut_card[0];
    b = s->cut_card[1];
    if (a == CARD_NONE || b == CARD_NONE) {
        return 0;
    }
    if (CARD_RANK(a) == CARD_RANK(b)) {
        s->cut_card[0] = s->cut_card[1] = CARD_NONE;   /* L5: cut again */
        return 0;
    }
    s->cut_winner = CARD_RANK(a) < CARD_RANK(b) ? SEAT_A : SEAT_B;
    s->cut_for_deal_done = true;
    note(c, "%c cuts the higher card and deals first (L5)",
         seat_letter(s->cut_winner));
    return 0;
}

static int on_deal(struct ctx *c, const struct law_view *v,
                   const struct ruling *rs, int n)
{
    struct table_state *s = c->s;
    const struct table_event *ev = c->ev;
    bool correction = false;
    int v_right_dealer = v->right_dealer;

    for (int i = 0; i < c->d->n_pending; i++) {
        if (c->d->pending[i].r.law == LAW_14) {
            correction = true;
        }
    }
    if (correction) {
        /* L14: the deal out of turn, found before the turn-up, is void */
        struct ruling r;

        make_ruling(&r, LAW_14, c->d->dealer, SEAT_NONE);
        r.remedy = REM_NEW_DEAL;
        snprintf(r.note, sizeof(r.note),
                 "the deal out of turn is void before the turn-up; the right "
                 "player deals with the right pack");
        add_ruling(c, &r);
        void_deal(c);
        s->next_dealer = (int8_t)v_right_dealer;
    } else if (s->deal_on && !c->d->over) {
        return fail(c, ARB_E_ORDER,
                    "expected the rest of the hand or \"end\", found a new "
                    "deal");
    }
    close_last_deal(c);
    if (!s->game_on) {
        if (s->game_over) {
            note(c, "a new game begins (game %d)", s->game_no + 1);
        }
        start_game(c);
    }
    begin_deal(c, ev->actor, (ev->flags & EVF_PACK) ? ev->target : ev->actor);
    for (int i = 0; i < n; i++) {
        if (rs[i].law == LAW_14) {
            struct pending *p = push_pending(c, &rs[i]);

            p->seat = (int8_t)v_right_dealer;
        }
    }
    return 0;
}

static int on_shuffle(struct ctx *c)
{
    struct deal_state *d = c->d;

    implied_redeal(c);
    if (!c->s->deal_on) {
        /* shuffling before the deal line: allowed, nothing to keep */
        return 0;
    }
    if (d->phase != PH_SHUFFLE) {
        return 0;               /* L2 rules on a shuffle during play */
    }
    d->last_shuffler = c->ev->actor;
    d->cut_done = false;
    return 0;
}

static int on_cut(struct ctx *c)
{
    struct deal_state *d = c->d;
    int rc;

    implied_redeal(c);
    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (d->phase != PH_SHUFFLE) {
        return fail(c, ARB_E_ORDER,
                    "expected the cut before the deal, found it after the "
                    "cards were given");
    }
    if (!c->not_allowed) {
        d->cut_done = true;
    }
    return 0;
}

static int on_packets(struct ctx *c)
{
    struct table_state *s = c->s;

    if (c->not_allowed) {
        return 0;
    }
    s->notice[(int)c->ev->actor] = c->ev->option;
    return 0;
}

/* give_cards - move the event's cards (or n unknown ones) from zone from
 * to zone to; remembers the last cards given to a hand.  Unnamed cards
 * leaving a hand could be any of its cards: the hand's known cards are no
 * longer known to be there (they may be among those that left). */
static int give_cards(struct ctx *c, enum zone from, enum zone to, int n)
{
    const struct table_event *ev = c->ev;
    char why[200];

    if ((from == Z_HAND_A || from == Z_HAND_B) && n > 0) {
        uint32_t named = 0;
        int unnamed = ev->n_cards == 0 ? n : 0;

        for (int i = 0; i < ev->n_cards; i++) {
            if (ev->cards[i] == CARD_UNKNOWN) {
                unnamed++;
            } else {
                named |= CARD_BIT(ev->cards[i]);
            }
        }
        if (unnamed > 0) {
            uint32_t kept = c->d->z.known[from] & named;
            uint32_t loose = c->d->z.known[from] & ~named;

            if (unnamed >= c->d->z.count[from] - cards_count(kept)) {
                /* every other card leaves too: the known ones with them */
                c->d->z.known[to] |= loose;
            }
            c->d->z.known[from] = kept;
        }
    }

    for (int i = 0; i < n; i++) {
        uint8_t k = ev->n_cards > 0 ? ev->cards[i] : CARD_UNKNOWN;
        int rc = arbiter__move(&c->d->z, k, from, to, why, sizeof(why));

        if (rc != 0) {
            return fail(c, rc, "%s", why);
        }
        if (to == Z_HAND_A || to == Z_HAND_B) {
            int s = to - Z_HAND_A;
            int8_t *nl = &c->d->n_last_given[s];

            if (*nl < 5) {
                c->d->last_given[s][(int)(*nl)++] = k;
            } else {
                memmove(&c->d->last_given[s][0], &c->d->last_given[s][1], 4);
                c->d->last_given[s][4] = k;
            }
            if (k == CARD_UNKNOWN && c->d->announced == s) {
                c->d->unknown_in_after_ann = true;
            }
        }
    }
    return 0;
}

/* dealer_gives - a `gives` line must come from the dealer, and there must
 * be as many cards left in the pile (named pile in the message). */
static int dealer_gives(struct ctx *c, const char *pile)
{
    int rc = need_actor(c, c->d->dealer, "the dealer");

    if (rc != 0) {
        return rc;
    }
    if (c->ev->n > c->d->z.count[Z_STOCK]) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected at most %d cards (left in %s), found %d",
                    c->d->z.count[Z_STOCK], pile, c->ev->n);
    }
    return 0;
}

static int on_give_deal(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    if ((rc = dealer_gives(c, "the pack")) != 0) {
        return rc;
    }
    if ((rc = give_cards(c, Z_STOCK, Z_HAND(ev->target), ev->n)) != 0) {
        return rc;
    }
    if (d->n_packets == 0) {
        struct table_state *s = c->s;
        int dl = d->dealer;

        /* the order in force for this dealer: adopted at his first deal of
         * a game, or changed by notice (L8) */
        if (s->notice[dl] != 0) {
            s->order[dl] = s->notice[dl];
            s->order_game[dl] = s->game_no;
            s->notice[dl] = 0;
        } else if (s->order[dl] == 0 && ev->target == d->elder &&
                   (ev->n == 2 || ev->n == 3)) {
            s->order[dl] = (int8_t)ev->n;
            s->order_game[dl] = s->game_no;
        } else if (s->order_game[dl] != s->game_no && s->order[dl] != 0) {
            s->order_game[dl] = s->game_no;
        }
    }
    if (d->n_packets < 8) {
        d->packet_to[(int)d->n_packets] = ev->target;
        d->packet_n[(int)d->n_packets] = (int8_t)ev->n;
    }
    d->n_packets++;
    d->phase = PH_DEAL;
    return 0;
}

/* end_exchange - the exchange in hand is complete: back to elder hand's
 * decision.  Checks the dealer's minimum exchange (LAWS.md 5.7). */
static int end_exchange(struct ctx *c)
{
    struct deal_state *d = c->d;
    int dl = d->dealer;

    if (d->phase != PH_EXCHANGE) {
        return 0;
    }
    if (d->served[(int)d->elder] == 0 && d->asked != 0) {
        return fail(c, ARB_E_ORDER,
                    "expected elder hand to be served the %d cards he "
                    "asked for, found %s",
                    d->asked, event_verb(c->ev->kind));
    }
    if (d->served[dl] < c->s->prof.dealer_min_exchange &&
        d->z.count[Z_STOCK] > 0 && d->discarded[dl] <= 0) {
        return fail(c, ARB_E_ORDER,
                    "expected the dealer to take at least %d card (LAWS.md "
                    "5.7, dealer-min-exchange=%d), found %s",
                    c->s->prof.dealer_min_exchange,
                    c->s->prof.dealer_min_exchange,
                    event_verb(c->ev->kind));
    }
    d->phase = PH_TURNED;
    d->exchanged = true;
    return 0;
}

static int on_give_exchange(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    if ((rc = dealer_gives(c, "the stock")) != 0) {
        return rc;
    }
    if (d->served[(int)ev->target] == 0 && ev->target == d->elder) {
        d->stock_at_serve = (int8_t)d->z.count[Z_STOCK];
    }
    if (d->owed.kind == OWED_COMPLETE && d->owed.seat == ev->target) {
        if (ev->n != d->owed.n) {
            return fail(c, ARB_E_ORDER,
                        "expected %d cards to complete %c's hand (%s), found "
                        "%d",
                        d->owed.n, seat_letter(ev->target),
                        laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        return give_cards(c, Z_STOCK, Z_HAND(ev->target), ev->n);
    }
    if ((rc = give_cards(c, Z_STOCK, Z_HAND(ev->target), ev->n)) != 0) {
        return rc;
    }
    d->served[(int)ev->target] = (int8_t)(d->served[(int)ev->target] + ev->n);
    if (d->exchange_turned && ev->target == d->elder) {
        d->exchange_turned = false;
    }
    return 0;
}

static int on_give(struct ctx *c)
{
    struct deal_state *d = c->d;

    implied_redeal(c);
    if (need_deal(c) != 0) {
        return ARB_E_ORDER;
    }
    if (d->owed.kind == OWED_COMPLETE) {
        return on_give_exchange(c);
    }
    switch (d->phase) {
    case PH_SHUFFLE:
    case PH_DEAL:
        return on_give_deal(c);
    case PH_EXCHANGE:
        return on_give_exchange(c);
    default:
        return fail(c, ARB_E_ORDER,
                    "expected cards to be given during the deal or the "
                    "exchange, found them in the %s",
                    phase_name(d->phase));
    }
}

static int on_expose(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    char text[CARD_TEXT_MAX];
    int at;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return fail(c, ARB_E_IMPOSSIBLE, "expected the exposed card, found ??");
    }
    at = arbiter__locate(&d->z, ev->cards[0]);
    if (at >= 0 && at != Z_HAND(ev->target) && at != Z_STOCK) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected a card of the pack, found %s, which is in %s "
                    "(card conservation)",
                    cardtext(ev->cards[0], text),
                    arbiter__zone_name((enum zone)at));
    }
    return 0;
}

static int on_turn(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;
    const struct table_event *ev = c->ev;
    char why[200];
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if ((rc = need_actor(c, d->dealer, "the dealer")) != 0) {
        return rc;
    }
    for (int i = 0; i < ev->n_cards; i++) {
        if (ev->cards[i] == CARD_UNKNOWN) {
            return fail(c, ARB_E_IMPOSSIBLE,
                        "expected the card turned up, found ??");
        }
    }
    if (d->phase == PH_SHUFFLE || d->phase == PH_DEAL) {
        for (int i = 0; i < ev->n_cards; i++) {
            rc = arbiter__move(&d->z, ev->cards[i], Z_STOCK, Z_TURN_UP, why,
                               sizeof(why));
            if (rc != 0) {
                return fail(c, rc, "%s", why);
            }
            if (d->n_turned < 4) {
                d->turned[(int)d->n_turned++] = ev->cards[i];
            }
        }
        /* L22: the last deal's window shuts */
        s->lost_king_dealer = s->prev_king_dealer;
        s->prev_king_dealer = SEAT_NONE;
        d->phase = PH_TURNED;
        if (ev->n_cards == 1) {
            d->turn_up = ev->cards[0];
            d->trump = (int8_t)CARD_SUIT(ev->cards[0]);
            d->king_turned = CARD_RANK(ev->cards[0]) == RANK_KING;
            if (d->rectified && d->king_turned &&
                s->prof.rule19_after_rectify) {
                d->king_barred = true;
            }
        }
        for (int k = 0; k < 2; k++) {
            if (d->z.count[Z_HAND(k)] != 5) {
                note(c, "%c holds %d cards at the turn-up (L9, L15-L18 "
                        "when found)",
                     seat_letter(k), d->z.count[Z_HAND(k)]);
            }
        }
        return 0;
    }
    if (d->phase == PH_EXCHANGE || (d->phase == PH_TURNED && d->exchanged) ||
        d->phase == PH_TURNED) {
        /* L37: a stock card turned during the exchange */
        (void)rs;
        (void)n;
        if (ev->n_cards != 1) {
            return fail(c, ARB_E_IMPOSSIBLE,
                        "expected one card turned from the stock, found %d",
                        ev->n_cards);
        }
        rc = arbiter__move(&d->z, ev->cards[0], Z_STOCK, Z_STOCK, why,
                           sizeof(why));
        if (rc != 0) {
            return fail(c, rc, "%s", why);
        }
        d->exchange_turned = true;
        d->exchange_card = ev->cards[0];
        return 0;
    }
    return fail(c, ARB_E_ORDER,
                "expected the turn-up after the deal, found it in the %s",
                phase_name(d->phase));
}

static int on_look(struct ctx *c)
{
    if (!c->s->deal_on) {
        return fail(c, ARB_E_ORDER, "expected a deal, found looks");
    }
    c->d->looked[(int)c->ev->actor] = true;
    return 0;
}

static int on_mark_king(struct ctx *c, const struct law_view *v)
{
    struct table_state *s = c->s;
    struct deal_state *d = c->d;
    int x = c->ev->actor;

    if (c->not_allowed || v->mark != MARK_OK) {
        return 0;
    }
    if (d->king_turned && d->trump != SUIT_NONE && !d->is_void &&
        (s->deal_on || d->over)) {
        if (d->over && s->game_over && s->game_winner != x) {
            /* LAWS.md 6.9: counts for the loser's total, not the game */
            int cap_at = s->prof.target - 1;
            int before = s->score[x];

            s->score[x] = s->score[x] + 1 > cap_at ? cap_at : s->score[x] + 1;
            d->king_marked = true;
            d->points[x] = (int8_t)(d->points[x] + (s->score[x] - before));
            c->res->score_changed = true;
            c->res->game_over = true;
            c->res->game.number = s->game_no;
            c->res->game.winner = s->game_winner;
            c->res->game.points[0] = s->score[0];
            c->res->game.points[1] = s->score[1];
            c->res->game.value =
                game_value(&s->prof, s->score[SEAT_OTHER(s->game_winner)]);
            c->res->game.games_won[0] = s->games_won[0];
            c->res->game.games_won[1] = s->games_won[1];
            note(c, "late mark after the game was won: it counts for the "
                    "loser's total only (LAWS.md 6.9)");
            return 0;
        }
        d->king_marked = true;
        award(c, x, 1);
        return 0;
    }
    /* the previous deal's turned king, before this deal's turn-up */
    s->prev_king_dealer = SEAT_NONE;
    if (s->prev_king_game == s->game_no && !s->game_over) {
        award(c, x, 1);
        c->d->points[x]--;      /* it belongs to the previous deal */
    } else if (s->prev_king_game == s->game_no && s->game_over) {
        int cap_at = s->prof.target - 1;

        if (s->game_winner != x && s->score[x] < cap_at) {
            s->score[x]++;
            c->res->score_changed = true;
        }
        note(c, "late mark after the game was won: it counts for the "
                "loser's total only (LAWS.md 6.9)");
        c->res->game_over = true;
        c->res->game.number = s->game_no;
        c->res->game.winner = s->game_winner;
        c->res->game.points[0] = s->score[0];
        c->res->game.points[1] = s->score[1];
        c->res->game.value =
            game_value(&s->prof, s->score[SEAT_OTHER(s->game_winner)]);
    } else {
        note(c, "the mark belongs to game %d, already over",
             s->prev_king_game);
    }
    return 0;
}

static int on_announce(struct ctx *c, const struct law_view *v)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (d->trump == SUIT_NONE) {
        return fail(c, ARB_E_ORDER,
                    "expected the turn-up before the king is announced, "
                    "found announces");
    }
    if (c->not_allowed ||
        (v->announce != ANN_OK && v->announce != ANN_OK_24)) {
        return 0;
    }
    d->announced = (int8_t)x;
    d->announced_played = d->played[x];
    d->ann_false_at_time =
        d->z.count[Z_HAND(x)] == cards_count(d->z.known[Z_HAND(x)]) &&
        !(d->z.known[Z_HAND(x)] & CARD_BIT(CARD_MAKE(d->trump, RANK_KING))) &&
        !played_by(d, x, CARD_MAKE(d->trump, RANK_KING));
    d->announce_withdrawn = false;
    d->announce_ruled = false;
    d->unknown_in_after_ann = false;
    award(c, x, 1);
    return 0;
}

static int on_withdraw(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;

    if (d->announced != x || d->announce_withdrawn) {
        return fail(c, ARB_E_ORDER,
                    "expected an announcement of the king by %c to withdraw, "
                    "found none",
                    seat_letter(x));
    }
    if (d->played[x] > d->announced_played) {
        return fail(c, ARB_E_ORDER,
                    "expected the withdrawal before %c's next card (L25), "
                    "found it after",
                    seat_letter(x));
    }
    d->announce_withdrawn = true;
    d->announced = SEAT_NONE;
    award(c, x, -1);
    return 0;
}

/* elder_decides - elder hand proposes or stands: a hand in progress, his
 * turn, and an exchange in hand completed first. */
static int elder_decides(struct ctx *c)
{
    int rc = need_deal(c);

    if (rc == 0) {
        rc = need_actor(c, c->d->elder, "elder hand");
    }
    if (rc == 0 && !c->not_allowed && c->d->phase == PH_EXCHANGE) {
        rc = end_exchange(c);
    }
    return rc;
}

static int on_propose(struct ctx *c)
{
    struct deal_state *d = c->d;
    int rc;

    if ((rc = elder_decides(c)) != 0) {
        return rc;
    }
    if (d->phase != PH_TURNED) {
        return fail(c, ARB_E_ORDER,
                    "expected a proposal after the turn-up and before play, "
                    "found it in the %s",
                    phase_name(d->phase));
    }
    if (d->z.count[Z_STOCK] == 0) {
        return fail(c, ARB_E_ORDER,
                    "expected elder hand to play: the stock is exhausted "
                    "(L38), found proposes");
    }
    d->proposals++;
    d->answered = false;
    d->looked[(int)d->elder] = true;
    d->phase = PH_PROPOSED;
    return 0;
}

static int begin_play(struct ctx *c)
{
    struct deal_state *d = c->d;

    d->phase = PH_PLAY;
    d->leader = d->elder;
    d->to_play = d->elder;
    d->looked[(int)d->elder] = true;
    if (d->exchange_turned) {
        /* L37 READING: elder hand did not propose again: set aside */
        char why[200];

        if (arbiter__move(&d->z, d->exchange_card, Z_STOCK, Z_ASIDE, why,
                          sizeof(why)) != 0) {
            return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
        d->exchange_turned = false;
    }
    return 0;
}

static int on_stand(struct ctx *c)
{
    struct deal_state *d = c->d;
    int rc;

    if ((rc = elder_decides(c)) != 0) {
        return rc;
    }
    if (c->not_allowed) {
        return 0;
    }
    if (d->phase != PH_TURNED) {
        return fail(c, ARB_E_ORDER,
                    "expected elder hand to stand after the turn-up, found "
                    "stands in the %s",
                    phase_name(d->phase));
    }
    if (d->proposals == 0) {
        d->first = FIRST_STOOD;
    }
    return begin_play(c);
}

static int on_answer(struct ctx *c, bool accept)
{
    struct deal_state *d = c->d;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (c->not_allowed) {
        return 0;
    }
    if ((rc = need_actor(c, d->dealer, "the dealer")) != 0) {
        return rc;
    }
    if (d->phase != PH_PROPOSED) {
        return fail(c, ARB_E_ORDER,
                    "expected a proposal to answer, found %s in the %s",
                    event_verb(c->ev->kind), phase_name(d->phase));
    }
    d->answered = true;
    d->looked[(int)d->dealer] = true;
    if (!accept) {
        if (d->proposals == 1) {
            d->first = FIRST_REFUSED;
        }
        return begin_play(c);
    }
    if (d->proposals == 1) {
        d->first = FIRST_ACCEPTED;
    }
    d->if_enough = (c->ev->flags & EVF_IF_ENOUGH) != 0;
    d->phase = PH_EXCHANGE;
    d->discarded[0] = d->discarded[1] = -1;
    d->served[0] = d->served[1] = 0;
    d->serve_checked[0] = d->serve_checked[1] = false;
    d->asked = -1;
    d->stock_at_serve = (int8_t)d->z.count[Z_STOCK];
    return 0;
}

static int on_discard(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (ev->n > d->z.count[Z_HAND(x)]) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected at most %d cards (in %c's hand), found %d",
                    d->z.count[Z_HAND(x)], seat_letter(x), ev->n);
    }
    if (d->owed.kind == OWED_DISCARD && d->owed.seat == x) {
        if (ev->n != d->owed.n) {
            return fail(c, ARB_E_ORDER,
                        "expected %c to throw out %d cards (%s), found %d",
                        seat_letter(x), d->owed.n,
                        laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        return give_cards(c, Z_HAND(x), Z_ASIDE, ev->n);
    }
    if (d->phase != PH_EXCHANGE) {
        return fail(c, ARB_E_ORDER,
                    "expected discards during an exchange, found them in the "
                    "%s",
                    phase_name(d->phase));
    }
    if (d->discarded[x] >= 0) {
        return fail(c, ARB_E_ORDER,
                    "expected one discard by %c in this exchange, found a "
                    "second",
                    seat_letter(x));
    }
    if (x == d->elder && (ev->n < 1 || ev->n > 5)) {
        return fail(c, ARB_E_ORDER,
                    "expected elder hand to discard 1 to 5 cards, found %d",
                    ev->n);
    }
    if (x == d->dealer && ev->n < c->s->prof.dealer_min_exchange &&
        d->z.count[Z_STOCK] > 0) {
        return fail(c, ARB_E_ORDER,
                    "expected the dealer to take at least %d card (LAWS.md "
                    "5.7, dealer-min-exchange=%d), found %d",
                    c->s->prof.dealer_min_exchange,
                    c->s->prof.dealer_min_exchange, ev->n);
    }
    if (x == d->dealer && d->served[(int)d->elder] > 0) {
        d->serve_checked[(int)d->elder] = true;
    }
    d->discarded[x] = (int8_t)ev->n;
    if (d->announced == x && !d->announce_withdrawn) {
        uint8_t k = CARD_MAKE(d->trump, RANK_KING);

        for (int i = 0; i < ev->n_cards; i++) {
            if (ev->cards[i] == k) {
                note(c, "%c discards the king he announced: the point stands "
                        "(L23 READING), flagged for review",
                     seat_letter(x));
            }
        }
    }
    return give_cards(c, Z_HAND(x), Z_DISCARD(x), ev->n);
}

static int on_ask(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if ((rc = need_actor(c, d->elder, "elder hand")) != 0) {
        return rc;
    }
    if (d->phase != PH_EXCHANGE) {
        return fail(c, ARB_E_ORDER,
                    "expected asks after the dealer accepted, found it in the "
                    "%s",
                    phase_name(d->phase));
    }
    if (c->not_allowed) {
        return 0;
    }
    if (ev->n < 1 || ev->n > 5) {
        return fail(c, ARB_E_ORDER, "expected 1 to 5 cards asked, found %d",
                    ev->n);
    }
    d->asked = (int8_t)ev->n;
    for (int i = 0; i < n; i++) {
        if (rs[i].law == LAW_38 && d->if_enough) {
            /* L38 READING: the conditional acceptance lapses: play begins
             * as after a refusal, without the L49 extra point */
            int e = d->elder;
            char why[200];

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
                    return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
                }
            }
            if (d->proposals == 1) {
                d->first = FIRST_LAPSED;
            }
            return begin_play(c);
        }
    }
    return 0;
}

static int on_draw(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (d->owed.kind == OWED_DRAW_FROM && d->owed.seat == x) {
        if (ev->n != d->owed.n) {
            return fail(c, ARB_E_ORDER,
                        "expected %c to draw %d cards (%s), found %d",
                        seat_letter(x), d->owed.n,
                        laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        return give_cards(c, Z_HAND(SEAT_OTHER(x)), Z_ASIDE, ev->n);
    }
    if (d->owed.kind == OWED_COMPLETE && d->owed.seat == x) {
        if (ev->n != d->owed.n) {
            return fail(c, ARB_E_ORDER,
                        "expected %c to take %d cards (%s), found %d",
                        seat_letter(x), d->owed.n,
                        laws_get((enum law_id)d->owed.law)->id, ev->n);
        }
        d->owed.kind = OWED_NONE;
        return give_cards(c, Z_STOCK, Z_HAND(x), ev->n);
    }
    if (d->phase != PH_EXCHANGE) {
        return fail(c, ARB_E_ORDER,
                    "expected draws during the exchange or to carry out a "
                    "ruling, found it in the %s",
                    phase_name(d->phase));
    }
    if (ev->n > d->z.count[Z_STOCK]) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected at most %d cards (left in the stock), found %d",
                    d->z.count[Z_STOCK], ev->n);
    }
    if ((rc = give_cards(c, Z_STOCK, Z_HAND(x), ev->n)) != 0) {
        return rc;
    }
    d->served[x] = (int8_t)(d->served[x] + ev->n);
    return 0;
}

/* snapshot - the hands as they stand at the first trick (for a replay). */
static void snapshot(struct deal_state *d)
{
    for (int k = 0; k < 2; k++) {
        d->snap_known[k] = d->z.known[Z_HAND(k)];
        d->snap_count[k] = d->z.count[Z_HAND(k)];
    }
    d->snapped = true;
}

/* credit_short - a hand with no card left cannot play: the tricks it
 * cannot play to go to the other (L21, L30, L34 SHORT_HAND_TRICKS). */
static void credit_short(struct ctx *c)
{
    struct deal_state *d = c->d;
    int done = d->tricks[0] + d->tricks[1] + d->credited[0] + d->credited[1];

    if (d->phase != PH_PLAY || d->over || done >= 5) {
        return;
    }
    if (d->trick_no > 0 && d->tricks_rec[d->trick_no - 1].follow ==
                               CARD_NONE) {
        return;                 /* a trick is open */
    }
    for (int k = 0; k < 2; k++) {
        if (d->z.count[Z_HAND(k)] == 0 && d->z.count[Z_HAND(1 - k)] > 0) {
            int left = 5 - done;

            d->credited[1 - k] = (int8_t)(d->credited[1 - k] + left);
            note(c, "%c has no card left: %d trick(s) credited to %c "
                    "(short hand)",
                 seat_letter(k), left, seat_letter(1 - k));
            finish_hand(c);
            return;
        }
    }
    if (d->z.count[Z_HAND_A] == 0 && d->z.count[Z_HAND_B] == 0) {
        finish_hand(c);
    }
}

/* card_out - seat has played card k (a lead or a reply): his first card
 * of the hand is remembered for the king windows of L23 and L24. */
static void card_out(struct deal_state *d, int seat, uint8_t k)
{
    if (d->played[seat] == 0) {
        d->first_card[seat] = (int8_t)k;
    }
    d->played[seat]++;
}

/* trick_done - a trick is complete: the hand ends after the fifth,
 * otherwise a hand left without cards concedes the rest. */
static void trick_done(struct ctx *c)
{
    const struct deal_state *d = c->d;

    if (d->tricks[0] + d->tricks[1] + d->credited[0] + d->credited[1] >= 5) {
        finish_hand(c);
    } else {
        credit_short(c);
    }
}

static int on_lead(struct ctx *c, const struct ruling *rs, int n)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    char why[200];
    char text[CARD_TEXT_MAX];
    int rc;

    (void)rs;
    (void)n;
    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return fail(c, ARB_E_IMPOSSIBLE, "expected the card led, found ??");
    }
    if (d->phase == PH_EXCHANGE && (rc = end_exchange(c)) != 0) {
        return rc;
    }
    if (d->phase == PH_TURNED) {
        /* the first lead, by elder hand; by the dealer it is a lead out of
         * turn (L40) and play has begun all the same */
        if (d->proposals == 0) {
            d->first = FIRST_STOOD;
        }
        if ((rc = begin_play(c)) != 0) {
            return rc;
        }
    }
    if (d->phase != PH_PLAY) {
        return fail(c, ARB_E_ORDER,
                    "expected a lead in the play, found it in the %s",
                    phase_name(d->phase));
    }
    if (d->trick_no > 0 &&
        d->tricks_rec[d->trick_no - 1].follow == CARD_NONE) {
        return fail(c, ARB_E_ORDER,
                    "expected %c to play to %s, found a new lead",
                    seat_letter(SEAT_OTHER(d->tricks_rec[d->trick_no - 1]
                                               .leader)),
                    cardtext(d->tricks_rec[d->trick_no - 1].lead, text));
    }
    if (d->trick_no >= 5) {
        return fail(c, ARB_E_ORDER,
                    "expected the hand to be over after five tricks, found a "
                    "sixth lead");
    }
    if (d->called_suit != SUIT_NONE && x == d->leader) {
        uint32_t hand = d->z.known[Z_HAND(x)];

        if (ev->cards[0] < CARD_COUNT &&
            CARD_SUIT(ev->cards[0]) != d->called_suit &&
            (hand & SUIT_MASK(d->called_suit)) != 0) {
            return fail(c, ARB_E_PENDING,
                        "expected a %c led, as the adversary required under "
                        "L41, found %s",
                        suit_letter(d->called_suit),
                        cardtext(ev->cards[0], text));
        }
        d->called_suit = SUIT_NONE;
    }
    if (!d->snapped) {
        snapshot(d);
    }
    rc = arbiter__move(&d->z, ev->cards[0], Z_HAND(x), Z_TRICKS, why,
                       sizeof(why));
    if (rc != 0) {
        return fail(c, rc, "%s", why);
    }
    d->lead_out_of_turn = x != d->leader;
    d->play_offence_card = CARD_NONE;
    struct trick_rec *tr = &d->tricks_rec[(int)d->trick_no++];
    tr->leader = (int8_t)x;
    tr->lead = ev->cards[0];
    tr->follow = CARD_NONE;
    tr->winner = SEAT_NONE;
    tr->offence = false;
    d->leader = (int8_t)x;
    d->to_play = (int8_t)SEAT_OTHER(x);
    card_out(d, x, ev->cards[0]);
    if (d->z.count[Z_HAND(SEAT_OTHER(x))] == 0) {
        /* the follower has nothing to play: the trick is the leader's */
        tr->follow = CARD_NONE;
        tr->winner = (int8_t)x;
        d->credited[x]++;
        d->tricks_rec[d->trick_no - 1].follow = CARD_UNKNOWN;
        note(c, "%c has no card to play: the trick goes to %c (short hand)",
             seat_letter(SEAT_OTHER(x)), seat_letter(x));
        d->to_play = (int8_t)x;
        trick_done(c);
    }
    return 0;
}

static int on_play(struct ctx *c, const struct law_view *v)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    char why[200];
    char text[CARD_TEXT_MAX];
    struct trick_rec *tr;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (ev->cards[0] == CARD_UNKNOWN) {
        return fail(c, ARB_E_IMPOSSIBLE, "expected the card played, found ??");
    }
    if (d->phase != PH_PLAY || d->trick_no == 0 ||
        d->tricks_rec[d->trick_no - 1].follow != CARD_NONE) {
        return fail(c, ARB_E_ORDER,
                    "expected a lead before a card is played to it, found %c "
                    "plays %s",
                    seat_letter(x), cardtext(ev->cards[0], text));
    }
    tr = &d->tricks_rec[d->trick_no - 1];
    if (x == tr->leader) {
        return fail(c, ARB_E_ORDER,
                    "expected %c to play to %s, found %c plays",
                    seat_letter(SEAT_OTHER(x)), cardtext(tr->lead, text),
                    seat_letter(x));
    }
    tr->follower_known = d->z.known[Z_HAND(x)];
    rc = arbiter__move(&d->z, ev->cards[0], Z_HAND(x), Z_TRICKS, why,
                       sizeof(why));
    if (rc != 0) {
        return fail(c, rc, "%s", why);
    }
    tr->follow = ev->cards[0];
    tr->winner = card_beats(tr->lead, tr->follow, d->trump) ? (int8_t)x
                                                            : tr->leader;
    d->tricks[(int)tr->winner]++;
    d->leader = tr->winner;
    d->to_play = tr->winner;
    d->play_offence_card = v->play_illegal ? ev->cards[0] : CARD_NONE;
    if (v->play_illegal) {
        tr->offence = true;
    }
    card_out(d, x, ev->cards[0]);
    d->lead_out_of_turn = false;
    trick_done(c);
    return 0;
}

static int on_take_back(struct ctx *c, const struct law_view *v)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int x = ev->actor;
    char why[200];
    struct trick_rec *tr;
    int rc;

    if (c->not_allowed) {
        return 0;
    }
    if (!v->take_back_ok && !v->take_back_lead) {
        return 0;
    }
    tr = &d->tricks_rec[d->trick_no - 1];
    rc = arbiter__move(&d->z, ev->cards[0], Z_TRICKS, Z_HAND(x), why,
                       sizeof(why));
    if (rc != 0) {
        return fail(c, rc, "%s", why);
    }
    d->played[x]--;
    if (d->played[x] == 0) {
        d->first_card[x] = (int8_t)-1;
    }
    if (v->take_back_lead) {
        /* L40: the lead out of turn goes back; the right player leads */
        d->trick_no--;
        d->leader = (int8_t)SEAT_OTHER(x);
        d->to_play = d->leader;
        d->lead_out_of_turn = false;
        return 0;
    }
    /* L39: the follower corrects his card before the next lead */
    if (d->over) {
        d->over = false;
        d->phase = PH_PLAY;
        c->s->deal_on = true;
        c->res->deal_over = false;
        if (d->scored) {
            int w;
            int pts = hand_points(c, &w);

            if (w != SEAT_NONE) {
                c->s->score[w] -= pts;
                d->points[w] = (int8_t)(d->points[w] - pts);
                c->res->score_changed = true;
            }
            d->scored = false;
        }
    }
    d->tricks[(int)tr->winner]--;
    tr->follow = CARD_NONE;
    tr->winner = SEAT_NONE;
    tr->offence = false;
    d->leader = tr->leader;
    d->to_play = (int8_t)x;
    d->play_offence_card = CARD_NONE;
    for (int i = d->n_pending - 1; i >= 0; i--) {
        if (d->pending[i].r.law == LAW_43 &&
            d->pending[i].trick == d->trick_no - 1) {
            drop_pending(d, i);
            d->capped[x] = false;
            for (int j = 0; j < d->n_pending; j++) {
                if ((d->pending[j].r.law == LAW_43 ||
                     d->pending[j].r.law == LAW_25) &&
                    d->pending[j].r.offender == x) {
                    d->capped[x] = true;
                }
            }
        }
    }
    return 0;
}

static int on_abandon(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;
    int won;
    int other = SEAT_OTHER(x);
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (d->phase < PH_TURNED) {
        return fail(c, ARB_E_ORDER,
                    "expected the turn-up before a hand is thrown up, found "
                    "abandons");
    }
    won = d->tricks[x] + d->credited[x];
    end_hand_now(c);
    if (has_open_claim(d)) {
        d->hold = true;
        note(c, "the points of the hand wait for the election on the "
                "pending ruling");
        return 0;
    }
    d->scored = true;
    if (won >= 3) {
        /* L42 (c): throwing down with three tricks is claiming */
        int pts = 1;
        if ((other == d->elder && d->first == FIRST_STOOD) ||
            (other == d->dealer && d->first == FIRST_REFUSED)) {
            pts = 2;
        }
        if (d->capped[x]) {
            pts--;
        }
        award(c, x, pts);
    } else {
        int pts = won == 0 ? 2 : 1;
        bool extra = (x == d->elder && d->first == FIRST_STOOD) ||
                     (x == d->dealer && d->first == FIRST_REFUSED);

        if (won > 0 && extra && c->s->prof.abandon_extra_point) {
            pts = 2;
        }
        if (d->capped[other]) {
            pts = won == 0 ? 1 : pts - 1;
        }
        award(c, other, pts);
        c->res->penalty[other] += pts;
    }
    report_deal(c);
    return 0;
}

/* reveal - card k is seen in seat's hand (or was played by him). */
static int reveal(struct ctx *c, int seat, uint8_t k)
{
    struct deal_state *d = c->d;
    struct zones *z = &d->z;
    char text[CARD_TEXT_MAX];
    int at;

    if (k == CARD_UNKNOWN) {
        return 0;
    }
    at = arbiter__locate(z, k);
    if (at == Z_HAND(seat) || at == Z_DISCARD(seat)) {
        return 0;
    }
    if (at == Z_TRICKS && played_by(d, seat, k)) {
        return 0;
    }
    if (at < 0 && z->count[Z_HAND(seat)] > cards_count(z->known[Z_HAND(seat)])) {
        z->known[Z_HAND(seat)] |= CARD_BIT(k);
        return 0;
    }
    return fail(c, ARB_E_IMPOSSIBLE,
                "expected a card of %c's hand, found %s, which is %s%s "
                "(card conservation)",
                seat_letter(seat), cardtext(k, text),
                at < 0 ? "not there" : "in ",
                at < 0 ? "" : arbiter__zone_name((enum zone)at));
}

static int on_show(struct ctx *c)
{
    const struct table_event *ev = c->ev;

    if (c->d->dealer == SEAT_NONE) {
        return fail(c, ARB_E_ORDER, "expected a deal, found shows");
    }
    for (int i = 0; i < ev->n_cards; i++) {
        int rc = reveal(c, ev->actor, ev->cards[i]);

        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

static int on_claim(struct ctx *c)
{
    struct deal_state *d = c->d;
    int x = c->ev->actor;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if ((rc = on_show(c)) != 0) {
        return rc;
    }
    if (d->phase != PH_PLAY) {
        return fail(c, ARB_E_ORDER,
                    "expected a claim during the play, found it in the %s",
                    phase_name(d->phase));
    }
    /* L42: claiming is not abandoning; the rest goes to the claimant when
     * the hand is ended without playing it out */
    d->leader = (int8_t)x;
    return 0;
}

static int on_end(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct table_state *s = c->s;

    if (!s->deal_on || d->over) {
        return 0;
    }
    if (d->phase == PH_PLAY) {
        int done = d->tricks[0] + d->tricks[1] + d->credited[0] +
                   d->credited[1];

        note(c, "the deal ends after %d trick(s), before the hand was "
                "played out",
             done);
    }
    end_hand_now(c);
    score_hand(c);
    report_deal(c);
    return 0;
}

static int on_found_faced(struct ctx *c)
{
    struct deal_state *d = c->d;
    char why[200];
    int rc;

    implied_redeal(c);
    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (d->phase == PH_SHUFFLE || d->phase == PH_DEAL) {
        return 0;               /* L12: the deal is void */
    }
    if (c->ev->cards[0] == CARD_UNKNOWN) {
        return fail(c, ARB_E_IMPOSSIBLE, "expected the faced card, found ??");
    }
    /* L35: set aside; the deal stands */
    rc = arbiter__move(&d->z, c->ev->cards[0], Z_STOCK, Z_ASIDE, why,
                       sizeof(why));
    if (rc != 0) {
        return fail(c, rc, "%s", why);
    }
    return 0;
}

static int on_found_holds(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    int rc;

    if ((rc = need_deal(c)) != 0) {
        return rc;
    }
    if (d->z.count[Z_HAND(ev->target)] != ev->n) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected %c to hold %d cards by the record, found %d",
                    seat_letter(ev->target), d->z.count[Z_HAND(ev->target)],
                    ev->n);
    }
    return 0;
}

static int on_mark(struct ctx *c, const struct law_view *v)
{
    if (!c->s->game_on && !c->s->game_over) {
        return fail(c, ARB_E_ORDER, "expected a game in progress, found marks");
    }
    if (c->not_allowed || !v->mark_in_window) {
        return 0;
    }
    award(c, c->ev->actor, c->ev->n);
    return 0;
}

static int on_unmark(struct ctx *c)
{
    struct table_state *s = c->s;
    int x = c->ev->actor;

    if (c->ev->n > s->score[x]) {
        return fail(c, ARB_E_IMPOSSIBLE,
                    "expected at most %d points to take down, found %d",
                    s->score[x], c->ev->n);
    }
    s->score[x] -= c->ev->n;
    c->res->score_changed = true;
    if (s->game_over && s->game_winner == x &&
        s->score[x] < s->prof.target) {
        /* the acknowledged overscore undoes the win (L51) */
        s->game_over = false;
        s->game_on = true;
        s->games_won[x]--;
        s->game_winner = SEAT_NONE;
        note(c, "the overscore taken down: the game is not won after all");
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Elections                                                            */
/* ------------------------------------------------------------------ */

/* replay_hand - restore both hands as they stood at the first trick and
 * play the five tricks again (L25, L43). */
static void replay_hand(struct ctx *c)
{
    struct deal_state *d = c->d;
    struct zones *z = &d->z;

    /* undo the trick points only; king points stay announced */
    if (d->scored) {
        int w;
        int pts = hand_points(c, &w);

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

static int on_elect(struct ctx *c)
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

            return fail(c, ARB_E_ORDER,
                        "expected an election on the pending ruling (%s), "
                        "found %c elects %s",
                        ruling_format(&d->pending[d->n_pending - 1].r, buf,
                                      sizeof(buf)),
                        seat_letter(ev->actor), option_name(
                            (enum law_option)ev->option));
        }
        return fail(c, ARB_E_ORDER,
                    "expected a pending ruling to elect on, found %c elects "
                    "%s",
                    seat_letter(ev->actor),
                    option_name((enum law_option)ev->option));
    }
    p = d->pending[idx];
    drop_pending(d, idx);
    switch (ev->option) {
    case OPT_NEW_DEAL:
        void_deal(c);
        return 0;
    case OPT_RECTIFY: {
        /* L9: the dealer puts the deal right: surplus cards back on the
         * stock, missing ones from it */
        for (int k = 0; k < 2; k++) {
            int over = d->z.count[Z_HAND(k)] - 5;

            while (over > 0) {
                uint8_t card = CARD_UNKNOWN;

                if (d->n_last_given[k] > 0) {
                    card = d->last_given[k][--d->n_last_given[k]];
                }
                if (arbiter__move(&d->z, card, Z_HAND(k), Z_STOCK, why,
                                  sizeof(why)) != 0) {
                    return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
                }
                over--;
            }
            while (d->z.count[Z_HAND(k)] < 5 &&
                   d->phase < PH_TURNED && d->n_packets >= 4) {
                if (arbiter__move(&d->z, CARD_UNKNOWN, Z_STOCK, Z_HAND(k),
                                  why, sizeof(why)) != 0) {
                    return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
                }
            }
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
            return fail(c, ARB_E_ORDER,
                        "expected one of the cards turned, found %s",
                        cardtext(k, text));
        }
        for (int i = 0; i < d->n_turned; i++) {
            if (d->turned[i] != k &&
                arbiter__move(&d->z, d->turned[i], Z_TURN_UP, Z_ASIDE, why,
                              sizeof(why)) != 0) {
                return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
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
                note(c, "%c plays short: the tricks he cannot play to go "
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

                make_ruling(&r, LAW_19, d->dealer, SEAT_NONE);
                snprintf(r.note, sizeof(r.note),
                         "the deal was miscounted and not redealt: the "
                         "dealer may not mark the turned king");
                add_ruling(c, &r);
                d->king_barred = true;
                if (d->king_marked) {
                    d->king_marked = false;
                    award(c, d->dealer, -1);
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
            return fail(c, ARB_E_ORDER,
                        "expected a hand in play to replay, found none");
        }
        replay_hand(c);
        return 0;
    case OPT_STAND:
        if (d->over && !d->scored) {
            bool other_open = has_open_claim(d);

            if (!other_open) {
                score_hand(c);
                report_deal(c);
            }
        }
        return 0;
    case OPT_TAKE:
        return 0;
    case OPT_REFUSE:
        if (p.card != CARD_NONE &&
            arbiter__move(&d->z, p.card, Z_STOCK, Z_ASIDE, why,
                          sizeof(why)) != 0) {
            return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
        }
        return 0;
    case OPT_NAMED_SUIT: {
        struct trick_rec *tr = &d->tricks_rec[d->trick_no - 1];
        int leader = tr->leader;

        if (arbiter__move(&d->z, tr->lead, Z_TRICKS, Z_HAND(leader), why,
                          sizeof(why)) != 0) {
            return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
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

/* ------------------------------------------------------------------ */
/* Applying the rulings                                                 */
/* ------------------------------------------------------------------ */

/* preview - what each option of ruling r would give, in words. */
static void preview(struct ctx *c, const struct ruling *r, char *out,
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
            int pts = hand_points(c, &w);

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

/* carry_out - apply an automatic remedy, or keep the ruling pending for its
 * elector; law-specific context goes into the pending record. */
static int carry_out(struct ctx *c, struct ruling *r)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    struct pending *p = NULL;

    switch (r->law) {
    case LAW_9:
    case LAW_13:
        if (r->elector != SEAT_NONE) {
            p = push_pending(c, r);
        }
        return 0;
    case LAW_11:
        if (r->elector != SEAT_NONE) {
            push_pending(c, r);
        } else if (r->remedy == REM_NEW_DEAL) {
            void_deal(c);
        } else {
            /* 5.5 profile: the 11th card stands, the rest set aside */
            char why[200];

            for (int i = 1; i < d->n_turned; i++) {
                if (arbiter__move(&d->z, d->turned[i], Z_TURN_UP, Z_ASIDE,
                                  why, sizeof(why)) != 0) {
                    return fail(c, ARB_E_IMPOSSIBLE, "%s", why);
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
        void_deal(c);
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
        int n = ev->kind == EV_FOUND_HOLDS ? surplus(d, s) : 0;

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
            p = push_pending(c, r);
            p->seat = (int8_t)s;
            p->n = (int8_t)n;
        }
        return 0;
    }
    case LAW_14:
        return 0;               /* kept pending by on_deal */
    case LAW_19:
        return 0;
    case LAW_22:
        return 0;
    case LAW_25:
        if (r->options != 0) {
            p = push_pending(c, r);
            p->seat = r->offender;
            cap(d, r->offender);
        }
        d->announce_ruled = true;
        if (d->announced == r->offender && !d->announce_withdrawn &&
            ev->kind != EV_WITHDRAW) {
            award(c, r->offender, -1);
            c->res->penalty[(int)r->offender]--;
            d->announced = SEAT_NONE;
        }
        return 0;
    case LAW_30:
        note(c, "elder hand plays short: D is credited with every trick he "
                "cannot play to (L30)");
        return 0;
    case LAW_35:
        return 0;
    case LAW_36:
        if (r->elector != SEAT_NONE) {
            p = push_pending(c, r);
            p->card = ev->cards[0];
        }
        return 0;
    case LAW_37:
        return 0;
    case LAW_41:
        if (r->elector != SEAT_NONE) {
            p = push_pending(c, r);
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

            cards_format(laws_legal_follows(held, tr->lead, d->trump,
                                            &c->s->prof),
                         must, sizeof(must));
            snprintf(r->note, sizeof(r->note),
                     "%c played %s to %s when bound to play one of %s",
                     seat_letter(r->offender), cardtext(tr->follow, a),
                     cardtext(tr->lead, b), must);
        }
        p = push_pending(c, r);
        p->seat = r->offender;
        p->trick = (int8_t)(d->trick_no - 1);
        cap(d, r->offender);
        return 0;
    }
    default:
        if (r->elector != SEAT_NONE) {
            push_pending(c, r);
        }
        return 0;
    }
}

/* evidence_rulings - after the action: a false announcement or a past
 * revoke that the table now proves (L25, L43). */
static void evidence_rulings(struct ctx *c, const struct law_view *v)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    if (d->announced != SEAT_NONE && !d->announce_withdrawn &&
        !d->announce_ruled && d->played[(int)d->announced] >
                                  d->announced_played) {
        if (king_evidence(d) < 0) {
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
                 played_by(d, SEAT_OTHER(x), k));
            make_ruling(&r, LAW_25, x, SEAT_OTHER(x));
            if (row->shape != NULL) {
                row->shape(&w, ev, &r);
            }
            if (r.options == 0) {
                r.elector = SEAT_NONE;
            }
            struct ruling *out = add_ruling(c, &r);
            if (out != NULL) {
                carry_out(c, out);
                preview(c, out, c->res->previews[c->res->n_rulings - 1],
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
            t = revoke_evidence(c, x, ev->cards[i]);
            if (t < 0) {
                continue;
            }
            struct ruling r;
            char a[CARD_TEXT_MAX];
            char b[CARD_TEXT_MAX];

            make_ruling(&r, LAW_43, x, SEAT_OTHER(x));
            snprintf(r.note, sizeof(r.note),
                     "%s proves %c could have followed or won trick %d "
                     "(played %s)",
                     cardtext(ev->cards[i], a), seat_letter(x), t + 1,
                     cardtext(d->tricks_rec[t].follow, b));
            d->tricks_rec[t].offence = true;
            struct ruling *out = add_ruling(c, &r);
            if (out != NULL) {
                struct pending *p = push_pending(c, out);
                p->seat = (int8_t)x;
                p->trick = (int8_t)t;
                cap(d, x);
                preview(c, out, c->res->previews[c->res->n_rulings - 1],
                        ARB_PREVIEW_LEN);
                if (d->over && !d->scored) {
                    d->hold = true;
                } else if (d->over && d->scored) {
                    /* points already scored: hold them again */
                    int w;
                    int pts;

                    d->capped[x] = false;
                    pts = hand_points(c, &w);
                    if (w != SEAT_NONE) {
                        award(c, w, -pts);
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
    bool elder_acts = ev->actor == d->elder &&
                      (ev->kind == EV_PROPOSE || ev->kind == EV_STAND ||
                       ev->kind == EV_LEAD);

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
 * gate - may the event happen with the rulings now pending?  Windows that
 * the event closes take their default remedy here.  Returns 0 or
 * ARB_E_PENDING.
 */
static int gate(struct ctx *c)
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
            return fail(c, ARB_E_PENDING,
                        "expected %c %s %d (remedy of %s), found %s",
                        seat_letter(d->owed.seat), want, d->owed.n,
                        laws_get((enum law_id)d->owed.law)->id,
                        event_verb(ev->kind));
        }
        return 0;
    }
    for (int i = d->n_pending - 1; i >= 0; i--) {
        struct pending *p = &d->pending[i];

        if (ev->kind == EV_ELECT) {
            continue;
        }
        if (window_closes(c, p)) {
            struct ruling r = p->r;

            drop_pending(d, i);
            if (r.law == LAW_14) {
                struct ruling late;

                make_ruling(&late, LAW_14, r.offender, SEAT_NONE);
                late.remedy = REM_DEAL_STANDS;
                snprintf(late.note, sizeof(late.note),
                         "found only at the turn-up: the deal stands%s",
                         d->pack_owner != d->dealer
                             ? "; the packs stay swapped"
                             : "");
                add_ruling(c, &late);
                if (d->pack_owner != d->dealer) {
                    c->s->packs_swapped = (int8_t)!c->s->packs_swapped;
                }
            } else if (r.law == LAW_34) {
                note(c, "the dealer plays short: the tricks he cannot play "
                        "to go to elder hand (L34)");
            }
            continue;
        }
        if (p->allow & EV_BIT(ev->kind)) {
            continue;
        }
        {
            char buf[200];

            return fail(c, ARB_E_PENDING,
                        "expected %c elects %s on the pending ruling (%s), "
                        "found %s",
                        seat_letter(p->r.elector),
                        p->r.options ? "one of its options" : "nothing",
                        ruling_format(&p->r, buf, sizeof(buf)),
                        event_verb(ev->kind));
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The step                                                             */
/* ------------------------------------------------------------------ */

static int dispatch(struct ctx *c, const struct law_view *v,
                    const struct ruling *rs, int n)
{
    const struct table_event *ev = c->ev;

    switch (ev->kind) {
    case EV_GAME:
        return on_game(c);
    case EV_SCORE:
        return on_score(c);
    case EV_DEAL:
        return on_deal(c, v, rs, n);
    case EV_CUT_FOR_DEAL:
        return on_cut_for_deal(c, rs, n);
    case EV_SHUFFLE:
        return on_shuffle(c);
    case EV_CUT:
        return on_cut(c);
    case EV_PACKETS:
        return on_packets(c);
    case EV_NEW_CARDS:
        return 0;
    case EV_GIVE:
        return on_give(c);
    case EV_EXPOSE:
        return on_expose(c);
    case EV_TURN:
        return on_turn(c, rs, n);
    case EV_LOOK:
        return on_look(c);
    case EV_MARK_KING:
        return on_mark_king(c, v);
    case EV_ANNOUNCE:
        return on_announce(c, v);
    case EV_WITHDRAW:
        return on_withdraw(c);
    case EV_PROPOSE:
        return on_propose(c);
    case EV_STAND:
        return on_stand(c);
    case EV_ACCEPT:
        return on_answer(c, true);
    case EV_REFUSE:
        return on_answer(c, false);
    case EV_DISCARD:
        return on_discard(c);
    case EV_ASK:
        return on_ask(c, rs, n);
    case EV_DRAW:
        return on_draw(c);
    case EV_LEAD:
        return on_lead(c, rs, n);
    case EV_PLAY:
        return on_play(c, v);
    case EV_TAKE_BACK:
        return on_take_back(c, v);
    case EV_ABANDON:
        return on_abandon(c);
    case EV_CLAIM:
        return on_claim(c);
    case EV_SHOW:
        return on_show(c);
    case EV_ELECT:
        return on_elect(c);
    case EV_MARK:
        return on_mark(c, v);
    case EV_UNMARK:
        return on_unmark(c);
    case EV_END:
        return on_end(c);
    case EV_FOUND_FACED:
        return on_found_faced(c);
    case EV_FOUND_HOLDS:
        return on_found_holds(c);
    case EV_FOUND_IMPERFECT:
        return need_deal(c);
    default:
        return fail(c, ARB_E_ORDER, "expected an action, found %s",
                    event_verb(ev->kind));
    }
}

/* game_gate - after the game is won, only what may follow it. */
static int game_gate(struct ctx *c)
{
    const struct table_event *ev = c->ev;
    static const uint64_t after_game =
        EV_BIT(EV_GAME) | EV_BIT(EV_SCORE) | EV_BIT(EV_DEAL) |
        EV_BIT(EV_MARK_KING) | EV_BIT(EV_MARK) | EV_BIT(EV_UNMARK) |
        EV_BIT(EV_SHOW) | EV_BIT(EV_ELECT) | EV_BIT(EV_END) |
        EV_BIT(EV_NEW_CARDS) | EV_BIT(EV_CUT_FOR_DEAL) | EV_BIT(EV_SHUFFLE) |
        EV_BIT(EV_LOOK) | EV_BIT(EV_ABANDON) | EV_BIT(EV_CLAIM);

    if (c->s->game_over && !c->s->game_on && !(after_game & EV_BIT(ev->kind))) {
        return fail(c, ARB_E_ORDER,
                    "expected \"game\" or a new deal: game %d ended when %c "
                    "reached %d (L46), found %s",
                    c->s->game_no, seat_letter(c->s->game_winner),
                    c->s->score[(int)c->s->game_winner],
                    event_verb(ev->kind));
    }
    return 0;
}

static int step(struct ctx *c)
{
    struct law_view v;
    struct ruling rs[ARB_RULINGS_MAX];
    int n;
    int rc;

    c->s->started = true;
    if ((rc = game_gate(c)) != 0) {
        return rc;
    }
    if ((rc = gate(c)) != 0) {
        return rc;
    }
    fill_view(c, &v);
    n = ask_laws(c, &v, rs, ARB_RULINGS_MAX);
    for (int i = 0; i < n; i++) {
        if (rs[i].remedy == REM_NOT_ALLOWED || rs[i].remedy == REM_RECUT ||
            (rs[i].remedy == REM_LOSE_RIGHT &&
             (c->ev->kind == EV_MARK_KING || c->ev->kind == EV_ANNOUNCE ||
              c->ev->kind == EV_MARK || c->ev->kind == EV_REFUSE))) {
            c->not_allowed = true;
        }
    }
    if ((rc = dispatch(c, &v, rs, n)) != 0) {
        return rc;
    }
    for (int i = 0; i < n; i++) {
        struct ruling *r = add_ruling(c, &rs[i]);

        if (r == NULL) {
            break;
        }
        if (c->ev->kind == EV_DEAL && r->law == LAW_14) {
            continue;
        }
        if ((rc = carry_out(c, r)) != 0) {
            return rc;
        }
        preview(c, r, c->res->previews[c->res->n_rulings - 1],
                ARB_PREVIEW_LEN);
    }
    for (int i = 0; i < n; i++) {
        bool king_law = rs[i].law == LAW_19 || rs[i].law == LAW_22 ||
                        rs[i].law == LAW_23 || rs[i].law == LAW_24;

        if (king_law && rs[i].remedy == REM_LOSE_RIGHT &&
            rs[i].offender != SEAT_NONE) {
            c->res->penalty[(int)rs[i].offender]--;
        }
    }
    evidence_rulings(c, &v);
    if (c->d->phase == PH_PLAY && !c->d->over) {
        credit_short(c);
    }
    return 0;
}

/* result_reset - an empty result (the preview texts are written only for
 * the rulings given, so they need no clearing). */
static void result_reset(struct arb_result *out)
{
    memset(out, 0, offsetof(struct arb_result, previews));
    out->n_notes = 0;
    memset(&out->score_changed, 0,
           sizeof(*out) - offsetof(struct arb_result, score_changed));
}

int arbiter_apply(struct arbiter *a, const struct table_event *ev,
                  struct arb_result *out)
{
    struct table_state *next = &a->next;
    struct ctx c;
    int rc;

    result_reset(out);
    a->errmsg[0] = '\0';
    *next = a->s;
    c.a = a;
    c.s = next;
    c.d = &next->d;
    c.ev = ev;
    c.res = out;
    c.not_allowed = false;
    rc = step(&c);
    if (rc == 0 && !arbiter__conserved(&next->d.z)) {
        rc = fail(&c, ARB_E_IMPOSSIBLE,
                  "expected every card in exactly one place, found the "
                  "count broken (card conservation)");
    }
    if (rc != 0) {
        result_reset(out);
        return rc;
    }
    if (ev->kind == EV_DEAL || ev->kind == EV_TURN) {
        next->completed_deal = next->completed_deal || next->deal_no > 1;
    }
    a->s = *next;
    out->score[0] = a->s.score[0];
    out->score[1] = a->s.score[1];
    return 0;
}

int arbiter_finish(struct arbiter *a, struct arb_result *out)
{
    result_reset(out);
    out->score[0] = a->s.score[0];
    out->score[1] = a->s.score[1];
    return 0;
}

/* ------------------------------------------------------------------ */
/* A deal left out                                                      */
/* ------------------------------------------------------------------ */

int arbiter_lose_deal(struct arbiter *a, const struct table_event *first,
                      const int *score, struct arb_result *out)
{
    struct table_state *next = &a->next;
    struct ctx c;
    int target;

    result_reset(out);
    a->errmsg[0] = '\0';
    *next = a->s;
    c.a = a;
    c.s = next;
    c.d = &next->d;
    c.ev = first;
    c.res = out;
    c.not_allowed = false;
    next->started = true;
    if (next->deal_on && !next->d.over) {
        /* not reached from a deal boundary: drop the hand unscored */
        next->deal_on = false;
        next->d.over = true;
    }
    close_last_deal(&c);
    deal_reset(&next->d);
    next->d.phase = next->deal_no == 0 ? PH_CUT_FOR_DEAL : PH_IDLE;
    /* nothing outlives the lost deal; its next deal line says who deals */
    next->prev_king_dealer = SEAT_NONE;
    next->lost_king_dealer = SEAT_NONE;
    next->prev_king_barred = false;
    next->next_dealer = SEAT_NONE;
    next->cut_winner = SEAT_NONE;
    next->notice[0] = next->notice[1] = 0;
    if (first != NULL && first->kind == EV_DEAL) {
        next->deal_no++;        /* the lost deal keeps its number */
    }
    if (first != NULL && first->kind == EV_GAME) {
        if (next->game_on && !next->game_over &&
            (next->score[0] != 0 || next->score[1] != 0)) {
            note(&c, "game %d left unfinished at A %d B %d", next->game_no,
                 next->score[0], next->score[1]);
        }
        start_game(&c);
    } else if (!next->game_on &&
               ((first != NULL && first->kind == EV_DEAL) || score != NULL)) {
        start_game(&c);
    }
    target = next->prof.target;
    if (score != NULL && score[0] >= 0 && score[1] >= 0 &&
        (score[0] < target || score[1] < target)) {
        next->score[0] = score[0];
        next->score[1] = score[1];
        out->score_changed = true;
        if (score[0] >= target || score[1] >= target) {
            game_won(&c, score[0] >= target ? 0 : 1);
        }
    }
    a->s = *next;
    out->score[0] = a->s.score[0];
    out->score[1] = a->s.score[1];
    return 0;
}
