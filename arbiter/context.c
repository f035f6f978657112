/* SPDX-License-Identifier: MIT */
/*
 * context.c - the floor every file of the arbiter stands on: the work of
 * one action (struct ctx) reports through here - a failure's message on
 * the arbiter, a note in the result, the checks every handler makes
 * first (the right actor, a hand in progress) - and a result starts
 * empty here.  It calls nothing else of the arbiter.
 */
#include "arbiter/arbiter.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* arbiter__fail - set the message on the arbiter and return code. */
int arbiter__fail(struct ctx *c, int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(c->a->errmsg, sizeof(c->a->errmsg), fmt, ap);
    va_end(ap);
    return code;
}

/* arbiter__note - add a fact worth saying to the result. */
void arbiter__note(struct ctx *c, const char *fmt, ...)
{
    va_list ap;

    if (c->res->n_notes >= ARB_NOTES_MAX) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(c->res->notes[c->res->n_notes++], ARB_NOTE_LEN, fmt, ap);
    va_end(ap);
}

/* arbiter__cardtext - card_format(card, buf) for messages; returns buf. */
char *arbiter__cardtext(uint8_t card, char *buf)
{
    return card_format(card, buf);
}

/*
 * arbiter__need_actor - the event's actor must be seat (who: "the
 * dealer", "elder hand" in the message).  Returns 0 or ARB_E_ORDER.
 */
int arbiter__need_actor(struct ctx *c, int seat, const char *who)
{
    if (c->ev->actor != seat) {
        return arbiter__fail(c, ARB_E_ORDER,
                             "expected %s (%c) as the actor of "
                             "\"%s\", found %c",
                             who, seat_letter(seat), event_verb(c->ev->kind),
                             seat_letter(c->ev->actor));
    }
    return 0;
}

/*
 * arbiter__need_deal - a hand must be in progress.  Returns 0 or
 * ARB_E_ORDER.
 */
int arbiter__need_deal(struct ctx *c)
{
    if (!c->s->deal_on || c->d->over) {
        return arbiter__fail(
            c, ARB_E_ORDER,
            "expected a deal line first, found \"%s\" with no hand "
            "in progress",
            event_verb(c->ev->kind));
    }
    return 0;
}

/* arbiter__result_reset - an empty result (the rulings, their preview
 * texts and the notes are written whole, and only for those given, so
 * they need no clearing: what is read of them is counted by n_rulings
 * and n_notes). */
void arbiter__result_reset(struct arb_result *out)
{
    out->n_rulings = 0;
    out->n_notes = 0;
    memset(&out->score_changed, 0,
           sizeof(*out) - offsetof(struct arb_result, score_changed));
}
