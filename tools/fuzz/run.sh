#!/usr/bin/env bash
# Runs one fuzz target, starting from its committed corpus (Fuzz/Corpus/TARGET, read only) and
# a scratch corpus that collects the new inputs (.build-fuzz/corpus/TARGET). Crashes, hangs
# and leaks are written to .build-fuzz/artifacts/TARGET/ and make the script fail.
# Usage: tools/fuzz/run.sh TARGET [SECONDS] [LIBFUZZER-FLAG...]
#   SECONDS defaults to 60; 0 means no time limit (then give e.g. -runs=10000000).
#   Example: tools/fuzz/run.sh fuzz-request 0 -runs=10000000
set -euo pipefail
source "$(dirname "$0")/common.sh"

target=${1:?"usage: $0 TARGET [SECONDS] [LIBFUZZER-FLAG...]; targets: ${targets[*]}"}
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
is_target "$target" || { echo "unknown fuzz target '$target'; targets: ${targets[*]}" >&2; exit 64; }

binary="$(bin_path)/$target"
[[ -x $binary ]] || "$root/tools/fuzz/build.sh" "$target"

corpus="$scratch/corpus/$target"
artifacts="$scratch/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
flags=(-timeout=5 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/")
[[ $seconds == 0 ]] || flags+=(-max_total_time="$seconds")
# The framing's interesting cases need only a few lines at caps of 1 to 64 bytes, and its
# input is written in chunks as small as one byte: longer inputs only slow it down.
[[ $target == fuzz-line-frame ]] && flags+=(-max_len=512)
# A configuration with every key is 332 bytes; past 512, inputs only grow slower to parse
# (a run that let them reach 4 KB fell from 5,000 to under 1,000 inputs a second).
[[ $target == fuzz-config ]] && flags+=(-max_len=512)
# A CWA header and two data blocks are 2,048 bytes, a GENEActiv header and one page 4,941; room
# for a little more, or a short compressed text, no more (larger inputs only read slower).
# The CWA target has room for the real AX6 file's first 14 blocks (its seed), the GENEActiv
# one for the real file's header and its three pages.
case $target in
    fuzz-recording | fuzz-gt3x) flags+=(-max_len=6144) ;;
    fuzz-delimited) flags+=(-max_len=4096) ;;
    fuzz-cwa) flags+=(-max_len=8192) ;;
    fuzz-geneactiv) flags+=(-max_len=16384) ;;
esac
dict="$fuzz_package/Dictionaries/$target.dict"
[[ -f $dict ]] && flags+=(-dict="$dict")

echo "==> fuzzing $target (${seconds}s${*:+, $*})"
exec "$binary" "${flags[@]}" "$@" "$corpus" "$fuzz_package/Corpus/$target"
