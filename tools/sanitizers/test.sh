#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer, in a build folder of its own so the normal
# build is kept: .build-asan or .build-tsan.
# Usage: tools/sanitizers/test.sh address|thread [swift test options...]
#   e.g. tools/sanitizers/test.sh thread --filter FootfallServiceTests
# Reports from every process the tests start (footfalld, footfall) are written to
# .build-<kind>/sanitizer-logs/; the script fails on any report, even if the tests passed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

sanitizer=${1:?"usage: $0 address|thread [swift test options...]"}
shift
case $sanitizer in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *) echo "unknown sanitizer '$sanitizer': address or thread" >&2; exit 64 ;;
esac
logs="$root/$scratch/sanitizer-logs"
rm -rf "$logs" && mkdir -p "$logs"

# Swift's backtracer would only add a second, slow report to the sanitizer's own.
export SWIFT_BACKTRACE=enable=no
# Each process writes its reports to a file of its own (log_path.PID), so none is lost in a
# child's stderr that a test captures.
export ASAN_OPTIONS="log_path=$logs/asan${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$root/tools/sanitizers/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="log_path=$logs/tsan${TSAN_OPTIONS:+:$TSAN_OPTIONS}"

status=0
swift test --sanitize="$sanitizer" --scratch-path "$scratch" "$@" || status=$?
reports=$(grep -lE 'ERROR: |WARNING: ThreadSanitizer|SUMMARY: ' "$logs"/* 2>/dev/null || true)
if [[ -n $reports ]]; then
    cat $reports
    echo "$sanitizer sanitizer: $(wc -l <<<"$reports") process(es) reported problems: $reports" >&2
    exit 1
fi
echo "$sanitizer sanitizer: no reports"
exit $status
