/* SPDX-License-Identifier: MIT */
/*
 * verdicts.c - which law a finding of the audit falls under, where the
 * audit finds what no action engaged: a wrong count nobody called, a mark
 * that differs from what was due.  The registry knows its laws; the audit
 * asks it rather than naming them.
 */
#include "laws/laws.h"

enum law_id laws_count_law(bool elder, bool long_hand)
{
    if (elder) {
        return long_hand ? LAW_15 : LAW_16;
    }
    return long_hand ? LAW_17 : LAW_18;
}

enum law_id laws_mark_law(bool overscore)
{
    return overscore ? LAW_51 : LAW_50;
}
