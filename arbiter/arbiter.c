/* SPDX-License-Identifier: MIT */
/*
 * arbiter.c - the referee's life cycle and its step: takes table events one
 * at a time, checks they can happen now (a game won, a pending ruling),
 * asks the laws, hands the event to its phase's handler, and commits the
 * new state only if the action is accepted.
 */
#include "arbiter/arbiter.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arbiter/arbiter_int.h"

static const char *status_text[] = {
    "ok",
    "error",
    "the action cannot physically be true",
    "the action cannot happen now",
    "a pending ruling does not allow it",
    "bad tag value",
};

const char *arbiter_strerror(int code)
{
    if (code > 0 || code < ARB_E_TAG) {
        return "unknown status";
    }
    return status_text[-code];
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
    a->s.fixed_dealer = SEAT_NONE;
    a->s.packs_swapped = 0;
    a->s.prev_king_dealer = SEAT_NONE;
    a->s.lost_king_dealer = SEAT_NONE;
    a->s.prev_game_winner = SEAT_NONE;
    a->s.belief_seat = SEAT_NONE;
    a->s.next_dealer_before = SEAT_NONE;
    arbiter__deal_reset(&a->s.d);
    a->s.d.phase = PH_CUT_FOR_DEAL;
    arbiter__stretch_reset(a);
    arbiter__zones_reset(&a->conserved);
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
    dst->line = src->line;
    dst->errmsg[0] = '\0';
    arbiter__stretch_copy(dst, src);
}

void arbiter_set_line(struct arbiter *a, int line)
{
    a->line = line;
}

const char *arbiter_errmsg(const struct arbiter *a)
{
    return a->errmsg;
}

/*
 * set_laws - the Laws tag (a profile, docs/variants.md, the switches): parsed from the london
 * defaults; a Target, Stakes or Rubber tag given before it wins over the
 * profile's defaults, and a Target tag must agree with a game= switch.
 * Returns 0, or ARB_E_TAG with the message set.
 */
static int set_laws(struct arbiter *a, const char *value)
{
    struct profile *p = &a->s.prof;
    char err[200];
    struct profile q;
    int target = p->target;
    enum stakes stakes = p->stakes;
    int rubber = p->rubber;
    struct profile def;
    bool laws_game;

    profile_london(&def);
    if (profile_parse(&q, value, err, sizeof(err)) != 0) {
        snprintf(a->errmsg, sizeof(a->errmsg), "%s", err);
        return ARB_E_TAG;
    }
    /* Target, Stakes and Rubber tags win over the profile's defaults;
     * a Target tag and game= (written, or the preset's own) must agree */
    laws_game = q.from[SW_GAME] == FROM_LAWS || q.target != def.target;
    if (laws_game && a->s.target_by_tag && q.target != target) {
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected the Laws switch game=%d to agree with the "
                 "Target tag, found Target %d",
                 q.target, target);
        return ARB_E_TAG;
    }
    if (!laws_game) {
        q.target = target;
        q.from[SW_GAME] = p->from[SW_GAME];
    } else {
        a->s.target_by_laws = true;
    }
    if (q.stakes == def.stakes) {
        q.stakes = stakes;
        q.from[SW_STAKES] = p->from[SW_STAKES];
    }
    if (q.rubber == def.rubber) {
        q.rubber = rubber;
        q.from[SW_RUBBER] = p->from[SW_RUBBER];
    }
    *p = q;
    return ARB_OK;
}

/* digit - is c a decimal digit (a number of the format has no sign and
 * no blank before it)? */
static bool digit(char c)
{
    return c >= '0' && c <= '9';
}

int arbiter_set_tag(struct arbiter *a, const char *name, const char *value)
{
    struct profile *p = &a->s.prof;

    if (a->s.started) {
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected an action, found the tag %s (tags come first)",
                 name);
        return ARB_E_ORDER;
    }
    if (strcasecmp(name, "Laws") == 0) {
        return set_laws(a, value);
    } else if (strcasecmp(name, "Target") == 0) {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        if (!digit(value[0]) || *end != '\0' ||
            (v != 5 && v != 7 && v != 11)) {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected points for game: 5, 7 or 11 (as the Laws "
                     "switch game=), found \"%s\"", value);
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
        profile_set_from(p, SW_GAME, FROM_TAG);
        a->s.target_by_tag = true;
    } else if (strcasecmp(name, "Stakes") == 0) {
        if (strcasecmp(value, "single") == 0) {
            p->stakes = STAKES_SINGLE;
            profile_set_from(p, SW_STAKES, FROM_TAG);
        } else if (strcasecmp(value, "treble") == 0) {
            p->stakes = STAKES_TREBLE;
            profile_set_from(p, SW_STAKES, FROM_TAG);
        } else {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected single or treble, found \"%s\"", value);
            return ARB_E_TAG;
        }
    } else if (strcasecmp(name, "Rubber") == 0) {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        if (!digit(value[0]) || *end != '\0' || v < 0 || v > 99 ||
            (v > 0 && v % 2 == 0)) {
            snprintf(a->errmsg, sizeof(a->errmsg),
                     "expected an odd number of games or 0, found \"%s\"",
                     value);
            return ARB_E_TAG;
        }
        p->rubber = (int)v;
        profile_set_from(p, SW_RUBBER, FROM_TAG);
    }
    arbiter__stretch_reset(a);
    return ARB_OK;
}

/*
 * dispatch - hand c's event to the handler of its kind, with the view the
 * laws saw and the rulings they gave (rs[0..n)).  Returns the handler's
 * status: 0, or ARB_E_ORDER / ARB_E_IMPOSSIBLE / ARB_E_PENDING with the
 * message set (the caller then drops the state copy).
 */
static int dispatch(struct ctx *c, const struct law_view *v,
                    const struct ruling *rs, int n)
{
    const struct table_event *ev = c->ev;

    switch (ev->kind) {
    case EV_GAME:
        return arbiter__on_game(c);
    case EV_SCORE:
        return arbiter__on_score(c);
    case EV_DEAL:
        return arbiter__on_deal(c, v, rs, n);
    case EV_CUT_FOR_DEAL:
        return arbiter__on_cut_for_deal(c, rs, n);
    case EV_SHUFFLE:
        return arbiter__on_shuffle(c);
    case EV_CUT:
        return arbiter__on_cut(c);
    case EV_PACKETS:
        return arbiter__on_packets(c);
    case EV_NEW_CARDS:
        return 0;
    case EV_GIVE:
        return arbiter__on_give(c);
    case EV_EXPOSE:
        return arbiter__on_expose(c);
    case EV_TURN:
        return arbiter__on_turn(c, rs, n);
    case EV_LOOK:
        return arbiter__on_look(c);
    case EV_MARK_KING:
        return arbiter__on_mark_king(c, v);
    case EV_ANNOUNCE:
        return arbiter__on_announce(c, v);
    case EV_WITHDRAW:
        return arbiter__on_withdraw(c);
    case EV_PROPOSE:
        return arbiter__on_propose(c);
    case EV_STAND:
        return arbiter__on_stand(c);
    case EV_ACCEPT:
        return arbiter__on_answer(c, true);
    case EV_REFUSE:
        return arbiter__on_answer(c, false);
    case EV_DISCARD:
        return arbiter__on_discard(c);
    case EV_ASK:
        return arbiter__on_ask(c);
    case EV_DRAW:
        return arbiter__on_draw(c);
    case EV_LEAD:
        return arbiter__on_lead(c, rs, n);
    case EV_PLAY:
        return arbiter__on_play(c);
    case EV_TAKE_BACK:
        return arbiter__on_take_back(c, rs, n);
    case EV_ABANDON:
        return arbiter__on_abandon(c);
    case EV_CLAIM:
        return arbiter__on_claim(c);
    case EV_SHOW:
        return arbiter__on_show(c);
    case EV_ELECT:
        return arbiter__on_elect(c);
    case EV_MARK:
        return arbiter__on_mark(c, v);
    case EV_UNMARK:
        return arbiter__on_unmark(c);
    case EV_OFFER_DOUBLE:
        return arbiter__on_offer_double(c, rs, n);
    case EV_ACCEPT_DOUBLE:
        return arbiter__on_answer_double(c, true);
    case EV_DECLINE_DOUBLE:
        return arbiter__on_answer_double(c, false);
    case EV_OFFER_POINT:
        return arbiter__on_offer_point(c, rs, n);
    case EV_ACCEPT_POINT:
        return arbiter__on_answer_point(c, true);
    case EV_DECLINE_POINT:
        return arbiter__on_answer_point(c, false);
    case EV_RESHUFFLE:
        return arbiter__on_reshuffle(c);
    case EV_VETO:
        return arbiter__on_veto(c, rs, n);
    case EV_END:
        return arbiter__on_end(c);
    case EV_FOUND_FACED:
        return arbiter__on_found_faced(c);
    case EV_FOUND_HOLDS:
        return arbiter__on_found_holds(c);
    case EV_FOUND_IMPERFECT:
        return arbiter__need_deal(c);
    default:
        return arbiter__fail(c, ARB_E_ORDER, "expected an action, found %s",
                             event_verb(ev->kind));
    }
}

/* game_gate - after the game is won, what may follow it goes on to the
 * referee; a hand action (the hand played on as if the game were not
 * over) is recorded with a note and counts for nothing (L46: the game
 * ends at once).  Returns true when the event is thus taken and nothing
 * more is to be done with it. */
static bool game_gate(struct ctx *c)
{
    const struct table_event *ev = c->ev;
    static const uint64_t after_game =
        EV_BIT(EV_GAME) | EV_BIT(EV_SCORE) | EV_BIT(EV_DEAL) |
        EV_BIT(EV_MARK_KING) | EV_BIT(EV_MARK) | EV_BIT(EV_UNMARK) |
        EV_BIT(EV_SHOW) | EV_BIT(EV_ELECT) | EV_BIT(EV_END) |
        EV_BIT(EV_NEW_CARDS) | EV_BIT(EV_CUT_FOR_DEAL) | EV_BIT(EV_SHUFFLE) |
        EV_BIT(EV_LOOK) | EV_BIT(EV_ABANDON) | EV_BIT(EV_CLAIM);

    if (c->s->game_over && !c->s->game_on && !(after_game & EV_BIT(ev->kind)) &&
        !arbiter__is_lead_after_credit(c)) {
        int w = c->s->game_winner;

        if (c->s->score[w] >= c->s->prof.target) {
            arbiter__note(c,
                          "game %d ended when %c reached %d (L46): \"%s\" "
                          "after it counts for nothing (next: \"game\" or a "
                          "new deal)",
                          c->s->game_no, seat_letter(w), c->s->score[w],
                          event_verb(ev->kind));
        } else {
            arbiter__note(c,
                          "game %d is over, conceded to %c: \"%s\" after it "
                          "counts for nothing (next: \"game\" or a new deal)",
                          c->s->game_no, seat_letter(w), event_verb(ev->kind));
        }
        return true;
    }
    return false;
}

/*
 * step - one event on the state copy in c: a revoke waiting for its
 * correction window is ruled unless the event may still correct it (L39),
 * the game and the pending
 * rulings let it happen (else ARB_E_ORDER / ARB_E_PENDING), an L9
 * rectification is settled, a card that proves a count rules it, the laws
 * are asked, the handler applies the event, each ruling is carried out
 * and previewed, the points forfeited are counted, the evidence laws are
 * asked after the action, a hand left without cards is credited, and a
 * revoke still waiting when the hand has ended is ruled.  Returns 0 or the first failing status (the copy is then discarded).
 */
static int step(struct ctx *c)
{
    struct law_view v;
    struct ruling rs[ARB_RULINGS_MAX];
    int n;
    int rc;

    c->s->started = true;
    if (game_gate(c)) {
        return 0;
    }
    if ((rc = arbiter__establish_offence(c, false)) != 0) {
        return rc;
    }
    if ((rc = arbiter__gate(c)) != 0) {
        return rc;
    }
    if ((rc = arbiter__settle_rectify(c)) != 0) {
        return rc;
    }
    if ((rc = arbiter__count_from_cards(c)) != 0) {
        return rc;
    }
    if ((rc = arbiter__lead_in_turn_after(c)) != 0) {
        return rc;
    }
    {
        bool done = false;

        (void)arbiter__take_back_of_a_card_in_hand(c, &done);
        if (done) {
            return 0;
        }
    }
    if (c->d->is_void && c->res->deal_over && c->ev->kind != EV_DEAL) {
        return 0; /* the count voided the deal (L20) */
    }
    arbiter__fill_view(c, &v);
    n = arbiter__ask_laws(c, &v, rs, ARB_RULINGS_MAX);
    if (n > 0) {
        n = arbiter__drop_continuing(c, rs, n); /* (no ruling: none kept) */
    }
    for (int i = 0; i < n; i++) {
        if (rs[i].remedy == REM_NOT_ALLOWED || rs[i].remedy == REM_RECUT ||
            (rs[i].remedy == REM_LOSE_RIGHT &&
             (c->ev->kind == EV_MARK_KING || c->ev->kind == EV_ANNOUNCE ||
              c->ev->kind == EV_MARK || c->ev->kind == EV_REFUSE))) {
            c->not_allowed = true;
        }
        if (rs[i].options & OPT_BIT(OPT_VETO)) {
            c->point_held = true;
        }
    }
    if ((rc = dispatch(c, &v, rs, n)) != 0) {
        return rc;
    }
    for (int i = 0; i < n; i++) {
        if ((rc = arbiter__give_ruling(c, &rs[i], &v)) != 0) {
            return rc;
        }
    }
    arbiter__penalty_of(c, rs, n);
    if ((rc = arbiter__evidence(c, &v)) != 0) {
        return rc;
    }
    if (c->d->phase == PH_PLAY && !c->d->over) {
        arbiter__credit_short(c);
    }
    /* a hand ended by the event leaves no next lead to wait for */
    return arbiter__establish_offence(c, true);
}

/* belief_open - the game in progress stands on a king announced from a
 * hand not all seen (s->belief_win), the deal that won it is still the
 * deal in hand, and ev is an action of that deal: evidence it brings may
 * reopen the game. */
static bool belief_open(const struct arbiter *a, const struct table_event *ev)
{
    const struct table_state *s = &a->s;
    int at;

    if (!s->belief_win || s->d.trump == SUIT_NONE) {
        return false;
    }
    at = arbiter__locate(&s->d.z, laws_bonus_card(&s->prof, s->d.trump));
    if (at == Z_HAND(s->belief_seat) || at == Z_DISCARD(s->belief_seat) ||
        (at == Z_TRICKS &&
         arbiter__played_by(&s->d, s->belief_seat,
                            laws_bonus_card(&s->prof, s->d.trump)))) {
        return false; /* the king is seen to be his: the belief holds */
    }
    return s->game_over && !s->game_on &&
           s->game_no == s->belief_game && s->deal_no == s->belief_deal &&
           s->game_winner == s->belief_seat && ev->kind != EV_GAME &&
           ev->kind != EV_DEAL && ev->kind != EV_SCORE &&
           a->stretch[a->cur].valid && a->stretch[a->cur].n > 0;
}

/* held_claim_settled - in the table s, derived holding the king announced
 * on a belief, that announcement is withdrawn or ruled false. */
static bool held_claim_settled(const struct table_state *s)
{
    return s->d.ann_held && (s->d.announce_withdrawn || s->d.announce_ruled);
}

/* keep_ruling - add ruling r (with its preview) to out, if there is room. */
static void keep_ruling(struct arb_result *out, const struct ruling *r,
                        const char *preview)
{
    if (out->n_rulings < ARB_RULINGS_MAX) {
        out->rulings[out->n_rulings] = *r;
        snprintf(out->previews[out->n_rulings], ARB_PREVIEW_LEN, "%s",
                 preview);
        out->n_rulings++;
    }
}

/*
 * arbiter__derive_stretch - the table derived again from the base of
 * stretch g through its first n actions (accepted before on this very
 * table), a king announced on a belief that would win the game held if
 * a->hold_belief.  If out is not NULL, the rulings and penalty points the
 * actions of deal number deal after that held announcement gave (actions
 * the game's end had left counting for nothing) are added to it.  Returns
 * 0, or the status of the first action refused (a->s is then part-derived:
 * the caller restores it).
 */
int arbiter__derive_stretch(struct arbiter *a, const struct stretch *g, int n,
                            struct arb_result *out, int deal)
{
    struct arb_result tmp;
    int line = a->line;
    int rc = 0;

    a->s = g->base;
    for (int i = 0; i < n && rc == 0; i++) {
        bool held = a->s.d.ann_held && a->s.d.number == deal;

        a->line = g->line[i];
        rc = arbiter__apply_core(a, &g->ev[i], &tmp, false);
        if (rc != 0 || out == NULL || !held) {
            continue;
        }
        for (int k = 0; k < tmp.n_rulings; k++) {
            keep_ruling(out, &tmp.rulings[k], tmp.previews[k]);
        }
        out->penalty[0] += tmp.penalty[0];
        out->penalty[1] += tmp.penalty[1];
    }
    a->line = line;
    return rc;
}

/*
 * reopen_on_evidence - ev comes while the game stands on a king announced
 * from a hand not all seen (belief_open).  The deal is derived again with
 * that announcement's point held instead of winning the game, the actions
 * the game's end had left counting for nothing taken as played, and ev
 * applied: if ev withdraws the announcement or proves it false (L25: the
 * king shown, played, discarded or found elsewhere), that table is the
 * table, the game is reopened and goes on, and *out says so with the
 * rulings given.  Returns true when it is; false (the table as it was)
 * when ev settles nothing, and ev takes the ordinary way.
 */
static bool reopen_on_evidence(struct arbiter *a, const struct table_event *ev,
                               struct arb_result *out)
{
    struct stretch *g = &a->stretch[a->cur];
    struct table_state was = a->s;
    struct arb_result before;
    struct ctx c;
    int rc;

    arbiter__result_reset(&before);
    a->hold_belief = true;
    rc = arbiter__derive_stretch(a, g, g->n, &before, was.d.number);
    if (rc == 0) {
        rc = arbiter__apply_core(a, ev, out, false);
    }
    a->hold_belief = false;
    if (rc != 0 || !held_claim_settled(&a->s)) {
        a->s = was;
        a->errmsg[0] = '\0';
        arbiter__result_reset(out);
        return false;
    }
    for (int k = 0; k < out->n_rulings; k++) {
        keep_ruling(&before, &out->rulings[k], out->previews[k]);
    }
    memcpy(out->rulings, before.rulings, sizeof(out->rulings));
    memcpy(out->previews, before.previews, sizeof(out->previews));
    out->n_rulings = before.n_rulings;
    out->penalty[0] += before.penalty[0];
    out->penalty[1] += before.penalty[1];
    if (!a->s.d.announce_withdrawn) {
        out->penalty[(int)was.belief_seat]--; /* the false point comes off */
    }
    c.a = a;
    c.s = &a->s;
    c.d = &a->s.d;
    c.ev = ev;
    c.res = out;
    c.not_allowed = false;
    c.point_held = false;
    if (!out->game_reopened) {
        arbiter__note(&c,
                      "game %d is not won after all: the king %c announced "
                      "%s; the game goes on (L25)",
                      was.game_no, seat_letter(was.belief_seat),
                      a->s.d.announce_withdrawn ? "is withdrawn in time"
                                                : "was not his");
    }
    out->game_reopened = true;
    out->reopened_game = was.game_no;
    out->reopened_by = a->s.d.announce_withdrawn ? ARB_REOPEN_KING_WITHDRAWN
                                                 : ARB_REOPEN_FALSE_KING;
    out->score_changed = true;
    if (was.d.over && a->s.deal_on && !a->s.d.over) {
        out->reopened_deal = was.d.number;
    }
    if (a->s.d.over && !out->deal_over) {
        arbiter__report_deal(&c);
    }
    if (a->s.game_over && !out->game_over) {
        arbiter__report_game(&c);
    }
    out->score[0] = a->s.score[0];
    out->score[1] = a->s.score[1];
    arbiter__stretch_add(a, ev);
    a->stretch[a->cur].hold_belief = true;
    return true;
}

/*
 * card_worded - a card put on the table by the one whose turn it is, in
 * the other verb: `A plays C` when A is to lead an empty trick is his
 * lead, `B leads C` when B is to play to the card led is his play.  The
 * table saw one act, a card put down: the referee takes it as what it
 * was, and says so, rather than refuse the line.  True (the event read
 * as it was into *out) or false (ev as it stands).
 */
static bool card_worded(const struct arbiter *a, const struct table_event *ev,
                        struct table_event *out)
{
    const struct deal_state *d = &a->s.d;
    bool open;                  /* a card led waits for its answer */

    if ((ev->kind != EV_PLAY && ev->kind != EV_LEAD) || ev->n_cards != 1 ||
        ev->suit != SUIT_NONE || d->phase != PH_PLAY ||
        ev->actor != d->to_play || a->s.d.n_pending > 0) {
        return false;
    }
    open = d->trick_no > 0 &&
           d->tricks_rec[d->trick_no - 1].follow == CARD_NONE;
    if (ev->kind == EV_PLAY && !open && d->trick_no < 5) {
        *out = *ev;
        out->kind = EV_LEAD;
        return true;
    }
    if (ev->kind == EV_LEAD && open) {
        const struct trick_rec *tr = &d->tricks_rec[d->trick_no - 1];
        int rightful = d->trick_no == 1 ? d->elder
                                        : d->tricks_rec[d->trick_no - 2].winner;

        if (tr->leader != rightful) {
            return false;       /* a lead out of turn, put right (L40) */
        }
        *out = *ev;
        out->kind = EV_PLAY;
        return true;
    }
    return false;
}

/* apply_worded - arbiter__apply_core on ev, read first as card_worded
 * reads it (a note then says how the line was taken). */
static int apply_worded(struct arbiter *a, const struct table_event *ev,
                        struct arb_result *out)
{
    struct table_event as_done;
    char card[CARD_TEXT_MAX];
    int rc;

    if (!card_worded(a, ev, &as_done)) {
        return arbiter__apply_core(a, ev, out, true);
    }
    rc = arbiter__apply_core(a, &as_done, out, true);
    if (rc == 0 && out->n_notes < ARB_NOTES_MAX) {
        snprintf(out->notes[out->n_notes++], ARB_NOTE_LEN,
                 as_done.kind == EV_LEAD
                     ? "%c plays %s to an empty table: taken as his lead "
                       "(one act, a card put down, whatever its word)"
                     : "%c leads %s while a card led waits for him: taken "
                       "as his play to it (one act, whatever its word)",
                 seat_letter(ev->actor), card_format(ev->cards[0], card));
    }
    return rc;
}

int arbiter_apply(struct arbiter *a, const struct table_event *ev,
                  struct arb_result *out)
{
    assert(a != NULL && ev != NULL && out != NULL);
    if (ev->kind == EV_STRIKE) {
        a->errmsg[0] = '\0';
        return arbiter__strike(a, out);
    }
    if (ev->kind >= EV_FIRST_SITTING) {
        arbiter__result_reset(out);
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected an action of the two seats, found \"%s\": a line "
                 "of the sitting above them (persons, money), which the "
                 "referee of the seats does not take",
                 event_verb(ev->kind));
        return ARB_E_ORDER;
    }
    if (ev->kind >= EV_CUT_FOR_DEAL && ev->actor != SEAT_A &&
        ev->actor != SEAT_B) {
        arbiter__result_reset(out);
        snprintf(a->errmsg, sizeof(a->errmsg),
                 "expected a seat (A or B) to act in \"%s\", found a person: "
                 "the sitting above the seats takes persons' actions",
                 event_verb(ev->kind));
        return ARB_E_ORDER;
    }
    if (belief_open(a, ev) && reopen_on_evidence(a, ev, out)) {
        return 0;
    }
    return apply_worded(a, ev, out);
}

/*
 * conserved - does the table a->s keep card conservation (every card in
 * exactly one place, arbiter__conserved)?  Places equal to the last ones
 * found to keep it (a->conserved) keep it too: most actions move no card,
 * and those are not counted again.
 */
static bool conserved(struct arbiter *a)
{
    const struct zones *z = &a->s.d.z;

    if (memcmp(z, &a->conserved, sizeof(*z)) == 0) {
        return true;
    }
    if (!arbiter__conserved_since(z, &a->conserved)) {
        return false;
    }
    a->conserved = *z;
    return true;
}

/*
 * save_table - *dst made a copy of the table src for the parts an action
 * may change and that are read: everything after the profile (which only
 * a tag sets, never an action) and before the tail of its deal (struct
 * deal_state), then the waiting L43 ruling if one waits and the pending
 * rulings in use.  The rest of dst is left as it was.  An action's copy
 * of the table before it was a tenth of the referee's work when whole:
 * the tail's six pending rulings are most of the table and rarely in use.
 * (A stretch that starts from the copy takes the profile from the table:
 * arbiter__stretch_add_from.)
 */
static void save_table(struct table_state *dst, const struct table_state *src)
{
    const struct deal_state *d = &src->d;
    size_t from = offsetof(struct table_state, started);

    _Static_assert(offsetof(struct table_state, prof) == 0,
                   "the profile first, left out of the copy");
    memcpy((char *)dst + from, (const char *)src + from,
           offsetof(struct table_state, d.offence_ruling) - from);
    if (d->offence_waiting) {
        dst->d.offence_ruling = d->offence_ruling;
    }
    memcpy(dst->d.pending, d->pending,
           (size_t)d->n_pending * sizeof(d->pending[0]));
}

int arbiter__apply_core(struct arbiter *a, const struct table_event *ev,
                        struct arb_result *out, bool record)
{
    struct table_state *was = &a->next;
    struct ctx c;
    int rc;

    assert(a != NULL && ev != NULL && out != NULL);
    assert(ev->kind > EV_NONE && ev->kind < EV_KIND_COUNT);
    assert(ev->actor >= SEAT_NONE && ev->actor <= SEAT_B);
    assert(ev->target >= SEAT_NONE && ev->target <= SEAT_B);
    assert(ev->n_cards <= EVENT_CARDS_MAX);
    arbiter__result_reset(out);
    a->errmsg[0] = '\0';
    /* the action is applied to the table itself, the table before it
     * kept in a->next: one copy an action (of the parts in use), and the
     * table put back from it if the action is refused */
    save_table(was, &a->s);
    c.a = a;
    c.s = &a->s;
    c.d = &a->s.d;
    c.ev = ev;
    c.res = out;
    c.not_allowed = false;
    c.point_held = false;
    rc = step(&c);
    if (rc == 0 && !conserved(a)) {
        rc =
            arbiter__fail(&c, ARB_E_IMPOSSIBLE,
                          "expected every card in exactly one place, found the "
                          "count broken (card conservation)");
    }
    if (rc != 0) {
        save_table(&a->s, was);
        arbiter__result_reset(out);
        return rc;
    }
    if (ev->kind == EV_DEAL || ev->kind == EV_TURN) {
        a->s.completed_deal = a->s.completed_deal || a->s.deal_no > 1;
    }
    if (record) {
        arbiter__stretch_add_from(a, was, ev);
    }
    out->score[0] = a->s.score[0];
    out->score[1] = a->s.score[1];
    return 0;
}

int arbiter_finish(struct arbiter *a, struct arb_result *out)
{
    arbiter__result_reset(out);
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

    arbiter__result_reset(out);
    a->errmsg[0] = '\0';
    *next = a->s;
    c.a = a;
    c.s = next;
    c.d = &next->d;
    c.ev = first;
    c.res = out;
    c.not_allowed = false;
    c.point_held = false;
    next->started = true;
    if (next->deal_on && !next->d.over) {
        /* not reached from a deal boundary: drop the hand unscored */
        next->deal_on = false;
        next->d.over = true;
    }
    arbiter__close_last_deal(&c);
    arbiter__deal_reset(&next->d);
    next->d.phase = next->deal_no == 0 ? PH_CUT_FOR_DEAL : PH_IDLE;
    /* nothing outlives the lost deal; its next deal line says who deals */
    next->prev_king_dealer = SEAT_NONE;
    next->lost_king_dealer = SEAT_NONE;
    next->prev_king_barred = false;
    next->prev_king_lost = false;
    next->next_dealer = SEAT_NONE;
    next->cut_winner = SEAT_NONE;
    next->notice[0] = next->notice[1] = 0;
    if (first != NULL && first->kind == EV_DEAL) {
        next->deal_no++;        /* the lost deal keeps its number */
    }
    if (first != NULL && first->kind == EV_GAME) {
        if (next->game_on && !next->game_over &&
            (next->score[0] != 0 || next->score[1] != 0)) {
            arbiter__note(&c, "game %d left unfinished at A %d B %d", next->game_no,
                 next->score[0], next->score[1]);
        }
        arbiter__start_game(&c);
    } else if (!next->game_on &&
               ((first != NULL && first->kind == EV_DEAL) || score != NULL)) {
        arbiter__start_game(&c);
    }
    target = next->prof.target;
    if (score != NULL && score[0] >= 0 && score[1] >= 0 &&
        (score[0] < target || score[1] < target)) {
        next->score[0] = score[0];
        next->score[1] = score[1];
        out->score_changed = true;
        if (score[0] >= target || score[1] >= target) {
            arbiter__game_won(&c, score[0] >= target ? 0 : 1);
        }
    }
    a->s = *next;
    arbiter__stretch_reset(a); /* a strike does not reach into it */
    out->score[0] = a->s.score[0];
    out->score[1] = a->s.score[1];
    return 0;
}
