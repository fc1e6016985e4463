#!/bin/bash
# record-snapshots.sh: re-record the snapshots that come from the real kernel in the guest
# (snapshots/uhid-walk-2s.*, snapshots/uinput-walk-2s.*; see README.md, "Snapshots").
#
#   tools/hwsim/record-snapshots.sh
#
# Boots the guest once, replays snapshots/walk-2s-50hz.csv through ff-uhid-accel and
# ff-uinput-accel, captures what the kernel delivers, writes the expected values computed
# from the trace, checks that both agree, and copies the results into snapshots/.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${HWSIM_BUILD:-$ROOT/.build-hwsim}
"$HERE/build-fixtures.sh"
OUT=$B/record
rm -rf "$OUT"; mkdir -p "$OUT"
cd "$ROOT"
"$HERE/run-in-guest.sh" --rw "$OUT" -- "$HERE/guest-checks.sh" record "$OUT"
for f in uhid-walk-2s.sysfs.txt uhid-walk-2s.iio.bin uhid-walk-2s.expected.txt \
         uinput-walk-2s.evdev uinput-walk-2s.expected.txt uinput-walk-2s.evemu; do
  cp "$OUT/$f" "$HERE/snapshots/$f"
done
echo "record-snapshots: updated $(ls "$HERE/snapshots" | grep -c walk-2s) files in $HERE/snapshots ($(cat "$OUT/recorded-with.txt"))"
