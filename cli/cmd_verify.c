/* SPDX-License-Identifier: MIT */
/* verify.c - `ecarte verify`: the hash chain of a ledger, and an exported
 * log against the ledger it came from. */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/*
 * check_claims - the `=` lines of an exported log against what the laws
 * give for its actions (as `ecarte check` does; findings are printed):
 * *agree says whether they all hold (if not, a line says so).  Returns
 * 0, or -1 if they could not be checked (the log unreadable, out of
 * memory; *agree false).
 */
static int check_claims(const char *log, bool *agree)
{
    struct ledger *mem = NULL;
    struct output *o = NULL;
    struct session *s = NULL;
    FILE *fp = open_log("verify", log);
    int exit_code = EXIT_FINE;
    int rc = -1;

    *agree = false;
    if (fp == NULL || ledger_open(&mem, ":memory:", 0) != 0 ||
        output_open(&o, stdout, false) != 0 ||
        session_open_out(&s, mem, o, COMMIT_PER_DEAL) != 0) {
        goto out;
    }
    session_set_quiet(s, true);
    rc = 0;
    *agree = session_run(s, fp, log, &exit_code) == 0 &&
             exit_code == EXIT_FINE;
    if (!*agree) {
        printf("%s: its `=` lines (rulings, scores) are not what the laws "
               "give for its actions\n",
               log);
    }
out:
    session_close(s);
    output_close(o);
    ledger_close(mem);
    close_log(fp);
    return rc;
}

/* The game an excerpt's first action opens (game_of). */
struct game_find {
    int64_t from;               /* the excerpt's first action */
    int64_t last_game;          /* the game of the event before */
    int ordinal;                /* games met so far */
    int found;                  /* the ordinal of from's game, 0 */
};

/* game_of - counting the sitting's games, in the order of its events (as
 * export --game numbers them), up to the event the excerpt begins at. */
static int game_of(void *vctx, const struct ledger_event *ev)
{
    struct game_find *g = vctx;

    if (ev->game != 0 && ev->game != g->last_game) {
        g->ordinal++;
        g->last_game = ev->game;
    }
    if (ev->id == g->from) {
        g->found = ev->game != 0 ? g->ordinal : 0;
        return 1;
    }
    return 0;
}

/* next_mark - the next `=` line of fp (a stamp before it left out, a
 * comment and the blanks before it cut off) into buf (n bytes), and its
 * line number into *line_no; the actions passed counted in *actions;
 * false at the end, or at an action past the first limit (0: none). */
static bool next_mark(FILE *fp, char *buf, size_t n, int *line_no,
                      int64_t *actions, int64_t limit)
{
    while (fgets(buf, (int)n, fp) != NULL) {
        char *p = buf;
        char *hash = NULL;
        size_t len;

        ++*line_no;
        if (*p == '@') {
            p += strcspn(p, " \t\n");
            p += strspn(p, " \t");
        }
        if (*p != '=') {
            p += strspn(p, " \t");
            if (*p != '\0' && strchr("#[\r\n", *p) == NULL &&
                ++*actions > limit && limit > 0) {
                return false;   /* after the excerpt's head */
            }
            continue;
        }
        hash = strchr(p, '#');
        len = hash != NULL ? (size_t)(hash - p) : strlen(p);
        while (len > 0 && strchr(" \t\r\n", p[len - 1]) != NULL) {
            len--;
        }
        memmove(buf, p, len);
        buf[len] = '\0';
        return true;
    }
    return false;
}

/*
 * excerpt_marks - the `=` lines of an excerpt (an export of one game,
 * whose actions matched the ledger's: v) against those of the ledger's own
 * export of the same game: an excerpt's lines alone may not read as a
 * log (its game opens where the games before it left the table: who
 * deals, who sits where), so they are held against the ledger's, which
 * `verify` proves by re-deriving the sitting.  A difference is printed.
 * Returns 0 (the same), 1 (a difference) or -1 (the ledger failed, out
 * of memory: said on stderr).
 */
static int excerpt_marks(struct ledger *l, const char *log,
                         const struct audit_log_verdict *v)
{
    struct game_find g = { .from = v->from };
    char err[300];
    char a[TL_LINE_MAX + 2];
    char b[TL_LINE_MAX + 2];
    int line_a = 0;
    int line_b = 0;
    int64_t acts_a = 0;
    int64_t acts_b = 0;
    FILE *mine = NULL;
    FILE *theirs = NULL;
    int rc = -1;

    if (ledger_events_chain_foreach(l, v->sitting, game_of, &g) < 0 ||
        g.found == 0 || (mine = tmpfile()) == NULL ||
        session_export(l, v->sitting, g.found, mine, err, sizeof(err)) != 0 ||
        (theirs = fopen(log, "r")) == NULL) {
        fprintf(stderr, "ecarte verify: %s: cannot export the game it "
                        "holds to compare its `=` lines\n",
                log);
        goto out;
    }
    rewind(mine);
    for (;;) {
        /* the ledger's export of the game up to the excerpt's head: as
         * many actions, and the `=` lines after the last */
        bool more_a = next_mark(theirs, a, sizeof(a), &line_a, &acts_a, 0);
        bool more_b = next_mark(mine, b, sizeof(b), &line_b, &acts_b,
                                v->compared);

        if (!more_a && !more_b) {
            rc = 0;
            break;
        }
        if (more_a != more_b || strcmp(a, b) != 0) {
            if (more_a) {
                printf("%s:%d: its `=` line \"%s\" is not the ledger's, "
                       "which has %s%s%s there\n",
                       log, line_a, a, more_b ? "\"" : "",
                       more_b ? b : "no more", more_b ? "\"" : "");
            } else {
                printf("%s: ends before the ledger's `=` line \"%s\"\n",
                       log, b);
            }
            rc = 1;
            break;
        }
    }
out:
    if (mine != NULL) {
        fclose(mine);
    }
    if (theirs != NULL) {
        fclose(theirs);
    }
    return rc;
}

/* verify_log - `--log EXPORT`: the exported log held against the
 * ledger's sitting it names (audit_log_against), the verdict worded, and
 * its `=` lines checked when it matches.  Returns 0 (it matches and
 * agrees), 1 (a finding, printed) or -1 (it cannot be read or is no
 * export: said on stderr). */
static int verify_log(struct ledger *l, const char *db, const char *log)
{
    struct audit_log_verdict v;
    FILE *fp = open_log("verify", log);
    bool agree = false;
    int rc;

    if (fp == stdin) {
        fprintf(stderr, "ecarte verify: expected an exported log file "
                "for --log (it is read twice), found standard input\n");
    }
    if (fp == NULL || fp == stdin) {
        close_log(fp);
        return -1;
    }
    rc = audit_log_against(l, fp, log, &v);
    fclose(fp);
    if (rc == AUDIT_LOG_NO_EXPORT) {
        /* not an export: bad input, not a finding about the ledger */
        fprintf(stderr, "ecarte verify: %s:1:1: expected an exported log "
                "(its [Chain \"sitting=N from=ID head=HASH\"] tag, "
                "written by ecarte export), found none\n",
                log);
        return -1;
    }
    if (rc == AUDIT_LOG_BAD_CHAIN) {
        fprintf(stderr, "ecarte verify: %s:%d:1: expected a [Chain "
                "\"sitting=N from=ID head=HASH\"] tag as ecarte export "
                "writes it (HASH 64 lower-case hex digits, nothing after "
                "it), found [Chain \"%s\"]\n",
                log, v.line, v.want);
        return -1;
    }
    if (rc < 0) {
        fprintf(stderr, "ecarte verify: %s: %s\n", db, ledger_errmsg(l));
        return -1;
    }
    switch (v.kind) {
    case AUDIT_LOG_FOREIGN:
        printf("%s: not an export of this ledger's sitting %lld: its "
               "chain head %.16s... is no event of that sitting (the log "
               "was exported from another ledger, or events were "
               "changed)",
               log, (long long)v.sitting, v.head);
        if (v.line > 0) {
            printf("; they part at line %d, where the ledger has "
                   "\"%s\"",
                   v.line, v.want);
        }
        printf("\n");
        return 1;
    case AUDIT_LOG_DIFFERS:
        printf("%s:%d: differs from the ledger, which has \"%s\"\n", log,
               v.line, v.want);
        return 1;
    case AUDIT_LOG_CUT:
        printf("%s: ends after %lld events, before its chain head "
               "%.16s...: events were removed from it (the ledger goes on "
               "with \"%s\")\n",
               log, (long long)v.compared, v.head, v.want);
        return 1;
    case AUDIT_LOG_HEAD_MISSING:
        if (v.compared > 0) {
            /* every action the same, the head none: another chain */
            printf("%s: its %lld actions are those of the ledger's "
                   "sitting %lld, but its chain head %s is none of its "
                   "events: it was exported from another ledger (the same "
                   "actions recorded at other times make another chain), "
                   "or events were added or removed\n",
                   log, (long long)v.compared, (long long)v.sitting, v.head);
            return 1;
        }
        printf("%s: its chain head %s is not the ledger's sitting %lld "
               "(events missing or added)\n",
               log, v.head, (long long)v.sitting);
        return 1;
    case AUDIT_LOG_TAGS_DIFFER:
        printf("%s:%d: differs from the ledger, which has %s (the export's "
               "tags were changed, or the sitting took a tag after the "
               "export: one named late at the table)\n",
               log, v.line, v.want);
        return 1;
    case AUDIT_LOG_MATCHES:
    default:
        break;
    }
    printf("%s: matches the ledger: %lld events up to head %s\n", log,
           (long long)v.compared, v.head);
    {
        int64_t first = 0;
        int64_t last = 0;
        char hash[LEDGER_HASH_HEX];

        if (ledger_sitting_ends(l, v.sitting, &first, &last, hash) != 0) {
            fprintf(stderr, "ecarte verify: %s: %s\n", db, ledger_errmsg(l));
            return -1;
        }
        if (v.from != 0 && v.from != first) {
            /* one game of the sitting (export --game) */
            return excerpt_marks(l, log, &v);
        }
    }
    return check_claims(log, &agree) == 0 && agree ? 0 : 1;
}

/* The findings of `ecarte verify`, printed as they come. */
struct verify_print {
    struct output *o;
    const char *db;
    int64_t printed;
};

#define VERIFY_PRINT_MAX 200    /* findings printed; the rest counted */

/* print_finding - one finding of the proof, printed (up to
 * VERIFY_PRINT_MAX of them). */
static int print_finding(void *vctx, const struct ledger_finding *f)
{
    struct verify_print *vp = vctx;

    if (vp->printed++ < VERIFY_PRINT_MAX) {
        output_proof_finding(vp->o, vp->db, f);
    }
    return 0;
}

/* damaged_verdict - the file's pages cannot be read (why): said as the
 * proof's one finding, DAMAGED, and its verdict; EXIT_FINDINGS. */
static int damaged_verdict(const char *db, bool json, const char *why)
{
    struct output *o = NULL;
    struct ledger_finding f;

    memset(&f, 0, sizeof(f));
    f.kind = "damaged";
    f.table = "sqlite_schema";
    f.message = why;
    if (output_open(&o, stdout, json) != 0) {
        fprintf(stderr, "ecarte verify: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    output_proof_finding(o, db, &f);
    output_verify(o, db, false, 0, 0, "", 0, 1);
    output_close(o);
    return EXIT_FINDINGS;
}

/* The merged sittings of one source (verify --origin). */
struct origin_rows {
    const char *uuid;
    struct ledger_provenance *p;
    char (*text)[3][LEDGER_HASH_HEX + 1100];
    size_t n;
    size_t cap;
};

/* take_provenance - a provenance row of the club whose source is the
 * origin's identity, kept (its texts copied). */
static int take_provenance(void *vctx, const struct ledger_provenance *p)
{
    struct origin_rows *o = vctx;

    if (strcmp(p->source_uuid, o->uuid) != 0) {
        return 0;
    }
    if (o->n == o->cap) {
        size_t cap = o->cap > 0 ? o->cap * 2 : 16;
        struct ledger_provenance *np = realloc(o->p, cap * sizeof(*np));
        char (*nt)[3][LEDGER_HASH_HEX + 1100];

        if (np == NULL) {
            return -1;
        }
        o->p = np;
        nt = realloc(o->text, cap * sizeof(*nt));
        if (nt == NULL) {
            return -1;
        }
        o->text = nt;
        o->cap = cap;
    }
    o->p[o->n] = *p;
    snprintf(o->text[o->n][0], sizeof(o->text[0][0]), "%s", p->source_uuid);
    snprintf(o->text[o->n][1], sizeof(o->text[0][1]), "%s", p->source_head);
    snprintf(o->text[o->n][2], sizeof(o->text[0][2]), "%s", p->origin_uuid);
    o->n++;
    return 0;
}

/* print_origin_finding - a merged sitting that is not its origin. */
static int print_origin_finding(void *vctx, const struct ledger_finding *f)
{
    struct verify_print *vp = vctx;

    if (vp->printed++ < VERIFY_PRINT_MAX) {
        if (output_json(vp->o)) {
            output_proof_finding(vp->o, vp->db, f);
        } else {
            printf("%s: NOT ITS ORIGIN: %s\n", vp->db, f->message);
        }
    }
    return 0;
}

/*
 * verify_origin - `--origin SOURCE`: the source proven, then every
 * sitting of the club merged from it held against its sitting there
 * (session_origin_compare).  Returns 0 (all equal), 1 (a finding,
 * printed) or -1 (cannot be read or proven: said on stderr).
 */
static int verify_origin(struct ledger *l, const char *db, const char *src,
                         struct output *o)
{
    struct origin_rows rows;
    struct verify_print vp;
    struct proof_summary sum;
    char uuid[LEDGER_UUID_HEX];
    struct ledger *from = ledger_for("verify", src, LEDGER_READONLY);
    int64_t findings = 0;
    int rc = 0;

    if (from == NULL) {
        return -1;
    }
    memset(&rows, 0, sizeof(rows));
    memset(&vp, 0, sizeof(vp));
    vp.o = o;
    vp.db = db;
    if (ledger_identity(from, uuid) != 0) {
        fprintf(stderr, "ecarte verify: %s: expected a ledger with an "
                        "identity (schema version %d), found version %d\n",
                src, LEDGER_SCHEMA_VERSION, ledger_version(from));
        ledger_close(from);
        return -1;
    }
    if (ledger_read_begin(from) != 0 ||
        proof_ledger(from, 0, NULL, NULL, &sum) != 0) {
        fprintf(stderr, "ecarte verify: %s: cannot be proven: %s\n", src,
                ledger_errmsg(from));
        ledger_close(from);
        return -1;
    }
    if (sum.findings > 0) {
        printf("%s: the origin %s does not verify: %s (`ecarte verify --db "
               "%s` lists what is wrong): nothing is proven against it\n",
               db, src, sum.first, src);
        ledger_close(from);
        return 1;
    }
    rows.uuid = uuid;
    if (ledger_provenance_foreach(l, 0, take_provenance, &rows) != 0) {
        fprintf(stderr, "ecarte verify: %s: %s\n", db, ledger_errmsg(l));
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < rows.n; i++) {
        char why[800];
        int64_t n;

        rows.p[i].source_uuid = rows.text[i][0];
        rows.p[i].source_head = rows.text[i][1];
        rows.p[i].origin_uuid = rows.text[i][2];
        rows.p[i].source_path = src;
        rows.p[i].merged = "";
        n = session_origin_compare(l, &rows.p[i], from, src,
                                   print_origin_finding, &vp, why,
                                   sizeof(why));
        if (n < 0) {
            fprintf(stderr, "ecarte verify: %s: %s\n", db, why);
            rc = -1;
        } else {
            findings += n;
        }
    }
    ledger_read_end(from);
    ledger_close(from);
    free(rows.p);
    free(rows.text);
    if (rc != 0) {
        return rc;
    }
    if (!output_json(o)) {
        if (rows.n == 0) {
            printf("%s: no sitting was merged from %s (identity %s)\n", db,
                   src, uuid);
        } else if (findings == 0) {
            printf("%s: %zu merged sitting%s proven equal to %s origin in "
                   "%s: events, tags, claims, quarantined deals and every "
                   "derived row\n", db, rows.n, rows.n == 1 ? "" : "s",
                   rows.n == 1 ? "its" : "their", src);
        }
    } else {
        printf("{\"type\":\"origin\",\"sittings\":%zu,\"findings\":%lld,"
               "\"verified\":%s}\n", rows.n, (long long)findings,
               findings == 0 ? "true" : "false");
    }
    return findings > 0 ? 1 : 0;
}

/*
 * prove - the proof of l (proof_ledger), its findings printed as they
 * come, then the verdict (output_verify).  Returns -1 if the ledger is
 * proven (o and l left open for the checks that follow), else the exit
 * status, o and l closed: the damaged verdict for a page SQLite cannot
 * read, EXIT_BAD_INPUT for another failure, EXIT_FINDINGS for findings.
 */
static int prove(struct ledger *l, struct output *o, const char *db,
                 bool json)
{
    struct verify_print vp;
    struct proof_summary sum;

    memset(&vp, 0, sizeof(vp));
    vp.o = o;
    vp.db = db;
    if (proof_ledger(l, 0, print_finding, &vp, &sum) != 0) {
        bool bad_pages = strstr(sum.error, "malformed") != NULL ||
                         strstr(sum.error, "not a database") != NULL;

        output_close(o);
        ledger_close(l);
        if (bad_pages) {
            /* a page SQLite cannot read, met on the way: the verdict */
            return damaged_verdict(db, json, sum.error);
        }
        fprintf(stderr, "ecarte verify: %s: %s\n", db, sum.error);
        return EXIT_BAD_INPUT;
    }
    if (sum.findings > VERIFY_PRINT_MAX && !json) {
        printf("%s: ... and %lld more findings\n", db,
               (long long)(sum.findings - VERIFY_PRINT_MAX));
    }
    output_verify(o, db, sum.findings == 0, sum.version, sum.events, sum.head,
                  sum.sittings, sum.findings);
    if (sum.findings > 0) {
        output_close(o);
        ledger_close(l);
        return EXIT_FINDINGS;
    }
    return -1;
}

int cmd_verify(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"log", required_argument, NULL, 'l'},
        {"origin", required_argument, NULL, 'o'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    const char *log = NULL;
    const char *origin = NULL;
    struct ledger *l = NULL;
    struct output *o = NULL;
    bool json = false;
    int damaged = 0;
    char why[600];
    int rc;
    int c;

    while ((c = getopt_long(argc, argv, "d:l:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'l': log = optarg; break;
        case 'o': origin = optarg; break;
        case 'j': json = true; break;
        case 'h':
            return usage_help("verify");
        default: return usage_error("verify", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("verify", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    l = ledger_for_rc("verify", db, LEDGER_READONLY, &damaged, why,
                      sizeof(why));
    if (l == NULL && damaged) {
        return damaged_verdict(db, json, why);
    }
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (output_open(&o, stdout, json) != 0) {
        fprintf(stderr, "ecarte verify: out of memory\n");
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    /* the proof and the exported log's lines against one snapshot */
    if (ledger_read_begin(l) != 0) {
        fprintf(stderr, "ecarte verify: %s: %s\n", db, ledger_errmsg(l));
        output_close(o);
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = prove(l, o, db, json);
    if (rc >= 0) {
        return rc;
    }
    rc = 0;
    if (log != NULL) {
        rc = verify_log(l, db, log);
        if (rc < 0) {
            output_close(o);
            ledger_close(l);
            return EXIT_BAD_INPUT;
        }
    }
    if (origin != NULL) {
        int orc = verify_origin(l, db, origin, o);

        if (orc < 0) {
            output_close(o);
            ledger_close(l);
            return EXIT_BAD_INPUT;
        }
        rc = rc != 0 ? rc : orc;
    }
    output_close(o);
    ledger_close(l);
    return rc == 1 ? EXIT_FINDINGS : EXIT_FINE;
}
