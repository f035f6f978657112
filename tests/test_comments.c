/* SPDX-License-Identifier: MIT */
/* test_comments.c - a log's `#` comments kept through record, import and
 * export: for every log of examples/ and tests/cases (and generated
 * sittings of every format), the export of the log recorded is the export
 * of the log without its comments, with every comment of the log back,
 * byte for byte, in order, after the same actions; where the log's `=`
 * lines are those export writes, the export is the log itself (its blank
 * lines and the [Chain] tag aside).  Import keeps them as record does,
 * a log read again when its sitting is resumed keeps none twice, and the
 * comment rows are sealed: each column changed, a row deleted or one
 * inserted is named by the proof. */
#include "tests/harness.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ledger/ledger.h"
#include "session/session.h"
#include "tablelog/tablelog.h"

#define FIXED_TIME "2026-01-31T20:15:00Z"

/* ------------------------------------------------------------------ */
/* Logs as text                                                         */
/* ------------------------------------------------------------------ */

/* A growing text. */
struct text {
    char *s;
    size_t n;
    size_t cap;
};

static void text_add(struct text *t, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = (t->n + n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = '\0';
}

/* read_file - the whole file at path (malloc'd). */
static char *read_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    struct text t = {0};
    char buf[4096];
    size_t got;

    assert_non_null(fp);
    text_add(&t, "", 0);
    while ((got = fread(buf, 1, sizeof(buf), fp)) > 0) {
        text_add(&t, buf, got);
    }
    fclose(fp);
    return t.s;
}

/* The lines of a text, each without its line end (and CR). */
struct lines {
    char **v;
    int n;
};

static struct lines split(const char *s)
{
    struct lines l = {0};
    const char *p = s;

    while (*p != '\0') {
        size_t len = strcspn(p, "\n");
        size_t keep = len > 0 && p[len - 1] == '\r' ? len - 1 : len;

        l.v = realloc(l.v, sizeof(*l.v) * (size_t)(l.n + 1));
        assert_non_null(l.v);
        l.v[l.n++] = strndup(p, keep);
        p += len + (p[len] == '\n' ? 1 : 0);
    }
    return l;
}

static void lines_free(struct lines *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->v[i]);
    }
    free(l->v);
    memset(l, 0, sizeof(*l));
}

/* parsed - line (numbered no) read into *out; -1: it does not read. */
static int parsed(const char *line, int no, struct tl_line *out)
{
    struct tl_error err;

    return tl_parse_line(line, strlen(line), no, out, &err);
}

/* blank - is line empty or blanks only? */
static bool blank(const char *line)
{
    return line[strspn(line, " \t")] == '\0';
}

/*
 * strip - what a text says without its comments: a comment line empty
 * (keep_lines: the log's lines keep their numbers) or left out, a
 * comment at the end of a line cut with the blanks before it; with
 * drop_blank, blank lines and the [Chain] tag left out too.
 */
static char *strip(const char *s, bool keep_lines, bool drop_blank)
{
    struct lines l = split(s);
    struct text t = {0};
    struct tl_line tl;

    text_add(&t, "", 0);
    for (int i = 0; i < l.n; i++) {
        const char *line = l.v[i];
        size_t len = strlen(line);

        if (parsed(line, i + 1, &tl) == 0 && tl.comment_len > 0) {
            len = tl.kind == TL_BLANK ? 0 : tl.comment_at;
            if (tl.kind == TL_BLANK && !keep_lines) {
                continue;
            }
        }
        if (drop_blank && (blank(line) || len == 0 ||
                           strncmp(line, "[Chain ", 7) == 0)) {
            continue;
        }
        text_add(&t, line, len);
        text_add(&t, "\n", 1);
    }
    lines_free(&l);
    return t.s;
}

/*
 * comments_of - every comment of a text in order, one a line of out: its
 * text as written (a comment line whole, another from the end of what
 * its line says), then "@" and the number of actions read up to it.
 */
static char *comments_of(const char *s)
{
    struct lines l = split(s);
    struct text t = {0};
    struct tl_line tl;
    int actions = 0;

    text_add(&t, "", 0);
    for (int i = 0; i < l.n; i++) {
        char at[32];

        if (parsed(l.v[i], i + 1, &tl) != 0) {
            continue;
        }
        if (tl.kind == TL_EVENT) {
            actions++;
        }
        if (tl.comment_len > 0 &&
            strncmp(l.v[i], "# quarantined: a deal that could not be read",
                    44) != 0) { /* (an export's own note) */
            text_add(&t, l.v[i] + tl.comment_at, tl.comment_len);
            snprintf(at, sizeof(at), " @%d\n", actions);
            text_add(&t, at, strlen(at));
        }
    }
    lines_free(&l);
    return t.s;
}

/* without_blank - s with its blank lines (and a [Chain] tag) left out,
 * comments kept. */
static char *without_blank(const char *s)
{
    struct lines l = split(s);
    struct text t = {0};

    text_add(&t, "", 0);
    for (int i = 0; i < l.n; i++) {
        if (blank(l.v[i]) || strncmp(l.v[i], "[Chain ", 7) == 0) {
            continue;
        }
        text_add(&t, l.v[i], strlen(l.v[i]));
        text_add(&t, "\n", 1);
    }
    lines_free(&l);
    return t.s;
}

/* ------------------------------------------------------------------ */
/* Record, import, export: in this process                              */
/* ------------------------------------------------------------------ */

/* run_log - text (named name) recorded (or imported) into l, a new
 * sitting; session_run's result (its exit status into *exit_out). */
static int run_log(struct ledger *l, const char *text, const char *name,
                   bool import, int *exit_out)
{
    struct session *s = NULL;
    FILE *fp = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
    int rc;

    assert_non_null(fp);
    assert_int_equal(session_open(&s, l, NULL,
                                  import ? COMMIT_PER_DEAL
                                         : COMMIT_PER_ACTION),
                     0);
    session_set_resume(s, RESUME_NEW, 0);
    if (import) {
        char sha[LEDGER_HASH_HEX];
        enum import_start start;

        assert_int_equal(ledger_sha256_hex(text, strlen(text), sha), 0);
        session_set_import(s, NULL, NULL);
        assert_int_equal(session_import_begin(s, sha, &start), 0);
        assert_int_equal(start, IMPORT_NEW);
    }
    rc = session_run(s, fp, name, exit_out);
    session_close(s);
    fclose(fp);
    return rc;
}

/* export_of - sitting of l exported (malloc'd). */
static char *export_of(struct ledger *l, int64_t sitting)
{
    char *buf = NULL;
    size_t n = 0;
    char err[300];
    FILE *fp = open_memstream(&buf, &n);

    assert_non_null(fp);
    if (session_export(l, sitting, 0, fp, err, sizeof(err)) != 0) {
        fail_msg("export: %s", err);
    }
    fclose(fp);
    return buf;
}

/* What the round trips of a set of logs found. */
struct tally {
    int logs;                   /* recorded and exported */
    int with_comments;          /* of them, logs with a comment */
    int comments;               /* comments compared */
    int whole;                  /* exports equal to their log */
};

/*
 * round_trip - text (named name) recorded into a fresh ledger and
 * exported, and recorded without its comments (its lines keeping their
 * numbers) and exported: the first export without its comments is the
 * second; its comments are the log's, in order, after as many actions;
 * where the log without comments is its export (blank lines and the
 * [Chain] tag aside), the log with them is too.  A log the referee does
 * not take whole is left out (and must be so without its comments).
 */
static void round_trip(const char *log, const char *name, bool import,
                       struct tally *t)
{
    /* the log as the reader reads it: a byte-order mark aside */
    const char *text = strncmp(log, "\xef\xbb\xbf", 3) == 0 ? log + 3 : log;
    struct ledger *a = NULL;
    struct ledger *b = NULL;
    char *bare = strip(text, true, false);
    int ea = 0;
    int eb = 0;
    int ra;
    int rb;

    assert_int_equal(ledger_open(&a, ":memory:", 0), 0);
    assert_int_equal(ledger_open(&b, ":memory:", 0), 0);
    ra = run_log(a, log, name, import, &ea);
    rb = run_log(b, bare, name, import, &eb);
    if (ra != rb || ea != eb) {
        fail_msg("%s: with its comments %d (exit %d), without %d (exit %d)",
                 name, ra, ea, rb, eb);
    }
    if (ra == 0 && (ledger_sitting_exists(a, 1) == 1)) {
        char *with = export_of(a, 1);
        char *without = export_of(b, 1);
        char *with_bare = strip(with, false, false);
        char *without_bare = strip(without, false, false);
        char *want = comments_of(text);
        char *got = comments_of(with);

        if (strcmp(with_bare, without_bare) != 0) {
            fail_msg("%s: its export without comments is not the export of "
                     "the log without them:\n%s\n---\n%s", name, with_bare,
                     without_bare);
        }
        if (strcmp(got, want) != 0) {
            fail_msg("%s: the export's comments are not the log's:\n%s\n"
                     "---\n%s", name, got, want);
        }
        t->logs++;
        t->with_comments += want[0] != '\0';
        for (const char *p = want; *p != '\0'; p++) {
            t->comments += *p == '\n';
        }
        {
            char *log_lines = strip(text, false, true);
            char *export_lines = strip(with, false, true);

            if (strcmp(log_lines, export_lines) == 0) {
                char *l1 = without_blank(text);
                char *l2 = without_blank(with);

                if (strcmp(l1, l2) != 0) {
                    fail_msg("%s: the export is not the log:\n%s\n---\n%s",
                             name, l2, l1);
                }
                t->whole++;
                free(l1);
                free(l2);
            }
            free(log_lines);
            free(export_lines);
        }
        assert_int_equal(ledger_seals_check(a, NULL, NULL), 0);
        free(with);
        free(without);
        free(with_bare);
        free(without_bare);
        free(want);
        free(got);
    }
    ledger_close(a);
    ledger_close(b);
    free(bare);
}

/* each_log - round_trip of every .ecarte file of the source tree's
 * directory rel. */
static void each_log(const char *rel, bool import, struct tally *t)
{
    char path[PATH_MAX];
    DIR *d = opendir(harness_path(rel, path, sizeof(path)));
    struct dirent *e;

    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        char file[PATH_MAX + 300];
        char *text;

        if (n < 8 || strcmp(e->d_name + n - 7, ".ecarte") != 0) {
            continue;
        }
        snprintf(file, sizeof(file), "%s/%s", path, e->d_name);
        text = read_file(file);
        round_trip(text, file, import, t);
        free(text);
    }
    closedir(d);
}

/* generated - `ecarte gen` with args (malloc'd text). */
static char *generated(const char *args)
{
    char *out = malloc(1 << 20);

    assert_non_null(out);
    assert_int_equal(harness_capture(out, 1 << 20, "%s gen %s",
                                     harness_ecarte(), args),
                     0);
    return out;
}

static int fixed_time(void **state)
{
    (void)state;
    return setenv("ECARTE_FIXED_TIME", FIXED_TIME, 1);
}

/* ------------------------------------------------------------------ */
/* The tests                                                            */
/* ------------------------------------------------------------------ */

/* Every example and every case recorded and exported: each comment back
 * where it stood, byte for byte. */
static void comments__record_export_keeps_every_comment_in_place(
    void **state)
{
    struct tally t = {0};

    (void)state;
    each_log("examples", false, &t);
    each_log("tests/cases", false, &t);
    each_log("tests/cases/variants", false, &t);
    fprintf(stderr, "test_comments: %d logs (%d with comments, %d "
                    "comments); %d exports are their log\n",
            t.logs, t.with_comments, t.comments, t.whole);
    assert_true(t.logs >= 400);
    assert_true(t.with_comments >= 300);
    assert_true(t.comments >= 900);
    assert_true(t.whole >= 150);
}

/* The disputed evening, by hand: its header before the tags, a comment
 * after an action on its line, a paragraph after a deal's score. */
static void comments__the_disputed_evening_by_hand(void **state)
{
    char *text = read_file(harness_example("disputed-evening.ecarte"));
    struct ledger *l = NULL;
    char *out = NULL;
    int ex = 0;

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(run_log(l, text, "disputed-evening.ecarte", false, &ex),
                     0);
    out = export_of(l, 1);
    assert_memory_equal(out, text, strstr(text, "[Event") - text);
    assert_non_null(strstr(out, "[Laws \"london\"]\n[Chain \"sitting=1 "));
    assert_non_null(strstr(out, "\nB cuts-for-deal 9C          # the higher "
                                "card deals: Mr. Carew\ngame\n# --- Deal 1."));
    assert_non_null(strstr(out, "B elects new-deal\n= score A 0 B 0\n"
                                "# --- Deal 2."));
    /* near miss: no comment made of a line that had none */
    assert_null(strstr(out, "A cuts-for-deal QH #"));
    free(out);
    /* one game exported: the header's comments and that game's only */
    {
        char *buf = NULL;
        size_t n = 0;
        char err[300];
        FILE *fp = open_memstream(&buf, &n);

        assert_non_null(fp);
        assert_int_equal(session_export(l, 1, 2, fp, err, sizeof(err)), 0);
        fclose(fp);
        assert_memory_equal(buf, text, strstr(text, "[Event") - text);
        assert_non_null(strstr(buf, "\n# --- Deal 9."));
        assert_null(strstr(buf, "# --- Deal 1."));
        assert_null(strstr(buf, "# --- Deal 7."));
        free(buf);
    }
    ledger_close(l);
    free(text);
}

/* Generated sittings of every format (their `# injected` comments), and
 * a log whose comments end tags and `=` lines and stand among the tags. */
static void comments__generated_and_odd_places(void **state)
{
    static const char *const args[] = {
        "--deals 12 --seed 21 --irregularities 0.5",
        "--deals 10 --seed 22 --irregularities 0.5 --format chouette",
        "--deals 10 --seed 23 --irregularities 0.5 --format pool",
        "--deals 10 --seed 24 --irregularities 0.5 --format gallery",
        "--deals 10 --seed 25 --irregularities 0.5 --laws polish",
    };
    static const char odd[] =
        "\xef\xbb\xbf# a header, before the tags\n"
        "[Event \"Odd places\"]   # a tag's comment\n"
        "  # indented, among the tags\n"
        "[A \"Mr. Ashby\"]\n"
        "[B \"Mr. Blount\"]\n"
        "# after the tags\n"
        "A cuts-for-deal QH\n"
        "B cuts-for-deal 9C\t# a tab before it\n"
        "game\n"
        "deal A\n"
        "B shuffles\n"
        "A shuffles\n"
        "B cuts 17\n"
        "A gives B 2 QH QC\n"
        "A gives A 2 KH 9S\n"
        "A gives B 3 AD AS 7H\n"
        "A gives A 3 7C QD TC\n"
        "A turns 9H\n"
        "B proposes\n"
        "A accepts\n"
        "B discards 2 AS AD\n"
        "B asks 2\n"
        "A gives B 2 JH JS\n"
        "A discards 2 9S 7C\n"
        "A gives A 2 8D JD\n"
        "B leads QH\n"
        "# between an action and its score\n"
        "A announces king\n"
        "= score A 1 B 0   # the king\n"
        "# after the score\n"
        "A plays KH #\n"
        "#\n";
    struct tally t = {0};
    int whole = 0;
    int comments = 0;

    (void)state;
    for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
        char *text = generated(args[i]);

        round_trip(text, "generated.ecarte", false, &t);
        round_trip(text, "generated.ecarte", true, &t);
        free(text);
    }
    assert_int_equal(t.logs, 10);
    assert_int_equal(t.with_comments, 10);
    whole = t.whole;
    comments = t.comments;
    round_trip(odd, "odd.ecarte", false, &t);
    assert_int_equal(t.logs, 11);
    /* the odd log's export is itself (but for its byte-order mark and
     * the [Chain] tag); imported, its last deal, cut short, would be
     * quarantined with its comments */
    assert_int_equal(t.whole, whole + 1);
    assert_int_equal(t.comments, comments + 10);
}

/* Import keeps the comments as record does: the same export. */
static void comments__import_keeps_them_as_record_does(void **state)
{
    static const char *const names[] = {"disputed-evening.ecarte",
                                        "club-evening.ecarte",
                                        "hoffmann-refused.ecarte",
                                        "hoffmann-rule-hand.ecarte"};

    (void)state;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        char *text = read_file(harness_example(names[i]));
        struct ledger *a = NULL;
        struct ledger *b = NULL;
        char *ra;
        char *rb;
        int ex = 0;

        assert_int_equal(ledger_open(&a, ":memory:", 0), 0);
        assert_int_equal(ledger_open(&b, ":memory:", 0), 0);
        assert_int_equal(run_log(a, text, names[i], false, &ex), 0);
        assert_int_equal(run_log(b, text, names[i], true, &ex), 0);
        ra = export_of(a, 1);
        rb = export_of(b, 1);
        assert_string_equal(ra, rb);
        assert_non_null(strchr(rb, '#'));
        free(ra);
        free(rb);
        ledger_close(a);
        ledger_close(b);
        free(text);
    }
}

/* An import with a deal that does not read: the comments outside it are
 * kept in their places, the quarantined deal's note where it stood; a
 * comment line inside the broken deal goes with its rows (its lines with
 * a comment stay in the quarantined raw text). */
static void comments__an_import_with_a_quarantined_deal(void **state)
{
    static const char log[] =
        "# an evening with a torn page\n"
        "[A \"Mr. Ashby\"]\n"
        "[B \"Mr. Blount\"]\n"
        "A cuts-for-deal QH\n"
        "B cuts-for-deal 9C\n"
        "game\n"
        "# before the torn deal\n"
        "deal A\n"
        "B shuffles\n"
        "# inside the torn deal\n"
        "A gives B 9 QH   # not a deal\n"
        "deal A\n"
        "# the next deal\n"
        "B shuffles\n"
        "A shuffles\n"
        "B cuts 17\n"
        "A gives B 2 QH QC\n"
        "A gives A 2 KH 9S\n"
        "A gives B 3 AD AS 7H\n"
        "A gives A 3 7C QD TC\n"
        "A turns 9H\n"
        "B proposes\n"
        "A accepts\n"
        "B discards 2 AS AD\n"
        "B asks 2\n"
        "A gives B 2 JH JS\n"
        "A discards 2 9S 7C\n"
        "A gives A 2 8D JD\n"
        "B leads QH\n"
        "A announces king\n"
        "= score A 1 B 0\n"
        "A plays KH\n"
        "A leads 8D\n"
        "B plays JH\n"
        "B leads JS\n"
        "A plays JD\n"
        "B leads 7H\n"
        "A plays QD\n"
        "B leads QC\n"
        "A plays TC  # the last trick\n"
        "= score A 1 B 1\n"
        "# after the next deal\n";
    struct ledger *l = NULL;
    char *out = NULL;
    int ex = 0;

    (void)state;
    assert_int_equal(ledger_open(&l, ":memory:", 0), 0);
    assert_int_equal(run_log(l, log, "torn.ecarte", true, &ex), 0);
    assert_int_equal(ex, EXIT_FINDINGS);
    out = export_of(l, 1);
    assert_non_null(strstr(out, "# an evening with a torn page\n[A "));
    assert_non_null(strstr(out, "game\n# before the torn deal\n# quarantined"));
    assert_non_null(strstr(out, "deal A\n# the next deal\nB shuffles\n"));
    assert_non_null(strstr(out, "A plays TC  # the last trick\n= score A 1 "
                                "B 1\n# after the next deal\n"));
    assert_null(strstr(out, "inside the torn deal"));
    assert_int_equal(ledger_seals_check(l, NULL, NULL), 0);
    ledger_close(l);
    free(out);
}

/* A log recorded, then recorded again when it has grown (the sitting
 * resumed): each comment is kept once, and the export is the export of
 * the whole log recorded at once. */
static void comments__a_log_read_again_keeps_none_twice(void **state)
{
    struct harness_tmp *t = *state;
    char *text = read_file(harness_example("disputed-evening.ecarte"));
    const char *cut = strstr(text, "# --- Deal 3.");
    char once[400];
    char a[1 << 15];
    char b[1 << 15];

    assert_non_null(cut);
    /* the first part ends after deal 2's score and a comment after it */
    {
        char *part = strndup(text, (size_t)(cut - text) +
                                       strcspn(cut, "\n") + 1);

        harness_write(t->log, part);
        free(part);
    }
    snprintf(once, sizeof(once), "%s/once.db", t->dir);
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    harness_write(t->log, text);
    assert_int_equal(harness_sh("%s record --db '%s' '%s' >/dev/null 2>&1 && "
                                "%s record --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log,
                                harness_ecarte(), once, t->log),
                     0);
    assert_int_equal(harness_capture(a, sizeof(a), "%s export --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(b, sizeof(b), "%s export --db '%s'",
                                     harness_ecarte(), once),
                     0);
    assert_string_equal(a, b);
    /* the ledger holds each comment once */
    assert_int_equal(harness_capture(a, sizeof(a), "%s export --db '%s' | "
                                     "grep -c '# --- Deal 3'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(atoi(a), 1);
    free(text);
}

/* An export checks clean, and `check` says nothing of its comments. */
static void comments__an_export_checks_clean(void **state)
{
    struct harness_tmp *t = *state;
    char a[1 << 15];
    char b[1 << 15];

    assert_int_equal(harness_record(t->db, harness_example(
                                               "disputed-evening.ecarte")),
                     0);
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'",
                                harness_ecarte(), t->db, t->out),
                     0);
    assert_int_equal(harness_sh("%s check --strict '%s' > /dev/null",
                                harness_ecarte(), t->out),
                     0);
    assert_int_equal(harness_sh("grep -v '^#' '%s' | sed 's/ *#.*//' > '%s'",
                                t->out, t->log2),
                     0);
    assert_int_equal(harness_capture(a, sizeof(a), "%s check --strict '%s' "
                                     "2>&1 | sed -E 's/^[^:]*:[0-9]+: //'",
                                     harness_ecarte(), t->out),
                     0);
    assert_int_equal(harness_capture(b, sizeof(b), "%s check --strict '%s' "
                                     "2>&1 | sed -E 's/^[^:]*:[0-9]+: //'",
                                     harness_ecarte(), t->log2),
                     0);
    /* the same words; only the lines' numbers differ */
    assert_true(strlen(a) > 1000);
    assert_string_equal(a, b);
}

/* ------------------------------------------------------------------ */
/* Sealed                                                               */
/* ------------------------------------------------------------------ */

/* first_message - a finding's message kept (the first only). */
static int first_message(void *ctx, const struct ledger_finding *f)
{
    char *msg = ctx;

    if (msg[0] == '\0') {
        snprintf(msg, 600, "%s", f->message);
    }
    return 0;
}

/* Each column of a comment row changed, the row deleted, a row inserted:
 * each named by the seal's check (and `ecarte verify`). */
static void comments__every_column_changed_is_caught(void **state)
{
    static const char *const change[] = {
        "UPDATE comment SET sitting_id = 2 WHERE id = 20",
        "UPDATE comment SET event_id = event_id + 1 WHERE id = 20",
        "UPDATE comment SET event_id = NULL WHERE id = 20",
        "UPDATE comment SET after_lines = after_lines + 1 WHERE id = 20",
        "UPDATE comment SET ends_line = 1 - ends_line WHERE id = 20",
        "UPDATE comment SET line = line + 1 WHERE id = 20",
        "UPDATE comment SET text = '# Mr. B agrees' WHERE id = 20",
        "UPDATE comment SET id = 999 WHERE id = 20",
        "DELETE FROM comment WHERE id = 20",
        "INSERT INTO comment (sitting_id, event_id, after_lines, ends_line, "
        "line, text) VALUES (1, 3, 0, 0, 30, '# Mr. B disputes the count')",
    };
    static const char *const named[] = {
        "column sitting_id", "column event_id", "column event_id",
        "column after_lines", "column ends_line", "column line",
        "column text", "deleted", "deleted", "not sealed",
    };
    struct harness_tmp *t = *state;
    char copy[400];
    char msg[600];

    snprintf(copy, sizeof(copy), "%s/copy.db", t->dir);
    assert_int_equal(harness_record(t->db, harness_example(
                                               "disputed-evening.ecarte")),
                     0);
    assert_int_equal(harness_record(t->db, harness_example(
                                               "hoffmann-refused.ecarte")),
                     0);
    for (size_t i = 0; i < sizeof(change) / sizeof(change[0]); i++) {
        struct ledger *l = NULL;
        sqlite3 *h = NULL;

        assert_int_equal(harness_sh("rm -f '%s'* && cp '%s' '%s'", copy,
                                    t->db, copy),
                         0);
        assert_int_equal(sqlite3_open(copy, &h), SQLITE_OK);
        if (sqlite3_exec(h, change[i], NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_changes(h) != 1) {
            fail_msg("%s: %s", change[i], sqlite3_errmsg(h));
        }
        sqlite3_close(h);
        assert_int_equal(ledger_open(&l, copy, LEDGER_READONLY), 0);
        msg[0] = '\0';
        assert_true(ledger_seals_check(l, first_message, msg) >= 1);
        ledger_close(l);
        if (strstr(msg, "comment ") == NULL || strstr(msg, named[i]) == NULL) {
            fail_msg("%s: the seal's check said \"%s\"", change[i], msg);
        }
        assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null 2>&1",
                                    harness_ecarte(), copy),
                         1);
    }
    /* near miss: the ledger as written verifies */
    assert_int_equal(harness_sh("%s verify --db '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db),
                     0);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(comments__record_export_keeps_every_comment_in_place),
        cmocka_unit_test(comments__the_disputed_evening_by_hand),
        cmocka_unit_test(comments__generated_and_odd_places),
        cmocka_unit_test(comments__import_keeps_them_as_record_does),
        cmocka_unit_test(comments__an_import_with_a_quarantined_deal),
#define T(name) cmocka_unit_test_setup_teardown(name, harness_tmp_setup, \
                                                harness_tmp_teardown)
        T(comments__a_log_read_again_keeps_none_twice),
        T(comments__an_export_checks_clean),
        T(comments__every_column_changed_is_caught),
#undef T
    };

    return cmocka_run_group_tests_name("comments", tests, fixed_time, NULL);
}
