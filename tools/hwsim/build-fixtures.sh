#!/bin/bash
# build-fixtures.sh: compile the hwsim C programs into .build-hwsim/bin/ (gcc).
#
#   tools/hwsim/build-fixtures.sh
#
#   ff-uinput-accel  evdev accelerometer through /dev/uinput, replaying a trace (no library)
#   ff-uhid-accel    HID sensor hub accelerometer through /dev/uhid -> IIO accel_3d (no library)
#   ff-evdev-dump    prints what libevdev reads from an evdev node (libevdev)
#   fuse-evdev       the FUSE evdev node behind fake-evdev.sh (libfuse3)
# Rebuilds only what is older than its sources.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${HWSIM_BUILD:-$ROOT/.build-hwsim}
BIN=$B/bin
SRC=$HERE/src
mkdir -p "$BIN"
CC=${CC:-gcc}
CFLAGS=${CFLAGS:-"-O2 -g -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Wno-format-truncation"}
built=()
build() {  # build NAME SOURCE [flags...]
  local name=$1 src=$2; shift 2
  local out=$BIN/$name
  if [ -x "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt "$SRC/ff-replay.h" ] && [ "$out" -nt "$0" ]; then return; fi
  # shellcheck disable=SC2086
  $CC $CFLAGS -o "$out.tmp" "$src" "$@"
  mv "$out.tmp" "$out"
  built+=("$name")
}
pc() { pkg-config "$@" || { echo "build-fixtures: pkg-config $* failed (tools/hwsim/ci-setup.sh installs the -dev packages)" >&2; exit 1; }; }
build ff-uinput-accel "$SRC/ff-uinput-accel.c" -lm
build ff-uhid-accel "$SRC/ff-uhid-accel.c" -lm
# shellcheck disable=SC2046
build ff-evdev-dump "$SRC/ff-evdev-dump.c" $(pc --cflags --libs libevdev)
# shellcheck disable=SC2046
build fuse-evdev "$SRC/fuse-evdev.c" $(pc --cflags --libs fuse3) -lpthread -lm
if [ ${#built[@]} -gt 0 ]; then echo "build-fixtures: built ${built[*]} in $BIN" >&2
else echo "build-fixtures: up to date ($BIN)" >&2; fi
