#!/bin/sh
# guest-checks.sh: the guest-side half of record-snapshots.sh and selftest.sh. Runs inside
# the hwsim guest (run-in-guest.sh), where /dev/uinput and /dev/uhid are real.
#
#   guest-checks.sh record OUTDIR    record the snapshots (see README.md, "Snapshots")
#   guest-checks.sh selftest OUTDIR  run the guest checks; one line per check on stdout:
#                                    "CHECK <name> PASS|FAIL <seconds>"; logs in OUTDIR
#                                    (HWSIM_ONLY=REGEX: only the checks whose name matches)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BIN=${HWSIM_BUILD:-$ROOT/.build-hwsim}/bin
TRACE=$HERE/snapshots/walk-2s-50hz.csv
SNAP=$HERE/snapshots
CHECK="python3 $HERE/hwsim-check.py"
MODE=${1:?record or selftest}
OUT=${2:?output folder}
mkdir -p "$OUT"
[ "${HWSIM_GUEST:-}" = 1 ] || { echo "guest-checks.sh: run me in the guest (run-in-guest.sh)" >&2; exit 2; }

now() { cut -d' ' -f1 /proc/uptime; }
# wait_file FILE [SECONDS]: wait until FILE exists
wait_file() {
  i=0; n=$(( ${2:-20} * 20 ))
  while [ ! -s "$1" ]; do i=$((i + 1)); [ $i -gt $n ] && return 1; sleep 0.05; done
}
iio_dir() { echo "/sys/bus/iio/devices/${1#/dev/}"; }
trigger_dir() {  # the trigger directory whose name is the device's current trigger
  t=$(cat "$(iio_dir "$1")/trigger/current_trigger")
  for d in /sys/bus/iio/devices/trigger*; do [ "$(cat "$d/name")" = "$t" ] && echo "$d"; done
}
# raw buffered capture of N scans of x, y, z, timestamp (24 bytes each) into FILE
iio_capture() {  # NODE N FILE
  D=$(iio_dir "$1")
  for c in accel_x accel_y accel_z timestamp; do echo 1 > "$D/scan_elements/in_${c}_en"; done
  echo 256 > "$D/buffer/length"
  echo 1 > "$D/buffer/enable"
  head -c $(( $2 * 24 )) "$1" > "$3"
  echo 0 > "$D/buffer/enable"
}

if [ "$MODE" = record ]; then
  set -e
  echo "== IIO: ff-uhid-accel replaying $(basename "$TRACE")"
  rm -f /tmp/r-iio
  "$BIN/ff-uhid-accel" --trace "$TRACE" --ready-file /tmp/r-iio 2> "$OUT/uhid.log" &
  U=$!
  wait_file /tmp/r-iio
  N=$(cat /tmp/r-iio)
  { $CHECK snapshot-sysfs "$(iio_dir "$N")" "$(trigger_dir "$N")"; ls -l "$N"; } > "$OUT/uhid-walk-2s.sysfs.txt"
  iio_capture "$N" 100 "$OUT/uhid-walk-2s.iio.bin"
  wait $U
  $CHECK expected-iio "$TRACE" > "$OUT/uhid-walk-2s.expected.txt"
  $CHECK check-iio "$OUT/uhid-walk-2s.iio.bin" "$OUT/uhid-walk-2s.expected.txt"

  echo "== evdev: ff-uinput-accel replaying $(basename "$TRACE"), raw bytes"
  rm -f /tmp/r-ev
  "$BIN/ff-uinput-accel" --trace "$TRACE" --ready-file /tmp/r-ev 2> "$OUT/uinput.log" &
  U=$!
  wait_file /tmp/r-ev
  N=$(cat /tmp/r-ev)
  cat "$N" > "$OUT/uinput-walk-2s.evdev" 2>/dev/null || true   # ends with ENODEV when the device goes
  wait $U
  $CHECK expected-evdev "$TRACE" > "$OUT/uinput-walk-2s.expected.txt"
  $CHECK check-evdev "$OUT/uinput-walk-2s.evdev" "$OUT/uinput-walk-2s.expected.txt"

  echo "== evdev: the same through evemu-record"
  rm -f /tmp/r-ev
  "$BIN/ff-uinput-accel" --trace "$TRACE" --ready-file /tmp/r-ev 2>> "$OUT/uinput.log" &
  U=$!
  wait_file /tmp/r-ev
  timeout 10 evemu-record "$(cat /tmp/r-ev)" > "$OUT/uinput-walk-2s.evemu" 2>/dev/null || true
  wait $U
  $CHECK check-evemu "$OUT/uinput-walk-2s.evemu" "$OUT/uinput-walk-2s.expected.txt"
  echo "kernel $(uname -r)" > "$OUT/recorded-with.txt"
  exit 0
fi

[ "$MODE" = selftest ] || { echo "guest-checks.sh: unknown mode $MODE" >&2; exit 2; }
EXP_IIO=$SNAP/uhid-walk-2s.expected.txt
EXP_EV=$SNAP/uinput-walk-2s.expected.txt
check() {  # check NAME COMMAND...: one result line, output in OUT/NAME.log
  name=$1; shift
  # HWSIM_ONLY=REGEX runs only the matching checks (for debugging)
  [ -z "${HWSIM_ONLY:-}" ] || echo "$name" | grep -Eq "$HWSIM_ONLY" || return 0
  s=$(now)
  if "$@" > "$OUT/$name.log" 2>&1; then r=PASS; else r=FAIL; fi
  echo "CHECK $name $r $(echo "$(now) $s" | awk '{printf "%.1f", $1 - $2}')"
}

uinput_evemu() {
  rm -f /tmp/r-ev
  "$BIN/ff-uinput-accel" --trace "$TRACE" --ready-file /tmp/r-ev &
  U=$!
  wait_file /tmp/r-ev || return 1
  echo "node: $(cat /tmp/r-ev)"
  timeout 10 evemu-record "$(cat /tmp/r-ev)" > "$OUT/uinput.evemu" 2>/dev/null
  wait $U || return 1
  grep -E '^# (Input device name|Supported events|Properties)|^N:|^P:|^A:' "$OUT/uinput.evemu" | head -12
  grep -q '^P: 40' "$OUT/uinput.evemu" || { echo "no INPUT_PROP_ACCELEROMETER"; return 1; }
  grep -q '^A: 00 -2048 2047 0 0 256' "$OUT/uinput.evemu" || { echo "unexpected ABS_X absinfo"; return 1; }
  $CHECK check-evemu "$OUT/uinput.evemu" "$EXP_EV"
}

uinput_gap() {
  rm -f /tmp/r-ev
  "$BIN/ff-uinput-accel" --trace "$TRACE" --ready-file /tmp/r-ev --gap-at 0.8 --gap-for 0.4 &
  U=$!
  wait_file /tmp/r-ev || return 1
  first=$(cat /tmp/r-ev)
  "$BIN/ff-evdev-dump" --follow /tmp/r-ev --timeout 2 "$first" > "$OUT/uinput-gap.dump"
  wait $U || return 1
  grep '^#' "$OUT/uinput-gap.dump"
  grep -q '^# gone' "$OUT/uinput-gap.dump" && grep -q '^# reopened' "$OUT/uinput-gap.dump" || return 1
  # before the gap: samples 0-39 (t < 0.8 s); after: samples 60-99 (t >= 1.2 s)
  python3 - "$OUT/uinput-gap.dump" "$EXP_EV" <<'EOF'
import sys
segs, cur = [], []
for l in open(sys.argv[1]):
    if l.startswith("# gone"): segs.append(cur); cur = []
    elif not l.startswith("#") and l.strip(): cur.append(tuple(int(v) for v in l.split()[1:4]))
segs.append(cur)
rows = [l.split() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
state = lambda lo, hi: [tuple(int(v) for v in r[1:4]) for r in rows[lo:hi] if r[7] != "-" or int(r[0]) == lo]
a, b = segs[0], segs[1] if len(segs) > 1 else []
wa, wb = state(0, 40), state(60, 100)
print(f"before the gap: {len(a)} samples (want {len(wa)}), after: {len(b)} (want {len(wb)})")
sys.exit(0 if a == wa and b == wb else 1)
EOF
}

uhid_readdev() {
  rm -f /tmp/r-iio
  "$BIN/ff-uhid-accel" --trace "$TRACE" --ready-file /tmp/r-iio &
  U=$!
  wait_file /tmp/r-iio || return 1
  N=$(cat /tmp/r-iio); D=$(iio_dir "$N")
  echo "node $N: name $(cat "$D/name"), scale $(cat "$D/in_accel_scale"), sampling_frequency $(cat "$D/in_accel_sampling_frequency"), trigger $(cat "$D/trigger/current_trigger")"
  echo "raw before streaming: $(cat "$D/in_accel_x_raw") $(cat "$D/in_accel_y_raw") $(cat "$D/in_accel_z_raw")"
  iio_readdev -b 20 -s 100 accel_3d accel_x accel_y accel_z timestamp > "$OUT/uhid.bin" || return 1
  wait $U || return 1
  $CHECK check-iio "$OUT/uhid.bin" "$EXP_IIO"
}

uhid_gap() {
  rm -f /tmp/r-iio
  "$BIN/ff-uhid-accel" --trace "$TRACE" --ready-file /tmp/r-iio --gap-at 1.0 --gap-for 0.5 &
  U=$!
  wait_file /tmp/r-iio || return 1
  N1=$(cat /tmp/r-iio)
  echo "before: $N1, trigger $(cat "$(iio_dir "$N1")/trigger/current_trigger")"
  # samples 0-39 (t < 0.8 s), then iio_readdev disables the buffer and exits
  iio_readdev -b 10 -s 40 accel_3d accel_x accel_y accel_z timestamp > "$OUT/uhid-gap1.bin" || return 1
  # the device goes at t = 1.0 s and comes back 0.5 s later
  i=0; while [ -e "$N1" ] && [ -e /tmp/r-iio ] && [ $i -lt 200 ]; do i=$((i + 1)); sleep 0.05; done
  echo "gone: $(ls /sys/bus/iio/devices/ | tr '\n' ' ')"
  sleep 0.2
  wait_file /tmp/r-iio 20 || return 1
  N2=$(cat /tmp/r-iio)
  echo "after: $N2, trigger $(cat "$(iio_dir "$N2")/trigger/current_trigger"); devices: $(ls /sys/bus/iio/devices/ | tr '\n' ' ')"
  # samples 75-99 (t >= 1.5 s)
  iio_readdev -b 25 -s 25 accel_3d accel_x accel_y accel_z timestamp > "$OUT/uhid-gap2.bin" || return 1
  wait $U || return 1
  python3 - "$OUT/uhid-gap1.bin" "$OUT/uhid-gap2.bin" "$EXP_IIO" <<'EOF'
import struct, sys
dec = lambda p: [struct.unpack_from("<iii", d, i * 24) for d in [open(p, "rb").read()] for i in range(len(d) // 24)]
rows = [l.split() for l in open(sys.argv[3]) if l.strip() and not l.startswith("#")]
want = lambda lo, hi: [tuple(int(v) for v in r[1:4]) for r in rows[lo:hi]]
a, b = dec(sys.argv[1]), dec(sys.argv[2])
print(f"before the gap: {len(a)} scans, after: {len(b)}; match: {a == want(0, 40)}, {b == want(75, 100)}")
sys.exit(0 if a == want(0, 40) and b == want(75, 100) else 1)
EOF
}

uinput_rate_speed() {
  rm -f /tmp/r-ev
  "$BIN/ff-uinput-accel" --trace "$TRACE" --rate 25 --speed 2 --msc-timestamp --ready-file /tmp/r-ev &
  U=$!
  wait_file /tmp/r-ev || return 1
  "$BIN/ff-evdev-dump" --timeout 3 "$(cat /tmp/r-ev)" > "$OUT/uinput-rate.dump"
  wait $U || return 1
  $CHECK expected-evdev "$TRACE" --rate 25 > "$OUT/uinput-rate.expected.txt"
  $CHECK check-evdev-dump "$OUT/uinput-rate.dump" "$OUT/uinput-rate.expected.txt" || return 1
  # 50 samples; MSC_TIMESTAMP = trace microseconds (k * 40000); event times 20 ms apart at --speed 2
  awk '!/^#/ { n++; if ($5 != (n - 1) * 40000) bad++; if (n > 1) s += $1 - p; p = $1 }
       END { printf "%d samples, MSC_TIMESTAMP mismatches %d, mean spacing %.2f ms\n", n, bad, s / (n - 1) * 1000;
             exit (n != 50 || bad || s / (n - 1) < 0.018 || s / (n - 1) > 0.022) }' "$OUT/uinput-rate.dump"
}

uhid_host_rate() {
  rm -f /tmp/r-iio
  "$BIN/ff-uhid-accel" --trace "$TRACE" --ready-file /tmp/r-iio &
  U=$!
  wait_file /tmp/r-iio || return 1
  N=$(cat /tmp/r-iio); D=$(iio_dir "$N")
  echo "sampling_frequency $(cat "$D/in_accel_sampling_frequency") -> 100"
  echo 100 > "$D/in_accel_sampling_frequency" || return 1
  echo "now $(cat "$D/in_accel_sampling_frequency")"
  iio_capture "$N" 199 "$OUT/uhid-rate.bin"
  wait $U || return 1
  $CHECK expected-iio "$TRACE" --rate 100 > "$OUT/uhid-rate.expected.txt"
  $CHECK check-iio "$OUT/uhid-rate.bin" "$OUT/uhid-rate.expected.txt"
}

uhid_hid_timestamps() {
  rm -f /tmp/r-iio
  "$BIN/ff-uhid-accel" --trace "$TRACE" --speed 4 --hid-timestamps --ready-file /tmp/r-iio &
  U=$!
  wait_file /tmp/r-iio || return 1
  iio_readdev -b 20 -s 100 accel_3d accel_x accel_y accel_z timestamp > "$OUT/uhid-ts.bin" || return 1
  wait $U || return 1
  # values as at speed 1; timestamps 20 ms apart (trace time) although they came 5 ms apart
  $CHECK check-iio "$OUT/uhid-ts.bin" "$EXP_IIO" | tee "$OUT/uhid-ts.txt" &&
    grep -q 'timestamp spacing mean 20.00 ms' "$OUT/uhid-ts.txt"
}

echo "CHECK-START $(now)"
check guest-uinput-evemu-record uinput_evemu
check guest-uinput-destroy-recreate uinput_gap
check guest-uhid-iio-readdev uhid_readdev
check guest-uhid-destroy-recreate uhid_gap
check guest-uinput-rate-speed-msc uinput_rate_speed
check guest-uhid-host-sets-rate uhid_host_rate
check guest-uhid-hid-timestamps-speed4 uhid_hid_timestamps
exit 0
