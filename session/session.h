/* SPDX-License-Identifier: MIT */
/*
 * session.h - the session: one log through the reader (tablelog/), the
 * sitting above the seats (sitting/), the referee (arbiter/) and the
 * ledger (ledger/): record, import, resume, replay and check, a line at
 * a time or a whole log.  It prints nothing: what it gives goes to a
 * sink (struct session_sink) that the front door supplies.  Also here:
 * an action applied and worded (apply.c), a log's `=` lines held against
 * what the rules give (claims.c), lost deals (session_lost.c).
 */
#ifndef ECARTE_SESSION_SESSION_H
#define ECARTE_SESSION_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "arbiter/arbiter.h"
#include "ledger/ledger.h"
#include "sitting/sitting.h"
#include "tablelog/tablelog.h"

#define ECARTE_VERSION "1.1.0"

/* Exit status of every subcommand. */
enum exit_status {
    EXIT_FINE = 0,              /* fine */
    EXIT_FINDINGS = 1,          /* findings (check, verify, audit, import) */
    EXIT_BAD_INPUT = 2          /* bad input or usage */
};

/*
 * Status of the command's functions that can fail: 0 done, or one of
 * these.  A subcommand (cmd_*) returns an exit status, never a status;
 * a function that decides one passes it out through exit_out.
 */
enum cli_status {
    CLI_E_ERROR = -1,           /* a ledger failure, or out of memory */
    CLI_E_INPUT = -2            /* input that cannot be read or cannot be
                                   true: the run stops there */
};

/* ------------------------------------------------------------------ */
/* An action applied: what it gave, and its rulings in words            */
/* ------------------------------------------------------------------ */

#define APPLY_WORDS_MAX 300     /* "ruling L43 offender A elector B ..." */

/* What one action gave: the referee's result, and each of its rulings in
 * the words of a `= ruling` line without its "= " (ruling_format); and
 * the sitting's above the seats (sitting/), its rulings in words too. */
struct applied {
    struct arb_result r;
    char words[ARB_RULINGS_MAX][APPLY_WORDS_MAX];
    struct sit_result s;
    char sit_words[SIT_RULINGS_MAX][APPLY_WORDS_MAX];
};

/*
 * apply_event - ev, read at line of its log (0 if unknown), applied by a
 * (arbiter_set_line, then arbiter_apply); *out gets what it gave and the
 * words of each ruling.  Returns 0, or the arbiter's code
 * (ARB_E_IMPOSSIBLE, ARB_E_ORDER, ARB_E_PENDING) with the reason in
 * arbiter_errmsg(a): a is then as it was, but for its line, and *out
 * holds no ruling.  Allocates nothing.
 */
int apply_event(struct arbiter *a, const struct table_event *ev, int line,
                struct applied *out);

/* apply_words - the words of each ruling of out->r into out->words, for
 * a result the referee filled otherwise (arbiter_lose_deal); the
 * sitting's part is emptied. */
void apply_words(struct applied *out);

/*
 * apply_line - one action line l (TL_EVENT) through the sitting sit and
 * the referee a (sitting_apply): *out gets both results and the words of
 * every ruling.  Returns 0, or the sitting's or the arbiter's code with
 * the reason in sitting_errmsg(sit): sit and a are then as they were and
 * *out holds no ruling.
 */
int apply_line(struct sitting *sit, struct arbiter *a, const struct tl_line *l,
               struct applied *out);

/* apply_sit_words - the words of each of the sitting's rulings of out
 * into out->sit_words. */
void apply_sit_words(struct applied *out);

/* sit_ruling_words - the `= ruling` words of a ruling of the sitting
 * ("ruling CH2 offender ann remedy forfeit-stake") into buf.  Returns
 * buf. */
char *sit_ruling_words(const struct sit_ruling *r, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* Claims: a log's `=` lines against what the rules give                */
/* ------------------------------------------------------------------ */

/* What a `=` line disagrees with. */
enum claim_kind {
    CLAIM_SCORE,                /* `= score`: not the score there */
    CLAIM_VALUE,                /* `= value`: not the hand's value there */
    CLAIM_RULING,               /* `= ruling`: no ruling of its deal */
    CLAIM_UNRECORDED,           /* strict: a ruling no `= ruling` line
                                   records */
    CLAIM_SETTLE,               /* `= settle`: not the money the action
                                   above moved */
    CLAIM_POOL,                 /* `= pool`: not the pool there */
    CLAIM_ROLES,                /* `= roles`: not the roles there */
    CLAIM_BETS                  /* `= bets`: not the bets at risk there */
};

/* claim_kind_name - the finding kind's word ("score", "settle", ...). */
const char *claim_kind_name(enum claim_kind k);

/* One disagreement, as claims_finding_fn receives it (every pointer
 * borrowed for the call). */
struct claim_finding {
    enum claim_kind kind;
    int line;                   /* the `=` line; the action's line for
                                   CLAIM_UNRECORDED */
    int64_t event;              /* the event the `=` line follows, as the
                                   caller's point said (0 if none) */
    const struct tl_expect *x;  /* CLAIM_RULING: the line's ruling */
    const char *quote;          /* CLAIM_RULING: the line as the caller
                                   quoted it (claims_line) */
    const struct ruling *ruling; /* CLAIM_UNRECORDED: the ruling */
    int log[2];                 /* CLAIM_SCORE: the line's A and B;
                                   CLAIM_VALUE: log[0] */
    int rules[2];               /* the same, as the rules give them */
    const char *expected;       /* what the rules give, as the `=` line's
                                   text after "= " ("score A 0 B 3",
                                   "value 2", "ruling L43 ...", "settle
                                   ..."), or "" for nothing */
    const char *found;          /* what the log says, the same way */
    const char *message;        /* both in a sentence: "the log records
                                   \"= score A 0 B 2\", the rules give
                                   \"= score A 0 B 3\"" */
};

/* Called for each disagreement, in the order they are found. */
typedef void (*claims_finding_fn)(void *ctx, const struct claim_finding *f);

/* What the rules give where a `=` line stands (claims_line). */
struct claim_point {
    int64_t event;              /* the event the line follows (0: none) */
    int score[2];               /* the game score there */
    int value;                  /* the hand's value there */
    const struct ruling *pending; /* the rulings waiting for an election */
    int n_pending;
    const struct applied *last; /* what the action above gave (NULL: not
                                   known), quoted in a finding */
    const char *sitting;        /* for the sitting's `=` lines (settle,
                                   pool, roles, bets): what this one should
                                   say, without "= " ("" nothing), from
                                   claims_sitting_expect */
};

/*
 * claims_sitting_expect - what the sitting's `=` line (settle, pool,
 * roles, bets) should say where it stands: the seen[kind]-th mark of its
 * kind the action above gave (last, NULL if none), or, past them, the
 * sitting as it is now (a settlement: none).  seen[] counts the lines of
 * each kind since the action (SIT_MARK_KINDS of them), and is advanced.
 * Into buf (n bytes), without "= ".  Returns buf.
 */
const char *claims_sitting_expect(const struct sitting *sit,
                                  const struct sit_result *last, int *seen,
                                  const struct tl_line *line, char *buf,
                                  size_t n);

/* The `=` lines of the deal in hand and the rulings the rules gave in it. */
struct claims;

/*
 * claims_open - a matcher that reports each disagreement to report(ctx,
 * ...).  Returns 0 and *out (owned: claims_close), -1 if out of memory.
 */
int claims_open(struct claims **out, claims_finding_fn report, void *ctx);

/* claims_close - free c (NULL is fine); what is open is dropped unsaid. */
void claims_close(struct claims *c);

/* claims_set_strict - at the end of a deal, a ruling no `= ruling` line
 * recorded is a finding too (CLAIM_UNRECORDED). */
void claims_set_strict(struct claims *c, bool strict);

/* claims_is_claim - is line a `=` line (ruling, score or value)? */
bool claims_is_claim(const struct tl_line *line);

/*
 * claims_text - a `=` line as the ledger keeps it (ledger_claim_add): its
 * canonical words (tl_format_line) without its time stamp and its "= ",
 * e.g. "score A 0 B 3", into buf of size n.  Returns a pointer into buf.
 */
const char *claims_text(const struct tl_line *line, char *buf, size_t n);

/*
 * claims_parse - the `=` line a claim's text kept by the ledger stands
 * for (claims_text read back), numbered line_no, into *out.  Returns 0,
 * -1 if the text is not a `=` line.
 */
int claims_parse(const char *text, int line_no, struct tl_line *out);

/*
 * claims_give - the rules gave ruling r (words: its `= ruling` words) on
 * the action at line, in the deal in hand: it answers the oldest `=
 * ruling` line still open that it bears out.  The deal keeps its last 64
 * rulings.
 */
void claims_give(struct claims *c, const struct ruling *r,
                 const char *words, int line);
/* claims_give_sitting - the sitting gave ruling r (words: its `= ruling`
 * words) on the action at line: as claims_give. */
void claims_give_sitting(struct claims *c, const struct sit_ruling *r,
                         const char *words, int line);

/*
 * claims_line - a `=` line of the log (other lines are ignored), standing
 * where p says.  `= score` and `= value` are compared at once.  `=
 * ruling` is borne out by the newest ruling of the deal so far that no
 * line matched yet, or by one still waiting for its election; else it
 * waits for a ruling the deal gives later, and is a finding when the deal
 * ends (or at once for the oldest of 32 waiting).  quote (NULL: the
 * line's canonical words) is how a finding quotes the line.
 */
void claims_line(struct claims *c, const struct tl_line *line,
                 const char *quote, const struct claim_point *p);

/* claims_matched - has a `= ruling` line matched the i-th ruling given in
 * the deal in hand (counted from the oldest kept)? */
bool claims_matched(const struct claims *c, int i);

/* claims_settle - every ruling given so far counts as recorded (a
 * sitting replayed: its `=` lines were compared when it was read). */
void claims_settle(struct claims *c);

/* claims_withdraw - the action at log line was struck (format 1.1): the
 * rulings it gave that no `=` line recorded are withdrawn, as if never
 * given; those recorded stay matched. */
void claims_withdraw(struct claims *c, int line);

/* claims_forget - drop the deal in hand, its rulings and open lines,
 * with no finding (the deal is broken, or the table reset). */
void claims_forget(struct claims *c);

/*
 * claims_end_deal - the deal in hand is over (a new deal or game begins,
 * or the log ends): each `= ruling` line still open is a finding
 * (CLAIM_RULING), and, if strict, each ruling no line matched
 * (CLAIM_UNRECORDED); then the next deal starts empty.
 */
void claims_end_deal(struct claims *c);

/* ------------------------------------------------------------------ */
/* Sessions: one log through arbiter and ledger                         */
/* ------------------------------------------------------------------ */

/* How a session commits to the ledger. */
enum commit_mode {
    COMMIT_PER_ACTION,          /* record: each action durable as it comes */
    COMMIT_PER_DEAL             /* check, import: one transaction per deal */
};

/* ------------------------------------------------------------------ */
/* The sink: what a session reports, to whichever front door drives it  */
/* ------------------------------------------------------------------ */

/* What a message of the session is (session_sink.message). */
enum session_msg {
    SESSION_MSG_ERROR,          /* a line refused ("NAME:LINE:COL: ..."), a
                                   ledger that failed, a sitting that no
                                   longer replays: the run stops */
    SESSION_MSG_NOTICE          /* what the session did that the user
                                   should know ("new sitting 3", a sitting
                                   resumed, lines skipped) */
};

/*
 * A session prints nothing: it reports to a sink, whose functions are
 * called with ctx as the action's consequences come (each may be NULL:
 * not wanted).  The command line's sink (cli/output.c) prints text or
 * JSON Lines; the table's prints at the prompt; a test's collects.  Every
 * pointer is borrowed for the call only.
 */
struct session_sink {
    void *ctx;
    /* a note of the referee on the line (what happened, in words) */
    void (*note)(void *ctx, const char *source, int line, const char *text);
    /* a ruling of the laws (arbiter) on deal number deal, in the words of
     * its `= ruling` line, with its options' previews ("" none) */
    void (*ruling)(void *ctx, const char *source, int line, int deal,
                   const struct ruling *r, const char *words,
                   const char *previews);
    /* a ruling of the sitting's rules (CH, PO, BY), in words */
    void (*sit_ruling)(void *ctx, const char *source, int line, int deal,
                       const struct sit_ruling *r, const char *words);
    /* a deal scored, and the score of the game after it */
    void (*deal)(void *ctx, const char *source, int line,
                 const struct arb_deal_result *d, const int score[2]);
    /* a game ended (L46), and the rubber if it decided one */
    void (*game)(void *ctx, const char *source, int line,
                 const struct arb_game_result *g);
    /* game number game, reported won before, no longer holds, and why
     * (an overscore taken down, a strike, a false king proven) */
    void (*game_reopened)(void *ctx, const char *source, int line, int game,
                          enum arb_reopen why);
    /* a `=` line of the sitting's money or roles (settle, pool, roles,
     * bets) */
    void (*mark)(void *ctx, const char *source, int line,
                 const struct sit_mark *m);
    /* a `=` line of the log that disagrees with what the rules give */
    void (*finding)(void *ctx, const char *source, int line,
                    const char *kind, const char *expected,
                    const char *found, const char *message);
    /* an error or a notice, one line of text (no line end) */
    void (*message)(void *ctx, enum session_msg kind, const char *text);
    /* importing: a deal that could not be read, quarantined; why, as
     * "SOURCE:LINE:COLUMN: expected ..." (said as a notice too) */
    void (*quarantine)(void *ctx, const char *source, const char *why);
};

struct session;

/*
 * session_open - a session writing into ledger l (borrowed; NULL: no
 * ledger at all, for benchmarks and checks), reporting to sink (copied;
 * NULL: silent).  Returns 0 and *out (owned: session_close), -1 if out of
 * memory.
 */
int session_open(struct session **out, struct ledger *l,
                 const struct session_sink *sink, enum commit_mode mode);

/* session_close - free s (NULL is fine); an open transaction is rolled
 * back. */
void session_close(struct session *s);

/* session_set_strict - a ruling the rules give that the log does not
 * record is a finding too. */
void session_set_strict(struct session *s, bool strict);

/* Which sitting a recorded log goes into (session_set_resume). */
enum resume_mode {
    RESUME_NEW,                 /* a new sitting (the default; --new) */
    RESUME_AUTO,                /* the sitting the log continues, or new */
    RESUME_SITTING              /* the sitting named (--sitting ID) */
};

/*
 * session_set_resume - recording (COMMIT_PER_ACTION with a ledger): which
 * sitting the log goes into.  With RESUME_AUTO the sittings recorded from
 * the same source (not imported) are candidates: while the log's actions
 * are, in order and by canonical text, those one of them recorded, they
 * are held; when the log goes beyond the candidate with the most recorded
 * actions that it repeats, that sitting is resumed (replayed from the
 * ledger, the repeated lines skipped, the rest taken).  A file whose
 * actions differ from its sitting's is refused (exit 2); standard input
 * that repeats none (with the same tags) goes on a sitting interrupted in
 * the middle of a deal if it is that deal's next action (taken without a
 * ruling), else into a new sitting, and says so.  With RESUME_SITTING, sitting is the one: the log
 * repeats its actions (a difference is refused) or goes on after them.
 */
void session_set_resume(struct session *s, enum resume_mode mode,
                        int64_t sitting);

/* session_resumed - did the run go on with a sitting already recorded
 * (or importing, an interrupted import)? */
bool session_resumed(const struct session *s);

/* session_set_whole_lines - a last line without its line end (a writer
 * killed mid-line on a pipe) does not read: it is not taken. */
void session_set_whole_lines(struct session *s, bool on);

/*
 * session_run - read a log from fp (named name in messages) a line at a
 * time: adjudicate each action, record it, compare every `=` line.
 * Returns 0 when the log was read to its end, with *exit_out EXIT_FINE,
 * or EXIT_FINDINGS if `=` lines disagreed or deals were quarantined;
 * CLI_E_INPUT if it stopped at a line that cannot be read or cannot be
 * true (the message "NAME:LINE:COL: ..." is printed on stderr; all that
 * came before is committed); CLI_E_ERROR on a ledger failure or out of
 * memory (reported).  On either, *exit_out is EXIT_BAD_INPUT.
 */
int session_run(struct session *s, FILE *fp, const char *name,
                int *exit_out);

/* Progress of an import: deals landed, events, deals quarantined. */
typedef void (*progress_fn)(void *ctx, int64_t deals, int64_t events,
                            int quarantined);

/*
 * session_set_import - import mode: one transaction per deal; a deal that
 * cannot be read (or cannot be true) is rolled back, its raw text kept in
 * the quarantine table with the error, and reading goes on with the next
 * deal; `=` lines are kept as claims for the audit.  fn (may be NULL) is
 * called after each deal.
 */
void session_set_import(struct session *s, progress_fn fn, void *ctx);

/* Where an import of a file's content begins (session_import_begin). */
enum import_start {
    IMPORT_NEW,                 /* never imported: from its first line */
    IMPORT_RESUMED,             /* an interrupted import goes on */
    IMPORT_DONE                 /* imported whole before: nothing to do */
};

/*
 * session_import_begin - importing (after session_set_import) the file
 * whose content has hash sha256: the file's sitting and progress are
 * recorded as it goes, with its deals.  If an import of the same content
 * was interrupted, the session is made to stand where it stopped (its
 * sitting replayed, with its lost deals) and session_run will skip the
 * lines taken in before (session_skipped_to).  *out says which.  Returns
 * 0, CLI_E_ERROR on a ledger error (reported) or CLI_E_INPUT if the
 * recorded actions no longer replay (printed).
 */
int session_import_begin(struct session *s, const char *sha256,
                         enum import_start *out);

/*
 * session_derive - sitting of ledger from recorded again into the
 * session's own ledger (a scratch ledger, LEDGER_SCRATCH, fresh: the
 * sitting becomes its first), as record and import record it: its tags,
 * each of its actions adjudicated and written, its lost deals where they
 * stood; nothing printed.  Returns 0; CLI_E_INPUT if an action no longer
 * stands (or does not read, or a tag), its seq in the sitting into
 * *bad_seq (0 for a tag) and why into why (why_n bytes); -1 on a ledger
 * error or out of memory (why says).  The session is spent afterwards.
 */
int session_derive(struct session *s, struct ledger *from, int64_t sitting,
                   int64_t *bad_seq, char *why, size_t why_n);

/* What session_merge did with one sitting of a source. */
struct merge_result {
    int64_t sitting;            /* the new sitting here (0: none) */
    int64_t events;             /* its events, recorded again */
    int quarantined;            /* its deals quarantined, kept as such */
    int claims;                 /* its `=` lines of an imported log, kept */
    int comments;               /* its log's `#` comments, kept */
    bool imported;              /* it was imported (its import row kept) */
};

/*
 * session_merge - sitting of the ledger from (another ledger, proven by
 * the caller) recorded again into the session's ledger (the club's, a
 * fresh session opened COMMIT_PER_DEAL), as import records a log: its
 * tags, each of its actions adjudicated again and written (the code of
 * session_derive), its lost deals where they stood with their raw text
 * quarantined, its claims and comments, its import row if it was
 * imported; and its provenance (from's identity and sitting, the chain
 * hash of its last event there, its events, its origin, source_path).  All in one
 * transaction of its own: on any failure nothing of it is written.
 * Returns 0 with *out; CLI_E_INPUT if an action no longer stands (why
 * says which); -1 on a ledger error or out of memory (why says).  The
 * session is spent afterwards.
 */
int session_merge(struct session *s, struct ledger *from, int64_t sitting,
                  const char *source_path, struct merge_result *out,
                  char *why, size_t why_n);

/*
 * What session_merge_source reports, as it goes, to the front door that
 * prints it: each function is called with ctx and may be NULL (not
 * wanted); every pointer is borrowed for the call only.
 */
struct merge_events {
    void *ctx;
    /* sitting source_sitting of source merged: *r says as what */
    void (*merged)(void *ctx, const char *source, int64_t source_sitting,
                   const struct merge_result *r);
    /* sitting source_sitting of source is sitting here of the club
     * already, known how ("by provenance", ...): nothing added */
    void (*already)(void *ctx, const char *source, int64_t source_sitting,
                    int64_t here, const char *how);
    /* sitting source_sitting of source is not merged (a finding): why
     * says ("not merged: ...", or an import interrupted there) */
    void (*refused)(void *ctx, const char *source, int64_t source_sitting,
                    const char *why);
    /* a member decision d of source (d->spelling: a join; else an apart,
     * of the club's sitting here) merged (kept NULL), or contradicting the
     * club's decision, which is kept (a finding; kept: the club's, in
     * words) */
    void (*decision)(void *ctx, const char *source,
                     const struct ledger_member_decision *d, int64_t here,
                     const char *kept);
};

/* What session_merge_source did with one source. */
struct merge_counts {
    int64_t merged;             /* sittings merged */
    int64_t already;            /* sittings here already */
    int findings;               /* contradictions, sittings not merged */
};

/*
 * session_merge_source - every sitting of the ledger src (named source;
 * proven by the caller, of schema version 5 or later) merged into club
 * (named club_name in messages; proven by the caller too) with
 * session_merge, in the order of their ids, except those the club holds
 * already (by provenance, by the identity of the ledger they were first
 * recorded in, or the same log imported); then src's member decisions
 * merged where they do not contradict the club's.  Each step reported to
 * ev (may be NULL), *counts (zeroed first) counting them.  Both ledgers
 * borrowed.  Returns 0; -1 on a ledger failure or out of memory, what
 * failed into why (why_n bytes; "" when the ledger said nothing more),
 * the sittings merged before it staying merged.
 */
int session_merge_source(struct ledger *club, const char *club_name,
                         struct ledger *src, const char *source,
                         const struct merge_events *ev,
                         struct merge_counts *counts, char *why,
                         size_t why_n);

/*
 * session_origin_compare - the sitting p->sitting of l, merged from
 * sitting p->source_sitting of from (named source in messages), held
 * against its origin: from's sitting still has p->n_events events ending
 * at the chain hash p->source_head; its events (by seq: line, stamp,
 * actor, verb, args, cards, canonical text, source), tags, claims,
 * quarantined deals and comments are those of l's sitting; and l's rows of the
 * sitting are what from's events give (recorded again into a scratch
 * ledger, ledger_derived_compare).  Findings (kind "origin", or
 * "derived") to fn (may be NULL).  Returns their number, or -1 (why
 * says, why_n bytes).
 */
int64_t session_origin_compare(struct ledger *l,
                               const struct ledger_provenance *p,
                               struct ledger *from, const char *source,
                               ledger_finding_fn fn, void *ctx, char *why,
                               size_t why_n);

/* session_skipped_to - the last line an interrupted import had taken in
 * (0 if none). */
int session_skipped_to(const struct session *s);

/* session_quarantined - deals quarantined so far. */
int session_quarantined(const struct session *s);

/* session_sitting - the ledger id of the sitting written (0 if none). */
int64_t session_sitting(const struct session *s);

/* ------------------------------------------------------------------ */
/* A session fed a line at a time (session_table.c, `ecarte table`)     */
/* ------------------------------------------------------------------ */

/* session_set_source - the name of the session's input, in messages and as
 * the source of the sitting it makes (borrowed: must outlive s). */
void session_set_source(struct session *s, const char *name);

/*
 * session_go_on - the session stands where sitting stands (its tags and
 * actions replayed from the ledger) and the lines taken next go on with it;
 * *line_no gets the number of its last line.  Returns 0, CLI_E_INPUT if the
 * recorded actions no longer replay (printed), -1 on a ledger error or out
 * of memory (reported).
 */
int session_go_on(struct session *s, int64_t sitting, int *line_no);

/* How a line given to session_take_text went. */
enum take_status {
    TAKE_DONE,                  /* taken: recorded, committed and reported */
    TAKE_REFUSED,               /* it cannot be read or cannot be true: the
                                   reason is printed (NAME:LINE:COL: ...),
                                   nothing is recorded */
    TAKE_FAILED                 /* the ledger failed or refused it
                                   (reported): nothing is recorded, and
                                   the session stands again where the
                                   ledger's sitting stands */
};

/*
 * session_take_text - one line of len bytes (without its line end: an
 * action, a tag, a `=` line, a comment), numbered line_no, taken as a
 * log's line is, and committed: a line longer than a log's may be, or
 * one with a NUL or a byte that is not UTF-8, refused with the words the
 * log's reader gives.  An action without a time stamp of its own gets
 * stamp (HH:MM:SS or YYYY-MM-DDTHH:MM:SS, no '@'; NULL: none); columns in
 * messages count in text as typed, whatever follows it.  A line the
 * ledger refuses (another writer recorded into the sitting meanwhile, a
 * commit that fails: TAKE_FAILED) leaves the session exactly as the
 * ledger holds its sitting: replayed from it (what another writer
 * recorded included), or, before the sitting's row, as it stood before
 * the line; if the sitting cannot be read again, every later line is
 * TAKE_FAILED.  Returns how it went.
 */
enum take_status session_take_text(struct session *s, const char *text,
                                   size_t len, const char *stamp,
                                   int line_no);

/*
 * session_begin_sitting - the sitting's row written now with the tags
 * taken so far, and committed, before any action (a table opened by
 * `ecarte serve` is a sitting at once); a tag taken after it is written
 * to the ledger as it comes.  Nothing if the sitting exists already.
 * Returns 0, -1 on a ledger error (reported).
 */
int session_begin_sitting(struct session *s);

/*
 * session_holds_unwritten - has s taken lines no ledger row holds yet:
 * tags or comments before the first action, which wait for it to write
 * the sitting's row (session_begin_sitting writes them at once)?
 */
bool session_holds_unwritten(const struct session *s);

/* session_tag - the value of the sitting's tag name ("A", "Event"), or
 * NULL if it has none; borrowed, valid until the next line taken. */
const char *session_tag(const struct session *s, const char *name);

/* session_seq - the sitting's events so far (its last seq): replayed
 * and taken alike. */
int64_t session_seq(const struct session *s);

/* session_sit - the sitting above the seats (persons, balances, pool;
 * borrowed, valid until the next line taken). */
const struct sitting *session_sit(const struct session *s);

/* session_set_quiet - print findings only (no rulings, notes, scores). */
void session_set_quiet(struct session *s, bool quiet);

/* session_findings - findings so far. */
int session_findings(const struct session *s);

/* session_arbiter - the session's referee (borrowed). */
struct arbiter *session_arbiter(struct session *s);

/* session_events - actions taken so far. */
int64_t session_events(const struct session *s);

/* session_deals - deals finished so far. */
int64_t session_deals(const struct session *s);

/* ------------------------------------------------------------------ */
/* Lost deals: a deal quarantined in an import, left out of its sitting */
/* ------------------------------------------------------------------ */

/* Where a quarantined deal stood and what the log says after it. */
struct lost_deal {
    int64_t after_event;        /* the sitting's last event before it */
    int line;                   /* its first line */
    int game;                   /* the game it touched */
    bool has_first;             /* its first line read as an action ... */
    struct table_event first;   /* ... this one */
    bool has_score;             /* it has a `= score` line: the last ... */
    int score[2];               /* ... says this */
};

/* lost_deal_read - what the raw text of a quarantined deal states: its
 * first action and its last `= score` line (into *g; the other fields are
 * left as they are). */
void lost_deal_read(const char *raw, struct lost_deal *g);

/* lost_deal_apply - the referee a goes on past the lost deal g as the log
 * states (arbiter_lose_deal); *out as apply_event fills it.  Returns 0. */
int lost_deal_apply(struct arbiter *a, const struct lost_deal *g,
                    struct applied *out);

/*
 * lost_deals_load - the lost deals of sitting, in order, into *out
 * (owned: free) and their number into *n.  Returns 0, -1 on a ledger
 * error (ledger_errmsg) or out of memory.
 */
int lost_deals_load(struct ledger *l, int64_t sitting, struct lost_deal **out,
                    int *n);

/* ------------------------------------------------------------------ */
/* A sitting written back as a log (session_export.c)                   */
/* ------------------------------------------------------------------ */

/* session_export's failure beside -1: nothing to export. */
#define SESSION_EXPORT_NOTHING (-2)

/*
 * session_export - sitting of ledger l (only its game number game, if
 * not 0) written to fp as a .ecarte log, in the caller's read transaction
 * if one is open: its tags (the Laws tag canonical), a [Chain "sitting=S
 * from=ID head=HASH"] tag before its first action, every action with the
 * `=` lines of its rulings, scores, money and hand values, a comment where
 * a quarantined deal stood.  `ecarte check` of the whole sitting's
 * export agrees with it; a game's alone is an excerpt, which reads alone
 * only where its game does not open on what the games before it left
 * (verify --log holds its `=` lines against this export of it).
 * Returns 0, SESSION_EXPORT_NOTHING (no such sitting or game, or no
 * action) or -1 (a ledger error, out of memory), why in err (err_n bytes).
 */
int session_export(struct ledger *l, int64_t sitting, int game, FILE *fp,
                   char *err, size_t err_n);

/* ------------------------------------------------------------------ */
/* The table's words (table_words.c): what it waits for, for every     */
/* front door - the prompt, the help, the legal next words             */
/* ------------------------------------------------------------------ */

/*
 * table_prompt - the prompt for a's table into buf (n bytes): the game
 * score, the deal and its dealer, and what the table waits for from whom
 * ("A 3 - B 2 | deal 7, B deals | exchange: A discards > "); with an
 * election pending, the question ("... | L43: A chooses: replay | stand > ").
 */
void table_prompt(const struct arbiter *a, char *buf, size_t n);

/*
 * table_option_word - word typed alone at an election's prompt: when it
 * names one of the pending ruling's options (any case), *out gets it and
 * the chooser's seat is returned; else -1 (word is then an ordinary line).
 */
int table_option_word(const struct arbiter *a, const char *word,
                      enum law_option *out);

/* table_hint - what is expected now, for a refused line ("expected A to
 * play: one of KH QH, or a card not seen yet, named") into buf (n
 * bytes). */
void table_hint(const struct arbiter *a, char *buf, size_t n);

/* table_help - the verbs of this step with one-line meanings, the verbs of
 * any time, the table lines and the commands, printed on fp. */
void table_help(const struct arbiter *a, FILE *fp);

#define TABLE_CANDIDATES_MAX 48

/* The words tab completion offers. */
struct table_candidates {
    int n;
    char word[TABLE_CANDIDATES_MAX][24];
};

/*
 * table_verbs - the verbs of the step the table is at (not those of any
 * time) that seat may use now, into *c, as table_complete offers them
 * after the seat's letter.
 */
void table_verbs(const struct arbiter *a, int seat, struct table_candidates *c);

/*
 * table_complete - the words that fit at position upto of line (the word
 * being typed there is not looked at: the caller filters by its prefix)
 * into *c: the first word (seats, table lines, commands, the options of a
 * pending election), the verbs for the step after a seat, and after the
 * verb the cards the referee allows (plays, leads: arbiter_playable's
 * known cards; a card not known is named as it is played, never ??), the
 * hand (discards, ?? for cards not known), the options (elects).
 */
void table_complete(const struct arbiter *a, const char *line, int upto,
                    struct table_candidates *c);

/*
 * table_complete_sitting - table_complete at a sitting of more than two
 * (sit: its persons and format; NULL or a duel: table_complete alone):
 * the persons' IDs and the sitting's lines (person, seat) as first words
 * too, and after a person's ID the verbs his format allows (a chouette:
 * stakes, sees, advises ...; a pool: queues ...; a gallery: bets,
 * covers, calls ...).
 */
void table_complete_sitting(const struct arbiter *a,
                            const struct sitting *sit, const char *line,
                            int upto, struct table_candidates *c);

/* What Tab does where the cursor is (table_completion). */
struct table_completion {
    char insert[32];            /* text to insert at the cursor, "" none */
    struct table_candidates list; /* the words to list (n 0: none) */
};

/*
 * table_completion - Tab at byte upto of line (a copy the caller owns; the
 * bytes before upto are read, no further): the word being typed there
 * (after the last space or tab) against the words table_complete offers.
 * One fits: the rest of it and a space to insert.  Several: what they
 * have beyond the typed part in common to insert, or when nothing more
 * is common, the list of them to show.  None, or a line longer than a
 * log's line may be: nothing.  Pure: no terminal, no libedit.
 */
void table_completion(const struct arbiter *a, const char *line, size_t upto,
                      struct table_completion *out);

/* table_completion_sitting - table_completion from the words
 * table_complete_sitting offers (sit NULL: table_completion). */
void table_completion_sitting(const struct arbiter *a,
                              const struct sitting *sit, const char *line,
                              size_t upto, struct table_completion *out);

#endif /* ECARTE_SESSION_SESSION_H */
