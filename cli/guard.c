/* SPDX-License-Identifier: MIT */
/*
 * guard.c - what a command does with a ledger before it reads or extends
 * it: the proof (audit/audit_proof.c) made in one snapshot, and a ledger that
 * does not verify refused in words (proof_guard).
 */
#include "cli/cli.h"

#include <string.h>

int proof_guard(const char *sub, const char *db, struct ledger *l,
                int64_t sitting, enum proof_use use,
                struct proof_summary *out)
{
    struct proof_summary mine;
    struct proof_summary *sum = out != NULL ? out : &mine;
    bool writer = use == PROOF_WRITE;
    bool own = false;
    int rc = 0;

    if (!ledger_in_transaction(l)) {
        if (ledger_read_begin(l) != 0) {
            fprintf(stderr, "ecarte %s: %s: %s\n", sub, db, ledger_errmsg(l));
            return -1;
        }
        own = true;
    }
    rc = proof_ledger(l, sitting, NULL, NULL, sum);
    if (own) {
        ledger_read_end(l);
    }
    if (rc != 0) {
        fprintf(stderr, "ecarte %s: %s: cannot be proven: %s\n", sub, db,
                sum->error);
        return -1;
    }
    if (sum->findings == 0) {
        return 0;
    }
    if (sum->damaged) {
        /* the file itself, not what it says: as any read that fails */
        fprintf(stderr, "ecarte %s: %s: %s%s\n", sub, db, sum->first,
                writer ? "; nothing was written (ecarte verify tells more)"
                       : "");
        return -1;
    }
    fprintf(stderr, "ecarte %s: %s does not verify: %s", sub, db, sum->first);
    if (sum->findings > 1) {
        fprintf(stderr, " (and %lld more finding%s)",
                (long long)sum->findings - 1, sum->findings > 2 ? "s" : "");
    }
    fprintf(stderr, "; %s (`ecarte verify --db %s` lists what is wrong)\n",
            writer ? "nothing recorded: a ledger is extended only while "
                     "what it holds is proven"
            : use == PROOF_READ
                ? "its figures are not shown as fact (--unverified shows "
                  "them as stored)"
                : "what follows is shown as stored, NOT VERIFIED",
            db);
    return use == PROOF_READ_UNVERIFIED ? 0 : 1;
}
