/*
 * law_44_new_cards.c - L44, Calling for new cards.
 *
 * Either player may call for new cards before the pack is cut for the next
 * deal; he pays, and the dealer chooses which of the two new packs is his.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* applies - is L44 engaged by ev? */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    (void)v;
    (void)ev;
    return true;
}

const struct law law_44_new_cards = {
    .law = LAW_44,
    .id = "L44",
    .title = "Calling for new cards",
    .text_ref = "Either player may call for new cards before the pack is cut "
                "for the next deal; he pays, and the dealer chooses which of "
                "the two new packs is his.",
    .reading = NULL,
    .trigger = EV_BIT(EV_NEW_CARDS),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_NONE,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
};
