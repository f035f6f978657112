/* SPDX-License-Identifier: MIT */
/*
 * law_09_deal_wrong_before_turn.c - L9, Wrong count or packet order before the turn-up.
 *
 * A hand with more or fewer than five cards, or a departure from the
 * dealer's packet order, found before the turn-up and before elder hand
 * looks: elder hand may have the deal put right or a new deal.
 */
#include "laws/laws.h"

#include <stdio.h>

#include "laws/laws_int.h"

/* The packet the order in force wants next (L8): to whom and how many. */
struct packet_due {
    int to;                     /* seat, SEAT_NONE after the fourth */
    int n;                      /* cards, 0 after the fourth */
};

/* packet_due - the next packet by the order in force: the dealer's order
 * for the game (or his notice), else this deal's first packet, else what
 * this packet begins with (2 or 3). */
static struct packet_due packet_due(const struct law_view *v,
                                    const struct table_event *ev)
{
    struct packet_due due = {SEAT_NONE, 0};
    int k = v->packets;
    int fixed = v->profile->packets == PACKETS_3_2   ? 3
                : v->profile->packets == PACKETS_2_3 ? 2
                                                     : 0;
    int first = fixed != 0 ? fixed : v->first_packet;

    if (k >= 4) {
        return due;
    }
    due.to = k % 2 == 0 ? v->elder : v->dealer;
    if (k == 0) {
        due.n = fixed != 0             ? fixed
                : v->order_first != 0  ? v->order_first
                : ev->n == 2 || ev->n == 3 ? ev->n
                                           : 2;
    } else {
        due.n = k < 2 ? first : 5 - first;
    }
    return due;
}

/* is_packet - a packet of the deal (not the cards that put a rectified
 * deal right). */
static bool is_packet(const struct law_view *v, const struct table_event *ev)
{
    return (v->phase == PH_SHUFFLE || v->phase == PH_DEAL) &&
           laws__seat_int(v->rectify_due, ev->target, 0) == 0;
}

/* applies - is L9 engaged by ev?  A packet departing from the order in
 * force (once a deal), or a hand counted wrong before the turn-up. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (!(v->phase == PH_SHUFFLE || v->phase == PH_DEAL)) {
        return false;
    }
    if (ev->kind == EV_GIVE) {
        struct packet_due due = packet_due(v, ev);

        return is_packet(v, ev) && !v->departed &&
               (due.n == 0 || ev->target != due.to || ev->n != due.n);
    }
    return ev->n > 5 || (v->deal_complete && ev->n != 5);
}

/* at_line - " (line N)" for line n, "" if unknown, into buf. */
static const char *at_line(int n, char *buf, size_t size)
{
    buf[0] = '\0';
    if (n > 0) {
        snprintf(buf, size, " at line %d", n);
    }
    return buf;
}

/* shape - after elder hand looked the deal stands; the note says what
 * departed: the order in force against this packet, or the count. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    char was[24];
    char here[24];
    struct packet_due due = packet_due(v, ev);

    if (v->elder_looked) {
        r->options = 0;
        r->remedy = REM_DEAL_STANDS;
    }
    if (ev->kind != EV_GIVE) {
        snprintf(r->note, sizeof(r->note), "%c holds %d cards; 5 are due",
                 seat_letter(ev->target), ev->n);
    } else if (due.n == 0) {
        snprintf(r->note, sizeof(r->note),
                 "a fifth packet%s: %d card(s) to %c after the four of the "
                 "deal",
                 at_line(v->line, here, sizeof(here)), ev->n,
                 seat_letter(ev->target));
    } else if (v->packets == 0 && v->order_first != 0 &&
               ev->n != v->order_first) {
        snprintf(r->note, sizeof(r->note),
                 "%c's packet order for the game is %d first%s, %d first "
                 "here%s",
                 seat_letter(v->dealer), v->order_first,
                 at_line(v->order_line, was, sizeof(was)), ev->n,
                 at_line(v->line, here, sizeof(here)));
    } else {
        snprintf(r->note, sizeof(r->note),
                 "packet %d is due to %c with %d card(s); %d to %c here%s",
                 v->packets + 1, seat_letter(due.to),
                 due.n, ev->n, seat_letter(ev->target),
                 at_line(v->line, here, sizeof(here)));
    }
}

const struct law law_9_deal_wrong_before_turn = {
    .law = LAW_9,
    .id = "L9",
    .title = "Wrong count or packet order before the turn-up",
    .text_ref = "A hand with more or fewer than five cards, or a departure "
                "from the dealer's packet order, found before the turn-up and "
                "before elder hand looks: elder hand may have the deal put "
                "right or a new deal.",
    .reading = "If elder hand has looked, L9 gives nothing: the deal stands. "
               "A wrong count is then for L15-L18 after the turn-up.",
    .trigger = EV_BIT(EV_GIVE) | EV_BIT(EV_FOUND_HOLDS),
    .window = WIN_BEFORE_TURN_OR_LOOK,
    .offender = ROLE_DEALER,
    .elector = ROLE_ELDER,
    .options = OPT_BIT(OPT_RECTIFY) | OPT_BIT(OPT_NEW_DEAL),
    .remedy = REM_DEAL_STANDS,
    .kind = LAW_KIND_PENALTY,
    .allow = EV_BIT(EV_GIVE) | EV_BIT(EV_EXPOSE) | EV_BIT(EV_LOOK) |
             EV_BIT(EV_FOUND_HOLDS) | EV_BIT(EV_FOUND_FACED) | EV_BIT(EV_SHOW),
    .applies = applies,
    .shape = shape,
    .continuing = true,
};
