#!/usr/bin/env bash
# Runs the adapters' tests against real kernel interfaces (Tests/FootfallHardwareTests):
#  1. on the host, inside the fakes: libiio on a fake IIO device (buffered, then without a
#     trigger so the polling fallback runs), the daemon on a chip's step counter (alone, and
#     beside an accelerometer), libevdev on a FUSE evdev node with a SYN_DROPPED;
#  2. in the QEMU guest, against the real kernel: a walk replayed through uinput (evdev) and
#     through a uhid sensor hub (IIO), each also destroyed and recreated mid-walk.
# FOOTFALL_HWSIM_REQUIRED=1 (the default here) makes a test that cannot reach its device
# fail instead of skip. Needs tools/hwsim/ci-setup.sh to have run once.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
export FOOTFALL_HWSIM_REQUIRED=${FOOTFALL_HWSIM_REQUIRED:-1}

swift build --build-tests >/dev/null
bin=$(swift build --show-bin-path)
tests="$bin/FootfallPackageTests.xctest"
[ -x .build-hwsim/bin/ff-uhid-accel ] || tools/hwsim/build-fixtures.sh >/dev/null
walk=.build-hwsim/walk-fake.csv
"$bin/footfall" synth -o "$walk" --cadence 110 --rate 50 --duration 40 --seed 41 >/dev/null
failed=0
step() {  # step NAME COMMAND...
    echo "==> $1"
    shift
    if "$@"; then echo "PASS"; else echo "FAIL"; failed=1; fi
}
swift_tests() {  # swift_tests FILTER (run inside the fake or guest)
    "$tests" --testing-library swift-testing --filter "$1"
}
export -f swift_tests
export tests

step "fake IIO device, buffered (libiio local backend)" \
    tools/hwsim/fake-iio.sh --trace "$walk" --rate 50 -- \
    env FOOTFALL_HWSIM_FAKE=iio FOOTFALL_HWSIM_TRACE="$walk" "$tests" --testing-library swift-testing --filter fakeIIODeviceIsReadBufferedOrPolled
step "fake IIO device without a trigger (polling fallback)" \
    tools/hwsim/fake-iio.sh --trace "$walk" --rate 50 --no-trigger -- \
    env FOOTFALL_HWSIM_FAKE=iio FOOTFALL_HWSIM_NO_TRIGGER=1 FOOTFALL_HWSIM_TRACE="$walk" "$tests" --testing-library swift-testing --filter fakeIIODeviceIsReadBufferedOrPolled
step "fake IIO device through iiod (libiio network backend, ip:127.0.0.1)" \
    tools/hwsim/fake-iio.sh --trace "$walk" --rate 50 -- \
    sh -c 'iiod >/dev/null 2>&1 & server=$!; sleep 2; env FOOTFALL_HWSIM_FAKE=iio-network FOOTFALL_HWSIM_TRACE="$1" "$2" --testing-library swift-testing --filter fakeIIODeviceOverTheNetwork; status=$?; kill $server; exit $status' \
    sh "$walk" "$tests"
step "fake chip with only a step counter: the daemon through a wrap, a reset and two losses" \
    tools/hwsim/fake-iio.sh --steps-only --steps-start 16777200 -- \
    env FOOTFALL_HWSIM_FAKE=iio-steps "$tests" --testing-library swift-testing --filter aChipWithOnlyAStepCounter
step "fake IIO accelerometer with a step counter: the chip's count beside the detector's" \
    tools/hwsim/fake-iio.sh --trace "$walk" --rate 50 --steps -- \
    env FOOTFALL_HWSIM_FAKE=iio-steps-beside FOOTFALL_HWSIM_TRACE="$walk" "$tests" --testing-library swift-testing --filter theChipsCountIsShownBeside
step "fake IIO accelerometer with a step counter, source: hardware-steps (the chip counts alone)" \
    tools/hwsim/fake-iio.sh --trace "$walk" --rate 50 --steps --start-now -- \
    env FOOTFALL_HWSIM_FAKE=iio-steps-chosen FOOTFALL_HWSIM_TRACE="$walk" "$tests" --testing-library swift-testing --filter sourceHardwareStepsCountsWithTheChip
step "fake evdev device with a SYN_DROPPED (libevdev)" \
    tools/hwsim/fake-evdev.sh --trace "$walk" --rate 50 --drop-at 20:25 --end-enodev -- \
    env FOOTFALL_HWSIM_FAKE=evdev FOOTFALL_HWSIM_TRACE="$walk" "$tests" --testing-library swift-testing --filter fakeEvdevDevice
step "real kernel in the QEMU guest: uinput (evdev) and uhid (IIO) accelerometers" \
    tools/hwsim/run-in-guest.sh --timeout 900 --env FOOTFALL_HWSIM_GUEST=1 --env FOOTFALL_HWSIM_REQUIRED \
    --env FOOTFALL_HWSIM_BIN="$here/.build-hwsim/bin" -- "$tests" --testing-library swift-testing --filter "GuestTests|GuestDaemonTests"

if [ $failed -ne 0 ]; then
    echo "hardware tests: FAILED" >&2
    exit 1
fi
echo "hardware tests: all passed"
