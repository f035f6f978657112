/* rules.c - the rules of play shared by every module: rank, the trick
 * winner, the follower's obligation (LAWS.md 2.7), rule profiles
 * (LAWS.md 5), and the safe readers of a law view the laws share. */
#include "laws/laws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "laws/laws_int.h"

bool laws__is_seat(int s)
{
    return s == SEAT_A || s == SEAT_B;
}

bool laws__same_seat(int a, int b)
{
    return laws__is_seat(a) && a == b;
}

int laws__seat_int(const int pair[2], int s, int none)
{
    return laws__is_seat(s) ? pair[s] : none;
}

bool laws__seat_flag(const bool pair[2], int s)
{
    return laws__is_seat(s) && pair[s];
}

bool card_beats(uint8_t a, uint8_t b, int trump)
{
    if (CARD_SUIT(b) == CARD_SUIT(a)) {
        return CARD_RANK(b) < CARD_RANK(a);
    }
    return CARD_SUIT(b) == trump;
}

uint32_t laws_legal_follows(uint32_t hand, uint8_t led, int trump,
                            const struct profile *p)
{
    uint32_t suit = hand & SUIT_MASK(CARD_SUIT(led));
    uint32_t higher = 0;
    uint32_t trumps;

    if (suit != 0) {
        if (p->must_win) {
            for (int r = 0; r < CARD_RANK(led); r++) {
                higher |= suit & CARD_BIT(CARD_MAKE(CARD_SUIT(led), r));
            }
        }
        return higher != 0 ? higher : suit;
    }
    if (trump != SUIT_NONE && p->must_trump) {
        trumps = hand & SUIT_MASK(trump);
        if (trumps != 0) {
            return trumps;
        }
    }
    return hand;
}

bool laws__count_in_exchange(const struct law_view *v, int seat)
{
    if (seat == SEAT_NONE || v->dealer == SEAT_NONE) {
        return false;
    }
    switch (v->phase) {
    case PH_PROPOSED:
        return seat == v->elder || v->proposals > 1;
    case PH_EXCHANGE:
        return true;
    case PH_TURNED:
        return v->exchanged;
    case PH_PLAY:
        return v->exchanged;
    default:
        return false;
    }
}

enum king_mark_state laws_king_mark(const struct law_view *v, int seat)
{
    bool turned_now =
        laws__is_seat(v->dealer) && v->trump != SUIT_NONE && !v->is_void;

    if (turned_now && v->king_turned) {
        if (seat != v->dealer) {
            return MARK_NOT_DEALER;
        }
        if (v->king_marked) {
            return MARK_TWICE;
        }
        if (v->king_barred) {
            return MARK_BARRED;
        }
        if (v->profile->king_mark == KING_MARK_IMMEDIATE &&
            (v->proposals > 0 || v->first != FIRST_NONE ||
             v->phase >= PH_PLAY)) {
            return MARK_LATE;
        }
        return MARK_OK;
    }
    if (!turned_now && laws__is_seat(v->prev_king_unmarked)) {
        if (seat != v->prev_king_unmarked) {
            return MARK_NOT_DEALER;
        }
        if (v->prev_king_barred) {
            return MARK_BARRED;
        }
        if (v->profile->king_mark != KING_MARK_NEXT_TURN_UP && v->deal_on) {
            return MARK_LATE;
        }
        return MARK_OK;
    }
    if (turned_now && !v->king_turned &&
        laws__same_seat(v->lost_king_dealer, seat)) {
        return MARK_LATE; /* L22: lost at this deal's turn-up */
    }
    return MARK_NO_KING;
}

enum announce_state laws_announce(const struct law_view *v, int seat)
{
    int king = CARD_MAKE(v->trump, RANK_KING);

    if (!laws__is_seat(seat)) {
        return ANN_LATE;
    }
    if (v->announced == seat && !v->announce_withdrawn) {
        return ANN_AGAIN;
    }
    if (v->cards_played[seat] == 0) {
        return ANN_OK;
    }
    if (v->first_card[seat] == king) {
        /* L24: elder hand's king led, until the dealer plays to it; the
         * dealer's first card the king, until he plays his next */
        if (seat == v->elder && v->cards_played[seat] == 1 &&
            v->trick_no == 1 && v->tricks_played[0].follow == CARD_NONE) {
            return ANN_OK_24;
        }
        if (seat == v->dealer && v->cards_played[seat] == 1) {
            return ANN_OK_24;
        }
        return ANN_LATE_24;
    }
    return ANN_LATE;
}

int laws_revoke_proof(const struct law_view *v, int seat, int card)
{
    if (!laws__is_seat(seat) || card < 0 || card >= CARD_COUNT) {
        return -1;
    }
    for (int t = 0; t < v->trick_no && t < TRICKS_MAX; t++) {
        const struct trick_fact *tr = &v->tricks_played[t];
        uint32_t held;

        if (tr->follow == CARD_NONE || tr->leader == seat || tr->ruled ||
            tr->follow == card) {
            continue;
        }
        held = tr->follower_known | CARD_BIT(tr->follow) | CARD_BIT(card);
        if (!(laws_legal_follows(held, tr->lead, v->trump, v->profile) &
              CARD_BIT(tr->follow))) {
            return t;
        }
    }
    return -1;
}

int laws_king_claim(const struct law_view *v)
{
    int x = v->announced;

    if (!laws__is_seat(x) || v->trump == SUIT_NONE) {
        return 0;
    }
    if (v->ann_false_at_time) {
        return -1; /* his whole hand was known, and no king */
    }
    switch (v->king_place) {
    case KING_UNSEEN:
        return 0;
    case KING_IN_HAND:
        if (v->king_holder == x) {
            return v->unknown_in_after_ann ? 0 : 1;
        }
        return -1;
    case KING_DISCARDED:
        return v->king_holder == x ? 1 : -1;
    case KING_PLAYED:
        if (v->king_holder == x) {
            return v->unknown_in_after_ann ? 0 : 1;
        }
        return -1;
    case KING_ELSEWHERE:
    default:
        return -1;
    }
}

bool laws_fulfils_remedy(const struct law_view *v,
                         const struct table_event *ev)
{
    switch (v->owed_remedy) {
    case REM_OWNER_DISCARDS_SURPLUS:
        return ev->kind == EV_DISCARD && laws__same_seat(ev->actor, v->owed_seat);
    case REM_OPPONENT_DRAWS_SURPLUS:
        return ev->kind == EV_DRAW && laws__same_seat(ev->actor, v->owed_seat);
    case REM_COMPLETE_FROM_STOCK:
        return (ev->kind == EV_DRAW &&
                laws__same_seat(ev->actor, v->owed_seat)) ||
               (ev->kind == EV_GIVE &&
                laws__same_seat(ev->target, v->owed_seat));
    default:
        return false;
    }
}

bool laws_underserved(const struct law_view *v, int seat)
{
    if (!laws__is_seat(seat) || !laws__is_seat(v->dealer)) {
        return false;
    }
    if (seat == v->elder) {
        /* serving elder hand is over once anything else happens */
        return v->asked > 0 && v->served[seat] < v->asked &&
               v->stock_at_serve >= v->asked && !v->serve_checked[seat];
    }
    return v->discarded[seat] > 0 && v->served[seat] < v->discarded[seat] &&
           v->stock > 0 && !v->serve_checked[seat];
}

void profile_london(struct profile *out)
{
    memset(out, 0, sizeof(*out));
    snprintf(out->name, sizeof(out->name), "london");
    out->redeal_same_dealer = true;
    out->two_turned_eleventh = false;
    out->dealer_min_exchange = 1;
    out->abandon_extra_point = true;
    out->penalty = PENALTY_CAP_AND_REPLAY;
    out->must_trump = true;
    out->must_win = true;
    out->king_mark = KING_MARK_NEXT_TURN_UP;
    out->target = 5;
    out->stakes = STAKES_SINGLE;
    out->rubber = 3;
    out->rule19_after_rectify = true;
}

/* One switch of a Laws tag: its LAWS.md row, name, and accepted values.
 * Values are written in the first spelling; each switch is set by setter. */
struct switch_def {
    const char *row;            /* "5.7" */
    const char *name;           /* "dealer-min-exchange" */
    const char *values;         /* "1|0": the accepted values, default first */
    const char *meaning;        /* one line */
};

static const struct switch_def switches[] = {
    {"5.4", "redeal", "same|other",
     "who deals again after a void deal: the same dealer, or the other"},
    {"5.5", "two-turned", "new-deal|eleventh",
     "two cards turned after elder hand looked: new deal, or 11th stands"},
    {"5.6", "rule19", "rectify|miscount-only",
     "L19 bars the turned king after a L9 rectification too, or only after "
     "a miscount played on"},
    {"5.7", "dealer-min-exchange", "1|0",
     "cards the dealer must take when he accepts a proposal"},
    {"5.10", "abandon-extra", "yes|no",
     "a point won by abandonment includes the L49 extra point"},
    {"5.11", "penalty", "cap-and-replay|cap-or-replay",
     "L25/L43: caps apply to whatever is scored, or a replay scores "
     "uncapped"},
    {"5.12", "must-trump", "yes|no",
     "a player void in the suit led must trump if he can"},
    {"5.13", "must-win", "yes|no",
     "the follower must win the trick if he can"},
    {"5.19", "king-mark", "next-turn-up|next-deal|immediate",
     "deadline for marking a turned king (L22)"},
    {"5.26", "game", "5|7|11", "points for game (L46)"},
    {"L46", "stakes", "single|treble",
     "treble/double/single games by the loser's score"},
    {"5.27", "rubber", "3|0|5|7|11", "games in a rubber (best of N), 0 none"},
};

#define N_SWITCHES (sizeof(switches) / sizeof(switches[0]))

/* value_index - position of value v in the '|' list vals, or -1. */
static int value_index(const char *vals, const char *v)
{
    const char *p = vals;
    int i = 0;
    size_t len = strlen(v);

    while (*p != '\0') {
        const char *bar = strchr(p, '|');
        size_t n = bar != NULL ? (size_t)(bar - p) : strlen(p);

        if (n == len && strncasecmp(p, v, n) == 0) {
            return i;
        }
        if (bar == NULL) {
            break;
        }
        p = bar + 1;
        i++;
    }
    return -1;
}

/* switch_get - current value index of switch s in *p. */
static int switch_get(const struct profile *p, size_t s)
{
    switch (s) {
    case 0: return p->redeal_same_dealer ? 0 : 1;
    case 1: return p->two_turned_eleventh ? 1 : 0;
    case 2: return p->rule19_after_rectify ? 0 : 1;
    case 3: return p->dealer_min_exchange == 1 ? 0 : 1;
    case 4: return p->abandon_extra_point ? 0 : 1;
    case 5: return p->penalty == PENALTY_CAP_AND_REPLAY ? 0 : 1;
    case 6: return p->must_trump ? 0 : 1;
    case 7: return p->must_win ? 0 : 1;
    case 8: return (int)p->king_mark;
    case 9: return p->target == 5 ? 0 : p->target == 7 ? 1 : 2;
    case 10: return p->stakes == STAKES_SINGLE ? 0 : 1;
    default: {
        static const int r[] = {3, 0, 5, 7, 11};
        for (int i = 0; i < 5; i++) {
            if (p->rubber == r[i]) {
                return i;
            }
        }
        return 0;
    }
    }
}

/* switch_set - set switch s of *p to value index v. */
static void switch_set(struct profile *p, size_t s, int v)
{
    static const int target[] = {5, 7, 11};
    static const int rubber[] = {3, 0, 5, 7, 11};

    switch (s) {
    case 0: p->redeal_same_dealer = v == 0; break;
    case 1: p->two_turned_eleventh = v == 1; break;
    case 2: p->rule19_after_rectify = v == 0; break;
    case 3: p->dealer_min_exchange = v == 0 ? 1 : 0; break;
    case 4: p->abandon_extra_point = v == 0; break;
    case 5: p->penalty = v == 0 ? PENALTY_CAP_AND_REPLAY
                                : PENALTY_CAP_OR_REPLAY; break;
    case 6: p->must_trump = v == 0; break;
    case 7: p->must_win = v == 0; break;
    case 8: p->king_mark = (enum king_mark_deadline)v; break;
    case 9: p->target = target[v]; break;
    case 10: p->stakes = v == 0 ? STAKES_SINGLE : STAKES_TREBLE; break;
    default: p->rubber = rubber[v]; break;
    }
}

/* value_at - copy the v-th value of the '|' list vals into buf. */
static const char *value_at(const char *vals, int v, char *buf, size_t n)
{
    const char *p = vals;

    for (int i = 0; i < v && p != NULL; i++) {
        p = strchr(p, '|');
        p = p != NULL ? p + 1 : NULL;
    }
    if (p == NULL) {
        snprintf(buf, n, "?");
        return buf;
    }
    size_t len = strcspn(p, "|");
    snprintf(buf, n, "%.*s", (int)len, p);
    return buf;
}

int profile_parse(struct profile *p, const char *value, char *err, size_t n)
{
    char buf[512];
    char *save = NULL;
    char *item;
    bool first = true;

    profile_london(p);
    snprintf(buf, sizeof(buf), "%s", value);
    for (item = strtok_r(buf, ";,", &save); item != NULL;
         item = strtok_r(NULL, ";,", &save)) {
        char *eq;
        size_t s;

        while (*item == ' ' || *item == '\t') {
            item++;
        }
        for (char *e = item + strlen(item);
             e > item && (e[-1] == ' ' || e[-1] == '\t'); e--) {
            e[-1] = '\0';
        }
        if (*item == '\0') {
            continue;
        }
        eq = strchr(item, '=');
        if (eq == NULL) {
            if (first && strcasecmp(item, "london") == 0) {
                first = false;
                continue;
            }
            snprintf(err, n, "expected \"london\" or a switch NAME=VALUE, "
                             "found \"%s\"", item);
            return -1;
        }
        first = false;
        *eq = '\0';
        for (char *e = eq; e > item && (e[-1] == ' ' || e[-1] == '\t');
             e--) {
            e[-1] = '\0';
        }
        eq++;
        while (*eq == ' ' || *eq == '\t') {
            eq++;
        }
        for (s = 0; s < N_SWITCHES; s++) {
            if (strcasecmp(switches[s].name, item) == 0) {
                break;
            }
        }
        if (s == N_SWITCHES) {
            snprintf(err, n, "expected a Laws switch (see `ecarte laws "
                             "--profile`), found \"%s\"", item);
            return -1;
        }
        int v = value_index(switches[s].values, eq);
        if (v < 0) {
            snprintf(err, n, "expected %s=%s, found \"%s\"", switches[s].name,
                     switches[s].values, eq);
            return -1;
        }
        switch_set(p, s, v);
    }
    return 0;
}

char *profile_format(const struct profile *p, char *buf, size_t n)
{
    struct profile def;
    size_t used;

    profile_london(&def);
    used = (size_t)snprintf(buf, n, "london");
    for (size_t s = 0; s < N_SWITCHES && used < n; s++) {
        char v[32];
        int cur = switch_get(p, s);

        if (cur == switch_get(&def, s)) {
            continue;
        }
        used += (size_t)snprintf(buf + used, n - used, "; %s=%s",
                                 switches[s].name,
                                 value_at(switches[s].values, cur, v,
                                          sizeof(v)));
    }
    return buf;
}

char *profile_describe(const struct profile *p, char *buf, size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t s = 0; s < N_SWITCHES && used < n; s++) {
        char v[32];

        used += (size_t)snprintf(
            buf + used, n - used, "%-5s %-20s %-14s (%s) %s\n",
            switches[s].row, switches[s].name,
            value_at(switches[s].values, switch_get(p, s), v, sizeof(v)),
            switches[s].values, switches[s].meaning);
    }
    return buf;
}
