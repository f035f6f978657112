/* SPDX-License-Identifier: MIT */
/*
 * rule_ch2_adviser_sees_bank.c - CH2, An adviser looks at the bank's hand.
 *
 * An adviser who looks at the bank's cards forfeits his stake for the
 * game to the bank at once and may not advise again in it.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, CH2); the two-seat referee never does.
 * Verdict: `ID sees S` by an adviser, the bank's seat named, in a game:
 * his stake to the bank (forfeit-stake), his advice barred; a stake
 * settled already is a near miss.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - an adviser who looks at the bank's cards during a game. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    const struct sit_view_person *p;

    if (e->at != SIT_AT_LINE || e->kind != EV_SEES || e->person < 0) {
        return false;
    }
    p = &v->persons[e->person];
    if (!v->in_game || !v->roles_set || e->seat != v->bank_seat ||
        p->role != SIT_ROLE_ADVISER) {
        return false;
    }
    if (p->stake <= 0 || p->stake_paid) {
        laws__say(out, "%s sees the bank's cards: his stake is settled "
                       "already",
                  p->id);
        return false;
    }
    out->seat = e->seat;
    out->payee = v->bank;
    out->amount = p->stake;
    out->bars_advice = true;
    laws__say(out,
              "%s, an adviser, looks at the bank's cards: his stake of %d "
              "goes to the bank now, and he may not advise this game",
              p->id, p->stake);
    return laws__rule(out, REM_FORFEIT_STAKE, e->person, SEAT_NONE);
}

const struct law rule_CH2_adviser_sees_bank = {
    .law = LAW_CH2,
    .id = "CH2",
    .title = "An adviser looks at the bank's hand",
    .text_ref = "An adviser who looks at the bank's cards pays his stake for "
                "the game to the bank at once; it is not settled again at the "
                "game's end, and he may not advise for the rest of the game.",
    .reading = "docs/variants.md, chouette, after the bystander's forfeit (BY2). The "
               "stake paid is the one in force, without the game's value (not "
               "known yet). The ponte who looks is no adviser: the rule does "
               "not reach him.",
    .trigger = EV_BIT(EV_SEES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_FORFEIT_STAKE,
    .kind = LAW_KIND_PENALTY,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "chouette",
    .parties = "the adviser who looked offends; nobody chooses",
    .example = "ruling CH2 offender cy remedy forfeit-stake",
    .judge = judge,
    .remedies = REM_BIT(REM_FORFEIT_STAKE),
};
