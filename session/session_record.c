/* SPDX-License-Identifier: MIT */
/*
 * session_record.c - one accepted action of a session: adjudicated,
 * written into the ledger (its sitting, game and deal rows, the event,
 * its rulings and the score), reported, and its rulings given to the
 * deal's `=` lines.
 */
#include "session/session_int.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Recording one action                                                 */
/* ------------------------------------------------------------------ */

/* session__id_of - the ledger id kept for number (a game's or a deal's),
 * 0 if neither of the two kept is it. */
int64_t session__id_of(const struct numbered ids[2], int number)
{
    for (int i = 0; i < 2; i++) {
        if (ids[i].number == number) {
            return ids[i].id;
        }
    }
    return 0;
}

/* session__push_id - keep id for number; the previous one is kept too. */
void session__push_id(struct numbered ids[2], int number, int64_t id)
{
    ids[1] = ids[0];
    ids[0].number = number;
    ids[0].id = id;
}

/* session__ensure_sitting - the sitting row and its tags, at the first
 * action (said on stderr if s->announce_new; with no ledger, s->sitting
 * becomes -1).  Returns 0, -1 on a ledger error (reported; the
 * transaction rolled back). */
int session__write_held_tags(struct session *s)
{
    for (int i = s->n_tags - s->tags_held; i < s->n_tags; i++) {
        if (s->led != NULL && s->sitting > 0 &&
            ledger_tag_add(s->led, s->sitting, s->tag_name[i],
                           s->tag_value[i]) != 0) {
            return session__ledger_fail(s, "tag");
        }
    }
    s->tags_held = 0;
    return 0;
}

int session__ensure_sitting(struct session *s)
{
    if (s->tags_held > 0 && s->sitting > 0 &&
        session__write_held_tags(s) != 0) {
        return -1;
    }
    if (s->sitting != 0 || s->led == NULL) {
        if (s->sitting == 0) {
            s->sitting = -1;
        }
        return 0;
    }
    if (ledger_sitting_add(s->led, s->name, &s->sitting) != 0) {
        return session__ledger_fail(s, "new sitting");
    }
    for (int i = 0; i < s->n_tags; i++) {
        if (ledger_tag_add(s->led, s->sitting, s->tag_name[i],
                           s->tag_value[i]) != 0) {
            return session__ledger_fail(s, "tag");
        }
    }
    if (s->n_early > 0 && session__comments_write_early(s) != 0) {
        return -1;
    }
    if (s->announce_new) {
        session__say(s, SESSION_MSG_NOTICE, "ecarte: %s: new sitting %lld\n", s->name,
                (long long)s->sitting);
        s->announce_new = false;
    }
    return 0;
}

/* record_event - the event row of one accepted action (line), in game
 * game_no and deal deal_no of the sitting, in the open transaction; its
 * id into *event_id.  Returns 0, or -1 on a ledger error (reported; the
 * transaction rolled back). */
static int record_event(struct session *s, const struct tl_line *line,
                        int game_no, int deal_no, int64_t *event_id)
{
    struct ledger_event le;
    struct tl_fields f;

    /* the canonical line and its fields in one pass over it */
    tl_event_fields(line, &f);
    memset(&le, 0, sizeof(le));
    le.sitting = s->sitting;
    le.game = session__id_of(s->game, game_no);
    le.deal = session__id_of(s->deal, deal_no);
    le.seq = ++s->seq;
    le.source = s->name;
    le.line = line->line_no;
    le.stamp = line->stamp;
    le.actor = f.actor;
    le.verb = f.verb;
    le.args = f.args;
    le.cards = f.cards;
    le.text = f.text;
    if (ledger_event_add(s->led, &le, event_id) != 0) {
        return session__ledger_fail(s, "event");
    }
    return 0;
}

/* record_rulings - the rulings an accepted action gave (ap, worded), on
 * its event row event_id, in the open transaction.  Returns 0, or -1 on
 * a ledger error (reported; the transaction rolled back). */
static int record_rulings(struct session *s, int64_t event_id,
                          const struct applied *ap)
{
    const struct arb_result *r = &ap->r;

    for (int i = 0; i < r->n_rulings; i++) {
        const struct ruling *ru = &r->rulings[i];
        char off[2] = {0, 0};
        char el[2] = {0, 0};
        char opts[120];
        size_t used = 0;

        opts[0] = '\0';
        for (int o = 0; o < OPT_COUNT; o++) {
            if (ru->options & OPT_BIT(o)) {
                used += (size_t)snprintf(opts + used, sizeof(opts) - used,
                                         "%s%s", used ? "," : "",
                                         option_name((enum law_option)o));
            }
        }
        off[0] = ru->offender == SEAT_NONE ? '\0' : seat_letter(ru->offender);
        el[0] = ru->elector == SEAT_NONE ? '\0' : seat_letter(ru->elector);
        if (ledger_ruling_add(s->led, event_id, laws_get(ru->law)->id, off,
                              el, opts,
                              ru->remedy == REM_NONE ? ""
                                                     : remedy_name(ru->remedy),
                              ap->words[i], NULL) != 0) {
            return session__ledger_fail(s, "ruling");
        }
    }
    return 0;
}

/* session__record_sitting - what the sitting gave on the action
 * (event_id; line, NULL for a lost deal): its rulings, its `=` lines
 * (settlements, pool, roles, bets), the person declared, who sat where,
 * stakes and bets; in the open transaction.  Returns 0, or -1 on a ledger
 * error (reported; the transaction rolled back). */
int session__record_sitting(struct session *s, int64_t event_id,
                            const struct tl_line *line,
                            const struct applied *ap)
{
    static const char *const kinds[SIT_MARK_KINDS] = {
        [SIT_MARK_POOL] = "pool",
        [SIT_MARK_ROLES] = "roles",
        [SIT_MARK_BETS] = "bets",
    };
    const struct sit_result *r = &ap->s;

    if (line != NULL && line->ev.kind == EV_PERSON &&
        ledger_person_add(s->led, s->sitting, event_id, line->sit.who,
                          line->sit.name) != 0) {
        return session__ledger_fail(s, "person");
    }
    for (int i = 0; i < r->n_rulings; i++) {
        const struct sit_ruling *ru = &r->rulings[i];

        if (ledger_ruling_add(s->led, event_id, laws_get(ru->law)->id,
                              ru->offender, ru->elector, "",
                              ru->remedy == REM_NONE ? ""
                                                     : remedy_name(ru->remedy),
                              ap->sit_words[i], NULL) != 0) {
            return session__ledger_fail(s, "ruling");
        }
    }
    for (int i = 0; i < r->n_marks; i++) {
        const struct sit_mark *m = &r->marks[i];
        struct ledger_transfer t[TL_IDS_MAX + 1];
        int rc;

        if (m->kind != SIT_MARK_SETTLE) {
            rc = ledger_mark_add(s->led, event_id, kinds[m->kind], m->text);
        } else {
            for (int k = 0; k < m->n; k++) {
                t[k].person = m->t[k].who;
                t[k].amount = m->t[k].n;
            }
            rc = ledger_settlement_add(s->led, s->sitting,
                                       session__id_of(s->game, m->game),
                                       event_id, m->reason, m->text, t, m->n);
        }
        if (rc != 0) {
            return session__ledger_fail(s, "settlement");
        }
    }
    for (int i = 0; i < r->n_records; i++) {
        const struct sit_record *rec = &r->records[i];
        int64_t game = session__id_of(s->game, rec->game);
        int rc = 0;

        switch (rec->kind) {
        case SIT_REC_SEATING:
            rc = ledger_seating_add(s->led, s->sitting, game, event_id,
                                    seat_letter(rec->seat), rec->who,
                                    rec->what);
            break;
        case SIT_REC_STAKE:
            rc = ledger_stake_add(s->led, s->sitting, game, event_id,
                                  rec->who, rec->what, rec->amount);
            break;
        case SIT_REC_BET:
            rc = ledger_bet_add(s->led, s->sitting, game, event_id, rec->who,
                                seat_letter(rec->seat), rec->amount,
                                rec->odds[0], rec->odds[1], rec->other);
            break;
        default:
            break;              /* a person's part: the audit's */
        }
        if (rc != 0) {
            return session__ledger_fail(s, "sitting");
        }
    }
    return 0;
}

/* record_result - write one accepted action and what it gave (ap), in
 * the open transaction.  Returns 0, or -1 on a ledger error (reported;
 * the transaction rolled back). */
static int record_result(struct session *s, const struct tl_line *line,
                         const struct applied *ap)
{
    const struct arb_result *r = &ap->r;
    int64_t event_id = 0;
    int game_no = arbiter_game_number(s->arb);
    int deal_no = arbiter_deal_number(s->arb);

    if (s->led == NULL) {
        return 0;
    }
    if (session__ensure_sitting(s) != 0) {
        return -1;
    }
    /* a held deal or a game closed by this action belongs to the past */
    if (r->deal_over && r->deal.number != deal_no &&
        session__id_of(s->deal, r->deal.number) != 0) {
        if (ledger_deal_finish(s->led, session__id_of(s->deal, r->deal.number),
                               r->deal.tricks[0], r->deal.tricks[1],
                               r->deal.points[0], r->deal.points[1],
                               r->deal.is_void) != 0) {
            return session__ledger_fail(s, "deal");
        }
    }
    if (r->game_started && session__id_of(s->game, game_no) == 0) {
        int64_t id;

        if (ledger_game_add(s->led, s->sitting, game_no, &id) != 0) {
            return session__ledger_fail(s, "game");
        }
        session__push_id(s->game, game_no, id);
    } /* else its game line was struck and is typed again: the same row */
    if (r->deal_started && session__id_of(s->deal, deal_no) == 0) {
        int64_t id;

        if (ledger_deal_add(s->led, session__id_of(s->game, game_no), deal_no,
                            seat_letter(arbiter_dealer(s->arb)), &id) != 0) {
            return session__ledger_fail(s, "deal");
        }
        session__push_id(s->deal, deal_no, id);
    } else if (r->deal_started &&
               ledger_deal_reopen(s->led, session__id_of(s->deal, deal_no),
                                  seat_letter(arbiter_dealer(s->arb))) != 0) {
        return session__ledger_fail(s, "deal"); /* its deal line struck */
    }
    if (r->reopened_deal != 0 &&
        session__id_of(s->deal, r->reopened_deal) != 0 &&
        ledger_deal_reopen(s->led, session__id_of(s->deal, r->reopened_deal),
                           seat_letter(arbiter_dealer(s->arb))) != 0) {
        return session__ledger_fail(s, "deal"); /* the line ending it
                                                   struck, or its hand
                                                   resumed (L25) */
    }
    if (record_event(s, line, game_no, deal_no, &event_id) != 0) {
        return -1;
    }
    s->last_event_id = event_id;
    if (record_rulings(s, event_id, ap) != 0) {
        return -1;
    }
    if ((r->score_changed && !(r->game_started && !r->deal_started &&
                               r->score[0] == 0 && r->score[1] == 0)) ||
        r->deal_over) {
        if (ledger_score_add(s->led, event_id, session__id_of(s->game, game_no),
                             r->score[0], r->score[1],
                             r->deal_over ? "deal" : "mark") != 0) {
            return session__ledger_fail(s, "score");
        }
    }
    if (r->deal_over && (r->deal.number == deal_no ||
                         session__id_of(s->deal, r->deal.number) == 0)) {
        if (ledger_deal_finish(s->led, session__id_of(s->deal, r->deal.number),
                               r->deal.tricks[0], r->deal.tricks[1],
                               r->deal.points[0], r->deal.points[1],
                               r->deal.is_void) != 0) {
            return session__ledger_fail(s, "deal");
        }
    }
    if (r->game_reopened && session__id_of(s->game, r->reopened_game) != 0) {
        if (ledger_game_reopen(
                s->led, session__id_of(s->game, r->reopened_game)) != 0) {
            return session__ledger_fail(s, "game");
        }
    }
    if (r->game_over && session__id_of(s->game, r->game.number) != 0) {
        if (ledger_game_finish(s->led, session__id_of(s->game, r->game.number),
                               seat_letter(r->game.winner), r->game.points[0],
                               r->game.points[1], r->game.value) != 0) {
            return session__ledger_fail(s, "game");
        }
    }
    if (ap->s.taken || ap->s.touched) {
        return session__record_sitting(s, event_id, line, ap);
    }
    return 0;
}

/* report - print what an action (at line) gave. */
static void report(struct session *s, int line, const struct applied *ap)
{
    const struct arb_result *r = &ap->r;

    if (s->quiet) {
        return;
    }
    for (int i = 0; i < r->n_notes; i++) {
        session__emit_note(s, s->name, line, r->notes[i]);
    }
    for (int i = 0; i < ap->s.n_notes; i++) {
        session__emit_note(s, s->name, line, ap->s.notes[i]);
    }
    for (int i = 0; i < r->n_rulings; i++) {
        session__emit_ruling(s, s->name, line, arbiter_deal_number(s->arb),
                      &r->rulings[i], ap->words[i], r->previews[i]);
    }
    for (int i = 0; i < ap->s.n_rulings; i++) {
        session__emit_sit_ruling(s, s->name, line, arbiter_deal_number(s->arb),
                          &ap->s.rulings[i], ap->sit_words[i]);
    }
    if (r->deal_over && r->deal.held) {
        s->held_deal = r->deal.number;
    } else if (r->deal_over) {
        session__emit_deal(s, s->name, line, &r->deal, r->score);
        s->held_deal = 0;
    }
    if (r->game_over) {
        session__emit_game(s, s->name, line, &r->game);
    }
    if (r->game_reopened) {
        session__emit_game_reopened(s, s->name, line, r->reopened_game,
                             r->reopened_by);
    }
    for (int i = 0; i < ap->s.n_marks; i++) {
        session__emit_mark(s, s->name, line, &ap->s.marks[i]);
    }
}

/* ------------------------------------------------------------------ */
/* Comparing `=` lines                                                  */
/* ------------------------------------------------------------------ */

/* session__give_rulings - the rulings an action (at line) gave join the
 * deal's, each answering the first open `=` line it bears out. */
void session__give_rulings(struct session *s, int line,
                           const struct applied *ap)
{
    for (int i = 0; i < ap->r.n_rulings; i++) {
        claims_give(s->claims, &ap->r.rulings[i], ap->words[i], line);
    }
    for (int i = 0; i < ap->s.n_rulings; i++) {
        claims_give_sitting(s->claims, &ap->s.rulings[i], ap->sit_words[i],
                            line);
    }
}

/* session__claim_line - a `=` line of the log, against what the rules
 * give where it stands: after the last action taken.  A disagreement is
 * a finding (printed and counted). */
void session__claim_line(struct session *s, const struct tl_line *line)
{
    struct ruling pending[8];
    struct claim_point p;
    char expect[SIT_MARK_TEXT];
    int n = 0;

    if (line->kind == TL_EXPECT_RULING || line->kind == TL_EXPECT_SCORE) {
        n = arbiter_pending(s->arb, pending, 8);
    }
    p.sitting = claims_sitting_expect(s->sit, s->last != NULL ? &s->last->s
                                                              : NULL,
                                      s->seen, line, expect, sizeof(expect));
    p.event = s->last_event_id;
    arbiter_score(s->arb, p.score);
    p.value = arbiter_value(s->arb);
    p.pending = pending;
    p.n_pending = n < 8 ? n : 8;
    p.last = s->last;
    claims_line(s->claims, line, NULL, &p);
}

/* ------------------------------------------------------------------ */
/* Taking an action                                                     */
/* ------------------------------------------------------------------ */

/* found_column - the column, in characters, of the card a refusal names
 * ("..., found TD, which is in B's hand") among the words of the line's
 * text raw (as it was written: "10d", "T♦"), or 1 if it names none or the
 * text is not known. */
static int found_column(const char *raw, const char *why)
{
    const char *f = why != NULL ? strstr(why, "found ") : NULL;
    uint8_t want = 0;
    size_t len = 0;

    if (raw == NULL || f == NULL ||
        card_parse(f + 6, &want) == 0 || want == CARD_NONE) {
        return 1;
    }
    len = strlen(raw);
    for (size_t i = 0; i < len;) {
        size_t n = strcspn(raw + i, " \t#");
        uint8_t card = 0;

        if (raw[i] == '#') {
            break;
        }
        if (n > 0 && card_word(raw + i, n, &card) && card == want) {
            return tl_column(raw, len, (int)i + 1);
        }
        i += n > 0 ? n : 1;
    }
    return 1;
}

/* session__take_action - adjudicate and record one event line, report
 * what it gave and keep it for the `=` lines after it.  Returns 0,
 * CLI_E_INPUT (the action cannot stand: why is in s->error, and printed
 * unless importing) or -1 (ledger; reported). */
int session__take_action(struct session *s, const struct tl_line *line)
{
    struct applied *ap = &s->acts[s->cur];
    const struct arb_result *rp = &ap->r;
    int rc;

    rc = apply_line(s->sit, s->arb, line, ap);
    if (rc != 0) {
        snprintf(s->error, sizeof(s->error), "%s:%d:%d: %s", s->name,
                 line->line_no,
                 found_column(s->raw_now, sitting_errmsg(s->sit)),
                 sitting_errmsg(s->sit));
        if (!s->import && !s->deriving) {
            session__say(s, SESSION_MSG_ERROR, "%s\n", s->error);
        }
        return CLI_E_INPUT;
    }
    if (s->mode == COMMIT_PER_DEAL && !s->import && !s->merging &&
        rp->deal_started && s->in_txn && session__commit(s) != 0) {
        return session__ledger_fail(s, "commit");
    }
    if (session__begin(s) != 0) {
        return session__ledger_fail(s, "begin");
    }
    if (record_result(s, line, ap) != 0) {
        return -1;
    }
    if (line->comment_len > 0 &&
        session__keep_comment(s, line, s->cur_raw) != 0) {
        return -1;              /* the action's own comment, with it */
    }
    if (!s->merging &&
        (s->mode == COMMIT_PER_ACTION ||
         (!s->import && (rp->deal_over || rp->game_over)))) {
        if (session__commit(s) != 0) {
            return session__ledger_fail(s, "commit");
        }
    }
    s->events++;
    if (rp->deal_started) {
        s->deals++;             /* once a deal: it may be reported again */
    }
    if (rp->deal_started || rp->game_started) {
        claims_end_deal(s->claims);
    }
    if (rp->struck) {
        claims_withdraw(s->claims, rp->struck_line_no);
    }
    report(s, line->line_no, ap);
    session__give_rulings(s, line->line_no, ap);
    memset(s->seen, 0, sizeof(s->seen));
    s->marks_after = 0;
    s->last = ap;
    s->cur = 1 - s->cur;
    return 0;
}
