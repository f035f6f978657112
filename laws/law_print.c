/* SPDX-License-Identifier: MIT */
/*
 * law_print.c - the laws in words: one law or rule as `ecarte law N`
 * prints it (law_write_text), and the whole registry as docs/laws.md
 * (laws_write_markdown), each written to the FILE it is given.
 */
#include "laws/laws.h"

#include <string.h>

/* wrap - label, then text on fp as a paragraph indented by indent, lines of at most
 * 78 columns. */
static void wrap(FILE *fp, const char *label, const char *text,
                 int indent)
{
    const char *p = text;
    int col = fprintf(fp, "%*s%s", 2, "", label);

    while (col < indent) {
        col += fprintf(fp, " ");
    }
    bool first = true;

    while (*p != '\0') {
        size_t len = strcspn(p, " ");

        if (col + 1 + (int)len > 78 && col > indent) {
            fprintf(fp, "\n%*s", indent, "");
            col = indent;
            first = true;
        }
        col += fprintf(fp, "%s%.*s", first ? "" : " ", (int)len, p);
        first = false;
        p += len;
        while (*p == ' ') {
            p++;
        }
    }
    fprintf(fp, "\n");
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

void law_write_text(const struct law *l, FILE *fp)
{
    char line[300];

    fprintf(fp, "%s  %s\n\n", l->id, l->title);
    wrap(fp, "", l->text_ref, 2);
    fprintf(fp, "\n");
    wrap(fp, "kind:",
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
    wrap(fp, "woken by:", line, 12);
    if (l->format != NULL) {
        char fmt[120];

        snprintf(fmt, sizeof(fmt),
                 "[Format \"%s\"]: ruled above the two seats, between "
                 "persons",
                 l->format);
        wrap(fp, "format:", fmt, 12);
    }
    if (l->format != NULL && l->kind != LAW_KIND_RULE) {
        wrap(fp, "parties:", l->parties != NULL ? l->parties : "", 12);
        wrap(fp, "window:", law_window_words(l->window), 12);
        wrap(fp, "remedy:", remedy_name(l->remedy), 12);
    } else if (l->kind != LAW_KIND_RULE) {
        wrap(fp, "offender:", law_role_words(l->offender), 12);
        wrap(fp, "chooses:",
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
                         law_option_words_for(l->law, (enum law_option)o));
                wrap(fp, "option:", opt, 12);
            }
        }
        wrap(fp, "window:", law_window_words(l->window), 12);
        wrap(fp, "remedy:", remedy_name(l->remedy), 12);
    }
    if (l->reading != NULL) {
        wrap(fp, "reading:", l->reading, 12);
    }
    if (l->kind != LAW_KIND_RULE) {
        fprintf(fp, "\n  in a log, e.g.:  = %s\n",
               example_ruling(l, line, sizeof(line)));
    }
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
                         law_option_words_for(l->law, (enum law_option)o));
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

void laws_write_markdown(FILE *fp)
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
