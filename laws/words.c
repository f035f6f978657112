/*
 * words.c - what the registry's names mean in words, for a reader: the
 * windows in which a ruling may be claimed or elected, the roles that
 * offend or choose, the options; and the registry's ids as ranges.
 */
#include "laws/laws.h"

#include <stdio.h>
#include <string.h>

/* What the names of windows, roles, options and remedies mean, for
 * students reading `ecarte law N`. */
static const char *const window_words[WIN_COUNT] = {
    [WIN_NONE] = "settled at once",
    [WIN_BEFORE_TURN_UP] = "until the trump is turned up",
    [WIN_BEFORE_TURN_OR_LOOK] = "until the trump is turned up or elder hand "
                                "looks at his cards",
    [WIN_BEFORE_ELDER_LOOKS] = "until elder hand looks at his cards",
    [WIN_BEFORE_ELDER_ACTS] = "until elder hand proposes or plays",
    [WIN_BEFORE_DEALER_ANSWERS] = "until the dealer answers the first "
                                  "proposal, or play begins",
    [WIN_BEFORE_PLAY] = "until the first card is led",
    [WIN_BEFORE_NEXT_CARD] = "until the next card is played",
    [WIN_BEFORE_NEXT_LEAD] = "until the next card is led",
    [WIN_BEFORE_NEXT_TURN_UP] = "until the next deal's trump is turned up",
    [WIN_BEFORE_NEXT_CUT] = "until the pack is cut for the next deal",
    [WIN_GAME] = "while the game lasts",
};

static const char *const role_words[] = {
    [ROLE_NOBODY] = "nobody (it applies by itself)",
    [ROLE_ACTOR] = "the player who did it",
    [ROLE_DEALER] = "the dealer",
    [ROLE_ELDER] = "elder hand",
    [ROLE_ADVERSARY] = "the offender's adversary",
    [ROLE_EITHER] = "either player",
    [ROLE_TARGET] = "the player named in the action",
};

static const char *const option_words[OPT_COUNT] = {
    [OPT_NEW_DEAL] = "the deal is void; the same dealer deals again",
    [OPT_PLAY_ON] = "the deal stands (a surplus goes out of play, a short "
                    "hand plays short)",
    [OPT_RECTIFY] = "the dealer puts the deal right",
    [OPT_TRUMP] = "elder hand names the card that is trump",
    [OPT_REPLAY] = "the hand is played again from the first trick",
    [OPT_STAND] = "the result as played stands",
    [OPT_TAKE] = "elder hand takes the exposed card",
    [OPT_REFUSE] = "the exposed card is set aside",
    [OPT_COMPLETE] = "the short hand is completed from the stock",
    [OPT_NAMED_SUIT] = "the leader must lead the suit he named",
    [OPT_CARD_LED] = "play goes on to the card led",
    [OPT_VETO] = "the jack shown: the deal is annulled and the next player "
                 "deals",
    [OPT_PASS] = "no veto: the king point is scored",
};

const char *law_option_words(enum law_option o)
{
    if ((int)o < 0 || o >= OPT_COUNT || option_words[o] == NULL) {
        return "";
    }
    return option_words[o];
}

const char *law_role_words(enum law_role r)
{
    if ((int)r < 0 || (size_t)r >= sizeof(role_words) / sizeof(role_words[0]) ||
        role_words[r] == NULL) {
        return "";
    }
    return role_words[r];
}

const char *law_window_words(enum law_window w)
{
    if ((int)w < 0 || w >= WIN_COUNT || window_words[w] == NULL) {
        return "";
    }
    return window_words[w];
}

const char *law_id_ranges(char *buf, size_t n)
{
    size_t used = 0;
    int i = 0;

    buf[0] = '\0';
    while (i < LAW_COUNT) {
        const char *id = laws_get((enum law_id)i)->id;
        size_t plen = strcspn(id, "0123456789");
        int j = i;

        while (j + 1 < LAW_COUNT &&
               strncmp(laws_get((enum law_id)(j + 1))->id, id, plen) == 0 &&
               strcspn(laws_get((enum law_id)(j + 1))->id, "0123456789") ==
                   plen) {
            j++;
        }
        if (used < n) {
            used += (size_t)snprintf(buf + used, n - used, "%s%s-%s",
                                     i ? ", " : "", id,
                                     laws_get((enum law_id)j)->id);
        }
        i = j + 1;
    }
    return buf;
}

