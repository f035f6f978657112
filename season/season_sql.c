/* SPDX-License-Identifier: MIT */
/*
 * season_sql.c - season_standings_sql (season/season.h): the counting
 * part of the standings as one query in standard SQL, run by
 * season/standings.c on the ledger and, unchanged, by psql on its
 * PostgreSQL export.  Portable on purpose: CTEs, CASE, COALESCE, SUM,
 * scalar subqueries with ORDER BY ... LIMIT 1, SUBSTR and REPLACE on
 * text, explicit CASTs; no iif, printf, json, `||` or engine-only
 * function.  The member tables of schema version 5 (member_join, its
 * joins followed to their end by a recursive CTE, and member_apart) are
 * in season_standings_sql; an older ledger has none, and is counted by
 * the same text without them (season__standings_v4_sql).
 */
#include "season/season.h"

/* One query is one text, longer than the 4095 characters ISO C asks a
 * compiler to take in a literal; GCC and Clang take it whole. */
#pragma GCC diagnostic ignored "-Woverlength-strings"

/* The first CTEs: each tag's first value per sitting, each sitting's
 * date, laws and format. */
#define SITTINGS_CTE \
    /* a tag's value per sitting: its first row of that name */\
    "first_tag AS (\n"\
    "  SELECT t.sitting_id, t.name, t.value FROM tag t\n"\
    "  WHERE t.id = (SELECT MIN(t2.id) FROM tag t2\n"\
    "                WHERE t2.sitting_id = t.sitting_id\n"\
    "                  AND t2.name = t.name)),\n"\
    /* each sitting's date, laws and format */\
    "sit AS (\n"\
    "  SELECT s.id AS sitting_id,\n"\
    "    CASE WHEN REPLACE(d.value, '.', '-') LIKE '____-__-__'\n"\
    "              AND d.value NOT LIKE '%?%'\n"\
    "         THEN REPLACE(d.value, '.', '-')\n"\
    "         ELSE SUBSTR(s.opened, 1, 10) END AS sitting_date,\n"\
    "    COALESCE(lw.value, '') AS laws,\n"\
    "    COALESCE(fm.value, '') AS format\n"\
    "  FROM sitting s\n"\
    "  LEFT JOIN first_tag d ON d.sitting_id = s.id AND d.name = 'Date'\n"\
    "  LEFT JOIN first_tag lw ON lw.sitting_id = s.id AND lw.name = 'Laws'\n"\
    "  LEFT JOIN first_tag fm ON fm.sitting_id = s.id\n"\
    "                        AND fm.name = 'Format'),\n" \
    /* who may be named in a sitting and how he is spelt: a seat by its \
     * tag where nobody is declared (a duel), a person by his name */ \
    "spelt AS (\n" \
    "  SELECT t.sitting_id, t.name AS who, t.value AS spelling\n" \
    "  FROM first_tag t WHERE (t.name = 'A' OR t.name = 'B')\n" \
    "    AND NOT EXISTS (SELECT 1 FROM person p0\n" \
    "                    WHERE p0.sitting_id = t.sitting_id)\n" \
    "  UNION ALL\n" \
    "  SELECT p.sitting_id, p.code AS who, p.name AS spelling\n" \
    "  FROM person p),\n"

/* A name that is no member's. */
#define PLACEHOLDER(x) \
    x " IN ('', '?', 'A', 'B', 'Player A', 'Player B')"

/* What follows the member mapping: the facts, named and summed.  A
 * member is counted once per game and once per settlement, however many
 * of his spellings are in it: a game whose two seats are his (two
 * spellings joined, or one name in both seats) is a game against
 * himself, one game, neither won nor lost, no points; a settlement's
 * transfers to and from his spellings are netted, so that money he paid
 * himself is neither won nor lost.  Those who are no member ('other',
 * 'house') are kept apart by seat and by person, as before. */
#define COUNTING \
    /* every game ended, once per seat, with who sat there at its end\
     * (the last seating of that seat; a duel's seat letter if none) */\
    "seat_of AS (\n"\
    "  SELECT CAST('A' AS TEXT) AS seat UNION ALL SELECT CAST('B' AS TEXT)),\n"\
    "played AS (\n"\
    "  SELECT g.sitting_id, g.id AS game_id, x.seat,\n"\
    "    COALESCE((SELECT se.person FROM seating se\n"\
    "              WHERE se.game_id = g.id AND se.seat = x.seat\n"\
    "              ORDER BY se.id DESC LIMIT 1), x.seat) AS who,\n"\
    "    CASE WHEN g.winner = x.seat THEN 1 ELSE 0 END AS won,\n"\
    "    g.value AS game_value,\n"\
    "    CASE WHEN x.seat = 'A' THEN g.points_a ELSE g.points_b END\n"\
    "      AS points_for,\n"\
    "    CASE WHEN x.seat = 'A' THEN g.points_b ELSE g.points_a END\n"\
    "      AS points_against\n"\
    "  FROM game g CROSS JOIN seat_of x\n"\
    "  WHERE g.winner IS NOT NULL),\n"\
    /* the transfers, each with its settlement */\
    "paid AS (\n"\
    "  SELECT st.sitting_id, tr.settlement_id, tr.person AS who, tr.amount\n"\
    "  FROM transfer tr JOIN settlement st ON st.id = tr.settlement_id),\n"\
    /* each seat's and each transfer's kind and member; apart is what\
     * keeps rows apart that are not one member's (the seat, the person) */\
    "played_named AS (\n"\
    "  SELECT p.*,\n"\
    "    CASE WHEN p.who = 'house' AND m.who IS NULL THEN 'house'\n"\
    "         WHEN COALESCE(m.member, '') = '' THEN 'other'\n"\
    "         ELSE 'member' END AS kind,\n"\
    "    CASE WHEN COALESCE(m.member, '') = '' THEN ''\n"\
    "         ELSE m.member END AS member,\n"\
    "    CASE WHEN COALESCE(m.member, '') = '' THEN p.seat\n"\
    "         ELSE '' END AS apart\n"\
    "  FROM played p LEFT JOIN mem m\n"\
    "    ON m.sitting_id = p.sitting_id AND m.who = p.who),\n"\
    "paid_named AS (\n"\
    "  SELECT p.*,\n"\
    "    CASE WHEN p.who = 'house' AND m.who IS NULL THEN 'house'\n"\
    "         WHEN COALESCE(m.member, '') = '' THEN 'other'\n"\
    "         ELSE 'member' END AS kind,\n"\
    "    CASE WHEN COALESCE(m.member, '') = '' THEN ''\n"\
    "         ELSE m.member END AS member,\n"\
    "    CASE WHEN COALESCE(m.member, '') = '' THEN p.who\n"\
    "         ELSE '' END AS apart\n"\
    "  FROM paid p LEFT JOIN mem m\n"\
    "    ON m.sitting_id = p.sitting_id AND m.who = p.who),\n"\
    /* one row per game and member: seats 2 is a game against himself */\
    "game_member AS (\n"\
    "  SELECT sitting_id, game_id, kind, member, apart,\n"\
    "    COUNT(*) AS seats, SUM(won) AS won, MAX(game_value) AS game_value,\n"\
    "    SUM(points_for) AS points_for,\n"\
    "    SUM(points_against) AS points_against\n"\
    "  FROM played_named\n"\
    "  GROUP BY sitting_id, game_id, kind, member, apart),\n"\
    /* one row per settlement and member: his spellings' amounts netted */\
    "settled_member AS (\n"\
    "  SELECT sitting_id, settlement_id, kind, member, apart,\n"\
    "    SUM(amount) AS amount, COUNT(*) AS transfers\n"\
    "  FROM paid_named\n"\
    "  GROUP BY sitting_id, settlement_id, kind, member, apart),\n"\
    /* what a game or a settlement counts, one row each */\
    "named AS (\n"\
    "  SELECT sitting_id, kind, member, 1 AS games,\n"\
    "    CASE WHEN seats = 1 THEN won ELSE 0 END AS won,\n"\
    "    CASE WHEN seats = 1 THEN 1 - won ELSE 0 END AS lost,\n"\
    "    CASE WHEN seats = 1 AND won = 1 AND game_value = 1 THEN 1 ELSE 0 END\n"\
    "      AS ws,\n"\
    "    CASE WHEN seats = 1 AND won = 1 AND game_value = 2 THEN 1 ELSE 0 END\n"\
    "      AS wd,\n"\
    "    CASE WHEN seats = 1 AND won = 1 AND game_value = 3 THEN 1 ELSE 0 END\n"\
    "      AS wt,\n"\
    "    CASE WHEN seats = 1 AND won = 0 AND game_value = 1 THEN 1 ELSE 0 END\n"\
    "      AS ls,\n"\
    "    CASE WHEN seats = 1 AND won = 0 AND game_value = 2 THEN 1 ELSE 0 END\n"\
    "      AS ld,\n"\
    "    CASE WHEN seats = 1 AND won = 0 AND game_value = 3 THEN 1 ELSE 0 END\n"\
    "      AS lt,\n"\
    "    CASE WHEN seats = 1 THEN COALESCE(points_for, 0) ELSE 0 END AS pf,\n"\
    "    CASE WHEN seats = 1 THEN COALESCE(points_against, 0) ELSE 0 END\n"\
    "      AS pa,\n"\
    "    0 AS mw, 0 AS ml, 0 AS transfers,\n"\
    "    CASE WHEN seats = 1 THEN 0 ELSE 1 END AS self_games\n"\
    "  FROM game_member\n"\
    "  UNION ALL\n"\
    "  SELECT sitting_id, kind, member, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"\
    "    CASE WHEN amount > 0 THEN amount ELSE 0 END,\n"\
    "    CASE WHEN amount < 0 THEN 0 - amount ELSE 0 END, transfers, 0\n"\
    "  FROM settled_member)\n"\
    "SELECT n.sitting_id, s.sitting_date, s.laws, s.format, n.kind,\n"\
    "  n.member,\n"\
    "  CAST(SUM(n.games) AS BIGINT) AS games,\n"\
    "  CAST(SUM(n.won) AS BIGINT) AS won,\n"\
    "  CAST(SUM(n.lost) AS BIGINT) AS lost,\n"\
    "  CAST(SUM(n.ws) AS BIGINT) AS won_single,\n"\
    "  CAST(SUM(n.wd) AS BIGINT) AS won_double,\n"\
    "  CAST(SUM(n.wt) AS BIGINT) AS won_treble,\n"\
    "  CAST(SUM(n.ls) AS BIGINT) AS lost_single,\n"\
    "  CAST(SUM(n.ld) AS BIGINT) AS lost_double,\n"\
    "  CAST(SUM(n.lt) AS BIGINT) AS lost_treble,\n"\
    "  CAST(SUM(n.pf) AS BIGINT) AS points_for,\n"\
    "  CAST(SUM(n.pa) AS BIGINT) AS points_against,\n"\
    "  CAST(SUM(n.mw) AS BIGINT) AS money_won,\n"\
    "  CAST(SUM(n.ml) AS BIGINT) AS money_lost,\n"\
    "  CAST(SUM(n.mw) - SUM(n.ml) AS BIGINT) AS money_net,\n"\
    "  CAST(SUM(n.transfers) AS BIGINT) AS transfers,\n"\
    "  CAST(SUM(n.self_games) AS BIGINT) AS self_games\n"\
    "FROM named n JOIN sit s ON s.sitting_id = n.sitting_id\n"\
    "GROUP BY n.sitting_id, s.sitting_date, s.laws, s.format, n.kind,\n"\
    "  n.member\n"\
    "ORDER BY n.sitting_id, n.kind, n.member\n"

const char season_standings_sql[] =
    "WITH RECURSIVE\n"
    SITTINGS_CTE
    /* the joins followed to their end ("Mr. Ashby" -> "Ann Ash" -> ...;
     * the ledger refuses a circle, the depth bounds a forged one) */
    "join_path AS (\n"
    "  SELECT j.spelling, j.member, 1 AS depth FROM member_join j\n"
    "  UNION ALL\n"
    "  SELECT jp.spelling, j.member, jp.depth + 1\n"
    "  FROM join_path jp JOIN member_join j ON j.spelling = jp.member\n"
    "  WHERE jp.depth < 64),\n"
    "joined AS (\n"
    "  SELECT jp.spelling, jp.member FROM join_path jp\n"
    "  WHERE NOT EXISTS (SELECT 1 FROM member_join j\n"
    "                    WHERE j.spelling = jp.member)),\n"
    /* the member: a decision apart for the sitting, else a join, else
     * the name itself; a placeholder is none ('') */
    "mem AS (\n"
    "  SELECT sp.sitting_id, sp.who,\n"
    "    CASE WHEN ap.member IS NOT NULL THEN ap.member\n"
    "         WHEN " PLACEHOLDER("sp.spelling") " THEN ''\n"
    "         WHEN jn.member IS NOT NULL THEN jn.member\n"
    "         ELSE sp.spelling END AS member\n"
    "  FROM spelt sp\n"
    "  LEFT JOIN member_apart ap\n"
    "    ON ap.sitting_id = sp.sitting_id AND ap.who = sp.who\n"
    "  LEFT JOIN joined jn ON jn.spelling = sp.spelling),\n"
    COUNTING;

const char season__standings_v4_sql[] =
    "WITH\n"
    SITTINGS_CTE
    "mem AS (\n"
    "  SELECT sitting_id, who,\n"
    "    CASE WHEN " PLACEHOLDER("spelling") " THEN ''\n"
    "         ELSE spelling END AS member\n"
    "  FROM spelt),\n"
    COUNTING;
