/* SPDX-License-Identifier: MIT */
/*
 * rule_ch4_late_stake.c - CH4, A stake stated too late.
 *
 * A stake stated after the game's first turn-up is void: the stake in
 * force stays.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, CH4); the two-seat referee never does.
 * Verdict: `ID stakes N` after the game's first turn-up is void; the
 * bank's stake line is a near miss (the bank states none).
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - a stake stated by a non-bank person once the game's first
 * turn-up is past. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    const struct sit_view_person *p;

    if (e->at != SIT_AT_LINE || e->kind != EV_STAKES || e->person < 0) {
        return false;
    }
    p = &v->persons[e->person];
    if (p->role == SIT_ROLE_BANK) {
        laws__say(out, "the bank states no stake: %s's line changes nothing",
                  p->id);
        return false;
    }
    if (!v->in_game || !v->turned_up) {
        return false;
    }
    laws__say(out,
              "%s states a stake of %d after the game's first turn-up: "
              "void, his stake of %d stays",
              p->id, e->n, p->stake);
    return laws__rule(out, REM_VOID, e->person, SEAT_NONE);
}

const struct law rule_CH4_late_stake = {
    .law = LAW_CH4,
    .id = "CH4",
    .title = "A stake stated too late",
    .text_ref = "A person states his stake against the bank for a game before "
                "its first turn-up; a stake stated later is void and the "
                "stake in force stays.",
    .reading = "our reading, docs/variants.md, chouette: a stake stated between games is for "
               "the coming game; after each game every stake is the Stake "
               "tag's again. The bank states no stake.",
    .trigger = EV_BIT(EV_STAKES),
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
    .format = "chouette",
    .parties = "the person who stated it offends; nobody chooses",
    .example = "ruling CH4 offender cy remedy void",
    .judge = judge,
    .remedies = REM_BIT(REM_VOID),
};
