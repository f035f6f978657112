/* SPDX-License-Identifier: MIT */
/*
 * law_35_faced_in_stock.c - L35, Faced card in the stock.
 *
 * A card found face up in the stock while serving: both may see it; it is
 * set aside and the next card given. The deal stands.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L35 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)ev;
    return v->phase == PH_TURNED || v->phase == PH_PROPOSED ||
           v->phase == PH_EXCHANGE;
}

const struct law law_35_faced_in_stock = {
    .law = LAW_35,
    .id = "L35",
    .title = "Faced card in the stock",
    .text_ref = "A card found face up in the stock while serving: both may "
                "see it; it is set aside and the next card given. The deal "
                "stands.",
    .reading = NULL,
    .trigger = EV_BIT(EV_FOUND_FACED),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_SET_ASIDE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
