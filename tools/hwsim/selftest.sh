#!/bin/bash
# selftest.sh: run every hwsim piece once and print one PASS/FAIL line per check, with its
# wall time. Exit status 0 only if every check passed.
#
#   tools/hwsim/selftest.sh
#
# Logs: .build-hwsim/selftest/<check>.log. Needs what ci-setup.sh installs and root (mount
# namespaces, FUSE, the user-namespace check runs as nobody). Works from any checkout path.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${HWSIM_BUILD:-$ROOT/.build-hwsim}
BIN=$B/bin
OUT=$B/selftest
SNAP=$HERE/snapshots
TRACE=$SNAP/walk-2s-50hz.csv
CHECK="python3 $HERE/hwsim-check.py"
case "${1:-}" in -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
rm -rf "$OUT"; mkdir -p "$OUT"
cd "$ROOT"
pass=0; fail=0; T0=$(date +%s%N)
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
report() {  # report NAME PASS|FAIL MILLISECONDS
  if [ "$2" = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  printf '%-34s %-4s %6.1f s   (%s)\n' "$1" "$2" "$(echo "$3" | awk '{print $1 / 1000}')" "$OUT/$1.log"
}
check() {  # check NAME COMMAND...
  local name=$1 s; shift
  s=$(date +%s%N)
  if "$@" > "$OUT/$name.log" 2>&1; then report "$name" PASS "$(ms "$s")"; else report "$name" FAIL "$(ms "$s")"; fi
}

check build-guest "$HERE/build-guest.sh"
check build-fixtures "$HERE/build-fixtures.sh"

# -- the guest -----------------------------------------------------------------------------
boot() {
  "$HERE/run-in-guest.sh" --rw "$OUT/rw" -- 'uname -r; test -c /dev/uinput && test -c /dev/uhid &&
    echo written-in-guest > '"$OUT"'/rw/file && exit 3'
  rc=$?
  echo "status from the guest: $rc (want 3); file: $(cat "$OUT/rw/file" 2>/dev/null)"
  [ $rc = 3 ] && [ "$(cat "$OUT/rw/file" 2>/dev/null)" = written-in-guest ]
}
check guest-boot boot

# all guest-side checks in one boot (guest-checks.sh prints "CHECK name PASS|FAIL seconds")
s=$(date +%s%N)
"$HERE/run-in-guest.sh" --rw "$OUT" --timeout 300 -- "$HERE/guest-checks.sh" selftest "$OUT" > "$OUT/guest-run.log" 2>&1
grc=$?
n=0
while read -r _ name result secs; do
  n=$((n + 1))
  report "$name" "$result" "$(echo "$secs" | awk '{printf "%d", $1 * 1000}')"
done < <(grep '^CHECK ' "$OUT/guest-run.log" | grep -v CHECK-START)
if [ $n -lt 7 ]; then report guest-checks-ran FAIL "$(ms "$s")"; echo "   (guest run status $grc, see $OUT/guest-run.log)"; fi
echo "   (guest run with all guest checks: $(( $(ms "$s") / 1000 )) s including boot)"

# -- host-side fakes -----------------------------------------------------------------------
check host-fake-iio-readdev "$HERE/fake-iio.sh" --trace "$TRACE" -- sh -c \
  "iio_readdev -b 20 -s 100 accel_3d accel_x accel_y accel_z timestamp > '$OUT/fake-iio.bin' &&
   $CHECK check-iio '$OUT/fake-iio.bin' '$SNAP/uhid-walk-2s.expected.txt'"

if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  # as an unprivileged user (nobody), through a user namespace
  check host-fake-iio-userns-nobody setpriv --reuid=65534 --regid=65534 --clear-groups \
    env FAKE_IIO_USERNS=1 HOME=/ "$HERE/fake-iio.sh" --trace "$TRACE" --speed 0 -- sh -c \
    "id -u; iio_readdev -b 20 -s 100 accel_3d accel_x accel_y accel_z timestamp | $CHECK check-iio /dev/stdin '$SNAP/uhid-walk-2s.expected.txt'"
else
  check host-fake-iio-userns env FAKE_IIO_USERNS=1 "$HERE/fake-iio.sh" --trace "$TRACE" --speed 0 -- sh -c \
    "iio_readdev -b 20 -s 100 accel_3d accel_x accel_y accel_z timestamp | $CHECK check-iio /dev/stdin '$SNAP/uhid-walk-2s.expected.txt'"
fi

iiod_check() {
  unshare -n -- "$HERE/fake-iio.sh" --trace "$TRACE" -- sh -c "
    ip link set lo up 2>/dev/null || exit 1
    iiod > '$OUT/iiod.log' 2>&1 & P=\$!
    for i in \$(seq 1 50); do iio_info -u ip:127.0.0.1 >/dev/null 2>&1 && break; sleep 0.1; done
    iio_readdev -u ip:127.0.0.1 -b 20 -s 100 accel_3d accel_x accel_y accel_z timestamp > '$OUT/fake-iio-net.bin'
    kill \$P; $CHECK check-iio '$OUT/fake-iio-net.bin' '$SNAP/uhid-walk-2s.expected.txt'"
}
check host-fake-iio-iiod-network iiod_check

notrig_check() {
  "$HERE/fake-iio.sh" --no-trigger --trace "$TRACE" -- sh -c "
    D=/sys/bus/iio/devices/iio:device0
    echo \"trigger: '\$(cat \$D/trigger/current_trigger)' triggers: \$(ls /sys/bus/iio/devices | tr '\n' ' ')\"
    [ -z \"\$(cat \$D/trigger/current_trigger)\" ] && [ ! -e /sys/bus/iio/devices/trigger0 ] || exit 1
    for i in 1 2 3 4 5; do echo \$(cat \$D/in_accel_x_raw \$D/in_accel_y_raw \$D/in_accel_z_raw); sleep 0.3; done" > "$OUT/notrig.txt" || return 1
  cat "$OUT/notrig.txt"
  # every polled value is one of the trace's values for that axis (the three files are read
  # one after the other, so a triple may mix neighbouring samples, as with a real device),
  # and the values change over time
  python3 - "$OUT/notrig.txt" "$SNAP/uhid-walk-2s.expected.txt" <<'EOF'
import sys
got = [l.split() for l in open(sys.argv[1]) if l[0] in "-0123456789"]
rows = [l.split()[1:4] for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
ok = len(got) == 5 and all(g[i] in {r[i] for r in rows} for g in got for i in range(3))
sys.exit(0 if ok and len({tuple(g) for g in got}) > 1 else 1)
EOF
}
check host-fake-iio-no-trigger-polling notrig_check

check host-fake-evdev-libevdev "$HERE/fake-evdev.sh" --trace "$TRACE" -- sh -c \
  "'$BIN/ff-evdev-dump' --count 100 --timeout 3 /dev/input/event0 > '$OUT/fake-evdev.dump' && head -1 '$OUT/fake-evdev.dump' &&
   grep -q \"accelerometer=1 abs=XYZ res=256,256,256 min=-2048 max=2047\" '$OUT/fake-evdev.dump' &&
   $CHECK check-evdev-dump '$OUT/fake-evdev.dump' '$SNAP/uinput-walk-2s.expected.txt'"

check host-fake-evdev-recorded-bytes "$HERE/fake-evdev.sh" --file "$SNAP/uinput-walk-2s.evdev" --speed 4 -- sh -c \
  "'$BIN/ff-evdev-dump' --count 100 --timeout 3 /dev/input/event0 > '$OUT/fake-evdev-file.dump' &&
   $CHECK check-evdev-dump '$OUT/fake-evdev-file.dump' '$SNAP/uinput-walk-2s.expected.txt'"

check host-fake-evdev-syn-dropped "$HERE/fake-evdev.sh" --trace "$TRACE" --speed 2 --drop-at 0.5:3 -- sh -c \
  "'$BIN/ff-evdev-dump' --timeout 2 /dev/input/event0 > '$OUT/fake-evdev-drop.dump'; grep -c . '$OUT/fake-evdev-drop.dump';
   grep -q '^# SYN_DROPPED' '$OUT/fake-evdev-drop.dump' && [ \$(grep -vc '^#' '$OUT/fake-evdev-drop.dump') = 97 ]"

echo "$pass passed, $fail failed, $(( $(ms "$T0") / 1000 )) s"
[ $fail = 0 ]
