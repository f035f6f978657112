/* SPDX-License-Identifier: MIT */
/* vocab.c - the words of the game: cards, suits, seats, verbs, options,
 * remedies, windows, roles, phases and the text of a ruling. */
#include "laws/laws.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* Rank letters in enum rank order (K Q J A T 9 8 7). */
static const char rank_letters[RANK_COUNT] = {
    'K', 'Q', 'J', 'A', 'T', '9', '8', '7'
};

/* Suit letters in enum suit order. */
static const char suit_letters[SUIT_COUNT] = { 'S', 'H', 'D', 'C' };

/* The suit symbols, black and white, as UTF-8 (U+2660..U+2667). */
static const struct {
    const char *utf8;           /* three bytes */
    int suit;                   /* enum suit */
} suit_symbols[] = {
    { "\xe2\x99\xa0", SUIT_SPADES },   /* ♠ */
    { "\xe2\x99\xa5", SUIT_HEARTS },   /* ♥ */
    { "\xe2\x99\xa6", SUIT_DIAMONDS }, /* ♦ */
    { "\xe2\x99\xa3", SUIT_CLUBS },    /* ♣ */
    { "\xe2\x99\xa4", SUIT_SPADES },   /* ♤ */
    { "\xe2\x99\xa1", SUIT_HEARTS },   /* ♡ */
    { "\xe2\x99\xa2", SUIT_DIAMONDS }, /* ♢ */
    { "\xe2\x99\xa7", SUIT_CLUBS },    /* ♧ */
};

#define VS16 "\xef\xb8\x8f"     /* variation selector-16 (emoji presentation) */

/* The log keyword of each event kind, in enum event_kind order. */
static const char *const verbs[EV_KIND_COUNT] = {
    [EV_NONE] = "none",
    [EV_GAME] = "game",
    [EV_SCORE] = "score",
    [EV_DEAL] = "deal",
    [EV_FOUND_FACED] = "found",
    [EV_FOUND_HOLDS] = "found",
    [EV_FOUND_IMPERFECT] = "found",
    [EV_END] = "end",
    [EV_STRIKE] = "strike",
    [EV_CUT_FOR_DEAL] = "cuts-for-deal",
    [EV_SHUFFLE] = "shuffles",
    [EV_CUT] = "cuts",
    [EV_PACKETS] = "packets",
    [EV_NEW_CARDS] = "calls-new-cards",
    [EV_GIVE] = "gives",
    [EV_EXPOSE] = "exposes",
    [EV_TURN] = "turns",
    [EV_LOOK] = "looks",
    [EV_MARK_KING] = "marks",
    [EV_ANNOUNCE] = "announces",
    [EV_WITHDRAW] = "withdraws",
    [EV_PROPOSE] = "proposes",
    [EV_STAND] = "stands",
    [EV_ACCEPT] = "accepts",
    [EV_REFUSE] = "refuses",
    [EV_DISCARD] = "discards",
    [EV_ASK] = "asks",
    [EV_DRAW] = "draws",
    [EV_LEAD] = "leads",
    [EV_PLAY] = "plays",
    [EV_TAKE_BACK] = "takes-back",
    [EV_ABANDON] = "abandons",
    [EV_CLAIM] = "claims",
    [EV_SHOW] = "shows",
    [EV_ELECT] = "elects",
    [EV_MARK] = "marks",
    [EV_UNMARK] = "unmarks",
    [EV_OFFER_DOUBLE] = "offers-double",
    [EV_ACCEPT_DOUBLE] = "accepts-double",
    [EV_DECLINE_DOUBLE] = "declines-double",
    [EV_OFFER_POINT] = "offers-point",
    [EV_ACCEPT_POINT] = "accepts-point",
    [EV_DECLINE_POINT] = "declines-point",
    [EV_RESHUFFLE] = "reshuffles",
    [EV_VETO] = "vetoes",
    [EV_PERSON] = "person",
    [EV_SEAT] = "seat",
    [EV_ROLES] = "roles",
    [EV_POOL] = "pool",
    [EV_STAKES] = "stakes",
    [EV_BETS] = "bets",
    [EV_COVERS] = "covers",
    [EV_TAKES_ALL_BETS] = "takes-all-bets",
    [EV_QUEUES] = "queues",
    [EV_SEES] = "sees",
    [EV_POINTS] = "points",
    [EV_ADVISES] = "advises",
    [EV_CALLS] = "calls",
    [EV_LEAVES] = "leaves",
    [EV_TAKES_SEAT] = "takes-seat",
};

static const char *const option_names[OPT_COUNT] = {
    [OPT_NEW_DEAL] = "new-deal",
    [OPT_PLAY_ON] = "play-on",
    [OPT_RECTIFY] = "rectify",
    [OPT_TRUMP] = "trump",
    [OPT_REPLAY] = "replay",
    [OPT_STAND] = "stand",
    [OPT_TAKE] = "take",
    [OPT_REFUSE] = "refuse",
    [OPT_COMPLETE] = "complete",
    [OPT_NAMED_SUIT] = "named-suit",
    [OPT_CARD_LED] = "card-led",
    [OPT_VETO] = "veto",
    [OPT_PASS] = "pass",
};

static const char *const remedy_names[REM_COUNT] = {
    [REM_NONE] = "none",
    [REM_NEW_DEAL] = "new-deal",
    [REM_DEAL_STANDS] = "deal-stands",
    [REM_RECUT] = "recut",
    [REM_RESHUFFLE] = "reshuffle",
    [REM_RECTIFY_DEAL] = "rectify-deal",
    [REM_CHOOSE_TRUMP] = "choose-trump",
    [REM_OWNER_DISCARDS_SURPLUS] = "owner-discards-surplus",
    [REM_OPPONENT_DRAWS_SURPLUS] = "opponent-draws-surplus",
    [REM_COMPLETE_FROM_STOCK] = "complete-from-stock",
    [REM_SET_ASIDE] = "set-aside",
    [REM_RETRACT_CARD] = "retract-card",
    [REM_REPLAY_HAND] = "replay-hand",
    [REM_SCORE_CAP] = "score-cap",
    [REM_AWARD] = "award",
    [REM_SCORE_CORRECT] = "score-correct",
    [REM_LOSE_RIGHT] = "lose-right",
    [REM_SHORT_HAND_TRICKS] = "short-hand-tricks",
    [REM_NOT_ALLOWED] = "not-allowed",
    [REM_VOID_OFFER] = "void-offer",
    [REM_VOID_VETO] = "void-veto",
    [REM_RESEAT] = "reseat",
    [REM_FORFEIT_STAKE] = "forfeit-stake",
    [REM_SUBSTITUTE] = "substitute",
    [REM_VOID] = "void",
    [REM_CONCEDE_GAME] = "concede-game",
    [REM_DISPLACE] = "displace",
    [REM_CLAIM] = "claim",
};

static const char *const window_names[WIN_COUNT] = {
    [WIN_NONE] = "none",
    [WIN_BEFORE_TURN_UP] = "before-turn-up",
    [WIN_BEFORE_TURN_OR_LOOK] = "before-turn-or-look",
    [WIN_BEFORE_ELDER_LOOKS] = "before-elder-looks",
    [WIN_BEFORE_ELDER_ACTS] = "before-elder-acts",
    [WIN_BEFORE_DEALER_ANSWERS] = "before-dealer-answers",
    [WIN_BEFORE_PLAY] = "before-play",
    [WIN_BEFORE_NEXT_CARD] = "before-next-card",
    [WIN_BEFORE_NEXT_LEAD] = "before-next-lead",
    [WIN_BEFORE_NEXT_TURN_UP] = "before-next-turn-up",
    [WIN_BEFORE_NEXT_CUT] = "before-next-cut",
    [WIN_GAME] = "game",
};

static const char *const role_names[] = {
    [ROLE_NOBODY] = "nobody",
    [ROLE_ACTOR] = "actor",
    [ROLE_DEALER] = "dealer",
    [ROLE_ELDER] = "elder",
    [ROLE_ADVERSARY] = "adversary",
    [ROLE_EITHER] = "either",
    [ROLE_TARGET] = "target",
};

static const char *const phase_names[PH_COUNT] = {
    [PH_CUT_FOR_DEAL] = "cut-for-deal",
    [PH_IDLE] = "idle",
    [PH_SHUFFLE] = "shuffle",
    [PH_DEAL] = "deal",
    [PH_TURNED] = "turned",
    [PH_PROPOSED] = "proposed",
    [PH_EXCHANGE] = "exchange",
    [PH_PLAY] = "play",
    [PH_HAND_OVER] = "hand-over",
};

/* ASCII upper case of c; other bytes unchanged. */
static char ascii_upper(char c)
{
    if (c >= 'a' && c <= 'z') {
        return (char)(c - 'a' + 'A');
    }
    return c;
}

/* True if w (n bytes) equals the lower-case word name, ignoring ASCII case. */
static bool word_equal(const char *w, size_t n, const char *name)
{
    size_t i;

    if (strlen(name) != n) {
        return false;
    }
    for (i = 0; i < n; i++) {
        if (ascii_upper(w[i]) != ascii_upper(name[i])) {
            return false;
        }
    }
    return true;
}

/* The index of w (n bytes) in the table names[0..count), or -1. */
static int word_lookup(const char *w, size_t n,
                       const char *const *names, int count)
{
    int i;

    for (i = 0; i < count; i++) {
        if (word_equal(w, n, names[i])) {
            return i;
        }
    }
    return -1;
}

int suit_parse(const char *text, size_t *len)
{
    char c = ascii_upper(text[0]);
    size_t i;

    for (i = 0; i < SUIT_COUNT; i++) {
        if (c != '\0' && c == suit_letters[i]) {
            *len = 1;
            return (int)i;
        }
    }
    for (i = 0; i < sizeof(suit_symbols) / sizeof(suit_symbols[0]); i++) {
        if (strncmp(text, suit_symbols[i].utf8, 3) == 0) {
            *len = 3;
            if (strncmp(text + 3, VS16, 3) == 0) {
                *len = 6;
            }
            return suit_symbols[i].suit;
        }
    }
    *len = 0;
    return SUIT_NONE;
}

/* The rank (1 + enum rank) of a rank letter, and the suit (1 + enum
 * suit) of a suit letter, any case; 0 for any other byte: a card's two
 * letters read by looking them up, not by a search of the letters. */
static const uint8_t rank_of_byte[256] = {
    ['K'] = 1 + RANK_KING,  ['k'] = 1 + RANK_KING,
    ['Q'] = 1 + RANK_QUEEN, ['q'] = 1 + RANK_QUEEN,
    ['J'] = 1 + RANK_JACK,  ['j'] = 1 + RANK_JACK,
    ['A'] = 1 + RANK_ACE,   ['a'] = 1 + RANK_ACE,
    ['T'] = 1 + RANK_TEN,   ['t'] = 1 + RANK_TEN,
    ['9'] = 1 + RANK_NINE,  ['8'] = 1 + RANK_EIGHT,
    ['7'] = 1 + RANK_SEVEN,
};
static const uint8_t suit_of_byte[256] = {
    ['S'] = 1 + SUIT_SPADES,   ['s'] = 1 + SUIT_SPADES,
    ['H'] = 1 + SUIT_HEARTS,   ['h'] = 1 + SUIT_HEARTS,
    ['D'] = 1 + SUIT_DIAMONDS, ['d'] = 1 + SUIT_DIAMONDS,
    ['C'] = 1 + SUIT_CLUBS,    ['c'] = 1 + SUIT_CLUBS,
};

bool card_word(const char *w, size_t n, uint8_t *out)
{
    char buf[16];
    uint8_t c;

    if (n == 2) {
        unsigned r = rank_of_byte[(unsigned char)w[0]];
        unsigned s = suit_of_byte[(unsigned char)w[1]];

        if (r != 0 && s != 0) {
            *out = CARD_MAKE(s - 1, r - 1);
            return true;
        }
        if (w[0] == '?' && w[1] == '?') {
            *out = CARD_UNKNOWN;
            return true;
        }
        return false;
    }
    if (n == 0 || n >= sizeof(buf)) {
        return false;
    }
    memcpy(buf, w, n);
    buf[n] = '\0';
    if (card_parse(buf, &c) != n) {
        return false;
    }
    *out = c;
    return true;
}

size_t card_parse(const char *text, uint8_t *out)
{
    char c = ascii_upper(text[0]);
    size_t rank_len = 1;
    size_t suit_len = 0;
    int rank = -1;
    int suit;
    int i;

    if (text[0] == '?' && text[1] == '?') {
        *out = CARD_UNKNOWN;
        return 2;
    }
    if (c == '1' && text[1] == '0') {
        rank = RANK_TEN;
        rank_len = 2;
    } else {
        for (i = 0; i < RANK_COUNT; i++) {
            if (c != '\0' && c == rank_letters[i]) {
                rank = i;
                break;
            }
        }
    }
    if (rank < 0) {
        return 0;
    }
    suit = suit_parse(text + rank_len, &suit_len);
    if (suit == SUIT_NONE) {
        return 0;
    }
    *out = CARD_MAKE(suit, rank);
    return rank_len + suit_len;
}

char *card_format(uint8_t c, char *buf)
{
    assert(c <= CARD_UNKNOWN);
    if (c == CARD_UNKNOWN) {
        strcpy(buf, "??");
        return buf;
    }
    buf[0] = rank_letters[CARD_RANK(c)];
    buf[1] = suit_letters[CARD_SUIT(c)];
    buf[2] = '\0';
    return buf;
}

char suit_letter(int s)
{
    assert(s >= 0 && s < SUIT_COUNT);
    return suit_letters[s];
}

int cards_count(uint32_t m)
{
    /* the bits counted in parallel (SWAR): without -mpopcnt,
     * __builtin_popcount is a call into libgcc */
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

char *cards_format(uint32_t m, char *buf, size_t n)
{
    size_t len = 0;
    uint8_t c;

    if (n == 0) {
        return buf;
    }
    buf[0] = '\0';
    for (c = 0; c < CARD_COUNT; c++) {
        size_t need;

        if ((m & CARD_BIT(c)) == 0) {
            continue;
        }
        need = (len > 0 ? 1 : 0) + 2;
        if (len + need >= n) {
            break;
        }
        if (len > 0) {
            buf[len++] = ' ';
        }
        card_format(c, buf + len);
        len += 2;
    }
    return buf;
}

char seat_letter(int s)
{
    if (s == SEAT_A) {
        return 'A';
    }
    if (s == SEAT_B) {
        return 'B';
    }
    return '-';
}

const char *event_verb(enum event_kind k)
{
    assert(k >= EV_NONE && k < EV_KIND_COUNT);
    return verbs[k];
}

/* The action kinds (from EV_CUT_FOR_DEAL on) by the length of their verb
 * and its first letter (AT: a letter's place), at most two, in enum
 * order ("marks" is EV_MARK_KING's, the first of its two kinds): a verb is
 * one of these or none.  Every verb is found through it (test_rules.c). */
#define AT(c) ((c) - 'a')
static const uint8_t verbs_at[16][26][2] = {
    [4][AT('a')] = {EV_ASK},
    [4][AT('b')] = {EV_BETS},
    [4][AT('c')] = {EV_CUT},
    [4][AT('p')] = {EV_POOL},
    [4][AT('s')] = {EV_SEAT, EV_SEES},
    [5][AT('c')] = {EV_CALLS},
    [5][AT('d')] = {EV_DRAW},
    [5][AT('g')] = {EV_GIVE},
    [5][AT('l')] = {EV_LOOK, EV_LEAD},
    [5][AT('m')] = {EV_MARK_KING},
    [5][AT('p')] = {EV_PLAY},
    [5][AT('r')] = {EV_ROLES},
    [5][AT('s')] = {EV_SHOW},
    [5][AT('t')] = {EV_TURN},
    [6][AT('c')] = {EV_CLAIM, EV_COVERS},
    [6][AT('e')] = {EV_ELECT},
    [6][AT('l')] = {EV_LEAVES},
    [6][AT('p')] = {EV_PERSON, EV_POINTS},
    [6][AT('q')] = {EV_QUEUES},
    [6][AT('s')] = {EV_STAND, EV_STAKES},
    [6][AT('v')] = {EV_VETO},
    [7][AT('a')] = {EV_ACCEPT, EV_ADVISES},
    [7][AT('e')] = {EV_EXPOSE},
    [7][AT('p')] = {EV_PACKETS},
    [7][AT('r')] = {EV_REFUSE},
    [7][AT('u')] = {EV_UNMARK},
    [8][AT('a')] = {EV_ABANDON},
    [8][AT('d')] = {EV_DISCARD},
    [8][AT('p')] = {EV_PROPOSE},
    [8][AT('s')] = {EV_SHUFFLE},
    [9][AT('a')] = {EV_ANNOUNCE},
    [9][AT('w')] = {EV_WITHDRAW},
    [10][AT('r')] = {EV_RESHUFFLE},
    [10][AT('t')] = {EV_TAKE_BACK, EV_TAKES_SEAT},
    [12][AT('o')] = {EV_OFFER_POINT},
    [13][AT('a')] = {EV_ACCEPT_POINT},
    [13][AT('c')] = {EV_CUT_FOR_DEAL},
    [13][AT('o')] = {EV_OFFER_DOUBLE},
    [14][AT('a')] = {EV_ACCEPT_DOUBLE},
    [14][AT('d')] = {EV_DECLINE_POINT},
    [14][AT('t')] = {EV_TAKES_ALL_BETS},
    [15][AT('c')] = {EV_NEW_CARDS},
    [15][AT('d')] = {EV_DECLINE_DOUBLE},
};
#undef AT

/* ascii_lower - ASCII lower case of c; other bytes unchanged. */
static char ascii_lower(char c)
{
    if (c >= 'A' && c <= 'Z') {
        return (char)(c - 'A' + 'a');
    }
    return c;
}

enum event_kind event_verb_kind(const char *w, size_t n)
{
    const uint8_t *k;
    char first;

    if (n == 0 || n >= sizeof(verbs_at) / sizeof(verbs_at[0])) {
        return EV_NONE;
    }
    first = ascii_lower(w[0]);
    if (first < 'a' || first > 'z') {
        return EV_NONE;
    }
    k = verbs_at[n][first - 'a'];
    for (int j = 0; j < 2 && k[j] != EV_NONE; j++) {
        const char *v = verbs[k[j]];
        size_t i = 1;

        /* a verb is written in lower case (a byte equal to the verb's
         * is its own lower case): the byte compared as it stands first,
         * folded only when it differs */
        while (i < n && (w[i] == v[i] || ascii_lower(w[i]) == v[i])) {
            i++;
        }
        if (i == n) {
            return (enum event_kind)k[j];
        }
    }
    return EV_NONE;
}

const char *option_name(enum law_option o)
{
    assert(o >= 0 && o < OPT_COUNT);
    return option_names[o];
}

int option_parse(const char *w, size_t n)
{
    return word_lookup(w, n, option_names, OPT_COUNT);
}

const char *remedy_name(enum remedy r)
{
    assert(r >= 0 && r < REM_COUNT);
    return remedy_names[r];
}

int remedy_parse(const char *w, size_t n)
{
    return word_lookup(w, n, remedy_names, REM_COUNT);
}

const char *law_window_name(enum law_window w)
{
    assert(w >= 0 && w < WIN_COUNT);
    return window_names[w];
}

const char *law_role_name(enum law_role r)
{
    assert(r >= 0 && (size_t)r < sizeof(role_names) / sizeof(role_names[0]));
    return role_names[r];
}

const char *phase_name(enum phase p)
{
    assert(p >= 0 && p < PH_COUNT);
    return phase_names[p];
}

char *ruling_format(const struct ruling *r, char *buf, size_t n)
{
    size_t len;
    int o;

    assert(r->law >= 0 && r->law < LAW_COUNT);
    if (n == 0) {
        return buf;
    }
    snprintf(buf, n, "ruling %s", laws_get(r->law)->id);
    len = strlen(buf);
    if (r->offender != SEAT_NONE && len < n) {
        snprintf(buf + len, n - len, " offender %c",
                 seat_letter(r->offender));
        len += strlen(buf + len);
    }
    if (r->elector != SEAT_NONE && len < n) {
        snprintf(buf + len, n - len, " elector %c", seat_letter(r->elector));
        len += strlen(buf + len);
    }
    if (r->options != 0 && len < n) {
        const char *sep = " options ";

        for (o = 0; o < OPT_COUNT && len < n; o++) {
            if ((r->options & OPT_BIT(o)) == 0) {
                continue;
            }
            snprintf(buf + len, n - len, "%s%s", sep, option_names[o]);
            len += strlen(buf + len);
            sep = ",";
        }
    }
    if (r->remedy != REM_NONE && len < n) {
        snprintf(buf + len, n - len, " remedy %s", remedy_name(r->remedy));
    }
    return buf;
}
