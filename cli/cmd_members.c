/* SPDX-License-Identifier: MIT */
/*
 * cmd_members.c - `ecarte members --db F [--json]`: the members of a
 * ledger, each with the names he was found under, his sittings and his
 * first and last evenings; `--join SPELLING --as MEMBER` and `--apart
 * SITTING:WHO --as MEMBER`: the club's decisions, sealed in the ledger
 * (ledger/members.c), on a ledger that verifies.
 */
#include "cli/cli.h"
#include "tablelog/tablelog.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* json_str - s as a JSON string on fp (quotes, escapes; a byte that is
 * not part of well-formed UTF-8 as U+FFFD, tl_utf8_mend). */
static void json_str(FILE *fp, const char *s)
{
    char *mended = tl_utf8_mend(s, strlen(s));

    fputc('"', fp);
    for (const unsigned char *p = (const unsigned char *)mended;
         p != NULL && *p != '\0'; p++) {
        if (*p == '"' || *p == '\\') {
            fprintf(fp, "\\%c", *p);
        } else if (*p < 0x20) {
            fprintf(fp, "\\u%04x", *p);
        } else {
            fputc(*p, fp);
        }
    }
    fputc('"', fp);
    free(mended);
}

/* The listing's state. */
struct member_list {
    bool json;
    int64_t n;
};

/* print_member - one member of the list (ledger_member_fn). */
static int print_member(void *vctx, const struct ledger_member *m)
{
    struct member_list *ml = vctx;

    if (ml->json) {
        printf("{\"type\":\"member\",\"member\":");
        json_str(stdout, m->name);
        printf(",\"spellings\":[");
        /* "; "-separated in the ledger's answer: an array here */
        {
            const char *p = m->spellings;
            bool first = true;

            while (*p != '\0') {
                size_t k = strcspn(p, ";");
                char one[512];

                snprintf(one, sizeof(one), "%.*s", (int)k, p);
                printf("%s", first ? "" : ",");
                json_str(stdout, one);
                first = false;
                p += k;
                while (*p == ';' || *p == ' ') {
                    p++;
                }
            }
        }
        printf("],\"sittings\":%" PRId64 ",\"first_sitting\":%" PRId64
               ",\"last_sitting\":%" PRId64 ",\"first\":",
               m->sittings, m->first_sitting, m->last_sitting);
        json_str(stdout, m->first);
        printf(",\"last\":");
        json_str(stdout, m->last);
        printf("}\n");
    } else {
        if (ml->n == 0) {
            printf("%-28s %8s  %-10s  %-10s  %s\n", "member", "sittings",
                   "first", "last", "spellings");
        }
        printf("%-28s %8" PRId64 "  %-10s  %-10s  %s\n", m->name, m->sittings,
               m->first, m->last, m->spellings);
    }
    ml->n++;
    return 0;
}

/* list_members - the listing of db.  Returns the exit status. */
static int list_members(const char *db, bool json)
{
    struct member_list ml = { .json = json };
    struct ledger *l = ledger_for("members", db, LEDGER_READONLY);
    int rc;

    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    rc = proof_guard("members", db, l, 0, PROOF_READ, NULL);
    if (rc != 0) {
        ledger_close(l);
        return rc < 0 ? EXIT_BAD_INPUT : EXIT_FINDINGS;
    }
    if (ledger_members_foreach(l, print_member, &ml) != 0) {
        fprintf(stderr, "ecarte members: %s: %s\n", db, ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (!json && ml.n == 0) {
        printf("%s: no members (no sitting names a seat or a person)\n", db);
    }
    ledger_close(l);
    return EXIT_FINE;
}

/* parse_apart - "SITTING:WHO" into *sitting and who (n bytes).  0, or -1
 * if it is not that. */
static int parse_apart(const char *arg, int64_t *sitting, char *who, size_t n)
{
    const char *colon = strchr(arg, ':');
    char *end = NULL;
    long long v;

    if (colon == NULL || colon == arg || colon[1] == '\0' ||
        strlen(colon + 1) >= n) {
        return -1;
    }
    errno = 0;
    v = strtoll(arg, &end, 10);
    if (errno != 0 || end != colon || v <= 0) {
        return -1;
    }
    *sitting = v;
    snprintf(who, n, "%s", colon + 1);
    return 0;
}

/* decide - record a join (spelling) or an apart (sitting, who) as
 * member on db.  Returns the exit status. */
static int decide(const char *db, const char *spelling, int64_t sitting,
                  const char *who, const char *member, bool json)
{
    struct ledger *l = NULL;
    int rc;

    if (access(db, F_OK) != 0) {
        fprintf(stderr, "ecarte members: %s: no such ledger (a decision is "
                        "recorded in a ledger that holds sittings)\n", db);
        return EXIT_BAD_INPUT;
    }
    l = ledger_for("members", db, LEDGER_CHECK);
    if (l == NULL) {
        return EXIT_BAD_INPUT;
    }
    if (proof_guard("members", db, l, 0, PROOF_WRITE, NULL) != 0) {
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    rc = spelling != NULL ? ledger_member_join(l, spelling, member)
                          : ledger_member_apart(l, sitting, who, member);
    if (rc < 0) {
        fprintf(stderr, "ecarte members: %s: %s; nothing recorded\n", db,
                ledger_errmsg(l));
        ledger_close(l);
        return EXIT_BAD_INPUT;
    }
    if (json) {
        printf("{\"type\":\"%s\",\"status\":\"%s\",",
               spelling != NULL ? "join" : "apart",
               rc == 0 ? "recorded" : "already");
        if (spelling != NULL) {
            printf("\"spelling\":");
            json_str(stdout, spelling);
        } else {
            printf("\"sitting\":%" PRId64 ",\"who\":", sitting);
            json_str(stdout, who);
        }
        printf(",\"member\":");
        json_str(stdout, member);
        printf("}\n");
    } else if (spelling != NULL) {
        printf("%s: \"%s\" is the member \"%s\"%s\n", db, spelling, member,
               rc == 0 ? "" : " (already so: nothing recorded)");
    } else {
        printf("%s: %s of sitting %" PRId64 " is the member \"%s\"%s\n", db,
               who, sitting, member,
               rc == 0 ? "" : " (already so: nothing recorded)");
    }
    ledger_close(l);
    return EXIT_FINE;
}

int cmd_members(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"json", no_argument, NULL, 'j'},
        {"join", required_argument, NULL, 'J'},
        {"apart", required_argument, NULL, 'A'},
        {"as", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db = "ecarte.db";
    const char *join = NULL;
    const char *apart = NULL;
    const char *as = NULL;
    char who[64];
    int64_t sitting = 0;
    bool json = false;
    int c;

    while ((c = getopt_long(argc, argv, "d:jh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': db = optarg; break;
        case 'j': json = true; break;
        case 'J': join = optarg; break;
        case 'A': apart = optarg; break;
        case 'a': as = optarg; break;
        case 'h':
            return usage_help("members");
        default:
            return usage_error("members", "bad option or missing value (see "
                                          "above)");
        }
    }
    if (optind < argc) {
        return usage_error("members", "unexpected argument \"%s\"",
                           argv[optind]);
    }
    if (join != NULL && apart != NULL) {
        return usage_error("members", "expected --join or --apart, found "
                                      "both");
    }
    if (join == NULL && apart == NULL) {
        if (as != NULL) {
            return usage_error("members", "expected --join SPELLING or "
                                          "--apart SITTING:WHO before --as");
        }
        return list_members(db, json);
    }
    if (as == NULL) {
        return usage_error("members", "expected --as MEMBER after --%s",
                           join != NULL ? "join" : "apart");
    }
    for (int i = 0; i < 2; i++) {
        /* names are kept as UTF-8 text, as a log's are */
        const char *name = i == 0 ? as : join;
        size_t bad = name != NULL ? tl_utf8_bad(name, strlen(name)) : 0;

        if (name != NULL && bad < strlen(name)) {
            return usage_error("members", "--%s: expected UTF-8 text, "
                               "found the byte 0x%02X at byte %zu",
                               i == 0 ? "as" : "join",
                               (unsigned)(unsigned char)name[bad], bad + 1);
        }
    }
    if (apart != NULL &&
        parse_apart(apart, &sitting, who, sizeof(who)) != 0) {
        return usage_error("members", "expected --apart SITTING:WHO (a "
                                      "sitting's id, a colon, A or B or a "
                                      "person's ID: \"3:A\", \"7:ann\"), "
                                      "found \"%s\"", apart);
    }
    return decide(db, join, sitting, apart != NULL ? who : NULL, as, json);
}
