/* SPDX-License-Identifier: MIT */
/* usage.c - the usage of the ecarte command and of each subcommand
 * (`ecarte --help`, `ecarte SUB --help`), and usage errors. */
#include "cli/cli.h"

#include <stdarg.h>
#include <string.h>

static const char usage_text[] =
    "usage: ecarte SUBCOMMAND [OPTION...] [ARG...]\n"
    "\n"
    "A referee for Écarté under the London club laws (Turf and Portland\n"
    "Clubs).  Table logs (.ecarte) are read a line at a time, adjudicated,\n"
    "and recorded in a SQLite ledger.\n"
    "\n"
    "subcommands:\n"
    "  table [--db FILE] [--laws SPEC] [--new]\n"
    "                      the live referee at a club table: a prompt that\n"
    "                      says who is to act, Tab completion, wrong lines\n"
    "                      refused, undo; goes on with a sitting under way\n"
    "  record [--db FILE] [--json] [--new | --sitting ID] [LOG... | -]\n"
    "                      adjudicate and record actions (default ecarte.db);\n"
    "                      resumes the sitting the log continues\n"
    "  check [--json] [--strict] [--quiet] LOG...\n"
    "                      adjudicate in memory and compare every `=` line\n"
    "  export [--db FILE] [--game N] [--sitting ID] [--unverified]\n"
    "                      write the ledger back as a .ecarte log\n"
    "  export [--db FILE] --sql postgres [--unverified]\n"
    "                      the whole ledger as SQL for PostgreSQL (psql -f)\n"
    "  score [--db FILE] [--json] [--rubber N] [--unverified]\n"
    "                      the scoresheet: games, deals, points, winners\n"
    "  law ID              one law or rule in words (43, L43, PL1): trigger,\n"
    "                      window, elector, options, remedies, reading\n"
    "  import --db FILE [--new] [--json] [--verbose] LOG... | -\n"
    "                      bulk import: one transaction per deal, unreadable\n"
    "                      deals quarantined, a file's content only once;\n"
    "                      an interrupted import goes on where it stopped\n"
    "  verify [--db FILE] [--json] [--log EXPORTED-LOG] [--origin SOURCE.db]\n"
    "                      prove every row; an export against its ledger;\n"
    "                      merged sittings against the ledger they came from\n"
    "  audit [--db FILE] [--json]\n"
    "                      re-derive every deal and report what was wrong\n"
    "  standings [--db FILE] [--since DATE] [--until DATE] [--laws SPEC]\n"
    "            [--format F] [--json] [--unverified]\n"
    "                      the season per member: games, points, money,\n"
    "                      irregularities, statistics against chance\n"
    "  members [--db FILE] [--json] | --join NAME --as MEMBER |\n"
    "          --apart SITTING:WHO --as MEMBER\n"
    "                      the members across sittings; the club's joins of\n"
    "                      spellings and namesakes kept apart, sealed\n"
    "  merge --db CLUB [--json] SOURCE.db...\n"
    "                      the sittings of other ledgers brought in, each\n"
    "                      adjudicated again, with its provenance; a sitting\n"
    "                      here already adds nothing\n"
    "  report [--db FILE] [--sitting ID] [-o FILE.html] [--unverified]\n"
    "         [--season]   a sitting as one HTML file to read or print:\n"
    "                      summary, findings, scoresheet, rulings, money,\n"
    "                      players' charts (--season: the club's season)\n"
    "  serve [--db FILE] [--listen ADDR:PORT] [--token-file FILE] [--new]\n"
    "                      the tables over HTTP (127.0.0.1:8080): a scorer's\n"
    "                      page, a board, a JSON API and live events\n"
    "  gen [--deals N] [--seed S] [--irregularities RATE] [--laws SPEC]\n"
    "      [--format F]    a deterministic synthetic sitting, with `=` lines,\n"
    "                      under any rule profile, of two or of a table of\n"
    "                      three or more (chouette, pool, gallery)\n"
    "  laws [--markdown | --profile [--laws SPEC | --db FILE]]\n"
    "                      every law in a line; --markdown: the reference;\n"
    "                      --profile: the rule switches\n"
    "                      (of SPEC, or of the newest sitting of a ledger)\n"
    "\n"
    "exit status: 0 fine, 1 findings, 2 bad input or usage\n";

/* The usage of each subcommand, for `ecarte SUB --help`. */
static const struct {
    const char *name;
    const char *text;
} sub_usage[] = {
    {"table",
     "usage: ecarte table [--db FILE] [--laws SPEC] [--new]\n"
     "\n"
     "The referee at the table, on a terminal.  Type each action as it\n"
     "happens (\"A plays KH\"); it is adjudicated and committed to the ledger\n"
     "at once, stamped with the time.  The prompt says the score, the deal,\n"
     "the dealer and who is to act; when a law gives a choice it asks the\n"
     "one who chooses, and the option's word alone answers.  A line that\n"
     "cannot be read or cannot be true is refused with what is expected,\n"
     "and nothing is recorded for it.  Tab completes verbs and the cards\n"
     "that may be played.\n"
     "\n"
     "commands: help, state, hand A|B, score, law N, rulings, undo (strike\n"
     "the last line: the scorer's slip, kept in the ledger), quit (or\n"
     "Ctrl-D).  Run again, it goes on with the newest table sitting.\n"
     "When standard input is not a terminal it is `record -`.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db, made if missing)\n"
     "  --laws SPEC  the rule profile of a new sitting (e.g. polish)\n"
     "  --new        a new sitting even if one is under way (and an\n"
     "               existing empty file at --db becomes a new ledger)\n"
     "  --help       this text\n"},
    {"record",
     "usage: ecarte record [--db FILE] [--json] [--new | --sitting ID] "
     "[LOG... | -]\n"
     "\n"
     "Adjudicate the actions of table logs (standard input if none, or -)\n"
     "a line at a time and record each in the ledger as it is read.  Run\n"
     "again on the same log (or the same lines on standard input), it\n"
     "resumes that log's sitting and skips the lines already recorded;\n"
     "input that continues no sitting starts a new one, and says so.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db, made if missing)\n"
     "  --json       rulings, deals and games as JSON Lines\n"
     "  --new        start a new sitting, resuming none\n"
     "  --sitting ID continue sitting ID\n"
     "  --help       this text\n"},
    {"check",
     "usage: ecarte check [--json] [--strict] LOG...\n"
     "\n"
     "Adjudicate logs against a ledger in memory and compare every `=`\n"
     "line with what the rules give; each disagreement is a finding.\n"
     "\n"
     "options:\n"
     "  --json       rulings, findings, deals and games as JSON Lines\n"
     "  --strict     a ruling the log does not record is a finding too\n"
     "  --quiet      print the findings only (no rulings, deals, games)\n"
     "  --help       this text\n"},
    {"export",
     "usage: ecarte export [--db FILE] [--game N] [--sitting ID]\n"
     "                     [--unverified]\n"
     "       ecarte export [--db FILE] --sql postgres [--unverified]\n"
     "\n"
     "Write a sitting of the ledger back as a .ecarte log, with `=` lines\n"
     "for every ruling and score and its [Chain] tag for `ecarte verify`.\n"
     "With --sql postgres, write the whole ledger instead as one SQL\n"
     "script for PostgreSQL 15 or later: every table, its constraints and\n"
     "indexes, and every row, in one transaction; load it into a new\n"
     "database with `psql -v ON_ERROR_STOP=1 -f FILE`.\n"
     "The ledger is proven first; one that does not verify is not\n"
     "exported (exit 1).\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --sitting ID the sitting (default the newest)\n"
     "  --game N     only game N of the sitting, an excerpt (a game that\n"
     "               opens where the games before left the table does not\n"
     "               read alone: check the whole sitting's export)\n"
     "  --sql postgres\n"
     "               the whole ledger as SQL for PostgreSQL\n"
     "  --unverified export a ledger that does not verify, as it stores it\n"
     "               (said on standard error)\n"
     "  --help       this text\n"},
    {"score",
     "usage: ecarte score [--db FILE] [--json] [--rubber N] [--unverified]\n"
     "\n"
     "Print the scoresheet: every deal (dealer, tricks, points; a hand\n"
     "whose score a penalty capped marked *), each game's players, winner\n"
     "and value, and the rubbers; at a table of three or\n"
     "more each person's balance for the sitting (the house's levy too),\n"
     "summing to zero.  The ledger is proven first; the figures of one\n"
     "that does not verify are not shown (exit 1).\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --json       one JSON object per deal and per balance\n"
     "  --rubber N   games in a rubber, best of N: an odd number, 0 for no\n"
     "               rubbers (default: each sitting's own, by its tags)\n"
     "  --unverified show the figures of a ledger that does not verify, as\n"
     "               it stores them (said on standard error)\n"
     "  --help       this text\n"},
    {"law",
     "usage: ecarte law ID\n"
     "\n"
     "Print a law (1-51, or L1-L51) or a variant rule (PL1-PL5, MD1-MD5)\n"
     "in the project's words: trigger, window, offender, elector, options,\n"
     "remedy, the reading chosen where the code is silent, and the\n"
     "`= ruling` line it writes.\n"
     "\n"
     "options:\n"
     "  --help       this text\n"},
    {"laws",
     "usage: ecarte laws [--markdown | --profile [--laws SPEC | --db FILE]]\n"
     "\n"
     "List the 51 laws and the variant rules, one a line; with --markdown,\n"
     "the whole reference (docs/laws.md); with --profile, the rule\n"
     "switches.\n"
     "\n"
     "options:\n"
     "  --markdown   every law and rule in full, as Markdown\n"
     "  --profile    the rule switches with their values and meaning\n"
     "  --laws SPEC  of this Laws tag value (\"london; must-trump=no\")\n"
     "  --db FILE    of the newest sitting of this ledger\n"
     "  --help       this text\n"},
    {"gen",
     "usage: ecarte gen [--deals N] [--seed S] [--irregularities RATE]\n"
     "                  [--laws SPEC] [--format F]\n"
     "\n"
     "Write a deterministic synthetic sitting to standard output: legal\n"
     "play by simple strategies under a rule profile, irregularities\n"
     "injected at a rate, with the referee's rulings, scores and hand\n"
     "values as `=` lines.  Under a profile the players use its options:\n"
     "doubles offered and answered, the point offered, the jack veto used\n"
     "or passed, the discards reshuffled when the stock runs out.  Each\n"
     "irregularity injected is said by a comment after its line, in its\n"
     "deal: `# injected L43: what`, the law or rule it means to provoke;\n"
     "the last line sums them by law.\n"
     "\n"
     "options:\n"
     "  --deals N    deals to play (default 20)\n"
     "  --seed S     the seed of the generator (default 1)\n"
     "  --irregularities RATE\n"
     "               the chance of an irregularity in a deal, 0..1\n"
     "               (default 0)\n"
     "  --laws SPEC  the rule profile, a Laws tag value (\"polish\",\n"
     "               \"london; doubling=yes; offer-point=before-trick3\");\n"
     "               written as the Laws tag (default london)\n"
     "  --format F   the format, a Format tag value (\"duel\", \"chouette\",\n"
     "               \"pool; pool-run=3\", \"gallery; style=english\"):\n"
     "               persons declared, cut for the order, seated as their\n"
     "               roles say, stakes stated, bets made and covered, with\n"
     "               the referee's = settle, = pool, = roles and = bets\n"
     "               lines; written as the Format tag with a Stake tag;\n"
     "               with --irregularities the persons err too (CH2-CH5,\n"
     "               PO3, PO4, BY1, BY2, BY4-BY6)\n"
     "  --help       this text\n"},
    {"import",
     "usage: ecarte import --db FILE [--new] [--json] [--verbose] "
     "LOG... | -\n"
     "\n"
     "Import logs into a ledger, one transaction per deal.  A deal that\n"
     "cannot be read is quarantined and every good deal lands; a file\n"
     "imported before adds nothing, and one whose import was interrupted\n"
     "goes on where it stopped.  - reads standard input once.  Into a\n"
     "new ledger, made only if every log is imported, the lines are\n"
     "printed at the end: when it is not made, each file's line says\n"
     "\"not kept\" and the total \"0 deals imported\".\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (made if missing)\n"
     "  --new        an empty file may become the ledger\n"
     "  --json       one JSON object per file\n"
     "  --verbose    print the rulings and the deals too\n"
     "  --help       this text\n"},
    {"verify",
     "usage: ecarte verify [--db FILE] [--json] [--log EXPORTED-LOG]\n"
     "                     [--origin SOURCE.db]\n"
     "\n"
     "Prove every row of the ledger: the hash chain of its events, the\n"
     "seal over its sittings, tags, imports, quarantined deals, claims,\n"
     "identity, member decisions and provenance, and every other row\n"
     "re-derived from the events and compared column by column; each\n"
     "finding names the table, the row, the column and both values.  With\n"
     "--log, an export is checked line by line against the ledger it came\n"
     "from (its `=` lines by the laws; an excerpt's, export --game, against\n"
     "the ledger's own export of that game).  With --origin, every sitting merged from that ledger is held\n"
     "against its origin there: the source proven, the sitting's events\n"
     "there up to the chain hash its provenance names, its events' texts,\n"
     "tags, quarantined deals and claims the same, and its rows here equal\n"
     "to what its events there give.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --json       one JSON object per finding, then the verdict\n"
     "  --log FILE   a log written by ecarte export\n"
     "  --origin SOURCE.db\n"
     "               a ledger sittings were merged from (ecarte merge)\n"
     "  --help       this text\n"},
    {"members",
     "usage: ecarte members [--db FILE] [--json]\n"
     "       ecarte members [--db FILE] --join SPELLING --as MEMBER\n"
     "       ecarte members [--db FILE] --apart SITTING:WHO --as MEMBER\n"
     "\n"
     "A person is the same member across sittings when the ledger says so:\n"
     "by default the same name (a duel's A and B tags, a person's name at\n"
     "a table of three or more); \"Player A\", \"Player B\", \"?\", seat\n"
     "letters and empty names are nobody.  Without --join or --apart, list\n"
     "the members: each with the names he was found under, his sittings\n"
     "and his first and last evenings (the Date tag, else the day the\n"
     "sitting was opened).  --join records that a spelling is a member\n"
     "(\"Mr. Ashby\" is \"Ann Ash\"); --apart that a seat (A or B of a\n"
     "duel) or a person (his ID) of one sitting is a member of his own\n"
     "(two namesakes kept apart): an apart beats a join, which beats the\n"
     "name.  Each decision is sealed in the ledger and proven by verify;\n"
     "a ledger that does not verify takes none.\n"
     "\n"
     "options:\n"
     "  --db FILE             the ledger (default ecarte.db)\n"
     "  --json                one JSON object per member (or decision)\n"
     "  --join SPELLING       a name as the sittings spell it\n"
     "  --apart SITTING:WHO   a sitting's id and A, B or a person's ID\n"
     "  --as MEMBER           the member it is\n"
     "  --help                this text\n"},
    {"merge",
     "usage: ecarte merge --db CLUB [--json] SOURCE.db...\n"
     "\n"
     "Bring the sittings of other ledgers into CLUB (made if missing): each\n"
     "sitting recorded again from its events and adjudicated as import\n"
     "does, its quarantined deals and claims kept as import keeps them,\n"
     "and its provenance sealed (the source's identity, its sitting there,\n"
     "the chain hash of its last event there).  Every source is proven\n"
     "first: one that does not verify stops the merge, nothing written.\n"
     "A sitting CLUB holds already (merged before, merged from CLUB, or\n"
     "the same log imported) adds nothing and is said.  The sources'\n"
     "member decisions merge too where they do not contradict CLUB's; a\n"
     "contradiction is said and CLUB's kept.  `ecarte verify --db CLUB\n"
     "--origin SOURCE.db` proves the merged sittings equal to their origin.\n"
     "\n"
     "options:\n"
     "  --db CLUB    the ledger merged into\n"
     "  --json       one JSON object per sitting, decision and source\n"
     "  --help       this text\n"
     "\n"
     "A contradiction, or a sitting that cannot be merged, is a finding\n"
     "(exit 1); a source that does not verify is bad input (exit 2).\n"},
    {"complete",
     "usage: ecarte complete subcommands | laws | sittings [--db FILE]\n"
     "\n"
     "The words a shell's completion offers, one a line: the subcommands,\n"
     "the ids of every law and variant rule (as `ecarte law` takes them),\n"
     "or the ledger's sittings (the id, a tab, its source).  A ledger that\n"
     "cannot be read offers nothing.  Used by the bash and zsh completions\n"
     "that `make install` installs.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"},
    {"audit",
     "usage: ecarte audit [--db FILE] [--json]\n"
     "\n"
     "Re-derive every deal of the ledger from its actions and report what\n"
     "was wrong, a summary per player and statistics with their\n"
     "probabilities; at a table of three or more, the players are the\n"
     "persons (what a seat did is his who sat there then), every\n"
     "settlement is re-derived and compared with the one recorded, and\n"
     "each person's games and money are given by role, every transfer in\n"
     "exactly one role.\n"
     "\n"
     "options:\n"
     "  --db FILE    the ledger (default ecarte.db)\n"
     "  --json       findings, irregularities, players and statistics as\n"
     "               JSON Lines\n"
     "  --help       this text\n"},
    {"standings",
     "usage: ecarte standings [--db FILE] [--since DATE] [--until DATE]\n"
     "                        [--laws SPEC] [--format F] [--json]\n"
     "                        [--unverified]\n"
     "\n"
     "The season's standings per member (a seat's tag or a person's name,\n"
     "as the members' decisions join or keep apart; \"Player A\",\n"
     "\"Player B\" and unnamed seats are nobody) over the sittings chosen:\n"
     "sittings, games played, won and lost (single, double, treble),\n"
     "rubbers, points for and against, money won, lost and net at staked\n"
     "tables with the check that the nets, the house's levy and what went\n"
     "to others sum to zero, irregularities by law and the penalty points,\n"
     "and the audit's statistics over the whole season (kings turned up\n"
     "as dealer, kings of trumps held) with their exact binomial\n"
     "probabilities, flagged under 1 in 1000.  A member of several\n"
     "spellings counts each sitting and game once; a game whose two seats\n"
     "are both his is a game against himself, neither won nor lost.  The\n"
     "ledger is proven first.  Exit 1 if the money does not sum to zero.\n"
     "\n"
     "options:\n"
     "  --db FILE      the ledger (default ecarte.db)\n"
     "  --since DATE   sittings on or after DATE (YYYY-MM-DD, a day of\n"
     "                 the calendar): the Date tag, else the day the\n"
     "                 sitting was opened\n"
     "  --until DATE   sittings on or before DATE\n"
     "  --laws SPEC    sittings under the laws SPEC (a Laws tag value; the\n"
     "                 case and blanks of either do not matter), or of\n"
     "                 the preset SPEC alone (no tag: london); a SPEC\n"
     "                 that does not read is refused (exit 2)\n"
     "  --format F     duel, chouette, pool or gallery (no tag: duel)\n"
     "  --json         one JSON object per member, then the totals\n"
     "  --unverified   count a ledger that does not verify, marked so\n"
     "  --help         this text\n"},
    {"report",
     "usage: ecarte report [--db FILE] [--sitting ID] [-o FILE.html]\n"
     "                     [--unverified]\n"
     "\n"
     "Write one sitting as a single HTML file that needs nothing else to\n"
     "be read or printed (inline CSS and SVG, no script): at its top, the\n"
     "verdict of the ledger's proof (a ledger that does not verify gets no\n"
     "report: exit 1) and a summary linking down (deals, games, rulings by\n"
     "law, findings, flags, money); the audit's findings and flags; an\n"
     "index of the games; the scoresheet; every ruling with the law's\n"
     "words, the options and their previews, the election and the cards\n"
     "known at that moment; and each player's irregularities and charts\n"
     "against chance.  At a table of three or more the persons are named:\n"
     "who sat where in what role, each game's stakes, bets and covers and\n"
     "settlements with their transfers, each person's balance and the\n"
     "house's levy, summing to zero.  Exit 0 when the report is written:\n"
     "its findings are in it (`ecarte audit` exits 1 for them).\n"
     "\n"
     "options:\n"
     "  --db FILE      the ledger (default ecarte.db)\n"
     "  --sitting ID   the sitting (default the newest)\n"
     "  -o, --output FILE\n"
     "                 write the report to FILE (default, and \"-\":\n"
     "                 standard output); a regular file is written whole\n"
     "                 under a temporary name and renamed over it (a\n"
     "                 symbolic link's target so, the link kept); a FIFO\n"
     "                 or a device is written in place\n"
     "  --unverified   report a ledger that does not verify, as it stores\n"
     "                 it, marked NOT VERIFIED at its top\n"
     "  --season       the season's page instead: the standings of every\n"
     "                 member (see standings), with a chart each\n"
     "  --help         this text\n"},
    {"serve",
     "usage: ecarte serve [--db FILE] [--listen ADDR:PORT] [--token-file FILE]\n"
     "                    [--new]\n"
     "\n"
     "The tables of the ledger served over HTTP: the scorer's page\n"
     "(/tables/ID), the board (/tables/ID/board), the sitting's report\n"
     "(/tables/ID/report) and a JSON API: GET /api/tables, POST /api/tables\n"
     "(tag lines: a new sitting), GET /api/tables/ID (the state), POST\n"
     "/api/tables/ID/lines (log lines, each adjudicated and committed as\n"
     "`record` commits it; a refused line and those after it are not\n"
     "taken) and GET /api/tables/ID/events (Server-Sent Events: the state\n"
     "and the lines after every action).  A POST needs the header\n"
     "`Authorization: Bearer TOKEN`.  On start the ledger is proven (a\n"
     "forged one is refused) and every sitting the server made is opened\n"
     "again where it stands.  It prints \"ecarte serve: http://ADDR:PORT/\n"
     "(scorer's token: TOKEN)\" once; SIGINT or SIGTERM stops it.  README,\n"
     "\"Serving a table\", gives every route and JSON shape.\n"
     "\n"
     "options:\n"
     "  --db FILE          the ledger (default ecarte.db, made if missing)\n"
     "  --listen ADDR:PORT where to listen (default 127.0.0.1:8080; :0 or\n"
     "                     port 0: a free port; [::1]:PORT for IPv6)\n"
     "  --token-file FILE  the scorer's token: the file's first line, at\n"
     "                     least 16 characters (default: 128 random bits,\n"
     "                     printed as 32 hex digits)\n"
     "  --new              an existing empty file at --db becomes a new\n"
     "                     ledger (without it, it is refused, as record\n"
     "                     refuses it)\n"
     "  --help             this text\n"},
};

int usage_help(const char *sub)
{
    for (size_t i = 0; i < sizeof(sub_usage) / sizeof(sub_usage[0]); i++) {
        if (strcmp(sub_usage[i].name, sub) == 0) {
            fputs(sub_usage[i].text, stdout);
            fputs("\nexit status: 0 fine, 1 findings, 2 bad input or usage\n",
                  stdout);
            return EXIT_FINE;
        }
    }
    fprintf(stderr, "ecarte help: expected a subcommand (");
    for (size_t i = 0; i < sizeof(sub_usage) / sizeof(sub_usage[0]); i++) {
        fprintf(stderr, "%s%s", i ? ", " : "", sub_usage[i].name);
    }
    fprintf(stderr, "), found \"%s\"\nTry 'ecarte --help'.\n", sub);
    return EXIT_BAD_INPUT;
}

bool usage_number(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;

    if (s == NULL || *s == '\0') {
        return false;
    }
    for (; *s != '\0'; s++) {
        unsigned d = (unsigned)(*s - '0');

        if (*s < '0' || *s > '9' || d > max || v > (max - d) / 10) {
            return false;       /* not a digit, or past max */
        }
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

int usage_error(const char *sub, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "ecarte%s%s: ", sub ? " " : "", sub ? sub : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'ecarte%s%s --help'.\n", sub ? " " : "",
            sub ? sub : "");
    return EXIT_BAD_INPUT;
}

void usage_general(FILE *fp)
{
    fputs(usage_text, fp);
}
