/* SPDX-License-Identifier: MIT */
/*
 * rule_by10_loser_retires.c - BY10, The loser retires.
 *
 * Under loser-retires=yes the loser of a game gives his seat to the
 * rentrant, unless he played la chouette.
 * The sitting layer (sitting/) asks the verdict above the two seats
 * (docs/variants.md, BY10); the two-seat referee never does.
 * A rule of play, no ruling line.  Verdict: after a game won under
 * loser-retires=yes, the loser gives his seat (seat) to the first person
 * waiting (person): reseat for the next game.  A loser who played la
 * chouette keeps it: a near miss.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* judge - the loser of a game and the first person waiting. */
static bool judge(const struct sit_view *v, const struct sit_event *e,
                  struct sit_verdict *out)
{
    int lseat;
    int loser;

    if (e->at != SIT_AT_NEXT_SEATS || !laws__is_seat(e->winner) ||
        !v->rules->loser_retires) {
        return false;
    }
    lseat = SEAT_OTHER(e->winner);
    loser = v->seat[lseat];
    if (loser < 0) {
        return false;
    }
    if (lseat == v->chouette_seat) {
        laws__say(out, "%s played la chouette: beaten, he keeps his seat "
                       "(BY10)",
                  laws__sit_id(v, loser));
        return false;
    }
    if (v->n_order == 0) {
        return false;
    }
    out->seat = lseat;
    out->person = v->order[0];
    laws__say(out, "%s, beaten, gives seat %c to %s (BY10)",
              laws__sit_id(v, loser), seat_letter(lseat),
              laws__sit_id(v, v->order[0]));
    return laws__rule(out, REM_RESEAT, -1, SEAT_NONE);
}

const struct law rule_BY10_loser_retires = {
    .law = LAW_BY10,
    .id = "BY10",
    .title = "The loser retires",
    .text_ref = "At French écarté the beaten player makes way for the first "
                "person waiting, except one who plays la chouette (takes "
                "every bet against himself), who keeps his seat; with nobody "
                "waiting the loser stays.",
    .reading = "docs/variants.md, gallery; our reading that the queue is first "
               "come. Switch: loser-retires.",
    .trigger = EV_BIT(EV_PLAY) |
               EV_BIT(EV_MARK_KING) |
               EV_BIT(EV_ANNOUNCE) |
               EV_BIT(EV_MARK) |
               EV_BIT(EV_ELECT) |
               EV_BIT(EV_ABANDON) |
               EV_BIT(EV_CLAIM) |
               EV_BIT(EV_LEAVES),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_RESEAT,
    .kind = LAW_KIND_RULE,
    .allow = 0,
    .applies = NULL,
    .shape = NULL,
    .engaged = NULL,
    .format = "gallery",
    .parties = NULL,
    .example = NULL,
    .judge = judge,
    .remedies = REM_BIT(REM_RESEAT),
};
