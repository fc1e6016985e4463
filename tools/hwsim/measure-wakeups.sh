#!/usr/bin/env bash
# Measures what reading a 100 Hz IIO accelerometer costs footfall in the guest: reads per
# second, wakeups per second and CPU time of 'footfall count --device' over 30 s, with the
# buffer's watermark (4 reads a second, the default) and with one sample per read (100 reads
# a second). The device is ff-uhid-accel replaying a still device at 100 Hz.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
swift build -c release --product footfall >/dev/null
footfall=$(swift build -c release --show-bin-path)/footfall
[ -x .build-hwsim/bin/ff-uhid-accel ] || tools/hwsim/build-fixtures.sh >/dev/null
tools/hwsim/run-in-guest.sh --timeout 600 -- "
for reads in 4 100; do
  .build-hwsim/bin/ff-uhid-accel --still 45 --rate 100 --ignore-interval -q >/dev/null &
  sleep 1
  echo \"== \$reads reads per second (watermark \$((100 / reads)) samples)\"
  $footfall count --device accel_3d --rate 100 --reads-per-second \$reads --duration 30 -v 2>&1 >/dev/null | tail -1
  wait
done"
