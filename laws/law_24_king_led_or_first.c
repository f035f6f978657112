/*
 * law_24_king_led_or_first.c - L24, King led, or the dealer's first card.
 *
 * Elder hand who leads the king of trumps may announce it until the dealer
 * plays to it; a dealer whose first card is the king may announce it until
 * he plays his next card.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L24 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->announce == ANN_OK_24 || v->announce == ANN_LATE_24;
}

/* shape - adjust the ruling to the state. */
static void shape(const struct law_view *v, const struct table_event *ev,
                  struct ruling *r)
{
    (void)ev;
    if (v->announce == ANN_LATE_24) {
        r->remedy = REM_LOSE_RIGHT;
    }
}

const struct law law_24_king_led_or_first = {
    .law = LAW_24,
    .id = "L24",
    .title = "King led, or the dealer's first card",
    .text_ref = "Elder hand who leads the king of trumps may announce it "
                "until the dealer plays to it; a dealer whose first card is "
                "the king may announce it until he plays his next card.",
    .reading = NULL,
    .trigger = EV_BIT(EV_ANNOUNCE),
    .window = WIN_NONE,
    .offender = ROLE_ACTOR,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_AWARD,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = shape,
};
