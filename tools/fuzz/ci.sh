#!/usr/bin/env bash
# CI: builds every fuzz target and runs each for FUZZ_SECONDS (default 60) from the committed
# corpus, FUZZ_JOBS of them at a time (default 2: one a core on CI's two cores; libFuzzer runs
# each on one thread). Fails when any target found a crash, hang, leak or sanitizer report;
# the input that caused it is kept under .build-fuzz/artifacts/TARGET/.
# Usage: tools/fuzz/ci.sh
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-2}
"$root/tools/fuzz/build.sh"
failed=()
# Reports a finished target: its summary lines, and its log's end when it failed.
report() {  # report TARGET STATUS
    local target=$1 status=$2
    echo "--- $target"
    grep -E '^(==|#[0-9]+ +DONE|stat::|SUMMARY|INFO: Seed|Done)' "$scratch/$target.log" || true
    if [[ $status -ne 0 ]]; then
        failed+=("$target")
        echo "!!! $target failed: see $scratch/$target.log and $scratch/artifacts/$target/" >&2
        tail -n 60 "$scratch/$target.log" >&2
    fi
}
for ((first = 0; first < ${#targets[@]}; first += jobs)); do
    batch=("${targets[@]:first:jobs}")
    pids=()
    for target in "${batch[@]}"; do
        "$root/tools/fuzz/run.sh" "$target" "$seconds" >"$scratch/$target.log" 2>&1 &
        pids+=($!)
    done
    for i in "${!batch[@]}"; do
        status=0
        wait "${pids[$i]}" || status=$?
        report "${batch[$i]}" "$status"
    done
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzzing: ${#failed[@]} of ${#targets[@]} targets failed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzzing: all ${#targets[@]} targets ran ${seconds}s each, $jobs at a time, without a crash"
