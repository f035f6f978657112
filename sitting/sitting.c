/*
 * sitting.c - the sitting's life cycle and its tags (Format, Stake), and
 * one line taken: a line of the sitting ruled here or by the format, a
 * card action passed to the arbiter, and what the arbiter reports (a game
 * begun or ended, a turn-up, a result taken back) turned into roles and
 * money; the scorer's strikes; what the sitting's `=` lines should say.
 */
#include "sitting/sitting.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/* rules_for - the switches' defaults of format (VARIANTS.md 1.2). */
static void rules_for(struct sit_rules *r, int format)
{
    int stake = r->stake > 0 ? r->stake : 1;
    int rubber = r->rubber_tag;

    memset(r, 0, sizeof(*r));
    r->format = format;
    r->stake = stake;
    r->rubber_tag = rubber;
    r->bank_deals = true;
    r->bank_keeps = false;
    r->advice = format == SIT_CHOUETTE ? ADVICE_SPEAK
                : format == SIT_GALLERY ? ADVICE_POINT
                : ADVICE_NONE;
    r->pool_run = 2;
    r->pool_forfeit = 1;
    r->rentrant_deals = false;
    r->english = false;
    r->bettor_claims = true;
    r->loser_retires = true;
    r->tableau = false;
    r->each_turnup = false;
    r->levy = 0;
}

/* state_init - a sitting in the duel format, nobody declared. */
static void state_init(struct sit_state *s)
{
    memset(s, 0, offsetof(struct sit_state, p));
    s->r.stake = 1;
    s->r.rubber_tag = -1;
    rules_for(&s->r, SIT_DUEL);
    s->seat[0] = s->seat[1] = -1;
    s->first_cut = -1;
    s->roi = -1;
    s->rentrant = -1;
    s->pair[0] = s->pair[1] = -1;
    s->want[0] = s->want[1] = -1;
    s->hold_law = -1;
    s->hold_seat = SEAT_NONE;
    s->hold_person = -1;
    s->left_seat = SEAT_NONE;
    s->left_law = -1;
    s->left_person = -1;
    s->chouette_seat = SEAT_NONE;
    s->told[0] = s->told[1] = -1;
}

void sit__state_copy(struct sit_state *dst, const struct sit_state *src)
{
    memcpy(dst, src, offsetof(struct sit_state, p));
    memcpy(dst->p, src->p, sizeof(src->p[0]) * (size_t)src->n_persons);
    memcpy(dst->bets, src->bets, sizeof(src->bets[0]) * (size_t)src->n_bets);
}

const struct sit_ops *sit__ops(const struct sit_state *s)
{
    switch (s->r.format) {
    case SIT_CHOUETTE:
        return &sit__chouette_ops;
    case SIT_POOL:
        return &sit__pool_ops;
    case SIT_GALLERY:
        return &sit__gallery_ops;
    default:
        return &sit__duel_ops;
    }
}

int sitting_open(struct sitting **out)
{
    struct sitting *s = malloc(sizeof(*s));

    *out = s;
    if (s == NULL) {
        return SIT_E_ERROR;
    }
    state_init(&s->s);
    s->has_before = false;
    s->n_undo = 0;
    s->errmsg[0] = '\0';
    return SIT_OK;
}

void sitting_close(struct sitting *s)
{
    free(s);
}

void sitting_copy(struct sitting *dst, const struct sitting *src)
{
    sit__state_copy(&dst->s, &src->s);
    dst->has_before = src->has_before;
    if (src->has_before) {
        sit__state_copy(&dst->before, &src->before);
    }
    dst->n_undo = 0;            /* a strike does not reach past a copy */
    dst->errmsg[0] = '\0';
}

const char *sitting_errmsg(const struct sitting *s)
{
    return s->errmsg;
}

bool sitting_active(const struct sitting *s)
{
    return s->s.r.format != SIT_DUEL || s->s.n_persons > 0;
}

int sitting_format(const struct sitting *s)
{
    return s->s.r.format;
}

int sitting_persons(const struct sitting *s)
{
    return s->s.n_persons;
}

const char *sitting_person(const struct sitting *s, int i, int *balance)
{
    if (balance != NULL) {
        *balance = s->s.p[i].balance;
    }
    return s->s.p[i].id;
}

const char *sitting_seated(const struct sitting *s, int seat)
{
    assert(seat == SEAT_A || seat == SEAT_B);
    return s->s.seat[seat] >= 0 ? s->s.p[s->s.seat[seat]].id : NULL;
}

int sitting_house(const struct sitting *s)
{
    return s->s.house;
}

/* ------------------------------------------------------------------ */
/* Tags                                                                 */
/* ------------------------------------------------------------------ */

/* tag_fail - SIT_E_TAG with the message. */
static int tag_fail(struct sitting *s, const char *fmt, const char *what,
                    const char *found)
{
    snprintf(s->errmsg, sizeof(s->errmsg), fmt, what, found);
    return SIT_E_TAG;
}

/* trim - s without its blanks at both ends (in place). */
static char *trim(char *s)
{
    char *e;

    while (*s == ' ' || *s == '\t') {
        s++;
    }
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t')) {
        *--e = '\0';
    }
    return s;
}

/* yes_no - "yes" 1, "no" 0, else -1. */
static int yes_no(const char *v)
{
    return strcmp(v, "yes") == 0 ? 1 : strcmp(v, "no") == 0 ? 0 : -1;
}

/* One switch of a format: its name and the values it takes. */
struct fswitch {
    int format;
    const char *name;
    const char *values;         /* for the message */
};

static const struct fswitch fswitches[] = {
    {SIT_CHOUETTE, "bank-deals", "yes or no"},
    {SIT_CHOUETTE, "bank-on-loss", "passes or keeps"},
    {SIT_CHOUETTE, "advice", "speak, point or none"},
    {SIT_POOL, "pool-run", "2 or 3"},
    {SIT_POOL, "pool-forfeit", "1 or 0"},
    {SIT_POOL, "pool-deal", "cut or rentrant"},
    {SIT_POOL, "advice", "none, point or speak"},
    {SIT_GALLERY, "style", "french or english"},
    {SIT_GALLERY, "advice", "point, none or speak"},
    {SIT_GALLERY, "bettor-claims", "yes or no"},
    {SIT_GALLERY, "loser-retires", "yes or no"},
    {SIT_GALLERY, "bet-match", "cover or tableau"},
    {SIT_GALLERY, "bets-close", "first-turnup or each-turnup"},
    {SIT_GALLERY, "levy", "0 to 10"},
};

#define N_FSWITCHES (sizeof(fswitches) / sizeof(fswitches[0]))

/* set_switch - NAME=VALUE of format into r; 0, or -1 if the value is not
 * one it takes. */
static int set_switch(struct sit_rules *r, const char *name, const char *v)
{
    int yn = yes_no(v);

    if (strcmp(name, "bank-deals") == 0 && yn >= 0) {
        r->bank_deals = yn == 1;
    } else if (strcmp(name, "bank-on-loss") == 0 &&
               (strcmp(v, "passes") == 0 || strcmp(v, "keeps") == 0)) {
        r->bank_keeps = strcmp(v, "keeps") == 0;
    } else if (strcmp(name, "advice") == 0 &&
               (strcmp(v, "speak") == 0 || strcmp(v, "point") == 0 ||
                strcmp(v, "none") == 0)) {
        r->advice = strcmp(v, "speak") == 0   ? ADVICE_SPEAK
                    : strcmp(v, "point") == 0 ? ADVICE_POINT
                                              : ADVICE_NONE;
    } else if (strcmp(name, "pool-run") == 0 &&
               (strcmp(v, "2") == 0 || strcmp(v, "3") == 0)) {
        r->pool_run = v[0] - '0';
    } else if (strcmp(name, "pool-forfeit") == 0 &&
               (strcmp(v, "1") == 0 || strcmp(v, "0") == 0)) {
        r->pool_forfeit = v[0] - '0';
    } else if (strcmp(name, "pool-deal") == 0 &&
               (strcmp(v, "cut") == 0 || strcmp(v, "rentrant") == 0)) {
        r->rentrant_deals = strcmp(v, "rentrant") == 0;
    } else if (strcmp(name, "style") == 0 &&
               (strcmp(v, "french") == 0 || strcmp(v, "english") == 0)) {
        r->english = strcmp(v, "english") == 0;
    } else if (strcmp(name, "bettor-claims") == 0 && yn >= 0) {
        r->bettor_claims = yn == 1;
    } else if (strcmp(name, "loser-retires") == 0 && yn >= 0) {
        r->loser_retires = yn == 1;
    } else if (strcmp(name, "bet-match") == 0 &&
               (strcmp(v, "cover") == 0 || strcmp(v, "tableau") == 0)) {
        r->tableau = strcmp(v, "tableau") == 0;
    } else if (strcmp(name, "bets-close") == 0 &&
               (strcmp(v, "first-turnup") == 0 ||
                strcmp(v, "each-turnup") == 0)) {
        r->each_turnup = strcmp(v, "each-turnup") == 0;
    } else if (strcmp(name, "levy") == 0 && v[0] >= '0' && v[0] <= '9' &&
               (v[1] == '\0' || (strcmp(v, "10") == 0))) {
        r->levy = atoi(v);
    } else {
        return -1;
    }
    return 0;
}

/*
 * parse_format - a Format tag value: "chouette; bank-on-loss=keeps" into
 * r: the format, its defaults, the style preset of a gallery, then each
 * switch (a later one overriding).  Returns 0 or SIT_E_TAG (message).
 */
static int parse_format(struct sitting *sit, struct sit_rules *r,
                        const char *value)
{
    static const char *const names[] = {"duel", "chouette", "pool",
                                        "gallery"};
    char buf[TL_TAG_VALUE_MAX];
    char *items[32];
    int n = 0;
    int format = -1;
    char *save = NULL;

    snprintf(buf, sizeof(buf), "%s", value);
    for (char *it = strtok_r(buf, ";", &save); it != NULL && n < 32;
         it = strtok_r(NULL, ";", &save)) {
        items[n++] = trim(it);
    }
    for (int f = 0; n > 0 && f < 4; f++) {
        if (strcmp(items[0], names[f]) == 0) {
            format = f;
        }
    }
    if (format < 0) {
        return tag_fail(sit, "expected a format (duel, chouette, pool or "
                             "gallery)%s, found \"%s\"",
                        "", n > 0 ? items[0] : "");
    }
    rules_for(r, format);
    /* a gallery's style sets the next four switches; written switches
     * override it wherever they stand */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 1; i < n; i++) {
            char *eq = strchr(items[i], '=');
            const char *name;
            const char *v;
            size_t k;

            if (eq == NULL) {
                return tag_fail(sit, "expected a switch NAME=VALUE%s, "
                                     "found \"%s\"",
                                "", items[i]);
            }
            *eq = '\0';
            name = trim(items[i]);
            v = trim(eq + 1);
            for (k = 0; k < N_FSWITCHES; k++) {
                if (fswitches[k].format == format &&
                    strcmp(fswitches[k].name, name) == 0) {
                    break;
                }
            }
            if (k == N_FSWITCHES) {
                char what[200];
                size_t used = 0;

                for (size_t j = 0; j < N_FSWITCHES; j++) {
                    if (fswitches[j].format == format) {
                        used += (size_t)snprintf(what + used,
                                                 sizeof(what) - used, "%s%s",
                                                 used ? ", " : "",
                                                 fswitches[j].name);
                    }
                }
                if (used == 0) {
                    snprintf(what, sizeof(what), "nothing after \"duel\"");
                }
                snprintf(sit->errmsg, sizeof(sit->errmsg),
                         "expected a switch of %s (%s), found \"%s\"",
                         names[format], what, name);
                return SIT_E_TAG;
            }
            if ((pass == 0) == (strcmp(name, "style") == 0)) {
                if (set_switch(r, name, v) != 0) {
                    snprintf(sit->errmsg, sizeof(sit->errmsg),
                             "expected %s=%s, found \"%s\"", name,
                             fswitches[k].values, v);
                    return SIT_E_TAG;
                }
                if (strcmp(name, "style") == 0) {
                    r->advice = r->english ? ADVICE_NONE : ADVICE_POINT;
                    r->bettor_claims = !r->english;
                    r->loser_retires = !r->english;
                }
            }
            *eq = '=';
        }
    }
    return 0;
}

int sitting_set_tag(struct sitting *s, const char *name, const char *value)
{
    s->errmsg[0] = '\0';
    if (strcmp(name, "Format") != 0 && strcmp(name, "Stake") != 0 &&
        strcmp(name, "Rubber") != 0) {
        return SIT_OK;
    }
    if (s->s.started) {
        snprintf(s->errmsg, sizeof(s->errmsg),
                 "expected [%s] before the first action", name);
        return SIT_E_TAG;
    }
    if (strcmp(name, "Format") == 0) {
        struct sit_rules r = s->s.r;
        int rc = parse_format(s, &r, value);

        if (rc != 0) {
            return rc;
        }
        s->s.r = r;
        return SIT_OK;
    }
    if (strcmp(name, "Rubber") == 0) {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        s->s.r.rubber_tag = *end == '\0' && v >= 0 ? (int)v : -2;
        return SIT_OK;
    }
    {
        char *end = NULL;
        long v = strtol(value, &end, 10);

        if (value[0] < '1' || value[0] > '9' || *end != '\0' ||
            v > TL_MONEY_MAX) {
            snprintf(s->errmsg, sizeof(s->errmsg),
                     "expected a stake (1 to %d), found \"%s\"",
                     TL_MONEY_MAX, value);
            return SIT_E_TAG;
        }
        s->s.r.stake = (int)v;
    }
    return SIT_OK;
}

/* ------------------------------------------------------------------ */
/* What the `=` lines should say                                        */
/* ------------------------------------------------------------------ */

int sitting_mark_kind(enum tl_kind kind)
{
    switch (kind) {
    case TL_EXPECT_SETTLE:
        return SIT_MARK_SETTLE;
    case TL_EXPECT_POOL:
        return SIT_MARK_POOL;
    case TL_EXPECT_ROLES:
        return SIT_MARK_ROLES;
    case TL_EXPECT_BETS:
        return SIT_MARK_BETS;
    default:
        return -1;
    }
}

char *sitting_mark_text(const struct tl_line *l, char *buf, size_t n)
{
    struct tl_line bare;
    char text[TL_LINE_MAX];

    memcpy(&bare, l, sizeof(bare));
    bare.stamp[0] = '\0';
    tl_normalize(&bare);
    tl_format_line(&bare, text, sizeof(text));
    snprintf(buf, n, "%s", strncmp(text, "= ", 2) == 0 ? text + 2 : text);
    return buf;
}

/* at_risk - what the bettors of each seat risk on the game: in a
 * tableau each bet as it stands (its refund handed back); else each
 * cover, the bettor's part on his seat, the coverer's (at the odds) on
 * the other. */
static void at_risk(const struct sit_state *s, int risk[2])
{
    risk[0] = risk[1] = 0;
    for (int i = 0; i < s->n_bets; i++) {
        const struct bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (s->r.tableau) {
            risk[b->seat] += b->amount - b->refund;
            continue;
        }
        for (int k = 0; k < b->n_covers; k++) {
            risk[b->seat] += b->covers[k].amount;
            risk[SEAT_OTHER(b->seat)] += sit__cover_against(b, k);
        }
    }
}

char *sit__now_text(const struct sit_state *s, enum tl_kind kind, char *buf,
                    size_t n)
{
    struct tl_line line;

    buf[0] = '\0';
    memset(&line, 0, offsetof(struct tl_line, sit));
    line.kind = kind;
    line.sit.n_amounts = 0;
    switch (kind) {
    case TL_EXPECT_POOL:
        if (!s->pool_on) {
            return buf;
        }
        line.sit.n = s->pool;
        break;
    case TL_EXPECT_ROLES:
        sit__ops(s)->roles_now(s, &line.sit.roles);
        if (line.sit.roles.form == TL_ROLES_NONE) {
            return buf;
        }
        break;
    case TL_EXPECT_BETS: {
        int any = 0;

        at_risk(s, line.sit.bets);
        for (int i = 0; i < s->n_bets; i++) {
            any += !s->bets[i].dead;
            if (s->bets[i].refund > 0 &&
                line.sit.n_amounts < TL_IDS_MAX + 1) {
                struct tl_amount *a = &line.sit.amounts[line.sit.n_amounts];
                int k;

                for (k = 0; k < line.sit.n_amounts; k++) {
                    if (strcmp(line.sit.amounts[k].who,
                               sit__id(s, s->bets[i].bettor)) == 0) {
                        break;
                    }
                }
                if (k < line.sit.n_amounts) {
                    line.sit.amounts[k].n += s->bets[i].refund;
                    continue;
                }
                snprintf(a->who, sizeof(a->who), "%s",
                         sit__id(s, s->bets[i].bettor));
                a->n = s->bets[i].refund;
                line.sit.n_amounts++;
            }
        }
        if (any == 0 && line.sit.n_amounts == 0) {
            return buf;
        }
        break;
    }
    default:
        return buf;
    }
    return sitting_mark_text(&line, buf, n);
}

char *sitting_now_text(const struct sitting *s, enum tl_kind kind, char *buf,
                       size_t n)
{
    return sit__now_text(&s->s, kind, buf, n);
}

/* ------------------------------------------------------------------ */
/* What the arbiter reports                                             */
/* ------------------------------------------------------------------ */

/* fill_seats - a game begins: an empty seat takes the person the roles
 * put there. */
static void fill_seats(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);

    for (int k = 0; k < 2 && ops->seat_due != NULL; k++) {
        int due = ops->seat_due(s, k);

        if (s->seat[k] < 0 && due >= 0 && sit__seat_of(s, due) == SEAT_NONE) {
            s->seat[k] = due;
        }
    }
}

/* game_begins - the arbiter began game number game. */
static void game_begins(struct sit_ctx *c, int game)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);

    if (s->in_game && s->deal_seen && ops->abandoned != NULL) {
        ops->abandoned(c);
    }
    s->game = game;
    s->in_game = true;
    s->deal_seen = false;
    s->turned_up = false;
    if (s->cutting) {
        sit__cut_close(c);
    }
    fill_seats(c);
    if (ops->hold_law >= 0) {
        sit__check_seats(c, (enum law_id)ops->hold_law);
    }
    if (ops->game_start != NULL) {
        ops->game_start(c);
    }
}

/* first_deal - the game's first deal begins: who sits where is kept. */
static void first_deal(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);

    s->deal_seen = true;
    for (int k = 0; k < 2; k++) {
        if (s->seat[k] >= 0) {
            sit__record(c, SIT_REC_SEATING, k, s->seat[k],
                        ops->role(s, s->seat[k]), 0);
        }
    }
}

/* net_of - person's net in the settlements of this line's marks of
 * reason game or pool. */
static int net_of(const struct sit_ctx *c, int person)
{
    const char *id = sit__id(c->s, person);
    int net = 0;

    for (int m = 0; m < c->out->n_marks; m++) {
        const struct sit_mark *k = &c->out->marks[m];

        if (k->kind != SIT_MARK_SETTLE ||
            (strcmp(k->reason, "game") != 0 && strcmp(k->reason, "pool") != 0)) {
            continue;
        }
        for (int i = 0; i < k->n; i++) {
            if (strcmp(k->t[i].who, id) == 0) {
                net += k->t[i].n;
            }
        }
    }
    return net;
}

/* take_back - the result of the game settled is taken back (L51, or a
 * result that changed): its settlement reversed, the roles, the pool and
 * the bets as they were before its end (persons, seats and balances as
 * they are now). */
static int take_back(struct sit_ctx *c)
{
    struct sitting *sit = c->sit;
    struct sit_state *s = c->s;
    struct settle t;
    int rc;

    if (s->settled_game == 0 || !sit->has_before) {
        return 0;
    }
    sit__settle_start(&t);
    for (int i = 0; i < s->last_n; i++) {
        int who = sit__find(s, s->last[i].who);

        if (who >= 0) {
            t.amount[who] -= s->last[i].n;
        } else {
            t.house -= s->last[i].n;
        }
    }
    rc = sit__settle(c, &t, "reopened");
    if (rc != 0) {
        return rc;
    }
    {
        struct sit_state keep;
        int n_persons = s->n_persons;

        sit__state_copy(&keep, s);
        sit__state_copy(s, &sit->before);
        s->n_persons = n_persons;
        for (int i = 0; i < n_persons; i++) {
            if (i < sit->before.n_persons) {
                s->p[i].balance = keep.p[i].balance;
            } else {
                s->p[i] = keep.p[i];
            }
        }
        s->house = keep.house;
        s->seat[0] = keep.seat[0];
        s->seat[1] = keep.seat[1];
        s->game = keep.game;
    }
    s->in_game = true;
    s->settled_game = 0;
    s->last_n = 0;
    sit->has_before = false;
    sit__note(c, "game %d's settlement is taken back with its result",
              s->game);
    return 0;
}

/* game_ends - the arbiter reports game g won: the format settles it and
 * moves the roles; each person's part is recorded. */
static int game_ends(struct sit_ctx *c, const struct arb_game_result *g)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    const char *roles[SIT_PERSONS_MAX];
    int sides[SIT_PERSONS_MAX];
    int marks = c->out->n_marks;

    if (s->settled_game == g->number) {
        int rc = take_back(c);    /* the result changed: settled again */

        if (rc != 0) {
            return rc;
        }
    }
    sit__state_copy(&c->sit->before, s);
    c->sit->has_before = true;
    s->game = g->number;
    s->in_game = false;
    s->last_n = 0;
    for (int i = 0; i < s->n_persons; i++) {
        roles[i] = ops->role(s, i);
        sides[i] = ops->side(s, i);
    }
    if (ops->game_over != NULL) {
        ops->game_over(c, g);
    }
    for (int m = marks; m < c->out->n_marks; m++) {
        if (c->out->marks[m].kind == SIT_MARK_SETTLE &&
            c->out->marks[m].n > 0) {
            s->settled_game = g->number;
        }
    }
    for (int i = 0; i < s->n_persons; i++) {
        struct sit_record *r;

        if (sides[i] == SEAT_NONE && net_of(c, i) == 0) {
            continue;
        }
        r = sit__record(c, SIT_REC_ROLE, sides[i], i, roles[i], net_of(c, i));
        if (r != NULL) {
            r->game = g->number;
            r->won = sides[i] == SEAT_NONE ? 0 : sides[i] == g->winner ? 1 : -1;
        }
    }
    s->left_seat = SEAT_NONE;
    return 0;
}

/*
 * observe - what the arbiter reported for the line (or otherwise): a game
 * begun, its first deal, a turn-up, a deal ended, a result taken back, a
 * game won.  Returns 0 or SIT_E_MONEY.
 */
static int observe(struct sit_ctx *c, const struct arb_result *ar)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    int rc;

    if (ar->game_started) {
        game_begins(c, arbiter_game_number(c->a));
    }
    if (ar->deal_started && !s->deal_seen && s->in_game) {
        first_deal(c);
    }
    if (c->l != NULL && c->l->ev.kind == EV_TURN && s->in_game &&
        arbiter_trump(c->a) != SUIT_NONE && arbiter_hand_in_progress(c->a)) {
        bool first = !s->turned_up;

        s->turned_up = true;
        if (ops->turn_up != NULL) {
            ops->turn_up(c, first);
        }
    }
    if (ar->game_reopened && ar->reopened_game == s->settled_game) {
        rc = take_back(c);
        if (rc != 0) {
            return rc;
        }
    }
    if (ar->deal_over && ops->deal_over != NULL) {
        ops->deal_over(c);
    }
    if (ar->game_over) {
        return game_ends(c, &ar->game);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Lines of the sitting                                                 */
/* ------------------------------------------------------------------ */

/* between_games - may the seating or the roles change now?  No deal of
 * a game in progress has begun. */
static bool between_games(const struct sit_ctx *c)
{
    return !arbiter_hand_in_progress(c->a) && !(c->s->in_game &&
                                                c->s->deal_seen);
}

/* line_text - the line's canonical words, for a message. */
static const char *line_text(const struct sit_ctx *c, char *buf, size_t n)
{
    struct tl_line bare = *c->l;

    bare.stamp[0] = '\0';
    return tl_format_line(&bare, buf, n);
}

/* person_line - `person ID "Name"`: a new person joins the sitting. */
static int person_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const char *id = c->l->sit.who;
    int at = sit__find(s, id);
    struct person *p;

    if (at >= 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a new person, found \"%s\" declared "
                         "before",
                         id);
    }
    if (s->n_persons == SIT_PERSONS_MAX) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected at most %d persons in a sitting, found "
                         "\"%s\" more",
                         SIT_PERSONS_MAX, id);
    }
    p = &s->p[s->n_persons++];
    memset(p, 0, sizeof(*p));
    snprintf(p->id, sizeof(p->id), "%s", id);
    p->present = true;
    p->advises = SEAT_NONE;
    if (sit__ops(s)->joined != NULL) {
        sit__ops(s)->joined(c, s->n_persons - 1);
    }
    return 0;
}

/* seat_line - `seat S ID`: ID sits in seat S for the next game; against
 * the roles, the table waits (CH1, PO2). */
static int seat_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    int seat = c->l->ev.target;
    int who;
    int rc = sit__person(c, c->l->sit.who, &who);

    if (rc != 0) {
        return rc;
    }
    if (!between_games(c)) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a seat line between games (a player who "
                         "leaves is `S leaves`, his substitute `ID takes-seat "
                         "S`), found one in game %d",
                         s->game);
    }
    if (!s->p[who].present) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a person still at the sitting, found "
                         "\"%s\", who left it",
                         s->p[who].id);
    }
    if (s->seat[SEAT_OTHER(seat)] == who) {
        s->seat[SEAT_OTHER(seat)] = -1;
    }
    s->seat[seat] = who;
    if (s->hold_law >= 0 && seat == s->hold_seat && who == s->hold_person) {
        s->hold_law = -1;
        sit__note(c, "%s takes seat %c: the table goes on", s->p[who].id,
                  seat_letter(seat));
    } else if (s->hold_law < 0 && ops->hold_law >= 0) {
        int due = ops->seat_due(s, seat);

        if (due >= 0 && due != who) {
            sit__hold(c, (enum law_id)ops->hold_law, seat, due, who);
        }
    }
    if (s->hold_law < 0 && ops->seated != NULL) {
        ops->seated(c, seat);
    }
    return 0;
}

/* roles_line - `roles ...`: the roles of a case study, between games. */
static int roles_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    const struct tl_roles *r = &c->l->sit.roles;
    char text[TL_LINE_MAX];
    int who;
    int rc;
    bool form_ok = r->form == ops->roles_form ||
                   (ops->roles_form == TL_ROLES_ROI &&
                    r->form == TL_ROLES_PLAYERS);

    if (ops->roles == NULL || !form_ok) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected roles of the %s format, found \"%s\"",
                         ops->name, line_text(c, text, sizeof(text)));
    }
    if (!between_games(c)) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a roles line between games, found one in "
                         "game %d",
                         s->game);
    }
    if ((r->first[0] != '\0' && (rc = sit__person(c, r->first, &who)) != 0) ||
        (r->second[0] != '\0' &&
         (rc = sit__person(c, r->second, &who)) != 0)) {
        return rc;
    }
    for (int i = 0; i < r->n; i++) {
        if ((rc = sit__person(c, r->list[i], &who)) != 0) {
            return rc;
        }
    }
    s->cutting = false;
    rc = ops->roles(c, r);
    if (rc != 0) {
        return rc;
    }
    s->roles_set = true;
    if (s->hold_law >= 0 && s->seat[s->hold_seat] >= 0 &&
        ops->seat_due(s, s->hold_seat) < 0) {
        s->hold_law = -1;
        sit__note(c, "the roles now agree with the seats: the table goes on");
    }
    return 0;
}

/* concede - the player in seat leaves and concedes the game (the
 * arbiter's result into ar, then observed). */
static int concede(struct sit_ctx *c, int seat, struct arb_result *ar)
{
    int rc = arbiter_concede(c->a, seat, ar);

    if (rc != 0) {
        return sit__fail(c, rc, "%s", arbiter_errmsg(c->a));
    }
    return observe(c, ar);
}

int sit__concede(struct sit_ctx *c, int seat)
{
    return concede(c, seat, c->ar);
}

/* leaves_line - `S leaves` or `ID leaves`: a seated player during a game
 * is the format's affair (CH3, CH5, PO3, BY6); anyone else, or between
 * games, leaves the sitting. */
static int leaves_line(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    const struct sit_ops *ops = sit__ops(s);
    int seat = c->l->ev.actor;
    int who = -1;
    int rc;

    if (c->l->sit.actor[0] != '\0') {
        if ((rc = sit__person(c, c->l->sit.actor, &who)) != 0) {
            return rc;
        }
        seat = sit__seat_of(s, who);
    } else {
        who = s->seat[seat];
    }
    if (seat != SEAT_NONE && s->in_game) {
        if (ops->leaves != NULL) {
            return ops->leaves(c, seat);
        }
        sit__note(c, "%c leaves the table without consent and concedes the "
                     "game (LAWS.md 5.21)",
                  seat_letter(seat));
        return concede(c, seat, c->ar);
    }
    if (who < 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a seat with a player in it, found seat "
                         "%c empty",
                         seat_letter(seat));
    }
    if (seat != SEAT_NONE) {
        s->seat[seat] = -1;
    }
    s->p[who].present = false;
    if (!s->in_game || s->r.format != SIT_CHOUETTE) {
        sit__order_remove(s, who);  /* a chouette's adviser keeps his
                                       stake on the game, and leaves the
                                       order at its end */
    }
    if (s->rentrant == who) {
        s->rentrant = -1;
    }
    sit__note(c, "%s leaves the sitting", s->p[who].id);
    return 0;
}

/* sitting_line - a line of the sitting (tl_is_sitting). */
static int sitting_line(struct sit_ctx *c)
{
    const struct sit_ops *ops = sit__ops(c->s);
    char text[TL_LINE_MAX];
    int who;
    int rc;

    switch (c->l->ev.kind) {
    case EV_PERSON:
        return person_line(c);
    case EV_SEAT:
        return seat_line(c);
    case EV_ROLES:
        return roles_line(c);
    case EV_LEAVES:
        return leaves_line(c);
    case EV_CUT_FOR_DEAL:
        if (c->s->r.format != SIT_CHOUETTE && c->s->r.format != SIT_POOL) {
            return sit__fail(c, SIT_E_INPUT,
                             "expected a seat's cut for deal (persons cut "
                             "for their order in a chouette or a pool), "
                             "found \"%s\"",
                             line_text(c, text, sizeof(text)));
        }
        if ((rc = sit__person(c, c->l->sit.actor, &who)) != 0) {
            return rc;
        }
        return sit__cut(c, who);
    default:
        break;
    }
    rc = ops->line != NULL ? ops->line(c) : 1;
    if (rc == 1) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a line of the %s format, found \"%s\"",
                         ops->name, line_text(c, text, sizeof(text)));
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* One line                                                             */
/* ------------------------------------------------------------------ */

/* result_reset - a sitting's result with nothing in it. */
static void result_reset(struct sit_result *out)
{
    out->taken = false;
    out->touched = false;
    out->n_rulings = 0;
    out->n_marks = 0;
    out->n_notes = 0;
    out->n_records = 0;
}

/* start - the first line: the arbiter is told what the format implies
 * (each game settled on its own: no rubber; the bank dealing every hand
 * or the first).  Returns 0 or SIT_E_TAG. */
static int start(struct sit_ctx *c)
{
    struct sit_state *s = c->s;

    s->started = true;
    if (s->r.format == SIT_DUEL) {
        return 0;
    }
    if (s->r.rubber_tag != -1 && s->r.rubber_tag != 0) {
        return sit__fail(c, SIT_E_TAG,
                         "expected [Rubber \"0\"] or none under Format "
                         "\"%s\" (each game is settled on its own), found "
                         "another",
                         sit__ops(s)->name);
    }
    arbiter_set_tag(c->a, "Rubber", "0");
    if (s->r.format == SIT_CHOUETTE && s->r.bank_deals) {
        arbiter_fix_dealer(c->a, SEAT_A);
    } else if (s->r.format == SIT_CHOUETTE) {
        arbiter_new_pair(c->a, SEAT_A); /* the bank deals first (5.2) */
    }
    return 0;
}

/* merge - the line's arbiter result *to after a game conceded before it
 * (from): the concession's deal and game ends, its notes first. */
static void merge(struct arb_result *to, const struct arb_result *from)
{
    char notes[ARB_NOTES_MAX][ARB_NOTE_LEN];
    int n = 0;

    for (int i = 0; i < from->n_notes && n < ARB_NOTES_MAX; i++) {
        memcpy(notes[n++], from->notes[i], ARB_NOTE_LEN);
    }
    for (int i = 0; i < to->n_notes && n < ARB_NOTES_MAX; i++) {
        memcpy(notes[n++], to->notes[i], ARB_NOTE_LEN);
    }
    memcpy(to->notes, notes, sizeof(notes[0]) * (size_t)n);
    to->n_notes = n;
    if (from->deal_over && !to->deal_over) {
        to->deal_over = true;
        to->deal = from->deal;
    }
    if (from->game_over && !to->game_over) {
        to->game_over = true;
        to->game = from->game;
    }
    to->score_changed = to->score_changed || from->score_changed;
}

/* seat_action - a card action: the table held for a seat refuses it;
 * else the arbiter takes it and the sitting follows what it reports. */
static int seat_action(struct sit_ctx *c)
{
    struct sit_state *s = c->s;
    char text[TL_LINE_MAX];
    int rc;

    if (s->hold_law >= 0) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected %s to take seat %c (%s: reseat), found "
                         "\"%s\"",
                         sit__id(s, s->hold_person), seat_letter(s->hold_seat),
                         laws_get((enum law_id)s->hold_law)->id,
                         line_text(c, text, sizeof(text)));
    }
    arbiter_set_line(c->a, c->l->line_no);
    rc = arbiter_apply(c->a, &c->l->ev, c->ar);
    if (rc != 0) {
        return sit__fail(c, rc, "%s", arbiter_errmsg(c->a));
    }
    return observe(c, c->ar);
}

/* strike - `strike`: the line above is taken back, if the sitting
 * recorded nothing on it (the ledger keeps what it recorded). */
static int strike(struct sit_ctx *c)
{
    struct sitting *sit = c->sit;
    int rc;

    if (sit->n_undo == 0 || !sit->undo_ok[sit->n_undo - 1]) {
        return sit__fail(c, SIT_E_INPUT,
                         "expected a line to strike that moved no person, "
                         "role, stake, bet or money, found %s (write a line "
                         "that corrects it instead)",
                         sit->n_undo == 0 ? "none within reach"
                                          : "one that did");
    }
    arbiter_set_line(c->a, c->l->line_no);
    rc = arbiter_apply(c->a, &c->l->ev, c->ar);
    if (rc != 0) {
        return sit__fail(c, rc, "%s", arbiter_errmsg(c->a));
    }
    sit__state_copy(c->s, &sit->undo[--sit->n_undo]);
    return 0;
}

/* push_undo - keep the state before the line just taken (was), and
 * whether a strike may take the line back. */
static void push_undo(struct sitting *sit, const struct sit_state *was,
                      bool ok)
{
    if (sit->n_undo == SIT_UNDO_MAX) {
        memmove(&sit->undo[0], &sit->undo[1],
                sizeof(sit->undo[0]) * (SIT_UNDO_MAX - 1));
        memmove(&sit->undo_ok[0], &sit->undo_ok[1],
                sizeof(sit->undo_ok[0]) * (SIT_UNDO_MAX - 1));
        sit->n_undo--;
    }
    sit__state_copy(&sit->undo[sit->n_undo], was);
    sit->undo_ok[sit->n_undo++] = ok;
}

int sitting_apply(struct sitting *sit, struct arbiter *a,
                  const struct tl_line *l, struct arb_result *ar,
                  struct sit_result *out)
{
    struct sit_ctx c;
    bool sitting = tl_is_sitting(l);
    bool conceded = false;
    int rc;

    result_reset(out);
    sit->errmsg[0] = '\0';
    if (!sitting && !sitting_active(sit)) {
        /* a two-seat sitting: the arbiter alone */
        sit->s.started = true;
        arbiter_set_line(a, l->line_no);
        rc = arbiter_apply(a, &l->ev, ar);
        if (rc != 0) {
            snprintf(sit->errmsg, sizeof(sit->errmsg), "%s",
                     arbiter_errmsg(a));
        }
        return rc;
    }
    sit__state_copy(&sit->next, &sit->s);
    c.sit = sit;
    c.s = &sit->next;
    c.a = a;
    c.l = l;
    c.ar = ar;
    c.out = out;
    arbiter_finish(a, ar);      /* an empty result */
    rc = c.s->started ? 0 : start(&c);
    if (rc == 0 && c.s->left_seat != SEAT_NONE &&
        l->ev.kind != EV_TAKES_SEAT && l->ev.kind != EV_STRIKE) {
        /* nobody took the seat left before this line: the leaver
         * concedes the game (CH3, BY6).  The concession stands even if
         * the line after it is refused. */
        int seat = c.s->left_seat;

        sit__note(&c, "nobody takes seat %c: %c concedes the game",
                  seat_letter(seat), seat_letter(seat));
        c.s->left_seat = SEAT_NONE;
        conceded = !sitting;
        rc = concede(&c, seat, sitting ? ar : &sit->conceded);
    }
    if (rc == 0 && sitting) {
        out->taken = true;
        rc = sitting_line(&c);
    } else if (rc == 0 && l->ev.kind == EV_STRIKE) {
        rc = strike(&c);
    } else if (rc == 0) {
        rc = seat_action(&c);
        if (rc == 0 && conceded) {
            merge(ar, &sit->conceded);
        }
    }
    if (rc != 0) {
        result_reset(out);
        arbiter_finish(a, ar);
        return rc;
    }
    if (l->ev.kind != EV_STRIKE) {
        push_undo(sit, &sit->s, !sitting && !out->touched);
    }
    sit__state_copy(&sit->s, &sit->next);
    return SIT_OK;
}

int sitting_observe(struct sitting *sit, struct arbiter *a,
                    const struct arb_result *ar, struct sit_result *out)
{
    struct sit_ctx c;
    int rc;

    result_reset(out);
    sit->errmsg[0] = '\0';
    if (!sitting_active(sit)) {
        return SIT_OK;
    }
    sit__state_copy(&sit->next, &sit->s);
    c.sit = sit;
    c.s = &sit->next;
    c.a = a;
    c.l = NULL;
    c.ar = NULL;
    c.out = out;
    rc = observe(&c, ar);
    if (rc != 0) {
        result_reset(out);
        return rc;
    }
    sit->n_undo = 0;
    sit__state_copy(&sit->s, &sit->next);
    return SIT_OK;
}
