/* SPDX-License-Identifier: MIT */
/*
 * table_words.c - the words of the table, for every front door (`ecarte
 * table`, `ecarte serve`): the prompt that says where the
 * table stands and who is to act, the verbs of each step with their
 * meanings (for `help`), the hint given with a refused line, and the
 * candidates of tab completion.  Pure functions of the referee's state
 * (arbiter_next, arbiter_playable, arbiter_hand): nothing here is typed or
 * recorded.
 */
#include "session/session.h"

#include "laws/laws.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* A verb and what it means, and the steps at which the table expects it. */
struct verb_word {
    const char *verb;
    const char *meaning;
    unsigned steps;             /* STEP_BIT()s of enum arb_step */
};

#define STEP_BIT(s) (1u << (unsigned)(s))
#define ANY_STEP 0u

static const struct verb_word verb_words[] = {
    {"cuts-for-deal", "cut for deal and show the card (L4, L5)",
     STEP_BIT(ARB_NEXT_CUT_FOR_DEAL)},
    {"shuffles", "shuffle the pack (L1, L2)", STEP_BIT(ARB_NEXT_SHUFFLE)},
    {"cuts", "cut N cards to the dealer (L3)", STEP_BIT(ARB_NEXT_SHUFFLE)},
    {"packets", "give notice of the packet order, 3-2 or 2-3 (L8)",
     STEP_BIT(ARB_NEXT_SHUFFLE)},
    {"gives", "give a player N cards: a packet, or from the stock",
     STEP_BIT(ARB_NEXT_PACKET) | STEP_BIT(ARB_NEXT_SERVE) |
         STEP_BIT(ARB_NEXT_REMEDY)},
    {"turns", "turn up the trump card (L10)", STEP_BIT(ARB_NEXT_TURN_UP)},
    {"marks", "`marks king`: score the king turned up (L22, L47)",
     STEP_BIT(ARB_NEXT_DECIDE)},
    {"announces", "`announces king`: the king of trumps held (L23, L24)",
     STEP_BIT(ARB_NEXT_DECIDE) | STEP_BIT(ARB_NEXT_LEAD) |
         STEP_BIT(ARB_NEXT_PLAY)},
    {"proposes", "elder hand proposes an exchange (L26)",
     STEP_BIT(ARB_NEXT_DECIDE)},
    {"stands", "elder hand plays without exchanging (L26)",
     STEP_BIT(ARB_NEXT_DECIDE)},
    {"accepts", "the dealer accepts the proposal (L27)",
     STEP_BIT(ARB_NEXT_ANSWER)},
    {"refuses", "the dealer refuses the proposal (L27)",
     STEP_BIT(ARB_NEXT_ANSWER)},
    {"discards", "lay out N cards face down (L28)",
     STEP_BIT(ARB_NEXT_DISCARD) | STEP_BIT(ARB_NEXT_REMEDY)},
    {"asks", "elder hand asks for N cards (L29, L30)",
     STEP_BIT(ARB_NEXT_ASK)},
    {"draws", "take N cards: from the stock, or back from a hand",
     STEP_BIT(ARB_NEXT_SERVE) | STEP_BIT(ARB_NEXT_REMEDY)},
    {"leads", "lead a card to the trick (`leads C calling S`: L41)",
     STEP_BIT(ARB_NEXT_LEAD) | STEP_BIT(ARB_NEXT_DECIDE)},
    {"plays", "play a card to the card led (L43)", STEP_BIT(ARB_NEXT_PLAY)},
    {"elects", "choose an option of a ruling", STEP_BIT(ARB_NEXT_ELECT)},
    {"offers-double", "offer to double the hand (MD1)",
     STEP_BIT(ARB_NEXT_DECIDE) | STEP_BIT(ARB_NEXT_LEAD)},
    {"accepts-double", "accept the double (MD1)", STEP_BIT(ARB_NEXT_OFFER)},
    {"declines-double", "decline the double (MD1)",
     STEP_BIT(ARB_NEXT_OFFER)},
    {"offers-point", "offer the point (MD3-MD5)", STEP_BIT(ARB_NEXT_LEAD)},
    {"accepts-point", "accept the point offered (MD4)",
     STEP_BIT(ARB_NEXT_OFFER)},
    {"declines-point", "decline the point offered (MD3)",
     STEP_BIT(ARB_NEXT_OFFER)},
    {"reshuffles", "the discards become a new stock (PL1)",
     STEP_BIT(ARB_NEXT_RESHUFFLE)},
    /* irregularities and other actions: any time */
    {"exposes", "a card shown by mistake (L13, L36)", ANY_STEP},
    {"looks", "looks at his cards (L15-L18)", ANY_STEP},
    {"withdraws", "`withdraws king`: an announcement taken back (L25)",
     ANY_STEP},
    {"takes-back", "a card played is taken back (L39, L40)", ANY_STEP},
    {"abandons", "throws up the hand (L42)", ANY_STEP},
    {"claims", "claims the rest of the tricks (L42)", ANY_STEP},
    {"shows", "shows cards", ANY_STEP},
    {"calls-new-cards", "calls for new cards (L44)", ANY_STEP},
    {"unmarks", "takes points off the score (L51)", ANY_STEP},
    {"vetoes", "vetoes the king point with the jack (PL5)", ANY_STEP},
};

#define N_VERBS (sizeof(verb_words) / sizeof(verb_words[0]))

/*
 * in_force - may verb be said under the table's rule profile?  The
 * doubling verbs only with doubling=yes (MD1, MD2), the point's with
 * offer-point (MD3-MD5), the reshuffle with stock-out=reshuffle (PL1),
 * the veto with jack-veto=yes (PL5); every other verb always.
 */
static bool in_force(const struct arbiter *a, const char *verb)
{
    const struct profile *p = arbiter_profile(a);

    if (strstr(verb, "-double") != NULL) {
        return p->doubling != 0;
    }
    if (strstr(verb, "-point") != NULL) {
        return p->offer_point != OFFER_POINT_NO;
    }
    if (strcmp(verb, "reshuffles") == 0) {
        return p->stock_out == STOCK_OUT_RESHUFFLE;
    }
    if (strcmp(verb, "vetoes") == 0) {
        return p->jack_veto != 0;
    }
    return true;
}

/*
 * offered - is w a verb seat may say now (nx: what the table waits for)?
 * One the step takes, or an election while a ruling waits, under the
 * profile (in_force), from the seat the step expects; before the deal
 * either seat shuffles (the dealer last, L1), the dealer gives notice of
 * the packets (L8), the other cuts (L3); any seat gives or is served;
 * an offer waiting takes only its own answers (a double's, MD1, or the
 * point's, MD4: arb_next.point).
 */
static bool offered(const struct arbiter *a, const struct arb_next *nx,
                    int seat, const struct verb_word *w)
{
    bool by_seat = nx->seat == SEAT_NONE || nx->seat == seat ||
                   nx->step == ARB_NEXT_PACKET || nx->step == ARB_NEXT_SERVE;

    if ((w->steps & (STEP_BIT(nx->step) |
                     (nx->waiting ? STEP_BIT(ARB_NEXT_ELECT) : 0u))) == 0 ||
        !in_force(a, w->verb)) {
        return false;
    }
    if (strcmp(w->verb, "elects") == 0) {
        /* the elector's alone: of the ruling the table waits on, or of
         * the one waiting while play goes on */
        return nx->step == ARB_NEXT_ELECT ? seat == nx->seat
                                          : seat == nx->waiting_seat;
    }
    if (nx->step == ARB_NEXT_OFFER &&
        (w->steps & STEP_BIT(ARB_NEXT_OFFER)) != 0) {
        /* only the answers to the offer waiting (MD1 or MD4) */
        return by_seat && (strstr(w->verb, "-point") != NULL) == nx->point;
    }
    if (nx->step == ARB_NEXT_SHUFFLE) {
        if (strcmp(w->verb, "shuffles") == 0) {
            return true;
        }
        if (strcmp(w->verb, "packets") == 0) {
            return seat == arbiter_dealer(a);
        }
    }
    return by_seat;
}

/* Lines without an actor, and the table's own commands. */
static const char *const table_lines[] = {
    "game", "deal", "score", "found", "end", "strike",
};
static const char *const commands[] = {
    "help", "state", "hand", "rulings", "law", "undo", "quit",
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* step_words - what the table waits for, in a few words ("exchange: A
 * discards"). */
static void step_words(const struct arbiter *a, const struct arb_next *nx,
                       char *buf, size_t n)
{
    char who = nx->seat == SEAT_NONE ? '?' : seat_letter(nx->seat);
    int dealer = arbiter_dealer(a);
    char d = dealer == SEAT_NONE ? '?' : seat_letter(dealer);

    switch (nx->step) {
    case ARB_NEXT_CUT_FOR_DEAL:
        snprintf(buf, n, "cut for deal: A or B cuts-for-deal");
        break;
    case ARB_NEXT_DEAL:
        if (nx->seat == SEAT_NONE) {
            snprintf(buf, n, "next: deal A or deal B");
        } else {
            snprintf(buf, n, "next: deal %c", who);
        }
        break;
    case ARB_NEXT_NEW_GAME:
        snprintf(buf, n, "game over: game");
        break;
    case ARB_NEXT_SHUFFLE:
        snprintf(buf, n, "before the deal: shuffles, then %c cuts", who);
        break;
    case ARB_NEXT_PACKET:
        snprintf(buf, n, "deal: %c gives", d);
        break;
    case ARB_NEXT_TURN_UP:
        snprintf(buf, n, "deal: %c turns", d);
        break;
    case ARB_NEXT_DECIDE:
        snprintf(buf, n, "proposal: %c proposes or stands", who);
        break;
    case ARB_NEXT_ANSWER:
        snprintf(buf, n, "proposal: %c accepts or refuses", who);
        break;
    case ARB_NEXT_DISCARD:
        snprintf(buf, n, "exchange: %c discards", who);
        break;
    case ARB_NEXT_ASK:
        snprintf(buf, n, "exchange: %c asks", who);
        break;
    case ARB_NEXT_SERVE:
        snprintf(buf, n, "exchange: %c gives %c %d", d, who, nx->n);
        break;
    case ARB_NEXT_LEAD:
        snprintf(buf, n, "play: %c leads", who);
        break;
    case ARB_NEXT_PLAY:
        snprintf(buf, n, "play: %c plays", who);
        break;
    case ARB_NEXT_ELECT:
    case ARB_NEXT_REMEDY:
        snprintf(buf, n, "%s: %c %s", laws_get(nx->law)->id, who,
                 nx->step == ARB_NEXT_ELECT ? "chooses" : "carries out the remedy");
        break;
    case ARB_NEXT_OFFER:
        snprintf(buf, n, "offer: %c accepts-%s or declines-%s", who,
                 nx->point ? "point" : "double",
                 nx->point ? "point" : "double");
        break;
    case ARB_NEXT_RESHUFFLE:
        snprintf(buf, n, "PL1: %c reshuffles", d);
        break;
    }
}

/* options_words - "replay | stand" for the options of mask into buf. */
static void options_words(uint32_t mask, char *buf, size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int o = 0; o < OPT_COUNT && used < n; o++) {
        if (mask & OPT_BIT(o)) {
            used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                     used > 0 ? " | " : "",
                                     option_name((enum law_option)o));
        }
    }
}

void table_prompt(const struct arbiter *a, char *buf, size_t n)
{
    struct arb_next nx;
    int score[2];
    int dealer = arbiter_dealer(a);
    int deal = arbiter_deal_number(a);
    char where[120];
    char lead[80];

    arbiter_next(a, &nx);
    arbiter_score(a, score);
    if (deal > 0 && dealer != SEAT_NONE && arbiter_hand_in_progress(a)) {
        snprintf(lead, sizeof(lead), "A %d - B %d | deal %d, %c deals",
                 score[0], score[1], deal, seat_letter(dealer));
    } else if (arbiter_game_number(a) > 0) {
        snprintf(lead, sizeof(lead), "game %d: A %d - B %d",
                 arbiter_game_number(a), score[0], score[1]);
    } else {
        snprintf(lead, sizeof(lead), "A %d - B %d", score[0], score[1]);
    }
    if (nx.step == ARB_NEXT_ELECT) {
        char opts[120];

        options_words(nx.options, opts, sizeof(opts));
        snprintf(buf, n, "%s | %s: %c chooses: %s > ", lead,
                 laws_get(nx.law)->id,
                 nx.seat == SEAT_NONE ? '?' : seat_letter(nx.seat), opts);
        return;
    }
    step_words(a, &nx, where, sizeof(where));
    if (nx.waiting) {
        char opts[120];

        options_words(nx.waiting_options, opts, sizeof(opts));
        snprintf(buf, n, "%s | %s | %s waits: %c chooses %s > ", lead, where,
                 laws_get(nx.waiting_law)->id, seat_letter(nx.waiting_seat),
                 opts);
        return;
    }
    snprintf(buf, n, "%s | %s > ", lead, where);
}

int table_option_word(const struct arbiter *a, const char *word,
                      enum law_option *out)
{
    struct arb_next nx;

    arbiter_next(a, &nx);
    if (nx.step != ARB_NEXT_ELECT && nx.waiting) {
        nx.options = nx.waiting_options;
        nx.seat = nx.waiting_seat;
    } else if (nx.step != ARB_NEXT_ELECT) {
        return -1;
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        if ((nx.options & OPT_BIT(o)) &&
            strcasecmp(word, option_name((enum law_option)o)) == 0) {
            *out = (enum law_option)o;
            return nx.seat;
        }
    }
    return -1;
}

/* cards_hint - "one of KH QH, or a card not seen yet, named" for the
 * cards of mask (and unknown ones) into buf: a card led or played is
 * named as it is put down, never "??". */
static void cards_hint(uint32_t mask, int unknown, char *buf, size_t n)
{
    char cards[100];

    cards_format(mask, cards, sizeof(cards));
    if (mask != 0 && unknown > 0) {
        snprintf(buf, n, "one of %s, or a card not seen yet, named", cards);
    } else if (mask != 0) {
        snprintf(buf, n, "one of %s", cards);
    } else {
        snprintf(buf, n, "the card, named (the hand is not known)");
    }
}

void table_hint(const struct arbiter *a, char *buf, size_t n)
{
    struct arb_next nx;
    char where[120];
    char cards[140];
    int unknown = 0;

    arbiter_next(a, &nx);
    if (nx.step == ARB_NEXT_PLAY || nx.step == ARB_NEXT_LEAD) {
        uint32_t can = arbiter_playable(a, nx.seat, &unknown);

        cards_hint(can, unknown, cards, sizeof(cards));
        snprintf(buf, n, "expected %c to %s: %s", seat_letter(nx.seat),
                 nx.step == ARB_NEXT_PLAY ? "play" : "lead", cards);
        return;
    }
    if (nx.step == ARB_NEXT_DISCARD) {
        uint32_t hand;

        unknown = arbiter_hand(a, nx.seat, &hand) - cards_count(hand);
        cards_hint(hand, unknown, cards, sizeof(cards));
        snprintf(buf, n, "expected %c to discard: %s", seat_letter(nx.seat),
                 cards);
        return;
    }
    if (nx.step == ARB_NEXT_ELECT) {
        snprintf(buf, n, "expected %c to choose: type the option's word",
                 seat_letter(nx.seat));
        return;
    }
    step_words(a, &nx, where, sizeof(where));
    snprintf(buf, n, "expected %s (type help for the verbs)", where);
}

void table_help(const struct arbiter *a, FILE *fp)
{
    struct arb_next nx;

    bool heading = false;

    arbiter_next(a, &nx);
    for (size_t i = 0; i < N_VERBS; i++) {
        if ((verb_words[i].steps &
             (STEP_BIT(nx.step) |
              (nx.waiting ? STEP_BIT(ARB_NEXT_ELECT) : 0u))) &&
            in_force(a, verb_words[i].verb)) {
            if (!heading) {
                fprintf(fp, "Now:\n");
                heading = true;
            }
            fprintf(fp, "  X %-16s %s\n", verb_words[i].verb,
                    verb_words[i].meaning);
        }
    }
    if (nx.step == ARB_NEXT_ELECT || nx.waiting) {
        fprintf(fp, "  %-18s %s\n", "OPTION",
                "the option's word alone: the one who chooses elects it");
    }
    fprintf(fp, "Any time (irregularities are ruled as they come):\n");
    for (size_t i = 0; i < N_VERBS; i++) {
        if (!in_force(a, verb_words[i].verb)) {
            continue; /* not a verb of these rules */
        }
        if (verb_words[i].steps == ANY_STEP) {
            fprintf(fp, "  X %-16s %s\n", verb_words[i].verb,
                    verb_words[i].meaning);
        }
    }
    fprintf(fp,
            "Table lines: game, deal X, score A n B m, found faced C, found X "
            "holds N,\n  found pack imperfect, end\n"
            "Commands: help, state, hand A|B, score, law N, rulings,\n"
            "  undo (strike the last line: the scorer's slip), quit (or Ctrl-D;\n"
            "  Ctrl-C drops the line being typed)\n"
            "Tab completes the verbs and cards that fit now.\n");
}

/* ------------------------------------------------------------------ */
/* Completion                                                           */
/* ------------------------------------------------------------------ */

/* add - one candidate into c (copied), if there is room. */
static void add(struct table_candidates *c, const char *word)
{
    if (c->n < TABLE_CANDIDATES_MAX) {
        snprintf(c->word[c->n++], sizeof(c->word[0]), "%s", word);
    }
}

/* add_cards - every card of mask as a candidate, then ?? if unknown > 0. */
static void add_cards(struct table_candidates *c, uint32_t mask, int unknown)
{
    for (uint8_t k = 0; k < CARD_COUNT; k++) {
        if (mask & CARD_BIT(k)) {
            char t[CARD_TEXT_MAX];

            add(c, card_format(k, t));
        }
    }
    if (unknown > 0) {
        add(c, "??");
    }
}

/* is_seat - "A" or "B" (either case): its seat, else SEAT_NONE. */
static int is_seat(const char *w)
{
    if (strcasecmp(w, "A") == 0) {
        return SEAT_A;
    }
    if (strcasecmp(w, "B") == 0) {
        return SEAT_B;
    }
    return SEAT_NONE;
}

/* first_words - the candidates for the first word of a line. */
static void first_words(const struct arbiter *a, const struct arb_next *nx,
                        struct table_candidates *c)
{
    uint32_t options = nx->step == ARB_NEXT_ELECT ? nx->options
                       : nx->waiting              ? nx->waiting_options
                                                  : 0;

    for (int o = 0; o < OPT_COUNT; o++) {
        if (options & OPT_BIT(o)) {
            add(c, option_name((enum law_option)o));
        }
    }
    (void)a;
    add(c, "A");
    add(c, "B");
    for (size_t i = 0; i < N_OF(table_lines); i++) {
        add(c, table_lines[i]);
    }
    for (size_t i = 0; i < N_OF(commands); i++) {
        add(c, commands[i]);
    }
}

/* card_words - the cards that fit after "X verb" (the word at index 2 or
 * later). */
static void card_words(const struct arbiter *a, const struct arb_next *nx,
                       int seat, const char *verb, int index,
                       struct table_candidates *c)
{
    uint32_t hand;
    int unknown = arbiter_hand(a, seat, &hand);

    unknown -= cards_count(hand);
    if ((strcasecmp(verb, "plays") == 0 || strcasecmp(verb, "leads") == 0) &&
        index == 2) {
        /* a card led or played is named: ?? is refused there */
        add_cards(c, arbiter_playable(a, seat, &unknown), 0);
    } else if (strcasecmp(verb, "discards") == 0 && index >= 3) {
        add_cards(c, hand, unknown);
    } else if ((strcasecmp(verb, "exposes") == 0 && index == 2) ||
               strcasecmp(verb, "shows") == 0 ||
               strcasecmp(verb, "claims") == 0) {
        add_cards(c, hand, 0);
    } else if (strcasecmp(verb, "elects") == 0 && index == 2) {
        for (int o = 0; o < OPT_COUNT; o++) {
            if ((nx->options | nx->waiting_options) & OPT_BIT(o)) {
                add(c, option_name((enum law_option)o));
            }
        }
    } else if (strcasecmp(verb, "gives") == 0 && index == 2) {
        add(c, "A");
        add(c, "B");
    } else if ((strcasecmp(verb, "marks") == 0 ||
                strcasecmp(verb, "announces") == 0 ||
                strcasecmp(verb, "withdraws") == 0) &&
               index == 2) {
        add(c, "king");
    } else if (strcasecmp(verb, "packets") == 0 && index == 2) {
        add(c, "3-2");
        add(c, "2-3");
    }
}

void table_complete(const struct arbiter *a, const char *line, int upto,
                    struct table_candidates *c)
{
    char words[8][40];
    int nw = 0;
    int i = 0;
    struct arb_next nx;
    int seat;

    c->n = 0;
    arbiter_next(a, &nx);
    /* the complete words before the one being typed */
    while (i < upto && nw < 8) {
        int len = 0;

        while (i < upto && (line[i] == ' ' || line[i] == '\t')) {
            i++;
        }
        while (i < upto && line[i] != ' ' && line[i] != '\t') {
            if (len < 39) {
                words[nw][len++] = line[i];
            }
            i++;
        }
        if (i < upto || len == 0) {
            if (len > 0) {
                words[nw][len] = '\0';
                nw++;
            }
        } else {
            break; /* the word being typed */
        }
    }
    if (nw == 0) {
        first_words(a, &nx, c);
        return;
    }
    seat = is_seat(words[0]);
    if (seat == SEAT_NONE) {
        if (nw == 1 && (strcasecmp(words[0], "deal") == 0 ||
                        strcasecmp(words[0], "hand") == 0)) {
            add(c, "A");
            add(c, "B");
        } else if (nw == 1 && strcasecmp(words[0], "found") == 0) {
            add(c, "faced");
            add(c, "A");
            add(c, "B");
            add(c, "pack");
        }
        return;
    }
    if (nw == 1) {
        for (size_t k = 0; k < N_VERBS; k++) {
            if (offered(a, &nx, seat, &verb_words[k])) {
                add(c, verb_words[k].verb);
            }
        }
        for (size_t k = 0; k < N_VERBS; k++) {
            if (verb_words[k].steps == ANY_STEP &&
                in_force(a, verb_words[k].verb)) {
                add(c, verb_words[k].verb);
            }
        }
        return;
    }
    card_words(a, &nx, seat, words[1], nw, c);
}

/* The verbs a person may act with, by format (the sitting's rules:
 * sit_chouette.c, sit_pool.c, sit_gallery.c; cuts-for-deal and leaves in
 * every one). */
static const enum event_kind chouette_verbs[] = {
    EV_CUT_FOR_DEAL, EV_STAKES, EV_SEES, EV_POINTS, EV_ADVISES,
    EV_TAKES_SEAT, EV_QUEUES, EV_LEAVES,
};
static const enum event_kind pool_verbs[] = {
    EV_CUT_FOR_DEAL, EV_QUEUES, EV_POINTS, EV_ADVISES, EV_SEES, EV_LEAVES,
};
static const enum event_kind gallery_verbs[] = {
    EV_CUT_FOR_DEAL, EV_BETS, EV_COVERS, EV_SEES, EV_POINTS, EV_ADVISES,
    EV_CALLS, EV_TAKES_SEAT, EV_QUEUES, EV_LEAVES,
};

/* person_of - is w (n bytes) the ID of one of sit's persons? */
static bool person_of(const struct sitting *sit, const char *w, size_t n)
{
    for (int i = 0; i < sitting_persons(sit); i++) {
        const char *id = sitting_person(sit, i, NULL);

        if (id != NULL && strlen(id) == n && strncasecmp(id, w, n) == 0) {
            return true;
        }
    }
    return false;
}

void table_complete_sitting(const struct arbiter *a,
                            const struct sitting *sit, const char *line,
                            int upto, struct table_candidates *c)
{
    const enum event_kind *verbs = NULL;
    size_t n_verbs = 0;
    int i = 0;
    size_t len;

    table_complete(a, line, upto, c);
    if (sit == NULL) {
        return;
    }
    switch (sitting_format(sit)) {
    case SIT_CHOUETTE:
        verbs = chouette_verbs, n_verbs = N_OF(chouette_verbs);
        break;
    case SIT_POOL:
        verbs = pool_verbs, n_verbs = N_OF(pool_verbs);
        break;
    case SIT_GALLERY:
        verbs = gallery_verbs, n_verbs = N_OF(gallery_verbs);
        break;
    default:
        return;
    }
    while (i < upto && (line[i] == ' ' || line[i] == '\t')) {
        i++;
    }
    len = strcspn(line + i, " \t");
    if (i + (int)len >= upto) { /* the first word is being typed */
        add(c, "person");
        add(c, "seat");
        for (int k = 0; k < sitting_persons(sit); k++) {
            const char *id = sitting_person(sit, k, NULL);

            if (id != NULL) {
                add(c, id);
            }
        }
        return;
    }
    if (!person_of(sit, line + i, len)) {
        return;
    }
    i += (int)len;
    while (i < upto && (line[i] == ' ' || line[i] == '\t')) {
        i++;
    }
    if (i + (int)strcspn(line + i, " \t") >= upto) { /* the verb */
        for (size_t k = 0; k < n_verbs; k++) {
            add(c, event_verb(verbs[k]));
        }
    }
}

/* prefix_of - does word start with the n bytes of p (any case)? */
static bool prefix_of(const char *word, const char *p, size_t n)
{
    return strlen(word) >= n && strncasecmp(word, p, n) == 0;
}

void table_completion(const struct arbiter *a, const char *line, size_t upto,
                      struct table_completion *out)
{
    table_completion_sitting(a, NULL, line, upto, out);
}

void table_completion_sitting(const struct arbiter *a,
                              const struct sitting *sit, const char *line,
                              size_t upto, struct table_completion *out)
{
    struct table_candidates all;
    size_t start = upto;
    size_t typed = 0;
    size_t common = 0;
    const char *first = NULL;

    memset(out, 0, sizeof(*out));
    if (upto >= TL_LINE_MAX) {
        return;                 /* a line no log could hold: nothing */
    }
    while (start > 0 && line[start - 1] != ' ' && line[start - 1] != '\t') {
        start--;
    }
    typed = upto - start;
    table_complete_sitting(a, sit, line, (int)start, &all);
    for (int i = 0; i < all.n; i++) {
        if (!prefix_of(all.word[i], line + start, typed)) {
            continue;
        }
        snprintf(out->list.word[out->list.n++], sizeof(out->list.word[0]),
                 "%s", all.word[i]);
        if (first == NULL) {
            first = out->list.word[out->list.n - 1];
            common = strlen(first);
        } else {
            size_t k = 0;

            while (k < common && all.word[i][k] != '\0' &&
                   tolower((unsigned char)all.word[i][k]) ==
                       tolower((unsigned char)first[k])) {
                k++;
            }
            common = k;
        }
    }
    if (out->list.n == 1) {
        /* one word fits: the rest of it, and a space */
        snprintf(out->insert, sizeof(out->insert), "%s ", first + typed);
        out->list.n = 0;
    } else if (out->list.n > 1 && common > typed) {
        /* several: what they have in common; they are listed next time */
        snprintf(out->insert, sizeof(out->insert), "%.*s",
                 (int)(common - typed), first + typed);
        out->list.n = 0;
    }
}

void table_verbs(const struct arbiter *a, int seat, struct table_candidates *c)
{
    struct arb_next nx;

    c->n = 0;
    arbiter_next(a, &nx);
    for (size_t k = 0; k < N_VERBS; k++) {
        if (offered(a, &nx, seat, &verb_words[k])) {
            add(c, verb_words[k].verb);
        }
    }
}
