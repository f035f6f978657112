/* SPDX-License-Identifier: MIT */
/*
 * claims.c - a log's `=` lines against what the rules give, deal by deal:
 * `= score` and `= value` against the score and the hand's value where
 * the line stands, `= ruling` against the rulings of its deal.  One
 * matcher for `ecarte check` (and record and import), which read the
 * lines as they come, and for `ecarte audit`, which reads a deal's claims
 * back from the ledger in the same order.
 */
#include "session/session.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define CLAIMS_RULINGS_MAX 64   /* rulings kept for the deal in hand */
#define CLAIMS_OPEN_MAX 32      /* `=` ruling lines waiting for a match */
#define CLAIMS_QUOTE_MAX 400    /* a `= ruling` line's words */

/* A ruling the rules gave in the deal in hand. */
struct given {
    struct ruling r;
    char offender[TL_ID_MAX];   /* its offender and elector in words: "A", */
    char elector[TL_ID_MAX];    /* "B", a person's ID, "" for nobody */
    char words[APPLY_WORDS_MAX]; /* as a `= ruling` line says it */
    int line;                   /* the action's line */
    bool matched;               /* a `=` line of the log records it */
};

/* A `=` ruling line of the log no ruling of the deal matched yet. */
struct open_claim {
    struct tl_expect x;
    int line;
    int64_t event;              /* the event the line follows */
    char want[CLAIMS_QUOTE_MAX]; /* the line's ruling, in canonical words */
    char quote[CLAIMS_QUOTE_MAX]; /* the line as the caller quotes it */
    char gave[400];             /* what the action above it gave, in words */
};

struct claims {
    claims_finding_fn report;
    void *ctx;
    bool strict;
    struct given given[CLAIMS_RULINGS_MAX];
    int n_given;
    struct open_claim open[CLAIMS_OPEN_MAX];
    int n_open;
};

int claims_open(struct claims **out, claims_finding_fn report, void *ctx)
{
    struct claims *c = calloc(1, sizeof(*c));

    *out = c;
    if (c == NULL) {
        return -1;
    }
    c->report = report;
    c->ctx = ctx;
    return 0;
}

void claims_close(struct claims *c)
{
    free(c);
}

void claims_set_strict(struct claims *c, bool strict)
{
    c->strict = strict;
}

/* who_text - a seat as a ruling's party in words: "A", "B", "". */
static void who_text(int seat, char out[TL_ID_MAX])
{
    out[0] = seat == SEAT_NONE ? '\0' : seat_letter(seat);
    out[1] = '\0';
}

/* party_matches - does the party a line names (a seat, or a person's id)
 * agree with the ruling's (in words)? */
static bool party_matches(int seat, const char *id, const char *given)
{
    char want[TL_ID_MAX];

    if (id[0] != '\0') {
        return strcmp(id, given) == 0;
    }
    who_text(seat, want);
    return strcmp(want, given) == 0;
}

/* expect_matches - does the ruling r (its parties in words: offender,
 * elector) bear out the `= ruling` line x (the fields the line names)? */
static bool expect_matches(const struct tl_expect *x, const struct ruling *r,
                           const char *offender, const char *elector)
{
    if (x->law != r->law) {
        return false;
    }
    if ((x->has & TLX_OFFENDER) &&
        !party_matches(x->offender, x->offender_id, offender)) {
        return false;
    }
    if ((x->has & TLX_ELECTOR) &&
        !party_matches(x->elector, x->elector_id, elector)) {
        return false;
    }
    if ((x->has & TLX_OPTIONS) && x->options != r->options) {
        return false;
    }
    if ((x->has & TLX_REMEDY) && x->remedy != (int)r->remedy) {
        return false;
    }
    return true;
}

/* expect_text - the recorded ruling line in canonical words, into buf of
 * size n.  Returns buf. */
static char *expect_text(const struct tl_expect *x, char *buf, size_t n)
{
    struct ruling r;

    if (x->offender_id[0] != '\0' || x->elector_id[0] != '\0') {
        struct tl_line line;
        char text[TL_LINE_MAX];
        size_t len;

        memset(&line, 0, offsetof(struct tl_line, sit));
        line.kind = TL_EXPECT_RULING;
        line.expect = *x;
        tl_format_line(&line, text, sizeof(text));
        len = strlen(text + 2) < n ? strlen(text + 2) : n - 1;
        memcpy(buf, text + 2, len);
        buf[len] = '\0';
        return buf;
    }

    memset(&r, 0, sizeof(r));
    r.law = x->law;
    r.offender = (x->has & TLX_OFFENDER) ? x->offender : SEAT_NONE;
    r.elector = (x->has & TLX_ELECTOR) ? x->elector : SEAT_NONE;
    r.options = (x->has & TLX_OPTIONS) ? x->options : 0;
    r.remedy = (x->has & TLX_REMEDY) ? (enum remedy)x->remedy : REM_NONE;
    return ruling_format(&r, buf, n);
}

/* open_finding - report a `=` ruling line no ruling of its deal matched. */
static void open_finding(struct claims *c, const struct open_claim *o)
{
    struct claim_finding f;
    char msg[1000];

    snprintf(msg, sizeof(msg),
             "the log records \"= %s\", the rules give %s", o->want,
             o->gave[0] ? o->gave : "no such ruling in this deal");
    memset(&f, 0, sizeof(f));
    f.kind = CLAIM_RULING;
    f.line = o->line;
    f.event = o->event;
    f.x = &o->x;
    f.quote = o->quote;
    f.expected = o->gave;
    f.found = o->want;
    f.message = msg;
    c->report(c->ctx, &f);
}

/* give - a ruling given (its parties in words), answering the oldest
 * open `=` line it bears out. */
static void give(struct claims *c, const struct ruling *r,
                 const char *offender, const char *elector,
                 const char *words, int line)
{
    struct given *g;

    if (c->n_given == CLAIMS_RULINGS_MAX) {
        memmove(&c->given[0], &c->given[1],
                sizeof(c->given[0]) * (CLAIMS_RULINGS_MAX - 1));
        c->n_given--;
    }
    g = &c->given[c->n_given++];
    g->r = *r;
    snprintf(g->offender, sizeof(g->offender), "%s", offender);
    snprintf(g->elector, sizeof(g->elector), "%s", elector);
    snprintf(g->words, sizeof(g->words), "%s", words);
    g->line = line;
    g->matched = false;
    for (int k = 0; k < c->n_open; k++) {
        if (expect_matches(&c->open[k].x, &g->r, g->offender, g->elector)) {
            g->matched = true;
            memmove(&c->open[k], &c->open[k + 1],
                    sizeof(c->open[0]) * (size_t)(c->n_open - k - 1));
            c->n_open--;
            break;
        }
    }
}

void claims_give(struct claims *c, const struct ruling *r,
                 const char *words, int line)
{
    char offender[TL_ID_MAX];
    char elector[TL_ID_MAX];

    who_text(r->offender, offender);
    who_text(r->elector, elector);
    give(c, r, offender, elector, words, line);
}

void claims_give_sitting(struct claims *c, const struct sit_ruling *sr,
                         const char *words, int line)
{
    struct ruling r;

    memset(&r, 0, sizeof(r));
    r.law = sr->law;
    r.offender = SEAT_NONE;
    r.elector = SEAT_NONE;
    r.options = 0;
    r.remedy = sr->remedy;
    r.window = WIN_NONE;
    snprintf(r.note, sizeof(r.note), "%s", sr->note);
    give(c, &r, sr->offender, sr->elector, words, line);
}

/*
 * claim_ruling - a `= ruling` line at point p: the newest ruling of the
 * deal so far that it matches and no line matched yet, else a ruling
 * still waiting for its election; else it stays open for a ruling the
 * deal gives later (the oldest open line is a finding at once when too
 * many are open).
 */
static void claim_ruling(struct claims *c, const struct tl_line *line,
                         const char *quote, const struct claim_point *p)
{
    const struct tl_expect *x = &line->expect;
    struct open_claim *o;
    size_t used = 0;

    for (int i = c->n_given - 1; i >= 0; i--) {
        if (!c->given[i].matched &&
            expect_matches(x, &c->given[i].r, c->given[i].offender,
                           c->given[i].elector)) {
            c->given[i].matched = true;
            return;
        }
    }
    for (int i = 0; i < p->n_pending; i++) {
        char offender[TL_ID_MAX];
        char elector[TL_ID_MAX];

        who_text(p->pending[i].offender, offender);
        who_text(p->pending[i].elector, elector);
        if (expect_matches(x, &p->pending[i], offender, elector)) {
            return;
        }
    }
    if (c->n_open == CLAIMS_OPEN_MAX) {
        open_finding(c, &c->open[0]);
        memmove(&c->open[0], &c->open[1],
                sizeof(c->open[0]) * (CLAIMS_OPEN_MAX - 1));
        c->n_open--;
    }
    o = &c->open[c->n_open++];
    o->x = *x;
    o->line = line->line_no;
    o->event = p->event;
    expect_text(x, o->want, sizeof(o->want));
    snprintf(o->quote, sizeof(o->quote), "%s",
             quote != NULL ? quote : o->want);
    o->gave[0] = '\0';
    for (int i = 0; p->last != NULL && i < p->last->r.n_rulings &&
                    used < sizeof(o->gave);
         i++) {
        used += (size_t)snprintf(o->gave + used, sizeof(o->gave) - used,
                                 "%s\"= %s\"", used ? ", " : "",
                                 p->last->words[i]);
    }
    for (int i = 0; p->last != NULL && i < p->last->s.n_rulings &&
                    used < sizeof(o->gave);
         i++) {
        used += (size_t)snprintf(o->gave + used, sizeof(o->gave) - used,
                                 "%s\"= %s\"", used ? ", " : "",
                                 p->last->sit_words[i]);
    }
}

const char *claim_kind_name(enum claim_kind k)
{
    static const char *const names[] = {
        [CLAIM_SCORE] = "score",
        [CLAIM_VALUE] = "value",
        [CLAIM_RULING] = "ruling",
        [CLAIM_UNRECORDED] = "unrecorded-ruling",
        [CLAIM_SETTLE] = "settle",
        [CLAIM_POOL] = "pool",
        [CLAIM_ROLES] = "roles",
        [CLAIM_BETS] = "bets",
    };

    return names[k];
}

const char *claims_sitting_expect(const struct sitting *sit,
                                  const struct sit_result *last, int *seen,
                                  const struct tl_line *line, char *buf,
                                  size_t n)
{
    int kind = sitting_mark_kind(line->kind);
    int k = 0;

    buf[0] = '\0';
    if (kind < 0) {
        return buf;
    }
    for (int i = 0; last != NULL && i < last->n_marks; i++) {
        if ((int)last->marks[i].kind != kind) {
            continue;
        }
        if (k++ == seen[kind]) {
            seen[kind]++;
            snprintf(buf, n, "%s", last->marks[i].text);
            return buf;
        }
    }
    seen[kind]++;
    if (kind != SIT_MARK_SETTLE) {
        sitting_now_text(sit, line->kind, buf, n);
    }
    return buf;
}

/* claim_sitting - a `= settle`, `= pool`, `= roles` or `= bets` line
 * against what the rules give where it stands (p->sitting). */
static void claim_sitting(struct claims *c, const struct tl_line *line,
                          const struct claim_point *p)
{
    static const enum claim_kind kinds[SIT_MARK_KINDS] = {
        [SIT_MARK_SETTLE] = CLAIM_SETTLE,
        [SIT_MARK_POOL] = CLAIM_POOL,
        [SIT_MARK_ROLES] = CLAIM_ROLES,
        [SIT_MARK_BETS] = CLAIM_BETS,
    };
    static const char *const none[SIT_MARK_KINDS] = {
        [SIT_MARK_SETTLE] = "no settlement after this action",
        [SIT_MARK_POOL] = "no pool here",
        [SIT_MARK_ROLES] = "no roles here",
        [SIT_MARK_BETS] = "no bet here",
    };
    struct claim_finding f;
    char got[SIT_MARK_TEXT];
    char want[SIT_MARK_TEXT + 8];
    char msg[2 * SIT_MARK_TEXT + 100];
    const char *expected = p->sitting != NULL ? p->sitting : "";
    int kind = sitting_mark_kind(line->kind);

    sitting_mark_text(line, got, sizeof(got));
    if (strcmp(got, expected) == 0) {
        return;
    }
    if (expected[0] != '\0') {
        snprintf(want, sizeof(want), "\"= %s\"", expected);
    } else {
        snprintf(want, sizeof(want), "%s", none[kind]);
    }
    snprintf(msg, sizeof(msg), "the log records \"= %s\", the rules give %s",
             got, want);
    memset(&f, 0, sizeof(f));
    f.kind = kinds[kind];
    f.line = line->line_no;
    f.event = p->event;
    f.quote = got;
    f.expected = expected;
    f.found = got;
    f.message = msg;
    c->report(c->ctx, &f);
}

/* claim_score - a `= score` line against the score at point p. */
static void claim_score(struct claims *c, const struct tl_line *line,
                        const struct claim_point *p)
{
    struct claim_finding f;
    char want[40];
    char got[40];
    char msg[200];

    if (p->score[0] == line->score[0] && p->score[1] == line->score[1]) {
        return;
    }
    snprintf(want, sizeof(want), "score A %d B %d", p->score[0],
             p->score[1]);
    snprintf(got, sizeof(got), "score A %d B %d", line->score[0],
             line->score[1]);
    snprintf(msg, sizeof(msg),
             "the log records \"= %s\", the rules give \"= %s\"", got, want);
    for (int i = 0; i < p->n_pending; i++) {
        const struct ruling *r = &p->pending[i];

        /* the rulings that hold a hand's points: replay or stand (L25,
         * L43), a veto to use or pass (PL5) */
        if ((r->elector == SEAT_A || r->elector == SEAT_B) &&
            (r->options & (OPT_BIT(OPT_REPLAY) | OPT_BIT(OPT_STAND) |
                           OPT_BIT(OPT_VETO))) != 0) {
            size_t used = strlen(msg);

            snprintf(msg + used, sizeof(msg) - used,
                     ": the hand's points wait for %c's election on %s",
                     seat_letter(r->elector), laws_get(r->law)->id);
            break;
        }
    }
    memset(&f, 0, sizeof(f));
    f.kind = CLAIM_SCORE;
    f.line = line->line_no;
    f.event = p->event;
    f.log[0] = line->score[0];
    f.log[1] = line->score[1];
    f.rules[0] = p->score[0];
    f.rules[1] = p->score[1];
    f.expected = want;
    f.found = got;
    f.message = msg;
    c->report(c->ctx, &f);
}

/* claim_value - a `= value` line against the hand's value at point p. */
static void claim_value(struct claims *c, const struct tl_line *line,
                        const struct claim_point *p)
{
    struct claim_finding f;
    char want[20];
    char got[20];
    char msg[200];

    if (p->value == line->score[0]) {
        return;
    }
    snprintf(want, sizeof(want), "value %d", p->value);
    snprintf(got, sizeof(got), "value %d", line->score[0]);
    snprintf(msg, sizeof(msg),
             "the log records \"= %s\", the rules give \"= %s\"", got, want);
    memset(&f, 0, sizeof(f));
    f.kind = CLAIM_VALUE;
    f.line = line->line_no;
    f.event = p->event;
    f.log[0] = line->score[0];
    f.rules[0] = p->value;
    f.expected = want;
    f.found = got;
    f.message = msg;
    c->report(c->ctx, &f);
}

void claims_line(struct claims *c, const struct tl_line *line,
                 const char *quote, const struct claim_point *p)
{
    switch (line->kind) {
    case TL_EXPECT_RULING:
        claim_ruling(c, line, quote, p);
        break;
    case TL_EXPECT_SCORE:
        claim_score(c, line, p);
        break;
    case TL_EXPECT_VALUE:
        claim_value(c, line, p);
        break;
    case TL_EXPECT_SETTLE:
    case TL_EXPECT_POOL:
    case TL_EXPECT_ROLES:
    case TL_EXPECT_BETS:
        claim_sitting(c, line, p);
        break;
    default:
        break;
    }
}

bool claims_is_claim(const struct tl_line *line)
{
    return line->kind == TL_EXPECT_RULING || line->kind == TL_EXPECT_SCORE ||
           line->kind == TL_EXPECT_VALUE || line->kind == TL_EXPECT_SETTLE ||
           line->kind == TL_EXPECT_POOL || line->kind == TL_EXPECT_ROLES ||
           line->kind == TL_EXPECT_BETS;
}

bool claims_matched(const struct claims *c, int i)
{
    return i >= 0 && i < c->n_given && c->given[i].matched;
}

void claims_settle(struct claims *c)
{
    for (int i = 0; i < c->n_given; i++) {
        c->given[i].matched = true;
    }
}

void claims_withdraw(struct claims *c, int line)
{
    int kept = 0;

    for (int i = 0; i < c->n_given; i++) {
        if (c->given[i].line == line && !c->given[i].matched) {
            continue; /* given by a line struck: it was never given */
        }
        c->given[kept++] = c->given[i];
    }
    c->n_given = kept;
}

void claims_forget(struct claims *c)
{
    c->n_given = 0;
    c->n_open = 0;
}

void claims_end_deal(struct claims *c)
{
    for (int i = 0; i < c->n_open; i++) {
        open_finding(c, &c->open[i]);
    }
    for (int i = 0; c->strict && i < c->n_given; i++) {
        struct claim_finding f;
        char msg[400];

        if (c->given[i].matched) {
            continue;
        }
        snprintf(msg, sizeof(msg),
                 "the rules give \"= %s\" here, the log records no ruling",
                 c->given[i].words);
        memset(&f, 0, sizeof(f));
        f.kind = CLAIM_UNRECORDED;
        f.line = c->given[i].line;
        f.ruling = &c->given[i].r;
        f.quote = "";
        f.expected = c->given[i].words;
        f.found = "";
        f.message = msg;
        c->report(c->ctx, &f);
    }
    claims_forget(c);
}

const char *claims_text(const struct tl_line *line, char *buf, size_t n)
{
    struct tl_line bare = *line;

    bare.stamp[0] = '\0';
    tl_format_line(&bare, buf, n);
    return strncmp(buf, "= ", 2) == 0 ? buf + 2 : buf;
}

int claims_parse(const char *text, int line_no, struct tl_line *out)
{
    char buf[TL_LINE_MAX];
    int len = snprintf(buf, sizeof(buf), "= %s", text);

    if (len < 0 || (size_t)len >= sizeof(buf)) {
        return -1;
    }
    if (tl_parse_line(buf, (size_t)len, line_no, out, NULL) != 0 ||
        !claims_is_claim(out)) {
        return -1;
    }
    return 0;
}
