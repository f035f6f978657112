/* SPDX-License-Identifier: MIT */
/*
 * test_citizen.c - ecarte as a citizen of its system: `--version` names
 * the libraries it runs on, getopt's messages name the program, and a
 * file a command writes (`report -o`) is standard output for "-", a
 * regular file replaced whole, a link's target (the link kept), a FIFO
 * or a character device written in place and never replaced.
 */
#include "ledger/ledger.h"
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a small duel recorded into t->db */
static void record_evening(const struct harness_tmp *t)
{
    assert_int_equal(harness_record(t->db, harness_example("club-evening.ecarte")),
                     0);
}

/* size - bytes of the file at path (-1 if none) */
static long long size(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

static void citizen__version_names_the_libraries(void **state)
{
    char out[2048];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out), "%s --version",
                                     harness_ecarte()), 0);
    assert_non_null(strstr(out, "ecarte 1."));
    assert_non_null(strstr(out, "SQLite 3."));
    assert_non_null(strstr(out, "OpenSSL 3"));
    assert_non_null(strstr(out, "libedit "));
    assert_non_null(strstr(out, "libmicrohttpd 0."));
    assert_non_null(strstr(out, "MIT"));
    assert_null(strstr(out, "linked"));
}

static void citizen__getopt_names_the_program(void **state)
{
    char out[2048];

    (void)state;
    assert_int_equal(harness_capture(out, sizeof(out), "%s record --bogus "
                                     "2>&1", harness_ecarte()), 2);
    assert_non_null(strstr(out, "ecarte record: unrecognized option"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s report --db 2>&1",
                                     harness_ecarte()), 2);
    assert_non_null(strstr(out, "ecarte report: option"));
}

static void citizen__report_dash_is_standard_output(void **state)
{
    const struct harness_tmp *t = *state;
    char page[300];

    record_evening(t);
    snprintf(page, sizeof(page), "%s/page.html", t->dir);
    assert_int_equal(harness_sh("cd %s && %s report --db %s -o - > %s",
                                t->dir, harness_ecarte(), t->db, page), 0);
    assert_true(size(page) > 10000);
    assert_int_equal(harness_sh("cd %s && test ! -e ./-", t->dir), 0);
    assert_int_equal(harness_sh("%s report --db %s | cmp -s - %s",
                                harness_ecarte(), t->db, page), 0);
}

static void citizen__report_link_target_written(void **state)
{
    const struct harness_tmp *t = *state;
    struct stat st;
    char target[300];
    char link[300];

    record_evening(t);
    snprintf(target, sizeof(target), "%s/target.html", t->dir);
    snprintf(link, sizeof(link), "%s/link.html", t->dir);
    harness_write(target, "old\n");
    assert_int_equal(chmod(target, 0600), 0);
    assert_int_equal(symlink("target.html", link), 0);
    assert_int_equal(harness_sh("%s report --db %s -o %s", harness_ecarte(),
                                t->db, link), 0);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(stat(target, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_int_equal(st.st_mode & 0777, 0600);   /* its mode kept */
    assert_true(st.st_size > 10000);
    assert_int_equal(harness_sh("%s report --db %s | cmp -s - %s",
                                harness_ecarte(), t->db, target), 0);
}

static void citizen__report_fifo_and_device_written_in_place(void **state)
{
    const struct harness_tmp *t = *state;
    struct stat st;
    char fifo[300];
    char got[300];

    record_evening(t);
    snprintf(fifo, sizeof(fifo), "%s/pipe", t->dir);
    snprintf(got, sizeof(got), "%s/got.html", t->dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(harness_sh("cat %s > %s & %s report --db %s -o %s; "
                                "rc=$?; wait; exit $rc", fifo, got,
                                harness_ecarte(), t->db, fifo), 0);
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(harness_sh("%s report --db %s | cmp -s - %s",
                                harness_ecarte(), t->db, got), 0);
    /* a character device stays one */
    assert_int_equal(harness_sh("%s report --db %s -o /dev/null",
                                harness_ecarte(), t->db), 0);
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

static void citizen__report_failure_leaves_the_old_file(void **state)
{
    const struct harness_tmp *t = *state;
    char page[300];
    char out[1024];

    record_evening(t);
    snprintf(page, sizeof(page), "%s/page.html", t->dir);
    harness_write(page, "the page before\n");
    /* no such sitting: nothing written, the old page as it was */
    assert_int_equal(harness_capture(out, sizeof(out), "%s report --db %s "
                                     "--sitting 9 -o %s 2>&1",
                                     harness_ecarte(), t->db, page), 2);
    assert_int_equal(size(page), 16);
    assert_int_equal(harness_sh("ls %s | grep -c page.html.  >/dev/null",
                                t->dir), 1);       /* no temp file left */
    /* a directory is refused in words */
    assert_int_equal(harness_capture(out, sizeof(out), "%s report --db %s -o "
                                     "%s 2>&1", harness_ecarte(), t->db,
                                     t->dir), 2);
    assert_non_null(strstr(out, "cannot write: Is a directory"));
}

static void citizen__complete_words(void **state)
{
    const struct harness_tmp *t = *state;
    char out[8192];
    char expect[600];

    record_evening(t);
    assert_int_equal(harness_capture(out, sizeof(out), "%s complete laws",
                                     harness_ecarte()), 0);
    assert_non_null(strstr(out, "L1\nL2\n"));
    assert_non_null(strstr(out, "\nL43\n"));
    assert_non_null(strstr(out, "\nPL5\n"));
    assert_non_null(strstr(out, "\nBY10\n"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s complete "
                                     "subcommands", harness_ecarte()), 0);
    assert_non_null(strstr(out, "record\n"));
    assert_non_null(strstr(out, "standings\n"));
    assert_int_equal(harness_capture(out, sizeof(out), "%s complete sittings "
                                     "--db %s", harness_ecarte(), t->db), 0);
    snprintf(expect, sizeof(expect), "1\t%s\n",
             harness_example("club-evening.ecarte"));
    assert_string_equal(out, expect);
    /* a ledger that is not there offers nothing, and says nothing */
    assert_int_equal(harness_capture(out, sizeof(out), "%s complete sittings "
                                     "--db %s/none.db 2>&1", harness_ecarte(),
                                     t->dir), 0);
    assert_string_equal(out, "");
}

static void citizen__install_puts_completions_docs_and_man(void **state)
{
    const struct harness_tmp *t = *state;
    char src[256];
    char out[4096];
    static const char *const files[] = {
        "bin/ecarte", "share/man/man1/ecarte.1",
        "share/man/man5/ecarte-ledger.5",
        "share/bash-completion/completions/ecarte",
        "share/zsh/site-functions/_ecarte", "share/doc/ecarte/README.md",
        "share/doc/ecarte/NEWS.md", "share/doc/ecarte/LICENSE",
        "share/doc/ecarte/laws.md", "share/doc/ecarte/format.md",
        "share/doc/ecarte/ledger.md",
    };

    harness_path(".", src, sizeof(src));
    record_evening(t);
    assert_int_equal(harness_sh("make -s -C %s install DESTDIR=%s/inst "
                                "PREFIX=/usr >/dev/null", src, t->dir), 0);
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        char path[600];

        snprintf(path, sizeof(path), "%s/inst/usr/%s", t->dir, files[i]);
        assert_true(size(path) > 0);
    }
    /* the installed pages name the paths it was installed to, and the
     * schema's version this build makes */
    assert_int_equal(harness_sh("cd %s/inst/usr/share/man && "
                                "! grep -l /usr/local man1/ecarte.1 "
                                "man5/ecarte-ledger.5 && grep -q "
                                "'^.Pa /usr/share/doc/ecarte' man1/ecarte.1 "
                                "&& grep -q '/usr/share/bash-completion/"
                                "completions/ecarte' man1/ecarte.1 && "
                                "grep -q '^(%d), STRICT' "
                                "man5/ecarte-ledger.5", t->dir,
                                LEDGER_SCHEMA_VERSION), 0);
    /* bash completes through the installed script and program */
    assert_int_equal(harness_capture(out, sizeof(out),
        "cd %s && PATH=%s/inst/usr/bin:$PATH bash -c '. "
        "inst/usr/share/bash-completion/completions/ecarte; "
        "COMP_WORDS=(ecarte rep); COMP_CWORD=1; _ecarte; echo ${COMPREPLY[@]}; "
        "COMP_WORDS=(ecarte law 4); COMP_CWORD=2; _ecarte; echo ${COMPREPLY[@]}; "
        "COMP_WORDS=(ecarte report --s); COMP_CWORD=2; _ecarte; echo ${COMPREPLY[@]}; "
        "COMP_WORDS=(ecarte export --db %s --sitting \"\"); COMP_CWORD=5; _ecarte; "
        "echo ${COMPREPLY[@]}'", t->dir, t->dir, t->db), 0);
    assert_string_equal(out, "report\n4 40 41 42 43 44 45 46 47 48 49\n"
                             "--season --sitting\n1\n");
    if (harness_sh("command -v zsh >/dev/null") == 0) {
        assert_int_equal(harness_sh("zsh -n %s/inst/usr/share/zsh/"
                                    "site-functions/_ecarte", t->dir), 0);
    }
    assert_int_equal(harness_sh("make -s -C %s uninstall DESTDIR=%s/inst "
                                "PREFIX=/usr >/dev/null", src, t->dir), 0);
    assert_int_equal(harness_sh("test -z \"$(find %s/inst -type f)\"",
                                t->dir), 0);
}

static void citizen__columns_count_characters(void **state)
{
    char out[1024];

    (void)state;
    /* "junk" is the 10th character, the 11th byte */
    assert_int_equal(harness_capture(out, sizeof(out), "printf '[A \"Zo\\303"
                                     "\\253\" junk]\\n' | LC_ALL=C %s check - "
                                     "2>&1", harness_ecarte()), 2);
    assert_string_equal(out, "ecarte check: -:1:10: expected ], found "
                             "\"junk]\"\n");
    /* the same without the accent: the same column */
    assert_int_equal(harness_capture(out, sizeof(out), "printf '[A \"Zoe\" "
                                     "junk]\\n' | %s check - 2>&1",
                                     harness_ecarte()), 2);
    assert_string_equal(out, "ecarte check: -:1:10: expected ], found "
                             "\"junk]\"\n");
    /* two accented letters before the fault: column 20, byte 22 */
    assert_int_equal(harness_capture(out, sizeof(out), "printf '[Event \"Zo"
                                     "\\303\\253 Ren\\303\\251e\" x]\\n' | "
                                     "%s check - 2>&1", harness_ecarte()), 2);
    assert_string_equal(out, "ecarte check: -:1:20: expected ], found "
                             "\"x]\"\n");
}

static void citizen__every_source_file_has_its_spdx_line(void **state)
{
    char src[256];
    char out[4096];

    (void)state;
    harness_path(".", src, sizeof(src));
    assert_int_equal(harness_capture(out, sizeof(out), "%s/scripts/spdx 2>&1",
                                     src), 0);
    assert_string_equal(out, "");
    assert_int_equal(harness_sh("head -n 3 %s/LICENSE | grep -q 'MIT "
                                "License'", src), 0);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(citizen__version_names_the_libraries),
        cmocka_unit_test(citizen__getopt_names_the_program),
        cmocka_unit_test_setup_teardown(citizen__report_dash_is_standard_output,
                                        harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(citizen__report_link_target_written,
                                        harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            citizen__report_fifo_and_device_written_in_place,
            harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            citizen__report_failure_leaves_the_old_file, harness_tmp_setup,
            harness_tmp_teardown),
        cmocka_unit_test(citizen__columns_count_characters),
        cmocka_unit_test(citizen__every_source_file_has_its_spdx_line),
        cmocka_unit_test_setup_teardown(citizen__complete_words,
                                        harness_tmp_setup, harness_tmp_teardown),
        cmocka_unit_test_setup_teardown(
            citizen__install_puts_completions_docs_and_man, harness_tmp_setup,
            harness_tmp_teardown),
    };

    return cmocka_run_group_tests_name("citizen", tests, NULL, NULL);
}
