/* SPDX-License-Identifier: MIT */
/*
 * report_deal.c - `ecarte report`: drawing a ruling (the law and its
 * words, who offended and who chose, the options with their previews, the
 * election and what it gave) and the table as it stood when it was given
 * (the two hands, the turn-up, the tricks, the cards elsewhere), with
 * the suits as symbols, red and black.
 */
#include "report/report_int.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Cards and seats                                                      */
/* ------------------------------------------------------------------ */

void report__card(FILE *fp, uint8_t c)
{
    static const char *const rank[RANK_COUNT] = {"K", "Q", "J", "A",
                                                 "10", "9", "8", "7"};
    static const char *const suit[SUIT_COUNT] = {"\u2660", "\u2665",
                                                 "\u2666", "\u2663"};

    if (c >= CARD_COUNT) {
        fputs("<span class=\"card unk\">?\?</span>", fp);
        return;
    }
    fprintf(fp, "<span class=\"card %s\">%s%s</span>",
            CARD_SUIT(c) == SUIT_HEARTS || CARD_SUIT(c) == SUIT_DIAMONDS
                ? "red"
                : "black",
            rank[CARD_RANK(c)], suit[CARD_SUIT(c)]);
}

/* cards - the known cards of mask, in order, then a back for each of the
 * count - known cards nobody saw (their number, when more than six). */
static void cards(FILE *fp, uint32_t mask, int count)
{
    int known = 0;

    for (int c = 0; c < CARD_COUNT; c++) {
        if (mask & CARD_BIT(c)) {
            report__card(fp, (uint8_t)c);
            known++;
        }
    }
    if (count - known > 6) {
        fprintf(fp, "<span class=\"unseen\">%s%d not seen</span>",
                known > 0 ? "and " : "", count - known);
    } else {
        for (int i = known; i < count; i++) {
            fputs("<span class=\"card back\" title=\"not seen\">?</span>",
                  fp);
        }
    }
    if (count == 0) {
        fputs("<span class=\"none\">none</span>", fp);
    }
}

const char *report__person_name(const struct report *r, const char *id)
{
    for (int i = 0; i < r->n_persons; i++) {
        if (strcmp(r->persons[i].id, id) == 0) {
            return r->persons[i].name[0] ? r->persons[i].name : id;
        }
    }
    return id;
}

void report__seat_name(FILE *fp, const struct report *r, int s,
                       const char (*who)[TL_ID_MAX])
{
    const char *name = r->names[s == SEAT_B ? 1 : 0];

    if (s != SEAT_A && s != SEAT_B) {
        fputs("-", fp);
        return;
    }
    fputc(seat_letter(s), fp);
    if (r->n_persons > 0) {
        name = who != NULL && who[s][0] != '\0'
                   ? report__person_name(r, who[s])
                   : "";
    } else if (strcmp(name, s == SEAT_A ? "A" : "B") == 0) {
        name = "";
    }
    if (name[0] != '\0') {
        fputs(" <span class=\"name\">(", fp);
        html_put(fp, name);
        fputs(")</span>", fp);
    }
}

/* ------------------------------------------------------------------ */
/* The table                                                            */
/* ------------------------------------------------------------------ */

/* hand_row - one hand of the drawing, with who holds it. */
static void hand_row(FILE *fp, const struct report *r,
                     const struct rep_table *t, int seat)
{
    const struct arb_place *p = &t->places[ARB_PLACE_HAND_A + seat];

    fputs("<div class=\"hand\"><span class=\"who\">", fp);
    report__seat_name(fp, r, seat, t->who);
    if (t->dealer == seat) {
        fputs(" &middot; dealer", fp);
    } else if (t->dealer != SEAT_NONE) {
        fputs(" &middot; elder hand", fp);
    }
    fprintf(fp, " &middot; %d card%s</span> ", p->count,
            p->count == 1 ? "" : "s");
    cards(fp, p->known, p->count);
    fputs("</div>\n", fp);
}

/* elsewhere - a place other than the hands, if it holds anything. */
static void elsewhere(FILE *fp, const char *what, const struct arb_place *p)
{
    if (p->count == 0) {
        return;
    }
    fprintf(fp, "<li><span class=\"label\">%s</span> ", what);
    cards(fp, p->known, p->count);
    fputs("</li>", fp);
}

/* table_view - the deal drawn as it stood: the hands, the turn-up and
 * trumps, the tricks, and the cards elsewhere. */
static void table_view(FILE *fp, const struct report *r,
                       const struct rep_table *t)
{
    static const char *const suit_word[SUIT_COUNT] = {"spades", "hearts",
                                                      "diamonds", "clubs"};

    fputs("<div class=\"deal-view\">\n", fp);
    hand_row(fp, r, t, SEAT_A);
    fputs("<div class=\"middle\"><span class=\"label\">Turn-up</span> ", fp);
    cards(fp, t->places[ARB_PLACE_TURN_UP].known,
          t->places[ARB_PLACE_TURN_UP].count);
    if (t->trump >= 0 && t->trump < SUIT_COUNT) {
        fprintf(fp, " <span class=\"label\">trumps: %s</span>",
                suit_word[t->trump]);
    }
    fprintf(fp, " <span class=\"label\">score A %d B %d</span></div>\n",
            t->score[0], t->score[1]);
    hand_row(fp, r, t, SEAT_B);
    if (t->n_tricks > 0) {
        fputs("<ol class=\"tricks\">", fp);
        for (int i = 0; i < t->n_tricks; i++) {
            const struct arb_trick *k = &t->tricks[i];

            fprintf(fp, "<li>%c leads ", seat_letter(k->leader));
            report__card(fp, k->lead);
            if (k->follow == CARD_NONE) {
                fputs(", open", fp);
            } else {
                fprintf(fp, ", %c ", seat_letter(1 - k->leader));
                if (k->follow == CARD_UNKNOWN) {
                    fputs("has none", fp);
                } else {
                    report__card(fp, k->follow);
                }
                fprintf(fp, " &rarr; %c", seat_letter(k->winner));
            }
            fputs("</li>", fp);
        }
        fputs("</ol>\n", fp);
    }
    fputs("<ul class=\"elsewhere\">", fp);
    elsewhere(fp, "stock", &t->places[ARB_PLACE_STOCK]);
    elsewhere(fp, "A's discard", &t->places[ARB_PLACE_DISCARD_A]);
    elsewhere(fp, "B's discard", &t->places[ARB_PLACE_DISCARD_B]);
    elsewhere(fp, "set aside", &t->places[ARB_PLACE_ASIDE]);
    fputs("</ul>\n</div>\n", fp);
}

/* ------------------------------------------------------------------ */
/* A ruling                                                             */
/* ------------------------------------------------------------------ */

/* party - who a ruling of the sitting names (a person's ID, or a
 * seat's letter: who sat there then); none if "". */
static void party(FILE *fp, const struct report *r,
                  const struct rep_ruling *ru, const char *who,
                  const char *none)
{
    if (who[0] == '\0') {
        fputs(none, fp);
    } else if ((who[0] == 'A' || who[0] == 'B') && who[1] == '\0') {
        report__seat_name(fp, r, who[0] == 'A' ? SEAT_A : SEAT_B, ru->at.who);
    } else {
        html_put(fp, report__person_name(r, who));
        fputs(" <span class=\"name\">(", fp);
        html_put(fp, who);
        fputs(")</span>", fp);
    }
}

/* preview_of - the text previews gives for option word ("word: text",
 * items joined by " | ") into buf; "" if none. */
static const char *preview_of(const char *previews, const char *word,
                              char *buf, size_t n)
{
    size_t len = strlen(word);
    const char *p = previews;

    buf[0] = '\0';
    while (p != NULL && *p != '\0') {
        const char *end = strstr(p, " | ");
        size_t item = end != NULL ? (size_t)(end - p) : strlen(p);

        while (*p == ' ' && item > 0) {
            p++;
            item--;
        }
        if (item > len + 1 && strncmp(p, word, len) == 0 && p[len] == ':') {
            size_t skip = p[len + 1] == ' ' ? len + 2 : len + 1;

            snprintf(buf, n, "%.*s", (int)(item - skip), p + skip);
            return buf;
        }
        p = end != NULL ? end + 3 : NULL;
    }
    return buf;
}

/* options_table - each option with what it would give, the one elected
 * marked. */
static void options_table(FILE *fp, const struct rep_ruling *ru)
{
    char text[ARB_PREVIEW_LEN];

    fputs("<table class=\"options\"><tr><th>Option</th><th>What it "
          "would give</th></tr>\n", fp);
    for (int o = 0; o < OPT_COUNT; o++) {
        if (!(ru->r.options & OPT_BIT(o))) {
            continue;
        }
        preview_of(ru->preview, option_name((enum law_option)o), text,
                   sizeof(text));
        fprintf(fp, "<tr%s><td>",
                ru->elected && (int)ru->option == o ? " class=\"chosen\"" : "");
        html_put(fp, option_name((enum law_option)o));
        fputs("</td><td>", fp);
        html_put(fp, text[0] ? text
                             : law_option_words((enum law_option)o));
        fputs("</td></tr>\n", fp);
    }
    fputs("</table>\n", fp);
}

/* election - the election and what it gave, or why there is none. */
static void election(FILE *fp, const struct report *r,
                     const struct rep_ruling *ru)
{
    fputs("<p class=\"election\">", fp);
    if (ru->of_sitting && ru->elector[0] != '\0') {
        html_putf(fp, "The remedy (%s) is for ", remedy_name(ru->r.remedy));
        party(fp, r, ru, ru->elector, "");
        fputs(" to take up.", fp);
    } else if (ru->r.options == 0) {
        html_putf(fp, "Nobody chooses: the remedy (%s) applies by itself.",
                  remedy_name(ru->r.remedy));
    } else if (ru->elected) {
        report__seat_name(fp, r, ru->r.elector, ru->at.who);
        fputs(" elected <strong>", fp);
        html_put(fp, option_name(ru->option));
        fprintf(fp, "</strong> at line %d (<code>", ru->elect_line);
        html_put(fp, ru->elect_action);
        fputs("</code>). It gave: ", fp);
        html_put(fp, ru->gave);
        fputs(".", fp);
    } else {
        html_putf(fp, "No election is recorded; the default remedy (%s) "
                      "stood.",
                  remedy_name(ru->r.remedy));
    }
    fputs("</p>\n", fp);
}

/* facts - offender, elector, window, remedy, the audit's status. */
static void facts(FILE *fp, const struct report *r, const struct rep_ruling *ru)
{
    fputs("<dl class=\"facts\"><dt>Offender</dt><dd>", fp);
    if (ru->of_sitting) {
        party(fp, r, ru, ru->offender, "nobody");
    } else if (ru->r.offender == SEAT_NONE) {
        fputs("nobody", fp);
    } else {
        report__seat_name(fp, r, ru->r.offender, ru->at.who);
    }
    fputs("</dd><dt>Chooses</dt><dd>", fp);
    if (ru->of_sitting) {
        party(fp, r, ru, ru->elector, "nobody (it applies by itself)");
    } else if (ru->r.elector == SEAT_NONE) {
        fputs("nobody (it applies by itself)", fp);
    } else {
        report__seat_name(fp, r, ru->r.elector, ru->at.who);
    }
    fputs("</dd><dt>Window</dt><dd>", fp);
    html_put(fp, law_window_words(ru->r.window));
    fputs("</dd><dt>Remedy</dt><dd>", fp);
    html_put(fp, remedy_name(ru->r.remedy));
    fputs("</dd>", fp);
    if (ru->status != NULL) {
        fprintf(fp, "<dt>Audit</dt><dd class=\"status-%s\">%s</dd>",
                ru->status, ru->status);
    }
    fputs("</dl>\n", fp);
}

void report__ruling(FILE *fp, const struct report *r,
                    const struct rep_ruling *ru)
{
    const struct law *row = laws_get(ru->r.law);

    fprintf(fp, "<article class=\"ruling\" id=\"ruling-%d\">\n<h3>",
            ru->number);
    if (ru->deal > 0) {
        fprintf(fp, "<a href=\"#deal-%d\">Deal %d</a>", ru->deal, ru->deal);
    } else {
        fputs("Before the first deal", fp);
    }
    fprintf(fp, " &middot; line %d &middot; <span class=\"law\">", ru->line);
    html_put(fp, row->id);
    fputs("</span> ", fp);
    html_put(fp, row->title);
    fprintf(fp, " <span class=\"num\">ruling %d</span></h3>\n", ru->number);
    fputs("<p class=\"action\">On <code>", fp);
    html_put(fp, ru->action);
    fputs("</code>: <code>= ", fp);
    html_put(fp, ru->words);
    fputs("</code></p>\n<blockquote class=\"law-text\">", fp);
    html_put(fp, row->text_ref);
    fputs("</blockquote>\n", fp);
    if (ru->r.note[0] != '\0') {
        html_elem(fp, "p", "note", ru->r.note);
        fputc('\n', fp);
    }
    facts(fp, r, ru);
    if (ru->r.options != 0) {
        options_table(fp, ru);
    }
    election(fp, r, ru);
    table_view(fp, r, &ru->at);
    fputs("</article>\n", fp);
}
