/*
 * law_09_deal_wrong_before_turn.c - L9, Wrong count or packet order before the turn-up.
 *
 * A hand with more or fewer than five cards, or a departure from the
 * dealer's packet order, found before the turn-up and before elder hand
 * looks: elder hand may have the deal put right or a new deal.
 */
#include "laws/laws.h"

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

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    (void)ev;
    if (v->elder_looked) {
        r->options = 0;
        r->remedy = REM_DEAL_STANDS;
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
