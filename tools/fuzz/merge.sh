#!/usr/bin/env bash
# Minimises a target's committed corpus: merges Fuzz/Corpus/TARGET and the scratch corpus
# (.build-fuzz/corpus/TARGET) into the smallest set of inputs that keeps all their coverage,
# and makes that the committed corpus. Review and commit the result.
# Usage: tools/fuzz/merge.sh TARGET
set -euo pipefail
source "$(dirname "$0")/common.sh"

target=${1:?"usage: $0 TARGET; targets: ${targets[*]}"}
is_target "$target" || { echo "unknown fuzz target '$target'; targets: ${targets[*]}" >&2; exit 64; }
binary="$(bin_path)/$target"
[[ -x $binary ]] || "$root/tools/fuzz/build.sh" "$target"

committed="$fuzz_package/Corpus/$target"
merged="$scratch/merged/$target"
rm -rf "$merged" && mkdir -p "$merged" "$scratch/corpus/$target"
"$binary" -merge=1 -timeout=5 -rss_limit_mb=2048 "$merged" "$committed" "$scratch/corpus/$target"
# The hand-written seeds (descriptive names) stay; the inputs libFuzzer found (named by their
# SHA-1) are replaced by the merged set, less those that equal a seed.
find "$committed" -type f -regextype posix-extended -regex '.*/[0-9a-f]{40}' -delete
seeds=$(find "$committed" -type f -exec sha1sum {} + | cut -d' ' -f1)
for file in "$merged"/*; do
    name=$(basename "$file")
    grep -qx "$name" <<<"$seeds" || cp "$file" "$committed/$name"
done
echo "$target: $(find "$committed" -type f | wc -l) files, $(du -sh --apparent-size "$committed" | cut -f1)"
