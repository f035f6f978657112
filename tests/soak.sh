#!/bin/bash
# SPDX-License-Identifier: MIT
# soak.sh - `make soak`: kill `record` and `import` at random moments and
# check, after each resume, that the ledger ends equal to a clean run (the
# export, the scoresheet, the chain head and the audit); then two tables
# (`record FILE` and `record -`) on one new ledger at once.  Not part of
# `make test` (a few minutes).
#
#   ECARTE=build/ecarte RECORD_KILLS=100 IMPORT_KILLS=30 TABLES=10 \
#       tests/soak.sh
#
# With a sanitizer build (make soak-asan: build-asan/ecarte), whatever a
# sanitizer reports on stderr, in any run, killed or not, fails it too.
#
# Exits 1 if any run differs, printing what differed.
set -u

E=${ECARTE:-build/ecarte}
RECORD_KILLS=${RECORD_KILLS:-100}
IMPORT_KILLS=${IMPORT_KILLS:-30}
TABLES=${TABLES:-10}
# the same time on every row: the chain heads of two runs can be compared
export ECARTE_FIXED_TIME=2024-03-01T20:15:00Z

dir=$(mktemp -d /tmp/ecarte-soak-XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 2

fail=0
"$E" gen --deals 40 --seed 7 --irregularities 0.05 > rec.ecarte || exit 2
"$E" gen --deals 3000 --seed 8 --irregularities 0.05 > imp.ecarte || exit 2
"$E" gen --deals 30 --seed 9 > t1.ecarte || exit 2
"$E" gen --deals 30 --seed 10 > t2.ecarte || exit 2

# now_ms - the clock in milliseconds
now_ms() {
    echo $(( $(date +%s%N) / 1000000 ))
}

# snapshot DB OUT - what must equal a clean run: the export, the
# scoresheet, the chain (count and head) and the audit, without the
# ledger's file name
snapshot() {
    "$E" export --db "$1" > "$2.export" 2>&1
    "$E" score --db "$1" > "$2.score" 2>&1
    "$E" verify --db "$1" 2>&1 | sed "s|^$1: ||" > "$2.chain"
    "$E" audit --db "$1" 2>&1 | sed "s|of $1:|of the ledger:|" > "$2.audit"
}

# same A B WHAT - compare two snapshots; report a difference
same() {
    local k
    for k in export score chain audit; do
        if ! cmp -s "$1.$k" "$2.$k"; then
            echo "soak: $3: the $k differs from a clean run:"
            diff "$1.$k" "$2.$k" | grep '^>' | head -5
            diff "$1.$k" "$2.$k" | grep '^<' | head -5
            fail=1
            return 1
        fi
    done
    return 0
}

# record_run MODE DB - record rec.ecarte into DB: MODE file or pipe
record_run() {
    if [ "$1" = file ]; then
        "$E" record --db "$2" rec.ecarte > /dev/null 2>> log.txt
    else
        cat rec.ecarte | "$E" record --db "$2" - > /dev/null 2>> log.txt
    fi
}

# ---------------------------------------------------------------- record
for mode in file pipe; do
    rm -f clean-$mode.db*
    t0=$(now_ms)
    record_run $mode clean-$mode.db || { echo "soak: clean $mode run failed"; exit 1; }
    t1=$(now_ms)
    snapshot clean-$mode.db clean-$mode
    eval "span_$mode=$(( t1 - t0 + 10 ))"
done

killed=0
equal=0
for i in $(seq 1 "$RECORD_KILLS"); do
    if [ $((i % 2)) -eq 0 ]; then mode=pipe; else mode=file; fi
    eval "span=\$span_$mode"
    rm -f k.db*
    # one to three kills before the run that finishes
    n=$(( RANDOM % 3 + 1 ))
    for j in $(seq 1 $n); do
        if [ "$mode" = file ]; then
            "$E" record --db k.db rec.ecarte > /dev/null 2>> log.txt &
        else
            cat rec.ecarte | "$E" record --db k.db - > /dev/null 2>> log.txt &
        fi
        pid=$!
        # a moment within the run (a clean run's time, less a tenth)
        sleep "$(printf '0.%03d' $(( RANDOM % (span * 9 / 10) % 1000 )))"
        kill -9 $pid 2> /dev/null
        wait $pid 2> /dev/null
        if [ $? -eq 137 ]; then
            killed=$((killed + 1))
        fi
    done
    if ! record_run $mode k.db; then
        echo "soak: record ($mode) trial $i: the resumed run failed:"
        tail -3 log.txt
        fail=1
        continue
    fi
    snapshot k.db k
    if same clean-$mode k "record ($mode) trial $i"; then
        equal=$((equal + 1))
    fi
done
echo "soak: record: $RECORD_KILLS trials, $killed processes killed mid-run," \
     "$equal of $RECORD_KILLS resumed runs equal to a clean run"

# ---------------------------------------------------------------- import
rm -f clean-imp.db*
t0=$(now_ms)
"$E" import --db clean-imp.db imp.ecarte > /dev/null 2>> log.txt
clean_rc=$?
t1=$(now_ms)
span=$(( t1 - t0 + 10 ))
snapshot clean-imp.db clean-imp
killed=0
equal=0
for i in $(seq 1 "$IMPORT_KILLS"); do
    rm -f k.db*
    "$E" import --db k.db imp.ecarte > /dev/null 2>> log.txt &
    pid=$!
    ms=$(( (RANDOM * 32768 + RANDOM) % (span * 9 / 10) ))
    sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
    kill -9 $pid 2> /dev/null
    wait $pid 2> /dev/null
    if [ $? -eq 137 ]; then
        killed=$((killed + 1))
    fi
    "$E" import --db k.db imp.ecarte > /dev/null 2>> log.txt
    rc=$?
    if [ $rc -ne $clean_rc ]; then
        echo "soak: import trial $i: exit $rc, a clean import gives $clean_rc"
        tail -3 log.txt
        fail=1
        continue
    fi
    snapshot k.db k
    if same clean-imp k "import trial $i"; then
        equal=$((equal + 1))
    fi
done
echo "soak: import: $IMPORT_KILLS trials, $killed processes killed mid-run," \
     "$equal of $IMPORT_KILLS resumed imports equal to a clean one"

# ---------------------------------------------------------------- tables
for t in t1 t2; do
    rm -f clean-$t.db*
    if [ $t = t1 ]; then
        "$E" record --db clean-$t.db t1.ecarte > /dev/null 2>> log.txt
    else
        cat t2.ecarte | "$E" record --db clean-$t.db - > /dev/null 2>> log.txt
    fi
    "$E" export --db clean-$t.db | grep -v '^\[Chain ' > clean-$t.export
done
equal=0
for i in $(seq 1 "$TABLES"); do
    rm -f two.db*
    "$E" record --db two.db t1.ecarte > /dev/null 2>> log.txt &
    p1=$!
    cat t2.ecarte | "$E" record --db two.db - > /dev/null 2>> log.txt &
    p2=$!
    wait $p1; r1=$?
    wait $p2; r2=$?
    "$E" export --db two.db --sitting 1 | grep -v '^\[Chain ' > s1.export
    "$E" export --db two.db --sitting 2 | grep -v '^\[Chain ' > s2.export
    if [ $r1 -ne 0 ] || [ $r2 -ne 0 ]; then
        echo "soak: two tables, trial $i: exit $r1 and $r2"
        tail -3 log.txt
        fail=1
    elif { cmp -s s1.export clean-t1.export && cmp -s s2.export clean-t2.export; } ||
         { cmp -s s1.export clean-t2.export && cmp -s s2.export clean-t1.export; }; then
        equal=$((equal + 1))
    else
        echo "soak: two tables, trial $i: the sittings differ from clean runs"
        fail=1
    fi
done
echo "soak: two tables at once on a new ledger: $equal of $TABLES runs" \
     "with both sittings equal to clean runs"

# a build with sanitizers (make soak-asan) reports on stderr, into
# log.txt, even from a run whose result was not looked at
if grep -q -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' log.txt; then
    echo "soak: a sanitizer reported:"
    grep -E -A8 'ERROR: (Address|Leak)Sanitizer|runtime error:' log.txt | head -40
    fail=1
fi

if [ $fail -ne 0 ]; then
    echo "soak: FAILED"
    exit 1
fi
echo "soak: all equal"
