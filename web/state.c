/* SPDX-License-Identifier: MIT */
/*
 * state.c - a served table's state as JSON (GET /api/tables/ID, and each
 * `event: state`): the score, the deal, the hands with the cards known
 * ("??" for the others), the trick, what the table waits for and the
 * complete lines the scorer may post next, the rulings waiting for an
 * election with each option's line and preview, the last rulings, and
 * the sitting above the seats.  A pure function of the session and the
 * ledger: the same after the server is started again.
 */
#include "web/web.h"

#include <stdlib.h>
#include <string.h>

const char *web_seat(int seat)
{
    return seat == SEAT_A ? "A" : seat == SEAT_B ? "B" : NULL;
}

/* The step's word in "next.step". */
static const char *step_name(enum arb_step s)
{
    static const char *const names[] = {
        [ARB_NEXT_CUT_FOR_DEAL] = "cut-for-deal", [ARB_NEXT_DEAL] = "deal",
        [ARB_NEXT_NEW_GAME] = "new-game",         [ARB_NEXT_SHUFFLE] = "shuffle",
        [ARB_NEXT_PACKET] = "packet",             [ARB_NEXT_TURN_UP] = "turn-up",
        [ARB_NEXT_DECIDE] = "decide",             [ARB_NEXT_ANSWER] = "answer",
        [ARB_NEXT_DISCARD] = "discard",           [ARB_NEXT_ASK] = "ask",
        [ARB_NEXT_SERVE] = "serve",               [ARB_NEXT_LEAD] = "lead",
        [ARB_NEXT_PLAY] = "play",                 [ARB_NEXT_ELECT] = "elect",
        [ARB_NEXT_REMEDY] = "remedy",             [ARB_NEXT_OFFER] = "offer",
        [ARB_NEXT_RESHUFFLE] = "reshuffle",
    };

    return (size_t)s < sizeof(names) / sizeof(names[0]) && names[s] != NULL
               ? names[s]
               : "unknown";
}

/* cards_array - the cards of mask, then "??" unknown times, as a JSON
 * array (owned). */
static char *cards_array(struct wj *j, uint32_t mask, int unknown)
{
    char *arr = wj_eval(j, "SELECT json_array()", "");

    for (uint8_t k = 0; k < CARD_COUNT && arr != NULL; k++) {
        if (mask & CARD_BIT(k)) {
            char c[CARD_TEXT_MAX];

            arr = wj_push(j, arr, card_format(k, c), false);
        }
    }
    for (int i = 0; i < unknown && arr != NULL; i++) {
        arr = wj_push(j, arr, "??", false);
    }
    return arr;
}

/* hand_array - seat's hand as a JSON array (owned). */
static char *hand_array(struct wj *j, const struct arbiter *a, int seat)
{
    uint32_t known = 0;
    int n = arbiter_hand(a, seat, &known);

    return cards_array(j, known, n - cards_count(known));
}

/* trick_object - {"seat","card"} (owned). */
static char *play_object(struct wj *j, int seat, uint8_t card)
{
    char c[CARD_TEXT_MAX];

    return wj_eval(j, "SELECT json_object('seat',?1,'card',?2)", "tt",
                   web_seat(seat), card_format(card, c));
}

/* trick_plays - trick tr as a JSON array of its plays (owned). */
static char *trick_plays(struct wj *j, const struct arb_trick *tr)
{
    char *arr = wj_eval(j, "SELECT json_array()", "");
    char *p = play_object(j, tr->leader, tr->lead);

    arr = p != NULL ? wj_push(j, arr, p, true) : arr;
    free(p);
    if (tr->follow != CARD_NONE) {
        p = play_object(j, tr->leader == SEAT_A ? SEAT_B : SEAT_A,
                        tr->follow);
        arr = p != NULL ? wj_push(j, arr, p, true) : arr;
        free(p);
    }
    return arr;
}

/* tricks_json - the open trick and the last one complete, as JSON arrays
 * of plays (owned; "[]" for none), and the tricks each seat took in the
 * hand. */
static void tricks_json(struct wj *j, const struct arbiter *a, char **open,
                        char **last, int won[2])
{
    struct arb_trick tr[ARB_TRICKS_MAX];
    int n = arbiter_tricks(a, tr, ARB_TRICKS_MAX);
    int done = n > 0 && tr[n - 1].follow == CARD_NONE ? n - 1 : n;

    won[0] = won[1] = 0;
    for (int i = 0; i < n; i++) {
        if (tr[i].winner == SEAT_A || tr[i].winner == SEAT_B) {
            won[tr[i].winner]++;
        }
    }
    *open = done < n ? trick_plays(j, &tr[n - 1])
                     : wj_eval(j, "SELECT json_array()", "");
    *last = done > 0 ? trick_plays(j, &tr[done - 1])
                     : wj_eval(j, "SELECT json_array()", "");
}

/* preview_of - the text of option name in previews ("opt: text | ...")
 * into buf, "" if it has none. */
static const char *preview_of(const char *previews, const char *name,
                              char *buf, size_t n)
{
    size_t len = strlen(name);
    const char *p = previews;

    buf[0] = '\0';
    while (p != NULL && *p != '\0') {
        const char *bar = strstr(p, " | ");
        size_t item = bar != NULL ? (size_t)(bar - p) : strlen(p);

        if (item > len + 2 && strncmp(p, name, len) == 0 &&
            strncmp(p + len, ": ", 2) == 0) {
            snprintf(buf, n, "%.*s", (int)(item - len - 2), p + len + 2);
            return buf;
        }
        p = bar != NULL ? bar + 3 : NULL;
    }
    return buf;
}

/* elect_line - the line that elects option o for seat ("A elects
 * stand"); NULL for a veto (it shows a card). */
static const char *elect_line(int seat, enum law_option o, char *buf,
                              size_t n)
{
    if (o == OPT_VETO || seat == SEAT_NONE) {
        return NULL;
    }
    snprintf(buf, n, "%c elects %s", seat_letter(seat), option_name(o));
    return buf;
}

/* pending_json - the rulings waiting for an election (owned). */
static char *pending_json(struct wj *j, const struct arbiter *a)
{
    struct ruling rs[8];
    int n = arbiter_pending(a, rs, 8);
    char *arr = wj_eval(j, "SELECT json_array()", "");

    for (int i = 0; i < n && i < 8 && arr != NULL; i++) {
        const struct law *row = laws_get(rs[i].law);
        char words[APPLY_WORDS_MAX];
        char previews[ARB_PREVIEW_LEN];
        char *opts = wj_eval(j, "SELECT json_array()", "");
        char *obj;

        ruling_format(&rs[i], words, sizeof(words));
        arbiter_preview(a, &rs[i], previews, sizeof(previews));
        for (int o = 0; o < OPT_COUNT && opts != NULL; o++) {
            char line[64], pv[ARB_PREVIEW_LEN];
            char *opt;

            if (!(rs[i].options & OPT_BIT(o))) {
                continue;
            }
            opt = wj_eval(j, "SELECT json_object('option',?1,'line',?2,"
                             "'preview',?3)",
                          "ttt", option_name((enum law_option)o),
                          elect_line(rs[i].elector, (enum law_option)o, line,
                                     sizeof(line)),
                          preview_of(previews,
                                     option_name((enum law_option)o), pv,
                                     sizeof(pv)));
            opts = opt != NULL ? wj_push(j, opts, opt, true) : opts;
            free(opt);
        }
        obj = wj_eval(j, "SELECT json_object('law',?1,'title',?2,'words',?3,"
                         "'offender',?4,'elector',?5,'note',?6,"
                         "'options',json(?7))",
                      "ttttttt", row->id, row->title, words,
                      web_seat(rs[i].offender), web_seat(rs[i].elector),
                      rs[i].note, opts != NULL ? opts : "[]");
        free(opts);
        arr = obj != NULL ? wj_push(j, arr, obj, true) : arr;
        free(obj);
    }
    return arr;
}

/* The verbs that make a whole line with no word after them. */
static bool verb_alone(const char *verb)
{
    static const char *const alone[] = {
        "proposes",       "stands",          "accepts",      "refuses",
        "shuffles",       "offers-double",   "accepts-double",
        "declines-double", "offers-point",   "accepts-point",
        "declines-point",
    };

    for (size_t i = 0; i < sizeof(alone) / sizeof(alone[0]); i++) {
        if (strcmp(verb, alone[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* push_line - "fmt..." appended to the array *lines. */
static void push_line(struct wj *j, char **lines, const char *text)
{
    if (*lines != NULL) {
        *lines = wj_push(j, *lines, text, false);
    }
}

/* seat_lines - for seat: its verbs now (into *verbs) and the whole lines
 * they make (into *lines): each known card it may lead or play, each verb
 * alone.  A card nobody has seen makes no line: it is named as it is put
 * down (`B leads ??` is refused), so the scorer types it. */
static void seat_lines(struct wj *j, const struct arbiter *a,
                       const struct arb_next *nx, int seat, char **verbs,
                       char **lines)
{
    struct table_candidates c;
    char line[80];

    table_verbs(a, seat, &c);
    for (int i = 0; i < c.n; i++) {
        char verb[40];

        snprintf(verb, sizeof(verb), "%c %s", seat_letter(seat), c.word[i]);
        if (*verbs != NULL) {
            *verbs = wj_push(j, *verbs, verb, false);
        }
        if (verb_alone(c.word[i])) {
            push_line(j, lines, verb);
        }
    }
    if ((nx->step == ARB_NEXT_LEAD || nx->step == ARB_NEXT_PLAY) &&
        nx->seat == seat) {
        int unknown = 0;
        uint32_t can = arbiter_playable(a, seat, &unknown);

        for (uint8_t k = 0; k < CARD_COUNT; k++) {
            char card[CARD_TEXT_MAX];

            if (can & CARD_BIT(k)) {
                snprintf(line, sizeof(line), "%c %s %s", seat_letter(seat),
                         nx->step == ARB_NEXT_LEAD ? "leads" : "plays",
                         card_format(k, card));
                push_line(j, lines, line);
            }
        }
    }
}

/* next_json - what the table waits for: {"seat","step","verbs","cards",
 * "lines"} (owned). */
static char *next_json(struct wj *j, const struct arbiter *a)
{
    struct arb_next nx;
    char *verbs = wj_eval(j, "SELECT json_array()", "");
    char *lines = wj_eval(j, "SELECT json_array()", "");
    char *cards = NULL;
    char line[80];
    char *out;
    uint32_t elect = 0;
    int elector = SEAT_NONE;

    arbiter_next(a, &nx);
    if (nx.step == ARB_NEXT_ELECT) {
        elect = nx.options;
        elector = nx.seat;
    } else if (nx.waiting) {
        elect = nx.waiting_options;
        elector = nx.waiting_seat;
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        if ((elect & OPT_BIT(o)) &&
            elect_line(elector, (enum law_option)o, line, sizeof(line))) {
            push_line(j, &lines, line);
        }
    }
    if (nx.step == ARB_NEXT_NEW_GAME) {
        push_line(j, &lines, "game");
    } else if (nx.step == ARB_NEXT_DEAL) {
        for (int s = SEAT_A; s <= SEAT_B; s++) {
            if (nx.seat == SEAT_NONE || nx.seat == s) {
                snprintf(line, sizeof(line), "deal %c", seat_letter(s));
                push_line(j, &lines, line);
            }
        }
    }
    for (int s = SEAT_A; s <= SEAT_B; s++) {
        if (nx.seat == SEAT_NONE || nx.seat == s ||
            nx.step == ARB_NEXT_PACKET || nx.step == ARB_NEXT_SERVE) {
            seat_lines(j, a, &nx, s, &verbs, &lines);
        }
    }
    if (nx.step == ARB_NEXT_LEAD || nx.step == ARB_NEXT_PLAY) {
        int unknown = 0;
        uint32_t can = arbiter_playable(a, nx.seat, &unknown);

        cards = cards_array(j, can, unknown > 0 ? 1 : 0);
    } else if (nx.step == ARB_NEXT_DISCARD && nx.seat != SEAT_NONE) {
        cards = hand_array(j, a, nx.seat);
    }
    out = wj_eval(j, "SELECT json_object('seat',?1,'step',?2,'verbs',json(?3),"
                     "'cards',json(?4),'lines',json(?5),'n',?6,'law',?7)",
                  "ttttti" "t", web_seat(nx.seat), step_name(nx.step),
                  verbs != NULL ? verbs : "[]", cards != NULL ? cards : "[]",
                  lines != NULL ? lines : "[]", nx.n,
                  nx.step == ARB_NEXT_ELECT || nx.step == ARB_NEXT_REMEDY
                      ? laws_get(nx.law)->id
                      : NULL);
    free(verbs);
    free(cards);
    free(lines);
    return out;
}

/* ------------------------------------------------------------------ */
/* The rulings recorded, the sitting, the whole                         */
/* ------------------------------------------------------------------ */

/* A walk over the sitting's lines for its last rulings: a strike takes
 * back the rulings of the line it strikes, as `table` shows them. */
struct ruling_walk {
    struct wj *j;
    int events;                 /* events so far (the line a ruling is on) */
    int stack[64];              /* the events not struck, newest last */
    int n_stack;
    struct {
        int line;
        char words[APPLY_WORDS_MAX];
    } kept[WEB_RULINGS_KEPT];
    int n;
};

static int ruling_line(void *vctx, enum ledger_line_kind kind, int64_t game,
                       const char *text)
{
    struct ruling_walk *w = vctx;
    const char *words = text;

    (void)game;
    if (kind == LEDGER_LINE_EVENT) {
        if (*words == '@') {
            words += strcspn(words, " ");
            words += strspn(words, " ");
        }
        w->events++;
        if (strcmp(words, "strike") == 0) {
            int gone = w->n_stack > 0 ? w->stack[--w->n_stack] : 0;

            while (w->n > 0 && w->kept[w->n - 1].line == gone) {
                w->n--;
            }
            return 0;
        }
        if (w->n_stack == 64) {
            memmove(w->stack, w->stack + 1, sizeof(w->stack[0]) * 63);
            w->n_stack--;
        }
        w->stack[w->n_stack++] = w->events;
    } else if (kind == LEDGER_LINE_RULING) {
        if (w->n == WEB_RULINGS_KEPT) {
            memmove(w->kept, w->kept + 1,
                    sizeof(w->kept[0]) * (WEB_RULINGS_KEPT - 1));
            w->n--;
        }
        w->kept[w->n].line = w->events;
        snprintf(w->kept[w->n].words, sizeof(w->kept[0].words), "%s", text);
        w->n++;
    }
    return 0;
}

/* rulings_json - the sitting's last rulings, oldest first, each {"line"
 * (the event it is on, counted in the sitting), "words", "law",
 * "title"} (owned). */
static char *rulings_json(struct wj *j, struct web_table *t)
{
    struct ruling_walk *w = calloc(1, sizeof(*w));
    char *arr = wj_eval(j, "SELECT json_array()", "");

    if (w == NULL) {
        free(arr);
        return NULL;
    }
    w->j = j;
    if (ledger_lines_foreach(t->led, t->id, 0, ruling_line, w) != 0) {
        w->n = 0;
    }
    for (int i = 0; i < w->n && arr != NULL; i++) {
        const char *id = w->kept[i].words + strcspn(w->kept[i].words, " ");
        size_t len;
        const struct law *row;
        char *obj;

        id += strspn(id, " ");
        len = strcspn(id, " ");
        row = laws_find(id, len);
        obj = wj_eval(j, "SELECT json_object('line',?1,'words',?2,'law',?3,"
                         "'title',?4)",
                      "ittt", w->kept[i].line, w->kept[i].words,
                      row != NULL ? row->id : NULL,
                      row != NULL ? row->title : NULL);
        arr = obj != NULL ? wj_push(j, arr, obj, true) : arr;
        free(obj);
    }
    free(w);
    return arr;
}

/* A person's name as the ledger holds it (his person line). */
struct person_name {
    const char *id;
    char name[TL_TAG_VALUE_MAX];
};

/* name_of - ledger_persons_foreach: the name of the person sought. */
static int name_of(void *vctx, const char *code, const char *name)
{
    struct person_name *pn = vctx;

    if (strcmp(code, pn->id) == 0) {
        snprintf(pn->name, sizeof(pn->name), "%s", name);
        return 1;
    }
    return 0;
}

/* sitting_json - the persons, the pool, the roles, the bets, the house
 * (owned). */
static char *sitting_json(struct wj *j, struct web_table *t)
{
    const struct sitting *sit = session_sit(t->s);
    char *persons = wj_eval(j, "SELECT json_array()", "");
    char pool[SIT_MARK_TEXT], roles[SIT_MARK_TEXT], bets[SIT_MARK_TEXT];
    const char *in_a = sitting_seated(sit, SEAT_A);
    const char *in_b = sitting_seated(sit, SEAT_B);
    char *out;

    for (int i = 0; i < sitting_persons(sit) && persons != NULL; i++) {
        int balance = 0;
        const char *id = sitting_person(sit, i, &balance);
        const char *seat = in_a != NULL && strcmp(in_a, id) == 0   ? "A"
                           : in_b != NULL && strcmp(in_b, id) == 0 ? "B"
                                                                   : NULL;
        struct person_name pn = { .id = id };
        char *p;

        snprintf(pn.name, sizeof(pn.name), "%s", id);
        (void)ledger_persons_foreach(t->led, t->id, name_of, &pn);
        p = wj_eval(j, "SELECT json_object('id',?1,'name',?2,"
                       "'balance',?3,'seat',?4,'role',?5)",
                    "ttitt", id, pn.name, balance, seat,
                    sitting_person_role(sit, i));

        persons = p != NULL ? wj_push(j, persons, p, true) : persons;
        free(p);
    }
    sitting_now_text(sit, TL_EXPECT_POOL, pool, sizeof(pool));
    sitting_now_text(sit, TL_EXPECT_ROLES, roles, sizeof(roles));
    sitting_now_text(sit, TL_EXPECT_BETS, bets, sizeof(bets));
    out = wj_eval(j, "SELECT json_object('persons',json(?1),'pool',?2,"
                     "'roles',?3,'bets',?4,'house',?5)",
                  "ttttI", persons != NULL ? persons : "[]", pool, roles, bets,
                  (int64_t)sitting_house(sit));
    free(persons);
    return out;
}

/* The format's word. */
static const char *format_name(int f)
{
    return f == SIT_CHOUETTE ? "chouette"
           : f == SIT_POOL   ? "pool"
           : f == SIT_GALLERY ? "gallery"
                              : "duel";
}

/* player - the name of who sits in seat: the seat's tag, else the
 * person seated there, else NULL. */
static const char *player(struct web_table *t, int seat)
{
    const char *name = session_tag(t->s, seat == SEAT_A ? "A" : "B");

    return name != NULL ? name : sitting_seated(session_sit(t->s), seat);
}

char *web_summary_json(struct web_table *t, struct wj *j)
{
    struct arbiter *a = session_arbiter(t->s);
    int score[2];

    arbiter_score(a, score);
    return wj_eval(j, "SELECT json_object('table',?1,'source',?2,"
                      "'players',json_object('A',?3,'B',?4),'format',?5,"
                      "'score',json_object('A',?6,'B',?7),'deals',?8,"
                      "'event',?9)",
                   "IttttiiiI", t->id, WEB_SOURCE, player(t, SEAT_A),
                   player(t, SEAT_B),
                   format_name(sitting_format(session_sit(t->s))), score[0],
                   score[1], arbiter_deal_number(a), session_seq(t->s));
}

/* turnup_text - the turn-up's card ("??" if not seen), or NULL. */
static const char *turnup_text(const struct arbiter *a, char *buf)
{
    struct arb_place places[ARB_PLACES];

    arbiter_places(a, places);
    if (places[ARB_PLACE_TURN_UP].count == 0) {
        return NULL;
    }
    for (uint8_t k = 0; k < CARD_COUNT; k++) {
        if (places[ARB_PLACE_TURN_UP].known & CARD_BIT(k)) {
            return card_format(k, buf);
        }
    }
    return "??";
}

char *web_state_json(struct web_table *t, struct wj *j)
{
    struct arbiter *a = session_arbiter(t->s);
    int score[2], games[2], won[2];
    int dealer = arbiter_hand_in_progress(a) ? arbiter_dealer(a) : SEAT_NONE;
    int trump = arbiter_trump(a);
    char trump_s[2] = {trump != SUIT_NONE ? suit_letter(trump) : 0, 0};
    char laws[300], prompt[300], up[CARD_TEXT_MAX];
    char *hand_a = hand_array(j, a, SEAT_A);
    char *hand_b = hand_array(j, a, SEAT_B);
    char *open = NULL, *last = NULL;
    char *next = next_json(j, a);
    char *pending = pending_json(j, a);
    char *rulings = rulings_json(j, t);
    char *sit = sitting_json(j, t);
    char *out = NULL;

    arbiter_score(a, score);
    arbiter_games_won(a, games);
    tricks_json(j, a, &open, &last, won);
    profile_format(arbiter_profile(a), laws, sizeof(laws));
    table_prompt(a, prompt, sizeof(prompt));
    if (hand_a != NULL && hand_b != NULL && open != NULL && last != NULL &&
        next != NULL && pending != NULL && rulings != NULL && sit != NULL) {
        out = wj_eval(
            j,
            "SELECT json_object('table',?1,'seq',?2,'laws',?3,'format',?4,"
            "'players',json_object('A',?5,'B',?6),"
            "'score',json_object('A',?7,'B',?8),"
            "'games',json_object('A',?9,'B',?10),"
            "'game',CASE WHEN ?11>0 THEN ?11 END,"
            "'deal',CASE WHEN ?12>0 THEN ?12 END,'dealer',?13,'elder',?14,"
            "'phase',?15,'turnup',?16,'trump',?17,"
            "'hands',json_object('A',json(?18),'B',json(?19)),"
            "'trick',json(?20),'last_trick',json(?21),"
            "'tricks',json_object('A',?22,'B',?23),'value',?24,"
            "'prompt',?25,'next',json(?26),'pending',json(?27),"
            "'rulings',json(?28),'sitting',json(?29))",
            "IIttttiiiiii" "ttttttttt" "iii" "ttttt", t->id, session_seq(t->s),
            laws, format_name(sitting_format(session_sit(t->s))),
            player(t, SEAT_A), player(t, SEAT_B), score[0], score[1],
            games[0], games[1], arbiter_game_number(a),
            arbiter_deal_number(a), web_seat(dealer),
            web_seat(dealer == SEAT_NONE ? SEAT_NONE
                     : dealer == SEAT_A  ? SEAT_B
                                         : SEAT_A),
            phase_name(arbiter_phase(a)), turnup_text(a, up),
            trump_s[0] != 0 ? trump_s : NULL, hand_a, hand_b, open, last,
            won[0], won[1], arbiter_value(a), prompt, next, pending, rulings,
            sit);
    }
    free(hand_a);
    free(hand_b);
    free(open);
    free(last);
    free(next);
    free(pending);
    free(rulings);
    free(sit);
    return out;
}
