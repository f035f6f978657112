/* SPDX-License-Identifier: MIT */
/*
 * sit_view.c - reading a view of the sitting (laws/sit_view.h): the
 * words of the roles, the arithmetic of bets and covers that the rules
 * and the sitting layer share, and the helpers the rules of the sitting
 * (laws/rule_ch*.c, rule_po*.c, rule_by*.c) use to give a verdict.
 */
#include "laws/laws.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "laws/laws_int.h"

static const char *const role_words[SIT_ROLE_COUNT] = {
    [SIT_ROLE_BANK] = "bank",
    [SIT_ROLE_PONTE] = "ponte",
    [SIT_ROLE_ADVISER] = "adviser",
    [SIT_ROLE_ROI] = "roi",
    [SIT_ROLE_RENTRANT] = "rentrant",
    [SIT_ROLE_PLAYER] = "player",
    [SIT_ROLE_WAITING] = "waiting",
    [SIT_ROLE_BETTOR] = "bettor",
    [SIT_ROLE_BYSTANDER] = "bystander",
};

const char *sit_role_name(enum sit_role r)
{
    return r >= 0 && r < SIT_ROLE_COUNT ? role_words[r] : "";
}

/* ------------------------------------------------------------------ */
/* Bets                                                                 */
/* ------------------------------------------------------------------ */

int laws_bet_covered(const struct sit_bet *b)
{
    int n = 0;

    for (int k = 0; k < b->n_covers; k++) {
        n += b->covers[k].amount;
    }
    return n;
}

int laws_cover_against(const struct sit_bet *b, int k)
{
    int before = 0;

    for (int j = 0; j < k; j++) {
        before += b->covers[j].amount;
    }
    /* each cover's part of the winnings on the stake covered up to it,
     * less the part of the covers before it: the rounding falls once */
    return (before + b->covers[k].amount) * b->odds[1] / b->odds[0] -
           before * b->odds[1] / b->odds[0];
}

int laws_bets_back(const struct sit_bet *bets, int n, int person)
{
    int seen = 0;

    for (int i = 0; i < n; i++) {
        const struct sit_bet *b = &bets[i];

        if (b->dead) {
            continue;
        }
        if (b->bettor == person) {
            seen |= 1 << b->seat;
        }
        for (int k = 0; k < b->n_covers; k++) {
            if (b->covers[k].who == person) {
                seen |= 1 << SEAT_OTHER(b->seat);
            }
        }
    }
    return seen == 0   ? SEAT_NONE
           : seen == 3 ? SIT_BACKS_BOTH
           : seen == 1 ? SEAT_A
                       : SEAT_B;
}

int laws_tableau_excess(const struct sit_bet *bets, int n, int *heavy)
{
    int risk[2] = {0, 0};

    for (int i = 0; i < n; i++) {
        if (!bets[i].dead) {
            risk[bets[i].seat] += bets[i].amount - bets[i].refund;
        }
    }
    *heavy = risk[0] > risk[1] ? SEAT_A : SEAT_B;
    return risk[*heavy] - risk[SEAT_OTHER(*heavy)];
}

int laws_cover_displaces(const struct sit_bet *b, int who, int want)
{
    int room = b->amount - laws_bet_covered(b);
    int displaced = -1;

    for (int k = b->n_covers - 1; k >= 0 && room < want; k--) {
        int take;

        if (b->covers[k].who == who) {
            continue;
        }
        take = b->covers[k].amount < want - room ? b->covers[k].amount
                                                 : want - room;
        room += take;
        displaced = b->covers[k].who;
    }
    return displaced;
}

/* ------------------------------------------------------------------ */
/* Helpers of the verdicts                                              */
/* ------------------------------------------------------------------ */

const char *laws__sit_id(const struct sit_view *v, int person)
{
    return person >= 0 && person < v->n_persons ? v->persons[person].id : "";
}

int laws__sit_seat_of(const struct sit_view *v, int person)
{
    return person >= 0 && person < v->n_persons ? v->persons[person].seat
                                                : SEAT_NONE;
}

void laws__say(struct sit_verdict *out, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(out->note, sizeof(out->note), fmt, ap);
    va_end(ap);
}

bool laws__rule(struct sit_verdict *out, enum remedy remedy, int offender,
                int offender_seat)
{
    out->remedy = remedy;
    out->offender = offender;
    out->offender_seat = offender_seat;
    return true;
}

int laws__bets_held(const struct sit_view *v, int person)
{
    int n = 0;

    for (int i = 0; i < v->n_bets; i++) {
        const struct sit_bet *b = &v->bets[i];

        if (b->dead) {
            continue;
        }
        if (b->bettor == person) {
            n++;
            continue;
        }
        for (int k = 0; k < b->n_covers; k++) {
            n += b->covers[k].who == person;
        }
    }
    return n;
}

bool laws__seat_against_roles(const struct sit_view *v,
                              const struct sit_event *e,
                              struct sit_verdict *out)
{
    bool line = e->at == SIT_AT_LINE && e->kind == EV_SEAT;

    if ((!line && e->at != SIT_AT_GAME_START) || v->held) {
        return false;
    }
    for (int k = 0; k < 2; k++) {
        if ((line && k != e->seat) || v->due[k] < 0 || v->seat[k] < 0 ||
            v->seat[k] == v->due[k]) {
            continue;
        }
        out->seat = k;
        out->person = v->due[k];
        laws__say(out,
                  "%s is to sit in seat %c, not %s: the table waits until "
                  "he sits",
                  laws__sit_id(v, v->due[k]), seat_letter(k),
                  laws__sit_id(v, v->seat[k]));
        return laws__rule(out, REM_RESEAT, v->seat[k], SEAT_NONE);
    }
    return false;
}
