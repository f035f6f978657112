/*
 * session.c - one log through the reader, the referee and the ledger:
 * every action adjudicated and recorded (one transaction per action or per
 * deal), every `=` line compared with what the rules give.
 */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>

#define DEAL_RULINGS_MAX 64     /* rulings kept for the deal in hand */
#define OPEN_CLAIMS_MAX 32      /* `=` ruling lines waiting for a match */

/* A ruling the rules gave in the deal in hand. */
struct given {
    struct ruling r;
    int line;                   /* the action's line */
    bool matched;               /* a `=` line of the log records it */
};

/* A `=` ruling line of the log no ruling of the deal matched yet. */
struct open_claim {
    struct tl_expect x;
    int line;
    char gave[400];             /* what the action above it gave, in words */
};

/* An action recorded for a line of a log (resuming). */
struct recorded {
    int line;
    char *text;
};

/* A ledger row id kept by the number it has in the sitting. */
struct numbered {
    int number;
    int64_t id;
};

struct session {
    struct arbiter *arb;
    struct ledger *led;         /* borrowed, may be NULL */
    struct output *out;         /* borrowed, may be NULL */
    enum commit_mode mode;
    bool strict;
    bool quiet;                 /* print findings only */
    bool in_txn;
    int64_t sitting;            /* 0 until the first action */
    struct numbered game[2];    /* current and previous game */
    struct numbered deal[2];    /* current and previous deal */
    int64_t seq;
    int64_t events;
    int64_t deals;
    int held_deal;              /* a deal whose points wait for an election,
                                   reported once they are scored; 0 none */
    int findings;
    /* tags read before the first action, stored with the sitting */
    int n_tags;
    char (*tag_name)[TL_TAG_NAME_MAX];
    char (*tag_value)[TL_TAG_VALUE_MAX];
    /* what the last action gave, for the `=` lines after it: two results
     * used in turn, so that nothing large is copied per action */
    struct arb_result results[2];
    int cur;
    struct arb_result *last;
    /* the rulings of the deal in hand, and the `=` ruling lines not yet
     * matched with one: a line may come before or after the action that
     * gives its ruling, anywhere in the same deal */
    struct given given[DEAL_RULINGS_MAX];
    int n_given;
    struct open_claim open[OPEN_CLAIMS_MAX];
    int n_open;
    const char *name;
    /* resuming: skip lines of this source up to skip_line, each checked
     * against the action recorded for it */
    char resume_source[256];
    int skip_line;
    struct recorded *recorded;
    int n_recorded;
    /* importing: a deal that cannot be read is quarantined, the rest land */
    bool import;
    struct arbiter *saved;      /* the referee at the start of the deal */
    struct numbered saved_game[2];
    struct numbered saved_deal[2];
    int64_t saved_seq;
    int64_t saved_events;
    int64_t saved_deals;
    int64_t last_event_id;      /* the event `=` lines follow (claims) */
    char *raw;                  /* raw text of the deal being read */
    size_t raw_len;
    size_t raw_cap;
    int raw_line;               /* its first line */
    bool skipping;              /* the deal is broken: skip to the next */
    char error[600];            /* why, for the quarantine */
    int quarantined;
    progress_fn progress;
    void *progress_ctx;
};

int session_open(struct session **out, struct ledger *l, struct output *o,
                 enum commit_mode mode)
{
    struct session *s = NULL;

    s = calloc(1, sizeof(*s));
    if (s == NULL || arbiter_open(&s->arb) != 0) {
        free(s);
        return -1;
    }
    s->led = l;
    s->out = o;
    s->mode = mode;
    *out = s;
    return 0;
}

void session_set_import(struct session *s, progress_fn fn, void *ctx)
{
    s->import = true;
    s->progress = fn;
    s->progress_ctx = ctx;
}

int session_quarantined(const struct session *s)
{
    return s->quarantined;
}

int64_t session_sitting(const struct session *s)
{
    return s->sitting;
}

void session_close(struct session *s)
{
    if (s == NULL) {
        return;
    }
    arbiter_close(s->saved);
    free(s->raw);
    for (int i = 0; i < s->n_recorded; i++) {
        free(s->recorded[i].text);
    }
    free(s->recorded);
    if (s->in_txn && s->led != NULL) {
        ledger_rollback(s->led);
    }
    arbiter_close(s->arb);
    free(s->tag_name);
    free(s->tag_value);
    free(s);
}

void session_set_strict(struct session *s, bool strict)
{
    s->strict = strict;
}

void session_set_quiet(struct session *s, bool quiet)
{
    s->quiet = quiet;
}

int session_findings(const struct session *s)
{
    return s->findings;
}

struct arbiter *session_arbiter(struct session *s)
{
    return s->arb;
}

int64_t session_events(const struct session *s)
{
    return s->events;
}

int64_t session_deals(const struct session *s)
{
    return s->deals;
}

/* ------------------------------------------------------------------ */
/* Transactions                                                         */
/* ------------------------------------------------------------------ */

static int begin(struct session *s)
{
    if (s->led == NULL || s->in_txn) {
        return 0;
    }
    if (ledger_begin(s->led) != 0) {
        return -1;
    }
    s->in_txn = true;
    return 0;
}

static int commit(struct session *s)
{
    if (s->led == NULL || !s->in_txn) {
        return 0;
    }
    s->in_txn = false;
    return ledger_commit(s->led) == 0 ? 0 : -1;
}

/* ledger_fail - report a ledger failure on stderr; returns -1. */
static int ledger_fail(struct session *s, const char *what)
{
    const char *why = ledger_errmsg(s->led);

    if (strstr(why, "UNIQUE constraint failed: event.sitting_id") != NULL) {
        why = "another ecarte recorded into this sitting at the same time; "
              "run again to resume after it";
    }
    fprintf(stderr, "ecarte: ledger: %s: %s\n", what, why);
    if (s->in_txn) {
        ledger_rollback(s->led);
        s->in_txn = false;
    }
    return -1;
}

/* ------------------------------------------------------------------ */
/* Recording one action                                                 */
/* ------------------------------------------------------------------ */

static int64_t id_of(const struct numbered ids[2], int number)
{
    for (int i = 0; i < 2; i++) {
        if (ids[i].number == number) {
            return ids[i].id;
        }
    }
    return 0;
}

static void push_id(struct numbered ids[2], int number, int64_t id)
{
    ids[1] = ids[0];
    ids[0].number = number;
    ids[0].id = id;
}

/* ensure_sitting - the sitting row and its tags, at the first action. */
static int ensure_sitting(struct session *s)
{
    if (s->sitting != 0 || s->led == NULL) {
        if (s->sitting == 0) {
            s->sitting = -1;
        }
        return 0;
    }
    if (ledger_sitting_add(s->led, s->name, &s->sitting) != 0) {
        return ledger_fail(s, "new sitting");
    }
    for (int i = 0; i < s->n_tags; i++) {
        if (ledger_tag_add(s->led, s->sitting, s->tag_name[i],
                           s->tag_value[i]) != 0) {
            return ledger_fail(s, "tag");
        }
    }
    return 0;
}

/* split_event - the verb, the rest of the line and the cards named, from
 * the canonical text of ev. */
static void split_event(const struct table_event *ev, const char *text,
                        char *args, size_t na, char *cards, size_t nc)
{
    const char *verb = event_verb(ev->kind);
    const char *p = strstr(text, verb);
    size_t used = 0;

    args[0] = '\0';
    if (p != NULL) {
        p += strlen(verb);
        while (*p == ' ') {
            p++;
        }
        snprintf(args, na, "%s", p);
    }
    cards[0] = '\0';
    for (int i = 0; i < ev->n_cards && used < nc; i++) {
        char c[CARD_TEXT_MAX];

        used += (size_t)snprintf(cards + used, nc - used, "%s%s",
                                 i > 0 ? " " : "",
                                 card_format(ev->cards[i], c));
    }
}

/* record_result - write one accepted action and what it gave. */
static int record_result(struct session *s, const struct tl_line *line,
                         const struct arb_result *r)
{
    struct ledger_event le;
    char text[TL_LINE_MAX];
    char args[TL_LINE_MAX];
    char cards[200];
    char actor[2] = {0, 0};
    int64_t event_id = 0;
    int game_no = arbiter_game_number(s->arb);
    int deal_no = arbiter_deal_number(s->arb);

    if (s->led == NULL) {
        return 0;
    }
    if (ensure_sitting(s) != 0) {
        return -1;
    }
    /* a held deal or a game closed by this action belongs to the past */
    if (r->deal_over && r->deal.number != deal_no &&
        id_of(s->deal, r->deal.number) != 0) {
        if (ledger_deal_finish(s->led, id_of(s->deal, r->deal.number),
                               r->deal.tricks[0], r->deal.tricks[1],
                               r->deal.points[0], r->deal.points[1],
                               r->deal.is_void) != 0) {
            return ledger_fail(s, "deal");
        }
    }
    if (r->game_started) {
        int64_t id;

        if (ledger_game_add(s->led, s->sitting, game_no, &id) != 0) {
            return ledger_fail(s, "game");
        }
        push_id(s->game, game_no, id);
    }
    if (r->deal_started) {
        int64_t id;

        if (ledger_deal_add(s->led, id_of(s->game, game_no), deal_no,
                            seat_letter(arbiter_dealer(s->arb)), &id) != 0) {
            return ledger_fail(s, "deal");
        }
        push_id(s->deal, deal_no, id);
    }
    tl_format_line(line, text, sizeof(text));
    split_event(&line->ev, text, args, sizeof(args), cards, sizeof(cards));
    actor[0] = line->ev.actor == SEAT_NONE ? '\0' : seat_letter(line->ev.actor);
    memset(&le, 0, sizeof(le));
    le.sitting = s->sitting;
    le.game = id_of(s->game, game_no);
    le.deal = id_of(s->deal, deal_no);
    le.seq = ++s->seq;
    le.source = s->name;
    le.line = line->line_no;
    le.stamp = line->stamp;
    le.actor = actor;
    le.verb = event_verb(line->ev.kind);
    le.args = args;
    le.cards = cards;
    le.text = text;
    if (ledger_event_add(s->led, &le, &event_id) != 0) {
        return ledger_fail(s, "event");
    }
    s->last_event_id = event_id;
    for (int i = 0; i < r->n_rulings; i++) {
        const struct ruling *ru = &r->rulings[i];
        char rtext[300];
        char off[2] = {0, 0};
        char el[2] = {0, 0};
        char opts[120];
        size_t used = 0;

        opts[0] = '\0';
        for (int o = 0; o < OPT_COUNT; o++) {
            if (ru->options & OPT_BIT(o)) {
                used += (size_t)snprintf(opts + used, sizeof(opts) - used,
                                         "%s%s", used ? "," : "",
                                         option_name((enum law_option)o));
            }
        }
        off[0] = ru->offender == SEAT_NONE ? '\0' : seat_letter(ru->offender);
        el[0] = ru->elector == SEAT_NONE ? '\0' : seat_letter(ru->elector);
        if (ledger_ruling_add(s->led, event_id, laws_get(ru->law)->id, off,
                              el, opts,
                              ru->remedy == REM_NONE ? ""
                                                     : remedy_name(ru->remedy),
                              ruling_format(ru, rtext, sizeof(rtext)),
                              NULL) != 0) {
            return ledger_fail(s, "ruling");
        }
    }
    if ((r->score_changed && !(r->game_started && !r->deal_started &&
                               r->score[0] == 0 && r->score[1] == 0)) ||
        r->deal_over) {
        if (ledger_score_add(s->led, event_id, id_of(s->game, game_no),
                             r->score[0], r->score[1],
                             r->deal_over ? "deal" : "mark") != 0) {
            return ledger_fail(s, "score");
        }
    }
    if (r->deal_over && (r->deal.number == deal_no ||
                         id_of(s->deal, r->deal.number) == 0)) {
        if (ledger_deal_finish(s->led, id_of(s->deal, r->deal.number),
                               r->deal.tricks[0], r->deal.tricks[1],
                               r->deal.points[0], r->deal.points[1],
                               r->deal.is_void) != 0) {
            return ledger_fail(s, "deal");
        }
    }
    if (r->game_reopened && id_of(s->game, r->reopened_game) != 0) {
        if (ledger_game_reopen(s->led, id_of(s->game, r->reopened_game)) !=
            0) {
            return ledger_fail(s, "game");
        }
    }
    if (r->game_over && id_of(s->game, r->game.number) != 0) {
        if (ledger_game_finish(s->led, id_of(s->game, r->game.number),
                               seat_letter(r->game.winner), r->game.points[0],
                               r->game.points[1], r->game.value) != 0) {
            return ledger_fail(s, "game");
        }
    }
    return 0;
}

/* report - print what an action gave. */
static void report(struct session *s, int line, const struct arb_result *r)
{
    if (s->quiet) {
        return;
    }
    for (int i = 0; i < r->n_notes; i++) {
        output_note(s->out, s->name, line, r->notes[i]);
    }
    for (int i = 0; i < r->n_rulings; i++) {
        output_ruling(s->out, s->name, line, arbiter_deal_number(s->arb),
                      &r->rulings[i], r->previews[i]);
    }
    if (r->deal_over && r->deal.held) {
        s->held_deal = r->deal.number;
    } else if (r->deal_over) {
        output_deal(s->out, s->name, line, &r->deal, r->score);
        s->held_deal = 0;
    }
    if (r->game_over) {
        output_game(s->out, s->name, line, &r->game);
    }
    if (r->game_reopened) {
        output_game_reopened(s->out, s->name, line, r->reopened_game);
    }
}

/* ------------------------------------------------------------------ */
/* Comparing `=` lines                                                  */
/* ------------------------------------------------------------------ */

static bool expect_matches(const struct tl_expect *x, const struct ruling *r)
{
    if (x->law != r->law) {
        return false;
    }
    if ((x->has & TLX_OFFENDER) && x->offender != r->offender) {
        return false;
    }
    if ((x->has & TLX_ELECTOR) && x->elector != r->elector) {
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

/* expect_text - the recorded ruling line in canonical words. */
static char *expect_text(const struct tl_expect *x, char *buf, size_t n)
{
    struct ruling r;

    memset(&r, 0, sizeof(r));
    r.law = x->law;
    r.offender = (x->has & TLX_OFFENDER) ? x->offender : SEAT_NONE;
    r.elector = (x->has & TLX_ELECTOR) ? x->elector : SEAT_NONE;
    r.options = (x->has & TLX_OPTIONS) ? x->options : 0;
    r.remedy = (x->has & TLX_REMEDY) ? (enum remedy)x->remedy : REM_NONE;
    return ruling_format(&r, buf, n);
}

/* claim_finding - a `=` ruling line that no ruling of its deal matched. */
static void claim_finding(struct session *s, const struct open_claim *o)
{
    char want[300];
    char msg[1000];

    expect_text(&o->x, want, sizeof(want));
    snprintf(msg, sizeof(msg),
             "the log records \"= %s\", the rules give %s", want,
             o->gave[0] ? o->gave : "no such ruling in this deal");
    output_finding(s->out, s->name, o->line, "ruling", o->gave, want, msg);
    s->findings++;
}

/*
 * flush_deal - the deal in hand is over (a new deal or game begins, or
 * the log ends): `=` ruling lines still unmatched are findings, and under
 * --strict so are rulings the log never recorded.
 */
static void flush_deal(struct session *s)
{
    for (int i = 0; i < s->n_open; i++) {
        claim_finding(s, &s->open[i]);
    }
    for (int i = 0; s->strict && i < s->n_given; i++) {
        char buf[300];
        char msg[400];

        if (s->given[i].matched) {
            continue;
        }
        ruling_format(&s->given[i].r, buf, sizeof(buf));
        snprintf(msg, sizeof(msg),
                 "the rules give \"= %s\" here, the log records no ruling",
                 buf);
        output_finding(s->out, s->name, s->given[i].line,
                       "unrecorded-ruling", buf, "", msg);
        s->findings++;
    }
    s->n_open = 0;
    s->n_given = 0;
}

/* give_rulings - the rulings an action gave join the deal's, each taking
 * the first open `=` line it answers. */
static void give_rulings(struct session *s, int line,
                         const struct arb_result *r)
{
    for (int i = 0; i < r->n_rulings; i++) {
        struct given *g;

        if (s->n_given == DEAL_RULINGS_MAX) {
            memmove(&s->given[0], &s->given[1],
                    sizeof(s->given[0]) * (DEAL_RULINGS_MAX - 1));
            s->n_given--;
        }
        g = &s->given[s->n_given++];
        g->r = r->rulings[i];
        g->line = line;
        g->matched = false;
        for (int k = 0; k < s->n_open; k++) {
            if (expect_matches(&s->open[k].x, &g->r)) {
                g->matched = true;
                memmove(&s->open[k], &s->open[k + 1],
                        sizeof(s->open[0]) * (size_t)(s->n_open - k - 1));
                s->n_open--;
                break;
            }
        }
    }
}

static void check_ruling(struct session *s, const struct tl_line *line)
{
    const struct tl_expect *x = &line->expect;
    struct ruling pending[8];
    int n_pending = arbiter_pending(s->arb, pending, 8);
    struct open_claim *o;
    size_t used = 0;

    /* the newest ruling first: normally the action just above */
    for (int i = s->n_given - 1; i >= 0; i--) {
        if (!s->given[i].matched && expect_matches(x, &s->given[i].r)) {
            s->given[i].matched = true;
            return;
        }
    }
    for (int i = 0; i < n_pending && i < 8; i++) {
        if (expect_matches(x, &pending[i])) {
            return;
        }
    }
    if (s->n_open == OPEN_CLAIMS_MAX) {
        claim_finding(s, &s->open[0]);
        memmove(&s->open[0], &s->open[1],
                sizeof(s->open[0]) * (OPEN_CLAIMS_MAX - 1));
        s->n_open--;
    }
    o = &s->open[s->n_open++];
    o->x = *x;
    o->line = line->line_no;
    o->gave[0] = '\0';
    for (int i = 0; s->last != NULL && i < s->last->n_rulings &&
                    used < sizeof(o->gave);
         i++) {
        char one[300];

        used += (size_t)snprintf(o->gave + used, sizeof(o->gave) - used,
                                 "%s\"= %s\"", used ? ", " : "",
                                 ruling_format(&s->last->rulings[i], one,
                                               sizeof(one)));
    }
}

static void check_score(struct session *s, const struct tl_line *line)
{
    int score[2];

    arbiter_score(s->arb, score);
    if (score[0] != line->score[0] || score[1] != line->score[1]) {
        char want[40];
        char got[40];
        char msg[200];

        snprintf(want, sizeof(want), "A %d B %d", score[0], score[1]);
        snprintf(got, sizeof(got), "A %d B %d", line->score[0],
                 line->score[1]);
        snprintf(msg, sizeof(msg),
                 "the log records \"= score %s\", the rules give \"= score "
                 "%s\"",
                 got, want);
        output_finding(s->out, s->name, line->line_no, "score", want, got,
                       msg);
        s->findings++;
    }
}

/* ------------------------------------------------------------------ */
/* Running a log                                                        */
/* ------------------------------------------------------------------ */

static int add_tag(struct session *s, const struct tl_line *line)
{
    void *a = realloc(s->tag_name, sizeof(*s->tag_name) *
                                       (size_t)(s->n_tags + 1));
    void *b = NULL;

    if (a == NULL) {
        return -1;
    }
    s->tag_name = a;
    b = realloc(s->tag_value, sizeof(*s->tag_value) * (size_t)(s->n_tags + 1));
    if (b == NULL) {
        return -1;
    }
    s->tag_value = b;
    snprintf(s->tag_name[s->n_tags], TL_TAG_NAME_MAX, "%s", line->tag_name);
    snprintf(s->tag_value[s->n_tags], TL_TAG_VALUE_MAX, "%s",
             line->tag_value);
    s->n_tags++;
    return 0;
}

/* tag_seen - has the sitting this tag already?  1: with the same value
 * (a resumed log repeats its tags; a repeat changes nothing), -1: with
 * another value, for a tag that names a player or sets the rules (the log
 * contradicts itself), 0: new, or a descriptive tag given again (kept). */
static int tag_seen(const struct session *s, const struct tl_line *line)
{
    static const char *const binding[] = {"A", "B", "Laws", "Target",
                                          "Stakes", "Rubber"};

    for (int i = 0; i < s->n_tags; i++) {
        if (strcmp(s->tag_name[i], line->tag_name) != 0) {
            continue;
        }
        if (strcmp(s->tag_value[i], line->tag_value) == 0) {
            return 1;
        }
        for (size_t k = 0; k < sizeof(binding) / sizeof(binding[0]); k++) {
            if (strcmp(binding[k], line->tag_name) == 0) {
                return -1;
            }
        }
    }
    return 0;
}

/* take_action - adjudicate and record one event line.  Returns 0,
 * EXIT_BAD_INPUT (message printed) or -1 (ledger). */
static int take_action(struct session *s, const struct tl_line *line)
{
    struct arb_result *rp = &s->results[s->cur];
    int rc;

    arbiter_set_line(s->arb, line->line_no);
    rc = arbiter_apply(s->arb, &line->ev, rp);
    if (rc != 0) {
        snprintf(s->error, sizeof(s->error), "%s:%d:1: %s", s->name,
                 line->line_no, arbiter_errmsg(s->arb));
        if (!s->import) {
            fprintf(stderr, "%s\n", s->error);
        }
        return EXIT_BAD_INPUT;
    }
    if (s->mode == COMMIT_PER_DEAL && !s->import && rp->deal_started &&
        s->in_txn && commit(s) != 0) {
        return ledger_fail(s, "commit");
    }
    if (begin(s) != 0) {
        return ledger_fail(s, "begin");
    }
    if (record_result(s, line, rp) != 0) {
        return -1;
    }
    if (s->mode == COMMIT_PER_ACTION ||
        (!s->import && (rp->deal_over || rp->game_over))) {
        if (commit(s) != 0) {
            return ledger_fail(s, "commit");
        }
    }
    s->events++;
    if (rp->deal_started) {
        s->deals++;             /* once a deal: it may be reported again */
    }
    if (rp->deal_started || rp->game_started) {
        flush_deal(s);
    }
    report(s, line->line_no, rp);
    give_rulings(s, line->line_no, rp);
    s->last = rp;
    s->cur = 1 - s->cur;
    return 0;
}

/* recorded_same - resuming: is line the action recorded for its line
 * number of the same source? */
static bool recorded_same(const struct session *s, const struct tl_line *line)
{
    char text[TL_LINE_MAX];
    int lo = 0;
    int hi = s->n_recorded - 1;

    tl_format_line(line, text, sizeof(text));
    while (lo <= hi) {
        int mid = (lo + hi) / 2;

        if (s->recorded[mid].line == line->line_no) {
            return strcmp(s->recorded[mid].text, text) == 0;
        }
        if (s->recorded[mid].line < line->line_no) {
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return true;                /* nothing recorded for it: a skipped line */
}

/* ------------------------------------------------------------------ */
/* Importing: one transaction per deal, broken deals quarantined        */
/* ------------------------------------------------------------------ */

/* raw_add - keep a raw line of the deal being read. */
static int raw_add(struct session *s, const char *text, int line_no)
{
    size_t n = strlen(text);

    if (s->raw_len == 0) {
        s->raw_line = line_no;
    }
    if (s->raw_len + n + 2 > s->raw_cap) {
        size_t cap = (s->raw_cap + n + 2) * 2;
        char *p = realloc(s->raw, cap);

        if (p == NULL) {
            return -1;
        }
        s->raw = p;
        s->raw_cap = cap;
    }
    memcpy(s->raw + s->raw_len, text, n);
    s->raw_len += n;
    s->raw[s->raw_len++] = '\n';
    s->raw[s->raw_len] = '\0';
    return 0;
}

/* deal_boundary - the deal read so far ends here: commit it, or quarantine
 * it if it broke; then remember the referee as the next deal finds it. */
static int deal_boundary(struct session *s)
{
    if (s->skipping) {
        if (begin(s) != 0 ||
            ledger_quarantine_add(s->led, s->name, s->raw_line, s->error,
                                  s->raw != NULL ? s->raw : "") != 0 ||
            commit(s) != 0) {
            return ledger_fail(s, "quarantine");
        }
        s->quarantined++;
        s->skipping = false;
    } else if (commit(s) != 0) {
        return ledger_fail(s, "commit");
    }
    if (s->saved == NULL && arbiter_open(&s->saved) != 0) {
        return -1;
    }
    arbiter_copy(s->saved, s->arb);
    memcpy(s->saved_game, s->game, sizeof(s->game));
    memcpy(s->saved_deal, s->deal, sizeof(s->deal));
    s->saved_seq = s->seq;
    s->saved_events = s->events;
    s->saved_deals = s->deals;
    s->raw_len = 0;
    if (s->progress != NULL) {
        s->progress(s->progress_ctx, s->deals, s->events, s->quarantined);
    }
    return 0;
}

/* deal_broken - the deal being read cannot be read: undo it and skip the
 * rest of it; error says why. */
static void deal_broken(struct session *s)
{
    if (s->in_txn) {
        ledger_rollback(s->led);
        s->in_txn = false;
    }
    if (s->saved != NULL) {
        arbiter_copy(s->arb, s->saved);
        memcpy(s->game, s->saved_game, sizeof(s->game));
        memcpy(s->deal, s->saved_deal, sizeof(s->deal));
        s->seq = s->saved_seq;
        s->events = s->saved_events;
        s->deals = s->saved_deals;
    } else {
        /* the lines before the first deal: nothing to come back to but a
         * fresh referee and sitting */
        arbiter_close(s->arb);
        s->arb = NULL;
        if (arbiter_open(&s->arb) != 0) {
            s->arb = NULL;
        }
        s->sitting = 0;
        memset(s->game, 0, sizeof(s->game));
        memset(s->deal, 0, sizeof(s->deal));
        s->seq = 0;
        s->events = 0;
        s->deals = 0;
    }
    s->n_given = 0;
    s->n_open = 0;
    s->last = NULL;
    s->skipping = true;
    fprintf(stderr, "%s (deal quarantined)\n", s->error);
}

/* starts_deal - does line begin a new deal (a deal or game line)? */
static bool starts_deal(const struct tl_line *line)
{
    return line->kind == TL_EVENT &&
           (line->ev.kind == EV_DEAL || line->ev.kind == EV_GAME);
}

/* keep_claim - an imported log's `=` line, kept for the audit. */
static int keep_claim(struct session *s, const struct tl_line *line)
{
    char text[TL_LINE_MAX];

    if (!s->import || s->led == NULL) {
        return 0;
    }
    if (ensure_sitting(s) != 0 || begin(s) != 0) {
        return -1;
    }
    tl_format_line(line, text, sizeof(text));
    if (ledger_claim_add(s->led, s->sitting, s->last_event_id, line->line_no,
                         text + 2) != 0) {
        return ledger_fail(s, "claim");
    }
    return 0;
}

int session_run(struct session *s, FILE *fp, const char *name)
{
    struct tl_reader *rd = NULL;
    struct tl_line line;
    bool skipping = s->skip_line > 0 && strcmp(name, s->resume_source) == 0 &&
                    strcmp(name, "-") != 0;
    int rc = EXIT_FINE;

    s->name = name;
    if (tl_reader_open(&rd, fp, name) != 0) {
        fprintf(stderr, "ecarte: out of memory\n");
        return -1;
    }
    for (;;) {
        int got = tl_reader_next(rd, &line);

        if (got == 0) {
            break;
        }
        if (got == -2) {
            fprintf(stderr, "%s: read error\n", name);
            rc = EXIT_BAD_INPUT;
            break;
        }
        if (got < 0 && s->import) {
            raw_add(s, tl_reader_raw(rd), tl_reader_line(rd));
            if (!s->skipping) {
                snprintf(s->error, sizeof(s->error), "%s",
                         tl_reader_error(rd));
                deal_broken(s);
            }
            continue;
        }
        if (got < 0) {
            fprintf(stderr, "%s\n", tl_reader_error(rd));
            rc = EXIT_BAD_INPUT;
            break;
        }
        if (skipping && line.line_no <= s->skip_line) {
            if (line.kind == TL_EVENT && !recorded_same(s, &line)) {
                fprintf(stderr, "%s:%d:1: expected the action recorded for "
                                "this line when the sitting was first "
                                "recorded, found another (the ledger keeps "
                                "what it recorded; use --new for a new "
                                "sitting)\n",
                        name, line.line_no);
                rc = EXIT_BAD_INPUT;
                break;
            }
            continue;
        }
        if (s->import) {
            if (starts_deal(&line) && !s->skipping &&
                arbiter_hand_in_progress(s->arb) && s->raw_len > 0) {
                /* the deal read so far never finished: it is not readable */
                snprintf(s->error, sizeof(s->error),
                         "%s:%d:1: expected the rest of deal %d or \"end\", "
                         "found %s",
                         name, line.line_no, arbiter_deal_number(s->arb),
                         event_verb(line.ev.kind));
                deal_broken(s);
            }
            if (starts_deal(&line) && deal_boundary(s) != 0) {
                rc = -1;
                break;
            }
            if (raw_add(s, tl_reader_raw(rd), line.line_no) != 0) {
                rc = -1;
                break;
            }
            if (s->skipping) {
                continue;
            }
        }
        if (line.kind == TL_TAG) {
            int seen = tag_seen(s, &line);

            if (seen == 1) {
                continue;       /* resuming: the same tag as recorded */
            }
            if (seen == -1) {
                fprintf(stderr, "%s:%d:1: expected one value for [%s], found "
                                "a second, \"%s\"\n",
                        name, line.line_no, line.tag_name, line.tag_value);
                rc = EXIT_BAD_INPUT;
                break;
            }
            if (arbiter_set_tag(s->arb, line.tag_name, line.tag_value) != 0) {
                fprintf(stderr, "%s:%d:1: %s\n", name, line.line_no,
                        arbiter_errmsg(s->arb));
                rc = EXIT_BAD_INPUT;
                break;
            }
            if (add_tag(s, &line) != 0) {
                rc = -1;
                break;
            }
            continue;
        }
        if (line.kind == TL_EXPECT_RULING || line.kind == TL_EXPECT_SCORE) {
            if (keep_claim(s, &line) != 0) {
                rc = -1;
                break;
            }
            if (line.kind == TL_EXPECT_RULING) {
                check_ruling(s, &line);
            } else {
                check_score(s, &line);
            }
            continue;
        }
        if (line.kind != TL_EVENT) {
            continue;
        }
        rc = take_action(s, &line);
        if (rc == EXIT_BAD_INPUT && s->import) {
            deal_broken(s);
            rc = EXIT_FINE;
            continue;
        }
        if (rc != 0) {
            break;
        }
    }
    if (rc == EXIT_FINE && !s->skipping && arbiter_hand_in_progress(s->arb) &&
        arbiter_deal_number(s->arb) > 0) {
        if (s->import && s->raw_len > 0) {
            /* the log stops in the middle of a deal: it cannot be read */
            snprintf(s->error, sizeof(s->error),
                     "%s:%d:1: expected the rest of deal %d or \"end\", "
                     "found the end of the log",
                     name, tl_reader_line(rd), arbiter_deal_number(s->arb));
            deal_broken(s);
        } else if (!s->quiet) {
            char text[200];

            snprintf(text, sizeof(text),
                     "the log ends in the middle of deal %d: no score for it "
                     "yet (record resumes it)",
                     arbiter_deal_number(s->arb));
            output_note(s->out, name, tl_reader_line(rd), text);
        }
    }
    if (s->import && rc == EXIT_FINE && deal_boundary(s) != 0) {
        rc = -1;
    }
    if (rc == EXIT_FINE) {
        flush_deal(s);
        s->last = NULL;
        if (s->held_deal != 0 && !s->quiet) {
            char text[200];

            snprintf(text, sizeof(text),
                     "the log ends with the points of deal %d waiting for "
                     "the election on the pending ruling",
                     s->held_deal);
            output_note(s->out, name, tl_reader_line(rd), text);
        }
    }
    tl_reader_close(rd);
    if (commit(s) != 0 && rc == EXIT_FINE) {
        rc = ledger_fail(s, "commit");
    }
    if (rc == EXIT_FINE && (s->findings > 0 || s->quarantined > 0)) {
        rc = EXIT_FINDINGS;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Resuming a sitting                                                   */
/* ------------------------------------------------------------------ */

struct replay_ctx {
    struct session *s;
    int64_t sitting;
    int failed;
    char source[256];
    int max_line;
};

static int replay_tag(void *vctx, const char *name, const char *value)
{
    struct replay_ctx *ctx = vctx;
    struct tl_line line;

    if (arbiter_set_tag(ctx->s->arb, name, value) != 0) {
        ctx->failed = 1;
        return 1;
    }
    memset(&line, 0, sizeof(line));
    snprintf(line.tag_name, sizeof(line.tag_name), "%s", name);
    snprintf(line.tag_value, sizeof(line.tag_value), "%s", value);
    return add_tag(ctx->s, &line) == 0 ? 0 : 1;
}

static int replay_event(void *vctx, const struct ledger_event *ev)
{
    struct replay_ctx *ctx = vctx;
    struct session *s = ctx->s;
    struct tl_line line;
    struct tl_error err;
    struct arb_result r;
    int game_no;
    int deal_no;

    if (tl_parse_line(ev->text, strlen(ev->text), ev->line, &line, &err) != 0 ||
        line.kind != TL_EVENT) {
        fprintf(stderr, "ecarte: ledger event %lld does not read: %s\n",
                (long long)ev->id, err.msg);
        ctx->failed = 1;
        return 1;
    }
    arbiter_set_line(s->arb, ev->line);
    if (arbiter_apply(s->arb, &line.ev, &r) != 0) {
        fprintf(stderr, "ecarte: ledger event %lld no longer replays: %s\n",
                (long long)ev->id, arbiter_errmsg(s->arb));
        ctx->failed = 1;
        return 1;
    }
    game_no = arbiter_game_number(s->arb);
    deal_no = arbiter_deal_number(s->arb);
    if (r.game_started) {
        push_id(s->game, game_no, ev->game);
    }
    if (r.deal_started) {
        push_id(s->deal, deal_no, ev->deal);
    }
    s->seq = ev->seq;
    if (strcmp(ev->source, ctx->source) == 0 && ev->line > ctx->max_line) {
        struct recorded *more = realloc(s->recorded, sizeof(*more) *
                                        (size_t)(s->n_recorded + 1));

        if (more == NULL) {
            ctx->failed = 1;
            return 1;
        }
        s->recorded = more;
        s->recorded[s->n_recorded].line = ev->line;
        s->recorded[s->n_recorded].text = strdup(ev->text);
        if (s->recorded[s->n_recorded].text == NULL) {
            ctx->failed = 1;
            return 1;
        }
        s->n_recorded++;
        ctx->max_line = ev->line;
    }
    return 0;
}

struct last_sitting {
    int64_t id;
    char source[256];
};

static int find_last(void *vctx, int64_t id, const char *source)
{
    struct last_sitting *ls = vctx;

    ls->id = id;
    snprintf(ls->source, sizeof(ls->source), "%s", source);
    return 0;
}

int session_resume(struct session *s, const char *source)
{
    struct last_sitting ls = {0, ""};
    struct replay_ctx ctx;

    if (s->led == NULL) {
        return 0;
    }
    if (ledger_sittings_foreach(s->led, find_last, &ls) != 0) {
        return ledger_fail(s, "sittings");
    }
    if (ls.id == 0 ||
        (strcmp(ls.source, source) != 0 && strcmp(source, "-") != 0)) {
        return 0;
    }
    memset(&ctx, 0, sizeof(ctx));
    ctx.s = s;
    ctx.sitting = ls.id;
    snprintf(ctx.source, sizeof(ctx.source), "%s", source);
    if (ledger_tags_foreach(s->led, ls.id, replay_tag, &ctx) != 0 &&
        ctx.failed) {
        return -2;
    }
    if (ledger_events_foreach(s->led, ls.id, replay_event, &ctx) != 0 ||
        ctx.failed) {
        return ctx.failed ? -2 : ledger_fail(s, "events");
    }
    s->sitting = ls.id;
    snprintf(s->resume_source, sizeof(s->resume_source), "%s", source);
    s->skip_line = ctx.max_line;
    return 1;
}
