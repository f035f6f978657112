/*
 * law_39_take_back.c - L39, Taking back a card.
 *
 * A card led in turn may not be taken back; a card played to a lead may
 * be, to correct a revoke or a failure to win, before the next card is
 * led, without penalty.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L39 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return !v->take_back_lead;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    (void)ev;
    if (v->take_back_ok) {
        r->remedy = REM_RETRACT_CARD;
    }
}

const struct law law_39_take_back = {
    .law = LAW_39,
    .id = "L39",
    .title = "Taking back a card",
    .text_ref = "A card led in turn may not be taken back; a card played to a "
                "lead may be, to correct a revoke or a failure to win, before "
                "the next card is led, without penalty.",
    .reading = NULL,
    .trigger = EV_BIT(EV_TAKE_BACK),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NOT_ALLOWED,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
