/* SPDX-License-Identifier: MIT */
/*
 * parse.c - one line of a log into a struct tl_line (tl_parse_line): the
 * UTF-8 check, the time stamp, a tag, a comment, and the `=` lines
 * (rulings, scores, values); table lines and actions are actions.c's.
 * Syntax only: fields an event kind does not use are left zero, with the
 * seats (actor, target) at SEAT_NONE, suit at SUIT_NONE and option at -1.
 */
#include "tablelog/tablelog.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tablelog/tablelog_int.h"

/* ------------------------------------------------------------------ */
/* `=` lines                                                            */
/* ------------------------------------------------------------------ */

/* read_law - "L43" (any case) into *out; L1..L51. */
static int read_law(struct parser *p, enum law_id *out)
{
    struct token t = tl__next_token(p);
    const struct law *l = NULL;

    /* L1 to L51 (no leading zero), or a variant rule such as PL5 */
    if (t.n >= 2 && (tl__lower(p->s[t.pos]) != 'l' || p->s[t.pos + 1] != '0')) {
        l = laws_find(p->s + t.pos, t.n);
    }
    if (l == NULL || (tl__lower(p->s[t.pos]) != 'l' && l->law < N_CLUB_LAWS)) {
        return tl__fail_tokf(p, t, "a law (L1 to L%d, or a variant rule "
                                   "such as PL5)",
                             N_CLUB_LAWS);
    }
    *out = l->law;
    return 0;
}

/* read_options - "O,O,..." into *out (OPT_BIT()s). */
static int read_options(struct parser *p, uint32_t *out)
{
    struct token t = tl__next_token(p);
    size_t i = t.pos;
    size_t end = t.pos + t.n;

    if (t.n == 0) {
        return tl__fail_tok(p, t, "a list of options");
    }
    while (i <= end) {
        size_t j = i;
        int o;

        while (j < end && p->s[j] != ',') {
            j++;
        }
        if (j == i) {
            return tl__fail_tok(p, t, "a list of options (O,O,...)");
        }
        o = option_parse(p->s + i, j - i);
        if (o < 0) {
            return tl__fail_span(p, i, j - i, "an option");
        }
        *out |= OPT_BIT(o);
        i = j + 1;
    }
    return 0;
}

/* parse_ruling - "ruling LAW [offender X] [elector Y] [options ...]
 * [remedy R]", fields in any order, each at most once. */
static int parse_ruling(struct parser *p, struct tl_expect *x)
{
    static const char *const fields[] = {
        "offender", "elector", "options", "remedy"
    };
    struct token t;

    if (read_law(p, &x->law) < 0) {
        return -1;
    }
    for (;;) {
        char what[96] = "";
        int f;

        t = tl__next_token(p);
        if (t.n == 0) {
            return 0;
        }
        for (f = 0; f < 4; f++) {
            if (tl__tok_is(p, t, fields[f]) && (x->has & (1u << f)) == 0) {
                break;
            }
        }
        if (f == 4) {
            for (f = 0; f < 4; f++) {
                if ((x->has & (1u << f)) == 0) {
                    strcat(what, fields[f]);
                    strcat(what, ", ");
                }
            }
            if (what[0] != '\0') {
                what[strlen(what) - 2] = '\0';
                strcat(what, " or ");
            }
            strcat(what, "end of line");
            return tl__fail_tok(p, t, what);
        }
        x->has |= (uint8_t)(1u << f);
        switch (1u << f) {
        case TLX_OFFENDER:
            if (tl__read_who(p, &x->offender, x->offender_id,
                             "a seat (A or B) or a person") < 0) {
                return -1;
            }
            break;
        case TLX_ELECTOR:
            if (tl__read_who(p, &x->elector, x->elector_id,
                             "a seat (A or B) or a person") < 0) {
                return -1;
            }
            break;
        case TLX_OPTIONS:
            if (read_options(p, &x->options) < 0) {
                return -1;
            }
            break;
        default:
            t = tl__next_token(p);
            x->remedy = remedy_parse(p->s + t.pos, t.n);
            if (t.n == 0 || x->remedy < 0) {
                return tl__fail_tok(p, t,
                                    "a remedy (new-deal, score-cap, ...)");
            }
            break;
        }
    }
}

/* parse_expect - the rest of a line that started with '='. */
static int parse_expect(struct parser *p, struct tl_line *out)
{
    struct token t = tl__next_token(p);
    int rc;

    if (tl__tok_is(p, t, "ruling")) {
        out->kind = TL_EXPECT_RULING;
        return parse_ruling(p, &out->expect);
    }
    if (tl__tok_is(p, t, "score")) {
        out->kind = TL_EXPECT_SCORE;
        return tl__read_score(p, out->score);
    }
    if (tl__tok_is(p, t, "value")) {
        out->kind = TL_EXPECT_VALUE;
        if (tl__read_number(p, 1, 64, "a value",
                            &out->score[0]) < 0) {
            return -1;
        }
        return tl__read_end(p);
    }
    rc = tl__parse_sitting_expect(p, t, out);
    if (rc <= 0) {
        return rc;
    }
    return tl__fail_tok(p, t, "ruling, score, value, settle, pool, roles "
                              "or bets");
}

/* ------------------------------------------------------------------ */
/* Tags and time stamps                                                 */
/* ------------------------------------------------------------------ */

/* two_digits - the number in s[0..1] if both are digits, else -1. */
static int two_digits(const char *s)
{
    if (!tl__is_digit(s[0]) || !tl__is_digit(s[1])) {
        return -1;
    }
    return (s[0] - '0') * 10 + (s[1] - '0');
}

/* time_valid - "HH:MM:SS" with sensible ranges. */
static bool time_valid(const char *s)
{
    int h = two_digits(s);
    int m = two_digits(s + 3);
    int sec = two_digits(s + 6);

    return s[2] == ':' && s[5] == ':' && h >= 0 && h <= 23 && m >= 0
           && m <= 59 && sec >= 0 && sec <= 59;
}

bool tl_date_valid(const char *s)
{
    static const int days[12] = {
        31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
    };
    int hi, lo, month, day, year;

    if (s == NULL) {
        return false;
    }
    /* two_digits stops at a NUL (no digit), so nothing past one is read */
    hi = two_digits(s);
    lo = hi < 0 ? -1 : two_digits(s + 2);
    if (hi < 0 || lo < 0 || s[4] != '-') {
        return false;
    }
    month = two_digits(s + 5);
    if (month < 1 || month > 12 || s[7] != '-') {
        return false;
    }
    day = two_digits(s + 8);
    if (day < 1 || day > days[month - 1]) {
        return false;
    }
    year = hi * 100 + lo;
    if (month == 2 && day == 29) {
        return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    }
    return true;
}

/* date_part - the n characters at s: all '?' (not known: 0), or digits
 * (their value), else -1. */
static int date_part(const char *s, int n)
{
    int v = 0;
    int unknown = 0;

    for (int i = 0; i < n; i++) {
        if (s[i] == '?') {
            unknown++;
        } else if (tl__is_digit(s[i])) {
            v = v * 10 + (s[i] - '0');
        } else {
            return -1;
        }
    }
    return unknown == n ? 0 : unknown == 0 ? v + 1 : -1;
}

bool tl_tag_date_ok(const char *v)
{
    char iso[48];               /* room for any int the format could take */
    int year;
    int month;
    int day;

    if (v == NULL) {
        return false;
    }
    if (v[0] == '\0' || strcmp(v, "?") == 0) {
        return true;            /* the format's default: not known */
    }
    /* the format's dots, or the dashes of a time stamp's day */
    if (strlen(v) != 10 || (v[4] != '.' && v[4] != '-') || v[7] != v[4]) {
        return false;
    }
    /* each part known (its value + 1) or not (0), on its own */
    year = date_part(v, 4);
    month = date_part(v + 5, 2);
    day = date_part(v + 8, 2);
    if (year < 0 || month < 0 || day < 0) {
        return false;
    }
    /* the day checked in the calendar, a part not known taken as one
     * that lets it stand: a leap year, a month of 31 days */
    snprintf(iso, sizeof(iso), "%04d-%02d-%02d",
             year > 0 ? year - 1 : 2000, month > 0 ? month - 1 : 1,
             day > 0 ? day - 1 : 1);
    if (month == 0 && day > 0) {
        return day - 1 >= 1 && day - 1 <= 31;
    }
    return tl_date_valid(iso);
}

/* read_stamp - "@HH:MM:SS" or "@YYYY-MM-DDTHH:MM:SS" into out (no '@'). */
static int read_stamp(struct parser *p, char out[TL_STAMP_MAX])
{
    size_t start = p->pos;
    const char *s = p->s + start + 1;
    size_t n;
    bool ok;

    while (p->pos < p->end && !tl__is_blank(p->s[p->pos])
           && p->s[p->pos] != '#') {
        p->pos++;
    }
    n = p->pos - start - 1;
    if (n == 8) {
        ok = time_valid(s);
    } else if (n == 19) {
        ok = tl_date_valid(s) && s[10] == 'T' && time_valid(s + 11);
    } else {
        ok = false;
    }
    if (!ok) {
        return tl__fail_span(p, start, n + 1, "a time stamp (@HH:MM:SS or "
                                              "@YYYY-MM-DDTHH:MM:SS)");
    }
    memcpy(out, s, n);
    out[n] = '\0';
    return 0;
}

/* is_name_char - may c be in a tag name (ASCII letters, digits, _)? */
static bool is_name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || tl__is_digit(c)
           || c == '_';
}

/* keep_comment - the comment of the line (full bytes long) begins at
 * byte at: kept in out (a line is at most TL_LINE_MAX bytes). */
static void keep_comment(struct tl_line *out, size_t at, size_t full)
{
    out->comment_at = (uint16_t)at;
    out->comment_len = (uint16_t)(full - at);
}

/* parse_tag - `[Name "value"]` at p->pos, value unescaped (\" and \\);
 * a comment after it kept (the line is full bytes long). */
static int parse_tag(struct parser *p, struct tl_line *out, size_t full)
{
    const char *s = p->s;
    char what[64];
    size_t start;
    size_t value_at = 0;
    size_t n = 0;

    out->kind = TL_TAG;
    p->pos++;
    tl__skip_blanks(p);
    start = p->pos;
    while (p->pos < p->end && is_name_char(s[p->pos])) {
        p->pos++;
    }
    if (p->pos == start) {
        return tl__fail_span(p, start, tl__next_token(p).n, "a tag name");
    }
    if (p->pos - start >= TL_TAG_NAME_MAX) {
        snprintf(what, sizeof(what), "a tag name of at most %d characters",
                 TL_TAG_NAME_MAX - 1);
        return tl__fail_span(p, start, p->pos - start, what);
    }
    memcpy(out->tag_name, s + start, p->pos - start);
    out->tag_name[p->pos - start] = '\0';
    tl__skip_blanks(p);
    if (p->pos >= p->end || s[p->pos] != '"') {
        start = p->pos;
        return tl__fail_span(p, start, tl__next_token(p).n,
                             "a quoted tag value");
    }
    p->pos++;
    value_at = p->pos;
    for (;;) {
        char c;

        if (p->pos >= p->end) {
            return tl__fail_span(p, p->end, 0, "a closing quote");
        }
        c = s[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c == '\\') {
            if (p->pos + 1 >= p->end
                || (s[p->pos + 1] != '"' && s[p->pos + 1] != '\\')) {
                return tl__fail_span(p, p->pos, p->pos + 1 < p->end ? 2 : 1,
                                     "\\\" or \\\\ (escapes in a tag value)");
            }
            c = s[++p->pos];
        }
        if (n + 1 >= TL_TAG_VALUE_MAX) {
            snprintf(what, sizeof(what), "a tag value of at most %d bytes",
                     TL_TAG_VALUE_MAX - 1);
            return tl__fail_span(p, p->pos, p->end - p->pos, what);
        }
        out->tag_value[n++] = c;
        p->pos++;
    }
    out->tag_value[n] = '\0';
    if (strcmp(out->tag_name, "Date") == 0 &&
        !tl_tag_date_ok(out->tag_value)) {
        /* where the sitting stands in the calendar (standings) */
        return tl__fail_span(p, value_at, p->pos - 1 - value_at,
                             "a Date of a real day, YYYY.MM.DD ('?' for "
                             "a part not known)");
    }
    tl__skip_blanks(p);
    if (p->pos >= p->end || s[p->pos] != ']') {
        start = p->pos;
        return tl__fail_span(p, start, tl__next_token(p).n, "]");
    }
    p->pos++;
    start = p->pos;
    tl__skip_blanks(p);
    if (p->pos < p->end && s[p->pos] != '#') {
        start = p->pos;
        return tl__fail_span(p, start, tl__next_token(p).n, "end of line");
    }
    if (p->pos < p->end) {
        keep_comment(out, start, full);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Parsing a line                                                       */
/* ------------------------------------------------------------------ */

/* event_clear - an event with every field zero / NONE. */
static void event_clear(struct table_event *ev)
{
    memset(ev, 0, sizeof(*ev));
    ev->kind = EV_NONE;
    ev->actor = SEAT_NONE;
    ev->target = SEAT_NONE;
    ev->suit = SUIT_NONE;
    ev->option = -1;
}

/*
 * utf8_bad - the offset of the first byte of s (n bytes) that is not part
 * of well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or a NUL; n if there is none.  A sequence cut
 * short is bad at its first byte.
 */
size_t tl_utf8_bad(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;

    while (i < n) {
        unsigned c = u[i];
        unsigned lo = 0x80;     /* range of the second byte */
        unsigned hi = 0xbf;
        size_t len;

        if (c == 0) {
            return i;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf) {
            len = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            len = 3;
            lo = c == 0xe0 ? 0xa0 : lo;
            hi = c == 0xed ? 0x9f : hi;
        } else if (c >= 0xf0 && c <= 0xf4) {
            len = 4;
            lo = c == 0xf0 ? 0x90 : lo;
            hi = c == 0xf4 ? 0x8f : hi;
        } else {
            return i;
        }
        if (n - i < len || u[i + 1] < lo || u[i + 1] > hi) {
            return i;
        }
        for (size_t k = 2; k < len; k++) {
            if ((u[i + k] & 0xc0) != 0x80) {
                return i;
            }
        }
        i += len;
    }
    return n;
}

char *tl_utf8_mend(const char *s, size_t n)
{
    size_t bad = tl_utf8_bad(s, n);
    size_t at = 0;
    size_t used = 0;
    char *out;

    if (n > (SIZE_MAX - 1) / 3) {
        return NULL;
    }
    /* room for U+FFFD at every byte only when one is needed */
    out = malloc(bad == n ? n + 1 : 3 * n + 1);
    if (out == NULL) {
        return NULL;
    }
    for (;;) {
        memcpy(out + used, s + at, bad - at);
        used += bad - at;
        if (bad == n) {
            break;
        }
        memcpy(out + used, "\xEF\xBF\xBD", 3);
        used += 3;
        at = bad + 1;
        bad = at + tl_utf8_bad(s + at, n - at);
    }
    out[used] = '\0';
    return out;
}

/* trim_end - move p->end back over trailing blanks, not before p->pos. */
static void trim_end(struct parser *p)
{
    while (p->end > p->pos && tl__is_blank(p->s[p->end - 1])) {
        p->end--;
    }
}

/* The order of the fields the two clears below rely on. */
_Static_assert(offsetof(struct tl_sitting, name) <
                       offsetof(struct tl_sitting, n) &&
                   offsetof(struct tl_sitting, roles.list) <
                       offsetof(struct tl_sitting, n_amounts) &&
                   offsetof(struct tl_sitting, n_amounts) <
                       offsetof(struct tl_sitting, amounts),
               "a sitting's scalars between its name and its lists");
_Static_assert(offsetof(struct tl_line, tag_value) <
                       offsetof(struct tl_line, ev) &&
                   offsetof(struct tl_line, ev) <
                       offsetof(struct tl_line, expect) &&
                   offsetof(struct tl_line, expect) <
                       offsetof(struct tl_line, score) &&
                   offsetof(struct tl_line, score) <
                       offsetof(struct tl_line, sit),
               "a line's event, expectation and score together, after the "
               "tag's value and before the sitting's fields");

/* sitting_clear - sit as a line naming no person and no amount: every
 * field zero but the bytes of the name past its NUL, and the entries of
 * the lists past their counts (never read). */
static void sitting_clear(struct tl_sitting *sit)
{
    memset(sit, 0, offsetof(struct tl_sitting, name));
    sit->name[0] = '\0';
    memset(&sit->n, 0,
           offsetof(struct tl_sitting, roles.list) -
               offsetof(struct tl_sitting, n));
    sit->n_amounts = 0;
}

/* line_clear - out as an empty line numbered line_no: every field zero
 * or NONE but the bytes of a text past its NUL (a tag's value, a
 * person's name) and the entries of a list past its count (struct
 * tl_line): clearing the whole struct, most of it lists of persons, was a
 * fifth of reading a line. */
static void line_clear(struct tl_line *out, int line_no)
{
    memset(out, 0, offsetof(struct tl_line, tag_value));
    out->tag_value[0] = '\0';
    memset(&out->ev, 0,
           offsetof(struct tl_line, sit) - offsetof(struct tl_line, ev));
    sitting_clear(&out->sit);
    out->kind = TL_BLANK;
    out->line_no = line_no;
    event_clear(&out->ev);
    out->expect.offender = SEAT_NONE;
    out->expect.elector = SEAT_NONE;
    out->expect.remedy = REM_NONE;
    out->comment_at = 0;        /* (after sit: cleared one by one) */
    out->comment_len = 0;
}

/* text_fail - the message of a line that is not text, at byte i of it
 * (0-based), into err; returns -1. */
PRINTF_LIKE(3, 4)
static int text_fail(struct tl_error *err, size_t i, const char *fmt, ...)
{
    va_list ap;

    err->col = (int)i + 1;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
    va_end(ap);
    return -1;
}

/*
 * printable_words - how many of the first bytes of text (len bytes there)
 * are printable ASCII (0x20 to 0x7E), counted 8 at a time: a whole word
 * is, unless some byte is below 0x20, or 0x7F, or has its high bit set
 * (the bit tricks of "Bit Twiddling Hacks": a byte below n makes the
 * borrow of x - n..n reach its high bit where x's is clear).  Stops at
 * the first word that is not; the bytes after it are not looked at.
 */
static size_t printable_words(const char *text, size_t len)
{
    const uint64_t ones = 0x0101010101010101u;
    const uint64_t highs = 0x8080808080808080u;
    size_t k = 0;

    while (len - k >= 8) {
        uint64_t x;
        uint64_t del;

        memcpy(&x, text + k, 8);
        del = x ^ (ones * 0x7F);
        if ((((x - ones * 0x20) & ~x) | ((del - ones) & ~del) | x) & highs) {
            break;
        }
        k += 8;
    }
    return k;
}

/*
 * check_text - the line (len bytes, its line end taken off) is text: no
 * CR inside it, well-formed UTF-8, no control character but the tab (C0,
 * DEL, C1).  Returns 0, or -1 with the column and message in err.
 */
static int check_text(const char *text, size_t len, struct tl_error *err)
{
    const char *cr = NULL;
    size_t bad;
    size_t k = printable_words(text, len);

    while (k < len && (((unsigned char)text[k] >= 0x20 &&
                        (unsigned char)text[k] < 0x7F) || text[k] == '\t')) {
        k++;                    /* printable ASCII, the common case: one pass */
    }
    if (k == len) {
        return 0;
    }
    cr = memchr(text, '\r', len);

    if (cr != NULL) {
        /* a CR not at the end: a log with old Mac line ends (CR alone)
         * would read as one line, and a comment swallow it */
        return text_fail(err, (size_t)(cr - text),
                         "expected a line end (LF, or CR LF), found a CR "
                         "alone (line ends of CR only are not read: "
                         "convert the file to LF)");
    }
    bad = tl_utf8_bad(text, len);
    if (bad < len) {
        /* the whole line, comment included, is UTF-8 text (docs/format.md) */
        return text_fail(err, bad, "expected UTF-8 text, found the byte "
                                   "0x%02X",
                         (unsigned char)text[bad]);
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        unsigned cp = c;

        if (c == 0xC2 && i + 1 < len &&
            (unsigned char)text[i + 1] >= 0x80 &&
            (unsigned char)text[i + 1] <= 0x9F) {
            cp = (unsigned char)text[i + 1]; /* C1: U+0080 to U+009F */
        } else if (c >= 0x20 && c != 0x7F) {
            continue;
        }
        if (cp == '\t') {
            continue;
        }
        /* a control character would reach a terminal or a page as a
         * command (an escape sequence): text has none */
        return text_fail(err, i,
                         "expected text, found the control character "
                         "U+%04X",
                         cp);
    }
    return 0;
}

/* parse_content - the line in p, checked as text, into out: a stamp,
 * then a tag, a `=` line, an event, or nothing (a comment, blanks); where
 * its comment begins kept. */
static int parse_content(struct parser *p, struct tl_line *out)
{
    const char *text = p->s;
    const char *hash;
    size_t full = p->end;

    trim_end(p);
    tl__skip_blanks(p);
    if (p->pos < p->end && text[p->pos] == '@') {
        if (read_stamp(p, out->stamp) < 0) {
            return -1;
        }
        tl__skip_blanks(p);
    }
    if (p->pos < p->end && text[p->pos] == '[') {
        return parse_tag(p, out, full);
    }
    hash = memchr(text + p->pos, '#', p->end - p->pos);
    if (hash != NULL) {
        p->end = (size_t)(hash - text);
        trim_end(p);
        /* a comment line is all of it; another line's, from its end */
        keep_comment(out, p->pos >= p->end && out->stamp[0] == '\0'
                              ? 0 : p->end, full);
    }
    if (p->pos >= p->end) {
        if (out->stamp[0] != '\0') {
            return tl__fail_span(p, p->end, 0, "an action or a table line");
        }
        return 0;
    }
    if (text[p->pos] == '=') {
        p->pos++;
        return parse_expect(p, out);
    }
    out->kind = TL_EVENT;
    return tl__parse_event(p, out);
}

int tl_parse_line(const char *text, size_t len, int line_no,
                  struct tl_line *out, struct tl_error *err)
{
    struct tl_error scratch;
    struct parser p;

    line_clear(out, line_no);
    if (err == NULL) {
        err = &scratch;
    }
    err->line = line_no;
    err->col = 0;
    err->msg[0] = '\0';
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r')) {
        len--;
    }
    if (check_text(text, len, err) < 0) {
        return -1;
    }
    p.s = text;
    p.end = len;
    p.pos = 0;
    p.err = err;
    return parse_content(&p, out);
}
