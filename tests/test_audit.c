/* test_audit.c - auditing hand histories end to end: bulk import with
 * quarantine and idempotent re-import, tamper evidence through `ecarte
 * verify` after the ledger is altered with SQL, and `ecarte audit` on
 * generated sittings (every injected irregularity found, nothing on clean
 * ones) and on logs with wrong marks, rulings and counts. */
#include "tests/harness.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* sql - run statements on the ledger file as an intruder would. */
static void sql(const char *db, const char *text)
{
    sqlite3 *h = NULL;
    char *err = NULL;

    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    if (sqlite3_exec(h, text, NULL, NULL, &err) != SQLITE_OK) {
        fail_msg("%s: %s", text, err);
    }
    sqlite3_close(h);
}

static long query(const char *db, const char *text)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long n = -1;

    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    if (sqlite3_prepare_v2(h, text, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* count_of - how many times needle occurs in text. */
static long count_of(const char *text, const char *needle)
{
    long n = 0;

    for (const char *p = strstr(text, needle); p != NULL;
         p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* imported - a ledger with the club evening imported. */
static void imported(struct harness_tmp *t)
{
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db,
                                harness_example("club-evening.ecarte")),
                     0);
    assert_int_equal(
        harness_sh("%s verify --db '%s' >/dev/null", harness_ecarte(), t->db),
        0);
}

/* tampered - `ecarte verify` reports the ledger tampered at event id. */
static void tampered(struct harness_tmp *t, long id)
{
    char out[4096];
    char want[64];

    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    snprintf(want, sizeof(want), "first bad event %ld:", id);
    if (strstr(out, want) == NULL) {
        fail_msg("expected \"%s\" in: %s", want, out);
    }
}

static void audit__verify_detects_an_edited_row(void **state)
{
    struct harness_tmp *t = *state;

    imported(t);
    sql(t->db, "UPDATE event SET text = 'A plays KH' WHERE id = 100");
    tampered(t, 100);
}

static void audit__verify_detects_a_deleted_row(void **state)
{
    struct harness_tmp *t = *state;

    imported(t);
    sql(t->db, "PRAGMA foreign_keys = OFF; DELETE FROM event WHERE id = 200");
    tampered(t, 201);
}

static void audit__verify_detects_rows_deleted_at_the_end(void **state)
{
    struct harness_tmp *t = *state;
    long last;

    imported(t);
    last = query(t->db, "SELECT max(id) FROM event");
    sql(t->db, "PRAGMA foreign_keys = OFF; "
               "DELETE FROM event WHERE id > (SELECT max(id) - 3 FROM event)");
    tampered(t, last - 2);
}

static void audit__verify_detects_an_inserted_row(void **state)
{
    struct harness_tmp *t = *state;

    imported(t);
    sql(t->db, "UPDATE event SET id = id + 1000000 WHERE id > 300; "
               "UPDATE event SET id = id - 1000000 + 1 WHERE id > 1000000; "
               "INSERT INTO event (id, sitting_id, game_id, deal_id, seq, "
               "source, line, stamp, recorded, actor, verb, args, cards, "
               "text, hash) SELECT 301, sitting_id, game_id, deal_id, "
               "seq + 100000, source, line, stamp, recorded, actor, verb, "
               "args, cards, 'B marks 1', hash FROM event WHERE id = 300");
    tampered(t, 301);
}

static void audit__verify_detects_reordered_rows(void **state)
{
    struct harness_tmp *t = *state;

    imported(t);
    /* rows 400 and 401 change places */
    sql(t->db, "PRAGMA foreign_keys = OFF; "
               "UPDATE event SET id = -1 WHERE id = 400; "
               "UPDATE event SET id = 400 WHERE id = 401; "
               "UPDATE event SET id = 401 WHERE id = -1");
    tampered(t, 400);
}

static void audit__export_verifies_against_its_ledger(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    imported(t);
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'", harness_ecarte(),
                                t->db, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log "
                                     "'%s'",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, "matches the ledger"));
    /* the exported log altered afterwards */
    assert_int_equal(
        harness_sh("sed -i 's/^A cuts-for-deal QH/A cuts-for-deal KH/' "
                   "'%s'",
                   t->log),
        0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log "
                                     "'%s'",
                                     harness_ecarte(), t->db, t->log),
                     1);
    assert_non_null(strstr(out, "differs from the ledger"));
}

/* An export checked against a ledger it did not come from is said to be
 * foreign; an export cut short is said to have lost events. */
static void audit__foreign_or_cut_export_is_named(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    char other[400];
    char one_deal[1024];

    imported(t);
    assert_int_equal(harness_sh("%s export --db '%s' > '%s'", harness_ecarte(),
                                t->db, t->log),
                     0);
    snprintf(other, sizeof(other), "%s/other.db", t->dir);
    assert_int_equal(harness_sh("%s import --db '%s' --new '%s' >/dev/null "
                                "2>&1",
                                harness_ecarte(), other,
                                harness_path("tests/cases/l44_call_for_new_"
                                             "cards_fires.ecarte",
                                             one_deal, sizeof(one_deal))),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log '%s'",
                                     harness_ecarte(), other, t->log),
                     1);
    assert_non_null(strstr(out, "not an export of this ledger's sitting 1"));
    /* the export cut after its 100th line */
    assert_int_equal(harness_sh("head -n 100 '%s' > '%s'", t->log, t->log2),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s verify --db '%s' --log '%s'",
                                     harness_ecarte(), t->db, t->log2),
                     1);
    assert_non_null(strstr(out, "events were removed from it"));
}

static void audit__quarantine_keeps_the_good_deals(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    /* deal 3 of the evening gets an unreadable line */
    assert_int_equal(
        harness_sh("awk 'NR==95 {print \"B shuffles badly\"; next} "
                   "{print}' '%s' > '%s'",
                   harness_example("club-evening.ecarte"), t->log),
        0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     1);
    assert_non_null(strstr(out, "in.ecarte:95:"));
    assert_non_null(strstr(out, "23 deals imported, 1 quarantined"));
    assert_int_equal(query(t->db, "SELECT count(*) FROM quarantine"), 1);
    assert_int_equal(query(t->db, "SELECT count(*) FROM deal"), 23);
    assert_int_equal(query(t->db, "SELECT line FROM quarantine"), 68);
    assert_int_equal(query(t->db, "SELECT instr(raw, 'B shuffles badly') > 0 "
                                  "FROM quarantine"),
                     1);
}

static void audit__reimport_adds_nothing(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];
    long events;

    imported(t);
    events = query(t->db, "SELECT count(*) FROM event");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s'",
                                     harness_ecarte(), t->db,
                                     harness_example("club-evening.ecarte")),
                     0);
    assert_non_null(strstr(out, "already imported"));
    assert_int_equal(query(t->db, "SELECT count(*) FROM event"), events);
    assert_int_equal(query(t->db, "SELECT count(*) FROM sitting"), 1);
}

/* law_count - the number after "Lnn=" (gen) or "Lnn:" (audit) in text. */
static int law_count(const char *text, const char *law, char sep)
{
    char key[16];
    const char *p;

    snprintf(key, sizeof(key), "%s%c", law, sep);
    p = strstr(text, key);
    return p == NULL ? 0 : atoi(p + strlen(key));
}

static void audit__finds_every_injected_irregularity(void **state)
{
    struct harness_tmp *t = *state;
    char injected[512];
    char out[1 << 16];
    static const char *const kinds[] = {"L12", "L13", "L22", "L25",
                                        "L30", "L35", "L39", "L40",
                                        "L42", "L43", "L45"};

    /* the sitting as generated, with its `= ruling` lines taken out: every
     * irregularity is then one nobody claimed */
    assert_int_equal(
        harness_sh("%s gen --deals 300 --seed 11 --irregularities 0.4 "
                   "> '%s'",
                   harness_ecarte(), t->log),
        0);
    assert_int_equal(harness_capture(injected, sizeof(injected),
                                     "grep '^# injected:' '%s'", t->log),
                     0);
    assert_int_equal(
        harness_sh("grep -v '^= ruling' '%s' > '%s'", t->log, t->log2), 0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log2),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' | tail -1",
                                     harness_ecarte(), t->db),
                     0);
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        int want = law_count(injected, kinds[i], '=');
        int got = law_count(out, kinds[i], ':');

        if (got < want) {
            fail_msg("%s: %d injected, the audit found %d\n%s\n%s", kinds[i],
                     want, got, injected, out);
        }
    }
    assert_true(law_count(injected, "L43", '=') > 0);
    /* elder hand asking for fewer than he discarded, never claimed, is a
     * finding with its law and line */
    assert_int_equal(harness_sh("%s audit --db '%s' | grep -q 'L30 unclaimed'",
                                harness_ecarte(), t->db),
                     0);
    assert_int_equal(
        harness_sh("%s audit --db '%s' >/dev/null", harness_ecarte(), t->db),
        1);
}

static void audit__finds_nothing_on_a_clean_sitting(void **state)
{
    struct harness_tmp *t = *state;
    char out[8192];

    assert_int_equal(harness_sh("%s gen --deals 400 --seed 3 > '%s'",
                                harness_ecarte(), t->log),
                     0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' | tail -1",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "irregularities none; 0 finding(s), "
                                "0 flag(s)"));
}

static void audit__reports_wrong_marks_rulings_and_counts(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    FILE *fp = fopen(t->log, "w");

    assert_non_null(fp);
    /* B gives A six cards and nobody counts; the log then marks the wrong
     * score and records a ruling the laws do not give */
    fputs("game\ndeal B\nB gives A 3 QH AH 7H\nB gives B 3 KH JH 9H\n"
          "B gives A 3 KS KD 8S\nB gives B 2 8H 9C\nB turns TH\n"
          "A stands\nA leads KD\nB announces king\nB plays JH\nB leads KH\n"
          "A plays 7H\nB leads 9C\nA plays AH\nA leads KS\nB plays 9H\n"
          "B leads 8H\nA plays QH\n= ruling L42 offender A\n"
          "= score A 0 B 2\n",
          fp);
    fclose(fp);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    /* the packet of three departed from the order (L9), never claimed */
    assert_non_null(strstr(out, "L9 unclaimed"));
    /* six cards at the turn-up, never counted */
    assert_non_null(strstr(out, "L15 uncounted"));
    assert_non_null(strstr(out, "A held 6 cards"));
    /* the mark: 2 recorded, 3 due */
    assert_non_null(strstr(out, "in.ecarte:21: deal 1, event"));
    assert_non_null(strstr(out, "L50 mark: the log marks A 0 B 2, A 0 B 3 "
                                "was due"));
    /* the ruling nobody gave */
    assert_non_null(strstr(out, "L42 ruling: the log records \"= ruling L42 "
                                "offender A\""));
}

/* count_lines - lines of text that contain needle. */
static int count_lines(const char *text, const char *needle)
{
    int n = 0;

    for (const char *p = strstr(text, needle); p != NULL;
         p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* A deal whose points waited for an election (L25, L43: stand or replay)
 * was reported at its last trick and again when scored: import said 312
 * deals and the audit 312 for a sitting of 300.  Each deal is counted and
 * printed once, with its points as scored. */
static void audit__counts_each_deal_once(void **state)
{
    struct harness_tmp *t = *state;
    static char out[1 << 20];
    char want[64];

    assert_int_equal(
        harness_sh("%s gen --deals 300 --seed 3 --irregularities 0.4 > '%s'",
                   harness_ecarte(), t->log),
        0);
    /* the sitting holds elections that settle a played hand's points */
    assert_int_equal(harness_sh("grep -q 'elects stand' '%s'", t->log), 0);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s import --db '%s' '%s' 2>&1",
                                     harness_ecarte(), t->db, t->log),
                     0);
    assert_non_null(strstr(out, ": 300 deals imported, 0 quarantined"));
    assert_int_equal(query(t->db, "SELECT count(*) FROM deal"), 300);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s score --db '%s' --json",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(count_lines(out, "{\"type\":\"deal\""), 300);
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' --json | "
                                     "grep '\"type\":\"audit\"'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "\"sittings\":1,\"deals\":300,"));
    /* check prints every deal once: deal numbers 1..300, none twice */
    assert_int_equal(
        harness_capture(out, sizeof(out),
                        "%s check --json '%s' | grep '\"type\":\"deal\"' | "
                        "sed 's/.*\"deal\":\\([0-9]*\\),.*/\\1/' | "
                        "sort -n | uniq -d | wc -l",
                        harness_ecarte(), t->log),
        0);
    assert_string_equal(out, "0\n");
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s check --json '%s' | "
                                     "grep -c '\"type\":\"deal\"'",
                                     harness_ecarte(), t->log),
                     0);
    assert_string_equal(out, "300\n");
    snprintf(want, sizeof(want), "\"deal\":300,");
    assert_int_equal(harness_sh("%s check --json '%s' | grep -q '%s'",
                                harness_ecarte(), t->log, want),
                     0);
}

/* A revoke ruled at the last trick holds the hand's points until the
 * adversary elects: the deal is printed once, when they are scored; a log
 * that ends before the election says so in a note. */
static void audit__held_deal_printed_once_when_scored(void **state)
{
    struct harness_tmp *t = *state;
    char path[512];
    char out[16384];
    char want[600];

    harness_path("tests/cases/t25_revoke_replayed.ecarte", path,
                 sizeof(path));
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), path),
                     0);
    assert_int_equal(count_lines(out, ": deal 1 ("), 1);
    snprintf(want, sizeof(want),
             "%s:44: deal 1 (B deals): tricks A 0 B 5, points A 0 B 1; "
             "score A 0 B 1\n",
             path);
    assert_non_null(strstr(out, want));
    /* the same log stopped before A elects replay */
    assert_int_equal(harness_sh("sed '/A elects replay/,$d' '%s' > '%s'",
                                path, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s check '%s'",
                                     harness_ecarte(), t->log),
                     0);
    assert_int_equal(count_lines(out, ": deal 1 ("), 0);
    snprintf(want, sizeof(want),
             "%s:33: note: the log ends with the points of deal 1 waiting "
             "for the election on the pending ruling\n",
             t->log);
    assert_non_null(strstr(out, want));
}

/* The audit checks an imported log's `= value N` lines as check does:
 * a hand worth 1 recorded as worth 2 is a finding of kind value. */
static void audit__reports_a_wrong_value_line(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    char want[512];
    static const char deal[] =
        "[Laws \"london\"]\ngame\ndeal B\nA shuffles\nB shuffles\n"
        "A cuts 9\nB gives A 3 KH QH AC\nB gives B 3 QS JS AH\n"
        "B gives A 2 9C 8H\nB gives B 2 7C JD\nB turns 8D\nA stands\n"
        "= value %d\nA leads KH\nB plays AH\nA leads QH\nB plays JD\n"
        "B leads QS\nA plays 8H\nB leads JS\nA plays 9C\nB leads 7C\n"
        "A plays AC\n= score A 0 B 2\n";
    char text[1024];

    snprintf(text, sizeof(text), deal, 1);
    harness_write(t->log, text);
    snprintf(text, sizeof(text), deal, 2);
    harness_write(t->log2, text);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     0);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_null(strstr(out, "value"));
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log2),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    snprintf(want, sizeof(want),
             "%s:13: deal 1, event ", t->log2);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, ": value: the log records \"= value 2\", "
                                "the rules give \"= value 1\"\n"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' --json",
                                     harness_ecarte(), t->db),
                     1);
    assert_non_null(strstr(out, "\"law\":null,\"kind\":\"value\""));
}

/* A `=` line with a time stamp is kept as a claim in its own words (the
 * stamp was once kept in the claim's text, which the audit could not
 * read back): a wrong mark on one is found. */
static void audit__reads_a_stamped_claim(void **state)
{
    struct harness_tmp *t = *state;
    char out[16384];
    char want[512];

    assert_int_equal(
        harness_sh("sed 's/= score A 0 B 3/@21:30:00 = score A 0 B 2/' "
                   "'%s' > '%s'",
                   harness_example("hoffmann-rule-hand.ecarte"), t->log),
        0);
    assert_int_equal(harness_sh("%s import --db '%s' '%s' >/dev/null 2>&1",
                                harness_ecarte(), t->db, t->log),
                     1);
    assert_int_equal(harness_capture(out, sizeof(out), "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     1);
    snprintf(want, sizeof(want),
             "%s:38: deal 1, event 23: L50 mark: the log marks A 0 B 2, "
             "A 0 B 3 was due",
             t->log);
    assert_non_null(strstr(out, want));
}

/* audited - the audit's last line for one case imported into a new
 * ledger, into out. */
static void audited(struct harness_tmp *t, const char *name, char *out,
                    size_t n)
{
    char path[1024];
    char rel[256];

    snprintf(rel, sizeof(rel), "tests/cases/%s", name);
    harness_path(rel, path, sizeof(path));
    assert_int_equal(harness_sh("rm -f '%s' && %s import --db '%s' --new '%s' "
                                ">/dev/null 2>&1",
                                t->db, harness_ecarte(), t->db, path),
                     0);
    assert_int_equal(harness_capture(out, n, "%s audit --db '%s' | tail -n 1",
                                     harness_ecarte(), t->db),
                     0);
}

/* One irregularity, counted once: a lead out of turn taken back (one L40
 * ruling, at the lead), a revoke corrected in time (one L39 ruling, at the
 * take-back; never an L43), and none for a line the scorer struck. */
static void audit__each_irregularity_is_counted_once(void **state)
{
    struct harness_tmp *t = *state;
    char out[4096];

    audited(t, "l40_lead_out_of_turn_taken_back_fires.ecarte", out,
            sizeof(out));
    assert_non_null(strstr(out, "irregularities L40:1;"));
    audited(t, "t24_revoke_corrected_in_time.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities L39:1;"));
    audited(t, "strike_of_a_lead_out_of_turn.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities none;"));
    /* a forgotten king and its late marks, an overscore taken down */
    audited(t, "l22_forgotten_king_marked_late_fires.ecarte", out,
            sizeof(out));
    assert_non_null(strstr(out, "irregularities L22:1,L42:2,L51:1;"));
    /* an overscore known only when it is taken down still counts */
    audited(t, "l51_unmark_reopens_game_fires.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities L51:1;"));
}

/* ------------------------------------------------------------------ */
/* Tables of three or more: the figures by person                       */
/* ------------------------------------------------------------------ */

/* What the audit should say of one person, counted by hand from the
 * log (its header tells the story). */
struct want_player {
    const char *id;
    const char *name;
    int irregular;
    const char *by_law;         /* text form, "L3:1,CH2:1" */
    const char *by_law_json;    /* JSON form, "{\"L3\":1,\"CH2\":1}" */
    int dealt;
    int kings;
    int known;
    int held;
    int answered;
    int accepted;
    int made;
    int made_accepted;
};

/* A person's games and money in one role ("all": every role). */
struct want_role {
    const char *id;
    const char *name;
    const char *role;
    int games;
    int won;
    int lost;
    int money_won;
    int money_lost;
};

/* audit_case - the case tests/cases/variants/name imported into a fresh
 * ledger; the audit's text into text and its JSON into json (both of n
 * bytes), each exit 0. */
static void audit_case(struct harness_tmp *t, const char *name, char *text,
                       char *json, size_t n)
{
    char path[1024];
    char rel[256];

    snprintf(rel, sizeof(rel), "tests/cases/variants/%s", name);
    harness_path(rel, path, sizeof(path));
    assert_int_equal(harness_sh("rm -f '%s' && %s import --db '%s' --new '%s' "
                                ">/dev/null 2>&1",
                                t->db, harness_ecarte(), t->db, path),
                     0);
    assert_int_equal(harness_capture(text, n, "%s audit --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_int_equal(harness_capture(json, n, "%s audit --json --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
}

/* contains - the test fails, showing where, unless hay holds needle. */
static void contains(const char *hay, const char *needle)
{
    if (strstr(hay, needle) == NULL) {
        fail_msg("expected \"%s\" in:\n%s", needle, hay);
    }
}

/* players_are - each person's summary, text and JSON, exactly as wanted;
 * no seat's label stands for a person. */
static void players_are(const char *text, const char *json,
                        const struct want_player *w, size_t n)
{
    char line[1024];

    for (size_t i = 0; i < n; i++) {
        snprintf(line, sizeof(line),
                 "player %s (%s): %d irregularit%s%s%s%s; through the "
                 "penalty laws won 0 point(s), lost 0; dealt %d (kings "
                 "turned %d); kings of trumps held in %d of %d hands seen; "
                 "accepted %d of %d proposals; made %d proposal(s), %d "
                 "accepted\n",
                 w[i].id, w[i].name, w[i].irregular,
                 w[i].irregular == 1 ? "y" : "ies", w[i].by_law[0] ? " (" : "",
                 w[i].by_law, w[i].by_law[0] ? ")" : "", w[i].dealt,
                 w[i].kings, w[i].held, w[i].known, w[i].accepted,
                 w[i].answered, w[i].made, w[i].made_accepted);
        contains(text, line);
        snprintf(line, sizeof(line),
                 "{\"type\":\"player\",\"name\":\"%s\",\"person\":\"%s\","
                 "\"irregularities\":%d,\"by_law\":%s,"
                 "\"penalty_points_won\":0,\"penalty_points_lost\":0,"
                 "\"deals_dealt\":%d,\"kings_turned\":%d,\"hands_seen\":%d,"
                 "\"kings_held\":%d,\"proposals_answered\":%d,"
                 "\"proposals_accepted\":%d,\"proposals_made\":%d,"
                 "\"proposals_made_accepted\":%d}\n",
                 w[i].name, w[i].id, w[i].irregular, w[i].by_law_json,
                 w[i].dealt, w[i].kings, w[i].known, w[i].held,
                 w[i].answered, w[i].accepted, w[i].made, w[i].made_accepted);
        contains(json, line);
    }
    /* one summary per person, and none for a seat */
    assert_int_equal(count_of(text, "\nplayer "), (long)n);
    assert_int_equal(count_of(json, "{\"type\":\"player\""), (long)n);
    assert_null(strstr(text, "Player A"));
    assert_null(strstr(text, "Player B"));
    assert_null(strstr(json, "Player A"));
    assert_null(strstr(json, "Player B"));
    assert_null(strstr(text, "\nplayer A"));
    assert_null(strstr(text, "\nplayer B"));
}

/* roles_are - each person's figures by role, text and JSON, exactly as
 * wanted (and no other role row). */
static void roles_are(const char *text, const char *json,
                      const struct want_role *w, size_t n)
{
    char line[1024];

    for (size_t i = 0; i < n; i++) {
        bool all = strcmp(w[i].role, "all") == 0;

        snprintf(line, sizeof(line),
                 "person %s (%s) %s %s: %d game(s), won %d, lost %d; money "
                 "won %d, lost %d, net %+d\n",
                 w[i].id, w[i].name, all ? "in" : "as",
                 all ? "all roles" : w[i].role, w[i].games, w[i].won,
                 w[i].lost, w[i].money_won, w[i].money_lost,
                 w[i].money_won - w[i].money_lost);
        contains(text, line);
        snprintf(line, sizeof(line),
                 "{\"type\":\"person\",\"person\":\"%s\",\"name\":\"%s\","
                 "\"role\":\"%s\",\"games\":%d,\"won\":%d,\"lost\":%d,"
                 "\"money_won\":%d,\"money_lost\":%d}\n",
                 w[i].id, w[i].name, w[i].role, w[i].games, w[i].won,
                 w[i].lost, w[i].money_won, w[i].money_lost);
        contains(json, line);
    }
    assert_int_equal(count_of(text, "\nperson "), (long)n);
    assert_int_equal(count_of(json, "{\"type\":\"person\""), (long)n);
}

/* json_int - the integer of field key in the JSON object at obj. */
static long json_int(const char *obj, const char *key)
{
    char pat[64];
    const char *at;

    snprintf(pat, sizeof(pat), "\"%s\":", key);
    at = strstr(obj, pat);
    assert_non_null(at);
    return strtol(at + strlen(pat), NULL, 10);
}

/* roles_add_up - in the audit's JSON, each person's figures over all
 * roles are the sums of his roles' (every game and every transfer in
 * exactly one role); returns the persons checked. */
static int roles_add_up(const char *json)
{
    static const char *const keys[] = {"games", "won", "lost", "money_won",
                                        "money_lost"};
    long sum[5] = {0};
    char who[64] = "";
    int persons = 0;

    for (const char *p = strstr(json, "{\"type\":\"person\",\"person\":\"");
         p != NULL;
         p = strstr(p + 1, "{\"type\":\"person\",\"person\":\"")) {
        const char *id = p + strlen("{\"type\":\"person\",\"person\":\"");
        size_t len = strcspn(id, "\"");
        bool all = strncmp(strstr(p, "\"role\":"), "\"role\":\"all\"", 12) == 0;

        if (strlen(who) != len || strncmp(who, id, len) != 0) {
            assert_true(len < sizeof(who));
            memcpy(who, id, len);
            who[len] = '\0';
            memset(sum, 0, sizeof(sum));
        }
        for (int k = 0; k < 5; k++) {
            if (!all) {
                sum[k] += json_int(p, keys[k]);
            } else if (sum[k] != json_int(p, keys[k])) {
                fail_msg("%s: %s over all roles is %ld, the roles sum to %ld",
                         who, keys[k], json_int(p, keys[k]), sum[k]);
            }
        }
        persons += all;
    }
    return persons;
}

/* A chouette of four: ann, bob, cy and dan rotate through the seats
 * (bank, ponte, advisers). What seat B does in game 1 is bob's and in
 * game 2 cy's; an adviser who looks at the bank's cards errs as himself;
 * each stake forfeited at once is counted in the adviser's role, so that
 * the roles add up to "all roles". Every figure below is counted by hand
 * from the log (its header). */
static void audit__chouette_figures_are_by_person(void **state)
{
    static const struct want_player players[] = {
        /* ann deals every hand as the bank in games 1 and 2: three
         * turn-ups (one a king, game 1), two hands seen whole (the
         * others' turn-up is the king); she refuses bob's proposal and
         * accepts cy's */
        {"ann", "Ann Ash", 0, "", "{}", 3, 1, 2, 0, 2, 1, 0, 0},
        /* bob: a one-card cut as ponte (L3), then a look at the bank's
         * cards as adviser (CH2); one proposal, refused */
        {"bob", "Bob Blount", 2, "L3:1,CH2:1", "{\"L3\":1,\"CH2\":1}", 0, 0,
         1, 0, 0, 0, 1, 0},
        /* cy: a look as adviser (CH2), a shuffle with the faces shown as
         * ponte (L2); one proposal, accepted; as the bank in game 3 he
         * turns the king */
        {"cy", "Cy Cray", 2, "L2:1,CH2:1", "{\"L2\":1,\"CH2\":1}", 1, 1, 1,
         0, 0, 0, 1, 1},
        /* dan: ponte only in game 3, which ends at its turn-up */
        {"dan", "Dan Dee", 0, "", "{}", 0, 0, 0, 0, 0, 0, 0, 0},
    };
    static const struct want_role roles[] = {
        /* game 1 won as bank (+2, and cy's forfeit +1), game 2 lost as
         * bank (-3); game 3 lost as adviser (-1) */
        {"ann", "Ann Ash", "bank", 2, 1, 1, 3, 3},
        {"ann", "Ann Ash", "adviser", 1, 0, 1, 0, 1},
        {"ann", "Ann Ash", "all", 3, 1, 2, 3, 4},
        /* ponte beaten in game 1 (-1); adviser in game 2 (won, +1) and
         * game 3 (lost: his stake forfeited at once, -1) */
        {"bob", "Bob Blount", "ponte", 1, 0, 1, 0, 1},
        {"bob", "Bob Blount", "adviser", 2, 1, 1, 1, 1},
        {"bob", "Bob Blount", "all", 3, 1, 2, 1, 2},
        /* adviser in game 1 (lost: forfeit -1), ponte winning game 2
         * (+1), bank winning game 3 (+2, and bob's forfeit +1) */
        {"cy", "Cy Cray", "adviser", 1, 0, 1, 0, 1},
        {"cy", "Cy Cray", "ponte", 1, 1, 0, 1, 0},
        {"cy", "Cy Cray", "bank", 1, 1, 0, 3, 0},
        {"cy", "Cy Cray", "all", 3, 2, 1, 4, 1},
        /* adviser in games 1 (-1) and 2 (+1), ponte beaten in game 3 */
        {"dan", "Dan Dee", "adviser", 2, 1, 1, 1, 1},
        {"dan", "Dan Dee", "ponte", 1, 0, 1, 0, 1},
        {"dan", "Dan Dee", "all", 3, 1, 2, 1, 2},
    };
    struct harness_tmp *t = *state;
    static char text[65536];
    static char json[65536];

    audit_case(t, "chouette_audit_by_person.ecarte", text, json,
               sizeof(text));
    players_are(text, json, players, sizeof(players) / sizeof(players[0]));
    roles_are(text, json, roles, sizeof(roles) / sizeof(roles[0]));
    assert_int_equal(roles_add_up(json), 4);
    /* each irregularity names who erred */
    contains(text, "irregularity \"= ruling L3 offender B remedy "
                   "not-allowed\" claimed by bob\n");
    contains(text, "irregularity \"= ruling L2 offender B remedy reshuffle\" "
                   "claimed by cy\n");
    contains(text, "irregularity \"= ruling CH2 offender cy remedy "
                   "forfeit-stake\" claimed by cy\n");
    contains(json, "\"law\":\"L2\",\"offender\":\"B\"");
    assert_int_equal(count_of(json, "\"status\":\"claimed\",\"person\":\"bob\""),
                     2);
    assert_int_equal(count_of(json, "\"status\":\"claimed\",\"person\":\"cy\""),
                     2);
    contains(text, "irregularities L2:1,L3:1,CH2:2; 0 finding(s), 0 flag(s)");
}

/* A gallery of three players and three bystanders: ann, bob and eve sit
 * in turn (the loser gives his seat to the first in the queue); dan,
 * fay and gus (and eve, before she sits) bet. Each errs as himself: a
 * look at the adverse hand (BY2), a bet after the close (BY1), a
 * one-card cut by the player in seat B (L3). The BY2 forfeit is counted
 * in the bettor's role, so the roles add up to "all roles". Counted by
 * hand from the log. */
static void audit__gallery_figures_are_by_person(void **state)
{
    static const struct want_player players[] = {
        /* ann: seat A in games 1 and 2; the king held in game 1, not in
         * game 2; deals game 2 and refuses eve's proposal */
        {"ann", "Ann Ash", 0, "", "{}", 1, 0, 2, 1, 1, 0, 0, 0},
        /* bob: seat B in game 1 (deals it), seat A in game 3 (holds the
         * king) */
        {"bob", "Bob Blount", 0, "", "{}", 1, 0, 2, 1, 0, 0, 0, 0},
        {"dan", "Dan Dee", 1, "BY2:1", "{\"BY2\":1}", 0, 0, 0, 0, 0, 0, 0,
         0},
        /* eve: seat B in games 2 (one-card cut; proposes) and 3 (deals) */
        {"eve", "Eve Ell", 1, "L3:1", "{\"L3\":1}", 1, 0, 2, 0, 0, 0, 1, 0},
        {"fay", "Fay Fenn", 0, "", "{}", 0, 0, 0, 0, 0, 0, 0, 0},
        {"gus", "Gus Gale", 1, "BY1:1", "{\"BY1\":1}", 0, 0, 0, 0, 0, 0, 0,
         0},
    };
    static const struct want_role roles[] = {
        /* game 1 won (+5 from eve's bet she covered), game 2 lost */
        {"ann", "Ann Ash", "player", 2, 1, 1, 5, 0},
        {"ann", "Ann Ash", "all", 2, 1, 1, 5, 0},
        /* game 1 lost as player (dan's forfeit +10 to him), game 3 won;
         * game 2 as a bettor covering fay (-6) */
        {"bob", "Bob Blount", "player", 2, 1, 1, 10, 0},
        {"bob", "Bob Blount", "bettor", 1, 0, 1, 0, 6},
        {"bob", "Bob Blount", "all", 3, 1, 2, 10, 6},
        /* his forfeit (-10, game 1, where his bet then ends: no game of
         * his), then game 2 won (+3) */
        {"dan", "Dan Dee", "bettor", 1, 1, 0, 3, 10},
        {"dan", "Dan Dee", "all", 1, 1, 0, 3, 10},
        /* game 1 a bettor waiting (-5); game 2 won (+4 covering gus),
         * game 3 lost, as player */
        {"eve", "Eve Ell", "player", 2, 1, 1, 4, 0},
        {"eve", "Eve Ell", "bettor", 1, 0, 1, 0, 5},
        {"eve", "Eve Ell", "all", 3, 1, 2, 4, 5},
        /* released in game 1 by dan's forfeit; game 2 won (+6) */
        {"fay", "Fay Fenn", "bettor", 1, 1, 0, 6, 0},
        {"fay", "Fay Fenn", "all", 1, 1, 0, 6, 0},
        /* game 2 lost: his bet (-4) and his cover of dan (-3) */
        {"gus", "Gus Gale", "bettor", 1, 0, 1, 0, 7},
        {"gus", "Gus Gale", "all", 1, 0, 1, 0, 7},
    };
    struct harness_tmp *t = *state;
    static char text[65536];
    static char json[65536];

    audit_case(t, "gallery_audit_by_person.ecarte", text, json, sizeof(text));
    players_are(text, json, players, sizeof(players) / sizeof(players[0]));
    roles_are(text, json, roles, sizeof(roles) / sizeof(roles[0]));
    assert_int_equal(roles_add_up(json), 6);
    contains(json, "\"law\":\"BY2\",\"offender\":null,\"elector\":null");
    contains(json, "\"status\":\"claimed\",\"person\":\"dan\"}");
    contains(json, "\"law\":\"L3\",\"offender\":\"B\"");
    contains(json, "\"status\":\"claimed\",\"person\":\"eve\"}");
    contains(text, "irregularities L3:1,BY1:1,BY2:1; 0 finding(s), 0 "
                   "flag(s)");
}

/* Generated sittings of every format with irregularities: persons only
 * in the summaries (the seats' tags say "Player A" and "Player B"),
 * every person's roles adding up to his figures over all roles, and the
 * irregularities of the persons adding up to those with an offender. */
static void audit__generated_tables_add_up_by_person(void **state)
{
    static const char *const formats[] = {
        "chouette", "chouette; bank-on-loss=keeps; bank-deals=no", "pool",
        "gallery", "gallery; bet-match=tableau; levy=5",
    };
    struct harness_tmp *t = *state;
    static char text[1 << 20];
    static char json[1 << 20];

    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        long persons = 0;
        long by_person = 0;
        long named = 0;

        assert_int_equal(
            harness_sh("rm -f '%s' && %s gen --format '%s' --deals 40 --seed "
                       "%d --irregularities 0.4 > '%s' && %s import --db '%s' "
                       "--new '%s' >/dev/null 2>&1",
                       t->db, harness_ecarte(), formats[f], (int)f + 3,
                       t->log, harness_ecarte(), t->db, t->log),
            0);
        harness_capture(text, sizeof(text), "%s audit --db '%s'",
                        harness_ecarte(), t->db);
        harness_capture(json, sizeof(json), "%s audit --json --db '%s'",
                        harness_ecarte(), t->db);
        if (strstr(text, "Player A") != NULL ||
            strstr(text, "Player B") != NULL) {
            fail_msg("%s: a seat's label in:\n%s", formats[f], text);
        }
        /* every summary is a person's */
        for (const char *p = strstr(json, "{\"type\":\"player\"");
             p != NULL; p = strstr(p + 1, "{\"type\":\"player\"")) {
            const char *end = strchr(p, '\n');
            const char *who = strstr(p, "\"person\":\"");

            assert_true(who != NULL && (end == NULL || who < end));
            persons++;
        }
        assert_true(persons >= 3);
        assert_true(roles_add_up(json) > 0);
        for (const char *p = strstr(json, "{\"type\":\"player\"");
             p != NULL; p = strstr(p + 1, "{\"type\":\"player\"")) {
            by_person += json_int(p, "irregularities");
        }
        for (const char *p = strstr(json, "{\"type\":\"irregularity\"");
             p != NULL; p = strstr(p + 1, "{\"type\":\"irregularity\"")) {
            const char *end = strchr(p, '\n');
            const char *who = strstr(p, "\"person\":\"");

            named += who != NULL && (end == NULL || who < end);
        }
        if (by_person != named) {
            fail_msg("%s: the persons' irregularities sum to %ld, %ld name "
                     "a person",
                     formats[f], by_person, named);
        }
        assert_true(named > 0);
    }
}

/* One irregularity, one ruling, recorded: the cases of the doubles once
 * given (a deal out of turn put right or left to stand, a turned king
 * marked late, a lead out of turn and a revoke taken back) and their near
 * misses, recorded into one ledger: `verify` re-derives every stored row
 * from the events and finds it clean, and the audit counts each
 * irregularity once (by hand: L14 four deals out of turn or with the
 * wrong pack, L22 two kings, L40 three leads, L39 two revokes taken back
 * and a led card, L43 one revoke, L12 one faced card). */
static void audit__one_ruling_cases_verify_and_count_once(void **state)
{
    struct harness_tmp *t = *state;
    static const char *const cases[] = {
        "l14_deal_out_of_turn_put_right_after_packets_fires",
        "l14_deal_out_of_turn_stands_fires",
        "l14_redeal_by_the_same_dealer_near_miss",
        "l14_deal_out_of_turn_fires",
        "t07_wrong_pack_found_after_turnup",
        "l22_immediate_late_mark_ruled_once_fires",
        "l22_next_deal_mark_before_the_deal_near_miss",
        "t12_turned_king_marked_too_late",
        "l39_revoke_taken_back_before_the_next_lead_fires",
        "l43_revoke_ruled_at_the_next_lead_fires",
        "l43_revoke_proven_and_taken_back_near_miss",
        "l40_each_lead_out_of_turn_ruled_once_fires",
        "l40_lead_in_turn_taken_back_near_miss",
        "l40_lead_out_of_turn_taken_back_fires",
    };
    char out[4096];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char rel[256];
        char path[1024];

        snprintf(rel, sizeof(rel), "tests/cases/%s.ecarte", cases[i]);
        assert_int_equal(harness_record(t->db,
                                        harness_path(rel, path, sizeof(path))),
                         0);
    }
    assert_int_equal(harness_capture(out, sizeof(out), "%s verify --db '%s'",
                                     harness_ecarte(), t->db),
                     0);
    assert_non_null(strstr(out, "every row proven"));
    assert_int_equal(harness_capture(out, sizeof(out),
                                     "%s audit --db '%s' | tail -n 1",
                                     harness_ecarte(), t->db),
                     0);
    if (strstr(out, "irregularities L12:1,L14:4,L22:2,L39:3,L40:3,L43:1; "
                    "0 finding(s)") == NULL) {
        fail_msg("the audit counts the irregularities of the cases "
                 "otherwise:\n%s",
                 out);
    }
    /* one deal out of turn put right: once, not at both deal lines */
    audited(t, "l14_deal_out_of_turn_fires.ecarte", out, sizeof(out));
    assert_non_null(strstr(out, "irregularities L14:1;"));
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
#define T(name)                                                                \
    cmocka_unit_test_setup_teardown(name, harness_tmp_setup,                   \
                                    harness_tmp_teardown)
        T(audit__verify_detects_an_edited_row),
        T(audit__verify_detects_a_deleted_row),
        T(audit__verify_detects_rows_deleted_at_the_end),
        T(audit__verify_detects_an_inserted_row),
        T(audit__verify_detects_reordered_rows),
        T(audit__export_verifies_against_its_ledger),
        T(audit__foreign_or_cut_export_is_named),
        T(audit__each_irregularity_is_counted_once),
        T(audit__one_ruling_cases_verify_and_count_once),
        T(audit__quarantine_keeps_the_good_deals),
        T(audit__reimport_adds_nothing),
        T(audit__finds_every_injected_irregularity),
        T(audit__finds_nothing_on_a_clean_sitting),
        T(audit__reports_wrong_marks_rulings_and_counts),
        T(audit__reports_a_wrong_value_line),
        T(audit__reads_a_stamped_claim),
        T(audit__counts_each_deal_once),
        T(audit__held_deal_printed_once_when_scored),
        T(audit__chouette_figures_are_by_person),
        T(audit__gallery_figures_are_by_person),
        T(audit__generated_tables_add_up_by_person),
#undef T
    };

    return cmocka_run_group_tests_name("audit", tests, NULL, NULL);
}
