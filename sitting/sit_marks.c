/* SPDX-License-Identifier: MIT */
/*
 * sit_marks.c - what the sitting's `=` lines should say: the canonical
 * words of a settle, pool, roles or bets line, and the text of the state
 * now for each kind.
 */
#include "sitting/sitting.h"

#include <stdio.h>
#include <string.h>

#include "sitting/sitting_int.h"

/* ------------------------------------------------------------------ */
/* What the `=` lines should say                                        */
/* ------------------------------------------------------------------ */

int sitting_mark_kind(enum tl_kind kind)
{
    switch (kind) {
    case TL_EXPECT_SETTLE:
        return SIT_MARK_SETTLE;
    case TL_EXPECT_POOL:
        return SIT_MARK_POOL;
    case TL_EXPECT_ROLES:
        return SIT_MARK_ROLES;
    case TL_EXPECT_BETS:
        return SIT_MARK_BETS;
    default:
        return -1;
    }
}

char *sitting_mark_text(const struct tl_line *l, char *buf, size_t n)
{
    struct tl_line bare;
    char text[TL_LINE_MAX];

    memcpy(&bare, l, sizeof(bare));
    bare.stamp[0] = '\0';
    tl_normalize(&bare);
    tl_format_line(&bare, text, sizeof(text));
    snprintf(buf, n, "%s", strncmp(text, "= ", 2) == 0 ? text + 2 : text);
    return buf;
}

/* at_risk - what the bettors of each seat risk on the game: in a
 * tableau each bet as it stands (its refund handed back); else each
 * cover, the bettor's part on his seat, the coverer's (at the odds) on
 * the other. */
static void at_risk(const struct sit_state *s, int risk[2])
{
    risk[0] = risk[1] = 0;
    for (int i = 0; i < s->n_bets; i++) {
        const struct sit_bet *b = &s->bets[i];

        if (b->dead) {
            continue;
        }
        if (s->r.tableau) {
            risk[b->seat] += b->amount - b->refund;
            continue;
        }
        for (int k = 0; k < b->n_covers; k++) {
            risk[b->seat] += b->covers[k].amount;
            risk[SEAT_OTHER(b->seat)] += laws_cover_against(b, k);
        }
    }
}

char *sit__now_text(const struct sit_state *s, enum tl_kind kind, char *buf,
                    size_t n)
{
    struct tl_line line;

    buf[0] = '\0';
    memset(&line, 0, offsetof(struct tl_line, sit));
    line.kind = kind;
    line.sit.n_amounts = 0;
    switch (kind) {
    case TL_EXPECT_POOL:
        if (!s->pool_on) {
            return buf;
        }
        line.sit.n = s->pool;
        break;
    case TL_EXPECT_ROLES:
        sit__ops(s)->roles_now(s, &line.sit.roles);
        if (line.sit.roles.form == TL_ROLES_NONE) {
            return buf;
        }
        break;
    case TL_EXPECT_BETS: {
        int any = 0;

        at_risk(s, line.sit.bets);
        for (int i = 0; i < s->n_bets; i++) {
            any += !s->bets[i].dead;
            if (s->bets[i].refund > 0 &&
                line.sit.n_amounts < TL_IDS_MAX + 1) {
                struct tl_amount *a = &line.sit.amounts[line.sit.n_amounts];
                int k;

                for (k = 0; k < line.sit.n_amounts; k++) {
                    if (strcmp(line.sit.amounts[k].who,
                               sit__id(s, s->bets[i].bettor)) == 0) {
                        break;
                    }
                }
                if (k < line.sit.n_amounts) {
                    line.sit.amounts[k].n += s->bets[i].refund;
                    continue;
                }
                snprintf(a->who, sizeof(a->who), "%s",
                         sit__id(s, s->bets[i].bettor));
                a->n = s->bets[i].refund;
                line.sit.n_amounts++;
            }
        }
        if (any == 0 && line.sit.n_amounts == 0) {
            return buf;
        }
        break;
    }
    default:
        return buf;
    }
    return sitting_mark_text(&line, buf, n);
}

char *sitting_now_text(const struct sitting *s, enum tl_kind kind, char *buf,
                       size_t n)
{
    return sit__now_text(&s->s, kind, buf, n);
}
