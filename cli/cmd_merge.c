/*
 * cmd_merge.c - `ecarte merge --db CLUB SOURCE.db...`: the sittings of
 * other ledgers brought into the club's, each recorded again from its
 * events as import records a log (session_merge), with its quarantined
 * deals, claims and provenance; a sitting the club holds already (by
 * provenance, by identity, or the same log imported) adds nothing and
 * is said; the sources' member decisions merged where they do not
 * contradict the club's.  Every source is proven before anything is
 * written: one that does not verify stops the merge (exit 2).
 */
#include "cli/cli.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A source opened and proven. */
struct source {
    const char *path;
    struct ledger *l;
    char uuid[LEDGER_UUID_HEX];
};

/* What the merge did (exit status and counts). */
struct merge_run {
    struct ledger *club;
    const char *db;
    struct source *src;
    bool json;
    int findings;               /* contradictions, sittings not merged */
    int64_t merged;
    int64_t already;
};

/* json_str - s as a JSON string on stdout. */
static void json_str(const char *s)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\') {
            printf("\\%c", *p);
        } else if (*p < 0x20) {
            printf("\\u%04x", *p);
        } else {
            putchar(*p);
        }
    }
    putchar('"');
}

/* A sitting of a source, as listed before any is merged. */
struct src_sitting {
    int64_t id;
    int64_t n_events;
};

struct src_list {
    struct src_sitting *s;
    size_t n;
    size_t cap;
};

static int list_sitting(void *vctx, const struct ledger_sitting_info *si)
{
    struct src_list *sl = vctx;

    if (sl->n == sl->cap) {
        size_t cap = sl->cap > 0 ? sl->cap * 2 : 32;
        struct src_sitting *ns = realloc(sl->s, cap * sizeof(*ns));

        if (ns == NULL) {
            return -1;
        }
        sl->s = ns;
        sl->cap = cap;
    }
    sl->s[sl->n].id = si->id;
    sl->s[sl->n].n_events = si->n_events;
    sl->n++;
    return 0;
}

/* The origin of a source's sitting (its provenance there, if any). */
struct origin {
    char uuid[LEDGER_UUID_HEX];
    int64_t sitting;
    int64_t n_events;           /* a provenance's count, for the club's */
};

static int take_origin(void *vctx, const struct ledger_provenance *p)
{
    struct origin *o = vctx;

    snprintf(o->uuid, sizeof(o->uuid), "%s", p->origin_uuid);
    o->sitting = p->origin_sitting;
    o->n_events = p->n_events;
    return 1;
}

/*
 * here_already - the club's sitting that sitting id of the source is
 * (into *here, 0 if none), and how it is known (into how): by the
 * provenance of either ledger or the identity of its origin, or as the
 * same log imported.  Returns 0 or a negative code.
 */
static int here_already(struct merge_run *m, int64_t id, int64_t *here,
                        const char **how)
{
    struct source *src = m->src;
    struct origin o;
    struct ledger_import imp;
    char sha[LEDGER_HASH_HEX];
    char path[8];
    int rc;

    *here = 0;
    memset(&o, 0, sizeof(o));
    snprintf(o.uuid, sizeof(o.uuid), "%s", src->uuid);
    o.sitting = id;
    rc = ledger_provenance_foreach(src->l, id, take_origin, &o);
    if (rc < 0) {
        return rc;
    }
    rc = ledger_origin_find(m->club, src->uuid, id, here);
    *how = "by provenance";
    if (rc == 0) {
        rc = ledger_origin_find(m->club, o.uuid, o.sitting, here);
        *how = "by the identity of the ledger it was first recorded in";
    }
    if (rc != 0) {
        return rc < 0 ? rc : 0;
    }
    rc = ledger_import_of(src->l, id, sha, path, sizeof(path), &imp);
    if (rc == 1 && ledger_import_get(m->club, sha, &imp) == 0 &&
        imp.sitting > 0) {
        *here = imp.sitting;
        *how = "the same log imported here";
    }
    return rc < 0 ? rc : 0;
}

/* The source's member decisions, merged into the club's. */
static int merge_decision(void *vctx, const struct ledger_member_decision *d)
{
    struct merge_run *m = vctx;
    int64_t here = 0;
    const char *how = NULL;
    char mine[256];
    int rc;

    if (d->spelling != NULL) {
        rc = ledger_member_join(m->club, d->spelling, d->member);
    } else {
        if (here_already(m, d->sitting, &here, &how) != 0 || here == 0) {
            return 0;           /* its sitting is not here: nothing to say */
        }
        rc = ledger_member_apart(m->club, here, d->who, d->member);
    }
    if (rc == 1) {
        return 0;               /* the club decided the same */
    }
    if (rc == 0) {
        if (m->json) {
            printf("{\"type\":\"member_decision\",\"source\":");
            json_str(m->src->path);
            printf(",\"status\":\"merged\",\"%s\":",
                   d->spelling != NULL ? "spelling" : "who");
            json_str(d->spelling != NULL ? d->spelling : d->who);
            if (d->spelling == NULL) {
                printf(",\"sitting\":%" PRId64, here);
            }
            printf(",\"member\":");
            json_str(d->member);
            printf("}\n");
        } else if (d->spelling != NULL) {
            printf("%s: join merged: \"%s\" is the member \"%s\"\n",
                   m->src->path, d->spelling, d->member);
        } else {
            printf("%s: apart merged: %s of sitting %" PRId64 " (its sitting "
                   "%" PRId64 ") is the member \"%s\"\n", m->src->path,
                   d->who, here, d->sitting, d->member);
        }
        return 0;
    }
    if (rc != LEDGER_E_DUPLICATE && rc != LEDGER_E_INVALID) {
        fprintf(stderr, "ecarte merge: %s: %s\n", m->db,
                ledger_errmsg(m->club));
        return -1;
    }
    /* a contradiction: the club's decision is kept */
    snprintf(mine, sizeof(mine), "%s", ledger_errmsg(m->club));
    m->findings++;
    if (m->json) {
        printf("{\"type\":\"member_contradiction\",\"source\":");
        json_str(m->src->path);
        printf(",\"%s\":", d->spelling != NULL ? "spelling" : "who");
        json_str(d->spelling != NULL ? d->spelling : d->who);
        printf(",\"member\":");
        json_str(d->member);
        printf(",\"kept\":");
        json_str(mine);
        printf("}\n");
    } else {
        printf("%s: contradicts this ledger: it makes %s%s%s \"%s\", but "
               "here %s: this ledger's decision kept\n", m->src->path,
               d->spelling != NULL ? "\"" : "",
               d->spelling != NULL ? d->spelling : d->who,
               d->spelling != NULL ? "\"" : "", d->member, mine);
    }
    return 0;
}

/* merge_one_sitting - sitting si of the source into the club, or said
 * to be here already.  Returns 0, or -1 on a failure (said). */
static int merge_one_sitting(struct merge_run *m, const struct src_sitting *si)
{
    struct source *src = m->src;
    struct session *s = NULL;
    struct merge_result res;
    struct ledger_import imp;
    char sha[LEDGER_HASH_HEX];
    char path[8];
    char why[800];
    int64_t here = 0;
    const char *how = NULL;
    int rc;

    if (here_already(m, si->id, &here, &how) != 0) {
        fprintf(stderr, "ecarte merge: %s\n", ledger_errmsg(m->club));
        return -1;
    }
    if (here != 0) {
        m->already++;
        if (m->json) {
            printf("{\"type\":\"already_here\",\"source\":");
            json_str(src->path);
            printf(",\"source_sitting\":%" PRId64 ",\"sitting\":%" PRId64
                   ",\"how\":", si->id, here);
            json_str(how);
            printf("}\n");
        } else {
            printf("sitting %" PRId64 " of %s is sitting %" PRId64 " here "
                   "already (%s): nothing added\n", si->id, src->path, here,
                   how);
        }
        return 0;
    }
    rc = ledger_import_of(src->l, si->id, sha, path, sizeof(path), &imp);
    if (rc == 1 && !imp.complete) {
        m->findings++;
        printf("sitting %" PRId64 " of %s: its import was interrupted "
               "(not complete): not merged (finish the import there "
               "first)\n", si->id, src->path);
        return 0;
    }
    if (session_open(&s, m->club, NULL, COMMIT_PER_DEAL) != 0) {
        fprintf(stderr, "ecarte merge: out of memory\n");
        return -1;
    }
    rc = session_merge(s, src->l, si->id, src->path, &res, why, sizeof(why));
    session_close(s);
    if (rc == CLI_E_INPUT) {
        m->findings++;
        printf("sitting %" PRId64 " of %s: not merged: %s\n", si->id,
               src->path, why);
        return 0;
    }
    if (rc != 0) {
        fprintf(stderr, "ecarte merge: sitting %" PRId64 " of %s: %s; it is "
                        "not merged\n", si->id, src->path, why);
        return -1;
    }
    m->merged++;
    if (m->json) {
        printf("{\"type\":\"merged\",\"source\":");
        json_str(src->path);
        printf(",\"source_sitting\":%" PRId64 ",\"sitting\":%" PRId64
               ",\"events\":%" PRId64 ",\"quarantined\":%d,\"claims\":%d,"
               "\"imported\":%s}\n", si->id, res.sitting, res.events,
               res.quarantined, res.claims, res.imported ? "true" : "false");
    } else {
        printf("sitting %" PRId64 " of %s merged as sitting %" PRId64 ": %"
               PRId64 " events adjudicated again, %d deal%s quarantined, %d "
               "claim%s\n", si->id, src->path, res.sitting, res.events,
               res.quarantined, res.quarantined == 1 ? "" : "s", res.claims,
               res.claims == 1 ? "" : "s");
    }
    return 0;
}

/* merge_source - every sitting of the source, then its member
 * decisions.  Returns 0 or -1 (said). */
static int merge_source(struct merge_run *m)
{
    struct src_list sl;
    int64_t merged = m->merged;
    int64_t already = m->already;
    int rc = 0;

    memset(&sl, 0, sizeof(sl));
    if (ledger_sittings_find(m->src->l, NULL, 0, list_sitting, &sl) != 0) {
        fprintf(stderr, "ecarte merge: %s: %s\n", m->src->path,
                ledger_errmsg(m->src->l));
        free(sl.s);
        return -1;
    }
    for (size_t i = 0; rc == 0 && i < sl.n; i++) {
        rc = merge_one_sitting(m, &sl.s[i]);
    }
    free(sl.s);
    if (rc == 0) {
        rc = ledger_member_decisions_foreach(m->src->l, merge_decision, m);
    }
    if (rc != 0) {
        return -1;
    }
    if (m->json) {
        printf("{\"type\":\"merge\",\"source\":");
        json_str(m->src->path);
        printf(",\"merged\":%" PRId64 ",\"already_here\":%" PRId64 "}\n",
               m->merged - merged, m->already - already);
    } else {
        printf("%s: %" PRId64 " sitting%s merged, %" PRId64 " here "
               "already%s\n", m->src->path, m->merged - merged,
               m->merged - merged == 1 ? "" : "s", m->already - already,
               m->merged == merged ? ": nothing added" : "");
    }
    return 0;
}

/* open_source - the source at path opened read-only and proven; its
 * identity into src.  Returns 0, or -1 (said: nothing will be merged). */
static int open_source(struct source *src, const char *path)
{
    struct proof_summary sum;
    int rc;

    memset(src, 0, sizeof(*src));
    src->path = path;
    src->l = ledger_for("merge", path, LEDGER_READONLY);
    if (src->l == NULL) {
        return -1;
    }
    if (ledger_version(src->l) < 5 || ledger_identity(src->l, src->uuid) != 0) {
        fprintf(stderr, "ecarte merge: %s: expected a ledger of schema "
                        "version %d, with its identity: it is version %d "
                        "(a writer - record, import, table - brings it up "
                        "to date); nothing merged\n", path,
                LEDGER_SCHEMA_VERSION, ledger_version(src->l));
        return -1;
    }
    if (ledger_read_begin(src->l) != 0) {
        fprintf(stderr, "ecarte merge: %s: %s\n", path,
                ledger_errmsg(src->l));
        return -1;
    }
    rc = proof_ledger(src->l, 0, NULL, NULL, &sum);
    ledger_read_end(src->l);
    if (rc != 0) {
        fprintf(stderr, "ecarte merge: %s: cannot be proven: %s; nothing "
                        "merged\n", path, sum.error);
        return -1;
    }
    if (sum.findings > 0) {
        fprintf(stderr, "ecarte merge: %s does not verify: %s", path,
                sum.first);
        if (sum.findings > 1) {
            fprintf(stderr, " (and %lld more finding%s)",
                    (long long)sum.findings - 1, sum.findings > 2 ? "s" : "");
        }
        fprintf(stderr, "; nothing merged: a ledger takes in only what is "
                        "proven (`ecarte verify --db %s` lists what is "
                        "wrong)\n", path);
        return -1;
    }
    return 0;
}

int cmd_merge(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = NULL;
    struct merge_run m;
    struct source *src = NULL;
    int n = 0;
    int rc = 0;
    int c;

    memset(&m, 0, sizeof(m));
    while ((c = getopt_long(argc, argv, "d:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': m.json = true; break;
        case 'h':
            return usage_help("merge");
        default:
            return usage_error("merge", "bad option or missing value (see "
                                        "above)");
        }
    }
    if (db == NULL) {
        return usage_error("merge", "expected --db CLUB (the ledger merged "
                                    "into)");
    }
    if (optind >= argc) {
        return usage_error("merge", "expected one or more source ledgers "
                                    "(SOURCE.db...)");
    }
    n = argc - optind;
    src = calloc((size_t)n, sizeof(*src));
    if (src == NULL) {
        fprintf(stderr, "ecarte merge: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    /* every source proven before anything is written */
    for (int i = 0; rc == 0 && i < n; i++) {
        rc = open_source(&src[i], argv[optind + i]);
    }
    if (rc == 0) {
        m.club = ledger_for("merge", db, LEDGER_CHECK);
        if (m.club == NULL ||
            proof_guard("merge", db, m.club, 0, PROOF_WRITE, NULL) != 0) {
            rc = -1;
        }
    }
    m.db = db;
    for (int i = 0; rc == 0 && i < n; i++) {
        m.src = &src[i];
        rc = merge_source(&m);
    }
    for (int i = 0; i < n; i++) {
        ledger_close(src[i].l);
    }
    free(src);
    ledger_close(m.club);
    if (rc != 0) {
        return EXIT_BAD_INPUT;
    }
    return m.findings > 0 ? EXIT_FINDINGS : EXIT_FINE;
}
