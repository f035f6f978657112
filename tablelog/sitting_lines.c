/* SPDX-License-Identifier: MIT */
/*
 * sitting_lines.c - the lines of a sitting above the two seats (docs/variants.md,
 * tables of three or more), read: the table lines person, seat, roles and pool; the
 * actions of persons (an ID first: stakes, bets, covers, ...); and the
 * `=` lines settle, pool, roles and bets.  Syntax only: whether a person
 * was declared, or may act now, is the sitting layer's business.  Their
 * canonical text is written with every other line's, in write.c.
 */
#include "tablelog/tablelog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablelog/tablelog_int.h"

#define ODDS_MAX 99             /* the largest P or Q of "at P:Q" */
#define STREAK_MAX 99

/* Words a person's ID may not be: the table lines' keywords and the words
 * of the sitting's lines, so that a line reads one way only. */
static const char *const reserved[] = {
    "game", "end", "strike", "score", "found", "deal", "person", "seat",
    "roles", "pool", "bank", "ponte", "advisers", "players", "roi",
    "streak", "rentrant", "queue", "house", "refund", "on", "at",
    "settle", "bets", "ruling", "value", "offender", "elector", "options",
    "remedy", "pack", "holds", "faced", "king", "to", "all",
};

bool tl_person_id_ok(const char *s, size_t n)
{
    char low[TL_ID_MAX];

    if (n < 2 || n > TL_ID_MAX - 1) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = tl__lower(s[i]);

        if (!(c >= 'a' && c <= 'z') &&
            (i == 0 || !(tl__is_digit(c) || c == '-'))) {
            return false;
        }
        low[i] = c;
    }
    low[n] = '\0';
    for (size_t k = 0; k < sizeof(reserved) / sizeof(reserved[0]); k++) {
        if (strcmp(reserved[k], low) == 0) {
            return false;
        }
    }
    return true;
}

bool tl_is_sitting(const struct tl_line *l)
{
    return l->kind == TL_EVENT &&
           (l->ev.kind >= EV_FIRST_SITTING || l->sit.actor[0] != '\0');
}

/* ------------------------------------------------------------------ */
/* Words                                                                */
/* ------------------------------------------------------------------ */

/* copy_id - token t, a person's ID, in lower case into out. */
static void copy_id(const struct parser *p, struct token t,
                    char out[TL_ID_MAX])
{
    size_t n = t.n < TL_ID_MAX - 1 ? t.n : TL_ID_MAX - 1;

    for (size_t i = 0; i < n; i++) {
        out[i] = tl__lower(p->s[t.pos + i]);
    }
    out[n] = '\0';
}

/* read_id - the next word as a person's ID into out; what names it. */
static int read_id(struct parser *p, char out[TL_ID_MAX], const char *what)
{
    struct token t = tl__next_token(p);

    if (!tl_person_id_ok(p->s + t.pos, t.n)) {
        return tl__fail_tok(p, t, what);
    }
    copy_id(p, t, out);
    return 0;
}

int tl__read_who(struct parser *p, int8_t *seat, char id[TL_ID_MAX],
                 const char *what)
{
    struct token t = tl__next_token(p);

    id[0] = '\0';
    *seat = SEAT_NONE;
    if (t.n == 1 && (tl__lower(p->s[t.pos]) == 'a' ||
                     tl__lower(p->s[t.pos]) == 'b')) {
        *seat = tl__lower(p->s[t.pos]) == 'a' ? SEAT_A : SEAT_B;
        return 0;
    }
    if (!tl_person_id_ok(p->s + t.pos, t.n)) {
        return tl__fail_tok(p, t, what);
    }
    copy_id(p, t, id);
    return 0;
}

/* read_money - the next word as an amount in [lo, TL_MONEY_MAX]. */
static int read_money(struct parser *p, int lo, const char *what,
                      int32_t *out)
{
    struct token t = tl__next_token(p);
    int v;

    if (!tl__number_in(p, t, lo, TL_MONEY_MAX, &v)) {
        return tl__fail_tokf(p, t, "%s (%d to %d)", what, lo, TL_MONEY_MAX);
    }
    *out = v;
    return 0;
}

/* read_signed - the next word as "+n", "-n" or "n" (n up to
 * TL_MONEY_MAX). */
static int read_signed(struct parser *p, int32_t *out)
{
    struct token t = tl__next_token(p);
    struct token digits = t;
    int sign = 1;
    int v;

    if (t.n > 1 && (p->s[t.pos] == '+' || p->s[t.pos] == '-')) {
        sign = p->s[t.pos] == '-' ? -1 : 1;
        digits.pos++;
        digits.n--;
    }
    if (!tl__number_in(p, digits, 0, TL_MONEY_MAX, &v)) {
        return tl__fail_tokf(p, t, "an amount (+n or -n, n up to %d)",
                             TL_MONEY_MAX);
    }
    *out = sign * v;
    return 0;
}

/* read_quoted - a quoted name ("..." with \" and \\ escapes) into out
 * (size n), not empty. */
static int read_quoted(struct parser *p, char *out, size_t n)
{
    size_t len = 0;
    size_t start;

    tl__skip_blanks(p);
    start = p->pos;
    if (p->pos >= p->end || p->s[p->pos] != '"') {
        return tl__fail_span(p, start, tl__next_token(p).n,
                             "a quoted name (\"Full Name\")");
    }
    p->pos++;
    for (;;) {
        char c;

        if (p->pos >= p->end) {
            return tl__fail_span(p, p->end, 0, "a closing quote");
        }
        c = p->s[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c == '\\') {
            if (p->pos + 1 >= p->end ||
                (p->s[p->pos + 1] != '"' && p->s[p->pos + 1] != '\\')) {
                return tl__fail_span(p, p->pos, p->pos + 1 < p->end ? 2 : 1,
                                     "\\\" or \\\\ (escapes in a name)");
            }
            c = p->s[++p->pos];
        }
        if (len + 1 >= n) {
            return tl__fail_span(p, p->pos, p->end - p->pos,
                                 "a shorter name");
        }
        out[len++] = c;
        p->pos++;
    }
    if (len == 0) {
        return tl__fail_span(p, start, 2, "a name between the quotes");
    }
    out[len] = '\0';
    return 0;
}

/* read_law_id - the next word as a law or rule id (L1-L51, PL5, CH2...)
 * into *out. */
static int read_law_id(struct parser *p, int *out)
{
    struct token t = tl__next_token(p);
    const struct law *l = NULL;

    if (t.n >= 2 && (tl__lower(p->s[t.pos]) != 'l' || p->s[t.pos + 1] != '0')) {
        l = laws_find(p->s + t.pos, t.n);
    }
    if (l == NULL || (tl__lower(p->s[t.pos]) != 'l' && l->law < N_CLUB_LAWS)) {
        return tl__fail_tokf(p, t, "a law (L1 to L%d, or a rule such as "
                                   "BY2)",
                             N_CLUB_LAWS);
    }
    *out = (int)l->law;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Roles                                                                */
/* ------------------------------------------------------------------ */

/* The keywords of each form of a roles line, in canonical order. */
struct roles_word {
    const char *word;
    int form;
    int slot;                   /* 0 first, 1 second, 2 list, 3 streak,
                                   4 two persons (players) */
};

static const struct roles_word roles_words[] = {
    {"bank", TL_ROLES_CHOUETTE, 0},
    {"ponte", TL_ROLES_CHOUETTE, 1},
    {"advisers", TL_ROLES_CHOUETTE, 2},
    {"players", TL_ROLES_PLAYERS, 4},
    {"queue", TL_ROLES_PLAYERS, 2},
    {"roi", TL_ROLES_ROI, 0},
    {"streak", TL_ROLES_ROI, 3},
    {"rentrant", TL_ROLES_ROI, 1},
    {"queue", TL_ROLES_ROI, 2},
    {"a", TL_ROLES_GALLERY, 0},
    {"b", TL_ROLES_GALLERY, 1},
    {"queue", TL_ROLES_GALLERY, 2},
};

#define N_ROLES_WORDS (sizeof(roles_words) / sizeof(roles_words[0]))

/* roles_word - the keyword t is in form (any form if form is NONE), or
 * NULL. */
static const struct roles_word *roles_word(const struct parser *p,
                                           struct token t, int form)
{
    for (size_t i = 0; i < N_ROLES_WORDS; i++) {
        if ((form == TL_ROLES_NONE || roles_words[i].form == form) &&
            tl__tok_is(p, t, roles_words[i].word)) {
            return &roles_words[i];
        }
    }
    return NULL;
}

/* roles_expected - the keywords of form not yet given (seen: slot bits),
 * for a message, into buf. */
static const char *roles_expected(int form, unsigned seen, char *buf,
                                  size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < N_ROLES_WORDS && used < n; i++) {
        if (roles_words[i].form == form &&
            !(seen & (1u << roles_words[i].slot))) {
            used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                     used ? ", " : "", roles_words[i].word);
        }
    }
    if (used < n) {
        snprintf(buf + used, n - used, "%send of line", used ? " or " : "");
    }
    return buf;
}

/* roles_has - is the person id already named in r? */
static bool roles_has(const struct tl_roles *r, const char *id)
{
    if (strcmp(r->first, id) == 0 || strcmp(r->second, id) == 0) {
        return true;
    }
    for (int i = 0; i < r->n; i++) {
        if (strcmp(r->list[i], id) == 0) {
            return true;
        }
    }
    return false;
}

/* read_role_id - the next word as a person not yet named in r, into
 * out. */
static int read_role_id(struct parser *p, const struct tl_roles *r,
                        char out[TL_ID_MAX])
{
    struct token t = tl__next_token(p);
    char id[TL_ID_MAX];

    if (!tl_person_id_ok(p->s + t.pos, t.n)) {
        return tl__fail_tok(p, t, "a person's ID");
    }
    copy_id(p, t, id);
    if (roles_has(r, id)) {
        return tl__fail_tok(p, t, "each person once");
    }
    memcpy(out, id, TL_ID_MAX);
    return 0;
}

/*
 * roles_form - the keyword t that opens a roles line, which names its
 * form: bank (a chouette), players or roi (a pool), A (a gallery); a
 * line opening with its queue takes the form of the first other keyword
 * after it.  Returns that keyword's row (p->pos back after t), or NULL.
 */
static const struct roles_word *roles_form(struct parser *p, struct token t)
{
    const struct roles_word *w = roles_word(p, t, TL_ROLES_NONE);
    const struct roles_word *k = NULL;
    size_t after = p->pos;

    if (w == NULL || !tl__tok_is(p, t, "queue")) {
        return w;
    }
    /* the queue fits every form but a chouette's: the first keyword of
     * another kind says which */
    for (struct token u = tl__next_token(p); u.n > 0 && k == NULL;
         u = tl__next_token(p)) {
        k = roles_word(p, u, TL_ROLES_NONE);
        if (k != NULL && tl__tok_is(p, u, "queue")) {
            k = NULL;
        }
    }
    p->pos = after;
    return k != NULL && k->form != TL_ROLES_CHOUETTE ? k : NULL;
}

/* read_role_list - the persons of a list (advisers, queue) up to the
 * next keyword of the form or the end of the line, appended to r. */
static int read_role_list(struct parser *p, struct tl_roles *r)
{
    for (;;) {
        size_t at = p->pos;
        struct token t = tl__next_token(p);

        if (t.n == 0 || roles_word(p, t, r->form) != NULL) {
            p->pos = at;
            return 0;
        }
        if (r->n == TL_IDS_MAX) {
            return tl__fail_tokf(p, t, "at most %d persons", TL_IDS_MAX);
        }
        p->pos = at;
        if (read_role_id(p, r, r->list[r->n]) < 0) {
            return -1;
        }
        r->n++;
    }
}

/* read_role_slot - what follows the keyword of slot (struct roles_word)
 * into r: the first or second person, the streak, a pool's two players,
 * or a list. */
static int read_role_slot(struct parser *p, struct tl_roles *r, int slot)
{
    struct token t;
    int v;

    switch (slot) {
    case 0:
        return read_role_id(p, r, r->first);
    case 1:
        return read_role_id(p, r, r->second);
    case 3:
        t = tl__next_token(p);
        if (!tl__number_in(p, t, 0, STREAK_MAX, &v)) {
            return tl__fail_tokf(p, t, "a streak (0 to %d)", STREAK_MAX);
        }
        r->streak = v;
        return 0;
    case 4:
        if (read_role_id(p, r, r->first) < 0) {
            return -1;
        }
        return read_role_id(p, r, r->second);
    default:
        return read_role_list(p, r);
    }
}

/*
 * parse_roles - the rest of a roles line into *r: one of the forms
 * bank/ponte/advisers, players/queue, roi/streak/rentrant/queue,
 * A/B/queue, its keywords in any order, each at most once; the bank and
 * the ponte, both players, the roi and his streak, A and B are needed.
 */
static int parse_roles(struct parser *p, struct tl_roles *r)
{
    char what[120];
    unsigned seen = 0;
    unsigned need = 0;
    struct token t = tl__next_token(p);
    const struct roles_word *w = NULL;

    memset(r, 0, sizeof(*r));
    w = roles_form(p, t);
    if (w == NULL) {
        return tl__fail_tok(p, t, "bank, players, roi or A (the roles of a "
                                  "chouette, a pool or a gallery)");
    }
    r->form = w->form;
    w = roles_word(p, t, r->form);
    need = r->form == TL_ROLES_CHOUETTE ? 0x3u
           : r->form == TL_ROLES_PLAYERS ? 0x10u
           : r->form == TL_ROLES_ROI ? 0x9u
           : 0x3u;
    for (;;) {
        if (w == NULL && t.n == 0 && (seen & need) == need) {
            return 0;
        }
        if (w == NULL || (seen & (1u << w->slot))) {
            return tl__fail_tok(p, t, roles_expected(r->form, seen, what,
                                                     sizeof(what)));
        }
        seen |= 1u << w->slot;
        if (read_role_slot(p, r, w->slot) < 0) {
            return -1;
        }
        t = tl__next_token(p);
        w = t.n == 0 ? NULL : roles_word(p, t, r->form);
    }
}

/* ------------------------------------------------------------------ */
/* Table lines and actions of persons                                   */
/* ------------------------------------------------------------------ */

int tl__parse_sitting_table(struct parser *p, struct token t,
                            struct tl_line *out)
{
    struct table_event *ev = &out->ev;
    struct tl_sitting *sit = &out->sit;

    if (tl__tok_is(p, t, "person")) {
        ev->kind = EV_PERSON;
        if (read_id(p, sit->who, "a person's ID (2 to 12 characters, a "
                                 "letter first, not a keyword)") < 0 ||
            read_quoted(p, sit->name, sizeof(sit->name)) < 0) {
            return -1;
        }
        return tl__read_end(p);
    }
    if (tl__tok_is(p, t, "seat")) {
        ev->kind = EV_SEAT;
        if (tl__read_seat(p, &ev->target, "a seat (A or B)") < 0 ||
            read_id(p, sit->who, "a person's ID") < 0) {
            return -1;
        }
        return tl__read_end(p);
    }
    if (tl__tok_is(p, t, "roles")) {
        ev->kind = EV_ROLES;
        return parse_roles(p, &sit->roles);
    }
    if (tl__tok_is(p, t, "pool")) {
        ev->kind = EV_POOL;
        if (read_money(p, 0, "a pool", &sit->n) < 0) {
            return -1;
        }
        return tl__read_end(p);
    }
    return 1;
}

/* The verbs a person may act with. */
static const enum event_kind person_verbs[] = {
    EV_CUT_FOR_DEAL, EV_STAKES, EV_BETS, EV_COVERS, EV_QUEUES, EV_SEES,
    EV_POINTS, EV_ADVISES, EV_CALLS, EV_LEAVES, EV_TAKES_SEAT,
};

/* read_odds - "P:Q" (1 to ODDS_MAX each) into odds. */
static int read_odds(struct parser *p, int16_t odds[2])
{
    struct token t = tl__next_token(p);
    struct token a = t;
    struct token b = t;
    const char *colon = t.n > 0 ? memchr(p->s + t.pos, ':', t.n) : NULL;
    int pv;
    int qv;

    if (colon != NULL) {
        a.n = (size_t)(colon - (p->s + t.pos));
        b.pos = a.pos + a.n + 1;
        b.n = t.n - a.n - 1;
    }
    if (colon == NULL || !tl__number_in(p, a, 1, ODDS_MAX, &pv) ||
        !tl__number_in(p, b, 1, ODDS_MAX, &qv)) {
        return tl__fail_tokf(p, t, "odds P:Q (1 to %d each)", ODDS_MAX);
    }
    odds[0] = (int16_t)pv;
    odds[1] = (int16_t)qv;
    return 0;
}

/* parse_bets - "bets N on S [at P:Q]" after a person's ID. */
static int parse_bets(struct parser *p, struct tl_line *out)
{
    struct token w;

    if (read_money(p, 1, "a bet", &out->sit.n) < 0 ||
        tl__read_word(p, "on") < 0 ||
        tl__read_seat(p, &out->ev.target, "a seat (A or B)") < 0) {
        return -1;
    }
    w = tl__next_token(p);
    if (w.n == 0) {
        return 0;
    }
    if (!tl__tok_is(p, w, "at")) {
        return tl__fail_tok(p, w, "at or end of line");
    }
    if (read_odds(p, out->sit.odds) < 0) {
        return -1;
    }
    return tl__read_end(p);
}

/* parse_covers - "covers ID [N]" after a person's ID. */
static int parse_covers(struct parser *p, struct tl_line *out)
{
    struct token w;

    if (read_id(p, out->sit.who, "the ID of the person whose bet is "
                                 "covered") < 0) {
        return -1;
    }
    w = tl__next_token(p);
    if (w.n == 0) {
        return 0;
    }
    p->pos = w.pos;
    if (read_money(p, 1, "an amount covered", &out->sit.n) < 0) {
        return -1;
    }
    return tl__read_end(p);
}

int tl__parse_person_action(struct parser *p, struct token t,
                            struct tl_line *out)
{
    struct table_event *ev = &out->ev;
    struct tl_sitting *sit = &out->sit;
    struct token v;
    enum event_kind kind = EV_NONE;

    if (!tl_person_id_ok(p->s + t.pos, t.n)) {
        return 1;
    }
    v = tl__next_token(p);
    for (size_t i = 0; i < sizeof(person_verbs) / sizeof(person_verbs[0]);
         i++) {
        if (tl__tok_is(p, v, event_verb(person_verbs[i]))) {
            kind = person_verbs[i];
        }
    }
    if (kind == EV_NONE) {
        p->pos = t.pos;
        return 1;
    }
    copy_id(p, t, sit->actor);
    ev->kind = kind;
    ev->actor = SEAT_NONE;
    switch (kind) {
    case EV_CUT_FOR_DEAL:
        return tl__read_cards(p, ev, 1, -1);
    case EV_STAKES:
        if (read_money(p, 1, "a stake", &sit->n) < 0) {
            return -1;
        }
        return tl__read_end(p);
    case EV_BETS:
        return parse_bets(p, out);
    case EV_COVERS:
        return parse_covers(p, out);
    case EV_SEES:
    case EV_ADVISES:
    case EV_TAKES_SEAT:
        if (tl__read_seat(p, &ev->target, "a seat (A or B)") < 0) {
            return -1;
        }
        return tl__read_end(p);
    case EV_POINTS:
        if (tl__read_seat(p, &ev->target, "a seat (A or B)") < 0 ||
            tl__read_card(p, ev) < 0) {
            return -1;
        }
        return tl__read_end(p);
    case EV_CALLS:
        if (read_law_id(p, &sit->law) < 0) {
            return -1;
        }
        return tl__read_end(p);
    default:
        return tl__read_end(p); /* queues, leaves */
    }
}

/* ------------------------------------------------------------------ */
/* The sitting's `=` lines                                              */
/* ------------------------------------------------------------------ */

/* amount_has - is who already among the n amounts of a? */
static bool amount_has(const struct tl_amount *a, int n, const char *who)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(a[i].who, who) == 0) {
            return true;
        }
    }
    return false;
}

/* read_amounts - "ID n ID n ..." to the end of the line into sit's
 * amounts: at least min of them; house allowed if house; signed if
 * signed_ok, else n >= 1. */
static int read_amounts(struct parser *p, struct tl_sitting *sit, int min,
                        bool house, bool signed_ok)
{
    for (;;) {
        struct token t = tl__next_token(p);
        struct tl_amount *a = &sit->amounts[sit->n_amounts];
        char id[TL_ID_MAX];

        if (t.n == 0) {
            if (sit->n_amounts < min) {
                return tl__fail_tok(p, t, "a person's ID and an amount");
            }
            return 0;
        }
        if (house && tl__tok_is(p, t, TL_HOUSE)) {
            snprintf(id, sizeof(id), "%s", TL_HOUSE);
        } else if (tl_person_id_ok(p->s + t.pos, t.n)) {
            copy_id(p, t, id);
        } else {
            return tl__fail_tok(p, t, house ? "a person's ID, house or end "
                                              "of line"
                                            : "a person's ID or end of line");
        }
        if (amount_has(sit->amounts, sit->n_amounts, id)) {
            return tl__fail_tok(p, t, "each person once");
        }
        if (sit->n_amounts == TL_IDS_MAX + 1) {
            return tl__fail_tokf(p, t, "at most %d amounts", TL_IDS_MAX + 1);
        }
        memcpy(a->who, id, sizeof(a->who));
        if (signed_ok) {
            if (read_signed(p, &a->n) < 0) {
                return -1;
            }
        } else if (read_money(p, 1, "an amount", &a->n) < 0) {
            return -1;
        }
        sit->n_amounts++;
    }
}

/* read_bets - "A n B m" (the seats in either order). */
static int read_bets(struct parser *p, int32_t bets[2])
{
    int8_t first;
    int8_t second;
    struct token t;

    if (tl__read_seat(p, &first, "a seat (A or B)") < 0 ||
        read_money(p, 0, "an amount", &bets[(int)first]) < 0) {
        return -1;
    }
    t = tl__next_token(p);
    p->pos = t.pos;
    if (tl__read_seat(p, &second, first == SEAT_A ? "seat B" : "seat A") < 0) {
        return -1;
    }
    if (second == first) {
        return tl__fail_tok(p, t, first == SEAT_A ? "seat B" : "seat A");
    }
    return read_money(p, 0, "an amount", &bets[(int)second]);
}

int tl__parse_sitting_expect(struct parser *p, struct token t,
                             struct tl_line *out)
{
    struct tl_sitting *sit = &out->sit;

    if (tl__tok_is(p, t, "settle")) {
        out->kind = TL_EXPECT_SETTLE;
        return read_amounts(p, sit, 1, true, true);
    }
    if (tl__tok_is(p, t, "pool")) {
        out->kind = TL_EXPECT_POOL;
        if (read_money(p, 0, "a pool", &sit->n) < 0) {
            return -1;
        }
        return tl__read_end(p);
    }
    if (tl__tok_is(p, t, "roles")) {
        out->kind = TL_EXPECT_ROLES;
        return parse_roles(p, &sit->roles);
    }
    if (tl__tok_is(p, t, "bets")) {
        struct token w;

        out->kind = TL_EXPECT_BETS;
        if (read_bets(p, sit->bets) < 0) {
            return -1;
        }
        w = tl__next_token(p);
        if (w.n == 0) {
            return 0;
        }
        if (!tl__tok_is(p, w, "refund")) {
            return tl__fail_tok(p, w, "refund or end of line");
        }
        return read_amounts(p, sit, 1, false, false);
    }
    return 1;
}

/* amount_cmp - persons in byte order, house last (qsort). */
static int amount_cmp(const void *a, const void *b)
{
    const struct tl_amount *x = a;
    const struct tl_amount *y = b;
    bool hx = strcmp(x->who, TL_HOUSE) == 0;
    bool hy = strcmp(y->who, TL_HOUSE) == 0;

    if (hx != hy) {
        return hx ? 1 : -1;
    }
    return strcmp(x->who, y->who);
}

void tl_normalize(struct tl_line *l)
{
    struct tl_sitting *sit = &l->sit;
    int kept = 0;

    if (l->kind != TL_EXPECT_SETTLE && l->kind != TL_EXPECT_BETS) {
        return;
    }
    for (int i = 0; i < sit->n_amounts; i++) {
        if (sit->amounts[i].n != 0) {
            sit->amounts[kept++] = sit->amounts[i];
        }
    }
    sit->n_amounts = kept;
    qsort(sit->amounts, (size_t)kept, sizeof(sit->amounts[0]), amount_cmp);
}
