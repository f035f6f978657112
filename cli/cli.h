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
#include "tablelog/tablelog.h"

#define ECARTE_VERSION "1.0.0"

/* Exit status of every subcommand. */
enum exit_status {
    EXIT_FINE = 0,              /* fine */
    EXIT_FINDINGS = 1,          /* findings (check, verify, audit, import) */
    EXIT_BAD_INPUT = 2          /* bad input or usage */
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
 * with the previews of its options (preview may be "").
 */
void output_ruling(struct output *o, const char *source, int line, int deal,
                   const struct ruling *r, const char *preview);

/* output_note - a fact that is not a ruling (text mode only). */
void output_note(struct output *o, const char *source, int line,
                 const char *text);

/*
 * output_finding - a disagreement at source:line: kind is "score",
 * "ruling" or "unrecorded-ruling"; expected is what the rules give, found
 * what the log says; message says both in words.
 */
void output_finding(struct output *o, const char *source, int line,
                    const char *kind, const char *expected,
                    const char *found, const char *message);

/* output_deal - the score after a deal. */
void output_deal(struct output *o, const char *source, int line,
                 const struct arb_deal_result *d, const int score[2]);

/* output_game_reopened - the result of game number game, reported
 * before, no longer holds: an overscore taken down (L51) undid the win.
 * JSON: {"type":"game_reopened","source","line","game"}. */
void output_game_reopened(struct output *o, const char *source, int line,
                          int game);

/* output_game - a game won (L46), and the rubber if it decided one. */
void output_game(struct output *o, const char *source, int line,
                 const struct arb_game_result *g);

/* output_scoresheet_row - one deal row of `ecarte score`. */
void output_scoresheet_row(struct output *o,
                           const struct ledger_deal_row *row);

/*
 * output_audit_finding - one finding of `ecarte audit` at source:line,
 * sitting, deal number, event id, law ("L43", or "conservation", or ""),
 * kind (unclaimed, uncounted, mark, ruling, stored-ruling, impossible,
 * sequence, unreadable) and the message.
 */
void output_audit_finding(struct output *o, const char *source, int line,
                          int64_t sitting, int deal, int64_t event,
                          const char *law, const char *kind,
                          const char *message);

/*
 * output_audit_player - a player's summary: irregularities committed (and
 * by law, "L43:2,L25:1"), points won and lost through the penalty laws,
 * deals dealt, kings turned, dealt hands seen whole, kings of trumps held
 * in them, proposals answered as dealer and accepted.
 */
void output_audit_player(struct output *o, const char *name, int irregular,
                         const char *by_law, int won, int lost, int dealt,
                         int kings, int known, int held, int answered,
                         int accepted);

/* output_audit_flag - a statistic: k of n where expected was n*p, with the
 * probability of as many or more; flagged if it is suspicious. */
void output_audit_flag(struct output *o, const char *player,
                       const char *kind, int k, int n, double expected,
                       double probability, bool flagged,
                       const char *message);

/* output_audit_irregularity - an irregularity the laws find at source:
 * line (ruling r), and its status: "claimed" (the log records the
 * ruling), "answered" (an election answered it), "ruled" (recorded live:
 * the referee ruled it at the table) or "unclaimed". */
void output_audit_irregularity(struct output *o, const char *source,
                               int line, int64_t sitting, int deal,
                               int64_t event, const struct ruling *r,
                               const char *status);

/* output_import - what `ecarte import` did with one file: status is
 * "imported" or "already-imported". */
void output_import(struct output *o, const char *path, const char *status,
                   int64_t deals, int quarantined, int64_t events);

/* output_audit_totals - the closing line of an audit; by_law lists the
 * irregularities found ("L43:2,L12:1"). */
void output_audit_totals(struct output *o, const char *db, int64_t sittings,
                         int64_t deals, int64_t events, const char *by_law,
                         int findings, int flags);

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

/*
 * session_resume - continue the newest sitting of the ledger if it was read
 * from source (or source is "-"): its tags and actions are replayed into a
 * fresh referee, and lines of source up to the last one recorded will be
 * skipped.  Returns 1 if it resumed, 0 if there was nothing to resume, -1
 * on a ledger error and -2 if the recorded actions no longer replay (a
 * message is printed to stderr).
 */
int session_resume(struct session *s, const char *source);

/*
 * session_run - read a log from fp (named name in messages) a line at a
 * time: adjudicate each action, record it, compare every `=` line.
 * Returns EXIT_FINE, EXIT_FINDINGS (if `=` lines disagreed) or
 * EXIT_BAD_INPUT (a line that cannot be read or cannot be true: the
 * message "NAME:LINE:COL: ..." is printed to stderr and reading stops; all
 * that came before is committed), or -1 on a ledger failure.
 */
int session_run(struct session *s, FILE *fp, const char *name);

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

/* session_quarantined - deals quarantined so far. */
int session_quarantined(const struct session *s);

/* session_sitting - the ledger id of the sitting written (0 if none). */
int64_t session_sitting(const struct session *s);

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
/* Subcommands (each returns an exit status)                            */
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

/*
 * open_log - open a log for reading ("-" is standard input).  A path that
 * cannot be opened, or is a directory, gets "ecarte SUB: PATH: cannot
 * read: REASON" on stderr and NULL.  Close with close_log.
 */
FILE *open_log(const char *sub, const char *path);

/* close_log - close a log from open_log (standard input is left open). */
void close_log(FILE *fp);

/* usage_error - print "ecarte SUB: msg" and the usage hint; returns
 * EXIT_BAD_INPUT. */
int usage_error(const char *sub, const char *fmt, ...);

/* usage_help - print the usage and options of subcommand sub (`ecarte SUB
 * --help`; the general usage for an unknown sub) on standard output;
 * returns EXIT_FINE. */
int usage_help(const char *sub);

#endif /* ECARTE_CLI_CLI_H */
