/* SPDX-License-Identifier: MIT */
/*
 * table.c - `ecarte table`: the live referee at a club table.  Each line the
 * scorer types goes through the same referee and ledger as `record` (one
 * committed transaction per action, synchronous=FULL), stamped with the
 * wall-clock time; a line that cannot be read or cannot be true is refused
 * with what is expected and the prompt comes back; `undo` strikes the last
 * line (the scorer's slip, format 1.1).  Line editing, history and tab
 * completion come from libedit (BSD-licensed; README says why).  On a
 * ledger with a table sitting under way, the sitting is derived again from
 * the ledger and goes on at the same prompt.  When standard input is not a
 * terminal, `table` is `record -`.
 */
#include "cli/table.h"

#include <ctype.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "ledger/ledger.h"
#include "tablelog/tablelog.h"

/* The source name of the sittings recorded at the table. */
#define TABLE_SOURCE "table"

/* The referee at the table: the ledger, the session writing it, and the
 * line count of the session (for messages and the ledger's line column). */
struct table {
    const char *db;
    struct ledger *led;
    struct output *out;
    struct session *s;
    struct table_editor *ed;
    int line_no;
    bool quit;
};

/* ------------------------------------------------------------------ */
/* Commands                                                             */
/* ------------------------------------------------------------------ */

/* show_state - where every known card is, and how many are not known. */
static void show_state(const struct arbiter *a)
{
    struct arb_place places[ARB_PLACES];
    int n = arbiter_places(a, places);
    int trump = arbiter_trump(a);
    bool any = false;

    for (int i = 0; i < n; i++) {
        any = any || places[i].count > 0;
    }
    if (!arbiter_hand_in_progress(a)) {
        printf(any ? "no deal in hand; the cards as the last deal left "
                     "them:\n"
                   : "no deal in hand\n");
    }
    if (trump != SUIT_NONE) {
        static const char *const suits[] = {"spades", "hearts", "diamonds",
                                            "clubs"};

        printf("trumps: %s (%c)\n", suits[trump], suit_letter(trump));
    }
    for (int i = 0; i < n; i++) {
        char cards[100];
        int unknown = places[i].count - cards_count(places[i].known);

        if (places[i].count == 0) {
            continue;
        }
        cards_format(places[i].known, cards, sizeof(cards));
        printf("%-20s %2d: %s", places[i].name, places[i].count,
               places[i].known != 0 ? cards : "");
        if (unknown > 0) {
            printf("%s%d not known", places[i].known != 0 ? " + " : "",
                   unknown);
        }
        printf("\n");
    }
}

/* show_hand - seat's hand: its count, the cards known, the unknown. */
static void show_hand(const struct arbiter *a, const char *arg)
{
    uint32_t known;
    int seat = arg != NULL && strcasecmp(arg, "A") == 0   ? SEAT_A
               : arg != NULL && strcasecmp(arg, "B") == 0 ? SEAT_B
                                                          : SEAT_NONE;
    int count;
    char cards[100];

    if (seat == SEAT_NONE) {
        printf("expected hand A or hand B\n");
        return;
    }
    count = arbiter_hand(a, seat, &known);
    if (count == 0) {
        printf("%c holds no card%s\n", seat_letter(seat),
               arbiter_hand_in_progress(a) ? "" : " (no deal in hand)");
        return;
    }
    cards_format(known, cards, sizeof(cards));
    printf("%c holds %d: %s", seat_letter(seat), count,
           known != 0 ? cards : "");
    if (count > cards_count(known)) {
        printf("%s%d not known", known != 0 ? " + " : "",
               count - cards_count(known));
    }
    printf("\n");
}

/* show_score - the game's score, the games of the rubber, the hand's
 * value. */
static void show_score(const struct arbiter *a)
{
    int score[2];
    int games[2];

    arbiter_score(a, score);
    arbiter_games_won(a, games);
    printf("game %d: A %d - B %d (game is %d)\n", arbiter_game_number(a),
           score[0], score[1], arbiter_profile(a)->target);
    printf("games won in the rubber: A %d B %d\n", games[0], games[1]);
    if (arbiter_value(a) > 1) {
        printf("this hand is worth %d times its trick points\n",
               arbiter_value(a));
    }
}

/* An election seen in the walk: who chose what, at which event. */
struct walk_elect {
    int ev;                     /* the event's number in the walk */
    int8_t seat;
    int8_t option;              /* enum law_option */
};

/* A walk over the sitting's lines, for `rulings` and for the lines shown
 * on resuming. */
struct walk {
    char lines[8][TL_LINE_MAX];
    int line_ev[8];             /* rulings: the number of the event that
                                   gave each line */
    int n;                      /* lines kept (a ring of 8) */
    int total;
    bool rulings_only;          /* keep the rulings of the current deal */
    int rulings_of[64];         /* rulings: how many each event of the
                                   deal gave, for the strikes */
    int ev_of[64];              /* the number of each of those events */
    int n_events;
    int ev_no;                  /* events seen in the deal */
    struct walk_elect elects[16]; /* the deal's elections, oldest first */
    int n_elects;
    /* rulings: the walk as the last `deal` and `game` lines found it
     * (newest last), for a strike that takes one back (NULL: none) */
    struct walk *saved;
    int n_saved;
};

#define WALK_SAVED 2            /* a `game` and the `deal` after it */

/* walk_event - an event of the deal: counted, and kept if an election. */
static void walk_event(struct walk *w, const char *text)
{
    struct tl_line l;
    struct tl_error err;

    if (w->n_events == 64) {
        memmove(w->rulings_of, w->rulings_of + 1,
                sizeof(w->rulings_of) - sizeof(w->rulings_of[0]));
        memmove(w->ev_of, w->ev_of + 1,
                sizeof(w->ev_of) - sizeof(w->ev_of[0]));
        w->n_events--;
    }
    w->ev_no++;
    w->ev_of[w->n_events] = w->ev_no;
    w->rulings_of[w->n_events++] = 0;
    if (tl_parse_line(text, strlen(text), 0, &l, &err) != 0 ||
        l.kind != TL_EVENT || w->n_elects == 16) {
        return;
    }
    if (l.ev.kind == EV_ELECT || l.ev.kind == EV_VETO) {
        w->elects[w->n_elects++] = (struct walk_elect){
            .ev = w->ev_no,
            .seat = l.ev.actor,
            .option = (int8_t)(l.ev.kind == EV_VETO ? OPT_VETO : l.ev.option),
        };
    }
}

/* walk_strike - the deal's last event struck: it never was, nor were its
 * rulings or its election. */
static void walk_strike(struct walk *w)
{
    int ev;

    if (w->n_events == 0) {
        return;
    }
    if (w->n_events == 1 && w->n_saved > 0) {
        /* the `deal` or `game` line struck: the deal before it again */
        struct walk *saved = w->saved;
        int n = w->n_saved - 1;

        *w = saved[n];
        w->saved = saved;
        w->n_saved = n;
        return;
    }
    ev = w->ev_of[--w->n_events];
    w->total -= w->rulings_of[w->n_events];
    w->n = w->total < 8 ? w->total : 8;
    if (w->n_elects > 0 && w->elects[w->n_elects - 1].ev == ev) {
        w->n_elects--;
    }
}

static int walk_line(void *vctx, enum ledger_line_kind kind, int64_t game,
                     const char *text)
{
    struct walk *w = vctx;

    (void)game;
    if (w->rulings_only) {
        const char *words = text;

        if (*words == '@') { /* the time stamp */
            words += strcspn(words, " ");
            words += strspn(words, " ");
        }
        if (kind == LEDGER_LINE_EVENT &&
            (strncmp(words, "deal ", 5) == 0 || strcmp(words, "game") == 0)) {
            if (w->saved != NULL) {
                if (w->n_saved == WALK_SAVED) {
                    memmove(w->saved, w->saved + 1,
                            sizeof(*w->saved) * (WALK_SAVED - 1));
                    w->n_saved--;
                }
                w->saved[w->n_saved++] = *w;
            }
            w->n = 0;
            w->total = 0;
            w->n_events = 0;
            w->n_elects = 0;
        }
        if (kind == LEDGER_LINE_EVENT && strcmp(words, "strike") == 0) {
            walk_strike(w);
            return 0;
        }
        if (kind == LEDGER_LINE_EVENT) {
            walk_event(w, words);
        } else if (kind == LEDGER_LINE_RULING && w->n_events > 0) {
            w->rulings_of[w->n_events - 1]++;
        }
        if (kind != LEDGER_LINE_RULING) {
            return 0;
        }
    }
    if (kind == LEDGER_LINE_TAG) {
        return 0;
    }
    w->line_ev[w->total % 8] = w->ev_no;
    snprintf(w->lines[w->total % 8], sizeof(w->lines[0]), "%s%s",
             kind == LEDGER_LINE_EVENT ? "" : "= ", text);
    w->total++;
    w->n = w->total < 8 ? w->total : 8;
    return 0;
}

/* show_walk - the lines kept by a walk, oldest first. */
static void show_walk(const struct walk *w, const char *indent)
{
    for (int i = w->total - w->n; i < w->total; i++) {
        printf("%s%s\n", indent, w->lines[i % 8]);
    }
}

/* election_of - the first election after event ev by seat answering one
 * of options, or NULL. */
static const struct walk_elect *election_of(const struct walk *w, int ev,
                                            int seat, uint32_t options)
{
    for (int i = 0; i < w->n_elects; i++) {
        const struct walk_elect *e = &w->elects[i];

        if (e->ev > ev && e->seat == seat && (options & OPT_BIT(e->option))) {
            return e;
        }
    }
    return NULL;
}

/* is_pending - does the referee still wait for an election on x? */
static bool is_pending(const struct arbiter *a, const struct tl_expect *x)
{
    struct ruling rs[8];
    int n = arbiter_pending(a, rs, 8);

    for (int i = 0; i < n; i++) {
        if (rs[i].law == x->law && rs[i].elector == x->elector) {
            return true;
        }
    }
    return false;
}

/* show_election - what the elector chose on x and what it gave, or that
 * the referee waits for him. */
static void show_election(const struct arbiter *a, const struct walk *w,
                          int ev, const struct tl_expect *x)
{
    const struct walk_elect *e =
        election_of(w, ev, x->elector, x->options);
    char opts[200] = "";
    size_t used = 0;

    for (int o = 0; o < OPT_COUNT && used < sizeof(opts); o++) {
        if (x->options & OPT_BIT(o)) {
            used += (size_t)snprintf(opts + used, sizeof(opts) - used, "%s%s",
                                     used ? ", " : "",
                                     option_name((enum law_option)o));
        }
    }
    if (e != NULL) {
        /* the replay-or-stand rulings (L43, L25): the caps apply to
         * whatever is scored */
        bool capped = x->remedy == REM_SCORE_CAP ||
                      (x->options & OPT_BIT(OPT_STAND)) != 0;
        bool uncap = e->option == OPT_REPLAY &&
                     arbiter_profile(a)->penalty == PENALTY_CAP_OR_REPLAY;

        printf("      %c chose %s: %s", seat_letter(e->seat),
               option_name((enum law_option)e->option),
               law_option_words_for(x->law, (enum law_option)e->option));
        if (capped && x->offender != SEAT_NONE) {
            printf(uncap ? "; %c scores uncapped (penalty=cap-or-replay)"
                         : "; %c capped",
                   seat_letter(x->offender));
        }
        printf("\n");
    } else if (is_pending(a, x)) {
        printf("      waiting for %c to choose (options %s)\n",
               seat_letter(x->elector), opts);
    } else {
        printf("      not elected (options %s): the remedy applied, %s\n",
               opts, remedy_name((enum remedy)x->remedy));
    }
}

/* show_ruling_line - one `= ruling` line of the deal in words: the law and
 * its title, who offended, and the election on it. */
static void show_ruling_line(const struct arbiter *a, const struct walk *w,
                             int slot)
{
    const char *text = w->lines[slot];
    struct tl_line l;
    struct tl_error err;
    const struct tl_expect *x = &l.expect;

    if (tl_parse_line(text, strlen(text), 0, &l, &err) != 0 ||
        l.kind != TL_EXPECT_RULING) {
        printf("  %s\n", text);
        return;
    }
    printf("  %s %s: ", laws_get(x->law)->id, laws_get(x->law)->title);
    if (x->offender != SEAT_NONE) {
        printf("%c offended", seat_letter(x->offender));
    } else if (x->offender_id[0] != '\0') {
        printf("%s offended", x->offender_id);
    } else {
        printf("nobody offended");
    }
    if (x->elector == SEAT_NONE || x->options == 0) {
        printf("; remedy %s\n", remedy_name((enum remedy)x->remedy));
        return;
    }
    printf("; %c chooses\n", seat_letter(x->elector));
    show_election(a, w, w->line_ev[slot], x);
}

/* show_rulings - this deal's rulings, from the ledger (the last 8): each
 * with its law, who offended, who chose what and what it gave. */
static void show_rulings(struct table *t)
{
    static struct walk w;
    static struct walk saved[WALK_SAVED];
    int64_t sitting = session_sitting(t->s);

    memset(&w, 0, sizeof(w));
    w.rulings_only = true;
    w.saved = saved;
    if (sitting == 0 ||
        ledger_lines_foreach(t->led, sitting, 0, walk_line, &w) != 0 ||
        w.total == 0) {
        printf("no ruling in this deal\n");
        return;
    }
    for (int i = w.total - w.n; i < w.total; i++) {
        show_ruling_line(session_arbiter(t->s), &w, i % 8);
    }
}

/* show_law - `law N` through `ecarte law`. */
static void show_law(const char *arg)
{
    char sub[] = "law";
    char id[40];
    char *argv[] = {sub, id, NULL};
    char ids[200];

    if (arg == NULL || laws_find(arg, strlen(arg)) == NULL) {
        printf("expected law N: a law (1-51, %s)%s%s\n",
               law_id_ranges(ids, sizeof(ids)), arg ? ", found " : "",
               arg ? arg : "");
        return;
    }
    snprintf(id, sizeof(id), "%s", arg);
    optind = 0; /* getopt starts over */
    (void)cmd_law(2, argv);
    fflush(stdout);
}

/* ------------------------------------------------------------------ */
/* Lines                                                                */
/* ------------------------------------------------------------------ */

/* take - one line of the table (text without a stamp) stamped with the
 * wall-clock time and given to the session.  A refused line prints why
 * and what is expected; returns -1 only on a ledger failure. */
static int take(struct table *t, const char *text, size_t len)
{
    char stamp[64];
    char hint[200];
    time_t now = time(NULL);
    struct tm tm;
    enum take_status st;

    localtime_r(&now, &tm);
    snprintf(stamp, sizeof(stamp), "%04d-%02d-%02dT%02d:%02d:%02d",
             tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
             tm.tm_min, tm.tm_sec);
    st = session_take_text(t->s, text, len, stamp, ++t->line_no);
    fflush(stdout);
    if (st == TAKE_FAILED) {
        return -1;
    }
    if (st == TAKE_REFUSED) {
        t->line_no--; /* nothing is recorded for it */
        table_hint(session_arbiter(t->s), hint, sizeof(hint));
        fprintf(stderr, "  %s; nothing recorded\n", hint);
    }
    return 0;
}

/* word - the n-th word of text (0-based) into buf, or NULL. */
static const char *word(const char *text, int n, char *buf, size_t size)
{
    const char *p = text;

    for (int i = 0;; i++) {
        size_t len;

        while (*p == ' ' || *p == '\t') {
            p++;
        }
        if (*p == '\0') {
            return NULL;
        }
        len = strcspn(p, " \t");
        if (i == n) {
            snprintf(buf, size, "%.*s", (int)len, p);
            return buf;
        }
        p += len;
    }
}

/* command - a table command (help, state, ...) or an option word alone;
 * else the line as typed.  Returns 0, or -1 on a ledger failure. */
static int command(struct table *t, const char *text, size_t len)
{
    struct arbiter *a = session_arbiter(t->s);
    char w0[32], w1[32];
    enum law_option opt;
    int seat;

    if (tl_utf8_bad(text, len) < len || len > TL_LINE_MAX) {
        return take(t, text, len); /* refused, as record refuses it */
    }
    if (word(text, 0, w0, sizeof(w0)) == NULL) {
        return 0;
    }
    bool alone = word(text, 1, w1, sizeof(w1)) == NULL;

    if (strcasecmp(w0, "quit") == 0 && alone) {
        t->quit = true;
    } else if (strcasecmp(w0, "help") == 0 && alone) {
        table_help(a, stdout);
    } else if (strcasecmp(w0, "state") == 0 && alone) {
        show_state(a);
    } else if (strcasecmp(w0, "hand") == 0) {
        show_hand(a, alone ? NULL : w1);
    } else if (strcasecmp(w0, "score") == 0 && alone) {
        show_score(a);
    } else if (strcasecmp(w0, "law") == 0) {
        show_law(alone ? NULL : w1);
    } else if (strcasecmp(w0, "rulings") == 0 && alone) {
        show_rulings(t);
    } else if (strcasecmp(w0, "undo") == 0 && alone) {
        return take(t, "strike", 6);
    } else if (alone && (seat = table_option_word(a, w0, &opt)) >= 0) {
        char line[64];

        if (opt == OPT_VETO) {
            printf("a veto is written \"%c vetoes C\" with the jack shown\n",
                   seat_letter(seat));
            return 0;
        }
        snprintf(line, sizeof(line), "%c elects %s", seat_letter(seat),
                 option_name(opt));
        return take(t, line, strlen(line));
    } else {
        return take(t, text, len);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The sitting                                                          */
/* ------------------------------------------------------------------ */

/* The newest sitting recorded at the table. */
static int newest_table(void *vctx, int64_t id, const char *source)
{
    int64_t *newest = vctx;

    if (strcmp(source, TABLE_SOURCE) == 0 && id > *newest) {
        *newest = id;
    }
    return 0;
}

/* begin - go on with the newest table sitting (unless fresh), showing its
 * last lines, or open a new one with the Laws tag.  Returns 0 or -1. */
static int begin(struct table *t, bool fresh, const char *laws)
{
    int64_t id = 0;

    if (!fresh && ledger_sittings_foreach(t->led, newest_table, &id) != 0) {
        fprintf(stderr, "ecarte table: %s: %s\n", t->db, ledger_errmsg(t->led));
        return -1;
    }
    if (id > 0) {
        struct walk w = {.rulings_only = false};

        if (laws != NULL) {
            fprintf(stderr, "ecarte table: sitting %lld goes on under its "
                            "own laws; --laws is for a new sitting (--new)\n",
                    (long long)id);
        }
        if (session_go_on(t->s, id, &t->line_no) != 0) {
            return -1;
        }
        (void)ledger_lines_foreach(t->led, id, 0, walk_line, &w);
        printf("ecarte table: sitting %lld of %s goes on (--new for a new "
               "one); its last lines:\n",
               (long long)id, t->db);
        show_walk(&w, "  ");
        return 0;
    }
    printf("ecarte table: a new sitting in %s; type help for the verbs, "
           "Tab to complete, quit to leave\n",
           t->db);
    if (laws != NULL) {
        char tag[TL_LINE_MAX];

        snprintf(tag, sizeof(tag), "[Laws \"%s\"]", laws);
        return take(t, tag, strlen(tag));
    }
    return 0;
}

/* Set by Ctrl-C at the prompt; the loop reads and clears it. */
static volatile sig_atomic_t interrupted;

/* on_interrupt - SIGINT at the prompt: remember it (readline returns). */
static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* run - the prompt loop until quit or end of input. */
static int run(struct table *t)
{
    char prompt[240];
    struct sigaction sa;

    /* Every line is committed as it is taken: Ctrl-C only drops the line
     * being typed (quit or Ctrl-D leaves).  No SA_RESTART: the read
     * stops, the editor says so. */
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    table_editor_set_arbiter(t->ed, session_arbiter(t->s));
    while (!t->quit) {
        const char *text = NULL;
        size_t len = 0;
        int got;

        table_prompt(session_arbiter(t->s), prompt, sizeof(prompt));
        /* the persons and format as they stand before this line */
        table_editor_set_sitting(t->ed, session_sit(t->s));
        got = table_editor_read(t->ed, prompt, &text, &len);
        if (got == -1 || (got == 0 && interrupted)) {
            interrupted = 0;
            printf("\n(Ctrl-C: the line is dropped; quit or Ctrl-D leaves)\n");
            continue;
        }
        if (got == 0) {
            printf("\n");
            break; /* Ctrl-D */
        }
        if (got < 0) {
            fprintf(stderr, "ecarte table: out of memory\n");
            return -1;
        }
        /* the session's arbiter may be a new one after a resume */
        table_editor_set_arbiter(t->ed, session_arbiter(t->s));
        if (strspn(text, " \t") < len) { /* not blank (a NUL is not) */
            if (strlen(text) == len) {
                table_editor_remember(t->ed, text);
            }
            if (command(t, text, len) != 0) {
                return -1;
            }
        }
    }
    return 0;
}

/* utf8_locale - the table reads and shows UTF-8 whatever the locale:
 * the environment's character type if it is UTF-8, else C.UTF-8 (or
 * en_US.UTF-8).  Returns 0, or -1 if none can be had (said). */
static int utf8_locale(void)
{
    static const char *const tries[] = {"", "C.UTF-8", "C.utf8",
                                        "en_US.UTF-8"};

    for (size_t i = 0; i < sizeof(tries) / sizeof(tries[0]); i++) {
        const char *set = setlocale(LC_CTYPE, tries[i]);

        if (set != NULL && strcmp(nl_langinfo(CODESET), "UTF-8") == 0) {
            return 0;
        }
    }
    fprintf(stderr, "ecarte table: no UTF-8 locale here (tried the "
                    "environment's, C.UTF-8 and en_US.UTF-8): the table "
                    "cannot read names such as Zo\u00eb; install one (Debian: "
                    "locales) or use `ecarte record -`\n");
    return -1;
}

/* as_record - standard input is not a terminal: `record -` into db. */
static int as_record(const char *db, bool fresh)
{
    char sub[] = "record", o_db[] = "--db", o_new[] = "--new", dash[] = "-";
    char *db_arg = strdup(db);
    char *argv[6];
    int argc = 0;
    int rc;

    if (db_arg == NULL) {
        return EXIT_BAD_INPUT;
    }
    argv[argc++] = sub;
    argv[argc++] = o_db;
    argv[argc++] = db_arg;
    if (fresh) {
        argv[argc++] = o_new;
    }
    argv[argc++] = dash;
    argv[argc] = NULL;
    optind = 0;
    rc = cmd_record(argc, argv);
    free(db_arg);
    return rc;
}

/* laws_refused - a usage error (exit 2) if spec is no Laws tag value a
 * sitting would take (as gen --laws says it), before anything is opened;
 * 0 if it is one. */
static int laws_refused(const char *spec)
{
    struct arbiter *a = NULL;
    int rc = 0;

    if (strpbrk(spec, "\"\\\r\n") != NULL ||
        strlen(spec) + sizeof("[Laws \"\"]") > TL_LINE_MAX) {
        return usage_error("table", "--laws: expected a Laws tag value "
                                    "(no quote, backslash or line end, "
                                    "at most %d "
                                    "characters)",
                           (int)(TL_LINE_MAX - sizeof("[Laws \"\"]")));
    }
    if (arbiter_open(&a) != 0) {
        fprintf(stderr, "ecarte table: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    if (arbiter_set_tag(a, "Laws", spec) != 0) {
        rc = usage_error("table", "--laws: %s", arbiter_errmsg(a));
    }
    arbiter_close(a);
    return rc;
}

int cmd_table(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'd'},
        {"laws", required_argument, NULL, 'l'},
        {"new", no_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct table t = {.db = "ecarte.db"};
    const char *laws = NULL;
    bool fresh = false;
    int rc = EXIT_FINE;
    int c;

    while ((c = getopt_long(argc, argv, "d:l:nh", opts, NULL)) != -1) {
        switch (c) {
        case 'd': t.db = optarg; break;
        case 'l': laws = optarg; break;
        case 'n': fresh = true; break;
        case 'h': return usage_help("table");
        default: return usage_error("table", "bad option or missing value (see above)");
        }
    }
    if (optind < argc) {
        return usage_error("table", "expected no log (the table is typed), "
                                    "found \"%s\"",
                           argv[optind]);
    }
    /* a spec the sitting would refuse opens nothing (exit 2) */
    if (laws != NULL && (rc = laws_refused(laws)) != 0) {
        return rc;
    }
    if (!isatty(0)) {
        if (laws != NULL) {
            return usage_error("table", "expected --laws only on a terminal; "
                                        "put [Laws \"...\"] in the input");
        }
        return as_record(t.db, fresh);
    }
    if (utf8_locale() != 0) {
        return EXIT_BAD_INPUT;
    }
    /* an existing empty file is a ledger only if --new says so, as for
     * record */
    t.led = ledger_for("table", t.db, LEDGER_CHECK |
                                          (fresh ? LEDGER_EMPTY_OK : 0));
    if (t.led == NULL) {
        return EXIT_BAD_INPUT;
    }
    /* what the table resumes and extends must verify */
    if (proof_guard("table", t.db, t.led, 0, PROOF_WRITE, NULL) != 0) {
        ledger_close(t.led);
        return EXIT_BAD_INPUT;
    }
    if (output_open(&t.out, stdout, false) != 0 ||
        session_open_out(&t.s, t.led, t.out, COMMIT_PER_ACTION) != 0 ||
        table_editor_open(&t.ed, "ecarte") != 0) {
        session_close(t.s);
        output_close(t.out);
        ledger_close(t.led);
        fprintf(stderr, "ecarte table: the line editor could not start\n");
        return EXIT_BAD_INPUT;
    }
    session_set_source(t.s, TABLE_SOURCE);
    if (begin(&t, fresh, laws) != 0 || run(&t) != 0 ||
        /* tags and comments typed before any action are kept */
        (session_holds_unwritten(t.s) && session_begin_sitting(t.s) != 0)) {
        rc = EXIT_BAD_INPUT;
    } else if (session_sitting(t.s) != 0) {
        printf("everything is recorded in %s (sitting %lld)\n", t.db,
               (long long)session_sitting(t.s));
    }
    table_editor_close(t.ed);
    session_close(t.s);
    output_close(t.out);
    ledger_close(t.led);
    return rc;
}
