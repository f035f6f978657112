/* SPDX-License-Identifier: MIT */
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

/* The laws' own sentences for what happens now under a ruling without
 * options, where the reading says more than the remedy: the first entry
 * of the law with the ruling's remedy (REM_COUNT: any) and the tricks
 * condition (-1 any, 0 none taken, 1 some) whose fields are all known. */
struct law_now_text {
    enum law_id law;
    enum remedy remedy;
    int tricks;
    const char *words;
};

static const struct law_now_text law_now_texts[] = {
    {LAW_40, REM_RETRACT_CARD, -1,
     "%o's %c goes back to his hand unless %a has played to it; %a leads; "
     "no penalty (once %a has played to it, the trick stands and its "
     "winner leads)"},
    {LAW_42, REM_AWARD, 0,
     "%o abandoned his hand with no trick: %a scores the vole; the hand "
     "ends"},
    {LAW_42, REM_AWARD, 1,
     "%o abandoned his hand with %t: %a scores the point (with the L49 "
     "extra if %o stood or refused, under abandon-extra); the hand ends"},
    {LAW_14, REM_COUNT, -1,
     "%o's deal is void if the right deal (the right player, the right "
     "pack) is made before the trump is turned up; at the turn-up it "
     "stands, and %a deals next"},
    {LAW_24, REM_AWARD, -1,
     "%o announced the king in time: he scores the king point"},
    {LAW_24, REM_LOSE_RIGHT, -1,
     "%o announced the king too late: no king point"},
    {LAW_30, REM_COUNT, -1,
     "%o plays short (his request binds him, L26): %a takes every trick "
     "he cannot play to"},
    {LAW_39, REM_RETRACT_CARD, -1,
     "%o's card goes back to his hand and he plays the right card, "
     "without penalty"},
    {LAW_39, REM_COUNT, -1, "%o may not take his card back: it stays played"},
    {LAW_19, REM_LOSE_RIGHT, -1,
     "%d, the dealer of a miscounted deal, may not mark the king turned "
     "up in it"},
    {LAW_22, REM_LOSE_RIGHT, -1,
     "%o marked the turned king too late: the mark does not count"},
    {LAW_23, REM_LOSE_RIGHT, -1,
     "%o did not announce the king before his first card: no king point"},
    {LAW_37, REM_LOSE_RIGHT, -1,
     "%d may not refuse %e's next proposal, and %e may take the card "
     "turned up"},
    {LAW_PL4, REM_LOSE_RIGHT, -1,
     "the drawn turned king has scored already: %o has no point for it"},
    {LAW_25, REM_SCORE_CORRECT, -1,
     "%o's announced king scores no point and wins no game: a point "
     "scored on it is taken off"},
    {LAW_26, REM_NOT_ALLOWED, -1,
     "%o's proposal binds him: taking it back or changing it has no "
     "effect"},
    {LAW_27, REM_NOT_ALLOWED, -1,
     "%o's answer binds him: taking it back has no effect"},
    {LAW_51, REM_COUNT, -1,
     "%o's marks beyond the points owed do not count; the overscore may "
     "be taken off at any time in the game"},
    {LAW_12, REM_COUNT, -1,
     "the deal is void and the points marked in it are cancelled; a new "
     "deal follows"},
    {LAW_20, REM_COUNT, -1,
     "the deal is void and the points marked in it are cancelled; a new "
     "deal follows"},
    {LAW_45, REM_COUNT, -1,
     "the deal is void and the points marked in it are cancelled; every "
     "earlier deal stands"},
    {LAW_35, REM_COUNT, -1,
     "both may see the faced card; it is set aside and the next card "
     "given; the deal stands"},
    {LAW_PL1, REM_COUNT, -1,
     "the dealer serves what is left, then shuffles the discards into a "
     "new stock and goes on serving"},
    {LAW_50, REM_LOSE_RIGHT, -1,
     "the forgotten score was not marked in time: the point is lost"},
    {LAW_50, REM_COUNT, -1, "the forgotten score is marked in time: it counts"},
    {LAW_MD1, REM_COUNT, -1,
     "the double declined concedes the hand: the offerer scores as for "
     "the point (1, or 2 if the decliner was vulnerable), times the value "
     "in force; king points stand"},
    {LAW_MD3, REM_COUNT, -1,
     "the point declined: the decliner must win the vole; the offerer's "
     "first trick scores him 2, times the hand's value"},
    {LAW_MD4, REM_COUNT, -1,
     "the point accepted: the accepter scores it (2 when the offerer "
     "stood or refused, under offer-extra, else 1), times the hand's "
     "value; the hand ends"},
};

/* now_field - the text of placeholder k of f ("" unknown) into buf. */
static const char *now_field(const struct law_now_fill *f, char k,
                             char *buf, size_t n)
{
    const char *seat = "";

    switch (k) {
    case 'o': seat = f->offender; break;
    case 'a': seat = f->adversary; break;
    case 'd': seat = f->dealer; break;
    case 'e': seat = f->elder; break;
    case 'c': return f->card[0] != '\0' ? f->card : "card";
    case 't':
        if (f->tricks < 0) {
            return "";
        }
        snprintf(buf, n, "%d trick%s", f->tricks, f->tricks == 1 ? "" : "s");
        return buf;
    default: return "";
    }
    return seat != NULL ? seat : "";
}

/* now_fill - template t with f's fields into buf; false when one it
 * names is unknown. */
static bool now_fill(const char *t, const struct law_now_fill *f, char *buf,
                     size_t n)
{
    size_t used = 0;

    for (; *t != '\0' && used + 1 < n; t++) {
        char tmp[24];
        const char *v;

        if (t[0] != '%' || t[1] == '\0') {
            buf[used++] = *t;
            continue;
        }
        v = now_field(f, *++t, tmp, sizeof(tmp));
        if (v[0] == '\0') {
            return false;
        }
        used += (size_t)snprintf(buf + used, n - used, "%s", v);
        used = used < n ? used : n - 1;
    }
    buf[used] = '\0';
    return true;
}

bool law_now_words(enum law_id l, enum remedy r,
                   const struct law_now_fill *f, char *buf, size_t n)
{
    for (size_t i = 0; i < sizeof(law_now_texts) / sizeof(law_now_texts[0]);
         i++) {
        const struct law_now_text *e = &law_now_texts[i];

        if (e->law != l || (e->remedy != REM_COUNT && e->remedy != r) ||
            (e->tricks == 0 && f->tricks != 0) ||
            (e->tricks == 1 && f->tricks <= 0)) {
            continue;
        }
        if (now_fill(e->words, f, buf, n)) {
            return true;
        }
    }
    return false;
}
