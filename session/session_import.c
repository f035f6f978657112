/* SPDX-License-Identifier: MIT */
/*
 * session_import.c - importing: a savepoint per deal (the ledger keeps a
 * deal's rows in memory and takes it only when a row it does not keep is
 * written in the deal) and a transaction
 * per IMPORT_COMMIT_DEALS deals, the import's progress written with each
 * deal (an interrupted import goes on from the last commit), a deal that
 * cannot be read undone alone and quarantined, the log's `=` lines kept for the audit, and an interrupted
 * import of the same content taken up where it stopped.
 */
#include "session/session_int.h"

#include <stdlib.h>
#include <string.h>

/* Deals a transaction holds while importing: a commit every few hundred
 * deals rather than each (each deal is a savepoint of its own). */
#define IMPORT_COMMIT_DEALS 256

/* session__raw_add - keep a raw line (text, at line_no) of the deal being
 * read.  Returns 0, -1 if out of memory. */
int session__raw_add(struct session *s, const char *text, int line_no)
{
    size_t n = strlen(text);

    if (s->raw_len == 0) {
        s->raw_line = line_no;
    }
    if (s->raw_len + n + 2 > s->raw_cap) {
        size_t cap = (s->raw_cap + n + 2) * 2;
        char *p = realloc(s->raw, cap);

        if (p == NULL) {
            return -1;
        }
        s->raw = p;
        s->raw_cap = cap;
    }
    memcpy(s->raw + s->raw_len, text, n);
    s->raw_len += n;
    s->raw[s->raw_len++] = '\n';
    s->raw[s->raw_len] = '\0';
    return 0;
}

/* save_deal_start - remember the referee as the next deal finds it. */
static int save_deal_start(struct session *s)
{
    if (s->saved == NULL && arbiter_open(&s->saved) != 0) {
        return -1;
    }
    if (s->saved_sit == NULL && sitting_open(&s->saved_sit) != 0) {
        return -1;
    }
    arbiter_copy(s->saved, s->arb);
    sitting_copy(s->saved_sit, s->sit);
    memcpy(s->saved_game, s->game, sizeof(s->game));
    memcpy(s->saved_deal, s->deal, sizeof(s->deal));
    s->saved_seq = s->seq;
    s->saved_events = s->events;
    s->saved_deals = s->deals;
    s->saved_last_event = s->last_event_id;
    s->raw_len = 0;
    return 0;
}

/* stage_progress - the import's row as it stands, up to line, kept to
 * be written with the next commit (session__commit): a commit every few
 * hundred deals writes it once, not once a deal. */
static void stage_progress(struct session *s, int line)
{
    if (s->imp.id == 0 || s->led == NULL) {
        return;
    }
    s->imp.sitting = s->sitting > 0 ? s->sitting : 0;
    s->imp.line = line;
    s->imp.deals = (int)s->deals;
    s->imp.quarantined = s->quarantined;
    s->imp.findings = s->findings;
    s->imp.events = s->events;
    s->imp.complete = false;
    s->imp_pending = true;
}

/* write_progress - the import's row as it stands, up to line, in the open
 * transaction (begun if none is). */
static int write_progress(struct session *s, int line, bool complete)
{
    if (s->imp.id == 0 || s->led == NULL) {
        return 0;
    }
    if (session__begin(s) != 0) {
        return session__ledger_fail(s, "begin");
    }
    s->imp_pending = false;
    s->imp.sitting = s->sitting > 0 ? s->sitting : 0;
    s->imp.line = line;
    s->imp.deals = (int)s->deals;
    s->imp.quarantined = s->quarantined;
    s->imp.findings = s->findings;
    s->imp.events = s->events;
    s->imp.complete = complete;
    if (ledger_import_update(s->led, &s->imp) != 0) {
        return session__ledger_fail(s, "import progress");
    }
    return 0;
}

/*
 * session__deal_boundary - the deal read so far ends (last_line the last
 * line it may hold): release it, the import's progress staged for the
 * commit that takes it in (one every IMPORT_COMMIT_DEALS deals), or
 * quarantine it if it broke; then remember the referee as the next deal
 * finds it.
 * Returns 0 or -1 (ledger, memory; a ledger error reported).
 */
int session__deal_boundary(struct session *s, int last_line)
{
    if (s->skipping) {
        if (session__begin(s) != 0) {
            return session__ledger_fail(s, "begin");
        }
        if (session__write_lost_deal(s) != 0) {
            return -1;
        }
        s->quarantined++;
        s->skipping = false;
    }
    claims_end_deal(s->claims);
    stage_progress(s, last_line);
    if (s->in_deal) {
        if (ledger_release(s->led) != 0) {
            return session__ledger_fail(s, "release a deal");
        }
        s->in_deal = false;
        s->deals_in_txn++;
    }
    if (s->deals_in_txn >= IMPORT_COMMIT_DEALS &&
        session__commit(s) != 0) {
        return session__ledger_fail(s, "commit");
    }
    if (save_deal_start(s) != 0) {
        return -1;
    }
    if (s->progress != NULL) {
        s->progress(s->progress_ctx, s->deals, s->events, s->quarantined);
    }
    return 0;
}

/* session__deal_broken - the deal being read cannot be read (s->error
 * says why; printed): undo it and skip the rest of it. */
void session__deal_broken(struct session *s)
{
    if (s->in_deal) {
        /* this deal alone: the deals before it stay in the transaction */
        if (ledger_rollback_to(s->led) != 0) {
            ledger_rollback(s->led);
            s->in_txn = false;
            s->deals_in_txn = 0;
        }
        s->in_deal = false;
    } else if (s->in_txn && s->deals_in_txn == 0) {
        ledger_rollback(s->led);
        s->in_txn = false;
    }
    if (s->saved != NULL) {
        arbiter_copy(s->arb, s->saved);
        sitting_copy(s->sit, s->saved_sit);
        memcpy(s->game, s->saved_game, sizeof(s->game));
        memcpy(s->deal, s->saved_deal, sizeof(s->deal));
        s->seq = s->saved_seq;
        s->events = s->saved_events;
        s->deals = s->saved_deals;
        s->last_event_id = s->saved_last_event;
    }
    claims_forget(s->claims);
    s->last = NULL;
    s->skipping = true;
    session__say(s, SESSION_MSG_NOTICE, "%s (deal quarantined)\n", s->error);
    if (s->sink.quarantine != NULL) {
        s->sink.quarantine(s->sink.ctx, s->name, s->error);
    }
}

/* session__keep_claim - importing, an imported log's `=` line, kept for
 * the audit, in the open transaction (begun if none is); otherwise
 * nothing.  Returns 0 or -1 (a ledger error; reported, but for a
 * transaction that could not begin). */
int session__keep_claim(struct session *s, const struct tl_line *line)
{
    char text[TL_LINE_MAX];

    if (!s->import || s->led == NULL) {
        return 0;
    }
    if (session__ensure_sitting(s) != 0 || session__begin(s) != 0) {
        return -1;
    }
    if (ledger_claim_add(s->led, s->sitting, s->last_event_id, line->line_no,
                         claims_text(line, text, sizeof(text))) != 0) {
        return session__ledger_fail(s, "claim");
    }
    return 0;
}

/*
 * session__import_start - importing, at the first line after the tags
 * (line_no, not yet taken): the sitting, its tags, the comments read
 * before it and the import's row, committed on their own, so that
 * whatever follows (a first deal quarantined, an interruption) finds
 * them; the row's progress is the line before line_no, so that an
 * import interrupted after this commit goes on at line_no and does not
 * take again what this commit wrote (the comments above the first
 * action among it); the referee remembered as the first deal finds it.
 * Not importing, or at a later line: nothing.  Returns 0 or -1 (ledger,
 * memory; a ledger error reported).
 */
int session__import_start(struct session *s, int line_no)
{
    if (!s->import || s->saved != NULL) {
        return 0;
    }
    if (s->led != NULL && s->sitting == 0) {
        if (session__begin(s) != 0) {
            return session__ledger_fail(s, "begin");
        }
        if (session__ensure_sitting(s) != 0) {
            return -1;
        }
        if (s->sha256[0] != '\0' && s->imp.id == 0) {
            memset(&s->imp, 0, sizeof(s->imp));
            s->imp.sitting = s->sitting;
            if (ledger_import_begin(s->led, s->sha256, s->name, &s->imp) !=
                0) {
                return session__ledger_fail(s, "import");
            }
        }
        /* the lines before line_no are in this commit: tags, comments */
        if (write_progress(s, line_no > 0 ? line_no - 1 : 0, false) != 0) {
            return -1;
        }
        if (session__commit(s) != 0) {
            return session__ledger_fail(s, "commit");
        }
    }
    return save_deal_start(s);
}

int session_import_begin(struct session *s, const char *sha256,
                         enum import_start *out)
{
    struct ledger_import imp;
    int rc;

    *out = IMPORT_NEW;
    snprintf(s->sha256, sizeof(s->sha256), "%s", sha256);
    if (s->led == NULL) {
        return 0;
    }
    rc = ledger_import_get(s->led, sha256, &imp);
    if (rc == LEDGER_E_NOTFOUND) {
        return 0;
    }
    if (rc != 0) {
        return session__ledger_fail(s, "import");
    }
    if (imp.complete) {
        *out = IMPORT_DONE;
        return 0;
    }
    /* an import of this content was interrupted: go on from it */
    s->imp = imp;
    s->resumed = true;
    if (imp.sitting != 0) {
        rc = session__replay_sitting(s, imp.sitting, NULL);
        if (rc != 0) {
            return rc;
        }
        if (save_deal_start(s) != 0) {
            return -1;
        }
    }
    s->skip_to = imp.line;
    s->deals = imp.deals;
    s->quarantined = imp.quarantined;
    s->findings = imp.findings;
    s->events = imp.events;
    s->saved_deals = s->deals;
    s->saved_events = s->events;
    *out = IMPORT_RESUMED;
    return 0;
}

/* session__import_finish - importing a file with its hash into a
 * ledger, the whole file was read (up to last_line): the import is
 * complete (otherwise nothing).  Returns 0 or -1 (ledger; reported). */
int session__import_finish(struct session *s, int last_line)
{
    if (s->led == NULL || !s->import || s->sha256[0] == '\0') {
        return 0;
    }
    if (s->imp.id == 0) {
        /* a file with no action at all: recorded all the same, once */
        memset(&s->imp, 0, sizeof(s->imp));
        if (session__begin(s) != 0) {
            return session__ledger_fail(s, "begin");
        }
        if (ledger_import_begin(s->led, s->sha256, s->name, &s->imp) != 0) {
            return session__ledger_fail(s, "import");
        }
    }
    if (write_progress(s, last_line, true) != 0) {
        return -1;
    }
    if (session__commit(s) != 0) {
        return session__ledger_fail(s, "commit");
    }
    return 0;
}
