#!/usr/bin/env bash
# A long run of the feed-page fuzzer (Tests/WaterfallFeedTests/FeedPageFuzzTests.swift):
#   scripts/fuzz.sh [CASES [FIRST_SEED]]     (defaults: 20000 cases from seed 1)
# Case i uses seed FIRST_SEED + i; a failing or crashing case is named by its seed, and
# `scripts/fuzz.sh 1 SEED` replays it alone.
set -uo pipefail
cd "$(dirname "$0")/.."
cases=${1:-20000}
seed=${2:-1}
trace=$(mktemp)
log=$(mktemp)
trap 'rm -f "$trace" "$log"' EXIT
. scripts/gtk4-flags.sh
swift build --build-tests >/dev/null || exit 1
start=$(date +%s)
WATERFALL_FUZZ_CASES=$cases WATERFALL_FUZZ_SEED=$seed WATERFALL_FUZZ_TRACE=$trace \
  swift test --skip-build --filter FeedPageFuzzTests >"$log" 2>&1
status=$?
elapsed=$(( $(date +%s) - start ))
grep -E '^fuzz:' "$log"
if [ $status -ne 0 ]; then
  failed=$(grep -oE 'seed [0-9]+' "$log" | sort -u | head -20 | tr '\n' ' ')
  if [ -n "$failed" ]; then
    echo "fuzz: FAILED cases: $failed(replay one with: scripts/fuzz.sh 1 SEED)"
  else
    echo "fuzz: CRASHED at seed $(cat "$trace") (replay with: scripts/fuzz.sh 1 $(cat "$trace"))"
  fi
  grep -E 'Expectation failed|signal|Fatal error|error:' "$log" | head -5
  exit 1
fi
echo "fuzz: passed, $cases cases in ${elapsed}s"
