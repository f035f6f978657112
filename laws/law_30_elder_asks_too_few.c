/*
 * law_30_elder_asks_too_few.c - L30, Elder hand asks for fewer than he discarded.
 *
 * Elder hand who asks for fewer cards than he discarded plays short: the
 * dealer takes every trick elder hand cannot play to.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L30 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    int discarded = laws__seat_int(v->discarded, v->elder, -1);

    return discarded >= 0 && ev->n < discarded;
}

const struct law law_30_elder_asks_too_few = {
    .law = LAW_30,
    .id = "L30",
    .title = "Elder hand asks for fewer than he discarded",
    .text_ref = "Elder hand who asks for fewer cards than he discarded plays "
                "short: the dealer takes every trick elder hand cannot play "
                "to.",
    .reading = "Elder hand may not complete (his request is binding, L26).",
    .trigger = EV_BIT(EV_ASK),
    .window = WIN_NONE,
    .offender = ROLE_ELDER,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_SHORT_HAND_TRICKS,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
