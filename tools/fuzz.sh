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
