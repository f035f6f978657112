/* SPDX-License-Identifier: MIT */
/* html.c - writing HTML: escaping, element helpers, the document's frame
 * and the inline SVG charts of `ecarte report` (html.h). */
#include "report/html.h"

#include <stdarg.h>
#include <string.h>

#define REPLACEMENT "\xEF\xBF\xBD" /* U+FFFD, in UTF-8 */

/* ------------------------------------------------------------------ */
/* Escaping                                                             */
/* ------------------------------------------------------------------ */

/* utf8_len - the length of the well-formed UTF-8 character at p (1..4),
 * or 0 if the bytes there are not one (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF). */
static size_t utf8_len(const unsigned char *p)
{
    unsigned char c = p[0];
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    size_t len;

    if (c < 0x80) {
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (p[1] < lo || p[1] > hi) {
        return 0;
    }
    for (size_t i = 2; i < len; i++) {
        if (p[i] < 0x80 || p[i] > 0xBF) {
            return 0;
        }
    }
    return len;
}

/*
 * next_piece - what the character at p becomes: *piece and *len the text
 * to write (the bytes at p themselves, an entity, or U+FFFD); returns how
 * many bytes of p it takes (0 at the end).
 */
static size_t next_piece(const unsigned char *p, const char **piece,
                         size_t *len)
{
    size_t n;

    switch (p[0]) {
    case '\0': return 0;
    case '&': *piece = "&amp;"; *len = 5; return 1;
    case '<': *piece = "&lt;"; *len = 4; return 1;
    case '>': *piece = "&gt;"; *len = 4; return 1;
    case '"': *piece = "&quot;"; *len = 6; return 1;
    case '\'': *piece = "&#39;"; *len = 5; return 1;
    case '\t':
    case '\n':
    case '\r':
        break;
    default:
        if (p[0] < 0x20 || p[0] == 0x7F) {
            *piece = REPLACEMENT;
            *len = 3;
            return 1;
        }
        break;
    }
    n = utf8_len(p);
    if (n == 0) {
        *piece = REPLACEMENT;
        *len = 3;
        return 1;
    }
    *piece = (const char *)p;
    *len = n;
    return n;
}

char *html_escape(const char *text, char *buf, size_t n)
{
    const unsigned char *p = (const unsigned char *)(text ? text : "");
    size_t used = 0;
    const char *piece = NULL;
    size_t len = 0;
    size_t adv;

    while ((adv = next_piece(p, &piece, &len)) > 0) {
        if (used + len >= n) {
            break;
        }
        memcpy(buf + used, piece, len);
        used += len;
        p += adv;
    }
    buf[used] = '\0';
    return buf;
}

/* bidi_control - the length of the bidirectional control at p (U+061C,
 * U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), 0 if there is
 * none there. */
static size_t bidi_control(const unsigned char *p)
{
    if (p[0] == 0xD8 && p[1] == 0x9C) {
        return 2;
    }
    if (p[0] == 0xE2 && p[1] == 0x80 &&
        (p[2] == 0x8E || p[2] == 0x8F || (p[2] >= 0xAA && p[2] <= 0xAE))) {
        return 3;
    }
    if (p[0] == 0xE2 && p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9) {
        return 3;
    }
    return 0;
}

/* has_bidi_control - does text hold a bidirectional control? */
static bool has_bidi_control(const unsigned char *p)
{
    for (; *p != '\0'; p++) {
        if ((*p == 0xD8 || *p == 0xE2) && bidi_control(p) > 0) {
            return true;
        }
    }
    return false;
}

void html_put(FILE *fp, const char *text)
{
    const unsigned char *p = (const unsigned char *)(text ? text : "");
    const unsigned char *run = p;
    const char *piece = NULL;
    size_t len = 0;
    size_t adv;
    /* a text that turns what follows it around is isolated: its
     * direction stays inside it */
    bool isolate = has_bidi_control(p);

    if (isolate) {
        fputs("<bdi>", fp);
    }
    /* plain runs are written in one go; only replacements break them */
    while ((adv = next_piece(p, &piece, &len)) > 0) {
        if (piece != (const char *)p) {
            fwrite(run, 1, (size_t)(p - run), fp);
            fwrite(piece, 1, len, fp);
            run = p + adv;
        }
        p += adv;
    }
    fwrite(run, 1, (size_t)(p - run), fp);
    if (isolate) {
        fputs("</bdi>", fp);
    }
}

void html_putf(FILE *fp, const char *fmt, ...)
{
    char text[4096];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    html_put(fp, text);
}

void html_elem(FILE *fp, const char *tag, const char *cls, const char *text)
{
    if (cls != NULL) {
        fprintf(fp, "<%s class=\"%s\">", tag, cls);
    } else {
        fprintf(fp, "<%s>", tag);
    }
    html_put(fp, text);
    fprintf(fp, "</%s>", tag);
}

/* ------------------------------------------------------------------ */
/* The document                                                         */
/* ------------------------------------------------------------------ */

void html_begin(FILE *fp, const char *title, const char *const *css)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, "
          "initial-scale=1\">\n<title>",
          fp);
    {
        /* no element in a title: its bidirectional controls are left out */
        const unsigned char *p = (const unsigned char *)(title ? title : "");

        while (*p != '\0') {
            size_t b = bidi_control(p);
            char one[8];
            size_t n = b > 0 ? b : 1;

            if (b == 0) {
                size_t k = 1;

                while (p[k] != '\0' && (p[k] & 0xC0) == 0x80) {
                    k++;
                }
                n = k;
                snprintf(one, sizeof(one), "%.*s", (int)k, (const char *)p);
                html_put(fp, one);
            }
            p += n;
        }
    }
    fputs("</title>\n<style>\n", fp);
    for (size_t i = 0; css != NULL && css[i] != NULL; i++) {
        fputs(css[i], fp);
    }
    fputs("</style>\n</head>\n<body>\n", fp);
}

void html_end(FILE *fp)
{
    fputs("</body>\n</html>\n", fp);
}

/* ------------------------------------------------------------------ */
/* Charts                                                               */
/* ------------------------------------------------------------------ */

#define BAND_W 460              /* the band chart's width, in SVG units */
#define BAND_H 58
#define BAND_X0 14              /* the axis, left and right */
#define BAND_X1 446
#define BAND_AXIS_Y 30

/* band_x - where count v stands on an axis from 0 to n. */
static double band_x(double v, int n)
{
    if (v < 0) {
        v = 0;
    }
    if (v > n) {
        v = n;
    }
    return BAND_X0 + (BAND_X1 - BAND_X0) * v / (n > 0 ? n : 1);
}

void html_band_chart(FILE *fp, const struct html_band *b)
{
    double lo = band_x(b->lo - 0.5, b->n);
    double hi = band_x(b->hi + 0.5, b->n);
    double ex = band_x(b->expected, b->n);
    double ob = band_x(b->observed, b->n);

    fputs("<figure class=\"chart band\">", fp);
    if (b->n > 0) {
        fprintf(fp,
                "<svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                "role=\"img\"><title>",
                BAND_W, BAND_H, BAND_W, BAND_H);
        html_put(fp, b->title);
        fprintf(fp,
                "</title><rect class=\"band\" x=\"%.1f\" y=\"%d\" "
                "width=\"%.1f\" height=\"16\"/>"
                "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                "y2=\"%d\"/>"
                "<line class=\"expected\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
                "y2=\"%d\"/>"
                "<circle class=\"%s\" cx=\"%.1f\" cy=\"%d\" r=\"5\"/>"
                "<text x=\"%d\" y=\"%d\">0</text>"
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>"
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
                "%d</text></svg>",
                lo, BAND_AXIS_Y - 8, hi - lo, BAND_X0, BAND_AXIS_Y, BAND_X1,
                BAND_AXIS_Y, ex, BAND_AXIS_Y - 12, ex, BAND_AXIS_Y + 12,
                b->flagged ? "observed flagged" : "observed", ob, BAND_AXIS_Y,
                BAND_X0 - 4, BAND_AXIS_Y + 24, BAND_X1 + 4, BAND_AXIS_Y + 24,
                b->n, ob, BAND_AXIS_Y - 12, b->observed);
    }
    fputs("<figcaption>", fp);
    html_put(fp, b->title);
    if (b->n > 0) {
        html_putf(fp, ": %d of %d; chance gives %.1f on average, %d to "
                      "%d (shaded) without a flag",
                  b->observed, b->n, b->expected, b->lo, b->hi);
    } else {
        html_put(fp, ": nothing to count");
    }
    if (b->flagged) {
        fputs(" <strong class=\"flag\">FLAG</strong>", fp);
    }
    fputs("</figcaption></figure>\n", fp);
}

#define BAR_W 460
#define BAR_LABEL_W 200         /* room for the labels, left */
#define BAR_ROW_H 20

void html_bar_chart(FILE *fp, const char *title, const struct html_bar *bars,
                    int n)
{
    int max = 1;
    int h = n * BAR_ROW_H + 4;

    for (int i = 0; i < n; i++) {
        if (bars[i].value > max) {
            max = bars[i].value;
        }
    }
    fputs("<figure class=\"chart bars\">", fp);
    fprintf(fp,
            "<svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
            "role=\"img\"><title>",
            BAR_W, h, BAR_W, h);
    html_put(fp, title);
    fputs("</title>", fp);
    for (int i = 0; i < n; i++) {
        int y = i * BAR_ROW_H + 2;
        double w = (BAR_W - BAR_LABEL_W - 40.0) * (bars[i].value > 0
                                                      ? bars[i].value
                                                      : 0) / max;

        fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">",
                BAR_LABEL_W - 6, y + 13);
        html_put(fp, bars[i].label);
        fprintf(fp,
                "</text><rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" "
                "height=\"14\"/><text x=\"%.1f\" y=\"%d\">%d</text>",
                BAR_LABEL_W, y + 2, w, BAR_LABEL_W + w + 4, y + 13,
                bars[i].value);
    }
    fputs("</svg><figcaption>", fp);
    html_put(fp, title);
    fputs("</figcaption></figure>\n", fp);
}
