/* SPDX-License-Identifier: MIT */
/*
 * html.h - writing HTML for `ecarte report`: escaping, a few element
 * helpers, the document's frame and two inline SVG charts.  Nothing here
 * knows the game: the report (report/) says what to draw.
 *
 * Every text that comes from outside the program (a name, a note, a log
 * line) goes through html_escape, html_put or html_putf; markup passed
 * as a tag, a class or CSS is written as it is and must be a constant.
 */
#ifndef ECARTE_CLI_HTML_H
#define ECARTE_CLI_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Room html_escape may need for text of n bytes: "&quot;" is the longest
 * replacement of one byte, U+FFFD (3 bytes) of an invalid one. */
#define HTML_ESCAPED_MAX(n) ((n) * 6 + 1)

/*
 * html_escape - text escaped for HTML, in element content and in quoted
 * attribute values alike, into buf (n bytes, n > 0): & < > " ' become
 * &amp; &lt; &gt; &quot; &#39;; a byte that is not part of well-formed
 * UTF-8, and a control character other than tab, newline and carriage
 * return, becomes U+FFFD; all else is copied.  What does not fit is left
 * out whole: an entity or a character is never cut.  NULL text is "".
 * Returns buf, always NUL-terminated.
 */
char *html_escape(const char *text, char *buf, size_t n);

/* html_put - text escaped as html_escape does, onto fp, of any length
 * (NULL writes nothing). */
void html_put(FILE *fp, const char *text);

/* html_putf - printf of fmt and what follows, the whole result escaped
 * onto fp (up to 4 KiB of it; the rest is left out). */
void html_putf(FILE *fp, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * html_elem - <tag class="cls">text</tag> onto fp, the text escaped (cls
 * NULL: no class attribute).  tag and cls are written as they are.
 */
void html_elem(FILE *fp, const char *tag, const char *cls, const char *text);

/*
 * html_begin - the start of a document onto fp: doctype, html lang="en",
 * head (charset UTF-8, a viewport, the title escaped, and the pieces of
 * css, a NULL-terminated list, one after the other in a style element as
 * they are) and the body opened.  html_end closes body and html.
 */
void html_begin(FILE *fp, const char *title, const char *const *css);
void html_end(FILE *fp);

/* A count against what chance gives (html_band_chart). */
struct html_band {
    const char *title;          /* what is counted, in words (escaped) */
    int n;                      /* trials: the axis runs from 0 to n */
    int lo, hi;                 /* the counts chance allows (the band) */
    double expected;            /* what chance gives on average */
    int observed;               /* what was counted */
    bool flagged;               /* drawn as suspicious */
};

/*
 * html_band_chart - a figure onto fp: an inline SVG axis from 0 to b->n
 * with the band b->lo..b->hi shaded, a dashed mark at the expected count
 * and a dot at the observed one (red when flagged), and a caption that
 * says the same in words.  b->n of 0 draws a caption only.
 */
void html_band_chart(FILE *fp, const struct html_band *b);

/* One bar of html_bar_chart. */
struct html_bar {
    const char *label;          /* escaped */
    int value;
};

/*
 * html_bar_chart - a figure onto fp: title (escaped) as its caption, then
 * one horizontal bar per entry of bars (n of them) in an inline SVG, each
 * with its label and value, scaled to the largest value (or to 1).
 */
void html_bar_chart(FILE *fp, const char *title, const struct html_bar *bars,
                    int n);

#endif /* ECARTE_CLI_HTML_H */
