/* SPDX-License-Identifier: MIT */
/*
 * write.c - the canonical text of a line of a log: events (upper-case
 * cards, `T`, suit letters, single spaces), the sitting's lines, tags
 * with their escapes, and `=` lines, into a caller's buffer, truncated
 * when it is full; and an event line's fields as the ledger keeps them.
 *
 * The writer of an event line notes where the words after its verb begin
 * (its *head), so that tl_event_fields finds them in the text it wrote,
 * without reading that text again.
 */
#include "tablelog/tablelog.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
    k = strlen(s);
    k = k < room ? k : room;
    memcpy(b->buf + b->len, s, k);
    b->len += k;
    b->buf[b->len] = '\0';
}

/* sb_chr - append the character c, if it fits. */
static void sb_chr(struct sbuf *b, char c)
{
    if (b->n == 0 || b->len + 1 >= b->n) {
        return;
    }
    b->buf[b->len++] = c;
    b->buf[b->len] = '\0';
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

/* verb_opens - does a line of kind k open with its verb (a table line:
 * "game", "deal A", "found B holds 4"), rather than with a seat ("A
 * gives ...")? */
static bool verb_opens(enum event_kind k)
{
    switch (k) {
    case EV_NONE:
    case EV_GAME:
    case EV_END:
    case EV_STRIKE:
    case EV_SCORE:
    case EV_DEAL:
    case EV_FOUND_FACED:
    case EV_FOUND_HOLDS:
    case EV_FOUND_IMPERFECT:
        return true;
    default:
        return false;
    }
}

/* sb_table_line - the words after the verb of a table line (game, end,
 * strike, score, deal, found). */
static void sb_table_line(struct sbuf *b, const struct table_event *ev)
{
    switch (ev->kind) {
    case EV_SCORE:
        sb_add(b, " A %d B %d", ev->score[SEAT_A], ev->score[SEAT_B]);
        break;
    case EV_DEAL:
        sb_add(b, " %c", seat_letter(ev->actor));
        if (ev->flags & EVF_PACK) {
            sb_add(b, " pack %c", seat_letter(ev->target));
        }
        break;
    case EV_FOUND_FACED:
        sb_str(b, " faced");
        sb_first_card(b, ev);
        break;
    case EV_FOUND_HOLDS:
        sb_add(b, " %c holds %d", seat_letter(ev->target), ev->n);
        break;
    case EV_FOUND_IMPERFECT:
        sb_str(b, " pack imperfect");
        sb_cards(b, ev);
        break;
    default:
        break;                  /* game, end, strike: the verb alone */
    }
}

/*
 * format_event - the canonical text of ev appended to b, and in *head the
 * offset in b's buffer where the words after its verb begin (at the
 * space before them; b's end if there are none).
 */
static void format_event(struct sbuf *b, const struct table_event *ev,
                         size_t *head)
{
    if (ev->kind == EV_NONE) {
        *head = b->len;
        return;
    }
    if (!verb_opens(ev->kind)) {
        sb_chr(b, seat_letter(ev->actor));
        sb_chr(b, ' ');
    }
    sb_str(b, event_verb(ev->kind));
    *head = b->len;
    if (verb_opens(ev->kind)) {
        sb_table_line(b, ev);
    } else {
        sb_action(b, ev);
    }
}

char *tl_format_event(const struct table_event *ev, char *buf, size_t n)
{
    struct sbuf b;
    size_t head;

    sb_init(&b, buf, n);
    format_event(&b, ev, &head);
    return buf;
}

const char *tl_event_args(const struct table_event *ev, const char *text)
{
    size_t skip = strlen(event_verb(ev->kind));
    size_t len = strlen(text);

    if (!verb_opens(ev->kind)) {
        skip += 2; /* "X verb" */
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
    struct sbuf b;
    size_t head;

    sb_init(&b, text, sizeof(text));
    format_event(&b, ev, &head);
    if (text[head] == ' ') {
        head++;
    }
    if (n > 0) {
        snprintf(buf, n, "%s", text + head);
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

/* sb_escaped - the text v with each `"` and `\` escaped by a `\` (a
 * tag's value, a person's name). */
static void sb_escaped(struct sbuf *b, const char *v)
{
    for (; *v != '\0'; v++) {
        if (*v == '"' || *v == '\\') {
            sb_chr(b, '\\');
        }
        sb_chr(b, *v);
    }
}

/* ------------------------------------------------------------------ */
/* The sitting's lines (docs/variants.md, tables of three or more)                            */
/* ------------------------------------------------------------------ */

/* sb_roles - the words of a roles line after "roles" (or "= roles"). */
static void sb_roles(struct sbuf *b, const struct tl_roles *r)
{
    const char *list = "queue";

    switch (r->form) {
    case TL_ROLES_CHOUETTE:
        sb_add(b, " bank %s ponte %s", r->first, r->second);
        list = "advisers";
        break;
    case TL_ROLES_PLAYERS:
        sb_add(b, " players %s %s", r->first, r->second);
        break;
    case TL_ROLES_ROI:
        sb_add(b, " roi %s streak %d", r->first, r->streak);
        if (r->second[0] != '\0') {
            sb_add(b, " rentrant %s", r->second);
        }
        break;
    case TL_ROLES_GALLERY:
        sb_add(b, " A %s B %s", r->first, r->second);
        break;
    default:
        return;
    }
    if (r->n > 0) {
        sb_add(b, " %s", list);
        for (int i = 0; i < r->n; i++) {
            sb_add(b, " %s", r->list[i]);
        }
    }
}

/* format_sitting_expect - a `=` line of the sitting (settle, pool, roles,
 * bets). */
static void format_sitting_expect(struct sbuf *b, const struct tl_line *l)
{
    const struct tl_sitting *sit = &l->sit;

    switch (l->kind) {
    case TL_EXPECT_SETTLE:
        sb_str(b, "= settle");
        for (int i = 0; i < sit->n_amounts; i++) {
            sb_add(b, " %s %+d", sit->amounts[i].who, (int)sit->amounts[i].n);
        }
        break;
    case TL_EXPECT_POOL:
        sb_add(b, "= pool %d", (int)sit->n);
        break;
    case TL_EXPECT_ROLES:
        sb_str(b, "= roles");
        sb_roles(b, &sit->roles);
        break;
    case TL_EXPECT_BETS:
        sb_add(b, "= bets A %d B %d", (int)sit->bets[SEAT_A],
               (int)sit->bets[SEAT_B]);
        if (sit->n_amounts > 0) {
            sb_str(b, " refund");
        }
        for (int i = 0; i < sit->n_amounts; i++) {
            sb_add(b, " %s %d", sit->amounts[i].who, (int)sit->amounts[i].n);
        }
        break;
    default:
        break;
    }
}

/* sb_sitting_table - the words after the verb of a table line of the
 * sitting (person, seat, roles, pool). */
static void sb_sitting_table(struct sbuf *b, const struct tl_line *l)
{
    const struct tl_sitting *sit = &l->sit;

    switch (l->ev.kind) {
    case EV_PERSON:
        sb_add(b, " %s \"", sit->who);
        sb_escaped(b, sit->name);
        sb_chr(b, '"');
        break;
    case EV_SEAT:
        sb_add(b, " %c %s", seat_letter(l->ev.target), sit->who);
        break;
    case EV_ROLES:
        sb_roles(b, &sit->roles);
        break;
    case EV_POOL:
        sb_add(b, " %d", (int)sit->n);
        break;
    default:
        break;
    }
}

/* sb_person_action - the words after "ID verb" for an action of a
 * person. */
static void sb_person_action(struct sbuf *b, const struct tl_line *l)
{
    const struct tl_sitting *sit = &l->sit;
    const struct table_event *ev = &l->ev;

    switch (ev->kind) {
    case EV_CUT_FOR_DEAL:
        sb_cards(b, ev);
        break;
    case EV_STAKES:
        sb_add(b, " %d", (int)sit->n);
        break;
    case EV_BETS:
        sb_add(b, " %d on %c", (int)sit->n, seat_letter(ev->target));
        if (sit->odds[0] > 0) {
            sb_add(b, " at %d:%d", sit->odds[0], sit->odds[1]);
        }
        break;
    case EV_COVERS:
        sb_add(b, " %s", sit->who);
        if (sit->n > 0) {
            sb_add(b, " %d", (int)sit->n);
        }
        break;
    case EV_SEES:
    case EV_ADVISES:
    case EV_TAKES_SEAT:
        sb_add(b, " %c", seat_letter(ev->target));
        break;
    case EV_POINTS:
        sb_add(b, " %c", seat_letter(ev->target));
        sb_first_card(b, ev);
        break;
    case EV_CALLS:
        if (sit->law >= 0 && sit->law < LAW_COUNT) {
            sb_add(b, " %s", laws_get((enum law_id)sit->law)->id);
        }
        break;
    default:
        break;
    }
}

/* format_sitting_event - the canonical text of l, an event line of the
 * sitting (tl_is_sitting), appended to b; *head as format_event's. */
static void format_sitting_event(struct sbuf *b, const struct tl_line *l,
                                 size_t *head)
{
    switch (l->ev.kind) {
    case EV_PERSON:
    case EV_SEAT:
    case EV_ROLES:
    case EV_POOL:
        sb_str(b, event_verb(l->ev.kind));
        *head = b->len;
        sb_sitting_table(b, l);
        return;
    default:
        break;
    }
    if (l->sit.actor[0] == '\0') {
        format_event(b, &l->ev, head); /* S leaves, S takes-all-bets */
        return;
    }
    sb_str(b, l->sit.actor);
    sb_chr(b, ' ');
    sb_str(b, event_verb(l->ev.kind));
    *head = b->len;
    sb_person_action(b, l);
}

/* ------------------------------------------------------------------ */
/* Whole lines                                                          */
/* ------------------------------------------------------------------ */

/*
 * format_line - the canonical text of l appended to b (its "@stamp "
 * first); for an event line, *head as format_event's, else the end of
 * the stamp.
 */
static void format_line(struct sbuf *b, const struct tl_line *l,
                        size_t *head)
{
    *head = b->len;
    if (l->kind == TL_BLANK) {
        return;
    }
    if (l->stamp[0] != '\0') {
        sb_add(b, "@%s ", l->stamp);
        *head = b->len;
    }
    switch (l->kind) {
    case TL_TAG:
        sb_add(b, "[%s \"", l->tag_name);
        sb_escaped(b, l->tag_value);
        sb_str(b, "\"]");
        break;
    case TL_EVENT:
        if (tl_is_sitting(l)) {
            format_sitting_event(b, l, head);
        } else {
            format_event(b, &l->ev, head);
        }
        break;
    case TL_EXPECT_SETTLE:
    case TL_EXPECT_POOL:
    case TL_EXPECT_ROLES:
    case TL_EXPECT_BETS:
        format_sitting_expect(b, l);
        break;
    case TL_EXPECT_RULING:
        format_expect(b, &l->expect);
        break;
    case TL_EXPECT_SCORE:
        sb_add(b, "= score A %d B %d", l->score[SEAT_A], l->score[SEAT_B]);
        break;
    case TL_EXPECT_VALUE:
        sb_add(b, "= value %d", l->score[0]);
        break;
    default:
        break;
    }
}

char *tl_format_line(const struct tl_line *l, char *buf, size_t n)
{
    struct sbuf b;
    size_t head;

    sb_init(&b, buf, n);
    format_line(&b, l, &head);
    return buf;
}

/* copy_text - s into out (size n), cut if it does not fit. */
static void copy_text(char *out, size_t n, const char *s)
{
    struct sbuf b;

    sb_init(&b, out, n);
    sb_str(&b, s);
}

int tl_event_fields(const struct tl_line *line, struct tl_fields *out)
{
    const struct table_event *ev = &line->ev;
    struct sbuf b;
    size_t head;

    sb_init(&b, out->text, sizeof(out->text));
    out->args = out->text;
    out->stamp[0] = '\0';
    out->actor[0] = '\0';
    out->verb[0] = '\0';
    out->cards[0] = '\0';
    if (line->kind != TL_EVENT) {
        return -1;
    }
    format_line(&b, line, &head);
    out->args = out->text + head + (out->text[head] == ' ' ? 1 : 0);
    copy_text(out->stamp, sizeof(out->stamp), line->stamp);
    if (line->sit.actor[0] != '\0') {
        copy_text(out->actor, sizeof(out->actor), line->sit.actor);
    } else if (ev->actor != SEAT_NONE) {
        out->actor[0] = seat_letter(ev->actor);
        out->actor[1] = '\0';
    }
    assert(strlen(event_verb(ev->kind)) < sizeof(out->verb));
    copy_text(out->verb, sizeof(out->verb), event_verb(ev->kind));
    sb_init(&b, out->cards, sizeof(out->cards));
    for (int i = 0; i < ev->n_cards && i < EVENT_CARDS_MAX; i++) {
        char card[CARD_TEXT_MAX];

        if (i > 0) {
            sb_chr(&b, ' ');
        }
        sb_str(&b, card_format(ev->cards[i], card));
    }
    return 0;
}
