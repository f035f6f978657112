/*
 * write.c - the canonical text of a line of a log: events (upper-case
 * cards, `T`, suit letters, single spaces), tags with their escapes, and
 * `=` lines, into a caller's buffer, truncated when it is full.
 */
#include "tablelog/tablelog.h"

#include <stdarg.h>
#include <stdio.h>

#include "tablelog/tablelog_int.h"

/* Output into a caller's buffer, truncated (and terminated) when full. */
struct sbuf {
    char *buf;
    size_t n;                   /* size of buf */
    size_t len;                 /* bytes written, < n when n > 0 */
};

/* sb_init - b writes into buf (n bytes, 0: nothing is written), which
 * starts empty. */
static void sb_init(struct sbuf *b, char *buf, size_t n)
{
    b->buf = buf;
    b->n = n;
    b->len = 0;
    if (n > 0) {
        buf[0] = '\0';
    }
}

/* sb_add - append printf-style text, keeping what fits. */
PRINTF_LIKE(2, 3)
static void sb_add(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int w;

    if (b->n == 0 || b->len + 1 >= b->n) {
        return;
    }
    va_start(ap, fmt);
    w = vsnprintf(b->buf + b->len, b->n - b->len, fmt, ap);
    va_end(ap);
    if (w < 0) {
        b->buf[b->len] = '\0';
        return;
    }
    b->len += (size_t)w;
    if (b->len >= b->n) {
        b->len = b->n - 1;
    }
}

/* sb_str - append the string s, keeping what fits (as sb_add would,
 * without parsing a format: the hot path of every event written). */
static void sb_str(struct sbuf *b, const char *s)
{
    size_t room;
    size_t k = 0;

    if (b->n == 0 || b->len + 1 >= b->n) {
        return;
    }
    room = b->n - 1 - b->len;
    while (k < room && s[k] != '\0') {
        b->buf[b->len + k] = s[k];
        k++;
    }
    b->len += k;
    b->buf[b->len] = '\0';
}

/* sb_chr - append the character c, if it fits. */
static void sb_chr(struct sbuf *b, char c)
{
    char s[2] = {c, '\0'};

    sb_str(b, s);
}

/* sb_int - append the decimal text of v, keeping what fits. */
static void sb_int(struct sbuf *b, int v)
{
    char rev[16];
    char s[16];
    int k = 0;
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

    do {
        rev[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0) {
        s[n++] = '-';
    }
    while (k > 0) {
        s[n++] = rev[--k];
    }
    s[n] = '\0';
    sb_str(b, s);
}

/* sb_cards - " C C ..." for the listed cards of ev. */
static void sb_cards(struct sbuf *b, const struct table_event *ev)
{
    char card[CARD_TEXT_MAX];
    int i;
    int n = ev->n_cards < EVENT_CARDS_MAX ? ev->n_cards : EVENT_CARDS_MAX;

    for (i = 0; i < n; i++) {
        sb_chr(b, ' ');
        sb_str(b, card_format(ev->cards[i], card));
    }
}

/* sb_first_card - " C" for the first card of ev, if it has one. */
static void sb_first_card(struct sbuf *b, const struct table_event *ev)
{
    char card[CARD_TEXT_MAX];

    if (ev->n_cards > 0) {
        sb_chr(b, ' ');
        sb_str(b, card_format(ev->cards[0], card));
    }
}

/* sb_action - the words after "X verb" for an action. */
static void sb_action(struct sbuf *b, const struct table_event *ev)
{
    char card[CARD_TEXT_MAX];

    switch (ev->kind) {
    case EV_CUT_FOR_DEAL:
    case EV_TURN:
    case EV_CLAIM:
    case EV_SHOW:
        sb_cards(b, ev);
        break;
    case EV_SHUFFLE:
        if (ev->flags & EVF_FACES_SHOWN) {
            sb_add(b, " faces-shown");
        } else if (ev->flags & EVF_BELOW_TABLE) {
            sb_add(b, " below-table");
        }
        break;
    case EV_CUT:
        sb_chr(b, ' ');
        sb_int(b, ev->n);
        if ((ev->flags & EVF_EXPOSED) && ev->n_cards > 0) {
            sb_add(b, " exposed %s", card_format(ev->cards[0], card));
        }
        break;
    case EV_PACKETS:
        sb_add(b, " %s", ev->option == 2 ? "2-3" : "3-2");
        break;
    case EV_GIVE:
        sb_chr(b, ' ');
        sb_chr(b, seat_letter(ev->target));
        /* fall through */
    case EV_DISCARD:
    case EV_DRAW:
        sb_chr(b, ' ');
        sb_int(b, ev->n);
        sb_cards(b, ev);
        break;
    case EV_ASK:
    case EV_MARK:
    case EV_UNMARK:
    case EV_RESHUFFLE:
        sb_chr(b, ' ');
        sb_int(b, ev->n);
        break;
    case EV_VETO:
        sb_first_card(b, ev);
        break;
    case EV_EXPOSE:
        sb_first_card(b, ev);
        sb_add(b, " to %c", seat_letter(ev->target));
        break;
    case EV_MARK_KING:
    case EV_ANNOUNCE:
    case EV_WITHDRAW:
        sb_add(b, " king");
        break;
    case EV_ACCEPT:
        if (ev->flags & EVF_IF_ENOUGH) {
            sb_add(b, " if-enough");
        }
        break;
    case EV_LEAD:
        sb_first_card(b, ev);
        if ((ev->flags & EVF_CALLING) && ev->suit >= 0
            && ev->suit < SUIT_COUNT) {
            sb_add(b, " calling %c", suit_letter(ev->suit));
        }
        break;
    case EV_PLAY:
    case EV_TAKE_BACK:
        sb_first_card(b, ev);
        break;
    case EV_ELECT:
        if (ev->option >= 0 && ev->option < OPT_COUNT) {
            sb_add(b, " %s", option_name((enum law_option)ev->option));
        }
        if (ev->option == OPT_TRUMP) {
            sb_first_card(b, ev);
        }
        break;
    default:
        break;
    }
}

char *tl_format_event(const struct table_event *ev, char *buf, size_t n)
{
    struct sbuf b;
    char card[CARD_TEXT_MAX];

    sb_init(&b, buf, n);
    switch (ev->kind) {
    case EV_NONE:
        break;
    case EV_GAME:
    case EV_END:
    case EV_STRIKE:
        sb_str(&b, event_verb(ev->kind));
        break;
    case EV_SCORE:
        sb_add(&b, "score A %d B %d", ev->score[SEAT_A], ev->score[SEAT_B]);
        break;
    case EV_DEAL:
        sb_add(&b, "deal %c", seat_letter(ev->actor));
        if (ev->flags & EVF_PACK) {
            sb_add(&b, " pack %c", seat_letter(ev->target));
        }
        break;
    case EV_FOUND_FACED:
        sb_add(&b, "found faced");
        if (ev->n_cards > 0) {
            sb_add(&b, " %s", card_format(ev->cards[0], card));
        }
        break;
    case EV_FOUND_HOLDS:
        sb_add(&b, "found %c holds %d", seat_letter(ev->target), ev->n);
        break;
    case EV_FOUND_IMPERFECT:
        sb_add(&b, "found pack imperfect");
        sb_cards(&b, ev);
        break;
    default:
        sb_chr(&b, seat_letter(ev->actor));
        sb_chr(&b, ' ');
        sb_str(&b, event_verb(ev->kind));
        sb_action(&b, ev);
        break;
    }
    return buf;
}

const char *tl_event_args(const struct table_event *ev, const char *text)
{
    size_t skip = strlen(event_verb(ev->kind));
    size_t len = strlen(text);

    switch (ev->kind) {
    case EV_NONE:
    case EV_GAME:
    case EV_END:
    case EV_STRIKE:
    case EV_SCORE:
    case EV_DEAL:
    case EV_FOUND_FACED:
    case EV_FOUND_HOLDS:
    case EV_FOUND_IMPERFECT:
        break; /* the verb opens the line */
    default:
        skip += 2; /* "X verb" */
        break;
    }
    skip = skip < len ? skip : len;
    while (text[skip] == ' ') {
        skip++;
    }
    return text + skip;
}

char *tl_format_args(const struct table_event *ev, char *buf, size_t n)
{
    char text[TL_LINE_MAX];

    tl_format_event(ev, text, sizeof(text));
    if (n > 0) {
        snprintf(buf, n, "%s", tl_event_args(ev, text));
    }
    return buf;
}

char *tl_format_score(int a, int b, char *buf, size_t n)
{
    if (n > 0) {
        snprintf(buf, n, "= score A %d B %d", a, b);
    }
    return buf;
}

/* format_expect - "= ruling L43 ..." naming the fields of x->has. */
static void format_expect(struct sbuf *b, const struct tl_expect *x)
{
    int o;
    const char *sep = " options ";

    sb_add(b, "= ruling %s", laws_get(x->law)->id);
    if ((x->has & TLX_OFFENDER) && x->offender_id[0] != '\0') {
        sb_add(b, " offender %s", x->offender_id);
    } else if (x->has & TLX_OFFENDER) {
        sb_add(b, " offender %c", seat_letter(x->offender));
    }
    if ((x->has & TLX_ELECTOR) && x->elector_id[0] != '\0') {
        sb_add(b, " elector %s", x->elector_id);
    } else if (x->has & TLX_ELECTOR) {
        sb_add(b, " elector %c", seat_letter(x->elector));
    }
    if (x->has & TLX_OPTIONS) {
        for (o = 0; o < OPT_COUNT; o++) {
            if (x->options & OPT_BIT(o)) {
                sb_add(b, "%s%s", sep, option_name((enum law_option)o));
                sep = ",";
            }
        }
    }
    if ((x->has & TLX_REMEDY) && x->remedy >= 0 && x->remedy < REM_COUNT) {
        sb_add(b, " remedy %s", remedy_name((enum remedy)x->remedy));
    }
}

char *tl_format_line(const struct tl_line *l, char *buf, size_t n)
{
    struct sbuf b;
    const char *v;

    sb_init(&b, buf, n);
    if (l->kind == TL_BLANK) {
        return buf;
    }
    if (l->stamp[0] != '\0') {
        sb_add(&b, "@%s ", l->stamp);
    }
    switch (l->kind) {
    case TL_TAG:
        sb_add(&b, "[%s \"", l->tag_name);
        for (v = l->tag_value; *v != '\0'; v++) {
            if (*v == '"' || *v == '\\') {
                sb_add(&b, "\\%c", *v);
            } else {
                sb_add(&b, "%c", *v);
            }
        }
        sb_add(&b, "\"]");
        break;
    case TL_EVENT:
        if (b.len + 1 < b.n && tl_is_sitting(l)) {
            tl__format_sitting(l, buf + b.len, b.n - b.len);
        } else if (b.len + 1 < b.n) {
            tl_format_event(&l->ev, buf + b.len, b.n - b.len);
        }
        break;
    case TL_EXPECT_SETTLE:
    case TL_EXPECT_POOL:
    case TL_EXPECT_ROLES:
    case TL_EXPECT_BETS:
        if (b.len + 1 < b.n) {
            tl__format_sitting(l, buf + b.len, b.n - b.len);
        }
        break;
    case TL_EXPECT_RULING:
        format_expect(&b, &l->expect);
        break;
    case TL_EXPECT_SCORE:
        sb_add(&b, "= score A %d B %d", l->score[SEAT_A], l->score[SEAT_B]);
        break;
    case TL_EXPECT_VALUE:
        sb_add(&b, "= value %d", l->score[0]);
        break;
    default:
        break;
    }
    return buf;
}
