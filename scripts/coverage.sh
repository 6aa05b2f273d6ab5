#!/usr/bin/env bash
# Runs the whole test suite with code coverage (in its own build directory, .build/coverage, so
# the usual debug build is not rebuilt) and prints the line coverage of each module's sources.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/gtk4-flags.sh
export GSK_RENDERER=cairo
WATERFALL_LOCALEDIR=$(scripts/build-locale.sh)  # the translation tests' catalogs
export WATERFALL_LOCALEDIR
scratch=.build/coverage
run=(swift test --no-parallel --enable-code-coverage --scratch-path "$scratch")
if [ -n "${DISPLAY:-}" ]; then "${run[@]}"; else xvfb-run -a -s "-screen 0 1920x1080x24" "${run[@]}"; fi
profile=$(swift test --scratch-path "$scratch" --show-codecov-path)
profile=${profile%.json}.profdata
[ -f "$profile" ] || profile=$(dirname "$profile")/default.profdata
binary=$(find "$scratch/debug/" -maxdepth 1 -name '*PackageTests.xctest' | head -1)
# The toolchain's own llvm-cov: a system one may not read the profile format this swiftc writes.
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov=llvm-cov
# One row per module, from llvm-cov's per-file report of the sources (it prints paths relative
# to their common directory, Sources/).
printf "%-16s %8s %8s %7s\n" module lines missed cover
"$llvm_cov" report "$binary" -instr-profile "$profile" -ignore-filename-regex '(Tests|\.build|Benchmarks)/' |
  awk '
    $1 ~ /\// && NF >= 10 {
      path = $1
      sub(/^.*Sources\//, "", path)
      split(path, parts, "/")
      # Columns: Filename Regions Missed Cover Functions Missed Executed Lines Missed Cover ...
      lines[parts[1]] += $8; missed[parts[1]] += $9
    }
    END {
      for (m in lines) printf "%-16s %8d %8d %6.1f%%\n", m, lines[m], missed[m], 100 * (lines[m] - missed[m]) / lines[m]
    }' | LC_ALL=C sort
