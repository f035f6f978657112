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

/* applies - is L9 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    if (!(v->phase == PH_SHUFFLE || v->phase == PH_DEAL)) {
        return false;
    }
    if (ev->kind == EV_GIVE) {
        return v->packet_departs;
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

    if (v->elder_looked) {
        r->options = 0;
        r->remedy = REM_DEAL_STANDS;
    }
    if (ev->kind != EV_GIVE) {
        snprintf(r->note, sizeof(r->note), "%c holds %d cards; 5 are due",
                 seat_letter(ev->target), ev->n);
    } else if (v->packet_want_n == 0) {
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
                 v->packets + 1, seat_letter(v->packet_want_to),
                 v->packet_want_n, ev->n, seat_letter(ev->target),
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
