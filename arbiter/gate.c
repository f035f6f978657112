/* SPDX-License-Identifier: MIT */
/*
 * gate.c - what an event must wait for before it can happen: the action
 * a remedy owes, the reshuffle a stock run out requires (PL1), the answer
 * to an offer (MD1, MD4), the election on a pending ruling; and the
 * windows of pending rulings that the event closes, which take their
 * default there.
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* is_look_or_show - may ev happen whatever waits (looking at one's hand,
 * showing a card hold nothing up)? */
static bool is_look_or_show(const struct table_event *ev)
{
    return ev->kind == EV_LOOK || ev->kind == EV_SHOW;
}

/* owed_gate - with an action owed by a remedy (d->owed), only that action
 * may come, or a look or a show.  Returns 0 or ARB_E_PENDING. */
static int owed_gate(struct ctx *c)
{
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
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
    if (ok || is_look_or_show(ev)) {
        return 0;
    }
    return arbiter__fail(
        c, ARB_E_PENDING, "expected %c %s %d (remedy of %s), found %s",
        seat_letter(d->owed.seat), want, d->owed.n,
        laws_get((enum law_id)d->owed.law)->id, event_verb(ev->kind));
}

/* reshuffle_gate - PL1: with the stock out, what is left of it may still
 * be served; then only the reshuffle goes on (PL1, docs/variants.md).
 * Returns 0 or ARB_E_PENDING. */
static int reshuffle_gate(struct ctx *c)
{
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    bool serving_left =
        arbiter__drawable(c) > 0 &&
        ((ev->kind == EV_GIVE && d->phase == PH_EXCHANGE) ||
         (ev->kind == EV_DRAW && d->owed.kind == OWED_NONE));

    if (ev->kind == EV_RESHUFFLE || is_look_or_show(ev) || serving_left) {
        return 0;
    }
    return arbiter__fail(c, ARB_E_PENDING,
                         "expected %c reshuffles %d (the stock is out, "
                         "PL1), found %s",
                         seat_letter(d->dealer),
                         d->z.count[Z_DISCARD_A] + d->z.count[Z_DISCARD_B],
                         event_verb(ev->kind));
}

/* offer_gate - an offer (a double, MD1; the point, MD4) waits for its
 * answer from the other seat: only that answer, the same offer again, a
 * look or a show may come.  Returns 0 or ARB_E_PENDING. */
static int offer_gate(struct ctx *c)
{
    const struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;

    if (d->double_offer != SEAT_NONE &&
        !((ev->kind == EV_ACCEPT_DOUBLE || ev->kind == EV_DECLINE_DOUBLE) &&
          ev->actor == SEAT_OTHER(d->double_offer)) &&
        !is_look_or_show(ev) && ev->kind != EV_OFFER_DOUBLE) {
        return arbiter__fail(c, ARB_E_PENDING,
                             "expected %c accepts-double or declines-double "
                             "(MD1), found %s",
                             seat_letter(SEAT_OTHER(d->double_offer)),
                             event_verb(ev->kind));
    }
    if (d->point_offer != SEAT_NONE && d->point_answer == 0 &&
        !((ev->kind == EV_ACCEPT_POINT || ev->kind == EV_DECLINE_POINT) &&
          ev->actor == SEAT_OTHER(d->point_offer)) &&
        !is_look_or_show(ev) && ev->kind != EV_OFFER_POINT) {
        return arbiter__fail(c, ARB_E_PENDING,
                             "expected %c accepts-point or declines-point "
                             "(MD4), found %s",
                             seat_letter(SEAT_OTHER(d->point_offer)),
                             event_verb(ev->kind));
    }
    return 0;
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
 * window_lapsed - the window of pending ruling closed has shut with
 * nobody having chosen: its default.  A deal out of turn stands (L14); a
 * hand short plays short (L21, L30, L34, L38).
 */
static void window_lapsed(struct ctx *c, const struct pending *closed)
{
    struct deal_state *d = c->d;
    const struct ruling *r = &closed->r;

    if (arbiter__deal_stands_late(c, r)) {
        return;
    }
    if (r->remedy == REM_SHORT_HAND_TRICKS && closed->seat != SEAT_NONE) {
        /* nobody chose before the window shut: he plays short */
        if (closed->n < 0) {
            arbiter__accept_short(d, closed->seat);
        }
        arbiter__note(c,
                      "%s plays short: the tricks he cannot play to go to "
                      "%s (%s)",
                      closed->seat == d->dealer ? "the dealer" : "elder hand",
                      closed->seat == d->dealer ? "elder hand" : "the dealer",
                      laws_get(r->law)->id);
    }
}

/*
 * pending_gate - the pending rulings, last first: a window the event
 * closes lapses (window_lapsed); a ruling whose election must come first
 * stops any event it does not allow.  An election itself passes (the
 * elect handler finds its ruling).  Returns 0 or ARB_E_PENDING.
 */
static int pending_gate(struct ctx *c)
{
    struct deal_state *d = c->d;
    const struct table_event *ev = c->ev;
    char buf[200];

    if (ev->kind == EV_ELECT) {
        return 0;
    }
    for (int i = d->n_pending - 1; i >= 0; i--) {
        const struct pending *p = &d->pending[i];

        if (window_closes(c, p)) {
            struct pending closed = *p;

            arbiter__drop_pending(d, i);
            window_lapsed(c, &closed);
            continue;
        }
        if (p->allow & EV_BIT(ev->kind)) {
            continue;
        }
        return arbiter__fail(
            c, ARB_E_PENDING,
            "expected %c elects %s on the pending ruling (%s), found %s",
            seat_letter(p->r.elector),
            p->r.options ? "one of its options" : "nothing",
            ruling_format(&p->r, buf, sizeof(buf)), event_verb(ev->kind));
    }
    return 0;
}

int arbiter__gate(struct ctx *c)
{
    int rc;

    if (c->d->owed.kind != OWED_NONE) {
        return owed_gate(c);
    }
    if (c->d->reshuffle_due && (rc = reshuffle_gate(c)) != 0) {
        return rc;
    }
    if ((rc = offer_gate(c)) != 0) {
        return rc;
    }
    return pending_gate(c);
}
