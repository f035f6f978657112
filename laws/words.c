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


/* The options whose generic words are wrong for a law: what the law's
 * reading says that option does. */
struct law_option_text {
    enum law_id law;
    enum law_option option;
    const char *words;
};

static const struct law_option_text law_option_texts[] = {
    {LAW_13, OPT_PLAY_ON, "the deal stands: the exposed card stays in the "
                          "hand it was dealt to"},
    {LAW_15, OPT_PLAY_ON, "the deal stands: elder hand throws out his "
                          "surplus unseen, out of play"},
    {LAW_17, OPT_PLAY_ON, "the deal stands: elder hand draws the surplus "
                          "from the dealer's hand, out of play"},
    {LAW_21, OPT_PLAY_ON, "play goes on: a short dealer loses every trick "
                          "he cannot play to; a long one has the surplus "
                          "drawn by elder hand"},
    {LAW_29, OPT_PLAY_ON, "the deal stands: the dealer draws the surplus "
                          "from elder hand, out of play"},
    {LAW_31, OPT_PLAY_ON, "the deal stands: elder hand throws out the extra "
                          "cards unseen"},
    {LAW_33, OPT_PLAY_ON, "the deal stands: elder hand draws the surplus "
                          "from the dealer's hand"},
    {LAW_34, OPT_PLAY_ON, "the dealer plays short: elder hand takes every "
                          "trick he cannot play to"},
    {LAW_34, OPT_COMPLETE, "the dealer completes his hand from the stock"},
    {LAW_36, OPT_TAKE, "elder hand takes the exposed cards meant for him"},
    {LAW_36, OPT_REFUSE, "the exposed cards are set aside; the next cards "
                         "are given"},
};

const char *law_option_words_for(enum law_id l, enum law_option o)
{
    for (size_t i = 0;
         i < sizeof(law_option_texts) / sizeof(law_option_texts[0]); i++) {
        if (law_option_texts[i].law == l && law_option_texts[i].option == o) {
            return law_option_texts[i].words;
        }
    }
    return law_option_words(o);
}

/* What each remedy does now: "%1" is who offended, "%2" the other. */
static const char *const remedy_now[REM_COUNT] = {
    [REM_NONE] = "nothing to put right: the play goes on as it stands",
    [REM_NEW_DEAL] = "the deal is void and the points marked in it are "
                     "cancelled; the cards are dealt again",
    [REM_DEAL_STANDS] = "the deal stands and the play goes on",
    [REM_RECUT] = "the pack is cut again",
    [REM_RESHUFFLE] = "the pack is shuffled again; a face seen in the "
                      "shuffle has no consequence",
    [REM_RECTIFY_DEAL] = "the dealer puts the deal right",
    [REM_CHOOSE_TRUMP] = "elder hand names which turned card is the trump; "
                         "the others are set aside",
    [REM_OWNER_DISCARDS_SURPLUS] = "the hand with the surplus throws it out "
                                   "unseen, out of play",
    [REM_OPPONENT_DRAWS_SURPLUS] = "the adversary of the long hand draws the "
                                   "surplus from it, out of play",
    [REM_COMPLETE_FROM_STOCK] = "the short hand is completed from the top of "
                                "the stock",
    [REM_SET_ASIDE] = "the card is set aside and the next one given; the "
                      "deal stands",
    [REM_RETRACT_CARD] = "%1's card goes back to his hand, without penalty",
    [REM_REPLAY_HAND] = "the hand is played again from the first trick",
    [REM_SCORE_CAP] = "%1's score for the hand is capped (point 0, vole 1, "
                      "point against a stand or refusal 1)",
    [REM_AWARD] = "the points the law gives are scored",
    [REM_SCORE_CORRECT] = "the score is put right: %1's points beyond what "
                          "is owed do not count",
    [REM_LOSE_RIGHT] = "%1 loses the right he did not use in time; no point "
                       "for it",
    [REM_SHORT_HAND_TRICKS] = "%1 plays short: %2 takes every trick he "
                              "cannot play to",
    [REM_NOT_ALLOWED] = "%1's action is refused and has no effect; the play "
                        "goes on as before it",
    [REM_VOID_OFFER] = "the offer has no effect and no penalty",
    [REM_VOID_VETO] = "%1's veto fails: the king point stands",
    [REM_RESEAT] = "%1 may not sit: the table waits until the right person "
                   "sits",
    [REM_FORFEIT_STAKE] = "%1 pays his stake over at once; his bet or advice "
                          "is over for the game",
    [REM_SUBSTITUTE] = "another takes up %1's hand and finishes the game",
    [REM_VOID] = "%1's stake, bet, cover or advice is void; what stood "
                 "before it stays",
    [REM_CONCEDE_GAME] = "%1 loses the game: he pays as for a game lost",
    [REM_DISPLACE] = "%1 takes the bet over and the bystander who covered "
                     "it is released",
    [REM_CLAIM] = "%1's call counts as the claim of the player he backs",
};

const char *law_remedy_now(enum remedy r, const char *offender,
                           const char *other, char *buf, size_t n)
{
    const char *t = (int)r >= 0 && r < REM_COUNT && remedy_now[r] != NULL
                        ? remedy_now[r]
                        : remedy_now[REM_NONE];
    size_t used = 0;

    if (n == 0) {
        return buf;
    }
    for (; *t != '\0' && used + 1 < n; t++) {
        const char *who = NULL;

        if (t[0] == '%' && (t[1] == '1' || t[1] == '2')) {
            who = t[1] == '1' ? offender : other;
            if (who == NULL || who[0] == '\0') {
                who = t[1] == '1' ? "the offender" : "his adversary";
            }
            used += (size_t)snprintf(buf + used, n - used, "%s", who);
            used = used < n ? used : n - 1;
            t++;
            continue;
        }
        buf[used++] = *t;
    }
    buf[used] = '\0';
    return buf;
}
