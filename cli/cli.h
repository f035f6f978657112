/* SPDX-License-Identifier: MIT */
/*
 * cli.h - the ecarte command, the front door: its subcommands (cmd_*.c,
 * one option table and one library call each), the sink that prints
 * what the session, the audit and the proof give (output.c: text or JSON
 * Lines), the files it opens, what reaches the terminal (term.c) and the
 * usage.  The work is done by the library: session/, audit/, report/,
 * gen/ over ledger/, arbiter/, sitting/, tablelog/ and laws/.
 */
#ifndef ECARTE_CLI_CLI_H
#define ECARTE_CLI_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "audit/audit.h"
#include "session/session.h"

/* How rulings, findings and deal scores are printed. */
struct output;

/*
 * output_open - a printer to fp (borrowed), as text or JSON Lines.  JSON
 * objects are made by SQLite's json_object() on a private in-memory
 * handle.  Returns 0 and *out (owned: output_close), -1 on failure.
 */
int output_open(struct output **out, FILE *fp, bool json);

/* output_close - free o (NULL is fine). */
/* output_set_fp - o writes to fp from now on (borrowed): one writer kept
 * for many answers (its SQLite statements prepared once). */
void output_set_fp(struct output *o, FILE *fp);

void output_close(struct output *o);

/* output_json - is o printing JSON Lines? */
bool output_json(const struct output *o);

/*
 * output_json_line - json (a JSON text made by SQLite's JSON functions,
 * which copy a text's bytes as they are) and a newline onto fp, each byte
 * of it that is not part of well-formed UTF-8 written as U+FFFD
 * (tl_utf8_mend): a `--json` line is UTF-8 whatever the log, the file
 * name or the argument it echoes.  NULL json writes nothing.  Returns 0,
 * or -1 (nothing written) if memory is short.
 */
int output_json_line(FILE *fp, const char *json);

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

/* output_scoresheet_deal - one deal row of `ecarte score`, with who
 * played A and B (name_a, name_b: "" unknown; named in the game's header
 * and the JSON's players) and whether a penalty capped its score (a '*'
 * mark; the JSON's capped). */
void output_scoresheet_deal(struct output *o,
                            const struct ledger_deal_row *row,
                            const char *name_a, const char *name_b,
                            bool capped);

/* output_scoresheet_sitting - a sitting of `ecarte score` in which no
 * deal landed (none played, or every one quarantined): a line naming it
 * (sitting, source) and the deals of it quarantined (quarantined, 0
 * none); JSON {"type":"sitting","sitting","source","deals":0,
 * "quarantined"}.  Its lost games (output_scoresheet_lost) follow. */
void output_scoresheet_sitting(struct output *o, int64_t sitting,
                               const char *source, int quarantined);

/* output_scoresheet_lost - a game of `ecarte score` that a quarantined
 * deal touched and in which no deal landed: its heading (who played A
 * and B: name_a, name_b, "" unknown), "no deal landed" and the deals of
 * it quarantined, as the game end of a game with deals marks them; JSON
 * {"type":"lost_game","sitting","game","deals":0,"game_quarantined",
 * "players"}. */
void output_scoresheet_lost(struct output *o, int64_t sitting, int game,
                            int quarantined, const char *name_a,
                            const char *name_b);

/* output_scoresheet_row - one deal row of `ecarte score` (no names, no
 * mark). */
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

/*
 * output_quarantine - with --json, a deal of source that an import could
 * not read and quarantined, why as the session gives it ("SOURCE:LINE:
 * COLUMN: message"): a `quarantine` object with the line, the column
 * (each 0 where why does not say them) and the message; in text nothing
 * (the session's notice says it on standard error).
 */
void output_quarantine(struct output *o, const char *source,
                       const char *why);

/*
 * output_import - what `ecarte import` did with one file: status is
 * "imported" (deals, quarantined, events: the file's in the ledger),
 * "already-imported" (nothing added; the counts unused), "stopped" (a
 * ledger failure stopped it: the counts are what its last commit kept)
 * or "not-kept" (read into a new ledger that was not made: the counts
 * are what was read, none of it kept; JSON gives 0 for deals,
 * quarantined and events and the counts read under "read").
 */
void output_import(struct output *o, const char *path, const char *status,
                   int64_t deals, int quarantined, int64_t events);

/* output_merge_events - *ev made to print what session_merge_source
 * reports through o (ctx: o, borrowed; a sitting not merged in words). */
void output_merge_events(struct output *o, struct merge_events *ev);

/* output_merge - what `ecarte merge` did with the source ledger: c. */
void output_merge(struct output *o, const char *source,
                  const struct merge_counts *c);

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

/* What a command does with a ledger that does not verify (proof_guard). */
enum proof_use {
    PROOF_WRITE,                /* refuses to extend it */
    PROOF_READ,                 /* refuses to show its figures */
    PROOF_READ_UNVERIFIED       /* shows them, said to be unverified */
};

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
int cmd_serve(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_members(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_complete(int argc, char **argv); /* the words of a shell completion */

/*
 * open_log - open a log for reading ("-" is standard input).  A path that
 * cannot be opened, or is a directory, gets "ecarte SUB: PATH: cannot
 * read: REASON" on stderr and NULL.  Close with close_log.
 */
FILE *open_log(const char *sub, const char *path);

/*
 * session_run_path - session_run on the log at path ("-": standard
 * input), opened with open_log for subcommand sub.  Returns as
 * session_run, and CLI_E_INPUT for a log that cannot be opened
 * (reported).
 */
int session_run_path(struct session *s, const char *sub, const char *path,
                     int *exit_out);

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

/* ledger_for_rc - ledger_for, except that a file found damaged
 * (LEDGER_E_DAMAGED: SQLite reads a malformed page) is not said: *damaged
 * is set to 1 and the reason copied into why (n bytes), for the caller to
 * give it as its verdict (`verify`); damaged NULL: as ledger_for. */
struct ledger *ledger_for_rc(const char *sub, const char *path,
                             unsigned flags, int *damaged, char *why,
                             size_t n);

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

/*
 * usage_number - the option value s as a number from 0 to max: decimal
 * digits only (no sign, no space), at least one, and no more than max
 * (a value past it, even past what an integer holds, is refused rather
 * than cut or wrapped).  True and the number in *out, or false.
 */
bool usage_number(const char *s, uint64_t max, uint64_t *out);

/* usage_error - print "ecarte SUB: msg" and the usage hint; returns
 * EXIT_BAD_INPUT. */
int usage_error(const char *sub, const char *fmt, ...);

/* cli_program - the program's name in its messages: "ecarte", then
 * "ecarte SUB" once main.c has chosen the subcommand (static storage). */
extern const char *cli_program;

/* A file a command writes (cli/outfile.c). */
struct out_file {
    FILE *fp;                   /* write here, between open and close */
    const char *path;           /* as named (borrowed) */
    char target[4096];          /* the file written: path, or a link's
                                   target */
    char tmp[4096 + 8];         /* the temporary name beside it, "" if
                                   written in place */
    bool is_stdout;             /* "-" (or no path): standard output */
    bool in_place;              /* a FIFO, a device: written as it is */
};

/* out_file_open - path opened for a command's output into *o: NULL or
 * "-" is standard output (term_raw_stdout); a regular file or a new name
 * gets a temporary file beside it (mode 0644, or the old file's), renamed
 * into place by out_file_close; a symbolic link is followed (its target
 * replaced so, the link kept); a FIFO, a device or a socket is opened
 * and written in place; a directory is refused.  Returns 0, or -1 with
 * "ecarte SUB: PATH: cannot write: why" on stderr. */
int out_file_open(struct out_file *o, const char *sub, const char *path);

/* out_file_close - o's file finished: flushed, synced (a regular file),
 * closed and renamed into place if ok; if not ok (the writing failed)
 * or any step fails, the temporary file is removed and what was there
 * before is left as it was.  Standard output is left open.  Returns 0,
 * or -1 (why said on stderr when it is a step of the file's). */
int out_file_close(struct out_file *o, const char *sub, bool ok);

/* print_version - `ecarte --version` on fp: the program's version, and
 * the versions of SQLite (the library's at run time and the header's it
 * was built with, and the least the ledger needs), OpenSSL, libedit and
 * libmicrohttpd; its licence. */
void print_version(FILE *fp);

/* usage_general - print the usage of the command (`ecarte --help`) on
 * fp. */
void usage_general(FILE *fp);


/* usage_help - print the usage and options of subcommand sub (`ecarte SUB
 * --help`, `ecarte help SUB`) on standard output; returns EXIT_FINE.  An
 * unknown sub is said on standard error with the subcommands there are:
 * EXIT_BAD_INPUT. */
int usage_help(const char *sub);

/* output_session_sink - the sink that prints what a session gives on o
 * (text or JSON Lines), its errors and notices on standard error. */
struct session_sink output_session_sink(struct output *o);

/* session_open_out - session_open with output_session_sink(o): what the
 * session gives printed on o (NULL: only its errors and notices, on
 * standard error). */
int session_open_out(struct session **out, struct ledger *l,
                     struct output *o, enum commit_mode mode);

#endif /* ECARTE_CLI_CLI_H */
