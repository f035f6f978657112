/* SPDX-License-Identifier: MIT */
/*
 * output_audit.c - what `audit`, `verify` and the proof say, as text or
 * as JSON objects (output.c holds the sink's other words and its
 * statements): a finding, a proof's finding, the verdict, an
 * irregularity, a player's tally, a flag, the strikes and the totals.
 */
#include "cli/cli.h"
#include "cli/output_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "laws/laws.h"

void output_audit_finding(struct output *o, const char *source, int line,
                          int64_t sitting, int deal, int64_t event,
                          const char *law, const char *kind,
                          const char *message)
{
    if (o->json) {
        output__emitf(o, J_AUDIT, "tiIiIttt", source, line, sitting, deal, event,
              law[0] ? law : NULL, kind, message);
        return;
    }
    fprintf(o->fp, "%s:%d: deal %d, event %lld: %s%s%s: %s\n", source, line,
            deal, (long long)event, law, law[0] ? " " : "", kind, message);
}

void output_proof_finding(struct output *o, const char *db,
                          const struct ledger_finding *f)
{
    if (o->json) {
        sqlite3_stmt *st = o->stmt[J_PROOF];

        output__bind_text(st, 1, db);
        output__bind_text(st, 2, f->kind);
        output__bind_text(st, 3, f->table);
        if (f->row != 0) {
            sqlite3_bind_int64(st, 4, f->row);
        }
        if (f->sitting != 0) {
            sqlite3_bind_int64(st, 5, f->sitting);
        }
        output__bind_text(st, 6, f->column);
        output__bind_text(st, 7, f->stored);
        output__bind_text(st, 8, f->derived);
        output__bind_text(st, 9, f->message);
        output__emit(o, J_PROOF);
        return;
    }
    if (strcmp(f->kind, "damaged") == 0) {
        fprintf(o->fp, "%s: DAMAGED: %s\n", db, f->message);
    } else if (strcmp(f->kind, "chain") == 0) {
        fprintf(o->fp, "%s: TAMPERED: first bad event %lld: %s\n", db,
                (long long)f->row, f->message);
    } else {
        fprintf(o->fp, "%s: TAMPERED: %s\n", db, f->message);
    }
}

void output_verify(struct output *o, const char *db, bool verified,
                   int version, int64_t events, const char *head,
                   int64_t sittings, int64_t findings)
{
    if (o->json) {
        output__emitf(o, J_VERIFY, "ttiItII", db, verified ? "true" : "false", version,
              events, head, sittings, findings);
        return;
    }
    if (verified) {
        fprintf(o->fp, "%s: chain intact: %lld events, head %s\n", db,
                (long long)events, head);
        fprintf(o->fp, "%s: every row proven: the seal holds the sittings, "
                       "tags, imports, quarantined deals and claims; %lld "
                       "sitting%s re-derived from %s events, every column "
                       "of every row equal\n",
                db, (long long)sittings, sittings == 1 ? "" : "s",
                sittings == 1 ? "its" : "their");
    } else {
        fprintf(o->fp, "%s: DOES NOT VERIFY: %lld finding%s\n", db,
                (long long)findings, findings == 1 ? "" : "s");
    }
}

/* by_law_object - "L43:2,L25:1" as the JSON object {"L43":2,"L25":1}
 * (law ids and counts need no escaping). */
static char *by_law_object(const char *by_law, char *obj, size_t n)
{
    size_t used = (size_t)snprintf(obj, n, "{");
    const char *p = by_law;

    while (*p != '\0' && used < n) {
        const char *colon = strchr(p, ':');
        const char *comma = strchr(p, ',');
        size_t end = comma != NULL ? (size_t)(comma - p) : strlen(p);

        if (colon == NULL) {
            break;
        }
        used += (size_t)snprintf(obj + used, n - used, "%s\"%.*s\":%.*s",
                                 used > 1 ? "," : "", (int)(colon - p), p,
                                 (int)(end - (size_t)(colon - p) - 1),
                                 colon + 1);
        p += end + (comma != NULL ? 1 : 0);
    }
    if (used < n) {
        snprintf(obj + used, n - used, "}");
    }
    return obj;
}

void output_audit_irregularity(struct output *o, const char *source,
                               int line, int64_t sitting, int deal,
                               int64_t event, const struct ruling *r,
                               const char *words, const char *status,
                               const char *person)
{
    if (o->json) {
        char opts[200];

        output__emitf(o, J_IRREGULAR, "tiIiItttttttt", source, line, sitting, deal,
              event, laws_get(r->law)->id, output__seat_text(r->offender),
              output__seat_text(r->elector),
              output__options_json(r->options, opts, sizeof(opts)),
              remedy_name(r->remedy), r->note, status, person);
        return;
    }
    fprintf(o->fp, "%s:%d: deal %d, event %lld: irregularity \"= %s\" %s%s%s"
                   "\n",
            source, line, deal, (long long)event, words, status,
            person != NULL ? " by " : "", person != NULL ? person : "");
}

void output_audit_player(struct output *o, const char *person,
                         const char *name, const char *by_law,
                         const struct audit_tally *t)
{
    if (o->json) {
        char obj[800];

        by_law_object(by_law, obj, sizeof(obj));
        output__emitf(o, J_PLAYER, "titiiiiiiiitii", name, t->irregular, obj, t->won,
              t->lost, t->dealt, t->kings_turned, t->known_hands, t->held_king,
              t->answered, t->accepted, person, t->proposed,
              t->proposed_accepted);
        return;
    }
    fprintf(o->fp, "player %s%s%s%s: %d irregularit%s%s%s%s; through the "
                   "penalty laws won %d point(s), lost %d; dealt %d (kings "
                   "turned %d); kings of trumps held in %d of %d hands "
                   "seen; accepted %d of %d proposals; made %d proposal(s), "
                   "%d accepted\n",
            person != NULL ? person : "", person != NULL ? " (" : "", name,
            person != NULL ? ")" : "", t->irregular,
            t->irregular == 1 ? "y" : "ies", by_law[0] ? " (" : "", by_law,
            by_law[0] ? ")" : "", t->won, t->lost, t->dealt, t->kings_turned,
            t->held_king, t->known_hands, t->accepted, t->answered,
            t->proposed, t->proposed_accepted);
}

void output_audit_flag(struct output *o, const char *player,
                       const char *person, const char *kind, int k, int n,
                       double expected, double probability, bool flagged,
                       const char *message)
{
    if (o->json) {
        sqlite3_stmt *st = o->stmt[J_FLAG];

        output__bind_text(st, 1, player);
        output__bind_text(st, 2, kind);
        sqlite3_bind_int(st, 3, k);
        sqlite3_bind_int(st, 4, n);
        sqlite3_bind_double(st, 5, expected);
        sqlite3_bind_double(st, 6, probability);
        output__bind_text(st, 7, flagged ? "true" : "false");
        output__bind_text(st, 8, message);
        output__bind_text(st, 9, person);
        output__emit(o, J_FLAG);
        return;
    }
    fprintf(o->fp, "%s %s\n", flagged ? "FLAG" : "stat", message);
}

void output_audit_strike(struct output *o, const char *source, int line,
                         int64_t sitting, const char *struck)
{
    if (o->json) {
        output__emitf(o, J_STRIKE, "tiIt", source, line, sitting, struck);
        return;
    }
    fprintf(o->fp, "%s:%d: sitting %lld: strike: the scorer took back \"%s\"\n",
            source, line, (long long)sitting, struck);
}

void output_audit_strikes(struct output *o, int64_t sitting,
                          const char *source, int strikes)
{
    if (o->json) {
        output__emitf(o, J_STRIKES, "Iti", sitting, source, strikes);
        return;
    }
    fprintf(o->fp, "sitting %lld (%s): %d strike%s by the scorer\n",
            (long long)sitting, source, strikes, strikes == 1 ? "" : "s");
}

void output_audit_totals(struct output *o, const char *db, int64_t sittings,
                         int64_t deals, int64_t events, const char *by_law,
                         int findings, int flags)
{
    if (o->json) {
        sqlite3_stmt *st = o->stmt[J_TOTALS];
        char obj[800];

        output__bind_text(st, 7, by_law_object(by_law, obj, sizeof(obj)));
        output__emitf(o, J_TOTALS, "tIIIii", db, sittings, deals, events, findings,
              flags);
        return;
    }
    fprintf(o->fp, "audit of %s: %lld sitting(s), %lld deals, %lld events: "
                   "irregularities %s; %d finding(s), %d flag(s)\n",
            db, (long long)sittings, (long long)deals, (long long)events,
            by_law[0] ? by_law : "none", findings, flags);
}
