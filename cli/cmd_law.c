/* law.c - `ecarte law N` (one law in words) and `ecarte laws` (every
 * law in a line, or the rule switches of a profile). */
#include "cli/cli.h"

#include <getopt.h>
#include <string.h>

/* wrap - print text as a paragraph indented by indent, lines of at most
 * 78 columns. */
static void wrap(const char *label, const char *text, int indent)
{
    const char *p = text;
    int col = printf("%*s%s", 2, "", label);

    while (col < indent) {
        col += printf(" ");
    }
    bool first = true;

    while (*p != '\0') {
        size_t len = strcspn(p, " ");

        if (col + 1 + (int)len > 78 && col > indent) {
            printf("\n%*s", indent, "");
            col = indent;
            first = true;
        }
        col += printf("%s%.*s", first ? "" : " ", (int)len, p);
        first = false;
        p += len;
        while (*p == ' ') {
            p++;
        }
    }
    printf("\n");
}

/* option_line - how an option is written in a log: `elects NAME`, or for
 * the jack veto `vetoes C` (the jack shown, PL5). */
static const char *option_line(enum law_option o, char *buf, size_t n)
{
    if (o == OPT_VETO) {
        snprintf(buf, n, "vetoes C");
    } else {
        snprintf(buf, n, "elects %s", option_name(o));
    }
    return buf;
}

/* trigger_word - the words of the lines of kind k that wake a law: the
 * verb, "marks king" apart from "marks" (points marked). */
static const char *trigger_word(enum event_kind k)
{
    return k == EV_MARK_KING ? "marks king" : event_verb(k);
}

/* print_law - one law in words, for `ecarte law N`: what it says, when it
 * wakes, who offends and who chooses, the options and the remedy, the
 * reading chosen, and the `= ruling` line a log records. */
static const char *example_ruling(const struct law *l, char *buf, size_t n);

static void print_law(const struct law *l)
{
    char line[300];

    printf("%s  %s\n\n", l->id, l->title);
    wrap("", l->text_ref, 2);
    printf("\n");
    wrap("kind:",
         l->kind == LAW_KIND_PENALTY
             ? "penalty law: engaging it gives a ruling"
         : l->kind == LAW_KIND_PROCEDURE
             ? "procedure: engaging it gives a ruling that settles the "
               "procedure; it records no irregularity"
         : l->format != NULL
             ? "rule of the sitting, applied as it goes; it gives no "
               "ruling line"
             : "rule of scoring, applied as the play goes; it gives "
               "no ruling line",
         12);
    line[0] = '\0';
    for (int k = 1; k < EV_KIND_COUNT; k++) {
        if (l->trigger & EV_BIT(k)) {
            size_t used = strlen(line);

            snprintf(line + used, sizeof(line) - used, "%s\"%s\"",
                     used ? ", " : "", trigger_word((enum event_kind)k));
        }
    }
    wrap("woken by:", line, 12);
    if (l->format != NULL) {
        char fmt[120];

        snprintf(fmt, sizeof(fmt),
                 "[Format \"%s\"]: ruled above the two seats, between "
                 "persons",
                 l->format);
        wrap("format:", fmt, 12);
    }
    if (l->format != NULL && l->kind != LAW_KIND_RULE) {
        wrap("parties:", l->parties != NULL ? l->parties : "", 12);
        wrap("window:", law_window_words(l->window), 12);
        wrap("remedy:", remedy_name(l->remedy), 12);
    } else if (l->kind != LAW_KIND_RULE) {
        wrap("offender:", law_role_words(l->offender), 12);
        wrap("chooses:",
             l->offender == ROLE_NOBODY && l->elector == ROLE_ADVERSARY
                 ? "the adversary of the player who acted"
                 : law_role_words(l->elector),
             12);
        for (int o = 0; o < OPT_COUNT; o++) {
            if (l->options & OPT_BIT(o)) {
                char opt[200];
                char how[40];

                snprintf(opt, sizeof(opt), "\"%s\": %s",
                         option_line((enum law_option)o, how, sizeof(how)),
                         law_option_words(o) != NULL ? law_option_words(o) : "");
                wrap("option:", opt, 12);
            }
        }
        wrap("window:", law_window_words(l->window), 12);
        wrap("remedy:", remedy_name(l->remedy), 12);
    }
    if (l->reading != NULL) {
        wrap("reading:", l->reading, 12);
    }
    if (l->kind != LAW_KIND_RULE) {
        printf("\n  in a log, e.g.:  = %s\n",
               example_ruling(l, line, sizeof(line)));
    }
}

/* example_ruling - the `= ruling` line an engaged law or rule writes, with
 * A as the offender and B as the elector where it has them, into buf. */
static const char *example_ruling(const struct law *l, char *buf, size_t n)
{
    struct ruling r;

    if (l->example != NULL) {
        snprintf(buf, n, "%s", l->example); /* persons: the sitting's */
        return buf;
    }
    memset(&r, 0, sizeof(r));
    r.law = l->law;
    r.offender = l->offender == ROLE_NOBODY ? SEAT_NONE : SEAT_A;
    r.elector = l->elector == ROLE_NOBODY ? SEAT_NONE : SEAT_B;
    r.options = l->options;
    r.remedy = l->remedy;
    return ruling_format(&r, buf, n);
}

/* md_cell - text for a Markdown table cell: `|` escaped, on fp. */
static void md_cell(FILE *fp, const char *text)
{
    for (; *text != '\0'; text++) {
        if (*text == '|') {
            fputc('\\', fp);
        }
        fputc(*text, fp);
    }
}

/* md_row - one "| name | value |" row of a law's table. */
static void md_row(FILE *fp, const char *name, const char *value)
{
    fprintf(fp, "| %s | ", name);
    md_cell(fp, value);
    fprintf(fp, " |\n");
}

/* print_law_md - one law or rule as a section of docs/laws.md. */
static void print_law_md(FILE *fp, const struct law *l)
{
    char line[600];
    char sw[300];

    fprintf(fp, "## %s — %s\n\n", l->id, l->title);
    fprintf(fp, "%s\n\n", l->text_ref);
    fprintf(fp, "| | |\n| --- | --- |\n");
    md_row(fp, "kind",
           l->kind == LAW_KIND_PENALTY     ? "penalty law: gives a ruling"
           : l->kind == LAW_KIND_PROCEDURE ? "procedure: gives a ruling that "
                                             "settles it; no irregularity"
                                           : "rule of scoring, applied as "
                                             "play goes; no ruling line");
    line[0] = '\0';
    for (int k = 1; k < EV_KIND_COUNT; k++) {
        if (l->trigger & EV_BIT(k)) {
            size_t used = strlen(line);

            snprintf(line + used, sizeof(line) - used, "%s`%s`",
                     used ? ", " : "", trigger_word((enum event_kind)k));
        }
    }
    md_row(fp, "woken by", line[0] != '\0' ? line : "(the scoring)");
    if (l->format != NULL) {
        snprintf(line, sizeof(line),
                 "`[Format \"%s\"]`: ruled above the two seats, between "
                 "persons",
                 l->format);
        md_row(fp, "format", line);
    }
    if (l->format != NULL && l->kind != LAW_KIND_RULE) {
        md_row(fp, "parties", l->parties != NULL ? l->parties : "");
        md_row(fp, "window", law_window_words(l->window));
        md_row(fp, "remedy", remedy_name(l->remedy));
    } else if (l->kind != LAW_KIND_RULE) {
        md_row(fp, "offender", law_role_words(l->offender));
        md_row(fp, "chooses",
               l->offender == ROLE_NOBODY && l->elector == ROLE_ADVERSARY
                   ? "the adversary of the player who acted"
                   : law_role_words(l->elector));
        for (int o = 0; o < OPT_COUNT; o++) {
            if (l->options & OPT_BIT(o)) {
                char how[40];

                snprintf(line, sizeof(line), "`%s`: %s",
                         option_line((enum law_option)o, how, sizeof(how)),
                         law_option_words(o) != NULL ? law_option_words(o) : "");
                md_row(fp, "option", line);
            }
        }
        md_row(fp, "window", law_window_words(l->window));
        md_row(fp, "remedy", remedy_name(l->remedy));
    }
    if (l->reading != NULL) {
        md_row(fp, "reading", l->reading);
    }
    profile_law_switches(l->id, sw, sizeof(sw));
    md_row(fp, "switches that change it", sw[0] != '\0' ? sw : "none");
    if (l->kind != LAW_KIND_RULE) {
        fprintf(fp, "\nIn a log: `= %s`\n",
                example_ruling(l, line, sizeof(line)));
    }
    fprintf(fp, "\n");
}

/* print_laws_md - docs/laws.md: every law and rule of the registry. */
static void print_laws_md(FILE *fp)
{
    fprintf(fp,
            "# The laws and rules ecarte applies\n\n"
            "Generated from the law registry by `ecarte laws --markdown`; "
            "a test checks that this file equals what the program prints, "
            "so edit the registry (laws/), not this file.\n\n"
            "L1-L51 are the Club Code of the Turf and Portland Clubs; PL "
            "rules belong to the Polish description (`Laws \"polish\"`), "
            "MD rules to the modern options (doubling, offering the point). "
            "A rule profile's switches (`ecarte laws --profile`) change the "
            "laws named beside them.\n\n");
    for (int i = 0; i < LAW_COUNT; i++) {
        const struct law *l = laws_get((enum law_id)i);

        fprintf(fp, "- [%s — %s](#%s)\n", l->id, l->title, l->id);
    }
    fprintf(fp, "\n");
    for (int i = 0; i < LAW_COUNT; i++) {
        fprintf(fp, "<a id=\"%s\"></a>\n\n", laws_get((enum law_id)i)->id);
        print_law_md(fp, laws_get((enum law_id)i));
    }
}

int cmd_law(int argc, char **argv)
{
    char ids[200];

    const struct law *l;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            return usage_help("law");
        }
    }
    if (argc != 2) {
        return usage_error("law", "expected one law or rule (43, L43, %s)",
                           law_id_ranges(ids, sizeof(ids)));
    }
    l = laws_find(argv[1], strlen(argv[1]));
    if (l == NULL) {
        return usage_error("law", "expected a law or rule (1-51, %s), "
                           "found \"%s\"",
                           law_id_ranges(ids, sizeof(ids)), argv[1]);
    }
    print_law(l);
    return EXIT_FINE;
}

/* laws_tag - a sitting's tag into the referee ctx: the profile in force
 * is the Laws tag with Target, Stakes and Rubber. */
static int laws_tag(void *ctx, const char *name, const char *value)
{
    arbiter_set_tag(ctx, name, value);
    return 0;
}

int cmd_laws(int argc, char **argv)
{
    static const struct option opts[] = {
        {"profile", no_argument, NULL, 'p'},
        {"markdown", no_argument, NULL, 'm'},
        {"laws", required_argument, NULL, 'l'},
        {"db", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool profile = false;
    bool markdown = false;
    const char *spec = "london";
    const char *db = NULL;
    int c;

    while ((c = getopt_long(argc, argv, "pml:d:h", opts, NULL)) != -1) {
        switch (c) {
        case 'p': profile = true; break;
        case 'm': markdown = true; break;
        case 'l': spec = optarg; profile = true; break;
        case 'd': db = optarg; profile = true; break;
        case 'h': return usage_help("laws");
        default: return usage_error("laws", "bad option or missing value (see above)");
        }
    }
    if (markdown && profile) {
        return usage_error("laws", "expected --markdown or --profile, found "
                                   "both");
    }
    if (markdown) {
        print_laws_md(stdout);
        return EXIT_FINE;
    }
    if (profile) {
        struct profile p;
        char err[200];
        char buf[4096];

        if (db != NULL) {
            /* the profile in force in the newest sitting of a ledger */
            struct ledger *l = ledger_for(NULL, db, LEDGER_READONLY);
            struct arbiter *arb = NULL;
            int64_t sitting = 0;

            if (l == NULL || arbiter_open(&arb) != 0) {
                ledger_close(l);
                return EXIT_BAD_INPUT;
            }
            if (newest_sitting(l, &sitting) != 0 ||
                (sitting != 0 &&
                 ledger_tags_foreach(l, sitting, laws_tag, arb) != 0)) {
                fprintf(stderr, "ecarte laws: %s: %s\n", db,
                        ledger_errmsg(l));
                arbiter_close(arb);
                ledger_close(l);
                return EXIT_BAD_INPUT;
            }
            p = *arbiter_profile(arb);
            arbiter_close(arb);
            ledger_close(l);
        } else if (profile_parse(&p, spec, err, sizeof(err)) != 0) {
            return usage_error("laws", "%s", err);
        }
        printf("profile: %s\n\n", profile_format(&p, buf, sizeof(buf)));
        fputs(profile_describe(&p, buf, sizeof(buf)), stdout);
        return EXIT_FINE;
    }
    for (int i = 0; i < LAW_COUNT; i++) {
        const struct law *l = laws_get((enum law_id)i);

        char kind[40];

        snprintf(kind, sizeof(kind), "(%s rule)",
                 l->format != NULL ? l->format : "scoring");
        printf("%-4s %-48s %s\n", l->id, l->title,
               l->kind == LAW_KIND_RULE ? kind : remedy_name(l->remedy));
    }
    return EXIT_FINE;
}
