/* SPDX-License-Identifier: MIT */
/*
 * rule_po4_pool_advice.c - PO4, Advice in the pool.
 *
 * Advice by the waiting player where the pool allows none, spoken where
 * only pointing is allowed, or to a player he did not choose.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, PO4); the two-seat referee never does.
 * Verdict: `ID points S C` or `ID advises S` by a person not seated,
 * where the pool allows no advice, in words where only pointing is
 * allowed, to the other player than his first, or with none named before
 * the first turn-up: void.  A seated player's advice is a near miss.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* why_not - why the advice of p to seat cannot count, NULL if it may. */
static const char *why_not(const struct sit_view *v,
                           const struct sit_view_person *p, int seat,
                           bool spoken)
{
    if (v->rules->advice == ADVICE_NONE) {
        return "the pool allows no advice";
    }
    if (spoken && v->rules->advice == ADVICE_POINT) {
        return "advice here is by pointing only";
    }
    if (p->advises != SEAT_NONE && p->advises != seat) {
        return "he advises the other player";
    }
    if (p->advises == SEAT_NONE && v->turned_up) {
        return "he named no player to advise before the first turn-up";
    }
    return NULL;
}

/* judge - a waiting person's advice. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    const struct sit_view_person *p;
    const char *why;

    if (e->at != SIT_AT_LINE ||
        (e->kind != EV_POINTS && e->kind != EV_ADVISES) || e->person < 0) {
        return false;
    }
    p = &v->persons[e->person];
    if (p->seat != SEAT_NONE) {
        laws__say(out, "%s is playing: his advice is his own play", p->id);
        return false;
    }
    why = why_not(v, p, e->seat, e->kind == EV_ADVISES);
    if (why == NULL) {
        return false;
    }
    laws__say(out, "%s advises %c: %s; the advice counts for nothing", p->id,
              seat_letter(e->seat), why);
    return laws__rule(out, REM_VOID, e->person, SEAT_NONE);
}

const struct law rule_PO4_pool_advice = {
    .law = LAW_PO4,
    .id = "PO4",
    .title = "Advice in the pool",
    .text_ref = "The waiting player may not advise (the English game), or, "
                "where the pool allows it, only the one seated player he "
                "chose before the game's first turn-up, and only in the "
                "manner allowed.",
    .reading = "docs/variants.md, pool as BY4: the advice has no effect and the "
               "score is not touched. The first advice given before the first "
               "turn-up names the player chosen. Switch: advice.",
    .trigger = EV_BIT(EV_POINTS) | EV_BIT(EV_ADVISES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "pool",
    .parties = "the person who advised offends; nobody chooses",
    .example = "ruling PO4 offender cy remedy void",
    .judge = judge,
    .remedies = REM_BIT(REM_VOID),
};
