/* SPDX-License-Identifier: MIT */
/*
 * ledger_members.h - the ledger's identity, its members (the names of its
 * seats and persons, joined and held apart by the club's decisions) and
 * the provenance of merged sittings, with the quarantine, import and
 * evening of a sitting as a merge reads them.  Part of the interface of
 * ledger/ledger.h, which includes it (after the types it uses): include
 * ledger/ledger.h, never this file alone.
 */
#ifndef ECARTE_LEDGER_LEDGER_MEMBERS_H
#define ECARTE_LEDGER_LEDGER_MEMBERS_H

#ifndef ECARTE_LEDGER_LEDGER_H
#error "ledger/ledger_members.h is part of ledger/ledger.h: include that"
#endif

/* ------------------------------------------------------------------ */
/* Identity, members and provenance (schema version 5; members.c,       */
/* provenance.c)                                                        */
/* ------------------------------------------------------------------ */

/*
 * ledger_identity - the ledger's identity: 32 lower-case hex digits (16
 * bytes of RAND_bytes, drawn when the ledger was made or migrated to
 * version 5) and a NUL into buf (LEDGER_UUID_HEX bytes).  A copy of the
 * file has the same identity.  Returns 0, LEDGER_E_NOTFOUND for a file
 * older than version 5 (read-only) or without its row (buf ""), or
 * another negative code.
 */
int ledger_identity(struct ledger *l, char *buf);

/*
 * ledger_member_placeholder - is name no member's name: empty, "?", a
 * seat letter ("A", "B") or a name ecarte writes for a seat nobody named
 * ("Player A", "Player B")?  Pure.
 */
bool ledger_member_placeholder(const char *name);

/*
 * ledger_member_of - the member that who of sitting is, into out (n
 * bytes, truncated; "" if none): who is 'A' or 'B' for a seat of a duel
 * (named by its [A "..."] / [B "..."] tag; at a table of three or more,
 * where the persons are named, a seat is no member: ""), or a person's
 * ID ("ann", named by his `person` line).  A member_apart decision for
 * that sitting and who beats a join, which beats the name itself; a
 * join is followed to its end (joins chain: "Mr. Ashby" -> "Ann Ash" ->
 * ...).  A placeholder name (ledger_member_placeholder) or an unknown
 * ID gives "".  A file older than version 5 knows names only.  Returns
 * 0, LEDGER_E_NOTFOUND if the ledger has no such sitting, or another
 * negative code (ledger_errmsg).  Reads only; any number of calls.
 */
int ledger_member_of(struct ledger *l, int64_t sitting, const char *who,
                     char *out, size_t n);

/* A member as ledger_members_foreach gives him (every text borrowed for
 * the call). */
struct ledger_member {
    const char *name;           /* the member */
    const char *spellings;      /* the names he was found under, "; "
                                   between them, in order of first
                                   appearance */
    int64_t sittings;           /* sittings he appears in (once each) */
    int64_t first_sitting;      /* the first of them (by evening, then id) */
    int64_t last_sitting;       /* the last of them */
    const char *first;          /* its evening: the Date tag as
                                   YYYY-MM-DD, else the day the sitting
                                   was opened */
    const char *last;           /* the last one's */
};

/* Callback for ledger_members_foreach; non-zero stops the walk. */
typedef int (*ledger_member_fn)(void *ctx, const struct ledger_member *m);

/*
 * ledger_members_foreach - every member of the ledger (every seat and
 * person of every sitting through ledger_member_of), in order of name
 * (bytes), each with his sittings.  Returns 0, fn's non-zero value, or
 * a negative code.
 */
int ledger_members_foreach(struct ledger *l, ledger_member_fn fn, void *ctx);

/*
 * ledger_member_join - the club's decision that the name spelling is the
 * member member, recorded and sealed (in the caller's transaction, or in
 * one of its own).  The caller proves the ledger first, as every writer
 * does (the command line's proof_guard).  Returns 0 (written), 1 (the
 * same decision is recorded already: nothing written), LEDGER_E_DUPLICATE
 * (spelling is joined to another member: nothing written, that member in
 * ledger_errmsg), LEDGER_E_INVALID (a placeholder, spelling the same as
 * member, or a join that would make a circle), LEDGER_E_FORMAT (a file
 * older than version 5, read-only), or another negative code.
 */
int ledger_member_join(struct ledger *l, const char *spelling,
                       const char *member);

/*
 * ledger_member_apart - the club's decision that who ('A'/'B' of a duel,
 * or a person's ID) of sitting is the member member, whatever his name
 * says (two namesakes kept apart), recorded and sealed as
 * ledger_member_join.  Returns 0, 1 (already so), LEDGER_E_DUPLICATE (a
 * decision for that seat already names another member; it in
 * ledger_errmsg), LEDGER_E_NOTFOUND (no such sitting), LEDGER_E_INVALID
 * (who is no seat or person of it, or member a placeholder), or another
 * negative code.
 */
int ledger_member_apart(struct ledger *l, int64_t sitting, const char *who,
                        const char *member);

/* A member decision, as ledger_member_decisions_foreach gives it:
 * sitting 0 and who NULL for a join. */
struct ledger_member_decision {
    int64_t sitting;            /* member_apart: its sitting; join: 0 */
    const char *who;            /* member_apart: the seat or ID */
    const char *spelling;       /* join: the name joined; apart: NULL */
    const char *member;
};

typedef int (*ledger_member_decision_fn)(
    void *ctx, const struct ledger_member_decision *d);

/* ledger_member_decisions_foreach - every join (in order of id), then
 * every apart (in order of id).  Nothing for a file older than version
 * 5.  Returns 0, fn's non-zero value, or a negative code. */
int ledger_member_decisions_foreach(struct ledger *l,
                                    ledger_member_decision_fn fn, void *ctx);

/* Where a merged sitting came from (the provenance table; texts
 * borrowed). */
struct ledger_provenance {
    int64_t sitting;            /* the sitting here */
    const char *source_uuid;    /* the identity of the ledger merged from */
    int64_t source_sitting;     /* its id there */
    const char *source_head;    /* the chain hash of its last event there */
    int64_t n_events;           /* its events */
    const char *origin_uuid;    /* where it was first recorded */
    int64_t origin_sitting;     /* its id there */
    const char *source_path;    /* the source's path as given to merge */
    const char *merged;         /* when (set by the ledger on add) */
};

/*
 * ledger_provenance_add - record (and seal) where sitting p->sitting came
 * from (p->merged ignored), in the caller's transaction or one of its
 * own.  Returns 0, LEDGER_E_DUPLICATE if the sitting has a provenance
 * already, or another negative code.
 */
int ledger_provenance_add(struct ledger *l, const struct ledger_provenance *p);

typedef int (*ledger_provenance_fn)(void *ctx,
                                    const struct ledger_provenance *p);

/* ledger_provenance_foreach - the provenance of every merged sitting
 * (sitting 0), or of that one, in order of sitting.  Nothing for a file
 * older than version 5.  Returns 0, fn's non-zero value, or a negative
 * code. */
int ledger_provenance_foreach(struct ledger *l, int64_t sitting,
                              ledger_provenance_fn fn, void *ctx);

/*
 * ledger_origin_find - the sitting of l that is sitting origin_sitting
 * of the ledger origin_uuid: l's own (origin_uuid is l's identity) if l
 * has it, or one merged from there (directly or not) into *out.
 * Returns 1 found, 0 not (*out 0), or a negative code.
 */
int ledger_origin_find(struct ledger *l, const char *origin_uuid,
                       int64_t origin_sitting, int64_t *out);

/* A row of the quarantine table, whole (texts borrowed for the call). */
struct ledger_quarantine_row {
    int64_t id;
    const char *source;
    int line;
    const char *error;
    const char *raw;
    const char *recorded;
    int64_t sitting;
    int64_t after_event;
    int game;
};

typedef int (*ledger_quarantine_fn)(void *ctx,
                                    const struct ledger_quarantine_row *q);

/* ledger_quarantine_foreach - the deals of sitting quarantined, every
 * column, in order of id.  Returns 0, fn's non-zero value, or a
 * negative code. */
int ledger_quarantine_foreach(struct ledger *l, int64_t sitting,
                              ledger_quarantine_fn fn, void *ctx);

/*
 * ledger_import_of - the import that made sitting (an import_file row):
 * its content hash into sha (LEDGER_HASH_HEX bytes), its path into path
 * (n bytes, truncated) and its counts into *imp.  Returns 1 found, 0 if
 * the sitting was not imported, or a negative code.
 */
int ledger_import_of(struct ledger *l, int64_t sitting, char *sha,
                     char *path, size_t n, struct ledger_import *imp);

/* ledger_sitting_evening - the evening of sitting (its Date tag as
 * YYYY-MM-DD, else the day it was opened) into out (n bytes).  Returns
 * 0, LEDGER_E_NOTFOUND, or another negative code. */
int ledger_sitting_evening(struct ledger *l, int64_t sitting, char *out,
                           size_t n);

#endif /* ECARTE_LEDGER_LEDGER_MEMBERS_H */
