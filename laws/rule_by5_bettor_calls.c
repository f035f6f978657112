/* SPDX-License-Identifier: MIT */
/*
 * rule_by5_bettor_calls.c - BY5, A bettor calls an irregularity.
 *
 * A bettor who calls the adverse player's irregularity: under bettor-
 * claims=yes it is the backed player's claim; under no it is ignored
 * and voids his bet.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY5); the two-seat referee never does.
 * Verdict: `ID calls LAW` by a bettor: under bettor-claims=yes, by one
 * who backs one seat only, it is that seat's claim (claim); else it is
 * not heard and voids his bets as advice would (void).  A seated
 * player's call is a near miss: his own claim.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a call from the gallery. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    const struct sit_view_person *p;
    const char *law;

    if (e->at != SIT_AT_LINE || e->kind != EV_CALLS || e->person < 0) {
        return false;
    }
    p = &v->persons[e->person];
    law = e->law >= 0 && e->law < LAW_COUNT ? laws_get((enum law_id)e->law)->id
                                            : "?";
    if (p->seat != SEAT_NONE) {
        laws__say(out, "%s, a player, calls %s: his own claim, no bettor's",
                  p->id, law);
        return false;
    }
    if (v->rules->bettor_claims && laws__is_seat(p->backs)) {
        laws__say(out, "%s calls %s: it counts as %c's claim", p->id, law,
                  seat_letter(p->backs));
        return laws__rule(out, REM_CLAIM, -1, SEAT_NONE);
    }
    out->voids_bets = true;
    laws__say(out, "%s calls %s: %s; %s", p->id, law,
              v->rules->bettor_claims ? "he backs neither player"
                                      : "bettors may not call here",
              laws__bets_held(v, e->person) > 0
                  ? "his bets are void, stakes returned"
                  : "the call is not heard");
    return laws__rule(out, REM_VOID, e->person, SEAT_NONE);
}

const struct law rule_BY5_bettor_calls = {
    .law = LAW_BY5,
    .id = "BY5",
    .title = "A bettor calls an irregularity",
    .text_ref = "Under the French rule a bettor may point out an irregularity "
                "of the player he bets against, and it counts as the claim of "
                "the player he backs; under the English rule the call is not "
                "heard and is treated as advice not allowed.",
    .reading = "docs/variants.md, gallery (our reading for no). The referee "
               "rules the irregularity when it happens; the call is recorded "
               "beside it. Switch: bettor-claims.",
    .trigger = EV_BIT(EV_CALLS),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_CLAIM,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = "the caller offends only where calls are not allowed; nobody chooses",
    .example = "ruling BY5 remedy claim",
    .judge = judge,
    .remedies = REM_BIT(REM_CLAIM) | REM_BIT(REM_VOID),
};
