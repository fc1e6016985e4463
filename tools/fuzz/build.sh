#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (release, with AddressSanitizer and fuzzer coverage,
# Swift and C alike, so libyaml inside Yams is instrumented too).
# Usage: tools/fuzz/build.sh [TARGET...]   (default: all of them)
set -euo pipefail
source "$(dirname "$0")/common.sh"

products=("$@")
[[ ${#products[@]} -gt 0 ]] || products=("${targets[@]}")
for product in "${products[@]}"; do
    is_target "$product" || { echo "unknown fuzz target '$product'; targets: ${targets[*]}" >&2; exit 64; }
done

flags=(-c release --package-path "$fuzz_package" --build-path "$build_path"
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
       -Xcc -fsanitize=fuzzer-no-link,address)
for product in "${products[@]}"; do
    echo "==> building $product"
    swift build "${flags[@]}" --product "$product"
done
echo "built in $(bin_path)"
