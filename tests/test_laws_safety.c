/* SPDX-License-Identifier: MIT */
/* test_laws_safety.c - every law's applies() and shape() are safe in every
 * state: asked about every event kind in every phase, with no deal, no
 * dealer, no elder hand, no trump, and any actor or target (SEAT_NONE
 * included); every rule of the sitting's verdict likewise, at every
 * moment, for every kind, person and seat, in an empty sitting and a
 * full one, and what it gives is one of its row's remedies.  Under `make asan` an out-of-range index stops the program;
 * the end-to-end cases run the four one-line logs that used to. */
#include "tests/harness.h"

#include <stdio.h>
#include <string.h>

#include "laws/laws.h"

#define N_SEATS 3               /* SEAT_NONE, SEAT_A, SEAT_B */
#define N_FILLS 7               /* counts 0..6 and the rest derived */

static const int seats[N_SEATS] = {SEAT_NONE, SEAT_A, SEAT_B};

/* A state the laws are asked in: what varies besides the seats. */
struct probe {
    int phase;
    int dealer;
    int elder;
    int actor;
    int target;
    int trump;                  /* SUIT_NONE or a suit */
    int fill;                   /* 0..N_FILLS-1: counts and the rest */
};

/*
 * make_view - a view and an event for probe p.  The fields a law reads
 * that are not the probe's seats are derived from p->fill, so that each
 * takes a low, middle and high value (and -1 or NONE where it has one)
 * across the fills, with the two seats' numbers different.
 */
static void make_view(const struct probe *p, const struct profile *prof,
                      enum event_kind kind, struct law_view *v,
                      struct table_event *ev)
{
    int f = p->fill;
    int other = seats[f % N_SEATS];

    memset(v, 0, sizeof(*v));
    memset(ev, 0, sizeof(*ev));
    v->profile = prof;
    v->phase = (enum phase)p->phase;
    v->after = f % 2 != 0;
    v->line = f;
    v->dealer = p->dealer;
    v->elder = p->elder;
    v->right_dealer = other;
    v->own_pack = seats[(f + 1) % N_SEATS];
    v->trump = p->trump;
    v->turn_up = f == 0 ? CARD_NONE : (f % 2 ? CARD_MAKE(0, RANK_KING) : 9);
    for (int k = 0; k < 2; k++) {
        v->count[k] = (f + k) % N_FILLS;
        v->expected[k] = (f + 5 * k) % N_FILLS;
        v->known[k] = f == 0 ? 0 : (uint32_t)0x0f0f << (k * 4 + f);
        v->discarded[k] = (f + 2 * k) % N_FILLS - 1;
        v->served[k] = (f + 3 * k) % N_FILLS;
        v->serve_checked[k] = (f + k) % 3 == 0;
        v->cards_played[k] = (f + k) % 6;
        v->first_card[k] = f % 3 == 0 ? CARD_NONE : (f * 3 + k) % 32;
        v->tricks[k] = (f + 2 * k) % 6;
        v->score[k] = (f + 4 * k) % 12;
        v->cut_card[k] = (f + k) % 3 == 0 ? CARD_NONE : (f * 5 + k) % 32;
        v->order_this_game[k] = (f + k) % 2 != 0;
        v->rectify_due[k] = (f + k) % 3;
    }
    v->stock = f * 3;
    v->stock_at_serve = f * 2;
    v->deal_on = f % 2 == 0;
    v->cut_done = f % 3 == 1;
    v->is_void = f == 6;
    v->packets = f;
    v->first_packet = f % 4;
    v->order_first = f % 3 == 0 ? 0 : 2 + f % 2;
    v->order_line = f * 7;
    v->departed = f % 3 == 2;
    v->deal_complete = f % 2 != 0;
    v->last_shuffler = other;
    v->cut_for_deal_done = f % 3 != 0;
    v->first_deal = f % 2 == 0;
    v->elder_looked = f % 2 != 0;
    v->dealer_looked = f % 3 == 2;
    v->exchanged = f % 4 >= 2;
    v->proposals = f % 3;
    v->answered = f % 2 == 0;
    v->first = (enum first_proposal)(f % 5);
    v->rectified = f % 2 != 0;
    v->exchange_turned = f % 3 == 0;
    v->asked = f - 1;
    v->owed_remedy = f % 4 == 3 ? REM_COMPLETE_FROM_STOCK
                     : f % 4 == 2 ? REM_OPPONENT_DRAWS_SURPLUS
                                  : REM_NONE;
    v->owed_seat = seats[(f + 2) % N_SEATS];
    v->trick_no = f % 6;
    v->leader = seats[(f + 2) % N_SEATS];
    v->to_play = seats[(f + 1) % N_SEATS];
    v->led = f % 2 ? CARD_NONE : (f * 4) % CARD_COUNT;
    for (int t = 0; t < TRICKS_MAX; t++) {
        v->tricks_played[t].leader = (int8_t)seats[(f + t) % N_SEATS];
        v->tricks_played[t].lead = (uint8_t)((f * 3 + t) % 32);
        v->tricks_played[t].follow =
            (uint8_t)((f + t) % 3 == 0 ? CARD_NONE : (f * 7 + t) % 32);
        v->tricks_played[t].follower_known = (uint32_t)0x00ff00ff << t;
        v->tricks_played[t].ruled = (f + t) % 4 == 0;
    }
    v->offence_card = f % 2 ? CARD_NONE : (f * 7) % 32;
    v->lead_out_of_turn = f % 3 == 2;
    v->king_turned = f % 2 != 0;
    v->king_marked = f % 3 == 1;
    v->king_barred = f % 4 == 1;
    v->prev_king_unmarked = other;
    v->prev_king_barred = f % 2 == 0;
    v->lost_king_dealer = seats[(f + 1) % N_SEATS];
    v->announced = seats[(f + 1) % N_SEATS];
    v->announce_withdrawn = f % 4 == 0;
    v->announce_ruled = f % 5 == 0;
    v->announced_played = f % 3;
    v->ann_false_at_time = f % 3 == 0;
    v->unknown_in_after_ann = f % 2 == 0;
    v->announce_held = f % 3 == 1;
    v->false_announced = seats[(f + 2) % N_SEATS];
    v->false_announced_played = f % 2;
    v->discard_unseen[0] = f % 3;
    v->discard_unseen[1] = f % 2;
    v->king_place = (enum king_place)(f % 5);
    v->king_holder = seats[(f + 2) % N_SEATS];

    ev->kind = kind;
    ev->actor = (int8_t)p->actor;
    ev->target = (int8_t)p->target;
    ev->suit = (int8_t)(f % 2 ? SUIT_NONE : f % SUIT_COUNT);
    ev->option = (int8_t)(f % OPT_COUNT);
    ev->flags = (uint8_t)(f == 0 ? 0 : 0x3f >> (f % 6));
    ev->n = (int16_t)f;
    ev->score[0] = (int16_t)f;
    ev->score[1] = (int16_t)(N_FILLS - f);
    ev->n_cards = (uint8_t)(f % 4);
    for (int i = 0; i < ev->n_cards; i++) {
        ev->cards[i] = (uint8_t)(i == 2 ? CARD_UNKNOWN : (f * 5 + i) % 32);
    }
}

/* ask_all - ask every law about the probe's state for every event kind;
 * returns how many times a law was engaged (so the loops are not dead). */
static long ask_all(const struct probe *p, const struct profile *prof)
{
    long engaged = 0;

    for (int k = 0; k < EV_KIND_COUNT; k++) {
        struct law_view v;
        struct table_event ev;

        make_view(p, prof, (enum event_kind)k, &v, &ev);
        for (int l = 0; l < LAW_COUNT; l++) {
            const struct law *row = laws_get((enum law_id)l);
            struct ruling r;

            if (row->applies != NULL && row->applies(&v, &ev)) {
                engaged++;
            }
            if (row->shape != NULL) {
                memset(&r, 0, sizeof(r));
                r.law = (enum law_id)l;
                r.offender = (int8_t)p->actor;
                r.elector = (int8_t)p->target;
                r.options = row->options;
                r.remedy = row->remedy;
                row->shape(&v, &ev, &r);
                assert_true(r.remedy >= 0 && r.remedy < REM_COUNT);
                assert_true(r.offender >= SEAT_NONE && r.offender <= SEAT_B);
                assert_true(r.elector >= SEAT_NONE && r.elector <= SEAT_B);
            }
        }
    }
    return engaged;
}

static void laws_safety__every_law_every_kind_every_phase(void **state)
{
    struct profile profs[2];
    struct probe p;
    long engaged = 0;
    long asked = 0;

    (void)state;
    profile_london(&profs[0]);
    profile_london(&profs[1]);
    profs[1].two_turned_eleventh = true;
    profs[1].dealer_min_exchange = 0;
    profs[1].target = 7;
    for (p.phase = 0; p.phase < PH_COUNT; p.phase++) {
        for (int d = 0; d < N_SEATS; d++) {
            for (int e = 0; e < N_SEATS; e++) {
                for (int a = 0; a < N_SEATS; a++) {
                    for (int t = 0; t < N_SEATS; t++) {
                        for (int tr = 0; tr < 2; tr++) {
                            for (p.fill = 0; p.fill < N_FILLS; p.fill++) {
                                p.dealer = seats[d];
                                p.elder = seats[e];
                                p.actor = seats[a];
                                p.target = seats[t];
                                p.trump = tr == 0 ? SUIT_NONE
                                                  : p.fill % SUIT_COUNT;
                                engaged += ask_all(&p, &profs[p.fill % 2]);
                                asked += (long)EV_KIND_COUNT * LAW_COUNT;
                            }
                        }
                    }
                }
            }
        }
    }
    /* 9 phases x 81 seatings x 2 trumps x 7 fills x 37 kinds x 51 laws */
    assert_int_equal(asked, 9L * 81 * 2 * 7 * EV_KIND_COUNT * LAW_COUNT);
    assert_true(engaged > 0 && engaged < asked);
}

/* The state before any deal, exactly as the arbiter fills it: no dealer,
 * no elder hand, no trump, nothing discarded or asked. */
static void fresh_view(struct law_view *v, const struct profile *prof)
{
    memset(v, 0, sizeof(*v));
    v->profile = prof;
    v->phase = PH_CUT_FOR_DEAL;
    v->dealer = SEAT_NONE;
    v->elder = SEAT_NONE;
    v->right_dealer = SEAT_NONE;
    v->own_pack = SEAT_NONE;
    v->trump = SUIT_NONE;
    v->turn_up = CARD_NONE;
    v->discarded[0] = v->discarded[1] = -1;
    v->asked = -1;
    v->last_shuffler = SEAT_NONE;
    v->leader = SEAT_NONE;
    v->led = CARD_NONE;
    v->prev_king_unmarked = SEAT_NONE;
    v->lost_king_dealer = SEAT_NONE;
    v->to_play = SEAT_NONE;
    v->offence_card = CARD_NONE;
    v->cut_card[0] = v->cut_card[1] = CARD_NONE;
    v->first_card[0] = v->first_card[1] = CARD_NONE;
    v->announced = SEAT_NONE;
    v->false_announced = SEAT_NONE;
    v->king_holder = SEAT_NONE;
    v->owed_seat = SEAT_NONE;
}

/* engaged_ids - the ids of the penalty laws the event engages in view v,
 * space separated, into buf. */
static const char *engaged_ids(const struct law_view *v,
                               const struct table_event *ev, char *buf,
                               size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int l = 0; l < LAW_COUNT && used < n; l++) {
        const struct law *row = laws_get((enum law_id)l);

        if (row->kind != LAW_KIND_RULE &&
            (row->trigger & EV_BIT(ev->kind)) &&
            row->applies != NULL &&
            (row->engaged == NULL || row->engaged(v->profile)) &&
            row->applies(v, ev)) {
            used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                     used > 0 ? " " : "", row->id);
        }
    }
    return buf;
}

/* With nobody dealing, no law about elder hand or the dealer is engaged:
 * SEAT_NONE is nobody's seat (it used to index served[-1] and match a
 * target of SEAT_NONE). */
static void laws_safety__no_deal_engages_no_seat_law(void **state)
{
    struct profile prof;
    struct law_view v;
    struct table_event ev;
    char ids[256];

    (void)state;
    profile_london(&prof);
    fresh_view(&v, &prof);
    memset(&ev, 0, sizeof(ev));
    ev.target = SEAT_NONE;
    ev.suit = SUIT_NONE;

    ev.kind = EV_LEAD;          /* A leads QS */
    ev.actor = SEAT_A;
    ev.n_cards = 1;
    ev.cards[0] = CARD_MAKE(SUIT_SPADES, RANK_QUEEN);
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "");

    ev.kind = EV_GIVE;          /* A gives A 3 AD TD 8S */
    ev.target = SEAT_A;
    ev.n = 3;
    ev.n_cards = 3;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "");

    ev.kind = EV_ASK;           /* B asks 2: only L38, the stock (empty
                                   here), which reads no seat */
    ev.actor = SEAT_B;
    ev.target = SEAT_NONE;
    ev.n = 2;
    ev.n_cards = 0;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "L38");

    ev.kind = EV_FOUND_HOLDS;   /* a count with no seat: no law of elder
                                   hand's or the dealer's count (L15-L21,
                                   L29); L9 reads only the number */
    ev.actor = SEAT_NONE;
    ev.n = 9;
    for (int ph = 0; ph < PH_COUNT; ph++) {
        v.phase = (enum phase)ph;
        assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)),
                            ph == PH_SHUFFLE || ph == PH_DEAL ? "L9" : "");
    }

    ev.kind = EV_ABANDON;       /* an abandon with no actor */
    v.phase = PH_PLAY;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "");
}

/* The same laws still fire once there is a deal (the guards do not
 * switch them off). */
static void laws_safety__seat_laws_still_fire_in_a_deal(void **state)
{
    struct profile prof;
    struct law_view v;
    struct table_event ev;
    char ids[256];

    (void)state;
    profile_london(&prof);
    fresh_view(&v, &prof);
    v.dealer = SEAT_B;
    v.elder = SEAT_A;
    v.phase = PH_EXCHANGE;
    v.discarded[SEAT_A] = 3;
    v.asked = 3;
    v.stock = 12;
    v.drawable = 12;
    memset(&ev, 0, sizeof(ev));
    ev.suit = SUIT_NONE;

    ev.kind = EV_ASK;           /* A asks 2 after discarding 3: L30 */
    ev.actor = SEAT_A;
    ev.target = SEAT_NONE;
    ev.n = 2;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "L26 L30");

    ev.kind = EV_GIVE;          /* B gives A 4: L29 and L31 */
    ev.actor = SEAT_B;
    ev.target = SEAT_A;
    ev.n = 4;
    v.asked = 4;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "L29");
    v.asked = 3;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "L31");

    ev.kind = EV_LEAD;          /* elder hand served 2 of the 3 he asked
                                   for, the stock having had them: L32 */
    ev.actor = SEAT_A;
    ev.target = SEAT_NONE;
    v.asked = 3;
    v.served[SEAT_A] = 2;
    v.stock_at_serve = 12;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "L32");
    v.served[SEAT_A] = 3;       /* the dealer took 1 of the 2 he laid out,
                                   cards being left: L34 */
    v.discarded[SEAT_B] = 2;
    v.served[SEAT_B] = 1;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "L34");

    ev.kind = EV_ABANDON;       /* abandoning with no trick: L42 */
    v.phase = PH_PLAY;
    assert_string_equal(engaged_ids(&v, &ev, ids, sizeof(ids)), "L42");
}

/* check_one_line - `ecarte check` on a log of one line; its exit status,
 * with what it printed on both streams into out. */
static int check_one_line(struct harness_tmp *t, const char *line, char *out,
                          size_t n)
{
    char text[128];

    snprintf(text, sizeof(text), "%s\n", line);
    harness_write(t->log, text);
    return harness_capture(out, n, "%s check '%s' 2>&1", harness_ecarte(),
                           t->log);
}

/* Each one-line log that asked the laws before any deal: an ordering
 * error at line 1 (exit 2), no crash and no sanitizer report. */
static void laws_safety__lead_before_any_deal_is_an_order_error(void **state)
{
    struct harness_tmp *t = *state;
    char out[2048];
    char want[512];

    assert_int_equal(check_one_line(t, "A leads QS", out, sizeof(out)), 2);
    snprintf(want, sizeof(want),
             "ecarte check: %s:1:1: expected a deal line first, found \"leads\" with no hand in progress\n",
             t->log);
    assert_string_equal(out, want);
    assert_int_equal(check_one_line(t, "B leads QH", out, sizeof(out)), 2);
    assert_string_equal(out, want);
}

static void laws_safety__give_before_any_deal_is_an_order_error(void **state)
{
    struct harness_tmp *t = *state;
    char out[2048];
    char want[512];

    assert_int_equal(
        check_one_line(t, "A gives A 3 AD TD 8S", out, sizeof(out)), 2);
    snprintf(want, sizeof(want),
             "ecarte check: %s:1:1: expected a deal line first, found \"gives\" with no hand in progress\n",
             t->log);
    assert_string_equal(out, want);
}

static void laws_safety__ask_before_any_deal_is_an_order_error(void **state)
{
    struct harness_tmp *t = *state;
    char out[2048];
    char want[512];

    assert_int_equal(check_one_line(t, "B asks 2", out, sizeof(out)), 2);
    snprintf(want, sizeof(want),
             "ecarte check: %s:1:1: expected a deal line first, found \"asks\" with no hand in progress\n",
             t->log);
    assert_string_equal(out, want);
}

/* A sitting the rules of the sitting are asked in: no person at all, or
 * four persons (two seated, two waiting), the roles set or not, a game
 * on or not, betting open or closed, a tableau or not, with bets. */
struct sit_probe {
    struct sit_rules rules;
    struct sit_bet bets[4];
    int order[4];
    struct sit_view v;
};

/* sit_probe_fill - probe number f (0..31) into *p. */
static void sit_probe_fill(struct sit_probe *p, int f)
{
    static const char *const ids[4] = {"ann", "bob", "cy", "dan"};
    bool some = (f & 1) != 0;

    memset(p, 0, sizeof(*p));
    p->rules.stake = 2;
    p->rules.advice = f % 3;
    p->rules.pool_run = 2;
    p->rules.pool_forfeit = 1;
    p->rules.bettor_claims = (f & 2) != 0;
    p->rules.loser_retires = (f & 4) != 0;
    p->rules.tableau = (f & 8) != 0;
    for (int i = 0; i < 4; i++) {
        struct sit_view_person *q = &p->v.persons[i];

        q->id = ids[i];
        q->present = true;
        q->role = (enum sit_role)(i % SIT_ROLE_COUNT);
        q->seat = i < 2 ? i : SEAT_NONE;
        q->place = i;
        q->backs = i == 3 ? SIT_BACKS_BOTH : i == 2 ? SEAT_A : SEAT_NONE;
        q->stake = i == 0 ? 0 : 2;
        q->stake_paid = (f & 16) != 0;
        q->advises = i == 2 ? SEAT_B : SEAT_NONE;
        p->order[i] = 3 - i;
    }
    for (int i = 0; i < 4; i++) {
        struct sit_bet *b = &p->bets[i];

        b->bettor = 2 + i % 2;
        b->seat = i % 2;
        b->amount = 4 + i;
        b->odds[0] = 1 + i % 2;
        b->odds[1] = 1 + i;
        b->n_covers = i;
        for (int k = 0; k < i; k++) {
            b->covers[k].who = k;
            b->covers[k].amount = 2;
        }
        b->refund = i == 3 ? 1 : 0;
        b->dead = i == 1 && (f & 16) != 0;
    }
    p->v.rules = &p->rules;
    p->v.n_persons = some ? 4 : 0;
    p->v.seat[0] = some ? 0 : -1;
    p->v.seat[1] = some ? 1 : -1;
    p->v.due[0] = some && (f & 2) ? 3 : -1;
    p->v.due[1] = -1;
    p->v.held = (f & 4) != 0 && (f & 8) != 0;
    p->v.roles_set = some;
    p->v.n_order = some ? 4 : 0;
    p->v.order = p->order;
    p->v.bank = some ? 3 : -1;
    p->v.bank_seat = (f & 8) ? SEAT_B : SEAT_A;
    p->v.roi = some ? 0 : -1;
    p->v.streak = f % 3;
    p->v.pool_on = some;
    p->v.pool = 8;
    p->v.game = 1;
    p->v.in_game = (f & 2) != 0;
    p->v.deal_seen = (f & 4) != 0;
    p->v.turned_up = (f & 16) != 0;
    p->v.n_bets = some ? 4 : 0;
    p->v.bets = p->bets;
    p->v.bets_closed = (f & 4) != 0;
    p->v.chouette_seat = (f & 8) ? SEAT_A : SEAT_NONE;
}

/* party_ok - a person of v or nobody. */
static bool party_ok(const struct sit_view *v, int person)
{
    return person >= -1 && person < v->n_persons;
}

/* Every rule of the sitting's verdict is safe for every moment, kind,
 * person, seat and bet, in an empty sitting and a full one; when it is
 * engaged it gives one of its row's remedies and names persons of the
 * sitting; every penalty rule is engaged somewhere (the loops are not
 * dead). */
static void laws_safety__every_sitting_rule_every_moment(void **state)
{
    static const int persons[] = {-1, 0, 1, 2, 3};
    bool fired[LAW_COUNT] = {false};

    (void)state;
    for (int f = 0; f < 32; f++) {
        struct sit_probe p;

        sit_probe_fill(&p, f);
        for (int at = SIT_AT_LINE; at <= SIT_AT_NEXT_SEATS; at++) {
            for (int k = 0; k < EV_KIND_COUNT; k++) {
                for (int who = 0; who < 5; who++) {
                    for (int st = 0; st < N_SEATS; st++) {
                        struct sit_event e;

                        memset(&e, 0, sizeof(e));
                        e.at = (enum sit_moment)at;
                        e.kind = (enum event_kind)k;
                        e.person = persons[who] < p.v.n_persons
                                       ? persons[who]
                                       : -1;
                        e.seat = seats[st];
                        e.winner = seats[st];
                        e.other = e.person >= 0 ? (e.person + 1) % 4 : -1;
                        e.bet = p.v.n_bets > 0 ? who % 4 : -1;
                        e.n = who;
                        e.odds[0] = who % 2;
                        e.odds[1] = 2;
                        e.law = who == 4 ? -1 : LAW_43;
                        e.value = 1 + who % 3;
                        for (int l = N_CLUB_LAWS; l < LAW_COUNT; l++) {
                            const struct law *row =
                                laws_get((enum law_id)l);
                            struct sit_verdict out;

                            if (row->judge == NULL) {
                                continue;
                            }
                            memset(&out, 0, sizeof(out));
                            out.remedy = REM_NONE;
                            out.offender = out.elector = -1;
                            out.person = out.payee = -1;
                            out.offender_seat = out.seat = SEAT_NONE;
                            if (!row->judge(&p.v, &e, &out)) {
                                continue;
                            }
                            fired[l] = true;
                            assert_true(laws_remedy_allowed(row,
                                                            out.remedy));
                            assert_true(party_ok(&p.v, out.offender));
                            assert_true(party_ok(&p.v, out.elector));
                            assert_true(party_ok(&p.v, out.person));
                            assert_true(out.offender_seat >= SEAT_NONE &&
                                        out.offender_seat <= SEAT_B);
                            assert_true(strlen(out.note) <
                                        sizeof(out.note));
                        }
                    }
                }
            }
        }
    }
    for (int l = N_CLUB_LAWS; l < LAW_COUNT; l++) {
        const struct law *row = laws_get((enum law_id)l);

        if (row->judge != NULL && row->kind != LAW_KIND_RULE) {
            if (!fired[l]) {
                print_error("%s never engaged\n", row->id);
            }
            assert_true(fired[l]);
        }
    }
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(laws_safety__every_law_every_kind_every_phase),
        cmocka_unit_test(laws_safety__every_sitting_rule_every_moment),
        cmocka_unit_test(laws_safety__no_deal_engages_no_seat_law),
        cmocka_unit_test(laws_safety__seat_laws_still_fire_in_a_deal),
        cmocka_unit_test_setup_teardown(
            laws_safety__lead_before_any_deal_is_an_order_error,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            laws_safety__give_before_any_deal_is_an_order_error,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            laws_safety__ask_before_any_deal_is_an_order_error,
            harness_tmp_setup, harness_tmp_teardown),
    };

    return cmocka_run_group_tests_name("laws_safety", tests, NULL, NULL);
}
