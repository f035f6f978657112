/* SPDX-License-Identifier: MIT */
/*
 * season.h - the standings of a season: per MEMBER (a person of the
 * club, known by the same spelling across sittings) over the sittings
 * chosen (by date, laws and format), his sittings, games played, won and
 * lost by value, rubbers, points for and against, money at staked tables
 * (the nets summing to zero with the house's levy and what went to
 * people who are no member), irregularities by law and the penalty
 * points they cost, and the long-run statistics of the audit (kings
 * turned up as dealer, kings of trumps held, proposals) with their
 * probabilities against chance over the whole season.
 *
 * The counting that can be SQL (games, points, money) is one portable
 * query, season_standings_sql (standard SQL that runs unchanged on
 * SQLite and PostgreSQL), giving rows per sitting and member; the
 * statistics come from the audit's walk of each sitting chosen
 * (audit_collect), its players mapped to members.  Nothing here prints:
 * `ecarte standings` (cli/cmd_standings.c) and the report's season page
 * (report/report_season.c) lay the result out.
 */
#ifndef ECARTE_SEASON_SEASON_H
#define ECARTE_SEASON_SEASON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit/audit.h"

/*
 * season_standings_sql - the counting part of the standings, one query
 * with no parameter, in standard SQL (CTEs, CASE, SUM, explicit CAST;
 * no function or operator of one engine only), to be run unchanged in
 * psql against the same rows.  One row per (sitting, kind, member),
 * ordered by sitting_id, kind, member; its columns:
 *
 *   sitting_id      the sitting
 *   sitting_date    'YYYY-MM-DD': its Date tag ('YYYY.MM.DD' with '-'),
 *                   or the day it was opened when it has none or one
 *                   with a part not known ('?', '2026.??.??')
 *   laws            its Laws tag, '' if none (london)
 *   format          its Format tag, '' if none (duel)
 *   kind            'member'; 'other' (money or games of seats and
 *                   persons who are no member: placeholders "Player A",
 *                   "Player B", "?", unnamed); 'house' (the levy)
 *   member          the member's name ('' for other and house)
 *   games           games ended in which he sat in a seat at their end
 *   won, lost       of them, won and lost (not a game against himself)
 *   won_single, won_double, won_treble      won by value (1, 2, 3)
 *   lost_single, lost_double, lost_treble   lost by value
 *   points_for      the game points of his seat in those games
 *   points_against  the other seat's
 *   money_won       the sum over the sitting's settlements of what each
 *                   gave him, net of what it took from him (>= 0)
 *   money_lost      the sum of what each took from him, net (>= 0)
 *   money_net       money_won - money_lost
 *   transfers       the transfers counted (0: no money moved)
 *   self_games      games against himself (of games): both seats his
 *
 * A member is counted once per game and once per settlement, however
 * many of his spellings are in it.  A game whose two seats are one
 * member's (two spellings joined by member_join, or one name in both
 * seats) is one game against himself: in games and self_games, neither
 * won nor lost, no value, no points for or against.  A settlement's
 * transfers to his spellings are netted: what he paid himself is
 * neither money won nor lost.  Those who are no member are kept apart
 * by seat and by person.
 *
 * The member of a seat or a person is ledger_member_of's rule, in SQL: a
 * decision member_apart for that sitting and who, else the end of the
 * member_join chain from his name, else the name itself: a seat of a
 * game nobody declared sat in (a duel) is named by its A/B tag's value
 * (at a table with persons a seat is no member), a person by the
 * person table's name for his code; "", "?", "A", "B", "Player A" and
 * "Player B" are no member.  The sum of money_net over all rows of a
 * sitting is zero.  The query reads member_join and member_apart
 * (schema version 5); an older ledger is counted by the same text
 * without them.
 */
extern const char season_standings_sql[];

/* The placeholders that are never a member (ledger_member_placeholder:
 * "", "?", the seat letters "A" and "B", "Player A", "Player B"). */
bool season_placeholder(const char *spelling);

/*
 * season_member_of - the member who is who in sitting of l ('A'/'B' for
 * a duel's seat, a person's code at a table of three or more) into out
 * (n bytes): "" if he is none.  ledger_member_of's answer (who "" is
 * nobody).  Returns 0 or a negative ledger code.
 */
int season_member_of(struct ledger *l, int64_t sitting, const char *who,
                     char *out, size_t n);

/* Which sittings a season takes (every field NULL or "": no limit). */
struct season_filter {
    const char *since;          /* 'YYYY-MM-DD' (or 'YYYY.MM.DD'): on or after */
    const char *until;          /* on or before */
    const char *laws;           /* the Laws tag, whole (the same laws in
                                   their canonical form: case, blanks
                                   and defaults written do not matter)
                                   or its preset alone */
    const char *format;         /* duel, chouette, pool or gallery */
};

/* One sitting of a member's season (the report's chart). */
struct season_evening {
    int64_t sitting;
    char date[16];              /* 'YYYY-MM-DD' */
    int points_net;             /* points for - against in it */
    long money_net;
};

#define SEASON_NAME_MAX TL_TAG_VALUE_MAX

/* A member's season. */
struct season_member {
    char name[SEASON_NAME_MAX];
    int sittings;               /* once each, however many of his
                                   spellings sat in it */
    int games, won, lost;       /* games once each; won + lost +
                                   games_self == games */
    int games_self;             /* games against himself: both seats his
                                   (two of his spellings joined, or one
                                   name in both), neither won nor lost,
                                   no points, no rubber */
    int won_by[3], lost_by[3];  /* by value: single, double, treble */
    int rubbers_won, rubbers_lost;
    long points_for, points_against;
    bool staked;                /* money moved for him */
    long money_won, money_lost, money_net;
    struct audit_tally t;       /* the audit's counts over the season:
                                   irregularities by law, penalty points,
                                   deals dealt, kings, proposals */
    struct season_evening *evenings; /* in order of date, then sitting */
    int n_evenings;
};

/* A season: its members in order of name, and the money's check. */
struct season {
    struct season_member *members;
    int n_members;
    int sittings;               /* sittings chosen */
    int64_t *sitting_ids;       /* their ids, in order */
    long members_net;           /* the members' nets summed */
    long others_net;            /* what went to those who are no member */
    long house_net;             /* the house's levy */
    bool balanced;              /* the three sum to zero */
    int flags;                  /* statistics flagged over the season */
};

/*
 * season_standings - the season of l that f chooses (NULL: every
 * sitting) into *out (owned: season_free): season_standings_sql run and
 * its rows for the chosen sittings summed per member, rubbers counted
 * from each duel's games in order, and each chosen sitting walked by
 * the audit (audit_collect) with its players' tallies added to their
 * members'.  Read in the caller's transaction, if one is open.  Returns
 * 0, or -1 with why in err (err_n bytes).
 */
int season_standings(struct ledger *l, const struct season_filter *f,
                     struct season **out, char *err, size_t err_n);

/* season_free - free s (NULL is fine). */
void season_free(struct season *s);

/* A member's statistic against chance over the season. */
struct season_stat {
    const char *kind;           /* kings-turned, king-held,
                                   always-accepts, never-accepts */
    const char *what;           /* in words */
    int k, n;                   /* observed k of n */
    double p;                   /* chance of one (0: none, a count) */
    double expected;            /* n * p */
    double probability;         /* P(X >= k), X ~ Binomial(n, p); 1 if
                                   p is 0 */
    bool flagged;               /* k > n p and P < AUDIT_FLAG_P, or the
                                   audit's all-or-none rule */
};

#define SEASON_STATS_MAX 4

/*
 * season_stats - m's statistics (those with at least one trial) into out
 * (SEASON_STATS_MAX of them): kings turned up as dealer (p 1/8), kings
 * of trumps held (5/31), as the audit computes them (audit_binom_tail,
 * flagged under AUDIT_FLAG_P), then a dealer who accepted all or none
 * of 20 or more proposals.  Returns how many.
 */
int season_stats(const struct season_member *m, struct season_stat *out);

/* season_by_law - m's irregularities by law as "L43:2,L12:1" into buf
 * (n bytes; "" if none).  Returns buf. */
char *season_by_law(const struct season_member *m, char *buf, size_t n);

/* season_date_normal - a date as given (YYYY-MM-DD or YYYY.MM.DD, the
 * same separator twice) into 'YYYY-MM-DD' in out (16 bytes).  Returns 0,
 * or -1 (out untouched) if in is not of that form or is no real day of
 * the Gregorian calendar (tl_date_valid: 2026-13-45, 2026-02-30 and
 * 2027-02-29 are refused, 2028-02-29 taken). */
int season_date_normal(const char *in, char out[16]);

#endif /* ECARTE_SEASON_SEASON_H */
