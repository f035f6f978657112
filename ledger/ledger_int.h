/*
 * ledger_int.h - declarations shared by the files of ledger/ (and its
 * tests) only.
 */
#ifndef ECARTE_LEDGER_LEDGER_INT_H
#define ECARTE_LEDGER_LEDGER_INT_H

/*
 * ledger__schema_sql - the schema of LEDGER_SCHEMA_VERSION, NULL-terminated;
 * joined, the same text as ledger/schema.sql (a test compares them byte for
 * byte).  One string per paragraph, each a complete group of statements.
 */
extern const char *const ledger__schema_sql[];

struct ledger;
struct sqlite3;

/* ledger__db - the SQLite handle of l, for tests that look at what the
 * ledger set on its connection (pragmas); borrowed. */
struct sqlite3 *ledger__db(struct ledger *l);

#endif /* ECARTE_LEDGER_LEDGER_INT_H */
