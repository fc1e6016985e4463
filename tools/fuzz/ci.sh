#!/usr/bin/env bash
# CI: builds every fuzz target and runs each for FUZZ_SECONDS (default 60) from the committed
# corpus. Fails on the first crash, hang, leak or sanitizer report; the input that caused it
# is kept under .build-fuzz/artifacts/TARGET/.
# Usage: tools/fuzz/ci.sh
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds=${FUZZ_SECONDS:-60}
"$root/tools/fuzz/build.sh"
failed=()
for target in "${targets[@]}"; do
    status=0
    "$root/tools/fuzz/run.sh" "$target" "$seconds" >"$scratch/$target.log" 2>&1 || status=$?
    grep -E '^(==|#[0-9]+ +DONE|stat::|SUMMARY|INFO: Seed|Done)' "$scratch/$target.log" || true
    if [[ $status -ne 0 ]]; then
        failed+=("$target")
        echo "!!! $target failed: see $scratch/$target.log and $scratch/artifacts/$target/" >&2
        tail -n 60 "$scratch/$target.log" >&2
    fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzzing: ${#failed[@]} of ${#targets[@]} targets failed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzzing: all ${#targets[@]} targets ran ${seconds}s each without a crash"
