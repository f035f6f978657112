# SPDX-License-Identifier: MIT
# ecarte - a referee for Écarté under the London club laws.
# Single non-recursive Makefile (the house style).  Objects live in $(BUILD)/.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/ecarte
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
PKG_CONFIG ?= pkg-config
CC ?= cc
BUILD ?= build

CSTD = -std=c11
WERROR ?= -Werror
WARN = -Wall -Wextra $(WERROR) -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wold-style-definition -Wwrite-strings -Wundef \
       -Wpedantic
DEPFLAGS = -MMD -MP
OPT ?= -O2 -g
ifeq ($(SANITIZE),1)
OPT = -O1 -g
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
           -fno-omit-frame-pointer
endif

# Libraries through pkg-config; stop with the Debian package to install.
define need_pkg
$(if $(shell $(PKG_CONFIG) --exists $(1) && echo yes),,\
  $(error $(1) not found by $(PKG_CONFIG): install the Debian package $(2)))
endef

ifeq ($(filter clean uninstall headercheck,$(MAKECMDGOALS)),)
$(call need_pkg,sqlite3,libsqlite3-dev)
$(call need_pkg,libcrypto,libssl-dev)
SQLITE_CFLAGS := $(shell $(PKG_CONFIG) --cflags sqlite3 libcrypto)
SQLITE_LIBS := $(shell $(PKG_CONFIG) --libs sqlite3 libcrypto)
$(call need_pkg,libedit,libedit-dev)
EDIT_LIBS := $(shell $(PKG_CONFIG) --libs libedit)
$(call need_pkg,libmicrohttpd,libmicrohttpd-dev)
MHD_CFLAGS := $(shell $(PKG_CONFIG) --cflags libmicrohttpd)
MHD_LIBS := $(shell $(PKG_CONFIG) --libs libmicrohttpd) -lpthread
endif
ifneq ($(filter test check asan bench,$(MAKECMDGOALS))$(filter $(BUILD)/tests/%,$(MAKECMDGOALS)),)
$(call need_pkg,cmocka,libcmocka-dev)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka)
endif

ALL_CPPFLAGS = -I. -D_POSIX_C_SOURCE=200809L $(CPPFLAGS)
ALL_CFLAGS = $(CSTD) $(WARN) $(OPT) $(SANFLAGS) $(DEPFLAGS) $(SQLITE_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)

LIB_SRC = $(wildcard laws/*.c) $(wildcard tablelog/*.c) \
          $(wildcard ledger/*.c) $(wildcard arbiter/*.c) \
          $(wildcard sitting/*.c) $(wildcard session/*.c) \
          $(wildcard audit/*.c) $(wildcard report/*.c) $(wildcard gen/*.c) \
          $(wildcard season/*.c)
CLI_SRC = $(wildcard cli/*.c)
# `ecarte serve` (web/): in the program, not in the library; its pages
# (web/assets/*) embedded by scripts/assets-c into $(BUILD)/web/assets.c
WEB_SRC = $(wildcard web/*.c)
WEB_ASSETS = $(wildcard web/assets/*)
TEST_SRC = $(wildcard tests/test_*.c)
LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ = $(CLI_SRC:%.c=$(BUILD)/%.o) $(WEB_SRC:%.c=$(BUILD)/%.o) \
          $(BUILD)/web/assets.o
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
LIB = $(BUILD)/libecarte.a
PROG = $(BUILD)/ecarte

.PHONY: all test check asan soak soak-serve soak-asan bench bench-serve bench-table install uninstall clean headercheck
all: $(PROG)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/web/%.o: web/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(MHD_CFLAGS) -c $< -o $@

$(BUILD)/web/assets.c: scripts/assets-c $(WEB_ASSETS) $(wildcard web/assets)
	@mkdir -p $(dir $@)
	sh scripts/assets-c web/assets $@

$(BUILD)/web/assets.o: $(BUILD)/web/assets.c
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(MHD_CFLAGS) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(PROG): $(CLI_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(SQLITE_LIBS) $(EDIT_LIBS) \
	    $(MHD_LIBS) -lm

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(BUILD)/tests/harness.o $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(LIB) \
	    $(CMOCKA_LIBS) $(SQLITE_LIBS) $(EDIT_LIBS) -lm

# Every cmocka program, then the scenario driver (which runs ecarte check
# on tests/cases); exits non-zero if any fails.
test check: $(PROG) $(TEST_BIN)
	@fail=0; for t in $(TEST_BIN); do \
	    ECARTE=$(PROG) ECARTE_SRC=. $$t || { echo "FAILED: $$t"; fail=1; }; \
	done; \
	if [ $$fail -ne 0 ]; then echo "make test: some tests FAILED"; exit 1; fi; \
	echo "make test: all test programs passed"

asan:
	LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp) \
	    $(MAKE) SANITIZE=1 BUILD=build-asan test

# Kill record and import at random moments, resume, and compare with clean
# runs; two tables on one new ledger at once (tests/soak.sh; minutes).
# make soak RECORD_KILLS=10 IMPORT_KILLS=3 TABLES=2 for a quick run.
# Then the load run of `ecarte serve` (tests/soak_serve.py, Python 3's
# standard library): SERVE_TABLES tables posting an evening each at once,
# a line a POST, and SERVE_BOARDS event streams watching them, for
# SERVE_SECONDS; every POST accepted, no event lost, every sitting's
# export equal to record's.  SERVE_QUICK=1: 4 tables, 20 boards, 15 s;
# make soak-serve runs that part alone.
RECORD_KILLS ?= 100
IMPORT_KILLS ?= 30
TABLES ?= 10
SERVE_TABLES ?= 20
SERVE_BOARDS ?= 200
SERVE_SECONDS ?= 60
SERVE_DEALS ?= 0
SERVE_BATCH ?= 1
SERVE_QUICK ?= 0
PYTHON ?= python3
SOAK_SERVE = ECARTE=$(abspath $(PROG)) SERVE_TABLES=$(SERVE_TABLES) \
    SERVE_BOARDS=$(SERVE_BOARDS) SERVE_SECONDS=$(SERVE_SECONDS) \
    SERVE_DEALS=$(SERVE_DEALS) SERVE_BATCH=$(SERVE_BATCH) \
    SERVE_QUICK=$(SERVE_QUICK) $(PYTHON) tests/soak_serve.py
soak: $(PROG)
	@fail=0; \
	ECARTE=$(abspath $(PROG)) RECORD_KILLS=$(RECORD_KILLS) \
	    IMPORT_KILLS=$(IMPORT_KILLS) TABLES=$(TABLES) bash tests/soak.sh || \
	    fail=1; \
	$(SOAK_SERVE) || fail=1; \
	exit $$fail

soak-serve: $(PROG)
	$(SOAK_SERVE)

# The same soak against the sanitizer build (build-asan/ecarte: ASan and
# UBSan), with smaller counts by default: a sanitizer's report in any run
# fails it.  make soak-asan ASAN_RECORD_KILLS=100 for a long one.
ASAN_RECORD_KILLS ?= 10
ASAN_IMPORT_KILLS ?= 5
ASAN_TABLES ?= 3
soak-asan:
	$(MAKE) SANITIZE=1 BUILD=build-asan build-asan/ecarte
	ECARTE=$(abspath build-asan/ecarte) RECORD_KILLS=$(ASAN_RECORD_KILLS) \
	    IMPORT_KILLS=$(ASAN_IMPORT_KILLS) TABLES=$(ASAN_TABLES) \
	    ASAN_OPTIONS=detect_leaks=1 \
	    LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp) bash tests/soak.sh

# The benchmark (bench/README.md): build/bench is bench/*.c linked with
# the library (libecarte.a) and nothing of cli/; its objects live in
# build/bench-obj/ (build/bench is the program).
# make bench DEALS=10000 for a quick run; a phase is stopped after
# BENCH_TIMEOUT seconds (0: never); BENCH_ARGS=--keep keeps the files.
DEALS ?= 100000
SEED ?= 7
BENCH_TIMEOUT ?= 600
BENCH = $(BUILD)/bench
BENCH_SRC = $(wildcard bench/*.c)
BENCH_OBJ = $(BENCH_SRC:bench/%.c=$(BUILD)/bench-obj/%.o)

$(BUILD)/bench-obj/%.o: bench/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BENCH): $(BENCH_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(BENCH_OBJ) $(LIB) $(SQLITE_LIBS) -lm

# Then the served table's latency (bench/bench_serve.py, Python 3's
# standard library, against build/ecarte): SERVE_ACTIONS actions posted
# one a POST with one board watching, against `record`'s durable commit
# of the same actions; make bench-serve runs that part alone.
SERVE_ACTIONS ?= 2000
SERVE_ROUNDS ?= 3
BENCH_SERVE = $(PYTHON) bench/bench_serve.py --ecarte $(PROG) \
    --actions $(SERVE_ACTIONS) --rounds $(SERVE_ROUNDS)
TABLE_ACTIONS ?= 1000
BENCH_TABLE = $(PYTHON) bench/bench_table.py --ecarte $(PROG) \
    --actions $(TABLE_ACTIONS) --rounds $(SERVE_ROUNDS)
bench: $(BENCH) $(PROG)
	$(BENCH) --deals $(DEALS) --seed $(SEED) --timeout $(BENCH_TIMEOUT) $(BENCH_ARGS)
	$(BENCH_SERVE)
	$(BENCH_TABLE)

bench-serve: $(PROG)
	$(BENCH_SERVE)

bench-table: $(PROG)
	$(BENCH_TABLE)

install: $(PROG)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(DOCDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 755 $(PROG) $(DESTDIR)$(BINDIR)/ecarte
	for page in man1/ecarte.1 man5/ecarte-ledger.5; do \
	    sed -e 's#/usr/local/share/doc/ecarte#$(DOCDIR)#g' \
	        -e 's#/usr/local/share/bash-completion/completions#$(BASHCOMPDIR)#g' \
	        -e 's#/usr/local/share/zsh/site-functions#$(ZSHCOMPDIR)#g' \
	        "man/$${page#*/}" > "$(DESTDIR)$(MANDIR)/$$page" && \
	    chmod 644 "$(DESTDIR)$(MANDIR)/$$page" || exit 1; \
	done
	install -m 644 README.md NEWS.md LICENSE docs/*.md $(DESTDIR)$(DOCDIR)
	install -m 644 completions/ecarte.bash $(DESTDIR)$(BASHCOMPDIR)/ecarte
	install -m 644 completions/_ecarte $(DESTDIR)$(ZSHCOMPDIR)/_ecarte

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/ecarte $(DESTDIR)$(MANDIR)/man1/ecarte.1 \
	    $(DESTDIR)$(MANDIR)/man5/ecarte-ledger.5 \
	    $(DESTDIR)$(BASHCOMPDIR)/ecarte $(DESTDIR)$(ZSHCOMPDIR)/_ecarte
	rm -rf $(DESTDIR)$(DOCDIR)

clean:
	rm -rf build build-asan build-fuzz

# Each public header compiles alone under the strict flags.
headercheck:
	@for h in laws/laws.h tablelog/tablelog.h ledger/ledger.h arbiter/arbiter.h \
	         sitting/sitting.h session/session.h audit/audit.h \
	         report/report.h report/html.h gen/gen.h cli/cli.h web/web.h \
	         season/season.h; do \
	    printf '#include "%s"\n' $$h | $(CC) $(ALL_CPPFLAGS) $(CSTD) $(WARN) \
	        -x c -fsyntax-only - || exit 1; \
	done; echo "headercheck: ok"

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_BIN:%=%.d) $(BUILD)/tests/harness.d
-include $(BENCH_OBJ:.o=.d)

# Fuzzing (libFuzzer, clang's -fsanitize=fuzzer): make fuzz builds the
# targets in build-fuzz/: fuzz_arbiter (the bytes as a log through the
# reader, the sitting layer and the referee: no SQLite, thousands of runs
# a second) and fuzz_import (the bytes imported into a ledger in memory,
# the export checked again).  make fuzz-run runs each for FUZZ_SECONDS on
# a corpus seeded from tests/cases, tests/fuzz (inputs that once crashed a
# target) and examples (kept in build-fuzz/); a crash is written there as
# crash-*, to be made a test in tests/fuzz.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 30
FUZZ_MAX_LEN ?= 4096
# the session's targets (import, table) on inputs of a few deals: each
# run costs what its input holds, a deal is some 300 bytes
FUZZ_SESSION_MAX_LEN ?= 1024
FUZZ_BUILD = build-fuzz
FUZZ_FLAGS = -std=c11 -g -O1 -fno-omit-frame-pointer \
             -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_LIB_SRC = $(wildcard laws/*.c) $(wildcard tablelog/*.c) \
               $(wildcard sitting/*.c) $(wildcard arbiter/*.c)
# What the session needs, and no more: every file linked is instrumented,
# and libFuzzer pays for each edge at every run.
FUZZ_ALL_SRC = $(FUZZ_LIB_SRC) $(wildcard ledger/*.c) $(wildcard session/*.c)
FUZZ_TARGETS = arbiter import table serve
# the server's handlers (web/, but its HTTP layer) and what they call
FUZZ_SERVE_SRC = $(FUZZ_ALL_SRC) $(wildcard audit/*.c) $(wildcard report/*.c) \
                 $(wildcard season/*.c) web/api.c web/json.c web/sse.c \
                 web/state.c web/tables.c cli/guard.c cli/output.c \
                 cli/output_audit.c \
                 cli/output_merge.c cli/output_sink.c cli/files.c cli/term.c

.PHONY: fuzz fuzz-run
fuzz: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

$(FUZZ_BUILD)/fuzz_arbiter: fuzz/fuzz_arbiter.c $(FUZZ_LIB_SRC)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_FLAGS) -o $@ $^ -lm

$(FUZZ_BUILD)/fuzz_import: fuzz/fuzz_import.c $(FUZZ_ALL_SRC)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(SQLITE_CFLAGS) $(FUZZ_FLAGS) -o $@ $^ \
	    $(SQLITE_LIBS) $(EDIT_LIBS) -lm

$(FUZZ_BUILD)/fuzz_table: fuzz/fuzz_table.c $(FUZZ_ALL_SRC) \
                         cli/table_edit.c cli/term.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(SQLITE_CFLAGS) $(FUZZ_FLAGS) -o $@ $^ \
	    $(SQLITE_LIBS) $(EDIT_LIBS) -lm

$(FUZZ_BUILD)/fuzz_serve: fuzz/fuzz_serve.c $(FUZZ_SERVE_SRC)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(SQLITE_CFLAGS) $(FUZZ_FLAGS) -o $@ $^ \
	    $(SQLITE_LIBS) $(EDIT_LIBS) -lpthread -lm

fuzz-run: fuzz
	@for t in $(FUZZ_TARGETS); do \
	    mkdir -p $(FUZZ_BUILD)/corpus-$$t && \
	    cp tests/cases/*.ecarte tests/cases/variants/*.ecarte \
	        tests/fuzz/*.ecarte examples/*.ecarte \
	        $(FUZZ_BUILD)/corpus-$$t/ && \
	    len=$(FUZZ_MAX_LEN); \
	    [ $$t = arbiter ] || len=$(FUZZ_SESSION_MAX_LEN); \
	    (cd $(FUZZ_BUILD) && ./fuzz_$$t -max_total_time=$(FUZZ_SECONDS) \
	        -max_len=$$len -timeout=10 -print_final_stats=1 \
	        corpus-$$t) || \
	    exit 1; \
	done
