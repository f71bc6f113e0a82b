#!/bin/sh
# tools/fuzz.sh SECONDS HARNESS... — run by `make fuzz` / `make fuzz-smoke` (binaries in build/fuzz/).
# For each harness: replay every file of c/fuzz/regressions/<harness>/ (each a crash once found; every one
# must pass now), then fuzz for SECONDS from the seed corpus c/fuzz/corpus/<harness>/, keeping new corpus
# entries in build/fuzz/corpus/<harness>/ (never in the repo). A crash, leak, timeout or out-of-memory leaves
# build/fuzz/artifacts/<harness>-crash-… and fails: fix it, then copy the artifact into c/fuzz/regressions/.
set -e
secs=$1
shift
out=build/fuzz
mkdir -p "$out/artifacts"
total=0
for h in "$@"; do
  bin="$out/$h"
  regs=c/fuzz/regressions/$h
  n=0
  for f in "$regs"/*; do
    [ -f "$f" ] || continue
    n=$((n + 1))
  done
  if [ "$n" -gt 0 ]; then
    echo "== $h: replaying $n regression input(s) from $regs"
    "$bin" -runs=1 -timeout=60 -rss_limit_mb=2560 -malloc_limit_mb=512 "$regs"/* 2>"$out/$h.replay.log" ||
      { cat "$out/$h.replay.log"; echo "fuzz: $h: a regression input fails again"; exit 1; }
  fi
  mkdir -p "$out/corpus/$h"
  dict=""
  [ -f "c/fuzz/$h.dict" ] && dict="-dict=c/fuzz/$h.dict"
  echo "== $h: fuzzing for ${secs}s"
  if ! "$bin" -max_total_time="$secs" -max_len=65536 -timeout=60 -rss_limit_mb=2560 -malloc_limit_mb=512 \
       -print_final_stats=1 -artifact_prefix="$out/artifacts/$h-" $dict "$out/corpus/$h" "c/fuzz/corpus/$h" \
       2>"$out/$h.log"; then
    tail -60 "$out/$h.log"
    echo "fuzz: $h found a failure; the input is in $out/artifacts/ (add it to c/fuzz/regressions/$h/ once fixed)"
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$h.log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$out/$h.log" | tail -1)
  echo "   $h: ${runs:-?} executions, $cov, corpus $(ls "$out/corpus/$h" | wc -l) files, no failure"
  total=$((total + ${runs:-0}))
done
echo "fuzz: $total executions in total, no failure"

# Random graphs with a fresh seed through every pass, against the reference (tests/ref/random_graphs.py makes
# them with ../shared/reference; tests/ref/compare-random.mjs compares): RANDOM_GRAPHS of them (default 2000
# for runs of 60 s and more, none for the smoke run, whose `make test` checks the golden ones).
n_graphs=${RANDOM_GRAPHS:-$([ "$secs" -ge 60 ] && echo 2000 || echo 0)}
if [ "$n_graphs" -gt 0 ]; then
  if [ -x /usr/bin/python3 ] && [ -f ../shared/reference/graph_lab.py ]; then
    [ -x build/graphlab ] || make --no-print-directory native
    seed=${RANDOM_GRAPHS_SEED:-$(date +%s)}
    rdir="$out/random-graphs/$seed"
    rm -rf "$rdir"
    echo "== random graphs: $n_graphs with seed $seed against the reference"
    /usr/bin/python3 tests/ref/random_graphs.py --seed "$seed" --count "$n_graphs" --out "$rdir" --no-hand
    node tests/ref/compare-random.mjs "$rdir"/*.json ||
      { echo "fuzz: graphlab and the reference disagree on random graphs (seed $seed, in $rdir)"; exit 1; }
  else
    echo "== random graphs: skipped (no /usr/bin/python3 or ../shared/reference)"
  fi
fi
