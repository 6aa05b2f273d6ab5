#!/usr/bin/env bash
# Sanitizer runs, each in its own build directory (the normal .build stays as it is):
#   AddressSanitizer + LeakSanitizer over the Core and Feed tests   (.build-asan)
#   ThreadSanitizer over the Feed tests                             (.build-tsan)
# Any report fails the run. LeakSanitizer's suppressions (scripts/lsan.supp) name only
# third-party libraries; a leak in our code is never suppressed. ThreadSanitizer's
# (scripts/tsan.supp) name GLib, GIO and libsoup, whose synchronization it cannot see.
#
#   scripts/sanitize.sh                  both runs (CI runs this after scripts/test.sh)
#   scripts/sanitize.sh --reproductions  also run Reproductions/TSanZeroSizeInout and say whether
#                                        the toolchain's TSan crash is still there (not a failure)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/gtk4-flags.sh
# scripts/test.sh runs the fuzz test's 2,000 cases; under the sanitizers (2-5x slower) 500 of
# them keep CI short while still reaching every mutation and outcome.
export WATERFALL_FUZZ_CASES=${WATERFALL_FUZZ_CASES:-500}

# The engine's storage test measures the heap with mallinfo2, which sees nothing of ASan's
# allocator (and other tests allocate beside it in this parallel run): scripts/test.sh runs it.
# The redirect tests run on their own, after the parallel run. They were set apart when
# FoundationNetworking trapped on a redirect answered after a timeout or a cancel (the
# starved parallel run, where tests of a microsecond take 900 s, made answers late); libsoup
# does not trap, and they stay apart because they start hundreds of loopback transfers.
redirect_test='redirectsToFileURLsAreNotFollowed|cancellingRedirectingTransfersNeverTrapsTheProcess'
echo "sanitize: AddressSanitizer + LeakSanitizer over WaterfallCoreTests and WaterfallFeedTests" >&2
swift build --build-tests --sanitize=address --scratch-path .build-asan
ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1" \
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
  swift test --skip-build --sanitize=address --scratch-path .build-asan \
    --filter 'WaterfallCoreTests|WaterfallFeedTests' \
    --skip storageStaysWithinTwentyFourBytesPerItem --skip "$redirect_test"
ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1" \
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
  swift test --skip-build --sanitize=address --scratch-path .build-asan --filter "$redirect_test"

echo "sanitize: ThreadSanitizer over WaterfallFeedTests" >&2
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
TSAN_OPTIONS="halt_on_error=1 suppressions=$PWD/scripts/tsan.supp" \
  swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter WaterfallFeedTests \
    --skip "$redirect_test"
TSAN_OPTIONS="halt_on_error=1 suppressions=$PWD/scripts/tsan.supp" \
  swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$redirect_test"

if [ "${1:-}" = "--reproductions" ]; then
  echo "sanitize: Reproductions/TSanZeroSizeInout (a toolchain bug, see its README)" >&2
  if (cd Reproductions/TSanZeroSizeInout && swift test --sanitize=thread --filter zeroSizeSystemGenerator >/dev/null 2>&1); then
    echo "sanitize: the toolchain's TSan crash is gone: the reproduction passes"
  else
    echo "sanitize: the toolchain's TSan crash is still there (Reproductions/TSanZeroSizeInout)"
  fi
fi
echo "sanitize: passed"
