#!/usr/bin/env bash
# Measures footfalld reading a real buffered IIO accelerometer in the guest (ff-uhid-accel ->
# hid-sensor-accel-3d, 100 Hz): per-thread wakeups (context switches) and CPU time over
# SECONDS (default 40) of a walk, and of a device lying still (after 65 s, so the daemon's
# own "still" has begun), and what the driver allowed
# (the buffer's watermark and length, any hardware FIFO), from the daemon's log.
#   tools/hwsim/measure-daemon.sh [SECONDS]
# Extra footfalld flags: FOOTFALLD_FLAGS (e.g. "--report-latency 2").
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
seconds=${1:-40}
# FOOTFALL_BIN_DIR measures another build (e.g. an older one, for a before-and-after).
if [ -n "${FOOTFALL_BIN_DIR:-}" ]; then
    built=$FOOTFALL_BIN_DIR
else
    swift build -c release --product footfalld >/dev/null
    swift build -c release --product footfall >/dev/null
    built=$(swift build -c release --show-bin-path)
fi
[ -x .build-hwsim/bin/ff-uhid-accel ] || tools/hwsim/build-fixtures.sh >/dev/null
out=.build-hwsim/measure
mkdir -p "$out"
# The guest sees the host's files, but has a /tmp of its own: the binaries go where it looks.
bin=$out/bin
mkdir -p "$bin"
cp "$built/footfalld" "$built/footfall" "$bin/"
"$bin/footfall" synth -o "$out/walk.csv" --rate 100 --cadence 110 --duration $((seconds + 20)) --seed 7 >/dev/null
tools/hwsim/run-in-guest.sh --rw "$out" --timeout 900 -- "
set -e
measure() {  # what, seconds before measuring, trace options
  what=\$1; warm=\$2; shift 2
  .build-hwsim/bin/ff-uhid-accel \"\$@\" --rate 100 --ignore-interval --hid-timestamps -q >/dev/null &
  fixture=\$!
  sleep 1
  rm -rf /tmp/state; mkdir -p /tmp/state
  $bin/footfalld --device accel_3d --state-dir /tmp/state --socket /tmp/s.sock ${FOOTFALLD_FLAGS:-} 2>/tmp/log &
  daemon=\$!
  sleep \$warm
  snap() { for t in /proc/\$daemon/task/*; do
      printf '%s %s %s %s\n' \"\${t##*/}\" \"\$(tr ' ' _ < \$t/comm)\" \
        \"\$(awk '/ctxt_switches/ { s += \$2 } END { print s }' \$t/status)\" \"\$(cut -d' ' -f1 \$t/schedstat)\"; done; }
  snap > /tmp/a; sleep $seconds; snap > /tmp/b
  echo \"== \$what: $seconds s, footfalld ${FOOTFALLD_FLAGS:-}\"
  awk -v s=$seconds 'NR == FNR { sw[\$1] = \$3; cpu[\$1] = \$4; next }
      { n[\$2] += \$3 - sw[\$1]; c[\$2] += \$4 - cpu[\$1]; tw += \$3 - sw[\$1]; tc += \$4 - cpu[\$1] }
      END { printf \"all threads: %.2f wakeups/s, CPU %.3f %%\n\", tw / s, tc / s / 1e7;
            for (k in n) printf \"    %-22s %7.2f wakeups/s  CPU %.3f %%\n\", k, n[k] / s, c[k] / s / 1e7 }' /tmp/a /tmp/b
  grep -o 'reading buffered.*\|polling.*\|cannot set.*\|keeps another.*' /tmp/log | head -3 || true
  kill \$daemon; wait \$daemon 2>/dev/null || true
  kill \$fixture 2>/dev/null; wait \$fixture 2>/dev/null || true
}
measure walking 10 --trace $out/walk.csv
# Still: the daemon counts its first minute as moving, and still after a minute without steps.
measure still 65 --still $((seconds + 80))
"
