/* SPDX-License-Identifier: MIT */
/*
 * rule_by4_advice_not_allowed.c - BY4, Advice not allowed.
 *
 * Advice where the gallery allows none, spoken where only pointing is
 * allowed, or to the seat one bets against: the adviser's bet is void.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY4); the two-seat referee never does.
 * Verdict: `ID points S C` or `ID advises S` by a person not seated,
 * where the gallery allows no advice, in words where only pointing is
 * allowed, or to the seat he bets against: void, and his bets and covers
 * with it.  A seated player's advice is a near miss.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* why_not - why person p's advice to seat is not allowed, NULL if it
 * is. */
static const char *why_not(const struct sit_view *v,
                           const struct sit_view_person *p, int seat,
                           bool spoken)
{
    if (v->rules->advice == ADVICE_NONE) {
        return "the gallery allows no advice";
    }
    if (spoken && v->rules->advice == ADVICE_POINT) {
        return "advice here is by pointing at a card only";
    }
    if ((laws__is_seat(seat) && p->backs == SEAT_OTHER(seat)) ||
        p->backs == SIT_BACKS_BOTH) {
        return "he bets against the player he advises";
    }
    return NULL;
}

/* judge - advice from the gallery. */
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
    out->voids_bets = true;
    laws__say(out, "%s advises %c: %s; %s", p->id, seat_letter(e->seat), why,
              laws__bets_held(v, e->person) > 0
                  ? "his bets are void, stakes returned"
                  : "he has no bet to void");
    return laws__rule(out, REM_VOID, e->person, SEAT_NONE);
}

const struct law rule_BY4_advice_not_allowed = {
    .law = LAW_BY4,
    .id = "BY4",
    .title = "Advice not allowed",
    .text_ref = "A bettor may advise the player he backs only as the gallery "
                "allows (by pointing at a card under the French rule, not at "
                "all under the English); advice otherwise, or to the player "
                "he bets against, voids his bet, stakes returned. The "
                "players' score is not touched.",
    .reading = "our reading, docs/variants.md, gallery. The adviser's covers are bets "
               "too: they are void with his bets, and the bets covered are "
               "released. Switch: advice.",
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
    .format = "gallery",
    .parties = "the adviser offends; nobody chooses",
    .example = "ruling BY4 offender dan remedy void",
    .judge = judge,
    .remedies = REM_BIT(REM_VOID),
};
