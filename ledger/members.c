/* SPDX-License-Identifier: MIT */
/*
 * members.c - who is whom across sittings.  A seat of a duel is named by
 * its [A "..."] / [B "..."] tag, a person at a table of three or more by
 * his `person` line; the same name is the same member, unless the club
 * decided otherwise: a join (member_join: this spelling is that member)
 * or an apart (member_apart: this seat or person of this sitting is that
 * member, kept apart from his namesakes).  Both are sealed rows (seal.c),
 * proven as every other row no action gives again.
 */
#include "ledger/ledger.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ledger/ledger_int.h"

#define JOIN_DEPTH_MAX 16       /* joins followed, at most */
#define NAME_MAX_LEN 256        /* a name as members.c keeps it */

bool ledger_member_placeholder(const char *name)
{
    static const char *const none[] = {
        "", "?", "A", "B", "Player A", "Player B",
    };

    if (name == NULL) {
        return true;
    }
    for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
        if (strcmp(name, none[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* is_seat - is who a seat's letter ("A" or "B")? */
static bool is_seat(const char *who)
{
    return (who[0] == 'A' || who[0] == 'B') && who[1] == '\0';
}

/* one_text - step st (bound) for one text into out (n bytes).  Returns
 * 1 found, 0 none, or a negative code.  st is reset. */
static int one_text(struct ledger *l, sqlite3_stmt *st, char *out, size_t n,
                    const char *what)
{
    int src = sqlite3_step(st);
    int rc = 0;

    if (src == SQLITE_ROW) {
        snprintf(out, n, "%s", ledger__col_text(st, 0));
        rc = 1;
    } else if (src != SQLITE_DONE) {
        rc = ledger__fail(l, src, what);
    }
    ledger__done(st);
    return rc;
}

/* has_persons - does sitting name its persons (a table of three or
 * more)?  1, 0, or a negative code. */
static int has_persons(struct ledger *l, int64_t sitting)
{
    sqlite3_stmt *st = NULL;
    char buf[8];

    if (l->version < 3) {
        return 0;
    }
    st = ledger__cached(l, CS_HAS_PERSONS, "SELECT 1 FROM person WHERE "
                                           "sitting_id = ?1 LIMIT 1");
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    sqlite3_bind_int64(st, 1, sitting);
    return one_text(l, st, buf, sizeof(buf), "read the persons");
}

/* raw_name - the name who goes by in sitting: a duel's seat tag or a
 * person's name ("" if none, or a seat at a table of persons).  Returns
 * 0 or a negative code. */
static int raw_name(struct ledger *l, int64_t sitting, const char *who,
                    char *out, size_t n)
{
    sqlite3_stmt *st = NULL;
    int rc;

    out[0] = '\0';
    if (is_seat(who)) {
        rc = has_persons(l, sitting);
        if (rc != 0) {
            return rc < 0 ? rc : 0;
        }
        st = ledger__cached(l, CS_TAG_GET, "SELECT value FROM tag WHERE "
                                           "sitting_id = ?1 AND name = ?2 "
                                           "ORDER BY id LIMIT 1");
    } else {
        if (l->version < 3) {
            return 0;
        }
        st = ledger__cached(l, CS_PERSON_GET, "SELECT name FROM person "
                                              "WHERE sitting_id = ?1 AND "
                                              "code = ?2");
    }
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    sqlite3_bind_int64(st, 1, sitting);
    ledger__bind_text(st, 2, who);
    rc = one_text(l, st, out, n, "read a name");
    return rc < 0 ? rc : 0;
}

/* apart_of - the member_apart decision for who of sitting into out.
 * 1 found, 0 none, or a negative code. */
static int apart_of(struct ledger *l, int64_t sitting, const char *who,
                    char *out, size_t n)
{
    sqlite3_stmt *st = NULL;

    if (l->version < 5) {
        return 0;
    }
    st = ledger__cached(l, CS_APART_GET, "SELECT member FROM member_apart "
                                         "WHERE sitting_id = ?1 AND who = ?2");
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    sqlite3_bind_int64(st, 1, sitting);
    ledger__bind_text(st, 2, who);
    return one_text(l, st, out, n, "read the members");
}

/* join_of - the member the spelling is joined to (one step) into out.
 * 1 found, 0 none, or a negative code. */
static int join_of(struct ledger *l, const char *spelling, char *out,
                   size_t n)
{
    sqlite3_stmt *st = NULL;

    if (l->version < 5) {
        return 0;
    }
    st = ledger__cached(l, CS_JOIN_GET, "SELECT member FROM member_join "
                                        "WHERE spelling = ?1");
    if (st == NULL) {
        return LEDGER_E_ERROR;
    }
    ledger__bind_text(st, 1, spelling);
    return one_text(l, st, out, n, "read the members");
}

/* follow_joins - name followed through the joins to its end, in place
 * (name holds n bytes).  Returns 0 or a negative code. */
static int follow_joins(struct ledger *l, char *name, size_t n)
{
    char next[NAME_MAX_LEN];

    for (int depth = 0; depth < JOIN_DEPTH_MAX; depth++) {
        int rc = join_of(l, name, next, sizeof(next));

        if (rc <= 0) {
            return rc;
        }
        snprintf(name, n, "%s", next);
    }
    return 0;
}

/* resolve - the member who of sitting is, into out (and the name he goes
 * by there into raw, rn bytes).  Returns 0 or a negative code. */
static int resolve(struct ledger *l, int64_t sitting, const char *who,
                   char *raw, size_t rn, char *out, size_t n)
{
    char name[NAME_MAX_LEN];
    int rc;

    out[0] = '\0';
    rc = raw_name(l, sitting, who, raw, rn);
    if (rc != 0) {
        return rc;
    }
    rc = apart_of(l, sitting, who, out, n);
    if (rc != 0) {
        return rc < 0 ? rc : 0;
    }
    if (ledger_member_placeholder(raw)) {
        return 0;
    }
    snprintf(name, sizeof(name), "%s", raw);
    rc = follow_joins(l, name, sizeof(name));
    if (rc == 0) {
        snprintf(out, n, "%s", name);
    }
    return rc;
}

int ledger_member_of(struct ledger *l, int64_t sitting, const char *who,
                     char *out, size_t n)
{
    char raw[NAME_MAX_LEN];
    char mine[NAME_MAX_LEN];
    int rc;

    if (n > 0) {
        out[0] = '\0';
    }
    rc = ledger_sitting_exists(l, sitting);
    if (rc < 0) {
        return rc;
    }
    if (rc == 0) {
        return ledger__failf(l, LEDGER_E_NOTFOUND, "no sitting %" PRId64,
                             sitting);
    }
    if (who == NULL || who[0] == '\0') {
        return 0;
    }
    rc = resolve(l, sitting, who, raw, sizeof(raw), mine, sizeof(mine));
    if (rc == 0 && n > 0) {
        snprintf(out, n, "%s", mine);
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Every member                                                         */
/* ------------------------------------------------------------------ */

/* One appearance: a member in a sitting under a spelling. */
struct appearance {
    char *member;
    char *spelling;
    int64_t sitting;
    char evening[16];
    size_t order;               /* the order found (sittings by id) */
};

/* by_member - appearances sorted by member, evening, sitting, order. */
static int by_member(const void *pa, const void *pb)
{
    const struct appearance *a = pa;
    const struct appearance *b = pb;
    int c = strcmp(a->member, b->member);

    if (c == 0) {
        c = strcmp(a->evening, b->evening);
    }
    if (c == 0) {
        c = a->sitting < b->sitting ? -1 : a->sitting > b->sitting;
    }
    if (c == 0) {
        c = a->order < b->order ? -1 : a->order > b->order;
    }
    return c;
}

/* The appearances: every seat of a duel and every person. */
static const char appearances_sql[] =
    "SELECT p.sitting_id, p.code, coalesce((SELECT replace(value, '.', "
    "'-') FROM tag WHERE sitting_id = p.sitting_id AND name = 'Date' AND "
    "value GLOB '[0-9][0-9][0-9][0-9][-.][0-9][0-9][-.][0-9][0-9]' "
    "ORDER BY id "
    "LIMIT 1), (SELECT substr(opened, 1, 10) FROM sitting WHERE id = "
    "p.sitting_id)), p.id FROM person p "
    "UNION ALL "
    "SELECT t.sitting_id, t.name, coalesce((SELECT replace(value, '.', "
    "'-') FROM tag WHERE sitting_id = t.sitting_id AND name = 'Date' AND "
    "value GLOB '[0-9][0-9][0-9][0-9][-.][0-9][0-9][-.][0-9][0-9]' "
    "ORDER BY id "
    "LIMIT 1), (SELECT substr(opened, 1, 10) FROM sitting WHERE id = "
    "t.sitting_id)), min(t.id) FROM tag t WHERE t.name IN ('A', 'B') AND "
    "NOT EXISTS (SELECT 1 FROM person p WHERE p.sitting_id = t.sitting_id) "
    "GROUP BY t.sitting_id, t.name "
    "ORDER BY 1, 4";

/* The same for a file without persons (version 1 or 2). */
static const char appearances_sql_2[] =
    "SELECT t.sitting_id, t.name, coalesce((SELECT replace(value, '.', "
    "'-') FROM tag WHERE sitting_id = t.sitting_id AND name = 'Date' AND "
    "value GLOB '[0-9][0-9][0-9][0-9][-.][0-9][0-9][-.][0-9][0-9]' "
    "ORDER BY id "
    "LIMIT 1), (SELECT substr(opened, 1, 10) FROM sitting WHERE id = "
    "t.sitting_id)), min(t.id) FROM tag t WHERE t.name IN ('A', 'B') "
    "GROUP BY t.sitting_id, t.name ORDER BY 1, 4";

/* The appearances found (owned). */
struct appearances {
    struct appearance *a;
    size_t n;
    size_t cap;
};

static void appearances_free(struct appearances *ap)
{
    for (size_t i = 0; i < ap->n; i++) {
        free(ap->a[i].member);
        free(ap->a[i].spelling);
    }
    free(ap->a);
}

/* appearance_add - one more.  0, or -1 out of memory. */
static int appearance_add(struct appearances *ap, const char *member,
                          const char *spelling, int64_t sitting,
                          const char *evening)
{
    struct appearance *a;

    if (ap->n == ap->cap) {
        size_t cap = ap->cap > 0 ? ap->cap * 2 : 64;
        struct appearance *na = realloc(ap->a, cap * sizeof(*na));

        if (na == NULL) {
            return -1;
        }
        ap->a = na;
        ap->cap = cap;
    }
    a = &ap->a[ap->n];
    a->member = strdup(member);
    a->spelling = strdup(spelling);
    if (a->member == NULL || a->spelling == NULL) {
        free(a->member);
        free(a->spelling);
        return -1;
    }
    a->sitting = sitting;
    snprintf(a->evening, sizeof(a->evening), "%s", evening);
    a->order = ap->n;
    ap->n++;
    return 0;
}

/* collect - every appearance of l into *ap.  Returns 0 or a negative
 * code. */
static int collect(struct ledger *l, struct appearances *ap)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc = 0;

    if (sqlite3_prepare_v2(l->db, l->version >= 3 ? appearances_sql
                                                  : appearances_sql_2,
                           -1, &st, NULL) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the members");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t sitting = sqlite3_column_int64(st, 0);
        char who[64];
        char evening[16];
        char raw[NAME_MAX_LEN];
        char member[NAME_MAX_LEN];

        snprintf(who, sizeof(who), "%s", ledger__col_text(st, 1));
        snprintf(evening, sizeof(evening), "%s", ledger__col_text(st, 2));
        rc = resolve(l, sitting, who, raw, sizeof(raw), member,
                     sizeof(member));
        if (rc != 0) {
            break;
        }
        if (member[0] != '\0' &&
            appearance_add(ap, member, raw, sitting, evening) != 0) {
            rc = ledger__failf(l, LEDGER_E_ERROR, "members: out of memory");
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the members");
    }
    sqlite3_finalize(st);
    return rc;
}

/* spelled - the spellings of the appearances a[from..to), distinct, in
 * the order found, "; " between them, into buf (n bytes). */
static void spelled(const struct appearance *a, size_t from, size_t to,
                    char *buf, size_t n)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = from; i < to; i++) {
        bool seen = false;

        for (size_t j = from; j < i; j++) {
            if (strcmp(a[j].spelling, a[i].spelling) == 0) {
                seen = true;
                break;
            }
        }
        if (!seen && used + 1 < n) {
            int k = snprintf(buf + used, n - used, "%s%s",
                             used > 0 ? "; " : "", a[i].spelling);

            used += k > 0 ? (size_t)k : 0;
            if (used >= n) {
                used = n - 1;
            }
        }
    }
}

int ledger_members_foreach(struct ledger *l, ledger_member_fn fn, void *ctx)
{
    struct appearances ap;
    int rc;

    memset(&ap, 0, sizeof(ap));
    rc = collect(l, &ap);
    if (rc == 0 && ap.n > 0) {
        qsort(ap.a, ap.n, sizeof(ap.a[0]), by_member);
    }
    for (size_t i = 0; rc == 0 && i < ap.n;) {
        struct ledger_member m;
        char spellings[2048];
        size_t j = i;
        int64_t count = 0;

        while (j < ap.n && strcmp(ap.a[j].member, ap.a[i].member) == 0) {
            if (j == i || ap.a[j].sitting != ap.a[j - 1].sitting) {
                count++;        /* sorted by evening then sitting: a
                                   sitting's appearances are together */
            }
            j++;
        }
        spelled(ap.a, i, j, spellings, sizeof(spellings));
        m.name = ap.a[i].member;
        m.spellings = spellings;
        m.sittings = count;
        m.first_sitting = ap.a[i].sitting;
        m.last_sitting = ap.a[j - 1].sitting;
        m.first = ap.a[i].evening;
        m.last = ap.a[j - 1].evening;
        rc = fn(ctx, &m);
        i = j;
    }
    appearances_free(&ap);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The club's decisions                                                 */
/* ------------------------------------------------------------------ */

/* decided_begin - begin a transaction of its own if none is open (*own set).
 * Returns 0 or a negative code. */
static int decided_begin(struct ledger *l, bool *own)
{
    *own = sqlite3_get_autocommit(l->db) != 0;
    return *own ? ledger_begin(l) : 0;
}

/* decided_end - commit (rc 0 or 1) or roll back the transaction of its
 * own; returns rc, or the commit's failure. */
static int decided_end(struct ledger *l, bool own, int rc)
{
    if (!own) {
        return rc;
    }
    if (rc == 0) {
        return ledger_commit(l);
    }
    ledger_rollback(l);
    return rc;
}

int ledger_member_join(struct ledger *l, const char *spelling,
                       const char *member)
{
    char now[NAME_MAX_LEN];
    char walk[NAME_MAX_LEN];
    sqlite3_stmt *st = NULL;
    bool own = false;
    int bad = 0;
    int rc;

    if (l->version < 5) {
        return ledger__failf(l, LEDGER_E_FORMAT, "schema version %d has no "
                             "members (a writer migrates it)", l->version);
    }
    if (ledger_member_placeholder(spelling) ||
        ledger_member_placeholder(member)) {
        return ledger__failf(l, LEDGER_E_INVALID, "\"%s\" is no member's "
                             "name (empty, \"?\", a seat or \"Player A\"/"
                             "\"Player B\")",
                             ledger_member_placeholder(spelling)
                                 ? spelling != NULL ? spelling : ""
                                 : member);
    }
    if (strcmp(spelling, member) == 0) {
        return ledger__failf(l, LEDGER_E_INVALID, "\"%s\" joined to itself",
                             spelling);
    }
    if (strlen(spelling) >= NAME_MAX_LEN || strlen(member) >= NAME_MAX_LEN) {
        return ledger__failf(l, LEDGER_E_INVALID, "a name longer than %d "
                             "bytes", NAME_MAX_LEN - 1);
    }
    rc = decided_begin(l, &own);
    if (rc != 0) {
        return rc;
    }
    rc = join_of(l, spelling, now, sizeof(now));
    if (rc == 1) {
        rc = strcmp(now, member) == 0
                 ? 1
                 : ledger__failf(l, LEDGER_E_DUPLICATE, "\"%s\" is joined to "
                                 "\"%s\" already", spelling, now);
        return decided_end(l, own, rc);
    }
    /* the member's own joins must not lead back to the spelling */
    snprintf(walk, sizeof(walk), "%s", member);
    for (int depth = 0; rc == 0 && depth < JOIN_DEPTH_MAX; depth++) {
        char next[NAME_MAX_LEN];
        int got = join_of(l, walk, next, sizeof(next));

        if (got < 0) {
            rc = got;
        } else if (got == 0) {
            break;
        } else if (strcmp(next, spelling) == 0) {
            rc = ledger__failf(l, LEDGER_E_INVALID, "joining \"%s\" to "
                               "\"%s\" would make a circle (\"%s\" is "
                               "joined to \"%s\")", spelling, member, walk,
                               next);
        } else {
            snprintf(walk, sizeof(walk), "%s", next);
        }
    }
    if (rc == 0 &&
        sqlite3_prepare_v2(l->db, "INSERT INTO member_join (spelling, "
                                  "member, recorded) VALUES (?1, ?2, ?3)",
                           -1, &st, NULL) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "join a member");
    }
    if (rc == 0) {
        bad |= ledger__bind_text(st, 1, spelling);
        bad |= ledger__bind_text(st, 2, member);
        bad |= ledger__bind_text(st, 3, ledger__now_utc(l));
        rc = ledger__run_sealed(l, st, bad, "join a member",
                                SEAL_MEMBER_JOIN, 0, NULL);
    }
    sqlite3_finalize(st);
    return decided_end(l, own, rc);
}

int ledger_member_apart(struct ledger *l, int64_t sitting, const char *who,
                        const char *member)
{
    char now[NAME_MAX_LEN];
    char raw[NAME_MAX_LEN];
    sqlite3_stmt *st = NULL;
    bool own = false;
    int bad = 0;
    int rc;

    if (l->version < 5) {
        return ledger__failf(l, LEDGER_E_FORMAT, "schema version %d has no "
                             "members (a writer migrates it)", l->version);
    }
    if (ledger_member_placeholder(member)) {
        return ledger__failf(l, LEDGER_E_INVALID, "\"%s\" is no member's "
                             "name (empty, \"?\", a seat or \"Player A\"/"
                             "\"Player B\")", member != NULL ? member : "");
    }
    if (strlen(member) >= NAME_MAX_LEN) {
        return ledger__failf(l, LEDGER_E_INVALID, "a name longer than %d "
                             "bytes", NAME_MAX_LEN - 1);
    }
    rc = decided_begin(l, &own);
    if (rc != 0) {
        return rc;
    }
    rc = ledger_sitting_exists(l, sitting);
    if (rc == 0) {
        rc = ledger__failf(l, LEDGER_E_NOTFOUND, "no sitting %" PRId64,
                           sitting);
    } else if (rc == 1) {
        rc = 0;
    }
    if (rc == 0 && who != NULL && is_seat(who)) {
        rc = has_persons(l, sitting);
        if (rc == 1) {
            rc = ledger__failf(l, LEDGER_E_INVALID, "sitting %" PRId64
                               " is a table of three or more: its seats "
                               "are held in turn, name a person's ID, not "
                               "seat %s", sitting, who);
        }
    } else if (rc == 0) {
        rc = raw_name(l, sitting, who != NULL ? who : "", raw, sizeof(raw));
        if (rc == 0 && raw[0] == '\0') {
            rc = ledger__failf(l, LEDGER_E_INVALID, "sitting %" PRId64
                               " has no seat or person \"%s\" (A, B, or "
                               "a person's ID)", sitting,
                               who != NULL ? who : "");
        }
    }
    if (rc == 0) {
        rc = apart_of(l, sitting, who, now, sizeof(now));
        if (rc == 1) {
            rc = strcmp(now, member) == 0
                     ? 1
                     : ledger__failf(l, LEDGER_E_DUPLICATE, "%s of sitting %"
                                     PRId64 " is kept apart as \"%s\" "
                                     "already", who, sitting, now);
            return decided_end(l, own, rc);
        }
    }
    if (rc == 0 &&
        sqlite3_prepare_v2(l->db, "INSERT INTO member_apart (sitting_id, "
                                  "who, member, recorded) VALUES (?1, ?2, "
                                  "?3, ?4)", -1, &st, NULL) != SQLITE_OK) {
        rc = ledger__fail(l, sqlite3_errcode(l->db), "keep a member apart");
    }
    if (rc == 0) {
        bad |= sqlite3_bind_int64(st, 1, sitting);
        bad |= ledger__bind_text(st, 2, who);
        bad |= ledger__bind_text(st, 3, member);
        bad |= ledger__bind_text(st, 4, ledger__now_utc(l));
        rc = ledger__run_sealed(l, st, bad, "keep a member apart",
                                SEAL_MEMBER_APART, 0, NULL);
    }
    sqlite3_finalize(st);
    return decided_end(l, own, rc);
}

int ledger_member_decisions_foreach(struct ledger *l,
                                    ledger_member_decision_fn fn, void *ctx)
{
    sqlite3_stmt *st = NULL;
    int src;
    int rc = 0;

    if (l->version < 5) {
        return 0;
    }
    if (sqlite3_prepare_v2(l->db,
                           "SELECT 0, 0, NULL, spelling, member, id FROM "
                           "member_join UNION ALL SELECT 1, sitting_id, who, "
                           "NULL, member, id FROM member_apart ORDER BY 1, 6",
                           -1, &st, NULL) != SQLITE_OK) {
        return ledger__fail(l, sqlite3_errcode(l->db), "read the members");
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        struct ledger_member_decision d;

        d.sitting = sqlite3_column_int64(st, 1);
        d.who = sqlite3_column_type(st, 2) == SQLITE_NULL
                    ? NULL : ledger__col_text(st, 2);
        d.spelling = sqlite3_column_type(st, 3) == SQLITE_NULL
                         ? NULL : ledger__col_text(st, 3);
        d.member = ledger__col_text(st, 4);
        rc = fn(ctx, &d);
        if (rc != 0) {
            break;
        }
    }
    if (rc == 0 && src != SQLITE_DONE) {
        rc = ledger__fail(l, src, "read the members");
    }
    sqlite3_finalize(st);
    return rc;
}
