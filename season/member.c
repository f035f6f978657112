/* SPDX-License-Identifier: MIT */
/*
 * member.c - who a seat or a person of a sitting is in the season: the
 * member (season_member_of), as the ledger's members API says
 * (ledger_member_of: a decision apart beats a join, which beats the name
 * itself; placeholders are nobody).  season_standings_sql says the same
 * in SQL; tests/test_standings.c holds the two together.
 */
#include "season/season.h"

bool season_placeholder(const char *spelling)
{
    return spelling == NULL || ledger_member_placeholder(spelling);
}

int season_member_of(struct ledger *l, int64_t sitting, const char *who,
                     char *out, size_t n)
{
    int rc;

    if (n == 0) {
        return LEDGER_E_ERROR;
    }
    out[0] = '\0';
    if (who == NULL || who[0] == '\0') {
        return 0;
    }
    rc = ledger_member_of(l, sitting, who, out, n);
    if (rc != 0) {
        out[0] = '\0';
    }
    return rc;
}
