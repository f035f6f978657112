/* SPDX-License-Identifier: MIT */
/*
 * bench_phases.c - the commands' phases of the bench (bench/bench_int.h):
 * each does, through the library (session/, audit/, report/, gen/,
 * ledger/), the work its `ecarte` command does, in the same order and
 * with the same settings (cli/cmd_*.c are the reference): the ledger
 * opened as the command opens it, proven where the command proves it,
 * the session driven as the command drives it.  What a command prints
 * is formatted here by a sink of the same words (a check, a record) and
 * written to the child's standard output, /dev/null; the audit's
 * findings are counted, not formatted.  Each is timed from the opening
 * of its files to their close; the events are counted afterwards.
 */
#include "bench/bench_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/audit.h"
#include "gen/gen.h"
#include "report/report.h"
#include "session/session.h"

/* ------------------------------------------------------------------ */
/* The text a check and a record print, formatted                       */
/* ------------------------------------------------------------------ */

/* The sink of a check and of a record: each call formats the line (or
 * lines) the command's text output prints for it, on stdout (the
 * child's, /dev/null); messages on stderr. */

static void text_note(void *ctx, const char *source, int line,
                      const char *text)
{
    (void)ctx;
    printf("%s:%d: note: %s\n", source, line, text);
}

static void text_ruling(void *ctx, const char *source, int line, int deal,
                        const struct ruling *r, const char *words,
                        const char *previews)
{
    const struct law *row = laws_get(r->law);

    (void)ctx;
    (void)deal;
    printf("%s:%d: = %s\n", source, line, words);
    printf("    %s: %s%s%s\n", row->id, row->title, r->note[0] ? " - " : "",
           r->note);
    if (r->elector != SEAT_NONE && r->options != 0) {
        printf("    %c chooses, %s:\n", seat_letter(r->elector),
               law_window_words(r->window));
    } else if (r->window != WIN_NONE) {
        printf("    (%s)\n", law_window_words(r->window));
    }
    for (const char *p = previews; p != NULL && *p != '\0';) {
        const char *bar = strstr(p, " | ");
        int len = bar != NULL ? (int)(bar - p) : (int)strlen(p);

        printf("      %.*s\n", len, p);
        p = bar != NULL ? bar + 3 : p + len;
    }
}

static void text_sit_ruling(void *ctx, const char *source, int line,
                            int deal, const struct sit_ruling *r,
                            const char *words)
{
    const struct law *row = laws_get(r->law);

    (void)ctx;
    (void)deal;
    printf("%s:%d: = %s\n", source, line, words);
    printf("    %s: %s%s%s\n", row->id, row->title, r->note[0] ? " - " : "",
           r->note);
}

static void text_deal(void *ctx, const char *source, int line,
                      const struct arb_deal_result *d, const int score[2])
{
    (void)ctx;
    if (d->is_void) {
        printf("%s:%d: deal %d (%c deals) is void; score A %d B %d\n",
               source, line, d->number, seat_letter(d->dealer), score[0],
               score[1]);
        return;
    }
    printf("%s:%d: deal %d (%c deals): tricks A %d B %d, points A %d B %d; "
           "score A %d B %d\n",
           source, line, d->number, seat_letter(d->dealer), d->tricks[0],
           d->tricks[1], d->points[0], d->points[1], score[0], score[1]);
}

static void text_game(void *ctx, const char *source, int line,
                      const struct arb_game_result *g)
{
    (void)ctx;
    printf("%s:%d: game %d won by %c, A %d B %d (%s)%s%s\n", source, line,
           g->number, seat_letter(g->winner), g->points[0], g->points[1],
           g->value == 3 ? "treble" : g->value == 2 ? "double" : "single",
           g->rubber_over ? "; rubber to " : "",
           g->rubber_over ? (g->rubber_winner == SEAT_A ? "A" : "B") : "");
}

/* (the reason by its number, not in words: a generated log has none) */
static void text_game_reopened(void *ctx, const char *source, int line,
                               int game, enum arb_reopen why)
{
    (void)ctx;
    printf("%s:%d: game %d is not won after all: reason %d; it goes on\n",
           source, line, game, (int)why);
}

static void text_mark(void *ctx, const char *source, int line,
                      const struct sit_mark *m)
{
    (void)ctx;
    printf("%s:%d: = %s\n", source, line, m->text);
}

static void text_finding(void *ctx, const char *source, int line,
                         const char *kind, const char *expected,
                         const char *found, const char *message)
{
    (void)ctx;
    (void)kind;
    (void)expected;
    (void)found;
    printf("%s:%d: %s\n", source, line, message);
}

static void text_message(void *ctx, enum session_msg kind, const char *text)
{
    (void)ctx;
    (void)kind;
    fprintf(stderr, "%s\n", text);
}

static const struct session_sink text_sink = {
    .note = text_note,
    .ruling = text_ruling,
    .sit_ruling = text_sit_ruling,
    .deal = text_deal,
    .game = text_game,
    .game_reopened = text_game_reopened,
    .mark = text_mark,
    .finding = text_finding,
    .message = text_message,
};

/* ------------------------------------------------------------------ */
/* The ledger as the commands open and prove it                         */
/* ------------------------------------------------------------------ */

/* open_ledger - the ledger at path opened as a command opens it
 * (ledger_open_with, flags, waiting for a lock without limit) into *out;
 * 0, or -1 with why in r->note (*out is to be closed all the same). */
static int open_ledger(struct ledger **out, const char *path, unsigned flags,
                       struct phase_result *r)
{
    struct ledger_options opt = {.flags = flags, .wait_ms = -1};

    if (ledger_open_with(out, path, &opt) != 0) {
        bench__note(r, "%s: %s", path, ledger_errmsg(*out));
        return -1;
    }
    return 0;
}

/* prove - the proof a command makes before it extends or shows l
 * (proof_ledger, in a read transaction of its own unless one is open):
 * 0 if l is proven, -1 (why in r->note) if not or if it could not be
 * made. */
static int prove(struct ledger *l, struct phase_result *r)
{
    struct proof_summary sum;
    bool own = !ledger_in_transaction(l);
    int rc;

    if (own && ledger_read_begin(l) != 0) {
        bench__note(r, "proof: %s", ledger_errmsg(l));
        return -1;
    }
    rc = proof_ledger(l, 0, NULL, NULL, &sum);
    if (own) {
        ledger_read_end(l);
    }
    if (rc != 0 || sum.findings != 0) {
        bench__note(r, "proof: %s", rc != 0 ? sum.error : sum.first);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The generator, the check, the adjudication                           */
/* ------------------------------------------------------------------ */

void bench__phase_generate(const struct run *run, struct phase_result *r)
{
    struct gen_options opt = {.deals = run->deals, .seed = run->seed};
    char err[400];
    double t0;

    if (freopen(run->input, "w", stdout) == NULL) {
        r->rc = -1;
        bench__note(r, "cannot write %s", run->input);
        return;
    }
    t0 = bench__now();
    r->rc = gen_write(&opt, stdout, err, sizeof(err));
    fflush(stdout);
    r->seconds = bench__now() - t0;
    if (r->rc != GEN_OK) {
        bench__note(r, "the generator: %s", err);
    }
}

/* run_log - session s run over the log at path; its exit status into
 * r->rc, why it failed in r->note. */
static void run_log(struct session *s, const char *path,
                    struct phase_result *r)
{
    FILE *fp = fopen(path, "r");

    if (fp == NULL) {
        r->rc = EXIT_BAD_INPUT;
        bench__note(r, "cannot read %s: %s", path, strerror(errno));
        return;
    }
    (void)session_run(s, fp, path, &r->rc); /* the exit status says it */
    fclose(fp);
    if (r->rc != EXIT_FINE) {
        bench__note(r, "session_run: exit status %d", r->rc);
    }
}

/* run_alone - (a) and (f): a session with no ledger (sink as given),
 * timed over the input; events are the session's. */
static void run_alone(const struct run *run, const struct session_sink *sink,
                      struct phase_result *r)
{
    struct session *s = NULL;
    double t0 = bench__now();

    if (session_open(&s, NULL, sink, COMMIT_PER_DEAL) != 0) {
        r->rc = -1;
        bench__note(r, "session_open: out of memory");
        return;
    }
    run_log(s, run->input, r);
    r->events = session_events(s);
    session_close(s);
    r->seconds = bench__now() - t0;
}

/* (a) - session_run with no ledger and no sink: the reader and the
 * referee alone. */
void bench__phase_adjudicate(const struct run *run, struct phase_result *r)
{
    run_alone(run, NULL, r);
}

/* (f) - `ecarte check INPUT`: the session of (a) with the check's sink,
 * every line a check prints formatted (stdout is /dev/null). */
void bench__phase_check(const struct run *run, struct phase_result *r)
{
    run_alone(run, &text_sink, r);
}

/* ------------------------------------------------------------------ */
/* The import                                                           */
/* ------------------------------------------------------------------ */

/* import_log - `ecarte import`'s import of one log (cli/cmd_import.c's
 * import_one) into l: the file hashed, then read again by a session in
 * import mode, quiet, with no sink.  Its exit status into r->rc. */
static void import_log(struct ledger *l, const char *path,
                       struct phase_result *r)
{
    char hash[LEDGER_HASH_HEX];
    struct session *s = NULL;
    enum import_start begun = IMPORT_NEW;
    struct stat st;
    FILE *fp = fopen(path, "r");

    r->rc = EXIT_BAD_INPUT;
    if (fp == NULL || fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode) ||
        ledger_sha256_file(fp, hash) != 0) {
        bench__note(r, "cannot read %s", path);
        goto out;
    }
    rewind(fp);
    if (session_open(&s, l, NULL, COMMIT_PER_DEAL) != 0) {
        bench__note(r, "session_open: out of memory");
        goto out;
    }
    session_set_import(s, NULL, NULL);
    session_set_quiet(s, true);
    session_set_whole_lines(s, false);
    if (session_import_begin(s, hash, &begun) != 0 || begun != IMPORT_NEW) {
        bench__note(r, "import begin: %s", ledger_errmsg(l));
        goto out;
    }
    run_log(s, path, r);
out:
    session_close(s);
    if (fp != NULL) {
        fclose(fp);
    }
}

/* (b) - `ecarte import --db DB INPUT` into a fresh file: the ledger made
 * for a bulk load and checked, proven (empty), the log imported, the
 * references checked once after the load; the events are counted in the
 * file afterwards (not timed). */
void bench__phase_import(const struct run *run, struct phase_result *r)
{
    struct ledger *l = NULL;
    double t0;

    bench__remove_db(run->db);
    t0 = bench__now();
    if (open_ledger(&l, run->db, LEDGER_FAST | LEDGER_CHECK | LEDGER_BUILD,
                    r) != 0 ||
        prove(l, r) != 0) {
        r->rc = -1;
        ledger_close(l);
        return;
    }
    import_log(l, run->input, r);
    if (r->rc == EXIT_FINE && ledger_foreign_key_check(l) != 0) {
        bench__note(r, "foreign keys: %s", ledger_errmsg(l));
        r->rc = EXIT_BAD_INPUT;
    }
    /* a new ledger is built alone and linked into place when whole, as
     * `ecarte import` builds it (cli/cmd_import.c) */
    if (r->rc == EXIT_FINE && ledger_build_finish(l) != 0) {
        bench__note(r, "build: %s", ledger_errmsg(l));
        r->rc = EXIT_BAD_INPUT;
    }
    ledger_close(l);
    r->seconds = bench__now() - t0;
    if (r->rc != EXIT_FINE) {
        return;
    }
    r->events = bench__count_events(run->db, r);
    if (r->events < 0) {
        r->rc = -1;
    }
    r->bytes = bench__ledger_size(run->db);
}

/* ------------------------------------------------------------------ */
/* The audit                                                            */
/* ------------------------------------------------------------------ */

/* What the audit found, counted (its sink formats nothing). */
struct audit_count {
    int64_t calls;
};

static int count_proof_finding(void *ctx, const struct ledger_finding *f)
{
    (void)f;
    ((struct audit_count *)ctx)->calls++;
    return 0;
}

static void count_finding(void *ctx, const char *source, int line,
                          int64_t sitting, int deal, int64_t event,
                          const char *law, const char *kind,
                          const char *message)
{
    (void)source, (void)line, (void)sitting, (void)deal, (void)event;
    (void)law, (void)kind, (void)message;
    ((struct audit_count *)ctx)->calls++;
}

static void count_irregularity(void *ctx, const char *source, int line,
                               int64_t sitting, int deal, int64_t event,
                               const struct ruling *ru, const char *words,
                               const char *status, const char *person)
{
    (void)source, (void)line, (void)sitting, (void)deal, (void)event;
    (void)ru, (void)words, (void)status, (void)person;
    ((struct audit_count *)ctx)->calls++;
}

static void count_strike(void *ctx, const char *source, int line,
                         int64_t sitting, const char *struck)
{
    (void)source, (void)line, (void)sitting, (void)struck;
    ((struct audit_count *)ctx)->calls++;
}

static void count_strikes(void *ctx, int64_t sitting, const char *source,
                          int strikes)
{
    (void)sitting, (void)source, (void)strikes;
    ((struct audit_count *)ctx)->calls++;
}

static void count_player(void *ctx, const char *person, const char *name,
                         const struct audit_tally *t)
{
    (void)person, (void)name, (void)t;
    ((struct audit_count *)ctx)->calls++;
}

static void count_statistic(void *ctx, const char *player, const char *person,
                            const char *kind, int k, int n, double expected,
                            double probability, bool flagged,
                            const char *message)
{
    (void)player, (void)person, (void)kind, (void)k, (void)n;
    (void)expected, (void)probability, (void)flagged, (void)message;
    ((struct audit_count *)ctx)->calls++;
}

static void count_person(void *ctx, const char *person, const char *name,
                         const char *role, const struct audit_role *t)
{
    (void)person, (void)name, (void)role, (void)t;
    ((struct audit_count *)ctx)->calls++;
}

/*
 * (d) - `ecarte audit --db DB` on (b)'s file: the ledger opened
 * read-only, proven in one snapshot (its findings counted), then audited
 * (audit_collect) with a sink that takes what the command's printer
 * takes (no action, no deal end) and counts it; events are (b)'s rows.
 * Findings are noted, not a failure (the command's exit 1).
 */
void bench__phase_audit(const struct run *run, struct phase_result *r)
{
    static const struct audit_sink counter = {
        .finding = count_finding,
        .irregularity = count_irregularity,
        .strike = count_strike,
        .strikes = count_strikes,
        .player = count_player,
        .statistic = count_statistic,
        .person = count_person,
    };
    struct audit_count n = {0};
    struct proof_summary sum;
    struct audit_totals tot;
    struct ledger *l = NULL;
    double t0 = bench__now();

    r->rc = -1;
    r->events = run->db_events;
    if (open_ledger(&l, run->db, LEDGER_READONLY, r) != 0) {
        goto out;
    }
    if (ledger_read_begin(l) != 0) {
        bench__note(r, "proof: %s", ledger_errmsg(l));
        goto out;
    }
    if (proof_ledger(l, 0, count_proof_finding, &n, &sum) != 0) {
        bench__note(r, "proof: %s", sum.error);
        ledger_read_end(l);
        goto out;
    }
    ledger_read_end(l);
    if (audit_collect(l, 0, &counter, &n, &tot) != 0) {
        bench__note(r, "audit: %s",
                    tot.no_memory ? "out of memory" : ledger_errmsg(l));
        goto out;
    }
    r->rc = 0;
    if (tot.findings > 0 || tot.flags > 0 || sum.findings > 0) {
        bench__note(r, "the audit reported findings (exit 1)");
    }
out:
    ledger_close(l);
    r->seconds = bench__now() - t0;
}

/* ------------------------------------------------------------------ */
/* The record                                                           */
/* ------------------------------------------------------------------ */

/*
 * record_into - `ecarte record --db DB LOG` into a fresh file: the log
 * opened first, the ledger made and checked, proven, then one session
 * committing every action as it comes (synchronous=FULL), resuming what
 * the log continues, with the record's sink (its messages on stderr sent
 * to /dev/null); the events counted afterwards (not timed).
 */
static void record_into(const char *db_path, const char *log,
                        struct phase_result *r)
{
    struct ledger *l = NULL;
    struct session *s = NULL;
    FILE *fp = NULL;
    double t0;

    bench__remove_db(db_path);
    if (freopen("/dev/null", "w", stderr) == NULL) {
        r->rc = -1;
        bench__note(r, "cannot send stderr to /dev/null");
        return;
    }
    t0 = bench__now();
    r->rc = -1;
    fp = fopen(log, "r");       /* readable before the ledger is touched */
    if (fp == NULL) {
        bench__note(r, "cannot read %s", log);
        return;
    }
    fclose(fp);
    if (open_ledger(&l, db_path, LEDGER_CHECK, r) != 0 || prove(l, r) != 0 ||
        session_open(&s, l, &text_sink, COMMIT_PER_ACTION) != 0) {
        goto out;
    }
    session_set_resume(s, RESUME_AUTO, 0);
    session_set_whole_lines(s, false);
    run_log(s, log, r);
out:
    session_close(s);
    ledger_close(l);
    r->seconds = bench__now() - t0;
    if (r->rc != EXIT_FINE) {
        return;
    }
    r->events = bench__count_events(db_path, r);
    if (r->events < 0) {
        r->rc = -1;
    }
}

/* (g) - `ecarte record` of the prefix (its first record_actions actions)
 * into a fresh file: every action committed as it comes, with
 * synchronous=FULL. */
void bench__phase_record(const struct run *run, struct phase_result *r)
{
    record_into(run->rec_db, run->prefix, r);
}

/* (j) - `ecarte record` of the whole log into a fresh file on a tmpfs
 * (where a commit costs no disk flush): its peak memory against the
 * number of deals.  The file is removed afterwards. */
void bench__phase_record_all(const struct run *run, struct phase_result *r)
{
    record_into(run->all_db, run->input, r);
    bench__remove_db(run->all_db);
}

/* ------------------------------------------------------------------ */
/* The report                                                           */
/* ------------------------------------------------------------------ */

/* keep_newest - each sitting's id kept: the last is the newest. */
static int keep_newest(void *ctx, int64_t id, const char *source)
{
    (void)source;
    *(int64_t *)ctx = id;
    return 0;
}

/* newest_played - the sitting `ecarte report` shows when none is named:
 * the newest with an action (the newest of all looked up too, as the
 * command does to say whether another is being opened), in l's read
 * transaction.  0, or -1 (r->note). */
static int newest_played(struct ledger *l, int64_t *sitting,
                         struct phase_result *r)
{
    int64_t newest = 0;

    if (ledger_sitting_last_played(l, sitting) != 0 ||
        ledger_sittings_foreach(l, keep_newest, &newest) != 0) {
        bench__note(r, "report: %s", ledger_errmsg(l));
        return -1;
    }
    if (*sitting == 0 || ledger_sitting_exists(l, *sitting) != 1) {
        bench__note(r, "report: no sitting with an action");
        return -1;
    }
    return 0;
}

/* write_page - the page of sitting (report_write) to path, under a
 * temporary name beside it, flushed to the disk and renamed into place
 * when whole, as the command writes it.  0, or -1 (r->note). */
static int write_page(struct ledger *l, int64_t sitting,
                      const struct proof_summary *proof, const char *path,
                      struct phase_result *r)
{
    char tmp[PATH_MAX_BENCH + 16];
    char err[700];
    FILE *fp = NULL;
    int fd = -1;
    int rc;

    snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path);
    if ((fd = mkstemp(tmp)) < 0 || fchmod(fd, 0644) != 0 ||
        (fp = fdopen(fd, "w")) == NULL) {
        bench__note(r, "cannot write %s: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return -1;
    }
    rc = report_write(l, sitting, proof, fp, err, sizeof(err));
    if (rc != 0) {
        bench__note(r, "report_write: %s", err);
    }
    if (fflush(fp) != 0 || ferror(fp) || fsync(fileno(fp)) != 0) {
        rc = -1;
    }
    if (fclose(fp) != 0 || (rc == 0 && rename(tmp, path) != 0)) {
        rc = -1;
    }
    if (rc != 0) {
        if (r->note[0] == '\0') {
            bench__note(r, "cannot write %s: %s", path, strerror(errno));
        }
        unlink(tmp);
    }
    return rc;
}

/* (i) - `ecarte report --db DB -o FILE` on (b)'s file: the ledger opened
 * read-only, its pages checked, then in one snapshot the sitting chosen,
 * the proof, and the page written; its time, and the size of the HTML
 * file in r->bytes; events are the rows of (b). */
void bench__phase_report(const struct run *run, struct phase_result *r)
{
    struct proof_summary proof;
    struct ledger *l = NULL;
    int64_t sitting = 0;
    double t0 = bench__now();

    r->rc = -1;
    r->events = run->db_events;
    if (open_ledger(&l, run->db, LEDGER_READONLY, r) != 0) {
        goto out;
    }
    if (ledger_integrity(l) != 0 || ledger_read_begin(l) != 0) {
        bench__note(r, "report: %s", ledger_errmsg(l));
        goto out;
    }
    if (newest_played(l, &sitting, r) == 0 &&
        proof_ledger(l, 0, NULL, NULL, &proof) == 0 && proof.findings == 0 &&
        write_page(l, sitting, &proof, run->report, r) == 0) {
        r->rc = 0;
    } else if (r->note[0] == '\0') {
        bench__note(r, "proof: %s", proof.error[0] ? proof.error : proof.first);
    }
    ledger_read_end(l);
out:
    ledger_close(l);
    r->seconds = bench__now() - t0;
    r->bytes = bench__file_size(run->report);
    if (r->rc == 0) {
        bench__note(r, "%.1f MB of HTML", (double)r->bytes / 1e6);
    }
}

/* ------------------------------------------------------------------ */
/* The export                                                           */
/* ------------------------------------------------------------------ */

/* (k) - `ecarte export --db DB` on (b)'s file (cli/cmd_export.c): opened
 * read-only, in one snapshot the sitting chosen (the newest with an
 * action), the whole ledger proven, and the sitting written back as a
 * log (session_export) on stdout, /dev/null; events are the rows of
 * (b). */
void bench__phase_export(const struct run *run, struct phase_result *r)
{
    struct proof_summary proof;
    struct ledger *l = NULL;
    int64_t sitting = 0;
    char err[600];
    double t0 = bench__now();

    r->rc = -1;
    r->events = run->db_events;
    if (open_ledger(&l, run->db, LEDGER_READONLY, r) != 0) {
        goto out;
    }
    if (ledger_read_begin(l) != 0) {
        bench__note(r, "export: %s", ledger_errmsg(l));
        goto out;
    }
    if (newest_played(l, &sitting, r) != 0) {
        ledger_read_end(l);
        goto out;
    }
    if (proof_ledger(l, 0, NULL, NULL, &proof) != 0 || proof.findings != 0) {
        bench__note(r, "proof: %s", proof.error[0] ? proof.error : proof.first);
    } else if (session_export(l, sitting, 0, stdout, err, sizeof(err)) != 0) {
        bench__note(r, "export: %s", err);
    } else if (fflush(stdout) == 0) {
        r->rc = 0;
    }
    ledger_read_end(l);
out:
    ledger_close(l);
    r->seconds = bench__now() - t0;
}
