# Shared by build.sh, run.sh and ci.sh: paths and the list of fuzz targets.
# shellcheck shell=bash
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fuzz_package="$root/Fuzz"
# Everything built or found by fuzzing stays here (ignored by git), never in Fuzz/Corpus.
scratch="$root/.build-fuzz"
build_path="$scratch/build"
targets=(fuzz-recording fuzz-delimited fuzz-cwa fuzz-gt3x fuzz-geneactiv fuzz-sidecar fuzz-config fuzz-request fuzz-line-frame)

# A crash is reported by libFuzzer and AddressSanitizer; Swift's own backtracer would only
# add a second, slow report.
export SWIFT_BACKTRACE=enable=no

bin_path() {
    swift build -c release --package-path "$fuzz_package" --build-path "$build_path" --show-bin-path
}

is_target() {
    local t
    for t in "${targets[@]}"; do [[ $t == "$1" ]] && return 0; done
    return 1
}
