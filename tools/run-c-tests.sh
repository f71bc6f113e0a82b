#!/bin/sh
# Runs each cmocka test binary (built with ASan+UBSan); fails on the first failing binary.
set -e
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in "$@"; do
  echo "== $t"
  "$t"
done
