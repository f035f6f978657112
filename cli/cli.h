/*
 * cli.h - the ecarte command: what its files share.  The command couples
 * the log reader (tablelog/), the referee (arbiter/) and the ledger
 * (ledger/): a struct session runs one log through the three.
 */
#ifndef ECARTE_CLI_CLI_H
#define ECARTE_CLI_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "arbiter/arbiter.h"
#include "ledger/ledger.h"
#include "sitting/sitting.h"
#include "tablelog/tablelog.h"

#define ECARTE_VERSION "1.0.0"

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

/* How rulings, findings and deal scores are printed. */
struct output;

/*
 * output_open - a printer to fp (borrowed), as text or JSON Lines.  JSON
 * objects are made by SQLite's json_object() on a private in-memory
 * handle.  Returns 0 and *out (owned: output_close), -1 on failure.
 */
int output_open(struct output **out, FILE *fp, bool json);

/* output_close - free o (NULL is fine). */
void output_close(struct output *o);

/* output_json - is o printing JSON Lines? */
bool output_json(const struct output *o);

/*
 * output_ruling - one ruling given at source:line on deal number deal,
 * in the words of its `= ruling` line (words, without "= "), with the
 * previews of its options (preview may be "").
 */
void output_ruling(struct output *o, const char *source, int line, int deal,
                   const struct ruling *r, const char *words,
                   const char *preview);

/* output_sit_ruling - a ruling of the sitting (its offender and elector
 * persons or seats) given at source:line on deal number deal, in the
 * words of its `= ruling` line; printed as output_ruling prints one. */
void output_sit_ruling(struct output *o, const char *source, int line,
                       int deal, const struct sit_ruling *r,
                       const char *words);

/* output_mark - one of the sitting's `=` lines the rules give at
 * source:line (money settled, the pool, the roles, the bets); JSON
 * {"type":"settle"|"pool"|"roles"|"bets","source","line","game",
 * "reason","text","transfers":{ID: n, ...}}. */
void output_mark(struct output *o, const char *source, int line,
                 const struct sit_mark *m);

/* output_balance - a person's balance for a sitting (`ecarte score`);
 * person "house" for the house's levy.  JSON {"type":"balance",
 * "sitting","person","name","balance"}. */
void output_balance(struct output *o, int64_t sitting, const char *person,
                    const char *name, int balance);

struct audit_role;

/* output_audit_person - a person's games in a role (`ecarte audit`):
 * JSON {"type":"person","person","name","role","games","won","lost",
 * "money_won","money_lost"}. */
void output_audit_person(struct output *o, const char *person,
                         const char *name, const char *role,
                         const struct audit_role *t);

/* output_note - a fact that is not a ruling (text mode only). */
void output_note(struct output *o, const char *source, int line,
                 const char *text);

/*
 * output_finding - a disagreement at source:line: kind is "score",
 * "value", "ruling" or "unrecorded-ruling"; expected is what the rules
 * give, found what the log says; message says both in words.
 */
void output_finding(struct output *o, const char *source, int line,
                    const char *kind, const char *expected,
                    const char *found, const char *message);

/* output_deal - the score after a deal. */
void output_deal(struct output *o, const char *source, int line,
                 const struct arb_deal_result *d, const int score[2]);

/* output_game_reopened - the result of game number game, reported
 * before, no longer holds, and why: an overscore taken down (L51), the
 * scorer struck the line that won it, or the king announced that won it
 * was not the announcer's or was withdrawn in time (L25).
 * JSON: {"type":"game_reopened","source","line","game","reason","law"},
 * reason one of overscore, struck, false-king, king-withdrawn; law "L51",
 * "L25" or null. */
void output_game_reopened(struct output *o, const char *source, int line,
                          int game, enum arb_reopen why);

/* output_game - a game won (L46), and the rubber if it decided one. */
void output_game(struct output *o, const char *source, int line,
                 const struct arb_game_result *g);

/* output_scoresheet_row - one deal row of `ecarte score`. */
void output_scoresheet_row(struct output *o,
                           const struct ledger_deal_row *row);

/*
 * output_audit_finding - one finding of `ecarte audit` at source:line,
 * sitting, deal number, event id, law ("L43", or "conservation", or ""),
 * kind (unclaimed, uncounted, mark, value, ruling, stored-ruling,
 * impossible, sequence, unreadable, quarantined) and the message.
 */
void output_audit_finding(struct output *o, const char *source, int line,
                          int64_t sitting, int deal, int64_t event,
                          const char *law, const char *kind,
                          const char *message);

struct audit_tally;

/*
 * output_audit_player - a player's summary (t): irregularities committed
 * (by_law their counts by law, "L43:2,L25:1"), points won and lost
 * through the penalty laws, deals dealt, kings turned, dealt hands seen
 * whole, kings of trumps held in them, proposals answered as dealer and
 * accepted, proposals made as elder hand and accepted.  person is the
 * player's ID at a table with persons (printed before his name), NULL
 * for a seat of a duel known by its tag's name or its letter.
 */
void output_audit_player(struct output *o, const char *person,
                         const char *name, const char *by_law,
                         const struct audit_tally *t);

/* output_audit_flag - a statistic of player (person his ID, or NULL as
 * for output_audit_player): k of n where expected was n*p, with the
 * probability of as many or more; flagged if it is suspicious. */
void output_audit_flag(struct output *o, const char *player,
                       const char *person, const char *kind, int k, int n,
                       double expected, double probability, bool flagged,
                       const char *message);

/* output_audit_irregularity - an irregularity the laws find at source:
 * line (ruling r, in the words of its `= ruling` line), and its status:
 * "claimed" (the log records the ruling), "answered" (an election
 * answered it), "ruled" (recorded live: the referee ruled it at the
 * table) or "unclaimed"; person the ID of who erred at a table with
 * persons (the one seated where the ruling names a seat), else NULL. */
void output_audit_irregularity(struct output *o, const char *source,
                               int line, int64_t sitting, int deal,
                               int64_t event, const struct ruling *r,
                               const char *words, const char *status,
                               const char *person);

/* output_proof_finding - one finding of a proof of ledger db (text: a
 * "TAMPERED" or "DAMAGED" line; JSON: a proof_finding object naming the
 * table, row, column, stored and derived values). */
void output_proof_finding(struct output *o, const char *db,
                          const struct ledger_finding *f);

/* output_verify - the verdict of `ecarte verify` on db: verified (every
 * row proven), the schema version, the events in the chain and its head,
 * the sittings re-derived, and the number of findings. */
void output_verify(struct output *o, const char *db, bool verified,
                   int version, int64_t events, const char *head,
                   int64_t sittings, int64_t findings);

/* output_import - what `ecarte import` did with one file: status is
 * "imported" or "already-imported". */
void output_import(struct output *o, const char *path, const char *status,
                   int64_t deals, int quarantined, int64_t events);

/* output_audit_strike - a `strike` line of sitting (format 1.1), at line
 * of source: the scorer took back the line struck (its text). */
void output_audit_strike(struct output *o, const char *source, int line,
                         int64_t sitting, const char *struck);

/* output_audit_strikes - how many strikes a sitting has (printed for a
 * sitting with any). */
void output_audit_strikes(struct output *o, int64_t sitting,
                          const char *source, int strikes);

/* output_audit_totals - the closing line of an audit; by_law lists the
 * irregularities found ("L43:2,L12:1"). */
void output_audit_totals(struct output *o, const char *db, int64_t sittings,
                         int64_t deals, int64_t events, const char *by_law,
                         int findings, int flags);

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

struct session;

/*
 * session_open - a session writing into ledger l (borrowed; NULL: no
 * ledger at all, for benchmarks), printing with o (borrowed; NULL: silent).
 * Returns 0 and *out (owned: session_close), -1 if out of memory.
 */
int session_open(struct session **out, struct ledger *l, struct output *o,
                 enum commit_mode mode);

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

/*
 * session_run_path - session_run on the log at path ("-": standard
 * input), opened with open_log for subcommand sub.  Returns as
 * session_run, and CLI_E_INPUT for a log that cannot be opened
 * (reported).
 */
int session_run_path(struct session *s, const char *sub, const char *path,
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

/* ------------------------------------------------------------------ */
/* Proving a ledger (proof.c)                                           */
/* ------------------------------------------------------------------ */

/* What a proof covered and found. */
struct proof_summary {
    int64_t only;               /* the sitting re-derived, 0: all */
    int version;                /* the ledger's schema version */
    int64_t events;             /* in the chain (when it is intact) */
    char head[LEDGER_HASH_HEX]; /* its head */
    int64_t sittings;           /* sittings re-derived and compared */
    int64_t findings;
    bool damaged;               /* the file's pages (quick_check) */
    bool chain_broken;          /* the events' chain ... */
    int64_t bad_event;          /* ... at this event */
    char first[700];            /* the first finding, in words */
    char error[700];            /* proof_ledger failed: why */
};

/* What a command does with a ledger that does not verify (proof_guard). */
enum proof_use {
    PROOF_WRITE,                /* refuses to extend it */
    PROOF_READ,                 /* refuses to show its figures */
    PROOF_READ_UNVERIFIED       /* shows them, said to be unverified */
};

/*
 * proof_ledger - prove what ledger l holds: its pages (quick_check), the
 * hash chain of its events, the seal over its sittings, tags, imports,
 * quarantined deals and claims, the ids and references of every other
 * table, and the rows of each sitting (only sitting, if not 0) recorded
 * again from its events into a scratch ledger and compared column by
 * column (ledger_derived_compare).  Each finding goes to fn (may be NULL;
 * non-zero stops).  Read in the caller's transaction, if one is open.
 * Returns 0 with *sum filled (sum->findings 0: proven), or -1 if the
 * proof could not be made (a ledger error, out of memory: sum->error).
 */
int proof_ledger(struct ledger *l, int64_t sitting, ledger_finding_fn fn,
                 void *ctx, struct proof_summary *sum);

/*
 * proof_guard - for command sub on ledger db (open as l): prove it
 * (proof_ledger, in one snapshot) before its figures are shown (use
 * PROOF_READ) or it is extended (PROOF_WRITE); what the proof covered
 * into *out (may be NULL).  Returns 0 if it verifies; 1 if not, said on
 * stderr with the first finding and how many more (PROOF_READ_UNVERIFIED:
 * said, and 0: the caller shows the figures marked as not verified); -1
 * if it could not be proven or the file is damaged (said).
 */
int proof_guard(const char *sub, const char *db, struct ledger *l,
                int64_t sitting, enum proof_use use,
                struct proof_summary *out);

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
    TAKE_FAILED                 /* the ledger failed (reported) */
};

/*
 * session_take_text - one line of len bytes (without its line end: an
 * action, a tag, a `=` line, a comment), numbered line_no, taken as a
 * log's line is, and committed: a line longer than a log's may be, or
 * one with a NUL or a byte that is not UTF-8, refused with the words the
 * log's reader gives.  An action without a time stamp of its own gets
 * stamp (HH:MM:SS or YYYY-MM-DDTHH:MM:SS, no '@'; NULL: none); columns in
 * messages count in text as typed.  Returns how it went.
 */
enum take_status session_take_text(struct session *s, const char *text,
                                   size_t len, const char *stamp,
                                   int line_no);

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
/* The audit as a walk others collect (audit_collect): `ecarte audit`   */
/* prints what it finds, `ecarte report` lays it out                    */
/* ------------------------------------------------------------------ */

#define AUDIT_FLAG_P 0.001      /* a count less likely than this is flagged */
#define AUDIT_P_KING_TURNED (4.0 / 32.0) /* the turn-up is a king */
#define AUDIT_P_KING_HELD (5.0 / 31.0)   /* a hand of five holds the king
                                            of trumps (the turn-up not) */

/* What one seat did in one sitting, or one player (a person, or a seat
 * of a duel) over the ledger. */
struct audit_tally {
    int dealt;                  /* deals dealt with a turn-up */
    int kings_turned;
    int known_hands;            /* dealt hands seen whole, turn-up not a king */
    int held_king;              /* ... holding the king of trumps */
    int answered;               /* proposals answered as dealer */
    int accepted;               /* ... and accepted */
    int proposed;               /* proposals made as elder hand (answered) */
    int proposed_accepted;      /* ... and accepted by the dealer */
    int irregular;              /* irregularities committed */
    int by_law[LAW_COUNT];
    int won;                    /* points won through the penalty laws */
    int lost;                   /* points lost through them */
};

/* One recorded action re-derived by the audit (audit_sink.action); every
 * pointer is borrowed for the call. */
struct audit_action {
    int64_t sitting;
    int64_t event;              /* its ledger id */
    int line;                   /* its line in the source */
    const char *text;           /* its canonical text */
    const struct table_event *ev;
    const struct applied *res;  /* what it gave: rulings (words, previews),
                                   notes, score, deal and game ends */
    const struct arbiter *arb;  /* the referee after it */
    const char *seated[2];      /* the ID of the person in each seat when
                                   it was made, NULL: nobody declared */
};

/* A person's games in one role, across the sittings audited: the games
 * he ended in it, those his side won and lost, and the money the
 * games' settlements gave him (won: the sum of his gains, lost: of his
 * losses, both >= 0). */
struct audit_role {
    int games;
    int won;
    int lost;
    long money_won;
    long money_lost;
};

/*
 * Where an audit says what it finds, in the order `ecarte audit` prints
 * it.  Every text is borrowed for the call.  deal is the deal number in
 * its sitting (0 before the first).  action and deal_end may be NULL;
 * the others may not.
 */
struct audit_sink {
    /* a finding at source:line of sitting: law ("L43", "conservation" or
     * ""), kind (unclaimed, uncounted, mark, value, ruling, stored-ruling,
     * impossible, sequence, unreadable, quarantined) and its message */
    void (*finding)(void *ctx, const char *source, int line,
                    int64_t sitting, int deal, int64_t event,
                    const char *law, const char *kind, const char *message);
    /* an irregularity the laws find (ruling r, words its `= ruling`
     * words) and its status: claimed, answered, ruled or unclaimed;
     * person the ID of who erred at a table with persons (who sat in
     * the seat the ruling names, or the person it names), else NULL */
    void (*irregularity)(void *ctx, const char *source, int line,
                         int64_t sitting, int deal, int64_t event,
                         const struct ruling *r, const char *words,
                         const char *status, const char *person);
    /* a `strike` line: the scorer took back the line struck */
    void (*strike)(void *ctx, const char *source, int line, int64_t sitting,
                   const char *struck);
    /* the number of strikes of a sitting that has any */
    void (*strikes)(void *ctx, int64_t sitting, const char *source,
                    int strikes);
    /* a player's summary, when every sitting is walked: a person (his
     * ID and name) at a table with persons, a seat of a duel (person
     * NULL, name its tag's or its letter) */
    void (*player)(void *ctx, const char *person, const char *name,
                   const struct audit_tally *t);
    /* a statistic of a player (as for player: person NULL for a seat):
     * k of n where n * p was expected, the probability of as many or
     * more, flagged if it is suspicious; message in words */
    void (*statistic)(void *ctx, const char *player, const char *person,
                      const char *kind, int k, int n, double expected,
                      double probability, bool flagged, const char *message);
    /* a person's games in one role (bank, ponte, adviser, player, roi,
     * rentrant, waiting, bettor, bystander; "all" for every role), when
     * every sitting is walked (NULL: not wanted) */
    void (*person)(void *ctx, const char *person, const char *name,
                   const char *role, const struct audit_role *t);
    /* each action re-derived without failure, after it is tallied */
    void (*action)(void *ctx, const struct audit_action *act);
    /* the deal number deal of sitting is closed (its findings and
     * irregularities said) */
    void (*deal_end)(void *ctx, int64_t sitting, int deal);
};

/* What an audit counted. */
struct audit_totals {
    int64_t sittings;
    int64_t deals;
    int64_t events;
    int findings;
    int flags;
    int irregular[LAW_COUNT];   /* irregularities found, by law */
    bool no_memory;             /* the walk stopped: out of memory */
};

/*
 * audit_collect - audit the sitting of l (0: every sitting): every
 * recorded action re-derived, what is wrong said to sink (ctx passed to
 * each call) as it is found, then each player's summary and the
 * statistics; the counts into *out.  Returns 0, or -1 on a ledger error
 * (ledger_errmsg) or out of memory (out->no_memory); what was said
 * before stands.
 */
int audit_collect(struct ledger *l, int64_t sitting,
                  const struct audit_sink *sink, void *ctx,
                  struct audit_totals *out);

/* audit_binom_tail - P(X >= k) for X ~ Binomial(n, p); 1 for k <= 0. */
double audit_binom_tail(int n, int k, double p);

/* law_option_words - what option o does, in words, for a reader
 * ("the hand is played again from the first trick"); static. */
const char *law_option_words(enum law_option o);

/* law_window_words - until when window w lets a ruling be claimed or
 * elected, in words ("until the next card is played"); static. */
const char *law_window_words(enum law_window w);

/* ------------------------------------------------------------------ */
/* Subcommands (each returns an exit status, enum exit_status)         */
/* ------------------------------------------------------------------ */

int cmd_record(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_score(int argc, char **argv);
int cmd_law(int argc, char **argv);
int cmd_laws(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_report(int argc, char **argv);

/*
 * open_log - open a log for reading ("-" is standard input).  A path that
 * cannot be opened, or is a directory, gets "ecarte SUB: PATH: cannot
 * read: REASON" on stderr and NULL.  Close with close_log.
 */
FILE *open_log(const char *sub, const char *path);

/* close_log - close a log from open_log (standard input is left open). */
void close_log(FILE *fp);

/*
 * ledger_for - open the ledger at path for subcommand sub (NULL: none
 * named), with flags (LEDGER_*): a lock held by another process is waited
 * for as long as it takes, with a message on stderr after a second.  On
 * failure "ecarte SUB: PATH: why" goes to stderr and NULL is returned.
 * Close with ledger_close.
 */
struct ledger *ledger_for(const char *sub, const char *path, unsigned flags);

/*
 * term_guard - from now on, standard output and error write every
 * character a terminal would obey rather than show (a C0 control but tab
 * and line feed, DEL, a C1 control, a bidirectional control) as the six
 * characters \uXXXX (cli/term.c); a document written byte for byte takes
 * term_raw_stdout.  Returns 0, -1 if the streams could not be made (they
 * are left as they were).
 */
int term_guard(void);

/* term_raw_stdout - the standard output unfiltered (after what was
 * written to the filtered one so far), for a log or a page written byte
 * for byte; the filtered one if term_guard was not called. */
FILE *term_raw_stdout(void);

/* newest_sitting - the id of the newest sitting of l into *out (0 if it
 * has none).  Returns 0, or a ledger error (ledger_errmsg). */
int newest_sitting(struct ledger *l, int64_t *out);

/* newest_played_sitting - for command sub on ledger db: the newest
 * sitting with an action recorded into *out (0 if none has one); when a
 * newer sitting has none yet (another writer is opening it), which one
 * is taken is said on stderr.  Returns 0, or a ledger error
 * (ledger_errmsg). */
int newest_played_sitting(const char *sub, const char *db, struct ledger *l,
                          int64_t *out);

/* output_set_quiet - from now on o prints findings only: no rulings,
 * notes, deals, games or `=` lines of money (check --quiet). */
void output_set_quiet(struct output *o, bool quiet);

/* usage_error - print "ecarte SUB: msg" and the usage hint; returns
 * EXIT_BAD_INPUT. */
int usage_error(const char *sub, const char *fmt, ...);

/* usage_general - print the usage of the command (`ecarte --help`) on
 * fp. */
void usage_general(FILE *fp);

/* law_id_ranges - the ids of the registry as ranges, in its order
 * ("L1-L51, PL1-PL5, MD1-MD5, ..."), into buf of n bytes (cut short if it
 * does not fit); returns buf.  For messages naming what a law id may be. */
const char *law_id_ranges(char *buf, size_t n);

/* usage_help - print the usage and options of subcommand sub (`ecarte SUB
 * --help`, `ecarte help SUB`) on standard output; returns EXIT_FINE.  An
 * unknown sub is said on standard error with the subcommands there are:
 * EXIT_BAD_INPUT. */
int usage_help(const char *sub);

#endif /* ECARTE_CLI_CLI_H */
