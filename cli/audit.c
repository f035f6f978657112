/* audit.c - `ecarte audit`: placeholder until the audit lands. */
#include "cli/cli.h"

int cmd_audit(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return usage_error("audit", "not built yet");
}
