/* SPDX-License-Identifier: MIT */
/*
 * rule_md5_point_offer_void.c - MD5, An offer of the point that does not
 * count.
 *
 * Under offer-point, an offer outside its window, or one that means
 * nothing any more (the offerer has a trick, or the adversary three), has
 * no effect.
 */
#include "laws/laws.h"

#include "laws/laws_int.h"

/* engaged - the profile allows offering the point. */
static bool engaged(const struct profile *p)
{
    return p->offer_point != OFFER_POINT_NO;
}

/* applies - is MD5 engaged by ev?  Outside the window (before-play: until
 * elder hand's first lead; before-trick3: until the lead to the third
 * trick), a second offer, or a meaningless one. */
static bool applies(const struct law_view *v, const struct table_event *ev)
{
    bool open = v->deal_on && v->trump != SUIT_NONE &&
                v->phase >= PH_TURNED && v->phase <= PH_PLAY;

    if (!laws__is_seat(ev->actor) || laws__is_seat(v->point_offer)) {
        return true;
    }
    if (v->profile->offer_point == OFFER_POINT_BEFORE_PLAY) {
        return !open || v->trick_no > 0;
    }
    return !open || v->trick_no >= 3 || v->tricks[ev->actor] > 0 ||
           v->tricks[SEAT_OTHER(ev->actor)] >= 3;
}

const struct law rule_MD5_point_offer_void = {
    .law = LAW_MD5,
    .id = "MD5",
    .title = "An offer of the point that does not count",
    .text_ref = "An offer of the point made too late, a second one, or one "
                "that no longer means anything has no effect.",
    .reading = "Where the sources are silent: offer-point=before-play allows "
               "it from the turn-up until elder hand's first lead; "
               "before-trick3 until the lead to the third trick, while the "
               "offerer has no trick and the adversary fewer than three. An "
               "offer, whatever the answer, ends the exchange. Switch: "
               "offer-point.",
    .trigger = EV_BIT(EV_OFFER_POINT),
    .window = WIN_NONE,
    .offender = ROLE_NOBODY,
    .elector = ROLE_NOBODY,
    .options = 0,
    .remedy = REM_VOID_OFFER,
    .kind = LAW_KIND_PROCEDURE,
    .allow = 0,
    .applies = applies,
    .shape = NULL,
    .engaged = engaged,
};
