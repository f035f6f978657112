/* SPDX-License-Identifier: MIT */
/*
 * session_int.h - the session's state and the helpers its files share
 * (the files of session/ only; the public interface is session/session.h).
 *
 * A struct session runs one log through the reader, the referee and the
 * ledger.  Its files: session.c (the object, its ledger failures, the
 * sitting's tags), session_record.c (recording one accepted action),
 * session_lost.c (lost deals), session_replay.c (replaying a sitting
 * from the ledger), session_import.c (an import's books),
 * session_resume.c (which sitting a recorded log continues) and
 * session_run.c (the run, a line at a time).
 *
 * The helpers' statuses: 0 done, -1 a ledger error or out of memory (said
 * on stderr where noted "reported"), CLI_E_INPUT an input that cannot
 * stand (printed).  The smallest, called at every line or action
 * (session__begin, session__commit, session__starts_deal), are static
 * inline here, so that the split costs the hot path no calls.
 */
#ifndef ECARTE_CLI_SESSION_INT_H
#define ECARTE_CLI_SESSION_INT_H

#include "session/session.h"

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

/* A comment kept in memory (session_comment.c). */
struct held_comment;

/* A ledger row id kept by the number it has in the sitting. */
struct numbered {
    int number;
    int64_t id;
};

struct session {
    struct arbiter *arb;
    struct sitting *sit;        /* the sitting above the seats (sitting/) */
    struct ledger *led;         /* borrowed, may be NULL */
    struct session_sink sink;   /* where what it gives goes (copied) */
    enum commit_mode mode;
    bool quiet;                 /* print findings only */
    bool deriving;              /* session_derive: nothing printed */
    bool merging;               /* session_merge: one transaction for the
                                   whole sitting, committed by it */
    bool in_txn;
    bool in_deal;               /* importing: the deal's savepoint is open */
    int deals_in_txn;           /* importing: deals the open transaction holds */
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
    int tags_held;              /* the last tags_held of them, read from a
                                   log on a sitting resumed: written with
                                   its next action, or at the log's end
                                   read whole (session__write_held_tags) */
    bool hold_tags;             /* reading a log (session_run) */
    char (*tag_name)[TL_TAG_NAME_MAX];
    char (*tag_value)[TL_TAG_VALUE_MAX];
    /* what the last action gave, for the `=` lines after it: two results
     * used in turn, so that nothing large is copied per action */
    struct applied acts[2];
    int cur;
    const struct applied *last;
    int seen[SIT_MARK_KINDS];   /* the sitting's `=` lines read since the
                                   last action, by kind */
    /* the `=` lines of the deal in hand against the rulings it gave: a
     * line may come before or after the action that gives its ruling,
     * anywhere in the same deal */
    struct claims *claims;
    const char *name;
    const char *raw_now;        /* the text of the line being taken (an
                                   action refused names its column in
                                   it), NULL when none */
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
    bool imp_pending;           /* imp as the last deal left it, to be
                                   written with the next commit */
    char sha256[LEDGER_HASH_HEX]; /* the content imported ("" if none) */
    int skip_to;                /* lines up to it were taken in before */
    bool resumed;               /* a sitting was resumed */
    struct arbiter *probe;      /* ends_hand's copies (made on first use) */
    struct sitting *probe_sit;
    struct applied *probe_ap;
    struct arbiter *before;     /* a line taken at a table before its
                                   sitting's row: the referee as it stood,
                                   to go back to if the ledger refuses it
                                   (made on first use) */
    struct sitting *before_sit; /* and the sitting */
    bool lost_footing;          /* a line the ledger refused left the
                                   session where the ledger could not show
                                   it again: nothing more is taken */
    struct arbiter *saved;      /* the referee at the start of the deal */
    struct sitting *saved_sit;  /* and the sitting */
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
    /* the log's comments (session_comment.c) */
    const char *cur_raw;        /* the text of the line being taken */
    bool typed;                 /* lines typed at a table: the referee's
                                   `=` lines are not among them */
    int marks_after;            /* `=` lines read since the last action */
    struct held_comment *early; /* read before the sitting's row */
    int n_early;
    int cap_early;
    struct held_comment *again; /* a resumed log's, kept the first time */
    int n_again;
    int cap_again;
    int i_again;                /* the next of them the log should repeat */
    int64_t again_event;        /* the event they follow */
};

/* A line as the reader gave it. */
struct input_line {
    int got;                    /* 1 a line, -1 a line that does not read */
    int line_no;
    const char *raw;            /* its text */
    const char *error;          /* got < 0: "NAME:LINE:COL: ..." */
    struct tl_line *tl;         /* got > 0 */
};

/* ------------------------------------------------------------------ */
/* What the session reports: to its sink (inline), messages (session.c)  */
/* ------------------------------------------------------------------ */

/* session__say - one message (printf-style; a line end at its end is
 * left off) of kind to the sink's message function, if any. */
void session__say(const struct session *s, enum session_msg kind,
                  const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline void session__emit_note(const struct session *s,
                                      const char *source, int line,
                                      const char *text)
{
    if (s->sink.note != NULL) {
        s->sink.note(s->sink.ctx, source, line, text);
    }
}

static inline void session__emit_ruling(const struct session *s,
                                        const char *source, int line,
                                        int deal, const struct ruling *r,
                                        const char *words,
                                        const char *previews)
{
    if (s->sink.ruling != NULL) {
        s->sink.ruling(s->sink.ctx, source, line, deal, r, words, previews);
    }
}

static inline void session__emit_sit_ruling(const struct session *s,
                                            const char *source, int line,
                                            int deal,
                                            const struct sit_ruling *r,
                                            const char *words)
{
    if (s->sink.sit_ruling != NULL) {
        s->sink.sit_ruling(s->sink.ctx, source, line, deal, r, words);
    }
}

static inline void session__emit_deal(const struct session *s,
                                      const char *source, int line,
                                      const struct arb_deal_result *d,
                                      const int score[2])
{
    if (s->sink.deal != NULL) {
        s->sink.deal(s->sink.ctx, source, line, d, score);
    }
}

static inline void session__emit_game(const struct session *s,
                                      const char *source, int line,
                                      const struct arb_game_result *g)
{
    if (s->sink.game != NULL) {
        s->sink.game(s->sink.ctx, source, line, g);
    }
}

static inline void session__emit_game_reopened(const struct session *s,
                                               const char *source, int line,
                                               int game, enum arb_reopen why)
{
    if (s->sink.game_reopened != NULL) {
        s->sink.game_reopened(s->sink.ctx, source, line, game, why);
    }
}

static inline void session__emit_mark(const struct session *s,
                                      const char *source, int line,
                                      const struct sit_mark *m)
{
    if (s->sink.mark != NULL) {
        s->sink.mark(s->sink.ctx, source, line, m);
    }
}

static inline void session__emit_finding(const struct session *s,
                                         const char *source, int line,
                                         const char *kind,
                                         const char *expected,
                                         const char *found,
                                         const char *message)
{
    if (s->sink.finding != NULL) {
        s->sink.finding(s->sink.ctx, source, line, kind, expected, found,
                        message);
    }
}

/* ------------------------------------------------------------------ */
/* The session's transactions (inline) and tags (session.c)             */
/* ------------------------------------------------------------------ */

/* session__begin - a transaction, if the session has a ledger and none is
 * open.  Returns 0, -1 on a ledger error (not reported). */
static inline int session__begin(struct session *s)
{
    if (s->led == NULL) {
        return 0;
    }
    if (!s->in_txn) {
        if (ledger_begin(s->led) != 0) {
            return -1;
        }
        s->in_txn = true;
    }
    if (s->import && !s->in_deal) {
        /* importing: each deal a savepoint, many deals a transaction */
        if (ledger_savepoint(s->led) != 0) {
            return -1;
        }
        s->in_deal = true;
    }
    return 0;
}

/* session__commit - the open transaction, if any, with the import's
 * progress when a deal left it to be written (imp_pending).  Returns 0,
 * -1 on a ledger error (not reported; the transaction is then no longer
 * open). */
static inline int session__commit(struct session *s)
{
    int rc = 0;

    if (s->led == NULL || !s->in_txn) {
        return 0;
    }
    if (s->imp_pending) {
        /* importing: the progress of the last deal, committed with it */
        s->imp_pending = false;
        rc = ledger_import_update(s->led, &s->imp);
    }
    s->in_txn = false;
    s->in_deal = false;
    s->deals_in_txn = 0;
    if (rc != 0) {
        ledger_rollback(s->led);
        return -1;
    }
    return ledger_commit(s->led) == 0 ? 0 : -1;
}

/* session__ledger_fail - report a ledger failure in doing what on stderr
 * (the ledger's message, or in words another ecarte recording into the
 * same sitting) and roll back the open transaction, if any.  Returns
 * -1. */
int session__ledger_fail(struct session *s, const char *what);

/* session__add_tag - keep the tag of line (its name and value) with the
 * sitting's tags, written with the sitting at its first action.  Returns
 * 0, -1 if out of memory (the tag is not kept). */
int session__add_tag(struct session *s, const struct tl_line *line);

/* ------------------------------------------------------------------ */
/* Recording one action (session_record.c)                              */
/* ------------------------------------------------------------------ */

/* session__id_of - the ledger id kept for number (a game's or a deal's),
 * 0 if neither of the two kept is it. */
int64_t session__id_of(const struct numbered ids[2], int number);

/* session__push_id - keep id for number; the previous one is kept too. */
void session__push_id(struct numbered ids[2], int number, int64_t id);

/* session__ensure_sitting - the sitting row and its tags, at the first
 * action (said on stderr if s->announce_new; with no ledger, s->sitting
 * becomes -1); on a sitting resumed, the tags its log held
 * (session__write_held_tags).  Returns 0, -1 on a ledger error
 * (reported; the transaction rolled back). */
int session__ensure_sitting(struct session *s);

/* session__write_held_tags - the tags a log read on a resumed sitting
 * (the last s->tags_held of s->tag_*) into the ledger, in the open
 * transaction: with the log's first action accepted, so that a log
 * refused before it adds no tag.  Returns 0, -1 on a ledger error
 * (reported). */
int session__write_held_tags(struct session *s);

/* session__record_sitting - what the sitting gave (ap->s) after event_id
 * (line: the action, NULL for a lost deal) into the ledger: its rulings,
 * settlements and marks, persons, seatings, stakes and bets; in the open
 * transaction.  Returns 0, or -1 on a ledger error (reported; the
 * transaction rolled back). */
int session__record_sitting(struct session *s, int64_t event_id,
                            const struct tl_line *line,
                            const struct applied *ap);

/* session__give_rulings - the rulings an action (at line) gave join the
 * deal's, each answering the first open `=` line it bears out. */
void session__give_rulings(struct session *s, int line,
                           const struct applied *ap);

/* session__claim_line - a `=` line of the log, against what the rules
 * give where it stands: after the last action taken.  A disagreement is
 * a finding (printed and counted). */
void session__claim_line(struct session *s, const struct tl_line *line);

/* session__take_action - adjudicate and record one event line, report
 * what it gave and keep it for the `=` lines after it.  Returns 0,
 * CLI_E_INPUT (the action cannot stand: why is in s->error, and printed
 * unless importing) or -1 (ledger; reported). */
int session__take_action(struct session *s, const struct tl_line *line);

/* ------------------------------------------------------------------ */
/* The log's comments (session_comment.c)                               */
/* ------------------------------------------------------------------ */

/*
 * session__keep_comment - the `#` comment of line (raw: the line's text,
 * line->comment_len bytes from line->comment_at) kept in the ledger where
 * it stands: a comment line after the last action and the `=` lines read
 * since (before the first action, after the tags read so far); a tag's,
 * an action's (line is the action just recorded) or a `=` line's at the
 * end of its line.  Before the sitting's row exists it waits for it
 * (session__comments_write_early); a resumed log's comment that the
 * ledger kept when the log was first read is not kept again.  Recording
 * (COMMIT_PER_ACTION), a comment of its own is committed at once.
 * Nothing without a ledger, when deriving, or for a line without a
 * comment.  Returns 0, -1 on a ledger error (reported) or out of memory.
 */
int session__keep_comment(struct session *s, const struct tl_line *line,
                          const char *raw);

/* session__comments_write_early - the comments read before the sitting's
 * row, written now that it exists (session__ensure_sitting), in the
 * open transaction.  Returns 0, -1 on a ledger error (reported). */
int session__comments_write_early(struct session *s);

/* session__comments_resume - a log read again goes on from the sitting
 * s->sitting, at its last event (s->last_event_id): the comments the
 * ledger holds after that event are read, so that the same ones, read
 * again in the same order, are not kept twice.  Returns 0, -1 on a
 * ledger error (reported) or out of memory. */
int session__comments_resume(struct session *s);

/* session__comments_forget - what the session held of comments dropped
 * (a new sitting, a reset table); the lists kept for reuse. */
void session__comments_forget(struct session *s);

/* session__comments_free - the comments' lists freed (session_close). */
void session__comments_free(struct session *s);

/* ------------------------------------------------------------------ */
/* Lost deals (session_lost.c)                                          */
/* ------------------------------------------------------------------ */

/*
 * session__write_lost_deal - importing: the deal just read could not be
 * read (its raw text in s->raw, why in s->error).  The referee goes on as
 * the log states (lost_deal_apply); the game rows it opens or closes are
 * written, and the raw text is quarantined where it stood in the sitting.
 * In the open transaction.  Returns 0 or -1 (ledger; reported).
 */
int session__write_lost_deal(struct session *s);

/*
 * session__lost_deal_rows - a lost deal g where it stands: the referee
 * goes on as the log states (lost_deal_apply), and the deal, game and
 * money rows it closes or opens are written, in the open transaction (the
 * quarantine row is the caller's).  Returns 0 or -1 (ledger; reported).
 */
int session__lost_deal_rows(struct session *s, const struct lost_deal *g);

/* ------------------------------------------------------------------ */
/* Replaying a sitting (session_replay.c)                               */
/* ------------------------------------------------------------------ */

/* session__reset_table - a fresh referee and no sitting: what a new log
 * starts from.  Returns 0, -1 if out of memory. */
int session__reset_table(struct session *s);

/*
 * session__replay_sitting - make the session stand where sitting id
 * stands: its tags and actions replayed into a fresh referee, with its
 * lost deals where they stood.  *n_events (NULL: not wanted) gets the
 * actions replayed.  Returns 0, -1 on a ledger error or out of memory
 * (reported) or CLI_E_INPUT if the recorded actions no longer replay (a
 * message is printed).
 */
int session__replay_sitting(struct session *s, int64_t id, int64_t *n_events);

/* ------------------------------------------------------------------ */
/* Importing (session_import.c)                                         */
/* ------------------------------------------------------------------ */

/* session__raw_add - keep a raw line (text, at line_no) of the deal being
 * read.  Returns 0, -1 if out of memory. */
int session__raw_add(struct session *s, const char *text, int line_no);

/*
 * session__deal_boundary - the deal read so far ends (last_line the last
 * line it may hold): release it, the import's progress staged for the
 * commit that takes it in (one every few hundred deals), or quarantine it
 * if it broke; then remember the referee as the next deal finds it.
 * Returns 0 or -1 (ledger, memory; a ledger error reported).
 */
int session__deal_boundary(struct session *s, int last_line);

/* session__deal_broken - the deal being read cannot be read (s->error
 * says why; printed): undo it and skip the rest of it. */
void session__deal_broken(struct session *s);

/* session__starts_deal - does line begin a new deal (a deal or game
 * line)? */
static inline bool session__starts_deal(const struct tl_line *line)
{
    return line->kind == TL_EVENT &&
           (line->ev.kind == EV_DEAL || line->ev.kind == EV_GAME);
}

/* session__keep_claim - importing, an imported log's `=` line, kept for
 * the audit, in the open transaction (begun if none is); otherwise
 * nothing.  Returns 0 or -1 (a ledger error; reported, but for a
 * transaction that could not begin). */
int session__keep_claim(struct session *s, const struct tl_line *line);

/*
 * session__import_start - importing, at the first line after the tags
 * (line_no, not yet taken): the sitting, its tags, the comments read
 * before it and the import's row, committed on their own, so that
 * whatever follows (a first deal quarantined, an interruption) finds
 * them; the row's progress is line_no - 1 (an import interrupted after
 * this commit goes on at line_no, not taking again what was written);
 * the referee remembered as the first deal finds it.  Not importing, or
 * at a later line: nothing.  Returns 0 or -1 (ledger, memory; a ledger
 * error reported).
 */
int session__import_start(struct session *s, int line_no);

/* session__import_finish - importing a file with its hash into a
 * ledger, the whole file was read (up to last_line): the import is
 * complete (otherwise nothing).  Returns 0 or -1 (ledger; reported). */
int session__import_finish(struct session *s, int last_line);

/* ------------------------------------------------------------------ */
/* Which sitting the input continues (session_resume.c)                 */
/* ------------------------------------------------------------------ */

/* session__drain - take the lines held: tags always, the actions (and
 * `=` lines) up to the skip-th action are those already recorded, the
 * rest are new.  Returns 0, or what session__handle_line returns to
 * stop. */
int session__drain(struct session *s, int64_t skip);

/*
 * session__decide - after the input's k-th event (at_end: the input
 * ended after k events): is it known yet which sitting the input
 * continues?  While a living candidate recorded more than k events, no;
 * then the candidate with the most recorded events is resumed, or a new
 * sitting begun (for standard input) or the run stopped (a file that
 * differs from what its sitting recorded).  Returns 0 (decided or not),
 * CLI_E_INPUT (a file that differs from its sitting, or a sitting that
 * no longer replays; printed), -1 (ledger, memory), or what
 * session__drain returns.
 */
int session__decide(struct session *s, int64_t k, bool at_end);

/*
 * session__decide_line - deciding: hold the line; an event is compared
 * with the candidates (and may decide).  A line that does not read
 * decides as the end of input would, then stops the run.  Returns 0, or
 * what session__handle_line and session__decide return to stop, or -1
 * (ledger, memory).
 */
int session__decide_line(struct session *s, const struct input_line *in);

/* ------------------------------------------------------------------ */
/* One line of a log (session_run.c)                                    */
/* ------------------------------------------------------------------ */

/*
 * session__handle_line - take one line of the log: a tag, a `=` line, an
 * action (importing: deal by deal, a broken deal quarantined).  Returns 0
 * to go on, CLI_E_INPUT (a line that cannot be read or cannot be true,
 * not importing; printed) or -1 (ledger, memory; reported) to stop.
 */
int session__handle_line(struct session *s, const struct input_line *in);

#endif
