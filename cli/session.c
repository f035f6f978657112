/*
 * session.c - one log through the reader, the referee and the ledger:
 * every action adjudicated and recorded (one transaction per action or per
 * deal), every `=` line compared with what the rules give.  Recording
 * resumes the sitting the log continues (its source and its recorded
 * lines, matched by canonical text in order); importing goes on from
 * where an interrupted import of the same content stopped; a deal that
 * cannot be read is quarantined and the sitting goes on as the log
 * states.
 */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define INPUT_TAGS_MAX 64       /* tags of the input kept while deciding */

/* A sitting the input may continue (record, while deciding). */
struct candidate {
    int64_t id;
    int64_t n_events;           /* recorded */
    bool deal_open;             /* it stopped in the middle of a deal */
    bool dead;                  /* an input event differed from its own */
    int bad_line;               /* ... at this input line */
    char want[TL_LINE_MAX];     /* ... where it recorded this */
};

/* A line read while it is not yet known which sitting the input
 * continues: kept to be taken (or skipped) once it is. */
struct held_line {
    int line_no;
    char *raw;
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
    struct applied acts[2];
    int cur;
    const struct applied *last;
    /* the `=` lines of the deal in hand against the rulings it gave: a
     * line may come before or after the action that gives its ruling,
     * anywhere in the same deal */
    struct claims *claims;
    const char *name;
    bool whole_lines;           /* a last line without its end is refused */
    /* recording: which sitting the input continues (RESUME_AUTO and
     * RESUME_SITTING decide it at the input's first actions) */
    enum resume_mode resume;
    int64_t want_sitting;       /* RESUME_SITTING */
    bool deciding;              /* lines are held until it is decided */
    bool announce_new;          /* say so when the new sitting is made */
    struct held_line *held;
    int n_held;
    int cap_held;
    int64_t n_input_events;     /* events read while deciding */
    struct candidate *cand;
    int n_cand;
    bool any_cand;              /* the source had sittings to continue */
    int n_input_tags;
    char (*input_tag)[2][TL_TAG_VALUE_MAX];
    /* importing: a deal that cannot be read is quarantined, the rest land */
    bool import;
    struct ledger_import imp;   /* the import's row (imp.id 0: none yet) */
    char sha256[LEDGER_HASH_HEX]; /* the content imported ("" if none) */
    int skip_to;                /* lines up to it were taken in before */
    bool resumed;               /* a sitting was resumed */
    struct arbiter *saved;      /* the referee at the start of the deal */
    struct numbered saved_game[2];
    struct numbered saved_deal[2];
    int64_t saved_seq;
    int64_t saved_events;
    int64_t saved_deals;
    int64_t saved_last_event;
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

/* session_finding - a `=` line that disagrees with the rules: printed,
 * and counted. */
static void session_finding(void *ctx, const struct claim_finding *f)
{
    static const char *const kind[] = {
        [CLAIM_SCORE] = "score",
        [CLAIM_VALUE] = "value",
        [CLAIM_RULING] = "ruling",
        [CLAIM_UNRECORDED] = "unrecorded-ruling",
    };
    struct session *s = ctx;

    output_finding(s->out, s->name, f->line, kind[f->kind], f->expected,
                   f->found, f->message);
    s->findings++;
}

int session_open(struct session **out, struct ledger *l, struct output *o,
                 enum commit_mode mode)
{
    struct session *s = NULL;

    s = calloc(1, sizeof(*s));
    if (s == NULL || arbiter_open(&s->arb) != 0 ||
        claims_open(&s->claims, session_finding, s) != 0) {
        if (s != NULL) {
            arbiter_close(s->arb);
        }
        free(s);
        return -1;
    }
    s->led = l;
    s->out = o;
    s->mode = mode;
    s->resume = RESUME_NEW;
    *out = s;
    return 0;
}

void session_set_resume(struct session *s, enum resume_mode mode,
                        int64_t sitting)
{
    s->resume = mode;
    s->want_sitting = sitting;
}

void session_set_whole_lines(struct session *s, bool on)
{
    s->whole_lines = on;
}

bool session_resumed(const struct session *s)
{
    return s->resumed;
}

int session_skipped_to(const struct session *s)
{
    return s->skip_to;
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
    for (int i = 0; i < s->n_held; i++) {
        free(s->held[i].raw);
    }
    free(s->held);
    free(s->cand);
    free(s->input_tag);
    if (s->in_txn && s->led != NULL) {
        ledger_rollback(s->led);
    }
    arbiter_close(s->arb);
    claims_close(s->claims);
    free(s->tag_name);
    free(s->tag_value);
    free(s);
}

void session_set_strict(struct session *s, bool strict)
{
    claims_set_strict(s->claims, strict);
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

/* begin - a transaction, if the session has a ledger and none is open.
 * Returns 0, -1 on a ledger error (not reported). */
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

/* commit - the open transaction, if any.  Returns 0, -1 on a ledger
 * error (not reported; the transaction is then no longer open). */
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

/* id_of - the ledger id kept for number (a game's or a deal's), 0 if
 * neither of the two kept is it. */
static int64_t id_of(const struct numbered ids[2], int number)
{
    for (int i = 0; i < 2; i++) {
        if (ids[i].number == number) {
            return ids[i].id;
        }
    }
    return 0;
}

/* push_id - keep id for number; the previous one is kept too. */
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
    if (s->announce_new) {
        fprintf(stderr, "ecarte: %s: new sitting %lld\n", s->name,
                (long long)s->sitting);
        s->announce_new = false;
    }
    return 0;
}

/*
 * split_event - the words of ev after its verb into args (na bytes, from
 * tablelog) and the cards it names into cards (nc bytes), as the ledger
 * keeps them.
 */
static void split_event(const struct table_event *ev, char *args, size_t na,
                        char *cards, size_t nc)
{
    size_t used = 0;

    tl_format_args(ev, args, na);
    cards[0] = '\0';
    for (int i = 0; i < ev->n_cards && used < nc; i++) {
        char c[CARD_TEXT_MAX];

        used += (size_t)snprintf(cards + used, nc - used, "%s%s",
                                 i > 0 ? " " : "",
                                 card_format(ev->cards[i], c));
    }
}

/* record_result - write one accepted action and what it gave (ap), in
 * the open transaction.  Returns 0, or -1 on a ledger error (reported;
 * the transaction rolled back). */
static int record_result(struct session *s, const struct tl_line *line,
                         const struct applied *ap)
{
    const struct arb_result *r = &ap->r;
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
    split_event(&line->ev, args, sizeof(args), cards, sizeof(cards));
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
                              ap->words[i], NULL) != 0) {
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

/* report - print what an action (at line) gave. */
static void report(struct session *s, int line, const struct applied *ap)
{
    const struct arb_result *r = &ap->r;

    if (s->quiet) {
        return;
    }
    for (int i = 0; i < r->n_notes; i++) {
        output_note(s->out, s->name, line, r->notes[i]);
    }
    for (int i = 0; i < r->n_rulings; i++) {
        output_ruling(s->out, s->name, line, arbiter_deal_number(s->arb),
                      &r->rulings[i], ap->words[i], r->previews[i]);
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

/* give_rulings - the rulings an action (at line) gave join the deal's,
 * each answering the first open `=` line it bears out. */
static void give_rulings(struct session *s, int line,
                         const struct applied *ap)
{
    for (int i = 0; i < ap->r.n_rulings; i++) {
        claims_give(s->claims, &ap->r.rulings[i], ap->words[i], line);
    }
}

/* claim_line - a `=` line of the log, against what the rules give where
 * it stands: after the last action taken. */
static void claim_line(struct session *s, const struct tl_line *line)
{
    struct ruling pending[8];
    struct claim_point p;
    int n = 0;

    if (line->kind == TL_EXPECT_RULING) {
        n = arbiter_pending(s->arb, pending, 8);
    }
    p.event = s->last_event_id;
    arbiter_score(s->arb, p.score);
    p.value = arbiter_value(s->arb);
    p.pending = pending;
    p.n_pending = n < 8 ? n : 8;
    p.last = s->last;
    claims_line(s->claims, line, NULL, &p);
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

/* What the sitting has of a tag read (tag_seen). */
enum tag_seen {
    TAG_NEW,                    /* nothing, or a descriptive tag given
                                   again with another value (kept) */
    TAG_SAME,                   /* the same value (a resumed log repeats
                                   its tags; a repeat changes nothing) */
    TAG_CONTRARY                /* another value, for a tag that names a
                                   player or sets the rules (the log
                                   contradicts itself) */
};

/* tag_seen - has the sitting this tag already? */
static enum tag_seen tag_seen(const struct session *s,
                              const struct tl_line *line)
{
    static const char *const binding[] = {"A", "B", "Laws", "Target",
                                          "Stakes", "Rubber"};

    for (int i = 0; i < s->n_tags; i++) {
        if (strcmp(s->tag_name[i], line->tag_name) != 0) {
            continue;
        }
        if (strcmp(s->tag_value[i], line->tag_value) == 0) {
            return TAG_SAME;
        }
        for (size_t k = 0; k < sizeof(binding) / sizeof(binding[0]); k++) {
            if (strcmp(binding[k], line->tag_name) == 0) {
                return TAG_CONTRARY;
            }
        }
    }
    return TAG_NEW;
}

/* take_action - adjudicate and record one event line.  Returns 0,
 * CLI_E_INPUT (the action cannot stand: why is in s->error, and printed
 * unless importing) or -1 (ledger; reported). */
static int take_action(struct session *s, const struct tl_line *line)
{
    struct applied *ap = &s->acts[s->cur];
    const struct arb_result *rp = &ap->r;
    int rc;

    rc = apply_event(s->arb, &line->ev, line->line_no, ap);
    if (rc != 0) {
        snprintf(s->error, sizeof(s->error), "%s:%d:1: %s", s->name,
                 line->line_no, arbiter_errmsg(s->arb));
        if (!s->import) {
            fprintf(stderr, "%s\n", s->error);
        }
        return CLI_E_INPUT;
    }
    if (s->mode == COMMIT_PER_DEAL && !s->import && rp->deal_started &&
        s->in_txn && commit(s) != 0) {
        return ledger_fail(s, "commit");
    }
    if (begin(s) != 0) {
        return ledger_fail(s, "begin");
    }
    if (record_result(s, line, ap) != 0) {
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
        claims_end_deal(s->claims);
    }
    report(s, line->line_no, ap);
    give_rulings(s, line->line_no, ap);
    s->last = ap;
    s->cur = 1 - s->cur;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Lost deals: a quarantined deal left out, the sitting going on        */
/* ------------------------------------------------------------------ */

void lost_deal_read(const char *raw, struct lost_deal *g)
{
    const char *p = raw;
    bool first_seen = false;

    g->has_first = false;
    g->has_score = false;
    while (*p != '\0') {
        size_t len = strcspn(p, "\n");
        struct tl_line line;
        struct tl_error err;
        int ok = len < TL_LINE_MAX
                     ? tl_parse_line(p, len, 1, &line, &err) == 0
                     : 0;

        if (!ok || line.kind != TL_BLANK) {
            if (!first_seen && ok && line.kind == TL_EVENT) {
                g->first = line.ev;
                g->has_first = true;
            }
            if (!first_seen && (!ok || line.kind != TL_TAG)) {
                first_seen = true;
            }
            if (ok && line.kind == TL_EXPECT_SCORE) {
                g->score[0] = line.score[0];
                g->score[1] = line.score[1];
                g->has_score = true;
            }
        }
        p += len;
        if (*p == '\n') {
            p++;
        }
    }
}

int lost_deal_apply(struct arbiter *a, const struct lost_deal *g,
                    struct applied *out)
{
    arbiter_lose_deal(a, g->has_first ? &g->first : NULL,
                      g->has_score ? g->score : NULL, &out->r);
    apply_words(out);
    return 0;
}

struct gap_load {
    struct lost_deal *v;
    int n;
    int cap;
    bool failed;
};

/* gap_loaded - one quarantined deal of the sitting (ledger_gaps_foreach)
 * read into the list.  Returns 0, 1 out of memory (gl->failed). */
static int gap_loaded(void *vctx, int64_t after_event, int line, int game,
                      const char *raw)
{
    struct gap_load *gl = vctx;
    struct lost_deal *g;

    if (gl->n == gl->cap) {
        int cap = gl->cap > 0 ? gl->cap * 2 : 8;
        void *p = realloc(gl->v, sizeof(*gl->v) * (size_t)cap);

        if (p == NULL) {
            gl->failed = true;
            return 1;
        }
        gl->v = p;
        gl->cap = cap;
    }
    g = &gl->v[gl->n++];
    memset(g, 0, sizeof(*g));
    g->after_event = after_event;
    g->line = line;
    g->game = game;
    lost_deal_read(raw, g);
    return 0;
}

int lost_deals_load(struct ledger *l, int64_t sitting, struct lost_deal **out,
                    int *n)
{
    struct gap_load gl = { NULL, 0, 0, false };
    int rc = ledger_gaps_foreach(l, sitting, gap_loaded, &gl);

    if (rc != 0 || gl.failed) {
        free(gl.v);
        *out = NULL;
        *n = 0;
        return -1;
    }
    *out = gl.v;
    *n = gl.n;
    return 0;
}

/*
 * write_lost_deal - importing: the deal just read could not be read (its
 * raw text in s->raw, why in s->error).  The referee goes on as the log
 * states (lost_deal_apply); the game rows it opens or closes are written,
 * and the raw text is quarantined where it stood in the sitting.  In the
 * open transaction.  Returns 0 or -1 (ledger; reported).
 */
static int write_lost_deal(struct session *s)
{
    struct applied *ap = &s->acts[s->cur];
    const struct arb_result *r = &ap->r;
    struct lost_deal g;
    int64_t id = 0;
    int game_no;

    memset(&g, 0, sizeof(g));
    lost_deal_read(s->raw != NULL ? s->raw : "", &g);
    lost_deal_apply(s->arb, &g, ap);
    game_no = arbiter_game_number(s->arb);
    if (r->deal_over && id_of(s->deal, r->deal.number) != 0 &&
        ledger_deal_finish(s->led, id_of(s->deal, r->deal.number),
                           r->deal.tricks[0], r->deal.tricks[1],
                           r->deal.points[0], r->deal.points[1],
                           r->deal.is_void) != 0) {
        return ledger_fail(s, "deal");
    }
    if (r->game_started) {
        if (ledger_game_add(s->led, s->sitting, game_no, &id) != 0) {
            return ledger_fail(s, "game");
        }
        push_id(s->game, game_no, id);
    }
    if (r->game_over && id_of(s->game, r->game.number) != 0 &&
        ledger_game_finish(s->led, id_of(s->game, r->game.number),
                           seat_letter(r->game.winner), r->game.points[0],
                           r->game.points[1], r->game.value) != 0) {
        return ledger_fail(s, "game");
    }
    if (ledger_quarantine_gap(s->led, s->name, s->raw_line, s->error,
                              s->raw != NULL ? s->raw : "", s->sitting,
                              s->last_event_id, game_no) != 0) {
        return ledger_fail(s, "quarantine");
    }
    s->last = NULL;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Replaying a sitting from the ledger (resuming)                      */
/* ------------------------------------------------------------------ */

struct replay_ctx {
    struct session *s;
    struct lost_deal *gaps;
    int n_gaps;
    int next_gap;
    int64_t n_events;
    int failed;                 /* 1 out of memory or ledger, 2 no replay */
};

/* replay_tag - a recorded tag of the sitting replayed: into the referee
 * and the session's tags.  Returns 0, 1 to stop (ctx->failed: 2 the tag
 * no longer reads, printed; 1 out of memory). */
static int replay_tag(void *vctx, const char *name, const char *value)
{
    struct replay_ctx *ctx = vctx;
    struct tl_line line;

    if (arbiter_set_tag(ctx->s->arb, name, value) != 0) {
        fprintf(stderr, "ecarte: ledger tag [%s \"%s\"] no longer reads: "
                        "%s\n",
                name, value, arbiter_errmsg(ctx->s->arb));
        ctx->failed = 2;
        return 1;
    }
    memset(&line, 0, sizeof(line));
    snprintf(line.tag_name, sizeof(line.tag_name), "%s", name);
    snprintf(line.tag_value, sizeof(line.tag_value), "%s", value);
    if (add_tag(ctx->s, &line) != 0) {
        ctx->failed = 1;
        return 1;
    }
    return 0;
}

/* replay_result - what a replayed action (or lost deal) gave: the ids of
 * the game and deal it belongs to, and the rulings of the deal in hand
 * (those of the last action still open to the `=` lines after it). */
static int replay_result(struct session *s, const struct applied *ap,
                         int64_t game_id, int64_t deal_id, int line)
{
    const struct arb_result *r = &ap->r;
    int game_no = arbiter_game_number(s->arb);
    int deal_no = arbiter_deal_number(s->arb);

    if (game_id == 0 && r->game_started && s->led != NULL) {
        int rc = ledger_game_id(s->led, s->sitting, game_no, &game_id);

        if (rc != 0 && rc != LEDGER_E_NOTFOUND) {
            return -1;
        }
    }
    if (game_id != 0 && id_of(s->game, game_no) != game_id) {
        push_id(s->game, game_no, game_id);
    }
    if (deal_id != 0 && id_of(s->deal, deal_no) != deal_id) {
        push_id(s->deal, deal_no, deal_id);
    }
    if (r->deal_started || r->game_started) {
        claims_forget(s->claims);
    }
    claims_settle(s->claims);
    give_rulings(s, line, ap);
    return 0;
}

/* replay_gaps - the lost deals that stand before the event id (all that
 * are left, for id 0). */
static int replay_gaps(struct replay_ctx *ctx, int64_t id)
{
    struct session *s = ctx->s;

    while (ctx->next_gap < ctx->n_gaps &&
           (id == 0 || ctx->gaps[ctx->next_gap].after_event < id)) {
        struct applied *ap = &s->acts[s->cur];
        const struct lost_deal *g = &ctx->gaps[ctx->next_gap++];

        lost_deal_apply(s->arb, g, ap);
        if (replay_result(s, ap, 0, 0, g->line) != 0) {
            ctx->failed = 1;
            return 1;
        }
        s->last = NULL;
    }
    return 0;
}

/* replay_event - a recorded action of the sitting replayed (after the
 * lost deals before it): adjudicated again, its rulings joined to the
 * deal's as already recorded.  Returns 0, 1 to stop (ctx->failed: 2 it
 * no longer reads or replays, printed; 1 out of memory or ledger). */
static int replay_event(void *vctx, const struct ledger_event *ev)
{
    struct replay_ctx *ctx = vctx;
    struct session *s = ctx->s;
    struct applied *ap = &s->acts[s->cur];
    struct tl_line line;
    struct tl_error err;

    if (replay_gaps(ctx, ev->id) != 0) {
        return 1;
    }
    if (tl_parse_line(ev->text, strlen(ev->text), ev->line, &line, &err) !=
            0 ||
        line.kind != TL_EVENT) {
        fprintf(stderr, "ecarte: ledger event %lld does not read: %s\n",
                (long long)ev->id, err.msg);
        ctx->failed = 2;
        return 1;
    }
    if (apply_event(s->arb, &line.ev, ev->line, ap) != 0) {
        fprintf(stderr, "ecarte: ledger event %lld no longer replays: %s\n",
                (long long)ev->id, arbiter_errmsg(s->arb));
        ctx->failed = 2;
        return 1;
    }
    if (replay_result(s, ap, ev->game, ev->deal, ev->line) != 0) {
        ctx->failed = 1;
        return 1;
    }
    s->seq = ev->seq;
    s->last_event_id = ev->id;
    s->last = ap;
    s->cur = 1 - s->cur;
    ctx->n_events++;
    return 0;
}

/* reset_table - a fresh referee and no sitting: what a new log starts
 * from.  Returns 0, -1 if out of memory. */
static int reset_table(struct session *s)
{
    arbiter_close(s->arb);
    s->arb = NULL;
    if (arbiter_open(&s->arb) != 0) {
        return -1;
    }
    s->sitting = 0;
    memset(s->game, 0, sizeof(s->game));
    memset(s->deal, 0, sizeof(s->deal));
    s->seq = 0;
    s->last_event_id = 0;
    s->n_tags = 0;
    claims_forget(s->claims);
    s->last = NULL;
    return 0;
}

/*
 * replay_sitting - make the session stand where sitting id stands: its
 * tags and actions replayed into a fresh referee, with its lost deals
 * where they stood.  *n_events gets the actions replayed.  Returns 0, -1
 * on a ledger error (reported) or CLI_E_INPUT if the recorded actions no
 * longer replay (a message is printed).
 */
static int replay_sitting(struct session *s, int64_t id, int64_t *n_events)
{
    struct replay_ctx ctx;
    int rc;

    memset(&ctx, 0, sizeof(ctx));
    ctx.s = s;
    if (reset_table(s) != 0) {
        fprintf(stderr, "ecarte: out of memory\n");
        return -1;
    }
    s->sitting = id;
    if (lost_deals_load(s->led, id, &ctx.gaps, &ctx.n_gaps) != 0) {
        return ledger_fail(s, "quarantine");
    }
    rc = ledger_tags_foreach(s->led, id, replay_tag, &ctx);
    if (rc == 0 && ctx.failed == 0) {
        rc = ledger_events_foreach(s->led, id, replay_event, &ctx);
    }
    if (rc == 0 && ctx.failed == 0) {
        replay_gaps(&ctx, 0);
    }
    free(ctx.gaps);
    if (ctx.failed == 2) {
        return CLI_E_INPUT;
    }
    if (ctx.failed == 1) {
        fprintf(stderr, "ecarte: out of memory\n");
        return -1;
    }
    if (rc != 0) {
        return ledger_fail(s, "replay the sitting");
    }
    if (n_events != NULL) {
        *n_events = ctx.n_events;
    }
    return 0;
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

/* save_deal_start - remember the referee as the next deal finds it. */
static int save_deal_start(struct session *s)
{
    if (s->saved == NULL && arbiter_open(&s->saved) != 0) {
        return -1;
    }
    arbiter_copy(s->saved, s->arb);
    memcpy(s->saved_game, s->game, sizeof(s->game));
    memcpy(s->saved_deal, s->deal, sizeof(s->deal));
    s->saved_seq = s->seq;
    s->saved_events = s->events;
    s->saved_deals = s->deals;
    s->saved_last_event = s->last_event_id;
    s->raw_len = 0;
    return 0;
}

/* write_progress - the import's row as it stands, up to line, in the open
 * transaction (begun if none is). */
static int write_progress(struct session *s, int line, bool complete)
{
    if (s->imp.id == 0 || s->led == NULL) {
        return 0;
    }
    if (begin(s) != 0) {
        return ledger_fail(s, "begin");
    }
    s->imp.sitting = s->sitting > 0 ? s->sitting : 0;
    s->imp.line = line;
    s->imp.deals = (int)s->deals;
    s->imp.quarantined = s->quarantined;
    s->imp.findings = s->findings;
    s->imp.events = s->events;
    s->imp.complete = complete;
    if (ledger_import_update(s->led, &s->imp) != 0) {
        return ledger_fail(s, "import progress");
    }
    return 0;
}

/*
 * deal_boundary - the deal read so far ends before line next_line (0: at
 * the end of input, last_line the last line read): commit it with the
 * import's progress, or quarantine it if it broke; then remember the
 * referee as the next deal finds it.
 */
static int deal_boundary(struct session *s, int last_line)
{
    if (s->skipping) {
        if (begin(s) != 0) {
            return ledger_fail(s, "begin");
        }
        if (write_lost_deal(s) != 0) {
            return -1;
        }
        s->quarantined++;
        s->skipping = false;
    }
    claims_end_deal(s->claims);
    if (write_progress(s, last_line, false) != 0) {
        return -1;
    }
    if (commit(s) != 0) {
        return ledger_fail(s, "commit");
    }
    if (save_deal_start(s) != 0) {
        return -1;
    }
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
        s->last_event_id = s->saved_last_event;
    }
    claims_forget(s->claims);
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

/* keep_claim - an imported log's `=` line, kept for the audit, in the
 * open transaction (begun if none is).  Returns 0 or -1 (ledger;
 * reported). */
static int keep_claim(struct session *s, const struct tl_line *line)
{
    char text[TL_LINE_MAX];

    if (!s->import || s->led == NULL) {
        return 0;
    }
    if (ensure_sitting(s) != 0 || begin(s) != 0) {
        return -1;
    }
    if (ledger_claim_add(s->led, s->sitting, s->last_event_id, line->line_no,
                         claims_text(line, text, sizeof(text))) != 0) {
        return ledger_fail(s, "claim");
    }
    return 0;
}

/*
 * import_start - importing, at the first line after the tags: the
 * sitting, its tags and the import's row, committed on their own, so that
 * whatever follows (a first deal quarantined, an interruption) finds them.
 */
static int import_start(struct session *s)
{
    if (!s->import || s->saved != NULL) {
        return 0;
    }
    if (s->led != NULL && s->sitting == 0) {
        if (begin(s) != 0) {
            return ledger_fail(s, "begin");
        }
        if (ensure_sitting(s) != 0) {
            return -1;
        }
        if (s->sha256[0] != '\0' && s->imp.id == 0) {
            memset(&s->imp, 0, sizeof(s->imp));
            s->imp.sitting = s->sitting;
            if (ledger_import_begin(s->led, s->sha256, s->name, &s->imp) !=
                0) {
                return ledger_fail(s, "import");
            }
        }
        if (write_progress(s, s->imp.line, false) != 0) {
            return -1;
        }
        if (commit(s) != 0) {
            return ledger_fail(s, "commit");
        }
    }
    return save_deal_start(s);
}

int session_import_begin(struct session *s, const char *sha256,
                         enum import_start *out)
{
    struct ledger_import imp;
    int rc;

    *out = IMPORT_NEW;
    snprintf(s->sha256, sizeof(s->sha256), "%s", sha256);
    if (s->led == NULL) {
        return 0;
    }
    rc = ledger_import_get(s->led, sha256, &imp);
    if (rc == LEDGER_E_NOTFOUND) {
        return 0;
    }
    if (rc != 0) {
        return ledger_fail(s, "import");
    }
    if (imp.complete) {
        *out = IMPORT_DONE;
        return 0;
    }
    /* an import of this content was interrupted: go on from it */
    s->imp = imp;
    s->resumed = true;
    if (imp.sitting != 0) {
        rc = replay_sitting(s, imp.sitting, NULL);
        if (rc != 0) {
            return rc;
        }
        if (save_deal_start(s) != 0) {
            return -1;
        }
    }
    s->skip_to = imp.line;
    s->deals = imp.deals;
    s->quarantined = imp.quarantined;
    s->findings = imp.findings;
    s->events = imp.events;
    s->saved_deals = s->deals;
    s->saved_events = s->events;
    *out = IMPORT_RESUMED;
    return 0;
}

/* import_finish - the whole file was read: the import is complete. */
static int import_finish(struct session *s, int last_line)
{
    if (s->led == NULL || !s->import || s->sha256[0] == '\0') {
        return 0;
    }
    if (s->imp.id == 0) {
        /* a file with no action at all: recorded all the same, once */
        memset(&s->imp, 0, sizeof(s->imp));
        if (begin(s) != 0) {
            return ledger_fail(s, "begin");
        }
        if (ledger_import_begin(s->led, s->sha256, s->name, &s->imp) != 0) {
            return ledger_fail(s, "import");
        }
    }
    if (write_progress(s, last_line, true) != 0) {
        return -1;
    }
    if (commit(s) != 0) {
        return ledger_fail(s, "commit");
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* One line of a log                                                    */
/* ------------------------------------------------------------------ */

/* A line as the reader gave it. */
struct input_line {
    int got;                    /* 1 a line, -1 a line that does not read */
    int line_no;
    const char *raw;            /* its text */
    const char *error;          /* got < 0: "NAME:LINE:COL: ..." */
    struct tl_line *tl;         /* got > 0 */
};

/* sets_rules - does the tag name set the rules (the arbiter's tags)? */
static bool sets_rules(const char *name)
{
    return strcmp(name, "Laws") == 0 || strcmp(name, "Target") == 0 ||
           strcmp(name, "Stakes") == 0 || strcmp(name, "Rubber") == 0;
}

/* handle_tag - a tag line: kept for the sitting, or checked against the
 * tags of the sitting resumed.  Returns 0, CLI_E_INPUT (a tag that
 * contradicts the sitting's, or does not read; printed) or -1 (out of
 * memory). */
static int handle_tag(struct session *s, const struct tl_line *line)
{
    enum tag_seen seen = tag_seen(s, line);

    if (seen == TAG_SAME) {
        return 0;               /* resuming: the same tag as recorded */
    }
    if (seen == TAG_CONTRARY) {
        fprintf(stderr, "%s:%d:1: expected one value for [%s], found "
                        "a second, \"%s\"\n",
                s->name, line->line_no, line->tag_name, line->tag_value);
        return CLI_E_INPUT;
    }
    if (s->sitting > 0 && s->seq > 0) {
        /* a sitting resumed: its tags were fixed at its first action */
        if (!sets_rules(line->tag_name)) {
            return 0;
        }
        fprintf(stderr, "%s:%d:1: expected the rules of sitting %lld as "
                        "recorded, found a new tag [%s \"%s\"]\n",
                s->name, line->line_no, (long long)s->sitting,
                line->tag_name, line->tag_value);
        return CLI_E_INPUT;
    }
    if (arbiter_set_tag(s->arb, line->tag_name, line->tag_value) != 0) {
        fprintf(stderr, "%s:%d:1: %s\n", s->name, line->line_no,
                arbiter_errmsg(s->arb));
        return CLI_E_INPUT;
    }
    return add_tag(s, line);
}

/*
 * handle_line - take one line of the log: a tag, a `=` line, an action
 * (importing: deal by deal, a broken deal quarantined).  Returns 0 to go
 * on, CLI_E_INPUT (a line that cannot be read or cannot be true, not
 * importing; printed) or -1 (ledger, memory; reported) to stop.
 */
static int handle_line(struct session *s, const struct input_line *in)
{
    const struct tl_line *line = in->tl;
    int rc;

    if (in->got < 0 && s->import) {
        if (import_start(s) != 0) {
            return -1;
        }
        if (raw_add(s, in->raw, in->line_no) != 0) {
            return -1;
        }
        if (!s->skipping) {
            snprintf(s->error, sizeof(s->error), "%s", in->error);
            deal_broken(s);
        }
        return 0;
    }
    if (in->got < 0) {
        fprintf(stderr, "%s\n", in->error);
        return CLI_E_INPUT;
    }
    if (s->import && line->kind != TL_TAG) {
        if (import_start(s) != 0) {
            return -1;
        }
        if (starts_deal(line) && !s->skipping &&
            arbiter_hand_in_progress(s->arb) && s->raw_len > 0) {
            /* the deal read so far never finished: it is not readable */
            snprintf(s->error, sizeof(s->error),
                     "%s:%d:1: expected the rest of deal %d or \"end\", "
                     "found %s",
                     s->name, line->line_no, arbiter_deal_number(s->arb),
                     event_verb(line->ev.kind));
            deal_broken(s);
        }
        if (starts_deal(line) && deal_boundary(s, line->line_no - 1) != 0) {
            return -1;
        }
    }
    if (s->import) {
        if (raw_add(s, in->raw, in->line_no) != 0) {
            return -1;
        }
        if (s->skipping) {
            return 0;
        }
    }
    if (line->kind == TL_TAG) {
        return handle_tag(s, line);
    }
    if (claims_is_claim(line)) {
        if (keep_claim(s, line) != 0) {
            return -1;
        }
        claim_line(s, line);
        return 0;
    }
    if (line->kind != TL_EVENT) {
        return 0;
    }
    rc = take_action(s, line);
    if (rc == CLI_E_INPUT && s->import) {
        deal_broken(s);
        return 0;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Which sitting the input continues (recording)                       */
/* ------------------------------------------------------------------ */

/* hold - keep a line read while deciding.  Returns 0, -1 if out of
 * memory. */
static int hold(struct session *s, const struct input_line *in)
{
    if (s->n_held == s->cap_held) {
        int cap = s->cap_held > 0 ? s->cap_held * 2 : 64;
        void *p = realloc(s->held, sizeof(*s->held) * (size_t)cap);

        if (p == NULL) {
            return -1;
        }
        s->held = p;
        s->cap_held = cap;
    }
    s->held[s->n_held].line_no = in->line_no;
    s->held[s->n_held].raw = strdup(in->raw);
    if (s->held[s->n_held].raw == NULL) {
        return -1;
    }
    s->n_held++;
    return 0;
}

/* input_tag_add - a tag of the input, kept while deciding. */
static int input_tag_add(struct session *s, const struct tl_line *line)
{
    void *p;

    if (s->n_input_tags == INPUT_TAGS_MAX) {
        return 0;
    }
    p = realloc(s->input_tag,
                sizeof(*s->input_tag) * (size_t)(s->n_input_tags + 1));
    if (p == NULL) {
        return -1;
    }
    s->input_tag = p;
    snprintf(s->input_tag[s->n_input_tags][0], TL_TAG_VALUE_MAX, "%.*s",
             TL_TAG_NAME_MAX - 1, line->tag_name);
    snprintf(s->input_tag[s->n_input_tags][1], TL_TAG_VALUE_MAX, "%.*s",
             TL_TAG_VALUE_MAX - 1, line->tag_value);
    s->n_input_tags++;
    return 0;
}

/* Does a sitting carry every tag of the input (name and value)? */
struct tags_check {
    const struct session *s;
    bool *found;
};

/* tag_found - a tag of a sitting (ledger_tags_foreach): the input's tags
 * with the same name and value are found.  Returns 0. */
static int tag_found(void *vctx, const char *name, const char *value)
{
    struct tags_check *tc = vctx;

    for (int i = 0; i < tc->s->n_input_tags; i++) {
        if (strcmp(tc->s->input_tag[i][0], name) == 0 &&
            strcmp(tc->s->input_tag[i][1], value) == 0) {
            tc->found[i] = true;
        }
    }
    return 0;
}

/* tags_fit - *fit: has sitting every tag the input gave?  Returns 0, or
 * a ledger error (negative; not reported). */
static int tags_fit(struct session *s, int64_t sitting, bool *fit)
{
    bool found[INPUT_TAGS_MAX];
    struct tags_check tc = { s, found };
    int rc;

    *fit = false;
    memset(found, 0, sizeof(found));
    rc = ledger_tags_foreach(s->led, sitting, tag_found, &tc);
    if (rc != 0) {
        return rc < 0 ? rc : -1;
    }
    for (int i = 0; i < s->n_input_tags; i++) {
        if (!found[i]) {
            return 0;
        }
    }
    *fit = true;
    return 0;
}

struct gather_ctx {
    struct session *s;
    bool failed;
};

/* gathered - a sitting the input may continue (ledger_sittings_find),
 * made a candidate (an imported one is not, unless named).  Returns 0,
 * 1 out of memory (gc->failed). */
static int gathered(void *vctx, const struct ledger_sitting_info *si)
{
    struct gather_ctx *gc = vctx;
    struct session *s = gc->s;
    void *p;

    if (si->imported && s->resume == RESUME_AUTO) {
        return 0;               /* an imported log is not resumed by record */
    }
    p = realloc(s->cand, sizeof(*s->cand) * (size_t)(s->n_cand + 1));
    if (p == NULL) {
        gc->failed = true;
        return 1;
    }
    s->cand = p;
    memset(&s->cand[s->n_cand], 0, sizeof(s->cand[0]));
    s->cand[s->n_cand].id = si->id;
    s->cand[s->n_cand].n_events = si->n_events;
    s->cand[s->n_cand].deal_open = si->deal_open;
    s->n_cand++;
    return 0;
}

/* compare - the input's k-th event (canonical text) against each living
 * candidate's k-th recorded event: a difference kills it.  Returns 0 or
 * -1 (ledger). */
static int compare(struct session *s, int64_t k, const char *text,
                   int line_no)
{
    char want[TL_LINE_MAX];

    for (int i = 0; i < s->n_cand; i++) {
        struct candidate *c = &s->cand[i];
        int rc;

        if (c->dead || k > c->n_events) {
            continue;
        }
        rc = ledger_event_text(s->led, c->id, k, want, sizeof(want));
        if (rc == LEDGER_E_NOTFOUND) {
            c->n_events = k - 1;        /* shorter than it said */
            continue;
        }
        if (rc != 0) {
            return ledger_fail(s, "read the sitting");
        }
        if (strcmp(want, text) != 0) {
            c->dead = true;
            c->bad_line = line_no;
            snprintf(c->want, sizeof(c->want), "%s", want);
        }
    }
    return 0;
}

/* drain - take the lines held: tags always, the actions (and `=` lines)
 * up to the skip-th action are those already recorded, the rest are new.
 * Returns 0, or what handle_line returns to stop. */
static int drain(struct session *s, int64_t skip)
{
    int64_t events = 0;
    int rc = 0;
    int i;

    s->deciding = false;
    for (i = 0; i < s->n_held && rc == 0; i++) {
        struct tl_line line;
        struct tl_error err;
        struct input_line in;
        const char *raw = s->held[i].raw;

        if (tl_parse_line(raw, strlen(raw), s->held[i].line_no, &line,
                          &err) != 0) {
            continue;           /* cannot be: the reader read it */
        }
        if (line.kind != TL_TAG && events < skip) {
            if (line.kind == TL_EVENT) {
                events++;
            }
            continue;
        }
        in.got = 1;
        in.line_no = s->held[i].line_no;
        in.raw = raw;
        in.error = "";
        in.tl = &line;
        rc = handle_line(s, &in);
    }
    for (i = 0; i < s->n_held; i++) {
        free(s->held[i].raw);
    }
    s->n_held = 0;
    return rc;
}

/* start_new - the input continues no sitting: a new one, said so.
 * Returns as drain. */
static int start_new(struct session *s, const char *why)
{
    if (reset_table(s) != 0) {
        return -1;
    }
    if (why != NULL) {
        fprintf(stderr, "ecarte: %s: %s: its lines go into a new sitting\n",
                s->name, why);
    }
    s->announce_new = true;
    return drain(s, 0);
}

/* resume_at - the input continues sitting id, whose first skip actions
 * it repeats: replay the sitting, then take the rest.  Returns 0,
 * CLI_E_INPUT (the sitting no longer replays, or grew meanwhile;
 * printed), -1 (ledger; reported) or what drain returns. */
static int resume_at(struct session *s, int64_t id, int64_t n_events,
                     int64_t skip)
{
    int64_t replayed = 0;
    int rc = replay_sitting(s, id, &replayed);

    if (rc != 0) {
        return rc;
    }
    if (skip > 0 && replayed != n_events) {
        fprintf(stderr, "ecarte: %s: another ecarte recorded into sitting "
                        "%lld meanwhile; run again to resume after it\n",
                s->name, (long long)id);
        return CLI_E_INPUT;
    }
    s->resumed = true;
    fprintf(stderr, "ecarte: %s: resuming sitting %lld: %lld action(s) "
                    "recorded, %lld of them read again and skipped\n",
            s->name, (long long)id, (long long)replayed, (long long)skip);
    return drain(s, skip);
}

/* accepts - continuing: does sitting id, as it stands, take ev as its
 * next action in the middle of a deal, and as a regular one (an action
 * the laws rule on is more likely another table's first)?  The answer
 * into *ok (yes: the session then stands where the sitting stands).
 * Returns 0, or as replay_sitting, or -1 out of memory. */
static int accepts(struct session *s, int64_t id, const struct tl_line *ev,
                   bool *ok)
{
    struct arbiter *probe = NULL;
    struct applied *ap = NULL;
    int rc = replay_sitting(s, id, NULL);

    *ok = false;
    if (rc != 0) {
        return rc;
    }
    if (!arbiter_hand_in_progress(s->arb)) {
        return 0;
    }
    if (arbiter_open(&probe) != 0) {
        return -1;
    }
    arbiter_copy(probe, s->arb);
    ap = &s->acts[s->cur];      /* not s->last: a scratch result */
    *ok = apply_event(probe, &ev->ev, ev->line_no, ap) == 0 &&
          ap->r.n_rulings == 0;
    arbiter_close(probe);
    return 0;
}

/* continue_open - standard input whose first action is no sitting's
 * first: the rest of a sitting interrupted in the middle of a deal (of
 * standard input, with the input's tags), the newest that takes it, into
 * *chosen (0: none).  Returns 0, or as accepts, or -1 on a ledger error
 * (reported). */
static int continue_open(struct session *s, const struct tl_line *ev,
                         int64_t *chosen)
{
    *chosen = 0;
    for (int i = s->n_cand - 1; i >= 0; i--) {
        bool fit = false;
        bool ok = false;
        int rc;

        if (tags_fit(s, s->cand[i].id, &fit) != 0) {
            return ledger_fail(s, "read tags");
        }
        if (!fit || s->cand[i].n_events == 0 || !s->cand[i].deal_open) {
            continue;
        }
        rc = accepts(s, s->cand[i].id, ev, &ok);
        if (rc < 0) {
            return rc;
        }
        if (ok) {
            *chosen = s->cand[i].id;
            return 0;
        }
    }
    return 0;
}

/*
 * decide - after the input's k-th event (at_end: the input ended after
 * k events): is it known yet which sitting the input continues?  While a
 * living candidate recorded more than k events, no; then the candidate
 * with the most recorded events is resumed, or a new sitting begun (for
 * standard input) or the run stopped (a file that differs from what its
 * sitting recorded).  Returns 0 (decided or not), CLI_E_INPUT (a file
 * that differs from its sitting; printed), or what resume_at or
 * start_new returns.
 */
static int decide(struct session *s, int64_t k, bool at_end)
{
    struct candidate *best = NULL;
    struct candidate *longer = NULL;
    struct candidate *dead = NULL;
    bool stdin_log = strcmp(s->name, "-") == 0;

    for (int i = 0; i < s->n_cand; i++) {
        struct candidate *c = &s->cand[i];

        if (c->dead) {
            if (c->bad_line > 0 &&
                (dead == NULL || c->bad_line > dead->bad_line)) {
                dead = c;
            }
        } else if (c->n_events > k) {
            longer = c;
        } else if (best == NULL || c->n_events >= best->n_events) {
            best = c;
        }
    }
    if (longer != NULL && !at_end) {
        return 0;               /* it may go on repeating that one */
    }
    if (best != NULL && (longer == NULL || best->n_events == k)) {
        return resume_at(s, best->id, best->n_events, best->n_events);
    }
    if (longer != NULL) {
        /* the input is a part of what was recorded */
        fprintf(stderr, "ecarte: %s: every action read is already "
                        "recorded in sitting %lld: nothing new\n",
                s->name, (long long)longer->id);
        for (int j = 0; j < s->n_held; j++) {
            free(s->held[j].raw);
        }
        s->n_held = 0;
        s->deciding = false;
        s->resumed = true;
        return 0;
    }
    if (dead != NULL && (!stdin_log || s->resume == RESUME_SITTING)) {
        fprintf(stderr, "%s:%d:1: expected the action recorded for this "
                        "line when the sitting was first recorded, \"%s\", "
                        "found another (the ledger keeps what it recorded; "
                        "--new records the log as a new sitting)\n",
                s->name, dead->bad_line, dead->want);
        return CLI_E_INPUT;
    }
    if (dead != NULL) {
        char why[200];

        snprintf(why, sizeof(why), "line %d differs from sitting %lld",
                 dead->bad_line, (long long)dead->id);
        return start_new(s, why);
    }
    return start_new(s, NULL);
}

/*
 * first_event - deciding, the input's first event: gather the sittings
 * it may continue (those recorded from the same source, or the one named
 * with --sitting) and keep those whose first action it is.  May decide
 * at once.  Returns 0, CLI_E_INPUT (no such sitting, or a file whose
 * first action is not its sitting's; printed), -1 (ledger, memory;
 * reported), or what decide, resume_at or start_new returns.
 */
static int first_event(struct session *s, const struct tl_line *line,
                       const char *text)
{
    struct gather_ctx gc = { s, false };
    bool stdin_log = strcmp(s->name, "-") == 0;
    int alive = 0;
    int rc;

    rc = ledger_sittings_find(s->led,
                              s->resume == RESUME_SITTING ? NULL : s->name,
                              s->resume == RESUME_SITTING ? s->want_sitting
                                                          : 0,
                              gathered, &gc);
    if (gc.failed) {
        return -1;
    }
    if (rc != 0) {
        return ledger_fail(s, "find the sitting");
    }
    if (s->resume == RESUME_SITTING && s->n_cand == 0) {
        fprintf(stderr, "ecarte: no sitting %lld in the ledger\n",
                (long long)s->want_sitting);
        return CLI_E_INPUT;
    }
    s->any_cand = s->n_cand > 0;
    for (int i = 0; i < s->n_cand && stdin_log && s->n_input_tags > 0; i++) {
        bool fit = false;

        if (tags_fit(s, s->cand[i].id, &fit) != 0) {
            return ledger_fail(s, "read tags");
        }
        if (!fit) {
            s->cand[i].dead = true;     /* another table's */
        }
    }
    if (compare(s, 1, text, line->line_no) != 0) {
        return -1;
    }
    for (int i = 0; i < s->n_cand; i++) {
        if (s->cand[i].n_events == 0) {
            s->cand[i].dead = true;
            s->cand[i].bad_line = 0;
        }
        if (!s->cand[i].dead) {
            alive++;
        }
    }
    if (alive > 0) {
        if (stdin_log && isatty(0)) {
            /* typed at the table: say why nothing is printed yet */
            fprintf(stderr, "ecarte: -: these lines repeat a sitting "
                            "recorded before; they are held until they go "
                            "beyond it or differ\n");
        }
        return decide(s, 1, false);
    }
    /* no sitting begins with it */
    if (s->resume == RESUME_SITTING) {
        /* the rest of the sitting named: its recorded actions stand */
        return resume_at(s, s->cand[0].id, s->cand[0].n_events, 0);
    }
    if (stdin_log && s->any_cand) {
        int64_t chosen = 0;

        for (int i = 0; i < s->n_cand; i++) {
            s->cand[i].dead = false;
        }
        rc = continue_open(s, line, &chosen);
        if (rc != 0) {
            return rc;
        }
        if (chosen != 0) {
            return resume_at(s, chosen, 0, 0);
        }
        return start_new(s, "its tags and first action begin no sitting "
                            "recorded, and it continues none");
    }
    if (s->any_cand) {
        char want[TL_LINE_MAX];
        struct candidate *c = &s->cand[s->n_cand - 1];

        if (ledger_event_text(s->led, c->id, 1, want, sizeof(want)) != 0) {
            want[0] = '\0';
        }
        fprintf(stderr, "%s:%d:1: expected the first action recorded for "
                        "this log in sitting %lld, \"%s\", found another "
                        "(the ledger keeps what it recorded; --new records "
                        "the log as a new sitting, --sitting ID continues "
                        "one)\n",
                s->name, line->line_no, (long long)c->id, want);
        return CLI_E_INPUT;
    }
    return start_new(s, NULL);
}

/*
 * decide_line - deciding: hold the line; an event is compared with the
 * candidates (and may decide).  A line that does not read decides as the
 * end of input would, then stops the run.  Returns 0 or what handle_line
 * and decide return to stop
 * returns to stop.
 */
static int decide_line(struct session *s, const struct input_line *in)
{
    char text[TL_LINE_MAX];
    int rc;

    if (in->got < 0) {
        rc = s->n_input_events > 0 ? decide(s, s->n_input_events, true)
                                   : drain(s, 0);
        return rc != 0 ? rc : handle_line(s, in);
    }
    if (hold(s, in) != 0) {
        return -1;
    }
    if (in->tl->kind == TL_TAG) {
        return input_tag_add(s, in->tl);
    }
    if (in->tl->kind != TL_EVENT) {
        return 0;
    }
    s->n_input_events++;
    tl_format_line(in->tl, text, sizeof(text));
    if (s->n_input_events == 1) {
        return first_event(s, in->tl, text);
    }
    if (compare(s, s->n_input_events, text, in->line_no) != 0) {
        return -1;
    }
    return decide(s, s->n_input_events, false);
}

/* ------------------------------------------------------------------ */
/* Running a log                                                        */
/* ------------------------------------------------------------------ */

int session_run(struct session *s, FILE *fp, const char *name,
                int *exit_out)
{
    struct tl_reader *rd = NULL;
    struct tl_line line;
    int rc = 0;

    s->name = name;
    s->deciding = s->led != NULL && s->mode == COMMIT_PER_ACTION &&
                  s->resume != RESUME_NEW && s->sitting == 0;
    if (s->led != NULL && s->mode == COMMIT_PER_ACTION &&
        s->resume == RESUME_NEW && s->sitting == 0) {
        s->announce_new = true;
    }
    *exit_out = EXIT_BAD_INPUT;
    if (tl_reader_open(&rd, fp, name) != 0) {
        fprintf(stderr, "ecarte: out of memory\n");
        return -1;
    }
    tl_reader_set_whole_lines(rd, s->whole_lines);
    for (;;) {
        struct input_line in;
        int got = tl_reader_next(rd, &line);

        if (got == 0) {
            break;
        }
        if (got == -2) {
            fprintf(stderr, "%s: read error\n", name);
            rc = CLI_E_INPUT;
            break;
        }
        in.got = got;
        in.line_no = got > 0 ? line.line_no : tl_reader_line(rd);
        in.raw = tl_reader_raw(rd);
        in.error = tl_reader_error(rd);
        in.tl = &line;
        if (s->skip_to > 0 && in.line_no <= s->skip_to) {
            continue;           /* taken in before an interruption */
        }
        rc = s->deciding ? decide_line(s, &in) : handle_line(s, &in);
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && s->deciding) {
        rc = s->n_input_events > 0 ? decide(s, s->n_input_events, true)
                                   : drain(s, 0);
    }
    if (rc == 0 && !s->skipping && arbiter_hand_in_progress(s->arb) &&
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
    if (s->import && rc == 0 && deal_boundary(s, tl_reader_line(rd)) != 0) {
        rc = -1;
    }
    if (s->import && rc == 0 && import_finish(s, tl_reader_line(rd)) != 0) {
        rc = -1;
    }
    if (rc == 0) {
        claims_end_deal(s->claims);
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
    if (commit(s) != 0 && rc == 0) {
        rc = ledger_fail(s, "commit");
    }
    if (rc == 0) {
        *exit_out = s->findings > 0 || s->quarantined > 0 ? EXIT_FINDINGS
                                                          : EXIT_FINE;
    }
    return rc;
}

int session_run_path(struct session *s, const char *sub, const char *path,
                     int *exit_out)
{
    FILE *fp = open_log(sub, path);
    int rc;

    if (fp == NULL) {
        *exit_out = EXIT_BAD_INPUT;
        return CLI_E_INPUT;
    }
    rc = session_run(s, fp, path, exit_out);
    close_log(fp);
    return rc;
}
