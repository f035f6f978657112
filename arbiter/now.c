/*
 * now.c - what happens now under a ruling without options, in words that
 * name the seats: the law's own sentence where its reading says more than
 * the remedy (L14, L24, L40, L42 ...), else the remedy's sentence
 * (law_remedy_now).  The words follow the readings of docs/laws.md.
 */
#include "arbiter/arbiter.h"

#include <stdio.h>
#include <string.h>

#include "arbiter/arbiter_int.h"

/* who - the seat's letter as a string ("" for none), in buf[2]. */
static const char *who(int seat, char *buf)
{
    buf[0] = seat == SEAT_A || seat == SEAT_B ? seat_letter(seat) : '\0';
    buf[1] = '\0';
    return buf;
}

/* led_card - the card of the event ruled when it is offender's lead, else
 * CARD_NONE. */
static uint8_t led_card(const struct ctx *c, int offender)
{
    if (c->ev != NULL && c->ev->kind == EV_LEAD && c->ev->actor == offender) {
        return c->ev->cards[0];
    }
    return CARD_NONE;
}

/* now_l40 - L40: the card led out of turn goes back unless the other has
 * played to it; the right player leads; no penalty. */
static void now_l40(const struct ctx *c, int o, char *buf, size_t n)
{
    char card[CARD_TEXT_MAX];
    uint8_t k = led_card(c, o);
    char mine[40];

    if (k != CARD_NONE) {
        snprintf(mine, sizeof(mine), "%c's %s", seat_letter(o),
                 arbiter__cardtext(k, card));
    } else {
        snprintf(mine, sizeof(mine), "%c's card", seat_letter(o));
    }
    snprintf(buf, n,
             "%s goes back to his hand unless %c has played to it; %c leads; "
             "no penalty (once %c has played to it, the trick stands and "
             "its winner leads)",
             mine, seat_letter(SEAT_OTHER(o)), seat_letter(SEAT_OTHER(o)),
             seat_letter(SEAT_OTHER(o)));
}

/* now_l42 - L42: the abandoner's adversary has the vole (no trick) or
 * the point (one or two); the hand ends. */
static void now_l42(const struct ctx *c, int o, char *buf, size_t n)
{
    int t = c->d->tricks[o];
    int a = SEAT_OTHER(o);

    if (t == 0) {
        snprintf(buf, n,
                 "%c abandoned his hand with no trick: %c scores the vole; "
                 "the hand ends",
                 seat_letter(o), seat_letter(a));
    } else {
        snprintf(buf, n,
                 "%c abandoned his hand with %d trick%s: %c scores the point "
                 "(with the L49 extra if %c stood or refused, under "
                 "abandon-extra); the hand ends",
                 seat_letter(o), t, t == 1 ? "" : "s", seat_letter(a),
                 seat_letter(o));
    }
}

/* now_lose_right - the lose-right laws: which right is lost. */
static bool now_lose_right(const struct ctx *c, const struct ruling *r,
                           char *buf, size_t n)
{
    int o = r->offender;
    int dealer = c->d->dealer;

    switch (r->law) {
    case LAW_19:
        snprintf(buf, n, "%c, the dealer of a miscounted deal, may not mark "
                         "the king turned up in it",
                 seat_letter(dealer));
        return true;
    case LAW_22:
        snprintf(buf, n, "%c marked the turned king too late: the mark does "
                         "not count",
                 seat_letter(o));
        return true;
    case LAW_23:
        snprintf(buf, n, "%c did not announce the king before his first "
                         "card: no king point",
                 seat_letter(o));
        return true;
    case LAW_24:
        snprintf(buf, n, "%c announced the king too late: no king point",
                 seat_letter(o));
        return true;
    case LAW_37:
        snprintf(buf, n, "%c may not refuse %c's next proposal, and %c may "
                         "take the card turned up",
                 seat_letter(dealer), seat_letter(SEAT_OTHER(dealer)),
                 seat_letter(SEAT_OTHER(dealer)));
        return true;
    case LAW_PL4:
        snprintf(buf, n, "the drawn turned king has scored already: %c has no "
                         "point for it",
                 seat_letter(o));
        return true;
    default:
        return false;
    }
}

/* now_law - the law's own sentence for r, or false for the remedy's. */
static bool now_law(const struct ctx *c, const struct ruling *r, char *buf,
                    size_t n)
{
    int o = r->offender;
    bool seated = o == SEAT_A || o == SEAT_B;

    if (r->remedy == REM_LOSE_RIGHT && seated) {
        return now_lose_right(c, r, buf, n);
    }
    switch (seated ? r->law : LAW_COUNT) {
    case LAW_40:
        if (r->remedy != REM_RETRACT_CARD) {
            return false;
        }
        now_l40(c, o, buf, n);
        return true;
    case LAW_42:
        if (r->remedy != REM_AWARD) {
            return false;
        }
        now_l42(c, o, buf, n);
        return true;
    case LAW_14:
        snprintf(buf, n,
                 "%c's deal is void if the right deal (the right player, the "
                 "right pack) is made before the trump is turned up; at the "
                 "turn-up it stands, and %c deals next",
                 seat_letter(o), seat_letter(SEAT_OTHER(o)));
        return true;
    case LAW_24:
        snprintf(buf, n, "%c announced the king in time: he scores the king "
                         "point",
                 seat_letter(o));
        return r->remedy == REM_AWARD;
    case LAW_30:
        snprintf(buf, n, "%c plays short (his request binds him, L26): %c "
                         "takes every trick he cannot play to",
                 seat_letter(o), seat_letter(SEAT_OTHER(o)));
        return true;
    case LAW_25:
        snprintf(buf, n, "%c's announced king scores no point and wins no "
                         "game: a point scored on it is taken off",
                 seat_letter(o));
        return r->remedy == REM_SCORE_CORRECT;
    case LAW_26:
        snprintf(buf, n, "%c's proposal binds him: taking it back or "
                         "changing it has no effect",
                 seat_letter(o));
        return r->remedy == REM_NOT_ALLOWED;
    case LAW_27:
        snprintf(buf, n, "%c's answer binds him: taking it back has no "
                         "effect",
                 seat_letter(o));
        return r->remedy == REM_NOT_ALLOWED;
    case LAW_51:
        snprintf(buf, n, "%c's marks beyond the points owed do not count; "
                         "the overscore may be taken off at any time in the "
                         "game",
                 seat_letter(o));
        return true;
    case LAW_39:
        if (r->remedy == REM_RETRACT_CARD) {
            snprintf(buf, n, "%c's card goes back to his hand and he plays "
                             "the right card, without penalty",
                     seat_letter(o));
        } else {
            snprintf(buf, n, "%c may not take his card back: it stays "
                             "played",
                     seat_letter(o));
        }
        return true;
    default:
        return false;
    }
}

/* now_table - the laws ruled without a seat to name. */
static bool now_table(const struct ruling *r, char *buf, size_t n)
{
    switch (r->law) {
    case LAW_12:
    case LAW_20:
        snprintf(buf, n, "the deal is void and the points marked in it are "
                         "cancelled; a new deal follows");
        return true;
    case LAW_45:
        snprintf(buf, n, "the deal is void and the points marked in it are "
                         "cancelled; every earlier deal stands");
        return true;
    case LAW_35:
        snprintf(buf, n, "both may see the faced card; it is set aside and "
                         "the next card given; the deal stands");
        return true;
    case LAW_50:
        snprintf(buf, n, r->remedy == REM_LOSE_RIGHT
                             ? "the forgotten score was not marked in time: "
                               "the point is lost"
                             : "the forgotten score is marked in time: it "
                               "counts");
        return true;
    case LAW_MD1:
        snprintf(buf, n, "the double declined concedes the hand: the offerer "
                         "scores as for the point (1, or 2 if the decliner "
                         "was vulnerable), times the value in force; king "
                         "points stand");
        return true;
    case LAW_MD3:
        snprintf(buf, n, "the point declined: the decliner must win the "
                         "vole; the offerer's first trick scores him 2, "
                         "times the hand's value");
        return true;
    case LAW_MD4:
        snprintf(buf, n, "the point accepted: the accepter scores it (2 "
                         "when the offerer stood or refused, under "
                         "offer-extra, else 1), times the hand's value; the "
                         "hand ends");
        return true;
    case LAW_PL1:
        snprintf(buf, n, "the dealer serves what is left, then shuffles the "
                         "discards into a new stock and goes on serving");
        return true;
    default:
        return false;
    }
}

void arbiter__now_text(struct ctx *c, const struct ruling *r, char *buf,
                       size_t n)
{
    char o[2];
    char other[2];
    int adv = r->offender == SEAT_A || r->offender == SEAT_B
                  ? SEAT_OTHER(r->offender)
                  : SEAT_NONE;

    if (now_law(c, r, buf, n) || now_table(r, buf, n)) {
        return;
    }
    law_remedy_now(r->remedy, who(r->offender, o),
                   who(r->elector != SEAT_NONE ? r->elector : adv, other), buf,
                   n);
}
